//! Output polish (issue 33): what every format prints around the server's own text.

use assert_cmd::Command;

fn crdlint(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
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

const ROOTED: &str = "testdata/cli/polish/rooted.yaml";

/// The root path is no field path: JSON says `null`, and the other formats print `<nil>` only
/// inside the server's own aggregate line (`<nil>: Invalid value: null: some validation rules
/// were not checked ...`, `"null"` from 1.34; apiextensions-apiserver's `validation.go`).
#[test]
fn nil_root_path_is_null_in_json_and_only_server_text_elsewhere() {
    let (code, json, _) = crdlint(&["check", "--format", "json", ROOTED]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let ds = v["diagnostics"].as_array().expect("diagnostics");
    assert!(
        ds.iter().any(|d| d["rule"] == "cr/cel-not-checked"),
        "{json}"
    );
    for d in ds {
        assert_ne!(d["path"], "<nil>", "{d}");
    }
    insta::assert_snapshot!("nil_json", json);
    for format in ["human", "concise", "github", "junit"] {
        let (_, out, _) = crdlint(&["check", "--format", format, ROOTED]);
        for line in out.lines().filter(|l| l.contains("<nil>")) {
            assert!(
                line.contains("<nil>: Invalid value: "),
                "{format}: `<nil>` outside the server's text: {line}"
            );
        }
        insta::assert_snapshot!(format!("nil_{format}"), out);
    }
}

/// `versions --format json` has the envelope of every JSON output (`cost` and `check` too).
#[test]
fn versions_json_has_the_envelope() {
    let (code, out, _) = crdlint(&[
        "versions",
        "--format",
        "json",
        "testdata/examples/crds/cache-policy.yaml",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["version"], 1);
    insta::assert_snapshot!("versions_json", out);
}

/// An absolute path under the working directory is placed in the tree as a relative path
/// does: a relative `uri` against `%SRCROOT%` (SARIF 2.1.0, 3.4.4), so code scanning shows it.
#[test]
fn sarif_absolute_path_under_cwd_is_relative_to_srcroot() {
    let cwd = std::env::current_dir().expect("cwd");
    let abs = cwd.join(ROOTED);
    let abs = abs.to_str().expect("UTF-8 path");
    let locations = |file: &str| {
        let (code, out, _) = crdlint(&["check", "--format", "sarif", file]);
        assert_eq!(code, 1);
        let v: serde_json::Value = serde_json::from_str(&out).expect("SARIF");
        let results = v["runs"][0]["results"].as_array().expect("results").clone();
        results
            .iter()
            .map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"].clone())
            .collect::<Vec<_>>()
    };
    let given_absolute = locations(abs);
    assert_eq!(given_absolute, locations(ROOTED));
    insta::assert_json_snapshot!("sarif_absolute_under_cwd", given_absolute);
    // Outside the working directory it stays an absolute `file://` URI.
    let outside = std::env::temp_dir().join("crdlint-polish-outside.yaml");
    std::fs::copy(ROOTED, &outside).expect("copy");
    let far = locations(outside.to_str().expect("UTF-8 path"));
    std::fs::remove_file(&outside).ok();
    assert!(
        far[0]["uri"].as_str().expect("uri").starts_with("file:///"),
        "{far:?}"
    );
    assert!(far[0].get("uriBaseId").is_none(), "{far:?}");
}

/// A config file with several mistakes reports every one, each at its line and column.
#[test]
fn config_reports_every_mistake() {
    let (code, out, err) = crdlint_with_config("testdata/cli/polish/bad-config.yaml");
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err.lines().count(), 4, "{err}");
    insta::assert_snapshot!("config_every_mistake", err);
}

fn crdlint_with_config(config: &str) -> (i32, String, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["--config", config, "check", ROOTED])
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Files of several kinds, so that a run has findings in many files and objects.
const MANY: &[&str] = &[
    "testdata/examples",
    "testdata/cli/duplicate.yaml",
    "testdata/cli/polish/rooted.yaml",
];

/// `(file, line, rule)` of each finding, in the order a format prints them.
fn order(format: &str) -> Vec<(String, u64, String)> {
    let mut args = vec!["check", "--format", format];
    args.extend(MANY);
    let (code, out, _) = crdlint(&args);
    assert_eq!(code, 1, "{out}");
    match format {
        "json" => {
            let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
            let ds = v["diagnostics"].as_array().expect("diagnostics").clone();
            ds.iter()
                .map(|d| {
                    let file = d["file"].as_str().expect("file").to_string();
                    let line = d["line"].as_u64().expect("line");
                    (file, line, d["rule"].as_str().expect("rule").to_string())
                })
                .collect()
        }
        "sarif" => {
            let v: serde_json::Value = serde_json::from_str(&out).expect("SARIF");
            let rs = v["runs"][0]["results"].as_array().expect("results").clone();
            rs.iter()
                .map(|r| {
                    let at = &r["locations"][0]["physicalLocation"];
                    let file = at["artifactLocation"]["uri"].as_str().expect("uri");
                    let line = at["region"]["startLine"].as_u64().expect("line");
                    let rule = r["ruleId"].as_str().expect("ruleId").to_string();
                    (file.to_string(), line, rule)
                })
                .collect()
        }
        "concise" => out
            .lines()
            .filter_map(|l| {
                let mut parts = l.splitn(4, ':');
                let (file, line) = (parts.next()?, parts.next()?.parse().ok()?);
                let rest = parts.nth(1)?;
                // A related location's `note[rule]` line belongs to the finding above it.
                if rest.trim_start().starts_with("note[") {
                    return None;
                }
                let rule = rest.split_once('[')?.1.split_once(']')?.0;
                Some((file.to_string(), line, rule.to_string()))
            })
            .collect(),
        "github" => out
            .lines()
            .filter_map(|l| {
                let fields = l.strip_prefix("::")?.split_once(' ')?.1;
                let (props, _) = fields.split_once("::")?;
                let get = |k: &str| {
                    props
                        .split(',')
                        .find_map(|p| p.strip_prefix(k)?.strip_prefix('='))
                };
                let line = get("line")?.parse().ok()?;
                Some((get("file")?.to_string(), line, get("title")?.to_string()))
            })
            .collect(),
        _ => unreachable!(),
    }
}

/// Every format prints the findings in one order: by file, then position (README.md, "Input"
/// and "The JSON contract"), except that `cr/cel-not-checked`, at its object's first line,
/// follows the errors of that object that blocked the rules, as the server's aggregate does.
#[test]
fn findings_are_sorted_by_file_then_position_in_every_format() {
    let json = order("json");
    assert!(json.len() > 10, "{json:?}");
    for format in ["sarif", "concise", "github"] {
        assert_eq!(order(format), json, "{format}");
    }
    // Sorted, once each note is put back at its object's start.
    let mut files: Vec<&str> = json.iter().map(|d| d.0.as_str()).collect();
    files.dedup();
    let mut sorted = files.clone();
    sorted.sort_unstable();
    assert_eq!(files, sorted, "files in name order");
    for w in json.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if a.0 == b.0 && a.2 != "cr/cel-not-checked" && b.2 != "cr/cel-not-checked" {
            assert!(a.1 <= b.1, "{a:?} before {b:?}");
        }
    }
    let notes = json.iter().filter(|d| d.2 == "cr/cel-not-checked").count();
    assert!(notes >= 2, "the exception is exercised: {json:?}");
    insta::assert_debug_snapshot!("sorted_order", json);
}

/// `test` lists its cases in the file's order in every format, even when `onUpdate` comes
/// before `onCreate`.
#[test]
fn test_cases_are_listed_in_file_order() {
    let args = |format| {
        [
            "test",
            "--crd",
            "testdata/suites/crds",
            "testdata/cli/polish/suite",
            "--format",
            format,
        ]
    };
    let (code, json, err) = crdlint(&args("json"));
    assert_eq!(code, 0, "{json}{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let lines: Vec<u64> = v["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| c["line"].as_u64().expect("line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    let (_, human, _) = crdlint(&args("human"));
    insta::assert_snapshot!("test_case_order_human", human);
}

/// README's `--help` excerpt lists every command as `crdlint --help` prints it (the block is
/// compared whole, so a new subcommand or a reworded summary fails here until README follows).
#[test]
fn readme_help_excerpt_is_the_real_help() {
    let (code, help, _) = crdlint(&["--help"]);
    assert_eq!(code, 0);
    let commands = |text: &str| -> String {
        let start = text.find("\nCommands:\n").expect("a Commands: block") + 1;
        let end = text[start..].find("\n\n").map_or(text.len(), |e| start + e);
        text[start..end].to_string()
    };
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let tour = &readme[readme
        .find("$ crdlint --help")
        .expect("README shows --help")..];
    assert_eq!(
        commands(tour.split("\n...\n```").next().unwrap_or(tour)),
        commands(&help),
        "README.md's `crdlint --help` excerpt differs from the binary's: paste the block above"
    );
}

/// `crdlint` alone is a usage error (exit 2) that prints the help to standard error, as README
/// says: every run names its command.
#[test]
fn no_subcommand_prints_help_and_exits_2() {
    let run = Command::cargo_bin("crdlint")
        .expect("binary")
        .output()
        .expect("runs");
    let (code, out, err) = (
        run.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("Commands:") && err.contains("check"), "{err}");
}

/// A file that cannot be read is named by its `io/read` finding (exit 2), not drawn as an
/// empty code frame and not counted among the files read.
#[test]
fn unreadable_file_has_no_frame_and_is_not_counted() {
    let (code, out, _) = crdlint(&[
        "check",
        "--color",
        "never",
        "--crd",
        "testdata/examples/crds/backup-schedule.yaml",
        "testdata/examples/resources/nightly.yaml",
        "testdata/does-not-exist.yaml",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("io/read"), "{out}");
    assert!(out.contains("in testdata/does-not-exist.yaml"), "{out}");
    assert!(!out.contains("╭─[testdata/does-not-exist.yaml"), "{out}");
    let (_, clean, _) = crdlint(&[
        "check",
        "--color",
        "never",
        "--crd",
        "testdata/examples/crds/backup-schedule.yaml",
        "testdata/examples/resources/nightly.yaml",
    ]);
    let files = |text: &str| {
        text.lines()
            .last()
            .and_then(|l| l.split(" in ").nth(1))
            .map(str::to_owned)
    };
    assert_eq!(files(&out), files(&clean), "{out}\n{clean}");
}

/// A kind no version of its group has is the kind's mistake: `api/unknown-kind` underlines the
/// `kind:` value and suggests the closest kind of the group; a kind that exists in another
/// version of the group keeps the finding on `apiVersion`.
#[test]
fn unknown_kind_underlines_kind_and_suggests_the_nearest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let typo = dir.path().join("typo.yaml");
    std::fs::write(
        &typo,
        "apiVersion: apps/v1\nkind: Deploymnet\nmetadata:\n  name: x\n",
    )
    .expect("write");
    let (code, json, _) = crdlint(&["check", "--format", "json", typo.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{json}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let d = &v["diagnostics"][0];
    assert_eq!(d["rule"], "api/unknown-kind", "{json}");
    assert_eq!(d["path"], "kind", "{json}");
    assert_eq!(d["line"], 2, "{json}");
    assert_eq!(d["help"], "did you mean kind Deployment?", "{json}");
}
