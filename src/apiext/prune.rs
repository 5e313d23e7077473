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

use super::subtrees::{Marks, Subtrees};
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Entry, Map, Node, Span, Str, Style, Value};

mod copy;
mod keeps;

pub(crate) use keeps::{defaults_none, keeps_all};

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
    Pruner::run(x, s, is_resource_root, false)
}

/// [`prune`] then [`prune_non_nullable_nulls`], the server's first two rewrites, in one walk:
/// a null is dropped where the second walk would drop it (the two only remove entries, and
/// each decision depends on the entry's own key and value alone).
pub(crate) fn prune_with_nulls(
    x: &mut Node,
    s: Option<&Schema>,
    is_resource_root: bool,
) -> Vec<UnknownField> {
    Pruner::run(x, s, is_resource_root, true)
}

/// [`prune_with_nulls`] of a copy of `x`, pruned as it is copied: what is pruned is never
/// copied. Returns the copy and the removed fields, sorted by path.
pub(crate) fn pruned_copy(
    x: &Node,
    s: Option<&Schema>,
    is_resource_root: bool,
) -> (Node, Vec<UnknownField>) {
    let mut p = Pruner {
        path: String::new(),
        out: Vec::new(),
        nulls: true,
    };
    let copy = p.copy(x, s, &copy::At::Root, is_resource_root, 0);
    p.out.sort_by(|a, b| a.path.cmp(&b.path));
    (copy, p.out)
}

fn push_key(path: &mut String, k: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(k);
}

