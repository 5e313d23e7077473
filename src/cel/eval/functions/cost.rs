//! The helpers the overload table's runtime costs share (Kubernetes' traversal and size,
//! rounding up).

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
