//! The string formats of one CRD, looked up once at compile time: which Kubernetes minor first
//! supports each format (the server blanks unsupported ones) and its kube-openapi check. The
//! checks themselves live in [`crate::schema::formats`]; this table only keeps the per-value
//! path free of name normalisation and allocation.

use std::collections::HashMap;

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
pub(crate) type Patterns =
    HashMap<String, crate::schema::regex::Compiled, foldhash::fast::RandomState>;

/// The table entry for a format, computed once per run (finding `since` asks every minor;
/// CRDs repeat the same few formats).
pub(crate) fn info(format: &str) -> FormatInfo {
    type Cache = std::sync::Mutex<HashMap<String, FormatInfo, foldhash::fast::RandomState>>;
    static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut known = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = known.get(format) {
        return *i;
    }
    let i = compute(format);
    known.insert(format.to_string(), i);
    i
}

fn compute(format: &str) -> FormatInfo {
    let since = (0..=KubeVersion::NEWEST.minor + 1)
        .find(|m| formats::is_supported_string_format(format, KubeVersion { minor: *m }));
    FormatInfo {
        since,
        check: formats::validator(format),
        before: formats::validator_before(format),
    }
}