fn push_index(path: &mut String, i: usize) {
    // Written in place, digit by digit: `write!` cost ~360 instructions an item, and a
    // `to_string()` an allocation.
    let mut digits = [0u8; 20];
    let (mut n, mut at) = (i, digits.len());
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    path.push('[');
    path.extend(digits[at..].iter().map(|&d| char::from(d)));
    path.push(']');
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

/// Whether null pruning drops this entry: a `null` whose field schema is not nullable and
/// has no default.
fn drops_null(value: &Node, field: Option<&Schema>) -> bool {
    value.is_null() && field.is_some_and(|f| !f.nullable && f.rare().default.is_none())
}

/// One pruning walk: the path being visited, the fields removed so far, and whether
/// non-nullable nulls are dropped in the same walk.
struct Pruner {
    path: String,
    out: Vec<UnknownField>,
    nulls: bool,
}

impl Pruner {
    fn run(x: &mut Node, s: Option<&Schema>, root: bool, nulls: bool) -> Vec<UnknownField> {
        let mut p = Pruner {
            path: String::with_capacity(64),
            out: Vec::new(),
            nulls,
        };
        p.node(x, s, root, 0);
        p.out.sort_by(|a, b| a.path.cmp(&b.path));
        p.out
    }

    fn unknown(&mut self, key_span: Span, value: &Node) {
        self.out.push(UnknownField {
            path: self.path.clone(),
            span: entry_span(key_span, value),
        });
    }

    /// A kept `apiVersion`/`kind`/`metadata` of a resource root: pruning leaves it alone, null
    /// pruning does not. Returns whether it stays.
    fn meta_field(&mut self, e: &mut Entry, s: &Schema, depth: usize) -> bool {
        if !self.nulls {
            return true;
        }
        let fs = field_schema(Some(s), &e.key);
        if drops_null(&e.value, fs) {
            return false;
        }
        prune_nulls_rec(&mut e.value, fs, depth + 1);
        true
    }

    fn node(&mut self, x: &mut Node, s: Option<&Schema>, root: bool, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        if let Some(s) = s {
            if s.preserves_unknown_fields() {
                self.preserving(x, s, root, depth);
                return;
            }
        }
        let base = self.path.len();
        match &mut x.value {
            Value::Map(m) => {
                let Some(s) = s else {
                    for e in std::mem::take(&mut m.entries) {
                        push_key(&mut self.path, &e.key);
                        self.unknown(e.key_span, &e.value);
                        self.path.truncate(base);
                    }
                    return;
                };
                let embedded = s.x_embedded_resource || root;
                m.edit(|entries| {
                    entries.retain_mut(|e| {
                        if embedded && META_FIELDS.contains(&e.key.as_str()) {
                            return self.meta_field(e, s, depth);
                        }
                        push_key(&mut self.path, &e.key);
                        let keep = if let Some(p) = s.property(&e.key) {
                            let keep = !(self.nulls && drops_null(&e.value, Some(p)));
                            if keep {
                                self.node(&mut e.value, Some(p), false, depth + 1);
                            }
                            keep
                        } else if let Some(ap) = ap_schema(s) {
                            let keep = !(self.nulls && drops_null(&e.value, ap));
                            if keep {
                                self.node(&mut e.value, ap, false, depth + 1);
                            }
                            keep
                        } else {
                            if !META_FIELDS.contains(&e.key.as_str()) || base > 0 {
                                self.unknown(e.key_span, &e.value);
                            }
                            false
                        };
                        self.path.truncate(base);
                        keep
                    });
                });
            }
            Value::Seq(items) => {
                let item_schema = s.and_then(|s| s.items.as_deref());
                for (i, it) in items.iter_mut().enumerate() {
                    push_index(&mut self.path, i);
                    self.node(it, item_schema, false, depth + 1);
                    self.path.truncate(base);
                }
            }
            _ => {}
        }
    }

    /// A node with `x-kubernetes-preserve-unknown-fields`: unknown fields stay (and nothing
    /// below them is pruned), known ones are pruned with their schemas.
    fn preserving(&mut self, x: &mut Node, s: &Schema, root: bool, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let base = self.path.len();
        match &mut x.value {
            Value::Map(m) => {
                let embedded = s.x_embedded_resource || root;
                m.edit(|entries| {
                    entries.retain_mut(|e| {
                        if embedded && META_FIELDS.contains(&e.key.as_str()) {
                            return self.meta_field(e, s, depth);
                        }
                        let fs = if let Some(p) = s.property(&e.key) {
                            Some(p)
                        } else if let Some(ap) = ap_schema(s) {
                            ap
                        } else {
                            // Unknown and kept: no schema below, so no null is dropped either.
                            return true;
                        };
                        if self.nulls && drops_null(&e.value, fs) {
                            return false;
                        }
                        push_key(&mut self.path, &e.key);
                        self.node(&mut e.value, fs, false, depth + 1);
                        self.path.truncate(base);
                        true
                    });
                });
            }
            Value::Seq(items) => {
                if let Some(is) = s.items.as_deref() {
                    for (i, it) in items.iter_mut().enumerate() {
                        push_index(&mut self.path, i);
                        self.preserving(it, is, false, depth + 1);
                        self.path.truncate(base);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The schema of an object field as defaulting and null pruning see it.
fn field_schema<'s>(s: Option<&'s Schema>, k: &str) -> Option<&'s Schema> {
    s?.child_for_key(k)
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
                    if e.value.is_null()
                        && fs.is_some_and(|f| !f.nullable && f.rare().default.is_none())
                    {
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
    default_rec(x, s, None, 0)
}

/// [`apply_defaults`] with `s`'s [`Subtrees`]: the parts of `x` under schema nodes with no
/// default below them are not walked.
pub(crate) fn apply_defaults_in(x: &mut Node, s: Option<&Schema>, skip: &Subtrees) -> usize {
    default_rec(x, s, Some(skip), 0)
}

fn default_rec(x: &mut Node, s: Option<&Schema>, skip: Option<&Subtrees>, depth: usize) -> usize {
    let Some(s) = s else {
        return 0;
    };
    if depth > MAX_DEPTH {
        return 0;
    }
    let Some(skip) = skip else {
        return default_all(x, s, depth);
    };
    match skip.get(s) {
        Some(marks) if marks.defaults => default_marked(x, s, skip, marks, depth),
        _ => 0,
    }
}

/// [`default_rec`] without [`Subtrees`]: every property is looked at, and defaults are
/// copied without their CRD spans.
fn default_all(x: &mut Node, s: &Schema, depth: usize) -> usize {
    let mut n = 0;
    match &mut x.value {
        Value::Map(m) => {
            let defaulted = s
                .properties
                .iter()
                .filter_map(|(k, p)| Some((k.as_str(), p, p.rare().default.as_deref()?)));
            n += fill_absent(m, defaulted, default_copy);
            let ap = s.additional_properties_schema();
            let has_ap = s.additional_properties.is_some();
            for e in m.entries.iter_mut() {
                if let Some(p) = s.property(&e.key) {
                    n += default_rec(&mut e.value, Some(p), None, depth + 1);
                } else if has_ap {
                    n += default_extra(e, ap, default_copy);
                    n += default_rec(&mut e.value, ap, None, depth + 1);
                }
            }
        }
        Value::Seq(items) => n += default_items(items, s, None, default_copy, depth),
        _ => {}
    }
    n
}

/// [`default_rec`] at a node with defaults below it: only the properties that have a
/// default, or a default below them, are looked at (the [`Marks`] list them). A prepared
/// schema's defaults are already synthetic (`prepare_defaults`): a clone will do.
fn default_marked(x: &mut Node, s: &Schema, skip: &Subtrees, marks: &Marks, depth: usize) -> usize {
    let mut n = 0;
    match &mut x.value {
        Value::Map(m) => {
            let names = marks.defaulted.iter().zip(marks.defaulted_names.iter());
            let defaulted = names.filter_map(|(&i, k)| {
                let (_, p) = s.properties.get_index(i as usize)?;
                Some((k, p, p.rare().default.as_deref()?))
            });
            n += fill_absent(m, defaulted, Node::clone);
            if s.additional_properties.is_some() {
                // Every entry may be an `additionalProperties` one: look each up.
                let ap = s.additional_properties_schema();
                for e in m.entries.iter_mut() {
                    if let Some(p) = s.property(&e.key) {
                        n += default_rec(&mut e.value, Some(p), Some(skip), depth + 1);
                    } else {
                        n += default_extra(e, ap, Node::clone);
                        n += default_rec(&mut e.value, ap, Some(skip), depth + 1);
                    }
                }
            } else if !marks.defaults_below.is_empty() {
                for e in m.entries.iter_mut() {
                    let Some(j) = marks.below_names.iter().position(|k| *k == e.key) else {
                        continue;
                    };
                    let Some((_, p)) = s.properties.get_index(marks.defaults_below[j] as usize)
                    else {
                        continue;
                    };
                    n += default_marked_child(&mut e.value, p, skip, depth + 1);
                }
            }
        }
        Value::Seq(items) => n += default_items(items, s, Some(skip), Node::clone, depth),
        _ => {}
    }
    n
}

/// [`default_rec`] of a property listed in its parent's `defaults_below`.
fn default_marked_child(x: &mut Node, s: &Schema, skip: &Subtrees, depth: usize) -> usize {
    if depth > MAX_DEPTH {
        return 0;
    }
    match skip.get(s) {
        Some(marks) => default_marked(x, s, skip, marks, depth),
        None => 0,
    }
}

/// Fills the absent (or non-nullable null) properties among `defaulted` (name, schema,
/// default), in that order. Absent ones are appended together: one reallocation of the
/// entries per object rather than two per default.
fn fill_absent<'s, K: FieldName>(
    m: &mut Map,
    defaulted: impl Iterator<Item = (K, &'s Schema, &'s Node)>,
    copy: fn(&Node) -> Node,
) -> usize {
    let mut n = 0;
    let mut absent: Vec<Entry> = Vec::new();
    for (k, prop, d) in defaulted {
        match m.entries.iter_mut().find(|e| k.is(&e.key)) {
            None => {
                absent.push(Entry {
                    key: k.key(),
                    key_span: Span::default(),
                    value: copy(d),
                });
                n += 1;
            }
            Some(Entry { value: v, .. }) if is_non_nullable_null(v, Some(prop)) => {
                let span = v.span();
                *v = copy(d);
                // Keep pointing at the `null` the user wrote.
                v.set_span(span);
                n += 1;
            }
            Some(_) => {}
        }
    }
    if !absent.is_empty() {
        m.edit(|entries| {
            entries.reserve_exact(absent.len());
            entries.append(&mut absent);
        });
    }
    n
}

/// A property's name as [`fill_absent`] gets it: from the schema (`&str`) or from its
/// [`Marks`] (`&Str`, compared with a short key as two words).
trait FieldName {
    /// Whether the object's `key` is this name (the first such entry is the property's, as
    /// [`Map::get_mut`] finds it).
    fn is(&self, key: &Str) -> bool;
    /// The key of an entry inserted for this property.
    fn key(&self) -> Str;
}

impl FieldName for &str {
    fn is(&self, key: &Str) -> bool {
        *key == **self
    }
    fn key(&self) -> Str {
        Str::from(*self)
    }
}

impl FieldName for &Str {
    #[inline]
    fn is(&self, key: &Str) -> bool {
        **self == *key
    }
    fn key(&self) -> Str {
        (*self).clone()
    }
}

/// An `additionalProperties` entry that is a non-nullable null takes the schema's default.
fn default_extra(e: &mut Entry, ap: Option<&Schema>, copy: fn(&Node) -> Node) -> usize {
    if !is_non_nullable_null(&e.value, ap) {
        return 0;
    }
    let Some(d) = ap.and_then(|a| a.rare().default.as_ref()) else {
        return 0;
    };
    let span = e.value.span();
    e.value = copy(d);
    e.value.set_span(span);
    1
}

/// Array items: a non-nullable null takes the item schema's default, then each is defaulted.
fn default_items(
    items: &mut [Node],
    s: &Schema,
    skip: Option<&Subtrees>,
    copy: fn(&Node) -> Node,
    depth: usize,
) -> usize {
    let mut n = 0;
    let is = s.items.as_deref();
    for it in items.iter_mut() {
        if is_non_nullable_null(it, is) {
            if let Some(d) = is.and_then(|i| i.rare().default.as_ref()) {
                let span = it.span();
                *it = copy(d);
                it.set_span(span);
                n += 1;
            }
        }
        n += default_rec(it, is, skip, depth + 1);
    }
    n
}

/// Prepares a schema's defaults once per CRD (`PruneDefaults`): each default is pruned with the
/// schema it sits on, so a default can never bring back an unknown field, and marked synthetic.
pub(crate) fn prepare_defaults(s: &mut Schema, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(mut d) = s.rare.as_mut().and_then(|r| r.default.take()) {
        let root = s.x_embedded_resource;
        prune(&mut d, Some(s), root);
        strip_spans(&mut d, 0);
        s.rare_mut().default = Some(d);
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

    fn next(seed: &mut u64, n: u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % n
    }

    /// Objects made from `seed`: keys of the schema below (and unknown ones) with nulls,
    /// scalars, nested objects and lists, to compare the fused walk with the two walks.
    fn object(seed: &mut u64, depth: usize) -> serde_json::Value {
        const KEYS: [&str; 12] = [
            "apiVersion",
            "kind",
            "metadata",
            "name",
            "spec",
            "a",
            "b",
            "c",
            "keep",
            "free",
            "list",
            "zz",
        ];
        let mut m = serde_json::Map::new();
        for _ in 0..next(seed, 6) {
            let k = KEYS[next(seed, KEYS.len() as u64) as usize];
            let v = match (next(seed, 5), depth < 4) {
                (0, _) => serde_json::Value::Null,
                (1, _) | (_, false) => json!(next(seed, 3)),
                (2, _) => json!([object(seed, depth + 1), null, object(seed, depth + 1)]),
                _ => object(seed, depth + 1),
            };
            m.insert(k.into(), v);
        }
        serde_json::Value::Object(m)
    }

    #[test]
    fn one_walk_prunes_and_drops_nulls_as_two_do() {
        let node = json!({
            "type": "object",
            "properties": {
                "metadata": {"type": "object", "properties": {"name": {"type": "string"}}},
                "spec": {
                    "properties": {
                        "a": {"nullable": true},
                        "b": {"default": 1},
                        "c": {"type": "integer"},
                        "keep": {"x-kubernetes-preserve-unknown-fields": true,
                                 "properties": {"a": {}, "c": {"type": "object"}},
                                 "items": {"properties": {"c": {}}}},
                        "free": {"additionalProperties": true},
                        "list": {"items": {"x-kubernetes-embedded-resource": true,
                                           "properties": {"spec": {"additionalProperties":
                                               {"properties": {"c": {}, "a": {"nullable": true}}}}}}}
                    }
                },
                "list": {"type": "array", "items": {"properties": {"name": {}, "b": {"default": 2}}}}
            }
        });
        let s = schema(node);
        let mut seed = 7u64;
        let (mut pruned, mut nulls_only) = (0, 0);
        for i in 0..400 {
            // Loaded from text (JSON is YAML) so that the nodes have spans and styles.
            let text = object(&mut seed, 0).to_string();
            let docs = crate::yaml::load(&text);
            let obj = docs[0].root.clone().expect("parsed");
            for root in [true, false] {
                let (mut one, mut two) = (obj.clone(), obj.clone());
                let u1 = prune_with_nulls(&mut one, Some(&s), root);
                let u2 = prune(&mut two, Some(&s), root);
                prune_non_nullable_nulls(&mut two, Some(&s));
                assert_eq!(u1, u2, "case {i}");
                assert_eq!(one.to_json(), two.to_json(), "case {i}: {}", obj.to_json());
                // Copying while pruning gives the same tree, spans and styles included.
                let (three, u3) = pruned_copy(&obj, Some(&s), root);
                assert_eq!(u3, u2, "case {i}");
                assert_eq!(three, two, "case {i}");
                pruned += usize::from(!u1.is_empty());
                nulls_only += usize::from(u1.is_empty() && one != obj);
            }
        }
        // The cases cover both rewrites.
        assert!(pruned > 100 && nulls_only > 10, "{pruned} {nulls_only}");
    }

    /// Under `x-kubernetes-preserve-unknown-fields`, list items are walked as preserving too
    /// (apiextensions-apiserver `pkg/apiserver/schema/pruning/algorithm.go`, `skipPrune`'s
    /// `[]interface{}` case calls `skipPrune(v, s.Items, ...)` on release-1.25 to 1.36; a
    /// short-lived `prune` there was reverted as a regression, kubernetes commit acb8d4ed):
    /// an item keeps the fields its schema does not know, and its known fields are pruned
    /// with their own schemas.
    #[test]
    fn items_of_a_preserving_list_keep_unknown_fields() {
        let s = schema(json!({"properties": {"keep": {
            "type": "array",
            "x-kubernetes-preserve-unknown-fields": true,
            "items": {"type": "object", "properties": {"a": {"properties": {"x": {}}}}}
        }}}));
        let obj = json!({"keep": [{"a": {"x": 1, "y": 2}, "b": 3}, {"c": {"d": 4}}]});
        let kept = json!({"keep": [{"a": {"x": 1}, "b": 3}, {"c": {"d": 4}}]});
        let mut x = Node::from_json(&obj);
        let u = prune(&mut x, Some(&s), false);
        assert_eq!(x.to_json(), kept);
        let paths: Vec<&str> = u.iter().map(|u| u.path.as_str()).collect();
        assert_eq!(paths, ["keep[0].a.y"]);
        let (copy, u2) = pruned_copy(&Node::from_json(&obj), Some(&s), false);
        assert_eq!(copy.to_json(), kept);
        assert_eq!(u2, u);
    }

    #[test]
    fn an_index_is_written_as_format_writes_it() {
        for i in [0, 7, 10, 99, 123, 100_000, usize::MAX] {
            let mut path = "a".to_string();
            push_index(&mut path, i);
            assert_eq!(path, format!("a[{i}]"));
        }
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
