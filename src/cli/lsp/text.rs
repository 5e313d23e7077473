//! Positions and addresses as the protocol has them: lines and UTF-16 columns (the protocol's
//! default encoding, the one every client supports) over byte offsets, and `file:` URIs over
//! paths.

use std::path::{Path, PathBuf};

use lsp_types::{Position, Range, Uri};

use crate::diag::Span;

/// Line starts of one text, to turn byte offsets into positions and back.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex { text, starts }
    }

    /// The position of a byte offset (clamped to the text, and back to a character boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let col: usize = self.text[self.starts[line]..offset]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, col as u32)
    }

    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start()), self.position(span.end()))
    }

    /// The byte offset of a position (past the end of a line: its end; past the last line:
    /// the end of the text).
    pub fn offset(&self, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= pos.character {
                return start + i;
            }
            units += c.len_utf16() as u32;
        }
        end
    }
}

/// Applies one `didChange` edit: the whole text, or a range replaced.
pub fn apply_change(text: &mut String, range: Option<Range>, new: &str) {
    match range {
        None => *text = new.to_string(),
        Some(r) => {
            let index = LineIndex::new(text);
            let (start, end) = (index.offset(r.start), index.offset(r.end));
            let (start, end) = (start.min(end), end.max(start));
            text.replace_range(start..end, new);
        }
    }
}

/// The path of a `file:` URI (percent-decoded), or `None` for another scheme.
pub fn uri_path(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    // `file://host/path`: only the empty host and `localhost` name this machine.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    let path = String::from_utf8(out).ok()?;
    #[cfg(windows)]
    let path = path.strip_prefix('/').unwrap_or(&path).to_string();
    Some(PathBuf::from(path))
}

/// The `file:` URI of a path, with what is not unreserved percent-encoded.
pub fn path_uri(path: &Path) -> Uri {
    let s = path.to_string_lossy().replace('\\', "/");
    let mut out = String::from("file://");
    if !s.starts_with('/') {
        out.push('/');
    }
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out.parse()
        .unwrap_or_else(|_| "file:///".parse().expect("a valid URI"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "a: é\nb: 😀x\n";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(index.position(x), Position::new(1, 5));
        assert_eq!(index.offset(Position::new(1, 5)), x);
        // Past the end of a line: the line's end; past the last line: the text's end.
        assert_eq!(index.offset(Position::new(0, 99)), 4 + 'é'.len_utf8() - 1);
        assert_eq!(index.offset(Position::new(9, 0)), text.len());
    }

    #[test]
    fn changes_replace_ranges() {
        let mut text = "kind: Foo\nspec: {}\n".to_string();
        apply_change(
            &mut text,
            Some(Range::new(Position::new(0, 6), Position::new(0, 9))),
            "Bar",
        );
        assert_eq!(text, "kind: Bar\nspec: {}\n");
        apply_change(&mut text, None, "x: 1\n");
        assert_eq!(text, "x: 1\n");
    }

    #[test]
    fn uris_round_trip_paths() {
        let path = Path::new("/tmp/a dir/crd #1.yaml");
        let uri = path_uri(path);
        assert_eq!(uri.as_str(), "file:///tmp/a%20dir/crd%20%231.yaml");
        assert_eq!(uri_path(&uri).as_deref(), Some(path));
        let other: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(uri_path(&other), None);
    }
}
