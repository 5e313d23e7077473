//! Unit tests of the pipeline: compiled CRDs, versions, pruning, defaults, schema and CEL
//! findings with their texts, paths and spans.

use super::*;

const CRD: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [mode]
            x-kubernetes-validations:
            - {rule: "!has(self.replicas) || self.replicas >= 0"}
            - {rule: "!has(self.list) || self.list.all(x, x != 'bad')", message: no bad items, fieldPath: .list}
            - {rule: "!has(self.name) || self.name == oldSelf.name", message: name is immutable, reason: FieldValueForbidden}
            properties:
              replicas: {type: integer, maximum: 10}
              mode: {type: string, enum: [A, B], default: A}
              size: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string, pattern: "^[0-9]+Gi$"}]}
              labels: {type: object, maxProperties: 1, additionalProperties: {type: string}}
              ports: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
              name: {type: string, nullable: false}
              list: {type: array, items: {type: string}}
              template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
          status:
            type: object
            properties:
              replicas: {type: integer, maximum: 1}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {count: {type: integer}}}
  - name: v0
    served: false
    storage: false
"#;

fn crd() -> CompiledCrd {
    let docs = crate::yaml::load(CRD);
    CompiledCrd::compile(docs[0].root.as_ref().expect("crd")).expect("compiles")
}

fn run_on(src: &str, opts: &Options) -> (Outcome, String) {
    let docs = crate::yaml::load(src);
    let obj = docs[0].root.clone().expect("object");
    (validate_resource(&crd(), &obj, opts), src.to_string())
}

fn messages(o: &Outcome) -> Vec<String> {
    o.diagnostics.iter().map(|d| d.message.clone()).collect()
}

const HEAD: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n";

#[test]
fn versions_are_prepared_when_a_resource_needs_them() {
    let crd = crd();
    let prepared = |crd: &CompiledCrd| -> Vec<bool> {
        crd.compiled
            .iter()
            .map(|v| v.lazy.prepared.get().is_some())
            .collect()
    };
    assert_eq!(prepared(&crd), [false, false, false]);
    let docs = crate::yaml::load(
        "apiVersion: example.com/v2\nkind: Widget\nmetadata:\n  name: w\nspec:\n  count: x\n",
    );
    let obj = docs[0].root.as_ref().expect("object");
    let o = validate_resource(&crd, obj, &Options::default());
    assert_eq!(messages(&o).len(), 1, "{:?}", messages(&o));
    assert_eq!(prepared(&crd), [false, true, false]);
    // The source node is dropped once the schema is prepared.
    assert!(crd.compiled[1].lazy.source.lock().expect("lock").is_none());
    assert!(crd.compiled[0].lazy.source.lock().expect("lock").is_some());
}

#[test]
fn valid_object_gets_defaults_and_no_findings() {
    let (o, _) = run_on(
        &format!("{HEAD}spec:\n  replicas: 3\n"),
        &Options::default(),
    );
    assert!(o.diagnostics.is_empty(), "{:?}", messages(&o));
    assert_eq!(o.version.as_deref(), Some("v1"));
    let stored = o.stored.expect("stored");
    assert_eq!(
        stored.at(&["spec", "mode"]).and_then(Node::as_str),
        Some("A")
    );
}

#[test]
fn unknown_fields_are_reported_pruned_and_located() {
    let src = format!("{HEAD}  lables: {{a: b}}\nspec:\n  replicass: 3\n");
    let (o, src) = run_on(&src, &Options::default());
    let m = messages(&o);
    assert_eq!(
        m,
        vec![
            r#"unknown field "metadata.lables""#.to_string(),
            r#"unknown field "spec.replicass""#.to_string()
        ]
    );
    let d = &o.diagnostics[1];
    assert_eq!(d.severity, Severity::Error);
    assert!(src[d.span.range()].starts_with("replicass"));
    let stored = o.stored.expect("stored");
    assert!(stored.at(&["spec", "replicass"]).is_none());
    assert!(stored.at(&["metadata", "lables"]).is_none());
    let warn = Options {
        unknown_fields: UnknownFields::Warn,
        ..Options::default()
    };
    let (o, _) = run_on(&format!("{HEAD}spec:\n  x: 1\n"), &warn);
    assert_eq!(o.diagnostics[0].severity, Severity::Warning);
    let ignore = Options {
        unknown_fields: UnknownFields::Ignore,
        ..Options::default()
    };
    assert!(run_on(&format!("{HEAD}spec:\n  x: 1\n"), &ignore)
        .0
        .diagnostics
        .is_empty());
}

