//! In-place edits for `crdlint prune --write` / `default --write`: turns the difference between
//! each object as read and as stored into byte edits of the original text, at the smallest node
//! that changed, so comments, anchors, quoting and layout of everything else survive.
//!
//! The edits, by layout:
//! - a removed entry of a block mapping: its whole lines, or (when it shares its first line with
//!   a `- ` or `? `) its text up to the next kept key;
//! - removed entries of a flow mapping (`{a: 1, b: 2}`, JSON): the entry and one separating
//!   comma;
//! - a mapping that loses every entry: its text becomes `{}`;
//! - added entries: appended after the mapping's last line at its key column (block), or after
//!   its last entry (flow, written in flow style, or as JSON in a JSON file);
//! - a replaced scalar (a `null` that gets a default): the scalar's own text.
//!
//! Inserted line breaks follow the line they are inserted after (`\n` or `\r\n`).
//!
//! Aliases and merge keys share text between places: a node copied from an alias keeps the spans
//! of its anchored definition, so an edit made through the copy lands in the definition. That is
//! only right when every use of the definition changes the same way. [`rewrite_file`] therefore
//! checks its own result before handing it back: the edited text is read again and must give,
//! document by document, exactly the stored objects and the untouched rest. When it does not (an
//! anchor kept in one place and pruned in another, an anchored node deleted while an alias still
//! names it, ...), the file is refused with a [`Refusal`] instead of being written: a wrong edit is
//! never written, whatever its cause.

use std::collections::HashMap;

use crate::yaml::emit::{emit_document, emit_flow, emit_flow_key};
use crate::yaml::{Map, Node, Span, Style, Value};

#[path = "rewrite_check.rs"]
mod check;
use check::verify;

/// One object of a file: as read (spans into the text) and as it should be stored.
pub struct Change<'a> {
    pub original: &'a Node,
    pub updated: &'a Node,
}

/// Why a file cannot be rewritten, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub span: Span,
    pub reason: String,
}

impl Refusal {
    fn new(span: Span, reason: impl Into<String>) -> Self {
        Refusal {
            span,
            reason: reason.into(),
        }
    }
}

type Result<T> = std::result::Result<T, Refusal>;

/// Nesting deeper than this is refused (the loader's own cap is lower).
const MAX_DEPTH: usize = 2000;

/// One replacement of `start..end` by `text`. `depth` orders insertions at one position: the
/// deeper node's text comes first (a nested mapping's new last line before its parent's).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
    depth: usize,
}

/// The text of a file after every change, or why it cannot be written. The text is returned
/// unchanged when no object changed.
pub fn rewrite_file(src: &str, changes: &[Change<'_>]) -> Result<String> {
    let ctx = Ctx {
        src,
        json: looks_like_json(src),
    };
    let mut edits = Vec::new();
    for c in changes {
        ctx.diff(c.original, c.updated, Slot::Root, &mut edits, 0)?;
    }
    if edits.is_empty() {
        return Ok(src.to_string());
    }
    let text = apply(src, edits)?;
    verify(src, &text, changes)?;
    Ok(text)
}

/// A file that is one JSON value gets JSON edits (JSON in, JSON out).
fn looks_like_json(src: &str) -> bool {
    let t = src.trim_start_matches('\u{feff}').trim_start();
    (t.starts_with('{') || t.starts_with('['))
        && serde_json::from_str::<serde::de::IgnoredAny>(src.trim_start_matches('\u{feff}')).is_ok()
}

/// Where a node sits in its parent, for values that have no text of their own (`key:`).
#[derive(Clone, Copy)]
enum Slot {
    Root,
    Value(Span),
    Item,
}

struct Ctx<'s> {
    src: &'s str,
    json: bool,
}

