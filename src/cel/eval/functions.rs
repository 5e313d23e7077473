//! Every function the Kubernetes CEL environment offers, as pure functions over [`Value`]s,
//! with their runtime costs.
//!
//! Covered: the standard library (operators, conversions, `size`, string predicates,
//! timestamp/duration getters, optionals), Kubernetes `lists`, `regex` (`find`, `findAll`),
//! `url`, `ip`, `cidr`, `quantity`, `semver`, `format`, cel-go `ext.Strings` v2, `ext.Sets` and
//! `ext.Lists` v3 (without `sortBy`). Dispatch is dynamic: a value of the wrong type yields
//! `no such overload`, which the checker normally rules out before evaluation.
//!
//! [`call_cost`] mirrors Kubernetes `library.CostEstimator.CallCost` first, then the cel-go
//! defaults of `interpreter/runtimecost.go`.

use std::cmp::Ordering;
use std::sync::Arc;

use chrono::{Datelike, Timelike};
use indexmap::IndexMap;

use super::convert::parse_go_duration;
use super::interp::concat_lists;
use super::lib::{self, IpAddress};
use super::value::{
    compare, equals, format_double, format_duration, format_timestamp, map_key_field, ErrorKind,
    EvalError, EvalResult, Key, MapValue, Value,
};

fn nso() -> EvalError {
    EvalError::no_such_overload()
}

fn err(m: impl Into<String>) -> EvalError {
    EvalError::other(m)
}

/// Renders a value the way cel-go's `%v` shows keys in errors.
pub fn display(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Uint(u) => u.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Double(d) => format_double(*d),
        other => other.type_name().to_string(),
    }
}

pub fn same_keys(a: &Value, b: &Value, keys: &[String]) -> bool {
    let (Value::Map(a), Value::Map(b)) = (a, b) else {
        return false;
    };
    keys.iter()
        .all(|k| match (map_key_field(a, k), map_key_field(b, k)) {
            (Some(x), Some(y)) => equals(x, y),
            (None, None) => true,
            _ => false,
        })
}

/// Object field lookup; a reserved word written as a field name (`self.namespace`) finds the
/// escaped `__namespace__` field (Kubernetes 1.31+ type provider).
fn field<'a>(m: &'a MapValue, name: &str) -> Option<&'a Value> {
    m.get_str(name).or_else(|| {
        if m.object.is_some() {
            m.get_str(&format!("__{name}__"))
        } else {
            None
        }
    })
}

/// An [`Value::Invalid`] reached by a rule is an evaluation error.
fn surface(v: Value) -> EvalResult {
    match v {
        Value::Invalid(m) => Err(err(&*m)),
        v => Ok(v),
    }
}

/// `v.field`.
pub fn select(v: &Value, name: &str) -> EvalResult {
    let field_name = name;
    match v {
        Value::Map(m) => field(m, field_name)
            .cloned()
            .ok_or_else(|| EvalError::no_such_key(field_name))
            .and_then(surface),
        Value::Invalid(m) => Err(err(&**m)),
        Value::Optional(Some(inner)) => opt_select(inner, field_name),
        Value::Optional(None) => Ok(Value::none()),
        _ => Err(nso()),
    }
}

/// `has(v.field)`.
pub fn has_field(v: &Value, name: &str) -> EvalResult {
    match v {
        Value::Map(m) => match field(m, name) {
            Some(Value::Invalid(e)) => Err(err(&**e)),
            found => Ok(Value::Bool(found.is_some())),
        },
        Value::Invalid(m) => Err(err(&**m)),
        // cel-go's presence test through an optional (`has(x.?a.b)`): an absent optional has
        // nothing, a present one is tested.
        Value::Optional(None) => Ok(Value::Bool(false)),
        Value::Optional(Some(inner)) => has_field(inner, name),
        _ => Err(nso()),
    }
}

