//! `spec.versions` rules: each version (name, deprecation warning, its schema, subresources,
//! columns and selectable fields), the list as a whole (unique names, one storage version,
//! top-level or per-version parts, `spec.version`), and `status.storedVersions` — in the
//! server's order, called from the driver in [`super::crd_spec`].

use super::crd::{Internal, Place, Version};
use super::ctx::{get_set, key_span, value_span, Bad, ErrType, FErr, Loc, Sink};
use super::names::is_dns1035_label;
use super::schema::SchemaOpts;
use super::{columns, schema, selectable, subresources};
use crate::diag::{Rule, Severity};
use crate::yaml::Node;

pub static VERSIONS: Rule = Rule {
    id: "crd/versions",
    severity: Severity::Error,
    summary:
        "A version name that is not a unique DNS-1035 label, or not exactly one storage version",
    docs: "Each version name is part of the API path (`/apis/<group>/<version>`), so it must be a \
DNS-1035 label; names must be unique, and exactly one version must be marked `storage: true` \
(the version objects are persisted in).",
    bad: "spec:\n  versions:\n  - name: v1\n    served: true\n    storage: false\n",
    good: "spec:\n  versions:\n  - name: v1\n    served: true\n    storage: true\n",
};

pub static DEPRECATION_WARNING: Rule = Rule {
    id: "crd/deprecation-warning",
    severity: Severity::Error,
    summary: "A `deprecationWarning` on a version that is not deprecated, not printable, or over 256 bytes",
    docs: "The deprecation warning is returned to clients in a `Warning` header, so the server \
accepts it only for versions marked `deprecated: true`, and requires a non-empty printable string \
of at most 256 bytes.",
    bad: "versions:\n- name: v1alpha1\n  deprecationWarning: use v1\n",
    good: "versions:\n- name: v1alpha1\n  deprecated: true\n  deprecationWarning: use v1\n",
};

pub static STORED_VERSIONS: Rule = Rule {
    id: "crd/stored-versions",
    severity: Severity::Error,
    summary: "A `status.storedVersions` that lacks the storage version or lists a version that does not exist",
    docs: "`status.storedVersions` records every version objects may still be stored in. It must \
contain the current storage version, and a version listed there may only be removed from \
`spec.versions` after a storage migration. A create ignores the `status` written in the file and \
records the storage version, so in a manifest this is reported when no version is marked `storage: true` \
(`crdlint diff` checks the old revision's stored versions against the new one: `compat/stored-version-removed`).",
    bad: "spec:\n  versions:\n  - {name: v1alpha1, served: true, storage: false}\n  - {name: v1, served: true, storage: false}\n",
    good: "spec:\n  versions:\n  - {name: v1alpha1, served: true, storage: false}\n  - {name: v1, served: true, storage: true}\n",
};

pub static PER_VERSION_FIELDS: Rule = Rule {
    id: "crd/per-version-fields",
    severity: Severity::Error,
    summary: "Schema, subresources or columns given both top-level and per version, or identical in every version (v1beta1)",
    docs: "In `v1beta1`, `validation`, `subresources` and `additionalPrinterColumns` can be given at \
the top level or per version, not both; and per-version values may not all be identical (the \
top-level field must be used then).",
    bad: "apiVersion: apiextensions.k8s.io/v1beta1\nspec:\n  validation: {openAPIV3Schema: {type: object}}\n  versions:\n  - name: v1\n    schema: {openAPIV3Schema: {type: object}}\n",
    good: "apiVersion: apiextensions.k8s.io/v1beta1\nspec:\n  validation: {openAPIV3Schema: {type: object}}\n  versions:\n  - name: v1\n",
};

/// What the per-version walk counts for the checks on the whole list.
#[derive(Clone, Copy)]
pub(super) struct Tally {
    storage: usize,
    unique: bool,
}

/// Each version in order: its name, deprecation warning, then its parts.
pub(super) fn validate_each_version(crd: &Internal, opts: &SchemaOpts, sink: &mut Sink) -> Tally {
    let mut tally = Tally {
        storage: 0,
        unique: true,
    };
    let mut seen = std::collections::HashSet::new();
    for v in &crd.versions {
        if v.storage {
            tally.storage += 1;
        }
        if !seen.insert(v.name) {
            tally.unique = false;
        }
        validate_version_name(v, sink);
        validate_deprecation_warning(v, sink);
        validate_version_parts(crd, v, opts, sink);
    }
    tally
}

