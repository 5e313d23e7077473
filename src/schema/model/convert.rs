//! [`Schema::from_node`]: the spanned YAML node converted into the typed model, leniently (see
//! the module docs of [`super`]).

use super::{AdditionalProperties, Rare, Schema, Seldom, ValidationRule, MAX_DEPTH};
use crate::schema::keywords::K;
use crate::yaml::{Node, Span, Value};

impl Schema {
    /// Converts an `openAPIV3Schema` node. Never fails; see the module docs for what is ignored.
    /// A node that is not a mapping gives an empty schema with the node's span.
    pub fn from_node(node: &Node) -> Schema {
        Self::convert(node, Span::default(), 0, false)
    }

    /// [`Schema::from_node`] for the CEL rule walks (compile check and cost), which enter only
    /// the sub-schemas that have `x-kubernetes-validations` at or below them and type only
    /// nodes at or below a node with rules: a sub-schema with no rules at or below it is left
    /// empty (its spans only, and still present, so that e.g. a map keeps its
    /// `additionalProperties`), and a node that has rules is converted whole. Most of a CRD's
    /// schema has no rules: converting (and dropping) it all was 41 M of the 543 M
    /// instructions of linting the 107 CRDs of the 10,000-resource workload.
    pub fn from_node_for_rules(node: &Node) -> Schema {
        Self::convert(node, Span::default(), 0, true)
    }

    /// Whether [`Schema::from_node`] of `node` would have any `x-kubernetes-validations` entry
    /// (or an empty or malformed list): stops at the first one.
    pub fn node_has_rules(node: &Node) -> bool {
        has_rules(node, 0)
    }

    /// `prune`: leave sub-schemas without rules empty (see [`Schema::from_node_for_rules`]).
    fn convert(node: &Node, key_span: Span, depth: usize, prune: bool) -> Schema {
        let mut s = Schema {
            span: node.span(),
            key_span,
            ..Schema::default()
        };
        let Some(map) = node.as_map() else {
            return s;
        };
        let deeper = depth + 1 < MAX_DEPTH;
        // Below a node with rules everything may be typed: convert it whole.
        let prune = prune && !map.entries.iter().any(|e| e.key == K::Validations.name());
        // Filled on the stack and boxed only when the node has one of these keywords.
        let mut r = Rare::default();
        let mut q = Seldom::default();
        // Whether a keyword kept in `r` was met: most nodes have none, and then `r` (and `q`)
        // are not compared with the empty ones.
        let mut rare = false;
        let mut type_ = None;
        for e in &map.entries {
            let v = &e.value;
            // Every keyword of the shared table, so that a new one cannot be forgotten here.
            let Some(k) = K::of(&e.key) else { continue };
            rare |= !matches!(
                k,
                K::Type
                    | K::Description
                    | K::Nullable
                    | K::PreserveUnknownFields
                    | K::EmbeddedResource
                    | K::IntOrString
                    | K::Properties
                    | K::AdditionalProperties
                    | K::Items
            );
            match k {
                K::Type => type_ = v.as_str(),
                K::Format => r.format = str_of(v),
                K::Title => q.title = str_of(v),
                // Only the linter reads descriptions, from the YAML node.
                K::Description => {}
                K::Nullable => s.nullable = v.as_bool().unwrap_or(false),
                K::Default => r.default = non_null(v).map(Box::new),
                K::Example => q.example = non_null(v).map(Box::new),
                K::Enum => {
                    r.enum_ = v.as_seq().filter(|l| !l.is_empty()).map(<[Node]>::to_vec);
                }
                K::Maximum => q.maximum = v.as_f64(),
                K::ExclusiveMaximum => q.exclusive_maximum = v.as_bool().unwrap_or(false),
                K::Minimum => q.minimum = v.as_f64(),
                K::ExclusiveMinimum => q.exclusive_minimum = v.as_bool().unwrap_or(false),
                K::MultipleOf => q.multiple_of = v.as_f64(),
                K::MaxLength => r.max_length = v.as_i64(),
                K::MinLength => r.min_length = v.as_i64(),
                K::MaxItems => q.max_items = v.as_i64(),
                K::MinItems => q.min_items = v.as_i64(),
                K::MaxProperties => q.max_properties = v.as_i64(),
                K::MinProperties => q.min_properties = v.as_i64(),
                K::Pattern => r.pattern = str_of(v),
                K::UniqueItems => q.unique_items = v.as_bool().unwrap_or(false),
                K::Required => r.required = strings_of(v),
                K::PreserveUnknownFields => s.x_preserve_unknown_fields = v.as_bool(),
                K::EmbeddedResource => s.x_embedded_resource = v.as_bool().unwrap_or(false),
                K::IntOrString => s.x_int_or_string = v.as_bool().unwrap_or(false),
                K::ListType => r.x_list_type = str_of(v),
                K::ListMapKeys => r.x_list_map_keys = strings_of(v),
                K::MapType => r.x_map_type = str_of(v),
                K::Validations => {
                    r.x_validations = v
                        .as_seq()
                        .map(|l| l.iter().filter_map(ValidationRule::from_node).collect())
                        .unwrap_or_default();
                }
                // Sub-schemas: only below the depth cap.
                K::Properties
                | K::AdditionalProperties
                | K::Items
                | K::AllOf
                | K::AnyOf
                | K::OneOf
                | K::Not
                    if !deeper =>
                {
                    s.truncated = true;
                }
                K::Properties => {
                    if let Some(m) = v.as_map() {
                        s.properties = m
                            .entries
                            .iter()
                            .map(|p| {
                                (
                                    // Not `to_string`: that formats through `Display`.
                                    p.key.as_str().to_owned(),
                                    Self::child(&p.value, p.key_span, depth + 1, prune),
                                )
                            })
                            .collect();
                    }
                }
                K::AdditionalProperties => {
                    s.additional_properties =
                        match &v.value {
                            Value::Bool(b) => Some(AdditionalProperties::Bool(*b)),
                            Value::Map(_) => Some(AdditionalProperties::Schema(Box::new(
                                Self::child(v, e.key_span, depth + 1, prune),
                            ))),
                            _ => None,
                        };
                }
                K::Items => {
                    s.items = Self::convert_single(v, e.key_span, depth, prune);
                }
                K::AllOf => q.all_of = Self::convert_list(v, depth, prune),
                K::AnyOf => q.any_of = Self::convert_list(v, depth, prune),
                K::OneOf => q.one_of = Self::convert_list(v, depth, prune),
                K::Not => q.not = Self::convert_single(v, e.key_span, depth, prune),
                // Rejected by the server (see the module docs) or documentation only: not
                // modelled.
                K::Id
                | K::Schema
                | K::Ref
                | K::PatternProperties
                | K::Dependencies
                | K::AdditionalItems
                | K::Definitions
                | K::ExternalDocs => {}
            }
        }
        if rare && q != Seldom::EMPTY {
            r.seldom = Some(Box::new(q));
        }
        if rare && r != Rare::EMPTY {
            s.rare = Some(Box::new(r));
        }
        s.set_type(type_);
        s
    }

