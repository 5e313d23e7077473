//! The object rules and expression compilation of admission policies, with the server's
//! messages: `pkg/apis/admissionregistration/validation/validation.go` (kubernetes/kubernetes
//! `03d48b76`) for the object rules, apiserver `pkg/admission/plugin/cel/compile.go` for the
//! expression errors (`compilation failed: ...`, `must evaluate to ...`).

use super::*;
use crate::diag::Severity;
use crate::k8s::KubeVersion;
use crate::validate::CompiledCrd;

fn run(yaml: &str, minor: u32) -> Vec<Diagnostic> {
    let docs = crate::yaml::load(yaml);
    let node = docs[0].root.as_ref().expect("test YAML parses");
    let av = node.get_str("apiVersion").unwrap_or("");
    let kind = node.get_str("kind").unwrap_or("");
    check(
        av,
        kind,
        node,
        Some(yaml),
        &Kinds::new(KubeVersion { minor }, []),
    )
}

fn msgs(yaml: &str, minor: u32) -> Vec<String> {
    run(yaml, minor).into_iter().map(|d| d.message).collect()
}

fn has(yaml: &str, minor: u32, want: &str) {
    let got = msgs(yaml, minor);
    assert!(got.iter().any(|m| m == want), "{want}\nnot in {got:#?}");
}

fn clean(yaml: &str, minor: u32) {
    let got = msgs(yaml, minor);
    assert!(got.is_empty(), "{got:#?}");
}

const HEAD: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: p
spec:
";

const RULES: &str = "  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
";

fn vap(body: &str) -> String {
    format!("{HEAD}{RULES}{body}")
}

#[test]
fn a_minimal_policy_is_clean_and_defaults_are_not_missing() {
    // failurePolicy, matchPolicy and both selectors are defaulted by the server.
    clean(
        &vap("  validations:\n  - expression: \"object.spec.replicas <= 5\"\n"),
        30,
    );
}

#[test]
fn validations_or_audit_annotations_are_required() {
    let m = msgs(&vap(""), 30);
    assert_eq!(
        m,
        [
            "spec.validations: Required value: validations or auditAnnotations must contain at least one item",
            "spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item",
        ]
    );
}

#[test]
fn match_constraints_and_resource_rules_are_required() {
    let y = format!("{HEAD}  validations:\n  - expression: \"true\"\n");
    has(&y, 30, "spec.matchConstraints: Required value");
    let y = format!(
        "{HEAD}  matchConstraints:\n    matchPolicy: Equivalent\n  validations:\n  - expression: \"true\"\n"
    );
    has(
        &y,
        30,
        "spec.matchConstraints.resourceRules: Required value",
    );
}

#[test]
fn enums() {
    let y = format!(
        "{HEAD}  failurePolicy: Sometimes\n  matchConstraints:\n    matchPolicy: Sloppy\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [PATCH]\n      resources: [deployments]\n      scope: Everywhere\n  validations:\n  - expression: \"true\"\n    reason: Nope\n"
    );
    let m = msgs(&y, 30);
    for want in [
        r#"spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore""#,
        r#"spec.matchConstraints.matchPolicy: Unsupported value: "Sloppy": supported values: "Equivalent", "Exact""#,
        r#"spec.matchConstraints.resourceRules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE""#,
        r#"spec.matchConstraints.resourceRules[0].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced""#,
        r#"spec.validations[0].reason: Unsupported value: "Nope": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge""#,
    ] {
        assert!(m.iter().any(|x| x == want), "{want}\nnot in {m:#?}");
    }
}

fn rule(groups: &str, ops: &str, resources: &str) -> String {
    format!(
        "{HEAD}  matchConstraints:\n    resourceRules:\n    - apiGroups: {groups}\n      apiVersions: [v1]\n      operations: {ops}\n      resources: {resources}\n  validations:\n  - expression: \"true\"\n"
    )
}