impl Ctx<'_> {
    fn entry_end(&self, e: &crate::yaml::Entry) -> usize {
        entry_end_in(self.src, e)
    }

    fn text(&self, start: usize, end: usize, at: Span) -> Result<&str> {
        self.src
            .get(start..end)
            .ok_or_else(|| Refusal::new(at, "the object's positions do not match the file"))
    }

    fn line_start(&self, pos: usize) -> Result<usize> {
        let before = self.text(0, pos, Span::new(pos, pos))?;
        Ok(before.rfind('\n').map_or(0, |i| i + 1))
    }

    fn line_end(&self, pos: usize) -> Result<usize> {
        let after = self.text(pos, self.src.len(), Span::new(pos, pos))?;
        Ok(after.find('\n').map_or(self.src.len(), |i| pos + i + 1))
    }

    /// The line break used by the line that ends at or before `pos` (the file's first one at
    /// the very start).
    fn eol_before(&self, pos: usize) -> &'static str {
        let before = self.src.get(..pos).unwrap_or("");
        let sample = if before.ends_with('\n') {
            before
        } else {
            self.src
                .find('\n')
                .map_or("", |i| self.src.get(..=i).unwrap_or(""))
        };
        if sample.ends_with("\r\n") {
            "\r\n"
        } else {
            "\n"
        }
    }

    /// True when only blanks precede `start` on its line and only blanks or a comment follow
    /// `end` on its line.
    fn owns_lines(&self, start: usize, end: usize) -> Result<bool> {
        let before = self.text(self.line_start(start)?, start, Span::new(start, end))?;
        let after = self
            .text(end, self.line_end(end)?, Span::new(start, end))?
            .trim();
        Ok(before.chars().all(|c| c == ' ' || c == '\t')
            && (after.is_empty() || after.starts_with('#')))
    }

    /// A value as it is written inside a flow collection or in place of a scalar.
    fn inline(&self, n: &Node) -> String {
        if self.json {
            serde_json::to_string(&n.to_json()).unwrap_or_else(|_| emit_flow(n))
        } else {
            emit_flow(n)
        }
    }

    fn key(&self, k: &str) -> String {
        if self.json {
            serde_json::to_string(k).unwrap_or_else(|_| emit_flow_key(k))
        } else {
            emit_flow_key(k)
        }
    }

    fn diff(
        &self,
        a: &Node,
        b: &Node,
        slot: Slot,
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(Refusal::new(
                a.span(),
                "the object is nested too deeply to edit",
            ));
        }
        match (&a.value, &b.value) {
            (Value::Map(ma), Value::Map(mb)) => self.diff_map(a, ma, mb, edits, depth),
            (Value::Seq(sa), Value::Seq(sb)) => {
                if sa.len() != sb.len() {
                    return Err(Refusal::new(a.span(), "a list changed its length"));
                }
                for (x, y) in sa.iter().zip(sb) {
                    self.diff(x, y, Slot::Item, edits, depth + 1)?;
                }
                Ok(())
            }
            (Value::Map(_) | Value::Seq(_), _) => Err(Refusal::new(
                a.span(),
                "a collection would be replaced by another kind of value",
            )),
            _ if !matches!(b.value, Value::Map(_) | Value::Seq(_)) && a.value_eq(b) => Ok(()),
            _ => self.replace_scalar(a, b, slot, edits, depth),
        }
    }

    /// Replaces a scalar (usually a `null` that gets its default) by `b`, written on one line.
    fn replace_scalar(
        &self,
        a: &Node,
        b: &Node,
        slot: Slot,
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        if matches!(a.style(), Style::Literal | Style::Folded | Style::Synthetic) {
            return Err(Refusal::new(
                a.span(),
                "this block scalar cannot be replaced in place",
            ));
        }
        let text = self.inline(b);
        if !a.span().is_empty() {
            self.text(a.span().start(), a.span().end(), a.span())?;
            edits.push(Edit {
                depth,
                start: a.span().start(),
                end: a.span().end(),
                text,
            });
            return Ok(());
        }
        // An empty value (`key:` or `- `): write it after the indicator.
        let at = match slot {
            Slot::Value(key) if !key.is_empty() => {
                let rest = self.text(key.end(), self.src.len(), key)?;
                let colon = rest
                    .find(':')
                    .ok_or_else(|| Refusal::new(key, "no `:` after this key"))?;
                after_anchor(self.src, key.end() + colon + 1)
            }
            Slot::Item => a.span().start(),
            _ => {
                return Err(Refusal::new(
                    a.span(),
                    "an empty value without a place to write to",
                ))
            }
        };
        self.text(at, at, a.span())?;
        edits.push(Edit {
            depth,
            start: at,
            end: at,
            text: format!(" {text}"),
        });
        Ok(())
    }

    fn diff_map(
        &self,
        a: &Node,
        ma: &Map,
        mb: &Map,
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        if ma.is_empty() && mb.is_empty() {
            return Ok(());
        }
        if mb.is_empty() {
            // Everything went: the mapping becomes `{}` (a block mapping keeps its place on the
            // lines after its key, where a flow mapping is valid too).
            let end = self.block_end(a)?;
            self.text(a.span().start(), end, a.span())?;
            if a.span().is_empty() || a.style() == Style::Synthetic {
                return Err(Refusal::new(
                    a.span(),
                    "this mapping has no text of its own",
                ));
            }
            edits.push(Edit {
                depth,
                start: a.span().start(),
                end,
                text: "{}".into(),
            });
            return Ok(());
        }
        let in_b = index(mb);
        let in_a = index(ma);
        let mut removed = vec![false; ma.len()];
        for (i, e) in ma.entries.iter().enumerate() {
            match in_b.get(e.key.as_str()) {
                Some(&j) => self.diff(
                    &e.value,
                    &mb.entries[j].value,
                    Slot::Value(e.key_span),
                    edits,
                    depth + 1,
                )?,
                None => removed[i] = true,
            }
        }
        let added: Vec<_> = mb
            .entries
            .iter()
            .filter(|e| !in_a.contains_key(e.key.as_str()))
            .collect();
        let flow = match a.style() {
            Style::Flow => true,
            Style::Block => false,
            _ => {
                return Err(Refusal::new(
                    a.span(),
                    "this mapping has no text of its own",
                ))
            }
        };
        if !added.is_empty() && removed.iter().all(|r| *r) {
            // Nothing of the old mapping stays: its text is replaced by the new entries.
            return self.replace_map(a, mb, flow, edits, depth);
        }
        if removed.iter().any(|r| *r) {
            if flow {
                self.remove_flow(ma, &removed, edits, depth)?;
            } else {
                self.remove_block(ma, &removed, edits, depth)?;
            }
        }
        if !added.is_empty() {
            let added: Vec<(&str, &Node)> =
                added.iter().map(|e| (e.key.as_str(), &e.value)).collect();
            if flow {
                self.add_flow(a, ma, &added, edits, depth)?;
            } else {
                self.add_block(a, ma, &added, edits, depth)?;
            }
        }
        Ok(())
    }

    fn replace_map(
        &self,
        a: &Node,
        mb: &Map,
        flow: bool,
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        let end = self.block_end(a)?;
        self.text(a.span().start(), end, a.span())?;
        let text = if flow || self.json {
            self.inline(&Node::synthetic(Value::Map(mb.clone())))
        } else {
            let indent = self
                .text(
                    self.line_start(a.span().start())?,
                    a.span().start(),
                    a.span(),
                )?
                .chars()
                .count();
            let body = emit_document(&Node::synthetic(Value::Map(mb.clone())));
            if body.ends_with("\n\n") {
                return Err(Refusal::new(
                    a.span(),
                    "this mapping cannot be replaced in place",
                ));
            }
            let eol = self.eol_before(end);
            let pad = " ".repeat(indent);
            let mut text = String::new();
            for (i, line) in body.trim_end_matches('\n').split('\n').enumerate() {
                if i > 0 {
                    text.push_str(eol);
                    if !line.is_empty() {
                        text.push_str(&pad);
                    }
                }
                text.push_str(line);
            }
            text
        };
        edits.push(Edit {
            depth,
            start: a.span().start(),
            end,
            text,
        });
        Ok(())
    }

    /// The end of a collection's text; for a block one, with the comment on its last line (it
    /// went with the last entry, which is being replaced).
    fn block_end(&self, a: &Node) -> Result<usize> {
        let end = node_end(self.src, a, 0);
        if a.style() != Style::Block {
            return Ok(end);
        }
        let rest = self.text(end, self.line_end(end)?, a.span())?;
        let body = rest.trim_end_matches(['\n', '\r']);
        Ok(if body.trim_start().starts_with('#') {
            end + body.len()
        } else {
            end
        })
    }

    fn remove_block(
        &self,
        ma: &Map,
        removed: &[bool],
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        let mut i = 0;
        while i < removed.len() {
            if !removed[i] {
                i += 1;
                continue;
            }
            let e = &ma.entries[i];
            if e.key_span.is_empty() {
                return Err(Refusal::new(
                    e.value.span(),
                    "an entry without a key in the text",
                ));
            }
            let end = self.entry_end(e);
            if self.owns_lines(e.key_span.start(), end)? {
                edits.push(Edit {
                    depth,
                    start: self.line_start(e.key_span.start())?,
                    end: self.line_end(end)?,
                    text: String::new(),
                });
                i += 1;
                continue;
            }
            // The entry shares its first line with `- ` (or `? `): cut up to the next kept key,
            // which moves onto that line at the same column.
            let next = (i + 1..removed.len())
                .find(|&j| !removed[j])
                .ok_or_else(|| Refusal::new(e.key_span, "this entry cannot be removed in place"))?;
            let to = ma.entries[next].key_span.start();
            if to <= e.key_span.start() {
                return Err(Refusal::new(
                    e.key_span,
                    "this entry cannot be removed in place",
                ));
            }
            edits.push(Edit {
                depth,
                start: e.key_span.start(),
                end: to,
                text: String::new(),
            });
            i = next;
        }
        Ok(())
    }

    /// Each run of removed entries goes with one comma: the one after it, or for a run at the
    /// end, the one before it.
    fn remove_flow(
        &self,
        ma: &Map,
        removed: &[bool],
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        let mut i = 0;
        while i < removed.len() {
            if !removed[i] {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < removed.len() && removed[j] {
                j += 1;
            }
            let first = &ma.entries[i];
            let (start, end) = if j < removed.len() {
                (entry_start(first), entry_start(&ma.entries[j]))
            } else if i > 0 {
                (
                    self.entry_end(&ma.entries[i - 1]),
                    self.entry_end(&ma.entries[j - 1]),
                )
            } else {
                return Err(Refusal::new(
                    first.key_span,
                    "this entry cannot be removed in place",
                ));
            };
            if end <= start {
                return Err(Refusal::new(
                    first.key_span,
                    "this entry cannot be removed in place",
                ));
            }
            self.text(start, end, first.key_span)?;
            edits.push(Edit {
                depth,
                start,
                end,
                text: String::new(),
            });
            i = j;
        }
        Ok(())
    }

    fn add_flow(
        &self,
        a: &Node,
        ma: &Map,
        added: &[(&str, &Node)],
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        let pieces: Vec<String> = added
            .iter()
            .map(|(k, v)| format!("{}: {}", self.key(k), self.inline(v)))
            .collect();
        let Some(last) = ma.entries.last() else {
            // `{}`: write inside the braces.
            let open = self.text(a.span().start(), a.span().end(), a.span())?;
            if !open.starts_with('{') {
                return Err(Refusal::new(
                    a.span(),
                    "this mapping cannot be extended in place",
                ));
            }
            edits.push(Edit {
                depth,
                start: a.span().start() + 1,
                end: a.span().start() + 1,
                text: pieces.join(", "),
            });
            return Ok(());
        };
        // A mapping written one entry per line (pretty JSON) gets one line per new entry.
        let key_line = self.line_start(last.key_span.start())?;
        let lead = self.text(key_line, last.key_span.start(), last.key_span)?;
        let sep = if key_line > a.span().start() && lead.chars().all(|c| c == ' ' || c == '\t') {
            format!(",{}{lead}", self.eol_before(key_line))
        } else {
            ", ".to_string()
        };
        let at = self.entry_end(last);
        edits.push(Edit {
            depth,
            start: at,
            end: at,
            text: pieces.iter().map(|p| format!("{sep}{p}")).collect(),
        });
        Ok(())
    }

    fn add_block(
        &self,
        a: &Node,
        ma: &Map,
        added: &[(&str, &Node)],
        edits: &mut Vec<Edit>,
        depth: usize,
    ) -> Result<()> {
        // The mapping's own text runs from its first key to the end of its last value (entries
        // merged in with `<<` have their text elsewhere, so the span is used, not the entries).
        let indent = self
            .text(
                self.line_start(a.span().start())?,
                a.span().start(),
                a.span(),
            )?
            .chars()
            .count();
        let end = node_end(self.src, a, 0);
        let mut at = self.line_end(end)?;
        let ends_in_block_scalar = ma.entries.iter().any(|e| {
            e.value.span().end() == end && matches!(e.value.style(), Style::Literal | Style::Folded)
        });
        if ends_in_block_scalar {
            // A kept (`|+`) block scalar owns the blank lines after it: write after them.
            while at < self.src.len() {
                let next = self.line_end(at)?;
                if !self.src[at..next].trim().is_empty() {
                    break;
                }
                at = next;
            }
        }
        let mut piece = Map::new();
        for (k, v) in added {
            piece.insert(*k, (*v).clone());
        }
        let body = emit_document(&Node::synthetic(Value::Map(piece)));
        let eol = self.eol_before(at);
        let pad = " ".repeat(indent);
        let mut text = String::new();
        if at == self.src.len() && !self.src.is_empty() && !self.src.ends_with('\n') {
            text.push_str(eol);
        }
        for line in body.split_terminator('\n') {
            if !line.is_empty() {
                text.push_str(&pad);
                text.push_str(line);
            }
            text.push_str(eol);
        }
        edits.push(Edit {
            depth,
            start: at,
            end: at,
            text,
        });
        Ok(())
    }
}

