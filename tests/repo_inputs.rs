//! Real repositories (issue #27): files that are not manifests are told apart from manifests,
//! templated values are left unchecked and counted, runs that check nothing say so, and
//! exclude globs and `--crd` CRDs match what the user meant.
//!
//! The trees under `testdata/repos/` mimic real layouts (a kubebuilder `config/` tree, chainsaw
//! and kuttl test folders, a Flux repository with SOPS secrets and `${VAR}`s, a kustomize overlay
//! with transformers); each test also runs with the recognition turned off in a config file, so
//! that it shows the errors the recognition keeps away (a test that cannot fail proves nothing).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repos() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/repos")
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\n{}", self.stdout, self.stderr))
    }

    /// `rule severity file` of each finding.
    fn findings(&self) -> Vec<String> {
        self.json()["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| {
                format!(
                    "{} {} {}",
                    d["rule"].as_str().unwrap_or("?"),
                    d["severity"].as_str().unwrap_or("?"),
                    d["file"].as_str().unwrap_or("-"),
                )
            })
            .collect()
    }

    /// The findings of one severity.
    fn of(&self, severity: &str) -> Vec<String> {
        let key = format!(" {severity} ");
        self.findings()
            .into_iter()
            .filter(|f| f.contains(&key))
            .collect()
    }

    /// The messages of the findings of `rule` in `file`.
    fn messages(&self, rule: &str, file: &str) -> Vec<String> {
        self.json()["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .filter(|d| d["rule"] == rule && d["file"] == file)
            .map(|d| d["message"].as_str().unwrap_or("").to_string())
            .collect()
    }

    fn transcript(&self) -> String {
        format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

enum Stdin<'a> {
    Null,
    Piped(&'a str),
    File(&'a Path),
}

fn run_with(dir: &Path, args: &[&str], stdin: Stdin<'_>) -> Run {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("crdlint"));
    cmd.args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match stdin {
        Stdin::Null => {
            cmd.stdin(Stdio::null());
        }
        Stdin::Piped(_) => {
            cmd.stdin(Stdio::piped());
        }
        Stdin::File(p) => {
            cmd.stdin(std::fs::File::open(p).expect("stdin file"));
        }
    }
    let mut child = cmd.spawn().expect("crdlint runs");
    if let Stdin::Piped(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        pipe.write_all(text.as_bytes()).expect("write stdin");
    }
    let out = child.wait_with_output().expect("crdlint ends");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
        code: out.status.code().expect("exited"),
    }
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_with(dir, args, Stdin::Null)
}

/// A temporary tree; `.git` makes it a repository root, so no config file above it is found.
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join(".git")).expect("mkdir .git");
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    dir
}

/// A config file that turns the named recognitions off, in a temporary folder.
fn recognition_off(keys: &[&str]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut text = String::from("version: 1\nrecognize:\n");
    for k in keys {
        text.push_str(&format!("  {k}: false\n"));
    }
    let path = dir.path().join("crdlint.yaml");
    std::fs::write(&path, text).expect("write");
    let shown = path.display().to_string();
    (dir, shown)
}

/// `args` run in `dir` without a config file, which passes with no error and no warning
/// (notes aside).
fn passes_without_a_config(dir: &Path, args: &[&str]) -> Run {
    let r = run(dir, &[&["--no-config"][..], args].concat());
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert_eq!(r.of("error"), Vec::<String>::new(), "{}", r.transcript());
    assert_eq!(r.of("warning"), Vec::<String>::new(), "{}", r.transcript());
    r
}

/// The files with an `input/not-a-manifest` note.
fn noted(run: &Run) -> Vec<String> {
    let mut files: Vec<String> = run
        .findings()
        .into_iter()
        .filter(|f| f.starts_with("input/not-a-manifest info "))
        .map(|f| f.rsplit(' ').next().unwrap_or("").to_string())
        .collect();
    files.dedup();
    files
}

