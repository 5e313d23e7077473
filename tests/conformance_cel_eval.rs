//! Runtime conformance of the CEL evaluator against `testdata/conformance/cel/validation.yaml`
//! (apiextensions-apiserver `validation_test.go`): rule results, error texts, runtime costs,
//! budgets, messageExpression, reasons, fieldPath and optionalOldSelf.
//!
//! Rules are compiled by `crate::cel` (parser + checker, stored-expressions environment), so
//! compile errors (`rule compile error: compilation failed: ...`) are checked too.

use crdlint::cel::validator::{Limits, Validator};
use crdlint::k8s::FieldPath;
use crdlint::schema::Schema;
use crdlint::yaml::{Map, Node, Value as Y};

fn load() -> Node {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/conformance/cel/validation.yaml"
    );
    let text = std::fs::read_to_string(path).expect("validation.yaml");
    let docs = crdlint::yaml::load(&text);
    docs.into_iter()
        .next()
        .and_then(|d| d.root)
        .expect("one document")
}

/// Cases skipped: `(case id, rule, "*" for all of the case's rules or "<valid rules>", reason)`.
const SKIPPED: &[(&str, &str, &str)] = &[];

fn is_skipped(id: &str, rule: &str, valid: bool) -> bool {
    SKIPPED
        .iter()
        .any(|(c, r, _)| *c == id && (*r == "*" || *r == rule || valid && *r == "<valid rules>"))
}

fn get<'a>(n: &'a Node, k: &str) -> Option<&'a Node> {
    n.as_map().and_then(|m| m.get(k))
}

fn s<'a>(n: &'a Node, k: &str) -> &'a str {
    get(n, k).and_then(Node::as_str).unwrap_or("")
}

fn seq<'a>(n: &'a Node, k: &str) -> &'a [Node] {
    get(n, k).and_then(Node::as_seq).unwrap_or(&[])
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

struct Run {
    errors: Vec<String>,
    kinds: Vec<(String, String)>,
    remaining: i64,
}

fn run(
    schema: &Schema,
    obj: &Node,
    old: Option<&Node>,
    root: bool,
    budget: i64,
    limit: u64,
) -> Run {
    let mut budget = budget;
    let Some(v) = Validator::new(schema, root) else {
        return Run {
            errors: vec![],
            kinds: vec![],
            remaining: budget,
        };
    };
    let errs = v.validate(
        &FieldPath::new("root"),
        obj,
        old,
        Limits {
            per_call_limit: limit,
            ..Limits::default()
        },
        &mut budget,
    );
    Run {
        kinds: errs
            .iter()
            .map(|e| (format!("{:?}", e.kind), e.path.to_string()))
            .collect(),
        errors: errs.iter().map(ToString::to_string).collect(),
        remaining: budget,
    }
}

const BUDGET: i64 = 10_000_000;
const LIMIT: u64 = 1_000_000;
const UNLIMITED: i64 = i64::MAX;

fn match_one_to_one(errors: &[String], expected: &[String]) -> bool {
    if errors.len() != expected.len() {
        return false;
    }
    let mut used = vec![false; errors.len()];
    expected.iter().all(|exp| {
        match errors
            .iter()
            .enumerate()
            .find(|(i, e)| !used[*i] && e.contains(exp.as_str()))
        {
            Some((i, _)) => {
                used[i] = true;
                true
            }
            None => false,
        }
    })
}

