//! The value tree shared by every layer: a JSON value with source spans.

use std::fmt;

use super::Str;

/// A byte range in the source text of one file. `start == end` is an empty span (a synthetic node
/// or a position).
///
/// Offsets are stored as `u32` (every tree holds one per node, so this halves the span's share of
/// the tree) and are at most [`MAX_SPAN_OFFSET`] (512 MiB), so that a [`Node`] can keep its
/// [`Style`] in the bits above: [`crate::yaml::load`] refuses a longer text, and the command line
/// caps a file far below that (32 MiB), so an offset read from a file always fits. [`Span::new`]
/// saturates instead of wrapping for an offset computed past that (it never is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    start: u32,
    end: u32,
}

/// Bits of a stored offset; the [`Style`] of a [`Node`] takes the ones above.
const OFFSET_BITS: u32 = 29;

/// The largest text whose byte offsets a [`Span`] holds (512 MiB less one byte).
pub const MAX_SPAN_OFFSET: usize = (1 << OFFSET_BITS) - 1;

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Span {
            start: offset(start),
            end: offset(end),
        }
    }
    /// An empty span at `pos`.
    pub const fn at(pos: usize) -> Self {
        Span::new(pos, pos)
    }
    /// The byte offset where the span starts.
    pub const fn start(&self) -> usize {
        self.start as usize
    }
    /// The byte offset just past the span.
    pub const fn end(&self) -> usize {
        self.end as usize
    }
    /// The span as a byte range, for slicing the source text.
    pub const fn range(&self) -> std::ops::Range<usize> {
        self.start()..self.end()
    }
    /// The span's length in bytes (0 when `end` is before `start`).
    pub const fn len(&self) -> usize {
        self.end().saturating_sub(self.start())
    }
    /// True for nodes that were not read from a file (defaults, values built in code).
    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }
    /// Smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
    /// The same span with another start.
    pub const fn with_start(self, start: usize) -> Span {
        Span {
            start: offset(start),
            end: self.end,
        }
    }
    /// The same span with another end.
    pub const fn with_end(self, end: usize) -> Span {
        Span {
            start: self.start,
            end: offset(end),
        }
    }
}

/// `pos` as a stored offset, saturating at [`MAX_SPAN_OFFSET`].
const fn offset(pos: usize) -> u32 {
    if pos > MAX_SPAN_OFFSET {
        MAX_SPAN_OFFSET as u32
    } else {
        pos as u32
    }
}

/// A node's span start with its style in the bits above (a span's offsets never reach them).
const fn pack(span: Span, style: Style) -> u32 {
    (span.start & MAX_SPAN_OFFSET as u32) | (style as u32) << OFFSET_BITS
}

/// How a node was written. Scalars keep their style so that CEL offsets inside a quoted or block
/// scalar can be mapped back to the file, and the emitter can keep what it does not change.
///
/// Eight styles, three bits: a [`Node`] keeps its style above the offset bits of its span.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Style {
    #[default]
    Plain = 0,
    SingleQuoted = 1,
    DoubleQuoted = 2,
    Literal = 3,
    Folded = 4,
    /// A `{...}` or `[...]` collection.
    Flow = 5,
    /// A block collection (indentation).
    Block = 6,
    /// Not read from source.
    Synthetic = 7,
}

impl Style {
    /// The style stored in the top bits of a node's packed start offset.
    const fn from_bits(bits: u32) -> Style {
        match bits & 7 {
            0 => Style::Plain,
            1 => Style::SingleQuoted,
            2 => Style::DoubleQuoted,
            3 => Style::Literal,
            4 => Style::Folded,
            5 => Style::Flow,
            6 => Style::Block,
            _ => Style::Synthetic,
        }
    }
}

/// A JSON value as Kubernetes' unstructured decoding sees it: numbers are `Int` when they are
/// whole and fit in i64 (so `3.0` and `1e3` are ints), otherwise `Float`.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    String(Str),
    /// Items in order; boxed (16 bytes, sized exactly) rather than a `Vec` (24): the tree is
    /// built once and rarely edited.
    Seq(Box<[Node]>),
    Map(Map),
}

