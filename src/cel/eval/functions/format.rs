//! `string.format` of cel-go's `ext.Strings`, as Kubernetes configures it: version 2 of the
//! library with the default `en_US` locale, i.e. the first formatter (`ext/strings.go` in
//! cel-go v0.17, `ext/formatting.go` from v0.18; the rewritten `formatting_v2.go` is only used
//! from strings version 4, which no Kubernetes minor enables).
//!
//! Every minor that has `format` (1.29 to 1.36, cel-go v0.17.7 to v0.26.0) runs the same
//! formatter: between those tags only the Go error plumbing changed, not a byte of output or of
//! the error texts. What did change is the vendored `golang.org/x/text`, whose printer lost the
//! narrow no-break spaces around `%e`'s `×` in v0.23.0 (Kubernetes 1.33;
//! [`Behavior::scientific_format_no_spaces`]). So there is one implementation here, with its
//! quirks kept on purpose:
//! * `%f` and `%e` go through `golang.org/x/text/message` (en_US): `%f` groups integer digits
//!   (`1,234.500000`), prints infinities as `∞`/`-∞`, and never prints `-0`; `%e` prints
//!   `1.052033×10⁰³` (superscript exponent of at least two digits; up to 1.32 with U+202F
//!   around the `×`)
//!   and uses the requested precision as a *width* (`%.20e` pads to 20 characters), always with
//!   six fraction digits;
//! * `%f`/`%e` take doubles only (and the strings `NaN`, `Infinity`, `-Infinity`), `%d` takes
//!   integers only;
//! * `%s` of a list or map prints CEL literals: strings quoted with Go's `%q`, bytes as `b"…"`,
//!   doubles with six fraction digits (`"NaN"`, `"+Inf"` quoted), timestamps and durations as
//!   `timestamp("…")`/`duration("…")`; map entries as `key:value`, sorted by the printed key.
//!
//! The clause parser reads bytes as cel-go does: a clause letter that is not ASCII is reported
//! as the Latin-1 character of its first byte.

use std::sync::Arc;

use super::super::value::{EvalError, EvalResult, Value};
use super::args::{err, nso};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use super::standard::to_string;
use crate::cel::estimate::library::CallEstimate;
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::{SizeEstimate, STRING_TRAVERSAL_COST_FACTOR};
use crate::k8s::field::go_quote;
use crate::k8s::Behavior;

/// The library's one overload (Kubernetes enables it with ext.Strings version 2 from 1.29,
/// `base.go`), on the overload table (see [`super::table`]).
pub static OVERLOADS: &[Overload] = &[Overload {
    id: "string_format",
    decl: "format m 29 (string, list(dyn)) string",
    run: Run::Strict(format),
    cost: RuntimeCost::Before(format_cost),
    estimate: Estimate::Call(format_estimate),
}];

fn format(beh: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(fmt), Value::List(l)] => {
            string_format(fmt, l.items(), beh).map(Value::String)
        }
        _ => Err(nso()),
    }
}

/// cel-go's runtime cost of `string_format`: a tenth of the format string's length, rounded
/// up (`interpreter/runtimecost.go`); 1 when the receiver is not a string.
fn format_cost(args: &[Value]) -> u64 {
    match args {
        [fmt @ Value::String(_), _] => (fmt.actual_size() as f64 * 0.1).ceil() as u64,
        _ => 1,
    }
}

/// cel-go's estimate (`checker/cost.go`, `overloads.ExtFormatString`): the format string's
/// computed size times the string traversal factor; the arguments are added by the estimator.
fn format_estimate(
    target: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let size = target?.computed_size.unwrap_or(SizeEstimate::UNKNOWN);
    Some(CallEstimate {
        cost: size.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: None,
    })
}

/// The precision `%f` uses when none is given, and the width `%e` is given then.
const DEFAULT_PRECISION: usize = 6;