#[test]
fn validation_expressions() {
    let root = load();
    let mut failures = Vec::new();
    let (mut passed, mut skipped_n) = (0, 0);
    for section in ["cases", "recursion"] {
        for case in seq(&root, section) {
            let id = s(case, "id");
            let schema = get(case, "schema").expect("schema");
            let obj = get(case, "object").expect("object");
            let old = get(case, "old_object").filter(|o| !o.is_null());
            let is_root = get(case, "is_resource_root").and_then(Node::as_bool) == Some(true);
            let budget = get(case, "cost_budget")
                .and_then(Node::as_i64)
                .unwrap_or(BUDGET);
            let expected_cost = get(case, "expected_cost").and_then(Node::as_i64);
            let expect_skipped = get(case, "expect_skipped").and_then(Node::as_bool) == Some(true);
            for rule in seq(case, "valid_rules") {
                let rule = rule.as_str().unwrap_or("");
                if is_skipped(id, rule, true) {
                    skipped_n += 1;
                    continue;
                }
                let sch = with_root_rule(schema, rule);
                let r = run(&sch, obj, old, is_root, budget, LIMIT);
                let used = budget - r.remaining;
                if !r.errors.is_empty() {
                    failures.push(format!("{id}: valid rule {rule:?} failed: {:?}", r.errors));
                } else if expected_cost.is_some_and(|c| c != used) {
                    failures.push(format!(
                        "{id}: rule {rule:?} cost {used}, expected {expected_cost:?}"
                    ));
                } else if expect_skipped && used != 0 {
                    failures.push(format!(
                        "{id}: rule {rule:?} should be skipped, cost {used}"
                    ));
                } else {
                    passed += 1;
                }
            }
            for er in seq(case, "error_rules") {
                let rule = s(er, "rule");
                let want = s(er, "error_contains");
                if is_skipped(id, rule, false) {
                    skipped_n += 1;
                    continue;
                }
                let sch = with_root_rule(schema, rule);
                let r = run(&sch, obj, old, true, budget, LIMIT);
                if r.errors.is_empty()
                    || !r
                        .errors
                        .iter()
                        .all(|e| e.contains(want) && e.contains("Invalid value"))
                {
                    failures.push(format!(
                        "{id}: error rule {rule:?} want {want:?}, got {:?}",
                        r.errors
                    ));
                } else {
                    passed += 1;
                }
            }
        }
    }
    eprintln!(
        "validation cases: {passed} passed, {skipped_n} skipped (SKIPPED list), {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn schema_levels_and_optional_old_self() {
    let root = load();
    let mut failures = Vec::new();
    let mut passed = 0;
    for section in ["schema_levels", "optional_old_self"] {
        for case in seq(&root, section) {
            let id = s(case, "id");
            let schema = Schema::from_node(get(case, "schema").expect("schema"));
            let obj = get(case, "object").expect("object");
            let old = get(case, "old_object").filter(|o| !o.is_null());
            let is_root = section == "schema_levels"
                || get(case, "runtime_is_resource_root").and_then(Node::as_bool) == Some(true);
            let expected: Vec<String> = seq(case, "expected_errors")
                .iter()
                .map(|e| e.as_str().unwrap_or("").to_string())
                .collect();
            let r = run(&schema, obj, old, is_root, UNLIMITED, LIMIT);
            if match_one_to_one(&r.errors, &expected) {
                passed += 1;
            } else {
                failures.push(format!(
                    "{section}/{id}: want {expected:?}, got {:?}",
                    r.errors
                ));
            }
        }
    }
    eprintln!(
        "schema levels + optionalOldSelf: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn limits_message_expression_reason_and_field_path() {
    let root = load();
    let mut failures = Vec::new();
    let mut passed = 0;
    for case in seq(&root, "limits") {
        let id = s(case, "id");
        let schema = get(case, "schema").expect("schema");
        let obj = get(case, "object").expect("object");
        for rule in seq(case, "rules") {
            let sch = with_root_rule(schema, rule.as_str().unwrap_or(""));
            let r = run(&sch, obj, None, false, 0, LIMIT);
            let want = s(case, "budget_exhausted_error");
            if r.errors.len() == 1 && r.errors[0].contains(want) {
                passed += 1;
            } else {
                failures.push(format!("limits/{id} budget: {:?}", r.errors));
            }
            let r = run(&sch, obj, None, true, BUDGET, 0);
            let want = s(case, "per_call_limit_error");
            if r.errors
                .iter()
                .any(|e| e.contains(want) && e.contains("Invalid value"))
            {
                passed += 1;
            } else {
                failures.push(format!("limits/{id} per-call: {:?}", r.errors));
            }
        }
    }
    for case in seq(&root, "message_expression") {
        let id = s(case, "id");
        let schema = Schema::from_node(get(case, "schema").expect("schema"));
        let obj = get(case, "object").expect("object");
        let budget = get(case, "cost_budget")
            .and_then(Node::as_i64)
            .unwrap_or(BUDGET);
        let limit = get(case, "per_call_limit")
            .and_then(Node::as_i64)
            .map(|l| l as u64)
            .unwrap_or(LIMIT);
        let r = run(&schema, obj, None, false, budget, limit);
        let count = get(case, "expected_error_count")
            .and_then(Node::as_i64)
            .unwrap_or(0);
        let want = s(case, "error_contains");
        let remaining = get(case, "expected_remaining_budget").and_then(Node::as_i64);
        let ok = r.errors.len() as i64 == count
            && (want.is_empty() || r.errors.first().is_some_and(|e| e.contains(want)))
            && remaining.is_none_or(|rb| rb == r.remaining);
        if ok {
            passed += 1;
        } else {
            failures.push(format!(
                "message_expression/{id}: want {count} errors containing {want:?} remaining {remaining:?}, got {:?} remaining {}",
                r.errors, r.remaining
            ));
        }
    }
    for case in seq(&root, "reason_and_field_path") {
        let id = s(case, "id");
        let schema = Schema::from_node(get(case, "schema").expect("schema"));
        let obj = get(case, "object").expect("object");
        let r = run(&schema, obj, None, true, BUDGET, LIMIT);
        let word = |t: &str| match t {
            "FieldValueForbidden" => "Forbidden",
            "FieldValueRequired" => "Required",
            "FieldValueDuplicate" => "Duplicate",
            _ => "Invalid",
        };
        let mut want: Vec<(String, String)> = seq(case, "expected_errors")
            .iter()
            .map(|e| (word(s(e, "type")).to_string(), s(e, "field").to_string()))
            .collect();
        let mut got = r.kinds.clone();
        want.sort();
        got.sort();
        if want == got {
            passed += 1;
        } else {
            failures.push(format!(
                "reason_and_field_path/{id}: want {want:?}, got {got:?}"
            ));
        }
    }
    if let Some(fp) = get(&root, "field_path") {
        let schema = Schema::from_node(get(fp, "schema").expect("schema"));
        for case in seq(fp, "cases") {
            let id = s(case, "id");
            let path = s(case, "field_path");
            let got = crdlint::cel::validator::normalize_field_path(path, &schema);
            let ok = match (s(case, "expect"), &got) {
                ("ok", Ok(p)) => get(case, "expected_path")
                    .and_then(Node::as_str)
                    .is_none_or(|want| want == p),
                (_, Err(e)) => {
                    let want = s(case, "error_contains");
                    s(case, "expect") != "ok" && !want.is_empty() && e.contains(want)
                }
                _ => false,
            };
            if ok {
                passed += 1;
            } else {
                failures.push(format!("field_path/{id}: {path:?} got {got:?}"));
            }
        }
    }
    eprintln!(
        "limits/messageExpression/reason: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
