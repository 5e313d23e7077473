//! Vendored CRDs used offline (issue 30, "Use, offline"): `crdlint.lock` and
//! `.crdlint/vendor/` read as schemas by `check`, `validate`, `prune`, `default` and `test`,
//! not linted unless `--lint-vendored`, verified against the lock (`--locked`, the default under
//! `CI`), and the `input/no-schema` hint. The locks are written by hand here in the shape of
//! LOCKFORMAT.md (`crdlint vendor` writes them for real), with the files' real sha256.

use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    /// `file:line rule` of each finding, from `--format concise`.
    fn lines(&self) -> Vec<String> {
        self.stdout
            .lines()
            .filter(|l| l.contains(": error[") || l.contains(": warning[") || l.contains(": info["))
            .map(str::to_string)
            .collect()
    }

    fn has(&self, rule: &str, file: &str) -> bool {
        self.lines()
            .iter()
            .any(|l| l.starts_with(file) && l.contains(&format!("[{rule}]")))
    }
}

/// Runs crdlint in `dir` with `CI` as given (unset when `None`).
fn run_ci(dir: &Path, args: &[&str], ci: Option<&str>) -> Run {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("crdlint"));
    cmd.args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .env_remove("CI")
        .stdin(Stdio::null());
    if let Some(ci) = ci {
        cmd.env("CI", ci);
    }
    let out = cmd.output().expect("crdlint runs");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
        code: out.status.code().expect("exited"),
    }
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_ci(dir, args, None)
}

/// A CRD for `Widget` whose `spec.size` is an integer; its `name` has a format the server does
/// not know (`schema/unrecognized-format`, a warning that leaves the CRD usable).
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
              size: {type: integer}
              name: {type: string, format: not-a-format}
";

const WIDGET_FILE: &str = ".crdlint/vendor/acme/widgets.example.com.yaml";

/// A Widget whose size is a string: wrong only when the vendored CRD is used.
const BAD_WIDGET: &str =
    "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: big\n";

/// A lock in LOCKFORMAT.md's shape: one source `acme`, its CRDs as (name, group, kind, file,
/// bytes the lock pins).
fn lock(crds: &[(&str, &str, &str, &str, &str)]) -> String {
    let hex = |t: &str| crdlint::vendor::sha256_hex(t.as_bytes());
    let all: String = crds.iter().map(|c| c.4).collect();
    let mut out = format!(
        "# crdlint.lock: written by `crdlint vendor`; commit it. Do not edit by hand.\n\
version: 1\nsources:\n  - name: acme\n    declaration: sha256:{}\n    type: stdin\n    sha256: {}\n    crds:\n",
        hex("acme"),
        hex(&all)
    );
    for (name, group, kind, file, bytes) in crds {
        out.push_str(&format!(
            "      - name: {name}\n        group: {group}\n        kinds: [{kind}]\n        served: [v1]\n        storage: v1\n        file: {file}\n        sha256: {}\n",
            hex(bytes)
        ));
    }
    out
}

/// A repository (`.git` stops the config search) with these files.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join(".git")).expect("mkdir .git");
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    dir
}

/// A repository with the Widget CRD vendored and locked, and a bad Widget in `apps/`.
fn vendored_repo() -> tempfile::TempDir {
    let l = lock(&[(
        "widgets.example.com",
        "example.com",
        "Widget",
        WIDGET_FILE,
        WIDGET_CRD,
    )]);
    tree(&[
        ("crdlint.lock", &l),
        (WIDGET_FILE, WIDGET_CRD),
        ("apps/w.yaml", BAD_WIDGET),
    ])
}

