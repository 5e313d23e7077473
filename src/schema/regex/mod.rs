//! Go RE2 patterns on the Rust `regex` crate: a translator that parses a pattern with Go's
//! `regexp/syntax` rules (Perl flags, as `regexp.Compile` uses) and emits an equivalent Rust
//! pattern, plus a process-wide cache of compiled patterns.
//!
//! Why a translator: the two engines share a design but not a syntax. Where they differ
//! (dependencies.md §3.5), the Go meaning is produced explicitly:
//!
//! | Go | Rust default | emitted |
//! |---|---|---|
//! | `\d \s \w \b` are ASCII | Unicode | `[0-9]`, `[\t\n\f\r ]`, `[0-9A-Za-z_]`, `(?-u:\b)` |
//! | `\Q...\E` literal text | unsupported | each character escaped |
//! | octal `\101` | needs a flag | `\x{41}` |
//! | `[a&&b]`, `[a--b]`, `[a~~b]` are literal characters | set operations | punctuation is always emitted as `\x{..}` |
//! | `a{,3}`, `a{01}` are literal text | error / repetition | `{` emitted as a literal |
//! | `a{1001}` is an error | accepted | Go error |
//! | `\<`, `\_` are literal characters | word-boundary / error | literal |
//! | lookaround, backreferences, `\Z`, `\C`, `\e` | rejected | Go's error text |
//! | `(?P<n>x)`, `(?<n>x)` | named group (duplicates rejected) | plain group (names do not affect matching) |
//! | `\p{Cs}` (surrogates) | error | an empty class |
//!
//! Errors carry Go's text, e.g. ``error parsing regexp: missing closing ]: `[a-z` `` — the
//! server prints them verbatim (`must be a valid regular expression, but isn't: <err>`).
//!
//! Files: `translate` (the parser loop, operands and repetition limits), `escape` (escapes,
//! Perl flags, bracketed classes), `unicode` (the class names Go accepts); this file holds the
//! error texts, the limits and the cache.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, OnceLock, RwLock};

use regex::{Regex, RegexBuilder};

mod atom;
mod escape;
mod translate;
mod unicode;

pub use translate::translate;

/// Go's `syntax.ErrorCode` texts.
mod code {
    pub const INVALID_CHAR_RANGE: &str = "invalid character class range";
    pub const INVALID_ESCAPE: &str = "invalid escape sequence";
    pub const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
    pub const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
    pub const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
    pub const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
    pub const MISSING_BRACKET: &str = "missing closing ]";
    pub const MISSING_PAREN: &str = "missing closing )";
    pub const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
    pub const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
    pub const UNEXPECTED_PAREN: &str = "unexpected )";
    pub const NESTING_DEPTH: &str = "expression nests too deeply";
    pub const LARGE: &str = "expression too large";
    pub const INTERNAL: &str = "regexp/syntax: internal error";
}

fn go_error(code: &str, expr: &str) -> String {
    format!("error parsing regexp: {code}: `{expr}`")
}

/// Go's limit on nesting (`maxHeight`), approximated by group depth.
const MAX_DEPTH: usize = 1000;
/// Go's limit on repeat counts.
const MAX_REPEAT: i64 = 1000;

/// The compiled-program sizes a pattern is tried at, smallest first (`size_limit`, and the
/// same for the lazy DFA's cache, `dfa_size_limit`). Go compiles a Unicode class to one
/// instruction, so `\p{L}{1000}` is a few kB there; Rust expands the class to UTF-8
/// automata and needs about 64 MB for it (0.3 s to compile in a release build). A pattern Go
/// accepts that needs more than the last size is "too complex to check offline": not checked,
/// and reported as a warning (`schema/pattern-too-complex`), never as an error. The 269
/// distinct patterns of the 217 corpus CRD files all fit the first size; `^\p{L}{1,63}$`
/// needs the last.
const TIERS: [usize; 3] = [32 << 10, 1 << 20, 8 << 20];

/// The most program memory all kept patterns may claim together, each charged twice its
/// tier (program and DFA cache): 16,384 small patterns or 64 of the largest.
const BUDGET: usize = 1 << 30;

/// The most program the attempts beyond the first size may build in a run, whether they
/// succeed or not: an attempt's time grows with its size (about 150 ms to fail at 8 MiB), and
/// a CRD can hold thousands of distinct heavy patterns, so without this their attempts alone
/// would take hours. Once it is spent (about eight attempts at the last size), a pattern that
/// does not fit the first size is too complex to check offline; which patterns those are then
/// depends on the order they were first compiled in.
const ATTEMPT_BUDGET: usize = 64 << 20;

/// What compiled patterns have claimed of [`BUDGET`] and [`ATTEMPT_BUDGET`].
#[derive(Default)]
struct Spent {
    /// Kept programs, against [`BUDGET`].
    kept: AtomicUsize,
    /// Attempts beyond the first size, against [`ATTEMPT_BUDGET`].
    attempted: AtomicUsize,
}

/// The process's budgets (the cache's patterns).
static SPENT: Spent = Spent {
    kept: AtomicUsize::new(0),
    attempted: AtomicUsize::new(0),
};

/// How many patterns that do not compile (Go errors, too complex) the cache remembers; compiled
/// ones are bounded by [`BUDGET`].
const FAILED_LIMIT: usize = 4096;

/// How many syntax verdicts [`syntax_error`] remembers before it starts over.
const CHECKED_LIMIT: usize = 4096;

/// A compiled pattern; `None` when Go accepts it but it is too complex to check offline.
pub type Compiled = Result<Option<Arc<Regex>>, String>;