    fn convert_single(v: &Node, key_span: Span, depth: usize, prune: bool) -> Option<Box<Schema>> {
        v.as_map()
            .map(|_| Box::new(Self::child(v, key_span, depth + 1, prune)))
    }

    fn convert_list(v: &Node, depth: usize, prune: bool) -> Vec<Schema> {
        v.as_seq()
            .map(|l| {
                l.iter()
                    .filter(|n| n.as_map().is_some())
                    .map(|n| Self::child(n, Span::default(), depth + 1, prune))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A sub-schema at `depth`: converted, or left empty when pruning and it has no rules.
    fn child(v: &Node, key_span: Span, depth: usize, prune: bool) -> Schema {
        if prune && !has_rules(v, depth) {
            return Schema {
                span: v.span(),
                key_span,
                ..Schema::default()
            };
        }
        Self::convert(v, key_span, depth, prune)
    }
}

/// Whether the sub-schema `node` at `depth` has an `x-kubernetes-validations` key at or below
/// it, following the sub-schema keywords to the depth [`Schema::convert`] goes: true whenever
/// its conversion could have a rule (an empty or malformed list counts too; the caller then
/// only converts more than needed).
fn has_rules(node: &Node, depth: usize) -> bool {
    let Some(map) = node.as_map() else {
        return false;
    };
    let deeper = depth + 1 < MAX_DEPTH;
    map.entries.iter().any(|e| {
        let v = &e.value;
        match K::of(&e.key) {
            Some(K::Validations) => true,
            _ if !deeper => false,
            Some(K::Properties) => v
                .as_map()
                .is_some_and(|m| m.entries.iter().any(|p| has_rules(&p.value, depth + 1))),
            Some(K::AdditionalProperties | K::Items | K::Not) => has_rules(v, depth + 1),
            Some(K::AllOf | K::AnyOf | K::OneOf) => v
                .as_seq()
                .is_some_and(|l| l.iter().any(|n| has_rules(n, depth + 1))),
            _ => false,
        }
    })
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
