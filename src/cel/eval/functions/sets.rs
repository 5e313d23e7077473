//! cel-go `ext.Sets` (`ext/sets.go`): `sets.contains`, `sets.equivalent` and
//! `sets.intersects` over lists, with their runtime costs and static estimates, on the overload
//! table (see [`super::table`]).

use std::ops::Add;

use super::super::value::{equals, EvalResult, Value};
use super::args::{b, nso};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use crate::cel::estimate::library::{size_of, CallEstimate};
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::CostEstimate;
use crate::k8s::Behavior;

/// The library's overloads (Kubernetes enables it from 1.29, `base.go`).
pub static OVERLOADS: &[Overload] = &[
    Overload {
        id: "list_sets_contains_list",
        decl: "sets.contains g 29 (list(T), list(T)) bool",
        run: Run::Strict(contains),
        cost: RuntimeCost::Before(product_cost),
        estimate: Estimate::Call(product_estimate),
    },
    Overload {
        id: "list_sets_equivalent_list",
        decl: "sets.equivalent g 29 (list(T), list(T)) bool",
        run: Run::Strict(equivalent),
        cost: RuntimeCost::Before(double_product_cost),
        estimate: Estimate::Call(double_product_estimate),
    },
    Overload {
        id: "list_sets_intersects_list",
        decl: "sets.intersects g 29 (list(T), list(T)) bool",
        run: Run::Strict(intersects),
        cost: RuntimeCost::Before(product_cost),
        estimate: Estimate::Call(product_estimate),
    },
];

/// Whether every element of `sub` is in `set` (by CEL equality).
fn all_in(set: &Value, sub: &Value) -> Option<bool> {
    let (Value::List(set), Value::List(sub)) = (set, sub) else {
        return None;
    };
    Some(
        sub.items()
            .iter()
            .all(|x| set.items().iter().any(|y| equals(x, y))),
    )
}

fn contains(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [a, c] => all_in(a, c).map_or_else(|| Err(nso()), b),
        _ => Err(nso()),
    }
}

fn equivalent(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [a, c] => match (all_in(a, c), all_in(c, a)) {
            (Some(x), Some(y)) => b(x && y),
            _ => Err(nso()),
        },
        _ => Err(nso()),
    }
}

fn intersects(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::List(a), Value::List(c)] => b(c
            .items()
            .iter()
            .any(|x| a.items().iter().any(|y| equals(x, y)))),
        _ => Err(nso()),
    }
}

/// cel-go's sets cost tracker: 1 plus the product of the two sizes (`contains`,
/// `intersects`) ...
fn product_cost(args: &[Value]) -> u64 {
    match args {
        [a, c] => 1 + a.actual_size() * c.actual_size(),
        _ => 1,
    }
}

/// ... or twice the product (`equivalent` compares both ways).
fn double_product_cost(args: &[Value]) -> u64 {
    match args {
        [a, c] => 1 + ((a.actual_size() * c.actual_size()) as f64 * 2.0) as u64,
        _ => 1,
    }
}

/// The static counterpart of the trackers: the product of the size bounds times the factor,
/// plus 1.
fn estimate(factor: f64, args: &[AstNode<'_>], sizes: &dyn SizeEstimator) -> Option<CallEstimate> {
    let [a, c] = args else {
        return None;
    };
    let (a, c) = (size_of(a, sizes), size_of(c, sizes));
    Some(CallEstimate {
        cost: a
            .multiply(c)
            .multiply_by_cost_factor(factor)
            .add(CostEstimate::fixed(1)),
        result_size: None,
    })
}

fn product_estimate(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    estimate(1.0, args, sizes)
}

fn double_product_estimate(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    estimate(2.0, args, sizes)
}
