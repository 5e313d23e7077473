//! Decoding: before validating anything, the API server decodes the document into its Go types.
//! A value of the wrong JSON type fails the whole request (`json: cannot unmarshal string into
//! Go struct field ...`), and with strict field validation (kubectl's default) so does a field
//! the type does not have (`strict decoding error: unknown field "spec.foo"`).
//!
//! The expected shape of every `apiextensions.k8s.io/v1` and `v1beta1` field is described by
//! static tables below (the schema's own, `JSONSchemaProps`, is the shared keyword table
//! `schema::keywords::SCHEMA`, which the model builder reads too); one walk checks the
//! document against them. The other rules read
//! wrongly-typed values as absent, so each problem is reported once, here.

use super::ctx::go_quote;
use crate::diag::{Diagnostic, Rule, Severity, Span};
use crate::k8s::KubeVersion;
use crate::schema::keywords::{Obj, Ty, K, SCHEMA};
use crate::yaml::{Node, Value};

pub static DECODE: Rule = Rule {
    id: "crd/decode",
    severity: Severity::Error,
    summary: "A field has the wrong type for the CustomResourceDefinition API",
    docs: "The API server decodes the document into its Go types before any validation; a string \
where a boolean is expected (`served: \"true\"`), a list where an object is expected, or invalid \
base64 in `caBundle` fails the whole request with a `json: cannot unmarshal ...` error.",
    bad: "versions:\n- name: v1\n  served: \"true\"\n",
    good: "versions:\n- name: v1\n  served: true\n",
};

pub static UNKNOWN_FIELD: Rule = Rule {
    id: "crd/unknown-field",
    severity: Severity::Error,
    summary: "A field the CustomResourceDefinition API does not have",
    docs:
        "With strict field validation (the default of `kubectl apply`, `create` and `replace`) the \
server rejects a document with fields its type does not define: `strict decoding error: unknown \
field \"spec.versions[0].schema.openAPIV3Schema.properties.spec.requird\"`. Other clients drop \
the field with a warning, which is worse: a misspelt keyword (`requird`, `maxlength`) silently \
does nothing.",
    bad: "properties:\n  spec:\n    type: object\n    requird: [name]\n",
    good: "properties:\n  spec:\n    type: object\n    required: [name]\n",
};

pub static FIELD_NOT_IN_VERSION: Rule = Rule {
    id: "crd/field-not-in-version",
    severity: Severity::Error,
    summary: "A CustomResourceDefinition field that the emulated Kubernetes minor does not have yet",
    docs: "Fields are added to the CustomResourceDefinition API in later minors: \
`messageExpression` in 1.27, a validation rule's `reason` and `fieldPath` in 1.28, \
`optionalOldSelf` in 1.29, `selectableFields` in 1.30, `status.observedGeneration` in 1.35. At \
`--kube-version` below that minor the server's Go type has no such field: with strict field \
validation (`kubectl apply`'s default) it rejects the CRD as an unknown field; other clients have \
the field dropped, so the feature silently does nothing on that cluster. An operator that \
supports older minors should lint at the oldest one it supports, and leave the field out or \
raise its minimum.",
    // Whole documents, linted at --kube-version 1.29 (`tests/rule_examples.rs`).
    bad: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    selectableFields:\n    - jsonPath: .spec.color\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              color: {type: string}\n",
    good: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    additionalPrinterColumns:\n    - {name: Color, type: string, jsonPath: .spec.color}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              color: {type: string}\n",
};

/// The CRD API's fields that appeared after the oldest supported minor: (Go struct, JSON
/// field, first minor that has it). Read from `pkg/apis/apiextensions/v1/types.go` and
/// `types_jsonschema.go` (and the internal `types_jsonschema.go`, which has the same fields) at
/// the apiextensions-apiserver `v0.25.0` … `v0.36.0` tags.
const ADDED: &[(&str, &str, u32)] = &[
    ("ValidationRule", "messageExpression", 27),
    ("ValidationRule", "reason", 28),
    ("ValidationRule", "fieldPath", 28),
    ("ValidationRule", "optionalOldSelf", 29),
    ("CustomResourceDefinitionVersion", "selectableFields", 30),
    ("CustomResourceDefinitionSpec", "selectableFields", 30),
    ("CustomResourceDefinitionStatus", "observedGeneration", 35),
];

