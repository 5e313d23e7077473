//! A binding's `params`, found among the run's objects as apiserver's `CollectParams`
//! (`pkg/admission/plugin/policy/generic/policy_dispatcher.go`) finds them in its informer: no
//! `paramKind` or no `paramRef` gives one evaluation with `params` null; a `paramRef` gives
//! the object it names or every object its selector selects, in the paramRef's namespace or
//! the request's (a namespaced `paramKind`), and none found with `parameterNotFoundAction:
//! Deny` is a configuration error, worded as the server words each.

use super::matching::{labels, selects};
use crate::yaml::Node;

/// The objects a binding's policy is evaluated with (`None`: `params` is null).
pub(crate) type Found<'a> = Result<Vec<Option<&'a Node>>, String>;

/// The policy's `paramKind`: group and kind (the informer watches the kind's resource, so
/// an object of any version of the group is one of its objects).
#[derive(Clone, Debug)]
pub(crate) struct ParamKind {
    pub(crate) api_version: String,
    pub(crate) kind: String,
    /// `None` when neither the run's CRDs nor the minor's built-in kinds know the kind.
    pub(crate) namespaced: Option<bool>,
}

impl ParamKind {
    fn group(&self) -> &str {
        self.api_version.rsplit_once('/').map_or("", |(g, _)| g)
    }

    /// Whether `obj` is an object of this kind.
    pub(crate) fn is(&self, obj: &Node) -> bool {
        let av = obj.get_str("apiVersion").unwrap_or("");
        let group = av.rsplit_once('/').map_or("", |(g, _)| g);
        obj.get_str("kind") == Some(self.kind.as_str()) && group == self.group()
    }
}

/// The params of one binding for a request in `namespace` (empty when cluster-scoped).
pub(crate) fn collect<'a>(
    kind: Option<&ParamKind>,
    param_ref: Option<&Node>,
    namespace: &str,
    objects: &'a [Node],
) -> Found<'a> {
    let (Some(kind), Some(r)) = (kind, param_ref.filter(|r| !r.is_null())) else {
        return Ok(vec![None]);
    };
    let ref_ns = r.get_str("namespace").unwrap_or("");
    // A kind nobody knows is taken as namespaced: most param kinds are (ConfigMaps, CRDs).
    let namespaced = kind.namespaced.unwrap_or(true);
    let store_ns = if !namespaced {
        if !ref_ns.is_empty() {
            return Err(
                "paramRef.namespace must not be provided for a cluster-scoped `paramKind`".into(),
            );
        }
        None
    } else if !ref_ns.is_empty() {
        Some(ref_ns)
    } else if !namespace.is_empty() {
        Some(namespace)
    } else {
        return Err(
            "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources"
                .into(),
        );
    };
    let in_store = |o: &&Node| {
        kind.is(o)
            && store_ns.is_none_or(|ns| {
                o.at(&["metadata", "namespace"])
                    .and_then(Node::as_str)
                    .unwrap_or("default")
                    == ns
            })
    };
    let name = r.get_str("name").unwrap_or("");
    let selector = r.get("selector").filter(|s| !s.is_null());
    let params: Vec<Option<&Node>> = if !name.is_empty() {
        if selector.is_some() {
            return Err("paramRef.name and paramRef.selector are mutually exclusive".into());
        }
        objects
            .iter()
            .filter(in_store)
            .filter(|o| o.at(&["metadata", "name"]).and_then(Node::as_str) == Some(name))
            .take(1)
            .map(Some)
            .collect()
    } else if let Some(sel) = selector {
        objects
            .iter()
            .filter(in_store)
            .filter(|o| selects(sel, &labels(o)))
            .map(Some)
            .collect()
    } else {
        return Err("one of name or selector must be provided".into());
    };
    if params.is_empty() && r.get_str("parameterNotFoundAction") == Some("Deny") {
        return Err(
            "no params found for policy binding with `Deny` parameterNotFoundAction".into(),
        );
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cm(name: &str, ns: &str, labels: serde_json::Value) -> Node {
        Node::from_json(&json!({"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": name, "namespace": ns, "labels": labels}}))
    }

    fn kind(namespaced: Option<bool>) -> ParamKind {
        ParamKind {
            api_version: "v1".into(),
            kind: "ConfigMap".into(),
            namespaced,
        }
    }

    fn names(found: Found<'_>) -> Result<Vec<String>, String> {
        found.map(|v| {
            v.iter()
                .map(|o| {
                    o.map_or("<null>".into(), |o| {
                        o.at(&["metadata", "name"])
                            .and_then(Node::as_str)
                            .unwrap_or("")
                            .to_string()
                    })
                })
                .collect()
        })
    }

    #[test]
    fn params_by_name_selector_and_namespace() {
        let objects = vec![
            cm("limits", "policies", json!({"tier": "a"})),
            cm("limits", "shop", json!({"tier": "b"})),
            cm("other", "shop", json!({"tier": "b"})),
        ];
        let r = |v: serde_json::Value| Node::from_json(&v);
        let k = kind(Some(true));
        // No paramRef: one evaluation with null params.
        assert_eq!(
            names(collect(Some(&k), None, "shop", &objects)),
            Ok(vec!["<null>".into()])
        );
        let by_name = r(json!({"name": "limits", "namespace": "policies"}));
        assert_eq!(
            names(collect(Some(&k), Some(&by_name), "shop", &objects)),
            Ok(vec!["limits".into()])
        );
        // Without a namespace, the request's.
        let sel = r(json!({"selector": {"matchLabels": {"tier": "b"}}}));
        assert_eq!(
            names(collect(Some(&k), Some(&sel), "shop", &objects)),
            Ok(vec!["limits".into(), "other".into()])
        );
        assert_eq!(
            names(collect(Some(&k), Some(&sel), "", &objects)),
            Err("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources".into())
        );
        let missing = r(json!({"name": "nope", "parameterNotFoundAction": "Deny"}));
        assert_eq!(
            names(collect(Some(&k), Some(&missing), "shop", &objects)),
            Err("no params found for policy binding with `Deny` parameterNotFoundAction".into())
        );
        let allow = r(json!({"name": "nope", "parameterNotFoundAction": "Allow"}));
        assert_eq!(
            names(collect(Some(&k), Some(&allow), "shop", &objects)),
            Ok(vec![])
        );
        let cluster = kind(Some(false));
        assert_eq!(
            names(collect(Some(&cluster), Some(&by_name), "shop", &objects)),
            Err("paramRef.namespace must not be provided for a cluster-scoped `paramKind`".into())
        );
    }
}
