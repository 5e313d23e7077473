//! Quoted scalars in block context as go-yaml v2 reads them, where granit refuses them.
//!
//! go-yaml v2's `yaml_parser_scan_flow_scalar` (scannerc.go, branch v2; sigs.k8s.io/yaml's
//! goyaml.v2 is that code) checks nothing about the indentation of a quoted scalar's
//! continuation lines: only a document indicator (`---` or `...` at column 0) and the end of
//! the stream stop it, and the leading blanks of each line, tabs included, are dropped. Nor do
//! `yaml_parser_unroll_indent` or `yaml_parser_roll_indent` run inside a token. So
//! `key: 'first line` / `second line'` with the second line at (or left of) the key's column
//! is one string for go-yaml, while granit, reading YAML 1.2 (`s-flow-line-prefix(n)`),
//! refuses a continuation line not indented past the enclosing block ("invalid indentation in
//! multiline quoted scalar") and a tab in its indentation ("tab cannot be used as
//! indentation"). go-yaml's escapes also include `\'`, which YAML 1.2 has not.
//!
//! The loader makes granit read such a scalar with a same-length rewrite: the text between
//! the quotes becomes `x` characters (one line, nothing to check), and the scalar's value is
//! the one [`scan`] reads from the original text, go-yaml's way. [`start_after`] finds the
//! scalar's opening quote from the end of the last event granit delivered.

/// A quoted scalar read as go-yaml reads it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Quoted {
    /// The offset after the closing quote.
    pub(crate) end: usize,
    pub(crate) value: String,
}

/// go-yaml's `is_break`: LF, CR, NEL, LS, PS.
fn break_len(b: &[u8], i: usize) -> usize {
    match b.get(i..) {
        Some([b'\r', b'\n', ..]) => 2,
        Some([b'\r' | b'\n', ..]) => 1,
        Some([0xc2, 0x85, ..]) => 2,
        Some([0xe2, 0x80, 0xa8 | 0xa9, ..]) => 3,
        _ => 0,
    }
}

fn is_blank(b: &[u8], i: usize) -> bool {
    matches!(b.get(i), Some(b' ' | b'\t'))
}

/// go-yaml's `is_blankz`: a blank, a break, NUL or the end.
fn is_blankz(b: &[u8], i: usize) -> bool {
    i >= b.len() || b[i] == 0 || is_blank(b, i) || break_len(b, i) > 0
}

/// Whether go-yaml's reader accepts `c` (`yaml_parser_update_buffer`'s printable check:
/// tab, line breaks, printable ASCII, NEL and the printable planes).
fn printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        || c >= '\u{10000}'
}

/// Reads the quoted scalar whose opening quote is at `open` in `text`, as go-yaml v2's
/// `yaml_parser_scan_flow_scalar` does. `Err` is where and why go-yaml fails.
pub(crate) fn scan(text: &str, open: usize) -> Result<Quoted, (usize, &'static str)> {
    let b = text.as_bytes();
    let single = b[open] == b'\'';
    let mut i = open + 1;
    let mut s = String::new();
    let mut whitespaces = String::new();
    let mut leading_break = String::new();
    let mut trailing_breaks = String::new();
    // go-yaml's `mark.column == 0`: a line break was the last thing read.
    let mut line_start = false;
    loop {
        let rest = &b[i.min(b.len())..];
        if line_start
            && (rest.starts_with(b"---") || rest.starts_with(b"..."))
            && is_blankz(b, i + 3)
        {
            return Err((i, "found unexpected document indicator"));
        }
        if i >= b.len() {
            return Err((open, "found unexpected end of stream"));
        }
        if b[i] == 0 {
            return Err((i, "control characters are not allowed"));
        }
        let mut leading_blanks = false;
        while !is_blankz(b, i) {
            line_start = false;
            let c = b[i];
            if single && c == b'\'' && b.get(i + 1) == Some(&b'\'') {
                s.push('\'');
                i += 2;
            } else if (single && c == b'\'') || (!single && c == b'"') {
                break;
            } else if !single && c == b'\\' && break_len(b, i + 1) > 0 {
                // An escaped line break.
                i += 1 + break_len(b, i + 1);
                leading_blanks = true;
                line_start = true;
                break;
            } else if !single && c == b'\\' {
                i = escape(b, i, &mut s).map_err(|m| (i, m))?;
            } else {
                let ch = text[i..].chars().next().expect("in the text");
                if !printable(ch) {
                    return Err((i, "control characters are not allowed"));
                }
                s.push(ch);
                i += ch.len_utf8();
            }
        }
        if b.get(i) == Some(if single { &b'\'' } else { &b'"' }) {
            break;
        }
        while is_blank(b, i) || break_len(b, i) > 0 {
            if is_blank(b, i) {
                if !leading_blanks {
                    whitespaces.push(b[i] as char);
                }
                i += 1;
                line_start = false;
            } else {
                let n = break_len(b, i);
                // `read_line`: CR LF, CR, LF and NEL become LF; LS and PS are kept.
                let brk = if n == 3 { &text[i..i + 3] } else { "\n" };
                if !leading_blanks {
                    whitespaces.clear();
                    leading_break.push_str(brk);
                    leading_blanks = true;
                } else {
                    trailing_breaks.push_str(brk);
                }
                i += n;
                line_start = true;
            }
        }
        if leading_blanks {
            if leading_break.starts_with('\n') {
                if trailing_breaks.is_empty() {
                    s.push(' ');
                } else {
                    s.push_str(&trailing_breaks);
                }
            } else {
                s.push_str(&leading_break);
                s.push_str(&trailing_breaks);
            }
            leading_break.clear();
            trailing_breaks.clear();
        } else {
            s.push_str(&whitespaces);
            whitespaces.clear();
        }
    }
    Ok(Quoted {
        end: i + 1,
        value: s,
    })
}

