//! Every function the Kubernetes CEL environment offers, as pure functions over [`Value`]s,
//! with their runtime costs, one file per library:
//!
//! * `standard` — operators, conversions, `size`, string predicates, timestamp/duration
//!   getters, optionals;
//! * `kubernetes` — Kubernetes `lists`, `regex`, `url`, `ip`, `cidr`, `quantity`, `semver`,
//!   `format`;
//! * `ext` — cel-go `ext.Strings` v2, `ext.Sets` and `ext.Lists` v3 (without `sortBy`), with
//!   `string.format` in `format`;
//! * `cost` — [`call_cost`], Kubernetes `CallCost` then cel-go's defaults.
//!
//! This file holds field selection, indexing and the dispatch. Dispatch is dynamic: a value of
//! the wrong type yields `no such overload`, which the checker normally rules out before
//! evaluation.

mod cost;
mod ext;
mod format;
mod kubernetes;
mod standard;

use super::value::{
    equals, format_double, map_key_field, ErrorKind, EvalError, EvalResult, MapValue, Value,
};

pub use cost::{call_cost, cost_before};

use crate::k8s::Behavior;
pub(crate) use ext::quote;

fn nso() -> EvalError {
    EvalError::no_such_overload()
}

/// Bytes of values that the calls charged by their input rather than their result may build
/// in one evaluation: `format` (charged by its format string), `replace` (by the string it
/// searches), both as on the server, and `flatten` (cel-go charges the outer list's size,
/// while the result holds every inner element: `l.map(x, l).flatten()` is n² elements at a
/// cost of about 3n). A comprehension of such calls can build far more than its cost admits
/// (`l.map(x, '%s'.format([l]))` is n² bytes at a cost of about 5n), which would make
/// crdlint's memory grow without bound. Every other call builds a small multiple of its
/// charge at most (string `+` 10 bytes a unit of cost, `split` about 50, `strings.quote`
/// about 60), so no rule within the cost limit comes near this.
/// The server has no such bound: an evaluation that reaches it ends like one over the cost
/// limit, with [`built_limit_error`]'s message saying why. A single call is sized before (or
/// while) it builds, so it never builds more than this either.
pub const MAX_BUILT_BYTES: usize = 64 << 20;

/// The most elements a list `+` may give (a view: nothing is copied until the list is read
/// whole). `+` is charged 1, so `cel.bind(a, l + l, cel.bind(b, a + a, ...))` doubles a list
/// per step; reading it whole (iteration, equality, `join`) copies every element. No list
/// within the server's 3 MiB request reaches this (a list of one-digit numbers has at most
/// 1.5 million elements), so a `+` past it is a built list of more than 200 MB.
pub const MAX_LIST_ELEMENTS: usize = 1 << 23;

/// Bytes of strings that calls charged a constant may read in one evaluation: `size` and
/// `charAt` count a string's characters (cel-go does the same, at cost 1), so
/// `l.all(x, size(s) > 0)` reads `s` once a step. This bound stops such a loop after a few
/// seconds of reading instead of hours; a rule reading its object a thousand times stays far
/// below it.
pub const MAX_SCANNED_BYTES: u64 = 1 << 30;

/// What [`MAX_BUILT_BYTES`] counts of a call's result: the bytes of a `format`/`replace`
/// string, the elements (at `size_of::<Value>()` each) of a `flatten` list; 0 for other
/// calls.
pub fn built_beyond_charge(func: &str, result: &EvalResult) -> usize {
    match (func, result) {
        ("format" | "replace", Ok(Value::String(s))) => s.len(),
        ("flatten", Ok(Value::List(l))) => l.len().saturating_mul(std::mem::size_of::<Value>()),
        _ => 0,
    }
}

/// What [`MAX_SCANNED_BYTES`] counts of a call: the string `size` or `charAt` reads.
pub fn scanned_beyond_charge(func: &str, args: &[Value]) -> u64 {
    match (func, args) {
        ("size" | "charAt", [Value::String(s), ..]) => s.len() as u64,
        _ => 0,
    }
}

/// The error that ends an evaluation over [`MAX_BUILT_BYTES`] or [`MAX_LIST_ELEMENTS`]
/// (never absorbed by `||`/`&&`).
pub fn built_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: the values built by format/replace/flatten calls and list concatenation exceed crdlint's bound of 64 MiB (the API server has none)",
    )
}

/// The error that ends an evaluation over [`MAX_SCANNED_BYTES`].
pub fn scanned_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: the text read by size/charAt calls exceeds crdlint's bound of 1 GiB (the API server has none)",
    )
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
/// escaped `__namespace__` field (Kubernetes 1.31+ type provider). Only a reserved word can:
/// the server unescapes the written name, and any other name unescapes to itself, so a
/// missing field (`has(self.x)` false, which is common) costs one lookup.
fn field<'a>(m: &'a MapValue, name: &str) -> Option<&'a Value> {
    m.get_str(name).or_else(|| {
        m.object.as_ref()?;
        // Every reserved word is 2 to 9 lowercase letters: most names fail that first.
        let maybe = (2..=9).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_lowercase());
        if !maybe || !crate::cel::escaping::is_reserved(name) {
            return None;
        }
        // `__name__` built on the stack: a missing field (`has(self.x)` false) is common and
        // this ran for every one.
        let mut buf = [0u8; 64];
        let n = name.len();
        if n + 4 > buf.len() {
            return m.get_str(&format!("__{name}__"));
        }
        buf[..2].copy_from_slice(b"__");
        buf[2..n + 2].copy_from_slice(name.as_bytes());
        buf[n + 2..n + 4].copy_from_slice(b"__");
        std::str::from_utf8(&buf[..n + 4])
            .ok()
            .and_then(|k| m.get_str(k))
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
    select_ref(v, name).map(std::borrow::Cow::into_owned)
}

/// `v.field`, borrowing the field's value from `v` where it is there (an object's field):
/// a chain `self.spec.x` then copies only what it ends on.
pub fn select_ref<'v>(v: &'v Value, name: &str) -> Result<std::borrow::Cow<'v, Value>, EvalError> {
    use std::borrow::Cow;
    match v {
        Value::Map(m) => match field(m, name) {
            Some(Value::Invalid(e)) => Err(err(&**e)),
            Some(x) => Ok(Cow::Borrowed(x)),
            None => Err(EvalError::no_such_key(name)),
        },
        Value::Invalid(m) => Err(err(&**m)),
        Value::Optional(Some(inner)) => opt_select(inner, name).map(Cow::Owned),
        Value::Optional(None) => Ok(Cow::Owned(Value::none())),
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

/// Calls `func` as the newest minor does; for member calls `args[0]` is the target.
pub fn call(func: &str, member: bool, args: &[Value]) -> EvalResult {
    call_in(Behavior::NEWEST, func, member, args)
}

/// Calls `func` as the minor with behaviours `beh` does.
pub fn call_in(beh: Behavior, func: &str, member: bool, args: &[Value]) -> EvalResult {
    for library in [standard::call, kubernetes::call, ext::call] {
        match library(beh, func, member, args) {
            Err(e) if is_not_here(&e) => continue,
            result => return result,
        }
    }
    Err(nso())
}

/// What a library answers for a function it does not have, so that the dispatcher asks the
/// next one (an empty message: no allocation on the way).
fn not_here() -> EvalError {
    EvalError::new(ErrorKind::NoSuchOverload, String::new())
}

fn is_not_here(e: &EvalError) -> bool {
    e.kind == ErrorKind::NoSuchOverload && e.message.is_empty()
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