#[test]
fn a_kubebuilder_config_tree_checks_its_manifests_and_skips_its_scaffold() {
    let dir = repos().join("kubebuilder");
    let args = ["check", "--format", "json", "config"];
    let r = passes_without_a_config(&dir, &args);
    assert_eq!(
        noted(&r),
        [
            "config/crd/kustomization.yaml",
            "config/crd/kustomizeconfig.yaml",
            "config/crd/patches/cainjection_in_widgets.yaml",
            "config/crd/patches/webhook_in_widgets.yaml",
            "config/default/kustomization.yaml",
            "config/default/manager_metrics_patch.yaml",
            "config/default/manager_webhook_patch.yaml",
            "config/samples/kustomization.yaml",
        ]
    );
    // The manifests were checked: the CRD, the sample Widget, the role and the Service.
    let summary = &r.json()["summary"];
    assert_eq!(summary["crds"], 1, "{}", r.transcript());
    assert_eq!(summary["resources"], 3, "{}", r.transcript());
    // Without the kubebuilder recognition, the scaffold patches (named only in comments) are
    // checked as objects and fail as the partial objects they are.
    let (_c, config) = recognition_off(&["kubebuilder"]);
    let off = run(&dir, &[&["--config", config.as_str()][..], &args].concat());
    assert_eq!(off.code, 1, "{}", off.transcript());
    let errors = off.of("error");
    for file in [
        "config/crd/patches/webhook_in_widgets.yaml",
        "config/default/manager_webhook_patch.yaml",
    ] {
        assert!(
            errors.iter().any(|e| e.ends_with(file)),
            "{file}: {}",
            off.transcript()
        );
    }
}

#[test]
fn chainsaw_and_kuttl_test_folders_skip_assertions_and_leave_bindings_unchecked() {
    let dir = repos().join("chainsaw");
    let args = [
        "check",
        "--format",
        "json",
        "--crd",
        "../kubebuilder/config/crd/bases",
        "tests",
    ];
    let r = passes_without_a_config(&dir, &args);
    assert_eq!(
        noted(&r),
        [
            "tests/e2e/basic/assert-count.yaml",
            "tests/e2e/basic/assert-ready.yaml",
            "tests/e2e/basic/chainsaw-test.yaml",
            "tests/e2e/basic/error-no-leftover.yaml",
            "tests/e2e/basic/patch-size.yaml",
            "tests/e2e/basic/resources.yaml",
            "tests/kuttl/basic/00-assert.yaml",
            "tests/kuttl/basic/01-errors.yaml",
            "tests/kuttl/basic/01-scale.yaml",
            "tests/kuttl/kuttl-test.yaml",
        ]
    );
    // The applied file is validated; its `($namespace)` bindings are counted, not reported.
    assert_eq!(
        r.messages("input/not-a-manifest", "tests/e2e/basic/resources.yaml"),
        [
            "1 templated value is unknown until rendered (`${VAR}` substitutions, `($binding)`s) and left unchecked; the rest of the object is validated",
            "1 templated value is unknown until rendered (`${VAR}` substitutions, `($binding)`s) and left unchecked; the rest of the object is validated",
        ]
    );
    let (_c, config) = recognition_off(&["chainsaw", "kuttl", "templated-values"]);
    let off = run(&dir, &[&["--config", config.as_str()][..], &args].concat());
    assert_eq!(off.code, 1, "{}", off.transcript());
    let errors = off.of("error");
    for file in [
        "tests/e2e/basic/assert-ready.yaml",
        "tests/e2e/basic/error-no-leftover.yaml",
        "tests/e2e/basic/patch-size.yaml",
        "tests/e2e/basic/resources.yaml",
        "tests/kuttl/basic/00-assert.yaml",
        "tests/kuttl/basic/01-errors.yaml",
    ] {
        assert!(
            errors.iter().any(|e| e.ends_with(file)),
            "{file}: {}",
            off.transcript()
        );
    }
}

