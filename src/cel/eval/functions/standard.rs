//! The CEL standard library: operators, conversions, `size`, string predicates, timestamp and
//! duration getters, with cel-go's semantics and error texts.

use std::cmp::Ordering;
use std::sync::Arc;

use chrono::{Datelike, Timelike};

use crate::k8s::Behavior;

use super::super::convert::parse_go_duration;
use super::super::lib;
use super::super::value::{
    compare, equals, format_double, format_duration, format_timestamp, ErrorKind, EvalError,
    EvalResult, Value,
};
use super::args::{b, err, not_here, nso, s};
use super::merge::concat_lists;

/// Standard-library functions; `not_here` when `func` is not one of them.
pub(super) fn call(_beh: Behavior, func: &str, member: bool, args: &[Value]) -> EvalResult {
    use Value::*;
    match (func, args) {
        // ---- operators ----
        ("_==_", [x, y]) => b(equals(x, y)),
        ("_!=_", [x, y]) => b(!equals(x, y)),
        ("_<_", [x, y]) => cmp_op(x, y, |o| o == Ordering::Less),
        ("_<=_", [x, y]) => cmp_op(x, y, |o| o != Ordering::Greater),
        ("_>_", [x, y]) => cmp_op(x, y, |o| o == Ordering::Greater),
        ("_>=_", [x, y]) => cmp_op(x, y, |o| o != Ordering::Less),
        ("_+_", [x, y]) => add(x, y),
        ("_-_", [x, y]) => sub(x, y),
        ("_*_", [x, y]) => match (x, y) {
            (Int(a), Int(c)) => a.checked_mul(*c).map(Int).ok_or_else(EvalError::overflow),
            (Uint(a), Uint(c)) => a.checked_mul(*c).map(Uint).ok_or_else(uint_overflow),
            (Double(a), Double(c)) => Ok(Double(a * c)),
            _ => Err(nso()),
        },
        ("_/_", [x, y]) => match (x, y) {
            (Int(_), Int(0)) | (Uint(_), Uint(0)) => Err(EvalError::division_by_zero()),
            (Int(a), Int(c)) => a.checked_div(*c).map(Int).ok_or_else(EvalError::overflow),
            (Uint(a), Uint(c)) => Ok(Uint(a / c)),
            (Double(a), Double(c)) => Ok(Double(a / c)),
            _ => Err(nso()),
        },
        ("_%_", [x, y]) => match (x, y) {
            (Int(_), Int(0)) | (Uint(_), Uint(0)) => Err(EvalError::modulus_by_zero()),
            (Int(a), Int(c)) => a.checked_rem(*c).map(Int).ok_or_else(EvalError::overflow),
            (Uint(a), Uint(c)) => Ok(Uint(a % c)),
            _ => Err(nso()),
        },
        ("-_", [x]) => match x {
            Int(a) => a.checked_neg().map(Int).ok_or_else(EvalError::overflow),
            Double(a) => Ok(Double(-a)),
            Duration(d) => d
                .checked_neg()
                .map(Duration)
                .ok_or_else(EvalError::overflow),
            _ => Err(nso()),
        },
        ("!_", [Bool(v)]) => b(!v),
        ("@not_strictly_false", [x]) => b(!matches!(x, Bool(false))),
        ("@in", [x, c]) => match c {
            List(l) => b(l.items().iter().any(|e| equals(x, e))),
            Map(m) => b(m.get(x).is_some()),
            _ => Err(nso()),
        },
        // ---- standard library ----
        ("size", [x]) => match x {
            String(_) | Bytes(_) | List(_) | Map(_) => Ok(Int(x.actual_size() as i64)),
            _ => Err(nso()),
        },
        ("contains", [String(a), String(c)]) => b(a.contains(&**c)),
        ("startsWith", [String(a), String(c)]) => b(a.starts_with(&**c)),
        ("endsWith", [String(a), String(c)]) => b(a.ends_with(&**c)),
        ("matches", [String(a), String(re)]) => {
            let r = lib::regex(re)?;
            b(r.is_match(a))
        }
        ("int", [x]) => to_int(x),
        ("uint", [x]) => to_uint(x),
        ("double", [x]) => match x {
            Double(_) => Ok(x.clone()),
            Int(i) => Ok(Double(*i as f64)),
            Uint(u) => Ok(Double(*u as f64)),
            // cel-go: strconv.ParseFloat; a range error (`1e400`) fails like a syntax error.
            String(st) => crate::k8s::gofloat::parse_float(st)
                .map(Double)
                .map_err(|_| conversion_error("string", "double")),
            _ => Err(nso()),
        },
        ("bool", [x]) => match x {
            Bool(_) => Ok(x.clone()),
            String(st) => match &**st {
                "1" | "t" | "T" | "TRUE" | "true" | "True" => b(true),
                "0" | "f" | "F" | "FALSE" | "false" | "False" => b(false),
                _ => Err(err("type conversion error from 'string' to 'bool'")),
            },
            _ => Err(nso()),
        },
        ("string", [x]) => to_string(x),
        ("bytes", [x]) => match x {
            Bytes(_) => Ok(x.clone()),
            String(st) => Ok(Bytes(Arc::from(st.as_bytes()))),
            _ => Err(nso()),
        },
        ("duration", [x]) => match x {
            Duration(_) => Ok(x.clone()),
            String(st) => parse_go_duration(st).map(Duration).ok_or_else(|| {
                err("type conversion error from 'string' to 'google.protobuf.Duration'")
            }),
            _ => Err(nso()),
        },
        ("timestamp", [x]) => match x {
            Timestamp(_) => Ok(x.clone()),
            String(st) => match chrono::DateTime::parse_from_rfc3339(st) {
                Ok(t) if in_range(&t) => Ok(Timestamp(t)),
                Ok(_) => Err(timestamp_overflow()),
                Err(_) => Err(conversion_error("string", "google.protobuf.Timestamp")),
            },
            Int(i) => chrono::DateTime::from_timestamp(*i, 0)
                .map(|t| t.fixed_offset())
                .filter(in_range)
                .map(Timestamp)
                .ok_or_else(timestamp_overflow),
            _ => Err(nso()),
        },
        ("type", [x]) => Ok(Type(Arc::from(x.type_name()))),
        ("dyn", [x]) => Ok(x.clone()),

        // ---- timestamps and durations ----
        (
            "getFullYear" | "getMonth" | "getDate" | "getDayOfMonth" | "getDayOfWeek"
            | "getDayOfYear" | "getHours" | "getMinutes" | "getSeconds" | "getMilliseconds",
            [x, rest @ ..],
        ) if member && rest.len() <= 1 => time_getter(func, x, rest.first()),

        _ => Err(not_here()),
    }
}

