//! A bad `default` in a CRD and the same bad value in a custom resource get the same message at
//! every supported minor (issue 29): the API server builds both from one code path (the CRD
//! registry's `ValidateDefaults` and the resource strategy call the same kube-openapi validator
//! and ObjectMeta checks), and so does crdlint (`crdlint::apiext`). Only the field path prefix
//! differs, and the validator's name for the value, which is the path from the resource's root
//! in one and empty at the default in the other.
//!
//! For each keyword the server validates values with, schemas and values are generated, the
//! value put into one CRD as the `default` of field `f` and into one resource as `spec.f`, and
//! the `schema/default` findings compared with the resource's schema findings. List types are
//! not among them: `ValidateDefaults` (apiextensions `pkg/apiserver/schema/defaulting/
//! validation.go`) does not call `ValidateListSetsAndMaps`, so the server accepts a default
//! with duplicates in a `set` list that it would reject in a resource.

use crdlint::k8s::KubeVersion;
use crdlint::yaml::Node;
use crdlint::{lint, validate};
use proptest::prelude::*;
use serde_json::{json, Value};

/// One keyword's schema for `f` and a value for it (valid or not: the two sides must agree
/// either way).
fn case() -> impl Strategy<Value = (Value, Value)> {
    let small = -5i64..6;
    let word = prop::sample::select(vec![
        "",
        "a",
        "ab",
        "abc",
        "abcd",
        "x-1",
        "A_B",
        "é日",
        "1.2.3.4",
        "2024-01-02",
        "a@b.c",
    ]);
    prop_oneof![
        // type
        (
            prop::sample::select(vec!["string", "integer", "number", "boolean", "array", "object"]),
            scalar_or_composite()
        )
            .prop_map(|(t, v)| {
                // A structural array needs `items` (else the CRD is refused before its defaults
                // are checked).
                let s = if t == "array" {
                    json!({"type": t, "items": {"type": "string"}})
                } else {
                    json!({"type": t})
                };
                (s, v)
            }),
        // format
        (
            prop::sample::select(vec!["uuid", "ipv4", "date", "date-time", "email", "hostname", "byte"]),
            word.clone()
        )
            .prop_map(|(f, w)| (json!({"type": "string", "format": f}), json!(w))),
        // enum, of strings and of objects (composite bad values are rendered per minor)
        word.clone().prop_map(|w| (json!({"type": "string", "enum": ["a", "abc"]}), json!(w))),
        small.clone().prop_map(|i| (
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "enum": [{"a": 1}]}),
            json!({"a": i})
        )),
        // pattern
        word.clone().prop_map(|w| (json!({"type": "string", "pattern": "^[a-z]+$"}), json!(w))),
        // minimum / maximum, exclusive or not, integers and numbers
        (small.clone(), small.clone(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
            |(b, v, excl, max, float)| {
                let (k, e) = if max {
                    ("maximum", "exclusiveMaximum")
                } else {
                    ("minimum", "exclusiveMinimum")
                };
                let value = if float { json!(v as f64 + 0.5) } else { json!(v) };
                let t = if float { "number" } else { "integer" };
                (json!({"type": t, k: b, e: excl}), value)
            }
        ),
        // multipleOf
        (1i64..4, small.clone()).prop_map(|(m, v)| (json!({"type": "integer", "multipleOf": m}), json!(v))),
        // minLength / maxLength
        (0i64..4, word.clone(), any::<bool>()).prop_map(|(n, w, max)| {
            let k = if max { "maxLength" } else { "minLength" };
            (json!({"type": "string", k: n}), json!(w))
        }),
        // minItems / maxItems, items
        (0i64..3, prop::collection::vec(small.clone(), 0..4), any::<bool>()).prop_map(|(n, v, max)| {
            let k = if max { "maxItems" } else { "minItems" };
            (json!({"type": "array", k: n, "items": {"type": "integer", "maximum": 2}}), json!(v))
        }),
        // properties, required, minProperties / maxProperties
        (0i64..3, prop::collection::btree_map(prop::sample::select(vec!["a", "b"]), small.clone(), 0..3))
            .prop_map(|(n, m)| (
                json!({"type": "object", "required": ["a"], "maxProperties": n,
                       "properties": {"a": {"type": "integer", "minimum": 0},
                                      "b": {"type": "integer", "maximum": 0}}}),
                json!(m)
            )),
        // uniqueItems
        prop::collection::vec(0i64..2, 0..4)
            .prop_map(|v| (json!({"type": "array", "uniqueItems": true, "items": {"type": "integer"}}), json!(v))),
        // embedded ObjectMeta
        (word.clone(), word).prop_map(|(kind, name)| (
            json!({"type": "object", "x-kubernetes-embedded-resource": true,
                   "x-kubernetes-preserve-unknown-fields": true}),
            json!({"apiVersion": "v1", "kind": kind, "metadata": {"name": name}})
        )),
    ]
}

