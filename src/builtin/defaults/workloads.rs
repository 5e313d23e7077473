//! The kinds around pod templates and the other defaulted core/networking kinds:
//! kubernetes/kubernetes `pkg/apis/apps/v1/defaults.go` (`SetDefaults_Deployment`,
//! `_ReplicaSet`, `_StatefulSet`, `_DaemonSet`), `pkg/apis/batch/v1/defaults.go`
//! (`SetDefaults_Job`, `_CronJob`), `pkg/apis/core/v1/defaults.go` (`SetDefaults_Service`,
//! `_ReplicationController`, `_Namespace`, `_Endpoints`) and
//! `pkg/apis/networking/v1/defaults.go` (`SetDefaults_NetworkPolicy`, `_NetworkPolicyPort`,
//! `_IngressClass`).

use serde_json::json;

use super::pod;
use super::{
    boolean, child, ensure_child, int, items, missing, set_if_empty, set_if_missing, text,
};
use crate::k8s::Behavior;
use crate::yaml::{Map, Node};

/// `spec.template` of a workload, defaulted as a pod template.
fn spec_template(spec: &mut Map, b: Behavior) {
    if let Some(t) = child(spec, "template") {
        pod::template(t, b);
    }
}

pub(super) fn deployment(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    set_if_missing(spec, "replicas", int(1));
    if let Some(strategy) = ensure_child(spec, "strategy") {
        set_if_empty(strategy, "type", "RollingUpdate");
        if strategy.get("type").and_then(Node::as_str) == Some("RollingUpdate") {
            if let Some(ru) = ensure_child(strategy, "rollingUpdate") {
                set_if_missing(ru, "maxUnavailable", text("25%"));
                set_if_missing(ru, "maxSurge", text("25%"));
            }
        }
    }
    set_if_missing(spec, "revisionHistoryLimit", int(10));
    set_if_missing(spec, "progressDeadlineSeconds", int(600));
    spec_template(spec, b);
}

pub(super) fn replica_set(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    set_if_missing(spec, "replicas", int(1));
    spec_template(spec, b);
}

pub(super) fn daemon_set(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    if let Some(strategy) = ensure_child(spec, "updateStrategy") {
        set_if_empty(strategy, "type", "RollingUpdate");
        if strategy.get("type").and_then(Node::as_str) == Some("RollingUpdate") {
            if let Some(ru) = ensure_child(strategy, "rollingUpdate") {
                set_if_missing(ru, "maxUnavailable", int(1));
                set_if_missing(ru, "maxSurge", int(0));
            }
        }
    }
    set_if_missing(spec, "revisionHistoryLimit", int(10));
    spec_template(spec, b);
}

pub(super) fn stateful_set(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    set_if_empty(spec, "podManagementPolicy", "OrderedReady");
    if let Some(strategy) = ensure_child(spec, "updateStrategy") {
        // `rollingUpdate` is made only when the type itself was defaulted.
        if missing(strategy, "type") || strategy.get("type").and_then(Node::as_str) == Some("") {
            set_if_empty(strategy, "type", "RollingUpdate");
            ensure_child(strategy, "rollingUpdate");
        }
        if strategy.get("type").and_then(Node::as_str) == Some("RollingUpdate") {
            if let Some(ru) = child(strategy, "rollingUpdate") {
                set_if_missing(ru, "partition", int(0));
                if b.statefulset_max_unavailable_default {
                    set_if_missing(ru, "maxUnavailable", int(1));
                }
            }
        }
    }
    if b.statefulset_pvc_retention_default {
        if let Some(p) = ensure_child(spec, "persistentVolumeClaimRetentionPolicy") {
            set_if_empty(p, "whenDeleted", "Retain");
            set_if_empty(p, "whenScaled", "Retain");
        }
    }
    set_if_missing(spec, "replicas", int(1));
    set_if_missing(spec, "revisionHistoryLimit", int(10));
    spec_template(spec, b);
    // Each claim template is defaulted as a PersistentVolumeClaim, its status included.
    for claim in items(spec, "volumeClaimTemplates") {
        if let Some(s) = child(claim, "spec") {
            pod::claim_spec(s);
        }
        if let Some(status) = ensure_child(claim, "status") {
            set_if_empty(status, "phase", "Pending");
        }
    }
}

