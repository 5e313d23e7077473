//! `selectableFields` (digest §1.12): field selectors a CRD offers (`kubectl get --field-selector`).

use super::crd::Place;
use super::ctx::{get_str, value_span, Bad, ErrType, FErr, Sink};
use crate::diag::{Rule, Severity};
use crate::k8s::fieldpath::{tokenize, valid_field_path, PathSchema};
use crate::yaml::Node;

pub static SELECTABLE_FIELDS: Rule = Rule {
    id: "crd/selectable-fields",
    severity: Severity::Error,
    summary: "A selectable field that is not a string, boolean or integer field outside metadata, or more than 8 of them",
    docs: "Each `jsonPath` must resolve in the version's schema (dotted names, no array notation) to a \
field of type string, boolean or integer, not under `metadata`, without duplicates; at most 8 \
selectable fields per version.",
    bad: "selectableFields:\n- jsonPath: .spec.replicas[0]\n",
    good: "selectableFields:\n- jsonPath: .spec.replicas\n",
};

pub(crate) fn validate(p: &Place, schema: Option<&Node>, sink: &mut Sink) {
    let items: &[Node] = p.node.as_seq().unwrap_or(&[]);
    let mut unique: Vec<String> = Vec::new();
    for (k, f) in items.iter().enumerate() {
        let loc = p.loc.index(k).child("jsonPath");
        let jp = get_str(f, "jsonPath").unwrap_or("");
        let span = value_span(f, "jsonPath");
        if jp.is_empty() {
            sink.push(FErr::new(
                &SELECTABLE_FIELDS,
                ErrType::Required,
                &loc,
                span,
                Bad::none(),
                "",
            ));
            continue;
        }
        // Without a schema every step fails as on a schema with no fields.
        let resolved = match schema {
            Some(s) => valid_field_path(jp, s, false),
            None => Err("does not refer to a valid field".to_string()),
        };
        let r = match resolved {
            Ok(r) => r,
            Err(e) => {
                sink.push(FErr::new(
                    &SELECTABLE_FIELDS,
                    ErrType::Invalid,
                    &loc,
                    span,
                    Bad::str(jp),
                    format!("is an invalid path: {e}"),
                ));
                continue;
            }
        };
        if points_into_metadata(jp, schema) {
            sink.push(FErr::new(
                &SELECTABLE_FIELDS,
                ErrType::Invalid,
                &loc,
                span,
                Bad::str(jp),
                "must not point to fields in metadata",
            ));
        }
        let ty = r.schema.and_then(|s| get_str(s, "type")).unwrap_or("");
        if !matches!(ty, "string" | "boolean" | "integer") {
            sink.push(FErr::new(
                &SELECTABLE_FIELDS,
                ErrType::Invalid,
                &loc,
                span,
                Bad::str(jp),
                "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.",
            ));
        }
        let path = r.path.to_string();
        if unique.contains(&path) {
            sink.push(FErr::new(
                &SELECTABLE_FIELDS,
                ErrType::Duplicate,
                &loc,
                span,
                Bad::str(jp),
                "",
            ));
        } else {
            unique.push(path);
        }
    }
    if unique.len() > 8 {
        sink.push(FErr::new(
            &SELECTABLE_FIELDS,
            ErrType::TooMany,
            &p.loc,
            p.node.span(),
            Bad::int(unique.len() as i64),
            "must have at most 8 items",
        ));
    }
}

/// `fieldPath.Root().String() == "metadata"` for a path that resolved: its first step is the
/// property `metadata` (a first step into `additionalProperties` prints as `[metadata]`, and
/// array notation is not allowed here, so the first step is `.name`).
fn points_into_metadata(json_path: &str, schema: Option<&Node>) -> bool {
    schema.is_some_and(PathSchema::has_properties)
        && matches!(tokenize(json_path).as_slice(), [".", "metadata", ..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_is_the_first_property_step_only() {
        let props = Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"metadata": {"type": "object"}, "metadata.x": {"type": "string"}}
        }));
        let map = Node::from_json(&serde_json::json!({
            "type": "object",
            "additionalProperties": {"type": "string"}
        }));
        assert!(points_into_metadata(".metadata.name", Some(&props)));
        assert!(points_into_metadata(".metadata", Some(&props)));
        assert!(!points_into_metadata(".spec.metadata", Some(&props)));
        // A map key prints as `[metadata]`, which is not the root `metadata`.
        assert!(!points_into_metadata(".metadata", Some(&map)));
        assert!(!points_into_metadata(".metadata", None));
    }
}
