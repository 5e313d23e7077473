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

/// Testcases whose status adds, to a type error, the causes of Go validation run on the value
/// anyway: the API server cannot decode such a body into the kind's Go type (a number where
/// the field is a string fails `json.Unmarshal` in the request's decoding, a 400 with no
/// causes), so it never validates it, and crdlint reports the type error alone (with the YAML
/// reading in its help: `builtin::decode`). The label is kubectl-validate's, not a server's.
const UNDECODABLE: &[&str] = &["error_invalid_protocol_type.yaml"];

/// Where crdlint's text differs from a testcase's status: (file, the status's cause as
/// `field: message`, crdlint's message instead, why). Every other cause must be one of
/// crdlint's errors word for word, and crdlint may report no error beyond them.
const DIFFERENT: &[(&str, &str, &str, &str)] = &[
    (
        "error_misspelled_key.yaml",
        "spec.contAIN3rz: Invalid value: value provided for unknown field",
        "unknown field \"spec.contAIN3rz\"",
        UNKNOWN_FIELD_WORDING,
    ),
    (
        "error_multiple_resources_all_invalid.yaml",
        "spec.contAIN3rz: Invalid value: value provided for unknown field",
        "unknown field \"spec.contAIN3rz\"",
        UNKNOWN_FIELD_WORDING,
    ),
    (
        "error_multiple_resources_one_invalid.yaml",
        "spec.contAIN3rz: Invalid value: value provided for unknown field",
        "unknown field \"spec.contAIN3rz\"",
        UNKNOWN_FIELD_WORDING,
    ),
    (
        "error_indentation.yaml",
        "containers: Invalid value: value provided for unknown field",
        "unknown field \"containers\"",
        UNKNOWN_FIELD_WORDING,
    ),
    (
        "error_map_instead_of_array.yaml",
        "json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string",
        "metadata: Invalid value: {\"finalizers\":{\"key\":\"value\"},\"name\":\"my-deployment\"}: json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string",
        "the same Go decoding error, given the field and value as crdlint gives an undecodable \
         `metadata` of a custom resource (the status has no field: kubectl-validate answers 500)",
    ),
    (
        "error_invalid_kind.yaml",
        "failed to retrieve validator: kind configmap not found in v1 groupversion",
        "kind configmap not found in v1 groupversion",
        "`failed to retrieve validator: ` is kubectl-validate's own prefix, not the server's",
    ),
    (
        "error_multiple_fields.yaml",
        "line 24: key \"containers\" already set in map",
        "key \"containers\" already set in map",
        "the place is the diagnostic's location (line 23, the repeated key; go-yaml's `line 24` \
         is the line of its value)",
    ),
];

const UNKNOWN_FIELD_WORDING: &str = "kubectl-validate words an unknown field as a schema error; \
    the API server's strict decoding (`kubectl apply`'s default) says `strict decoding error: \
    unknown field \"spec.x\"`, which crdlint follows, as for custom resources";

#[test]
fn kubectl_validate_testcases_get_the_servers_verdict() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: ../shared/corpus is not present");
        return;
    };
    let mut mismatches = Vec::new();
    let mut used = vec![false; DIFFERENT.len()];
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
        // The same verdicts at 1.36, whose schemas are rebuilt from its v2 document.
        for minor in ["1.35", "1.36"] {
            let found = run(&path, &["--kube-version", minor]);
            let mut errors: Vec<String> = found
                .iter()
                .filter(|d| d.1 == "error")
                .map(|d| d.3.clone())
                .collect();
            // The server's causes, each as crdlint words it where the two differ.
            let mut want: Vec<String> = Vec::new();
            for s in statuses.iter().filter(|s| s["status"] == "Failure") {
                for c in s["details"]["causes"].as_array().into_iter().flatten() {
                    let msg = c["message"].as_str().unwrap_or("");
                    let cause = match c["field"].as_str() {
                        Some(f) => format!("{f}: {msg}"),
                        None => msg.to_string(),
                    };
                    let differs = DIFFERENT.iter().position(|d| d.0 == name && d.1 == cause);
                    want.push(match differs {
                        Some(i) => {
                            used[i] = true;
                            DIFFERENT[i].2.to_string()
                        }
                        None => cause,
                    });
                }
            }
            if UNDECODABLE.contains(&name.as_str()) {
                want.retain(|c| c.contains(" must be of type "));
            }
            errors.sort();
            want.sort();
            if errors != want {
                mismatches.push(format!(
                    "{name} at {minor}:\n  server: {want:?}\n  crdlint: {errors:?}"
                ));
            }
        }
    }
    assert!(checked >= 20, "only {checked} testcases found");
    for (d, used) in DIFFERENT.iter().zip(&used) {
        assert!(
            *used,
            "{}: no longer differs ({}); drop it from DIFFERENT",
            d.0, d.3
        );
    }
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

