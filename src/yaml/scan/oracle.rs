//! The fast path's oracle: granit's own reading of the same text.
//!
//! [`compare_with_granit`] runs [`scan`](super::scan) and granit-parser (with the loader's
//! options) over a text and checks that every document the fast path delivered completely is
//! the same, event for event and span for span (granit's line/column/character markers derived
//! from the scanner's byte offsets), as granit's, and that where it declined granit
//! starts the next document. The unit tests, `tests/yaml_scan.rs` (the test data and the corpus)
//! and the `yaml_scan` fuzz target all use it.

use granit_parser::{Event, Marker, Parser, Span as GSpan};

use super::{granit_options, Declined, Sink, DEFAULT_MAX_DEPTH};

/// How much of a text the fast path read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Documents it delivered completely.
    pub docs: usize,
    /// Bytes before the document where it declined (the whole text if it did not).
    pub bytes: usize,
    /// Where it declined, if it did.
    pub declined_at: Option<usize>,
    /// The scanner's check that declined (`file:line`).
    pub declined_by: Option<String>,
}

struct Collect<'a> {
    src: &'a [u8],
    ascii: bool,
    cur: Cursor,
    events: Vec<(Event<'a>, GSpan)>,
    /// Events up to the end of the last complete document.
    complete: usize,
    docs: usize,
}

impl<'a> Sink<'a> for Collect<'a> {
    fn event(&mut self, ev: Event<'a>, start: usize, end: usize, indent: Option<usize>) {
        let s = self.cur.mark(self.src, self.ascii, start);
        let e = self.cur.mark(self.src, self.ascii, end);
        let span = GSpan::new(s, e).with_indent(indent);
        let end = matches!(ev, Event::DocumentEnd);
        self.events.push((ev, span));
        if end {
            self.complete = self.events.len();
            self.docs += 1;
        }
    }
}

/// Checks the fast path against granit on `src`; the error says where they differ.
pub fn compare_with_granit(src: &str) -> Result<Coverage, String> {
    let mut fast = Collect {
        src: src.as_bytes(),
        ascii: src.is_ascii(),
        cur: Cursor::default(),
        events: Vec::new(),
        complete: 0,
        docs: 0,
    };
    let result = super::scan(src, &mut fast);
    let (upto, coverage) = match result {
        Ok(()) => (
            fast.events.len(),
            Coverage {
                docs: fast.docs,
                bytes: src.len(),
                declined_at: None,
                declined_by: None,
            },
        ),
        Err(Declined { at, by }) => (
            fast.complete,
            Coverage {
                docs: fast.docs,
                bytes: at,
                declined_at: Some(at),
                declined_by: Some(format!("{}:{}", by.file(), by.line())),
            },
        ),
    };
    let opts = granit_options(DEFAULT_MAX_DEPTH);
    let mut parser = Parser::new_from_str_with_options(src, opts);
    for (i, (ev, span)) in fast.events[..upto].iter().enumerate() {
        match parser.next_event() {
            Some(Ok((gev, gspan))) => {
                if (&gev, &gspan) != (ev, span) {
                    return Err(format!(
                        "event {i}: fast {ev:?} {} / granit {gev:?} {}",
                        show(span),
                        show(&gspan)
                    ));
                }
            }
            Some(Err(e)) => {
                return Err(format!(
                    "event {i}: fast {ev:?} {} / granit fails: {e}",
                    show(span)
                ))
            }
            None => return Err(format!("event {i}: fast {ev:?} / granit ended")),
        }
    }
    match (result, parser.next_event()) {
        (Ok(()), None) => {}
        (Ok(()), Some(next)) => {
            return Err(format!("fast ended, granit goes on with {next:?}"));
        }
        (Err(Declined { at, .. }), next) if at > 0 => match next {
            Some(Ok((Event::DocumentStart(true, _), gspan)))
                if gspan.byte_range().is_some_and(|r| r.start == at) => {}
            other => {
                return Err(format!(
                    "declined at {at}, where granit does not start a document: {other:?}"
                ))
            }
        },
        (Err(_), _) => {}
    }
    Ok(coverage)
}

/// UTF-8 continuation bytes in `b`.
fn continuation_bytes(b: &[u8]) -> usize {
    b.iter().filter(|&&x| (x as i8) < -0x40).count()
}

