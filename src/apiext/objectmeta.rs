//! `metadata` handling: decoding an object's `metadata` the way Go decodes it into
//! `metav1.ObjectMeta` (unknown keys dropped and reported, wrongly typed keys rejected), the
//! coercion and validation of embedded resources (`x-kubernetes-embedded-resource`,
//! apiextensions `pkg/apiserver/schema/objectmeta`), and the create-time ObjectMeta rules the
//! server applies to a custom resource's own metadata.
//!
//! Why it matters: a schema cannot describe `metadata` (the server only lets a CRD constrain
//! `name` and `generateName`), so these rules are the only thing standing between a typo in
//! `metadata.lables` and a silently label-less object.

use super::link::Link;
use super::listtype::Located;
use super::prune::UnknownField;
use super::subtrees::Subtrees;
use crate::k8s::field::{BadValue, FieldError};
use crate::k8s::{names, Behavior, FieldPath};
use crate::schema::Schema;
use crate::yaml::{Map, Node, Span, Value};

/// The Go type of one ObjectMeta field, for decoding.
#[derive(Clone, Copy)]
enum Ty {
    Str,
    Int64,
    Time,
    StrMap,
    StrList,
    OwnerRefs,
    ManagedFields,
}

const OBJECT_META_FIELDS: &[(&str, Ty)] = &[
    ("name", Ty::Str),
    ("generateName", Ty::Str),
    ("namespace", Ty::Str),
    ("selfLink", Ty::Str),
    ("uid", Ty::Str),
    ("resourceVersion", Ty::Str),
    ("generation", Ty::Int64),
    ("creationTimestamp", Ty::Time),
    ("deletionTimestamp", Ty::Time),
    ("deletionGracePeriodSeconds", Ty::Int64),
    ("labels", Ty::StrMap),
    ("annotations", Ty::StrMap),
    ("ownerReferences", Ty::OwnerRefs),
    ("finalizers", Ty::StrList),
    ("managedFields", Ty::ManagedFields),
];

/// How a field of ObjectMeta holds strings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Strings {
    One,
    Map,
    List,
}

/// The fields of ObjectMeta whose Go type holds strings (a string, a map of strings, a list of
/// strings), and how: where a bare YAML 1.1 boolean was meant as one (`builtin::metadata`'s
/// fixes).
pub(crate) fn string_fields() -> impl Iterator<Item = (&'static str, Strings)> {
    OBJECT_META_FIELDS.iter().filter_map(|(k, ty)| match ty {
        Ty::Str => Some((*k, Strings::One)),
        Ty::StrMap => Some((*k, Strings::Map)),
        Ty::StrList => Some((*k, Strings::List)),
        _ => None,
    })
}

const OWNER_REF_FIELDS: &[(&str, &str)] = &[
    ("apiVersion", "string"),
    ("kind", "string"),
    ("name", "string"),
    ("uid", "string"),
    ("controller", "bool"),
    ("blockOwnerDeletion", "bool"),
];

const MANAGED_FIELDS_FIELDS: &[(&str, &str)] = &[
    ("manager", "string"),
    ("operation", "string"),
    ("apiVersion", "string"),
    ("time", "time"),
    ("fieldsType", "string"),
    // `metav1.FieldsV1` has its own `UnmarshalJSON`, which keeps any JSON value as raw bytes:
    // decoding never fails there (apimachinery `pkg/apis/meta/v1/helper.go`). What the
    // server's field manager cannot read as a field set it drops with the whole
    // `managedFields`; the request goes on.
    ("fieldsV1", "any JSON"),
    ("subresource", "string"),
];

/// The result of decoding a `metadata` value.
#[derive(Debug, Default)]
pub(crate) struct MetaDecode {
    /// Keys Go's strict decoding does not know (`metadata.foo`, `metadata.ownerReferences[0].x`).
    pub unknown: Vec<UnknownField>,
    /// The first decoding error, Go's `encoding/json` text, and where it is.
    pub error: Option<(String, Span)>,
}

/// Go's name for a JSON value kind in `cannot unmarshal <kind>` messages.
fn json_kind(n: &Node) -> String {
    match &n.value {
        Value::Null => "null".into(),
        Value::Bool(_) => "bool".into(),
        Value::Int(i) => format!("number {i}"),
        Value::Float(f) => format!("number {}", crate::k8s::field::go_json_float(*f)),
        Value::String(_) => "string".into(),
        Value::Seq(_) => "array".into(),
        Value::Map(_) => "object".into(),
    }
}

