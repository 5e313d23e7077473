//! Tests of the update path (status carried over, ratcheting, ObjectMeta update rules) and of
//! every row of the version table ([`crate::k8s::behavior::CHANGES`]) at the minor before the
//! change and at the minor of the change.

use super::*;
use crate::k8s::behavior::{since, Change};

const CRD: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations:
        - rule: "!has(self.status) || self.status.ready || self.spec.size < 5"
          message: grow only when ready
        properties:
          spec:
            type: object
            properties:
              size: {type: integer, maximum: 10}
              name: {type: string, maxLength: 1}
              code: {type: string, maxLength: 3}
              tags: {type: array, maxItems: 1, items: {type: string}}
              small: {type: integer, format: int32}
              labels: {type: object, maxProperties: 1, required: [x], additionalProperties: {type: string}}
              mode: {type: string, enum: [a, b]}
              limit:
                type: integer
                x-kubernetes-validations: [{rule: "self < 100"}]
              obj:
                type: object
                properties: {count: {type: integer}}
                x-kubernetes-validations: [{rule: "self.count < 100", message: count too big}]
              ratio:
                type: number
                x-kubernetes-validations: [{rule: "self < 1.0", messageExpression: "'ratio %e too big'.format([self])"}]
              endpoint: {type: string, format: uri}
              link:
                type: string
                maxLength: 100000
                x-kubernetes-validations:
                - {rule: "isURL(self)", message: not a URL}
                - {rule: "!isURL(self) || url(self).getQuery().size() > 0", message: no query}
              shrink:
                type: integer
                x-kubernetes-validations: [{rule: "self <= 50 && self >= oldSelf", message: no shrink}]
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    port: {type: integer, maximum: 1000}
              set:
                type: array
                x-kubernetes-list-type: set
                items: {type: integer, maximum: 1000}
              template:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
          status:
            type: object
            properties:
              ready: {type: boolean}
              count: {type: integer, maximum: 3}
"#;

fn crd() -> CompiledCrd {
    let doc = crate::yaml::load(CRD).remove(0);
    CompiledCrd::compile(&doc.root.expect("crd")).expect("compiles")
}

fn obj(spec: &str, extra: &str) -> Node {
    let text = format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: ns\n{extra}spec: {spec}\n"
    );
    crate::yaml::load(&text).remove(0).root.expect("object")
}

fn at(minor: u32) -> Options {
    Options {
        kube_version: KubeVersion { minor },
        report_ratcheted: true,
        ..Options::default()
    }
}

/// (rule id, message) of every finding.
fn run(new: &Node, old: Option<&Node>, opts: &Options) -> Vec<(String, String)> {
    validate_resource_update(&crd(), new, old, opts)
        .diagnostics
        .iter()
        .map(|d| (d.rule.id.to_string(), d.message.clone()))
        .collect()
}

fn errors(new: &Node, old: Option<&Node>, opts: &Options) -> Vec<String> {
    validate_resource_update(&crd(), new, old, opts)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.clone())
        .collect()
}

/// The messages of rule `id` at `minor` (create).
fn created(minor: u32, spec: &str, id: &str) -> Vec<String> {
    run(&obj(spec, ""), None, &at(minor))
        .into_iter()
        .filter(|(r, _)| r == id)
        .map(|(_, m)| m)
        .collect()
}

#[test]
fn status_comes_from_the_old_object_on_update() {
    // The new object claims ready; the update strategy keeps the old (not ready) status.
    let new = obj("{size: 7}", "status: {ready: true}\n");
    let old = obj("{size: 3}", "status: {ready: false}\n");
    assert_eq!(
        errors(&new, Some(&old), &at(36)),
        vec!["<nil>: Invalid value: grow only when ready"]
    );
    let ready = obj("{size: 3}", "status: {ready: true}\n");
    assert!(errors(&new, Some(&ready), &at(36)).is_empty());
    // Create drops status entirely: the rule sees none.
    assert!(errors(&new, None, &at(36)).is_empty());
    // The stored output keeps what the user wrote.
    let out = validate_resource_update(&crd(), &new, Some(&old), &at(36));
    let stored = out.stored.expect("stored");
    assert_eq!(
        stored.at(&["status", "ready"]).and_then(Node::as_bool),
        Some(true)
    );
}

