//! Admission-policy suites: a ValidatingAdmissionPolicy (and its binding) run on the objects
//! of each case, by the same engine `check` runs policies with ([`crate::admission::run`]).
//!
//! ```yaml
//! name: Deployments need a team label
//! policyName: require-team-label      # the policy's metadata.name, among the paths
//! bindingName: require-team-label     # optional: absent, a binding with [Deny] and no params
//! tests:
//!   admission:
//!   - name: denies an unlabelled Deployment
//!     object: |
//!       apiVersion: apps/v1
//!       kind: Deployment
//!       metadata: {name: web}
//!     expect: deny
//!     message: "must have a team label"
//! ```
//!
//! A case gives `object` (a `|` block, as every object of the suite format), and optionally
//! `oldObject` (the operation is then `UPDATE`), `operation` (`CREATE` or `UPDATE`),
//! `params` (the param object the binding's `paramRef` selects), `namespaceObject` (the
//! object's Namespace) and `userInfo` (`{username, groups}`, the request's user); it expects
//! `admit` (matched, nothing reported), `deny`, `warn` or `audit` (a finding of that kind,
//! whose validation message, the text the server frames with the policy's and binding's
//! names, contains `message` when given) or `skip` (the policy does not select the object).
//! The annotations the policy's `auditAnnotations` publish are compared with the case's
//! `auditAnnotations` (`{KEY: VALUE}`, the key as the policy writes it; absent: none).
//!
//! A suite whose `policyName` names a MutatingAdmissionPolicy runs it as `check` does before
//! validation ([`Policies::mutate`]): a case expects `mutate` with the object as stored after
//! the mutations in `expected` (compared as CRD suites compare a stored object,
//! [`super::run::compare`]), `admit` (selected, the object unchanged), `skip`, or `deny` (a
//! mutation that fails under `failurePolicy: Fail`, with its `message`).
//!
//! "Skip" is told from "admit" by the engine itself: the same policy with its validations
//! replaced by one that always fails (`false`) is run beside it, so the policy selects the object
//! exactly when that probe reports (matching, match conditions and params resolution are the
//! engine's, not re-implemented here).

use crate::admission::run::{self as engine, Gather, Policies, Request, Settings, Strategy};
use crate::diag::Diagnostic;
use crate::k8s::KubeVersion;
use crate::schema::Schema;
use crate::yaml::{Node, Span};

use super::run::{parse_object, CaseReport, Verdict};
pub use super::Expect;
use super::{Case, Text};

/// The admission parts of a case (its `object` is the case's `initial`).
#[derive(Clone, Debug)]
pub struct AdmissionCase {
    pub old_object: Option<Text>,
    pub params: Option<Text>,
    pub namespace_object: Option<Text>,
    /// `userInfo`: the username and groups; `None` for the run's user.
    pub user: Option<(String, Vec<String>)>,
    pub expect: Expect,
    pub message: Option<Text>,
    /// `auditAnnotations`: the annotations the policy publishes, by key (the policy's
    /// `auditAnnotations[].key`) and value; absent, none.
    pub audit_annotations: Option<Vec<(String, String)>>,
}

/// The suite's policy: its name, and the binding's (`None` for the default binding).
#[derive(Clone, Debug)]
pub struct PolicyTarget {
    pub policy: String,
    pub binding: Option<String>,
    pub span: Span,
}

/// How the kind of a case's object is served: whether it is namespaced, and its resource
/// (plural). The caller knows the CRDs and built-in kinds; suites use neither directly.
pub struct KindInfo {
    pub namespaced: bool,
    pub resource: String,
    /// A CRD's served versions (what `matchPolicy: Equivalent` reaches; a built-in kind's
    /// equivalents are the engine's own); empty: only the object's version.
    pub versions: Vec<String>,
    /// How the server prepares an object of the kind before validating admission.
    pub strategy: Strategy,
    /// A CRD's `spec.conversion.strategy` (empty when absent, and for a built-in kind): how
    /// the object reaches the version a policy selects it through.
    pub conversion: String,
}

