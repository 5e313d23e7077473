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

//!
//! Files: this one runs the parser over the stream and splits it into documents (recovery,
//! go-yaml's flow and comment readings, tab lines); [`build`] turns one document's events into
//! its tree; [`anchors`] holds anchors, aliases, merge keys and their budgets; [`scalar`]
//! resolves scalar nodes; [`fast`] feeds the tree builder from the fast scanner
//! ([`super::scan`]) instead of granit for the documents it reads.

mod anchors;
mod build;
mod doc;
mod fast;
mod scalar;

use foldhash::fast::RandomState;
use std::borrow::Cow;
use std::collections::HashMap;

use granit_parser::{ErrorKind, Event, Parser, StructureStyle};

use self::doc::DocBuilder;
use super::flow;
use super::quoted;
use super::scan;
use super::{Document, Span, Style, Value, YamlError, YamlErrorKind, MAX_SPAN_OFFSET};

/// Limits that keep hostile input from costing time or memory.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Total nodes alias expansion may create in one file (all its documents together).
    pub alias_budget: usize,
    /// Deepest nesting of collections.
    pub max_depth: usize,
    /// Documents larger than this get a warning (the API server's request limit, 3 MiB).
    pub max_document_bytes: usize,
    /// Read the documents the fast scanner ([`super::scan`]) accepts with it (the result is the
    /// same; `false` reads everything with granit, for comparisons and measurements).
    pub fast_scan: bool,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            alias_budget: 1_000_000,
            max_depth: scan::DEFAULT_MAX_DEPTH,
            max_document_bytes: 3 * 1024 * 1024,
            fast_scan: true,
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

/// The one document of a text whose offsets a [`Span`] cannot hold (the command line refuses
/// such a file long before; this keeps every other caller from wrapping offsets).
fn too_long_for_spans(len: usize) -> Document {
    Document {
        index: 0,
        root: None,
        span: Span::default(),
        errors: vec![YamlError {
            kind: YamlErrorKind::Syntax,
            message: format!(
                "the text is {len} bytes long; at most {MAX_SPAN_OFFSET} bytes can be read"
            ),
            span: Span::default(),
            related: Vec::new(),
        }],
    }
}

/// What the loader calls after it has freed a large block of memory at once; see
/// [`set_release_hook`].
static RELEASE_HOOK: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Installs `hook`, which the loader calls each time it has freed about 16 MiB while moving
/// a long collection (over 65,536 children) into its final slice. The binary installs one that
/// asks its allocator to return freed memory to the system at once: mimalloc keeps freed
/// memory resident for 10 ms, and the copy is faster than that, so without the hook a
/// 5-million-item sequence (160 MB of nodes) peaked at twice its size on an idle machine
/// (RELIABILITY.md). `yaml` does not know the allocator; without a hook nothing is called.
/// Returns `false` (and keeps the first) if a hook was installed already.
pub fn set_release_hook(hook: fn()) -> bool {
    RELEASE_HOOK.set(hook).is_ok()
}