pub(super) fn job(m: &mut Map, b: Behavior) {
    let template_labels = m
        .get("spec")
        .and_then(|s| s.at(&["template", "metadata", "labels"]))
        .filter(|l| l.as_map().is_some_and(|l| !l.is_empty()))
        .cloned();
    let Some(spec) = child(m, "spec") else {
        return;
    };
    if missing(spec, "completions") && missing(spec, "parallelism") {
        set_if_missing(spec, "completions", int(1));
    }
    set_if_missing(spec, "parallelism", int(1));
    // A minor without `backoffLimitPerIndex` pruned it before this.
    if !missing(spec, "backoffLimitPerIndex") {
        set_if_missing(spec, "backoffLimit", int(i64::from(i32::MAX)));
    }
    set_if_missing(spec, "backoffLimit", int(6));
    set_if_missing(spec, "completionMode", text("NonIndexed"));
    set_if_missing(spec, "suspend", boolean(false));
    if b.job_pod_replacement_policy_default {
        let policy = if missing(spec, "podFailurePolicy") {
            "TerminatingOrFailed"
        } else {
            "Failed"
        };
        set_if_missing(spec, "podReplacementPolicy", text(policy));
    }
    if b.job_manual_selector_default {
        set_if_missing(spec, "manualSelector", boolean(false));
    }
    if let Some(p) = child(spec, "podFailurePolicy") {
        for rule in items(p, "rules") {
            for pattern in items(rule, "onPodConditions") {
                set_if_empty(pattern, "status", "True");
            }
        }
    }
    spec_template(spec, b);
    // The template's labels become the Job's when it has none.
    if let Some(labels) = template_labels {
        let empty = m
            .get("metadata")
            .and_then(|md| md.get("labels"))
            .is_none_or(|l| l.is_null() || l.as_map().is_some_and(Map::is_empty));
        if empty {
            if let Some(md) = ensure_child(m, "metadata") {
                md.insert("labels", labels);
            }
        }
    }
}

pub(super) fn cron_job(m: &mut Map, b: Behavior) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    set_if_empty(spec, "concurrencyPolicy", "Allow");
    set_if_missing(spec, "suspend", boolean(false));
    set_if_missing(spec, "successfulJobsHistoryLimit", int(3));
    set_if_missing(spec, "failedJobsHistoryLimit", int(1));
    // The job template is a JobTemplateSpec: its pod template is defaulted, not as a Job.
    if let Some(job_spec) = child(spec, "jobTemplate").and_then(|t| child(t, "spec")) {
        spec_template(job_spec, b);
    }
}

pub(super) fn replication_controller(m: &mut Map, b: Behavior) {
    let template_labels = m
        .get("spec")
        .and_then(|s| s.at(&["template", "metadata", "labels"]))
        .filter(|l| l.as_map().is_some_and(|l| !l.is_empty()))
        .cloned();
    if let Some(labels) = template_labels {
        if let Some(spec) = child(m, "spec") {
            let empty = spec
                .get("selector")
                .is_none_or(|s| s.is_null() || s.as_map().is_some_and(Map::is_empty));
            if empty {
                spec.insert("selector", labels.clone());
            }
        }
        let empty = m
            .get("metadata")
            .and_then(|md| md.get("labels"))
            .is_none_or(|l| l.is_null() || l.as_map().is_some_and(Map::is_empty));
        if empty {
            if let Some(md) = ensure_child(m, "metadata") {
                md.insert("labels", labels);
            }
        }
    }
    if let Some(spec) = child(m, "spec") {
        set_if_missing(spec, "replicas", int(1));
        spec_template(spec, b);
    }
}

