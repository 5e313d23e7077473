//! The Go defaults of built-in kinds through the CLI (issue 32: policies see the object "after
//! it is defaulted as the server would store it"): policies that admit or deny only because of
//! a Go default, a default that depends on the minor, and `crdlint default` of a Deployment
//! and a Service (the values are kubernetes/kubernetes `pkg/apis/{apps,core}/v1/defaults.go`'s).

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

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write");
    path.to_string_lossy().into_owned()
}

/// A ValidatingAdmissionPolicy named `name` on `resource` of `group`, denying with `message`
/// unless `expression` holds, and its Deny binding.
fn policy(name: &str, group: &str, resource: &str, expression: &str, message: &str) -> String {
    format!(
        "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: {name}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: [\"{group}\"]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [{resource}]
  validations:
  - expression: \"{expression}\"
    message: {message}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: {name}
spec:
  policyName: {name}
  validationActions: [Deny]
---
"
    )
}

/// A Deployment that writes neither `replicas`, `strategy`, `revisionHistoryLimit` nor its
/// pod's `restartPolicy`: every value the policies read is a Go default.
const DEPLOYMENT: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        ports: [{containerPort: 80}]
";

/// `object.spec.replicas <= 5`, `restartPolicy == 'Always'` and `has(object.spec.strategy)`
/// hold only on the defaulted Deployment (on the written one, the first two are "no such key"
/// errors, which `failurePolicy: Fail` turns into denials, and the third is false).
#[test]
fn policies_see_the_go_defaults() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = [
        policy(
            "replicas",
            "apps",
            "deployments",
            "object.spec.replicas <= 5",
            "too many replicas",
        ),
        policy(
            "restart",
            "apps",
            "deployments",
            "object.spec.template.spec.restartPolicy == 'Always'",
            "must restart",
        ),
        policy(
            "strategy",
            "apps",
            "deployments",
            "has(object.spec.strategy)",
            "needs a strategy",
        ),
        DEPLOYMENT.to_string(),
    ]
    .concat();
    let file = write(&dir, "all.yaml", &text);
    let (code, out) = crdlint(&["check", "--format", "concise", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("denied"), "{out}");
}

/// A policy that denies only because of a Go default: `revisionHistoryLimit` is 10 when not
/// written; the Deployment that writes 3 is admitted.
#[test]
fn a_go_default_can_be_what_is_denied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let deny = policy(
        "history",
        "apps",
        "deployments",
        "object.spec.revisionHistoryLimit < 5",
        "keep fewer revisions",
    );
    let file = write(&dir, "deny.yaml", &format!("{deny}{DEPLOYMENT}"));
    let (code, out) = crdlint(&["check", "--format", "concise", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("ValidatingAdmissionPolicy 'history' with binding 'history' denied request: keep fewer revisions"),
        "{out}"
    );
    let written = DEPLOYMENT.replace(
        "spec:\n  selector",
        "spec:\n  revisionHistoryLimit: 3\n  selector",
    );
    let file = write(&dir, "admit.yaml", &format!("{deny}{written}"));
    let (code, out) = crdlint(&["check", "--format", "concise", &file]);
    assert_eq!(code, 0, "{out}");
}

/// `MaxUnavailableStatefulSet` is on by default from 1.35: the same StatefulSet has a
/// defaulted `maxUnavailable` at 1.35 and none at 1.34.
#[test]
fn a_minor_dependent_default() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!(
        "{}apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  namespace: shop
spec:
  serviceName: db
  selector: {{matchLabels: {{app: db}}}}
  template:
    metadata: {{labels: {{app: db}}}}
    spec:
      containers: [{{name: db, image: 'postgres:16'}}]
",
        policy(
            "unavailable",
            "apps",
            "statefulsets",
            "has(object.spec.updateStrategy.rollingUpdate.maxUnavailable)",
            "no maxUnavailable",
        )
    );
    let file = write(&dir, "sts.yaml", &text);
    let (code, out) = crdlint(&[
        "check",
        "--format",
        "concise",
        "--kube-version",
        "1.35",
        &file,
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = crdlint(&[
        "check",
        "--format",
        "concise",
        "--kube-version",
        "1.34",
        &file,
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("denied request: no maxUnavailable"), "{out}");
}

/// `crdlint default` prints a Deployment with its Go defaults (strategy, revision history,
/// progress deadline, the pod template's).
#[test]
fn default_prints_a_deployment_as_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(&dir, "deploy.yaml", DEPLOYMENT);
    let (code, out) = crdlint(&["default", &file]);
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!("deployment", out);
}

/// And a Service: type, session affinity, ports' protocol and target port, internal traffic
/// policy; a LoadBalancer's external traffic policy and node-port allocation. Nothing the
/// registry allocates (clusterIP, ipFamilies, ipFamilyPolicy, node ports).
#[test]
fn default_prints_a_service_as_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(
        &dir,
        "svc.yaml",
        "apiVersion: v1
kind: Service
metadata:
  name: web # the front door
spec:
  selector: {app: web}
  ports:
  - name: http
    port: 80
  - {name: https, port: 443, targetPort: https}
---
apiVersion: v1
kind: Service
metadata:
  name: edge
spec:
  type: LoadBalancer
  selector: {app: web}
  ports: [{port: 443}]
",
    );
    let (code, out) = crdlint(&["default", &file]);
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!("service", out);
}

