//! Tests of default pruning and validation.

use super::*;

fn n(j: serde_json::Value) -> Node {
    Node::from_json(&j)
}

#[test]
fn defaults_get_junctors_and_number_format_ranges() {
    let root = n(serde_json::json!({"type": "object", "properties": {
        "i": {"type": "integer", "format": "int32", "default": 3000000000i64},
        "j": {"type": "integer", "format": "int32", "default": 7},
        "any": {"type": "integer", "anyOf": [{"minimum": 10}, {"maximum": 0}], "default": 5},
        "one": {"type": "integer", "oneOf": [{"minimum": 0}, {"maximum": 10}], "default": 5},
        "all": {"type": "integer", "allOf": [{"minimum": 10}, {"maximum": 100}], "default": 5},
        "not": {"type": "string", "not": {"enum": ["x"]}, "default": "x"},
        "ok": {"type": "integer", "anyOf": [{"minimum": 10}, {"maximum": 0}],
               "allOf": [{"minimum": -5}], "not": {"minimum": 100}, "default": -1}
    }}));
    let got: Vec<String> = validate_defaults(
        &root,
        &Loc::new("r"),
        true,
        crate::k8s::KubeVersion::default(),
    )
    .iter()
    .map(FErr::server_string)
    .collect();
    let want = [
            "r.properties[i].default: Invalid value: \"\": Checked value must be of type integer with format int32 in ",
            "r.properties[any].default: Invalid value: \"\": \"\" must validate at least one schema (anyOf)",
            // kube-openapi adds the errors of the failed alternative that matched best.
            "r.properties[any].default: Invalid value: 5:  in body should be greater than or equal to 10",
            "r.properties[one].default: Invalid value: \"\": \"\" must validate one and only one schema (oneOf). Found 2 valid alternatives",
            "r.properties[all].default: Invalid value: 5:  in body should be greater than or equal to 10",
            "r.properties[all].default: Invalid value: \"\": \"\" must validate all the schemas (allOf)",
            "r.properties[not].default: Invalid value: \"\": \"\" must not validate the schema (not)",
        ];
    for w in want {
        assert!(got.iter().any(|g| g == w), "missing {w:?} in {got:#?}");
    }
    assert_eq!(got.len(), want.len(), "{got:#?}");
}

#[test]
fn defaults_are_validated_with_kube_openapi_messages() {
    let root = n(serde_json::json!({"type": "object", "properties": {
        "a": {"type": "integer", "default": "x"},
        "b": {"type": "object", "required": ["c"], "properties": {"c": {"type": "string"}}, "default": {}}
    }}));
    let got: Vec<String> = validate_defaults(
        &root,
        &Loc::new("r"),
        true,
        crate::k8s::KubeVersion::default(),
    )
    .iter()
    .map(FErr::server_string)
    .collect();
    assert_eq!(
            got,
            vec![
                "r.properties[a].default: Invalid value: \"string\":  in body must be of type integer: \"string\"",
                "r.properties[b].default.c: Required value",
            ]
        );
}

/// Only the nodes on the way to a default are walked, and a default deep below rule-less
/// siblings is still checked.
#[test]
fn only_subtrees_with_defaults_are_walked() {
    let s = n(serde_json::json!({
        "type": "object",
        "properties": {
            "plain": {"type": "object", "properties": {"a": {"type": "string"}}},
            "spec": {"type": "object", "properties": {
                "list": {"type": "array", "items": {"type": "object", "properties": {
                    "n": {"type": "integer", "minimum": 1, "default": 0}
                }}}
            }}
        }
    }));
    let mut marks = DefaultsBelow::default();
    assert!(mark_defaults(&s, 0, &mut marks));
    // root, spec, list, its items and n
    assert_eq!(marks.len(), 5);
    let plain = s.at(&["properties", "plain"]).expect("plain");
    assert!(!marks.contains(&(std::ptr::from_ref(plain) as usize)));
    let errs = validate_defaults(&s, &Loc::new("s"), true, crate::k8s::KubeVersion::default());
    let paths: Vec<String> = errs.iter().map(|e| e.err.path.to_string()).collect();
    assert_eq!(
        paths,
        ["s.properties[spec].properties[list].items.properties[n].default"]
    );
    let none = n(serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}}));
    assert!(!mark_defaults(&none, 0, &mut DefaultsBelow::default()));
}

#[test]
fn an_error_inside_a_default_points_at_the_value_it_names() {
    let text = "type: object\nproperties:\n  m:\n    type: object\n    properties:\n      a: {type: integer}\n      b: {type: integer}\n      l: {type: array, items: {type: integer}}\n    default: {a: 1, b: \"x\", l: [2, \"y\"]}\n  whole:\n    type: integer\n    default: \"z\"\n";
    let root = crate::yaml::load(text).remove(0).root.expect("schema");
    let errs = validate_defaults(
        &root,
        &Loc::new("r"),
        false,
        crate::k8s::KubeVersion::default(),
    );
    let at = |path: &str| {
        let e = errs
            .iter()
            .find(|e| e.err.path.to_string() == path)
            .unwrap_or_else(|| {
                panic!(
                    "no error at {path}: {:#?}",
                    errs.iter().map(FErr::server_string).collect::<Vec<_>>()
                )
            });
        &text[e.span.start()..e.span.end()]
    };
    // The server's path names the value inside the default: underline it, not the default.
    assert_eq!(at("r.properties[m].default.b"), "\"x\"");
    assert_eq!(at("r.properties[m].default.l[1]"), "\"y\"");
    // The default's own error keeps the whole default.
    assert_eq!(at("r.properties[whole].default"), "\"z\"");
    // The messages are the server's, unchanged.
    let got: Vec<String> = errs.iter().map(FErr::server_string).collect();
    assert!(
        got.iter().any(|g| g
            == "r.properties[m].default.b: Invalid value: \"string\": b in body must be of type integer: \"string\""),
        "{got:#?}"
    );
}
