//! `crdlint test --update`: the expectations of failing cases rewritten from what happened.
//!
//! Only the failing case's own expectation changes, as a text edit of its entry: an
//! `expectedError` / `expectedStatusError` becomes the first field error of the actual error (a
//! substring of the server's text that does not contain the generated name), and `expected`
//! becomes a `|` block holding the stored object (added after the case's last entry when the
//! case relied on the default). Comments, other cases and layout stay as they were. A case whose
//! outcome changed kind (an error was expected and the call succeeded, or the reverse) is not
//! rewritten: which of the two is right is the author's call.
//!
//! A policy case (`tests.admission`) has one expectation text: its `message`, which becomes
//! the message of the first finding of the expected kind (the validation's message or
//! `messageExpression` value, without the server's `... denied request: ` frame, and the
//! audit annotation's `message` decoded), as a double-quoted string. Its `expect` word is
//! never rewritten: a case expecting `deny` that was admitted changed kind, as above. A
//! MutatingAdmissionPolicy's case expecting `mutate` has its `expected` rewritten (or added)
//! as a CRD case's is, from the mutated object, when the policy mutated it and denied nothing.
//!
//! YAML sharing is handled, not written over: an expectation reached through an alias
//! (`expected: *e`) has its alias replaced by the new block (the anchor stays where it is, for
//! the other cases); and every rewritten file is read back ([`check`]) before it is written:
//! every case must read as before except the rewritten expectations, which must read as
//! intended. So an anchored expectation that other cases use through aliases, which a rewrite
//! would leave dangling, makes the file be refused with a located reason instead of written
//! broken (issue #26: `expected: *e` became a block followed by a stray `: *e`).

use super::admission::{AdmissionCase, Expect};
use super::run::{CaseReport, Verdict};
use super::{Case, Text};
use crate::yaml::{Node, Span, Style};

/// Replace `span` of the file with `text`, so that the case's expectation reads `want`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub text: String,
    pub want: Want,
}

/// What a rewritten expectation must read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// `expectedError` / `expectedStatusError` (whichever the case has).
    Error(String),
    /// `expected`.
    Stored(String),
    /// A policy case's `message`.
    Message(String),
}

/// Why a case's expectation cannot be rewritten, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub span: Span,
    pub reason: String,
}

/// The edit that makes `case` pass, if the report allows one; a refusal when the expectation
/// is written in a way this cannot rewrite.
pub fn edit_for(src: &str, case: &Case, report: &CaseReport) -> Result<Option<Edit>, Refusal> {
    if !matches!(report.verdict, Verdict::Fail(_)) {
        return Ok(None);
    }
    if let Some(a) = case
        .admission
        .as_ref()
        .filter(|a| a.expect != Expect::Mutate)
    {
        return policy_edit(src, a, report);
    }
    // A mutating policy's case is rewritten only when the policy mutated the object (its
    // stored form is then the report's) and denied nothing: `expected` as for a CRD case.
    if case
        .admission
        .as_ref()
        .is_some_and(|_| report.stored.is_none() || !report.reported.is_empty())
    {
        return Ok(None);
    }
    let error_expectation = case
        .expected_status_error
        .as_ref()
        .or(case.expected_error.as_ref());
    match (error_expectation, &report.error, &report.stored) {
        (Some(want), Some(got), _) => {
            let Some(first) = got.errors.first() else {
                return Ok(None);
            };
            let mut e = replace_entry(src, want, "", &quote(first))?;
            e.want = Want::Error(first.clone());
            Ok(Some(e))
        }
        (None, None, Some(stored)) => {
            let block = literal_block(src, case, stored);
            let mut e = match &case.expected {
                Some(want) => replace_entry(src, want, "|", &block.body)?,
                None => Edit {
                    span: Span::new(case.span.end(), case.span.end()),
                    text: format!("\n{}expected: |{}", block.key_indent, block.body),
                    want: Want::Stored(String::new()),
                },
            };
            e.want = Want::Stored(block.value);
            Ok(Some(e))
        }
        _ => Ok(None),
    }
}

/// A policy case's edit: its `message` becomes the message of the first finding of the
/// expected kind. Only a case that got a finding of that kind (and, expecting `warn` or
/// `audit`, no denial) is rewritten: one that expected a denial and was admitted (or the
/// reverse) changed kind, and which side is right is the author's call, as for CRD cases.
fn policy_edit(src: &str, a: &AdmissionCase, report: &CaseReport) -> Result<Option<Edit>, Refusal> {
    let Some(want) = &a.message else {
        return Ok(None);
    };
    let denied = report.reported.iter().any(|(k, _)| *k == Expect::Deny);
    if a.expect != Expect::Deny && denied {
        return Ok(None);
    }
    let Some((_, got)) = report.reported.iter().find(|(k, _)| *k == a.expect) else {
        return Ok(None);
    };
    let mut e = replace_entry(src, want, "", &quote(got))?;
    e.want = Want::Message(got.clone());
    Ok(Some(e))
}

