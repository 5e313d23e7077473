//! `x-kubernetes-validations` between two revisions: new and changed rules (which existing
//! objects meet on their next update), changed messages, transition rules that lose their
//! `oldSelf`, and estimated costs that rise past the API server's budgets.

use super::parts::{Classes, Pos, Version, VersionCtx};
use super::rules::*;
use super::{Findings, Options};
use crate::cel::cost::crd::group_thousands;
use crate::cel::cost::crd::{schema_costs, SchemaCosts};
use crate::cel::cost::{
    KubernetesCompiler, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
};
use crate::cel::parse::{parse, MacroSet};
use crate::cel::{ast::ExprKind, CompileOptions};
use crate::k8s::FieldPath;
use crate::schema::Schema;
use crate::yaml::Node;

/// One rule of a node's `x-kubernetes-validations`.
struct Rule<'a> {
    index: usize,
    node: &'a Node,
    text: &'a str,
}

fn rules(n: &Node) -> Vec<Rule<'_>> {
    n.get("x-kubernetes-validations")
        .and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter_map(|(index, node)| {
            Some(Rule {
                index,
                node,
                text: node.get_str("rule")?,
            })
        })
        .collect()
}

/// Whether a rule is a transition rule: it names `oldSelf` (or opts into an optional one).
fn is_transition(r: &Node, text: &str, opts: &Options) -> bool {
    if r.get("optionalOldSelf").and_then(Node::as_bool) == Some(true) {
        return true;
    }
    match parse(text, MacroSet::for_minor(opts.kube_version.minor, true)) {
        Ok(p) => {
            let mut found = false;
            p.expr.walk(&mut |e| {
                if matches!(&e.kind, ExprKind::Ident(n) if n == "oldSelf") {
                    found = true;
                }
            });
            found
        }
        // A rule that does not parse is the linter's business; judge by its text.
        Err(_) => text.contains("oldSelf"),
    }
}

/// Compares the rules attached to one schema position.
pub fn compare_rules(p: &Pos<'_>, ctx: &VersionCtx<'_>, opts: &Options, out: &mut Findings) {
    let (old, new) = (rules(p.old), rules(p.new));
    if old.is_empty() && new.is_empty() {
        return;
    }
    // By text and by index, so that many rules on one node are matched in linear time.
    let mut old_by_text = std::collections::HashMap::new();
    for o in &old {
        old_by_text.entry(o.text).or_insert(o);
    }
    let old_by_index: std::collections::HashMap<usize, _> =
        old.iter().rev().map(|o| (o.index, o)).collect();
    let new_texts: std::collections::HashSet<&str> = new.iter().map(|n| n.text).collect();
    for r in &new {
        let user = format!("{}.x-kubernetes-validations[{}]", p.user, r.index);
        let rule_span = r.node.get("rule").map_or(r.node.span(), |n| n.span());
        if let Some(o) = old_by_text.get(r.text).copied() {
            same_rule(p, ctx, opts, o, r, &user, out);
            continue;
        }
        if is_transition(r.node, r.text, opts) || ctx.tighten_ok {
            continue;
        }
        // The old rule in the same place, when it was edited rather than added.
        let replaced = old_by_index
            .get(&r.index)
            .copied()
            .filter(|o| !new_texts.contains(o.text));
        let what = match replaced {
            Some(o) => format!(
                "rule changed from `{}` to `{}`",
                one_line(o.text),
                one_line(r.text)
            ),
            None => format!("new rule `{}`", one_line(r.text)),
        };
        let ratchet = if opts.ratcheting() {
            format!(
                "at Kubernetes 1.{} ratcheting lets an update through when {} is unchanged, so only objects that change it must satisfy the rule",
                opts.kube_version.minor, p.data
            )
        } else {
            format!(
                "Kubernetes 1.{} does not ratchet (1.30 and later do): every update of an object that breaks it is rejected, even one that changes only status",
                opts.kube_version.minor
            )
        };
        let msg = format!(
            "{}: {}: {what} applies to existing objects on their next update; {ratchet}",
            ctx.version, p.data
        );
        let old_span = replaced.map(|o| o.node.get("rule").map_or(o.node.span(), |n| n.span()));
        let d = out.push(
            &CEL_RULE_ADDED,
            rule_span,
            old_span.or(Some(p.old_anchor)),
            &user,
            msg,
        );
        d.help = Some("check the objects you have: crdlint diff OLD NEW --objects PATH".into());
    }
}

