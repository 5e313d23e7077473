//! Costs of every `x-kubernetes-validations` expression in one `openAPIV3Schema`, the server's
//! budget checks on them, and crdlint's explanation of each finding: which ancestors multiply
//! the cost, and which bounds (computed by re-estimating, never guessed) would bring it down.
//!
//! [`schema_costs`] does the estimation once per schema; [`check_schema_costs`] turns the result
//! into diagnostics ([`COST_EXCEEDED`], [`CRD_COST_EXCEEDED`], [`COST_HIGH`]); the `cost`
//! command prints [`SchemaCosts::rules`] as a table.
//!
//! The walk mirrors apiextensions-apiserver's `ValidateCustomResourceDefinitionOpenAPISchema`:
//! it follows `properties`, `additionalProperties` and `items` (never the junctors, whose rules
//! the server does not compile at CRD time), carries the cardinality of `cel_validation.go`, and
//! types each node from its parent's declared type, re-deriving it where the parent's type does
//! not have the child (as `CELSchemaContext.TypeInfo` does).

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use super::budget::{
    self, fallback_cardinality, max_elements_of, Cardinality, TotalCost,
    STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
};
use super::estimate::SizeEstimate;
use super::estimator::{estimate_cost, AstNode, CheckedAst, CostOptions, SizeEstimator};
use super::size::SchemaSizeEstimator;
use crate::cel::escaping::escape;
use crate::cel::types::{DeclKind, DeclType};
use crate::diag::{Diagnostic, Rule, Severity, Span};
use crate::k8s::field::FieldError;
use crate::k8s::FieldPath;
use crate::schema::{Edge, Schema};
use crate::yaml::Node;

/// What [`schema_costs`] needs from the CEL front end: declared types from schemas, and
/// compilation of an expression against a node's type.
pub trait RuleCompiler {
    /// `SchemaDeclType(schema, isResourceRoot)`; `None` when the node has no CEL type.
    fn decl_type(&self, schema: &Schema, is_resource_root: bool) -> Option<Arc<DeclType>>;
    /// Compiles `source` with `self` (and `oldSelf`, optional when `optional_old_self`) of type
    /// `decl`. `None` on any compile error, including a result type other than `bool` (rules) or
    /// `string` (messageExpressions): those are reported by the compile check, and the server
    /// counts an expression that does not compile as cost 0.
    fn compile(
        &self,
        source: &str,
        decl: &Arc<DeclType>,
        optional_old_self: bool,
        kind: ExpressionKind,
    ) -> Option<Box<dyn CheckedAst>>;
}

/// Which expression of a validation rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpressionKind {
    Rule,
    MessageExpression,
}

impl ExpressionKind {
    /// The field name under `x-kubernetes-validations[i]`.
    pub fn field(self) -> &'static str {
        match self {
            ExpressionKind::Rule => "rule",
            ExpressionKind::MessageExpression => "messageExpression",
        }
    }
}

/// A list or map above a rule's node: each one multiplies how often the rule runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ancestor {
    /// Where the values are, e.g. `spec.rules`.
    pub data_path: String,
    /// The schema node, in the user's document.
    pub schema_path: FieldPath,
    /// `maxItems` or `maxProperties`.
    pub keyword: &'static str,
    /// The bound, `None` when unset.
    pub bound: Option<u64>,
}

/// One expression's cost at its location.
#[derive(Clone, Debug)]
pub struct RuleCost {
    /// `...x-kubernetes-validations[i].rule` (or `.messageExpression`) in the user's document.
    pub path: FieldPath,
    /// The same in the server's notation (differs for hoisted per-version schemas).
    pub server_path: FieldPath,
    /// Where the rule's `self` is, e.g. `spec.rules[*]` (`<root>` for the schema root).
    pub location: String,
    pub kind: ExpressionKind,
    pub expression: String,
    /// The expression's text in the file.
    pub span: Span,
    /// True when the expression compiled (otherwise its cost is 0, as on the server).
    pub compiled: bool,
    /// The per-evaluation estimate (`CompilationResult.MaxCost`).
    pub estimated: u64,
    /// The cardinality of the rule's node.
    pub cardinality: Cardinality,
    /// What the server multiplies by: the bounded cardinality, or the fallback derived from the
    /// request size; 1 for messageExpressions, which are not multiplied.
    pub multiplier: u64,
    /// The cost the server checks and sums (`getExpressionCost`).
    pub total: u64,
    /// Lists and maps above the node, outermost first.
    pub ancestors: Vec<Ancestor>,
}

