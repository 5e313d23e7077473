//! CRD rules: what the API server checks when a CustomResourceDefinition is created, and what
//! users trip on.
//!
//! The server validates the *internal* form of a CRD (digest §1.1), so `crd::Internal` first
//! reads the user's `v1`/`v1beta1` document through that conversion, remembering for every value
//! both the user's path and the server's. Rule families then run in the server's order and push
//! field errors (`ctx::FErr`) that become [`Diagnostic`]s: the message carries the server's words
//! with the user's path, `server_path` keeps the server's when they differ.
//!
//! Order of a run: `decode` (wrong JSON types, unknown fields: what fails before validation),
//! then the server's `ValidateCustomResourceDefinition` order, then `warnings`.
//!
//! `run` is the driver: it calls the families in the server's order. Families (one file each,
//! rule statics next to their checks, none calling another family's checks):
//! `decode`, `crd_spec` (metadata, group, scope, names, preserveUnknownFields, API approval),
//! `crd_versions` (versions, stored versions), `conversion`, `subresources`,
//! `columns`, `selectable`, `schema` (keywords, extensions, validation-rule static checks, and
//! the entry point that sequences `structural`, `defaults` and CEL), `structural`, `defaults`,
//! `warnings` (beyond the server). What they share: `ctx` (the field-error model, paths, the
//! run's `Mode`, small helpers), `crd` (the internal form), `subschemas` (the sub-schema walk),
//! and the keyword table `crate::schema::keywords`. CEL compilation and cost come from `crate::cel` and run only
//! where the server would run them (structural schema, valid defaults, no schema error at or
//! below the rule's node).
//!
//! Walks over schemas extend one path buffer in place (`ctx::Loc::push_child`), so a path is
//! only copied when an error is reported.

use crate::diag::{Diagnostic, Rule};
use crate::k8s::KubeVersion;
use crate::yaml::Node;

mod columns;
mod conversion;
mod crd;
mod crd_spec;
mod crd_versions;
mod ctx;
mod decode;
mod defaults;
mod names;
mod run;
mod schema;
mod selectable;
mod size;
mod structural;
mod subresources;
mod subschemas;
mod warnings;

pub use crd_versions::{deprecation_warning_errors, deprecation_warning_errors_bytes};
pub use schema::SchemaOpts;
pub use structural::StructOpts;

/// What a lint run emulates.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub kube_version: KubeVersion,
}

/// How a lint run departs from a real create (kept apart from [`Options`], which callers build
/// with a struct literal).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mode {
    /// Validate the object exactly as given, as the upstream unit tests do: no v1 defaulting
    /// (singular/listKind from kind, webhook port 443) and no `PrepareForCreate` (status kept,
    /// storedVersions not filled in). Off for real files.
    pub as_given: bool,
    /// Skip the warnings that go beyond the server (conformance runs).
    pub server_only: bool,
    /// Do not compile or cost `x-kubernetes-validations` (timing the rest; CEL has its own
    /// budget).
    pub skip_cel: bool,
    /// `--cost-warn PERCENT`: warn (`cel/cost-high`) when a rule's estimated cost reaches this
    /// percentage of its limit (`cel::cost::CostSettings::warn_percent`); `None`: the default
    /// (50). Values above 100 never warn.
    pub cost_warn_percent: Option<u32>,
}

/// Every check on one CustomResourceDefinition document (`apiextensions.k8s.io/v1` or
/// `v1beta1`). Diagnostics carry spans into the document; the caller sets file and object.
pub fn lint_crd(crd: &Node, opts: &Options) -> Vec<Diagnostic> {
    lint_crd_with(crd, opts, Mode::default())
}

/// [`lint_crd`] with a [`Mode`].
pub fn lint_crd_with(crd: &Node, opts: &Options, mode: Mode) -> Vec<Diagnostic> {
    lint_crd_in(crd, opts, mode, None)
}