fn unmarshal_error(v: &Node, field: &str, go_type: &str) -> String {
    unmarshal_error_in("ObjectMeta", v, field, go_type)
}

/// Go's `UnmarshalTypeError` text: the innermost struct being decoded (`OwnerReference` for a
/// field of a list item), then the whole field path from the decoded value
/// (`ownerReferences.name`), as `encoding/json`'s `addErrorContext` words it.
fn unmarshal_error_in(go_struct: &str, v: &Node, field: &str, go_type: &str) -> String {
    let what = match &v.value {
        // Numbers into strings say just "number".
        Value::Int(_) | Value::Float(_) if go_type != "int64" => "number".to_string(),
        _ => json_kind(v),
    };
    format!(
        "json: cannot unmarshal {what} into Go struct field {go_struct}.{field} of type {go_type}"
    )
}

/// A field that does not decode. Go's decoder saves a type error and reads on, reporting the
/// first it saved at the end; an error of a type's own `UnmarshalJSON` (`metav1.Time`'s, a
/// timestamp that is no RFC 3339 string) ends the decoding at once and is reported instead,
/// whatever was saved before it.
struct Failure {
    message: String,
    ends: bool,
}

impl Failure {
    fn saved(message: String) -> Failure {
        Failure {
            message,
            ends: false,
        }
    }
}

/// The failure Go reports of those met in decoding order: the first that ends the decoding,
/// else the first saved.
fn reported<T>(met: impl IntoIterator<Item = (Failure, T)>) -> Option<(Failure, T)> {
    let mut first = None;
    for (f, at) in met {
        if f.ends {
            return Some((f, at));
        }
        first.get_or_insert((f, at));
    }
    first
}

/// Whether `v` decodes as a `metav1.Time`: an RFC 3339 string.
fn is_time(v: &Node) -> bool {
    v.as_str()
        .is_some_and(|s| chrono::DateTime::parse_from_rfc3339(s).is_ok())
}

/// A `metav1.Time` field's failure (its `UnmarshalJSON` ends the decoding): `None` for an RFC
/// 3339 string.
fn time_failure(go_struct: &str, v: &Node, field: &str) -> Option<Failure> {
    let message = match v.as_str() {
        _ if is_time(v) => return None,
        Some(s) => format!(
            "parsing time {} as \"2006-01-02T15:04:05Z07:00\": cannot parse {} as \"2006\"",
            crate::k8s::field::go_quote(s),
            crate::k8s::field::go_quote(s)
        ),
        None => unmarshal_error_in(go_struct, v, field, "string"),
    };
    Some(Failure {
        message,
        ends: true,
    })
}

/// Decodes `metadata` like `kjson.UnmarshalStrict` into `metav1.ObjectMeta`. `prefix` is the
/// path printed before `metadata` in unknown-field paths (empty at the root).
pub(crate) fn decode(meta: &Node, prefix: &str) -> MetaDecode {
    let mut d = MetaDecode::default();
    let Value::Map(m) = &meta.value else {
        if !meta.is_null() {
            d.error = Some((
                format!(
                    "json: cannot unmarshal {} into Go value of type v1.ObjectMeta",
                    json_kind(meta)
                ),
                meta.span(),
            ));
        }
        return d;
    };
    // Only an unknown field's path reads it; a root's is not built per resource.
    let base: std::borrow::Cow<'_, str> = if prefix.is_empty() {
        "metadata".into()
    } else {
        format!("{prefix}.metadata").into()
    };
    let mut errors = Vec::new();
    for e in &m.entries {
        let Some((_, ty)) = OBJECT_META_FIELDS.iter().find(|(k, _)| *k == e.key) else {
            d.unknown.push(UnknownField {
                path: format!("{base}.{}", e.key),
                span: entry_span(e.key_span, &e.value),
            });
            continue;
        };
        let v = &e.value;
        if v.is_null() {
            continue;
        }
        let saved = |msg| Some(Failure::saved(msg));
        let err = match ty {
            Ty::Str => match v.as_str() {
                Some(_) => None,
                None => saved(unmarshal_error(v, &e.key, "string")),
            },
            Ty::Int64 => match v.value {
                Value::Int(_) => None,
                _ => saved(unmarshal_error(v, &e.key, "int64")),
            },
            Ty::Time => time_failure("ObjectMeta", v, &e.key),
            Ty::StrMap => match &v.value {
                Value::Map(mm) => mm
                    .entries
                    .iter()
                    .filter(|x| !x.value.is_null() && x.value.as_str().is_none())
                    .min_by_key(|x| &x.key)
                    .map(|x| Failure::saved(unmarshal_error(&x.value, &e.key, "string"))),
                _ => saved(unmarshal_error(v, &e.key, "map[string]string")),
            },
            Ty::StrList => match &v.value {
                Value::Seq(items) => items
                    .iter()
                    .find(|x| !x.is_null() && x.as_str().is_none())
                    .map(|x| Failure::saved(unmarshal_error(x, &e.key, "string"))),
                _ => saved(unmarshal_error(v, &e.key, "[]string")),
            },
            Ty::OwnerRefs => decode_list(v, &e.key, &OWNER_REFS, &base, &mut d.unknown),
            Ty::ManagedFields => decode_list(v, &e.key, &MANAGED_FIELDS, &base, &mut d.unknown),
        };
        if let Some(f) = err {
            errors.push((&e.key, f, v.span()));
        }
    }
    // The server marshals the metadata map to JSON (its keys sorted) and decodes that, so its
    // fields are met in key order, not in the order written (`{name: yes, finalizers: [on]}`
    // fails at `finalizers`).
    errors.sort_by(|a, b| a.0.cmp(b.0));
    d.error = reported(errors.into_iter().map(|(_, f, span)| (f, span)))
        .map(|(f, span)| (f.message, span));
    d
}