/// A rule present in both revisions: its message fields, and whether `oldSelf` still pairs.
fn same_rule(
    p: &Pos<'_>,
    ctx: &VersionCtx<'_>,
    opts: &Options,
    o: &Rule<'_>,
    r: &Rule<'_>,
    user: &str,
    out: &mut Findings,
) {
    let changed: Vec<&str> = ["message", "messageExpression", "reason", "fieldPath"]
        .into_iter()
        .filter(|k| match (o.node.get(k), r.node.get(k)) {
            (Some(a), Some(b)) => !a.value_eq(b),
            (None, None) => false,
            _ => true,
        })
        .collect();
    if !changed.is_empty() {
        let span = r
            .node
            .get(changed[0])
            .or(r.node.get("rule"))
            .map_or(r.node.span(), |n| n.span());
        let old_span = o
            .node
            .get(changed[0])
            .or(o.node.get("rule"))
            .map_or(o.node.span(), |n| n.span());
        out.push(
            &CEL_MESSAGE_CHANGED,
            span,
            Some(old_span),
            user,
            format!(
                "{}: {}: rule `{}`: {} changed; the same objects pass and fail, clients see different errors",
                ctx.version,
                p.data,
                one_line(r.text),
                changed.join(", ")
            ),
        );
    }
    if p.old_correlatable && !p.new_correlatable && is_transition(r.node, r.text, opts) {
        let span = r.node.get("rule").map_or(r.node.span(), |n| n.span());
        let old_span = o.node.get("rule").map_or(o.node.span(), |n| n.span());
        out.push(
            &CEL_TRANSITION_UNCORRELATABLE,
            span,
            Some(old_span),
            user,
            format!(
                "{}: {}: transition rule `{}` can no longer pair oldSelf with self: a list above it is no longer x-kubernetes-list-type: map",
                ctx.version,
                p.data,
                one_line(r.text)
            ),
        );
    }
}

/// Rules whose estimated cost, or schemas whose total, rose past the server's limits, for each
/// pair of (old, new) versions served by both revisions whose schemas differ (a version whose
/// schema did not change costs what it did).
///
/// The new schema is costed first and the old one only when something in the new one is over a
/// limit: the common case (nothing is) compiles each changed schema's rules once, not twice.
pub fn compare_costs(pairs: &[(&Version<'_>, &Version<'_>)], opts: &Options, out: &mut Findings) {
    let compiler = KubernetesCompiler {
        options: CompileOptions {
            kube_version: opts.kube_version,
            ..CompileOptions::default()
        },
    };
    let mut classes = Classes::default();
    let mut costed = std::collections::HashSet::new();
    for (ov, nv) in pairs {
        let (Some((os, opath)), Some((ns, npath))) = (&ov.schema, &nv.schema) else {
            continue;
        };
        // A schema shared by several versions is one schema to the server (it hoists it to
        // spec.validation), with one total: costed and reported once.
        if !costed.insert(classes.of(Some(ns))) {
            continue;
        }
        let new_path = field_path(npath);
        let new = schema_costs(&Schema::from_node(ns), &new_path, &new_path, &compiler);
        let over = new
            .rules
            .iter()
            .any(|r| r.total > STATIC_ESTIMATED_COST_LIMIT)
            || new.total.total > STATIC_ESTIMATED_CRD_COST_LIMIT;
        if !over {
            continue;
        }
        let old_path = field_path(opath);
        let old = schema_costs(&Schema::from_node(os), &old_path, &old_path, &compiler);
        rule_costs(nv.name, &old, &new, out);
        total_cost(nv.name, &old, &new, ns, npath, out);
    }
}

/// `spec.versions[3].schema.openAPIV3Schema` as a [`FieldPath`].
fn field_path(path: &str) -> FieldPath {
    let mut p = FieldPath::root();
    for seg in path.split('.') {
        let (name, index) = match seg.split_once('[') {
            Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (seg, None),
        };
        p = p.child(name);
        if let Some(i) = index {
            p = p.index(i);
        }
    }
    p
}

fn rule_costs(version: &str, old: &SchemaCosts, new: &SchemaCosts, out: &mut Findings) {
    for r in &new.rules {
        if r.total <= STATIC_ESTIMATED_COST_LIMIT {
            continue;
        }
        let Some(o) = old
            .rules
            .iter()
            .find(|o| o.location == r.location && o.expression == r.expression && o.kind == r.kind)
        else {
            continue;
        };
        if o.total > STATIC_ESTIMATED_COST_LIMIT {
            continue;
        }
        out.push(
            &CEL_COST_EXCEEDED,
            r.span,
            Some(o.span),
            &r.path.to_string(),
            format!(
                "{version}: {}: the estimated cost of `{}` rose from {} to {}, past the per-rule limit of {}",
                r.location,
                one_line(&r.expression),
                group_thousands(o.total),
                group_thousands(r.total),
                group_thousands(STATIC_ESTIMATED_COST_LIMIT)
            ),
        )
        .help = Some("a removed maxItems, maxLength or maxProperties above the rule is the usual cause: `crdlint cost` shows the cardinalities".into());
    }
}

fn total_cost(
    version: &str,
    old: &SchemaCosts,
    new: &SchemaCosts,
    schema: &Node,
    path: &str,
    out: &mut Findings,
) {
    let (o, n) = (old.total.total, new.total.total);
    if n <= STATIC_ESTIMATED_CRD_COST_LIMIT || o > STATIC_ESTIMATED_CRD_COST_LIMIT {
        return;
    }
    out.push(
        &CEL_COST_EXCEEDED,
        schema.span(),
        None,
        path,
        format!(
            "{version}: the estimated cost of all rules rose from {} to {}, past the per-CRD limit of {}",
            group_thousands(o),
            group_thousands(n),
            group_thousands(STATIC_ESTIMATED_CRD_COST_LIMIT)
        ),
    );
}

fn one_line(s: &str) -> String {
    let joined = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.chars().count() > 100 {
        format!("{}…", joined.chars().take(99).collect::<String>())
    } else {
        joined
    }
}
