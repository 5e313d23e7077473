//! `crdlint explain KIND [FIELD]`: which kind is meant (a group/version/kind id or kubectl's
//! syntax: `deployment.spec.replicas`, `deployments.apps`, a bare kind, plural or short name),
//! which version, and the field of a custom kind from its CRD (`--crd`, the config's `crds`,
//! the vendored CRDs) laid out as `builtin::explain` lays out a built-in one.
//!
//! Names resolve as kubectl's REST mapper resolves them (k8s.io/apimachinery
//! `pkg/api/meta/restmapper.go`, `priority.go`): case-insensitively against the kind, its
//! plural, singular and short names; a name several groups define is ambiguous (the core group
//! wins among built-ins, as kubectl's group priority puts it first). Without a version the
//! preferred one is explained: served, of the highest priority (`CompareKubeAwareVersionStrings`,
//! what the API server's discovery orders versions by).

use std::fmt::Write;
use std::path::PathBuf;

use crate::cli::args::ExplainArgs;
use crate::cli::driver::{is_crd, objects};
use crate::cli::settings::Settings;
use crate::cli::vendored::{guess_plural, Vendored};
use crate::cli::Failure;
use crate::diag::suggest::did_you_mean;
use crate::k8s::version::sort_by_priority;
use crate::yaml::{Node, Value};

/// Column at which descriptions wrap (as `builtin::explain`).
const WIDTH: usize = 80;

/// Built-in short names (each kind's `ShortNames()` in kubernetes `pkg/registry/*/*/storage`).
const SHORT_NAMES: &[(&str, &str, &[&str])] = &[
    ("", "ConfigMap", &["cm"]),
    ("", "Endpoints", &["ep"]),
    ("", "Event", &["ev"]),
    ("", "LimitRange", &["limits"]),
    ("", "Namespace", &["ns"]),
    ("", "Node", &["no"]),
    ("", "PersistentVolume", &["pv"]),
    ("", "PersistentVolumeClaim", &["pvc"]),
    ("", "Pod", &["po"]),
    ("", "ReplicationController", &["rc"]),
    ("", "ResourceQuota", &["quota"]),
    ("", "Service", &["svc"]),
    ("", "ServiceAccount", &["sa"]),
    ("apps", "DaemonSet", &["ds"]),
    ("apps", "Deployment", &["deploy"]),
    ("apps", "ReplicaSet", &["rs"]),
    ("apps", "StatefulSet", &["sts"]),
    ("autoscaling", "HorizontalPodAutoscaler", &["hpa"]),
    ("batch", "CronJob", &["cj"]),
    ("networking.k8s.io", "Ingress", &["ing"]),
    ("networking.k8s.io", "NetworkPolicy", &["netpol"]),
    ("policy", "PodDisruptionBudget", &["pdb"]),
    ("scheduling.k8s.io", "PriorityClass", &["pc"]),
    ("storage.k8s.io", "StorageClass", &["sc"]),
    (
        "apiextensions.k8s.io",
        "CustomResourceDefinition",
        &["crd", "crds"],
    ),
    ("certificates.k8s.io", "CertificateSigningRequest", &["csr"]),
];

/// A kind that can be explained.
struct Kind {
    group: String,
    kind: String,
    /// Lower case: the kind, its plural, singular and short names.
    names: Vec<String>,
    /// Served versions, highest priority first.
    served: Vec<String>,
    crd: Option<Crd>,
}

/// Where a custom kind is defined.
struct Crd {
    file: String,
    text: String,
    node: Node,
    name: String,
}

impl Kind {
    fn id(&self) -> String {
        if self.group.is_empty() {
            self.kind.clone()
        } else {
            format!("{}.{}", self.kind, self.group)
        }
    }
}

/// Whether `id` names a kind rather than a rule: a group/version/kind id (the kind is
/// capitalized, rule names never are) or a name without a `/` (kubectl's syntax).
pub fn is_kind(id: &str) -> bool {
    let last = id.rsplit('/').next().unwrap_or(id);
    !id.contains('/') || last.starts_with(|c: char| c.is_ascii_uppercase())
}

/// Why a kind could not be explained: a usage error, or (`Unknown`) no kind of that name, so
/// that the caller may try the name as a rule.
pub enum Miss {
    Usage(String),
    /// The CRD files could not be read.
    Failed(Failure),
    Unknown(String),
}

