//! Decode failures of built-in objects: a value whose JSON type the object's Go type cannot
//! take (`image: yes`, `workingDir: 010`). The API server decodes the request body into the
//! kind's Go struct before anything else and answers `400 Bad Request` at the first such value
//! (Go's `encoding/json` reads on after an `UnmarshalTypeError`, so every one is a real
//! problem); its validation of the kind never runs.
//!
//! Such values are most often bare YAML scalars that the YAML reader Kubernetes clients use
//! (go-yaml v2, YAML 1.1's rules: [`crate::yaml::resolve`]) does not read as strings. What it
//! made of one, and how to quote it, is [`reading`]'s one place: the help of the finding says
//! it, and `check --fix` quotes the YAML 1.1 booleans it marks [`Reading::fixable`].

use crate::yaml::resolve::{resolve_plain_scalar, Scalar};

/// What the YAML reader made of a bare scalar that was meant as a string.
#[derive(Debug, PartialEq)]
pub struct Reading {
    /// `YAML 1.1 reads the bare `n` as the boolean false; quote it ("n") for the string`.
    pub help: String,
    /// A YAML 1.1 boolean that YAML 1.2 reads as a string (`y`, `yes`, `on`, `off`, ...; not
    /// `true`/`false`, which may be meant): quoting it is what the writer meant, and the safe
    /// fix `check --fix` applies.
    pub fixable: bool,
}

/// Whether a decode failure's `message` says the value's place wants a string (`... in body
/// must be of type string: "boolean"`, metadata's `... of type string`): only then is quoting
/// the bare scalar the remedy, in the finding's help and in `check --fix`.
pub fn wants_string(message: &str) -> bool {
    message.contains("of type string")
}

/// The reading of `written` for a decode failure worded `message`: [`reading`] where the place
/// wants a string ([`wants_string`]), else [`reading_elsewhere`].
pub fn reading_for(message: &str, written: &str) -> Option<Reading> {
    if wants_string(message) {
        reading(written)
    } else {
        reading_elsewhere(written)
    }
}

/// The fix of a value written `written` at `span` where a string is wanted: quoted, when its
/// [`reading`] is [`Reading::fixable`] (what `check --fix` and the finding's help agree on).
pub fn fix_for(span: crate::diag::Span, written: &str) -> Option<crate::diag::Fix> {
    reading(written)
        .is_some_and(|r| r.fixable)
        .then(|| crate::diag::Fix {
            span,
            replacement: format!("\"{written}\""),
            title: format!(
                "`{written}` quoted: a YAML 1.1 boolean where the schema wants a string"
            ),
        })
}

/// The reading of `written`, the text of a value where a string was wanted, when it is a bare
/// (plain, one-line) scalar the reader took for a boolean or a number; `None` otherwise
/// (quoted, a collection, a null, a string).
pub fn reading(written: &str) -> Option<Reading> {
    let r = read_as(written)?;
    let quote = format!("quote it (\"{written}\") for the string");
    let fix = if r.yaml11_bool {
        "; `check --fix` does"
    } else {
        ""
    };
    Some(Reading {
        help: format!(
            "{} the bare `{written}` as {}; {quote}{fix}",
            r.reader(),
            r.what
        ),
        fixable: r.yaml11_bool,
    })
}

/// The reading of `written` where the value's place wants something other than a string
/// (`replicas: on`): quoting would give a string, no better, so there is no remedy to offer;
/// only a YAML 1.1 boolean (`on`, `yes`), which few writers expect, is worth saying what it
/// was read as. `None` for anything else (a plain `true`, a number: the server's words say it).
pub fn reading_elsewhere(written: &str) -> Option<Reading> {
    let r = read_as(written).filter(|r| r.yaml11_bool)?;
    Some(Reading {
        help: format!("{} the bare `{written}` as {}", r.reader(), r.what),
        fixable: false,
    })
}

/// What the YAML reader made of a bare key written `written` and named `named` in the object
/// (`n:` is named "false"): a help when the reader did not read it as its text.
pub fn key_reading(written: &str, named: &str) -> Option<String> {
    if written == named {
        return None;
    }
    let r = read_as(written)?;
    Some(format!(
        "{} the bare key `{written}` as {}, so it is named {named:?}; quote it (\"{written}\") to keep the name",
        r.reader(),
        r.what
    ))
}

