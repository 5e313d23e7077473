//! The scalars of the fast path: plain (folded over lines as granit folds them), one-line
//! quoted, and `|`/`>` block scalars (granit's `scan_block_scalar` rules, without explicit
//! indentation indicators or leading blank lines).

use std::borrow::Cow;

use granit_parser::{Event, ScalarStyle};

use super::{space_run, Declined, Scanner, Sink, Stop};

/// The first `\n`, `:` or `#` in `b` from `i`: sixteen bytes at a time with SSE2 (part of
/// every x86-64), the last few bytes of the text by [`find_stop_words`]. Keys and values are
/// short, so the search is mostly one or two loads; it was 8 bytes at a time in a general
/// register (~18 instructions a step against ~8 here), and the lines past 64 bytes
/// (descriptions) went to `memchr3`, whose call and setup cost more than the scan of a line.
#[cfg(target_arch = "x86_64")]
#[inline]
fn find_stop(b: &[u8], i: usize) -> Option<usize> {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut p = i;
    // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics are available; the
    // sixteen bytes each load reads are `b[p..p + 16]`, inside `b` (checked by the loop), and
    // `loadu` takes any alignment.
    unsafe {
        let newline = _mm_set1_epi8(b'\n' as i8);
        let colon = _mm_set1_epi8(b':' as i8);
        let hash = _mm_set1_epi8(b'#' as i8);
        while p.saturating_add(16) <= b.len() {
            let v = _mm_loadu_si128(b.as_ptr().add(p).cast::<__m128i>());
            let hits = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, newline), _mm_cmpeq_epi8(v, colon)),
                _mm_cmpeq_epi8(v, hash),
            );
            let mask = _mm_movemask_epi8(hits) as u32;
            if mask != 0 {
                return Some(p + mask.trailing_zeros() as usize);
            }
            p += 16;
        }
    }
    find_stop_words(b, p)
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn find_stop(b: &[u8], i: usize) -> Option<usize> {
    find_stop_words(b, i)
}

/// [`find_stop`] without SIMD: the first bytes are tested eight at a time in a register (the
/// call into `memchr3` and its setup cost ~60 instructions a line, more than the scan itself),
/// the rest of a long line with `memchr3`.
#[inline]
fn find_stop_words(b: &[u8], i: usize) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // Bytes equal to the splatted one become zero; the classic test then flags the zero bytes.
    // It can also flag a byte just above a real zero (a borrow), never one below the first,
    // so the lowest flag is always exact.
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let splat = |c: u8| u64::from_le_bytes([c; 8]);
    let mut p = i;
    let head = b.len().min(i.saturating_add(64));
    while p + 8 <= head {
        let w = u64::from_le_bytes(b[p..p + 8].try_into().expect("eight bytes"));
        let hit = zeros(w ^ splat(b'\n')) | zeros(w ^ splat(b':')) | zeros(w ^ splat(b'#'));
        if hit != 0 {
            return Some(p + (hit.trailing_zeros() / 8) as usize);
        }
        p += 8;
    }
    memchr::memchr3(b'\n', b':', b'#', &b[p..]).map(|n| p + n)
}

impl<'a, S: Sink<'a>> Scanner<'a, '_, S> {
    /// One line of a plain scalar from `q`: where its content ends (trailing blanks excluded),
    /// what stopped it, and where.
    pub(super) fn plain_line(&self, q: usize) -> (usize, Stop, usize) {
        let b = self.b;
        let trim = |mut e: usize| {
            while e > q && b[e - 1] == b' ' {
                e -= 1;
            }
            e
        };
        let mut i = q;
        // Only these three bytes can end a plain scalar's line in block context.
        while let Some(k) = find_stop(b, i) {
            match b[k] {
                b'\n' => return (trim(k), Stop::Eol, k),
                b'#' if k > q && b[k - 1] == b' ' => return (trim(k), Stop::Comment, k),
                b':' if self.blank_or_end(k + 1) => return (trim(k), Stop::Colon, k),
                _ => i = k + 1,
            }
        }
        (trim(b.len()), Stop::Eol, b.len())
    }

