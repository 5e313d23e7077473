//! CEL: a rule and a messageExpression (the input's first line and the rest) in a CRD's
//! `x-kubernetes-validations`, linted (parse, check, cost) and then evaluated against a resource
//! through the driver, as `crdlint check` runs them. Nothing may panic or run away; the cost
//! limits are what bound the evaluation.
#![no_main]

use crdlint::cli::driver::{self, Mode, RunOptions};
use crdlint::cli::input::{Input, Loaded, Origin, Role};
use libfuzzer_sys::fuzz_target;

const CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
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
            x-kubernetes-validations:
            - rule: RULE
              messageExpression: MESSAGE
            properties:
              name: {type: string, maxLength: 64}
              count: {type: integer, format: int32}
              ratio: {type: number}
              on: {type: boolean}
              tags: {type: array, maxItems: 16, items: {type: string, maxLength: 16}}
              big: {type: array, items: {type: integer}}
              labels: {type: object, maxProperties: 8, additionalProperties: {type: string, maxLength: 32}}
              when: {type: string, format: date-time}
              size: {x-kubernetes-int-or-string: true}
              any: {x-kubernetes-preserve-unknown-fields: true}
"#;

const RESOURCE: &str = r#"apiVersion: example.com/v1
kind: Widget
metadata: {name: w, namespace: default}
spec:
  name: hello
  count: 3
  ratio: 0.5
  on: true
  tags: [a, b, c]
  big: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
  labels: {x: y, z: w}
  when: "2024-01-02T03:04:05Z"
  size: 50%
  any: {deep: [1, {x: 2}]}
"#;

fn file(name: &str, text: String) -> Loaded {
    Loaded::with_text(
        Input {
            name: name.into(),
            origin: Origin::Path(name.into()),
            role: Role::Target,
            named_crd: false,
            walked: false,
        },
        text,
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rule, message) = text.split_once('\n').unwrap_or((text, "'m'"));
    // JSON strings are YAML flow scalars: any text fits without breaking the CRD around it.
    let quote = |s: &str| serde_json::to_string(s).expect("a string serializes");
    let crd = CRD
        .replace("RULE", &quote(rule))
        .replace("MESSAGE", &quote(message));
    let opts = RunOptions {
        mode: Mode::Check,
        missing_schema: None,
        skip: Vec::new(),
        inputs: Default::default(),
        lint: Default::default(),
        validate: Default::default(),
        transform: None,
        skip_cel: false,
        cost_warn_percent: 100,
        admission: Default::default(),
        old: None,
        // Keep every text: the checks below read the files the run saw.
        keep_texts: true,
        list_skipped: true,
        // A fuzzer runs in one process for hours: the memory of each run is freed.
        exit_after: false,
        schema_cache: None,
    };
    let result = driver::run(
        vec![file("crd.yaml", crd), file("w.yaml", RESOURCE.to_string())],
        &opts,
    );
    // Every finding must point into its file.
    for d in &result.diagnostics {
        if let Some(f) = d.file {
            let text = &result.files[f].text;
            assert!(
                text.get(d.span.range()).is_some(),
                "span outside its file or inside a character: {d:?}"
            );
        }
    }
});
