//! Control over a run (issue #11): the config file and its errors, rule selection and severity
//! precedence, per-file overrides, suppressions and their audit, which CRD is used, standard
//! input, missing schemas, Helm and kustomize inputs, and the concise format.
//!
//! Each case builds a small tree in a temporary directory and runs the binary there with
//! `--color never`, so that the snapshots show paths as a user in that directory would see them.

use std::path::Path;
use std::process::{Command, Stdio};

use std::io::Write;

const CRD: &str = "apiVersion: apiextensions.k8s.io/v1
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
                size: {type: integer, maximum: MAX}
";

fn crd(max: u32) -> String {
    CRD.replace("MAX", &max.to_string())
}

/// A widget of `size`.
fn widget(name: &str, size: u32) -> String {
    format!("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: {name}\nspec:\n  size: {size}\n")
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    fn transcript(&self) -> String {
        let mut s = format!("exit: {}\n--- stdout\n{}", self.code, self.stdout);
        if !self.stderr.is_empty() {
            s.push_str("--- stderr\n");
            s.push_str(&self.stderr);
        }
        s
    }
    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", self.stdout))
    }
    /// Each finding of a `--format json` run as `rule file` (`rule file:line` with `lines`),
    /// sorted.
    fn found(&self, lines: bool) -> Vec<String> {
        let v = self.json();
        let mut found: Vec<String> = v["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| {
                let at = format!(
                    "{} {}",
                    d["rule"].as_str().unwrap_or(""),
                    d["file"].as_str().unwrap_or("")
                );
                if lines {
                    format!("{at}:{}", d["line"])
                } else {
                    at
                }
            })
            .collect();
        found.sort();
        found
    }
}

/// A temporary tree; `.git` makes it a repository root, so no config file above it is found.
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

/// Runs crdlint in `dir` with `args`; `stdin` is piped when given, `/dev/null` otherwise.
fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("crdlint"));
    cmd.args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd.spawn().expect("crdlint runs");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        pipe.write_all(text.as_bytes()).expect("write stdin");
    }
    let out = child.wait_with_output().expect("crdlint ends");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
        code: out.status.code().expect("exited"),
    }
}

/// (rule, severity, line) of each JSON diagnostic, `suppressed` marked with a `~`.
fn findings(run: &Run) -> Vec<String> {
    run.json()["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            format!(
                "{}{} {} {}:{}",
                if d.get("suppressed").is_some() {
                    "~"
                } else {
                    ""
                },
                d["rule"].as_str().unwrap_or("?"),
                d["severity"].as_str().unwrap_or("?"),
                d["file"].as_str().unwrap_or("-"),
                d["line"]
            )
        })
        .collect()
}