    /// A plain scalar value starting at `q`, continued on the following lines that are more
    /// indented than `parent` (granit's `scan_plain_scalar` in block context).
    pub(super) fn plain_value(&mut self, q: usize, parent: usize) -> Result<(), Declined> {
        let (mut end, stop, mut at) = self.plain_line(q);
        let mut folded = false;
        match stop {
            Stop::Colon => return self.no(),
            Stop::Comment => {}
            Stop::Eol => loop {
                // `at` is a line break or the end of the text.
                let len = self.len();
                if at >= len {
                    break;
                }
                let mut breaks = 0;
                let mut p = at + 1;
                let (s, line) = loop {
                    let line = p;
                    let s = self.skip_spaces(p);
                    if s < len && self.b[s] == b'\n' {
                        breaks += 1;
                        p = s + 1;
                        continue;
                    }
                    break (s, line);
                };
                if s >= len || s - line <= parent || self.b[s] == b'#' {
                    break;
                }
                let (e, stop, next) = self.plain_line(s);
                if stop == Stop::Colon || e == s {
                    return self.no();
                }
                let t = &mut self.text;
                if !folded {
                    folded = true;
                    t.clear();
                    t.push_str(&self.src[q..end]);
                }
                if breaks == 0 {
                    t.push(' ');
                } else {
                    t.extend(std::iter::repeat_n('\n', breaks));
                }
                t.push_str(&self.src[s..e]);
                end = e;
                at = next;
                if stop == Stop::Comment {
                    break;
                }
            },
        }
        let value = if folded {
            Cow::Owned(self.text.as_str().to_owned())
        } else {
            Cow::Borrowed(&self.src[q..end])
        };
        self.emit(
            Event::Scalar(value, ScalarStyle::Plain, 0, None),
            q,
            end,
            None,
        );
        self.pos = end;
        Ok(())
    }

    /// A quoted scalar starting at `q`, the offset after its closing quote, and whether it spans
    /// lines (then it cannot be a key). Continuation lines must be more indented than
    /// `parent`, as granit requires in block context.
    pub(super) fn quoted(
        &self,
        q: usize,
        parent: usize,
    ) -> Result<(Event<'a>, usize, bool), Declined> {
        let b = self.b;
        let len = self.len();
        let single = b[q] == b'\'';
        let mut owned: Option<String> = None;
        // Start of the text not yet copied into `owned`.
        let mut from = q + 1;
        let mut i = q + 1;
        let mut lines = false;
        let close = loop {
            let found = if single {
                memchr::memchr2(b'\'', b'\n', &b[i..])
            } else {
                memchr::memchr3(b'"', b'\\', b'\n', &b[i..])
            };
            let Some(n) = found else {
                return self.no();
            };
            let k = i + n;
            match b[k] {
                b'\n' => {
                    // Folding: blanks around the break go, one break is a space, more breaks
                    // are kept (but the first).
                    let mut e = k;
                    while e > from && b[e - 1] == b' ' {
                        e -= 1;
                    }
                    let o = owned.get_or_insert_with(String::new);
                    o.push_str(&self.src[from..e]);
                    let mut breaks = 0;
                    let mut p = k + 1;
                    let s = loop {
                        let s = self.skip_spaces(p);
                        if s < len && b[s] == b'\n' {
                            breaks += 1;
                            p = s + 1;
                            continue;
                        }
                        break s;
                    };
                    if s >= len || s - p <= parent {
                        return self.no();
                    }
                    if breaks == 0 {
                        o.push(' ');
                    } else {
                        o.extend(std::iter::repeat_n('\n', breaks));
                    }
                    lines = true;
                    from = s;
                    i = s;
                }
                b'\'' if b.get(k + 1) == Some(&b'\'') => {
                    let o = owned.get_or_insert_with(String::new);
                    o.push_str(&self.src[from..=k]);
                    i = k + 2;
                    from = i;
                }
                b'\\' => {
                    let c = match b.get(k + 1) {
                        Some(b'\\') => '\\',
                        Some(b'"') => '"',
                        Some(b'/') => '/',
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        // controller-gen keeps a continuation line's leading blank this way.
                        Some(b' ') => ' ',
                        _ => return self.no(),
                    };
                    let o = owned.get_or_insert_with(String::new);
                    o.push_str(&self.src[from..k]);
                    o.push(c);
                    i = k + 2;
                    from = i;
                }
                _ => break k,
            }
        };
        let value = match owned {
            Some(mut o) => {
                o.push_str(&self.src[from..close]);
                Cow::Owned(o)
            }
            None => Cow::Borrowed(&self.src[q + 1..close]),
        };
        let style = if single {
            ScalarStyle::SingleQuoted
        } else {
            ScalarStyle::DoubleQuoted
        };
        Ok((Event::Scalar(value, style, 0, None), close + 1, lines))
    }

