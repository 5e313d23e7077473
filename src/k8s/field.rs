//! apimachinery field errors (`field.Error`): a path, an error type, the bad value and a detail,
//! printed exactly as the API server prints them (`spec.x: Invalid value: "y": must be ...`).
//!
//! Also the Go value renderings those messages embed: `%q` strings ([`go_quote`]), `%v` floats
//! ([`go_float`]) and `encoding/json` output with Go's HTML escaping ([`go_json`]).

use std::fmt;

pub use crate::yaml::goquote::{go_is_print, go_quote};

use super::behavior::Behavior;
use super::FieldPath;
use crate::yaml::{Node, Value};

/// `field.ErrorType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorType {
    NotFound,
    Required,
    Duplicate,
    Invalid,
    NotSupported,
    Forbidden,
    TooLong,
    TooMany,
    Internal,
    TypeInvalid,
}

impl ErrorType {
    /// The word printed in messages (`Invalid value`); `TypeInvalid` prints like `Invalid`.
    pub fn word(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }

    /// Whether the bad value is printed for this type (apimachinery `ErrorBody`).
    pub fn prints_value(self) -> bool {
        !matches!(
            self,
            ErrorType::Required | ErrorType::Forbidden | ErrorType::TooLong | ErrorType::Internal
        )
    }
}

/// A bad value as the server renders it.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// `field.OmitValue`: only the type word is printed.
    Omit,
    /// Go string, printed with `%q`.
    String(String),
    Int(i64),
    /// Go float64, printed with `%v`.
    Float(f64),
    Bool(bool),
    /// Anything else: already rendered Go JSON (see [`go_json`]), the same in every minor.
    Json(String),
    /// A decoded JSON map or list (an unstructured `map[string]interface{}` or
    /// `[]interface{}`): JSON from 1.34, Go's `%#v` before ([`Behavior::field_value_json`]).
    Composite(Box<Node>),
    /// A Go nil: `null` from 1.34, the quoted string `"null"` before.
    Nil,
    /// A `metav1.Time` (RFC 3339 text as written; empty for the zero time): its JSON from 1.34
    /// (`"2024-01-02T03:04:05Z"`, `null` when zero), Go's `time.Time.String()` before
    /// (`2024-01-02 03:04:05 +0000 UTC`).
    Time(String),
}

impl BadValue {
    /// The rendering a Go `interface{}` holding this decoded JSON value gets: scalars as their
    /// Go type, objects and arrays as JSON, null as `null`.
    pub fn from_node(n: &Node) -> BadValue {
        match &n.value {
            Value::String(s) => BadValue::String(s.to_string()),
            Value::Int(i) => BadValue::Int(*i),
            Value::Float(f) => BadValue::Float(*f),
            Value::Bool(b) => BadValue::Bool(*b),
            Value::Null => BadValue::Nil,
            Value::Seq(_) | Value::Map(_) => BadValue::Composite(Box::new(n.clone())),
        }
    }

    /// The value as the server of `b`'s minor prints it (`ErrorBody`).
    pub fn render(&self, b: Behavior) -> String {
        match self {
            BadValue::Composite(n) if !b.field_value_json => go_sharp_v(n),
            BadValue::Nil if !b.field_value_json => "\"null\"".into(),
            BadValue::Time(t) if !b.field_value_json => match utc_seconds(t) {
                Some(secs) => format_utc(secs, ' ', " +0000 UTC"),
                None if t.is_empty() => "0001-01-01 00:00:00 +0000 UTC".into(),
                None => go_quote(t),
            },
            _ => self.to_string(),
        }
    }
}

impl From<&str> for BadValue {
    fn from(s: &str) -> Self {
        BadValue::String(s.to_string())
    }
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::Omit => Ok(()),
            BadValue::String(s) => f.write_str(&go_quote(s)),
            BadValue::Int(i) => write!(f, "{i}"),
            BadValue::Float(x) => f.write_str(&go_float(*x)),
            BadValue::Bool(b) => write!(f, "{b}"),
            BadValue::Json(j) => f.write_str(j),
            BadValue::Composite(n) => f.write_str(&go_json(n)),
            BadValue::Nil => f.write_str("null"),
            BadValue::Time(t) => match utc_seconds(t) {
                Some(secs) => write!(f, "\"{}\"", format_utc(secs, 'T', "Z")),
                None if t.is_empty() => f.write_str("null"),
                None => f.write_str(&go_json_string(t)),
            },
        }
    }
}

