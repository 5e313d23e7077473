//! The run end to end: a policy, a binding and objects, as the server would decide them.

use super::*;
use crate::yaml::load;

fn kube() -> KubeVersion {
    KubeVersion::default()
}

/// Runs the policies of `policies` (and the namespaces and params there) against the
/// Deployment `object` and returns each finding as `rule: message`.
fn run(policies: &str, object: &str, old: Option<&str>) -> Vec<String> {
    run_as(Settings::default(), policies, object, old)
}

/// [`run`] with the run's settings.
fn run_as(settings: Settings, policies: &str, object: &str, old: Option<&str>) -> Vec<String> {
    let mut g = Gather::default();
    let docs: Vec<Node> = load(policies).into_iter().filter_map(|d| d.root).collect();
    for d in &docs {
        if Gather::is_policy(
            d.get_str("apiVersion").unwrap_or(""),
            d.get_str("kind").unwrap_or(""),
        ) {
            g.add_policy(d);
        }
    }
    for d in &docs {
        if g.wants(
            d.get_str("apiVersion").unwrap_or(""),
            d.get_str("kind").unwrap_or(""),
        ) {
            g.add(d);
        }
    }
    let p = Policies::new(g, kube(), settings, |_, k| Some(k != "Namespace"));
    let obj = load(object).remove(0).root.expect("object");
    let old = old.map(|o| load(o).remove(0).root.expect("old"));
    let versions = vec!["v1".to_string()];
    let r = Request {
        object: &obj,
        old: old.as_ref(),
        group: "apps",
        version: "v1",
        kind: "Deployment",
        resource: "deployments",
        namespaced: true,
        versions: &versions,
        conversion: "",
        at: Span::default(),
        strategy: Strategy::AsGiven,
    };
    p.evaluate(&r)
        .into_iter()
        .map(|d| format!("{}: {}", d.rule.id, d.message))
        .collect()
}

const POLICY: &str = r#"
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: limit}
spec:
  paramKind: {apiVersion: v1, kind: ConfigMap}
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  variables:
  - name: replicas
    expression: "has(object.spec.replicas) ? object.spec.replicas : 1"
  validations:
  - expression: "variables.replicas <= int(params.data.max)"
    messageExpression: "'at most ' + params.data.max + ' replicas, not ' + string(variables.replicas)"
    reason: Forbidden
  - expression: "object.metadata.name.startsWith('app-')"
  - expression: "request.userInfo.username != ''"
    message: "  anonymous  "
---
apiVersion: v1
kind: ConfigMap
metadata: {name: limits, namespace: shop}
data: {max: "5"}
"#;

fn binding(actions: &str, param_ref: &str) -> String {
    format!(
        "---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: limit-b}}\nspec:\n  policyName: limit\n  validationActions: {actions}\n  paramRef: {param_ref}\n"
    )
}

fn deployment(name: &str, replicas: u32) -> String {
    format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {name}, namespace: shop}}\nspec: {{replicas: {replicas}}}\n")
}

const BY_NAME: &str = "{name: limits, parameterNotFoundAction: Deny}";

#[test]
fn denials_take_the_message_expression_then_message_then_expression() {
    let policies = format!("{POLICY}{}", binding("[Deny]", BY_NAME));
    assert_eq!(
        run(&policies, &deployment("app-web", 3), None),
        Vec::<String>::new()
    );
    assert_eq!(
        run(&policies, &deployment("web", 8), None),
        vec![
            "admission/denied: ValidatingAdmissionPolicy 'limit' with binding 'limit-b' denied request: at most 5 replicas, not 8",
            "admission/denied: ValidatingAdmissionPolicy 'limit' with binding 'limit-b' denied request: failed expression: object.metadata.name.startsWith('app-')",
        ]
    );
}

#[test]
fn warn_and_audit_are_worded_as_the_server_words_them() {
    let policies = format!("{POLICY}{}", binding("[Warn, Audit]", BY_NAME));
    assert_eq!(
        run(&policies, &deployment("app-web", 8), None),
        vec![
            "admission/warned: Validation failed for ValidatingAdmissionPolicy 'limit' with binding 'limit-b': at most 5 replicas, not 8",
            r#"admission/audit: validation.policy.admission.k8s.io/validation_failure: [{"message":"at most 5 replicas, not 8","policy":"limit","binding":"limit-b","expressionIndex":0,"validationActions":["Warn","Audit"]}]"#,
        ]
    );
}