fn uint_overflow() -> EvalError {
    EvalError::new(ErrorKind::Overflow, "unsigned integer overflow")
}

fn in_range(t: &chrono::DateTime<chrono::FixedOffset>) -> bool {
    (1..=9999).contains(&t.naive_utc().year())
}

fn cmp_op(x: &Value, y: &Value, f: impl Fn(Ordering) -> bool) -> EvalResult {
    match compare(x, y) {
        Ok(o) => b(f(o)),
        Err(e) if e.kind == ErrorKind::Other => b(false), // NaN
        Err(e) => Err(e),
    }
}

pub(super) fn add(x: &Value, y: &Value) -> EvalResult {
    use Value::*;
    match (x, y) {
        (Int(a), Int(c)) => a.checked_add(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => a.checked_add(*c).map(Uint).ok_or_else(uint_overflow),
        (Double(a), Double(c)) => Ok(Double(a + c)),
        (String(a), String(c)) => {
            let mut st = std::string::String::with_capacity(a.len() + c.len());
            st.push_str(a);
            st.push_str(c);
            Ok(Value::string(&st))
        }
        (Bytes(a), Bytes(c)) => {
            let mut v = a.to_vec();
            v.extend_from_slice(c);
            Ok(Bytes(Arc::from(v)))
        }
        // Charged 1 and a view (nothing copied), but read whole later: see
        // [`super::limits::MAX_LIST_ELEMENTS`].
        (List(a), List(c))
            if a.len().saturating_add(c.len()) > super::limits::MAX_LIST_ELEMENTS =>
        {
            Err(super::limits::built_limit_error())
        }
        (List(a), List(c)) => Ok(concat_lists(a, c)),
        (Duration(a), Duration(c)) => a
            .checked_add(*c)
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        (Timestamp(t), Duration(d)) | (Duration(d), Timestamp(t)) => t
            .checked_add_signed(chrono::TimeDelta::nanoseconds(*d))
            .filter(in_range)
            .map(Timestamp)
            .ok_or_else(timestamp_overflow),
        _ => Err(nso()),
    }
}

fn sub(x: &Value, y: &Value) -> EvalResult {
    use Value::*;
    match (x, y) {
        (Int(a), Int(c)) => a.checked_sub(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => a.checked_sub(*c).map(Uint).ok_or_else(uint_overflow),
        (Double(a), Double(c)) => Ok(Double(a - c)),
        (Duration(a), Duration(c)) => a
            .checked_sub(*c)
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        (Timestamp(t), Duration(d)) => t
            .checked_sub_signed(chrono::TimeDelta::nanoseconds(*d))
            .filter(in_range)
            .map(Timestamp)
            .ok_or_else(timestamp_overflow),
        (Timestamp(a), Timestamp(c)) => (*a - *c)
            .num_nanoseconds()
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        _ => Err(nso()),
    }
}

/// cel-go's `ConvertToType` failure (`common/types/string.go` and the other types).
fn conversion_error(from: &str, to: &str) -> EvalError {
    err(format!("type conversion error from '{from}' to '{to}'"))
}

/// cel-go's `errTimestampOverflow`: a timestamp outside years 1 to 9999.
fn timestamp_overflow() -> EvalError {
    err("timestamp overflow")
}

fn to_int(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Int(_) => Ok(x.clone()),
        Uint(u) => i64::try_from(*u)
            .map(Int)
            .map_err(|_| EvalError::overflow()),
        Double(d) => {
            if d.is_finite() && *d > -9.223_372_036_854_776e18 && *d < 9.223_372_036_854_776e18 {
                Ok(Int(d.trunc() as i64))
            } else {
                Err(EvalError::overflow())
            }
        }
        // cel-go: strconv.ParseInt(s, 10, 64).
        String(st) => st
            .parse::<i64>()
            .map(Int)
            .map_err(|_| conversion_error("string", "int")),
        Duration(d) => Ok(Int(*d)),
        Timestamp(t) => Ok(Int(t.timestamp())),
        Bool(_) => Err(nso()),
        _ => Err(nso()),
    }
}

fn to_uint(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Uint(_) => Ok(x.clone()),
        Int(i) => u64::try_from(*i).map(Uint).map_err(|_| uint_overflow()),
        Double(d) => {
            if d.is_finite() && *d >= 0.0 && *d < 1.844_674_407_370_955_2e19 {
                Ok(Uint(d.trunc() as u64))
            } else {
                Err(uint_overflow())
            }
        }
        // cel-go: strconv.ParseUint(s, 10, 64), which takes no sign at all.
        String(st) if !st.starts_with('+') => st
            .parse::<u64>()
            .map(Uint)
            .map_err(|_| conversion_error("string", "uint")),
        String(_) => Err(conversion_error("string", "uint")),
        _ => Err(nso()),
    }
}

