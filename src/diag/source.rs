//! Byte offsets to lines and columns, computed only when printing: a file's line table is built
//! only when enough positions in it are asked for, so the files of a run that have nothing to
//! print never pay for one, and a file with a few findings pays for counting the line breaks
//! before them (SIMD, ~0.1 instruction a byte) rather than for a table of every line (~0.6 a
//! byte: building the tables of the 35 CRD files with findings was 17 M instructions, all on
//! one core, of a 10,000-resource run's report).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::Span;

/// A file's text and where its lines start.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as given or found (or `--stdin-filename`), used in every report.
    pub name: String,
    pub text: String,
    /// Byte offset of each line's start, built on first use. 32 bits, and sized exactly: a file
    /// of empty lines would otherwise cost 16 bytes of index per byte of input (inputs are
    /// capped far below 4 GiB; offsets past it saturate).
    line_starts: std::sync::OnceLock<Vec<u32>>,
    /// Characters before every [`CHAR_MARK`]-th byte, built with the line table when the text
    /// is not ASCII: a column inside a long line (one-line JSON) is then counted from the
    /// nearest mark, not from the line's start (which made a finding per key of a 1.4 MB line
    /// quadratic: 4.9 s, issue 26). Empty for ASCII text, whose columns are byte distances.
    char_marks: std::sync::OnceLock<CharMarks>,
    /// How many bytes lookups without the table have counted through: once that is a few
    /// times the text, the table is cheaper and is built.
    counted: Counted,
    /// Lines of the file before `text`: 0 for a whole file; for one chunk of a stream read a
    /// chunk at a time ([`SourceFile::window`]), the lines of the chunks before it. Offsets
    /// stay relative to `text`; lines are the file's.
    first_line: usize,
    /// For a file whose text is gone ([`SourceFile::resolved`]): the line and column of each
    /// offset its findings use, offset `i` at index `i`. Empty otherwise.
    resolved: Vec<LineCol>,
}

/// A byte count that a clone starts again from zero (a clone has the same text, and whether
/// its table pays is its own lookups' business).
#[derive(Debug, Default)]
struct Counted(AtomicUsize);

impl Clone for Counted {
    fn clone(&self) -> Self {
        Counted::default()
    }
}

/// Lookups by counting may read this many times the text before the table is built instead.
const COUNT_BUDGET: usize = 4;

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> Self {
        SourceFile {
            name: name.into(),
            text,
            line_starts: std::sync::OnceLock::new(),
            char_marks: std::sync::OnceLock::new(),
            counted: Counted::default(),
            first_line: 0,
            resolved: Vec::new(),
        }
    }

    /// One piece of a longer file: `text` starts after `first_line` lines of it. Offsets are
    /// `text`'s; [`SourceFile::line_col`] answers with the file's line numbers, and
    /// [`SourceFile::line_range`] takes them.
    pub fn window(name: impl Into<String>, text: String, first_line: usize) -> Self {
        SourceFile {
            first_line,
            ..SourceFile::new(name, text)
        }
    }

    /// A file whose text is gone but whose positions are known: offset `i` is at
    /// `positions[i]` (a stream's findings, kept for a report written at the end of the run,
    /// point at these offsets instead of into the text).
    pub fn resolved(name: impl Into<String>, positions: Vec<LineCol>) -> Self {
        SourceFile {
            resolved: positions,
            ..SourceFile::new(name, String::new())
        }
    }

    /// Lines of the file before this text ([`SourceFile::window`]).
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| line_starts_of(&self.text))
    }

    /// Line and column of a byte offset (clamped to the text), with the lines before a
    /// window counted.
    pub fn line_col(&self, offset: usize) -> LineCol {
        if let Some(last) = self.resolved.len().checked_sub(1) {
            return self.resolved[offset.min(last)];
        }
        let mut at = self.line_col_in_text(offset);
        at.line += self.first_line;
        at
    }

    /// Line and column of a byte offset of the text, its first line being 1.
    fn line_col_in_text(&self, offset: usize) -> LineCol {
        if let Some(starts) = self.line_starts.get() {
            return self.line_col_table(starts, offset);
        }
        let offset = offset.min(self.text.len());
        let counted = self.counted.0.fetch_add(offset, Ordering::Relaxed);
        if counted.saturating_add(offset) <= self.text.len().saturating_mul(COUNT_BUDGET) {
            return line_col_counted(&self.text, offset);
        }
        self.line_col_table(self.line_starts(), offset)
    }

    /// [`line_col_in`] with the column counted from the nearest character mark.
    fn line_col_table(&self, starts: &[u32], offset: usize) -> LineCol {
        let marks = self.char_marks.get_or_init(|| CharMarks::of(&self.text));
        line_col_marked(&self.text, starts, marks, offset)
    }

    /// Start and end positions of a span. An empty span ends where it starts.
    pub fn span_lines(&self, span: Span) -> (LineCol, LineCol) {
        (self.line_col(span.start()), self.line_col(span.end()))
    }

    /// The byte range of 1-based `line` (of the file: a window's lines start after
    /// [`SourceFile::first_line`]), without its line break.
    pub fn line_range(&self, line: usize) -> Span {
        let line = line.saturating_sub(self.first_line).max(1);
        let line_starts = self.line_starts();
        let start = line_starts[(line - 1).min(line_starts.len() - 1)] as usize;
        let end = line_starts
            .get(line)
            .map(|e| *e as usize - 1)
            .unwrap_or(self.text.len());
        let end = if end > start && self.text.as_bytes()[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        Span::new(start, end.max(start))
    }

    pub fn line_count(&self) -> usize {
        self.line_starts().len()
    }
}