/// Turns byte offsets into granit's markers (character index, 1-based line, column in
/// characters), moving forward through the text as events arrive.
#[derive(Clone, Copy, Default)]
struct Cursor {
    byte: usize,
    chars: usize,
    /// Line breaks before `byte`.
    line: usize,
    /// Character index where the line of `byte` starts.
    line_chars: usize,
}

impl Cursor {
    fn mark(&mut self, b: &[u8], ascii: bool, to: usize) -> Marker {
        if to < self.byte {
            // Spans out of order: count again from the start.
            *self = Cursor::default();
        }
        let part = &b[self.byte..to];
        // Characters start at every byte but UTF-8 continuation bytes.
        let last_break = memchr::memrchr(b'\n', part);
        let (cont_to_line, cont_after) = match (ascii, last_break) {
            (true, _) => (0, 0),
            (false, Some(last)) => (
                continuation_bytes(&part[..=last]),
                continuation_bytes(&part[last + 1..]),
            ),
            (false, None) => (0, continuation_bytes(part)),
        };
        match last_break {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', part).count();
                self.line_chars = self.chars + last + 1 - cont_to_line;
                self.chars = self.line_chars + (part.len() - last - 1) - cont_after;
            }
            None => self.chars += part.len() - cont_after,
        }
        self.byte = to;
        Marker::new(self.chars, self.line + 1, self.chars - self.line_chars)
            .with_byte_offset(Some(to))
    }
}

