//! Default values at CRD time (digest §3.3.3, apiextensions `ValidateDefaults`): a `default`
//! must survive pruning unchanged, must give valid metadata in embedded resources, and must
//! validate against its own schema, and its node's CEL rules must pass on it.
//!
//! This file only finds the defaults (with the user's and the server's paths) and reports what
//! [`crate::apiext::defaults`] finds: the checks are the ones the custom-resource pipeline runs on
//! objects, so a bad default reads like the same bad value in a resource, at every minor.

use super::ctx::{get_set, Bad, ErrType, FErr, Loc};
use crate::apiext::defaults::{self as server, Settings, Step};
use crate::diag::{Rule, Severity, Span};
use crate::k8s::field::FieldError;
use crate::k8s::{FieldPath, KubeVersion};
use crate::schema::Schema;
use crate::yaml::Node;

pub static DEFAULT: Rule = Rule {
    id: "schema/default",
    severity: Severity::Error,
    summary: "A default that would be pruned or does not validate against its schema",
    docs: "The server applies defaults to every object it reads, so it rejects defaults that would \
be pruned (fields the schema does not declare) or that violate their own schema (wrong type, not in \
the enum, out of bounds, missing required fields).",
    bad: "replicas:\n  type: integer\n  minimum: 1\n  default: 0\n",
    good: "replicas:\n  type: integer\n  minimum: 1\n  default: 1\n",
};

fn flag(s: &Node, k: &str) -> bool {
    s.get(k).and_then(Node::as_bool) == Some(true)
}

/// `ValidateDefaults` with the root treated as an embedded resource, for the emulated `kube`.
pub(crate) fn validate_defaults(
    root: &Node,
    loc: &Loc,
    require_pruned: bool,
    kube: KubeVersion,
) -> Vec<FErr> {
    let mut out = Vec::new();
    let mut with_defaults = DefaultsBelow::default();
    if !mark_defaults(root, 0, &mut with_defaults) {
        return out;
    }
    let ctx = Ctx {
        set: Settings {
            require_pruned,
            beh: crate::k8s::Behavior::of(kube),
            compat_minor: kube.compatibility_version().minor,
        },
        with_defaults,
    };
    walk(root, None, &mut loc.clone(), true, None, &ctx, &mut out, 0);
    out
}

/// The addresses of the schema nodes that have a `default` at or below them.
type DefaultsBelow = std::collections::HashSet<usize, foldhash::fast::RandomState>;

/// Records in `marks` every node at or below `s` that has a `default` key at or below it,
/// following what [`walk`] follows (`items` and `properties`, to its depth): [`walk`] reports
/// only at defaults, so it skips the other subtrees. About 8% of the schema nodes of the 107
/// CRDs of the 10,000-resource workload are on the way to a default; walking all of them was
/// most of the 30 M instructions of this check.
fn mark_defaults(s: &Node, depth: usize, marks: &mut DefaultsBelow) -> bool {
    if depth > 200 {
        return false;
    }
    let Some(map) = s.as_map() else {
        return false;
    };
    let mut found = false;
    for e in &map.entries {
        match e.key.as_str() {
            "default" => found = true,
            "items" => found |= mark_defaults(&e.value, depth + 1, marks),
            "properties" => {
                if let Some(props) = e.value.as_map() {
                    for p in &props.entries {
                        found |= mark_defaults(&p.value, depth + 1, marks);
                    }
                }
            }
            _ => {}
        }
    }
    if found {
        marks.insert(std::ptr::from_ref(s) as usize);
    }
    found
}

/// Where a node is inside a resource's `apiVersion`/`kind`/`metadata`: which one, and the steps
/// below it.
type Meta = Option<(String, Vec<Step>)>;

/// Settings of one default-validation run.
struct Ctx {
    set: Settings,
    /// The nodes worth walking ([`mark_defaults`]).
    with_defaults: DefaultsBelow,
}

/// Walks the schema node `s` (at `loc`) and its `items` and `properties`, checking each default.
/// `conv` is `s` converted, when an ancestor with a default was: a node is converted once, by
/// the topmost default above or at it, and the nodes above every default never are.
#[allow(clippy::too_many_arguments)]
fn walk(
    s: &Node,
    conv: Option<&Schema>,
    loc: &mut Loc,
    is_root: bool,
    meta: Meta,
    ctx: &Ctx,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200
        || s.as_map().is_none()
        || !ctx
            .with_defaults
            .contains(&(std::ptr::from_ref(s) as usize))
    {
        return;
    }
    let embedded = is_root || flag(s, "x-kubernetes-embedded-resource");
    let meta = if embedded { None } else { meta };
    let d = get_set(s, "default");
    let owned;
    let conv = match (conv, d) {
        (Some(c), _) => Some(c),
        (None, Some(_)) => {
            let mut c = Schema::from_node(s);
            // `ValidateDefaults` treats the root as an embedded resource: a default there
            // needs `apiVersion` and `kind` and valid metadata.
            c.x_embedded_resource |= is_root;
            owned = c;
            Some(&owned)
        }
        (None, None) => None,
    };
    if let (Some(d), Some(c)) = (d, conv) {
        let dloc = loc.child("default");
        let path = FieldPath::new(&dloc.server);
        let span = d.span();
        let report = |e: FieldError, out: &mut Vec<FErr>| {
            let user = user_path(&e.path, &dloc);
            let help = crate::apiext::unnamed_value_help(&e.detail, "the `default` itself");
            let at = span_in_default(&e.path, &dloc, d);
            let mut f = FErr::of(&DEFAULT, e, user, at);
            f.help = help;
            out.push(f);
        };
        let clean = if let Some((which, steps)) = &meta {
            let errs = server::check_in_meta(c, d, which, steps, &path, ctx.set);
            let clean = errs.is_empty();
            errs.into_iter().for_each(|(e, _)| report(e, out));
            clean
        } else {
            let found = server::check(c, d, &path, embedded, ctx.set);
            if let Some(e) = found.unpruned {
                report(e, out);
                if let Some(last) = out.last_mut() {
                    last.help = Some(
                        "the default contains fields its schema does not declare; they would be pruned"
                            .into(),
                    );
                }
            }
            let clean = found.errors.is_empty();
            found.errors.into_iter().for_each(|(e, _)| report(e, out));
            clean
        };
        if clean && super::subschemas::has_rules(s) {
            cel_on_default(s, d, &dloc, embedded, span, out);
        }
    }
    walk_children(s, conv, loc, embedded, &meta, ctx, out, depth);
}

