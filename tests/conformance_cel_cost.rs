//! Conformance: static CEL cost estimates against the upstream vectors in
//! `testdata/conformance/cel/`:
//!
//! * `library-cost.yaml` (apiserver `pkg/cel/library/cost_test.go`): the Kubernetes library
//!   call costs in a plain environment whose size estimator gives strings and bytes `[0, 12]`;
//!   the `size_cases` (result sizes of `replace`) and `type_equality` (every Kubernetes type's
//!   `==` is costed by the library estimator);
//! * `cost-estimation.yaml` (apiextensions `compilation_test.go` `TestCostEstimation`,
//!   `TestMetadataNameCostIsBounded`): `MaxCost` of one root rule on helper-built schemas;
//! * `cost-stability.yaml` (`celcoststability_test.go`): the estimated-cost assertions.
//!
//! Runtime costs in these files belong to the evaluator's issue; they are listed as skipped with
//! that reason, one entry per case, and counted in the summary.

use crate::common;

use std::sync::Arc;

use crdlint::cel::cost::{
    estimate_cost, AstNode, CostEstimate, CostOptions, SchemaSizeEstimator, SizeEstimate,
    SizeEstimator,
};
use crdlint::cel::estimate::library::opaque_equality_cost;
use crdlint::cel::eval::functions::table::Estimate;
use crdlint::cel::types::{opaque, DeclType, Type};
use crdlint::cel::{compile_expr, schema_types, CompileOptions, EnvKind};
use crdlint::k8s::KubeVersion;
use crdlint::schema::Schema;
use crdlint::yaml::Node;

/// Estimates that differ because of code outside the cost estimator. Each must still fail (a
/// case that starts passing must be removed from here), and each is reported in the summary.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fn known_difference(id: &str) -> Option<&'static str> {
    KNOWN_DIFFERENCES
        .iter()
        .find(|(k, _)| *k == id)
        .map(|(_, r)| *r)
}

const RUNTIME_SKIP: &str =
    "runtime costs are checked by tests/cel_eval_costs.rs; this file checks static estimates";

fn load(file: &str) -> Node {
    common::vectors("cel", file)
}

fn seq(n: &Node, key: &str) -> Vec<Node> {
    n.get(key)
        .and_then(Node::as_seq)
        .map(|s| s.to_vec())
        .unwrap_or_default()
}

fn str_of<'a>(n: &'a Node, key: &str) -> &'a str {
    n.get_str(key)
        .unwrap_or_else(|| panic!("missing {key} in {:?}", n.to_json()))
}

fn u64_of(n: &Node, key: &str) -> Option<u64> {
    n.get(key).and_then(Node::as_i64).map(|v| v as u64)
}

fn size_of(n: &Node) -> SizeEstimate {
    SizeEstimate::new(
        u64_of(n, "min").expect("min"),
        u64_of(n, "max").expect("max"),
    )
}

/// The library test's size estimator: `[0, 12]` for any string or bytes node.
struct TwelveChars;

impl SizeEstimator for TwelveChars {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate> {
        matches!(node.ty, Type::String | Type::Bytes).then_some(SizeEstimate::new(0, 12))
    }
}

/// The plain environment of `cost_test.go`: every library (including Kubernetes lists v1
/// `includes` and `jsonpatch.escapeKey`, which the base environment lacks), optional types, and
/// none of the base environment's language options (homogeneous literals, ...).
fn library_env() -> CompileOptions {
    CompileOptions {
        kube_version: KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    }
}

