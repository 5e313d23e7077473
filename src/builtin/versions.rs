//! Which built-in group/version/kinds a minor serves, and for those it does not: removed
//! (and since which minor, and what to use instead), not yet served, or unknown in a
//! built-in group.
//!
//! The bundle's per-minor kind lists decide from 1.24 on; the removals before that (1.16 and
//! 1.22, from the Kubernetes deprecated API migration guide) are the table [`EARLY_REMOVALS`].

use std::cmp::Ordering;

use super::bundle::{Index, KindEntry};
use crate::k8s::version::compare_kube_aware_version_strings;

/// What a minor says about an apiVersion and kind.
#[derive(Debug, PartialEq)]
pub enum Status {
    /// Served; `removed_in` is the minor that removes it, when the bundle knows one or the
    /// minor announces one.
    Served {
        entry: KindEntry,
        removed_in: Option<u32>,
    },
    /// Served once, removed in `removed_in`.
    Removed { removed_in: u32 },
    /// Served only from `since` on.
    NotYet { since: u32 },
    /// The group is built in, but this version or kind is not one of it.
    Unknown,
    /// Not a built-in group: a custom resource without its CRD.
    NotBuiltin,
}

impl PartialEq for KindEntry {
    fn eq(&self, o: &Self) -> bool {
        (&self.group, &self.version, &self.kind) == (&o.group, &o.version, &o.kind)
    }
}

/// Group/versions and kinds removed before the bundle's oldest minor: (group, version, kinds,
/// removed in 1.x).
const EARLY_REMOVALS: &[(&str, &str, &[&str], u32)] = &[
    (
        "extensions",
        "v1beta1",
        &[
            "Deployment",
            "DaemonSet",
            "ReplicaSet",
            "NetworkPolicy",
            "PodSecurityPolicy",
        ],
        16,
    ),
    (
        "apps",
        "v1beta1",
        &["Deployment", "StatefulSet", "ControllerRevision"],
        16,
    ),
    (
        "apps",
        "v1beta2",
        &[
            "Deployment",
            "StatefulSet",
            "DaemonSet",
            "ReplicaSet",
            "ControllerRevision",
        ],
        16,
    ),
    ("extensions", "v1beta1", &["Ingress"], 22),
    (
        "networking.k8s.io",
        "v1beta1",
        &["Ingress", "IngressClass"],
        22,
    ),
    (
        "admissionregistration.k8s.io",
        "v1beta1",
        &[
            "MutatingWebhookConfiguration",
            "ValidatingWebhookConfiguration",
        ],
        22,
    ),
    ("apiregistration.k8s.io", "v1beta1", &["APIService"], 22),
    ("authentication.k8s.io", "v1beta1", &["TokenReview"], 22),
    (
        "authorization.k8s.io",
        "v1beta1",
        &[
            "SubjectAccessReview",
            "LocalSubjectAccessReview",
            "SelfSubjectAccessReview",
            "SelfSubjectRulesReview",
        ],
        22,
    ),
    (
        "certificates.k8s.io",
        "v1beta1",
        &["CertificateSigningRequest"],
        22,
    ),
    ("coordination.k8s.io", "v1beta1", &["Lease"], 22),
    (
        "rbac.authorization.k8s.io",
        "v1beta1",
        &["ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"],
        22,
    ),
    (
        "rbac.authorization.k8s.io",
        "v1alpha1",
        &["ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"],
        22,
    ),
    ("scheduling.k8s.io", "v1beta1", &["PriorityClass"], 22),
    (
        "storage.k8s.io",
        "v1beta1",
        &["CSIDriver", "CSINode", "StorageClass", "VolumeAttachment"],
        22,
    ),
];

fn find<'a>(
    kinds: &'a [KindEntry],
    group: &str,
    version: &str,
    kind: &str,
) -> Option<&'a KindEntry> {
    kinds
        .iter()
        .find(|k| k.kind == kind && k.version == version && k.group == group)
}