/// Everything a policy case runs with.
pub struct PolicyRun<'a> {
    pub policy: &'a Node,
    /// `None`: the documented default binding (`validationActions: [Deny]`, no `paramRef`).
    pub binding: Option<&'a Node>,
    pub kube: KubeVersion,
    /// The run's user, when the case gives no `userInfo`.
    pub settings: &'a Settings,
    pub kind_info: &'a (dyn Fn(&str, &str) -> Option<KindInfo> + Sync),
    /// The object as the server stores it before admission (defaulted, pruned: the run's
    /// validation of its kind), created or updated from the given stored old object.
    pub store: &'a (dyn Fn(&Node, Option<&Node>) -> Node + Sync),
    /// The kind's schema (group, version, kind) as the mutation engine merges with it
    /// ([`crate::admission::Kinds::schema`]); `None` when unknown.
    pub schema: &'a (dyn Fn(&str, &str, &str) -> Option<Schema> + Sync),
}

/// Whether the suite's policy is a MutatingAdmissionPolicy.
fn is_mutating(policy: &Node) -> bool {
    policy.get_str("kind") == Some("MutatingAdmissionPolicy")
}

/// The binding used when a suite names none (for a MutatingAdmissionPolicy, one with no
/// `matchResources` and no `paramRef`).
pub fn default_binding(policy: &Node) -> Node {
    let name = policy
        .at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or("");
    if is_mutating(policy) {
        return Node::from_json(&serde_json::json!({
            "apiVersion": policy.get_str("apiVersion").unwrap_or("admissionregistration.k8s.io/v1"),
            "kind": "MutatingAdmissionPolicyBinding",
            "metadata": {"name": name},
            "spec": {"policyName": name},
        }));
    }
    Node::from_json(&serde_json::json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicyBinding",
        "metadata": {"name": name},
        "spec": {"policyName": name, "validationActions": ["Deny"]},
    }))
}

/// Runs one admission case.
pub fn run_case(case: &Case, a: &AdmissionCase, run: &PolicyRun<'_>) -> CaseReport {
    match run_inner(case, a, run) {
        Ok((verdict, reported, stored)) => CaseReport {
            verdict,
            error: None,
            stored,
            reported,
        },
        Err(why) => CaseReport {
            verdict: Verdict::Broken(why),
            error: None,
            stored: None,
            reported: Vec::new(),
        },
    }
}

type Reported = Vec<(Expect, String)>;

/// A case's verdict, its findings, and (a mutating policy's) the mutated object as stored.
type Ran = (Verdict, Reported, Option<Node>);