/// The page for `args.rule` (a kind) and `args.field`.
pub fn explain(settings: &Settings, args: &ExplainArgs) -> Result<String, Miss> {
    let target = args.rule.as_str();
    let mut path: Vec<String> = Vec::new();
    let mut version = None;
    let (mut candidates, kinds);
    if target.contains('/') {
        let (api_version, rest) = target.rsplit_once('/').unwrap_or(("", target));
        let (kind, inline) = rest.split_once('.').unwrap_or((rest, ""));
        let (group, v) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        path.extend(inline.split('.').map(str::to_string));
        version = Some(v.to_string());
        kinds = all_kinds(settings, args)?;
        candidates = kinds
            .iter()
            .filter(|k| k.group == group && k.kind.eq_ignore_ascii_case(kind))
            .collect::<Vec<_>>();
        if candidates.is_empty() && !kinds.iter().any(|k| k.crd.is_some() && k.group == group) {
            // Not a CRD's group: the built-in page says what a minor serves instead
            // (`batch/v1beta1/CronJob`: `it has batch/v1/CronJob`).
            let field = args.field.as_deref().unwrap_or("");
            return crate::builtin::explain::explain(
                settings.kube_version,
                target,
                field,
                args.recursive,
            )
            .map_err(Miss::Usage);
        }
        if candidates.is_empty() {
            return Err(Miss::Usage(unknown(target, kind, &kinds)));
        }
    } else {
        let mut segs = target.split('.');
        let given = segs.next().unwrap_or_default();
        let name = given.to_lowercase();
        let rest: Vec<&str> = segs.collect();
        kinds = all_kinds(settings, args)?;
        candidates = kinds.iter().filter(|k| k.names.contains(&name)).collect();
        // `deployments.apps.spec`: the segments after the name that spell a group select it.
        let rest_text = rest.join(".");
        let group_len = candidates
            .iter()
            .filter(|k| {
                !k.group.is_empty()
                    && (rest_text == k.group || rest_text.starts_with(&format!("{}.", k.group)))
            })
            .map(|k| k.group.split('.').count())
            .max();
        match group_len {
            Some(n) => {
                let group = rest[..n].join(".");
                candidates.retain(|k| k.group == group);
                path.extend(rest[n..].iter().map(|s| s.to_string()));
            }
            None => path.extend(rest.iter().map(|s| s.to_string())),
        }
        if candidates.is_empty() {
            return Err(Miss::Unknown(unknown(target, given, &kinds)));
        }
    }
    if let Some(av) = &args.api_version {
        let (group, v) = av.rsplit_once('/').unwrap_or(("", av));
        candidates.retain(|k| k.group == group);
        if candidates.is_empty() {
            return Err(Miss::Usage(format!(
                "{target:?} is not a kind of the group {group:?} (--api-version {av})"
            )));
        }
        version = Some(v.to_string());
    }
    // Among built-ins kubectl's group priority puts the core group first (`events`).
    if candidates.len() > 1
        && candidates.iter().all(|k| k.crd.is_none())
        && candidates.iter().any(|k| k.group.is_empty())
    {
        candidates.retain(|k| k.group.is_empty());
    }
    let kind = match candidates.as_slice() {
        [one] => *one,
        many => {
            let mut ids: Vec<String> = many.iter().map(|k| k.id()).collect();
            ids.sort();
            ids.dedup();
            return Err(Miss::Usage(format!(
                "{target:?} is ambiguous: it names {}; give the group (`{}`) or a \
GROUP/VERSION/KIND id",
                ids.join(", "),
                ids[0].to_lowercase()
            )));
        }
    };
    if let Some(f) = &args.field {
        path.extend(f.split('.').map(str::to_string));
    }
    path.retain(|s| !s.is_empty());
    let (version, chosen) = match version {
        Some(v) => (v, None),
        None => match kind.served.first() {
            Some(v) => (
                v.clone(),
                Some("the preferred version: served, highest priority"),
            ),
            None => return Err(Miss::Usage(format!("{} serves no version", kind.id()))),
        },
    };
    let api_version = if kind.group.is_empty() {
        version.clone()
    } else {
        format!("{}/{version}", kind.group)
    };
    let Some(crd) = &kind.crd else {
        let id = format!("{api_version}/{}", kind.kind);
        let mut text = crate::builtin::explain::explain(
            settings.kube_version,
            &id,
            &path.join("."),
            args.recursive,
        )
        .map_err(Miss::Usage)?;
        if let Some(why) = chosen {
            text = text.replacen(")\n", &format!("; {why})\n"), 1);
        }
        return Ok(text);
    };
    explain_crd(
        kind,
        crd,
        &version,
        &api_version,
        chosen,
        &path,
        args.recursive,
    )
    .map_err(Miss::Usage)
}