/// A list field of ObjectMeta: its Go types and its items' fields.
struct ListOf {
    /// The list's Go type (`[]v1.OwnerReference`).
    go_type: &'static str,
    /// The item's Go struct (`OwnerReference`), which errors in its fields name.
    item: &'static str,
    fields: &'static [(&'static str, &'static str)],
}

const OWNER_REFS: ListOf = ListOf {
    go_type: "[]v1.OwnerReference",
    item: "OwnerReference",
    fields: OWNER_REF_FIELDS,
};

const MANAGED_FIELDS: ListOf = ListOf {
    go_type: "[]v1.ManagedFieldsEntry",
    item: "ManagedFieldsEntry",
    fields: MANAGED_FIELDS_FIELDS,
};

/// A list field's failure, as Go meets them: items in order, each item's fields in key order
/// (the JSON the server decodes has its keys sorted). Its items' unknown keys go to `unknown`.
fn decode_list(
    v: &Node,
    key: &str,
    list: &ListOf,
    base: &str,
    unknown: &mut Vec<UnknownField>,
) -> Option<Failure> {
    let Value::Seq(items) = &v.value else {
        return Some(Failure::saved(unmarshal_error(v, key, list.go_type)));
    };
    let item_type = list.go_type.trim_start_matches("[]");
    let mut met: Vec<Failure> = Vec::new();
    for (i, it) in items.iter().enumerate() {
        let Value::Map(m) = &it.value else {
            if !it.is_null() {
                met.push(Failure::saved(unmarshal_error(it, key, item_type)));
            }
            continue;
        };
        let mut failed: Vec<(&str, Failure)> = Vec::new();
        for e in &m.entries {
            let Some((_, t)) = list.fields.iter().find(|(k, _)| *k == e.key) else {
                unknown.push(UnknownField {
                    path: format!("{base}.{key}[{i}].{}", e.key),
                    span: entry_span(e.key_span, &e.value),
                });
                continue;
            };
            if e.value.is_null() {
                continue;
            }
            let fits = match *t {
                "time" => is_time(&e.value),
                "string" => e.value.as_str().is_some(),
                "bool" => e.value.as_bool().is_some(),
                "any JSON" => true,
                _ => e.value.as_map().is_some(),
            };
            // The field's path is built for a failure only (every item of every resource's
            // `managedFields` is decoded).
            let f = match (fits, *t) {
                (true, _) => None,
                (false, "time") => time_failure(list.item, &e.value, &format!("{key}.{}", e.key)),
                (false, t) => {
                    let field = format!("{key}.{}", e.key);
                    Some(Failure::saved(unmarshal_error_in(
                        list.item, &e.value, &field, t,
                    )))
                }
            };
            if let Some(f) = f {
                failed.push((&e.key, f));
            }
        }
        failed.sort_by(|a, b| a.0.cmp(b.0));
        met.extend(failed.into_iter().map(|(_, f)| f));
    }
    reported(met.into_iter().map(|f| (f, ()))).map(|(f, ())| f)
}