#[test]
fn the_old_status_is_validated_and_ratchets() {
    let new = obj("{size: 1}", "");
    let old = obj("{size: 1}", "status: {count: 9}\n");
    // Before ratcheting the carried-over invalid status is an error of the update...
    assert_eq!(
        errors(&new, Some(&old), &at(29)),
        vec!["status.count: Invalid value: 9: status.count in body should be less than or equal to 3"]
    );
    // ...from 1.30 it is unchanged, so only a ratcheted note.
    assert!(errors(&new, Some(&old), &at(30)).is_empty());
}

#[test]
fn schema_errors_on_unchanged_values_ratchet_from_1_30() {
    let new = obj("{size: 20, set: [2000]}", "");
    let old = obj("{size: 20}", "");
    let msg_size =
        "spec.size: Invalid value: 20: spec.size in body should be less than or equal to 10";
    let msg_set = "spec.set[0]: Invalid value: 2000: spec.set[0] in body should be less than or equal to 1000";
    assert_eq!(errors(&new, Some(&old), &at(29)), vec![msg_size, msg_set]);
    assert_eq!(errors(&new, Some(&old), &at(30)), vec![msg_set]);
    let notes = run(&new, Some(&old), &at(30));
    assert!(
        notes.contains(&("cr/ratcheted".to_string(), msg_size.to_string())),
        "{notes:?}"
    );
    // Without --verbose the ratcheted error is silent.
    let quiet = Options {
        report_ratcheted: false,
        ..at(30)
    };
    assert!(run(&new, Some(&old), &quiet)
        .iter()
        .all(|(r, _)| r != "cr/ratcheted"));
    // A changed invalid value is an error.
    let changed = obj("{size: 21}", "");
    assert_eq!(
        errors(&changed, Some(&old), &at(36)),
        vec!["spec.size: Invalid value: 21: spec.size in body should be less than or equal to 10"]
    );
}

#[test]
fn map_list_items_correlate_by_key_set_items_do_not() {
    let old = obj(
        "{ports: [{name: a, port: 2000}, {name: b, port: 1}], set: [2000, 1]}",
        "",
    );
    // Reordered map list with the invalid item unchanged: ratcheted. The set changed (1 -> 2),
    // and its items do not correlate, so its unchanged invalid item is an error.
    let new = obj(
        "{ports: [{name: b, port: 2}, {name: a, port: 2000}], set: [2000, 2]}",
        "",
    );
    assert_eq!(
        errors(&new, Some(&old), &at(36)),
        vec!["spec.set[0]: Invalid value: 2000: spec.set[0] in body should be less than or equal to 1000"]
    );
    // An unchanged set ratchets as a whole.
    let same_set = obj("{ports: [{name: a, port: 2000}], set: [2000, 1]}", "");
    assert!(errors(&same_set, Some(&old), &at(36)).is_empty());
}

#[test]
fn cel_rules_ratchet_but_transition_rules_do_not() {
    let old = obj("{limit: 500, obj: {count: 500}, shrink: 90}", "");
    let new = obj("{limit: 500, obj: {count: 500}, shrink: 90}", "");
    // Before 1.30 every failing rule is an error, the transition rule included.
    assert_eq!(
        errors(&new, Some(&old), &at(29)),
        vec![
            r#"spec.limit: Invalid value: "integer": failed rule: self < 100"#,
            r#"spec.obj: Invalid value: "object": count too big"#,
            r#"spec.shrink: Invalid value: "integer": no shrink"#,
        ]
    );
    // From 1.30 rules without oldSelf ratchet on unchanged values; the transition rule does not.
    assert_eq!(
        errors(&new, Some(&old), &at(36)),
        vec!["spec.shrink: Invalid value: 90: no shrink"]
    );
    let notes: Vec<String> = run(&new, Some(&old), &at(36))
        .into_iter()
        .filter(|(r, _)| r == "cr/ratcheted")
        .map(|(_, m)| m)
        .collect();
    assert_eq!(
        notes,
        vec![
            "spec.limit: Invalid value: 500: failed rule: self < 100",
            "spec.obj: Invalid value: count too big",
        ]
    );
    // A sibling change does not un-ratchet an unchanged value.
    let sibling = obj("{limit: 500, obj: {count: 500}, shrink: 40}", "");
    assert!(errors(&sibling, Some(&old), &at(36))
        .iter()
        .all(|m| !m.starts_with("spec.limit") && !m.starts_with("spec.obj")));
}

