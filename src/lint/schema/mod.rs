//! Schema rules on `openAPIV3Schema` as the user wrote it (digest §1.13–§1.16): forbidden
//! keywords, `uniqueItems`, `additionalProperties` with `properties`, the `x-kubernetes-*`
//! extension rules, the status-subresource root restriction, root `nullable`, and the static
//! checks of `x-kubernetes-validations`. Also the entry point that runs structural checks
//! (`structural.rs`) and default validation (`defaults/`) in the server's order.

use super::crd::Place;
use super::ctx::{get_set, go_json, key_span, Bad, ErrType, FErr, Loc, Sink};
use super::subschemas::visit_subschemas;
use crate::diag::{Rule, Severity};
use crate::schema::keywords::{Kw, K};
use crate::yaml::{Node, Value};
use std::ops::ControlFlow;

mod beyond;
mod validations;
mod walk;

pub(crate) use beyond::NOT_CHECKED;
use validations::cel_rules;
use walk::{Ssv, Walker};

pub static TYPE: Rule = Rule {
    id: "schema/type",
    severity: Severity::Error,
    summary: "A `type` other than array, boolean, integer, number, object or string",
    docs: "Only the six OpenAPI v3 types are accepted. `null` is not a type in OpenAPI v3: use \
`nullable: true` instead.",
    bad: "properties:\n  count:\n    type: int\n",
    good: "properties:\n  count:\n    type: integer\n",
};

pub static FORBIDDEN_KEYWORD: Rule = Rule {
    id: "schema/forbidden-keyword",
    severity: Severity::Error,
    summary: "An unsupported keyword: `id`, `$ref`, `definitions`, `dependencies`, `patternProperties`, `additionalItems` or a list of `items`",
    docs: "CRD schemas are a subset of OpenAPI v3: references and the keywords that need them are not \
supported, and `items` must be one schema (not a list of schemas). Inline the referenced schema.",
    bad: "properties:\n  spec:\n    $ref: '#/definitions/Spec'\n",
    good: "properties:\n  spec:\n    type: object\n",
};

pub static UNIQUE_ITEMS: Rule = Rule {
    id: "schema/unique-items",
    severity: Severity::Error,
    summary: "A `uniqueItems: true`, which the server rejects",
    docs: "Checking uniqueness is quadratic in the list length, so the server forbids it. Use \
`x-kubernetes-list-type: set` (or `map`), which the server checks efficiently.",
    bad: "tags:\n  type: array\n  uniqueItems: true\n  items: {type: string}\n",
    good: "tags:\n  type: array\n  x-kubernetes-list-type: set\n  items: {type: string}\n",
};

pub static ADDITIONAL_PROPERTIES: Rule = Rule {
    id: "schema/additional-properties",
    severity: Severity::Error,
    summary: "A schema with both `additionalProperties` and `properties`",
    docs: "`properties` describes a struct, `additionalProperties` a map; one node cannot be both \
(only `additionalProperties: true` may accompany `properties`).",
    bad: "type: object\nproperties:\n  a: {type: string}\nadditionalProperties: {type: string}\n",
    good: "type: object\nadditionalProperties: {type: string}\n",
};

pub static LIST_TYPE: Rule = Rule {
    id: "schema/list-type",
    severity: Severity::Error,
    summary: "An invalid `x-kubernetes-list-type` or `x-kubernetes-list-map-keys`",
    docs: "`x-kubernetes-list-type` is `atomic`, `set` or `map` on arrays only. A `map` list needs \
`x-kubernetes-list-map-keys` naming scalar, non-nullable item properties that are required or \
defaulted; `set` items must be scalars or atomic; set and map items may not be nullable.",
    bad: "type: array\nx-kubernetes-list-type: map\nitems:\n  type: object\n  properties:\n    name: {type: string}\n",
    good: "type: array\nx-kubernetes-list-type: map\nx-kubernetes-list-map-keys: [name]\nitems:\n  type: object\n  required: [name]\n  properties:\n    name: {type: string}\n",
};