/// One escape sequence of a double-quoted scalar at `i` (the `\`), go-yaml v2's table
/// (which has `\'` and no `\/`). Returns the offset after it.
fn escape(b: &[u8], i: usize, s: &mut String) -> Result<usize, &'static str> {
    let unknown = "found unknown escape character";
    let c = match b.get(i + 1) {
        Some(b'0') => '\0',
        Some(b'a') => '\x07',
        Some(b'b') => '\x08',
        Some(b't' | b'\t') => '\t',
        Some(b'n') => '\n',
        Some(b'v') => '\x0b',
        Some(b'f') => '\x0c',
        Some(b'r') => '\r',
        Some(b'e') => '\x1b',
        Some(b' ') => ' ',
        Some(b'"') => '"',
        Some(b'\'') => '\'',
        Some(b'\\') => '\\',
        Some(b'N') => '\u{85}',
        Some(b'_') => '\u{a0}',
        Some(b'L') => '\u{2028}',
        Some(b'P') => '\u{2029}',
        Some(&k @ (b'x' | b'u' | b'U')) => {
            let n = match k {
                b'x' => 2,
                b'u' => 4,
                _ => 8,
            };
            let digits = b
                .get(i + 2..i + 2 + n)
                .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
                .ok_or("did not find expected hexdecimal number")?;
            let value = digits.iter().fold(0u32, |v, d| {
                (v << 4) | (*d as char).to_digit(16).unwrap_or(0)
            });
            let c = char::from_u32(value).ok_or("found invalid Unicode character escape code")?;
            s.push(c);
            return Ok(i + 2 + n);
        }
        _ => return Err(unknown),
    };
    s.push(c);
    Ok(i + 2)
}

/// The opening quote of the token that follows offset `from` in block context: past blanks,
/// line breaks, comments, a `---` line, block indicators (`-`, `?`, `:` before a blank) and
/// node properties (`&anchor`, `!tag`). `None` if something else comes first.
pub(crate) fn start_after(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = from;
    while i < b.len() {
        let line_start = i == 0 || matches!(b[i - 1], b'\n' | b'\r');
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'#' => {
                while i < b.len() && !matches!(b[i], b'\n' | b'\r') {
                    i += 1;
                }
            }
            b'-' if line_start && b[i..].starts_with(b"---") && is_blankz(b, i + 3) => i += 3,
            b'-' | b'?' | b':' if is_blankz(b, i + 1) => i += 1,
            b'&' | b'!' => {
                while !is_blankz(b, i) {
                    i += 1;
                }
            }
            b'\'' | b'"' => return Some(i),
            _ => return None,
        }
    }
    None
}

/// Whether only blanks and a comment follow `end` on its line: the scalar is a value (a
/// quoted key spans one line in go-yaml as in granit, and is left alone).
pub(crate) fn ends_its_line(text: &str, end: usize) -> bool {
    let b = text.as_bytes();
    let mut i = end;
    while is_blank(b, i) {
        i += 1;
    }
    i >= b.len() || break_len(b, i) > 0 || (b[i] == b'#' && i > end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(src: &str) -> Result<String, &'static str> {
        let open = src.find(['\'', '"']).unwrap();
        scan(src, open).map(|q| q.value).map_err(|e| e.1)
    }

    #[test]
    fn continuation_lines_at_any_column_fold() {
        assert_eq!(
            value("k: 'first line\nsecond line'").unwrap(),
            "first line second line"
        );
        assert_eq!(value("k: \"a  \n\n\t b\"").unwrap(), "a\nb");
        assert_eq!(value("k: 'a\r\n\r\nb'").unwrap(), "a\nb");
        assert_eq!(value("k: \"a\\\n  b\"").unwrap(), "ab");
        assert_eq!(value("k: 'it''s'").unwrap(), "it's");
        assert_eq!(value("k: \"q\\\"\\' \\x41\\u00e9\"").unwrap(), "q\"' Aé");
    }

    #[test]
    fn go_yaml_errors() {
        assert_eq!(
            value("k: 'a\n---\nb'"),
            Err("found unexpected document indicator")
        );
        assert_eq!(value("k: 'a\n"), Err("found unexpected end of stream"));
        assert_eq!(value("k: \"\\/\""), Err("found unknown escape character"));
        assert_eq!(
            value("k: \"\\uD800\""),
            Err("found invalid Unicode character escape code")
        );
        assert_eq!(
            value("k: \"\\x4\""),
            Err("did not find expected hexdecimal number")
        );
        assert_eq!(
            value("k: 'a\u{1}'"),
            Err("control characters are not allowed")
        );
    }

    #[test]
    fn the_token_after_an_event() {
        let t = "k: &a !t 'x'";
        assert_eq!(start_after(t, 1), Some(9));
        assert_eq!(start_after("---\n- # c\n  \"x\"", 0), Some(12));
        assert_eq!(start_after("k: a'b'", 1), None);
        assert!(ends_its_line("'a' # c\n", 3));
        assert!(!ends_its_line("'a': b\n", 3));
    }
}
