//! The structural invariants (`validateStructuralInvariants`), the rules for root `metadata`,
//! and what the junctors may hold (`validateValueValidation`, `validateNestedValueValidation`).

use super::{err, ty, Level, StructOpts, STRUCTURAL};
use crate::lint::ctx::{get_seq, key_span, value_span, Bad, ErrType, FErr, Loc};
use crate::schema::keywords::{Kw, K};
use crate::yaml::{Node, Value};

pub(super) fn invariants(
    s: &Node,
    lvl: Level,
    loc: &mut Loc,
    opts: &StructOpts,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 {
        return;
    }
    let Some(k) = Kw::of(s) else {
        return;
    };
    let t = k.ty();
    let items = k.set(K::Items).filter(|i| i.as_map().is_some());
    if t == "array" && items.is_none() {
        err(
            out,
            ErrType::Required,
            &loc.child("items"),
            value_span(s, "type"),
            Bad::none(),
            "must be specified",
        );
    }
    if let Some(i) = items {
        let m = loc.push_child("items");
        invariants(i, Level::Item, loc, opts, out, depth + 1);
        loc.pop(m);
    }
    let props = k.map_of(K::Properties);
    if let Some(p) = props {
        for e in &p.entries {
            let m = loc.push_child_key("properties", &e.key);
            invariants(&e.value, Level::Field, loc, opts, out, depth + 1);
            loc.pop(m);
        }
    }
    let ap = k.set(K::AdditionalProperties);
    if let Some(ap) = ap {
        if lvl == Level::Root {
            err(
                out,
                ErrType::Forbidden,
                &loc.child("additionalProperties"),
                key_span(s, "additionalProperties"),
                Bad::none(),
                "must not be used at the root",
            );
        }
        if ap.as_map().is_some() {
            let m = loc.push_child("additionalProperties");
            invariants(ap, Level::Field, loc, opts, out, depth + 1);
            loc.pop(m);
        }
    }
    let ios = k.flag(K::IntOrString);
    let puf = k.flag(K::PreserveUnknownFields);
    let emb = k.flag(K::EmbeddedResource);
    if ios && puf {
        err(
            out,
            ErrType::Invalid,
            &loc.child("x-kubernetes-preserve-unknown-fields"),
            value_span(s, "x-kubernetes-preserve-unknown-fields"),
            Bad::bool(true),
            "must be false if x-kubernetes-int-or-string is true",
        );
    }
    if ios && emb {
        err(
            out,
            ErrType::Invalid,
            &loc.child("x-kubernetes-embedded-resource"),
            value_span(s, "x-kubernetes-embedded-resource"),
            Bad::bool(true),
            "must be false if x-kubernetes-int-or-string is true",
        );
    }
    value_validation(
        &k,
        is_ios_any_of(&k),
        is_ios_all_of(&k),
        loc,
        opts,
        out,
        depth,
    );
    if emb && t != "object" {
        if t.is_empty() {
            err(
                out,
                ErrType::Required,
                &loc.child("type"),
                s.span(),
                Bad::none(),
                "must be object if x-kubernetes-embedded-resource is true",
            );
        } else {
            err(
                out,
                ErrType::Invalid,
                &loc.child("type"),
                value_span(s, "type"),
                Bad::str(t),
                "must be object if x-kubernetes-embedded-resource is true",
            );
        }
    } else if t.is_empty() && !ios && !puf {
        let d = match lvl {
            Level::Root => "must not be empty at the root",
            Level::Item => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        let mut e = FErr::new(
            &STRUCTURAL,
            ErrType::Required,
            &loc.child("type"),
            s.span(),
            Bad::none(),
            d,
        );
        e.help = Some("add a `type` (or `x-kubernetes-preserve-unknown-fields: true` / `x-kubernetes-int-or-string: true`)".into());
        out.push(e);
    }
    if emb && ap.is_some() {
        err(
            out,
            ErrType::Forbidden,
            &loc.child("additionalProperties"),
            key_span(s, "additionalProperties"),
            Bad::none(),
            "must not be used if x-kubernetes-embedded-resource is set",
        );
    }
    if lvl == Level::Root && !t.is_empty() && t != "object" {
        err(
            out,
            ErrType::Invalid,
            &loc.child("type"),
            value_span(s, "type"),
            Bad::str(t),
            "must be object at the root",
        );
    }
    let check_meta = lvl == Level::Root || emb;
    if let Some(p) = props {
        for name in ["kind", "apiVersion"] {
            if let Some(k) = p.get(name) {
                if check_meta && ty(k) != "string" {
                    err(
                        out,
                        ErrType::Invalid,
                        &loc.child("properties").key(name).child("type"),
                        value_span(k, "type"),
                        Bad::str(ty(k)),
                        "must be string",
                    );
                }
            }
        }
        if let Some(m) = p.get("metadata") {
            metadata(
                m,
                check_meta,
                lvl,
                &loc.child("properties").key("metadata"),
                out,
            );
        }
    }
    if emb && !puf && props.is_none_or(|p| p.is_empty()) {
        err(
            out,
            ErrType::Required,
            &loc.child("properties"),
            s.span(),
            Bad::none(),
            "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
        );
    }
}

/// Structural fields (JSON names) that count as "specified" when not at their zero value.
const STRUCTURAL_FIELDS: &[K] = &[
    K::Description,
    K::Title,
    K::Nullable,
    K::ExternalDocs,
    K::Example,
    K::PreserveUnknownFields,
    K::EmbeddedResource,
    K::IntOrString,
    K::ListMapKeys,
    K::ListType,
    K::MapType,
    K::Validations,
    K::Items,
    K::AdditionalProperties,
    K::Format,
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
    K::AllOf,
    K::AnyOf,
    K::OneOf,
    K::Not,
];

/// Whether a structural field holds a non-zero value.
fn specified(k: &str, v: &Node) -> bool {
    match &v.value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::String(s) => {
            !s.is_empty() || matches!(k, "x-kubernetes-list-type" | "x-kubernetes-map-type")
        }
        // junctor and enum slices are rebuilt by appending: empty ones become nil
        Value::Seq(items) => {
            !items.is_empty() || !matches!(k, "allOf" | "anyOf" | "oneOf" | "enum")
        }
        _ => true,
    }
}

