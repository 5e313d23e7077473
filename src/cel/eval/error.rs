//! Evaluation errors (cel-go `types.Err`): what went wrong and the text users see. Apart from
//! the values so that the library types the values hold can fail with them.

use std::fmt;

/// What went wrong; the text in [`EvalError::message`] is what users see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    NoSuchKey,
    Overflow,
    DivisionByZero,
    /// `no such overload` (a dynamic value of the wrong type reached a function).
    NoSuchOverload,
    /// The per-call cost limit was exceeded.
    CostLimit,
    /// crdlint cannot check this offline (a regular expression too complex to compile here
    /// that Go accepts): the rule is skipped for the object, never reported as failing.
    Unchecked,
    IndexOutOfRange,
    Other,
}

/// An evaluation error (cel-go `types.Err`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub kind: ErrorKind,
    pub message: String,
}

impl EvalError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        EvalError {
            kind,
            message: message.into(),
        }
    }
    pub fn no_such_key(key: impl fmt::Display) -> Self {
        Self::new(ErrorKind::NoSuchKey, format!("no such key: {key}"))
    }
    pub fn overflow() -> Self {
        Self::new(ErrorKind::Overflow, "integer overflow")
    }
    pub fn division_by_zero() -> Self {
        Self::new(ErrorKind::DivisionByZero, "division by zero")
    }
    pub fn modulus_by_zero() -> Self {
        Self::new(ErrorKind::DivisionByZero, "modulus by zero")
    }
    pub fn no_such_overload() -> Self {
        Self::new(ErrorKind::NoSuchOverload, "no such overload")
    }
    pub fn other(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Other, message)
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}
