//! Tests of the kube-openapi validator on converted schemas.

use crate::schema::Schema;
use crate::yaml::Node;
use serde_json::json;

fn errors(schema: serde_json::Value, obj: serde_json::Value) -> Vec<String> {
    let s = Schema::from_node(&Node::from_json(&schema));
    let beh = crate::k8s::Behavior::of(crate::k8s::KubeVersion { minor: 36 });
    let mut v: Vec<String> = super::validate_value(&s, &Node::from_json(&obj), None, beh, 35)
        .iter()
        .map(|(e, _)| e.to_string())
        .collect();
    v.sort();
    v
}

fn props(p: serde_json::Value) -> serde_json::Value {
    json!({"type": "object", "properties": p})
}

#[test]
fn numbers() {
    let s = props(json!({
        "i": {"type": "integer", "multipleOf": 3.0, "minimum": 2.0, "exclusiveMinimum": true},
        "f": {"type": "number", "maximum": 1.5, "multipleOf": 0.5},
        "b": {"type": "integer", "maximum": 2.5}
    }));
    assert_eq!(
        errors(s.clone(), json!({"i": 2, "f": 1.75})),
        vec![
            "f: Invalid value: 1.75: f in body should be a multiple of 0.5",
            "f: Invalid value: 1.75: f in body should be less than or equal to 1.5",
            "i: Invalid value: 2: i in body should be a multiple of 3",
            "i: Invalid value: 2: i in body should be greater than 2",
        ]
    );
    // A fractional bound on an integer field: the bound itself fails the range check and
    // the comparison falls back to float64.
    assert_eq!(
            errors(s, json!({"b": 3})),
            vec![
                "<nil>: Invalid value: \"\": Maximum boundary value must be of type integer (default format) in b",
                "b: Invalid value: 3: b in body should be less than or equal to 2.5",
            ]
        );
}

#[test]
fn strings_arrays_objects() {
    let s = props(json!({
        "s": {"type": "string", "minLength": 3, "pattern": "^a"},
        "u": {"type": "string", "maxLength": 2},
        "l": {"type": "array", "minItems": 2, "items": {"type": "string"}},
        "o": {"type": "object", "minProperties": 2, "additionalProperties": false,
              "properties": {"k": {"type": "string"}}},
        "m": {"type": "object", "additionalProperties": {"type": "integer"}}
    }));
    assert_eq!(
        errors(
            s,
            json!({"s": "bb", "u": "ééé", "l": [1], "o": {"x": 1}, "m": {"a.b": "x"}})
        ),
        vec![
            "l: Invalid value: 1: l in body should have at least 2 items",
            "l[0]: Invalid value: \"integer\": l[0] in body must be of type string: \"integer\"",
            "m.a.b: Invalid value: \"string\": m.a.b in body must be of type integer: \"string\"",
            "o: Invalid value: \"x\": o.x in body is a forbidden property",
            "o: Invalid value: 1: o in body should have at least 2 properties",
            "s: Invalid value: \"bb\": s in body should be at least 3 chars long",
            "u: Too long: may not be more than 2 bytes",
        ]
    );
}

#[test]
fn junctors() {
    let s = props(json!({
        "x": {"type": "string", "oneOf": [{"pattern": "a"}, {"pattern": "b"}], "not": {"pattern": "z"}}
    }));
    assert_eq!(
            errors(s.clone(), json!({"x": "ab"})),
            vec!["<nil>: Invalid value: \"\": \"x\" must validate one and only one schema (oneOf). Found 2 valid alternatives"]
        );
    assert_eq!(
            errors(s.clone(), json!({"x": "z"})),
            vec![
                "<nil>: Invalid value: \"\": \"x\" must not validate the schema (not)",
                "<nil>: Invalid value: \"\": \"x\" must validate one and only one schema (oneOf). Found none valid",
                "x: Invalid value: \"z\": x in body should match 'a'",
            ]
        );
    assert!(errors(s, json!({"x": "a"})).is_empty());
}

