//! Suggestions that fix (issue 33): "did you mean" for near-miss keys, kinds and rule ids, and
//! `check --fix` / `check --fix --diff`.

use assert_cmd::Command;

const DIR: &str = "testdata/cli/fix";
const FILES: [&str; 3] = ["certificate-crd.yaml", "typos.yaml", "typos.json"];

fn crdlint_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .current_dir(dir)
        .arg("--no-config")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The lines a unified diff adds.
fn added_lines(diff: &str) -> Vec<&str> {
    diff.lines()
        .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
        .collect()
}

/// [`scratch`] with `file` of the fixtures too.
fn scratch_with(file: &str) -> tempfile::TempDir {
    let dir = scratch();
    std::fs::copy(format!("{DIR}/{file}"), dir.path().join(file)).expect("copy");
    dir
}

/// A copy of the fixtures to fix in place.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for f in FILES {
        std::fs::copy(format!("{DIR}/{f}"), dir.path().join(f)).expect("copy");
    }
    dir
}

/// A key one edit from a schema field its object lacks gets "did you mean" (and one two edits
/// away does not); a custom kind one edit from a kind of a group whose CRDs are in the run is
/// an error naming the kind, not the missing-schema warning; a built-in kind likewise.
#[test]
fn near_misses_are_named() {
    let dir = std::path::Path::new(DIR);
    let mut args = vec!["check", "--format", "concise"];
    args.extend(FILES);
    let (code, out, _) = crdlint_in(dir, &args);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("\"spec.dnsName\" (help: did you mean `dnsNames`?"),
        "{out}"
    );
    assert!(
        out.contains("\"spec.issuerRef.nmae\" (help: did you mean `name`?"),
        "{out}"
    );
    assert!(
        out.contains(
            "error[input/no-schema] kind Certficate is not a kind of group cert-manager.io"
        ),
        "{out}"
    );
    assert!(
        !out.contains("spec.comonNme\" (help: did you mean"),
        "{out}"
    );
    insta::assert_snapshot!("near_misses", out);
}

/// `explain` suggests the rule id meant, with or without its group.
#[test]
fn explain_suggests_a_rule_id() {
    let dir = std::path::Path::new(".");
    let (code, _, err) = crdlint_in(dir, &["explain", "cost-hgh"]);
    assert_eq!(code, 2);
    assert!(err.contains("(did you mean `cel/cost-high`?)"), "{err}");
    let (code, _, err2) = crdlint_in(dir, &["explain", "cr/unknwn-field"]);
    assert_eq!(code, 2);
    assert!(
        err2.contains("(did you mean `cr/unknown-field`?)"),
        "{err2}"
    );
}

/// `--fix --diff` previews the safe fixes as a unified diff and changes nothing: the exit
/// status is `check`'s.
#[test]
fn fix_diff_previews_and_writes_nothing() {
    let dir = scratch();
    let mut args = vec!["check", "--fix", "--diff"];
    args.extend(FILES);
    let (code, diff, err) = crdlint_in(dir.path(), &args);
    assert_eq!(code, 1, "{err}");
    for f in FILES {
        let now = std::fs::read_to_string(dir.path().join(f)).expect("read");
        let was = std::fs::read_to_string(format!("{DIR}/{f}")).expect("read");
        assert_eq!(now, was, "{f} changed");
    }
    assert!(diff.contains("-  dnsName: [example.com]\n"), "{diff}");
    assert!(diff.contains("+  commonName: \"no\"\n"), "{diff}");
    insta::assert_snapshot!("fix_diff", diff);
}

/// `--fix` applies the safe fixes (a quoted JSON key stays quoted), lists each, then reports
/// what remains: the key two edits away, and what the fixed kind's object now shows.
#[test]
fn fix_writes_the_safe_fixes_and_reports_what_remains() {
    let dir = scratch();
    let mut args = vec!["check", "--fix", "--format", "concise"];
    args.extend(FILES);
    let (code, out, err) = crdlint_in(dir.path(), &args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("crdlint: fixed typos.yaml:8:3: spec.dnsName renamed to dnsNames"),
        "{err}"
    );
    let yaml = std::fs::read_to_string(dir.path().join("typos.yaml")).expect("read");
    let json = std::fs::read_to_string(dir.path().join("typos.json")).expect("read");
    assert!(json.contains("\"dnsNames\": [\"j.example.com\"]"), "{json}");
    insta::assert_snapshot!("fix_stderr", err);
    insta::assert_snapshot!("fix_remains", out);
    insta::assert_snapshot!("fix_yaml", yaml);
    // What the kind fix revealed (`mode: on` of a ConfigMap) was fixed in a second pass.
    assert!(yaml.contains("  mode: \"on\"\n"), "{yaml}");
    // Nothing more to fix.
    let (code, diff, _) = crdlint_in(
        dir.path(),
        &[
            "check",
            "--fix",
            "--diff",
            "typos.yaml",
            "typos.json",
            "certificate-crd.yaml",
        ],
    );
    assert_eq!((code, diff.as_str()), (1, ""));
    let (code, _, _) = crdlint_in(dir.path(), &["check", "typos.json", "certificate-crd.yaml"]);
    assert_eq!(code, 0);
}

