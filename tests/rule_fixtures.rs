//! One fixture and one snapshot per rule, for the rules outside `lint` (`tests/lint_rules.rs`),
//! `compat` (`tests/compat_rules.rs`) and the built-in kinds (`tests/builtin.rs`): reading
//! (`yaml/*`, `io/*`), the run itself (`input/*`, `write/*`), suppressions (`meta/*`),
//! validation (`cr/*`), CEL (`cel/*`), suites (`suite/*`) and admission policies (`admission/*`).
//!
//! `testdata/rules/<group>/<name>/` holds a bad case and a good case: `bad.args` and `good.args`
//! are the command lines (whitespace-separated, paths relative to that directory; `../../` reaches
//! the files shared by several fixtures), and `bad.stdin` / `good.stdin`, when present, are piped
//! in. Each runs as `crdlint --no-config --format concise ARGS` (without `--no-config` when
//! the fixture names its own `--config`) in a copy of `testdata/rules`
//! (so `--write` fixtures change nothing in the repository; the inputs of `yaml/too-deep` and
//! `yaml/too-large` are generated there). The bad case must report the rule
//! and its lines are snapshotted; the good case must not report it. A last test checks that every
//! rule of the registry has its fixture here or in one of the three other suites.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules")
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

/// Inputs too large to keep in the repository are written into the copy.
fn generate(id: &str, dir: &Path) {
    match id {
        "yaml/too-deep" => {
            let deep = format!("{}{}\n", "[".repeat(5000), "]".repeat(5000));
            std::fs::write(dir.join("bad.yaml"), deep).expect("write");
        }
        "yaml/too-large" => {
            // 3 MiB and a little more in one document: a ConfigMap with one long value.
            let big = format!(
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: {}\n",
                "x".repeat(3 * 1024 * 1024 + 16)
            );
            std::fs::write(dir.join("bad.yaml"), big).expect("write");
        }
        _ => {}
    }
}

/// The lines of rule `id` when the `case` (`bad` or `good`) of its fixture runs.
fn run(id: &str, case: &str) -> Vec<String> {
    let tmp = tempfile::tempdir().expect("tempdir");
    copy_tree(&source(), tmp.path());
    let dir = tmp.path().join(id);
    generate(id, &dir);
    let args = std::fs::read_to_string(dir.join(format!("{case}.args")))
        .unwrap_or_else(|e| panic!("{id}: {case}.args: {e}"));
    let mut cmd = Command::cargo_bin("crdlint").expect("binary");
    let args: Vec<&str> = args.split_whitespace().collect();
    if !args.contains(&"--config") {
        cmd.arg("--no-config");
    }
    cmd.current_dir(&dir)
        .args(["--format", "concise"])
        .args(args);
    let stdin = dir.join(format!("{case}.stdin"));
    cmd.write_stdin(std::fs::read(&stdin).unwrap_or_default());
    let out = cmd.output().expect("runs");
    let code = out.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        code != 2 || id.starts_with("io/") || id.starts_with("write/"),
        "{id} {case}: exit {code}: {stderr}"
    );
    let tag = format!("[{id}]");
    // `prune`/`default` report on stderr (stdout has the objects).
    stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains(&tag))
        .map(str::to_string)
        .collect()
}

fn check(id: &str) {
    let bad = run(id, "bad");
    assert!(!bad.is_empty(), "the bad case of {id} does not report it");
    let good = run(id, "good");
    assert!(
        good.is_empty(),
        "the good case of {id} reports it: {good:?}"
    );
    let name = id.replace('/', "__");
    insta::assert_snapshot!(name, bad.join("\n"));
}