/// Calls the hook of [`set_release_hook`], if any.
pub(super) fn release_freed_memory() {
    if let Some(hook) = RELEASE_HOOK.get() {
        hook();
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
    if src.len() > MAX_SPAN_OFFSET {
        return vec![too_long_for_spans(src.len())];
    }
    let mut loader = Loader {
        src,
        opts,
        docs: Vec::new(),
        hasher: RandomState::default(),
        has_tabs: memchr::memchr(b'\t', src.as_bytes()).is_some(),
        tab_exempt: Vec::new(),
        blanking_left: MAX_BLANKED_COMMENTS,
        budget_used: 0,
        colons: Vec::new(),
        rewrites: (usize::MAX, 0),
        quoted: Vec::new(),
        quoted_bytes_left: MAX_QUOTED_REPARSE_BYTES,
        fast_text: None,
    };
    if opts.fast_scan && opts.max_depth >= scan::MAX_DEPTH {
        loader.fast_text = scan::subset_text(src);
    }
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
    // Most files are plain block YAML: read them with the fast scanner, and hand the rest of
    // the stream to granit from the first document it declines (see `fast`).
    if base == 0 && loader.fast_text.is_some() {
        match loader.run_fast(0) {
            None => {
                loader.check_tab_lines();
                return loader.docs;
            }
            Some(at) => base = at,
        }
    }
    // The text the parser reads: the source, with comments that go-yaml accepts but granit
    // rejects blanked out (same length, so every offset still points into `src`).
    let mut text: Cow<str> = Cow::Borrowed(src);
    loop {
        let segment = loader.run_segment(&text, base);
        if !matches!(segment, Segment::Done) {
            // The document is read again: its quoted values are looked up afresh.
            for q in &loader.quoted {
                q.used.set(false);
            }
        }
        match segment {
            Segment::Done => break,
            Segment::Fast(at) => match loader.run_fast(at) {
                None => break,
                Some(next) => base = next,
            },
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
            Segment::Quoted { open, end, restart } => {
                // Same length, ASCII between two ASCII quotes (see `quoted`).
                let mut bytes = std::mem::take(text.to_mut()).into_bytes();
                bytes[open + 1..end - 1].fill(b'x');
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
    /// For the duplicate-key index of large maps: foldhash, seeded per process (see
    /// Cargo.toml).
    hasher: RandomState,
    /// Whether the text has a tab at all: without one, no token can follow a tab.
    has_tabs: bool,
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
    /// Whether the fast scanner may read this text (`Some(all ASCII)`), see [`scan`].
    fast_text: Option<bool>,
    /// Quoted scalars granit reads as `x`s (see [`quoted`]), sorted by their start: their
    /// values as go-yaml reads them.
    quoted: Vec<QuotedValue>,
    /// Bytes granit may still read again to reach them (each one costs a reparse of its
    /// document up to it).
    quoted_bytes_left: usize,
}

/// A quoted scalar's value as go-yaml reads it, for the scalar granit reads at `span`.
struct QuotedValue {
    span: Span,
    value: String,
    /// Whether granit delivered a quoted scalar at exactly `span` in the current reading: a
    /// rewrite whose scalar does not come back fails its document (see [`Loader::finish`]).
    used: std::cell::Cell<bool>,
}

/// What reading quoted scalars go-yaml's way may cost a file in reparsed bytes (each one
/// reparses its document up to the scalar; a CRD of 200 KB with 100 such descriptions costs
/// 20 MB, a few hundred milliseconds).
const MAX_QUOTED_REPARSE_BYTES: usize = 64 << 20;

/// Reparses of one document to read its flow collections as go-yaml does (each reparse fixes
/// one outermost flow collection, so this bounds the work on a hostile document).
const MAX_FLOW_REWRITES: usize = 32;

/// Each blanked comment reparses its document, so a hostile file with thousands of them would
/// cost quadratic time; past this many the comment is reported as granit sees it.
const MAX_BLANKED_COMMENTS: usize = 16;

/// How a parser run over part of the text ended.
enum Segment {
    Done,
    /// Granit finished a document cleanly and the next one starts with `---` here: read on
    /// with the fast scanner (granit restarted at a `---` line reads as one that went on).
    Fast(usize),
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
    /// Read the quoted scalar from `open` to `end` (after its closing quote) as go-yaml does
    /// (see [`quoted`]): its value is known, granit reads `x`s there; parse again from
    /// `restart`.
    Quoted {
        open: usize,
        end: usize,
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
        scan::granit_options(self.opts.max_depth)
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
        // Where the last event of the open document ended: a token that fails starts after it.
        let mut last_event = base;
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
                    if matches!(
                        e.kind(),
                        ErrorKind::InvalidQuotedScalarIndent
                            | ErrorKind::TabInIndentation
                            | ErrorKind::UnknownQuotedScalarEscape
                    ) {
                        let from = if doc.is_some() { last_event } else { last_end };
                        let restart = doc.as_ref().map_or(last_end, |d| d.restart);
                        if let Some(seg) = self.go_quoted(off, from, restart) {
                            return seg;
                        }
                    }
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
            last_event = last_event.max(sp.end());
            let tag_sp = span
                .tag_span()
                .and_then(|t| t.byte_range())
                .map(|r| Span::new(base + r.start, base + r.end));
            match event {
                Event::StreamStart | Event::Comment(..) => {}
                Event::StreamEnd => {
                    if let Some(d) = doc.take() {
                        self.finish(d, sp.end(), None);
                    }
                    return Segment::Done;
                }
                Event::DocumentStart(explicit, version) => {
                    if explicit
                        && version.is_none()
                        && doc.is_none()
                        && !after_explicit_end
                        && sp.start() > base
                        && self.fast_text.is_some()
                    {
                        return Segment::Fast(sp.start());
                    }
                    if let Some(d) = doc.take() {
                        self.finish(d, sp.start(), None);
                    }
                    if let Some(v) = version.filter(|v| (v.major, v.minor) != (1, 1)) {
                        // go-yaml v2's parser (a libyaml 0.1 port) only reads YAML 1.1.
                        let at = self.src[last_end.min(sp.start())..sp.start()]
                            .rfind("%YAML")
                            .map_or(sp.start(), |i| last_end.min(sp.start()) + i);
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
                        self.finish(d, sp.end(), Some(err));
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
                        let d = self.new_doc(sp.start());
                        let err = YamlError {
                            kind: YamlErrorKind::Syntax,
                            message: "did not find expected <document start>".to_owned(),
                            span: self.point(sp.start()),
                            related: Vec::new(),
                        };
                        self.finish(d, sp.start(), Some(err));
                        after_explicit_end = false;
                        match self.skip_document(&mut parser) {
                            true => continue,
                            false => return Segment::Done,
                        }
                    }
                    after_explicit_end = false;
                    doc = Some(self.new_doc(sp.start()));
                }
                Event::DocumentEnd => {
                    after_explicit_end = !sp.is_empty();
                    if let Some(d) = doc.take() {
                        let end = if sp.is_empty() {
                            d.content_end()
                        } else {
                            sp.end()
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
                        match self.go_flow(full, sp.start(), d.restart) {
                            FlowReading::Same => {}
                            FlowReading::Reparse(seg) => return seg,
                            FlowReading::Fails(err) => {
                                let d = doc.take().expect("document is open");
                                let end = err.span.end().max(d.start);
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
                        let end = fatal.span.end().max(d.start);
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

    /// After granit refused the indentation of a quoted scalar's line at `off` (or an escape
    /// go-yaml has and YAML 1.2 has not, `\'`, with `off` at the scalar's start): the scalar
    /// (the token after `from`, the end of the last event) as go-yaml reads it, for a reparse
    /// from `restart`. `None` leaves granit's error: go-yaml fails too, the scalar is a key,
    /// or it cannot be found.
    fn go_quoted(&mut self, off: usize, from: usize, restart: usize) -> Option<Segment> {
        let open = quoted::start_after(self.src, from).filter(|&o| o <= off)?;
        let q = quoted::scan(self.src, open).ok()?;
        if q.end <= off || !quoted::ends_its_line(self.src, q.end) {
            return None;
        }
        let at = self.quoted.partition_point(|v| v.span.start() < open);
        if self.quoted.get(at).is_some_and(|v| v.span.start() == open) {
            // Rewritten already, and still refused: keep granit's error (each reparse must
            // rewrite a new scalar, so this ends).
            return None;
        }
        let cost = off.saturating_sub(restart);
        if cost > self.quoted_bytes_left {
            return None;
        }
        self.quoted_bytes_left -= cost;
        self.quoted.insert(
            at,
            QuotedValue {
                span: Span::new(open, q.end),
                value: q.value,
                used: std::cell::Cell::new(false),
            },
        );
        Some(Segment::Quoted {
            open,
            end: q.end,
            restart,
        })
    }

    /// go-yaml's value of the quoted scalar granit delivered at `sp`, if it was rewritten.
    pub(super) fn quoted_value(&self, sp: Span) -> Option<&str> {
        let at = self.quoted.partition_point(|v| v.span.start() < sp.start());
        let v = self.quoted.get(at).filter(|v| v.span == sp)?;
        v.used.set(true);
        Some(&v.value)
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
        // `has_tabs` was found with the vectorized `memchr` when loading began; the slice's
        // own `contains` cost ~1 instruction a byte (3% of loading the CRDs).
        if !self.has_tabs {
            return;
        }
        let bytes = self.src.as_bytes();
        let mut spans = std::mem::take(&mut self.tab_exempt);
        spans.sort_unstable();
        // Nested flow collections overlap: merge into disjoint ranges for a binary search.
        let mut exempt: Vec<Span> = Vec::with_capacity(spans.len());
        for s in spans {
            match exempt.last_mut() {
                Some(last) if s.start() <= last.end() => *last = last.cover(s),
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
            let i = exempt.partition_point(|s| s.start() <= p);
            if i > 0 && p < exempt[i - 1].end() {
                continue;
            }
            let di = self
                .docs
                .partition_point(|d| d.span.start() <= p)
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
                r.style() == Style::Plain && !matches!(r.value, Value::Map(_) | Value::Seq(_))
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
            pool: doc::Pool::take(),
        }
    }

    /// A one-character span at `off` (empty at the end of the text).
    fn point(&self, off: usize) -> Span {
        let off = floor_boundary(self.src, off);
        let len = self.src[off..].chars().next().map_or(0, char::len_utf8);
        Span::new(off, off + len)
    }

    fn finish(&mut self, d: DocBuilder, end: usize, mut fatal: Option<YamlError>) {
        self.budget_used = d.budget_used;
        if fatal.is_none() && !self.quoted.is_empty() {
            // A rewritten scalar that granit did not read back as that scalar: the text was
            // not where `quoted::start_after` thought; keep granit's refusal.
            let first = self.quoted.partition_point(|v| v.span.start() < d.start);
            let lost = self.quoted[first..]
                .iter()
                .take_while(|v| v.span.start() < end)
                .find(|v| !v.used.get());
            if let Some(v) = lost {
                fatal = Some(YamlError {
                    kind: YamlErrorKind::Syntax,
                    message: "invalid indentation in multiline quoted scalar".to_owned(),
                    span: self.point(v.span.start()),
                    related: Vec::new(),
                });
            }
        }
        let DocBuilder {
            index,
            start,
            root,
            mut errors,
            tab_exempt,
            pool,
            ..
        } = d;
        pool.put();
        self.tab_exempt.extend(tab_exempt);
        let end = end.max(start);
        let root = match fatal {
            Some(e) => {
                errors.push(e);
                None
            }
            None => root.and_then(|b| {
                // An empty document reads as a null with no text; the caller skips it.
                let empty = b.node.is_null() && b.node.span().is_empty() && !b.tagged;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_past_span_offsets_is_one_failed_document() {
        let doc = too_long_for_spans(MAX_SPAN_OFFSET + 1);
        assert!(doc.root.is_none());
        assert_eq!(doc.errors.len(), 1);
        assert_eq!(doc.errors[0].kind, YamlErrorKind::Syntax);
        assert!(doc.errors[0].message.contains("536870912 bytes long"));
    }
}
