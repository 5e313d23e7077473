//! The runtime cost of one call of an operator not on the overload table (cel-go's defaults of
//! `interpreter/runtimecost.go`), and the helpers the table's cost functions share (Kubernetes'
//! traversal and size, rounding up).

use super::super::value::Value;

/// Kubernetes `traversalCost`: strings/bytes ⌊len×0.1⌋, lists and maps the sum over elements
/// (maps: keys and values), anything else 1.
pub(super) fn traversal_cost(v: &Value) -> u64 {
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

pub(super) fn ceil(x: f64) -> u64 {
    x.ceil() as u64
}

/// Kubernetes `actualSize`: sizers report their size, everything else 1 (optionals are not
/// unwrapped here, unlike cel-go's).
pub(super) fn k8s_size(v: &Value) -> u64 {
    match v {
        Value::String(_) | Value::Bytes(_) | Value::List(_) | Value::Map(_) => v.actual_size(),
        _ => 1,
    }
}

/// The runtime cost of one call of an operator not on the overload table (cel-go's defaults of
/// `interpreter/runtimecost.go`): `in` a list traverses it, `+` of strings or bytes copies both.
pub fn call_cost(func: &str, _member: bool, args: &[Value]) -> u64 {
    let asz = |i: usize| args.get(i).map(Value::actual_size).unwrap_or(1);
    match (func, args) {
        ("@in", [_, Value::List(_)]) => asz(1),
        ("_+_", [Value::String(_), Value::String(_)])
        | ("_+_", [Value::Bytes(_), Value::Bytes(_)]) => ceil((asz(0) + asz(1)) as f64 * 0.1),
        _ => 1,
    }
}