#[test]
fn schema_errors_use_server_text_and_point_at_the_value() {
    let src = format!(
            "{HEAD}spec:\n  replicas: 15\n  mode: C\n  labels: {{a: x, b: z}}\n  size: true\n  ports: [1, 2, 1]\n  list: [a, null]\n  name: null\n"
        );
    let (o, src) = run_on(&src, &Options::default());
    let m = messages(&o);
    let want = [
            "spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10",
            r#"spec.mode: Unsupported value: "C": supported values: "A", "B""#,
            "spec.labels: Too many: 2: must have at most 1 item",
            r#"spec.size: Invalid value: "boolean": spec.size in body must be of type integer,string: "boolean""#,
            r#"<nil>: Invalid value: "": "spec.size" must validate at least one schema (anyOf)"#,
            r#"spec.list[1]: Invalid value: "null": spec.list[1] in body must be of type string: "null""#,
            "spec.ports[2]: Duplicate value: 1",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ];
    for w in want {
        assert!(m.iter().any(|x| x == w), "missing {w:?} in {m:#?}");
    }
    // `name: null` (non-nullable, no default) is dropped silently.
    assert!(!m.iter().any(|x| x.contains("spec.name")), "{m:#?}");
    let d = o
        .diagnostics
        .iter()
        .find(|d| d.message.starts_with("spec.replicas"))
        .expect("replicas");
    assert_eq!(&src[d.span.range()], "15");
    let anyof = o
        .diagnostics
        .iter()
        .find(|d| d.message.contains("(anyOf)"))
        .expect("anyOf");
    assert_eq!(anyof.path.as_deref(), Some("spec.size"));
    // The server's nil path is its own text in the message; no `"<nil>"` string as a path.
    assert_eq!(anyof.server_path, None);
    assert!(anyof.message.starts_with("<nil>: "));
}

#[test]
fn metadata_rules() {
    let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: Bad_Name\n  labels: {'a b': c}\n",
            &Options::default(),
        );
    let m = messages(&o);
    assert!(
        m[0].starts_with(
            r#"metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain"#
        ),
        "{m:?}"
    );
    assert!(
        m.iter()
            .any(|x| x.starts_with(r#"metadata.labels: Invalid value: "a b""#)),
        "{m:?}"
    );
    let (o, _) = run_on(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {a: 1}\n",
        &Options::default(),
    );
    assert_eq!(o.diagnostics[0].rule.id, "cr/not-an-object");
    assert!(o.diagnostics[0]
        .message
        .contains("cannot unmarshal number into Go struct field ObjectMeta.labels of type string"));
}

#[test]
fn owner_references() {
    let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  ownerReferences:\n  - {apiVersion: a/b/c, kind: K, name: owner}\n",
            &Options::default(),
        );
    let m = messages(&o);
    assert_eq!(
            m[..2],
            [
                r#"metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>"#.to_string(),
                "metadata.ownerReferences[0].uid: Required value: must not be empty".to_string(),
            ]
        );
    // A Required error blocks the CEL rules of the schema.
    assert_eq!(o.diagnostics[2].rule.id, "cr/cel-not-checked");
}

