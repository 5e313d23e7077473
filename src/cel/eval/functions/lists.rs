//! cel-go's `ext.Lists` v3 (`ext/lists.go`, without `sortBy`, which Kubernetes 1.34 enables
//! through `@sortByAssociatedKeys`) on the overload table: the implementations, cel-go's cost
//! trackers and its per-overload estimators.

use std::cmp::Ordering;
use std::ops::Add;

use super::super::value::{compare, equals, EvalResult, Value};
use super::args::{err, int_arg, nso};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use crate::cel::ast::{ExprKind, Literal};
use crate::cel::estimate::library::{size_of, CallEstimate};
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::{
    CostEstimate, SizeEstimate, LIST_CREATE_BASE_COST, STRING_TRAVERSAL_COST_FACTOR,
};
use crate::k8s::Behavior;

/// The library's overloads (Kubernetes enables version 3 from 1.34, `base.go`). `sort` and
/// `@sortByAssociatedKeys` have one overload per comparable element type; a call on
/// `list(dyn)` has all eight as candidates, and [`super::table::pick`] runs the first, so
/// their implementations and runtime costs look at the elements, not at the row.
pub static OVERLOADS: &[Overload] = &[
    Overload {
        id: "list_slice",
        decl: "slice m 34 (list(T), int, int) list(T)",
        run: Run::Strict(slice),
        cost: RuntimeCost::Before(slice_cost),
        estimate: Estimate::Call(slice_estimate),
    },
    Overload {
        id: "list_flatten",
        decl: "flatten m 34 (list(list(T))) list(T)",
        run: Run::Strict(flatten),
        cost: RuntimeCost::Before(flatten_cost),
        estimate: Estimate::Call(flatten_estimate),
    },
    Overload {
        id: "list_flatten_int",
        decl: "flatten m 34 (list(dyn), int) list(dyn)",
        run: Run::Strict(flatten),
        cost: RuntimeCost::Before(flatten_cost),
        estimate: Estimate::Call(flatten_estimate),
    },
    Overload {
        id: "list_int_sort",
        decl: "sort m 34 (list(int)) list(int)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_uint_sort",
        decl: "sort m 34 (list(uint)) list(uint)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_double_sort",
        decl: "sort m 34 (list(double)) list(double)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_bool_sort",
        decl: "sort m 34 (list(bool)) list(bool)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_google.protobuf.Duration_sort",
        decl: "sort m 34 (list(duration)) list(duration)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_google.protobuf.Timestamp_sort",
        decl: "sort m 34 (list(timestamp)) list(timestamp)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_estimate),
    },
    Overload {
        id: "list_string_sort",
        decl: "sort m 34 (list(string)) list(string)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_text_estimate),
    },
    Overload {
        id: "list_bytes_sort",
        decl: "sort m 34 (list(bytes)) list(bytes)",
        run: Run::Strict(sort),
        cost: RuntimeCost::Before(sort_cost),
        estimate: Estimate::Call(sort_text_estimate),
    },
    Overload {
        id: "list_int_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(int)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_uint_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(uint)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_double_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(double)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_bool_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(bool)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_google.protobuf.Duration_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(duration)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_google.protobuf.Timestamp_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(timestamp)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_estimate),
    },
    Overload {
        id: "list_string_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(string)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_text_estimate),
    },
    Overload {
        id: "list_bytes_sortByAssociatedKeys",
        decl: "@sortByAssociatedKeys m 34 (list(T), list(bytes)) list(T)",
        run: Run::Strict(sort_by_keys),
        cost: RuntimeCost::Before(sort_by_keys_cost),
        estimate: Estimate::Call(sort_by_keys_text_estimate),
    },
    Overload {
        id: "lists_range",
        decl: "lists.range g 34 (int) list(int)",
        run: Run::Strict(range),
        cost: RuntimeCost::Before(range_cost),
        estimate: Estimate::Call(range_estimate),
    },
    Overload {
        id: "list_reverse",
        decl: "reverse m 34 (list(T)) list(T)",
        run: Run::Strict(reverse),
        cost: RuntimeCost::Before(reverse_cost),
        estimate: Estimate::Call(reverse_estimate),
    },
    Overload {
        id: "list_distinct",
        decl: "distinct m 34 (list(T)) list(T)",
        run: Run::Strict(distinct),
        cost: RuntimeCost::Before(distinct_cost),
        estimate: Estimate::Call(distinct_estimate),
    },
];

/// cel-go's trackers charge a call that allocates a list 1 plus `LIST_CREATE_BASE_COST` (10)
/// beyond the work per element.
const ALLOCATING_CALL: u64 = 1 + LIST_CREATE_BASE_COST;

fn slice(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l), Value::Int(a), Value::Int(e)] = args else {
        return Err(nso());
    };
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

fn slice_cost(args: &[Value]) -> u64 {
    match args {
        [_, Value::Int(a), Value::Int(e)] => (e.saturating_sub(*a)).max(0) as u64 + ALLOCATING_CALL,
        _ => 1,
    }
}

