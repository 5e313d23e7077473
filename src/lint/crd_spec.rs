//! Object-level rules: `metadata.name`, `spec.group`, `spec.scope`, `spec.names`,
//! `spec.versions`, `status.storedVersions`, `spec.preserveUnknownFields`, the API-approval
//! annotation — and the driver that runs every server check in the server's order
//! (`ValidateCustomResourceDefinition`, digest §1.2–§1.8).

use super::crd::{Internal, Place};
use super::ctx::{get_seq, get_set, get_str, key_span, value_span, Bad, ErrType, FErr, Loc, Sink};
use super::names::{is_dns1035_label, is_dns1123_subdomain};
use super::schema::SchemaOpts;
use super::{columns, conversion, schema, selectable, subresources};
use crate::diag::{Rule, Severity};
use crate::yaml::Node;

pub static METADATA_NAME: Rule = Rule {
    id: "crd/metadata-name",
    severity: Severity::Error,
    summary: "metadata.name must be `<spec.names.plural>.<spec.group>`",
    docs: "The API server serves a CRD's resources under `/apis/<group>/<version>/<plural>`, so it \
requires the CRD's own name to be exactly `<plural>.<group>` (and a valid DNS subdomain). Any other \
name is rejected when the CRD is created.",
    bad: "metadata:\n  name: widget.example.com\nspec:\n  group: example.com\n  names:\n    plural: widgets\n",
    good: "metadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names:\n    plural: widgets\n",
};

pub static GROUP: Rule = Rule {
    id: "crd/group",
    severity: Severity::Error,
    summary: "spec.group must be a DNS subdomain with at least one dot",
    docs: "The group is the first part of every API path of the resource. The server requires a \
lowercase DNS subdomain containing at least one dot (`example.com`, not `example`).",
    bad: "spec:\n  group: Example\n",
    good: "spec:\n  group: example.com\n",
};

pub static SCOPE: Rule = Rule {
    id: "crd/scope",
    severity: Severity::Error,
    summary: "spec.scope must be Cluster or Namespaced",
    docs: "`apiextensions.k8s.io/v1` has no default for the scope: it must be written, and only \
`Cluster` and `Namespaced` (with that capitalisation) are accepted.",
    bad: "spec:\n  scope: namespaced\n",
    good: "spec:\n  scope: Namespaced\n",
};

pub static NAMES: Rule = Rule {
    id: "crd/names",
    severity: Severity::Error,
    summary: "spec.names: plural, singular, kind, listKind, shortNames, categories",
    docs: "Resource names appear in URLs and in kubectl: plural, singular, short names and categories \
must be DNS-1035 labels (lowercase, starting with a letter); kind and listKind may have mixed case \
but must otherwise follow the same rule and must differ from each other.",
    bad: "spec:\n  names:\n    plural: Widgets\n    kind: Widget\n    listKind: Widget\n",
    good: "spec:\n  names:\n    plural: widgets\n    kind: Widget\n    listKind: WidgetList\n",
};

pub static VERSIONS: Rule = Rule {
    id: "crd/versions",
    severity: Severity::Error,
    summary: "spec.versions: unique DNS-1035 names, exactly one storage version",
    docs: "Each version name is part of the API path (`/apis/<group>/<version>`), so it must be a \
DNS-1035 label; names must be unique, and exactly one version must be marked `storage: true` \
(the version objects are persisted in).",
    bad: "spec:\n  versions:\n  - name: v1\n    served: true\n    storage: false\n",
    good: "spec:\n  versions:\n  - name: v1\n    served: true\n    storage: true\n",
};

pub static DEPRECATION_WARNING: Rule = Rule {
    id: "crd/deprecation-warning",
    severity: Severity::Error,
    summary: "deprecationWarning only on deprecated versions, printable, at most 256 bytes",
    docs: "The deprecation warning is returned to clients in a `Warning` header, so the server \
accepts it only for versions marked `deprecated: true`, and requires a non-empty printable string \
of at most 256 bytes.",
    bad: "versions:\n- name: v1alpha1\n  deprecationWarning: use v1\n",
    good: "versions:\n- name: v1alpha1\n  deprecated: true\n  deprecationWarning: use v1\n",
};

