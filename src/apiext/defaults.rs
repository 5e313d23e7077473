//! The checks `ValidateDefaults` (apiextensions-apiserver `pkg/apiserver/schema/defaulting/
//! validation.go`) runs on one `default` value when a CRD is written, with the same pruning,
//! ObjectMeta and kube-openapi code the custom-resource strategy runs on objects: a bad default
//! reads exactly like the same bad value in a resource, at every minor.
//!
//! The walk that finds the defaults (and the CEL rules evaluated on them) is the linter's: it
//! knows the user's paths and spans. Each function here takes one default and the converted
//! schema node it belongs to, and returns field errors under that default's server path.

use super::link::Link;
use super::{objectmeta, openapi, prune};
use crate::k8s::field::{BadValue, FieldError};
use crate::k8s::{Behavior, FieldPath};
use crate::schema::Schema;
use crate::yaml::{Map, Node, Span, Value};

/// What the checks of one default found.
#[derive(Debug, Default)]
pub struct Found {
    /// `must not have unknown fields` (with `requirePrunedDefaults`): pruning the default with
    /// its own schema changes it. Independent of the chain below.
    pub unpruned: Option<FieldError>,
    /// The errors of the first failing step of the server's chain: embedded-resource coercion,
    /// then embedded ObjectMeta validation, then kube-openapi validation. Each with the node it
    /// is about (or the default itself).
    pub errors: Vec<(FieldError, Span)>,
}

/// The settings of one CRD's default checks.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub require_pruned: bool,
    /// The emulated minor's behaviours (format checks; the caller words the errors with it).
    pub beh: Behavior,
    /// The minor whose string formats apply (the server's compatibility version).
    pub compat_minor: u32,
}

/// A default `d` of the schema node `s` that does not lie inside a resource's `apiVersion`,
/// `kind` or `metadata`. `path` is `<node>.default`; `resource_root` says whether `d` is pruned
/// as a resource (the schema's root and embedded resources keep `apiVersion`, `kind` and
/// `metadata`). Embedded resources in `d` (and `d` itself when `s` is one) get coerced and their
/// ObjectMeta validated, as `objectmeta.Coerce` and `objectmeta.Validate` do on the request path.
pub fn check(s: &Schema, d: &Node, path: &FieldPath, resource_root: bool, set: Settings) -> Found {
    let mut found = Found::default();
    // Pruning and the embedded-resource checks only ever act on objects and lists: a scalar
    // default (most of them) goes straight to the value validator.
    if !matches!(d.value, Value::Map(_) | Value::Seq(_)) {
        found.errors = openapi::validate_value(s, d, Some(path), set.beh, set.compat_minor);
        return found;
    }
    if set.require_pruned {
        // Compared as `reflect.DeepEqual` does: the fields pruning reports leave out a
        // top-level `apiVersion`, `kind` and `metadata`, which it still removes.
        let mut pruned = d.clone();
        prune::prune(&mut pruned, Some(s), resource_root);
        if !pruned.value_eq(d) {
            found.unpruned = Some(FieldError::invalid(
                path.clone(),
                BadValue::from_node(d),
                "must not have unknown fields",
            ));
        }
    }
    let root = Link::Root(Some(path));
    let mut coerced = d.clone();
    let mut unknown = Vec::new();
    if let Some(e) = objectmeta::coerce(&mut coerced, Some(s), &root, false, &mut unknown, 0) {
        found.errors.push(e);
        return found;
    }
    objectmeta::validate_embedded(d, Some(s), &root, &mut found.errors, 0, set.beh);
    if found.errors.is_empty() {
        found.errors = openapi::validate_value(s, d, Some(path), set.beh, set.compat_minor);
    }
    found
}

/// One step from a resource's `apiVersion`, `kind` or `metadata` down to a default inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A property.
    Key(String),
    /// The items of an array.
    Item,
}

/// A default `d` of the schema node `s` inside a resource's `which` (`apiVersion`, `kind` or
/// `metadata`), `steps` below it: placed in a surrounding object (`apiVersion: validation/v1`,
/// `kind: Validation`), the object must coerce and give valid metadata, each failure one
/// `must result in valid metadata: <err>` error at `path` (`<node>.default`), worded for `beh`'s
/// minor since the detail quotes it; then `d` is validated against `s`.
pub fn check_in_meta(
    s: &Schema,
    d: &Node,
    which: &str,
    steps: &[Step],
    path: &FieldPath,
    set: Settings,
) -> Vec<(FieldError, Span)> {
    let invalid = |detail: String| {
        vec![(
            FieldError::invalid(
                path.clone(),
                BadValue::from_node(d),
                format!("must result in valid metadata: {detail}"),
            ),
            d.span(),
        )]
    };
    let mut obj = surrounding_object(d, which, steps);
    let mut resource = Schema::default();
    resource.x_embedded_resource = true;
    let root = Link::Root(None);
    if let Some((e, _)) =
        objectmeta::coerce(&mut obj, Some(&resource), &root, false, &mut Vec::new(), 0)
    {
        return invalid(e.render(set.beh));
    }
    let mut errs = Vec::new();
    objectmeta::validate_embedded(&obj, Some(&resource), &root, &mut errs, 0, set.beh);
    if let Some(agg) = aggregate(errs.iter().map(|(e, _)| e), set.beh) {
        return invalid(agg);
    }
    openapi::validate_value(s, d, Some(path), set.beh, set.compat_minor)
}