/// One value with its source location ([`Node::span`]) and how it was written
/// ([`Node::style`]).
///
/// 32 bytes, one per value of every tree, so the tree's size is what bounds memory against input
/// size (RELIABILITY.md): the span's offsets take 29 bits each ([`MAX_SPAN_OFFSET`]) and the
/// style the top three bits of the start, where a `Style` field would pad the node to 40. Read
/// and change them through the accessors; equality compares value, span and style.
#[derive(Clone, PartialEq)]
pub struct Node {
    pub value: Value,
    /// The span's start (low [`OFFSET_BITS`]) and the style (the bits above).
    start_style: u32,
    end: u32,
}

/// A mapping with its key order and key spans. Keys are strings: go-yaml's non-string keys
/// are stringified on the way to JSON.
///
/// The entries are a boxed slice, sized exactly (16 bytes, so a `Value` is 24): reading and
/// editing in place go through the slice; adding and removing go through [`Map::edit`] (or
/// the methods built on it), which costs a reallocation per call, not per entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Map {
    pub entries: Box<[Entry]>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: Str,
    pub key_span: Span,
    pub value: Node,
}

impl Map {
    pub fn new() -> Self {
        Map::default()
    }
    /// Adds, removes or reorders entries on a `Vec`, then stores them sized exactly again.
    pub fn edit<R>(&mut self, f: impl FnOnce(&mut Vec<Entry>) -> R) -> R {
        let mut entries = std::mem::take(&mut self.entries).into_vec();
        let out = f(&mut entries);
        self.entries = entries.into_boxed_slice();
        out
    }
    /// Appends an entry (no check for an existing key: see [`Map::insert`]).
    pub fn push(&mut self, entry: Entry) {
        self.edit(|entries| entries.push(entry));
    }
    /// Keeps the entries for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Entry) -> bool) {
        self.edit(|entries| entries.retain(keep));
    }
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|e| &e.value)
    }
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        self.entries
            .iter_mut()
            .find(|e| e.key == key)
            .map(|e| &mut e.value)
    }
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }
    pub fn contains_key(&self, key: &str) -> bool {
        self.entry(key).is_some()
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Node)> {
        self.entries.iter().map(|e| (e.key.as_str(), &e.value))
    }
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.key.as_str())
    }
    /// Sets `key`, replacing an existing value in place (keeping its position and key span) or
    /// appending a new entry with an empty key span.
    pub fn insert(&mut self, key: impl Into<Str>, value: Node) {
        let key = key.into();
        if let Some(v) = self.get_mut(&key) {
            *v = value;
        } else {
            self.push(Entry {
                key,
                key_span: Span::default(),
                value,
            });
        }
    }
    pub fn remove(&mut self, key: &str) -> Option<Node> {
        let i = self.entries.iter().position(|e| e.key == key)?;
        Some(self.edit(|entries| entries.remove(i).value))
    }
}

impl From<Vec<Entry>> for Map {
    fn from(entries: Vec<Entry>) -> Self {
        Map {
            entries: entries.into_boxed_slice(),
        }
    }
}

impl FromIterator<Entry> for Map {
    fn from_iter<I: IntoIterator<Item = Entry>>(iter: I) -> Self {
        Map {
            entries: iter.into_iter().collect(),
        }
    }
}

/// The JSON type names Kubernetes uses in messages (`must be of type string`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Null,
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Boolean => "boolean",
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::String => "string",
            Kind::Array => "array",
            Kind::Object => "object",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Node")
            .field("value", &self.value)
            .field("span", &self.span())
            .field("style", &self.style())
            .finish()
    }
}

