//! CEL compilation conformance: `testdata/conformance/cel/compilation.yaml` (apiextensions
//! `TestCelCompilation`), `escaping.yaml` (apiserver `TestEscaping`, `TestUnescapeMalformed`) and
//! every expression of `library-cost.yaml` compiling in the environment its header describes.

use std::sync::Arc;

use crdlint::cel::decls::{parse_type, OverloadDecl};
use crdlint::cel::escaping::{escape, unescape};
use crdlint::cel::rules::compile_rule;
use crdlint::cel::schema_types::{decl_type, ROOT_TYPE_NAME};
use crdlint::cel::types::opaque;
use crdlint::cel::{compile_expr, CompileOptions, EnvKind, Type};
use crdlint::k8s::KubeVersion;
use crdlint::schema::{Schema, ValidationRule};
use crdlint::yaml::{Node, Value};

fn load(name: &str) -> Node {
    let path = format!(
        "{}/testdata/conformance/cel/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut docs = crdlint::yaml::load(&text);
    assert_eq!(docs.len(), 1, "{path}");
    docs.remove(0).root.expect("vector file parses")
}

fn s<'a>(n: &'a Node, k: &str) -> Option<&'a str> {
    n.get(k).and_then(Node::as_str)
}

/// Cases we do not run, with the reason. Empty: every case runs.
const SKIPPED: &[(&str, &str)] = &[];

