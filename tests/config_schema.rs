//! `schemas/crdlint-config.schema.json`, the JSON Schema of `.crdlint.yaml` that editors use
//! (issue 30): its keys are the parser's, both ways, and the repository's example configs
//! (README.md's and testdata's) are valid under it and read by the parser alike.
//!
//! The key lists come from the parser itself: its tables (`config::KEYS`, `COMPAT_KEYS`,
//! `PER_FILE_KEYS`, `classify::RECOGNIZE_KEYS`) and what `config::parse` does with each name (a
//! key it accepts is never "unknown", whatever its value). The schema is checked with a small
//! validator of the keywords it uses; a keyword it does not know fails the test, so the schema
//! cannot grow a keyword that is silently not checked here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crdlint::cli::classify::RECOGNIZE_KEYS;
use crdlint::cli::config::{self, COMPAT_KEYS, KEYS, PER_FILE_KEYS};
use serde_json::Value;

/// Sections the issue declares that another part of the work parses (issue 30's `vendor:`,
/// read by `crdlint vendor`'s branch): in the schema, and checked against the parser as soon
/// as the parser knows them (`KEYS` names them).
const DECLARED_ELSEWHERE: &[&str] = &["vendor"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("schemas/crdlint-config.schema.json"))
        .expect("the schema file");
    serde_json::from_str(&text).expect("the schema is JSON")
}

fn keys_of(v: &Value) -> BTreeSet<String> {
    v["properties"]
        .as_object()
        .expect("properties")
        .keys()
        .cloned()
        .collect()
}

fn set(keys: &[&str]) -> BTreeSet<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

