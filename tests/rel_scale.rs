//! Issue 26 (inputs that turned seconds into hours, `diff` passing silently) and issue 27 (wrong
//! matches under `--old-ref`): each reproducer of `../shared/reliability-cases/` that is about
//! scale or `diff`, at a size that checks the result without slowing the suite (the scaling
//! itself is measured by `benches/scaling.sh`, never timed here), and repositories built by the
//! test with local `git` commands in the layouts that went wrong (a CRD kept in a standard and
//! an experimental channel folder, names with newlines and non-ASCII letters).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn bin() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("crdlint"));
    c.env_remove("NO_COLOR").env_remove("COLUMNS");
    c
}

/// Runs `cmd`, killing it (and failing the test) after `limit`: a guard against a hang, not a
/// measurement. Returns the output and the child's peak resident set (Linux's `VmHWM`, read
/// every 10 ms; `None` elsewhere).
fn run(mut cmd: Command, limit: Duration) -> (Output, Option<u64>) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn crdlint");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    let status_file = format!("/proc/{}/status", child.id());
    let start = Instant::now();
    let mut peak = None;
    let status = loop {
        let hwm = std::fs::read_to_string(&status_file).ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(hwm.map(|kb| kb * 1024));
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            panic!("crdlint did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = Output {
        status,
        stdout: t_out.join().expect("stdout thread"),
        stderr: t_err.join().expect("stderr thread"),
    };
    (out, peak)
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "json: {e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// `rule message` of each finding.
fn findings(report: &Value) -> Vec<String> {
    report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            format!(
                "{} {}",
                d["rule"].as_str().unwrap_or("-"),
                d["message"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

/// A CRD named `widgets.example.com` whose `spec` has these properties (flow YAML), and a
/// transition rule on `size` (it may not shrink).
fn crd(props: &str) -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {{kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}}
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
            x-kubernetes-validations:
            - rule: "!has(oldSelf.size) || self.size >= oldSelf.size"
              message: size may not shrink
            properties: {props}
"#
    )
}

fn widget(name: &str, size: i64) -> String {
    format!("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: {name}\n  namespace: default\nspec:\n  size: {size}\n")
}

/// A git repository in a temporary directory.
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

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn git(&self, args: &[&str]) -> bool {
        Command::new("git")
            .current_dir(self.path())
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    }

    fn write(&self, path: impl AsRef<Path>, text: &str) {
        let p = self.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    fn commit(&self) {
        assert!(self.git(&["add", "-A"]));
        assert!(self.git(&["commit", "-q", "-m", "c"]));
    }

    fn check(&self, args: &[&str]) -> (Option<i32>, Value) {
        let mut c = bin();
        c.current_dir(self.path())
            .args(["check", "--old-ref", "HEAD", "--format", "json"])
            .args(args);
        let (out, _) = run(c, Duration::from_secs(120));
        (out.status.code(), json(&out))
    }
}

const STANDARD: &str = "{size: {type: integer}}";
const EXPERIMENTAL: &str = "{size: {type: integer}, color: {type: string}}";

#[test]
fn old_ref_compares_each_channel_variant_with_its_own_previous_version() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    // One CRD in two variants, as gateway-api ships its channels.
    repo.write("config/crd/standard/widgets.yaml", &crd(STANDARD));
    repo.write("config/crd/experimental/widgets.yaml", &crd(EXPERIMENTAL));
    repo.commit();
    // Both gain a field: nothing breaks. Matching by name alone compared the standard file
    // with the experimental one (first in path order) and reported `color` removed.
    repo.write(
        "config/crd/standard/widgets.yaml",
        &crd("{size: {type: integer}, shape: {type: string}}"),
    );
    repo.write(
        "config/crd/experimental/widgets.yaml",
        &crd("{size: {type: integer}, color: {type: string}, shape: {type: string}}"),
    );
    let (code, report) = repo.check(&["config/crd"]);
    assert_eq!(code, Some(0), "{:?}", findings(&report));
    // A field removed from the experimental variant is reported there, against its own past.
    repo.write(
        "config/crd/experimental/widgets.yaml",
        &crd("{size: {type: integer}, shape: {type: string}}"),
    );
    let (code, report) = repo.check(&["config/crd"]);
    assert_eq!(code, Some(1));
    let found = findings(&report);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("compat/field-removed"), "{found:?}");
    let d = &report["diagnostics"][0];
    assert!(
        d["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("experimental/widgets.yaml")),
        "{d}"
    );
    assert_eq!(
        d["related"][0]["file"], "HEAD:config/crd/experimental/widgets.yaml",
        "{d}"
    );
}

#[test]
fn old_ref_does_not_guess_between_variants_for_a_new_file() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    repo.write("standard/widgets.yaml", &crd(STANDARD));
    repo.write("experimental/widgets.yaml", &crd(EXPERIMENTAL));
    repo.commit();
    // A third place for the CRD, with both variants changed since: which one it replaces is
    // unknown, and that is said.
    repo.write("standard/widgets.yaml", &crd(EXPERIMENTAL));
    repo.write("experimental/widgets.yaml", &crd(STANDARD));
    repo.write("merged/widgets.yaml", &crd(STANDARD));
    let (code, report) = repo.check(&["merged"]);
    assert_eq!(code, Some(0), "{:?}", findings(&report));
    let found = findings(&report);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with(
            "compat/not-compared 2 CustomResourceDefinitions named widgets.example.com"
        ),
        "{found:?}"
    );
    // Moved (the old file deleted): the one previous version is found across files.
    std::fs::remove_file(repo.path().join("experimental/widgets.yaml")).expect("rm");
    repo.write("standard/widgets.yaml", &crd(STANDARD));
    let (code, report) = repo.check(&["merged"]);
    assert_eq!(code, Some(1), "{:?}", findings(&report));
    assert!(findings(&report)
        .iter()
        .all(|f| f.starts_with("compat/field-removed")));
}

