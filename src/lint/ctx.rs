//! The plumbing every CRD check shares: a field error in the API server's model (type word,
//! bad value, detail) that knows both the path of the user's document and the path the server
//! prints, and the Go renderings of bad values (`%q` strings, `encoding/json` values).
//!
//! Checks push [`FErr`]s into a [`Sink`]; `lint_crd` turns them into [`Diagnostic`]s at the end,
//! so that a message is formatted only for the errors that exist.

// Go value rendering is shared with every other module's field errors.
use crate::diag::{Diagnostic, Rule, Severity, Span};
pub(crate) use crate::k8s::field::{go_float, go_is_print as is_go_printable, go_json, go_quote};
use crate::yaml::{Node, Value};

/// apimachinery's `field.ErrorType`, as far as CRD validation uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ErrType {
    Required,
    Forbidden,
    Invalid,
    TypeInvalid,
    NotSupported,
    Duplicate,
    TooMany,
    TooLong,
    /// CEL type-construction failures (reported by the CEL hook).
    #[allow(dead_code)]
    Internal,
}

impl ErrType {
    pub(crate) fn word(self) -> &'static str {
        match self {
            ErrType::Required => "Required value",
            ErrType::Forbidden => "Forbidden",
            ErrType::Invalid | ErrType::TypeInvalid => "Invalid value",
            ErrType::NotSupported => "Unsupported value",
            ErrType::Duplicate => "Duplicate value",
            ErrType::TooMany => "Too many",
            ErrType::TooLong => "Too long",
            ErrType::Internal => "Internal error",
        }
    }
    fn prints_value(self) -> bool {
        matches!(
            self,
            ErrType::Invalid
                | ErrType::TypeInvalid
                | ErrType::NotSupported
                | ErrType::Duplicate
                | ErrType::TooMany
        )
    }
}

/// A bad value, already rendered the way Go's `field.Error` prints it.
#[derive(Clone, Debug)]
pub(crate) struct Bad(pub(crate) Option<String>);

impl Bad {
    pub(crate) fn none() -> Bad {
        Bad(None)
    }
    pub(crate) fn str(s: &str) -> Bad {
        Bad(Some(go_quote(s)))
    }
    pub(crate) fn int(i: i64) -> Bad {
        Bad(Some(i.to_string()))
    }
    pub(crate) fn bool(b: bool) -> Bad {
        Bad(Some(b.to_string()))
    }
    /// A JSON value (slices, maps, `null`, structs).
    pub(crate) fn json(n: &Node) -> Bad {
        Bad(Some(go_json(n)))
    }
    /// A value printed as Go prints an `interface{}` holding decoded JSON: strings quoted,
    /// numbers and bools with `%v`, everything else as JSON.
    pub(crate) fn any(n: &Node) -> Bad {
        match &n.value {
            Value::String(s) => Bad::str(s),
            Value::Int(i) => Bad::int(*i),
            Value::Bool(b) => Bad::bool(*b),
            Value::Float(f) => Bad(Some(go_float(*f))),
            _ => Bad::json(n),
        }
    }
    pub(crate) fn raw(s: impl Into<String>) -> Bad {
        Bad(Some(s.into()))
    }
}

/// One field error: what the server reports, plus where it is in the user's file.
#[derive(Clone, Debug)]
pub(crate) struct FErr {
    pub(crate) rule: &'static Rule,
    pub(crate) ty: ErrType,
    /// Path in the user's document.
    pub(crate) user: String,
    /// Path the server prints.
    pub(crate) server: String,
    pub(crate) span: Span,
    pub(crate) bad: Bad,
    pub(crate) detail: String,
    /// The detail as the user should read it, when it quotes a path that differs.
    pub(crate) user_detail: Option<String>,
    pub(crate) severity: Option<Severity>,
    pub(crate) help: Option<String>,
}

impl FErr {
    pub(crate) fn new(
        rule: &'static Rule,
        ty: ErrType,
        loc: &Loc,
        span: Span,
        bad: Bad,
        detail: impl Into<String>,
    ) -> FErr {
        FErr {
            rule,
            ty,
            user: loc.user.clone(),
            server: loc.server.clone(),
            span,
            bad,
            detail: detail.into(),
            user_detail: None,
            severity: None,
            help: None,
        }
    }

    /// `<Type word>[: <value>][: <detail>]`, as `field.Error.ErrorBody()`.
    pub(crate) fn body(&self) -> String {
        self.body_with(&self.detail)
    }