#[test]
fn library_cost() {
    let root = load("library-cost.yaml");
    let opts = library_env();
    let vars = [("authorizer".to_string(), Type::opaque(opaque::AUTHORIZER))];
    let (mut passed, mut failures, mut runtime_skipped) = (0, Vec::new(), Vec::new());
    for case in seq(&root, "cases") {
        let id = str_of(&case, "id");
        let expr = str_of(&case, "expr");
        let want = case.get("estimated_cost").expect("estimated_cost");
        let want = CostEstimate::new(u64_of(want, "min").unwrap(), u64_of(want, "max").unwrap());
        if case.get("runtime_cost").is_some() {
            runtime_skipped.push((id.to_string(), RUNTIME_SKIP));
        }
        match compile_expr(expr, &vars, &opts) {
            Err(e) => failures.push(format!("{id}: `{expr}` does not compile:\n{e}")),
            Ok(c) => {
                let got = estimate_cost(&c.checked, &TwelveChars, CostOptions::KUBERNETES);
                if got == want {
                    passed += 1;
                } else {
                    failures.push(format!(
                        "{id}: `{expr}`: estimated {}..{}, want {}..{}",
                        got.min, got.max, want.min, want.max
                    ));
                }
            }
        }
    }
    eprintln!(
        "library-cost: {passed} estimates matched, {} failed; {} runtime costs skipped ({RUNTIME_SKIP})",
        failures.len(),
        runtime_skipped.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(passed >= 225, "only {passed} cases ran");
}

#[test]
fn library_cost_result_sizes() {
    let root = load("library-cost.yaml");
    let mut n = 0;
    for case in seq(&root, "size_cases") {
        let id = str_of(&case, "id");
        let target = AstNode {
            path: Default::default(),
            ty: &Type::String,
            expr: None,
            computed_size: Some(size_of(case.get("target_size").unwrap())),
        };
        let args: Vec<AstNode<'_>> = seq(&case, "arg_sizes")
            .iter()
            .map(|s| AstNode {
                path: Default::default(),
                ty: &Type::String,
                expr: None,
                computed_size: Some(size_of(s)),
            })
            .collect();
        // Kubernetes' estimator matches the function by name: every overload of a member
        // function on the overload table has its case as its estimate.
        let function = str_of(&case, "function");
        let rows = crdlint::cel::eval::functions::table::of_function(function, true);
        assert!(
            !rows.is_empty(),
            "{id}: {function} not on the overload table"
        );
        let est = rows
            .iter()
            .map(|row| match row.estimate {
                Estimate::Call(f) => f(Some(&target), &args, &TwelveChars),
                Estimate::Lazy(_) => panic!("{id}: {function} is a special form"),
            })
            .reduce(|a, b| {
                assert_eq!(a, b, "{id}: the overloads of {function} estimate alike");
                a
            })
            .flatten()
            .unwrap_or_else(|| panic!("{id}: no estimate"));
        let want = size_of(case.get("expect_result_size").unwrap());
        assert_eq!(est.result_size, Some(want), "{id}");
        n += 1;
    }
    assert_eq!(n, 6);
}

#[test]
fn library_cost_type_equality() {
    let root = load("library-cost.yaml");
    let te = root.get("type_equality").expect("type_equality");
    let size = size_of(te.get("operand_size").unwrap());
    let types = seq(te, "types");
    assert_eq!(types.len(), 11);
    for t in types {
        let name = t.as_str().unwrap();
        let ty = Type::opaque(name);
        let node = || AstNode {
            path: Default::default(),
            ty: &ty,
            expr: None,
            computed_size: Some(size),
        };
        let est = opaque_equality_cost(&[node(), node()]);
        assert!(
            est.is_some(),
            "{name}: == not costed by the Kubernetes estimator"
        );
    }
}

fn schema_of(n: &Node) -> Schema {
    Schema::from_node(n)
}

/// `MaxCost` of `rule` at the root of `schema`, as `Compile` computes it.
fn max_cost(schema: &Schema, rule: &str, resource_root: bool, env: EnvKind) -> Result<u64, String> {
    let decl: Arc<DeclType> =
        schema_types::decl_type(schema, resource_root, schema_types::ROOT_TYPE_NAME)
            .ok_or("no declared type")?;
    let t = decl.cel_type();
    let vars = [("self".to_string(), t.clone()), ("oldSelf".to_string(), t)];
    let mut opts = CompileOptions::new(KubeVersion::default());
    opts.env = env;
    let c = compile_expr(rule, &vars, &opts).map_err(|e| e.to_string())?;
    if *c.checked.result_type() != Type::Bool {
        return Err(format!("result type {}", c.checked.result_type()));
    }
    Ok(estimate_cost(
        &c.checked,
        &SchemaSizeEstimator::new(decl),
        CostOptions::KUBERNETES,
    )
    .max)
}

#[test]
fn cost_estimation() {
    let root = load("cost-estimation.yaml");
    let (mut exact, mut at_least, mut compile_only, mut failures) = (0, 0, 0, Vec::new());
    for case in seq(&root, "cases") {
        let id = str_of(&case, "id");
        let rule = str_of(&case, "rule");
        let schema = schema_of(case.get("schema").unwrap());
        match max_cost(&schema, rule, false, EnvKind::NewExpressions) {
            Err(e) => failures.push(format!("{id}: `{rule}`: {e}")),
            Ok(got) => {
                if let Some(want) = u64_of(&case, "expected_max_cost") {
                    if got == want {
                        exact += 1;
                    } else {
                        failures.push(format!("{id}: `{rule}`: MaxCost {got}, want {want}"));
                    }
                } else if let Some(min) = u64_of(&case, "expected_max_cost_at_least") {
                    if got >= min {
                        at_least += 1;
                    } else {
                        failures.push(format!("{id}: `{rule}`: MaxCost {got}, want >= {min}"));
                    }
                } else {
                    compile_only += 1;
                }
            }
        }
    }
    let mut bounded = 0;
    for case in seq(&root, "bounded_name_cost_cases") {
        let id = str_of(&case, "id");
        let rule = str_of(&case, "rule");
        let schema = schema_of(case.get("schema").unwrap());
        match max_cost(&schema, rule, true, EnvKind::StoredExpressions) {
            Err(e) => failures.push(format!("{id}: `{rule}`: {e}")),
            Ok(got) => {
                let lo = u64_of(&case, "expected_max_cost_at_least").unwrap();
                let hi = u64_of(&case, "expected_max_cost_at_most").unwrap();
                if (lo..=hi).contains(&got) {
                    bounded += 1;
                } else {
                    failures.push(format!("{id}: `{rule}`: MaxCost {got}, want {lo}..={hi}"));
                }
            }
        }
    }
    eprintln!(
        "cost-estimation: {exact} exact, {at_least} lower bounds, {compile_only} compile-only, {bounded} bounded-name; {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(exact + at_least + compile_only, 136);
    assert_eq!(bounded, 2);
}

#[test]
fn cost_stability() {
    let root = load("cost-stability.yaml");
    let (mut exact, mut failures, mut runtime_skipped) = (0, Vec::new(), Vec::new());
    let mut known: Vec<(String, &str)> = Vec::new();
    for case in seq(&root, "cases") {
        let id = str_of(&case, "id");
        let schema = schema_of(case.get("schema").unwrap());
        for (i, r) in seq(&case, "rules").iter().enumerate() {
            let rule = str_of(r, "expr");
            if r.get("runtime_cost").is_some() {
                runtime_skipped.push((format!("{id}/{i}"), RUNTIME_SKIP));
            }
            let Some(want) = u64_of(r, "estimated_cost") else {
                continue;
            };
            let key = format!("cost-stability/{id}/{i}");
            let result = max_cost(&schema, rule, false, EnvKind::NewExpressions);
            if let Some(reason) = known_difference(&key) {
                match result {
                    Ok(got) if got == want => failures.push(format!(
                        "{key}: now matches ({got}): remove it from KNOWN_DIFFERENCES"
                    )),
                    _ => known.push((key, reason)),
                }
                continue;
            }
            match result {
                Err(e) => failures.push(format!("{key}: `{rule}`: {e}")),
                Ok(got) if got == want => exact += 1,
                Ok(got) => failures.push(format!("{key}: `{rule}`: MaxCost {got}, want {want}")),
            }
        }
    }
    eprintln!(
        "cost-stability: {exact} estimates matched, {} failed, {} known differences; {} runtime costs skipped ({RUNTIME_SKIP})",
        failures.len(),
        known.len(),
        runtime_skipped.len()
    );
    for (k, r) in &known {
        eprintln!("  known difference {k}: {r}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(exact + known.len(), 301);
    assert_eq!(runtime_skipped.len(), 329);
}
