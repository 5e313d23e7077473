//! `--format sarif` checked against the SARIF 2.1.0 schema's rules for every object crdlint
//! emits.
//!
//! Rather than vendor the 110 KB OASIS schema and a full JSON Schema engine, this test holds the
//! part of the schema that applies to crdlint's output: the definitions of the objects it writes
//! (sarifLog, run, tool, toolComponent, reportingDescriptor, reportingConfiguration, message,
//! multiformatMessageString, result, location, physicalLocation, artifactLocation, region,
//! logicalLocation), transcribed with their `required` lists, `enum`s, `minimum`s and
//! `"additionalProperties": false` (the schema sets it on every one of them, so a misspelt or
//! invented key fails here as it would in a real validator). Properties crdlint never writes
//! are left out of the transcription, which makes the check stricter, not looser: a new key
//! must be added here on purpose, after reading the schema. A small validator below implements
//! just the keywords used.

use std::process::Command as StdCommand;

use assert_cmd::Command;
use serde_json::{json, Value};

fn schema() -> Value {
    json!({
        "$ref": "#/definitions/sarifLog",
        "definitions": {
            "sarifLog": {
                "type": "object", "additionalProperties": false,
                "required": ["version", "runs"],
                "properties": {
                    "$schema": {"type": "string", "format": "uri"},
                    "version": {"enum": ["2.1.0"]},
                    "runs": {"type": "array", "items": {"$ref": "#/definitions/run"}}
                }
            },
            "run": {
                "type": "object", "additionalProperties": false,
                "required": ["tool"],
                "properties": {
                    "tool": {"$ref": "#/definitions/tool"},
                    "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                    "originalUriBaseIds": {"type": "object",
                                           "additionalProperties": {"$ref": "#/definitions/artifactLocation"}},
                    "results": {"type": "array", "items": {"$ref": "#/definitions/result"}}
                }
            },
            "tool": {
                "type": "object", "additionalProperties": false,
                "required": ["driver"],
                "properties": {"driver": {"$ref": "#/definitions/toolComponent"}}
            },
            "toolComponent": {
                "type": "object", "additionalProperties": false,
                "required": ["name"],
                "properties": {
                    "name": {"type": "string"},
                    "version": {"type": "string"},
                    "informationUri": {"type": "string", "format": "uri"},
                    "rules": {"type": "array",
                              "items": {"$ref": "#/definitions/reportingDescriptor"}}
                }
            },
            "reportingDescriptor": {
                "type": "object", "additionalProperties": false,
                "required": ["id"],
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "shortDescription": {"$ref": "#/definitions/multiformatMessageString"},
                    "fullDescription": {"$ref": "#/definitions/multiformatMessageString"},
                    "help": {"$ref": "#/definitions/multiformatMessageString"},
                    "defaultConfiguration": {"$ref": "#/definitions/reportingConfiguration"}
                }
            },
            "reportingConfiguration": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "enabled": {"type": "boolean"},
                    "level": {"enum": ["none", "note", "warning", "error"]},
                    "rank": {"type": "number", "minimum": -1, "maximum": 100}
                }
            },
            "multiformatMessageString": {
                "type": "object", "additionalProperties": false,
                "required": ["text"],
                "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}}
            },
            "message": {
                "type": "object", "additionalProperties": false,
                "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
                "properties": {
                    "text": {"type": "string"},
                    "markdown": {"type": "string"},
                    "id": {"type": "string"}
                }
            },
            "result": {
                "type": "object", "additionalProperties": false,
                "required": ["message"],
                "properties": {
                    "ruleId": {"type": "string"},
                    "ruleIndex": {"type": "integer", "minimum": -1},
                    "level": {"enum": ["none", "note", "warning", "error"]},
                    "message": {"$ref": "#/definitions/message"},
                    "locations": {"type": "array", "items": {"$ref": "#/definitions/location"}},
                    "relatedLocations": {"type": "array",
                                         "items": {"$ref": "#/definitions/location"}},
                    "suppressions": {"type": "array", "items": {"$ref": "#/definitions/suppression"}}
                }
            },
            "suppression": {
                "type": "object", "additionalProperties": false,
                "required": ["kind"],
                "properties": {
                    "kind": {"enum": ["inSource", "external"]},
                    "status": {"enum": ["accepted", "underReview", "rejected"]},
                    "justification": {"type": "string"}
                }
            },
            "location": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "id": {"type": "integer", "minimum": -1},
                    "physicalLocation": {"$ref": "#/definitions/physicalLocation"},
                    "logicalLocations": {"type": "array",
                                         "items": {"$ref": "#/definitions/logicalLocation"}},
                    "message": {"$ref": "#/definitions/message"}
                }
            },
            "physicalLocation": {
                "type": "object", "additionalProperties": false,
                "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}],
                "properties": {
                    "artifactLocation": {"$ref": "#/definitions/artifactLocation"},
                    "region": {"$ref": "#/definitions/region"}
                }
            },
            "artifactLocation": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "uri": {"type": "string", "format": "uri-reference"},
                    "uriBaseId": {"type": "string"},
                    "index": {"type": "integer", "minimum": -1}
                }
            },
            "region": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "startLine": {"type": "integer", "minimum": 1},
                    "startColumn": {"type": "integer", "minimum": 1},
                    "endLine": {"type": "integer", "minimum": 1},
                    "endColumn": {"type": "integer", "minimum": 1},
                    "charOffset": {"type": "integer", "minimum": -1},
                    "charLength": {"type": "integer", "minimum": 0}
                }
            },
            "logicalLocation": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "name": {"type": "string"},
                    "fullyQualifiedName": {"type": "string"},
                    "kind": {"type": "string"}
                }
            }
        }
    })
}

