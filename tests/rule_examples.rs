//! The bad and good example of every rule (`crdlint explain`, `docs/rules/`) are run: the bad one
//! must be reported under its rule and the good one must not. Documented examples that were
//! wrong are worse than none, and nothing else checks them (`tests/rule_fixtures.rs` and the
//! other rule suites run their own, fuller fixtures).
//!
//! Examples are written for readers, most as fragments: a piece of a CRD, an old and a new
//! revision of a field, a resource's `spec`. [`CONTEXTS`] says, for every rule, where its
//! fragments go and which command runs them, from a few shapes ([`How`]) and the companion
//! files in `testdata/rule-examples/` (a base CRD, the CRD resources are validated against, a
//! resource and a suite to insert lines into). The test has no per-rule code: a rule whose
//! examples need more context gets a companion file or an entry here, and a rule whose examples
//! are prose or cannot run offline is [`How::Skip`]ped with the reason.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use crdlint::cli::rules::all;
use crdlint::diag::Rule;
use serde_json::Value;

/// How a rule's examples run.
enum How {
    /// A fragment of a CRD, merged into `crd.yaml` at this path (`/`-separated keys and list
    /// indexes; mappings merge key by key, anything else replaces), then `crdlint lint`.
    Lint(&'static str),
    /// As `Lint`, with the value at the path replaced by the fragment (for a schema whose
    /// point is what it lacks).
    LintSet(&'static str),
    /// An old and a new revision (`# old`, `---`, `# new`; a good example with only `# new`
    /// keeps the bad one's old), each merged into `crd.yaml` at this path, then
    /// `crdlint diff OLD NEW` with these extra arguments.
    Diff(&'static str, &'static [&'static str]),
    /// Whole documents, run as `crdlint ARGS FILE` (paths in ARGS are companions).
    Cli(&'static [&'static str]),
    /// As `Cli`, with the example's lines put in place of the `EXAMPLE` line of this companion.
    Insert(&'static str, &'static [&'static str]),
    /// As `Cli`, with different arguments for the bad and the good example (the example is the
    /// same text, run differently).
    CliEach(&'static [&'static str], &'static [&'static str]),
    /// Not run, for this reason.
    Skip(&'static str),
}

use How::*;

const ROOT: &str = "";
const SPEC: &str = "spec";
const VERSION: &str = "spec/versions/0";
const SCHEMA_ROOT: &str = "spec/versions/0/schema/openAPIV3Schema";
/// The root schema's properties (`spec`, `status`).
const ROOT_FIELDS: &str = "spec/versions/0/schema/openAPIV3Schema/properties";
/// The `spec` field's schema (with `replicas`, `size`, `min` and `max` integers).
const SPEC_SCHEMA: &str = "spec/versions/0/schema/openAPIV3Schema/properties/spec";
/// The `spec` field's CEL rules.
const SPEC_RULES: &str =
    "spec/versions/0/schema/openAPIV3Schema/properties/spec/x-kubernetes-validations";
/// `spec`'s properties: for examples that show named fields.
const SPEC_FIELDS: &str = "spec/versions/0/schema/openAPIV3Schema/properties/spec/properties";
/// A new field of `spec`: for examples that show a whole schema of their own.
const NEW_FIELD: &str = "spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/example";
/// `spec.replicas`'s schema: for rules written against an integer.
const REPLICAS: &str = "spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/replicas";

const CHECK_WIDGET: &[&str] = &["check", "--crd", "widget-crd.yaml"];

/// Every rule of the registry, and how its examples run.
static CONTEXTS: &[(&str, How)] = &[
    ("admission/audit", Cli(&["check"])),
    ("admission/cost", Cli(&["check"])),
    ("admission/denied", Cli(&["check"])),
    ("admission/expression", Cli(&["check"])),
    ("admission/invalid", Cli(&["check"])),
    ("admission/kinds-unresolved", Cli(&["check"])),
    ("admission/mutation-failed", Cli(&["check"])),
    ("admission/not-decidable", Cli(&["check"])),
    ("admission/type-check", Cli(&["check"])),
    ("admission/warned", Cli(&["check"])),
    ("api/alpha-version", Cli(&["check"])),
    // Nothing the newest minor serves is deprecated yet: the example names its minor.
    (
        "api/deprecated-version",
        Cli(&["check", "--kube-version", "1.31"]),
    ),
    ("api/removed-version", Cli(&["check"])),
    ("api/unknown-kind", Cli(&["check"])),
    ("builtin/container-name", Cli(&["check"])),
    ("builtin/container-required", Cli(&["check"])),
    ("builtin/env-name", Cli(&["check"])),
    ("builtin/port", Cli(&["check"])),
    ("builtin/resources", Cli(&["check"])),
    ("builtin/selector-mismatch", Cli(&["check"])),
    ("builtin/service-port", Cli(&["check"])),
    ("builtin/config-data", Cli(&["check"])),
    ("builtin/template-metadata", Cli(&["check"])),
    ("cel/compile", Lint(SPEC_SCHEMA)),
    ("cel/cost-exceeded", Lint(NEW_FIELD)),
    ("cel/cost-high", Lint(NEW_FIELD)),
    ("cel/crd-cost-exceeded", Lint(NEW_FIELD)),
    ("cel/message-expression", Lint(REPLICAS)),
    ("cel/no-type-info", Lint(NEW_FIELD)),
    ("cel/old-self-uncorrelatable", Lint(NEW_FIELD)),
    ("cel/optional-old-self-unused", Lint(REPLICAS)),
    ("compat/bound-tightened", Diff(SPEC_FIELDS, &[])),
    ("compat/cel-cost-exceeded", Diff(SPEC_FIELDS, &[])),
    ("compat/cel-message-changed", Diff(SPEC_RULES, &[])),
    ("compat/cel-rule-added", Diff(ROOT_FIELDS, &[])),
    (
        "compat/cel-transition-uncorrelatable",
        Diff(SPEC_FIELDS, &[]),
    ),
    ("compat/column-path-removed", Diff(VERSION, &[])),
    ("compat/combinator-changed", Diff(SPEC_FIELDS, &[])),
    (
        "compat/crd-removed",
        Skip("prose: the example describes two sets of CRDs in words"),
    ),
    ("compat/default-changed", Diff(SPEC_FIELDS, &[])),
    ("compat/embedded-resource-changed", Diff(SPEC_FIELDS, &[])),
    (
        "compat/enum-value-added",
        Diff(SPEC_FIELDS, &["--enum-additions", "disallow"]),
    ),
    ("compat/enum-value-removed", Diff(SPEC_FIELDS, &[])),
    ("compat/field-removed", Diff(SPEC_SCHEMA, &[])),
    ("compat/format-changed", Diff(SPEC_FIELDS, &[])),
    ("compat/int-or-string-removed", Diff(SPEC_FIELDS, &[])),
    ("compat/list-type-changed", Diff(SPEC_FIELDS, &[])),
    ("compat/multiple-of-changed", Diff(SPEC_FIELDS, &[])),
    ("compat/names-changed", Diff(ROOT, &[])),
    ("compat/not-compared", Diff(SPEC, &[])),
    ("compat/nullable-removed", Diff(SPEC_FIELDS, &[])),
    // The example is the existing object; OLD and NEW are companions.
    (
        "compat/object-create-fails",
        Cli(&["diff", "crd.yaml", "crd-max-replicas.yaml", "--objects"]),
    ),
    (
        "compat/object-update-fails",
        Cli(&["diff", "crd.yaml", "crd-scale.yaml", "--objects"]),
    ),
    ("compat/pattern-changed", Diff(SPEC_FIELDS, &[])),
    (
        "compat/preserve-unknown-fields-removed",
        Diff(SPEC_FIELDS, &[]),
    ),
    ("compat/required-added", Diff(SPEC_SCHEMA, &[])),
    ("compat/scope-changed", Diff(ROOT, &[])),
    ("compat/selectable-field-removed", Diff(VERSION, &[])),
    ("compat/served-versions-differ", Diff(SPEC, &[])),
    ("compat/storage-version-changed", Diff(SPEC, &[])),
    ("compat/stored-version-removed", Diff(SPEC, &[])),
    ("compat/type-changed", Diff(SPEC_FIELDS, &[])),
    ("compat/version-removed", Diff(SPEC, &[])),
    ("compat/version-unserved", Diff("spec/versions", &[])),
    (
        "cr/cel-not-checked",
        Cli(&["check", "--crd", "cel-not-checked-crd.yaml"]),
    ),
    ("cr/cel-rule", Cli(CHECK_WIDGET)),
    (
        "cr/cel-rules-skipped",
        CliEach(
            &["check", "--crd", "cel-rules-skipped-bad-crd.yaml"],
            &["check", "--crd", "cel-rules-skipped-good-crd.yaml"],
        ),
    ),
    ("cr/embedded-resource", Cli(CHECK_WIDGET)),
    ("cr/finalizer-name", Cli(CHECK_WIDGET)),
    ("cr/list-duplicate", Cli(CHECK_WIDGET)),
    ("cr/metadata", Cli(CHECK_WIDGET)),
    ("cr/not-an-object", Cli(CHECK_WIDGET)),
    (
        "cr/ratcheted",
        Cli(&[
            "check",
            "--verbose",
            "--crd",
            "widget-crd.yaml",
            "--old",
            "ratcheted-old.yaml",
        ]),
    ),
    ("cr/scale-replicas", Cli(CHECK_WIDGET)),
    ("cr/schema", Cli(CHECK_WIDGET)),
    (
        "cr/type-meta",
        Skip(
            "the driver picks a CRD by the object's own group and kind, so a kind that does not \
match its CRD is reachable only through the library and as an expected error of a `crdlint test` \
case (tests/rule_fixtures.rs says the same)",
        ),
    ),
    ("cr/unknown-field", Cli(CHECK_WIDGET)),
    ("cr/version-not-served", Cli(CHECK_WIDGET)),
    (
        "cr/version-schema-differs",
        Cli(&[
            "validate",
            "--crd",
            "two-versions-crd.yaml",
            "--crd-version",
            "v2",
        ]),
    ),
    ("crd/api-approval", Lint(ROOT)),
    ("crd/conversion", Lint(SPEC)),
    ("crd/decode", Lint(SPEC)),
    ("crd/deprecation-warning", Lint(SPEC)),
    ("crd/group", Lint(ROOT)),
    ("crd/metadata", Lint(ROOT)),
    ("crd/metadata-name", Lint(ROOT)),
    ("crd/names", Lint(ROOT)),
    ("crd/per-version-fields", Lint(ROOT)),
    ("crd/preserve-unknown-fields", Lint(ROOT)),
    ("crd/preserve-unknown-fields-deprecated", Lint(ROOT)),
    ("crd/printer-column-path", Lint(VERSION)),
    ("crd/printer-columns", Lint(VERSION)),
    ("crd/schema-required", Lint(SPEC)),
    ("crd/scope", Lint(ROOT)),
    ("crd/selectable-fields", Lint(VERSION)),
    ("crd/stored-versions", Lint(ROOT)),
    ("crd/subresources", Lint(VERSION)),
    ("crd/unknown-field", Lint(SCHEMA_ROOT)),
    (
        "crd/request-too-large",
        Skip("needs a CRD of over 3 MiB of JSON: testdata/lint/crd/request-too-large.yaml is padded to one by tests/lint_rules.rs"),
    ),
    (
        "crd/last-applied-too-large",
        Skip("needs a CRD of over 256 KiB of JSON: tests/author_loop.rs and testdata/lint/crd/last-applied-too-large.yaml build one"),
    ),
    ("schema/not-checked", LintSet(SCHEMA_ROOT)),
    (
        "crd/field-not-in-version",
        Cli(&["lint", "--kube-version", "1.29"]),
    ),
    ("crd/v1beta1-deprecated", Lint(ROOT)),
    ("crd/versions", Lint(ROOT)),
    // `check` lints the CRD too, and the lint findings then say what is wrong instead.
    ("input/crd-unusable", Cli(&["validate"])),
    (
        "input/duplicate-crd",
        Skip("prose: the example is two directories described in words"),
    ),
    ("input/missing-type-meta", Cli(&["check"])),
    (
        "input/no-manifests",
        Skip("prose: the example is a directory described in words"),
    ),
    ("input/no-schema", CliEach(&["check"], CHECK_WIDGET)),
    ("input/not-a-manifest", Cli(&["check"])),
    (
        "io/read",
        Skip("the example is a command line naming a missing file, not a document"),
    ),
    (
        "meta/blanket-suppression",
        Insert("widget.yaml", CHECK_WIDGET),
    ),
    (
        "meta/missing-reason",
        Insert(
            "widget.yaml",
            &[
                "check",
                "--config",
                "require-reason.crdlint.yaml",
                "--crd",
                "widget-crd.yaml",
            ],
        ),
    ),
    ("meta/unused-suppression", Cli(CHECK_WIDGET)),
    ("schema/additional-properties", Lint(NEW_FIELD)),
    ("schema/default", Lint(SPEC_FIELDS)),
    ("schema/default-forbidden", Lint(SCHEMA_ROOT)),
    ("schema/embedded-resource", Lint(SCHEMA_ROOT)),
    ("schema/forbidden-keyword", Lint(SCHEMA_ROOT)),
    ("schema/list-type", Lint(NEW_FIELD)),
    ("schema/map-type", Lint(NEW_FIELD)),
    ("schema/nullable-root", Lint("spec/versions/0/schema")),
    ("schema/preserve-unknown-fields", Lint(NEW_FIELD)),
    ("schema/status-root", Lint(VERSION)),
    ("schema/structural", LintSet("spec/versions/0/schema")),
    ("schema/type", Lint(SPEC_SCHEMA)),
    ("schema/unique-items", Lint(SPEC_FIELDS)),
    ("schema/unrecognized-format", Lint(SPEC_FIELDS)),
    ("schema/pattern-too-complex", Lint(SPEC_FIELDS)),
    ("schema/non-scalar-set", Lint(SPEC_FIELDS)),
    ("schema/validation-rule", Lint(SPEC_SCHEMA)),
    (
        "suite/case-failed",
        Insert("suite.yaml", &["test", "--crd", "widget-crd.yaml"]),
    ),
    ("suite/invalid", Cli(&["test", "--crd", "widget-crd.yaml"])),
    (
        "suite/no-crd",
        CliEach(&["test"], &["test", "--crd", "widget-crd.yaml"]),
    ),
    (
        "suite/unused-file",
        Cli(&["test", "--crd", "widget-crd.yaml", "widget.testsuite.yaml"]),
    ),
    (
        "vendor/modified",
        Skip(
            "prose: the example is a vendored file and its lock entry (tests/vendored.rs runs it)",
        ),
    ),
    ("versions/deprecated-storage", Lint(SPEC)),
    ("versions/non-kube-version-name", Lint(SPEC)),
    ("versions/schema-drift-without-conversion", Lint(SPEC)),
    ("versions/storage-not-preferred", Lint(SPEC)),
    ("versions/unserved-storage", Lint(SPEC)),
    (
        "vendor/modified",
        Skip(
            "prose: the example is a vendored file and its lock entry (tests/vendored.rs runs it)",
        ),
    ),
    (
        "write/not-rewritten",
        Insert(
            "widget.yaml",
            &["prune", "--write", "--crd", "widget-crd.yaml"],
        ),
    ),
    ("yaml/alias-budget", Cli(&["check"])),
    ("yaml/duplicate-key", Cli(&["check"])),
    ("yaml/suspicious", Cli(&["check"])),
    ("yaml/syntax", Cli(&["check"])),
    (
        "yaml/too-deep",
        Skip("prose: the nesting is abbreviated (`...`)"),
    ),
    (
        "yaml/too-large",
        Skip("prose: the example is a 4 MiB file described in words"),
    ),
];

fn companions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rule-examples")
}

fn read_companion(name: &str) -> String {
    let path = companions().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The one document of `text` as JSON (comments dropped).
fn parse(text: &str, what: &str) -> Value {
    let docs = crdlint::yaml::load(text);
    let roots: Vec<_> = docs.iter().filter_map(|d| d.root.as_ref()).collect();
    assert!(
        roots.len() == 1 && docs.iter().all(|d| d.errors.is_empty()),
        "{what}: not one clean YAML document:\n{text}"
    );
    roots[0].to_json()
}

/// `fragment` merged into `base` at `at` (or put there, replacing what was, with `replace`).
fn merge_at(base: &mut Value, at: &str, fragment: Value, replace: bool) {
    let mut here = base;
    for key in at.split('/').filter(|k| !k.is_empty()) {
        here = match (here, key.parse::<usize>()) {
            (Value::Array(items), Ok(i)) => &mut items[i],
            (Value::Object(m), _) => m.entry(key).or_insert(Value::Object(Default::default())),
            (other, _) => panic!("{at}: no `{key}` in {other}"),
        };
    }
    if replace {
        *here = fragment;
    } else {
        merge(here, fragment);
    }
}

fn merge(into: &mut Value, fragment: Value) {
    match (into, fragment) {
        (Value::Object(m), Value::Object(f)) => {
            for (k, v) in f {
                match m.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        m.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// The base CRD with `fragment` merged in at `at` (or replacing what is there), as YAML.
fn crd_with(at: &str, fragment: &str, replace: bool, what: &str) -> String {
    let mut crd = parse(&read_companion("crd.yaml"), "crd.yaml");
    merge_at(&mut crd, at, parse(fragment, what), replace);
    crdlint::yaml::emit_document(&crdlint::yaml::Node::from_json(&crd))
}

/// The `# old` and `# new` parts of a compat example.
fn revisions(text: &str) -> (Option<&str>, Option<&str>) {
    let (mut old, mut new) = (None, None);
    for part in text.split("\n---\n") {
        let labelled = |l: &str| part.lines().any(|line| line.starts_with(l));
        if labelled("# old") {
            old = Some(part);
        } else if labelled("# new") {
            new = Some(part);
        }
    }
    (old, new)
}

/// The files an example is run with, written into `dir`, and the arguments.
fn prepare(rule: &Rule, how: &How, good: bool, dir: &Path) -> Vec<String> {
    let text = if good { rule.good } else { rule.bad };
    let case = if good { "good" } else { "bad" };
    let what = format!("{} {case}", rule.id);
    let write = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, body).expect("write the example");
        path.to_string_lossy().into_owned()
    };
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    match how {
        Lint(at) => vec![
            "lint".into(),
            write("crd.yaml", &crd_with(at, text, false, &what)),
        ],
        LintSet(at) => vec![
            "lint".into(),
            write("crd.yaml", &crd_with(at, text, true, &what)),
        ],
        Diff(at, extra) => {
            let (old, new) = revisions(text);
            let old = old
                .or(revisions(rule.bad).0)
                .unwrap_or_else(|| panic!("{what}: no `# old` part"));
            let new = new.unwrap_or_else(|| panic!("{what}: no `# new` part"));
            let mut args = vec![
                "diff".to_string(),
                write("old.yaml", &crd_with(at, old, false, &what)),
                write("new.yaml", &crd_with(at, new, false, &what)),
            ];
            args.extend(owned(extra));
            args
        }
        Cli(args) => [owned(args), vec![write("example.yaml", text)]].concat(),
        CliEach(bad, good_args) => {
            let args = if good { good_args } else { bad };
            [owned(args), vec![write("example.yaml", text)]].concat()
        }
        Insert(companion, args) => {
            let host = read_companion(companion);
            assert!(host.contains("\nEXAMPLE\n"), "{companion}: no EXAMPLE line");
            let body = host.replace("\nEXAMPLE\n", &format!("\n{}", text));
            [owned(args), vec![write("example.yaml", &body)]].concat()
        }
        Skip(_) => unreachable!(),
    }
}

/// The concise output of the example and whether its rule was reported.
fn reported(rule: &Rule, how: &How, good: bool) -> (bool, String) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let args = prepare(rule, how, good, tmp.path());
    let mut cmd = Command::cargo_bin("crdlint").expect("binary");
    if !args.iter().any(|a| a == "--config") {
        cmd.arg("--no-config");
    }
    let out = cmd
        .current_dir(companions())
        .args(["--format", "concise"])
        .args(&args)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code().unwrap_or(-1);
    // A usage or I/O failure would make "not reported" mean nothing.
    assert!(
        code == 0 || code == 1,
        "{} {}: exit {code} for crdlint {args:?}\n{stdout}{stderr}",
        rule.id,
        if good { "good" } else { "bad" },
    );
    // Commands that print objects (`prune`, `default`) report on standard error.
    let tag = format!("[{}]", rule.id);
    let hit = stdout.contains(&tag) || stderr.contains(&tag);
    (hit, format!("crdlint {}\n{stdout}{stderr}", args.join(" ")))
}

#[test]
fn every_rule_has_an_example_context() {
    let table: Vec<&str> = CONTEXTS.iter().map(|(id, _)| *id).collect();
    let registry: Vec<&str> = all().into_iter().map(|r| r.id).collect();
    let missing: Vec<&&str> = registry.iter().filter(|id| !table.contains(id)).collect();
    let extra: Vec<&&str> = table.iter().filter(|id| !registry.contains(id)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "rules without a context here: {missing:?}; contexts for no rule: {extra:?}"
    );
}

#[test]
fn examples_are_reported_when_bad_and_not_when_good() {
    let mut wrong = Vec::new();
    for rule in all() {
        let Some((_, how)) = CONTEXTS.iter().find(|(id, _)| *id == rule.id) else {
            continue; // every_rule_has_an_example_context says which
        };
        if let Skip(reason) = how {
            assert!(!reason.is_empty(), "{}: a skip needs its reason", rule.id);
            continue;
        }
        for good in [false, true] {
            // A malformed example (a fragment that is not YAML, a missing part) is one more
            // wrong example, not the end of the test.
            let run = std::panic::catch_unwind(|| reported(rule, how, good));
            let case = if good { "good" } else { "bad" };
            match run {
                Ok((hit, out)) if hit == good => {
                    let says = if good {
                        "is reported"
                    } else {
                        "is not reported"
                    };
                    wrong.push(format!("{}: the {case} example {says}\n{out}", rule.id));
                }
                Ok(_) => {}
                Err(_) => wrong.push(format!(
                    "{}: the {case} example cannot run (above)",
                    rule.id
                )),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
