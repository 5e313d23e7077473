//! The real-world corpus (`../shared/corpus`, when present): every `cr-valid` file must validate
//! against its group's CRDs with zero errors; `cr-invalid` files are counted as caught when they
//! get at least one error, and every invalid file with a resource whose kind has a CRD in its
//! group must be caught (CEL rules included; the test prints which files CEL rules caught).
//! Invalid files of built-in kinds (no CRD: they need the native OpenAPI schemas) are listed
//! with the manifest's note but do not fail the test.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crdlint::diag::Severity;
use crdlint::validate::{validate_resource, CompiledCrd, Options};
use crdlint::yaml::Node;

/// `cr-valid` files whose expectation is wrong: (file, reason). Both are documentation
/// examples the corpus README marks as not verified against an API server.
const WRONG_VALID: &[(&str, &str)] = &[
    (
        "external-secrets/docs/snippets/getallsecrets-find-by-tags.yaml",
        "uses external-secrets.io/v1beta1, which the corpus CRD lists with served: false; the server answers 404 (no matches for kind)",
    ),
    (
        "prometheus-operator/example/user-guides/scrapeclass/scrapeclass-example-definition.yaml",
        "a snippet without metadata: the server rejects it with metadata.name: Required value",
    ),
];

fn corpus_dir() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.join("groups.json").exists().then_some(p)
}

fn load_docs(path: &Path) -> Vec<Node> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let mut out = Vec::new();
    for d in crdlint::yaml::load(&text) {
        if let Some(root) = d.root {
            flatten(root, &mut out);
        }
    }
    out
}

/// `kind: List` (and `*List`) documents hold their objects in `items`, as kubectl reads them.
fn flatten(n: Node, out: &mut Vec<Node>) {
    let is_list = n
        .get_str("kind")
        .is_some_and(|k| k == "List" || k.ends_with("List"))
        && n.get("items").and_then(Node::as_seq).is_some();
    if is_list {
        if let Some(items) = n.get("items").and_then(Node::as_seq) {
            for it in items {
                flatten(it.clone(), out);
            }
        }
    } else {
        out.push(n);
    }
}

type Crds = HashMap<(String, String), CompiledCrd>;

fn compile_group(dir: &Path, files: &[serde_json::Value], spent: &mut std::time::Duration) -> Crds {
    let mut crds = HashMap::new();
    for f in files {
        let Some(f) = f.as_str() else { continue };
        for doc in load_docs(&dir.join(f)) {
            if doc.get_str("kind") != Some("CustomResourceDefinition") {
                continue;
            }
            let t0 = std::time::Instant::now();
            let compiled = CompiledCrd::compile(&doc);
            *spent += t0.elapsed();
            match compiled {
                Ok(c) => {
                    crds.insert((c.group.clone(), c.kind.clone()), c);
                }
                Err(e) => panic!("{f}: CRD does not compile: {e}"),
            }
        }
    }
    crds
}

/// Error messages for every custom resource of a file that has a CRD in the group.
fn file_errors(
    crds: &Crds,
    path: &Path,
    validated: &mut usize,
    spent: &mut std::time::Duration,
) -> Vec<String> {
    let mut errs = Vec::new();
    for doc in load_docs(path) {
        let group = doc
            .get_str("apiVersion")
            .and_then(|av| av.rsplit_once('/').map(|(g, _)| g))
            .unwrap_or("");
        let kind = doc.get_str("kind").unwrap_or("");
        let Some(crd) = crds.get(&(group.to_string(), kind.to_string())) else {
            continue;
        };
        *validated += 1;
        let t0 = std::time::Instant::now();
        let out = validate_resource(crd, &doc, &Options::default());
        *spent += t0.elapsed();
        for d in out.diagnostics {
            if d.severity == Severity::Error {
                errs.push(format!("[{}] {}", d.rule.id, d.message));
            }
        }
    }
    errs
}