/// `fmt.format(args)`.
fn string_format(fmt: &str, args: &[Value], beh: Behavior) -> Result<Arc<str>, EvalError> {
    let bytes = fmt.as_bytes();
    let mut out = String::with_capacity(fmt.len());
    let mut literal_start = 0;
    let mut i = 0;
    let mut arg_index = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        out.push_str(&fmt[literal_start..i]);
        if bytes.get(i + 1) == Some(&b'%') {
            out.push('%');
            i += 2;
            literal_start = i;
            continue;
        }
        // cel-go fetches the argument before it looks at the clause.
        let Some(arg) = args.get(arg_index) else {
            return Err(err(format!("index {arg_index} out of range")));
        };
        if i + 1 >= bytes.len() {
            return Err(err("unexpected end of string"));
        }
        let (read, clause) = parse_clause(&bytes[i + 1..])
            .map_err(|e| err(format!("could not parse formatting clause: {e}")))?;
        let text = clause.apply(arg, beh).map_err(|e| {
            if e == TOO_LONG {
                super::limits::built_limit_error()
            } else {
                err(format!("error during formatting: {e}"))
            }
        })?;
        out.push_str(&text);
        if out.len() > super::limits::MAX_BUILT_BYTES {
            return Err(super::limits::built_limit_error());
        }
        i += 1 + read;
        literal_start = i;
        arg_index += 1;
    }
    out.push_str(&fmt[literal_start..]);
    Ok(Arc::from(out.as_str()))
}

/// What a clause answers when its text would pass [`super::limits::MAX_BUILT_BYTES`] (not a
/// message cel-go has: `string_format` turns it into [`super::limits::built_limit_error`]).
const TOO_LONG: &str = "\u{0}crdlint: formatted text too long";

/// One formatting clause.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Clause {
    String,
    Decimal,
    Fixed(Option<usize>),
    Scientific(Option<usize>),
    Binary,
    Hex { upper: bool },
    Octal,
}

/// Parses the clause after a `%`: an optional `.precision`, then the verb. Returns the bytes
/// read.
fn parse_clause(s: &[u8]) -> Result<(usize, Clause), String> {
    let (mut i, precision) =
        parse_precision(s).map_err(|e| format!("error while parsing precision: {e}"))?;
    let verb = s[i];
    i += 1;
    let clause = match verb {
        b's' => Clause::String,
        b'd' => Clause::Decimal,
        b'f' => Clause::Fixed(precision),
        b'e' => Clause::Scientific(precision),
        b'b' => Clause::Binary,
        b'x' => Clause::Hex { upper: false },
        b'X' => Clause::Hex { upper: true },
        b'o' => Clause::Octal,
        // Go's `rune(formatStr[i])`: the byte read as a code point.
        other => {
            return Err(format!(
                "unrecognized formatting clause \"{}\"",
                char::from(other)
            ))
        }
    };
    Ok((i, clause))
}

/// `.digits`, read up to the first non-digit; running out of text is an error, so a verb
/// always follows.
fn parse_precision(s: &[u8]) -> Result<(usize, Option<usize>), String> {
    if s.first() != Some(&b'.') {
        return Ok((0, None));
    }
    let mut i = 1;
    loop {
        match s.get(i) {
            None => return Err("could not find end of precision specifier".into()),
            Some(b) if b.is_ascii_digit() => i += 1,
            Some(_) => break,
        }
    }
    let digits = std::str::from_utf8(&s[1..i]).unwrap_or_default();
    let precision = go_atoi(digits).map_err(|e| {
        format!(
            "error while converting precision to integer: strconv.Atoi: parsing {digits:?}: {e}"
        )
    })?;
    Ok((i, Some(precision)))
}

/// `strconv.Atoi` on ASCII digits: the error reason only.
fn go_atoi(digits: &str) -> Result<usize, &'static str> {
    if digits.is_empty() {
        return Err("invalid syntax");
    }
    digits
        .parse::<i64>()
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or("value out of range")
}

