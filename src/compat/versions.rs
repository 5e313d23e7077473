//! The CRD-wide checks (scope, names, versions, storage, stored versions), and the dispatch of
//! each version served by both revisions to the schema, CEL and column comparisons.

use std::collections::BTreeSet;

use super::rules::*;
use super::{celdiff, columns, schema, span_of, Findings, Options};
use crate::yaml::Node;

/// One version of a CRD as the user wrote it (`v1` per-version fields, or `v1beta1` top-level
/// ones shared by every version).
pub struct Version<'a> {
    pub name: &'a str,
    /// The `versions[i]` entry (the `spec` for a `v1beta1` CRD with only `spec.version`).
    pub node: &'a Node,
    pub served: bool,
    pub storage: bool,
    /// `openAPIV3Schema`, and its path in the user's document.
    pub schema: Option<(&'a Node, String)>,
    /// `additionalPrinterColumns`, and its path.
    pub columns: Option<(&'a Node, String)>,
    /// `selectableFields`, and its path.
    pub selectable: Option<(&'a Node, String)>,
}

/// The versions of a CRD document, in document order.
pub fn versions(crd: &Node) -> Vec<Version<'_>> {
    let Some(spec) = crd.get("spec") else {
        return Vec::new();
    };
    let top_schema = spec
        .at(&["validation", "openAPIV3Schema"])
        .map(|s| (s, "spec.validation.openAPIV3Schema".to_string()));
    let top_columns = spec
        .get("additionalPrinterColumns")
        .map(|c| (c, "spec.additionalPrinterColumns".to_string()));
    let top_selectable = spec
        .get("selectableFields")
        .map(|c| (c, "spec.selectableFields".to_string()));
    let Some(list) = spec.get("versions").and_then(Node::as_seq) else {
        // v1beta1 with only `spec.version`: one served storage version.
        return spec
            .get_str("version")
            .map(|name| Version {
                name,
                node: spec,
                served: true,
                storage: true,
                schema: top_schema,
                columns: top_columns,
                selectable: top_selectable,
            })
            .into_iter()
            .collect();
    };
    list.iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let name = v.get_str("name")?;
            let at = format!("spec.versions[{i}]");
            let own = |key: &str, path: &str| {
                v.at(&key.split('.').collect::<Vec<_>>())
                    .map(|n| (n, format!("{at}.{path}")))
            };
            Some(Version {
                name,
                node: v,
                served: v.get("served").and_then(Node::as_bool).unwrap_or(false),
                storage: v.get("storage").and_then(Node::as_bool).unwrap_or(false),
                schema: own("schema.openAPIV3Schema", "schema.openAPIV3Schema")
                    .or_else(|| top_schema.clone()),
                columns: own("additionalPrinterColumns", "additionalPrinterColumns")
                    .or_else(|| top_columns.clone()),
                selectable: own("selectableFields", "selectableFields")
                    .or_else(|| top_selectable.clone()),
            })
        })
        .collect()
}

/// Every check of going from `old` to `new`.
pub fn compare_crds(old: &Node, new: &Node, opts: &Options, out: &mut Findings) {
    let (Some(old_spec), Some(new_spec)) = (old.get("spec"), new.get("spec")) else {
        return;
    };
    check_scope(old_spec, new_spec, out);
    check_names(old_spec, new_spec, out);
    let old_versions = versions(old);
    let new_versions = versions(new);
    let stored = stored_versions(old, new, &old_versions);
    let new_versions_span = span_of(new_spec, "versions");
    let mut both_served = Vec::new();
    for ov in &old_versions {
        let Some(nv) = new_versions.iter().find(|v| v.name == ov.name) else {
            report_removed(ov, &stored, new_versions_span, out);
            continue;
        };
        if ov.served && !nv.served {
            out.push(
                &VERSION_UNSERVED,
                span_of(nv.node, "served"),
                Some(span_of(ov.node, "served")),
                "",
                format!(
                    "version {} is no longer served: clients that use it get 404 Not Found",
                    nv.name
                ),
            );
        } else if ov.served && nv.served {
            both_served.push((ov, nv));
        }
    }
    check_storage(new_spec, &old_versions, &new_versions, out);
    check_served_pairs(new_spec, &old_versions, &new_versions, out);
    // Tightening is allowed by policy only where the old revision says nothing is stored.
    let known_stored = old
        .at(&["status", "storedVersions"])
        .and_then(Node::as_seq)
        .is_some();
    for (ov, nv) in &both_served {
        let unstored = known_stored && !stored.contains(ov.name);
        let ctx = schema::VersionCtx {
            version: nv.name,
            tighten_ok: unstored && opts.policy.allow_tightening_unstored,
        };
        if let (Some((os, _)), Some((ns, npath))) = (&ov.schema, &nv.schema) {
            if !os.value_eq(ns) {
                schema::compare_schemas(os, ns, npath, &ctx, opts, out);
            }
        }
        columns::compare(ov, nv, out);
    }
    let changed: Vec<(&Version<'_>, &Version<'_>)> = both_served
        .iter()
        .copied()
        .filter(|(o, n)| match (&o.schema, &n.schema) {
            (Some((os, _)), Some((ns, _))) => !os.value_eq(ns),
            _ => false,
        })
        .collect();
    celdiff::compare_costs(&changed, opts, out);
}