#[test]
fn missing_params_deny_per_parameter_not_found_action() {
    let deny = format!(
        "{POLICY}{}",
        binding("[Deny]", "{name: nope, parameterNotFoundAction: Deny}")
    );
    assert_eq!(
        run(&deny, &deployment("app-web", 3), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'limit' with binding 'limit-b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction"]
    );
    let allow = format!(
        "{POLICY}{}",
        binding("[Deny]", "{name: nope, parameterNotFoundAction: Allow}")
    );
    assert_eq!(
        run(&allow, &deployment("web", 30), None),
        Vec::<String>::new()
    );
}

#[test]
fn runtime_errors_follow_the_failure_policy() {
    let policy = |failure: &str| {
        format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  failurePolicy: {failure}\n  matchConstraints:\n    resourceRules:\n    - {{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}}\n  validations:\n  - expression: \"object.spec.paused\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec:\n  policyName: p\n  validationActions: [Deny]\n")
    };
    assert_eq!(
        run(&policy("Fail"), &deployment("web", 1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: expression 'object.spec.paused' resulted in error: no such key: paused"]
    );
    assert_eq!(
        run(&policy("Ignore"), &deployment("web", 1), None),
        Vec::<String>::new()
    );
}

#[test]
fn match_conditions_old_object_and_the_authorizer() {
    let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments]}\n  matchConditions:\n  - {name: scaled, expression: \"oldObject.spec.replicas != object.spec.replicas\"}\n  validations:\n  - expression: \"object.spec.replicas >= oldObject.spec.replicas\"\n    message: no scaling down\n  - expression: \"authorizer.group('apps').resource('deployments').namespace('shop').check('scale').allowed()\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec:\n  policyName: p\n  validationActions: [Deny]\n";
    // A create is no UPDATE: not matched.
    assert_eq!(
        run(policy, &deployment("web", 1), None),
        Vec::<String>::new()
    );
    // Unchanged replicas: the match condition is false.
    let old = deployment("web", 3);
    assert_eq!(
        run(policy, &deployment("web", 3), Some(&old)),
        Vec::<String>::new()
    );
    assert_eq!(
        run(policy, &deployment("web", 1), Some(&old)),
        vec!["admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: expression 'authorizer.group('apps').resource('deployments').namespace('shop').check('scale').allowed()' calls the authorizer, which only a cluster can answer; not decidable offline"]
    );
}

#[test]
fn namespace_selectors_read_the_runs_namespaces() {
    let policy = |ns: &str| {
        format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  matchConstraints:\n    namespaceSelector: {{matchLabels: {{env: prod}}}}\n    resourceRules:\n    - {{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}}\n  validations:\n  - expression: \"namespaceObject.metadata.name == 'nowhere'\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec:\n  policyName: p\n  validationActions: [Deny]\n{ns}")
    };
    let prod =
        "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {env: prod}}\n";
    let dev = "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {env: dev}}\n";
    assert_eq!(
        run(&policy(prod), &deployment("web", 1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: namespaceObject.metadata.name == 'nowhere'"]
    );
    assert_eq!(
        run(&policy(dev), &deployment("web", 1), None),
        Vec::<String>::new()
    );
    assert_eq!(
        run(&policy(""), &deployment("web", 1), None),
        vec!["admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: its namespaceSelector needs the labels of namespace 'shop', whose Namespace object is not in the run; not decidable offline"]
    );
}

/// The run's Namespaces are gathered (their files read again) only when something may read
/// them: a namespace selector, an expression naming `namespaceObject`, a mutating policy.
#[test]
fn namespaces_are_wanted_only_when_read() {
    let wants = |docs: &str| {
        let mut g = Gather::default();
        for d in load(docs).into_iter().filter_map(|d| d.root) {
            g.add_policy(&d);
        }
        (
            g.wants("v1", "Namespace"),
            g.wanted_kinds().contains(&"Namespace".to_string()),
        )
    };
    let policy = |spec: &str| {
        format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n{spec}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec: {{policyName: p, validationActions: [Deny]}}\n")
    };
    let by_name = "  validations:\n  - expression: \"object.metadata.name != 'x'\"";
    assert_eq!(wants(&policy(by_name)), (false, false));
    let reads = "  variables:\n  - {name: ns, expression: \"namespaceObject.metadata.name\"}\n  validations:\n  - expression: \"variables.ns != 'x'\"";
    assert_eq!(wants(&policy(reads)), (true, true));
    let selects = format!(
        "  matchConstraints:\n    namespaceSelector: {{matchLabels: {{env: prod}}}}\n{by_name}"
    );
    assert_eq!(wants(&policy(&selects)), (true, true));
    let empty = format!("  matchConstraints:\n    namespaceSelector: {{}}\n{by_name}");
    assert_eq!(wants(&policy(&empty)), (false, false));
    let bound = policy(by_name).replace(
        "validationActions: [Deny]}",
        "validationActions: [Deny], matchResources: {namespaceSelector: {matchExpressions: [{key: a, operator: Exists}]}}}",
    );
    assert_eq!(wants(&bound), (true, true));
    let mutating = "apiVersion: admissionregistration.k8s.io/v1alpha1\nkind: MutatingAdmissionPolicy\nmetadata: {name: m}\nspec: {}\n";
    assert_eq!(wants(mutating), (true, true));
    // Read without a selector: the Namespace gathered gives `namespaceObject`.
    let ns = "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {env: prod}}\n";
    let check = "  validations:\n  - expression: \"namespaceObject.metadata.labels.env == 'dev'\"";
    assert_eq!(
        run(&format!("{}{ns}", policy(check)), &deployment("web", 1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: namespaceObject.metadata.labels.env == 'dev'"]
    );
}

/// Policies with the same variables run one after the other on a request: each sees its own
/// values, a variable that failed fails the expression that reads it with the error value
/// the server's lazy composition gives (apiserver `pkg/admission/plugin/cel/composition.go`,
/// `variableAccessor.Callback`: `composited variable %q fails to evaluate: %v`, worded by
/// `activation.go` as the reading expression's error; `composition_test.go` "delayed eval
/// error"), and the variables after it are still bound.
#[test]
fn each_policy_binds_its_own_variables() {
    let policy = |name: &str, a: &str, b: &str, check: &str| {
        format!("---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: {name}}}\nspec:\n  variables:\n  - {{name: a, expression: \"{a}\"}}\n  - {{name: b, expression: \"{b}\"}}\n  validations:\n  - expression: \"{check}\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: {name}-b}}\nspec: {{policyName: {name}, validationActions: [Deny]}}\n")
    };
    let docs = [
        policy(
            "p1",
            "object.metadata.name",
            "object.spec.replicas",
            "variables.a == 'web' && variables.b == 2",
        ),
        policy(
            "p2",
            "object.metadata.missing",
            "3",
            "variables.b == 3 && variables.a == 'web'",
        ),
        policy(
            "p3",
            "'other'",
            "object.spec.replicas",
            "variables.a == 'web' && variables.b == 2",
        ),
        policy(
            "p4",
            "object.metadata.name",
            "object.spec.replicas",
            "variables.a == 'web' && variables.b == 2",
        ),
        policy("p5", "object.metadata.missing", "5", "variables.b == 5"),
        policy(
            "p6",
            "object.metadata.name",
            "6",
            "variables.a == 'web' && variables.b == 6",
        ),
    ]
    .concat();
    let name = |p: &str| {
        format!("admission/denied: ValidatingAdmissionPolicy '{p}' with binding '{p}-b' denied request: ")
    };
    assert_eq!(
        run(&docs, &deployment("web", 2), None),
        vec![
            format!(
                "{}expression 'variables.b == 3 && variables.a == 'web'' resulted in error: composited variable \"a\" fails to evaluate: no such key: missing",
                name("p2")
            ),
            format!(
                "{}failed expression: variables.a == 'web' && variables.b == 2",
                name("p3")
            ),
        ]
    );
}

/// Variables are composited lazily (apiserver `pkg/admission/plugin/cel/composition.go` over
/// `pkg/cel/lazy/lazy.go`: a variable is evaluated when an expression first reads it): one
/// that fails shows only where the evaluation reaches it. A short circuit before the read, an
/// error absorbed by `||`, a variable whose name another's begins with, or one read only by
/// the `messageExpression` of a validation that passes: admitted, where binding every variable
/// up front and failing each expression that names a failed one denied them all. A variable
/// that reads a failed one fails in turn, both names in the error.
#[test]
fn variables_are_evaluated_when_read() {
    let policy = |name: &str, check: &str, message: &str| {
        format!("---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: {name}}}\nspec:\n  variables:\n  - {{name: bad, expression: \"object.metadata.missing\"}}\n  - {{name: badge, expression: \"object.metadata.name\"}}\n  - {{name: worse, expression: \"variables.bad + '!'\"}}\n  validations:\n  - expression: \"{check}\"\n    messageExpression: \"{message}\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: {name}-b}}\nspec: {{policyName: {name}, validationActions: [Deny]}}\n")
    };
    let docs = [
        policy(
            "short",
            "object.metadata.name == 'web' || variables.bad == 'x'",
            "'m'",
        ),
        policy("absorbed", "variables.bad == 'x' || true", "'m'"),
        policy("prefix", "variables.badge == 'web'", "'m'"),
        policy("message", "true", "variables.bad"),
        policy(
            "read",
            "object.metadata.name != 'web' || variables.bad == 'x'",
            "'m'",
        ),
        policy("through", "variables.worse == 'x'", "'m'"),
    ]
    .concat();
    let denied = |p: &str, rest: &str| {
        format!("admission/denied: ValidatingAdmissionPolicy '{p}' with binding '{p}-b' denied request: {rest}")
    };
    assert_eq!(
        run(&docs, &deployment("web", 2), None),
        vec![
            denied(
                "read",
                "expression 'object.metadata.name != 'web' || variables.bad == 'x'' resulted in error: composited variable \"bad\" fails to evaluate: no such key: missing"
            ),
            denied(
                "through",
                "expression 'variables.worse == 'x'' resulted in error: composited variable \"worse\" fails to evaluate: composited variable \"bad\" fails to evaluate: no such key: missing"
            ),
        ]
    );
}

/// The authorizer policy: not decidable by default, else every check answers as told, the
/// decision's other methods as apiserver's `AlwaysAllow`/`AlwaysDeny` authorizers give them.
#[test]
fn the_authorizer_answers_as_the_run_is_told() {
    let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}\n  variables:\n  - {name: d, expression: \"authorizer.serviceAccount('shop', 'deployer').group('apps').resource('deployments').subresource('scale').namespace('shop').name(object.metadata.name).check('update')\"}\n  validations:\n  - expression: \"variables.d.allowed() && !variables.d.errored() && variables.d.error() == ''\"\n    messageExpression: \"'forbidden: ' + variables.d.reason()\"\n  - expression: \"authorizer.requestResource.check('admin').allowed() || authorizer.path('/healthz').check('get').allowed()\"\n    message: not an admin\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec:\n  policyName: p\n  validationActions: [Deny]\n";
    let with = |a: Authorizer| {
        run_as(
            Settings::new(None, &[], a),
            policy,
            &deployment("web", 1),
            None,
        )
    };
    let undecided = with(Authorizer::NotDecidable);
    assert_eq!(undecided.len(), 1, "{undecided:?}");
    assert!(
        undecided[0].starts_with("admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: expression 'variables.d.allowed()"),
        "{undecided:?}"
    );
    assert_eq!(with(Authorizer::Allow), Vec::<String>::new());
    assert_eq!(
        with(Authorizer::Deny),
        vec![
            "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: forbidden: Everything is forbidden.",
            "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: not an admin",
        ]
    );
}

/// `request.userInfo`: the named user, and the groups the server's authenticators give it.
#[test]
fn the_user_and_groups_are_the_runs() {
    let d = Settings::default();
    assert_eq!(d.username, "system:serviceaccount:default:crdlint");
    assert_eq!(
        d.groups,
        [
            "system:serviceaccounts",
            "system:serviceaccounts:default",
            "system:authenticated"
        ]
    );
    let sa = Settings::new(
        Some("system:serviceaccount:ci:deployer"),
        &[],
        Authorizer::Allow,
    );
    assert_eq!(
        sa.groups,
        [
            "system:serviceaccounts",
            "system:serviceaccounts:ci",
            "system:authenticated"
        ]
    );
    let alice = Settings::new(Some("alice"), &["dev".to_string()], Authorizer::Allow);
    assert_eq!(alice.groups, ["dev", "system:authenticated"]);
    let anon = Settings::new(Some("system:anonymous"), &[], Authorizer::Allow);
    assert_eq!(anon.groups, ["system:unauthenticated"]);
    let named = Settings::new(
        Some("bob"),
        &["system:authenticated".to_string(), "ops".to_string()],
        Authorizer::Allow,
    );
    assert_eq!(named.groups, ["system:authenticated", "ops"]);

    let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}\n  validations:\n  - expression: \"false\"\n    messageExpression: \"request.userInfo.username + ' ' + request.userInfo.groups.join(',')\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec:\n  policyName: p\n  validationActions: [Deny]\n";
    assert_eq!(
        run_as(alice, policy, &deployment("web", 1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: alice dev,system:authenticated"]
    );
}

/// `auditAnnotations` (apiserver `validating/validator.go` and `dispatcher.go`): evaluated
/// whenever the policy applies, whatever the validations gave and whatever the binding's
/// actions; a string is trimmed and published as `POLICY/KEY` (empty: nothing), null is
/// nothing, an error denies under `Fail` and is dropped under `Ignore`.
#[test]
fn audit_annotations_are_published_or_deny() {
    let policy = |failure: &str, extra: &str| {
        format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  failurePolicy: {failure}\n  matchConstraints:\n    resourceRules:\n    - {{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}}\n  validations:\n  - expression: \"object.spec.replicas < 5\"\n  auditAnnotations:\n  - {{key: replicas, valueExpression: \"'  ' + string(object.spec.replicas) + ' replicas '\"}}\n  - {{key: none, valueExpression: \"null\"}}\n  - {{key: blank, valueExpression: \"' '\"}}\n{extra}---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec:\n  policyName: p\n  validationActions: [Warn]\n")
    };
    assert_eq!(
        run(&policy("Fail", ""), &deployment("web", 3), None),
        vec!["admission/audit: p/replicas: 3 replicas"]
    );
    assert_eq!(
        run(&policy("Fail", ""), &deployment("web", 8), None),
        vec![
            "admission/warned: Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': failed expression: object.spec.replicas < 5",
            "admission/audit: p/replicas: 8 replicas",
        ]
    );
    let failing = "  - {key: paused, valueExpression: \"string(object.spec.paused)\"}\n";
    assert_eq!(
        run(&policy("Fail", failing), &deployment("web", 3), None),
        vec![
            "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: expression 'string(object.spec.paused)' resulted in error: no such key: paused",
            "admission/audit: p/replicas: 3 replicas",
        ]
    );
    assert_eq!(
        run(&policy("Ignore", failing), &deployment("web", 3), None),
        vec!["admission/audit: p/replicas: 3 replicas"]
    );
}

/// Audit annotations are compiled with `authorizer` declared but evaluated with none bound
/// (apiserver `policy/validating/validator.go`, `Validate`, 1.27 to 1.36: the audit
/// annotation filter gets `OptionalVariableBindings` without `Authorizer`): reading it fails
/// as on a cluster, denying under `Fail`, whatever `--admission-authorizer` answers; a
/// validation reading it still gets the run's answer, and one that does not read it (a
/// short circuit) is published.
#[test]
fn audit_annotations_run_without_the_authorizer() {
    let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  failurePolicy: Fail\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}\n  variables:\n  - {name: admin, expression: \"authorizer.requestResource.check('admin').allowed()\"}\n  validations:\n  - {expression: \"authorizer.requestResource.check('create').allowed()\", message: not allowed}\n  auditAnnotations:\n  - {key: direct, valueExpression: \"authorizer.requestResource.check('get').allowed() ? 'yes' : 'no'\"}\n  - {key: shorted, valueExpression: \"object.metadata.name == 'web' ? 'web' : string(authorizer.requestResource.check('get').allowed())\"}\n  - {key: through, valueExpression: \"variables.admin ? 'admin' : 'user'\"}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec:\n  policyName: p\n  validationActions: [Deny]\n";
    for a in [Authorizer::Allow, Authorizer::Deny] {
        let got = run_as(
            Settings::new(None, &[], a),
            policy,
            &deployment("web", 1),
            None,
        );
        let denials: Vec<&String> = got
            .iter()
            .filter(|f| f.contains("resulted in error"))
            .collect();
        assert_eq!(denials.len(), 2, "{a:?}: {got:?}");
        assert!(
            denials[0].contains("expression 'authorizer.requestResource.check('get').allowed() ? 'yes' : 'no'' resulted in error: no such attribute"),
            "{got:?}"
        );
        assert!(
            denials[1].contains("expression 'variables.admin ? 'admin' : 'user'' resulted in error: composited variable \"admin\" fails to evaluate: no such attribute"),
            "{got:?}"
        );
        assert!(
            got.contains(&"admission/audit: p/shorted: web".to_string()),
            "{got:?}"
        );
        // The validation itself saw the run's answer.
        let refused = got
            .iter()
            .any(|f| f.ends_with("denied request: not allowed"));
        assert_eq!(refused, a == Authorizer::Deny, "{got:?}");
    }
}

/// Runs `policies` on one object of `group/version kind` (resource `resource`, the CRD's
/// `versions` and conversion `strategy`; none for a built-in kind) at minor `minor`.
fn run_on(
    policies: &str,
    object: &str,
    (group, version, kind, resource): (&str, &str, &str, &str),
    versions: &[String],
    strategy: &str,
    minor: u32,
) -> Vec<String> {
    let mut g = Gather::default();
    for d in load(policies).into_iter().filter_map(|d| d.root) {
        g.add_policy(&d);
    }
    let p = Policies::new(g, KubeVersion { minor }, Settings::default(), |_, _| {
        Some(true)
    });
    let obj = load(object).remove(0).root.expect("object");
    let r = Request {
        object: &obj,
        old: None,
        group,
        version,
        kind,
        resource,
        namespaced: true,
        versions,
        conversion: strategy,
        at: Span::default(),
        strategy: Strategy::AsGiven,
    };
    p.evaluate(&r)
        .into_iter()
        .map(|d| format!("{}: {}", d.rule.id, d.message))
        .collect()
}

/// A policy whose one rule names `group/version resource`, denying with a message built from
/// `message` (a CEL string expression).
fn telling(group: &str, version: &str, resource: &str, message: &str) -> String {
    format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  matchConstraints:\n    resourceRules:\n    - {{apiGroups: ['{group}'], apiVersions: [{version}], operations: [CREATE], resources: [{resource}]}}\n  validations:\n  - expression: 'false'\n    messageExpression: \"{message}\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec: {{policyName: p, validationActions: [Deny]}}\n")
}

/// Matched through an equivalent built-in resource, the policy sees the object converted:
/// a policy on core `v1` events reads an `events.k8s.io/v1` Event under the core names
/// (`message`, `involvedObject`, `count`: `pkg/apis/events/v1/conversion.go`), with
/// `request.kind` the matched kind and `requestKind` the request's (`CreateAdmissionRequest`).
#[test]
fn an_equivalent_built_in_match_sees_the_converted_object() {
    let policy = telling(
        "",
        "v1",
        "events",
        "object.apiVersion + ' ' + object.message + ' ' + object.involvedObject.name + ' ' + string(object.count) + ' ' + string(has(object.note)) + ' ' + request.kind.group + '/' + request.kind.version + ' ' + request.requestKind.group + '/' + request.requestKind.version + ' ' + request.resource.group + ' ' + request.requestResource.group",
    );
    let event = "apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: e, namespace: shop}\nregarding: {kind: Pod, name: web}\nnote: pulled\nreason: Pulled\ndeprecatedCount: 3\neventTime: '2026-01-01T00:00:00.000000Z'\nreportingController: kubelet\nreportingInstance: node-1\naction: Pull\ntype: Normal\n";
    let got = run_on(
        &policy,
        event,
        ("events.k8s.io", "v1", "Event", "events"),
        &[],
        "",
        30,
    );
    assert_eq!(
        got,
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: v1 pulled web 3 false /v1 events.k8s.io/v1  events.k8s.io"]
    );
    // Matched through its own resource, nothing is converted.
    let own = telling(
        "events.k8s.io",
        "v1",
        "events",
        "object.note + ' ' + request.kind.group",
    );
    let got = run_on(
        &own,
        event,
        ("events.k8s.io", "v1", "Event", "events"),
        &[],
        "",
        30,
    );
    assert_eq!(
        got,
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: pulled events.k8s.io"]
    );
}

/// A built-in pair whose conversion is not emulated (autoscaling/v2 to v1
/// HorizontalPodAutoscalers move metrics into annotations) is reported, not guessed.
#[test]
fn an_equivalent_match_whose_conversion_is_not_emulated_is_not_evaluated() {
    let policy = telling("autoscaling", "v1", "horizontalpodautoscalers", "'x'");
    let hpa = "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h, namespace: shop}\nspec: {maxReplicas: 3, scaleTargetRef: {kind: Deployment, name: web}}\n";
    let got = run_on(
        &policy,
        hpa,
        (
            "autoscaling",
            "v2",
            "HorizontalPodAutoscaler",
            "horizontalpodautoscalers",
        ),
        &[],
        "",
        30,
    );
    assert_eq!(
        got,
        vec!["admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: it selects the object through autoscaling/v1, and the conversion from autoscaling/v2 HorizontalPodAutoscaler to it is not emulated; not decidable offline"]
    );
}

/// A CRD served at v1 and v2: a policy on v1 sees a v2 object as v1 when the CRD converts
/// with `None` (only `apiVersion` changes, apiextensions' `nop_converter.go`), and is not
/// evaluated when a conversion webhook would decide.
#[test]
fn an_equivalent_crd_version_converts_by_the_crds_strategy() {
    let policy = telling(
        "example.com",
        "v1",
        "widgets",
        "object.apiVersion + ' ' + string(object.spec.size) + ' ' + request.kind.version + ' ' + request.requestKind.version",
    );
    let widget = "apiVersion: example.com/v2\nkind: Widget\nmetadata: {name: w, namespace: shop}\nspec: {size: 4}\n";
    let versions = ["v1".to_string(), "v2".to_string()];
    let gvk = ("example.com", "v2", "Widget", "widgets");
    assert_eq!(
        run_on(&policy, widget, gvk, &versions, "None", 30),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: example.com/v1 4 v1 v2"]
    );
    assert_eq!(
        run_on(&policy, widget, gvk, &versions, "Webhook", 30),
        vec!["admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: it selects the object through version v1, and the CRD's Webhook conversion to it is only known to a cluster; not decidable offline"]
    );
    // `matchPolicy: Exact` selects only v1 objects: nothing to convert, nothing reported.
    let exact = policy.replace(
        "    resourceRules:",
        "    matchPolicy: Exact\n    resourceRules:",
    );
    assert!(run_on(&exact, widget, gvk, &versions, "Webhook", 30).is_empty());
}

/// A MutatingAdmissionPolicy that selects an object through another version of its CRD is
/// reported: the server mutates the converted object and converts it back, which is not
/// emulated; through its own version it mutates.
#[test]
fn a_mutating_policy_matched_through_an_equivalent_version_is_not_evaluated() {
    let policy = |version: &str| {
        format!("apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {{name: m}}\nspec:\n  failurePolicy: Fail\n  reinvocationPolicy: Never\n  matchConstraints:\n    resourceRules:\n    - {{apiGroups: [example.com], apiVersions: [{version}], operations: [CREATE], resources: [widgets]}}\n  mutations:\n  - patchType: JSONPatch\n    jsonPatch: {{expression: \"[JSONPatch{{op: 'add', path: '/spec/size', value: 1}}]\"}}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {{name: mb}}\nspec: {{policyName: m}}\n")
    };
    let widget = load("apiVersion: example.com/v2\nkind: Widget\nmetadata: {name: w, namespace: shop}\nspec: {size: 4}\n")
        .remove(0)
        .root
        .expect("object");
    let versions = ["v1".to_string(), "v2".to_string()];
    let mutated = |version: &str| {
        let mut g = Gather::default();
        for d in load(&policy(version)).into_iter().filter_map(|d| d.root) {
            g.add_policy(&d);
        }
        let p = Policies::new(g, kube(), Settings::default(), |_, _| Some(true));
        p.mutate(
            &Request {
                object: &widget,
                old: None,
                group: "example.com",
                version: "v2",
                kind: "Widget",
                resource: "widgets",
                namespaced: true,
                versions: &versions,
                conversion: "None",
                at: Span::default(),
                strategy: Strategy::AsGiven,
            },
            None,
        )
    };
    let through_v1 = mutated("v1");
    assert!(through_v1.object.is_none());
    let messages: Vec<&str> = through_v1
        .findings
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("it selects the object through version v1, and mutating the object converted to it is not emulated"),
        "{messages:?}"
    );
    let own = mutated("v2");
    assert!(own.findings.is_empty(), "{:?}", own.findings);
    assert_eq!(
        own.object
            .expect("mutated")
            .at(&["spec", "size"])
            .and_then(Node::as_i64),
        Some(1)
    );
}

/// A policy on Deployments named `p`, bound by `b` with `[Deny]`: `spec` is the policy's spec
/// past its `matchConstraints` (indented two spaces).
fn budget_policy(failure: &str, spec: &str) -> String {
    format!("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  failurePolicy: {failure}\n  matchConstraints:\n    resourceRules:\n    - {{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}}\n{spec}---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: b}}\nspec:\n  policyName: p\n  validationActions: [Deny]\n")
}

/// A Deployment whose `spec.xs` lists `n` numbers: what [`HEAVY`] loops over twice.
fn with_list(n: usize) -> String {
    let xs: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web, namespace: shop}}\nspec: {{xs: [{}]}}\n",
        xs.join(", ")
    )
}