/// The limit a `TooLong`/`TooMany` error states, kept so that the detail can be worded as
/// the emulated minor words it (the detail text depends on the constructor and the minor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    None,
    /// `field.TooLong(path, _, max)`.
    TooLong(i64),
    /// `field.TooLongMaxLength(path, _, max)` (what schema `maxLength` errors used before 1.32).
    TooLongMaxLength(i64),
    /// `field.TooMany(path, _, max)`.
    TooMany(i64),
}

/// Seconds since the Unix epoch of an RFC 3339 timestamp (`2024-01-02T03:04:05.5+02:00`),
/// fractions dropped as `metav1.Time` drops them when it prints.
fn utc_seconds(t: &str) -> Option<i64> {
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = t.get(r)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') {
        return None;
    }
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if b[13] != b':' || b[16] != b':' || !(1..=12).contains(&mo) || !(1..=31).contains(&d) {
        return None;
    }
    let mut rest = &t[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        rest = &frac[n..];
    }
    let offset = match rest {
        "Z" | "z" => 0,
        _ if rest.len() == 6 && rest.as_bytes()[3] == b':' => {
            let sign = match rest.as_bytes()[0] {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let oh: i64 = rest[1..3].parse().ok()?;
            let om: i64 = rest[4..6].parse().ok()?;
            sign * (oh * 3600 + om * 60)
        }
        _ => return None,
    };
    Some(days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// `YYYY-MM-DD<sep>HH:MM:SS<zone>` in UTC.
fn format_utc(secs: i64, sep: char, zone: &str) -> String {
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}{sep}{:02}:{:02}:{:02}{zone}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// One `field.Error`.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    pub path: FieldPath,
    pub kind: ErrorType,
    pub value: BadValue,
    /// The newest server's detail.
    pub detail: String,
    /// Set by the `TooLong`/`TooMany` constructors; [`FieldError::render`] rewords the detail.
    pub limit: Limit,
}

impl FieldError {
    pub fn new(
        path: FieldPath,
        kind: ErrorType,
        value: BadValue,
        detail: impl Into<String>,
    ) -> Self {
        FieldError {
            path,
            kind,
            value,
            detail: detail.into(),
            limit: Limit::None,
        }
    }
    /// `field.Required(path, detail)`.
    pub fn required(path: FieldPath, detail: impl Into<String>) -> Self {
        Self::new(
            path,
            ErrorType::Required,
            BadValue::String(String::new()),
            detail,
        )
    }
    /// `field.Forbidden(path, detail)`.
    pub fn forbidden(path: FieldPath, detail: impl Into<String>) -> Self {
        Self::new(
            path,
            ErrorType::Forbidden,
            BadValue::String(String::new()),
            detail,
        )
    }
    /// `field.Invalid(path, value, detail)`.
    pub fn invalid(path: FieldPath, value: impl Into<BadValue>, detail: impl Into<String>) -> Self {
        Self::new(path, ErrorType::Invalid, value.into(), detail)
    }
    /// `field.TooLong(path, _, max)`.
    pub fn too_long(path: FieldPath, max: i64) -> Self {
        let mut e = Self::new(path, ErrorType::TooLong, BadValue::Omit, "");
        e.limit = Limit::TooLong(max);
        e.detail = e.limit_detail(Behavior::NEWEST).unwrap_or_default();
        e
    }
    /// A schema `maxLength` error (`TooLongMaxLength` before 1.32, `TooLong` since).
    pub fn too_long_max_length(path: FieldPath, max: i64) -> Self {
        let mut e = Self::too_long(path, max);
        e.limit = Limit::TooLongMaxLength(max);
        e
    }
    /// `field.NotSupported(path, value, valid)`.
    pub fn not_supported(path: FieldPath, value: impl Into<BadValue>, valid: &[&str]) -> Self {
        let detail = if valid.is_empty() {
            String::new()
        } else {
            let q: Vec<String> = valid.iter().map(|v| go_quote(v)).collect();
            format!("supported values: {}", q.join(", "))
        };
        Self::new(path, ErrorType::NotSupported, value.into(), detail)
    }

    /// `field.TooMany(path, actual, max)`: `actual < 0` omits the value.
    pub fn too_many(path: FieldPath, actual: i64, max: i64) -> Self {
        let value = if actual < 0 {
            BadValue::Omit
        } else {
            BadValue::Int(actual)
        };
        let mut e = Self::new(path, ErrorType::TooMany, value, "");
        e.limit = Limit::TooMany(max);
        e.detail = e.limit_detail(Behavior::NEWEST).unwrap_or_default();
        e
    }

    /// The detail of a `TooLong`/`TooMany` error as the minor of `b` words it.
    fn limit_detail(&self, b: Behavior) -> Option<String> {
        let one = b.field_singular_units;
        Some(match self.limit {
            Limit::None => return None,
            Limit::TooLongMaxLength(n) if !b.too_long_may_not_be_more => {
                if n < 0 {
                    "value is too long".to_string()
                } else {
                    format!("may not be longer than {n}")
                }
            }
            Limit::TooLong(n) if !b.too_long_may_not_be_more => {
                format!("must have at most {n} bytes")
            }
            Limit::TooLong(n) | Limit::TooLongMaxLength(n) => match n {
                n if n < 0 => "value is too long".to_string(),
                1 if one => "may not be more than 1 byte".to_string(),
                n => format!("may not be more than {n} bytes"),
            },
            Limit::TooMany(n) => match n {
                n if n < 0 => "has too many items".to_string(),
                1 if one => "must have at most 1 item".to_string(),
                n => format!("must have at most {n} items"),
            },
        })
    }
    /// `field.Duplicate(path, value)` (no detail).
    pub fn duplicate(path: FieldPath, value: impl Into<BadValue>) -> Self {
        Self::new(path, ErrorType::Duplicate, value.into(), "")
    }
    /// `field.TypeInvalid(path, value, detail)` (printed like `Invalid value`).
    pub fn type_invalid(
        path: FieldPath,
        value: impl Into<BadValue>,
        detail: impl Into<String>,
    ) -> Self {
        Self::new(path, ErrorType::TypeInvalid, value.into(), detail)
    }
    /// `field.InternalError(path, err)`.
    pub fn internal(path: FieldPath, err: impl Into<String>) -> Self {
        Self::new(path, ErrorType::Internal, BadValue::Omit, err)
    }

    /// `ErrorBody()`: the message without the path, as the newest server prints it.
    pub fn body(&self) -> String {
        self.body_at(Behavior::NEWEST)
    }

    /// `ErrorBody()` as the server of `b`'s minor prints it.
    pub fn body_at(&self, b: Behavior) -> String {
        let mut s = self.kind.word().to_string();
        if self.kind.prints_value() && self.value != BadValue::Omit {
            s.push_str(": ");
            s.push_str(&self.value.render(b));
        }
        let detail = self.limit_detail(b);
        let detail = detail.as_deref().unwrap_or(&self.detail);
        if !detail.is_empty() {
            s.push_str(": ");
            s.push_str(detail);
        }
        s
    }

    /// `Error()` as the server of `b`'s minor prints it.
    pub fn render(&self, b: Behavior) -> String {
        format!("{}: {}", self.path, self.body_at(b))
    }
}

impl From<String> for BadValue {
    fn from(s: String) -> Self {
        BadValue::String(s)
    }
}

impl From<i64> for BadValue {
    fn from(i: i64) -> Self {
        BadValue::Int(i)
    }
}

impl From<bool> for BadValue {
    fn from(b: bool) -> Self {
        BadValue::Bool(b)
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.body())
    }
}

