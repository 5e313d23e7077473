//! The object rules the API server applies when an admission policy, a binding, or a webhook
//! configuration's `matchConditions` is created: `pkg/apis/admissionregistration/validation/
//! validation.go` of kubernetes/kubernetes (read at commit `03d48b76`, the newest stored copy of
//! that file, which predates MutatingAdmissionPolicy; the MAP rules follow the server's
//! `validateMutatingAdmissionPolicySpec`/`validateMutation`, whose messages were read from a
//! third-party mirror of that function and agree with the VAP ones where they share code).
//!
//! The checks run on the object as the server decodes and defaults it
//! (`pkg/apis/admissionregistration/v1*/defaults.go`: `failurePolicy: Fail`, `matchPolicy:
//! Equivalent`, empty selectors, `scope: "*"`), so a field the server defaults is never
//! reported missing. `metadata` is left to the built-in pipeline (`ValidateObjectMeta`). The
//! expressions are compiled by [`super::expr`]; this file decides only where they are and
//! whether they are present.

use std::collections::HashSet;

use crate::diag::Span;
use crate::k8s::names;
use crate::k8s::{BadValue, FieldError, FieldPath};
use crate::yaml::Node;

/// One field error and where it points.
pub(super) struct Found {
    pub(super) error: FieldError,
    pub(super) span: Span,
}

/// The kind of expression a position holds, which decides its environment and result type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ExprKind {
    /// A webhook's or policy's `matchConditions[].expression`: bool.
    MatchCondition,
    /// `variables[].expression`: any type.
    Variable,
    /// `validations[].expression`: bool.
    Validation,
    /// `validations[].messageExpression`: string, no `authorizer`.
    MessageExpression,
    /// `auditAnnotations[].valueExpression`: string or null.
    AuditAnnotation,
    /// `mutations[].applyConfiguration.expression`: an `Object{}`.
    ApplyConfiguration,
    /// `mutations[].jsonPatch.expression`: a list of `JSONPatch{}`.
    JsonPatch,
}

/// An expression to compile: its node (a string scalar), its path and kind, and for variables
/// the name it is stored under.
pub(super) struct Expression<'n> {
    pub(super) node: &'n Node,
    pub(super) path: FieldPath,
    pub(super) kind: ExprKind,
    /// The variable's name (`variables[i].name`) for [`ExprKind::Variable`].
    pub(super) variable: Option<&'n str>,
}

/// What the object walk finds: the field errors and the expressions for the compiler.
#[derive(Default)]
pub(super) struct Walk<'n> {
    pub(super) errors: Vec<Found>,
    pub(super) expressions: Vec<Expression<'n>>,
    /// `spec.paramKind` is set (declares `params`).
    pub(super) has_params: bool,
}

impl<'n> Walk<'n> {
    fn push(&mut self, error: FieldError, span: Span) {
        self.errors.push(Found { error, span });
    }
    fn expr(&mut self, node: &'n Node, path: FieldPath, kind: ExprKind) {
        self.expressions.push(Expression {
            node,
            path,
            kind,
            variable: None,
        });
    }
}

/// A field that is present: absent and `null` both decode to Go's zero value.
fn field<'n>(n: Option<&'n Node>, key: &str) -> Option<&'n Node> {
    n?.get(key).filter(|v| !v.is_null())
}

/// A string field's value (`""` when absent or null; other types are the schema step's).
fn string<'n>(n: Option<&'n Node>, key: &str) -> &'n str {
    field(n, key).and_then(Node::as_str).unwrap_or("")
}

/// A list field's items (none when absent, null or not a list).
fn items<'n>(n: Option<&'n Node>, key: &str) -> &'n [Node] {
    field(n, key).and_then(Node::as_seq).unwrap_or(&[])
}

/// The strings of a list field (non-strings are skipped: the schema step reports them).
fn strings<'n>(n: Option<&'n Node>, key: &str) -> Vec<(&'n str, &'n Node)> {
    items(n, key)
        .iter()
        .filter_map(|i| i.as_str().map(|s| (s, i)))
        .collect()
}

/// The span of `key` in `n` when present, else `n`'s own.
fn span_of(n: Option<&Node>, key: &str, fallback: Span) -> Span {
    match n {
        Some(n) => n.get(key).map_or(n.span(), Node::span),
        None => fallback,
    }
}

