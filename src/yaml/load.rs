//! granit-parser events to [`Document`]s, with go-yaml v2 semantics and byte spans.
//!
//! The parser gives a stream of events with byte ranges; this module builds the [`Node`] tree
//! with an explicit stack (no recursion on input), resolves scalars as go-yaml v2 does
//! ([`super::resolve`]), applies merge keys, expands aliases under a budget and reports what the
//! API server would reject. Each document is read on its own: a fatal problem (a syntax error,
//! a blown budget, too deep nesting, a value JSON cannot carry) leaves that document without a
//! root, and reading goes on with the next one.
//!
//! Budgets: aliases are expanded by copying the anchored node, after two checks made *before*
//! copying: go-yaml v2's own excessive-aliasing ratio (so a document go-yaml refuses is refused
//! here with the same message) and an absolute cap, [`LoadOptions::alias_budget`], on the nodes
//! expansion may create in the whole file (its documents share it: 200 documents of 20 KB must
//! not expand to 200 times the budget). A run of many files splits a run-wide budget between
//! them ([`LoadOptions::for_run`]). Nesting is capped by [`LoadOptions::max_depth`], both in the parser and
//! for alias copies, so nothing downstream recurses deeper than that.
//!
//! Span conventions (what `Node::span` covers):
//! - scalars: their source text, quotes included; block scalars (`|`, `>`) from the first content
//!   character to the last non-blank one (the indicator line is not included);
//! - flow collections: from `[`/`{` to `]`/`}`;
//! - block collections: from the start of the first child (or first key) to the end of the last;
//! - an empty value (`key:`) has an empty span where the value would be;
//! - a node copied from an alias keeps the spans of the anchored definition, so a span always
//!   covers the text that produced the value.

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;

use granit_parser::{ErrorKind, Event, Parser, ScalarStyle, StructureStyle, Tag};

use super::flow;
use super::resolve::{self, format_float_key, Scalar};
use super::{Document, Entry, Map, Node, Span, Style, Value, YamlError, YamlErrorKind};

/// Limits that keep hostile input from costing time or memory.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Total nodes alias expansion may create in one file (all its documents together).
    pub alias_budget: usize,
    /// Deepest nesting of collections.
    pub max_depth: usize,
    /// Documents larger than this get a warning (the API server's request limit, 3 MiB).
    pub max_document_bytes: usize,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            alias_budget: 1_000_000,
            max_depth: 1000,
            max_document_bytes: 3 * 1024 * 1024,
        }
    }
}

/// What alias expansion may create in a whole run, split between its files.
pub const RUN_ALIAS_BUDGET: usize = 4_000_000;

/// Nodes per byte of its own text a file may always expand to, whatever the run's size.
pub const ALIAS_NODES_PER_BYTE: usize = 2;

impl LoadOptions {
    /// The limits for one of `files` files in a run, `bytes` long: an equal share of
    /// [`RUN_ALIAS_BUDGET`], or [`ALIAS_NODES_PER_BYTE`] per byte of the file if that is more,
    /// never more than the one-file budget. A run then expands at most `RUN_ALIAS_BUDGET` plus
    /// twice its input size in nodes, and the share depends only on the file count and size,
    /// so the findings do not depend on the number of threads.
    pub fn for_run(bytes: usize, files: usize) -> Self {
        let default = LoadOptions::default();
        let share = RUN_ALIAS_BUDGET / files.max(1);
        let own = bytes.saturating_mul(ALIAS_NODES_PER_BYTE);
        LoadOptions {
            alias_budget: share.max(own).min(default.alias_budget),
            ..default
        }
    }
}

/// Parses every document in `src` with default limits.
pub fn load(src: &str) -> Vec<Document> {
    load_with(src, &LoadOptions::default())
}

/// Parses every document in `src`.
///
/// Every document of the stream is returned, empty ones included (with `root: None` and no
/// errors), so `Document::index` matches the position a user counts in the file.
pub fn load_with(src: &str, opts: &LoadOptions) -> Vec<Document> {
    let mut loader = Loader {
        src,
        opts,
        docs: Vec::new(),
        hasher: RandomState::new(),
        tab_exempt: Vec::new(),
        blanking_left: MAX_BLANKED_COMMENTS,
        budget_used: 0,
        colons: Vec::new(),
        rewrites: (usize::MAX, 0),
    };
    let mut base = 0;
    if let Some(at) = leading_document_end(src) {
        // libyaml's first document is implicit, and an implicit document cannot start with
        // `...`; granit skips the marker silently.
        let d = loader.new_doc(at);
        let err = YamlError {
            kind: YamlErrorKind::Syntax,
            message: "did not find expected node content".to_owned(),
            span: Span::new(at, at + 3),
            related: Vec::new(),
        };
        loader.finish(d, at + 3, Some(err));
        base = at + 3;
    }
    // The text the parser reads: the source, with comments that go-yaml accepts but granit
    // rejects blanked out (same length, so every offset still points into `src`).
    let mut text: Cow<str> = Cow::Borrowed(src);
    loop {
        match loader.run_segment(&text, base) {
            Segment::Done => break,
            Segment::Restart(next) => {
                // A restart must make progress, or a pathological input could loop.
                if next <= base {
                    break;
                }
                base = next;
            }
            Segment::BlankComment { comment, restart } => {
                // Each round removes one `#`, so this ends.
                let t = text.to_mut();
                let eol = t[comment..]
                    .find(['\n', '\r'])
                    .map_or(t.len(), |i| comment + i);
                t.replace_range(comment..eol, &" ".repeat(eol - comment));
                base = restart;
            }
            Segment::Rewrite { rewrites, restart } => {
                // Same-length byte changes (see `flow`), so offsets still point into `src`.
                let mut bytes = std::mem::take(text.to_mut()).into_bytes();
                for r in &rewrites {
                    bytes[r.at()] = r.byte();
                    if let flow::Rewrite::Colon(at) = r {
                        let i = loader.colons.partition_point(|c| c < at);
                        loader.colons.insert(i, *at);
                    }
                }
                // Only ASCII bytes replaced ASCII bytes.
                text = Cow::Owned(String::from_utf8(bytes).expect("ASCII rewrites keep UTF-8"));
                base = restart;
            }
        }
    }
    loader.check_tab_lines();
    loader.docs
}

struct Loader<'a> {
    src: &'a str,
    opts: &'a LoadOptions,
    docs: Vec<Document>,
    hasher: RandomState,
    /// Multi-line flow collections and quoted scalars, where a tab may start a line.
    tab_exempt: Vec<Span>,
    /// Comments that may still be blanked (each one costs a reparse of its document).
    blanking_left: usize,
    /// Alias budget spent by the finished documents of the file.
    budget_used: usize,
    /// Sorted offsets of `:` characters that continue a plain scalar for go-yaml in a flow
    /// collection; granit read a placeholder there (see [`flow`]).
    colons: Vec<usize>,
    /// The document (its restart offset) being rewritten for go-yaml's flow reading, and how
    /// many more reparses it may cost.
    rewrites: (usize, usize),
}

