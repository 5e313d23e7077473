//! Conformance: custom-resource validation, pruning, defaulting, list types and embedded
//! ObjectMeta against the vectors in `testdata/conformance/schema/` (cr-validation, pruning,
//! defaulting, listtype, objectmeta), which were translated from the upstream Go test tables.
//! Every case runs; the few that cannot pass yet are listed in `SKIPPED` with the reason.

use crate::common;

use std::collections::BTreeSet;

use crdlint::apiext::{parts, prune};
use crdlint::k8s::{ErrorType, FieldError, FieldPath};
use crdlint::schema::Schema;
use crdlint::validate::{self, CompiledCrd, Options};
use crdlint::yaml::Node;
use serde_json::json;

/// (file, case name, reason): cases whose expectations need a layer that does not exist yet.
/// Empty: every case runs (the CEL cases through `CompiledCrd::validate_rules_only`).
const SKIPPED: &[(&str, &str, &str)] = &[];

fn skip_reason(file: &str, case: &str) -> Option<&'static str> {
    SKIPPED
        .iter()
        .find(|(f, c, _)| *f == file && *c == case)
        .map(|(_, _, r)| *r)
}

fn load(file: &str) -> Node {
    common::vectors_as_pyyaml("schema", file)
}

fn cases(n: &Node) -> &[Node] {
    n.get("cases").and_then(Node::as_seq).expect("cases")
}

fn name(c: &Node) -> String {
    c.get_str("name").unwrap_or("?").to_string()
}

/// A schema field: `null` (or absent) is a nil schema.
fn schema_of(c: &Node) -> Option<Schema> {
    c.get("schema")
        .filter(|s| !s.is_null())
        .map(Schema::from_node)
}

/// The JSON value of a node, keeping int vs float apart (serde_json numbers do).
fn j(n: &Node) -> serde_json::Value {
    n.to_json()
}

fn compat(c: &Node) -> u32 {
    c.get_str("compatibility_version")
        .and_then(|v| v.strip_prefix("1."))
        .and_then(|m| m.parse().ok())
        .unwrap_or(Options::default().kube_version.minor - 1)
}

fn type_name(t: ErrorType) -> &'static str {
    match t {
        ErrorType::NotFound => "NotFound",
        ErrorType::Required => "Required",
        ErrorType::Duplicate => "Duplicate",
        ErrorType::Invalid => "Invalid",
        ErrorType::NotSupported => "NotSupported",
        ErrorType::Forbidden => "Forbidden",
        ErrorType::TooLong => "TooLong",
        ErrorType::TooMany => "TooMany",
        ErrorType::Internal => "Internal",
        ErrorType::TypeInvalid => "TypeInvalid",
    }
}

/// Multiset match of (path, type) pairs.
fn match_path_types(expected: &Node, actual: &[FieldError]) -> Result<(), String> {
    let mut want: Vec<(String, String)> = expected
        .as_seq()
        .unwrap_or_default()
        .iter()
        .map(|e| {
            (
                e.get_str("path").unwrap_or("").to_string(),
                e.get_str("type").unwrap_or("").to_string(),
            )
        })
        .collect();
    let mut got: Vec<(String, String)> = actual
        .iter()
        .map(|e| (e.path.to_string(), type_name(e.kind).to_string()))
        .collect();
    want.sort();
    got.sort();
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "want {want:?}\n   got {got:?}\n   ({})",
            actual
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" | ")
        ))
    }
}

struct Tally {
    file: &'static str,
    passed: usize,
    skipped: usize,
    failures: Vec<String>,
}