/// A Go `[]T` of strings as `field.Invalid` prints it: JSON (the newest servers; older ones
/// print Go's `%#v`, which [`BadValue::Composite`] renders from the node).
fn list_value(n: Option<&Node>, key: &str) -> BadValue {
    match field(n, key) {
        Some(v) => BadValue::Composite(Box::new(v.clone())),
        None => BadValue::Json("null".into()),
    }
}

const FAILURE_POLICIES: &[&str] = &["Fail", "Ignore"];
const MATCH_POLICIES: &[&str] = &["Equivalent", "Exact"];
const SCOPES: &[&str] = &["*", "Cluster", "Namespaced"];
const OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
/// A MutatingAdmissionPolicy's (and binding's) rules: only these operations are admitted.
const MUTATING_OPERATIONS: &[&str] = &["*", "CREATE", "UPDATE"];
const REINVOCATION_POLICIES: &[&str] = &["IfNeeded", "Never"];
const REASONS: &[&str] = &["Forbidden", "Invalid", "RequestEntityTooLarge"];
const VALIDATION_ACTIONS: &[&str] = &["Audit", "Deny", "Warn"];
const PATCH_TYPES: &[&str] = &["ApplyConfiguration", "JSONPatch"];
const SELECTOR_OPERATORS_WITH_VALUES: &[&str] = &["In", "NotIn"];
const SELECTOR_OPERATORS_WITHOUT: &[&str] = &["Exists", "DoesNotExist"];
/// `maxAuditAnnotations`.
const MAX_AUDIT_ANNOTATIONS: usize = 20;
/// `maxAuditAnnotationValueExpressionLength`.
const MAX_AUDIT_VALUE_EXPRESSION: usize = 5 * 1024;
/// `validateMatchConditions`' limit.
const MAX_MATCH_CONDITIONS: usize = 64;

/// `ValidateValidatingAdmissionPolicy` (create), without `metadata`.
pub(super) fn validating_policy(obj: &Node) -> Walk<'_> {
    let mut w = Walk::default();
    let spec = field(Some(obj), "spec");
    let sp = FieldPath::new("spec");
    let whole = obj.span();
    policy_common(spec, &sp, whole, None, &mut w);
    let validations = items(spec, "validations");
    let audits = items(spec, "auditAnnotations");
    if validations.is_empty() && audits.is_empty() {
        let at = spec.map_or(whole, Node::span);
        for key in ["validations", "auditAnnotations"] {
            w.push(
                FieldError::required(
                    sp.child(key),
                    "validations or auditAnnotations must contain at least one item",
                ),
                at,
            );
        }
        return w;
    }
    for (i, v) in validations.iter().enumerate() {
        validation(v, &sp.child("validations").index(i), &mut w);
    }
    if field(spec, "auditAnnotations").is_some() {
        let ap = sp.child("auditAnnotations");
        if audits.len() > MAX_AUDIT_ANNOTATIONS {
            w.push(
                FieldError::invalid(
                    ap.clone(),
                    list_value(spec, "auditAnnotations"),
                    format!("must not have more than {MAX_AUDIT_ANNOTATIONS} auditAnnotations"),
                ),
                span_of(spec, "auditAnnotations", whole),
            );
        }
        let name = obj.at(&["metadata", "name"]).and_then(Node::as_str);
        let mut keys = HashSet::new();
        for (i, a) in audits.iter().enumerate() {
            let p = ap.index(i);
            audit_annotation(a, name.unwrap_or(""), &p, &mut w);
            let key = string(Some(a), "key");
            if !keys.insert(key) {
                w.push(
                    FieldError::duplicate(p.child("key"), key),
                    span_of(Some(a), "key", a.span()),
                );
            }
        }
    }
    w
}

