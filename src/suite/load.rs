//! Reading suite documents: which YAML documents are suites, and their cases.
//!
//! A suite is recognised by content, not by file name: a mapping with `tests` and `crdName` (or
//! the older `crd`) and no `kind` (so no Kubernetes object is ever mistaken for one). Every key
//! is checked against the format's fields: an unknown key is a located `suite/invalid` finding
//! with a "did you mean", and the case that holds it is not run (it is kept, as
//! [`super::Case::invalid`], so that the run counts it as a case that could not run).

use super::{Case, Operation, Text, SUITE_INVALID};
use crate::diag::suggest::edit_distance;
use crate::diag::Diagnostic;
use crate::yaml::{Node, Span, Style, Value};

const SUITE_KEYS: &[&str] = &[
    "apiVersion",
    "name",
    "crdName",
    "crd",
    "featureGates",
    "version",
    "tests",
];
/// A policy suite's keys (`admission` module docs).
const POLICY_SUITE_KEYS: &[&str] = &["apiVersion", "name", "policyName", "bindingName", "tests"];
const TESTS_KEYS: &[&str] = &["onCreate", "onUpdate"];
const POLICY_TESTS_KEYS: &[&str] = &["admission"];
const ADMISSION_KEYS: &[&str] = &[
    "name",
    "operation",
    "object",
    "oldObject",
    "params",
    "namespaceObject",
    "userInfo",
    "expect",
    "message",
    "auditAnnotations",
    "expected",
];
const CREATE_KEYS: &[&str] = &["name", "initial", "expected", "expectedError"];
const UPDATE_KEYS: &[&str] = &[
    "name",
    "initialCRDPatches",
    "initial",
    "updated",
    "expected",
    "expectedError",
    "expectedStatusError",
];

/// One suite document.
#[derive(Clone, Debug)]
pub struct Suite {
    pub name: String,
    /// `crdName`: the `metadata.name` of the CRD under test.
    pub crd_name: String,
    /// Where `crdName` is written (or the suite's start), for `suite/no-crd`.
    pub crd_name_span: Span,
    /// `featureGates` as written (`A`, `-B`); informational: the user picks the CRD files.
    pub feature_gates: Vec<String>,
    /// A policy suite's policy (`crd_name` is then empty).
    pub policy: Option<super::admission::PolicyTarget>,
    pub cases: Vec<Case>,
    /// Malformed parts, each located; the cases they affect are in `cases` as
    /// [`Case::invalid`], not run.
    pub problems: Vec<Diagnostic>,
}

/// Whether `root` looks like a suite document at all.
pub fn is_suite(root: &Node) -> bool {
    let Some(m) = root.as_map() else { return false };
    m.contains_key("tests")
        && (m.contains_key("crdName") || m.contains_key("crd") || m.contains_key("policyName"))
        && !m.contains_key("kind")
}

/// Reads `root` as a suite, or `None` when it is not one.
pub fn suites_in(root: &Node) -> Option<Suite> {
    if !is_suite(root) {
        return None;
    }
    let mut problems = Vec::new();
    let map = root.as_map()?;
    if map.contains_key("policyName") && !map.contains_key("crdName") && !map.contains_key("crd") {
        return Some(policy_suite(root, problems));
    }
    check_keys(root, SUITE_KEYS, "a suite", &mut problems);
    let name = string_field(root, "name", &mut problems).unwrap_or_default();
    let (crd_name, crd_name_span) = crd_name(root, &mut problems);
    let feature_gates = map
        .get("featureGates")
        .and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .filter_map(|g| g.as_str().map(str::to_string))
        .collect();
    let mut cases = Vec::new();
    if let Some(tests) = map.get("tests") {
        read_tests(tests, &mut cases, &mut problems);
    }
    // In the file's order, whichever list comes first: every output of `test` lists the cases
    // by position, as findings are (README.md, "Input").
    cases.sort_by_key(|c| c.span.start());
    Some(Suite {
        name,
        crd_name,
        crd_name_span,
        feature_gates,
        policy: None,
        cases,
        problems,
    })
}