fn entry_span(key_span: Span, v: &Node) -> Span {
    if key_span.is_empty() {
        v.span()
    } else if v.span().is_empty() {
        key_span
    } else {
        key_span.cover(v.span())
    }
}

/// Removes the keys [`decode`] reported as unknown from a `metadata` mapping (the server
/// re-serialises the decoded ObjectMeta, which drops them).
pub(crate) fn drop_unknown(meta: &mut Node) {
    if let Value::Map(m) = &mut meta.value {
        m.retain(|e| OBJECT_META_FIELDS.iter().any(|(k, _)| *k == e.key));
        for key in ["ownerReferences", "managedFields"] {
            let fields = if key == "ownerReferences" {
                OWNER_REF_FIELDS
            } else {
                MANAGED_FIELDS_FIELDS
            };
            if let Some(Value::Seq(items)) = m.get_mut(key).map(|n| &mut n.value) {
                for it in items.iter_mut() {
                    if let Value::Map(im) = &mut it.value {
                        im.retain(|e| fields.iter().any(|(k, _)| *k == e.key));
                    }
                }
            }
        }
    }
}

/// Whether [`drop_unknown`] would leave `meta` as it is.
pub(crate) fn all_known(meta: &Node) -> bool {
    let Value::Map(m) = &meta.value else {
        return true;
    };
    let known = |m: &crate::yaml::Map, fields: &[(&str, &str)]| {
        m.entries
            .iter()
            .all(|e| fields.iter().any(|(k, _)| *k == e.key))
    };
    if !m
        .entries
        .iter()
        .all(|e| OBJECT_META_FIELDS.iter().any(|(k, _)| *k == e.key))
    {
        return false;
    }
    [
        ("ownerReferences", OWNER_REF_FIELDS),
        ("managedFields", MANAGED_FIELDS_FIELDS),
    ]
    .iter()
    .all(|(key, fields)| match m.get(key).map(|n| &n.value) {
        Some(Value::Seq(items)) => items.iter().all(|it| match &it.value {
            Value::Map(im) => known(im, fields),
            _ => true,
        }),
        _ => true,
    })
}

/// `objectmeta.Coerce` on the request path (no root, invalid fields not dropped): checks that
/// embedded resources have string `apiVersion`/`kind` and decodable `metadata`, drops unknown
/// metadata fields and reports them. Stops at the first error, as the server does.
pub(crate) fn coerce(
    x: &mut Node,
    s: Option<&Schema>,
    path: &Link<'_>,
    drop_invalid: bool,
    unknown: &mut Vec<UnknownField>,
    depth: usize,
) -> Option<Located> {
    coerce_in(x, s, None, path, drop_invalid, unknown, depth)
}

/// [`coerce`] with `s`'s [`Subtrees`]: the parts of `x` under schema nodes with no embedded
/// resource at or below them are not walked.
pub(crate) fn coerce_in(
    x: &mut Node,
    s: Option<&Schema>,
    skip: Option<&Subtrees>,
    path: &Link<'_>,
    drop_invalid: bool,
    unknown: &mut Vec<UnknownField>,
    depth: usize,
) -> Option<Located> {
    let s = s?;
    if depth > 2000 || skip.is_some_and(|t| !t.has_embedded(s)) {
        return None;
    }
    match &mut x.value {
        Value::Map(m) => {
            if s.x_embedded_resource {
                if let Some(e) = coerce_embedded(m, path, drop_invalid, unknown) {
                    return Some(e);
                }
            }
            for e in m.entries.iter_mut() {
                if let Some(p) = s.property(&e.key) {
                    let l = Link::Child(path, &e.key);
                    if let Some(err) = coerce_in(
                        &mut e.value,
                        Some(p),
                        skip,
                        &l,
                        drop_invalid,
                        unknown,
                        depth + 1,
                    ) {
                        return Some(err);
                    }
                } else if s.additional_properties.is_some() {
                    let l = Link::Key(path, &e.key);
                    let ap = s.additional_properties_schema();
                    if let Some(err) =
                        coerce_in(&mut e.value, ap, skip, &l, drop_invalid, unknown, depth + 1)
                    {
                        return Some(err);
                    }
                }
            }
            None
        }
        Value::Seq(items) => {
            let is = s.items.as_deref();
            for (i, it) in items.iter_mut().enumerate() {
                let l = Link::Index(path, i);
                if let Some(err) = coerce_in(it, is, skip, &l, drop_invalid, unknown, depth + 1) {
                    return Some(err);
                }
            }
            None
        }
        _ => None,
    }
}

