//! The cost of a policy's expressions against the limits the API server enforces when it runs
//! them.
//!
//! The server estimates no cost when a policy is created (apiserver
//! `pkg/admission/plugin/cel/compile.go` `CompileCELExpression` compiles and type-checks only;
//! kubernetes `24a394e5`). It limits cost at run time instead: each expression's program gets
//! `cel.CostLimit(PerCallLimit)` (apiserver `pkg/cel/environment/base.go`; `PerCallLimit` =
//! 1,000,000 in `pkg/apis/cel/config.go`), failing with `operation cancelled: actual cost limit
//! exceeded`, which `activation.go` `Evaluate` words as `expression '<expr>' resulted in error:
//! ...`; and one evaluation of a policy for a binding (and param) shares `RuntimeCELCostBudget`
//! = 10,000,000 (`validating/dispatcher.go`, `mutating/dispatcher.go`), failing with
//! `validation failed due to running out of cost budget, no further validation rules will be
//! run` (`activation.go`).
//!
//! So this reports, per expression and matched kind, the cel-go static estimate
//! (`checker/cost.go` with the Kubernetes estimators, [`crate::cel::cost`]) against those runtime
//! limits: sizes reached through `object`/`oldObject` and `params` come from the kind's and the
//! paramKind's schema (`maxItems`, `maxLength`, `maxProperties`, else the bound the request size
//! gives, exactly as for CRD rules: `SchemaDeclType`'s `MaxElements`); any other list, map or
//! string (`request`, `namespaceObject`, `variables`, an untyped object) is bounded by the
//! request size, [`MAX_REQUEST_SIZE_BYTES`] (no value in a request has more elements or
//! characters than the request has bytes). An estimated *minimum* over a limit fails on every
//! object: an error. An estimated *maximum* over it fails only on objects large enough: a note
//! (`admission/cost` can be raised to a warning or error in the config), since real objects are
//! usually far below the worst case and the server would admit the policy.

use std::sync::Arc;

use super::Gvk;
use crate::cel::cost::budget::{
    format_factor, group_thousands, MAX_REQUEST_SIZE_BYTES, PER_CALL_LIMIT,
};
use crate::cel::cost::{
    estimate_cost, AstNode, CostEstimate, CostOptions, SchemaSizeEstimator, SizeEstimate,
    SizeEstimator,
};
use crate::cel::{Compiled, DeclType, Type};

/// `celconfig.RuntimeCELCostBudget`: what one evaluation of a policy (per binding and param)
/// may spend on all its expressions together.
pub const RUNTIME_CEL_COST_BUDGET: u64 = 10_000_000;

/// The declared types sizes are read from: the matched kind's and the paramKind's.
pub(super) struct Sizes {
    pub(super) object: Option<Arc<DeclType>>,
    pub(super) params: Option<Arc<DeclType>>,
}

impl SizeEstimator for Sizes {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate> {
        let path = node.path.to_vec();
        let root = match path.first().map(String::as_str) {
            Some("object" | "oldObject") => self.object.as_ref(),
            Some("params") => self.params.as_ref(),
            _ => None,
        };
        if let Some(t) = root.and_then(|r| SchemaSizeEstimator::new(r.clone()).walk(&path)) {
            return Some(SizeEstimate::new(0, t.max_elements as u64));
        }
        // The request bounds everything else that has a size; scalars are left to the
        // estimator's own `[1, 1]`.
        match node.ty {
            Type::String | Type::Bytes | Type::List(_) | Type::Map(..) | Type::Dyn => {
                Some(SizeEstimate::new(0, MAX_REQUEST_SIZE_BYTES))
            }
            _ => None,
        }
    }
}

/// The estimated cost of one compiled expression with the sizes of `sizes`.
pub(super) fn estimate(c: &Compiled, sizes: &Sizes) -> CostEstimate {
    estimate_cost(&c.checked, sizes, CostOptions::KUBERNETES)
}

/// One expression's estimate against one kind (the largest over the kinds is kept).
#[derive(Clone, Debug)]
pub(super) struct ExprCost {
    pub(super) expression: usize,
    /// The kind the estimate is for; `None` when no kind was resolved (untyped object).
    pub(super) gvk: Option<Gvk>,
    pub(super) cost: CostEstimate,
}

