//! Schema-aware conversion of a YAML/JSON value into a CEL [`Value`] (Kubernetes
//! `UnstructuredToVal`): the schema, not the JSON, decides the CEL type.
//!
//! * `type: integer` → `int` (never `uint`), `type: number` → `double` even for JSON `10`;
//! * `format: byte` → bytes, `duration` → duration, `date`/`date-time` → timestamp;
//! * `x-kubernetes-int-or-string` → int or string;
//! * objects expose their properties under escaped names (`foo-bar` → `foo__dash__bar`);
//!   properties with unescapable names are invisible;
//! * at resource roots (and embedded resources) `metadata` shows only `name` and
//!   `generateName`;
//! * lists carry their list type so `==` and `+` follow set/map semantics.

use std::borrow::Cow;
use std::sync::Arc;

use chrono::NaiveDate;

pub use super::lib::parse_date_time;
use super::value::{Entries, Key, ListKind, ListValue, MapValue, Value};
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Node, Value as Y};

/// Nesting beyond this is converted without schema guidance and then cut off; the YAML loader
/// already bounds nesting, this only keeps the recursion provably finite.
const MAX_DEPTH: usize = 1000;

/// Converts `node` typed by `schema`. `resource_root` applies the `apiVersion`/`kind`/
/// `metadata.{name,generateName}` view of resource roots.
pub fn to_value(node: &Node, schema: &Schema, resource_root: bool) -> Value {
    convert(node, Some(schema), resource_root, 0)
}

/// Converts without a schema (JSON typing: ints stay `int`, floats `double`).
pub fn to_value_untyped(node: &Node) -> Value {
    convert(node, None, false, 0)
}

/// What of a value will be read (found in the rules by `rules::needs`), so that only that is
/// converted. Every part kept is converted as [`to_value`] would, and a need that does not fit
/// the data's shape (elements of a map, fields of a list, data that does not fit the schema)
/// converts the value whole, so a projected value reads exactly like the full one along every
/// path the rules take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Nothing below the value itself (a presence test: an object keeps no fields).
    Nothing,
    /// An object's fields by CEL (stored) name, each with what is read of it. The name is
    /// the very key a converted object stores the field under (shared, not copied per object).
    Fields(FieldList),
    /// A list's length and, of each element, this.
    Elements(Box<Needs>),
    /// The whole value.
    All,
}

/// [`Needs::All`] to borrow.
pub static ALL: Needs = Needs::All;

/// The fields of [`Needs::Fields`], and whether any of their names is an escaped one (holds
/// `__`), known once here rather than looked for at every converted object: an object key is
/// stored under a name other than itself only when it is escaped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldList {
    list: Vec<(Arc<str>, Needs)>,
    escaped: bool,
}

/// No fields (what [`Needs::Nothing`] keeps of an object).
static NO_FIELDS: FieldList = FieldList {
    list: Vec::new(),
    escaped: false,
};

impl FieldList {
    pub fn push(&mut self, name: Arc<str>, need: Needs) {
        self.escaped |= name.as_bytes().windows(2).any(|w| w == b"__");
        self.list.push((name, need));
    }
}

impl std::ops::Deref for FieldList {
    type Target = [(Arc<str>, Needs)];
    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

/// Mutable access to the fields' needs (and order); a name is only added by [`FieldList::push`].
impl std::ops::DerefMut for FieldList {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.list
    }
}

impl FromIterator<(Arc<str>, Needs)> for FieldList {
    fn from_iter<I: IntoIterator<Item = (Arc<str>, Needs)>>(iter: I) -> Self {
        let mut f = FieldList::default();
        for (name, need) in iter {
            f.push(name, need);
        }
        f
    }
}

