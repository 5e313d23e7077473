//! Admission policies through the CLI: the worked example of `testdata/examples/admission/`
//! (the misspelt field caught by type-checking, the rest clean), the apiVersions each minor
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

#[test]
fn the_worked_example_reports_only_the_misspelt_field() {
    let (code, out) = crdlint(&[
        "check",
        "--format",
        "concise",
        "testdata/examples/admission",
    ]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("error[")).collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].starts_with("testdata/examples/admission/misspelt-policy.yaml:15:31: error[admission/type-check] spec.validations[0].expression: apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replicaz'"),
        "{out}"
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
