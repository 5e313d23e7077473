//! The self-check of [`super::rewrite_file`]: the edited text is read again and must give,
//! document by document, the stored objects in place of the changed ones and everything else as
//! it was. Whatever went wrong in an edit (shared anchor text, a layout the edits got wrong), the
//! file is then refused instead of written.

use super::{index, Change, Refusal, Result, MAX_DEPTH};
use crate::yaml::{load, Document, Node, Span, Value, YamlErrorKind};

/// Reads the edited text back: every document must be what it was, with each changed object
/// now its stored form.
pub(super) fn verify(src: &str, text: &str, changes: &[Change<'_>]) -> Result<()> {
    let before = load(src);
    let after = load(text);
    let first = changes
        .first()
        .map_or(Span::default(), |c| c.original.span());
    if before.len() != after.len() {
        return Err(Refusal::new(
            first,
            "the edit would change the number of documents",
        ));
    }
    // The changes by where their object starts and ends: a scan of every change per document
    // was quadratic (100,000 changed documents in one file: 16 s; issue #26).
    let mut by_span: std::collections::HashMap<(usize, usize), Vec<&Change<'_>>> =
        std::collections::HashMap::with_capacity(changes.len());
    for c in changes {
        let span = c.original.span();
        by_span
            .entry((span.start(), span.end()))
            .or_default()
            .push(c);
    }
    for (b, a) in before.iter().zip(&after) {
        if fatal_errors(a) > fatal_errors(b) {
            let at = a.errors.first().map_or(first, |e| clamp(e.span, src.len()));
            return Err(Refusal::new(
                at,
                "the edited text would not be valid YAML (an alias left without its anchor?)",
            ));
        }
        let (Some(expected), Some(actual)) = (&b.root, &a.root) else {
            if b.root.is_some() != a.root.is_some() {
                return Err(Refusal::new(b.span, "the edit would empty a document"));
            }
            continue;
        };
        let expected = substitute(expected, &by_span);
        if !expected.value_eq(actual) {
            let at = first_difference(&expected, actual, 0).unwrap_or(b.span);
            return Err(Refusal::new(
                at,
                "this change cannot be written without also changing another place that shares \
                 its text (an anchor used through an alias or a `<<` merge elsewhere)",
            ));
        }
    }
    Ok(())
}

fn clamp(s: Span, len: usize) -> Span {
    Span::new(s.start().min(len), s.end().min(len))
}

fn fatal_errors(d: &Document) -> usize {
    d.errors
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                YamlErrorKind::Syntax
                    | YamlErrorKind::DuplicateKey
                    | YamlErrorKind::AliasBudget
                    | YamlErrorKind::TooDeep
            )
        })
        .count()
}

/// The document root with each changed object (the root itself, or an item of a `List`)
/// replaced by its stored form.
fn substitute(
    root: &Node,
    by_span: &std::collections::HashMap<(usize, usize), Vec<&Change<'_>>>,
) -> Node {
    let find = |n: &Node| {
        let span = n.span();
        by_span
            .get(&(span.start(), span.end()))?
            .iter()
            .find(|c| c.original.value_eq(n))
            .map(|c| c.updated.clone())
    };
    if let Some(u) = find(root) {
        return u;
    }
    let mut root = root.clone();
    if let Some(items) = root
        .as_map_mut()
        .and_then(|m| m.get_mut("items"))
        .and_then(Node::as_seq_mut)
    {
        for it in items.iter_mut() {
            if let Some(u) = find(it) {
                *it = u;
            }
        }
    }
    root
}

/// Where two values first differ, as a span of `expected` (the deepest one with text).
fn first_difference(expected: &Node, actual: &Node, depth: usize) -> Option<Span> {
    let here = (!expected.span().is_empty()).then_some(expected.span());
    if depth > MAX_DEPTH {
        return here;
    }
    match (&expected.value, &actual.value) {
        (Value::Map(x), Value::Map(y)) => {
            let iy = index(y);
            for e in &x.entries {
                match iy.get(e.key.as_str()) {
                    Some(&j) if e.value.value_eq(&y.entries[j].value) => {}
                    Some(&j) => {
                        return first_difference(&e.value, &y.entries[j].value, depth + 1).or(here)
                    }
                    None => return Some(e.key_span).filter(|s| !s.is_empty()).or(here),
                }
            }
            here
        }
        (Value::Seq(x), Value::Seq(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .find(|(p, q)| !p.value_eq(q))
            .and_then(|(p, q)| first_difference(p, q, depth + 1))
            .or(here),
        _ => here,
    }
}
