//! The CRD as the API server validates it: the user's `v1` (or `v1beta1`) document seen through
//! the conversion to the internal type, which decides the *paths* the server prints.
//!
//! The server converts a `v1` CRD to its internal form before validating: a per-version
//! `schema`, `subresources`, `additionalPrinterColumns` or `selectableFields` that is the same in
//! every version moves to the top level (`spec.validation`, ...), the webhook settings move to
//! `spec.conversion.webhookClientConfig`, and `spec.version` becomes `versions[0].name`. The
//! [`Internal`] view keeps, for every value, both the path in the user's document and the path
//! the server prints, so that checks report at the user's line with the server's words.

use super::ctx::{get_bool, get_seq, get_set, get_str, Loc};
use crate::diag::Span;
use crate::yaml::Node;

/// A value of the internal object: the user's node and its two paths.
#[derive(Clone, Debug)]
pub(crate) struct Place<'a> {
    pub(crate) node: &'a Node,
    pub(crate) loc: Loc,
}

#[derive(Debug)]
pub(crate) struct Version<'a> {
    pub(crate) node: &'a Node,
    pub(crate) loc: Loc,
    pub(crate) name: &'a str,
    pub(crate) served: bool,
    pub(crate) storage: bool,
    pub(crate) deprecated: bool,
    /// `schema` (a CustomResourceValidation wrapper) when it stays per-version.
    pub(crate) schema: Option<Place<'a>>,
    pub(crate) subresources: Option<Place<'a>>,
    pub(crate) columns: Option<Place<'a>>,
    pub(crate) selectable: Option<Place<'a>>,
    /// The version's own schema wrapper whatever the hoisting (for checks beyond the server's).
    pub(crate) own_schema: Option<&'a Node>,
}

#[derive(Debug)]
pub(crate) struct Internal<'a> {
    pub(crate) root: &'a Node,
    pub(crate) spec: &'a Node,
    pub(crate) v1: bool,
    pub(crate) validation: Option<Place<'a>>,
    pub(crate) subresources: Option<Place<'a>>,
    pub(crate) columns: Option<Place<'a>>,
    pub(crate) selectable: Option<Place<'a>>,
    pub(crate) versions: Vec<Version<'a>>,
    /// The `spec.versions` node (or the spec when absent), for spans.
    pub(crate) versions_span: Span,
    /// Internal `spec.version`: (value, loc, span).
    pub(crate) version: Option<(&'a str, Loc, Span)>,
    /// `spec.preserveUnknownFields`; `None` is Go's nil (v1beta1 unset).
    pub(crate) preserve_unknown_fields: Option<bool>,
}

static EMPTY: Node = Node::synthetic(crate::yaml::Value::Null);

fn nonempty_seq(n: Option<&Node>) -> Option<&Node> {
    n.filter(|v| v.as_seq().is_some_and(|s| !s.is_empty()))
}

/// Semantic equality as `apiequality.Semantic.DeepEqual` sees converted values: absent, `null`
/// and empty lists are the same.
fn same(a: Option<&Node>, b: Option<&Node>, list: bool) -> bool {
    fn norm(n: Option<&Node>, list: bool) -> Option<&Node> {
        let n = n.filter(|v| !v.is_null())?;
        if list && n.as_seq().is_some_and(|s| s.is_empty()) {
            None
        } else {
            Some(n)
        }
    }
    match (norm(a, list), norm(b, list)) {
        (None, None) => true,
        // The first version is compared with itself: equal unless it holds a NaN (which equals
        // nothing), found without comparing the whole schema with itself (16 M of the 452 M
        // instructions of linting the 107 CRDs of the 10,000-resource workload, most of them
        // single-version).
        (Some(x), Some(y)) if std::ptr::eq(x, y) => !has_nan(x),
        (Some(x), Some(y)) => x.value_eq(y),
        _ => false,
    }
}

/// Whether a float NaN is anywhere in `n`.
fn has_nan(n: &Node) -> bool {
    match &n.value {
        crate::yaml::Value::Float(f) => f.is_nan(),
        crate::yaml::Value::Seq(s) => s.iter().any(has_nan),
        crate::yaml::Value::Map(m) => m.entries.iter().any(|e| has_nan(&e.value)),
        _ => false,
    }
}

/// Whether the server decodes the CRD document `root` with the `v1` types (anything but
/// `apiextensions.k8s.io/v1beta1`).
pub(crate) fn decodes_as_v1(root: &Node) -> bool {
    get_str(root, "apiVersion") != Some("apiextensions.k8s.io/v1beta1")
}

