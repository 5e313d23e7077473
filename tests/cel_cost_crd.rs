//! CRD-level cost checks: the Kubernetes documentation's examples ("Resource use by validation
//! functions", kubernetes.io CRD docs), every cost error in the apiextensions
//! `validation_test.go` vectors (`testdata/conformance/schema/crd-validation.yaml`), and the
//! fixes crdlint computes.

use std::collections::BTreeMap;

use crdlint::cel::cost::{
    check_crd_costs, check_schema_costs, cost_table, crd_costs, rule_costs, schema_costs,
    CostSettings, KubernetesCompiler, SchemaCosts, COST_EXCEEDED, COST_HIGH, CRD_COST_EXCEEDED,
};
use crdlint::diag::Diagnostic;
use crdlint::k8s::FieldPath;
use crdlint::schema::Schema;
use crdlint::yaml::Node;

fn user_root() -> FieldPath {
    FieldPath::new("spec")
        .child("versions")
        .index(0)
        .child("schema")
        .child("openAPIV3Schema")
}

fn server_root() -> FieldPath {
    FieldPath::new("spec")
        .child("validation")
        .child("openAPIV3Schema")
}

fn yaml(text: &str) -> Node {
    let docs = crdlint::yaml::load(text);
    docs.into_iter()
        .next()
        .and_then(|d| d.root)
        .expect("one YAML document")
}

fn costs_of(schema: &Schema) -> SchemaCosts {
    schema_costs(
        schema,
        &user_root(),
        &server_root(),
        &KubernetesCompiler::default(),
    )
}

fn check(schema_yaml: &str) -> (SchemaCosts, Vec<Diagnostic>) {
    let schema = Schema::from_node(&yaml(schema_yaml));
    let costs = costs_of(&schema);
    let diags = check_schema_costs(
        &schema,
        &costs,
        &user_root(),
        &server_root(),
        &CostSettings::default(),
    );
    (costs, diags)
}

fn ids(diags: &[Diagnostic]) -> Vec<&'static str> {
    diags.iter().map(|d| d.rule.id).collect()
}

const DOC_STRINGS: &str = "
type: object
properties:
  foo:
    type: array
    items:
      type: string
    x-kubernetes-validations:
    - rule: \"self.all(x, x.contains('a string'))\"
";

#[test]
fn docs_unbounded_strings_are_rejected() {
    let (costs, diags) = check(DOC_STRINGS);
    // One rule far above 100,000,000 also breaks the per-CRD total.
    assert_eq!(
        ids(&diags),
        [COST_EXCEEDED.id, CRD_COST_EXCEEDED.id, CRD_COST_EXCEEDED.id],
        "{diags:#?}"
    );
    let d = &diags[0];
    assert_eq!(
        d.path.as_deref(),
        Some("spec.versions[0].schema.openAPIV3Schema.properties[foo].x-kubernetes-validations[0].rule")
    );
    assert_eq!(
        d.server_path.as_deref(),
        Some("spec.validation.openAPIV3Schema.properties[foo].x-kubernetes-validations[0].rule")
    );
    assert!(
        d.message.contains(": Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"),
        "{}",
        d.message
    );
    // Re-estimating with the fix's bounds must land where the fix says it lands.
    let help = d.help.as_deref().unwrap_or("");
    assert!(help.contains("\nfix: adding "), "{help}");
    assert!(help.contains(" at foo "), "{help}");
    assert!(help.contains("maxLength: "), "{help}");
    assert!(help.contains(" at foo[*]"), "{help}");
    assert_eq!(costs.rules.len(), 1);
    assert_eq!(costs.rules[0].location, "foo");
}

#[test]
fn docs_bounded_strings_pass() {
    let bounded = DOC_STRINGS
        .replace("    type: array\n", "    type: array\n    maxItems: 25\n")
        .replace(
            "      type: string\n",
            "      type: string\n      maxLength: 10\n",
        );
    let (costs, diags) = check(&bounded);
    assert!(diags.is_empty(), "{diags:#?}");
    // 25 × (@not_strictly_false 2 + && 1 + x 1 + contains ⌈40×0.1⌉×⌈8×0.1⌉ 4) + 2.
    assert_eq!(costs.rules[0].estimated, 202);
    assert_eq!(costs.rules[0].total, 202);
}

const DOC_INTS: &str = "
type: object
properties:
  foo:
    type: array
    items:
      type: integer
    x-kubernetes-validations:
    - rule: self.all(x, x == 5)
";

