//! The runtime cost of one call of a library not on the overload table: Kubernetes
//! `library.CostEstimator.CallCost` of its types' `_==_`, then the cel-go defaults of `interpreter/runtimecost.go`; and the helpers the table's cost functions
//! share (Kubernetes' traversal and size).

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

/// The runtime cost of one call: Kubernetes `CallCost` of `_==_`, then cel-go's defaults.
pub fn call_cost(func: &str, member: bool, args: &[Value]) -> u64 {
    // The most frequent calls first (the tables below match the name against every entry
    // in turn). Equality is answered only here: Kubernetes' library types compare at cost 1
    // (their `_==_` overloads), everything else by cel-go's default, a tenth of the smaller
    // size. The other names here cost 1 in the tables below too.
    match (func, args) {
        ("_==_" | "_!=_", [a, b]) => {
            if func == "_==_"
                && matches!(
                    a,
                    Value::Quantity(_)
                        | Value::Ip(_)
                        | Value::Cidr(_)
                        | Value::Format(_)
                        | Value::Url(_)
                        | Value::Semver(_)
                )
            {
                return 1;
            }
            return ceil(a.actual_size().min(b.actual_size()) as f64 * 0.1);
        }
        ("size" | "!_" | "_-_" | "_*_" | "_/_" | "_%_" | "-_", _) => return 1,
        _ => {}
    }
    // cel-go defaults by overload.
    let asz = |i: usize| args.get(i).map(Value::actual_size).unwrap_or(1);
    match (func, args) {
        // The vectors (cel-go v0.29.2) charge the prefix/suffix length.
        ("startsWith" | "endsWith", [Value::String(_), _]) => ceil(asz(1) as f64 * 0.1),
        ("bytes", [Value::String(_)]) | ("string", [Value::Bytes(_)]) => ceil(asz(0) as f64 * 0.1),
        ("@in", [_, Value::List(_)]) => asz(1),
        ("_<_" | "_<=_" | "_>_" | "_>=_", [Value::String(_), Value::String(_)])
        | ("_<_" | "_<=_" | "_>_" | "_>=_", [Value::Bytes(_), Value::Bytes(_)]) => {
            ceil(asz(0).min(asz(1)) as f64 * 0.1)
        }
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
