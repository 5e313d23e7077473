//! crdlint: an offline linter for Kubernetes CustomResourceDefinitions and validator for the
//! custom resources written against them.
//!
//! The modules follow the data flow; each uses only the ones listed before it:
//! [`yaml`] → [`diag`] → [`k8s`] → [`schema`] → [`cel`] → [`apiext`] → [`lint`], [`validate`]
//! and [`compat`] → [`builtin`], [`suite`], [`admission`] → [`vendor`] → [`cli`].
//! `ARCHITECTURE.md` is the map.

// `println!`/`eprintln!` panic when the write fails (a full disk, a closed terminal); every write
// goes through `write!` so a failure is an exit status (src/cli/mod.rs), never a panic.
#![cfg_attr(not(test), deny(clippy::print_stdout, clippy::print_stderr))]

pub mod admission;
pub mod apiext;
pub mod builtin;
pub mod cel;
pub mod cli;
pub mod compat;
pub mod diag;
pub mod k8s;
pub mod lint;
pub mod schema;
pub mod suite;
pub mod validate;
pub mod vendor;
pub mod yaml;
