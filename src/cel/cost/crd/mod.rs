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

use std::sync::Arc;

use super::budget::{Cardinality, TotalCost, STATIC_ESTIMATED_COST_LIMIT};
use super::estimator::{estimate_cost, CheckedAst, CostOptions};
use super::size::SchemaSizeEstimator;
use crate::cel::types::DeclType;
use crate::diag::{Diagnostic, Span};
use crate::k8s::FieldPath;
use crate::schema::Schema;
use crate::yaml::Node;

mod fix;
mod rules;
mod walk;

pub use super::budget::{group_thousands, percent_of};
pub use fix::BoundFix;
pub use rules::{check_schema_costs, COST_EXCEEDED, COST_HIGH, CRD_COST_EXCEEDED, RULES};
pub use walk::schema_costs;

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
    /// How many schema edges lead from the `openAPIV3Schema` root to this node (a prefix of
    /// the rule's own edges): where a fix writes the bound.
    pub depth: usize,
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

impl SchemaCosts {
    /// The bounds that bring `rules[i]` to at most `target`, as the explanation of its finding
    /// names them (the same re-estimation), with where each goes; `None` when the rule was not
    /// compiled or no bound can be added or lowered. Also returns the total they give.
    pub fn bound_fixes(
        &self,
        root: &Schema,
        i: usize,
        target: u64,
    ) -> Option<(Vec<BoundFix>, u64)> {
        let rc = self.recheck.get(i)?.as_ref()?;
        fix::bound_fixes(root, &self.rules[i], rc, target)
    }
}

/// What a cost finding's fix aims for: the warning threshold, so that the fixed rule has
/// headroom (`warn_percent` of the per-expression limit, at most the limit).
pub fn fix_target(warn_percent: u32) -> u64 {
    (STATIC_ESTIMATED_COST_LIMIT as f64 * (warn_percent.min(100) as f64 / 100.0)) as u64
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

#[cfg(test)]
mod tests;
