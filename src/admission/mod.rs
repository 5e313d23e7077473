//! Admission policies offline: ValidatingAdmissionPolicy, MutatingAdmissionPolicy, their
//! bindings, and the `matchConditions` of webhook configurations, checked as the API server
//! checks them on create (`object`: the object rules of `validation.go`; `expr`: every CEL
//! expression compiled in the environment the server builds for it).
//!
//! The driver validates these objects as built-in kinds first (their schema, `metadata`, the
//! apiVersion the minor serves) and then calls [`check`]. The module uses `cel` (the public
//! compile API) and `k8s`; it sits beside `builtin` and `suite` and uses neither.

mod convert;
mod cost;
mod expr;
pub mod mutate;
mod object;
pub mod rules;
pub mod run;
mod typecheck;

use crate::cel::Type;
use crate::diag::{Diagnostic, Span};
use crate::k8s::behavior::Behavior;
use crate::k8s::FieldError;
use crate::yaml::Node;

pub use rules::RULES;
pub use typecheck::{Gvk, Kinds};

/// The API group of every kind this module checks.
pub const GROUP: &str = "admissionregistration.k8s.io";

/// The kinds of [`GROUP`] this module checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    ValidatingPolicy,
    ValidatingBinding,
    MutatingPolicy,
    MutatingBinding,
    Webhooks,
}

fn kind_of(api_version: &str, kind: &str) -> Option<Kind> {
    let (group, _) = api_version.rsplit_once('/')?;
    if group != GROUP {
        return None;
    }
    Some(match kind {
        "ValidatingAdmissionPolicy" => Kind::ValidatingPolicy,
        "ValidatingAdmissionPolicyBinding" => Kind::ValidatingBinding,
        "MutatingAdmissionPolicy" => Kind::MutatingPolicy,
        "MutatingAdmissionPolicyBinding" => Kind::MutatingBinding,
        "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => Kind::Webhooks,
        _ => return None,
    })
}

/// Whether [`check`] has anything to say about objects of this apiVersion and kind.
pub fn handles(api_version: &str, kind: &str) -> bool {
    kind_of(api_version, kind).is_some()
}

/// What the server of minor `kube` refuses in one policy, binding or webhook configuration
/// (served at that minor: the driver has checked its apiVersion), and for a policy what
/// type-checking its expressions against the kinds it matches (`kinds`) finds. `src` is the
/// file's text, which lets an expression's finding point inside the expression.
pub fn check(
    api_version: &str,
    kind: &str,
    obj: &Node,
    src: Option<&str>,
    kinds: &Kinds<'_>,
) -> Vec<Diagnostic> {
    let kube = kinds.kube();
    let Some(k) = kind_of(api_version, kind) else {
        return Vec::new();
    };
    let walk = match k {
        Kind::ValidatingPolicy => object::validating_policy(obj),
        Kind::MutatingPolicy => object::mutating_policy(obj),
        Kind::ValidatingBinding => object::validating_binding(obj),
        Kind::MutatingBinding => object::mutating_binding(obj),
        Kind::Webhooks => object::webhook_configuration(obj),
    };
    let b = Behavior::of(kube);
    let mut out: Vec<Diagnostic> = walk
        .errors
        .iter()
        .map(|f| diagnostic(&rules::INVALID, &f.error, f.span, b))
        .collect();
    // The composition compiler (with `variables`) compiles a validating policy's expressions
    // when it has variables, and every mutating policy's; match conditions always get the
    // stateless one.
    let has_variables = obj
        .at(&["spec", "variables"])
        .and_then(Node::as_seq)
        .is_some_and(|v| !v.is_empty());
    let composition = match k {
        Kind::ValidatingPolicy => has_variables,
        Kind::MutatingPolicy => true,
        _ => false,
    };
    let declared = |k: object::ExprKind| expr::Declared {
        params: walk.has_params,
        authorizer: true,
        variables: composition && k != object::ExprKind::MatchCondition,
    };
    let mut variables: Vec<(String, Type)> = Vec::new();
    let mut ok = Vec::with_capacity(walk.expressions.len());
    for e in &walk.expressions {
        // Only an expression that compiled at creation is type-checked: a failure there
        // would repeat, once per kind.
        let (t, compiled) = match expr::check(e, declared(e.kind), &variables, kube, src) {
            expr::Outcome::Ok(t) => (t, true),
            expr::Outcome::Failed(f) => {
                let d = diagnostic(&rules::EXPRESSION, &f.error, f.span, b);
                out.push(match f.help {
                    Some(h) => d.with_help(h),
                    None => d,
                });
                (Type::Dyn, false)
            }
            expr::Outcome::Skipped => (Type::Dyn, false),
        };
        ok.push(compiled);
        if let Some(name) = e.variable {
            variables.push((name.to_string(), t));
        }
    }
    if matches!(k, Kind::ValidatingPolicy | Kind::MutatingPolicy) {
        let report = typecheck::check(obj, &walk.expressions, &ok, declared, kinds, kube);
        out.extend(type_findings(obj, &walk.expressions, report, src));
    }
    out
}

/// The findings of type-checking: one per expression and kind, and one per rule it could not
/// resolve.
fn type_findings(
    obj: &Node,
    expressions: &[object::Expression<'_>],
    report: typecheck::Report,
    src: Option<&str>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for p in report.problems {
        let e = &expressions[p.expression];
        let raw = e.node.as_str().unwrap_or("");
        let leading = expr::text_of(e).map_or(0, |t| t.leading);
        let span = expr::error_span(src, e.node, raw, leading, &p.error);
        let mut d = Diagnostic::new(
            &rules::TYPE_CHECK,
            span,
            format!("{}: {}: {}", e.path, p.gvk, p.error),
        )
        .with_path(e.path.to_string());
        // The checker's own help (`did you mean` a field of the kind's schema).
        if let Some(h) = p.error.help() {
            d = d.with_help(h);
        }
        out.push(d);
    }
    for f in cost::findings(&report.costs) {
        let (span, path) = match f.expression {
            Some(i) => (expressions[i].node.span(), expressions[i].path.to_string()),
            None => (
                obj.get("spec").map_or(obj.span(), Node::span),
                "spec".to_string(),
            ),
        };
        let mut d =
            Diagnostic::new(&rules::COST, span, format!("{path}: {}", f.message)).with_path(path);
        if f.certain {
            d = d.with_severity(crate::diag::Severity::Error);
        }
        out.push(d);
    }
    let rules_node = obj.at(&["spec", "matchConstraints", "resourceRules"]);
    for u in report.unresolved {
        let path = format!("spec.matchConstraints.resourceRules[{}]", u.rule);
        let span = rules_node
            .and_then(Node::as_seq)
            .and_then(|r| r.get(u.rule))
            .map_or(obj.span(), Node::span);
        let mut d = Diagnostic::new(&rules::KINDS_UNRESOLVED, span, format!("{path}: {}", u.why))
            .with_path(path);
        if u.why.contains("wildcard") {
            d = d.with_severity(crate::diag::Severity::Info);
        }
        out.push(d);
    }
    out
}

fn diagnostic(
    rule: &'static crate::diag::Rule,
    e: &FieldError,
    span: Span,
    b: Behavior,
) -> Diagnostic {
    Diagnostic::new(rule, span, e.render(b)).with_path(e.path.to_string())
}

#[cfg(test)]
mod tests;
