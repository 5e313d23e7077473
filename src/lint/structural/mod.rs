//! Structural schemas (digest §2): the conversion errors of `NewStructural` and the checks of
//! `ValidateStructural` (invariants, metadata rules, junctor restrictions, completeness),
//! reported sorted by their full message text, as the server does.
//!
//! The checks run on the raw `openAPIV3Schema` node: a schema's "structural" part is the node
//! without its junctors (`allOf`, `anyOf`, `oneOf`, `not`), so no separate model is needed.
//!
//! Files: `convert` (the `NewStructural` conversion errors), `invariants` (the structural
//! invariants, metadata rules and junctor restrictions), `completeness` (every value validation
//! in a junctor is backed by the structural part); this file holds the rule, the entry points
//! and the helpers they share.

use super::ctx::{get_str, Bad, ErrType, FErr, Loc};
use crate::diag::{Rule, Severity, Span};
use crate::yaml::Node;

mod completeness;
mod convert;
mod invariants;

use completeness::completeness;
pub(crate) use convert::conversion_error;
use invariants::invariants;

pub static STRUCTURAL: Rule = Rule {
    id: "schema/structural",
    severity: Severity::Error,
    summary: "A schema that is not structural",
    docs: "Pruning, defaulting and CEL need a *structural* schema: every field has a `type` (or \
`x-kubernetes-int-or-string` / `x-kubernetes-preserve-unknown-fields`), arrays have `items`, the root \
is an object without `additionalProperties`, root `metadata` only restricts `name`/`generateName`, \
and `allOf`/`anyOf`/`oneOf`/`not` only add value validations for fields that the structural part \
already declares (no `type`, `description`, `default`, `nullable` or extensions inside them).",
    bad: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      properties:\n        replicas: {type: integer}\n",
    good: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      properties:\n        replicas: {type: integer}\n",
};

/// `schema.ValidationOptions` (all false on the CRD path).
#[derive(Clone, Copy, Debug, Default)]
pub struct StructOpts {
    pub allow_nested_additional_properties: bool,
    pub allow_validation_properties_with_additional_properties: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Item,
    Field,
}

fn ty(s: &Node) -> &str {
    get_str(s, "type").unwrap_or("")
}

fn err(out: &mut Vec<FErr>, ty: ErrType, loc: &Loc, span: Span, bad: Bad, d: impl Into<String>) {
    out.push(FErr::new(&STRUCTURAL, ty, loc, span, bad, d));
}

/// `ValidateStructural`: invariants and completeness, sorted by the server's message text.
pub(crate) fn validate_structural(s: &Node, loc: &Loc, opts: &StructOpts) -> Vec<FErr> {
    let mut out = Vec::new();
    invariants(s, Level::Root, &mut loc.clone(), opts, &mut out, 0);
    completeness(s, loc, opts, &mut out);
    let mut keyed: Vec<(String, FErr)> = out.into_iter().map(|e| (e.server_string(), e)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.into_iter().map(|(_, e)| e).collect()
}

/// Only the completeness part (the structural vectors test it alone).
pub(crate) fn completeness_only(s: &Node, loc: &Loc, opts: &StructOpts) -> Vec<FErr> {
    let mut out = Vec::new();
    completeness(s, loc, opts, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(j: serde_json::Value) -> Vec<String> {
        validate_structural(&Node::from_json(&j), &Loc::new("s"), &StructOpts::default())
            .iter()
            .map(FErr::server_string)
            .collect()
    }

    #[test]
    fn errors_are_sorted_by_their_text() {
        let got = errs(serde_json::json!({
            "type": "object",
            "properties": {"b": {}, "a": {"type": "array"}}
        }));
        assert_eq!(
            got,
            vec![
                "s.properties[a].items: Required value: must be specified",
                "s.properties[b].type: Required value: must not be empty for specified object fields",
            ]
        );
    }

    #[test]
    fn int_or_string_any_of_is_exempt() {
        let ok = errs(serde_json::json!({
            "type": "object",
            "properties": {"p": {"x-kubernetes-int-or-string": true,
                "anyOf": [{"type": "integer"}, {"type": "string"}]}}
        }));
        assert!(ok.is_empty(), "{ok:?}");
        let bad = errs(serde_json::json!({
            "type": "object",
            "properties": {"p": {"type": "string", "anyOf": [{"type": "string"}]}}
        }));
        assert_eq!(
            bad,
            vec!["s.properties[p].anyOf[0].type: Forbidden: must be empty to be structural"]
        );
    }

    #[test]
    fn conversion_errors_name_the_first_unsupported_keyword() {
        let s = Node::from_json(&serde_json::json!({"properties": {"a": {"$ref": "#/x"}}}));
        assert_eq!(
            conversion_error(&s),
            Some("OpenAPIV3Schema '$ref' is not supported")
        );
    }
}