impl IntoIterator for FieldList {
    type Item = (Arc<str>, Needs);
    type IntoIter = std::vec::IntoIter<(Arc<str>, Needs)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl Needs {
    /// Whether a value converted for `self` can serve a reader that needs `other`: every
    /// path `other` reads is converted in it.
    pub fn covers(&self, other: &Needs) -> bool {
        match (self, other) {
            (Needs::All, _) | (_, Needs::Nothing) => true,
            (Needs::Fields(a), Needs::Fields(b)) => b
                .iter()
                .all(|(name, nb)| a.iter().any(|(x, na)| x == name && na.covers(nb))),
            (Needs::Elements(a), Needs::Elements(b)) => a.covers(b),
            _ => false,
        }
    }

    /// What is converted of the field `name` (a CEL name) of a value converted for `self`.
    pub fn field(&self, name: &str) -> Option<&Needs> {
        match self {
            Needs::All => Some(&ALL),
            Needs::Fields(f) => f.iter().find(|(x, _)| **x == *name).map(|(_, n)| n),
            _ => None,
        }
    }

    /// What is converted of each element of a list converted for `self`.
    pub fn element(&self) -> Option<&Needs> {
        match self {
            Needs::All => Some(&ALL),
            Needs::Elements(n) => Some(n),
            _ => None,
        }
    }

    /// Both needs at once.
    pub fn merge(self, other: Needs) -> Needs {
        match (self, other) {
            (Needs::Nothing, x) | (x, Needs::Nothing) => x,
            (Needs::Fields(mut a), Needs::Fields(b)) => {
                for (name, n) in b {
                    match a.iter_mut().find(|(x, _)| *x == name) {
                        Some((_, m)) => *m = std::mem::replace(m, Needs::Nothing).merge(n),
                        None => a.push(name, n),
                    }
                }
                Needs::Fields(a)
            }
            (Needs::Elements(a), Needs::Elements(b)) => Needs::Elements(Box::new(a.merge(*b))),
            _ => Needs::All,
        }
    }
}

/// [`to_value`] of only what `needs` says will be read (see [`Needs`]).
pub fn to_value_needed(node: &Node, schema: &Schema, resource_root: bool, needs: &Needs) -> Value {
    needed(node, schema, resource_root, needs, 0)
}

/// [`to_value_untyped`] of only what `needs` says will be read (admission policies' inputs,
/// which have no schema): of a map the keys read, in their order; of a list every element;
/// the rest, and a need that does not fit the data's shape, converted whole.
pub fn to_value_untyped_needed(node: &Node, needs: &Needs) -> Value {
    untyped_needed(node, needs, 0)
}

/// Below this depth a value is converted whole (the needs of an expression are shallow; the
/// whole conversion cuts nesting itself, exactly as converting the root whole would).
const MAX_NEEDED_DEPTH: usize = 100;

fn untyped_needed(node: &Node, needs: &Needs, depth: usize) -> Value {
    if depth > MAX_NEEDED_DEPTH {
        return untyped(node, depth);
    }
    match (&node.value, needs) {
        // Only its presence is read (or nothing): the placeholder is never looked at.
        (Y::String(_) | Y::Seq(_) | Y::Map(_), Needs::Nothing) => Value::Null,
        (Y::Map(m), Needs::Fields(fields)) => Value::map(
            m.iter()
                .filter_map(|(k, v)| {
                    let (_, need) = fields.iter().find(|(name, _)| **name == *k)?;
                    Some((Key::String(k.into()), untyped_needed(v, need, depth + 1)))
                })
                .collect(),
        ),
        (Y::Seq(items), Needs::Elements(each)) => Value::list(
            items
                .iter()
                .map(|n| untyped_needed(n, each, depth + 1))
                .collect(),
        ),
        _ => untyped(node, depth),
    }
}

fn needed(node: &Node, s: &Schema, resource_root: bool, needs: &Needs, depth: usize) -> Value {
    // The shapes [`convert`] turns into an error value or reads through an
    // additionalProperties schema are converted whole.
    let ty = s.type_();
    let plain = !s.x_int_or_string && depth <= MAX_DEPTH;
    if *needs == Needs::Nothing && nothing_to_read(node, s) {
        // Only the entry's presence is read (`has(self.x)`, the length of a list whose
        // elements are not read): no rule reads this value, so it is not built. The
        // placeholder is never seen: reading anything of it would be a need beyond
        // `Nothing`, and a child that reads more converts its value itself (`covers`).
        return Value::Null;
    }
    match (&node.value, needs) {
        (Y::Map(m), Needs::Nothing | Needs::Fields(_))
            if plain
                && ty != Some("array")
                && !matches!(
                    s.additional_properties,
                    Some(AdditionalProperties::Schema(_))
                ) =>
        {
            let only = match needs {
                Needs::Fields(f) => f,
                _ => &NO_FIELDS,
            };
            object(m, s, resource_root, depth, Some(only))
        }
        (Y::Seq(items), Needs::Elements(each)) if plain && ty != Some("object") => {
            list(items, s, |n, is, embedded| match is {
                Some(is) => needed(n, is, embedded, each, depth + 1),
                None => untyped(n, depth + 1),
            })
        }
        _ => convert(node, Some(s), resource_root, depth),
    }
}

fn convert(node: &Node, schema: Option<&Schema>, resource_root: bool, depth: usize) -> Value {
    if depth > MAX_DEPTH {
        return Value::Null;
    }
    let Some(s) = schema else {
        return untyped(node, depth);
    };
    // Data that does not fit the schema becomes an error value, surfaced when a rule touches
    // it (Kubernetes `UnstructuredToVal`); schema validation normally rejects such objects
    // before CEL runs.
    let ty = s.type_();
    let bad = |m: &str| Value::Invalid(Arc::from(m));
    if s.x_int_or_string && !matches!(node.value, Y::Int(_) | Y::String(_) | Y::Null) {
        return bad("invalid data, expected XIntOrString value to be either a string or integer");
    }
    match (&node.value, ty) {
        (Y::Seq(_), Some("object")) => {
            return bad("invalid data, expected a map for the provided schema with type=object")
        }
        (Y::Map(_), Some("array")) => {
            return bad("invalid data, expected an array for the provided schema with type=array")
        }
        _ => {}
    }
    match &node.value {
        Y::Null if !s.nullable => bad("invalid data, got null for schema with nullable=false"),
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(*b),
        Y::Int(i) => {
            if s.x_int_or_string {
                Value::Int(*i)
            } else {
                match s.type_() {
                    Some("number") => Value::Double(*i as f64),
                    _ => Value::Int(*i),
                }
            }
        }
        Y::Float(f) => Value::Double(*f),
        Y::String(st) => {
            if s.x_int_or_string || s.type_() != Some("string") {
                return Value::string(st);
            }
            match s.rare().format.as_deref() {
                Some("byte") => {
                    use base64::Engine;
                    match base64::engine::general_purpose::STANDARD.decode(st.as_bytes()) {
                        Ok(b) => Value::Bytes(Arc::from(b)),
                        Err(_) => Value::string(st),
                    }
                }
                Some("duration") => match parse_strfmt_duration(st) {
                    Some(d) => Value::Duration(d),
                    None => Value::string(st),
                },
                Some("date") => match NaiveDate::parse_from_str(st, "%Y-%m-%d") {
                    Ok(d) => match d.and_hms_opt(0, 0, 0) {
                        Some(t) => Value::Timestamp(t.and_utc().fixed_offset()),
                        None => Value::string(st),
                    },
                    Err(_) => Value::string(st),
                },
                Some("date-time") => match parse_date_time(st) {
                    Some(t) => Value::Timestamp(t),
                    None => Value::string(st),
                },
                _ => Value::string(st),
            }
        }
        Y::Seq(items) => list(items, s, |n, is, embedded| match is {
            Some(is) => convert(n, Some(is), embedded, depth + 1),
            None => untyped(n, depth + 1),
        }),
        Y::Map(m) => {
            if let Some(AdditionalProperties::Schema(ap)) = &s.additional_properties {
                let mut entries = Entries::with_capacity_and_hasher(m.len(), Default::default());
                for (k, v) in m.iter() {
                    entries.insert(
                        Key::String(Arc::from(k)),
                        convert(v, Some(ap), ap.x_embedded_resource, depth + 1),
                    );
                }
                return Value::map(entries);
            }
            object(m, s, resource_root, depth, None)
        }
    }
}

/// A list typed by `s`, each item converted by `item` (given the item schema and whether
/// items are embedded resources); it keeps its list type.
fn list(items: &[Node], s: &Schema, item: impl Fn(&Node, Option<&Schema>, bool) -> Value) -> Value {
    let item_schema = s.items.as_deref();
    let kind = match s.rare().x_list_type.as_deref() {
        Some("set") => ListKind::Set,
        Some("map") => ListKind::Map(Arc::from(s.rare().x_list_map_keys.clone())),
        _ => ListKind::Atomic,
    };
    let embedded = item_schema.is_some_and(|i| i.x_embedded_resource);
    let items = items
        .iter()
        .map(|n| item(n, item_schema, embedded))
        .collect();
    Value::List(Arc::new(ListValue::new(items, kind, true)))
}

/// Whether a value read only for its presence ([`Needs::Nothing`]) may be left unbuilt: a
/// string, list or map that converts to a value (not to [`Value::Invalid`], which a presence
/// test reports as an error). The other values are cheap to build and go through [`convert`].
fn nothing_to_read(node: &Node, s: &Schema) -> bool {
    let ty = s.type_();
    match &node.value {
        Y::String(_) => true,
        Y::Seq(_) => !s.x_int_or_string && ty != Some("object"),
        Y::Map(_) => !s.x_int_or_string && ty != Some("array"),
        _ => false,
    }
}

/// An object typed by its properties (no additionalProperties schema): its fields under
/// their CEL names; when `only` is given, just those fields, each converted as far as its
/// [`Needs`] say.
fn object(
    m: &crate::yaml::Map,
    s: &Schema,
    resource_root: bool,
    depth: usize,
    only: Option<&FieldList>,
) -> Value {
    // `Some(need)` for a field to convert (`None` inside: all of it).
    let keep = |name: &str| -> Option<Option<&Needs>> {
        match only {
            None => Some(None),
            Some(f) => f.iter().find(|(x, _)| **x == *name).map(|(_, n)| Some(n)),
        }
    };
    let room = only.map_or(s.properties.len(), |f| f.len()).min(m.len());
    let mut entries = Entries::with_capacity_and_hasher(room, Default::default());
    let root_view = resource_root && !declares_type_meta(s);
    for (k, v) in m.iter() {
        if root_view {
            match k {
                "apiVersion" | "kind" => {
                    if let Some(st) = v.as_str().filter(|_| keep(k).is_some()) {
                        entries.insert(Key::String(Arc::from(k)), Value::string(st));
                    }
                    continue;
                }
                "metadata" => {
                    if keep(k).is_some() {
                        entries.insert(Key::String(Arc::from(k)), root_metadata(v));
                    }
                    continue;
                }
                _ => {}
            }
        }
        // Null fields are absent for CEL (`has()` is false, selecting them is `no such
        // key`), as in Kubernetes' unstructured object values.
        if v.is_null() {
            continue;
        }
        let (name, need) = match only {
            None => (Arc::from(field_name(k)), None),
            Some(f) => match wanted(f, k) {
                Some((name, n)) => (name.clone(), Some(n)),
                None => continue,
            },
        };
        // Fields CEL cannot name (unescapable, untyped, unknown under
        // preserve-unknown-fields) still take part in equality, so they are kept, under their
        // raw names, converted without schema.
        let value = match s.property(k) {
            Some(ps) if visible(ps) => match need {
                Some(n) => needed(v, ps, ps.x_embedded_resource, n, depth + 1),
                None => convert(v, Some(ps), ps.x_embedded_resource, depth + 1),
            },
            Some(_) => untyped(v, depth + 1),
            None if s.preserves_unknown_fields() => untyped(v, depth + 1),
            None => continue,
        };
        entries.insert(Key::String(name), value);
    }
    Value::Map(Arc::new(MapValue {
        entries,
        object: Some(object_type()),
    }))
}

/// The entry of `f` for the object key `k`: the one named [`field_name`]`(k)`. Most keys are
/// stored under their own names: those are found by the key itself, and a key no name
/// matches is passed over without escaping it unless some wanted name is an escaped one
/// (every escaped name that differs from its key holds `__`).
fn wanted<'f>(f: &'f FieldList, k: &str) -> Option<&'f (Arc<str>, Needs)> {
    if let Some(e) = f.iter().find(|(x, _)| **x == *k) {
        // A reserved word (`namespace`) is stored escaped: then look again below.
        if matches!(field_name(k), Cow::Borrowed(_)) {
            return Some(e);
        }
    }
    if !f.escaped {
        return None;
    }
    let name = field_name(k);
    f.iter().find(|(x, _)| **x == *name)
}