fn run_inner(case: &Case, a: &AdmissionCase, run: &PolicyRun<'_>) -> Result<Ran, String> {
    let mutating = is_mutating(run.policy);
    match a.expect {
        Expect::Mutate if !mutating => return Err(
            "`expect: mutate` needs a MutatingAdmissionPolicy; this suite's policy is validating"
                .into(),
        ),
        Expect::Warn | Expect::Audit if mutating => {
            return Err(format!(
                "a MutatingAdmissionPolicy neither warns nor audits (`expect: {}`)",
                a.expect.word()
            ))
        }
        _ if mutating && a.audit_annotations.is_some() => {
            return Err(
                "a MutatingAdmissionPolicy publishes no audit annotations (`auditAnnotations`)"
                    .into(),
            )
        }
        _ => {}
    }
    let written = parse_object(&case.initial, "object")?;
    let old_written = a
        .old_object
        .as_ref()
        .map(|t| parse_object(t, "oldObject"))
        .transpose()?;
    let params = a
        .params
        .as_ref()
        .map(|t| parse_object(t, "params"))
        .transpose()?;
    let ns = a
        .namespace_object
        .as_ref()
        .map(|t| parse_object(t, "namespaceObject"))
        .transpose()?;
    let av = written.get_str("apiVersion").unwrap_or("");
    let kind = written.get_str("kind").unwrap_or("");
    let (group, version) = av.rsplit_once('/').unwrap_or(("", av));
    if version.is_empty() || kind.is_empty() {
        return Err("`object` needs an apiVersion and a kind".into());
    }
    let info = (run.kind_info)(av, kind).ok_or_else(|| {
        format!(
            "the kind {kind} of {av} is neither built in at this version nor a CRD among the paths"
        )
    })?;
    // The policy sees the objects as the server stores them: the old one as it was stored
    // when created, the new one as this request would store it.
    let old = old_written.as_ref().map(|o| (run.store)(o, None));
    let object = (run.store)(&written, old.as_ref());
    let settings = match &a.user {
        Some((u, g)) => Settings {
            username: u.clone(),
            groups: g.clone(),
            authorizer: run.settings.authorizer,
        },
        None => run.settings.clone(),
    };
    let default;
    let binding = match run.binding {
        Some(b) => b,
        None => {
            default = default_binding(run.policy);
            &default
        }
    };
    let binding_name = binding
        .at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or("");
    let mut versions = info.versions.clone();
    if !versions.iter().any(|v| v == version) {
        versions.push(version.to_string());
    }
    let request = Request {
        object: &object,
        old: old.as_ref(),
        group,
        version,
        kind,
        resource: &info.resource,
        namespaced: info.namespaced,
        versions: &versions,
        conversion: &info.conversion,
        at: case.span,
        strategy: info.strategy,
    };
    let policies = |policy: &Node| -> Policies {
        let mut g = Gather::default();
        g.add_policy(policy);
        g.add_policy(binding);
        for o in params.iter().chain(ns.iter()) {
            let (oav, ok) = (
                o.get_str("apiVersion").unwrap_or(""),
                o.get_str("kind").unwrap_or(""),
            );
            if g.wants(oav, ok) {
                g.add(o);
            }
        }
        let namespaced = |av: &str, k: &str| (run.kind_info)(av, k).map(|i| i.namespaced);
        Policies::new(g, run.kube, settings.clone(), namespaced)
    };
    if mutating {
        let schema = (run.schema)(group, version, kind);
        let mutate = |policy: &Node| policies(policy).mutate(&request, schema.as_ref());
        let got = mutate(run.policy);
        if let Some(d) = got
            .findings
            .iter()
            .find(|d| d.rule.id == engine::rules::NOT_DECIDABLE.id)
        {
            return Err(d.message.clone());
        }
        let denials: Vec<&Diagnostic> = got
            .findings
            .iter()
            .filter(|d| d.rule.id == engine::rules::MUTATION_FAILED.id)
            .collect();
        let matched = got.object.is_some()
            || !got.findings.is_empty()
            || !mutate(&mutating_probe(run.policy)).findings.is_empty();
        // The mutated object is stored as the server stores it (defaulted again).
        let stored = got
            .object
            .as_ref()
            .map(|o| super::run::comparable((run.store)(o, old.as_ref())));
        let reported = denials
            .iter()
            .map(|d| (Expect::Deny, message_of(&d.message, binding_name)))
            .collect::<Reported>();
        let before = super::run::comparable(object.clone());
        let verdict = judge_mutation(
            case,
            a,
            matched,
            &got.findings,
            &reported,
            stored.as_ref().map(|s| (&before, s)),
        );
        return Ok((verdict, reported, stored));
    }
    let evaluate = |policy: &Node| policies(policy).evaluate(&request);
    let got = evaluate(run.policy);
    if let Some(d) = got
        .iter()
        .find(|d| d.rule.id == engine::rules::NOT_DECIDABLE.id)
    {
        return Err(d.message.clone());
    }
    let matched = !got.is_empty() || !evaluate(&probe(run.policy)).is_empty();
    let policy_name = run
        .policy
        .at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or("");
    let mut reported = Reported::new();
    let mut published = Vec::new();
    for d in &got {
        match kind_of(d) {
            Some(Expect::Audit) => match audit_failure(&d.message) {
                Some(message) => reported.push((Expect::Audit, message)),
                None => published.extend(published_annotation(&d.message, policy_name)),
            },
            Some(kind) => reported.push((kind, message_of(&d.message, binding_name))),
            None => {}
        }
    }
    Ok((
        judge(a, matched, &got, &reported, &published),
        reported,
        None,
    ))
}

