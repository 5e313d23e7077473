//! `crdlint explain` for kinds (issue 33, "Suggestions that fix"): custom kinds from `--crd`,
//! the config's `crds` and the vendored CRDs; kubectl's syntax (`deployment.spec.replicas`,
//! `deployments.apps`, bare, plural and short names); ambiguous and unknown names; the
//! children of a field; which version is explained.
//!
//! Each case runs in a temporary tree holding `testdata/explain/`'s CRDs, so the snapshots
//! show the paths a user in that directory would see.

use std::path::Path;
use std::process::{Command, Stdio};

const CERTIFICATE: &str = include_str!("../testdata/explain/certificate-crd.yaml");

/// Another group's `Certificate`: the bare name is then ambiguous.
const OTHER: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: certificates.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: certificates, singular: certificate, kind: Certificate}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema: {type: object}
";

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

/// Exit code, standard output and standard error of `crdlint ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(["--color", "never", "--kube-version", "1.33"])
        .args(args)
        .current_dir(dir)
        .env_remove("CI")
        .stdin(Stdio::null())
        .output()
        .expect("crdlint runs");
    let mut s = format!(
        "exit: {}\n--- stdout\n{}",
        out.status.code().expect("exited"),
        String::from_utf8_lossy(&out.stdout)
    );
    if !out.stderr.is_empty() {
        s.push_str("--- stderr\n");
        s.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    s
}

fn certificates() -> tempfile::TempDir {
    tree(&[("crds/certificate.yaml", CERTIFICATE)])
}

#[test]
fn a_custom_kinds_field_from_crd() {
    let dir = certificates();
    let args = [
        "explain",
        "cert-manager.io/v1/Certificate",
        "spec.dnsNames",
        "--crd",
        "crds/certificate.yaml",
    ];
    insta::assert_snapshot!("explain_custom_field", run_in(dir.path(), &args));
    // A leaf with bounds and an enum, by kubectl's fully qualified plural.
    let args = [
        "explain",
        "certificates.cert-manager.io.spec.privateKey",
        "--crd",
        "crds",
    ];
    insta::assert_snapshot!("explain_custom_children", run_in(dir.path(), &args));
}

#[test]
fn kubectl_syntax_for_builtin_kinds() {
    let dir = tree(&[]);
    let out = run_in(dir.path(), &["explain", "deployment.spec.replicas"]);
    insta::assert_snapshot!("explain_kubectl_builtin", out);
    // `deployments.apps` and `deploy` (a short name) are the same kind as `apps/v1/Deployment`.
    let page = |args: &[&str]| run_in(dir.path(), args);
    let by_id = page(&["explain", "apps/v1/Deployment", "spec.strategy"]);
    for args in [
        ["explain", "deployments.apps", "spec.strategy"],
        ["explain", "deploy.spec", "strategy"],
        ["explain", "Deployment", "spec.strategy"],
    ] {
        let out = page(&args);
        assert!(out.starts_with("exit: 0\n"), "{args:?}: {out}");
        // Only the VERSION line says how the version was chosen.
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.starts_with("VERSION:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&out), strip(&by_id), "{args:?}");
        assert!(out.contains("the preferred version"), "{out}");
    }
}

#[test]
fn a_bare_kind_from_the_configs_crds_and_the_vendored_ones() {
    let dir = tree(&[
        ("crds/certificate.yaml", CERTIFICATE),
        (".crdlint.yaml", "version: 1\ncrds: [crds]\n"),
    ]);
    insta::assert_snapshot!(
        "explain_bare_kind",
        run_in(dir.path(), &["explain", "cert", "spec.issuerRef"])
    );
    // A vendored CRD (here a vendor folder without its lock) is known as well.
    let vendored = tree(&[(".crdlint/vendor/cm/certificates.yaml", CERTIFICATE)]);
    let out = run_in(
        vendored.path(),
        &["explain", "Certificate", "spec.secretName"],
    );
    assert!(out.starts_with("exit: 0\n"), "{out}");
    assert!(
        out.contains("DEFINED IN: .crdlint/vendor/cm/certificates.yaml:"),
        "{out}"
    );
}

#[test]
fn an_ambiguous_name_lists_the_kinds() {
    let dir = tree(&[
        ("crds/certificate.yaml", CERTIFICATE),
        ("crds/other.yaml", OTHER),
    ]);
    insta::assert_snapshot!(
        "explain_ambiguous",
        run_in(dir.path(), &["explain", "certificates", "--crd", "crds"])
    );
    // The group, in the name or by --api-version, settles it.
    for args in [
        [
            "explain",
            "certificates.example.com",
            "--crd",
            "crds",
            "",
            "",
        ],
        [
            "explain",
            "certificate",
            "--crd",
            "crds",
            "--api-version",
            "example.com/v1",
        ],
    ] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let out = run_in(dir.path(), &args);
        assert!(out.starts_with("exit: 0\n"), "{out}");
        assert!(out.contains("CRD certificates.example.com"), "{out}");
    }
}

#[test]
fn unknown_names_and_fields_suggest() {
    let dir = certificates();
    let kind = run_in(dir.path(), &["explain", "Certficate", "--crd", "crds"]);
    let field = run_in(
        dir.path(),
        &["explain", "certificate.spec.dnsName", "--crd", "crds"],
    );
    let builtin = run_in(dir.path(), &["explain", "deploymnet"]);
    insta::assert_snapshot!("explain_unknown", format!("{kind}\n{field}\n{builtin}"));
}

#[test]
fn versions_and_recursive_children() {
    let dir = certificates();
    // The storage version is the preferred one here; another is chosen by --api-version.
    let old = run_in(
        dir.path(),
        &[
            "explain",
            "cert.spec",
            "--crd",
            "crds",
            "--api-version",
            "cert-manager.io/v1alpha2",
        ],
    );
    let tree = run_in(
        dir.path(),
        &["explain", "cert", "--crd", "crds", "--recursive"],
    );
    insta::assert_snapshot!("explain_versions_recursive", format!("{old}\n{tree}"));
    let missing = run_in(
        dir.path(),
        &["explain", "cert-manager.io/v2/Certificate", "--crd", "crds"],
    );
    assert!(missing.starts_with("exit: 2\n"), "{missing}");
    assert!(
        missing.contains("has no version \"v2\" (it has v1alpha2, v1)"),
        "{missing}"
    );
}

/// `--recursive` for a built-in kind: the tree below the field, indented as `kubectl explain
/// --recursive` prints it, with kubectl's syntax too.
#[test]
fn builtin_recursive() {
    let dir = tree(&[]);
    let full = run_in(
        dir.path(),
        &[
            "explain",
            "apps/v1/Deployment",
            "spec.strategy",
            "--recursive",
        ],
    );
    let kubectl = run_in(
        dir.path(),
        &["explain", "deployment.spec.strategy", "--recursive"],
    );
    assert!(kubectl.starts_with("exit: 0\n"), "{kubectl}");
    assert!(
        kubectl.ends_with(full.split_once("\nFIELD:").expect("a field").1),
        "{kubectl}"
    );
    let ports = run_in(
        dir.path(),
        &["explain", "v1/Pod", "spec.containers.ports", "--recursive"],
    );
    insta::assert_snapshot!("explain_builtin_recursive", format!("{full}\n{ports}"));
}