/// A version name is a path segment of the API: a DNS-1035 label.
fn validate_version_name(v: &Version, sink: &mut Sink) {
    let errs = is_dns1035_label(v.name);
    if !errs.is_empty() {
        sink.push(FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            &v.loc.child("name"),
            value_span(v.node, "name"),
            Bad::str(v.name),
            errs.join(","),
        ));
    }
}

/// `deprecationWarning`: only on deprecated versions, short and printable.
fn validate_deprecation_warning(v: &Version, sink: &mut Sink) {
    let dw = v.node.get("deprecationWarning").filter(|n| !n.is_null());
    let dws = dw.map(|n| n.as_str().unwrap_or(""));
    for m in deprecation_warning_errors(v.deprecated, dws) {
        let bad = match dws {
            Some(s) => Bad::str(s),
            None => Bad::raw("null"),
        };
        sink.push(FErr::new(
            &DEPRECATION_WARNING,
            ErrType::Invalid,
            &v.loc.child("deprecationWarning"),
            dw.map(|n| n.span()).unwrap_or(v.node.span()),
            bad,
            m,
        ));
    }
}

/// The version's own schema, subresources, columns and selectable fields.
fn validate_version_parts(crd: &Internal, v: &Version, opts: &SchemaOpts, sink: &mut Sink) {
    let sub = crd.subresources_for(v);
    if let Some(p) = &v.schema {
        schema::validate_validation(p, super::crd::has_status(sub), opts, sink);
    }
    if let Some(p) = &v.subresources {
        subresources::validate(p, sink);
    }
    if let Some(p) = &v.columns {
        columns::validate(p, crd.v1, sink);
    }
    if let Some(p) = &v.selectable {
        validate_version_selectable(crd, v, p, sink);
    }
}

/// Per-version selectableFields need the version's own schema, convertible to a structural one.
fn validate_version_selectable(crd: &Internal, v: &Version, p: &Place, sink: &mut Sink) {
    let sch = v
        .schema
        .as_ref()
        .and_then(|s| get_set(s.node, "openAPIV3Schema"));
    let Some(s) = sch else {
        let mut e = FErr::new(
            &selectable::SELECTABLE_FIELDS,
            ErrType::Invalid,
            &p.loc,
            p.node.span(),
            Bad::str(""),
            "may only be set when `version.schema.openAPIV3Schema` is not included",
        );
        if crd.v1 && crd.validation.is_some() {
            e.help = Some("the server moves a schema shared by all versions to the top level before this check, so per-version selectableFields see no schema (read from the server's code; digest §1.12)".into());
        }
        sink.push(e);
        return;
    };
    if let Some(msg) = super::structural::conversion_error(s) {
        sink.push(FErr::new(
            &selectable::SELECTABLE_FIELDS,
            ErrType::Invalid,
            &v.loc.child("schema.openAPIV3Schema"),
            s.span(),
            Bad::str(""),
            msg,
        ));
    }
    selectable::validate(p, Some(s), sink);
}

