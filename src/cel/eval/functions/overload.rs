//! One row of the overload table (`table`): an overload id with its declaration, implementation,
//! runtime cost and static estimate. Apart from the table so that each library's file can build
//! its rows without importing the table that lists it.

use super::super::value::{EvalResult, Value};
use crate::cel::estimate::library::CallEstimate;
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::k8s::Behavior;

/// One overload.
pub struct Overload {
    /// cel-go's or Kubernetes' overload id (`list_sets_contains_list`): the key of the table.
    pub id: &'static str,
    /// The declaration in the notation of `cel/decls/*.dsl` without the id:
    /// `<function> <g|m> <since minor> (<param types>) <result type>`, member overloads with
    /// the receiver as their first parameter.
    pub decl: &'static str,
    /// The implementation, over the arguments (for a member overload, the receiver first).
    pub run: fn(Behavior, &[Value]) -> EvalResult,
    /// The runtime cost (cel-go's `interpreter/runtimecost.go` with Kubernetes' `CallCost`).
    pub cost: RuntimeCost,
    /// The static estimate of the call alone (the estimator adds its arguments' costs); `None`
    /// leaves it to cel-go's default of 1.
    pub estimate: Estimate,
}

/// How a call is charged at runtime.
#[derive(Clone, Copy)]
pub enum RuntimeCost {
    /// Charged before it runs, from its arguments: a call whose work grows faster than its
    /// input, so that one over the limit is cancelled before it computes something huge
    /// (the outcome is the one cel-go reaches after the call: the same error and cost).
    Before(fn(&[Value]) -> u64),
}

/// The static estimate of a call (`checker.CostEstimator.EstimateCallCost` or cel-go's own
/// `functionCost` case for the overload).
pub type Estimate =
    fn(Option<&AstNode<'_>>, &[AstNode<'_>], &dyn SizeEstimator) -> Option<CallEstimate>;

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
    /// The declaration line of `cel/decls` (`<function> <id> <g|m> ...`).
    pub fn decl_line(&self) -> String {
        let (name, rest) = self.decl.split_once(' ').unwrap_or((self.decl, ""));
        format!("{name} {} {rest}", self.id)
    }
}
