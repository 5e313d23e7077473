//! Runtime costs of the evaluator against the upstream tables: every `runtime_cost` in
//! `testdata/conformance/cel/library-cost.yaml` (plain cel-go environment, no constant
//! folding, no limit) and `cost-stability.yaml` (the Kubernetes CR validation path: rule at the
//! root, resource root, folding on, budget consumed for the whole validation).

use crdlint::cel::eval::ast::from_checked;
use crdlint::cel::eval::{evaluate, Options};
use crdlint::cel::types::{opaque, Type};
use crdlint::cel::validator::{Limits, Validator};
use crdlint::cel::{compile_expr, CompileOptions, EnvKind};
use crdlint::k8s::FieldPath;
use crdlint::k8s::KubeVersion;
use crdlint::schema::Schema;
use crdlint::yaml::{Map, Node, Value as Y};

fn load(name: &str) -> Node {
    let path = format!(
        "{}/testdata/conformance/cel/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("conformance file");
    crdlint::yaml::load(&text)
        .into_iter()
        .next()
        .and_then(|d| d.root)
        .expect("one document")
}

fn get<'a>(n: &'a Node, k: &str) -> Option<&'a Node> {
    n.as_map().and_then(|m| m.get(k))
}

fn seq<'a>(n: &'a Node, k: &str) -> &'a [Node] {
    get(n, k).and_then(Node::as_seq).unwrap_or(&[])
}

/// `(id prefix, reason)`: library-cost cases not run.
const LIBRARY_SKIPS: &[(&str, &str)] = &[(
    "TestAuthzLibrary/",
    "the authz library (authorizer.check & co.) needs a live authorizer; offline validation never evaluates it",
)];

#[test]
fn library_runtime_costs() {
    let root = load("library-cost.yaml");
    // A plain cel-go environment with optional types at the newest minor, as in
    // apiserver's pkg/cel/library/cost_test.go.
    let opts = CompileOptions {
        kube_version: KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    };
    let vars = [("authorizer".to_string(), Type::opaque(opaque::AUTHORIZER))];
    let mut failures = Vec::new();
    let (mut passed, mut skipped) = (0, 0);
    for case in seq(&root, "cases") {
        let id = get(case, "id").and_then(Node::as_str).unwrap_or("");
        let expr = get(case, "expr").and_then(Node::as_str).unwrap_or("");
        let Some(want) = get(case, "runtime_cost").and_then(Node::as_i64) else {
            continue;
        };
        if LIBRARY_SKIPS.iter().any(|(p, _)| id.starts_with(p)) {
            skipped += 1;
            continue;
        }
        // Compiled and checked as upstream's cost_test.go does (the same environment as the
        // estimate in conformance_cel_cost.rs), so calls carry the checker's overload ids.
        let ast = match compile_expr(expr, &vars, &opts) {
            Ok(c) => from_checked(&c.checked),
            Err(e) => {
                failures.push(format!("{id}: {expr}: does not compile\n{e}"));
                continue;
            }
        };
        let out = evaluate(
            &ast,
            &[],
            Options {
                cost_limit: None,
                fold_constants: false,
                ..Options::default()
            },
        );
        if let Err(e) = &out.value {
            failures.push(format!("{id}: {expr}: error {e}"));
        } else if out.cost as i64 != want {
            failures.push(format!("{id}: {expr}: cost {} want {want}", out.cost));
        } else {
            passed += 1;
        }
    }
    eprintln!(
        "library-cost runtime: {passed} passed, {skipped} skipped, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn with_root_rule(schema: &Node, rule: &str) -> Schema {
    let mut node = schema.clone();
    let mut entry = Map::new();
    entry.insert("rule", Node::synthetic(Y::String(rule.to_string().into())));
    let rules = Node::synthetic(Y::Seq(vec![Node::synthetic(Y::Map(entry))].into()));
    if let Y::Map(m) = &mut node.value {
        m.insert("x-kubernetes-validations", rules);
    }
    Schema::from_node(&node)
}

/// `(case id, expr, reason)`: cost-stability rules not compared (none today: keep the list so a
/// future skip has a place and a reason).
const STABILITY_SKIPS: &[(&str, &str, &str)] = &[];

#[test]
fn cost_stability_runtime_costs() {
    let root = load("cost-stability.yaml");
    let mut failures = Vec::new();
    let mut passed = 0;
    let empty = Node::synthetic(Y::Map(Map::new()));
    for case in seq(&root, "cases") {
        let id = get(case, "id").and_then(Node::as_str).unwrap_or("");
        let schema = get(case, "schema").expect("schema");
        let obj = get(case, "object").unwrap_or(&empty);
        for r in seq(case, "rules") {
            let expr = get(r, "expr").and_then(Node::as_str).unwrap_or("");
            let Some(want) = get(r, "runtime_cost").and_then(Node::as_i64) else {
                continue;
            };
            if STABILITY_SKIPS
                .iter()
                .any(|(c, e, _)| *c == id && *e == expr)
            {
                continue;
            }
            let sch = with_root_rule(schema, expr);
            let Some(v) = Validator::new(&sch, true) else {
                failures.push(format!("{id}: {expr}: no validator"));
                continue;
            };
            let mut budget = 10_000_000i64;
            let errs = v.validate(
                &FieldPath::new("root"),
                obj,
                None,
                Limits::default(),
                &mut budget,
            );
            let used = 10_000_000 - budget;
            if !errs.is_empty() {
                failures.push(format!(
                    "{id}: {expr}: errors {:?}",
                    errs.iter().map(ToString::to_string).collect::<Vec<_>>()
                ));
            } else if used != want {
                failures.push(format!("{id}: {expr}: cost {used} want {want}"));
            } else {
                passed += 1;
            }
        }
    }
    eprintln!(
        "cost-stability runtime: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
