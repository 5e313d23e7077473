//! `specStandardValidatorV3`'s walk over one schema node and its children: types, forbidden
//! keywords, the `x-kubernetes-*` extension rules and list/map keys.

use super::{
    SchemaOpts, ADDITIONAL_PROPERTIES, DEFAULT_FORBIDDEN, EMBEDDED_RESOURCE, FORBIDDEN_KEYWORD,
    LIST_TYPE, MAP_TYPE, PRESERVE_UNKNOWN, TYPE, UNIQUE_ITEMS,
};
use crate::diag::Rule;
use crate::lint::ctx::{
    get_seq, get_set, get_str, key_span, supported, value_span, Bad, ErrType, FErr, Loc, Sink,
};
use crate::schema::keywords::{Kw, K};
use crate::yaml::{Node, Value};

/// `specStandardValidatorV3`: the context a node is validated in.
#[derive(Clone)]
pub(super) struct Ssv {
    pub(super) allow_defaults: bool,
    /// Shared: cloned for every property.
    pub(super) reason: Option<std::rc::Rc<str>>,
    pub(super) inside_meta: bool,
    pub(super) require_valid_type: bool,
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

pub(super) struct Walker<'o, 's, 't> {
    pub(super) opts: &'o SchemaOpts,
    pub(super) sink: &'s mut Sink<'t>,
    pub(super) cel_ok: bool,
    /// Server paths of nodes with rules whose subtree has schema errors: the server does not
    /// compile their rules.
    pub(super) blocked: Vec<String>,
    /// `NewStructural` succeeds on the root, hence on every subtree (its errors are local).
    pub(super) root_converts: bool,
}

/// Why the rules of the node at `loc` are not compiled: `errs`, the schema errors at or below
/// it (the server compiles a node's rules only when no schema error lies at or below it, digest
/// §1.16; the rules of the nodes below are compiled on their own terms).
fn blocked_why(errs: &[FErr], loc: &Loc) -> String {
    let first = errs.first().map_or("", |e| {
        e.user
            .strip_prefix(loc.user.as_str())
            .map_or(e.user.as_str(), |r| r.trim_start_matches('.'))
    });
    let what = match errs.len() {
        1 => format!("an error (at {first})"),
        n => format!("{n} errors (the first at {first})"),
    };
    format!(
        "the schema here or below has {what}, and the server compiles the rules of a node only once there are none"
    )
}

fn flag(s: &Node, k: &str) -> bool {
    s.get(k).and_then(Node::as_bool) == Some(true)
}

