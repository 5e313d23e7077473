//! Conformance: string formats against `testdata/conformance/schema/formats.yaml`
//! (kube-openapi `pkg/validation/strfmt/*_test.go`, apiextensions
//! `pkg/apiserver/validation/formats_test.go`). All three sections run.

use crate::common;

use crdlint::k8s::KubeVersion;
use crdlint::schema::formats;
use crdlint::yaml::Node;

/// Cases we cannot run, with the reason. (None at present.)
const SKIPPED: &[(&str, &str)] = &[];

fn load(file: &str) -> Node {
    common::vectors("schema", file)
}

fn strings(n: Option<&Node>) -> Vec<String> {
    n.and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}

/// `"1.34"` → minor 34 (every vector uses major 1).
fn version(s: &str) -> KubeVersion {
    let (major, minor) = s.split_once('.').expect("major.minor");
    assert_eq!(major, "1");
    KubeVersion {
        minor: minor.parse().expect("minor"),
    }
}

fn section<'a>(root: &'a Node, name: &str) -> &'a Node {
    root.at(&["sections", name])
        .unwrap_or_else(|| panic!("missing section {name}"))
}

#[test]
fn format_values() {
    let root = load("formats.yaml");
    let cases = section(&root, "format_values").as_seq().expect("list");
    let mut failures = Vec::new();
    let mut checked = 0;
    for c in cases {
        let format = c.get_str("format").expect("format");
        if let Some((_, why)) = SKIPPED.iter().find(|(n, _)| *n == format) {
            println!("skipped {format}: {why}");
            continue;
        }
        let name = c.get_str("registry_name").unwrap_or(format);
        assert_eq!(formats::normalize(format), formats::normalize(name));
        let f = formats::validator(format)
            .unwrap_or_else(|| panic!("format {format} unknown to the registry"));
        for v in strings(c.get("valid")) {
            checked += 1;
            if !f(&v) {
                failures.push(format!("{format}: {v:?} should be valid"));
            }
        }
        for v in strings(c.get("invalid")) {
            checked += 1;
            if f(&v) {
                failures.push(format!("{format}: {v:?} should be invalid"));
            }
        }
    }
    println!("format values: {} formats, {checked} strings", cases.len());
    assert_eq!(cases.len(), 26);
    assert!(checked >= 362, "expected 362 strings, got {checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unrecognized_formats() {
    let root = load("formats.yaml");
    let cases = section(&root, "unrecognized_formats")
        .as_seq()
        .expect("list");
    assert_eq!(cases.len(), 12);
    for c in cases {
        let name = c.get_str("name").expect("name");
        let format = c.get_str("format").expect("format");
        let types = strings(c.get("type"));
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        let v = version(c.get_str("compatibility_version").expect("version"));
        let mut want = strings(c.get("expected_unrecognized"));
        let mut got = formats::unrecognized_formats(&types, format, v);
        want.sort();
        got.sort();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn supported_format_sets() {
    let root = load("formats.yaml");
    let sec = section(&root, "supported_format_sets");
    let table: Vec<(u32, Vec<String>)> = sec
        .get("versioned_formats")
        .and_then(Node::as_seq)
        .expect("versioned_formats")
        .iter()
        .map(|e| {
            (
                version(e.get_str("introduced_version").expect("version")).minor,
                strings(e.get("formats")),
            )
        })
        .collect();
    let borrowed: Vec<Vec<&str>> = table
        .iter()
        .map(|(_, f)| f.iter().map(String::as_str).collect())
        .collect();
    let table: Vec<(u32, &[&str])> = table
        .iter()
        .zip(&borrowed)
        .map(|((m, _), f)| (*m, f.as_slice()))
        .collect();
    let cases = sec.get("cases").and_then(Node::as_seq).expect("cases");
    assert_eq!(cases.len(), 5);
    for c in cases {
        let name = c.get_str("name").expect("name");
        let v = version(c.get_str("version").expect("version"));
        let mut want = strings(c.get("expected_formats"));
        want.sort();
        assert_eq!(formats::formats_at_version(&table, v.minor), want, "{name}");
    }
}
