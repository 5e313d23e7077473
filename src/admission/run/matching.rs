//! Which requests a policy's `matchConstraints` and a binding's `matchResources` select, as
//! apiserver's `pkg/admission/plugin/policy/matching/matching.go` (`Matcher.Matches`,
//! `matchesResourceRules`) decides it with the webhook predicates it shares
//! (`webhook/predicates/rules/rules.go`, `namespace/matcher.go`, `object/matcher.go`): the
//! namespace selector, then the object selector, then the excluded rules, then the resource
//! rules (none: everything), exactly first and, with `matchPolicy: Equivalent` (the default),
//! through an equivalent resource: another version of a CRD the run serves, or, for a
//! built-in kind, every resource the minor serves from the same storage ([`equivalents`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use crate::k8s::KubeVersion;
use crate::yaml::Node;

/// The request as matching sees it.
pub(crate) struct Attrs<'a> {
    pub(crate) group: &'a str,
    pub(crate) version: &'a str,
    pub(crate) resource: &'a str,
    /// Every version of the group that serves the resource (the equivalent resources).
    pub(crate) versions: &'a [String],
    pub(crate) operation: &'a str,
    /// Empty for a cluster-scoped object; a Namespace's own name for a Namespace.
    pub(crate) namespace: &'a str,
    pub(crate) name: &'a str,
    pub(crate) labels: BTreeMap<String, String>,
    pub(crate) old_labels: Option<BTreeMap<String, String>>,
    /// The emulated minor: which built-in resources are served, and so equivalent.
    pub(crate) kube: KubeVersion,
}

/// Whether a selector could be decided: the namespace's labels may be unknown offline.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Match {
    Yes,
    No,
    /// The namespace selector needs the labels of a namespace that is not in the run.
    NamespaceUnknown,
}

/// `Matcher.Matches` over one `MatchResources` (a policy's constraints or a binding's).
/// `ns_labels` are the labels of the request's namespace when its object is in the run.
pub(crate) fn matches(
    criteria: Option<&Node>,
    a: &Attrs<'_>,
    ns_labels: Option<&BTreeMap<String, String>>,
) -> Match {
    let Some(c) = criteria.filter(|c| !c.is_null()) else {
        return Match::Yes;
    };
    // `namespace/matcher.go`: a cluster-scoped request that is no Namespace always matches.
    let ns = match c.get("namespaceSelector").filter(|s| !selector_empty(s)) {
        None => Match::Yes,
        Some(_) if a.namespace.is_empty() && a.resource != "namespaces" => Match::Yes,
        Some(sel) => match ns_labels {
            Some(labels) if selects(sel, labels) => Match::Yes,
            Some(_) => Match::No,
            None => Match::NamespaceUnknown,
        },
    };
    if ns == Match::No {
        return Match::No;
    }
    // `object/matcher.go`: the object's labels or the old object's.
    if let Some(sel) = c.get("objectSelector").filter(|s| !selector_empty(s)) {
        let old = a.old_labels.as_ref().is_some_and(|l| selects(sel, l));
        if !selects(sel, &a.labels) && !old {
            return Match::No;
        }
    }
    let equivalent = c.get_str("matchPolicy") != Some("Exact");
    let rules = |key: &str| c.get(key).and_then(Node::as_seq).unwrap_or(&[]);
    if matches_rules(rules("excludeResourceRules"), equivalent, a) {
        return Match::No;
    }
    let include = rules("resourceRules");
    if !include.is_empty() && !matches_rules(include, equivalent, a) {
        return Match::No;
    }
    ns
}

/// A resource as a rule sees it: group, version, resource.
type Gvr<'a> = (&'a str, &'a str, &'a str);

/// `matchesResourceRules`: the request's own resource first, then its equivalents (every
/// rule against one equivalent, then the next, as upstream loops).
fn matches_rules(rules: &[Node], equivalent: bool, a: &Attrs<'_>) -> bool {
    matched_by(rules, equivalent, a).is_some()
}