/// The first minor whose `go` struct has the JSON field `field` (`None`: every supported one).
pub(crate) fn added_in(go: &str, field: &str) -> Option<u32> {
    ADDED
        .iter()
        .find(|(g, f, _)| *g == go && *f == field)
        .map(|(_, _, m)| *m)
}

/// Whether Kubernetes `kv`'s `go` struct has the JSON field `field` (the one place this table's
/// minors are compared).
pub(crate) fn has_field(go: &str, field: &str, kv: KubeVersion) -> bool {
    added_in(go, field).is_none_or(|m| m <= kv.minor)
}

static STRINGS: Ty = Ty::List(&Ty::Str);

static OBJECT_META: Obj = Obj {
    go: "ObjectMeta",
    fields: &[
        ("name", Ty::Str),
        ("generateName", Ty::Str),
        ("namespace", Ty::Str),
        ("selfLink", Ty::Str),
        ("uid", Ty::Str),
        ("resourceVersion", Ty::Str),
        ("generation", Ty::Int("int64")),
        ("creationTimestamp", Ty::Any),
        ("deletionTimestamp", Ty::Any),
        ("deletionGracePeriodSeconds", Ty::Int("int64")),
        ("labels", Ty::MapOf(&Ty::Str)),
        ("annotations", Ty::MapOf(&Ty::Str)),
        ("ownerReferences", Ty::List(&Ty::Opaque)),
        ("finalizers", Ty::List(&Ty::Str)),
        ("managedFields", Ty::List(&Ty::Opaque)),
    ],
};

static NAMES: Obj = Obj {
    go: "CustomResourceDefinitionNames",
    fields: &[
        ("plural", Ty::Str),
        ("singular", Ty::Str),
        ("shortNames", Ty::List(&Ty::Str)),
        ("kind", Ty::Str),
        ("listKind", Ty::Str),
        ("categories", Ty::List(&Ty::Str)),
    ],
};

static VALIDATION: Obj = Obj {
    go: "CustomResourceValidation",
    fields: &[("openAPIV3Schema", Ty::Schema)],
};

static SCALE: Obj = Obj {
    go: "CustomResourceSubresourceScale",
    fields: &[
        ("specReplicasPath", Ty::Str),
        ("statusReplicasPath", Ty::Str),
        ("labelSelectorPath", Ty::Str),
    ],
};

static STATUS_SUB: Obj = Obj {
    go: "CustomResourceSubresourceStatus",
    fields: &[],
};

static SUBRESOURCES: Obj = Obj {
    go: "CustomResourceSubresources",
    fields: &[("status", Ty::Obj(&STATUS_SUB)), ("scale", Ty::Obj(&SCALE))],
};

static COLUMN_V1: Obj = Obj {
    go: "CustomResourceColumnDefinition",
    fields: &[
        ("name", Ty::Str),
        ("type", Ty::Str),
        ("format", Ty::Str),
        ("description", Ty::Str),
        ("priority", Ty::Int("int32")),
        ("jsonPath", Ty::Str),
    ],
};

static COLUMN_V1BETA1: Obj = Obj {
    go: "CustomResourceColumnDefinition",
    fields: &[
        ("name", Ty::Str),
        ("type", Ty::Str),
        ("format", Ty::Str),
        ("description", Ty::Str),
        ("priority", Ty::Int("int32")),
        ("JSONPath", Ty::Str),
    ],
};

static SELECTABLE: Obj = Obj {
    go: "SelectableField",
    fields: &[("jsonPath", Ty::Str)],
};

static VERSION_V1: Obj = Obj {
    go: "CustomResourceDefinitionVersion",
    fields: &[
        ("name", Ty::Str),
        ("served", Ty::Bool),
        ("storage", Ty::Bool),
        ("deprecated", Ty::Bool),
        ("deprecationWarning", Ty::Str),
        ("schema", Ty::Obj(&VALIDATION)),
        ("subresources", Ty::Obj(&SUBRESOURCES)),
        ("additionalPrinterColumns", Ty::List(&Ty::Obj(&COLUMN_V1))),
        ("selectableFields", Ty::List(&Ty::Obj(&SELECTABLE))),
    ],
};