pub(super) fn to_string(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        String(_) => Ok(x.clone()),
        Int(i) => s(i.to_string()),
        Uint(u) => s(u.to_string()),
        Double(d) => s(format_double(*d)),
        Bool(v) => s(v.to_string()),
        Bytes(bs) => std::str::from_utf8(bs)
            .map(Value::string)
            .map_err(|_| err("invalid UTF-8 in bytes, cannot convert to string")),
        Duration(d) => s(format_duration(*d)),
        Timestamp(t) => s(format_timestamp(t)),
        Ip(ip) => s(ip.0.to_string()),
        Cidr(c) => s(c.to_string()),
        Url(u) => s(u.0.to_go_string()),
        _ => Err(nso()),
    }
}

fn time_getter(func: &str, x: &Value, tz: Option<&Value>) -> EvalResult {
    use Value::*;
    match x {
        Duration(d) if tz.is_none() => Ok(Int(match func {
            "getHours" => d / 3_600_000_000_000,
            "getMinutes" => d / 60_000_000_000,
            "getSeconds" => d / 1_000_000_000,
            "getMilliseconds" => d / 1_000_000,
            _ => return Err(nso()),
        })),
        Timestamp(t) => {
            let l = match tz {
                None => t.naive_utc(),
                Some(String(z)) => local_time(t, z)?,
                Some(_) => return Err(nso()),
            };
            Ok(Int(match func {
                "getFullYear" => l.year() as i64,
                "getMonth" => l.month0() as i64,
                "getDate" => l.day() as i64,
                "getDayOfMonth" => l.day0() as i64,
                "getDayOfWeek" => l.weekday().num_days_from_sunday() as i64,
                "getDayOfYear" => l.ordinal0() as i64,
                "getHours" => l.hour() as i64,
                "getMinutes" => l.minute() as i64,
                "getSeconds" => l.second() as i64,
                "getMilliseconds" => (l.nanosecond() / 1_000_000) as i64,
                _ => return Err(nso()),
            }))
        }
        _ => Err(nso()),
    }
}

