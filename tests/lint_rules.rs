//! One snapshot per lint rule: `testdata/lint/<rule id>.yaml` is linted and the diagnostics of
//! that rule are rendered (rule, severity, line:col, path, message, help), so that a review sees
//! every message and every span. Every rule in `lint::RULES` must have a fixture that fires it.
//! A rule with several cases worth a snapshot each keeps them in `testdata/lint/<rule id>/`
//! (`schema/not-checked`: one per schema error that stops the server compiling rules).

use crdlint::diag::{Diagnostic, SourceFile};
use crdlint::lint::{lint_crd, Options, RULES};

fn fixture(id: &str) -> String {
    format!("{}/testdata/lint/{id}.yaml", env!("CARGO_MANIFEST_DIR"))
}

/// The options of a fixture: the defaults, at the minor a leading `# kube-version: 1.N` line
/// names (for the rules about what an older API server lacks).
fn options(text: &str) -> Options {
    let mut o = Options::default();
    if let Some(v) = header(text, "kube-version") {
        o.kube_version = crdlint::k8s::KubeVersion::parse(v).expect("fixture's kube-version");
    }
    o
}

/// The value of a leading `# NAME: value` comment line.
fn header<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix(&format!("# {name}: ")))
}

/// The fixture's text; a leading `# pad: N` puts N bytes in place of `PAD` (the size rules'
/// fixtures, too large to keep in the repository).
fn fixture_text(id: &str) -> String {
    let text =
        std::fs::read_to_string(fixture(id)).unwrap_or_else(|e| panic!("fixture for {id}: {e}"));
    match header(&text, "pad").map(|n| n.parse::<usize>().expect("pad size")) {
        Some(n) => text.replace("PAD", &"x".repeat(n)),
        None => text,
    }
}

/// Renders the diagnostics of rule `id` for the fixture, one per line.
fn render(id: &str) -> String {
    render_text(&fixture_text(id), &format!("{id}.yaml"), Some(id))
}

/// Renders the diagnostics of `text` (only those of rule `only`, when given), one per line.
fn render_text(text: &str, name: &str, only: Option<&str>) -> String {
    let file = SourceFile::new(name.to_string(), text.to_string());
    let mut out = String::new();
    for doc in crdlint::yaml::load(text) {
        let Some(root) = &doc.root else { continue };
        let mut diags: Vec<Diagnostic> = lint_crd(root, &options(text))
            .into_iter()
            .filter(|d| only.is_none_or(|id| d.rule.id == id))
            .collect();
        diags.sort_by_key(|d| d.span.start());
        for d in diags {
            let lc = file.line_col(d.span.start());
            out.push_str(&format!(
                "{} {} {}:{} {}\n  {}\n",
                d.rule.id,
                d.severity,
                lc.line,
                lc.column,
                d.path.as_deref().unwrap_or("-"),
                d.message
            ));
            if let Some(s) = &d.server_path {
                out.push_str(&format!("  server path: {s}\n"));
            }
            if let Some(h) = &d.help {
                out.push_str(&format!("  help: {h}\n"));
            }
        }
    }
    out
}

fn check(id: &str) {
    let rendered = render(id);
    assert!(
        !rendered.is_empty(),
        "the fixture of {id} does not trigger it"
    );
    let name = id.replace('/', "__");
    insta::assert_snapshot!(name, rendered);
}

macro_rules! rule_tests {
    ($($f:ident => $id:literal,)*) => {
        $(#[test] fn $f() { check($id); })*
        const TESTED: &[&str] = &[$($id),*];
    };
}

rule_tests! {
    crd_decode => "crd/decode",
    crd_unknown_field => "crd/unknown-field",
    crd_field_not_in_version => "crd/field-not-in-version",
    crd_metadata_name => "crd/metadata-name",
    crd_group => "crd/group",
    crd_scope => "crd/scope",
    crd_names => "crd/names",
    crd_versions => "crd/versions",
    crd_deprecation_warning => "crd/deprecation-warning",
    crd_stored_versions => "crd/stored-versions",
    crd_preserve_unknown_fields => "crd/preserve-unknown-fields",
    crd_schema_required => "crd/schema-required",
    crd_per_version_fields => "crd/per-version-fields",
    crd_api_approval => "crd/api-approval",
    crd_metadata => "crd/metadata",
    crd_conversion => "crd/conversion",
    crd_subresources => "crd/subresources",
    crd_printer_columns => "crd/printer-columns",
    crd_selectable_fields => "crd/selectable-fields",
    schema_type => "schema/type",
    schema_forbidden_keyword => "schema/forbidden-keyword",
    schema_unique_items => "schema/unique-items",
    schema_additional_properties => "schema/additional-properties",
    schema_list_type => "schema/list-type",
    schema_map_type => "schema/map-type",
    schema_preserve_unknown_fields => "schema/preserve-unknown-fields",
    schema_status_root => "schema/status-root",
    schema_nullable_root => "schema/nullable-root",
    schema_default_forbidden => "schema/default-forbidden",
    schema_embedded_resource => "schema/embedded-resource",
    schema_validation_rule => "schema/validation-rule",
    schema_structural => "schema/structural",
    schema_default => "schema/default",
    crd_v1beta1_deprecated => "crd/v1beta1-deprecated",
    crd_preserve_unknown_fields_deprecated => "crd/preserve-unknown-fields-deprecated",
    versions_storage_not_preferred => "versions/storage-not-preferred",
    versions_deprecated_storage => "versions/deprecated-storage",
    versions_unserved_storage => "versions/unserved-storage",
    versions_non_kube_version_name => "versions/non-kube-version-name",
    versions_schema_drift_without_conversion => "versions/schema-drift-without-conversion",
    crd_printer_column_path => "crd/printer-column-path",
    schema_unrecognized_format => "schema/unrecognized-format",
    schema_pattern_too_complex => "schema/pattern-too-complex",
    schema_non_scalar_set => "schema/non-scalar-set",
    schema_not_checked => "schema/not-checked",
    crd_request_too_large => "crd/request-too-large",
    crd_last_applied_too_large => "crd/last-applied-too-large",
}

/// `testdata/lint/schema/not-checked/<case>.yaml`: each schema error the server stops compiling
/// the rules above it for (a node's rules only when no schema error lies at or below it) leaves
/// a `schema/not-checked` note at those rules. Every finding is rendered, so the snapshot also
/// shows the errors, which the note adds to and does not change.
#[test]
fn schema_not_checked_cases() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/lint/schema/not-checked");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("not-checked cases")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no case in {}", dir.display());
    for path in cases {
        let case = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("case name");
        let text = std::fs::read_to_string(&path).expect("case");
        let rendered = render_text(&text, &format!("{case}.yaml"), None);
        assert!(
            rendered.contains("schema/not-checked info"),
            "case {case} has no schema/not-checked note:\n{rendered}"
        );
        insta::assert_snapshot!(format!("schema__not-checked__{case}"), rendered);
    }
}

#[test]
fn every_rule_has_a_fixture_and_a_test() {
    for r in RULES {
        assert!(
            std::path::Path::new(&fixture(r.id)).exists(),
            "no fixture for {}",
            r.id
        );
        assert!(TESTED.contains(&r.id), "no snapshot test for {}", r.id);
    }
}