/// `validateMutatingAdmissionPolicySpec` (create), without `metadata`.
pub(super) fn mutating_policy(obj: &Node) -> Walk<'_> {
    let mut w = Walk::default();
    let spec = field(Some(obj), "spec");
    let sp = FieldPath::new("spec");
    let whole = obj.span();
    policy_common(spec, &sp, whole, Some(MUTATING_OPERATIONS), &mut w);
    let mutations = items(spec, "mutations");
    if mutations.is_empty() {
        w.push(
            FieldError::required(
                sp.child("mutations"),
                "mutations must contain at least one item",
            ),
            span_of(spec, "mutations", whole),
        );
    }
    for (i, m) in mutations.iter().enumerate() {
        mutation(m, &sp.child("mutations").index(i), &mut w);
    }
    let rp = sp.child("reinvocationPolicy");
    match field(spec, "reinvocationPolicy") {
        None => w.push(FieldError::required(rp, ""), spec.map_or(whole, Node::span)),
        Some(n) => {
            if let Some(s) = n.as_str() {
                if !REINVOCATION_POLICIES.contains(&s) {
                    w.push(
                        FieldError::not_supported(rp, s, REINVOCATION_POLICIES),
                        n.span(),
                    );
                }
            }
        }
    }
    w
}

/// What validating and mutating policies share: failurePolicy, paramKind, matchConstraints,
/// matchConditions and variables. `operations` restricts the rules' operations (MAP).
fn policy_common<'n>(
    spec: Option<&'n Node>,
    sp: &FieldPath,
    whole: Span,
    operations: Option<&[&str]>,
    w: &mut Walk<'n>,
) {
    // failurePolicy: defaulted to Fail, so only a wrong value can be reported.
    enum_field(spec, "failurePolicy", sp, FAILURE_POLICIES, w);
    if let Some(pk) = field(spec, "paramKind") {
        w.has_params = true;
        param_kind(pk, &sp.child("paramKind"), w);
    }
    let mp = sp.child("matchConstraints");
    match field(spec, "matchConstraints") {
        None => w.push(FieldError::required(mp, ""), spec.map_or(whole, Node::span)),
        Some(mc) => {
            match_resources(mc, &mp, w);
            // At least one resourceRule provides the type information.
            if items(Some(mc), "resourceRules").is_empty() {
                w.push(
                    FieldError::required(mp.child("resourceRules"), ""),
                    span_of(Some(mc), "resourceRules", mc.span()),
                );
            }
            if let Some(ops) = operations {
                restrict_operations(mc, ops, &mp.child("resourceRules").child("operations"), w);
            }
        }
    }
    match_conditions(spec, &sp.child("matchConditions"), w);
    for (i, v) in items(spec, "variables").iter().enumerate() {
        variable(v, &sp.child("variables").index(i), w);
    }
}

/// A string field whose value must be one of `valid` (absent is fine: defaulted or optional).
fn enum_field(n: Option<&Node>, key: &str, at: &FieldPath, valid: &[&str], w: &mut Walk<'_>) {
    if let Some(v) = field(n, key) {
        if let Some(s) = v.as_str() {
            if !valid.contains(&s) {
                w.push(FieldError::not_supported(at.child(key), s, valid), v.span());
            }
        }
    }
}

/// `validateParamKind`.
fn param_kind(pk: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    let av = string(Some(pk), "apiVersion");
    let ap = p.child("apiVersion");
    let av_span = span_of(Some(pk), "apiVersion", pk.span());
    if av.is_empty() {
        w.push(FieldError::required(ap, ""), av_span);
    } else {
        match parse_group_version(av) {
            Err(e) => w.push(FieldError::invalid(ap, av, e), av_span),
            Ok((group, version)) => {
                if !group.is_empty() {
                    let errs = names::is_dns1123_subdomain(group);
                    if !errs.is_empty() {
                        w.push(
                            FieldError::invalid(ap.clone(), group, errs.join(",")),
                            av_span,
                        );
                    }
                }
                if version.is_empty() {
                    w.push(
                        FieldError::invalid(ap, av, "version must be specified"),
                        av_span,
                    );
                } else {
                    let errs = names::is_dns1035_label(version);
                    if !errs.is_empty() {
                        w.push(FieldError::invalid(ap, version, errs.join(",")), av_span);
                    }
                }
            }
        }
    }
    let kind = string(Some(pk), "kind");
    let kp = p.child("kind");
    let kind_span = span_of(Some(pk), "kind", pk.span());
    if kind.is_empty() {
        w.push(FieldError::required(kp, ""), kind_span);
    } else {
        let errs = names::is_dns1035_label(&kind.to_lowercase());
        if !errs.is_empty() {
            w.push(
                FieldError::invalid(
                    kp,
                    kind,
                    format!(
                        "may have mixed case, but should otherwise match: {}",
                        errs.join(",")
                    ),
                ),
                kind_span,
            );
        }
    }
}

