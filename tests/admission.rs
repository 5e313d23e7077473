//! Admission policies through the CLI: the worked example of `testdata/examples/admission/`
//! (the misspelt field caught by type-checking, a Deployment and a WebApp denied), the apiVersions each minor
//! serves for MutatingAdmissionPolicy, and the type-checking severity lowered by config.

use std::path::Path;

use assert_cmd::Command;

fn crdlint(args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .arg("--no-config")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The worked example: the misspelt field caught by type-checking, the Deployment without the
/// label the ConfigMap params name and the WebApp of eight replicas denied (the binding also
/// audits), in the words of apiserver's `policy/validating/dispatcher.go`.
#[test]
fn the_worked_example_reports_the_misspelt_field_and_the_denials() {
    let (code, out) = crdlint(&[
        "check",
        "--format",
        "concise",
        "testdata/examples/admission",
    ]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("[admission/")).collect();
    let expected = [
        "testdata/examples/admission/deployments.yaml:29:7: error[admission/denied] ValidatingAdmissionPolicy 'require-label' with binding 'require-label' denied request: missing label team",
        "testdata/examples/admission/misspelt-policy.yaml:15:31: error[admission/type-check] spec.validations[0].expression: apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replicaz'",
        "testdata/examples/admission/webapps.yaml:11:7: info[admission/audit] validation.policy.admission.k8s.io/validation_failure: [{\"message\":\"a WebApp may not have more than 5 replicas\",\"policy\":\"webapp-replica-limit\",\"binding\":\"webapp-replica-limit\",\"expressionIndex\":0,\"validationActions\":[\"Deny\",\"Audit\"]}]",
        "testdata/examples/admission/webapps.yaml:11:7: error[admission/denied] ValidatingAdmissionPolicy 'webapp-replica-limit' with binding 'webapp-replica-limit' denied request: a WebApp may not have more than 5 replicas",
    ];
    assert_eq!(lines.len(), expected.len(), "{out}");
    for (line, want) in lines.iter().zip(expected) {
        assert!(line.starts_with(want), "{line}\n{want}");
    }
}

/// A run without policies reads no file again and reports nothing of them; with `--old` the
/// object is an UPDATE (`oldObject` set) and a policy matching only UPDATE runs.
#[test]
fn old_versions_make_updates() {
    let dir = tempfile::tempdir().expect("tempdir");
    let policy = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: no-scale-down}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments]}
  validations:
  - expression: \"object.spec.replicas >= oldObject.spec.replicas\"
    messageExpression: \"'replicas may not go down from ' + string(oldObject.spec.replicas)\"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: no-scale-down}
spec:
  policyName: no-scale-down
  validationActions: [Warn]
";
    let deployment = |replicas: u32| {
        format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web, namespace: shop}}\nspec:\n  replicas: {replicas}\n  selector: {{matchLabels: {{app: web}}}}\n  template:\n    metadata: {{labels: {{app: web}}}}\n    spec:\n      containers: [{{name: web, image: nginx}}]\n")
    };
    std::fs::create_dir_all(dir.path().join("old")).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("new")).expect("mkdir");
    for d in ["old", "new"] {
        std::fs::write(dir.path().join(d).join("policy.yaml"), policy).expect("write");
    }
    std::fs::write(dir.path().join("old/web.yaml"), deployment(5)).expect("write");
    std::fs::write(dir.path().join("new/web.yaml"), deployment(2)).expect("write");
    let new = dir.path().join("new");
    let old = dir.path().join("old");
    let (_, created) = crdlint(&["check", "--format", "concise", new.to_str().expect("utf-8")]);
    assert!(!created.contains("admission/warned"), "{created}");
    let (_, updated) = crdlint(&[
        "check",
        "--format",
        "concise",
        "--old",
        old.to_str().expect("utf-8"),
        new.to_str().expect("utf-8"),
    ]);
    assert!(
        updated.contains("warning[admission/warned] Validation failed for ValidatingAdmissionPolicy 'no-scale-down' with binding 'no-scale-down': replicas may not go down from 5"),
        "{updated}"
    );
}

