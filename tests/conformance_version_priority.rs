//! Conformance: version-name priority against
//! `testdata/conformance/schema/version-priority.yaml` (upstream apimachinery
//! `pkg/version/helpers_test.go` plus the documented sorted example).

use crate::common;

use std::cmp::Ordering;

use crdlint::k8s::version::{
    compare_kube_aware_version_strings, parse_kube_version, sort_by_priority, Stability,
};
use crdlint::yaml::Node;

fn load(file: &str) -> Node {
    common::vectors("schema", file)
}

fn section<'a>(root: &'a Node, name: &str) -> &'a Node {
    root.at(&["sections", name])
        .unwrap_or_else(|| panic!("missing section {name}"))
}

#[test]
fn comparisons() {
    let root = load("version-priority.yaml");
    let cases = section(&root, "comparisons").as_seq().expect("list");
    assert_eq!(cases.len(), 13);
    for c in cases {
        let v1 = c.get_str("v1").expect("v1");
        let v2 = c.get_str("v2").expect("v2");
        let want = c
            .get("expected_greater")
            .and_then(Node::as_bool)
            .expect("bool");
        let got = compare_kube_aware_version_strings(v1, v2) == Ordering::Greater;
        assert_eq!(got, want, "compare({v1}, {v2})");
    }
}

#[test]
fn parse() {
    let root = load("version-priority.yaml");
    let cases = section(&root, "parse").as_seq().expect("list");
    assert_eq!(cases.len(), 5);
    for c in cases {
        let name = c.get_str("name").expect("name");
        let v = c.get_str("version").expect("version");
        let ok = c.get("ok").and_then(Node::as_bool).expect("ok");
        let major = c.get("major").and_then(Node::as_i64).expect("major");
        let minor = c.get("minor").and_then(Node::as_i64).expect("minor");
        let stability = match c.get_str("stability").expect("stability") {
            "alpha" => Stability::Alpha,
            "beta" => Stability::Beta,
            "ga" => Stability::Ga,
            s => panic!("{name}: unknown stability {s}"),
        };
        let got = parse_kube_version(v);
        assert_eq!(got.is_some(), ok, "{name}");
        if let Some(p) = got {
            assert_eq!(
                (p.major as i64, p.stability, p.minor as i64),
                (major, stability, minor),
                "{name}"
            );
        } else {
            // Go returns zero values when parsing fails.
            assert_eq!(
                (major, stability, minor),
                (0, Stability::Alpha, 0),
                "{name}"
            );
        }
    }
}

#[test]
fn sorted_example() {
    let root = load("version-priority.yaml");
    let want: Vec<String> = section(&root, "sorted_example")
        .get("sorted")
        .and_then(Node::as_seq)
        .expect("sorted")
        .iter()
        .map(|n| n.as_str().expect("string").to_string())
        .collect();
    assert_eq!(want.len(), 10);
    for (i, a) in want.iter().enumerate() {
        for b in &want[i + 1..] {
            assert_eq!(
                compare_kube_aware_version_strings(a, b),
                Ordering::Greater,
                "{a} vs {b}"
            );
        }
    }
    // Every rotation and the reverse sort back to the documented order.
    for k in 0..want.len() {
        let mut v = want.clone();
        v.rotate_left(k);
        sort_by_priority(&mut v, |s| s.as_str());
        assert_eq!(v, want);
    }
    let mut v: Vec<String> = want.iter().rev().cloned().collect();
    sort_by_priority(&mut v, |s| s.as_str());
    assert_eq!(v, want);
}
