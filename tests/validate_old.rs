//! `--old PATH` and `--old-ref GIT_REF`: transition rules (`oldSelf`) checked against the
//! previous version of each resource, matched by apiVersion, kind, namespace and name.

use std::path::Path;
use std::process::Command as StdCommand;

use assert_cmd::Command;

const CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
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
              size: {type: integer, x-kubernetes-validations: [{rule: "self >= oldSelf", message: size may not shrink}]}
"#;

fn widget(name: &str, size: i64) -> String {
    format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: {name}\n  namespace: ns\nspec:\n  size: {size}\n"
    )
}

fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary built")
        .current_dir(dir)
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("crdlint runs");
    (
        out.status.code().expect("exited"),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

fn messages(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).expect("json output");
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["message"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn old_files_enable_transition_rules() {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    std::fs::write(d.join("crd.yaml"), CRD).expect("write");
    std::fs::write(
        d.join("new.yaml"),
        format!("{}---\n{}", widget("a", 1), widget("b", 5)),
    )
    .expect("write");
    std::fs::write(
        d.join("old.yaml"),
        format!("{}---\n{}", widget("a", 3), widget("b", 2)),
    )
    .expect("write");
    // Create: transition rules are skipped.
    let (code, out) = run(d, &["validate", "--crd", "crd.yaml", "new.yaml"]);
    assert_eq!(code, 0, "{out}");
    assert!(messages(&out).is_empty(), "{out}");
    // Update: `a` shrank from 3 to 1; `b` grew.
    let (code, out) = run(
        d,
        &[
            "validate", "--crd", "crd.yaml", "--old", "old.yaml", "new.yaml",
        ],
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        messages(&out),
        vec!["spec.size: Invalid value: 1: size may not shrink".to_string()]
    );
}

#[test]
fn old_ref_reads_the_previous_content_from_git() {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    let git = |args: &[&str]| {
        let ok = StdCommand::new("git")
            .current_dir(d)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        ok
    };
    if !git(&["init", "-q"]) {
        println!("skipped: git is not available");
        return;
    }
    std::fs::write(d.join("crd.yaml"), CRD).expect("write");
    std::fs::create_dir(d.join("sub")).expect("mkdir");
    std::fs::write(d.join("sub/w.yaml"), widget("a", 3)).expect("write");
    assert!(git(&["add", "."]));
    assert!(git(&["commit", "-q", "-m", "one"]));
    std::fs::write(d.join("sub/w.yaml"), widget("a", 2)).expect("write");
    std::fs::write(d.join("sub/new.yaml"), widget("c", 1)).expect("write");
    let (code, out) = run(
        d,
        &["validate", "--crd", "crd.yaml", "--old-ref", "HEAD", "sub"],
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        messages(&out),
        vec!["spec.size: Invalid value: 2: size may not shrink".to_string()]
    );
    // A moved file still finds its old objects: they are matched by identity, not by path.
    assert!(git(&["add", "."]));
    assert!(git(&["commit", "-q", "-m", "two"]));
    assert!(git(&["mv", "sub/w.yaml", "sub/renamed.yaml"]));
    std::fs::write(d.join("sub/renamed.yaml"), widget("a", 1)).expect("write");
    let (code, out) = run(
        d,
        &["validate", "--crd", "crd.yaml", "--old-ref", "HEAD", "sub"],
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        messages(&out),
        vec!["spec.size: Invalid value: 1: size may not shrink".to_string()]
    );
    // A ref that does not exist is a usage error.
    let (code, _) = run(
        d,
        &[
            "validate",
            "--crd",
            "crd.yaml",
            "--old-ref",
            "no-such-ref",
            "sub",
        ],
    );
    assert_eq!(code, 2);
}

/// `--old-ref` reads previous versions from git, but they are not files of the run: the summary
/// counts the checked files only (issue 33), with or without a CRD comparison, and a missing
/// input is reported (exit 2) without being counted as read.
#[test]
fn old_ref_is_not_counted_as_a_file_read() {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    let git = |args: &[&str]| {
        StdCommand::new("git")
            .current_dir(d)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    if !git(&["init", "-q"]) {
        println!("skipped: git is not available");
        return;
    }
    std::fs::write(d.join("crd.yaml"), CRD).expect("write");
    std::fs::write(d.join("w.yaml"), widget("a", 3)).expect("write");
    assert!(git(&["add", "."]));
    assert!(git(&["commit", "-q", "-m", "one"]));
    std::fs::write(d.join("crd.yaml"), format!("# changed\n{CRD}")).expect("write");
    std::fs::write(d.join("w.yaml"), widget("a", 4)).expect("write");
    let files = |args: &[&str]| {
        let (code, out) = run(d, args);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json output");
        (code, v["summary"]["files"].as_u64().expect("summary.files"))
    };
    assert_eq!(files(&["check", "crd.yaml", "w.yaml"]), (0, 2));
    assert_eq!(
        files(&["check", "--old-ref", "HEAD", "crd.yaml", "w.yaml"]),
        (0, 2)
    );
    assert_eq!(
        files(&[
            "check",
            "--old-ref",
            "HEAD",
            "crd.yaml",
            "w.yaml",
            "missing.yaml"
        ]),
        (2, 2)
    );
}

const RATCHET_CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
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
              size: {type: integer, maximum: 10}
              replicas:
                type: integer
                x-kubernetes-validations: [{rule: "self <= 5", message: at most 5 replicas}]
"#;

/// (rule, severity, message) of every finding.
fn findings(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json).expect("json output");
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            format!(
                "{} {} {}\n",
                d["rule"].as_str().unwrap_or(""),
                d["severity"].as_str().unwrap_or(""),
                d["message"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn ratcheted_errors_are_listed_with_verbose() {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    std::fs::write(d.join("crd.yaml"), RATCHET_CRD).expect("write");
    let w = |labels: &str, size: i64| {
        format!(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: ns\n  labels: {{team: {labels}}}\nspec:\n  size: {size}\n  replicas: 9\n"
        )
    };
    std::fs::write(d.join("old.yaml"), w("a", 20)).expect("write");
    std::fs::write(d.join("new.yaml"), w("b", 20)).expect("write");
    let args = [
        "validate", "--crd", "crd.yaml", "--old", "old.yaml", "new.yaml",
    ];
    // The invalid values did not change: the update passes (1.30+).
    let (code, out) = run(d, &args);
    assert_eq!(code, 0, "{out}");
    assert_eq!(findings(&out), "");
    // `--verbose` shows what the server let through.
    let mut verbose = args.to_vec();
    verbose.push("--verbose");
    let (code, out) = run(d, &verbose);
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!("ratcheted_verbose", findings(&out));
    // Before 1.30 there is no ratcheting: both are errors.
    let mut old_minor = args.to_vec();
    old_minor.extend(["--kube-version", "1.29"]);
    let (code, out) = run(d, &old_minor);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        findings(&out),
        "cr/schema error spec.size: Invalid value: 20: spec.size in body should be less than or equal to 10\n\
         cr/cel-rule error spec.replicas: Invalid value: \"integer\": at most 5 replicas\n"
    );
}

#[test]
fn old_ref_head_before_the_first_commit_validates_as_create() {
    // The pre-commit hook `crdlint-transition` runs `--old-ref HEAD`, also on a repository's
    // first commit: HEAD names a branch with no commit yet, so every file is new (a create),
    // not a usage error. Any other missing ref stays an error.
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    let init = StdCommand::new("git")
        .current_dir(d)
        .args(["init", "-q"])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !init {
        println!("skipped: git is not available");
        return;
    }
    std::fs::write(d.join("crd.yaml"), CRD).expect("write");
    std::fs::write(d.join("w.yaml"), widget("a", 1)).expect("write");
    let (code, out) = run(
        d,
        &[
            "validate",
            "--crd",
            "crd.yaml",
            "--old-ref",
            "HEAD",
            "w.yaml",
        ],
    );
    assert_eq!(code, 0, "{out}");
    assert!(messages(&out).is_empty(), "{out}");
    let (code, out) = run(
        d,
        &[
            "validate",
            "--crd",
            "crd.yaml",
            "--old-ref",
            "main",
            "w.yaml",
        ],
    );
    assert_eq!(code, 2, "{out}");
}
