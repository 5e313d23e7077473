//! [`Schema::from_node`]: the spanned YAML node converted into the typed model, leniently (see
//! the module docs of [`super`]).

use super::{AdditionalProperties, Rare, Schema, ValidationRule, MAX_DEPTH};
use crate::yaml::{Node, Span, Value};

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
        // Filled on the stack and boxed only when the node has one of these keywords.
        let mut r = Rare::default();
        for e in &map.entries {
            let v = &e.value;
            match e.key.as_str() {
                "type" => s.type_ = str_of(v),
                "format" => s.format = str_of(v),
                "title" => r.title = str_of(v),
                "description" => s.description_span = Some(v.span()),
                "nullable" => s.nullable = v.as_bool().unwrap_or(false),
                "default" => s.default = non_null(v).map(Box::new),
                "example" => r.example = non_null(v).map(Box::new),
                "enum" => {
                    s.enum_ = v.as_seq().filter(|l| !l.is_empty()).map(<[Node]>::to_vec);
                }
                "maximum" => r.maximum = v.as_f64(),
                "exclusiveMaximum" => r.exclusive_maximum = v.as_bool().unwrap_or(false),
                "minimum" => r.minimum = v.as_f64(),
                "exclusiveMinimum" => r.exclusive_minimum = v.as_bool().unwrap_or(false),
                "multipleOf" => r.multiple_of = v.as_f64(),
                "maxLength" => s.max_length = v.as_i64(),
                "minLength" => r.min_length = v.as_i64(),
                "maxItems" => s.max_items = v.as_i64(),
                "minItems" => r.min_items = v.as_i64(),
                "maxProperties" => s.max_properties = v.as_i64(),
                "minProperties" => r.min_properties = v.as_i64(),
                "pattern" => r.pattern = str_of(v),
                "uniqueItems" => r.unique_items = v.as_bool().unwrap_or(false),
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
                "anyOf" => r.any_of = Self::convert_list(v, depth),
                "oneOf" => r.one_of = Self::convert_list(v, depth),
                "not" => r.not = Self::convert_single(v, e.key_span, depth),
                _ => {}
            }
        }
        if r != Rare::EMPTY {
            s.rare = Some(Box::new(r));
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