#[test]
fn a_flux_repository_skips_sops_secrets_and_validates_around_substitutions() {
    let dir = repos().join("flux");
    let args = [
        "check",
        "--format",
        "json",
        "--missing-schema",
        "ignore",
        "--crd",
        "../kubebuilder/config/crd/bases",
        ".",
    ];
    let r = run(&dir, &[&["--no-config"][..], &args].concat());
    // The one real mistake, next to the substitutions, is still found.
    assert_eq!(
        r.of("error"),
        ["builtin/port error apps/base/deployment.yaml"],
        "{}",
        r.transcript()
    );
    assert_eq!(r.of("warning"), Vec::<String>::new(), "{}", r.transcript());
    assert_eq!(
        noted(&r),
        [
            "apps/base/db-credentials.sops.yaml",
            "apps/base/deployment.yaml",
            "apps/base/kustomization.yaml",
            "apps/base/widget.yaml",
        ]
    );
    let counted = |file: &str| r.messages("input/not-a-manifest", file);
    assert_eq!(
        counted("apps/base/widget.yaml"),
        ["3 templated values are unknown until rendered (`${VAR}` substitutions, `($binding)`s) and left unchecked; the rest of the object is validated"]
    );
    // `metadata.namespace` and `spec.replicas`; the image's `${VERSION}` is a valid image as
    // written, and `$${HOSTNAME}` is Flux's escape for a literal.
    assert_eq!(
        counted("apps/base/deployment.yaml"),
        ["2 templated values are unknown until rendered (`${VAR}` substitutions, `($binding)`s) and left unchecked; the rest of the object is validated"]
    );
    assert!(counted("apps/base/db-credentials.sops.yaml")[0].contains("SOPS-encrypted"));
    let (_c, config) = recognition_off(&["sops", "templated-values"]);
    let off = run(&dir, &[&["--config", config.as_str()][..], &args].concat());
    let errors = off.of("error");
    for file in [
        "apps/base/db-credentials.sops.yaml",
        "apps/base/widget.yaml",
    ] {
        assert!(
            errors.iter().any(|e| e.ends_with(file)),
            "{file}: {}",
            off.transcript()
        );
    }
    assert!(
        errors
            .iter()
            .filter(|e| e.ends_with("deployment.yaml"))
            .count()
            > 1,
        "{}",
        off.transcript()
    );
}

#[test]
fn a_kustomize_overlay_skips_its_transformers_generators_and_patches() {
    let dir = repos().join("overlay");
    let args = ["check", "--format", "json", "."];
    let r = passes_without_a_config(&dir, &args);
    assert_eq!(
        noted(&r),
        [
            "base/kustomization.yaml",
            "components/monitoring/kustomization.yaml",
            "components/monitoring/metrics-port-patch.yaml",
            "overlays/prod/kustomization.yaml",
            "overlays/prod/labels.yaml",
            "overlays/prod/name-references.yaml",
            "overlays/prod/policy-check.yaml",
            "overlays/prod/prefix.yaml",
            "overlays/prod/replicas-patch.yaml",
            "overlays/prod/resources-patch.yaml",
            "overlays/prod/vault-secrets.yaml",
        ]
    );
    assert_eq!(r.json()["summary"]["resources"], 2, "{}", r.transcript());
    let (_c, config) = recognition_off(&["kustomize"]);
    let off = run(&dir, &[&["--config", config.as_str()][..], &args].concat());
    assert_eq!(off.code, 1, "{}", off.transcript());
    assert!(
        off.of("error")
            .iter()
            .any(|e| e.ends_with("overlays/prod/replicas-patch.yaml")),
        "{}",
        off.transcript()
    );
    assert!(
        !off.of("warning").is_empty(),
        "plugin configurations are custom resources without a CRD: {}",
        off.transcript()
    );
}

