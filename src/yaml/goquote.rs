//! Go's `strconv.Quote` ([`go_quote`], what `%q` and a string's `%#v` print) and the
//! `strconv.IsPrint` it relies on ([`go_is_print`]). The one copy for the whole crate: it lives
//! in `yaml`, the lowest module, because go-yaml's own messages (`key "a" already set in map`)
//! quote with it; `k8s::field` re-exports it for the API server's messages.

/// Go `strconv.Quote`: double quotes, `\a\b\f\n\r\t\v\\\"` escapes, other control and
/// non-printable characters as `\xNN`/`\uNNNN`/`\UNNNNNNNN`; printable Unicode kept as is.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if go_is_print(c) => out.push(c),
            c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// An approximation of Go's `strconv.IsPrint` (letters, marks, numbers, punctuation, symbols and
/// the ASCII space): Rust has no Unicode category tables in std, so control, format, private-use
/// and separator characters other than U+0020 are treated as non-printable by code point ranges.
pub fn go_is_print(c: char) -> bool {
    let u = c as u32;
    if u < 0x20 || (0x7f..0xa0).contains(&u) {
        return false;
    }
    if u == 0xad // soft hyphen (Cf)
        || (0x2000..=0x200f).contains(&u) // spaces and format characters
        || (0x2028..=0x202f).contains(&u)
        || (0x205f..=0x206f).contains(&u)
        || u == 0x3000
        || u == 0xa0
        || u == 0x1680
        || u == 0xfeff
        || (0xfff9..=0xfffb).contains(&u)
        || (0xe000..=0xf8ff).contains(&u)
        || (0xf0000..).contains(&u)
    {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each class `strconv.Quote` treats differently (Go's `strconv/quote.go` `appendEscapedRune`).
    #[test]
    fn strconv_quote_byte_classes() {
        for (s, want) in [
            ("plain é€😀 '`", "\"plain é€😀 '`\""),
            ("\"\\", r#""\"\\""#),
            ("\u{7}\u{8}\u{c}\n\r\t\u{b}", r#""\a\b\f\n\r\t\v""#),
            ("\u{0}\u{1}\u{1b}\u{1f}\u{7f}", r#""\x00\x01\x1b\x1f\x7f""#),
            (
                "\u{80}\u{a0}\u{ad}\u{200b}\u{2028}\u{feff}",
                r#""\u0080\u00a0\u00ad\u200b\u2028\ufeff""#,
            ),
            ("\u{f0000}", r#""\U000f0000""#),
            ("", r#""""#),
        ] {
            assert_eq!(go_quote(s), want, "{s:?}");
        }
    }
}
