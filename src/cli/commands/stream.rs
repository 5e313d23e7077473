//! What `prune` and `default` print: every checked file as it was read, with only the
//! transformed objects changed, so that the command works in a pipe
//! (`cat all.yaml | crdlint prune --crd crds - | kubectl apply -f -`).
//!
//! Documents that are not transformed (ConfigMaps, kinds with no CRD in the run, skipped
//! documents, Helm templates, `List`s of other kinds) pass through byte for byte, comments
//! included, in their order. A transformed object gets the same minimal edits as `--write`
//! ([`rewrite_file`]): only the nodes that change are rewritten, so comments and layout around
//! them survive too. When the edits cannot be made exactly (YAML sharing a value through an
//! alias that one use prunes and another keeps), that document alone is printed as the stored
//! object, in kubectl's layout, keeping only the comments above it; the other documents of the
//! file still pass through unchanged.
//!
//! Files follow one another in path order, separated by `---` (not doubled when a file starts
//! with its own marker). Files given only with `--crd` are schemas, not input, and are not
//! printed.

use crate::cli::driver::{RunResult, Stored};
use crate::diag::FileId;
use crate::validate::{rewrite_file, Change};
use crate::yaml::{emit_document, Document, Node};

/// The text of every file in `print` (by id, in order), each with its objects transformed.
pub(crate) fn print(result: &RunResult, print: &[FileId]) -> String {
    // Each file's objects, gathered in one pass (a filter per file was quadratic over
    // 100,000 files; issue #26).
    let mut by_file: Vec<Vec<&Stored>> = vec![Vec::new(); result.files.len()];
    for s in &result.stored {
        if let Some(list) = by_file.get_mut(s.file) {
            list.push(s);
        }
    }
    let mut out = String::new();
    for &file in print {
        let Some(source) = result.files.get(file) else {
            continue;
        };
        let stored = by_file.get(file).map_or(&[][..], Vec::as_slice);
        let text = transformed(&source.text, stored);
        if !out.is_empty() {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            if !is_marker_line(text.trim_start_matches('\u{feff}')) {
                out.push_str("---\n");
            }
        }
        out.push_str(&text);
    }
    out
}

/// One file's text with `stored`'s objects in their transformed form.
fn transformed(text: &str, stored: &[&Stored]) -> String {
    if stored.is_empty() {
        return text.to_string();
    }
    // Usually every edit can be made at once, and the file keeps everything else.
    if let Ok(t) = rewrite_file(text, &changes(stored)) {
        return t;
    }
    // Otherwise document by document: anchors and aliases never cross a document boundary, so
    // the documents whose edits are exact are kept that way.
    let bounds = chunk_starts(text);
    let mut docs: Option<Vec<Document>> = None;
    let mut out = String::with_capacity(text.len());
    // In text order, so each document takes the next run of objects (linear in documents and
    // objects, not their product).
    let mut by_start: Vec<&Stored> = stored.to_vec();
    by_start.sort_by_key(|s| s.original.span().start());
    let mut next = by_start.iter().copied().peekable();
    for (i, &start) in bounds.iter().enumerate() {
        let end = bounds.get(i + 1).copied().unwrap_or(text.len());
        let mut mine: Vec<&Stored> = Vec::new();
        while let Some(s) = next.next_if(|s| s.original.span().start() < end) {
            if s.original.span().start() >= start {
                mine.push(s);
            }
        }
        if mine.is_empty() {
            out.push_str(&text[start..end]);
            continue;
        }
        if let Ok(t) = rewrite_file(text, &changes(&mine)) {
            // Only this document changed: the text after it is as it was.
            let suffix = text.len() - end;
            out.push_str(&t[start..t.len() - suffix]);
            continue;
        }
        let docs = docs.get_or_insert_with(|| crate::yaml::load(text));
        match updated_root(docs, &mine) {
            Some((root, at)) => {
                // The marker and the comments above the object stay; the object is emitted.
                let line = text[..at].rfind('\n').map_or(0, |i| i + 1).max(start);
                if line == start && is_marker_line(&text[start..end]) {
                    out.push_str("---\n");
                } else {
                    out.push_str(&text[start..line]);
                }
                out.push_str(&emit_document(&root));
            }
            None => out.push_str(&text[start..end]),
        }
    }
    out
}

fn changes<'a>(stored: &[&'a Stored]) -> Vec<Change<'a>> {
    stored
        .iter()
        .map(|s| Change {
            original: &s.original,
            updated: &s.node,
        })
        .collect()
}

/// Where each document's text starts: 0, then every `---` line. A `---` at the start of a line
/// followed by a space, a tab or the line's end is always a document marker in YAML (scalar
/// content cannot hold one), so no parse is needed.
fn chunk_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if at > 0 && is_marker_line(line) {
            starts.push(at);
        }
        at += line.len();
    }
    starts
}

/// True when `text` starts with a `---` document marker.
fn is_marker_line(text: &str) -> bool {
    crate::cli::input::is_document_marker(text.as_bytes(), b"---")
}

/// The stored form of the document holding `mine` (the object itself, or a `List` with the
/// transformed items in place of the read ones), and where its text starts.
fn updated_root(docs: &[Document], mine: &[&Stored]) -> Option<(Node, usize)> {
    let first = mine.first()?;
    if !first.list_item {
        return Some((first.node.clone(), first.original.span().start()));
    }
    let at = first.original.span().start();
    let mut root = docs
        .iter()
        .filter_map(|d| d.root.as_ref())
        .find(|r| r.span().start() <= at && at < r.span().end().max(r.span().start() + 1))?
        .clone();
    let at = root.span().start();
    let items = root.as_map_mut()?.get_mut("items")?.as_seq_mut()?;
    for item in items.iter_mut() {
        if let Some(s) = mine
            .iter()
            .find(|s| s.list_item && s.original.span() == item.span())
        {
            *item = s.node.clone();
        }
    }
    Some((root, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_start_at_document_markers() {
        let text = "a: 1\n---\nb: 2\n--- # c\n---x: 3\n  ---\n---\n";
        assert_eq!(chunk_starts(text), vec![0, 5, 14, 36]);
        assert_eq!(chunk_starts("---\na: 1\n"), vec![0]);
    }

    #[test]
    fn marker_lines() {
        assert!(is_marker_line("---"));
        assert!(is_marker_line("--- |\n"));
        assert!(is_marker_line("---\r\n"));
        assert!(!is_marker_line("----\n"));
        assert!(!is_marker_line("---a\n"));
    }
}
