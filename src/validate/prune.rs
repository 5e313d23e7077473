//! Pruning of unknown fields, removal of non-nullable nulls, and defaulting: the three rewrites
//! the API server applies to a custom resource before it validates and stores it
//! (apiextensions `pkg/apiserver/schema/pruning` and `.../defaulting`).
//!
//! All three walk the object and the structural schema together (`properties`, then
//! `additionalProperties`, then `items`; junctors are ignored) and change the object in place.
//! Order matters and is the server's: prune → drop non-nullable nulls without defaults →
//! (embedded metadata coercion) → default.
//!
//! Two quirks worth knowing: `additionalProperties: true` has no schema, so everything nested
//! in its values is pruned; `x-kubernetes-preserve-unknown-fields` does not carry over into
//! declared properties or the `additionalProperties` schema, which are pruned normally.

use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Node, Span, Style, Value};

/// One pruned field: its path as the server prints it in `unknown field "<path>"`
/// (`spec.list[1].b`), and where the entry was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownField {
    pub path: String,
    pub span: Span,
}

const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// Depth cap for the walks: the YAML loader already caps nesting, this keeps the functions safe
/// on trees built in code.
const MAX_DEPTH: usize = 2000;

/// `PruneWithOptions(x, s, isResourceRoot, track)`: removes fields the schema does not know and
/// returns them sorted by path. At a resource root (and in embedded resources) `apiVersion`,
/// `kind` and `metadata` are kept untouched.
pub fn prune(x: &mut Node, s: Option<&Schema>, is_resource_root: bool) -> Vec<UnknownField> {
    let mut out = Vec::new();
    let mut path = String::new();
    prune_rec(x, s, is_resource_root, &mut path, &mut out, 0);
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

fn push_key(path: &mut String, k: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(k);
}

fn push_index(path: &mut String, i: usize) {
    use std::fmt::Write;
    // Written in place: a `to_string()` here was an allocation per list item of every object.
    let _ = write!(path, "[{i}]");
}

fn entry_span(key_span: Span, value: &Node) -> Span {
    if key_span.is_empty() {
        value.span()
    } else if value.span().is_empty() {
        key_span
    } else {
        key_span.cover(value.span())
    }
}

fn ap_schema(s: &Schema) -> Option<Option<&Schema>> {
    match &s.additional_properties {
        None => None,
        Some(AdditionalProperties::Bool(_)) => Some(None),
        Some(AdditionalProperties::Schema(a)) => Some(Some(a)),
    }
}

fn prune_rec(
    x: &mut Node,
    s: Option<&Schema>,
    root: bool,
    path: &mut String,
    out: &mut Vec<UnknownField>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(s) = s {
        if s.preserves_unknown_fields() {
            skip_prune(x, s, root, path, out, depth);
            return;
        }
    }
    let base = path.len();
    match &mut x.value {
        Value::Map(m) => {
            let Some(s) = s else {
                for e in std::mem::take(&mut m.entries) {
                    push_key(path, &e.key);
                    out.push(UnknownField {
                        path: path.clone(),
                        span: entry_span(e.key_span, &e.value),
                    });
                    path.truncate(base);
                }
                return;
            };
            let embedded = s.x_embedded_resource || root;
            m.edit(|entries| {
                entries.retain_mut(|e| {
                    if embedded && META_FIELDS.contains(&e.key.as_str()) {
                        return true;
                    }
                    push_key(path, &e.key);
                    let keep = if let Some(p) = s.properties.get(e.key.as_str()) {
                        prune_rec(&mut e.value, Some(p), false, path, out, depth + 1);
                        true
                    } else if let Some(ap) = ap_schema(s) {
                        prune_rec(&mut e.value, ap, false, path, out, depth + 1);
                        true
                    } else {
                        if !META_FIELDS.contains(&e.key.as_str()) || base > 0 {
                            out.push(UnknownField {
                                path: path.clone(),
                                span: entry_span(e.key_span, &e.value),
                            });
                        }
                        false
                    };
                    path.truncate(base);
                    keep
                });
            });
        }
        Value::Seq(items) => {
            let item_schema = s.and_then(|s| s.items.as_deref());
            for (i, it) in items.iter_mut().enumerate() {
                push_index(path, i);
                prune_rec(it, item_schema, false, path, out, depth + 1);
                path.truncate(base);
            }
        }
        _ => {}
    }
}

fn skip_prune(
    x: &mut Node,
    s: &Schema,
    root: bool,
    path: &mut String,
    out: &mut Vec<UnknownField>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let base = path.len();
    match &mut x.value {
        Value::Map(m) => {
            let embedded = s.x_embedded_resource || root;
            for e in m.entries.iter_mut() {
                if embedded && META_FIELDS.contains(&e.key.as_str()) {
                    continue;
                }
                push_key(path, &e.key);
                if let Some(p) = s.properties.get(e.key.as_str()) {
                    prune_rec(&mut e.value, Some(p), false, path, out, depth + 1);
                } else if let Some(ap) = ap_schema(s) {
                    prune_rec(&mut e.value, ap, false, path, out, depth + 1);
                }
                path.truncate(base);
            }
        }
        Value::Seq(items) => {
            if let Some(is) = s.items.as_deref() {
                for (i, it) in items.iter_mut().enumerate() {
                    push_index(path, i);
                    skip_prune(it, is, false, path, out, depth + 1);
                    path.truncate(base);
                }
            }
        }
        _ => {}
    }
}

/// The schema of an object field as defaulting and null pruning see it.
fn field_schema<'s>(s: Option<&'s Schema>, k: &str) -> Option<&'s Schema> {
    let s = s?;
    s.properties
        .get(k)
        .or_else(|| s.additional_properties_schema())
}