impl RuleCost {
    /// `total` as a fraction of the per-expression limit.
    pub fn share(&self) -> f64 {
        self.total as f64 / STATIC_ESTIMATED_COST_LIMIT as f64
    }
}

/// The costs of one `openAPIV3Schema`.
pub struct SchemaCosts {
    /// In walk order (properties in source order).
    pub rules: Vec<RuleCost>,
    /// The server's running total; contributors are indexes into `rules`.
    pub total: TotalCost<usize>,
    /// Per rule: what re-estimation needs (same order as `rules`).
    recheck: Vec<Option<Recheck>>,
}

/// Everything needed to re-estimate one expression with added bounds.
struct Recheck {
    checked: Box<dyn CheckedAst>,
    decl: Arc<DeclType>,
    /// The rule's node: its schema, as reached from the root by these edges.
    node_edges: Vec<OwnedEdge>,
    node_location: String,
    min_serialized_size: i64,
}

#[derive(Clone, Debug)]
enum OwnedEdge {
    Property(String),
    AdditionalProperties,
    Items,
}

/// Settings of the cost checks.
#[derive(Clone, Copy, Debug)]
pub struct CostSettings {
    /// Warn ([`COST_HIGH`]) when a passing rule uses at least this percentage of the limit.
    pub warn_percent: u32,
    /// Compute fixes by re-estimation (the help text).
    pub suggest_fixes: bool,
}

impl Default for CostSettings {
    fn default() -> Self {
        CostSettings {
            warn_percent: 50,
            suggest_fixes: true,
        }
    }
}

/// Walk depth guard (the schema model is already cut at [`crate::schema::MAX_DEPTH`]).
const MAX_WALK_DEPTH: usize = crate::schema::MAX_DEPTH + 1;

struct Walker<'c> {
    compiler: &'c dyn RuleCompiler,
    out: SchemaCosts,
}

/// Estimates every rule and messageExpression of one `openAPIV3Schema`. `user` and `server` are
/// the paths of the `openAPIV3Schema` node in the user's document and in the server's messages.
pub fn schema_costs(
    root: &Schema,
    user: &FieldPath,
    server: &FieldPath,
    compiler: &dyn RuleCompiler,
) -> SchemaCosts {
    let mut w = Walker {
        compiler,
        out: SchemaCosts {
            rules: Vec::new(),
            total: TotalCost::default(),
            recheck: Vec::new(),
        },
    };
    let root_decl = if root.has_validation_rules() {
        compiler.decl_type(root, true)
    } else {
        None
    };
    let mut node = NodeCtx {
        user: user.clone(),
        server: server.clone(),
        location: Vec::new(),
        edges: Vec::new(),
        cardinality: Cardinality::ROOT,
        ancestors: Vec::new(),
    };
    w.visit(root, root_decl, true, &mut node, 0);
    w.out
}

/// Where the walk is.
struct NodeCtx {
    user: FieldPath,
    server: FieldPath,
    /// Display path segments: `.name` and `[*]`.
    location: Vec<String>,
    edges: Vec<OwnedEdge>,
    cardinality: Cardinality,
    ancestors: Vec<Ancestor>,
}

fn location_string(segs: &[String]) -> String {
    if segs.is_empty() {
        return "<root>".to_string();
    }
    let mut s = String::new();
    for seg in segs {
        if seg == "[*]" {
            s.push_str(seg);
        } else {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(seg);
        }
    }
    s
}

