//! ValidatingAdmissionPolicies run against the run's objects, as the API server's validating
//! admission plugin would run them when the objects are created (or updated, with `--old`):
//! apiserver `pkg/admission/plugin/policy/validating/dispatcher.go` (`Dispatch`).
//!
//! The driver gathers the run's policies and bindings ([`Gather::add_policy`]), then the
//! objects they read ([`Gather::wants`]: Namespaces and the objects of each `paramKind`),
//! prepares them once ([`Policies::new`]) and asks [`Policies::evaluate`] about every object
//! it validates, with the object as the server would store it (defaulted). Each binding whose
//! policy and `matchResources` select the object (`matching`) is evaluated once per param
//! (`params`) by the compiled policy (`evaluate`), and each failed validation becomes a
//! finding per `validationActions` entry (`Deny` → `admission/denied`, `Warn` →
//! `admission/warned`, `Audit` → `admission/audit`), worded as the server words it.
//!
//! MutatingAdmissionPolicies run before validating ones on the server: the driver asks
//! [`Policies::mutate`] (`mutating`) first, then validates the mutated object and runs
//! [`Policies::evaluate`] on it (and `crdlint default` prints it).

mod equivalent;
mod evaluate;
mod matching;
mod mutating;
mod params;
mod prepare;
mod reads;
pub mod rules;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use crate::cel::eval::convert::{to_value_untyped, Needs};
use crate::cel::eval::value::Key;
use crate::cel::eval::Value;
use crate::diag::{Diagnostic, Severity, Span};
use crate::k8s::KubeVersion;
use crate::yaml::Node;
use evaluate::{Audit, Compiled, Decision, Input};
use matching::{Attrs, Match, Via};
use params::ParamKind;
use reads::Reads;

pub use mutating::Mutated;
pub use prepare::Strategy;

/// The user the requests are made as (`request.userInfo`) unless the run names one: a service
/// account of the `default` namespace named `crdlint`.
pub const DEFAULT_USER: &str = "system:serviceaccount:default:crdlint";

/// What an `authorizer` check answers, which only a cluster knows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Authorizer {
    /// The policy is not evaluated for the object, with an `admission/not-decidable` note.
    #[default]
    NotDecidable,
    /// Every check is allowed (apiserver's `AlwaysAllow` authorizer: no reason).
    Allow,
    /// Every check is denied (`AlwaysDeny`: no opinion, "Everything is forbidden.").
    Deny,
}

/// How the run is made: who asks, and what an `authorizer` check gives.
#[derive(Clone, Debug)]
pub struct Settings {
    pub username: String,
    pub groups: Vec<String>,
    pub authorizer: Authorizer,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::new(None, &[], Authorizer::default())
    }
}

impl Settings {
    /// The user `username` (default [`DEFAULT_USER`]) with `groups` as the server's
    /// authenticators give them: a service account's token gives `system:serviceaccounts` and
    /// `system:serviceaccounts:NAMESPACE` (apiserver `pkg/authentication/serviceaccount`,
    /// `MakeGroupNames`) when no group is named, and every authenticated user but
    /// `system:anonymous` gets `system:authenticated` added
    /// (`pkg/authentication/group/authenticated_group_adder.go`, unless a group already says
    /// either); `system:anonymous` gets `system:unauthenticated` (`request/anonymous`).
    pub fn new(username: Option<&str>, groups: &[String], authorizer: Authorizer) -> Settings {
        let username = username.unwrap_or(DEFAULT_USER).to_string();
        let mut out: Vec<String> = groups.to_vec();
        if out.is_empty() {
            if let Some(ns) = username
                .strip_prefix("system:serviceaccount:")
                .and_then(|rest| rest.split_once(':'))
                .map(|(ns, _)| ns)
            {
                out.push("system:serviceaccounts".into());
                out.push(format!("system:serviceaccounts:{ns}"));
            }
        }
        const ALL: [&str; 2] = ["system:authenticated", "system:unauthenticated"];
        if !out.iter().any(|g| ALL.contains(&g.as_str())) {
            let implied = if username == "system:anonymous" {
                ALL[1]
            } else {
                ALL[0]
            };
            out.push(implied.to_string());
        }
        Settings {
            username,
            groups: out,
            authorizer,
        }
    }
}

/// Why a policy whose expressions may run out of the runtime cost budget is not evaluated:
/// the server charges a variable only to an expression that reads it, which only the
/// evaluation knows.
const COST_UNKNOWN: &str = "whether its expressions stay within the runtime cost budget (10,000,000) depends on which variables they read";

