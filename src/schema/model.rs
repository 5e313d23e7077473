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

use indexmap::IndexMap;

use crate::k8s::FieldPath;
use crate::yaml::{Node, Span, Style, Value};

/// Schema levels kept by [`Schema::from_node`]. Real CRDs rarely exceed 30; the YAML loader caps
/// node nesting at 1000, which is about 500 schema levels, so the cap only matters for hostile or
/// generated input.
pub const MAX_DEPTH: usize = 200;

/// One schema node (`JSONSchemaProps`), at any level.
///
/// Field names follow the JSON keywords (`x-kubernetes-list-type` → `x_list_type`). `Option`
/// means "keyword absent"; `bool` fields default to `false` exactly like the Go fields do.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schema {
    /// Span of the whole schema mapping (the value node).
    pub span: Span,
    /// Span of the key this schema was read from (`foo:` under `properties`, `items:`, ...);
    /// empty for the root and for junctor list entries.
    pub key_span: Span,

    // --- generic (NewStructural `Generic`) ---
    /// `type` as written; not checked against the six OpenAPI types (the linter does that).
    pub type_: Option<String>,
    /// `format` as written (no normalisation, no filtering by type or version: use
    /// [`crate::schema::formats`] for that).
    pub format: Option<String>,
    pub title: Option<String>,
    /// Where `description` is; the text itself is not copied (it is often kilobytes long).
    pub description_span: Option<Span>,
    pub nullable: bool,
    /// `default`, unless it is absent or JSON null.
    pub default: Option<Node>,
    /// `example`, unless absent or null. Only kept so that checks which care whether the schema
    /// "specifies anything" can see it; nothing validates it.
    pub example: Option<Node>,

    // --- value validations (NewStructural `ValueValidation`) ---
    /// `enum`; `None` when absent or empty.
    pub enum_: Option<Vec<Node>>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub multiple_of: Option<f64>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    /// `pattern` as written (Go RE2 syntax; compile with [`crate::schema::regex`]).
    pub pattern: Option<String>,
    pub unique_items: bool,
    /// `required`; non-string entries are dropped.
    pub required: Vec<String>,
    pub all_of: Vec<Schema>,
    pub any_of: Vec<Schema>,
    pub one_of: Vec<Schema>,
    pub not: Option<Box<Schema>>,

    // --- structure ---
    /// `properties`, in source order. Hashed with foldhash (see Cargo.toml): validation looks
    /// a property up for every field of every object.
    pub properties: IndexMap<String, Schema, foldhash::fast::RandomState>,
    /// `additionalProperties`: `true`, `false` or a schema.
    pub additional_properties: Option<AdditionalProperties>,
    /// `items` when it is a single schema (an array of schemas is not modelled).
    pub items: Option<Box<Schema>>,

    // --- extensions (NewStructural `Extensions`, `ValidationExtensions`) ---
    /// `x-kubernetes-preserve-unknown-fields`; `Some(false)` is kept because the server rejects it
    /// (`must be true or undefined`), but every consumer should treat only `Some(true)` as set
    /// (see [`Schema::preserves_unknown_fields`]).
    pub x_preserve_unknown_fields: Option<bool>,
    pub x_embedded_resource: bool,
    pub x_int_or_string: bool,
    pub x_list_type: Option<String>,
    /// `x-kubernetes-list-map-keys`; non-string entries are dropped.
    pub x_list_map_keys: Vec<String>,
    pub x_map_type: Option<String>,
    /// `x-kubernetes-validations`; entries that are not mappings are dropped.
    pub x_validations: Vec<ValidationRule>,

    /// Set on the node at [`MAX_DEPTH`] whose sub-schemas were not converted.
    pub truncated: bool,
}

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
    /// Converts an `openAPIV3Schema` node. Never fails; see the module docs for what is ignored.
    /// A node that is not a mapping gives an empty schema with the node's span.
    pub fn from_node(node: &Node) -> Schema {
        Self::convert(node, Span::default(), 0)
    }

    fn convert(node: &Node, key_span: Span, depth: usize) -> Schema {
        let mut s = Schema {
            span: node.span(),
            key_span,
            ..Schema::default()
        };
        let Some(map) = node.as_map() else {
            return s;
        };
        let deeper = depth + 1 < MAX_DEPTH;
        for e in &map.entries {
            let v = &e.value;
            match e.key.as_str() {
                "type" => s.type_ = str_of(v),
                "format" => s.format = str_of(v),
                "title" => s.title = str_of(v),
                "description" => s.description_span = Some(v.span()),
                "nullable" => s.nullable = v.as_bool().unwrap_or(false),
                "default" => s.default = non_null(v),
                "example" => s.example = non_null(v),
                "enum" => {
                    s.enum_ = v.as_seq().filter(|l| !l.is_empty()).map(<[Node]>::to_vec);
                }
                "maximum" => s.maximum = v.as_f64(),
                "exclusiveMaximum" => s.exclusive_maximum = v.as_bool().unwrap_or(false),
                "minimum" => s.minimum = v.as_f64(),
                "exclusiveMinimum" => s.exclusive_minimum = v.as_bool().unwrap_or(false),
                "multipleOf" => s.multiple_of = v.as_f64(),
                "maxLength" => s.max_length = v.as_i64(),
                "minLength" => s.min_length = v.as_i64(),
                "maxItems" => s.max_items = v.as_i64(),
                "minItems" => s.min_items = v.as_i64(),
                "maxProperties" => s.max_properties = v.as_i64(),
                "minProperties" => s.min_properties = v.as_i64(),
                "pattern" => s.pattern = str_of(v),
                "uniqueItems" => s.unique_items = v.as_bool().unwrap_or(false),
                "required" => s.required = strings_of(v),
                "x-kubernetes-preserve-unknown-fields" => s.x_preserve_unknown_fields = v.as_bool(),
                "x-kubernetes-embedded-resource" => {
                    s.x_embedded_resource = v.as_bool().unwrap_or(false)
                }
                "x-kubernetes-int-or-string" => s.x_int_or_string = v.as_bool().unwrap_or(false),
                "x-kubernetes-list-type" => s.x_list_type = str_of(v),
                "x-kubernetes-list-map-keys" => s.x_list_map_keys = strings_of(v),
                "x-kubernetes-map-type" => s.x_map_type = str_of(v),
                "x-kubernetes-validations" => {
                    s.x_validations = v
                        .as_seq()
                        .map(|l| l.iter().filter_map(ValidationRule::from_node).collect())
                        .unwrap_or_default();
                }
                // Sub-schemas: only below the depth cap.
                "properties"
                | "additionalProperties"
                | "items"
                | "allOf"
                | "anyOf"
                | "oneOf"
                | "not"
                    if !deeper =>
                {
                    s.truncated = true;
                }
                "properties" => {
                    if let Some(m) = v.as_map() {
                        s.properties = m
                            .entries
                            .iter()
                            .map(|p| {
                                (
                                    p.key.to_string(),
                                    Self::convert(&p.value, p.key_span, depth + 1),
                                )
                            })
                            .collect();
                    }
                }
                "additionalProperties" => {
                    s.additional_properties = match &v.value {
                        Value::Bool(b) => Some(AdditionalProperties::Bool(*b)),
                        Value::Map(_) => Some(AdditionalProperties::Schema(Box::new(
                            Self::convert(v, e.key_span, depth + 1),
                        ))),
                        _ => None,
                    };
                }
                "items" => {
                    s.items = Self::convert_single(v, e.key_span, depth);
                }
                "allOf" => s.all_of = Self::convert_list(v, depth),
                "anyOf" => s.any_of = Self::convert_list(v, depth),
                "oneOf" => s.one_of = Self::convert_list(v, depth),
                "not" => s.not = Self::convert_single(v, e.key_span, depth),
                _ => {}
            }
        }
        s
    }

    fn convert_single(v: &Node, key_span: Span, depth: usize) -> Option<Box<Schema>> {
        v.as_map()
            .map(|_| Box::new(Self::convert(v, key_span, depth + 1)))
    }

    fn convert_list(v: &Node, depth: usize) -> Vec<Schema> {
        v.as_seq()
            .map(|l| {
                l.iter()
                    .filter(|n| n.as_map().is_some())
                    .map(|n| Self::convert(n, Span::default(), depth + 1))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `type` equals `t`.
    pub fn is_type(&self, t: &str) -> bool {
        self.type_.as_deref() == Some(t)
    }

    /// `type` as a str (`""` when absent, as the Go field would be).
    pub fn type_str(&self) -> &str {
        self.type_.as_deref().unwrap_or("")
    }

    /// True when values of this schema are JSON objects whose keys are governed by the schema:
    /// `type: object`, or no type but `properties`/`additionalProperties` given (as inside
    /// junctors, where `type` is forbidden).
    pub fn is_object_like(&self) -> bool {
        self.is_type("object")
            || (self.type_.is_none()
                && (!self.properties.is_empty() || self.additional_properties.is_some()))
    }

    /// True when values are arrays governed by `items` (`type: array`, or untyped with `items`).
    pub fn is_array_like(&self) -> bool {
        self.is_type("array") || (self.type_.is_none() && self.items.is_some())
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
        self.properties
            .get(key)
            .or_else(|| self.additional_properties_schema())
    }

    /// `x-kubernetes-list-type: set`.
    pub fn is_list_set(&self) -> bool {
        self.x_list_type.as_deref() == Some("set")
    }

    /// `x-kubernetes-list-type: map`.
    pub fn is_list_map(&self) -> bool {
        self.x_list_type.as_deref() == Some("map")
    }

    /// `required` contains `name`.
    pub fn requires(&self, name: &str) -> bool {
        self.required.iter().any(|r| r == name)
    }

    /// True when any value validation (`NewStructural`'s `ValueValidation`) is present; junctors
    /// count.
    pub fn has_value_validation(&self) -> bool {
        self.format.is_some()
            || self.enum_.is_some()
            || self.maximum.is_some()
            || self.exclusive_maximum
            || self.minimum.is_some()
            || self.exclusive_minimum
            || self.multiple_of.is_some()
            || self.max_length.is_some()
            || self.min_length.is_some()
            || self.max_items.is_some()
            || self.min_items.is_some()
            || self.max_properties.is_some()
            || self.min_properties.is_some()
            || self.pattern.is_some()
            || self.unique_items
            || !self.required.is_empty()
            || !self.all_of.is_empty()
            || !self.any_of.is_empty()
            || !self.one_of.is_empty()
            || self.not.is_some()
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
        let all = self
            .all_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::AllOf(i), s));
        let any = self
            .any_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::AnyOf(i), s));
        let one = self
            .one_of
            .iter()
            .enumerate()
            .map(|(i, s)| (Edge::OneOf(i), s));
        let not = self.not.as_deref().map(|s| (Edge::Not, s));
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
            Edge::AllOf(i) => s.all_of.get(i),
            Edge::AnyOf(i) => s.any_of.get(i),
            Edge::OneOf(i) => s.one_of.get(i),
            Edge::Not => s.not.as_deref(),
        })
    }

    /// True if this node or any node below it (structural edges only, as the server's
    /// `HasDefaults` walks) has a `default`.
    pub fn has_defaults(&self) -> bool {
        self.default.is_some() || self.structural_children().any(|(_, c)| c.has_defaults())
    }

    /// True if this node or any sub-schema (including junctors) has x-kubernetes-validations.
    pub fn has_validation_rules(&self) -> bool {
        !self.x_validations.is_empty() || self.children().any(|(_, c)| c.has_validation_rules())
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

impl ValidationRule {
    /// Converts one `x-kubernetes-validations` entry; `None` when it is not a mapping.
    pub fn from_node(node: &Node) -> Option<ValidationRule> {
        let map = node.as_map()?;
        let mut r = ValidationRule {
            span: node.span(),
            ..ValidationRule::default()
        };
        for (k, v) in map.iter() {
            match k {
                "rule" => {
                    if let Some(t) = v.as_str() {
                        r.rule = t.to_string();
                        r.rule_span = v.span();
                        r.rule_style = v.style();
                    }
                }
                "message" => r.message = v.as_str().unwrap_or_default().to_string(),
                "messageExpression" => {
                    if let Some(t) = v.as_str() {
                        r.message_expression = t.to_string();
                        r.message_expression_span = v.span();
                        r.message_expression_style = v.style();
                    }
                }
                "reason" => r.reason = str_of(v),
                "fieldPath" => {
                    if let Some(t) = v.as_str() {
                        r.field_path = t.to_string();
                        r.field_path_span = v.span();
                    }
                }
                "optionalOldSelf" => r.optional_old_self = v.as_bool(),
                _ => {}
            }
        }
        Some(r)
    }
}

fn str_of(v: &Node) -> Option<String> {
    v.as_str().map(str::to_string)
}

fn non_null(v: &Node) -> Option<Node> {
    (!v.is_null()).then(|| v.clone())
}

fn strings_of(v: &Node) -> Vec<String> {
    v.as_seq()
        .map(|l| {
            l.iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(v: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&v))
    }

    #[test]
    fn converts_keywords() {
        let s = schema(json!({
            "type": "object",
            "required": ["spec", 3],
            "properties": {
                "spec": {
                    "type": "object",
                    "description": "long text",
                    "properties": {
                        "replicas": {"type": "integer", "minimum": 0, "maximum": 10.5,
                                     "exclusiveMaximum": true, "default": 1},
                        "name": {"type": "string", "maxLength": 5, "pattern": "^a", "enum": ["a", "ab"]},
                        "list": {"type": "array", "items": {"type": "string"},
                                 "x-kubernetes-list-type": "set", "maxItems": 3}
                    },
                    "x-kubernetes-validations": [
                        {"rule": "self.replicas > 0", "message": "m", "reason": "FieldValueForbidden",
                         "fieldPath": ".replicas", "optionalOldSelf": true},
                        "not a map"
                    ]
                },
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "free": {"type": "object", "additionalProperties": false,
                         "x-kubernetes-preserve-unknown-fields": true}
            }
        }));
        assert!(s.is_type("object"));
        assert_eq!(s.required, vec!["spec".to_string()]);
        let spec = &s.properties["spec"];
        assert!(spec.description_span.is_some());
        let rep = &spec.properties["replicas"];
        assert_eq!(rep.minimum, Some(0.0));
        assert_eq!(rep.maximum, Some(10.5));
        assert!(rep.exclusive_maximum && !rep.exclusive_minimum);
        assert_eq!(rep.default.as_ref().and_then(Node::as_i64), Some(1));
        let name = &spec.properties["name"];
        assert_eq!(name.max_length, Some(5));
        assert_eq!(name.pattern.as_deref(), Some("^a"));
        assert_eq!(name.enum_.as_ref().map(Vec::len), Some(2));
        let list = &spec.properties["list"];
        assert!(list.is_list_set() && list.is_array_like());
        assert!(list.items.as_ref().is_some_and(|i| i.is_type("string")));
        assert_eq!(spec.x_validations.len(), 1);
        let r = &spec.x_validations[0];
        assert_eq!(r.rule, "self.replicas > 0");
        assert_eq!(r.reason.as_deref(), Some("FieldValueForbidden"));
        assert_eq!(r.field_path, ".replicas");
        assert_eq!(r.optional_old_self, Some(true));
        assert!(s.properties["labels"]
            .child_for_key("anything")
            .is_some_and(|c| c.is_type("string")));
        assert!(s.properties["free"].forbids_additional_properties());
        assert!(s.properties["free"].preserves_unknown_fields());
        assert!(s.has_defaults() && s.has_validation_rules());
    }

    #[test]
    fn wrong_types_are_ignored() {
        let s = schema(json!({
            "type": 5, "maxLength": "5", "items": [{"type": "string"}], "required": {},
            "default": null, "enum": [], "nullable": "yes", "properties": [],
            "x-kubernetes-validations": {"rule": "x"}
        }));
        assert_eq!(
            s,
            Schema {
                span: s.span,
                ..Schema::default()
            }
        );
        assert_eq!(
            Schema::from_node(&Node::from_json(&json!("str"))),
            Schema::default()
        );
    }

    #[test]
    fn junctors_walk_and_paths() {
        let s = schema(json!({
            "type": "object",
            "properties": {"a": {"type": "integer", "x-kubernetes-int-or-string": true}},
            "anyOf": [{"required": ["a"]}, {"properties": {"a": {"maximum": 3}}}],
            "not": {"items": {"minLength": 1}}
        }));
        let root = FieldPath::new("spec")
            .child("validation")
            .child("openAPIV3Schema");
        let mut seen = Vec::new();
        s.walk(&root, &mut |p, _| {
            seen.push(p.to_string());
            true
        });
        let p = "spec.validation.openAPIV3Schema";
        assert_eq!(
            seen,
            vec![
                p.to_string(),
                format!("{p}.properties[a]"),
                format!("{p}.anyOf[0]"),
                format!("{p}.anyOf[1]"),
                format!("{p}.anyOf[1].properties[a]"),
                format!("{p}.not"),
                format!("{p}.not.items"),
            ]
        );
        let a = s.descend(&[Edge::AnyOf(1), Edge::Property("a")]);
        assert_eq!(a.and_then(|a| a.maximum), Some(3.0));
        assert!(s.any_of[1].is_object_like());
        assert!(s.not.as_ref().is_some_and(|n| n.is_array_like()));
        assert!(s.has_value_validation());
        assert!(!s.properties["a"].has_value_validation());
    }

    /// `field_path` section of the CRD conformance vectors (apiextensions
    /// `TestValidateFieldPath`), resolved with `k8s::fieldpath` over the model.
    #[test]
    fn field_path_conformance() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/conformance/schema/crd-validation.yaml"
        );
        let text = std::fs::read_to_string(path).expect("crd-validation.yaml");
        let docs = crate::yaml::load(&text);
        let root = docs[0].root.as_ref().expect("document");
        let sec = root
            .at(&["sections", "field_path"])
            .expect("field_path section");
        let schema = Schema::from_node(sec.get("schema").expect("schema"));
        let cases = sec.get("cases").and_then(Node::as_seq).expect("cases");
        assert_eq!(cases.len(), 23);
        for c in cases {
            let name = c.get_str("name").unwrap_or("?");
            let fp = c.get_str("field_path").expect("field_path");
            let valid = c.get("valid").and_then(Node::as_bool).expect("valid");
            let got = crate::k8s::fieldpath::valid_field_path(fp, &schema, true);
            match (valid, got) {
                (true, Ok(_)) => {}
                (false, Err(e)) => {
                    let want = c.get_str("error_contains").unwrap_or("");
                    assert!(e.contains(want), "{name}: {e:?} lacks {want:?}");
                }
                (true, Err(e)) => panic!("{name}: unexpected error {e}"),
                (false, Ok(r)) => panic!("{name}: expected an error, resolved to {}", r.path),
            }
        }
    }

    /// Corpus CRDs are accepted by real API servers, so every rule `fieldPath` must resolve from
    /// its node and every selectable field from the root.
    #[test]
    fn corpus_field_paths_resolve() {
        use crate::k8s::fieldpath::valid_field_path;
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
            println!("skipped: {} not found", corpus.display());
            return;
        };
        let (mut rules, mut selectable, mut failures) = (0, 0, Vec::new());
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (Some(&"crd"), Some(path)) = (cols.get(5), cols.get(4)) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(corpus.join(path)) else {
                continue;
            };
            for doc in crate::yaml::load(&text) {
                let Some(root) = &doc.root else { continue };
                let versions = root.at(&["spec", "versions"]).and_then(Node::as_seq);
                for v in versions.unwrap_or_default() {
                    let Some(node) = v.at(&["schema", "openAPIV3Schema"]) else {
                        continue;
                    };
                    let schema = Schema::from_node(node);
                    schema.walk(&FieldPath::root(), &mut |_, s| {
                        for r in s.x_validations.iter().filter(|r| !r.field_path.is_empty()) {
                            rules += 1;
                            if let Err(e) = valid_field_path(&r.field_path, s, true) {
                                failures.push(format!("{path}: {:?}: {e}", r.field_path));
                            }
                        }
                        true
                    });
                    let fields = v.get("selectableFields").and_then(Node::as_seq);
                    for f in fields.unwrap_or_default() {
                        let Some(jp) = f.get_str("jsonPath") else {
                            continue;
                        };
                        selectable += 1;
                        if let Err(e) = valid_field_path(jp, &schema, false) {
                            failures.push(format!("{path}: selectable {jp:?}: {e}"));
                        }
                    }
                }
            }
        }
        println!("corpus: {rules} rule fieldPaths, {selectable} selectable fields");
        // The corpus has no rule-level fieldPath (when written); selectable fields it has.
        assert!(selectable > 10, "expected selectable fields in the corpus");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn depth_is_capped() {
        let mut v = json!({"type": "string"});
        for _ in 0..(MAX_DEPTH + 10) {
            v = json!({"type": "object", "properties": {"x": v}});
        }
        let s = schema(v);
        let mut depth = 0;
        let mut cur = &s;
        while let Some(c) = cur.properties.get("x") {
            cur = c;
            depth += 1;
        }
        assert_eq!(depth, MAX_DEPTH - 1);
        assert!(cur.truncated);
    }
}
