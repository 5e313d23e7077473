//! Schema rules on `openAPIV3Schema` as the user wrote it (digest §1.13–§1.16): forbidden
//! keywords, `uniqueItems`, `additionalProperties` with `properties`, the `x-kubernetes-*`
//! extension rules, the status-subresource root restriction, root `nullable`, and the static
//! checks of `x-kubernetes-validations`. Also the entry point that runs structural checks
//! (`structural.rs`) and default validation (`defaults.rs`) in the server's order.

use super::crd::Place;
use super::crd_spec::supported;
use super::ctx::{
    get_seq, get_set, get_str, go_json, key_span, value_span, Bad, ErrType, FErr, Loc, Sink,
};
use crate::diag::{Rule, Severity};
use crate::yaml::{Node, Value};

pub static TYPE: Rule = Rule {
    id: "schema/type",
    severity: Severity::Error,
    summary: "type must be one of array, boolean, integer, number, object, string",
    docs: "Only the six OpenAPI v3 types are accepted. `null` is not a type in OpenAPI v3: use \
`nullable: true` instead.",
    bad: "properties:\n  count:\n    type: int\n",
    good: "properties:\n  count:\n    type: integer\n",
};

pub static FORBIDDEN_KEYWORD: Rule = Rule {
    id: "schema/forbidden-keyword",
    severity: Severity::Error,
    summary: "id, $ref, definitions, dependencies, patternProperties, additionalItems, array items are not supported",
    docs: "CRD schemas are a subset of OpenAPI v3: references and the keywords that need them are not \
supported, and `items` must be one schema (not a list of schemas). Inline the referenced schema.",
    bad: "properties:\n  spec:\n    $ref: '#/definitions/Spec'\n",
    good: "properties:\n  spec:\n    type: object\n",
};

pub static UNIQUE_ITEMS: Rule = Rule {
    id: "schema/unique-items",
    severity: Severity::Error,
    summary: "uniqueItems: true is rejected",
    docs: "Checking uniqueness is quadratic in the list length, so the server forbids it. Use \
`x-kubernetes-list-type: set` (or `map`), which the server checks efficiently.",
    bad: "tags:\n  type: array\n  uniqueItems: true\n  items: {type: string}\n",
    good: "tags:\n  type: array\n  x-kubernetes-list-type: set\n  items: {type: string}\n",
};

pub static ADDITIONAL_PROPERTIES: Rule = Rule {
    id: "schema/additional-properties",
    severity: Severity::Error,
    summary: "additionalProperties and properties are mutually exclusive",
    docs: "`properties` describes a struct, `additionalProperties` a map; one node cannot be both \
(only `additionalProperties: true` may accompany `properties`).",
    bad: "type: object\nproperties:\n  a: {type: string}\nadditionalProperties: {type: string}\n",
    good: "type: object\nadditionalProperties: {type: string}\n",
};

pub static LIST_TYPE: Rule = Rule {
    id: "schema/list-type",
    severity: Severity::Error,
    summary: "x-kubernetes-list-type / list-map-keys rules",
    docs: "`x-kubernetes-list-type` is `atomic`, `set` or `map` on arrays only. A `map` list needs \
`x-kubernetes-list-map-keys` naming scalar, non-nullable item properties that are required or \
defaulted; `set` items must be scalars or atomic; set and map items may not be nullable.",
    bad: "type: array\nx-kubernetes-list-type: map\nitems:\n  type: object\n  properties:\n    name: {type: string}\n",
    good: "type: array\nx-kubernetes-list-type: map\nx-kubernetes-list-map-keys: [name]\nitems:\n  type: object\n  required: [name]\n  properties:\n    name: {type: string}\n",
};

pub static MAP_TYPE: Rule = Rule {
    id: "schema/map-type",
    severity: Severity::Error,
    summary: "x-kubernetes-map-type must be atomic or granular, on objects",
    docs: "`x-kubernetes-map-type` tells server-side apply how to merge an object: `granular` (per key, \
the default) or `atomic` (as a whole). It applies to `type: object` only.",
    bad: "type: string\nx-kubernetes-map-type: atomic\n",
    good: "type: object\nx-kubernetes-map-type: atomic\n",
};

pub static PRESERVE_UNKNOWN: Rule = Rule {
    id: "schema/preserve-unknown-fields",
    severity: Severity::Error,
    summary: "x-kubernetes-preserve-unknown-fields must be true or absent",
    docs: "`x-kubernetes-preserve-unknown-fields: false` is rejected: leave the key out instead.",
    bad: "x-kubernetes-preserve-unknown-fields: false\n",
    good: "type: object\n",
};