fn flatten(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
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

/// The depth times the outer list's size.
fn flatten_cost(args: &[Value]) -> u64 {
    match args {
        [l, rest @ ..] => {
            let d = match rest.first() {
                Some(Value::Int(d)) => (*d).max(0) as u64,
                _ => 1,
            };
            d.saturating_mul(l.actual_size()) + ALLOCATING_CALL
        }
        _ => 1,
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

fn distinct(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    let mut out: Vec<Value> = Vec::new();
    for x in l.items() {
        if !out.iter().any(|y| equals(x, y)) {
            out.push(x.clone());
        }
    }
    Ok(Value::list(out))
}

fn reverse(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    Ok(Value::list(l.items().iter().rev().cloned().collect()))
}

fn reverse_cost(args: &[Value]) -> u64 {
    match args {
        [l @ Value::List(_)] => l.actual_size() + ALLOCATING_CALL,
        _ => 1,
    }
}

fn range(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Int(n)] = args else {
        return Err(nso());
    };
    Ok(Value::list((0..(*n).max(0)).map(Value::Int).collect()))
}

fn range_cost(args: &[Value]) -> u64 {
    match args {
        [Value::Int(n)] => (*n).max(0) as u64 + ALLOCATING_CALL,
        _ => 1,
    }
}

/// Sorts `items` by CEL ordering; the first comparison error (mixed types) is the result.
fn sorted_by<T>(
    items: &mut [T],
    cmp: impl Fn(&T, &T) -> Result<Ordering, super::super::value::EvalError>,
) -> Result<(), super::super::value::EvalError> {
    let mut failed = None;
    items.sort_by(|x, y| match cmp(x, y) {
        Ok(o) => o,
        Err(e) => {
            failed.get_or_insert(e);
            Ordering::Equal
        }
    });
    failed.map_or(Ok(()), Err)
}

fn sort(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    let mut items = l.items().to_vec();
    sorted_by(&mut items, compare)?;
    Ok(Value::list(items))
}

fn sort_by_keys(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l), Value::List(keys)] = args else {
        return Err(nso());
    };
    if l.len() != keys.len() {
        return Err(err(
            "@sortByAssociatedKeys() expected a list of the same size as the associated keys list",
        ));
    }
    let mut idx: Vec<usize> = (0..l.len()).collect();
    sorted_by(&mut idx, |&x, &y| {
        compare(&keys.items()[x], &keys.items()[y])
    })?;
    Ok(Value::list(
        idx.into_iter().map(|i| l.items()[i].clone()).collect(),
    ))
}

/// cel-go's quadratic trackers (`distinct`, `sort`, `@sortByAssociatedKeys`): the list's size
/// squared times 2, or 2.1 when its elements are strings or bytes, as the runtime sees them
/// (its first element), whichever row the call runs.
fn quadratic_cost(l: &Value) -> u64 {
    let factor = match l {
        Value::List(items)
            if matches!(
                items.items().first(),
                Some(Value::String(_) | Value::Bytes(_))
            ) =>
        {
            2.0 + STRING_TRAVERSAL_COST_FACTOR
        }
        _ => 2.0,
    };
    let n = l.actual_size() as f64;
    (n * n * factor) as u64 + ALLOCATING_CALL
}

fn sort_cost(args: &[Value]) -> u64 {
    match args {
        [l @ Value::List(_)] => quadratic_cost(l),
        _ => 1,
    }
}

fn distinct_cost(args: &[Value]) -> u64 {
    sort_cost(args)
}

fn sort_by_keys_cost(args: &[Value]) -> u64 {
    match args {
        [_, keys @ Value::List(_)] => quadratic_cost(keys),
        _ => 1,
    }
}

/// `nodeAsUintValue`: an int literal as a count (negative → 0), else the default.
fn node_as_uint(node: &AstNode<'_>, default: u64) -> u64 {
    match node.expr.map(|e| &e.kind) {
        Some(ExprKind::Literal(Literal::Int(i))) => (*i).max(0) as u64,
        _ => default,
    }
}

/// `estimateListCall(factor, size, allocates = true)`: one call, one list allocation, and
/// `factor` per element of the result.
fn allocating_list_call(factor: f64, list_size: SizeEstimate) -> CallEstimate {
    CallEstimate {
        cost: list_size
            .multiply_by_cost_factor(factor)
            .add(CostEstimate::fixed(1))
            .add(CostEstimate::fixed(LIST_CREATE_BASE_COST)),
        result_size: Some(list_size),
    }
}

fn slice_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [start, end] = args else {
        return None;
    };
    let sz = size_of(target?, sizes);
    let (start, end) = (node_as_uint(start, 0), node_as_uint(end, sz.max));
    Some(allocating_list_call(
        1.0,
        SizeEstimate::fixed(end.wrapping_sub(start)),
    ))
}

