//! go-yaml v2 resolution of plain scalars, the way `sigs.k8s.io/yaml` (and so every Kubernetes
//! client and the API server) reads them.
//!
//! A YAML 1.2 parser hands us the text of a scalar; what it *means* depends on the schema. The
//! API server uses go-yaml v2, a YAML 1.1 reader with its own quirks, and then round-trips the
//! result through JSON. This module reproduces both steps for one scalar:
//!
//! 1. [`resolve_plain_scalar`] follows go-yaml v2's `resolve()` (vendored as `goyaml.v2/resolve.go`
//!    in kubernetes-sigs/yaml): the first byte picks a hint, a fixed table gives the YAML 1.1
//!    booleans (`yes`, `on`, `n`...), nulls and special floats, then Go's
//!    `strconv.ParseInt(s without "_", 0, 64)` decides integers (`0755` is octal, `0o17`, `0x1F`,
//!    `0b101`, `+1`, `1_000`), then `ParseUint` (values above `i64::MAX`), then a float regex.
//!    Timestamps are recognised by go-yaml but stay strings when decoded into `interface{}`, so
//!    they are strings here too.
//! 2. [`Scalar::to_value`] applies the JSON round trip: floats that are whole and fit in an i64
//!    become ints ([`normalize_float`]), integers above `i64::MAX` become floats, and `.inf`/`.nan`
//!    cannot be written as JSON at all (`sigs.k8s.io/yaml` fails with `json: unsupported value`).
//!
//! [`resolve_plain`] combines the two for callers that only want a [`Value`] (the emitter uses it
//! to decide when a string must be quoted).

use super::{normalize_float, Value};

/// What go-yaml v2 makes of a scalar before the JSON round trip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Null,
    Bool(bool),
    /// Fits in int64 (`strconv.ParseInt` succeeded).
    Int(i64),
    /// Above `i64::MAX` but fits in uint64.
    Uint(u64),
    /// A prefixed integer (`0x...`, `0b...`, `0o...`) too large for uint64; go-yaml keeps a
    /// `big.Int`, which JSON then reads as this float.
    BigInt(f64),
    Float(f64),
    /// The text itself, as a string.
    Str,
}

/// Why a resolved scalar cannot be represented in JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// The upstream message, e.g. `json: unsupported value: +Inf`.
    pub message: String,
}

impl Scalar {
    /// The value Kubernetes sees after converting to JSON and decoding that JSON into an
    /// unstructured object.
    pub fn to_value(self, text: &str) -> Result<Value, JsonError> {
        Ok(match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::Int(i),
            Scalar::Uint(u) => Value::Float(u as f64),
            Scalar::BigInt(f) | Scalar::Float(f) if !f.is_finite() => {
                return Err(JsonError {
                    message: format!(
                        "error converting YAML to JSON: json: unsupported value: {}",
                        go_special_float(f)
                    ),
                })
            }
            Scalar::BigInt(f) => Value::Float(f),
            Scalar::Float(f) => normalize_float(f),
            Scalar::Str => Value::String(text.into()),
        })
    }

    /// go-yaml's short tag for messages (`!!int`).
    pub fn short_tag(self) -> &'static str {
        match self {
            Scalar::Null => "!!null",
            Scalar::Bool(_) => "!!bool",
            Scalar::Int(_) | Scalar::Uint(_) | Scalar::BigInt(_) => "!!int",
            Scalar::Float(_) => "!!float",
            Scalar::Str => "!!str",
        }
    }
}

fn go_special_float(f: f64) -> &'static str {
    if f.is_nan() {
        "NaN"
    } else if f > 0.0 {
        "+Inf"
    } else {
        "-Inf"
    }
}

/// The value go-yaml v2 plus the JSON round trip give a plain (unquoted, untagged) scalar.
/// `.inf` and `.nan` come back as `Value::Float` even though JSON cannot carry them; the loader
/// reports them.
pub fn resolve_plain(text: &str) -> Value {
    let s = resolve_plain_scalar(text);
    match s.to_value(text) {
        Ok(v) => v,
        Err(_) => match s {
            Scalar::Float(f) | Scalar::BigInt(f) => Value::Float(f),
            _ => Value::String(text.into()),
        },
    }
}

