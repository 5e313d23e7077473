//! `x-kubernetes-list-type` uniqueness (apiextensions `pkg/apiserver/schema/listtype`): items of
//! a `set` list must be unique, keys of a `map` list must be unique, and every `map` item must
//! be an object.
//!
//! Each duplicate is reported once, at the index of its *second* occurrence, with the server's
//! paths (`[key]` for `additionalProperties` entries, unlike kube-openapi's dotted names).
//! Scalars compare with their decoded Go type, so `1` and `1.0` are different set items.

use std::collections::HashMap;

use super::link::Link;
use super::subtrees::Subtrees;
use crate::k8s::field::{go_json, BadValue, ErrorType, FieldError};
use crate::schema::Schema;
use crate::yaml::{Map, Node, Span, Value};

/// A field error with the node it is about.
pub(crate) type Located = (FieldError, Span);

const MAX_DEPTH: usize = 2000;

/// `ValidateListSetsAndMaps(fldPath, s, obj)` for an object value.
pub(crate) fn validate(root: &Link<'_>, s: Option<&Schema>, obj: &Node, out: &mut Vec<Located>) {
    validate_in(root, s, obj, None, out);
}

/// [`validate`] with `s`'s [`Subtrees`]: the parts of `obj` under schema nodes with no
/// `set` or `map` list at or below them are not walked.
pub(crate) fn validate_in(
    root: &Link<'_>,
    s: Option<&Schema>,
    obj: &Node,
    skip: Option<&Subtrees>,
    out: &mut Vec<Located>,
) {
    if let (Some(s), Value::Map(m)) = (s, &obj.value) {
        let mut w = Walk { skip, out };
        w.map(root, s, m, 0);
    }
}

/// One list-type walk: the findings and what it may skip.
struct Walk<'w> {
    skip: Option<&'w Subtrees>,
    out: &'w mut Vec<Located>,
}

impl Walk<'_> {
    fn map(&mut self, path: &Link<'_>, s: &Schema, m: &Map, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        if let Some(ap) = s.additional_properties_schema() {
            for e in &m.entries {
                let p = Link::Key(path, &e.key);
                self.value(&p, ap, &e.value, depth + 1);
            }
        }
        if s.properties.is_empty() {
            return;
        }
        // With the marks, only the properties with a list below are matched (by name, against
        // a list of a few), not every entry looked up in the property map.
        if let Some(t) = self.skip {
            let Some(marks) = t.get(s) else {
                return;
            };
            for e in &m.entries {
                let sub = marks.lists_below.iter().find_map(|&i| {
                    let (k, p) = s.properties.get_index(i as usize)?;
                    (*k == *e.key).then_some(p)
                });
                if let Some(sub) = sub {
                    let p = Link::Child(path, &e.key);
                    self.value(&p, sub, &e.value, depth + 1);
                }
            }
            return;
        }
        for e in &m.entries {
            if let Some(sub) = s.property(&e.key) {
                let p = Link::Child(path, &e.key);
                self.value(&p, sub, &e.value, depth + 1);
            }
        }
    }

    fn value(&mut self, path: &Link<'_>, s: &Schema, v: &Node, depth: usize) {
        if self.skip.is_some_and(|t| !t.has_list_types(s)) {
            return;
        }
        match &v.value {
            Value::Seq(items) => self.array(path, s, items, v.span(), depth),
            Value::Map(m) => self.map(path, s, m, depth),
            _ => {}
        }
    }

    fn array(&mut self, path: &Link<'_>, s: &Schema, items: &[Node], span: Span, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let out = &mut *self.out;
        match s.rare().x_list_type.as_deref() {
            Some("set") => {
                let keys: Vec<Key<'_>> = items.iter().map(Key::of).collect();
                for i in non_unique(&keys) {
                    let at = Link::Index(path, i);
                    out.push((
                        FieldError::new(
                            at.to_path(),
                            ErrorType::Duplicate,
                            BadValue::from_node(&items[i]),
                            "",
                        ),
                        span_or(items[i].span(), span),
                    ));
                }
            }
            Some("map") => validate_list_map(path, s, items, span, out),
            _ => {}
        }
        if let Some(is) = s.items.as_deref() {
            for (i, it) in items.iter().enumerate() {
                let p = Link::Index(path, i);
                self.value(&p, is, it, depth + 1);
            }
        }
    }
}