/// The expectation a finding of the engine meets.
fn kind_of(d: &Diagnostic) -> Option<Expect> {
    let id = d.rule.id;
    if id == engine::rules::DENIED.id {
        Some(Expect::Deny)
    } else if id == engine::rules::WARNED.id {
        Some(Expect::Warn)
    } else if id == engine::rules::AUDIT.id {
        Some(Expect::Audit)
    } else {
        None
    }
}

/// The validation's own message in a denial's or warning's text: after the frame the server
/// puts around it (`... with binding 'B' denied request: `, `... with binding 'B': `); the
/// whole text when the frame is not found.
fn message_of(text: &str, binding: &str) -> String {
    let frame = format!("with binding '{binding}'");
    let rest = text.find(&frame).map(|i| &text[i + frame.len()..]);
    rest.and_then(|r| {
        r.strip_prefix(" denied request: ")
            .or_else(|| r.strip_prefix(": "))
    })
    .unwrap_or(text)
    .to_string()
}

/// The key of the audit annotation a failed validation publishes under `Audit`
/// (`publishValidationFailureAnnotation` in apiserver's `policy/validating/dispatcher.go`).
const VALIDATION_FAILURE: &str = "validation.policy.admission.k8s.io/validation_failure";

/// The `message` of a failed validation's audit annotation (its JSON value decoded); `None`
/// for any other audit finding (an annotation the policy's `auditAnnotations` publish).
fn audit_failure(text: &str) -> Option<String> {
    let value = text.strip_prefix(VALIDATION_FAILURE)?.strip_prefix(": ")?;
    let v = serde_json::from_str::<serde_json::Value>(value).ok()?;
    Some(v.get(0)?.get("message")?.as_str()?.to_string())
}

/// An annotation the policy publishes (`POLICY/KEY: VALUE`): its key without the policy's
/// name, and its value.
fn published_annotation(text: &str, policy: &str) -> Option<(String, String)> {
    let (key, value) = text.split_once(": ")?;
    let key = key.strip_prefix(policy)?.strip_prefix('/')?;
    Some((key.to_string(), value.to_string()))
}

/// The policy with one validation that always fails and nothing else evaluated after the
/// match: it reports exactly when the policy selects the object.
fn probe(policy: &Node) -> Node {
    let mut j = policy.to_json();
    if let Some(spec) = j.get_mut("spec").and_then(|s| s.as_object_mut()) {
        spec.insert(
            "validations".into(),
            serde_json::json!([{"expression": "false", "message": "probe"}]),
        );
        spec.remove("variables");
        spec.remove("auditAnnotations");
    }
    Node::from_json(&j)
}

/// The MutatingAdmissionPolicy with one mutation that always fails, under `failurePolicy:
/// Fail`, and nothing else evaluated after the match: it reports exactly when the policy
/// selects the object (RFC 6902: removing a member that does not exist is an error).
fn mutating_probe(policy: &Node) -> Node {
    let mut j = policy.to_json();
    if let Some(spec) = j.get_mut("spec").and_then(|s| s.as_object_mut()) {
        spec.insert(
            "mutations".into(),
            serde_json::json!([{"patchType": "JSONPatch", "jsonPatch": {
                "expression": "[JSONPatch{op: 'remove', path: '/crdlint-probe'}]"
            }}]),
        );
        spec.insert("failurePolicy".into(), "Fail".into());
        spec.insert("reinvocationPolicy".into(), "Never".into());
        spec.remove("variables");
    }
    Node::from_json(&j)
}

