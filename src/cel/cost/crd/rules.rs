//! The cost rules and the server's budget checks as diagnostics, with the help text that
//! explains each finding.

use super::fix::fix_text;
use super::{CostSettings, ExpressionKind, RuleCost, SchemaCosts};
use crate::cel::cost::budget::{
    self, Cardinality, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
};
use crate::cel::cost::budget::{group_thousands, percent_of};
use crate::diag::{Diagnostic, Rule, Severity, Span};
use crate::k8s::field::FieldError;
use crate::k8s::FieldPath;
use crate::schema::Schema;

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
        let help = explain(root, costs, i, settings);
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
fn explain(root: &Schema, costs: &SchemaCosts, i: usize, settings: &CostSettings) -> String {
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
            h.push('\n');
            let target = super::fix_target(settings.warn_percent);
            h.push_str(&fix_text(root, r, rc, target));
        }
    }
    h
}
