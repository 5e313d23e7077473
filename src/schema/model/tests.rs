//! Tests of the schema model: conversion, junctor walks and paths, depth cap, field paths.

use super::*;
use serde_json::json;

fn schema(v: serde_json::Value) -> Schema {
    Schema::from_node(&Node::from_json(&v))
}

#[test]
fn converts_keywords() {
    let s = schema(json!({
        "type": "object",
        "required": ["spec", 3],
        "properties": {
            "spec": {
                "type": "object",
                "description": "long text",
                "properties": {
                    "replicas": {"type": "integer", "minimum": 0, "maximum": 10.5,
                                 "exclusiveMaximum": true, "default": 1},
                    "name": {"type": "string", "maxLength": 5, "pattern": "^a", "enum": ["a", "ab"]},
                    "list": {"type": "array", "items": {"type": "string"},
                             "x-kubernetes-list-type": "set", "maxItems": 3}
                },
                "x-kubernetes-validations": [
                    {"rule": "self.replicas > 0", "message": "m", "reason": "FieldValueForbidden",
                     "fieldPath": ".replicas", "optionalOldSelf": true},
                    "not a map"
                ]
            },
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "free": {"type": "object", "additionalProperties": false,
                     "x-kubernetes-preserve-unknown-fields": true}
        }
    }));
    assert!(s.is_type("object"));
    assert_eq!(s.rare().required, vec!["spec".to_string()]);
    let spec = &s.properties["spec"];
    let rep = &spec.properties["replicas"];
    assert_eq!(rep.rare().minimum, Some(0.0));
    assert_eq!(rep.rare().maximum, Some(10.5));
    assert!(rep.rare().exclusive_maximum && !rep.rare().exclusive_minimum);
    assert_eq!(
        rep.rare().default.as_deref().and_then(Node::as_i64),
        Some(1)
    );
    let name = &spec.properties["name"];
    assert_eq!(name.rare().max_length, Some(5));
    assert_eq!(name.rare().pattern.as_deref(), Some("^a"));
    assert_eq!(name.rare().enum_.as_ref().map(Vec::len), Some(2));
    let list = &spec.properties["list"];
    assert!(list.is_list_set() && list.is_array_like());
    assert!(list.items.as_ref().is_some_and(|i| i.is_type("string")));
    assert_eq!(spec.rare().x_validations.len(), 1);
    let r = &spec.rare().x_validations[0];
    assert_eq!(r.rule, "self.replicas > 0");
    assert_eq!(r.reason.as_deref(), Some("FieldValueForbidden"));
    assert_eq!(r.field_path, ".replicas");
    assert_eq!(r.optional_old_self, Some(true));
    assert!(s.properties["labels"]
        .child_for_key("anything")
        .is_some_and(|c| c.is_type("string")));
    assert!(s.properties["free"].forbids_additional_properties());
    assert!(s.properties["free"].preserves_unknown_fields());
    assert!(s.has_defaults() && s.has_validation_rules());
}

#[test]
fn wrong_types_are_ignored() {
    let s = schema(json!({
        "type": 5, "maxLength": "5", "items": [{"type": "string"}], "required": {},
        "default": null, "enum": [], "nullable": "yes", "properties": [],
        "x-kubernetes-validations": {"rule": "x"}
    }));
    assert_eq!(
        s,
        Schema {
            span: s.span,
            ..Schema::default()
        }
    );
    assert_eq!(
        Schema::from_node(&Node::from_json(&json!("str"))),
        Schema::default()
    );
}

#[test]
fn junctors_walk_and_paths() {
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {"type": "integer", "x-kubernetes-int-or-string": true}},
        "anyOf": [{"required": ["a"]}, {"properties": {"a": {"maximum": 3}}}],
        "not": {"items": {"minLength": 1}}
    }));
    let root = FieldPath::new("spec")
        .child("validation")
        .child("openAPIV3Schema");
    let mut seen = Vec::new();
    s.walk(&root, &mut |p, _| {
        seen.push(p.to_string());
        true
    });
    let p = "spec.validation.openAPIV3Schema";
    assert_eq!(
        seen,
        vec![
            p.to_string(),
            format!("{p}.properties[a]"),
            format!("{p}.anyOf[0]"),
            format!("{p}.anyOf[1]"),
            format!("{p}.anyOf[1].properties[a]"),
            format!("{p}.not"),
            format!("{p}.not.items"),
        ]
    );
    let a = s.descend(&[Edge::AnyOf(1), Edge::Property("a")]);
    assert_eq!(a.and_then(|a| a.rare().maximum), Some(3.0));
    assert!(s.rare().any_of[1].is_object_like());
    assert!(s.rare().not.as_ref().is_some_and(|n| n.is_array_like()));
    assert!(s.has_value_validation());
    assert!(!s.properties["a"].has_value_validation());
}