/// The wall-clock time of `t` in the zone `z`, as cel-go's `timeZone` reads `z` (facts from
/// `common/types/timestamp.go`): without a `:` it is a location for Go's `time.LoadLocation`
/// (`""`/`UTC`, `Local`, or an IANA name from the tz database, which chrono-tz embeds);
/// with one it is `hours:minutes`, each read by `strconv.Atoi`, the minutes subtracted when the
/// text starts with `-`. Anything else fails with Go's error text (`unknown time zone +0530`).
fn local_time(
    t: &chrono::DateTime<chrono::FixedOffset>,
    z: &str,
) -> Result<chrono::NaiveDateTime, EvalError> {
    let Some(colon) = z.find(':') else {
        // The API server runs with UTC as its local zone.
        if z.is_empty() || z == "UTC" || z == "Local" {
            return Ok(t.naive_utc());
        }
        if z.contains("..") || z.starts_with(['/', '\\']) {
            return Err(err("time: invalid location name"));
        }
        let tz: chrono_tz::Tz = z
            .parse()
            .map_err(|_| err(format!("unknown time zone {z}")))?;
        return Ok(t.with_timezone(&tz).naive_local());
    };
    let hours = go_atoi(&z[..colon])?;
    let minutes = go_atoi(&z[colon + 1..])?;
    let offset = if z.starts_with('-') {
        hours.checked_mul(60).and_then(|h| h.checked_sub(minutes))
    } else {
        hours.checked_mul(60).and_then(|h| h.checked_add(minutes))
    };
    offset
        .and_then(chrono::TimeDelta::try_minutes)
        .and_then(|d| t.naive_utc().checked_add_signed(d))
        .ok_or_else(timestamp_overflow)
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits, with Go's error text.
fn go_atoi(s: &str) -> Result<i64, EvalError> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(format!("strconv.Atoi: parsing {s:?}: invalid syntax")));
    }
    s.parse::<i64>()
        .map_err(|_| err(format!("strconv.Atoi: parsing {s:?}: value out of range")))
}
