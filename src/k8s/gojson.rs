//! The error Go's `json.Unmarshal(b, &map[string]interface{}{})` returns, in Go's words: what
//! the server's `ValidateSecret` puts after `Invalid value: "<secret contents redacted>": ` for a
//! `.dockercfg` or `.dockerconfigjson` that does not decode.
//!
//! `Unmarshal` first scans the whole input (`checkValid`, `encoding/json/scanner.go`), so a
//! syntax error wins over a type error; the messages are the scanner's `SyntaxError` texts
//! (`invalid character 'x' <context>`, `unexpected end of JSON input`). A document that scans is
//! then decoded: any object (or `null`) fits the map, any other top-level value is an
//! `UnmarshalTypeError`. The scanner's nesting limit (10000) is not reproduced: past it this
//! reports nothing (an error missed, never one made up).

use crate::yaml::goquote::go_quote;

/// Go's error for `bytes` decoded into a `map[string]interface{}`, or `None` when it decodes.
pub fn map_error(bytes: &[u8]) -> Option<String> {
    if let Err(e) = scan(bytes) {
        return Some(e);
    }
    let first = bytes.iter().find(|b| !is_space(**b))?;
    let what = match first {
        b'{' | b'n' => return None,
        b'[' => "array",
        b'"' => "string",
        b't' | b'f' => "bool",
        _ => "number",
    };
    Some(format!(
        "json: cannot unmarshal {what} into Go value of type map[string]interface {{}}"
    ))
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// What an open container expects next (the scanner's parse stack).
#[derive(Clone, Copy, PartialEq)]
enum Open {
    ObjectKey,
    ObjectValue,
    Array,
}

/// Where the scanner is between bytes (its `step` functions).
#[derive(Clone, Copy)]
enum St {
    BeginValue,
    BeginValueOrEmpty,
    BeginString,
    BeginStringOrEmpty,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    /// Hex digits of a `\u` escape still to come.
    InStringEscU(u8),
    Neg,
    Int1,
    Int0,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    /// The rest of a literal (`rue`, `alse`, `ull`) and its name.
    Literal(&'static [u8], &'static str),
}

/// `checkValid`: the scanner's first error.
fn scan(bytes: &[u8]) -> Result<(), String> {
    let mut st = St::BeginValue;
    let mut stack: Vec<Open> = Vec::new();
    for &c in bytes {
        st = step(st, c, &mut stack)?;
    }
    // `scanner.eof`: a space ends a number at the top level, and an error it meets (`-`,
    // `1.`, `tru` end early) is the error.
    if matches!(st, St::EndTop) {
        return Ok(());
    }
    match step(st, b' ', &mut stack)? {
        St::EndTop => Ok(()),
        _ => Err("unexpected end of JSON input".to_string()),
    }
}

fn err(c: u8, context: &str) -> String {
    format!("invalid character {} {context}", quote_char(c))
}

/// `quoteChar`: the byte as a Go rune (a byte ≥ 0x80 is the Latin-1 character of that code),
/// `strconv.Quote`d between single quotes.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let q = go_quote(&char::from(c).to_string());
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

fn step(st: St, c: u8, stack: &mut Vec<Open>) -> Result<St, String> {
    Ok(match st {
        St::BeginValueOrEmpty if is_space(c) => st,
        St::BeginValueOrEmpty if c == b']' => return end_value(c, stack),
        St::BeginValueOrEmpty => return step(St::BeginValue, c, stack),
        St::BeginValue => match c {
            _ if is_space(c) => st,
            b'{' => {
                stack.push(Open::ObjectKey);
                St::BeginStringOrEmpty
            }
            b'[' => {
                stack.push(Open::Array);
                St::BeginValueOrEmpty
            }
            b'"' => St::InString,
            b'-' => St::Neg,
            b'0' => St::Int0,
            b'1'..=b'9' => St::Int1,
            b't' => St::Literal(b"rue", "true"),
            b'f' => St::Literal(b"alse", "false"),
            b'n' => St::Literal(b"ull", "null"),
            _ => return Err(err(c, "looking for beginning of value")),
        },
        St::BeginStringOrEmpty if is_space(c) => st,
        St::BeginStringOrEmpty if c == b'}' => {
            if let Some(top) = stack.last_mut() {
                *top = Open::ObjectValue;
            }
            return end_value(c, stack);
        }
        St::BeginStringOrEmpty | St::BeginString => match c {
            _ if is_space(c) => st,
            b'"' => St::InString,
            _ => return Err(err(c, "looking for beginning of object key string")),
        },
        St::EndTop if is_space(c) => st,
        St::EndTop => return Err(err(c, "after top-level value")),
        St::EndValue => return end_value(c, stack),
        St::InString => match c {
            b'"' => St::EndValue,
            b'\\' => St::InStringEsc,
            _ if c < 0x20 => return Err(err(c, "in string literal")),
            _ => st,
        },
        St::InStringEsc => match c {
            b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => St::InString,
            b'u' => St::InStringEscU(4),
            _ => return Err(err(c, "in string escape code")),
        },
        St::InStringEscU(left) => {
            if !c.is_ascii_hexdigit() {
                return Err(err(c, "in \\u hexadecimal character escape"));
            }
            if left == 1 {
                St::InString
            } else {
                St::InStringEscU(left - 1)
            }
        }
        St::Neg => match c {
            b'0' => St::Int0,
            b'1'..=b'9' => St::Int1,
            _ => return Err(err(c, "in numeric literal")),
        },
        St::Int1 if c.is_ascii_digit() => st,
        St::Int1 | St::Int0 => match c {
            b'.' => St::Dot,
            b'e' | b'E' => St::E,
            _ => return end_value(c, stack),
        },
        St::Dot if c.is_ascii_digit() => St::Dot0,
        St::Dot => return Err(err(c, "after decimal point in numeric literal")),
        St::Dot0 => match c {
            _ if c.is_ascii_digit() => st,
            b'e' | b'E' => St::E,
            _ => return end_value(c, stack),
        },
        St::E if c == b'+' || c == b'-' => St::ESign,
        St::E | St::ESign if c.is_ascii_digit() => St::E0,
        St::E | St::ESign => return Err(err(c, "in exponent of numeric literal")),
        St::E0 if c.is_ascii_digit() => st,
        St::E0 => return end_value(c, stack),
        St::Literal(rest, name) => {
            if c != rest[0] {
                let want = char::from(rest[0]);
                return Err(err(c, &format!("in literal {name} (expecting '{want}')")));
            }
            match &rest[1..] {
                [] => St::EndValue,
                more => St::Literal(more, name),
            }
        }
    })
}

/// `stateEndValue`: a value just ended (or ends at `c`); `c` continues the container.
fn end_value(c: u8, stack: &mut Vec<Open>) -> Result<St, String> {
    let Some(top) = stack.last_mut() else {
        return step(St::EndTop, c, stack);
    };
    if is_space(c) {
        return Ok(St::EndValue);
    }
    match *top {
        Open::ObjectKey if c == b':' => {
            *top = Open::ObjectValue;
            Ok(St::BeginValue)
        }
        Open::ObjectKey => Err(err(c, "after object key")),
        Open::ObjectValue if c == b',' => {
            *top = Open::ObjectKey;
            Ok(St::BeginString)
        }
        Open::ObjectValue if c == b'}' => {
            stack.pop();
            Ok(after_close(stack))
        }
        Open::ObjectValue => Err(err(c, "after object key:value pair")),
        Open::Array if c == b',' => Ok(St::BeginValue),
        Open::Array if c == b']' => {
            stack.pop();
            Ok(after_close(stack))
        }
        Open::Array => Err(err(c, "after array element")),
    }
}

/// After a container closes: the top level is done, or the enclosing container goes on.
fn after_close(stack: &[Open]) -> St {
    if stack.is_empty() {
        St::EndTop
    } else {
        St::EndValue
    }
}

#[cfg(test)]
mod tests {
    use super::map_error;

    /// Go 1.24's `json.Unmarshal(b, &map[string]interface{}{})` errors for these inputs.
    #[test]
    fn errors_as_go_words_them() {
        let cases: &[(&str, Option<&str>)] = &[
            (r#"{"auths":{"r.io":{"auth":"eA=="}}}"#, None),
            ("  {}\n", None),
            ("null", None),
            (
                "{\"a\": [1, -2.5e+3, true, false, null, \"\\u00e9\\n\"]}",
                None,
            ),
            ("", Some("unexpected end of JSON input")),
            ("   ", Some("unexpected end of JSON input")),
            ("{\"auths\":", Some("unexpected end of JSON input")),
            (
                "x",
                Some("invalid character 'x' looking for beginning of value"),
            ),
            (
                "{'a': 1}",
                Some("invalid character '\\'' looking for beginning of object key string"),
            ),
            ("{\"a\" 1}", Some("invalid character '1' after object key")),
            (
                "{\"a\": 1 \"b\"}",
                Some("invalid character '\"' after object key:value pair"),
            ),
            ("[1 2]", Some("invalid character '2' after array element")),
            ("{} {}", Some("invalid character '{' after top-level value")),
            (
                "{\"a\": tru}",
                Some("invalid character '}' in literal true (expecting 'e')"),
            ),
            (
                "{\"a\": nul}",
                Some("invalid character '}' in literal null (expecting 'l')"),
            ),
            (
                "{\"a\": \"\t\"}",
                Some("invalid character '\\t' in string literal"),
            ),
            (
                "{\"a\": \"\\x\"}",
                Some("invalid character 'x' in string escape code"),
            ),
            (
                "{\"a\": \"\\u12g4\"}",
                Some("invalid character 'g' in \\u hexadecimal character escape"),
            ),
            (
                "{\"a\": -x}",
                Some("invalid character 'x' in numeric literal"),
            ),
            (
                "{\"a\": 1.}",
                Some("invalid character '}' after decimal point in numeric literal"),
            ),
            (
                "{\"a\": 1e}",
                Some("invalid character '}' in exponent of numeric literal"),
            ),
            (
                "{\"a\": 01}",
                Some("invalid character '1' after object key:value pair"),
            ),
            (
                "\u{e9}",
                Some("invalid character 'Ã' looking for beginning of value"),
            ),
            (
                "[]",
                Some("json: cannot unmarshal array into Go value of type map[string]interface {}"),
            ),
            (
                "\"s\"",
                Some("json: cannot unmarshal string into Go value of type map[string]interface {}"),
            ),
            (
                "12",
                Some("json: cannot unmarshal number into Go value of type map[string]interface {}"),
            ),
            ("-", Some("invalid character ' ' in numeric literal")),
            (
                "tru",
                Some("invalid character ' ' in literal true (expecting 'e')"),
            ),
            (
                "true",
                Some("json: cannot unmarshal bool into Go value of type map[string]interface {}"),
            ),
        ];
        for (input, want) in cases {
            assert_eq!(map_error(input.as_bytes()).as_deref(), *want, "{input:?}");
        }
    }
}
