//! From a byte offset inside a decoded YAML scalar (a CEL rule as the API server sees it) back to
//! the byte offset in the file, so a caret lands on the offending token even inside a quoted or
//! block scalar.
//!
//! The scalar's raw text (`src[span]`, quotes included; block scalars from the first content
//! character, see the YAML loader's span conventions) is decoded again here character by
//! character, following YAML's rules for each style: escapes and `''` in quoted scalars, line
//! folding (a single line break between text becomes a space, blank lines become `\n`, leading
//! and trailing blanks around breaks are dropped), and block indentation. The first raw position
//! whose decoded offset reaches the target is the answer. Anything unexpected falls back to the
//! scalar's start, so a diagnostic is never misplaced outside the scalar.

use crate::yaml::{Node, Span, Style};

/// The file span (one character wide when possible) of decoded byte `offset` of the scalar
/// `node`.
pub fn rule_offset_to_span(src: &str, node: &Node, offset: usize) -> Span {
    offset_to_span(src, node.span(), node.style(), offset)
}

/// [`rule_offset_to_span`] for a scalar known by its span and style.
pub fn offset_to_span(src: &str, span: Span, style: Style, offset: usize) -> Span {
    let at = |p: usize| {
        let end = src[p..].chars().next().map_or(p, |c| p + c.len_utf8());
        Span::new(p, end.min(span.end().max(p)))
    };
    if span.is_empty()
        || span.end() > src.len()
        || !src.is_char_boundary(span.start())
        || !src.is_char_boundary(span.end())
    {
        return span;
    }
    let raw = &src[span.range()];
    let map = match style {
        Style::Literal | Style::Folded => decode_block(src, span, style == Style::Folded),
        Style::SingleQuoted => decode_flow(raw, Quote::Single),
        Style::DoubleQuoted => decode_flow(raw, Quote::Double),
        _ => decode_flow(raw, Quote::None),
    };
    // map[i] = raw offset (relative to span.start) of the i-th decoded byte.
    match map.get(offset) {
        Some(&r) => at(span.start() + r),
        None => match map.last() {
            Some(&r) => at(span.start() + r),
            None => at(span.start()),
        },
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Quote {
    None,
    Single,
    Double,
}

/// Decodes a plain or quoted scalar, returning for each decoded byte the raw offset it came
/// from.
fn decode_flow(raw: &str, q: Quote) -> Vec<usize> {
    let b = raw.as_bytes();
    let (mut i, end) = match q {
        Quote::None => (0, b.len()),
        _ => (1, b.len().saturating_sub(1).max(1)),
    };
    let mut out: Vec<usize> = Vec::with_capacity(raw.len());
    let push = |out: &mut Vec<usize>, pos: usize, n: usize| {
        for _ in 0..n {
            out.push(pos);
        }
    };
    while i < end {
        let c = b[i];
        if c == b'\n' || c == b'\r' {
            // Line folding: drop trailing blanks already emitted, count breaks, skip indentation.
            while let Some(&last) = out.last() {
                if matches!(b[last], b' ' | b'\t')
                    && !(q == Quote::Double && last > 0 && b[last - 1] == b'\\')
                {
                    out.pop();
                } else {
                    break;
                }
            }
            let mut breaks = 0;
            let mut j = i;
            while j < end && matches!(b[j], b'\n' | b'\r' | b' ' | b'\t') {
                if b[j] == b'\n' {
                    breaks += 1;
                }
                j += 1;
            }
            if breaks <= 1 {
                out.push(i);
            } else {
                push(&mut out, i, breaks - 1);
            }
            i = j;
            continue;
        }
        if q == Quote::Single && c == b'\'' && b.get(i + 1) == Some(&b'\'') {
            out.push(i);
            i += 2;
            continue;
        }
        if q == Quote::Double && c == b'\\' && i + 1 < end {
            let e = b[i + 1];
            let (len, decoded): (usize, usize) = match e {
                b'x' => (4, utf8_len_hex(&raw[i + 2..(i + 4).min(end)])),
                b'u' => (6, utf8_len_hex(&raw[i + 2..(i + 6).min(end)])),
                b'U' => (10, utf8_len_hex(&raw[i + 2..(i + 10).min(end)])),
                b'\n' | b'\r' => {
                    // Escaped line break: joins lines without a space.
                    let mut j = i + 1;
                    while j < end && matches!(b[j], b'\n' | b'\r' | b' ' | b'\t') {
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                b'N' | b'_' => (2, 3),
                b'L' | b'P' => (2, 3),
                _ => (2, 1),
            };
            push(&mut out, i, decoded);
            i += len;
            continue;
        }
        let n = utf8_width(c);
        push(&mut out, i, n);
        i += n;
    }
    out
}

fn utf8_len_hex(h: &str) -> usize {
    u32::from_str_radix(h, 16)
        .ok()
        .and_then(char::from_u32)
        .map_or(1, char::len_utf8)
}

fn utf8_width(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// Decodes a block scalar whose span starts at its first content character.
fn decode_block(src: &str, span: Span, folded: bool) -> Vec<usize> {
    let line_start = src[..span.start()].rfind('\n').map_or(0, |p| p + 1);
    let indent = span.start() - line_start;
    let mut out = Vec::new();
    let mut pos = span.start();
    let mut first = true;
    let mut prev_more_indented = false;
    let mut pending_breaks: Vec<usize> = Vec::new();
    while pos < span.end() {
        let line_end = src[pos..].find('\n').map_or(src.len(), |p| pos + p);
        let line = &src[pos..line_end.min(src.len())];
        let content_start = if first { 0 } else { indent.min(line.len()) };
        let content = &line[content_start..];
        let is_blank = content.trim().is_empty();
        let more_indented = content.starts_with(' ') || content.starts_with('\t');
        if is_blank {
            pending_breaks.push(pos.saturating_sub(1).max(span.start()) - span.start());
        } else {
            if !first {
                if folded && pending_breaks.is_empty() && !more_indented && !prev_more_indented {
                    out.push(pos - 1 - span.start()); // the folded line break: a space
                } else {
                    if !folded || more_indented || prev_more_indented {
                        out.push(pos - 1 - span.start());
                    }
                    for p in &pending_breaks {
                        out.push(*p);
                    }
                }
            }
            pending_breaks.clear();
            let base = pos + content_start - span.start();
            for (i, c) in content.char_indices() {
                for _ in 0..c.len_utf8() {
                    out.push(base + i);
                }
            }
            prev_more_indented = more_indented;
            first = false;
        }
        pos = line_end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(src: &str, span: Span, style: Style, decoded: &str, needle: &str) {
        let off = decoded.find(needle).unwrap();
        let s = offset_to_span(src, span, style, off);
        assert!(
            src[s.start()..].starts_with(needle),
            "{needle:?} -> {:?}",
            &src[s.start()..]
        );
    }

    #[test]
    fn plain_and_quoted() {
        let src = "rule: self.a == 'x'\n";
        check(src, Span::new(6, 19), Style::Plain, "self.a == 'x'", "'x'");
        let src = "rule: 'self.a == ''x'' && b'\n";
        check(
            src,
            Span::new(6, 28),
            Style::SingleQuoted,
            "self.a == 'x' && b",
            "&& b",
        );
        let src = "rule: \"self.a == \\\"x\\\" && b\"\n";
        check(
            src,
            Span::new(6, 28),
            Style::DoubleQuoted,
            "self.a == \"x\" && b",
            "&& b",
        );
    }

    #[test]
    fn multiline() {
        let src = "rule: self.a\n  && self.b\n";
        check(
            src,
            Span::new(6, 24),
            Style::Plain,
            "self.a && self.b",
            "self.b",
        );
        let src = "rule: |\n  self.a &&\n  self.b\n";
        check(
            src,
            Span::new(10, 29),
            Style::Literal,
            "self.a &&\nself.b",
            "self.b",
        );
        let src = "rule: >-\n  self.a &&\n  self.b\n";
        check(
            src,
            Span::new(11, 30),
            Style::Folded,
            "self.a && self.b",
            "self.b",
        );
    }
}
