//! Conformance: what the API server of each supported minor answers to one create, as the
//! text of its aggregate error, against `testdata/conformance/schema/server-words.yaml` (rows
//! read from each release branch's source, cited per case). Runs the whole pipeline
//! (`validate_resource`), so the CEL gate's note is checked in its place in the aggregate.

use crate::common;

use crdlint::diag::Severity;
use crdlint::k8s::KubeVersion;
use crdlint::validate::{self, CompiledCrd, Options};
use crdlint::yaml::Node;
use serde_json::json;

/// `errors.NewInvalid`'s text: one error as is, several as `[e1, e2]` (apimachinery
/// `ToAggregate`, duplicates dropped).
fn aggregate(errors: &[String]) -> String {
    let mut seen: Vec<&String> = Vec::new();
    for e in errors {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    let body = match seen.as_slice() {
        [] => return "created".into(),
        [one] => (*one).clone(),
        many => format!(
            "[{}]",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!("Widget.example.com \"w\" is invalid: {body}")
}

fn minors(range: &str) -> std::ops::RangeInclusive<u32> {
    let (a, b) = range.split_once('-').expect("minors A-B");
    a.parse().expect("A")..=b.parse().expect("B")
}

/// The server's field errors for one create at `minor`: crdlint's error findings and the
/// `cr/cel-not-checked` note (an info for crdlint's counts, one of the server's errors).
fn server_errors(crd: &CompiledCrd, obj: &Node, minor: u32) -> Vec<String> {
    let opts = Options {
        kube_version: KubeVersion { minor },
        ..Options::default()
    };
    validate::validate_resource(crd, obj, &opts)
        .diagnostics
        .iter()
        .filter(|d| {
            d.severity == Severity::Error || d.rule.id == validate::rules::CEL_NOT_CHECKED.id
        })
        .map(|d| d.message.clone())
        .collect()
}

#[test]
fn every_minor_answers_in_its_own_words() {
    let doc = common::vectors_as_pyyaml("schema", "server-words.yaml");
    let cases = doc.get("cases").and_then(Node::as_seq).expect("cases");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases {
        let name = case.get_str("name").expect("name");
        assert!(case.get_str("source").is_some(), "{name}: no source");
        let crd = Node::from_json(&json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com"},
            "spec": {
                "group": "example.com",
                "scope": "Namespaced",
                "names": {"kind": "Widget", "plural": "widgets"},
                "versions": [{
                    "name": "v1", "served": true, "storage": true,
                    "schema": {"openAPIV3Schema": case.get("schema").expect("schema").to_json()},
                }],
            },
        }));
        let crd = CompiledCrd::compile(&crd).unwrap_or_else(|e| panic!("{name}: {e}"));
        let obj = Node::from_json(&json!({
            "apiVersion": "example.com/v1",
            "kind": "Widget",
            "metadata": {"name": "w"},
            "spec": case.get("spec").expect("spec").to_json(),
        }));
        for row in case.get("expect").and_then(Node::as_seq).expect("expect") {
            let want: Vec<String> = row
                .get("errors")
                .and_then(Node::as_seq)
                .expect("errors")
                .iter()
                .map(|e| e.as_str().expect("error text").to_string())
                .collect();
            for minor in minors(row.get_str("minors").expect("minors")) {
                checked += 1;
                let got = server_errors(&crd, &obj, minor);
                if aggregate(&got) != aggregate(&want) {
                    failures.push(format!(
                        "{name} at 1.{minor}:\n   want {}\n    got {}",
                        aggregate(&want),
                        aggregate(&got)
                    ));
                }
            }
        }
    }
    assert!(checked > 0);
    assert!(
        failures.is_empty(),
        "{} of {checked} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
