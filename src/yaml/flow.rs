//! Flow collections as go-yaml v2's scanner (a libyaml 0.1 port, `scannerc.go`) reads them,
//! where that differs from the YAML 1.2 reading of granit-parser.
//!
//! Facts from go-yaml v2.4 `yaml_parser_scan_plain_scalar` and `yaml_parser_scan_to_next_token`:
//! - inside a flow collection a plain scalar ends at `,` `?` `[` `]` `{` `}`, and at `:` only
//!   when a blank or the end follows: `[fe80::, 10.0.0.1]` is two strings, `{a:}` is the key
//!   `a:`. YAML 1.2 also ends a plain scalar at `:` before a flow indicator.
//! - a `?` inside a plain scalar ends it and then starts a key, which the parser refuses after
//!   a complete entry (`[http://x?y]` is an error: "did not find expected ',' or ']'").
//! - between tokens of a flow collection a tab is a blank anywhere, also at the start of a line.
//!
//! The loader makes granit read the go-yaml way with same-length rewrites of the text: such a
//! `:` becomes a placeholder character (restored in the scalar's value by [`restore_colons`]),
//! such a tab a space (between tokens, or before the text of a quoted scalar's next line, where
//! leading blanks are dropped either way).

/// One same-length change to the text granit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rewrite {
    /// A `:` that continues a plain scalar for go-yaml; granit would end the scalar there.
    Colon(usize),
    /// A tab that go-yaml skips as a blank between tokens.
    Tab(usize),
}

impl Rewrite {
    pub(crate) fn at(self) -> usize {
        match self {
            Rewrite::Colon(at) | Rewrite::Tab(at) => at,
        }
    }

    /// The byte granit reads instead.
    pub(crate) fn byte(self) -> u8 {
        match self {
            Rewrite::Colon(_) => COLON_PLACEHOLDER,
            Rewrite::Tab(_) => b' ',
        }
    }
}

/// Any character that is part of a plain scalar for both readers; the value gets the `:` back.
const COLON_PLACEHOLDER: u8 = b'_';