/// Keeps, per expression, the estimate with the largest maximum.
pub(super) fn keep_largest(costs: &mut Vec<ExprCost>, c: ExprCost) {
    match costs.iter_mut().find(|k| k.expression == c.expression) {
        Some(k) if c.cost.max > k.cost.max => *k = c,
        Some(_) => {}
        None => costs.push(c),
    }
}

/// A cost finding: its severity is an error when even the minimum is over.
pub(super) struct Finding {
    /// Index of the expression, `None` for the whole policy's budget.
    pub(super) expression: Option<usize>,
    pub(super) certain: bool,
    pub(super) message: String,
}

fn kind_prefix(gvk: Option<&Gvk>) -> String {
    gvk.map_or_else(String::new, |g| format!("{g}: "))
}

/// The findings for a policy's estimates: each expression over [`PER_CALL_LIMIT`], and the
/// sum (each capped at that limit) over [`RUNTIME_CEL_COST_BUDGET`] (each expression,
/// variables included, runs at most once per evaluation: variables are evaluated lazily and
/// cached, `composition.go`).
pub(super) fn findings(costs: &[ExprCost]) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in costs {
        let certain = c.cost.min > PER_CALL_LIMIT;
        if c.cost.max <= PER_CALL_LIMIT {
            continue;
        }
        let (which, cost) = if certain {
            ("minimum", c.cost.min)
        } else {
            ("worst-case", c.cost.max)
        };
        let when = if certain {
            "on every object"
        } else {
            "on an object large enough"
        };
        out.push(Finding {
            expression: Some(c.expression),
            certain,
            message: format!(
                "{}estimated {which} cost {} exceeds the per-expression runtime cost limit of {} by factor of {}: {when} the server stops it with \"operation cancelled: actual cost limit exceeded\"",
                kind_prefix(c.gvk.as_ref()),
                group_thousands(cost),
                group_thousands(PER_CALL_LIMIT),
                format_factor(cost, PER_CALL_LIMIT),
            ),
        });
    }
    // An expression spends at most the per-call limit before it is stopped, so the budget can
    // run out only when these capped costs together exceed it. The estimates kept may be for
    // different kinds, so their minima together bound no one evaluation: only the worst case
    // is reported.
    let max = costs.iter().fold(0u64, |acc, c| {
        acc.saturating_add(c.cost.max.min(PER_CALL_LIMIT))
    });
    if max > RUNTIME_CEL_COST_BUDGET {
        out.push(Finding {
            expression: None,
            certain: false,
            message: format!(
                "the estimated worst-case cost of the policy's expressions together (each at most the per-expression limit), {}, exceeds the runtime cost budget of one evaluation, {}, by factor of {}: on an object large enough the server stops with \"validation failed due to running out of cost budget, no further validation rules will be run\"",
                group_thousands(max),
                group_thousands(RUNTIME_CEL_COST_BUDGET),
                format_factor(max, RUNTIME_CEL_COST_BUDGET),
            ),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    //! Limits from apiserver `pkg/apis/cel/config.go` (`PerCallLimit`, `RuntimeCELCostBudget`);
    //! the runtime errors quoted from `pkg/admission/plugin/cel/activation.go` and cel-go
    //! `interpreter/runtimecost.go`. Estimates are cel-go's: `x.all(v, true)` over a list of at
    //! most N costs `cost(x) + 3N` (the macro's loop step and condition per element), and
    //! `object.spec.items` costs 3 (an identifier and two selections).

    use super::*;
    use crate::admission::{check, Kinds};
    use crate::diag::{Diagnostic, Severity};
    use crate::k8s::KubeVersion;
    use crate::validate::CompiledCrd;

    fn crd(max_items: u64) -> String {
        format!(
            "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              items: {{type: array, maxItems: {max_items}, items: {{type: integer}}}}
"
        )
    }

    fn policy(resource: &str, expressions: &[&str]) -> String {
        let mut y = format!(
            "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: p
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [example.com]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [{resource}]
  validations:
"
        );
        for e in expressions {
            y.push_str(&format!("  - expression: \"{e}\"\n"));
        }
        y
    }

    fn run(policy: &str, max_items: u64) -> Vec<Diagnostic> {
        let docs = crate::yaml::load(policy);
        let node = docs[0].root.as_ref().expect("policy parses");
        let crd_text = crd(max_items);
        let crd_docs = crate::yaml::load(&crd_text);
        let crd = CompiledCrd::compile(crd_docs[0].root.as_ref().expect("CRD parses"))
            .expect("CRD compiles");
        let kinds = Kinds::new(KubeVersion { minor: 34 }, [&crd]);
        check(
            "admissionregistration.k8s.io/v1",
            "ValidatingAdmissionPolicy",
            node,
            Some(policy),
            &kinds,
        )
        .into_iter()
        .filter(|d| d.rule.id == "admission/cost")
        .collect()
    }

    const ALL: &str = "object.spec.items.all(x, true)";

    #[test]
    fn an_expression_over_the_per_call_limit_is_a_note_with_the_estimate() {
        // 3 × 400,000 + 4 = 1,200,004.
        let d = run(&policy("widgets", &[ALL]), 400_000);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(d[0].severity, Severity::Info);
        assert_eq!(
            d[0].message,
            "spec.validations[0].expression: example.com/v1, Kind=Widget: estimated worst-case cost 1,200,004 exceeds the per-expression runtime cost limit of 1,000,000 by factor of 1.200004x: on an object large enough the server stops it with \"operation cancelled: actual cost limit exceeded\""
        );
        // The finding is on the expression's scalar.
        let p = policy("widgets", &[ALL]);
        let at = p.find(ALL).expect("expression in policy") - 1;
        assert_eq!(d[0].span.start(), at);
    }

    #[test]
    fn bounds_from_the_schema_keep_an_expression_under_the_limit() {
        // 3 × 300,000 + 4 = 900,004.
        assert!(run(&policy("widgets", &[ALL]), 300_000).is_empty());
    }

    #[test]
    fn expressions_together_over_the_runtime_budget() {
        // 11 × 900,004 is under 10,000,000, 12 × 900,004 = 10,800,048 is over.
        assert!(run(&policy("widgets", &[ALL; 11]), 300_000).is_empty());
        let d = run(&policy("widgets", &[ALL; 12]), 300_000);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(
            d[0].message,
            "spec: the estimated worst-case cost of the policy's expressions together (each at most the per-expression limit), 10,800,048, exceeds the runtime cost budget of one evaluation, 10,000,000, by factor of 1.080005x: on an object large enough the server stops with \"validation failed due to running out of cost budget, no further validation rules will be run\""
        );
    }

    #[test]
    fn an_untyped_object_is_bounded_by_the_request_size() {
        // No kind serves `gadgets`: `object` is dyn, its lists at most 3,145,728 long; a
        // selection on `dyn` costs nothing (cel-go costs it only on maps and messages), so the
        // range costs 1, not 3.
        let d = run(&policy("gadgets", &[ALL]), 10);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert!(
            d[0].message.starts_with(&format!(
                "spec.validations[0].expression: estimated worst-case cost {} exceeds",
                group_thousands(3 * MAX_REQUEST_SIZE_BYTES + 2)
            )),
            "{d:#?}"
        );
    }

    #[test]
    fn a_minimum_over_the_limit_is_certain() {
        let c = ExprCost {
            expression: 0,
            gvk: None,
            cost: CostEstimate {
                min: 2_000_000,
                max: 3_000_000,
            },
        };
        let f = findings(&[c]);
        assert_eq!(f.len(), 1);
        assert!(f[0].certain);
        assert!(
            f[0].message.starts_with(
                "estimated minimum cost 2,000,000 exceeds the per-expression runtime cost limit of 1,000,000 by factor of 2.0x: on every object"
            ),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn the_largest_estimate_over_the_kinds_is_kept() {
        let mut costs = Vec::new();
        for max in [5, 9, 7] {
            keep_largest(
                &mut costs,
                ExprCost {
                    expression: 0,
                    gvk: None,
                    cost: CostEstimate { min: 0, max },
                },
            );
        }
        assert_eq!(costs.len(), 1);
        assert_eq!(costs[0].cost.max, 9);
    }
}
