//! kube-openapi's errors and results (`errors.Validation`, `validate.Result` with its match
//! counter) and their conversion into apimachinery field errors.

use crate::k8s::field::{go_quote, BadValue, ErrorType, FieldError};
use crate::k8s::FieldPath;
use crate::yaml::Span;

/// The kube-openapi error codes the field-error conversion distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Code {
    Required,
    Enum,
    TooLong,
    MaxItems,
    TooManyProperties,
    InvalidType,
    /// Every other `*errors.Validation`.
    Other,
}

/// One kube-openapi error.
#[derive(Clone, Debug)]
pub(crate) struct OErr {
    /// `None` for plain (non-`Validation`) errors: composite and range-check messages.
    code: Option<Code>,
    name: String,
    /// `None` is Go's nil `Value`.
    value: Option<BadValue>,
    /// `Valid` (the limit) for TooLong/MaxItems/TooManyProperties.
    pub(super) valid: i64,
    /// Enum entries, already rendered as the conversion renders them.
    pub(super) values: Vec<String>,
    message: String,
    pub span: Span,
}

impl OErr {
    pub(super) fn plain(name: String, message: String, span: Span) -> OErr {
        OErr {
            code: None,
            name,
            value: None,
            valid: -1,
            values: Vec::new(),
            message,
            span,
        }
    }
    pub(super) fn v(
        code: Code,
        name: String,
        value: Option<BadValue>,
        message: String,
        span: Span,
    ) -> OErr {
        OErr {
            code: Some(code),
            name,
            value,
            valid: -1,
            values: Vec::new(),
            message,
            span,
        }
    }

    /// The path of the value in the user's document (the server prints `<nil>` for composite
    /// errors; this is the value they are about).
    pub fn user_path(&self) -> String {
        let t = self.name.strip_prefix('.').unwrap_or(&self.name);
        if t.is_empty() {
            "<nil>".into()
        } else {
            t.to_string()
        }
    }

    /// `kubeOpenAPIResultToFieldErrors` for one error, with a nil root path.
    pub fn to_field_error(&self) -> FieldError {
        let Some(code) = self.code else {
            return FieldError::invalid(FieldPath::root(), String::new(), self.message.clone());
        };
        let trimmed = self.name.strip_prefix('.').unwrap_or(&self.name);
        let path = if self.name.is_empty() || self.name == "." {
            FieldPath::root()
        } else {
            FieldPath::root().child(trimmed)
        };
        let value_or_empty = || {
            self.value
                .clone()
                .unwrap_or_else(|| BadValue::String(String::new()))
        };
        match code {
            Code::Required => FieldError::required(path, ""),
            Code::Enum => {
                let quoted: Vec<String> = self.values.iter().map(|v| go_quote(v)).collect();
                let detail = if quoted.is_empty() {
                    String::new()
                } else {
                    format!("supported values: {}", quoted.join(", "))
                };
                // A nil value (the server passes nil).
                let value = self.value.clone().unwrap_or(BadValue::Nil);
                FieldError::new(path, ErrorType::NotSupported, value, detail)
            }
            Code::TooLong => FieldError::too_long_max_length(path, self.valid),
            Code::MaxItems | Code::TooManyProperties => {
                let actual = match self.value {
                    Some(BadValue::Int(i)) => i,
                    _ => -1,
                };
                let value = if actual < 0 {
                    BadValue::Omit
                } else {
                    BadValue::Int(actual)
                };
                let mut e = FieldError::too_many(path, actual, self.valid);
                e.value = value;
                e
            }
            Code::InvalidType => FieldError::new(
                path,
                ErrorType::TypeInvalid,
                value_or_empty(),
                self.message.clone(),
            ),
            Code::Other => FieldError::invalid(path, value_or_empty(), self.message.clone()),
        }
    }
}

/// A kube-openapi `Result`: errors de-duplicated by message, plus the match counter that
/// `anyOf`/`oneOf` use to pick the alternative whose errors they report.
#[derive(Default, Debug)]
pub(crate) struct Res {
    pub errs: Vec<OErr>,
    pub mc: u32,
    /// Errors ratcheting turned into warnings (update of an unchanged value).
    pub ratcheted: Vec<OErr>,
}

impl Res {
    pub(super) fn err(e: OErr) -> Res {
        Res {
            errs: vec![e],
            mc: 0,
            ratcheted: Vec::new(),
        }
    }
    pub(super) fn add(&mut self, e: OErr) {
        if !self.errs.iter().any(|x| x.message == e.message) {
            self.errs.push(e);
        }
    }
    /// Most merged results are clean (no errors, nothing ratcheted): those only add their
    /// match count, without touching (or dropping) the vectors.
    #[inline]
    pub(super) fn merge(&mut self, other: Res) {
        self.mc += other.mc;
        if other.errs.is_empty() && other.ratcheted.is_empty() {
            return;
        }
        self.merge_findings(other);
    }
    fn merge_findings(&mut self, other: Res) {
        if self.ratcheted.is_empty() {
            self.ratcheted = other.ratcheted;
        } else {
            self.ratcheted.extend(other.ratcheted);
        }
        if self.errs.is_empty() {
            self.errs = other.errs;
        } else {
            for e in other.errs {
                self.add(e);
            }
        }
    }
    pub(super) fn merge_opt(&mut self, other: Option<Res>) {
        if let Some(o) = other {
            self.merge(o);
        }
    }
    pub(super) fn is_valid(&self) -> bool {
        self.errs.is_empty()
    }
}
