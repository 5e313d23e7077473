//! One snapshot per `compat/*` rule: `testdata/compat/<name>/old.yaml` and `new.yaml` (and
//! `objects.yaml` for the object rules) go through `crdlint diff --format json`, and the findings
//! of that rule are rendered (severity, file:line:col, path, message, help, related location),
//! so that a review sees every message and both spans. Every rule in `compat::RULES` must have a
//! fixture that fires it. The policies have their own tests below: the same pair with and
//! without the flag.

use assert_cmd::Command;
use serde_json::Value;

fn dir(name: &str) -> String {
    format!("{}/testdata/compat/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `crdlint diff` on the fixture `name` with extra flags, and returns the JSON report.
fn diff(name: &str, flags: &[&str]) -> Value {
    let d = dir(name);
    let mut args = vec![
        "diff".to_string(),
        format!("{d}/old.yaml"),
        format!("{d}/new.yaml"),
    ];
    if std::path::Path::new(&format!("{d}/objects.yaml")).exists() {
        args.push("--objects".into());
        args.push(format!("{d}/objects.yaml"));
    }
    args.extend(flags.iter().map(|s| s.to_string()));
    args.extend(["--format".into(), "json".into()]);
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args(&args)
        .output()
        .expect("runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{name}: json: {e}"))
}

/// `git` with a fixed author in `dir`: whether the command succeeded.
fn git_in(dir: &std::path::Path) -> impl Fn(&[&str]) -> bool + '_ {
    move |args| {
        std::process::Command::new("git")
            .current_dir(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    }
}

/// A new git repository in a temporary folder; `None` when git is not available.
fn git_repo() -> Option<tempfile::TempDir> {
    let t = tempfile::tempdir().expect("tempdir");
    let initialised = git_in(t.path())(&["init", "-q"]);
    initialised.then_some(t)
}

fn base(file: &Value) -> String {
    let f = file.as_str().unwrap_or("-");
    f.rsplit('/').next().unwrap_or(f).to_string()
}

/// The findings of `rule` (all findings when `None`), one block each.
fn render(report: &Value, rule: Option<&str>) -> String {
    let mut out = String::new();
    for d in report["diagnostics"].as_array().into_iter().flatten() {
        if rule.is_some_and(|r| d["rule"] != r) {
            continue;
        }
        out.push_str(&format!(
            "{} {} {}:{}:{} {}\n  {}\n",
            d["rule"].as_str().unwrap_or("-"),
            d["severity"].as_str().unwrap_or("-"),
            base(&d["file"]),
            d["line"],
            d["column"],
            d["path"].as_str().unwrap_or("-"),
            d["message"].as_str().unwrap_or("-"),
        ));
        if let Some(h) = d["help"].as_str() {
            out.push_str(&format!("  help: {h}\n"));
        }
        for r in d["related"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "  related: {}:{}:{} {}\n",
                base(&r["file"]),
                r["line"],
                r["column"],
                r["message"].as_str().unwrap_or("-")
            ));
        }
    }
    out
}

fn check(id: &str, flags: &[&str]) {
    let name = id.trim_start_matches("compat/");
    let rendered = render(&diff(name, flags), Some(id));
    assert!(
        !rendered.is_empty(),
        "the fixture of {id} does not trigger it"
    );
    insta::assert_snapshot!(id.replace('/', "__"), rendered);
}