/// Which resource of the request a policy's rules selected (`matchesResourceRules` returns it
/// with its kind, which the policy then sees the object converted to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// The request's own resource.
    Own,
    /// Another served version of the request's CRD.
    CrdVersion(String),
    /// An equivalent built-in resource (group, version, resource).
    Builtin(OwnedGvr),
}

fn matched_by(rules: &[Node], equivalent: bool, a: &Attrs<'_>) -> Option<Via> {
    let own = (a.group, a.version, a.resource);
    if rules.iter().any(|r| rule_matches(r, a, own)) {
        return Some(Via::Own);
    }
    if !equivalent || rules.is_empty() {
        return None;
    }
    if let Some(v) = a
        .versions
        .iter()
        .filter(|v| v.as_str() != a.version)
        .find(|v| {
            rules
                .iter()
                .any(|r| rule_matches(r, a, (a.group, v, a.resource)))
        })
    {
        return Some(Via::CrdVersion(v.clone()));
    }
    let table = equivalents(a.kube);
    let list = table.get(&(a.group.to_string(), a.resource.to_string()))?;
    list.iter()
        .find(|(g, v, r)| {
            let gvr = (g.as_str(), v.as_str(), r.as_str());
            gvr != own && rules.iter().any(|rule| rule_matches(rule, a, gvr))
        })
        .map(|gvr| Via::Builtin(gvr.clone()))
}

/// The equivalent resource a policy's `matchConstraints` select the request through, when
/// not its own (`None` also when they do not select it, or select it without resource
/// rules): the policy sees the object converted to that version (apiserver
/// `policy/generic/policy_dispatcher.go` converts to the matched kind, `ConvertToGVK`).
/// Only the policy's constraints say so: a binding's `matchResources` only filters
/// (`policy_matcher.go`, `BindingMatches`).
pub(crate) fn equivalent_match(constraints: Option<&Node>, a: &Attrs<'_>) -> Option<Via> {
    let c = constraints.filter(|c| !c.is_null())?;
    let rules = c.get("resourceRules").and_then(Node::as_seq)?;
    let equivalent = c.get_str("matchPolicy") != Some("Exact");
    matched_by(rules, equivalent, a).filter(|v| *v != Via::Own)
}

/// An owned (group, version, resource).
pub(crate) type OwnedGvr = (String, String, String);

/// Every served built-in resource, keyed by (group, resource), with the (group, version,
/// resource)s equivalent to it at one minor.
type Equivalents = HashMap<(String, String), Vec<OwnedGvr>>;

/// The equivalent resources of the minor's built-in kinds, as kube-apiserver's
/// `EquivalentResourceRegistry` knows them: it registers every served group/version/resource
/// and keys it by its storage's resource prefix (`NewEquivalentResourceRegistryWithIdentity`
/// in `pkg/controlplane/apiserver/config.go`, the key being `StorageFactory.ResourcePrefix`),
/// so every served version of a resource, and the resources of other groups that share its
/// storage, are equivalent. Built once per minor from the bundle's served kinds.
pub(crate) fn equivalents(kube: KubeVersion) -> Arc<Equivalents> {
    static TABLES: OnceLock<Mutex<HashMap<u32, Arc<Equivalents>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(Mutex::default);
    let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
    tables
        .entry(kube.minor)
        .or_insert_with(|| Arc::new(build_equivalents(kube)))
        .clone()
}

fn build_equivalents(kube: KubeVersion) -> Equivalents {
    let mut by_storage: BTreeMap<(String, String), Vec<OwnedGvr>> = BTreeMap::new();
    for (group, version, kind) in crate::builtin::served_kinds(kube) {
        let resource = crate::admission::typecheck::guess_resource(&kind);
        let storage = storage_of(&group, &resource);
        let gvr = (group, version, resource);
        let list = by_storage.entry(storage).or_default();
        if !list.contains(&gvr) {
            list.push(gvr);
        }
    }
    let mut out = Equivalents::new();
    for list in by_storage.into_values() {
        for (g, _, r) in &list {
            out.entry((g.clone(), r.clone()))
                .or_insert_with(|| list.clone());
        }
    }
    out
}

