//! Is a `pattern` a valid Go RE2 regexp, and if not, Go's error text. Private to lint until
//! `crate::schema::regex` lands. regex-syntax parses the same RE2 dialect; its errors are mapped to
//! Go's `error parsing regexp: <code>: `<expr>`` messages.

use regex_syntax::ast::ErrorKind;

/// `None` when Go's `regexp.Compile` accepts the pattern.
pub(crate) fn go_regexp_error(p: &str) -> Option<String> {
    let mut parser = regex_syntax::ast::parse::ParserBuilder::new()
        .nest_limit(1000)
        .build();
    let e = match parser.parse(p) {
        Ok(_) => return None,
        Err(e) => e,
    };
    let sp = e.span();
    let frag = p.get(sp.start.offset..sp.end.offset).unwrap_or("");
    let rest = p.get(sp.start.offset..).unwrap_or("");
    let (code, arg) = match e.kind() {
        ErrorKind::RepetitionMissing => {
            ("missing argument to repetition operator", frag.to_string())
        }
        ErrorKind::GroupUnclosed => ("missing closing )", p.to_string()),
        ErrorKind::GroupUnopened => ("unexpected )", p.to_string()),
        ErrorKind::ClassUnclosed => ("missing closing ]", rest.to_string()),
        ErrorKind::ClassRangeInvalid => ("invalid character class range", frag.to_string()),
        ErrorKind::EscapeUnrecognized
        | ErrorKind::EscapeHexInvalid
        | ErrorKind::EscapeHexEmpty
        | ErrorKind::EscapeHexInvalidDigit => ("invalid escape sequence", frag.to_string()),
        ErrorKind::EscapeUnexpectedEof => {
            ("trailing backslash at end of expression", String::new())
        }
        ErrorKind::RepetitionCountInvalid
        | ErrorKind::RepetitionCountDecimalEmpty
        | ErrorKind::RepetitionCountUnclosed => ("invalid repeat count", frag.to_string()),
        ErrorKind::NestLimitExceeded(_) => ("expression nests too deeply", String::new()),
        ErrorKind::GroupNameInvalid
        | ErrorKind::GroupNameEmpty
        | ErrorKind::GroupNameUnexpectedEof
        | ErrorKind::GroupNameDuplicate { .. } => ("invalid named capture", frag.to_string()),
        ErrorKind::UnsupportedLookAround | ErrorKind::UnsupportedBackreference => {
            ("invalid or unsupported Perl syntax", frag.to_string())
        }
        ErrorKind::ClassEscapeInvalid => ("invalid character class range", frag.to_string()),
        _ => ("invalid or unsupported Perl syntax", frag.to_string()),
    };
    Some(format!("error parsing regexp: {code}: `{arg}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_messages() {
        assert_eq!(go_regexp_error("^[a-z]+$"), None);
        assert_eq!(go_regexp_error(r"^\/\-x$"), None);
        assert_eq!(
            go_regexp_error("+").as_deref(),
            Some("error parsing regexp: missing argument to repetition operator: `+`")
        );
        assert!(go_regexp_error("(a").unwrap().contains("missing closing )"));
    }
}
