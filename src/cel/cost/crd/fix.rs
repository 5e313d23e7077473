//! Fixes by re-estimation: the bounds that could be added (`maxItems`, `maxProperties`,
//! `maxLength`) and the largest values of each that bring a rule under its target.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use super::{estimate, ExpressionKind, OwnedEdge, Recheck, RuleCost};
use crate::cel::cost::budget::{
    self, fallback_cardinality, group_thousands, percent_of, Cardinality,
    STATIC_ESTIMATED_COST_LIMIT,
};
use crate::cel::cost::estimator::{estimate_cost, CostOptions};
use crate::cel::cost::size::SchemaSizeEstimator;
use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::SizeEstimate;
use crate::cel::types::{DeclKind, DeclType};
use crate::schema::{Edge, Schema};

/// A bound that could be added.
#[derive(Clone, Debug)]
struct Candidate {
    keyword: &'static str,
    /// Where it goes (display).
    data_path: String,
    /// The values tried, largest first (all below `current`).
    ladder: Vec<u64>,
    /// The bound the schema has now, if any; candidates with one may only lower it.
    current: Option<u64>,
    /// What it changes.
    target: CandidateTarget,
    /// The YAML keys from the `openAPIV3Schema` node to the schema node the bound goes on.
    keys: Vec<String>,
}

/// A bound chosen by re-estimation, and where it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundFix {
    /// `maxItems`, `maxProperties` or `maxLength`.
    pub keyword: &'static str,
    pub value: u64,
    /// The bound the schema has now (the fix lowers it).
    pub current: Option<u64>,
    /// Where the values are, e.g. `spec.hosts[*]` (as the explanation prints it).
    pub data_path: String,
    /// The YAML keys from the `openAPIV3Schema` node to the schema node that takes the bound,
    /// e.g. `properties`, `spec`, `properties`, `hosts`.
    pub keys: Vec<String>,
}

/// The YAML keys of schema edges.
fn edge_keys(edges: &[OwnedEdge]) -> Vec<String> {
    let mut keys = Vec::new();
    for e in edges {
        match e {
            OwnedEdge::Property(p) => keys.extend(["properties".to_string(), p.clone()]),
            OwnedEdge::AdditionalProperties => keys.push("additionalProperties".to_string()),
            OwnedEdge::Items => keys.push("items".to_string()),
        }
    }
    keys
}

#[derive(Clone, Debug)]
enum CandidateTarget {
    /// `ancestors[i]` of the rule.
    Ancestor(usize),
    /// A declared type below the rule's node, by its path from the node; `bytes` strings use
    /// maxLength as is, other strings maxLength × 4.
    Decl { steps: Vec<String>, factor: i64 },
}

const COUNT_LADDER: &[u64] = &[4096, 1024, 256, 128, 64, 32, 16, 8, 4, 2, 1];
const LENGTH_LADDER: &[u64] = &[4096, 1024, 512, 253, 128, 63, 32, 16, 8, 4, 1];

/// Records the paths the estimator asked about, to find the declared types a rule depends on.
struct Recording<'a> {
    inner: &'a SchemaSizeEstimator,
    seen: RefCell<Vec<Vec<String>>>,
}

impl SizeEstimator for Recording<'_> {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate> {
        let r = self.inner.estimate_size(node);
        if r.is_some() {
            self.seen
                .borrow_mut()
                .push(node.path.to_vec().into_iter().skip(1).collect());
        }
        r
    }
}

/// A copy of `root` with `max_elements` of the node at `steps` replaced.
fn with_max_elements(root: &Arc<DeclType>, steps: &[String], max: i64) -> Arc<DeclType> {
    let Some((first, rest)) = steps.split_first() else {
        let mut d = (**root).clone();
        d.max_elements = max;
        return Arc::new(d);
    };
    let mut d = (**root).clone();
    match first.as_str() {
        "@items" | "@values" => {
            let kind = match &d.kind {
                DeclKind::List(e) => DeclKind::List(with_max_elements(e, rest, max)),
                DeclKind::Map(e) => DeclKind::Map(with_max_elements(e, rest, max)),
                _ => return root.clone(),
            };
            d.kind = kind;
        }
        f => {
            let Some(field) = d.fields.get_mut(f) else {
                return root.clone();
            };
            field.ty = with_max_elements(&field.ty, rest, max);
        }
    }
    Arc::new(d)
}