impl<'a> Internal<'a> {
    /// The object as the emulated minor's decoder reads it: a field its Go types do not have yet
    /// is dropped (with strict field validation the request fails on it instead), so nothing of
    /// it is checked; `crd/field-not-in-version` is its one finding.
    pub(crate) fn decoded_by(mut self, kv: crate::k8s::KubeVersion) -> Internal<'a> {
        use super::decode::has_field;
        if !has_field("CustomResourceDefinitionSpec", "selectableFields", kv) {
            self.selectable = None;
        }
        if !has_field("CustomResourceDefinitionVersion", "selectableFields", kv) {
            self.versions.iter_mut().for_each(|v| v.selectable = None);
        }
        self
    }

    pub(crate) fn new(root: &'a Node) -> Internal<'a> {
        let v1 = decodes_as_v1(root);
        let spec = root
            .get("spec")
            .filter(|s| s.as_map().is_some())
            .unwrap_or(&EMPTY);
        let vnode = spec.get("versions");
        let versions_span = vnode.map(|v| v.span()).unwrap_or(spec.span());
        let vs: &[Node] = get_seq(spec, "versions");
        let base = Loc::new("spec.versions");

        // Which per-version values the v1 conversion hoists to the top level.
        let hoist = |key: &str, list: bool| -> bool {
            v1 && !vs.is_empty() && vs.iter().all(|v| same(v.get(key), vs[0].get(key), list))
        };
        let (h_schema, h_sub, h_cols, h_sel) = (
            hoist("schema", false),
            hoist("subresources", false),
            hoist("additionalPrinterColumns", true),
            hoist("selectableFields", true),
        );
        let top = |key: &str, server: &str, hoisted: bool, list: bool| -> Option<Place<'a>> {
            if v1 {
                if !hoisted {
                    return None;
                }
                let n = vs.first()?.get(key).filter(|n| !n.is_null())?;
                if list && n.as_seq().is_some_and(|s| s.is_empty()) {
                    return None;
                }
                Some(Place {
                    node: n,
                    loc: Loc::two(format!("spec.versions[0].{key}"), format!("spec.{server}")),
                })
            } else {
                let n = spec.get(server).filter(|n| !n.is_null())?;
                Some(Place {
                    node: n,
                    loc: Loc::new(&format!("spec.{server}")),
                })
            }
        };
        let validation = top("schema", "validation", h_schema, false);
        let subresources = top("subresources", "subresources", h_sub, false);
        let columns = top(
            "additionalPrinterColumns",
            "additionalPrinterColumns",
            h_cols,
            true,
        );
        let selectable = top("selectableFields", "selectableFields", h_sel, true);

        let versions = vs
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let loc = base.index(i);
                let per = |key: &str, hoisted: bool, list: bool| -> Option<Place<'a>> {
                    if hoisted {
                        return None;
                    }
                    let n = v.get(key).filter(|n| !n.is_null())?;
                    if list {
                        nonempty_seq(Some(n))?;
                    }
                    Some(Place {
                        node: n,
                        loc: loc.child(key),
                    })
                };
                Version {
                    node: v,
                    name: get_str(v, "name").unwrap_or(""),
                    served: get_bool(v, "served"),
                    storage: get_bool(v, "storage"),
                    deprecated: get_bool(v, "deprecated"),
                    schema: per("schema", h_schema, false),
                    subresources: per("subresources", h_sub, false),
                    columns: per("additionalPrinterColumns", h_cols, true),
                    selectable: per("selectableFields", h_sel, true),
                    own_schema: get_set(v, "schema"),
                    loc,
                }
            })
            .collect::<Vec<_>>();

        let version = if v1 {
            vs.first().map(|v0| {
                (
                    get_str(v0, "name").unwrap_or(""),
                    Loc::two("spec.versions[0].name", "spec.version"),
                    v0.get("name").map(|n| n.span()).unwrap_or(v0.span()),
                )
            })
        } else {
            get_str(spec, "version").map(|s| {
                (
                    s,
                    Loc::new("spec.version"),
                    spec.get("version").map(|n| n.span()).unwrap_or(spec.span()),
                )
            })
        };
        let preserve_unknown_fields =
            match spec.get("preserveUnknownFields").and_then(Node::as_bool) {
                Some(b) => Some(b),
                None if v1 => Some(false),
                None => None,
            };
        Internal {
            root,
            spec,
            v1,
            validation,
            subresources,
            columns,
            selectable,
            versions,
            versions_span,
            version,
            preserve_unknown_fields,
        }
    }

    /// `preserveUnknownFields` is nil or true.
    pub(crate) fn pruf_nil_or_true(&self) -> bool {
        self.preserve_unknown_fields != Some(false)
    }

    pub(crate) fn has_per_version_subresources(&self) -> bool {
        self.versions.iter().any(|v| v.subresources.is_some())
    }

    /// `getSubresourcesForVersion`.
    pub(crate) fn subresources_for(&self, v: &Version<'a>) -> Option<&Node> {
        if !self.has_per_version_subresources() {
            return self.subresources.as_ref().map(|p| p.node);
        }
        v.subresources.as_ref().map(|p| p.node)
    }

    pub(crate) fn any_status_enabled(&self) -> bool {
        has_status(self.subresources.as_ref().map(|p| p.node))
            || self
                .versions
                .iter()
                .any(|v| has_status(v.subresources.as_ref().map(|p| p.node)))
    }

    /// Every `openAPIV3Schema` node with its location (top-level and per-version).
    pub(crate) fn schemas(&self) -> Vec<(&'a Node, Loc)> {
        let mut out = Vec::new();
        let mut add = |p: &Option<Place<'a>>| {
            if let Some(p) = p {
                if let Some(s) = get_set(p.node, "openAPIV3Schema") {
                    out.push((s, p.loc.child("openAPIV3Schema")));
                }
            }
        };
        add(&self.validation);
        for v in &self.versions {
            add(&v.schema);
        }
        out
    }
}