#[test]
fn configuration_files_beside_manifests_are_not_missing_crds() {
    let dir = repos().join("cluster");
    let args = ["check", "--format", "json", "--strict", "."];
    let r = passes_without_a_config(&dir, &args);
    assert_eq!(
        noted(&r),
        [
            "bootstrap/admission.yaml",
            "bootstrap/audit-policy.yaml",
            "bootstrap/kubeadm.yaml",
            "catalog-info.yaml",
            "dev/kind.yaml",
            "skaffold.yaml",
        ],
        "{}",
        r.transcript()
    );
    assert_eq!(
        r.messages("input/not-a-manifest", "bootstrap/kubeadm.yaml")[1],
        "a configuration file read by the kubelet (`--config`), not an object any API server serves: it is not checked"
    );
    assert_eq!(r.json()["summary"]["resources"], 2, "{}", r.transcript());
    // Without the recognition each is a kind without a CRD: an error under --strict.
    let (_c, config) = recognition_off(&["tool-configs"]);
    let off = run(&dir, &[&["--config", config.as_str()][..], &args].concat());
    assert_eq!(off.code, 1, "{}", off.transcript());
    let missing: Vec<String> = off
        .of("error")
        .into_iter()
        .filter(|f| f.starts_with("input/no-schema "))
        .collect();
    assert_eq!(missing.len(), 8, "{}", off.transcript());
    // A run that has a CRD for the group validates the documents as its resources.
    let crd = tree(&[(
        "kind-crd.yaml",
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: clusters.kind.x-k8s.io\nspec:\n  group: kind.x-k8s.io\n  names: {kind: Cluster, plural: clusters, singular: cluster, listKind: ClusterList}\n  scope: Cluster\n  versions:\n    - name: v1alpha4\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema:\n          type: object\n          properties:\n            nodes:\n              type: array\n              maxItems: 1\n              items: {type: object, x-kubernetes-preserve-unknown-fields: true}\n",
    )]);
    // kpt's Kptfile is its configuration; its ResourceGroup is a kind clusters serve (a CRD).
    let kpt = tree(&[
        ("pkg/Kptfile.yaml", "apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: pkg\n"),
        (
            "pkg/resourcegroup.yaml",
            "apiVersion: kpt.dev/v1alpha1\nkind: ResourceGroup\nmetadata:\n  name: inventory\n  namespace: default\n",
        ),
    ]);
    let kpt_run = run(
        kpt.path(),
        &["--no-config", "check", "--format", "json", "pkg"],
    );
    assert_eq!(
        noted(&kpt_run),
        ["pkg/Kptfile.yaml"],
        "{}",
        kpt_run.transcript()
    );
    assert_eq!(
        kpt_run.of("warning"),
        ["input/no-schema warning pkg/resourcegroup.yaml"],
        "{}",
        kpt_run.transcript()
    );
    let crd_path = crd.path().join("kind-crd.yaml").display().to_string();
    let with_crd = run(
        &dir,
        &[
            "--no-config",
            "check",
            "--format",
            "json",
            "--crd",
            &crd_path,
            "dev",
        ],
    );
    assert_eq!(
        noted(&with_crd),
        Vec::<String>::new(),
        "{}",
        with_crd.transcript()
    );
    assert_eq!(with_crd.code, 1, "{}", with_crd.transcript());
    assert!(
        with_crd
            .of("error")
            .iter()
            .any(|f| f.ends_with("dev/kind.yaml")),
        "{}",
        with_crd.transcript()
    );
}

#[test]
fn other_tools_yaml_is_not_held_to_the_api_servers_rules() {
    // A lockfile over the API server's 3 MiB and a CloudFormation template with its tags,
    // beside a ConfigMap that is over the limit and one with an unknown tag.
    let packages: Vec<String> = (0..40_000)
        .map(|i| format!("\"node_modules/pkg-{i}\": {{\"version\": \"1.{i}.0\", \"integrity\": \"sha512-{i:0>60}\"}}"))
        .collect();
    let lock = format!(
        "{{\"lockfileVersion\": 3, \"packages\": {{{}}}}}",
        packages.join(", ")
    );
    assert!(lock.len() > 3 * 1024 * 1024);
    let big_data = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: \"{}\"\n",
        "x".repeat(3 * 1024 * 1024)
    );
    let dir = tree(&[
        ("app/package-lock.json", lock.as_str()),
        (
            "infra/stack.yaml",
            "AWSTemplateFormatVersion: \"2010-09-09\"\nResources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: !Sub \"${AWS::StackName}-logs\"\n",
        ),
        ("deploy/big.yaml", big_data.as_str()),
        (
            "deploy/tagged.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: tagged\ndata:\n  port: !port \"80\"\n",
        ),
        // Read with go-yaml by Helm and others: a merge key after the key it replaces is
        // still said, object or not.
        (
            "config/settings.yaml",
            "defaults: &d {replicas: 1}\nprod:\n  replicas: 3\n  <<: *d\n",
        ),
    ]);
    let r = run(
        dir.path(),
        &["--no-config", "check", "--format", "json", "."],
    );
    assert_eq!(
        r.of("warning"),
        [
            "yaml/suspicious warning config/settings.yaml",
            "yaml/too-large warning deploy/big.yaml",
            "yaml/suspicious warning deploy/tagged.yaml"
        ],
        "{}",
        r.transcript()
    );
}