/// How to decide a policy that reads the `authorizer`.
pub const AUTHORIZER_HELP: &str = "to evaluate it as if every authorization check were allowed or denied, pass `--admission-authorizer allow` (or `deny`), or set `admission: {authorizer: allow}` in .crdlint.yaml";

/// The group of the policy kinds.
const GROUP: &str = super::GROUP;

fn group_of(api_version: &str) -> &str {
    crate::k8s::split_api_version(api_version).0
}

/// The run's policies, bindings and the objects they read, as the driver finds them.
#[derive(Default)]
pub struct Gather {
    policies: Vec<Node>,
    bindings: Vec<Node>,
    mutating: Vec<Node>,
    mutating_bindings: Vec<Node>,
    namespaces: Vec<Node>,
    params: Vec<Node>,
    param_kinds: Vec<(String, String)>,
    /// [`Gather::reads_namespaces`], once found (a policy added forgets it).
    reads_namespaces: std::cell::Cell<Option<bool>>,
}

impl Gather {
    /// Whether an object of this kind is a validating or mutating policy or binding.
    pub fn is_policy(api_version: &str, kind: &str) -> bool {
        group_of(api_version) == GROUP
            && matches!(
                kind,
                "ValidatingAdmissionPolicy"
                    | "ValidatingAdmissionPolicyBinding"
                    | "MutatingAdmissionPolicy"
                    | "MutatingAdmissionPolicyBinding"
            )
    }

    /// Keeps a policy or binding ([`Gather::is_policy`]).
    pub fn add_policy(&mut self, obj: &Node) {
        self.reads_namespaces.set(None);
        match obj.get_str("kind") {
            Some(k @ ("ValidatingAdmissionPolicy" | "MutatingAdmissionPolicy")) => {
                if let (Some(av), Some(k)) = (
                    obj.at(&["spec", "paramKind", "apiVersion"])
                        .and_then(Node::as_str),
                    obj.at(&["spec", "paramKind", "kind"])
                        .and_then(Node::as_str),
                ) {
                    let pk = (av.to_string(), k.to_string());
                    if !self.param_kinds.contains(&pk) {
                        self.param_kinds.push(pk);
                    }
                }
                if k == "MutatingAdmissionPolicy" {
                    self.mutating.push(obj.clone());
                } else {
                    self.policies.push(obj.clone());
                }
            }
            Some("ValidatingAdmissionPolicyBinding") => self.bindings.push(obj.clone()),
            Some("MutatingAdmissionPolicyBinding") => self.mutating_bindings.push(obj.clone()),
            _ => {}
        }
    }

    /// No binding: nothing will run.
    pub fn is_empty(&self) -> bool {
        (self.bindings.is_empty() || self.policies.is_empty())
            && (self.mutating_bindings.is_empty() || self.mutating.is_empty())
    }

    /// The kind names of the objects the policies read (a cheap text filter for files).
    pub fn wanted_kinds(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.reads_namespaces() {
            out.push("Namespace".to_string());
        }
        out.extend(self.param_kinds.iter().map(|(_, k)| k.clone()));
        out
    }

    /// Whether the policies read objects of this kind: Namespaces (when
    /// [`Gather::reads_namespaces`]), and each `paramKind`.
    pub fn wants(&self, api_version: &str, kind: &str) -> bool {
        (api_version == "v1" && kind == "Namespace" && self.reads_namespaces())
            || self
                .param_kinds
                .iter()
                .any(|(av, k)| k == kind && group_of(av) == group_of(api_version))
    }

    /// Whether anything may read the run's Namespace objects: a `namespaceSelector` of a
    /// policy or binding (matching reads the namespace's labels), a validating policy's text
    /// naming `namespaceObject` (no expression reads it without naming it), or a mutating
    /// policy (its input binds `namespaceObject` whole). Otherwise the files that name
    /// `Namespace` are not read a second time for them (most of a workload's files that do
    /// name it only in lists of kinds). Errs towards reading them.
    fn reads_namespaces(&self) -> bool {
        if let Some(known) = self.reads_namespaces.get() {
            return known;
        }
        let selects = |n: &Node, criteria: &str| {
            n.at(&["spec", criteria, "namespaceSelector"])
                .is_some_and(|s| !s.is_null() && s.as_map().is_none_or(|m| !m.entries.is_empty()))
        };
        let reads = !self.mutating.is_empty()
            || !self.mutating_bindings.is_empty()
            || self
                .policies
                .iter()
                .any(|p| selects(p, "matchConstraints") || names_text(p, "namespaceObject"))
            || self.bindings.iter().any(|b| selects(b, "matchResources"));
        self.reads_namespaces.set(Some(reads));
        reads
    }

