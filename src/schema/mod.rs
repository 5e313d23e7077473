//! The schema layer: the typed model of a CRD `openAPIV3Schema` and the pieces of value
//! semantics the API server attaches to it.
//!
//! * [`model`] — [`Schema`], converted once per CRD version from the YAML node with
//!   [`Schema::from_node`]; used by CR validation, pruning, defaulting and CEL typing. It
//!   implements [`crate::k8s::fieldpath::PathSchema`] so `fieldPath`s resolve against it.
//! * [`keywords`] — the one table of schema keywords (JSON name, Go type), which the model
//!   builder and the CRD linter's decoding and schema walks share.
//! * [`formats`] — which `format`s the server keeps for a schema at a Kubernetes version, and
//!   the string checks for each (Go `net/url`, `net/mail`, `net`, `time` semantics).
//! * [`correlate`] — which old value an updated value corresponds to and whether it is
//!   unchanged (the server's ratcheting correlation).
//! * [`regex`] — Go RE2 patterns (`pattern`, CEL `matches`) translated to the Rust `regex`
//!   crate, compiled once and cached, with Go's error texts.
//!
//! Keyword legality (what the server *rejects* in a schema) is not checked here: the CRD linter
//! does that on the raw YAML node, where it has every span.

pub mod correlate;
pub mod formats;
pub mod keywords;
pub mod model;
pub mod regex;

pub use model::{AdditionalProperties, Edge, Rare, Schema, ValidationRule, MAX_DEPTH};