/// Applies edits that do not overlap.
pub fn apply(src: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| std::cmp::Reverse(e.span.start()));
    let mut out = src.to_string();
    for e in edits {
        out.replace_range(e.span.range(), &e.text);
    }
    out
}

/// Checks the rewritten text `after` of a suite file against `before`: the same suites and
/// cases, each reading as before, except the expectations of the cases `edited` (their
/// position among the file's cases, in document and case order, with the edit), which must
/// read as the edit intends. The reason when not.
pub fn check(before: &str, after: &str, edited: &[(usize, &Edit)]) -> Result<(), String> {
    let old = cases_of(before).ok_or("the file did not read as suites before")?;
    let new = cases_of(after)
        .ok_or("the rewritten file would not be valid YAML (an alias left without its anchor?)")?;
    if old.len() != new.len() {
        return Err("the rewritten file would hold other cases".into());
    }
    let value = |t: &Option<Text>| t.as_ref().map(|t| t.value.clone());
    for (i, (o, n)) in old.iter().zip(&new).enumerate() {
        let same = o.name == n.name
            && o.op == n.op
            && o.invalid == n.invalid
            && o.initial.value == n.initial.value
            && value(&o.updated) == value(&n.updated)
            && o.crd_patches.as_ref().map(|p| &p.0) == n.crd_patches.as_ref().map(|p| &p.0)
            && request(&o.admission) == request(&n.admission);
        let message = |c: &Case| c.admission.as_ref().and_then(|a| value(&a.message));
        let expectations = |c: &Case| {
            (
                value(&c.expected),
                value(&c.expected_error),
                value(&c.expected_status_error),
                message(c),
            )
        };
        let as_intended = match edited.iter().find(|(at, _)| *at == i) {
            None => expectations(o) == expectations(n),
            Some((_, e)) => match &e.want {
                Want::Error(w) => {
                    let got = n
                        .expected_status_error
                        .as_ref()
                        .or(n.expected_error.as_ref());
                    got.map(|t| &t.value) == Some(w)
                }
                Want::Stored(w) => value(&n.expected).as_ref() == Some(w),
                Want::Message(w) => message(n).as_ref() == Some(w),
            },
        };
        if !same || !as_intended {
            return Err(format!(
                "the rewrite would change what case {:?} reads as (its expectation is shared with \
                 another case through an anchor and alias?)",
                o.name
            ));
        }
    }
    Ok(())
}

/// What a policy case sends and expects, but for its `message`: all of it must read the same
/// after a rewrite.
type PolicyRequest = (
    [Option<String>; 3],
    Option<(String, Vec<String>)>,
    Option<Expect>,
    Option<Vec<(String, String)>>,
);

fn request(a: &Option<Box<AdmissionCase>>) -> Option<PolicyRequest> {
    let a = a.as_ref()?;
    let value = |t: &Option<Text>| t.as_ref().map(|t| t.value.clone());
    Some((
        [
            value(&a.old_object),
            value(&a.params),
            value(&a.namespace_object),
        ],
        a.user.clone(),
        Some(a.expect),
        a.audit_annotations.clone(),
    ))
}

/// Every case of every suite in `text`, in order; `None` when a document has a YAML error.
fn cases_of(text: &str) -> Option<Vec<Case>> {
    let mut cases = Vec::new();
    for doc in crate::yaml::load(text) {
        if !doc.errors.is_empty() {
            return None;
        }
        if let Some(suite) = doc.root.as_ref().and_then(super::suites_in) {
            cases.extend(suite.cases);
        }
    }
    Some(cases)
}

/// Rewrites `key: value` from the key to the value's end as `key: <header><body>`. A value
/// reached through an alias (`key: *a`: the node copied from the anchor keeps the anchor's
/// span, before the key) is rewritten from the key to the alias's end. A comment after the
/// value on its line moves into a block header (`key: | # comment`), where it stays a comment.
fn replace_entry(src: &str, field: &Text, header: &str, body: &str) -> Result<Edit, Refusal> {
    let key = &src[field.key_span.range()];
    let aliased = field.span.end() <= field.key_span.start();
    let end = if aliased {
        alias_end(src, field.key_span.end()).ok_or_else(|| Refusal {
            span: field.key_span,
            reason: format!("`{key}` is not written as a value or an alias after its key"),
        })?
    } else {
        field.span.end().max(field.key_span.end())
    };
    let line_end = src[end..].find('\n').map_or(src.len(), |i| end + i);
    let rest = src[end..line_end].trim();
    let block_scalar = !aliased && matches!(field.style, Style::Literal | Style::Folded);
    let (end, comment) = if header.is_empty() || rest.is_empty() || block_scalar {
        (end, String::new())
    } else if rest.starts_with('#') {
        (line_end, format!(" {rest}"))
    } else {
        return Err(Refusal {
            span: field.key_span,
            reason: format!("`{key}` is followed by `{rest}` on its line"),
        });
    };
    Ok(Edit {
        span: Span::new(field.key_span.start(), end),
        text: format!("{key}: {header}{comment}{body}"),
        want: Want::Stored(String::new()),
    })
}