/// Reparses of one document to read its flow collections as go-yaml does (each reparse fixes
/// one outermost flow collection, so this bounds the work on a hostile document).
const MAX_FLOW_REWRITES: usize = 32;

/// Each blanked comment reparses its document, so a hostile file with thousands of them would
/// cost quadratic time; past this many the comment is reported as granit sees it.
const MAX_BLANKED_COMMENTS: usize = 16;

/// How a parser run over part of the text ended.
enum Segment {
    Done,
    /// Start a fresh parser here.
    Restart(usize),
    /// go-yaml reads `"x"#c` or `[1]#c` as a value and a comment, granit refuses it: blank the
    /// comment starting at `comment` and parse again from `restart`.
    BlankComment {
        comment: usize,
        restart: usize,
    },
    /// Read a flow collection as go-yaml does: change these bytes and parse again from
    /// `restart`.
    Rewrite {
        rewrites: Vec<flow::Rewrite>,
        restart: usize,
    },
}

/// go-yaml's reading of a flow collection, against granit's.
enum FlowReading {
    Same,
    Reparse(Segment),
    Fails(YamlError),
}

/// What to do after a document failed.
enum Recovery {
    Continue,
    Stop,
    RestartAt(usize),
}

impl<'a> Loader<'a> {
    fn parser_options(&self) -> granit_parser::Options {
        let mut o = granit_parser::Options::default();
        o.set_emit_comments(false);
        o.emit_anchor_events = true;
        o.emit_unresolved_aliases = true;
        let depth = self.opts.max_depth.max(1);
        o.flow_nesting_limit = depth;
        o.block_nesting_limit = depth;
        o
    }

    /// Parses `src[base..]` with one parser. Returns where to start a fresh parser when the
    /// parser's own recovery could not be trusted to find the next document.
    fn run_segment(&mut self, full: &str, base: usize) -> Segment {
        let base = floor_boundary(self.src, base);
        let text = &full[base..];
        let mut parser = Parser::new_from_str_with_options(text, self.parser_options());
        let mut doc: Option<DocBuilder> = None;
        let mut after_explicit_end = false;
        // Where the previous document ended, for documents that fail before their start event.
        let mut last_end = base;
        loop {
            let (event, span) = match parser.next_event() {
                None => {
                    if let Some(d) = doc.take() {
                        self.finish(d, last_end, None);
                    }
                    return Segment::Done;
                }
                Some(Ok(x)) => x,
                Some(Err(e)) => {
                    let off = base + e.marker().byte_offset().unwrap_or(0).min(text.len());
                    if matches!(e.kind(), ErrorKind::CommentNotSeparated)
                        && self.blanking_left > 0
                        && off > 0
                        && matches!(full.as_bytes()[off - 1], b'"' | b'\'' | b']' | b'}')
                        && full.as_bytes().get(off) == Some(&b'#')
                    {
                        self.blanking_left -= 1;
                        let restart = doc.as_ref().map_or(last_end, |d| d.restart);
                        return Segment::BlankComment {
                            comment: off,
                            restart,
                        };
                    }
                    let err = if matches!(e.kind(), ErrorKind::RecursionLimitExceeded) {
                        too_deep(self.opts.max_depth, self.point(off))
                    } else {
                        YamlError {
                            kind: YamlErrorKind::Syntax,
                            message: e.info(),
                            span: self.point(off),
                            related: Vec::new(),
                        }
                    };
                    let d = doc
                        .take()
                        .unwrap_or_else(|| self.new_doc(last_end.min(off)));
                    self.finish(d, off, Some(err));
                    last_end = off;
                    after_explicit_end = false;
                    match self.recover(&mut parser, base, off) {
                        Recovery::Continue => continue,
                        Recovery::Stop => return Segment::Done,
                        Recovery::RestartAt(at) => return Segment::Restart(at),
                    }
                }
            };
            let range = span.byte_range().unwrap_or(0..0);
            let sp = Span::new(base + range.start, base + range.end);
            let tag_sp = span
                .tag_span()
                .and_then(|t| t.byte_range())
                .map(|r| Span::new(base + r.start, base + r.end));
            match event {
                Event::StreamStart | Event::Comment(..) => {}
                Event::StreamEnd => {
                    if let Some(d) = doc.take() {
                        self.finish(d, sp.end, None);
                    }
                    return Segment::Done;
                }
                Event::DocumentStart(explicit, version) => {
                    if let Some(d) = doc.take() {
                        self.finish(d, sp.start, None);
                    }
                    if let Some(v) = version.filter(|v| (v.major, v.minor) != (1, 1)) {
                        // go-yaml v2's parser (a libyaml 0.1 port) only reads YAML 1.1.
                        let at = self.src[last_end.min(sp.start)..sp.start]
                            .rfind("%YAML")
                            .map_or(sp.start, |i| last_end.min(sp.start) + i);
                        let d = self.new_doc(at);
                        let err = YamlError {
                            kind: YamlErrorKind::Syntax,
                            message: format!(
                                "found incompatible YAML document (%YAML {}.{}; go-yaml reads only 1.1)",
                                v.major, v.minor
                            ),
                            span: Span::new(at, at + 5),
                            related: Vec::new(),
                        };
                        self.finish(d, sp.end, Some(err));
                        after_explicit_end = false;
                        match self.skip_document(&mut parser) {
                            true => continue,
                            false => return Segment::Done,
                        }
                    }
                    if !explicit && after_explicit_end {
                        // libyaml (and so go-yaml) only allows a bare document first in the
                        // stream; after `...` it wants `---`. kubectl never sees such a document:
                        // its splitter keeps it in the previous chunk, where go-yaml ignores it.
                        let d = self.new_doc(sp.start);
                        let err = YamlError {
                            kind: YamlErrorKind::Syntax,
                            message: "did not find expected <document start>".to_owned(),
                            span: self.point(sp.start),
                            related: Vec::new(),
                        };
                        self.finish(d, sp.start, Some(err));
                        after_explicit_end = false;
                        match self.skip_document(&mut parser) {
                            true => continue,
                            false => return Segment::Done,
                        }
                    }
                    after_explicit_end = false;
                    doc = Some(self.new_doc(sp.start));
                }
                Event::DocumentEnd => {
                    after_explicit_end = !sp.is_empty();
                    if let Some(d) = doc.take() {
                        let end = if sp.is_empty() {
                            d.content_end()
                        } else {
                            sp.end
                        };
                        last_end = end;
                        self.finish(d, end, None);
                    }
                }
                ev => {
                    let Some(d) = doc.as_mut() else {
                        continue;
                    };
                    let outer_flow = d.flow_depth == 0
                        && matches!(
                            ev,
                            Event::SequenceStart(StructureStyle::Flow, ..)
                                | Event::MappingStart(StructureStyle::Flow, ..)
                        );
                    if outer_flow {
                        match self.go_flow(full, sp.start, d.restart) {
                            FlowReading::Same => {}
                            FlowReading::Reparse(seg) => return seg,
                            FlowReading::Fails(err) => {
                                let d = doc.take().expect("document is open");
                                let end = err.span.end.max(d.start);
                                self.finish(d, end, Some(err));
                                last_end = end;
                                if !self.skip_document(&mut parser) {
                                    return Segment::Done;
                                }
                                continue;
                            }
                        }
                    }
                    if let Err(fatal) = d.event(ev, sp, tag_sp, self) {
                        let d = doc.take().expect("document is open");
                        let end = fatal.span.end.max(d.start);
                        self.finish(d, end, Some(fatal));
                        last_end = end;
                        if !self.skip_document(&mut parser) {
                            return Segment::Done;
                        }
                    }
                }
            }
        }
    }

