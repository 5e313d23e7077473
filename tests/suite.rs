//! `crdlint test`: the suites in testdata/suites run through the binary (every field of the
//! format passing, a deliberately failing suite snapshotted in each format), `--filter`,
//! `--update`, and a generated 500-case suite.

use std::path::Path;

use assert_cmd::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn crdlint_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::cargo_bin("crdlint")
        .expect("binary built")
        .current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .output()
        .expect("crdlint runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

fn crdlint(args: &[&str]) -> Run {
    crdlint_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

const CRDS: &str = "testdata/suites/crds";

/// A folder holding `files` (name, text).
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// `crdlint test --format FORMAT --crd CRDS PATHS...` in `dir`.
fn test_in(dir: &Path, format: &str, paths: &[&str]) -> Run {
    let crds = Path::new(env!("CARGO_MANIFEST_DIR")).join(CRDS);
    let mut args = vec!["test", "--format", format, "--crd", crds.to_str().unwrap()];
    args.extend(paths);
    crdlint_in(dir, &args)
}

#[test]
fn every_field_of_the_format_passes() {
    let r = crdlint(&[
        "test",
        "--color",
        "never",
        "--crd",
        CRDS,
        "testdata/suites/passing",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(!r.stdout.contains("FAIL"), "{}", r.stdout);
    assert!(
        r.stdout
            .ends_with("test result: 15 passed, 0 failed, 0 could not run; 15 cases in 2 suites\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn failing_suite_human() {
    let r = crdlint(&[
        "test",
        "--color",
        "never",
        "--crd",
        CRDS,
        "testdata/suites/failing",
    ]);
    assert_eq!(r.code, 1);
    insta::assert_snapshot!("failing_human", r.stdout);
}

#[test]
fn failing_suite_json() {
    let r = crdlint(&[
        "test",
        "--format",
        "json",
        "--crd",
        CRDS,
        "testdata/suites/failing",
    ]);
    assert_eq!(r.code, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["summary"]["failed"], 4);
    // 3 that ran and broke, the misspelt case and the case of the suite without its CRD.
    assert_eq!(v["summary"]["broken"], 5);
    insta::assert_snapshot!("failing_json", r.stdout);
}

#[test]
fn failing_suite_junit() {
    let r = crdlint(&[
        "test",
        "--format",
        "junit",
        "--crd",
        CRDS,
        "testdata/suites/failing",
    ]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.matches("<testcase ").count(), 9);
    assert_eq!(r.stdout.matches("<failure ").count(), 9);
    insta::assert_snapshot!("failing_junit", r.stdout);
}

#[test]
fn filter_runs_matching_cases_only() {
    let r = crdlint(&[
        "test",
        "--color",
        "never",
        "--crd",
        CRDS,
        "--filter",
        "Gadget /",
        "testdata/suites/passing",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("2 passed"), "{}", r.stdout);
    assert!(!r.stdout.contains("Widget"), "{}", r.stdout);
}

#[test]
fn a_suite_without_its_crd_fails_the_run() {
    let r = crdlint(&["test", "--color", "never", "testdata/suites/passing"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.matches("suite/no-crd").count(), 2, "{}", r.stdout);
}

/// A CRD the API server cannot decode (`minimum: "0"`, a string where Go wants a float64) is
/// never installed, so its cases cannot run: they are not run against a reading of it, where
/// the ignored minimum made "Should reject a negative size" fail for the wrong reason.
#[test]
fn a_crd_the_server_cannot_decode_runs_no_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crd = std::fs::read_to_string(root.join(CRDS).join("widget.yaml")).unwrap();
    let undecodable = crd.replace("minimum: 0", "minimum: \"0\"");
    assert_ne!(crd, undecodable);
    let suite = "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: Should reject a negative size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedError: \"spec.size in body should be greater than or equal to 0\"\n";
    let run = |crd: &str| {
        let dir = folder(&[("crd.yaml", crd), ("suite.yaml", suite)]);
        crdlint_in(dir.path(), &["test", "--color", "never", "."])
    };
    let r = run(&crd);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = run(&undecodable);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("0 passed, 0 failed, 1 could not run"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("suite/no-crd")
            && r.stdout.contains("the API server cannot decode it")
            && r.stdout.contains("properties[size].minimum"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_patched_crd_the_server_cannot_decode_runs_no_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crd = std::fs::read_to_string(root.join(CRDS).join("widget.yaml")).unwrap();
    // The case's patch writes the minimum as the given JSON value: a number the server decodes
    // (and the stored -1 ratchets), a string it refuses (the CRD is never made).
    let suite = |minimum: &str| {
        format!(
            "name: W\ncrdName: widgets.example.com\ntests:\n  onUpdate:\n  - name: Should ratchet a stored size\n    initialCRDPatches:\n    - op: replace\n      path: /spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/size/minimum\n      value: {minimum}\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: -1}}\n    updated: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: -1, replicas: 2}}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: -1, replicas: 2}}\n"
        )
    };
    let run = |minimum: &str| {
        let dir = folder(&[("crd.yaml", &crd), ("suite.yaml", &suite(minimum))]);
        crdlint_in(dir.path(), &["test", "--color", "never", "."])
    };
    let r = run("-5");
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = run("\"-5\"");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("0 passed, 0 failed, 1 could not run"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("the case cannot run: initialCRDPatches: the API server")
            && r.stdout.contains("cannot decode the patched CRD")
            && r.stdout.contains("properties[size].minimum"),
        "{}",
        r.stdout
    );
}

#[test]
fn crd_variants_each_run_the_suite() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crd = std::fs::read_to_string(root.join(CRDS).join("widget.yaml")).unwrap();
    std::fs::write(dir.path().join("a.yaml"), &crd).unwrap();
    // The second variant drops the default: "Should default replicas" fails on it only.
    std::fs::write(dir.path().join("b.yaml"), crd.replace("default: 1", "")).unwrap();
    std::fs::write(
        dir.path().join("suite.yaml"),
        "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: Should default replicas\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {replicas: 1}\n",
    )
    .unwrap();
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("pass   suite.yaml:5:11: W / Should default replicas (CRD a.yaml)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("FAIL   suite.yaml:5:11: W / Should default replicas (CRD b.yaml)"),
        "{}",
        r.stdout
    );
}

#[test]
fn update_rewrites_expectations_in_place_and_then_passes() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join(CRDS).join("widget.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    let suite = "# a comment that must survive\nname: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: defaults # why\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n  - name: bound\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedError: TODO   # fill me\n";
    let path = dir.path().join("suite.yaml");
    std::fs::write(&path, suite).unwrap();
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "--update", "."]);
    assert_eq!(r.code, 1, "the run that updates still reports the failures");
    assert!(r.stderr.contains("updated 1 suite file"), "{}", r.stderr);
    let updated = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        updated,
        suite
            .replace(
                "      spec: {}\n  - name: bound",
                "      spec: {}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec:\n        replicas: 1\n  - name: bound"
            )
            .replace(
                "expectedError: TODO",
                "expectedError: \"spec.size: Invalid value: -1: spec.size in body should be greater than or equal to 0\""
            )
    );
    let again = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(again.code, 0, "{}", again.stdout);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn many_cases_run() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join(CRDS).join("widget.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    let mut suite = String::from("name: many\ncrdName: widgets.example.com\ntests:\n  onCreate:\n");
    for i in 0..500 {
        let size = i % 7 - 3;
        suite.push_str(&format!(
            "  - name: case {i}\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: {size}}}\n"
        ));
        if size < 0 {
            suite.push_str("    expectedError: \"should be greater than or equal to 0\"\n");
        } else {
            suite.push_str(&format!("    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: {size}, replicas: 1}}\n"));
        }
    }
    std::fs::write(dir.path().join("suite.yaml"), suite).unwrap();
    let r = crdlint_in(dir.path(), &["test", "--quiet", "--format", "json", "."]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["summary"]["passed"], 500);
}

#[test]
fn messages_follow_the_kube_version() {
    // A failed CEL rule prints the schema type as the value up to 1.34 and the value itself
    // from 1.35 (k8s::behavior): an expectedError copied from a 1.34 envtest run passes at
    // --kube-version 1.34 and not at 1.35.
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join(CRDS).join("widget.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("suite.yaml"),
        "name: W\ncrdName: widgets.example.com\ntests:\n  onUpdate:\n  - name: immutable\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {name: a}\n    updated: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {name: b}\n    expectedError: 'spec.name: Invalid value: \"string\": name is immutable'\n",
    )
    .unwrap();
    let old = crdlint_in(
        dir.path(),
        &["test", "--kube-version", "1.34", "--color", "never", "."],
    );
    assert_eq!(old.code, 0, "{}", old.stdout);
    let new = crdlint_in(
        dir.path(),
        &["test", "--kube-version", "1.35", "--format", "json", "."],
    );
    assert_eq!(new.code, 1, "{}", new.stdout);
    assert!(
        new.stdout
            .contains(r#"spec.name: Invalid value: \"b\": name is immutable"#),
        "{}",
        new.stdout
    );
}

#[test]
fn policy_suite_example_passes() {
    let r = crdlint(&["test", "--color", "never", "testdata/examples/admission"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .ends_with("test result: 5 passed, 0 failed, 0 could not run; 5 cases in 2 suites\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn policy_suite_failures_human_and_json() {
    let args = [
        "testdata/examples/admission/policies.yaml",
        "testdata/examples/admission/webapp-crd.yaml",
        "testdata/suites/policy-failing",
    ];
    let r = crdlint(&[&["test", "--color", "never"][..], &args[..]].concat());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    insta::assert_snapshot!("policy_failing_human", r.stdout);
    let r = crdlint(&[&["test", "--format", "json"][..], &args[..]].concat());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    insta::assert_snapshot!("policy_failing_json", r.stdout);
}

/// A policy on `widgets.example.com` that reads `spec.replicas`, which the CRD defaults to 1:
/// bound twice, to deny and to warn and audit.
const WIDGET_POLICY: &str = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: few}\nspec:\n  failurePolicy: Fail\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [widgets]}\n  validations:\n  - expression: object.spec.replicas <= 3\n    messageExpression: \"'at most 3 \\\"replicas\\\", not ' + string(object.spec.replicas)\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: few-deny}\nspec: {policyName: few, validationActions: [Deny]}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: few-warn}\nspec: {policyName: few, validationActions: [Warn, Audit]}\n";

/// A temporary directory with the Widget CRD, `WIDGET_POLICY` and `suite` as suite.yaml.
fn policy_dir(suite: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join(CRDS).join("widget.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("policy.yaml"), WIDGET_POLICY).unwrap();
    let path = dir.path().join("suite.yaml");
    std::fs::write(&path, suite).unwrap();
    (dir, path)
}

fn widget(spec: &str) -> String {
    format!("    object: |\n      apiVersion: example.com/v1\n      kind: Widget\n      metadata: {{name: w, namespace: shop}}\n      spec: {spec}\n")
}

#[test]
fn policy_cases_see_the_object_defaulted_by_its_crd() {
    // `spec: {}` is stored with `replicas: 1` (the CRD's default), so the policy reads it;
    // undefaulted, `object.spec.replicas` would be "no such key" and, under failurePolicy
    // Fail, a denial.
    let suite = format!(
        "name: few\npolicyName: few\nbindingName: few-deny\ntests:\n  admission:\n  - name: defaulted\n{}    expect: admit\n  - name: defaulted old object\n    operation: UPDATE\n{}    oldObject: |\n      apiVersion: example.com/v1\n      kind: Widget\n      metadata: {{name: w, namespace: shop}}\n      spec: {{}}\n    expect: deny\n    message: not 5\n",
        widget("{}"),
        widget("{replicas: 5}"),
    );
    let (dir, _) = policy_dir(&suite);
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("2 passed, 0 failed, 0 could not run"),
        "{}",
        r.stdout
    );
}

#[test]
fn update_rewrites_policy_messages_in_place_and_then_passes() {
    let case = |name: &str, binding_actions: &str, spec: &str, expect: &str, message: &str| {
        format!("  - name: {name} # {binding_actions}\n{}    expect: {expect}\n    message: {message}\n", widget(spec))
    };
    let deny = format!(
        "# comment kept\nname: deny\npolicyName: few\nbindingName: few-deny\ntests:\n  admission:\n{}{}{}",
        case("wrong message", "deny", "{replicas: 4}", "deny", "TODO   # fill me"),
        case("right message", "deny", "{replicas: 4}", "deny", "'not 4'"),
        case("changed kind", "deny", "{replicas: 1}", "deny", "TODO"),
    );
    let warn = format!(
        "name: warn\npolicyName: few\nbindingName: few-warn\ntests:\n  admission:\n{}{}",
        case("warned", "warn", "{replicas: 7}", "warn", "x"),
        case("audited", "audit", "{replicas: 8}", "audit", "\"zz\""),
    );
    let suite = format!("{deny}---\n{warn}");
    let (dir, path) = policy_dir(&suite);
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "--update", "."]);
    assert_eq!(r.code, 1, "the run that updates still reports the failures");
    assert!(r.stderr.contains("updated 1 suite file"), "{}", r.stderr);
    let updated = std::fs::read_to_string(&path).unwrap();
    let quoted = |n: u32| format!("\"at most 3 \\\"replicas\\\", not {n}\"");
    let want = suite
        .replacen("message: TODO", &format!("message: {}", quoted(4)), 1)
        .replace("message: x", &format!("message: {}", quoted(7)))
        .replace("message: \"zz\"", &format!("message: {}", quoted(8)));
    assert_eq!(updated, want);
    insta::assert_snapshot!("policy_update_rewritten", updated);
    let again = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(again.code, 1, "{}", again.stdout);
    assert!(
        again
            .stdout
            .contains("4 passed, 1 failed, 0 could not run; 5 cases in 2 suites"),
        "{}",
        again.stdout
    );
    assert!(
        again.stdout.contains("FAIL   suite.yaml:"),
        "{}",
        again.stdout
    );
    assert!(
        again.stdout.contains("deny / changed kind"),
        "{}",
        again.stdout
    );
    insta::assert_snapshot!("policy_update_after", again.stdout);
}

#[test]
fn policy_cases_see_built_in_objects_with_their_schema_defaults() {
    // A container port's `protocol` defaults to TCP in the built-in schema; the policy reads
    // it from a Pod that leaves it out (undefaulted, "no such key" under failurePolicy Fail).
    let dir = tempfile::tempdir().unwrap();
    let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: tcp}\nspec:\n  failurePolicy: Fail\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}\n  validations:\n  - expression: object.spec.containers.all(c, c.ports.all(p, p.protocol == 'TCP'))\n    message: TCP only\n";
    let suite = "name: tcp\npolicyName: tcp\ntests:\n  admission:\n  - name: defaulted protocol\n    object: |\n      apiVersion: v1\n      kind: Pod\n      metadata: {name: p, namespace: shop}\n      spec:\n        containers:\n        - {name: c, image: x, ports: [{containerPort: 80}]}\n    expect: admit\n  - name: UDP\n    object: |\n      apiVersion: v1\n      kind: Pod\n      metadata: {name: p, namespace: shop}\n      spec:\n        containers:\n        - {name: c, image: x, ports: [{containerPort: 80, protocol: UDP}]}\n    expect: deny\n    message: TCP only\n";
    std::fs::write(dir.path().join("policy.yaml"), policy).unwrap();
    std::fs::write(dir.path().join("suite.yaml"), suite).unwrap();
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("2 passed, 0 failed"), "{}", r.stdout);
}

/// The MutatingAdmissionPolicy suite's paths: the Widget CRD and the policy.
const MUTATING: &[&str] = &[
    "--crd",
    "testdata/suites/crds",
    "testdata/suites/policy-mutating/size-cap.yaml",
];

#[test]
fn mutating_policy_suite_passes() {
    // mutate (CREATE and UPDATE, the expected objects defaulted again after the mutation),
    // admit (selected, unchanged), deny (a mutation that fails under failurePolicy Fail), skip.
    let r = crdlint(
        &[
            &["test", "--color", "never"][..],
            MUTATING,
            &["testdata/suites/policy-mutating"],
        ]
        .concat(),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .ends_with("test result: 5 passed, 0 failed, 0 could not run; 5 cases in 1 suite\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn mutating_policy_suite_failures_show_what_the_policy_did() {
    let r = crdlint(
        &[
            &["test", "--color", "never"][..],
            MUTATING,
            &["testdata/suites/policy-mutating-failing"],
        ]
        .concat(),
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("0 passed, 4 failed, 1 could not run"),
        "{}",
        r.stdout
    );
    insta::assert_snapshot!("policy_mutating_failing_human", r.stdout);
    let r = crdlint(
        &[
            &["test", "--format", "json"][..],
            MUTATING,
            &["testdata/suites/policy-mutating-failing"],
        ]
        .concat(),
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    insta::assert_snapshot!("policy_mutating_failing_json", r.stdout);
}

#[test]
fn update_writes_the_mutated_object_and_then_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root.join(CRDS).join("widget.yaml"),
        dir.path().join("crd.yaml"),
    )
    .unwrap();
    std::fs::copy(
        root.join("testdata/suites/policy-mutating/size-cap.yaml"),
        dir.path().join("policy.yaml"),
    )
    .unwrap();
    let head = "# comment kept\nname: cap\npolicyName: size-cap\ntests:\n  admission:\n";
    let wrong = format!(
        "  - name: wrong expected # kept\n{}    expect: mutate\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: 12}}\n",
        widget("{size: 20}")
    );
    let right = format!(
        "  - name: right expected\n{}    expect: mutate\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {{size: 10, replicas: 1}}\n",
        widget("{size: 30}")
    );
    let missing = format!(
        "  - name: no expected yet\n{}    expect: mutate\n",
        widget("{size: 40, mode: fast}")
    );
    let changed_kind = format!(
        "  - name: changed kind\n{}    expect: deny\n",
        widget("{size: 50}")
    );
    let suite = format!("{head}{wrong}{right}{missing}{changed_kind}");
    let path = dir.path().join("suite.yaml");
    std::fs::write(&path, &suite).unwrap();
    let r = crdlint_in(dir.path(), &["test", "--color", "never", "--update", "."]);
    assert_eq!(r.code, 1, "the run that updates still reports the failures");
    assert!(r.stderr.contains("updated 1 suite file"), "{}", r.stderr);
    let updated = std::fs::read_to_string(&path).unwrap();
    // Only the two expectations changed: the rest reads byte for byte as before.
    let (before_wrong, _) = updated.split_once("    expected: |").unwrap();
    assert_eq!(
        before_wrong,
        format!("{head}{}", wrong.split_once("    expected").unwrap().0)
    );
    assert!(updated.contains(&right), "{updated}");
    assert!(updated.ends_with(&changed_kind), "{updated}");
    assert!(!updated.contains("size: 12"), "{updated}");
    insta::assert_snapshot!("policy_mutating_update_rewritten", updated);
    let again = crdlint_in(dir.path(), &["test", "--color", "never", "."]);
    assert_eq!(again.code, 1, "{}", again.stdout);
    assert!(
        again
            .stdout
            .contains("3 passed, 1 failed, 0 could not run; 4 cases in 1 suite"),
        "{}",
        again.stdout
    );
    assert!(
        again.stdout.contains("cap / changed kind: expected `deny`"),
        "{}",
        again.stdout
    );
}

/// The message every "no suite" usage error ends with: what a suite looks like.
const SUITE_SHAPE: &str = "a suite is a YAML document like `{name: Widget, crdName: widgets.example.com, tests: {onCreate: [";

#[test]
fn no_suite_is_a_usage_error() {
    // Before: each of these printed "0 cases in 0 suites" and exited 0, a pass having tested
    // nothing. Now each exits 2 as a --filter that matches nothing does, nothing on stdout,
    // the reason on stderr naming what was searched.
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let empty = empty.to_str().unwrap();
    let plain = "testdata/suites/not-a-suite/plain.yaml";
    let cases: &[(&[&str], &str)] = &[
        (
            &[empty],
            &format!("no test suite found in {empty} (0 files read); "),
        ),
        (&[plain], &format!("{plain} is not a test suite; ")),
        (
            &["--crd", CRDS, "testdata/suites/not-a-suite"],
            "no test suite found in testdata/suites/not-a-suite (1 file read); ",
        ),
    ];
    for (paths, want) in cases {
        for format in ["human", "json", "junit"] {
            let r = crdlint(&[&["test", "--format", format][..], paths].concat());
            assert_eq!(r.code, 2, "{paths:?} {format}: {}{}", r.stdout, r.stderr);
            assert_eq!(r.stdout, "", "{paths:?} {format}");
            assert!(
                r.stderr
                    .starts_with(&format!("crdlint: error: {want}{SUITE_SHAPE}")),
                "{paths:?} {format}: {}",
                r.stderr
            );
        }
    }
}

#[test]
fn empty_standard_input_is_not_a_suite() {
    for stdin in ["", "# a comment only\n"] {
        let out = Command::cargo_bin("crdlint")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["test", "--format", "json"])
            .write_stdin(stdin)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stdin:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{stdin:?}");
        assert!(
            stderr.starts_with(
                "crdlint: error: standard input is not a test suite (it holds no YAML document); "
            ),
            "{stderr}"
        );
    }
}

#[test]
fn a_malformed_file_and_no_suite_still_reports_the_file() {
    // The YAML error keeps its located finding; the run still fails as having no suite.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "name: x\ntests: [1\n").unwrap();
    let r = crdlint_in(dir.path(), &["test", "--format", "json", "bad.yaml"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["problems"][0]["rule"], "yaml/syntax", "{}", r.stdout);
    assert_eq!(v["problems"][0]["file"], "bad.yaml");
    assert_eq!(v["problems"][0]["line"], 2);
    assert!(
        r.stderr
            .starts_with("crdlint: error: bad.yaml is not a test suite; "),
        "{}",
        r.stderr
    );
}

#[test]
fn a_suite_without_cases_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("suite.yaml"),
        "name: W\ncrdName: widgets.example.com\ntests: {onCreate: []}\n",
    )
    .unwrap();
    let r = crdlint_in(dir.path(), &["test", "suite.yaml"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stderr,
        "crdlint: error: the test suite found in suite.yaml holds no test case: a suite's cases \
         are the lists `tests.onCreate` and `tests.onUpdate` (`tests.admission` in a policy suite)\n"
    );
}

#[test]
fn cases_that_cannot_run_are_counted() {
    // Before: the misspelt case and the two cases of the suite without its CRD were left out
    // ("1 passed, 1 failed, 0 could not run; 2 cases in 1 suite").
    let args = ["test", "--crd", CRDS, "testdata/suites/counted"];
    let r = crdlint(&[&args[..], &["--color", "never"]].concat());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .ends_with("test result: 1 passed, 1 failed, 3 could not run; 5 cases in 2 suites\n"),
        "{}",
        r.stdout
    );
    // The reason is said once, by its own finding, not again as suite/case-failed.
    assert_eq!(r.stdout.matches("suite/no-crd").count(), 1, "{}", r.stdout);
    assert_eq!(
        r.stdout.matches("suite/case-failed").count(),
        1,
        "{}",
        r.stdout
    );
    insta::assert_snapshot!("counted_human", r.stdout);

    let r = crdlint(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(r.code, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        v["summary"],
        serde_json::json!({"passed": 1, "failed": 1, "broken": 3})
    );
    let case = |name: &str| {
        v["cases"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["case"] == name)
            .unwrap_or_else(|| panic!("no case {name:?}: {}", r.stdout))
            .clone()
    };
    let misspelt = case("Misspelt initial");
    assert_eq!(misspelt["result"], "broken");
    assert!(
        misspelt["message"]
            .as_str()
            .unwrap()
            .contains("unknown key `inital` in a test case"),
        "{misspelt}"
    );
    for name in ["First", "Second"] {
        let c = case(name);
        assert_eq!(c["result"], "broken");
        assert_eq!(
            c["message"],
            "no CRD named \"doohickeys.example.com\" among the paths and --crd files"
        );
        assert!(c.get("crd_file").is_none(), "{c}");
    }

    let r = crdlint(&[&args[..], &["--format", "junit"]].concat());
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.matches("<testcase ").count(), 5, "{}", r.stdout);
    assert_eq!(r.stdout.matches("<failure ").count(), 4, "{}", r.stdout);
}

#[test]
fn a_case_without_expected_says_it_was_compared_with_updated() {
    let r = crdlint(&[
        "test",
        "--format",
        "json",
        "--crd",
        CRDS,
        "--filter",
        "No expected",
        "testdata/suites/counted",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    let message = v["cases"][0]["message"].as_str().unwrap();
    assert_eq!(
        message,
        "the case has no `expected`, so the stored object is compared with `updated` as \
         written, and differs from it (- updated, + stored):\n  apiVersion: example.com/v1\n  \
         kind: Widget\n  spec:\n    size: 3\n+   replicas: 1\n"
    );
}

/// Beside a suite with cases, a suite with none is not passed over silently: a warning at it.
#[test]
fn a_suite_without_cases_beside_others_is_said() {
    let dir = folder(&[
        ("empty.yaml", "name: E\ncrdName: widgets.example.com\ntests: {onCreate: []}\n"),
        ("suite.yaml", "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n"),
    ]);
    let r = test_in(dir.path(), "concise", &["."]);
    assert!(
        r.stdout
            .contains("empty.yaml:2:10: warning[suite/invalid] this suite holds no test case"),
        "{}{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn a_create_case_without_expected_says_it_was_compared_with_initial() {
    let dir = folder(&[(
        "suite.yaml",
        "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: defaulted\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n",
    )]);
    let r = test_in(dir.path(), "json", &["."]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    let message = v["cases"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "the case has no `expected`, so the stored object is compared with `initial` as written, and differs from it (- initial, + stored):\n"
        ),
        "{message}"
    );
}

#[test]
fn a_named_file_that_holds_nothing_test_reads_is_said_and_a_walked_one_is_not() {
    let dir = folder(&[
        ("suite.yaml", "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {replicas: 1}\n"),
        // A resource meant as a case's object, and an empty file.
        ("widget.yaml", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n"),
        ("empty.yaml", ""),
    ]);
    let run = |paths: &[&str]| test_in(dir.path(), "concise", paths);
    let named = run(&["suite.yaml", "widget.yaml", "empty.yaml"]);
    for f in ["widget.yaml", "empty.yaml"] {
        assert!(
            named.stdout.contains(&format!(
                "{f}:1:1: warning[suite/unused-file] this file holds no test suite, CRD or admission policy"
            )),
            "{}{}",
            named.stdout,
            named.stderr
        );
    }
    assert!(!named.stdout.contains("suite.yaml:1:1: warning"));
    // A warning does not fail the run; the case passes.
    assert_eq!(named.code, 0, "{}{}", named.stdout, named.stderr);
    // Walked, they are files beside the suite.
    let walked = run(&["."]);
    assert_eq!(walked.code, 0, "{}{}", walked.stdout, walked.stderr);
    assert!(!walked.stdout.contains("unused-file"), "{}", walked.stdout);
    // Named as well as walked, it is named, in either order.
    for paths in [[".", "widget.yaml"], ["widget.yaml", "."]] {
        let both = run(&paths);
        let said: Vec<&str> = both
            .stdout
            .lines()
            .filter(|l| l.contains("unused-file"))
            .collect();
        assert_eq!(said.len(), 1, "{paths:?}: {}", both.stdout);
        assert!(
            said[0].starts_with("widget.yaml:"),
            "{paths:?}: {}",
            both.stdout
        );
    }
}