impl Node {
    pub const fn new(value: Value, span: Span, style: Style) -> Self {
        Node {
            value,
            start_style: pack(span, style),
            end: span.end,
        }
    }
    /// A node that was not read from a file.
    pub const fn synthetic(value: Value) -> Self {
        Node::new(value, Span::at(0), Style::Synthetic)
    }
    /// The value's text in the file. For block collections this runs from the first child to the
    /// end of the last one.
    pub const fn span(&self) -> Span {
        Span {
            start: self.start_style & MAX_SPAN_OFFSET as u32,
            end: self.end,
        }
    }
    pub const fn style(&self) -> Style {
        Style::from_bits(self.start_style >> OFFSET_BITS)
    }
    pub fn set_span(&mut self, span: Span) {
        self.start_style = pack(span, self.style());
        self.end = span.end;
    }
    pub fn set_style(&mut self, style: Style) {
        self.start_style = pack(self.span(), style);
    }
    pub fn kind(&self) -> Kind {
        match &self.value {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Boolean,
            Value::Int(_) => Kind::Integer,
            Value::Float(_) => Kind::Number,
            Value::String(_) => Kind::String,
            Value::Seq(_) => Kind::Array,
            Value::Map(_) => Kind::Object,
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self.value, Value::Null)
    }
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self.value {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }
    pub fn as_i64(&self) -> Option<i64> {
        match self.value {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }
    /// Any number as f64.
    pub fn as_f64(&self) -> Option<f64> {
        match self.value {
            Value::Int(i) => Some(i as f64),
            Value::Float(f) => Some(f),
            _ => None,
        }
    }
    pub fn as_map(&self) -> Option<&Map> {
        match &self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_map_mut(&mut self) -> Option<&mut Map> {
        match &mut self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }
    /// The items, to edit in place (to add or remove items, replace the `Value::Seq`).
    pub fn as_seq_mut(&mut self) -> Option<&mut [Node]> {
        match &mut self.value {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }
    /// `node.get("spec")`: the value of a key when this is a map.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?.get(key)
    }
    /// Walks a chain of keys: `node.at(&["spec", "names", "kind"])`.
    pub fn at(&self, keys: &[&str]) -> Option<&Node> {
        keys.iter().try_fold(self, |n, k| n.get(k))
    }
    /// The string value of a key, when it is a string.
    pub fn get_str(&self, key: &str) -> Option<&str> {
        self.get(key)?.as_str()
    }

    /// Converts to a serde_json value (spans dropped).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.value {
            Value::Null => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Int(i) => J::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f)
                .map(J::Number)
                .unwrap_or(J::Null),
            Value::String(s) => J::String(s.to_string()),
            Value::Seq(items) => J::Array(items.iter().map(Node::to_json).collect()),
            Value::Map(m) => J::Object(
                m.entries
                    .iter()
                    .map(|e| (e.key.to_string(), e.value.to_json()))
                    .collect(),
            ),
        }
    }

    /// Feeds `h` the value `to_json` gives, without building it: two nodes feed the same
    /// sequence exactly when their `to_json().to_string()` texts are equal (spans and styles
    /// left out, map order kept, a non-finite float is JSON's `null`, `1` is not `1.0`). Every
    /// value starts with a tag and collections with their length, so the sequence is
    /// unambiguous. A map's keys are distinct (the loader keeps one entry per key), so its
    /// entries are its JSON object's members in order.
    pub fn hash_json<H: std::hash::Hasher>(&self, h: &mut H) {
        use std::hash::Hash;
        match &self.value {
            Value::Null => h.write_u8(0),
            Value::Float(f) if !f.is_finite() => h.write_u8(0),
            Value::Bool(b) => {
                h.write_u8(1);
                h.write_u8(u8::from(*b));
            }
            Value::Int(i) => {
                h.write_u8(2);
                h.write_i64(*i);
            }
            // Distinct finite floats print differently (shortest round-trip form, `-0.0` too),
            // and so have distinct bits.
            Value::Float(f) => {
                h.write_u8(3);
                h.write_u64(f.to_bits());
            }
            Value::String(s) => {
                h.write_u8(4);
                s.as_ref().hash(h);
            }
            Value::Seq(items) => {
                h.write_u8(5);
                h.write_usize(items.len());
                for item in items.iter() {
                    item.hash_json(h);
                }
            }
            Value::Map(m) => {
                h.write_u8(6);
                h.write_usize(m.entries.len());
                for e in m.entries.iter() {
                    let key: &str = e.key.as_ref();
                    key.hash(h);
                    e.value.hash_json(h);
                }
            }
        }
    }

    /// Builds a synthetic tree from a serde_json value, normalising numbers as Kubernetes does
    /// (whole floats that fit in i64 become ints).
    pub fn from_json(v: &serde_json::Value) -> Node {
        use serde_json::Value as J;
        let value = match v {
            J::Null => Value::Null,
            J::Bool(b) => Value::Bool(*b),
            J::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Value::Int(i)
                } else {
                    let f = n.as_f64().unwrap_or(0.0);
                    normalize_float(f)
                }
            }
            J::String(s) => Value::String(s.into()),
            J::Array(a) => Value::Seq(a.iter().map(Node::from_json).collect()),
            J::Object(o) => Value::Map(Map {
                entries: o
                    .iter()
                    .map(|(k, v)| Entry {
                        key: k.into(),
                        key_span: Span::default(),
                        value: Node::from_json(v),
                    })
                    .collect(),
            }),
        };
        Node::synthetic(value)
    }

    /// Deep equality of values, ignoring spans and styles (JSON semantics: map order ignored).
    pub fn value_eq(&self, other: &Node) -> bool {
        match (&self.value, &other.value) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => {
                (*a as f64) == *b
            }
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Seq(a), Value::Seq(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.value_eq(y))
            }
            (Value::Map(a), Value::Map(b)) if a.len() != b.len() => false,
            // Copies of one value (a CRD's versions sharing a schema) list their keys in the
            // same order: compare entry by entry, and look a key up only where they differ
            // (a map's keys are distinct, so a key at the same place is the same entry).
            (Value::Map(a), Value::Map(b))
                if a.entries
                    .iter()
                    .zip(b.entries.iter())
                    .all(|(x, y)| x.key == y.key) =>
            {
                a.entries
                    .iter()
                    .zip(b.entries.iter())
                    .all(|(x, y)| x.value.value_eq(&y.value))
            }
            (Value::Map(a), Value::Map(b)) if a.len() <= 16 => a
                .entries
                .iter()
                .all(|e| b.get(&e.key).is_some_and(|v| e.value.value_eq(v))),
            (Value::Map(a), Value::Map(b)) => {
                // Hashed: comparing two mappings of 10^5 keys by scanning is 10^10 steps.
                let mut index = std::collections::HashMap::with_capacity(b.len());
                for e in &b.entries {
                    index.entry(e.key.as_str()).or_insert(&e.value);
                }
                a.entries.iter().all(|e| {
                    index
                        .get(e.key.as_str())
                        .is_some_and(|v| e.value.value_eq(v))
                })
            }
            _ => false,
        }
    }
}