fn metadata(m: &Node, check_meta: bool, lvl: Level, loc: &Loc, out: &mut Vec<FErr>) {
    if m.as_map().is_none() {
        return;
    }
    if check_meta && ty(m) != "object" {
        err(
            out,
            ErrType::Invalid,
            &loc.child("type"),
            value_span(m, "type"),
            Bad::str(ty(m)),
            "must be object",
        );
    }
    if lvl != Level::Root {
        return;
    }
    let props = m.get("properties").and_then(Node::as_map);
    let props_ok = match props {
        None => true,
        Some(p) => {
            let n = p.contains_key("name");
            let g = p.contains_key("generateName");
            p.is_empty() || (n && g && p.len() == 2) || ((n || g) && p.len() == 1)
        }
    };
    let extra = STRUCTURAL_FIELDS
        .iter()
        .map(|k| k.name())
        .find(|k| m.get(k).is_some_and(|v| specified(k, v)));
    if !props_ok || extra.is_some() {
        let mut e = FErr::new(
            &STRUCTURAL,
            ErrType::Forbidden,
            loc,
            m.span(),
            Bad::none(),
            "must not specify anything other than name and generateName, but metadata is implicitly specified",
        );
        e.help = Some(match extra {
            Some(k) => format!("remove `{k}` from the root metadata schema"),
            None => "only `name` and `generateName` may be restricted in the root metadata schema"
                .into(),
        });
        out.push(e);
    }
}

/// The exact nested-value shape `{type: X}` and nothing else.
fn only_type(n: &Node, want: &str) -> bool {
    let Some(m) = n.as_map() else { return false };
    ty(n) == want
        && m.entries.iter().all(|e| {
            e.key == "type"
                || !K::of(&e.key).is_some_and(|k| STRUCTURAL_FIELDS.contains(&k))
                    && e.key != "properties"
                    && e.key != "default"
                || !specified(&e.key, &e.value)
        })
}

fn is_ios_pair(list: &[Node]) -> bool {
    list.len() == 2 && only_type(&list[0], "integer") && only_type(&list[1], "string")
}

fn is_ios_any_of(k: &Kw) -> bool {
    is_ios_pair(k.seq(K::AnyOf))
}

fn is_ios_all_of(k: &Kw) -> bool {
    k.seq(K::AllOf)
        .first()
        .is_some_and(|a| is_ios_pair(get_seq(a, "anyOf")))
}

