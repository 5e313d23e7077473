//! The optional types' list functions `first` and `last`, dispatched by name (not on the
//! overload table yet; cel-go's ext.Lists is, in `lists`).

use crate::k8s::Behavior;

use super::super::value::{EvalResult, Value};
use super::args::not_here;

/// Extension-library functions; `not_here` when `func` is not one of them.
pub(super) fn call(_beh: Behavior, func: &str, _member: bool, args: &[Value]) -> EvalResult {
    use Value::*;
    match (func, args) {
        ("first", [List(l)]) => Ok(match l.get(0) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        ("last", [List(l)]) => Ok(match l.len().checked_sub(1).and_then(|i| l.get(i)) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),

        _ => Err(not_here()),
    }
}