/// Before 1.37 (apimachinery release-1.36 `validateOwnerReference`) the same reference gets
/// unindexed `Invalid value` errors, which do not block the CEL rules.
#[test]
fn owner_references_before_1_37() {
    let yaml = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  ownerReferences:\n  - {apiVersion: a/b/c, kind: K, name: owner}\n  - {apiVersion: apps/, kind: K, name: o, uid: u}\n";
    let at = |minor| Options {
        kube_version: KubeVersion { minor },
        ..Options::default()
    };
    let (o, _) = run_on(yaml, &at(36));
    let m = messages(&o);
    assert_eq!(
        m[..3],
        [
            r#"metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty"#.to_string(),
            r#"metadata.ownerReferences.uid: Invalid value: "": must not be empty"#.to_string(),
            r#"metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty"#.to_string(),
        ]
    );
    assert!(
        !o.diagnostics
            .iter()
            .any(|d| d.rule.id == "cr/cel-not-checked"),
        "{m:?}"
    );
    let m = messages(&run_on(yaml, &at(37)).0);
    assert_eq!(
        m[..3],
        [
            r#"metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>"#.to_string(),
            "metadata.ownerReferences[0].uid: Required value: must not be empty".to_string(),
            r#"metadata.ownerReferences[1].apiVersion: Invalid value: "apps/": must be <group>/<version> or <version>"#.to_string(),
        ]
    );
}

#[test]
fn finalizer_warnings() {
    let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers: [cleanup, example.com/x, a.b, orphan, cleanup]\n",
            &Options::default(),
        );
    let m = messages(&o);
    assert_eq!(
            m,
            vec![
                r#"metadata.finalizers: "a.b": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers"#.to_string(),
                r#"metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers"#.to_string(),
            ]
        );
    assert!(o
        .diagnostics
        .iter()
        .all(|d| d.severity == Severity::Warning));
}

/// A finalizer name the server rejects gets its error and no warning (the server warns only
/// on a request that passed validation).
#[test]
fn no_finalizer_warning_for_an_invalid_name() {
    let (o, _) = run_on(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers: [-bad, bad name, cleanup]\n",
        &Options::default(),
    );
    let ids: Vec<(&str, String)> = o
        .diagnostics
        .iter()
        .map(|d| (d.rule.id, d.message.clone()))
        .collect();
    let warned: Vec<&String> = ids
        .iter()
        .filter(|(id, _)| *id == "cr/finalizer-name")
        .map(|(_, m)| m)
        .collect();
    assert_eq!(
        warned,
        vec![
            r#"metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers"#
        ],
        "{ids:?}"
    );
    assert_eq!(
        ids.iter().filter(|(id, _)| *id == "cr/metadata").count(),
        2,
        "{ids:?}"
    );
}

#[test]
fn versions() {
    let (o, _) = run_on(
        "apiVersion: example.com/v0\nkind: Widget\nmetadata: {name: w}\n",
        &Options::default(),
    );
    assert_eq!(o.diagnostics[0].rule.id, "cr/version-not-served");
    assert!(o.stored.is_none());
    let v2 = Options {
        version: Some("v2".into()),
        ..Options::default()
    };
    let (o, _) = run_on(&format!("{HEAD}spec:\n  replicas: 1\n"), &v2);
    let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, vec!["cr/version-schema-differs", "cr/unknown-field"]);
    let stored = o.stored.expect("stored");
    assert_eq!(stored.get_str("apiVersion"), Some("example.com/v2"));
}

#[test]
fn type_meta_embedded_scale_and_status() {
    let (o, _) = run_on(
            &format!("{HEAD}spec:\n  replicas: -1\n  template: {{metadata: {{name: x}}}}\nstatus:\n  replicas: 5\n"),
            &Options::default(),
        );
    let m = messages(&o);
    assert!(
        m.contains(&"spec.template.apiVersion: Required value".to_string()),
        "{m:?}"
    );
    assert!(
        m.contains(&"spec.template.kind: Required value".to_string()),
        "{m:?}"
    );
    assert!(
        m.contains(
            &".spec.replicas: Invalid value: -1: should be a non-negative integer".to_string()
        ),
        "{m:?}"
    );
    // status is dropped on create when the status subresource is on, so not validated.
    assert!(!m.iter().any(|x| x.starts_with("status")), "{m:?}");
    assert!(o.stored.expect("stored").get("status").is_some());
    let (o, _) = run_on(
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: w}\n",
        &Options::default(),
    );
    assert_eq!(
        messages(&o),
        vec![r#"kind: Invalid value: "Gadget": must be Widget"#.to_string()]
    );
}

