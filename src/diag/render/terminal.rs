//! Text from the input made safe for a terminal. A manifest can hold any character, and an ESC
//! or BEL written raw to a terminal is a command to it (colours, cursor moves, a title change,
//! a hyperlink that hides its target); `human` and `github` output go to terminals and CI logs.
//!
//! Two forms: [`visible`] for messages and names, where a control character becomes a visible
//! escape (`\x1b`); and [`same_length`] for source text drawn in a code frame, where byte
//! offsets must not move, so each control character becomes `?` for each of its bytes.

use std::borrow::Cow;

/// True for characters a terminal may act on: C0 controls other than tab and line feed, DEL,
/// and the C1 controls (U+0080..U+009F, which some terminals read as 8-bit escapes).
fn unsafe_char(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// `s` with every control character other than tab and line feed (and a CR that ends a line)
/// written as a visible escape: `\x1b`, `\x07`, `\u{9b}`.
pub fn visible(s: &str) -> Cow<'_, str> {
    if !s.chars().any(unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            out.push(c);
        } else if unsafe_char(c) && (c as u32) < 0x80 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `s` with every control character other than tab and line feed (and a CR that ends a line)
/// replaced by `?` once per byte, so that every byte offset into `s` still points at the same
/// place. `None` when there is nothing to replace (the common case costs no copy).
pub fn same_length(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let is_unsafe_at =
        |i: usize, c: char| unsafe_char(c) && !(c == '\r' && bytes.get(i + 1) == Some(&b'\n'));
    if !has_unsafe_bytes(bytes) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if is_unsafe_at(i, c) {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Whether UTF-8 text holds a character [`same_length`] replaces, told from its bytes: a C0
/// control other than tab and line feed (and a CR before a line feed), DEL, or a C1 control
/// (U+0080..U+009F, the bytes `C2 80`..`C2 9F`). The report draws whole files: decoding each
/// character of them was 9 million instructions of a run's serial end for six files of
/// 50 KB; blocks of bytes none of which can start such a character are passed over instead.
fn has_unsafe_bytes(bytes: &[u8]) -> bool {
    let suspicious = |b: u8| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f || b == 0xc2;
    let unsafe_at = |i: usize| match bytes[i] {
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        0xc2 => bytes.get(i + 1).is_some_and(|b| (0x80..=0x9f).contains(b)),
        b => suspicious(b),
    };
    const BLOCK: usize = 32;
    bytes.chunks(BLOCK).enumerate().any(|(k, block)| {
        block.iter().fold(false, |any, &b| any | suspicious(b))
            && (k * BLOCK..k * BLOCK + block.len()).any(unsafe_at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_visible_escapes() {
        assert_eq!(visible("plain\ttext\n"), "plain\ttext\n");
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
        assert_eq!(visible("a\u{1b}[31mred\u{7}"), "a\\x1b[31mred\\x07");
        assert_eq!(visible("csi\u{9b}2J del\u{7f}"), "csi\\u{9b}2J del\\x7f");
        assert_eq!(visible("crlf\r\nlone\rcr"), "crlf\r\nlone\\x0dcr");
    }

    /// The byte test agrees with the characters' on every character class it looks at, at
    /// every position in a block and across a block's end.
    #[test]
    fn bytes_tell_what_characters_would() {
        let pieces = [
            "a", "\n", "\t", "\r", "\r\n", "\u{1b}", "\u{7}", "\u{7f}", "\u{80}", "\u{85}",
            "\u{9f}", "\u{a0}", "\u{c2}", "é", "\u{2028}", "\u{feff}", "\0",
        ];
        let by_chars = |s: &str| {
            let bytes = s.as_bytes();
            s.char_indices()
                .any(|(i, c)| unsafe_char(c) && !(c == '\r' && bytes.get(i + 1) == Some(&b'\n')))
        };
        for a in pieces {
            for b in pieces {
                for pad in [0, 1, 30, 31, 32, 33, 63] {
                    let s = format!("{}{a}{b}", "x".repeat(pad));
                    assert_eq!(has_unsafe_bytes(s.as_bytes()), by_chars(&s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn source_text_keeps_its_offsets() {
        assert_eq!(same_length("a: b\r\nc: d\n"), None);
        let s = "a: \"\u{1b}]0;x\u{7}\"\n\u{9b}: \r1\n";
        let safe = same_length(s).expect("has controls");
        assert_eq!(safe.len(), s.len());
        assert_eq!(safe, "a: \"?]0;x?\"\n??: ?1\n");
        for (i, _) in s.char_indices() {
            assert!(safe.is_char_boundary(i));
        }
    }
}