    /// A `|` or `>` block scalar whose header is at `h`; `parent` is the indentation of the
    /// innermost collection.
    pub(super) fn block_scalar(&mut self, h: usize, parent: usize) -> Result<(), Declined> {
        let b = self.b;
        let len = self.len();
        let literal = b[h] == b'|';
        let mut i = h + 1;
        let mut chomp = Chomp::Clip;
        let mut increment = 0;
        for _ in 0..2 {
            match b.get(i) {
                Some(b'-') if chomp == Chomp::Clip => chomp = Chomp::Strip,
                Some(b'+') if chomp == Chomp::Clip => chomp = Chomp::Keep,
                Some(&d @ b'1'..=b'9') if increment == 0 => increment = usize::from(d - b'0'),
                _ => break,
            }
            i += 1;
        }
        i = self.skip_spaces(i);
        if i >= len || b[i] != b'\n' {
            // A comment, or the end of the text.
            return self.no();
        }
        let mut trailing_breaks = 0;
        let (start, indent) = if increment > 0 {
            // `|2-`: the indentation is the parent's plus the indicator; blank lines may come
            // first (they are content).
            let indent = parent + increment;
            let (start, col) = self.block_indent(i + 1, indent, &mut trailing_breaks);
            if start >= len || col != indent {
                return self.no();
            }
            (start, indent)
        } else {
            let line = i + 1;
            let start = self.skip_spaces(line);
            let indent = start - line;
            if start >= len || b[start] == b'\n' || indent <= parent {
                // Leading blank lines, or no content: granit's rules for those are subtle.
                return self.no();
            }
            (start, indent)
        };
        let mut string = std::mem::take(&mut self.text);
        string.clear();
        let mut leading_break = false;
        let mut leading_blank = false;
        let mut p = start;
        let mut col = indent;
        while col == indent && p < len {
            let trailing_blank = b[p] == b' ';
            if !literal && leading_break && !leading_blank && !trailing_blank {
                string.extend(std::iter::repeat_n('\n', trailing_breaks));
                if trailing_breaks == 0 {
                    string.push(' ');
                }
            } else {
                if leading_break {
                    string.push('\n');
                }
                string.extend(std::iter::repeat_n('\n', trailing_breaks));
            }
            leading_break = false;
            trailing_breaks = 0;
            leading_blank = b[p] == b' ';
            let eol = memchr::memchr(b'\n', &b[p..]).map_or(len, |n| p + n);
            string.push_str(&self.src[p..eol]);
            p = eol;
            if p >= len {
                break;
            }
            p += 1;
            leading_break = true;
            (p, col) = self.block_indent(p, indent, &mut trailing_breaks);
        }
        if chomp != Chomp::Strip {
            // The last content line ended the text without a line break.
            if !leading_break && p >= len {
                string.push('\n');
            }
            if leading_break {
                string.push('\n');
            }
        }
        if chomp == Chomp::Keep {
            string.extend(std::iter::repeat_n('\n', trailing_breaks));
        }
        let hint = (!string.trim().is_empty()).then_some(indent);
        let style = if literal {
            ScalarStyle::Literal
        } else {
            ScalarStyle::Folded
        };
        let value = string.as_str().to_owned();
        self.text = string;
        self.emit(
            Event::Scalar(Cow::Owned(value), style, 0, None),
            start,
            p,
            hint,
        );
        self.pos = p;
        Ok(())
    }

    /// Skips at most `indent` spaces of each line from the line start `p`, and the lines that
    /// hold nothing more, counting them; returns where it stopped and its column.
    fn block_indent(&self, mut p: usize, indent: usize, breaks: &mut usize) -> (usize, usize) {
        let len = self.len();
        loop {
            let line = p;
            p = space_run(self.b, p, len.min(line.saturating_add(indent)));
            if p < len && self.b[p] == b'\n' {
                *breaks += 1;
                p += 1;
                continue;
            }
            return (p, p - line);
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Chomp {
    Strip,
    Clip,
    Keep,
}

#[cfg(test)]
mod tests {
    use super::{find_stop, find_stop_words};

    /// Both searches find what `memchr3` finds, from every start.
    #[test]
    fn find_stop_matches_memchr3() {
        let long = format!("{}: x\n", "k".repeat(100));
        let texts = [
            "",
            "a",
            "name: x",
            "a#b",
            "description: a long line of text without any stop byte here at all\n",
            "\u{1}\u{0}:\u{ff}\n",
            "x: y # c\n",
            long.as_str(),
        ];
        for text in texts {
            let b = text.as_bytes();
            for i in 0..=b.len() {
                let want = memchr::memchr3(b'\n', b':', b'#', &b[i..]).map(|n| i + n);
                assert_eq!(find_stop(b, i), want, "{text:?} {i}");
                assert_eq!(find_stop_words(b, i), want, "{text:?} {i}");
            }
        }
        // Every byte value just before and after a stop byte, at every lane of two vector
        // loads, of eight words and of the tail; and no stop byte at all.
        for lane in 0..39 {
            for x in 0..=255u8 {
                let mut b = vec![b'a'; 40];
                b[lane] = x;
                b[lane + 1] = b':';
                let want = memchr::memchr3(b'\n', b':', b'#', &b);
                assert_eq!(find_stop(&b, 0), want, "{lane} {x}");
                assert_eq!(find_stop_words(&b, 0), want, "{lane} {x}");
                b[lane + 1] = b'a';
                let want = memchr::memchr3(b'\n', b':', b'#', &b);
                assert_eq!(find_stop(&b, 0), want, "{lane} {x}");
            }
        }
    }
}