/// `parseGroupVersion` of validation.go: `""` and `"/"` are empty, one slash splits, more is an
/// error.
fn parse_group_version(gv: &str) -> Result<(&str, &str), String> {
    if gv.is_empty() || gv == "/" {
        return Ok(("", ""));
    }
    match gv.matches('/').count() {
        0 => Ok(("", gv)),
        1 => Ok(gv.split_once('/').unwrap_or(("", gv))),
        _ => Err(format!("unexpected GroupVersion string: {gv}")),
    }
}

/// `validateMatchResources` (policies' `matchConstraints`, bindings' `matchResources`).
fn match_resources(mc: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    // matchPolicy and both selectors are defaulted (SetDefaults_MatchResources).
    enum_field(Some(mc), "matchPolicy", p, MATCH_POLICIES, w);
    for key in ["namespaceSelector", "objectSelector"] {
        if let Some(sel) = field(Some(mc), key) {
            label_selector(sel, &p.child(key), w);
        }
    }
    for key in ["resourceRules", "excludeResourceRules"] {
        for (i, r) in items(Some(mc), key).iter().enumerate() {
            named_rule(r, &p.child(key).index(i), w);
        }
    }
}

/// MAP's restriction of its rules' operations to CREATE and UPDATE.
fn restrict_operations(mc: &Node, ops: &[&str], p: &FieldPath, w: &mut Walk<'_>) {
    for r in items(Some(mc), "resourceRules") {
        for (op, n) in strings(Some(r), "operations") {
            if OPERATIONS.contains(&op) && !ops.contains(&op) {
                w.push(FieldError::not_supported(p.clone(), op, ops), n.span());
            }
        }
    }
}

/// `validateNamedRuleWithOperations`.
fn named_rule(r: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    let mut seen = HashSet::new();
    for (i, (name, n)) in strings(Some(r), "resourceNames").into_iter().enumerate() {
        let np = p.child("resourceNames").index(i);
        for m in names::is_path_segment_name(name) {
            w.push(FieldError::invalid(np.clone(), name, m), n.span());
        }
        if !seen.insert(name) {
            w.push(FieldError::duplicate(np, name), n.span());
        }
    }
    rule_with_operations(r, p, w);
}

/// `validateRuleWithOperations` and `validateRule` (subresources allowed).
fn rule_with_operations(r: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    let ops = strings(Some(r), "operations");
    let op_span = span_of(Some(r), "operations", r.span());
    if items(Some(r), "operations").is_empty() {
        w.push(FieldError::required(p.child("operations"), ""), op_span);
    }
    if ops.len() > 1 && ops.iter().any(|(o, _)| *o == "*") {
        w.push(
            FieldError::invalid(
                p.child("operations"),
                list_value(Some(r), "operations"),
                "if '*' is present, must not specify other operations",
            ),
            op_span,
        );
    }
    for (i, (op, n)) in ops.iter().enumerate() {
        if !OPERATIONS.contains(op) {
            w.push(
                FieldError::not_supported(p.child("operations").index(i), *op, OPERATIONS),
                n.span(),
            );
        }
    }
    for (key, what) in [("apiGroups", "API groups"), ("apiVersions", "API versions")] {
        let list = strings(Some(r), key);
        let span = span_of(Some(r), key, r.span());
        if items(Some(r), key).is_empty() {
            w.push(FieldError::required(p.child(key), ""), span);
        }
        if list.len() > 1 && list.iter().any(|(s, _)| *s == "*") {
            w.push(
                FieldError::invalid(
                    p.child(key),
                    list_value(Some(r), key),
                    format!("if '*' is present, must not specify other {what}"),
                ),
                span,
            );
        }
    }
    for (i, (v, n)) in strings(Some(r), "apiVersions").into_iter().enumerate() {
        if v.is_empty() {
            w.push(
                FieldError::required(p.child("apiVersions").index(i), ""),
                n.span(),
            );
        }
    }
    resources(r, &p.child("resources"), w);
    enum_field(Some(r), "scope", p, SCOPES, w);
}

