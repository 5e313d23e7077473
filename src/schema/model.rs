//! The schema model: one `openAPIV3Schema` node converted from the spanned YAML tree into typed
//! fields, once per CRD version, for value validation, pruning, defaulting and CEL.
//!
//! # What is kept, and why
//!
//! The API server works with two views of a CRD schema:
//!
//! * `NewStructural` (apiextensions-apiserver `pkg/apiserver/schema/convert.go`) keeps `items`,
//!   `properties`, `additionalProperties`, the generic keywords (`type`, `title`, `description`,
//!   `default`, `nullable`), the `x-kubernetes-*` extensions and the value validations. Pruning,
//!   defaulting, list-type checks and CEL typing use it.
//! * kube-openapi validates custom resources with the *full* `JSONSchemaProps`, including every
//!   keyword inside `allOf`/`anyOf`/`oneOf`/`not`.
//!
//! [`Schema`] is the union of both: the same struct is used at every level, including inside the
//! junctors, so a validator can walk `any_of[i].properties[k].items` exactly as kube-openapi does.
//! Structural-only consumers (pruning, defaulting, CEL typing) should only follow
//! [`Schema::properties`], [`Schema::additional_properties`] and [`Schema::items`] — the
//! [`Schema::structural_children`] iterator does exactly that.
//!
//! # Leniency
//!
//! [`Schema::from_node`] never fails. A keyword with the wrong JSON type (`maxLength: "5"`,
//! `items: [...]`, `required: {}`) is *ignored* here: the CRD linter reports keyword legality from
//! the raw [`Node`], and a CRD with such an error would be rejected by the server anyway, so CR
//! validation against it is best-effort. Keywords the server rejects outright (`$ref`, `id`,
//! `patternProperties`, `definitions`, `dependencies`, `additionalItems`, `$schema`) are not
//! modelled at all.
//!
//! `default: null` and `example: null` behave as absent (Go decodes JSON null into a nil
//! `*JSON`), and so does an empty `enum` (kube-openapi only checks `len(enum) > 0`).
//!
//! # Depth
//!
//! Conversion recurses once per schema level; levels deeper than [`MAX_DEPTH`] are cut off and
//! the node at the limit gets `truncated = true` so the linter can say so. Every recursive walk
//! over a [`Schema`] is therefore bounded by construction.

use crate::k8s::FieldPath;
use crate::yaml::{Node, Span, Style};

mod convert;
mod properties;

pub use properties::{Properties, PROPERTY_SCAN};

/// Schema levels kept by [`Schema::from_node`]. Real CRDs rarely exceed 30; the YAML loader caps
/// node nesting at 1000, which is about 500 schema levels, so the cap only matters for hostile or
/// generated input.
pub const MAX_DEPTH: usize = 200;