#[test]
fn metadata_update_rules() {
    let new = obj("{}", "");
    let mut old = obj("{}", "");
    let uid = |n: &mut Node, v: &str| {
        let meta = n
            .as_map_mut()
            .and_then(|m| m.get_mut("metadata"))
            .expect("metadata");
        meta.as_map_mut().expect("map").insert(
            "uid".to_string(),
            Node::synthetic(Value::String(v.to_string().into())),
        );
    };
    uid(&mut old, "u1");
    // A uid the new file does not give comes from the old object.
    assert!(errors(&new, Some(&old), &at(36)).is_empty());
    let mut changed = new.clone();
    uid(&mut changed, "u2");
    assert_eq!(
        errors(&changed, Some(&old), &at(36)),
        vec![r#"metadata.uid: Invalid value: "u2": field is immutable"#]
    );
    // Name checks are create checks: an update does not repeat them.
    let bad_name = crate::yaml::load(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: Bad_Name, namespace: ns}\nspec: {}\n",
    )
    .remove(0)
    .root
    .expect("object");
    assert!(!errors(&bad_name, None, &at(36)).is_empty());
    assert!(errors(&bad_name, Some(&bad_name), &at(36)).is_empty());
}

#[test]
fn row_field_value_json() {
    let c = since(Change::FieldValueJson);
    let spec = "{ports: [{name: a}, {name: a}]}";
    assert_eq!(
        created(c - 1, spec, "cr/list-duplicate"),
        vec![r#"spec.ports[1]: Duplicate value: map[string]interface {}{"name":"a"}"#]
    );
    assert_eq!(
        created(c, spec, "cr/list-duplicate"),
        vec![r#"spec.ports[1]: Duplicate value: {"name":"a"}"#]
    );
    // A nil bad value.
    let blocked = "{mode: c}";
    let nil = |minor| created(minor, blocked, "cr/cel-not-checked");
    assert!(nil(c - 1)[0].starts_with(r#"<nil>: Invalid value: "null": some validation rules"#));
    assert!(nil(c)[0].starts_with("<nil>: Invalid value: null: some validation rules"));
}

#[test]
fn row_field_singular_units() {
    let c = since(Change::FieldSingularUnits);
    let spec = "{name: ab, tags: [a, b]}";
    assert_eq!(
        created(c - 1, spec, "cr/schema"),
        vec![
            "spec.name: Too long: may not be more than 1 bytes",
            "spec.tags: Too many: 2: must have at most 1 items",
        ]
    );
    assert_eq!(
        created(c, spec, "cr/schema"),
        vec![
            "spec.name: Too long: may not be more than 1 byte",
            "spec.tags: Too many: 2: must have at most 1 item",
        ]
    );
}

#[test]
fn row_too_long_may_not_be_more() {
    let c = since(Change::TooLongMayNotBeMore);
    let spec = "{code: abcd}";
    assert_eq!(
        created(c - 1, spec, "cr/schema"),
        vec!["spec.code: Too long: may not be longer than 3"]
    );
    assert_eq!(
        created(c, spec, "cr/schema"),
        vec!["spec.code: Too long: may not be more than 3 bytes"]
    );
    // field.TooLong itself (annotations) said "must have at most" before.
    let e = FieldError::too_long(FieldPath::new("metadata").child("annotations"), 262144);
    let b = |minor| Behavior::of(KubeVersion { minor });
    assert_eq!(
        e.render(b(c - 1)),
        "metadata.annotations: Too long: must have at most 262144 bytes"
    );
    assert_eq!(
        e.render(b(c)),
        "metadata.annotations: Too long: may not be more than 262144 bytes"
    );
}

#[test]
fn row_cel_rule_failure_value() {
    let c = since(Change::CelRuleFailureValue);
    let spec = "{limit: 500, obj: {count: 500}}";
    assert_eq!(
        created(c - 1, spec, "cr/cel-rule"),
        vec![
            r#"spec.limit: Invalid value: "integer": failed rule: self < 100"#,
            r#"spec.obj: Invalid value: "object": count too big"#,
        ]
    );
    assert_eq!(
        created(c, spec, "cr/cel-rule"),
        vec![
            "spec.limit: Invalid value: 500: failed rule: self < 100",
            "spec.obj: Invalid value: count too big",
        ]
    );
}

#[test]
fn row_ratcheting() {
    let c = since(Change::Ratcheting);
    let v = obj("{size: 20}", "");
    assert_eq!(errors(&v, Some(&v), &at(c - 1)).len(), 1);
    assert!(errors(&v, Some(&v), &at(c)).is_empty());
}

#[test]
fn row_object_count_no_short_circuit() {
    let c = since(Change::ObjectCountNoShortCircuit);
    let spec = "{labels: {a: '1', b: '2'}}";
    assert_eq!(
        created(c - 1, spec, "cr/schema"),
        vec!["spec.labels: Too many: 2: must have at most 1 items"]
    );
    assert_eq!(
        created(c, spec, "cr/schema"),
        vec![
            "spec.labels: Too many: 2: must have at most 1 items",
            "spec.labels.x: Required value",
        ]
    );
}

#[test]
fn row_cel_blocked_by_enum() {
    let c = since(Change::CelBlockedByEnum);
    let spec = "{mode: c, limit: 500}";
    let ids = |minor| -> Vec<String> {
        run(&obj(spec, ""), None, &at(minor))
            .into_iter()
            .map(|(r, _)| r)
            .collect()
    };
    assert_eq!(ids(c - 1), vec!["cr/schema", "cr/cel-rule"]);
    assert_eq!(ids(c), vec!["cr/schema", "cr/cel-not-checked"]);
}

#[test]
fn row_finalizer_warnings() {
    let c = since(Change::FinalizerWarnings);
    let p = since(Change::FinalizerWarningPath);
    let o = obj("{}", "  finalizers: [a.b.c]\n").clone();
    let warn = |minor| created_obj(minor, &o, "cr/finalizer-name");
    assert!(warn(c - 1).is_empty());
    assert_eq!(
        warn(p - 1),
        vec![
            r#"metadata.finalizers: "a.b.c": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers"#
        ]
    );
    assert_eq!(
        warn(p),
        vec![
            r#"metadata.finalizers: "a.b.c": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers"#
        ]
    );
    // On update only added finalizers are warned about.
    let again: Vec<_> = run(&o, Some(&o), &at(36))
        .into_iter()
        .filter(|(r, _)| r == "cr/finalizer-name")
        .collect();
    assert!(again.is_empty());
}

fn created_obj(minor: u32, o: &Node, id: &str) -> Vec<String> {
    run(o, None, &at(minor))
        .into_iter()
        .filter(|(r, _)| r == id)
        .map(|(_, m)| m)
        .collect()
}

#[test]
fn row_embedded_required_no_detail() {
    let c = since(Change::EmbeddedRequiredNoDetail);
    let spec = "{template: {metadata: {name: x}}}";
    assert_eq!(
        created(c - 1, spec, "cr/embedded-resource"),
        vec![
            "spec.template.apiVersion: Required value: must not be empty",
            "spec.template.kind: Required value: must not be empty",
        ]
    );
    assert_eq!(
        created(c, spec, "cr/embedded-resource"),
        vec![
            "spec.template.apiVersion: Required value",
            "spec.template.kind: Required value",
        ]
    );
}

#[test]
fn row_numeric_format_ranges() {
    let c = since(Change::NumericFormatRanges);
    let spec = "{small: 3000000000}";
    assert!(created(c - 1, spec, "cr/schema").is_empty());
    assert_eq!(
        created(c, spec, "cr/schema"),
        vec!["<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in spec.small"]
    );
}

#[test]
fn row_scientific_format_no_spaces() {
    let c = since(Change::ScientificFormatNoSpaces);
    let spec = "{ratio: 1234.5}";
    assert_eq!(
        created(c - 1, spec, "cr/cel-rule"),
        vec!["spec.ratio: Invalid value: \"number\": ratio 1.234500\u{202f}\u{d7}\u{202f}10\u{2070}\u{b3} too big"]
    );
    assert_eq!(
        created(c, spec, "cr/cel-rule"),
        vec!["spec.ratio: Invalid value: \"number\": ratio 1.234500\u{d7}10\u{2070}\u{b3} too big"]
    );
}

#[test]
fn row_url_strict_colons() {
    let c = since(Change::UrlStrictColons);
    // `format: uri` (ParseRequestURI in kube-openapi's registry).
    let spec = "{endpoint: 'http://a:b:80/'}";
    assert!(created(c - 1, spec, "cr/schema").is_empty());
    assert_eq!(
        created(c, spec, "cr/schema"),
        vec!["spec.endpoint: Invalid value: \"http://a:b:80/\": spec.endpoint in body must be of type uri: \"http://a:b:80/\""]
    );
    // CEL isURL() in a stored rule.
    let spec = "{link: 'http://a:b:80/?q=1'}";
    assert!(created(c - 1, spec, "cr/cel-rule").is_empty());
    assert_eq!(
        created(c, spec, "cr/cel-rule"),
        vec!["spec.link: Invalid value: \"http://a:b:80/?q=1\": not a URL"]
    );
}

#[test]
fn row_url_max_query_params() {
    let c = since(Change::UrlMaxQueryParams);
    // 10001 parameters: one over Go's limit, so `Query()` is empty from the change on.
    let link = format!("https://x/?{}", vec!["a=1"; 10_001].join("&"));
    let spec = format!("{{link: '{link}'}}");
    assert!(created(c - 1, &spec, "cr/cel-rule").is_empty());
    let msgs = created(c, &spec, "cr/cel-rule");
    assert_eq!(msgs.len(), 1, "{msgs:?}");
    assert!(
        msgs[0].ends_with(": no query"),
        "{}",
        &msgs[0][msgs[0].len() - 40..]
    );
    // At the limit, every minor keeps the parameters.
    let spec = format!("{{link: 'https://x/?{}'}}", vec!["a=1"; 10_000].join("&"));
    assert!(created(c, &spec, "cr/cel-rule").is_empty());
}

#[test]
fn row_owner_reference_required() {
    let c = since(Change::OwnerReferenceRequired);
    let refs = "  ownerReferences: [{apiVersion: v1, kind: K, name: o}, {apiVersion: apps/, kind: K, name: p, uid: u}]\n";
    let meta = |minor| -> Vec<String> {
        run(&obj("{}", refs), None, &at(minor))
            .into_iter()
            .filter(|(r, _)| r == "cr/metadata")
            .map(|(_, m)| m)
            .collect()
    };
    assert_eq!(
        meta(c - 1),
        vec![
            r#"metadata.ownerReferences.uid: Invalid value: "": must not be empty"#,
            r#"metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty"#,
        ]
    );
    assert_eq!(
        meta(c),
        vec![
            "metadata.ownerReferences[0].uid: Required value: must not be empty",
            r#"metadata.ownerReferences[1].apiVersion: Invalid value: "apps/": must be <group>/<version> or <version>"#,
        ]
    );
}

#[test]
fn every_row_has_a_test_here() {
    // Keep this list in step with the `row_*` tests above.
    let tested = [
        Change::FieldValueJson,
        Change::FieldSingularUnits,
        Change::TooLongMayNotBeMore,
        Change::CelRuleFailureValue,
        Change::Ratcheting,
        Change::ObjectCountNoShortCircuit,
        Change::CelBlockedByEnum,
        Change::FinalizerWarnings,
        Change::FinalizerWarningPath,
        Change::EmbeddedRequiredNoDetail,
        Change::NumericFormatRanges,
        Change::ScientificFormatNoSpaces,
        Change::UrlStrictColons,
        Change::UrlMaxQueryParams,
        Change::OwnerReferenceRequired,
        // Visible only in the estimated cost of a rule (the CRD's creation), so tested with the
        // cost estimator: cel::cost::crd::tests::metadata_names_are_bounded_from_1_37.
        Change::CelObjectMetaNameMaxLength,
        // A CRD warning: lint::warnings::tests::non_scalar_sets_are_warned_about_from_1_37.
        Change::NonScalarSetWarning,
        // Visible only where a string holding U+0008/U+000C is printed as JSON below 1.34 (lint's
        // `schema/default` enum lists), so tested on the encoder:
        // k8s::field::tests::go_json_string_byte_classes.
        Change::JsonShortControlEscapes,
        // The parser's macro sets: cel::macros::tests::macro_sets_arrive_with_their_minors.
        Change::CelOptionalMacros,
        Change::CelTwoVarComprehensions,
        Change::CelSortByMacro,
        // A built-in Pod check: builtin::native::tests::env_var_names_per_minor.
        Change::RelaxedEnvVarNames,
        // The schema validator: apiext::openapi::tests::numeric_formats_are_blanked_before_1_36,
        // and per minor in tests/conformance_server_words.rs.
        Change::NumericFormatsKept,
        // The checker: cel::compile::tests::leading_dot_names_the_root_scope.
        Change::CelLeadingDotGlobalOnly,
        // Admission expressions' result type: admission::tests::expression_environments.
        Change::AdmissionResultTypeGot,
        // Built-in kinds' Go defaults: builtin::defaults::tests::stateful_set_per_minor,
        // host_network_ports_per_minor and job_per_minor (and tests/builtin_defaults.rs).
        Change::StatefulSetPvcRetentionDefault,
        Change::HostPortsInPodsOnly,
        Change::JobPodReplacementPolicyDefault,
        Change::JobManualSelectorDefault,
        Change::StatefulSetMaxUnavailableDefault,
    ];
    for r in crate::k8s::behavior::CHANGES {
        assert!(tested.contains(&r.change), "{:?} has no row test", r.change);
    }
}

#[test]
fn cel_libraries_follow_the_emulated_minor() {
    // Stored rules compile in the emulated minor's stored-expressions environment: a library
    // the minor lacks makes the rule a compile error there (skipped, with the note), and the
    // minor that introduced it runs the rule.
    let crd_text = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Thing, plural: things}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              v: {type: string, maxLength: 20, x-kubernetes-validations: [{rule: "isSemver(self)", message: not semver}]}
              ip: {type: string, maxLength: 40, x-kubernetes-validations: [{rule: "isIP(self)", message: not an IP}]}
"#;
    let crd = CompiledCrd::compile(&crate::yaml::load(crd_text).remove(0).root.expect("crd"))
        .expect("compiles");
    let o = crate::yaml::load(
        "apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t, namespace: ns}\nspec: {v: x, ip: z}\n",
    )
    .remove(0)
    .root
    .expect("object");
    let ids = |minor| -> Vec<(String, String)> {
        validate_resource(&crd, &o, &at(minor))
            .diagnostics
            .iter()
            .map(|d| (d.rule.id.to_string(), d.message.clone()))
            .collect()
    };
    let rule_failures = |minor| -> Vec<String> {
        ids(minor)
            .into_iter()
            .filter(|(id, _)| id == "cr/cel-rule")
            .map(|(_, m)| m)
            .collect()
    };
    assert_eq!(rule_failures(29), Vec::<String>::new(), "{:?}", ids(29));
    assert!(ids(29)
        .iter()
        .any(|(id, m)| id == "cr/cel-rules-skipped"
            && m.starts_with("2 x-kubernetes-validations rules")));
    assert_eq!(
        rule_failures(30),
        vec![r#"spec.ip: Invalid value: "string": not an IP"#]
    );
    assert_eq!(
        rule_failures(33),
        vec![
            r#"spec.v: Invalid value: "string": not semver"#,
            r#"spec.ip: Invalid value: "string": not an IP"#
        ]
    );
    assert!(!ids(33).iter().any(|(id, _)| id == "cr/cel-rules-skipped"));
}