/// A `kube-version` crdlint does not emulate is a config mistake like the others: at the
/// value's line and column, reported with the file's other mistakes, exit 2 (it was a message
/// without a place, and only once the other mistakes were fixed); `--kube-version` wins over it.
#[test]
fn an_unsupported_kube_version_in_the_config_is_located_with_the_other_mistakes() {
    let dir = tree(&[(
        ".crdlint.yaml",
        "version: 1\nbogus: 1\nkube-version: \"1.99\"\n",
    )]);
    let run = run_in(dir.path(), &["check"], None);
    assert_eq!(run.code, 2, "{}", run.transcript());
    let unsupported = crdlint::k8s::KubeVersion::parse("1.99").expect_err("unsupported");
    assert_eq!(
        run.stderr,
        format!(
            "crdlint: error: .crdlint.yaml:2:1: unknown key `bogus`\n\
             .crdlint.yaml:3:15: {unsupported}\n"
        )
    );
    std::fs::write(
        dir.path().join(".crdlint.yaml"),
        "version: 1\nkube-version: \"1.99\"\n",
    )
    .expect("write");
    let run = run_in(dir.path(), &["check"], None);
    assert_eq!(run.code, 2, "{}", run.transcript());
    assert_eq!(
        run.stderr,
        format!("crdlint: error: .crdlint.yaml:2:15: {unsupported}\n")
    );
    // The flag wins over the config's minor, as over any config value (an older crdlint in
    // a repository whose config names a newer minor).
    std::fs::write(
        dir.path().join("cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
    )
    .expect("write");
    let run = run_in(
        dir.path(),
        &["check", "--kube-version", "1.33", "cm.yaml"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.transcript());
}

#[test]
fn config_errors_are_located_in_the_config_file() {
    let dir = tree(&[(
        ".crdlint.yaml",
        "version: 1\nselect: [cel/]\nignor: [versions/]\n",
    )]);
    let run = run_in(dir.path(), &["check"], None);
    assert_eq!(run.code, 2);
    insta::assert_snapshot!("config_unknown_key", run.transcript());
    std::fs::write(
        dir.path().join(".crdlint.yaml"),
        "version: 1\nseverity:\n  versions/schema-drift: warning\n",
    )
    .expect("write");
    let run = run_in(dir.path(), &["check"], None);
    assert_eq!(run.code, 2);
    insta::assert_snapshot!("config_unknown_rule", run.transcript());
    // A config found above the working directory is named by its path from there.
    std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
    let run = run_in(&dir.path().join("sub"), &["check"], None);
    assert!(
        run.stderr.starts_with(
            "crdlint: error: ../.crdlint.yaml:3:3: unknown rule or group `versions/schema-drift`"
        ),
        "{}",
        run.transcript()
    );
    // --no-config ignores it; --config names another.
    std::fs::write(dir.path().join("w.yaml"), widget("w", 1)).expect("write");
    assert_eq!(
        run_in(dir.path(), &["check", "--no-config", "w.yaml"], None).code,
        0
    );
    std::fs::write(
        dir.path().join("other.yaml"),
        "version: 1\nmissing-schema: error\n",
    )
    .expect("write");
    assert_eq!(
        run_in(
            dir.path(),
            &["check", "--config", "other.yaml", "w.yaml"],
            None
        )
        .code,
        1
    );
}

#[test]
fn flags_override_the_config_which_overrides_the_defaults() {
    let files = [("w.yaml", widget("w", 1))];
    let files: Vec<(&str, &str)> = files.iter().map(|(a, b)| (*a, b.as_str())).collect();
    let dir = tree(&files);
    // Default: a missing CRD is a warning.
    let run = run_in(dir.path(), &["check", "--format", "json", "w.yaml"], None);
    assert_eq!(findings(&run), ["input/no-schema warning w.yaml:2"]);
    assert_eq!(run.code, 0);
    // Config: an error.
    std::fs::write(
        dir.path().join(".crdlint.yaml"),
        "version: 1\nseverity:\n  input/no-schema: error\nformat: json\n",
    )
    .expect("write");
    let run = run_in(dir.path(), &["check", "w.yaml"], None);
    assert_eq!(findings(&run), ["input/no-schema error w.yaml:2"]);
    assert_eq!(run.code, 1);
    // Flag: back to a warning; `--ignore` drops it.
    let run = run_in(
        dir.path(),
        &["check", "--warn", "input/no-schema", "w.yaml"],
        None,
    );
    assert_eq!(findings(&run), ["input/no-schema warning w.yaml:2"]);
    let run = run_in(dir.path(), &["check", "--ignore", "input/", "w.yaml"], None);
    assert_eq!(findings(&run), Vec::<String>::new());
    // `crdlint rules` says which source set each severity.
    let rules = run_in(dir.path(), &["rules", "--format", "human"], None);
    let line = rules
        .stdout
        .lines()
        .find(|l| l.starts_with("input/no-schema"))
        .expect("listed");
    assert!(
        line.contains(" error ") && line.ends_with("[set by .crdlint.yaml:3:3]"),
        "{line}"
    );
    let rules = run_in(
        dir.path(),
        &["rules", "--error", "meta/", "--format", "json"],
        None,
    );
    let v = rules.json();
    let unused = v["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .find(|r| r["id"] == "meta/unused-suppression")
        .expect("listed");
    assert_eq!(
        (unused["severity"].as_str(), unused["source"].as_str()),
        (Some("error"), Some("--error meta/"))
    );
}

#[test]
fn per_file_overrides_apply_to_matching_paths() {
    let a = widget("a", 1);
    let dir = tree(&[
        ("vendor/x.yaml", a.as_str()),
        ("mine/x.yaml", a.as_str()),
        (
            ".crdlint.yaml",
            "version: 1\nper-file:\n  - paths: ['vendor/**']\n    ignore: [input/no-schema]\n",
        ),
    ]);
    let run = run_in(dir.path(), &["check", "--format", "json", "."], None);
    assert_eq!(findings(&run), ["input/no-schema warning mine/x.yaml:2"]);
    // Globs are relative to the config file, wherever crdlint runs.
    let run = run_in(
        &dir.path().join("vendor"),
        &["check", "--format", "json", "."],
        None,
    );
    assert_eq!(findings(&run), Vec::<String>::new(), "{}", run.transcript());
}

#[test]
fn each_suppression_form_and_the_audit() {
    let crd = crd(5);
    let dir = tree(&[
        ("crd.yaml", crd.as_str()),
        (
            "same-line.yaml",
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: a\nspec:\n  size: 9  # crdlint: ignore[cr/schema] -- sized by the operator\n",
        ),
        (
            "line-above.yaml",
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: b\nspec:\n  # crdlint: ignore[cr/] -- legacy\n  size: 9\n",
        ),
        (
            "file-wide.yaml",
            "# crdlint: ignore-file[cr/schema]\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: c\nspec:\n  size: 9\n",
        ),
        (
            "annotation.yaml",
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: d\n  annotations:\n    crdlint.io/ignore: \"cr/schema\"\nspec:\n  size: 9\n",
        ),
        (
            "audit.yaml",
            "apiVersion: example.com/v1  # crdlint: ignore\nkind: Widget\nmetadata:\n  name: e\nspec:\n  size: 1  # crdlint: ignore[cr/schema, cr/nope]\n",
        ),
    ]);
    let run = run_in(
        dir.path(),
        &["check", "--crd", "crd.yaml", "--format", "json", "."],
        None,
    );
    insta::assert_snapshot!("suppressions_json", findings(&run).join("\n"));
    assert_eq!(run.code, 0, "{}", run.transcript());
    assert_eq!(run.json()["summary"]["suppressed"], 4);
    // The reason travels with the suppressed finding.
    let v = run.json();
    let reasons: Vec<&str> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["suppressed"]["reason"].as_str())
        .collect();
    assert_eq!(reasons, ["legacy", "sized by the operator"]);
    // Human output hides what was suppressed and shows the audit.
    let human = run_in(
        dir.path(),
        &["check", "--crd", "crd.yaml", "audit.yaml"],
        None,
    );
    insta::assert_snapshot!("suppressions_audit_human", human.transcript());
    // SARIF marks suppressed results as in-source suppressions.
    let sarif = run_in(
        dir.path(),
        &[
            "check",
            "--crd",
            "crd.yaml",
            "--format",
            "sarif",
            "annotation.yaml",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&sarif.stdout).expect("JSON");
    assert_eq!(
        v["runs"][0]["results"][0]["suppressions"][0]["kind"],
        "inSource"
    );
    // --no-suppressions shows everything; require-reason reports suppressions without one.
    let all = run_in(
        dir.path(),
        &[
            "check",
            "--crd",
            "crd.yaml",
            "--no-suppressions",
            "--format",
            "json",
            ".",
        ],
        None,
    );
    assert_eq!(all.json()["summary"]["errors"], 4, "{}", all.transcript());
    std::fs::write(
        dir.path().join(".crdlint.yaml"),
        "version: 1\nrequire-reason: true\n",
    )
    .expect("write");
    let strict = run_in(
        dir.path(),
        &[
            "check",
            "--crd",
            "crd.yaml",
            "--format",
            "json",
            "file-wide.yaml",
            "annotation.yaml",
        ],
        None,
    );
    insta::assert_snapshot!("suppressions_require_reason", findings(&strict).join("\n"));
}

#[test]
fn an_explicit_crd_wins_over_a_walked_one() {
    let old = crd(5);
    let new = crd(50);
    let w = widget("w", 10);
    let dir = tree(&[
        ("a-old/db.yaml", old.as_str()),
        ("b-new/db.yaml", new.as_str()),
        ("w.yaml", w.as_str()),
    ]);
    // Named: the new CRD is used, silently.
    let run = run_in(
        dir.path(),
        &[
            "validate",
            "--crd",
            "b-new/db.yaml",
            "--format",
            "json",
            ".",
        ],
        None,
    );
    assert_eq!(findings(&run), Vec::<String>::new(), "{}", run.transcript());
    // Neither named: the first in path order is used and the other reported with both places.
    let run = run_in(dir.path(), &["validate", "."], None);
    insta::assert_snapshot!("duplicate_crds_unnamed", run.transcript());
    // Identical copies are no ambiguity.
    std::fs::write(dir.path().join("b-new/db.yaml"), &old).expect("write");
    let run = run_in(
        dir.path(),
        &["validate", "--format", "json", "a-old", "b-new"],
        None,
    );
    assert_eq!(findings(&run), Vec::<String>::new());
}

#[test]
fn standard_input_is_read_without_a_dash_when_piped() {
    let crd = crd(5);
    let dir = tree(&[("crds/db.yaml", crd.as_str()), ("other.yaml", "a: [\n")]);
    let run = run_in(
        dir.path(),
        &["validate", "--crd", "crds", "--format", "concise"],
        Some(&widget("piped", 9)),
    );
    insta::assert_snapshot!("stdin_without_dash", run.transcript());
    // `/dev/null` is standard input like a pipe (as `--help` says): read, and said to be
    // empty; the working directory is not checked instead.
    let run = run_in(
        dir.path(),
        &["validate", "--crd", "crds", "--format", "concise"],
        None,
    );
    assert!(
        run.stdout
            .contains("-:1:1: warning[input/no-manifests] no documents on standard input"),
        "{}",
        run.transcript()
    );
    assert!(!run.stdout.contains("other.yaml:"), "{}", run.transcript());
    // An empty directory says so (a warning finding), and exits 0.
    let empty = tree(&[]);
    let run = run_in(empty.path(), &["check", "--format", "concise", "."], None);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains(".:1:1: warning[input/no-manifests] no YAML or JSON files in ."),
        "{}",
        run.transcript()
    );
}

#[test]
fn missing_schema_policies_and_skip() {
    let doc = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec: {selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}}\n---\napiVersion: other.io/v2\nkind: Gizmo\nmetadata:\n  name: g\n";
    let dir = tree(&[("m.yaml", doc)]);
    let at = |args: &[&str]| {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        all.push("m.yaml");
        let run = run_in(dir.path(), &all, None);
        (run.code, findings(&run))
    };
    // Built-in kinds are never reported; custom kinds are warnings by default.
    assert_eq!(
        at(&[]),
        (
            0,
            vec![
                "input/no-schema warning m.yaml:2".to_string(),
                "input/no-schema warning m.yaml:13".to_string()
            ]
        )
    );
    assert_eq!(at(&["--missing-schema", "error"]).0, 1);
    assert_eq!(at(&["--strict"]), at(&["--missing-schema", "error"]));
    assert_eq!(at(&["--missing-schema", "ignore"]), (0, vec![]));
    assert_eq!(at(&["--deny-warnings"]).0, 1);
    assert_eq!(
        at(&["--skip", "Widget", "--skip", "other.io/v2/Gizmo"]),
        (0, vec![])
    );
    assert_eq!(
        at(&[
            "--skip",
            "other.io/v1/Gizmo",
            "--skip",
            "example.com/Widget"
        ]),
        (0, vec!["input/no-schema warning m.yaml:13".to_string()])
    );
}

#[test]
fn helm_templates_and_kustomize_inputs_are_skipped_with_a_hint() {
    let dir = tree(&[
        ("chart/Chart.yaml", "apiVersion: v2\nname: chart\nversion: 0.1.0\n"),
        (
            "chart/templates/backup.yaml",
            "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: {{ .Release.Name }}\n",
        ),
        (
            "kust/kustomization.yaml",
            "resources: [base.yaml]\npatches:\n  - path: patch.yaml\npatchesStrategicMerge:\n  - smp.yaml\n",
        ),
        ("kust/patch.yaml", "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: b\nspec:\n  x: 1\n"),
        ("kust/smp.yaml", "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: b\n"),
    ]);
    let run = run_in(dir.path(), &["check", "--format", "concise", "."], None);
    insta::assert_snapshot!("renderer_inputs", run.transcript());
}

/// In a chart's `templates/` folder Helm renders the whole file as text, so a quoted action
/// (`app: '{{ template "x.name" . }}'`) makes it a template too: skipped with the hint, not
/// checked as the object it is not yet. Outside a chart a quoted action is a template when it
/// reads Helm's names (CRDs a build renders with Helm, as in `deploy/crds/`), and text when
/// another tool's (Kyverno's, Alertmanager's `template "x"`: validated, their one error
/// reported); a `templates/` file without `{{` is checked as is.
#[test]
fn quoted_actions_in_chart_templates_are_templates() {
    let cm = |labels: &str| {
        format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    app: {labels}\n"
        )
    };
    let quoted = cm("'{{ template \"x.name\" . }}'");
    let dir = tree(&[
        (
            "chart/Chart.yaml",
            "apiVersion: v2\nname: chart\nversion: 0.1.0\n",
        ),
        ("chart/templates/cm.yaml", &quoted),
        ("chart/templates/sub/cm.yaml", &quoted),
        ("chart/templates/plain.yaml", &cm("'bad value!'")),
        ("other/cm.yaml", &cm("'{{ include \"x.name\" . }}'")),
        ("other/kyverno.yaml", &cm("'{{ request.object.metadata.name }}'")),
        ("other/alertmanager.yaml", &quoted),
        (
            "deploy/crds/crd-widgets.yaml",
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n  labels:\n    app: '{{ template \"x.name\" . }}'\n    release: \"{{ .Release.Name }}\"\n",
        ),
    ]);
    // Standard input named into the folder with `--stdin-filename` is a template too.
    let piped = run_in(
        dir.path(),
        &["check", "--stdin-filename", "chart/templates/cm.yaml", "-"],
        Some(&quoted),
    );
    assert_eq!(piped.code, 0, "{}", piped.transcript());
    assert!(
        piped
            .stdout
            .contains("a Helm template is not an object until rendered"),
        "{}",
        piped.transcript()
    );
    let run = run_in(dir.path(), &["check", "--format", "json", "."], None);
    assert_eq!(run.code, 1, "{}", run.transcript());
    assert_eq!(
        run.found(false),
        [
            "cr/metadata chart/templates/plain.yaml",
            "cr/metadata other/alertmanager.yaml",
            "cr/metadata other/kyverno.yaml",
            "input/not-a-manifest chart/templates/cm.yaml",
            "input/not-a-manifest chart/templates/sub/cm.yaml",
            "input/not-a-manifest deploy/crds/crd-widgets.yaml",
            "input/not-a-manifest other/cm.yaml",
        ],
        "{}",
        run.transcript()
    );
    // Linting the folder of CRD templates alone: it holds no CRD as written, and says why.
    let lint = run_in(
        dir.path(),
        &["lint", "--format", "json", "deploy/crds"],
        None,
    );
    assert_eq!(lint.code, 0, "{}", lint.transcript());
    let help = lint.json()["diagnostics"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["rule"] == "input/no-manifests"))
        .map(|d| d["help"].to_string())
        .unwrap_or_default();
    assert!(
        help.contains("every file was skipped as not a manifest"),
        "{}",
        lint.transcript()
    );
}