    /// Keeps an object [`Gather::wants`] (it may be both a Namespace and a param).
    pub fn add(&mut self, obj: &Node) {
        let (av, kind) = (
            obj.get_str("apiVersion").unwrap_or(""),
            obj.get_str("kind").unwrap_or(""),
        );
        if av == "v1" && kind == "Namespace" {
            self.namespaces.push(obj.clone());
        }
        if self
            .param_kinds
            .iter()
            .any(|(pav, k)| k == kind && group_of(pav) == group_of(av))
        {
            self.params.push(obj.clone());
        }
    }
}

/// One policy, prepared.
struct Policy {
    name: String,
    node: Node,
    ignore: bool,
    param_kind: Option<ParamKind>,
    /// `None` when an expression does not compile (`admission/expression` says so).
    compiled: Option<Compiled>,
    /// Whether the resource its `matchConstraints` select a request through
    /// (`matching::equivalent_match`) follows from the request's kind alone: no resource rule
    /// names `resourceNames` ([`KindPlan::via`]).
    via_by_kind: bool,
}

/// One binding and the policy it binds.
struct Binding {
    name: String,
    node: Node,
    policy: usize,
    /// Whether the policy's `matchConstraints` and the binding's `matchResources` select by
    /// the request's group, version, resource, operation and scope alone ([`by_kind_only`]).
    by_kind: bool,
}

/// The run's policies, ready to evaluate.
pub struct Policies {
    kube: KubeVersion,
    settings: Settings,
    policies: Vec<Policy>,
    bindings: Vec<Binding>,
    /// The MutatingAdmissionPolicies and their bindings (`mutating`).
    mutating: Vec<Policy>,
    mutating_bindings: Vec<Binding>,
    /// Each Namespace of the run, and its `namespaceObject` once a policy has read it.
    namespaces: HashMap<String, (Node, OnceLock<Value>)>,
    params: Vec<Node>,
    /// Each param's value ([`Policies::param_value`]), converted once for the whole run.
    param_values: Vec<OnceLock<Value>>,
    /// What the validating policies read of the request ([`reads`]).
    reads: Reads,
    /// What of the registry's preparation of an object they see ([`prepare`]).
    seen: prepare::Seen,
    /// `request.userInfo`, the same for every request.
    user_info: Value,
    /// Whether matching reads the labels of an object or of its namespace: some binding is
    /// not [`Binding::by_kind`] (building them for every object was a share of a run whose
    /// bindings select by kind).
    reads_labels: bool,
    /// [`Policies::kind_plan`] per request kind.
    kind_plans: Mutex<HashMap<String, Arc<KindPlan>>>,
    /// Whether [`Policies::kind_plan`] has anything to find: some binding is
    /// [`Binding::by_kind`], some policy [`Policy::via_by_kind`], or the request is
    /// [`Policies::request_by_kind`] (found once, not per request).
    plans: bool,
    /// Whether the validating policies read nothing of `request` that differs between two
    /// objects of one kind and operation (its `name` and `namespace`): then one value serves
    /// every request of the kind ([`KindPlan::request`]).
    request_by_kind: bool,
}

/// What follows from a request's kind, operation and scope alone, found once per run for
/// each ([`Policies::kind_plan`]): matching every binding, and finding the resource each
/// policy selects through, anew for every object was a share of a run with many policies.
#[derive(Default)]
struct KindPlan {
    /// Per binding, whether it selects the request, when [`Binding::by_kind`] (else `None`).
    matches: Vec<Option<bool>>,
    /// Per validating policy, what `matching::equivalent_match` gives, when
    /// [`Policy::via_by_kind`] (else `None`).
    via: Vec<Option<Option<Via>>>,
    /// `request` as the validating policies read it, when [`Policies::request_by_kind`]
    /// (else `None`), built by the first request of the kind: building it per object was a
    /// map, a hashed key and their drop each.
    request: Option<OnceLock<Value>>,
}

/// One object to run the policies on.
pub struct Request<'a> {
    /// As the server would store it (defaulted); [`Policies::evaluate`] prepares it as the
    /// registry does before validating admission ([`Request::strategy`]).
    pub object: &'a Node,
    /// The previous version (an UPDATE), when the run has it.
    pub old: Option<&'a Node>,
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    /// The resource name (a CRD's plural, a built-in kind's resource).
    pub resource: &'a str,
    pub namespaced: bool,
    /// The versions of the group that serve the resource (its equivalents).
    pub versions: &'a [String],
    /// A CRD's `spec.conversion.strategy` (empty or `None` when absent; not read for a
    /// built-in kind): how the object reaches another of `versions` a policy selects it
    /// through.
    pub conversion: &'a str,
    /// Where findings about the object point.
    pub at: Span,
    /// How the server prepares the object before validating admission ([`prepare`]).
    pub strategy: Strategy,
}

