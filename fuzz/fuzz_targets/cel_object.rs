//! CEL on objects of realistic size: the input's first line is a rule; the rest seeds a
//! generator of a resource of up to about 2.5 MB (lists of up to 20,000 numbers or 2,000
//! strings of up to 1 kB, a nested preserved value), so that rules whose work grows with the
//! object (`l.map(x, l).flatten()`, `'%s'.format([l])`, `size(s)` in a loop) meet objects
//! large enough to show it. The server's cost limits and crdlint's bounds on work beyond the
//! charge must keep each input within `scripts/fuzz.sh`'s memory and time ceilings.
#![no_main]

use std::fmt::Write as _;

use crdlint::cli::driver::{self, RunOptions};
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
            properties:
              l: {type: array, maxItems: 100000, items: {type: integer}}
              ls: {type: array, maxItems: 100000, items: {type: string, maxLength: 1000}}
              set: {type: array, maxItems: 100000, x-kubernetes-list-type: set, items: {type: integer}}
              s: {type: string, maxLength: 2000000}
              m: {type: object, maxProperties: 100000, additionalProperties: {type: string}}
              n: {type: object, x-kubernetes-preserve-unknown-fields: true}
"#;

/// A small deterministic generator driven by the input bytes.
struct Gen<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Gen<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    /// A length in 0..max, biased to the large end by the byte's top bits.
    fn len(&mut self, max: usize) -> usize {
        let b = self.byte() as usize;
        max * b / 255
    }
}

fn resource(g: &mut Gen<'_>) -> String {
    let mut r = String::from(
        "{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\", \"metadata\": {\"name\": \"w\"}, \"spec\": {",
    );
    let n = g.len(20_000);
    let nums: Vec<String> = (0..n).map(|i| (i % 1000).to_string()).collect();
    let _ = write!(r, "\"l\": [{}]", nums.join(", "));
    let (k, w) = (g.len(2_000), g.len(1_000));
    let word = "é".repeat(w / 2);
    let strs: Vec<String> = (0..k).map(|i| format!("\"{word}{i}\"")).collect();
    let _ = write!(r, ", \"ls\": [{}]", strs.join(", "));
    let set: Vec<String> = (0..g.len(5_000)).map(|i| i.to_string()).collect();
    let _ = write!(r, ", \"set\": [{}]", set.join(", "));
    let _ = write!(r, ", \"s\": \"{}\"", "x".repeat(g.len(200_000)));
    let entries: Vec<String> = (0..g.len(2_000))
        .map(|i| format!("\"k{i}\": \"v{i}\""))
        .collect();
    let _ = write!(r, ", \"m\": {{{}}}", entries.join(", "));
    // A nested value, as deep and wide as the next bytes say.
    let depth = g.len(30);
    // At most 3⁸ leaves: deep values are chains, wide ones shallow.
    let width = if depth > 8 { 1 } else { g.len(3).max(1) };
    let mut nested = String::from("0");
    for _ in 0..depth {
        nested = format!("[{}]", vec![nested.as_str(); width].join(", "));
    }
    let _ = write!(r, ", \"n\": {{\"x\": {nested}}}");
    r.push_str("}}\n");
    r
}

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
    let Some(nl) = data.iter().position(|&b| b == b'\n') else {
        return;
    };
    let Ok(rule) = std::str::from_utf8(&data[..nl]) else {
        return;
    };
    let mut g = Gen {
        bytes: &data[nl + 1..],
        at: 0,
    };
    let quote = serde_json::to_string(rule).expect("a string serializes");
    let crd = CRD.replace("RULE", &quote);
    let opts = RunOptions::default();
    let _ = driver::run(
        vec![file("crd.yaml", crd), file("w.yaml", resource(&mut g))],
        &opts,
    );
});
