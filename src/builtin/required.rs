//! `required` in the published OpenAPI of a built-in kind that the server does not enforce.
//!
//! A built-in object is decoded into its Go type and validated by Go code: a missing field
//! becomes its zero value, and is an error only where the kind's Go validation says so. The
//! OpenAPI `required` lists come from the Go structs (a field without `omitempty`), not from
//! that validation, and name some fields the server accepts missing. The rows below are those
//! fields: [`super::convert`] drops them from `required`, per minor.
//!
//! Rows are `(definition, field, since minor, until minor (exclusive), source)`. A row past
//! the minor that corrected the published document costs nothing (the field is no longer
//! listed), so a row without an end holds for every later minor too.

/// The oldest minor the rows speak for.
const BASE: u32 = 25;

type Row = (&'static str, &'static str, u32, Option<u32>, &'static str);

/// Sources are kubernetes/kubernetes at the release branches 1.25-1.36 (and 1.37's published
/// document for the rows since 37).
const ROWS: &[Row] = &[
    (
        "io.k8s.api.core.v1.Sysctl",
        "value",
        BASE,
        None,
        "pkg/apis/core/validation/validation.go validateSysctls: only the name is required and checked",
    ),
    (
        "io.k8s.api.apps.v1.StatefulSetSpec",
        "serviceName",
        BASE,
        None,
        "pkg/apis/apps/validation/validation.go ValidateStatefulSetSpec never reads serviceName; kubernetes PR #130233 dropped it from the OpenAPI's required list in 1.33",
    ),
    (
        "io.k8s.api.networking.v1.NetworkPolicySpec",
        "podSelector",
        BASE,
        None,
        "pkg/apis/networking/validation/validation.go ValidateNetworkPolicySpec validates the (zero: all pods) selector; kubernetes PR #131354 made it optional in the OpenAPI in 1.34",
    ),
    (
        "io.k8s.api.scheduling.v1.PriorityClass",
        "value",
        BASE,
        None,
        "pkg/apis/scheduling/validation/validation.go ValidatePriorityClass: a zero value is a valid priority",
    ),
    (
        "io.k8s.api.storage.v1.CSIDriver",
        "spec",
        BASE,
        None,
        "pkg/apis/storage/validation/validation.go ValidateCSIDriver validates the zero spec, which (after defaulting) is valid",
    ),
    (
        "io.k8s.api.apps.v1.DaemonSetSpec",
        "selector",
        BASE,
        None,
        "pkg/apis/apps/validation/validation.go ValidateDaemonSetSpec: no Required for a nil selector, which matches no labels (`selector` does not match template `labels`)",
    ),
    (
        "io.k8s.api.apps.v1.DaemonSetSpec",
        "template",
        BASE,
        None,
        "ValidateDaemonSetSpec validates the (non-pointer) zero template: its containers are required",
    ),
    (
        "io.k8s.api.apps.v1.DeploymentSpec",
        "template",
        BASE,
        None,
        "pkg/apis/apps/validation/validation.go ValidateDeploymentSpec validates the (non-pointer) zero template: ValidatePodTemplateSpecForReplicaSet",
    ),
    (
        "io.k8s.api.apps.v1.StatefulSetSpec",
        "template",
        BASE,
        None,
        "ValidateStatefulSetSpec validates the (non-pointer) zero template: ValidatePodTemplateSpecForStatefulSet",
    ),
    (
        "io.k8s.api.batch.v1.JobSpec",
        "template",
        BASE,
        None,
        "pkg/apis/batch/validation/validation.go validateJobSpec validates the (non-pointer) zero template",
    ),
    (
        "io.k8s.api.batch.v1.CronJobSpec",
        "jobTemplate",
        BASE,
        None,
        "pkg/apis/batch/validation/validation.go validateCronJobSpec validates the (non-pointer) zero job template",
    ),
    (
        "io.k8s.api.core.v1.ServicePort",
        "port",
        BASE,
        None,
        "pkg/apis/core/validation/validation.go validateServicePort: a missing port is 0, `Invalid value: 0: must be between 1 and 65535, inclusive` (a native check)",
    ),
    (
        "io.k8s.api.apps.v1.Deployment",
        "spec",
        37,
        None,
        "1.37's published document lists `spec` as required, but pkg/apis/apps/validation/validation.go ValidateDeployment validates the (non-pointer) zero spec: its own Required errors, not `spec: Required value`",
    ),
    (
        "io.k8s.api.apps.v1.ReplicaSet",
        "spec",
        37,
        None,
        "1.37's published document lists `spec` as required, but pkg/apis/apps/validation/validation.go ValidateReplicaSet validates the (non-pointer) zero spec: its own Required errors, not `spec: Required value`",
    ),
    (
        "io.k8s.api.apps.v1.StatefulSet",
        "spec",
        37,
        None,
        "1.37's published document lists `spec` as required, but pkg/apis/apps/validation/validation.go ValidateStatefulSet validates the (non-pointer) zero spec: its own Required errors, not `spec: Required value`",
    ),
    (
        "io.k8s.api.apps.v1.DaemonSet",
        "spec",
        37,
        None,
        "1.37's published document lists `spec` as required, but pkg/apis/apps/validation/validation.go ValidateDaemonSet validates the (non-pointer) zero spec: its own Required errors, not `spec: Required value`",
    ),
    (
        "io.k8s.api.batch.v1.CronJob",
        "spec",
        36,
        None,
        "1.36's published document lists `spec` as required, but pkg/apis/batch/validation/validation.go ValidateCronJobCreate validates the (non-pointer) zero spec (validateCronJobSpec): its own Required errors, not `spec: Required value`",
    ),
    // Kinds whose zero spec the Go validation accepts: `spec: Required value` would be a false
    // error (found by creating each kind without `spec` at 1.30, 1.36 and 1.37).
    (
        "io.k8s.api.storage.v1.CSINode",
        "spec",
        BASE,
        None,
        "pkg/apis/storage/validation/validation.go ValidateCSINode: validateCSINodeSpec ranges over the (empty) drivers only",
    ),
    (
        "io.k8s.api.resource.v1.DeviceClass",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateDeviceClass: validateDeviceClassSpec, every field optional",
    ),
    (
        "io.k8s.api.resource.v1.ResourceClaim",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaim: validateResourceClaimSpec accepts a claim without requests",
    ),
    (
        "io.k8s.api.resource.v1.ResourceClaimTemplate",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaimTemplate: the zero template spec is the zero claim spec",
    ),
    (
        "io.k8s.api.resource.v1beta1.DeviceClass",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateDeviceClass: validateDeviceClassSpec, every field optional",
    ),
    (
        "io.k8s.api.resource.v1beta1.ResourceClaim",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaim: validateResourceClaimSpec accepts a claim without requests",
    ),
    (
        "io.k8s.api.resource.v1beta1.ResourceClaimTemplate",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaimTemplate: the zero template spec is the zero claim spec",
    ),
    (
        "io.k8s.api.resource.v1beta2.DeviceClass",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateDeviceClass: validateDeviceClassSpec, every field optional",
    ),
    (
        "io.k8s.api.resource.v1beta2.ResourceClaim",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaim: validateResourceClaimSpec accepts a claim without requests",
    ),
    (
        "io.k8s.api.resource.v1beta2.ResourceClaimTemplate",
        "spec",
        BASE,
        None,
        "pkg/apis/resource/validation/validation.go ValidateResourceClaimTemplate: the zero template spec is the zero claim spec",
    ),
];

/// Whether the server leaves `field` of definition `def` unchecked at `minor` although the
/// OpenAPI lists it as required.
pub(super) fn not_enforced(def: &str, field: &str, minor: u32) -> bool {
    ROWS.iter().any(|r| {
        r.0 == def && r.1 == field && r.2 <= minor.max(BASE) && r.3.is_none_or(|u| minor < u)
    })
}

/// Whether any row names `def` (most definitions have none: one comparison each).
pub(super) fn has_rows(def: &str) -> bool {
    ROWS.iter().any(|r| r.0 == def)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_cited() {
        for r in ROWS {
            assert!(!r.4.is_empty() && r.0.starts_with("io.k8s."), "{r:?}");
        }
        assert!(not_enforced("io.k8s.api.core.v1.Sysctl", "value", 30));
        assert!(!not_enforced("io.k8s.api.core.v1.Sysctl", "name", 30));
    }
}
