//! Minimal in-place edits for `crdlint prune --write` / `default --write`: turns the difference
//! between the object as read and the object as stored into byte edits of the original text, so
//! comments, quoting and layout of everything that did not change survive.
//!
//! Only edits that are safe to make textually are attempted: removing whole lines of block-style
//! mapping entries, appending entries to a block mapping, and replacing one scalar by another on
//! its own span. Anything else (flow collections, a mapping that becomes empty, a null replaced
//! by a collection, an entry sharing its line with a `-`) makes [`rewrite`] return `None`, and the
//! caller should re-emit the whole document instead.

use crate::yaml::emit::emit_document;
use crate::yaml::{Map, Node, Style, Value};

/// One replacement of `start..end` by `text`.
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// The text of one document after turning `original` (as read from `src`) into `updated`;
/// `None` when a change cannot be expressed as a minimal edit.
pub fn rewrite(src: &str, original: &Node, updated: &Node) -> Option<String> {
    let mut edits = Vec::new();
    diff(src, original, updated, &mut edits, 0)?;
    if edits.is_empty() {
        return Some(src.to_string());
    }
    edits.sort_by_key(|e| (e.start, e.end));
    // Overlapping edits mean the diff is not line-separable.
    if edits.windows(2).any(|w| w[0].end > w[1].start) {
        return None;
    }
    let mut out = String::with_capacity(src.len());
    let mut pos = 0;
    for e in &edits {
        out.push_str(src.get(pos..e.start)?);
        out.push_str(&e.text);
        pos = e.end;
    }
    out.push_str(src.get(pos..)?);
    Some(out)
}

// Spans come from the loader and sit on character boundaries of `src`; a node from another
// text would not, so every slice is checked and a mismatch gives up (`None`).

fn line_start(src: &str, pos: usize) -> Option<usize> {
    Some(src.get(..pos)?.rfind('\n').map_or(0, |i| i + 1))
}

fn line_end(src: &str, pos: usize) -> Option<usize> {
    Some(
        src.get(pos..)?
            .find('\n')
            .map_or(src.len(), |i| pos + i + 1),
    )
}

/// True when only spaces (and, after, a comment) surround `start..end` on its lines.
fn owns_lines(src: &str, start: usize, end: usize) -> Option<bool> {
    let before = src.get(line_start(src, start)?..start)?;
    let after = src.get(end..line_end(src, end)?)?.trim();
    Some(before.chars().all(|c| c == ' ') && (after.is_empty() || after.starts_with('#')))
}

fn diff(src: &str, a: &Node, b: &Node, edits: &mut Vec<Edit>, depth: usize) -> Option<()> {
    if depth > 2000 {
        return None;
    }
    match (&a.value, &b.value) {
        (Value::Map(ma), Value::Map(mb)) => diff_map(src, a, ma, mb, edits, depth),
        (Value::Seq(sa), Value::Seq(sb)) => {
            if sa.len() != sb.len() {
                return None;
            }
            for (x, y) in sa.iter().zip(sb) {
                diff(src, x, y, edits, depth + 1)?;
            }
            Some(())
        }
        (Value::Map(_) | Value::Seq(_), _) | (_, Value::Map(_) | Value::Seq(_)) => None,
        _ => {
            if same_scalar(a, b) {
                return Some(());
            }
            if a.span.is_empty()
                || a.style == Style::Synthetic
                || src.get(a.span.start..a.span.end).is_none()
            {
                return None;
            }
            let text = emit_document(b);
            let text = text.strip_suffix('\n').unwrap_or(&text);
            if text.contains('\n') {
                return None;
            }
            edits.push(Edit {
                start: a.span.start,
                end: a.span.end,
                text: text.to_string(),
            });
            Some(())
        }
    }
}

