//! The binary as users run it: every format, exit codes, stdin, hostile YAML, directory walking,
//! determinism and generated files.
//!
//! Most cases use inputs whose findings come from reading YAML and from `--strict` classification
//! (no CRD in the run), so that their snapshots show the CLI's own behaviour and stay put while
//! the lint and validation rules grow. Snapshots of human output use `--color never`.

use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// Runs crdlint in the crate root.
fn crdlint(args: &[&str]) -> Run {
    crdlint_stdin(args, "")
}

fn crdlint_stdin(args: &[&str], stdin: &str) -> Run {
    let out = Command::cargo_bin("crdlint")
        .expect("binary built")
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .write_stdin(stdin)
        .output()
        .expect("crdlint runs");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
        code: out.status.code().expect("exited"),
    }
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    /// Stdout, stderr and the exit code in one text, for a snapshot.
    fn transcript(&self) -> String {
        let mut s = format!("exit: {}\n--- stdout\n{}", self.code, self.stdout);
        if !self.stderr.is_empty() {
            s.push_str("--- stderr\n");
            s.push_str(&self.stderr);
        }
        s
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!("not JSON ({e}):\n{}", self.stdout);
        })
    }
}

/// YAML problems and unknown kinds: findings that do not depend on lint or validation rules.
const FINDINGS: &[&str] = &[
    "--strict",
    "testdata/cli/duplicate.yaml",
    "testdata/cli/malformed.yaml",
    "testdata/cli/list.yaml",
];

fn with(args: &[&'static str], more: &[&'static str]) -> Vec<&'static str> {
    args.iter().chain(more).copied().collect()
}

#[test]
fn human_format() {
    let run = crdlint(&with(&["check", "--color", "never"], FINDINGS));
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn human_colour_always_uses_ansi_and_never_does_not() {
    let always = crdlint(&["check", "--color", "always", "testdata/cli/duplicate.yaml"]);
    assert!(always.stdout.contains("\u{1b}["), "{}", always.stdout);
    let never = crdlint(&["check", "--color", "never", "testdata/cli/duplicate.yaml"]);
    assert!(!never.stdout.contains('\u{1b}'), "{}", never.stdout);
    // Piped output (not a terminal) is plain by default.
    let auto = crdlint(&["check", "testdata/cli/duplicate.yaml"]);
    assert_eq!(auto.stdout, never.stdout);
}

#[test]
fn json_format() {
    let run = crdlint(&with(&["check", "--format", "json"], FINDINGS));
    assert_eq!(run.code, 1);
    insta::assert_json_snapshot!(run.json());
}

#[test]
fn json_contract_has_every_key() {
    let v = crdlint(&with(&["check", "--format", "json"], FINDINGS)).json();
    assert_eq!(v["version"], 1);
    let summary = v["summary"].as_object().expect("summary");
    let keys: Vec<&str> = summary.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "files",
            "documents",
            "crds",
            "resources",
            "skipped",
            "errors",
            "warnings"
        ]
    );
    for d in v["diagnostics"].as_array().expect("diagnostics") {
        for key in [
            "rule",
            "severity",
            "message",
            "file",
            "line",
            "column",
            "end_line",
            "end_column",
            "path",
            "object",
            "help",
        ] {
            assert!(d.get(key).is_some(), "{key} missing in {d}");
        }
        let sev = d["severity"].as_str().expect("severity");
        assert!(["error", "warning", "info"].contains(&sev));
    }
}

#[test]
fn sarif_format() {
    let run = crdlint(&with(&["check", "--format", "sarif"], FINDINGS));
    assert_eq!(run.code, 1);
    let mut v = run.json();
    // The rule table is long and changes with every new rule; its shape is checked in
    // tests/cli_sarif.rs.
    v["runs"][0]["tool"]["driver"]["rules"] = serde_json::Value::String("<elided>".into());
    for r in v["runs"][0]["results"].as_array_mut().expect("results") {
        r["ruleIndex"] = serde_json::Value::String("<index>".into());
    }
    v["runs"][0]["tool"]["driver"]["version"] = serde_json::Value::String("<version>".into());
    // The base is the working directory, which differs from machine to machine.
    let base = &mut v["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"];
    assert!(
        base.as_str()
            .is_some_and(|u| u.starts_with("file:///") && u.ends_with('/')),
        "{base}"
    );
    *base = serde_json::Value::String("<cwd>".into());
    insta::assert_json_snapshot!(v);
}