#[test]
fn wildcard_combinations() {
    let r = "spec.matchConstraints.resourceRules[0]";
    has(
        &rule("[apps, \"*\"]", "[CREATE]", "[deployments]"),
        34,
        &format!(
            r#"{r}.apiGroups: Invalid value: ["apps","*"]: if '*' is present, must not specify other API groups"#
        ),
    );
    has(
        &rule("[apps]", "[\"*\", CREATE]", "[deployments]"),
        34,
        &format!(
            r#"{r}.operations: Invalid value: ["*","CREATE"]: if '*' is present, must not specify other operations"#
        ),
    );
    has(
        &rule("[apps]", "[CREATE]", "[\"*/*\", deployments]"),
        34,
        &format!(
            r#"{r}.resources: Invalid value: ["*/*","deployments"]: if '*/*' is present, must not specify other resources"#
        ),
    );
    has(
        &rule("[apps]", "[CREATE]", "[\"*\", deployments]"),
        34,
        &format!(
            r#"{r}.resources: Invalid value: ["*","deployments"]: if '*' is present, must not specify other resources without subresources"#
        ),
    );
    has(
        &rule("[apps]", "[CREATE]", "[\"pods/*\", pods/status]"),
        34,
        &format!(
            r#"{r}.resources[1]: Invalid value: "pods/status": if 'pods/*' is present, must not specify pods/status"#
        ),
    );
    has(
        &rule("[apps]", "[CREATE]", "[\"*/status\", pods/status]"),
        34,
        &format!(
            r#"{r}.resources[1]: Invalid value: "pods/status": if '*/status' is present, must not specify pods/status"#
        ),
    );
    has(
        &rule("[]", "[]", "[]"),
        34,
        &format!("{r}.apiGroups: Required value"),
    );
    // `*` with subresources only is allowed (type-checking says it skips the wildcards).
    let d = run(&rule("[\"*\"]", "[\"*\"]", "[\"*\", \"*/status\"]"), 34);
    assert!(
        d.iter().all(|d| d.rule.id == "admission/kinds-unresolved"),
        "{d:#?}"
    );
}

/// Before 1.34 the server prints a Go slice with `%#v`; the value then comes from the node.
#[test]
fn list_values_follow_the_minor() {
    let m = msgs(&rule("[apps, \"*\"]", "[CREATE]", "[deployments]"), 33);
    assert!(
        m.iter().any(|x| x.starts_with(
            "spec.matchConstraints.resourceRules[0].apiGroups: Invalid value: []interface {}{\"apps\", \"*\"}"
        )),
        "{m:#?}"
    );
}

#[test]
fn param_kind() {
    let y = vap("  paramKind:\n    apiVersion: a/b/c\n    kind: Config_Map\n  validations:\n  - expression: \"true\"\n");
    has(
        &y,
        30,
        r#"spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c"#,
    );
    let m = msgs(&y, 30);
    assert!(
        m.iter().any(|x| x.starts_with(
            r#"spec.paramKind.kind: Invalid value: "Config_Map": may have mixed case, but should otherwise match: a DNS-1035 label must consist of"#
        )),
        "{m:#?}"
    );
    let y = vap("  paramKind:\n    kind: ConfigMap\n  validations:\n  - expression: \"true\"\n");
    has(&y, 30, "spec.paramKind.apiVersion: Required value");
}

#[test]
fn variables_names_messages_and_audit_keys() {
    let y = vap("  variables:\n  - name: in\n    expression: \"1\"\n  - name: \"\"\n    expression: \" \"\n  validations:\n  - expression: \"true\"\n    message: \"two\\nlines\"\n  - expression: \"true\"\n    messageExpression: \"  \"\n");
    for want in [
        r#"spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier"#,
        "spec.variables[1].name: Required value: name is not specified",
        "spec.variables[1].expression: Required value: expression is not specified",
        r#"spec.validations[0].message: Invalid value: "two\nlines": message must not contain line breaks"#,
        r#"spec.validations[1].messageExpression: Invalid value: "  ": must be non-empty if specified"#,
    ] {
        has(&y, 30, want);
    }
    let y = format!(
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{}}\nspec:\n{RULES}  auditAnnotations:\n  - key: k\n    valueExpression: \"'v'\"\n"
    );
    has(
        &y,
        30,
        r#"spec.auditAnnotations[0].key: Invalid value: "k": requires metadata.name be non-empty"#,
    );
}

