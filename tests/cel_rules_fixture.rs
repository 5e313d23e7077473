//! End to end on a CRD file: every refused rule is reported with the server's message, and the
//! caret lands on the offending token inside plain, quoted, literal and folded rule scalars.

use crdlint::cel::rules::check_crd_rules;
use crdlint::cel::CompileOptions;
use crdlint::diag::SourceFile;
use crdlint::k8s::{FieldPath, KubeVersion};
use crdlint::schema::Schema;

#[test]
fn bad_rules_fixture() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/cel/bad-rules.yaml");
    let text = std::fs::read_to_string(path).expect("fixture");
    let docs = crdlint::yaml::load(&text);
    let root = docs[0].root.as_ref().expect("fixture parses");
    let schema_node = root
        .at(&["spec", "versions"])
        .and_then(|v| v.as_seq())
        .and_then(|v| v[0].at(&["schema", "openAPIV3Schema"]))
        .expect("schema");
    let schema = Schema::from_node(schema_node);
    let base = FieldPath::new("spec")
        .child("versions")
        .index(0)
        .child("schema")
        .child("openAPIV3Schema");
    let ds = check_crd_rules(
        &schema,
        &base,
        &CompileOptions::new(KubeVersion::NEWEST),
        Some(&text),
    );
    let file = SourceFile::new("bad-rules.yaml", text.clone());
    let got: Vec<(String, String, usize, usize)> = ds
        .iter()
        .map(|d| {
            let lc = file.line_col(d.span.start());
            let first_line = d.message.lines().next().unwrap_or("").to_string();
            (d.rule.id.to_string(), first_line, lc.line, lc.column)
        })
        .collect();
    let p = "spec.versions[0].schema.openAPIV3Schema.properties[spec]";
    let want: Vec<(&str, String, usize, usize)> = vec![
        (
            "cel/compile",
            format!("{p}.x-kubernetes-validations[1].rule: Invalid value: {{\"Rule\":\"self.name.startsWith(1)\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: ERROR: <input>:1:21: found no matching overload for 'startsWith' applied to 'string.(int)'"),
            21,
            42,
        ),
        (
            "cel/compile",
            format!("{p}.x-kubernetes-validations[2].rule: Invalid value: {{\"Rule\":\"self.replicas == \\\"three\\\"\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(int, string)'"),
            22,
            36,
        ),
        (
            "cel/compile",
            format!("{p}.x-kubernetes-validations[3].rule: Invalid value: {{\"Rule\":\"self.replicas \\u003e 0 \\u0026\\u0026\\n  self.nope == 1\\n\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: ERROR: <input>:2:7: undefined field 'nope'"),
            25,
            23,
        ),
        (
            "cel/compile",
            format!("{p}.x-kubernetes-validations[4].rule: Invalid value: {{\"Rule\":\"has(self.name) \\u0026\\u0026 self.name.find('[') == ''\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: program instantiation failed: error parsing regexp: missing closing ]: `[`"),
            27,
            17,
        ),
        (
            "cel/old-self-uncorrelatable",
            format!("{p}.properties[ports].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within {p}.properties[ports]"),
            38,
            27,
        ),
    ];
    let want: Vec<(String, String, usize, usize)> = want
        .into_iter()
        .map(|(a, b, c, d)| (a.to_string(), b, c, d))
        .collect();
    assert_eq!(got, want);
}