/// Compiled patterns shared by the whole process (CRD `pattern`s, CEL `matches`/`find`): each
/// distinct pattern is compiled once per run.
///
/// The map holds a slot per pattern, and a pattern is compiled in its slot, outside the map's
/// lock: compiling under the lock made every other core wait for it, whatever pattern it
/// needed (an attempt at the last size takes up to ~150 ms, see [`ATTEMPT_BUDGET`]). A caller
/// that needs the pattern being compiled waits for that one compilation
/// ([`OnceLock::get_or_init`]); the others go on.
static CACHE: LazyLock<RwLock<Cache>> = LazyLock::new(RwLock::default);

/// A pattern's slot: filled once, by the first caller that needs it.
type Slot = Arc<OnceLock<Compiled>>;

#[derive(Default)]
struct Cache {
    map: HashMap<String, Slot>,
    failed: usize,
}

/// Compiles a Go RE2 pattern (cached). The error is Go's `regexp.Compile` error text; `Ok(None)`
/// means Go accepts the pattern but it is too complex to check offline (see [`TIERS`]).
pub fn compile(pattern: &str) -> Compiled {
    let found = CACHE
        .read()
        .ok()
        .and_then(|cache| cache.map.get(pattern).cloned());
    if let Some(r) = found.as_deref().and_then(OnceLock::get) {
        return r.clone();
    }
    let slot = match found {
        Some(slot) => slot,
        None => match CACHE.write() {
            Ok(mut cache) => cache.map.entry(pattern.to_string()).or_default().clone(),
            Err(_) => return compile_uncached(pattern, &SPENT),
        },
    };
    let mut ours = false;
    let compiled = slot
        .get_or_init(|| {
            ours = true;
            compile_uncached(pattern, &SPENT)
        })
        .clone();
    // The caller that compiled a failure counts it; past the limit its slot is let go.
    if ours && !matches!(compiled, Ok(Some(_))) {
        if let Ok(mut cache) = CACHE.write() {
            if cache.failed < FAILED_LIMIT {
                cache.failed += 1;
            } else if cache
                .map
                .get(pattern)
                .is_some_and(|s| Arc::ptr_eq(s, &slot))
            {
                cache.map.remove(pattern);
            }
        }
    }
    compiled
}

/// The message for a pattern that is too complex to check offline.
pub fn too_complex_message(pattern_len: usize) -> String {
    format!(
        "the pattern ({pattern_len} bytes) is too complex for crdlint to check offline: it compiles to more than {} MiB here (the API server accepts it); values are not checked against it",
        TIERS[TIERS.len() - 1] >> 20
    )
}

/// Compiles `pattern` at the first size it fits, charging `spent`.
fn compile_uncached(pattern: &str, spent: &Spent) -> Compiled {
    let rust = translate(pattern)?;
    for (i, tier) in TIERS.into_iter().enumerate() {
        let charge = 2 * tier;
        // Patterns compile on several cores at once: each budget is claimed before the work
        // it pays for (a check, then an add, could let two attempts past its end).
        if !claim(&spent.kept, charge, BUDGET) {
            return Ok(None);
        }
        if i > 0 && !claim(&spent.attempted, tier, ATTEMPT_BUDGET) {
            spent.kept.fetch_sub(charge, Ordering::Relaxed);
            return Ok(None);
        }
        let built = RegexBuilder::new(&rust)
            .nest_limit(4 * MAX_DEPTH as u32 + 64)
            .size_limit(tier)
            .dfa_size_limit(tier)
            .build();
        match built {
            Ok(r) => return Ok(Some(Arc::new(r))),
            Err(regex::Error::CompiledTooBig(_)) => {
                // Not kept: its claim on the program budget goes back.
                spent.kept.fetch_sub(charge, Ordering::Relaxed);
                continue;
            }
            // Anything else means the translation produced something Rust rejects (a bug in
            // this module, not in the pattern): Go's internal-error code plus Rust's reason.
            Err(other) => {
                spent.kept.fetch_sub(charge, Ordering::Relaxed);
                return Err(go_error(
                    code::INTERNAL,
                    other.to_string().lines().last().unwrap_or(""),
                ));
            }
        }
    }
    Ok(None)
}

/// Adds `amount` to `budget` if it stays within `limit`; whether it did.
fn claim(budget: &AtomicUsize, amount: usize, limit: usize) -> bool {
    budget
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
            let after = b.saturating_add(amount);
            (after <= limit).then_some(after)
        })
        .is_ok()
}

/// Go's syntax error for a pattern, if any (`regexp.Compile` without building the automaton),
/// cached: the CRD linter checks every `pattern` keyword, and real CRDs repeat the same few
/// patterns across fields and versions (the 217 corpus CRD files: 5,960 patterns, 269 distinct).
pub fn syntax_error(pattern: &str) -> Option<String> {
    type Checked = HashMap<String, Option<String>, foldhash::fast::RandomState>;
    static CHECKED: LazyLock<RwLock<Checked>> = LazyLock::new(RwLock::default);
    if let Ok(cache) = CHECKED.read() {
        if let Some(r) = cache.get(pattern) {
            return r.clone();
        }
    }
    let checked = translate(pattern).err();
    if let Ok(mut cache) = CHECKED.write() {
        if cache.len() >= CHECKED_LIMIT {
            cache.clear();
        }
        cache.insert(pattern.to_string(), checked.clone());
    }
    checked
}

/// Go `regexp.MatchString(pattern, s)`: an unanchored search; `Ok(None)` when the pattern is
/// too complex to check offline.
pub fn is_match(pattern: &str, haystack: &str) -> Result<Option<bool>, String> {
    compile(pattern).map(|r| r.map(|r| r.is_match(haystack)))
}

#[cfg(test)]
mod tests;