impl Clause {
    fn apply(self, arg: &Value, beh: Behavior) -> Result<String, String> {
        match self {
            Clause::String => format_string(arg),
            Clause::Decimal => format_decimal(arg),
            Clause::Fixed(p) => {
                let d = double_arg(arg, "fixed-point clause can only be used on doubles")?;
                Ok(fixed_en_us(d, p.unwrap_or(DEFAULT_PRECISION)))
            }
            Clause::Scientific(p) => {
                let d = double_arg(arg, "scientific clause can only be used on doubles")?;
                Ok(scientific_en_us(
                    d,
                    p.unwrap_or(DEFAULT_PRECISION),
                    beh.scientific_format_no_spaces,
                ))
            }
            Clause::Binary => match arg {
                Value::Int(i) => Ok(signed_radix(*i, |u| format!("{u:b}"))),
                Value::Uint(u) => Ok(format!("{u:b}")),
                Value::Bool(b) => Ok(if *b { "1" } else { "0" }.into()),
                other => Err(format!(
                    "only integers and bools can be formatted as binary, was given {}",
                    type_name(other)
                )),
            },
            Clause::Hex { upper } => {
                let hex = match arg {
                    Value::String(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                    Value::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
                    Value::Int(i) => signed_radix(*i, |u| format!("{u:x}")),
                    Value::Uint(u) => format!("{u:x}"),
                    other => {
                        return Err(format!(
                            "only integers, byte buffers, and strings can be formatted as hex, was given {}",
                            type_name(other)
                        ))
                    }
                };
                Ok(if upper { hex.to_ascii_uppercase() } else { hex })
            }
            Clause::Octal => match arg {
                Value::Int(i) => Ok(signed_radix(*i, |u| format!("{u:o}"))),
                Value::Uint(u) => Ok(format!("{u:o}")),
                other => Err(format!(
                    "octal clause can only be used on integers, was given {}",
                    type_name(other)
                )),
            },
        }
    }
}

/// Go prints a negative int64 in another base as `-` and the magnitude (Rust would print the
/// two's complement).
fn signed_radix(i: i64, digits: impl Fn(u64) -> String) -> String {
    if i < 0 {
        format!("-{}", digits(i.unsigned_abs()))
    } else {
        digits(i as u64)
    }
}

/// The type name in the formatter's errors: cel-go's `TypeName()` of the runtime value (an
/// object is an unstructured map at runtime).
fn type_name(v: &Value) -> &str {
    match v {
        Value::Map(_) => "map",
        other => other.type_name(),
    }
}

/// The double behind `%f`/`%e`: a double, or one of the three strings cel-go lets through.
fn double_arg(arg: &Value, what: &str) -> Result<f64, String> {
    match arg {
        Value::Double(d) => Ok(*d),
        Value::String(s) if &**s == "NaN" => Ok(f64::NAN),
        Value::String(s) if &**s == "Infinity" => Ok(f64::INFINITY),
        Value::String(s) if &**s == "-Infinity" => Ok(f64::NEG_INFINITY),
        other => Err(format!("{what}, was given {}", type_name(other))),
    }
}

/// `%d`.
fn format_decimal(arg: &Value) -> Result<String, String> {
    match arg {
        Value::Int(i) => Ok(i.to_string()),
        Value::Uint(u) => Ok(u.to_string()),
        other => Err(format!(
            "decimal clause can only be used on integers, was given {}",
            type_name(other)
        )),
    }
}

/// `%s` (cel-go `FormatString`).
fn format_string(arg: &Value) -> Result<String, String> {
    match arg {
        Value::List(_) => format_list(arg),
        Value::Map(_) => format_map(arg),
        Value::Null => Ok("null".into()),
        Value::Int(_)
        | Value::Uint(_)
        | Value::Double(_)
        | Value::Bool(_)
        | Value::String(_)
        | Value::Timestamp(_)
        | Value::Bytes(_)
        | Value::Duration(_)
        | Value::Type(_) => convert_to_string(arg),
        other => Err(format!(
            "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given {}",
            type_name(other)
        )),
    }
}

/// `ConvertToType(StringType)`; invalid UTF-8 in bytes fails with the conversion error quoted.
fn convert_to_string(arg: &Value) -> Result<String, String> {
    if let Value::Type(t) = arg {
        return Ok(t.to_string());
    }
    match to_string(arg) {
        Ok(Value::String(s)) => Ok(s.to_string()),
        Ok(other) => Ok(other.type_name().to_string()),
        Err(e) => Err(format!(
            "could not convert argument {} to string",
            go_quote(&e.message)
        )),
    }
}

/// A list or map element: cel-go's `clauseForType`, then `quoteForCEL`.
fn format_element(v: &Value) -> Result<String, String> {
    let unquoted = match v {
        Value::Int(_) | Value::Uint(_) => format_decimal(v)?,
        Value::String(_) | Value::Bytes(_) | Value::Bool(_) | Value::Null | Value::Type(_) => {
            format_string(v)?
        }
        Value::Timestamp(_) => format!("timestamp({})", go_quote(&convert_to_string(v)?)),
        Value::Duration(_) => format!("duration({})", go_quote(&convert_to_string(v)?)),
        Value::List(_) => format_list(v)?,
        Value::Map(_) => format_map(v)?,
        // Plain Go `%.6f`, not the locale printer: NaN, +Inf, -Inf, and -0 keeps its sign.
        Value::Double(d) => go_fixed(*d, DEFAULT_PRECISION),
        other => return Err(format!("no formatting function for {}", type_name(other))),
    };
    Ok(match v {
        Value::String(_) => go_quote(&unquoted),
        Value::Bytes(_) => format!("b{}", go_quote(&unquoted)),
        Value::Double(d) if !d.is_finite() => go_quote(&unquoted),
        _ => unquoted,
    })
}

fn format_list(v: &Value) -> Result<String, String> {
    let Value::List(l) = v else {
        return Err(format!("no formatting function for {}", type_name(v)));
    };
    let mut out = String::from("[");
    for (i, x) in l.items().iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&format_element(x)?);
        // A list of lists renders each inner list in full: `[l.map(x, l)]` is n² numbers
        // from one `%s`, so the text is measured as it grows, not after.
        if out.len() > super::limits::MAX_BUILT_BYTES {
            return Err(TOO_LONG.into());
        }
    }
    out.push(']');
    Ok(out)
}

