//! `selectableFields` (digest §1.12): field selectors a CRD offers (`kubectl get --field-selector`).

use super::crd::Place;
use super::ctx::{get_str, value_span, Bad, ErrType, FErr, Sink};
use super::fieldpath::valid_field_path;
use crate::diag::{Rule, Severity};
use crate::yaml::Node;

pub static SELECTABLE_FIELDS: Rule = Rule {
    id: "crd/selectable-fields",
    severity: Severity::Error,
    summary: "selectable fields must name string, boolean or integer fields outside metadata, at most 8",
    docs: "Each `jsonPath` must resolve in the version's schema (dotted names, no array notation) to a \
field of type string, boolean or integer, not under `metadata`, without duplicates; at most 8 \
selectable fields per version.",
    bad: "selectableFields:\n- jsonPath: .spec.replicas[0]\n",
    good: "selectableFields:\n- jsonPath: .spec.color\n",
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
        let r = match valid_field_path(jp, schema, false) {
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
        if r.root.as_deref() == Some("metadata") {
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
        if unique.contains(&r.path) {
            sink.push(FErr::new(
                &SELECTABLE_FIELDS,
                ErrType::Duplicate,
                &loc,
                span,
                Bad::str(jp),
                "",
            ));
        } else {
            unique.push(r.path);
        }
    }
    if unique.len() > 8 {
        sink.push(FErr::new(
            &SELECTABLE_FIELDS,
            ErrType::TooMany,
            &p.loc,
            p.node.span,
            Bad::int(unique.len() as i64),
            "must have at most 8 items",
        ));
    }
}
