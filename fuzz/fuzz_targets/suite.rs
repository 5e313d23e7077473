//! `crdlint test`: a suite (the input, YAML) read and every case run against a fixed CRD with
//! defaults, CEL rules and a status subresource, as the `test` command runs them, patches
//! (`initialCRDPatches`) included. Nothing may panic; the server's bounds on JSON patches
//! (10,000 operations, 3 MiB of copies) and the CEL cost limits bound the work, and
//! `scripts/fuzz.sh`'s `-rss_limit_mb`/`-timeout` catch anything that escapes them.
#![no_main]

use std::sync::OnceLock;

use crdlint::suite::{run::Target, run_case, suites_in};
use crdlint::validate::{self, CompiledCrd};
use crdlint::yaml::Node;
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
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "!has(self.size) || self.size <= 100"
              message: too big
            - rule: "self.tags.all(t, size(t) < 10)"
              messageExpression: "'tags: ' + self.tags.join(',')"
            properties:
              size: {type: integer, default: 3}
              mode: {type: string, default: fast, enum: [fast, slow]}
              tags: {type: array, default: [], items: {type: string}, x-kubernetes-list-type: set}
              template: {type: object, x-kubernetes-preserve-unknown-fields: true}
              name: {type: string, pattern: '^[a-z]+$', x-kubernetes-validations: [{rule: "self == oldSelf", message: immutable}]}
          status:
            type: object
            properties:
              ready: {type: boolean}
"#;

fn crd() -> &'static (Node, CompiledCrd) {
    static CRD_NODE: OnceLock<(Node, CompiledCrd)> = OnceLock::new();
    CRD_NODE.get_or_init(|| {
        let root = crdlint::yaml::load(CRD)
            .into_iter()
            .find_map(|d| d.root)
            .expect("the CRD parses");
        let compiled = CompiledCrd::compile(&root).expect("the CRD compiles");
        (root, compiled)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (node, compiled) = crd();
    let target = Target {
        crd: node,
        compiled,
    };
    // As the `test` command runs cases: the harness sends no field validation, so unknown
    // fields are pruned.
    let opts = validate::Options {
        unknown_fields: validate::UnknownFields::Ignore,
        ..validate::Options::default()
    };
    for doc in crdlint::yaml::load(text) {
        let Some(root) = &doc.root else { continue };
        let Some(suite) = suites_in(root) else {
            continue;
        };
        for (i, case) in suite.cases.iter().enumerate() {
            let _ = run_case(case, &target, &opts, i);
        }
    }
});