#[test]
fn docs_unbounded_integers_pass_but_not_nested() {
    let (costs, diags) = check(DOC_INTS);
    assert!(
        diags.iter().all(|d| d.rule.id != COST_EXCEEDED.id),
        "{diags:#?}"
    );
    // ⌊3,145,726 / 2⌋ integers, 4 per element, plus 2.
    assert_eq!(costs.rules[0].total, 1_572_863 * 4 + 2);

    let nested = "
type: object
properties:
  foo:
    type: array
    items:
      type: array
      items:
        type: integer
      x-kubernetes-validations:
      - rule: self.all(x, x == 5)
";
    let (costs, diags) = check(nested);
    assert!(ids(&diags).contains(&COST_EXCEEDED.id), "{diags:#?}");
    let r = &costs.rules[0];
    assert_eq!(r.location, "foo[*]");
    // Unbounded ancestor: the server counts ⌊3 MiB / (2 + 1)⌋ inner lists.
    assert_eq!(r.multiplier, 1_048_576);
    assert_eq!(r.total, (1_572_863 * 4 + 2) * 1_048_576);
    let help = diags[0].help.as_deref().unwrap_or("");
    assert!(help.contains("foo (no maxItems: unbounded)"), "{help}");
}

#[test]
fn warning_for_rules_near_the_limit() {
    // The integer list above: 6,291,454 is 63% of the limit.
    let (costs, diags) = check(DOC_INTS);
    assert_eq!(ids(&diags), [COST_HIGH.id], "{diags:#?}");
    assert_eq!(
        diags[0].message,
        "spec.versions[0].schema.openAPIV3Schema.properties[foo].x-kubernetes-validations[0].rule: \
estimated rule cost 6,291,454 is 63% of the limit 10,000,000"
    );
    let help = diags[0].help.as_deref().unwrap_or("");
    assert!(help.contains("fix: adding maxItems: "), "{help}");
    let quiet = check_schema_costs(
        &Schema::from_node(&yaml(DOC_INTS)),
        &costs,
        &user_root(),
        &server_root(),
        &CostSettings {
            warn_percent: 90,
            ..CostSettings::default()
        },
    );
    assert!(quiet.is_empty(), "{quiet:#?}");
}

