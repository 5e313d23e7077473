//! The CRD author's loop (issue 33): every problem in one run, one finding per mistake, the
//! rule shown readably, fields the emulated minor lacks, and the size limits of applying.

use assert_cmd::Command;

fn crdlint(args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .arg("--no-config")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const DIR: &str = "testdata/cli/author";

fn concise(args: &[&str]) -> String {
    let mut all = vec!["--format", "concise"];
    all.extend_from_slice(args);
    let (code, out) = crdlint(&all);
    assert_eq!(code, 1, "{out}");
    out
}

/// One CRD with one mistake of every kind: the structural error, both wrong defaults (one
/// inside the part that is not structural), the rules that do not compile, the two storage versions, all in one run; the rule on the part of the schema that
/// cannot be built is named in a note. No cascade: no `optional-old-self-unused` for the rule
/// that does not compile, no second `crd/stored-versions` finding.
#[test]
fn every_mistake_of_a_crd_in_one_run() {
    let out = concise(&["lint", &format!("{DIR}/one-run.yaml")]);
    for rule in [
        "error[crd/versions]",
        "error[schema/structural]",
        "error[schema/default] spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size]",
        "error[schema/default] spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[shape].properties[sides]",
        "error[cel/compile]",
        "info[schema/not-checked]",
    ] {
        assert!(out.contains(rule), "{rule} missing:\n{out}");
    }
    assert!(!out.contains("optional-old-self-unused"), "{out}");
    assert!(!out.contains("crd/stored-versions"), "{out}");
    insta::assert_snapshot!("one_run", out);
}

/// Two ports 80/TCP: the server's `ValidateService` finding alone, its value as the emulated
/// minor prints the internal `core.ServicePort` (JSON from 1.34, Go's `%#v` before).
#[test]
fn a_duplicate_service_port_is_one_finding_in_the_servers_words() {
    let file = format!("{DIR}/service.yaml");
    let new = concise(&["check", &file]);
    let old = concise(&["check", "--kube-version", "1.33", &file]);
    for out in [&new, &old] {
        assert_eq!(out.matches("Duplicate value").count(), 1, "{out}");
        assert!(!out.contains("cr/list-duplicate"), "{out}");
    }
    assert!(new.contains(r#"{"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80"#));
    assert!(old.contains("core.ServicePort{Name:\"\", Protocol:\"TCP\""));
}

/// The compile error keeps the server's dump of the rule struct (Go's `%#v` before 1.34, with
/// that minor's fields) and a help shows the rule as written.
#[test]
fn compile_errors_show_the_rule_readably_at_every_minor() {
    let file = format!("{DIR}/old-minor.yaml");
    let out = concise(&["lint", "--kube-version", "1.27", &file]);
    assert!(
        out.contains("Invalid value: apiextensions.ValidationRule{Rule:\"self.color != 'red' || oldSelf.hasValue()\", Message:\"\", MessageExpression:\"\"}: compilation failed"),
        "{out}"
    );
    assert!(
        out.contains("help: the rule as written: self.color != 'red' || oldSelf.hasValue()"),
        "{out}"
    );
}

/// Fields the emulated minor's CRD type lacks are errors there and nowhere else.
#[test]
fn fields_newer_than_the_emulated_minor_are_errors() {
    let file = format!("{DIR}/old-minor.yaml");
    let at = |v: &str| crdlint(&["--format", "concise", "lint", "--kube-version", v, &file]).1;
    let old = at("1.27");
    for f in ["selectableFields", "reason", "fieldPath", "optionalOldSelf"] {
        assert!(
            old.lines().any(|l| l.contains("crd/field-not-in-version")
                && l.contains(&format!(".{f}: strict decoding error"))),
            "{f}:\n{old}"
        );
    }
    let at29 = at("1.29");
    assert_eq!(
        at29.matches("crd/field-not-in-version").count(),
        1,
        "{at29}"
    );
    let (code, at30) = crdlint(&["lint", "--kube-version", "1.30", &file]);
    assert_eq!(code, 0, "{at30}");
    insta::assert_snapshot!("field_not_in_version_1_27", old);
}

/// A CRD whose JSON is over 256 KiB gets the client-side apply warning naming `--server-side`.
#[test]
fn a_crd_too_large_for_client_side_apply_is_warned_about() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.yaml");
    let text = std::fs::read_to_string(format!("{DIR}/old-minor.yaml"))
        .expect("fixture")
        .replace(
            "color: {type: string}",
            &format!(
                "color: {{type: string, description: \"{}\"}}",
                "w".repeat(270 * 1024)
            ),
        );
    std::fs::write(&path, text).expect("write");
    let (_, out) = crdlint(&["--format", "concise", "lint", path.to_str().expect("utf-8")]);
    let line = out
        .lines()
        .find(|l| l.contains("warning[crd/last-applied-too-large]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("metadata.annotations: Too long: may not be more than 262144 bytes"),
        "{line}"
    );
    assert!(line.contains("kubectl apply --server-side"), "{line}");
}