impl Walker<'_> {
    fn visit(
        &mut self,
        schema: &Schema,
        decl: Option<Arc<DeclType>>,
        is_root: bool,
        node: &mut NodeCtx,
        depth: usize,
    ) {
        if depth > MAX_WALK_DEPTH {
            return;
        }
        // The node's type: from the parent's type tree, else derived from this node.
        let decl = if schema.x_validations.is_empty() {
            decl
        } else {
            decl.or_else(|| {
                self.compiler
                    .decl_type(schema, is_root || schema.x_embedded_resource)
            })
        };
        if !schema.x_validations.is_empty() {
            self.rules_at(schema, decl.as_ref(), node);
        }
        let own_bound = max_elements_of(
            schema.type_.as_deref(),
            schema.additional_properties.is_some(),
            schema.max_items,
            schema.max_properties,
        );
        let child_card = node.cardinality.child(own_bound);
        for (edge, child) in schema.structural_children() {
            let (seg, owned, child_decl) = match edge {
                Edge::Property(name) => {
                    // Fields are keyed by escaped name; unescapable names are not visible.
                    let d = decl
                        .as_ref()
                        .and_then(|d| escape(name).and_then(|e| d.field(&e).map(|f| f.ty.clone())));
                    (name.to_string(), OwnedEdge::Property(name.to_string()), d)
                }
                Edge::AdditionalProperties => (
                    "[*]".to_string(),
                    OwnedEdge::AdditionalProperties,
                    decl.as_ref()
                        .filter(|d| d.is_map())
                        .and_then(|d| d.elem().cloned()),
                ),
                Edge::Items => (
                    "[*]".to_string(),
                    OwnedEdge::Items,
                    decl.as_ref()
                        .filter(|d| d.is_list())
                        .and_then(|d| d.elem().cloned()),
                ),
                _ => continue,
            };
            // Only subtrees with rules need types and paths.
            if !child.has_validation_rules() {
                continue;
            }
            // Every parent that can hold more than one value multiplies (cel_validation.go
            // `extractMaxElements`: arrays, and objects with any additionalProperties).
            let pushed_ancestor = own_bound != Some(1);
            if pushed_ancestor {
                node.ancestors.push(Ancestor {
                    data_path: location_string(&node.location),
                    schema_path: node.user.clone(),
                    keyword: if schema.is_type("array") {
                        "maxItems"
                    } else {
                        "maxProperties"
                    },
                    bound: own_bound,
                });
            }
            let saved = (node.user.clone(), node.server.clone(), node.cardinality);
            node.user = edge.append_to(&saved.0);
            node.server = edge.append_to(&saved.1);
            node.cardinality = child_card;
            node.location.push(seg);
            node.edges.push(owned);
            self.visit(child, child_decl, false, node, depth + 1);
            node.edges.pop();
            node.location.pop();
            node.user = saved.0;
            node.server = saved.1;
            node.cardinality = saved.2;
            if pushed_ancestor {
                node.ancestors.pop();
            }
        }
    }

    fn rules_at(&mut self, schema: &Schema, decl: Option<&Arc<DeclType>>, node: &NodeCtx) {
        let fallback = decl.map_or(0, |d| fallback_cardinality(d.min_serialized_size));
        for (i, rule) in schema.x_validations.iter().enumerate() {
            let base_user = node.user.child("x-kubernetes-validations").index(i);
            let base_server = node.server.child("x-kubernetes-validations").index(i);
            let optional_old_self = rule.optional_old_self == Some(true);
            // compileRule: a blank rule costs 0 and compiles nothing else.
            let source = rule.rule.trim();
            if source.is_empty() {
                // Cost 0: nothing to add to the total or to show.
                continue;
            }
            let checked = decl.and_then(|d| {
                self.compiler
                    .compile(source, d, optional_old_self, ExpressionKind::Rule)
            });
            let rule_ok = checked.is_some();
            self.push(
                node,
                &base_user,
                &base_server,
                ExpressionKind::Rule,
                source,
                rule.rule_span,
                checked,
                decl,
                fallback,
            );
            // The messageExpression is compiled only after the rule compiled, and counted only
            // when it compiled too (`cr.MessageExpression != nil`).
            let msg = rule.message_expression.as_str();
            if !rule_ok || msg.is_empty() {
                continue;
            }
            let checked = decl.and_then(|d| {
                self.compiler
                    .compile(msg, d, optional_old_self, ExpressionKind::MessageExpression)
            });
            if checked.is_some() {
                self.push(
                    node,
                    &base_user,
                    &base_server,
                    ExpressionKind::MessageExpression,
                    msg,
                    rule.message_expression_span,
                    checked,
                    decl,
                    fallback,
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        node: &NodeCtx,
        base_user: &FieldPath,
        base_server: &FieldPath,
        kind: ExpressionKind,
        source: &str,
        span: Span,
        checked: Option<Box<dyn CheckedAst>>,
        decl: Option<&Arc<DeclType>>,
        fallback: u64,
    ) {
        let estimated = match (&checked, decl) {
            (Some(c), Some(d)) => estimate(c.as_ref(), d),
            _ => 0,
        };
        let (cardinality, multiplier) = match kind {
            ExpressionKind::Rule => (
                node.cardinality,
                match node.cardinality {
                    Cardinality::Bounded(c) => c,
                    Cardinality::Unbounded => fallback,
                },
            ),
            ExpressionKind::MessageExpression => (Cardinality::Bounded(1), 1),
        };
        let total = budget::multiply_with_overflow_guard(estimated, multiplier);
        let idx = self.out.rules.len();
        self.out.total.observe(idx, total);
        self.out.rules.push(RuleCost {
            path: base_user.child(kind.field()),
            server_path: base_server.child(kind.field()),
            location: location_string(&node.location),
            kind,
            expression: source.to_string(),
            span,
            compiled: checked.is_some(),
            estimated,
            cardinality,
            multiplier,
            total,
            ancestors: node.ancestors.clone(),
        });
        self.out
            .recheck
            .push(checked.zip(decl.cloned()).map(|(checked, decl)| Recheck {
                checked,
                min_serialized_size: decl.min_serialized_size,
                decl,
                node_edges: node.edges.clone(),
                node_location: location_string(&node.location),
            }));
    }
}

/// The per-evaluation maximum of one compiled expression on a node of type `decl`.
pub fn estimate(checked: &dyn CheckedAst, decl: &Arc<DeclType>) -> u64 {
    estimate_cost(
        checked,
        &SchemaSizeEstimator::new(decl.clone()),
        CostOptions::KUBERNETES,
    )
    .max
}

// ---------------------------------------------------------------------------------------------
// Whole CRDs

/// The costs of one schema of a CRD document.
pub struct VersionCosts {
    /// `spec.versions[i].name`; `None` for the top-level `spec.validation` of v1beta1.
    pub version: Option<String>,
    pub schema: Schema,
    /// The `openAPIV3Schema` node in the user's document and in the server's messages.
    pub user_path: FieldPath,
    pub server_path: FieldPath,
    pub costs: SchemaCosts,
}

/// Estimates every schema of a CRD document (`apiextensions.k8s.io/v1` or `v1beta1`).
///
/// The server validates the internal form: when every version of a v1 CRD has the same schema,
/// it is hoisted to `spec.validation` and checked (and totalled) once, so it is costed once
/// here too, with the first version's path for the user and `spec.validation` for the server.
pub fn crd_costs(crd: &Node, compiler: &dyn RuleCompiler) -> Vec<VersionCosts> {
    let mut out = Vec::new();
    let validation = FieldPath::new("spec")
        .child("validation")
        .child("openAPIV3Schema");
    if let Some(s) = crd.at(&["spec", "validation", "openAPIV3Schema"]) {
        out.push(version_costs(
            None,
            s,
            validation.clone(),
            validation.clone(),
            compiler,
        ));
    }
    let versions = crd
        .at(&["spec", "versions"])
        .and_then(Node::as_seq)
        .unwrap_or_default();
    let schemas: Vec<Option<&Node>> = versions
        .iter()
        .map(|v| v.at(&["schema", "openAPIV3Schema"]))
        .collect();
    let hoisted = out.is_empty()
        && !schemas.is_empty()
        && schemas.iter().all(Option::is_some)
        && schemas
            .windows(2)
            .all(|w| matches!((w[0], w[1]), (Some(a), Some(b)) if a.value_eq(b)));
    for (i, (v, s)) in versions.iter().zip(&schemas).enumerate() {
        let Some(s) = s else { continue };
        let user = FieldPath::new("spec")
            .child("versions")
            .index(i)
            .child("schema")
            .child("openAPIV3Schema");
        let server = if hoisted {
            validation.clone()
        } else {
            user.clone()
        };
        out.push(version_costs(
            v.get_str("name").map(str::to_string),
            s,
            user,
            server,
            compiler,
        ));
        if hoisted {
            break;
        }
    }
    out
}

fn version_costs(
    version: Option<String>,
    node: &Node,
    user_path: FieldPath,
    server_path: FieldPath,
    compiler: &dyn RuleCompiler,
) -> VersionCosts {
    let schema = Schema::from_node(node);
    let costs = schema_costs(&schema, &user_path, &server_path, compiler);
    VersionCosts {
        version,
        schema,
        user_path,
        server_path,
        costs,
    }
}

/// Every cost finding of a CRD document: [`crd_costs`] then [`check_schema_costs`].
pub fn check_crd_costs(
    crd: &Node,
    compiler: &dyn RuleCompiler,
    settings: &CostSettings,
) -> Vec<Diagnostic> {
    crd_costs(crd, compiler)
        .iter()
        .flat_map(|v| {
            check_schema_costs(&v.schema, &v.costs, &v.user_path, &v.server_path, settings)
        })
        .collect()
}

/// One line of `crdlint cost`.
#[derive(Clone, Debug, PartialEq)]
pub struct CostRow {
    pub version: Option<String>,
    /// Where `self` is, e.g. `spec.rules[*]`.
    pub location: String,
    /// `...x-kubernetes-validations[i].rule` in the user's document.
    pub path: String,
    pub kind: ExpressionKind,
    pub expression: String,
    pub span: Span,
    pub estimated: u64,
    pub cardinality: Cardinality,
    /// What the estimate is multiplied by (the fallback for unbounded cardinalities).
    pub multiplier: u64,
    pub total: u64,
    /// `total` as a percentage of the per-expression limit.
    pub percent_of_limit: f64,
}

/// The `crdlint cost` table of a CRD document: [`crd_costs`] then [`cost_table`].
pub fn rule_costs(crd: &Node, compiler: &dyn RuleCompiler) -> Vec<CostRow> {
    cost_table(&crd_costs(crd, compiler))
}

/// Every expression of the CRD as table rows, most expensive first (ties in document order).
pub fn cost_table(versions: &[VersionCosts]) -> Vec<CostRow> {
    let mut rows: Vec<CostRow> = versions
        .iter()
        .flat_map(|v| {
            v.costs.rules.iter().map(move |r| CostRow {
                version: v.version.clone(),
                location: r.location.clone(),
                path: r.path.to_string(),
                kind: r.kind,
                expression: r.expression.clone(),
                span: r.span,
                estimated: r.estimated,
                cardinality: r.cardinality,
                multiplier: r.multiplier,
                total: r.total,
                percent_of_limit: r.share() * 100.0,
            })
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.total));
    rows
}

// ---------------------------------------------------------------------------------------------
// Rules

pub static COST_EXCEEDED: Rule = Rule {
    id: "cel/cost-exceeded",
    severity: Severity::Error,
    summary: "A validation rule's estimated cost exceeds the API server's per-expression budget",
    docs: "The API server estimates the worst-case cost of every `x-kubernetes-validations` rule \
before accepting the CRD: the cost of one evaluation, from the expression and the bounds the schema \
declares (`maxLength`, `maxItems`, `maxProperties`), times how often the rule can run for one object \
(the product of `maxItems`/`maxProperties` of the lists and maps above it). Above 10,000,000 the CRD \
is rejected with `estimated rule cost exceeds budget by factor of ...`. A `messageExpression` has the \
same limit, without the multiplication.\n\nWithout bounds the server assumes every list, map and string \
could fill a whole 3 MiB request, so most fixes are bounds. crdlint prints the numbers, the ancestors \
that multiply the cost, and bounds that bring it under the limit, found by re-estimating.",
    bad: "type: object\nproperties:\n  hosts:\n    type: array\n    items:\n      type: string\n    x-kubernetes-validations:\n    - rule: self.all(x, self.exists_one(y, x == y))\n",
    good: "type: object\nproperties:\n  hosts:\n    type: array\n    maxItems: 16\n    items:\n      type: string\n      maxLength: 253\n    x-kubernetes-validations:\n    - rule: self.all(x, self.exists_one(y, x == y))\n",
};

pub static CRD_COST_EXCEEDED: Rule = Rule {
    id: "cel/crd-cost-exceeded",
    severity: Severity::Error,
    summary: "The validation rules of one schema together exceed the API server's per-CRD budget",
    docs: "Besides the per-rule limit, the API server sums the estimated costs (times cardinality) \
of all rules and messageExpressions in one `openAPIV3Schema` and rejects the CRD above 100,000,000. \
It names up to four of the most expensive expressions (those using at least 1% of the total limit) \
and reports the total at `openAPIV3Schema`. Bounding the lists, maps and strings those rules read \
lowers every term.",
    bad: "type: object\nproperties:\n  list:\n    type: array\n    maxItems: 100000\n    items:\n      type: string\n      maxLength: 5000\n      x-kubernetes-validations:\n      - rule: self.contains('keyword')\n",
    good: "type: object\nproperties:\n  list:\n    type: array\n    maxItems: 100\n    items:\n      type: string\n      maxLength: 5000\n      x-kubernetes-validations:\n      - rule: self.contains('keyword')\n",
};

pub static COST_HIGH: Rule = Rule {
    id: "cel/cost-high",
    severity: Severity::Warning,
    summary: "A validation rule passes the cost budget but uses much of it",
    docs: "The rule is accepted today, but its estimated cost (times cardinality) uses a large share \
of the 10,000,000 per-expression budget (50% by default; `--cost-warn PERCENT`). Raising a bound it \
depends on later, or editing the rule, can push it over and make the CRD update fail. The help shows \
bounds that would give it headroom.",
    bad: "type: object\nproperties:\n  ports:\n    type: array\n    items:\n      type: integer\n    x-kubernetes-validations:\n    - rule: self.all(x, x > 0)\n",
    good: "type: object\nproperties:\n  ports:\n    type: array\n    maxItems: 1000\n    items:\n      type: integer\n    x-kubernetes-validations:\n    - rule: self.all(x, x > 0)\n",
};

/// Every rule of the cost checks.
pub static RULES: &[&Rule] = &[&COST_EXCEEDED, &CRD_COST_EXCEEDED, &COST_HIGH];

/// `1234567` → `1,234,567`.
pub fn group_thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A share of a limit as a whole percentage, `<1%` for small non-zero shares.
pub fn percent_of(cost: u64, limit: u64) -> String {
    if cost == 0 {
        return "0%".to_string();
    }
    let p = cost as f64 * 100.0 / limit as f64;
    if p < 1.0 {
        "<1%".to_string()
    } else if p >= 10_000.0 {
        ">9999%".to_string()
    } else {
        format!("{}%", p.round() as u64)
    }
}

fn cardinality_text(r: &RuleCost) -> String {
    match r.cardinality {
        Cardinality::Bounded(c) => group_thousands(c),
        Cardinality::Unbounded => {
            format!("unbounded (counted as {})", group_thousands(r.multiplier))
        }
    }
}

/// Checks one schema's costs as the server does and explains each finding. `Diagnostic.path`
/// is the user's path; the server's path is attached when it differs. `openapi_user` /
/// `openapi_server` locate the `openAPIV3Schema` node (for the total) and `schema_span` its text.
pub fn check_schema_costs(
    root: &Schema,
    costs: &SchemaCosts,
    openapi_user: &FieldPath,
    openapi_server: &FieldPath,
    settings: &CostSettings,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let warn_at =
        (STATIC_ESTIMATED_COST_LIMIT as u128 * settings.warn_percent as u128 / 100) as u64;
    for (i, r) in costs.rules.iter().enumerate() {
        let over = r.total > STATIC_ESTIMATED_COST_LIMIT;
        let high = !over && settings.warn_percent <= 100 && r.total >= warn_at && r.total > 0;
        if !over && !high {
            continue;
        }
        let message = match r.kind {
            ExpressionKind::Rule => budget::rule_cost_message(r.total),
            ExpressionKind::MessageExpression => budget::message_expression_cost_message(r.total),
        };
        // Aim fixes below the warning threshold, so that the fixed rule has headroom.
        let target_share = (settings.warn_percent.min(100) as f64) / 100.0;
        let help = explain(root, costs, i, settings, target_share);
        let d = if over {
            field_diagnostic(
                &COST_EXCEEDED,
                r.span,
                &r.path,
                &r.server_path,
                FieldError::forbidden(r.path.clone(), message),
            )
        } else {
            let msg = format!(
                "{}: estimated {} cost {} is {} of the limit {}",
                r.path,
                match r.kind {
                    ExpressionKind::Rule => "rule",
                    ExpressionKind::MessageExpression => "messageExpression",
                },
                group_thousands(r.total),
                percent_of(r.total, STATIC_ESTIMATED_COST_LIMIT),
                group_thousands(STATIC_ESTIMATED_COST_LIMIT)
            );
            let mut d = Diagnostic::new(&COST_HIGH, r.span, msg).with_path(r.path.to_string());
            if r.server_path != r.path {
                d = d.with_server_path(r.server_path.to_string());
            }
            d
        };
        out.push(d.with_help(help));
    }
    if costs.total.exceeds_limit() {
        for (idx, _) in &costs.total.most_expensive {
            let r = &costs.rules[*idx];
            out.push(
                field_diagnostic(
                    &CRD_COST_EXCEEDED,
                    r.span,
                    &r.path,
                    &r.server_path,
                    FieldError::forbidden(r.path.clone(), budget::CONTRIBUTED_MESSAGE),
                )
                .with_help(format!(
                    "this expression contributes {} ({} of the schema's total {})",
                    group_thousands(r.total),
                    percent_of(r.total, costs.total.total.max(1)),
                    group_thousands(costs.total.total)
                )),
            );
        }
        let msg = budget::crd_total_cost_message(costs.total.total);
        out.push(
            field_diagnostic(
                &CRD_COST_EXCEEDED,
                root.span,
                openapi_user,
                openapi_server,
                FieldError::forbidden(openapi_user.clone(), msg),
            )
            .with_help(format!(
                "the estimated costs of the {} expressions in this schema add up to {}, {} of the limit {}",
                costs.rules.len(),
                group_thousands(costs.total.total),
                percent_of(costs.total.total, STATIC_ESTIMATED_CRD_COST_LIMIT),
                group_thousands(STATIC_ESTIMATED_CRD_COST_LIMIT)
            )),
        );
    }
    out
}

fn field_diagnostic(
    rule: &'static Rule,
    span: Span,
    user: &FieldPath,
    server: &FieldPath,
    err: FieldError,
) -> Diagnostic {
    let mut d = Diagnostic::new(rule, span, err.to_string()).with_path(user.to_string());
    if server != user {
        d = d.with_server_path(server.to_string());
    }
    d
}

/// The help text: the numbers, the multiplying ancestors, and a computed fix.
fn explain(
    root: &Schema,
    costs: &SchemaCosts,
    i: usize,
    settings: &CostSettings,
    target_share: f64,
) -> String {
    let r = &costs.rules[i];
    let mut h = String::new();
    match r.kind {
        ExpressionKind::Rule => {
            h.push_str(&format!(
                "estimated cost {} per evaluation × cardinality {} = {} ({} of the limit {})",
                group_thousands(r.estimated),
                cardinality_text(r),
                group_thousands(r.total),
                percent_of(r.total, STATIC_ESTIMATED_COST_LIMIT),
                group_thousands(STATIC_ESTIMATED_COST_LIMIT)
            ));
            if !r.ancestors.is_empty() {
                h.push_str("\nit runs once per value of:");
                for a in &r.ancestors {
                    match a.bound {
                        Some(b) => {
                            h.push_str(&format!("\n  {} ({}: {})", a.data_path, a.keyword, b))
                        }
                        None => h.push_str(&format!(
                            "\n  {} (no {}: unbounded)",
                            a.data_path, a.keyword
                        )),
                    }
                }
            }
        }
        ExpressionKind::MessageExpression => {
            h.push_str(&format!(
                "estimated cost {} per evaluation ({} of the limit {}; messageExpressions are not multiplied by cardinality)",
                group_thousands(r.estimated),
                percent_of(r.total, STATIC_ESTIMATED_COST_LIMIT),
                group_thousands(STATIC_ESTIMATED_COST_LIMIT)
            ));
        }
    }
    if settings.suggest_fixes {
        if let Some(Some(rc)) = costs.recheck.get(i) {
            let target = (STATIC_ESTIMATED_COST_LIMIT as f64 * target_share) as u64;
            h.push('\n');
            h.push_str(&fix_text(root, r, rc, target));
        }
    }
    h
}

// ---------------------------------------------------------------------------------------------
// Fixes by re-estimation

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
            let format = schema.format.as_deref().unwrap_or("");
            if (schema.enum_.is_some() && !schema.x_int_or_string)
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
                schema.max_length,
                CandidateTarget::Decl { steps, factor },
            )
        } else if schema.is_type("array") {
            candidate(
                "maxItems",
                data_path,
                COUNT_LADDER,
                schema.max_items,
                CandidateTarget::Decl { steps, factor: 1 },
            )
        } else if schema.is_type("object") && schema.additional_properties_schema().is_some() {
            candidate(
                "maxProperties",
                data_path,
                COUNT_LADDER,
                schema.max_properties,
                CandidateTarget::Decl { steps, factor: 1 },
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
fn fix_text(root: &Schema, r: &RuleCost, rc: &Recheck, target: u64) -> String {
    let node_schema = {
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
    };
    let Some(node_schema) = node_schema else {
        return String::new();
    };
    let mut cands = Vec::new();
    if r.kind == ExpressionKind::Rule {
        for (i, a) in r.ancestors.iter().enumerate() {
            cands.extend(candidate(
                a.keyword,
                a.data_path.clone(),
                COUNT_LADDER,
                a.bound.map(|b| b.min(i64::MAX as u64) as i64),
                CandidateTarget::Ancestor(i),
            ));
        }
    }
    cands.extend(decl_candidates(node_schema, rc));
    if cands.is_empty() {
        return "no maxItems, maxProperties or maxLength can be added to or lowered on what this \
expression reads: simplify the expression"
            .to_string();
    }
    // Unbounded candidates start at the top of their ladder, bounded ones at their bound.
    let mut at: Vec<Option<usize>> = cands
        .iter()
        .map(|c| c.current.is_none().then_some(0))
        .collect();
    let mut cost = total_with(r, rc, &cands, &at);
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
            let c = total_with(r, rc, &cands, &at);
            at[i] = saved;
            if c < cost && best.is_none_or(|(_, bc)| c < bc) {
                best = Some((i, c));
            }
        }
        let Some((i, c)) = best else { break };
        at[i] = Some(at[i].map_or(0, |p| p + 1));
        cost = c;
    }
    // Drop changes that do not matter for the result: unset again, or keep the current bound.
    for i in 0..cands.len() {
        let saved = at[i];
        at[i] = None;
        let c = total_with(r, rc, &cands, &at);
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
    let parts: Vec<String> = cands
        .iter()
        .zip(&at)
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
        .zip(&at)
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

fn join_and(parts: &[String]) -> String {
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::cost::KubernetesCompiler;

    fn fired(example: &str) -> Vec<&'static str> {
        let node = crate::yaml::load(example)
            .into_iter()
            .next()
            .and_then(|d| d.root)
            .expect("example parses");
        let schema = Schema::from_node(&node);
        let p = FieldPath::new("openAPIV3Schema");
        let costs = schema_costs(&schema, &p, &p, &KubernetesCompiler::default());
        check_schema_costs(&schema, &costs, &p, &p, &CostSettings::default())
            .iter()
            .map(|d| d.rule.id)
            .collect()
    }

    #[test]
    fn rule_examples_behave_as_documented() {
        for rule in RULES {
            assert!(
                fired(rule.bad).contains(&rule.id),
                "{}: bad example",
                rule.id
            );
            assert!(
                !fired(rule.good).contains(&rule.id),
                "{}: good example",
                rule.id
            );
        }
    }

    #[test]
    fn number_formatting() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(2_310_000), "2,310,000");
        assert_eq!(group_thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(percent_of(2_310_000, STATIC_ESTIMATED_COST_LIMIT), "23%");
        assert_eq!(percent_of(5, STATIC_ESTIMATED_COST_LIMIT), "<1%");
        assert_eq!(percent_of(0, STATIC_ESTIMATED_COST_LIMIT), "0%");
        assert_eq!(
            join_and(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
        assert_eq!(
            location_string(&["spec".into(), "rules".into(), "[*]".into(), "host".into()]),
            "spec.rules[*].host"
        );
        assert_eq!(location_string(&[]), "<root>");
    }
}