/// `field_path` section of the CRD conformance vectors (apiextensions
/// `TestValidateFieldPath`), resolved with `k8s::fieldpath` over the model.
#[test]
fn field_path_conformance() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/conformance/schema/crd-validation.yaml"
    );
    let text = std::fs::read_to_string(path).expect("crd-validation.yaml");
    let docs = crate::yaml::load(&text);
    let root = docs[0].root.as_ref().expect("document");
    let sec = root
        .at(&["sections", "field_path"])
        .expect("field_path section");
    let schema = Schema::from_node(sec.get("schema").expect("schema"));
    let cases = sec.get("cases").and_then(Node::as_seq).expect("cases");
    assert_eq!(cases.len(), 23);
    for c in cases {
        let name = c.get_str("name").unwrap_or("?");
        let fp = c.get_str("field_path").expect("field_path");
        let valid = c.get("valid").and_then(Node::as_bool).expect("valid");
        let got = crate::k8s::fieldpath::valid_field_path(fp, &schema, true);
        match (valid, got) {
            (true, Ok(_)) => {}
            (false, Err(e)) => {
                let want = c.get_str("error_contains").unwrap_or("");
                assert!(e.contains(want), "{name}: {e:?} lacks {want:?}");
            }
            (true, Err(e)) => panic!("{name}: unexpected error {e}"),
            (false, Ok(r)) => panic!("{name}: expected an error, resolved to {}", r.path),
        }
    }
}

/// Corpus CRDs are accepted by real API servers, so every rule `fieldPath` must resolve from
/// its node and every selectable field from the root.
#[test]
fn corpus_field_paths_resolve() {
    use crate::k8s::fieldpath::valid_field_path;
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        println!("skipped: {} not found", corpus.display());
        return;
    };
    let (mut rules, mut selectable, mut failures) = (0, 0, Vec::new());
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(&"crd"), Some(path)) = (cols.get(5), cols.get(4)) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(corpus.join(path)) else {
            continue;
        };
        for doc in crate::yaml::load(&text) {
            let Some(root) = &doc.root else { continue };
            let versions = root.at(&["spec", "versions"]).and_then(Node::as_seq);
            for v in versions.unwrap_or_default() {
                let Some(node) = v.at(&["schema", "openAPIV3Schema"]) else {
                    continue;
                };
                let schema = Schema::from_node(node);
                schema.walk(&FieldPath::root(), &mut |_, s| {
                    for r in s
                        .rare()
                        .x_validations
                        .iter()
                        .filter(|r| !r.field_path.is_empty())
                    {
                        rules += 1;
                        if let Err(e) = valid_field_path(&r.field_path, s, true) {
                            failures.push(format!("{path}: {:?}: {e}", r.field_path));
                        }
                    }
                    true
                });
                let fields = v.get("selectableFields").and_then(Node::as_seq);
                for f in fields.unwrap_or_default() {
                    let Some(jp) = f.get_str("jsonPath") else {
                        continue;
                    };
                    selectable += 1;
                    if let Err(e) = valid_field_path(jp, &schema, false) {
                        failures.push(format!("{path}: selectable {jp:?}: {e}"));
                    }
                }
            }
        }
    }
    println!("corpus: {rules} rule fieldPaths, {selectable} selectable fields");
    // The corpus has no rule-level fieldPath (when written); selectable fields it has.
    assert!(selectable > 10, "expected selectable fields in the corpus");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn depth_is_capped() {
    let mut v = json!({"type": "string"});
    for _ in 0..(MAX_DEPTH + 10) {
        v = json!({"type": "object", "properties": {"x": v}});
    }
    let s = schema(v);
    let mut depth = 0;
    let mut cur = &s;
    while let Some(c) = cur.properties.get("x") {
        cur = c;
        depth += 1;
    }
    assert_eq!(depth, MAX_DEPTH - 1);
    assert!(cur.truncated);
}