/// What the YAML reader made of a bare scalar: `the boolean false`, whether only YAML 1.1's
/// rules read it so, and whether it is a YAML 1.1 boolean YAML 1.2 reads as a string.
struct ReadAs {
    what: String,
    yaml11: bool,
    yaml11_bool: bool,
}

impl ReadAs {
    fn reader(&self) -> &'static str {
        if self.yaml11 {
            "YAML 1.1 (which Kubernetes' YAML reader follows) reads"
        } else {
            "YAML reads"
        }
    }
}

fn read_as(written: &str) -> Option<ReadAs> {
    if written.is_empty()
        || written.contains('\n')
        || written.starts_with(['"', '\'', '[', '{', '|', '>', '&', '*', '!'])
    {
        return None;
    }
    let (what, yaml11, yaml11_bool) = match resolve_plain_scalar(written) {
        Scalar::Bool(b) => {
            let plain =
                written.eq_ignore_ascii_case("true") || written.eq_ignore_ascii_case("false");
            (format!("the boolean {b}"), !plain, !plain)
        }
        Scalar::Int(i) => {
            let digits = written.trim_start_matches(['+', '-']);
            let octal = digits.len() > 1
                && digits.starts_with('0')
                && digits.bytes().all(|c| c.is_ascii_digit() || c == b'_');
            if octal {
                (format!("the octal integer {i}"), true, false)
            } else {
                (format!("the integer {i}"), false, false)
            }
        }
        Scalar::Uint(u) => (format!("the integer {u}"), false, false),
        Scalar::Float(f) | Scalar::BigInt(f) => (
            format!("the number {}", crate::yaml::resolve::format_float_key(f)),
            false,
            false,
        ),
        Scalar::Null | Scalar::Str => return None,
    };
    Some(ReadAs {
        what,
        yaml11,
        yaml11_bool,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_reader_made_of_it() {
        let r = reading("n").unwrap();
        assert!(r.fixable);
        assert_eq!(
            r.help,
            "YAML 1.1 (which Kubernetes' YAML reader follows) reads the bare `n` as the boolean false; quote it (\"n\") for the string; `check --fix` does"
        );
        for (w, what) in [
            ("On", "the boolean true"),
            ("true", "the boolean true"),
            ("010", "the octal integer 8"),
            ("8080", "the integer 8080"),
            ("1e3", "the number 1000"),
            ("0x1F", "the integer 31"),
        ] {
            let r = reading(w).unwrap();
            assert!(
                r.help.contains(&format!("the bare `{w}` as {what};")),
                "{}",
                r.help
            );
            assert_eq!(r.fixable, w == "On", "{w}");
        }
        assert!(reading("010").unwrap().help.starts_with("YAML 1.1 "));
        assert!(reading("8080").unwrap().help.starts_with("YAML reads "));
        for w in ["\"n\"", "'yes'", "nginx", "~", "", "[1]", "a\nb"] {
            assert_eq!(reading(w), None, "{w}");
        }
    }

    /// Where a string is not wanted, only a YAML 1.1 boolean gets a reading, and no quoting.
    #[test]
    fn what_the_reader_made_of_it_elsewhere() {
        let r = reading_elsewhere("on").unwrap();
        assert_eq!(
            r.help,
            "YAML 1.1 (which Kubernetes' YAML reader follows) reads the bare `on` as the boolean true"
        );
        assert!(!r.fixable);
        for w in [
            "true", "False", "1.5", "010", "8080", "nginx", "\"on\"", "{a: 1}",
        ] {
            assert_eq!(reading_elsewhere(w), None, "{w}");
        }
        assert!(wants_string(
            r#"x in body must be of type string: "boolean""#
        ));
        assert!(wants_string("json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string"));
        assert!(!wants_string(
            r#"spec.replicas in body must be of type int32: """#
        ));
        assert!(!wants_string(
            r#"x in body must be of type integer: "string""#
        ));
    }
}
