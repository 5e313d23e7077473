//! The mutation engine against a custom kind's schema and a built-in one. Expected behaviour
//! and texts: apiserver `pkg/admission/plugin/policy/mutating/patch/smd.go` and
//! `json_patch.go`, `dispatcher.go` (kubernetes `24a394e5`); structured-merge-diff
//! `typed/merge.go`, `typed/helpers.go`, `typed/validate.go` (`15d07547`).

use serde_json::{json, Value};

use super::*;
use crate::admission::{Gvk, Kinds};
use crate::k8s::KubeVersion;
use crate::schema::Schema;

const SCHEMA: &str = "
type: object
properties:
  apiVersion: {type: string}
  kind: {type: string}
  metadata:
    type: object
    properties:
      name: {type: string}
      labels: {type: object, additionalProperties: {type: string}}
  spec:
    type: object
    properties:
      replicas: {type: integer}
      args: {type: array, items: {type: string}}
      tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}
      ports:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items:
          type: object
          properties:
            name: {type: string}
            port: {type: integer}
            protocol: {type: string}
      selector:
        type: object
        x-kubernetes-map-type: atomic
        properties:
          app: {type: string}
          tier: {type: string}
      extra:
        type: object
        x-kubernetes-preserve-unknown-fields: true
";

fn schema() -> Schema {
    let docs = crate::yaml::load(SCHEMA);
    Schema::from_node(docs[0].root.as_ref().expect("schema parses"))
}

fn object() -> Value {
    json!({
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w", "labels": {"a": "1"}},
        "spec": {
            "replicas": 1,
            "args": ["x"],
            "tags": ["t1", "t2"],
            "ports": [{"name": "http", "port": 80}, {"name": "metrics", "port": 9090}],
            "selector": {"app": "w"}
        }
    })
}

fn ac(patch: Value) -> Result<Value, String> {
    apply_patch(
        &object(),
        &Patch::ApplyConfiguration(patch),
        Some(&schema()),
    )
}

#[test]
fn maps_and_structs_merge_key_by_key() {
    let out = ac(json!({"metadata": {"labels": {"b": "2"}}, "spec": {"replicas": 3}})).unwrap();
    assert_eq!(out["metadata"]["labels"], json!({"a": "1", "b": "2"}));
    assert_eq!(out["spec"]["replicas"], json!(3));
    // Untouched fields stay.
    assert_eq!(out["spec"]["args"], json!(["x"]));
    assert_eq!(out["metadata"]["name"], json!("w"));
}

#[test]
fn map_lists_merge_by_key_and_keep_the_objects_order() {
    let out = ac(json!({"spec": {"ports": [
        {"name": "grpc", "port": 9000},
        {"name": "http", "protocol": "TCP"}
    ]}}))
    .unwrap();
    // `grpc` precedes the shared `http` in the patch, so it comes before it.
    assert_eq!(
        out["spec"]["ports"],
        json!([
            {"name": "grpc", "port": 9000},
            {"name": "http", "port": 80, "protocol": "TCP"},
            {"name": "metrics", "port": 9090}
        ])
    );
    let out = ac(json!({"spec": {"ports": [{"name": "admin", "port": 1}]}})).unwrap();
    assert_eq!(
        out["spec"]["ports"],
        json!([
            {"name": "http", "port": 80},
            {"name": "metrics", "port": 9090},
            {"name": "admin", "port": 1}
        ])
    );
}

#[test]
fn set_lists_are_unioned() {
    // `t3` precedes the shared `t1` in the patch, so it comes before it; `t2` stays after.
    let out = ac(json!({"spec": {"tags": ["t3", "t1"]}})).unwrap();
    assert_eq!(out["spec"]["tags"], json!(["t3", "t1", "t2"]));
    // A new item after the last shared one comes after the object's remaining items.
    let out = ac(json!({"spec": {"tags": ["t1", "t4"]}})).unwrap();
    assert_eq!(out["spec"]["tags"], json!(["t1", "t2", "t4"]));
}

#[test]
fn atomic_lists_and_maps_are_refused() {
    assert_eq!(
        ac(json!({"spec": {"args": ["y"], "selector": {"app": "v"}}})).unwrap_err(),
        "error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.args, .spec.selector"
    );
    // `findAtomics` descends only into declared fields: a list among preserved unknown fields
    // is not refused, and (atomic, as structured-merge-diff deduces it) replaced.
    let out = ac(json!({"spec": {"extra": {"l": [1]}}})).unwrap();
    assert_eq!(out["spec"]["extra"], json!({"l": [1]}));
    let o = json!({"spec": {"extra": {"l": [1, 2], "m": 1}}});
    let p = Patch::ApplyConfiguration(json!({"spec": {"extra": {"l": [3]}}}));
    assert_eq!(
        apply_patch(&o, &p, Some(&schema())).unwrap(),
        json!({"spec": {"extra": {"l": [3], "m": 1}}})
    );
}

