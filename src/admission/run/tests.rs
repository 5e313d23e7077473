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
        at: Span::default(),
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
