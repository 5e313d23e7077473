//! The CRD-wide checks (scope, names, versions, storage, stored versions), and the dispatch of
//! each version served by both revisions to the schema, CEL and column comparisons.

use std::collections::{BTreeSet, HashMap};

use super::parts::{Classes, Version, VersionCtx};
use super::rules::*;
use super::{celdiff, columns, schema, span_of, Findings, Options};
use crate::yaml::Node;

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
                served_known: true,
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
                served_known: v.get("served").and_then(Node::as_bool).is_some(),
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
    fn spec(n: &Node) -> Option<&Node> {
        n.get("spec").filter(|s| s.as_map().is_some())
    }
    let (Some(old_spec), Some(new_spec)) = (spec(old), spec(new)) else {
        let which = if spec(old).is_none() { "old" } else { "new" };
        out.push(
            &NOT_COMPARED,
            new.get("spec").map_or(new.span(), Node::span),
            old.get("spec").map(Node::span),
            "spec",
            format!("the {which} revision has no spec: nothing of this CRD was compared"),
        );
        return;
    };
    check_scope(old_spec, new_spec, out);
    check_names(old_spec, new_spec, out);
    let old_versions = versions(old);
    let new_versions = versions(new);
    if !readable_versions(old_spec, new_spec, &old_versions, &new_versions, out) {
        return;
    }
    let by_name: HashMap<&str, &Version<'_>> = new_versions.iter().map(|v| (v.name, v)).collect();
    let stored = stored_versions(old, new, &old_versions);
    let new_versions_span = span_of(new_spec, "versions");
    let mut both_served = Vec::new();
    for ov in &old_versions {
        let Some(nv) = by_name.get(ov.name).copied() else {
            report_removed(ov, &stored, new_versions_span, out);
            continue;
        };
        if !ov.served_known || !nv.served_known {
            let which = if ov.served_known { "new" } else { "old" };
            out.push(
                &NOT_COMPARED,
                span_of(nv.node, "name"),
                Some(span_of(ov.node, "name")),
                "",
                format!(
                    "version {} does not say whether it is served in the {which} revision (`served` is required): it was not compared",
                    nv.name
                ),
            );
        } else if ov.served && !nv.served {
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
    check_storage(new_spec, &old_versions, &new_versions, opts, out);
    check_served_pairs(new_spec, &old_versions, &new_versions, out);
    // Tightening is allowed by policy only where the old revision says nothing is stored.
    let known_stored = old
        .at(&["status", "storedVersions"])
        .and_then(Node::as_seq)
        .is_some();
    for (ov, nv) in &both_served {
        let unstored = known_stored && !stored.contains(ov.name);
        let ctx = VersionCtx {
            version: nv.name,
            tighten_ok: unstored && opts.policy.allow_tightening_unstored,
        };
        match (&ov.schema, &nv.schema) {
            (Some((os, _)), Some((ns, npath))) => {
                if !os.value_eq(ns) {
                    schema::compare_schemas(os, ns, npath, &ctx, opts, out);
                }
            }
            (None, None) => {}
            (o, _) => {
                let which = if o.is_some() { "new" } else { "old" };
                out.push(
                    &NOT_COMPARED,
                    nv.schema.as_ref().map_or(span_of(nv.node, "name"), |s| s.0.span()),
                    ov.schema.as_ref().map(|s| s.0.span()),
                    "",
                    format!(
                        "version {} has no openAPIV3Schema in the {which} revision: its schema was not compared",
                        nv.name
                    ),
                );
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

/// Reports what makes the versions of either revision unreadable: entries without a name
/// (left out of the comparison), no versions at all, no storage version. Returns whether
/// there is anything to compare.
fn readable_versions(
    old_spec: &Node,
    new_spec: &Node,
    old_versions: &[Version<'_>],
    new_versions: &[Version<'_>],
    out: &mut Findings,
) -> bool {
    for (which, spec, versions) in [
        ("old", old_spec, old_versions),
        ("new", new_spec, new_versions),
    ] {
        // The finding is located in the new file: at the new node when it is the new side.
        let (at, related) = if which == "new" {
            (
                span_of(spec, "versions"),
                Some(span_of(old_spec, "versions")),
            )
        } else {
            (
                span_of(new_spec, "versions"),
                Some(span_of(spec, "versions")),
            )
        };
        if versions.is_empty() {
            out.push(
                &NOT_COMPARED,
                at,
                related,
                "spec.versions",
                format!("the {which} revision has no version that can be read (each needs a name): nothing of its versions was compared"),
            );
            return false;
        }
        let listed = spec.get("versions").and_then(Node::as_seq);
        for (i, v) in listed.into_iter().flatten().enumerate() {
            if v.get_str("name").is_none() {
                out.push(
                    &NOT_COMPARED,
                    at,
                    related,
                    "spec.versions",
                    format!("spec.versions[{i}] of the {which} revision has no name: it was not compared"),
                );
            }
        }
        if !versions.iter().any(|v| v.storage) {
            out.push(
                &NOT_COMPARED,
                at,
                related,
                "spec.versions",
                format!("the {which} revision has no storage version (the server requires exactly one): the storage checks were skipped"),
            );
        }
    }
    true
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
    opts: &Options,
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
        (Some(a), Some(b)) => a.value_eq(b) || only_adds(a, b, ns.name, opts),
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

/// Whether `new` accepts every object `old` accepts, unchanged: the schema comparison finds
/// nothing (fields only added, nothing removed, retyped or tightened). Objects stored under
/// the old storage version then read back as the new one exactly as they were.
fn only_adds(old: &Node, new: &Node, version: &str, opts: &Options) -> bool {
    let mut scratch = Findings::default();
    let ctx = VersionCtx {
        version,
        tighten_ok: false,
    };
    let strict = Options {
        policy: super::Policy::default(),
        enforcement: Default::default(),
        ..opts.clone()
    };
    schema::compare_schemas(old, new, "", &ctx, &strict, &mut scratch);
    scratch.diags.is_empty()
}

/// Pairs of served versions whose schemas differ under conversion None, new in this revision:
/// for each served version, the first served version before it that it newly differs from
/// (one finding per version, not per pair: 3,000 versions made 4.5 million pairs, each looked
/// up again in the old revision, and `diff` ran for minutes; issue 26).
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
    // Versions with a schema, by class of equal schemas, in each revision.
    let served: Vec<&Version<'_>> = new_versions
        .iter()
        .filter(|v| v.served && v.schema.is_some())
        .collect();
    let mut new_classes = Classes::default();
    let new_class: Vec<usize> = served
        .iter()
        .map(|v| new_classes.of(v.schema.as_ref().map(|s| s.0)))
        .collect();
    let mut old_classes = Classes::default();
    let old_served: HashMap<&str, usize> = old_versions
        .iter()
        .filter(|v| v.served && v.schema.is_some())
        .map(|v| (v.name, old_classes.of(v.schema.as_ref().map(|s| s.0))))
        .collect();
    let old_span: HashMap<&str, crate::diag::Span> = old_versions
        .iter()
        .map(|v| (v.name, span_of(v.node, "name")))
        .collect();
    // A pair (a, b) is new when their new schemas differ and they did not already differ while
    // both served: a is not served before, b is not, or their old schemas are equal. So the
    // candidates for b are the versions before it with no old class, and those with b's old
    // class; of each group the first two of different new classes are kept (one of them
    // differs from b's new class if any member does).
    #[derive(Default, Clone, Copy)]
    struct FirstTwo {
        first: Option<(usize, usize)>,
        other: Option<(usize, usize)>,
    }
    impl FirstTwo {
        fn add(&mut self, index: usize, class: usize) {
            match self.first {
                None => self.first = Some((index, class)),
                Some((_, c)) if c != class && self.other.is_none() => {
                    self.other = Some((index, class));
                }
                _ => {}
            }
        }
        /// The first member whose class is not `class`.
        fn differing(&self, class: usize) -> Option<usize> {
            [self.first, self.other]
                .into_iter()
                .flatten()
                .find(|(_, c)| *c != class)
                .map(|(i, _)| i)
        }
    }
    let mut unserved_before = FirstTwo::default();
    let mut by_old_class: HashMap<usize, FirstTwo> = HashMap::new();
    let mut everyone = FirstTwo::default();
    for (j, b) in served.iter().enumerate() {
        let class = new_class[j];
        let partner = match old_served.get(b.name) {
            None => everyone.differing(class),
            Some(oc) => [
                unserved_before.differing(class),
                by_old_class.get(oc).and_then(|g| g.differing(class)),
            ]
            .into_iter()
            .flatten()
            .min(),
        };
        if let Some(i) = partner {
            let a = served[i];
            out.push(
                &SERVED_VERSIONS_DIFFER,
                span_of(b.node, "name"),
                old_span.get(b.name).copied(),
                "",
                format!(
                    "served versions {} and {} have different schemas and conversion is None: objects written through one are read through the other with only apiVersion rewritten",
                    a.name, b.name
                ),
            )
            .help = Some("keep served versions' schemas identical, or convert with a webhook".into());
        }
        everyone.add(j, class);
        match old_served.get(b.name) {
            None => unserved_before.add(j, class),
            Some(oc) => by_old_class.entry(*oc).or_default().add(j, class),
        }
    }
}