pub static STATUS_ROOT: Rule = Rule {
    id: "schema/status-root",
    severity: Severity::Error,
    summary: "with the status subresource the schema root may only hold a restricted set of keywords",
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
    summary: "nullable cannot be true at the schema root",
    docs: "A resource is always an object; the root of its schema cannot be nullable.",
    bad: "openAPIV3Schema:\n  type: object\n  nullable: true\n",
    good: "openAPIV3Schema:\n  type: object\n",
};

pub static DEFAULT_FORBIDDEN: Rule = Rule {
    id: "schema/default-forbidden",
    severity: Severity::Error,
    summary: "defaults are not allowed in top-level metadata/apiVersion/kind, in junctors, or in metadata maps",
    docs: "The server fills defaults when reading objects; it cannot default the resource's own \
metadata, apiVersion or kind, values inside `additionalProperties` of metadata, or values inside \
`allOf`/`anyOf`/`oneOf`/`not`.",
    bad: "properties:\n  metadata:\n    type: object\n    default: {name: x}\n",
    good: "properties:\n  spec:\n    type: object\n    default: {}\n",
};

pub static EMBEDDED_RESOURCE: Rule = Rule {
    id: "schema/embedded-resource",
    severity: Severity::Error,
    summary: "x-kubernetes-embedded-resource inside resource metadata",
    docs: "`x-kubernetes-embedded-resource` marks a nested object that is itself a Kubernetes \
object; it cannot appear inside a resource's metadata, apiVersion or kind.",
    bad: "properties:\n  metadata:\n    x-kubernetes-embedded-resource: true\n",
    good: "properties:\n  template:\n    type: object\n    x-kubernetes-embedded-resource: true\n    x-kubernetes-preserve-unknown-fields: true\n",
};

