//! The linter's URL checks run on the emulated minor's Go `net/url`, as validation and CEL do
//! (`k8s::behavior`: `urlstrictcolons` from 1.36): the api-approval annotation
//! (`url.ParseRequestURI`), the conversion webhook's URL (`url.Parse`) and `format: uri`
//! defaults. An `https` host with two colons (`a:b:8443`) parses on 1.35's runtime (the port
//! follows the last colon) and fails on 1.36's.

use assert_cmd::Command;

const URL: &str = "https://a:b:8443/x";

fn crd() -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.x.k8s.io
  annotations:
    api-approved.kubernetes.io: "{URL}"
spec:
  group: x.k8s.io
  scope: Namespaced
  names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig:
        url: "{URL}"
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
              home:
                type: string
                format: uri
                default: "{URL}"
"#
    )
}

/// The rules `crdlint lint` reports on the CRD at `minor`, with their lines.
fn lint_at(minor: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("crd.yaml");
    std::fs::write(&file, crd()).expect("write");
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args([
            "--no-config",
            "--format",
            "concise",
            "--kube-version",
            minor,
            "lint",
        ])
        .arg(&file)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{minor}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter(|l| l.contains("error[") || l.contains("warning["))
        .map(str::to_string)
        .collect()
}

#[test]
fn lax_colons_before_1_36() {
    for minor in ["1.29", "1.35"] {
        let got = lint_at(minor);
        assert!(got.is_empty(), "{minor}: {got:#?}");
    }
}

#[test]
fn strict_colons_from_1_36() {
    let got = lint_at("1.36");
    let has = |rule: &str, words: &str| {
        got.iter()
            .any(|l| l.contains(&format!("[{rule}]")) && l.contains(words))
    };
    assert!(
        has("crd/api-approval", "with either a URL or a reason"),
        "{got:#?}"
    );
    assert!(
        has(
            "crd/conversion",
            r#"url must be a valid URL: parse "https://a:b:8443/x": invalid port ":b:8443" after host"#
        ),
        "{got:#?}"
    );
    assert!(
        has(
            "schema/default",
            r#"must be of type uri: "https://a:b:8443/x""#
        ),
        "{got:#?}"
    );
    assert_eq!(got.len(), 3, "{got:#?}");
}
