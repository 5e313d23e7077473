//! Default values at CRD time (digest §3.3.3): a `default` must survive pruning unchanged and
//! must validate against its own schema (kube-openapi messages, path `<node>.default...`).
//!
//! Limitations (documented, not silently passed): for a failed `anyOf`/`oneOf` only the summary
//! error is reported (kube-openapi adds the errors of the alternative that matched best), and
//! the metadata of embedded resources is only checked for `apiVersion`/`kind` being strings.

use super::ctx::{get_set, Bad, ErrType, FErr, Loc};
use crate::diag::{Rule, Severity, Span};
use crate::schema::keywords::{Kw, K};
use crate::yaml::{Node, Value};

mod meta;
mod value;

use meta::{embedded_errors, meta_default_error};
use value::Validator;

pub static DEFAULT: Rule = Rule {
    id: "schema/default",
    severity: Severity::Error,
    summary: "a default must be pruned and must validate against its schema",
    docs: "The server applies defaults to every object it reads, so it rejects defaults that would \
be pruned (fields the schema does not declare) or that violate their own schema (wrong type, not in \
the enum, out of bounds, missing required fields).",
    bad: "replicas:\n  type: integer\n  minimum: 1\n  default: 0\n",
    good: "replicas:\n  type: integer\n  minimum: 1\n  default: 1\n",
};

fn flag(s: &Node, k: &str) -> bool {
    s.get(k).and_then(Node::as_bool) == Some(true)
}

/// `ValidateDefaults` with the root treated as an embedded resource.
pub(crate) fn validate_defaults(
    root: &Node,
    loc: &Loc,
    require_pruned: bool,
    compat: crate::k8s::KubeVersion,
    beh: crate::k8s::Behavior,
) -> Vec<FErr> {
    let mut out = Vec::new();
    let mut with_defaults = DefaultsBelow::default();
    if !mark_defaults(root, 0, &mut with_defaults) {
        return out;
    }
    let ctx = Ctx {
        require_pruned,
        compat,
        beh,
        with_defaults,
    };
    walk(root, &mut loc.clone(), true, None, &ctx, &mut out, 0);
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

/// Where a node is inside a resource's `apiVersion`/`kind`/`metadata`: which one, and the keys
/// below it.
type Meta = Option<(String, Vec<String>)>;

/// Settings of one default-validation run.
struct Ctx {
    require_pruned: bool,
    /// The format compatibility version ([`crate::k8s::KubeVersion::compatibility_version`]).
    compat: crate::k8s::KubeVersion,
    /// The emulated minor's behaviours: its Go runtime's `net/url` for `format: uri`.
    beh: crate::k8s::Behavior,
    /// The nodes worth walking ([`mark_defaults`]).
    with_defaults: DefaultsBelow,
}

fn walk(
    s: &Node,
    loc: &mut Loc,
    is_root: bool,
    meta: Meta,
    ctx: &Ctx,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200
        || !ctx
            .with_defaults
            .contains(&(std::ptr::from_ref(s) as usize))
    {
        return;
    }
    let Some(k) = Kw::of(s) else {
        return;
    };
    let embedded = is_root || k.flag(K::EmbeddedResource);
    let meta = if embedded { None } else { meta };
    if let Some(d) = k.set(K::Default) {
        let dloc = loc.child("default");
        let span = d.span();
        let before = out.len();
        if let Some((which, sub)) = &meta {
            if let Some(e) = meta_default_error(d, which, sub) {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &dloc,
                    span,
                    Bad::any(d),
                    format!("must result in valid metadata: {e}"),
                ));
            }
        } else {
            if ctx.require_pruned && would_prune(d, Some(s), embedded, 0) {
                let mut e = FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &dloc,
                    span,
                    Bad::any(d),
                    "must not have unknown fields",
                );
                e.help = Some(
                    "the default contains fields its schema does not declare; they would be pruned"
                        .into(),
                );
                out.push(e);
            }
            let mid = out.len();
            embedded_errors(d, Some(s), &dloc, embedded && !is_root, span, out, 0);
            if out.len() != mid {
                // coercion/metadata errors stop the chain before schema validation
                walk_children(&k, loc, embedded, &meta, ctx, out, depth);
                return;
            }
        }
        if out.len() == before || meta.is_none() {
            let mid = out.len();
            let mut v = Validator {
                out,
                compat: ctx.compat,
                beh: ctx.beh,
                span,
                base: &dloc,
            };
            v.value(d, s, "", 0);
            if out.len() == mid && super::subschemas::has_rules(s) {
                cel_on_default(s, d, &dloc, embedded, span, out);
            }
        }
    }
    walk_children(&k, loc, embedded, &meta, ctx, out, depth);
}