/// `validateResources`: `x/*`, `*/x`, `*/*` and `*` combinations.
fn resources(r: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    let list = strings(Some(r), "resources");
    let span = span_of(Some(r), "resources", r.span());
    if items(Some(r), "resources").is_empty() {
        w.push(FieldError::required(p.clone(), ""), span);
    }
    let mut res_with_wild_sub = HashSet::new();
    let mut sub_with_wild_res = HashSet::new();
    let mut double = false;
    let mut single = false;
    let mut without_sub = false;
    for (i, (rs, n)) in list.iter().enumerate() {
        if rs.is_empty() {
            w.push(FieldError::required(p.index(i), ""), n.span());
            continue;
        }
        double |= *rs == "*/*";
        single |= *rs == "*";
        let Some((res, sub)) = rs.split_once('/') else {
            // The server's flag holds the last resource without a subresource only.
            without_sub = *rs != "*";
            continue;
        };
        if res_with_wild_sub.contains(res) {
            w.push(
                FieldError::invalid(
                    p.index(i),
                    *rs,
                    format!("if '{res}/*' is present, must not specify {rs}"),
                ),
                n.span(),
            );
        }
        if sub_with_wild_res.contains(sub) {
            w.push(
                FieldError::invalid(
                    p.index(i),
                    *rs,
                    format!("if '*/{sub}' is present, must not specify {rs}"),
                ),
                n.span(),
            );
        }
        if sub == "*" {
            res_with_wild_sub.insert(res);
        }
        if res == "*" {
            sub_with_wild_res.insert(sub);
        }
    }
    if list.len() > 1 && double {
        w.push(
            FieldError::invalid(
                p.clone(),
                list_value(Some(r), "resources"),
                "if '*/*' is present, must not specify other resources",
            ),
            span,
        );
    }
    if single && without_sub {
        w.push(
            FieldError::invalid(
                p.clone(),
                list_value(Some(r), "resources"),
                "if '*' is present, must not specify other resources without subresources",
            ),
            span,
        );
    }
}

/// `metav1validation.ValidateLabelSelector` with strict label values.
fn label_selector(sel: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    if let Some(labels) = field(Some(sel), "matchLabels").and_then(Node::as_map) {
        let lp = p.child("matchLabels");
        for (k, v) in labels.iter() {
            for m in names::is_qualified_name(k) {
                w.push(FieldError::invalid(lp.clone(), k, m), v.span());
            }
            if let Some(s) = v.as_str() {
                for m in names::is_valid_label_value(s) {
                    w.push(FieldError::invalid(lp.clone(), s, m), v.span());
                }
            }
        }
    }
    for (i, e) in items(Some(sel), "matchExpressions").iter().enumerate() {
        let ep = p.child("matchExpressions").index(i);
        let op = string(Some(e), "operator");
        let values = items(Some(e), "values");
        if SELECTOR_OPERATORS_WITH_VALUES.contains(&op) {
            if values.is_empty() {
                w.push(
                    FieldError::required(
                        ep.child("values"),
                        "must be specified when `operator` is 'In' or 'NotIn'",
                    ),
                    e.span(),
                );
            }
        } else if SELECTOR_OPERATORS_WITHOUT.contains(&op) {
            if !values.is_empty() {
                w.push(
                    FieldError::forbidden(
                        ep.child("values"),
                        "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                    ),
                    span_of(Some(e), "values", e.span()),
                );
            }
        } else {
            w.push(
                FieldError::invalid(ep.child("operator"), op, "not a valid selector operator"),
                span_of(Some(e), "operator", e.span()),
            );
        }
        let key = string(Some(e), "key");
        for m in names::is_qualified_name(key) {
            w.push(
                FieldError::invalid(ep.child("key"), key, m),
                span_of(Some(e), "key", e.span()),
            );
        }
        for (j, (v, n)) in strings(Some(e), "values").into_iter().enumerate() {
            for m in names::is_valid_label_value(v) {
                w.push(
                    FieldError::invalid(ep.child("values").index(j), v, m),
                    n.span(),
                );
            }
        }
    }
}

/// `validateMatchConditions` (policies and webhooks alike).
pub(super) fn match_conditions<'n>(parent: Option<&'n Node>, p: &FieldPath, w: &mut Walk<'n>) {
    let list = items(parent, "matchConditions");
    if list.len() > MAX_MATCH_CONDITIONS {
        w.push(
            FieldError::too_many(p.clone(), list.len() as i64, MAX_MATCH_CONDITIONS as i64),
            span_of(parent, "matchConditions", Span::default()),
        );
    }
    for (i, mc) in list.iter().enumerate() {
        let ip = p.index(i);
        expression_field(mc, &ip, "expression", "", ExprKind::MatchCondition, w);
        let name = string(Some(mc), "name");
        let np = ip.child("name");
        let span = span_of(Some(mc), "name", mc.span());
        if name.is_empty() {
            w.push(FieldError::required(np, ""), span);
        } else {
            for m in names::is_qualified_name(name) {
                w.push(FieldError::invalid(np.clone(), name, m), span);
            }
            // The server's `Duplicate value` here is left to the built-in schema step: the
            // list is a map keyed by `name` there (`cr/list-duplicate`), and one finding is
            // enough.
        }
    }
}