/// A policy suite: `policyName`, optional `bindingName`, and `tests.admission` cases.
fn policy_suite(root: &Node, mut problems: Vec<Diagnostic>) -> Suite {
    check_keys(root, POLICY_SUITE_KEYS, "a policy suite", &mut problems);
    let name = string_field(root, "name", &mut problems).unwrap_or_default();
    let policy_node = root
        .get("policyName")
        .expect("policy_suite is called with policyName");
    let policy = text(root, "policyName", &mut problems)
        .map(|t| t.value)
        .unwrap_or_default();
    let binding = text(root, "bindingName", &mut problems)
        .map(|t| t.value)
        .filter(|b| !b.is_empty());
    let mut cases = Vec::new();
    match root.get("tests") {
        Some(tests) if tests.as_map().is_some() => {
            check_keys(
                tests,
                POLICY_TESTS_KEYS,
                "`tests` of a policy suite",
                &mut problems,
            );
            match tests.get("admission").map(|l| &l.value) {
                Some(Value::Seq(items)) => {
                    for item in items {
                        cases.push(read_admission_case(item, &mut problems));
                    }
                }
                Some(Value::Null) | None => {}
                Some(_) => problems.push(invalid(
                    tests.get("admission").map_or(tests.span(), Node::span),
                    "`tests.admission` must be a list of cases",
                )),
            }
        }
        Some(t) if !t.is_null() => problems.push(invalid(
            t.span(),
            "`tests` of a policy suite must be a mapping with an `admission` list",
        )),
        _ => {}
    }
    Suite {
        name,
        crd_name: String::new(),
        crd_name_span: policy_node.span(),
        feature_gates: Vec::new(),
        policy: Some(super::admission::PolicyTarget {
            policy,
            binding,
            span: policy_node.span(),
        }),
        cases,
        problems,
    }
}

/// One admission case; a malformed one (the reasons in `problems`) is [`Case::invalid`].
fn read_admission_case(node: &Node, problems: &mut Vec<Diagnostic>) -> Case {
    use super::admission::{AdmissionCase, Expect};
    if node.as_map().is_none() {
        problems.push(invalid(node.span(), "a test case must be a mapping"));
        return malformed(node, Operation::Admission, &problems[problems.len() - 1..]);
    }
    let before = problems.len();
    check_keys(node, ADMISSION_KEYS, "an admission case", problems);
    let name = string_field(node, "name", problems);
    let name_span = node.get("name").map_or(node.span(), |n| n.span());
    let object = text(node, "object", problems);
    if node.get("object").is_none() {
        problems.push(invalid(
            node.span(),
            "an admission case needs `object` (the object of the request)",
        ));
    }
    let old_object = text(node, "oldObject", problems);
    let params = text(node, "params", problems);
    let namespace_object = text(node, "namespaceObject", problems);
    let message = text(node, "message", problems);
    let expected = text(node, "expected", problems);
    let expect = match text(node, "expect", problems) {
        Some(t) => match Expect::parse(&t.value) {
            Some(e) => Some(e),
            None => {
                problems.push(invalid(
                    t.span,
                    format!("`expect` must be one of {}", Expect::WORDS.join(", ")),
                ));
                None
            }
        },
        None => {
            if node.get("expect").is_none() {
                problems.push(invalid(
                    node.span(),
                    format!(
                        "an admission case needs `expect` ({})",
                        Expect::WORDS.join(", ")
                    ),
                ));
            }
            None
        }
    };
    // An empty substring is in every text: the case would pass whatever the message.
    if let Some(m) = message.as_ref().filter(|m| m.value.trim().is_empty()) {
        problems.push(invalid(
            m.key_span,
            "`message` is empty, which every message contains; give the text expected, or leave `message` out",
        ));
    }
    let audit_annotations = match node.get("auditAnnotations") {
        None => None,
        Some(m) => {
            let pairs: Option<Vec<(String, String)>> = m.as_map().and_then(|map| {
                map.entries
                    .iter()
                    .map(|e| Some((e.key.as_str().to_string(), e.value.as_str()?.to_string())))
                    .collect()
            });
            if pairs.is_none() {
                problems.push(invalid(
                    m.span(),
                    "`auditAnnotations` must be a mapping of each annotation's key (the policy's `auditAnnotations[].key`) to its string value",
                ));
            }
            pairs
        }
    };
    if let (Some(_), Some(Expect::Skip | Expect::Mutate)) = (&audit_annotations, expect) {
        problems.push(invalid(
            node.get("auditAnnotations").map_or(node.span(), Node::span),
            "`auditAnnotations` are what a ValidatingAdmissionPolicy that selects the object publishes; this case expects it not to run",
        ));
    }
    if let (Some(m), Some(Expect::Admit | Expect::Skip | Expect::Mutate)) = (&message, expect) {
        problems.push(invalid(
            m.key_span,
            "`message` is the text of a `deny`, `warn` or `audit` finding; this case expects none",
        ));
    }
    // `expected` is the mutated object; absent, the case fails and `--update` writes it.
    if let Some(e) = &expected {
        if expect.is_some_and(|x| x != Expect::Mutate) {
            problems.push(invalid(
                e.key_span,
                "`expected` is the object a MutatingAdmissionPolicy makes (`expect: mutate`); this case expects no mutation",
            ));
        }
    }
    if let Some(op) = text(node, "operation", problems) {
        let ok = match op.value.as_str() {
            "CREATE" => old_object.is_none(),
            "UPDATE" => old_object.is_some(),
            _ => {
                problems.push(invalid(op.span, "`operation` must be CREATE or UPDATE"));
                true
            }
        };
        if !ok {
            problems.push(invalid(
                op.span,
                "an UPDATE needs `oldObject`, and a CREATE has none",
            ));
        }
    }
    let user = match node.get("userInfo") {
        None => None,
        Some(u) => {
            check_keys(u, &["username", "groups"], "`userInfo`", problems);
            let username = u.get("username").and_then(Node::as_str);
            let groups: Option<Vec<String>> = match u.get("groups") {
                None => Some(Vec::new()),
                Some(g) => g
                    .as_seq()
                    .and_then(|s| s.iter().map(|x| x.as_str().map(str::to_string)).collect()),
            };
            match (username, groups) {
                (Some(n), Some(g)) => Some((n.to_string(), g)),
                _ => {
                    problems.push(invalid(
                        u.span(),
                        "`userInfo` must be a mapping with a string `username` and a list of strings `groups`",
                    ));
                    None
                }
            }
        }
    };
    let (Some(object), Some(expect), false) = (object, expect, problems.len() > before) else {
        return malformed(node, Operation::Admission, &problems[before..]);
    };
    Case {
        name: name.unwrap_or_default(),
        op: Operation::Admission,
        span: node.span(),
        name_span,
        initial: object,
        updated: None,
        expected,
        expected_error: None,
        expected_status_error: None,
        crd_patches: None,
        admission: Some(Box::new(AdmissionCase {
            old_object,
            params,
            namespace_object,
            user,
            expect,
            message,
            audit_annotations,
        })),
        invalid: None,
    }
}