#[test]
fn an_ansible_roles_template_is_said_to_be_jinja() {
    let dir = tree(&[
        (
            "roles/web/templates/deploy.yaml",
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ app_name }}\nspec:\n  replicas: {{ replicas | default(2) }}\n{% if probe %}\n  minReadySeconds: 5\n{% endif %}\n",
        ),
        (
            "chart/templates/cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  page.liquid: \"{% if user %}hi{% endif %}\"\n",
        ),
    ]);
    let r = passes_without_a_config(dir.path(), &["check", "--format", "json", "."]);
    let said = |file: &str| r.messages("input/not-a-manifest", file).join("");
    assert!(
        said("roles/web/templates/deploy.yaml").starts_with("a Jinja template"),
        "{}",
        r.transcript()
    );
    assert!(
        said("chart/templates/cm.yaml").starts_with("a Helm template"),
        "{}",
        r.transcript()
    );
}

#[test]
fn files_git_crypt_encrypted_in_a_locked_checkout_are_skipped() {
    let dir = tree(&[(
        "apps/app.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n",
    )]);
    // What a checkout without the key holds: git-crypt's header, then ciphertext.
    let ciphertext = [&b"\0GITCRYPT\0"[..], &[0x5e, 0xc3, 0x28, 0xff, 0x00, 0x9a]].concat();
    std::fs::write(dir.path().join("apps/secrets.yaml"), ciphertext).expect("write");
    let args = ["check", "--format", "json", "apps"];
    let r = run(dir.path(), &[&["--no-config"][..], &args].concat());
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert_eq!(noted(&r), ["apps/secrets.yaml"], "{}", r.transcript());
    assert_eq!(r.json()["summary"]["resources"], 1, "{}", r.transcript());
    // Without the recognition it is a file that could not be read (exit 2).
    let (_c, config) = recognition_off(&["git-crypt"]);
    let off = run(
        dir.path(),
        &[&["--config", config.as_str()][..], &args].concat(),
    );
    assert_eq!(off.code, 2, "{}", off.transcript());
    assert_eq!(
        off.of("error"),
        ["io/read error apps/secrets.yaml"],
        "{}",
        off.transcript()
    );
    // Piped in, it is what the user asked to check: a read failure, said as git-crypt's.
    let piped = run_with(
        dir.path(),
        &["--no-config", "check", "--format", "json", "-"],
        Stdin::File(&dir.path().join("apps/secrets.yaml")),
    );
    assert_eq!(piped.code, 2, "{}", piped.transcript());
    // The read failure says what happened: no "nothing was piped in" beside it.
    assert_eq!(
        piped.findings(),
        ["io/read error -"],
        "{}",
        piped.transcript()
    );
    assert!(
        piped
            .messages("io/read", "-")
            .concat()
            .contains("git-crypt"),
        "{}",
        piped.transcript()
    );
}

