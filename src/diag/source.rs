//! Byte offsets to lines and columns, computed only when printing.

use super::Span;

/// A file's text and where its lines start.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as given or found (or `--stdin-filename`), used in every report.
    pub name: String,
    pub text: String,
    /// Byte offset of each line's start. 32 bits, and sized exactly: a file of empty lines would
    /// otherwise cost 16 bytes of index per byte of input (inputs are capped far below 4 GiB;
    /// offsets past it saturate).
    line_starts: Vec<u32>,
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> Self {
        let lines = text.bytes().filter(|b| *b == b'\n').count();
        let mut line_starts = Vec::with_capacity(lines + 1);
        line_starts.push(0);
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| offset32(i + 1)),
        );
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// Line and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset32(offset)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = (self.line_starts[line] as usize).min(offset);
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let column = self.text[start..end].chars().count() + 1;
        LineCol {
            line: line + 1,
            column,
        }
    }

    /// Start and end positions of a span. An empty span ends where it starts.
    pub fn span_lines(&self, span: Span) -> (LineCol, LineCol) {
        (self.line_col(span.start()), self.line_col(span.end()))
    }

    /// The byte range of 1-based `line`, without its line break.
    pub fn line_range(&self, line: usize) -> Span {
        let start = self.line_starts[(line - 1).min(self.line_starts.len() - 1)] as usize;
        let end = self
            .line_starts
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
        self.line_starts.len()
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
    }
}