/// `v.?field`.
pub fn opt_select(v: &Value, name: &str) -> EvalResult {
    match v {
        Value::Map(m) => Ok(match field(m, name) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        Value::Optional(None) => Ok(Value::none()),
        Value::Optional(Some(inner)) => opt_select(inner, name),
        _ => Err(nso()),
    }
}

fn list_index(len: usize, i: &Value) -> Result<Option<usize>, EvalError> {
    let idx: i128 = match i {
        Value::Int(x) => *x as i128,
        Value::Uint(x) if i64::try_from(*x).is_ok() => *x as i128,
        Value::Uint(_) => {
            return Err(err(format!(
                "unsupported index value {} in list",
                display(i)
            )))
        }
        Value::Double(d) if d.fract() == 0.0 && d.abs() < 9.223_372_036_854_776e18 => *d as i128,
        // cel-go `IndexOrError`: only lossless integers index a list.
        Value::Double(_) => {
            return Err(err(format!(
                "unsupported index value {} in list",
                display(i)
            )))
        }
        _ => {
            return Err(err(format!(
                "unsupported index type '{}' in list",
                i.type_name()
            )))
        }
    };
    if idx < 0 || idx >= len as i128 {
        return Ok(None);
    }
    Ok(Some(idx as usize))
}

/// `v[i]`.
pub fn index(v: &Value, i: &Value) -> EvalResult {
    match v {
        Value::Invalid(m) => Err(err(&**m)),
        Value::List(l) => match list_index(l.len(), i)? {
            Some(ix) => surface(l.get(ix).cloned().unwrap_or(Value::Null)),
            // cel-go's attribute qualifier (`interpreter/attributes.go`, `missingIndex`) says
            // this for every list, literal or from the object.
            None => Err(EvalError::new(
                ErrorKind::IndexOutOfRange,
                format!("index out of bounds: {}", display(i)),
            )),
        },
        Value::Map(m) => m
            .get(i)
            .cloned()
            .ok_or_else(|| EvalError::no_such_key(display(i)))
            .and_then(surface),
        Value::Optional(None) => Ok(Value::none()),
        Value::Optional(Some(inner)) => opt_index(inner, i),
        _ => Err(nso()),
    }
}

/// `v[?i]`.
pub fn opt_index(v: &Value, i: &Value) -> EvalResult {
    match v {
        Value::List(l) => Ok(match list_index(l.len(), i)? {
            Some(ix) => Value::some(l.get(ix).cloned().unwrap_or(Value::Null)),
            None => Value::none(),
        }),
        Value::Map(m) => Ok(match m.get(i) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        Value::Optional(None) => Ok(Value::none()),
        Value::Optional(Some(inner)) => opt_index(inner, i),
        _ => Err(nso()),
    }
}

fn b(x: bool) -> EvalResult {
    Ok(Value::Bool(x))
}

fn s(x: impl AsRef<str>) -> EvalResult {
    Ok(Value::string(x.as_ref()))
}

fn str_arg(v: &Value) -> Result<&str, EvalError> {
    v.as_str().ok_or_else(nso)
}

fn int_arg(v: &Value) -> Result<i64, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        _ => Err(nso()),
    }
}

