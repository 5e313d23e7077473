//! What the walks over a resource can skip, found once per prepared schema: a resource is
//! walked along the schema for defaulting, list types and embedded resources, and most of a
//! CRD's schema has no `default`, no `set`/`map` list and no embedded resource below it (the
//! bench workload's defaulting walk visited every object node to insert 1,804 defaults in
//! 10,000 resources). For the nodes that do have work below, the properties leading to it are
//! listed, so an object's entries are matched against a few names instead of each being
//! looked up in the schema's property map.

use std::collections::HashMap;

use crate::schema::Schema;
use crate::yaml::Str;

/// Deeper than any walk goes (the walks cap their depth at 2,000): below it, say "has work".
const MAX_DEPTH: usize = 2000;

/// Schema nodes, by address, below which a walk has work to do. Built from a schema that is
/// not changed afterwards (a prepared schema behind its `Arc`), and asked only about nodes of
/// that schema.
#[derive(Debug, Default)]
pub(crate) struct Subtrees {
    marks: HashMap<usize, Marks, foldhash::fast::RandomState>,
}

/// The work at and below one schema node; nodes without any are not recorded.
#[derive(Debug, Default)]
pub(crate) struct Marks {
    /// Some structural descendant (`properties`, `additionalProperties`, `items`, at any depth)
    /// has a `default`.
    pub(crate) defaults: bool,
    /// The node, or a structural descendant, is a `set` or `map` list.
    pub(crate) list_types: bool,
    /// The node, or a structural descendant, is `x-kubernetes-embedded-resource`.
    pub(crate) embedded: bool,
    /// Indices in `properties` of the properties that have a `default` of their own.
    pub(crate) defaulted: Box<[u32]>,
    /// Indices in `properties` of the properties with a default below them.
    pub(crate) defaults_below: Box<[u32]>,
    /// Indices in `properties` of the properties that are, or have below them, a set or map
    /// list.
    pub(crate) lists_below: Box<[u32]>,
    /// The names of `defaulted`, `defaults_below` and `lists_below`, in their order, as the
    /// tree keeps keys: the walks match an object's keys against them, and two short keys
    /// compare as two words (a name read from `properties` compared as a `str`, length and
    /// bytes, for every entry of every object on a walk's way).
    pub(crate) defaulted_names: Box<[Str]>,
    pub(crate) below_names: Box<[Str]>,
    pub(crate) lists_names: Box<[Str]>,
}

impl Marks {
    /// Everything marked, for nodes below the depth the walks follow.
    fn all() -> Marks {
        Marks {
            defaults: true,
            list_types: true,
            embedded: true,
            ..Marks::default()
        }
    }
}

/// What [`Subtrees::visit`] returns about a node: whether it has a default itself, and its
/// marks' three flags.
#[derive(Clone, Copy, Default)]
struct Seen {
    own_default: bool,
    defaults: bool,
    list_types: bool,
    embedded: bool,
}

impl Subtrees {
    pub(crate) fn of(s: &Schema) -> Subtrees {
        let mut t = Subtrees::default();
        t.visit(s, 0);
        t
    }

    /// The marks of `s`, if a walk has any work at or below it.
    pub(crate) fn get(&self, s: &Schema) -> Option<&Marks> {
        self.marks.get(&addr(s))
    }

    /// Whether defaulting below `s` may change anything.
    #[cfg(test)]
    pub(crate) fn has_defaults(&self, s: &Schema) -> bool {
        self.get(s).is_some_and(|m| m.defaults)
    }

    /// Whether the list-type check at or below `s` may report anything.
    #[cfg(test)]
    pub(crate) fn has_list_types(&self, s: &Schema) -> bool {
        self.get(s).is_some_and(|m| m.list_types)
    }

    /// Whether an embedded resource may be at or below `s`.
    pub(crate) fn has_embedded(&self, s: &Schema) -> bool {
        self.get(s).is_some_and(|m| m.embedded)
    }

