//! Smoke test of the evaluator over the real corpus (`../shared/corpus`, skipped when absent):
//! every CRD version schema with rules compiles into a [`Validator`], and every corpus resource
//! of such a CRD is evaluated after pruning and defaulting (as the server does; schema
//! validation itself is the pipeline's job). Nothing may panic, and no rule may fail on a
//! resource labelled valid; the number of invalid resources caught by rules is printed (the
//! exact verdicts per file are the pipeline's corpus report).

use std::collections::HashMap;
use std::path::Path;

use crdlint::cel::validator::{Limits, Validator};
use crdlint::k8s::FieldPath;
use crdlint::schema::Schema;
use crdlint::yaml::Node;

fn docs(path: &Path) -> Vec<Node> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    crdlint::yaml::load(&text)
        .into_iter()
        .filter_map(|d| d.root)
        .collect()
}

fn get<'a>(n: &'a Node, path: &[&str]) -> Option<&'a Node> {
    let mut cur = n;
    for p in path {
        cur = cur.as_map()?.get(p)?;
    }
    Some(cur)
}

fn s<'a>(n: &'a Node, path: &[&str]) -> &'a str {
    get(n, path).and_then(Node::as_str).unwrap_or("")
}

#[test]
fn corpus_rules_evaluate_without_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(root.join("MANIFEST.tsv")) else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    let rows: Vec<Vec<&str>> = manifest
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .filter(|r: &Vec<&str>| r.len() >= 6)
        .collect();
    // (group, kind, version) -> schema
    let mut schemas: HashMap<(String, String, String), Schema> = HashMap::new();
    for r in rows.iter().filter(|r| r[5] == "crd") {
        for d in docs(&root.join(r[4])) {
            if s(&d, &["kind"]) != "CustomResourceDefinition" {
                continue;
            }
            let group = s(&d, &["spec", "group"]).to_string();
            let kind = s(&d, &["spec", "names", "kind"]).to_string();
            for v in get(&d, &["spec", "versions"])
                .and_then(Node::as_seq)
                .unwrap_or(&[])
            {
                if let Some(sch) = get(v, &["schema", "openAPIV3Schema"]) {
                    schemas.insert(
                        (group.clone(), kind.clone(), s(v, &["name"]).to_string()),
                        Schema::from_node(sch),
                    );
                }
            }
        }
    }
    let mut validators = HashMap::new();
    for (k, sch) in &schemas {
        if let Some(v) = Validator::new(sch, true) {
            validators.insert(k.clone(), v);
        }
    }
    let (mut evaluated, mut flagged_valid, mut flagged_invalid, mut exact) = (0, 0, 0, 0);
    for r in rows
        .iter()
        .filter(|r| r[5] == "cr-valid" || r[5] == "cr-invalid")
    {
        for d in docs(&root.join(r[4])) {
            let (group, version) = match s(&d, &["apiVersion"]).split_once('/') {
                Some((g, v)) => (g.to_string(), v.to_string()),
                None => continue,
            };
            let key = (group, s(&d, &["kind"]).to_string(), version);
            let Some(v) = validators.get(&key) else {
                continue;
            };
            // What the server evaluates: the pruned, null-pruned, defaulted object.
            let sch = &schemas[&key];
            let mut obj = d.clone();
            crdlint::apiext::prune::prune(&mut obj, Some(sch), true);
            crdlint::apiext::prune::prune_non_nullable_nulls(&mut obj, Some(sch));
            crdlint::apiext::prune::apply_defaults(&mut obj, Some(sch));
            let mut budget = 10_000_000;
            let errs = v.validate(
                &FieldPath::root(),
                &obj,
                None,
                Limits::default(),
                &mut budget,
            );
            evaluated += 1;
            // Where the corpus records the server's answer, the rule errors must be exactly
            // its causes (`<field>: <message>`), in order.
            let expected = root.join(format!("{}.expected.json", r[4]));
            if r[5] == "cr-invalid" && r[4].contains("error_cel") && expected.exists() {
                let json: serde_json::Value =
                    serde_json::from_str(&std::fs::read_to_string(&expected).unwrap_or_default())
                        .unwrap_or_default();
                let want: Vec<String> = json
                    .as_array()
                    .and_then(|a| a.first())
                    .and_then(|st| st["details"]["causes"].as_array())
                    .map(|cs| {
                        cs.iter()
                            .map(|c| {
                                format!(
                                    "{}: {}",
                                    c["field"].as_str().unwrap_or(""),
                                    c["message"].as_str().unwrap_or("")
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let got: Vec<String> = errs.iter().map(ToString::to_string).collect();
                assert_eq!(got, want, "{}", r[4]);
                exact += 1;
            }
            if !errs.is_empty() {
                if r[5] == "cr-valid" {
                    flagged_valid += 1;
                    eprintln!("valid {}: {}", r[4], errs[0]);
                } else {
                    flagged_invalid += 1;
                }
            }
        }
    }
    eprintln!(
        "corpus: {} CRD versions with rules, {evaluated} resources evaluated, {flagged_valid} valid \
         resources with rule errors, {flagged_invalid} invalid \
         resources flagged, {exact} compared with the server's recorded errors",
        validators.len()
    );
    assert!(!validators.is_empty(), "the corpus has CRDs with rules");
    assert!(
        exact >= 2,
        "the kubectl-validate error_cel cases were compared"
    );
    // Real clusters accept these resources, so no rule may fail on them.
    assert_eq!(flagged_valid, 0, "rule errors on resources labelled valid");
}