#[test]
fn compilation_vectors() {
    let root = load("compilation.yaml");
    // The upstream test's future function: fakeFunction(string) -> string, introduced in 1.999.
    let conv = root
        .at(&["conventions", "extra_future_function"])
        .expect("extra function");
    let mut params = Vec::new();
    let fake = OverloadDecl {
        id: s(conv.get("overload").unwrap(), "id").unwrap().to_string(),
        member: false,
        params: vec![Type::String],
        result: parse_type(
            s(conv.get("overload").unwrap(), "result").unwrap(),
            &mut params,
        )
        .unwrap(),
        type_params: Vec::new(),
        since: 999,
    };
    let name = s(conv, "name").unwrap().to_string();
    let mut ran = 0;
    let mut failures = Vec::new();
    for case in root.get("cases").and_then(Node::as_seq).unwrap() {
        let id = s(case, "id").unwrap();
        if SKIPPED.iter().any(|(n, _)| *n == id) {
            continue;
        }
        let opts = CompileOptions {
            kube_version: KubeVersion::NEWEST,
            env: match s(case, "env") {
                Some("stored") => EnvKind::StoredExpressions,
                _ => EnvKind::NewExpressions,
            },
            extra_functions: vec![(name.clone(), fake.clone())],
            ..CompileOptions::default()
        };
        let schema = Schema::from_node(case.get("schema").unwrap());
        let decl = decl_type(&schema, false, ROOT_TYPE_NAME).expect("typed schema");
        for (i, r) in case
            .get("rules")
            .and_then(Node::as_seq)
            .unwrap()
            .iter()
            .enumerate()
        {
            ran += 1;
            let mut rule_node = r.clone();
            let expect = rule_node.as_map_mut().unwrap().remove("expect").unwrap();
            let rule = ValidationRule::from_node(&rule_node).unwrap();
            let res = compile_rule(&rule, &decl, &opts);
            let tag = format!("{id}[{i}] {:?}", rule.rule);
            for (k, v) in expect.as_map().unwrap().iter() {
                let ok = match (k, &v.value) {
                    ("ok", Value::Bool(true)) => {
                        res.error.is_none() && res.message_expression_error.is_none()
                    }
                    ("error_contains", Value::String(sub)) => res
                        .error
                        .as_ref()
                        .is_some_and(|e| e.detail.contains(sub.as_str())),
                    ("message_expression_error_contains", Value::String(sub)) => res
                        .message_expression_error
                        .as_ref()
                        .is_some_and(|e| e.detail.contains(sub.as_str())),
                    ("is_transition_rule", Value::Bool(b)) => res.uses_old_self == *b,
                    ("program_is_nil", Value::Bool(true)) => {
                        res.rule.is_none() && res.error.is_none()
                    }
                    _ => panic!("{tag}: unknown expectation {k}"),
                };
                if !ok {
                    failures.push(format!(
                        "{tag}: expected {k}={:?}; got error={:?} msgerr={:?} oldSelf={}",
                        v.to_json(),
                        res.error.as_ref().map(|e| &e.detail),
                        res.message_expression_error.as_ref().map(|e| &e.detail),
                        res.uses_old_self
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(ran, 45, "every rule expectation of compilation.yaml ran");
    println!("compilation.yaml: {ran} rule expectations passed");
}

#[test]
fn escaping_vectors() {
    let root = load("escaping.yaml");
    let mut n = 0;
    for case in root.get("cases").and_then(Node::as_seq).unwrap() {
        let name = s(case, "name").unwrap();
        if case.get("inaccessible").and_then(Node::as_bool) == Some(true) {
            assert_eq!(escape(name), None, "{name:?} must be inaccessible");
        } else {
            let want = s(case, "escaped").unwrap();
            assert_eq!(escape(name).as_deref(), Some(want), "escape({name:?})");
            assert_eq!(unescape(want).as_deref(), Some(name), "unescape({want:?})");
        }
        n += 1;
    }
    for bad in root
        .get("unescape_malformed")
        .and_then(Node::as_seq)
        .unwrap()
    {
        let bad = bad.as_str().unwrap();
        assert_eq!(unescape(bad), None, "unescape({bad:?}) must fail");
        n += 1;
    }
    assert_eq!(n, 61);
}

#[test]
fn escaping_round_trip_property() {
    // The upstream fuzz property on a deterministic sample of names.
    let alphabet = ['a', 'Z', '_', '.', '-', '/', '0', ' ', 'é'];
    let mut seed: u64 = 7;
    for _ in 0..5000 {
        let mut s = String::new();
        for _ in 0..(seed % 9 + 1) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s.push(alphabet[(seed >> 33) as usize % alphabet.len()]);
        }
        if let Some(e) = escape(&s) {
            assert!(
                e.chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && e.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{s:?} -> {e:?}"
            );
            assert_eq!(unescape(&e).as_deref(), Some(s.as_str()), "{s:?} -> {e:?}");
        }
    }
}

#[test]
fn library_cost_expressions_compile() {
    let root = load("library-cost.yaml");
    // The plain cel-go environment of apiserver's library tests (see the file's header): every
    // library, optional types, no base-environment language options, an `authorizer` variable.
    let opts = CompileOptions {
        kube_version: KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    };
    let vars = vec![("authorizer".to_string(), Type::opaque(opaque::AUTHORIZER))];
    let mut failures = Vec::new();
    let mut n = 0;
    for case in root.get("cases").and_then(Node::as_seq).unwrap() {
        let expr = s(case, "expr").unwrap();
        n += 1;
        if let Err(e) = compile_expr(expr, &vars, &opts) {
            failures.push(format!("{}: {expr}\n{e}", s(case, "id").unwrap()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(n, 225);
    let _ = Arc::new(());
}

/// Error texts of `validation.yaml` error rules that come from compilation (the rest are
/// runtime errors, whose rules must compile).
const COMPILE_TIME_MARKERS: &[&str] = &[
    "compilation failed",
    "compile error",
    "undefined field",
    "no matching overload",
    "undeclared reference",
    "mismatched input",
    "expected type",
    "invalid matches argument",
    "max recursion depth exceeded",
];

/// `validation.yaml` cases we do not run, with the reason.
const VALIDATION_SKIPPED: &[(&str, &str)] = &[];

#[test]
fn validation_rules_compile_as_the_server_compiles_them() {
    let root = load("validation.yaml");
    // CR validation compiles with the stored-expressions environment of the server's version.
    let opts = CompileOptions {
        kube_version: KubeVersion::NEWEST,
        env: EnvKind::StoredExpressions,
        ..CompileOptions::default()
    };
    let mut failures = Vec::new();
    let (mut valid, mut errs, mut runtime) = (0, 0, 0);
    for section in ["cases", "recursion"] {
        for case in root.get(section).and_then(Node::as_seq).unwrap() {
            let id = s(case, "id").unwrap();
            if VALIDATION_SKIPPED.iter().any(|(n, _)| *n == id) {
                continue;
            }
            let schema = Schema::from_node(case.get("schema").unwrap());
            let is_root = case
                .get("is_resource_root")
                .and_then(Node::as_bool)
                .unwrap_or(false);
            let compile = |rule: &str, root: bool| {
                let decl = decl_type(&schema, root, ROOT_TYPE_NAME).expect("typed schema");
                let r = ValidationRule {
                    rule: rule.to_string(),
                    ..ValidationRule::default()
                };
                compile_rule(&r, &decl, &opts)
            };
            for r in case
                .get("valid_rules")
                .and_then(Node::as_seq)
                .into_iter()
                .flatten()
            {
                let rule = r.as_str().unwrap();
                valid += 1;
                if let Some(e) = compile(rule, is_root).error {
                    failures.push(format!("{id}: valid rule {rule:?} failed: {}", e.detail));
                }
            }
            for r in case
                .get("error_rules")
                .and_then(Node::as_seq)
                .into_iter()
                .flatten()
            {
                let rule = s(r, "rule").unwrap();
                let want = s(r, "error_contains").unwrap();
                let res = compile(rule, true);
                if COMPILE_TIME_MARKERS.iter().any(|m| want.contains(m)) {
                    errs += 1;
                    let want = want.strip_prefix("compile error: ").unwrap_or(want);
                    match &res.error {
                        Some(e) if e.detail.contains(want) => {}
                        other => failures.push(format!(
                            "{id}: {rule:?} should fail with {want:?}, got {:?}",
                            other.as_ref().map(|e| &e.detail)
                        )),
                    }
                } else {
                    runtime += 1;
                    if let Some(e) = res.error {
                        failures.push(format!(
                            "{id}: {rule:?} fails at runtime upstream ({want:?}) but did not compile: {}",
                            e.detail
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures ({valid} valid, {errs} compile-error, {runtime} runtime-error rules):\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("validation.yaml: {valid} valid rules, {errs} compile errors, {runtime} runtime-error rules compile");
}
