//! The Go defaulting of built-in kinds: what the API server's decoder fills in (the
//! `SetDefaults_*` functions of kubernetes/kubernetes `pkg/apis/<group>/v1/defaults.go`, run by
//! the generated `SetObjectDefaults_*` over every nested type) and the OpenAPI documents do not
//! show. The schema pipeline applies the documents' own `default`s first
//! ([`crate::validate::validate_resource`]); [`apply`] then completes the stored object, so
//! that admission policies and `crdlint default` see what the server would store.
//!
//! Only defaulting is emulated: what the registry's strategy or an allocator sets on create
//! (a Service's `clusterIP`, `ipFamilies`, `ipFamilyPolicy` and node ports, a Job's
//! `controller-uid` selector, a Namespace's finalizers, any `status`) needs a cluster and is
//! left out, as are the quantity rounding of `SetDefaults_ResourceList` (a value finer than
//! a milli-unit is rounded up) and the pod-level resources of `SetDefaults_Pod`.
//! Defaults that depend on the minor (feature gates turned on by default at some minor) are
//! rows of [`crate::k8s::behavior`].
//!
//! A value of the wrong type is left alone (validation reports it); nothing here panics.

mod pod;
mod workloads;

#[cfg(test)]
mod tests;

use crate::k8s::Behavior;
use crate::yaml::{Map, Node, Value};

/// Fills in the Go defaults of a built-in object (`apiVersion`/`kind` read from it), in
/// place. Kinds without Go defaulters are left unchanged.
pub fn apply(obj: &mut Node, b: Behavior) {
    let api_version = obj.get_str("apiVersion").unwrap_or_default().to_string();
    let kind = obj.get_str("kind").unwrap_or_default().to_string();
    let Some(m) = obj.as_map_mut() else {
        return;
    };
    match (api_version.as_str(), kind.as_str()) {
        ("v1", "Pod") => pod::pod(m, b),
        ("v1", "PodTemplate") => {
            if let Some(t) = child(m, "template") {
                pod::template(t, b);
            }
        }
        ("v1", "ReplicationController") => workloads::replication_controller(m, b),
        ("v1", "Service") => workloads::service(m),
        ("v1", "Secret") => set_if_empty(m, "type", "Opaque"),
        ("v1", "Namespace") => workloads::namespace(m),
        ("v1", "PersistentVolumeClaim") => {
            if let Some(spec) = child(m, "spec") {
                pod::claim_spec(spec);
            }
        }
        ("v1", "PersistentVolume") => {
            if let Some(spec) = child(m, "spec") {
                set_if_empty(spec, "persistentVolumeReclaimPolicy", "Retain");
                set_if_missing(spec, "volumeMode", text("Filesystem"));
                pod::sources(spec);
            }
        }
        ("v1", "Endpoints") => workloads::endpoints(m),
        ("apps/v1", "Deployment") => workloads::deployment(m, b),
        ("apps/v1", "ReplicaSet") => workloads::replica_set(m, b),
        ("apps/v1", "StatefulSet") => workloads::stateful_set(m, b),
        ("apps/v1", "DaemonSet") => workloads::daemon_set(m, b),
        ("batch/v1", "Job") => workloads::job(m, b),
        ("batch/v1", "CronJob") => workloads::cron_job(m, b),
        ("networking.k8s.io/v1", "NetworkPolicy") => workloads::network_policy(m),
        ("networking.k8s.io/v1", "IngressClass") => workloads::ingress_class(m),
        _ => {}
    }
}

/// The mapping at `key`, if it is one.
fn child<'a>(m: &'a mut Map, key: &str) -> Option<&'a mut Map> {
    m.get_mut(key)?.as_map_mut()
}

/// The mapping at `key`, made (empty) when the key is absent or null, as a Go defaulter
/// allocates a nil struct pointer before filling it; `None` when the value is of another type.
fn ensure_child<'a>(m: &'a mut Map, key: &str) -> Option<&'a mut Map> {
    if missing(m, key) {
        m.insert(key, empty());
    }
    child(m, key)
}

/// The mappings of the sequence at `key` (other items and other types are skipped).
fn items<'a>(m: &'a mut Map, key: &str) -> impl Iterator<Item = &'a mut Map> {
    m.get_mut(key)
        .and_then(Node::as_seq_mut)
        .into_iter()
        .flat_map(|s| s.iter_mut())
        .filter_map(Node::as_map_mut)
}

/// True when `key` is absent or null: a Go pointer or slice left nil.
fn missing(m: &Map, key: &str) -> bool {
    m.get(key).is_none_or(Node::is_null)
}

/// Sets `key` when it is absent or null (a nil pointer field).
fn set_if_missing(m: &mut Map, key: &str, value: Node) {
    if missing(m, key) {
        m.insert(key, value);
    }
}

/// A synthetic string (built directly: `Node::from_json` costs a `serde_json` value per
/// default, and every built-in object of a run gets a few dozen).
fn text(s: &str) -> Node {
    Node::synthetic(Value::String(s.into()))
}

fn int(i: i64) -> Node {
    Node::synthetic(Value::Int(i))
}

fn boolean(b: bool) -> Node {
    Node::synthetic(Value::Bool(b))
}

/// `{}`.
fn empty() -> Node {
    Node::synthetic(Value::Map(Map::new()))
}

/// Sets a string `key` when it is absent, null or empty (Go's `== ""`).
fn set_if_empty(m: &mut Map, key: &str, value: &str) {
    if missing(m, key) || m.get(key).and_then(Node::as_str) == Some("") {
        m.insert(key, text(value));
    }
}

/// Sets an integer `key` when it is absent, null or 0 (a non-pointer Go int).
fn set_if_zero(m: &mut Map, key: &str, value: i64) {
    if missing(m, key) || m.get(key).and_then(Node::as_i64) == Some(0) {
        m.insert(key, int(value));
    }
}
