//! Corpus: real CRDs that real clusters accept must get no cost error
//! (`cel/cost-exceeded`, `cel/crd-cost-exceeded`). Runs only when `../shared/corpus` exists
//! next to the crate root; prints that it was skipped otherwise.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crdlint::cel::cost::{
    check_schema_costs, schema_costs, CostSettings, KubernetesCompiler, COST_EXCEEDED, COST_HIGH,
    CRD_COST_EXCEEDED,
};
use crdlint::k8s::FieldPath;
use crdlint::schema::Schema;
use crdlint::yaml::Node;

fn corpus_dir() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.join("MANIFEST.tsv").exists().then_some(p)
}

/// The `openAPIV3Schema` nodes of a CRD document, with their paths.
fn schemas(doc: &Node) -> Vec<(FieldPath, &Node)> {
    let mut out = Vec::new();
    if let Some(s) = doc.at(&["spec", "validation", "openAPIV3Schema"]) {
        out.push((
            FieldPath::new("spec")
                .child("validation")
                .child("openAPIV3Schema"),
            s,
        ));
    }
    for (i, v) in doc
        .at(&["spec", "versions"])
        .and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        if let Some(s) = v.at(&["schema", "openAPIV3Schema"]) {
            out.push((
                FieldPath::new("spec")
                    .child("versions")
                    .index(i)
                    .child("schema")
                    .child("openAPIV3Schema"),
                s,
            ));
        }
    }
    out
}

#[test]
fn corpus_crds_have_no_cost_errors() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let compiler = KubernetesCompiler::default();
    let settings = CostSettings {
        suggest_fixes: true,
        ..CostSettings::default()
    };
    let (mut files, mut expressions, mut compiled, mut warnings, mut failures) =
        (0, 0, 0, 0, Vec::new());
    let start = Instant::now();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(5) != Some(&"crd") {
            continue;
        }
        let Some(local) = cols.get(4) else { continue };
        let Ok(text) = std::fs::read_to_string(dir.join(local)) else {
            failures.push(format!("{local}: unreadable"));
            continue;
        };
        files += 1;
        for doc in crdlint::yaml::load(&text) {
            let Some(root) = doc.root.as_ref() else {
                continue;
            };
            if root.get_str("kind") != Some("CustomResourceDefinition") {
                continue;
            }
            for (path, node) in schemas(root) {
                let schema = Schema::from_node(node);
                let costs = schema_costs(&schema, &path, &path, &compiler);
                expressions += costs.rules.len();
                compiled += costs.rules.iter().filter(|r| r.compiled).count();
                for d in check_schema_costs(&schema, &costs, &path, &path, &settings) {
                    if d.rule.id == COST_HIGH.id {
                        warnings += 1;
                        if warnings <= 3 {
                            eprintln!(
                                "{local}: {}\n{}\n",
                                d.message,
                                d.help.as_deref().unwrap_or("")
                            );
                        }
                    }
                    if d.rule.id == COST_EXCEEDED.id || d.rule.id == CRD_COST_EXCEEDED.id {
                        failures.push(format!("{local}: {}", d.message));
                    }
                }
            }
        }
    }
    eprintln!(
        "corpus: {files} CRD files, {expressions} expressions ({compiled} compiled) costed in {:?} ({warnings} cel/cost-high warnings, with fixes); {} cost errors",
        start.elapsed(),
        failures.len()
    );
    assert!(files > 0, "no CRD files in the corpus manifest");
    // Expressions that fail to compile cost 0 and would hide cost errors: almost all must compile.
    assert!(
        compiled * 100 >= expressions * 99,
        "{compiled} of {expressions} compiled"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