    /// Compares go-yaml's reading of the flow collection opening at `open` with granit's (see
    /// [`flow`]).
    fn go_flow(&mut self, full: &str, open: usize, restart: usize) -> FlowReading {
        let scan = flow::scan(full, open);
        if let Some((at, message)) = scan.error {
            return FlowReading::Fails(YamlError {
                kind: YamlErrorKind::Syntax,
                message: message.to_owned(),
                span: self.point(at),
                related: Vec::new(),
            });
        }
        if scan.rewrites.is_empty() {
            return FlowReading::Same;
        }
        if self.rewrites.0 != restart {
            self.rewrites = (restart, MAX_FLOW_REWRITES);
        }
        if self.rewrites.1 == 0 {
            return FlowReading::Same;
        }
        self.rewrites.1 -= 1;
        FlowReading::Reparse(Segment::Rewrite {
            rewrites: scan.rewrites,
            restart,
        })
    }

    /// Skips the rest of the current document after a problem found by the tree builder.
    /// Returns false when nothing follows.
    fn skip_document<'t>(&self, parser: &mut Parser<'t, granit_parser::StrInput<'t>>) -> bool {
        matches!(parser.proceed_next_document(), Ok(true))
    }

    /// After a syntax error at `off`: let the parser find the next document, but restart on a
    /// fresh parser at the next `---` line when the parser gives up or would skip past it.
    fn recover<'t>(
        &self,
        parser: &mut Parser<'t, granit_parser::StrInput<'t>>,
        base: usize,
        off: usize,
    ) -> Recovery {
        // Never restart where this segment started, or a document broken at its first byte
        // would be read again and again.
        let marker = find_doc_marker(self.src, off.max(base + 1));
        match parser.proceed_next_document() {
            Ok(true) => {
                if let Some(m) = marker {
                    let next_start = match parser.peek() {
                        Some(Ok((_, span))) => span.byte_range().map(|r| base + r.start),
                        Some(Err(_)) => None,
                        None => Some(usize::MAX),
                    };
                    if next_start.is_some_and(|s| s > m) && m > base {
                        return Recovery::RestartAt(m);
                    }
                }
                Recovery::Continue
            }
            Ok(false) | Err(_) => match marker {
                Some(m) if m > base => Recovery::RestartAt(m),
                _ => Recovery::Stop,
            },
        }
    }

    /// go-yaml rejects a tab at the start of a line in block context (as indentation, before a
    /// comment, or alone), except inside quoted scalars and flow collections. granit accepts
    /// some of these lines, so the loader checks them once over the whole text; the finding
    /// fails the document the line belongs to.
    fn check_tab_lines(&mut self) {
        let bytes = self.src.as_bytes();
        if !bytes.contains(&b'\t') {
            return;
        }
        let mut spans = std::mem::take(&mut self.tab_exempt);
        spans.sort_unstable();
        // Nested flow collections overlap: merge into disjoint ranges for a binary search.
        let mut exempt: Vec<Span> = Vec::with_capacity(spans.len());
        for s in spans {
            match exempt.last_mut() {
                Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
                _ => exempt.push(s),
            }
        }
        let starts = std::iter::once(0).chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        );
        for p in starts {
            if bytes.get(p) != Some(&b'\t') {
                continue;
            }
            let i = exempt.partition_point(|s| s.start <= p);
            if i > 0 && p < exempt[i - 1].end {
                continue;
            }
            let di = self
                .docs
                .partition_point(|d| d.span.start <= p)
                .saturating_sub(1);
            let Some(doc) = self.docs.get_mut(di) else {
                continue;
            };
            let failed = doc.errors.iter().any(|e| {
                matches!(
                    e.kind,
                    YamlErrorKind::Syntax | YamlErrorKind::AliasBudget | YamlErrorKind::TooDeep
                )
            });
            // A document that is a single plain scalar ends at indentation -1 in go-yaml, where
            // a tab after it is allowed; such documents are not Kubernetes objects anyway.
            let root_plain = doc.root.as_ref().is_some_and(|r| {
                r.style == Style::Plain && !matches!(r.value, Value::Map(_) | Value::Seq(_))
            });
            if failed || root_plain {
                continue;
            }
            doc.root = None;
            doc.errors.push(YamlError {
                kind: YamlErrorKind::Syntax,
                message: "found character that cannot start any token".to_owned(),
                span: Span::new(p, p + 1),
                related: Vec::new(),
            });
        }
    }

    fn new_doc(&self, start: usize) -> DocBuilder {
        DocBuilder {
            index: self.docs.len(),
            start,
            restart: start,
            stack: Vec::new(),
            root: None,
            errors: Vec::new(),
            anchors: HashMap::new(),
            anchor_names: HashMap::new(),
            // The budget is the file's: each document starts where the last one left it.
            budget_used: self.budget_used,
            // Anchored copies are dropped with their document.
            anchor_copies: 0,
            // go-yaml counts the document node too.
            decode_count: 1,
            alias_count: 0,
            flow_depth: 0,
            tab_exempt: Vec::new(),
        }
    }

    /// A one-character span at `off` (empty at the end of the text).
    fn point(&self, off: usize) -> Span {
        let off = floor_boundary(self.src, off);
        let len = self.src[off..].chars().next().map_or(0, char::len_utf8);
        Span::new(off, off + len)
    }

    fn finish(&mut self, d: DocBuilder, end: usize, fatal: Option<YamlError>) {
        self.budget_used = d.budget_used;
        let DocBuilder {
            index,
            start,
            root,
            mut errors,
            tab_exempt,
            ..
        } = d;
        self.tab_exempt.extend(tab_exempt);
        let end = end.max(start);
        let root = match fatal {
            Some(e) => {
                errors.push(e);
                None
            }
            None => root.and_then(|b| {
                // An empty document reads as a null with no text; the caller skips it.
                let empty = b.node.is_null() && b.node.span.is_empty() && !b.tagged;
                (!empty).then_some(b.node)
            }),
        };
        let size = end - start;
        if size > self.opts.max_document_bytes {
            let start = floor_boundary(self.src, start);
            let line_end = self.src[start..]
                .find('\n')
                .map_or(self.src.len(), |i| start + i);
            errors.push(YamlError {
                kind: YamlErrorKind::TooLarge,
                message: format!(
                    "document is {size} bytes, more than the {} bytes the API server accepts in one request",
                    self.opts.max_document_bytes
                ),
                span: Span::new(start, line_end.max(start)),
                related: Vec::new(),
            });
        }
        self.docs.push(Document {
            index,
            root,
            span: Span::new(start, end),
            errors,
        });
    }
}