fn coerce_embedded(
    m: &mut Map,
    path: &Link<'_>,
    drop_invalid: bool,
    unknown: &mut Vec<UnknownField>,
) -> Option<Located> {
    for k in ["apiVersion", "kind"] {
        if let Some(v) = m.get(k) {
            if v.as_str().is_none() {
                if drop_invalid {
                    m.remove(k);
                    continue;
                }
                let p = Link::Child(path, k).to_path();
                return Some((
                    FieldError::invalid(p, BadValue::from_node(v), "must be a string"),
                    v.span(),
                ));
            }
        }
    }
    if let Some(meta) = m.get_mut("metadata") {
        let prefix = path.to_path();
        let prefix = if prefix.is_root() {
            String::new()
        } else {
            prefix.to_string()
        };
        let d = decode(meta, &prefix);
        unknown.extend(d.unknown);
        if let Some((msg, _)) = d.error {
            if !drop_invalid {
                let p = Link::Child(path, "metadata").to_path();
                return Some((
                    FieldError::invalid(p, BadValue::from_node(meta), msg),
                    meta.span(),
                ));
            }
            // Field-by-field: keep the fields that decode on their own; a metadata value that
            // is not an object is passed through untouched.
            if let Value::Map(mm) = &mut meta.value {
                mm.retain(|e| {
                    let mut single = Map::new();
                    single.insert(e.key.clone(), e.value.clone());
                    decode(&Node::synthetic(Value::Map(single)), "")
                        .error
                        .is_none()
                });
            } else {
                return None;
            }
        }
        drop_unknown(meta);
    }
    None
}

/// `objectmeta.Validate` without the root: validates every embedded resource in the object.
pub(crate) fn validate_embedded(
    x: &Node,
    s: Option<&Schema>,
    path: &Link<'_>,
    out: &mut Vec<Located>,
    depth: usize,
    beh: Behavior,
) {
    let Some(s) = s else {
        return;
    };
    if depth > 2000 {
        return;
    }
    match &x.value {
        Value::Map(m) => {
            if s.x_embedded_resource {
                validate_embedded_resource(m, x.span(), path, out, beh);
            }
            for e in &m.entries {
                if let Some(p) = s.property(&e.key) {
                    let l = Link::Child(path, &e.key);
                    validate_embedded(&e.value, Some(p), &l, out, depth + 1, beh);
                } else if s.additional_properties.is_some() {
                    let l = Link::Key(path, &e.key);
                    validate_embedded(
                        &e.value,
                        s.additional_properties_schema(),
                        &l,
                        out,
                        depth + 1,
                        beh,
                    );
                }
            }
        }
        Value::Seq(items) => {
            let is = s.items.as_deref();
            for (i, it) in items.iter().enumerate() {
                let l = Link::Index(path, i);
                validate_embedded(it, is, &l, out, depth + 1, beh);
            }
        }
        _ => {}
    }
}

/// `ParseGroupVersion` errors.
fn parse_group_version(s: &str) -> Option<String> {
    if s.is_empty() || s == "/" {
        return None;
    }
    (s.matches('/').count() > 1).then(|| format!("unexpected GroupVersion string: {s}"))
}

