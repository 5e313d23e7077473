//! Kubernetes vocabulary that every check shares: field paths in the server's notation, name
//! rules, quantities, the JSONPath subset, version priority.

pub mod path;
pub use path::FieldPath;