/// The candidates below the node that the rule's estimate reads and the schema leaves unbounded.
fn decl_candidates(node_schema: &Schema, rc: &Recheck) -> Vec<Candidate> {
    let rec = Recording {
        inner: &SchemaSizeEstimator::new(rc.decl.clone()),
        seen: RefCell::new(Vec::new()),
    };
    estimate_cost(rc.checked.as_ref(), &rec, CostOptions::KUBERNETES);
    let seen = rec.seen.into_inner();
    let mut out = Vec::new();
    let mut done = HashSet::new();
    for steps in seen {
        if !done.insert(steps.clone()) {
            continue;
        }
        // Follow the steps through the declared type and the schema together.
        let mut schema = node_schema;
        let mut decl = rc.decl.clone();
        let mut location = vec![rc.node_location.clone()];
        let mut keys = edge_keys(&rc.node_edges);
        let mut ok = true;
        for s in &steps {
            match s.as_str() {
                "@items" | "@values" => {
                    let next_schema = if s == "@items" {
                        schema.items.as_deref()
                    } else {
                        schema.additional_properties_schema()
                    };
                    match (next_schema, decl.elem().cloned()) {
                        (Some(ns), Some(nd)) => {
                            schema = ns;
                            decl = nd;
                            location.push("[*]".to_string());
                            keys.push(
                                if s == "@items" {
                                    "items"
                                } else {
                                    "additionalProperties"
                                }
                                .to_string(),
                            );
                        }
                        _ => ok = false,
                    }
                }
                f => {
                    let Some(field) = decl.field(f) else {
                        ok = false;
                        break;
                    };
                    let Some(ns) = schema.properties.get(&field.json_name) else {
                        ok = false;
                        break;
                    };
                    location.push(format!(".{}", field.json_name));
                    keys.extend(["properties".to_string(), field.json_name.clone()]);
                    schema = ns;
                    decl = field.ty.clone();
                }
            }
            if !ok {
                break;
            }
        }
        if !ok {
            continue;
        }
        let data_path = join_location(&location);
        let cand = if schema.x_int_or_string || schema.is_type("string") {
            let format = schema.rare().format.as_deref().unwrap_or("");
            if (schema.rare().enum_.is_some() && !schema.x_int_or_string)
                || matches!(format, "duration" | "date" | "date-time")
            {
                continue;
            }
            let factor = if format == "byte" && !schema.x_int_or_string {
                1
            } else {
                4
            };
            candidate(
                "maxLength",
                data_path,
                LENGTH_LADDER,
                schema.rare().max_length,
                CandidateTarget::Decl { steps, factor },
                keys,
            )
        } else if schema.is_type("array") {
            candidate(
                "maxItems",
                data_path,
                COUNT_LADDER,
                schema.rare().max_items,
                CandidateTarget::Decl { steps, factor: 1 },
                keys,
            )
        } else if schema.is_type("object") && schema.additional_properties_schema().is_some() {
            candidate(
                "maxProperties",
                data_path,
                COUNT_LADDER,
                schema.rare().max_properties,
                CandidateTarget::Decl { steps, factor: 1 },
                keys,
            )
        } else {
            continue;
        };
        out.extend(cand);
    }
    out
}

/// A candidate for a bound at `data_path`; `None` when the existing bound cannot be lowered
/// along the ladder.
fn candidate(
    keyword: &'static str,
    data_path: String,
    ladder: &[u64],
    current: Option<i64>,
    target: CandidateTarget,
    keys: Vec<String>,
) -> Option<Candidate> {
    let current = current.map(|c| c.max(0) as u64);
    let ladder: Vec<u64> = ladder
        .iter()
        .copied()
        .filter(|v| current.is_none_or(|c| *v < c))
        .collect();
    (!ladder.is_empty()).then_some(Candidate {
        keyword,
        data_path,
        ladder,
        current,
        target,
        keys,
    })
}

