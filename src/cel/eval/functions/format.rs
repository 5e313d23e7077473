//! `string.format` of cel-go's `ext.Strings`: the formatting clauses and how each value prints.

use std::sync::Arc;

use super::super::value::{format_double, EvalError, Value};
use super::standard::to_string;
use super::{err, nso};

/// ext.Strings `format`: `%s %d %f %e %x %X %o %b %%` with optional `.N` precision.
pub(super) fn string_format(fmt: &str, args: &[Value]) -> Result<Arc<str>, EvalError> {
    let mut out = std::string::String::new();
    let mut it = fmt.chars().peekable();
    let mut ai = 0;
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut prec: Option<usize> = None;
        if it.peek() == Some(&'.') {
            it.next();
            let mut p = std::string::String::new();
            while let Some(d) = it.peek().copied().filter(char::is_ascii_digit) {
                p.push(d);
                it.next();
            }
            prec = p.parse().ok();
        }
        let Some(verb) = it.next() else {
            return Err(err("unexpected end of format string"));
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        let Some(arg) = args.get(ai) else {
            return Err(err(format!("index {ai} out of range")));
        };
        ai += 1;
        match verb {
            's' => out.push_str(&format_s(arg)?),
            'd' => match arg {
                Value::Int(i) => out.push_str(&i.to_string()),
                Value::Uint(u) => out.push_str(&u.to_string()),
                Value::Double(d) if d.is_nan() || d.is_infinite() => {
                    out.push_str(&format_double(*d))
                }
                _ => return Err(err("decimal clause can only be used on integers")),
            },
            'f' | 'e' => {
                let d = match arg {
                    Value::Double(d) => *d,
                    Value::Int(i) => *i as f64,
                    Value::Uint(u) => *u as f64,
                    _ => return Err(err("fixed-point clause can only be used on doubles")),
                };
                if verb == 'f' {
                    let p = prec.unwrap_or(6);
                    out.push_str(&format!("{d:.p$}"));
                } else {
                    // Strings v2 formats %e through x/text's printer with the precision used
                    // as a width, i.e. always 6 digits, and a superscript exponent.
                    let r = format!("{d:.6e}");
                    let (m, e) = r.split_once('e').unwrap_or((&r, "0"));
                    let e: i32 = e.parse().unwrap_or(0);
                    out.push_str(m);
                    out.push_str("×10");
                    if e < 0 {
                        out.push('⁻');
                    }
                    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
                    for c in format!("{:02}", e.abs()).chars() {
                        out.push(SUP[c.to_digit(10).unwrap_or(0) as usize]);
                    }
                }
            }
            'x' | 'X' => {
                let r =
                    match arg {
                        Value::Int(i) => {
                            if *i < 0 {
                                format!("-{:x}", i.unsigned_abs())
                            } else {
                                format!("{i:x}")
                            }
                        }
                        Value::Uint(u) => format!("{u:x}"),
                        Value::String(st) => st.bytes().map(|b| format!("{b:02x}")).collect(),
                        Value::Bytes(bs) => bs.iter().map(|b| format!("{b:02x}")).collect(),
                        _ => return Err(err(
                            "hex clause can only be used on integers, byte buffers, and strings",
                        )),
                    };
                out.push_str(&if verb == 'X' { r.to_uppercase() } else { r });
            }
            'o' => match arg {
                Value::Int(i) => out.push_str(&format!("{i:o}")),
                Value::Uint(u) => out.push_str(&format!("{u:o}")),
                _ => return Err(err("octal clause can only be used on integers")),
            },
            'b' => match arg {
                Value::Int(i) => out.push_str(&format!("{i:b}")),
                Value::Uint(u) => out.push_str(&format!("{u:b}")),
                Value::Bool(v) => out.push_str(if *v { "1" } else { "0" }),
                _ => return Err(err("binary clause can only be used on integers and bools")),
            },
            other => {
                return Err(err(format!(
                    "could not parse formatting clause: unrecognized formatting clause \"{other}\""
                )))
            }
        }
    }
    Ok(Arc::from(out.as_str()))
}

fn format_s(v: &Value) -> Result<std::string::String, EvalError> {
    Ok(match v {
        Value::List(l) => {
            let parts: Result<Vec<_>, _> = l.items().iter().map(format_s).collect();
            format!("[{}]", parts?.join(", "))
        }
        Value::Map(m) => {
            let mut parts = Vec::new();
            for (k, x) in &m.entries {
                parts.push(format!("{}: {}", format_s(&k.to_value())?, format_s(x)?));
            }
            parts.sort();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Null => "null".into(),
        Value::Type(t) => t.to_string(),
        Value::Bytes(bs) => std::string::String::from_utf8_lossy(bs).into_owned(),
        other => match to_string(other)? {
            Value::String(st) => st.to_string(),
            _ => return Err(nso()),
        },
    })
}
