//! Built-in kinds: the kubectl-validate testcases of the corpus against the server's verdicts
//! and messages, every `builtin/*` and `api/*` rule on its bad and good example (with a
//! snapshot of what the bad one reports), and a removed apiVersion reported at every minor.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use crdlint::builtin::RULES;

/// Runs `crdlint validate --format json` on one file and returns (rule, severity, line,
/// message) of each diagnostic.
fn run(file: &Path, extra: &[&str]) -> Vec<(String, String, u64, String)> {
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args(["validate", "--format", "json"])
        .args(extra)
        .arg(file)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&out.stderr)));
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["rule"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn corpus_dir() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/kubectl-validate/testcases/manifests");
    p.is_dir().then_some(p)
}

/// The leading `#` comment of each document: the server's `metav1.Status` as JSON.
fn expected_statuses(text: &str) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for doc in text.split("\n---") {
        let json: String = doc
            .lines()
            .skip_while(|l| l.trim().is_empty() || *l == "---")
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#'))
            .collect::<Vec<_>>()
            .join("\n");
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&json) {
            out.push(v);
        }
    }
    out
}

/// Differences from the server's text that are known and explained.
const KNOWN: &[(&str, &str)] = &[
    (
        "error_misspelled_key.yaml",
        "the server stops at the strict-decoding error; crdlint also says spec.containers is required",
    ),
    (
        "error_multiple_resources_all_invalid.yaml",
        "as error_misspelled_key.yaml",
    ),
    (
        "error_multiple_resources_one_invalid.yaml",
        "as error_misspelled_key.yaml",
    ),
    (
        "error_indentation.yaml",
        "the unknown field is worded as kubectl's strict decoding words it (unknown field \"containers\")",
    ),
    (
        "error_map_instead_of_array.yaml",
        "the decode error is reported as a metadata field error with the same Go text",
    ),
    (
        "error_invalid_kind.yaml",
        "kubectl-validate prefixes its own \"failed to retrieve validator: \"; the rest is the same",
    ),
    (
        "error_multiple_fields.yaml",
        "a YAML duplicate key, reported by the loader in its own words",
    ),
];

