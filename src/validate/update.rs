//! The update path: what the server does differently when an object replaces a stored one
//! (`--old`, `--old-ref`, or a library caller's old object).
//!
//! * The old object is stored data: pruned, nulls dropped, defaulted ([`prepare_old`]).
//! * With the status subresource, an update through the main endpoint cannot change `status`:
//!   the strategy's `PrepareForUpdate` copies the old object's `status` over the new one (or
//!   drops the new one when the old had none), so rules on the root that read `self.status`
//!   see the old status, and the schema validates it ([`carry_status`]).
//! * ObjectMeta gets `ValidateObjectMetaAccessorUpdate` instead of the create checks
//!   ([`meta_update_errors`]): name, namespace, uid, creationTimestamp, deletionTimestamp and
//!   deletionGracePeriodSeconds are immutable, and no finalizer may be added to an object being
//!   deleted. The generic registry's `BeforeUpdate` runs first and copies some of these from the
//!   old object (uid when the new one has none, creationTimestamp, a deletionTimestamp both
//!   sides have, a grace period the new one lacks, the generation), so only real changes are
//!   reported. `metadata.resourceVersion` is not required: a file carries none, and
//!   `kubectl apply` (a patch) takes it from the live object.
//!
//! Ratcheting (errors on unchanged values become warnings) is done where the errors are made:
//! `openapi` for the schema, the CEL validator for rules, both through
//! [`crate::schema::correlate`].

use super::listtype::Located;
use super::{objectmeta, prune, CompiledCrd, CompiledVersion};
use crate::k8s::field::{go_quote, BadValue, FieldError};
use crate::k8s::FieldPath;
use crate::yaml::{Map, Node, Span, Value};

/// The previous version of an object as the server holds it: unknown fields pruned, nulls
/// dropped, defaults applied (status kept: the update strategy needs it).
pub(super) fn prepare_old(crd: &CompiledCrd, ver: &CompiledVersion, old: &Node) -> Node {
    let mut o = old.clone();
    if let Some(m) = o.as_map_mut().and_then(|m| m.get_mut("metadata")) {
        objectmeta::drop_unknown(m);
    }
    let schema = ver.schema.as_deref();
    if !crd.preserve_unknown_fields && schema.is_some() {
        prune::prune_with_nulls(&mut o, schema, true);
    }
    prune::apply_defaults_in(&mut o, schema, &ver.subtrees);
    o
}

/// The user's own `status`, taken out of the object being validated, to be put back for the
/// stored output (`--write` must not change what the user wrote).
pub(super) struct SavedStatus {
    user: Option<(usize, crate::yaml::Entry)>,
    /// Whether a `status` from the old object was put in.
    inserted: bool,
}

/// The status subresource's effect on the object to validate: on create (`old: None`)
/// `status` is dropped (`PrepareForCreate`); on update the old object's `status` replaces it
/// (`PrepareForUpdate`).
pub(super) fn carry_status(x: &mut Node, old: Option<&Node>) -> SavedStatus {
    let Some(m) = x.as_map_mut() else {
        return SavedStatus {
            user: None,
            inserted: false,
        };
    };
    let user = m
        .entries
        .iter()
        .position(|e| e.key == "status")
        .map(|i| (i, m.edit(|entries| entries.remove(i))));
    let old_status = old.and_then(|o| o.get("status"));
    if let Some(s) = old_status {
        m.insert("status".to_string(), s.clone());
    }
    SavedStatus {
        user,
        inserted: old_status.is_some(),
    }
}

/// Undoes [`carry_status`] on the validated object.
pub(super) fn restore_status(x: &mut Node, saved: SavedStatus) {
    let Some(m) = x.as_map_mut() else { return };
    if saved.inserted {
        m.retain(|e| e.key != "status");
    }
    if let Some((i, e)) = saved.user {
        m.edit(|entries| entries.insert(i.min(entries.len()), e));
    }
}