/// One schema node (`JSONSchemaProps`), at any level.
///
/// Field names follow the JSON keywords (`x-kubernetes-list-type` → `x_list_type`). `Option`
/// means "keyword absent"; `bool` fields default to `false` exactly like the Go fields do.
///
/// A CRD's prepared schemas are most of the memory a validation run holds (a large CRD has
/// thousands of nodes, and every node of every version is kept). In the CRDs of the
/// 10,000-resource workload two nodes in three have only `type`, `description` and sub-schemas,
/// and no other keyword is on more than one node in nine: so the node itself holds only the
/// structure, the type (as a tag: [`Schema::type_`]) and the boolean extensions, and every other
/// keyword lives in [`Rare`], behind one pointer that is `None` for most nodes: read them with
/// [`Schema::rare`]. The size is pinned by a unit test.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schema {
    /// Span of the whole schema mapping (the value node).
    pub span: Span,
    /// Span of the key this schema was read from (`foo:` under `properties`, `items:`, ...);
    /// empty for the root and for junctor list entries.
    pub key_span: Span,

    // --- structure ---
    /// `properties`, in source order.
    pub properties: Properties,
    /// `additionalProperties`: `true`, `false` or a schema.
    pub additional_properties: Option<AdditionalProperties>,
    /// `items` when it is a single schema (an array of schemas is not modelled).
    pub items: Option<Box<Schema>>,

    /// The other keywords; `None` when the node has none of them.
    pub rare: Option<Box<Rare>>,

    /// `type`: one of the six OpenAPI types, or [`TypeTag::Other`] with the text in
    /// [`Rare::type_other`]. Read it with [`Schema::type_`].
    type_tag: TypeTag,
    pub nullable: bool,
    /// `x-kubernetes-preserve-unknown-fields`; `Some(false)` is kept because the server rejects it
    /// (`must be true or undefined`), but every consumer should treat only `Some(true)` as set
    /// (see [`Schema::preserves_unknown_fields`]).
    pub x_preserve_unknown_fields: Option<bool>,
    pub x_embedded_resource: bool,
    pub x_int_or_string: bool,
    /// Set on the node at [`MAX_DEPTH`] whose sub-schemas were not converted.
    pub truncated: bool,
}

/// `type` of a [`Schema`], as a tag: the text of the six OpenAPI types is static, anything else
/// (which the linter reports) is kept in [`Rare::type_other`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum TypeTag {
    #[default]
    Absent,
    String,
    Object,
    Array,
    Boolean,
    Integer,
    Number,
    Other,
}

impl TypeTag {
    const NAMED: [(TypeTag, &'static str); 6] = [
        (TypeTag::String, "string"),
        (TypeTag::Object, "object"),
        (TypeTag::Array, "array"),
        (TypeTag::Boolean, "boolean"),
        (TypeTag::Integer, "integer"),
        (TypeTag::Number, "number"),
    ];

    fn of(t: &str) -> TypeTag {
        Self::NAMED
            .iter()
            .find(|(_, n)| *n == t)
            .map_or(TypeTag::Other, |(tag, _)| *tag)
    }

    /// The text of a named type (as in [`TypeTag::NAMED`]); asked for every value that
    /// every walk checks, so a jump rather than a search of the table.
    #[inline]
    fn name(self) -> Option<&'static str> {
        match self {
            TypeTag::String => Some("string"),
            TypeTag::Object => Some("object"),
            TypeTag::Array => Some("array"),
            TypeTag::Boolean => Some("boolean"),
            TypeTag::Integer => Some("integer"),
            TypeTag::Number => Some("number"),
            TypeTag::Absent | TypeTag::Other => None,
        }
    }
}

/// The keywords of a [`Schema`] node other than its structure and type: each is on at most one
/// node in nine of the workload's CRDs (`required` on objects, `pattern`/`maxLength` on some
/// strings, a list type on some arrays, ...), most nodes have none, so they are kept out of
/// line and cost one pointer where absent. Read through [`Schema::rare`].
///
/// The keywords on fewer than one node in fifty (bounds other than string lengths, junctors,
/// `title`, `example`) are a second step out, in [`Seldom`]; `Rare` dereferences to it, so
/// every keyword is read the same way (`s.rare().maximum`, `s.rare().pattern`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rare {
    /// `format` as written (no normalisation, no filtering by type or version: use
    /// [`crate::schema::formats`] for that).
    pub format: Option<String>,
    /// `default`, unless it is absent or JSON null.
    pub default: Option<Box<Node>>,

    // --- value validations (NewStructural `ValueValidation`; the rarer ones are in [`Seldom`]) ---
    /// `enum`; `None` when absent or empty.
    pub enum_: Option<Vec<Node>>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    /// `pattern` as written (Go RE2 syntax; compile with [`crate::schema::regex`]).
    pub pattern: Option<String>,
    /// `required`; non-string entries are dropped.
    pub required: Vec<String>,

    // --- extensions (NewStructural `Extensions`, `ValidationExtensions`) ---
    pub x_list_type: Option<String>,
    /// `x-kubernetes-list-map-keys`; non-string entries are dropped.
    pub x_list_map_keys: Vec<String>,
    pub x_map_type: Option<String>,
    /// `x-kubernetes-validations`; entries that are not mappings are dropped.
    pub x_validations: Vec<ValidationRule>,

    /// The seldom written keywords; `None` when the node has none of them.
    pub seldom: Option<Box<Seldom>>,
}