#[test]
fn github_format() {
    let run = crdlint(&with(&["check", "--format", "github"], FINDINGS));
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn junit_format() {
    let run = crdlint(&with(&["check", "--format", "junit"], FINDINGS));
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn exit_0_when_nothing_is_wrong() {
    let run = crdlint(&[
        "check",
        "--format",
        "json",
        "testdata/cli/crd.yaml",
        "testdata/cli/widgets.yaml",
        "testdata/cli/widgets.json",
    ]);
    assert_eq!(run.code, 0, "{}", run.transcript());
    insta::assert_json_snapshot!(run.json(), @r#"
    {
      "version": 1,
      "summary": {
        "files": 3,
        "documents": 5,
        "crds": 1,
        "resources": 4,
        "skipped": 0,
        "errors": 0,
        "warnings": 0
      },
      "diagnostics": []
    }
    "#);
    let quiet = crdlint(&[
        "check",
        "--quiet",
        "--crd",
        "testdata/cli/crd.yaml",
        "testdata/cli/widgets.json",
    ]);
    assert_eq!((quiet.code, quiet.stdout.as_str()), (0, ""));
}

#[test]
fn exit_2_for_unreadable_files_after_checking_the_rest() {
    let run = crdlint(&[
        "check",
        "--format",
        "json",
        "--strict",
        "testdata/cli/no-such-file.yaml",
        "testdata/cli/duplicate.yaml",
    ]);
    assert_eq!(run.code, 2);
    insta::assert_json_snapshot!(run.json());
}

#[test]
fn exit_2_for_files_that_are_not_utf8() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("latin1.yaml");
    std::fs::write(&bad, b"name: caf\xe9\n").expect("write");
    let run = crdlint(&[
        "check",
        "--format",
        "json",
        bad.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(run.code, 2);
    let v = run.json();
    assert_eq!(v["diagnostics"][0]["rule"], "io/read");
    assert!(v["diagnostics"][0]["message"]
        .as_str()
        .expect("message")
        .contains("not UTF-8"));
}

#[test]
fn exit_2_for_usage_errors() {
    let cases: &[&[&str]] = &[
        &["check", "--kube-version", "2.0"],
        &["check", "--format", "yaml"],
        &["check", "--exclude", "a[", "testdata/cli"],
        &["prune", "--write", "-"],
        &["explain", "no/such-rule"],
        &["frobnicate"],
        &["check", "-", "-"],
    ];
    let mut transcript = String::new();
    for args in cases {
        let run = crdlint(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.transcript());
        assert!(run.stdout.is_empty(), "{args:?} printed to stdout");
        // clap's usage errors are longer; the first line names the problem.
        let first = run.stderr.lines().next().unwrap_or_default();
        transcript.push_str(&format!("{}\n  {first}\n", args.join(" ")));
    }
    insta::assert_snapshot!(transcript);
}

#[test]
fn duplicate_crds_are_a_warning_and_the_first_wins() {
    // Two different CRDs for one kind: a warning (the second is ignored), no error.
    let dir = tempfile::tempdir().expect("tempdir");
    let crd = std::fs::read_to_string("testdata/cli/crd.yaml").expect("fixture");
    std::fs::write(dir.path().join("a.yaml"), &crd).expect("write");
    let changed = crd.replacen(
        "openAPIV3Schema:",
        "openAPIV3Schema:
          description: changed",
        1,
    );
    assert_ne!(changed, crd, "the fixture has a schema");
    std::fs::write(dir.path().join("b.yaml"), &changed).expect("write");
    let path = dir.path().to_str().expect("UTF-8 path");
    // `validate` does not lint, so only the driver's own findings remain.
    let plain = crdlint(&["validate", "--format", "json", path]);
    let v = plain.json();
    let rules: Vec<&str> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["rule"].as_str())
        .collect();
    assert!(rules.contains(&"input/duplicate-crd"), "{v}");
    assert_eq!(plain.code, 0, "{}", plain.transcript());
    let denied = crdlint(&["validate", "--deny-warnings", path]);
    assert_eq!(denied.code, 1);
}

#[test]
fn deny_warnings_flag_counts_warnings() {
    // A document over the API server's 3 MiB request limit is a warning. (A `List` of small
    // ConfigMaps: one ConfigMap that large breaks its own 1 MiB data limit, an error.)
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.yaml");
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for i in 0..20_000 {
        text.push_str(&format!(
            "- {{apiVersion: v1, kind: ConfigMap, metadata: {{name: c{i}}}, data: {{k: \"{}\"}}}}\n",
            "x".repeat(120)
        ));
    }
    std::fs::write(&big, text).expect("write");
    let path = big.to_str().expect("UTF-8 path");
    let plain = crdlint(&["check", "--format", "json", path]);
    assert_eq!(plain.json()["summary"]["warnings"], 1, "{}", plain.stdout);
    assert_eq!(plain.code, 0);
    assert_eq!(crdlint(&["check", "--deny-warnings", path]).code, 1);
}

#[test]
fn stdin_with_a_file_name() {
    let input = std::fs::read_to_string("testdata/cli/duplicate.yaml").expect("fixture");
    let run = crdlint_stdin(
        &[
            "check",
            "--color",
            "never",
            "--stdin-filename",
            "piped/widget.yaml",
            "-",
        ],
        &input,
    );
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.transcript());
    // Without a name, stdin is reported as `-`.
    let unnamed = crdlint_stdin(&["check", "--format", "json", "-"], &input);
    assert_eq!(unnamed.json()["diagnostics"][0]["file"], "-");
}

#[test]
fn malformed_document_mid_file_does_not_stop_the_rest() {
    let run = crdlint(&[
        "check",
        "--format",
        "json",
        "--strict",
        "testdata/cli/malformed.yaml",
    ]);
    let v = run.json();
    assert_eq!(v["summary"]["documents"], 3);
    let found: Vec<(String, u64)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["rule"].as_str().expect("rule").to_string(),
                d["line"].as_u64().expect("line"),
            )
        })
        .collect();
    // The syntax error where it is, and both intact documents still classified.
    assert_eq!(
        found,
        [
            ("input/no-schema".to_string(), 3),
            ("yaml/syntax".to_string(), 14),
            ("input/no-schema".to_string(), 17)
        ]
    );
}

