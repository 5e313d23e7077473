//! The plumbing every CRD check shares: a field error in the API server's model
//! ([`FieldError`], worded per minor) that also knows the path of the user's document and the
//! span it is about, and the renderings the checks give bad values.
//!
//! Checks push [`FErr`]s into a [`Sink`]; `lint_crd` turns them into [`Diagnostic`]s at the end,
//! so that a message is formatted only for the errors that exist.

// Go value rendering is shared with every other module's field errors.
use crate::diag::{Diagnostic, Rule, Severity, Span};
pub(crate) use crate::k8s::field::{go_float, go_is_print as is_go_printable, go_json, go_quote};
use crate::k8s::field::{BadValue, FieldError};
use crate::k8s::{Behavior, FieldPath};
use crate::yaml::{Node, Value};

/// apimachinery's `field.ErrorType` (`TypeInvalid` prints like `Invalid value`).
pub(crate) use crate::k8s::field::ErrorType as ErrType;

/// A bad value: the checks build [`BadValue`]s with the constructors below.
pub(crate) type Bad = BadValue;

/// The renderings the CRD checks give their bad values. A composite value they name is printed
/// as JSON in every minor (`Bad::json`, `Bad::any`): the schema fields they report are Go
/// structs (`%#v` of a struct pointer is not what the server prints either way), while values
/// the server holds as decoded JSON (defaults) come from [`crate::apiext`] as
/// [`BadValue::Composite`], worded per minor.
impl BadValue {
    pub(crate) fn none() -> BadValue {
        BadValue::Omit
    }
    pub(crate) fn str(s: &str) -> BadValue {
        BadValue::String(s.to_string())
    }
    pub(crate) fn int(i: i64) -> BadValue {
        BadValue::Int(i)
    }
    pub(crate) fn bool(b: bool) -> BadValue {
        BadValue::Bool(b)
    }
    /// A JSON value (slices, maps, `null`, structs).
    pub(crate) fn json(n: &Node) -> BadValue {
        BadValue::Json(go_json(n))
    }
    /// A value printed as Go prints an `interface{}` holding decoded JSON: strings quoted,
    /// numbers and bools with `%v`, everything else as JSON.
    pub(crate) fn any(n: &Node) -> BadValue {
        match &n.value {
            Value::String(s) => Bad::str(s),
            Value::Int(i) => Bad::int(*i),
            Value::Bool(b) => Bad::bool(*b),
            Value::Float(f) => BadValue::Float(*f),
            _ => Bad::json(n),
        }
    }
    /// A value already rendered.
    pub(crate) fn raw(s: impl Into<String>) -> BadValue {
        BadValue::Json(s.into())
    }
}

/// One field error as the server reports it (its path the server's), plus where it is in the
/// user's file: the user's path, the span, and how the finding is presented.
#[derive(Clone, Debug)]
pub(crate) struct FErr {
    pub(crate) rule: &'static Rule,
    pub(crate) err: FieldError,
    /// Path in the user's document.
    pub(crate) user: String,
    pub(crate) span: Span,
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
        let err = FieldError::new(FieldPath::new(&loc.server), ty, bad, detail);
        FErr::of(rule, err, loc.user.clone(), span)
    }

    /// A field error made elsewhere (by [`crate::apiext`]), with the user's path of its value.
    pub(crate) fn of(rule: &'static Rule, err: FieldError, user: String, span: Span) -> FErr {
        FErr {
            rule,
            err,
            user,
            span,
            user_detail: None,
            severity: None,
            help: None,
        }
    }

    /// The full `Error()` string as the newest server prints it (server path).
    pub(crate) fn server_string(&self) -> String {
        self.err.to_string()
    }

    /// The finding, worded as the server of `beh`'s minor words it.
    pub(crate) fn into_diagnostic(self, beh: Behavior) -> Diagnostic {
        let mut body = self.err.clone();
        if let Some(d) = self.user_detail {
            body.detail = d;
        }
        let message = format!("{}: {}", self.user, body.body_at(beh));
        let server = self.err.path.to_string();
        let mut d = Diagnostic::new(self.rule, self.span, message).with_path(self.user.clone());
        if server != self.user {
            d = d.with_server_path(server);
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
    /// Everything, in the order it was reported, worded as the server of `beh`'s minor words it.
    pub(crate) fn into_diagnostics(self, beh: Behavior) -> Vec<Diagnostic> {
        let mut out = Vec::with_capacity(self.len());
        let mut diags = self.diags.into_iter().peekable();
        for (i, e) in self.errs.into_iter().enumerate() {
            while diags.peek().is_some_and(|(at, _)| *at <= i) {
                if let Some((_, d)) = diags.next() {
                    out.push(d);
                }
            }
            out.push(e.into_diagnostic(beh));
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
