//! Every `x-kubernetes-validations` rule of the real-world CRDs in `../shared/corpus` (which real
//! API servers accept) must compile without error, and compiling all of them must be fast.
//! Skipped, with a message, when the corpus is not there.

use std::path::Path;
use std::time::Instant;

use crdlint::cel::rules::{check_crd_rules, compile_crd_rules};
use crdlint::cel::CompileOptions;
use crdlint::k8s::{FieldPath, KubeVersion};
use crdlint::schema::Schema;
use crdlint::yaml::Node;

struct Crd {
    file: String,
    src: String,
    schemas: Vec<(FieldPath, Node)>,
}

fn corpus_crds() -> Option<Vec<Crd>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).ok()?;
    let mut out = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 6 || cols[5] != "crd" {
            continue;
        }
        let file = cols[4].to_string();
        let src = std::fs::read_to_string(root.join(&file)).expect("corpus file readable");
        let mut schemas = Vec::new();
        for doc in crdlint::yaml::load(&src) {
            let Some(r) = doc.root else { continue };
            if r.get_str("kind") != Some("CustomResourceDefinition") {
                continue;
            }
            if let Some(s) = r.at(&["spec", "validation", "openAPIV3Schema"]) {
                let p = FieldPath::new("spec")
                    .child("validation")
                    .child("openAPIV3Schema");
                schemas.push((p, s.clone()));
            }
            if let Some(vs) = r.at(&["spec", "versions"]).and_then(Node::as_seq) {
                for (i, v) in vs.iter().enumerate() {
                    if let Some(s) = v.at(&["schema", "openAPIV3Schema"]) {
                        let p = FieldPath::new("spec")
                            .child("versions")
                            .index(i)
                            .child("schema")
                            .child("openAPIV3Schema");
                        schemas.push((p, s.clone()));
                    }
                }
            }
        }
        out.push(Crd { file, src, schemas });
    }
    Some(out)
}

#[test]
fn corpus_rules_compile_without_errors() {
    let Some(crds) = corpus_crds() else {
        println!("skipped: ../shared/corpus not found");
        return;
    };
    let opts = CompileOptions::new(KubeVersion::NEWEST);
    let mut problems = Vec::new();
    let mut rules = 0;
    let models: Vec<(&Crd, FieldPath, Schema)> = crds
        .iter()
        .flat_map(|c| {
            c.schemas
                .iter()
                .map(move |(p, n)| (c, p.clone(), Schema::from_node(n)))
        })
        .collect();
    let start = Instant::now();
    for (_, p, s) in &models {
        for n in compile_crd_rules(s, p, &opts) {
            rules += n.results.len();
        }
    }
    let elapsed = start.elapsed();
    for (c, p, s) in &models {
        for d in check_crd_rules(s, p, &opts, Some(&c.src)) {
            problems.push(format!("{}: {}", c.file, d.message));
        }
    }
    println!(
        "compiled {rules} rules from {} CRD files in {:.3}s",
        crds.len(),
        elapsed.as_secs_f64()
    );
    assert!(
        rules > 1000,
        "the corpus has thousands of rules, found {rules}"
    );
    assert!(
        problems.is_empty(),
        "{} CEL findings on CRDs real servers accept:\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}
