//! The `JSONSchemaProps` keywords: the one table of every schema keyword, its JSON name and the
//! Go type its value decodes into, shared by the model builder ([`super::Schema::from_node`]
//! matches on [`K`]) and the CRD linter (`lint::decode` reports unknown and mistyped keywords
//! from [`SCHEMA`]; the schema walks read a node's keywords through [`Kw`]).
//!
//! The table follows the Go struct apiextensions `v1.JSONSchemaProps` (`types_jsonschema.go`),
//! field by field and in its order; [`Ty`] and [`Obj`] describe a field's Go type, as the
//! server's JSON decoding sees it (`json: cannot unmarshal ... of type int64`). Adding a
//! keyword is one row of [`keywords!`]; the model builder's `match` is exhaustive, so it
//! then fails to compile until it says what the keyword becomes.

use crate::yaml::{Entry, Map, Node};

/// The Go type of a field: what a JSON value must be to decode into it.
#[derive(Debug)]
pub enum Ty {
    Str,
    Bool,
    /// An integer with its Go type name (`int64`, `int32`).
    Int(&'static str),
    Float,
    /// Any JSON value (`default`, `example`, `enum` entries).
    Any,
    /// Base64 bytes (`caBundle`).
    Bytes,
    List(&'static Ty),
    /// `map[string]<ty>`.
    MapOf(&'static Ty),
    Obj(&'static Obj),
    /// An object whose content is not checked (conditions, managed fields).
    Opaque,
    /// JSONSchemaProps ([`SCHEMA`]).
    Schema,
    /// `items`: a schema or a list of schemas.
    SchemaOrArray,
    /// `additionalProperties`, `additionalItems`: a bool or a schema.
    SchemaOrBool,
    /// `dependencies` values: a schema or a list of strings.
    SchemaOrStrings,
}

/// A Go struct: its type name and its fields by JSON name.
#[derive(Debug)]
pub struct Obj {
    pub go: &'static str,
    pub fields: &'static [(&'static str, Ty)],
}

/// Defines [`K`] (one variant per keyword, in table order), [`NAMES`], the Go field names and
/// [`SCHEMA`] from one list of rows (`Variant = "json name" (GoField): go type`), so a keyword
/// is written once.
macro_rules! keywords {
    ($($(#[$doc:meta])* $k:ident = $name:literal ($go:ident): $ty:expr,)*) => {
        /// A `JSONSchemaProps` field, by its JSON name; also its index in [`NAMES`] and
        /// [`SCHEMA`]`.fields`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum K {
            $($(#[$doc])* $k,)*
        }

        /// Every keyword, in table order.
        #[cfg(test)]
        const ALL: &[K] = &[$(K::$k,)*];

        /// The JSON names, in [`K`] order.
        pub const NAMES: &[&str] = &[$($name,)*];

        impl K {
            /// The keyword a key names (case-sensitive, as Go decodes), `None` for any other
            /// key. Called for every key of every schema node. A `match` on the literal names
            /// compiles to a jump on the length and word compares against constants: about 90
            /// instructions fewer per key than a table of names by length compared with
            /// `memcmp` (BENCHMARKS.md, session 15).
            #[inline]
            pub fn of(key: &str) -> Option<K> {
                match key {
                    $($name => Some(K::$k),)*
                    _ => None,
                }
            }
        }

        /// The Go field names (`ID`, `XPreserveUnknownFields`), in [`K`] order.
        const GO_FIELDS: &[&str] = &[$(stringify!($go),)*];

        /// `JSONSchemaProps`: every keyword with the Go type it decodes into, in [`K`] order.
        pub static SCHEMA: Obj = Obj {
            go: "JSONSchemaProps",
            fields: &[$(($name, $ty),)*],
        };
    };
}

keywords! {
    Id = "id" (ID): Ty::Str,
    Schema = "$schema" (Schema): Ty::Str,
    Ref = "$ref" (Ref): Ty::Str,
    Description = "description" (Description): Ty::Str,
    Type = "type" (Type): Ty::Str,
    Format = "format" (Format): Ty::Str,
    Title = "title" (Title): Ty::Str,
    Default = "default" (Default): Ty::Any,
    Maximum = "maximum" (Maximum): Ty::Float,
    ExclusiveMaximum = "exclusiveMaximum" (ExclusiveMaximum): Ty::Bool,
    Minimum = "minimum" (Minimum): Ty::Float,
    ExclusiveMinimum = "exclusiveMinimum" (ExclusiveMinimum): Ty::Bool,
    MaxLength = "maxLength" (MaxLength): Ty::Int("int64"),
    MinLength = "minLength" (MinLength): Ty::Int("int64"),
    Pattern = "pattern" (Pattern): Ty::Str,
    MaxItems = "maxItems" (MaxItems): Ty::Int("int64"),
    MinItems = "minItems" (MinItems): Ty::Int("int64"),
    UniqueItems = "uniqueItems" (UniqueItems): Ty::Bool,
    MultipleOf = "multipleOf" (MultipleOf): Ty::Float,
    Enum = "enum" (Enum): Ty::List(&Ty::Any),
    MaxProperties = "maxProperties" (MaxProperties): Ty::Int("int64"),
    MinProperties = "minProperties" (MinProperties): Ty::Int("int64"),
    Required = "required" (Required): Ty::List(&Ty::Str),
    Items = "items" (Items): Ty::SchemaOrArray,
    AllOf = "allOf" (AllOf): Ty::List(&Ty::Schema),
    OneOf = "oneOf" (OneOf): Ty::List(&Ty::Schema),
    AnyOf = "anyOf" (AnyOf): Ty::List(&Ty::Schema),
    Not = "not" (Not): Ty::Schema,
    Properties = "properties" (Properties): Ty::MapOf(&Ty::Schema),
    AdditionalProperties = "additionalProperties" (AdditionalProperties): Ty::SchemaOrBool,
    PatternProperties = "patternProperties" (PatternProperties): Ty::MapOf(&Ty::Schema),
    Dependencies = "dependencies" (Dependencies): Ty::MapOf(&Ty::SchemaOrStrings),
    AdditionalItems = "additionalItems" (AdditionalItems): Ty::SchemaOrBool,
    Definitions = "definitions" (Definitions): Ty::MapOf(&Ty::Schema),
    ExternalDocs = "externalDocs" (ExternalDocs): Ty::Obj(&EXTERNAL_DOCS),
    Example = "example" (Example): Ty::Any,
    Nullable = "nullable" (Nullable): Ty::Bool,
    PreserveUnknownFields = "x-kubernetes-preserve-unknown-fields" (XPreserveUnknownFields): Ty::Bool,
    EmbeddedResource = "x-kubernetes-embedded-resource" (XEmbeddedResource): Ty::Bool,
    IntOrString = "x-kubernetes-int-or-string" (XIntOrString): Ty::Bool,
    ListMapKeys = "x-kubernetes-list-map-keys" (XListMapKeys): Ty::List(&Ty::Str),
    ListType = "x-kubernetes-list-type" (XListType): Ty::Str,
    MapType = "x-kubernetes-map-type" (XMapType): Ty::Str,
    Validations = "x-kubernetes-validations" (XValidations): Ty::List(&Ty::Obj(&VALIDATION_RULE)),
}

/// `externalDocs`.
pub static EXTERNAL_DOCS: Obj = Obj {
    go: "ExternalDocumentation",
    fields: &[("description", Ty::Str), ("url", Ty::Str)],
};

/// One `x-kubernetes-validations` entry (read into the model by `ValidationRule::from_node`).
pub static VALIDATION_RULE: Obj = Obj {
    go: "ValidationRule",
    fields: &[
        ("rule", Ty::Str),
        ("message", Ty::Str),
        ("messageExpression", Ty::Str),
        ("reason", Ty::Str),
        ("fieldPath", Ty::Str),
        ("optionalOldSelf", Ty::Bool),
    ],
};

/// The number of keywords.
pub const COUNT: usize = NAMES.len();

impl K {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The Go struct field's name (`MaxLength`, `XListType`), which some server messages print.
    pub fn go_field(self) -> &'static str {
        GO_FIELDS[self as usize]
    }

    /// The Go type the value decodes into.
    pub fn ty(self) -> &'static Ty {
        &SCHEMA.fields[self as usize].1
    }
}

/// The keywords of one schema mapping, found in one pass over its keys. The schema walks
/// (decode, the per-node checks, the structural invariants, defaults) ask a node for twenty
/// or more keywords each; `Node::get` scans the node's entries for every one of them, and
/// those scans were most of a lint run's time. The first entry of a key wins, as with
/// `Node::get`.
pub struct Kw<'a> {
    pub node: &'a Node,
    entries: &'a [Entry],
    /// Per keyword, 1 + the index of its entry (0: absent). Bytes keep this small enough to
    /// build on the stack for every node; a mapping with more than 255 entries (never a real
    /// schema node) falls back to scanning for the keywords past that.
    at: [u8; COUNT],
}

impl<'a> Kw<'a> {
    /// The keywords of `node`; `None` when it is not a mapping.
    pub fn of(node: &'a Node) -> Option<Kw<'a>> {
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
    pub fn get(&self, k: K) -> Option<&'a Node> {
        match self.at[k as usize] {
            0 if self.entries.len() > u8::MAX as usize => self.entries[u8::MAX as usize..]
                .iter()
                .find(|e| e.key == k.name())
                .map(|e| &e.value),
            0 => None,
            i => Some(&self.entries[i as usize - 1].value),
        }
    }

    /// A present, non-null value.
    pub fn set(&self, k: K) -> Option<&'a Node> {
        self.get(k).filter(|v| !v.is_null())
    }

    /// A string value; other types read as absent.
    pub fn str(&self, k: K) -> Option<&'a str> {
        self.get(k).and_then(Node::as_str)
    }

    /// `type`, `""` when absent or not a string.
    pub fn ty(&self) -> &'a str {
        self.str(K::Type).unwrap_or("")
    }

