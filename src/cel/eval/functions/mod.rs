//! Every function the Kubernetes CEL environment offers, as pure functions over [`Value`]s,
//! with their runtime costs, one file per library:
//!
//! * `table` — the overload table: per overload id its declaration, implementation, runtime
//!   cost and static estimate; call nodes carry their rows and run them by id. On it:
//!   `standard` (operators, conversions, `size`, string predicates, timestamp/duration
//!   getters, the special forms `&&`, `||`, `?:`, `@not_strictly_false`), `sets` (cel-go ext.Sets), `format` (`string.format`), `strings` (cel-go ext.Strings v2,
//!   with the Kubernetes lists' `indexOf`/`lastIndexOf`), `lists` (cel-go ext.Lists v3),
//!   `optional` (cel-go's optional types), `two_var` (`cel.@mapInsert`) and
//!   `kubernetes` (Kubernetes `lists`, `regex`, `urls`, `authz`, `quantity`, `ip`, `cidr`,
//!   `format`, `semver`, `jsonpatch`).
//! * `merge` — the standard list `+` under Kubernetes list types;
//! * `cost` — the helpers the rows' runtime costs share;
//! * `args` — the helpers the library files share; `limits` — crdlint's bounds on what one
//!   evaluation builds or reads.
//!
//! This file holds field selection and indexing, where a value of the wrong type yields `no
//! such overload`, which the checker normally rules out before evaluation.

/// One overload-table row whose runtime cost is charged before the call (the tables of
/// `kubernetes`, `standard` and `strings`; declared before the modules so they all see it).
macro_rules! row {
    ($id:literal, $decl:literal, $run:expr, $cost:expr, $est:expr) => {
        Overload {
            id: $id,
            decl: $decl,
            run: Run::Strict($run),
            cost: RuntimeCost::Before($cost),
            estimate: Estimate::Call($est),
        }
    };
}

mod args;
mod cost;
mod format;
mod kubernetes;
mod limits;
mod lists;
mod merge;
mod optional;
pub mod overload;
mod sets;
mod standard;
#[cfg(test)]
pub(crate) use standard::string_equality_cost;
pub(crate) use standard::string_traversal_cost;
mod strings;
pub mod table;
mod two_var;

use super::value::{equals, map_key_field, ErrorKind, EvalError, EvalResult, MapValue, Value};

pub use args::display;
use args::{err, nso};
pub use kubernetes::authorizer;
pub use limits::{
    built_beyond_charge, built_limit_error, scanned_beyond_charge, scanned_limit_error, Tracked,
    MAX_BUILT_BYTES, MAX_LIST_ELEMENTS, MAX_SCANNED_BYTES,
};

#[cfg(test)]
use crate::k8s::Behavior;

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
#[inline]
fn field<'a>(m: &'a MapValue, name: &str) -> Option<&'a Value> {
    match m.get_str(name) {
        Some(v) => Some(v),
        None => reserved_field(m, name),
    }
}

/// [`field`] of a name not found as it is: an object stores a field named like a CEL
/// reserved word under its escaped name (`__namespace__`). Apart so that the lookups that
/// find their field (almost all) stay small enough to inline.
#[inline(never)]
fn reserved_field<'a>(m: &'a MapValue, name: &str) -> Option<&'a Value> {
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
#[inline]
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
#[inline]
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

/// Calls `func` as an unchecked expression does, as the newest minor does: through the table's
/// rows of the function (for tests).
#[cfg(test)]
pub fn call_unchecked(func: &str, member: bool, args: &[Value]) -> EvalResult {
    let rows = table::of_function(func, member);
    match table::pick(&rows, args).and_then(|o| o.strict()) {
        Some(run) => run(Behavior::NEWEST, args),
        None => Err(nso()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::call_unchecked as call;

    /// The runtime cost of a call, from its row.
    fn call_cost(func: &str, member: bool, args: &[Value], _result: &EvalResult) -> u64 {
        let rows = table::of_function(func, member);
        table::pick(&rows, args).map_or(0, |o| o.cost_of(args))
    }

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
        let format = table::overload("string_format").unwrap();
        assert_eq!(
            format.strict().unwrap()(
                Behavior::NEWEST,
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
