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
use std::sync::{Arc, LazyLock, RwLock};

use regex::{Regex, RegexBuilder};

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
/// Compiled-size budget given to the Rust engine (see `compile_uncached`).
const RUST_SIZE_LIMIT: usize = 128 << 20;
/// Go's limit on repeat counts.
const MAX_REPEAT: i64 = 1000;

/// Compiled patterns shared by the whole process (CRD `pattern`s, CEL `matches`/`find`).
/// Bounded: once it holds this many entries it is cleared (patterns come from input).
const CACHE_LIMIT: usize = 4096;

type Compiled = Result<Arc<Regex>, String>;

static CACHE: LazyLock<RwLock<HashMap<String, Compiled>>> =
    LazyLock::new(|| RwLock::new(HashMap::new()));

/// Compiles a Go RE2 pattern (cached). The error is Go's `regexp.Compile` error text.
pub fn compile(pattern: &str) -> Result<Arc<Regex>, String> {
    if let Ok(cache) = CACHE.read() {
        if let Some(r) = cache.get(pattern) {
            return r.clone();
        }
    }
    let compiled = compile_uncached(pattern);
    if let Ok(mut cache) = CACHE.write() {
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(pattern.to_string(), compiled.clone());
    }
    compiled
}

fn compile_uncached(pattern: &str) -> Compiled {
    let rust = translate(pattern)?;
    RegexBuilder::new(&rust)
        .nest_limit(4 * MAX_DEPTH as u32 + 64)
        // Go compiles a Unicode class to one instruction, so `\p{L}{1,1000}` is small there;
        // Rust expands it to UTF-8 automata and needs far more than its 10 MB default.
        .size_limit(RUST_SIZE_LIMIT)
        .build()
        .map(Arc::new)
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => go_error(code::LARGE, pattern),
            // Anything else means the translation produced something Rust rejects (a bug in
            // this module, not in the pattern): Go's internal-error code plus Rust's reason.
            other => go_error(
                code::INTERNAL,
                other.to_string().lines().last().unwrap_or(""),
            ),
        })
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
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(pattern.to_string(), checked.clone());
    }
    checked
}

/// Go `regexp.MatchString(pattern, s)`: an unanchored search.
pub fn is_match(pattern: &str, haystack: &str) -> Result<bool, String> {
    compile(pattern).map(|r| r.is_match(haystack))
}

#[cfg(test)]
mod tests;