/// Schemas, subresources and columns are either top-level or per-version (reachable from
/// v1beta1): never both, and per-version ones may not all be identical.
pub(super) fn validate_top_level_or_per_version(crd: &Internal, sp: &Loc, sink: &mut Sink) {
    let any = |f: &dyn Fn(&Version) -> bool| crd.versions.iter().any(f);
    let exclusive = [
        (
            "validation",
            "schemas",
            crd.validation.is_some() && any(&|v| v.schema.is_some()),
        ),
        (
            "subresources",
            "subresources",
            crd.subresources.is_some() && any(&|v| v.subresources.is_some()),
        ),
        (
            "additionalPrinterColumns",
            "additionalPrinterColumns",
            crd.columns.is_some() && any(&|v| v.columns.is_some()),
        ),
    ];
    for (field, what, both) in exclusive {
        if both {
            sink.push(FErr::new(
                &PER_VERSION_FIELDS,
                ErrType::Forbidden,
                &sp.child(field),
                key_span(crd.spec, field),
                Bad::none(),
                format!("top-level and per-version {what} are mutually exclusive"),
            ));
        }
    }
    fn pick<'v, 'a>(v: &'v Version<'a>, which: usize) -> Option<&'v Place<'a>> {
        match which {
            0 => v.schema.as_ref(),
            1 => v.subresources.as_ref(),
            _ => v.columns.as_ref(),
        }
    }
    let identical = |which: usize| -> bool {
        let Some(first) = crd.versions.first().and_then(|v| pick(v, which)) else {
            return false;
        };
        crd.versions
            .iter()
            .all(|v| pick(v, which).is_some_and(|p| p.node.value_eq(first.node)))
    };
    let vloc = sp.child("versions");
    for (which, what, top) in [
        (0, "schemas", "validation"),
        (1, "subresources", "subresources"),
        (2, "additionalPrinterColumns", "additionalPrinterColumns"),
    ] {
        if identical(which) {
            sink.push(FErr::new(
                &PER_VERSION_FIELDS,
                ErrType::Invalid,
                &vloc,
                crd.versions_span,
                versions_bad(crd),
                format!("per-version {what} may not all be set to identical values (top-level {top} should be used instead)"),
            ));
        }
    }
}

/// The server prints its internal versions slice; a short form keeps the message readable.
fn versions_bad(crd: &Internal) -> Bad {
    let names: Vec<String> = crd
        .versions
        .iter()
        .map(|v| format!("{{\"name\":{},...}}", super::ctx::go_quote(v.name)))
        .collect();
    Bad::raw(format!("[{}]", names.join(",")))
}

/// The list as a whole: unique names, exactly one storage version.
pub(super) fn validate_version_list(crd: &Internal, tally: Tally, vloc: &Loc, sink: &mut Sink) {
    if !tally.unique {
        sink.push(FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            vloc,
            crd.versions_span,
            versions_bad(crd),
            "must contain unique version names",
        ));
    }
    if tally.storage != 1 {
        let mut e = FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            vloc,
            crd.versions_span,
            versions_bad(crd),
            "must have exactly one version marked as storage version",
        );
        e.help = Some(format!("{} versions have `storage: true`", tally.storage));
        sink.push(e);
    }
}

/// `spec.version` (v1beta1; the internal form of v1 repeats the first version's name there):
/// a DNS-1035 label equal to the first version's name.
pub(super) fn validate_spec_version(crd: &Internal, sink: &mut Sink) {
    let Some((v, loc, span)) = &crd.version else {
        return;
    };
    if v.is_empty() {
        return;
    }
    let errs = is_dns1035_label(v);
    if !errs.is_empty() {
        let mut e = FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            loc,
            *span,
            Bad::str(v),
            errs.join(","),
        );
        if crd.v1 {
            e.help =
                Some("the server reports the first version's name again as `spec.version`".into());
        }
        sink.push(e);
    }
    if !crd.versions.is_empty() && crd.versions[0].name != *v {
        sink.push(FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            loc,
            *span,
            Bad::str(v),
            "must match the first version in spec.versions",
        ));
    }
}

/// `validateDeprecationWarning`: the detail strings, in order.
pub fn deprecation_warning_errors(deprecated: bool, warning: Option<&str>) -> Vec<String> {
    if !deprecated && warning.is_some() {
        return vec!["can only be set for deprecated versions".into()];
    }
    let Some(w) = warning else { return Vec::new() };
    let mut errs = Vec::new();
    if w.len() > 256 {
        errs.push("must be <= 256 characters long".into());
    }
    if w.is_empty() {
        errs.push("must not be an empty string".into());
    }
    for (i, c) in w.char_indices() {
        if !super::ctx::is_go_printable(c) && !c.is_control() {
            errs.push(format!(
                "must only contain printable UTF-8 characters; non-printable character found at index {i}"
            ));
            break;
        }
        if c.is_control() {
            // Go checks IsPrint first: a control character is also non-printable.
            errs.push(format!(
                "must only contain printable UTF-8 characters; non-printable character found at index {i}"
            ));
            break;
        }
    }
    errs
}

