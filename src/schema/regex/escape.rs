//! Go's escapes, Perl group flags and bracketed character classes, each turned into Rust
//! pattern text.

use super::atom::{lit, Atom, Item};
use super::unicode::{unicode_class, POSIX_CLASSES};
use super::{code, go_error};

pub(super) enum PerlGroup {
    Open(String),
    Flags(String),
}

/// Go `parsePerlFlags` on text starting with `(?`.
pub(super) fn perl_flags(t: &str) -> Result<(PerlGroup, &str), String> {
    let b = t.as_bytes();
    if (b.len() > 4 && b[2] == b'P' && b[3] == b'<') || (b.len() > 3 && b[2] == b'<') {
        let begin = if b[2] == b'<' { 3 } else { 4 };
        let Some(end) = t.find('>') else {
            return Err(go_error(code::INVALID_NAMED_CAPTURE, t));
        };
        let name = &t[begin..end];
        if name.is_empty() || !name.bytes().all(|c| c == b'_' || c.is_ascii_alphanumeric()) {
            return Err(go_error(code::INVALID_NAMED_CAPTURE, &t[..=end]));
        }
        return Ok((PerlGroup::Open("(".into()), &t[end + 1..]));
    }
    let mut rest = &t[2..];
    let mut negated = false;
    let mut saw_flag = false;
    let mut flags = String::new();
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            'i' | 'm' | 's' | 'U' => {
                flags.push(c);
                saw_flag = true;
            }
            '-' => {
                if negated {
                    break;
                }
                negated = true;
                flags.push('-');
                saw_flag = false;
            }
            ':' | ')' => {
                if negated && !saw_flag {
                    break;
                }
                let g = if c == ':' {
                    PerlGroup::Open(format!("(?{flags}:"))
                } else if flags.is_empty() {
                    // `(?)` is a no-op in Go; Rust rejects an empty flag group.
                    PerlGroup::Flags(String::new())
                } else {
                    PerlGroup::Flags(format!("(?{flags})"))
                };
                return Ok((g, rest));
            }
            _ => break,
        }
    }
    Err(go_error(code::INVALID_PERL_OP, &t[..t.len() - rest.len()]))
}

/// A backslash sequence outside a class: assertions, `\Q..\E`, classes, or an escaped char.
pub(super) fn parse_backslash(t: &str) -> Result<(Vec<Item>, &str), String> {
    let b = t.as_bytes();
    if b.len() >= 2 {
        match b[1] {
            b'A' => return Ok((vec![Item::Atom(Atom::leaf(r"\A"))], &t[2..])),
            b'z' => return Ok((vec![Item::Atom(Atom::leaf(r"\z"))], &t[2..])),
            b'b' => return Ok((vec![Item::Atom(Atom::leaf(r"(?-u:\b)"))], &t[2..])),
            b'B' => return Ok((vec![Item::Atom(Atom::leaf(r"(?-u:\B)"))], &t[2..])),
            b'C' => return Err(go_error(code::INVALID_ESCAPE, &t[..2])),
            b'Q' => {
                let body = &t[2..];
                let (lit_text, rest) = match body.find(r"\E") {
                    Some(e) => (&body[..e], &body[e + 2..]),
                    None => (body, ""),
                };
                let items = lit_text.chars().map(|c| Item::Atom(Atom::lit(c))).collect();
                return Ok((items, rest));
            }
            _ => {}
        }
    }
    if let Some((class, rest)) = unicode_class_escape(t)? {
        return Ok((vec![Item::Atom(Atom::leaf(class))], rest));
    }
    if let Some((class, rest)) = perl_class(t, false) {
        return Ok((vec![Item::Atom(Atom::leaf(class))], rest));
    }
    let (c, rest) = parse_escape(t)?;
    Ok((vec![Item::Atom(Atom::lit(c))], rest))
}

/// `\d \D \s \S \w \W` with Go's ASCII meaning; `in_class` gives the form to put inside `[...]`.
fn perl_class(t: &str, in_class: bool) -> Option<(String, &str)> {
    let b = t.as_bytes();
    if b.len() < 2 || b[0] != b'\\' {
        return None;
    }
    let (set, neg) = match b[1] {
        b'd' => ("0-9", false),
        b'D' => ("0-9", true),
        b's' => (r"\x{9}\x{A}\x{C}\x{D}\x{20}", false),
        b'S' => (r"\x{9}\x{A}\x{C}\x{D}\x{20}", true),
        b'w' => ("0-9A-Za-z_", false),
        b'W' => ("0-9A-Za-z_", true),
        _ => return None,
    };
    let out = match (neg, in_class) {
        (false, true) => set.to_string(),
        (false, false) => format!("[{set}]"),
        (true, _) => format!("[^{set}]"),
    };
    Some((out, &t[2..]))
}

/// Go `parseUnicodeClass` on text starting with `\p` / `\P`.
fn unicode_class_escape(t: &str) -> Result<Option<(String, &str)>, String> {
    let b = t.as_bytes();
    if b.len() < 2 || b[0] != b'\\' || (b[1] != b'p' && b[1] != b'P') {
        return Ok(None);
    }
    let mut negated = b[1] == b'P';
    let after = &t[2..];
    let (seq, mut name, rest) = match after.chars().next() {
        Some('{') => {
            let Some(end) = t.find('}') else {
                return Err(go_error(code::INVALID_CHAR_RANGE, t));
            };
            (&t[..=end], &t[3..end], &t[end + 1..])
        }
        Some(c) => {
            let n = 2 + c.len_utf8();
            (&t[..n], &t[2..n], &t[n..])
        }
        None => (t, "", ""),
    };
    if let Some(n) = name.strip_prefix('^') {
        negated = !negated;
        name = n;
    }
    match unicode_class(name, negated) {
        Some(class) => Ok(Some((class, rest))),
        None => Err(go_error(code::INVALID_CHAR_RANGE, seq)),
    }
}

