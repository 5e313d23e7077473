//! Static cost of CEL rules, exactly as the API server estimates it, and the budget checks built
//! on it.
//!
//! The API server rejects a CRD whose `x-kubernetes-validations` rules *might* be too expensive:
//! before any object exists, it estimates the worst-case cost of each rule from the checked
//! expression and the schema's bounds (`maxLength`, `maxItems`, `maxProperties`), multiplies it
//! by how often the rule can run for one object, and compares that with fixed limits. crdlint
//! reproduces those numbers exactly, then explains them.
//!
//! Data flow:
//!
//! * [`estimator::estimate_cost`] walks a checked expression ([`estimator::CheckedAst`]) the way
//!   cel-go's `checker/cost.go` does, asking a [`estimator::SizeEstimator`] for sizes it cannot see
//!   in the expression. The arithmetic is in [`estimate`]; library call costs (Kubernetes
//!   libraries, cel-go extensions) are in [`library`].
//! * [`size::SchemaSizeEstimator`] answers sizes from the schema's declared types.
//! * [`budget`] holds the limits, the cardinality of a rule's location and the server's messages.

pub mod budget;
pub mod estimate;
pub mod estimator;
pub mod library;
pub mod size;

pub use budget::{Cardinality, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT};
pub use estimate::{CostEstimate, SizeEstimate};
pub use estimator::{estimate_cost, AstNode, CheckedAst, CostOptions, SizeEstimator};
pub use size::SchemaSizeEstimator;