/// (apiVersion, kind, minor that removed it): at least one for every minor from 1.25 that
/// removes a kind (1.28 and 1.30 remove none), as the Kubernetes release notes list them.
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
    ("networking.k8s.io/v1alpha1", "IPAddress", 31),
    ("flowcontrol.apiserver.k8s.io/v1beta3", "FlowSchema", 32),
    ("authentication.k8s.io/v1beta1", "SelfSubjectReview", 33),
    (
        "admissionregistration.k8s.io/v1beta1",
        "ValidatingAdmissionPolicy",
        34,
    ),
    ("storage.k8s.io/v1alpha1", "VolumeAttributesClass", 35),
    // 1.36 (its own documents) replaces scheduling v1alpha1 by v1alpha2.
    ("scheduling.k8s.io/v1alpha1", "Workload", 36),
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
    // The OpenAPI's defaults (the port's protocol) and the Go defaulters' (the Service's type,
    // sessionAffinity, the port's targetPort: SetDefaults_Service), but nothing the registry
    // allocates on create (clusterIP, ipFamilies).
    let defaulted = out("default");
    assert!(defaulted.contains("protocol: TCP"), "{defaulted}");
    assert!(defaulted.contains("type: ClusterIP"), "{defaulted}");
    assert!(defaulted.contains("sessionAffinity: None"), "{defaulted}");
    assert!(defaulted.contains("targetPort: 80"), "{defaulted}");
    assert!(!defaulted.contains("clusterIP:"), "{defaulted}");
    assert!(!defaulted.contains("ipFamilies"), "{defaulted}");
}

#[test]
fn metadata_name_rules_per_kind() {
    // DNS-1035 label for Services (no leading digit), DNS-1123 label for Namespaces (no dot),
    // path segment for RBAC kinds (`:` allowed), DNS-1123 subdomain for the rest.
    let case = |kind_and_version: &str, name: &str| {
        let (av, kind) = kind_and_version.split_once(' ').unwrap();
        let f = write_temp(&format!(
            "apiVersion: {av}\nkind: {kind}\nmetadata:\n  name: \"{name}\"\n"
        ));
        run(f.path(), &["--kube-version", "1.30"])
            .into_iter()
            .filter(|d| d.1 == "error")
            .map(|d| d.3)
            .collect::<Vec<_>>()
    };
    assert!(case("v1 ConfigMap", "1web").is_empty());
    assert!(case("v1 ConfigMap", "a.b").is_empty());
    assert!(case("v1 Service", "1web")[0]
        .starts_with("metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of"));
    assert_eq!(
        case("v1 Namespace", "a.b"),
        ["metadata.name: Invalid value: \"a.b\": must not contain dots"]
    );
    assert!(case("rbac.authorization.k8s.io/v1 ClusterRole", "system:Web").is_empty());
    assert_eq!(
        case("rbac.authorization.k8s.io/v1 ClusterRole", "a/b"),
        ["metadata.name: Invalid value: \"a/b\": may not contain '/'"]
    );
    assert!(!case("v1 ConfigMap", "system:web").is_empty());
}

#[test]
fn alpha_versions_are_validated_with_a_warning() {
    // An alpha kind is checked against its schema (its unknown fields are errors) and warned
    // about once: clusters serve it only when enabled.
    // (The example was certificates.k8s.io/v1alpha1 ClusterTrustBundle until 1.37 removed it:
    // a later minor's removal is reported instead, as api/deprecated-version.)
    let f = write_temp("apiVersion: internal.apiserver.k8s.io/v1alpha1\nkind: StorageVersion\nmetadata:\n  name: apps.deployments\nspec: {}\nmadeUp: 1\n");
    let found = run(f.path(), &["--kube-version", "1.37"]);
    let rules: Vec<(&str, &str)> = found.iter().map(|d| (d.0.as_str(), d.1.as_str())).collect();
    assert_eq!(
        rules,
        [
            ("api/alpha-version", "warning"),
            ("cr/unknown-field", "error")
        ],
        "{found:?}"
    );
}