/// Prepared schemas are most of a validation run's memory (every node of every CRD version is
/// kept): the node stays small, with every keyword but the structure, the type and the boolean
/// extensions behind one pointer. It was 736 bytes with every keyword inline, 408 with the
/// value bounds, junctors and title out of line (session 14).
#[test]
fn node_size() {
    let size = std::mem::size_of::<Schema>();
    let rare = std::mem::size_of::<Rare>();
    println!(
        "Schema: {size} bytes, Rare: {rare} bytes, Seldom: {} bytes",
        std::mem::size_of::<Seldom>()
    );
    assert!(size <= SCHEMA_SIZE, "Schema grew to {size} bytes");
    assert!(rare <= RARE_SIZE, "Rare grew to {rare} bytes");
    // A node with only a type, a description and sub-schemas (two in three in real CRDs)
    // allocates nothing beyond itself; the text of the six types is not stored.
    let s = schema(json!({"type": "object", "description": "d",
                          "properties": {"a": {"type": "integer", "description": "e"}}}));
    assert!(s.rare.is_none() && s.properties["a"].rare.is_none());
    assert_eq!(s.type_(), Some("object"));
    assert_eq!(s.properties["a"].type_(), Some("integer"));
    assert!(s.rare().pattern.is_none() && s.rare().max_length.is_none());
    let s = schema(json!({"type": "string", "pattern": "^a", "maxLength": 3}));
    assert_eq!(s.rare().pattern.as_deref(), Some("^a"));
    assert_eq!(s.rare().max_length, Some(3));
    // ... and the seldom ones only where one of them is written.
    assert!(s.rare.as_ref().is_some_and(|r| r.seldom.is_none()));
    assert!(s.rare().minimum.is_none() && s.rare().any_of.is_empty());
    let s = schema(json!({"type": "integer", "minimum": 2}));
    assert!(s.rare.as_ref().is_some_and(|r| r.seldom.is_some()));
    assert_eq!(s.rare().minimum, Some(2.0));
    // Any other type is kept as written (the linter reports it), also the empty one.
    for t in ["strin", "", "Object"] {
        let s = schema(json!({ "type": t }));
        assert_eq!(s.type_(), Some(t));
        assert!(!s.is_object_like());
    }
    let s = schema(json!({"type": 5, "properties": {"a": {}}}));
    assert_eq!(s.type_(), None);
    assert!(s.rare.is_none() && s.is_object_like());
}

const SCHEMA_SIZE: usize = 88;
const RARE_SIZE: usize = 240;

#[test]
fn the_rules_model_keeps_only_what_the_rule_walks_read() {
    let v = json!({
        "type": "object",
        "properties": {
            "plain": {"type": "object", "properties": {"a": {"type": "string"}}},
            "map": {"type": "object", "maxProperties": 4,
                    "additionalProperties": {"type": "string", "maxLength": 3},
                    "allOf": [{"x-kubernetes-validations": [{"rule": "true"}]}]},
            "spec": {
                "type": "object",
                "properties": {
                    "ruled": {
                        "type": "object",
                        "properties": {"x": {"type": "integer", "default": 1}},
                        "x-kubernetes-validations": [{"rule": "self.x > 0"}]
                    },
                    "other": {"type": "array", "items": {"type": "string"}}
                }
            },
            "junctor": {"allOf": [{"x-kubernetes-validations": [{"rule": "true"}]}]}
        }
    });
    let node = Node::from_json(&v);
    let full = Schema::from_node(&node);
    let rules = Schema::from_node_for_rules(&node);
    // Rule-less sub-schemas are present but empty.
    let plain = &rules.properties["plain"];
    assert!(plain.properties.is_empty() && plain.type_().is_none());
    assert!(full.properties["plain"].properties.contains_key("a"));
    // A node on the way to a rule keeps its own keywords, and a rule-less child is there.
    let map = &rules.properties["map"];
    assert_eq!(
        (map.type_(), map.rare().max_properties),
        (Some("object"), Some(4))
    );
    assert!(map
        .additional_properties_schema()
        .is_some_and(|ap| ap.type_().is_none() && ap.rare().max_length.is_none()));
    assert!(rules.properties["spec"].properties["other"].items.is_none());
    // The path to a rule is converted, and a node with rules whole.
    assert_eq!(rules.properties["spec"].type_(), Some("object"));
    assert_eq!(
        rules.properties["spec"].properties["ruled"],
        full.properties["spec"].properties["ruled"]
    );
    assert_eq!(rules.properties["junctor"], full.properties["junctor"]);
    assert_eq!(rules.has_validation_rules(), full.has_validation_rules());
    assert!(Schema::node_has_rules(&node));
    assert!(!Schema::node_has_rules(&Node::from_json(
        &v["properties"]["plain"]
    )));
    // Junctors count; other keywords (a property named like the keyword) do not.
    assert!(Schema::node_has_rules(&Node::from_json(
        &v["properties"]["junctor"]
    )));
    let named = json!({"type": "object", "default": {"x-kubernetes-validations": []}});
    assert!(!Schema::node_has_rules(&Node::from_json(&named)));
}

#[test]
fn a_property_is_found_as_the_map_finds_it() {
    for n in [0, 1, 7, 8, 9, 30] {
        let props: serde_json::Map<String, serde_json::Value> = (0..n)
            .map(|i| (format!("p{i}"), json!({"maxLength": i})))
            .collect();
        let s = Schema::from_node(&crate::yaml::Node::from_json(&json!({
            "properties": props
        })));
        for k in ["p0", "p7", "p8", "p29", "p", "p00", "", "q1"] {
            let want = s.properties.get(k).map(std::ptr::from_ref);
            assert_eq!(s.property(k).map(std::ptr::from_ref), want, "{n} {k}");
        }
    }
}

#[test]
fn type_tags_name_what_they_were_read_from() {
    for (tag, name) in TypeTag::NAMED {
        assert_eq!(TypeTag::of(name), tag);
        assert_eq!(tag.name(), Some(name));
    }
    assert_eq!(TypeTag::Absent.name(), None);
    assert_eq!(TypeTag::Other.name(), None);
}
