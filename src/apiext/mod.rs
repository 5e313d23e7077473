//! The API server's schema semantics, in one place for both of its callers: the CRD registry
//! (which checks a schema's `default` values when a CRD is written: `lint`) and the
//! custom-resource strategy (which prunes, defaults and validates every object: `validate`).
//! Upstream these are apiextensions-apiserver's `pkg/apiserver/schema/{pruning,defaulting,
//! objectmeta,listtype}` and kube-openapi's `pkg/validation/validate`, which the registry and the
//! strategy both call; here too, so that a message cannot drift between a bad `default` and the
//! same bad value in a resource.
//!
//! Everything works over [`crate::schema::Schema`] (which carries spans) and reports
//! [`crate::k8s::FieldError`]s, worded per minor by [`crate::k8s::Behavior`].
//!
//! * [`prune`]: pruning of unknown fields, non-nullable nulls, defaulting (`prune/copy.rs` prunes
//!   while copying);
//! * `openapi`: the kube-openapi value validator and its conversion into field errors;
//! * `objectmeta`: `apiVersion`/`kind`/`metadata` of resources and embedded resources;
//! * `listtype`: `x-kubernetes-list-type` set and map uniqueness;
//! * [`defaults`]: `ValidateDefaults`' checks of one `default` value, which the linter runs at
//!   each default it finds;
//! * `subtrees`, `formats`, `link`: what the walks above share (where in a schema they have work,
//!   the compiled patterns and formats, field paths built only for errors).
//!
//! `lint` and `validate` both use this module and never each other; it uses neither.

pub mod defaults;
pub(crate) mod formats;
pub(crate) mod link;
pub(crate) mod listtype;
pub(crate) mod objectmeta;
pub(crate) mod openapi;
pub mod prune;
pub(crate) mod subtrees;

pub use objectmeta::NameRule;
pub(crate) use openapi::unnamed_value_help;
pub use prune::UnknownField;

/// The pipeline's building blocks, one upstream function each, for the conformance tests and
/// for tools that need a single step.
pub mod parts {
    use super::link::Link;
    use super::{listtype, objectmeta};
    use crate::k8s::field::FieldError;
    use crate::k8s::FieldPath;
    use crate::schema::Schema;
    use crate::yaml::Node;

    fn as_root(s: Option<&Schema>) -> Schema {
        let mut c = s.cloned().unwrap_or_default();
        c.x_embedded_resource = true;
        c
    }

    /// `ValidateListSetsAndMaps(root, s, obj)`.
    pub fn list_type_errors(
        root: Option<&FieldPath>,
        schema: Option<&Schema>,
        obj: &Node,
    ) -> Vec<FieldError> {
        let mut out = Vec::new();
        listtype::validate(&Link::Root(root), schema, obj, &mut out);
        out.into_iter().map(|(e, _)| e).collect()
    }

    /// `objectmeta.Validate(nil path, obj, s, isResourceRoot)`, as the newest minor words it.
    pub fn embedded_resource_errors(
        schema: Option<&Schema>,
        obj: &Node,
        include_root: bool,
    ) -> Vec<FieldError> {
        let rooted;
        let s = if include_root {
            rooted = as_root(schema);
            Some(&rooted)
        } else {
            schema
        };
        let mut out = Vec::new();
        objectmeta::validate_embedded(
            obj,
            s,
            &Link::Root(None),
            &mut out,
            0,
            crate::k8s::Behavior::NEWEST,
        );
        out.into_iter().map(|(e, _)| e).collect()
    }

    /// `objectmeta.CoerceWithOptions(nil, obj, s, isResourceRoot, {DropInvalidFields,
    /// ReturnUnknownFieldPaths})`: the first error, and the sorted unknown metadata paths.
    pub fn coerce_embedded(
        obj: &mut Node,
        schema: Option<&Schema>,
        include_root: bool,
        drop_invalid: bool,
    ) -> (Option<FieldError>, Vec<String>) {
        let rooted;
        let s = if include_root {
            rooted = as_root(schema);
            Some(&rooted)
        } else {
            schema
        };
        let mut unknown = Vec::new();
        let err = objectmeta::coerce(obj, s, &Link::Root(None), drop_invalid, &mut unknown, 0);
        let mut paths: Vec<String> = unknown.into_iter().map(|u| u.path).collect();
        paths.sort();
        (err.map(|(e, _)| e), paths)
    }
}