pub static STORED_VERSIONS: Rule = Rule {
    id: "crd/stored-versions",
    severity: Severity::Error,
    summary: "status.storedVersions must list the storage version and only existing versions",
    docs: "`status.storedVersions` records every version objects may still be stored in. It must \
contain the current storage version, and a version listed there may only be removed from \
`spec.versions` after a storage migration.",
    bad: "spec:\n  versions:\n  - {name: v1, served: true, storage: true}\nstatus:\n  storedVersions: [v1alpha1]\n",
    good: "spec:\n  versions:\n  - {name: v1, served: true, storage: true}\nstatus:\n  storedVersions: [v1]\n",
};

pub static PRESERVE_UNKNOWN_FIELDS: Rule = Rule {
    id: "crd/preserve-unknown-fields",
    severity: Severity::Error,
    summary:
        "spec.preserveUnknownFields: true is rejected (and forbids defaults and webhook conversion)",
    docs:
        "Since `apiextensions.k8s.io/v1`, unknown fields are pruned. `preserveUnknownFields: true` \
is rejected on create; use `x-kubernetes-preserve-unknown-fields: true` in the schema where \
arbitrary fields are wanted. Defaults and webhook conversion also require pruning.",
    bad: "spec:\n  preserveUnknownFields: true\n",
    good: "spec:\n  preserveUnknownFields: false\n",
};

pub static SCHEMA_REQUIRED: Rule = Rule {
    id: "crd/schema-required",
    severity: Severity::Error,
    summary: "every version needs schema.openAPIV3Schema",
    docs: "`apiextensions.k8s.io/v1` requires a structural schema for every version: without one \
the server could not prune, default or validate the resources.",
    bad: "versions:\n- name: v1\n  served: true\n  storage: true\n",
    good: "versions:\n- name: v1\n  served: true\n  storage: true\n  schema:\n    openAPIV3Schema:\n      type: object\n",
};

pub static PER_VERSION_FIELDS: Rule = Rule {
    id: "crd/per-version-fields",
    severity: Severity::Error,
    summary: "top-level and per-version schema/subresources/columns are exclusive (v1beta1)",
    docs: "In `v1beta1`, `validation`, `subresources` and `additionalPrinterColumns` can be given at \
the top level or per version, not both; and per-version values may not all be identical (the \
top-level field must be used then).",
    bad: "spec:\n  validation: {openAPIV3Schema: {type: object}}\n  versions:\n  - name: v1\n    schema: {openAPIV3Schema: {type: object}}\n",
    good: "spec:\n  validation: {openAPIV3Schema: {type: object}}\n  versions:\n  - name: v1\n",
};

pub static API_APPROVAL: Rule = Rule {
    id: "crd/api-approval",
    severity: Severity::Error,
    summary: "groups under k8s.io and kubernetes.io need the api-approved.kubernetes.io annotation",
    docs: "Kubernetes reserves `*.k8s.io` and `*.kubernetes.io` for APIs reviewed by the project. A \
CRD in such a group must carry `api-approved.kubernetes.io` with the URL of the approving pull \
request, or a reason starting with `unapproved`.",
    bad: "metadata:\n  name: widgets.x.k8s.io\nspec:\n  group: x.k8s.io\n",
    good: "metadata:\n  name: widgets.x.k8s.io\n  annotations:\n    api-approved.kubernetes.io: https://github.com/kubernetes/enhancements/pull/1111\nspec:\n  group: x.k8s.io\n",
};

pub static METADATA: Rule = Rule {
    id: "crd/metadata",
    severity: Severity::Error,
    summary:
        "ObjectMeta rules: no namespace, valid label and annotation keys, annotations under 256 KiB",
    docs:
        "A CustomResourceDefinition is cluster-scoped, so `metadata.namespace` is rejected. Label \
keys and values and annotation keys must be qualified names, and all annotations together may not \
exceed 256 KiB (a `last-applied-configuration` annotation of a big CRD often does: apply it \
server-side).",
    bad: "metadata:\n  name: widgets.example.com\n  namespace: default\n",
    good: "metadata:\n  name: widgets.example.com\n",
};

