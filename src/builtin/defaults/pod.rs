//! Pods and pod templates: kubernetes/kubernetes `pkg/apis/core/v1/defaults.go`
//! (`SetDefaults_Pod`, `SetDefaults_PodSpec`, `SetDefaults_Container`, `SetDefaults_Probe`,
//! `SetDefaults_HTTPGetAction`, `SetDefaults_Volume` and the volume sources',
//! `SetDefaults_ObjectFieldSelector`, `SetDefaults_PersistentVolumeClaimSpec`) as the
//! generated `SetObjectDefaults_*` reach them in every object holding a pod template.

use super::{
    boolean, child, empty, ensure_child, int, items, missing, set_if_empty, set_if_missing,
    set_if_zero, text,
};
use crate::k8s::Behavior;
use crate::yaml::{Map, Node};

/// A Pod: its spec as in any template, plus what `SetDefaults_Pod` does for Pods only.
pub(super) fn pod(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    pod_spec(spec, b, true);
    // Requests default to the limits a container sets without them (Pods only, not
    // templates: the comment in SetDefaults_Pod says why).
    for list in ["containers", "initContainers"] {
        for c in items(spec, list) {
            requests_from_limits(c);
        }
    }
    set_if_missing(spec, "enableServiceLinks", boolean(true));
}

/// A `PodTemplateSpec` (`spec.template` of the workloads, `template` of a PodTemplate).
pub(super) fn template(t: &mut Map, b: Behavior) {
    if let Some(spec) = child(t, "spec") {
        pod_spec(spec, b, false);
    }
}

fn pod_spec(spec: &mut Map, b: Behavior, is_pod: bool) {
    set_if_empty(spec, "dnsPolicy", "ClusterFirst");
    set_if_empty(spec, "restartPolicy", "Always");
    set_if_missing(spec, "securityContext", empty());
    set_if_missing(spec, "terminationGracePeriodSeconds", int(30));
    set_if_empty(spec, "schedulerName", "default-scheduler");
    let host_ports = spec.get("hostNetwork").and_then(Node::as_bool) == Some(true)
        && (is_pod || !b.host_ports_in_pods_only);
    for list in ["containers", "initContainers", "ephemeralContainers"] {
        for c in items(spec, list) {
            container(c, host_ports && list != "ephemeralContainers");
        }
    }
    for v in items(spec, "volumes") {
        volume(v);
    }
}

/// `SetDefaults_Container` and what nests in a container (ports, probes, lifecycle
/// handlers, env field references).
fn container(c: &mut Map, host_ports: bool) {
    if missing(c, "imagePullPolicy") || c.get("imagePullPolicy").and_then(Node::as_str) == Some("")
    {
        let image = c.get("image").and_then(Node::as_str).unwrap_or_default();
        let policy = image_pull_policy(image);
        c.insert("imagePullPolicy", text(policy));
    }
    set_if_empty(c, "terminationMessagePath", "/dev/termination-log");
    set_if_empty(c, "terminationMessagePolicy", "File");
    for p in items(c, "ports") {
        set_if_empty(p, "protocol", "TCP");
        if host_ports
            && p.get("hostPort")
                .is_none_or(|h| h.is_null() || h.as_i64() == Some(0))
        {
            if let Some(cp) = p.get("containerPort").filter(|n| n.as_i64().is_some()) {
                let cp = cp.clone();
                p.insert("hostPort", cp);
            }
        }
    }
    for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
        if let Some(p) = child(c, probe) {
            set_if_zero(p, "timeoutSeconds", 1);
            set_if_zero(p, "periodSeconds", 10);
            set_if_zero(p, "successThreshold", 1);
            set_if_zero(p, "failureThreshold", 3);
            handler(p);
        }
    }
    if let Some(l) = child(c, "lifecycle") {
        for hook in ["postStart", "preStop"] {
            if let Some(h) = child(l, hook) {
                handler(h);
            }
        }
    }
    for e in items(c, "env") {
        if let Some(f) = child(e, "valueFrom").and_then(|v| child(v, "fieldRef")) {
            set_if_empty(f, "apiVersion", "v1");
        }
    }
}