/// `validateEmbeddedResource`: TypeMeta and ObjectMeta of one embedded object.
pub(crate) fn validate_embedded_resource(
    m: &Map,
    span: Span,
    path: &Link<'_>,
    out: &mut Vec<Located>,
    beh: Behavior,
) {
    let child = |k: &str| Link::Child(path, k).to_path();
    if !m.contains_key("apiVersion") {
        out.push((FieldError::required(child("apiVersion"), ""), span));
    }
    if !m.contains_key("kind") {
        out.push((FieldError::required(child("kind"), ""), span));
    }
    for e in &m.entries {
        let v = &e.value;
        match e.key.as_str() {
            "apiVersion" => match v.as_str() {
                None => out.push((
                    FieldError::invalid(
                        child("apiVersion"),
                        BadValue::from_node(v),
                        "must be a string",
                    ),
                    v.span(),
                )),
                Some("") => out.push((
                    FieldError::invalid(child("apiVersion"), String::new(), "must not be empty"),
                    v.span(),
                )),
                Some(av) => {
                    if let Some(msg) = parse_group_version(av) {
                        out.push((
                            FieldError::invalid(child("apiVersion"), av.to_string(), msg),
                            v.span(),
                        ));
                    }
                }
            },
            "kind" => match v.as_str() {
                None => out.push((
                    FieldError::invalid(child("kind"), BadValue::from_node(v), "must be a string"),
                    v.span(),
                )),
                Some("") => out.push((
                    FieldError::invalid(child("kind"), String::new(), "must not be empty"),
                    v.span(),
                )),
                Some(k) => {
                    let errs = names::is_dns1035_label(&k.to_lowercase());
                    if !errs.is_empty() {
                        out.push((
                            FieldError::invalid(
                                child("kind"),
                                k.to_string(),
                                format!(
                                    "may have mixed case, but should otherwise match: {}",
                                    errs.join(",")
                                ),
                            ),
                            v.span(),
                        ));
                    }
                }
            },
            "metadata" => {
                let d = decode(v, "");
                if let Some((msg, _)) = d.error {
                    out.push((
                        FieldError::invalid(child("metadata"), BadValue::from_node(v), msg),
                        v.span(),
                    ));
                } else if let Value::Map(mm) = &v.value {
                    let ns = mm.get("namespace").and_then(Node::as_str).unwrap_or("");
                    validate_object_meta(
                        mm,
                        v.span(),
                        &child("metadata"),
                        NameRule::PathSegment,
                        !ns.is_empty(),
                        out,
                        beh,
                    );
                }
            }
            _ => {}
        }
    }
}

/// Which name predicate applies to `metadata.name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRule {
    /// Custom resources and most built-in kinds: `NameIsDNSSubdomain`.
    DnsSubdomain,
    /// Embedded resources: only the path-segment rule, and no name required.
    PathSegment,
    /// `NameIsDNSLabel` (built-in: Namespace).
    DnsLabel,
    /// `NameIsDNS1035Label` (built-in: Service).
    Dns1035Label,
    /// `ValidatePathSegmentName` with the name required (built-in: the RBAC kinds, and the
    /// kinds whose own validation leaves the name to `rest.BeforeCreate`).
    PathSegmentName,
    /// Not read at all, not required (built-in: create-only reviews such as `TokenReview`).
    Unchecked,
}

/// `TotalAnnotationSizeLimitB`.
const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * 1024;

/// Create-time `ValidateObjectMeta`: name/generateName, namespace, labels, annotations,
/// finalizers, generation. A missing name is accepted when `generateName` is set (the server
/// generates the name before validating), and a missing namespace of a namespaced object too
/// (`kubectl` fills in the context's namespace).
pub(crate) fn validate_object_meta(
    m: &Map,
    span: Span,
    path: &FieldPath,
    rule: NameRule,
    namespaced: bool,
    out: &mut Vec<Located>,
    beh: Behavior,
) {
    let get = |k: &str| m.get(k);
    let span_of = |k: &str| get(k).map(|n| n.span()).unwrap_or(span);
    let name_fn = |n: &str, prefix: bool| match rule {
        NameRule::DnsSubdomain => names::name_is_dns_subdomain(n, prefix),
        NameRule::PathSegment | NameRule::PathSegmentName => names::name_is_path_segment(n, prefix),
        NameRule::DnsLabel => names::name_is_dns_label(n, prefix),
        NameRule::Dns1035Label => names::name_is_dns1035_label(n, prefix),
        NameRule::Unchecked => Vec::new(),
    };
    let gen = get("generateName").and_then(Node::as_str).unwrap_or("");
    if !gen.is_empty() {
        for msg in name_fn(gen, true) {
            out.push((
                FieldError::invalid(path.child("generateName"), gen.to_string(), msg),
                span_of("generateName"),
            ));
        }
    }
    let name = get("name").and_then(Node::as_str).unwrap_or("");
    if name.is_empty() {
        if gen.is_empty() && !matches!(rule, NameRule::PathSegment | NameRule::Unchecked) {
            out.push((
                FieldError::required(path.child("name"), "name or generateName is required"),
                span,
            ));
        }
    } else {
        for msg in name_fn(name, false) {
            out.push((
                FieldError::invalid(path.child("name"), name.to_string(), msg),
                span_of("name"),
            ));
        }
    }
    let ns = get("namespace").and_then(Node::as_str).unwrap_or("");
    if namespaced && !ns.is_empty() {
        for msg in names::name_is_dns_label(ns, false) {
            out.push((
                FieldError::invalid(path.child("namespace"), ns.to_string(), msg),
                span_of("namespace"),
            ));
        }
    }
    if let Some(Value::Int(g)) = get("generation").map(|n| &n.value) {
        if *g < 0 {
            out.push((
                FieldError::invalid(
                    path.child("generation"),
                    *g,
                    "must be greater than or equal to 0",
                ),
                span_of("generation"),
            ));
        }
    }
    validate_meta_common(m, span, path, out, beh);
    if let Some(Value::Seq(fins)) = get("finalizers").map(|n| &n.value) {
        let fp = path.child("finalizers");
        for f in fins {
            let v = f.as_str().unwrap_or("");
            for msg in names::is_qualified_name(v) {
                out.push((
                    FieldError::invalid(fp.clone(), v.to_string(), msg),
                    f.span(),
                ));
            }
        }
    }
}