/// `off` clamped to the text and moved back to a character boundary, so slicing cannot panic
/// whatever offset a parser error reports.
fn floor_boundary(src: &str, off: usize) -> usize {
    let mut off = off.min(src.len());
    while !src.is_char_boundary(off) {
        off -= 1;
    }
    off
}

fn too_deep(max_depth: usize, span: Span) -> YamlError {
    YamlError {
        kind: YamlErrorKind::TooDeep,
        message: format!("collections are nested deeper than {max_depth} levels"),
        span,
        related: Vec::new(),
    }
}

/// Where the stream starts with a `...` line (after blank and comment lines and a BOM).
fn leading_document_end(src: &str) -> Option<usize> {
    let mut pos = 0;
    if src.starts_with('\u{feff}') {
        pos = 3;
    }
    while pos < src.len() {
        let line_end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
        let line = &src[pos..line_end];
        let t = line.trim_start_matches([' ', '\t']);
        if t.trim_end().is_empty() || t.starts_with('#') {
            pos = line_end + 1;
            continue;
        }
        let is_end = line.starts_with("...")
            && line[3..]
                .chars()
                .next()
                .is_none_or(|c| matches!(c, ' ' | '\t' | '\r'));
        return is_end.then_some(pos);
    }
    None
}

/// The start of the first line at or after `from` that is a document marker (`---` alone or
/// followed by a blank), the way kubectl's YAML reader splits a stream.
fn find_doc_marker(src: &str, from: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut pos = floor_boundary(src, from);
    // Move to a line start.
    if pos > 0 && bytes[pos - 1] != b'\n' {
        pos += src[pos..].find('\n')? + 1;
    }
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.starts_with(b"---")
            && rest
                .get(3)
                .is_none_or(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
        {
            return Some(pos);
        }
        pos += src[pos..].find('\n')? + 1;
    }
    None
}

/// A finished node plus what its parent needs to know about it.
struct Built {
    node: Node,
    /// go-yaml's resolution before the JSON step (scalars only), for map keys.
    raw: Option<Scalar>,
    /// A plain `<<` key.
    merge: bool,
    /// Whether the scalar had an explicit tag (an empty `!!null` is not an empty document).
    tagged: bool,
    /// Set when the value cannot be written as JSON (`.inf`): fatal unless it is used as a key.
    json_error: Option<String>,
    /// Nodes in the subtree (map keys count one each), for the alias budget.
    size: usize,
    /// What go-yaml's decoder counts for this subtree (every node, keys but not `<<`, alias
    /// nodes plus their expansion), for its excessive-aliasing check.
    go_count: usize,
    /// Collection nesting inside the subtree, for the depth cap on alias copies.
    height: usize,
    /// Where this child sits in the source (the `*alias` token for a copy).
    extent: Span,
}

struct Anchored {
    node: Node,
    raw: Option<Scalar>,
    json_error: Option<String>,
    size: usize,
    go_count: usize,
    height: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum KeyKind {
    Str,
    Int,
    Bool,
    Float,
}

struct PendingKey {
    key: String,
    span: Span,
    merge: bool,
    kind: KeyKind,
}

#[derive(Clone, Copy)]
struct EntryMeta {
    merged: bool,
    kind: KeyKind,
}

/// Below this many keys a linear scan finds duplicates faster than hashing.
const LINEAR_KEYS: usize = 16;

struct MapFrame {
    entries: Vec<Entry>,
    meta: Vec<EntryMeta>,
    pending: Option<PendingKey>,
    /// Key hash to entry index, built once the map outgrows a linear scan.
    index: Option<HashMap<u64, usize>>,
}

impl MapFrame {
    fn find(&mut self, key: &str, hasher: &RandomState) -> Option<usize> {
        if self.index.is_none() && self.entries.len() < LINEAR_KEYS {
            return self.entries.iter().position(|e| e.key == key);
        }
        let index = self.index.get_or_insert_with(|| {
            let mut m = HashMap::with_capacity(self.entries.len() * 2);
            for (i, e) in self.entries.iter().enumerate() {
                m.entry(hasher.hash_one(e.key.as_str())).or_insert(i);
            }
            m
        });
        match index.get(&hasher.hash_one(key)) {
            Some(&i) if self.entries[i].key == key => Some(i),
            // A 64-bit collision: rare enough that a scan is fine.
            Some(_) => self.entries.iter().position(|e| e.key == key),
            None => None,
        }
    }