    fn body_with(&self, detail: &str) -> String {
        let mut s = String::from(self.ty.word());
        if self.ty.prints_value() {
            if let Some(v) = &self.bad.0 {
                s.push_str(": ");
                s.push_str(v);
            }
        }
        if !detail.is_empty() {
            s.push_str(": ");
            s.push_str(detail);
        }
        s
    }

    /// The full `Error()` string as the server prints it (server path).
    pub(crate) fn server_string(&self) -> String {
        format!("{}: {}", self.server, self.body())
    }

    pub(crate) fn into_diagnostic(self) -> Diagnostic {
        let body = self.body_with(self.user_detail.as_deref().unwrap_or(&self.detail));
        let message = format!("{}: {}", self.user, body);
        let mut d = Diagnostic::new(self.rule, self.span, message).with_path(self.user.clone());
        if self.server != self.user {
            d = d.with_server_path(self.server);
        }
        if let Some(s) = self.severity {
            d = d.with_severity(s);
        }
        if let Some(h) = self.help {
            d = d.with_help(h);
        }
        d
    }
}

/// A location: the user's path and the server's path of the same value. They differ only where
/// the server validates a converted (internal) object, e.g. hoisted per-version schemas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loc {
    pub(crate) user: String,
    pub(crate) server: String,
}

impl Loc {
    pub(crate) fn new(p: &str) -> Loc {
        Loc {
            user: p.to_string(),
            server: p.to_string(),
        }
    }
    pub(crate) fn two(user: impl Into<String>, server: impl Into<String>) -> Loc {
        Loc {
            user: user.into(),
            server: server.into(),
        }
    }
    pub(crate) fn child(&self, name: &str) -> Loc {
        Loc {
            user: join_child(&self.user, name),
            server: join_child(&self.server, name),
        }
    }
    /// A child whose name differs between the user's document and the server's internal type
    /// (`jsonPath` vs `JSONPath`).
    pub(crate) fn child2(&self, user: &str, server: &str) -> Loc {
        Loc {
            user: join_child(&self.user, user),
            server: join_child(&self.server, server),
        }
    }
    pub(crate) fn index(&self, i: usize) -> Loc {
        Loc {
            user: format!("{}[{i}]", self.user),
            server: format!("{}[{i}]", self.server),
        }
    }
    pub(crate) fn key(&self, k: &str) -> Loc {
        Loc {
            user: format!("{}[{k}]", self.user),
            server: format!("{}[{k}]", self.server),
        }
    }
}

/// Where a [`Loc`] was before a `push_*`, to `pop` back to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark(usize, usize);

impl Loc {
    /// In-place `.name` for walks: no allocation per node once the buffers have grown.
    pub(crate) fn push_child(&mut self, name: &str) -> Mark {
        let m = Mark(self.user.len(), self.server.len());
        for s in [&mut self.user, &mut self.server] {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(name);
        }
        m
    }
    /// In-place `.name[key]`: written once into the user's path and copied from there into the
    /// server's (the schema walks push one for every property, some 130,000 times for the 107
    /// CRDs of the 10,000-resource workload).
    pub(crate) fn push_child_key(&mut self, name: &str, key: &str) -> Mark {
        let m = Mark(self.user.len(), self.server.len());
        let u = &mut self.user;
        u.reserve(name.len() + key.len() + 3);
        if !u.is_empty() {
            u.push('.');
        }
        let segment = u.len();
        u.push_str(name);
        u.push('[');
        u.push_str(key);
        u.push(']');
        if !self.server.is_empty() {
            self.server.push('.');
        }
        self.server.push_str(&self.user[segment..]);
        m
    }
    pub(crate) fn pop(&mut self, m: Mark) {
        self.user.truncate(m.0);
        self.server.truncate(m.1);
    }
}

fn join_child(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else {
        format!("{base}.{name}")
    }
}

/// Collected field errors of one run.
#[derive(Default)]
pub(crate) struct Sink<'s> {
    pub(crate) errs: Vec<FErr>,
    /// Findings of other modules (CEL), each with the number of `errs` before it.
    pub(crate) diags: Vec<(usize, Diagnostic)>,
    /// The file's text when known: CEL findings then point inside the rule.
    pub(crate) src: Option<&'s str>,
}

impl Sink<'_> {
    pub(crate) fn push(&mut self, e: FErr) {
        self.errs.push(e);
    }
    pub(crate) fn push_diag(&mut self, d: Diagnostic) {
        self.diags.push((self.errs.len(), d));
    }
    pub(crate) fn len(&self) -> usize {
        self.errs.len() + self.diags.len()
    }
    /// Everything, in the order it was reported.
    pub(crate) fn into_diagnostics(self) -> Vec<Diagnostic> {
        let mut out = Vec::with_capacity(self.len());
        let mut diags = self.diags.into_iter().peekable();
        for (i, e) in self.errs.into_iter().enumerate() {
            while diags.peek().is_some_and(|(at, _)| *at <= i) {
                if let Some((_, d)) = diags.next() {
                    out.push(d);
                }
            }
            out.push(e.into_diagnostic());
        }
        out.extend(diags.map(|(_, d)| d));
        out
    }
}