fn format_map(v: &Value) -> Result<String, String> {
    let Value::Map(m) = v else {
        return Err(format!("no formatting function for {}", type_name(v)));
    };
    let mut pairs = Vec::with_capacity(m.entries.len());
    let mut total = 0usize;
    for (k, x) in &m.entries {
        let key = k.to_value();
        let key_text = match &key {
            Value::String(_) | Value::Bool(_) => format_string(&key)?,
            Value::Int(_) | Value::Uint(_) => format_decimal(&key)?,
            other => {
                return Err(format!(
                    "no formatting function for map key of type {}",
                    type_name(other)
                ))
            }
        };
        let key_text = match &key {
            Value::String(_) => go_quote(&key_text),
            _ => key_text,
        };
        let value_text = format_element(x)?;
        total = total.saturating_add(key_text.len() + value_text.len());
        if total > super::limits::MAX_BUILT_BYTES {
            return Err(TOO_LONG.into());
        }
        pairs.push((key_text, value_text));
    }
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let body: Vec<String> = pairs.into_iter().map(|(k, x)| format!("{k}:{x}")).collect();
    Ok(format!("{{{}}}", body.join(", ")))
}

/// Go's `fmt.Sprintf("%.Nf", d)`.
fn go_fixed(d: f64, precision: usize) -> String {
    if d.is_nan() {
        "NaN".into()
    } else if d.is_infinite() {
        if d > 0.0 { "+Inf" } else { "-Inf" }.into()
    } else {
        format!("{d:.precision$}")
    }
}