#[test]
fn old_ref_reads_names_git_would_quote() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    repo.write("crd.yaml", &crd(STANDARD));
    // A CRD in a file with a non-ASCII name, and resources in files with a newline, a quote
    // and a non-ASCII letter in their names (git quotes all of them without `-z`).
    repo.write("crds/widgéts.yaml", &crd(EXPERIMENTAL));
    let odd = ["new\nline.yaml", "quote\"d.yaml", "ünï.yaml"];
    for (i, name) in odd.iter().enumerate() {
        repo.write(name, &widget(&format!("w{i}"), 5));
    }
    repo.commit();
    for (i, name) in odd.iter().enumerate() {
        repo.write(name, &widget(&format!("w{i}"), 4));
    }
    // The CRD moves out of the non-ASCII file (now deleted) and loses a field.
    std::fs::remove_file(repo.path().join("crds/widgéts.yaml")).expect("rm");
    repo.write("crds/moved.yaml", &crd(STANDARD));
    let mut args = vec!["--crd", "crd.yaml", "crds/moved.yaml"];
    args.extend(odd);
    let (code, report) = repo.check(&args);
    assert_eq!(code, Some(1));
    let mut found = findings(&report);
    found.sort();
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(
        found[0].starts_with("compat/field-removed"),
        "the moved CRD: {found:?}"
    );
    for f in &found[1..] {
        // Each resource found its previous version: the transition rule ran.
        assert!(f.contains("size may not shrink"), "{found:?}");
    }
}

#[test]
fn old_ref_reads_only_the_previous_versions_it_needs() {
    let Some(repo) = Repo::new() else {
        println!("skipped: git is not available");
        return;
    };
    // One 2 MB blob at 60 paths (120 MB of files at HEAD, a small .git), and the checked file.
    let big: String = (0..20_000)
        .map(|i| {
            format!(
                "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{i}}}\ndata: {{a: b}}\n"
            )
        })
        .collect();
    for i in 0..60 {
        repo.write(format!("gen/f{i}.yaml"), &big);
    }
    repo.write("crd.yaml", &crd(STANDARD));
    repo.write("mine.yaml", &widget("mine", 5));
    // An unchanged file holding an object of the checked file's identity: not read, so not
    // taken as its previous version (reading every file did).
    repo.write("elsewhere.yaml", &widget("moved", 9));
    repo.commit();
    repo.write(
        "mine.yaml",
        &format!("{}---\n{}", widget("mine", 4), widget("moved", 1)),
    );
    let mut c = bin();
    c.current_dir(repo.path()).args([
        "check",
        "--old-ref",
        "HEAD",
        "--format",
        "json",
        "--crd",
        "crd.yaml",
        "mine.yaml",
    ]);
    let (out, peak) = run(c, Duration::from_secs(120));
    let found = findings(&json(&out));
    // Only `mine` shrank against its previous version; `moved` is new as far as the run knows.
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("size may not shrink"), "{found:?}");
    // The 120 MB of other files are not read: far less than one of them parsed.
    if let Some(peak) = peak {
        assert!(peak < 60 << 20, "peak {} MB", peak >> 20);
    }
}