/// Another tool's `{{ ... }}` in quoted scalars, block scalars and the middle of plain scalars
/// (Kyverno, Argo CD) is text: those files are validated (each has one error, `size: 0`), while
/// Helm templates, whose actions YAML would read as structure, are still skipped.
#[test]
fn template_text_in_scalars_is_validated_and_helm_templates_are_skipped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/cli/templates");
    let run = run_in(
        &root,
        &["check", "--crd", "crd.yaml", "--format", "json", "."],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.transcript());
    assert_eq!(
        run.found(true),
        [
            "cr/schema block.yaml:16",
            "cr/schema plain.yaml:11",
            "cr/schema quoted.yaml:12",
            "input/not-a-manifest helm-block.yaml:8",
            "input/not-a-manifest helm-control.yaml:1",
            "input/not-a-manifest helm-value.yaml:4",
        ]
    );
}

#[test]
fn concise_format_is_one_line_per_finding() {
    let dir = tree(&[(
        "d.yaml",
        "a: 1\na: 2\n---\napiVersion: example.com/v1\nkind: Widget\n",
    )]);
    let run = run_in(
        dir.path(),
        &["check", "--format", "concise", "d.yaml"],
        None,
    );
    insta::assert_snapshot!("concise", run.transcript());
}

#[test]
fn explain_config_documents_every_key() {
    let dir = tree(&[(".crdlint.yaml", "version: 1\n")]);
    let run = run_in(dir.path(), &["explain", "config"], None);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("explain_config", run.transcript());
}