/// What a driver run emulates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    /// Validate the object exactly as given (the upstream unit tests), instead of applying v1
    /// defaulting and `PrepareForCreate` first (a real create).
    pub(crate) as_given: bool,
    /// The API server version emulated (CEL environments).
    pub(crate) kube: crate::k8s::KubeVersion,
    /// Compile CEL rules.
    pub(crate) cel: bool,
    /// See [`super::Mode::cost_warn_percent`].
    pub(crate) cost_warn_percent: Option<u32>,
}

/// The server's create validation, in its order.
pub(crate) fn validate(crd: &Internal, mode: Mode, sink: &mut Sink) {
    validate_metadata(crd, sink);
    validate_spec(crd, mode, sink);
    // status.acceptedNames: PrepareForCreate wipes status on a real create.
    if mode.as_given {
        if let Some(an) = crd.root.at(&["status", "acceptedNames"]) {
            validate_names(an, &Loc::new("status.acceptedNames"), sink);
        }
    }
    if mode.as_given {
        validate_stored_versions(crd, sink);
    } else {
        validate_stored_versions_of(crd, sink);
    }
    validate_api_approval(crd, sink);
    if let Some(n) = crd.spec.get("preserveUnknownFields") {
        if n.as_bool() == Some(true) {
            sink.push(FErr::new(
                &PRESERVE_UNKNOWN_FIELDS,
                ErrType::Invalid,
                &Loc::new("spec.preserveUnknownFields"),
                n.span,
                Bad::bool(true),
                "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
            ));
        }
    }
}

fn metadata_node<'a>(crd: &Internal<'a>) -> &'a Node {
    crd.root.get("metadata").unwrap_or(crd.root)
}

fn validate_metadata(crd: &Internal, sink: &mut Sink) {
    let meta = metadata_node(crd);
    let name = get_str(meta, "name").unwrap_or("");
    let group = get_str(crd.spec, "group").unwrap_or("");
    let plural = crd
        .spec
        .at(&["names", "plural"])
        .and_then(Node::as_str)
        .unwrap_or("");
    let loc = Loc::new("metadata.name");
    if name.is_empty() {
        let gen = get_str(meta, "generateName").unwrap_or("");
        if gen.is_empty() {
            sink.push(FErr::new(
                &METADATA_NAME,
                ErrType::Required,
                &loc,
                meta.span,
                Bad::none(),
                "name or generateName is required",
            ));
        }
    } else {
        let span = value_span(meta, "name");
        let mut msgs = is_dns1123_subdomain(name);
        if name != format!("{plural}.{group}") {
            msgs.push("must be spec.names.plural+\".\"+spec.group".to_string());
        }
        for m in msgs {
            let mut e = FErr::new(
                &METADATA_NAME,
                ErrType::Invalid,
                &loc,
                span,
                Bad::str(name),
                m,
            );
            if !plural.is_empty() && !group.is_empty() {
                e.help = Some(format!("rename the CRD to {plural}.{group}"));
            }
            sink.push(e);
        }
    }
    if get_str(meta, "namespace").is_some_and(|s| !s.is_empty()) {
        sink.push(FErr::new(
            &METADATA,
            ErrType::Forbidden,
            &Loc::new("metadata.namespace"),
            key_span(meta, "namespace"),
            Bad::none(),
            "not allowed on this type",
        ));
    }
    validate_labels_annotations(meta, sink);
}