#[test]
fn kubectl_validate_testcases_get_the_servers_verdict() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: ../shared/corpus is not present");
        return;
    };
    let mut mismatches = Vec::new();
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        let path = e.path();
        if !name.ends_with(".yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // CRD-backed cases need the testcases' CRDs; they are covered by the corpus tests.
        if ["cel", "crd", "jobset", "x_list_map_default"]
            .iter()
            .any(|s| name.contains(s))
        {
            continue;
        }
        checked += 1;
        let statuses = expected_statuses(&text);
        let found = run(&path, &["--kube-version", "1.35"]);
        let errors: Vec<&String> = found
            .iter()
            .filter(|d| d.1 == "error")
            .map(|d| &d.3)
            .collect();
        let should_fail = statuses.iter().any(|s| s["status"] == "Failure");
        if should_fail == errors.is_empty() {
            mismatches.push(format!(
                "{name}: verdict: server {} but crdlint found {errors:?}",
                if should_fail { "rejects" } else { "accepts" }
            ));
            continue;
        }
        // Each cause the server gives must be one of crdlint's messages, word for word.
        let known = KNOWN.iter().any(|(f, _)| *f == name);
        for s in &statuses {
            for c in s["details"]["causes"].as_array().into_iter().flatten() {
                let msg = c["message"].as_str().unwrap_or("");
                let want = match c["field"].as_str() {
                    Some(f) => format!("{f}: {msg}"),
                    None => msg.to_string(),
                };
                let hit = errors.iter().any(|e| *e == &want || e.ends_with(&want));
                if !hit && !known {
                    mismatches.push(format!("{name}: missing {want:?}; found {errors:?}"));
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} testcases found");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

fn write_temp(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".yaml").tempfile().unwrap();
    std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
    f
}

#[test]
fn every_rule_fires_on_its_bad_example_only() {
    let mut snapshot = String::new();
    for rule in RULES {
        let bad = write_temp(rule.bad);
        let good = write_temp(rule.good);
        let minor: &[&str] = if rule.id == "api/deprecated-version" {
            &["--kube-version", "1.29"]
        } else {
            &["--kube-version", "1.30"]
        };
        let on_bad = run(bad.path(), minor);
        let on_good = run(good.path(), minor);
        assert!(
            on_bad.iter().any(|d| d.0 == rule.id),
            "{}: its bad example is not reported: {on_bad:?}",
            rule.id
        );
        assert!(
            on_good.iter().all(|d| d.1 != "error" && d.0 != rule.id),
            "{}: its good example is reported: {on_good:?}",
            rule.id
        );
        for d in on_bad.iter().filter(|d| d.0 == rule.id) {
            snapshot.push_str(&format!("{} {} line {}\n  {}\n", d.0, d.1, d.2, d.3));
        }
    }
    insta::assert_snapshot!(snapshot);
}

/// (apiVersion, kind, minor that removed it): one or more per minor where the bundle has one.
const REMOVED: &[(&str, &str, u32)] = &[
    ("extensions/v1beta1", "Ingress", 22),
    ("extensions/v1beta1", "Deployment", 16),
    ("policy/v1beta1", "PodSecurityPolicy", 25),
    ("batch/v1beta1", "CronJob", 25),
    ("autoscaling/v2beta1", "HorizontalPodAutoscaler", 25),
    ("flowcontrol.apiserver.k8s.io/v1beta1", "FlowSchema", 26),
    ("autoscaling/v2beta2", "HorizontalPodAutoscaler", 26),
    ("storage.k8s.io/v1beta1", "CSIStorageCapacity", 27),
    (
        "flowcontrol.apiserver.k8s.io/v1beta2",
        "PriorityLevelConfiguration",
        29,
    ),
    ("flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema", 32),
];

#[test]
fn removed_versions_are_reported_at_every_minor() {
    for minor in 25..=36u32 {
        let mut text = String::new();
        let expect: Vec<_> = REMOVED.iter().filter(|r| r.2 <= minor).collect();
        for (av, kind, _) in &expect {
            text.push_str(&format!(
                "---\napiVersion: {av}\nkind: {kind}\nmetadata:\n  name: x\n"
            ));
        }
        let f = write_temp(&text);
        let found = run(f.path(), &["--kube-version", &format!("1.{minor}")]);
        for (av, kind, removed_in) in &expect {
            let want = format!("{av} {kind} was removed in Kubernetes 1.{removed_in};");
            assert!(
                found
                    .iter()
                    .any(|d| d.0 == "api/removed-version" && d.3.starts_with(&want)),
                "1.{minor}: {av} {kind} not reported as removed: {found:?}"
            );
        }
    }
}

#[test]
fn a_served_version_is_not_reported_removed() {
    // batch/v1beta1 CronJob is still served by 1.24's data but gone at 1.25: at 1.25 it is an
    // error and batch/v1 is offered instead.
    let f = write_temp("apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: x\n");
    let found = run(f.path(), &["--kube-version", "1.25"]);
    assert_eq!(found.len(), 1, "{found:?}");
    let f = write_temp("apiVersion: flowcontrol.apiserver.k8s.io/v1beta3\nkind: FlowSchema\nmetadata:\n  name: x\nspec:\n  priorityLevelConfiguration:\n    name: p\n");
    let found = run(f.path(), &["--kube-version", "1.31"]);
    assert!(
        found
            .iter()
            .any(|d| d.0 == "api/deprecated-version" && d.1 == "warning"),
        "{found:?}"
    );
    assert!(found.iter().all(|d| d.1 != "error"), "{found:?}");
}

#[test]
fn embedded_resources_in_crds_are_left_to_their_crd() {
    // A CRD whose field embeds a Deployment-like object: validated by the CRD's own schema,
    // not by the built-in Deployment schema (no unknown-field or native findings inside).
    let crd = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: rollouts.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Rollout, plural: rollouts, singular: rollout, listKind: RolloutList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              workload:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
---
apiVersion: example.com/v1
kind: Rollout
metadata:
  name: r
spec:
  workload:
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: d
    spec:
      madeUpField: 1
      template:
        spec:
          containers:
          - name: BAD_NAME
"#;
    let f = write_temp(crd);
    let found = run(f.path(), &[]);
    assert!(
        found.iter().all(|d| d.1 != "error"),
        "the embedded Deployment was validated as a built-in: {found:?}"
    );
}

#[test]
fn rule_diagnostics_carry_paths() {
    // Every native finding has the server's field path.
    let f = write_temp(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: a\n    image: x\n    ports:\n    - containerPort: 70000\n",
    );
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args(["validate", "--format", "json"])
        .arg(f.path())
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["diagnostics"][0];
    assert_eq!(d["rule"], "builtin/port");
    assert_eq!(d["path"], "spec.containers[0].ports[0].containerPort");
    assert_eq!(
        d["message"],
        "spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive"
    );
}

#[test]
fn kubeconfigs_and_empty_lists_are_skipped_not_reported() {
    let f = write_temp("apiVersion: v1\nkind: Config\nclusters: []\n---\napiVersion: v1\nkind: List\n---\napiVersion: v1\nkind: configmap\nmetadata: {name: c}\n");
    let found = run(f.path(), &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "api/unknown-kind");
}

#[test]
fn prune_and_default_work_on_builtin_kinds() {
    let f = write_temp(
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  madeUp: 1\n  ports:\n  - port: 80\n",
    );
    let out = |cmd: &str| {
        let o = Command::cargo_bin("crdlint")
            .unwrap()
            .arg(cmd)
            .arg(f.path())
            .output()
            .unwrap();
        String::from_utf8(o.stdout).unwrap()
    };
    let pruned = out("prune");
    assert!(!pruned.contains("madeUp"), "{pruned}");
    assert!(!pruned.contains("protocol"), "{pruned}");
    // Only what the OpenAPI publishes is defaulted: the port's protocol, not Go-only
    // defaults such as the Service's type or sessionAffinity.
    let defaulted = out("default");
    assert!(defaulted.contains("protocol: TCP"), "{defaulted}");
    assert!(!defaulted.contains("ClusterIP"), "{defaulted}");
}