/// The end of the alias `: *name` right after a key ending at `from`, if that is what follows.
fn alias_end(src: &str, from: usize) -> Option<usize> {
    let rest = &src[from..];
    let after_colon = rest.trim_start_matches([' ', '\t']).strip_prefix(':')?;
    let alias = after_colon
        .trim_start_matches([' ', '\t'])
        .strip_prefix('*')?;
    // go-yaml's anchor names: anything up to a blank or a flow indicator.
    let len = alias
        .find(|c: char| c.is_whitespace() || ",[]{}".contains(c))
        .unwrap_or(alias.len());
    if len == 0 {
        return None;
    }
    Some(src.len() - alias.len() + len)
}

struct Block {
    /// The indentation of the case's keys.
    key_indent: String,
    /// Newline-led content lines, indented two more than the keys, without a final newline.
    body: String,
    /// What the block reads as (a `|` block keeps one final line break).
    value: String,
}

/// The stored object as a literal block under the case's keys. The generated name and the
/// `default` namespace are left out: the comparison takes them from the stored object.
fn literal_block(src: &str, case: &Case, stored: &Node) -> Block {
    let mut obj = stored.clone();
    if let Some(m) = obj.as_map_mut() {
        if let Some(meta) = m.get_mut("metadata").and_then(Node::as_map_mut) {
            meta.remove("name");
            meta.remove("namespace");
        }
        if m.get("metadata")
            .and_then(Node::as_map)
            .is_some_and(|meta| meta.is_empty())
        {
            m.remove("metadata");
        }
    }
    let key_indent = " ".repeat(column(src, case.name_span.start().min(case.span.start())));
    let inner = format!("{key_indent}  ");
    let yaml = crate::yaml::emit_document(&obj);
    let body = yaml
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("\n{inner}{l}")
            }
        })
        .collect();
    let value = format!("{}\n", yaml.trim_end_matches('\n'));
    Block {
        key_indent,
        body,
        value,
    }
}

/// The column (0-based, in bytes) of `offset` on its line.
fn column(src: &str, offset: usize) -> usize {
    offset - src[..offset].rfind('\n').map_or(0, |i| i + 1)
}

