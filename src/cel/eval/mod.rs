//! The CEL evaluator: runs `x-kubernetes-validations` rules on custom resources exactly as the
//! API server does, including runtime cost accounting.
//!
//! Why our own evaluator: the `cel` crate's interpreter cannot track runtime cost, does not run
//! two-variable comprehensions and lacks every Kubernetes library, so we walk the expression
//! tree ourselves with cel-go's interpreter semantics.
//!
//! * [`value`] — the runtime [`Value`] model (int/uint/double kept apart, set/map list types,
//!   opaque Kubernetes values) and cel-go's error texts;
//! * [`convert`] — schema-aware conversion of YAML nodes into values (what `self` is);
//! * [`ast`] — the evaluator's owned tree, converted from the checker's `CheckedExpr`
//!   ([`ast::from_checked`]; rules, tools and unit tests) or, for cel-go's unchecked programs
//!   (the cel-spec tests marked `disable_check`), from the parser's AST
//!   ([`ast::parse_unchecked`]);
//! * [`interp`] — evaluation with cost tracking, the per-call limit and constant folding;
//! * [`functions`] / [`lib`] — the standard and Kubernetes libraries and their runtime costs;
//!
//! The per-schema-node rule walk that `validate` runs on each resource is a layer above, in
//! [`crate::cel::validator`]: it compiles rules with [`crate::cel::rules`], which itself asks
//! [`interp`] what program planning would refuse, so it cannot live inside this module.

pub mod ast;
pub mod convert;
pub mod error;
pub mod functions;
pub mod interp;
pub mod lib;
pub mod value;

pub use ast::{parse_unchecked, Expr};
pub use convert::{escape, to_value};
pub use interp::{evaluate, Options, Outcome, Prepared};
pub use value::{ErrorKind, EvalError, Value};
