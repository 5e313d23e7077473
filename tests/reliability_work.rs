//! Issue #26's reproducers of "work done far beyond what is charged", generated at sizes that
//! still prove the bound (each took gigabytes or seconds before its fix; the figures are in
//! RELIABILITY.md): CEL `flatten`, JSON patch `copy` bombs in `crdlint test`, and regular
//! expressions that compile to huge programs. Each run is bounded in time and in the child's
//! peak resident memory (debug build, any load).

use std::fmt::Write as _;
use std::process::Command;
use std::time::Duration;

use crate::reliability::{bin, run_bounded_rss};

const MB: u64 = 1 << 20;

fn crd(spec_properties: &str, rule: &str) -> String {
    format!(
        r#"{{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {{"name": "widgets.example.com"}}, "spec": {{"group": "example.com", "scope": "Namespaced", "names": {{"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"}}, "versions": [{{"name": "v1", "served": true, "storage": true, "schema": {{"openAPIV3Schema": {{"type": "object", "properties": {{"spec": {{"type": "object", "properties": {{{spec_properties}}}{rule}}}}}}}}}}}]}}}}
"#
    )
}

fn run(dir: &std::path::Path, args: &[&str]) -> (std::process::Output, u64) {
    let mut c: Command = bin();
    c.current_dir(dir).args(args);
    let (out, peak) = run_bounded_rss(c, Duration::from_secs(120));
    (out, peak.unwrap_or(0))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn cel_flatten_of_a_quadratic_list_is_refused_before_it_is_built() {
    // `cel-flatten-3GB.yaml` and `cel-flatten-oom.yaml` with 5,000 items instead of 12,000:
    // 25 million elements (600 MB) at a cost of about 15,000, lint-clean. Now the flatten is
    // sized first and stopped at crdlint's 64 MiB bound.
    let dir = tempfile::tempdir().unwrap();
    let items: Vec<String> = (0..5_000).map(|i| i.to_string()).collect();
    for (name, rule) in [
        ("a", "self.l.map(x, self.l).flatten().size() > 0"),
        ("b", "[self.l.map(x, self.l)].flatten(2).size() > 0"),
    ] {
        let mut doc = crd(
            r#""l": {"type": "array", "maxItems": 100000, "items": {"type": "integer"}}"#,
            &format!(r#", "x-kubernetes-validations": [{{"rule": "{rule}"}}]"#),
        );
        doc.push_str("---\n");
        let _ = writeln!(
            doc,
            r#"{{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {{"name": "w"}}, "spec": {{"l": [{}]}}}}"#,
            items.join(", ")
        );
        let file = dir.path().join(format!("{name}.yaml"));
        std::fs::write(&file, doc).unwrap();
        let (out, peak) = run(dir.path(), &["check", &format!("{name}.yaml")]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
        assert!(stdout.contains("64 MiB"), "{stdout}");
        assert!(peak < 150 * MB, "{rule}: peak {} MB", peak / MB);
    }
}

#[test]
fn json_patch_copies_in_a_suite_are_bounded_as_on_the_server() {
    // `suite-patch-bomb.testsuite.yaml`: forty `copy` operations of the whole CRD into itself
    // (1.8 KB of suite) doubled it forty times and aborted. The server's bound on copies
    // (3 MiB in all) stops it at the twelfth, with the server's words, at the case.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("crd.yaml"),
        crd(r#""size": {"type": "integer"}"#, ""),
    )
    .unwrap();
    let mut suite = String::from(
        "name: bomb\ncrdName: widgets.example.com\ntests:\n  onUpdate:\n  - name: bomb\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 1}\n    initialCRDPatches:\n",
    );
    for i in 0..40 {
        let _ = writeln!(suite, "    - {{op: copy, from: '', path: /x{i}}}");
    }
    suite.push_str("    updated: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2}\n");
    std::fs::write(dir.path().join("bomb.testsuite.yaml"), suite).unwrap();
    let (out, peak) = run(
        dir.path(),
        &["test", "--crd", "crd.yaml", "bomb.testsuite.yaml"],
    );
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{all}");
    // The human output wraps the message; its two ends are on one line each.
    assert!(
        all.contains("initialCRDPatches: patch operation 12: Unable to complete"),
        "{all}"
    );
    assert!(all.contains("exceeding the limit 3145728"), "{all}");
    assert!(peak < 150 * MB, "peak {} MB", peak / MB);
}

#[test]
fn regex_compile_bombs_are_warnings_in_bounded_memory() {
    // `regex-compile-bomb.yaml`: 40 distinct patterns `\p{L}{1000}\w{1000}xN` (3.6 KB) that Go
    // compiles cheaply; each took 64 MB and 0.3 s here and all were kept (2.1 GB, 12 s). Now
    // each is a located warning (Go accepts it: never an error), nothing large is kept, and
    // the attempts stop after a fixed budget.
    let dir = tempfile::tempdir().unwrap();
    let props: Vec<String> = (0..40)
        .map(|i| {
            format!(r#""p{i}": {{"type": "string", "pattern": "\\p{{L}}{{1000}}\\w{{1000}}x{i}"}}"#)
        })
        .collect();
    let mut doc = crd(&props.join(", "), "");
    doc.push_str("---\n");
    doc.push_str(r#"{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"p0": "x"}}"#);
    doc.push('\n');
    std::fs::write(dir.path().join("re.yaml"), doc).unwrap();
    let (out, peak) = run(dir.path(), &["check", "--format", "concise", "re.yaml"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let warnings = stdout
        .lines()
        .filter(|l| l.contains("schema/pattern-too-complex"))
        .count();
    assert_eq!(warnings, 40, "{stdout}");
    assert!(peak < 200 * MB, "peak {} MB", peak / MB);
}