impl Tally {
    fn new(file: &'static str) -> Self {
        Tally {
            file,
            passed: 0,
            skipped: 0,
            failures: Vec::new(),
        }
    }
    fn check(&mut self, case: &str, r: Result<(), String>) {
        match r {
            Ok(()) => self.passed += 1,
            Err(e) => self.failures.push(format!("{}: {case}: {e}", self.file)),
        }
    }
    fn finish(self) {
        println!(
            "{}: {} passed, {} skipped, {} failed",
            self.file,
            self.passed,
            self.skipped,
            self.failures.len()
        );
        assert!(
            self.failures.is_empty(),
            "{} failures:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
        assert!(self.passed > 0, "{}: no case ran", self.file);
    }
}

/// Upstream's test runs the schema validator and the CEL validator (with `old_object` as
/// `oldSelf`, absent on create) side by side, both with a nil root path.
fn schema_and_rule_errors(crd: &CompiledCrd, case: &Node, obj: &Node, minor: u32) -> Vec<String> {
    let old = case.get("old_object");
    let mut errs: Vec<String> = crd
        .validate_schema_only("v1", obj, minor)
        .iter()
        .map(|(e, _)| e.to_string())
        .collect();
    errs.extend(
        crd.validate_rules_only("v1", obj, old)
            .iter()
            .map(|(e, _)| e.to_string()),
    );
    errs
}

#[test]
fn cr_validation_schema() {
    let root = load("cr-validation.yaml");
    let sec = root
        .at(&["sections", "schema_validation"])
        .expect("section");
    let mut t = Tally::new("cr-validation");
    for c in cases(sec) {
        let case = name(c);
        let crd = CompiledCrd::from_schema(c.get("schema").expect("schema"));
        let minor = compat(c);
        for (i, v) in c
            .get("valid_objects")
            .and_then(Node::as_seq)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let obj = v.get("object").expect("object");
            let errs = schema_and_rule_errors(&crd, v, obj, minor);
            t.check(
                &format!("{case} valid[{i}]"),
                if errs.is_empty() {
                    Ok(())
                } else {
                    Err(format!("unexpected errors {errs:?}"))
                },
            );
        }
        let failing = c
            .get("failing_objects")
            .and_then(Node::as_seq)
            .unwrap_or_default();
        if let Some(reason) = skip_reason("cr-validation", &case) {
            assert!(!reason.is_empty());
            t.skipped += failing.len();
            continue;
        }
        for (i, f) in failing.iter().enumerate() {
            let obj = f.get("object").expect("object");
            let got: BTreeSet<String> = schema_and_rule_errors(&crd, f, obj, minor)
                .into_iter()
                .collect();
            let want: BTreeSet<String> = f
                .get("expected_errors")
                .and_then(Node::as_seq)
                .unwrap_or_default()
                .iter()
                .filter_map(|e| e.as_str().map(str::to_string))
                .collect();
            t.check(
                &format!("{case} failing[{i}]"),
                if got == want {
                    Ok(())
                } else {
                    Err(format!("\n   want {want:?}\n   got  {got:?}"))
                },
            );
        }
    }
    t.finish();
}

#[test]
fn cr_validation_names() {
    let root = load("cr-validation.yaml");
    let sec = root.at(&["sections", "name_validation"]).expect("section");
    let d = sec.get("crd").expect("crd");
    let crd_doc = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "foos.example.com"},
        "spec": {
            "group": d.get_str("group"),
            "scope": d.get_str("scope"),
            "names": {"kind": d.get_str("kind"), "plural": "foos"},
            "versions": [{
                "name": d.get_str("version"),
                "served": true,
                "storage": true,
                "schema": {"openAPIV3Schema": j(sec.get("schema").expect("schema"))}
            }]
        }
    });
    let crd = CompiledCrd::compile(&Node::from_json(&crd_doc)).expect("compiles");
    let mut t = Tally::new("cr-validation/name_validation");
    for c in cases(sec) {
        let case = name(c);
        let out = validate::validate_resource(
            &crd,
            c.get("object").expect("object"),
            &Options::default(),
        );
        let errs: Vec<String> = out
            .diagnostics
            .iter()
            .filter(|d| d.severity == crdlint::diag::Severity::Error)
            .map(|d| d.message.clone())
            .collect();
        let aggregate = if errs.len() == 1 {
            errs[0].clone()
        } else {
            format!("[{}]", errs.join(", "))
        };
        let valid = c.get("valid").and_then(Node::as_bool).unwrap_or(false);
        let r = if valid {
            if errs.is_empty() {
                Ok(())
            } else {
                Err(format!("unexpected {aggregate}"))
            }
        } else {
            let want = c.get_str("error_contains").unwrap_or("");
            if !errs.is_empty() && aggregate.contains(want) {
                Ok(())
            } else {
                Err(format!(
                    "want an error containing {want:?}, got {aggregate:?}"
                ))
            }
        };
        t.check(&case, r);
    }
    t.finish();
}