/// `ValidateLabels` and `ValidateAnnotations` of ObjectMeta.
fn validate_labels_annotations(meta: &Node, sink: &mut Sink) {
    use crate::k8s::names::{is_qualified_name, is_valid_label_value};
    if let Some(labels) = meta.get("labels").and_then(Node::as_map) {
        let loc = Loc::new("metadata.labels");
        for e in &labels.entries {
            for m in is_qualified_name(&e.key) {
                sink.push(FErr::new(
                    &METADATA,
                    ErrType::Invalid,
                    &loc,
                    e.key_span,
                    Bad::str(&e.key),
                    m,
                ));
            }
            if let Some(v) = e.value.as_str() {
                for m in is_valid_label_value(v) {
                    sink.push(FErr::new(
                        &METADATA,
                        ErrType::Invalid,
                        &loc.key(&e.key),
                        e.value.span,
                        Bad::str(v),
                        m,
                    ));
                }
            }
        }
    }
    if let Some(ann) = meta.get("annotations").and_then(Node::as_map) {
        let loc = Loc::new("metadata.annotations");
        let mut total = 0usize;
        for e in &ann.entries {
            total += e.key.len() + e.value.as_str().map_or(0, str::len);
            for m in is_qualified_name(&e.key.to_lowercase()) {
                sink.push(FErr::new(
                    &METADATA,
                    ErrType::Invalid,
                    &loc,
                    e.key_span,
                    Bad::str(&e.key),
                    m,
                ));
            }
        }
        const LIMIT: usize = 256 * 1024;
        if total > LIMIT {
            let mut e = FErr::new(
                &METADATA,
                ErrType::TooLong,
                &loc,
                meta.get("annotations").map_or(meta.span, |a| a.span),
                Bad::none(),
                format!("may not be more than {LIMIT} bytes"),
            );
            e.help = Some(format!(
                "the annotations total {total} bytes (often a kubectl.kubernetes.io/last-applied-configuration copy of a large CRD: use `kubectl apply --server-side`)"
            ));
            sink.push(e);
        }
    }
}