/// go-yaml v2's `resolve("", text)` for a plain scalar.
pub fn resolve_plain_scalar(text: &str) -> Scalar {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.first() else {
        return Scalar::Null;
    };
    // go-yaml looks at the first byte to decide what the scalar might be; anything else is a
    // string without further thought (so `<<`, `_1` and `a1` are strings).
    match first {
        b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~' => {
            table(text).unwrap_or(Scalar::Str)
        }
        b'.' => table(text).unwrap_or_else(|| match parse_dot_float(text) {
            Some(f) => Scalar::Float(f),
            None => Scalar::Str,
        }),
        b'+' | b'-' | b'0'..=b'9' => table(text).unwrap_or_else(|| resolve_number(text)),
        _ => Scalar::Str,
    }
}

/// go-yaml's fixed resolution table (YAML 1.1 booleans, nulls, special floats).
fn table(text: &str) -> Option<Scalar> {
    Some(match text {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Scalar::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Scalar::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Scalar::Null,
        ".nan" | ".NaN" | ".NAN" => Scalar::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Scalar::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Scalar::Float(f64::NEG_INFINITY),
        _ => return None,
    })
}

/// The digit/sign branch of go-yaml's resolve, in its order: ParseInt, ParseUint, the float
/// regex with ParseFloat, the `0b`/`-0b` special cases, then big.Int on overflow.
fn resolve_number(text: &str) -> Scalar {
    let plain: std::borrow::Cow<str> = if text.contains('_') {
        text.replace('_', "").into()
    } else {
        text.into()
    };
    let plain = plain.as_ref();
    if let Ok(i) = go_parse_int(plain, 0) {
        return Scalar::Int(i);
    }
    let uint_err = match go_parse_uint(plain, 0) {
        Ok(u) => return Scalar::Uint(u),
        Err(e) => e,
    };
    if is_yaml_style_float(plain) {
        // Out of float64's range (a 309-digit integer, `1e400`), `strconv.ParseFloat` fails
        // with ErrRange and go-yaml v2 (v2.4.0 resolve.go) falls through to the string: the
        // `0b` branches below cannot match text of this shape, nor can a big integer.
        return match parse_decimal_float(plain) {
            Some(f) => Scalar::Float(f),
            None => Scalar::Str,
        };
    }
    if let Some(rest) = plain.strip_prefix("0b") {
        if let Ok(i) = go_parse_int(rest, 2) {
            return Scalar::Int(i);
        }
        if let Ok(u) = go_parse_uint(rest, 2) {
            return Scalar::Uint(u);
        }
    } else if let Some(rest) = plain.strip_prefix("-0b") {
        let mut neg = String::with_capacity(rest.len() + 1);
        neg.push('-');
        neg.push_str(rest);
        if let Ok(i) = go_parse_int(&neg, 2) {
            return Scalar::Int(i);
        }
    }
    if uint_err == IntError::Range {
        if let Some(f) = big_int_to_f64(plain) {
            return Scalar::BigInt(f);
        }
    }
    Scalar::Str
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntError {
    Syntax,
    Range,
}

/// Go's `strconv.ParseUint(s, base, 64)` for input without underscores. With base 0 the prefix
/// picks the base (`0x`, `0o`, `0b`, or a bare leading `0` for octal). Like Go, overflow is
/// reported as soon as it happens, even if a later character is invalid.
fn go_parse_uint(s: &str, base: u32) -> Result<u64, IntError> {
    if s.is_empty() {
        return Err(IntError::Syntax);
    }
    let b = s.as_bytes();
    let (base, digits) = if base == 0 {
        if b[0] == b'0' {
            if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'b') {
                (2, &b[2..])
            } else if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'o') {
                (8, &b[2..])
            } else if b.len() >= 3 && b[1].eq_ignore_ascii_case(&b'x') {
                (16, &b[2..])
            } else {
                (8, &b[1..])
            }
        } else {
            (10, b)
        }
    } else {
        (base, b)
    };
    let mut n: u64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => (c - b'0') as u32,
            b'a'..=b'z' => (c - b'a') as u32 + 10,
            b'A'..=b'Z' => (c - b'A') as u32 + 10,
            _ => return Err(IntError::Syntax),
        };
        if d >= base {
            return Err(IntError::Syntax);
        }
        n = n
            .checked_mul(base as u64)
            .and_then(|n| n.checked_add(d as u64))
            .ok_or(IntError::Range)?;
    }
    Ok(n)
}