/// Validates `v` against `s`, appending `(json pointer, problem)` to `errors`.
fn validate(root: &Value, s: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/definitions/").expect("local $ref");
        let target = &root["definitions"][name];
        assert!(!target.is_null(), "unknown definition {name}");
        return validate(root, target, v, at, errors);
    }
    if let Some(t) = s.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            other => panic!("type {other} not implemented"),
        };
        if !ok {
            errors.push(format!("{at}: expected {t}, found {v}"));
            return;
        }
    }
    if let Some(allowed) = s.get("enum").and_then(Value::as_array) {
        if !allowed.contains(v) {
            errors.push(format!("{at}: {v} is not one of {allowed:?}"));
        }
    }
    if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
        if v.as_f64().is_some_and(|n| n < min) {
            errors.push(format!("{at}: {v} is below the minimum {min}"));
        }
    }
    if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
        if v.as_f64().is_some_and(|n| n > max) {
            errors.push(format!("{at}: {v} is above the maximum {max}"));
        }
    }
    if let Some(format) = s.get("format").and_then(Value::as_str) {
        let text = v.as_str().unwrap_or_default();
        // RFC 3986 forbids spaces, controls and a few delimiters anywhere in a URI; an absolute
        // URI also needs a scheme.
        let chars_ok = text
            .chars()
            .all(|c| c.is_ascii_graphic() && !"<>\"{}|\\^`".contains(c));
        let ok = match format {
            "uri-reference" => chars_ok,
            "uri" => {
                chars_ok
                    && text
                        .split_once(':')
                        .is_some_and(|(scheme, _)| !scheme.is_empty())
            }
            other => panic!("format {other} not implemented"),
        };
        if !ok {
            errors.push(format!("{at}: {text:?} is not a valid {format}"));
        }
    }
    if let Some(obj) = v.as_object() {
        let props = s.get("properties").and_then(Value::as_object);
        for key in s
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let key = key.as_str().expect("required names are strings");
            if !obj.contains_key(key) {
                errors.push(format!("{at}: required property {key} is missing"));
            }
        }
        if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
            let passes = any.iter().any(|alt| {
                let mut e = Vec::new();
                validate(root, alt, v, at, &mut e);
                e.is_empty()
            });
            if !passes {
                errors.push(format!("{at}: matches none of anyOf"));
            }
        }
        for (key, value) in obj {
            match props.and_then(|p| p.get(key)) {
                Some(ps) => validate(root, ps, value, &format!("{at}/{key}"), errors),
                None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errors.push(format!("{at}: property {key} is not allowed"))
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(arr)) = (s.get("items"), v.as_array()) {
        for (i, item) in arr.iter().enumerate() {
            validate(root, items, item, &format!("{at}/{i}"), errors);
        }
    }
}