/// An expression field that must not be blank: `Required(path, detail)` when it is, else
/// queued for the compiler.
fn expression_field<'n>(
    parent: &'n Node,
    p: &FieldPath,
    key: &str,
    detail: &str,
    kind: ExprKind,
    w: &mut Walk<'n>,
) -> bool {
    match field(Some(parent), key) {
        Some(n) if n.as_str().is_some_and(|s| !s.trim().is_empty()) => {
            w.expr(n, p.child(key), kind);
            true
        }
        n => {
            let span = n.map_or(parent.span(), Node::span);
            w.push(FieldError::required(p.child(key), detail), span);
            false
        }
    }
}

/// `validateVariable`.
fn variable<'n>(v: &'n Node, p: &FieldPath, w: &mut Walk<'n>) {
    let name = string(Some(v), "name");
    let span = span_of(Some(v), "name", v.span());
    if name.trim().is_empty() {
        w.push(
            FieldError::required(p.child("name"), "name is not specified"),
            span,
        );
    } else if !is_cel_identifier(name) {
        w.push(
            FieldError::invalid(p.child("name"), name, "name is not a valid CEL identifier"),
            span,
        );
    }
    if expression_field(
        v,
        p,
        "expression",
        "expression is not specified",
        ExprKind::Variable,
        w,
    ) {
        if let Some(e) = w.expressions.last_mut() {
            e.variable = Some(name);
        }
    }
}

/// `isCELIdentifier`: `[_a-zA-Z][_a-zA-Z0-9]*` minus CEL's reserved words (the list property
/// names are escaped for, `cel::escaping`).
fn is_cel_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !crate::cel::escaping::is_reserved(name)
}

/// `validateValidation`.
fn validation<'n>(v: &'n Node, p: &FieldPath, w: &mut Walk<'n>) {
    expression_field(
        v,
        p,
        "expression",
        "expression is not specified",
        ExprKind::Validation,
        w,
    );
    if let Some(me) = field(Some(v), "messageExpression") {
        if let Some(s) = me.as_str() {
            if !s.is_empty() && s.trim().is_empty() {
                w.push(
                    FieldError::invalid(
                        p.child("messageExpression"),
                        s,
                        "must be non-empty if specified",
                    ),
                    me.span(),
                );
            } else if !s.trim().is_empty() {
                w.expr(
                    me,
                    p.child("messageExpression"),
                    ExprKind::MessageExpression,
                );
            }
        }
    }
    if let Some(m) = field(Some(v), "message") {
        if let Some(s) = m.as_str() {
            let trimmed = s.trim();
            if !s.is_empty() && trimmed.is_empty() {
                w.push(
                    FieldError::invalid(
                        p.child("message"),
                        s,
                        "message must be non-empty if specified",
                    ),
                    m.span(),
                );
            } else if trimmed.contains(['\n', '\r']) {
                w.push(
                    FieldError::invalid(
                        p.child("message"),
                        s,
                        "message must not contain line breaks",
                    ),
                    m.span(),
                );
            }
        }
    }
    enum_field(Some(v), "reason", p, REASONS, w);
}