/// Same as [`deprecation_warning_errors`] for raw bytes (invalid UTF-8 is decoded as Go does:
/// each bad byte is U+FFFD, which is printable, then the whole string is reported).
pub fn deprecation_warning_errors_bytes(deprecated: bool, warning: &[u8]) -> Vec<String> {
    match std::str::from_utf8(warning) {
        Ok(s) => deprecation_warning_errors(deprecated, Some(s)),
        Err(_) => {
            let lossy = String::from_utf8_lossy(warning);
            let mut errs = deprecation_warning_errors(deprecated, Some(&lossy));
            if !deprecated {
                return errs;
            }
            // lengths are bytes in Go; recompute the length rule on the raw bytes
            errs.retain(|e| e != "must be <= 256 characters long");
            if warning.len() > 256 {
                errs.insert(0, "must be <= 256 characters long".into());
            }
            errs.push("must only contain printable UTF-8 characters".into());
            errs
        }
    }
}

/// `status.storedVersions` as written.
pub(crate) fn validate_stored_versions(crd: &Internal, sink: &mut Sink) {
    let loc = Loc::new("status.storedVersions");
    {
        let node = crd.root.at(&["status", "storedVersions"]);
        let stored: Vec<(&str, crate::diag::Span)> = node
            .and_then(Node::as_seq)
            .unwrap_or(&[])
            .iter()
            .map(|n| (n.as_str().unwrap_or(""), n.span()))
            .collect();
        let span = node.map(|n| n.span()).unwrap_or(crd.root.span());
        let bad = match node {
            Some(n) if n.as_seq().is_some_and(|s| !s.is_empty()) => Bad::json(n),
            Some(n) if n.as_seq().is_some() => Bad::raw("[]"),
            _ => Bad::raw("null"),
        };
        stored_versions(&stored, bad, span, crd, &loc, sink);
    }
}

/// `status.storedVersions` after `PrepareForCreate` (= [first storage version]).
pub(super) fn validate_stored_versions_of(crd: &Internal, sink: &mut Sink) {
    let loc = Loc::new("status.storedVersions");
    {
        let first = crd.versions.iter().find(|v| v.storage);
        if let Some(v) = first {
            let bad = Bad::raw(format!(
                "[{}]",
                crate::k8s::field::go_json(&Node::synthetic(crate::yaml::Value::String(
                    v.name.to_string().into()
                )))
            ));
            stored_versions(
                &[(v.name, v.node.span())],
                bad,
                crd.versions_span,
                crd,
                &loc,
                sink,
            );
        } else {
            stored_versions(&[], Bad::raw("null"), crd.versions_span, crd, &loc, sink);
        }
    }
}

/// `ValidateCustomResourceDefinitionStoredVersions`.
pub(crate) fn stored_versions(
    stored: &[(&str, crate::diag::Span)],
    bad: Bad,
    span: crate::diag::Span,
    crd: &Internal,
    loc: &Loc,
    sink: &mut Sink,
) {
    if stored.is_empty() {
        let mut e = FErr::new(
            &STORED_VERSIONS,
            ErrType::Invalid,
            loc,
            span,
            bad,
            "must have at least one stored version",
        );
        if crd.versions.iter().all(|v| !v.storage) {
            e.help = Some("mark one version `storage: true`".into());
        }
        sink.push(e);
        return;
    }
    // Go: a map from name to its last index; storage versions must be in it; what is left over
    // was removed from spec.versions.
    let mut map: Vec<(&str, usize, crate::diag::Span)> = Vec::new();
    for (i, (s, sp)) in stored.iter().enumerate() {
        match map.iter_mut().find(|(n, _, _)| n == s) {
            Some(e) => {
                e.1 = i;
                e.2 = *sp;
            }
            None => map.push((s, i, *sp)),
        }
    }
    for v in &crd.versions {
        let pos = map.iter().position(|(n, _, _)| *n == v.name);
        if v.storage && pos.is_none() {
            sink.push(FErr::new(
                &STORED_VERSIONS,
                ErrType::Invalid,
                loc,
                span,
                bad.clone(),
                format!("must have the storage version {}", v.name),
            ));
        }
        if let Some(p) = pos {
            map.remove(p);
        }
    }
    for (s, i, sp) in map {
        sink.push(FErr::new(
            &STORED_VERSIONS,
            ErrType::Invalid,
            &loc.index(i),
            sp,
            Bad::str(s),
            format!("missing from spec.versions; {s} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {s} and removes {s} from status.storedVersions"),
        ));
    }
}