/// Span of the value at `key`, or of the map itself when the key is absent.
pub(crate) fn value_span(parent: &Node, key: &str) -> Span {
    parent.get(key).map(|n| n.span()).unwrap_or(parent.span())
}

/// Span of the key `key` (for a forbidden field), or of the map when absent.
pub(crate) fn key_span(parent: &Node, key: &str) -> Span {
    match parent.as_map().and_then(|m| m.entry(key)) {
        Some(e) if !e.key_span.is_empty() || e.value.span().is_empty() => e.key_span,
        Some(e) => e.value.span(),
        None => parent.span(),
    }
}

/// A string field; wrong types read as absent (the decode check reports them).
pub(crate) fn get_str<'a>(n: &'a Node, key: &str) -> Option<&'a str> {
    n.get(key).and_then(Node::as_str)
}

pub(crate) fn get_bool(n: &Node, key: &str) -> bool {
    n.get(key).and_then(Node::as_bool).unwrap_or(false)
}

/// A present, non-null value (Go: a non-nil pointer after JSON decoding).
pub(crate) fn get_set<'a>(n: &'a Node, key: &str) -> Option<&'a Node> {
    n.get(key).filter(|v| !v.is_null())
}

pub(crate) fn get_seq<'a>(n: &'a Node, key: &str) -> &'a [Node] {
    n.get(key).and_then(Node::as_seq).unwrap_or(&[])
}

/// What a driver run emulates (`super::run`; the families read it too).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    /// Validate the object exactly as given (the upstream unit tests), instead of applying v1
    /// defaulting and `PrepareForCreate` first (a real create).
    pub(crate) as_given: bool,
    /// The API server version emulated (CEL environments).
    pub(crate) kube: crate::k8s::KubeVersion,
    /// Compile CEL rules.
    pub(crate) cel: bool,
    /// See [`crate::lint::Mode::cost_warn_percent`].
    pub(crate) cost_warn_percent: Option<u32>,
}

/// A required string field with a fixed set of values (`Required` when empty, `NotSupported`
/// when not one of them).
pub(crate) fn enum_strings(
    rule: &'static Rule,
    loc: &Loc,
    value: &str,
    accepted: &[&str],
    span: crate::diag::Span,
    sink: &mut Sink,
) {
    if value.is_empty() {
        sink.push(FErr::new(
            rule,
            ErrType::Required,
            loc,
            span,
            Bad::none(),
            "",
        ));
    } else if !accepted.contains(&value) {
        sink.push(FErr::new(
            rule,
            ErrType::NotSupported,
            loc,
            span,
            Bad::str(value),
            supported(accepted),
        ));
    }
}

/// `supported values: "a", "b"` (empty list: no detail).
pub(crate) fn supported(values: &[&str]) -> String {
    if values.is_empty() {
        return String::new();
    }
    let q: Vec<String> = values.iter().map(|v| go_quote(v)).collect();
    format!("supported values: {}", q.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_renderings() {
        assert_eq!(go_quote("a\"b\n\u{1}é"), "\"a\\\"b\\n\\x01é\"");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(10.0), "10");
        let n = Node::from_json(&serde_json::json!({"b": "<x>", "a": [1, 1.5, null]}));
        assert_eq!(go_json(&n), r#"{"a":[1,1.5,null],"b":"\u003cx\u003e"}"#);
    }

    #[test]
    fn pushed_children_extend_both_paths_and_pop_back() {
        let mut loc = Loc::two("", "spec.validation");
        let m = loc.push_child_key("properties", "a.b");
        assert_eq!(loc.user, "properties[a.b]");
        assert_eq!(loc.server, "spec.validation.properties[a.b]");
        let m2 = loc.push_child("items");
        assert_eq!(
            loc,
            Loc::two(
                "properties[a.b].items",
                "spec.validation.properties[a.b].items"
            )
        );
        loc.pop(m2);
        loc.pop(m);
        assert_eq!(loc, Loc::two("", "spec.validation"));
        let mut loc = Loc::two("spec.versions[0].schema", "");
        loc.push_child_key("definitions", "x");
        assert_eq!(
            loc,
            Loc::two("spec.versions[0].schema.definitions[x]", "definitions[x]")
        );
    }
}
