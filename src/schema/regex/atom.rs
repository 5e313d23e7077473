//! The translator's operands: an [`Atom`] with what Go's parser tracks about it, the [`Item`]s
//! of a group, and [`lit`], a literal character written for Rust. The main loop
//! (`translate`) and the escapes and classes (`escape`) both build them.

/// A literal character in a form that means the same inside and outside a class in Rust.
pub(super) fn lit(c: char) -> String {
    if c.is_ascii_alphanumeric() || (!c.is_ascii() && !c.is_whitespace() && !c.is_control()) {
        c.to_string()
    } else {
        format!("\\x{{{:X}}}", c as u32)
    }
}

/// One operand, with what Go's parser tracks about it for its limits: `size` is Go's
/// `calcSize` estimate of program instructions, `height` the parse-tree height (`checkHeight`),
/// `reps` the largest product of nested `{n,m}` counts (`repeatIsValid`).
#[derive(Clone, Debug)]
pub(super) struct Atom {
    pub(super) text: String,
    pub(super) size: i64,
    pub(super) height: u32,
    pub(super) reps: i64,
    /// A single literal character (Go merges runs of them into one node).
    pub(super) literal: bool,
}

impl Atom {
    pub(super) fn leaf(text: impl Into<String>) -> Atom {
        Atom {
            text: text.into(),
            size: 1,
            height: 1,
            reps: 1,
            literal: false,
        }
    }
    pub(super) fn lit(c: char) -> Atom {
        Atom {
            literal: true,
            ..Atom::leaf(lit(c))
        }
    }
}

#[derive(Clone, Debug)]
pub(super) enum Item {
    /// Something a repetition can apply to.
    Atom(Atom),
    /// `(?i)` and friends: emitted in place, invisible to repetition (as in Go).
    Flags(String),
    /// `|`
    Bar,
}