/// The keywords of a [`Schema`] node written on fewer than one node in fifty of the workload's
/// CRDs; read through [`Schema::rare`] (which dereferences to them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seldom {
    /// `type` when it is not one of the six OpenAPI types (see [`Schema::type_`]).
    pub type_other: Option<String>,
    pub title: Option<String>,
    /// `example`, unless absent or null. Only kept so that checks which care whether the schema
    /// "specifies anything" can see it; nothing validates it.
    pub example: Option<Box<Node>>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub multiple_of: Option<f64>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    pub unique_items: bool,
    pub all_of: Vec<Schema>,
    pub any_of: Vec<Schema>,
    pub one_of: Vec<Schema>,
    pub not: Option<Box<Schema>>,
}

impl Rare {
    /// No rare keyword (what [`Schema::rare`] returns for most nodes).
    pub const EMPTY: Rare = Rare {
        format: None,
        default: None,
        enum_: None,
        max_length: None,
        min_length: None,
        pattern: None,
        required: Vec::new(),
        x_list_type: None,
        x_list_map_keys: Vec::new(),
        x_map_type: None,
        x_validations: Vec::new(),
        seldom: None,
    };

    /// The seldom written keywords, for setting one (allocates them on first use).
    pub fn seldom_mut(&mut self) -> &mut Seldom {
        self.seldom.get_or_insert_with(Box::default)
    }
}

impl Seldom {
    /// No seldom keyword.
    pub const EMPTY: Seldom = Seldom {
        type_other: None,
        title: None,
        example: None,
        maximum: None,
        exclusive_maximum: false,
        minimum: None,
        exclusive_minimum: false,
        multiple_of: None,
        max_items: None,
        min_items: None,
        max_properties: None,
        min_properties: None,
        unique_items: false,
        all_of: Vec::new(),
        any_of: Vec::new(),
        one_of: Vec::new(),
        not: None,
    };
}

static NO_SELDOM: Seldom = Seldom::EMPTY;

impl std::ops::Deref for Rare {
    type Target = Seldom;

    /// The seldom keywords (all absent for most nodes that have rare ones).
    fn deref(&self) -> &Seldom {
        self.seldom.as_deref().unwrap_or(&NO_SELDOM)
    }
}

static NO_RARE: Rare = Rare::EMPTY;

/// `additionalProperties`.
#[derive(Clone, Debug, PartialEq)]
pub enum AdditionalProperties {
    /// `additionalProperties: true` / `false`.
    Bool(bool),
    /// `additionalProperties: {schema}` (the server treats this as `allows: true` plus a schema).
    Schema(Box<Schema>),
}

/// One `x-kubernetes-validations` entry. Missing strings are empty (as in Go), so the linter can
/// apply the server's "rule is not specified" etc. checks on the model too.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValidationRule {
    /// `rule`, untrimmed (the server trims before compiling; offsets into the source need the
    /// untrimmed text).
    pub rule: String,
    pub message: String,
    pub message_expression: String,
    /// `reason` (`FieldValueInvalid`, ...), as written.
    pub reason: Option<String>,
    pub field_path: String,
    pub optional_old_self: Option<bool>,
    /// The whole entry mapping.
    pub span: Span,
    /// The `rule` scalar and its style (needed to map CEL offsets back into the YAML text of a
    /// quoted or block scalar). Empty span when `rule` is missing.
    pub rule_span: Span,
    pub rule_style: Style,
    /// The `messageExpression` scalar and its style.
    pub message_expression_span: Span,
    pub message_expression_style: Style,
    /// The `fieldPath` scalar (empty span when absent).
    pub field_path_span: Span,
}

