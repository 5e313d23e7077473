//! CRDs from outside the repository (issue 30): the lock file `crdlint.lock` and the vendored
//! copies under `.crdlint/vendor/`, as `/work/wt/LOCKFORMAT.md`'s contract fixes them.
//!
//! `lock` reads the lock (with a span on every mistake); `sha256` is the digest the lock records.
//! Nothing here touches the network or decides an exit code: `cli::vendored` uses the lock for
//! a run.

pub mod lock;
pub mod sha256;