pub static MAP_TYPE: Rule = Rule {
    id: "schema/map-type",
    severity: Severity::Error,
    summary: "An `x-kubernetes-map-type` other than atomic or granular, or not on an object",
    docs: "`x-kubernetes-map-type` tells server-side apply how to merge an object: `granular` (per key, \
the default) or `atomic` (as a whole). It applies to `type: object` only.",
    bad: "type: string\nx-kubernetes-map-type: atomic\n",
    good: "type: object\nx-kubernetes-map-type: atomic\n",
};

pub static PRESERVE_UNKNOWN: Rule = Rule {
    id: "schema/preserve-unknown-fields",
    severity: Severity::Error,
    summary:
        "An `x-kubernetes-preserve-unknown-fields` set to false (only true or absent is accepted)",
    docs: "`x-kubernetes-preserve-unknown-fields: false` is rejected: leave the key out instead.",
    bad: "x-kubernetes-preserve-unknown-fields: false\n",
    good: "type: object\n",
};

pub static STATUS_ROOT: Rule = Rule {
    id: "schema/status-root",
    severity: Severity::Error,
    summary: "A schema root with keywords the status subresource does not allow",
    docs: "With `subresources.status`, the server validates `status` separately by extracting \
`properties.status`; so the root must be `type: object` and may only use description, type, format, \
title, numeric/string/array bounds, required, items, properties, externalDocs, example, \
x-kubernetes-preserve-unknown-fields and x-kubernetes-validations.",
    bad: "subresources:\n  status: {}\nschema:\n  openAPIV3Schema:\n    type: object\n    anyOf: [{required: [spec]}]\n",
    good: "subresources:\n  status: {}\nschema:\n  openAPIV3Schema:\n    type: object\n    required: [spec]\n",
};

pub static NULLABLE_ROOT: Rule = Rule {
    id: "schema/nullable-root",
    severity: Severity::Error,
    summary: "A `nullable: true` at the schema root",
    docs: "A resource is always an object; the root of its schema cannot be nullable.",
    bad: "openAPIV3Schema:\n  type: object\n  nullable: true\n",
    good: "openAPIV3Schema:\n  type: object\n",
};

pub static DEFAULT_FORBIDDEN: Rule = Rule {
    id: "schema/default-forbidden",
    severity: Severity::Error,
    summary: "A default in top-level `metadata`, `apiVersion` or `kind`, in a junctor, or in a metadata map",
    docs: "The server fills defaults when reading objects; it cannot default the resource's own \
metadata, apiVersion or kind, values inside `additionalProperties` of metadata, or values inside \
`allOf`/`anyOf`/`oneOf`/`not`.",
    bad: "properties:\n  metadata:\n    type: object\n    default: {name: x}\n",
    good: "properties:\n  spec:\n    type: object\n    default: {}\n",
};

pub static EMBEDDED_RESOURCE: Rule = Rule {
    id: "schema/embedded-resource",
    severity: Severity::Error,
    summary: "An `x-kubernetes-embedded-resource` inside resource metadata",
    docs: "`x-kubernetes-embedded-resource` marks a nested object that is itself a Kubernetes \
object; it cannot appear inside a resource's metadata, apiVersion or kind.",
    bad: "properties:\n  metadata:\n    x-kubernetes-embedded-resource: true\n",
    good: "properties:\n  template:\n    type: object\n    x-kubernetes-embedded-resource: true\n    x-kubernetes-preserve-unknown-fields: true\n",
};