#[test]
fn half_a_type_is_an_error_and_no_type_in_a_manifests_folder_a_note() {
    let dir = tree(&[
        (
            "deploy/no-api-version.yaml",
            "kind: ConfigMap\nmetadata:\n  name: a\n",
        ),
        (
            "deploy/no-kind.yaml",
            "apiVersion: v1\nmetadata:\n  name: b\n",
        ),
        ("deploy/settings.yaml", "replicas: 3\n"),
        (
            "deploy/ok.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
        ),
        ("chart/values.yaml", "replicas: 3\n"),
        ("chart/Chart.yaml", "name: chart\nversion: 1.0.0\n"),
    ]);
    let r = run(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(r.code, 1, "{}", r.transcript());
    assert_eq!(
        r.findings(),
        [
            "input/missing-type-meta error deploy/no-api-version.yaml",
            "input/missing-type-meta error deploy/no-kind.yaml",
            "input/not-a-manifest info deploy/settings.yaml",
        ]
    );
    assert_eq!(
        r.messages("input/missing-type-meta", "deploy/no-api-version.yaml"),
        ["apiVersion not set"]
    );
    assert_eq!(
        r.messages("input/missing-type-meta", "deploy/no-kind.yaml"),
        ["kind not set"]
    );
}

#[test]
fn standard_input_without_a_document_is_said_however_it_is_attached() {
    let dir = tree(&[
        ("crds/crd.yaml", include_str!("../testdata/cli/crd.yaml")),
        ("empty.yaml", ""),
    ]);
    let said = |r: &Run| {
        r.findings() == ["input/no-manifests warning -"]
            && r.messages("input/no-manifests", "-") == ["no documents on standard input"]
    };
    // An empty pipe, a failed `helm template … |` with `--crd`, `/dev/null` and an empty file
    // are all standard input that is not a terminal: the same warning.
    let piped = run_with(dir.path(), &["check", "--format", "json"], Stdin::Piped(""));
    assert!(said(&piped), "{}", piped.transcript());
    assert_eq!(piped.code, 0);
    let with_crd = run_with(
        dir.path(),
        &["check", "--format", "json", "--crd", "crds"],
        Stdin::Piped("# helm failed\n"),
    );
    assert!(said(&with_crd), "{}", with_crd.transcript());
    let null = run(dir.path(), &["check", "--format", "json"]);
    assert!(said(&null), "{}", null.transcript());
    let file = run_with(
        dir.path(),
        &["check", "--format", "json", "-"],
        Stdin::File(&dir.path().join("empty.yaml")),
    );
    assert!(said(&file), "{}", file.transcript());
    let denied = run(
        dir.path(),
        &["check", "--format", "json", "--deny-warnings"],
    );
    assert_eq!(denied.code, 1, "{}", denied.transcript());
    // A template piped in unrendered was read: its note says what it is, and the pipe was
    // not empty.
    let template = run_with(
        dir.path(),
        &["check", "--format", "json", "--deny-warnings"],
        Stdin::Piped("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n"),
    );
    assert_eq!(
        template.findings(),
        ["input/not-a-manifest info -"],
        "{}",
        template.transcript()
    );
    assert_eq!(template.code, 0, "{}", template.transcript());
}

#[test]
fn crd_paths_and_commands_that_find_nothing_say_so() {
    let dir = tree(&[
        ("crds/crd.yaml", include_str!("../testdata/cli/crd.yaml")),
        (
            "resources/cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
        ),
        (
            "suite.yaml",
            "name: '[v1] Widget'\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: accepts a widget\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2}\n",
        ),
    ]);
    let missing = run(
        dir.path(),
        &["check", "--format", "json", "--crd", "no-such", "resources"],
    );
    assert_eq!(missing.code, 2, "{}", missing.transcript());
    let crdless = run(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--crd",
            "resources",
            "resources",
        ],
    );
    assert_eq!(
        crdless.messages("input/no-manifests", "resources"),
        ["no CustomResourceDefinition in resources (given with --crd)"],
        "{}",
        crdless.transcript()
    );
    // Placed at the file or folder given, or at the run (`.`) when several paths were.
    let one = run(dir.path(), &["lint", "--format", "json", "suite.yaml"]);
    assert_eq!(
        one.messages("input/no-manifests", "suite.yaml"),
        ["no CustomResourceDefinition in the 1 file read"],
        "{}",
        one.transcript()
    );
    let lint = run(dir.path(), &["lint", "--format", "json", "resources"]);
    assert_eq!(
        lint.messages("input/no-manifests", "resources"),
        ["no CustomResourceDefinition in the 1 file read"],
        "{}",
        lint.transcript()
    );
    let two = run(
        dir.path(),
        &["lint", "--format", "json", "resources", "suite.yaml"],
    );
    assert_eq!(
        two.messages("input/no-manifests", "."),
        ["no CustomResourceDefinition in the 2 files read"],
        "{}",
        two.transcript()
    );
    let versions = run(dir.path(), &["versions", "resources"]);
    assert_eq!(versions.code, 1, "{}", versions.transcript());
    assert!(
        versions
            .stderr
            .contains("no CustomResourceDefinition in the 1 file read"),
        "{}",
        versions.transcript()
    );
    let ran = run(dir.path(), &["test", "--crd", "crds", "suite.yaml"]);
    assert_eq!(ran.code, 0, "{}", ran.transcript());
    let filtered = run(
        dir.path(),
        &["test", "--crd", "crds", "--filter", "rejects", "suite.yaml"],
    );
    assert_eq!(filtered.code, 2, "{}", filtered.transcript());
    assert!(
        filtered.stderr.contains("matches no test case"),
        "{}",
        filtered.transcript()
    );
}