#[test]
fn native_checks_wait_for_a_strictly_unknown_field() {
    // `contaners:` is an unknown field; with strict field validation the server rejects the
    // object at decoding and never says the pod has no containers. Relaxed, it validates the
    // pruned object, which has none.
    let f = write_temp("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  contaners:\n  - name: web\n    image: nginx\n");
    let rules = |extra: &[&str]| {
        run(f.path(), extra)
            .into_iter()
            .map(|d| d.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(rules(&[]), ["cr/unknown-field"]);
    let relaxed = rules(&["--unknown-fields", "warn"]);
    assert!(
        relaxed.contains(&"builtin/container-required".to_string()),
        "{relaxed:?}"
    );
    // Lowering the rule itself (config `severity`/`ignore`, `--warn`) relaxes it the same way.
    let dir = tempfile::tempdir().unwrap();
    for (name, config, unknown) in [
        (
            "severity",
            "version: 1\nseverity:\n  cr/unknown-field: warning\n",
            Some("warning"),
        ),
        (
            "group",
            "version: 1\nseverity:\n  cr/: info\n",
            Some("info"),
        ),
        ("ignore", "version: 1\nignore: [cr/unknown-field]\n", None),
        (
            "strict",
            "version: 1\nseverity:\n  cr/unknown-field: error\n",
            Some("error"),
        ),
    ] {
        let path = dir.path().join(format!("{name}.yaml"));
        std::fs::write(&path, config).unwrap();
        let found = run(f.path(), &["--config", path.to_str().unwrap()]);
        let severity = found
            .iter()
            .find(|d| d.0 == "cr/unknown-field")
            .map(|d| d.1.as_str());
        assert_eq!(severity, unknown, "{name}: {found:?}");
        let native = found.iter().any(|d| d.0 == "builtin/container-required");
        assert_eq!(native, unknown != Some("error"), "{name}: {found:?}");
    }
    let flag = rules(&["--warn", "cr/unknown-field"]);
    assert!(
        flag.contains(&"builtin/container-required".to_string()),
        "{flag:?}"
    );
}

/// What `--verbose` says the run decoded of the embedded bundle (`None`: not even the index).
fn bundle_use(text: &str) -> Option<(usize, usize)> {
    let f = write_temp(text);
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args(["check", "--verbose"])
        .arg(f.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("built-in schemas: index and "))?;
    let (n, rest) = line.split_once(" of ").unwrap();
    let of = rest.strip_suffix(" packages decoded").unwrap();
    Some((n.parse().unwrap(), of.parse().unwrap()))
}

#[test]
fn the_bundle_is_decoded_lazily_and_not_at_all_without_builtin_objects() {
    // Custom resources only (with and without their CRD): nothing of the bundle is decoded,
    // not even its index.
    let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {kind: Widget, plural: widgets}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n---\napiVersion: other.example.org/v1\nkind: Gadget\nmetadata:\n  name: g\n";
    assert_eq!(bundle_use(crd), None);
    // A ConfigMap needs core/v1 and meta/v1; a Deployment apps/v1 and api/resource too.
    let (n, of) = bundle_use("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n").unwrap();
    assert!(n <= 2 && of > 20, "{n} of {of}");
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: i}]}\n";
    let (n, _) = bundle_use(deployment).unwrap();
    assert!(n <= 4, "{n}");
}