#[test]
fn a_vendored_crd_validates_and_is_linted_only_when_asked() {
    let repo = vendored_repo();
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.has("cr/schema", "apps/w.yaml"), "{}", r.stdout);
    assert!(!r.has("input/no-schema", "apps/w.yaml"), "{}", r.stdout);
    // Its own warning is not the user's to fix.
    assert!(
        !r.stdout.contains("schema/unrecognized-format"),
        "{}",
        r.stdout
    );
    let r = run(
        repo.path(),
        &["check", "apps", "--lint-vendored", "--format", "concise"],
    );
    assert!(
        r.has("schema/unrecognized-format", WIDGET_FILE),
        "{}",
        r.stdout
    );
    assert!(r.has("cr/schema", "apps/w.yaml"), "{}", r.stdout);
    // validate, prune and default use it too, and refuse --lint-vendored, which they ignored.
    for cmd in ["validate", "prune", "default"] {
        let r = run(repo.path(), &[cmd, "apps", "--format", "concise"]);
        assert!(
            !r.stderr.contains("no-schema") && !r.stdout.contains("no-schema"),
            "{cmd}"
        );
        if cmd != "prune" {
            // `prune` removes unknown fields only; the others check types.
            assert_eq!(r.code, 1, "{cmd}: {}{}", r.stdout, r.stderr);
            let out = format!("{}{}", r.stdout, r.stderr);
            assert!(out.contains("[cr/schema]"), "{cmd}: {out}");
        }
        let r = run(repo.path(), &[cmd, "apps", "--lint-vendored"]);
        assert_eq!(r.code, 2, "{cmd}");
        assert!(r.stderr.contains("--lint-vendored"), "{cmd}: {}", r.stderr);
    }
}

#[test]
fn a_vendored_crd_wins_over_a_walked_copy() {
    // A different Widget CRD in the repository that would accept `size: big`.
    let loose = WIDGET_CRD.replace("size: {type: integer}", "size: {type: string}");
    let repo = vendored_repo();
    std::fs::write(repo.path().join("apps/crd.yaml"), loose).expect("write");
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert!(r.has("cr/schema", "apps/w.yaml"), "{}", r.stdout);
    assert!(!r.stdout.contains("duplicate-crd"), "{}", r.stdout);
}

#[test]
fn locked_fails_on_an_edited_file_naming_it_and_its_source() {
    let repo = vendored_repo();
    let edited = WIDGET_CRD.replace("size: {type: integer}", "size: {type: string}");
    std::fs::write(repo.path().join(WIDGET_FILE), edited).expect("edit");
    let r = run(repo.path(), &["check", "apps", "--locked"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains(WIDGET_FILE), "{}", r.stderr);
    assert!(r.stderr.contains("vendor source `acme`"), "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // Without --locked: a warning at the lock, and the edited file is what validates.
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.has("vendor/modified", "crdlint.lock"), "{}", r.stdout);
    let said = r.lines().join("\n");
    assert!(
        said.contains(WIDGET_FILE) && said.contains("`acme`"),
        "{said}"
    );
    // `test` and `default` verify the same way.
    assert_eq!(run(repo.path(), &["test", "apps", "--locked"]).code, 2);
    assert_eq!(run(repo.path(), &["default", "apps", "--locked"]).code, 2);
}

#[test]
fn ci_makes_locked_the_default() {
    let repo = vendored_repo();
    std::fs::write(
        repo.path().join(WIDGET_FILE),
        format!("{WIDGET_CRD}# edited\n"),
    )
    .expect("edit");
    let r = run_ci(repo.path(), &["check", "apps"], Some("1"));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("--locked"), "{}", r.stderr);
    // --no-locked turns it off; an empty CI is unset.
    let r = run_ci(repo.path(), &["check", "apps", "--no-locked"], Some("1"));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let r = run_ci(repo.path(), &["check", "apps"], Some(""));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    // The file is pinned again: CI passes the lock and reports the resource.
    std::fs::write(repo.path().join(WIDGET_FILE), WIDGET_CRD).expect("restore");
    let r = run_ci(repo.path(), &["check", "apps"], Some("true"));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
}