const BINDING: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: b
spec:
";

#[test]
fn binding_validation_actions() {
    has(
        &format!("{BINDING}  policyName: p\n"),
        30,
        "spec.validationActions: Required value: at least one validation action is required",
    );
    has(
        &format!("{BINDING}  policyName: p\n  validationActions: [Deny, Warn]\n"),
        34,
        r#"spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"#,
    );
    has(
        &format!("{BINDING}  policyName: p\n  validationActions: [Fail]\n"),
        30,
        r#"spec.validationActions[0]: Unsupported value: "Fail": supported values: "Audit", "Deny", "Warn""#,
    );
    clean(
        &format!("{BINDING}  policyName: p\n  validationActions: [Warn, Audit]\n"),
        30,
    );
    has(
        &format!("{BINDING}  validationActions: [Deny]\n"),
        30,
        "spec.policyName: Required value",
    );
}

#[test]
fn binding_param_ref_and_match_resources() {
    let y = format!("{BINDING}  policyName: p\n  validationActions: [Deny]\n  paramRef:\n    namespace: default\n  matchResources:\n    namespaceSelector:\n      matchExpressions:\n      - key: env\n        operator: Exists\n        values: [a]\n");
    for want in [
        "spec.paramRef: Required value: one of name or selector must be specified",
        "spec.paramRef.parameterNotFoundAction: Required value",
        // The server's own path is spelt `matchResouces` (validateValidatingAdmissionPolicyBindingSpec).
        "spec.matchResouces.namespaceSelector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    ] {
        has(&y, 30, want);
    }
    let y = format!("{BINDING}  policyName: p\n  validationActions: [Deny]\n  paramRef:\n    name: x\n    selector: {{}}\n    parameterNotFoundAction: Maybe\n");
    for want in [
        "spec.paramRef.name: Forbidden: name and selector are mutually exclusive",
        "spec.paramRef.selector: Forbidden: name and selector are mutually exclusive",
        r#"spec.paramRef.parameterNotFoundAction: Unsupported value: "Maybe": supported values: "Deny", "Allow""#,
    ] {
        has(&y, 30, want);
    }
}