fn scalar_or_composite() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!("s")),
        Just(json!(1)),
        Just(json!(1.5)),
        Just(json!(true)),
        Just(json!([1, "x"])),
        Just(json!({"k": [true]})),
    ]
}

fn crd(schema: &Value, default: &Value) -> Node {
    let mut f = schema.clone();
    f["default"] = default.clone();
    Node::from_json(&json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "things.example.com"},
        "spec": {
            "group": "example.com",
            "scope": "Namespaced",
            "names": {"plural": "things", "singular": "thing", "kind": "Thing", "listKind": "ThingList"},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                "type": "object",
                "properties": {"spec": {"type": "object", "properties": {"f": f}}}
            }}}]
        }
    }))
}

const DEFAULT_AT: &str =
    "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[f].default";

/// The message with the value's place taken out: the path after `prefix` (empty at the value
/// itself, or for errors kube-openapi reports without a field), and the body with the
/// validator's name for the value (`spec.f`, or empty in a default) removed.
fn normalized(message: &str, prefix: &str, name: &str) -> Option<String> {
    let (path, body) = message.split_once(": ")?;
    // An item of the value is `<prefix>.[i]` under a default (its validator name `[i]` is a
    // child of the default's path) and `<prefix>[i]` in a resource.
    let rest = if path == "<nil>" {
        ""
    } else {
        path.strip_prefix(prefix)?.trim_start_matches('.')
    };
    let body = if name.is_empty() {
        body.to_string()
    } else {
        body.replace(&format!("{name}."), "").replace(name, "")
    };
    Some(format!("{rest}: {body}"))
}

fn lint_messages(crd: &Node, kube: KubeVersion) -> Vec<String> {
    let mut v: Vec<String> = lint::lint_crd(crd, &lint::Options { kube_version: kube })
        .into_iter()
        .filter(|d| d.rule.id == "schema/default")
        // Pruning is compared by `apiext`'s own tests: a resource reports each pruned field.
        .filter(|d| !d.message.ends_with("must not have unknown fields"))
        .filter_map(|d| normalized(&d.message, DEFAULT_AT, ""))
        .collect();
    v.sort();
    v
}

fn resource_messages(crd: &Node, value: &Value, kube: KubeVersion) -> Vec<String> {
    let compiled = validate::CompiledCrd::compile(crd).expect("the CRD compiles");
    let obj = Node::from_json(&json!({
        "apiVersion": "example.com/v1",
        "kind": "Thing",
        "metadata": {"name": "x", "namespace": "ns"},
        "spec": {"f": value}
    }));
    let opts = validate::Options {
        kube_version: kube,
        ..Default::default()
    };
    let mut v: Vec<String> = validate::validate_resource(&compiled, &obj, &opts)
        .diagnostics
        .into_iter()
        .filter(|d| matches!(d.rule.id, "cr/schema" | "cr/embedded-resource"))
        .filter_map(|d| normalized(&d.message, "spec.f", "spec.f"))
        .collect();
    v.sort();
    v
}

/// Every minor from the oldest supported to the newest.
fn minors() -> impl Iterator<Item = KubeVersion> {
    (KubeVersion::OLDEST.minor..=KubeVersion::NEWEST.minor).map(|minor| KubeVersion { minor })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_bad_default_reads_like_the_same_bad_value_in_a_resource((schema, value) in case()) {
        let crd = crd(&schema, &value);
        for kube in minors() {
            let linted = lint_messages(&crd, kube);
            let validated = resource_messages(&crd, &value, kube);
            prop_assert_eq!(
                &linted,
                &validated,
                "1.{}: schema {} value {}",
                kube.minor,
                schema,
                value
            );
        }
    }
}

/// The two drifts issue 29 reported, at the minors where they showed: a too-long default at
/// 1.31 is worded as `TooLongMaxLength` was (not with 1.32's "bytes"), and a default object
/// outside its enum prints as Go's `%#v` at 1.33, as the resource's does.
#[test]
fn the_reported_drifts_are_gone() {
    let cases = [
        (
            json!({"type": "string", "maxLength": 3}),
            json!("abcd"),
            31,
            "may not be longer than 3",
        ),
        (
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "enum": [{"a": 1}]}),
            json!({"b": 2}),
            33,
            r#"Unsupported value: map[string]interface {}{"b":2}"#,
        ),
    ];
    for (schema, value, minor, want) in cases {
        let crd = crd(&schema, &value);
        let kube = KubeVersion { minor };
        let linted = lint_messages(&crd, kube);
        assert!(
            linted.len() == 1 && linted[0].contains(want),
            "1.{minor}: {linted:?} should say {want:?}"
        );
        assert_eq!(linted, resource_messages(&crd, &value, kube));
    }
}