/// Standard input cannot be fixed in place (usage error); `--diff` needs `--fix`.
#[test]
fn fix_refuses_stdin_and_diff_needs_fix() {
    let dir = std::path::Path::new(DIR);
    let (code, _, err) = crdlint_in(dir, &["check", "--fix", "-"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--fix cannot rewrite standard input"), "{err}");
    let (code, _, err) = crdlint_in(dir, &["check", "--diff", "typos.yaml"]);
    assert_eq!(code, 2, "{err}");
    // `lint` has no --fix.
    let (code, _, _) = crdlint_in(dir, &["lint", "--fix", "typos.yaml"]);
    assert_eq!(code, 2);
}

/// `prune --write` keeps an unknown field one edit from a field of its object (a likely typo)
/// with a warning naming the field, and prunes the others; `--prune-typos` prunes it too.
#[test]
fn prune_write_keeps_likely_typos_unless_asked() {
    let text = "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: w\nspec:\n  secretName: w-tls\n  dnsName: [a.example.com]\n  extra: 1\n  issuerRef:\n    name: x\n    kinds: Issuer\n";
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(
        format!("{DIR}/certificate-crd.yaml"),
        dir.path().join("crd.yaml"),
    )
    .expect("copy");
    std::fs::write(dir.path().join("w.yaml"), text).expect("write");
    let args = [
        "prune", "--write", "--format", "concise", "--crd", "crd.yaml", "w.yaml",
    ];
    let (code, _, err) = crdlint_in(dir.path(), &args);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read_to_string(dir.path().join("w.yaml")).expect("read");
    assert!(
        kept.contains("  dnsName: [a.example.com]\n") && kept.contains("    kinds: Issuer\n"),
        "{kept}"
    );
    assert!(!kept.contains("extra"), "{kept}");
    insta::assert_snapshot!("prune_keeps_typos", format!("{err}\n---\n{kept}"));
    let (code, _, err) = crdlint_in(
        dir.path(),
        &[
            "prune",
            "--write",
            "--prune-typos",
            "--crd",
            "crd.yaml",
            "w.yaml",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let pruned = std::fs::read_to_string(dir.path().join("w.yaml")).expect("read");
    assert!(
        !pruned.contains("dnsName") && !pruned.contains("kinds"),
        "{pruned}"
    );
    // --prune-typos goes with --write only.
    let (code, _, _) = crdlint_in(
        dir.path(),
        &["prune", "--prune-typos", "--crd", "crd.yaml", "w.yaml"],
    );
    assert_eq!(code, 2);
}

/// A global flag that means nothing to a subcommand is a usage error (exit 2), not ignored:
/// `lsp --format json`, `completions bash --select cel/`; where it applies it still works.
#[test]
fn flags_that_do_not_apply_are_rejected() {
    let dir = std::path::Path::new(".");
    let mut said = String::new();
    for args in [
        &["lsp", "--format", "json"][..],
        &["--quiet", "lsp"],
        &["completions", "bash", "--select", "cel/"],
        &["manpage", "--deny-warnings"],
    ] {
        let (code, out, err) = crdlint_in(dir, args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        said.push_str(&err);
    }
    insta::assert_snapshot!("inapplicable_flags", said);
    let (code, out, _) = crdlint_in(dir, &["completions", "bash", "--format", "human"]);
    assert_eq!(code, 0);
    assert!(out.contains("crdlint"));
    let (code, _, _) = crdlint_in(
        dir,
        &[
            "check",
            "--quiet",
            "--format",
            "json",
            "testdata/cli/crd.yaml",
        ],
    );
    assert_eq!(code, 0);
}

/// `--fix` upgrades a removed built-in apiVersion when the object means the same in the
/// replacement (a CronJob, a PodDisruptionBudget with labels to select) and changes only that
/// scalar; it keeps the version, and says why in the help, where a field differs (an HPA's
/// `targetAverageUtilization`) or upstream documents a difference (an empty PDB selector).
#[test]
fn fix_upgrades_removed_versions_that_mean_the_same() {
    let dir = tempfile::tempdir().expect("tempdir");
    let was = std::fs::read_to_string(format!("{DIR}/upgrades.yaml")).expect("read");
    std::fs::write(dir.path().join("upgrades.yaml"), &was).expect("write");
    let base = ["check", "--kube-version", "1.30", "--format", "concise"];
    let (code, before, _) = crdlint_in(dir.path(), &[&base[..], &["upgrades.yaml"]].concat());
    assert_eq!(code, 1, "{before}");
    assert!(
        before.contains("(help: use batch/v1 instead: the object means the same there, so `check --fix` can change its apiVersion)"),
        "{before}"
    );
    assert!(
        before.contains("`check --fix` does not change it: an empty spec.selector selects no pods in policy/v1beta1 and every pod of the namespace in policy/v1"),
        "{before}"
    );
    assert!(
        before.contains("`check --fix` does not change it: spec.metrics[0].resource.targetAverageUtilization is not a field of autoscaling/v2"),
        "{before}"
    );
    let (code, diff, _) = crdlint_in(
        dir.path(),
        &[&base[..], &["--fix", "--diff", "upgrades.yaml"]].concat(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("upgrades.yaml")).expect("read"),
        was
    );
    insta::assert_snapshot!("fix_upgrade_diff", diff);
    let (code, out, err) = crdlint_in(
        dir.path(),
        &[&base[..], &["--fix", "upgrades.yaml"]].concat(),
    );
    assert_eq!(code, 1, "{out}{err}");
    let now = std::fs::read_to_string(dir.path().join("upgrades.yaml")).expect("read");
    // Only the two apiVersion scalars changed.
    let expected = was
        .replacen("apiVersion: batch/v1beta1", "apiVersion: batch/v1", 1)
        .replacen(
            "apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata:\n  name: web",
            "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web",
            1,
        );
    assert_eq!(now, expected);
    insta::assert_snapshot!("fix_upgrade", format!("{err}---\n{out}"));
}

/// A built-in object a bare scalar keeps from decoding (issue 33): each finding's help says
/// what the YAML reader made of the scalar and how to quote it, the first says the server's own
/// checks did not run (the `protocol: tcp` native finding is not reported), and `--fix`
/// quotes the YAML 1.1 booleans, which is what the help says it does (a label value too).
#[test]
fn decode_failures_explain_the_yaml_reading() {
    let dir = std::path::Path::new(DIR);
    let (code, out, _) = crdlint_in(dir, &["check", "--format", "concise", "decode.yaml"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "reads the bare `010` as the octal integer 8; quote it (\"010\") for the string"
        ),
        "{out}"
    );
    assert!(
        out.contains("its own checks of the kind (builtin/*) were not run"),
        "{out}"
    );
    assert!(!out.contains("builtin/port"), "{out}");
    let (code, diff, _) = crdlint_in(dir, &["check", "--fix", "--diff", "decode.yaml"]);
    assert_eq!(code, 1);
    let quoted: Vec<&str> = diff.lines().filter(|l| l.starts_with("+ ")).collect();
    assert_eq!(
        quoted,
        [
            "+  hostname: \"on\"",
            "+      value: \"n\"",
            "+    enabled: \"yes\""
        ],
        "{diff}"
    );
    insta::assert_snapshot!("decode_failures", out);
}

/// A metadata map that does not decode is underlined whole; the help reads the entry the Go
/// type cannot take (`enabled: yes`, after a good entry), `--fix` quotes exactly that value,
/// and a key YAML 1.1 renamed (`n` named "false") is said too.
#[test]
fn metadata_decode_failures_name_the_entry() {
    let dir = std::path::Path::new(DIR);
    let file = "decode-metadata.yaml";
    let (code, out, _) = crdlint_in(dir, &["check", "--format", "concise", file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("reads the bare `yes` as the boolean true; quote it (\"yes\") for the string"),
        "{out}"
    );
    assert!(
        out.contains("reads the bare key `n` as the boolean false, so it is named \"false\""),
        "{out}"
    );
    assert!(out.contains("reads the bare `1` as the integer 1"), "{out}");
    let (code, diff, _) = crdlint_in(dir, &["check", "--fix", "--diff", file]);
    assert_eq!(code, 1);
    let quoted: Vec<&str> = diff.lines().filter(|l| l.starts_with("+ ")).collect();
    assert_eq!(quoted, ["+    enabled: \"yes\""], "{diff}");
}

/// Where the field wants an integer, a bare `on` gets what YAML 1.1 made of it and no advice to
/// quote it (a string fails the same), `--fix` leaves it alone, and a mapping the server cannot
/// decode does not also get its keys reported unknown (the server never gets to prune them).
#[test]
fn decode_failures_outside_strings_offer_no_quoting() {
    let dir = std::path::Path::new(DIR);
    let file = "decode-not-string.yaml";
    let (code, out, _) = crdlint_in(dir, &["check", "--format", "concise", file]);
    assert_eq!(code, 1, "{out}");
    let replicas = out
        .lines()
        .find(|l| l.contains("spec.replicas in body must be of type int32"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        replicas.contains("reads the bare `on` as the boolean true)"),
        "{replicas}"
    );
    assert!(!out.contains("quote it"), "{out}");
    assert!(
        out.contains("spec.revisionHistoryLimit in body must be of type int32"),
        "{out}"
    );
    assert!(!out.contains("cr/unknown-field"), "{out}");
    let fraction: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("minReadySeconds"))
        .collect();
    assert_eq!(fraction.len(), 1, "{out}");
    assert!(
        fraction[0].contains("spec.minReadySeconds in body must be of type int32: \"float64\""),
        "{out}"
    );
    let range: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("progressDeadlineSeconds"))
        .collect();
    assert_eq!(range.len(), 1, "{out}");
    assert!(
        range[0].contains("Checked value must be of type integer with format int32"),
        "{out}"
    );
    let (code, diff, _) = crdlint_in(dir, &["check", "--fix", "--diff", file]);
    assert_eq!(code, 1);
    assert!(!diff.lines().any(|l| l.starts_with("+ ")), "{diff}");
}

/// Every bare YAML 1.1 boolean of a metadata map that fails to decode is quoted by one pass of
/// `--fix` (the decode fails until the last one is), on a built-in kind and on a custom
/// resource, which gets the same reading in its help; nothing else is touched.
#[test]
fn metadata_decode_failures_are_fixed_in_one_pass() {
    let file = "decode-metadata-many.yaml";
    let dir = scratch_with(file);
    let crd = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/rule-examples/widget-crd.yaml");
    let crd = crd.to_str().expect("UTF-8 path");
    let (code, out, _) = crdlint_in(
        dir.path(),
        &["check", "--format", "concise", "--crd", crd, file],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("reads the bare `yes` as the boolean true"),
        "{out}"
    );
    assert!(
        out.contains("reads the bare `no` as the boolean false"),
        "{out}"
    );
    let (_, diff, _) = crdlint_in(
        dir.path(),
        &["check", "--fix", "--diff", "--crd", crd, file],
    );
    let quoted = added_lines(&diff);
    assert_eq!(
        quoted,
        [
            "+    a: \"yes\"",
            "+    c: \"on\"",
            "+    e: \"off\"",
            "+  labels: {f: \"no\", g: \"y\", h: z}"
        ],
        "{diff}"
    );
    // Written, in one pass each: nothing is left to fix or report.
    let (code, _, err) = crdlint_in(dir.path(), &["check", "--fix", "--crd", crd, file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.ends_with("crdlint: fixed 2 findings in 1 file\n"),
        "{err}"
    );
}

/// A scalar metadata field (`name: yes`) and a list (`finalizers: [on]`) that do not decode
/// get the reading of the offending value, and `--fix` quotes it (the list's every bare YAML
/// 1.1 boolean at once, the quoted one left as written).
#[test]
fn metadata_decode_failures_of_scalars_and_lists_are_explained_and_fixed() {
    let file = "decode-metadata-scalar.yaml";
    let dir = scratch_with(file);
    let (code, out, _) = crdlint_in(dir.path(), &["check", "--format", "concise", file]);
    assert_eq!(code, 1, "{out}");
    // The server decodes the metadata with its keys sorted: `finalizers` fails first.
    assert!(
        out.contains("ObjectMeta.finalizers of type string"),
        "{out}"
    );
    assert!(
        out.contains("reads the bare `on` as the boolean true"),
        "{out}"
    );
    // One pass quotes both fields (the server would stop at the list, then at the name).
    let (_, diff, _) = crdlint_in(dir.path(), &["check", "--fix", "--diff", file]);
    let quoted = added_lines(&diff);
    assert_eq!(
        quoted,
        [
            "+  name: \"yes\"",
            "+  finalizers: [example.com/a, \"on\", \"off\", \"n\"]"
        ],
        "{diff}"
    );
    let (code, _, err) = crdlint_in(dir.path(), &["check", "--fix", file]);
    assert_eq!(code, 0, "{err}");
    let fixed = std::fs::read_to_string(dir.path().join(file)).expect("read");
    assert!(fixed.contains("  name: \"yes\"\n"), "{fixed}");
    assert!(
        fixed.contains("  finalizers: [example.com/a, \"on\", \"off\", \"n\"]\n"),
        "{fixed}"
    );
}
