//! Byte offsets to lines and columns, computed only when printing: a file's line table is built
//! the first time a position in it is asked for, so the files of a run that have nothing to
//! print never pay for one.

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
}

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
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| line_starts_of(&self.text))
    }

    /// Line and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> LineCol {
        line_col_in(&self.text, self.line_starts(), offset)
    }

    /// Start and end positions of a span. An empty span ends where it starts.
    pub fn span_lines(&self, span: Span) -> (LineCol, LineCol) {
        (self.line_col(span.start()), self.line_col(span.end()))
    }

    /// The byte range of 1-based `line`, without its line break.
    pub fn line_range(&self, line: usize) -> Span {
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

/// Line and column of each of `offsets` in `text`, with a line table made for the purpose and
/// dropped: for the few positions a run notes in a file whose text it does not keep.
pub fn line_cols(text: &str, offsets: &[usize]) -> Vec<LineCol> {
    let starts = line_starts_of(text);
    offsets
        .iter()
        .map(|&o| line_col_in(text, &starts, o))
        .collect()
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

/// Line and column of a byte offset of `text` (clamped to it), given its line starts.
fn line_col_in(text: &str, line_starts: &[u32], offset: usize) -> LineCol {
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
    let column = text[start..end].chars().count() + 1;
    LineCol {
        line: line + 1,
        column,
    }
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
}