/// An expression whose cost grows with the square of `spec.xs`' length, and is true.
const HEAVY: &str = "object.spec.xs.all(a, object.spec.xs.all(b, a >= 0))";

/// What [`HEAVY`] costs on [`with_list`]`(n)`, as the evaluator counts it.
fn heavy_cost(n: usize) -> u64 {
    let obj = load(&with_list(n)).remove(0).root.expect("object");
    let expr = crate::cel::eval::ast::checked(&HEAVY.replace("object", "self"));
    let vars = [("self", to_value_untyped(&obj))];
    let out = crate::cel::eval::evaluate(&expr, &vars, crate::cel::eval::Options::default());
    assert!(out.value.is_ok(), "{:?}", out.value);
    out.cost
}

const OUT_OF_BUDGET_DENIAL: &str = "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: validation failed due to running out of cost budget, no further validation rules will be run";

/// `RuntimeCELCostBudget` (10,000,000) is shared by a policy's validations: each one under
/// the per-call limit, together over the budget, the evaluation is the filter's error
/// (denied under `Fail`, admitted under `Ignore`); one validation fewer stays within it.
#[test]
fn validations_share_the_runtime_cost_budget() {
    let n = 300;
    let cost = heavy_cost(n);
    assert!(cost < 1_000_000 && cost > 100_000, "{cost}");
    let over = (10_000_000 / cost + 1) as usize;
    let validations = |k: usize| {
        let mut s = String::from("  validations:\n");
        for _ in 0..k {
            s.push_str(&format!("  - expression: \"{HEAVY}\"\n"));
        }
        s
    };
    let object = with_list(n);
    assert_eq!(
        run(&budget_policy("Fail", &validations(over)), &object, None),
        vec![OUT_OF_BUDGET_DENIAL]
    );
    assert_eq!(
        run(&budget_policy("Ignore", &validations(over)), &object, None),
        Vec::<String>::new()
    );
    assert_eq!(
        run(
            &budget_policy("Fail", &validations(over - 1)),
            &object,
            None
        ),
        Vec::<String>::new()
    );
}