fn walk_children(
    k: &Kw,
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
    if let Some(i) = k
        .set(K::Items)
        .filter(|i| i.as_map().is_some() && marked(i))
    {
        let m = loc.push_child("items");
        walk(i, loc, false, meta.clone(), ctx, out, depth + 1);
        loc.pop(m);
    }
    if let Some(p) = k.map_of(K::Properties) {
        for e in p.entries.iter().filter(|e| marked(&e.value)) {
            let sub = match meta {
                Some((w, path)) => {
                    let mut p = path.clone();
                    p.push(e.key.to_string());
                    Some((w.clone(), p))
                }
                None if embedded
                    && matches!(e.key.as_str(), "metadata" | "apiVersion" | "kind") =>
                {
                    Some((e.key.to_string(), Vec::new()))
                }
                None => None,
            };
            let m = loc.push_child_key("properties", &e.key);
            walk(&e.value, loc, false, sub, ctx, out, depth + 1);
            loc.pop(m);
        }
    }
}

/// Whether `pruning.Prune(x, s, isResourceRoot)` would remove anything.
fn would_prune(x: &Node, s: Option<&Node>, resource_root: bool, depth: usize) -> bool {
    if depth > 200 {
        return false;
    }
    let emb = resource_root || s.is_some_and(|s| flag(s, "x-kubernetes-embedded-resource"));
    if let Some(s) = s {
        if flag(s, "x-kubernetes-preserve-unknown-fields") {
            return skip_prune(x, s, emb, depth);
        }
    }
    match &x.value {
        Value::Map(m) => {
            let Some(s) = s else { return !m.is_empty() };
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties");
            m.entries.iter().any(|e| {
                if emb && matches!(e.key.as_str(), "apiVersion" | "kind" | "metadata") {
                    return false;
                }
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    return would_prune(&e.value, Some(p), false, depth + 1);
                }
                match ap {
                    Some(ap) => would_prune(&e.value, ap.as_map().map(|_| ap), false, depth + 1),
                    None => true,
                }
            })
        }
        Value::Seq(items) => {
            let is = s
                .and_then(|s| get_set(s, "items"))
                .filter(|i| i.as_map().is_some());
            items.iter().any(|i| would_prune(i, is, false, depth + 1))
        }
        _ => false,
    }
}

fn skip_prune(x: &Node, s: &Node, emb: bool, depth: usize) -> bool {
    match &x.value {
        Value::Map(m) => {
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties").filter(|a| a.as_map().is_some());
            m.entries.iter().any(|e| {
                if emb && matches!(e.key.as_str(), "apiVersion" | "kind" | "metadata") {
                    return false;
                }
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    return would_prune(&e.value, Some(p), false, depth + 1);
                }
                match ap {
                    Some(ap) => would_prune(&e.value, Some(ap), false, depth + 1),
                    None => false,
                }
            })
        }
        Value::Seq(items) => match get_set(s, "items").filter(|i| i.as_map().is_some()) {
            Some(is) => items.iter().any(|i| skip_prune(i, is, false, depth + 1)),
            None => false,
        },
        _ => false,
    }
}

fn kind_name(n: &Node) -> &'static str {
    match &n.value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Int(_) => "integer",
        Value::Float(_) => "number",
        Value::String(_) => "string",
        Value::Seq(_) => "array",
        Value::Map(_) => "object",
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
    use crate::cel::eval::rules::{Limits, Validator, RUNTIME_BUDGET};
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