fn join_location(parts: &[String]) -> String {
    let mut s = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            if p != "<root>" {
                s.push_str(p);
            }
            continue;
        }
        if let Some(name) = p.strip_prefix('.') {
            if s.is_empty() {
                s.push_str(name);
            } else {
                s.push('.');
                s.push_str(name);
            }
        } else {
            s.push_str(p);
        }
    }
    if s.is_empty() {
        "<root>".to_string()
    } else {
        s
    }
}

/// The total of a rule with the candidates set to the given ladder positions (`None` = unset).
fn total_with(r: &RuleCost, rc: &Recheck, cands: &[Candidate], at: &[Option<usize>]) -> u64 {
    let mut decl = rc.decl.clone();
    let mut bounds: Vec<Option<u64>> = r.ancestors.iter().map(|a| a.bound).collect();
    for (c, pos) in cands.iter().zip(at) {
        let Some(p) = pos else { continue };
        let v = c.ladder[*p];
        match &c.target {
            CandidateTarget::Ancestor(i) => bounds[*i] = Some(v),
            CandidateTarget::Decl { steps, factor } => {
                decl = with_max_elements(&decl, steps, (v as i64).saturating_mul(*factor));
            }
        }
    }
    let est = estimate(rc.checked.as_ref(), &decl);
    if r.kind == ExpressionKind::MessageExpression {
        return est;
    }
    // Recompute the cardinality from the (possibly bounded) ancestors; objects count 1.
    let mut card = Cardinality::ROOT;
    for b in &bounds {
        card = card.child(*b);
    }
    budget::expression_cost(est, card, fallback_cardinality(rc.min_serialized_size))
}

/// Finds bounds that bring the rule to at most `target`, greedily lowering the bound whose next
/// step helps most. Every number in the result comes from re-estimation.
pub(super) fn fix_text(root: &Schema, r: &RuleCost, rc: &Recheck, target: u64) -> String {
    let Some(node_schema) = rule_node_schema(root, rc) else {
        return String::new();
    };
    let cands = fix_candidates(node_schema, r, rc);
    if cands.is_empty() {
        return "no maxItems, maxProperties or maxLength can be added to or lowered on what this \
expression reads: simplify the expression"
            .to_string();
    }
    let (at, cost) = choose(r, rc, &cands, target);
    describe_fix(&cands, &at, cost)
}

/// The bounds [`fix_text`] describes, with where each goes, and the total they give; `None`
/// when there are none.
pub(super) fn bound_fixes(
    root: &Schema,
    r: &RuleCost,
    rc: &Recheck,
    target: u64,
) -> Option<(Vec<BoundFix>, u64)> {
    let cands = fix_candidates(rule_node_schema(root, rc)?, r, rc);
    let (at, cost) = choose(r, rc, &cands, target);
    let fixes: Vec<BoundFix> = cands
        .iter()
        .zip(&at)
        .filter_map(|(c, p)| {
            p.map(|p| BoundFix {
                keyword: c.keyword,
                value: c.ladder[p],
                current: c.current,
                data_path: c.data_path.clone(),
                keys: c.keys.clone(),
            })
        })
        .collect();
    (!fixes.is_empty()).then_some((fixes, cost))
}

/// The ladder positions of the chosen bounds and the total they give.
fn choose(
    r: &RuleCost,
    rc: &Recheck,
    cands: &[Candidate],
    target: u64,
) -> (Vec<Option<usize>>, u64) {
    let (mut at, cost) = lower_greedily(r, rc, cands, target);
    let cost = drop_unneeded(r, rc, cands, &mut at, cost, target);
    (at, cost)
}

/// The schema of the rule's node, reached from the root by the recorded edges.
fn rule_node_schema<'s>(root: &'s Schema, rc: &Recheck) -> Option<&'s Schema> {
    let edges: Vec<Edge<'_>> = rc
        .node_edges
        .iter()
        .map(|e| match e {
            OwnedEdge::Property(p) => Edge::Property(p),
            OwnedEdge::AdditionalProperties => Edge::AdditionalProperties,
            OwnedEdge::Items => Edge::Items,
        })
        .collect();
    root.descend(&edges)
}