/// A variable is charged once per filter, however many validations read it; the message
/// expressions get what the validations left, all of them evaluated (a passing
/// validation's too): running out there makes every validation that did not fail to
/// evaluate `failed messageExpression: ...`.
#[test]
fn variables_are_charged_once_and_messages_get_what_is_left() {
    let n = 300;
    let cost = heavy_cost(n);
    let over = (10_000_000 / cost + 1) as usize;
    let object = with_list(n);
    // Read by more validations than the budget could pay for one each.
    let mut spec =
        format!("  variables:\n  - {{name: heavy, expression: \"{HEAVY}\"}}\n  validations:\n");
    for _ in 0..over + 2 {
        spec.push_str("  - expression: \"variables.heavy\"\n");
    }
    assert_eq!(
        run(&budget_policy("Fail", &spec), &object, None),
        Vec::<String>::new()
    );
    // The validations spend all but less than one message's cost; the one message runs
    // the budget out though its validation passed.
    let mut spec = String::from("  validations:\n");
    for _ in 0..over - 1 {
        spec.push_str(&format!("  - expression: \"{HEAVY}\"\n"));
    }
    spec.push_str(&format!(
        "  - expression: \"1 == 1\"\n    messageExpression: \"{HEAVY} ? 'a' : 'b'\"\n"
    ));
    let found = run(&budget_policy("Fail", &spec), &object, None);
    let failed = "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed messageExpression: validation failed due to running out of cost budget, no further validation rules will be run";
    assert_eq!(found, vec![failed; over]);
    assert_eq!(
        run(&budget_policy("Ignore", &spec), &object, None),
        Vec::<String>::new()
    );
}