const MAP: &str = "apiVersion: admissionregistration.k8s.io/v1beta1
kind: MutatingAdmissionPolicy
metadata:
  name: m
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [\"\"]
      apiVersions: [v1]
      operations: [CREATE, DELETE]
      resources: [configmaps]
";

#[test]
fn mutating_policy_rules() {
    let m = msgs(MAP, 34);
    for want in [
        "spec.mutations: Required value: mutations must contain at least one item",
        "spec.reinvocationPolicy: Required value",
        r#"spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CREATE", "UPDATE""#,
    ] {
        assert!(m.iter().any(|x| x == want), "{want}\nnot in {m:#?}");
    }
    let y = format!("{MAP}  reinvocationPolicy: Never\n  mutations:\n  - patchType: JSONPatch\n    applyConfiguration:\n      expression: \"Object{{}}\"\n  - patchType: Merge\n  - {{}}\n");
    for want in [
        "spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch",
        r#"spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch"#,
        r#"spec.mutations[1].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch""#,
        "spec.mutations[2].patchType: Required value",
    ] {
        has(&y, 34, want);
    }
}

#[test]
fn a_mutating_policy_with_object_literals_is_not_reported() {
    let y = format!("{MAP}  reinvocationPolicy: IfNeeded\n  variables:\n  - name: v\n    expression: \"'x'\"\n  mutations:\n  - patchType: ApplyConfiguration\n    applyConfiguration:\n      expression: \"Object{{metadata: Object.metadata{{labels: {{'a': variables.v}}}}}}\"\n").replace("DELETE", "UPDATE");
    clean(&y, 34);
}

const HOOK: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: h
webhooks:
- name: h.example.com
  sideEffects: None
  admissionReviewVersions: [v1]
  clientConfig:
    url: https://example.com/
  matchConditions:
";

#[test]
fn webhook_match_conditions_have_no_params_and_a_limit() {
    let y = format!("{HOOK}  - name: a\n    expression: \"params.x == 1\"\n  - name: \"\"\n    expression: \"true\"\n");
    has(
        &y,
        30,
        "webhooks[0].matchConditions[0].expression: Invalid value: \"params.x == 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^",
    );
    has(
        &y,
        30,
        "webhooks[0].matchConditions[1].name: Required value",
    );
    let many: String = (0..65)
        .map(|i| format!("  - name: c{i}\n    expression: \"true\"\n"))
        .collect();
    has(
        &format!("{HOOK}{many}"),
        30,
        "webhooks[0].matchConditions: Too many: 65: must have at most 64 items",
    );
}

#[test]
fn expression_environments() {
    // A validation must be bool: a dyn result is refused.
    has(
        &vap("  validations:\n  - expression: \"object.spec.paused\"\n"),
        30,
        r#"spec.validations[0].expression: Invalid value: "object.spec.paused": must evaluate to bool"#,
    );
    // From 1.32 the server says what the expression gave (`compile.go`, apiserver 0e6467b27).
    has(
        &vap("  validations:\n  - expression: \"object.spec.paused\"\n"),
        32,
        r#"spec.validations[0].expression: Invalid value: "object.spec.paused": must evaluate to bool but got dyn"#,
    );
    has(
        &vap("  validations:\n  - expression: \"1\"\n"),
        31,
        r#"spec.validations[0].expression: Invalid value: "1": must evaluate to bool"#,
    );
    // `request` has the server's type.
    has(
        &vap("  validations:\n  - expression: \"request.nmespace == 'a'\"\n"),
        30,
        "spec.validations[0].expression: Invalid value: \"request.nmespace == 'a'\": compilation failed: ERROR: <input>:1:8: undefined field 'nmespace'\n | request.nmespace == 'a'\n | .......^",
    );
    // `params` needs a paramKind.
    let m = msgs(
        &vap("  validations:\n  - expression: \"int(params.data.max) > 1\"\n"),
        30,
    );
    assert!(m[0].contains("undeclared reference to 'params'"), "{m:#?}");
    clean(
        &vap("  paramKind:\n    apiVersion: v1\n    kind: ConfigMap\n  validations:\n  - expression: \"int(params.data.max) > 1\"\n"),
        30,
    );
    // No authorizer in a messageExpression; authorizer elsewhere.
    let y = vap("  validations:\n  - expression: \"authorizer.group('apps').resource('deployments').check('create').allowed()\"\n    messageExpression: \"authorizer.group('apps').resource('deployments').check('create').reason()\"\n");
    let m = msgs(&y, 30);
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].starts_with("spec.validations[0].messageExpression: Invalid value:")
            && m[0].contains("undeclared reference to 'authorizer'"),
        "{m:#?}"
    );
    // An audit annotation is a string or null.
    has(
        &vap("  auditAnnotations:\n  - key: k\n    valueExpression: \"1\"\n"),
        30,
        r#"spec.auditAnnotations[0].valueExpression: Invalid value: "1": must evaluate to one of [string null_type]"#,
    );
    has(
        &vap("  auditAnnotations:\n  - key: k\n    valueExpression: \"1\"\n"),
        34,
        r#"spec.auditAnnotations[0].valueExpression: Invalid value: "1": must evaluate to one of [string null_type] but got int"#,
    );
    clean(
        &vap("  auditAnnotations:\n  - key: k\n    valueExpression: \"'x'\"\n  - key: l\n    valueExpression: \"null\"\n"),
        30,
    );
    // `authorizer` is declared for every expression but a `messageExpression`, audit
    // annotations included, at every minor that serves the policy (kubernetes
    // `pkg/apis/admissionregistration/validation/validation.go`, `validateAuditAnnotation`:
    // `HasAuthorizer: true`; apiserver `policy/validating/plugin.go` compiles them with
    // `optionalVars` from 1.30, `validatingadmissionpolicy/controller_reconcile.go` before):
    // it is only not bound when they run (`run::evaluate`).
    for minor in [28, 30, 36] {
        clean(
            &vap("  matchConditions:\n  - {name: m, expression: \"authorizer.requestResource.check('get').allowed()\"}\n  auditAnnotations:\n  - key: k\n    valueExpression: \"authorizer.requestResource.check('get').reason()\"\n"),
            minor,
        );
    }
}

