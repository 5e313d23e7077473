//! OpenAPI `pattern` compilation: Go RE2 syntax run on the Rust `regex` engine, with Go's error
//! text for patterns Go rejects.
//!
//! Both engines are linear-time RE2 designs; the differences that matter for schemas are that
//! Go's `\d`, `\w`, `\s` and `\b` are ASCII-only (Rust's are Unicode) and that some syntax
//! errors are worded differently. Patterns are compiled once per CRD (see
//! [`super::CompiledCrd::compile`]), never per value.

use regex::Regex;

/// Compiles a Go RE2 pattern for an unanchored search; `Err` carries Go's `regexp` error text
/// (`error parsing regexp: missing argument to repetition operator: `+``).
pub(crate) fn compile(pattern: &str) -> Result<Regex, String> {
    let translated = translate(pattern);
    regex::RegexBuilder::new(&translated)
        .size_limit(32 << 20)
        .build()
        .map_err(|e| go_error(pattern, &e))
}

/// Rewrites the Perl classes Go treats as ASCII-only into explicit ASCII classes.
fn translate(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 8);
    let mut in_class = false;
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let Some(n) = chars.next() else {
                out.push('\\');
                break;
            };
            let rep = match (n, in_class) {
                ('d', false) => Some("[0-9]"),
                ('D', false) => Some("[^0-9]"),
                ('w', false) => Some("[0-9A-Za-z_]"),
                ('W', false) => Some("[^0-9A-Za-z_]"),
                ('s', false) => Some("[\\t\\n\\f\\r ]"),
                ('S', false) => Some("[^\\t\\n\\f\\r ]"),
                ('b', false) => Some("(?-u:\\b)"),
                ('B', false) => Some("(?-u:\\B)"),
                ('d', true) => Some("0-9"),
                ('w', true) => Some("0-9A-Za-z_"),
                ('s', true) => Some("\\t\\n\\f\\r "),
                _ => None,
            };
            match rep {
                Some(r) => out.push_str(r),
                None => {
                    out.push('\\');
                    out.push(n);
                }
            }
            continue;
        }
        if in_class {
            if c == '[' && chars.peek() == Some(&':') {
                // POSIX class `[:alpha:]`: copy through to the closing `:]`.
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == ']' {
                        break;
                    }
                }
                continue;
            }
            if c == ']' {
                in_class = false;
            }
            out.push(c);
            continue;
        }
        if c == '[' {
            in_class = true;
            out.push(c);
            // A `]` (after an optional `^`) right after `[` is a literal.
            if chars.peek() == Some(&'^') {
                out.push('^');
                chars.next();
            }
            if chars.peek() == Some(&']') {
                out.push_str("\\]");
                chars.next();
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// Go's `regexp/syntax` error text for the common failures; Rust's own text otherwise.
fn go_error(pattern: &str, e: &regex::Error) -> String {
    let syntax = regex_syntax::Parser::new().parse(&translate(pattern));
    let detail = match syntax {
        Err(regex_syntax::Error::Parse(pe)) => {
            use regex_syntax::ast::ErrorKind as K;
            let t = translate(pattern);
            let sp = pe.span();
            let at = &t[sp.start.offset.min(t.len())..sp.end.offset.min(t.len())];
            match pe.kind() {
                K::RepetitionMissing => {
                    format!(
                        "missing argument to repetition operator: `{}`",
                        repetition_op(&t, sp.start.offset)
                    )
                }
                K::GroupUnclosed => format!("missing closing ): `{pattern}`"),
                K::GroupUnopened => format!("unexpected ): `{pattern}`"),
                K::ClassUnclosed => format!(
                    "missing closing ]: `{}`",
                    &t[sp.start.offset.min(t.len())..]
                ),
                K::ClassRangeInvalid => format!("invalid character class range: `{at}`"),
                K::EscapeUnrecognized | K::EscapeUnexpectedEof => {
                    format!("invalid escape sequence: `{at}`")
                }
                K::RepetitionCountInvalid => format!("invalid repeat count: `{at}`"),
                K::FlagUnrecognized | K::FlagDanglingNegation | K::FlagRepeatedNegation { .. } => {
                    format!("invalid or unsupported Perl syntax: `{at}`")
                }
                _ => pe.kind().to_string(),
            }
        }
        _ => e.to_string(),
    };
    format!("error parsing regexp: {detail}")
}

/// The repetition operator starting at `at` (`+`, `*?`, `{2,3}`), as Go quotes it.
fn repetition_op(t: &str, at: usize) -> &str {
    let rest = t.get(at..).unwrap_or("");
    let mut end = match rest.chars().next() {
        Some('{') => rest.find('}').map_or(rest.len(), |i| i + 1),
        Some(c) => c.len_utf8(),
        None => 0,
    };
    if rest[end..].starts_with('?') {
        end += 1;
    }
    &rest[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_semantics() {
        let re = compile(r"^\d+$").unwrap();
        assert!(re.is_match("123"));
        assert!(!re.is_match("١٢٣"));
        assert!(compile("b").unwrap().is_match("abc"), "unanchored search");
        assert_eq!(
            compile("+").unwrap_err(),
            "error parsing regexp: missing argument to repetition operator: `+`"
        );
        assert!(compile(r"[\d.]+").unwrap().is_match("1.2"));
        assert!(compile(r"[]a]").unwrap().is_match("]"));
    }
}
