//! Re-checking only the edited documents of a multi-document file.
//!
//! The file is cut into chunks at its `---` marker lines (a marker at column 0 always ends a
//! document). After an edit, the chunks equal to the last check's (a common prefix and a
//! common suffix) keep their findings, moved by how far their chunk moved; the others are
//! checked by running the same engine on the file with every unchanged chunk blanked (its
//! bytes spaces, its line breaks, marker lines and comment lines kept), so every offset is
//! the same as in the real text and the unchanged documents are empty ones.

use crate::diag::{Diagnostic, Span};

/// The last check of one buffer: its chunks and their findings.
pub struct Cache {
    chunks: Vec<Chunk>,
}

struct Chunk {
    text: String,
    start: usize,
    /// The findings in the chunk, spans as in the file.
    found: Vec<Diagnostic>,
}

/// Byte ranges of the chunks: each marker line starts a new one.
fn chunk_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if at > 0 && is_marker(line) {
            out.push((start, at));
            start = at;
        }
        at += line.len();
    }
    out.push((start, text.len()));
    out
}

fn is_marker(line: &str) -> bool {
    let line = line.trim_end_matches(['\n', '\r']);
    line.strip_prefix("---")
        .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
}

/// What to check after an edit.
pub struct Plan {
    /// The text to run the engine on (unchanged chunks blanked).
    pub text: String,
    /// The changed chunks' byte ranges in the new text.
    changed: Vec<(usize, usize)>,
    /// The kept findings, already moved to their places in the new text.
    kept: Vec<Diagnostic>,
}

impl Cache {
    /// The cache of a full check of `text`.
    pub fn new(text: &str, found: &[Diagnostic]) -> Cache {
        let chunks = chunk_ranges(text)
            .into_iter()
            .map(|(s, e)| Chunk {
                text: text[s..e].to_string(),
                start: s,
                found: found
                    .iter()
                    .filter(|d| within(d.span, s, e, text.len()))
                    .cloned()
                    .collect(),
            })
            .collect();
        Cache { chunks }
    }

    /// The plan for checking `text` again, or `None` when all of it must be checked (nothing
    /// or everything changed, or a kept finding's words may name a line that moved).
    pub fn plan(&self, text: &str) -> Option<Plan> {
        let ranges = chunk_ranges(text);
        let (old, new) = (&self.chunks, &ranges);
        let same = |o: &Chunk, &(s, e): &(usize, usize)| o.text == text[s..e];
        let prefix = old.iter().zip(new).take_while(|(o, n)| same(o, n)).count();
        let max_suffix = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(max_suffix)
            .take_while(|(o, n)| same(o, n))
            .count();
        let changed: Vec<(usize, usize)> = new[prefix..new.len() - suffix].to_vec();
        if changed.len() == new.len() || (changed.is_empty() && old.len() == new.len()) {
            return None;
        }
        let old_lines = |c: &Chunk| c.text.matches('\n').count();
        let moved_lines = old[prefix..old.len() - suffix]
            .iter()
            .map(old_lines)
            .sum::<usize>()
            != changed
                .iter()
                .map(|&(s, e)| text[s..e].matches('\n').count())
                .sum::<usize>();
        let mut kept = Vec::new();
        let kept_chunks = old[..prefix].iter().zip(&new[..prefix]).chain(
            old[old.len() - suffix..]
                .iter()
                .zip(&new[new.len() - suffix..]),
        );
        for (o, &(s, _)) in kept_chunks {
            for d in &o.found {
                if moved_lines && s != o.start && d.message.contains("line ") {
                    return None;
                }
                kept.push(shifted(d, o.start, s));
            }
        }
        let mut blank = text.as_bytes().to_vec();
        let keep = |at: usize| changed.iter().any(|&(s, e)| s <= at && at < e);
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            let comment = line.trim_start().starts_with('#');
            if !keep(at) && !comment && !is_marker(line) {
                for b in &mut blank[at..at + line.len()] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
            }
            at += line.len();
        }
        // Only ASCII bytes were written, over whole lines: still UTF-8.
        let text = String::from_utf8(blank).ok()?;
        Some(Plan {
            text,
            changed,
            kept,
        })
    }
}

impl Plan {
    /// The findings of the file: the new ones in the changed chunks and the kept ones, in
    /// position order.
    pub fn merge(self, found: Vec<Diagnostic>, len: usize) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = found
            .into_iter()
            .filter(|d| self.changed.iter().any(|&(s, e)| within(d.span, s, e, len)))
            .chain(self.kept)
            .collect();
        all.sort_by(|a, b| {
            (a.span.start(), a.span.end(), a.rule.id, &a.message).cmp(&(
                b.span.start(),
                b.span.end(),
                b.rule.id,
                &b.message,
            ))
        });
        all
    }
}

/// True when a finding starting at `span` belongs to the chunk `[s, e)` (the last chunk
/// owns the end of the text).
fn within(span: Span, s: usize, e: usize, len: usize) -> bool {
    let at = span.start();
    (s <= at && at < e) || (at == len && e == len)
}

fn shifted(d: &Diagnostic, from: usize, to: usize) -> Diagnostic {
    let mut d = d.clone();
    let moved = |span: Span| Span::new(span.start() - from + to, span.end() - from + to);
    d.span = moved(d.span);
    let file = d.file;
    for r in d.related_mut() {
        if r.file.is_none() || r.file == file {
            r.span = moved(r.span);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_start_at_markers() {
        let text = "a: 1\n---\nb: 2\n--- # x\nc: 3\n";
        let ranges = chunk_ranges(text);
        let parts: Vec<&str> = ranges.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(parts, ["a: 1\n", "---\nb: 2\n", "--- # x\nc: 3\n"]);
    }

    #[test]
    fn only_changed_chunks_are_checked() {
        let old = "a: 1\n---\nb: 2\n---\nc: 3\n";
        let cache = Cache::new(old, &[]);
        let new = "a: 1\n---\nb: 22\n---\nc: 3\n";
        let plan = cache.plan(new).unwrap();
        assert_eq!(plan.text, "    \n---\nb: 22\n---\n    \n");
        assert_eq!(plan.changed, [(5, 15)]);
        assert!(cache.plan(old).is_none(), "nothing changed: a full check");
        assert!(Cache::new("a: 1\n", &[]).plan("a: 2\n").is_none());
    }
}