#[test]
fn type_checking_can_be_lowered_to_a_warning() {
    let (code, out) = crdlint(&[
        "check",
        "--format",
        "concise",
        "--warn",
        "admission/type-check",
        // The example's denials are errors too.
        "--warn",
        "admission/denied",
        "testdata/examples/admission",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[admission/type-check]"), "{out}");
}

const MAP_V1: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata:
  name: m
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [\"\"]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [configmaps]
  reinvocationPolicy: Never
  mutations:
  - patchType: JSONPatch
";

/// MutatingAdmissionPolicy `v1` is served from 1.36: before, the kind is unknown and the
/// policy rules are not run; from 1.36 they are.
#[test]
fn mutating_policy_v1_per_minor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("map.yaml");
    std::fs::write(&file, MAP_V1).expect("write");
    let f = file.to_str().expect("utf-8 path");
    let (_, out35) = crdlint(&["check", "--format", "concise", "--kube-version", "1.35", f]);
    assert!(out35.contains("error[api/unknown-kind]"), "{out35}");
    assert!(!out35.contains("admission/"), "{out35}");
    let (_, out36) = crdlint(&["check", "--format", "concise", "--kube-version", "1.36", f]);
    assert!(!out36.contains("api/unknown-kind"), "{out36}");
    assert!(
        out36.contains("error[admission/invalid] spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch"),
        "{out36}"
    );
}

/// A MutatingAdmissionPolicy and its binding, bound to Deployments, with `failure_policy` and
/// the given mutations (YAML list items, indented four spaces).
fn mutating_policy(failure_policy: &str, mutations: &str) -> String {
    format!(
        "apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata:
  name: stamp
spec:
  failurePolicy: {failure_policy}
  reinvocationPolicy: Never
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
  mutations:
{mutations}---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata:
  name: stamp
spec:
  policyName: stamp
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  selector: {{matchLabels: {{app: web}}}}
  template:
    metadata: {{labels: {{app: web}}}}
    spec:
      containers: [{{name: web, image: nginx}}]
"
    )
}

const ADD_LABEL: &str = "  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {\"team\": \"payments\"}}}'
";
const APPEND_CONTAINER: &str = "  - patchType: JSONPatch
    jsonPatch:
      expression: '[JSONPatch{op: \"add\", path: \"/spec/template/spec/containers/-\", value: Object.spec.template.spec.containers{name: \"sidecar\", image: \"busybox\"}}]'
";

fn write(dir: &tempfile::TempDir, text: &str) -> String {
    let path = dir.path().join("all.yaml");
    std::fs::write(&path, text).expect("write");
    path.to_string_lossy().into_owned()
}

/// `crdlint default` prints the Deployment as the server would store it after mutation: the
/// label merged in by the apply configuration and the container appended by the JSON patch,
/// in order.
#[test]
fn default_prints_the_mutated_object() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(
        &dir,
        &mutating_policy("Fail", &format!("{ADD_LABEL}{APPEND_CONTAINER}")),
    );
    let (code, out) = crdlint(&["default", &file]);
    assert_eq!(code, 0, "{out}");
    let deployment = out
        .split("kind: Deployment")
        .nth(1)
        .expect("the Deployment");
    assert!(deployment.contains("team: payments"), "{deployment}");
    let web = deployment.find("image: nginx");
    let sidecar = deployment.find("sidecar");
    assert!(
        web.is_some() && sidecar.is_some() && web < sidecar,
        "{deployment}"
    );
}

/// Without the policy the same Deployment is printed unmutated (the mutation is the policy's).
#[test]
fn default_without_a_binding_does_not_mutate() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = mutating_policy("Fail", ADD_LABEL)
        .replace("kind: MutatingAdmissionPolicyBinding", "kind: ConfigMap");
    let text = text.replace("spec:\n  policyName: stamp\n", "data: {a: b}\n");
    let file = write(&dir, &text);
    let (_, out) = crdlint(&["default", &file]);
    assert!(!out.contains("team: payments"), "{out}");
}