/// The ObjectMeta checks that create and update share (`ValidateObjectMetaAccessorUpdate`
/// repeats them on every update): labels, annotations, owner references.
pub(crate) fn validate_meta_common(
    m: &Map,
    span: Span,
    path: &FieldPath,
    out: &mut Vec<Located>,
    beh: Behavior,
) {
    let get = |k: &str| m.get(k);
    let span_of = |k: &str| get(k).map(|n| n.span()).unwrap_or(span);
    if let Some(Value::Map(labels)) = get("labels").map(|n| &n.value) {
        let lp = path.child("labels");
        for e in &labels.entries {
            for msg in names::is_qualified_name(&e.key) {
                out.push((
                    FieldError::invalid(lp.clone(), e.key.to_string(), msg),
                    e.key_span,
                ));
            }
            let v = e.value.as_str().unwrap_or("");
            for msg in names::is_valid_label_value(v) {
                out.push((
                    FieldError::invalid(lp.clone(), v.to_string(), msg),
                    e.value.span(),
                ));
            }
        }
    }
    if let Some(Value::Map(ann)) = get("annotations").map(|n| &n.value) {
        let ap = path.child("annotations");
        let mut total = 0usize;
        for e in &ann.entries {
            for msg in names::is_qualified_name(&e.key.to_lowercase()) {
                out.push((
                    FieldError::invalid(ap.clone(), e.key.to_string(), msg),
                    e.key_span,
                ));
            }
            total += e.key.len() + e.value.as_str().map_or(0, str::len);
        }
        if total > TOTAL_ANNOTATION_SIZE_LIMIT {
            out.push((
                FieldError::too_long(ap.clone(), TOTAL_ANNOTATION_SIZE_LIMIT as i64),
                span_of("annotations"),
            ));
        }
    }
    if let Some(Value::Seq(refs)) = get("ownerReferences").map(|n| &n.value) {
        validate_owner_references(refs, &path.child("ownerReferences"), out, beh);
    }
}