/// [`lint_crd_with`] given the text of the file the document was read from, so that CEL
/// findings point at the offending part of a rule instead of the whole rule.
pub fn lint_crd_in(crd: &Node, opts: &Options, mode: Mode, src: Option<&str>) -> Vec<Diagnostic> {
    let internal = crd::Internal::new(crd).decoded_by(opts.kube_version);
    let mut decoded = Vec::new();
    decode::check(crd, internal.v1, opts.kube_version, &mut decoded);
    let mut sink = ctx::Sink {
        src,
        ..Default::default()
    };
    run::validate(
        &internal,
        ctx::Mode {
            as_given: mode.as_given,
            kube: opts.kube_version,
            cel: !mode.skip_cel,
            cost_warn_percent: mode.cost_warn_percent,
        },
        &mut sink,
    );
    let mut out = decoded;
    out.extend(sink.into_diagnostics(crate::k8s::Behavior::of(opts.kube_version)));
    size::check(crd, opts.kube_version, !mode.server_only, &mut out);
    if !mode.server_only {
        warnings::check(&internal, opts, &mut out);
    }
    out
}

/// What the API server's decoding of a CRD document refuses (`crd/decode`: a value of the wrong
/// JSON type, invalid base64): such a CRD is never created, whatever else it holds, so a run
/// validates no resource against it. The first finding, if any (the others follow from the
/// same walk; a caller that lints the CRD reports them all).
pub fn first_decode_error(crd: &Node, kube: KubeVersion) -> Option<Diagnostic> {
    let mut found = Vec::new();
    decode::check(crd, crd::decodes_as_v1(crd), kube, &mut found);
    found.into_iter().find(is_decode_error)
}

/// Whether a finding is one the server's decoding refuses the whole CRD for (`crd/decode`):
/// [`lint_crd_in`] reports them first, in the order [`first_decode_error`] meets them.
pub fn is_decode_error(d: &Diagnostic) -> bool {
    std::ptr::eq(d.rule, &decode::DECODE)
}

/// The rule of the server's decode errors (`crd/decode`).
pub fn decode_rule() -> &'static Rule {
    &decode::DECODE
}

/// The schema entry point alone (`validateCustomResourceDefinitionValidation`) on a
/// `CustomResourceValidation` value (`{openAPIV3Schema: ...}`), with paths rooted at
/// `spec.validation` as the server's unit tests see them.
pub fn lint_schema_validation(
    validation: &Node,
    status_enabled: bool,
    opts: &SchemaOpts,
) -> Vec<Diagnostic> {
    let place = crd::Place {
        node: validation,
        loc: ctx::Loc::new("spec.validation"),
    };
    let mut sink = ctx::Sink::default();
    schema::validate_validation(&place, status_enabled, opts, &mut sink);
    sink.into_diagnostics(crate::k8s::Behavior::of(opts.kube))
}

/// `ValidateStructural` (or its completeness part alone) on a schema, with a nil root path.
pub fn lint_structural(
    schema: &Node,
    opts: &StructOpts,
    completeness_only: bool,
) -> Vec<Diagnostic> {
    let loc = ctx::Loc::new("");
    let errs = if completeness_only {
        structural::completeness_only(schema, &loc, opts)
    } else {
        structural::validate_structural(schema, &loc, opts)
    };
    // Structural errors read no minor-dependent wording.
    errs.into_iter()
        .map(|e| e.into_diagnostic(crate::k8s::Behavior::NEWEST))
        .collect()
}

/// `ValidFieldPath`: the normalised path (`spec.a[key]`) or the server's error text.
pub fn resolve_field_path(
    schema: &Node,
    path: &str,
    allow_array_notation: bool,
) -> Result<String, String> {
    // The root path prints as `<nil>` in the server's messages; as a resolved path it is empty.
    crate::k8s::fieldpath::valid_field_path(path, schema, allow_array_notation).map(|r| {
        if r.path.is_root() {
            String::new()
        } else {
            r.path.to_string()
        }
    })
}

/// `ValidateCustomResourceDefinitionStoredVersions(stored, versions)` at `status.storedVersions`.
/// `stored` is the storedVersions list (or `null`), `versions` the `spec.versions` list.
pub fn lint_stored_versions(stored: &Node, versions: &Node) -> Vec<Diagnostic> {
    let root = Node::from_json(&serde_json::json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "spec": {"versions": versions.to_json()},
        "status": {"storedVersions": stored.to_json()},
    }));
    let internal = crd::Internal::new(&root);
    let mut sink = ctx::Sink::default();
    crd_versions::validate_stored_versions(&internal, &mut sink);
    sink.into_diagnostics(crate::k8s::Behavior::NEWEST)
}