macro_rules! rule_tests {
    ($($f:ident => $id:literal $(, $flag:literal)*;)*) => {
        $(#[test] fn $f() { check($id, &[$($flag),*]); })*
        const TESTED: &[&str] = &[$($id),*];
    };
}

rule_tests! {
    crd_removed => "compat/crd-removed";
    scope_changed => "compat/scope-changed";
    names_changed => "compat/names-changed";
    version_removed => "compat/version-removed";
    version_unserved => "compat/version-unserved";
    stored_version_removed => "compat/stored-version-removed";
    storage_version_changed => "compat/storage-version-changed";
    served_versions_differ => "compat/served-versions-differ";
    field_removed => "compat/field-removed";
    type_changed => "compat/type-changed";
    enum_value_removed => "compat/enum-value-removed";
    enum_value_added => "compat/enum-value-added", "--enum-additions", "disallow";
    required_added => "compat/required-added";
    default_changed => "compat/default-changed";
    bound_tightened => "compat/bound-tightened";
    multiple_of_changed => "compat/multiple-of-changed";
    pattern_changed => "compat/pattern-changed";
    format_changed => "compat/format-changed";
    nullable_removed => "compat/nullable-removed";
    list_type_changed => "compat/list-type-changed";
    preserve_unknown_fields_removed => "compat/preserve-unknown-fields-removed";
    int_or_string_removed => "compat/int-or-string-removed";
    embedded_resource_changed => "compat/embedded-resource-changed";
    combinator_changed => "compat/combinator-changed";
    cel_rule_added => "compat/cel-rule-added";
    cel_message_changed => "compat/cel-message-changed";
    cel_cost_exceeded => "compat/cel-cost-exceeded";
    cel_transition_uncorrelatable => "compat/cel-transition-uncorrelatable";
    column_path_removed => "compat/column-path-removed";
    selectable_field_removed => "compat/selectable-field-removed";
    // Before 1.30 nothing ratchets: the stored value that breaks the new bound fails the update.
    object_update_fails => "compat/object-update-fails", "--kube-version", "1.29";
    object_create_fails => "compat/object-create-fails";
    not_compared => "compat/not-compared";
}

#[test]
fn every_compat_rule_has_a_fixture() {
    for r in crdlint::compat::RULES {
        assert!(TESTED.contains(&r.id), "no snapshot test for {}", r.id);
    }
}

fn rules_of(report: &Value) -> Vec<String> {
    report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| d["rule"].as_str().unwrap_or("-").to_string())
        .collect()
}

#[test]
fn enum_additions_are_allowed_by_default() {
    assert!(rules_of(&diff("enum-value-added", &[])).is_empty());
}

#[test]
fn tightening_an_unstored_version_is_allowed_by_policy() {
    // v1beta1 is served but not in status.storedVersions; v1 is stored.
    let strict = diff("policy-tightening-unstored", &[]);
    insta::assert_snapshot!("policy_tightening_strict", render(&strict, None));
    let lenient = diff(
        "policy-tightening-unstored",
        &["--allow-tightening-unstored"],
    );
    insta::assert_snapshot!("policy_tightening_allowed", render(&lenient, None));
    assert_eq!(rules_of(&strict).len(), 2);
    assert_eq!(
        rules_of(&lenient).len(),
        1,
        "only the stored version v1 is reported"
    );
}

#[test]
fn enforcement_turns_rules_off_and_changes_their_level() {
    let off = diff("field-removed", &["--enforce", "compat/field-removed=off"]);
    assert!(rules_of(&off).is_empty());
    let warn = diff(
        "field-removed",
        &["--enforce", "compat/field-removed=warning"],
    );
    assert_eq!(warn["diagnostics"][0]["severity"], "warning");
    assert_eq!(warn["summary"]["errors"], 0);
}

#[test]
fn ratcheting_is_named_by_kube_version() {
    let at_1_29 = render(
        &diff("cel-rule-added", &["--kube-version", "1.29"]),
        Some("compat/cel-rule-added"),
    );
    assert!(at_1_29.contains("does not ratchet"), "{at_1_29}");
    let at_1_30 = render(
        &diff("cel-rule-added", &["--kube-version", "1.30"]),
        Some("compat/cel-rule-added"),
    );
    assert!(
        at_1_30.contains("ratcheting lets an update through"),
        "{at_1_30}"
    );
}

#[test]
fn an_identical_revision_has_no_findings_and_exits_zero() {
    let d = dir("field-removed");
    Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["diff", &format!("{d}/old.yaml"), &format!("{d}/old.yaml")])
        .assert()
        .code(0);
    Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["diff", &format!("{d}/old.yaml"), &format!("{d}/new.yaml")])
        .assert()
        .code(1);
}