#[test]
fn enum_conversions_follow_go_reflect() {
    let s = props(json!({"e": {"enum": ["A", 1.5, 2]}}));
    // int 65 converts to the string "A"; float 2.9 truncates to int 2.
    assert!(errors(s.clone(), json!({"e": 65})).is_empty());
    assert!(errors(s.clone(), json!({"e": 2.9})).is_empty());
    assert_eq!(
        errors(s, json!({"e": "B"})),
        vec!["e: Unsupported value: \"B\": supported values: \"A\", \"1.5\", \"2\""]
    );
}

/// `errors` as the server of `minor` reports them (compatibility version `minor - 1`).
fn errors_at(minor: u32, schema: serde_json::Value, obj: serde_json::Value) -> Vec<String> {
    let s = Schema::from_node(&Node::from_json(&schema));
    let beh = crate::k8s::Behavior::of(crate::k8s::KubeVersion { minor });
    let mut v: Vec<String> =
        super::validate_value(&s, &Node::from_json(&obj), None, beh, minor - 1)
            .iter()
            .map(|(e, _)| e.to_string())
            .collect();
    v.sort();
    v
}

/// apiextensions `formats.go` before release-1.36 blanked every format outside the string
/// set, numeric ones included (0835a2fa9 keeps them from 1.36): a type error names the JSON
/// type until 1.35 and the format with the Go type from 1.36 (kube-openapi `type.go`, the same
/// in every release).
#[test]
fn numeric_formats_are_blanked_before_1_36() {
    let s = props(json!({
        "i": {"type": "integer", "format": "int32"},
        "f": {"type": "number", "format": "float"},
        "b": {"type": "boolean", "format": "date"}
    }));
    for minor in 25..=35 {
        assert_eq!(
            errors_at(minor, s.clone(), json!({"i": 1.5, "f": true, "b": "x"})),
            vec![
                // `date` on a boolean is kept, so a string passes the type check and only
                // fails the format.
                "b: Invalid value: \"x\": b in body must be of type date: \"x\"",
                "f: Invalid value: \"boolean\": f in body must be of type number: \"boolean\"",
                "i: Invalid value: \"number\": i in body must be of type integer: \"number\"",
            ],
            "1.{minor}"
        );
    }
    for minor in 36..=crate::k8s::KubeVersion::NEWEST.minor {
        assert_eq!(
            errors_at(minor, s.clone(), json!({"i": 1.5, "f": true, "b": "x"})),
            vec![
                "<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in i",
                "b: Invalid value: \"string\": b in body must be of type boolean: \"string\"",
                "f: Invalid value: \"\": f in body must be of type float: \"\"",
                "i: Invalid value: \"float64\": i in body must be of type int32: \"float64\"",
            ],
            "1.{minor}"
        );
    }
}

#[test]
fn a_named_types_bit_is_the_bit_of_its_text() {
    use super::{Ty, Types};
    for t in [
        "string", "object", "array", "boolean", "integer", "number", "null", "", "str",
    ] {
        let s = Schema::from_node(&Node::from_json(&json!({ "type": t })));
        let want = match t {
            "" => None,
            t => Some((t, Ty::of(t))),
        };
        let got = match Types::of(&s) {
            Types::One(name, bit) => Some((name, bit)),
            _ => None,
        };
        assert_eq!(got, want, "type {t:?}");
    }
}

#[test]
fn each_node_of_a_shared_pattern_checks_its_values() {
    // Two nodes with the same pattern text (two entries of the table) and one with another.
    let s = props(json!({
        "a": {"type": "string", "pattern": "^[a-z]+$"},
        "b": {"type": "string", "pattern": "^[a-z]+$"},
        "c": {"type": "string", "pattern": "^[0-9]+$"}
    }));
    assert!(errors(s.clone(), json!({"a": "x", "b": "y", "c": "1"})).is_empty());
    assert_eq!(
        errors(s, json!({"a": "X", "b": "Y", "c": "z"})),
        vec![
            "a: Invalid value: \"X\": a in body should match '^[a-z]+$'",
            "b: Invalid value: \"Y\": b in body should match '^[a-z]+$'",
            "c: Invalid value: \"z\": c in body should match '^[0-9]+$'",
        ]
    );
}