/// Kubernetes decodes JSON numbers into int64 when they are whole and in range.
pub fn normalize_float(f: f64) -> Value {
    // -2^63 ..< 2^63: the whole floats an i64 holds exactly.
    if f.is_finite()
        && f.fract() == 0.0
        && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f)
    {
        Value::Int(f as i64)
    } else {
        Value::Float(f)
    }
}

/// One YAML document of a file.
#[derive(Clone, Debug)]
pub struct Document {
    /// 0-based position of the document in its file.
    pub index: usize,
    /// The document's root; `None` for an empty document or one that failed to parse.
    pub root: Option<Node>,
    /// Where the document is in the file (for a failed document, from its start to the error).
    pub span: Span,
    /// Problems found while reading this document. A document with an error-level problem has no
    /// root.
    pub errors: Vec<YamlError>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YamlErrorKind {
    /// The text is not valid YAML.
    Syntax,
    /// The same key twice in one mapping (the API server's strict decoding rejects it).
    DuplicateKey,
    /// Alias expansion went over its budget.
    AliasBudget,
    /// Nesting deeper than the cap.
    TooDeep,
    /// The document is larger than the API server's request limit (a warning).
    TooLarge,
    /// Something go-yaml would read but that is suspect (a warning): a merge key after the
    /// keys it replaces, two keys that are one once converted to JSON.
    Suspicious,
    /// A tag go-yaml does not know (it reads the value as a string) or ignores (on a
    /// collection): suspect where go-yaml reads the document (a warning), another tool's
    /// syntax elsewhere (CloudFormation's `!Ref`).
    UnknownTag,
}

/// A problem found while reading YAML, with its location.
#[derive(Clone, Debug)]
pub struct YamlError {
    pub kind: YamlErrorKind,
    pub message: String,
    pub span: Span,
    /// Other places that explain the error (the first occurrence of a duplicate key).
    pub related: Vec<(Span, String)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_offsets_round_trip_and_saturate() {
        let s = Span::new(3, 9);
        assert_eq!((s.start(), s.end(), s.range(), s.len()), (3, 9, 3..9, 6));
        assert_eq!(s.with_start(5).range(), 5..9);
        assert_eq!(s.with_end(2).len(), 0);
        assert!(Span::at(7).is_empty());
        assert_eq!(s.cover(Span::new(1, 4)), Span::new(1, 9));
        let far = Span::new(MAX_SPAN_OFFSET + 10, usize::MAX);
        assert_eq!((far.start(), far.end()), (MAX_SPAN_OFFSET, MAX_SPAN_OFFSET));
    }