/// `SetDefaults_Service`. What the registry allocates on create (`clusterIP(s)`,
/// `ipFamilies`, `ipFamilyPolicy`, node ports, `healthCheckNodePort`) is not defaulting and is
/// left out.
pub(super) fn service(m: &mut Map) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    set_if_empty(spec, "sessionAffinity", "None");
    match spec.get("sessionAffinity").and_then(Node::as_str) {
        Some("None") => {
            spec.remove("sessionAffinityConfig");
        }
        Some("ClientIP") => {
            let has_timeout = spec
                .get("sessionAffinityConfig")
                .and_then(|c| c.at(&["clientIP", "timeoutSeconds"]))
                .is_some_and(|t| !t.is_null());
            if !has_timeout {
                let config = json!({"clientIP": {"timeoutSeconds": 10800}});
                spec.insert("sessionAffinityConfig", Node::from_json(&config));
            }
        }
        _ => {}
    }
    set_if_empty(spec, "type", "ClusterIP");
    for p in items(spec, "ports") {
        set_if_empty(p, "protocol", "TCP");
        let unset = p
            .get("targetPort")
            .is_none_or(|t| t.is_null() || t.as_i64() == Some(0) || t.as_str() == Some(""));
        if unset {
            if let Some(port) = p.get("port").filter(|n| n.as_i64().is_some()) {
                let port = port.clone();
                p.insert("targetPort", port);
            }
        }
    }
    let kind = spec.get("type").and_then(Node::as_str).unwrap_or_default();
    let external_ips = spec
        .get("externalIPs")
        .and_then(Node::as_seq)
        .is_some_and(|s| !s.is_empty());
    // pkg/api/v1/service ExternallyAccessible.
    let externally_accessible =
        kind == "LoadBalancer" || kind == "NodePort" || (kind == "ClusterIP" && external_ips);
    let internal = matches!(kind, "NodePort" | "LoadBalancer" | "ClusterIP");
    let load_balancer = kind == "LoadBalancer";
    if externally_accessible {
        set_if_empty(spec, "externalTrafficPolicy", "Cluster");
    }
    if internal {
        set_if_missing(spec, "internalTrafficPolicy", text("Cluster"));
    }
    if load_balancer {
        set_if_missing(spec, "allocateLoadBalancerNodePorts", boolean(true));
    }
}

/// `SetDefaults_Namespace`: the `kubernetes.io/metadata.name` label, always the name (not
/// for a nameless, `generateName` namespace). Its status and finalizers are the registry's.
pub(super) fn namespace(m: &mut Map) {
    let Some(name) = m
        .get("metadata")
        .and_then(|md| md.get_str("name"))
        .filter(|n| !n.is_empty())
        .map(str::to_string)
    else {
        return;
    };
    let Some(labels) = child(m, "metadata").and_then(|md| ensure_child(md, "labels")) else {
        return;
    };
    let current = labels
        .get("kubernetes.io/metadata.name")
        .and_then(Node::as_str);
    if current != Some(name.as_str()) {
        labels.insert("kubernetes.io/metadata.name", text(&name));
    }
}

pub(super) fn endpoints(m: &mut Map) {
    for subset in items(m, "subsets") {
        for p in items(subset, "ports") {
            set_if_empty(p, "protocol", "TCP");
        }
    }
}

pub(super) fn network_policy(m: &mut Map) {
    let Some(spec) = child(m, "spec") else {
        return;
    };
    for direction in ["ingress", "egress"] {
        for rule in items(spec, direction) {
            for p in items(rule, "ports") {
                set_if_missing(p, "protocol", text("TCP"));
            }
        }
    }
    let none = spec
        .get("policyTypes")
        .is_none_or(|t| t.is_null() || t.as_seq().is_some_and(<[Node]>::is_empty));
    if none {
        let egress = spec
            .get("egress")
            .and_then(Node::as_seq)
            .is_some_and(|e| !e.is_empty());
        let types = if egress {
            json!(["Ingress", "Egress"])
        } else {
            json!(["Ingress"])
        };
        spec.insert("policyTypes", Node::from_json(&types));
    }
}

pub(super) fn ingress_class(m: &mut Map) {
    if let Some(p) = child(m, "spec").and_then(|s| child(s, "parameters")) {
        set_if_missing(p, "scope", text("Cluster"));
    }
}