/// The error for a name no kind has, with the nearest name.
fn unknown(target: &str, name: &str, kinds: &[Kind]) -> String {
    let mut names: Vec<&str> = kinds.iter().map(|k| k.kind.as_str()).collect();
    names.extend(
        kinds
            .iter()
            .flat_map(|k| k.names.iter().map(String::as_str)),
    );
    names.sort();
    names.dedup();
    let hint = did_you_mean(name, &names);
    format!(
        "no kind named {target:?}{hint}; built-in kinds and the CRDs of `--crd`, the config's \
`crds` and the vendored CRDs are known"
    )
}

/// The built-in kinds of the emulated minor and the CRDs' kinds.
fn all_kinds(settings: &Settings, args: &ExplainArgs) -> Result<Vec<Kind>, Miss> {
    let mut out: Vec<Kind> = Vec::new();
    for (group, version, kind) in crate::builtin::explain::kinds(settings.kube_version) {
        if let Some(k) = out
            .iter_mut()
            .find(|k| k.crd.is_none() && k.group == group && k.kind == kind)
        {
            k.served.push(version);
            continue;
        }
        let mut names = vec![kind.to_lowercase(), guess_plural(&kind)];
        if let Some((_, _, short)) = SHORT_NAMES
            .iter()
            .find(|(g, k, _)| *g == group && *k == kind)
        {
            names.extend(short.iter().map(|s| s.to_string()));
        }
        out.push(Kind {
            group,
            kind,
            names,
            served: vec![version],
            crd: None,
        });
    }
    for k in &mut out {
        sort_by_priority(&mut k.served, |v| v);
    }
    out.extend(crd_kinds(settings, &args.crds)?);
    Ok(out)
}

/// The kinds of the CRDs in `--crd`, the config's `crds` and the vendored files.
fn crd_kinds(settings: &Settings, given: &[PathBuf]) -> Result<Vec<Kind>, Miss> {
    let vendored = Vendored::load(settings, false).map_err(Miss::Failed)?;
    let paths = vendored.crds(settings.crds(given));
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let loaded = super::gather(settings, &[], &paths).map_err(Miss::Failed)?;
    let mut out = Vec::new();
    for l in loaded {
        if let Some(e) = &l.error {
            return Err(Miss::Usage(format!("{}: {e}", l.input.name)));
        }
        let text = l.source.text.to_string();
        for doc in crate::yaml::load(&text) {
            let Some(root) = &doc.root else { continue };
            for (_, node) in objects(root) {
                let (Some(api), Some(k)) = (node.get_str("apiVersion"), node.get_str("kind"))
                else {
                    continue;
                };
                if !is_crd(api, k) {
                    continue;
                }
                if let Some(kind) = crd_kind(&l.input.name, &text, node) {
                    out.push(kind);
                }
            }
        }
    }
    Ok(out)
}

fn crd_kind(file: &str, text: &str, node: &Node) -> Option<Kind> {
    let spec = node.get("spec")?;
    let names = spec.get("names")?;
    let kind = names.get_str("kind")?.to_string();
    let mut all = vec![kind.to_lowercase()];
    for key in ["plural", "singular"] {
        all.extend(names.get_str(key).map(str::to_lowercase));
    }
    all.extend(
        names
            .get("shortNames")
            .and_then(Node::as_seq)
            .into_iter()
            .flatten()
            .filter_map(Node::as_str)
            .map(str::to_lowercase),
    );
    let mut served: Vec<String> = spec
        .get("versions")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
        .filter(|v| v.get("served").and_then(Node::as_bool) != Some(false))
        .filter_map(|v| v.get_str("name").map(str::to_string))
        .collect();
    sort_by_priority(&mut served, |v| v);
    Some(Kind {
        group: spec.get_str("group")?.to_string(),
        kind,
        names: all,
        served,
        crd: Some(Crd {
            file: file.to_string(),
            text: text.to_string(),
            name: node
                .at(&["metadata", "name"])
                .and_then(Node::as_str)
                .unwrap_or_default()
                .to_string(),
            node: node.clone(),
        }),
    })
}