/// One version of a CRD as `crdlint versions` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionInfo {
    pub name: String,
    /// Index in `spec.versions`.
    pub index: usize,
    pub served: bool,
    pub storage: bool,
    pub deprecated: bool,
    pub deprecation_warning: Option<String>,
    /// The span of the version entry.
    pub span: crate::diag::Span,
}

/// The CRD's versions from highest to lowest priority (discovery and kubectl order, digest §6).
pub fn versions_by_priority(crd: &Node) -> Vec<VersionInfo> {
    let internal = crd::Internal::new(crd);
    let mut out: Vec<VersionInfo> = internal
        .versions
        .iter()
        .enumerate()
        .map(|(index, v)| VersionInfo {
            name: v.name.to_string(),
            index,
            served: v.served,
            storage: v.storage,
            deprecated: v.deprecated,
            deprecation_warning: v.node.get_str("deprecationWarning").map(str::to_string),
            span: v.node.span(),
        })
        .collect();
    crate::k8s::version::sort_by_priority(&mut out, |v| v.name.as_str());
    out
}

/// Every rule this module reports.
pub static RULES: &[&Rule] = &[
    &decode::DECODE,
    &decode::UNKNOWN_FIELD,
    &decode::FIELD_NOT_IN_VERSION,
    &crd_spec::METADATA_NAME,
    &crd_spec::METADATA,
    &crd_spec::GROUP,
    &crd_spec::SCOPE,
    &crd_spec::NAMES,
    &crd_versions::VERSIONS,
    &crd_versions::DEPRECATION_WARNING,
    &crd_versions::STORED_VERSIONS,
    &crd_spec::PRESERVE_UNKNOWN_FIELDS,
    &crd_spec::SCHEMA_REQUIRED,
    &crd_versions::PER_VERSION_FIELDS,
    &crd_spec::API_APPROVAL,
    &conversion::CONVERSION,
    &subresources::SUBRESOURCES,
    &columns::PRINTER_COLUMNS,
    &selectable::SELECTABLE_FIELDS,
    &schema::TYPE,
    &schema::FORBIDDEN_KEYWORD,
    &schema::UNIQUE_ITEMS,
    &schema::ADDITIONAL_PROPERTIES,
    &schema::LIST_TYPE,
    &schema::MAP_TYPE,
    &schema::PRESERVE_UNKNOWN,
    &schema::STATUS_ROOT,
    &schema::NULLABLE_ROOT,
    &schema::DEFAULT_FORBIDDEN,
    &schema::EMBEDDED_RESOURCE,
    &schema::VALIDATION_RULE,
    &structural::STRUCTURAL,
    &defaults::DEFAULT,
    &warnings::V1BETA1,
    &warnings::PRESERVE_UNKNOWN_FIELDS_DEPRECATED,
    &warnings::STORAGE_NOT_PREFERRED,
    &warnings::STORAGE_DEPRECATED,
    &warnings::STORAGE_NOT_SERVED,
    &warnings::VERSION_NAME,
    &warnings::SCHEMA_DRIFT,
    &warnings::PRINTER_COLUMN_PATH,
    &warnings::UNRECOGNIZED_FORMAT,
    &warnings::PATTERN_TOO_COMPLEX,
    &warnings::NON_SCALAR_SET,
    &schema::NOT_CHECKED,
    &size::REQUEST_TOO_LARGE,
    &size::LAST_APPLIED_TOO_LARGE,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn v1_crd(extra_names: serde_json::Value) -> Node {
        let mut names = serde_json::json!({"plural": "widgets", "kind": "Widget"});
        if let (Some(n), Some(x)) = (names.as_object_mut(), extra_names.as_object()) {
            n.extend(x.clone());
        }
        Node::from_json(&serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com"},
            "spec": {
                "group": "example.com",
                "names": names,
                "scope": "Namespaced",
                "versions": [
                    {"name": "v1beta1", "served": true, "storage": false,
                     "schema": {"openAPIV3Schema": {"type": "object"}}},
                    {"name": "v1", "served": true, "storage": true,
                     "schema": {"openAPIV3Schema": {"type": "object"}}}
                ]
            },
            "status": {"acceptedNames": {"kind": "", "plural": ""}, "storedVersions": []}
        }))
    }

    #[test]
    fn cost_warn_percent_sets_the_cost_high_threshold() {
        let crd = Node::from_json(&serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com"},
            "spec": {
                "group": "example.com",
                "names": {"plural": "widgets", "kind": "Widget"},
                "scope": "Namespaced",
                "versions": [{"name": "v1", "served": true, "storage": true,
                    "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                        "l": {"type": "array", "maxItems": 300,
                              "items": {"type": "string", "maxLength": 10},
                              "x-kubernetes-validations": [
                                  {"rule": "self.all(x, self.all(y, x == y))"}]}}}}}]
            }
        }));
        let high = |pct: Option<u32>| {
            let mode = Mode {
                cost_warn_percent: pct,
                ..Mode::default()
            };
            lint_crd_with(&crd, &Options::default(), mode)
                .iter()
                .filter(|d| d.rule.id == "cel/cost-high")
                .count()
        };
        // The rule costs about 8 % of the 10M limit: under the default 50 %, over 1 %.
        assert_eq!(high(None), 0);
        assert_eq!(high(Some(1)), 1);
        assert_eq!(high(Some(101)), 0);
    }

    #[test]
    fn a_real_create_applies_v1_defaulting_and_prepare_for_create() {
        // singular/listKind come from kind; status (empty storedVersions) is replaced.
        let d = lint_crd(&v1_crd(serde_json::json!({})), &Options::default());
        let errors: Vec<&str> = d
            .iter()
            .filter(|d| d.severity == crate::diag::Severity::Error)
            .map(|d| d.message.as_str())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        // as given (the unit tests' view), the same object has missing names and no stored version
        let given = lint_crd_with(
            &v1_crd(serde_json::json!({})),
            &Options::default(),
            Mode {
                as_given: true,
                server_only: true,
                skip_cel: false,
                cost_warn_percent: None,
            },
        );
        let paths: Vec<&str> = given.iter().filter_map(|d| d.path.as_deref()).collect();
        assert!(
            paths.contains(&"spec.names.singular") && paths.contains(&"status.storedVersions"),
            "{paths:?}"
        );
    }

    #[test]
    fn with_the_file_text_cel_findings_point_inside_the_rule() {
        let text = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {plural: widgets, kind: Widget}
  scope: Namespaced
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
            x-kubernetes-validations:
            - rule: self.a > 0 && self.nope > 0
            properties:
              a: {type: integer}
";
        let docs = crate::yaml::load(text);
        let root = docs[0].root.as_ref().expect("parsed");
        let cel = |src: Option<&str>| {
            lint_crd_in(root, &Options::default(), Mode::default(), src)
                .into_iter()
                .find(|d| d.rule.id.starts_with("cel/"))
                .expect("a CEL finding")
        };
        let (whole, inside) = (cel(None), cel(Some(text)));
        assert_eq!(whole.message, inside.message);
        assert!(
            inside.message.contains("x-kubernetes-validations[0].rule"),
            "{}",
            inside.message
        );
        let at = &text[inside.span.start()..inside.span.end().max(inside.span.start() + 1)];
        assert!(
            // cel-go places a select error at its `.`
            text[inside.span.start()..].starts_with(".nope") || at.contains("nope"),
            "{at:?}"
        );
        assert!(inside.span.start() > whole.span.start());
    }

    #[test]
    fn versions_are_listed_by_priority() {
        let names: Vec<String> = versions_by_priority(&v1_crd(serde_json::json!({})))
            .into_iter()
            .map(|v| v.name)
            .collect();
        assert_eq!(names, ["v1", "v1beta1"]);
    }

    #[test]
    fn rule_ids_are_unique_and_documented() {
        let mut ids = std::collections::HashSet::new();
        for r in RULES {
            assert!(ids.insert(r.id), "duplicate rule id {}", r.id);
            assert!(r.id.contains('/'));
            assert!(!r.docs.is_empty() && !r.bad.is_empty() && !r.good.is_empty());
        }
    }
}