impl Policies {
    /// Prepares the gathered policies; `namespaced` tells whether a kind (apiVersion, kind)
    /// is namespaced, when known.
    pub fn new(
        g: Gather,
        kube: KubeVersion,
        settings: Settings,
        namespaced: impl Fn(&str, &str) -> Option<bool>,
    ) -> Policies {
        let prepare = |nodes: Vec<Node>| -> Vec<Policy> {
            nodes
                .into_iter()
                .map(|node| {
                    let param_kind = match (
                        node.at(&["spec", "paramKind", "apiVersion"])
                            .and_then(Node::as_str),
                        node.at(&["spec", "paramKind", "kind"])
                            .and_then(Node::as_str),
                    ) {
                        (Some(av), Some(k)) => Some(ParamKind {
                            api_version: av.to_string(),
                            kind: k.to_string(),
                            namespaced: namespaced(av, k),
                        }),
                        _ => None,
                    };
                    Policy {
                        name: name_of(&node).to_string(),
                        ignore: node.at(&["spec", "failurePolicy"]).and_then(Node::as_str)
                            == Some("Ignore"),
                        compiled: evaluate::compile(&node, param_kind.is_some(), kube),
                        via_by_kind: no_names(
                            node.at(&["spec", "matchConstraints"]),
                            "resourceRules",
                        ),
                        param_kind,
                        node,
                    }
                })
                .collect()
        };
        let bind = |nodes: Vec<Node>, policies: &[Policy]| -> Vec<Binding> {
            nodes
                .into_iter()
                .filter_map(|node| {
                    let wanted = node.at(&["spec", "policyName"]).and_then(Node::as_str)?;
                    let policy = policies.iter().position(|p| p.name == wanted)?;
                    let by_kind =
                        by_kind_only(policies[policy].node.at(&["spec", "matchConstraints"]))
                            && by_kind_only(node.at(&["spec", "matchResources"]));
                    Some(Binding {
                        name: name_of(&node).to_string(),
                        node,
                        policy,
                        by_kind,
                    })
                })
                .collect()
        };
        let policies = prepare(g.policies);
        let bindings = bind(g.bindings, &policies);
        let mutating = prepare(g.mutating);
        let mutating_bindings = bind(g.mutating_bindings, &mutating);
        let namespaces = g
            .namespaces
            .into_iter()
            .map(|n| (name_of(&n).to_string(), (n, OnceLock::new())))
            .collect();
        let reads = Reads::of(
            policies
                .iter()
                .filter_map(|p| p.compiled.as_ref())
                .flat_map(|c| c.exprs()),
        );
        let user_info = cel_map([
            ("username", Value::string(&settings.username)),
            (
                "groups",
                Value::list(settings.groups.iter().map(|g| Value::string(g)).collect()),
            ),
        ]);
        let reads_labels = bindings
            .iter()
            .chain(&mutating_bindings)
            .any(|b| !b.by_kind);
        let request_by_kind = match &reads.request {
            Needs::Fields(f) => !f
                .iter()
                .any(|(name, _)| matches!(&**name, "name" | "namespace")),
            // Not read: `request` is null, no plan is needed for it.
            Needs::Nothing | Needs::All | Needs::Elements(_) => false,
        };
        let plans = !bindings.is_empty()
            && (request_by_kind
                || bindings.iter().any(|b| b.by_kind)
                || policies.iter().any(|p| p.via_by_kind));
        Policies {
            kube,
            settings,
            policies,
            bindings,
            mutating,
            mutating_bindings,
            namespaces,
            param_values: g.params.iter().map(|_| OnceLock::new()).collect(),
            params: g.params,
            seen: prepare::Seen::of(&reads.object, &reads.old_object),
            reads,
            user_info,
            reads_labels,
            kind_plans: Mutex::default(),
            plans,
            request_by_kind,
        }
    }

