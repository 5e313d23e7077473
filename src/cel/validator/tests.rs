//! The validator against the server: wording of failures, transition rules, compile errors,
//! the budget, correlation through map lists and `fieldPath` normalisation.

use super::*;

fn schema(j: serde_json::Value) -> Schema {
    Schema::from_node(&Node::from_json(&j))
}

#[test]
fn failing_rules_render_like_the_server() {
    let s = schema(serde_json::json!({"type": "object", "properties": {
        "foo": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'baz'"}]},
        "n": {"type": "integer", "x-kubernetes-validations": [{"rule": "self % 2 == 1", "message": "gotta be odd"}]},
        "o": {"type": "object", "x-kubernetes-validations": [{"rule": "false", "messageExpression": "'dyn ' + string(1)", "reason": "FieldValueForbidden"}]}
    }}));
    let obj = Node::from_json(&serde_json::json!({"foo": "y", "n": 2, "o": {}}));
    let (errs, cost) = evaluate_rules(&s, &obj, None, false);
    let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        vec![
            "foo: Invalid value: \"y\": failed rule: self == 'baz'",
            "n: Invalid value: 2: gotta be odd",
            "o: Forbidden: dyn 1",
        ]
    );
    assert!(cost > 0);
}

#[test]
fn message_expressions_format_lists_as_the_server() {
    // ext.Strings v2's formatter: `%s` of a list quotes its strings; `%d` of a double fails
    // and the rule falls back to its message.
    let s = schema(serde_json::json!({"type": "object", "properties": {
        "l": {"type": "array", "items": {"type": "string"}, "x-kubernetes-validations": [
            {"rule": "self.size() < 2", "messageExpression": "'too many: %s'.format([self])"}]},
        "d": {"type": "number", "x-kubernetes-validations": [
            {"rule": "self < 1.0", "messageExpression": "'%d'.format([self])", "message": "fallback"},
            {"rule": "self < 1.0", "messageExpression": "'big: %.2f'.format([self * 1000.0])"}]}
    }}));
    let obj = Node::from_json(&serde_json::json!({"l": ["a", "b c"], "d": 1234.5}));
    let (errs, _) = evaluate_rules(&s, &obj, None, false);
    let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        vec![
            "l: Invalid value: too many: [\"a\", \"b c\"]",
            "d: Invalid value: 1234.5: fallback",
            "d: Invalid value: 1234.5: big: 1,234,500.00",
        ]
    );
}

#[test]
fn transition_rules_skip_on_create() {
    let s = schema(serde_json::json!({"type": "integer",
        "x-kubernetes-validations": [{"rule": "self >= oldSelf"}]}));
    let (errs, cost) = evaluate_rules(&s, &Node::from_json(&serde_json::json!(1)), None, false);
    assert!(errs.is_empty());
    assert_eq!(cost, 0);
    let old = Node::from_json(&serde_json::json!(5));
    let (errs, _) = evaluate_rules(
        &s,
        &Node::from_json(&serde_json::json!(1)),
        Some(&old),
        false,
    );
    assert_eq!(errs.len(), 1);
}

#[test]
fn checker_errors_become_rule_compile_errors() {
    let s = schema(serde_json::json!({"type": "object",
        "properties": {"a": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.a == 'x'"}, {"rule": "self.nope == 1"}]}));
    let (errs, _) = evaluate_rules(
        &s,
        &Node::from_json(&serde_json::json!({"a": 1})),
        None,
        false,
    );
    assert_eq!(errs.len(), 2);
    for e in &errs {
        let t = e.to_string();
        assert!(
            t.starts_with("<nil>: Invalid value: \"object\": rule compile error: compilation failed: ERROR: <input>:1:"),
            "{t}"
        );
    }
}

#[test]
fn budget_exhaustion_stops_validation() {
    let s = schema(serde_json::json!({"type": "object",
        "x-kubernetes-validations": [{"rule": "true"}]}));
    let v = Validator::new(&s, false).unwrap();
    let mut budget = 0;
    let errs = v.validate(
        &FieldPath::new("root"),
        &Node::from_json(&serde_json::json!({})),
        None,
        Limits::default(),
        &mut budget,
    );
    assert_eq!(errs.len(), 1);
    assert!(errs[0].to_string().contains("running out of cost budget"));
}

#[test]
fn old_values_correlate_only_through_map_lists() {
    let item = serde_json::json!({"type": "object",
        "properties": {"k": {"type": "string"}, "v": {"type": "integer",
            "x-kubernetes-validations": [{"rule": "self >= oldSelf", "message": "no decrease"}]}}});
    let mk = |list_type: &str| {
        let mut l = serde_json::json!({"type": "array", "items": item.clone(),
            "x-kubernetes-list-type": list_type});
        if list_type == "map" {
            l["x-kubernetes-list-map-keys"] = serde_json::json!(["k"]);
        }
        schema(serde_json::json!({"type": "object", "properties": {"l": l}}))
    };
    let new = Node::from_json(&serde_json::json!({"l": [{"k": "b", "v": 1}, {"k": "a", "v": 5}]}));
    let old = Node::from_json(&serde_json::json!({"l": [{"k": "a", "v": 2}, {"k": "b", "v": 3}]}));
    // Map list: items correlate by key, so b (3 -> 1) decreased.
    let (errs, _) = evaluate_rules(&mk("map"), &new, Some(&old), false);
    let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(texts, vec!["l[0].v: Invalid value: 1: no decrease"]);
    // Atomic lists never correlate: the transition rule is skipped.
    let (errs, cost) = evaluate_rules(&mk("atomic"), &new, Some(&old), false);
    assert!(errs.is_empty());
    assert_eq!(cost, 0);
}

#[test]
fn validators_can_be_shared_across_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Validator>();
    assert_send_sync::<RuleError>();
}

#[test]
fn field_paths_normalise() {
    let s = schema(serde_json::json!({"type": "object", "properties": {
        "a": {"type": "object", "properties": {"b": {"type": "string"}}},
        "m": {"type": "object", "additionalProperties": {"type": "string"}}}}));
    assert_eq!(normalize_field_path(".a.b", &s).unwrap(), "a.b");
    assert_eq!(normalize_field_path(".m['k.x']", &s).unwrap(), "m[k.x]");
    assert!(normalize_field_path(".zz", &s).is_err());
}

/// A node's rules are compiled when an object first reaches it: an object without the field
/// leaves them uncompiled (and reports nothing of them, broken or not), one with it compiles
/// them once and reports the broken rule as the server does.
#[test]
fn rules_compile_when_first_reached() {
    let s = schema(serde_json::json!({"type": "object", "properties": {
        "a": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'x'"}]},
        "b": {"type": "string", "x-kubernetes-validations": [{"rule": "self.nope()"}]}
    }}));
    let v = Validator::new(&s, false).expect("rules");
    let compiled = |k: &str| {
        v.properties[k]
            .rules
            .as_ref()
            .is_some_and(|r| r.compiled.get().is_some())
    };
    let mut budget = RUNTIME_BUDGET;
    let root = FieldPath::root();
    let only_a = Node::from_json(&serde_json::json!({"a": "y"}));
    let errs = v.validate(&root, &only_a, None, Limits::default(), &mut budget);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(compiled("a") && !compiled("b"));
    let both = Node::from_json(&serde_json::json!({"a": "x", "b": "y"}));
    let errs = v.validate(&root, &both, None, Limits::default(), &mut budget);
    assert!(compiled("b"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].detail.starts_with("rule compile error: "),
        "{errs:?}"
    );
}