#[test]
fn explain_a_builtin_field() {
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args([
            "explain",
            "--kube-version",
            "1.30",
            "apps/v1/Deployment",
            "spec.template.spec.containers.ports",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("VERSION:    apps/v1 (Kubernetes 1.30)\n"),
        "{text}"
    );
    assert!(text.contains("FIELD: ports <[]ContainerPort>"), "{text}");
    assert!(
        text.contains("List of ports to expose from the container."),
        "{text}"
    );
    assert!(
        text.contains("  containerPort\t<integer> -required-\n"),
        "{text}"
    );
    // A misspelled field is a usage error naming where it was looked for.
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args(["explain", "apps/v1/Deployment", "spec.replica"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not exist in Deployment.spec"));
}

#[test]
fn kubernetes_1_36_has_its_own_schemas() {
    // 1.36 replaced the alpha `spec.workloadRef` of a pod by `spec.schedulingGroup` and made
    // MutatingAdmissionPolicy GA: seen only with 1.36's own documents.
    let pod = |field: &str| {
        write_temp(&format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  {field}\n  containers:\n  - name: web\n    image: nginx\n"
        ))
    };
    let unknown = |f: &tempfile::NamedTempFile, minor: &str| {
        run(f.path(), &["--kube-version", minor])
            .into_iter()
            .filter(|d| d.0 == "cr/unknown-field")
            .map(|d| d.3)
            .collect::<Vec<_>>()
    };
    let old = pod("workloadRef: {name: w, podGroup: g}");
    let new = pod("schedulingGroup: {podGroupName: g}");
    assert!(unknown(&old, "1.35").is_empty());
    assert_eq!(
        unknown(&old, "1.36"),
        ["unknown field \"spec.workloadRef\""]
    );
    assert_eq!(
        unknown(&new, "1.35"),
        ["unknown field \"spec.schedulingGroup\""]
    );
    assert!(unknown(&new, "1.36").is_empty());
    let policy = write_temp(
        "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: m\nspec:\n  failurePolicy: Fail\n",
    );
    let rules = |minor: &str| {
        run(policy.path(), &["--kube-version", minor])
            .into_iter()
            .map(|d| d.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(rules("1.35"), ["api/unknown-kind"]);
    assert!(
        !rules("1.36").iter().any(|r| r.starts_with("api/")),
        "{:?}",
        rules("1.36")
    );
}

/// Errors (message text) crdlint reports for `text` at Kubernetes 1.`minor`.
fn errors_at(text: &str, minor: u32) -> Vec<String> {
    let f = write_temp(text);
    run(f.path(), &["--kube-version", &format!("1.{minor}")])
        .into_iter()
        .filter(|d| d.1 == "error")
        .map(|d| d.3)
        .collect()
}

/// Kinds whose Go validation has no name rule of its own get only `rest.BeforeCreate`'s
/// `path.ValidatePathSegmentName` (k8s.io/apiserver pkg/registry/rest/create.go):
/// `ValidatePodDisruptionBudget` (pkg/apis/policy/validation) validates the spec only,
/// `ValidateCertificateRequestName` (pkg/apis/certificates/validation) returns nil ("We don't
/// care what you call your certificate requests"), and a v1 Event passes only
/// `legacyValidateEvent` (pkg/apis/core/validation/events.go). Review kinds are never stored.
#[test]
fn names_checked_only_as_path_segments_accept_upper_case() {
    let obj = |av: &str, kind: &str, name: &str| {
        format!("apiVersion: {av}\nkind: {kind}\nmetadata:\n  name: \"{name}\"\n")
    };
    for minor in 25..=36 {
        let pdb = obj("policy/v1", "PodDisruptionBudget", "My_PDB");
        assert!(
            errors_at(&pdb, minor).is_empty(),
            "1.{minor}: {:?}",
            errors_at(&pdb, minor)
        );
    }
    let csr = "apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: Node:CSR\nspec:\n  request: \"\"\n  signerName: example.com/x\n";
    assert!(
        !errors_at(csr, 30)
            .iter()
            .any(|m| m.starts_with("metadata.name")),
        "{:?}",
        errors_at(csr, 30)
    );
    assert_eq!(
        errors_at(&obj("policy/v1", "PodDisruptionBudget", "a/b"), 30),
        ["metadata.name: Invalid value: \"a/b\": may not contain '/'"]
    );
    assert!(errors_at(&obj("v1", "Event", "Pod.X"), 30)
        .iter()
        .all(|m| !m.starts_with("metadata.name")));
    // events.k8s.io/v1 adds NameIsDNSSubdomain (ValidateEventCreate).
    assert!(errors_at(&obj("events.k8s.io/v1", "Event", "Pod.X"), 30)
        .iter()
        .any(|m| m.starts_with("metadata.name: Invalid value: \"Pod.X\"")));
    // A TokenReview needs no name (registry/authentication/tokenreview: Create).
    let review = "apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec:\n  token: abc\n";
    assert!(
        errors_at(review, 30).is_empty(),
        "{:?}",
        errors_at(review, 30)
    );
}

/// `required` in the published OpenAPI that the Go validation never checks
/// (src/builtin/required.rs cites each): validateSysctls requires only the name; PR #130233
/// corrected StatefulSet's serviceName in the OpenAPI of 1.33, PR #131354 NetworkPolicy's
/// podSelector in 1.34; ValidatePriorityClass accepts a zero value; ValidateCSIDriver the
/// zero spec.
#[test]
fn openapi_required_fields_the_server_does_not_enforce() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  securityContext:\n    sysctls:\n    - name: net.core.somaxconn\n  containers:\n  - name: c\n    image: i\n";
    let sts = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: s\nspec:\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: i\n";
    let np = "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: np\nspec:\n  policyTypes: [Ingress]\n";
    let pc = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: p\n";
    let csi =
        "apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\n";
    for minor in [25, 30, 32, 33, 34, 36] {
        for text in [pod, sts, np, pc, csi] {
            assert_eq!(
                errors_at(text, minor),
                Vec::<String>::new(),
                "1.{minor}: {text}"
            );
        }
    }
    // What the Go code does require stays: a sysctl's name.
    let no_name = pod.replace("- name: net.core.somaxconn", "- value: \"1\"");
    assert_eq!(
        errors_at(&no_name, 30),
        ["spec.securityContext.sysctls[0].name: Required value"]
    );
}

/// A workload's `spec` is no pointer: without one the server validates the zero spec
/// (apps/validation ValidateDeploymentSpec: `spec.selector` Required, then
/// ValidatePodTemplateSpecForReplicaSet with `labels.Nothing()` for the nil selector, then
/// the pod template's containers; ValidateDaemonSetSpec has no Required for the selector).
#[test]
fn a_missing_spec_is_validated_as_the_zero_spec() {
    let obj =
        |av: &str, kind: &str| format!("apiVersion: {av}\nkind: {kind}\nmetadata:\n  name: x\n");
    let mismatch = "spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`";
    // 1.37's published document lists `spec` as required on the workloads; the Go code is
    // unchanged, so the answer is the same at every minor (builtin::required's rows since 37).
    for minor in [30, 36, 37] {
        for kind in ["Deployment", "ReplicaSet", "StatefulSet"] {
            let mut got = errors_at(&obj("apps/v1", kind), minor);
            got.sort();
            assert_eq!(
                got,
                [
                    "spec.selector: Required value",
                    mismatch,
                    "spec.template.spec.containers: Required value"
                ],
                "{kind} at 1.{minor}"
            );
        }
        let mut ds = errors_at(&obj("apps/v1", "DaemonSet"), minor);
        ds.sort();
        assert_eq!(
            ds,
            [mismatch, "spec.template.spec.containers: Required value"],
            "1.{minor}"
        );
    }
    assert_eq!(
        errors_at(&obj("v1", "Pod"), 30),
        ["spec.containers: Required value"]
    );
    // A Deployment with a spec but no template: the zero template, not `spec.template:
    // Required value`.
    let d = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  selector:\n    matchLabels: {a: b}\n";
    let mut got = errors_at(d, 30);
    got.sort();
    assert_eq!(
        got,
        [
            "spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`",
            "spec.template.spec.containers: Required value"
        ]
    );
}

/// `image: " "` is OpenShift's placeholder for image triggers: validateContainerCommon
/// (pkg/apis/core/validation/validation.go) requires only `len(ctr.Image) != 0`; a Pod (not a
/// template) is also checked by validateContainerOnlyForPod for surrounding white space.
#[test]
fn a_blank_image_is_accepted_in_templates() {
    let d = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: \" \"\n";
    assert!(errors_at(d, 30).is_empty(), "{:?}", errors_at(d, 30));
    let p = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: \" \"\n";
    assert_eq!(
        errors_at(p, 30),
        ["spec.containers[0].image: Invalid value: \" \": must not have leading or trailing whitespace"]
    );
}

/// go-yaml v2's yaml_parser_scan_flow_scalar (scannerc.go) has no indentation rule: a CRD
/// whose description continues at its key's column is read, not dropped as `yaml/syntax`.
#[test]
fn a_quoted_scalar_continued_at_its_keys_column_is_read() {
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    note: 'first line\n    second line'\ndata:\n  k: \"x\ny\"\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"Bad\"\n";
    let f = write_temp(text);
    let all = run(f.path(), &["--kube-version", "1.30"]);
    assert!(all.iter().all(|d| d.0 != "yaml/syntax"), "{all:?}");
    // The second document is still checked (its name is refused).
    assert!(
        all.iter()
            .any(|d| d.3.starts_with("metadata.name: Invalid value: \"Bad\"")),
        "{all:?}"
    );
}

/// One minimal object per common built-in kind: a valid lower-case DNS-1123 subdomain name
/// (a DNS-1123 label where the kind's Go validation asks for one: Namespace, Service,
/// StatefulSet) and only the fields its Go validation requires. The server creates each of
/// them, so `crdlint check` must report nothing, at the newest minor and an older one.
const MINIMAL_OBJECTS: &str = r#"apiVersion: v1
kind: ConfigMap
metadata: {name: my-app.v1}
---
apiVersion: v1
kind: Secret
metadata: {name: my-app.v1}
---
apiVersion: v1
kind: Service
metadata: {name: my-app}
spec:
  ports:
  - port: 80
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: my-app.v1}
---
apiVersion: v1
kind: Namespace
metadata: {name: my-app}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: my-app.v1}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: my-app.v1}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: my-app.v1}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: my-app.v1}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: my-app.v1}
spec:
  minAvailable: 1
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: my-app.v1}
value: 1000
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: my-app.v1}
provisioner: example.com/x
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: my-app.v1}
spec:
  defaultBackend:
    service: {name: my-app, port: {number: 80}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: my-app.v1}