/// The mutated object is what the validating policies see: a policy that requires the label
/// the mutating policy adds admits the Deployment.
#[test]
fn validating_policies_see_the_mutated_object() {
    let validating = "---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: need-team
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
  validations:
  - expression: \"has(object.metadata.labels) && 'team' in object.metadata.labels\"
    message: missing label team
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: need-team
spec:
  policyName: need-team
  validationActions: [Deny]
";
    let dir = tempfile::tempdir().expect("tempdir");
    let with = write(
        &dir,
        &format!("{}{validating}", mutating_policy("Fail", ADD_LABEL)),
    );
    let (code, out) = crdlint(&["check", "--format", "concise", &with]);
    assert_eq!(code, 0, "{out}");
    let without =
        mutating_policy("Fail", ADD_LABEL).replace("policyName: stamp", "policyName: other");
    let without = write(&dir, &format!("{without}{validating}"));
    let (code, out) = crdlint(&["check", "--format", "concise", &without]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("denied request: missing label team"), "{out}");
}

/// A mutation that fails denies under `failurePolicy: Fail`, in the words of apiserver's
/// `generic/policy_dispatcher.go` (`PolicyError.Error`), and is skipped under `Ignore`.
#[test]
fn a_failed_mutation_follows_the_failure_policy() {
    let failing = "  - patchType: JSONPatch
    jsonPatch:
      expression: '[JSONPatch{op: \"remove\", path: \"/metadata/annotations/owner\"}]'
";
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(&dir, &mutating_policy("Fail", failing));
    let (code, out) = crdlint(&["check", "--format", "concise", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[admission/mutation-failed] policy 'stamp' with binding 'stamp' denied request: JSON Patch: remove operation does not apply: doc is missing path: \"/metadata/annotations/owner\": missing value"),
        "{out}"
    );
    let file = write(&dir, &mutating_policy("Ignore", failing));
    let (code, out) = crdlint(&["check", "--format", "concise", &file]);
    assert_eq!(code, 0, "{out}");
}

/// A policy that reads who asks and what the authorizer says, and a Deployment it governs.
const WHO_ASKS: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: who-asks}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  validations:
  - expression: \"request.userInfo.username == 'system:serviceaccount:ci:deployer'\"
    messageExpression: \"'created by ' + request.userInfo.username + ' of ' + request.userInfo.groups.join(', ')\"
  - expression: \"authorizer.group('apps').resource('deployments').namespace(object.metadata.namespace).check('escalate').allowed()\"
    message: may not escalate
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: who-asks}
spec:
  policyName: who-asks
  validationActions: [Deny]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
";

/// `request.userInfo` and the `authorizer` as the flags (or the config's `admission`) set
/// them: the default user and "not decidable"; another user with its groups, and every check
/// denied; the config's service account, whose groups are its token's, and every check
/// allowed.
#[test]
fn the_admission_user_and_authorizer_are_the_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(&dir, WHO_ASKS);
    let mut report = String::new();
    let mut run = |title: &str, args: &[&str]| {
        let mut all = vec!["check", "--format", "concise"];
        all.extend_from_slice(args);
        all.push(&file);
        let (code, out) = crdlint(&all);
        report.push_str(&format!("== {title} (exit {code})\n"));
        for line in out
            .lines()
            .filter(|l| l.contains("[admission/") && !l.contains("[admission/cost]"))
        {
            report.push_str(&line.replace(file.as_str(), "all.yaml"));
            report.push('\n');
        }
    };
    run("defaults", &[]);
    run(
        "--admission-user alice --admission-group dev --admission-authorizer deny",
        &[
            "--admission-user",
            "alice",
            "--admission-group",
            "dev",
            "--admission-authorizer",
            "deny",
        ],
    );
    // The config file: found in the working directory.
    std::fs::write(
        dir.path().join(".crdlint.yaml"),
        "version: 1\nadmission:\n  user: system:serviceaccount:ci:deployer\n  authorizer: allow\n",
    )
    .expect("config");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .current_dir(dir.path())
        .args(["check", "--format", "concise", "all.yaml"])
        .output()
        .expect("runs");
    report.push_str(&format!(
        "== config admission: {{user: system:serviceaccount:ci:deployer, authorizer: allow}} (exit {})\n",
        out.status.code().unwrap_or(-1)
    ));
    for line in String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("[admission/") && !l.contains("[admission/cost]"))
    {
        report.push_str(line);
        report.push('\n');
    }
    insta::assert_snapshot!(report);
}