#[test]
fn diff_reports_unreadable_sides_and_never_calls_them_removed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("crd.yaml");
    std::fs::write(&file, crd(STANDARD)).expect("write");
    let missing = dir.path().join("missing.yaml");
    for (old, new) in [(&missing, &file), (&file, &missing)] {
        let mut c = bin();
        c.args(["diff", "--format", "json"]).arg(old).arg(new);
        let (out, _) = run(c, Duration::from_secs(60));
        assert_eq!(out.status.code(), Some(2));
        let found = findings(&json(&out));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("io/read "), "{found:?}");
    }
}

/// A CRD whose `spec` nests `levels` objects, the last holding a field of type `leaf`.
fn deep_crd(levels: usize, leaf: &str) -> String {
    let mut props = format!("{{type: {leaf}}}");
    for _ in 0..levels {
        props = format!("{{type: object, properties: {{a: {props}}}}}");
    }
    crd(&format!("{{x: {props}}}"))
}

#[test]
fn diff_compares_as_deep_as_lint_reads_and_says_where_it_stopped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pair = |levels: usize| {
        let (old, new) = (dir.path().join("old.yaml"), dir.path().join("new.yaml"));
        std::fs::write(&old, deep_crd(levels, "string")).expect("write");
        std::fs::write(&new, deep_crd(levels, "integer")).expect("write");
        let mut c = bin();
        c.args(["diff", "--format", "json"]).arg(&old).arg(&new);
        let (out, _) = run(c, Duration::from_secs(60));
        (out.status.code(), findings(&json(&out)))
    };
    // The reproducer: a type change 63 levels deep passed with exit 0.
    let (code, found) = pair(63);
    assert_eq!(code, Some(1));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("compat/type-changed"), "{found:?}");
    // Deeper than lint reads: a warning that says so, never a silent pass.
    let (code, found) = pair(230);
    assert_eq!(code, Some(0));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("compat/not-compared") && found[0].contains("deeper than 200"),
        "{found:?}"
    );
}

#[test]
fn diff_objects_does_not_blame_the_new_crd_for_old_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let old = dir.path().join("old.yaml");
    let new = dir.path().join("new.yaml");
    let objects = dir.path().join("objects.yaml");
    std::fs::write(
        &old,
        crd("{size: {type: integer, maximum: 10}, color: {type: string}}"),
    )
    .expect("write");
    // The new revision only adds a field.
    std::fs::write(
        &new,
        crd("{size: {type: integer, maximum: 10}, color: {type: string}, shape: {type: string}}"),
    )
    .expect("write");
    // Already invalid under the old CRD (size over its maximum), and one that the new CRD
    // breaks would be reported; this one is not.
    std::fs::write(&objects, widget("big", 12)).expect("write");
    let mut c = bin();
    c.args(["diff", "--format", "json", "--kube-version", "1.29"])
        .arg(&old)
        .arg(&new)
        .arg("--objects")
        .arg(&objects);
    let (out, _) = run(c, Duration::from_secs(60));
    let found = findings(&json(&out));
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(out.status.code(), Some(0));
    // A bound the new CRD tightens is still reported, with only the new error.
    std::fs::write(
        &new,
        crd("{size: {type: integer, maximum: 10}, color: {type: string, maxLength: 1}}"),
    )
    .expect("write");
    std::fs::write(&objects, format!("{}  color: red\n", widget("big", 12))).expect("write");
    let mut c = bin();
    c.args(["diff", "--format", "json", "--kube-version", "1.29"])
        .arg(&old)
        .arg(&new)
        .arg("--objects")
        .arg(&objects);
    let (out, _) = run(c, Duration::from_secs(60));
    let found: Vec<String> = findings(&json(&out))
        .into_iter()
        .filter(|f| f.starts_with("compat/object-"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("spec.color"), "{found:?}");
    assert!(!found[0].contains("spec.size"), "{found:?}");
}

