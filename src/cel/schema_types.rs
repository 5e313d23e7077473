//! Schema → CEL declared types (§5.1), as apiserver `pkg/cel/common/schemas.go`
//! `SchemaDeclType` and apiextensions `model/schemas.go` `WithTypeAndObjectMeta` compute them,
//! including `max_elements` and `min_serialized_size`, which the cost estimator depends on.
//!
//! Type names follow apiserver's `MaybeAssignTypeName`: the root object is `selfType` (upstream
//! appends a timestamp, which we leave out so messages are stable), nested objects
//! `<parent>.<escapedField>`, list elements `<parent>.@idx`, map values `<parent>.@elem`.

use std::sync::{Arc, OnceLock};

use indexmap::IndexMap;

use super::escaping::escape;
use super::types::{DeclField, DeclKind, DeclType, Type};
use crate::k8s::Behavior;
use crate::schema::Schema;

/// apiserver `DefaultMaxRequestSizeBytes` (3 MiB).
pub const MAX_REQUEST_SIZE_BYTES: i64 = 3 * 1024 * 1024;
/// The root object type name.
pub const ROOT_TYPE_NAME: &str = "selfType";
const MIN_STRING_SIZE: i64 = 2;
const MIN_DURATION_SIZE_JSON: i64 = 3;
const MAX_DURATION_SIZE_JSON: i64 = 32;
const JSON_DATE_SIZE: i64 = 12;
const MIN_DATETIME_SIZE_JSON: i64 = 21;
const MAX_DATETIME_SIZE_JSON: i64 = 32;
/// DNS-1123 subdomain maximum: `metadata.name` at resource roots is capped to it.
const NAME_MAX_LENGTH: i64 = 253;

/// The declared type of `s`, named `name`, as the newest server builds it; `None` when the node
/// is not visible to CEL (no type, e.g. a bare preserve-unknown-fields node; or an array/map
/// whose items are not visible).
pub fn decl_type(s: &Schema, is_resource_root: bool, name: &str) -> Option<Arc<DeclType>> {
    decl_type_at(s, is_resource_root, name, Behavior::NEWEST)
}

/// [`decl_type`] as the server of behaviours `beh` builds it.
pub fn decl_type_at(
    s: &Schema,
    is_resource_root: bool,
    name: &str,
    beh: Behavior,
) -> Option<Arc<DeclType>> {
    let bounded = beh.cel_object_meta_name_max_length;
    decl_type_inner(s, is_resource_root, &mut name.to_string(), 0, bounded)
}

/// The declared type of `s` as the node of a larger tree it is: named `name` (its path of type
/// names from that tree's root) at `depth` levels below that root, exactly the subtree
/// [`decl_type_at`] of the root builds there. The validator types only the subtrees that
/// carry rules ([`crate::cel::validator`]), not the whole schema first.
pub(crate) fn decl_type_below(
    s: &Schema,
    is_resource_root: bool,
    name: &str,
    depth: usize,
    beh: Behavior,
) -> Option<Arc<DeclType>> {
    let bounded = beh.cel_object_meta_name_max_length;
    decl_type_inner(s, is_resource_root, &mut name.to_string(), depth, bounded)
}

/// Whether [`decl_type_inner`] gives `s` (at `depth`) a type, without building it: the
/// conditions under which it returns `None`, and nothing else (a node is typeless only when it
/// has no usable type, is too deep, or is a list or map of typeless values).
pub(crate) fn has_decl_type(s: &Schema, depth: usize) -> bool {
    if depth > crate::schema::MAX_DEPTH + 2 {
        return false;
    }
    if s.x_int_or_string {
        return true;
    }
    match s.type_str() {
        "array" => s
            .items
            .as_deref()
            .is_some_and(|i| has_decl_type(i, depth + 1)),
        "object" => s
            .additional_properties_schema()
            .is_none_or(|ap| has_decl_type(ap, depth + 1)),
        "string" | "boolean" | "number" | "integer" => true,
        _ => false,
    }
}

/// The names of the properties [`object_meta_overrides`] may replace at a resource root.
pub(crate) fn is_object_meta_override(property: &str) -> bool {
    matches!(property, "kind" | "apiVersion" | "metadata")
}

fn zero_if_negative(v: i64) -> i64 {
    v.max(0)
}

