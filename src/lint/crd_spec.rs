//! Object-level rules: `metadata.name`, `spec.group`, `spec.scope`, `spec.names`,
//! `spec.preserveUnknownFields`, the schema each version needs, the API-approval annotation.
//! The `spec.versions` and `status.storedVersions` rules are in [`super::crd_versions`]; the
//! driver that runs every family in the server's order is [`super::run`].

use super::crd::Internal;
use super::ctx::{
    enum_strings, get_seq, get_set, get_str, key_span, value_span, Bad, ErrType, FErr, Loc, Mode,
    Sink,
};
use super::names::{is_dns1035_label, is_dns1123_subdomain};
use crate::diag::{Rule, Severity};
use crate::schema::formats::gourl;
use crate::yaml::Node;

pub static METADATA_NAME: Rule = Rule {
    id: "crd/metadata-name",
    severity: Severity::Error,
    summary: "A `metadata.name` that is not `<spec.names.plural>.<spec.group>`",
    docs: "The API server serves a CRD's resources under `/apis/<group>/<version>/<plural>`, so it \
requires the CRD's own name to be exactly `<plural>.<group>` (and a valid DNS subdomain). Any other \
name is rejected when the CRD is created.",
    bad: "metadata:\n  name: widget.example.com\nspec:\n  group: example.com\n  names:\n    plural: widgets\n",
    good: "metadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names:\n    plural: widgets\n",
};

pub static GROUP: Rule = Rule {
    id: "crd/group",
    severity: Severity::Error,
    summary: "A `spec.group` that is not a DNS subdomain with at least one dot",
    docs: "The group is the first part of every API path of the resource. The server requires a \
lowercase DNS subdomain containing at least one dot (`example.com`, not `example`).",
    bad: "spec:\n  group: Example\n",
    good: "spec:\n  group: example.com\n",
};

pub static SCOPE: Rule = Rule {
    id: "crd/scope",
    severity: Severity::Error,
    summary: "A `spec.scope` other than Cluster or Namespaced",
    docs: "`apiextensions.k8s.io/v1` has no default for the scope: it must be written, and only \
`Cluster` and `Namespaced` (with that capitalisation) are accepted.",
    bad: "spec:\n  scope: namespaced\n",
    good: "spec:\n  scope: Namespaced\n",
};

pub static NAMES: Rule = Rule {
    id: "crd/names",
    severity: Severity::Error,
    summary: "Invalid `spec.names` (`plural`, `singular`, `kind`, `listKind`, `shortNames`, `categories`)",
    docs: "Resource names appear in URLs and in kubectl: plural, singular, short names and categories \
must be DNS-1035 labels (lowercase, starting with a letter); kind and listKind may have mixed case \
but must otherwise follow the same rule and must differ from each other.",
    bad: "spec:\n  names:\n    plural: Widgets\n    kind: Widget\n    listKind: Widget\n",
    good: "spec:\n  names:\n    plural: widgets\n    kind: Widget\n    listKind: WidgetList\n",
};

pub static PRESERVE_UNKNOWN_FIELDS: Rule = Rule {
    id: "crd/preserve-unknown-fields",
    severity: Severity::Error,
    summary:
        "A `spec.preserveUnknownFields: true`, which the server rejects (it also forbids defaults and webhook conversion)",
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
    summary: "A version without `schema.openAPIV3Schema`",
    docs: "`apiextensions.k8s.io/v1` requires a structural schema for every version: without one \
the server could not prune, default or validate the resources.",
    bad: "versions:\n- name: v1\n  served: true\n  storage: true\n",
    good: "versions:\n- name: v1\n  served: true\n  storage: true\n  schema:\n    openAPIV3Schema:\n      type: object\n",
};

pub static API_APPROVAL: Rule = Rule {
    id: "crd/api-approval",
    severity: Severity::Error,
    summary: "A group under `k8s.io` or `kubernetes.io` lacks the `api-approved.kubernetes.io` annotation",
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
        "CRD metadata the server rejects: a namespace, invalid label or annotation keys, or annotations over 256 KiB",
    docs:
        "A CustomResourceDefinition is cluster-scoped, so `metadata.namespace` is rejected. Label \
keys and values and annotation keys must be qualified names, and all annotations together may not \
exceed 256 KiB (a `last-applied-configuration` annotation of a big CRD often does: apply it \
server-side).",
    bad: "metadata:\n  name: widgets.example.com\n  namespace: default\n",
    good: "metadata:\n  name: widgets.example.com\n",
};

/// `spec.preserveUnknownFields: true` is refused on create.
pub(crate) fn validate_preserve_unknown_fields(crd: &Internal, sink: &mut Sink) {
    if let Some(n) = crd.spec.get("preserveUnknownFields") {
        if n.as_bool() == Some(true) {
            sink.push(FErr::new(
                &PRESERVE_UNKNOWN_FIELDS,
                ErrType::Invalid,
                &Loc::new("spec.preserveUnknownFields"),
                n.span(),
                Bad::bool(true),
                "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
            ));
        }
    }
}