fn validate_spec(crd: &Internal, mode: Mode, sink: &mut Sink) {
    let spec = crd.spec;
    let sp = Loc::new("spec");
    // group
    let group = get_str(spec, "group").unwrap_or("");
    let gloc = sp.child("group");
    if group.is_empty() {
        sink.push(FErr::new(
            &GROUP,
            ErrType::Required,
            &gloc,
            value_span(spec, "group"),
            Bad::none(),
            "",
        ));
    } else {
        let errs = is_dns1123_subdomain(group);
        let span = value_span(spec, "group");
        if !errs.is_empty() {
            sink.push(FErr::new(
                &GROUP,
                ErrType::Invalid,
                &gloc,
                span,
                Bad::str(group),
                errs.join(","),
            ));
        } else if !group.contains('.') {
            sink.push(FErr::new(
                &GROUP,
                ErrType::Invalid,
                &gloc,
                span,
                Bad::str(group),
                "should be a domain with at least one dot",
            ));
        }
    }
    // scope (v1beta1 defaults it to Namespaced on a real create)
    let scope = get_str(spec, "scope").unwrap_or("");
    let scope = if scope.is_empty() && !crd.v1 && !mode.as_given {
        "Namespaced"
    } else {
        scope
    };
    enum_strings(
        &SCOPE,
        &sp.child("scope"),
        scope,
        &["Cluster", "Namespaced"],
        value_span(spec, "scope"),
        sink,
    );

    let mut opts = SchemaOpts::create();
    opts.cel = mode.cel.then_some(mode.kube);
    opts.cost_warn_percent = mode.cost_warn_percent;
    // requireOpenAPISchema
    let top_has_schema = crd
        .validation
        .as_ref()
        .is_some_and(|p| get_set(p.node, "openAPIV3Schema").is_some());
    if !top_has_schema {
        for v in &crd.versions {
            let has = v
                .schema
                .as_ref()
                .is_some_and(|p| get_set(p.node, "openAPIV3Schema").is_some());
            if !has {
                let span = v.node.get("schema").map(|s| s.span).unwrap_or(v.node.span);
                let mut e = FErr::new(
                    &SCHEMA_REQUIRED,
                    ErrType::Required,
                    &v.loc.child("schema").child("openAPIV3Schema"),
                    span,
                    Bad::none(),
                    "",
                );
                e.help = Some(
                    "add schema.openAPIV3Schema (at least `type: object`) to this version".into(),
                );
                sink.push(e);
            }
        }
    }
    let schemas = crd.schemas();
    let facts = schemas.iter().fold(schema::Facts::default(), |f, (s, _)| {
        f.merge(schema::facts(s))
    });
    if facts.has_default {
        opts.require_structural = true;
        if crd.pruf_nil_or_true() {
            let n = spec.get("preserveUnknownFields");
            sink.push(FErr::new(
                &PRESERVE_UNKNOWN_FIELDS,
                ErrType::Invalid,
                &sp.child("preserveUnknownFields"),
                n.map(|n| n.span).unwrap_or(spec.span),
                Bad::bool(true),
                "must be false in order to use defaults in the schema",
            ));
        }
    }

    // per version
    let mut storage = 0;
    let mut seen = std::collections::HashSet::new();
    let mut unique = true;
    for v in &crd.versions {
        if v.storage {
            storage += 1;
        }
        if !seen.insert(v.name) {
            unique = false;
        }
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
        // deprecationWarning
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
                dw.map(|n| n.span).unwrap_or(v.node.span),
                bad,
                m,
            ));
        }
        let sub = crd.subresources_for(v);
        if let Some(p) = &v.schema {
            schema::validate_validation(p, super::crd::has_status(sub), &opts, sink);
        }
        if let Some(p) = &v.subresources {
            subresources::validate(p, sink);
        }
        if let Some(p) = &v.columns {
            columns::validate(p, crd.v1, sink);
        }
        if let Some(p) = &v.selectable {
            let sch = v
                .schema
                .as_ref()
                .and_then(|s| get_set(s.node, "openAPIV3Schema"));
            match sch {
                None => {
                    let mut e = FErr::new(
                        &selectable::SELECTABLE_FIELDS,
                        ErrType::Invalid,
                        &p.loc,
                        p.node.span,
                        Bad::str(""),
                        "may only be set when `version.schema.openAPIV3Schema` is not included",
                    );
                    if crd.v1 && crd.validation.is_some() {
                        e.help = Some("the server moves a schema shared by all versions to the top level before this check, so per-version selectableFields see no schema (read from the server's code; digest §1.12)".into());
                    }
                    sink.push(e);
                }
                Some(s) => {
                    if let Some(msg) = super::structural::conversion_error(s) {
                        sink.push(FErr::new(
                            &selectable::SELECTABLE_FIELDS,
                            ErrType::Invalid,
                            &v.loc.child("schema.openAPIV3Schema"),
                            s.span,
                            Bad::str(""),
                            msg,
                        ));
                    }
                    selectable::validate(p, Some(s), sink);
                }
            }
        }
    }

    // top-level vs per-version (reachable from v1beta1)
    let any = |f: &dyn Fn(&super::crd::Version) -> bool| crd.versions.iter().any(f);
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
                key_span(spec, field),
                Bad::none(),
                format!("top-level and per-version {what} are mutually exclusive"),
            ));
        }
    }
    // The server prints its internal versions slice; a short form keeps the message readable.
    let versions_bad = || {
        let names: Vec<String> = crd
            .versions
            .iter()
            .map(|v| format!("{{\"name\":{},...}}", super::ctx::go_quote(v.name)))
            .collect();
        Bad::raw(format!("[{}]", names.join(",")))
    };
    let vloc = sp.child("versions");
    fn pick<'v, 'a>(v: &'v super::crd::Version<'a>, which: usize) -> Option<&'v Place<'a>> {
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
                versions_bad(),
                format!("per-version {what} may not all be set to identical values (top-level {top} should be used instead)"),
            ));
        }
    }
    if !unique {
        sink.push(FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            &vloc,
            crd.versions_span,
            versions_bad(),
            "must contain unique version names",
        ));
    }
    if storage != 1 {
        let mut e = FErr::new(
            &VERSIONS,
            ErrType::Invalid,
            &vloc,
            crd.versions_span,
            versions_bad(),
            "must have exactly one version marked as storage version",
        );
        e.help = Some(format!("{storage} versions have `storage: true`"));
        sink.push(e);
    }
    if let Some((v, loc, span)) = &crd.version {
        if !v.is_empty() {
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
                    e.help = Some(
                        "the server reports the first version's name again as `spec.version`"
                            .into(),
                    );
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
    }

    // names required (v1 defaulting fills singular and listKind from kind on a real create)
    let names = spec.get("names").filter(|n| n.as_map().is_some());
    let nloc = sp.child("names");
    let kind = names.and_then(|n| get_str(n, "kind")).unwrap_or("");
    for f in ["plural", "singular", "kind", "listKind"] {
        let v = names.and_then(|n| get_str(n, f)).unwrap_or("");
        let defaulted = !mode.as_given && !kind.is_empty() && (f == "singular" || f == "listKind");
        if v.is_empty() && !defaulted {
            let span = names
                .map(|n| value_span(n, f))
                .unwrap_or_else(|| value_span(spec, "names"));
            sink.push(FErr::new(
                &NAMES,
                ErrType::Required,
                &nloc.child(f),
                span,
                Bad::none(),
                "",
            ));
        }
    }
    if let Some(n) = names {
        validate_names(n, &nloc, sink);
    }

    if let Some(p) = &crd.validation {
        schema::validate_validation(p, crd.any_status_enabled(), &opts, sink);
    }
    if let Some(p) = &crd.subresources {
        subresources::validate(p, sink);
    }
    if let Some(p) = &crd.columns {
        columns::validate(p, crd.v1, sink);
    }
    if let Some(p) = &crd.selectable {
        match &crd.validation {
            None => {
                let mut e = FErr::new(
                    &selectable::SELECTABLE_FIELDS,
                    ErrType::Invalid,
                    &p.loc,
                    p.node.span,
                    Bad::str(""),
                    "may only be set when validations.schema is included",
                );
                if crd.v1 {
                    e.help = Some("the server moves selectableFields shared by all versions to the top level, where they need a schema shared by all versions too (read from the server's code; digest §1.12)".into());
                }
                sink.push(e);
            }
            Some(val) => {
                let s = get_set(val.node, "openAPIV3Schema");
                if let Some(msg) = s.and_then(super::structural::conversion_error) {
                    sink.push(FErr::new(
                        &selectable::SELECTABLE_FIELDS,
                        ErrType::Invalid,
                        &Loc::two(
                            val.loc.child("openAPIV3Schema").user,
                            "spec.schema.openAPIV3Schema",
                        ),
                        val.node.span,
                        Bad::str(""),
                        msg,
                    ));
                }
                selectable::validate(p, s, sink);
            }
        }
    }
    conversion::validate(crd, mode, sink);
}