#[test]
fn billion_laughs_fails_fast() {
    let started = Instant::now();
    let run = crdlint(&[
        "check",
        "--format",
        "json",
        "testdata/cli/billion-laughs.yaml",
    ]);
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(2), "took {elapsed:?}");
    assert_eq!(run.code, 1);
    assert_eq!(run.json()["diagnostics"][0]["rule"], "yaml/alias-budget");
}

#[test]
fn deep_nesting_is_reported_not_a_crash() {
    let run = crdlint(&["check", "--color", "never", "testdata/cli/deep.yaml"]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn duplicate_keys_point_at_both() {
    let v = crdlint(&[
        "check",
        "--missing-schema",
        "ignore",
        "--format",
        "json",
        "testdata/cli/duplicate.yaml",
    ])
    .json();
    let d = &v["diagnostics"][0];
    assert_eq!(d["rule"], "yaml/duplicate-key");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(8), Some(3))
    );
    assert_eq!(d["related"][0]["line"], 6);
}

#[test]
fn list_items_are_objects_with_their_own_location() {
    let run = crdlint(&[
        "check",
        "--strict",
        "--format",
        "json",
        "testdata/cli/list.yaml",
    ]);
    let v = run.json();
    // One List with three items, one WidgetList with one: four objects, two documents. The
    // Service is a built-in kind, validated (and valid); the three others have no schema.
    assert_eq!(v["summary"]["documents"], 2);
    assert_eq!(v["summary"]["skipped"], 3);
    assert_eq!(v["summary"]["resources"], 1);
    let at: Vec<(u64, String)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().expect("line"),
                d["object"]["name"].as_str().expect("name").to_string(),
            )
        })
        .collect();
    // The built-in Service is skipped quietly, even with `--strict`.
    assert_eq!(
        at,
        [
            (6, "first".to_string()),
            (12, "unknown-kind".to_string()),
            (24, "second".to_string())
        ]
    );
}

#[test]
fn verbose_lists_skipped_documents() {
    let run = crdlint(&[
        "check",
        "--verbose",
        "--color",
        "never",
        "testdata/cli/list.yaml",
    ]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.transcript());
}

/// Each skipped item says what it is and why, in words that fit it: `an integer`, `null`, and
/// for half a type without metadata the half that is missing (not "no apiVersion and kind").
#[test]
fn verbose_says_why_list_items_are_not_objects() {
    let run = crdlint(&["check", "--verbose", "testdata/cli/list-not-objects.yaml"]);
    assert_eq!(run.code, 0, "{}", run.transcript());
    let skipped: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("skipped "))
        .collect();
    assert_eq!(
        skipped,
        [
            "skipped testdata/cli/list-not-objects.yaml:5:5: document: not an object (an integer)",
            "skipped testdata/cli/list-not-objects.yaml:6:5: document: not an object (null)",
            "skipped testdata/cli/list-not-objects.yaml:7:11: ConfigMap: no apiVersion, and no metadata to make it an object",
        ],
        "{}",
        run.transcript()
    );
}

/// A tree with ignored, hidden, excluded and non-manifest files; every manifest is an unknown
/// kind, so `--strict` names each file that was read.
fn walk_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc = "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: t\n";
    for (path, text) in [
        (".gitignore", "ignored.yaml\nbuild/\n"),
        ("kept.yaml", doc),
        ("ignored.yaml", doc),
        ("build/out.yaml", doc),
        (".hidden.yaml", doc),
        (".hidden-dir/x.yaml", doc),
        ("notes.md", "# not a manifest\n"),
        ("sub/kept.yml", doc),
        (
            "sub/kept.json",
            "{\"apiVersion\": \"example.com/v1\", \"kind\": \"Thing\"}",
        ),
        ("vendor/third-party.yaml", doc),
    ] {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    dir
}

