//! crdlint: an offline linter for Kubernetes CustomResourceDefinitions and validator for the
//! custom resources written against them.
//!
//! The modules follow the data flow; each uses only the ones listed before it:
//! [`yaml`] → [`diag`] → [`k8s`] → [`schema`] → [`cel`] → [`lint`] and [`validate`] → [`cli`].
//! `ARCHITECTURE.md` is the map.

pub mod builtin;
pub mod cel;
pub mod cli;
pub mod diag;
pub mod k8s;
pub mod lint;
pub mod schema;
pub mod validate;
pub mod yaml;
