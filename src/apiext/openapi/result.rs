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

/// The help for an error about the validated value itself (`what`: how to name it to the user). apiextensions-apiserver builds its
/// validator with an empty root name (`validate.NewSchemaValidator(schema, nil, "", ...)` in
/// `pkg/apiserver/validation/validation.go`, every minor crdlint supports) and kube-openapi
/// formats `"%s in %s must be of type %s: %q"` (`pkg/validation/errors/schema.go`) with it, so
/// the server's own text is `Invalid value: "string":  in body must be of type object: "string"`:
/// two spaces and no field name. The message keeps those words; this says what they mean.
pub(crate) fn unnamed_value_help(detail: &str, what: &str) -> Option<String> {
    detail.starts_with(" in body ").then(|| {
        format!(
            "the server names no field here (its validator gives the value it checks an empty name, hence the two spaces): the value meant is {what}"
        )
    })
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
        self.to_field_error_under(None)
    }

    /// `kubeOpenAPIResultToFieldErrors(fldPath, ...)` for one error: `None` is the nil path
    /// (a resource), a CRD's `default` is checked under `<schema path>.default`.
    pub fn to_field_error_under(&self, base: Option<&FieldPath>) -> FieldError {
        let base = || base.cloned().unwrap_or_default();
        let Some(code) = self.code else {
            return FieldError::invalid(base(), String::new(), self.message.clone());
        };
        let trimmed = self.name.strip_prefix('.').unwrap_or(&self.name);
        let path = if self.name.is_empty() || self.name == "." {
            base()
        } else {
            base().child(trimmed)
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
    /// The messages of `errs` by hash, once there are many: de-duplicating by a scan of
    /// every earlier error made 50,000 enum violations in one list take 5 s (issue 26).
    pub(super) seen: Option<Box<Seen>>,
}

/// Where the first error of each message hash is in `errs`, for the first `len` errors.
#[derive(Debug, Default)]
pub(super) struct Seen {
    len: usize,
    at: std::collections::HashMap<u64, usize>,
}

/// Below this many errors a result de-duplicates by scanning them (most have none or one).
const INDEXED_FROM: usize = 16;

fn message_hash(m: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // One fixed seed per process (the messages come from the input: see foldhash in Cargo.toml).
    static STATE: std::sync::OnceLock<foldhash::fast::RandomState> = std::sync::OnceLock::new();
    let mut h = STATE.get_or_init(Default::default).build_hasher();
    h.write(m.as_bytes());
    h.finish()
}

impl Res {
    pub(super) fn err(e: OErr) -> Res {
        Res {
            errs: vec![e],
            mc: 0,
            ratcheted: Vec::new(),
            seen: None,
        }
    }
    /// kube-openapi's `AddErrors`: an error whose message is already there is dropped.
    pub(super) fn add(&mut self, e: OErr) {
        if self.errs.len() < INDEXED_FROM {
            // `errs` may have been cut or moved (ratcheting, the object short-circuit): an
            // index from before would be stale.
            self.seen = None;
            if !self.errs.iter().any(|x| x.message == e.message) {
                self.errs.push(e);
            }
            return;
        }
        let seen = self.seen.get_or_insert_with(Default::default);
        if seen.len != self.errs.len() {
            seen.at.clear();
            for (i, x) in self.errs.iter().enumerate() {
                seen.at.entry(message_hash(&x.message)).or_insert(i);
            }
            seen.len = self.errs.len();
        }
        let h = message_hash(&e.message);
        match seen.at.get(&h) {
            Some(&i) if self.errs.get(i).is_some_and(|x| x.message == e.message) => return,
            // A hash collision: the scan decides.
            Some(_) if self.errs.iter().any(|x| x.message == e.message) => return,
            _ => {}
        }
        seen.at.entry(h).or_insert(self.errs.len());
        seen.len += 1;
        self.errs.push(e);
    }
    /// Most merged results are clean (no errors, nothing ratcheted): those only add their
    /// match count, without touching (or dropping) the vectors.
    #[inline]
    pub(super) fn merge(&mut self, other: Res) {
        self.mc += other.mc;
        if other.errs.capacity() == 0 && other.ratcheted.capacity() == 0 && other.seen.is_none() {
            // Nothing on the heap: skipping the drop glue (an out-of-line call per merge,
            // a tenth of this validator's time) frees nothing that would have been freed.
            std::mem::forget(other);
            return;
        }
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
            self.seen = other.seen;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn err(m: &str) -> OErr {
        OErr::plain(String::new(), m.to_string(), Span::new(0, 0))
    }

    fn messages(r: &Res) -> Vec<&str> {
        r.errs.iter().map(|e| e.message.as_str()).collect()
    }

    /// The definition the index must agree with: the first error of each message, in order.
    fn first_of_each(ms: &[String]) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for m in ms {
            if !out.contains(&m.as_str()) {
                out.push(m);
            }
        }
        out
    }

    #[test]
    fn many_errors_are_deduplicated_as_a_scan_would() {
        let ms: Vec<String> = (0..500).map(|i| format!("e{}", (i * 7) % 130)).collect();
        let mut r = Res::default();
        for m in &ms {
            r.add(err(m));
        }
        assert_eq!(messages(&r), first_of_each(&ms));
        // Cut (the object short-circuit) and grown again past the index threshold: the
        // stale index neither drops a new message nor keeps a repeated one.
        r.errs.truncate(1);
        let again: Vec<String> = (0..200).map(|i| format!("e{}", i % 40)).collect();
        for m in &again {
            r.add(err(m));
        }
        let mut all = vec![ms[0].clone()];
        all.extend(again.iter().cloned());
        assert_eq!(messages(&r), first_of_each(&all));
        // Merged into an empty result, then added to.
        let mut m = Res::default();
        m.merge(r);
        m.add(err("e3"));
        m.add(err("new"));
        assert_eq!(m.errs.len(), 41);
        assert_eq!(m.errs.last().map(|e| e.message.as_str()), Some("new"));
    }
}
