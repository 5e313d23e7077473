//! The field error a failing rule produces, printed exactly like apimachinery's
//! `field.Error.Error()`.

use std::fmt;

use crate::k8s::FieldPath;

/// apimachinery `field.ErrorType`s a rule can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorType {
    Invalid,
    Forbidden,
    Required,
    Duplicate,
    Internal,
}

impl ErrorType {
    pub fn word(self) -> &'static str {
        match self {
            ErrorType::Invalid => "Invalid value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Internal => "Internal error",
        }
    }
}

/// One field error, printed exactly like `field.Error.Error()`.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleError {
    pub kind: ErrorType,
    pub path: FieldPath,
    /// The rendered bad value (`"y"`, `2`, `"object"`); `None` when omitted (objects, arrays).
    pub value: Option<String>,
    pub detail: String,
    /// Validation ratcheting turned this failure into a warning: the rule does not use
    /// `oldSelf` and the value (or its nearest correlated ancestor) is unchanged on update.
    pub ratcheted: bool,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.kind.word())?;
        match self.kind {
            ErrorType::Invalid => {
                if let Some(v) = &self.value {
                    write!(f, ": {v}")?;
                }
                write!(f, ": {}", self.detail)
            }
            // Duplicate errors carry no detail; an omitted (object/array) value prints nothing.
            ErrorType::Duplicate => match &self.value {
                Some(v) => write!(f, ": {v}"),
                None => Ok(()),
            },
            _ => write!(f, ": {}", self.detail),
        }
    }
}