#[test]
fn undeclared_fields_are_refused() {
    assert_eq!(
        ac(json!({"spec": {"replicaz": 3}})).unwrap_err(),
        "error applying patch: failed to convert patch object to typed object: .spec.replicaz: field not declared in schema"
    );
    assert_eq!(
        ac(json!({"spec": {"a": 1, "b": 2}})).unwrap_err(),
        "error applying patch: failed to convert patch object to typed object: errors:\n  .spec.a: field not declared in schema\n  .spec.b: field not declared in schema"
    );
    // Preserved unknown fields take anything but lists.
    let out = ac(json!({"spec": {"extra": {"x": {"y": 1}}}})).unwrap();
    assert_eq!(out["spec"]["extra"], json!({"x": {"y": 1}}));
}

#[test]
fn map_list_items_need_a_key_and_no_duplicates() {
    assert_eq!(
        ac(json!({"spec": {"ports": [{"port": 1}]}})).unwrap_err(),
        "error applying patch: failed to merge patch: .spec.ports: element 0: associative list with keys has an element that omits all key fields [\"name\"] (and doesn't have default values for any key fields)"
    );
    assert_eq!(
        ac(json!({"spec": {"ports": [{"name": "a"}, {"name": "a"}]}})).unwrap_err(),
        "error applying patch: failed to merge patch: .spec.ports: duplicate entries for key [name=\"a\"]"
    );
}

#[test]
fn without_a_schema_lists_are_replaced_and_maps_merge() {
    let o = json!({"a": {"b": 1}, "l": [1]});
    let p = Patch::ApplyConfiguration(json!({"a": {"c": 2}}));
    assert_eq!(
        apply_patch(&o, &p, None).unwrap(),
        json!({"a": {"b": 1, "c": 2}, "l": [1]})
    );
    // The deduced type declares no fields, so `findAtomics` refuses nothing; its lists are
    // atomic and replaced.
    let p = Patch::ApplyConfiguration(json!({"l": [2, 3]}));
    assert_eq!(
        apply_patch(&o, &p, None).unwrap(),
        json!({"a": {"b": 1}, "l": [2, 3]})
    );
}

#[test]
fn a_built_in_kinds_list_types_come_from_its_schema() {
    // Deployment's containers are a map list keyed by name, their env a map list too.
    let kinds = Kinds::new(KubeVersion { minor: 34 }, []);
    let gvk = Gvk {
        group: "apps".into(),
        version: "v1".into(),
        kind: "Deployment".into(),
    };
    let s = kinds.schema(&gvk).expect("Deployment is served");
    let o = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
        "spec": {"template": {"spec": {"containers": [{"name": "app", "image": "a:1"}]}}}});
    let p = Patch::ApplyConfiguration(json!({"spec": {"template": {"spec": {"containers": [
        {"name": "app", "env": [{"name": "X", "value": "1"}]},
        {"name": "sidecar", "image": "s:1"}
    ]}}}}));
    let out = apply_patch(&o, &p, Some(&s)).unwrap();
    assert_eq!(
        out["spec"]["template"]["spec"]["containers"],
        json!([
            {"name": "app", "image": "a:1", "env": [{"name": "X", "value": "1"}]},
            {"name": "sidecar", "image": "s:1"}
        ])
    );
    // `args` is atomic.
    let p = Patch::ApplyConfiguration(json!({"spec": {"template": {"spec": {"containers": [
        {"name": "app", "args": ["-v"]}
    ]}}}}));
    assert_eq!(
        apply_patch(&o, &p, Some(&s)).unwrap_err(),
        "error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.template.spec.containers[0].args"
    );
}

#[test]
fn json_patch_errors_are_prefixed_and_a_failed_test_keeps_the_object() {
    let o = object();
    let p = Patch::JsonPatch(vec![Operation::new("remove", "/spec/nope")]);
    assert_eq!(
        apply_patch(&o, &p, None).unwrap_err(),
        "JSON Patch: error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value"
    );
    let p = Patch::JsonPatch(vec![
        Operation::new("replace", "/spec/replicas").value(json!(5)),
        Operation::new("test", "/spec/replicas").value(json!(4)),
    ]);
    assert_eq!(apply_patch(&o, &p, None).unwrap(), o);
}

fn policy(reinvocation: Reinvocation, n: usize) -> Policy {
    Policy {
        name: "p".into(),
        mutations: (0..n)
            .map(|i| Mutation {
                patch_type: PatchType::JsonPatch,
                expression: format!("m{i}"),
            })
            .collect(),
        reinvocation,
    }
}