fn max_string_len_per_request(s: &Schema) -> i64 {
    if s.x_int_or_string {
        return MAX_REQUEST_SIZE_BYTES - 2;
    }
    match s.rare().format.as_deref() {
        Some("duration") => MAX_DURATION_SIZE_JSON,
        Some("date") => JSON_DATE_SIZE,
        Some("date-time") => MAX_DATETIME_SIZE_JSON,
        _ => MAX_REQUEST_SIZE_BYTES - 2,
    }
}

fn scalar(name: &str, t: Type, min: i64, max: i64) -> Arc<DeclType> {
    Arc::new(DeclType::scalar(name, t, min, max))
}

/// The most common leaves (booleans, numbers, integers, strings without bounds) are the same
/// value everywhere: one shared copy each, rather than an allocation per schema node.
fn shared_scalar(
    slot: &'static OnceLock<Arc<DeclType>>,
    name: &str,
    t: Type,
    min: i64,
    max: i64,
) -> Arc<DeclType> {
    slot.get_or_init(|| scalar(name, t, min, max)).clone()
}

/// A `type: string` schema with a `maxLength`, as `WithTypeAndObjectMeta` builds them.
fn string_schema(max_length: Option<i64>) -> Schema {
    let mut s = Schema::typed("string");
    if max_length.is_some() {
        s.rare_mut().max_length = max_length;
    }
    s
}

/// `WithTypeAndObjectMeta`: resource roots always expose `apiVersion`, `kind`, `metadata.name`
/// and `metadata.generateName`, and no other metadata. Returns the properties to put in place
/// of (or after) the root's own, in upstream's order; `None` when the root already has them
/// all. Upstream copies the root schema to change it; we only build the three replacements.
/// The two names are bounded only when `bounded` (from 1.37:
/// [`Behavior::cel_object_meta_name_max_length`]); before, they were plain strings.
fn object_meta_overrides(s: &Schema, bounded: bool) -> Option<[(&'static str, Schema); 3]> {
    let is = |p: Option<&Schema>, t: &str| p.is_some_and(|p| p.is_type(t));
    let meta = s.properties.get("metadata");
    if is(s.properties.get("kind"), "string")
        && is(s.properties.get("apiVersion"), "string")
        && is(meta, "object")
        && meta.is_some_and(|m| {
            is(m.properties.get("name"), "string") && is(m.properties.get("generateName"), "string")
        })
    {
        return None;
    }
    let capped = |p: Option<&Schema>, max: i64| {
        let user = p.and_then(|p| p.rare().max_length);
        string_schema(bounded.then(|| user.map_or(max, |u| u.min(max))))
    };
    let meta_props = meta.map(|m| &m.properties);
    let mut metadata = Schema::typed("object");
    metadata.properties.insert(
        "name".to_string(),
        capped(meta_props.and_then(|p| p.get("name")), NAME_MAX_LENGTH),
    );
    metadata.properties.insert(
        "generateName".to_string(),
        capped(
            meta_props.and_then(|p| p.get("generateName")),
            NAME_MAX_LENGTH - 1,
        ),
    );
    Some([
        ("kind", string_schema(None)),
        ("apiVersion", string_schema(None)),
        ("metadata", metadata),
    ])
}

/// The properties of `s` as CEL sees them: its own, with `overrides` replacing those of the
/// same name in place and the others appended in order (an `IndexMap` insert of each).
fn visible_properties<'a>(
    s: &'a Schema,
    overrides: Option<&'a [(&'static str, Schema); 3]>,
) -> impl Iterator<Item = (&'a str, &'a Schema)> {
    let replaced = move |name: &str| {
        overrides
            .into_iter()
            .flatten()
            .find(|(n, _)| *n == name)
            .map(|(_, o)| o)
    };
    let own = s
        .properties
        .iter()
        .map(move |(k, v)| (k.as_str(), replaced(k).unwrap_or(v)));
    let added = overrides
        .into_iter()
        .flatten()
        .filter(|(n, _)| !s.properties.contains_key(n))
        .map(|(n, o)| (*n, o));
    own.chain(added)
}