/// The bounds that could change the estimate: for a rule, its ancestors' counts; then the
/// declared types the expression reads.
fn fix_candidates(node_schema: &Schema, r: &RuleCost, rc: &Recheck) -> Vec<Candidate> {
    let mut cands = Vec::new();
    if r.kind == ExpressionKind::Rule {
        for (i, a) in r.ancestors.iter().enumerate() {
            cands.extend(candidate(
                a.keyword,
                a.data_path.clone(),
                COUNT_LADDER,
                a.bound.map(|b| b.min(i64::MAX as u64) as i64),
                CandidateTarget::Ancestor(i),
                edge_keys(&rc.node_edges[..a.depth.min(rc.node_edges.len())]),
            ));
        }
    }
    cands.extend(decl_candidates(node_schema, rc));
    cands
}

/// Greedy descent: each step lowers the one ladder position that brings the total down most,
/// until it is at or under `target` or nothing lowers it. Returns each candidate's ladder
/// position (`None`: unchanged) and the total.
fn lower_greedily(
    r: &RuleCost,
    rc: &Recheck,
    cands: &[Candidate],
    target: u64,
) -> (Vec<Option<usize>>, u64) {
    // Unbounded candidates start at the top of their ladder, bounded ones at their bound.
    let mut at: Vec<Option<usize>> = cands
        .iter()
        .map(|c| c.current.is_none().then_some(0))
        .collect();
    let mut cost = total_with(r, rc, cands, &at);
    // Bounded number of steps: each lowers one ladder position.
    let max_steps: usize = cands.iter().map(|c| c.ladder.len()).sum();
    for _ in 0..max_steps {
        if cost <= target {
            break;
        }
        let mut best: Option<(usize, u64)> = None;
        for i in 0..cands.len() {
            let next = at[i].map_or(0, |p| p + 1);
            if next >= cands[i].ladder.len() {
                continue;
            }
            let saved = at[i];
            at[i] = Some(next);
            let c = total_with(r, rc, cands, &at);
            at[i] = saved;
            if c < cost && best.is_none_or(|(_, bc)| c < bc) {
                best = Some((i, c));
            }
        }
        let Some((i, c)) = best else { break };
        at[i] = Some(at[i].map_or(0, |p| p + 1));
        cost = c;
    }
    (at, cost)
}

/// Drops changes that do not matter for the result: unset again, or keep the current bound.
/// Returns the total after dropping.
fn drop_unneeded(
    r: &RuleCost,
    rc: &Recheck,
    cands: &[Candidate],
    at: &mut [Option<usize>],
    mut cost: u64,
    target: u64,
) -> u64 {
    for i in 0..cands.len() {
        let saved = at[i];
        at[i] = None;
        let c = total_with(r, rc, cands, at);
        // Fewer bounds are better as long as the result stays where it was.
        let keep_off = if cost <= target {
            c <= target
        } else {
            c <= cost
        };
        if keep_off {
            cost = c;
        } else {
            at[i] = saved;
        }
    }
    cost
}

/// The help text for the chosen bounds and the total they give.
fn describe_fix(cands: &[Candidate], at: &[Option<usize>], cost: u64) -> String {
    let parts: Vec<String> = cands
        .iter()
        .zip(at)
        .filter_map(|(c, p)| {
            p.map(|p| match c.current {
                None => format!("{}: {} at {}", c.keyword, c.ladder[p], c.data_path),
                Some(now) => format!(
                    "{}: {} at {} (instead of {now})",
                    c.keyword, c.ladder[p], c.data_path
                ),
            })
        })
        .collect();
    if parts.is_empty() {
        return "no bound lowers this estimate: simplify the expression".to_string();
    }
    let verb = if cands
        .iter()
        .zip(at)
        .any(|(c, p)| p.is_some() && c.current.is_some())
    {
        "setting"
    } else {
        "adding"
    };
    let verdict = if cost <= STATIC_ESTIMATED_COST_LIMIT {
        ""
    } else {
        "; that is still over the limit: simplify the expression as well"
    };
    format!(
        "fix: {verb} {} brings it to {} ({} of the limit){}",
        join_and(&parts),
        group_thousands(cost),
        percent_of(cost, STATIC_ESTIMATED_COST_LIMIT),
        verdict
    )
}

pub(super) fn join_and(parts: &[String]) -> String {
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}