static VERSION_V1BETA1: Obj = Obj {
    go: "CustomResourceDefinitionVersion",
    fields: &[
        ("name", Ty::Str),
        ("served", Ty::Bool),
        ("storage", Ty::Bool),
        ("deprecated", Ty::Bool),
        ("deprecationWarning", Ty::Str),
        ("schema", Ty::Obj(&VALIDATION)),
        ("subresources", Ty::Obj(&SUBRESOURCES)),
        (
            "additionalPrinterColumns",
            Ty::List(&Ty::Obj(&COLUMN_V1BETA1)),
        ),
        ("selectableFields", Ty::List(&Ty::Obj(&SELECTABLE))),
    ],
};

static SERVICE: Obj = Obj {
    go: "ServiceReference",
    fields: &[
        ("namespace", Ty::Str),
        ("name", Ty::Str),
        ("path", Ty::Str),
        ("port", Ty::Int("int32")),
    ],
};

static CLIENT_CONFIG: Obj = Obj {
    go: "WebhookClientConfig",
    fields: &[
        ("url", Ty::Str),
        ("service", Ty::Obj(&SERVICE)),
        ("caBundle", Ty::Bytes),
    ],
};

static WEBHOOK: Obj = Obj {
    go: "WebhookConversion",
    fields: &[
        ("clientConfig", Ty::Obj(&CLIENT_CONFIG)),
        ("conversionReviewVersions", Ty::List(&Ty::Str)),
    ],
};

static CONVERSION_V1: Obj = Obj {
    go: "CustomResourceConversion",
    fields: &[("strategy", Ty::Str), ("webhook", Ty::Obj(&WEBHOOK))],
};

static CONVERSION_V1BETA1: Obj = Obj {
    go: "CustomResourceConversion",
    fields: &[
        ("strategy", Ty::Str),
        ("webhookClientConfig", Ty::Obj(&CLIENT_CONFIG)),
        ("conversionReviewVersions", Ty::List(&Ty::Str)),
    ],
};

static SPEC_V1: Obj = Obj {
    go: "CustomResourceDefinitionSpec",
    fields: &[
        ("group", Ty::Str),
        ("names", Ty::Obj(&NAMES)),
        ("scope", Ty::Str),
        ("versions", Ty::List(&Ty::Obj(&VERSION_V1))),
        ("conversion", Ty::Obj(&CONVERSION_V1)),
        ("preserveUnknownFields", Ty::Bool),
    ],
};

static SPEC_V1BETA1: Obj = Obj {
    go: "CustomResourceDefinitionSpec",
    fields: &[
        ("group", Ty::Str),
        ("version", Ty::Str),
        ("names", Ty::Obj(&NAMES)),
        ("scope", Ty::Str),
        ("validation", Ty::Obj(&VALIDATION)),
        ("subresources", Ty::Obj(&SUBRESOURCES)),
        ("versions", Ty::List(&Ty::Obj(&VERSION_V1BETA1))),
        (
            "additionalPrinterColumns",
            Ty::List(&Ty::Obj(&COLUMN_V1BETA1)),
        ),
        ("selectableFields", Ty::List(&Ty::Obj(&SELECTABLE))),
        ("conversion", Ty::Obj(&CONVERSION_V1BETA1)),
        ("preserveUnknownFields", Ty::Bool),
    ],
};

static STATUS: Obj = Obj {
    go: "CustomResourceDefinitionStatus",
    fields: &[
        ("conditions", Ty::List(&Ty::Opaque)),
        ("acceptedNames", Ty::Obj(&NAMES)),
        ("storedVersions", Ty::List(&Ty::Str)),
        ("observedGeneration", Ty::Int("int64")),
    ],
};

static CRD_V1: Obj = Obj {
    go: "CustomResourceDefinition",
    fields: &[
        ("apiVersion", Ty::Str),
        ("kind", Ty::Str),
        ("metadata", Ty::Obj(&OBJECT_META)),
        ("spec", Ty::Obj(&SPEC_V1)),
        ("status", Ty::Obj(&STATUS)),
    ],
};

static CRD_V1BETA1: Obj = Obj {
    go: "CustomResourceDefinition",
    fields: &[
        ("apiVersion", Ty::Str),
        ("kind", Ty::Str),
        ("metadata", Ty::Obj(&OBJECT_META)),
        ("spec", Ty::Obj(&SPEC_V1BETA1)),
        ("status", Ty::Obj(&STATUS)),
    ],
};