/// `name` is the type name this node gets if it is an object; children append to it and take
/// their part off again, so only object nodes pay for a copy.
fn decl_type_inner(
    s: &Schema,
    is_root: bool,
    name: &mut String,
    depth: usize,
    bounded: bool,
) -> Option<Arc<DeclType>> {
    if depth > crate::schema::MAX_DEPTH + 2 {
        return None;
    }
    if s.x_int_or_string {
        let max = match s.rare().max_length {
            Some(m) => zero_if_negative(m) * 4,
            None => max_string_len_per_request(s),
        };
        return Some(scalar("dyn", Type::Dyn, 1, max));
    }
    let overrides = if is_root {
        object_meta_overrides(s, bounded)
    } else {
        None
    };
    match s.type_str() {
        "array" => {
            let items = s.items.as_deref()?;
            let it = child_type(items, name, ".@idx", depth, bounded)?;
            let max = match s.rare().max_items {
                Some(m) => zero_if_negative(m),
                None => (MAX_REQUEST_SIZE_BYTES - 2) / (it.min_serialized_size + 1),
            };
            Some(Arc::new(DeclType {
                name: "list".to_string(),
                kind: DeclKind::List(it),
                fields: IndexMap::default(),
                max_elements: max,
                min_serialized_size: 2,
                list_type: s.rare().x_list_type.clone(),
                list_map_keys: s.rare().x_list_map_keys.clone(),
                fingerprint: Default::default(),
            }))
        }
        "object" => {
            if let Some(ap) = s.additional_properties_schema() {
                let vt = child_type(ap, name, ".@elem", depth, bounded)?;
                let max = match s.rare().max_properties {
                    Some(m) => zero_if_negative(m),
                    None => (MAX_REQUEST_SIZE_BYTES - 2) / (vt.min_serialized_size + 6),
                };
                return Some(Arc::new(DeclType {
                    name: "map".to_string(),
                    kind: DeclKind::Map(vt),
                    fields: IndexMap::default(),
                    max_elements: max,
                    min_serialized_size: 2,
                    list_type: None,
                    list_map_keys: Vec::new(),
                    fingerprint: Default::default(),
                }));
            }
            let mut fields = IndexMap::default();
            let mut min_size = 2i64;
            for (pname, prop) in visible_properties(s, overrides.as_ref()) {
                let escaped = escape(pname);
                let len = name.len();
                name.push('.');
                name.push_str(escaped.as_deref().unwrap_or(pname));
                let ft = decl_type_inner(prop, prop.x_embedded_resource, name, depth + 1, bounded);
                name.truncate(len);
                let Some(ft) = ft else {
                    continue;
                };
                let required = s.requires(pname);
                if required && prop.rare().default.is_none() {
                    min_size += pname.len() as i64 + ft.min_serialized_size + 4;
                }
                if let Some(e) = escaped {
                    fields.insert(
                        e.clone(),
                        DeclField {
                            name: e,
                            json_name: pname.to_string(),
                            ty: ft,
                            required,
                        },
                    );
                }
            }
            Some(Arc::new(DeclType {
                name: name.clone(),
                kind: DeclKind::Object,
                fields,
                max_elements: 0,
                min_serialized_size: min_size,
                list_type: None,
                list_map_keys: Vec::new(),
                fingerprint: Default::default(),
            }))
        }
        "string" => Some(match s.rare().format.as_deref() {
            Some("byte") => scalar(
                "bytes",
                Type::Bytes,
                MIN_STRING_SIZE,
                match s.rare().max_length {
                    Some(m) => zero_if_negative(m),
                    None => max_string_len_per_request(s),
                },
            ),
            Some("duration") => scalar(
                "duration",
                Type::Duration,
                MIN_DURATION_SIZE_JSON,
                max_string_len_per_request(s),
            ),
            Some("date") => scalar(
                "timestamp",
                Type::Timestamp,
                JSON_DATE_SIZE,
                max_string_len_per_request(s),
            ),
            Some("date-time") => scalar(
                "timestamp",
                Type::Timestamp,
                MIN_DATETIME_SIZE_JSON,
                max_string_len_per_request(s),
            ),
            _ => {
                let max = match s.rare().max_length {
                    Some(m) => zero_if_negative(m) * 4,
                    None => match &s.rare().enum_ {
                        Some(e) if !e.is_empty() => e
                            .iter()
                            .filter_map(|v| v.as_str())
                            .map(|v| v.len() as i64)
                            .max()
                            .unwrap_or(0),
                        _ => max_string_len_per_request(s),
                    },
                };
                if max == MAX_REQUEST_SIZE_BYTES - 2 {
                    static STRING: OnceLock<Arc<DeclType>> = OnceLock::new();
                    shared_scalar(&STRING, "string", Type::String, MIN_STRING_SIZE, max)
                } else {
                    scalar("string", Type::String, MIN_STRING_SIZE, max)
                }
            }
        }),
        "boolean" => {
            static BOOL: OnceLock<Arc<DeclType>> = OnceLock::new();
            Some(shared_scalar(&BOOL, "bool", Type::Bool, 4, 0))
        }
        "number" => {
            static DOUBLE: OnceLock<Arc<DeclType>> = OnceLock::new();
            Some(shared_scalar(&DOUBLE, "double", Type::Double, 1, 0))
        }
        "integer" => {
            static INT: OnceLock<Arc<DeclType>> = OnceLock::new();
            Some(shared_scalar(&INT, "int", Type::Int, 1, 0))
        }
        _ => None,
    }
}