    fn push(&mut self, entry: Entry, meta: EntryMeta, hasher: &RandomState) {
        if let Some(index) = &mut self.index {
            index
                .entry(hasher.hash_one(entry.key.as_str()))
                .or_insert(self.entries.len());
        }
        self.entries.push(entry);
        self.meta.push(meta);
    }
}

enum FrameKind {
    Seq(Vec<Node>),
    Map(MapFrame),
}

struct Frame {
    kind: FrameKind,
    style: Style,
    open: Span,
    anchor: usize,
    size: usize,
    go_count: usize,
    height: usize,
    first: Option<usize>,
    last: usize,
}

impl Frame {
    fn note_child(&mut self, extent: Span) {
        if self.first.is_none() {
            self.first = Some(extent.start);
        }
        self.last = self.last.max(extent.end);
    }
}

struct DocBuilder {
    index: usize,
    start: usize,
    /// Where a fresh parser can read this document again (its `---`, or its first token).
    restart: usize,
    stack: Vec<Frame>,
    root: Option<Built>,
    errors: Vec<YamlError>,
    anchors: HashMap<usize, Anchored>,
    anchor_names: HashMap<usize, String>,
    /// Nodes created by expanding aliases.
    budget_used: usize,
    /// Nodes copied to remember anchored values.
    anchor_copies: usize,
    /// go-yaml's decode and alias-decode counters (see [`go_excessive_aliasing`]).
    decode_count: usize,
    alias_count: usize,
    /// Open flow collections: inside them tabs are ordinary blanks.
    flow_depth: usize,
    /// See [`Loader::tab_exempt`].
    tab_exempt: Vec<Span>,
}

/// go-yaml's scanner (libyaml's) skips a tab before a token only inside flow collections or
/// where a simple key cannot start; at the start of a line and right after a block `-` or `?`
/// indicator a tab is "a character that cannot start any token". granit accepts some of these
/// (`\ta: 1`, `-\tb`), so node starts in block context are checked here. Returns the offset of
/// the offending tab.
/// Whether the header of the block scalar whose content starts at `content` gives an explicit
/// indentation (`|2`, `>-4`).
fn block_header_has_indent(src: &str, content: usize) -> bool {
    let before = &src[..floor_boundary(src, content)];
    // The header is the last line before the content that is not blank.
    let header = before
        .trim_end_matches([' ', '\t'])
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .rsplit('\n')
        .next()
        .unwrap_or("");
    let header = header.split(" #").next().unwrap_or(header).trim_end();
    let indicators = header.rfind(['|', '>']).map_or("", |i| &header[i + 1..]);
    indicators.bytes().any(|b| b.is_ascii_digit())
}

fn tab_before_token(src: &str, start: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut i = start.min(bytes.len());
    loop {
        let mut tab = None;
        while i > 0 && matches!(bytes[i - 1], b' ' | b'\t') {
            i -= 1;
            if bytes[i] == b'\t' {
                tab = Some(i);
            }
        }
        let before = if i == 0 { None } else { Some(bytes[i - 1]) };
        match before {
            None | Some(b'\n' | b'\r') => return tab,
            // A block indicator (itself preceded by blanks or a line start): a tab right after
            // it is an error, and so is one before it (`\t- x`, `- \t- x`).
            Some(b'-' | b'?') if i < 2 || matches!(bytes[i - 2], b' ' | b'\t' | b'\n' | b'\r') => {
                if tab.is_some() {
                    return tab;
                }
                i -= 1;
            }
            _ => return None,
        }
    }
}

/// go-yaml v2's guard against alias bombs (decode.go `allowedAliasRatio`): once more than 100
/// nodes came from aliases and more than 1000 were decoded, aliases may make up at most 99% of
/// a small document, sliding down to 10% between 400,000 and 4,000,000 decoded nodes.
fn go_excessive_aliasing(alias_count: usize, decode_count: usize) -> bool {
    const LOW: usize = 400_000;
    const HIGH: usize = 4_000_000;
    if alias_count <= 100 || decode_count <= 1000 {
        return false;
    }
    let allowed = if decode_count <= LOW {
        0.99
    } else if decode_count >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decode_count - LOW) as f64 / (HIGH - LOW) as f64)
    };
    alias_count as f64 / decode_count as f64 > allowed
}

type Fatal = YamlError;

fn fatal(kind: YamlErrorKind, message: impl Into<String>, span: Span) -> Fatal {
    YamlError {
        kind,
        message: message.into(),
        span,
        related: Vec::new(),
    }
}

impl DocBuilder {
    fn content_end(&self) -> usize {
        self.root.as_ref().map_or(self.start, |b| b.extent.end)
    }