static SCHEMA_LIST: Ty = Ty::List(&Ty::Schema);

/// Checks a CRD document's types and fields, as the Go types of Kubernetes `kube` have them.
pub(crate) fn check(root: &Node, v1: bool, kube: KubeVersion, out: &mut Vec<Diagnostic>) {
    let mut w = Walker { out, kube };
    let top = if v1 { &CRD_V1 } else { &CRD_V1BETA1 };
    w.obj(root, top, &mut Path::default(), 0);
}

/// One step of a [`Path`].
#[derive(Clone, Copy)]
enum Seg<'a> {
    /// A struct field.
    Child(&'a str),
    /// A list index.
    Index(usize),
    /// A map key.
    Key(&'a str),
}

/// Where the walk is, as the steps taken; rendered only for a finding (most nodes have none),
/// in the two forms findings use: [`Path::field`] and [`Path::json`].
#[derive(Default)]
struct Path<'a> {
    segs: Vec<Seg<'a>>,
}

impl<'a> Path<'a> {
    fn push(&mut self, s: Seg<'a>) -> usize {
        self.segs.push(s);
        self.segs.len() - 1
    }
    fn pop(&mut self, saved: usize) {
        self.segs.truncate(saved);
    }
    /// The field path: `a.b[0].c`, map keys as `[k]`.
    fn field(&self) -> String {
        let mut out = String::new();
        for s in &self.segs {
            match s {
                Seg::Child(n) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(n);
                }
                Seg::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
                Seg::Key(k) => {
                    out.push('[');
                    out.push_str(k);
                    out.push(']');
                }
            }
        }
        out
    }
    /// Go's JSON decoding path: field names and map keys dotted, no indices.
    fn json(&self) -> String {
        let mut out = String::new();
        for s in &self.segs {
            if let Seg::Child(n) | Seg::Key(n) = s {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(n);
            }
        }
        out
    }
}

struct Walker<'o> {
    out: &'o mut Vec<Diagnostic>,
    kube: KubeVersion,
}

fn json_kind(v: &Node) -> String {
    match &v.value {
        Value::Null => "null".into(),
        Value::Bool(_) => "bool".into(),
        Value::Int(i) => format!("number {i}"),
        Value::Float(f) => format!("number {}", super::ctx::go_float(*f)),
        Value::String(_) => "string".into(),
        Value::Seq(_) => "array".into(),
        Value::Map(_) => "object".into(),
    }
}

/// The kind word Go uses for a value of the wrong kind (numbers without their text except when
/// the target is a number).
fn kind_word(v: &Node) -> String {
    match &v.value {
        Value::Int(_) | Value::Float(_) => "number".into(),
        _ => json_kind(v),
    }
}

fn go_type(t: &Ty) -> String {
    match t {
        Ty::Str => "string".into(),
        Ty::Bool => "bool".into(),
        Ty::Int(n) => (*n).into(),
        Ty::Float => "float64".into(),
        Ty::Any => "interface {}".into(),
        Ty::Bytes => "[]uint8".into(),
        Ty::List(e) => format!("[]{}", go_type(e)),
        Ty::MapOf(e) => format!("map[string]{}", go_type(e)),
        Ty::Obj(o) => format!("v1.{}", o.go),
        Ty::Opaque => "struct".into(),
        Ty::Schema => "v1.JSONSchemaProps".into(),
        Ty::SchemaOrArray => "v1.JSONSchemaPropsOrArray".into(),
        Ty::SchemaOrBool => "v1.JSONSchemaPropsOrBool".into(),
        Ty::SchemaOrStrings => "v1.JSONSchemaPropsOrStringArray".into(),
    }
}