/// The type of an array's items or a map's values, named `<name><suffix>`.
fn child_type(
    child: &Schema,
    name: &mut String,
    suffix: &str,
    depth: usize,
    bounded: bool,
) -> Option<Arc<DeclType>> {
    let len = name.len();
    name.push_str(suffix);
    let t = decl_type_inner(child, child.x_embedded_resource, name, depth + 1, bounded);
    name.truncate(len);
    t
}

/// The fallback cardinality of a node (§5.5): how many instances of it fit in one request.
pub fn max_cardinality(t: &DeclType) -> u64 {
    (MAX_REQUEST_SIZE_BYTES / (t.min_serialized_size + 1)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::Node;

    fn schema(v: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&v))
    }

    #[test]
    fn bounds_follow_apiserver() {
        let s = schema(serde_json::json!({
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string", "maxLength": 10},
                "tags": {"type": "array", "items": {"type": "string"}},
                "labels": {"type": "object", "additionalProperties": {"type": "integer"}},
                "foo-bar": {"type": "boolean"},
                "1x": {"type": "boolean"},
                "blob": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                "any": {"x-kubernetes-preserve-unknown-fields": true}
            }
        }));
        let t = decl_type(&s, false, ROOT_TYPE_NAME).unwrap();
        assert_eq!(t.fields["name"].ty.max_elements, 40);
        assert_eq!(
            t.fields["tags"].ty.max_elements,
            (MAX_REQUEST_SIZE_BYTES - 2) / 3
        );
        assert_eq!(
            t.fields["labels"].ty.max_elements,
            (MAX_REQUEST_SIZE_BYTES - 2) / 7
        );
        assert!(t.fields.contains_key("foo__dash__bar"));
        assert!(!t.fields.contains_key("1x"));
        assert!(t.fields.contains_key("blob"));
        assert!(!t.fields.contains_key("any"));
        assert_eq!(t.min_serialized_size, 2 + 4 + 2 + 4);
        assert_eq!(t.fields["tags"].ty.elem().unwrap().name, "string");
    }

    #[test]
    fn resource_roots_get_object_meta() {
        let s = schema(serde_json::json!({"type": "object", "properties": {
            "metadata": {"type": "object", "properties": {"labels": {"type": "object"}}}}}));
        let t = decl_type(&s, true, ROOT_TYPE_NAME).unwrap();
        let meta = &t.fields["metadata"].ty;
        assert_eq!(
            meta.fields.keys().collect::<Vec<_>>(),
            ["name", "generateName"]
        );
        assert_eq!(meta.fields["name"].ty.max_elements, 253 * 4);
        assert_eq!(meta.fields["generateName"].ty.max_elements, 252 * 4);
        assert!(t.fields.contains_key("apiVersion"));
    }

    /// Before 1.37 (apiextensions release-1.36 `WithTypeAndObjectMeta`) the names were plain
    /// strings, as long as a request allows.
    #[test]
    fn object_meta_names_unbounded_before_1_37() {
        let s = schema(serde_json::json!({"type": "object"}));
        let at = |minor| {
            let b = Behavior::of(crate::k8s::KubeVersion { minor });
            let t = decl_type_at(&s, true, ROOT_TYPE_NAME, b).unwrap();
            let meta = &t.fields["metadata"].ty;
            (
                meta.fields["name"].ty.max_elements,
                meta.fields["generateName"].ty.max_elements,
            )
        };
        assert_eq!(at(37), (253 * 4, 252 * 4));
        let unbounded = MAX_REQUEST_SIZE_BYTES - 2;
        assert_eq!(at(36), (unbounded, unbounded));
    }
}