/// The user's path of an error under the default at `dloc`: the server's path with the
/// default's server prefix replaced by its user prefix.
fn user_path(p: &FieldPath, dloc: &Loc) -> String {
    let server = p.to_string();
    match server.strip_prefix(dloc.server.as_str()) {
        Some(rest) => format!("{}{rest}", dloc.user),
        None => dloc.user.clone(),
    }
}

/// Where an error under the default `d` (at `dloc`) is underlined: the value its path names
/// inside the default (the `b` of `default: {a: 1, b: "x"}`), or the deepest node on the way
/// there; the whole default when the path is the default's own or lies outside it.
fn span_in_default(p: &FieldPath, dloc: &Loc, d: &Node) -> Span {
    let server = p.to_string();
    match server.strip_prefix(dloc.server.as_str()) {
        Some(rest) if rest.starts_with(['.', '[']) => {
            crate::k8s::locate::locate(d, rest.strip_prefix('.').unwrap_or(rest))
        }
        _ => d.span(),
    }
}

#[allow(clippy::too_many_arguments)]
fn walk_children(
    s: &Node,
    conv: Option<&Schema>,
    loc: &mut Loc,
    embedded: bool,
    meta: &Meta,
    ctx: &Ctx,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    let marked = |n: &Node| {
        ctx.with_defaults
            .contains(&(std::ptr::from_ref(n) as usize))
    };
    if let Some(i) = get_set(s, "items").filter(|i| i.as_map().is_some() && marked(i)) {
        let sub = meta.clone().map(|(w, mut steps)| {
            steps.push(Step::Item);
            (w, steps)
        });
        let m = loc.push_child("items");
        let ci = conv.and_then(|c| c.items.as_deref());
        walk(i, ci, loc, false, sub, ctx, out, depth + 1);
        loc.pop(m);
    }
    if let Some(p) = s.get("properties").and_then(Node::as_map) {
        for e in p.entries.iter().filter(|e| marked(&e.value)) {
            let sub = match meta {
                Some((w, steps)) => {
                    let mut steps = steps.clone();
                    steps.push(Step::Key(e.key.to_string()));
                    Some((w.clone(), steps))
                }
                None if embedded
                    && matches!(e.key.as_str(), "metadata" | "apiVersion" | "kind") =>
                {
                    Some((e.key.to_string(), Vec::new()))
                }
                None => None,
            };
            let m = loc.push_child_key("properties", &e.key);
            let cp = conv.and_then(|c| c.property(&e.key));
            walk(&e.value, cp, loc, false, sub, ctx, out, depth + 1);
            loc.pop(m);
        }
    }
}

/// The node's CEL rules (and those below it) evaluated on its default, with `oldSelf` = the
/// default and then without `oldSelf`, as the server does at CRD time.
fn cel_on_default(
    s: &Node,
    d: &Node,
    dloc: &Loc,
    resource_root: bool,
    span: Span,
    out: &mut Vec<FErr>,
) {
    use crate::cel::validator::{Limits, Validator, RUNTIME_BUDGET};
    // `evaluate_rules` twice, with the rules compiled once (compiling is most of the cost): the
    // same options as `Validator::new`, a fresh budget per evaluation.
    let model = std::sync::Arc::new(crate::schema::model::Schema::from_node(s));
    let opts = crate::cel::CompileOptions {
        env: crate::cel::EnvKind::StoredExpressions,
        ..crate::cel::CompileOptions::default()
    };
    let Some(v) = Validator::with_shared(&model, resource_root, &opts) else {
        return;
    };
    let root = crate::k8s::FieldPath::root();
    let run = |old: Option<&Node>| {
        let mut budget = RUNTIME_BUDGET;
        v.validate(&root, d, old, Limits::default(), &mut budget)
    };
    let mut errs = run(Some(d));
    if errs.is_empty() {
        errs = run(None);
    }
    for e in errs {
        let rel = e.path.to_string();
        let loc = if e.path.is_root() {
            dloc.clone()
        } else if rel.starts_with('[') {
            Loc::two(
                format!("{}{rel}", dloc.user),
                format!("{}{rel}", dloc.server),
            )
        } else {
            dloc.child(&rel)
        };
        let ty = match e.kind.word() {
            "Required value" => ErrType::Required,
            "Forbidden" => ErrType::Forbidden,
            "Duplicate value" => ErrType::Duplicate,
            _ => ErrType::Invalid,
        };
        let bad = e.value.clone().map(Bad::raw).unwrap_or(Bad::none());
        let mut fe = FErr::new(&DEFAULT, ty, &loc, span, bad, e.detail.clone());
        fe.help = Some("the default fails the schema's x-kubernetes-validations rules".into());
        out.push(fe);
    }
}

#[cfg(test)]
mod tests;
