//! The `metadata.name` rule of each built-in kind, from the server's Go code for that kind.
//!
//! Each kind's create validation either calls `ValidateObjectMeta(&obj.ObjectMeta, _, nameFn,
//! _)` with its own `nameFn` (`pkg/apis/<group>/validation`), or does not look at the name at
//! all; after it, the generic registry's `rest.BeforeCreate` (k8s.io/apiserver
//! `pkg/registry/rest/create.go`) always runs `ValidateObjectMetaAccessor(..,
//! path.ValidatePathSegmentName, ..)`: a name is required and must be a path segment (no `/`,
//! no `%`, not `.` or `..`). A kind without a `nameFn` of its own therefore gets exactly the
//! path-segment rule ([`NameRule::PathSegmentName`]). Create-only review kinds
//! (`TokenReview`, `SubjectAccessReview`, ...) are not stored: their REST `Create` never calls
//! `rest.BeforeCreate`, and their validation ignores the name ([`NameRule::Unchecked`]).
//!
//! Rows are `(group, kind, since minor, rule, source)`: the row with the highest `since` at
//! or below the emulated minor decides, so a new minor inherits every row and only a change
//! needs a new one (StatefulSet in 1.27, Service in 1.36).

use crate::validate::NameRule;

use NameRule::{Dns1035Label, DnsLabel, DnsSubdomain, PathSegmentName, Unchecked};

/// The oldest minor whose rules the table states (the supported range starts here).
const BASE: u32 = 25;

