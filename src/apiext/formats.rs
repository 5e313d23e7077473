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

/// One `pattern`, compiled on first use ([`LazyPattern::get`]), with the values it matched
/// ([`LazyPattern::is_match`]).
#[derive(Debug, Default)]
pub(crate) struct LazyPattern {
    compiled: std::sync::OnceLock<crate::schema::regex::Compiled>,
    matched: std::sync::Mutex<Matched>,
}

/// Short values a pattern matched, up to [`MATCHED_ENTRIES`] of them.
type Matched = std::collections::HashSet<Box<str>, foldhash::fast::RandomState>;

/// How many matched values one pattern remembers (then no more are added): 128 of
/// [`MATCHED_LEN`] bytes at most, some 12 kB a pattern.
const MATCHED_ENTRIES: usize = 128;

/// The longest value remembered: longer ones are matched each time (hashing them would cost
/// more of what a search costs, and they seldom repeat).
const MATCHED_LEN: usize = 64;

impl LazyPattern {
    /// `pattern` compiled (this entry's key), by the process-wide cache the first time.
    pub(crate) fn get(&self, pattern: &str) -> &crate::schema::regex::Compiled {
        self.compiled
            .get_or_init(|| crate::schema::regex::compile(pattern))
    }

    /// `re.is_match(st)`, where `re` is this entry's compiled pattern ([`LazyPattern::get`]).
    /// The values of a run's resources repeat (a namespace, a kind, a path type), and a search
    /// costs several times what looking a short value up does: a value the pattern matched
    /// once is not searched again (the 10,000-resource workload's 35,685 searches were 16 M
    /// instructions). Values it does not match are searched each time (rare, and reported).
    pub(crate) fn is_match(&self, re: &regex::Regex, st: &str) -> bool {
        if st.len() > MATCHED_LEN {
            return re.is_match(st);
        }
        let lock = || self.matched.lock().unwrap_or_else(|e| e.into_inner());
        if lock().contains(st) {
            return true;
        }
        if !re.is_match(st) {
            return false;
        }
        let mut matched = lock();
        if matched.len() < MATCHED_ENTRIES {
            matched.insert(st.into());
        }
        true
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

#[cfg(test)]
mod tests {
    use super::*;

    fn remembered(p: &LazyPattern) -> Matched {
        p.matched.lock().expect("not poisoned").clone()
    }

    /// Matched short values are remembered (and answer as a search does), values the pattern
    /// does not match and long ones are not, and no more than [`MATCHED_ENTRIES`] are kept.
    #[test]
    fn a_pattern_remembers_the_short_values_it_matched() {
        let p = LazyPattern::default();
        let Ok(Some(re)) = p.get("^a[0-9]*$") else {
            panic!("the pattern compiles");
        };
        let long = format!("a{}", "1".repeat(MATCHED_LEN));
        for _ in 0..2 {
            assert!(p.is_match(re, "a1"));
            assert!(!p.is_match(re, "b1"));
            assert!(p.is_match(re, &long));
        }
        let seen = remembered(&p);
        assert!(seen.contains("a1") && seen.len() == 1, "{seen:?}");
        for i in 0..2 * MATCHED_ENTRIES {
            assert!(p.is_match(re, &format!("a{i}")));
            assert!(!p.is_match(re, &format!("a{i}b")));
        }
        let seen = remembered(&p);
        assert_eq!(seen.len(), MATCHED_ENTRIES);
        assert!(seen.iter().all(|v| re.is_match(v)));
        // Past the cap, values are still searched.
        assert!(p.is_match(re, "a99999") && !p.is_match(re, "x"));
    }
}