/// A policy that denies every object its one resource rule selects, under `match_policy`.
fn deny_all(group: &str, version: &str, resource: &str, match_policy: &str) -> String {
    format!(
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {{name: deny-all}}\nspec:\n  matchConstraints:\n    matchPolicy: {match_policy}\n    resourceRules:\n    - {{apiGroups: ['{group}'], apiVersions: [{version}], operations: [CREATE], resources: [{resource}]}}\n  validations:\n  - {{expression: 'false', message: selected}}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {{name: deny-all}}\nspec: {{policyName: deny-all, validationActions: [Deny]}}\n"
    )
}

const EVENT: &str = "---\napiVersion: v1\nkind: Event\nmetadata: {name: e, namespace: shop}\ninvolvedObject: {kind: Pod, name: p, namespace: shop}\n";
const FLOW_SCHEMA: &str = "---\napiVersion: flowcontrol.apiserver.k8s.io/v1\nkind: FlowSchema\nmetadata: {name: f}\nspec:\n  priorityLevelConfiguration: {name: workload-low}\n  matchingPrecedence: 1000\n";

/// `matchPolicy: Equivalent` across built-in resources: a rule for `events.k8s.io` events
/// selects a core Event (both kept in one storage, kube-apiserver's
/// `default_storage_factory_builder.go`), and a rule for `flowcontrol.apiserver.k8s.io/v1beta3`
/// flowschemas selects a v1 FlowSchema only at minors that still serve v1beta3 (up to 1.31).
/// `Exact` selects neither.
#[test]
fn equivalent_match_policy_reaches_built_in_equivalents_per_minor() {
    let dir = tempfile::tempdir().expect("tempdir");
    let denied = |text: String, minor: &str| {
        let file = write(&dir, &text);
        let (_, out) = crdlint(&[
            "check",
            "--format",
            "concise",
            "--kube-version",
            minor,
            &file,
        ]);
        out.lines()
            .filter(|l| l.contains("admission/denied"))
            .map(|l| l.split_once("all.yaml").map_or(l, |(_, r)| r).to_string())
            .collect::<Vec<_>>()
    };
    let events = denied(
        format!(
            "{}{EVENT}",
            deny_all("events.k8s.io", "v1", "events", "Equivalent")
        ),
        "1.30",
    );
    insta::assert_snapshot!("equivalent_events", events.join("\n"));
    assert!(denied(
        format!(
            "{}{EVENT}",
            deny_all("events.k8s.io", "v1", "events", "Exact")
        ),
        "1.30"
    )
    .is_empty());
    let flow = |minor: &str| {
        denied(
            format!(
                "{}{FLOW_SCHEMA}",
                deny_all(
                    "flowcontrol.apiserver.k8s.io",
                    "v1beta3",
                    "flowschemas",
                    "Equivalent"
                )
            ),
            minor,
        )
    };
    assert_eq!(flow("1.31").len(), 1, "{:?}", flow("1.31"));
    assert!(flow("1.32").is_empty(), "{:?}", flow("1.32"));
}

const WHO_SUITE: &str = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: who}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
  validations:
  - expression: \"request.userInfo.username != 'alice' || !('dev' in request.userInfo.groups)\"
    message: alice of dev may not
  - expression: \"authorizer.group('').resource('secrets').namespace('shop').check('get').allowed()\"
    message: cannot read secrets
---
name: who asks
policyName: who
tests:
  admission:
  - name: alice of dev is refused
    object: '{apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: shop}}'
    expect: deny
    message: alice of dev may not
  - name: the case's own user wins
    object: '{apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: shop}}'
    userInfo: {username: bob, groups: [dev]}
    expect: deny
    message: cannot read secrets
";

