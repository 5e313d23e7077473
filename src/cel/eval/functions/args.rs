//! The small helpers the library files build their results and errors with.

use super::super::value::{format_double, EvalError, EvalResult, Value};

pub(super) fn nso() -> EvalError {
    EvalError::no_such_overload()
}

pub(super) fn err(m: impl Into<String>) -> EvalError {
    EvalError::other(m)
}

pub(super) fn b(x: bool) -> EvalResult {
    Ok(Value::Bool(x))
}

pub(super) fn s(x: impl AsRef<str>) -> EvalResult {
    Ok(Value::string(x.as_ref()))
}

pub(super) fn str_arg(v: &Value) -> Result<&str, EvalError> {
    v.as_str().ok_or_else(nso)
}

pub(super) fn int_arg(v: &Value) -> Result<i64, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        _ => Err(nso()),
    }
}

/// Renders a value the way cel-go's `%v` shows keys in errors.
pub fn display(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Uint(u) => u.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Double(d) => format_double(*d),
        other => other.type_name().to_string(),
    }
}