/// What the parser says about `text` (empty when it reads it).
fn parse(text: &str) -> String {
    match config::parse(".crdlint.yaml", PathBuf::new(), text) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

/// Whether the parser knows `key` under `section` (top level when `None`): given a value of
/// no type any key takes, it complains about the value, never that the key is unknown.
fn parser_knows(section: Option<&str>, key: &str) -> bool {
    let text = match section {
        None => format!("version: 1\n{key}: {{x: [1]}}\n"),
        Some("per-file") => format!("version: 1\nper-file:\n  - {key}: {{x: [1]}}\n"),
        // `recognize` reads each value before its key: a boolean lets the key be judged.
        Some("recognize") => format!("version: 1\nrecognize:\n  {key}: true\n"),
        Some(s) => format!("version: 1\n{s}:\n  {key}: {{x: [1]}}\n"),
    };
    !parse(&text).contains(&format!("unknown key `{key}`"))
}

#[test]
fn the_schema_has_every_key_the_parser_reads_and_no_other() {
    let schema = schema();
    let table = set(&KEYS.iter().map(|k| k.0).collect::<Vec<_>>());
    let in_schema = keys_of(&schema);
    for key in &table {
        assert!(
            in_schema.contains(key),
            "the parser reads `{key}`; the schema lacks it"
        );
        assert!(
            parser_knows(None, key),
            "KEYS lists `{key}` but the parser refuses it"
        );
    }
    for key in &in_schema {
        let pending = DECLARED_ELSEWHERE.contains(&key.as_str()) && !table.contains(key);
        assert!(
            table.contains(key) || pending,
            "the schema has `{key}`; the parser does not read it"
        );
        assert_eq!(
            parser_knows(None, key),
            !pending,
            "`{key}`: the parser and its KEYS table disagree"
        );
    }
    // A name the parser does not know is refused, so the probe above can tell.
    assert!(!parser_knows(None, "no-such-key"));
    let props = &schema["properties"];
    for (section, table) in [
        ("compat", COMPAT_KEYS),
        ("recognize", RECOGNIZE_KEYS),
        ("per-file", PER_FILE_KEYS),
    ] {
        let node = if section == "per-file" {
            &props[section]["items"]
        } else {
            &props[section]
        };
        assert_eq!(keys_of(node), set(table), "`{section}`");
        for key in table {
            assert!(parser_knows(Some(section), key), "`{section}.{key}`");
        }
        assert!(!parser_knows(Some(section), "no-such-key"), "`{section}`");
        assert_eq!(node["additionalProperties"], false, "`{section}`");
    }
}

#[test]
fn the_vendor_entries_are_the_issues_sources() {
    // Issue 30's "Declare": a name, one source (url with sha256, git with ref and paths, helm
    // with chart and version, path) and `override`.
    let s = schema();
    let item = &s["properties"]["vendor"]["items"];
    let declared = set(&[
        "name", "url", "sha256", "git", "ref", "paths", "helm", "chart", "version", "path",
        "override",
    ]);
    assert_eq!(keys_of(item), declared);
    let ok = |entry: &str| validate_yaml(&s, &format!("version: 1\nvendor:\n{entry}"));
    assert_eq!(ok("  - {name: flux, git: https://github.com/fluxcd/flux2, ref: v2.4.0, paths: ['manifests/crds/**/*.yaml']}\n"), Vec::<String>::new());
    assert_eq!(
        ok(&format!(
            "  - {{name: cm, url: https://example.com/c.yaml, sha256: {}}}\n",
            "a".repeat(64)
        )),
        Vec::<String>::new()
    );
    assert_eq!(ok("  - {name: es, helm: oci://ghcr.io/external-secrets/charts/external-secrets, version: 0.10.4}\n"), Vec::<String>::new());
    assert_eq!(
        ok("  - {name: mine, path: ../platform/crds, override: true}\n"),
        Vec::<String>::new()
    );
    // No source, two sources, a URL without its sha256, a key of no source.
    for bad in [
        "  - {name: x}\n",
        "  - {name: x, git: a, path: b}\n",
        "  - {name: x, url: https://example.com/c.yaml}\n",
        "  - {name: x, path: a, tag: v1}\n",
        "  - {path: a}\n",
    ] {
        assert!(!ok(bad).is_empty(), "accepted: {bad}");
    }
}

/// The YAML blocks of README.md that are config files (they hold `version: 1`), and the config
/// files under testdata/ that are meant to be read (`*crdlint.yaml`, not the broken ones).
fn example_configs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let mut block: Option<String> = None;
    for (n, line) in readme.lines().enumerate() {
        match (&mut block, line.trim_end()) {
            (None, "```yaml") => block = Some(String::new()),
            (Some(b), "```") => {
                if b.lines().any(|l| l == "version: 1") {
                    out.push((
                        format!("README.md block ending at line {}", n + 1),
                        b.clone(),
                    ));
                }
                block = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    let mut stack = vec![root().join("testdata")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("read_dir").flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if p.is_dir() {
                stack.push(p);
            } else if name.ends_with("crdlint.yaml") {
                let text = std::fs::read_to_string(&p).expect("read");
                out.push((p.display().to_string(), text));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_example_configs_are_valid_and_read() {
    let s = schema();
    let examples = example_configs();
    // README's complete example and the config files of testdata.
    assert!(
        examples.len() >= 4,
        "{:?}",
        examples.iter().map(|e| &e.0).collect::<Vec<_>>()
    );
    let mut covered = BTreeSet::new();
    for (name, text) in &examples {
        assert_eq!(validate_yaml(&s, text), Vec::<String>::new(), "{name}");
        let pending = DECLARED_ELSEWHERE
            .iter()
            .any(|k| text.lines().any(|l| l.starts_with(&format!("{k}:"))));
        if !pending {
            assert_eq!(parse(text), "", "{name}");
        }
        let doc = &crdlint::yaml::load(text)[0];
        if let Some(map) = doc.root.as_ref().and_then(|r| r.as_map()) {
            covered.extend(map.keys().map(str::to_string));
        }
    }
    // Between them they use every key the parser reads.
    let table = set(&KEYS.iter().map(|k| k.0).collect::<Vec<_>>());
    let missing: Vec<&String> = table.difference(&covered).collect();
    assert!(missing.is_empty(), "no example config uses {missing:?}");
}

#[test]
fn the_schema_refuses_what_the_parser_refuses() {
    let s = schema();
    for bad in [
        "paths: [a]\n",                               // no version
        "version: 2\n",                               // only 1 exists
        "version: 1\nformat: xml\n",                  // not a format
        "version: 1\nignor: [cel/]\n",                // a misspelt key
        "version: 1\nrecognize: {helmet: true}\n",    // a misspelt section key
        "version: 1\nper-file: [{ignore: [cel/]}]\n", // per-file without paths
        "version: 1\nseverity: {cel/: fatal}\n",      // not a severity
        "version: 1\ncost-warn: -1\n",
    ] {
        assert!(
            !validate_yaml(&s, bad).is_empty(),
            "the schema accepts {bad:?}"
        );
        assert!(!parse(bad).is_empty(), "the parser accepts {bad:?}");
    }
}

/// Validates a YAML text (read as the config parser reads it) against the schema.
fn validate_yaml(schema: &Value, text: &str) -> Vec<String> {
    let docs = crdlint::yaml::load(text);
    let value = docs[0].root.as_ref().expect("a document").to_json();
    let mut errors = Vec::new();
    check(schema, schema, &value, "", &mut errors);
    errors
}

/// The JSON Schema keywords the config schema uses, and nothing else (annotations aside).
fn check(root: &Value, s: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(obj) = s.as_object() else {
        panic!("{at}: a schema must be an object");
    };
    for (k, kw) in obj {
        match k.as_str() {
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = kw
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .expect("a local $ref");
                check(root, &root["$defs"][name], v, at, errors);
            }
            "type" => {
                let types: Vec<&str> = match kw {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => panic!("{at}: type"),
                };
                let ok = types.iter().any(|t| match *t {
                    "object" => v.is_object(),
                    "array" => v.is_array(),
                    "string" => v.is_string(),
                    "boolean" => v.is_boolean(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "number" => v.is_number(),
                    other => panic!("{at}: type {other}"),
                });
                if !ok {
                    errors.push(format!("{at}: not {types:?}"));
                }
            }
            "enum" => {
                if !kw.as_array().expect("enum").contains(v) {
                    errors.push(format!("{at}: {v} not in {kw}"));
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for r in kw.as_array().expect("required") {
                        let r = r.as_str().expect("name");
                        if !o.contains_key(r) {
                            errors.push(format!("{at}: missing {r}"));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (name, sub) in kw.as_object().expect("properties") {
                        if let Some(x) = o.get(name) {
                            check(root, sub, x, &format!("{at}.{name}"), errors);
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let known = obj.get("properties").and_then(Value::as_object);
                    for (name, x) in o {
                        if known.is_some_and(|p| p.contains_key(name)) {
                            continue;
                        }
                        match kw {
                            Value::Bool(false) => errors.push(format!("{at}: unknown key {name}")),
                            Value::Bool(true) => {}
                            sub => check(root, sub, x, &format!("{at}.{name}"), errors),
                        }
                    }
                }
            }
            "items" => {
                if let Some(items) = v.as_array() {
                    for (i, x) in items.iter().enumerate() {
                        check(root, kw, x, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            "minItems" => {
                let min = kw.as_u64().expect("minItems") as usize;
                if v.as_array().is_some_and(|a| a.len() < min) {
                    errors.push(format!("{at}: fewer than {min} items"));
                }
            }
            "minLength" => {
                let min = kw.as_u64().expect("minLength") as usize;
                if v.as_str().is_some_and(|s| s.chars().count() < min) {
                    errors.push(format!("{at}: shorter than {min}"));
                }
            }
            "minimum" => {
                let min = kw.as_f64().expect("minimum");
                if v.as_f64().is_some_and(|n| n < min) {
                    errors.push(format!("{at}: below {min}"));
                }
            }
            "pattern" => {
                let re = regex::Regex::new(kw.as_str().expect("pattern")).expect("regex");
                if v.as_str().is_some_and(|s| !re.is_match(s)) {
                    errors.push(format!("{at}: {v} does not match {kw}"));
                }
            }
            "oneOf" | "anyOf" => {
                let matched = kw
                    .as_array()
                    .expect("list")
                    .iter()
                    .filter(|sub| {
                        let mut e = Vec::new();
                        check(root, sub, v, at, &mut e);
                        e.is_empty()
                    })
                    .count();
                let ok = if k == "oneOf" {
                    matched == 1
                } else {
                    matched >= 1
                };
                if !ok {
                    errors.push(format!("{at}: {matched} of {k} match"));
                }
            }
            "not" => {
                let mut e = Vec::new();
                check(root, kw, v, at, &mut e);
                if e.is_empty() {
                    errors.push(format!("{at}: matches `not`"));
                }
            }
            other => panic!("{at}: the test's validator does not know `{other}`"),
        }
    }
}