fn value_validation(
    k: &Kw,
    skip_any_of: bool,
    skip_first_all_of_any_of: bool,
    loc: &Loc,
    opts: &StructOpts,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 {
        return;
    }
    if !skip_any_of {
        for (i, n) in k.seq(K::AnyOf).iter().enumerate() {
            nested(n, false, &loc.child("anyOf").index(i), opts, out, depth + 1);
        }
    }
    for (i, n) in k.seq(K::AllOf).iter().enumerate() {
        nested(
            n,
            skip_first_all_of_any_of && i == 0,
            &loc.child("allOf").index(i),
            opts,
            out,
            depth + 1,
        );
    }
    for (i, n) in k.seq(K::OneOf).iter().enumerate() {
        nested(n, false, &loc.child("oneOf").index(i), opts, out, depth + 1);
    }
    if let Some(n) = k.set(K::Not) {
        nested(n, false, &loc.child("not"), opts, out, depth + 1);
    }
    if let Some(p) = k.str(K::Pattern).filter(|p| !p.is_empty()) {
        if let Some(e) = crate::schema::regex::syntax_error(p) {
            err(
                out,
                ErrType::Invalid,
                &loc.child("pattern"),
                value_span(k.node, "pattern"),
                Bad::str(p),
                format!("must be a valid regular expression, but isn't: {e}"),
            );
        }
    }
}

fn nested(
    v: &Node,
    skip_any_of: bool,
    loc: &Loc,
    opts: &StructOpts,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 {
        return;
    }
    let Some(k) = Kw::of(v) else {
        return;
    };
    value_validation(&k, skip_any_of, false, loc, opts, out, depth);
    if let Some(i) = k.set(K::Items).filter(|i| i.as_map().is_some()) {
        nested(i, false, &loc.child("items"), opts, out, depth + 1);
    }
    if let Some(p) = k.map_of(K::Properties) {
        for e in &p.entries {
            nested(
                &e.value,
                false,
                &loc.child("properties").key(&e.key),
                opts,
                out,
                depth + 1,
            );
        }
    }
    let forbid = |out: &mut Vec<FErr>, key: &str, d: &str| {
        err(
            out,
            ErrType::Forbidden,
            &loc.child(key),
            key_span(v, key),
            Bad::none(),
            d,
        );
    };
    if !k.ty().is_empty() {
        forbid(out, "type", "must be empty to be structural");
    }
    let ap = k
        .set(K::AdditionalProperties)
        .filter(|a| a.as_bool() != Some(false));
    if let Some(ap) = ap {
        if !opts.allow_nested_additional_properties {
            forbid(
                out,
                "additionalProperties",
                "must be undefined to be structural",
            );
        } else if ap.as_map().is_some() {
            nested(
                ap,
                false,
                &loc.child("additionalProperties"),
                opts,
                out,
                depth + 1,
            );
        }
    }
    if k.set(K::Default).is_some() {
        forbid(out, "default", "must be undefined to be structural");
    }
    if k.str(K::Title).is_some_and(|t| !t.is_empty()) {
        forbid(out, "title", "must be empty to be structural");
    }
    if k.str(K::Description).is_some_and(|t| !t.is_empty()) {
        forbid(out, "description", "must be empty to be structural");
    }
    if k.flag(K::Nullable) {
        forbid(out, "nullable", "must be false to be structural");
    }
    for (name, kw) in [
        (
            "x-kubernetes-preserve-unknown-fields",
            K::PreserveUnknownFields,
        ),
        ("x-kubernetes-embedded-resource", K::EmbeddedResource),
        ("x-kubernetes-int-or-string", K::IntOrString),
    ] {
        if k.flag(kw) {
            forbid(out, name, "must be false to be structural");
        }
    }
    if !k.seq(K::ListMapKeys).is_empty() {
        forbid(
            out,
            "x-kubernetes-list-map-keys",
            "must be empty to be structural",
        );
    }
    for (name, kw) in [
        ("x-kubernetes-list-type", K::ListType),
        ("x-kubernetes-map-type", K::MapType),
    ] {
        if k.set(kw).is_some() {
            forbid(out, name, "must be undefined to be structural");
        }
    }
    if !k.seq(K::Validations).is_empty() {
        forbid(
            out,
            "x-kubernetes-validations",
            "must be empty to be structural",
        );
    }
    if k.get(K::Properties)
        .and_then(|p| p.get("metadata"))
        .is_some()
    {
        let span = k
            .get(K::Properties)
            .map(|p| key_span(p, "metadata"))
            .unwrap_or(v.span());
        err(
            out,
            ErrType::Forbidden,
            &loc.child("properties").key("metadata"),
            span,
            Bad::none(),
            "must not be specified in a nested context",
        );
    }
}