/// A case that cannot run as written, kept so that it is counted (as one that could not run)
/// and listed: its name (when it has a string one), where it is, and why, from its
/// `suite/invalid` findings (`found`, at least one).
fn malformed(node: &Node, op: Operation, found: &[Diagnostic]) -> Case {
    let name = node.get("name");
    let why = match found {
        [one] => one.message.clone(),
        [first, rest @ ..] => format!("{} (and {} more)", first.message, rest.len()),
        [] => "it is malformed".to_string(),
    };
    Case {
        name: name.and_then(Node::as_str).unwrap_or_default().to_string(),
        op,
        span: node.span(),
        name_span: name.map_or(node.span(), Node::span),
        initial: Text {
            value: String::new(),
            span: node.span(),
            style: Style::Plain,
            key_span: node.span(),
        },
        updated: None,
        expected: None,
        expected_error: None,
        expected_status_error: None,
        crd_patches: None,
        admission: None,
        invalid: Some(format!("the case is malformed (suite/invalid): {why}")),
    }
}

/// `crdName`, or the older `crd` file name's stem when it names the CRD file.
fn crd_name(root: &Node, problems: &mut Vec<Diagnostic>) -> (String, Span) {
    if let Some(n) = root.get("crdName") {
        match n.as_str() {
            Some(s) if !s.trim().is_empty() => return (s.to_string(), n.span()),
            // An empty name names no CRD: said here, or the cases would show as not run with
            // no reason on the terminal.
            Some(_) => problems.push(invalid(
                n.span(),
                "`crdName` is empty: name the CRD under test (its metadata.name, `<plural>.<group>`)",
            )),
            None => problems.push(invalid(
                n.span(),
                "`crdName` must be a string (the CRD's metadata.name)",
            )),
        }
        return (String::new(), n.span());
    }
    let n = root.get("crd").expect("is_suite checked crd or crdName");
    problems.push(invalid(
        n.span(),
        "`crd` (a CRD file name) is the format's older form: name the CRD with `crdName: <plural>.<group>` and give its file with --crd or among the paths",
    ));
    (String::new(), n.span())
}