/// `ValidateOwnerReferences`: required fields of each reference, and at most one controller.
/// Their wording and paths changed in 1.37 ([`Behavior::owner_reference_required`]).
fn validate_owner_references(
    refs: &[Node],
    path: &FieldPath,
    out: &mut Vec<Located>,
    beh: Behavior,
) {
    let mut first_controller: Option<String> = None;
    for (i, r) in refs.iter().enumerate() {
        let field = |k: &str| r.get(k).and_then(Node::as_str).unwrap_or("");
        let av = field("apiVersion");
        let av_span = r.get("apiVersion").map_or(r.span(), |n| n.span());
        // Before 1.37 the errors were not indexed (`validateOwnerReference(ref, fldPath)`).
        let p = if beh.owner_reference_required {
            path.index(i)
        } else {
            path.clone()
        };
        if !beh.owner_reference_required {
            // `schema.FromAPIVersionAndKind`: an unparsable apiVersion has no version either.
            let version = av.rsplit_once('/').map_or(av, |(_, v)| v);
            if parse_group_version(av).is_some() || version.is_empty() {
                out.push((
                    FieldError::invalid(
                        p.child("apiVersion"),
                        av.to_string(),
                        "version must not be empty",
                    ),
                    av_span,
                ));
            }
            for k in ["kind", "name", "uid"] {
                if field(k).is_empty() {
                    out.push((
                        FieldError::invalid(p.child(k), String::new(), "must not be empty"),
                        r.span(),
                    ));
                }
            }
        } else if av.is_empty() {
            out.push((
                FieldError::required(p.child("apiVersion"), "must not be empty"),
                r.span(),
            ));
        } else {
            let version = av.rsplit_once('/').map_or(av, |(_, v)| v);
            if parse_group_version(av).is_some() || version.is_empty() {
                out.push((
                    FieldError::invalid(
                        p.child("apiVersion"),
                        av.to_string(),
                        "must be <group>/<version> or <version>",
                    ),
                    av_span,
                ));
            }
        }
        if beh.owner_reference_required {
            for k in ["kind", "name", "uid"] {
                if field(k).is_empty() {
                    out.push((
                        FieldError::required(p.child(k), "must not be empty"),
                        r.span(),
                    ));
                }
            }
        }
        if r.get("controller").and_then(Node::as_bool) == Some(true) {
            let cur = format!("{}/{}", field("kind"), field("name"));
            match &first_controller {
                Some(first) => out.push((
                    FieldError::invalid(
                        path.clone(),
                        BadValue::Json(crate::k8s::field::go_json(&Node::synthetic(
                            Value::Seq(refs.to_vec().into()),
                        ))),
                        format!(
                            "Only one reference can have Controller set to true. Found \"true\" in references for {first} and {cur}"
                        ),
                    ),
                    r.span(),
                )),
                None => first_controller = Some(cur),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(meta: &str) -> String {
        let docs = crate::yaml::load(meta);
        let root = docs[0].root.as_ref().expect("parsed");
        decode(root, "").error.map(|(m, _)| m).unwrap_or_default()
    }

    /// The server decodes the metadata after marshalling it to JSON, whose keys are sorted:
    /// the error is that of the first failing field in key order, and within a map of strings
    /// that of its first failing key; a list's items keep their order, each item's fields are
    /// in key order.
    #[test]
    fn the_error_is_the_first_in_key_order() {
        let of = |field: &str, what: &str, ty: &str| {
            format!("json: cannot unmarshal {what} into Go struct field ObjectMeta.{field} of type {ty}")
        };
        assert_eq!(
            error_of("name: yes\nfinalizers: [on]\n"),
            of("finalizers", "bool", "string")
        );
        assert_eq!(
            error_of("labels: {b: yes, a: 1}\n"),
            of("labels", "number", "string")
        );
        // A list item's fields are named from its own struct, as Go's decoder does.
        assert_eq!(
            error_of("ownerReferences: [{uid: 1, name: yes}, {apiVersion: 2}]\n"),
            "json: cannot unmarshal bool into Go struct field OwnerReference.ownerReferences.name of type string"
        );
        // Written in key order already: as before.
        assert_eq!(
            error_of("annotations: {a: on}\nname: 3\n"),
            of("annotations", "bool", "string")
        );
        assert_eq!(error_of("name: x\nlabels: {a: b}\n"), "");
    }

    /// `fieldsV1` keeps whatever JSON it is given (its own `UnmarshalJSON`): no value of it
    /// fails decoding, while its neighbours still do.
    #[test]
    fn fields_v1_takes_any_json() {
        for value in ["abc", "5", "[1, 2]", "true", "{f:spec: {}}", "null"] {
            let meta = format!(
                "managedFields: [{{manager: m, fieldsType: FieldsV1, fieldsV1: {value}}}]\n"
            );
            assert_eq!(error_of(&meta), "", "{value}");
        }
        assert_eq!(
            error_of("managedFields: [{fieldsV1: abc, manager: 1}]\n"),
            "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.manager of type string"
        );
    }

    /// A timestamp that does not decode ends the decoding (`metav1.Time`'s own `UnmarshalJSON`
    /// fails): its error is reported even after a type error met before it, in the list of
    /// managed fields too; a type error met after it is never reached.
    #[test]
    fn a_bad_timestamp_is_reported_over_type_errors() {
        let parse = "parsing time \"yesterday\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"yesterday\" as \"2006\"";
        assert_eq!(
            error_of("annotations: {a: on}\ncreationTimestamp: yesterday\n"),
            parse
        );
        assert_eq!(
            error_of("annotations: {a: on}\ncreationTimestamp: 5\n"),
            "json: cannot unmarshal number into Go struct field ObjectMeta.creationTimestamp of type string"
        );
        assert_eq!(
            error_of("labels: {a: on}\nmanagedFields: [{manager: 1, time: yesterday}]\n"),
            parse
        );
        assert_eq!(
            error_of("managedFields: [{manager: 1}, {time: 5}]\n"),
            "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.time of type string"
        );
        // Before any timestamp in key order, a type error is only saved; one met first in a
        // list item's own fields likewise.
        assert_eq!(
            error_of("managedFields: [{manager: 1, time: \"2024-01-01T00:00:00Z\"}]\n"),
            "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.manager of type string"
        );
    }
}