fn show(span: &GSpan) -> String {
    format!(
        "{:?} (line {} col {} .. line {} col {}, indent {:?})",
        span.byte_range(),
        span.start.line(),
        span.start.col(),
        span.end.line(),
        span.end.col(),
        span.indent
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts the fast path must read completely (each is compared with granit too).
    const READ: &[&str] = &[
        "a: b\n",
        "a: b",
        "apiVersion: v1\nkind: \"Foo\"   # c\nmetadata:\n  name: x\n  labels:\n    a: 'b'\n  empty:\nspec:\n  - a\n  - b: c\n    d: e\n  - - x\n    - y\nlist:\n- y\n- z\ntext: |\n  hello\n   world\n\nfold: >-\n  a\n  b\n\n  c\n   d\n# comment\n---\nk: v\nlong: plain\n  continued\n\n\n  again # c\n",
        "\n# lead\n\nk: v\nm:\n  a: b   \n\n# trailing\n\n",
        "---\nk:\n- a\n-   b\n---\n- x\n- y:\n  z: 1\n",
        "a: 1\n---\n",
        "a: 1\n---\n# c\n",
        "a:   \nb: 2\n",
        "a: b\n c\n\n  d #x\n",
        "a: \"x y\" # c\nb: 'it''s'\nc: \"q\\\"\\\\\\n\\t\\/\"\n",
        "k:\n- a\n- b\nj: 1\n",
        "x: |+\n  a\n\n\ny: |-\n  b\n  \n   c\nz: >+\n  f\n  g\n\n",
        "last: |\n  no newline",
        "last: >\n  two\n   more\n  lines",
        "- a: 1\n  b:\n  - c\n  - d: |\n      x\n- 'q': \"r\"\n",
        "key with spaces: v\n-dash: -1\nurl: http://x:80/#a\n",
        "a: \"x\n  y\"\nb: 'p  \n\n   q ''r'' \n  s'\nc:\n- \"d \\\"e\n\n\n   f\"\n",
        "a: {}\nb: []\nc:\n- {}\n- []  # x\n",
        "a: [1, 2]\nb: {c: d}\n",
        "a: [\"v1\", x, 'y', -1, \"\"]\nb: {\"k\": \"v\", b: c, 'q': [ ]}\nz: 1\n",
        "- [a, [b, c], {d: e, f: {}}, []]\n- { }\n- [ \"x\" ]   # c\n",
        "a: [a, ]\nb: {a: b,}\nc: {\"a\":b, 'c':\"d\"}\n",
        "a: [a,\n  b]\nk:\n  a: [a,\n   b]\n",
        "a: [\n\"x\",\n]\nb: {\n  \"k\": \"v\",\n  x: [1, 2]\n}\nc: 1\n",
        "a: [a, # c\n\n  # d\n  b # e\n  ]\n",
        "a: {a:\n  b}\n",
        "a: [\"x\n  y\", 'p\n\n   q']\n",
        "a:\n  [x, y]\nb:\n  {x: y}\n",
        "a: [http://x:80/a, a:b, a#b, {x: a:b}]\n",
        "a: [ü, \"é\", {ñ: ß}]\n",
        "{\"a\": 1}\n",
        "{\n  \"a\": [1, 2],\n  \"b\": {\"c\": \"d\"}\n}\n",
        "[1]\n---\n{\"a\": 1} # c\n\n# d\n---\nb: 2\n---\n[]",
        "---\n{}\n---\n- []\n",
        "a : b\nc  :\n  d\ne :   # x\n- k : v\n",
        "x:\n  - ::/0\n  - :a\n  - ?b\ny: :c\n:d: e\n",
        "a: \"x\n  \\  y\\ \n  z\"\n",
        "a:\n  b: |2-\n\n      x\n     y\n  c: >1+\n    z\n\n",
        "a: \u{a0}\u{2027}\u{fffd}\u{1f600}\n",
        "ü: é # ñ\nlong: à\n  ß\n",
    ];

    /// Texts it must decline at their first document (granit reads them).
    const DECLINE: &[&str] = &[
        "",
        "# only a comment\n",
        "a: &x 1\nb: *x\n",
        "a: [&x 1]\n",
        "a: {b: *x}\n",
        "a: [!!str 1]\n",
        "a: [? b]\n",
        "a: [a: b]\n",
        "a: [\"a\": b]\n",
        "a: {a}\n",
        "a: {a: }\n",
        "a: {a:}\n",
        "a: {a :b}\n",
        "a: [a,,b]\n",
        "a: [,]\n",
        "a: [a\n  b]\n",
        "a: [a,#c\n b]\n",
        "a: [\"x\"#c\n]\n",
        "a: [a\n---\n]\n",
        "a: [a\n",
        "a: [a] b\n",
        "a: [a]: b\n",
        "[a]: b\n",
        "a: {x: [a}]\n",
        "a: [-]\n",
        "a: [-, a]\n",
        "a: [fe80::, 1]\n",
        "a: [::1]\n",
        "a: [http://x?y]\n",
        "a: [a]#c\n",
        "{\"a\": 1}\n...\n",
        "{\"a\": 1} x\n",
        "{\"a\": 1}\nb: 2\n",
        " {\"a\": 1}\n",
        "{\"a\": 1}: 2\n",
        "a: !!str 1\n",
        "%YAML 1.1\n---\na: 1\n",
        "a:\tb\n",
        "a: b\r\n",
        "? a\n: b\n",
        "a: \"x\\\n  y\"\n",
        "a:\n  - \"x\n  y\"\n",
        // Continuation lines at or left of the block: go-yaml reads them (granit after the
        // loader's rewrite, `yaml::quoted`); the fast path leaves them to that path.
        "a:\n  k: 'x\n  y'\n",
        "k: \"x\ny\"\n",
        "a: |0\n   x\n",
        "a: |2\n x\n",
        "plain scalar\n",
        "a: b: c\n",
        "\"a\" : b\n",
        "? a\n",
        "a: b\n  c: d\n",
        "a:\n  - x\n   y: 1\n",
        "-\n  a: 1\n",
        "a: 1\n...\n",
        "\u{feff}a: 1\n",
        "a: \u{85}\n",
        "a: x\u{2028}y\n",
        "a: \u{ffff}\n",
        "a: \u{7f}\n",
        "a: \u{1}\n",
    ];

    #[test]
    fn the_subset_reads_as_granit_reads_it() {
        for src in READ {
            let cov = compare_with_granit(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
            assert_eq!(cov.declined_at, None, "{src:?} was declined");
        }
    }

    #[test]
    fn everything_else_is_declined_before_its_first_document() {
        for src in DECLINE {
            let cov = compare_with_granit(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
            assert_eq!(cov.declined_at, Some(0), "{src:?}");
        }
    }

    #[test]
    fn a_declined_document_hands_over_at_its_marker() {
        let src = "a: 1\n---\nb: 2\n---\nc: [&x 3]\n---\nd: 4\n";
        let cov = compare_with_granit(src).unwrap();
        assert_eq!(cov.docs, 2);
        assert_eq!(cov.declined_at, Some(src.find("---\nc").unwrap()));
    }
}