/// A schema node whose values CEL can see (has a type, or is int-or-string).
fn visible(s: &Schema) -> bool {
    s.x_int_or_string || s.type_().is_some_and(|t| !t.is_empty())
}

fn declares_type_meta(s: &Schema) -> bool {
    let is_str = |n: &str| {
        s.properties
            .get(n)
            .is_some_and(|p| p.type_() == Some("string"))
    };
    let meta_ok = s.properties.get("metadata").is_some_and(|m| {
        m.type_() == Some("object")
            && ["name", "generateName"].iter().all(|n| {
                m.properties
                    .get(n)
                    .is_some_and(|p| p.type_() == Some("string"))
            })
    });
    is_str("kind") && is_str("apiVersion") && meta_ok
}

fn root_metadata(v: &Node) -> Value {
    let mut entries = Entries::default();
    if let Some(m) = v.as_map() {
        for k in ["name", "generateName"] {
            if let Some(st) = m.get(k).and_then(Node::as_str) {
                entries.insert(Key::String(Arc::from(k)), Value::string(st));
            }
        }
    }
    Value::Map(Arc::new(MapValue {
        entries,
        object: Some(object_type()),
    }))
}

/// The type name of every converted object, shared (one allocation per run, not per object).
fn object_type() -> Arc<str> {
    static OBJECT: std::sync::LazyLock<Arc<str>> = std::sync::LazyLock::new(|| Arc::from("object"));
    OBJECT.clone()
}