/// The storage a built-in resource lives in, as (group, resource): its own, except for the
/// resources kube-apiserver's storage factory makes cohabit with another group's
/// (`AddCohabitatingResources` in `pkg/kubeapiserver/default_storage_factory_builder.go`):
/// `extensions`' deployments, daemonsets, replicasets (apps), networkpolicies and ingresses
/// (networking.k8s.io), podsecuritypolicies (policy) and replicationcontrollers (core), and
/// `events.k8s.io` events (core).
fn storage_of(group: &str, resource: &str) -> (String, String) {
    let home = match (group, resource) {
        ("extensions", "deployments" | "daemonsets" | "replicasets") => "apps",
        ("extensions", "networkpolicies" | "ingresses") => "networking.k8s.io",
        ("extensions", "podsecuritypolicies") => "policy",
        ("extensions", "replicationcontrollers") | ("events.k8s.io", "events") => "",
        _ => group,
    };
    (home.to_string(), resource.to_string())
}

/// `rules.Matcher.Matches` and the binding's `resourceNames`, for the request as the resource
/// `gvr` (its own or an equivalent).
fn rule_matches(rule: &Node, a: &Attrs<'_>, gvr: Gvr<'_>) -> bool {
    let (group, version, resource) = gvr;
    let list = |key: &str| -> Vec<&str> {
        rule.get(key)
            .and_then(Node::as_seq)
            .map(|s| s.iter().filter_map(Node::as_str).collect())
            .unwrap_or_default()
    };
    let has = |key: &str, value: &str| list(key).iter().any(|x| *x == "*" || *x == value);
    if !has("operations", a.operation) || !has("apiGroups", group) || !has("apiVersions", version) {
        return false;
    }
    // A subresource entry (`pods/status`) matches no request on the resource itself.
    let matched = list("resources").iter().any(|r| {
        let (res, sub) = r.split_once('/').unwrap_or((r, ""));
        (res == "*" || res == resource) && (sub == "*" || sub.is_empty())
    });
    if !matched {
        return false;
    }
    let namespace_object = a.resource == "namespaces" && a.group.is_empty();
    let scope = match rule.get_str("scope") {
        Some("Namespaced") => !namespace_object && !a.namespace.is_empty(),
        Some("Cluster") => namespace_object || a.namespace.is_empty(),
        _ => true,
    };
    let names = list("resourceNames");
    scope && (names.is_empty() || names.contains(&a.name))
}

/// An absent or empty selector selects everything.
fn selector_empty(sel: &Node) -> bool {
    let empty = |k: &str| {
        sel.get(k).is_none_or(|v| {
            v.is_null()
                || v.as_map().is_some_and(|m| m.entries.is_empty())
                || v.as_seq().is_some_and(<[Node]>::is_empty)
        })
    };
    sel.is_null() || (empty("matchLabels") && empty("matchExpressions"))
}