    /// Records `s` and its descendants.
    fn visit(&mut self, s: &Schema, depth: usize) -> Seen {
        let own_default = s.rare().default.is_some();
        if depth > MAX_DEPTH {
            self.marks.insert(addr(s), Marks::all());
            return Seen {
                own_default,
                defaults: true,
                list_types: true,
                embedded: true,
            };
        }
        let mut m = Marks::default();
        let (mut defaulted, mut defaults_below, mut lists_below) = (vec![], vec![], vec![]);
        for (i, c) in s.properties.values().enumerate() {
            let seen = self.visit(c, depth + 1);
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            if seen.own_default {
                defaulted.push(i);
            }
            if seen.defaults {
                defaults_below.push(i);
            }
            if seen.list_types {
                lists_below.push(i);
            }
            m.merge(seen);
        }
        let others = s
            .additional_properties_schema()
            .into_iter()
            .chain(s.items.as_deref());
        for c in others {
            let seen = self.visit(c, depth + 1);
            m.merge(seen);
        }
        m.list_types |= s.is_list_set() || s.is_list_map();
        m.embedded |= s.x_embedded_resource;
        let seen = Seen {
            own_default,
            defaults: m.defaults,
            list_types: m.list_types,
            embedded: m.embedded,
        };
        if m.defaults || m.list_types || m.embedded {
            // One name per index, in its place (the indices are `properties`' own).
            let names = |ix: &[u32]| -> Box<[Str]> {
                ix.iter()
                    .map(|&i| {
                        let name = s.properties.get_index(i as usize).map(|(k, _)| k.as_str());
                        Str::from(name.unwrap_or_default())
                    })
                    .collect()
            };
            m.defaulted_names = names(&defaulted);
            m.below_names = names(&defaults_below);
            m.lists_names = names(&lists_below);
            m.defaulted = defaulted.into();
            m.defaults_below = defaults_below.into();
            m.lists_below = lists_below.into();
            self.marks.insert(addr(s), m);
        }
        seen
    }
}

impl Marks {
    /// Adds what a child has at or below it.
    fn merge(&mut self, child: Seen) {
        self.defaults |= child.defaults || child.own_default;
        self.list_types |= child.list_types;
        self.embedded |= child.embedded;
    }
}