/// The key a property is stored under: its CEL (escaped) name, or its raw name when CEL
/// cannot name it (it still takes part in equality).
#[cfg(test)]
fn field_key(k: &str) -> Arc<str> {
    Arc::from(field_name(k))
}

/// The name a property is stored under in a converted object ([`field_key`]), borrowed when
/// it escapes to itself: most names do, and those skip building the escaped copy.
pub fn field_name(k: &str) -> Cow<'_, str> {
    let b = k.as_bytes();
    let unchanged = b.first().is_some_and(|c| !c.is_ascii_digit())
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
        && !b.windows(2).any(|w| w == b"__")
        && !crate::cel::escaping::is_reserved(k);
    if unchanged {
        return Cow::Borrowed(k);
    }
    match escape(k) {
        Some(name) => Cow::Owned(name),
        None => Cow::Borrowed(k),
    }
}

fn untyped(node: &Node, depth: usize) -> Value {
    if depth > MAX_DEPTH {
        return Value::Null;
    }
    match &node.value {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(*b),
        Y::Int(i) => Value::Int(*i),
        Y::Float(f) => Value::Double(*f),
        Y::String(s) => Value::string(s),
        Y::Seq(items) => Value::list(items.iter().map(|n| untyped(n, depth + 1)).collect()),
        Y::Map(m) => Value::map(
            m.iter()
                .map(|(k, v)| (Key::String(Arc::from(k)), untyped(v, depth + 1)))
                .collect(),
        ),
    }
}

