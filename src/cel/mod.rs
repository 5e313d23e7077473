//! CEL for `x-kubernetes-validations`: parsing, types from the schema, the type checker and the
//! Kubernetes libraries' declarations, rule compilation as the API server does it, and cost.
//!
//! Layers (each uses only those before it):
//!
//! * [`parse`] — the only user of the `cel` crate: text → our own [`ast::Expr`] (macros
//!   expanded the cel-go way, see [`macros`]) with node offsets, or syntax errors.
//! * [`types`] — CEL [`Type`]s and the schema's [`DeclType`]s; [`schema_types`] builds the latter
//!   from a [`crate::schema::Schema`] (§5.1), with property names escaped by [`escaping`] (§5.2).
//! * [`estimate`] — what a static cost estimate is made of (intervals, the expression as the
//!   estimators see it, per-call estimates), below both the overload tables and [`cost`].
//! * [`eval`] — the runtime: values, the libraries on their overload tables (each overload's
//!   declaration, implementation, runtime cost and static estimate in one row) and a
//!   tree-walking evaluator over the checked AST with cel-go's runtime cost accounting (the
//!   one use of a later layer: `eval::ast::from_checked` reads the checker's [`CheckedExpr`],
//!   a plain data type, to build the evaluator's tree).
//! * [`decls`] — every function overload of the standard library and the Kubernetes libraries,
//!   tagged with the minor that introduced it (§5.3), read from the overload table's rows.
//! * [`checker`] — cel-go's type checker and AST validators → [`CheckedExpr`].
//! * [`compile_expr`] (`compile`) — parse + check in the environment a [`CompileOptions`] selects,
//!   with errors rendered exactly as cel-go's `Issues.String()`; [`cache`] memoises it per
//!   (text, environment, variable types), so each rule is checked once per environment per run.
//! * [`rules`] — rule-level compilation (`compilation.go`: bool result, messageExpression,
//!   transition rules, program planning's errors) and the CRD walk the linter calls
//!   ([`rules::check_crd_rules`]).
//! * [`location`] — CEL offsets back to YAML file spans, through quoted and block scalars.
//! * [`cost`] — static cost estimation: cel-go's `checker/cost.go` over [`CheckedExpr`] asking
//!   the overload tables' rows, cardinality of a rule's location, the per-rule and per-CRD
//!   budgets with the server's messages, and fixes found by re-estimating with added bounds.
//! * [`validator`] — the per-schema-node rule walk ([`validator::Validator`]) that `validate`
//!   runs on each resource.

pub mod ast;
pub mod cache;
pub mod checker;
mod compile;
pub mod cost;
pub mod decls;
pub mod error;
pub mod escaping;
pub mod estimate;
pub mod eval;
mod fastmap;
mod fastparse;
pub mod literals;
pub mod location;
mod macros;
pub mod parse;
pub mod rules;
pub mod schema_types;
pub mod types;
pub mod validator;

pub use checker::{CheckedExpr, Reference};
pub use compile::{compile_expr, CompileOptions, Compiled, EnvKind};
pub use error::{line_col, CelError, CompileError};
pub use fastmap::FastMap;
/// The compile-time rules this module reports (cost rules live in [`cost`]).
pub use rules::RULES;
pub use types::{DeclField, DeclKind, DeclType, Type};