#[test]
fn variables_are_typed_and_ordered() {
    let y = vap("  variables:\n  - name: a\n    expression: \"variables.b\"\n  - name: b\n    expression: \"'x'\"\n  validations:\n  - expression: \"variables.b == 'x'\"\n  - expression: \"variables.b == 1\"\n");
    let m = msgs(&y, 30);
    assert_eq!(m.len(), 2, "{m:#?}");
    assert!(
        m[0].starts_with("spec.variables[0].expression") && m[0].contains("undefined field 'b'")
    );
    assert!(
        m[1].starts_with("spec.validations[1].expression")
            && m[1].contains("found no matching overload for '_==_' applied to '(string, int)'"),
        "{m:#?}"
    );
    // Without variables the stateless compiler has no `variables`.
    let m = msgs(
        &vap("  validations:\n  - expression: \"variables.x\"\n"),
        30,
    );
    assert!(
        m[0].contains("undeclared reference to 'variables'"),
        "{m:#?}"
    );
}

/// New expressions compile against the previous minor's libraries: `isIP` (1.30) is refused by
/// a 1.30 server and accepted by a 1.31 one.
#[test]
fn new_expressions_get_the_previous_minor() {
    let y = vap("  validations:\n  - expression: \"isIP('1.2.3.4')\"\n");
    let m = msgs(&y, 30);
    assert!(
        m.len() == 1 && m[0].contains("undeclared reference to 'isIP'"),
        "{m:#?}"
    );
    clean(&y, 31);
}

#[test]
fn findings_point_inside_the_expression() {
    let y = vap("  validations:\n  - expression: \"object.x == request.nmespace\"\n");
    let d = run(&y, 30);
    // cel-go places a field selection at its dot.
    let at = &y[d[0].span.range()];
    assert!(y[d[0].span.start()..].starts_with(".nmespace"), "{at:?}");
    // A block scalar: the second line.
    let y = vap("  validations:\n  - expression: |\n      object.x ==\n        request.nmespace\n");
    let d = run(&y, 30);
    assert!(
        y[d[0].span.start()..].starts_with(".nmespace"),
        "{:?}",
        d[0]
    );
}

#[test]
fn other_kinds_are_not_handled() {
    assert!(!handles("v1", "ConfigMap"));
    assert!(!handles("example.com/v1", "ValidatingAdmissionPolicy"));
    assert!(handles(
        "admissionregistration.k8s.io/v1alpha1",
        "MutatingAdmissionPolicy"
    ));
}

const WIDGET_CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
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
              replicas: {type: integer}
";

fn typecheck(yaml: &str, minor: u32) -> Vec<Diagnostic> {
    let docs = crate::yaml::load(yaml);
    let node = docs[0].root.as_ref().expect("test YAML parses");
    let crd_docs = crate::yaml::load(WIDGET_CRD);
    let crd =
        CompiledCrd::compile(crd_docs[0].root.as_ref().expect("CRD parses")).expect("CRD compiles");
    let kinds = Kinds::new(KubeVersion { minor }, [&crd]);
    let av = node.get_str("apiVersion").unwrap_or("");
    let kind = node.get_str("kind").unwrap_or("");
    check(av, kind, node, Some(yaml), &kinds)
}