pub static VALIDATION_RULE: Rule = Rule {
    id: "schema/validation-rule",
    severity: Severity::Error,
    summary:
        "An invalid `x-kubernetes-validations` entry (`rule`, `message`, `messageExpression`, `reason`, `fieldPath`)",
    docs:
        "Each validation rule needs a non-empty `rule`; `message` must be a single non-blank line \
(and is required when the rule spans lines); `reason` is one of FieldValueInvalid, \
FieldValueForbidden, FieldValueRequired, FieldValueDuplicate; `fieldPath` must name a field of the \
schema. (Compiling the CEL expression is the `cel/*` rules' job.)",
    bad: "x-kubernetes-validations:\n- rule: self.a > 0\n  reason: Invalid\n",
    good: "x-kubernetes-validations:\n- rule: self.a > 0\n  reason: FieldValueInvalid\n",
};

/// The server's `validationOptions` that concern schemas.
#[derive(Clone, Copy, Debug)]
pub struct SchemaOpts {
    pub allow_defaults: bool,
    pub require_valid_property_type: bool,
    pub require_structural: bool,
    pub require_pruned_defaults: bool,
    pub require_atomic_set_type: bool,
    pub require_map_list_keys_map_set_validation: bool,
    /// Compile `x-kubernetes-validations` with `crate::cel` as this Kubernetes version's API
    /// server does (new expressions use the previous minor's libraries); `None`: no CEL.
    pub cel: Option<crate::k8s::KubeVersion>,
    /// Cost warning threshold in percent of the limit (`cel::cost::CostSettings::warn_percent`);
    /// `None`: the default.
    pub cost_warn_percent: Option<u32>,
    /// The emulated API server (`--kube-version`): how default values are checked and worded.
    pub kube: crate::k8s::KubeVersion,
}

impl SchemaOpts {
    /// The create-time option set.
    pub fn create() -> SchemaOpts {
        SchemaOpts {
            allow_defaults: true,
            require_valid_property_type: true,
            require_structural: true,
            require_pruned_defaults: true,
            require_atomic_set_type: true,
            require_map_list_keys_map_set_validation: true,
            cel: Some(crate::k8s::KubeVersion::default()),
            cost_warn_percent: None,
            kube: crate::k8s::KubeVersion::default(),
        }
    }
    /// Every option false (Go's zero value), as the upstream schema unit tests start.
    pub fn none() -> SchemaOpts {
        SchemaOpts {
            allow_defaults: false,
            require_valid_property_type: false,
            require_structural: false,
            require_pruned_defaults: false,
            require_atomic_set_type: false,
            require_map_list_keys_map_set_validation: false,
            cel: Some(crate::k8s::KubeVersion::default()),
            cost_warn_percent: None,
            kube: crate::k8s::KubeVersion::default(),
        }
    }
}

/// What a schema contains, found in one pass (`specHasDefaults`, `specHasKubernetesExtensions`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Facts {
    pub(crate) has_default: bool,
    pub(crate) has_extensions: bool,
}

impl Facts {
    pub(crate) fn merge(self, o: Facts) -> Facts {
        Facts {
            has_default: self.has_default || o.has_default,
            has_extensions: self.has_extensions || o.has_extensions,
        }
    }
}