fn files_reported(dir: &Path, extra: &[&str]) -> Vec<String> {
    let root = dir.to_str().expect("UTF-8 path");
    let mut args = vec!["check", "--strict", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(root);
    let v = crdlint(&args).json();
    let mut files: Vec<String> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let f = d["file"].as_str().expect("file");
            f.strip_prefix(root)
                .unwrap_or(f)
                .trim_start_matches('/')
                .to_string()
        })
        .collect();
    files.dedup();
    files
}

#[test]
fn directories_honour_gitignore_and_skip_hidden_files() {
    let dir = walk_tree();
    assert_eq!(
        files_reported(dir.path(), &[]),
        [
            "kept.yaml",
            "sub/kept.json",
            "sub/kept.yml",
            "vendor/third-party.yaml"
        ]
    );
}

#[test]
fn exclude_globs_prune_the_walk() {
    let dir = walk_tree();
    assert_eq!(
        files_reported(dir.path(), &["--exclude", "vendor", "--exclude", "*.json"]),
        ["kept.yaml", "sub/kept.yml"]
    );
}

#[test]
fn explicit_files_are_read_even_when_ignored() {
    let dir = walk_tree();
    let ignored = dir.path().join("ignored.yaml");
    let v = crdlint(&[
        "check",
        "--strict",
        "--format",
        "json",
        ignored.to_str().expect("UTF-8 path"),
    ])
    .json();
    assert_eq!(v["summary"]["files"], 1);
    assert_eq!(v["summary"]["errors"], 1);
}

#[test]
fn output_is_the_same_with_one_thread_or_eight() {
    let args = |threads: &'static str| {
        vec![
            "check",
            "--format",
            "json",
            "--threads",
            threads,
            "testdata/cli",
            "testdata/examples",
        ]
    };
    let one = crdlint(&args("1"));
    let eight = crdlint(&args("8"));
    assert_eq!(one.code, eight.code);
    assert_eq!(one.stdout, eight.stdout);
    assert!(one.json()["summary"]["files"].as_u64() > Some(5));
    // And again: scheduling differs from run to run.
    assert_eq!(crdlint(&args("8")).stdout, eight.stdout);
}