fn read_tests(tests: &Node, cases: &mut Vec<Case>, problems: &mut Vec<Diagnostic>) {
    if tests.as_map().is_none() {
        if !tests.is_null() {
            problems.push(invalid(
                tests.span(),
                "`tests` must be a mapping with `onCreate` and/or `onUpdate` lists",
            ));
        }
        return;
    }
    check_keys(tests, TESTS_KEYS, "`tests`", problems);
    for op in [Operation::Create, Operation::Update] {
        let Some(list) = tests.get(op.key()) else {
            continue;
        };
        match &list.value {
            Value::Seq(items) => {
                for item in items {
                    cases.push(read_case(item, op, problems));
                }
            }
            Value::Null => {}
            _ => problems.push(invalid(
                list.span(),
                format!("`tests.{}` must be a list of cases", op.key()),
            )),
        }
    }
}

/// One case; one that cannot be run as written (the reasons in `problems`) is
/// [`Case::invalid`].
fn read_case(node: &Node, op: Operation, problems: &mut Vec<Diagnostic>) -> Case {
    if node.as_map().is_none() {
        problems.push(invalid(node.span(), "a test case must be a mapping"));
        return malformed(node, op, &problems[problems.len() - 1..]);
    }
    let before = problems.len();
    let keys = match op {
        Operation::Create => CREATE_KEYS,
        Operation::Update | Operation::Admission => UPDATE_KEYS,
    };
    check_keys(node, keys, "a test case", problems);
    let name = string_field(node, "name", problems);
    let name_span = node.get("name").map_or(node.span(), |n| n.span());
    let initial = text(node, "initial", problems);
    if initial.is_none() && node.get("initial").is_none() {
        problems.push(invalid(
            node.span(),
            "a test case needs `initial` (the object to create)",
        ));
    }
    let updated = text(node, "updated", problems);
    if op == Operation::Update && updated.is_none() && node.get("updated").is_none() {
        problems.push(invalid(
            node.span(),
            "an `onUpdate` case needs `updated` (the object to apply as an update)",
        ));
    }
    let expected = text(node, "expected", problems).filter(|t| !t.value.trim().is_empty());
    let expected_error = text(node, "expectedError", problems).filter(|t| !t.value.is_empty());
    let expected_status_error =
        text(node, "expectedStatusError", problems).filter(|t| !t.value.is_empty());
    if let (Some(_), Some(e)) = (&expected, &expected_error) {
        problems.push(invalid(
            e.key_span,
            "a case expects either an object (`expected`) or an error (`expectedError`), not both",
        ));
    }
    let crd_patches = node
        .get("initialCRDPatches")
        .map(|p| (p.to_json(), p.span()))
        .filter(|(v, _)| !v.is_null());
    if let Some((v, span)) = &crd_patches {
        if !v.is_array() {
            problems.push(invalid(
                *span,
                "`initialCRDPatches` must be a list of JSON patch operations",
            ));
        }
    }
    let (Some(initial), false) = (initial, problems.len() > before) else {
        return malformed(node, op, &problems[before..]);
    };
    Case {
        name: name.unwrap_or_default(),
        op,
        span: node.span(),
        name_span,
        initial,
        updated,
        expected,
        expected_error,
        expected_status_error,
        crd_patches,
        admission: None,
        invalid: None,
    }
}

/// A string field as [`Text`]; a non-string value is a problem.
fn text(node: &Node, key: &str, problems: &mut Vec<Diagnostic>) -> Option<Text> {
    let entry = node.as_map()?.entry(key)?;
    let v = &entry.value;
    match &v.value {
        Value::String(s) => Some(Text {
            value: s.to_string(),
            span: v.span(),
            style: v.style(),
            key_span: entry.key_span,
        }),
        Value::Null => Some(Text {
            value: String::new(),
            span: v.span(),
            style: Style::Plain,
            key_span: entry.key_span,
        }),
        _ => {
            problems.push(invalid(
                v.span(),
                format!("`{key}` must be a string (write YAML objects as a `|` block)"),
            ));
            None
        }
    }
}

