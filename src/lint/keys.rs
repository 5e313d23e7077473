//! The keywords of one schema node (`JSONSchemaProps` fields), found in one pass over its keys.
//!
//! The schema walks (decode, the per-node checks, the structural invariants, defaults) ask a
//! node for twenty or more keywords each; `Node::get` scans the node's entries for every one
//! of them, and those scans were most of a lint run's time. [`Kw::of`] reads the entries once
//! and answers each keyword from a table.

use crate::yaml::{Entry, Map, Node};

/// A `JSONSchemaProps` field, by its JSON name. The order is decode's table order
/// (`decode::SCHEMA`; a unit test keeps them equal), so a keyword is also its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum K {
    Id,
    Schema,
    Ref,
    Description,
    Type,
    Format,
    Title,
    Default,
    Maximum,
    ExclusiveMaximum,
    Minimum,
    ExclusiveMinimum,
    MaxLength,
    MinLength,
    Pattern,
    MaxItems,
    MinItems,
    UniqueItems,
    MultipleOf,
    Enum,
    MaxProperties,
    MinProperties,
    Required,
    Items,
    AllOf,
    OneOf,
    AnyOf,
    Not,
    Properties,
    AdditionalProperties,
    PatternProperties,
    Dependencies,
    AdditionalItems,
    Definitions,
    ExternalDocs,
    Example,
    Nullable,
    PreserveUnknownFields,
    EmbeddedResource,
    IntOrString,
    ListMapKeys,
    ListType,
    MapType,
    Validations,
}

/// The number of keywords.
pub(crate) const COUNT: usize = K::Validations as usize + 1;

/// The JSON names, in [`K`] order.
pub(crate) const NAMES: [&str; COUNT] = [
    "id",
    "$schema",
    "$ref",
    "description",
    "type",
    "format",
    "title",
    "default",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "enum",
    "maxProperties",
    "minProperties",
    "required",
    "items",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "properties",
    "additionalProperties",
    "patternProperties",
    "dependencies",
    "additionalItems",
    "definitions",
    "externalDocs",
    "example",
    "nullable",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-list-type",
    "x-kubernetes-map-type",
    "x-kubernetes-validations",
];

impl K {
    /// The keyword a key names (case-sensitive, as Go decodes), `None` for any other key.
    pub(crate) fn of(key: &str) -> Option<K> {
        // By length first: one jump, then at most a few comparisons of equal-length names.
        let k = match (key.len(), key) {
            (2, "id") => K::Id,
            (3, "not") => K::Not,
            (4, "$ref") => K::Ref,
            (4, "type") => K::Type,
            (4, "enum") => K::Enum,
            (5, "title") => K::Title,
            (5, "items") => K::Items,
            (5, "allOf") => K::AllOf,
            (5, "oneOf") => K::OneOf,
            (5, "anyOf") => K::AnyOf,
            (6, "format") => K::Format,
            (7, "$schema") => K::Schema,
            (7, "default") => K::Default,
            (7, "maximum") => K::Maximum,
            (7, "minimum") => K::Minimum,
            (7, "pattern") => K::Pattern,
            (7, "example") => K::Example,
            (8, "maxItems") => K::MaxItems,
            (8, "minItems") => K::MinItems,
            (8, "required") => K::Required,
            (8, "nullable") => K::Nullable,
            (9, "maxLength") => K::MaxLength,
            (9, "minLength") => K::MinLength,
            (10, "multipleOf") => K::MultipleOf,
            (10, "properties") => K::Properties,
            (11, "description") => K::Description,
            (11, "uniqueItems") => K::UniqueItems,
            (11, "definitions") => K::Definitions,
            (12, "dependencies") => K::Dependencies,
            (12, "externalDocs") => K::ExternalDocs,
            (13, "maxProperties") => K::MaxProperties,
            (13, "minProperties") => K::MinProperties,
            (15, "additionalItems") => K::AdditionalItems,
            (16, "exclusiveMaximum") => K::ExclusiveMaximum,
            (16, "exclusiveMinimum") => K::ExclusiveMinimum,
            (17, "patternProperties") => K::PatternProperties,
            (20, "additionalProperties") => K::AdditionalProperties,
            (21, "x-kubernetes-map-type") => K::MapType,
            (22, "x-kubernetes-list-type") => K::ListType,
            (24, "x-kubernetes-validations") => K::Validations,
            (26, "x-kubernetes-int-or-string") => K::IntOrString,
            (26, "x-kubernetes-list-map-keys") => K::ListMapKeys,
            (30, "x-kubernetes-embedded-resource") => K::EmbeddedResource,
            (36, "x-kubernetes-preserve-unknown-fields") => K::PreserveUnknownFields,
            _ => return None,
        };
        Some(k)
    }
}