/// Calls `func`; for member calls `args[0]` is the target.
pub fn call(func: &str, member: bool, args: &[Value]) -> EvalResult {
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
        ("cel.@mapInsert", [Map(m), k, v]) => {
            let key = Key::from_value(k)?;
            if m.entries.contains_key(&key) {
                return Err(err(format!(
                    "insert failed: key {} already exists",
                    display(k)
                )));
            }
            let mut e = m.entries.clone();
            e.insert(key, v.clone());
            Ok(Value::map(e))
        }
        ("cel.@mapInsert", [Map(m), Map(n)]) => {
            let mut e = m.entries.clone();
            for (k, v) in &n.entries {
                if e.contains_key(k) {
                    return Err(err(format!(
                        "insert failed: key {} already exists",
                        display(&k.to_value())
                    )));
                }
                e.insert(k.clone(), v.clone());
            }
            Ok(Value::map(e))
        }

        // ---- standard library ----
        ("size", [x]) => match x {
            String(_) | Bytes(_) | List(_) | Map(_) => Ok(Int(x.actual_size() as i64)),
            _ => Err(nso()),
        },
        ("contains", [String(a), String(c)]) => b(a.contains(&**c)),
        ("startsWith", [String(a), String(c)]) => b(a.starts_with(&**c)),
        ("endsWith", [String(a), String(c)]) => b(a.ends_with(&**c)),
        ("matches", [String(a), String(re)]) => {
            let r = lib::regex(re).map_err(err)?;
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

        // ---- optionals ----
        ("optional.of", [x]) => Ok(Value::some(x.clone())),
        ("optional.none", []) => Ok(Value::none()),
        ("optional.ofNonZeroValue", [x]) => Ok(if is_zero(x) {
            Value::none()
        } else {
            Value::some(x.clone())
        }),
        ("hasValue", [Optional(o)]) => b(o.is_some()),
        ("value", [Optional(o)]) => match o {
            Some(v) => Ok((**v).clone()),
            None => Err(err("optional.none() dereference")),
        },
        ("orValue", [Optional(o), d]) => Ok(match o {
            Some(v) => (**v).clone(),
            None => d.clone(),
        }),
        ("or", [Optional(o), other @ Optional(_)]) => Ok(match o {
            Some(_) => args[0].clone(),
            None => other.clone(),
        }),

        // ---- Kubernetes lists ----
        ("isSorted", [List(l)]) => {
            for w in l.items().windows(2) {
                if compare_list_elems(&w[0], &w[1])? == Ordering::Greater {
                    return b(false);
                }
            }
            b(true)
        }
        ("sum", [List(l), zero]) if l.is_empty() => Ok(zero.clone()),
        ("sum", [List(l), ..]) => {
            let mut acc: Option<Value> = None;
            for x in l.items() {
                acc = Some(match acc {
                    None => x.clone(),
                    Some(a) => add(&a, x)?,
                });
            }
            match acc {
                Some(v) => Ok(v),
                None => Ok(Int(0)),
            }
        }
        ("min" | "max", [List(l)]) => {
            let want = if func == "min" {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            let mut it = l.items().iter();
            let Some(first) = it.next() else {
                return Err(err(format!("{func} called on empty list")));
            };
            let mut best = first;
            for x in it {
                if compare_list_elems(x, best)? == want {
                    best = x;
                }
            }
            Ok(best.clone())
        }
        ("indexOf", [List(l), x]) => Ok(Int(l
            .items()
            .iter()
            .position(|e| equals(e, x))
            .map(|p| p as i64)
            .unwrap_or(-1))),
        ("lastIndexOf", [List(l), x]) => Ok(Int(l
            .items()
            .iter()
            .rposition(|e| equals(e, x))
            .map(|p| p as i64)
            .unwrap_or(-1))),

        // ---- regex ----
        ("find", [String(a), String(re)]) => {
            let r = lib::regex(re).map_err(err)?;
            s(r.find(a).map(|m| m.as_str()).unwrap_or(""))
        }
        ("findAll", [String(a), String(re), rest @ ..]) if rest.len() <= 1 => {
            let r = lib::regex(re).map_err(err)?;
            let limit = match rest.first() {
                Some(Int(n)) => *n,
                Some(_) => return Err(nso()),
                None => -1,
            };
            let mut out = Vec::new();
            if limit != 0 {
                for m in r.find_iter(a) {
                    if limit > 0 && out.len() as i64 >= limit {
                        break;
                    }
                    out.push(Value::string(m.as_str()));
                }
            }
            Ok(Value::list(out))
        }

        // ---- URLs ----
        ("url", [String(st)]) => lib::Url::parse_request_uri(st)
            .map(|u| Value::Url(Arc::new(u)))
            .map_err(|e| {
                err(format!(
                    "URL parse error during conversion from string: {e}"
                ))
            }),
        ("isURL", [String(st)]) => b(lib::Url::parse_request_uri(st).is_ok()),
        ("getScheme", [Value::Url(u)]) => s(&u.scheme),
        ("getHost", [Value::Url(u)]) => s(&u.host),
        ("getHostname", [Value::Url(u)]) => s(u.hostname()),
        ("getPort", [Value::Url(u)]) => s(u.port()),
        ("getEscapedPath", [Value::Url(u)]) => s(u.escaped_path()),
        ("getQuery", [Value::Url(u)]) => {
            let mut m = IndexMap::new();
            for (k, vs) in u.query() {
                m.insert(
                    Key::String(Arc::from(k.as_str())),
                    Value::list(vs.iter().map(|v| Value::string(v)).collect()),
                );
            }
            Ok(Value::map(m))
        }

        // ---- IP / CIDR ----
        ("ip", [String(st)]) if !member => lib::parse_ip(st)
            .map(|ip| Ip(Arc::new(IpAddress(ip))))
            .map_err(err),
        ("isIP", [String(st)]) => b(lib::parse_ip(st).is_ok()),
        ("ip.isCanonical", [String(st)]) => {
            let ip = lib::parse_ip(st).map_err(err)?;
            b(ip.to_string() == **st)
        }
        ("family", [Ip(ip)]) => Ok(Int(lib::ip_family(&ip.0))),
        ("isUnspecified", [Ip(ip)]) => b(ip.0.is_unspecified()),
        ("isLoopback", [Ip(ip)]) => b(ip.0.is_loopback()),
        ("isLinkLocalMulticast", [Ip(ip)]) => b(lib::ip_is_link_local_multicast(&ip.0)),
        ("isLinkLocalUnicast", [Ip(ip)]) => b(lib::ip_is_link_local_unicast(&ip.0)),
        ("isGlobalUnicast", [Ip(ip)]) => b(lib::ip_is_global_unicast(&ip.0)),
        ("cidr", [String(st)]) => lib::parse_cidr(st).map(|c| Cidr(Arc::new(c))).map_err(err),
        ("isCIDR", [String(st)]) => b(lib::parse_cidr(st).is_ok()),
        ("containsIP", [Cidr(c), x]) => {
            let ip = match x {
                Ip(ip) => ip.0,
                String(st) => lib::parse_ip(st).map_err(err)?,
                _ => return Err(nso()),
            };
            b(c.contains_ip(&ip))
        }
        ("containsCIDR", [Cidr(c), x]) => {
            let other = match x {
                Cidr(o) => (**o).clone(),
                String(st) => lib::parse_cidr(st).map_err(err)?,
                _ => return Err(nso()),
            };
            b(c.contains_cidr(&other))
        }
        ("ip", [Cidr(c)]) if member => Ok(Ip(Arc::new(IpAddress(c.addr)))),
        ("masked", [Cidr(c)]) => Ok(Cidr(Arc::new(c.masked()))),
        ("prefixLength", [Cidr(c)]) => Ok(Int(c.prefix as i64)),

        // ---- quantity ----
        ("quantity", [String(st)]) => lib::Quantity::parse(st)
            .map(|q| Value::Quantity(Arc::new(q)))
            .map_err(err),
        ("isQuantity", [String(st)]) => b(lib::Quantity::parse(st).is_ok()),
        ("sign", [Value::Quantity(q)]) => Ok(Int(q.sign())),
        ("isInteger", [Value::Quantity(q)]) => b(q.as_i64().is_some()),
        ("asInteger", [Value::Quantity(q)]) => q
            .as_i64()
            .map(Int)
            .ok_or_else(|| err("cannot convert value to integer")),
        ("asApproximateFloat", [Value::Quantity(q)]) => Ok(Double(q.approx())),
        ("add" | "sub", [Value::Quantity(q), o]) => {
            let other = match o {
                Value::Quantity(o) => (**o).clone(),
                Int(i) => lib::Quantity {
                    mantissa: *i as i128,
                    exp10: 0,
                    exp2: 0,
                },
                _ => return Err(nso()),
            };
            q.add(&other, func == "sub")
                .map(|r| Value::Quantity(Arc::new(r)))
                .ok_or_else(EvalError::overflow)
        }
        ("isGreaterThan" | "isLessThan" | "compareTo", [x, y]) => {
            let o = match (x, y) {
                (Value::Quantity(a), Value::Quantity(c)) => a.cmp_value(c),
                (Value::Semver(a), Value::Semver(c)) => a.compare(c),
                _ => return Err(nso()),
            };
            match func {
                "isGreaterThan" => b(o == Ordering::Greater),
                "isLessThan" => b(o == Ordering::Less),
                _ => Ok(Int(o as i64)),
            }
        }

        // ---- semver ----
        ("semver", [String(st), rest @ ..]) if rest.len() <= 1 => {
            let norm = matches!(rest.first(), Some(Bool(true)));
            lib::Semver::parse(st, norm)
                .map(|v| Value::Semver(Arc::new(v)))
                .map_err(err)
        }
        ("isSemver", [String(st), rest @ ..]) if rest.len() <= 1 => {
            let norm = matches!(rest.first(), Some(Bool(true)));
            b(lib::Semver::parse(st, norm).is_ok())
        }
        ("major", [Value::Semver(v)]) => Ok(Int(v.major as i64)),
        ("minor", [Value::Semver(v)]) => Ok(Int(v.minor as i64)),
        ("patch", [Value::Semver(v)]) => Ok(Int(v.patch as i64)),

        // ---- format ----
        ("format.named", [String(st)]) => Ok(if lib::FORMAT_NAMES.contains(&&**st) {
            Value::some(Format(st.clone()))
        } else {
            Value::none()
        }),
        ("validate", [Format(f), String(st)]) => {
            let errs = lib::validate_format(f, st).unwrap_or_default();
            Ok(if errs.is_empty() {
                Value::none()
            } else {
                Value::some(Value::list(errs.iter().map(|e| Value::string(e)).collect()))
            })
        }
        (f, []) if f.starts_with("format.") && lib::FORMAT_NAMES.contains(&&f[7..]) => {
            Ok(Format(Arc::from(&f[7..])))
        }

        // ---- ext.Strings v2 ----
        ("charAt", [String(st), Int(i)]) => {
            let n = st.chars().count() as i64;
            if *i < 0 || *i > n {
                return Err(err(format!("index out of range: {i}")));
            }
            s(st.chars()
                .nth(*i as usize)
                .map(|c| c.to_string())
                .unwrap_or_default())
        }
        ("indexOf", [String(st), String(sub), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let start = match rest.first() {
                Some(x) => int_arg(x)?,
                None => 0,
            };
            if start < 0 || start as usize > chars.len() {
                return Err(err(format!("index out of range: {start}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Int(find_chars(&chars, &subc, start as usize, false)))
        }
        ("lastIndexOf", [String(st), String(sub), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let end = match rest.first() {
                Some(x) => int_arg(x)?,
                None => chars.len() as i64,
            };
            if end < 0 || end as usize > chars.len() {
                return Err(err(format!("index out of range: {end}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Int(find_chars(&chars, &subc, end as usize, true)))
        }
        ("lowerAscii", [String(st)]) => s(st.to_ascii_lowercase()),
        ("upperAscii", [String(st)]) => s(st.to_ascii_uppercase()),
        ("replace", [String(st), String(from), String(to), rest @ ..]) if rest.len() <= 1 => {
            let n = match rest.first() {
                Some(x) => int_arg(x)?,
                None => -1,
            };
            if n < 0 {
                s(st.replace(&**from, to))
            } else {
                s(st.replacen(&**from, to, n as usize))
            }
        }
        ("split", [String(st), String(sep), rest @ ..]) if rest.len() <= 1 => {
            let n = match rest.first() {
                Some(x) => int_arg(x)?,
                None => -1,
            };
            let parts: Vec<Value> = if n == 0 {
                vec![]
            } else if sep.is_empty() {
                let chars: Vec<char> = st.chars().collect();
                let lim = if n < 0 {
                    chars.len()
                } else {
                    (n as usize).min(chars.len())
                };
                let mut out: Vec<Value> = chars
                    .iter()
                    .take(lim.saturating_sub(1))
                    .map(|c| Value::string(&c.to_string()))
                    .collect();
                if lim > 0 {
                    out.push(Value::string(
                        &chars[lim - 1..].iter().collect::<std::string::String>(),
                    ));
                }
                out
            } else if n < 0 {
                st.split(&**sep).map(Value::string).collect()
            } else {
                st.splitn(n as usize, &**sep).map(Value::string).collect()
            };
            Ok(Value::list(parts))
        }
        ("substring", [String(st), Int(a), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let n = chars.len() as i64;
            let e = match rest.first() {
                Some(x) => int_arg(x)?,
                None => n,
            };
            if *a < 0 || *a > n {
                return Err(err(format!("index out of range: {a}")));
            }
            if e < 0 || e > n {
                return Err(err(format!("index out of range: {e}")));
            }
            if *a > e {
                return Err(err(format!(
                    "invalid substring range. start: {a}, end: {e}"
                )));
            }
            s(chars[*a as usize..e as usize]
                .iter()
                .collect::<std::string::String>())
        }
        ("trim", [String(st)]) => s(st.trim()),
        ("join", [List(l), rest @ ..]) if rest.len() <= 1 => {
            let sep = match rest.first() {
                Some(x) => str_arg(x)?,
                None => "",
            };
            let mut out = std::string::String::new();
            for (i, x) in l.items().iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                out.push_str(str_arg(x)?);
            }
            s(out)
        }
        ("strings.quote", [String(st)]) => s(quote(st)),
        ("format", [String(fmt), List(l)]) => string_format(fmt, l.items()).map(Value::String),

        // ---- ext.Sets ----
        ("sets.contains", [List(a), List(c)]) => b(c
            .items()
            .iter()
            .all(|x| a.items().iter().any(|y| equals(x, y)))),
        ("sets.intersects", [List(a), List(c)]) => b(c
            .items()
            .iter()
            .any(|x| a.items().iter().any(|y| equals(x, y)))),
        ("sets.equivalent", [List(a), List(c)]) => b(c
            .items()
            .iter()
            .all(|x| a.items().iter().any(|y| equals(x, y)))
            && a.items()
                .iter()
                .all(|x| c.items().iter().any(|y| equals(x, y)))),

        // ---- ext.Lists v3 ----
        ("slice", [List(l), Int(a), Int(e)]) => {
            let n = l.len() as i64;
            if *a < 0 || *e < 0 {
                return Err(err(format!(
                    "cannot slice({a}, {e}), negative indexes not supported"
                )));
            }
            if a > e {
                return Err(err(format!(
                    "cannot slice({a}, {e}), start index must be less than or equal to end index"
                )));
            }
            if *e > n {
                return Err(err(format!("cannot slice({a}, {e}), list is length {n}")));
            }
            Ok(Value::list(
                (*a as usize..*e as usize)
                    .filter_map(|i| l.get(i).cloned())
                    .collect(),
            ))
        }
        ("flatten", [List(l), rest @ ..]) if rest.len() <= 1 => {
            let depth = match rest.first() {
                Some(x) => int_arg(x)?,
                None => 1,
            };
            if depth < 0 {
                return Err(err("level must be non-negative"));
            }
            Ok(Value::list(flatten(l.items(), depth)))
        }
        ("distinct", [List(l)]) => {
            let mut out: Vec<Value> = Vec::new();
            for x in l.items() {
                if !out.iter().any(|y| equals(x, y)) {
                    out.push(x.clone());
                }
            }
            Ok(Value::list(out))
        }
        ("reverse", [List(l)]) => Ok(Value::list(l.items().iter().rev().cloned().collect())),
        ("sort", [List(l)]) => {
            let mut items = l.items().to_vec();
            let mut failed = None;
            items.sort_by(|x, y| match compare(x, y) {
                Ok(o) => o,
                Err(e) => {
                    failed.get_or_insert(e);
                    Ordering::Equal
                }
            });
            match failed {
                Some(e) => Err(e),
                None => Ok(Value::list(items)),
            }
        }
        ("first", [List(l)]) => Ok(match l.get(0) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        ("last", [List(l)]) => Ok(match l.len().checked_sub(1).and_then(|i| l.get(i)) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        ("includes", [List(l), x]) => b(l.items().iter().any(|e| equals(e, x))),
        ("includes", [String(a), String(c)]) => b(a.contains(&**c)),
        ("jsonpatch.escapeKey", [String(k)]) => s(k.replace('~', "~0").replace('/', "~1")),
        ("lists.range", [Int(n)]) => Ok(Value::list((0..(*n).max(0)).map(Int).collect())),
        ("@sortByAssociatedKeys", [List(l), List(keys)]) => {
            if l.len() != keys.len() {
                return Err(err("@sortByAssociatedKeys() expected a list of the same size as the associated keys list"));
            }
            let mut idx: Vec<usize> = (0..l.len()).collect();
            let mut failed = None;
            idx.sort_by(|&x, &y| match compare(&keys.items()[x], &keys.items()[y]) {
                Ok(o) => o,
                Err(e) => {
                    failed.get_or_insert(e);
                    Ordering::Equal
                }
            });
            match failed {
                Some(e) => Err(e),
                None => Ok(Value::list(
                    idx.into_iter().map(|i| l.items()[i].clone()).collect(),
                )),
            }
        }

        _ => Err(nso()),
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

/// Kubernetes lists library comparisons: elements must be comparable and of one type.
fn compare_list_elems(a: &Value, b: &Value) -> Result<Ordering, EvalError> {
    match compare(a, b) {
        Ok(o) => Ok(o),
        Err(e) if e.kind == ErrorKind::Other => Ok(Ordering::Equal),
        Err(e) => Err(e),
    }
}

fn add(x: &Value, y: &Value) -> EvalResult {
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

fn to_string(x: &Value) -> EvalResult {
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
        Url(u) => s(&u.raw),
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

fn is_zero(x: &Value) -> bool {
    use Value::*;
    match x {
        Null => true,
        Bool(v) => !v,
        Int(i) => *i == 0,
        Uint(u) => *u == 0,
        Double(d) => *d == 0.0,
        String(st) => st.is_empty(),
        Bytes(bs) => bs.is_empty(),
        List(l) => l.is_empty(),
        Map(m) => m.entries.is_empty(),
        Duration(d) => *d == 0,
        // Go's zero time.Time: 0001-01-01T00:00:00Z.
        Timestamp(t) => t.timestamp() == -62_135_596_800 && t.timestamp_subsec_nanos() == 0,
        _ => false,
    }
}

fn find_chars(hay: &[char], needle: &[char], pos: usize, last: bool) -> i64 {
    if needle.is_empty() {
        return pos as i64;
    }
    if needle.len() > hay.len() {
        return -1;
    }
    if last {
        let start_max = pos.min(hay.len() - needle.len());
        (0..=start_max)
            .rev()
            .find(|&i| hay[i..i + needle.len()] == *needle)
            .map(|i| i as i64)
            .unwrap_or(-1)
    } else {
        (pos..=hay.len().saturating_sub(needle.len()))
            .find(|&i| i + needle.len() <= hay.len() && hay[i..i + needle.len()] == *needle)
            .map(|i| i as i64)
            .unwrap_or(-1)
    }
}

fn flatten(items: &[Value], depth: i64) -> Vec<Value> {
    let mut out = Vec::new();
    for x in items {
        match x {
            Value::List(l) if depth > 0 => out.extend(flatten(l.items(), depth - 1)),
            _ => out.push(x.clone()),
        }
    }
    out
}

/// Go `strconv.Quote`-like quoting that `strings.quote` uses.
pub(crate) fn quote(st: &str) -> std::string::String {
    let mut out = std::string::String::from("\"");
    for c in st.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// ext.Strings `format`: `%s %d %f %e %x %X %o %b %%` with optional `.N` precision.
fn string_format(fmt: &str, args: &[Value]) -> Result<Arc<str>, EvalError> {
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

/// Kubernetes `traversalCost`: strings/bytes ⌊len×0.1⌋, lists and maps the sum over elements
/// (maps: keys and values), anything else 1.
fn traversal_cost(v: &Value) -> u64 {
    match v {
        Value::String(st) => (st.len() as f64 * 0.1) as u64,
        Value::Bytes(bs) => (bs.len() as f64 * 0.1) as u64,
        Value::List(l) => l.items().iter().map(traversal_cost).sum(),
        Value::Map(m) => m
            .entries
            .iter()
            .map(|(k, x)| traversal_cost(&k.to_value()) + traversal_cost(x))
            .sum(),
        _ => 1,
    }
}

fn ceil(x: f64) -> u64 {
    x.ceil() as u64
}

/// Kubernetes `actualSize`: sizers report their size, everything else 1 (optionals are not
/// unwrapped here, unlike cel-go's).
fn k8s_size(v: &Value) -> u64 {
    match v {
        Value::String(_) | Value::Bytes(_) | Value::List(_) | Value::Map(_) => v.actual_size(),
        _ => 1,
    }
}

/// The runtime cost of one call: Kubernetes `CallCost`, the ext.Sets trackers, then cel-go's
/// defaults.
pub fn call_cost(func: &str, member: bool, args: &[Value], result: &EvalResult) -> u64 {
    let sz = |i: usize| args.get(i).map(k8s_size).unwrap_or(1);
    match func {
        "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" | "includes" => {
            return args.first().map(traversal_cost).unwrap_or(0)
        }
        "url" | "lowerAscii" | "upperAscii" | "substring" | "trim" | "jsonpatch.escapeKey"
            if !args.is_empty() =>
        {
            return ceil(sz(0) as f64 * 0.1)
        }
        "replace" | "split" if !args.is_empty() => return ceil(sz(0) as f64 * 0.2),
        "join" if !args.is_empty() => {
            let r = result.as_ref().map(k8s_size).unwrap_or(1);
            return ceil(r as f64 * 0.2);
        }
        "find" | "findAll" if args.len() >= 2 => {
            return ceil((1.0 + sz(0) as f64) * 0.1) * ceil(sz(1) as f64 * 0.25)
        }
        "cidr" | "isIP" | "isCIDR" if !args.is_empty() => return ceil(sz(0) as f64 * 0.1),
        "ip" if !args.is_empty() => {
            if member && matches!(args[0], Value::Cidr(_)) {
                return 1;
            }
            return ceil(sz(0) as f64 * 0.1);
        }
        "ip.isCanonical" if !args.is_empty() => return ceil(sz(0) as f64 * 0.2),
        "masked"
        | "prefixLength"
        | "family"
        | "isUnspecified"
        | "isLoopback"
        | "isLinkLocalMulticast"
        | "isLinkLocalUnicast"
        | "isGlobalUnicast" => return 1,
        "containsIP" if args.len() >= 2 => {
            let c = sz(0);
            let mut cost = ceil((c + c) as f64 * 0.1);
            if matches!(args[1], Value::String(_)) {
                cost += ceil(sz(1) as f64 * 0.1);
            }
            return cost;
        }
        "containsCIDR" if args.len() >= 2 => {
            let c = sz(0);
            let mut cost = ceil((c + c) as f64 * 0.1) + ceil(c as f64 * 0.1) + 1;
            if matches!(args[1], Value::String(_)) {
                cost += ceil(sz(1) as f64 * 0.1);
            }
            return cost;
        }
        "quantity" | "isQuantity" | "semver" | "isSemver" if !args.is_empty() => {
            return ceil(sz(0) as f64 * 0.1)
        }
        "validate" if args.len() >= 2 => {
            if let Value::Format(f) = &args[0] {
                let re = lib::format_max_regex_size(f);
                return ceil((1.0 + sz(1) as f64) * 0.1) * ceil(re as f64 * 0.25);
            }
        }
        "format.named" => return 1,
        "sign" | "asInteger" | "isInteger" | "asApproximateFloat" | "isGreaterThan"
        | "isLessThan" | "compareTo" | "add" | "sub" | "major" | "minor" | "patch" => return 1,
        "getScheme" | "getHostname" | "getHost" | "getPort" | "getEscapedPath" | "getQuery" => {
            return 1
        }
        "_==_" if args.len() == 2 => {
            if matches!(
                args[0],
                Value::Quantity(_)
                    | Value::Ip(_)
                    | Value::Cidr(_)
                    | Value::Format(_)
                    | Value::Url(_)
                    | Value::Semver(_)
            ) {
                return 1;
            }
        }
        "sets.contains" | "sets.intersects" if args.len() == 2 => {
            return 1 + args[0].actual_size() * args[1].actual_size()
        }
        "sets.equivalent" if args.len() == 2 => {
            return 1 + ((args[0].actual_size() * args[1].actual_size()) as f64 * 2.0) as u64
        }
        _ => {}
    }
    // cel-go ext.Lists v3 cost trackers.
    let sq_factor = |l: &Value| match l {
        Value::List(l) if matches!(l.items().first(), Some(Value::String(_) | Value::Bytes(_))) => {
            2.1
        }
        _ => 2.0,
    };
    match (func, args) {
        ("slice", [_, Value::Int(a), Value::Int(e)]) => {
            return (e.saturating_sub(*a)).max(0) as u64 + 11
        }
        ("flatten", [l, rest @ ..]) => {
            let d = match rest.first() {
                Some(Value::Int(d)) => (*d).max(0) as u64,
                _ => 1,
            };
            return d.saturating_mul(l.actual_size()) + 11;
        }
        ("lists.range", [Value::Int(n)]) => return (*n).max(0) as u64 + 11,
        ("reverse", [l @ Value::List(_)]) => return l.actual_size() + 11,
        ("distinct" | "sort", [l @ Value::List(_)]) => {
            let n = l.actual_size() as f64;
            return (n * n * sq_factor(l)) as u64 + 11;
        }
        ("@sortByAssociatedKeys", [_, keys @ Value::List(_)]) => {
            let n = keys.actual_size() as f64;
            return (n * n * sq_factor(keys)) as u64 + 11;
        }
        _ => {}
    }
    // cel-go defaults by overload.
    let asz = |i: usize| args.get(i).map(Value::actual_size).unwrap_or(1);
    match (func, args) {
        // The vectors (cel-go v0.29.2) charge the prefix/suffix length.
        ("startsWith" | "endsWith", [Value::String(_), _]) => ceil(asz(1) as f64 * 0.1),
        ("bytes", [Value::String(_)]) | ("string", [Value::Bytes(_)]) => ceil(asz(0) as f64 * 0.1),
        ("strings.quote", [_]) | ("format", [Value::String(_), _]) => ceil(asz(0) as f64 * 0.1),
        ("@in", [_, Value::List(_)]) => asz(1),
        ("_<_" | "_<=_" | "_>_" | "_>=_", [Value::String(_), Value::String(_)])
        | ("_<_" | "_<=_" | "_>_" | "_>=_", [Value::Bytes(_), Value::Bytes(_)])
        | ("_==_" | "_!=_", [_, _]) => ceil(asz(0).min(asz(1)) as f64 * 0.1),
        ("_+_", [Value::String(_), Value::String(_)])
        | ("_+_", [Value::Bytes(_), Value::Bytes(_)]) => ceil((asz(0) + asz(1)) as f64 * 0.1),
        ("matches", [Value::String(_), Value::String(_)]) if member => {
            ceil((1.0 + asz(0) as f64) * 0.1) * ceil(asz(1) as f64 * 0.25)
        }
        ("contains", [Value::String(_), Value::String(_)]) => {
            ceil(asz(0) as f64 * 0.1) * ceil(asz(1) as f64 * 0.1)
        }
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn strings_ext() {
        assert!(matches!(
            call("indexOf", true, &[st("hello"), st("l")]),
            Ok(Value::Int(2))
        ));
        assert!(matches!(
            call("lastIndexOf", true, &[st("hello"), st("l")]),
            Ok(Value::Int(3))
        ));
        assert_eq!(
            call(
                "substring",
                true,
                &[st("héllo"), Value::Int(1), Value::Int(3)]
            )
            .unwrap()
            .as_str(),
            Some("él")
        );
        assert_eq!(
            call(
                "replace",
                true,
                &[st("aaa"), st("a"), st("b"), Value::Int(2)]
            )
            .unwrap()
            .as_str(),
            Some("bba")
        );
        let Value::List(l) = call("split", true, &[st("a,b,c"), st(",")]).unwrap() else {
            panic!()
        };
        assert_eq!(l.len(), 3);
        assert_eq!(
            call("strings.quote", false, &[st("a\"b")])
                .unwrap()
                .as_str(),
            Some("\"a\\\"b\"")
        );
        assert_eq!(
            call(
                "format",
                true,
                &[st("%s-%d"), Value::list(vec![st("x"), Value::Int(3)])]
            )
            .unwrap()
            .as_str(),
            Some("x-3")
        );
    }

    #[test]
    fn kubernetes_lists() {
        let l = Value::list(vec![Value::Int(3), Value::Int(1)]);
        assert!(matches!(
            call("min", true, std::slice::from_ref(&l)),
            Ok(Value::Int(1))
        ));
        assert!(matches!(
            call("sum", true, std::slice::from_ref(&l)),
            Ok(Value::Int(4))
        ));
        assert!(matches!(
            call("isSorted", true, std::slice::from_ref(&l)),
            Ok(Value::Bool(false))
        ));
        assert_eq!(
            call("max", true, &[Value::list(vec![])])
                .unwrap_err()
                .message,
            "max called on empty list"
        );
    }

    #[test]
    fn costs_of_library_calls() {
        let s10 = st("0123456789");
        assert_eq!(
            call_cost(
                "startsWith",
                true,
                &[s10.clone(), st("0")],
                &Ok(Value::Bool(true))
            ),
            1
        );
        assert_eq!(
            call_cost(
                "matches",
                true,
                &[s10.clone(), st("[0-9]+")],
                &Ok(Value::Bool(true))
            ),
            2 * 2
        );
        assert_eq!(
            call_cost(
                "matches",
                false,
                &[s10.clone(), st("[0-9]+")],
                &Ok(Value::Bool(true))
            ),
            1
        );
        assert_eq!(
            call_cost(
                "_==_",
                false,
                &[s10.clone(), s10.clone()],
                &Ok(Value::Bool(true))
            ),
            1
        );
        assert_eq!(
            call_cost(
                "sum",
                true,
                &[Value::list(vec![Value::Int(1), Value::Int(2)])],
                &Ok(Value::Int(3))
            ),
            2
        );
    }

    #[test]
    fn quantity_and_semver_compare() {
        let q = call("quantity", false, &[st("1Gi")]).unwrap();
        let r = call("quantity", false, &[st("1G")]).unwrap();
        assert!(matches!(
            call("isGreaterThan", true, &[q, r]),
            Ok(Value::Bool(true))
        ));
        let a = call("semver", false, &[st("1.2.3")]).unwrap();
        let c = call("semver", false, &[st("1.10.0")]).unwrap();
        assert!(matches!(
            call("compareTo", true, &[a, c]),
            Ok(Value::Int(-1))
        ));
    }

    #[test]
    fn timestamps() {
        let t = call("timestamp", false, &[st("2023-01-02T03:04:05Z")]).unwrap();
        assert!(matches!(
            call("getFullYear", true, std::slice::from_ref(&t)),
            Ok(Value::Int(2023))
        ));
        assert!(matches!(
            call("getMonth", true, std::slice::from_ref(&t)),
            Ok(Value::Int(0))
        ));
        let d = call("duration", false, &[st("1h")]).unwrap();
        let later = call("_+_", false, &[t.clone(), d]).unwrap();
        assert!(matches!(
            call("getHours", true, &[later]),
            Ok(Value::Int(4))
        ));
        assert!(super::super::convert::parse_date_time("2023-01-02T03:04:05Z").is_some());
    }
}