spec:
  podSelector: {}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: my-app.v1}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: my-app}
  maxReplicas: 3
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: my-app.v1}
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - {name: c, image: busybox}
---
apiVersion: batch/v1
kind: Job
metadata: {name: my-app.v1}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - {name: c, image: busybox}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: my-app.v1}
spec:
  selector: {matchLabels: {app: my-app}}
  template:
    metadata: {labels: {app: my-app}}
    spec:
      containers:
      - {name: c, image: busybox}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: my-app.v1}
spec:
  selector: {matchLabels: {app: my-app}}
  template:
    metadata: {labels: {app: my-app}}
    spec:
      containers:
      - {name: c, image: busybox}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: my-app}
spec:
  selector: {matchLabels: {app: my-app}}
  template:
    metadata: {labels: {app: my-app}}
    spec:
      containers:
      - {name: c, image: busybox}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: my-app.v1}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: v1
kind: LimitRange
metadata: {name: my-app.v1}
spec:
  limits:
  - type: Container
    max: {cpu: "1"}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: my-app.v1}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: my-app.v1}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: my-app.v1}
---
apiVersion: v1
kind: Pod
metadata: {name: my-app.v1}
spec:
  containers:
  - {name: c, image: busybox}
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: my-app.v1}
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata: {name: my-app.v1}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: my-app.v1}
handler: runc
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata: {name: my-app.v1}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: my-app.v1}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: my-app.v1}
spec:
  selector: {matchLabels: {app: my-app}}
  template:
    metadata: {labels: {app: my-app}}
    spec:
      containers:
      - {name: c, image: busybox}