/// The page of a custom kind's field.
fn explain_crd(
    kind: &Kind,
    crd: &Crd,
    version: &str,
    api_version: &str,
    chosen: Option<&str>,
    path: &[String],
    recursive: bool,
) -> Result<String, String> {
    let versions = crd
        .node
        .at(&["spec", "versions"])
        .and_then(Node::as_seq)
        .unwrap_or_default();
    let Some(v) = versions.iter().find(|v| v.get_str("name") == Some(version)) else {
        let names: Vec<&str> = versions.iter().filter_map(|v| v.get_str("name")).collect();
        return Err(format!(
            "the CRD {} has no version {version:?} (it has {})",
            crd.name,
            names.join(", ")
        ));
    };
    let storage = versions
        .iter()
        .find(|v| v.get("storage").and_then(Node::as_bool) == Some(true))
        .and_then(|v| v.get_str("name"));
    // A version without its own schema uses the top-level one (`apiextensions/v1beta1`).
    let schema = v
        .at(&["schema", "openAPIV3Schema"])
        .or_else(|| crd.node.at(&["spec", "validation", "openAPIV3Schema"]))
        .ok_or_else(|| format!("the CRD {} has no schema for {version}", crd.name))?;
    let mut node = schema;
    let mut key_at = v.span().start();
    let mut required = false;
    for (i, seg) in path.iter().enumerate() {
        let body = enter(node);
        let entry = body
            .get("properties")
            .and_then(Node::as_map)
            .and_then(|m| m.entry(seg));
        let Some(entry) = entry else {
            let here = if i == 0 {
                kind.kind.clone()
            } else {
                format!("{}.{}", kind.kind, path[..i].join("."))
            };
            let names: Vec<&str> = body
                .get("properties")
                .and_then(Node::as_map)
                .map(|m| m.keys().collect())
                .unwrap_or_default();
            return Err(format!(
                "field {seg:?} does not exist in {here}{}",
                did_you_mean(seg, &names)
            ));
        };
        required = body
            .get("required")
            .and_then(Node::as_seq)
            .is_some_and(|r| r.iter().any(|x| x.as_str() == Some(seg)));
        key_at = entry.key_span.start();
        node = &entry.value;
    }
    let line = crd.text[..key_at.min(crd.text.len())].matches('\n').count() + 1;
    let mut out = String::new();
    let _ = writeln!(out, "KIND:       {}", kind.kind);
    let why = chosen.map(|w| format!("; {w}")).unwrap_or_default();
    let storage = match storage {
        Some(s) if s == version => "the storage version".to_string(),
        Some(s) => format!("storage version {s}"),
        None => "no storage version".to_string(),
    };
    let _ = writeln!(out, "VERSION:    {api_version} ({storage}{why})");
    let _ = writeln!(
        out,
        "DEFINED IN: {}:{line} (CRD {}, version {version})",
        crd.file, crd.name
    );
    let _ = writeln!(out);
    if let Some(last) = path.last() {
        let req = if required { " -required-" } else { "" };
        let _ = writeln!(out, "FIELD: {last} <{}>{req}", type_of(node));
        let _ = writeln!(out);
    }
    let _ = writeln!(out, "DESCRIPTION:");
    let description = node.get_str("description").unwrap_or("<empty>");
    for l in crate::builtin::explain::wrap(description, WIDTH - 4) {
        let _ = writeln!(out, "    {l}");
    }
    let facts = constraints(node);
    if !facts.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "CONSTRAINTS:");
        for f in facts {
            let _ = writeln!(out, "    {f}");
        }
    }
    let body = enter(node);
    if has_fields(body) {
        let _ = writeln!(out);
        let _ = writeln!(out, "FIELDS:");
        fields(&mut out, body, 1, recursive);
    }
    Ok(out)
}

/// The node whose `properties` are a field's own: lists and maps are entered, as kubectl does.
fn enter(mut node: &Node) -> &Node {
    loop {
        if node.get_str("type") == Some("array") {
            if let Some(items) = node.get("items") {
                node = items;
                continue;
            }
        }
        if node.get("properties").is_none() {
            if let Some(extra) = node
                .get("additionalProperties")
                .filter(|a| a.as_map().is_some())
            {
                node = extra;
                continue;
            }
        }
        return node;
    }
}

fn has_fields(body: &Node) -> bool {
    body.get("properties")
        .and_then(Node::as_map)
        .is_some_and(|m| !m.is_empty())
}

