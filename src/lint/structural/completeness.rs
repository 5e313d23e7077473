//! Completeness (`validateStructuralCompleteness`): every field a junctor's value validation
//! names must be declared by the structural part of the schema.

use super::{StructOpts, STRUCTURAL};
use crate::diag::Span;
use crate::lint::ctx::{get_seq, get_set, Bad, ErrType, FErr, Loc};
use crate::yaml::{Node, Value};

pub(super) fn completeness(s: &Node, loc: &Loc, opts: &StructOpts, out: &mut Vec<FErr>) {
    if s.as_map().is_none() {
        return;
    }
    complete_vv(s, Some(s), loc, loc, opts, out, 0);
}

fn because(out: &mut Vec<FErr>, spath: &Loc, vpath: &Loc, span: Span) {
    let mut e = FErr::new(
        &STRUCTURAL,
        ErrType::Required,
        spath,
        span,
        Bad::none(),
        format!("because it is defined in {}", vpath.server),
    );
    e.user_detail = Some(format!("because it is defined in {}", vpath.user));
    e.help = Some(
        "declare the field in the structural part of the schema (outside allOf/anyOf/oneOf/not)"
            .into(),
    );
    out.push(e);
}

fn complete_vv(
    v: &Node,
    s: Option<&Node>,
    spath: &Loc,
    vpath: &Loc,
    opts: &StructOpts,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 {
        return;
    }
    let Some(s) = s else {
        because(out, spath, vpath, v.span());
        return;
    };
    if let Some(n) = get_set(v, "not") {
        complete_nested(n, Some(s), spath, &vpath.child("not"), opts, out, depth + 1);
    }
    for k in ["allOf", "anyOf", "oneOf"] {
        for (i, n) in get_seq(v, k).iter().enumerate() {
            complete_nested(
                n,
                Some(s),
                spath,
                &vpath.child(k).index(i),
                opts,
                out,
                depth + 1,
            );
        }
    }
}

fn complete_nested(
    v: &Node,
    s: Option<&Node>,
    spath: &Loc,
    vpath: &Loc,
    opts: &StructOpts,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 || v.as_map().is_none() {
        return;
    }
    let Some(s) = s.filter(|s| s.as_map().is_some()) else {
        because(out, spath, vpath, v.span());
        return;
    };
    complete_vv(v, Some(s), spath, vpath, opts, out, depth + 1);
    if let Some(vi) = get_set(v, "items").filter(|i| i.as_map().is_some()) {
        let si = get_set(s, "items").filter(|i| i.as_map().is_some());
        complete_nested(
            vi,
            si,
            &spath.child("items"),
            &vpath.child("items"),
            opts,
            out,
            depth + 1,
        );
    }
    let s_ap = get_set(s, "additionalProperties").filter(|a| a.as_map().is_some());
    if let Some(p) = v.get("properties").and_then(Node::as_map) {
        let sp = s.get("properties").and_then(Node::as_map);
        for e in &p.entries {
            let vp = vpath.child("properties").key(&e.key);
            match sp.and_then(|m| m.get(&e.key)) {
                None => {
                    if s_ap.is_none()
                        || !opts.allow_validation_properties_with_additional_properties
                    {
                        because(out, &spath.child("properties").key(&e.key), &vp, e.key_span);
                    } else {
                        complete_nested(
                            &e.value,
                            s_ap,
                            &spath.child("additionalProperties"),
                            &vp,
                            opts,
                            out,
                            depth + 1,
                        );
                    }
                }
                Some(sf) => complete_nested(
                    &e.value,
                    Some(sf),
                    &spath.child("properties").key(&e.key),
                    &vp,
                    opts,
                    out,
                    depth + 1,
                ),
            }
        }
    }
    if opts.allow_nested_additional_properties {
        if let Some(vap) = get_set(v, "additionalProperties").filter(|a| a.as_bool() != Some(false))
        {
            let empty = Node::synthetic(Value::Map(Default::default()));
            let vap = if vap.as_map().is_some() { vap } else { &empty };
            complete_nested(
                vap,
                s_ap,
                &spath.child("additionalProperties"),
                &vpath.child("additionalProperties"),
                opts,
                out,
                depth + 1,
            );
        }
    }
}