/// The field of `o` named `key`. Schema nodes are most of a CRD: their keywords are found
/// through [`K::of`] (an index into `SCHEMA`) instead of scanning the table.
fn field_of(o: &'static Obj, key: &str) -> Option<&'static (&'static str, Ty)> {
    if std::ptr::eq(o, &SCHEMA) {
        K::of(key).map(|k| &SCHEMA.fields[k as usize])
    } else {
        o.fields.iter().find(|(k, _)| *k == key)
    }
}

impl<'a> Walker<'_> {
    fn wrong(&mut self, v: &Node, t: &Ty, path: &Path, parent: &str) {
        let value = match (t, &v.value) {
            (Ty::Int(_), Value::Int(_) | Value::Float(_)) => json_kind(v),
            _ => kind_word(v),
        };
        let field = path.field();
        let msg = format!(
            "{field}: json: cannot unmarshal {value} into Go struct field {parent}.{} of type {}",
            path.json(),
            go_type(t)
        );
        self.out
            .push(Diagnostic::new(&DECODE, v.span(), msg).with_path(field));
    }

    fn unknown(&mut self, key: &str, key_span: Span, path: &Path) {
        let field = path.field();
        let full = if field.is_empty() {
            key.to_string()
        } else {
            format!("{field}.{key}")
        };
        let mut d = Diagnostic::new(
            &UNKNOWN_FIELD,
            key_span,
            format!(
                "{full}: strict decoding error: unknown field {}",
                go_quote(&full)
            ),
        )
        .with_path(full);
        if let Some(s) = suggestion(key) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        self.out.push(d);
    }

    /// A field the emulated minor's type does not have yet: the server's strict-decoding
    /// words, and a help that says what happens to the feature.
    fn not_yet(&mut self, key: &str, go: &str, key_span: Span, path: &Path) {
        let field = path.field();
        let full = if field.is_empty() {
            key.to_string()
        } else {
            format!("{field}.{key}")
        };
        let since = added_in(go, key).unwrap_or(0);
        let d = Diagnostic::new(
            &FIELD_NOT_IN_VERSION,
            key_span,
            format!(
                "{full}: strict decoding error: unknown field {}",
                go_quote(&full)
            ),
        )
        .with_path(full)
        .with_help(format!(
            "`{key}` was added to {go} in Kubernetes 1.{since}; a {kube} API server rejects it with strict field validation and otherwise drops it, so the feature silently does nothing there (lint at --kube-version 1.{since} or later if that is your oldest supported minor)",
            kube = self.kube
        ));
        self.out.push(d);
    }

    fn obj(&mut self, n: &'a Node, o: &'static Obj, path: &mut Path<'a>, depth: usize) {
        let Some(m) = n.as_map() else { return };
        for e in &m.entries {
            let span = if e.key_span.is_empty() {
                e.value.span()
            } else {
                e.key_span
            };
            match field_of(o, &e.key) {
                // (Schema keywords are the same in every supported minor: skip the lookup there.)
                Some((k, _)) if !std::ptr::eq(o, &SCHEMA) && !has_field(o.go, k, self.kube) => {
                    self.not_yet(k, o.go, span, path);
                }
                // Most fields are scalars of the right type: nothing to walk or say.
                Some((_, t)) if fits_leaf(t, &e.value) => {}
                Some((k, t)) => {
                    let saved = path.push(Seg::Child(k));
                    self.value(&e.value, t, path, o.go, depth + 1);
                    path.pop(saved);
                }
                None => {
                    // Kubernetes decodes field names case-sensitively: `maxlength` is unknown
                    // (and dropped without strict validation).
                    self.unknown(&e.key, span, path);
                }
            }
        }
    }

    fn schema(&mut self, n: &'a Node, path: &mut Path<'a>, depth: usize) {
        if n.as_map().is_none() {
            if !n.is_null() {
                self.wrong(n, &Ty::Schema, path, "JSONSchemaProps");
            }
            return;
        }
        self.obj(n, &SCHEMA, path, depth);
    }

    fn value(
        &mut self,
        v: &'a Node,
        t: &'static Ty,
        path: &mut Path<'a>,
        parent: &str,
        depth: usize,
    ) {
        if depth > 400 || v.is_null() {
            return;
        }
        let ok = match (t, &v.value) {
            (Ty::Bytes, Value::String(s)) => {
                if let Some(at) = base64_error(s) {
                    let field = path.field();
                    let msg = format!("{field}: illegal base64 data at input byte {at}");
                    self.out
                        .push(Diagnostic::new(&DECODE, v.span(), msg).with_path(field));
                }
                true
            }
            (Ty::List(e), Value::Seq(items)) => {
                for (i, it) in items.iter().enumerate() {
                    let saved = path.push(Seg::Index(i));
                    self.value(it, e, path, parent, depth + 1);
                    path.pop(saved);
                }
                true
            }
            (Ty::MapOf(e), Value::Map(m)) => {
                for en in &m.entries {
                    let saved = path.push(Seg::Key(&en.key));
                    self.value(&en.value, e, path, parent, depth + 1);
                    path.pop(saved);
                }
                true
            }
            (Ty::Obj(o), Value::Map(_)) => {
                self.obj(v, o, path, depth);
                true
            }
            (Ty::Opaque, Value::Map(_)) => true,
            // Every schema-or-something form takes a schema when it is a map.
            (
                Ty::Schema | Ty::SchemaOrArray | Ty::SchemaOrBool | Ty::SchemaOrStrings,
                Value::Map(_),
            ) => {
                self.schema(v, path, depth);
                true
            }
            (Ty::SchemaOrArray, Value::Seq(_)) => {
                self.value(v, &SCHEMA_LIST, path, parent, depth);
                true
            }
            (Ty::SchemaOrBool, Value::Bool(_)) => true,
            (Ty::SchemaOrStrings, Value::Seq(_)) => {
                self.value(v, &STRINGS, path, parent, depth);
                true
            }
            // A scalar of the field's type (met here at the top of a list or map value).
            _ => fits_leaf(t, v),
        };
        if !ok {
            self.wrong(v, t, path, parent);
        }
    }
}

/// A value [`Walker::value`] accepts without walking into it or checking more: null, or a
/// scalar of the field's type. (Every `[]byte` is checked as base64 there.)
#[inline]
fn fits_leaf(t: &Ty, v: &Node) -> bool {
    matches!(
        (t, &v.value),
        (_, Value::Null)
            | (Ty::Any, _)
            | (Ty::Str, Value::String(_))
            | (Ty::Bool, Value::Bool(_))
            | (Ty::Int(_), Value::Int(_))
            | (Ty::Float, Value::Int(_) | Value::Float(_))
    )
}

/// Go's `base64.StdEncoding` (what `[]byte` fields decode with): the offset of the first bad
/// byte, if any.
fn base64_error(s: &str) -> Option<usize> {
    use base64::Engine;
    match base64::engine::general_purpose::STANDARD.decode(s) {
        Ok(_) => None,
        Err(base64::DecodeError::InvalidByte(at, _)) => Some(at),
        Err(base64::DecodeError::InvalidLastSymbol(at, _)) => Some(at),
        Err(_) => Some(s.len()),
    }
}

/// Well-known misspellings of schema keywords.
fn suggestion(key: &str) -> Option<&'static str> {
    let lower = key.to_ascii_lowercase();
    SCHEMA
        .fields
        .iter()
        .chain(VERSION_V1.fields)
        .chain(SPEC_V1.fields)
        .map(|(k, _)| *k)
        .find(|k| k.to_ascii_lowercase() == lower || edit_distance_1(k, key))
}