/// x/text's en_US `%.Nf`: the sign only for values below zero, integer digits grouped by
/// three with `,`, `NaN`, `∞`. The printer stores the precision as a `uint8` minimum and an
/// `int16` maximum number of fraction digits; both agree up to 255, past that the digits are
/// rounded to the maximum (none when it wraps negative), trailing zeros dropped, and zeros
/// added back up to the minimum.
fn fixed_en_us(d: f64, precision: usize) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    let neg = d < 0.0;
    let sign = if neg { "-" } else { "" };
    if d.is_infinite() {
        return format!("{sign}∞");
    }
    let min_frac = precision % 256;
    let max_frac = precision as u16 as i16;
    let abs = d.abs();
    let text = if max_frac >= 0 {
        format!("{abs:.*}", max_frac as usize)
    } else {
        // No rounding: the shortest digits that read back as the value.
        format!("{abs}")
    };
    let (int_part, frac_part) = text.split_once('.').unwrap_or((&text, ""));
    let mut frac = frac_part.to_string();
    if min_frac != max_frac as usize {
        while frac.ends_with('0') && frac.len() > min_frac {
            frac.pop();
        }
    }
    while frac.len() < min_frac {
        frac.push('0');
    }
    let mut out = format!("{sign}{}", group_thousands(int_part));
    if !frac.is_empty() {
        out.push('.');
        out.push_str(&frac);
    }
    out
}

