//! cel-go's `ext.Lists` v3 (without `sortBy`) as Kubernetes configures it, and the optional
//! types' list functions, dispatched by name (not on the overload table yet).

use std::cmp::Ordering;

use crate::k8s::Behavior;

use super::super::value::{compare, equals, EvalResult, Value};
use super::args::{err, int_arg, not_here};

/// Extension-library functions; `not_here` when `func` is not one of them.
pub(super) fn call(_beh: Behavior, func: &str, _member: bool, args: &[Value]) -> EvalResult {
    use Value::*;
    match (func, args) {
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
            // Sized before it is built: cel-go charges the outer list's size, while
            // `[l.map(x, l)].flatten(2)` holds n² elements (one call, cost about 3n).
            let len = flattened_len(l.items(), depth);
            if len.saturating_mul(std::mem::size_of::<Value>()) > super::limits::MAX_BUILT_BYTES {
                return Err(super::limits::built_limit_error());
            }
            let mut out = Vec::with_capacity(len);
            flatten_into(l.items(), depth, &mut out);
            Ok(Value::list(out))
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

        _ => Err(not_here()),
    }
}

/// The length of `flatten(items, depth)`, counted without copying: it visits only the lists
/// the flattening descends into, not the elements it would copy.
fn flattened_len(items: &[Value], depth: i64) -> usize {
    items.iter().fold(0usize, |n, x| match x {
        Value::List(l) if depth > 1 => n.saturating_add(flattened_len(l.items(), depth - 1)),
        Value::List(l) if depth == 1 => n.saturating_add(l.len()),
        _ => n.saturating_add(1),
    })
}

fn flatten_into(items: &[Value], depth: i64, out: &mut Vec<Value>) {
    for x in items {
        match x {
            Value::List(l) if depth > 0 => flatten_into(l.items(), depth - 1, out),
            _ => out.push(x.clone()),
        }
    }
}