/// How a child schema hangs off its parent; renders the server's CRD-schema path segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge<'a> {
    /// `properties[name]`
    Property(&'a str),
    /// `additionalProperties`
    AdditionalProperties,
    /// `items`
    Items,
    /// `allOf[i]`
    AllOf(usize),
    /// `anyOf[i]`
    AnyOf(usize),
    /// `oneOf[i]`
    OneOf(usize),
    /// `not`
    Not,
}

impl Edge<'_> {
    /// Extends a CRD schema path the way apiextensions validation prints it, e.g.
    /// `spec.validation.openAPIV3Schema` + `Property("a")` → `...openAPIV3Schema.properties[a]`.
    pub fn append_to(&self, path: &FieldPath) -> FieldPath {
        // One copy of the path per edge (the schema walks call this at every node).
        let (name, key_len) = match *self {
            Edge::Property(k) => ("properties", k.len() + 2),
            Edge::AdditionalProperties => ("additionalProperties", 0),
            Edge::Items => ("items", 0),
            Edge::AllOf(_) => ("allOf", 8),
            Edge::AnyOf(_) => ("anyOf", 8),
            Edge::OneOf(_) => ("oneOf", 8),
            Edge::Not => ("not", 0),
        };
        let mut p = path.extended(name.len() + 1 + key_len);
        p.push_child(name);
        match *self {
            Edge::Property(k) => p.push_key(k),
            Edge::AllOf(i) | Edge::AnyOf(i) | Edge::OneOf(i) => p.push_index(i),
            Edge::AdditionalProperties | Edge::Items | Edge::Not => {}
        }
        p
    }

    /// True for `allOf`/`anyOf`/`oneOf`/`not`: the sub-schema constrains the same value instead
    /// of a child value.
    pub fn is_junctor(&self) -> bool {
        matches!(
            self,
            Edge::AllOf(_) | Edge::AnyOf(_) | Edge::OneOf(_) | Edge::Not
        )
    }
}

impl Schema {
    /// The rarely written keywords (all absent for most nodes).
    pub fn rare(&self) -> &Rare {
        self.rare.as_deref().unwrap_or(&NO_RARE)
    }

    /// The rarely written keywords, for setting one (allocates them on first use).
    pub fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// A schema with only `type: t` (for the schemas built in code).
    pub fn typed(t: &str) -> Schema {
        let mut s = Schema::default();
        s.set_type(Some(t));
        s
    }

    /// `type` as written; not checked against the six OpenAPI types (the linter does that).
    #[inline]
    pub fn type_(&self) -> Option<&str> {
        match self.type_tag {
            TypeTag::Absent => None,
            TypeTag::Other => self.rare().type_other.as_deref(),
            tag => tag.name(),
        }
    }

    /// Sets `type` (`None`: absent).
    pub fn set_type(&mut self, t: Option<&str>) {
        self.type_tag = t.map_or(TypeTag::Absent, TypeTag::of);
        let other = (self.type_tag == TypeTag::Other).then(|| t.unwrap_or_default().to_string());
        if other.is_some() || self.rare.as_ref().is_some_and(|r| r.seldom.is_some()) {
            self.rare_mut().seldom_mut().type_other = other;
        }
    }

    /// `type` equals `t`.
    pub fn is_type(&self, t: &str) -> bool {
        self.type_() == Some(t)
    }