fn policy_for(groups: &str, resources: &str, expression: &str) -> String {
    format!(
        "{HEAD}  matchConstraints:\n    resourceRules:\n    - apiGroups: {groups}\n      apiVersions: [v1]\n      operations: [CREATE]\n      resources: {resources}\n  validations:\n  - expression: \"{expression}\"\n"
    )
}

/// `typechecking.go`'s `TypeCheckingResults.String`: `<GVK>: <issues>`, per matched kind.
#[test]
fn type_checking_against_built_in_kinds() {
    let y = policy_for(
        "[apps]",
        "[deployments, statefulsets]",
        "object.spec.replicaz <= 5",
    );
    let d = typecheck(&y, 34);
    let m: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        m,
        [
            "spec.validations[0].expression: apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replicaz'\n | object.spec.replicaz <= 5\n | ...........^",
            "spec.validations[0].expression: apps/v1, Kind=StatefulSet: ERROR: <input>:1:12: undefined field 'replicaz'\n | object.spec.replicaz <= 5\n | ...........^",
        ]
    );
    assert!(d.iter().all(|d| d.rule.id == "admission/type-check"));
    // The whole ObjectMeta is there, as the server's schema resolver gives it.
    let y = policy_for(
        "[apps]",
        "[deployments]",
        "'team' in object.metadata.labels && object.metadata.namespace != ''",
    );
    assert!(typecheck(&y, 34).is_empty());
}

#[test]
fn type_checking_against_the_runs_crds() {
    let y = policy_for(
        "[example.com]",
        "[widgets]",
        "object.spec.replicas <= 5 && object.spec.size > 1",
    );
    let m: Vec<String> = typecheck(&y, 34).into_iter().map(|d| d.message).collect();
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].starts_with("spec.validations[0].expression: example.com/v1, Kind=Widget: ERROR: <input>:1:41: undefined field 'size'"),
        "{m:#?}"
    );
    // A custom kind's metadata is the whole ObjectMeta too.
    let y = policy_for("[example.com]", "[widgets]", "has(object.metadata.labels)");
    let d = typecheck(&y, 34);
    assert!(d.is_empty(), "{d:#?}");
}

#[test]
fn params_are_typed_by_the_param_kind() {
    let y = vap("  paramKind:\n    apiVersion: v1\n    kind: ConfigMap\n  validations:\n  - expression: \"params.dta.size() > 0 && params.data.size() > 0\"\n");
    let m: Vec<String> = typecheck(&y, 34).into_iter().map(|d| d.message).collect();
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].contains("apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'dta'"),
        "{m:#?}"
    );
    // A paramKind no schema is known for stays dyn.
    let y = vap("  paramKind:\n    apiVersion: other.example.com/v1\n    kind: Limits\n  validations:\n  - expression: \"params.anything > 0\"\n");
    assert!(typecheck(&y, 34).is_empty());
}