/// How one immutable ObjectMeta field is compared after `BeforeUpdate`.
#[derive(Clone, Copy)]
enum Fill {
    /// Compared as given.
    None,
    /// The old value is used when the new object has none (uid, deletionGracePeriodSeconds).
    WhenNewMissing,
    /// The old value is used whenever it is set (creationTimestamp).
    WhenOldSet,
    /// The old value is used when both are set (deletionTimestamp).
    WhenBothSet,
}

/// How the server prints the bad value of an immutable field.
#[derive(Clone, Copy)]
enum Shape {
    Str,
    /// `metav1.Time` (a struct): its `String()` up to 1.33, RFC 3339 JSON since.
    Time,
    /// `*metav1.Time`: like `Time`, a nil pointer printing as nil.
    TimePtr,
    /// `*int64`.
    IntPtr,
}

const IMMUTABLE: &[(&str, Fill, Shape)] = &[
    ("name", Fill::None, Shape::Str),
    ("namespace", Fill::None, Shape::Str),
    ("uid", Fill::WhenNewMissing, Shape::Str),
    ("creationTimestamp", Fill::WhenOldSet, Shape::Time),
    ("deletionTimestamp", Fill::WhenBothSet, Shape::TimePtr),
    (
        "deletionGracePeriodSeconds",
        Fill::WhenNewMissing,
        Shape::IntPtr,
    ),
];

/// `ValidateObjectMetaAccessorUpdate` after `BeforeUpdate`, for `metadata` maps `new` and
/// `old` (either may be absent): immutable fields and new finalizers on a deleting object, then
/// the checks every write gets (labels, annotations, owner references).
pub(super) fn meta_update_errors(
    new: Option<&Map>,
    old: Option<&Map>,
    span: Span,
    out: &mut Vec<Located>,
    beh: crate::k8s::Behavior,
) {
    let path = FieldPath::new("metadata");
    let get = |m: Option<&Map>, k: &str| -> Option<Node> {
        m.and_then(|m| m.get(k)).filter(|n| !is_zero(n)).cloned()
    };
    let span_of = |k: &str| new.and_then(|m| m.get(k)).map_or(span, |n| n.span());
    if get(old, "deletionTimestamp").is_some() {
        let olds: Vec<&str> = strings(old, "finalizers");
        let mut extra: Vec<&str> = strings(new, "finalizers")
            .into_iter()
            .filter(|f| !olds.contains(f))
            .collect();
        extra.sort_unstable();
        extra.dedup();
        if !extra.is_empty() {
            let list: Vec<String> = extra.iter().map(|f| go_quote(f)).collect();
            out.push((
                FieldError::forbidden(
                    path.child("finalizers"),
                    format!(
                        "no new finalizers can be added if the object is being deleted, found new finalizers []string{{{}}}",
                        list.join(", ")
                    ),
                ),
                span_of("finalizers"),
            ));
        }
    }
    for &(field, fill, shape) in IMMUTABLE {
        let (n, o) = (get(new, field), get(old, field));
        let n = match (fill, &n, &o) {
            (Fill::WhenNewMissing, None, Some(_)) => o.clone(),
            (Fill::WhenOldSet, _, Some(_)) => o.clone(),
            (Fill::WhenBothSet, Some(_), Some(_)) => o.clone(),
            _ => n,
        };
        let same = match (&n, &o) {
            (None, None) => true,
            (Some(a), Some(b)) => a.value_eq(b),
            _ => false,
        };
        if !same {
            out.push((
                FieldError::invalid(
                    path.child(field),
                    bad_value(n.as_ref(), shape),
                    "field is immutable",
                ),
                span_of(field),
            ));
        }
    }
    if let Some(m) = new {
        objectmeta::validate_meta_common(m, span, &path, out, beh);
    }
}

/// Go's zero value for the field (absent, null, empty string): what `BeforeUpdate` and the
/// accessors treat as unset.
fn is_zero(n: &Node) -> bool {
    match &n.value {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

fn strings<'a>(m: Option<&'a Map>, k: &str) -> Vec<&'a str> {
    m.and_then(|m| m.get(k))
        .and_then(Node::as_seq)
        .map(|s| s.iter().filter_map(Node::as_str).collect())
        .unwrap_or_default()
}