const BAD: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Not_Valid\n";

#[test]
fn config_excludes_with_a_slash_are_relative_to_the_config_file() {
    let dir = tree(&[
        (
            ".crdlint.yaml",
            "version: 1\nexclude: [\"deploy/generated/*.yaml\", \"vendor/\"]\n",
        ),
        ("deploy/generated/bad.yaml", BAD),
        ("other/deploy/generated/bad.yaml", BAD),
        ("vendor/lib/bad.yaml", BAD),
    ]);
    let files = |r: &Run| {
        let mut f: Vec<String> = r
            .of("error")
            .into_iter()
            .map(|e| e.rsplit(' ').next().unwrap_or("").to_string())
            .collect();
        f.dedup();
        f
    };
    // Walking `deploy` and `other`: the glob names the config's `deploy/generated`, not a
    // `deploy/generated` below each walked root.
    let r = run(
        dir.path(),
        &["check", "--format", "json", "deploy", "other"],
    );
    assert_eq!(
        files(&r),
        ["other/deploy/generated/bad.yaml"],
        "{}",
        r.transcript()
    );
    // The same from a subfolder, where the config is found above.
    let r = run(
        &dir.path().join("deploy"),
        &["check", "--format", "json", "."],
    );
    assert_eq!(files(&r), Vec::<String>::new(), "{}", r.transcript());
    // Named on the command line: read, unless --force-exclude, which applies the anchored
    // glob and the folder pattern `vendor/` to them too.
    let named = [
        "check",
        "--format",
        "json",
        "deploy/generated/bad.yaml",
        "vendor/lib/bad.yaml",
        "other/deploy/generated/bad.yaml",
    ];
    let r = run(dir.path(), &named);
    assert_eq!(files(&r).len(), 3, "{}", r.transcript());
    let r = run(dir.path(), &[&named[..], &["--force-exclude"]].concat());
    assert_eq!(
        files(&r),
        ["other/deploy/generated/bad.yaml"],
        "{}",
        r.transcript()
    );
    let r = run(
        dir.path(),
        &[
            "check",
            "--no-config",
            "--format",
            "json",
            "--exclude",
            "lib",
            "--force-exclude",
            "vendor/lib/bad.yaml",
        ],
    );
    assert_eq!(files(&r), Vec::<String>::new(), "{}", r.transcript());
}