/// `validateAuditAnnotation`.
fn audit_annotation<'n>(a: &'n Node, policy_name: &str, p: &FieldPath, w: &mut Walk<'n>) {
    let key = string(Some(a), "key");
    let kp = p.child("key");
    let span = span_of(Some(a), "key", a.span());
    if policy_name.is_empty() {
        w.push(
            FieldError::invalid(kp, key, "requires metadata.name be non-empty"),
            span,
        );
    } else {
        // `ValidateQualifiedName(name + "/" + key)`: the value printed is the joined one.
        let joined = format!("{policy_name}/{key}");
        for m in names::is_qualified_name(&joined) {
            w.push(FieldError::invalid(kp.clone(), joined.as_str(), m), span);
        }
    }
    let vp = p.child("valueExpression");
    match field(Some(a), "valueExpression") {
        Some(n) if n.as_str().is_some_and(|s| !s.trim().is_empty()) => {
            let s = n.as_str().unwrap_or("");
            if s.trim().len() > MAX_AUDIT_VALUE_EXPRESSION {
                // The server words a too-long expression as a Required error.
                w.push(
                    FieldError::required(
                        vp,
                        format!("must not exceed {MAX_AUDIT_VALUE_EXPRESSION} bytes in length"),
                    ),
                    n.span(),
                );
            } else {
                w.expr(n, vp, ExprKind::AuditAnnotation);
            }
        }
        n => w.push(
            FieldError::required(vp, "valueExpression is not specified"),
            n.map_or(a.span(), Node::span),
        ),
    }
}

/// `validateMutation`: the patch type and the one patch it names.
fn mutation<'n>(m: &'n Node, p: &FieldPath, w: &mut Walk<'n>) {
    let pt = string(Some(m), "patchType");
    let span = span_of(Some(m), "patchType", m.span());
    if pt.is_empty() {
        w.push(FieldError::required(p.child("patchType"), ""), span);
        return;
    }
    let (own, other, kind) = match pt {
        "JSONPatch" => ("jsonPatch", "applyConfiguration", ExprKind::JsonPatch),
        "ApplyConfiguration" => (
            "applyConfiguration",
            "jsonPatch",
            ExprKind::ApplyConfiguration,
        ),
        _ => {
            w.push(
                FieldError::not_supported(p.child("patchType"), pt, PATCH_TYPES),
                span,
            );
            return;
        }
    };
    match field(Some(m), own) {
        None => w.push(
            FieldError::required(
                p.child(own),
                format!("must be specified when patchType is {pt}"),
            ),
            m.span(),
        ),
        Some(patch) => {
            let ep = p.child(own).child("expression");
            match field(Some(patch), "expression") {
                Some(e) if e.as_str().is_some_and(|s| !s.trim().is_empty()) => w.expr(e, ep, kind),
                e => w.push(
                    FieldError::required(ep, ""),
                    e.map_or(patch.span(), Node::span),
                ),
            }
        }
    }
    if let Some(o) = field(Some(m), other) {
        // The server prints a placeholder, not the patch.
        w.push(
            FieldError::invalid(
                p.child(other),
                format!("{{{other}}}"),
                format!("must not be specified when patchType is {pt}"),
            ),
            o.span(),
        );
    }
}

/// `validateValidatingAdmissionPolicyBindingSpec` (create), without `metadata`.
pub(super) fn validating_binding(obj: &Node) -> Walk<'_> {
    let mut w = Walk::default();
    let spec = field(Some(obj), "spec");
    let sp = FieldPath::new("spec");
    binding_common(spec, &sp, obj.span(), &mut w);
    if let Some(mr) = field(spec, "matchResources") {
        // The server's own path has this spelling (`fldPath.Child("matchResouces")`).
        match_resources(mr, &sp.child("matchResouces"), &mut w);
    }
    validation_actions(spec, &sp.child("validationActions"), obj.span(), &mut w);
    w
}

/// `ValidateMutatingAdmissionPolicyBinding` (create), without `metadata`.
pub(super) fn mutating_binding(obj: &Node) -> Walk<'_> {
    let mut w = Walk::default();
    let spec = field(Some(obj), "spec");
    let sp = FieldPath::new("spec");
    binding_common(spec, &sp, obj.span(), &mut w);
    if let Some(mr) = field(spec, "matchResources") {
        let mp = sp.child("matchResources");
        match_resources(mr, &mp, &mut w);
        restrict_operations(
            mr,
            MUTATING_OPERATIONS,
            &mp.child("resourceRules").child("operations"),
            &mut w,
        );
    }
    w
}