pub(crate) fn has_status(sub: Option<&Node>) -> bool {
    sub.is_some_and(|s| get_set(s, "status").is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crd(versions: serde_json::Value) -> Node {
        Node::from_json(&serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "spec": {"versions": versions}
        }))
    }

    /// A value compared with itself (the first version's) is equal without a walk, except
    /// that a NaN equals nothing, itself included, as a full comparison finds.
    #[test]
    fn a_value_is_the_same_as_itself_unless_it_holds_a_nan() {
        let plain = Node::from_json(&serde_json::json!({"type": "object", "x": [1, {"y": 2.5}]}));
        assert!(same(Some(&plain), Some(&plain), false));
        let mut nan = Node::from_json(&serde_json::json!({"type": "object", "x": [1, {"y": 2.5}]}));
        nan.as_map_mut().expect("map").entries[1]
            .value
            .as_seq_mut()
            .expect("seq")[1]
            .as_map_mut()
            .expect("map")
            .entries[0]
            .value
            .value = crate::yaml::Value::Float(f64::NAN);
        assert!(!nan.value_eq(&nan));
        assert!(!same(Some(&nan), Some(&nan), false));
        assert!(same(Some(&plain), Some(&plain.clone()), false));
    }

    #[test]
    fn identical_per_version_values_are_hoisted_like_the_server() {
        let s = serde_json::json!({"openAPIV3Schema": {"type": "object"}});
        let root = crd(serde_json::json!([
            {"name": "v1", "schema": s, "additionalPrinterColumns": []},
            {"name": "v2", "schema": s}
        ]));
        let i = Internal::new(&root);
        let v = i.validation.as_ref().expect("hoisted schema");
        assert_eq!(v.loc.user, "spec.versions[0].schema");
        assert_eq!(v.loc.server, "spec.validation");
        assert!(i.versions.iter().all(|v| v.schema.is_none()));
        // empty and absent column lists are the same: nothing to hoist
        assert!(i.columns.is_none() && i.versions.iter().all(|v| v.columns.is_none()));
        assert_eq!(
            i.version.as_ref().map(|v| v.1.server.as_str()),
            Some("spec.version")
        );
        assert_eq!(i.preserve_unknown_fields, Some(false));
    }

    #[test]
    fn differing_values_stay_per_version() {
        let root = crd(serde_json::json!([
            {"name": "v1", "schema": {"openAPIV3Schema": {"type": "object"}}},
            {"name": "v2", "schema": {"openAPIV3Schema": {"type": "object", "description": "x"}}}
        ]));
        let i = Internal::new(&root);
        assert!(i.validation.is_none());
        assert_eq!(
            i.versions[1].schema.as_ref().map(|p| p.loc.server.as_str()),
            Some("spec.versions[1].schema")
        );
    }
}
