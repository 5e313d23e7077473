//! `x-kubernetes-list-type` uniqueness (apiextensions `pkg/apiserver/schema/listtype`): items of
//! a `set` list must be unique, keys of a `map` list must be unique, and every `map` item must
//! be an object.
//!
//! Each duplicate is reported once, at the index of its *second* occurrence, with the server's
//! paths (`[key]` for `additionalProperties` entries, unlike kube-openapi's dotted names).
//! Scalars compare with their decoded Go type, so `1` and `1.0` are different set items.

use std::collections::HashMap;

use super::link::Link;
use super::subtrees::{Marks, Subtrees};
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
        let marks = skip.and_then(|t| t.get(s));
        w.map(root, s, m, marks, 0);
    }
}

/// One list-type walk: the findings and what it may skip.
struct Walk<'w> {
    skip: Option<&'w Subtrees>,
    out: &'w mut Vec<Located>,
}

impl<'w> Walk<'w> {
    /// An object of schema `s`, with `s`'s marks when the walk has them.
    fn map(&mut self, path: &Link<'_>, s: &Schema, m: &Map, marks: Option<&Marks>, depth: usize) {
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
        if self.skip.is_some() {
            let Some(marks) = marks else {
                return;
            };
            for e in &m.entries {
                let sub = marks
                    .lists_names
                    .iter()
                    .position(|k| *k == e.key)
                    .and_then(|j| s.properties.get_index(marks.lists_below[j] as usize))
                    .map(|(_, p)| p);
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
        if let Some(marks) = self.marks(s) {
            self.value_marked(path, s, marks, v, depth);
        }
    }

    /// `Some` with `s`'s marks (`None` without [`Subtrees`]) when the walk has work at or
    /// below `s`; `None` when it has none.
    #[allow(clippy::option_option)]
    fn marks(&self, s: &Schema) -> Option<Option<&'w Marks>> {
        match self.skip {
            None => Some(None),
            Some(t) => t.get(s).filter(|m| m.list_types).map(Some),
        }
    }

    /// [`Walk::value`] once `s` is known to have work ([`Walk::marks`]).
    fn value_marked(
        &mut self,
        path: &Link<'_>,
        s: &Schema,
        marks: Option<&Marks>,
        v: &Node,
        depth: usize,
    ) {
        match &v.value {
            Value::Seq(items) => self.array(path, s, items, v.span(), depth),
            Value::Map(m) => self.map(path, s, m, marks, depth),
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
            // The item schema's marks, looked up once for all the items.
            let Some(marks) = self.marks(is) else {
                return;
            };
            for (i, it) in items.iter().enumerate() {
                let p = Link::Index(path, i);
                self.value_marked(&p, is, marks, it, depth + 1);
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
#[derive(Clone, PartialEq, Eq, Hash)]
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

/// Up to this many items, [`non_unique`] compares the keys pairwise.
const SHORT_LIST: usize = 16;

/// Indices of second occurrences (each duplicated value once).
fn non_unique(keys: &[Key<'_>]) -> Vec<usize> {
    if keys.len() <= 1 {
        return Vec::new();
    }
    // Most lists are short: comparing each key with those before it costs less than building
    // and hashing into a table (the same keys are equal either way: `Hash` agrees with `Eq`).
    if keys.len() <= SHORT_LIST {
        return non_unique_pairwise(keys);
    }
    non_unique_table(keys)
}

/// [`non_unique`] by comparing each key with those before it: the second occurrence is the
/// one with exactly one equal key before it.
fn non_unique_pairwise(keys: &[Key<'_>]) -> Vec<usize> {
    (1..keys.len())
        .filter(|&i| keys[..i].iter().filter(|k| **k == keys[i]).count() == 1)
        .collect()
}

/// [`non_unique`] by counting each key in a table.
fn non_unique_table(keys: &[Key<'_>]) -> Vec<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairwise scan of short lists finds the second occurrences the table finds: keys of
    /// every kind, repeated up to four times, at every length up to [`SHORT_LIST`].
    #[test]
    fn short_lists_find_the_duplicates_the_table_finds() {
        let pool = [
            Key::Null,
            Key::Unspecified,
            Key::Bool(true),
            Key::Bool(false),
            Key::Int(1),
            Key::Int(2),
            Key::Float(0),
            Key::Float(1.5f64.to_bits()),
            Key::Str("a"),
            Key::Str("b"),
            Key::Json("{\"a\":1}".into()),
            Key::Json("[1]".into()),
        ];
        let mut seed = 7u64;
        let mut found = 0;
        for len in 0..=SHORT_LIST {
            for _ in 0..200 {
                let keys: Vec<Key<'_>> = (0..len)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        // A pool this size for short lists makes repeats common.
                        let n = (len / 2).clamp(1, pool.len()) as u64;
                        pool[((seed >> 33) % n) as usize].clone()
                    })
                    .collect();
                let pairwise = non_unique_pairwise(&keys);
                assert_eq!(pairwise, non_unique_table(&keys), "{len}");
                assert_eq!(non_unique(&keys), pairwise);
                found += pairwise.len();
            }
        }
        assert!(found > 1000, "{found}");
    }
}