/// Go `parseEscape`: one escaped character.
fn parse_escape(t: &str) -> Result<(char, &str), String> {
    let body = &t[1..];
    let Some(c) = body.chars().next() else {
        return Err(go_error(code::TRAILING_BACKSLASH, ""));
    };
    let mut rest = &body[c.len_utf8()..];
    let bad = |rest: &str| go_error(code::INVALID_ESCAPE, &t[..t.len() - rest.len()]);
    match c {
        '1'..='7' if !rest.starts_with(|d: char| ('0'..='7').contains(&d)) => Err(bad(rest)),
        '0'..='7' => {
            let mut r = c as u32 - '0' as u32;
            for _ in 1..3 {
                match rest.chars().next() {
                    Some(d @ '0'..='7') => {
                        r = r * 8 + (d as u32 - '0' as u32);
                        rest = &rest[1..];
                    }
                    _ => break,
                }
            }
            Ok((char::from_u32(r).unwrap_or('\0'), rest))
        }
        'x' => {
            let Some(c1) = rest.chars().next() else {
                return Err(bad(rest));
            };
            rest = &rest[c1.len_utf8()..];
            if c1 == '{' {
                let mut r: u32 = 0;
                let mut n = 0;
                loop {
                    let Some(d) = rest.chars().next() else {
                        return Err(bad(rest));
                    };
                    rest = &rest[d.len_utf8()..];
                    if d == '}' {
                        break;
                    }
                    let Some(v) = d.to_digit(16) else {
                        return Err(bad(rest));
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return Err(bad(rest));
                    }
                    n += 1;
                }
                if n == 0 {
                    return Err(bad(rest));
                }
                // Go accepts surrogate code points here; they can never match UTF-8 text.
                return Ok((char::from_u32(r).unwrap_or('\u{FFFD}'), rest));
            }
            let c2 = rest.chars().next();
            if let Some(c2) = c2 {
                rest = &rest[c2.len_utf8()..];
            }
            match (c1.to_digit(16), c2.and_then(|c| c.to_digit(16))) {
                (Some(x), Some(y)) => Ok((char::from_u32(x * 16 + y).unwrap_or('\0'), rest)),
                _ => Err(bad(rest)),
            }
        }
        'a' => Ok(('\u{7}', rest)),
        'f' => Ok(('\u{c}', rest)),
        'n' => Ok(('\n', rest)),
        'r' => Ok(('\r', rest)),
        't' => Ok(('\t', rest)),
        'v' => Ok(('\u{b}', rest)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c, rest)),
        _ => Err(bad(rest)),
    }
}

/// Go `parseClass` on text starting with `[`; returns the Rust class and the rest.
pub(super) fn parse_class(s: &str) -> Result<(String, &str), String> {
    let mut t = &s[1..];
    let mut out = String::from("[");
    if let Some(r) = t.strip_prefix('^') {
        out.push('^');
        t = r;
    }
    let mut items = 0;
    let mut first = true;
    while t.is_empty() || !t.starts_with(']') || first {
        first = false;
        if t.is_empty() {
            return Err(go_error(code::MISSING_BRACKET, s));
        }
        // POSIX class `[:alpha:]`.
        if t.len() > 2 && t.starts_with("[:") {
            if let Some(i) = t[2..].find(":]") {
                let name = &t[..i + 4];
                let inner = &name[2..name.len() - 2];
                let base = inner.strip_prefix('^').unwrap_or(inner);
                if !POSIX_CLASSES.contains(&base) {
                    return Err(go_error(code::INVALID_CHAR_RANGE, name));
                }
                out.push_str(name);
                items += 1;
                t = &t[name.len()..];
                continue;
            }
        }
        if let Some((class, rest)) = unicode_class_escape(t)? {
            out.push_str(&class);
            items += 1;
            t = rest;
            continue;
        }
        if let Some((class, rest)) = perl_class(t, true) {
            out.push_str(&class);
            items += 1;
            t = rest;
            continue;
        }
        let rng = t;
        let (lo, rest) = class_char(t, s)?;
        t = rest;
        let mut hi = lo;
        if t.len() >= 2 && t.starts_with('-') && !t[1..].starts_with(']') {
            let (h, rest) = class_char(&t[1..], s)?;
            t = rest;
            hi = h;
            if hi < lo {
                return Err(go_error(
                    code::INVALID_CHAR_RANGE,
                    &rng[..rng.len() - t.len()],
                ));
            }
        }
        out.push_str(&lit(lo));
        if hi != lo {
            out.push('-');
            out.push_str(&lit(hi));
        }
        items += 1;
    }
    let _ = items;
    out.push(']');
    Ok((out, &t[1..]))
}

fn class_char<'a>(t: &'a str, whole: &str) -> Result<(char, &'a str), String> {
    match t.chars().next() {
        None => Err(go_error(code::MISSING_BRACKET, whole)),
        Some('\\') => parse_escape(t),
        Some(c) => Ok((c, &t[c.len_utf8()..])),
    }
}