/// The server refuses a CRD it cannot decode (`minimum: "1"` is a string where Go wants a
/// float64): it never exists, so no resource is validated against a reading of it. Read for
/// `--crd` only, the run says why (`input/crd-unusable`); linted, `crd/decode` does. Either way
/// the resource is counted as skipped, not as checked and clean, and says so itself as a
/// resource without a CRD does (`input/no-schema`, a warning, an error with `--strict`), with
/// the reason: it is never passed in silence, even where the CRD's finding is not reported.
#[test]
fn a_crd_the_server_cannot_decode_validates_nothing() {
    let good = include_str!("../testdata/cli/crd.yaml");
    let undecodable = good.replace("minimum: 1", "minimum: \"1\"");
    assert_ne!(good, undecodable);
    let widget =
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 0\n";
    let run_with_crd = |crd: &str, args: &[&str]| {
        let dir = tree(&[("vendor/widgets.yaml", crd), ("w.yaml", widget)]);
        run(dir.path(), args)
    };
    let vendored = ["check", "--format", "json", "--crd", "vendor", "w.yaml"];
    // The decodable CRD catches the resource's size below its minimum.
    let r = run_with_crd(good, &vendored);
    assert_eq!(
        r.findings(),
        ["cr/schema error w.yaml"],
        "{}",
        r.transcript()
    );
    let r = run_with_crd(&undecodable, &vendored);
    assert_eq!(
        r.findings(),
        [
            "input/crd-unusable error vendor/widgets.yaml",
            "input/no-schema warning w.yaml"
        ],
        "{}",
        r.transcript()
    );
    let message = &r.messages("input/crd-unusable", "vendor/widgets.yaml")[0];
    assert!(
        message.contains("the API server cannot decode it")
            && message.contains("properties[size].minimum")
            && message.contains("cannot unmarshal string"),
        "{message}"
    );
    let diagnostics = r.json()["diagnostics"].clone();
    let at_resource = &diagnostics[1];
    assert!(
        at_resource["message"]
            .as_str()
            .is_some_and(|m| m.contains("the CRD for example.com/v1 Widget cannot be used"))
            && at_resource["help"]
                .as_str()
                .is_some_and(|h| h.contains("properties[size].minimum"))
            && at_resource["related"][0]["file"] == "vendor/widgets.yaml",
        "{}",
        r.transcript()
    );
    // It points at the value the server cannot decode, not at the CRD's name.
    let line = undecodable
        .lines()
        .position(|l| l.contains("minimum: \"1\""))
        .map(|i| i + 1);
    assert_eq!(
        r.json()["diagnostics"][0]["line"].as_u64(),
        line.map(|l| l as u64),
        "{}",
        r.transcript()
    );
    // With that value's field path, as `crd/decode` gives it.
    let path = r.json()["diagnostics"][0]["path"].clone();
    assert!(
        path.as_str()
            .is_some_and(|p| p.ends_with("properties[size].minimum")),
        "{path}: {}",
        r.transcript()
    );
    assert_eq!(r.code, 1, "{}", r.transcript());
    let summary = &r.json()["summary"];
    assert_eq!(
        (&summary["resources"], &summary["skipped"]),
        (&serde_json::json!(0), &serde_json::json!(1)),
        "{}",
        r.transcript()
    );
    // Linted (the repository's own CRD), the decode finding says why; nothing is said twice.
    let r = run_with_crd(
        &undecodable,
        &["check", "--format", "json", "vendor", "w.yaml"],
    );
    assert_eq!(
        r.findings(),
        [
            "crd/decode error vendor/widgets.yaml",
            "input/no-schema warning w.yaml"
        ],
        "{}",
        r.transcript()
    );
    assert_eq!(r.json()["summary"]["skipped"], 1, "{}", r.transcript());
    // With `crd/decode` not reported, the resource still says it was not validated, and why;
    // `--strict` makes that an error.
    for (flags, severity, code) in [(&[][..], "warning", 0), (&["--strict"][..], "error", 1)] {
        let args = [
            &["check", "--format", "json", "--ignore", "crd/decode"][..],
            flags,
            &["vendor", "w.yaml"],
        ]
        .concat();
        let r = run_with_crd(&undecodable, &args);
        assert_eq!(
            r.findings(),
            [format!("input/no-schema {severity} w.yaml")],
            "{}",
            r.transcript()
        );
        assert!(
            r.json()["diagnostics"][0]["help"]
                .as_str()
                .is_some_and(|h| h.contains("the API server cannot decode it")),
            "{}",
            r.transcript()
        );
        assert_eq!(r.code, code, "{}", r.transcript());
    }
}

#[test]
fn vendored_crds_are_linted_only_when_asked() {
    // A printer column of an unknown type: a lint error of the CRD, not of the resource.
    let crd = include_str!("../testdata/cli/crd.yaml").replace(
        "      schema:\n",
        "      additionalPrinterColumns:\n      - name: Age\n        type: duration\n        jsonPath: .metadata.creationTimestamp\n      schema:\n",
    );
    let broken = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: gadgets.example.com\nspec: {}\n";
    let dir = tree(&[
        ("vendor/widgets.yaml", crd.as_str()),
        ("vendor/gadgets.yaml", broken),
        (
            "w.yaml",
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 2\n",
        ),
    ]);
    let args = ["check", "--format", "json", "--crd", "vendor", "w.yaml"];
    let r = run(dir.path(), &args);
    // The broken CRD cannot be used: said once, whatever the flag.
    assert_eq!(
        r.findings(),
        ["input/crd-unusable error vendor/gadgets.yaml"],
        "{}",
        r.transcript()
    );
    let all = run(dir.path(), &[&args[..], &["--lint-vendored"]].concat());
    let findings = all.findings();
    assert!(
        findings
            .iter()
            .any(|f| f.starts_with("crd/") && f.ends_with("vendor/widgets.yaml")),
        "{}",
        all.transcript()
    );
    // The same CRDs among the paths are the repository's own: linted.
    let own = run(
        dir.path(),
        &["check", "--format", "json", "vendor", "w.yaml"],
    );
    assert_eq!(own.findings(), findings, "{}", own.transcript());
}
