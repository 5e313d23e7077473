//! Admission policies offline: ValidatingAdmissionPolicy, MutatingAdmissionPolicy, their
//! bindings, and the `matchConditions` of webhook configurations, checked as the API server
//! checks them on create (`object`: the object rules of `validation.go`; `expr`: every CEL
//! expression compiled in the environment the server builds for it).
//!
//! The driver validates these objects as built-in kinds first (their schema, `metadata`, the
//! apiVersion the minor serves) and then calls [`check`]. The module uses `cel` (the public
//! compile API) and `k8s`; it sits beside `builtin` and `suite` and uses neither.

mod expr;
mod object;
pub mod rules;

use crate::cel::Type;
use crate::diag::{Diagnostic, Span};
use crate::k8s::behavior::Behavior;
use crate::k8s::{FieldError, KubeVersion};
use crate::yaml::Node;

pub use rules::RULES;

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
/// (served at that minor: the driver has checked its apiVersion). `src` is the file's text,
/// which lets an expression's finding point inside the expression.
pub fn check(
    api_version: &str,
    kind: &str,
    obj: &Node,
    src: Option<&str>,
    kube: KubeVersion,
) -> Vec<Diagnostic> {
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
    let mut variables: Vec<(String, Type)> = Vec::new();
    for e in &walk.expressions {
        let d = expr::Declared {
            params: walk.has_params,
            authorizer: true,
            variables: composition && e.kind != object::ExprKind::MatchCondition,
        };
        let outcome = expr::check(e, d, &variables, kube, src);
        let t = match outcome {
            expr::Outcome::Ok(t) => t,
            expr::Outcome::Failed(f) => {
                out.push(diagnostic(&rules::EXPRESSION, &f.error, f.span, b));
                Type::Dyn
            }
            expr::Outcome::Skipped => Type::Dyn,
        };
        if let Some(name) = e.variable {
            variables.push((name.to_string(), t));
        }
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