/// Stops at the first node that settles both facts (a full walk of every schema was 16 M of
/// the 452 M instructions of linting the 107 CRDs of the 10,000-resource workload).
pub(crate) fn facts(s: &Node) -> Facts {
    let mut f = Facts::default();
    let _ = visit_subschemas(s, 0, &mut |n| {
        let Some(k) = Kw::of(n) else {
            return ControlFlow::Continue(());
        };
        if k.set(K::Default).is_some() {
            f.has_default = true;
        }
        if k.flag(K::EmbeddedResource)
            || k.set(K::PreserveUnknownFields).is_some()
            || k.flag(K::IntOrString)
            || !k.seq(K::ListMapKeys).is_empty()
            || k.set(K::ListType).is_some()
            || !k.seq(K::Validations).is_empty()
        {
            f.has_extensions = true;
        }
        if f.has_default && f.has_extensions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    f
}

/// JSONSchemaProps fields in the order of the server's internal Go struct (apiextensions
/// `types_jsonschema.go`, where `Nullable` follows `Type`), for the status root check.
const STRUCT_ORDER: &[K] = &[
    K::Id,
    K::Schema,
    K::Ref,
    K::Description,
    K::Type,
    K::Nullable,
    K::Format,
    K::Title,
    K::Default,
    K::Maximum,
    K::ExclusiveMaximum,
    K::Minimum,
    K::ExclusiveMinimum,
    K::MaxLength,
    K::MinLength,
    K::Pattern,
    K::MaxItems,
    K::MinItems,
    K::UniqueItems,
    K::MultipleOf,
    K::Enum,
    K::MaxProperties,
    K::MinProperties,
    K::Required,
    K::Items,
    K::AllOf,
    K::OneOf,
    K::AnyOf,
    K::Not,
    K::Properties,
    K::AdditionalProperties,
    K::PatternProperties,
    K::Dependencies,
    K::AdditionalItems,
    K::Definitions,
    K::ExternalDocs,
    K::Example,
    K::PreserveUnknownFields,
    K::EmbeddedResource,
    K::IntOrString,
    K::ListMapKeys,
    K::ListType,
    K::MapType,
    K::Validations,
];

/// The fields allowed at the root with the status subresource, in the server's message order.
const ALLOWED_AT_ROOT: &[K] = &[
    K::Description,
    K::Type,
    K::Format,
    K::Title,
    K::Maximum,
    K::ExclusiveMaximum,
    K::Minimum,
    K::ExclusiveMinimum,
    K::MaxLength,
    K::MinLength,
    K::Pattern,
    K::MaxItems,
    K::MinItems,
    K::UniqueItems,
    K::MultipleOf,
    K::Required,
    K::Items,
    K::Properties,
    K::ExternalDocs,
    K::Example,
    K::PreserveUnknownFields,
    K::Validations,
];

/// True when a JSONSchemaProps field holds its Go zero value (`false`, `""`, nil).
pub(crate) fn is_zero(k: K, v: &Node) -> bool {
    match &v.value {
        Value::Null => true,
        Value::Bool(b) => !b && k != K::PreserveUnknownFields,
        Value::String(s) => s.is_empty() && !matches!(k, K::Ref | K::ListType | K::MapType),
        _ => false,
    }
}

/// `validateCustomResourceDefinitionValidation` for one `schema` wrapper.
pub(crate) fn validate_validation(
    p: &Place,
    status_enabled: bool,
    opts: &SchemaOpts,
    sink: &mut Sink,
) {
    let Some(schema) = get_set(p.node, "openAPIV3Schema") else {
        return;
    };
    if schema.as_map().is_none() {
        return;
    }
    let start = sink.len();
    let sloc = p.loc.child("openAPIV3Schema");
    if status_enabled {
        status_root(schema, &sloc, sink);
    }
    if schema.get("nullable").and_then(Node::as_bool) == Some(true) {
        sink.push(FErr::new(
            &NULLABLE_ROOT,
            ErrType::Forbidden,
            &sloc.child("nullable"),
            key_span(schema, "nullable"),
            Bad::none(),
            "nullable cannot be true at the root",
        ));
    }
    let mut deferred: Option<FErr> = None;
    let mut cel_ok = false;
    // Why the server stops before the defaults or the rules, if it does.
    let mut stop: Option<beyond::Stop> = None;
    // Converting the schema to a structural one is costly: done once for both uses below.
    let conv_err = super::structural::conversion_error(schema);
    if opts.require_structural {
        if let Some(msg) = conv_err {
            deferred = Some(FErr::new(
                &super::structural::STRUCTURAL,
                ErrType::Invalid,
                &sloc,
                schema.span(),
                Bad::str(""),
                msg,
            ));
            stop = Some(beyond::Stop::NotStructural);
        } else {
            let errs = super::structural::validate_structural(
                schema,
                &sloc,
                &super::structural::StructOpts::default(),
            );
            if !errs.is_empty() {
                sink.errs.extend(errs);
                stop = Some(beyond::Stop::NotStructural);
            } else {
                let errs = super::defaults::validate_defaults(
                    schema,
                    &sloc,
                    opts.require_pruned_defaults,
                    opts.kube,
                );
                if !errs.is_empty() {
                    sink.errs.extend(errs);
                    stop = Some(beyond::Stop::Defaults);
                } else {
                    cel_ok = true;
                }
            }
        }
    }
    let ssv = Ssv {
        allow_defaults: opts.allow_defaults,
        reason: None,
        inside_meta: false,
        require_valid_type: opts.require_valid_property_type,
    };
    let mut w = Walker {
        opts,
        sink,
        cel_ok,
        blocked: Vec::new(),
        root_converts: conv_err.is_none(),
    };
    w.walk(schema, &mut sloc.clone(), &ssv, true, 0);
    let blocked = w.blocked;
    if cel_ok {
        if let Some(kv) = opts.cel {
            cel_rules(schema, &sloc, kv, opts.cost_warn_percent, &blocked, sink);
        }
    }
    if sink.len() == start {
        if let Some(e) = deferred {
            sink.push(e);
        }
    }
    if let Some(stop) = stop {
        beyond::check(schema, &sloc, opts, stop, &blocked, sink);
    }
}

fn status_root(schema: &Node, sloc: &Loc, sink: &mut Sink) {
    for &k in STRUCT_ORDER {
        let json = k.name();
        let Some(v) = schema.get(json) else { continue };
        if is_zero(k, v) {
            continue;
        }
        if k == K::Type {
            let t = v.as_str().unwrap_or("");
            if t != "object" {
                sink.push(FErr::new(
                    &STATUS_ROOT,
                    ErrType::Invalid,
                    &sloc.child("type"),
                    v.span(),
                    Bad::str(t),
                    "only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
                ));
                break;
            }
            continue;
        }
        if !ALLOWED_AT_ROOT.contains(&k) {
            let mut e = FErr::new(
                &STATUS_ROOT,
                ErrType::Invalid,
                sloc,
                key_span(schema, json),
                Bad::raw(go_json(schema)),
                format!(
                    "only [{}] fields are allowed at the root of the schema if the status subresource is enabled",
                    ALLOWED_AT_ROOT
                        .iter()
                        .map(|k| k.go_field())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            );
            e.help = Some(format!(
                "`{json}` is not allowed at the root while the status subresource is enabled"
            ));
            sink.push(e);
            break;
        }
    }
}

/// The `schema/not-checked` note for a node whose own rules (and, unless `rules_only`, default)
/// could not be checked (here, not in `beyond`, because the walk notes blocked rules too).
fn not_checked(s: &Node, loc: &Loc, why: &str, rules_only: bool, sink: &mut Sink) {
    let rules = s
        .get("x-kubernetes-validations")
        .and_then(Node::as_seq)
        .map_or(0, <[Node]>::len);
    let default = !rules_only && s.get("default").is_some();
    if rules == 0 && !default {
        return;
    }
    let mut what = Vec::new();
    if rules > 0 {
        what.push(format!(
            "{rules} x-kubernetes-validations rule{}",
            if rules == 1 { "" } else { "s" }
        ));
    }
    if default {
        what.push("its default".to_string());
    }
    let span = s
        .get("x-kubernetes-validations")
        .or_else(|| s.get("default"))
        .map_or(s.span(), Node::span);
    let msg = format!("{}: {} not checked: {why}", loc.user, what.join(" and "));
    let mut d = crate::diag::Diagnostic::new(&NOT_CHECKED, span, msg).with_path(loc.user.clone());
    if loc.user != loc.server {
        d = d.with_server_path(loc.server.clone());
    }
    sink.push_diag(d);
}