#[test]
fn findings_are_sorted_by_file_then_position() {
    let v = crdlint(&["check", "--format", "json", "--strict", "testdata/cli"]).json();
    let keys: Vec<(String, u64, u64)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["file"].as_str().expect("file").to_string(),
                d["line"].as_u64().expect("line"),
                d["column"].as_u64().expect("column"),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn closed_stdout_is_a_clean_exit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let many = dir.path().join("many.yaml");
    let doc = "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: t\n---\n";
    std::fs::write(&many, doc.repeat(3000)).expect("write");
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(["check", "--strict", "--color", "never"])
        .arg(&many)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Close the reading end before crdlint writes its ~1 MB report.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn rules_lists_every_rule() {
    let run = crdlint(&["rules"]);
    assert_eq!(run.code, 0);
    for id in [
        "yaml/syntax",
        "yaml/duplicate-key",
        "io/read",
        "input/no-schema",
    ] {
        assert!(
            run.stdout.lines().any(|l| l.starts_with(id)),
            "{id} missing"
        );
    }
    let v = crdlint(&["rules", "--format", "json"]).json();
    let n = v["rules"].as_array().expect("array").len();
    assert_eq!(n, run.stdout.lines().count());
}

/// Every `--format json` output is one object that starts with `"version": 1`, the envelope
/// `--help` describes: findings, and the commands that print data of their own (`rules` and
/// `explain` printed a bare array and object before).
#[test]
fn every_json_output_is_the_versioned_envelope() {
    let cases: &[(&[&str], &str)] = &[
        (&["check", "testdata/examples/crds"], "diagnostics"),
        (&["rules"], "rules"),
        (&["explain", "yaml/duplicate-key"], "id"),
        (&["explain", "config"], "keys"),
        (&["explain", "apps/v1/Deployment", "spec.replicas"], "text"),
        (&["versions", "testdata/examples/crds"], "crds"),
        (&["cost", "testdata/cli/cost.yaml"], "crds"),
    ];
    for (args, key) in cases {
        let mut all = args.to_vec();
        all.extend(["--format", "json"]);
        let run = crdlint(&all);
        assert!(run.code <= 1, "{args:?}: {}", run.stderr);
        let v = run.json();
        let keys: Vec<&String> = v.as_object().expect("an object").keys().collect();
        assert_eq!(
            keys.first().map(|k| k.as_str()),
            Some("version"),
            "{args:?}"
        );
        assert_eq!(v["version"], 1, "{args:?}");
        assert!(v.get(*key).is_some(), "{args:?}: no `{key}` in {keys:?}");
    }
}

#[test]
fn explain_shows_docs_and_examples() {
    let run = crdlint(&["explain", "yaml/duplicate-key"]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn versions_in_priority_order() {
    let run = crdlint(&["versions", "testdata/examples/crds"]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.transcript());
}

#[test]
fn manpage_is_roff() {
    let run = crdlint(&["manpage"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with(".ie"),
        "{}",
        &run.stdout[..80.min(run.stdout.len())]
    );
    assert!(run.stdout.contains(".TH crdlint"));
    assert!(run.stdout.contains("check"));
}

/// `manpage --dir` writes git's layout: one page per visible subcommand, each naming every
/// long option of that subcommand (its own and the global ones), as `--help` lists them.
#[test]
fn manpage_dir_has_a_page_per_subcommand() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = crdlint(&["manpage", "--dir", dir.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut cmd = crdlint::cli::args::Cli::command();
    cmd.build();
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .collect();
    assert!(subs.len() >= 10, "{} subcommands", subs.len());
    for sub in subs {
        let name = format!("crdlint-{}", sub.get_name());
        let page = std::fs::read_to_string(dir.path().join(format!("{name}.1")))
            .unwrap_or_else(|e| panic!("{name}.1: {e}"));
        assert!(
            page.contains(&format!(".TH {name}")),
            "{name}.1 has no title"
        );
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long() {
                // roff escapes `-` as `\-`.
                let shown = format!("\\-\\-{}", long.replace('-', "\\-"));
                assert!(page.contains(&shown), "{name}.1 does not document --{long}");
            }
        }
    }
    let top = std::fs::read_to_string(dir.path().join("crdlint.1")).expect("crdlint.1");
    assert_eq!(
        top,
        crdlint(&["manpage"]).stdout,
        "crdlint.1 is the page `manpage` prints"
    );
}

/// The checked-in completions are what the binary generates today. Set `CRDLINT_BLESS=1` to
/// rewrite them after changing a flag.
#[test]
fn completions_have_not_drifted() {
    let bless = std::env::var_os("CRDLINT_BLESS").is_some();
    for (shell, file) in [
        ("bash", "crdlint.bash"),
        ("zsh", "_crdlint"),
        ("fish", "crdlint.fish"),
        ("powershell", "_crdlint.ps1"),
        ("elvish", "crdlint.elv"),
    ] {
        let run = crdlint(&["completions", shell]);
        assert_eq!(run.code, 0);
        let path = Path::new("completions").join(file);
        if bless {
            std::fs::write(&path, &run.stdout).expect("write completions");
            continue;
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == run.stdout,
            "{} is out of date: run `CRDLINT_BLESS=1 cargo test --test integration completions`",
            path.display()
        );
    }
}

/// No completion script offers a hidden subcommand (`manpage`, `scan`): not in the list of
/// subcommands, not as a command of its own, not after `help`. clap_complete leaves out only
/// hidden values, so `completions` takes them out of the command first.
#[test]
fn completions_offer_no_hidden_subcommand() {
    let hidden: Vec<String> = crdlint::cli::args::Cli::command()
        .get_subcommands()
        .filter(|sc| sc.is_hide_set())
        .map(|sc| sc.get_name().to_string())
        .collect();
    assert!(hidden.contains(&"manpage".to_string()), "{hidden:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = crdlint(&["completions", shell]);
        assert_eq!(run.code, 0);
        // Whole words only: `scan` is no part of another word here, and no help text says it.
        let words: std::collections::BTreeSet<&str> = run
            .stdout
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .flat_map(|w| w.split("__"))
            .collect();
        for name in &hidden {
            assert!(
                !words.contains(name.as_str()),
                "the {shell} completions offer the hidden `{name}`"
            );
        }
        // Visible subcommands are still there.
        assert!(words.contains("explain") && words.contains("completions"));
    }
}

/// No completion script offers a hidden flag (`--no-cel`, for benchmarks), at the top or under
/// a subcommand, while the visible ones (`--no-config`) are still offered everywhere.
#[test]
fn completions_offer_no_hidden_flag() {
    let hidden: Vec<String> = crdlint::cli::args::Cli::command()
        .get_arguments()
        .filter(|a| a.is_hide_set())
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    assert!(hidden.contains(&"no-cel".to_string()), "{hidden:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = crdlint(&["completions", shell]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        for name in &hidden {
            assert!(
                !run.stdout.contains(&format!("--{name}"))
                    && !run.stdout.contains(&format!("l {name} ")),
                "the {shell} completions offer the hidden --{name}"
            );
        }
        assert!(run.stdout.contains("no-config"), "{shell}");
    }
    // The hidden flag still works.
    let run = crdlint(&["--no-cel", "rules"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// fish gets the positionals' values bash and zsh offer: `explain`'s rule ids (and `config`),
/// `completions`' shells; and the script parses (`fish -n`, where fish is installed).
#[test]
fn fish_completes_positional_values() {
    let run = crdlint(&["completions", "fish"]);
    let line = |sub: &str| {
        run.stdout
            .lines()
            .find(|l| {
                l.starts_with(&format!(
                    "complete -c crdlint -n \"__fish_crdlint_using_subcommand {sub}\" -f -a "
                ))
            })
            .map(str::to_string)
    };
    let explain = line("explain").expect("explain's positional values");
    assert!(explain.contains("-a \"admission/audit\\t'"), "{explain}");
    assert!(run
        .stdout
        .contains("\nconfig\\t'the keys of .crdlint.yaml'"));
    let shells = line("completions").expect("completions' shells");
    assert!(shells.contains("-a \"bash\\t"), "{shells}");
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        assert!(run.stdout.contains(&format!("\n{shell}\\t")), "{shell}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("crdlint.fish");
    std::fs::write(&script, &run.stdout).expect("write");
    if let Ok(out) = std::process::Command::new("fish")
        .arg("-n")
        .arg(&script)
        .output()
    {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn help_and_version_exit_0() {
    let help = crdlint(&["--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Usage: crdlint"));
    let version = crdlint(&["--version"]);
    assert_eq!(version.code, 0);
    assert_eq!(
        version.stdout,
        format!("crdlint {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn default_prints_resources_as_stored() {
    let run = crdlint(&[
        "default",
        "--crd",
        "testdata/examples/crds",
        "testdata/examples/resources/nightly.yaml",
    ]);
    assert_eq!(run.code, 0, "{}", run.transcript());
    insta::assert_snapshot!(run.transcript());
    // `prune` stops before defaulting: the same objects without the defaulted fields.
    let pruned = crdlint(&[
        "prune",
        "--crd",
        "testdata/examples/crds",
        "testdata/examples/resources/nightly.yaml",
    ]);
    assert_eq!(pruned.code, 0);
    assert!(run.stdout.contains("retentionDays: 30"));
    assert!(
        !pruned.stdout.contains("retentionDays: 30"),
        "{}",
        pruned.stdout
    );
    assert!(pruned.stdout.contains("name: weekly-full"));
}

#[test]
fn prune_drops_unknown_fields_and_prints_yaml() {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc = dir.path().join("w.yaml");
    std::fs::write(
        &doc,
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\n  \
         extra: yes\nstatus: 'on'\n",
    )
    .expect("write");
    let path = doc.to_str().expect("UTF-8 path");
    let args = |unknown: &'static str| {
        vec![
            "prune",
            "--format",
            "json",
            "--unknown-fields",
            unknown,
            "--crd",
            "testdata/cli/crd.yaml",
            path,
        ]
    };
    let ignored = crdlint(&args("ignore"));
    assert_eq!(ignored.code, 0, "{}", ignored.transcript());
    assert_eq!(
        ignored.stdout,
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\n"
    );
    // By default an unknown field is an error (as `kubectl apply` reports it), on stderr; the
    // output no longer has it, so prune reports it as a pruned note and exits 0.
    let strict = crdlint(&args("error"));
    assert_eq!(strict.code, 0, "{}", strict.transcript());
    assert_eq!(strict.stdout, ignored.stdout);
    let report: serde_json::Value = serde_json::from_str(&strict.stderr).expect("JSON on stderr");
    assert_eq!(report["summary"]["errors"], 0, "{report}");
    assert_eq!(
        report["diagnostics"][0]["rule"], "cr/unknown-field",
        "{report}"
    );
    assert_eq!(report["diagnostics"][0]["severity"], "info", "{report}");
}

#[test]
fn default_path_is_the_current_directory() {
    let dir = walk_tree();
    let out = StdCommand::new(assert_cmd::cargo::cargo_bin("crdlint"))
        // `.` is what a run without paths checks when standard input is a terminal (a test has
        // none: `/dev/null` is read as standard input, like a pipe).
        .args(["check", "--strict", "--format", "json", "."])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("crdlint runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let files: Vec<&str> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["file"].as_str())
        .collect();
    // Found paths are reported as the user would type them: no `./` in front.
    assert_eq!(
        files,
        [
            "kept.yaml",
            "sub/kept.json",
            "sub/kept.yml",
            "vendor/third-party.yaml"
        ]
    );
}

#[test]
fn versions_as_json() {
    let v = crdlint(&[
        "versions",
        "--format",
        "json",
        "testdata/examples/crds/cache-policy.yaml",
    ])
    .json();
    assert_eq!(v["version"], 1, "the envelope of every JSON output");
    let v = &v["crds"];
    let names: Vec<&str> = v[0]["versions"]
        .as_array()
        .expect("versions")
        .iter()
        .filter_map(|x| x["name"].as_str())
        .collect();
    assert_eq!(names, ["v1", "v1alpha1"]);
    assert_eq!(v[0]["kind"], "CachePolicy");
}

#[test]
fn kube_version_accepts_supported_minors_only() {
    let ok = crdlint(&[
        "check",
        "--kube-version",
        "1.30",
        "testdata/cli/widgets.json",
    ]);
    assert_eq!(ok.code, 0, "{}", ok.transcript());
    let old = crdlint(&[
        "check",
        "--kube-version",
        "1.10",
        "testdata/cli/widgets.json",
    ]);
    assert_eq!(old.code, 2);
    assert!(old.stderr.contains("not supported"), "{}", old.stderr);
}

/// `--help`, the man page and the completions state the supported range and the default, and
/// both follow `KubeVersion` (a new minor that forgets the help text fails here); the newest
/// minor is accepted and the one after it is not.
#[test]
fn kube_version_range_is_documented_and_enforced() {
    use crdlint::k8s::KubeVersion;
    let (old, new) = (KubeVersion::OLDEST, KubeVersion::NEWEST);
    let range = format!("{old} to {new} (default {new})");
    let help = crdlint(&["check", "--help"]);
    assert!(help.stdout.contains(&range), "{}", help.stdout);
    let man = crdlint(&["manpage"]);
    assert!(man.stdout.contains(&range), "no {range} in the man page");
    let fish = std::fs::read_to_string("completions/crdlint.fish").expect("completions");
    assert!(
        fish.contains(&range),
        "no {range} in completions/crdlint.fish"
    );
    let newest = crdlint(&[
        "check",
        "--kube-version",
        &new.to_string(),
        "testdata/cli/widgets.json",
    ]);
    assert_eq!(newest.code, 0, "{}", newest.transcript());
    let next = format!("1.{}", new.minor + 1);
    let beyond = crdlint(&[
        "check",
        "--kube-version",
        &next,
        "testdata/cli/widgets.json",
    ]);
    assert_eq!(beyond.code, 2);
    assert!(
        beyond
            .stderr
            .contains(&format!("crdlint emulates {old} to {new}")),
        "{}",
        beyond.stderr
    );
}

#[test]
fn write_rewrites_files_in_place_keeping_comments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("schedules.yaml");
    std::fs::write(
        &file,
        "# Backups for the orders database.\n\
         apiVersion: ops.example.com/v1\n\
         kind: BackupSchedule\n\
         metadata:\n  name: orders   # owned by the data team\n\
         spec:\n  schedule: \"0 3 * * *\"   # 03:00 UTC\n  legacyField: true\n  target:\n    bucket: backups.example.com\n\
         ---\n\
         apiVersion: ops.example.com/v1\n\
         kind: BackupSchedule\n\
         metadata: {name: flow}\n\
         spec: {schedule: \"0 4 * * *\", target: {bucket: backups.example.com}}\n",
    )
    .expect("write");
    let path = file.to_str().expect("UTF-8 path");
    let run = crdlint(&[
        "default",
        "--write",
        "--unknown-fields",
        "ignore",
        "--crd",
        "testdata/examples/crds",
        path,
    ]);
    assert_eq!(run.code, 0, "{}", run.transcript());
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "crdlint: rewrote 1 file\n");
    // Both objects keep their comments and layout: the block one gets lines appended, the
    // flow one entries inserted inside its braces.
    let text = std::fs::read_to_string(&file).expect("read back");
    insta::assert_snapshot!(text);
    // The rewrite went through a temporary file that was renamed over the original: nothing
    // else is left in the folder.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["schedules.yaml"]);
    // Running again changes nothing.
    let again = crdlint(&[
        "default",
        "--write",
        "--crd",
        "testdata/examples/crds",
        path,
    ]);
    assert_eq!(again.stderr, "crdlint: rewrote 0 files\n");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), text);
}

#[test]
fn write_leaves_files_with_yaml_errors_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("w.yaml");
    let original = std::fs::read_to_string("testdata/cli/duplicate.yaml").expect("fixture");
    std::fs::write(&file, &original).expect("write");
    let run = crdlint(&[
        "prune",
        "--write",
        "--quiet",
        "--crd",
        "testdata/cli/crd.yaml",
        file.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(run.code, 2, "{}", run.transcript());
    assert!(run.stderr.contains("not rewritten"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&file).expect("read"), original);
}

/// Rule ids are a public interface: this snapshot makes every added, renamed or removed id (and
/// every change of default severity) show up in review. Ids are never reused.
#[test]
fn rule_ids_and_severities() {
    let v = crdlint(&["rules", "--format", "json"]).json();
    let lines: Vec<String> = v["rules"]
        .as_array()
        .expect("array")
        .iter()
        .map(|r| {
            format!(
                "{} {}",
                r["id"].as_str().expect("id"),
                r["severity"].as_str().expect("severity")
            )
        })
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

/// `cost`: every rule's numbers, most expensive first; exit 1 because one rule (an unbounded
/// list of unbounded strings, the Kubernetes documentation's example) is over the limit while
/// the same rule with `maxItems: 25` and `maxLength: 10` is far under it.
#[test]
fn cost_table_and_json() {
    let run = crdlint(&["cost", "--color", "never", "testdata/cli/cost.yaml"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    insta::assert_snapshot!("cost_human", run.transcript());

    let run = crdlint(&["cost", "--format", "json", "testdata/cli/cost.yaml"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let json = run.json();
    let rules = json["crds"][0]["rules"].as_array().expect("rules");
    let totals: Vec<u64> = rules.iter().map(|r| r["total"].as_u64().unwrap()).collect();
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?}");
    assert_eq!(rules[0]["exceeds_limit"], true);
    assert_eq!(rules.last().unwrap()["exceeds_limit"], false);
    insta::assert_json_snapshot!("cost_json", json);
}

/// A CRD whose rules are all within their limits exits 0.
#[test]
fn cost_exit_0_under_the_limits() {
    let run = crdlint(&["cost", "testdata/cli/crd.yaml"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

/// The `--crd` files are parsed, compiled and dropped before the checked files are parsed; a
/// resource is validated against them exactly as against a CRD among the checked paths.
#[test]
fn crd_flag_validates_like_a_crd_in_the_paths() {
    let bad = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 0\n  color: pink\n";
    let via_flag = crdlint_stdin(
        &[
            "validate",
            "--format",
            "json",
            "--crd",
            "testdata/cli/crd.yaml",
            "-",
        ],
        bad,
    );
    assert_eq!(via_flag.code, 1, "{}", via_flag.stdout);
    let v = via_flag.json();
    assert_eq!(v["summary"]["crds"], 1);
    assert_eq!(v["summary"]["resources"], 1);
    let messages = |v: &serde_json::Value| -> Vec<String> {
        v["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| d["message"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let from_flag = messages(&v);
    assert_eq!(from_flag.len(), 2, "{from_flag:?}");
    let in_paths = crdlint_stdin(
        &["check", "--format", "json", "testdata/cli/crd.yaml", "-"],
        bad,
    );
    assert_eq!(messages(&in_paths.json()), from_flag);
}

#[test]
fn cost_warn_sets_the_cel_cost_warning_threshold() {
    let default = crdlint(&["lint", "--format", "json", "testdata/cli/cost-warn.yaml"]);
    assert_eq!(default.code, 0, "{}", default.stdout);
    assert!(
        !default.stdout.contains("cel/cost-high"),
        "{}",
        default.stdout
    );

    let strict = crdlint(&[
        "lint",
        "--format",
        "json",
        "--cost-warn",
        "0",
        "testdata/cli/cost-warn.yaml",
    ]);
    assert_eq!(strict.code, 0, "warnings alone exit 0: {}", strict.stdout);
    assert!(strict.stdout.contains("cel/cost-high"), "{}", strict.stdout);

    let denied = crdlint(&[
        "lint",
        "--cost-warn",
        "0",
        "--deny-warnings",
        "testdata/cli/cost-warn.yaml",
    ]);
    assert_eq!(denied.code, 1);
}

#[test]
fn a_skipped_rule_is_noted_once_whatever_the_threads() {
    let one = crdlint(&[
        "check",
        "--format",
        "json",
        "-j",
        "1",
        "testdata/cli/broken-rule.yaml",
    ]);
    let many = crdlint(&[
        "check",
        "--format",
        "json",
        "-j",
        "8",
        "testdata/cli/broken-rule.yaml",
    ]);
    assert_eq!(one.stdout, many.stdout);
    assert_eq!(
        one.stdout.matches("cr/cel-rules-skipped").count(),
        1,
        "{}",
        one.stdout
    );
    // The linter reports the rule itself at the CRD.
    assert!(one.stdout.contains("cel/compile"), "{}", one.stdout);
}

/// A `description` that is data (a default, a field of that name) reaches the resources from a
/// `--crd` CRD, whose schemas' descriptions are dropped when it is compiled, as from a CRD that
/// is one of the checked files.
#[test]
fn a_crd_read_for_its_schemas_keeps_the_descriptions_that_are_data() {
    let (crd, cr) = (
        "testdata/cli/descriptions/crd.yaml",
        "testdata/cli/descriptions/cr.yaml",
    );
    let schemas_only = crdlint(&["default", "--crd", crd, cr]);
    let whole = crdlint(&["default", crd, cr]);
    assert_eq!(schemas_only.code, 1, "{}", schemas_only.stderr);
    assert!(schemas_only
        .stdout
        .contains("description: from the default"));
    assert!(schemas_only.stdout.contains("[{description: a part}]"));
    // (The checked CRD is written out after the resources.)
    assert!(
        whole.stdout.starts_with(&schemas_only.stdout),
        "{}",
        whole.stdout
    );
    // The same findings on the resources (the checked CRD also gets its own).
    let on_resources = |args: &[&str]| {
        let run = crdlint(args);
        let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        let mut found: Vec<serde_json::Value> = json["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .filter(|d| d["file"] == cr)
            .cloned()
            .collect();
        found.sort_by_key(|d| d.to_string());
        found
    };
    let schemas_only = on_resources(&["check", "--format", "json", "--crd", crd, cr]);
    assert_eq!(schemas_only.len(), 2, "{schemas_only:?}");
    assert_eq!(
        schemas_only,
        on_resources(&["check", "--format", "json", crd, cr])
    );
}
