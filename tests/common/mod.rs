//! Helpers shared by the conformance tests: the vector files in `testdata/conformance/` are read
//! with crdlint's own YAML loader, so a loader regression shows up here too.

// Each test binary compiles this module and uses only some of it.
#![allow(dead_code)]

pub mod textproto;

use crdlint::yaml::{Node, Value};

/// The single document of `testdata/conformance/<dir>/<file>`; panics (failing the test) when the
/// file is missing, empty or has YAML errors.
pub fn vectors(dir: &str, file: &str) -> Node {
    let (root, _) = load(dir, file);
    root
}

/// As [`vectors`], with the plain scalars `y`, `Y`, `n` and `N` read as strings. The vectors were
/// written and checked with PyYAML, whose resolver does not read those as booleans; kubectl's
/// YAML 1.1 resolver (which crdlint follows) does, but the Go test tables mean the strings there
/// (a webhook service named `n`, a field value `y`).
pub fn vectors_as_pyyaml(dir: &str, file: &str) -> Node {
    let (mut root, text) = load(dir, file);
    pyyaml_plain_scalars(&mut root, &text, 0);
    root
}

fn load(dir: &str, file: &str) -> (Node, String) {
    let path = format!(
        "{}/testdata/conformance/{dir}/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let docs = crdlint::yaml::load(&text);
    assert_eq!(docs.len(), 1, "{path}: expected one document");
    let doc = &docs[0];
    assert!(doc.errors.is_empty(), "{path}: {:?}", doc.errors);
    let root = doc
        .root
        .clone()
        .unwrap_or_else(|| panic!("{path}: empty document"));
    (root, text)
}

fn pyyaml_plain_scalars(n: &mut Node, text: &str, depth: usize) {
    assert!(depth < 200, "vector nesting");
    match &mut n.value {
        Value::Bool(_) => {
            let src = text.get(n.span().range()).unwrap_or("");
            if matches!(src, "y" | "Y" | "n" | "N") {
                n.value = Value::String(src.to_string().into());
            }
        }
        Value::Seq(items) => items
            .iter_mut()
            .for_each(|i| pyyaml_plain_scalars(i, text, depth + 1)),
        Value::Map(m) => m
            .entries
            .iter_mut()
            .for_each(|e| pyyaml_plain_scalars(&mut e.value, text, depth + 1)),
        _ => {}
    }
}
