//! Which subtrees of a prepared schema the defaulting and list-type walks can skip, found once
//! per schema: a resource is walked along the schema for each, and most of a CRD's schema
//! has neither a `default` nor a `set`/`map` list below it (the bench workload's defaulting
//! walk visited every object node to insert 1,804 defaults in 10,000 resources).

use std::collections::HashSet;

use crate::schema::Schema;

type Set = HashSet<usize, foldhash::fast::RandomState>;

/// Schema nodes, by address, below which a walk has work to do. Built from a schema that is
/// not changed afterwards (a prepared schema behind its `Arc`), and asked only about nodes of
/// that schema.
#[derive(Debug, Default)]
pub(crate) struct Subtrees {
    /// Nodes with a `default` on some structural descendant (`properties`,
    /// `additionalProperties`, `items`, at any depth).
    defaults: Set,
    /// Nodes that are, or have a structural descendant that is, a `set` or `map` list.
    list_types: Set,
}

/// Deeper than any walk goes (the walks cap their depth at 2,000): below it, say "has work".
const MAX_DEPTH: usize = 2000;

impl Subtrees {
    pub(crate) fn of(s: &Schema) -> Subtrees {
        let mut t = Subtrees::default();
        t.visit(s, 0);
        t
    }

    /// Whether defaulting below `s` may change anything.
    pub(crate) fn has_defaults(&self, s: &Schema) -> bool {
        self.defaults.contains(&addr(s))
    }

    /// Whether the list-type check at or below `s` may report anything.
    pub(crate) fn has_list_types(&self, s: &Schema) -> bool {
        self.list_types.contains(&addr(s))
    }

    /// Records `s` and its descendants; returns (a default at or below `s`, a set/map list at
    /// or below `s`).
    fn visit(&mut self, s: &Schema, depth: usize) -> (bool, bool) {
        let (mut defaults, mut lists) = (false, false);
        if depth > MAX_DEPTH {
            (defaults, lists) = (true, true);
        } else {
            for (_, c) in s.structural_children() {
                let (d, l) = self.visit(c, depth + 1);
                defaults |= d;
                lists |= l;
            }
        }
        if defaults {
            self.defaults.insert(addr(s));
        }
        lists |= s.is_list_set() || s.is_list_map();
        if lists {
            self.list_types.insert(addr(s));
        }
        (defaults || s.default.is_some(), lists)
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
}
