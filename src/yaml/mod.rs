//! Spanned YAML documents read the way the Kubernetes API server reads them.
//!
//! The API server decodes manifests with go-yaml v2 (through `sigs.k8s.io/yaml`), converts them to
//! JSON and decodes that JSON into unstructured objects. A YAML 1.2 parser alone gets many of those
//! rules wrong (`yes` is a bool, `0755` is octal, `1_000` is an int, `<<` merges), so this module
//! resolves every plain scalar itself and produces a tree of [`Node`]s that carry the byte [`Span`]
//! of their source text, for diagnostics that point at the line.
//!
//! Brief overview:
//! - [`load`] / [`load_with`] parse a whole file into [`Document`]s (granit-parser events, see
//!   [`load`](mod@load) for the span conventions and budgets). Every document of the stream is
//!   returned, empty ones included. A fatal problem (syntax, alias budget, depth, a value JSON
//!   cannot hold) leaves that document with `root: None` and a [`YamlError`]; duplicate keys and
//!   suspicious constructs are reported but the root is kept. The documents after a broken one
//!   are still read.
//! - [`scan`] is a fast scanner for the block YAML most files are written in; the loader reads
//!   with it and hands a document it declines, and the rest of the stream, to granit.
//! - [`Node`] is one JSON value plus where it came from; [`Map`] keeps key order and key spans.
//! - [`resolve_plain`] is go-yaml v2's reading of a plain scalar after the JSON round trip
//!   ([`resolve`] has the details and the pre-JSON [`resolve::Scalar`]).
//! - [`emit_document`] writes a [`Node`] back as kubectl-style YAML that go-yaml reads as the
//!   same value.
//!
//! ```
//! use crdlint::yaml::{emit_document, load, Value};
//!
//! let docs = load("replicas: 1e3\nenabled: yes\nmode: 0755\n");
//! let root = docs[0].root.as_ref().unwrap();
//! assert_eq!(root.get("replicas").unwrap().value, Value::Int(1000));
//! assert_eq!(root.get("enabled").unwrap().value, Value::Bool(true));
//! assert_eq!(root.get("mode").unwrap().value, Value::Int(493));
//! // Strings that would read back as something else are quoted.
//! let out = emit_document(&crdlint::yaml::Node::from_json(&serde_json::json!({"v": "yes"})));
//! assert_eq!(out, "v: \"yes\"\n");
//! ```
//!
//! Architecture invariant: `yaml` knows nothing about Kubernetes objects, only about how its
//! YAML is read; it depends on no other crdlint module.

mod node;
pub use node::*;

mod str;
pub use self::str::Str;

mod flow;
pub mod goquote;
pub mod load;
mod quoted;
pub mod scan;
pub use load::{load, load_with, LoadOptions};

pub mod resolve;
pub use resolve::resolve_plain;

pub mod emit;
pub use emit::{emit_document, emit_documents};