/// The object `ValidateDefaults`' schema functions build around a default inside resource
/// metadata (`NewRootObjectFunc().WithTypeMeta(validation/v1, Validation)`, then a child per
/// property and a one-item list per `items`).
fn surrounding_object(d: &Node, which: &str, steps: &[Step]) -> Node {
    let mut v = d.clone();
    for step in steps.iter().rev() {
        v = match step {
            Step::Key(k) => {
                let mut m = Map::new();
                m.insert(k.clone(), v);
                Node::synthetic(Value::Map(m))
            }
            Step::Item => Node::synthetic(Value::Seq(vec![v].into())),
        };
    }
    let mut obj = Map::new();
    for (k, t) in [("apiVersion", "validation/v1"), ("kind", "Validation")] {
        if k != which {
            obj.insert(k.to_string(), Node::synthetic(Value::String(t.into())));
        }
    }
    obj.insert(which.to_string(), v);
    Node::synthetic(Value::Map(obj))
}

/// `ErrorList.ToAggregate().Error()` as the server of `beh`'s minor prints it: identical messages
/// collapse, one prints alone, several as `[e1, e2]`.
fn aggregate<'e>(errs: impl Iterator<Item = &'e FieldError>, beh: Behavior) -> Option<String> {
    let mut msgs: Vec<String> = Vec::new();
    for e in errs {
        let m = e.render(beh);
        if !msgs.contains(&m) {
            msgs.push(m);
        }
    }
    match msgs.len() {
        0 => None,
        1 => msgs.pop(),
        _ => Some(format!("[{}]", msgs.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(j: serde_json::Value) -> Node {
        Node::from_json(&j)
    }

    fn set(minor: u32) -> Settings {
        let kube = crate::k8s::KubeVersion { minor };
        Settings {
            require_pruned: true,
            beh: Behavior::of(kube),
            compat_minor: kube.compatibility_version().minor,
        }
    }

    fn messages(found: &Found, minor: u32) -> Vec<String> {
        let beh = set(minor).beh;
        found
            .unpruned
            .iter()
            .chain(found.errors.iter().map(|(e, _)| e))
            .map(|e| e.render(beh))
            .collect()
    }

    #[test]
    fn pruning_follows_the_server() {
        let path = FieldPath::new("x.default");
        let s = Schema::from_node(&n(
            serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}}),
        ));
        let unpruned = |d: serde_json::Value, root: bool| {
            check(&s, &n(d), &path, root, set(33)).unpruned.is_some()
        };
        assert!(!unpruned(serde_json::json!({"a": "x"}), false));
        assert!(unpruned(serde_json::json!({"a": "x", "b": 1}), false));
        // A resource keeps apiVersion, kind and metadata.
        assert!(!unpruned(serde_json::json!({"kind": "K"}), true));
        assert!(unpruned(serde_json::json!({"kind": "K"}), false));
        // The bad value is the default, a Go map: `%#v` before 1.34, JSON from 1.34.
        let found = check(&s, &n(serde_json::json!({"b": 1})), &path, false, set(33));
        assert_eq!(
            messages(&found, 33),
            [
                r#"x.default: Invalid value: map[string]interface {}{"b":1}: must not have unknown fields"#
            ]
        );
        assert_eq!(
            messages(&found, 34),
            [r#"x.default: Invalid value: {"b":1}: must not have unknown fields"#]
        );
    }

    #[test]
    fn defaults_inside_metadata_must_give_valid_metadata() {
        let path = FieldPath::new("m.default");
        let s = Schema::from_node(&n(serde_json::json!({"type": "string"})));
        let got = |d: serde_json::Value, which: &str, steps: &[Step]| -> Vec<String> {
            check_in_meta(&s, &n(d), which, steps, &path, set(35))
                .iter()
                .map(|(e, _)| e.render(set(35).beh))
                .collect()
        };
        let bad = got(
            serde_json::json!("a/b"),
            "metadata",
            &[Step::Key("name".into())],
        );
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(
            bad[0].starts_with(concat!(
                r#"m.default: Invalid value: "a/b": must result in valid metadata: "#,
                r#"metadata.name: Invalid value: "a/b": "#
            )),
            "{bad:?}"
        );
        assert!(got(
            serde_json::json!("a-b"),
            "metadata",
            &[Step::Key("name".into())]
        )
        .is_empty());
        // A finalizer default is one item of the list.
        assert!(got(
            serde_json::json!("a/b"),
            "metadata",
            &[Step::Key("finalizers".into()), Step::Item]
        )
        .is_empty());
        assert_eq!(
            got(serde_json::json!(5), "kind", &[]),
            ["m.default: Invalid value: 5: must result in valid metadata: kind: Invalid value: 5: must be a string"]
        );
    }
}
