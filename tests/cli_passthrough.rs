//! `prune` and `default` in a pipe: what they do not transform comes out unchanged and in
//! order, byte for byte, and the exit status counts only what is still wrong after the fix
//! (printed or written). Also: a run with nothing to check says so in every format.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(["--no-config", "--color", "never"])
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("crdlint runs");
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

fn crd() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules/widget-crd.yaml"),
    )
    .expect("fixture CRD")
}

/// A stream of everything a repository holds, with one unknown field to prune.
const STREAM: &str = "# The whole release.\n\
apiVersion: v1\n\
kind: ConfigMap   # settings\n\
metadata: {name: settings}\n\
data:\n  mode: \"yes\"\n\
---\n\
# A widget with a typo'd field.\n\
apiVersion: example.com/v1\n\
kind: Widget\n\
metadata:\n  name: small   # keep this\n\
spec:\n  size: 1\n  sise: 2\n  color: red\n\
---\n\
apiVersion: v1\n\
kind: List\n\
items:\n\
- apiVersion: v1\n  kind: Secret\n  metadata: {name: s}\n\
---\n\
apiVersion: other.example.org/v1\n\
kind: Gadget   # no CRD in the run\n\
metadata: {name: g}\n\
spec: {anything: [1, 2]}\n\
---\n\
apiVersion: example.com/v1\n\
kind: Widget\n\
metadata: {name: big}\n\
spec: {size: 3}\n";

#[test]
fn prune_passes_everything_else_through_byte_for_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("crd.yaml"), crd()).expect("write");
    let run = run_in(
        dir.path(),
        &["prune", "--crd", "crd.yaml", "--format", "concise", "-"],
        Some(STREAM),
    );
    // Only the pruned line differs; the CRD given with --crd is not printed.
    assert_eq!(
        run.stdout,
        STREAM.replace("  sise: 2\n", ""),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("prune_stream_findings", run.stderr);
    // default adds only the Secret's Go default (`type: Opaque`, SetDefaults_Secret): no
    // defaults in the schema, and the rest printed the same.
    let run = run_in(
        dir.path(),
        &["default", "--crd", "crd.yaml", "-q", "-"],
        Some(STREAM),
    );
    assert_eq!(
        run.stdout,
        STREAM.replace("  sise: 2\n", "").replace(
            "  metadata: {name: s}\n",
            "  metadata: {name: s}\n  type: Opaque\n"
        )
    );
}

#[test]
fn files_follow_one_another_in_path_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("crd.yaml"), crd()).expect("write");
    let a = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {size: 1, x: 1}";
    let b = "---\n# b\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n";
    let c = "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"}}\n";
    std::fs::create_dir(dir.path().join("m")).expect("mkdir");
    std::fs::write(dir.path().join("m/a.yaml"), a).expect("write");
    std::fs::write(dir.path().join("m/b.yaml"), b).expect("write");
    std::fs::write(dir.path().join("m/c.json"), c).expect("write");
    let run = run_in(dir.path(), &["prune", "--crd", "crd.yaml", "m"], None);
    let want = format!("{}\n{b}---\n{c}", a.replace(", x: 1", ""));
    assert_eq!(run.stdout, want);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The files as given on the command line are printed too, CRDs included.
    let run = run_in(dir.path(), &["prune", "crd.yaml", "m/b.yaml"], None);
    assert_eq!(run.stdout, format!("{}{b}", crd()));
}

#[test]
fn an_alias_that_cannot_be_edited_prints_that_document_alone_as_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("crd.yaml"), crd()).expect("write");
    let first = "# first\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n";
    let shared = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  template: &t\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n    bogus: 1\n  other: *t\n";
    let text = format!("{first}---\n# shared\n{shared}");
    let run = run_in(
        dir.path(),
        &["prune", "--crd", "crd.yaml", "-"],
        Some(&text),
    );
    assert_eq!(
        run.stdout,
        format!(
            "{first}---\n# shared\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  \
template:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: c\n    bogus: 1\n"
        )
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn write_exits_0_when_it_fixed_what_it_found() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("crd.yaml"), crd()).expect("write");
    let fixable = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec:\n  size: 1\n  sise: 1\n";
    std::fs::write(dir.path().join("a.yaml"), fixable).expect("write");
    let check = run_in(dir.path(), &["check", "--crd", "crd.yaml", "a.yaml"], None);
    assert_eq!(check.code, 1, "check reports the unknown field as an error");
    let run = run_in(
        dir.path(),
        &[
            "prune", "--write", "--crd", "crd.yaml", "--format", "concise", "a.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stderr
        .contains("info[cr/unknown-field] unknown field \"spec.sise\" (pruned)"));
    let after = std::fs::read_to_string(dir.path().join("a.yaml")).expect("read");
    assert_eq!(after, fixable.replace("  sise: 1\n", ""));
    // Fixed, so a second run and check are clean.
    assert_eq!(
        run_in(dir.path(), &["check", "--crd", "crd.yaml", "a.yaml"], None).code,
        0
    );

    // What the write does not fix still counts: a schema error stays an error.
    let unfixable = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: b}\nspec:\n  size: 0\n  sise: 1\n";
    std::fs::write(dir.path().join("b.yaml"), unfixable).expect("write");
    let run = run_in(
        dir.path(),
        &[
            "default", "--write", "--crd", "crd.yaml", "--format", "concise", "b.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("error[cr/schema]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("info[cr/unknown-field]"),
        "{}",
        run.stderr
    );

    // And so do the unknown fields of a file that could not be rewritten.
    let shared = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  template: &t\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n    bogus: 1\n  other: *t\n";
    std::fs::write(dir.path().join("c.yaml"), shared).expect("write");
    let run = run_in(
        dir.path(),
        &[
            "prune", "--write", "--crd", "crd.yaml", "--format", "concise", "c.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("error[cr/unknown-field]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("error[write/not-rewritten]"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("c.yaml")).expect("read"),
        shared
    );
}

#[test]
fn nothing_to_check_is_a_warning_in_every_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("empty")).expect("mkdir");
    for format in ["human", "json", "sarif", "concise", "github", "junit"] {
        let run = run_in(dir.path(), &["check", "--format", format, "empty"], None);
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        assert!(
            run.stdout.contains("input/no-manifests"),
            "{format}: {}",
            run.stdout
        );
        assert!(
            run.stdout.contains("no YAML or JSON files in empty"),
            "{format}"
        );
        assert!(run.stderr.is_empty(), "{format}: {}", run.stderr);
        let denied = run_in(
            dir.path(),
            &["check", "--deny-warnings", "--format", format, "empty"],
            None,
        );
        assert_eq!(denied.code, 1, "{format}");
    }
    let run = run_in(dir.path(), &["check", "--format", "json"], Some(""));
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let d = &v["diagnostics"][0];
    assert_eq!(d["rule"], "input/no-manifests");
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["message"], "no documents on standard input");
    // Silenced like any rule.
    let run = run_in(
        dir.path(),
        &[
            "check", "--ignore", "input/", "--format", "concise", "empty",
        ],
        None,
    );
    assert!(!run.stdout.contains("input/no-manifests"), "{}", run.stdout);
}