fn check(v: &Value) -> Vec<String> {
    let root = schema();
    let mut errors = Vec::new();
    validate(&root, &root, v, "", &mut errors);
    errors
}

fn sarif(args: &[&str]) -> Value {
    let out = Command::cargo_bin("crdlint")
        .expect("binary built")
        .args(["check", "--format", "sarif"])
        .args(args)
        .output()
        .expect("crdlint runs");
    serde_json::from_slice(&out.stdout).expect("SARIF is JSON")
}

#[test]
fn the_validator_catches_what_it_should() {
    // Guards the guard: each mutation of a valid log must be reported.
    let good = json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
        "results": [{"message": {"text": "m"}, "level": "error",
          "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.yaml"},
            "region": {"startLine": 1, "startColumn": 1}}}]}]}]});
    assert_eq!(check(&good), Vec::<String>::new());
    let mutations: &[(&str, Value)] = &[
        ("/version", json!("2.0.0")),
        ("/runs/0/tool/driver/name", Value::Null),
        ("/runs/0/results/0/level", json!("fatal")),
        ("/runs/0/results/0/message", json!({})),
        ("/runs/0/results/0/extra", json!(1)),
        (
            "/runs/0/results/0/locations/0/physicalLocation/region/startLine",
            json!(0),
        ),
        (
            "/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri",
            json!("a b.yaml"),
        ),
    ];
    for (pointer, value) in mutations {
        let mut bad = good.clone();
        let (parent, key) = pointer.rsplit_once('/').expect("pointer");
        let target = bad.pointer_mut(parent).expect("parent exists");
        if value.is_null() {
            target.as_object_mut().expect("object").remove(key);
        } else {
            target[key] = value.clone();
        }
        assert!(!check(&bad).is_empty(), "mutation at {pointer} not caught");
    }
}

#[test]
fn output_conforms_to_sarif_2_1_0() {
    for args in [
        &[
            "--strict",
            "testdata/cli/duplicate.yaml",
            "testdata/cli/malformed.yaml",
            "testdata/cli/list.yaml",
        ][..],
        &["testdata/examples"][..],
        &["testdata/cli/widgets.json"][..],
    ] {
        let v = sarif(args);
        assert_eq!(check(&v), Vec::<String>::new(), "{args:?}");
        let run = &v["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        assert!(!rules.is_empty());
        for r in run["results"].as_array().expect("results") {
            let i = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            assert_eq!(rules[i]["id"], r["ruleId"]);
        }
    }
}

/// The SARIF of `check testdata/examples` passes Microsoft's SARIF multitool with GitHub's rules
/// (`validate --rule-kind "Gh;Sarif"`) with no error. The tool is large (npm
/// `@microsoft/sarif-multitool`, a .NET binary), so the test runs it when `SARIF_MULTITOOL`
/// names it (`.ci/run` installs it) and otherwise says why it did not.
#[test]
fn sarif_multitool_finds_no_error() {
    let Some(tool) = std::env::var_os("SARIF_MULTITOOL") else {
        eprintln!("skipped: SARIF_MULTITOOL is not set (.ci/run installs the multitool from npm)");
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("examples.sarif");
    let out = StdCommand::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(["check", "--format", "sarif", "testdata/examples"])
        .output()
        .expect("crdlint runs");
    std::fs::write(&log, &out.stdout).expect("write the log");
    let report = dir.path().join("report.sarif");
    let run = StdCommand::new(&tool)
        .arg("validate")
        .args(["--rule-kind", "Gh;Sarif", "-o"])
        .arg(&report)
        .arg(&log)
        .output()
        .expect("the multitool runs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{text}");
    let errors: Vec<&str> = text.lines().filter(|l| l.contains(": error ")).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