    fn event(
        &mut self,
        ev: Event<'_>,
        sp: Span,
        tag_sp: Option<Span>,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        let tag_sp = tag_sp.unwrap_or(sp);
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                if !matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
                    // Block scalar spans start at the content; the indicator is what a tab
                    // would precede, and `key:\t|` is fine.
                    self.check_tab(tag_sp.start.min(sp.start), loader)?;
                } else if loader.src.as_bytes().get(sp.start) == Some(&b'\t')
                    && !block_header_has_indent(loader.src, sp.start)
                {
                    // While go-yaml detects a block scalar's indentation, a tab after the
                    // leading spaces is an error rather than content.
                    return Err(fatal(
                        YamlErrorKind::Syntax,
                        "found a tab character where an indentation space is expected",
                        Span::new(sp.start, sp.start + 1),
                    ));
                }
                let mut built =
                    self.scalar(text.as_ref(), style, tag.as_deref(), sp, tag_sp, loader)?;
                let merge_key = built.merge
                    && matches!(
                        self.stack.last(),
                        Some(Frame {
                            kind: FrameKind::Map(MapFrame { pending: None, .. }),
                            ..
                        })
                    );
                if merge_key {
                    // go-yaml never decodes the `<<` key itself.
                    built.go_count = 0;
                } else {
                    self.decode_count += 1;
                }
                if anchor != 0 {
                    self.register(anchor, &built, loader)?;
                }
                self.place(built, loader)
            }
            Event::SequenceStart(style, anchor, tag) => self.open(
                FrameKind::Seq(Vec::new()),
                style,
                anchor,
                (tag.as_deref(), tag_sp),
                sp,
                loader,
            ),
            Event::MappingStart(style, anchor, tag) => self.open(
                FrameKind::Map(MapFrame {
                    entries: Vec::new(),
                    meta: Vec::new(),
                    pending: None,
                    index: None,
                }),
                style,
                anchor,
                (tag.as_deref(), tag_sp),
                sp,
                loader,
            ),
            Event::SequenceEnd | Event::MappingEnd => self.close(sp, loader),
            Event::Anchor(id, name) => {
                self.anchor_names.insert(id, name.into_owned());
                Ok(())
            }
            Event::Alias(id) => {
                self.check_tab(sp.start, loader)?;
                self.alias(id, sp, loader)
            }
            Event::UnresolvedAlias(name) => Err(fatal(
                YamlErrorKind::Syntax,
                format!("unknown anchor '{name}' referenced"),
                sp,
            )),
            _ => Ok(()),
        }
    }

    fn open(
        &mut self,
        kind: FrameKind,
        style: StructureStyle,
        anchor: usize,
        (tag, tag_sp): (Option<&Tag>, Span),
        sp: Span,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        if self.stack.len() >= loader.opts.max_depth {
            return Err(too_deep(loader.opts.max_depth, sp));
        }
        if style == StructureStyle::Flow {
            self.check_tab(tag_sp.start.min(sp.start), loader)?;
            self.flow_depth += 1;
        }
        self.decode_count += 1;
        let is_map = matches!(kind, FrameKind::Map(_));
        if let Some(tag) = tag {
            let expected = if is_map { "map" } else { "seq" };
            let ok = match classify_tag(tag) {
                TagClass::NonSpecific => true,
                TagClass::Core(name) => name == expected,
                TagClass::Other => false,
            };
            if !ok {
                let what = if is_map { "mapping" } else { "sequence" };
                self.errors.push(YamlError {
                    kind: YamlErrorKind::Suspicious,
                    message: format!(
                        "go-yaml ignores the tag {} on a {what}; the value is read as a plain {what}",
                        tag_display(tag)
                    ),
                    span: tag_sp,
                    related: Vec::new(),
                });
            }
        }
        self.stack.push(Frame {
            kind,
            style: match style {
                StructureStyle::Flow => Style::Flow,
                StructureStyle::Block => Style::Block,
            },
            open: sp,
            anchor,
            size: 0,
            go_count: 0,
            height: 0,
            first: None,
            last: sp.end,
        });
        Ok(())
    }

    fn close(&mut self, sp: Span, loader: &Loader<'_>) -> Result<(), Fatal> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        if frame.style == Style::Flow {
            self.flow_depth = self.flow_depth.saturating_sub(1);
            if loader.src[frame.open.start..sp.end.max(frame.open.start)].contains('\n') {
                self.tab_exempt.push(Span::new(frame.open.start, sp.end));
            }
        }
        let span = if frame.style == Style::Flow {
            Span::new(frame.open.start, sp.end.max(frame.open.start))
        } else {
            let start = frame.first.unwrap_or(frame.open.start);
            Span::new(start, frame.last.max(start))
        };
        // Growth leaves up to half of a vector unused (a one-key map holds room for four
        // entries): give it back, since the tree lives as long as the run and its size is the
        // run's memory (10^6 one-line documents used 964 MB before, 100 bytes per input byte).
        let value = match frame.kind {
            FrameKind::Seq(mut items) => {
                items.shrink_to_fit();
                Value::Seq(items)
            }
            FrameKind::Map(mut m) => {
                m.entries.shrink_to_fit();
                Value::Map(Map { entries: m.entries })
            }
        };
        let built = Built {
            node: Node::new(value, span, frame.style),
            raw: None,
            json_error: None,
            merge: false,
            tagged: false,
            size: frame.size + 1,
            go_count: frame.go_count + 1,
            height: frame.height + 1,
            extent: span,
        };
        if frame.anchor != 0 {
            self.register(frame.anchor, &built, loader)?;
        }
        self.place(built, loader)
    }

    fn register(&mut self, id: usize, built: &Built, loader: &Loader<'_>) -> Result<(), Fatal> {
        // Keeping a copy of the anchored node costs memory too; nested anchors could otherwise
        // copy a large subtree once per level.
        if built.size > 1 {
            let copies = self.anchor_copies.saturating_add(built.size);
            if copies > loader.opts.alias_budget {
                return Err(fatal(
                    YamlErrorKind::AliasBudget,
                    format!(
                        "anchored values hold more than {} nodes in total",
                        loader.opts.alias_budget
                    ),
                    built.extent,
                ));
            }
            self.anchor_copies = copies;
        }
        self.anchors.insert(
            id,
            Anchored {
                node: built.node.clone(),
                raw: built.raw,
                json_error: built.json_error.clone(),
                size: built.size,
                go_count: built.go_count,
                height: built.height,
            },
        );
        Ok(())
    }

    fn spend(&mut self, size: usize, span: Span, loader: &Loader<'_>) -> Result<(), Fatal> {
        let used = self.budget_used.saturating_add(size);
        if used > loader.opts.alias_budget {
            return Err(fatal(
                YamlErrorKind::AliasBudget,
                format!(
                    "document contains excessive aliasing: expanding aliases would create more than {} nodes in this file",
                    loader.opts.alias_budget
                ),
                span,
            ));
        }
        self.budget_used = used;
        Ok(())
    }

    fn check_tab(&self, start: usize, loader: &Loader<'_>) -> Result<(), Fatal> {
        if self.flow_depth > 0 {
            return Ok(());
        }
        match tab_before_token(loader.src, start) {
            Some(t) => Err(fatal(
                YamlErrorKind::Syntax,
                "found character that cannot start any token",
                Span::new(t, t + 1),
            )),
            None => Ok(()),
        }
    }

    fn alias(&mut self, id: usize, sp: Span, loader: &Loader<'_>) -> Result<(), Fatal> {
        let Some(a) = self.anchors.get(&id) else {
            // The parser resolved the alias, so its anchor is still open: the value contains
            // itself.
            let name = self.anchor_names.get(&id).map_or("?", String::as_str);
            return Err(fatal(
                YamlErrorKind::Syntax,
                format!("anchor '{name}' value contains itself"),
                sp,
            ));
        };
        let (size, height, target_count) = (a.size, a.height, a.go_count);
        if self.stack.len().saturating_add(height) > loader.opts.max_depth {
            return Err(too_deep(loader.opts.max_depth, sp));
        }
        // go-yaml decodes the alias node, then the whole target again with its alias counter
        // running. Within one expansion its ratio only grows, so checking at the end is the same
        // as its per-node check.
        self.decode_count = self
            .decode_count
            .saturating_add(1)
            .saturating_add(target_count);
        self.alias_count = self.alias_count.saturating_add(target_count);
        if go_excessive_aliasing(self.alias_count, self.decode_count) {
            return Err(fatal(
                YamlErrorKind::AliasBudget,
                "document contains excessive aliasing",
                sp,
            ));
        }
        // Check the budget before copying anything.
        self.spend(size, sp, loader)?;
        let a = &self.anchors[&id];
        let built = Built {
            node: a.node.clone(),
            raw: a.raw,
            json_error: a.json_error.clone(),
            merge: false,
            tagged: false,
            size,
            go_count: target_count + 1,
            height,
            extent: sp,
        };
        self.place(built, loader)
    }

    fn scalar(
        &mut self,
        text: &str,
        style: ScalarStyle,
        tag: Option<&Tag>,
        sp: Span,
        tag_sp: Span,
        loader: &Loader<'_>,
    ) -> Result<Built, Fatal> {
        let node_style = match style {
            ScalarStyle::Plain => Style::Plain,
            ScalarStyle::SingleQuoted => Style::SingleQuoted,
            ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
            ScalarStyle::Literal => Style::Literal,
            ScalarStyle::Folded => Style::Folded,
        };
        let span = if matches!(node_style, Style::Literal | Style::Folded) {
            trim_trailing_blanks(loader.src, sp)
        } else {
            sp
        };
        let plain = node_style == Style::Plain;
        let restored;
        let text = if plain && !loader.colons.is_empty() {
            restored = flow::restore_colons(loader.src, (sp.start, sp.end), &loader.colons, text);
            restored.as_str()
        } else {
            text
        };
        if matches!(node_style, Style::SingleQuoted | Style::DoubleQuoted)
            && loader.src[sp.start..sp.end].contains('\n')
        {
            self.tab_exempt.push(sp);
        }
        let mut merge = false;
        let mut decoded: Option<String> = None;
        let raw = match tag.map(classify_tag) {
            None => {
                if plain {
                    merge = text == "<<";
                    resolve::resolve_plain_scalar(text)
                } else {
                    Scalar::Str
                }
            }
            Some(TagClass::NonSpecific) => {
                // libyaml marks `! x` as implicit, so go-yaml still sees a merge key in `! <<`.
                merge = plain && text == "<<";
                Scalar::Str
            }
            Some(TagClass::Core(name)) => match name.as_ref() {
                "str" => Scalar::Str,
                "merge" => {
                    merge = text == "<<";
                    Scalar::Str
                }
                "binary" => {
                    decoded = Some(decode_binary(text).ok_or_else(|| {
                        fatal(
                            YamlErrorKind::Syntax,
                            "!!binary value contains invalid base64 data",
                            span,
                        )
                    })?);
                    Scalar::Str
                }
                "bool" | "int" | "float" | "null" | "timestamp" => {
                    let timestamp = name == "timestamp" && resolve::looks_like_timestamp(text);
                    let r = resolve::resolve_plain_scalar(text);
                    let rtag = if timestamp {
                        "!!timestamp"
                    } else {
                        r.short_tag()
                    };
                    if rtag[2..] == *name {
                        r
                    } else if name == "float" {
                        match r {
                            Scalar::Int(i) => Scalar::Float(i as f64),
                            _ => return Err(cannot_decode(rtag, text, &name, span)),
                        }
                    } else {
                        return Err(cannot_decode(rtag, text, &name, span));
                    }
                }
                _ => {
                    self.unknown_tag(tag, tag_sp, text);
                    Scalar::Str
                }
            },
            Some(TagClass::Other) => {
                self.unknown_tag(tag, tag_sp, text);
                Scalar::Str
            }
        };
        let mut json_error = None;
        let value = match decoded {
            Some(s) => Value::String(s),
            None => match raw.to_value(text) {
                Ok(v) => v,
                Err(e) => {
                    json_error = Some(e.message);
                    resolve::resolve_plain(text)
                }
            },
        };
        Ok(Built {
            node: Node::new(value, span, node_style),
            raw: Some(raw),
            json_error,
            merge,
            tagged: tag.is_some(),
            size: 1,
            go_count: 1,
            height: 0,
            extent: span,
        })
    }

    fn unknown_tag(&mut self, tag: Option<&Tag>, tag_sp: Span, text: &str) {
        let Some(tag) = tag else { return };
        self.errors.push(YamlError {
            kind: YamlErrorKind::Suspicious,
            message: format!(
                "go-yaml does not know the tag {} and reads the value as the string {}",
                tag_display(tag),
                go_quote(text)
            ),
            span: tag_sp,
            related: Vec::new(),
        });
    }

    /// Hands a finished node to its parent (or makes it the root).
    fn place(&mut self, built: Built, loader: &Loader<'_>) -> Result<(), Fatal> {
        let is_key = matches!(
            self.stack.last(),
            Some(Frame {
                kind: FrameKind::Map(MapFrame { pending: None, .. }),
                ..
            })
        );
        if !is_key {
            if let Some(message) = &built.json_error {
                return Err(fatal(
                    YamlErrorKind::Syntax,
                    message.clone(),
                    built.node.span,
                ));
            }
        }
        let Some(frame) = self.stack.last_mut() else {
            self.root = Some(built);
            return Ok(());
        };
        frame.note_child(built.extent);
        frame.size = frame.size.saturating_add(built.size);
        frame.go_count = frame.go_count.saturating_add(built.go_count);
        frame.height = frame.height.max(built.height);
        match &mut frame.kind {
            FrameKind::Seq(items) => {
                items.push(built.node);
                Ok(())
            }
            FrameKind::Map(m) => {
                let Some(key) = m.pending.take() else {
                    m.pending = Some(map_key(&built)?);
                    return Ok(());
                };
                let mut warnings = Vec::new();
                let result = if key.merge {
                    merge_into(m, built.node, &key, &loader.hasher, &mut warnings)
                } else {
                    insert_entry(m, key, built.node, &loader.hasher, &mut warnings);
                    Ok(())
                };
                self.errors.extend(warnings);
                result
            }
        }
    }
}

