//! crdlint's own bounds on what one evaluation may build or read, beyond the server's cost
//! limit, and the errors that end an evaluation past them.

use super::super::value::{ErrorKind, EvalError, EvalResult, Value};

/// Bytes of values that the calls charged by their input rather than their result may build
/// in one evaluation: `format` (charged by its format string), `replace` (by the string it
/// searches), both as on the server, and `flatten` (cel-go charges the outer list's size,
/// while the result holds every inner element: `l.map(x, l).flatten()` is n² elements at a
/// cost of about 3n). A comprehension of such calls can build far more than its cost admits
/// (`l.map(x, '%s'.format([l]))` is n² bytes at a cost of about 5n), which would make
/// crdlint's memory grow without bound. Every other call builds a small multiple of its
/// charge at most (string `+` 10 bytes a unit of cost, `split` about 50, `strings.quote`
/// about 60), so no rule within the cost limit comes near this.
/// The server has no such bound: an evaluation that reaches it ends like one over the cost
/// limit, with [`built_limit_error`]'s message saying why. A single call is sized before (or
/// while) it builds, so it never builds more than this either.
pub const MAX_BUILT_BYTES: usize = 64 << 20;

/// The most elements a list `+` may give (a view: nothing is copied until the list is read
/// whole). `+` is charged 1, so `cel.bind(a, l + l, cel.bind(b, a + a, ...))` doubles a list
/// per step; reading it whole (iteration, equality, `join`) copies every element. No list
/// within the server's 3 MiB request reaches this (a list of one-digit numbers has at most
/// 1.5 million elements), so a `+` past it is a built list of more than 200 MB.
pub const MAX_LIST_ELEMENTS: usize = 1 << 23;

/// Bytes of strings that calls charged a constant may read in one evaluation: `size` and
/// `charAt` count a string's characters (cel-go does the same, at cost 1), so
/// `l.all(x, size(s) > 0)` reads `s` once a step. This bound stops such a loop after a few
/// seconds of reading instead of hours; a rule reading its object a thousand times stays far
/// below it.
pub const MAX_SCANNED_BYTES: u64 = 1 << 30;

/// Which of crdlint's bounds a call counts towards, decided once per call node from its
/// function (`eval::ast`), so that a call reads no name when it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tracked {
    /// Neither.
    #[default]
    Nothing,
    /// [`MAX_SCANNED_BYTES`]: `size` and `charAt` read their string.
    Scanned,
    /// [`MAX_BUILT_BYTES`]: `format` and `replace` build a string.
    BuiltText,
    /// [`MAX_BUILT_BYTES`]: `flatten` builds a list.
    BuiltList,
}

impl Tracked {
    /// The bound a call of `function` counts towards.
    pub fn of(function: &str) -> Tracked {
        match function {
            "size" | "charAt" => Tracked::Scanned,
            "format" | "replace" => Tracked::BuiltText,
            "flatten" => Tracked::BuiltList,
            _ => Tracked::Nothing,
        }
    }
}

/// What [`MAX_BUILT_BYTES`] counts of a call's result: the bytes of a `format`/`replace`
/// string, the elements (at `size_of::<Value>()` each) of a `flatten` list; 0 for other
/// calls.
pub fn built_beyond_charge(t: Tracked, result: &EvalResult) -> usize {
    match (t, result) {
        (Tracked::BuiltText, Ok(Value::String(s))) => s.len(),
        (Tracked::BuiltList, Ok(Value::List(l))) => {
            l.len().saturating_mul(std::mem::size_of::<Value>())
        }
        _ => 0,
    }
}

/// What [`MAX_SCANNED_BYTES`] counts of a call: the string `size` or `charAt` reads.
pub fn scanned_beyond_charge(t: Tracked, args: &[Value]) -> u64 {
    match (t, args) {
        (Tracked::Scanned, [Value::String(s), ..]) => s.len() as u64,
        _ => 0,
    }
}

/// The error that ends an evaluation over [`MAX_BUILT_BYTES`] or [`MAX_LIST_ELEMENTS`]
/// (never absorbed by `||`/`&&`).
pub fn built_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: the values built by format/replace/flatten calls and list concatenation exceed crdlint's bound of 64 MiB (the API server has none)",
    )
}

/// The error that ends an evaluation over [`MAX_SCANNED_BYTES`].
pub fn scanned_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: the text read by size/charAt calls exceeds crdlint's bound of 1 GiB (the API server has none)",
    )
}