impl Walker<'_, '_, '_> {
    pub(super) fn err(
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

    /// `ValidateCustomResourceDefinitionOpenAPISchema` for one node: the node's own keywords,
    /// then its children (which report in between, as the server recurses), then the
    /// `x-kubernetes-*` extensions and the validation rules.
    pub(super) fn walk(&mut self, s: &Node, loc: &mut Loc, ssv: &Ssv, is_root: bool, depth: usize) {
        if depth > 200 {
            return;
        }
        let Some(k) = Kw::of(s) else {
            return;
        };
        let start = self.sink.len();
        let errs_start = self.sink.errs.len();
        self.keywords(&k, loc, ssv);
        self.unique_items(&k, loc);
        self.additional_properties(&k, loc, ssv, depth);
        self.walk_properties(&k, loc, ssv, is_root, depth);
        self.walk_junctors_and_definitions(&k, loc, ssv, depth);
        self.walk_items_and_dependencies(&k, loc, ssv, depth);
        self.preserve_unknown_fields(&k, loc);
        let ty = k.ty();
        self.map_type(&k, loc, ty);
        let list_type = k.set(K::ListType);
        let lt = list_type.and_then(Node::as_str);
        self.list_type(&k, loc, ty, list_type);
        let keys: &[Node] = k.seq(K::ListMapKeys);
        self.list_map_keys(s, loc, list_type, keys);
        if lt == Some("map") {
            self.list_type_map(&k, loc, keys);
        }
        if self.opts.require_map_list_keys_map_set_validation {
            self.map_list_keys_map_set(&k, loc, lt, keys);
        }
        let rules = k.seq(K::Validations);
        if !rules.is_empty() {
            self.validation_rules(s, loc, rules);
            if self.sink.len() != start && self.cel_ok {
                self.blocked.push(loc.server.clone());
                if self.opts.cel.is_some() {
                    let why = blocked_why(&self.sink.errs[errs_start..], loc);
                    super::not_checked(s, loc, &why, true, self.sink);
                }
            }
        }
    }

    fn unique_items(&mut self, k: &Kw, loc: &Loc) {
        let s = k.node;
        if k.flag(K::UniqueItems) {
            self.err(
                &UNIQUE_ITEMS,
                ErrType::Forbidden,
                &loc.child("uniqueItems"),
                key_span(s, "uniqueItems"),
                Bad::none(),
                "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
            );
        }
    }

    /// `additionalProperties`: exclusive with `properties`, and walked as a child schema.
    fn additional_properties(&mut self, k: &Kw, loc: &mut Loc, ssv: &Ssv, depth: usize) {
        let s = k.node;
        let Some(ap) = k.set(K::AdditionalProperties) else {
            return;
        };
        if k.nonempty_map(K::Properties) && (ap.as_bool() == Some(false) || ap.as_map().is_some()) {
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
            ssv.forbid_defaults("inside additionalProperties applying to object metadata".into())
        } else {
            ssv.clone()
        };
        if ap.as_map().is_some() {
            let m = loc.push_child("additionalProperties");
            self.walk(ap, loc, &sub, false, depth + 1);
            loc.pop(m);
        }
    }

    /// `properties`: the root's (and an embedded resource's) `metadata`, `kind` and
    /// `apiVersion` are walked as object metadata.
    fn walk_properties(&mut self, k: &Kw, loc: &mut Loc, ssv: &Ssv, is_root: bool, depth: usize) {
        let Some(props) = k.map_of(K::Properties) else {
            return;
        };
        let embedded = k.flag(K::EmbeddedResource);
        for e in &props.entries {
            let mut sub = ssv.clone();
            if (is_root || embedded) && matches!(e.key.as_str(), "metadata" | "kind" | "apiVersion")
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

    /// `not`, `allOf`, `oneOf`, `anyOf` and `definitions`, in the server's order.
    fn walk_junctors_and_definitions(&mut self, k: &Kw, loc: &mut Loc, ssv: &Ssv, depth: usize) {
        if let Some(n) = k.set(K::Not) {
            let m = loc.push_child("not");
            self.walk(n, loc, ssv, false, depth + 1);
            loc.pop(m);
        }
        for (name, kw) in [
            ("allOf", K::AllOf),
            ("oneOf", K::OneOf),
            ("anyOf", K::AnyOf),
        ] {
            for (i, n) in k.seq(kw).iter().enumerate() {
                let m = loc.push_child_key(name, &i.to_string());
                self.walk(n, loc, ssv, false, depth + 1);
                loc.pop(m);
            }
        }
        if let Some(defs) = k.map_of(K::Definitions) {
            for e in &defs.entries {
                let m = loc.push_child_key("definitions", &e.key);
                self.walk(&e.value, loc, ssv, false, depth + 1);
                loc.pop(m);
            }
        }
    }

    /// `items` (one schema or a list of them) and the schemas of `dependencies`.
    fn walk_items_and_dependencies(&mut self, k: &Kw, loc: &mut Loc, ssv: &Ssv, depth: usize) {
        if let Some(items) = k.set(K::Items) {
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
        if let Some(deps) = k.map_of(K::Dependencies) {
            for e in &deps.entries {
                if e.value.as_map().is_some() {
                    let m = loc.push_child_key("dependencies", &e.key);
                    self.walk(&e.value, loc, ssv, false, depth + 1);
                    loc.pop(m);
                }
            }
        }
    }

    fn preserve_unknown_fields(&mut self, k: &Kw, loc: &Loc) {
        if let Some(p) = k.get(K::PreserveUnknownFields) {
            if p.as_bool() == Some(false) {
                self.err(
                    &PRESERVE_UNKNOWN,
                    ErrType::Invalid,
                    &loc.child("x-kubernetes-preserve-unknown-fields"),
                    p.span(),
                    Bad::bool(false),
                    "must be true or undefined",
                );
            }
        }
    }

    /// `x-kubernetes-map-type`: only on objects, and only `atomic` or `granular`.
    fn map_type(&mut self, k: &Kw, loc: &Loc, ty: &str) {
        let Some(mt) = k.set(K::MapType) else {
            return;
        };
        if ty != "object" {
            self.type_must(
                k.node,
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
                mt.span(),
                Bad::str(v),
                supported(&["atomic", "granular"]),
            );
        }
    }

    /// `x-kubernetes-list-type`: only on arrays, a set's items atomic (from the minor that
    /// requires it), and only `atomic`, `set` or `map`.
    fn list_type(&mut self, k: &Kw, loc: &Loc, ty: &str, list_type: Option<&Node>) {
        let lt = list_type.and_then(Node::as_str);
        if list_type.is_some() && ty != "array" {
            self.type_must(
                k.node,
                loc,
                ty,
                &LIST_TYPE,
                "must be array if x-kubernetes-list-type is specified",
            );
        } else if self.opts.require_atomic_set_type && lt == Some("set") {
            let items_schema = k.set(K::Items).filter(|i| i.as_map().is_some());
            if let Some(is) = items_schema {
                self.set_items_atomic(loc, is);
            }
        }
        if let Some(l) = list_type {
            let v = l.as_str().unwrap_or("");
            if !matches!(v, "atomic" | "set" | "map") {
                self.err(
                    &LIST_TYPE,
                    ErrType::NotSupported,
                    &loc.child("x-kubernetes-list-type"),
                    l.span(),
                    Bad::str(v),
                    supported(&["atomic", "set", "map"]),
                );
            }
        }
    }

    /// The items of a `set` list: an array item must be an atomic list, an object item an
    /// atomic map.
    fn set_items_atomic(&mut self, loc: &Loc, is: &Node) {
        match get_str(is, "type") {
            Some("array") => {
                if let Some(ilt) = get_set(is, "x-kubernetes-list-type") {
                    if ilt.as_str() != Some("atomic") {
                        self.err(
                            &LIST_TYPE,
                            ErrType::Invalid,
                            &loc.child("items").child("x-kubernetes-list-type"),
                            ilt.span(),
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
                        imt.map(|n| n.span()).unwrap_or(is.span()),
                        bad,
                        "must be atomic as item of a list with x-kubernetes-list-type=set",
                    );
                }
            }
            _ => {}
        }
    }

    /// Non-empty `x-kubernetes-list-map-keys` need `x-kubernetes-list-type: map`.
    fn list_map_keys(&mut self, s: &Node, loc: &Loc, list_type: Option<&Node>, keys: &[Node]) {
        if keys.is_empty() {
            return;
        }
        match list_type {
            None => self.err(
                &LIST_TYPE,
                ErrType::Required,
                &loc.child("x-kubernetes-list-type"),
                key_span(s, "x-kubernetes-list-map-keys"),
                Bad::none(),
                "must be map if x-kubernetes-list-map-keys is non-empty",
            ),
            Some(l) if l.as_str() != Some("map") => self.err(
                &LIST_TYPE,
                ErrType::Invalid,
                &loc.child("x-kubernetes-list-type"),
                l.span(),
                Bad::any(l),
                "must be map if x-kubernetes-list-map-keys is non-empty",
            ),
            _ => {}
        }
    }

    /// A `map` list: it needs keys and one object item schema, whose key properties exist, are
    /// scalars and are not repeated.
    fn list_type_map(&mut self, k: &Kw, loc: &Loc, keys: &[Node]) {
        let s = k.node;
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
        match k.set(K::Items) {
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
                i.span(),
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
                    self.map_keys_of_item(s, loc, is, ity, keys);
                }
            }
        }
    }

    /// Each map key names a scalar property of the item schema, once.
    fn map_keys_of_item(&mut self, s: &Node, loc: &Loc, is: &Node, ity: &str, keys: &[Node]) {
        let keys_node = s.get("x-kubernetes-list-map-keys");
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
                    k.span(),
                    bad_keys(),
                    "entries must all be names of item properties",
                ),
            }
            if seen.contains(&kk) {
                self.err(
                    &LIST_TYPE,
                    ErrType::Invalid,
                    &loc.child("x-kubernetes-list-map-keys"),
                    k.span(),
                    bad_keys(),
                    "must not contain duplicate entries",
                );
            }
            seen.push(kk);
        }
    }

    fn type_must(&mut self, s: &Node, loc: &Loc, ty: &str, rule: &'static Rule, detail: &str) {
        if ty.is_empty() {
            self.err(
                rule,
                ErrType::Required,
                &loc.child("type"),
                s.span(),
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
    fn keywords(&mut self, k: &Kw, loc: &Loc, ssv: &Ssv) {
        let s = k.node;
        let ty = k.ty();
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
        if k.set(K::Default).is_some() && !ssv.allow_defaults {
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
        if k.str(K::Id).is_some_and(|v| !v.is_empty()) {
            forbidden(self, "id", "id");
        }
        if k.set(K::AdditionalItems).is_some() {
            forbidden(self, "additionalItems", "additionalItems");
        }
        if k.nonempty_map(K::PatternProperties) {
            forbidden(self, "patternProperties", "patternProperties");
        }
        if k.nonempty_map(K::Definitions) {
            forbidden(self, "definitions", "definitions");
        }
        if k.set(K::Dependencies).is_some() {
            forbidden(self, "dependencies", "dependencies");
        }
        if k.set(K::Ref).is_some() {
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
        if !k.seq(K::Items).is_empty() {
            self.err(
                &FORBIDDEN_KEYWORD,
                ErrType::Forbidden,
                &loc.child("items"),
                key_span(s, "items"),
                Bad::none(),
                "items must be a schema object and not an array",
            );
        }
        if ssv.inside_meta && k.flag(K::EmbeddedResource) {
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
    fn map_list_keys_map_set(&mut self, k: &Kw, loc: &Loc, lt: Option<&str>, keys: &[Node]) {
        let Some(is) = k.set(K::Items).filter(|i| i.as_map().is_some()) else {
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
                    ps.span(),
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
}