#[test]
fn fix_brings_the_rule_under_the_target_by_re_estimation() {
    let s = "
type: object
properties:
  spec:
    type: object
    properties:
      rules:
        type: array
        items:
          type: object
          properties:
            host:
              type: string
          x-kubernetes-validations:
          - rule: self.host.matches('^[a-z0-9.-]+$')
";
    let (_, diags) = check(s);
    assert_eq!(ids(&diags)[0], COST_EXCEEDED.id, "{diags:#?}");
    let help = diags[0].help.as_deref().unwrap_or("");
    let fix = help
        .lines()
        .find(|l| l.starts_with("fix: adding "))
        .unwrap_or_else(|| panic!("{help}"));
    // Apply the suggested bounds and check the result is what the fix promised.
    let max_items: u64 = number_after(fix, "maxItems: ");
    let max_length: u64 = number_after(fix, "maxLength: ");
    assert!(
        fix.contains(&format!("maxItems: {max_items} at spec.rules")),
        "{fix}"
    );
    assert!(
        fix.contains(&format!("maxLength: {max_length} at spec.rules[*].host")),
        "{fix}"
    );
    let fixed = s
        .replace(
            "        type: array\n",
            &format!("        type: array\n        maxItems: {max_items}\n"),
        )
        .replace(
            "              type: string\n",
            &format!("              type: string\n              maxLength: {max_length}\n"),
        );
    let (costs, diags) = check(&fixed);
    assert!(diags.is_empty(), "{diags:#?}");
    let total = costs.rules[0].total;
    let promised = fix
        .split("brings it to ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .map(|n| n.replace(',', ""))
        .and_then(|n| n.parse::<u64>().ok())
        .expect("promised total");
    assert_eq!(total, promised, "{fix}");
    assert!(total <= 5_000_000);
}

fn number_after(s: &str, key: &str) -> u64 {
    s.split(key)
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {s}"))
}

/// Every schema case of `validation_test.go`: the cost errors crdlint reports (rule ids
/// `cel/cost-exceeded` and `cel/crd-cost-exceeded`) are exactly the server's Forbidden errors
/// at `...x-kubernetes-validations[i].rule`, `.messageExpression` and `openAPIV3Schema`.
#[test]
fn crd_validation_cost_errors_match_the_server() {
    let path = format!(
        "{}/testdata/conformance/schema/crd-validation.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("crd-validation.yaml");
    let root = yaml(&text);
    let cases = root
        .at(&["sections", "schema_validation", "cases"])
        .and_then(Node::as_seq)
        .expect("schema_validation cases");
    let (mut compared, mut with_cost_errors, mut failures) = (0, 0, Vec::new());
    for case in cases {
        let name = case.get_str("name").unwrap_or("?");
        let Some(s) = case.at(&["schema", "openAPIV3Schema"]) else {
            continue;
        };
        let schema = Schema::from_node(s);
        if !schema.has_validation_rules() {
            continue;
        }
        let mut want: BTreeMap<String, usize> = BTreeMap::new();
        for e in case
            .get("expected_errors")
            .and_then(Node::as_seq)
            .unwrap_or_default()
        {
            let p = e.get_str("path").unwrap_or("");
            let cost_path = p.ends_with(".rule")
                || p.ends_with(".messageExpression")
                || p.ends_with("openAPIV3Schema");
            if e.get_str("type") == Some("Forbidden") && cost_path {
                *want.entry(p.to_string()).or_default() += 1;
            }
        }
        let costs = costs_of(&schema);
        let diags = check_schema_costs(
            &schema,
            &costs,
            &user_root(),
            &server_root(),
            &CostSettings::default(),
        );
        let mut got: BTreeMap<String, usize> = BTreeMap::new();
        for d in &diags {
            if d.rule.id == COST_EXCEEDED.id || d.rule.id == CRD_COST_EXCEEDED.id {
                let p = d
                    .server_path
                    .clone()
                    .or_else(|| d.path.clone())
                    .unwrap_or_default();
                *got.entry(p).or_default() += 1;
            }
        }
        compared += 1;
        if !want.is_empty() {
            with_cost_errors += 1;
        }
        if got != want {
            failures.push(format!("{name}: got {got:?}, want {want:?}"));
        }
    }
    eprintln!("crd-validation: {compared} schemas with rules compared, {with_cost_errors} with cost errors");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(with_cost_errors >= 3, "{with_cost_errors}");
}

const TWO_VERSIONS: &str = "
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: &schema
        type: object
        properties:
          spec:
            type: object
            properties:
              list:
                type: array
                maxItems: 100000
                items:
                  type: string
                  maxLength: 5000
                  x-kubernetes-validations:
                  - rule: self.contains('keyword')
              small:
                type: integer
                x-kubernetes-validations:
                - rule: self < 10
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema: *schema
";

#[test]
fn identical_version_schemas_are_costed_once_as_the_server_hoists_them() {
    let crd = yaml(TWO_VERSIONS);
    let compiler = KubernetesCompiler::default();
    let versions = crd_costs(&crd, &compiler);
    assert_eq!(versions.len(), 1);
    assert_eq!(
        versions[0].server_path.to_string(),
        "spec.validation.openAPIV3Schema"
    );
    let diags = check_crd_costs(&crd, &compiler, &CostSettings::default());
    // §5.9: ⌈20,000 × 0.1⌉ × 1 + 1 = 2,001 per string, × 100,000 strings.
    assert_eq!(
        diags[0].message,
        "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[list].items.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 20.0x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
    );
    assert_eq!(
        diags[0].server_path.as_deref(),
        Some("spec.validation.openAPIV3Schema.properties[spec].properties[list].items.x-kubernetes-validations[0].rule")
    );
    let help = diags[0].help.as_deref().unwrap_or("");
    assert!(
        help.starts_with("estimated cost 2,001 per evaluation × cardinality 100,000 = 200,100,000 (2001% of the limit 10,000,000)\nit runs once per value of:\n  spec.list (maxItems: 100000)\nfix: setting maxItems: "),
        "{help}"
    );
    // 200,100,000 is also over the per-CRD limit: the contributor and the total.
    assert_eq!(
        ids(&diags),
        [COST_EXCEEDED.id, CRD_COST_EXCEEDED.id, CRD_COST_EXCEEDED.id]
    );

    let rows = cost_table(&versions);
    assert_eq!(rows, rule_costs(&crd, &compiler));
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].location, "spec.list[*]");
    assert_eq!(rows[0].total, 200_100_000);
    assert_eq!(rows[0].estimated, 2_001);
    assert_eq!(rows[0].multiplier, 100_000);
    assert_eq!(rows[1].location, "spec.small");
    assert_eq!(rows[1].estimated, 2);
    assert!((rows[0].percent_of_limit - 2001.0).abs() < 1e-9);

    // Different schemas are costed per version, at their own paths.
    let different = TWO_VERSIONS.replace(
        "      openAPIV3Schema: *schema\n",
        "      openAPIV3Schema: {type: object}\n",
    );
    let versions = crd_costs(&yaml(&different), &compiler);
    assert_eq!(versions.len(), 2);
    assert_eq!(
        versions[1].server_path.to_string(),
        "spec.versions[1].schema.openAPIV3Schema"
    );
    assert!(versions[1].costs.rules.is_empty());
}