"#;

/// `crdlint check --format json` on `file` at `minor`: the exit code and each diagnostic's
/// `rule: message`.
fn check_at(file: &Path, minor: &str) -> (i32, Vec<String>) {
    let out = Command::cargo_bin("crdlint")
        .unwrap()
        .args(["check", "--format", "json", "--kube-version", minor])
        .arg(file)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(&out.stderr)));
    let diags = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{}: {}", d["rule"], d["message"]))
        .collect();
    (out.status.code().unwrap_or(-1), diags)
}

#[test]
fn minimal_objects_of_the_common_kinds_pass() {
    let f = write_temp(MINIMAL_OBJECTS);
    for minor in ["1.37", "1.30"] {
        assert_eq!(check_at(f.path(), minor), (0, vec![]), "at {minor}");
    }
    // The objects are validated, not skipped: the same file with one broken object fails.
    let broken = format!(
        "{MINIMAL_OBJECTS}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: broken}}\nspec:\n  selector: {{matchLabels: {{app: a}}}}\n  template:\n    metadata: {{labels: {{app: a}}}}\n"
    );
    let f = write_temp(&broken);
    let (code, diags) = check_at(f.path(), "1.37");
    assert_eq!(code, 1, "{diags:?}");
    assert!(
        diags
            .iter()
            .any(|d| d.contains("spec.template.spec.containers: Required value")),
        "{diags:?}"
    );
}

