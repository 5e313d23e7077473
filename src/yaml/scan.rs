//! A fast event source for the block YAML that manifests and CRDs are written in.
//!
//! granit-parser is a complete YAML 1.2 scanner and spends ~117 instructions per input byte; most
//! of what we read is a small subset of YAML: block mappings and sequences, plain scalars
//! (multi-line ones too), quoted scalars, `|`/`>` block scalars and simple flow collections
//! (`["v1"]`, `{"k": "v"}`, nested, over lines: see `scan/flow.rs`). [`scan`] reads that
//! subset and produces exactly the events granit would produce for it (same events, same byte
//! spans, same scalar values and styles, same indentation hints), so the loader above it cannot
//! tell the two apart. Granit's spans also carry line, column and character markers; nothing
//! above the scanner reads them (spans are byte offsets; lines are counted when a finding is
//! rendered), so the scanner hands over byte offsets only, and the oracle derives the markers
//! to compare them.
//!
//! Anything else — anchors, aliases, tags, unusual flow collections, directives, `...`, complex
//! keys, tabs, carriage returns, control characters, anything doubtful or wrong — makes it
//! *decline*: it stops and names the offset of the document it was in ([`Declined::at`]), where
//! the caller starts granit afresh. Events of that document already delivered must be thrown
//! away by the caller; the documents before it are complete and equal to granit's reading. A
//! document after the first always starts at its `---` line, where a fresh granit reads the rest
//! of the stream as a granit that had read it from the start would.
//!
//! Correctness is checked against granit itself: [`oracle`] compares both readings of any text,
//! markers included (unit tests, the corpus test in `tests/yaml_scan.rs`, a proptest and the
//! `yaml_scan` fuzz target).

mod flow;
pub mod oracle;
mod scalars;

use std::borrow::Cow;

use granit_parser::{Event, ScalarStyle, StructureStyle};

/// The deepest nesting of collections read by default (`LoadOptions::max_depth`).
pub const DEFAULT_MAX_DEPTH: usize = 1000;

/// The options granit is read with, by the loader and by the [`oracle`]: the event stream the
/// fast path reproduces (no comment events, anchor and unresolved-alias events, nesting capped
/// at `max_depth`).
pub(crate) fn granit_options(max_depth: usize) -> granit_parser::Options {
    let mut o = granit_parser::Options::default();
    o.set_emit_comments(false);
    o.emit_anchor_events = true;
    o.emit_unresolved_aliases = true;
    let depth = max_depth.max(1);
    o.flow_nesting_limit = depth;
    o.block_nesting_limit = depth;
    o
}

/// Receives the events of [`scan`], in order.
pub trait Sink<'a> {
    /// One event, with the byte range granit's span would give and granit's indentation hint
    /// (set on block mapping keys and block scalars). Granit's markers also carry lines,
    /// columns and character indexes; the loader reads byte offsets only, so the scanner does
    /// not compute them (the oracle does, from the offsets, to compare whole spans).
    fn event(&mut self, ev: Event<'a>, start: usize, end: usize, indent: Option<usize>);

    /// A scalar with no anchor and no tag (the only kind the scanner reads). The same as
    /// `event(Event::Scalar(text, style, 0, None), ..)`, which it is unless a sink reads the
    /// common events directly: the loader builds its tree from these three without making and
    /// matching an [`Event`] twice per node.
    fn scalar(
        &mut self,
        text: Cow<'a, str>,
        style: ScalarStyle,
        start: usize,
        end: usize,
        indent: Option<usize>,
    ) {
        self.event(Event::Scalar(text, style, 0, None), start, end, indent);
    }

    /// A collection's start with no anchor and no tag: `event(Event::MappingStart(style, 0,
    /// None), ..)` for a mapping, `SequenceStart` otherwise.
    fn collection_start(&mut self, map: bool, style: StructureStyle, start: usize, end: usize) {
        let ev = if map {
            Event::MappingStart(style, 0, None)
        } else {
            Event::SequenceStart(style, 0, None)
        };
        self.event(ev, start, end, None);
    }

    /// A collection's end: `event(Event::MappingEnd, ..)` or `SequenceEnd`.
    fn collection_end(&mut self, map: bool, start: usize, end: usize) {
        let ev = if map {
            Event::MappingEnd
        } else {
            Event::SequenceEnd
        };
        self.event(ev, start, end, None);
    }
}

