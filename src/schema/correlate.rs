//! Which old value an updated value corresponds to, and whether it is unchanged: the
//! correlation the API server uses for validation ratcheting (apiserver
//! `pkg/cel/common/equality.go`, `CorrelatedObject`).
//!
//! A value correlates with its old counterpart along the schema: a map entry by key (only keys
//! the schema declares, as a property or through `additionalProperties`), a list item only in
//! an `x-kubernetes-list-type: map` list, by its key fields. Set and atomic list items do not
//! correlate (the server leaves them out), so an error inside one ratchets only when an
//! enclosing correlated value is unchanged. "Unchanged" is the server's `CachedDeepEqual`:
//! map lists compare item by item through the correlation (so reordering them changes
//! nothing), other lists and scalars with Go's `reflect.DeepEqual` (an `int64` never equals a
//! `float64`).
//!
//! Both schema (kube-openapi) and CEL ratcheting use this; callers walk the schema alongside the
//! value and ask [`key`] / [`index`] for the next pair, then [`unchanged`] when an error needs
//! to know.

use super::{AdditionalProperties, Schema};
use crate::yaml::{Node, Value};

/// A correlated (new, old) pair with the structural schema both are validated against.
#[derive(Clone, Copy)]
pub struct Pair<'a> {
    pub schema: &'a Schema,
    pub new: &'a Node,
    pub old: &'a Node,
}

/// `CorrelatedObject.Key(field)`: both sides are maps holding `field`, and the schema declares
/// it (as a property or through an `additionalProperties` schema).
pub fn key<'a>(p: Pair<'a>, field: &str) -> Option<Pair<'a>> {
    let (Value::Map(n), Value::Map(o)) = (&p.new.value, &p.old.value) else {
        return None;
    };
    let (new, old) = (n.get(field)?, o.get(field)?);
    let schema = match p.schema.properties.get(field) {
        Some(s) => s,
        None => match &p.schema.additional_properties {
            Some(AdditionalProperties::Schema(s)) => s,
            _ => return None,
        },
    };
    Some(Pair { schema, new, old })
}

/// `CorrelatedObject.Index(i)`: only items of a map list correlate, with the old item of the
/// same key values.
pub fn index(p: Pair<'_>, i: usize) -> Option<Pair<'_>> {
    let (Value::Seq(n), Value::Seq(o)) = (&p.new.value, &p.old.value) else {
        return None;
    };
    let new = n.get(i)?;
    if p.schema.rare().x_list_type.as_deref() != Some("map") {
        return None;
    }
    let old = old_map_list_item(&p.schema.rare().x_list_map_keys, o, new)?;
    let schema = p.schema.items.as_deref()?;
    Some(Pair { schema, new, old })
}

/// The old item of a map list with the same key values as `new` (`MakeMapList(...).Get`).
pub fn old_map_list_item<'a>(keys: &[String], olds: &'a [Node], new: &Node) -> Option<&'a Node> {
    let nm = new.as_map()?;
    olds.iter().find(|o| {
        o.as_map().is_some_and(|om| {
            keys.iter().all(|k| match (nm.get(k), om.get(k)) {
                (Some(a), Some(b)) => go_deep_equal(a, b),
                (None, None) => true,
                _ => false,
            })
        })
    })
}

/// `CorrelatedObject.CachedDeepEqual()`: whether the new value is unchanged from the old one,
/// following the correlation (depth-bounded by the values themselves).
pub fn unchanged(p: Pair<'_>) -> bool {
    match (&p.new.value, &p.old.value) {
        (Value::Null, Value::Null) => true,
        (Value::Null, _) | (_, Value::Null) => false,
        (Value::Seq(n), Value::Seq(o)) => {
            if n.len() != o.len() {
                return false;
            }
            let is_map_list = p.schema.rare().x_list_type.as_deref() == Some("map");
            for i in 0..n.len() {
                match index(p, i) {
                    Some(c) if unchanged(c) => {}
                    Some(_) => return false,
                    None if is_map_list => return false,
                    None => return go_deep_equal(p.new, p.old),
                }
            }
            true
        }
        (Value::Map(n), Value::Map(o)) => {
            n.len() == o.len()
                && n.entries.iter().all(|e| match key(p, &e.key) {
                    Some(c) => unchanged(c),
                    None => false,
                })
        }
        (Value::Seq(_), _) | (_, Value::Seq(_)) | (Value::Map(_), _) | (_, Value::Map(_)) => false,
        _ => go_deep_equal(p.new, p.old),
    }
}

/// Go `reflect.DeepEqual` of two decoded JSON values (`int64` and `float64` differ).
pub fn go_deep_equal(a: &Node, b: &Node) -> bool {
    match (&a.value, &b.value) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Seq(x), Value::Seq(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| go_deep_equal(p, q))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.entries
                    .iter()
                    .all(|e| y.get(&e.key).is_some_and(|v| go_deep_equal(&e.value, v)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn s(j: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&j))
    }

    #[test]
    fn map_lists_correlate_by_key_and_ignore_order() {
        let sc = s(
            json!({"type": "object", "properties": {"l": {"type": "array",
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
            "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "integer"}}}}}}),
        );
        let new = Node::from_json(&json!({"l": [{"k": "b", "v": 2}, {"k": "a", "v": 1}]}));
        let old = Node::from_json(&json!({"l": [{"k": "a", "v": 1}, {"k": "b", "v": 2}]}));
        let p = Pair {
            schema: &sc,
            new: &new,
            old: &old,
        };
        assert!(unchanged(p));
        let l = key(p, "l").unwrap();
        let item = index(l, 0).unwrap();
        assert_eq!(item.old.get_str("k"), Some("b"));
        let changed = Node::from_json(&json!({"l": [{"k": "b", "v": 3}, {"k": "a", "v": 1}]}));
        assert!(!unchanged(Pair { new: &changed, ..p }));
    }

    #[test]
    fn sets_and_atomic_lists_do_not_correlate_items() {
        let sc = s(
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}),
        );
        let new = Node::from_json(&json!(["a", "b"]));
        let old = Node::from_json(&json!(["b", "a"]));
        let p = Pair {
            schema: &sc,
            new: &new,
            old: &old,
        };
        assert!(index(p, 0).is_none());
        // Compared as a whole with DeepEqual: order matters.
        assert!(!unchanged(p));
        assert!(unchanged(Pair { old: &new, ..p }));
    }

    #[test]
    fn undeclared_keys_and_number_types_are_changes() {
        let sc = s(json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}));
        let a = Node::from_json(&json!({"x": 1}));
        let p = Pair {
            schema: &sc,
            new: &a,
            old: &a,
        };
        // The server cannot correlate a key the schema does not declare.
        assert!(!unchanged(p));
        let one = Node::from_json(&json!(1));
        let one_f = Node::synthetic(Value::Float(1.0));
        assert!(!go_deep_equal(&one, &one_f));
    }
}