/// One edit apart (and not equal), for keywords of four characters or more.
fn edit_distance_1(a: &str, b: &str) -> bool {
    a.chars().count() >= 4 && crate::diag::suggest::edit_distance(a, b) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(j: serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        check(&Node::from_json(&j), true, KubeVersion::NEWEST, &mut out);
        out.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn wrong_types_and_unknown_fields() {
        let got = run(serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "spec": {
                "versions": [{"name": "v1", "served": "true", "storage": true,
                    "schema": {"openAPIV3Schema": {"type": "object", "requird": ["a"], "maxLength": 1.5}}}],
                "conversion": {"strategy": "Webhook", "webhook": {"clientConfig": {"caBundle": "!!"}}}
            }
        }));
        assert_eq!(
            got,
            vec![
                "spec.versions[0].served: json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool",
                "spec.versions[0].schema.openAPIV3Schema.requird: strict decoding error: unknown field \"spec.versions[0].schema.openAPIV3Schema.requird\"",
                "spec.versions[0].schema.openAPIV3Schema.maxLength: json: cannot unmarshal number 1.5 into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.maxLength of type int64",
                "spec.conversion.webhook.clientConfig.caBundle: illegal base64 data at input byte 0",
            ]
        );
        assert_eq!(suggestion("requird"), Some("required"));
        assert_eq!(suggestion("maxlength"), Some("maxLength"));
    }
}
