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

/// A CEL field one edit from a field of the schema (`self.nmae`) gets `did you mean`, for `self`,
/// a nested field and `oldSelf` alike; the server's message is unchanged, and a field that is
/// close to nothing gets no guess.
#[test]
fn a_misspelt_cel_field_gets_a_did_you_mean() {
    let out = concise(&["lint", &format!("{DIR}/cel-typo.yaml")]);
    let rule = |i: usize| {
        out.lines()
            .find(|l| l.contains(&format!("x-kubernetes-validations[{i}].rule:")))
            .unwrap_or_else(|| panic!("rule {i}:\n{out}"))
    };
    for (i, field, meant) in [
        (0, "nmae", "name"),
        (1, "emal", "email"),
        (2, "repplicas", "replicas"),
    ] {
        let line = rule(i);
        assert!(
            line.contains("compilation failed: ERROR: <input>:1:")
                && line.contains(&format!("undefined field '{field}'")),
            "{line}"
        );
        assert!(
            line.contains("help: the rule as written: ")
                && line.contains(&format!("did you mean `{meant}`?")),
            "{line}"
        );
    }
    let far = rule(3);
    assert!(far.contains("undefined field 'zzzzzz'"), "{far}");
    assert!(!far.contains("did you mean"), "{far}");
}

/// The same help in an admission policy's type check against a kind's schema, which compiles
/// through the same checker.
#[test]
fn a_misspelt_field_in_a_policy_expression_gets_a_did_you_mean() {
    let (code, out) = crdlint(&[
        "--format",
        "concise",
        "check",
        "testdata/examples/admission/misspelt-policy.yaml",
    ]);
    assert_eq!(code, 1, "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("error[admission/type-check]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("undefined field 'replicaz'"), "{line}");
    assert!(line.contains("did you mean `replicas`?"), "{line}");
}

/// Below the minor that has a field, the server's decoder drops it (or strict field validation
/// rejects it), so nothing in it is checked: `crd/field-not-in-version` is the one finding, not
/// also `crd/selectable-fields`, `schema/validation-rule` or `cel/message-expression`. From the
/// minor that has every field, the same mistakes are found (the fixture is wrong on purpose).
#[test]
fn a_field_the_minor_lacks_is_reported_once() {
    let file = format!("{DIR}/old-minor-invalid.yaml");
    let at = |v: &str| concise(&["lint", "--kube-version", v, &file]);
    let later = [
        "crd/selectable-fields",
        "schema/validation-rule",
        "cel/message-expression",
    ];
    // 1.26 has none of the fields; 1.29 has all but selectableFields (1.30).
    for (v, absent) in [("1.26", &later[..]), ("1.29", &later[..1])] {
        let out = at(v);
        for rule in absent {
            assert!(!out.contains(rule), "{v}: {rule}\n{out}");
        }
        assert!(
            out.lines().any(|l| l.contains("crd/field-not-in-version")
                && l.contains("selectableFields: strict decoding error")),
            "{v}\n{out}"
        );
    }
    let out = at("1.30");
    for rule in later {
        assert!(out.contains(rule), "1.30: {rule}\n{out}");
    }
    assert!(!out.contains("crd/field-not-in-version"), "{out}");
}

/// A wrong `default` type: the server validates the default with an empty root name
/// (apiextensions-apiserver `NewSchemaValidatorFromOpenAPI` passes `""` to kube-openapi's
/// `validate.NewSchemaValidator`) and kube-openapi formats `"%s in %s must be of type %s: %q"`
/// with it (`pkg/validation/errors/schema.go`), so its text really has two spaces and no field
/// name; the message keeps it and a help says which value is meant. A field inside a default is
/// named and gets no such help.
#[test]
fn a_default_of_the_wrong_type_keeps_the_servers_words_with_a_help() {
    let out = concise(&["lint", &format!("{DIR}/root-default.yaml")]);
    let line = |field: &str| {
        out.lines()
            .find(|l| l.contains(&format!("properties[{field}].default")))
            .unwrap_or_else(|| panic!("{field}:\n{out}"))
    };
    let whole = line("owner");
    assert!(
        whole.contains(
            r#".default: Invalid value: "string":  in body must be of type object: "string" (help: the server names no field here"#
        ),
        "{whole}"
    );
    assert!(
        whole.contains("the value meant is the `default` itself"),
        "{whole}"
    );
    let inner = line("contact");
    assert!(
        inner.contains(r#".default.email: Invalid value: "integer": email in body must be of type string: "integer""#),
        "{inner}"
    );
    assert!(!inner.contains("help:"), "{inner}");
}

/// An expression that does not compile in the policy's own environment (not the matched kind's
/// schema: `request` is declared by the server) also gets the checker's suggestion.
#[test]
fn a_misspelt_request_field_in_a_policy_gets_a_did_you_mean() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("policy.yaml");
    std::fs::write(
        &file,
        "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: ns-only}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  validations:
  - expression: \"request.nmespace != 'default'\"
",
    )
    .expect("write");
    let (code, out) = crdlint(&[
        "--format",
        "concise",
        "check",
        file.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 1, "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("error[admission/expression]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("undefined field 'nmespace'"), "{line}");
    assert!(line.contains("did you mean `namespace`?"), "{line}");
}