/// `crdlint test` runs policy suites as the run's user (`--admission-user`,
/// `--admission-group`, the config's `admission`) and with its `authorizer` answer; a case's
/// own `userInfo` still wins. Without them the cases cannot pass: the default user is no
/// alice, and the authorizer is not decidable (the case is broken, not passed).
#[test]
fn policy_suites_run_as_the_runs_user_with_its_authorizer() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(&dir, WHO_SUITE);
    let test = |args: &[&str], config: Option<&str>| {
        match config {
            Some(c) => std::fs::write(dir.path().join(".crdlint.yaml"), c).expect("config"),
            None => {
                let _ = std::fs::remove_file(dir.path().join(".crdlint.yaml"));
            }
        }
        let out = Command::cargo_bin("crdlint")
            .expect("binary")
            .current_dir(dir.path())
            .arg("test")
            .args(args)
            .arg("all.yaml")
            .output()
            .expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let flags = [
        "--admission-user",
        "alice",
        "--admission-group",
        "dev",
        "--admission-authorizer",
        "deny",
    ];
    let (code, out) = test(&flags, None);
    assert_eq!(code, 0, "{out}");
    // The defaults: the first case is admitted's opposite of what it expects, the second
    // reads the authorizer, which is not decidable offline.
    let (code, out) = test(&[], None);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not decidable offline"), "{out}");
    assert!(out.contains("alice of dev is refused"), "{out}");
    // The config's `admission` section, the same answers.
    let config = "version: 1\nadmission: {user: alice, groups: [dev], authorizer: deny}\n";
    let (code, out) = test(&[], Some(config));
    assert_eq!(code, 0, "{out}");
    // The flags win over the config: another user is not refused as alice is.
    let (code, out) = test(&["--admission-user", "carol"], Some(config));
    assert_eq!(code, 1, "{out}");
}

/// A validating policy sees a custom resource as the server stores it: defaulted (a resource
/// only defaulting changes is validated in place, and the policy reads that tree) and pruned
/// (a resource with an unknown field is copied). Only the resource whose stored `size` is not
/// the default is denied.
#[test]
fn validating_policies_see_custom_resources_as_stored() {
    let text = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
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
              size: {type: integer, default: 3}
              mode: {type: string}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: stored
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [example.com]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [widgets]
  validations:
  - expression: \"object.spec.size == 3 && !has(object.spec.extra)\"
    messageExpression: \"'not as stored: ' + object.metadata.name\"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: stored
spec:
  policyName: stored
  validationActions: [Deny]
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: defaulted, namespace: default}
spec: {mode: a}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: pruned, namespace: default}
spec: {mode: a, extra: 1}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: bigger, namespace: default}
spec: {mode: a, size: 5}
";
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(&dir, text);
    for jobs in ["1", "2"] {
        let (code, out) = crdlint(&[
            "check",
            "-j",
            jobs,
            "--format",
            "concise",
            "--unknown-fields",
            "ignore",
            &file,
        ]);
        assert_eq!(code, 1, "{out}");
        // One denial (a policy reading the written `defaulted` would fail on the missing
        // `size`, one reading the written `pruned` would find `extra`).
        let denied: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("[admission/denied]"))
            .collect();
        assert_eq!(denied.len(), 1, "{out}");
        assert!(denied[0].contains("not as stored: bigger"), "{out}");
    }
}

