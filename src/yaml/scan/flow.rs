//! Flow collections in the fast path: `["v1"]`, `{"k": "v", b: c}`, `[]`, nested ones, and
//! ones over several lines, with quoted scalars and one-line plain scalars, as granit reads them
//! in block context or as a document's root (JSON files), under granit's non-strict flow rules
//! (continuation lines may stand in any column).
//!
//! Declined: anchors, aliases, tags, `?` keys, single-pair mappings inside sequences
//! (`[a: b]`), keys without a value (`{a}`, `{a: }`), empty entries (`[a,,b]`), keys spread
//! over lines or with blanks before their `:`, plain scalars over lines, comments not separated
//! by a blank, document markers inside a collection, and every collection that go-yaml reads
//! otherwise than granit (see [`crate::yaml::flow`]: the loader reparses or fails those).

use std::borrow::Cow;

use granit_parser::{Event, ScalarStyle, StructureStyle};

use super::{Declined, Scanner, Sink, MAX_DEPTH, MAX_KEY_BYTES};

/// What the reader expects next inside a flow collection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// An entry or the closing bracket (after `[`, `{` or `,`).
    Entry,
    /// A mapping's value (after `key:`).
    Value,
    /// A `,` or the closing bracket (after an entry).
    Separator,
}

/// Bytes that end a plain scalar inside a flow collection, and may follow a value `:`.
fn is_flow_indicator(c: u8) -> bool {
    matches!(c, b',' | b'[' | b']' | b'{' | b'}')
}

impl<'a, S: Sink<'a>> Scanner<'a, '_, S> {
    /// The flow collection whose `[` or `{` is at `open`, in block context or at a document's
    /// root; `parent` is the indentation of the innermost block collection (0 at the root).
    /// Only blanks and a comment may follow its closing bracket on that line. Returns the offset
    /// after that bracket.
    pub(super) fn flow_collection(
        &mut self,
        open: usize,
        parent: usize,
    ) -> Result<usize, Declined> {
        let go = crate::yaml::flow::scan(self.src, open);
        if go.error.is_some() || !go.rewrites.is_empty() {
            return self.no();
        }
        let end = self.flow_events(open, parent)?;
        self.pos = self.line_rest(end)?;
        Ok(end)
    }

    /// Emits the events of the flow collection opening at `open`; returns the offset after its
    /// closing bracket. A loop over an explicit nesting record rather than recursion: the
    /// nesting is bounded by [`MAX_DEPTH`] with the block collections around it.
    fn flow_events(&mut self, open: usize, parent: usize) -> Result<usize, Declined> {
        // Bit `i`: whether the collection at nesting `i` (0 = outermost) is a mapping.
        let mut maps: u64 = 0;
        let mut depth = 0;
        let mut p = open;
        let mut want = Want::Value;
        loop {
            let t = if depth == 0 { p } else { self.flow_skip(p)? };
            let c = self.b[t];
            let in_map = depth > 0 && (maps >> (depth - 1)) & 1 == 1;
            let close = if in_map { b'}' } else { b']' };
            match want {
                Want::Entry | Want::Separator if depth > 0 && c == close => {
                    self.sink.collection_end(in_map, t, t + 1);
                    depth -= 1;
                    p = t + 1;
                    if depth == 0 {
                        return Ok(p);
                    }
                    want = Want::Separator;
                }
                Want::Separator => {
                    if c != b',' {
                        return self.no();
                    }
                    p = t + 1;
                    want = Want::Entry;
                }
                Want::Entry if in_map => {
                    let (key, end) = self.flow_key(t, parent)?;
                    self.emit(key, t, end, None);
                    p = end + 1;
                    want = Want::Value;
                }
                Want::Entry | Want::Value => match c {
                    b'[' | b'{' => {
                        if self.stack.len() + depth >= MAX_DEPTH {
                            return self.no();
                        }
                        if c == b'{' {
                            maps |= 1 << depth;
                        } else {
                            maps &= !(1 << depth);
                        }
                        self.sink
                            .collection_start(c == b'{', StructureStyle::Flow, t, t + 1);
                        depth += 1;
                        p = t + 1;
                        want = Want::Entry;
                    }
                    b'"' | b'\'' => {
                        let (ev, end, _) = self.quoted(t, parent)?;
                        self.emit(ev, t, end, None);
                        p = end;
                        want = Want::Separator;
                    }
                    _ if self.flow_plain_start(t) => {
                        let end = self.flow_plain(t);
                        let text = &self.src[t..end];
                        let ev = Event::Scalar(Cow::Borrowed(text), ScalarStyle::Plain, 0, None);
                        self.emit(ev, t, end, None);
                        p = end;
                        want = Want::Separator;
                    }
                    _ => return self.no(),
                },
            }
        }
    }