/// Go's `strconv.ParseInt(s, base, 64)`: an optional sign, then [`go_parse_uint`].
fn go_parse_int(s: &str, base: u32) -> Result<i64, IntError> {
    if s.is_empty() {
        return Err(IntError::Syntax);
    }
    let (neg, rest) = match s.as_bytes()[0] {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    let un = go_parse_uint(rest, base)?;
    const CUTOFF: u64 = 1 << 63;
    if !neg && un >= CUTOFF {
        return Err(IntError::Range);
    }
    if neg && un > CUTOFF {
        return Err(IntError::Range);
    }
    Ok(if neg {
        (un as i64).wrapping_neg()
    } else {
        un as i64
    })
}

/// go-yaml's `yamlStyleFloat`: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `strconv.ParseFloat` on text already known to be a plain decimal float. Go reports overflow
/// to infinity as an error, which makes go-yaml keep the text as a string.
fn parse_decimal_float(s: &str) -> Option<f64> {
    let f: f64 = s.parse().ok()?;
    f.is_finite().then_some(f)
}

/// The `.`-hint branch: go-yaml calls `strconv.ParseFloat` on the raw text, which accepts Go's
/// digit-separating underscores. Only `.digits[e[+-]digits]` can parse when the text starts with
/// a dot (Go's `inf`/`nan` spellings have no dot).
fn parse_dot_float(s: &str) -> Option<f64> {
    if s.contains('_') {
        if !go_underscore_ok(s) {
            return None;
        }
        let plain = s.replace('_', "");
        return is_yaml_style_float(&plain)
            .then(|| parse_decimal_float(&plain))
            .flatten();
    }
    if is_yaml_style_float(s) {
        parse_decimal_float(s)
    } else {
        None
    }
}

/// Go's `underscoreOK`: underscores may only sit between digits.
fn go_underscore_ok(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if !b.is_empty() && (b[0] == b'+' || b[0] == b'-') {
        i = 1;
    }
    let mut saw = b'^';
    let mut hex = false;
    if b.len() >= i + 2
        && b[i] == b'0'
        && matches!(b[i + 1].to_ascii_lowercase(), b'b' | b'o' | b'x')
    {
        hex = b[i + 1].eq_ignore_ascii_case(&b'x');
        i += 2;
        saw = b'0';
    }
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// `big.Int.SetString(s, 0)` for an unsigned prefixed literal, as the float that JSON decoding
/// makes of it. Whole-digit literals never get here (they match the float regex first).
fn big_int_to_f64(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let (base, digits) = if b.len() >= 3 && b[0] == b'0' {
        match b[1].to_ascii_lowercase() {
            b'x' => (16u32, &s[2..]),
            b'o' => (8, &s[2..]),
            b'b' => (2, &s[2..]),
            _ => (8, &s[1..]),
        }
    } else {
        (10, s)
    };
    if digits.is_empty() {
        return None;
    }
    let mut f = 0f64;
    for c in digits.chars() {
        let d = c.to_digit(base)?;
        // Exact while below 2^53; beyond that each step rounds once, which only matters for
        // absurd literals wider than 64 bits.
        f = f * base as f64 + d as f64;
    }
    Some(f)
}

/// How `sigs.k8s.io/yaml` turns a float map key into a string: Go's
/// `strconv.FormatFloat(f, 'g', -1, 32)` (note: float32 precision), with go-yaml's spellings
/// of the special values.
pub fn format_float_key(f: f64) -> String {
    if f.is_nan() {
        return ".nan".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.to_owned();
    }
    format_go_g(f as f32 as f64, true)
}

/// Go's `%g` in shortest mode (`strconv.FormatFloat(f, 'g', -1, bits)`): exponent form when the
/// decimal exponent is below -4 or at least 6 (Go fixes `eprec = 6` in shortest mode), so
/// `1e6` prints as `1e+06`.
fn format_go_g(f: f64, float32: bool) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` prints the shortest round-trip digits, like Go's shortest mode.
    let sci = if float32 {
        format!("{:e}", f as f32)
    } else {
        format!("{:e}", f)
    };
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if !(-4..6).contains(&exp) {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
    } else if exp < 0 {
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            out.push_str(&digits);
            for _ in digits.len()..int_len {
                out.push('0');
            }
        } else {
            out.push_str(&digits[..int_len]);
            out.push('.');
            out.push_str(&digits[int_len..]);
        }
    }
    out
}

/// Whether `s` looks like one of the timestamp layouts go-yaml accepts (`2006-1-2`,
/// `2006-1-2T15:4:5.999999999Z07:00`, `2006-1-2 15:4:5.999999999`). Only used for the
/// `!!timestamp` tag: untagged timestamps are strings in any case.
pub(crate) fn looks_like_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let num = |i: &mut usize, min: usize, max: usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() && *i - start < max {
            *i += 1;
        }
        *i - start >= min
    };
    if !num(&mut i, 4, 4) || b.get(i) != Some(&b'-') {
        return false;
    }
    i += 1;
    if !num(&mut i, 1, 2) || b.get(i) != Some(&b'-') {
        return false;
    }
    i += 1;
    if !num(&mut i, 1, 2) {
        return false;
    }
    if i == b.len() {
        return true;
    }
    if !matches!(b[i], b'T' | b't' | b' ') {
        return false;
    }
    i += 1;
    for k in 0..3 {
        if !num(&mut i, 1, 2) {
            return false;
        }
        if k < 2 {
            if b.get(i) != Some(&b':') {
                return false;
            }
            i += 1;
        }
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !num(&mut i, 1, 9) {
            return false;
        }
    }
    let rest = &s[i..];
    rest.is_empty()
        || rest == "Z"
        || (rest.len() == 6
            && matches!(rest.as_bytes()[0], b'+' | b'-')
            && rest.as_bytes()[3] == b':')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        resolve_plain(s)
    }

    #[test]
    fn table_driven_plain_scalars() {
        use Value::*;
        let s = |x: &str| String(x.into());
        let cases: Vec<(&str, Value)> = vec![
            // YAML 1.1 booleans, all spellings go-yaml knows.
            ("y", Bool(true)),
            ("Y", Bool(true)),
            ("yes", Bool(true)),
            ("Yes", Bool(true)),
            ("YES", Bool(true)),
            ("true", Bool(true)),
            ("True", Bool(true)),
            ("TRUE", Bool(true)),
            ("on", Bool(true)),
            ("On", Bool(true)),
            ("ON", Bool(true)),
            ("n", Bool(false)),
            ("N", Bool(false)),
            ("no", Bool(false)),
            ("No", Bool(false)),
            ("NO", Bool(false)),
            ("false", Bool(false)),
            ("False", Bool(false)),
            ("FALSE", Bool(false)),
            ("off", Bool(false)),
            ("Off", Bool(false)),
            ("OFF", Bool(false)),
            ("yEs", s("yEs")),
            ("tRUE", s("tRUE")),
            // Nulls.
            ("", Null),
            ("~", Null),
            ("null", Null),
            ("Null", Null),
            ("NULL", Null),
            ("nULL", s("nULL")),
            // Integers via ParseInt(base 0) after removing underscores.
            ("0", Int(0)),
            ("-0", Int(0)),
            ("+1", Int(1)),
            ("-17", Int(-17)),
            ("0755", Int(493)),
            ("0o755", Int(493)),
            ("0O755", Int(493)),
            ("0x1F", Int(31)),
            ("0X1f", Int(31)),
            ("-0x1F", Int(-31)),
            ("+0x1F", Int(31)),
            ("0b1010", Int(10)),
            ("-0b1010", Int(-10)),
            ("0b-101", Int(-5)),
            ("1_000", Int(1000)),
            ("1__0_", Int(10)),
            ("0x_1F", Int(31)),
            ("9223372036854775807", Int(i64::MAX)),
            ("-9223372036854775808", Int(i64::MIN)),
            // uint64 range: JSON decoding turns it into a float.
            ("9223372036854775808", Float(9223372036854775808.0)),
            ("18446744073709551615", Float(18446744073709551615.0)),
            // Beyond uint64: the float regex matches plain digits, so ParseFloat reads it.
            ("99999999999999999999", Float(1e20)),
            ("-9999999999999999999", Float(-9999999999999999999.0)),
            // Prefixed and beyond uint64: big.Int, then a float after JSON.
            ("0x10000000000000000", Float(18446744073709551616.0)),
            // A leading zero with an 8 or 9 is not octal; the float regex reads it as decimal.
            ("08", Int(8)),
            ("09.5", Float(9.5)),
            // Floats.
            ("1.5", Float(1.5)),
            ("1e3", Int(1000)),
            ("3.0", Int(3)),
            ("1.", Int(1)),
            (".5", Float(0.5)),
            ("+.5", Float(0.5)),
            ("-1.5e-3", Float(-0.0015)),
            ("1E+2", Int(100)),
            ("1_000.5", Float(1000.5)),
            (".5_5", Float(0.55)),
            ("1e400", s("1e400")),
            ("1e-400", Int(0)),
            ("1e21", Float(1e21)),
            // Special floats (the JSON step rejects them; resolve_plain keeps the float).
            (".5.", s(".5.")),
            ("._5", s("._5")),
            (".", s(".")),
            // Not numbers.
            ("0x", s("0x")),
            ("0b", s("0b")),
            ("0b2", s("0b2")),
            ("+", s("+")),
            ("-", s("-")),
            ("--1", s("--1")),
            ("1e", s("1e")),
            ("0x1p-2", s("0x1p-2")),
            ("1:30", s("1:30")),
            ("_1", s("_1")),
            ("<<", s("<<")),
            ("a1", s("a1")),
            ("1.2.3", s("1.2.3")),
            ("-0x8000000000000001", s("-0x8000000000000001")),
            // Timestamps stay strings.
            ("2001-12-14", s("2001-12-14")),
            (
                "2001-12-14t21:59:43.10-05:00",
                s("2001-12-14t21:59:43.10-05:00"),
            ),
        ];
        for (input, want) in cases {
            assert_eq!(v(input), want, "resolving {input:?}");
        }
    }

    #[test]
    fn special_floats() {
        for t in [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"] {
            assert_eq!(resolve_plain_scalar(t), Scalar::Float(f64::INFINITY), "{t}");
        }
        for t in ["-.inf", "-.Inf", "-.INF"] {
            assert_eq!(
                resolve_plain_scalar(t),
                Scalar::Float(f64::NEG_INFINITY),
                "{t}"
            );
        }
        for t in [".nan", ".NaN", ".NAN"] {
            assert!(
                matches!(resolve_plain_scalar(t), Scalar::Float(f) if f.is_nan()),
                "{t}"
            );
        }
        assert_eq!(resolve_plain_scalar(".iNf"), Scalar::Str);
        let err = Scalar::Float(f64::INFINITY).to_value(".inf").unwrap_err();
        assert_eq!(
            err.message,
            "error converting YAML to JSON: json: unsupported value: +Inf"
        );
        let err = Scalar::Float(f64::NAN).to_value(".nan").unwrap_err();
        assert!(err.message.ends_with("NaN"));
    }

    #[test]
    fn float_keys_use_go_g_float32() {
        assert_eq!(format_float_key(1.5), "1.5");
        assert_eq!(format_float_key(1000.0), "1000");
        assert_eq!(format_float_key(1e6), "1e+06");
        assert_eq!(format_float_key(123456.0), "123456");
        assert_eq!(format_float_key(0.1), "0.1");
        assert_eq!(format_float_key(0.0001), "0.0001");
        assert_eq!(format_float_key(0.00001), "1e-05");
        assert_eq!(format_float_key(123456789.0), "1.2345679e+08");
        assert_eq!(format_float_key(-2.5), "-2.5");
        assert_eq!(format_float_key(1e21), "1e+21");
        assert_eq!(format_float_key(f64::INFINITY), ".inf");
        assert_eq!(format_float_key(f64::NEG_INFINITY), "-.inf");
        assert_eq!(format_float_key(f64::NAN), ".nan");
    }

    #[test]
    fn timestamps() {
        assert!(looks_like_timestamp("2001-12-14"));
        assert!(looks_like_timestamp("2001-1-2"));
        assert!(looks_like_timestamp("2001-12-14T21:59:43.10Z"));
        assert!(looks_like_timestamp("2001-12-14 21:59:43.10"));
        assert!(looks_like_timestamp("2001-12-14t21:59:43-05:00"));
        assert!(!looks_like_timestamp("2001-12"));
        assert!(!looks_like_timestamp("20011-12-14"));
        assert!(!looks_like_timestamp("2001-12-14x"));
    }

    #[test]
    fn numbers_beyond_float_range_stay_strings() {
        // go-yaml v2: ParseInt and ParseUint overflow, ParseFloat fails with ErrRange (it
        // would be ±Inf), so the scalar is the string it was written as; sigs.k8s.io/yaml then
        // hands the server a JSON string.
        let nines = "9".repeat(309);
        assert_eq!(resolve_plain_scalar(&nines), Scalar::Str);
        assert_eq!(resolve_plain_scalar(&format!("-{nines}")), Scalar::Str);
        assert_eq!(resolve_plain_scalar("1e400"), Scalar::Str);
        assert_eq!(
            resolve_plain_scalar(&nines).to_value(&nines).unwrap(),
            Value::String(nines.as_str().into())
        );
        // Within range an integer too wide for 64 bits is a float, and underflow is 0.
        let wide = format!("1{}", "0".repeat(308));
        assert_eq!(resolve_plain_scalar(&wide), Scalar::Float(1e308));
        assert_eq!(resolve_plain_scalar("1e-400"), Scalar::Float(0.0));
    }
}