#[test]
fn pruning() {
    let root = load("pruning.yaml");
    let mut t = Tally::new("pruning");
    for c in cases(&root) {
        let case = name(c);
        let s = schema_of(c);
        let is_root = c
            .get("is_resource_root")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let mut x = c.get("input").expect("input").clone();
        let unknown = prune::prune(&mut x, s.as_ref(), is_root);
        let paths: Vec<String> = unknown.into_iter().map(|u| u.path).collect();
        let want_paths: Vec<String> = c
            .get("expected_pruned_paths")
            .and_then(Node::as_seq)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect();
        let want = j(c.get("expected_output").expect("expected_output"));
        let r = if j(&x) != want {
            Err(format!("output\n   want {want}\n   got  {}", j(&x)))
        } else if paths != want_paths {
            Err(format!("paths\n   want {want_paths:?}\n   got  {paths:?}"))
        } else {
            Ok(())
        };
        t.check(&case, r);
    }
    t.finish();
}

#[test]
fn defaulting() {
    let root = load("defaulting.yaml");
    let mut t = Tally::new("defaulting");
    for c in cases(&root) {
        let case = name(c);
        let s = schema_of(c);
        let mut x = c.get("input").expect("input").clone();
        match c.get_str("function") {
            Some("Default") => {
                prune::apply_defaults(&mut x, s.as_ref());
            }
            Some("PruneNonNullableNullsWithoutDefaults") => {
                prune::prune_non_nullable_nulls(&mut x, s.as_ref());
            }
            other => panic!("{case}: unknown function {other:?}"),
        }
        let want = j(c.get("expected_output").expect("expected_output"));
        t.check(
            &case,
            if j(&x) == want {
                Ok(())
            } else {
                Err(format!("\n   want {want}\n   got  {}", j(&x)))
            },
        );
    }
    t.finish();
}

#[test]
fn listtype() {
    let root = load("listtype.yaml");
    let mut t = Tally::new("listtype");
    let base = FieldPath::new("root");
    for c in cases(&root) {
        let case = name(c);
        let s = schema_of(c);
        let obj = c.get("object").expect("object");
        let errs = parts::list_type_errors(Some(&base), s.as_ref(), obj);
        t.check(
            &case,
            match_path_types(c.get("expected_errors").expect("expected_errors"), &errs),
        );
    }
    t.finish();
}

#[test]
fn objectmeta() {
    let root = load("objectmeta.yaml");
    let mut t = Tally::new("objectmeta");
    // validate_embedded_resource: one embedded object at the nil path.
    let sec = root
        .at(&["sections", "validate_embedded_resource"])
        .expect("section");
    let s = schema_of(sec);
    for c in cases(sec) {
        let case = name(c);
        let obj = c.get("object").expect("object");
        let errs = parts::embedded_resource_errors(s.as_ref(), obj, false);
        t.check(
            &format!("validate_embedded_resource/{case}"),
            match_path_types(c.get("expected_errors").expect("expected_errors"), &errs),
        );
    }
    // validate: a walk over a shared schema.
    let sec = root.at(&["sections", "validate"]).expect("section");
    let s = schema_of(sec);
    for c in cases(sec) {
        let case = name(c);
        let include_root = c
            .get("include_root")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let obj = c.get("object").expect("object");
        let errs = parts::embedded_resource_errors(s.as_ref(), obj, include_root);
        t.check(
            &format!("validate/{case}"),
            match_path_types(c.get("expected_errors").expect("expected_errors"), &errs),
        );
    }
    // coerce.
    let sec = root.at(&["sections", "coerce"]).expect("section");
    for c in cases(sec) {
        let case = name(c);
        let s = schema_of(c);
        let include_root = c
            .get("include_root")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let drop = c
            .get("drop_invalid_fields")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let mut x = c.get("input").expect("input").clone();
        let (err, paths) = parts::coerce_embedded(&mut x, s.as_ref(), include_root, drop);
        let expect_error = c
            .get("expect_error")
            .and_then(Node::as_bool)
            .unwrap_or(false);
        let want_paths: Vec<String> = c
            .get("expected_unknown_field_paths")
            .and_then(Node::as_seq)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect();
        let r = if expect_error != err.is_some() {
            Err(format!("expect_error {expect_error}, got {err:?}"))
        } else if !expect_error && j(&x) != j(c.get("expected_output").expect("expected_output")) {
            Err(format!(
                "output\n   want {}\n   got  {}",
                j(c.get("expected_output").expect("expected_output")),
                j(&x)
            ))
        } else if paths != want_paths {
            Err(format!("paths\n   want {want_paths:?}\n   got  {paths:?}"))
        } else {
            Ok(())
        };
        t.check(&format!("coerce/{case}"), r);
    }
    t.finish();
}