/// apiserver `cel.Escape`, shared with the checker so both see the same field names.
pub use crate::cel::escaping::escape;

/// Go `time.ParseDuration` ([`gotime::parse_go_duration`], the one parser).
pub fn parse_go_duration(s: &str) -> Option<i64> {
    gotime::parse_go_duration(s).ok()
}

/// kube-openapi strfmt `ParseDuration` (`format: duration`), as the server converts such a
/// value for CEL ([`gotime::parse_strfmt_duration`]).
pub fn parse_strfmt_duration(s: &str) -> Option<i64> {
    gotime::parse_strfmt_duration(s).ok()
}

use crate::schema::formats::gotime;

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(j: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&j))
    }

    #[test]
    fn schema_decides_the_type() {
        let s = schema(serde_json::json!({"type": "object", "properties": {
            "i": {"type": "integer"}, "n": {"type": "number"},
            "d": {"type": "string", "format": "duration"},
            "t": {"type": "string", "format": "date-time"},
            "b": {"type": "string", "format": "byte"},
            "foo-bar": {"type": "string"}, "1x": {"type": "string"},
            "x": {"x-kubernetes-preserve-unknown-fields": true}
        }}));
        let v = to_value(
            &Node::from_json(
                &serde_json::json!({"i": 1, "n": 2, "d": "1h", "t": "2020-01-01T00:00:00Z",
                "b": "aGk=", "foo-bar": "s", "1x": "hidden", "x": {"y": 1}}),
            ),
            &s,
            false,
        );
        let Value::Map(m) = v else { panic!() };
        assert!(matches!(m.get_str("i"), Some(Value::Int(1))));
        assert!(matches!(m.get_str("n"), Some(Value::Double(f)) if *f == 2.0));
        assert!(matches!(
            m.get_str("d"),
            Some(Value::Duration(3_600_000_000_000))
        ));
        assert!(matches!(m.get_str("t"), Some(Value::Timestamp(_))));
        assert!(matches!(m.get_str("b"), Some(Value::Bytes(b)) if &b[..] == b"hi"));
        assert!(m.get_str("foo__dash__bar").is_some());
        // `1x` cannot be named in CEL and `x` has no type: both are kept (under raw names)
        // only so that object equality sees them.
        assert_eq!(m.entries.len(), 8);
        assert!(m.get_str("1x").is_some());
    }

    #[test]
    fn partial_objects_keep_each_wanted_field_under_its_stored_name() {
        let keys = [
            "a",
            "namespace",
            "in",
            "foo-bar",
            "x__y",
            "1x",
            "b",
            "fooBar",
        ];
        let mut props = serde_json::Map::new();
        let mut obj = serde_json::Map::new();
        for (i, k) in keys.iter().enumerate() {
            props.insert(k.to_string(), serde_json::json!({"type": "integer"}));
            obj.insert(k.to_string(), serde_json::json!(i));
        }
        let s = schema(serde_json::json!({"type": "object", "properties": props}));
        let node = Node::from_json(&serde_json::Value::Object(obj));
        let Value::Map(full) = to_value(&node, &s, false) else {
            panic!()
        };
        // Raw names, reserved words and their escapes, escaped names, names no key has.
        let wanted_sets: [&[&str]; 5] = [
            &["a", "fooBar"],
            &["namespace", "__namespace__", "in"],
            &["foo__dash__bar", "x__underscores__y", "x__y"],
            &["1x", "b", "foo-bar", "zz"],
            &[],
        ];
        for wanted in wanted_sets {
            let needs = Needs::Fields(wanted.iter().map(|w| (Arc::from(*w), Needs::All)).collect());
            let Value::Map(part) = to_value_needed(&node, &s, false, &needs) else {
                panic!()
            };
            let expect: Vec<_> = full
                .entries
                .iter()
                .filter(|(k, _)| matches!(k, Key::String(n) if wanted.contains(&&**n)))
                .map(|(k, v)| format!("{k:?}={v:?}"))
                .collect();
            let got: Vec<_> = part
                .entries
                .iter()
                .map(|(k, v)| format!("{k:?}={v:?}"))
                .collect();
            assert_eq!(got, expect, "{wanted:?}");
        }
    }

    #[test]
    fn resource_roots_show_only_name_and_generate_name() {
        let s = schema(serde_json::json!({"type": "object"}));
        let v = to_value(
            &Node::from_json(&serde_json::json!({"apiVersion": "v1", "kind": "K",
                "metadata": {"name": "n", "labels": {"a": "b"}}})),
            &s,
            true,
        );
        let Value::Map(m) = v else { panic!() };
        let Some(Value::Map(meta)) = m.get_str("metadata") else {
            panic!()
        };
        assert_eq!(meta.entries.len(), 1);
        assert!(m.get_str("kind").is_some());
    }

    #[test]
    fn field_keys_are_the_escaped_names() {
        for k in [
            "a",
            "fooBar",
            "foo_bar",
            "x__y",
            "_x",
            "__x__",
            "foo-bar",
            "a.b/c",
            "namespace",
            "1x",
            "",
            "é",
            "a b",
            "in",
            "_",
        ] {
            assert_eq!(
                &*field_key(k),
                escape(k).unwrap_or_else(|| k.to_string()),
                "{k:?}"
            );
        }
    }

    #[test]
    fn escaping_matches_apiserver() {
        assert_eq!(escape("foo-bar").as_deref(), Some("foo__dash__bar"));
        assert_eq!(escape("a.b/c").as_deref(), Some("a__dot__b__slash__c"));
        assert_eq!(escape("x__y").as_deref(), Some("x__underscores__y"));
        assert_eq!(escape("namespace").as_deref(), Some("__namespace__"));
        assert_eq!(escape("1abc"), None);
        assert_eq!(escape("a b"), None);
        assert_eq!(escape(""), None);
    }

    #[test]
    fn durations_parse_like_go() {
        assert_eq!(parse_go_duration("1h30m"), Some(5_400_000_000_000));
        assert_eq!(parse_go_duration("1.5s"), Some(1_500_000_000));
        assert_eq!(parse_go_duration("-1ms"), Some(-1_000_000));
        assert_eq!(parse_go_duration("1"), None);
        assert_eq!(parse_go_duration("1d"), None);
        assert_eq!(parse_strfmt_duration("1d"), Some(86_400_000_000_000));
        // kube-openapi's strfmt, as the server converts a `format: duration` value: unit words
        // (the old second parser here took Go's units plus d and w only).
        assert_eq!(parse_strfmt_duration("2hours"), Some(7_200_000_000_000));
        assert_eq!(parse_strfmt_duration("1 week"), Some(604_800_000_000_000));
    }
}
