//! Defaults inside embedded resources: `apiVersion`, `kind` and `metadata` decoded and validated
//! as the server's ObjectMeta checks do.

use super::{flag, DEFAULT};
use crate::diag::Span;
use crate::lint::ctx::{get_set, get_str, Bad, ErrType, FErr, Loc};
use crate::yaml::{Node, Value};

/// Why a `metadata` value does not decode into ObjectMeta (Go's JSON decoding), if it does not.
fn meta_decode_error(m: &Node) -> Option<String> {
    let Some(map) = m.as_map() else {
        return Some(format!(
            "json: cannot unmarshal {} into Go value of type v1.ObjectMeta",
            json_kind(m)
        ));
    };
    let bad = |field: &str, want: &str, v: &Node| {
        Some(format!(
            "json: cannot unmarshal {} into Go struct field ObjectMeta.{field} of type {want}",
            json_kind(v)
        ))
    };
    for e in &map.entries {
        let v = &e.value;
        if v.is_null() {
            continue;
        }
        match e.key.as_str() {
            "name" | "generateName" | "namespace" | "uid" | "resourceVersion" | "selfLink"
                if v.as_str().is_none() =>
            {
                return bad(&e.key, "string", v);
            }
            "generation" | "deletionGracePeriodSeconds" if v.as_i64().is_none() => {
                return bad(&e.key, "int64", v);
            }
            "labels" | "annotations" => match v.as_map() {
                None => return bad(&e.key, "map[string]string", v),
                Some(m) => {
                    if let Some(x) = m
                        .entries
                        .iter()
                        .find(|x| x.value.as_str().is_none() && !x.value.is_null())
                    {
                        return bad(&e.key, "string", &x.value);
                    }
                }
            },
            "finalizers" => match v.as_seq() {
                None => return bad(&e.key, "[]string", v),
                Some(items) => {
                    if let Some(x) = items.iter().find(|x| x.as_str().is_none()) {
                        return bad(&e.key, "string", x);
                    }
                }
            },
            _ => {}
        }
    }
    None
}

fn json_kind(v: &Node) -> &'static str {
    match &v.value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Int(_) | Value::Float(_) => "number",
        Value::String(_) => "string",
        Value::Seq(_) => "array",
        Value::Map(_) => "object",
    }
}

/// ObjectMeta validation of an embedded resource's metadata: (field, message) pairs.
fn meta_validation(m: &Node) -> Vec<(&'static str, String)> {
    use crate::k8s::names::{is_path_segment_name, is_qualified_name, is_valid_label_value};
    let mut out = Vec::new();
    for f in ["name", "generateName"] {
        if let Some(n) = get_str(m, f) {
            for e in is_path_segment_name(n) {
                out.push((if f == "name" { "name" } else { "generateName" }, e));
            }
        }
    }
    if let Some(l) = m.get("labels").and_then(Node::as_map) {
        for e in &l.entries {
            for x in is_qualified_name(&e.key) {
                out.push(("labels", x));
            }
            for x in is_valid_label_value(e.value.as_str().unwrap_or("")) {
                out.push(("labels", x));
            }
        }
    }
    if let Some(a) = m.get("annotations").and_then(Node::as_map) {
        for e in &a.entries {
            for x in is_qualified_name(&e.key.to_lowercase()) {
                out.push(("annotations", x));
            }
        }
    }
    out
}

