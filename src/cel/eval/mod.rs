//! The CEL evaluator: runs checked `x-kubernetes-validations` rules on custom resources exactly
//! as the API server does, including runtime cost accounting.
//!
//! Why our own evaluator: the `cel` crate's interpreter cannot track runtime cost, does not run
//! two-variable comprehensions and lacks every Kubernetes library, so we walk the expression
//! tree ourselves (cel-go's interpreter semantics, see [`interp`]).
//!
//! * [`value`] — the runtime [`Value`] model and cel-go error texts;
//! * [`convert`] — schema-aware conversion of YAML nodes into values (`self`);
//! * [`ast`] — the owned expression tree, parsed with the `cel` crate, macros expanded;
//! * [`interp`] — evaluation with cost tracking and the per-call limit;
//! * [`functions`] / [`lib`] — the standard and Kubernetes libraries and their costs;
//! * [`rules`] — per-schema-node rule evaluation with the server's messages and budget.

pub mod ast;
pub mod convert;
pub mod functions;
pub mod interp;
pub mod lib;
pub mod rules;
pub mod value;

pub use ast::{parse, Expr};
pub use convert::{escape, to_value};
pub use interp::{evaluate, Options, Outcome};
pub use rules::{evaluate_rules, Limits, RuleError, Validator};
pub use value::{ErrorKind, EvalError, Value};