type Row = (&'static str, &'static str, u32, NameRule, &'static str);

/// Sources are files of kubernetes/kubernetes at the release branches 1.25-1.37 unless
/// another repository is named; `core` is `pkg/apis/core/validation/validation.go`, `<group>/
/// validation` is `pkg/apis/<group>/validation/validation.go`. Each row names the create
/// validation function and the `nameFn` it passes to `ValidateObjectMeta`, read upstream.
const ROWS: &[Row] = &[
    // core
    ("", "ConfigMap", BASE, DnsSubdomain, "core: ValidateConfigMapName = NameIsDNSSubdomain"),
    ("", "Endpoints", BASE, DnsSubdomain, "core: ValidateEndpointsName = NameIsDNSSubdomain"),
    ("", "Event", BASE, PathSegmentName, "core/validation/events.go: legacyValidateEvent, the only check of a v1 Event, never reads the name (events.k8s.io/v1 adds NameIsDNSSubdomain); rest.BeforeCreate's path segment"),
    ("", "LimitRange", BASE, DnsSubdomain, "core: ValidateLimitRangeName = NameIsDNSSubdomain"),
    ("", "Namespace", BASE, DnsLabel, "core: ValidateNamespaceName = NameIsDNSLabel"),
    ("", "Node", BASE, DnsSubdomain, "core: ValidateNodeName = NameIsDNSSubdomain"),
    ("", "PersistentVolume", BASE, DnsSubdomain, "core: ValidatePersistentVolumeName = NameIsDNSSubdomain"),
    ("", "PersistentVolumeClaim", BASE, DnsSubdomain, "core: ValidatePersistentVolumeClaim uses ValidatePersistentVolumeName"),
    ("", "Pod", BASE, DnsSubdomain, "core: ValidatePodCreate/ValidatePodMetadataAndSpec use ValidatePodName = NameIsDNSSubdomain"),
    ("", "PodTemplate", BASE, DnsSubdomain, "core: ValidatePodTemplate uses ValidatePodName"),
    ("", "ReplicationController", BASE, DnsSubdomain, "core: ValidateReplicationControllerName = NameIsDNSSubdomain"),
    ("", "ResourceQuota", BASE, DnsSubdomain, "core: ValidateResourceQuotaName = NameIsDNSSubdomain"),
    ("", "Secret", BASE, DnsSubdomain, "core: ValidateSecretName = NameIsDNSSubdomain"),
    ("", "Service", BASE, Dns1035Label, "core: ValidateServiceCreate uses ValidateServiceName = NameIsDNS1035Label"),
    // KEP-5311: with RelaxedServiceNameValidation on, ValidateServiceCreate uses NameIsDNSLabel
    // (a name may start with a digit). Alpha (off) in 1.34; the 1.35 beta (PR #134493) was
    // reverted before release; beta on by default in 1.36 (PR #136389); GA in 1.37 (PR #139282).
    ("", "Service", 36, DnsLabel, "core: ValidateServiceCreate, RelaxedServiceNameValidation on by default (kubernetes PR #136389, GA in PR #139282)"),
    ("", "ServiceAccount", BASE, DnsSubdomain, "core: ValidateServiceAccountName = NameIsDNSSubdomain"),
    // apps, batch, autoscaling
    ("apps", "ControllerRevision", BASE, DnsSubdomain, "apps/validation: ValidateControllerRevisionName = NameIsDNSSubdomain"),
    ("apps", "DaemonSet", BASE, DnsSubdomain, "apps/validation: ValidateDaemonSetName = NameIsDNSSubdomain"),
    ("apps", "Deployment", BASE, DnsSubdomain, "apps/validation: ValidateDeploymentName = NameIsDNSSubdomain"),
    ("apps", "ReplicaSet", BASE, DnsSubdomain, "apps/validation: ValidateReplicaSetName = NameIsDNSSubdomain"),
    ("apps", "StatefulSet", BASE, DnsSubdomain, "apps/validation: ValidateStatefulSet uses ValidateStatefulSetName = NameIsDNSSubdomain"),
    ("apps", "StatefulSet", 27, DnsLabel, "apps/validation: ValidateStatefulSetName = NameIsDNSLabel since kubernetes PR #114172 (1.27)"),
    ("batch", "Job", BASE, DnsSubdomain, "batch/validation: ValidateJob uses ValidateReplicationControllerName"),
    ("batch", "CronJob", BASE, DnsSubdomain, "batch/validation: ValidateCronJobCreate uses ValidateReplicationControllerName (and a 52-character limit, DNS1035LabelMaxLength-11)"),
    ("autoscaling", "HorizontalPodAutoscaler", BASE, DnsSubdomain, "autoscaling/validation: ValidateHorizontalPodAutoscalerName = ValidateReplicationControllerName"),
    // policy: ValidatePodDisruptionBudget validates only the spec.
    ("policy", "PodDisruptionBudget", BASE, PathSegmentName, "policy/validation: ValidatePodDisruptionBudget checks no ObjectMeta; rest.BeforeCreate's path segment"),
    // rbac
    ("rbac.authorization.k8s.io", "Role", BASE, PathSegmentName, "rbac/validation: ValidateRBACName = path.IsValidPathSegmentName"),
    ("rbac.authorization.k8s.io", "ClusterRole", BASE, PathSegmentName, "rbac/validation: ValidateRBACName"),
    ("rbac.authorization.k8s.io", "RoleBinding", BASE, PathSegmentName, "rbac/validation: ValidateRBACName"),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", BASE, PathSegmentName, "rbac/validation: ValidateRBACName"),
    // networking, discovery
    ("networking.k8s.io", "NetworkPolicy", BASE, DnsSubdomain, "networking/validation: ValidateNetworkPolicyName = NameIsDNSSubdomain"),
    ("networking.k8s.io", "Ingress", BASE, DnsSubdomain, "networking/validation: ValidateIngressName = NameIsDNSSubdomain"),
    ("networking.k8s.io", "IngressClass", BASE, DnsSubdomain, "networking/validation: ValidateIngressClassName = NameIsDNSSubdomain"),
    // The name is an IP address (ValidateIPAddressName, IsValidIP): `2001:db8::1` is no DNS
    // subdomain. Only the path segment part of that rule is checked here.
    ("networking.k8s.io", "IPAddress", BASE, PathSegmentName, "networking/validation: ValidateIPAddressName (an IP address; checked here as a path segment)"),
    ("networking.k8s.io", "ServiceCIDR", BASE, DnsSubdomain, "networking/validation: ValidateServiceCIDR uses ValidateServiceCIDRName = NameIsDNSSubdomain"),
    ("discovery.k8s.io", "EndpointSlice", BASE, DnsSubdomain, "discovery/validation: ValidateEndpointSliceName = NameIsDNSSubdomain"),
    ("events.k8s.io", "Event", BASE, DnsSubdomain, "core/validation/events.go: ValidateEventCreate adds NameIsDNSSubdomain for events.k8s.io"),
    // certificates: "We don't care what you call your certificate requests."
    ("certificates.k8s.io", "CertificateSigningRequest", BASE, PathSegmentName, "certificates/validation: ValidateCertificateRequestName returns no error; rest.BeforeCreate's path segment"),
    // Names with a signer are `<signer name>:<suffix>` (colons): the signer-specific rule is
    // not modelled; the path segment part is.
    ("certificates.k8s.io", "ClusterTrustBundle", BASE, PathSegmentName, "certificates/validation: validateClusterTrustBundleName (signer-prefixed names; checked here as a path segment)"),
    // storage, scheduling, node, coordination
    ("storage.k8s.io", "StorageClass", BASE, DnsSubdomain, "storage/validation: ValidateStorageClass uses ValidateClassName = NameIsDNSSubdomain"),
    ("storage.k8s.io", "VolumeAttachment", BASE, DnsSubdomain, "storage/validation: ValidateVolumeAttachment uses ValidateClassName"),
    ("storage.k8s.io", "CSIDriver", BASE, DnsSubdomain, "storage/validation: ValidateCSIDriverName = NameIsDNSSubdomain"),
    ("storage.k8s.io", "CSINode", BASE, DnsSubdomain, "storage/validation: ValidateCSINode uses ValidateNodeName"),
    ("storage.k8s.io", "CSIStorageCapacity", BASE, DnsSubdomain, "storage/validation: ValidateCSIStorageCapacity uses ValidateStorageCapacityName = NameIsDNSSubdomain"),
    ("storage.k8s.io", "VolumeAttributesClass", BASE, DnsSubdomain, "storage/validation: ValidateVolumeAttributesClass uses ValidateClassName"),
    ("scheduling.k8s.io", "PriorityClass", BASE, DnsSubdomain, "scheduling/validation: ValidatePriorityClass uses NameIsDNSSubdomain"),
    ("node.k8s.io", "RuntimeClass", BASE, DnsSubdomain, "node/validation: ValidateRuntimeClass uses apivalidation.NameIsDNSSubdomain"),
    ("coordination.k8s.io", "Lease", BASE, DnsSubdomain, "coordination/validation: ValidateLease uses NameIsDNSSubdomain"),
    // ValidLeaseCandidateName is IsConfigMapKey: upper case and `_` are allowed, so the
    // default DNS subdomain rule would be a false error. Only the path segment part is checked.
    ("coordination.k8s.io", "LeaseCandidate", BASE, PathSegmentName, "coordination/validation: ValidateLeaseCandidate uses ValidLeaseCandidateName = IsConfigMapKey (checked here as a path segment)"),
    ("flowcontrol.apiserver.k8s.io", "FlowSchema", BASE, DnsSubdomain, "flowcontrol/validation: ValidateFlowSchemaName = NameIsDNSSubdomain"),
    ("flowcontrol.apiserver.k8s.io", "PriorityLevelConfiguration", BASE, DnsSubdomain, "flowcontrol/validation: ValidatePriorityLevelConfigurationName = NameIsDNSSubdomain"),
    // The name is `<group>.<resource>`; the rest of that rule is not modelled.
    ("internal.apiserver.k8s.io", "StorageVersion", BASE, PathSegmentName, "apiserverinternal/validation: ValidateStorageVersionName (group.resource; checked here as a path segment)"),
    // The name must be `<version>.<group>` (ValidateAPIService); checked here as a path segment.
    ("apiregistration.k8s.io", "APIService", BASE, PathSegmentName, "kube-aggregator apiregistration/validation: ValidateAPIService (version.group; checked here as a path segment)"),
    // Create-only reviews: not stored, no rest.BeforeCreate, the name is not read.
    ("authentication.k8s.io", "TokenReview", BASE, Unchecked, "registry/authentication/tokenreview/storage.go: Create validates only spec.token"),
    ("authentication.k8s.io", "SelfSubjectReview", BASE, Unchecked, "pkg/registry/authentication/selfsubjectreview: Create answers with the caller's attributes, no rest.BeforeCreate"),
    ("authorization.k8s.io", "SubjectAccessReview", BASE, Unchecked, "pkg/registry/authorization/subjectaccessreview/rest.go: Create never calls rest.BeforeCreate; ValidateSubjectAccessReview wants metadata empty (not modelled)"),
    ("authorization.k8s.io", "SelfSubjectAccessReview", BASE, Unchecked, "authorization/validation: ValidateSelfSubjectAccessReview (metadata must be empty)"),
    ("authorization.k8s.io", "LocalSubjectAccessReview", BASE, Unchecked, "authorization/validation: ValidateLocalSubjectAccessReview (metadata but namespace must be empty)"),
    ("authorization.k8s.io", "SelfSubjectRulesReview", BASE, Unchecked, "authorization/validation: ValidateSelfSubjectRulesReview (metadata must be empty)"),
];

/// The name rule of `group`/`kind` at `minor`. Kinds without a row (the admission, resource
/// and other groups whose validation calls `ValidateObjectMeta` with `NameIsDNSSubdomain` or
/// `ValidateClassName`, e.g. `ValidateValidatingWebhookConfiguration`, `ValidateResourceSlice`,
/// `ValidateDeviceClass`, `ValidateResourceClaim`, `ValidatePodCertificateRequestCreate`) get
/// that rule. A kind whose `nameFn` is laxer needs a row (LeaseCandidate).
pub(super) fn name_rule(group: &str, kind: &str, minor: u32) -> NameRule {
    ROWS.iter()
        .filter(|r| r.0 == group && r.1 == kind && r.2 <= minor.max(BASE))
        .max_by_key(|r| r.2)
        .map_or(DnsSubdomain, |r| r.3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_one_row_per_minor_and_a_source() {
        for (i, a) in ROWS.iter().enumerate() {
            assert!(!a.4.is_empty());
            assert!(
                !ROWS[i + 1..]
                    .iter()
                    .any(|b| (a.0, a.1, a.2) == (b.0, b.1, b.2)),
                "{a:?}"
            );
        }
    }

    #[test]
    fn kinds_checked_only_as_path_segments() {
        for (g, k) in [
            ("policy", "PodDisruptionBudget"),
            ("certificates.k8s.io", "CertificateSigningRequest"),
            ("", "Event"),
            ("rbac.authorization.k8s.io", "ClusterRole"),
            ("coordination.k8s.io", "LeaseCandidate"),
        ] {
            for minor in 25..=36 {
                assert_eq!(name_rule(g, k, minor), PathSegmentName, "{k} {minor}");
            }
        }
        assert_eq!(name_rule("events.k8s.io", "Event", 30), DnsSubdomain);
        assert_eq!(name_rule("", "Service", 30), Dns1035Label);
        assert_eq!(name_rule("", "Service", 35), Dns1035Label);
        assert_eq!(name_rule("", "Service", 36), DnsLabel);
        assert_eq!(name_rule("", "Service", 37), DnsLabel);
        assert_eq!(name_rule("apps", "StatefulSet", 26), DnsSubdomain);
        assert_eq!(name_rule("apps", "StatefulSet", 27), DnsLabel);
        // A later minor inherits the rows.
        assert_eq!(name_rule("", "Namespace", 40), DnsLabel);
    }
}