/// The fast path stopped: start granit at `at` (a document start: 0 or a `---` line) and drop
/// the events of the document being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declined {
    pub at: usize,
    /// The check that declined (for coverage reports: which constructs send files to granit).
    pub by: &'static std::panic::Location<'static>,
}

/// Deepest nesting the fast path reads (granit's limit, the loader's `max_depth`, is far
/// above; deeper documents go to granit, which reports them).
pub const MAX_DEPTH: usize = 64;

/// Longest key the fast path reads (granit refuses simple keys past 1024 characters).
const MAX_KEY_BYTES: usize = 1000;

/// Reads `src` into `sink`, or declines at a document boundary.
#[track_caller]
pub fn scan<'a, S: Sink<'a>>(src: &'a str, sink: &mut S) -> Result<(), Declined> {
    if subset_text(src).is_none() {
        return Err(Declined {
            at: 0,
            by: std::panic::Location::caller(),
        });
    }
    scan_checked(src, sink)
}

/// [`scan`] of a text (or a tail of one starting at a line start) that [`subset_text`]
/// accepted.
pub(crate) fn scan_checked<'a, S: Sink<'a>>(src: &'a str, sink: &mut S) -> Result<(), Declined> {
    let mut s = Scanner {
        src,
        b: src.as_bytes(),
        sink,
        stack: Vec::new(),
        pos: 0,
        doc_start: 0,
        text: String::new(),
    };
    s.stream()
}

/// Whether every character of `src` is one the fast path reads (printable, no tab, no carriage
/// return, no byte-order mark or Unicode line separator); `Some(true)` when it is all ASCII.
/// (`src` is valid UTF-8, so only the refused characters' encodings need checking.)
pub(crate) fn subset_text(src: &str) -> Option<bool> {
    // Branch-free over fixed chunks so that the compiler vectorizes the common case (an
    // early-exit `all` ran at ~13 instructions per byte); only chunks with something else than
    // printable ASCII and line breaks are looked at byte by byte.
    let outside = |x: u8| (x.wrapping_sub(0x20) >= 0x5f) & (x != b'\n');
    let b = src.as_bytes();
    let mut ascii = true;
    for (n, chunk) in b.chunks(256).enumerate() {
        if !chunk.iter().fold(false, |acc, &x| acc | outside(x)) {
            continue;
        }
        for i in n * 256..n * 256 + chunk.len() {
            let x = b[i];
            if x < 0x80 {
                if outside(x) {
                    return None;
                }
                continue;
            }
            ascii = false;
            let next = |k: usize| b.get(i + k).copied().unwrap_or(0);
            // U+0080..U+009F (C1 controls, NEL), U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF.
            let refused = match x {
                0xc2 => next(1) < 0xa0,
                0xe2 => next(1) == 0x80 && matches!(next(2), 0xa8 | 0xa9),
                0xef => {
                    (next(1) == 0xbb && next(2) == 0xbf)
                        || (next(1) == 0xbf && matches!(next(2), 0xbe | 0xbf))
                }
                _ => false,
            };
            if refused {
                return None;
            }
        }
    }
    Some(ascii)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Map,
    Seq,
    /// A sequence whose `-` stand in the column of its parent mapping's keys.
    Indentless,
}

#[derive(Clone, Copy, Debug)]
struct Open {
    kind: Kind,
    indent: usize,
}

/// Where a node stands: after a mapping's `:` or a sequence's `-`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    MapValue,
    SeqItem,
}

/// How a plain scalar's line ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stop {
    /// At a line break or the end of the text.
    Eol,
    /// At a `:` followed by a blank: the scalar is a key.
    Colon,
    /// At a `#` after a blank.
    Comment,
}

