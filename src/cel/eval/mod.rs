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
//!   ([`ast::from_checked`]) or from the front end's AST unchecked ([`ast::parse_unchecked`],
//!   tests and tools);
//! * [`interp`] — evaluation with cost tracking, the per-call limit and constant folding;
//! * [`functions`] / [`lib`] — the standard and Kubernetes libraries and their runtime costs;
//! * [`rules`] — the per-schema-node walk with the server's messages, reasons, fieldPath,
//!   transition rules and the per-object budget.
//!
//! # How the validation pipeline calls it
//!
//! Once per CRD version: `let v = Validator::new(&schema, true)` (compiles every rule with the
//! checker in the stored-expressions environment; `None` when the schema has no rules). Per
//! object, after pruning/defaulting and only when schema validation did not block CEL:
//!
//! ```text
//! let mut budget = rules::RUNTIME_BUDGET;
//! let errors: Vec<RuleError> =
//!     v.validate(&FieldPath::root(), &obj, old.as_ref(), Limits::default(), &mut budget);
//! ```
//!
//! Each [`RuleError`] prints exactly like the server's `field.Error`
//! (`spec.x: Invalid value: "y": failed rule: self == 'z'`) and carries `kind`, `path`, `value`
//! and `detail` separately. [`evaluate_rules`] is the one-shot form (compile and run).

pub mod ast;
pub mod convert;
pub mod error;
pub mod functions;
pub mod interp;
pub mod lib;
pub mod rules;
pub mod value;

pub use ast::{parse_unchecked, Expr};
pub use convert::{escape, to_value};
pub use interp::{evaluate, Options, Outcome};
pub use rules::{evaluate_rules, ErrorType, Limits, RuleError, Validator};
pub use value::{ErrorKind, EvalError, Value};