#[test]
fn mutations_run_in_order_on_the_previous_result_and_errors_do_not_stop_them() {
    let p = policy(Reinvocation::Never, 3);
    let mut seen = Vec::new();
    let out = apply(&p, &json!({"n": 0}), None, &mut |i, _, cur| {
        seen.push(cur["n"].clone());
        if i == 1 {
            return Err("expression 'm1' resulted in error: no such key: x".into());
        }
        let n = cur["n"].as_i64().unwrap_or(0);
        Ok(Patch::JsonPatch(vec![
            Operation::new("replace", "/n").value(json!(n + 1))
        ]))
    });
    assert_eq!(seen, [json!(0), json!(1), json!(1)]);
    assert_eq!(out.object, json!({"n": 2}));
    assert_eq!(
        out.errors,
        [MutationError {
            mutation: 1,
            message: "expression 'm1' resulted in error: no such key: x".into()
        }]
    );
    assert!(out.dirty);
}

/// Each policy appends its name to `/seen`.
fn appender(
    names: &'static [&'static str],
) -> impl FnMut(usize, usize, &Mutation, &Value) -> Result<Patch, String> {
    move |p, _, _, _| {
        Ok(Patch::JsonPatch(vec![
            Operation::new("add", "/seen/-").value(json!(names[p]))
        ]))
    }
}

#[test]
fn if_needed_policies_are_reinvoked_once_after_a_mutation() {
    let ps = [
        policy(Reinvocation::IfNeeded, 1),
        policy(Reinvocation::Never, 1),
    ];
    let (out, errs) = apply_all(
        &ps,
        &json!({"seen": []}),
        None,
        &mut |_, _, _| true,
        &mut appender(&["a", "b"]),
    );
    assert!(errs.is_empty());
    assert_eq!(out["seen"], json!(["a", "b", "a"]));
    // Without an IfNeeded policy nothing runs twice.
    let ps = [
        policy(Reinvocation::Never, 1),
        policy(Reinvocation::Never, 1),
    ];
    let (out, _) = apply_all(
        &ps,
        &json!({"seen": []}),
        None,
        &mut |_, _, _| true,
        &mut appender(&["a", "b"]),
    );
    assert_eq!(out["seen"], json!(["a", "b"]));
}

#[test]
fn nothing_is_reinvoked_when_no_mutation_succeeded() {
    let ps = [policy(Reinvocation::IfNeeded, 1)];
    let mut calls = 0;
    let (out, errs) = apply_all(
        &ps,
        &json!({}),
        None,
        &mut |_, _, _| true,
        &mut |_, _, _, _| {
            calls += 1;
            Err("boom".to_string())
        },
    );
    assert_eq!(calls, 1);
    assert_eq!(out, json!({}));
    assert_eq!(errs.len(), 1);
}

#[test]
fn a_policy_is_read_from_its_object() {
    let y = "apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: add-label}
spec:
  reinvocationPolicy: IfNeeded
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration: {expression: 'Object{metadata: Object.metadata{labels: {\"a\": \"b\"}}}'}
  - patchType: JSONPatch
    jsonPatch: {expression: '[JSONPatch{op: \"remove\", path: \"/x\"}]'}
";
    let docs = crate::yaml::load(y);
    let p = Policy::from_node(docs[0].root.as_ref().expect("parses"));
    assert_eq!(p.name, "add-label");
    assert_eq!(p.reinvocation, Reinvocation::IfNeeded);
    assert_eq!(p.mutations.len(), 2);
    assert_eq!(p.mutations[0].patch_type, PatchType::ApplyConfiguration);
    assert_eq!(
        p.mutations[1].expression,
        "[JSONPatch{op: \"remove\", path: \"/x\"}]"
    );
}

/// Match conditions are evaluated on every round, on the object as it stands: a policy whose
/// conditions no longer hold is not reinvoked, and one not invoked at first is not reinvoked.
#[test]
fn each_round_asks_the_gate_on_the_current_object() {
    let ps = [
        policy(Reinvocation::IfNeeded, 1),
        policy(Reinvocation::IfNeeded, 1),
        policy(Reinvocation::IfNeeded, 1),
    ];
    let mut asked = Vec::new();
    // a: only while nothing was seen twice; b: never at first; c: always.
    let (out, _) = apply_all(
        &ps,
        &json!({"seen": []}),
        None,
        &mut |p, again, cur| {
            asked.push((p, again, cur["seen"].as_array().map_or(0, Vec::len)));
            match p {
                0 => cur["seen"].as_array().map_or(0, Vec::len) < 2,
                1 => again,
                _ => true,
            }
        },
        &mut appender(&["a", "b", "c"]),
    );
    assert_eq!(out["seen"], json!(["a", "c", "c"]));
    assert_eq!(
        asked,
        [
            (0, false, 0),
            (1, false, 1),
            (2, false, 1),
            (0, true, 2),
            (1, true, 2),
            (2, true, 2)
        ]
    );
}
