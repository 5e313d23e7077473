//! Property-name escaping (apiserver `pkg/cel/escaping.go`, §5.2): how a schema property name
//! becomes a CEL field name, or why it is invisible to CEL.
//!
//! `foo-bar` is `self.foo__dash__bar`, `namespace` is `self.__namespace__`, and a name that
//! starts with a digit or holds a character outside `[a-zA-Z0-9_./-]` cannot be named at all.

/// CEL reserved words: properties with these names are escaped as `__word__`.
pub const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

pub fn is_reserved(s: &str) -> bool {
    RESERVED.contains(&s)
}

/// `Escape`: the CEL identifier for a property name, or `None` when the property is not
/// accessible from CEL.
pub fn escape(name: &str) -> Option<String> {
    let b = name.as_bytes();
    if b.is_empty() || b[0].is_ascii_digit() {
        return None;
    }
    if is_reserved(name) {
        return Some(format!("__{name}__"));
    }
    // Most names need no escaping (letters, digits, single underscores): copied as they are.
    let plain = b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
        && !b.windows(2).any(|w| w == b"__");
    if plain {
        return Some(name.to_string());
    }
    let mut out = String::with_capacity(name.len() + 8);
    let mut i = 0;
    // Left to right, like Go's leftmost-first `(__|[-./]|[^a-zA-Z0-9-./_])`.
    while i < b.len() {
        let c = b[i];
        if c == b'_' && b.get(i + 1) == Some(&b'_') {
            out.push_str("__underscores__");
            i += 2;
            continue;
        }
        match c {
            b'.' => out.push_str("__dot__"),
            b'-' => out.push_str("__dash__"),
            b'/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == b'_' => out.push(c as char),
            _ => return None,
        }
        i += 1;
    }
    Some(out)
}

/// `Unescape`: the property name for an escaped identifier, or `None` for a malformed escape.
pub fn unescape(escaped: &str) -> Option<String> {
    let b = escaped.as_bytes();
    let mut out = String::with_capacity(escaped.len());
    let mut i = 0;
    let mut last = 0;
    // Matches of `__[^_]+__`, non-overlapping, left to right.
    while i + 1 < b.len() {
        if b[i] == b'_' && b[i + 1] == b'_' {
            let mut j = i + 2;
            while j < b.len() && b[j] != b'_' {
                j += 1;
            }
            if j > i + 2 && j + 1 < b.len() && b[j] == b'_' && b[j + 1] == b'_' {
                let contents = &escaped[i + 2..j];
                out.push_str(&escaped[last..i]);
                let whole = j + 2 - i == escaped.len();
                match contents {
                    "underscores" => out.push_str("__"),
                    "dot" => out.push('.'),
                    "dash" => out.push('-'),
                    "slash" => out.push('/'),
                    c if is_reserved(c) => {
                        if !whole {
                            return None;
                        }
                        out.push_str(c);
                    }
                    _ => return None,
                }
                i = j + 2;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&escaped[last..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_apiserver() {
        assert_eq!(escape("foo-bar").as_deref(), Some("foo__dash__bar"));
        assert_eq!(escape("a.b/c").as_deref(), Some("a__dot__b__slash__c"));
        assert_eq!(escape("namespace").as_deref(), Some("__namespace__"));
        assert_eq!(escape("1abc"), None);
        assert_eq!(escape("a b"), None);
        assert_eq!(escape("é"), None);
        assert_eq!(unescape("a__dot__b").as_deref(), Some("a.b"));
        assert_eq!(unescape("__int__extra"), None);
    }
}