#[test]
fn corpus_resources() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: ../shared/corpus is not present");
        return;
    };
    let groups: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("groups.json")).expect("groups.json"),
    )
    .expect("groups.json parses");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let notes: HashMap<&str, &str> = manifest
        .lines()
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols.len() >= 7).then(|| (cols[4], cols[6]))
        })
        .collect();
    let empty = Vec::new();
    let mut valid_files = 0;
    let mut valid_resources = 0;
    let mut failures = Vec::new();
    let mut invalid_files = 0;
    let mut caught = 0;
    let mut not_caught = Vec::new();
    let mut missed = Vec::new();
    let mut by_cel = Vec::new();
    let mut spent = std::time::Duration::ZERO;
    let mut compile_time = std::time::Duration::ZERO;
    for g in groups["groups"].as_array().expect("groups") {
        let name = g["name"].as_str().unwrap_or("?");
        let crds = compile_group(
            &dir,
            g["crds"].as_array().unwrap_or(&empty),
            &mut compile_time,
        );
        for f in g["valid"].as_array().unwrap_or(&empty) {
            let Some(f) = f.as_str() else { continue };
            valid_files += 1;
            let errs = file_errors(&crds, &dir.join(f), &mut valid_resources, &mut spent);
            if let Some((_, why)) = WRONG_VALID.iter().find(|(w, _)| *w == f) {
                println!("  known-wrong valid expectation: {f}: {why}; got {errs:?}");
                assert!(
                    !errs.is_empty(),
                    "{f} is listed as wrongly valid but passes now"
                );
                continue;
            }
            if !errs.is_empty() {
                failures.push(format!("{name}: {f}:\n      {}", errs.join("\n      ")));
            }
        }
        for f in g["invalid"].as_array().unwrap_or(&empty) {
            let Some(f) = f.as_str() else { continue };
            invalid_files += 1;
            let mut n = 0;
            let errs = file_errors(&crds, &dir.join(f), &mut n, &mut spent);
            let note = notes.get(f).copied().unwrap_or("");
            if errs.is_empty() {
                not_caught.push(format!("{name}: {f} ({n} resources): {note}"));
                // Files whose kinds have a CRD here must be caught (the rest are built-in
                // kinds, which need the native OpenAPI schemas crdlint does not have).
                if n > 0 {
                    missed.push(format!("{name}: {f}: {note}"));
                }
            } else {
                caught += 1;
                let cel: Vec<&String> = errs
                    .iter()
                    .filter(|e| e.starts_with("[cr/cel-rule]"))
                    .collect();
                if !cel.is_empty() {
                    by_cel.push(format!(
                        "{f}: {}",
                        cel.iter()
                            .map(|e| e.as_str())
                            .collect::<Vec<_>>()
                            .join(" | ")
                    ));
                }
            }
        }
    }
    println!(
        "valid: {valid_files} files, {valid_resources} resources validated, {} files with errors",
        failures.len()
    );
    println!("invalid: {caught}/{invalid_files} files caught");
    println!(
        "time in validate_resource: {:?}, in CompiledCrd::compile: {:?} (test profile, not a benchmark)",
        spent, compile_time
    );
    println!("caught with CEL rule errors: {} files", by_cel.len());
    for c in &by_cel {
        println!("  cel: {c}");
    }
    for n in &not_caught {
        println!("  not caught: {n}");
    }
    assert!(
        missed.is_empty(),
        "invalid files with CRD-backed resources not caught ({}):\n  {}",
        missed.len(),
        missed.join("\n  ")
    );
    assert!(
        failures.is_empty(),
        "valid files with errors ({}):\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

/// `validate::rewrite_file` over every corpus resource: when it produces an edit, the edited
/// file must read back as the stored object (and every other document unchanged).
#[test]
fn corpus_rewrite_round_trips() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: ../shared/corpus is not present");
        return;
    };
    let groups: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("groups.json")).expect("groups.json"),
    )
    .expect("groups.json parses");
    let empty = Vec::new();
    let (mut minimal, mut unchanged, mut fallback) = (0, 0, 0);
    let mut compile_time = std::time::Duration::ZERO;
    let mut failures = Vec::new();
    let mut refusals = Vec::new();
    for g in groups["groups"].as_array().expect("groups") {
        let crds = compile_group(
            &dir,
            g["crds"].as_array().unwrap_or(&empty),
            &mut compile_time,
        );
        for f in g["valid"].as_array().unwrap_or(&empty) {
            let Some(f) = f.as_str() else { continue };
            let text = std::fs::read_to_string(dir.join(f)).expect("read");
            let docs = crdlint::yaml::load(&text);
            for (i, d) in docs.iter().enumerate() {
                let Some(obj) = &d.root else { continue };
                let group = obj
                    .get_str("apiVersion")
                    .and_then(|av| av.rsplit_once('/').map(|(g, _)| g))
                    .unwrap_or("");
                let kind = obj.get_str("kind").unwrap_or("");
                let Some(crd) = crds.get(&(group.to_string(), kind.to_string())) else {
                    continue;
                };
                let Some(stored) = validate_resource(crd, obj, &Options::default()).stored else {
                    continue;
                };
                let change = [crdlint::validate::Change {
                    original: obj,
                    updated: &stored,
                }];
                match crdlint::validate::rewrite_file(&text, &change) {
                    Err(r) => {
                        fallback += 1;
                        refusals.push(format!("{f} document {i}: {}", r.reason));
                    }
                    Ok(new) if new == text => unchanged += 1,
                    Ok(new) => {
                        minimal += 1;
                        let back = crdlint::yaml::load(&new);
                        let ok = back.len() == docs.len()
                            && back[i].root.as_ref().is_some_and(|r| r.value_eq(&stored));
                        if !ok {
                            failures.push(format!("{f} document {i}"));
                        }
                    }
                }
            }
        }
    }
    println!("rewrite: {minimal} edits, {unchanged} unchanged, {fallback} refused: {refusals:#?}");
    assert!(
        failures.is_empty(),
        "rewrites that do not read back: {failures:?}"
    );
}