/// The complete `.crdlint.yaml` in README.md ("Configuring crdlint") is a valid config, and
/// does what its comments say.
#[test]
fn the_readme_config_example_is_valid() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let section = readme
        .split("## Configuring crdlint")
        .nth(1)
        .expect("the section");
    let example = section
        .split("```yaml\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a yaml block");
    let dir = tree(&[(".crdlint.yaml", example)]);
    let run = run_in(dir.path(), &["rules", "--format", "json"], None);
    assert_eq!(run.code, 0, "{}", run.transcript());
    let v = run.json();
    let severity = |id: &str| {
        v["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .find(|r| r["id"] == id)
            .and_then(|r| r["severity"].as_str())
            .map(str::to_string)
    };
    assert_eq!(severity("cel/cost-high").as_deref(), Some("off"));
    assert_eq!(severity("input/no-schema").as_deref(), Some("error"));
    assert_eq!(
        severity("versions/schema-drift-without-conversion").as_deref(),
        Some("info")
    );
}

#[test]
fn findings_in_a_rendered_helm_stream_name_their_template() {
    let crd = crd(5);
    let dir = tree(&[("crds/db.yaml", crd.as_str())]);
    let stream = format!(
        "---\n# Source: chart/templates/a.yaml\n{}---\n# Source: chart/templates/b.yaml\n{}",
        widget("a", 1),
        widget("b", 9)
    );
    let run = run_in(
        dir.path(),
        &["check", "--crd", "crds", "--format", "json"],
        Some(&stream),
    );
    let v = run.json();
    let d = &v["diagnostics"][0];
    assert_eq!(
        (d["rule"].as_str(), d["line"].as_u64()),
        (Some("cr/schema"), Some(16)),
        "{v}"
    );
    assert_eq!(
        d["related"][0]["message"],
        "rendered from chart/templates/b.yaml"
    );
    assert_eq!(d["related"][0]["line"], 10);
}