/// Bytes between two character marks.
const CHAR_MARK: usize = 4096;

/// The number of characters before each multiple of [`CHAR_MARK`] (none for ASCII text).
#[derive(Clone, Debug, Default)]
struct CharMarks {
    ascii: bool,
    before: Vec<u32>,
}

impl CharMarks {
    fn of(text: &str) -> CharMarks {
        if text.is_ascii() {
            return CharMarks {
                ascii: true,
                before: Vec::new(),
            };
        }
        let mut count = 0usize;
        let before = text
            .as_bytes()
            .chunks(CHAR_MARK)
            .map(|chunk| {
                let at = offset32(count);
                count += char_starts(chunk);
                at
            })
            .collect();
        CharMarks {
            ascii: false,
            before,
        }
    }

    /// The characters that start before byte `at` of `text`.
    fn chars_before(&self, text: &str, at: usize) -> usize {
        let k = at / CHAR_MARK;
        let base = self.before.get(k).map_or(0, |c| *c as usize);
        base + char_starts(&text.as_bytes()[k * CHAR_MARK..at])
    }
}

/// The characters that start in `bytes` (every byte but UTF-8 continuation bytes).
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| (**b as i8) >= -0x40).count()
}

/// [`line_col_in`], counting a long line's columns from the character marks.
fn line_col_marked(text: &str, line_starts: &[u32], marks: &CharMarks, offset: usize) -> LineCol {
    let offset = offset.min(text.len());
    let line = match line_starts.binary_search(&offset32(offset)) {
        Ok(i) => i,
        Err(i) => i - 1,
    };
    let start = (line_starts[line] as usize).min(offset);
    let mut end = offset;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let column = if marks.ascii {
        end - start + 1
    } else if end - start <= 2 * CHAR_MARK {
        column(text, start, offset)
    } else {
        marks.chars_before(text, end) - marks.chars_before(text, start) + 1
    };
    LineCol {
        line: line + 1,
        column,
    }
}

/// Line and column of each of `offsets` in `text` (each clamped to it): for the few positions
/// a run notes in a file whose text it does not keep. The line breaks are counted once, in
/// offset order, up to the last offset; no table is built.
pub fn line_cols(text: &str, offsets: &[usize]) -> Vec<LineCol> {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_unstable_by_key(|&i| offsets[i]);
    let mut out = vec![LineCol::default(); offsets.len()];
    // Where counting has reached, how many line breaks are before it, and how many characters
    // of its line are before it (counted on from the previous offset, so that many offsets on
    // one long line cost one pass over it, not one each).
    let (mut at, mut breaks, mut chars) = (0, 0, 0);
    for i in order {
        let mut offset = offsets[i].min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let gap = &text.as_bytes()[at.min(offset)..offset];
        breaks += memchr::memchr_iter(b'\n', gap).count();
        if let Some(last) = memchr::memrchr(b'\n', gap) {
            let line_start = at + last + 1;
            chars = char_starts(&text.as_bytes()[line_start..offset]);
        } else {
            chars += char_starts(gap);
        }
        at = at.max(offset);
        out[i] = LineCol {
            line: breaks + 1,
            column: chars + 1,
        };
    }
    out
}