/// Turns a finished node into a map key the way `sigs.k8s.io/yaml` stringifies keys.
fn map_key(built: &Built) -> Result<PendingKey, Fatal> {
    let span = built.node.span;
    let unsupported = |ty: &str, key: String| {
        fatal(
            YamlErrorKind::Syntax,
            format!("error converting YAML to JSON: unsupported map key of type: {ty}, key: {key}"),
            span,
        )
    };
    let (key, kind) = match (&built.node.value, built.raw) {
        (Value::Seq(_) | Value::Map(_), _) => {
            return Err(fatal(
                YamlErrorKind::Syntax,
                format!("invalid map key: {}", go_sharp_v(&built.node)),
                span,
            ))
        }
        (Value::String(s), _) => (s.clone(), KeyKind::Str),
        (_, Some(Scalar::Null)) | (Value::Null, _) => {
            return Err(unsupported("<nil>", "<nil>".to_owned()))
        }
        (_, Some(Scalar::Bool(b))) => (b.to_string(), KeyKind::Bool),
        (_, Some(Scalar::Int(i))) => (i.to_string(), KeyKind::Int),
        (_, Some(Scalar::Uint(u))) => return Err(unsupported("uint64", format!("0x{u:x}"))),
        (_, Some(Scalar::BigInt(_))) => {
            return Err(unsupported("*big.Int", go_sharp_v(&built.node)))
        }
        (_, Some(Scalar::Float(f))) => (format_float_key(f), KeyKind::Float),
        // Scalars always carry their resolution; keep the JSON value as a fallback.
        (Value::Bool(b), None) => (b.to_string(), KeyKind::Bool),
        (Value::Int(i), None) => (i.to_string(), KeyKind::Int),
        (Value::Float(f), None) => (format_float_key(*f), KeyKind::Float),
        (_, Some(Scalar::Str)) => (String::new(), KeyKind::Str),
    };
    Ok(PendingKey {
        key,
        span,
        merge: built.merge,
        kind,
    })
}