    /// `type` as a str (`""` when absent, as the Go field would be).
    /// `type` when it is one of the six named OpenAPI types, as its text and its position in
    /// `string, object, array, boolean, integer, number`: a walk that branches on the type of
    /// every value reads this rather than comparing the text. `None` when absent or another
    /// text (read [`Schema::type_`] then).
    #[inline(always)]
    pub fn named_type(&self) -> Option<(&'static str, u8)> {
        let at = match self.type_tag {
            TypeTag::Absent | TypeTag::Other => return None,
            TypeTag::String => 0,
            TypeTag::Object => 1,
            TypeTag::Array => 2,
            TypeTag::Boolean => 3,
            TypeTag::Integer => 4,
            TypeTag::Number => 5,
        };
        Some((TypeTag::NAMED[at].1, at as u8))
    }

    pub fn type_str(&self) -> &str {
        self.type_().unwrap_or("")
    }

    /// True when values of this schema are JSON objects whose keys are governed by the schema:
    /// `type: object`, or no type but `properties`/`additionalProperties` given (as inside
    /// junctors, where `type` is forbidden).
    pub fn is_object_like(&self) -> bool {
        self.is_type("object")
            || (self.type_tag == TypeTag::Absent
                && (!self.properties.is_empty() || self.additional_properties.is_some()))
    }

    /// True when values are arrays governed by `items` (`type: array`, or untyped with `items`).
    pub fn is_array_like(&self) -> bool {
        self.is_type("array") || (self.type_tag == TypeTag::Absent && self.items.is_some())
    }

    /// `x-kubernetes-preserve-unknown-fields: true`.
    pub fn preserves_unknown_fields(&self) -> bool {
        self.x_preserve_unknown_fields == Some(true)
    }

    /// The `additionalProperties` schema, if it is a schema (not a bool).
    pub fn additional_properties_schema(&self) -> Option<&Schema> {
        match &self.additional_properties {
            Some(AdditionalProperties::Schema(s)) => Some(s),
            _ => None,
        }
    }

    /// `additionalProperties: false`.
    pub fn forbids_additional_properties(&self) -> bool {
        matches!(
            self.additional_properties,
            Some(AdditionalProperties::Bool(false))
        )
    }

    /// The schema that governs the value under object key `key`, as pruning, defaulting and the
    /// list-type/CEL walks resolve it: `properties[key]`, else the `additionalProperties` schema.
    /// `None` means "no schema" (pruned, or kept unvalidated under `additionalProperties: true` or
    /// preserve-unknown-fields — callers decide which).
    pub fn child_for_key(&self, key: &str) -> Option<&Schema> {
        self.property(key)
            .or_else(|| self.additional_properties_schema())
    }

    /// The schema of property `key` (see [`Properties::get`]).
    #[inline]
    pub fn property(&self, key: &str) -> Option<&Schema> {
        self.properties.get(key)
    }

    /// `x-kubernetes-list-type: set`.
    pub fn is_list_set(&self) -> bool {
        self.rare().x_list_type.as_deref() == Some("set")
    }

    /// `x-kubernetes-list-type: map`.
    pub fn is_list_map(&self) -> bool {
        self.rare().x_list_type.as_deref() == Some("map")
    }

    /// `required` contains `name`.
    pub fn requires(&self, name: &str) -> bool {
        self.rare().required.iter().any(|r| r == name)
    }

    /// True when any value validation (`NewStructural`'s `ValueValidation`) is present; junctors
    /// count.
    pub fn has_value_validation(&self) -> bool {
        let r = self.rare();
        r.format.is_some()
            || r.enum_.is_some()
            || r.maximum.is_some()
            || r.exclusive_maximum
            || r.minimum.is_some()
            || r.exclusive_minimum
            || r.multiple_of.is_some()
            || r.max_length.is_some()
            || r.min_length.is_some()
            || r.max_items.is_some()
            || r.min_items.is_some()
            || r.max_properties.is_some()
            || r.min_properties.is_some()
            || r.pattern.is_some()
            || r.unique_items
            || !r.required.is_empty()
            || !r.all_of.is_empty()
            || !r.any_of.is_empty()
            || !r.one_of.is_empty()
            || r.not.is_some()
    }