fn metadata_node<'a>(crd: &Internal<'a>) -> &'a Node {
    crd.root.get("metadata").unwrap_or(crd.root)
}

pub(crate) fn validate_metadata(crd: &Internal, sink: &mut Sink) {
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
                meta.span(),
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
                        e.value.span(),
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
                meta.get("annotations").map_or(meta.span(), |a| a.span()),
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

/// `spec.group`: required, a DNS-1123 subdomain with at least one dot.
pub(crate) fn validate_group(spec: &Node, sp: &Loc, sink: &mut Sink) {
    let group = get_str(spec, "group").unwrap_or("");
    let gloc = sp.child("group");
    let span = value_span(spec, "group");
    if group.is_empty() {
        sink.push(FErr::new(
            &GROUP,
            ErrType::Required,
            &gloc,
            span,
            Bad::none(),
            "",
        ));
        return;
    }
    let errs = is_dns1123_subdomain(group);
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

/// `spec.scope` (v1beta1 defaults it to Namespaced on a real create).
pub(crate) fn validate_scope(crd: &Internal, mode: Mode, sp: &Loc, sink: &mut Sink) {
    let scope = get_str(crd.spec, "scope").unwrap_or("");
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
        value_span(crd.spec, "scope"),
        sink,
    );
}

/// `requireOpenAPISchema`: without a top-level schema, every version needs its own.
pub(crate) fn require_schemas(crd: &Internal, sink: &mut Sink) {
    let top_has_schema = crd
        .validation
        .as_ref()
        .is_some_and(|p| get_set(p.node, "openAPIV3Schema").is_some());
    if top_has_schema {
        return;
    }
    for v in &crd.versions {
        let has = v
            .schema
            .as_ref()
            .is_some_and(|p| get_set(p.node, "openAPIV3Schema").is_some());
        if !has {
            let span = v
                .node
                .get("schema")
                .map(|s| s.span())
                .unwrap_or(v.node.span());
            let mut e = FErr::new(
                &SCHEMA_REQUIRED,
                ErrType::Required,
                &v.loc.child("schema").child("openAPIV3Schema"),
                span,
                Bad::none(),
                "",
            );
            e.help =
                Some("add schema.openAPIV3Schema (at least `type: object`) to this version".into());
            sink.push(e);
        }
    }
}

/// `spec.names`: the required fields (v1 defaulting fills singular and listKind from kind on a
/// real create), then their format.
pub(crate) fn validate_names_required(crd: &Internal, mode: Mode, sp: &Loc, sink: &mut Sink) {
    let spec = crd.spec;
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
                n.span(),
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
                n.span(),
                Bad::str(v),
                errs.join(","),
            ));
        }
    }
}

pub(crate) fn validate_api_approval(
    crd: &Internal,
    kube: crate::k8s::KubeVersion,
    sink: &mut Sink,
) {
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
            ann.map(|a| a.span()).unwrap_or(meta.span()),
            Bad::none(),
            "protected groups must have approval annotation \"api-approved.kubernetes.io\", see https://github.com/kubernetes/enhancements/pull/1111",
        )),
        Some(n) => {
            let v = n.as_str().unwrap_or("");
            let go = gourl::Options::of(crate::k8s::Behavior::of(kube));
            if v.starts_with("unapproved") || is_request_uri_with_host(v, go) {
                return;
            }
            sink.push(FErr::new(
                &API_APPROVAL,
                ErrType::Invalid,
                &loc,
                n.span(),
                Bad::str(v),
                "protected groups must have approval annotation \"api-approved.kubernetes.io\" with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111",
            ));
        }
    }
}

/// apihelpers `GetAPIApprovalState`: `url.ParseRequestURI` succeeds with a scheme and a host,
/// on the emulated minor's Go runtime (`go`).
fn is_request_uri_with_host(v: &str, go: gourl::Options) -> bool {
    gourl::parse_request_uri_with(v, go).is_ok_and(|u| !u.scheme.is_empty() && !u.host.is_empty())
}

#[cfg(test)]
mod approval_url_tests {
    use super::is_request_uri_with_host;
    use crate::schema::formats::gourl::Options;

    #[test]
    fn approval_urls_need_a_scheme_and_a_host() {
        let go = Options::NEWEST;
        assert!(is_request_uri_with_host(
            "https://github.com/kubernetes/kubernetes/pull/78458",
            go
        ));
        assert!(!is_request_uri_with_host("/just/a/path", go));
        assert!(!is_request_uri_with_host("https:///no-host", go));
        assert!(!is_request_uri_with_host("not a url", go));
    }
}
