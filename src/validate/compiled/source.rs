//! The CRD version's `openAPIV3Schema` that a compiled CRD keeps until a resource needs the
//! version (taken out of the CRD's tree or copied, its descriptions' text dropped), and how
//! deep it nests.

use crate::yaml::{Node, Value};

const MAX_DEPTH: usize = crate::schema::MAX_DEPTH;

/// A schema node kept to prepare later, and whether it may be cut at the conversion's depth
/// cap.
pub(super) struct SourceCopy {
    pub(super) node: Node,
    /// Some value nests [`MAX_DEPTH`] − 1 YAML levels deep or more: each schema level is at
    /// least one YAML level, so only then can the conversion cut the schema.
    pub(super) deep: bool,
}

/// A copy of a version's `openAPIV3Schema` to prepare later, without the text of its
/// schemas' `description`s: [`source_owned`] of a clone.
pub(super) fn source_copy(n: &Node) -> SourceCopy {
    source_owned(n.clone())
}

/// A version's `openAPIV3Schema`, taken out of its CRD's tree, kept to prepare later, without
/// the text of its schemas' `description`s (a null with the description's span stands in:
/// the prepared schema keeps only where a description is). Descriptions are most of a CRD's
/// bytes and the schema is kept for every CRD, used or not. Values that are not schemas
/// (`default`, `enum`, `example`, ...) are kept whole, and so is everything below the depth the
/// conversion follows; the nesting is unchanged. The walk measures the nesting as it goes (a
/// second walk cost a fifth as much as a copy). Taking the node rather than copying it saves
/// the copy when the CRD's tree is dropped anyway (the driver's `--crd` files: 27 M
/// instructions of the 10,000-resource workload's `validate`).
pub(super) fn source_owned(mut n: Node) -> SourceCopy {
    let mut c = Stripper { deepest: 0 };
    c.schema(&mut n, 0, 0);
    SourceCopy {
        node: n,
        deep: c.deepest + 1 >= MAX_DEPTH,
    }
}

/// One walk: the deepest YAML level seen so far (the root is level 0).
struct Stripper {
    deepest: usize,
}

impl Stripper {
    /// A schema at schema depth `depth` and YAML level `level`.
    fn schema(&mut self, n: &mut Node, depth: usize, level: usize) {
        if n.as_map().is_none() || depth > MAX_DEPTH {
            return self.whole(n, level);
        }
        self.reach(level);
        let Some(m) = n.as_map_mut() else {
            return;
        };
        for e in m.entries.iter_mut() {
            match e.key.as_str() {
                "description" => {
                    self.reach(level + 1);
                    e.value = Node::new(Value::Null, e.value.span(), e.value.style());
                }
                // a map of schemas, a list of schemas
                "properties" | "allOf" | "anyOf" | "oneOf" => {
                    self.schemas(&mut e.value, depth + 1, level + 1)
                }
                "items" | "additionalProperties" | "not" => {
                    self.schema(&mut e.value, depth + 1, level + 1)
                }
                _ => self.whole(&e.value, level + 1),
            }
        }
    }

    /// A map or list of schemas at YAML level `level`, its schemas at schema depth `depth`.
    fn schemas(&mut self, v: &mut Node, depth: usize, level: usize) {
        self.reach(level);
        match &mut v.value {
            Value::Map(m) => {
                for e in m.entries.iter_mut() {
                    self.schema(&mut e.value, depth, level + 1);
                }
            }
            Value::Seq(items) => {
                for x in items.iter_mut() {
                    self.schema(x, depth, level + 1);
                }
            }
            _ => {}
        }
    }

    /// A value kept whole at YAML level `level`.
    fn whole(&mut self, n: &Node, level: usize) {
        if self.deepest + 1 < MAX_DEPTH {
            self.reach(level + height(n, MAX_DEPTH.saturating_sub(level)));
        }
    }