/// A YAML double-quoted scalar for `s` (JSON's escapes are a subset of YAML's).
fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::run::ServerError;
    use crate::suite::suites_in;

    fn case(src: &str) -> Case {
        let docs = crate::yaml::load(src);
        suites_in(docs[0].root.as_ref().unwrap()).unwrap().cases[0].clone()
    }

    fn error_report(msg: &str) -> CaseReport {
        CaseReport {
            verdict: Verdict::Fail("x".into()),
            error: Some(ServerError {
                resource: "W.e \"test-x\"".into(),
                errors: vec![msg.into(), "other".into()],
                call: "create",
            }),
            stored: None,
            reported: Vec::new(),
        }
    }

    #[test]
    fn error_expectation_is_replaced_by_the_first_error() {
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a # keep\n    initial: 'kind: W'\n    expectedError: TODO   # fill me\n";
        let c = case(src);
        let e = edit_for(src, &c, &error_report("spec.a: Invalid value: \"x\""))
            .unwrap()
            .unwrap();
        let out = apply(src, vec![e]);
        assert_eq!(
            out,
            "crdName: w.e\ntests:\n  onCreate:\n  - name: a # keep\n    initial: 'kind: W'\n    expectedError: \"spec.a: Invalid value: \\\"x\\\"\"   # fill me\n"
        );
        let again = case(&out);
        assert_eq!(
            again.expected_error.unwrap().value,
            "spec.a: Invalid value: \"x\""
        );
    }

    #[test]
    fn expected_block_is_replaced_or_added() {
        let stored = crate::yaml::load(
            "apiVersion: e/v1\nkind: W\nmetadata:\n  name: test-abcde\nspec:\n  size: 1\n",
        )
        .remove(0)
        .root
        .unwrap();
        let report = CaseReport {
            verdict: Verdict::Fail("x".into()),
            error: None,
            stored: Some(stored),
            reported: Vec::new(),
        };
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      kind: W\n    expected: |\n      kind: W\n      spec: {}\n  # after\n";
        let out = apply(
            src,
            vec![edit_for(src, &case(src), &report).unwrap().unwrap()],
        );
        assert_eq!(
            out,
            "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      kind: W\n    expected: |\n      apiVersion: e/v1\n      kind: W\n      spec:\n        size: 1\n  # after\n"
        );

        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n";
        let out = apply(
            src,
            vec![edit_for(src, &case(src), &report).unwrap().unwrap()],
        );
        assert_eq!(
            out,
            "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n    expected: |\n      apiVersion: e/v1\n      kind: W\n      spec:\n        size: 1\n"
        );
        assert!(case(&out).expected.is_some());
    }

    #[test]
    fn passing_cases_and_changed_kinds_are_left_alone() {
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n    expectedError: boom\n";
        let c = case(src);
        let mut r = error_report("boom");
        r.verdict = Verdict::Pass;
        assert_eq!(edit_for(src, &c, &r), Ok(None));
        let succeeded = CaseReport {
            verdict: Verdict::Fail("x".into()),
            error: None,
            stored: Some(Node::synthetic(crate::yaml::Value::Null)),
            reported: Vec::new(),
        };
        assert_eq!(edit_for(src, &c, &succeeded), Ok(None));
    }

    fn stored_report(yaml: &str) -> CaseReport {
        CaseReport {
            verdict: Verdict::Fail("x".into()),
            error: None,
            stored: crate::yaml::load(yaml).remove(0).root,
            reported: Vec::new(),
        }
    }

    /// Each case's edit, with its position, applied and checked as `test --update` does.
    fn update(src: &str, reports: &[Option<CaseReport>]) -> Result<String, String> {
        let cases = cases_of(src).unwrap();
        let edits: Vec<(usize, Edit)> = cases
            .iter()
            .zip(reports)
            .enumerate()
            .filter_map(|(i, (c, r))| Some((i, edit_for(src, c, r.as_ref()?).unwrap()?)))
            .collect();
        let out = apply(src, edits.iter().map(|(_, e)| e.clone()).collect());
        let refs: Vec<(usize, &Edit)> = edits.iter().map(|(i, e)| (*i, e)).collect();
        check(src, &out, &refs).map(|()| out)
    }

    #[test]
    fn an_expectation_through_an_alias_gets_its_own_block() {
        // Issue #26 (reliability-cases/suite-update-alias.testsuite.yaml): the block was
        // written after the key and `: *e` left behind it.
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: A\n    initial: 'kind: W'\n    expected: &e |\n      kind: W\n  - name: B\n    initial: 'kind: W'\n    expected: *e   # shared\n  - name: C\n    initial: 'kind: W'\n";
        let b = stored_report("kind: W\nspec: {size: 2}\n");
        let out = update(src, &[None, Some(b), None]).expect("rewritten");
        assert_eq!(
            out,
            "crdName: w.e\ntests:\n  onCreate:\n  - name: A\n    initial: 'kind: W'\n    expected: &e |\n      kind: W\n  - name: B\n    initial: 'kind: W'\n    expected: | # shared\n      kind: W\n      spec:\n        size: 2\n  - name: C\n    initial: 'kind: W'\n"
        );
        let cases = cases_of(&out).unwrap();
        assert_eq!(cases[0].expected.as_ref().unwrap().value, "kind: W\n");
    }

    #[test]
    fn an_anchored_expectation_other_cases_use_is_refused() {
        // Rewriting A's block drops `&e`, which B names: the read-back check refuses the file.
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: A\n    initial: 'kind: W'\n    expected: &e |\n      kind: W\n  - name: B\n    initial: 'kind: W'\n    expected: *e\n";
        let a = stored_report("kind: W\nspec: {size: 1}\n");
        let e = update(src, &[Some(a), None]).expect_err("refused");
        assert!(e.contains("alias"), "{e}");
        // Both rewritten: nothing dangles, both read as intended.
        let (a, b) = (stored_report("kind: A\n"), stored_report("kind: B\n"));
        let out = update(src, &[Some(a), Some(b)]).expect("rewritten");
        let cases = cases_of(&out).unwrap();
        assert_eq!(cases[0].expected.as_ref().unwrap().value, "kind: A\n");
        assert_eq!(cases[1].expected.as_ref().unwrap().value, "kind: B\n");
    }

    #[test]
    fn a_value_followed_by_more_than_a_comment_is_refused_at_its_key() {
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - {name: A, initial: 'kind: W', expected: 'kind: V'}\n";
        let c = cases_of(src).unwrap().remove(0);
        let r = edit_for(src, &c, &stored_report("kind: W\n")).expect_err("refused");
        assert_eq!(&src[r.span.range()], "expected");
    }
}
