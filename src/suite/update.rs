//! `crdlint test --update`: the expectations of failing cases rewritten from what happened.
//!
//! Only the failing case's own expectation changes, as a text edit of its entry: an
//! `expectedError` / `expectedStatusError` becomes the first field error of the actual error (a
//! substring of the server's text that does not contain the generated name), and `expected`
//! becomes a `|` block holding the stored object (added after the case's last entry when the
//! case relied on the default). Comments, other cases and layout stay as they were. A case whose
//! outcome changed kind (an error was expected and the call succeeded, or the reverse) is not
//! rewritten: which of the two is right is the author's call.

use super::run::{CaseReport, Verdict};
use super::{Case, Text};
use crate::yaml::{Node, Span};

/// Replace `span` of the file with `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub text: String,
}

/// The edit that makes `case` pass, if the report allows one.
pub fn edit_for(src: &str, case: &Case, report: &CaseReport) -> Option<Edit> {
    if !matches!(report.verdict, Verdict::Fail(_)) {
        return None;
    }
    let error_expectation = case
        .expected_status_error
        .as_ref()
        .or(case.expected_error.as_ref());
    match (error_expectation, &report.error, &report.stored) {
        (Some(want), Some(got), _) => {
            let first = got.errors.first()?;
            Some(replace_entry(src, want, "", &quote(first)))
        }
        (None, None, Some(stored)) => {
            let block = literal_block(src, case, stored);
            Some(match &case.expected {
                Some(want) => replace_entry(src, want, "|", &block.body),
                None => Edit {
                    span: Span::new(case.span.end(), case.span.end()),
                    text: format!("\n{}expected: |{}", block.key_indent, block.body),
                },
            })
        }
        _ => None,
    }
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

/// Rewrites `key: value` from the key to the value's end as `key: <header><body>`.
fn replace_entry(src: &str, field: &Text, header: &str, body: &str) -> Edit {
    let key = &src[field.key_span.range()];
    let end = field.span.end().max(field.key_span.end());
    Edit {
        span: Span::new(field.key_span.start(), end),
        text: format!("{key}: {header}{body}"),
    }
}

struct Block {
    /// The indentation of the case's keys.
    key_indent: String,
    /// Newline-led content lines, indented two more than the keys, without a final newline.
    body: String,
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
    Block { key_indent, body }
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
        }
    }

    #[test]
    fn error_expectation_is_replaced_by_the_first_error() {
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a # keep\n    initial: 'kind: W'\n    expectedError: TODO   # fill me\n";
        let c = case(src);
        let e = edit_for(src, &c, &error_report("spec.a: Invalid value: \"x\"")).unwrap();
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
        };
        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      kind: W\n    expected: |\n      kind: W\n      spec: {}\n  # after\n";
        let out = apply(src, vec![edit_for(src, &case(src), &report).unwrap()]);
        assert_eq!(
            out,
            "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: |\n      kind: W\n    expected: |\n      apiVersion: e/v1\n      kind: W\n      spec:\n        size: 1\n  # after\n"
        );

        let src = "crdName: w.e\ntests:\n  onCreate:\n  - name: a\n    initial: 'kind: W'\n";
        let out = apply(src, vec![edit_for(src, &case(src), &report).unwrap()]);
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
        assert_eq!(edit_for(src, &c, &r), None);
        let succeeded = CaseReport {
            verdict: Verdict::Fail("x".into()),
            error: None,
            stored: Some(Node::synthetic(crate::yaml::Value::Null)),
        };
        assert_eq!(edit_for(src, &c, &succeeded), None);
    }
}