/// `SetDefaults_HTTPGetAction` in a probe or lifecycle handler.
fn handler(h: &mut Map) {
    if let Some(g) = child(h, "httpGet") {
        set_if_empty(g, "path", "/");
        set_if_empty(g, "scheme", "HTTP");
    }
}

/// `SetDefaults_Pod`'s copy of each limit without a request.
fn requests_from_limits(c: &mut Map) {
    let Some(r) = child(c, "resources") else {
        return;
    };
    let Some(limits) = r.get("limits").and_then(Node::as_map).cloned() else {
        return;
    };
    if limits.is_empty() {
        return;
    }
    let Some(requests) = ensure_child(r, "requests") else {
        return;
    };
    for e in limits.entries.iter() {
        if !requests.contains_key(&e.key) {
            requests.insert(e.key.clone(), e.value.clone());
        }
    }
}

/// The volume source keys of `VolumeSource` (k8s.io/api core/v1 types.go): a volume naming
/// none of them gets an `emptyDir` (`SetDefaults_Volume`, "all pointer fields nil").
const VOLUME_SOURCES: &[&str] = &[
    "hostPath",
    "emptyDir",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "gitRepo",
    "secret",
    "nfs",
    "iscsi",
    "glusterfs",
    "persistentVolumeClaim",
    "rbd",
    "flexVolume",
    "cinder",
    "cephfs",
    "flocker",
    "downwardAPI",
    "fc",
    "azureFile",
    "configMap",
    "vsphereVolume",
    "quobyte",
    "azureDisk",
    "photonPersistentDisk",
    "projected",
    "portworxVolume",
    "scaleIO",
    "storageos",
    "csi",
    "ephemeral",
    "image",
];

fn volume(v: &mut Map) {
    if !VOLUME_SOURCES.iter().any(|k| !missing(v, k)) {
        v.insert("emptyDir", empty());
        return;
    }
    // 0644, the default mode of secret, configMap, downwardAPI and projected files.
    for source in ["secret", "configMap", "downwardAPI", "projected"] {
        if let Some(s) = child(v, source) {
            set_if_missing(s, "defaultMode", int(420));
        }
    }
    sources(v);
    if let Some(d) = child(v, "downwardAPI") {
        field_refs(d);
    }
    if let Some(p) = child(v, "projected") {
        for s in items(p, "sources") {
            if let Some(t) = child(s, "serviceAccountToken") {
                set_if_missing(t, "expirationSeconds", int(3600));
            }
            if let Some(d) = child(s, "downwardAPI") {
                field_refs(d);
            }
        }
    }
    if let Some(spec) = child(v, "ephemeral")
        .and_then(|e| child(e, "volumeClaimTemplate"))
        .and_then(|t| child(t, "spec"))
    {
        claim_spec(spec);
    }
}

/// The defaulted volume sources a Pod's volume and a PersistentVolume's spec share
/// (`SetDefaults_HostPathVolumeSource`, `_ISCSIVolumeSource`, `_RBDVolumeSource`,
/// `_AzureDiskVolumeSource`, `_ScaleIOVolumeSource`; upstream `TestWorkloadDefaults` lists
/// them).
pub(super) fn sources(v: &mut Map) {
    if let Some(h) = child(v, "hostPath") {
        set_if_missing(h, "type", text(""));
    }
    if let Some(i) = child(v, "iscsi") {
        set_if_empty(i, "iscsiInterface", "default");
    }
    if let Some(r) = child(v, "rbd") {
        set_if_empty(r, "pool", "rbd");
        set_if_empty(r, "user", "admin");
        set_if_empty(r, "keyring", "/etc/ceph/keyring");
    }
    if let Some(a) = child(v, "azureDisk") {
        set_if_missing(a, "cachingMode", text("ReadWrite"));
        set_if_missing(a, "fsType", text("ext4"));
        set_if_missing(a, "readOnly", boolean(false));
        set_if_missing(a, "kind", text("Shared"));
    }
    if let Some(s) = child(v, "scaleIO") {
        set_if_empty(s, "storageMode", "ThinProvisioned");
        set_if_empty(s, "fsType", "xfs");
    }
}