/// A mutating policy's case: `mutate` passes when the object changed into `expected`.
fn judge_mutation(
    case: &Case,
    a: &AdmissionCase,
    matched: bool,
    findings: &[Diagnostic],
    reported: &Reported,
    mutated: Option<(&Node, &Node)>,
) -> Verdict {
    let stored = mutated.map(|(_, after)| after);
    let outcome = if !matched {
        "the policy did not select the object".to_string()
    } else if !findings.is_empty() {
        let all: Vec<String> = findings
            .iter()
            .map(|d| format!("{}: {}", d.rule.id, d.message))
            .collect();
        format!("the policy reported:\n{}", all.join("\n"))
    } else if stored.is_none() {
        "the object was admitted unchanged".to_string()
    } else {
        let (before, after) = mutated.map_or((String::new(), String::new()), |(b, a)| {
            (crate::yaml::emit_document(b), crate::yaml::emit_document(a))
        });
        format!(
            "the policy mutated the object (- as stored, + mutated):\n{}",
            super::run::line_diff(&before, &after)
        )
    };
    let want = a.message.as_ref().map(|m| m.value.as_str());
    let pass = match a.expect {
        Expect::Skip => !matched,
        Expect::Admit => matched && findings.is_empty() && stored.is_none(),
        // The denial's message (not the frame around it, which names the policy and the
        // binding: a `message` naming either would pass whatever the policy said).
        Expect::Deny => {
            !reported.is_empty()
                && reported
                    .iter()
                    .any(|(_, m)| want.is_none_or(|w| m.contains(w)))
        }
        Expect::Mutate => {
            if let (true, Some(got)) = (reported.is_empty(), stored) {
                let Some(text) = &case.expected else {
                    return Verdict::Fail(
                        "expected `mutate`, but the case has no `expected` object (`--update` writes it)"
                            .into(),
                    );
                };
                return match super::run::parse_object(text, "expected") {
                    Err(e) => Verdict::Broken(e),
                    Ok(want) => super::run::compare(&want, got, super::run::Against::Expected),
                };
            }
            false
        }
        Expect::Warn | Expect::Audit => false,
    };
    if pass {
        return Verdict::Pass;
    }
    let with = want.map_or(String::new(), |w| format!(" containing {w:?}"));
    Verdict::Fail(format!(
        "expected `{}`{with}, but {outcome}",
        a.expect.word()
    ))
}

