//! One row of the overload table (`table`): an overload id with its declaration, implementation,
//! runtime cost and static estimate. Apart from the table so that each library's file can build
//! its rows without importing the table that lists it.

use super::super::value::{EvalResult, Value};
use crate::cel::estimate::library::CallEstimate;
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::CostEstimate;
use crate::k8s::Behavior;

/// One overload.
pub struct Overload {
    /// cel-go's or Kubernetes' overload id (`list_sets_contains_list`): the key of the table.
    pub id: &'static str,
    /// The declaration (`cel::decls` reads it) without the id:
    /// `<function> <g|m> <since minor> (<param types>) <result type>`, member overloads with
    /// the receiver as their first parameter.
    pub decl: &'static str,
    /// The implementation.
    pub run: Run,
    /// The runtime cost (cel-go's `interpreter/runtimecost.go` with Kubernetes' `CallCost`).
    pub cost: RuntimeCost,
    /// The static estimate.
    pub estimate: Estimate,
}

/// How a call runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// A strict function over its arguments' values (for a member overload, the receiver
    /// first), evaluated left to right, the first error stopping the call.
    Strict(fn(Behavior, &[Value]) -> EvalResult),
    /// A special form the interpreter evaluates itself, lazily: not every argument is
    /// evaluated, and an argument's error may be absorbed (cel-go's planner builds its own
    /// nodes for these, `interpreter/planner.go`, and never calls a function).
    Lazy(Special),
}

/// The special forms of [`Run::Lazy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// `a && b`: short-circuits on `false`, an error absorbed by the other side's `false`.
    And,
    /// `a || b`: short-circuits on `true`, an error absorbed by the other side's `true`.
    Or,
    /// `c ? t : f`: evaluates one branch.
    Conditional,
    /// `@not_strictly_false(x)`, the loop condition of `all`/`exists`: anything but `false`
    /// (an error included) is `true`.
    NotStrictlyFalse,
}

/// How a call is charged at runtime.
#[derive(Clone, Copy)]
pub enum RuntimeCost {
    /// Nothing: cel-go's plan has no call to charge (`&&`, `||`, `?:`).
    Free,
    /// Charged before it runs, from its arguments: a call whose work grows faster than its
    /// input, so that one over the limit is cancelled before it computes something huge
    /// (the outcome is the one cel-go reaches after the call: the same error and cost).
    Before(fn(&[Value]) -> u64),
}

/// The static estimate of a call.
#[derive(Clone, Copy)]
pub enum Estimate {
    /// The call alone (`checker.CostEstimator.EstimateCallCost` or cel-go's own
    /// `functionCost` case for the overload); the estimator adds its arguments' costs.
    /// `None` leaves it to cel-go's default of 1.
    Call(fn(Option<&AstNode<'_>>, &[AstNode<'_>], &dyn SizeEstimator) -> Option<CallEstimate>),
    /// A special form that does not evaluate every argument (cel-go's `functionCost` cases
    /// `logical_and`, `logical_or`, `conditional`): the whole estimate, the arguments' own
    /// included, from their estimates.
    Lazy(fn(&[AstNode<'_>], &[CostEstimate]) -> CallEstimate),
}

impl std::fmt::Debug for Overload {
    /// The id says which overload a row is (the evaluator's tree is printed in test failures).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl Overload {
    /// The function's name (`sets.contains`).
    pub fn function(&self) -> &'static str {
        self.decl.split(' ').next().unwrap_or("")
    }
    /// Whether it is called as `target.f(args)`.
    pub fn member(&self) -> bool {
        self.decl.split(' ').nth(1) == Some("m")
    }
    /// The implementation of a strict row; `None` for a special form.
    pub fn strict(&self) -> Option<fn(Behavior, &[Value]) -> EvalResult> {
        match self.run {
            Run::Strict(f) => Some(f),
            Run::Lazy(_) => None,
        }
    }
    /// The runtime cost of a call with these arguments.
    #[inline]
    pub fn cost_of(&self, args: &[Value]) -> u64 {
        match self.cost {
            RuntimeCost::Free => 0,
            RuntimeCost::Before(f) => f(args),
        }
    }
    /// The declaration line of `cel/decls` (`<function> <id> <g|m> ...`).
    pub fn decl_line(&self) -> String {
        let (name, rest) = self.decl.split_once(' ').unwrap_or((self.decl, ""));
        format!("{name} {} {rest}", self.id)
    }
}