macro_rules! rule_tests {
    ($($f:ident => $id:literal,)*) => {
        $(#[test] fn $f() { check($id); })*
        const TESTED: &[&str] = &[$($id),*];
    };
}

rule_tests! {
    admission_audit => "admission/audit",
    admission_cost => "admission/cost",
    admission_denied => "admission/denied",
    admission_expression => "admission/expression",
    admission_invalid => "admission/invalid",
    admission_kinds_unresolved => "admission/kinds-unresolved",
    admission_mutation_failed => "admission/mutation-failed",
    admission_not_decidable => "admission/not-decidable",
    admission_type_check => "admission/type-check",
    admission_warned => "admission/warned",
    cel_compile => "cel/compile",
    cel_cost_exceeded => "cel/cost-exceeded",
    cel_cost_high => "cel/cost-high",
    cel_crd_cost_exceeded => "cel/crd-cost-exceeded",
    cel_message_expression => "cel/message-expression",
    cel_no_type_info => "cel/no-type-info",
    cel_old_self_uncorrelatable => "cel/old-self-uncorrelatable",
    cel_optional_old_self_unused => "cel/optional-old-self-unused",
    cr_cel_not_checked => "cr/cel-not-checked",
    cr_cel_rule => "cr/cel-rule",
    cr_cel_rules_skipped => "cr/cel-rules-skipped",
    cr_embedded_resource => "cr/embedded-resource",
    cr_finalizer_name => "cr/finalizer-name",
    cr_list_duplicate => "cr/list-duplicate",
    cr_metadata => "cr/metadata",
    cr_not_an_object => "cr/not-an-object",
    cr_ratcheted => "cr/ratcheted",
    cr_scale_replicas => "cr/scale-replicas",
    cr_schema => "cr/schema",
    cr_unknown_field => "cr/unknown-field",
    cr_version_not_served => "cr/version-not-served",
    cr_version_schema_differs => "cr/version-schema-differs",
    input_crd_unusable => "input/crd-unusable",
    input_duplicate_crd => "input/duplicate-crd",
    input_missing_type_meta => "input/missing-type-meta",
    input_no_manifests => "input/no-manifests",
    input_no_schema => "input/no-schema",
    input_not_a_manifest => "input/not-a-manifest",
    io_read => "io/read",
    meta_blanket_suppression => "meta/blanket-suppression",
    meta_missing_reason => "meta/missing-reason",
    meta_unused_suppression => "meta/unused-suppression",
    suite_case_failed => "suite/case-failed",
    suite_invalid => "suite/invalid",
    suite_no_crd => "suite/no-crd",
    suite_unused_file => "suite/unused-file",
    vendor_modified => "vendor/modified",
    write_not_rewritten => "write/not-rewritten",
    yaml_alias_budget => "yaml/alias-budget",
    yaml_duplicate_key => "yaml/duplicate-key",
    yaml_suspicious => "yaml/suspicious",
    yaml_syntax => "yaml/syntax",
    yaml_too_deep => "yaml/too-deep",
    yaml_too_large => "yaml/too-large",
}

/// Rules whose fixtures live with their module's own snapshot suite.
fn tested_elsewhere(id: &str) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lint = root.join(format!("testdata/lint/{id}.yaml")).exists();
    let compat = id
        .strip_prefix("compat/")
        .is_some_and(|n| root.join(format!("testdata/compat/{n}")).is_dir());
    let builtin = crdlint::builtin::RULES.iter().any(|r| r.id == id);
    // The driver picks a CRD by the object's own group and kind, so a kind that does not match
    // its CRD is reachable only through `crdlint test` suites (as an expected error) and the
    // library; src/validate's unit tests check its message.
    let library_only = id == "cr/type-meta";
    lint || compat || builtin || library_only
}

#[test]
fn every_rule_has_a_fixture() {
    let missing: Vec<&str> = crdlint::cli::rules::all()
        .into_iter()
        .map(|r| r.id)
        .filter(|id| !tested_elsewhere(id))
        .filter(|id| !(TESTED.contains(id) && source().join(id).is_dir()))
        .collect();
    assert!(missing.is_empty(), "rules without a fixture: {missing:?}");
}
