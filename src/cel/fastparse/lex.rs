//! The fast path's lexer: the CEL tokens of the subset, with ANTLR's token offsets.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Ident,
    Int,
    Double,
    Str,
    True,
    False,
    Null,
    In,
    /// Punctuation and operators, by their text.
    P(&'static str),
    End,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) kind: Tok,
    /// Byte offsets of the first and the last character (inclusive, as ANTLR's tokens).
    pub(super) start: u32,
    pub(super) stop: u32,
}

const PUNCT2: [&str; 6] = ["==", "!=", "<=", ">=", "&&", "||"];
const PUNCT1: [&str; 18] = [
    "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", ".", ",", "(", ")", "[", "]", "{", "}",
];

/// The tokens of `src`, or `None` for anything outside the subset.
pub(super) fn lex(src: &str) -> Option<Vec<Token>> {
    let b = src.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    let tok = |kind, start: usize, end: usize| Token {
        kind,
        start: start as u32,
        stop: (end - 1) as u32,
    };
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0c => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                // `r'..'`: a raw string; other prefixes (bytes literals) are left to the crate.
                if matches!(b.get(i), Some(b'\'' | b'"')) {
                    if !matches!(&src[start..i], "r" | "R") {
                        return None;
                    }
                    i = raw_string_end(b, i)?;
                    out.push(tok(Tok::Str, start, i));
                    continue;
                }
                let kind = match &src[start..i] {
                    "true" => Tok::True,
                    "false" => Tok::False,
                    "null" => Tok::Null,
                    "in" => Tok::In,
                    _ => Tok::Ident,
                };
                out.push(tok(kind, start, i));
            }
            b'0'..=b'9' => {
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let mut kind = Tok::Int;
                if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    kind = Tok::Double;
                }
                // Exponents, hexadecimal and unsigned literals, a member of a literal.
                if b.get(i)
                    .is_some_and(|&n| n == b'.' || n.is_ascii_alphanumeric() || n == b'_')
                {
                    return None;
                }
                out.push(tok(kind, start, i));
            }
            b'\'' | b'"' => {
                if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c) {
                    return None;
                }
                i += 1;
                loop {
                    match b.get(i)? {
                        // The single-character escapes; `\x..`, `\u....` and octal ones are
                        // left to the crate.
                        b'\\' if b.get(i + 1).is_some_and(|e| SIMPLE_ESCAPES.contains(e)) => i += 2,
                        b'\\' | b'\n' | b'\r' => return None,
                        &n if n == c => break,
                        _ => i += 1,
                    }
                }
                i += 1;
                out.push(tok(Tok::Str, start, i));
            }
            _ => {
                let two = src.get(i..i + 2);
                let p = match PUNCT2.iter().find(|p| Some(**p) == two) {
                    Some(p) => p,
                    None => PUNCT1.iter().find(|p| p.as_bytes()[0] == c)?,
                };
                // A `{` after a name is a message literal (`Name{..}`).
                if *p == "{" && out.last().is_some_and(|t| t.kind == Tok::Ident) {
                    return None;
                }
                i += p.len();
                out.push(tok(Tok::P(p), start, i));
            }
        }
    }
    out.push(Token {
        kind: Tok::End,
        start: b.len() as u32,
        stop: b.len() as u32,
    });
    Some(out)
}

/// What may follow a `\\` in a string here (cel-go's `ESC_CHAR_SEQ`).
const SIMPLE_ESCAPES: &[u8] = b"abfnrtv\\'\"?`";

/// The end of the raw string whose opening quote is at `i` (after its `r`): `r'..'` and
/// `r".."` on one line, `r'''..'''` and `r"""..."""` to the first closing triple (without
/// carriage returns, which the crate normalises).
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let q = b[i];
    if b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q) {
        let rest = &b[i + 3..];
        let k = rest.windows(3).position(|w| w == [q, q, q])?;
        if rest[..k].contains(&b'\r') {
            return None;
        }
        return Some(i + 3 + k + 3);
    }
    let mut j = i + 1;
    loop {
        match b.get(j)? {
            b'\n' | b'\r' => return None,
            &n if n == q => return Some(j + 1),
            _ => j += 1,
        }
    }
}

/// The value of a string token, as the crate's `parse_string` reads it: raw strings and
/// strings without a backslash verbatim, else with the escapes the lexer let through.
pub(super) fn string_value(token: &str) -> String {
    let (raw, body) = match token.strip_prefix(['r', 'R']) {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let inner = if body.len() >= 6 && (body.starts_with("'''") || body.starts_with("\"\"\"")) {
        &body[3..body.len() - 3]
    } else {
        &body[1..body.len() - 1]
    };
    if raw || !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('a') => '\u{7}',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('v') => '\u{b}',
            Some(other) => other,
            None => '\\',
        });
    }
    out
}