/// `1234567` → `1,234,567`.
fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// x/text's en_US `%We` (cel-go passes the precision as the width `W`): six fraction digits,
/// `×10` (U+00D7; x/text before v0.23.0 put U+202F on both sides) and the exponent in superscript digits, at least two, with
/// `⁻` when negative; padded with spaces on the left to `W` characters. A width of 0 is Go's
/// `0` flag, i.e. no width; Go ignores widths of a million or more.
fn scientific_en_us(d: f64, width: usize, no_spaces: bool) -> String {
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let text = if d.is_nan() {
        "NaN".to_string()
    } else if d.is_infinite() {
        if d < 0.0 { "-∞" } else { "∞" }.to_string()
    } else {
        let sign = if d < 0.0 { "-" } else { "" };
        let e = format!("{:.6e}", d.abs());
        let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let times = if no_spaces {
            "\u{d7}"
        } else {
            "\u{202f}\u{d7}\u{202f}"
        };
        let mut out = format!("{sign}{mantissa}{times}10");
        if exp < 0 {
            out.push('⁻');
        }
        let digits = format!("{:02}", exp.unsigned_abs());
        out.extend(digits.bytes().map(|b| SUPERSCRIPT[usize::from(b - b'0')]));
        out
    };
    let count = text.chars().count();
    if width > 0 && width < 1_000_000 && count < width {
        format!("{}{text}", " ".repeat(width - count))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    //! Cases from cel-go's `ext/formatting_test.go` (`TestStringFormat`, v0.26.0; the same
    //! cases in `ext/strings_test.go` at v0.17.7), as facts: the format, the arguments, the
    //! output or error. cel-go's own tests run with an x/text older than v0.23.0, so they are
    //! checked here at 1.32. Their inputs include 3.14 and 2.71828, not the constants.
    #![allow(clippy::approx_constant)]
    use super::*;

    fn fmt(f: &str, args: Vec<Value>) -> Result<String, String> {
        string_format(
            f,
            &args,
            Behavior::of(crate::k8s::KubeVersion { minor: 32 }),
        )
        .map(|s| s.to_string())
        .map_err(|e| e.message)
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn substitutions_and_escapes() {
        assert_eq!(fmt("no substitution", vec![]).unwrap(), "no substitution");
        assert_eq!(
            fmt("str is %s and some more", vec![s("filler")]).unwrap(),
            "str is filler and some more"
        );
        assert_eq!(fmt("%% and also %%", vec![]).unwrap(), "% and also %");
        assert_eq!(fmt("%%%s%%", vec![s("text")]).unwrap(), "%text%");
        assert_eq!(
            fmt(
                "%d %d %d, %s %s %s",
                vec![
                    Value::Int(1),
                    Value::Int(2),
                    Value::Int(3),
                    s("A"),
                    s("B"),
                    s("C")
                ]
            )
            .unwrap(),
            "1 2 3, A B C"
        );
        assert_eq!(fmt("é %s ü", vec![s("ö")]).unwrap(), "é ö ü");
    }

    #[test]
    fn numeric_clauses() {
        assert_eq!(fmt("%.3f", vec![Value::Double(1.2345)]).unwrap(), "1.234");
        assert_eq!(fmt("%b", vec![Value::Int(5)]).unwrap(), "101");
        assert_eq!(fmt("%b", vec![Value::Int(-5)]).unwrap(), "-101");
        assert_eq!(fmt("%b", vec![Value::Uint(64)]).unwrap(), "1000000");
        assert_eq!(fmt("%b", vec![Value::Bool(true)]).unwrap(), "1");
        assert_eq!(fmt("%o", vec![Value::Int(11)]).unwrap(), "13");
        assert_eq!(fmt("%o", vec![Value::Int(-11)]).unwrap(), "-13");
        assert_eq!(fmt("%o", vec![Value::Uint(65535)]).unwrap(), "177777");
        assert_eq!(fmt("%x", vec![Value::Int(30)]).unwrap(), "1e");
        assert_eq!(fmt("%X", vec![Value::Int(30)]).unwrap(), "1E");
        assert_eq!(fmt("%x", vec![Value::Int(-30)]).unwrap(), "-1e");
        assert_eq!(fmt("%X", vec![Value::Uint(6000)]).unwrap(), "1770");
        assert_eq!(
            fmt("%x", vec![s("Hello world!")]).unwrap(),
            "48656c6c6f20776f726c6421"
        );
        assert_eq!(
            fmt(
                "%X",
                vec![Value::Bytes(Arc::from(&b"\x00\x00byte string\x00"[..]))]
            )
            .unwrap(),
            "00006279746520737472696E6700"
        );
        assert_eq!(fmt("%d", vec![Value::Uint(64)]).unwrap(), "64");
        assert_eq!(
            fmt("%s", vec![Value::Int(999999999999)]).unwrap(),
            "999999999999"
        );
    }

    #[test]
    fn locale_printer_for_fixed_and_scientific() {
        assert_eq!(
            fmt("%.6e", vec![Value::Double(1052.032911275)]).unwrap(),
            "1.052033\u{202f}\u{d7}\u{202f}10\u{2070}\u{b3}"
        );
        assert_eq!(fmt("%f", vec![Value::Double(2.71828)]).unwrap(), "2.718280");
        assert_eq!(
            fmt("%e", vec![Value::Double(2.71828)]).unwrap(),
            "2.718280\u{202f}\u{d7}\u{202f}10\u{2070}\u{2070}"
        );
        assert_eq!(fmt("%f", vec![s("NaN")]).unwrap(), "NaN");
        assert_eq!(fmt("%f", vec![s("Infinity")]).unwrap(), "∞");
        assert_eq!(fmt("%f", vec![s("-Infinity")]).unwrap(), "-∞");
        assert_eq!(
            fmt(
                "NaN: %f, infinity: %f",
                vec![Value::Double(f64::NAN), Value::Double(f64::INFINITY)]
            )
            .unwrap(),
            "NaN: NaN, infinity: ∞"
        );
        // x/text groups the integer digits and drops the sign of zero.
        assert_eq!(
            fmt("%.2f", vec![Value::Double(-1234567.891)]).unwrap(),
            "-1,234,567.89"
        );
        assert_eq!(fmt("%.0f", vec![Value::Double(999.5)]).unwrap(), "1,000");
        assert_eq!(fmt("%.1f", vec![Value::Double(-0.0)]).unwrap(), "0.0");
        // The precision of %e is a width.
        assert_eq!(
            fmt("%.20e", vec![Value::Double(-0.00123)]).unwrap(),
            "   -1.230000\u{202f}\u{d7}\u{202f}10\u{207b}\u{2070}\u{b3}"
        );
        assert_eq!(
            fmt("%.0e", vec![Value::Double(0.0)]).unwrap(),
            "0.000000\u{202f}\u{d7}\u{202f}10\u{2070}\u{2070}"
        );
    }

    #[test]
    fn scientific_notation_per_minor() {
        // The apiextensions validation tests assert `'%e'.format([3.14])` per release branch.
        let at = |minor| {
            string_format(
                "%e",
                &[Value::Double(3.14)],
                Behavior::of(crate::k8s::KubeVersion { minor }),
            )
            .unwrap()
            .to_string()
        };
        assert_eq!(at(32), "3.140000\u{202f}\u{d7}\u{202f}10\u{2070}\u{2070}");
        assert_eq!(at(33), "3.140000\u{d7}10\u{2070}\u{2070}");
    }

    #[test]
    fn string_clause_of_each_type() {
        assert_eq!(fmt("%s", vec![Value::Double(2.71)]).unwrap(), "2.71");
        assert_eq!(
            fmt("%s", vec![Value::Double(0.000000002)]).unwrap(),
            "2e-09"
        );
        assert_eq!(
            fmt("%s", vec![Value::list(vec![Value::Double(2.71)])]).unwrap(),
            "[2.710000]"
        );
        assert_eq!(
            fmt("%s", vec![Value::list(vec![Value::Double(0.000000002)])]).unwrap(),
            "[0.000000]"
        );
        assert_eq!(fmt("%s", vec![Value::Double(f64::NAN)]).unwrap(), "NaN");
        assert_eq!(
            fmt("%s", vec![Value::Double(f64::INFINITY)]).unwrap(),
            "+Inf"
        );
        assert_eq!(
            fmt(
                "%s",
                vec![Value::list(vec![
                    Value::Double(f64::NAN),
                    Value::Double(f64::INFINITY),
                    Value::Double(f64::NEG_INFINITY)
                ])]
            )
            .unwrap(),
            r#"["NaN", "+Inf", "-Inf"]"#
        );
        assert_eq!(fmt("null: %s", vec![Value::Null]).unwrap(), "null: null");
        assert_eq!(
            fmt("some bytes: %s", vec![Value::Bytes(Arc::from(&b"xyz"[..]))]).unwrap(),
            "some bytes: xyz"
        );
        assert_eq!(
            fmt("type is %s", vec![Value::Type(Arc::from("string"))]).unwrap(),
            "type is string"
        );
        assert_eq!(
            fmt("%s %s", vec![Value::Bool(true), Value::Bool(false)]).unwrap(),
            "true false"
        );
    }

    #[test]
    fn lists_and_maps_print_as_cel_literals() {
        use super::super::super::value::Key;
        let ts = chrono::DateTime::parse_from_rfc3339("2023-02-03T23:31:20Z").unwrap();
        let list = Value::list(vec![
            s("abc"),
            Value::Double(3.14),
            Value::Null,
            Value::list(vec![Value::Int(9), Value::Int(8)]),
            Value::Timestamp(ts),
        ]);
        assert_eq!(
            fmt("%s", vec![list]).unwrap(),
            r#"["abc", 3.140000, null, [9, 8], timestamp("2023-02-03T23:31:20Z")]"#
        );
        let mut m = crate::cel::eval::value::Entries::default();
        m.insert(
            Key::String(Arc::from("key1")),
            Value::Bytes(Arc::from(&b"xyz"[..])),
        );
        m.insert(Key::String(Arc::from("key5")), Value::Null);
        m.insert(
            Key::String(Arc::from("key2")),
            Value::Duration(7_200_000_000_000),
        );
        m.insert(Key::String(Arc::from("key4")), Value::Bool(true));
        m.insert(Key::String(Arc::from("key3")), Value::Double(2.71828));
        assert_eq!(
            fmt("%s", vec![Value::map(m)]).unwrap(),
            r#"{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}"#
        );
        let mut m = crate::cel::eval::value::Entries::default();
        m.insert(Key::Int(1), s("value1"));
        m.insert(Key::Uint(2), s("value2"));
        m.insert(Key::Bool(true), Value::Double(f64::NAN));
        assert_eq!(
            fmt("map with multiple key types: %s", vec![Value::map(m)]).unwrap(),
            r#"map with multiple key types: {1:"value1", 2:"value2", true:"NaN"}"#
        );
        assert_eq!(
            fmt(
                "%s",
                vec![Value::list(vec![s("tab\there \"q\""), Value::Double(-0.0)])]
            )
            .unwrap(),
            r#"["tab\there \"q\"", -0.000000]"#
        );
    }

    #[test]
    fn bad_arguments_and_clauses() {
        let e = |f: &str, a: Value| fmt(f, vec![a]).unwrap_err();
        assert_eq!(
            e("%a", Value::Int(1)),
            "could not parse formatting clause: unrecognized formatting clause \"a\""
        );
        assert_eq!(
            fmt("%d %d %d", vec![Value::Int(0), Value::Int(1)]).unwrap_err(),
            "index 2 out of range"
        );
        assert_eq!(
            e("string is %b", s("abc")),
            "error during formatting: only integers and bools can be formatted as binary, was given string"
        );
        assert_eq!(
            e("%d", Value::Duration(1)),
            "error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration"
        );
        assert_eq!(
            e("%d", Value::Double(f64::NAN)),
            "error during formatting: decimal clause can only be used on integers, was given double"
        );
        assert_eq!(
            e("%f", Value::Int(1)),
            "error during formatting: fixed-point clause can only be used on doubles, was given int"
        );
        assert_eq!(
            e("octal: %o", s("a string")),
            "error during formatting: octal clause can only be used on integers, was given string"
        );
        assert_eq!(
            e("double is %x", Value::Double(0.5)),
            "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double"
        );
        assert_eq!(
            e("double is %E", Value::Double(0.5)),
            "could not parse formatting clause: unrecognized formatting clause \"E\""
        );
        assert_eq!(
            e("null: %e", Value::Null),
            "error during formatting: scientific clause can only be used on doubles, was given null_type"
        );
        assert_eq!(e("filler %", Value::Int(1)), "unexpected end of string");
        assert_eq!(fmt("filler %", vec![]).unwrap_err(), "index 0 out of range");
        assert_eq!(
            e("double is %.34", Value::Double(5.0)),
            "could not parse formatting clause: error while parsing precision: could not find end of precision specifier"
        );
        assert_eq!(
            e("%.f", Value::Double(5.0)),
            "could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing \"\": invalid syntax"
        );
        assert_eq!(
            e("%é", Value::Int(1)),
            "could not parse formatting clause: unrecognized formatting clause \"Ã\""
        );
        assert_eq!(
            e("%s", Value::none()),
            "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type"
        );
        assert_eq!(
            e("%s", Value::list(vec![Value::none()])),
            "error during formatting: no formatting function for optional_type"
        );
        assert_eq!(
            e("%s", Value::Bytes(Arc::from(&b"\xff"[..]))),
            "error during formatting: could not convert argument \"invalid UTF-8 in bytes, cannot convert to string\" to string"
        );
    }
}