/// `PruneNonNullableNullsWithoutDefaults`: deletes object keys whose value is `null` when the
/// key's schema is not nullable and has no default. Nulls in arrays stay (they fail
/// validation instead).
pub fn prune_non_nullable_nulls(x: &mut Node, s: Option<&Schema>) {
    prune_nulls_rec(x, s, 0);
}

fn prune_nulls_rec(x: &mut Node, s: Option<&Schema>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match &mut x.value {
        Value::Map(m) => {
            m.edit(|entries| {
                entries.retain_mut(|e| {
                    let fs = field_schema(s, &e.key);
                    if e.value.is_null() && fs.is_some_and(|f| !f.nullable && f.default.is_none()) {
                        return false;
                    }
                    prune_nulls_rec(&mut e.value, fs, depth + 1);
                    true
                });
            });
        }
        Value::Seq(items) => {
            let is = s.and_then(|s| s.items.as_deref());
            for it in items.iter_mut() {
                prune_nulls_rec(it, is, depth + 1);
            }
        }
        _ => {}
    }
}

fn is_non_nullable_null(x: &Node, s: Option<&Schema>) -> bool {
    x.is_null() && s.is_some_and(|s| !s.nullable)
}

/// A default value as inserted into an object: a deep copy with no source location (the value
/// comes from the CRD, not from the file being validated).
fn default_copy(d: &Node) -> Node {
    let mut n = d.clone();
    strip_spans(&mut n, 0);
    n
}

/// Marks a tree as synthetic (no spans into the CRD file).
pub(crate) fn strip_spans(n: &mut Node, depth: usize) {
    n.set_span(Span::default());
    if n.style() != Style::Flow {
        n.set_style(Style::Synthetic);
    }
    if depth > MAX_DEPTH {
        return;
    }
    match &mut n.value {
        Value::Map(m) => {
            for e in m.entries.iter_mut() {
                e.key_span = Span::default();
                strip_spans(&mut e.value, depth + 1);
            }
        }
        Value::Seq(items) => {
            for it in items.iter_mut() {
                strip_spans(it, depth + 1);
            }
        }
        _ => {}
    }
}

/// `Default(x, s)`: fills absent (or non-nullable null) properties from their schema's
/// `default`, top-down, so defaults inside inserted defaults are filled too. Returns the number
/// of values inserted or replaced.
pub fn apply_defaults(x: &mut Node, s: Option<&Schema>) -> usize {
    default_rec(x, s, 0)
}

