//! Conformance: apimachinery name predicates against `testdata/conformance/schema/names.yaml`
//! (upstream `pkg/util/validation/validation_test.go`). Every valid string must give no
//! message, every invalid string at least one.

use crate::common;

use crdlint::k8s::names;
use crdlint::yaml::Node;

fn load(file: &str) -> Node {
    common::vectors("schema", file)
}

fn strings(n: Option<&Node>) -> Vec<String> {
    n.and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .map(|s| s.as_str().expect("string vector").to_string())
        .collect()
}

#[test]
fn names_conformance() {
    let root = load("names.yaml");
    let sections = root
        .get("sections")
        .and_then(Node::as_map)
        .expect("sections");
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, sec) in sections.iter() {
        let function = sec.get_str("function").expect("function");
        let f: fn(&str) -> Vec<String> = match function {
            "IsDNS1123Label" => names::is_dns1123_label,
            "IsDNS1123Subdomain" => names::is_dns1123_subdomain,
            "IsDNS1035Label" => names::is_dns1035_label,
            other => panic!("section {name}: unknown function {other}"),
        };
        for v in strings(sec.get("valid")) {
            checked += 1;
            let msgs = f(&v);
            if !msgs.is_empty() {
                failures.push(format!("{function}({v:?}) should be valid, got {msgs:?}"));
            }
        }
        for v in strings(sec.get("invalid")) {
            checked += 1;
            if f(&v).is_empty() {
                failures.push(format!("{function}({v:?}) should be invalid"));
            }
        }
    }
    println!("names: {checked} strings checked");
    assert!(
        checked >= 195,
        "expected 47 + 101 + 47 strings, got {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