    /// The findings of every binding that selects the object.
    pub fn evaluate(&self, r: &Request<'_>) -> Vec<Diagnostic> {
        // The policies see the object as the registry prepared it, after mutating admission.
        let (object, old) = prepare::prepared(r.strategy, r.object, r.old, self.seen);
        let r = &Request {
            object: &object,
            old: old.as_deref(),
            ..*r
        };
        let mut out = Vec::new();
        let (attrs, ns_node) = self.attrs(r);
        let namespace = attrs.namespace;
        let ns_labels: Option<BTreeMap<String, String>> =
            ns_node.filter(|_| self.reads_labels).map(matching::labels);
        let mut input: Option<Input> = None;
        // The audit annotations per policy and key, each value once (`auditAnnotationCollector`).
        let mut annotations: BTreeMap<(usize, String), Vec<String>> = BTreeMap::new();
        let plan = self.kind_plan(&attrs, r.kind);
        for (bi, b) in self.bindings.iter().enumerate() {
            let p = &self.policies[b.policy];
            let Some(compiled) = &p.compiled else {
                continue;
            };
            let m = match plan.matches.get(bi).copied().flatten() {
                Some(true) => Match::Yes,
                Some(false) => continue,
                None => match self.binding_matches(b, &attrs, ns_labels.as_ref()) {
                    Match::No => continue,
                    m => m,
                },
            };
            if m == Match::NamespaceUnknown {
                out.push(self.not_decidable(
                    p,
                    b,
                    r.at,
                    format!("its namespaceSelector needs the labels of namespace '{namespace}', whose Namespace object is not in the run"),
                ));
                continue;
            }
            let found;
            let params: &[Option<&Node>] = if p.param_kind.is_none() {
                // No `paramKind`: one evaluation with `params` null (as `collect` gives),
                // without looking at the binding for every object.
                &[None]
            } else {
                let param_ref = b.node.at(&["spec", "paramRef"]);
                let kind = p.param_kind.as_ref();
                found = match params::collect(kind, param_ref, namespace, &self.params) {
                    Ok(found) => found,
                    Err(e) => {
                        if !p.ignore {
                            let message = format!("failed to configure binding: {e}");
                            out.push(denied(p, b, r.at, &message, "Invalid"));
                        }
                        continue;
                    }
                };
                &found
            };
            // Selected through an equivalent resource, the policy sees the object converted
            // to it (`equivalent`).
            let mut converted;
            let found_via;
            let via = match plan.via.get(b.policy) {
                Some(Some(via)) => via.as_ref(),
                _ => {
                    let constraints = p.node.at(&["spec", "matchConstraints"]);
                    found_via = matching::equivalent_match(constraints, &attrs);
                    found_via.as_ref()
                }
            };
            let input = match self.equivalent_input(via, r, &attrs, ns_node) {
                None => input.get_or_insert_with(|| {
                    let request = match &plan.request {
                        Some(known) => known
                            .get_or_init(|| self.request(r, &attrs, &self.reads.request))
                            .clone(),
                        None => self.request(r, &attrs, &self.reads.request),
                    };
                    self.input_of(r, &attrs, ns_node, &self.reads, request)
                }),
                Some(Ok(i)) => {
                    converted = i;
                    &mut converted
                }
                Some(Err(why)) => {
                    out.push(self.not_decidable(p, b, r.at, why));
                    continue;
                }
            };
            for param in params {
                match param {
                    Some(n) => input.set_params(self.param_value(n)),
                    // Most policies have no params: `params` stays null, nothing to drop.
                    None => input.clear_params(),
                }
                match compiled.evaluate(input, p.ignore) {
                    Decision::NotMatched | Decision::Admitted => {}
                    Decision::Authorizer(text) => {
                        out.push(
                            self.not_decidable(p, b, r.at, format!("expression '{text}' calls the authorizer, which only a cluster can answer"))
                                .with_help(AUTHORIZER_HELP),
                        );
                    }
                    Decision::CostUnknown => {
                        out.push(self.not_decidable(p, b, r.at, COST_UNKNOWN.to_string()));
                    }
                    Decision::Validations(denials, audits) => {
                        for (i, message, reason) in denials {
                            out.extend(findings(p, b, r.at, i, &message, &reason));
                        }
                        for a in audits {
                            match a {
                                Audit::Deny(message) => {
                                    out.push(denied(p, b, r.at, &message, "Invalid"))
                                }
                                Audit::Publish { key, value } => {
                                    let values = annotations.entry((b.policy, key)).or_default();
                                    if !values.contains(&value) {
                                        values.push(value);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if let Some(input) = input {
            input.recycle();
        }
        // `publish`: the annotation `POLICY/KEY`, several bindings' distinct values joined.
        for ((policy, key), values) in annotations {
            out.push(
                Diagnostic::new(
                    &rules::AUDIT,
                    r.at,
                    format!(
                        "{}/{key}: {}",
                        self.policies[policy].name,
                        values.join(", ")
                    ),
                )
                .with_severity(Severity::Info),
            );
        }
        out
    }

    /// Whether the binding's policy's `matchConstraints` and its `matchResources` both
    /// select the request (`NamespaceUnknown` when either needs an unknown namespace).
    fn binding_matches(
        &self,
        b: &Binding,
        attrs: &Attrs<'_>,
        ns_labels: Option<&BTreeMap<String, String>>,
    ) -> Match {
        let p = &self.policies[b.policy];
        let constraints = p.node.at(&["spec", "matchConstraints"]);
        let resources = b.node.at(&["spec", "matchResources"]);
        match matching::matches(constraints, attrs, ns_labels) {
            Match::No => Match::No,
            first => match (first, matching::matches(resources, attrs, ns_labels)) {
                (_, Match::No) => Match::No,
                (Match::Yes, Match::Yes) => Match::Yes,
                _ => Match::NamespaceUnknown,
            },
        }
    }

    /// What follows from the request's kind, operation and scope ([`KindPlan`]), found once
    /// per run for each.
    /// `kind` is the request's kind (what `request.kind` names).
    fn kind_plan(&self, a: &Attrs<'_>, kind: &str) -> Arc<KindPlan> {
        if !self.plans {
            return Arc::default();
        }
        thread_local! {
            /// The key being looked up: one buffer per thread, not an allocation per request.
            static KEY: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
        }
        KEY.with_borrow_mut(|key| {
            key.clear();
            // Pushed piece by piece: `format!` of it was most of a binding's matching cost.
            for part in [a.group, a.version, a.resource, kind] {
                key.push_str(part);
                key.push('\0');
            }
            for v in a.versions {
                key.push_str(v);
                key.push('\u{1}');
            }
            key.push('\0');
            key.push_str(a.operation);
            key.push(if a.namespace.is_empty() { '0' } else { '1' });
            // A poisoned lock only means another thread panicked; the map is still whole.
            let lock = || {
                self.kind_plans
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
            };
            if let Some(found) = lock().get(key.as_str()) {
                return found.clone();
            }
            let computed = self.new_kind_plan(a);
            lock().insert(key.clone(), computed.clone());
            computed
        })
    }

    /// [`Policies::kind_plan`] for a kind not seen yet.
    fn new_kind_plan(&self, a: &Attrs<'_>) -> Arc<KindPlan> {
        // Neither name, labels nor the namespace's labels are read by such a binding, nor the
        // name by such a policy's resource rules.
        Arc::new(KindPlan {
            matches: self
                .bindings
                .iter()
                .map(|b| {
                    b.by_kind
                        .then(|| self.binding_matches(b, a, None) == Match::Yes)
                })
                .collect(),
            via: self
                .policies
                .iter()
                .map(|p| {
                    p.via_by_kind.then(|| {
                        matching::equivalent_match(p.node.at(&["spec", "matchConstraints"]), a)
                    })
                })
                .collect(),
            request: self.request_by_kind.then(OnceLock::new),
        })
    }

    /// The request's attributes for matching, and its namespace's object when the run has it.
    fn attrs<'r>(&'r self, r: &Request<'r>) -> (Attrs<'r>, Option<&'r Node>) {
        let name = r
            .object
            .at(&["metadata", "name"])
            .and_then(Node::as_str)
            .unwrap_or("");
        let is_namespace = r.group.is_empty() && r.kind == "Namespace";
        // A namespaced object without a namespace is created in the client's; offline that is
        // `default`.
        let namespace = if is_namespace {
            name
        } else if r.namespaced {
            r.object
                .at(&["metadata", "namespace"])
                .and_then(Node::as_str)
                .filter(|n| !n.is_empty())
                .unwrap_or("default")
        } else {
            ""
        };
        let operation = if r.old.is_some() { "UPDATE" } else { "CREATE" };
        let attrs = Attrs {
            group: r.group,
            version: r.version,
            resource: r.resource,
            versions: r.versions,
            operation,
            namespace,
            name,
            labels: if self.reads_labels {
                matching::labels(r.object)
            } else {
                BTreeMap::new()
            },
            old_labels: r.old.filter(|_| self.reads_labels).map(matching::labels),
            kube: self.kube,
        };
        let ns_node = if is_namespace {
            Some(r.object)
        } else {
            self.namespaces.get(namespace).map(|(n, _)| n)
        };
        (attrs, ns_node)
    }

    /// The variables of one request (`params` is set per param), as far as `reads` says
    /// they are read: a policy's evaluations see the same values along every path they read
    /// as in the whole conversion (`reads`).
    fn input(&self, r: &Request<'_>, a: &Attrs<'_>, ns: Option<&Node>, reads: &Reads) -> Input {
        let request = self.request(r, a, &reads.request);
        self.input_of(r, a, ns, reads, request)
    }

    /// [`Policies::input`] with `request` already built.
    fn input_of(
        &self,
        r: &Request<'_>,
        a: &Attrs<'_>,
        ns: Option<&Node>,
        reads: &Reads,
        request: Value,
    ) -> Input {
        let namespace_object = match ns {
            None => Value::Null,
            // A Namespace's own request: its object.
            Some(n) if std::ptr::eq(n, r.object) => namespace_value(n),
            Some(n) => match self.namespaces.get(a.namespace) {
                Some((_, v)) => v.get_or_init(|| namespace_value(n)).clone(),
                None => namespace_value(n),
            },
        };
        Input::new(
            reads::project(r.object, &reads.object),
            r.old
                .map_or(Value::Null, |o| reads::project(o, &reads.old_object)),
            request,
            Value::Null,
            namespace_object,
            match self.settings.authorizer {
                Authorizer::NotDecidable => None,
                Authorizer::Allow => Some(crate::cel::eval::functions::authorizer(true, "")),
                Authorizer::Deny => Some(crate::cel::eval::functions::authorizer(
                    false,
                    "Everything is forbidden.",
                )),
            },
        )
    }

    /// `request`: `cel.CreateAdmissionRequest`, the request as the server fills it for a
    /// create (or an update) of the object, keys in the order it fills them. Built as CEL
    /// values directly (a JSON document read back as a tree and converted was a measurable
    /// share of a run with policies), and only the entries `reads` names when it names some.
    fn request(&self, r: &Request<'_>, a: &Attrs<'_>, reads: &Needs) -> Value {
        let wanted = |k: &str| match reads {
            Needs::Fields(f) => f.iter().any(|(name, _)| **name == *k),
            Needs::Nothing => false,
            // Read whole (or as a list: then whole too, as a projection would).
            Needs::All | Needs::Elements(_) => true,
        };
        if *reads == Needs::Nothing {
            return Value::Null;
        }
        let s = Value::string;
        let gvk = || {
            cel_map([
                ("group", s(r.group)),
                ("version", s(r.version)),
                ("kind", s(r.kind)),
            ])
        };
        let gvr = || {
            cel_map([
                ("group", s(r.group)),
                ("version", s(r.version)),
                ("resource", s(r.resource)),
            ])
        };
        let options = || {
            let kind = if r.old.is_some() {
                "UpdateOptions"
            } else {
                "CreateOptions"
            };
            cel_map([("kind", s(kind)), ("apiVersion", s("meta.k8s.io/v1"))])
        };
        let entries: [(&str, &dyn Fn() -> Value); 12] = [
            ("kind", &gvk),
            ("resource", &gvr),
            ("subResource", &|| s("")),
            ("requestKind", &gvk),
            ("requestResource", &gvr),
            ("requestSubResource", &|| s("")),
            ("name", &|| s(a.name)),
            ("namespace", &|| s(a.namespace)),
            ("operation", &|| s(a.operation)),
            ("userInfo", &|| self.user_info.clone()),
            ("dryRun", &|| Value::Bool(false)),
            ("options", &options),
        ];
        Value::map(
            entries
                .iter()
                .filter(|(k, _)| wanted(k))
                .map(|(k, v)| (Key::String((*k).into()), v()))
                .collect(),
        )
    }

    /// A param's value, converted once for the run (a param is read by every request of
    /// the bindings that name it).
    fn param_value(&self, param: &Node) -> Value {
        match self.params.iter().position(|p| std::ptr::eq(p, param)) {
            Some(i) => self.param_values[i]
                .get_or_init(|| to_value_untyped(param))
                .clone(),
            None => to_value_untyped(param),
        }
    }

    fn not_decidable(&self, p: &Policy, b: &Binding, at: Span, why: String) -> Diagnostic {
        Diagnostic::new(
            &rules::NOT_DECIDABLE,
            at,
            format!(
                "ValidatingAdmissionPolicy '{}' with binding '{}' was not evaluated: {why}; not decidable offline",
                p.name, b.name
            ),
        )
    }
}

/// The resource a kind is created through: a CRD's plural, else the built-in kind's
/// resource as the RESTMapper guesses it (the same guess type-checking makes). Borrowed when
/// it is the plural (every custom resource: no string made per object).
pub fn resource_of<'a>(kind: &str, plural: &'a str) -> std::borrow::Cow<'a, str> {
    if plural.is_empty() {
        std::borrow::Cow::Owned(super::typecheck::guess_resource(kind))
    } else {
        std::borrow::Cow::Borrowed(plural)
    }
}

/// `cel.CreateNamespaceObject`: the namespace's metadata, spec and status.
fn namespace_value(n: &Node) -> Value {
    let mut j = serde_json::Map::new();
    for k in ["apiVersion", "kind", "metadata", "spec", "status"] {
        if let Some(v) = n.get(k) {
            j.insert(k.to_string(), v.to_json());
        }
    }
    to_value_untyped(&Node::from_json(&serde_json::Value::Object(j)))
}

/// Whether a `MatchResources` reads nothing of a request but its group, version, resource,
/// its group's versions, operation and whether it is namespaced (`matching::matches`): no
/// namespace or object selector (absent, null or `{}`) and no rule naming `resourceNames`.
/// Anything else is matched per object.
fn by_kind_only(criteria: Option<&Node>) -> bool {
    let Some(c) = criteria.filter(|c| !c.is_null()) else {
        return true;
    };
    let no_selector = |k: &str| {
        c.get(k)
            .is_none_or(|s| s.is_null() || s.as_map().is_some_and(|m| m.entries.is_empty()))
    };
    no_selector("namespaceSelector")
        && no_selector("objectSelector")
        && no_names(Some(c), "resourceRules")
        && no_names(Some(c), "excludeResourceRules")
}

/// Whether no rule of a `MatchResources`' `key` names `resourceNames` (the only thing its
/// rules read of a request beyond its kind, operation and scope).
fn no_names(criteria: Option<&Node>, key: &str) -> bool {
    criteria
        .and_then(|c| c.get(key))
        .and_then(Node::as_seq)
        .unwrap_or(&[])
        .iter()
        .all(|r| r.get("resourceNames").is_none())
}

/// Whether a key or string anywhere in `n` contains `text`.
fn names_text(n: &Node, text: &str) -> bool {
    use crate::yaml::Value as V;
    match &n.value {
        V::String(s) => s.contains(text),
        V::Seq(items) => items.iter().any(|i| names_text(i, text)),
        V::Map(m) => m
            .entries
            .iter()
            .any(|e| e.key.contains(text) || names_text(&e.value, text)),
        _ => false,
    }
}

/// A CEL map of string keys, as an untyped conversion of a JSON object makes it.
fn cel_map<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::map(
        entries
            .into_iter()
            .map(|(k, v)| (Key::String(k.into()), v))
            .collect(),
    )
}

fn name_of(n: &Node) -> &str {
    n.at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or("")
}

/// `reasonToCode` (dispatcher.go): the HTTP status of a denial's reason.
fn code_of(reason: &str) -> u16 {
    match reason {
        "Forbidden" => 403,
        "Unauthorized" => 401,
        "RequestEntityTooLarge" => 413,
        _ => 422,
    }
}

/// A denial as `Dispatch` words it.
fn denied(p: &Policy, b: &Binding, at: Span, message: &str, reason: &str) -> Diagnostic {
    Diagnostic::new(
        &rules::DENIED,
        at,
        format!(
            "ValidatingAdmissionPolicy '{}' with binding '{}' denied request: {message}",
            p.name, b.name
        ),
    )
    .with_help(format!(
        "the server refuses it with reason {reason} ({})",
        code_of(reason)
    ))
}

/// One failed validation, once per `validationActions` entry.
fn findings(
    p: &Policy,
    b: &Binding,
    at: Span,
    index: usize,
    message: &str,
    reason: &str,
) -> Vec<Diagnostic> {
    let actions: Vec<&str> = b
        .node
        .at(&["spec", "validationActions"])
        .and_then(Node::as_seq)
        .map(|s| s.iter().filter_map(Node::as_str).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    for action in &actions {
        match *action {
            "Deny" => out.push(denied(p, b, at, message, reason)),
            "Warn" => out.push(Diagnostic::new(
                &rules::WARNED,
                at,
                format!(
                    "Validation failed for ValidatingAdmissionPolicy '{}' with binding '{}': {message}",
                    p.name, b.name
                ),
            )),
            "Audit" => {
                // `publishValidationFailureAnnotation`: the annotation's key and JSON value.
                let value = serde_json::json!([{
                    "message": message,
                    "policy": p.name,
                    "binding": b.name,
                    "expressionIndex": index,
                    "validationActions": actions,
                }]);
                out.push(
                    Diagnostic::new(
                        &rules::AUDIT,
                        at,
                        format!("validation.policy.admission.k8s.io/validation_failure: {value}"),
                    )
                    .with_severity(Severity::Info),
                );
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