/// `objectmeta.Coerce` then `objectmeta.Validate` over a value: every embedded resource in it
/// (and the value itself when `resource_root`) needs string `apiVersion`/`kind`, decodable and
/// valid `metadata`. Errors are pushed with paths under `base`.
pub(super) fn embedded_errors(
    x: &Node,
    s: Option<&Node>,
    loc: &Loc,
    resource_root: bool,
    span: Span,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 100 {
        return;
    }
    let Some(s) = s.filter(|s| s.as_map().is_some()) else {
        return;
    };
    match &x.value {
        Value::Map(m) => {
            if resource_root || flag(s, "x-kubernetes-embedded-resource") {
                let before = out.len();
                for k in ["apiVersion", "kind"] {
                    if let Some(v) = m.get(k).filter(|v| !v.is_null()) {
                        if v.as_str().is_none() {
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child(k),
                                span,
                                Bad::any(v),
                                "must be a string",
                            ));
                        }
                    }
                }
                if out.len() == before {
                    if let Some(md) = m.get("metadata").filter(|v| !v.is_null()) {
                        if let Some(e) = meta_decode_error(md) {
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child("metadata"),
                                span,
                                Bad::any(md),
                                e,
                            ));
                        }
                    }
                }
                if out.len() == before {
                    type_meta_checks(m.get("apiVersion"), m.get("kind"), loc, span, out);
                    if let Some(md) = m.get("metadata") {
                        for (f, e) in meta_validation(md) {
                            let v = md.get(f).map(Bad::any).unwrap_or(Bad::none());
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child("metadata").child(f),
                                span,
                                v,
                                e,
                            ));
                        }
                    }
                }
            }
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties").filter(|a| a.as_map().is_some());
            for e in &m.entries {
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    embedded_errors(
                        &e.value,
                        Some(p),
                        &loc.child(&e.key),
                        false,
                        span,
                        out,
                        depth + 1,
                    );
                } else if let Some(ap) = ap {
                    embedded_errors(
                        &e.value,
                        Some(ap),
                        &loc.key(&e.key),
                        false,
                        span,
                        out,
                        depth + 1,
                    );
                }
            }
        }
        Value::Seq(items) => {
            let is = get_set(s, "items");
            for (i, it) in items.iter().enumerate() {
                embedded_errors(it, is, &loc.index(i), false, span, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// `validateEmbeddedResource`'s apiVersion/kind rules.
fn type_meta_checks(
    api: Option<&Node>,
    kind: Option<&Node>,
    loc: &Loc,
    span: Span,
    out: &mut Vec<FErr>,
) {
    match api.filter(|v| !v.is_null()) {
        None => out.push(FErr::new(
            &DEFAULT,
            ErrType::Required,
            &loc.child("apiVersion"),
            span,
            Bad::none(),
            "",
        )),
        Some(v) => {
            let s = v.as_str().unwrap_or("");
            if s.is_empty() {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("apiVersion"),
                    span,
                    Bad::str(s),
                    "must not be empty",
                ));
            } else if s.matches('/').count() > 1 {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("apiVersion"),
                    span,
                    Bad::str(s),
                    format!("unexpected GroupVersion string: {s}"),
                ));
            }
        }
    }
    match kind.filter(|v| !v.is_null()) {
        None => out.push(FErr::new(
            &DEFAULT,
            ErrType::Required,
            &loc.child("kind"),
            span,
            Bad::none(),
            "",
        )),
        Some(v) => {
            let s = v.as_str().unwrap_or("");
            if s.is_empty() {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("kind"),
                    span,
                    Bad::str(s),
                    "must not be empty",
                ));
            } else {
                let errs = crate::k8s::names::is_dns1035_label(&s.to_lowercase());
                if !errs.is_empty() {
                    out.push(FErr::new(
                        &DEFAULT,
                        ErrType::Invalid,
                        &loc.child("kind"),
                        span,
                        Bad::str(s),
                        format!(
                            "may have mixed case, but should otherwise match: {}",
                            errs.join(",")
                        ),
                    ));
                }
            }
        }
    }
}

/// A default inside an embedded resource's `apiVersion`/`kind`/`metadata`: placed in its
/// surrounding object, it must give valid type and object metadata.
pub(super) fn meta_default_error(d: &Node, which: &str, sub: &[String]) -> Option<String> {
    match which {
        "apiVersion" | "kind" => {
            let Some(s) = d.as_str() else {
                return Some(format!(
                    "{which}: Invalid value: {}: must be a string",
                    crate::k8s::field::go_json(d)
                ));
            };
            let mut out = Vec::new();
            let loc = Loc::new("");
            if which == "kind" {
                type_meta_checks(
                    Some(&Node::synthetic(Value::String("v1".into()))),
                    Some(d),
                    &loc,
                    d.span(),
                    &mut out,
                );
            } else {
                type_meta_checks(
                    Some(d),
                    Some(&Node::synthetic(Value::String("Validation".into()))),
                    &loc,
                    d.span(),
                    &mut out,
                );
            }
            let _ = s;
            out.first().map(|e| e.server_string())
        }
        _ => {
            // Build the metadata object with the default at its place.
            let mut v = d.clone();
            for k in sub.iter().rev() {
                let mut m = crate::yaml::Map::new();
                m.insert(k.clone(), v);
                v = Node::synthetic(Value::Map(m));
            }
            if let Some(e) = meta_decode_error(&v) {
                return Some(e);
            }
            meta_validation(&v)
                .into_iter()
                .next()
                .map(|(f, e)| format!("metadata.{f}: Invalid value: {e}"))
        }
    }
}