/// Variables bound for an expression that may not read them (a short circuit) are charged
/// by the server only when read; when the budget's outcome depends on that, the policy is
/// not decidable offline rather than guessed.
#[test]
fn a_budget_that_depends_on_unread_variables_is_not_decidable() {
    let n = 300;
    let cost = heavy_cost(n);
    let over = (10_000_000 / cost + 1) as usize;
    let mut spec = String::from("  variables:\n");
    let mut reads = Vec::new();
    for i in 0..over {
        spec.push_str(&format!("  - {{name: v{i}, expression: \"{HEAVY}\"}}\n"));
        reads.push(format!("variables.v{i}"));
    }
    spec.push_str(&format!(
        "  validations:\n  - expression: \"object.metadata.name == 'web' || ({})\"\n",
        reads.join(" && ")
    ));
    assert_eq!(
        run(&budget_policy("Fail", &spec), &with_list(n), None),
        vec!["admission/not-decidable: ValidatingAdmissionPolicy 'p' with binding 'b' was not evaluated: whether its expressions stay within the runtime cost budget (10,000,000) depends on which variables they read; not decidable offline"]
    );
    // Read by every evaluation (the first operand of `&&`, a call's argument): charged for
    // sure, so running out is certain.
    let certain = spec.replace(
        "object.metadata.name == 'web' || (",
        "size(string(variables.v0)) > 0 && (",
    );
    let certain = certain.replace(" && variables.v1", " || variables.v1");
    let mut certain = certain.clone();
    for i in 1..over {
        certain.push_str(&format!("  - expression: \"variables.v{i}\"\n"));
    }
    assert_eq!(
        run(&budget_policy("Fail", &certain), &with_list(n), None),
        vec![OUT_OF_BUDGET_DENIAL]
    );
}