/// The `fieldRef`s of a downward API source's items.
fn field_refs(d: &mut Map) {
    for i in items(d, "items") {
        if let Some(f) = child(i, "fieldRef") {
            set_if_empty(f, "apiVersion", "v1");
        }
    }
}

/// `SetDefaults_PersistentVolumeClaimSpec`.
pub(super) fn claim_spec(spec: &mut Map) {
    set_if_missing(spec, "volumeMode", text("Filesystem"));
}

/// `SetDefaults_Container`'s pull policy: `Always` when the image's tag is `latest` (which
/// k8s.io/kubernetes `pkg/util/parsers.ParseImageName` also answers for a reference with
/// neither tag nor digest), else `IfNotPresent`, including for a reference that does not
/// parse (the error is ignored and the tag is empty).
pub(super) fn image_pull_policy(image: &str) -> &'static str {
    match tag_of(image) {
        Some(Some("latest")) | Some(None) => "Always",
        _ => "IfNotPresent",
    }
}

/// The tag of a docker reference as distribution/reference parses it: `None` when it does
/// not parse, `Some(None)` when it has neither tag nor digest, `Some(Some(""))` standing for
/// "a digest and no tag".
fn tag_of(image: &str) -> Option<Option<&str>> {
    let (rest, digest) = match image.split_once('@') {
        Some((r, d)) => (r, Some(d)),
        None => (image, None),
    };
    if let Some(d) = digest {
        let (algo, hex) = d.split_once(':')?;
        let algo_ok = !algo.is_empty()
            && algo.starts_with(|c: char| c.is_ascii_alphabetic())
            && algo
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"-_+.".contains(&c));
        if !algo_ok || hex.len() < 32 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
    }
    let last_slash = rest.rfind('/').map_or(0, |i| i + 1);
    let (name, tag) = match rest[last_slash..].rfind(':') {
        Some(i) => (&rest[..last_slash + i], Some(&rest[last_slash + i + 1..])),
        None => (rest, None),
    };
    if let Some(t) = tag {
        let ok = (1..=128).contains(&t.len())
            && t.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            && t.bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"_.-".contains(&c));
        if !ok {
            return None;
        }
    }
    if !valid_name(name) {
        return None;
    }
    Some(match (tag, digest) {
        (Some(t), _) => Some(t),
        (None, Some(_)) => Some(""),
        (None, None) => None,
    })
}

/// A repository name: an optional domain (the first component when it has a `.` or `:` or
/// is `localhost`), then lowercase path components of alphanumerics joined by `.`, `_`,
/// `__` or dashes.
fn valid_name(name: &str) -> bool {
    if name.is_empty() || name.len() > 255 {
        return false;
    }
    let mut parts: Vec<&str> = name.split('/').collect();
    let first = parts[0];
    if parts.len() > 1 && (first.contains(['.', ':']) || first == "localhost") {
        let (host, port) = first.split_once(':').unwrap_or((first, ""));
        let host_ok = !host.is_empty()
            && host.split('.').all(|l| {
                !l.is_empty()
                    && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
                    && !l.starts_with('-')
                    && !l.ends_with('-')
            });
        let port_ok = first.split_once(':').is_none()
            || (!port.is_empty() && port.bytes().all(|c| c.is_ascii_digit()));
        if !host_ok || !port_ok {
            return false;
        }
        parts.remove(0);
    }
    parts.iter().all(|p| path_component(p))
}

fn path_component(p: &str) -> bool {
    let b = p.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphanumeric() || !b[b.len() - 1].is_ascii_alphanumeric() {
        return false;
    }
    if !b
        .iter()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || b"._-".contains(c))
    {
        return false;
    }
    // Separators: one `.`, one or two `_`, or any run of `-`, each between alphanumerics.
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let sep = &p[start..i];
        if !(sep == "." || sep == "_" || sep == "__" || sep.bytes().all(|c| c == b'-')) {
            return false;
        }
    }
    true
}
