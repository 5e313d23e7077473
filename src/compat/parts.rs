//! What the comparisons share: a CRD version as the user wrote it ([`Version`]), the version
//! and position a schema walk is at ([`VersionCtx`], [`Pos`]), and schemas sorted into classes
//! of equal values ([`Classes`]). `versions` dispatches to `schema`, `celdiff` and `columns`,
//! and `schema` to `celdiff`; all of them read these.

use std::collections::HashMap;

use crate::diag::Span;
use crate::yaml::Node;

/// One version of a CRD as the user wrote it (`v1` per-version fields, or `v1beta1` top-level
/// ones shared by every version).
pub struct Version<'a> {
    pub name: &'a str,
    /// The `versions[i]` entry (the `spec` for a `v1beta1` CRD with only `spec.version`).
    pub node: &'a Node,
    pub served: bool,
    pub storage: bool,
    /// `served` is given as a boolean (the server requires it on every version).
    pub served_known: bool,
    /// `openAPIV3Schema`, and its path in the user's document.
    pub schema: Option<(&'a Node, String)>,
    /// `additionalPrinterColumns`, and its path.
    pub columns: Option<(&'a Node, String)>,
    /// `selectableFields`, and its path.
    pub selectable: Option<(&'a Node, String)>,
}

/// The version being compared.
pub struct VersionCtx<'a> {
    pub version: &'a str,
    /// The policy lets this version tighten (it has no stored objects).
    pub tighten_ok: bool,
}

/// One position of the walk, on both sides.
pub struct Pos<'a> {
    pub old: &'a Node,
    pub new: &'a Node,
    /// The data path, e.g. `.spec.ports[*].name` (`.` for the root).
    pub data: String,
    /// The path of the new schema node in the user's document.
    pub user: String,
    /// Where to point when the new node lacks the keyword: the property's name in the new file.
    pub anchor: Span,
    /// Where the same property is in the old file.
    pub old_anchor: Span,
    /// Whether `oldSelf` can be paired with this position, in each revision.
    pub old_correlatable: bool,
    pub new_correlatable: bool,
}

/// Schemas sorted into classes of equal values ([`Node::value_eq`]), by a hash that equal
/// values share: linear in the schemas, where comparing each with every other was quadratic.
#[derive(Default)]
pub struct Classes<'a> {
    by_hash: HashMap<u64, Vec<(&'a Node, usize)>>,
    count: usize,
}

impl<'a> Classes<'a> {
    /// The class of `schema` (`None`, a missing schema, is a class of its own).
    pub fn of(&mut self, schema: Option<&'a Node>) -> usize {
        let Some(schema) = schema else {
            return usize::MAX;
        };
        let members = self.by_hash.entry(value_hash(schema)).or_default();
        if let Some((_, c)) = members.iter().find(|(n, _)| n.value_eq(schema)) {
            return *c;
        }
        self.count += 1;
        members.push((schema, self.count));
        self.count
    }
}

/// A hash of a YAML value that [`Node::value_eq`]-equal values share: map entries are combined
/// in any order (equal maps may list their keys in different orders), and numbers are hashed as
/// the floats `value_eq` compares them as. Recursion stops at a depth (the rest is left out
/// of the hash, which equal values still share).
fn value_hash(n: &Node) -> u64 {
    use std::hash::{Hash, Hasher};
    fn go(n: &Node, depth: usize, out: &mut impl Hasher) {
        use crate::yaml::Value;
        match &n.value {
            Value::Null => 0u8.hash(out),
            Value::Bool(b) => (1u8, b).hash(out),
            Value::Int(i) => (2u8, number_bits(*i as f64)).hash(out),
            Value::Float(f) => (2u8, number_bits(*f)).hash(out),
            Value::String(s) => (3u8, s.as_str()).hash(out),
            Value::Seq(items) => {
                (4u8, items.len()).hash(out);
                if depth < 64 {
                    for it in items {
                        go(it, depth + 1, out);
                    }
                }
            }
            Value::Map(m) => {
                (5u8, m.len()).hash(out);
                if depth < 64 {
                    let mut sum = 0u64;
                    for e in &m.entries {
                        let mut h = std::collections::hash_map::DefaultHasher::new();
                        e.key.as_str().hash(&mut h);
                        go(&e.value, depth + 1, &mut h);
                        sum = sum.wrapping_add(h.finish());
                    }
                    sum.hash(out);
                }
            }
        }
    }
    fn number_bits(f: f64) -> u64 {
        // -0.0 == 0.0.
        if f == 0.0 {
            0
        } else {
            f.to_bits()
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    go(n, 0, &mut h);
    h.finish()
}
