//! Conformance: CRD validation against `testdata/conformance/schema/crd-validation.yaml` and
//! `structural.yaml` (vectors translated from the apiextensions-apiserver test tables; see the
//! README there for the matching rules). Every case runs; the only skipped ones need a CEL
//! compiler and are listed in [`NEEDS_CEL`] with that reason.

use crate::common;

use crdlint::diag::Diagnostic;
use crdlint::lint::{self, Mode, Options, SchemaOpts, StructOpts};
use crdlint::yaml::Node;

/// Cases whose expected errors come from compiling `x-kubernetes-validations` (CEL).
const NEEDS_CEL: &[(&str, &str)] = &[];

fn load(file: &str) -> Node {
    common::vectors_as_pyyaml("schema", file)
}

/// One produced error as the vectors see it: server path, type word, full server string.
struct Actual {
    path: String,
    word: String,
    full: String,
}

const WORDS: &[&str] = &[
    "Required value",
    "Forbidden",
    "Invalid value",
    "Unsupported value",
    "Duplicate value",
    "Too many",
    "Too long",
    "Internal error",
];

fn actual(d: &Diagnostic) -> Actual {
    let user = d.path.clone().unwrap_or_default();
    let server = d.server_path.clone().unwrap_or_else(|| user.clone());
    let body = d
        .message
        .strip_prefix(&format!("{user}: "))
        .unwrap_or(&d.message)
        .to_string();
    let word = WORDS
        .iter()
        .find(|w| body.starts_with(*w))
        .copied()
        .unwrap_or("?")
        .to_string();
    Actual {
        path: server.clone(),
        word,
        full: format!("{server}: {body}"),
    }
}

fn word_of(ty: &str) -> &'static str {
    match ty {
        "Required" => "Required value",
        "Invalid" | "TypeInvalid" => "Invalid value",
        "NotSupported" => "Unsupported value",
        "Forbidden" => "Forbidden",
        "Duplicate" => "Duplicate value",
        "TooMany" => "Too many",
        "TooLong" => "Too long",
        "Internal" => "Internal error",
        _ => "?",
    }
}

/// Multiset match on (path, type[, contains]); returns a failure description.
fn match_errors(expected: &[Node], got: &[Diagnostic]) -> Option<String> {
    let acts: Vec<Actual> = got
        .iter()
        .filter(|d| d.severity == crdlint::diag::Severity::Error)
        .map(actual)
        .collect();
    let mut used = vec![false; acts.len()];
    let mut missing = Vec::new();
    // Expectations with a substring first, so that plain ones do not steal their match.
    let mut order: Vec<&Node> = expected.iter().collect();
    order.sort_by_key(|e| e.get_str("error_contains").is_none());
    for e in order {
        let path = e.get_str("path").unwrap_or("");
        let word = word_of(e.get_str("type").unwrap_or(""));
        let contains = e.get_str("error_contains");
        let hit = acts.iter().enumerate().position(|(i, a)| {
            !used[i]
                && a.path == path
                && a.word == word
                && contains.is_none_or(|c| a.full.contains(c))
        });
        match hit {
            Some(i) => used[i] = true,
            None => missing.push(format!(
                "{path}: {word}{}",
                contains.map(|c| format!(" ~ {c:?}")).unwrap_or_default()
            )),
        }
    }
    let extra: Vec<&str> = acts
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(a, _)| a.full.as_str())
        .collect();
    if missing.is_empty() && extra.is_empty() {
        None
    } else {
        Some(format!("missing: {missing:#?}\n  unexpected: {extra:#?}"))
    }
}

fn cases<'a>(root: &'a Node, section: &str) -> &'a [Node] {
    root.at(&["sections", section, "cases"])
        .and_then(Node::as_seq)
        .unwrap_or(&[])
}