/// Line and column of a byte offset of `text` (clamped to it), by counting the line breaks
/// before it.
fn line_col_counted(text: &str, offset: usize) -> LineCol {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    LineCol {
        line: memchr::memchr_iter(b'\n', before).count() + 1,
        column: column(text, line_start, offset),
    }
}

/// Where each line of `text` starts: at 0 and after every `\n` (a lone `\r` does not end a line;
/// `line_range` drops the `\r` of a `\r\n`). `memchr` finds the breaks a word at a time: the
/// byte-by-byte scan was 6% of a lint run.
fn line_starts_of(text: &str) -> Vec<u32> {
    let text = text.as_bytes();
    let lines = memchr::memchr_iter(b'\n', text).count();
    let mut starts = Vec::with_capacity(lines + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', text).map(|i| offset32(i + 1)));
    starts
}

/// Line and column of a byte offset of `text` (clamped to it), given its line starts: the
/// definition [`line_col_marked`] must agree with.
#[cfg(test)]
fn line_col_in(text: &str, line_starts: &[u32], offset: usize) -> LineCol {
    let offset = offset.min(text.len());
    let line = match line_starts.binary_search(&offset32(offset)) {
        Ok(i) => i,
        Err(i) => i - 1,
    };
    let start = (line_starts[line] as usize).min(offset);
    LineCol {
        line: line + 1,
        column: column(text, start, offset),
    }
}

/// The 1-based column of `offset` in the line starting at `line_start`: characters, and an
/// offset inside a character counts as that character.
fn column(text: &str, line_start: usize, offset: usize) -> usize {
    let mut end = offset;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[line_start..end].chars().count() + 1
}

fn offset32(off: usize) -> u32 {
    u32::try_from(off).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let f = SourceFile::new("x", "ab\nçd: e\n".to_string());
        assert_eq!(f.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(f.line_col(3), LineCol { line: 2, column: 1 });
        // 'd' is after the two-byte 'ç'
        assert_eq!(f.line_col(5), LineCol { line: 2, column: 2 });
        assert_eq!(f.line_range(2), Span::new(3, 9));
        assert_eq!(
            line_cols(&f.text, &[0, 5, 100]),
            [f.line_col(0), f.line_col(5), f.line_col(100)]
        );
    }

    /// A window of a longer file answers with the file's lines, by counting and by its table
    /// alike, and takes them back in `line_range`; a resolved file answers from its positions.
    #[test]
    fn windows_number_lines_as_the_whole_file_does() {
        let whole = "a: 1\n---\nb: 2\nc: çd\n";
        let cut = whole.find("b:").unwrap();
        let file = SourceFile::new("x", whole.to_string());
        let window = SourceFile::window("x", whole[cut..].to_string(), 2);
        assert_eq!(window.first_line(), 2);
        for at in 0..whole.len() - cut {
            assert_eq!(window.line_col(at), file.line_col(cut + at), "{at}");
        }
        // Now with its table built.
        assert_eq!(window.line_count(), file.line_count() - 2);
        let at = whole.len() - cut - 2;
        assert_eq!(window.line_col(at), file.line_col(cut + at));
        let range = window.line_range(4);
        assert_eq!(
            &window.text[range.start()..range.end()],
            &whole[file.line_range(4).start()..file.line_range(4).end()]
        );
        let resolved = SourceFile::resolved(
            "x",
            vec![
                LineCol { line: 7, column: 2 },
                LineCol { line: 9, column: 1 },
            ],
        );
        assert_eq!(resolved.line_col(1), LineCol { line: 9, column: 1 });
        assert_eq!(resolved.line_col(5), LineCol { line: 9, column: 1 });
        assert_eq!(
            resolved.span_lines(Span::new(0, 1)),
            (
                LineCol { line: 7, column: 2 },
                LineCol { line: 9, column: 1 }
            )
        );
    }

    /// The byte-by-byte definition `line_starts_of` replaced: a line starts at 0 and after
    /// each `\n`.
    fn line_starts_bytewise(text: &str) -> Vec<u32> {
        std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == b'\n')
                    .map(|(i, _)| offset32(i + 1)),
            )
            .collect()
    }

    #[test]
    fn line_starts_match_the_bytewise_scan() {
        let long = "a: b\r\n".repeat(40) + "\n\n\r" + &"x".repeat(70) + "\nç\r\n";
        let cases = [
            "",
            "\n",
            "\r",
            "\r\n",
            "\n\n\n",
            "no trailing newline",
            "a\nb",
            "a\r\nb\r\n",
            "lone\rcr\rhere\n",
            "mixed\r\n\rline\n\r",
            "ç\né\r\n日本\n",
            long.as_str(),
        ];
        for text in cases {
            let starts = line_starts_of(text);
            assert_eq!(starts, line_starts_bytewise(text), "{text:?}");
            assert_eq!(starts.capacity(), starts.len(), "{text:?}");
        }
        // A lone CR is not a line break; CRLF's CR is not part of the line.
        let f = SourceFile::new("x", "a\rb\r\nc".to_string());
        assert_eq!(f.line_count(), 2);
        assert_eq!(f.line_range(1), Span::new(0, 3));
        assert_eq!(f.line_range(2), Span::new(5, 6));
        assert_eq!(f.line_col(5), LineCol { line: 2, column: 1 });
    }

    /// Texts of line breaks, carriage returns, ASCII and multi-byte characters, from a fixed seed.
    fn mixed_texts() -> Vec<String> {
        let pieces = ["\n", "\r", "\r\n", "a", "bc", "ç", "日本", " ", "x: y"];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..200)
            .map(|n| {
                let len = n % 40;
                (0..len)
                    .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn counting_agrees_with_the_line_table() {
        for text in mixed_texts() {
            let starts = line_starts_of(&text);
            let offsets: Vec<usize> = (0..=text.len() + 2).rev().collect();
            let by_table: Vec<LineCol> = offsets
                .iter()
                .map(|&o| line_col_in(&text, &starts, o))
                .collect();
            let by_count: Vec<LineCol> = offsets
                .iter()
                .map(|&o| line_col_counted(&text, o))
                .collect();
            assert_eq!(by_count, by_table, "{text:?}");
            assert_eq!(line_cols(&text, &offsets), by_table, "{text:?}");
            // A file answers the same before and after its lookups make it build the table.
            let file = SourceFile::new("x", text.clone());
            for round in 0..COUNT_BUDGET + 2 {
                let got: Vec<LineCol> = offsets.iter().map(|&o| file.line_col(o)).collect();
                assert_eq!(got, by_table, "{text:?}, round {round}");
            }
            assert!(
                text.len() < 2 || file.line_starts.get().is_some(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn columns_on_long_lines_count_from_the_marks() {
        // Long lines of ASCII and multi-byte characters, marks falling inside characters.
        let line: String = (0..5000)
            .map(|i| ["a", "ç", "日本", "x: y, "][i % 4])
            .collect();
        for text in [
            line.clone(),
            format!("{line}\n{line}\r\n\n{line}"),
            "k".repeat(3 * CHAR_MARK + 7),
        ] {
            let starts = line_starts_of(&text);
            let marks = CharMarks::of(&text);
            let offsets: Vec<usize> = (0..=text.len() + 1).step_by(97).collect();
            let expected: Vec<LineCol> = offsets
                .iter()
                .map(|&o| line_col_in(&text, &starts, o))
                .collect();
            let marked: Vec<LineCol> = offsets
                .iter()
                .map(|&o| line_col_marked(&text, &starts, &marks, o))
                .collect();
            assert_eq!(marked, expected);
            assert_eq!(line_cols(&text, &offsets), expected);
            let file = SourceFile::new("x", text.clone());
            for _ in 0..2 {
                let got: Vec<LineCol> = offsets.iter().map(|&o| file.line_col(o)).collect();
                assert_eq!(got, expected);
            }
        }
    }

    #[test]
    fn a_few_lookups_build_no_table() {
        let text = "key: value\n".repeat(1000);
        let file = SourceFile::new("x", text.clone());
        assert_eq!(file.line_col(5 * 11 + 3), LineCol { line: 6, column: 4 });
        assert_eq!(
            file.line_col(text.len()),
            LineCol {
                line: 1001,
                column: 1
            }
        );
        assert!(file.line_starts.get().is_none());
        let clone = file.clone();
        assert_eq!(clone.counted.0.load(Ordering::Relaxed), 0);
    }
}