#[test]
fn many_versions_and_enum_values_diff_in_proportional_time() {
    // The reproducers at a tenth of their size: 300 versions (3,000 took 32 s) and 5,000
    // replaced enum values (50,000 took 53 s); the results, not the time, are checked here.
    let dir = tempfile::tempdir().expect("tempdir");
    let versions = |tweak: i64| {
        let mut v = String::new();
        for i in 0..300 {
            v.push_str(&format!(
                "  - name: v{}\n    served: true\n    storage: {}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec: {{type: object, properties: {{a: {{type: integer, maximum: {}}}, f{}: {{type: string}}}}}}\n",
                i + 1,
                i == 0,
                10 - tweak,
                i % 7
            ));
        }
        format!("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {{name: widgets.example.com}}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {{kind: Widget, plural: widgets}}\n  versions:\n{v}")
    };
    let (old, new) = (dir.path().join("old.yaml"), dir.path().join("new.yaml"));
    std::fs::write(&old, versions(0)).expect("write");
    std::fs::write(&new, versions(1)).expect("write");
    let mut c = bin();
    c.args(["diff", "--format", "json"]).arg(&old).arg(&new);
    let (out, _) = run(c, Duration::from_secs(120));
    let found = findings(&json(&out));
    // Every version's maximum was lowered; no pair of served versions newly differs.
    assert_eq!(found.len(), 300, "{:?}", &found[..3.min(found.len())]);
    assert!(found
        .iter()
        .all(|f| f.starts_with("compat/bound-tightened")));

    let enum_crd = |prefix: &str| {
        let values: Vec<String> = (0..5000).map(|j| format!("{prefix}{j}")).collect();
        crd(&format!(
            "{{e: {{type: string, enum: [{}]}}}}",
            values.join(", ")
        ))
    };
    std::fs::write(&old, enum_crd("v")).expect("write");
    std::fs::write(&new, enum_crd("w")).expect("write");
    let mut c = bin();
    c.args(["diff", "--format", "json"]).arg(&old).arg(&new);
    let (out, _) = run(c, Duration::from_secs(120));
    let found = findings(&json(&out));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("compat/enum-value-removed")
            && found[0].contains("enum values \"v0\", \"v1\""),
        "{found:?}"
    );
    assert!(found[0].contains("\"v4999\""));
}

/// Runs `crdlint check --format json ARGS` in `dir`.
fn check_json(dir: &Path, args: &[&str]) -> Value {
    let mut c = bin();
    c.current_dir(dir)
        .args(["check", "--format", "json"])
        .args(args);
    json(&run(c, Duration::from_secs(120)).0)
}

#[test]
fn one_suppression_per_line_is_matched_to_its_line() {
    // `sup-quadratic.yaml` at 5,000 lines (100,000 took 13-19 s).
    let n = 5000;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut text = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n");
    for _ in 0..n {
        text.push_str("  k: v  # crdlint: ignore[yaml/duplicate-key]\n");
    }
    // One line without a comment: its duplicate is reported, at its own line.
    text.push_str("  k: v\n");
    std::fs::write(dir.path().join("s.yaml"), text).expect("write");
    let report = check_json(dir.path(), &["s.yaml"]);
    let s = &report["summary"];
    assert_eq!(s["suppressed"], n - 1, "{s}");
    assert_eq!(s["errors"], 1, "{s}");
    // The first comment silences nothing (the first key is no duplicate).
    assert_eq!(s["warnings"], 1, "{s}");
    let reported: Vec<&Value> = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["suppressed"].is_null() && d["rule"] == "yaml/duplicate-key")
        .collect();
    assert_eq!(reported.len(), 1);
    assert_eq!(reported[0]["line"], n + 5);
}