/// Name rules that changed: StatefulSet names are DNS-1123 labels since 1.27 (kubernetes PR
/// #114172); Service names DNS-1123 labels (a leading digit allowed) since 1.36, when
/// RelaxedServiceNameValidation went beta and on by default (PR #136389; GA in 1.37, PR
/// #139282), DNS-1035 labels before.
#[test]
fn name_rules_that_changed_between_minors() {
    let sts = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web.v1\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers:\n      - {name: c, image: i}\n";
    assert!(errors_at(sts, 26).is_empty(), "{:?}", errors_at(sts, 26));
    for minor in [27, 37] {
        assert_eq!(
            errors_at(sts, minor),
            ["metadata.name: Invalid value: \"web.v1\": must not contain dots"],
            "1.{minor}"
        );
    }
    let svc =
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: 1web\nspec:\n  ports:\n  - port: 80\n";
    assert_eq!(errors_at(svc, 35).len(), 1, "{:?}", errors_at(svc, 35));
    for minor in [36, 37] {
        assert!(
            errors_at(svc, minor).is_empty(),
            "1.{minor}: {:?}",
            errors_at(svc, minor)
        );
    }
    let dotted =
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: web.v1\nspec:\n  ports:\n  - port: 80\n";
    assert_eq!(
        errors_at(dotted, 37).len(),
        1,
        "{:?}",
        errors_at(dotted, 37)
    );
}

/// The published `required: [spec]` of kinds whose Go validation accepts the zero spec
/// (src/builtin/required.rs cites each): ValidateCSINode, ValidateDeviceClass,
/// ValidateResourceClaim, ValidateResourceClaimTemplate. A CronJob's zero spec is rejected with
/// its own errors (validateCronJobSpec), never `spec: Required value`.
#[test]
fn kinds_whose_zero_spec_is_valid_need_no_spec() {
    let objs = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu.example.com}\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: claim.v1}\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: claim.v1}\n---\napiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata: {name: node-1.example.com}\n";
    let f = write_temp(objs);
    for minor in ["1.36", "1.37"] {
        assert_eq!(check_at(f.path(), minor), (0, vec![]), "at {minor}");
    }
    let csinode = "apiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata: {name: node-1}\n";
    assert!(
        errors_at(csinode, 30).is_empty(),
        "{:?}",
        errors_at(csinode, 30)
    );
    let cron = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\n";
    for minor in [30, 36, 37] {
        assert_eq!(
            errors_at(cron, minor),
            ["spec.jobTemplate.spec.template.spec.containers: Required value"],
            "1.{minor}"
        );
    }
}

/// `builtin/config-data`'s size bound counts what the server counts: a Secret's values decoded
/// and `stringData` merged over `data` (a key in both counts once, with `stringData`'s value),
/// and the TooLong wording of each minor (`must have at most` before 1.32).
#[test]
fn config_data_size_counts_decoded_merged_values() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.yaml");
    let secret = |data_len: usize, string_len: usize| {
        // base64 of `data_len` bytes: 4 characters per 3 bytes.
        format!(
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  a: {}\n  b: {}\nstringData:\n  b: {}\n",
            "QUJD".repeat(data_len / 3),
            "QUJD".repeat(data_len / 3),
            "x".repeat(string_len)
        )
    };
    let size_errors = |text: String, minor: &str| {
        std::fs::write(&file, text).unwrap();
        run(&file, &["--kube-version", minor])
            .into_iter()
            .filter(|d| d.0 == "builtin/config-data")
            .map(|d| d.3)
            .collect::<Vec<_>>()
    };
    // `a` 600,000 decoded bytes + `b` replaced by 400,000: 1,000,000, under 1 MiB although the
    // file holds 1.6 MB of base64 for `a` and `b`.
    assert_eq!(
        size_errors(secret(600_000, 400_000), "1.37"),
        Vec::<String>::new()
    );
    // `b` 500,000 from stringData: 1,100,000 bytes, over.
    assert_eq!(
        size_errors(secret(600_000, 500_000), "1.37"),
        ["data: Too long: may not be more than 1048576 bytes"]
    );
    assert_eq!(
        size_errors(secret(600_000, 500_000), "1.31"),
        ["data: Too long: must have at most 1048576 bytes"]
    );
}