/// The children of `body`, sorted, with their types and first line of description (or, with
/// `recursive`, their own children indented instead).
fn fields(out: &mut String, body: &Node, depth: usize, recursive: bool) {
    let Some(props) = body.get("properties").and_then(Node::as_map) else {
        return;
    };
    let required: Vec<&str> = body
        .get("required")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
        .filter_map(Node::as_str)
        .collect();
    let mut names: Vec<(&str, &Node)> = props.iter().collect();
    names.sort_by_key(|(n, _)| *n);
    let pad = "  ".repeat(depth);
    for (name, node) in names {
        let req = if required.contains(&name) {
            " -required-"
        } else {
            ""
        };
        let _ = writeln!(out, "{pad}{name}\t<{}>{req}", type_of(node));
        if recursive {
            fields(out, enter(node), depth + 1, true);
        } else if let Some(first) = node
            .get_str("description")
            .and_then(crate::builtin::explain::first_line)
        {
            let _ = writeln!(out, "{pad}  {first}");
        }
    }
}

/// A schema's type as `kubectl explain` prints it.
fn type_of(n: &Node) -> String {
    if n.get("x-kubernetes-int-or-string").and_then(Node::as_bool) == Some(true) {
        return "IntOrString".into();
    }
    match n.get_str("type") {
        Some("array") => format!("[]{}", n.get("items").map_or("Object".into(), type_of)),
        Some("object") => match n
            .get("additionalProperties")
            .filter(|a| a.as_map().is_some())
        {
            Some(a) if n.get("properties").is_none() => format!("map[string]{}", type_of(a)),
            _ => "Object".into(),
        },
        Some(t) => t.to_string(),
        None => "Object".into(),
    }
}

fn scalar(n: &Node) -> String {
    match &n.value {
        Value::String(s) => s.to_string(),
        _ => serde_json::to_string(&n.to_json()).unwrap_or_default(),
    }
}

/// What the schema node asks of a value beyond its type.
fn constraints(n: &Node) -> Vec<String> {
    let mut facts = Vec::new();
    if let Some(e) = n.get("enum").and_then(Node::as_seq) {
        let values: Vec<String> = e.iter().map(scalar).collect();
        facts.push(format!("enum: {}", values.join(", ")));
    }
    for key in [
        "format",
        "minimum",
        "exclusiveMinimum",
        "maximum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "nullable",
        "default",
        "x-kubernetes-list-type",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-map-type",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-embedded-resource",
    ] {
        if let Some(v) = n.get(key) {
            let v = match v.as_seq() {
                Some(items) => items.iter().map(scalar).collect::<Vec<_>>().join(", "),
                None => scalar(v),
            };
            facts.push(format!("{key}: {v}"));
        }
    }
    for rule in n
        .get("x-kubernetes-validations")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
    {
        let Some(r) = rule.get_str("rule") else {
            continue;
        };
        let message = rule
            .get_str("message")
            .or_else(|| rule.get_str("messageExpression"))
            .map(|m| format!(" (message: {m})"))
            .unwrap_or_default();
        facts.push(format!("rule: {r}{message}"));
    }
    // A list's items are constrained on their own node (`items.pattern`).
    if n.get_str("type") == Some("array") {
        if let Some(items) = n.get("items") {
            facts.extend(
                constraints(items)
                    .into_iter()
                    .map(|f| format!("items: {f}")),
            );
        }
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_rule_ids_are_told_apart() {
        for kind in [
            "apps/v1/Deployment",
            "v1/Pod",
            "deployment.spec",
            "certs.cert-manager.io",
        ] {
            assert!(is_kind(kind), "{kind}");
        }
        for rule in ["yaml/duplicate-key", "cel/cost-high", "no/such-rule"] {
            assert!(!is_kind(rule), "{rule}");
        }
    }

    #[test]
    fn types_as_kubectl_prints_them() {
        let ty = |yaml: &str| {
            let docs = crate::yaml::load(yaml);
            type_of(docs[0].root.as_ref().unwrap())
        };
        assert_eq!(ty("type: array\nitems: {type: string}"), "[]string");
        assert_eq!(
            ty("type: object\nadditionalProperties: {type: integer}"),
            "map[string]integer"
        );
        assert_eq!(ty("x-kubernetes-int-or-string: true"), "IntOrString");
        assert_eq!(
            ty("type: object\nproperties: {a: {type: string}}"),
            "Object"
        );
    }

    #[test]
    fn constraints_include_list_items_and_rules() {
        let docs = crate::yaml::load(
            "type: array\nmaxItems: 3\nitems: {type: string, enum: [a, b]}\n\
x-kubernetes-validations: [{rule: self.size() > 0, message: empty}]\n",
        );
        let facts = constraints(docs[0].root.as_ref().unwrap());
        assert_eq!(
            facts,
            [
                "maxItems: 3",
                "rule: self.size() > 0 (message: empty)",
                "items: enum: a, b"
            ]
        );
    }
}