/// `ErrorList.ToAggregate().Error()`: identical messages collapse; one error prints alone,
/// several print as `[e1, e2]`; an empty list is `None`.
pub fn aggregate(errs: &[FieldError]) -> Option<String> {
    let mut seen = std::collections::HashSet::new();
    let msgs: Vec<String> = errs
        .iter()
        .map(ToString::to_string)
        .filter(|m| seen.insert(m.clone()))
        .collect();
    match msgs.len() {
        0 => None,
        1 => msgs.into_iter().next(),
        _ => Some(format!("[{}]", msgs.join(", "))),
    }
}

/// Go `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)`): shortest round-trip digits,
/// exponent form when the decimal exponent is < -4 or >= 6 (strconv uses precision 6 for that
/// decision when printing the shortest form), so `1e+06`, `1.5e+07`, `123456`, `0.0001`, `1e-05`.
pub fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    // Rust's `{:e}` gives the shortest round-trip digits: "1.5e6", "-1e-7".
    let e = format!("{f:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        // Plain decimal notation with the same digits.
        let neg = mant.starts_with('-');
        let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
        let point = 1 + exp; // digits before the decimal point
        let mut s = String::new();
        if neg {
            s.push('-');
        }
        if point <= 0 {
            s.push_str("0.");
            for _ in 0..(-point) {
                s.push('0');
            }
            s.push_str(&digits);
        } else if (point as usize) >= digits.len() {
            s.push_str(&digits);
            for _ in 0..(point as usize - digits.len()) {
                s.push('0');
            }
        } else {
            s.push_str(&digits[..point as usize]);
            s.push('.');
            s.push_str(&digits[point as usize..]);
        }
        s
    }
}