/// A binding's `policyName` and `paramRef`.
fn binding_common(spec: Option<&Node>, sp: &FieldPath, whole: Span, w: &mut Walk<'_>) {
    let name = string(spec, "policyName");
    let np = sp.child("policyName");
    let span = span_of(spec, "policyName", whole);
    if name.is_empty() {
        w.push(FieldError::required(np, ""), span);
    } else {
        for m in names::name_is_dns_subdomain(name, false) {
            w.push(FieldError::invalid(np.clone(), name, m), span);
        }
    }
    if let Some(pr) = field(spec, "paramRef") {
        param_ref(pr, &sp.child("paramRef"), w);
    }
}

/// `validateParamRef`.
fn param_ref(pr: &Node, p: &FieldPath, w: &mut Walk<'_>) {
    let name = string(Some(pr), "name");
    let selector = field(Some(pr), "selector");
    const EXCLUSIVE: &str = "name and selector are mutually exclusive";
    if !name.is_empty() {
        let span = span_of(Some(pr), "name", pr.span());
        for m in names::is_path_segment_name(name) {
            w.push(FieldError::invalid(p.child("name"), name, m), span);
        }
        if selector.is_some() {
            w.push(FieldError::forbidden(p.child("name"), EXCLUSIVE), span);
        }
    }
    if let Some(sel) = selector {
        label_selector(sel, &p.child("selector"), w);
        if !name.is_empty() {
            w.push(
                FieldError::forbidden(p.child("selector"), EXCLUSIVE),
                sel.span(),
            );
        }
    }
    if name.is_empty() && selector.is_none() {
        w.push(
            FieldError::required(p.clone(), "one of name or selector must be specified"),
            pr.span(),
        );
    }
    let ap = p.child("parameterNotFoundAction");
    let action = string(Some(pr), "parameterNotFoundAction");
    if action.is_empty() {
        w.push(
            FieldError::required(ap, ""),
            span_of(Some(pr), "parameterNotFoundAction", pr.span()),
        );
    } else if action != "Deny" && action != "Allow" {
        w.push(
            FieldError::not_supported(ap, action, &["Deny", "Allow"]),
            span_of(Some(pr), "parameterNotFoundAction", pr.span()),
        );
    }
}

/// `validateValidationActions`.
fn validation_actions(spec: Option<&Node>, p: &FieldPath, whole: Span, w: &mut Walk<'_>) {
    let actions = strings(spec, "validationActions");
    let span = span_of(spec, "validationActions", whole);
    let mut seen = HashSet::new();
    for (i, (a, n)) in actions.iter().enumerate() {
        if !VALIDATION_ACTIONS.contains(a) {
            w.push(
                FieldError::not_supported(p.index(i), *a, VALIDATION_ACTIONS),
                n.span(),
            );
        }
        // A repeated action is the server's `Duplicate value` too, but the list is a set in
        // the built-in schema, whose step reports it (`cr/list-duplicate`) already.
        seen.insert(*a);
    }
    if seen.contains("Deny") && seen.contains("Warn") {
        w.push(
            FieldError::invalid(
                p.clone(),
                list_value(spec, "validationActions"),
                "must not contain both Deny and Warn (repeating the same validation failure \
                 information in the API response and headers serves no purpose)",
            ),
            span,
        );
    }
    if seen.is_empty() {
        w.push(
            FieldError::required(p.clone(), "at least one validation action is required"),
            span,
        );
    }
}

/// The `matchConditions` of every webhook of a Validating/MutatingWebhookConfiguration
/// (`validateValidatingWebhook`/`validateMutatingWebhook`; the rest of a webhook is the
/// built-in schema's). Webhooks have no `params`.
pub(super) fn webhook_configuration(obj: &Node) -> Walk<'_> {
    let mut w = Walk::default();
    for (i, hook) in items(Some(obj), "webhooks").iter().enumerate() {
        let hp = FieldPath::new("webhooks").index(i);
        match_conditions(Some(hook), &hp.child("matchConditions"), &mut w);
    }
    w
}