fn check_scope(old: &Node, new: &Node, out: &mut Findings) {
    let (o, n) = (old.get_str("scope"), new.get_str("scope"));
    if let (Some(o), Some(n)) = (o, n) {
        if o != n {
            out.push(
                &SCOPE_CHANGED,
                span_of(new, "scope"),
                Some(span_of(old, "scope")),
                "spec.scope",
                format!("spec.scope changed from {o} to {n}: the API server does not allow it, and every object would change address"),
            );
        }
    }
}

fn check_names(old: &Node, new: &Node, out: &mut Findings) {
    let fields: [(&[&str], &str); 5] = [
        (&["group"], "spec.group"),
        (&["names", "kind"], "spec.names.kind"),
        (&["names", "plural"], "spec.names.plural"),
        (&["names", "listKind"], "spec.names.listKind"),
        (&["names", "singular"], "spec.names.singular"),
    ];
    for (keys, path) in fields {
        let (Some(o), Some(n)) = (old.at(keys), new.at(keys)) else {
            continue;
        };
        if let (Some(os), Some(ns)) = (o.as_str(), n.as_str()) {
            if os != ns {
                out.push(
                    &NAMES_CHANGED,
                    n.span(),
                    Some(o.span()),
                    path,
                    format!("{path} changed from {os} to {ns}: clients and manifests that name {os} break"),
                );
            }
        }
    }
    let short = |s: &Node| -> Vec<String> {
        s.at(&["names", "shortNames"])
            .and_then(Node::as_seq)
            .map(|l| {
                l.iter()
                    .filter_map(Node::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    let new_short = short(new);
    for (i, name) in short(old).iter().enumerate() {
        if !new_short.contains(name) {
            let old_span = old
                .at(&["names", "shortNames"])
                .and_then(Node::as_seq)
                .and_then(|l| l.get(i))
                .map(|n| n.span());
            let new_span = new
                .at(&["names"])
                .map_or(new.span(), |n| span_of(n, "shortNames"));
            out.push(
                &NAMES_CHANGED,
                new_span,
                old_span,
                "spec.names.shortNames",
                format!("short name {name} was removed: `kubectl get {name}` stops working"),
            )
            .severity = crate::diag::Severity::Warning;
        }
    }
}

/// Versions that may hold objects in etcd: both revisions' `status.storedVersions`, and the old
/// storage version (files from git seldom carry a status).
fn stored_versions<'a>(
    old: &'a Node,
    new: &'a Node,
    old_versions: &[Version<'a>],
) -> BTreeSet<&'a str> {
    let mut set: BTreeSet<&str> = BTreeSet::new();
    for crd in [old, new] {
        if let Some(list) = crd.at(&["status", "storedVersions"]).and_then(Node::as_seq) {
            set.extend(list.iter().filter_map(Node::as_str));
        }
    }
    set.extend(old_versions.iter().filter(|v| v.storage).map(|v| v.name));
    set
}

fn report_removed(
    ov: &Version<'_>,
    stored: &BTreeSet<&str>,
    new_span: crate::diag::Span,
    out: &mut Findings,
) {
    let old_span = span_of(ov.node, "name");
    if stored.contains(ov.name) {
        out.push(
            &STORED_VERSION_REMOVED,
            new_span,
            Some(old_span),
            "spec.versions",
            format!(
                "version {} was removed but objects may be stored in it (it is the old storage version or in status.storedVersions): they could no longer be read",
                ov.name
            ),
        )
        .help = Some("migrate stored objects to another version and drop it from status.storedVersions first".into());
    } else if ov.served {
        out.push(
            &VERSION_REMOVED,
            new_span,
            Some(old_span),
            "spec.versions",
            format!(
                "served version {} was removed: clients that use it get 404 Not Found",
                ov.name
            ),
        )
        .help = Some(
            "stop serving it (served: false) in one release and remove it in a later one".into(),
        );
    }
}

fn check_storage(
    new_spec: &Node,
    old_versions: &[Version<'_>],
    new_versions: &[Version<'_>],
    out: &mut Findings,
) {
    let (Some(os), Some(ns)) = (
        old_versions.iter().find(|v| v.storage),
        new_versions.iter().find(|v| v.storage),
    ) else {
        return;
    };
    if os.name == ns.name {
        return;
    }
    let strategy = new_spec
        .at(&["conversion", "strategy"])
        .and_then(Node::as_str)
        .unwrap_or("None");
    if strategy != "None" {
        return;
    }
    // The old storage version's schema as the new revision has it, or as the old one had it.
    let old_schema = new_versions
        .iter()
        .find(|v| v.name == os.name)
        .unwrap_or(os)
        .schema
        .as_ref()
        .map(|s| s.0);
    let new_schema = ns.schema.as_ref().map(|s| s.0);
    let same = match (old_schema, new_schema) {
        (Some(a), Some(b)) => a.value_eq(b),
        (None, None) => true,
        _ => false,
    };
    if !same {
        out.push(
            &STORAGE_VERSION_CHANGED,
            span_of(ns.node, "storage"),
            Some(span_of(os.node, "storage")),
            "",
            format!(
                "the storage version changed from {} to {}, whose schema differs, and conversion is None: objects stored as {} are served as {} with only apiVersion rewritten",
                os.name, ns.name, os.name, ns.name
            ),
        )
        .help = Some("keep the two schemas identical, or convert with a webhook (spec.conversion.strategy: Webhook)".into());
    }
}

/// The schema of `name` among `versions`, when it is served.
fn served_schema<'a>(versions: &[Version<'a>], name: &str) -> Option<&'a Node> {
    versions
        .iter()
        .find(|v| v.name == name && v.served)
        .and_then(|v| v.schema.as_ref().map(|s| s.0))
}

/// Pairs of served versions whose schemas differ under conversion None, new in this revision.
fn check_served_pairs(
    new_spec: &Node,
    old_versions: &[Version<'_>],
    new_versions: &[Version<'_>],
    out: &mut Findings,
) {
    let strategy = new_spec
        .at(&["conversion", "strategy"])
        .and_then(Node::as_str)
        .unwrap_or("None");
    if strategy != "None" {
        return;
    }
    let served: Vec<&Version<'_>> = new_versions.iter().filter(|v| v.served).collect();
    for (i, a) in served.iter().enumerate() {
        for b in &served[i + 1..] {
            let (Some((sa, _)), Some((sb, _))) = (&a.schema, &b.schema) else {
                continue;
            };
            if sa.value_eq(sb) {
                continue;
            }
            // Already differing (and both served) in the old revision: not new here.
            if let (Some(oa), Some(ob)) = (
                served_schema(old_versions, a.name),
                served_schema(old_versions, b.name),
            ) {
                if !oa.value_eq(ob) {
                    continue;
                }
            }
            let old_span = old_versions
                .iter()
                .find(|v| v.name == b.name)
                .map(|v| span_of(v.node, "name"));
            out.push(
                &SERVED_VERSIONS_DIFFER,
                span_of(b.node, "name"),
                old_span,
                "",
                format!(
                    "served versions {} and {} have different schemas and conversion is None: objects written through one are read through the other with only apiVersion rewritten",
                    a.name, b.name
                ),
            )
            .help = Some("keep served versions' schemas identical, or convert with a webhook".into());
        }
    }
}