/// `metav1.LabelSelectorAsSelector(sel).Matches(labels)`.
pub(crate) fn selects(sel: &Node, labels: &BTreeMap<String, String>) -> bool {
    if let Some(m) = sel.get("matchLabels").and_then(Node::as_map) {
        for e in m.entries.iter() {
            if labels.get(e.key.as_str()).map(String::as_str) != e.value.as_str() {
                return false;
            }
        }
    }
    for e in sel
        .get("matchExpressions")
        .and_then(Node::as_seq)
        .unwrap_or(&[])
    {
        let Some(key) = e.get_str("key") else {
            return false;
        };
        let values: Vec<&str> = e
            .get("values")
            .and_then(Node::as_seq)
            .map(|s| s.iter().filter_map(Node::as_str).collect())
            .unwrap_or_default();
        let have = labels.get(key).map(String::as_str);
        let ok = match e.get_str("operator") {
            Some("In") => have.is_some_and(|v| values.contains(&v)),
            Some("NotIn") => have.is_none_or(|v| !values.contains(&v)),
            Some("Exists") => have.is_some(),
            Some("DoesNotExist") => have.is_none(),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

/// `metadata.labels` of an object.
pub(crate) fn labels(obj: &Node) -> BTreeMap<String, String> {
    obj.at(&["metadata", "labels"])
        .and_then(Node::as_map)
        .map(|m| {
            m.entries
                .iter()
                .filter_map(|e| Some((e.key.as_str().to_string(), e.value.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn attrs<'a>(versions: &'a [String], labels: &[(&str, &str)]) -> Attrs<'a> {
        Attrs {
            group: "apps",
            version: "v1",
            resource: "deployments",
            versions,
            operation: "CREATE",
            namespace: "shop",
            name: "web",
            labels: labels
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            old_labels: None,
            kube: KubeVersion::default(),
        }
    }

    fn rule(group: &str, version: &str, resource: &str) -> serde_json::Value {
        json!({"apiGroups": [group], "apiVersions": [version], "operations": ["CREATE"], "resources": [resource]})
    }

    #[test]
    fn resource_rules_select_by_group_version_resource_and_operation() {
        let v = vec!["v1".to_string()];
        let a = attrs(&v, &[]);
        let c = |rules: serde_json::Value| Node::from_json(&json!({"resourceRules": rules}));
        assert_eq!(
            matches(
                Some(&c(json!([rule("apps", "v1", "deployments")]))),
                &a,
                None
            ),
            Match::Yes
        );
        assert_eq!(
            matches(
                Some(&c(json!([rule("apps", "v1", "statefulsets")]))),
                &a,
                None
            ),
            Match::No
        );
        assert_eq!(
            matches(Some(&c(json!([rule("*", "*", "*")]))), &a, None),
            Match::Yes
        );
        // A subresource rule does not select the resource itself.
        assert_eq!(
            matches(
                Some(&c(json!([rule("apps", "v1", "deployments/scale")]))),
                &a,
                None
            ),
            Match::No
        );
        let update = json!([{"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["UPDATE"], "resources": ["deployments"]}]);
        assert_eq!(matches(Some(&c(update)), &a, None), Match::No);
        // No resource rules (a binding's matchResources): everything.
        assert_eq!(
            matches(Some(&Node::from_json(&json!({}))), &a, None),
            Match::Yes
        );
    }

    #[test]
    fn exclusions_win_and_equivalent_versions_match_unless_exact() {
        let v = vec!["v1".to_string(), "v1beta1".to_string()];
        let a = attrs(&v, &[]);
        let beta = json!([rule("apps", "v1beta1", "deployments")]);
        let c = Node::from_json(&json!({"resourceRules": beta}));
        assert_eq!(matches(Some(&c), &a, None), Match::Yes);
        let exact = Node::from_json(&json!({"resourceRules": beta, "matchPolicy": "Exact"}));
        assert_eq!(matches(Some(&exact), &a, None), Match::No);
        let excluded = Node::from_json(&json!({
            "resourceRules": [rule("apps", "v1", "deployments")],
            "excludeResourceRules": [rule("apps", "*", "deployments")],
        }));
        assert_eq!(matches(Some(&excluded), &a, None), Match::No);
    }

    #[test]
    fn selectors_read_object_and_namespace_labels() {
        let v = vec!["v1".to_string()];
        let a = attrs(&v, &[("team", "shop")]);
        let obj = Node::from_json(&json!({"objectSelector": {"matchLabels": {"team": "shop"}}}));
        assert_eq!(matches(Some(&obj), &a, None), Match::Yes);
        let other = Node::from_json(
            &json!({"objectSelector": {"matchExpressions": [{"key": "team", "operator": "NotIn", "values": ["shop"]}]}}),
        );
        assert_eq!(matches(Some(&other), &a, None), Match::No);
        let ns = Node::from_json(&json!({"namespaceSelector": {"matchLabels": {"env": "prod"}}}));
        let prod: BTreeMap<String, String> = [("env".to_string(), "prod".to_string())].into();
        assert_eq!(matches(Some(&ns), &a, Some(&prod)), Match::Yes);
        assert_eq!(matches(Some(&ns), &a, Some(&BTreeMap::new())), Match::No);
        assert_eq!(matches(Some(&ns), &a, None), Match::NamespaceUnknown);
        // A cluster-scoped object is never exempted by a namespace selector.
        let cluster = Attrs {
            namespace: "",
            ..attrs(&v, &[])
        };
        assert_eq!(matches(Some(&ns), &cluster, None), Match::Yes);
    }

    /// A request for `group/version resource` at minor `minor` under rules naming
    /// `rule_gv`'s version of `rule_resource`, with `policy` as matchPolicy.
    fn builtin_match(
        minor: u32,
        (group, version, resource): (&str, &str, &str),
        (rule_group, rule_version, rule_resource): (&str, &str, &str),
        policy: &str,
    ) -> Match {
        let a = Attrs {
            group,
            version,
            resource,
            versions: &[],
            kube: KubeVersion { minor },
            ..attrs(&[], &[])
        };
        let c = Node::from_json(&json!({
            "resourceRules": [rule(rule_group, rule_version, rule_resource)],
            "matchPolicy": policy,
        }));
        matches(Some(&c), &a, None)
    }

    #[test]
    fn equivalent_built_in_versions_are_the_ones_the_minor_serves() {
        // batch/v1beta1 CronJobs are served up to 1.24 (removed in 1.25): a rule for them
        // selects a batch/v1 CronJob under Equivalent only while both are served.
        let cronjob = ("batch", "v1", "cronjobs");
        let beta = ("batch", "v1beta1", "cronjobs");
        assert_eq!(builtin_match(24, cronjob, beta, "Equivalent"), Match::Yes);
        assert_eq!(builtin_match(24, cronjob, beta, "Exact"), Match::No);
        assert_eq!(builtin_match(25, cronjob, beta, "Equivalent"), Match::No);
        // flowcontrol v1beta3 is served up to 1.31 beside v1 (from 1.29).
        let fs = ("flowcontrol.apiserver.k8s.io", "v1", "flowschemas");
        let v1beta3 = ("flowcontrol.apiserver.k8s.io", "v1beta3", "flowschemas");
        assert_eq!(builtin_match(31, fs, v1beta3, "Equivalent"), Match::Yes);
        assert_eq!(builtin_match(32, fs, v1beta3, "Equivalent"), Match::No);
        // The reverse: a request at the old version, a rule for the new one.
        assert_eq!(builtin_match(31, v1beta3, fs, "Equivalent"), Match::Yes);
    }

    #[test]
    fn resources_sharing_storage_across_groups_are_equivalent() {
        // Core and events.k8s.io Events share their storage (default_storage_factory_builder.go).
        let core = ("", "v1", "events");
        let events = ("events.k8s.io", "v1", "events");
        for minor in [24, 30, 36] {
            assert_eq!(builtin_match(minor, core, events, "Equivalent"), Match::Yes);
            assert_eq!(builtin_match(minor, events, core, "Equivalent"), Match::Yes);
            assert_eq!(builtin_match(minor, core, events, "Exact"), Match::No);
        }
        // Resources of the same name in different storages are not: apps Deployments and a
        // rule for a `deployments` resource of another group.
        let deploy = ("apps", "v1", "deployments");
        let other = ("example.com", "v1", "deployments");
        assert_eq!(builtin_match(30, deploy, other, "Equivalent"), Match::No);
        // The cohabitation table itself: extensions' resources live in their new groups
        // (no minor of the bundle serves `extensions` any more, so only the table shows it).
        assert_eq!(
            storage_of("extensions", "ingresses"),
            storage_of("networking.k8s.io", "ingresses")
        );
        assert_eq!(
            storage_of("extensions", "deployments"),
            storage_of("apps", "deployments")
        );
        assert_ne!(
            storage_of("apps", "ingresses"),
            storage_of("networking.k8s.io", "ingresses")
        );
    }
}