/// A validating policy's case. `message` is matched against the validations' messages only
/// (not the text the server frames them with, which names the policy and binding, nor an
/// audit annotation's JSON): a `message` of one letter found in the policy's name would
/// otherwise pass whatever the policy said. The published audit annotations must be the
/// case's `auditAnnotations` (none when it gives none), key by key and value by value.
fn judge(
    a: &AdmissionCase,
    matched: bool,
    got: &[Diagnostic],
    reported: &Reported,
    published: &[(String, String)],
) -> Verdict {
    let of = |kind: Expect| -> Vec<&str> {
        reported
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, m)| m.as_str())
            .collect()
    };
    let denied = of(Expect::Deny);
    let warned = of(Expect::Warn);
    let audited = of(Expect::Audit);
    let outcome = if !matched {
        "the policy did not select the object".to_string()
    } else if got.is_empty() {
        "the object was admitted with nothing reported".to_string()
    } else {
        let all: Vec<String> = got
            .iter()
            .map(|d| format!("{}: {}", d.rule.id, d.message))
            .collect();
        format!("the policy reported:\n{}", all.join("\n"))
    };
    let want = a.message.as_ref().map(|m| m.value.as_str());
    let has =
        |list: &[&str]| !list.is_empty() && want.is_none_or(|w| list.iter().any(|m| m.contains(w)));
    let pass = match a.expect {
        Expect::Skip => !matched,
        Expect::Admit => matched && reported.is_empty(),
        Expect::Deny => has(&denied),
        Expect::Warn => denied.is_empty() && has(&warned),
        Expect::Audit => denied.is_empty() && has(&audited),
        Expect::Mutate => false,
    };
    let with = want.map_or(String::new(), |w| format!(" containing {w:?}"));
    if !pass {
        return Verdict::Fail(format!(
            "expected `{}`{with}, but {outcome}",
            a.expect.word()
        ));
    }
    if a.expect == Expect::Skip {
        return Verdict::Pass;
    }
    let mut want_annotations = a.audit_annotations.clone().unwrap_or_default();
    let mut got_annotations = published.to_vec();
    want_annotations.sort();
    got_annotations.sort();
    if want_annotations == got_annotations {
        return Verdict::Pass;
    }
    let show = |list: &[(String, String)]| {
        if list.is_empty() {
            return "none".to_string();
        }
        let all: Vec<String> = list.iter().map(|(k, v)| format!("{k}: {v:?}")).collect();
        format!("{{{}}}", all.join(", "))
    };
    Verdict::Fail(format!(
        "expected `{}`{with} with the audit annotations {}, but the policy published {}",
        a.expect.word(),
        show(&want_annotations),
        show(&got_annotations),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::suites_in;

    const POLICY: &str = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: small}\nspec:\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [widgets]}\n  matchConditions:\n  - {name: not-admin, expression: \"request.userInfo.username != 'admin'\"}\n  validations:\n  - {expression: 'object.spec.size <= 5', message: too big}\n";

    fn run(cases: &str) -> Vec<Verdict> {
        run_with(POLICY, cases)
    }

    fn run_with(policy: &str, cases: &str) -> Vec<Verdict> {
        run_bound(policy, "", cases)
    }

    /// The cases run against `policy` and `binding` (empty: the default binding).
    fn run_bound(policy: &str, binding: &str, cases: &str) -> Vec<Verdict> {
        let suite_src = format!("name: S\npolicyName: small\ntests:\n  admission:\n{cases}");
        let docs = crate::yaml::load(&suite_src);
        let s = suites_in(docs[0].root.as_ref().unwrap()).unwrap();
        assert!(s.problems.is_empty(), "{:?}", s.problems);
        let policy = crate::yaml::load(policy).remove(0).root.unwrap();
        let kind_info = |_: &str, k: &str| {
            (k == "Widget").then(|| KindInfo {
                namespaced: true,
                resource: "widgets".into(),
                versions: vec!["v1".into()],
                strategy: Strategy::AsGiven,
                conversion: String::new(),
            })
        };
        let settings = Settings::default();
        let binding =
            (!binding.is_empty()).then(|| crate::yaml::load(binding).remove(0).root.unwrap());
        let r = PolicyRun {
            policy: &policy,
            binding: binding.as_ref(),
            kube: KubeVersion::default(),
            settings: &settings,
            kind_info: &kind_info,
            store: &|o, _| o.clone(),
            schema: &|_, _, _| None,
        };
        s.cases
            .iter()
            .map(|c| run_case(c, c.admission.as_deref().unwrap(), &r).verdict)
            .collect()
    }

    const BIG: &str =
        "'{apiVersion: example.com/v1, kind: Widget, metadata: {name: w}, spec: {size: 9}}'";
    const SMALL: &str =
        "'{apiVersion: example.com/v1, kind: Widget, metadata: {name: w}, spec: {size: 1}}'";

    #[test]
    fn each_expectation_is_judged_by_the_engine() {
        let v = run(&format!(
            "  - {{name: a, object: {BIG}, expect: deny, message: too big}}\n  - {{name: b, object: {SMALL}, expect: admit}}\n  - {{name: c, object: {BIG}, expect: admit}}\n  - {{name: d, object: {SMALL}, expect: deny}}\n  - {{name: e, object: {BIG}, expect: deny, message: nope}}\n"
        ));
        assert_eq!(v[0], Verdict::Pass);
        assert_eq!(v[1], Verdict::Pass);
        assert!(
            matches!(&v[2], Verdict::Fail(m) if m.contains("admission/denied") && m.contains("denied request: too big")),
            "{v:?}"
        );
        assert!(
            matches!(&v[3], Verdict::Fail(m) if m.contains("admitted with nothing reported")),
            "{v:?}"
        );
        assert!(
            matches!(&v[4], Verdict::Fail(m) if m.contains("containing \"nope\"")),
            "{v:?}"
        );
    }

    #[test]
    fn message_is_matched_against_the_validation_message_only() {
        // The finding's text is `ValidatingAdmissionPolicy 'small' with binding 'small' denied
        // request: too big`: `small`, `binding` or `denied` are in it, but not in the message.
        let v = run(&format!(
            "  - {{name: a, object: {BIG}, expect: deny, message: small}}\n  - {{name: b, object: {BIG}, expect: deny, message: denied}}\n  - {{name: c, object: {BIG}, expect: deny, message: \"o b\"}}\n"
        ));
        assert!(
            matches!(&v[0], Verdict::Fail(m) if m.contains("containing \"small\"")),
            "{v:?}"
        );
        assert!(matches!(&v[1], Verdict::Fail(_)), "{v:?}");
        assert_eq!(v[2], Verdict::Pass);
        // An audited failure: its message, not the annotation's JSON (`policy`, `binding`).
        let audit = POLICY.replace("validations:", "failurePolicy: Fail\n  validations:");
        let binding = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec: {policyName: small, validationActions: [Audit]}\n";
        let v = run_bound(&audit, binding, &format!(
            "  - {{name: a, object: {BIG}, expect: audit, message: expressionIndex}}\n  - {{name: b, object: {BIG}, expect: audit, message: too big}}\n  - {{name: c, object: {BIG}, expect: deny}}\n"
        ));
        assert!(matches!(&v[0], Verdict::Fail(_)), "{v:?}");
        assert_eq!(v[1], Verdict::Pass);
        assert!(matches!(&v[2], Verdict::Fail(_)), "{v:?}");
    }

    #[test]
    fn audit_annotations_are_compared_by_key_and_value() {
        let policy = POLICY.replace(
            "  validations:",
            "  auditAnnotations:\n  - {key: size, valueExpression: \"'size ' + string(object.spec.size)\"}\n  validations:",
        );
        let v = run_with(&policy, &format!(
            "  - {{name: a, object: {SMALL}, expect: admit, auditAnnotations: {{size: size 1}}}}\n  - {{name: b, object: {SMALL}, expect: admit}}\n  - {{name: c, object: {SMALL}, expect: admit, auditAnnotations: {{size: size 2}}}}\n  - {{name: d, object: {SMALL}, expect: admit, auditAnnotations: {{sise: size 1}}}}\n  - {{name: e, object: {BIG}, expect: deny, message: too big, auditAnnotations: {{size: size 9}}}}\n"
        ));
        assert_eq!(v[0], Verdict::Pass);
        assert!(
            matches!(&v[1], Verdict::Fail(m) if m.contains("audit annotations none, but the policy published {size: \"size 1\"}")),
            "{v:?}"
        );
        assert!(matches!(&v[2], Verdict::Fail(_)), "{v:?}");
        assert!(matches!(&v[3], Verdict::Fail(_)), "{v:?}");
        assert_eq!(v[4], Verdict::Pass);
    }

    #[test]
    fn skip_is_told_from_admit_through_match_rules_and_conditions() {
        let v = run(&format!(
            "  - {{name: a, object: {BIG}, expect: skip, userInfo: {{username: admin, groups: []}}}}\n  - {{name: b, object: {SMALL}, expect: skip}}\n  - {{name: c, object: '{{apiVersion: v1, kind: ConfigMap, metadata: {{name: x}}}}', expect: skip}}\n"
        ));
        assert_eq!(v[0], Verdict::Pass, "match condition on the user");
        assert!(
            matches!(&v[1], Verdict::Fail(m) if m.contains("admitted")),
            "{v:?}"
        );
        // ConfigMap is unknown to this test's kind lookup: the case cannot run.
        assert!(matches!(&v[2], Verdict::Broken(_)), "{v:?}");
    }

    #[test]
    fn update_runs_with_the_old_object() {
        let v = run(&format!(
            "  - {{name: a, operation: UPDATE, oldObject: {BIG}, object: {SMALL}, expect: admit}}\n"
        ));
        assert_eq!(v[0], Verdict::Pass);
    }

    #[test]
    fn mutate_needs_a_mutating_policy_and_expected_needs_mutate() {
        let v = run(&format!("  - {{name: a, object: {BIG}, expect: mutate}}\n"));
        assert!(
            matches!(&v[0], Verdict::Broken(m) if m.contains("needs a MutatingAdmissionPolicy")),
            "{v:?}"
        );
        let src = "policyName: p\ntests:\n  admission:\n  - name: a\n    object: 'kind: W'\n    expect: admit\n    expected: 'kind: W'\n";
        let docs = crate::yaml::load(src);
        let s = suites_in(docs[0].root.as_ref().unwrap()).unwrap();
        assert!(s.cases.iter().all(|c| c.invalid.is_some()), "{:?}", s.cases);
        let at: Vec<&str> = s.problems.iter().map(|p| &src[p.span.range()]).collect();
        assert_eq!(at, ["expected"], "{:?}", s.problems);
    }

    #[test]
    fn mutating_probe_reports_only_when_selected() {
        let policy = crate::yaml::load("apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: m}\nspec:\n  failurePolicy: Ignore\n  matchConstraints:\n    resourceRules:\n    - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets]}\n  mutations:\n  - patchType: JSONPatch\n    jsonPatch: {expression: '[]'}\n").remove(0).root.unwrap();
        let object = Node::from_json(
            &serde_json::json!({"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "n"}}),
        );
        let versions = vec!["v1".to_string()];
        let request = |resource| Request {
            object: &object,
            old: None,
            group: "example.com",
            version: "v1",
            kind: "Widget",
            resource,
            namespaced: true,
            versions: &versions,
            conversion: "",
            at: Span::default(),
            strategy: Strategy::AsGiven,
        };
        let findings = |resource| {
            let mut g = Gather::default();
            g.add_policy(&mutating_probe(&policy));
            g.add_policy(&default_binding(&policy));
            Policies::new(g, KubeVersion::default(), Settings::default(), |_, _| None)
                .mutate(&request(resource), None)
                .findings
        };
        assert_eq!(findings("widgets").len(), 1, "{:?}", findings("widgets"));
        assert!(findings("gadgets").is_empty());
    }

    #[test]
    fn malformed_cases_are_located() {
        let src = "policyName: p\ntests:\n  admission:\n  - name: a\n    object: 'kind: W'\n    expect: refuse\n  - name: b\n    object: 'kind: W'\n    expect: admit\n    mesage: x\n  - name: c\n    expect: admit\n    operation: UPDATE\n    object: 'kind: W'\n  - name: d\n    object: 'kind: W'\n    expect: deny\n    message: ''\n  - name: e\n    object: 'kind: W'\n    expect: deny\n    auditAnnotations: [x]\n";
        let docs = crate::yaml::load(src);
        let s = suites_in(docs[0].root.as_ref().unwrap()).unwrap();
        // Each malformed case is kept (counted as one that could not run), not run.
        let names: Vec<&str> = s
            .cases
            .iter()
            .filter(|c| c.invalid.is_some())
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(names, ["a", "b", "c", "d", "e"]);
        let at: Vec<&str> = s.problems.iter().map(|p| &src[p.span.range()]).collect();
        assert_eq!(
            at,
            ["refuse", "mesage", "UPDATE", "message", "[x]"],
            "{:?}",
            s.problems
        );
        assert!(s.problems[0]
            .message
            .contains("admit, deny, warn, audit, skip"));
        assert_eq!(
            s.problems[1].help.as_deref(),
            Some("did you mean `message`?")
        );
        assert_eq!(s.policy.unwrap().policy, "p");
    }
}