    fn reach(&mut self, level: usize) {
        self.deepest = self.deepest.max(level);
    }
}

/// How many levels `n` nests below itself (0 for a scalar or an empty collection), counted up
/// to `limit`.
fn height(n: &Node, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let below = match &n.value {
        Value::Map(m) => m.entries.iter().map(|e| height(&e.value, limit - 1)).max(),
        Value::Seq(items) => items.iter().map(|x| height(x, limit - 1)).max(),
        _ => None,
    };
    below.map_or(0, |h| h + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Schema;

    #[test]
    fn the_lazy_copy_converts_to_the_same_schema() {
        let text = "type: object
description: the root
properties:
  description: {type: string, description: a property named description}
  spec:
    type: object
    description: |
      a long text
    default: {description: kept, a: 1}
    properties:
      list:
        type: array
        items: {type: string, description: item, enum: [a, b]}
      any:
        anyOf: [{type: integer, description: i}, {type: string}]
        not: {description: n}
      map:
        type: object
        additionalProperties: {type: string, description: v, pattern: '^a'}
";
        let docs = crate::yaml::load(text);
        let n = docs[0].root.as_ref().expect("parsed");
        let copy = source_copy(n);
        assert!(!copy.deep);
        let copy = copy.node;
        assert_eq!(Schema::from_node(&copy), Schema::from_node(n));
        // the text is gone, not the keys
        let spec = copy.at(&["properties", "spec"]).expect("spec");
        assert!(spec.get("description").is_some_and(Node::is_null));
        assert_eq!(
            spec.at(&["default", "description"]).and_then(Node::as_str),
            Some("kept")
        );
        assert!(copy
            .at(&["properties", "description", "type"])
            .is_some_and(|t| t.as_str() == Some("string")));
    }

    /// Whether some node of `n` is at YAML level `MAX_DEPTH - 1` or deeper: the walk the copy's
    /// measure replaces.
    fn reaches(n: &Node, level: usize) -> bool {
        if level + 1 >= MAX_DEPTH {
            return true;
        }
        match &n.value {
            Value::Map(m) => m.entries.iter().any(|e| reaches(&e.value, level + 1)),
            Value::Seq(items) => items.iter().any(|x| reaches(x, level + 1)),
            _ => false,
        }
    }

    #[test]
    fn the_copy_measures_the_nesting_as_a_walk_does() {
        // Schemas nested through `properties`, `items` and `anyOf` (1, 1 and 2 YAML levels a
        // schema level), with a default or an enum of some depth at the bottom, around the cap.
        for levels in [60, 97, 98, 99, 100, 140, 199, 200, 201, 260] {
            for tail in 0..4 {
                let mut text = String::new();
                let mut close = String::new();
                for i in 0..levels {
                    match i % 3 {
                        0 => text.push_str("{properties: {a: "),
                        1 => text.push_str("{items: "),
                        _ => text.push_str("{anyOf: ["),
                    }
                    close.insert_str(0, ["}}", "}", "]}"][i % 3]);
                }
                let bottom = match tail {
                    0 => "{type: string}".to_string(),
                    1 => "{default: [[[[1]]]]}".to_string(),
                    2 => "{enum: [{a: {b: [x]}}], description: d}".to_string(),
                    _ => format!("{{default: {}1{}}}", "[".repeat(levels), "]".repeat(levels)),
                };
                text.push_str(&bottom);
                text.push_str(&close);
                let docs = crate::yaml::load(&text);
                let Some(n) = docs[0].root.as_ref() else {
                    continue; // past the loader's own nesting cap
                };
                let copy = source_copy(n);
                assert_eq!(copy.deep, reaches(n, 0), "{levels} levels, tail {tail}");
                // Only the description goes, unless it is below the depth the copy follows.
                let same = tail != 2 || levels > MAX_DEPTH;
                assert_eq!(copy.node.value_eq(n), same, "{levels} {tail}");
            }
        }
    }
}