pub(crate) fn enum_strings(
    rule: &'static Rule,
    loc: &Loc,
    value: &str,
    accepted: &[&str],
    span: crate::diag::Span,
    sink: &mut Sink,
) {
    if value.is_empty() {
        sink.push(FErr::new(
            rule,
            ErrType::Required,
            loc,
            span,
            Bad::none(),
            "",
        ));
    } else if !accepted.contains(&value) {
        sink.push(FErr::new(
            rule,
            ErrType::NotSupported,
            loc,
            span,
            Bad::str(value),
            supported(accepted),
        ));
    }
}

/// `supported values: "a", "b"` (empty list: no detail).
pub(crate) fn supported(values: &[&str]) -> String {
    if values.is_empty() {
        return String::new();
    }
    let q: Vec<String> = values.iter().map(|v| super::ctx::go_quote(v)).collect();
    format!("supported values: {}", q.join(", "))
}

/// `ValidateCustomResourceDefinitionNames` for `spec.names` and `status.acceptedNames`.
pub(crate) fn validate_names(names: &Node, loc: &Loc, sink: &mut Sink) {
    let s = |k: &str| get_str(names, k).unwrap_or("");
    for f in ["plural", "singular"] {
        let v = s(f);
        let errs = is_dns1035_label(v);
        if !v.is_empty() && !errs.is_empty() {
            sink.push(FErr::new(
                &NAMES,
                ErrType::Invalid,
                &loc.child(f),
                value_span(names, f),
                Bad::str(v),
                errs.join(","),
            ));
        }
    }
    for f in ["kind", "listKind"] {
        let v = s(f);
        let errs = is_dns1035_label(&v.to_lowercase());
        if !v.is_empty() && !errs.is_empty() {
            sink.push(FErr::new(
                &NAMES,
                ErrType::Invalid,
                &loc.child(f),
                value_span(names, f),
                Bad::str(v),
                format!(
                    "may have mixed case, but should otherwise match: {}",
                    errs.join(",")
                ),
            ));
        }
    }
    let short = get_seq(names, "shortNames");
    for (i, n) in short.iter().enumerate() {
        let v = n.as_str().unwrap_or("");
        let errs = is_dns1035_label(v);
        if !errs.is_empty() {
            sink.push(FErr::new(
                &NAMES,
                ErrType::Invalid,
                &loc.child("shortNames").index(i),
                n.span,
                Bad::str(v),
                errs.join(","),
            ));
        }
    }
    let kind = s("kind");
    if !kind.is_empty() && kind == s("listKind") {
        sink.push(FErr::new(
            &NAMES,
            ErrType::Invalid,
            &loc.child("listKind"),
            value_span(names, "listKind"),
            Bad::str(kind),
            "kind and listKind may not be the same",
        ));
    }
    for (i, n) in get_seq(names, "categories").iter().enumerate() {
        let v = n.as_str().unwrap_or("");
        let errs = is_dns1035_label(v);
        if !errs.is_empty() {
            sink.push(FErr::new(
                &NAMES,
                ErrType::Invalid,
                &loc.child("categories").index(i),
                n.span,
                Bad::str(v),
                errs.join(","),
            ));
        }
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
            .map(|n| (n.as_str().unwrap_or(""), n.span))
            .collect();
        let span = node.map(|n| n.span).unwrap_or(crd.root.span);
        let bad = match node {
            Some(n) if n.as_seq().is_some_and(|s| !s.is_empty()) => Bad::json(n),
            Some(n) if n.as_seq().is_some() => Bad::raw("[]"),
            _ => Bad::raw("null"),
        };
        stored_versions(&stored, bad, span, crd, &loc, sink);
    }
}