/// A validating policy sees a custom resource as the registry prepared it
/// (`PrepareForCreate`/`PrepareForUpdate`): with the status subresource, a create carries no
/// `status` and an update the old object's; `metadata.generation` is 1 on create, and on
/// update the old one's, one more when anything but the metadata changed. Without the status
/// subresource the status sent is seen. The policy prints what it saw; its denial (Warn)
/// shows it.
#[test]
fn validating_policies_see_status_and_generation_as_prepared() {
    let crd = |subresources: &str| {
        format!(
            "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {{kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
{subresources}    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {{type: integer}}
          status:
            type: object
            properties:
              phase: {{type: string}}
"
        )
    };
    let policy = "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: shows}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [widgets]}
  validations:
  - expression: \"false\"
    messageExpression: \"'status=' + (has(object.status) ? object.status.phase : 'none') + ' generation=' + string(object.metadata.generation) + (oldObject != null ? ' old=' + string(oldObject.metadata.generation) : '')\"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: shows}
spec:
  policyName: shows
  validationActions: [Warn]
";
    let widget = |size: u32, status: &str, generation: u32| {
        format!("apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w, namespace: default, generation: {generation}}}\nspec: {{size: {size}}}\nstatus: {{phase: {status}}}\n")
    };
    let warned = |subresources: &str, new: &str, old: Option<&str>| -> String {
        let dir = tempfile::tempdir().expect("tempdir");
        for d in ["old", "new"] {
            std::fs::create_dir_all(dir.path().join(d)).expect("mkdir");
            let common = format!("{}---\n{policy}", crd(subresources));
            std::fs::write(dir.path().join(d).join("policy.yaml"), common).expect("write");
        }
        std::fs::write(dir.path().join("new/w.yaml"), new).expect("write");
        let new_dir = dir.path().join("new");
        let old_dir = dir.path().join("old");
        let mut args = vec!["check", "--format", "concise"];
        if let Some(old) = old {
            std::fs::write(dir.path().join("old/w.yaml"), old).expect("write");
            args.extend(["--old", old_dir.to_str().expect("utf-8")]);
        }
        args.push(new_dir.to_str().expect("utf-8"));
        let (_, out) = crdlint(&args);
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("admission/warned"))
            .collect();
        assert_eq!(lines.len(), 1, "{out}");
        let at = lines[0].find("status=").expect("the message");
        lines[0][at..].to_string()
    };
    let with = "    subresources: {status: {}}\n";
    // Create: the status sent is dropped with the subresource, and the generation is 1
    // whatever was sent.
    assert_eq!(
        warned(with, &widget(1, "Sent", 7), None),
        "status=none generation=1"
    );
    assert_eq!(
        warned("", &widget(1, "Sent", 7), None),
        "status=Sent generation=1"
    );
    // Update: the old status is kept, and the generation moves only when the spec changed.
    let old = widget(1, "Ready", 4);
    assert_eq!(
        warned(with, &widget(1, "Sent", 9), Some(&old)),
        "status=Ready generation=4 old=4"
    );
    assert_eq!(
        warned(with, &widget(2, "Sent", 9), Some(&old)),
        "status=Ready generation=5 old=4"
    );
    // Without the subresource a new status is a change like any other.
    assert_eq!(
        warned("", &widget(1, "Sent", 9), Some(&old)),
        "status=Sent generation=5 old=4"
    );
}

/// `crdlint test` runs a policy suite's cases on the custom resource as the registry prepared
/// it, as `check` does: under the status subresource the status sent on create is gone and an
/// update keeps the old one; the generation is 1, then the old one's plus one for a spec change.
#[test]
fn policy_suites_see_status_and_generation_as_prepared() {
    let text = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: integer}}}
          status: {type: object, properties: {phase: {type: string}}}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: prepared}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [widgets]}
  validations:
  - expression: \"!has(object.status) || object.status.phase != 'Sent'\"
    message: the status sent is seen
  - expression: \"object.metadata.generation == (oldObject == null ? 1 : oldObject.metadata.generation + 1)\"
    message: the generation is not the server's
---
name: prepared
policyName: prepared
tests:
  admission:
  - name: a create
    object: '{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: n, generation: 7}, spec: {size: 1}, status: {phase: Sent}}'
    expect: admit
  - name: an update of the spec
    oldObject: '{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: n, generation: 3}, spec: {size: 1}, status: {phase: Ready}}'
    object: '{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: n, generation: 9}, spec: {size: 2}, status: {phase: Sent}}'
    expect: admit
  - name: an update of the labels only
    oldObject: '{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: n, generation: 3}, spec: {size: 1}}'
    object: '{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: n, labels: {a: b}}, spec: {size: 1}}'
    expect: deny
    message: the generation is not the server's
";
    let dir = tempfile::tempdir().expect("tempdir");
    write(&dir, text);
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .current_dir(dir.path())
        .args(["test", "all.yaml"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("3 passed"), "{stdout}");
}
