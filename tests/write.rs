//! `prune`/`default` and `--write` through the binary: what is written, where, and what is
//! refused (issue #10, items 1–7 and 11). Large inputs are generated here, never stored.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn crdlint_in(dir: &Path, args: &[&std::ffi::OsStr]) -> Run {
    let out = Command::cargo_bin("crdlint")
        .expect("binary built")
        .current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .output()
        .expect("crdlint runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().expect("exited"),
    }
}

fn run(dir: &Path, args: &[&str]) -> Run {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| std::ffi::OsStr::new(*a)).collect();
    crdlint_in(dir, &args)
}

/// A v1 CRD for `Widget` whose `spec` has the given properties (JSON text).
fn crd(spec_properties: &str) -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: widgets.example.com}}
spec:
  group: example.com
  scope: Namespaced
  names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}
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
            properties: {spec_properties}
"#
    )
}

const BASIC: &str = r#"{"image": {"type": "string"}, "mode": {"type": "string", "default": "fast"}, "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}, "text": {"type": "string"}}"#;

const HEAD: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n";

fn setup(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).expect("read")
}

#[test]
fn a_version_without_schema_prunes_nothing_and_crd_files_are_linted() {
    // Item 1: a v1beta1 CRD without `validation` keeps every field (preserveUnknownFields
    // defaults to true there); `prune --write` used to write `{}`.
    let crd = "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {plural: widgets, kind: Widget}\n  scope: Namespaced\n  versions: [{name: v1, served: true, storage: true}]\n";
    let res = format!("{HEAD}spec:\n  anything: 1\n  more: [a, b]\n");
    let dir = setup(&[("crd.yaml", crd), ("w.yaml", &res)]);
    let r = run(
        dir.path(),
        &["prune", "--write", "--crd", "crd.yaml", "w.yaml"],
    );
    assert_eq!(read(dir.path(), "w.yaml"), res, "{}", r.stderr);
    let r = run(dir.path(), &["prune", "--crd", "crd.yaml", "w.yaml"]);
    assert!(r.stdout.contains("anything: 1"), "{}", r.stdout);
    // `check --crd --lint-vendored`: the CRD given as a schema is linted, its findings in its
    // own file.
    let r = run(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--crd",
            "crd.yaml",
            "--lint-vendored",
            "w.yaml",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect(&r.stdout);
    let diags = v["diagnostics"].as_array().expect("diagnostics");
    assert!(
        diags.iter().any(|d| d["file"] == "crd.yaml"),
        "no finding for the --crd file: {}",
        r.stdout
    );
}

#[test]
fn schemas_deeper_than_the_cap_are_refused_not_cut() {
    // Item 5: a schema 250 levels deep used to be cut at 200, so real fields were "unknown"
    // and `prune --write` deleted them.
    let mut schema = String::from(r#"{"type": "string"}"#);
    let mut value = String::from("leaf");
    for _ in 0..250 {
        schema = format!(r#"{{"type": "object", "properties": {{"x": {schema}}}}}"#);
        value = format!("{{x: {value}}}");
    }
    let res = format!("{HEAD}spec: {{deep: {value}}}\n");
    let dir = setup(&[
        ("crd.yaml", &crd(&format!(r#"{{"deep": {schema}}}"#))),
        ("w.yaml", &res),
    ]);
    let r = run(
        dir.path(),
        &["prune", "--write", "--crd", "crd.yaml", "w.yaml"],
    );
    assert_eq!(read(dir.path(), "w.yaml"), res);
    assert!(r.stderr.contains("nests deeper than"), "{}", r.stderr);
    let r = run(dir.path(), &["check", "--crd", "crd.yaml", "w.yaml"]);
    assert!(!r.stdout.contains("unknown field"), "{}", r.stdout);
    assert_ne!(r.code, 0);
}

#[cfg(unix)]
#[test]
fn writes_go_to_the_path_that_was_read() {
    // Item 2: `a\xff.yaml` was written to `a\u{FFFD}.yaml`, `.//x.yaml` to `/x.yaml`.
    use std::os::unix::ffi::OsStrExt;
    let res = format!("{HEAD}spec:\n  image: i\n  bogus: 1\n");
    let dir = setup(&[("crd.yaml", &crd(BASIC)), ("x.yaml", &res)]);
    let raw = std::ffi::OsStr::from_bytes(b"a\xff.yaml");
    let lossy = dir.path().join("a\u{FFFD}.yaml");
    std::fs::write(dir.path().join(raw), &res).expect("write");
    std::fs::write(&lossy, "unrelated: true\n").expect("write");
    let args = [
        std::ffi::OsStr::new("prune"),
        std::ffi::OsStr::new("--write"),
        std::ffi::OsStr::new("--crd"),
        std::ffi::OsStr::new("crd.yaml"),
        raw,
        std::ffi::OsStr::new(".//x.yaml"),
    ];
    let r = crdlint_in(dir.path(), &args);
    assert!(r.stderr.contains("rewrote 2 files"), "{}", r.stderr);
    let want = format!("{HEAD}spec:\n  image: i\n");
    assert_eq!(std::fs::read_to_string(dir.path().join(raw)).unwrap(), want);
    assert_eq!(read(dir.path(), "x.yaml"), want);
    assert_eq!(
        std::fs::read_to_string(&lossy).unwrap(),
        "unrelated: true\n"
    );
    // Two names that display alike are still two files.
    let other = std::ffi::OsStr::from_bytes(b"a\xfe.yaml");
    std::fs::write(dir.path().join(other), &res).expect("write");
    let r = crdlint_in(
        dir.path(),
        &[
            std::ffi::OsStr::new("prune"),
            std::ffi::OsStr::new("--write"),
            std::ffi::OsStr::new("--crd"),
            std::ffi::OsStr::new("crd.yaml"),
            raw,
            other,
        ],
    );
    assert!(r.stderr.contains("rewrote 1 file"), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join(other)).unwrap(),
        want
    );
}

#[cfg(unix)]
#[test]
fn a_planted_temporary_file_is_never_followed() {
    // Item 3: the temporary name was `.{name}.crdlint-{pid}.tmp`, opened with File::create.
    // Plant a symlink under every name the old scheme could use for pids near ours; the
    // random O_EXCL name never touches them.
    let res = format!("{HEAD}spec:\n  image: i\n  bogus: 1\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("w.yaml", &res),
        ("victim", "safe\n"),
    ]);
    let victim = dir.path().join("victim");
    let me = std::process::id();
    for pid in me.saturating_sub(50)..me + 500 {
        let _ = std::os::unix::fs::symlink(
            &victim,
            dir.path().join(format!(".w.yaml.crdlint-{pid}.tmp")),
        );
    }
    let r = run(
        dir.path(),
        &["prune", "--write", "--crd", "crd.yaml", "w.yaml"],
    );
    assert!(r.stderr.contains("rewrote 1 file"), "{}", r.stderr);
    assert_eq!(read(dir.path(), "victim"), "safe\n");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&victim).unwrap().permissions().mode();
    let fresh = std::fs::metadata(dir.path().join("crd.yaml"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode, fresh, "the victim was chmod-ed");
}

#[test]
fn output_every_reader_accepts() {
    // Item 4: flow mappings, JSON files, tab-led multi-line strings, anchors.
    let flow = format!("{HEAD}spec: {{image: nginx, bogus: 1}}  # why\n");
    let json = "{\n  \"apiVersion\": \"example.com/v1\",\n  \"kind\": \"Widget\",\n  \"metadata\": {\"name\": \"j\"},\n  \"spec\": {\"image\": \"i\", \"bogus\": 1}\n}\n";
    let tab = format!("{HEAD}spec:\n  text: \"\\tindented\\nsecond\\n\"\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("flow.yaml", &flow),
        ("w.json", json),
        ("tab.yaml", &tab),
    ]);
    let r = run(
        dir.path(),
        &[
            "default",
            "--write",
            "--crd",
            "crd.yaml",
            "flow.yaml",
            "w.json",
            "tab.yaml",
        ],
    );
    // The unknown fields were errors; written out of the files, they are pruned notes.
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        read(dir.path(), "flow.yaml"),
        format!("{HEAD}spec: {{image: nginx, mode: fast}}  # why\n")
    );
    let j: serde_json::Value = serde_json::from_str(&read(dir.path(), "w.json")).expect("JSON");
    assert_eq!(j["spec"], serde_json::json!({"image": "i", "mode": "fast"}));
    // Printed output (not --write) of a tab-led multi-line string reads back.
    let r = run(dir.path(), &["default", "--crd", "crd.yaml", "tab.yaml"]);
    let docs = crdlint::yaml::load(&r.stdout);
    assert!(docs[0].errors.is_empty(), "{}", r.stdout);
    let root = docs[0].root.as_ref().expect("root");
    assert_eq!(
        root.get("spec").and_then(|s| s.get_str("text")),
        Some("\tindented\nsecond\n")
    );
}

#[test]
fn shared_text_is_never_changed_for_one_of_its_uses() {
    // Item 5: pruning through an alias or `<<` deleted the field in the anchor's definition,
    // which `free` keeps.
    let alias = format!("{HEAD}spec:\n  free: &f\n    image: kept\n    bogus: 1\n  <<: *f\n");
    let keep = format!("{HEAD}spec:\n  text: |+\n    hello\n\n\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("alias.yaml", &alias),
        ("keep.yaml", &keep),
    ]);
    let r = run(
        dir.path(),
        &[
            "default",
            "--write",
            "--crd",
            "crd.yaml",
            "alias.yaml",
            "keep.yaml",
        ],
    );
    assert_eq!(read(dir.path(), "alias.yaml"), alias);
    assert!(
        r.stdout.contains("write/not-rewritten") || r.stderr.contains("write/not-rewritten"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    assert_eq!(r.code, 1);
    // A `|+` scalar keeps its three line breaks when a default is appended after it.
    let text = read(dir.path(), "keep.yaml");
    let docs = crdlint::yaml::load(&text);
    let spec = docs[0]
        .root
        .as_ref()
        .and_then(|r| r.get("spec"))
        .expect("spec");
    assert_eq!(spec.get_str("text"), Some("hello\n\n\n"), "{text}");
    assert_eq!(spec.get_str("mode"), Some("fast"), "{text}");
}

#[test]
fn comments_anchors_and_quotes_survive_in_every_layout() {
    // Item 6: flow and block, anchors, CRLF.
    let block = format!(
        "# head\n{HEAD}spec: # s\n  image: &img 'nginx' # quoted\n  bogus: {{a: 1}} # gone\n  free: {{ref: *img}}\n"
    );
    let block =
        format!("{block}---\n# flow\n{HEAD}spec: {{image: &i n, bogus: 1, free: {{a: *i}}}} # f\n");
    let crlf = block.replace('\n', "\r\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("b.yaml", &block),
        ("c.yaml", &crlf),
    ]);
    let r = run(
        dir.path(),
        &["prune", "--write", "--crd", "crd.yaml", "b.yaml", "c.yaml"],
    );
    assert!(r.stderr.contains("rewrote 2 files"), "{}", r.stderr);
    let want = format!(
        "# head\n{HEAD}spec: # s\n  image: &img 'nginx' # quoted\n  free: {{ref: *img}}\n\
         ---\n# flow\n{HEAD}spec: {{image: &i n, free: {{a: *i}}}} # f\n"
    );
    assert_eq!(read(dir.path(), "b.yaml"), want);
    assert_eq!(read(dir.path(), "c.yaml"), want.replace('\n', "\r\n"));
}

#[cfg(unix)]
#[test]
fn symlinks_are_written_through_and_read_only_files_refused() {
    // Item 7 (README, "Writing files in place").
    use std::os::unix::fs::PermissionsExt;
    let res = format!("{HEAD}spec:\n  image: i\n  bogus: 1\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("real.yaml", &res),
        ("ro.yaml", &res),
    ]);
    std::os::unix::fs::symlink("real.yaml", dir.path().join("link.yaml")).unwrap();
    let ro: PathBuf = dir.path().join("ro.yaml");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = run(
        dir.path(),
        &[
            "prune",
            "--write",
            "--crd",
            "crd.yaml",
            "link.yaml",
            "ro.yaml",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("read-only"), "{}", r.stderr);
    assert_eq!(read(dir.path(), "ro.yaml"), res);
    assert!(std::fs::symlink_metadata(dir.path().join("link.yaml"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        read(dir.path(), "real.yaml"),
        format!("{HEAD}spec:\n  image: i\n")
    );
}

#[test]
fn wide_maps_and_far_duplicate_keys_stay_linear() {
    // Item 11: 10^5 keys (the test has no timer; a quadratic write shows as a hang), and a
    // duplicate key 30,000 lines after the first: the frame must not print the lines between.
    let mut wide = format!("{HEAD}spec:\n  free:\n");
    for i in 0..100_000 {
        wide.push_str(&format!("    k{i}: {i}\n"));
    }
    wide.push_str("  bogus: 1\n");
    let mut dup = format!("{HEAD}spec:\n  free: [0,\n");
    for i in 0..30_000 {
        dup.push_str(&format!("    {i},\n"));
    }
    dup.push_str("    1]\n  free: {}\n");
    let dir = setup(&[
        ("crd.yaml", &crd(BASIC)),
        ("wide.yaml", &wide),
        ("dup.yaml", &dup),
    ]);
    let r = run(
        dir.path(),
        &["prune", "--write", "--crd", "crd.yaml", "wide.yaml"],
    );
    assert!(r.stderr.contains("rewrote 1 file"), "{}", r.stderr);
    assert_eq!(
        read(dir.path(), "wide.yaml"),
        wide.replace("  bogus: 1\n", "")
    );
    let r = run(
        dir.path(),
        &["check", "--color", "never", "--crd", "crd.yaml", "dup.yaml"],
    );
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("duplicate"), "{}", r.stdout);
    assert!(r.stdout.len() < 4000, "{} bytes of frame", r.stdout.len());
    assert!(r.stdout.contains("dup.yaml:"), "{}", r.stdout);
}

#[test]
fn list_items_are_edited_in_place() {
    // An item of a `List` used to be refused whenever a minimal edit was not found; each item
    // is now edited like a document, in block or flow style.
    let list = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: a}\n  spec: {image: x, bogus: 1} # one\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: b}\n  spec:\n    bogus: 2 # two\n";
    let dir = setup(&[("crd.yaml", &crd(BASIC)), ("l.yaml", list)]);
    let r = run(
        dir.path(),
        &["default", "--write", "--crd", "crd.yaml", "l.yaml"],
    );
    assert!(r.stderr.contains("rewrote 1 file"), "{}", r.stderr);
    assert_eq!(
        read(dir.path(), "l.yaml"),
        "apiVersion: v1\nkind: List\nitems:\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: a}\n  spec: {image: x, mode: fast} # one\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: b}\n  spec:\n    mode: fast\n"
    );
}
