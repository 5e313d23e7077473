//! The runtime cost of one call: Kubernetes `library.CostEstimator.CallCost` first, then the
//! cel-go defaults of `interpreter/runtimecost.go`.

use super::super::lib;
use super::super::value::{EvalResult, Value};

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
        ("strings.quote", [_]) => ceil(asz(0) as f64 * 0.1),
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

/// The cost of a call that is charged by its result, known before the call builds the result,
/// when the call will succeed; `None` for every other call. `join` is charged a fifth of the
/// joined string's length (Kubernetes `CallCost`), and `l.map(x, s).join()` joins `n` copies
/// of `s`: charging it first stops such a call before it builds what the limit forbids, with
/// the error and cost cel-go reaches after it.
pub fn cost_before(func: &str, args: &[Value]) -> Option<u64> {
    match (func, args) {
        ("join", [Value::List(l), rest @ ..]) if rest.len() <= 1 => {
            let sep = match rest.first() {
                None => 0,
                Some(sep @ Value::String(_)) => sep.actual_size(),
                Some(_) => return None,
            };
            let mut size = sep.saturating_mul(l.len().saturating_sub(1) as u64);
            for x in l.items() {
                match x {
                    Value::String(_) => size = size.saturating_add(x.actual_size()),
                    _ => return None,
                }
            }
            Some(ceil(size as f64 * 0.2))
        }
        _ => None,
    }
}