/// Go `%#v` of a decoded JSON value held in an `interface{}` (what the server printed for
/// composite bad values before 1.34): `map[string]interface {}{"a":1, "b":"x"}` with keys
/// sorted, `[]interface {}{1, "x"}`, nil as `interface {}(nil)` inside a composite.
pub fn go_sharp_v(n: &Node) -> String {
    let mut out = String::new();
    write_sharp_v(n, &mut out, true);
    out
}

fn write_sharp_v(n: &Node, out: &mut String, top: bool) {
    match &n.value {
        Value::Null if top => out.push_str("<nil>"),
        Value::Null => out.push_str("interface {}(nil)"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&go_float(*f)),
        Value::String(s) => out.push_str(&go_quote(s)),
        Value::Seq(items) => {
            out.push_str("[]interface {}{");
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_sharp_v(it, out, false);
            }
            out.push('}');
        }
        Value::Map(m) => {
            let mut entries: Vec<_> = m.entries.iter().collect();
            entries.sort_by(|a, b| a.key.cmp(&b.key));
            out.push_str("map[string]interface {}{");
            for (i, e) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&go_quote(&e.key));
                out.push(':');
                write_sharp_v(&e.value, out, false);
            }
            out.push('}');
        }
    }
}

/// Go `encoding/json` of a decoded JSON value as the newest minor prints it (see
/// [`go_json_at`]).
pub fn go_json(n: &Node) -> String {
    go_json_at(n, Behavior::NEWEST)
}

/// Go `encoding/json` (`json.Marshal`) of a decoded JSON value as the server of `b`'s minor
/// prints it: map keys sorted, strings as [`write_go_json_string`], floats as
/// [`go_json_float`]. The one JSON encoder of the crate: `lint` and `cel` use it too.
pub fn go_json_at(n: &Node, b: Behavior) -> String {
    let mut out = String::new();
    write_json(n, b, &mut out);
    out
}

fn write_json(n: &Node, b: Behavior, out: &mut String) {
    match &n.value {
        Value::Null => out.push_str("null"),
        Value::Bool(x) => out.push_str(if *x { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&go_json_float(*f)),
        Value::String(s) => write_go_json_string(s, b, out),
        Value::Seq(items) => {
            out.push('[');
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(it, b, out);
            }
            out.push(']');
        }
        Value::Map(m) => {
            let mut entries: Vec<_> = m.entries.iter().collect();
            entries.sort_by(|x, y| x.key.cmp(&y.key));
            out.push('{');
            for (i, e) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_go_json_string(&e.key, b, out);
                out.push(':');
                write_json(&e.value, b, out);
            }
            out.push('}');
        }
    }
}