/// `status.storedVersions` after `PrepareForCreate` (= [first storage version]).
fn validate_stored_versions_of(crd: &Internal, sink: &mut Sink) {
    let loc = Loc::new("status.storedVersions");
    {
        let first = crd.versions.iter().find(|v| v.storage);
        if let Some(v) = first {
            let bad = Bad::raw(format!(
                "[{}]",
                super::ctx::go_json(&Node::synthetic(crate::yaml::Value::String(
                    v.name.to_string()
                )))
            ));
            stored_versions(
                &[(v.name, v.node.span)],
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

fn validate_api_approval(crd: &Internal, sink: &mut Sink) {
    let group = get_str(crd.spec, "group").unwrap_or("");
    let protected = group == "k8s.io"
        || group.ends_with(".k8s.io")
        || group == "kubernetes.io"
        || group.ends_with(".kubernetes.io");
    if !protected {
        return;
    }
    const KEY: &str = "api-approved.kubernetes.io";
    let meta = metadata_node(crd);
    let ann = meta.get("annotations");
    let loc = Loc::new("metadata.annotations").key(KEY);
    match ann.and_then(|a| a.get(KEY)) {
        None => sink.push(FErr::new(
            &API_APPROVAL,
            ErrType::Required,
            &loc,
            ann.map(|a| a.span).unwrap_or(meta.span),
            Bad::none(),
            "protected groups must have approval annotation \"api-approved.kubernetes.io\", see https://github.com/kubernetes/enhancements/pull/1111",
        )),
        Some(n) => {
            let v = n.as_str().unwrap_or("");
            if v.starts_with("unapproved") || is_request_uri_with_host(v) {
                return;
            }
            sink.push(FErr::new(
                &API_APPROVAL,
                ErrType::Invalid,
                &loc,
                n.span,
                Bad::str(v),
                "protected groups must have approval annotation \"api-approved.kubernetes.io\" with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111",
            ));
        }
    }
}

/// apihelpers `GetAPIApprovalState`: `url.ParseRequestURI` succeeds with a scheme and a host.
fn is_request_uri_with_host(v: &str) -> bool {
    crate::schema::formats::gourl::parse_request_uri(v)
        .is_ok_and(|u| !u.scheme.is_empty() && !u.host.is_empty())
}

#[cfg(test)]
mod approval_url_tests {
    use super::is_request_uri_with_host;

    #[test]
    fn approval_urls_need_a_scheme_and_a_host() {
        assert!(is_request_uri_with_host(
            "https://github.com/kubernetes/kubernetes/pull/78458"
        ));
        assert!(!is_request_uri_with_host("/just/a/path"));
        assert!(!is_request_uri_with_host("https:///no-host"));
        assert!(!is_request_uri_with_host("not a url"));
    }
}