    #[test]
    fn value_eq_ignores_key_order_and_spans() {
        let small = |order: &[(&str, i64)]| {
            let mut m = Map::new();
            for (k, v) in order {
                m.insert(*k, Node::synthetic(Value::Int(*v)));
            }
            Node::synthetic(Value::Map(m))
        };
        let (a, b) = (small(&[("x", 1), ("y", 2)]), small(&[("y", 2), ("x", 1)]));
        assert!(a.value_eq(&b) && b.value_eq(&a));
        assert!(!a.value_eq(&small(&[("x", 1), ("y", 3)])));
        assert!(!a.value_eq(&small(&[("y", 1), ("x", 2)])));
        assert!(!a.value_eq(&small(&[("x", 1), ("z", 2)])));
        let big: Vec<(String, i64)> = (0..40).map(|i| (format!("k{i}"), i)).collect();
        fn refs(v: &[(String, i64)]) -> Vec<(&str, i64)> {
            v.iter().map(|(k, i)| (k.as_str(), *i)).collect()
        }
        let mut rev = big.clone();
        rev.reverse();
        assert!(small(&refs(&big)).value_eq(&small(&refs(&rev))));
        let mut changed = rev.clone();
        changed[3].1 = -1;
        assert!(!small(&refs(&big)).value_eq(&small(&refs(&changed))));
        let mut spanned = small(&refs(&big));
        spanned.set_span(Span::new(1, 2));
        assert!(spanned.value_eq(&small(&refs(&big))));
    }