    /// The value is `true`.
    pub fn flag(&self, k: K) -> bool {
        self.get(k).and_then(Node::as_bool) == Some(true)
    }

    /// A list value, empty when absent or not a list.
    pub fn seq(&self, k: K) -> &'a [Node] {
        self.get(k).and_then(Node::as_seq).unwrap_or(&[])
    }

    /// A mapping value.
    pub fn map_of(&self, k: K) -> Option<&'a Map> {
        self.get(k).and_then(Node::as_map)
    }

    /// A non-empty mapping value.
    pub fn nonempty_map(&self, k: K) -> bool {
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
        assert_eq!(K::of("x-kubernetes-preserve-unknown-fieldsX"), None);
    }

    #[test]
    fn every_name_is_its_keyword() {
        assert_eq!(ALL.len(), COUNT);
        for (i, name) in NAMES.iter().enumerate() {
            let k = K::of(name).expect(name);
            assert_eq!(k as usize, i, "{name}");
            assert_eq!(k.name(), *name);
            assert_eq!(SCHEMA.fields[i].0, *name);
        }
        assert!(matches!(K::MaxLength.ty(), Ty::Int("int64")));
        assert_eq!(K::Id.go_field(), "ID");
        assert_eq!(K::ListType.go_field(), "XListType");
        assert!(matches!(K::Items.ty(), Ty::SchemaOrArray));
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