/// A CRD whose `spec.other` is a map of strings, for findings on every key of a long line.
const MAP_CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{"other":{"type":"object","additionalProperties":{"type":"string"}}}}}}}}]}}"#;

#[test]
fn findings_on_one_long_line_get_their_own_columns() {
    // `oneline.json` at 3,000 keys, with a multi-byte key in front so that columns are
    // characters, not bytes (100,000 keys took 4.9 s counting each column from the line start).
    let n = 3000;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut line = String::from(
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"other":{"ünï":"s""#,
    );
    let mut columns = Vec::new();
    for i in 0..n {
        line.push_str(&format!(",\"k{i}\":"));
        columns.push(line.chars().count() + 1);
        line.push('1');
    }
    line.push_str("}}}\n");
    std::fs::write(dir.path().join("crd.json"), MAP_CRD).expect("write");
    std::fs::write(dir.path().join("one.json"), &line).expect("write");
    let report = check_json(dir.path(), &["--crd", "crd.json", "one.json"]);
    let mut found: Vec<(u64, u64)> = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["file"] == "one.json")
        .map(|d| {
            (
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    found.sort();
    assert_eq!(found.len(), n, "{}", report["summary"]);
    // Each finding is at its value, all on line 1.
    let expected: Vec<(u64, u64)> = columns.iter().map(|c| (1, *c as u64)).collect();
    assert_eq!(found, expected);
}

#[test]
fn many_distinct_schema_errors_are_all_kept() {
    // `enum-violations.yaml` at 4,000 values (50,000 took 5 s de-duplicating by a scan of every
    // earlier message): each violation has its own path, so none is a duplicate.
    let n = 4000;
    let dir = tempfile::tempdir().expect("tempdir");
    let crd = MAP_CRD.replace(
        r#""other":{"type":"object","additionalProperties":{"type":"string"}}"#,
        r#""s":{"type":"array","items":{"type":"string","enum":["a"]}}"#,
    );
    let items = vec!["\"b\""; n].join(",");
    let doc = format!(
        "{crd}\n---\n{{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{{\"name\":\"w\"}},\"spec\":{{\"s\":[{items}]}}}}\n"
    );
    std::fs::write(dir.path().join("e.yaml"), doc).expect("write");
    let report = check_json(dir.path(), &["e.yaml"]);
    assert_eq!(report["summary"]["errors"], n, "{}", report["summary"]);
    let last = &report["diagnostics"][n - 1]["message"];
    assert!(
        last.as_str()
            .is_some_and(|m| m.contains(&format!("spec.s[{}]", n - 1))),
        "{last}"
    );
}

#[test]
fn diff_pairs_the_variants_of_one_crd_by_path_and_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for (side, extra) in [("old", ""), ("new", ", shape: {type: string}")] {
        for (channel, props) in [("standard", STANDARD), ("experimental", EXPERIMENTAL)] {
            let props = format!("{}{extra}}}", props.strip_suffix('}').expect("map"));
            let p = d.join(side).join(channel).join("widgets.yaml");
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, crd(&props)).expect("write");
        }
        // Both variants as two documents of one file, too (the wider first: pairing by name
        // alone compared the standard document with it).
        let both = format!(
            "{}---\n{}",
            crd(&format!(
                "{}{extra}}}",
                EXPERIMENTAL.strip_suffix('}').expect("map")
            )),
            crd(&format!(
                "{}{extra}}}",
                STANDARD.strip_suffix('}').expect("map")
            ))
        );
        std::fs::write(d.join(side).join("bundle.yaml"), both).expect("write");
    }
    let mut c = bin();
    c.args(["diff", "--format", "json"])
        .arg(d.join("old"))
        .arg(d.join("new"));
    let (out, _) = run(c, Duration::from_secs(60));
    // Each variant only gained a field: nothing breaks (by name alone, the standard files were
    // compared with the experimental one and lost `color`).
    assert_eq!(out.status.code(), Some(0), "{:?}", findings(&json(&out)));
    assert!(findings(&json(&out)).is_empty());
}