/// Adds `key: value` to a mapping being built. A repeated key is what the API server's strict
/// decoding rejects; go-yaml itself keeps the last value, and so do we.
fn insert_entry(
    m: &mut MapFrame,
    key: PendingKey,
    value: Node,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) {
    if let Some(i) = m.find(&key.key, hasher) {
        let meta = m.meta[i];
        let first_span = m.entries[i].key_span;
        if meta.merged {
            // An explicit key after `<<` overrides the merged value: that is what merge keys
            // are for.
        } else if meta.kind == key.kind {
            warnings.push(YamlError {
                kind: YamlErrorKind::DuplicateKey,
                message: format!("key {} already set in map", go_key_repr(&key.key, key.kind)),
                span: key.span,
                related: vec![(first_span, "first set here".to_owned())],
            });
        } else {
            warnings.push(YamlError {
                kind: YamlErrorKind::Suspicious,
                message: format!(
                    "keys {} and {} are both \"{}\" once converted to JSON; which value is kept is undefined",
                    go_key_repr(&m.entries[i].key, meta.kind),
                    go_key_repr(&key.key, key.kind),
                    key.key
                ),
                span: key.span,
                related: vec![(first_span, "the other key".to_owned())],
            });
        }
        let e = &mut m.entries[i];
        e.value = value;
        e.key_span = key.span;
        m.meta[i] = EntryMeta {
            merged: false,
            kind: key.kind,
        };
        return;
    }
    m.push(
        Entry {
            key: key.key,
            key_span: key.span,
            value,
        },
        EntryMeta {
            merged: false,
            kind: key.kind,
        },
        hasher,
    );
}

/// Applies `<<: value` as go-yaml v2 does: the merged entries are set into the mapping at the
/// point where `<<` appears, so keys written *after* it win, and in a list of maps the earlier
/// maps win (go-yaml applies the list backwards).
fn merge_into(
    m: &mut MapFrame,
    value: Node,
    key: &PendingKey,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) -> Result<(), Fatal> {
    let want_map = || {
        fatal(
            YamlErrorKind::Syntax,
            "map merge requires map or sequence of maps as the value",
            value.span,
        )
    };
    match value.value {
        Value::Map(src) => {
            apply_merged(m, src, key, hasher, warnings);
            Ok(())
        }
        Value::Seq(ref items) if items.iter().all(|n| matches!(n.value, Value::Map(_))) => {
            let Value::Seq(items) = value.value else {
                unreachable!("matched a sequence above")
            };
            for item in items.into_iter().rev() {
                if let Value::Map(src) = item.value {
                    apply_merged(m, src, key, hasher, warnings);
                }
            }
            Ok(())
        }
        _ => Err(want_map()),
    }
}

fn apply_merged(
    m: &mut MapFrame,
    src: Map,
    key: &PendingKey,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) {
    for e in src.entries {
        if let Some(i) = m.find(&e.key, hasher) {
            if !m.meta[i].merged {
                warnings.push(YamlError {
                    kind: YamlErrorKind::Suspicious,
                    message: format!(
                        "the merge key replaces {} set earlier in this mapping (go-yaml v2 applies `<<` where it appears; put it first so explicit keys win)",
                        go_quote(&e.key)
                    ),
                    span: m.entries[i].key_span,
                    related: vec![(key.span, "merged here".to_owned())],
                });
            }
            let slot = &mut m.entries[i];
            slot.value = e.value;
            slot.key_span = e.key_span;
            m.meta[i].merged = true;
        } else {
            m.push(
                e,
                EntryMeta {
                    merged: true,
                    kind: KeyKind::Str,
                },
                hasher,
            );
        }
    }
}

enum TagClass<'t> {
    /// `!` alone: "not a specific type", a string in go-yaml v2.
    NonSpecific,
    /// A tag in the `tag:yaml.org,2002:` namespace (`!!int`), by its name.
    Core(std::borrow::Cow<'t, str>),
    Other,
}

fn classify_tag(tag: &Tag) -> TagClass<'_> {
    if (tag.handle().is_empty() && tag.suffix() == "!")
        || (tag.handle() == "!" && tag.suffix().is_empty())
    {
        return TagClass::NonSpecific;
    }
    match tag.suffix_in_namespace("tag:yaml.org,2002:") {
        Some(name) => TagClass::Core(name),
        None => TagClass::Other,
    }
}

fn tag_display(tag: &Tag) -> String {
    match classify_tag(tag) {
        TagClass::Core(name) => format!("!!{name}"),
        _ => tag.original(),
    }
}

fn cannot_decode(rtag: &str, text: &str, name: &str, span: Span) -> Fatal {
    fatal(
        YamlErrorKind::Syntax,
        format!("cannot decode {rtag} `{text}` as a !!{name}"),
        span,
    )
}

/// go-yaml's `!!binary`: standard base64 (line breaks ignored), read as a Go string, which JSON
/// then writes with invalid UTF-8 replaced.
fn decode_binary(text: &str) -> Option<String> {
    use base64::Engine as _;
    let compact: String = text.chars().filter(|c| *c != '\n' && *c != '\r').collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(compact.as_bytes())
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

fn trim_trailing_blanks(src: &str, sp: Span) -> Span {
    let bytes = src.as_bytes();
    let mut end = sp.end.min(bytes.len());
    while end > sp.start && matches!(bytes[end - 1], b' ' | b'\t' | b'\r' | b'\n') {
        end -= 1;
    }
    Span::new(sp.start, end)
}

/// A key as go-yaml prints it with `%#v` in `key %#v already set in map`.
fn go_key_repr(key: &str, kind: KeyKind) -> String {
    match kind {
        KeyKind::Str => go_quote(key),
        _ => key.to_owned(),
    }
}

/// Go's `strconv.Quote`, close enough for messages.
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A short Go `%#v`-like rendering of a decoded value for messages about invalid keys.
fn go_sharp_v(node: &Node) -> String {
    fn go(node: &Node, out: &mut String, budget: &mut usize) {
        if *budget == 0 {
            out.push_str("...");
            return;
        }
        *budget -= 1;
        match &node.value {
            Value::Null => out.push_str("interface {}(nil)"),
            Value::Bool(b) => out.push_str(&b.to_string()),
            Value::Int(i) => out.push_str(&i.to_string()),
            Value::Float(f) => out.push_str(&f.to_string()),
            Value::String(s) => out.push_str(&go_quote(s)),
            Value::Seq(items) => {
                out.push_str("[]interface {}{");
                for (i, n) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    go(n, out, budget);
                }
                out.push('}');
            }
            Value::Map(m) => {
                out.push_str("map[interface {}]interface {}{");
                for (i, e) in m.entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&go_quote(&e.key));
                    out.push(':');
                    go(&e.value, out, budget);
                }
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    let mut budget = 20;
    go(node, &mut out, &mut budget);
    out
}