fn bad_value(n: Option<&Node>, shape: Shape) -> BadValue {
    match (shape, n) {
        (Shape::Str, n) => BadValue::String(n.and_then(Node::as_str).unwrap_or("").to_string()),
        (Shape::Time, None) => BadValue::Time(String::new()),
        (Shape::Time | Shape::TimePtr, Some(t)) => {
            BadValue::Time(t.as_str().unwrap_or("").to_string())
        }
        (Shape::TimePtr | Shape::IntPtr, None) => BadValue::Nil,
        (Shape::IntPtr, Some(n)) => match n.value {
            Value::Int(i) => BadValue::Int(i),
            _ => BadValue::from_node(n),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::Behavior;
    use serde_json::json;

    fn errs(new: serde_json::Value, old: serde_json::Value, b: Behavior) -> Vec<String> {
        let (n, o) = (Node::from_json(&new), Node::from_json(&old));
        let mut out = Vec::new();
        meta_update_errors(n.as_map(), o.as_map(), Span::default(), &mut out, b);
        out.iter().map(|(e, _)| e.render(b)).collect()
    }

    #[test]
    fn immutable_fields_after_before_update() {
        let b = Behavior::NEWEST;
        // uid and creationTimestamp missing in the new object come from the old one.
        assert!(errs(
            json!({"name": "a"}),
            json!({"name": "a", "uid": "u1", "creationTimestamp": "2024-01-01T00:00:00Z"}),
            b
        )
        .is_empty());
        assert_eq!(
            errs(
                json!({"name": "b", "uid": "u2"}),
                json!({"name": "a", "uid": "u1"}),
                b
            ),
            vec![
                r#"metadata.name: Invalid value: "b": field is immutable"#,
                r#"metadata.uid: Invalid value: "u2": field is immutable"#,
            ]
        );
        // A deletion timestamp cannot be removed; the grace period is kept when omitted.
        assert_eq!(
            errs(
                json!({"deletionGracePeriodSeconds": 5}),
                json!({"deletionTimestamp": "2024-01-01T00:00:00Z", "deletionGracePeriodSeconds": 30}),
                b
            ),
            vec![
                "metadata.deletionTimestamp: Invalid value: null: field is immutable",
                "metadata.deletionGracePeriodSeconds: Invalid value: 5: field is immutable",
            ]
        );
    }

    #[test]
    fn immutable_values_print_per_minor() {
        let new = json!({"deletionTimestamp": "2024-01-02T03:04:05Z"});
        let at = |minor| Behavior::of(crate::k8s::KubeVersion { minor });
        assert_eq!(
            errs(new.clone(), json!({}), at(33)),
            vec!["metadata.deletionTimestamp: Invalid value: 2024-01-02 03:04:05 +0000 UTC: field is immutable"]
        );
        assert_eq!(
            errs(new, json!({}), at(34)),
            vec![
                r#"metadata.deletionTimestamp: Invalid value: "2024-01-02T03:04:05Z": field is immutable"#
            ]
        );
        let removed = errs(
            json!({}),
            json!({"deletionTimestamp": "2024-01-02T03:04:05Z"}),
            at(33),
        );
        assert_eq!(
            removed,
            vec![r#"metadata.deletionTimestamp: Invalid value: "null": field is immutable"#]
        );
    }

    #[test]
    fn no_new_finalizers_while_deleting() {
        assert_eq!(
            errs(
                json!({"finalizers": ["b", "a", "x"], "deletionTimestamp": "2024-01-01T00:00:00Z"}),
                json!({"finalizers": ["x"], "deletionTimestamp": "2024-01-01T00:00:00Z"}),
                Behavior::NEWEST
            ),
            vec![
                r#"metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"a", "b"}"#
            ]
        );
    }
}