/// Match conditions have their own budget (`RuntimeCELCostBudgetMatchConditions`,
/// 2,500,000), spent before any false one counts; several errors are worded as
/// `utilerrors.NewAggregate` words them.
#[test]
fn match_conditions_have_their_own_budget_and_aggregate_their_errors() {
    let n = 300;
    let cost = heavy_cost(n);
    let over = (2_500_000 / cost + 1) as usize;
    let mut spec = String::from("  matchConditions:\n  - {name: f, expression: \"false\"}\n");
    for i in 0..over {
        spec.push_str(&format!("  - {{name: c{i}, expression: \"{HEAVY}\"}}\n"));
    }
    spec.push_str("  validations:\n  - expression: \"false\"\n");
    assert_eq!(
        run(&budget_policy("Fail", &spec), &with_list(n), None),
        vec![OUT_OF_BUDGET_DENIAL]
    );
    assert_eq!(
        run(&budget_policy("Ignore", &spec), &with_list(n), None),
        Vec::<String>::new()
    );
    let spec = "  matchConditions:\n  - {name: a, expression: \"object.spec.nope\"}\n  - {name: b, expression: \"object.spec.gone\"}\n  - {name: c, expression: \"object.spec.nope\"}\n  validations:\n  - expression: \"false\"\n";
    assert_eq!(
        run(&budget_policy("Fail", spec), &with_list(1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: [expression 'object.spec.nope' resulted in error: no such key: nope, expression 'object.spec.gone' resulted in error: no such key: gone]"]
    );
}

/// Whether an expression reads a variable that calls the authorizer is found from its tree:
/// `variables.ab` is no read of `a`.
#[test]
fn a_variable_named_like_the_start_of_another_is_not_read_by_it() {
    let spec = "  variables:\n  - {name: a, expression: \"authorizer.group('apps').resource('deployments').namespace('shop').check('get').allowed()\"}\n  - {name: ab, expression: \"'x'\"}\n  validations:\n  - expression: \"variables.ab == 'y'\"\n";
    assert_eq!(
        run(&budget_policy("Fail", spec), &with_list(1), None),
        vec!["admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: variables.ab == 'y'"]
    );
    let spec = spec.replace("variables.ab == 'y'", "variables.a");
    let found = run(&budget_policy("Fail", &spec), &with_list(1), None);
    assert!(
        found.len() == 1 && found[0].starts_with("admission/not-decidable:"),
        "{found:?}"
    );
}

/// One `Policies` asked about several requests in turn (a run's objects, on one thread)
/// decides each as a run of its own would: the `variables` map a request leaves for the
/// next ([`Input::recycle`]) holds no value the next reads unbound, and the `request` built
/// once per kind ([`KindPlan::request`]) is that kind's, with the object's own name where a
/// policy reads it.
#[test]
fn requests_in_turn_are_decided_as_alone() {
    let policy = |name: &str, var: &str, check: &str, message: &str| {
        format!("---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: {name}}}\nspec:\n  variables:\n  - {{name: v, expression: \"{var}\"}}\n  validations:\n  - expression: \"{check}\"\n    messageExpression: \"{message}\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: {name}-b}}\nspec: {{policyName: {name}, validationActions: [Deny]}}\n")
    };
    let by_kind = [
        policy(
            "k1",
            "object.metadata.name",
            "variables.v.startsWith('app-')",
            "request.kind.kind + ' ' + request.operation + ' ' + variables.v",
        ),
        policy(
            "k2",
            "has(object.spec.replicas) ? object.spec.replicas : 0",
            "variables.v < 3",
            "request.resource.resource + ' ' + string(variables.v)",
        ),
        // Two variables (another `variables` map than the others' one `v`), admitting all.
        "---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: k3}\nspec:\n  variables:\n  - {name: a, expression: \"object.metadata.name\"}\n  - {name: b, expression: \"size(variables.a)\"}\n  validations:\n  - expression: \"variables.b == size(object.metadata.name)\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: k3-b}\nspec: {policyName: k3, validationActions: [Deny]}\n".to_string(),
    ]
    .concat();
    let by_name = format!(
        "{by_kind}{}",
        policy(
            "n1",
            "request.name",
            "variables.v == object.metadata.name && request.namespace == 'shop'",
            "'named ' + variables.v",
        )
    );
    let objects = [
        ("Deployment", "deployments", deployment("web", 4), None),
        ("Deployment", "deployments", deployment("app-a", 1), None),
        ("StatefulSet", "statefulsets", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: shop}\nspec: {replicas: 5}\n".to_string(), None),
        ("Deployment", "deployments", deployment("api", 2), Some(deployment("api", 1))),
    ];
    for docs in [&by_kind, &by_name] {
        let mut g = Gather::default();
        for d in load(docs).into_iter().filter_map(|d| d.root) {
            g.add_policy(&d);
        }
        let p = Policies::new(g, kube(), Settings::default(), |_, k| {
            Some(k != "Namespace")
        });
        let mut seen = Vec::new();
        for (kind, resource, object, old) in &objects {
            let obj = load(object).remove(0).root.expect("object");
            let old = old.as_ref().map(|o| load(o).remove(0).root.expect("old"));
            let versions = vec!["v1".to_string()];
            let r = Request {
                object: &obj,
                old: old.as_ref(),
                group: "apps",
                version: "v1",
                kind,
                resource,
                namespaced: true,
                versions: &versions,
                conversion: "",
                at: Span::default(),
                strategy: Strategy::AsGiven,
            };
            let in_turn: Vec<String> = p.evaluate(&r).into_iter().map(|d| d.message).collect();
            // The same request to a `Policies` that has seen nothing else.
            let mut g = Gather::default();
            for d in load(docs).into_iter().filter_map(|d| d.root) {
                g.add_policy(&d);
            }
            let fresh = Policies::new(g, kube(), Settings::default(), |_, k| {
                Some(k != "Namespace")
            });
            // On a thread of its own: none of the state this thread keeps between requests
            // (the recycled `variables` map) is shared with it.
            let alone: Vec<String> = std::thread::scope(|s| {
                s.spawn(|| fresh.evaluate(&r).into_iter().map(|d| d.message).collect())
                    .join()
                    .expect("the evaluation does not panic")
            });
            assert_eq!(in_turn, alone, "{kind} {object}");
            seen.extend(in_turn);
        }
        let denied = |p: &str, m: &str| {
            format!("ValidatingAdmissionPolicy '{p}' with binding '{p}-b' denied request: {m}")
        };
        let mut want = vec![
            denied("k1", "Deployment CREATE web"),
            denied("k2", "deployments 4"),
            denied("k1", "StatefulSet CREATE db"),
            denied("k2", "statefulsets 5"),
            denied("k1", "Deployment UPDATE api"),
        ];
        if std::ptr::eq(docs, &by_name) {
            // Every object is named as it is and in `shop`: `n1` admits them all.
            assert!(!p.request_by_kind);
        } else {
            assert!(p.request_by_kind);
        }
        want.sort();
        seen.sort();
        assert_eq!(seen, want);
    }
}

/// A comprehension variable named like a variable the request binds (`object`, `request`,
/// `variables`) shadows it in the loop only: the plan reads the request's `object` from its
/// slot outside the loop and the loop's inside, as the walker does. Validations whose value
/// is looked at as a bool ([`crate::cel::eval::Prepared::truth`]) fail on `false` and on a
/// value of another type, and report an error with its text; `&&`/`||` absorb an error on
/// either side into a deciding value.
#[test]
fn comprehension_variables_shadow_the_requests_variables_in_validations() {
    let expressions = [
        // Passing.
        "[1].all(object, object > 0)",
        "object.spec.replicas > 0 && [2].exists(object, object == 2)",
        "[object.metadata.name].all(object, object == 'web')",
        "[object.spec].all(object, has(object.replicas) && !has(object.metadata))",
        "[3].exists(request, request == object.spec.replicas) && request.operation == 'CREATE'",
        "object.x == 1 || true",
        // Failing: `false`, shadowed or not, and a value of another type.
        "false && object.x == 1",
        "[0].all(object, object > 0)",
        "[object.spec.replicas].all(object, object != 3)",
        "object.metadata.name",
        "object.x == 1 && false",
        // Errors: the first kept wins.
        "object.x == 1 && object.spec.replicas == 3",
        "[object.spec].all(object, object.x == 1) || object.spec.replicas == 0",
        "object.spec.replicas && object.x == 1",
    ];
    let mut spec = String::from("  validations:\n");
    for e in expressions {
        spec.push_str(&format!("  - expression: \"{e}\"\n"));
    }
    let denied = "admission/denied: ValidatingAdmissionPolicy 'p' with binding 'b' denied request:";
    let failed = |e: &str| format!("{denied} failed expression: {e}");
    let error = |e: &str, m: &str| format!("{denied} expression '{e}' resulted in error: {m}");
    assert_eq!(
        run(&budget_policy("Fail", &spec), &deployment("web", 3), None),
        vec![
            failed(expressions[6]),
            failed(expressions[7]),
            failed(expressions[8]),
            failed(expressions[9]),
            failed(expressions[10]),
            error(expressions[11], "no such key: x"),
            error(expressions[12], "no such key: x"),
            error(expressions[13], "no such overload"),
        ]
    );
}
