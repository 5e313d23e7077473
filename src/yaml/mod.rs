//! Spanned YAML documents read the way the Kubernetes API server reads them.
//!
//! The API server decodes manifests with go-yaml v2 (through `sigs.k8s.io/yaml`), converts them to
//! JSON and decodes that JSON into unstructured objects. A YAML 1.2 parser alone gets many of those
//! rules wrong (`yes` is a bool, `0755` is octal, `1_000` is an int, `<<` merges), so this module
//! resolves every plain scalar itself and produces a tree of [`Node`]s that carry the byte [`Span`]
//! of their source text, for diagnostics that point at the line.
//!
//! Brief overview:
//! - [`load`] parses a whole file into [`Document`]s; a malformed document carries a [`YamlError`]
//!   and the documents after it are still read.
//! - [`Node`] is one JSON value plus where it came from; [`Map`] keeps key order and key spans.
//! - [`emit`] writes a [`Node`] back as YAML that go-yaml reads as the same value.

mod node;
pub use node::*;

pub mod load;
pub use load::{load, load_with, LoadOptions};

pub mod resolve;
pub use resolve::resolve_plain;

pub mod emit;
pub use emit::{emit_document, emit_documents};