#[test]
fn no_limit_of_ten_kinds() {
    let resources = "[configmaps, secrets, services, pods, serviceaccounts, endpoints, events, limitranges, namespaces, nodes, persistentvolumeclaims, persistentvolumes]";
    let y = format!(
        "{HEAD}  matchConstraints:\n    resourceRules:\n    - apiGroups: [\"\"]\n      apiVersions: [v1]\n      operations: [CREATE]\n      resources: {resources}\n  validations:\n  - expression: \"object.spex == 1\"\n"
    );
    let d = typecheck(&y, 34);
    assert_eq!(
        d.len(),
        12,
        "{:#?}",
        d.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    assert!(d
        .iter()
        .any(|d| d.message.contains("/v1, Kind=Endpoints: ERROR")));
}

#[test]
fn unresolved_rules_are_said() {
    let y = policy_for("[apps]", "[deploymnets, \"*\"]", "true");
    let d = typecheck(&y, 34);
    let m: Vec<(&str, Severity, &str)> = d
        .iter()
        .map(|d| (d.rule.id, d.severity, d.message.as_str()))
        .collect();
    assert_eq!(
        m,
        [
            ("admission/kinds-unresolved", Severity::Info, "spec.matchConstraints.resourceRules[0]: the wildcard resources '*' are not type-checked (nor by the server)"),
            ("admission/kinds-unresolved", Severity::Warning, "spec.matchConstraints.resourceRules[0]: no built-in kind of this minor and no CRD in the run serves resource 'deploymnets' in apps/v1: expressions are not type-checked against it"),
        ]
    );
}

/// The kinds a rule resolves to are the minor's: `flowschemas` in
/// `flowcontrol.apiserver.k8s.io/v1beta3` is served by 1.31, removed in 1.32.
#[test]
fn kinds_follow_the_minor() {
    let y = format!(
        "{HEAD}  matchConstraints:\n    resourceRules:\n    - apiGroups: [flowcontrol.apiserver.k8s.io]\n      apiVersions: [v1beta3]\n      operations: [CREATE]\n      resources: [flowschemas]\n  validations:\n  - expression: \"object.spec.matchingPrecedenc > 0\"\n"
    );
    let d31 = typecheck(&y, 31);
    assert!(
        d31.len() == 1
            && d31[0]
                .message
                .contains("flowcontrol.apiserver.k8s.io/v1beta3, Kind=FlowSchema: ERROR"),
        "{d31:#?}"
    );
    let d32 = typecheck(&y, 32);
    assert!(
        d32.len() == 1 && d32[0].rule.id == "admission/kinds-unresolved",
        "{d32:#?}"
    );
}

#[test]
fn an_expression_refused_at_creation_is_not_type_checked_again() {
    let y = policy_for("[apps]", "[deployments]", "object.spec.replicaz");
    let d = typecheck(&y, 34);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].rule.id, "admission/expression");
}

/// Real policies' expressions (the Kubernetes documentation's and common ones) type-check
/// against Deployments without findings: quantities are `dyn`, metadata is whole, optional
/// field selection, `oldObject == null`, `authorizer.requestResource`.
#[test]
fn common_policies_have_no_false_findings() {
    let y = vap("  paramKind:\n    apiVersion: rules.example.com/v1\n    kind: ReplicaLimit\n  matchConditions:\n  - name: exclude-kubelet\n    expression: '!(\"system:nodes\" in request.userInfo.groups)'\n  - name: rbac\n    expression: 'authorizer.requestResource.check(\"admin\").allowed()'\n  variables:\n  - name: containers\n    expression: \"object.spec.template.spec.containers\"\n  validations:\n  - expression: \"object.spec.replicas <= params.maxReplicas\"\n    messageExpression: \"'replicas must be no greater than ' + string(params.maxReplicas)\"\n  - expression: \"oldObject == null || object.spec.selector == oldObject.spec.selector\"\n  - expression: \"object.metadata.?labels.?team.orValue('') != ''\"\n  - expression: \"variables.containers.all(c, has(c.resources.limits) && 'memory' in c.resources.limits)\"\n  - expression: \"variables.containers.all(c, !c.resources.?limits.?cpu.hasValue() || quantity(c.resources.limits.cpu).isLessThan(quantity('2')))\"\n  - expression: \"namespaceObject.metadata.labels['env'] != 'prod' || object.spec.replicas >= 2\"\n");
    let d = typecheck(&y, 34);
    // Loops over lists no schema bounds have a worst case over the runtime limit: notes
    // (`admission/cost`), never errors or warnings.
    let (notes, d): (Vec<_>, Vec<_>) = d
        .into_iter()
        .partition(|d| d.rule.id == "admission/cost" && d.severity == Severity::Info);
    assert!(
        d.is_empty(),
        "{:#?}",
        d.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    assert!(notes.iter().all(|n| n.message.contains("worst-case")));
}

/// A MutatingAdmissionPolicy for Deployments with one mutation.
fn map_with(patch_type: &str, expression: &str) -> String {
    let key = if patch_type == "JSONPatch" {
        "jsonPatch"
    } else {
        "applyConfiguration"
    };
    format!(
        "apiVersion: admissionregistration.k8s.io/v1beta1
kind: MutatingAdmissionPolicy
metadata:
  name: m
spec:
  reinvocationPolicy: Never
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [deployments]
  mutations:
  - patchType: {patch_type}
    {key}:
      expression: '{expression}'
"
    )
}

/// apiserver `pkg/cel/mutation/typeresolver.go` and `jsonpatch.go`: `Object`, `Object.<path>`
/// (any field, `dyn`) and `JSONPatch` (`op`, `path`, `from` strings, `value` dyn), and
/// `jsonpatch.escapeKey`, in a mutation's environment.
#[test]
fn mutation_expressions_construct_object_and_jsonpatch_values() {
    let ac = map_with(
        "ApplyConfiguration",
        "Object{metadata: Object.metadata{labels: {\"team\": \"a\"}}, spec: Object.spec{replicas: 2}}",
    );
    let d = typecheck(&ac, 34);
    assert!(d.iter().all(|d| d.rule.id == "admission/cost"), "{d:#?}");
    let jp = map_with(
        "JSONPatch",
        "[JSONPatch{op: \"add\", path: \"/metadata/labels/\" + jsonpatch.escapeKey(\"example.com/team\"), value: \"a\"}]",
    );
    let d = typecheck(&jp, 34);
    assert!(d.iter().all(|d| d.rule.id == "admission/cost"), "{d:#?}");
}

/// `checkCreateStruct`'s field type mismatch, worded as cel-go's checker words it.
#[test]
fn jsonpatch_fields_are_typed() {
    let y = map_with("JSONPatch", "[JSONPatch{op: 1, path: \"/x\"}]");
    let m = msgs(&y, 34);
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].starts_with("spec.mutations[0].jsonPatch.expression: Invalid value: \"[JSONPatch{op: 1, path: \\\"/x\\\"}]\": compilation failed: ERROR: <input>:1:16: expected type of field 'op' is 'string' but provided type is 'int'"),
        "{m:#?}"
    );
}