/// The status of `group/version kind` in the minor at `slot`.
pub fn status(index: &Index, slot: usize, group: &str, version: &str, kind: &str) -> Status {
    let here = &index.kinds[slot];
    if let Some(entry) = find(here, group, version, kind) {
        // The bundle's next minor without it, else the removal this minor announces.
        let removed_in = (slot + 1..index.minors.len())
            .find(|&s| find(&index.kinds[s], group, version, kind).is_none())
            .map(|s| index.minors[s])
            .or_else(|| {
                index.announced[slot]
                    .iter()
                    .find(|(g, v, k, _)| {
                        (g.as_str(), v.as_str(), k.as_str()) == (group, version, kind)
                    })
                    .map(|a| a.3)
            });
        return Status::Served {
            entry: entry.clone(),
            removed_in,
        };
    }
    if let Some(last) = (0..slot)
        .rev()
        .find(|&s| find(&index.kinds[s], group, version, kind).is_some())
    {
        return Status::Removed {
            removed_in: index.minors[last + 1],
        };
    }
    if let Some(&(.., removed_in)) = EARLY_REMOVALS
        .iter()
        .find(|(g, v, ks, _)| *g == group && *v == version && ks.contains(&kind))
    {
        return Status::Removed { removed_in };
    }
    if let Some(s) = (slot + 1..index.minors.len())
        .find(|&s| find(&index.kinds[s], group, version, kind).is_some())
    {
        return Status::NotYet {
            since: index.minors[s],
        };
    }
    let builtin_group = index
        .kinds
        .iter()
        .any(|ks| ks.iter().any(|k| k.group == group))
        || EARLY_REMOVALS.iter().any(|(g, ..)| *g == group);
    if builtin_group {
        Status::Unknown
    } else {
        Status::NotBuiltin
    }
}

/// The apiVersion to use instead for `kind` in the minor at `slot`: the same group's
/// preferred served version, else the kind in another group (`extensions` Ingress →
/// `networking.k8s.io/v1`).
pub fn replacement(index: &Index, slot: usize, group: &str, kind: &str) -> Option<String> {
    let best = |same_group: bool| {
        index.kinds[slot]
            .iter()
            .filter(|k| k.kind == kind && (k.group == group) == same_group)
            .max_by(
                |a, b| match compare_kube_aware_version_strings(&a.version, &b.version) {
                    Ordering::Equal => b.group.cmp(&a.group),
                    o => o,
                },
            )
    };
    let k = best(true).or_else(|| best(false))?;
    Some(if k.group.is_empty() {
        k.version.clone()
    } else {
        format!("{}/{}", k.group, k.version)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minor: u32, av: &str, kind: &str) -> Status {
        let index = super::super::bundle::index().unwrap();
        let slot = index.minor_slot(minor).unwrap();
        let (g, v) = av.rsplit_once('/').unwrap_or(("", av));
        status(index, slot, g, v, kind)
    }

    #[test]
    fn removals_come_from_the_bundle_and_the_early_table() {
        assert_eq!(
            at(25, "batch/v1beta1", "CronJob"),
            Status::Removed { removed_in: 25 }
        );
        assert_eq!(
            at(24, "policy/v1beta1", "PodSecurityPolicy").served_removed_in(),
            Some(25)
        );
        assert_eq!(
            at(30, "extensions/v1beta1", "Ingress"),
            Status::Removed { removed_in: 22 }
        );
        assert_eq!(
            at(32, "flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema"),
            Status::Removed { removed_in: 32 }
        );
        assert_eq!(at(30, "v1", "configmap"), Status::Unknown);
        // 1.36's own documents: `scheduling/v1alpha1` gives way to `v1alpha2`.
        assert_eq!(
            at(35, "scheduling.k8s.io/v1alpha1", "Workload").served_removed_in(),
            Some(36)
        );
        assert_eq!(
            at(36, "scheduling.k8s.io/v1alpha1", "Workload"),
            Status::Removed { removed_in: 36 }
        );
        assert!(matches!(
            at(36, "scheduling.k8s.io/v1alpha2", "Workload"),
            Status::Served { .. }
        ));
        assert_eq!(at(30, "example.com/v1", "Widget"), Status::NotBuiltin);
        let index = super::super::bundle::index().unwrap();
        let slot = index.minor_slot(30).unwrap();
        assert_eq!(
            replacement(index, slot, "extensions", "Ingress").as_deref(),
            Some("networking.k8s.io/v1")
        );
        assert_eq!(
            replacement(index, slot, "batch", "CronJob").as_deref(),
            Some("batch/v1")
        );
    }

    #[test]
    fn every_kind_a_minor_drops_is_reported_removed_there_and_after() {
        let index = super::super::bundle::index().unwrap();
        let mut dropped = 0;
        for slot in 1..index.minors.len() {
            for k in &index.kinds[slot - 1] {
                if find(&index.kinds[slot], &k.group, &k.version, &k.kind).is_some() {
                    continue;
                }
                dropped += 1;
                for later in slot..index.minors.len() {
                    assert_eq!(
                        status(index, later, &k.group, &k.version, &k.kind),
                        Status::Removed {
                            removed_in: index.minors[slot]
                        },
                        "{}/{} {} at 1.{}",
                        k.group,
                        k.version,
                        k.kind,
                        index.minors[later]
                    );
                }
            }
        }
        assert!(dropped > 40, "{dropped}");
    }

    impl Status {
        fn served_removed_in(&self) -> Option<u32> {
            match self {
                Status::Served { removed_in, .. } => *removed_in,
                _ => None,
            }
        }
    }
}
