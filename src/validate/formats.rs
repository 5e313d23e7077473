//! The string formats of one CRD, looked up once at compile time: which Kubernetes minor first
//! supports each format (the server blanks unsupported ones) and its kube-openapi check. The
//! checks themselves live in [`crate::schema::formats`]; this table only keeps the per-value
//! path free of name normalisation and allocation.

use std::collections::HashMap;
use std::sync::Arc;

use regex::Regex;

use crate::k8s::behavior::Change;
use crate::k8s::{Behavior, KubeVersion};
use crate::schema::formats::{self, FormatFn};

/// What the validator needs to know about one `format` string.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FormatInfo {
    /// First minor version at which the server keeps this format on string (or untyped,
    /// int-or-string) schemas; `None` when it never does.
    pub since: Option<u32>,
    /// kube-openapi's registry check, when the registry knows the format.
    pub check: Option<FormatFn>,
    /// The check of the minors before a change of it ([`formats::validator_before`]).
    pub before: Option<(Change, FormatFn)>,
}

impl FormatInfo {
    /// The check the minor with behaviours `beh` runs.
    pub fn check_in(&self, beh: Behavior) -> Option<FormatFn> {
        match self.before {
            Some((change, old)) if !beh.has(change) => Some(old),
            _ => self.check,
        }
    }
}

/// Hashed with foldhash (seeded per process, like `Schema::properties`): the validator looks a
/// format up for every string value that has one.
pub(crate) type Formats = HashMap<String, FormatInfo, foldhash::fast::RandomState>;

/// Every `pattern` of a schema, compiled (`Err` holds Go's error text); looked up for every
/// string value that has one, so hashed with foldhash too.
pub(crate) type Patterns = HashMap<String, Result<Arc<Regex>, String>, foldhash::fast::RandomState>;

/// Computes the table entry for a format (once per distinct format of a CRD).
pub(crate) fn info(format: &str) -> FormatInfo {
    let since = (0..=KubeVersion::NEWEST.minor + 1)
        .find(|m| formats::is_supported_string_format(format, KubeVersion { minor: *m }));
    FormatInfo {
        since,
        check: formats::validator(format),
        before: formats::validator_before(format),
    }
}