/// `default --write` edits only what defaulting adds: comments and the flow mappings stay,
/// and the file then reads as what `default` printed.
#[test]
fn default_write_keeps_the_rest_of_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!("# the web tier\n{DEPLOYMENT}");
    let file = write(&dir, "deploy.yaml", &text);
    let (_, printed) = crdlint(&["default", &file]);
    let (code, out) = crdlint(&["default", "--write", &file]);
    assert_eq!(code, 0, "{out}");
    let written = std::fs::read_to_string(&file).expect("read");
    assert_eq!(written, printed);
    assert!(written.starts_with("# the web tier\n"), "{written}");
    assert!(
        written.contains("selector: {matchLabels: {app: web}}"),
        "{written}"
    );
    assert!(
        written.contains("ports: [{containerPort: 80, protocol: TCP}]"),
        "{written}"
    );
    // Every line of the original is still there, in order.
    let mut rest = written.as_str();
    for line in text.lines().filter(|l| !l.contains("containerPort")) {
        let at = rest
            .find(line)
            .unwrap_or_else(|| panic!("{line:?} lost:\n{written}"));
        rest = &rest[at + line.len()..];
    }
    // Writing again changes nothing.
    crdlint(&["default", "--write", &file]);
    assert_eq!(std::fs::read_to_string(&file).expect("read"), written);
}

/// The server defaults the object again after each MutatingAdmissionPolicy patch (apiserver
/// `policy/mutating/dispatcher.go`, `dispatchOne`: `GetObjectDefaulter().Default`): the
/// container a JSON patch appends gets its Go defaults like the written one.
#[test]
fn a_mutated_object_is_defaulted_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!(
        "apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata:
  name: sidecar
spec:
  failurePolicy: Fail
  reinvocationPolicy: Never
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: '[JSONPatch{{op: \"add\", path: \"/spec/template/spec/containers/-\", value: Object.spec.template.spec.containers{{name: \"sidecar\", image: \"busybox\"}}}}]'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata:
  name: sidecar
spec:
  policyName: sidecar
---
{DEPLOYMENT}"
    );
    let file = write(&dir, "map.yaml", &text);
    let (code, out) = crdlint(&["default", &file]);
    assert_eq!(code, 0, "{out}");
    // The last `name: sidecar` is the appended container (the policy and binding come first).
    let sidecar = out.rsplit("name: sidecar").next().expect("the sidecar");
    assert!(sidecar.contains("imagePullPolicy: Always"), "{out}");
    assert!(
        sidecar.contains("terminationMessagePath: /dev/termination-log"),
        "{out}"
    );
}

/// On an update (`--old`), `oldObject` is the previous version as the server holds it: stored
/// with its defaults when it was created. Neither version writes `replicas`, so both have the
/// default 1 and `oldObject.spec.replicas` is there to compare (read from the file as written,
/// it would be a "no such key" error, a denial under `failurePolicy: Fail`).
#[test]
fn the_old_object_has_its_defaults_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let deny = policy(
        "no-scale-down",
        "apps",
        "deployments",
        "!has(oldObject.spec) || object.spec.replicas >= oldObject.spec.replicas",
        "replicas may not go down",
    );
    for d in ["old", "new"] {
        std::fs::create_dir_all(dir.path().join(d)).expect("mkdir");
        write(
            &dir,
            &format!("{d}/web.yaml"),
            &format!("{deny}{DEPLOYMENT}"),
        );
    }
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    let (old, new) = (old.to_str().expect("utf-8"), new.to_str().expect("utf-8"));
    let (code, out) = crdlint(&["check", "--format", "concise", "--old", old, new]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("denied"), "{out}");
    // The old version that wrote more replicas than the default is still seen as written.
    let more = DEPLOYMENT.replace("spec:\n  selector", "spec:\n  replicas: 3\n  selector");
    write(&dir, "old/web.yaml", &format!("{deny}{more}"));
    let (code, out) = crdlint(&["check", "--format", "concise", "--old", old, new]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("denied request: replicas may not go down"),
        "{out}"
    );
}