fn range_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match (target, args) {
        (None, [n]) => Some(allocating_list_call(
            1.0,
            SizeEstimate::fixed(node_as_uint(n, u64::MAX)),
        )),
        _ => None,
    }
}

fn reverse_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match (target, args) {
        (Some(t), []) => Some(allocating_list_call(1.0, size_of(t, sizes))),
        _ => None,
    }
}

fn flatten_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match target {
        Some(t) if args.len() <= 1 => {
            let depth = args.first().map_or(1, |a| node_as_uint(a, u64::MAX));
            Some(allocating_list_call(depth as f64, size_of(t, sizes)))
        }
        _ => None,
    }
}

fn distinct_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match (target, args) {
        (Some(t), []) => {
            let sz = size_of(t, sizes);
            Some(allocating_list_call(2.0, sz.multiply(sz)))
        }
        _ => None,
    }
}

/// The static estimate of a sort: the size squared times the row's factor (2.1 for the
/// string and bytes overloads, 2 for the others).
fn quadratic_estimate(node: &AstNode<'_>, text: bool, sizes: &dyn SizeEstimator) -> CallEstimate {
    let sz = size_of(node, sizes);
    let factor = if text {
        2.0 + STRING_TRAVERSAL_COST_FACTOR
    } else {
        2.0
    };
    allocating_list_call(factor, sz.multiply(sz))
}

fn sort_of(
    text: bool,
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match (target, args) {
        (Some(t), []) => Some(quadratic_estimate(t, text, sizes)),
        _ => None,
    }
}

fn sort_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    sort_of(false, target, args, sizes)
}

fn sort_text_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    sort_of(true, target, args, sizes)
}

fn sort_by_keys_of(
    text: bool,
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match (target, args) {
        (Some(_), [keys]) => Some(quadratic_estimate(keys, text, sizes)),
        _ => None,
    }
}

fn sort_by_keys_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    sort_by_keys_of(false, target, args, sizes)
}

fn sort_by_keys_text_estimate(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    sort_by_keys_of(true, target, args, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(xs: &[&str]) -> Value {
        Value::list(xs.iter().copied().map(Value::string).collect())
    }

    #[test]
    fn sort_cost_follows_the_elements_not_the_row() {
        // A `list(dyn)` receiver has all eight rows as candidates; `pick` runs the first
        // (`list_int_sort`), and a list of strings is still charged 2.1 per element squared.
        let rows = super::super::table::of_function("sort", true);
        assert_eq!(rows.len(), 8);
        let l = strs(&["b", "a"]);
        let o = super::super::table::pick(&rows, std::slice::from_ref(&l)).unwrap();
        assert_eq!(o.id, "list_int_sort");
        let cost = |args: &[Value]| o.cost_of(args);
        assert_eq!(
            cost(std::slice::from_ref(&l)),
            (2.0f64 * 2.0 * 2.1) as u64 + 11
        );
        let ints = Value::list(vec![Value::Int(2), Value::Int(1)]);
        assert_eq!(cost(std::slice::from_ref(&ints)), 8 + 11);
        let Ok(Value::List(sorted)) = o.strict().unwrap()(Behavior::NEWEST, &[l]) else {
            panic!("sort failed")
        };
        assert_eq!(sorted.items()[0].as_str(), Some("a"));
    }

    #[test]
    fn sort_by_keys_checks_sizes_and_orders_by_key() {
        let keys = Value::list(vec![Value::Int(2), Value::Int(1)]);
        let Ok(Value::List(l)) = sort_by_keys(Behavior::NEWEST, &[strs(&["x", "y"]), keys.clone()])
        else {
            panic!("sort failed")
        };
        assert_eq!(l.items()[0].as_str(), Some("y"));
        assert!(sort_by_keys(Behavior::NEWEST, &[strs(&["x"]), keys]).is_err());
        let mixed = Value::list(vec![Value::Int(1), Value::string("a")]);
        assert!(sort(Behavior::NEWEST, &[mixed]).is_err());
    }

    #[test]
    fn slices_flattens_and_ranges() {
        let l = Value::list(vec![Value::Int(0), Value::Int(1), Value::Int(2)]);
        assert_eq!(
            slice(Behavior::NEWEST, &[l.clone(), Value::Int(2), Value::Int(1)])
                .unwrap_err()
                .message,
            "cannot slice(2, 1), start index must be less than or equal to end index"
        );
        assert_eq!(
            slice_cost(&[l.clone(), Value::Int(1), Value::Int(3)]),
            2 + 11
        );
        let nested = Value::list(vec![l.clone(), Value::list(vec![l])]);
        let Ok(Value::List(flat)) = flatten(Behavior::NEWEST, &[nested.clone(), Value::Int(2)])
        else {
            panic!("flatten failed")
        };
        assert_eq!(flat.len(), 6);
        assert_eq!(flatten_cost(&[nested, Value::Int(2)]), 2 * 2 + 11);
        assert_eq!(range_cost(&[Value::Int(-3)]), 11);
    }
}