    /// The style shares a word with the span's start: every style with the largest and
    /// smallest offsets reads back as stored, and changing one leaves the other alone.
    #[test]
    fn node_span_and_style_are_independent() {
        let styles = [
            Style::Plain,
            Style::SingleQuoted,
            Style::DoubleQuoted,
            Style::Literal,
            Style::Folded,
            Style::Flow,
            Style::Block,
            Style::Synthetic,
        ];
        let spans = [
            Span::default(),
            Span::new(3, 9),
            Span::new(MAX_SPAN_OFFSET, MAX_SPAN_OFFSET),
            Span::new(0, MAX_SPAN_OFFSET),
            Span::new(MAX_SPAN_OFFSET + 1, usize::MAX),
        ];
        for &style in &styles {
            for &span in &spans {
                let mut n = Node::new(Value::Int(7), span, style);
                assert_eq!((n.span(), n.style()), (span, style));
                for &other in &styles {
                    n.set_style(other);
                    assert_eq!((n.span(), n.style()), (span, other));
                }
                for &other in &spans {
                    n.set_span(other);
                    assert_eq!((n.span(), n.style()), (other, Style::Synthetic));
                }
                assert_eq!(n.value, Value::Int(7));
            }
        }
        let (a, b) = (Span::new(1, 2), Span::new(1, 3));
        let node = |span, style| Node::new(Value::Null, span, style);
        assert_eq!(node(a, Style::Flow), node(a, Style::Flow));
        assert_ne!(node(a, Style::Flow), node(a, Style::Block));
        assert_ne!(node(a, Style::Flow), node(b, Style::Flow));
        assert_eq!(
            format!("{:?}", node(a, Style::Flow)),
            "Node { value: Null, span: Span { start: 1, end: 2 }, style: Flow }"
        );
        let synthetic = Node::synthetic(Value::Null);
        assert_eq!(
            (synthetic.span(), synthetic.style()),
            (Span::default(), Style::Synthetic)
        );
    }

    /// `hash_json` feeds equal sequences exactly when `to_json` prints the same text: checked
    /// on every pair of values that differ only in ways the JSON text may or may not show.
    #[test]
    fn hash_json_matches_json_text_equality() {
        use std::hash::{BuildHasher, Hasher};
        let texts = [
            "a: 1",
            "a: 1.0",
            "a: 1.5",
            "a: '1'",
            "a: null",
            "a: ~",
            "a: -0.0",
            "a: 0.0",
            "a: 0",
            "a: true",
            "a: 'true'",
            "a: ''",
            "a: []",
            "a: {}",
            "a: [[x], [y]]",
            "a: [[x, y]]",
            "a: [x, y]",
            "{a: bc}",
            "{ab: c}",
            "{a: 1, b: 2}",
            "{b: 2, a: 1}",
            "{a: 1,   b: 2}",
            "a:\n  b: 2\n",
            "a: {b: 2}",
            "a: [{b: c}]",
            "a: [b, c]",
            "a: \"b\"",
            "a: |\n  b\n",
            "a: \"b\\n\"",
        ];
        let mut nodes: Vec<Node> = texts
            .iter()
            .map(|t| {
                let docs = crate::yaml::load(t);
                docs.into_iter().next().and_then(|d| d.root).expect(t)
            })
            .collect();
        // The loader refuses non-finite numbers; a tree built in code may hold them.
        let mut texts = texts.map(String::from).to_vec();
        for f in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut m = Map::new();
            m.insert("a", Node::synthetic(Value::Float(f)));
            nodes.push(Node::synthetic(Value::Map(m)));
            texts.push(format!("a: {f}"));
        }
        let state = foldhash::quality::FixedState::default();
        let hash = |n: &Node| {
            let mut h = state.build_hasher();
            n.hash_json(&mut h);
            h.finish()
        };
        for (a, ta) in nodes.iter().zip(&texts) {
            for (b, tb) in nodes.iter().zip(&texts) {
                // The texts, not the values: `serde_json`'s map equality ignores order.
                let (ja, jb) = (a.to_json().to_string(), b.to_json().to_string());
                let same_json = ja == jb;
                assert_eq!(hash(a) == hash(b), same_json, "{ta:?} vs {tb:?}");
            }
        }
    }

    /// The tree's layout is what bounds memory against input size (RELIABILITY.md): these are
    /// the sizes measured there, so a change that grows them is seen.
    #[test]
    fn tree_type_sizes() {
        use std::mem::size_of;
        assert_eq!(size_of::<Span>(), 8);
        assert_eq!(size_of::<Value>(), 24);
        assert_eq!(size_of::<Node>(), 32);
        assert_eq!(size_of::<Option<Node>>(), 32);
        assert_eq!(size_of::<Entry>(), 56);
        assert_eq!(size_of::<Map>(), 16);
        assert_eq!(size_of::<Document>(), 72);
    }
}