#[test]
fn prune_only_keeps_defaults_out() {
    let docs = crate::yaml::load(&format!("{HEAD}spec:\n  extra: 1\n"));
    let obj = docs[0].root.clone().expect("object");
    let o = prune_only(&crd(), &obj, &Options::default());
    let stored = o.stored.expect("stored");
    assert!(stored.at(&["spec", "mode"]).is_none());
    assert!(stored.at(&["spec", "extra"]).is_none());
    assert_eq!(o.diagnostics.len(), 1);
}

#[test]
fn cel_rules_run_after_schema_validation() {
    let src = format!("{HEAD}spec:\n  list: [ok, bad]\n  labels: {{'a.b': x}}\n");
    let (o, src) = run_on(&src, &Options::default());
    let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, vec!["cr/cel-rule"], "{:?}", messages(&o));
    let d = &o.diagnostics[0];
    assert_eq!(d.message, "spec.list: Invalid value: no bad items");
    assert_eq!(d.path.as_deref(), Some("spec.list"));
    assert_eq!(&src[d.span.range()], "[ok, bad]");
}

#[test]
fn broken_rules_are_skipped_and_noted_once() {
    let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
        "type": "object",
        "properties": {"spec": {"type": "object",
            "properties": {"n": {"type": "integer"}},
            "x-kubernetes-validations": [
                {"rule": "self.n == 'x'"},
                {"rule": "self.n < 3", "message": "n too big"}]}}
    })));
    assert_eq!(
        crd.cel_rules_skipped("v1").len(),
        1,
        "{:?}",
        crd.cel_rules_skipped("v1")
    );
    assert!(
        crd.cel_rules_skipped("v1")[0]
            .starts_with("properties[spec]: rule \"self.n == 'x'\": compilation failed"),
        "{:?}",
        crd.cel_rules_skipped("v1")
    );
    let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"}, "spec": {"n": 5}}));
    let o = validate_resource(&crd, &obj, &Options::default());
    let got: Vec<(&str, Severity)> = o
        .diagnostics
        .iter()
        .map(|d| (d.rule.id, d.severity))
        .collect();
    assert_eq!(
        got,
        vec![
            ("cr/cel-rules-skipped", Severity::Info),
            ("cr/cel-rule", Severity::Error)
        ],
        "{:?}",
        messages(&o)
    );
    assert_eq!(o.diagnostics[1].message, "spec: Invalid value: n too big");
    // Every resource that reaches the broken rule carries the same note (the run driver
    // keeps one per CRD version), so the result does not depend on which resource ran first.
    let again = validate_resource(&crd, &obj, &Options::default());
    let notes: Vec<&str> = again
        .diagnostics
        .iter()
        .filter(|d| d.rule.id == "cr/cel-rules-skipped")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(notes, vec![o.diagnostics[0].message.as_str()]);
}

#[test]
fn cel_is_gated_by_blocking_schema_errors() {
    // `mode: C` is an enum (NotSupported) error: rules are not run, the gate error is.
    let (o, _) = run_on(
        &format!("{HEAD}spec:\n  mode: C\n  list: [bad]\n"),
        &Options::default(),
    );
    let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(
        ids,
        vec!["cr/schema", "cr/cel-not-checked"],
        "{:?}",
        messages(&o)
    );
}