/// What go-yaml's scanner makes of the flow collection opening at a given offset.
#[derive(Debug, Default)]
pub(crate) struct FlowScan {
    pub(crate) rewrites: Vec<Rewrite>,
    /// Where go-yaml fails, and its message.
    pub(crate) error: Option<(usize, &'static str)>,
}

/// Scans the flow collection whose `[` or `{` is at `open` in `text`, as go-yaml v2 would, up
/// to its closing bracket (or wherever go-yaml stops reading it).
pub(crate) fn scan(text: &str, open: usize) -> FlowScan {
    let mut s = Scanner {
        b: text.as_bytes(),
        i: open,
        out: FlowScan::default(),
        // The innermost open collection: true for a sequence.
        stack: Vec::new(),
        after_json_node: false,
    };
    s.run();
    s.out
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    out: FlowScan,
    stack: Vec<bool>,
    /// The previous token ended a quoted scalar or a collection, right here: a `:` now is a
    /// value indicator for both readers.
    after_json_node: bool,
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

fn is_break(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

impl Scanner<'_> {
    fn peek(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    /// go-yaml's `is_blankz`: a blank, a line break or the end of the input.
    fn blankz_at(&self, k: usize) -> bool {
        self.peek(k).is_none_or(|c| is_blank(c) || is_break(c))
    }

    fn at_column_zero(&self) -> bool {
        self.i == 0 || is_break(self.b[self.i - 1])
    }

    /// `---` or `...` at the start of a line: go-yaml ends the document there.
    fn document_indicator(&self) -> bool {
        self.at_column_zero()
            && (self.b[self.i..].starts_with(b"---") || self.b[self.i..].starts_with(b"..."))
            && self.blankz_at(3)
    }

    fn run(&mut self) {
        loop {
            self.skip_to_next_token();
            let Some(c) = self.peek(0) else { return };
            if self.document_indicator() {
                return;
            }
            let after_json_node = std::mem::take(&mut self.after_json_node);
            match c {
                b'[' | b'{' => {
                    self.stack.push(c == b'[');
                    self.i += 1;
                }
                b']' | b'}' => {
                    self.i += 1;
                    self.stack.pop();
                    if self.stack.is_empty() {
                        return;
                    }
                    self.after_json_node = true;
                }
                b':' if !after_json_node
                    && !self.blankz_at(1)
                    && !self.peek(1).is_some_and(|n| b",[]{}".contains(&n)) =>
                {
                    // granit reads `:x` as a plain scalar (`[::1]`); in go-yaml's flow context
                    // a `:` is always the value indicator, and no node follows it.
                    self.out.error = Some((self.i, "did not find expected node content"));
                    return;
                }
                b',' | b'?' | b':' => self.i += 1,
                b'"' | b'\'' => {
                    self.quoted(c);
                    self.after_json_node = true;
                }
                b'&' | b'*' => {
                    self.i += 1;
                    while self
                        .peek(0)
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                    {
                        self.i += 1;
                    }
                }
                b'!' => {
                    while self
                        .peek(0)
                        .is_some_and(|c| !is_blank(c) && !is_break(c) && !b",[]{}".contains(&c))
                    {
                        self.i += 1;
                    }
                }
                // Tokens go-yaml refuses in a flow collection (block indicators, reserved
                // characters): both readers fail; stop here.
                b'|' | b'>' | b'%' | b'@' | b'`' => return,
                b'-' if self.blankz_at(1) => return,
                _ => {
                    if !self.plain() {
                        return;
                    }
                }
            }
        }
    }

    /// Blanks, line breaks and comments before a token. Tabs are blanks here, also at the
    /// start of a line; a tab there becomes a space for granit.
    fn skip_to_next_token(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == b'\t' {
                if self.line_start_blanks() {
                    self.out.rewrites.push(Rewrite::Tab(self.i));
                }
                self.i += 1;
            } else if is_blank(c) || is_break(c) {
                self.i += 1;
            } else if c == b'#' {
                while self.peek(0).is_some_and(|c| !is_break(c)) {
                    self.i += 1;
                }
            } else {
                return;
            }
        }
    }

    /// Whether only blanks precede the current position on its line.
    fn line_start_blanks(&self) -> bool {
        let line = &self.b[..self.i];
        let start = line.iter().rposition(|&c| is_break(c)).map_or(0, |p| p + 1);
        line[start..].iter().all(|&c| is_blank(c))
    }

    /// A quoted scalar: its continuation lines start with blanks that both readers drop, but
    /// granit refuses a tab among them where it reads them as indentation.
    fn quoted(&mut self, q: u8) {
        self.i += 1;
        let mut line_start = false;
        while let Some(c) = self.peek(0) {
            if line_start && c == b'\t' {
                self.out.rewrites.push(Rewrite::Tab(self.i));
                self.i += 1;
                continue;
            }
            if is_break(c) {
                if self.i > 0 && self.document_indicator_after_break() {
                    return;
                }
                line_start = true;
                self.i += 1;
                continue;
            }
            if !is_blank(c) {
                line_start = false;
            }
            if q == b'"' && c == b'\\' {
                self.i += 2;
                continue;
            }
            if c == q {
                if q == b'\'' && self.peek(1) == Some(b'\'') {
                    self.i += 2;
                    continue;
                }
                self.i += 1;
                return;
            }
            self.i += 1;
        }
    }

    fn document_indicator_after_break(&self) -> bool {
        let next = self.i + 1 + usize::from(self.b[self.i] == b'\r' && self.peek(1) == Some(b'\n'));
        let rest = &self.b[next.min(self.b.len())..];
        (rest.starts_with(b"---") || rest.starts_with(b"..."))
            && rest.get(3).is_none_or(|&c| is_blank(c) || is_break(c))
    }

    /// A plain scalar. Returns false where go-yaml's reading ends the scan (an error).
    fn plain(&mut self) -> bool {
        loop {
            if self.document_indicator() || self.peek(0) == Some(b'#') {
                return true;
            }
            // Non-blank characters.
            while let Some(c) = self.peek(0) {
                if is_blank(c) || is_break(c) {
                    break;
                }
                if c == b':' {
                    if self.blankz_at(1) {
                        return true;
                    }
                    if self.peek(1).is_some_and(|n| b",[]{}".contains(&n)) {
                        // YAML 1.2 ends the scalar here; go-yaml keeps the `:`.
                        self.out.rewrites.push(Rewrite::Colon(self.i));
                    }
                } else if c == b'?' {
                    // Ends the scalar and starts a key, which cannot follow a whole entry.
                    let message = if self.stack.last() == Some(&true) {
                        "did not find expected ',' or ']'"
                    } else {
                        "did not find expected ',' or '}'"
                    };
                    self.out.error = Some((self.i, message));
                    return false;
                } else if b",[]{}".contains(&c) {
                    return true;
                }
                self.i += 1;
            }
            // Blanks and line breaks inside the scalar (tabs are left to granit here: go-yaml
            // refuses one that sits left of the block indentation).
            let mut any = false;
            while self.peek(0).is_some_and(|c| is_blank(c) || is_break(c)) {
                self.i += 1;
                any = true;
            }
            if !any || self.peek(0).is_none() {
                return true;
            }
        }
    }
}

/// Puts back the `:` characters that the text granit read had replaced: `colons` are sorted
/// offsets, `span` is the plain scalar's extent in the text, `value` granit's value of it. A
/// plain scalar's value keeps its non-blank characters in order (only blanks and line breaks
/// fold), so the n-th non-blank character of the span is the n-th of the value.
pub(crate) fn restore_colons(
    src: &str,
    span: (usize, usize),
    colons: &[usize],
    value: &str,
) -> String {
    let first = colons.partition_point(|&c| c < span.0);
    let inside: Vec<usize> = colons[first..]
        .iter()
        .copied()
        .take_while(|&c| c < span.1)
        .collect();
    if inside.is_empty() {
        return value.to_owned();
    }
    let text = src.as_bytes();
    let ordinals: Vec<usize> = inside
        .iter()
        .map(|&c| {
            text[span.0..c]
                .iter()
                .filter(|&&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
                .count()
        })
        .collect();
    let mut out = String::with_capacity(value.len());
    let mut n = 0;
    let mut next = 0;
    for ch in value.chars() {
        if matches!(ch, ' ' | '\t' | '\n' | '\r') {
            out.push(ch);
            continue;
        }
        if ordinals.get(next) == Some(&n) {
            out.push(':');
            next += 1;
        } else {
            out.push(ch);
        }
        n += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colons(src: &str) -> Vec<usize> {
        scan(src, src.find(['[', '{']).unwrap())
            .rewrites
            .iter()
            .filter_map(|r| match r {
                Rewrite::Colon(at) => Some(*at),
                Rewrite::Tab(_) => None,
            })
            .collect()
    }

    #[test]
    fn colons_before_flow_indicators_continue_the_scalar() {
        assert_eq!(colons("[fe80::, 1]"), [6]);
        assert_eq!(colons("{a:}"), [2]);
        assert_eq!(colons("[a: b, c:d]"), Vec::<usize>::new());
        assert_eq!(colons("[\"x:\", y::]"), [9]);
        assert_eq!(colons("[a # x:]\n, b:]"), [12]);
    }

    #[test]
    fn question_mark_inside_a_plain_scalar_is_an_error() {
        let s = scan("[http://x?y]", 0);
        assert_eq!(s.error, Some((9, "did not find expected ',' or ']'")));
        let s = scan("{a: b?}", 0);
        assert_eq!(s.error, Some((5, "did not find expected ',' or '}'")));
        assert!(scan("['?', \"?\"]", 0).error.is_none());
    }

    #[test]
    fn colon_starting_a_token_is_the_value_indicator() {
        let s = scan("[::1]", 0);
        assert_eq!(s.error, Some((1, "did not find expected node content")));
        assert!(scan("[\"a\":b, {c: d}]", 0).error.is_none());
        assert!(scan("{a: 1, b: [x]}", 0).error.is_none());
    }

    #[test]
    fn leading_tabs_between_tokens_and_in_quoted_lines() {
        let s = scan("[1,\n\t2, \"a\n\tb\"]", 0);
        assert_eq!(s.rewrites, [Rewrite::Tab(4), Rewrite::Tab(11)]);
        // A tab after text on the line is left alone.
        assert!(scan("[1,\t2]", 0).rewrites.is_empty());
    }

    #[test]
    fn restores_by_non_blank_ordinal() {
        let src = "[a_\n  b_]";
        assert_eq!(restore_colons(src, (1, 8), &[2, 7], "a_ b_"), "a: b:");
        assert_eq!(restore_colons(src, (1, 8), &[], "a_ b_"), "a_ b_");
    }
}