fn same_scalar(a: &Node, b: &Node) -> bool {
    match (&a.value, &b.value) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

fn diff_map(
    src: &str,
    a: &Node,
    ma: &Map,
    mb: &Map,
    edits: &mut Vec<Edit>,
    depth: usize,
) -> Option<()> {
    let changed_keys = ma.entries.iter().any(|e| !mb.contains_key(&e.key))
        || mb.entries.iter().any(|e| !ma.contains_key(&e.key));
    if changed_keys && (a.style != Style::Block || mb.is_empty() || ma.is_empty()) {
        return None;
    }
    for e in &ma.entries {
        match mb.get(&e.key) {
            Some(v) => diff(src, &e.value, v, edits, depth + 1)?,
            None => {
                let start = e.key_span.start;
                let end = e.value.span.end.max(e.key_span.end);
                if e.key_span.is_empty() || !owns_lines(src, start, end)? {
                    return None;
                }
                edits.push(Edit {
                    start: line_start(src, start)?,
                    end: line_end(src, end)?,
                    text: String::new(),
                });
            }
        }
    }
    let added: Vec<_> = mb
        .entries
        .iter()
        .filter(|e| !ma.contains_key(&e.key))
        .collect();
    if !added.is_empty() {
        let first = ma.entries.first()?;
        let indent = first
            .key_span
            .start
            .checked_sub(line_start(src, first.key_span.start)?)?;
        let last = ma.entries.last()?;
        let at = line_end(src, last.value.span.end.max(last.key_span.end))?;
        let mut piece = Map::new();
        for e in added {
            piece.insert(e.key.clone(), e.value.clone());
        }
        let body = emit_document(&Node::synthetic(Value::Map(piece)));
        if first.key_span.is_empty() {
            return None;
        }
        let pad = " ".repeat(indent);
        let mut text = String::new();
        if at == src.len() && !src.ends_with('\n') {
            text.push('\n');
        }
        for line in body.lines() {
            text.push_str(&pad);
            text.push_str(line);
            text.push('\n');
        }
        edits.push(Edit {
            start: at,
            end: at,
            text,
        });
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{validate_resource, CompiledCrd, Options};

    fn crd() -> CompiledCrd {
        CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"spec": {"type": "object", "properties": {
                "a": {"type": "string"},
                "mode": {"type": "string", "default": "fast"},
                "nested": {"type": "object", "properties": {"x": {"type": "integer", "default": 1}}}
            }}}
        })))
    }

    #[test]
    fn removes_unknown_lines_and_appends_defaults() {
        let src = "# keep me\napiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\nspec:\n  a: 'q'   # keep\n  bogus: 1\n  nested: {}\n";
        let obj = crate::yaml::load(src)[0].root.clone().expect("doc");
        let out = validate_resource(&crd(), &obj, &Options::default());
        let stored = out.stored.expect("stored");
        // `nested: {}` is a flow map that gains a key: no minimal edit for that.
        assert!(rewrite(src, &obj, &stored).is_none());
        let src = "# keep me\napiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\nspec:\n  a: 'q'   # keep\n  bogus: 1\n";
        let obj = crate::yaml::load(src)[0].root.clone().expect("doc");
        let stored = validate_resource(&crd(), &obj, &Options::default())
            .stored
            .expect("stored");
        let text = rewrite(src, &obj, &stored).expect("minimal edit");
        assert_eq!(
            text,
            "# keep me\napiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\nspec:\n  a: 'q'   # keep\n  mode: fast\n"
        );
        let back = crate::yaml::load(&text)[0].root.clone().expect("doc");
        assert!(back.value_eq(&stored));
    }

    #[test]
    fn foreign_spans_give_up_instead_of_panicking() {
        let a = crate::yaml::load("spec:\n  é: 1\n  b: 2\n")[0]
            .root
            .clone()
            .expect("doc");
        let b = Node::from_json(&serde_json::json!({"spec": {"b": 2}}));
        assert!(rewrite("x", &a, &b).is_none());
        assert!(rewrite("spec:\n  é: 1\n  b: 2\n", &a, &b).is_some());
    }
}