#[test]
fn transition_rules_need_the_old_object() {
    let crd = crd();
    let src = format!("{HEAD}spec:\n  name: new\n");
    let docs = crate::yaml::load(&src);
    let obj = docs[0].root.clone().expect("object");
    let created = validate_resource(&crd, &obj, &Options::default());
    assert!(
        !created
            .diagnostics
            .iter()
            .any(|d| d.rule.id == "cr/cel-rule"),
        "{:?}",
        messages(&created)
    );
    let old_docs = crate::yaml::load(&format!("{HEAD}spec:\n  name: old\n  junk: 1\n"));
    let old = old_docs[0].root.clone().expect("old");
    let o = validate_resource_update(&crd, &obj, Some(&old), &Options::default());
    let cel: Vec<&Diagnostic> = o
        .diagnostics
        .iter()
        .filter(|d| d.rule.id == "cr/cel-rule")
        .collect();
    assert_eq!(cel.len(), 1, "{:?}", messages(&o));
    assert_eq!(cel[0].message, "spec: Forbidden: name is immutable");
    assert!(src[cel[0].span.start()..cel[0].span.end()].starts_with("name: new"));
    let same = validate_resource_update(&crd, &obj, Some(&obj), &Options::default());
    assert!(!same.diagnostics.iter().any(|d| d.rule.id == "cr/cel-rule"));
}

#[test]
fn optional_old_self_and_field_paths_into_maps() {
    let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
        "type": "object",
        "properties": {"spec": {"type": "object",
            "properties": {
                "m": {"type": "object", "additionalProperties": {"type": "string"}},
                "count": {"type": "integer"}},
            "x-kubernetes-validations": [
                {"rule": "!oldSelf.hasValue() || self.count >= oldSelf.value().count",
                 "optionalOldSelf": true, "message": "count may not decrease"},
                {"rule": "!has(self.m) || !('a.b' in self.m) || self.m['a.b'] == 'ok'",
                 "fieldPath": ".m['a.b']", "reason": "FieldValueRequired", "message": "must be ok"}]}}
    })));
    let src = "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: f}\nspec:\n  count: 1\n  m: {a.b: bad}\n";
    let docs = crate::yaml::load(src);
    let obj = docs[0].root.clone().expect("object");
    // Create: the optionalOldSelf rule runs with oldSelf absent and passes.
    let o = validate_resource(&crd, &obj, &Options::default());
    assert_eq!(
        messages(&o),
        vec!["spec.m[a.b]: Required value: must be ok".to_string()]
    );
    let d = &o.diagnostics[0];
    assert_eq!(d.path.as_deref(), Some("spec.m[a.b]"));
    assert_eq!(&src[d.span.range()], "bad");
    // Update from count: 2: the transition now fails, at the rule's node.
    let old = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"count": 2}}));
    let o = validate_resource_update(&crd, &obj, Some(&old), &Options::default());
    assert_eq!(
        messages(&o),
        vec![
            "spec: Invalid value: count may not decrease".to_string(),
            "spec.m[a.b]: Required value: must be ok".to_string()
        ]
    );
}

#[test]
fn old_objects_match_by_api_version_kind_namespace_and_name() {
    let mut old = OldObjects::new();
    old.add_text(
            "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: x}, spec: 1}\n---\napiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\nspec: 2\n---\nkind: Foo\nmetadata: {name: b}\n",
        );
    assert_eq!(old.len(), 2);
    let get = |j: serde_json::Value| {
        old.get(&Node::from_json(&j))
            .and_then(|n| n.get("spec"))
            .and_then(|n| match n.value {
                Value::Int(i) => Some(i),
                _ => None,
            })
    };
    let foo = |ns: Option<&str>, av: &str| {
        let mut j = serde_json::json!({"apiVersion": av, "kind": "Foo", "metadata": {"name": "a"}});
        if let Some(ns) = ns {
            j["metadata"]["namespace"] = serde_json::json!(ns);
        }
        j
    };
    assert_eq!(get(foo(Some("x"), "example.com/v1")), Some(1));
    assert_eq!(get(foo(None, "example.com/v1")), Some(2));
    assert_eq!(get(foo(Some("y"), "example.com/v1")), None);
    assert_eq!(get(foo(None, "example.com/v2")), None);
}