/// A Go JSON string literal as the newest minor prints it (see [`write_go_json_string`]).
pub fn go_json_string(s: &str) -> String {
    go_json_string_at(s, Behavior::NEWEST)
}

/// A Go JSON string literal as the server of `b`'s minor prints it.
pub fn go_json_string_at(s: &str, b: Behavior) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_go_json_string(s, b, &mut out);
    out
}

/// Go `encoding/json` `appendString` with HTML escaping on (what `json.Marshal` does): `"` and
/// `\` backslashed; `\n`, `\r`, `\t` short; `<`, `>`, `&`, U+2028, U+2029 and the other
/// control bytes as `\u00XX` (lower-case hex). Backspace and form feed are `\b`/`\f` from Go
/// 1.22 ([`Behavior::json_short_control_escapes`]), `\u0008`/`\u000c` before. A Rust `str` is
/// valid UTF-8, so Go's `\ufffd` for invalid bytes never arises.
pub fn write_go_json_string(s: &str, b: Behavior, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' if b.json_short_control_escapes => out.push_str("\\b"),
            '\u{c}' if b.json_short_control_escapes => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Go `encoding/json` float64: shortest digits, `%f` style unless the magnitude is < 1e-6 or
/// >= 1e21, then `%e` with a one- or more-digit exponent (`1e+21`, `1e-7`).
pub fn go_json_float(f: f64) -> String {
    if !f.is_finite() {
        return "null".into();
    }
    let a = f.abs();
    if a != 0.0 && !(1e-6..1e21).contains(&a) {
        let e = format!("{f:e}");
        let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{}", exp.abs())
    } else {
        // Rust's Display for f64 never uses exponent notation and prints shortest digits.
        let s = format!("{f}");
        s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renders_errors() {
        let p = FieldPath::new("spec").child("group");
        assert_eq!(
            FieldError::invalid(p.clone(), "a b", "bad").to_string(),
            r#"spec.group: Invalid value: "a b": bad"#
        );
        assert_eq!(
            FieldError::required(p.clone(), "").to_string(),
            "spec.group: Required value"
        );
        assert_eq!(
            FieldError::not_supported(p.clone(), "x", &["Cluster", "Namespaced"]).to_string(),
            r#"spec.group: Unsupported value: "x": supported values: "Cluster", "Namespaced""#
        );
        assert_eq!(
            FieldError::too_long(p.clone(), 2).to_string(),
            "spec.group: Too long: may not be more than 2 bytes"
        );
        assert_eq!(
            FieldError::invalid(FieldPath::root(), 15i64, "x").to_string(),
            "<nil>: Invalid value: 15: x"
        );
    }

    #[test]
    fn more_constructors_and_aggregate() {
        let p = FieldPath::new("spec").child("selectableFields");
        assert_eq!(
            FieldError::too_many(p.clone(), 9, 8).to_string(),
            "spec.selectableFields: Too many: 9: must have at most 8 items"
        );
        assert_eq!(
            FieldError::duplicate(p.clone(), ".spec.x").to_string(),
            r#"spec.selectableFields: Duplicate value: ".spec.x""#
        );
        assert_eq!(
            FieldError::internal(p.clone(), "boom").to_string(),
            "spec.selectableFields: Internal error: boom"
        );
        let a = FieldError::required(FieldPath::new("a"), "");
        let b = FieldError::required(FieldPath::new("b"), "");
        assert_eq!(
            aggregate(&[a.clone(), a.clone()]).as_deref(),
            Some("a: Required value")
        );
        assert_eq!(
            aggregate(&[a, b]).as_deref(),
            Some("[a: Required value, b: Required value]")
        );
        assert_eq!(aggregate(&[]), None);
    }

    #[test]
    fn values_per_minor() {
        let old = Behavior::of(crate::k8s::KubeVersion { minor: 33 });
        let v = BadValue::from_node(&Node::from_json(
            &json!({"b": [1, 1.5, null, "x"], "a": {"c": true}}),
        ));
        assert_eq!(
            v.render(old),
            r#"map[string]interface {}{"a":map[string]interface {}{"c":true}, "b":[]interface {}{1, 1.5, interface {}(nil), "x"}}"#
        );
        assert_eq!(
            v.render(Behavior::NEWEST),
            r#"{"a":{"c":true},"b":[1,1.5,null,"x"]}"#
        );
        assert_eq!(BadValue::Nil.render(old), r#""null""#);
        assert_eq!(BadValue::Nil.render(Behavior::NEWEST), "null");
        let t = BadValue::Time("2024-03-01T01:30:00+02:00".into());
        assert_eq!(t.render(old), "2024-02-29 23:30:00 +0000 UTC");
        assert_eq!(t.render(Behavior::NEWEST), r#""2024-02-29T23:30:00Z""#);
        assert_eq!(
            BadValue::Time(String::new()).render(Behavior::NEWEST),
            "null"
        );
        let e = FieldError::too_many(FieldPath::new("l"), 2, 1);
        assert_eq!(e.render(old), "l: Too many: 2: must have at most 1 items");
        assert_eq!(e.to_string(), "l: Too many: 2: must have at most 1 item");
    }

    #[test]
    fn go_values() {
        assert_eq!(go_quote("a\"b\\\n\u{1}é"), r#""a\"b\\\n\x01é""#);
        assert_eq!(go_float(10.0), "10");
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(0.9), "0.9");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(1e6), "1e+06");
        assert_eq!(go_float(123456.0), "123456");
        assert_eq!(go_float(1234567.0), "1.234567e+06");
        assert_eq!(go_float(0.0001), "0.0001");
        assert_eq!(go_float(0.00001), "1e-05");
        assert_eq!(go_float(-2.5e-7), "-2.5e-07");
        assert_eq!(
            go_json(&Node::from_json(
                &json!({"b": "x>0", "a": [1, 1.5, null, true]})
            )),
            r#"{"a":[1,1.5,null,true],"b":"x\u003e0"}"#
        );
        assert_eq!(go_json_float(1e21), "1e+21");
        assert_eq!(go_json_float(1e-7), "1e-7");
        assert_eq!(go_json_float(0.5), "0.5");
    }

    /// Every character class `encoding/json` treats specially, at a Go 1.21 minor and a Go 1.22+
    /// one (expected bytes from Go's `encode.go` `appendString` and the Go 1.22 release notes).
    #[test]
    fn go_json_string_byte_classes() {
        let go121 = Behavior::of(crate::k8s::KubeVersion { minor: 29 });
        let go122 = Behavior::of(crate::k8s::KubeVersion { minor: 30 });
        let both = [
            ("\"", r#""\"""#),
            ("\\", r#""\\""#),
            ("\n\r\t", r#""\n\r\t""#),
            ("<>&", r#""\u003c\u003e\u0026""#),
            ("\u{2028}\u{2029}", r#""\u2028\u2029""#),
            ("\u{0}\u{1}\u{b}\u{1f}", r#""\u0000\u0001\u000b\u001f""#),
            ("\u{7f}é€😀 '/", "\"\u{7f}é€😀 '/\""),
        ];
        for (s, want) in both {
            assert_eq!(go_json_string_at(s, go121), want, "{s:?}");
            assert_eq!(go_json_string_at(s, go122), want, "{s:?}");
        }
        assert_eq!(go_json_string_at("\u{8}\u{c}", go121), r#""\u0008\u000c""#);
        assert_eq!(go_json_string_at("\u{8}\u{c}", go122), r#""\b\f""#);
        assert_eq!(go_json_string("\u{8}"), r#""\b""#);
        // Every control byte not named above is \u00XX at both.
        for c in (0u8..0x20)
            .map(char::from)
            .filter(|c| !"\n\r\t\u{8}\u{c}".contains(*c))
        {
            let want = format!("\"\\u{:04x}\"", c as u32);
            assert_eq!(go_json_string_at(&c.to_string(), go121), want);
            assert_eq!(go_json_string_at(&c.to_string(), go122), want);
        }
        let n = Node::from_json(&json!({"k\u{8}": ["\u{c}"]}));
        assert_eq!(go_json_at(&n, go121), r#"{"k\u0008":["\u000c"]}"#);
        assert_eq!(go_json_at(&n, go122), r#"{"k\b":["\f"]}"#);
    }
}