#[test]
fn a_missing_file_is_a_warning_or_a_failure_and_the_hint_names_its_source() {
    let gadget_file = ".crdlint/vendor/acme/gadgets.example.com.yaml";
    let gadget_crd = WIDGET_CRD
        .replace("widget", "gadget")
        .replace("Widget", "Gadget");
    let l = lock(&[
        (
            "gadgets.example.com",
            "example.com",
            "Gadget",
            gadget_file,
            &gadget_crd,
        ),
        (
            "widgets.example.com",
            "example.com",
            "Widget",
            WIDGET_FILE,
            WIDGET_CRD,
        ),
    ]);
    let gadget = "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n";
    let repo = tree(&[
        ("crdlint.lock", &l),
        (WIDGET_FILE, WIDGET_CRD),
        ("apps/g.yaml", gadget),
    ]);
    let r = run(repo.path(), &["check", "apps", "--locked"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains(&format!("{gadget_file} (vendor source `acme`) is missing")),
        "{}",
        r.stderr
    );
    let r = run(repo.path(), &["check", "apps", "--format", "json"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    let ds = v["diagnostics"].as_array().expect("diagnostics");
    let of = |rule: &str| ds.iter().find(|d| d["rule"] == rule).cloned();
    let modified = of("vendor/modified").expect("vendor/modified");
    assert_eq!(modified["file"], "crdlint.lock");
    let no_schema = of("input/no-schema").expect("input/no-schema");
    let help = no_schema["help"].as_str().unwrap_or("");
    assert!(
        help.contains("vendor source `acme`") && help.contains(gadget_file),
        "{help}"
    );
}

#[test]
fn a_kind_nobody_vendors_gets_the_vendor_add_command() {
    let repo = vendored_repo();
    std::fs::write(
        repo.path().join("apps/c.yaml"),
        "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: c\n",
    )
    .expect("write");
    let r = run(repo.path(), &["check", "apps/c.yaml", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    let help = v["diagnostics"][0]["help"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert_eq!(v["diagnostics"][0]["rule"], "input/no-schema");
    assert!(
        help.contains(
            "kubectl get crd certificates.cert-manager.io -o yaml | crdlint vendor add cert-manager.io -"
        ),
        "{help}"
    );
    // The same without any lock.
    let bare = tree(&[(
        "c.yaml",
        "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: c\n",
    )]);
    let r = run(bare.path(), &["check", "c.yaml", "--format", "json"]);
    assert!(
        r.stdout.contains("crdlint vendor add cert-manager.io -"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_vendor_folder_without_a_lock_is_used_with_a_warning() {
    let repo = tree(&[(WIDGET_FILE, WIDGET_CRD), ("apps/w.yaml", BAD_WIDGET)]);
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.has("cr/schema", "apps/w.yaml"), "{}", r.stdout);
    assert!(r.has("vendor/modified", ".crdlint/vendor"), "{}", r.stdout);
    assert_eq!(run(repo.path(), &["check", "apps", "--locked"]).code, 2);
}

#[test]
fn the_lock_is_found_beside_the_config_and_a_broken_one_is_exit_2_at_its_place() {
    let l = lock(&[(
        "widgets.example.com",
        "example.com",
        "Widget",
        WIDGET_FILE,
        WIDGET_CRD,
    )]);
    let repo = tree(&[
        ("platform/.crdlint.yaml", "version: 1\n"),
        ("platform/crdlint.lock", &l),
        (&format!("platform/{WIDGET_FILE}"), WIDGET_CRD),
        ("apps/w.yaml", BAD_WIDGET),
    ]);
    let r = run(
        repo.path(),
        &[
            "--config",
            "platform/.crdlint.yaml",
            "check",
            "apps",
            "--format",
            "concise",
        ],
    );
    assert!(
        r.has("cr/schema", "apps/w.yaml"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    let broken = l.replace("    type: stdin\n", "    type: ftp\n");
    std::fs::write(repo.path().join("platform/crdlint.lock"), broken).expect("write");
    let r = run(
        repo.path(),
        &["--config", "platform/.crdlint.yaml", "check", "apps"],
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("platform/crdlint.lock:6:11: `type`: unknown source type `ftp`"),
        "{}",
        r.stderr
    );
}

/// A vendored file that is a regular file in a folder linked from outside the lock's folder
/// is outside too: the folder is resolved (once for all its files), not only the file.
#[cfg(unix)]
#[test]
fn a_vendor_folder_linked_from_outside_is_not_read() {
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("widgets.example.com.yaml"), WIDGET_CRD).expect("write");
    let l = lock(&[(
        "widgets.example.com",
        "example.com",
        "Widget",
        WIDGET_FILE,
        WIDGET_CRD,
    )]);
    let repo = tree(&[("crdlint.lock", &l), ("apps/w.yaml", BAD_WIDGET)]);
    std::fs::create_dir_all(repo.path().join(".crdlint/vendor")).expect("mkdir");
    std::os::unix::fs::symlink(outside.path(), repo.path().join(".crdlint/vendor/acme"))
        .expect("symlink");
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert!(r.has("vendor/modified", "crdlint.lock"), "{}", r.stdout);
    assert!(r.stdout.contains("leads outside"), "{}", r.stdout);
    // Not read: the Widget has no schema, so its wrong size is not found.
    assert!(!r.has("cr/schema", "apps/w.yaml"), "{}", r.stdout);
    let r = run(repo.path(), &["check", "apps", "--locked"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("leads outside"), "{}", r.stderr);
}

#[test]
fn a_lock_cannot_point_outside_its_folder() {
    let secret = "apiVersion: v1\nkind: Secret\n";
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("s.yaml"), secret).expect("write");
    let l = lock(&[(
        "widgets.example.com",
        "example.com",
        "Widget",
        "../s.yaml",
        secret,
    )]);
    let repo = tree(&[("crdlint.lock", &l), ("apps/w.yaml", BAD_WIDGET)]);
    let r = run(repo.path(), &["check", "apps"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("inside the lock file's folder"),
        "{}",
        r.stderr
    );
}

#[test]
fn vendor_modified_snapshot() {
    let repo = vendored_repo();
    std::fs::write(
        repo.path().join(WIDGET_FILE),
        format!("{WIDGET_CRD}# edited\n"),
    )
    .expect("edit");
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    // The file's sha256 is part of the message: the test computes it rather than pinning it.
    let actual = crdlint::vendor::sha256_hex(format!("{WIDGET_CRD}# edited\n").as_bytes());
    insta::assert_snapshot!(r.stdout.replace(&actual, "<sha256 of the edited file>"));
}

/// A Helm chart in the repository: `Chart.yaml`, the Widget CRD in `crds/`, a template with
/// actions and one without.
fn chart_repo() -> tempfile::TempDir {
    tree(&[
        (
            "charts/widget/Chart.yaml",
            "apiVersion: v2\nname: widget\nversion: 0.1.0\n",
        ),
        ("charts/widget/values.yaml", "size: 3\n"),
        ("charts/widget/crds/widgets.yaml", WIDGET_CRD),
        (
            "charts/widget/templates/templated.yaml",
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: {{ .Release.Name }}\n",
        ),
        ("charts/widget/templates/plain.yaml", BAD_WIDGET),
    ])
}

#[test]
fn a_charts_crds_folder_is_read_when_its_templates_are_checked_alone() {
    let repo = chart_repo();
    // As pre-commit runs it: one changed template, named alone.
    let r = run(
        repo.path(),
        &[
            "check",
            "charts/widget/templates/plain.yaml",
            "--format",
            "concise",
        ],
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.has("cr/schema", "charts/widget/templates/plain.yaml"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("no-schema"), "{}", r.stdout);
    // Read as a schema, not linted as a file of the run: its warning is not shown.
    assert!(!r.stdout.contains("unrecognized-format"), "{}", r.stdout);
    // The templates folder: the templated file is still skipped with its note.
    let r = run(
        repo.path(),
        &["check", "charts/widget/templates", "--format", "concise"],
    );
    assert!(
        r.has("cr/schema", "charts/widget/templates/plain.yaml"),
        "{}",
        r.stdout
    );
    assert!(
        r.has(
            "input/not-a-manifest",
            "charts/widget/templates/templated.yaml"
        ),
        "{}",
        r.stdout
    );
    // With Helm recognition off, the chart is not one: no CRD for the template.
    std::fs::write(
        repo.path().join(".crdlint.yaml"),
        "version: 1\nrecognize: {helm: false}\n",
    )
    .expect("write");
    let r = run(
        repo.path(),
        &[
            "check",
            "charts/widget/templates/plain.yaml",
            "--format",
            "concise",
        ],
    );
    assert!(
        r.has("input/no-schema", "charts/widget/templates/plain.yaml"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_charts_crds_folder_is_not_templated() {
    // Helm installs `crds/` as it is: a `{{` there is YAML (here, broken YAML), not a
    // template to skip.
    let repo = chart_repo();
    let templated = WIDGET_CRD.replace(
        "size: {type: integer}",
        "size: {type: integer}\n              mode: {{ .Values.mode }}",
    );
    std::fs::write(
        repo.path().join("charts/widget/crds/widgets.yaml"),
        templated,
    )
    .expect("write");
    let r = run(repo.path(), &["check", ".", "--format", "concise"]);
    assert!(
        r.has("yaml/syntax", "charts/widget/crds/widgets.yaml"),
        "{}",
        r.stdout
    );
    assert!(
        !r.has("input/not-a-manifest", "charts/widget/crds/widgets.yaml"),
        "{}",
        r.stdout
    );
    // The same text in a templates folder is a template.
    assert!(
        r.has(
            "input/not-a-manifest",
            "charts/widget/templates/templated.yaml"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn crdlint_test_finds_a_suites_crd_among_the_vendored_ones() {
    let repo = vendored_repo();
    std::fs::write(
        repo.path().join("apps/suite.yaml"),
        "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: a string size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: big}\n    expectedError: \"spec.size: Invalid value\"\n",
    )
    .expect("write");
    let r = run(repo.path(), &["test", "apps/suite.yaml"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("W / a string size"), "{}", r.stdout);
    // Without the vendored CRD the suite has none.
    std::fs::remove_file(repo.path().join(WIDGET_FILE)).expect("remove");
    let r = run(repo.path(), &["test", "apps/suite.yaml"]);
    assert_ne!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn an_unusable_vendored_crd_is_reported_once_at_its_file() {
    // No group: the CRD cannot validate anything. Not linted, but said, once, at its file.
    let broken = WIDGET_CRD.replace("  group: example.com\n", "");
    let l = lock(&[(
        "widgets.example.com",
        "example.com",
        "Widget",
        WIDGET_FILE,
        &broken,
    )]);
    let repo = tree(&[
        ("crdlint.lock", &l),
        (WIDGET_FILE, &broken),
        ("apps/w.yaml", BAD_WIDGET),
    ]);
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    let unusable: Vec<String> = r
        .lines()
        .into_iter()
        .filter(|l| l.contains("[input/crd-unusable]"))
        .collect();
    assert_eq!(unusable.len(), 1, "{}", r.stdout);
    assert!(unusable[0].starts_with(WIDGET_FILE), "{}", r.stdout);
    assert!(!r.stdout.contains("[crd/"), "not linted: {}", r.stdout);
}

/// A second vendored CRD, for `Gadget` of another group, whose file is broken: its sha256 is
/// not the lock's.
const GADGET_FILE: &str = ".crdlint/vendor/acme/gadgets.example.org.yaml";

#[test]
fn a_vendored_crd_whose_group_no_file_names_is_not_read_but_counted() {
    // Issue 34: a run reads (hashes, parses, compiles) only the vendored CRDs of the groups its
    // files name. The Gadget file differs from the lock, which only a read can tell.
    let gadget = WIDGET_CRD
        .replace("widget", "gadget")
        .replace("Widget", "Gadget")
        .replace("example.com", "example.org");
    let l = lock(&[
        (
            "widgets.example.com",
            "example.com",
            "Widget",
            WIDGET_FILE,
            WIDGET_CRD,
        ),
        (
            "gadgets.example.org",
            "example.org",
            "Gadget",
            GADGET_FILE,
            &gadget,
        ),
    ]);
    let edited = gadget.replace("size: {type: integer}", "size: {type: string}");
    let repo = tree(&[
        ("crdlint.lock", &l),
        (WIDGET_FILE, WIDGET_CRD),
        (GADGET_FILE, &edited),
        ("apps/w.yaml", BAD_WIDGET),
    ]);
    let r = run(repo.path(), &["check", "apps", "--format", "json"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    // Counted as read: the summary does not depend on which groups the run met.
    assert_eq!(v["summary"]["crds"], 2, "{}", r.stdout);
    assert_eq!(v["summary"]["files"], 3, "{}", r.stdout);
    assert_eq!(v["summary"]["documents"], 3, "{}", r.stdout);
    let rules: Vec<&str> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["rule"].as_str())
        .collect();
    assert_eq!(rules, ["cr/schema"], "{}", r.stdout);
    // A file that names the group example.org (anywhere, as a word) makes the run read its
    // CRD, and the edit is found.
    std::fs::write(
        repo.path().join("apps/g.yaml"),
        "{\"apiVersion\": \"example.org/v1\", \"kind\": \"Gadget\", \"metadata\": {\"name\": \"g\"}}\n",
    )
    .expect("write");
    let r = run(repo.path(), &["check", "apps", "--format", "concise"]);
    assert!(r.has("vendor/modified", "crdlint.lock"), "{}", r.stdout);
    assert!(r.stdout.contains(GADGET_FILE), "{}", r.stdout);
    std::fs::remove_file(repo.path().join("apps/g.yaml")).expect("remove");
    // `--locked` verifies every file, used or not.
    let r = run(repo.path(), &["check", "apps", "--locked"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains(GADGET_FILE), "{}", r.stderr);
}

#[test]
fn a_kind_typo_in_a_vendored_group_keeps_its_fix() {
    // The run reads every vendored CRD of a group its files name, so that a kind one edit from
    // one of them is the typo it is (with its fix), as with the CRDs given by --crd; the other
    // group's CRD stays unread.
    let gadget = WIDGET_CRD
        .replace("widget", "gadget")
        .replace("Widget", "Gadget")
        .replace("example.com", "example.org");
    let l = lock(&[
        (
            "widgets.example.com",
            "example.com",
            "Widget",
            WIDGET_FILE,
            WIDGET_CRD,
        ),
        (
            "gadgets.example.org",
            "example.org",
            "Gadget",
            GADGET_FILE,
            &gadget,
        ),
    ]);
    let typo = "apiVersion: example.com/v1\nkind: Widgte\nmetadata:\n  name: w\n";
    let repo = tree(&[
        ("crdlint.lock", &l),
        (WIDGET_FILE, WIDGET_CRD),
        (GADGET_FILE, "not even YAML: [\n"),
        ("apps/w.yaml", typo),
        ("crds/widgets.yaml", WIDGET_CRD),
    ]);
    let vendored = run(
        repo.path(),
        &["check", "apps/w.yaml", "--format", "concise"],
    );
    assert_eq!(vendored.code, 1, "{}{}", vendored.stdout, vendored.stderr);
    assert!(
        vendored
            .stdout
            .contains("kind Widgte is not a kind of group example.com"),
        "{}",
        vendored.stdout
    );
    assert!(
        !vendored.stdout.contains(GADGET_FILE),
        "{}",
        vendored.stdout
    );
    // The same finding as with the CRD given on the command line and nothing vendored.
    std::fs::remove_file(repo.path().join("crdlint.lock")).expect("remove lock");
    std::fs::remove_dir_all(repo.path().join(".crdlint")).expect("remove vendor");
    let given = run(
        repo.path(),
        &[
            "check",
            "apps/w.yaml",
            "--crd",
            "crds",
            "--format",
            "concise",
        ],
    );
    assert_eq!(vendored.lines(), given.lines(), "{}", given.stdout);
}

#[test]
fn a_vendored_group_named_only_late_in_a_stream_is_read() {
    // Standard input longer than a chunk is read a chunk at a time (issue 34), so the groups a
    // stream names are not all known when the vendored files are chosen: every one is read, and
    // a Widget far down the stream is still checked against its vendored CRD.
    let repo = vendored_repo();
    let mut stream = String::new();
    for i in 0..40 {
        stream.push_str(&format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c{i}\ndata:\n  k: v\n---\n"
        ));
    }
    stream.push_str(BAD_WIDGET);
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(["--color", "never", "check", "-", "--format", "concise"])
        .current_dir(repo.path())
        .env("CRDLINT_STREAM_CHUNK_BYTES", "300")
        .env_remove("CI")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("crdlint runs");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(stream.as_bytes()).expect("write stdin");
    }
    let out = child.wait_with_output().expect("crdlint ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("[cr/schema]"), "{stdout}");
    assert!(!stdout.contains("input/no-schema"), "{stdout}");
}