fn default_rec(x: &mut Node, s: Option<&Schema>, depth: usize) -> usize {
    let Some(s) = s else {
        return 0;
    };
    if depth > MAX_DEPTH {
        return 0;
    }
    let mut n = 0;
    match &mut x.value {
        Value::Map(m) => {
            for (k, prop) in &s.properties {
                let Some(d) = &prop.default else {
                    continue;
                };
                match m.get_mut(k) {
                    None => {
                        m.insert(k.clone(), default_copy(d));
                        n += 1;
                    }
                    Some(v) if is_non_nullable_null(v, Some(prop)) => {
                        let span = v.span();
                        *v = default_copy(d);
                        // Keep pointing at the `null` the user wrote.
                        v.set_span(span);
                        n += 1;
                    }
                    Some(_) => {}
                }
            }
            let ap = s.additional_properties_schema();
            let has_ap = s.additional_properties.is_some();
            for e in m.entries.iter_mut() {
                if let Some(p) = s.properties.get(e.key.as_str()) {
                    n += default_rec(&mut e.value, Some(p), depth + 1);
                } else if has_ap {
                    if is_non_nullable_null(&e.value, ap) {
                        if let Some(d) = ap.and_then(|a| a.default.as_ref()) {
                            let span = e.value.span();
                            e.value = default_copy(d);
                            e.value.set_span(span);
                            n += 1;
                        }
                    }
                    n += default_rec(&mut e.value, ap, depth + 1);
                }
            }
        }
        Value::Seq(items) => {
            let is = s.items.as_deref();
            for it in items.iter_mut() {
                if is_non_nullable_null(it, is) {
                    if let Some(d) = is.and_then(|i| i.default.as_ref()) {
                        let span = it.span();
                        *it = default_copy(d);
                        it.set_span(span);
                        n += 1;
                    }
                }
                n += default_rec(it, is, depth + 1);
            }
        }
        _ => {}
    }
    n
}

/// Prepares a schema's defaults once per CRD (`PruneDefaults`): each default is pruned with the
/// schema it sits on, so a default can never bring back an unknown field, and marked synthetic.
pub(crate) fn prepare_defaults(s: &mut Schema, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(mut d) = s.default.take() {
        let root = s.x_embedded_resource;
        prune(&mut d, Some(s), root);
        strip_spans(&mut d, 0);
        s.default = Some(d);
    }
    for p in s.properties.values_mut() {
        prepare_defaults(p, depth + 1);
    }
    if let Some(AdditionalProperties::Schema(a)) = &mut s.additional_properties {
        prepare_defaults(a, depth + 1);
    }
    if let Some(i) = &mut s.items {
        prepare_defaults(i, depth + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(v: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&v))
    }

    #[test]
    fn prunes_and_reports_sorted_paths() {
        let s = schema(json!({"properties": {"a": {}, "c": {"additionalProperties": true}}}));
        let mut x = Node::from_json(&json!({"b": 1, "a": 1, "c": {"k": {"z": 1}}}));
        let u = prune(&mut x, Some(&s), false);
        let paths: Vec<&str> = u.iter().map(|u| u.path.as_str()).collect();
        assert_eq!(paths, vec!["b", "c.k.z"]);
        assert_eq!(x.to_json(), json!({"a": 1, "c": {"k": {}}}));
    }

    #[test]
    fn defaults_nested_and_nulls() {
        let s = schema(json!({"properties": {
            "a": {"default": {"x": 1}, "properties": {"x": {}, "y": {"default": 2}}},
            "n": {"type": "string"},
            "m": {"nullable": true}
        }}));
        let mut x = Node::from_json(&json!({"n": null, "m": null}));
        prune_non_nullable_nulls(&mut x, Some(&s));
        apply_defaults(&mut x, Some(&s));
        assert_eq!(x.to_json(), json!({"m": null, "a": {"x": 1, "y": 2}}));
    }
}