fn run_case(section: &str, c: &Node, field_schema: Option<&Node>) -> Option<String> {
    let expected: &[Node] = c
        .get("expected_errors")
        .and_then(Node::as_seq)
        .unwrap_or(&[]);
    match section {
        "validate_crd" | "selectable_fields" => {
            let crd = c.get("crd")?;
            let got = lint::lint_crd_with(
                crd,
                &Options::default(),
                Mode {
                    as_given: true,
                    server_only: true,
                    skip_cel: false,
                    cost_warn_percent: None,
                },
            );
            match_errors(expected, &got)
        }
        "schema_validation" => {
            let mut o = SchemaOpts::none();
            if let Some(m) = c.get("options").and_then(Node::as_map) {
                for (k, v) in m.iter() {
                    let on = v.as_bool().unwrap_or(false);
                    match k {
                        "allowDefaults" => o.allow_defaults = on,
                        "requireValidPropertyType" => o.require_valid_property_type = on,
                        "requireStructuralSchema" => o.require_structural = on,
                        "requirePrunedDefaults" => o.require_pruned_defaults = on,
                        "requireAtomicSetType" => o.require_atomic_set_type = on,
                        "requireMapListKeysMapSetValidation" => {
                            o.require_map_list_keys_map_set_validation = on
                        }
                        other => return Some(format!("unknown option {other}")),
                    }
                }
            }
            if let Some(v) = c.get("cel_environment_compatibility_version") {
                // The environment of new expressions is the API server's minor - 1.
                let minor = v
                    .as_str()
                    .map(str::to_string)
                    .or_else(|| v.as_f64().map(|f| format!("{f}")))
                    .and_then(|s| s.split('.').nth(1).and_then(|m| m.parse::<u32>().ok()));
                match minor {
                    Some(m) => o.cel = Some(crdlint::k8s::KubeVersion { minor: m + 1 }),
                    None => return Some(format!("bad compatibility version {v:?}")),
                }
            }
            let status = c
                .get("status_enabled")
                .and_then(Node::as_bool)
                .unwrap_or(false);
            let empty = Node::from_json(&serde_json::json!({}));
            let schema = c.get("schema").unwrap_or(&empty);
            let got = lint::lint_schema_validation(schema, status, &o);
            match_errors(expected, &got)
        }
        "field_path" => {
            let schema = field_schema?;
            let fp = c.get_str("field_path").unwrap_or("");
            let valid = c.get("valid").and_then(Node::as_bool).unwrap_or(false);
            match (lint::resolve_field_path(schema, fp, true), valid) {
                (Ok(_), true) => None,
                (Err(e), true) => Some(format!("unexpected error {e}")),
                (Ok(p), false) => Some(format!("resolved to {p}, expected an error")),
                (Err(e), false) => {
                    let want = c.get_str("error_contains").unwrap_or("");
                    (!e.contains(want)).then(|| format!("error {e:?} does not contain {want:?}"))
                }
            }
        }
        "stored_versions" => {
            let null = Node::from_json(&serde_json::Value::Null);
            let got = lint::lint_stored_versions(
                c.get("stored_versions").unwrap_or(&null),
                c.get("versions").unwrap_or(&null),
            );
            match_errors(expected, &got)
        }
        "deprecation_warning" => {
            let dep = c.get("deprecated").and_then(Node::as_bool).unwrap_or(false);
            let got = match c.get_str("warning_bytes_hex") {
                Some(hex) => {
                    let bytes: Vec<u8> = (0..hex.len() / 2)
                        .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                        .collect();
                    lint::deprecation_warning_errors_bytes(dep, &bytes)
                }
                None => lint::deprecation_warning_errors(dep, c.get_str("warning")),
            };
            let want: Vec<&str> = c
                .get("expected_messages")
                .and_then(Node::as_seq)
                .unwrap_or(&[])
                .iter()
                .filter_map(Node::as_str)
                .collect();
            (got != want).then(|| format!("got {got:?}, want {want:?}"))
        }
        other => Some(format!("unknown section {other}")),
    }
}

#[test]
fn crd_validation_vectors() {
    let root = load("crd-validation.yaml");
    let mut passed = 0;
    let mut skipped = 0;
    let mut failures = Vec::new();
    let mut skipped_but_passing = Vec::new();
    for section in [
        "validate_crd",
        "selectable_fields",
        "schema_validation",
        "field_path",
        "stored_versions",
        "deprecation_warning",
    ] {
        let field_schema = root.at(&["sections", section, "schema"]);
        for (i, c) in cases(&root, section).iter().enumerate() {
            let name = c.get_str("name").unwrap_or("?");
            let skip = NEEDS_CEL.iter().any(|(n, _)| *n == name);
            let r = run_case(section, c, field_schema);
            match (r, skip) {
                (None, false) => passed += 1,
                (None, true) => skipped_but_passing.push(format!("{section}[{i}] {name}")),
                (Some(_), true) => skipped += 1,
                (Some(f), false) => failures.push(format!("{section}[{i}] {name}:\n  {f}")),
            }
        }
    }
    println!(
        "crd-validation: {passed} passed, {skipped} skipped (need CEL), {} failed",
        failures.len()
    );
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(
        skipped_but_passing.is_empty(),
        "listed as needing CEL but pass: {skipped_but_passing:#?}"
    );
    assert!(
        failures.is_empty(),
        "{} crd-validation vectors failed",
        failures.len()
    );
}

#[test]
fn structural_vectors() {
    let root = load("structural.yaml");
    let mut failures = Vec::new();
    let mut passed = 0;
    for (i, c) in root
        .get("cases")
        .and_then(Node::as_seq)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        let name = c.get_str("name").unwrap_or("?");
        let mut o = StructOpts::default();
        if let Some(m) = c.get("options").and_then(Node::as_map) {
            for (k, v) in m.iter() {
                let on = v.as_bool().unwrap_or(false);
                match k {
                    "AllowNestedAdditionalProperties" => o.allow_nested_additional_properties = on,
                    "AllowValidationPropertiesWithAdditionalProperties" => {
                        o.allow_validation_properties_with_additional_properties = on
                    }
                    _ => failures.push(format!("[{i}] {name}: unknown option {k}")),
                }
            }
        }
        let Some(schema) = c.get("schema") else {
            failures.push(format!("[{i}] {name}: no schema"));
            continue;
        };
        let completeness = c.get_str("check") == Some("completeness");
        let got = lint::lint_structural(schema, &o, completeness);
        let strings: Vec<String> = got.iter().map(|d| actual(d).full).collect();
        let expect = c
            .get("expect_errors")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let ok = if expect {
            !strings.is_empty()
                && c.get_str("expected_error_contains")
                    .is_none_or(|w| strings.iter().any(|s| s.contains(w)))
        } else {
            strings.is_empty()
        };
        if ok {
            passed += 1;
        } else {
            failures.push(format!(
                "[{i}] {name}: expect_errors={expect}, got {strings:#?}"
            ));
        }
    }
    println!("structural: {passed} passed, {} failed", failures.len());
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty());
}