    /// The structural children: `properties` (source order), then `additionalProperties` (when
    /// a schema), then `items`. These are the edges pruning, defaulting and CEL typing follow.
    pub fn structural_children(&self) -> impl Iterator<Item = (Edge<'_>, &Schema)> {
        let props = self
            .properties
            .iter()
            .map(|(k, s)| (Edge::Property(k.as_str()), s));
        let ap = self
            .additional_properties_schema()
            .map(|s| (Edge::AdditionalProperties, s));
        let items = self.items.as_deref().map(|s| (Edge::Items, s));
        props.chain(ap).chain(items)
    }

    /// The junctor children: `allOf[i]`, `anyOf[i]`, `oneOf[i]`, `not`, in that order.
    pub fn junctor_children(&self) -> impl Iterator<Item = (Edge<'_>, &Schema)> {
        let r = self.rare();
        let all = r
            .all_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::AllOf(i), s));
        let any = r
            .any_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::AnyOf(i), s));
        let one = r
            .one_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::OneOf(i), s));
        let not = r.not.as_deref().map(|s| (Edge::Not, s));
        all.chain(any).chain(one).chain(not)
    }

    /// Every direct sub-schema: structural children then junctor children.
    pub fn children(&self) -> impl Iterator<Item = (Edge<'_>, &Schema)> {
        self.structural_children().chain(self.junctor_children())
    }

    /// Pre-order walk over this schema and every sub-schema (structural and junctor), with the
    /// CRD-schema path of each node relative to `path` (e.g. `spec.validation.openAPIV3Schema`).
    /// The callback returns `false` to skip a node's sub-schemas. Depth is bounded by
    /// [`MAX_DEPTH`].
    pub fn walk<F>(&self, path: &FieldPath, f: &mut F)
    where
        F: FnMut(&FieldPath, &Schema) -> bool,
    {
        if f(path, self) {
            for (edge, child) in self.children() {
                child.walk(&edge.append_to(path), f);
            }
        }
    }

    /// Resolves a chain of edges from this node (`None` if any step does not exist).
    pub fn descend(&self, edges: &[Edge<'_>]) -> Option<&Schema> {
        edges.iter().try_fold(self, |s, e| match *e {
            Edge::Property(k) => s.properties.get(k),
            Edge::AdditionalProperties => s.additional_properties_schema(),
            Edge::Items => s.items.as_deref(),
            Edge::AllOf(i) => s.rare().all_of.get(i),
            Edge::AnyOf(i) => s.rare().any_of.get(i),
            Edge::OneOf(i) => s.rare().one_of.get(i),
            Edge::Not => s.rare().not.as_deref(),
        })
    }

    /// True if this node or any node below it (structural edges only, as the server's
    /// `HasDefaults` walks) has a `default`.
    pub fn has_defaults(&self) -> bool {
        self.rare().default.is_some() || self.structural_children().any(|(_, c)| c.has_defaults())
    }

    /// True if this node or any sub-schema (including junctors) has x-kubernetes-validations.
    pub fn has_validation_rules(&self) -> bool {
        !self.rare().x_validations.is_empty()
            || self.children().any(|(_, c)| c.has_validation_rules())
    }
}

/// Resolution of `fieldPath` / `selectableFields[].jsonPath` against the model
/// ([`crate::k8s::fieldpath::valid_field_path`]).
impl crate::k8s::fieldpath::PathSchema for Schema {
    fn has_properties(&self) -> bool {
        !self.properties.is_empty()
    }
    fn property(&self, name: &str) -> Option<&Schema> {
        self.properties.get(name)
    }
    fn has_additional_properties(&self) -> bool {
        self.additional_properties.is_some()
    }
    fn additional_properties(&self) -> Option<&Schema> {
        self.additional_properties_schema()
    }
}

#[cfg(test)]
mod tests;