/// Key to entry position (hashed: a mapping of 10^5 keys must not cost 10^10 comparisons).
fn index(m: &Map) -> HashMap<&str, usize> {
    let mut h = HashMap::with_capacity(m.len());
    for (i, e) in m.entries.iter().enumerate() {
        h.entry(e.key.as_str()).or_insert(i);
    }
    h
}

fn entry_start(e: &crate::yaml::Entry) -> usize {
    if e.key_span.is_empty() {
        e.value.span().start()
    } else {
        e.key_span.start()
    }
}

/// Where an entry's text ends: after its value, or after its `:` when the value is empty.
fn entry_end_in(src: &str, e: &crate::yaml::Entry) -> usize {
    entry_end_at(src, e, 0)
}

/// Where a node's text ends. A block collection's span ends with its last child's, which for
/// an empty value (`key:`) stops before the `:`; follow the last children down.
fn node_end(src: &str, n: &Node, depth: usize) -> usize {
    if depth > MAX_DEPTH || n.style() == Style::Flow {
        return n.span().end();
    }
    match &n.value {
        Value::Map(m) => m
            .entries
            .last()
            .filter(|e| !e.key_span.is_empty())
            .map_or(n.span().end(), |e| {
                n.span().end().max(entry_end_at(src, e, depth + 1))
            }),
        Value::Seq(items) => items.last().map_or(n.span().end(), |it| {
            n.span().end().max(node_end(src, it, depth + 1))
        }),
        _ => n.span().end(),
    }
}

