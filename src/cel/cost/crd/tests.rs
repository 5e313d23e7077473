//! Tests of the cost rules' documented examples and number formatting.

use super::fix::join_and;
use super::walk::location_string;
use super::*;
use crate::cel::cost::KubernetesCompiler;

fn fired(example: &str) -> Vec<&'static str> {
    let node = crate::yaml::load(example)
        .into_iter()
        .next()
        .and_then(|d| d.root)
        .expect("example parses");
    let schema = Schema::from_node(&node);
    let p = FieldPath::new("openAPIV3Schema");
    let costs = schema_costs(&schema, &p, &p, &KubernetesCompiler::default());
    check_schema_costs(&schema, &costs, &p, &p, &CostSettings::default())
        .iter()
        .map(|d| d.rule.id)
        .collect()
}

/// apiextensions validation_test.go (release-1.37): "x-kubernetes-validations rule referencing
/// metadata.name and generateName is within estimated cost limit", which fails before 1.37,
/// where both names are unbounded strings (behavior row `CelObjectMetaNameMaxLength`).
#[test]
fn metadata_names_are_bounded_from_1_37() {
    let y = "type: object\nx-kubernetes-validations:\n- rule: \"self.metadata.name.contains(self.metadata.name) && self.metadata.generateName.contains(self.metadata.generateName)\"\n";
    let node = crate::yaml::load(y).remove(0).root.expect("parses");
    let schema = Schema::from_node(&node);
    let p = FieldPath::new("openAPIV3Schema");
    let at = |minor| -> Vec<&'static str> {
        let compiler = KubernetesCompiler {
            options: crate::cel::CompileOptions::new(crate::k8s::KubeVersion { minor }),
        };
        let costs = schema_costs(&schema, &p, &p, &compiler);
        check_schema_costs(&schema, &costs, &p, &p, &CostSettings::default())
            .iter()
            .map(|d| d.rule.id)
            .collect()
    };
    assert_eq!(at(37), Vec::<&str>::new());
    assert!(at(36).contains(&"cel/cost-exceeded"), "{:?}", at(36));
}

#[test]
fn rule_examples_behave_as_documented() {
    for rule in RULES {
        assert!(
            fired(rule.bad).contains(&rule.id),
            "{}: bad example",
            rule.id
        );
        assert!(
            !fired(rule.good).contains(&rule.id),
            "{}: good example",
            rule.id
        );
    }
}

#[test]
fn number_formatting() {
    assert_eq!(group_thousands(0), "0");
    assert_eq!(group_thousands(999), "999");
    assert_eq!(group_thousands(2_310_000), "2,310,000");
    assert_eq!(group_thousands(u64::MAX), "18,446,744,073,709,551,615");
    assert_eq!(percent_of(2_310_000, STATIC_ESTIMATED_COST_LIMIT), "23%");
    assert_eq!(percent_of(5, STATIC_ESTIMATED_COST_LIMIT), "<1%");
    assert_eq!(percent_of(0, STATIC_ESTIMATED_COST_LIMIT), "0%");
    assert_eq!(
        join_and(&["a".into(), "b".into(), "c".into()]),
        "a, b and c"
    );
    assert_eq!(
        location_string(&["spec".into(), "rules".into(), "[*]".into(), "host".into()]),
        "spec.rules[*].host"
    );
    assert_eq!(location_string(&[]), "<root>");
}

/// The cost walk with the compile check's declared types (`SharedTypes`) estimates exactly what
/// it estimates deriving them itself, nested rules and a rule-less root included.
#[test]
fn shared_types_estimate_the_same() {
    let node = crate::yaml::Node::from_json(&serde_json::json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "properties": {
                    "hosts": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"name": {"type": "string", "maxLength": 64}},
                            "x-kubernetes-validations": [{"rule": "self.name.size() > 1"}]
                        },
                        "x-kubernetes-validations": [
                            {"rule": "self.all(h, h.name != '')", "messageExpression": "'bad ' + self[0].name"}
                        ]
                    },
                    "tags": {"type": "object", "additionalProperties": {"type": "string"}}
                },
                "x-kubernetes-validations": [{"rule": "self.tags.all(k, k.size() < 5)"}]
            }
        }
    }));
    let p = FieldPath::new("openAPIV3Schema");
    let compiler = KubernetesCompiler::default();
    let full = Schema::from_node(&node);
    let own = schema_costs(&full, &p, &p, &compiler);
    let pruned = Schema::from_node_for_rules(&node);
    let nodes = crate::cel::rules::compile_crd_rules(&pruned, &p, &compiler.options);
    let shared = schema_costs(
        &pruned,
        &p,
        &p,
        &crate::cel::cost::SharedTypes::new(&compiler, &nodes),
    );
    assert_eq!(own.rules.len(), 4);
    assert!(own.rules.iter().all(|r| r.compiled && r.estimated > 0));
    assert_eq!(format!("{:?}", own.rules), format!("{:?}", shared.rules));
    let settings = CostSettings {
        warn_percent: 0,
        suggest_fixes: true,
    };
    let d1 = check_schema_costs(&full, &own, &p, &p, &settings);
    let d2 = check_schema_costs(&pruned, &shared, &p, &p, &settings);
    assert_eq!(format!("{d1:?}"), format!("{d2:?}"));
}