/// The keywords of one schema mapping. The first entry of a key wins, as with `Node::get`.
pub(crate) struct Kw<'a> {
    pub(crate) node: &'a Node,
    entries: &'a [Entry],
    /// Per keyword, 1 + the index of its entry (0: absent). Bytes keep this small enough to
    /// build on the stack for every node; a mapping with more than 255 entries (never a real
    /// schema node) falls back to scanning for the keywords past that.
    at: [u8; COUNT],
}

impl<'a> Kw<'a> {
    /// The keywords of `node`; `None` when it is not a mapping.
    pub(crate) fn of(node: &'a Node) -> Option<Kw<'a>> {
        let entries: &[Entry] = &node.as_map()?.entries;
        let mut at = [0u8; COUNT];
        for (i, e) in entries.iter().take(u8::MAX as usize).enumerate() {
            if let Some(k) = K::of(&e.key) {
                let slot = &mut at[k as usize];
                if *slot == 0 {
                    *slot = i as u8 + 1;
                }
            }
        }
        Some(Kw { node, entries, at })
    }

    /// The value of a keyword (`Node::get`).
    pub(crate) fn get(&self, k: K) -> Option<&'a Node> {
        match self.at[k as usize] {
            0 if self.entries.len() > u8::MAX as usize => self.entries[u8::MAX as usize..]
                .iter()
                .find(|e| e.key == NAMES[k as usize])
                .map(|e| &e.value),
            0 => None,
            i => Some(&self.entries[i as usize - 1].value),
        }
    }

    /// A present, non-null value (`ctx::get_set`).
    pub(crate) fn set(&self, k: K) -> Option<&'a Node> {
        self.get(k).filter(|v| !v.is_null())
    }

    /// A string value; other types read as absent (`ctx::get_str`).
    pub(crate) fn str(&self, k: K) -> Option<&'a str> {
        self.get(k).and_then(Node::as_str)
    }

    /// `type`, `""` when absent or not a string.
    pub(crate) fn ty(&self) -> &'a str {
        self.str(K::Type).unwrap_or("")
    }

    /// The value is `true`.
    pub(crate) fn flag(&self, k: K) -> bool {
        self.get(k).and_then(Node::as_bool) == Some(true)
    }

    /// A list value, empty when absent or not a list (`ctx::get_seq`).
    pub(crate) fn seq(&self, k: K) -> &'a [Node] {
        self.get(k).and_then(Node::as_seq).unwrap_or(&[])
    }

    /// A mapping value.
    pub(crate) fn map_of(&self, k: K) -> Option<&'a Map> {
        self.get(k).and_then(Node::as_map)
    }

    /// A non-empty mapping value.
    pub(crate) fn nonempty_map(&self, k: K) -> bool {
        self.map_of(k).is_some_and(|m| !m.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_found_by_their_exact_names() {
        let n = Node::from_json(&serde_json::json!({
            "type": "object", "Type": "x", "maxlength": 1, "x-kubernetes-list-type": "map",
            "properties": {"type": {"type": "string"}}
        }));
        let k = Kw::of(&n).expect("a map");
        assert_eq!(k.ty(), "object");
        assert_eq!(k.str(K::ListType), Some("map"));
        assert!(k.get(K::MaxLength).is_none());
        assert!(k.map_of(K::Properties).is_some_and(|m| m.len() == 1));
        assert!(Kw::of(&Node::from_json(&serde_json::json!([1]))).is_none());
        assert_eq!(
            K::of("x-kubernetes-preserve-unknown-fields"),
            Some(K::PreserveUnknownFields)
        );
        assert_eq!(K::of("nullablE"), None);
        assert_eq!(K::of(""), None);
    }

    #[test]
    fn every_name_is_its_keyword() {
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(K::of(name).map(|k| k as usize), Some(i), "{name}");
        }
    }

    #[test]
    fn keywords_past_the_255th_entry_are_found_too() {
        let mut m = serde_json::Map::new();
        for i in 0..300 {
            m.insert(format!("k{i:03}"), serde_json::json!(i));
        }
        m.insert("type".into(), serde_json::json!("object"));
        let n = Node::from_json(&serde_json::Value::Object(m));
        let k = Kw::of(&n).expect("a map");
        assert_eq!(k.ty(), "object");
        assert!(k.get(K::Format).is_none());
    }

    #[test]
    fn the_first_of_duplicate_keys_wins() {
        let mut n = Node::from_json(&serde_json::json!({"type": "string"}));
        if let Some(m) = n.as_map_mut() {
            let dup = m.entries[0].clone();
            m.edit(|e| e.push(dup.clone()));
            m.entries[1].value = Node::from_json(&serde_json::json!("integer"));
        }
        assert_eq!(Kw::of(&n).map(|k| k.ty()), Some("string"));
        assert_eq!(n.get_str("type"), Some("string"));
    }
}