fn string_field(node: &Node, key: &str, problems: &mut Vec<Diagnostic>) -> Option<String> {
    text(node, key, problems).map(|t| t.value)
}

/// Reports every key of `node` not in `allowed`, with the closest allowed key as help.
fn check_keys(node: &Node, allowed: &[&str], what: &str, problems: &mut Vec<Diagnostic>) {
    let Some(m) = node.as_map() else { return };
    for e in &m.entries {
        if allowed.contains(&e.key.as_str()) {
            continue;
        }
        let mut d = invalid(e.key_span, format!("unknown key `{}` in {what}", e.key));
        if let Some(s) = closest(&e.key, allowed) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        problems.push(d);
    }
}

/// The allowed key nearest to `key` (case-insensitive edit distance at most 2).
fn closest<'a>(key: &str, allowed: &[&'a str]) -> Option<&'a str> {
    let key = key.to_ascii_lowercase();
    allowed
        .iter()
        .map(|a| (edit_distance(&key, &a.to_ascii_lowercase()), *a))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a)
}

fn invalid(span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(&SUITE_INVALID, span, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(src: &str) -> Option<Suite> {
        let docs = crate::yaml::load(src);
        suites_in(docs[0].root.as_ref().unwrap())
    }

    /// An empty `crdName` names no CRD: a located `suite/invalid`, not a silent "could not run".
    #[test]
    fn an_empty_crd_name_is_malformed() {
        let s = suite(
            "name: E\ncrdName: \"\"\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n",
        )
        .expect("a suite");
        assert_eq!(s.cases.len(), 1);
        let said: Vec<&str> = s.problems.iter().map(|d| d.message.as_str()).collect();
        assert!(
            said.iter().any(|m| m.starts_with("`crdName` is empty")),
            "{said:?}"
        );
    }

    #[test]
    fn objects_are_not_suites() {
        assert!(suite("apiVersion: v1\nkind: ConfigMap\ntests: {}\ncrdName: x\n").is_none());
        assert!(suite("a: 1\n").is_none());
    }

    #[test]
    fn reads_cases_of_both_kinds() {
        let s = suite(
            "name: W\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      kind: Widget\n    expectedError: boom\n  onUpdate:\n  - name: b\n    initial: 'kind: Widget'\n    updated: 'kind: Widget'\n",
        )
        .unwrap();
        assert!(s.problems.is_empty(), "{:?}", s.problems);
        assert_eq!(s.crd_name, "widgets.example.com");
        assert_eq!(s.cases.len(), 2);
        assert_eq!(s.cases[0].op, Operation::Create);
        assert_eq!(s.cases[0].expected_error.as_ref().unwrap().value, "boom");
        assert_eq!(s.cases[1].op, Operation::Update);
        assert!(s.cases[1].updated.is_some());
    }

    #[test]
    fn misspelt_key_is_located_and_the_case_is_kept_as_invalid() {
        let src = "name: W\ncrdName: w.e.com\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n    expectedErorr: x\n";
        let s = suite(src).unwrap();
        assert_eq!(s.cases.len(), 1);
        assert_eq!(s.cases[0].name, "a");
        assert_eq!(&src[s.cases[0].name_span.range()], "a");
        assert_eq!(
            s.cases[0].invalid.as_deref(),
            Some(
                "the case is malformed (suite/invalid): unknown key `expectedErorr` in a test case"
            )
        );
        assert_eq!(s.problems.len(), 1);
        let p = &s.problems[0];
        assert_eq!(&src[p.span.range()], "expectedErorr");
        assert_eq!(p.help.as_deref(), Some("did you mean `expectedError`?"));
    }

    #[test]
    fn update_case_without_updated_is_a_problem() {
        let s =
            suite("crdName: w.e.com\ntests:\n  onUpdate:\n  - name: a\n    initial: 'kind: W'\n")
                .unwrap();
        assert!(s.cases[0].invalid.is_some());
        assert!(s.problems[0].message.contains("`updated`"));
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(
            closest("oncreate", &["onCreate", "onUpdate"]),
            Some("onCreate")
        );
        assert_eq!(closest("zzzzzz", &["onCreate"]), None);
    }
}