struct Scanner<'a, 's, S> {
    src: &'a str,
    b: &'a [u8],
    sink: &'s mut S,
    stack: Vec<Open>,
    /// Where reading goes on after the node just read.
    pos: usize,
    /// Where the current document starts (where granit takes over if it declines).
    doc_start: usize,
    /// Room for the text of scalars folded over lines, reused: each one is then copied out
    /// once, exactly sized (growing a string per scalar line by line cost several
    /// reallocations each, and one more to shrink it into the tree).
    text: String,
}

/// The end of the run of spaces in `b` that starts at `p`, stopping at `lim` (at most
/// `b.len()`). Eight bytes at a time: indentation is most of a CRD's bytes, and the loop over
/// single bytes was 15% of reading one.
#[inline]
fn space_run(b: &[u8], mut p: usize, lim: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    while p + 8 <= lim {
        let word = u64::from_le_bytes(b[p..p + 8].try_into().expect("eight bytes"));
        let other = word ^ SPACES;
        if other != 0 {
            // The first byte that is not a space: little-endian, so the lowest one set.
            return p + (other.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    while p < lim && b[p] == b' ' {
        p += 1;
    }
    p
}

fn empty_scalar<'a>() -> Event<'a> {
    Event::Scalar(Cow::Borrowed("~"), ScalarStyle::Plain, 0, None)
}

impl<'a, S: Sink<'a>> Scanner<'a, '_, S> {
    #[track_caller]
    fn no<T>(&self) -> Result<T, Declined> {
        Err(Declined {
            at: self.doc_start,
            by: std::panic::Location::caller(),
        })
    }

    /// Hands an event to the sink, the common ones through their own methods (inlined, so at
    /// each call site the variant is known and no `Event` is built for them).
    #[inline(always)]
    fn emit(&mut self, ev: Event<'a>, start: usize, end: usize, indent: Option<usize>) {
        match ev {
            Event::Scalar(text, style, 0, None) => {
                self.sink.scalar(text, style, start, end, indent)
            }
            Event::MappingStart(style, 0, None) if indent.is_none() => {
                self.sink.collection_start(true, style, start, end)
            }
            Event::SequenceStart(style, 0, None) if indent.is_none() => {
                self.sink.collection_start(false, style, start, end)
            }
            Event::MappingEnd if indent.is_none() => self.sink.collection_end(true, start, end),
            Event::SequenceEnd if indent.is_none() => self.sink.collection_end(false, start, end),
            ev => self.sink.event(ev, start, end, indent),
        }
    }

    fn len(&self) -> usize {
        self.b.len()
    }

    /// The whole stream: documents separated by `---` lines.
    fn stream(&mut self) -> Result<(), Declined> {
        let len = self.len();
        self.emit(Event::StreamStart, 0, 0, None);
        let mut t = self.skip_lines(0);
        if t >= len {
            return self.no();
        }
        let mut first = true;
        loop {
            if self.is_marker(t, b'-') {
                if !first {
                    self.doc_start = t;
                }
                if t + 3 < len && self.b[t + 3] != b'\n' {
                    return self.no();
                }
                self.emit(Event::DocumentStart(true, None), t, t + 3, None);
                let next = self.skip_lines(t + 3);
                if next >= len {
                    // An empty last document: `---` and nothing after it.
                    self.emit(empty_scalar(), t + 3, t + 3, None);
                    self.emit(Event::DocumentEnd, t + 3, t + 3, None);
                    self.emit(Event::StreamEnd, len, len, None);
                    return Ok(());
                }
                t = next;
            } else if first {
                // granit's implicit start spans the `[` or `{` of a flow collection at the root.
                let e = if self.is_flow_open(t) { t + 1 } else { t };
                self.emit(Event::DocumentStart(false, None), t, e, None);
            } else {
                return self.no();
            }
            if self.col(t) != 0 || self.is_marker(t, b'-') || self.is_marker(t, b'.') {
                return self.no();
            }
            let (end, next) = if self.is_flow_open(t) {
                self.flow_document(t)?
            } else {
                let end = self.document(t)?;
                (end, end)
            };
            self.emit(Event::DocumentEnd, end, end, None);
            if next >= len {
                self.emit(Event::StreamEnd, len, len, None);
                return Ok(());
            }
            first = false;
            t = next;
        }
    }

    /// A document whose root is the flow collection at `t` (column 0), as in JSON files: granit
    /// ends it right after the closing bracket. Returns that offset and where the next
    /// document's `---` is, or the end of the text.
    fn flow_document(&mut self, t: usize) -> Result<(usize, usize), Declined> {
        self.stack.clear();
        let end = self.flow_collection(t, 0)?;
        let next = self.skip_lines(self.pos);
        if next < self.len() && !self.is_marker(next, b'-') {
            return self.no();
        }
        Ok((end, next))
    }

    /// One block document whose root collection starts at `t` (column 0). Returns where the next
    /// document's `---` is, or the end of the text.
    fn document(&mut self, t: usize) -> Result<usize, Declined> {
        self.stack.clear();
        if self.is_entry(t) {
            self.open(Kind::Seq, 0, t)?;
            self.seq_entry(t, 0)?;
        } else {
            self.open(Kind::Map, 0, t)?;
            self.map_entry(t, 0)?;
        }
        loop {
            let (t, line) = self.next_token(self.pos);
            if t >= self.len() || self.is_marker(t, b'-') || self.is_marker(t, b'.') {
                if t < self.len() && self.is_marker(t, b'.') {
                    return self.no();
                }
                while let Some(o) = self.stack.pop() {
                    self.sink.collection_end(o.kind == Kind::Map, t, t);
                }
                return Ok(t);
            }
            let c = self.col_on(t, line);
            self.close_deeper(t, c);
            let Some(&top) = self.stack.last() else {
                return self.no();
            };
            if top.indent != c {
                return self.no();
            }
            match top.kind {
                Kind::Map => self.map_entry(t, c)?,
                Kind::Seq | Kind::Indentless if self.is_entry(t) => self.seq_entry(t, c)?,
                _ => return self.no(),
            }
        }
    }

    /// Closes the collections that the token at `t`, column `c`, is outside of.
    fn close_deeper(&mut self, t: usize, c: usize) {
        while let Some(&top) = self.stack.last() {
            let closes = top.indent > c
                || (top.kind == Kind::Indentless && top.indent == c && !self.is_entry(t));
            if !closes {
                break;
            }
            self.stack.pop();
            self.sink.collection_end(top.kind == Kind::Map, t, t);
        }
    }

    /// Opens a collection whose start event sits at `at`.
    fn open(&mut self, kind: Kind, indent: usize, at: usize) -> Result<(), Declined> {
        if self.stack.len() >= MAX_DEPTH {
            return self.no();
        }
        self.stack.push(Open { kind, indent });
        // Straight to the sink (an `Event` chosen at run time went through `emit`'s match and
        // a drop call).
        self.sink
            .collection_start(kind == Kind::Map, StructureStyle::Block, at, at);
        Ok(())
    }

    /// A `key: value` entry whose key starts at `t`, column `c`.
    fn map_entry(&mut self, t: usize, c: usize) -> Result<(), Declined> {
        let Some((key, end, colon)) = self.key(t, c)? else {
            return self.no();
        };
        self.emit(key, t, end, Some(c));
        self.value(colon, c, Ctx::MapValue)
    }

    /// A `- item` entry whose `-` is at `t`, column `c`.
    fn seq_entry(&mut self, t: usize, c: usize) -> Result<(), Declined> {
        let q = self.skip_spaces(t + 1);
        if q >= self.len() || matches!(self.b[q], b'\n' | b'#') {
            // An empty item, or one on the following lines: granit's rules there are subtle.
            return self.no();
        }
        self.inline_node(q, c, Ctx::SeqItem)
    }

    /// The node after the indicator at `ind` (`:` or `-`); `parent` is the indentation of the
    /// innermost collection.
    fn value(&mut self, ind: usize, parent: usize, ctx: Ctx) -> Result<(), Declined> {
        let q = self.skip_spaces(ind + 1);
        if q < self.len() && self.b[q] != b'\n' && self.b[q] != b'#' {
            return self.inline_node(q, parent, ctx);
        }
        if ctx == Ctx::SeqItem {
            return self.no();
        }
        let (t, line) = self.next_token(q);
        let marker = t < self.len() && (self.is_marker(t, b'-') || self.is_marker(t, b'.'));
        if t < self.len() && !marker {
            let c = self.col_on(t, line);
            if c > parent {
                return self.node_below(t, c, parent);
            }
            if c == parent && self.is_entry(t) {
                // `key:` then `- item` lines in the key's column.
                let q = self.skip_spaces(t + 1);
                if q >= self.len() || matches!(self.b[q], b'\n' | b'#') {
                    return self.no();
                }
                self.open(Kind::Indentless, c, q)?;
                return self.inline_node(q, c, Ctx::SeqItem);
            }
        }
        // Nothing more indented follows: an empty value, at the `:`.
        self.emit(empty_scalar(), ind, ind, None);
        self.pos = t;
        Ok(())
    }

    /// A node on its own line(s), at `t`, column `c`, more indented than `parent`.
    fn node_below(&mut self, t: usize, c: usize, parent: usize) -> Result<(), Declined> {
        if self.is_entry(t) {
            self.open(Kind::Seq, c, t)?;
            return self.seq_entry(t, c);
        }
        if let Some((key, end, colon)) = self.key(t, parent)? {
            self.open(Kind::Map, c, t)?;
            self.emit(key, t, end, Some(c));
            return self.value(colon, c, Ctx::MapValue);
        }
        self.scalar(t, parent)
    }

    /// A node on the line of its `:` or `-`, at `q`.
    fn inline_node(&mut self, q: usize, parent: usize, ctx: Ctx) -> Result<(), Declined> {
        if ctx == Ctx::SeqItem {
            if self.is_entry(q) {
                // `- - x`
                let c = self.col_after_dash(q, parent);
                self.open(Kind::Seq, c, q)?;
                return self.seq_entry(q, c);
            }
            if let Some((key, end, colon)) = self.key(q, parent)? {
                // `- key: value`
                let c = self.col_after_dash(q, parent);
                self.open(Kind::Map, c, q)?;
                self.emit(key, q, end, Some(c));
                return self.value(colon, c, Ctx::MapValue);
            }
        }
        if matches!(self.b[q], b'|' | b'>') {
            return self.block_scalar(q, parent);
        }
        self.scalar(q, parent)
    }

    /// A quoted or plain scalar value at `q` (not a key).
    fn scalar(&mut self, q: usize, parent: usize) -> Result<(), Declined> {
        match self.b[q] {
            b'"' | b'\'' => {
                let (ev, end, _) = self.quoted(q, parent)?;
                self.emit(ev, q, end, None);
                self.pos = self.line_rest(end)?;
                Ok(())
            }
            b'{' | b'[' => self.flow_collection(q, parent).map(drop),
            _ if self.plain_start(q) => self.plain_value(q, parent),
            _ => self.no(),
        }
    }

    /// The key at `t` and the offset of its `:`, or `None` if `t` holds no key on this line
    /// (`parent` as for [`Self::quoted`]).
    fn key(&self, t: usize, parent: usize) -> Result<Option<(Event<'a>, usize, usize)>, Declined> {
        let (ev, end, colon) = match self.b[t] {
            b'"' | b'\'' => match self.quoted(t, parent)? {
                (_, _, true) => return Ok(None),
                (ev, end, false) => (ev, end, end),
            },
            _ if self.plain_start(t) => {
                // `key: v`, or `key : v` (the key's span ends before the blanks).
                let (end, stop, at) = self.plain_line(t);
                if stop != Stop::Colon {
                    return Ok(None);
                }
                let text = &self.src[t..end];
                (
                    Event::Scalar(Cow::Borrowed(text), ScalarStyle::Plain, 0, None),
                    end,
                    at,
                )
            }
            _ => return Ok(None),
        };
        // granit measures a simple key's length up to its `:`.
        if colon - t > MAX_KEY_BYTES {
            return self.no();
        }
        if self.b.get(colon) == Some(&b':') && self.blank_or_end(colon + 1) {
            Ok(Some((ev, end, colon)))
        } else {
            Ok(None)
        }
    }

    /// After a scalar ending at `end`: only blanks and a comment may follow on its line.
    fn line_rest(&self, end: usize) -> Result<usize, Declined> {
        let p = self.skip_spaces(end);
        match self.b.get(p) {
            None | Some(b'\n') => Ok(p),
            Some(b'#') if p > end => Ok(p),
            _ => self.no(),
        }
    }

    // Positions.

    fn skip_spaces(&self, p: usize) -> usize {
        space_run(self.b, p, self.len())
    }

    /// The next token at or after `p`, past blanks, line breaks and comments.
    fn skip_lines(&self, p: usize) -> usize {
        self.next_token(p).0
    }

    /// [`Self::skip_lines`], with the start of the token's line when a line break was passed
    /// on the way (then its column costs a subtraction, not a search back for the break).
    fn next_token(&self, mut p: usize) -> (usize, Option<usize>) {
        let len = self.len();
        let mut line = None;
        loop {
            p = self.skip_spaces(p);
            if p >= len {
                return (len, None);
            }
            match self.b[p] {
                b'\n' => {
                    p += 1;
                    line = Some(p);
                }
                b'#' => match memchr::memchr(b'\n', &self.b[p..]) {
                    Some(i) => {
                        p += i + 1;
                        line = Some(p);
                    }
                    None => return (len, None),
                },
                _ => return (p, line),
            }
        }
    }

    /// The column of `t`, which only spaces and `- ` indicators precede on its line.
    fn col(&self, t: usize) -> usize {
        t - memchr::memrchr(b'\n', &self.b[..t]).map_or(0, |i| i + 1)
    }

    /// The column of `t`, whose line starts at `line` when [`Self::next_token`] knew it.
    fn col_on(&self, t: usize, line: Option<usize>) -> usize {
        match line {
            Some(start) => {
                debug_assert_eq!(t - start, self.col(t));
                t - start
            }
            None => self.col(t),
        }
    }

    /// The column of a sequence item's node at `q`, after its `- ` indicator in column `dash`
    /// with only spaces between them: counted back over those spaces.
    fn col_after_dash(&self, q: usize, dash: usize) -> usize {
        let mut d = q;
        while self.b[d - 1] == b' ' {
            d -= 1;
        }
        let c = dash + (q - (d - 1));
        debug_assert_eq!(c, self.col(q));
        c
    }

    fn blank_or_end(&self, p: usize) -> bool {
        p >= self.len() || matches!(self.b[p], b' ' | b'\n')
    }

    /// A `- ` sequence entry indicator at `t`.
    fn is_entry(&self, t: usize) -> bool {
        self.b[t] == b'-' && self.blank_or_end(t + 1)
    }

    fn is_flow_open(&self, t: usize) -> bool {
        matches!(self.b[t], b'[' | b'{')
    }

    /// A `---` (or `...`) document marker at `t`, at the start of its line.
    fn is_marker(&self, t: usize, c: u8) -> bool {
        (t == 0 || self.b[t - 1] == b'\n')
            && self.b[t..].starts_with(&[c, c, c])
            && (t + 3 >= self.len() || matches!(self.b[t + 3], b' ' | b'\n'))
    }

    /// Whether a plain scalar may start at `q` (no indicator the fast path leaves to granit).
    fn plain_start(&self, q: usize) -> bool {
        match self.b[q] {
            // In block context granit reads `-x`, `:x` and `?x` as plain scalars (`- ::/0`).
            b'-' | b':' | b'?' => !self.blank_or_end(q + 1),
            b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\''
            | b'"' | b'%' | b'@' | b'`' | b' ' | b'\n' => false,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::space_run;

    /// The word-at-a-time run agrees with a byte loop at every start, limit and alignment.
    #[test]
    fn space_run_matches_a_byte_loop() {
        let texts = [
            "",
            " ",
            "a",
            "                    x",
            "  \n    - a: b\n                 \n",
            "         \t  x",
            "a                 ",
            "                                   ",
        ];
        for text in texts {
            let b = text.as_bytes();
            for p in 0..=b.len() {
                for lim in p..=b.len() {
                    let mut q = p;
                    while q < lim && b[q] == b' ' {
                        q += 1;
                    }
                    assert_eq!(space_run(b, p, lim), q, "{text:?} {p} {lim}");
                }
            }
        }
    }
}
