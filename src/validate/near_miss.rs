//! The schema field an unknown field was surely meant to be (`spec.dnsName` for `dnsNames`):
//! the "did you mean" of `cr/unknown-field` and its safe fix (a rename of the key), and what
//! `prune --write` keeps instead of deleting.

use crate::diag::suggest;
use crate::schema::Schema;
use crate::yaml::{Node, Span};

/// A near-miss key: where its key is written, and the field of the schema it surely meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearMiss {
    pub key_span: Span,
    pub field: String,
}

/// For the unknown field at `path` (as pruning writes it: `spec.list[1].b`) of `obj`: the one
/// property of its object's schema one edit away that the object does not have yet. `None`
/// when the path cannot be followed (a key with `.` or `[` in it), or nothing is that close.
pub fn near_miss(schema: &Schema, obj: &Node, path: &str) -> Option<NearMiss> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        steps.push(Step::Key(key));
        while !rest.is_empty() {
            let (index, after) = rest.split_once(']')?;
            steps.push(Step::Index(index.parse().ok()?));
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    let Some(Step::Key(unknown)) = steps.pop() else {
        return None;
    };
    let (mut s, mut x) = (schema, obj);
    for step in steps {
        (s, x) = match step {
            Step::Key(k) => (s.child_for_key(k)?, x.get(k)?),
            Step::Index(i) => (s.items.as_deref()?, x.as_seq()?.get(i)?),
        };
    }
    let map = x.as_map()?;
    let free: Vec<&str> = s
        .properties
        .keys()
        .map(|k| k.as_str())
        .filter(|k| !map.contains_key(k))
        .collect();
    let field = suggest::near_miss(unknown, &free)?;
    Some(NearMiss {
        key_span: map.entry(unknown)?.key_span,
        field: field.to_string(),
    })
}

enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Schema {
        let y = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      dnsNames:\n        type: array\n        items: {type: string}\n      list:\n        type: array\n        items:\n          type: object\n          properties:\n            name: {type: string}\n";
        Schema::from_node(&crate::yaml::load(y).remove(0).root.unwrap())
    }

    fn obj(y: &str) -> Node {
        crate::yaml::load(y).remove(0).root.unwrap()
    }

    #[test]
    fn a_key_one_edit_from_a_free_property_is_a_near_miss() {
        let o = obj("spec:\n  dnsName: [a]\n  list:\n  - nmae: x\n");
        let n = near_miss(&schema(), &o, "spec.dnsName").unwrap();
        assert_eq!(n.field, "dnsNames");
        assert_eq!(n.key_span.start(), 8);
        let n = near_miss(&schema(), &o, "spec.list[0].nmae").unwrap();
        assert_eq!(n.field, "name");
    }

    #[test]
    fn a_property_the_object_has_already_is_no_suggestion() {
        let o = obj("spec:\n  dnsName: [a]\n  dnsNames: [b]\n");
        assert_eq!(near_miss(&schema(), &o, "spec.dnsName"), None);
        assert_eq!(near_miss(&schema(), &o, "spec.zzzzzz"), None);
        assert_eq!(near_miss(&schema(), &o, "spec.list[x].a"), None);
    }
}