/// The CEL rules' documented examples do what the docs say, with the schema in their
/// leading comment.
#[test]
fn cel_rule_examples() {
    for (rule, bad, good) in [
        (&rules::CEL_RULE, rules::CEL_RULE.bad, rules::CEL_RULE.good),
        (
            &rules::CEL_RULES_SKIPPED,
            rules::CEL_RULES_SKIPPED.bad,
            rules::CEL_RULES_SKIPPED.good,
        ),
        (
            &rules::CEL_NOT_CHECKED,
            rules::CEL_NOT_CHECKED.bad,
            rules::CEL_NOT_CHECKED.good,
        ),
    ] {
        // The schema is in the example's leading comment (the bad one's when the good
        // one has none); each example gets a fresh CRD (the skipped-rules note is once
        // per CRD).
        let comment = |e: &str| -> String {
            e.lines()
                .take_while(|l| l.starts_with('#'))
                .map(|l| l.trim_start_matches('#').trim_start_matches(' '))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let check = |src: &str| {
            let mut spec = comment(src);
            if spec.is_empty() {
                spec = comment(bad);
            }
            let spec = spec.replacen("spec:", "", 1);
            let schema_src = format!("type: object\nproperties:\n  spec: {}\n", spec.trim());
            let docs = crate::yaml::load(&schema_src);
            let crd = CompiledCrd::from_schema(docs[0].root.as_ref().expect("schema"));
            let src = src.replace("kind: Widget", "kind: Foo");
            let docs = crate::yaml::load(&src);
            let obj = docs[0].root.as_ref().expect("obj");
            let o = validate_resource(&crd, obj, &Options::default());
            o.diagnostics.iter().map(|d| d.rule.id).collect::<Vec<_>>()
        };
        assert!(
            check(bad).contains(&rule.id),
            "{}: {:?}",
            rule.id,
            check(bad)
        );
        assert!(
            !check(good).contains(&rule.id),
            "{}: {:?}",
            rule.id,
            check(good)
        );
    }
}

#[test]
fn runtime_cost_limits_are_enforced() {
    let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
        "type": "object",
        "properties": {"spec": {"type": "object", "properties": {
            "l": {"type": "array", "items": {"type": "string"},
                  "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x == y || true))"}]}}}}
    })));
    let items: Vec<String> = (0..1500).map(|i| format!("s{i}")).collect();
    let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"l": items}}));
    let o = validate_resource(&crd, &obj, &Options::default());
    let m = messages(&o);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
            m[0].starts_with("spec.l: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: "),
            "{m:?}"
        );
    assert_eq!(o.diagnostics[0].rule.id, "cr/cel-rule");
    // A small list is fine.
    let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"l": ["a", "b"]}}));
    assert!(validate_resource(&crd, &obj, &Options::default())
        .diagnostics
        .is_empty());
}

#[test]
fn locate_follows_server_paths() {
    let src = "a:\n  b.c:\n    d: [x, {e: 1}]\n  'k]': 2\n";
    let docs = crate::yaml::load(src);
    let root = docs[0].root.as_ref().expect("root");
    let at = |p: &str| {
        let s = locate(root, p);
        src[s.range()].to_string()
    };
    assert_eq!(at("a.b.c.d[1].e"), "1");
    assert_eq!(at("a[k]]"), "2");
    assert_eq!(at("a.b.c.d[7]"), "[x, {e: 1}]");
    assert_eq!(at("<nil>"), src[root.span().range()]);
}

#[test]
fn not_an_object() {
    let o = validate_resource(
        &crd(),
        &Node::from_json(&serde_json::json!([1])),
        &Options::default(),
    );
    assert_eq!(o.diagnostics[0].rule.id, "cr/not-an-object");
}

