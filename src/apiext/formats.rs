//! The string formats of one CRD, looked up once at compile time: which Kubernetes minor first
//! supports each format (the server blanks unsupported ones) and its kube-openapi check. The
//! checks themselves live in [`crate::schema::formats`]; this table only keeps the per-value
//! path free of name normalisation and allocation.

use std::collections::HashMap;

use crate::k8s::behavior::Change;
use crate::k8s::{Behavior, KubeVersion};
use crate::schema::formats::{self, FormatFn};
use crate::schema::Schema;

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

/// Every `pattern` of a schema, compiled when a value first reaches it (`Err` holds Go's error
/// text); looked up for every string value that has one, so hashed with foldhash too, and keyed
/// by where the schema keeps the pattern's text ([`pattern_key`]) rather than by the text:
/// hashing and comparing a pattern of some 50 bytes per value cost more than the lookup's
/// purpose. Most of a CRD's patterns are never reached by a run's values: compiling all 431 of
/// the 10,000-resource workload's schemas up front was 18.7 M instructions of its `validate`.
pub(crate) type Patterns = HashMap<usize, LazyPattern, foldhash::fast::RandomState>;

/// The [`Patterns`] key of a schema's `pattern`: the address of its text, which stays put while
/// the schema lives (a schema is not changed once prepared; moving it moves no text). Two
/// nodes with the same pattern have two entries, which the process-wide cache compiles once.
pub(crate) fn pattern_key(pattern: &str) -> usize {
    pattern.as_ptr() as usize
}

/// One `pattern`, compiled on first use ([`LazyPattern::get`]).
#[derive(Debug, Default)]
pub(crate) struct LazyPattern(std::sync::OnceLock<crate::schema::regex::Compiled>);

impl LazyPattern {
    /// `pattern` compiled (this entry's key), by the process-wide cache the first time.
    pub(crate) fn get(&self, pattern: &str) -> &crate::schema::regex::Compiled {
        self.0
            .get_or_init(|| crate::schema::regex::compile(pattern))
    }
}

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

/// Lists every `pattern` (compiled when first used) and looks up every `format` of a schema,
/// once per CRD.
pub(crate) fn collect(s: &Schema, out: &mut Patterns, fmts: &mut Formats, depth: usize) {
    if depth > crate::schema::MAX_DEPTH {
        return;
    }
    let rare = s.rare.as_deref();
    if let Some(p) = rare.and_then(|r| r.pattern.as_ref()) {
        if !p.is_empty() {
            // Compiled once per run by the process-wide cache, which also bounds their memory.
            out.entry(pattern_key(p)).or_default();
        }
    }
    if let Some(f) = &s.rare().format {
        if !fmts.contains_key(f) {
            fmts.insert(f.clone(), info(f));
        }
    }
    // Every sub-schema (`Schema::children`, without its chain of iterators: this visits every
    // node of every prepared schema).
    let mut rec = |c: &Schema| collect(c, out, fmts, depth + 1);
    s.properties.values().for_each(&mut rec);
    if let Some(c) = s.additional_properties_schema() {
        rec(c);
    }
    if let Some(c) = s.items.as_deref() {
        rec(c);
    }
    s.rare().all_of.iter().for_each(&mut rec);
    if let Some(r) = rare {
        r.any_of.iter().for_each(&mut rec);
        r.one_of.iter().for_each(&mut rec);
        if let Some(c) = r.not.as_deref() {
            rec(c);
        }
    }
}