pub static VALIDATION_RULE: Rule = Rule {
    id: "schema/validation-rule",
    severity: Severity::Error,
    summary:
        "x-kubernetes-validations entries: rule, message, messageExpression, reason, fieldPath",
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

/// Calls `f` on every sub-schema of `s` the server's `SchemaHas` visits (depth-capped).
pub(crate) fn for_each_subschema<'a>(s: &'a Node, depth: usize, f: &mut dyn FnMut(&'a Node)) {
    if depth > 200 || s.as_map().is_none() {
        return;
    }
    f(s);
    let mut rec = |n: &'a Node| for_each_subschema(n, depth + 1, f);
    if let Some(items) = s.get("items") {
        match &items.value {
            Value::Seq(v) => v.iter().for_each(&mut rec),
            _ => rec(items),
        }
    }
    for k in ["allOf", "anyOf", "oneOf"] {
        get_seq(s, k).iter().for_each(&mut rec);
    }
    if let Some(n) = s.get("not") {
        rec(n);
    }
    for k in [
        "properties",
        "patternProperties",
        "definitions",
        "dependencies",
    ] {
        if let Some(m) = s.get(k).and_then(Node::as_map) {
            m.entries.iter().for_each(|e| rec(&e.value));
        }
    }
    for k in ["additionalProperties", "additionalItems"] {
        if let Some(n) = s.get(k) {
            rec(n);
        }
    }
}

pub(crate) fn facts(s: &Node) -> Facts {
    let mut f = Facts::default();
    for_each_subschema(s, 0, &mut |n| {
        if get_set(n, "default").is_some() {
            f.has_default = true;
        }
        let b = |k: &str| n.get(k).and_then(Node::as_bool) == Some(true);
        if b("x-kubernetes-embedded-resource")
            || get_set(n, "x-kubernetes-preserve-unknown-fields").is_some()
            || b("x-kubernetes-int-or-string")
            || !get_seq(n, "x-kubernetes-list-map-keys").is_empty()
            || get_set(n, "x-kubernetes-list-type").is_some()
            || !get_seq(n, "x-kubernetes-validations").is_empty()
        {
            f.has_extensions = true;
        }
    });
    f
}

/// JSONSchemaProps fields in Go struct order, with their JSON names (status root check).
const STRUCT_ORDER: &[(&str, &str)] = &[
    ("ID", "id"),
    ("Schema", "$schema"),
    ("Ref", "$ref"),
    ("Description", "description"),
    ("Type", "type"),
    ("Nullable", "nullable"),
    ("Format", "format"),
    ("Title", "title"),
    ("Default", "default"),
    ("Maximum", "maximum"),
    ("ExclusiveMaximum", "exclusiveMaximum"),
    ("Minimum", "minimum"),
    ("ExclusiveMinimum", "exclusiveMinimum"),
    ("MaxLength", "maxLength"),
    ("MinLength", "minLength"),
    ("Pattern", "pattern"),
    ("MaxItems", "maxItems"),
    ("MinItems", "minItems"),
    ("UniqueItems", "uniqueItems"),
    ("MultipleOf", "multipleOf"),
    ("Enum", "enum"),
    ("MaxProperties", "maxProperties"),
    ("MinProperties", "minProperties"),
    ("Required", "required"),
    ("Items", "items"),
    ("AllOf", "allOf"),
    ("OneOf", "oneOf"),
    ("AnyOf", "anyOf"),
    ("Not", "not"),
    ("Properties", "properties"),
    ("AdditionalProperties", "additionalProperties"),
    ("PatternProperties", "patternProperties"),
    ("Dependencies", "dependencies"),
    ("AdditionalItems", "additionalItems"),
    ("Definitions", "definitions"),
    ("ExternalDocs", "externalDocs"),
    ("Example", "example"),
    (
        "XPreserveUnknownFields",
        "x-kubernetes-preserve-unknown-fields",
    ),
    ("XEmbeddedResource", "x-kubernetes-embedded-resource"),
    ("XIntOrString", "x-kubernetes-int-or-string"),
    ("XListMapKeys", "x-kubernetes-list-map-keys"),
    ("XListType", "x-kubernetes-list-type"),
    ("XMapType", "x-kubernetes-map-type"),
    ("XValidations", "x-kubernetes-validations"),
];

const ALLOWED_AT_ROOT: &[&str] = &[
    "Description",
    "Type",
    "Format",
    "Title",
    "Maximum",
    "ExclusiveMaximum",
    "Minimum",
    "ExclusiveMinimum",
    "MaxLength",
    "MinLength",
    "Pattern",
    "MaxItems",
    "MinItems",
    "UniqueItems",
    "MultipleOf",
    "Required",
    "Items",
    "Properties",
    "ExternalDocs",
    "Example",
    "XPreserveUnknownFields",
    "XValidations",
];

/// True when a JSONSchemaProps field holds its Go zero value (`false`, `""`, nil).
pub(crate) fn is_zero(go_field: &str, v: &Node) -> bool {
    match &v.value {
        Value::Null => true,
        Value::Bool(b) => !b && go_field != "XPreserveUnknownFields",
        Value::String(s) => s.is_empty() && !matches!(go_field, "Ref" | "XListType" | "XMapType"),
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
    if opts.require_structural {
        if let Some(msg) = super::structural::conversion_error(schema) {
            deferred = Some(FErr::new(
                &super::structural::STRUCTURAL,
                ErrType::Invalid,
                &sloc,
                schema.span,
                Bad::str(""),
                msg,
            ));
        } else {
            let errs = super::structural::validate_structural(
                schema,
                &sloc,
                &super::structural::StructOpts::default(),
            );
            if !errs.is_empty() {
                sink.errs.extend(errs);
            } else {
                let errs = super::defaults::validate_defaults(
                    schema,
                    &sloc,
                    opts.require_pruned_defaults,
                    compat(opts),
                    crate::k8s::Behavior::of(opts.cel.unwrap_or_default()),
                );
                if !errs.is_empty() {
                    sink.errs.extend(errs);
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
        root_converts: deferred.is_none() && super::structural::conversion_error(schema).is_none(),
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
}

fn status_root(schema: &Node, sloc: &Loc, sink: &mut Sink) {
    for (go, json) in STRUCT_ORDER {
        let Some(v) = schema.get(json) else { continue };
        if is_zero(go, v) {
            continue;
        }
        if *go == "Type" {
            let t = v.as_str().unwrap_or("");
            if t != "object" {
                sink.push(FErr::new(
                    &STATUS_ROOT,
                    ErrType::Invalid,
                    &sloc.child("type"),
                    v.span,
                    Bad::str(t),
                    "only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
                ));
                break;
            }
            continue;
        }
        if !ALLOWED_AT_ROOT.contains(go) {
            let mut e = FErr::new(
                &STATUS_ROOT,
                ErrType::Invalid,
                sloc,
                key_span(schema, json),
                Bad::raw(go_json(schema)),
                format!(
                    "only [{}] fields are allowed at the root of the schema if the status subresource is enabled",
                    ALLOWED_AT_ROOT.join(" ")
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

/// `specStandardValidatorV3`: the context a node is validated in.
#[derive(Clone)]
struct Ssv {
    allow_defaults: bool,
    /// Shared: cloned for every property.
    reason: Option<std::rc::Rc<str>>,
    inside_meta: bool,
    require_valid_type: bool,
}

impl Ssv {
    fn forbid_defaults(&self, reason: String) -> Ssv {
        Ssv {
            allow_defaults: false,
            reason: Some(reason.into()),
            ..self.clone()
        }
    }
}

const OPENAPI_TYPES: &[&str] = &["array", "boolean", "integer", "number", "object", "string"];

struct Walker<'o, 's, 't> {
    opts: &'o SchemaOpts,
    sink: &'s mut Sink<'t>,
    cel_ok: bool,
    /// Server paths of nodes with rules whose subtree has schema errors: the server does not
    /// compile their rules.
    blocked: Vec<String>,
    /// `NewStructural` succeeds on the root, hence on every subtree (its errors are local).
    root_converts: bool,
}

fn nonempty_map(s: &Node, k: &str) -> bool {
    s.get(k)
        .and_then(Node::as_map)
        .is_some_and(|m| !m.is_empty())
}

fn flag(s: &Node, k: &str) -> bool {
    s.get(k).and_then(Node::as_bool) == Some(true)
}

impl Walker<'_, '_, '_> {
    fn err(
        &mut self,
        rule: &'static Rule,
        ty: ErrType,
        loc: &Loc,
        span: crate::diag::Span,
        bad: Bad,
        d: impl Into<String>,
    ) {
        self.sink.push(FErr::new(rule, ty, loc, span, bad, d));
    }

    /// `ValidateCustomResourceDefinitionOpenAPISchema`.
    fn walk(&mut self, s: &Node, loc: &mut Loc, ssv: &Ssv, is_root: bool, depth: usize) {
        if depth > 200 || s.as_map().is_none() {
            return;
        }
        let start = self.sink.len();
        self.keywords(s, loc, ssv);
        if flag(s, "uniqueItems") {
            self.err(
                &UNIQUE_ITEMS,
                ErrType::Forbidden,
                &loc.child("uniqueItems"),
                key_span(s, "uniqueItems"),
                Bad::none(),
                "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
            );
        }
        let ty = get_str(s, "type").unwrap_or("");
        if let Some(ap) = get_set(s, "additionalProperties") {
            if nonempty_map(s, "properties")
                && (ap.as_bool() == Some(false) || ap.as_map().is_some())
            {
                self.err(
                    &ADDITIONAL_PROPERTIES,
                    ErrType::Forbidden,
                    &loc.child("additionalProperties"),
                    key_span(s, "additionalProperties"),
                    Bad::none(),
                    "additionalProperties and properties are mutual exclusive",
                );
            }
            let sub = if ssv.inside_meta {
                ssv.forbid_defaults(
                    "inside additionalProperties applying to object metadata".into(),
                )
            } else {
                ssv.clone()
            };
            if ap.as_map().is_some() {
                let m = loc.push_child("additionalProperties");
                self.walk(ap, loc, &sub, false, depth + 1);
                loc.pop(m);
            }
        }
        if let Some(props) = s.get("properties").and_then(Node::as_map) {
            let embedded = flag(s, "x-kubernetes-embedded-resource");
            for e in &props.entries {
                let mut sub = ssv.clone();
                if (is_root || embedded)
                    && matches!(e.key.as_str(), "metadata" | "kind" | "apiVersion")
                {
                    sub.inside_meta = true;
                    if is_root {
                        sub = sub.forbid_defaults(format!("in top-level {}", e.key));
                    }
                }
                let m = loc.push_child_key("properties", &e.key);
                self.walk(&e.value, loc, &sub, false, depth + 1);
                loc.pop(m);
            }
        }
        if let Some(n) = get_set(s, "not") {
            let m = loc.push_child("not");
            self.walk(n, loc, ssv, false, depth + 1);
            loc.pop(m);
        }
        for k in ["allOf", "oneOf", "anyOf"] {
            for (i, n) in get_seq(s, k).iter().enumerate() {
                let m = loc.push_child_key(k, &i.to_string());
                self.walk(n, loc, ssv, false, depth + 1);
                loc.pop(m);
            }
        }
        if let Some(defs) = s.get("definitions").and_then(Node::as_map) {
            for e in &defs.entries {
                let m = loc.push_child_key("definitions", &e.key);
                self.walk(&e.value, loc, ssv, false, depth + 1);
                loc.pop(m);
            }
        }
        let list_type = get_set(s, "x-kubernetes-list-type");
        let lt = list_type.and_then(Node::as_str);
        if let Some(items) = get_set(s, "items") {
            // (oldSelf correlation below lists and maps is crate::cel's concern)
            let sub = ssv;
            match &items.value {
                Value::Seq(v) => {
                    for (i, n) in v.iter().enumerate() {
                        let m = loc.push_child_key("items", &i.to_string());
                        self.walk(n, loc, sub, false, depth + 1);
                        loc.pop(m);
                    }
                }
                _ => {
                    let m = loc.push_child("items");
                    self.walk(items, loc, sub, false, depth + 1);
                    loc.pop(m);
                }
            }
        }
        if let Some(deps) = s.get("dependencies").and_then(Node::as_map) {
            for e in &deps.entries {
                if e.value.as_map().is_some() {
                    let m = loc.push_child_key("dependencies", &e.key);
                    self.walk(&e.value, loc, ssv, false, depth + 1);
                    loc.pop(m);
                }
            }
        }
        if let Some(p) = s.get("x-kubernetes-preserve-unknown-fields") {
            if p.as_bool() == Some(false) {
                self.err(
                    &PRESERVE_UNKNOWN,
                    ErrType::Invalid,
                    &loc.child("x-kubernetes-preserve-unknown-fields"),
                    p.span,
                    Bad::bool(false),
                    "must be true or undefined",
                );
            }
        }
        let map_type = get_set(s, "x-kubernetes-map-type");
        if let Some(mt) = map_type {
            if ty != "object" {
                self.type_must(
                    s,
                    loc,
                    ty,
                    &MAP_TYPE,
                    "must be object if x-kubernetes-map-type is specified",
                );
            }
            let v = mt.as_str().unwrap_or("");
            if v != "atomic" && v != "granular" {
                self.err(
                    &MAP_TYPE,
                    ErrType::NotSupported,
                    &loc.child("x-kubernetes-map-type"),
                    mt.span,
                    Bad::str(v),
                    supported(&["atomic", "granular"]),
                );
            }
        }
        let items_schema = get_set(s, "items").filter(|i| i.as_map().is_some());
        if list_type.is_some() && ty != "array" {
            self.type_must(
                s,
                loc,
                ty,
                &LIST_TYPE,
                "must be array if x-kubernetes-list-type is specified",
            );
        } else if self.opts.require_atomic_set_type && lt == Some("set") {
            if let Some(is) = items_schema {
                match get_str(is, "type") {
                    Some("array") => {
                        if let Some(ilt) = get_set(is, "x-kubernetes-list-type") {
                            if ilt.as_str() != Some("atomic") {
                                self.err(
                                    &LIST_TYPE,
                                    ErrType::Invalid,
                                    &loc.child("items").child("x-kubernetes-list-type"),
                                    ilt.span,
                                    Bad::any(ilt),
                                    "must be atomic as item of a list with x-kubernetes-list-type=set",
                                );
                            }
                        }
                    }
                    Some("object") => {
                        let imt = get_set(is, "x-kubernetes-map-type");
                        if imt.and_then(Node::as_str) != Some("atomic") {
                            // The server prints the items' list-type as the bad value.
                            let bad = match get_set(is, "x-kubernetes-list-type") {
                                Some(v) => Bad::any(v),
                                None => Bad::raw("null"),
                            };
                            self.err(
                                &LIST_TYPE,
                                ErrType::Invalid,
                                &loc.child("items").child("x-kubernetes-map-type"),
                                imt.map(|n| n.span).unwrap_or(is.span),
                                bad,
                                "must be atomic as item of a list with x-kubernetes-list-type=set",
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
        if let Some(l) = list_type {
            let v = l.as_str().unwrap_or("");
            if !matches!(v, "atomic" | "set" | "map") {
                self.err(
                    &LIST_TYPE,
                    ErrType::NotSupported,
                    &loc.child("x-kubernetes-list-type"),
                    l.span,
                    Bad::str(v),
                    supported(&["atomic", "set", "map"]),
                );
            }
        }
        let keys_node = s.get("x-kubernetes-list-map-keys");
        let keys: &[Node] = get_seq(s, "x-kubernetes-list-map-keys");
        if !keys.is_empty() {
            match list_type {
                None => self.err(
                    &LIST_TYPE,
                    ErrType::Required,
                    &loc.child("x-kubernetes-list-type"),
                    key_span(s, "x-kubernetes-list-map-keys"),
                    Bad::none(),
                    "must be map if x-kubernetes-list-map-keys is non-empty",
                ),
                Some(l) if lt != Some("map") => self.err(
                    &LIST_TYPE,
                    ErrType::Invalid,
                    &loc.child("x-kubernetes-list-type"),
                    l.span,
                    Bad::any(l),
                    "must be map if x-kubernetes-list-map-keys is non-empty",
                ),
                _ => {}
            }
        }
        if lt == Some("map") {
            if keys.is_empty() {
                self.err(
                    &LIST_TYPE,
                    ErrType::Required,
                    &loc.child("x-kubernetes-list-map-keys"),
                    value_span(s, "x-kubernetes-list-type"),
                    Bad::none(),
                    "must not be empty if x-kubernetes-list-type is map",
                );
            }
            match get_set(s, "items") {
                None => self.err(
                    &LIST_TYPE,
                    ErrType::Required,
                    &loc.child("items"),
                    value_span(s, "x-kubernetes-list-type"),
                    Bad::none(),
                    "must have a schema if x-kubernetes-list-type is map",
                ),
                Some(i) if i.as_seq().is_some() => self.err(
                    &LIST_TYPE,
                    ErrType::Invalid,
                    &loc.child("items"),
                    i.span,
                    Bad::json(i),
                    "must only have a single schema if x-kubernetes-list-type is map",
                ),
                Some(is) => {
                    let ity = get_str(is, "type").unwrap_or("");
                    if ity != "object" {
                        self.err(
                            &LIST_TYPE,
                            ErrType::Invalid,
                            &loc.child("items").child("type"),
                            value_span(is, "type"),
                            Bad::str(ity),
                            "must be object if parent array's x-kubernetes-list-type is map",
                        );
                    } else {
                        let bad_keys = || keys_node.map(Bad::json).unwrap_or(Bad::raw("null"));
                        let mut seen: Vec<&str> = Vec::new();
                        for k in keys {
                            let kk = k.as_str().unwrap_or("");
                            match is.get("properties").and_then(|p| p.get(kk)) {
                                Some(ps) => {
                                    let pt = get_str(ps, "type").unwrap_or("");
                                    if pt == "array" || pt == "object" {
                                        self.err(
                                            &LIST_TYPE,
                                            ErrType::Invalid,
                                            &loc.child("items").child("properties").key(kk).child("type"),
                                            value_span(ps, "type"),
                                            Bad::str(ity),
                                            "must be a scalar type if parent array's x-kubernetes-list-type is map",
                                        );
                                    }
                                }
                                None => self.err(
                                    &LIST_TYPE,
                                    ErrType::Invalid,
                                    &loc.child("x-kubernetes-list-map-keys"),
                                    k.span,
                                    bad_keys(),
                                    "entries must all be names of item properties",
                                ),
                            }
                            if seen.contains(&kk) {
                                self.err(
                                    &LIST_TYPE,
                                    ErrType::Invalid,
                                    &loc.child("x-kubernetes-list-map-keys"),
                                    k.span,
                                    bad_keys(),
                                    "must not contain duplicate entries",
                                );
                            }
                            seen.push(kk);
                        }
                    }
                }
            }
        }
        if self.opts.require_map_list_keys_map_set_validation {
            self.map_list_keys_map_set(s, loc, lt, keys);
        }
        let rules = get_seq(s, "x-kubernetes-validations");
        if !rules.is_empty() {
            self.validation_rules(s, loc, rules);
            if self.sink.len() != start && self.cel_ok {
                self.blocked.push(loc.server.clone());
            }
        }
    }

    fn type_must(&mut self, s: &Node, loc: &Loc, ty: &str, rule: &'static Rule, detail: &str) {
        if ty.is_empty() {
            self.err(
                rule,
                ErrType::Required,
                &loc.child("type"),
                s.span,
                Bad::none(),
                detail,
            );
        } else {
            self.err(
                rule,
                ErrType::Invalid,
                &loc.child("type"),
                value_span(s, "type"),
                Bad::str(ty),
                detail,
            );
        }
    }

    /// `specStandardValidatorV3.validate`.
    fn keywords(&mut self, s: &Node, loc: &Loc, ssv: &Ssv) {
        let ty = get_str(s, "type").unwrap_or("");
        if ssv.require_valid_type && !ty.is_empty() && !OPENAPI_TYPES.contains(&ty) {
            self.err(
                &TYPE,
                ErrType::NotSupported,
                &loc.child("type"),
                value_span(s, "type"),
                Bad::str(ty),
                supported(OPENAPI_TYPES),
            );
        }
        if get_set(s, "default").is_some() && !ssv.allow_defaults {
            let mut d = String::from("must not be set");
            if let Some(r) = &ssv.reason {
                d.push(' ');
                d.push_str(r);
            }
            self.err(
                &DEFAULT_FORBIDDEN,
                ErrType::Forbidden,
                &loc.child("default"),
                key_span(s, "default"),
                Bad::none(),
                d,
            );
        }
        let forbidden = |w: &mut Self, key: &str, what: &str| {
            w.err(
                &FORBIDDEN_KEYWORD,
                ErrType::Forbidden,
                &loc.child(key),
                key_span(s, key),
                Bad::none(),
                format!("{what} is not supported"),
            );
        };
        if get_str(s, "id").is_some_and(|v| !v.is_empty()) {
            forbidden(self, "id", "id");
        }
        if get_set(s, "additionalItems").is_some() {
            forbidden(self, "additionalItems", "additionalItems");
        }
        if nonempty_map(s, "patternProperties") {
            forbidden(self, "patternProperties", "patternProperties");
        }
        if nonempty_map(s, "definitions") {
            forbidden(self, "definitions", "definitions");
        }
        if get_set(s, "dependencies").is_some() {
            forbidden(self, "dependencies", "dependencies");
        }
        if get_set(s, "$ref").is_some() {
            forbidden(self, "$ref", "$ref");
        }
        if ty == "null" {
            self.err(
                &TYPE,
                ErrType::Forbidden,
                &loc.child("type"),
                value_span(s, "type"),
                Bad::none(),
                "type cannot be set to null, use nullable as an alternative",
            );
        }
        if s.get("items")
            .and_then(Node::as_seq)
            .is_some_and(|v| !v.is_empty())
        {
            self.err(
                &FORBIDDEN_KEYWORD,
                ErrType::Forbidden,
                &loc.child("items"),
                key_span(s, "items"),
                Bad::none(),
                "items must be a schema object and not an array",
            );
        }
        if ssv.inside_meta && flag(s, "x-kubernetes-embedded-resource") {
            self.err(
                &EMBEDDED_RESOURCE,
                ErrType::Forbidden,
                &loc.child("x-kubernetes-embedded-resource"),
                key_span(s, "x-kubernetes-embedded-resource"),
                Bad::none(),
                "must not be used inside of resource meta",
            );
        }
    }

    /// `validateMapListKeysMapSet`.
    fn map_list_keys_map_set(&mut self, s: &Node, loc: &Loc, lt: Option<&str>, keys: &[Node]) {
        let Some(is) = get_set(s, "items").filter(|i| i.as_map().is_some()) else {
            return;
        };
        let Some(lt) = lt.filter(|l| *l == "set" || *l == "map") else {
            return;
        };
        if flag(is, "nullable") {
            self.err(
                &LIST_TYPE,
                ErrType::Forbidden,
                &loc.child("items").child("nullable"),
                key_span(is, "nullable"),
                Bad::none(),
                format!("cannot be nullable when x-kubernetes-list-type is {lt}"),
            );
        }
        if lt != "map" {
            return;
        }
        let required: Vec<&str> = get_seq(is, "required")
            .iter()
            .filter_map(Node::as_str)
            .collect();
        for k in keys {
            let kk = k.as_str().unwrap_or("");
            let Some(ps) = is.get("properties").and_then(|p| p.get(kk)) else {
                continue;
            };
            let ploc = loc.child("items").child("properties").key(kk);
            if !required.contains(&kk) && get_set(ps, "default").is_none() {
                self.err(
                    &LIST_TYPE,
                    ErrType::Required,
                    &ploc.child("default"),
                    ps.span,
                    Bad::none(),
                    "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
                );
            }
            if flag(ps, "nullable") {
                self.err(
                    &LIST_TYPE,
                    ErrType::Forbidden,
                    &ploc.child("nullable"),
                    key_span(ps, "nullable"),
                    Bad::none(),
                    "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
                );
            }
        }
    }

    /// The static (non-CEL) checks of `x-kubernetes-validations` (digest §1.16).
    fn validation_rules(&mut self, s: &Node, loc: &Loc, rules: &[Node]) {
        let has_nl = |t: &str| t.contains('\n') || t.contains('\r');
        for (i, r) in rules.iter().enumerate() {
            let rl = loc.child("x-kubernetes-validations").index(i);
            let st = |k: &str| get_str(r, k).unwrap_or("");
            let rule = st("rule");
            let msg = st("message");
            let trimmed_rule = rule.trim();
            let trimmed_msg = msg.trim();
            if trimmed_rule.is_empty() {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Required,
                    &rl.child("rule"),
                    value_span(r, "rule"),
                    Bad::none(),
                    "rule is not specified",
                );
            } else if !msg.is_empty() && trimmed_msg.is_empty() {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Invalid,
                    &rl.child("message"),
                    value_span(r, "message"),
                    Bad::str(msg),
                    "must be non-empty if specified",
                );
            } else if has_nl(trimmed_msg) {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Invalid,
                    &rl.child("message"),
                    value_span(r, "message"),
                    Bad::str(msg),
                    "must not contain line breaks",
                );
            } else if has_nl(trimmed_rule) && trimmed_msg.is_empty() {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Required,
                    &rl.child("message"),
                    r.span,
                    Bad::none(),
                    "message must be specified if rule contains line breaks",
                );
            }
            let me = st("messageExpression");
            if !me.is_empty() && me.trim().is_empty() {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Required,
                    &rl.child("messageExpression"),
                    value_span(r, "messageExpression"),
                    Bad::none(),
                    "messageExpression must be non-empty if specified",
                );
            }
            if let Some(reason) = get_set(r, "reason") {
                let v = reason.as_str().unwrap_or("");
                const REASONS: &[&str] = &[
                    "FieldValueDuplicate",
                    "FieldValueForbidden",
                    "FieldValueInvalid",
                    "FieldValueRequired",
                ];
                if !REASONS.contains(&v) {
                    self.err(
                        &VALIDATION_RULE,
                        ErrType::NotSupported,
                        &rl.child("reason"),
                        reason.span,
                        Bad::str(v),
                        supported(REASONS),
                    );
                }
            }
            let fp = st("fieldPath");
            let fspan = value_span(r, "fieldPath");
            if !fp.is_empty() && fp.trim().is_empty() {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Invalid,
                    &rl.child("fieldPath"),
                    fspan,
                    Bad::str(fp),
                    "must be non-empty if specified",
                );
            }
            if has_nl(fp) {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::Invalid,
                    &rl.child("fieldPath"),
                    fspan,
                    Bad::str(fp),
                    "must not contain line breaks",
                );
            }
            if !fp.is_empty()
                && (self.root_converts || super::structural::conversion_error(s).is_none())
                && crate::k8s::fieldpath::valid_field_path(fp, s, true).is_err()
            {
                let mut e = FErr::new(
                    &VALIDATION_RULE,
                    ErrType::Invalid,
                    &rl.child("fieldPath"),
                    fspan,
                    Bad::str(fp),
                    "must be a valid path",
                );
                if let Err(why) = crate::k8s::fieldpath::valid_field_path(fp, s, true) {
                    e.help = Some(why);
                }
                self.sink.push(e);
            }
        }
    }
}

/// CEL compilation of `x-kubernetes-validations` (issue 4's `crate::cel`), run as the server
/// does: only for a structural schema with valid defaults, and not for nodes with schema errors
/// at or below them (`blocked`). Findings come after the schema errors, with the server's path
/// kept in `server_path`.
fn cel_rules(
    schema: &Node,
    sloc: &Loc,
    kv: crate::k8s::KubeVersion,
    cost_warn_percent: Option<u32>,
    blocked: &[String],
    sink: &mut Sink,
) {
    if !super::schema_has_rules(schema) {
        return;
    }
    let model = crate::schema::model::Schema::from_node(schema);
    let opts = crate::cel::CompileOptions::new(kv);
    let path = field_path(&sloc.user);
    let server = field_path(&sloc.server);
    let compiler = crate::cel::cost::KubernetesCompiler {
        options: opts.clone(),
    };
    let costs = crate::cel::cost::schema_costs(&model, &path, &server, &compiler);
    let mut settings = crate::cel::cost::CostSettings::default();
    if let Some(p) = cost_warn_percent {
        settings.warn_percent = p;
    }
    let cost_diags =
        crate::cel::cost::check_schema_costs(&model, &costs, &path, &server, &settings);
    let compiled = crate::cel::rules::check_crd_rules(&model, &path, &opts, sink.src);
    for mut d in compiled.into_iter().chain(cost_diags) {
        let user = d.path.clone().unwrap_or_default();
        let node = user.split(".x-kubernetes-validations").next().unwrap_or("");
        let server_node = match node.strip_prefix(sloc.user.as_str()) {
            Some(rest) => format!("{}{rest}", sloc.server),
            None => node.to_string(),
        };
        if blocked.contains(&server_node) {
            continue;
        }
        if sloc.user != sloc.server && d.server_path.is_none() {
            if let Some(rest) = user.strip_prefix(sloc.user.as_str()) {
                d.server_path = Some(format!("{}{rest}", sloc.server));
            }
        }
        sink.push_diag(d);
    }
}

/// Parses a path of our own making (`spec.versions[0].schema.openAPIV3Schema`).
fn field_path(s: &str) -> crate::k8s::FieldPath {
    let mut p = crate::k8s::FieldPath::root();
    for part in s.split('.') {
        let (name, rest) = part.split_once('[').map_or((part, ""), |(n, r)| (n, r));
        if !name.is_empty() {
            p = p.child(name);
        }
        for idx in rest.split('[').filter(|x| !x.is_empty()) {
            let idx = idx.trim_end_matches(']');
            match idx.parse::<usize>() {
                Ok(i) => p = p.index(i),
                Err(_) => p = p.key(idx),
            }
        }
    }
    p
}

/// The format compatibility version: the emulated API server's minor - 1.
fn compat(opts: &SchemaOpts) -> crate::k8s::KubeVersion {
    let kv = opts.cel.unwrap_or_default();
    crate::k8s::KubeVersion {
        minor: kv.minor.saturating_sub(1),
    }
}