/// apiserver `compile.go` (1.32+): `must evaluate to <type> but got <type>`, with
/// `ApplyConfigurationCondition.ReturnTypes` `Object` and `JSONPatchCondition.ReturnTypes`
/// `list(JSONPatch)`.
#[test]
fn mutation_results_must_be_object_or_a_list_of_jsonpatch() {
    let y = map_with("ApplyConfiguration", "Object.spec{replicas: 2}");
    assert_eq!(
        msgs(&y, 34),
        ["spec.mutations[0].applyConfiguration.expression: Invalid value: \"Object.spec{replicas: 2}\": must evaluate to Object but got Object.spec"]
    );
    let y = map_with("JSONPatch", "JSONPatch{op: \"remove\", path: \"/x\"}");
    assert_eq!(
        msgs(&y, 34),
        ["spec.mutations[0].jsonPatch.expression: Invalid value: \"JSONPatch{op: \\\"remove\\\", path: \\\"/x\\\"}\": must evaluate to list(JSONPatch) but got JSONPatch"]
    );
}

/// Only a mutation's environment has the patch types: elsewhere `Object` is undeclared.
#[test]
fn patch_types_exist_only_in_mutations() {
    let y = vap("  validations:\n  - expression: \"Object{} == Object{}\"\n");
    let m = msgs(&y, 34);
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].contains("compilation failed: ERROR: <input>:1:7: undeclared reference to 'Object' (in container '')"),
        "{m:#?}"
    );
}

/// A mutation's expressions are type-checked against the matched kinds too.
#[test]
fn mutations_are_type_checked_against_the_matched_kinds() {
    let y = map_with(
        "ApplyConfiguration",
        "Object{spec: Object.spec{replicas: object.spec.replicaz}}",
    );
    let d: Vec<_> = typecheck(&y, 34)
        .into_iter()
        .filter(|d| d.rule.id == "admission/type-check")
        .collect();
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(
        d[0].message.starts_with("spec.mutations[0].applyConfiguration.expression: apps/v1, Kind=Deployment: ERROR: <input>:1:47: undefined field 'replicaz'"),
        "{d:#?}"
    );
}