#[test]
fn findings_alone_are_those_of_the_full_run() {
    let crd = crd();
    let docs = [
        // Nothing to rewrite: validated as written.
        format!("{HEAD}spec:\n  mode: B\n  replicas: 3\n"),
        format!("{HEAD}spec:\n  mode: B\n  replicas: 30\n  list: [bad]\n  size: 3Ti\n"),
        format!("{HEAD}spec:\n  mode: C\n  labels: {{a: x, b: y}}\n  ports: [1, 1]\n"),
        // A default, an unknown field, a dropped null, unknown metadata, a status.
        format!("{HEAD}spec:\n  replicas: 3\n"),
        format!("{HEAD}spec:\n  mode: B\n  bogus: 1\n"),
        format!("{HEAD}spec:\n  mode: B\n  name: null\n"),
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  colour: red\nspec:\n  mode: B\n".to_string(),
        format!("{HEAD}spec:\n  mode: B\nstatus:\n  replicas: 5\n"),
        "apiVersion: example.com/v2\nkind: Widget\nmetadata:\n  name: w\nspec:\n  count: x\n".to_string(),
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {}\nspec:\n  mode: B\n".to_string(),
    ];
    let shown = |o: &Outcome| -> Vec<String> {
        o.diagnostics
            .iter()
            .map(|d| format!("{} {:?} {:?} {}", d.rule.id, d.span, d.path, d.message))
            .collect()
    };
    for src in &docs {
        let loaded = crate::yaml::load(src);
        let obj = loaded[0].root.as_ref().expect("object");
        let opts = Options::default();
        let full = validate_resource(&crd, obj, &opts);
        let alone = validate_resource_findings(&crd, obj, None, &opts);
        assert_eq!(shown(&alone), shown(&full), "{src}");
        assert_eq!(alone.version, full.version, "{src}");
        assert!(alone.stored.is_none());
    }
}

#[test]
fn findings_in_place_are_those_of_the_copying_run() {
    // No embedded resource, so a resource that only gets defaults is validated in place.
    let crd_src = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Gadget, plural: gadgets}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations:
        - {rule: "self.spec.mode != 'B' || self.spec.size > 2", message: B needs size}
        properties:
          spec:
            type: object
            properties:
              mode: {type: string, enum: [A, B], default: A}
              size: {type: integer, maximum: 5, default: 1}
              name: {type: string, nullable: false, default: n}
              items:
                type: array
                items: {type: object, properties: {k: {type: string, default: x}, v: {type: integer, minimum: 0}}}
          status:
            type: object
            default: {phase: New}
            properties:
              phase: {type: string, maxLength: 3}
"#;
    let loaded = crate::yaml::load(crd_src);
    let crd = CompiledCrd::compile(loaded[0].root.as_ref().expect("crd")).expect("compiles");
    let head = "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n";
    let docs = [
        format!("{head}spec: {{mode: A, size: 1, name: n}}\nstatus: {{phase: Old}}\n"),
        format!("{head}spec: {{}}\n"),
        format!("{head}spec: {{mode: B, size: 9}}\n"),
        format!("{head}spec:\n  name: null\n  items: [{{v: -1}}, {{k: y}}]\n"),
        format!("{head}spec: {{mode: C}}\nstatus: {{phase: Running}}\n"),
        format!("{head}spec: {{mode: B, bogus: 1}}\n"),
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n  colour: red\nspec: {}\n"
            .to_string(),
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: 5\nspec: {size: 9}\n".to_string(),
        "apiVersion: example.com/v2\nkind: Gadget\nmetadata: {name: g}\n".to_string(),
    ];
    let shown = |o: &Outcome| -> Vec<String> {
        o.diagnostics
            .iter()
            .map(|d| {
                let name = d.object.as_ref().map(|o| o.name.clone());
                format!(
                    "{} {:?} {:?} {} {name:?}",
                    d.rule.id, d.span, d.path, d.message
                )
            })
            .collect()
    };
    let mut defaulted = 0;
    for src in &docs {
        let loaded = crate::yaml::load(src);
        let obj = loaded[0].root.clone().expect("object");
        let opts = Options::default();
        let full = validate_resource(&crd, &obj, &opts);
        let copied = validate_resource_findings(&crd, &obj, None, &opts);
        let mut owned = obj.clone();
        let in_place = validate_resource_findings_in_place(&crd, &mut owned, &opts);
        assert_eq!(shown(&in_place), shown(&copied), "{src}");
        assert_eq!(in_place.version, copied.version, "{src}");
        assert!(in_place.stored.is_none());
        // Left as written, or defaulted as it would be stored.
        if owned != obj {
            assert_eq!(Some(&owned), full.stored.as_ref(), "{src}");
            defaulted += 1;
        }
    }
    assert!(
        defaulted >= 4,
        "only {defaulted} resources were defaulted in place"
    );
}