#[test]
fn malformed_input_is_a_finding_not_a_crash() {
    let tmp = std::env::temp_dir().join(format!("crdlint-compat-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("tmp");
    let bad = tmp.join("bad.yaml");
    std::fs::write(&bad, "spec: [unclosed\n").expect("write");
    let d = dir("field-removed");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args([
            "diff",
            &format!("{d}/old.yaml"),
            bad.to_str().unwrap_or_default(),
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let _ = std::fs::remove_dir_all(&tmp);
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    let rules = rules_of(&report);
    assert!(rules.iter().any(|r| r.starts_with("yaml/")), "{rules:?}");
    assert!(rules.iter().any(|r| r == "compat/crd-removed"), "{rules:?}");
}

#[test]
fn check_old_ref_matches_crds_by_name_across_files() {
    let Some(t) = git_repo() else {
        println!("skipped: git is not available");
        return;
    };
    let d = t.path();
    let git = git_in(d);
    let fixture = dir("field-removed");
    std::fs::create_dir(d.join("old")).expect("mkdir");
    std::fs::copy(format!("{fixture}/old.yaml"), d.join("old/crd.yaml")).expect("copy");
    assert!(git(&["add", "."]));
    assert!(git(&["commit", "-q", "-m", "one"]));
    // The CRD moves to another file and loses a field.
    assert!(git(&["rm", "-q", "old/crd.yaml"]));
    std::fs::copy(format!("{fixture}/new.yaml"), d.join("moved.yaml")).expect("copy");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .current_dir(d)
        .args([
            "check",
            "--old-ref",
            "HEAD",
            "moved.yaml",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(rules_of(&report), vec!["compat/field-removed".to_string()]);
    let related = &report["diagnostics"][0]["related"][0];
    assert_eq!(related["file"], "HEAD:old/crd.yaml");
    assert_eq!(related["line"], 27);
}

#[test]
fn ratcheting_turns_an_update_failure_into_a_create_failure() {
    // The same object and bound at 1.36: the update leaves the value unchanged and ratcheting
    // lets it through, but the object could not be created again.
    let report = diff("object-update-fails", &[]);
    assert_eq!(
        rules_of(&report)
            .iter()
            .filter(|r| r.starts_with("compat/object-"))
            .collect::<Vec<_>>(),
        ["compat/object-create-fails"]
    );
}

#[test]
fn the_config_file_sets_compat_levels_like_any_rule() {
    let t = tempfile::tempdir().expect("tempdir");
    let config = t.path().join("crdlint.yaml");
    std::fs::write(
        &config,
        "version: 1\nseverity:\n  compat/field-removed: warning\n",
    )
    .expect("write");
    let config = config.to_string_lossy().to_string();
    let warn = diff("field-removed", &["--config", &config]);
    assert_eq!(warn["diagnostics"][0]["rule"], "compat/field-removed");
    assert_eq!(warn["diagnostics"][0]["severity"], "warning");
    std::fs::write(&config, "version: 1\nignore: [compat/]\n").expect("write");
    let off = diff("field-removed", &["--config", &config]);
    assert!(rules_of(&off).is_empty(), "{off}");
}

/// Writes a config file with `body` under `version: 1` and returns its path.
fn config_file(dir: &std::path::Path, body: &str) -> String {
    let path = dir.join("crdlint.yaml");
    std::fs::write(&path, format!("version: 1\n{body}")).expect("write");
    path.to_string_lossy().to_string()
}

#[test]
fn the_config_file_sets_the_policies_and_flags_win() {
    let t = tempfile::tempdir().expect("tempdir");
    let enum_added = |flags: &[&str]| {
        rules_of(&diff("enum-value-added", flags))
            .iter()
            .any(|r| r == "compat/enum-value-added")
    };
    let disallow = config_file(t.path(), "compat:\n  enum-additions: disallow\n");
    assert!(enum_added(&["--config", &disallow]));
    assert!(!enum_added(&[
        "--config",
        &disallow,
        "--enum-additions",
        "allow"
    ]));
    let allow = config_file(t.path(), "compat:\n  enum-additions: allow\n");
    assert!(!enum_added(&["--config", &allow]));
    assert!(enum_added(&[
        "--config",
        &allow,
        "--enum-additions",
        "disallow"
    ]));

    // Tightening an unstored version: strict by default, allowed by the config, and the
    // flag's `=false` wins over the config.
    let count = |flags: &[&str]| rules_of(&diff("policy-tightening-unstored", flags)).len();
    let lenient = config_file(t.path(), "compat:\n  allow-tightening-unstored: true\n");
    assert_eq!(count(&["--no-config"]), 2);
    assert_eq!(count(&["--config", &lenient]), 1);
    assert_eq!(
        count(&["--config", &lenient, "--allow-tightening-unstored=false"]),
        2
    );
    let strict = config_file(t.path(), "compat:\n  allow-tightening-unstored: false\n");
    assert_eq!(
        count(&["--config", &strict, "--allow-tightening-unstored"]),
        1
    );
}

#[test]
fn a_mistake_in_the_compat_section_is_located() {
    let t = tempfile::tempdir().expect("tempdir");
    let bad = config_file(t.path(), "compat:\n  enum-additons: disallow\n");
    let d = dir("enum-value-added");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args([
            "diff",
            &format!("{d}/old.yaml"),
            &format!("{d}/new.yaml"),
            "--config",
            &bad,
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("crdlint.yaml:3:3: unknown key `enum-additons` in `compat` (did you mean `enum-additions`?)"),
        "{stderr}"
    );
}

/// A git repository in a temporary directory, with `git` that reports success.
struct Repo {
    dir: tempfile::TempDir,
}

impl Repo {
    /// `None` when git is not available.
    fn new() -> Option<Repo> {
        let repo = Repo {
            dir: tempfile::tempdir().expect("tempdir"),
        };
        repo.git(&["init", "-q"]).then_some(repo)
    }

    fn git(&self, args: &[&str]) -> bool {
        std::process::Command::new("git")
            .current_dir(self.dir.path())
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    }

    fn copy(&self, fixture: &str, file: &str, to: &str) {
        std::fs::copy(format!("{}/{file}", dir(fixture)), self.dir.path().join(to)).expect("copy");
    }

    fn check(&self, args: &[&str]) -> (Option<i32>, Value) {
        let out = Command::cargo_bin("crdlint")
            .expect("binary")
            .current_dir(self.dir.path())
            .args(["check", "--old-ref", "HEAD", "--format", "json"])
            .args(args)
            .output()
            .expect("runs");
        let report = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("json: {e}: {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code(), report)
    }
}

#[test]
fn check_old_ref_checks_the_resources_of_a_changed_crd_as_existing_objects() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    // At HEAD: the CRD without a maximum, and two Widgets (replicas 12 and 3).
    repo.copy("object-update-fails", "old.yaml", "crd.yaml");
    repo.copy("object-update-fails", "objects.yaml", "widgets.yaml");
    assert!(repo.git(&["add", "."]));
    assert!(repo.git(&["commit", "-q", "-m", "one"]));
    // Being committed: the CRD gains `maximum: 10`; the Widgets are unchanged.
    repo.copy("object-update-fails", "new.yaml", "crd.yaml");

    // Before 1.30 the stored Widget with 12 replicas fails its next update.
    let (code, report) = repo.check(&["--kube-version", "1.29", "crd.yaml", "widgets.yaml"]);
    assert_eq!(code, Some(1));
    let objects: Vec<&Value> = report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| {
            d["rule"]
                .as_str()
                .is_some_and(|r| r.starts_with("compat/object-"))
        })
        .collect();
    assert_eq!(objects.len(), 1, "{report}");
    assert_eq!(objects[0]["rule"], "compat/object-update-fails");
    assert_eq!(objects[0]["file"], "widgets.yaml");
    assert!(
        objects[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Widget big would fail its next update")),
        "{report}"
    );
    assert!(rules_of(&report).contains(&"compat/bound-tightened".to_string()));

    // From 1.30 ratcheting lets the unchanged value through: only a fresh create fails.
    let (_, report) = repo.check(&["crd.yaml", "widgets.yaml"]);
    let object_rules: Vec<String> = rules_of(&report)
        .into_iter()
        .filter(|r| r.starts_with("compat/object-"))
        .collect();
    assert_eq!(object_rules, ["compat/object-create-fails"], "{report}");

    // Without the CRD change there is nothing to say about existing objects.
    repo.copy("object-update-fails", "old.yaml", "crd.yaml");
    let (_, report) = repo.check(&["--kube-version", "1.29", "crd.yaml", "widgets.yaml"]);
    assert!(
        !rules_of(&report).iter().any(|r| r.starts_with("compat/")),
        "{report}"
    );
}

#[test]
fn check_old_ref_applies_the_config_policies() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    repo.copy("enum-value-added", "old.yaml", "crd.yaml");
    assert!(repo.git(&["add", "."]));
    assert!(repo.git(&["commit", "-q", "-m", "one"]));
    repo.copy("enum-value-added", "new.yaml", "crd.yaml");
    let (_, report) = repo.check(&["crd.yaml"]);
    assert!(!rules_of(&report).contains(&"compat/enum-value-added".to_string()));
    let config = config_file(repo.dir.path(), "compat:\n  enum-additions: disallow\n");
    let (code, report) = repo.check(&["--config", &config, "crd.yaml"]);
    assert_eq!(code, Some(1));
    assert!(
        rules_of(&report).contains(&"compat/enum-value-added".to_string()),
        "{report}"
    );
}

/// `crdlint diff OLD NEW --objects OBJECTS --format json` on files of
/// `testdata/compat/undecodable`: the report and the exit code.
fn diff_undecodable(old: &str, new: &str, flags: &[&str]) -> (Value, Option<i32>) {
    let d = dir("undecodable");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["diff", &format!("{d}/{old}"), &format!("{d}/{new}")])
        .args(flags)
        .args([
            "--objects",
            &format!("{d}/objects.yaml"),
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let report = serde_json::from_slice(&out.stdout).expect("json");
    (report, out.status.code())
}

#[test]
fn a_revision_the_server_cannot_decode_is_not_compared() {
    // The new revision writes `maximum` as a string: the server refuses it whole. Read without
    // that value it would only lose `name` (compat/field-removed); what the update meets is the
    // decode error, and the existing object is not validated against a CRD that is never made.
    let (new_refused, code) = diff_undecodable("old.yaml", "new.yaml", &[]);
    insta::assert_snapshot!("undecodable_new", render(&new_refused, None));
    assert_eq!(
        rules_of(&new_refused),
        ["compat/not-compared", "crd/decode"],
        "{new_refused}"
    );
    assert_eq!(code, Some(1), "the refused update is an error");
    assert_eq!(new_refused["summary"]["resources"], 0);

    // An old revision the server could never have created: comparing its reading would report
    // `maximum: 10` as added (compat/bound-tightened).
    let (old_refused, code) = diff_undecodable("old-undecodable.yaml", "old.yaml", &[]);
    insta::assert_snapshot!("undecodable_old", render(&old_refused, None));
    assert_eq!(
        rules_of(&old_refused),
        ["compat/not-compared", "compat/not-compared"],
        "{old_refused}"
    );
    assert_eq!(code, Some(0), "warnings only");

    // An unchanged refused revision has nothing to compare (only its object is said not to be
    // checked).
    let (unchanged, code) = diff_undecodable("new.yaml", "new.yaml", &[]);
    assert_eq!(rules_of(&unchanged), ["compat/not-compared"], "{unchanged}");
    assert_eq!(code, Some(0));

    // With `crd/decode` not selected, the refused pair is said not to be compared.
    let (selected, code) = diff_undecodable("old.yaml", "new.yaml", &["--select", "compat/"]);
    assert_eq!(
        rules_of(&selected),
        ["compat/not-compared", "compat/not-compared"],
        "{selected}"
    );
    assert!(
        selected["diagnostics"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|d| d["message"]
                .as_str()
                .is_some_and(|m| m.contains("cannot decode it"))),
        "{selected}"
    );
    assert_eq!(code, Some(0), "warnings only");

    // The same old revision, written so that the server decodes it, is compared and its
    // object checked: the fixture's refusals are the decode errors' doing.
    let (fine, code) = diff_undecodable("old.yaml", "old.yaml", &[]);
    assert!(rules_of(&fine).is_empty(), "{fine}");
    assert_eq!(fine["summary"]["resources"], 1);
    assert_eq!(code, Some(0));
}

#[test]
fn enforcement_reaches_every_not_compared_finding() {
    // The pair and its objects not compared are found by `diff` itself, not by the comparison
    // of two revisions; `--enforce` rules them all the same.
    let flags = |level: &str| {
        [
            "--enforce".to_string(),
            format!("compat/not-compared={level}"),
        ]
    };
    let (off, code) = diff_undecodable(
        "old-undecodable.yaml",
        "old.yaml",
        &flags("off").each_ref().map(String::as_str),
    );
    assert!(rules_of(&off).is_empty(), "{off}");
    assert_eq!(code, Some(0));
    let (error, code) = diff_undecodable(
        "old-undecodable.yaml",
        "old.yaml",
        &flags("error").each_ref().map(String::as_str),
    );
    assert_eq!(
        rules_of(&error),
        ["compat/not-compared", "compat/not-compared"],
        "{error}"
    );
    assert_eq!(error["summary"]["errors"], 2, "{error}");
    assert_eq!(code, Some(1));
}

#[test]
fn check_old_ref_reports_a_refused_revision_once() {
    // `check` lints the CRD being committed: its `crd/decode` error comes from there, and the
    // comparison with the committed revision adds no second one, nor a word about objects when
    // the run has none.
    let Some(t) = git_repo() else {
        println!("skipped: git is not available");
        return;
    };
    let d = t.path();
    let git = git_in(d);
    let fixture = dir("undecodable");
    std::fs::copy(format!("{fixture}/old.yaml"), d.join("crd.yaml")).expect("copy");
    assert!(git(&["add", "."]));
    assert!(git(&["commit", "-q", "-m", "one"]));
    std::fs::copy(format!("{fixture}/new.yaml"), d.join("crd.yaml")).expect("copy");
    let check = |files: &[&str]| {
        let out = Command::cargo_bin("crdlint")
            .expect("binary")
            .current_dir(d)
            .args(["check", "--old-ref", "HEAD", "--format", "json"])
            .args(files)
            .output()
            .expect("runs");
        let report: Value = serde_json::from_slice(&out.stdout).expect("json");
        (report, out.status.code())
    };
    let (alone, code) = check(&["crd.yaml"]);
    assert_eq!(rules_of(&alone), ["crd/decode"], "{alone}");
    assert_eq!(code, Some(1));
    // With `crd/decode` not reported, the pair is still not passed in silence.
    for filter in [
        &["--ignore", "crd/decode"][..],
        &["--select", "compat/"][..],
    ] {
        let (filtered, code) = check(&[filter, &["crd.yaml"]].concat());
        assert_eq!(rules_of(&filtered), ["compat/not-compared"], "{filtered}");
        let message = filtered["diagnostics"][0]["message"]
            .as_str()
            .unwrap_or_default();
        assert!(message.contains("cannot decode"), "{message}");
        assert_eq!(code, Some(0), "a warning: {filtered}");
    }
    // The same per file: the config's override for this file, and one for another file that
    // changes nothing here.
    for (glob, expected) in [
        ("crd.yaml", "compat/not-compared"),
        ("other.yaml", "crd/decode"),
    ] {
        let config =
            format!("version: 1\nper-file:\n  - paths: [{glob:?}]\n    ignore: [crd/decode]\n");
        std::fs::write(d.join(".crdlint.yaml"), config).expect("write");
        let (per_file, _) = check(&["crd.yaml"]);
        assert_eq!(rules_of(&per_file), [expected], "{glob}: {per_file}");
    }
    std::fs::remove_file(d.join(".crdlint.yaml")).expect("remove");
    // With an object of its kind, the CRD says the existing objects were not checked against
    // it, and the object that it was not validated at all (`input/no-schema`, at the object).
    std::fs::copy(format!("{fixture}/objects.yaml"), d.join("objects.yaml")).expect("copy");
    let (with_object, _) = check(&["crd.yaml", "objects.yaml"]);
    assert_eq!(
        rules_of(&with_object),
        ["compat/not-compared", "crd/decode", "input/no-schema"],
        "{with_object}"
    );
}