fn entry_end_at(src: &str, e: &crate::yaml::Entry, depth: usize) -> usize {
    let end = node_end(src, &e.value, depth).max(e.key_span.end());
    if !e.value.span().is_empty() || e.key_span.is_empty() {
        return end;
    }
    let rest = src.get(e.key_span.end()..).unwrap_or("");
    let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if rest[blanks..].starts_with(':') {
        end.max(e.key_span.end() + blanks + 1)
    } else {
        end
    }
}

/// Sorts the edits, merges the identical ones (an edit reached through two aliases of one
/// anchor) and applies them; overlapping edits are refused.
fn apply(src: &str, mut edits: Vec<Edit>) -> Result<String> {
    edits.sort_by(|x, y| (x.start, x.end, &x.text).cmp(&(y.start, y.end, &y.text)));
    edits.dedup_by(|x, y| (x.start, x.end, &x.text) == (y.start, y.end, &y.text));
    edits.sort_by_key(|e| (e.start, e.end, std::cmp::Reverse(e.depth)));
    for w in edits.windows(2) {
        let same = w[0].start == w[1].start && w[0].end == w[1].end;
        let nested_inserts = same && w[0].start == w[0].end && w[0].depth != w[1].depth;
        let clash = w[0].end > w[1].start || (same && !nested_inserts);
        if clash {
            return Err(Refusal::new(
                Span::new(w[1].start, w[1].end),
                "two changes meet at the same text (an anchor used in several places?)",
            ));
        }
    }
    let mut out = String::with_capacity(src.len());
    let mut pos = 0;
    for e in &edits {
        out.push_str(src.get(pos..e.start).unwrap_or(""));
        out.push_str(&e.text);
        pos = e.end;
    }
    out.push_str(src.get(pos..).unwrap_or(""));
    Ok(out)
}

/// Past the anchor an empty value may carry on its key's line: `key: &a` given a default must
/// become `key: &a {x: 1}`, not `key: {x: 1} &a` (found by the property tests). A tag is left
/// where it is: what it would mean on the new value is not this function's to decide, and the
/// final check refuses the file instead.
fn after_anchor(src: &str, mut at: usize) -> usize {
    let b = src.as_bytes();
    let mut i = at;
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    if b.get(i) == Some(&b'&') {
        while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
            i += 1;
        }
        at = i;
    }
    at
}

#[cfg(test)]
#[path = "rewrite_tests.rs"]
mod tests;
