//! Real history: consecutive released revisions of gateway-api's CRDs from `../shared/corpus`
//! (`gateway-api/@<tag>/config/crd/<channel>`), compared with `crdlint diff`. The release notes
//! (gateway-api's `CHANGELOG/1.x-CHANGELOG.md`) name the breaking changes crdlint must report:
//! - v1.2.0: GRPCRoute and ReferenceGrant `v1alpha2` removed from both channels, and
//!   `status.supportedFeatures` turned from a list of strings into a list of objects
//!   (experimental channel);
//! - v1.4.0: "Standard GRPCRoute - Spec Field Required": `spec` became required;
//! - v1.5.0: "XListenerSet [is] no longer included in the Experimental channel".
//!
//! The v1.4.0 notes also call the experimental CORS `allowCredentials` change breaking (from a
//! boolean enum of `true` to any boolean): that breaks generated client types, not stored
//! objects or manifests (the schema accepts more), so crdlint rightly says nothing of it.
//!
//! And nothing of the kinds gateway-api's versioning policy rules out for its standard channel
//! (no CRD, field or type removed or changed in a served version). Runs only when the corpus
//! exists.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn channel(tag: &str, channel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/gateway-api")
        .join(format!("@{tag}"))
        .join("config/crd")
        .join(channel);
    p.is_dir().then_some(p)
}

/// `(rule, file name, message)` of every finding of `crdlint diff old new`.
fn diff(old: &Path, new: &Path) -> Vec<(String, String, String)> {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args([
            "diff",
            &old.to_string_lossy(),
            &new.to_string_lossy(),
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or_default();
            (
                d["rule"].as_str().unwrap_or_default().to_string(),
                file.rsplit('/').next().unwrap_or(file).to_string(),
                d["message"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

fn has(found: &[(String, String, String)], rule: &str, file: &str, message: &str) -> bool {
    found
        .iter()
        .any(|(r, f, m)| r == rule && f.contains(file) && m.contains(message))
}

/// Rules that gateway-api's standard channel promises never to trigger between releases.
const NEVER_IN_STANDARD: &[&str] = &[
    "compat/crd-removed",
    "compat/scope-changed",
    "compat/names-changed",
    "compat/field-removed",
    "compat/type-changed",
    "compat/stored-version-removed",
    "compat/storage-version-changed",
];

#[test]
fn gateway_api_v1_0_to_v1_3_standard_reports_the_named_removal_only() {
    let (Some(old), Some(new)) = (channel("v1.0.0", "standard"), channel("v1.3.0", "standard"))
    else {
        println!("skipped: gateway-api release tags not in ../shared/corpus");
        return;
    };
    let found = diff(&old, &new);
    // v1.2.0: "ReferenceGrant v1alpha2 removal" (GRPCRoute was not in v1.0.0's standard channel).
    assert!(
        has(
            &found,
            "compat/version-removed",
            "referencegrants",
            "v1alpha2"
        ),
        "{found:#?}"
    );
    let unexpected: Vec<_> = found
        .iter()
        .filter(|(r, _, _)| NEVER_IN_STANDARD.contains(&r.as_str()))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

#[test]
fn gateway_api_v1_0_to_v1_3_experimental_reports_every_named_breaking_change() {
    let (Some(old), Some(new)) = (
        channel("v1.0.0", "experimental"),
        channel("v1.3.0", "experimental"),
    ) else {
        println!("skipped: gateway-api release tags not in ../shared/corpus");
        return;
    };
    let found = diff(&old, &new);
    // GRPCRoute v1alpha2 was the storage version in v1.0.0: a stored version is removed.
    assert!(
        has(
            &found,
            "compat/stored-version-removed",
            "grpcroutes",
            "v1alpha2"
        ),
        "{found:#?}"
    );
    assert!(
        has(
            &found,
            "compat/version-removed",
            "referencegrants",
            "v1alpha2"
        ),
        "{found:#?}"
    );
    assert!(
        has(
            &found,
            "compat/type-changed",
            "gatewayclasses",
            ".status.supportedFeatures[*]: type changed from string to object"
        ),
        "{found:#?}"
    );
    assert!(
        !found.iter().any(|(r, _, _)| r == "compat/crd-removed"),
        "{found:#?}"
    );
}

#[test]
fn gateway_api_v1_3_to_v1_6_standard_removes_nothing() {
    let (Some(old), Some(new)) = (channel("v1.3.0", "standard"), channel("v1.6.1", "standard"))
    else {
        println!("skipped: gateway-api release tags not in ../shared/corpus");
        return;
    };
    let found = diff(&old, &new);
    let unexpected: Vec<_> = found
        .iter()
        .filter(|(r, _, _)| {
            NEVER_IN_STANDARD.contains(&r.as_str()) || r == "compat/version-removed"
        })
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
    // v1.4.0: "Standard GRPCRoute - Spec Field Required".
    assert!(
        has(
            &found,
            "compat/required-added",
            "grpcroutes",
            "v1: .: spec became required"
        ),
        "{found:#?}"
    );
}

#[test]
fn gateway_api_v1_3_to_v1_6_experimental_reports_every_named_breaking_change() {
    let (Some(old), Some(new)) = (
        channel("v1.3.0", "experimental"),
        channel("v1.6.1", "experimental"),
    ) else {
        println!("skipped: gateway-api release tags not in ../shared/corpus");
        return;
    };
    let found = diff(&old, &new);
    // v1.5.0: "XListenerSet [is] no longer included in the Experimental channel".
    assert!(
        has(
            &found,
            "compat/crd-removed",
            "xlistenersets",
            "xlistenersets.gateway.networking.x-k8s.io was removed"
        ),
        "{found:#?}"
    );
    // v1.4.0: GRPCRoute's spec became required (in both channels).
    assert!(
        has(
            &found,
            "compat/required-added",
            "grpcroutes",
            "v1: .: spec became required"
        ),
        "{found:#?}"
    );
    // v1.4.0's CORS allowCredentials change (an enum of `true` to any boolean) loosens the
    // schema: nothing to report.
    assert!(
        !found.iter().any(|(_, _, m)| m.contains("allowCredentials")),
        "{found:#?}"
    );
    // No other CRD is removed, and no served version of one.
    let removed: Vec<_> = found
        .iter()
        .filter(|(r, f, _)| {
            (r == "compat/crd-removed" && !f.contains("xlistenersets"))
                || r == "compat/version-removed"
                || r == "compat/stored-version-removed"
        })
        .collect();
    assert!(removed.is_empty(), "{removed:#?}");
}

#[test]
fn a_release_compared_with_itself_has_no_findings() {
    for tag in ["v1.0.0", "v1.3.0", "v1.6.1"] {
        for ch in ["standard", "experimental"] {
            let Some(dir) = channel(tag, ch) else {
                continue;
            };
            let found = diff(&dir, &dir);
            assert!(found.is_empty(), "{tag} {ch}: {found:#?}");
        }
    }
}