fn addr(s: &Schema) -> usize {
    std::ptr::from_ref(s) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::Node;
    use serde_json::json;

    #[test]
    fn marks_the_nodes_above_defaults_and_list_types() {
        let s = Schema::from_node(&Node::from_json(&json!({
            "properties": {
                "a": {"properties": {"b": {"properties": {"c": {"default": 1}}}}},
                "plain": {"properties": {"x": {"type": "string"}}},
                "l": {"type": "array", "items": {"additionalProperties": {
                    "type": "array", "x-kubernetes-list-type": "set"}}},
                "atomic": {"type": "array", "x-kubernetes-list-type": "atomic"}
            }
        })));
        let t = Subtrees::of(&s);
        let p = |k: &str| &s.properties[k];
        assert!(t.has_defaults(&s) && t.has_defaults(p("a")));
        let b = &p("a").properties["b"];
        assert!(t.has_defaults(b), "b's child c has a default");
        assert!(!t.has_defaults(&b.properties["c"]), "nothing below c");
        assert!(!t.has_defaults(p("plain")) && !t.has_defaults(p("l")));
        assert!(t.has_list_types(&s) && t.has_list_types(p("l")));
        let item = p("l").items.as_deref().expect("items");
        assert!(t.has_list_types(item));
        assert!(t.has_list_types(item.additional_properties_schema().expect("ap")));
        assert!(!t.has_list_types(p("atomic")) && !t.has_list_types(p("plain")));
        assert!(!t.has_list_types(p("a")));
    }

    #[test]
    fn marks_list_the_properties_leading_to_work() {
        let s = Schema::from_node(&Node::from_json(&json!({
            "properties": {
                "a": {"default": 1},
                "b": {"properties": {"c": {"default": 2}}},
                "e": {"x-kubernetes-embedded-resource": true, "type": "object"},
                "plain": {"type": "string"},
                "l": {"type": "array", "x-kubernetes-list-type": "set"}
            }
        })));
        let t = Subtrees::of(&s);
        let m = t.get(&s).expect("the root has work");
        let names = |ix: &[u32]| -> Vec<&str> {
            ix.iter()
                .map(|&i| {
                    s.properties
                        .get_index(i as usize)
                        .expect("index")
                        .0
                        .as_str()
                })
                .collect()
        };
        assert_eq!(names(&m.defaulted), ["a"]);
        assert_eq!(names(&m.defaults_below), ["b"]);
        assert_eq!(names(&m.lists_below), ["l"]);
        assert!(m.defaults && m.list_types && m.embedded);
        assert!(t.has_embedded(&s.properties["e"]) && !t.has_embedded(&s.properties["b"]));
        assert!(t.get(&s.properties["plain"]).is_none());
    }

    fn next(seed: &mut u64, n: u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % n
    }

    /// Objects with the keys of the schema below (and unknown ones): nulls, scalars, nested
    /// objects and lists, some with duplicate items.
    fn object(seed: &mut u64, depth: usize) -> serde_json::Value {
        const KEYS: [&str; 10] = [
            "apiVersion",
            "kind",
            "metadata",
            "a",
            "b",
            "c",
            "d",
            "e",
            "list",
            "zz",
        ];
        let mut m = serde_json::Map::new();
        for _ in 0..next(seed, 7) {
            let k = KEYS[next(seed, KEYS.len() as u64) as usize];
            let v = match (next(seed, 6), depth < 4) {
                (0, _) => serde_json::Value::Null,
                (1, _) | (_, false) => json!(next(seed, 3)),
                (2, _) => json!([1, next(seed, 2), object(seed, depth + 1), null]),
                (3, _) => json!([object(seed, depth + 1), object(seed, depth + 1)]),
                _ => object(seed, depth + 1),
            };
            m.insert(k.into(), v);
        }
        serde_json::Value::Object(m)
    }

    /// Defaulting, the list-type check and embedded-resource coercion give the same results
    /// with the marks (skipping and matching by name) as without them.
    #[test]
    fn walks_with_marks_match_walks_without() {
        use super::super::link::Link;
        use super::super::{listtype, objectmeta, prune};
        let node = json!({
            "type": "object",
            "properties": {
                "a": {"default": {"x": 1}, "properties": {"x": {}, "b": {"default": 2}}},
                "b": {"properties": {
                    "c": {"nullable": false, "default": 3},
                    "list": {"type": "array", "x-kubernetes-list-type": "set",
                             "items": {"properties": {"a": {"default": 4}}}},
                    "d": {"type": "array", "x-kubernetes-list-type": "map",
                          "x-kubernetes-list-map-keys": ["a"],
                          "items": {"properties": {"a": {}, "b": {}, "e": {
                              "x-kubernetes-embedded-resource": true, "type": "object",
                              "x-kubernetes-preserve-unknown-fields": true}}}}
                }},
                "c": {"additionalProperties": {"default": 5, "properties": {
                    "list": {"type": "array", "x-kubernetes-list-type": "set"},
                    "a": {"default": 6}}}},
                "d": {"type": "array", "items": {"properties": {"b": {"default": 7}}}},
                "e": {"x-kubernetes-embedded-resource": true, "type": "object",
                      "properties": {"a": {"default": 8}, "list": {"type": "array",
                          "x-kubernetes-list-type": "set"}}},
                "list": {"type": "array", "x-kubernetes-list-type": "set"},
                "zz": {"type": "string"}
            }
        });
        let mut s = Schema::from_node(&Node::from_json(&node));
        prune::prepare_defaults(&mut s, 0);
        let t = Subtrees::of(&s);
        let mut seed = 11u64;
        let (mut defaulted, mut listed, mut coerced) = (0, 0, 0);
        for i in 0..600 {
            let text = object(&mut seed, 0).to_string();
            let docs = crate::yaml::load(&text);
            let obj = docs[0].root.clone().expect("parsed");
            let (mut one, mut two) = (obj.clone(), obj.clone());
            let n1 = prune::apply_defaults(&mut one, Some(&s));
            let n2 = prune::apply_defaults_in(&mut two, Some(&s), &t);
            assert_eq!((n1, &one), (n2, &two), "case {i}: {text}");
            defaulted += usize::from(n1 > 0);

            let root = Link::Root(None);
            let (mut l1, mut l2) = (Vec::new(), Vec::new());
            listtype::validate(&root, Some(&s), &obj, &mut l1);
            listtype::validate_in(&root, Some(&s), &obj, Some(&t), &mut l2);
            assert_eq!(format!("{l1:?}"), format!("{l2:?}"), "case {i}: {text}");
            listed += usize::from(!l1.is_empty());

            let (mut one, mut two) = (obj.clone(), obj.clone());
            let (mut u1, mut u2) = (Vec::new(), Vec::new());
            let e1 = objectmeta::coerce(&mut one, Some(&s), &root, false, &mut u1, 0);
            let e2 = objectmeta::coerce_in(&mut two, Some(&s), Some(&t), &root, false, &mut u2, 0);
            assert_eq!(format!("{e1:?}"), format!("{e2:?}"), "case {i}: {text}");
            assert_eq!((u1.clone(), &one), (u2, &two), "case {i}: {text}");
            coerced += usize::from(e1.is_some() || !u1.is_empty());
        }
        // The cases reach each walk's work.
        assert!(
            defaulted > 100 && listed > 10 && coerced > 20,
            "{defaulted} {listed} {coerced}"
        );
    }
}