fn span_or(a: Span, b: Span) -> Span {
    if a.is_empty() {
        b
    } else {
        a
    }
}

/// A list item or map key as a Go map key: scalars by type and value, compounds by JSON.
#[derive(PartialEq, Eq, Hash)]
enum Key<'a> {
    Unspecified,
    Null,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(&'a str),
    Json(String),
}

impl<'a> Key<'a> {
    fn of(n: &'a Node) -> Key<'a> {
        match &n.value {
            Value::Null => Key::Null,
            Value::Bool(b) => Key::Bool(*b),
            Value::Int(i) => Key::Int(*i),
            // Go map keys compare floats with ==, so -0 and +0 collide.
            Value::Float(f) => Key::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
            Value::String(s) => Key::Str(s),
            Value::Seq(_) | Value::Map(_) => Key::Json(go_json(n)),
        }
    }
}

/// Indices of second occurrences (each duplicated value once).
fn non_unique(keys: &[Key<'_>]) -> Vec<usize> {
    if keys.len() <= 1 {
        return Vec::new();
    }
    let mut seen: HashMap<&Key<'_>, u32, foldhash::fast::RandomState> =
        HashMap::with_capacity_and_hasher(keys.len(), Default::default());
    let mut out = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        let c = seen.entry(k).or_insert(0);
        *c += 1;
        if *c == 2 {
            out.push(i);
        }
    }
    out
}

fn validate_list_map(
    path: &Link<'_>,
    s: &Schema,
    items: &[Node],
    span: Span,
    out: &mut Vec<Located>,
) {
    for (i, x) in items.iter().enumerate() {
        if !x.is_null() && x.as_map().is_none() {
            let at = Link::Index(path, i);
            out.push((
                FieldError::invalid(
                    at.to_path(),
                    BadValue::from_node(x),
                    "must be an object for an array of list-type map",
                ),
                span_or(x.span(), span),
            ));
            return;
        }
    }
    if items.len() <= 1 {
        return;
    }
    let key_fields = &s.rare().x_list_map_keys;
    if key_fields.len() == 1 {
        let kf = &key_fields[0];
        let keys: Vec<Key<'_>> = items
            .iter()
            .map(|x| match x.get(kf) {
                Some(v) => Key::of(v),
                None => Key::Unspecified,
            })
            .collect();
        for i in non_unique(&keys) {
            // `map[string]interface{}{keyField: key}` (empty when the key is missing).
            let mut m = Map::new();
            if let Some(v) = items[i].get(kf) {
                m.insert(kf.clone(), v.clone());
            }
            let shown = BadValue::Composite(Box::new(Node::synthetic(Value::Map(m))));
            let at = Link::Index(path, i);
            out.push((
                FieldError::new(at.to_path(), ErrorType::Duplicate, shown, ""),
                span_or(items[i].span(), span),
            ));
        }
        return;
    }
    // Several keys: the map of the key fields that are present, compared as JSON.
    let key_maps: Vec<Node> = items
        .iter()
        .map(|x| {
            let mut m = Map::new();
            for kf in key_fields {
                if let Some(v) = x.get(kf) {
                    m.insert(kf.clone(), v.clone());
                }
            }
            Node::synthetic(Value::Map(m))
        })
        .collect();
    let rendered: Vec<String> = key_maps.iter().map(go_json).collect();
    let keys: Vec<Key<'_>> = rendered.iter().map(|r| Key::Str(r)).collect();
    for i in non_unique(&keys) {
        let at = Link::Index(path, i);
        out.push((
            FieldError::new(
                at.to_path(),
                ErrorType::Duplicate,
                BadValue::Composite(Box::new(key_maps[i].clone())),
                "",
            ),
            span_or(items[i].span(), span),
        ));
    }
}