    /// A key in a flow mapping at `t`, followed right away by its `:`: the key's event and the
    /// offset of the `:`.
    fn flow_key(&self, t: usize, parent: usize) -> Result<(Event<'a>, usize), Declined> {
        let (ev, end) = match self.b[t] {
            b'"' | b'\'' => match self.quoted(t, parent)? {
                (_, _, true) => return self.no(),
                // A `:` right after a quoted key is its value indicator (`{"a":1}`).
                (ev, end, false) if self.b.get(end) == Some(&b':') => (ev, end),
                _ => return self.no(),
            },
            _ if self.flow_plain_start(t) => {
                let end = self.flow_plain(t);
                // After a plain key the `:` must be followed by a blank (`{a:}` and `{a:,}`
                // have no value; `{a :b}` has a blank before it).
                if self.b.get(end) != Some(&b':') || !self.blank_or_end(end + 1) {
                    return self.no();
                }
                let text = &self.src[t..end];
                (
                    Event::Scalar(Cow::Borrowed(text), ScalarStyle::Plain, 0, None),
                    end,
                )
            }
            _ => return self.no(),
        };
        if end - t > MAX_KEY_BYTES {
            return self.no();
        }
        Ok((ev, end))
    }

    /// Whether a plain scalar the fast path reads may start at `q` inside a flow collection.
    fn flow_plain_start(&self, q: usize) -> bool {
        // granit refuses `-` before a flow indicator (`[-]`, `[-,a]`); `:x` and `?x` are
        // indicators for go-yaml there.
        self.plain_start(q)
            && !matches!(self.b[q], b':' | b'?')
            && !(self.b[q] == b'-' && self.b.get(q + 1).copied().is_some_and(is_flow_indicator))
    }

    /// The end of the plain scalar starting at `q` inside a flow collection (trailing blanks
    /// excluded). It ends at a flow indicator, at a `:` before a blank or a flow indicator, at
    /// a comment, or at the end of its line; a next line that would continue it is declined
    /// when the caller finds no `,` or closing bracket there.
    fn flow_plain(&self, q: usize) -> usize {
        let b = self.b;
        let len = b.len();
        let mut i = q;
        while i < len {
            match b[i] {
                b'\n' => break,
                c if is_flow_indicator(c) => break,
                b':' if i + 1 >= len
                    || matches!(b[i + 1], b' ' | b'\n')
                    || is_flow_indicator(b[i + 1]) =>
                {
                    break
                }
                b'#' if b[i - 1] == b' ' => break,
                _ => i += 1,
            }
        }
        while i > q && b[i - 1] == b' ' {
            i -= 1;
        }
        i
    }

    /// The next token at or after `p` inside a flow collection, past blanks, line breaks and
    /// comments. Declines at the end of the text (an unclosed collection), at a document
    /// marker, and at a `#` that no blank separates from the token before it.
    fn flow_skip(&self, mut p: usize) -> Result<usize, Declined> {
        let len = self.len();
        loop {
            p = self.skip_spaces(p);
            if p >= len {
                return self.no();
            }
            match self.b[p] {
                b'\n' => {
                    p += 1;
                    if self.is_marker(p, b'-') || self.is_marker(p, b'.') {
                        return self.no();
                    }
                }
                b'#' => {
                    if !matches!(self.b[p - 1], b' ' | b'\n') {
                        return self.no();
                    }
                    match memchr::memchr(b'\n', &self.b[p..]) {
                        Some(i) => p += i,
                        None => return self.no(),
                    }
                }
                _ => return Ok(p),
            }
        }
    }
}
