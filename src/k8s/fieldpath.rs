//! Field paths written by users inside a CRD: `x-kubernetes-validations[].fieldPath` and
//! `selectableFields[].jsonPath` (apiextensions `cel.ValidFieldPath`, digest §5.6).
//!
//! The grammar is a sequence of `.name` and `['quoted name']` steps (the bracket form can be
//! disallowed, as selectable fields do). Each step is resolved against the schema as it is
//! read: an object with `properties` must have the named property; one with only
//! `additionalProperties` accepts any key (printed `[key]` in the resulting path); anything else
//! has no fields. Errors are the server's texts, e.g. `does not refer to a valid field`,
//! `expected [ or . but got: foo`, `array notation is not allowed`.
//!
//! The schema is abstract ([`PathSchema`]) because `k8s` sits to the left of `schema`; the
//! schema model implements the trait.

use super::FieldPath;

/// What path resolution needs to know about a schema node.
pub trait PathSchema {
    /// Whether the node declares `properties` (Go: `Properties != nil`).
    fn has_properties(&self) -> bool;
    fn property(&self, name: &str) -> Option<&Self>;
    /// Whether the node has `additionalProperties` in any form (Go: `AdditionalProperties != nil`).
    fn has_additional_properties(&self) -> bool;
    /// The `additionalProperties` schema; `None` for `additionalProperties: true|false`.
    fn additional_properties(&self) -> Option<&Self>;
}

/// A raw `openAPIV3Schema` YAML node, for callers that work on the source tree (the CRD
/// linter). Mirrors the structural view: an empty `properties` mapping counts as absent, and
/// `additionalProperties: true|false` has no schema.
impl PathSchema for crate::yaml::Node {
    fn has_properties(&self) -> bool {
        self.get("properties")
            .and_then(crate::yaml::Node::as_map)
            .is_some_and(|m| !m.is_empty())
    }
    fn property(&self, name: &str) -> Option<&Self> {
        self.get("properties")?.get(name)
    }
    fn has_additional_properties(&self) -> bool {
        self.get("additionalProperties")
            .is_some_and(|a| a.as_map().is_some() || a.as_bool().is_some())
    }
    fn additional_properties(&self) -> Option<&Self> {
        self.get("additionalProperties")
            .filter(|a| a.as_map().is_some())
    }
}

/// A successfully resolved path: the server's normalised [`FieldPath`] (relative to the node
/// the path was resolved from) and the schema it points at (`None` when it ends inside
/// `additionalProperties: true`, where there is no schema).
#[derive(Debug)]
pub struct Resolved<'s, S> {
    pub path: FieldPath,
    pub schema: Option<&'s S>,
}

/// `ValidFieldPath(jsonPath, schema, WithFieldPathAllowArrayNotation(allow_array_notation))`.
/// An empty path is valid and resolves to `schema` itself.
pub fn valid_field_path<'s, S: PathSchema>(
    json_path: &str,
    schema: &'s S,
    allow_array_notation: bool,
) -> Result<Resolved<'s, S>, String> {
    let tokens = tokenize(json_path);
    let mut it = tokens.into_iter();
    let mut path = FieldPath::root();
    // `None` after stepping into `additionalProperties: true` (Go would dereference nil there).
    let mut cur: Option<&'s S> = Some(schema);
    let step = |cur: Option<&'s S>,
                path: &FieldPath,
                name: &str|
     -> Result<(FieldPath, Option<&'s S>), String> {
        let Some(s) = cur else {
            return Err("does not refer to a valid field".into());
        };
        if s.has_properties() {
            match s.property(name) {
                Some(p) => Ok((path.child(name), Some(p))),
                None => Err("does not refer to a valid field".into()),
            }
        } else if s.has_additional_properties() {
            Ok((path.key(name), s.additional_properties()))
        } else {
            Err("does not refer to a valid field".into())
        }
    };
    while let Some(tok) = it.next() {
        match tok {
            "[" => {
                if !allow_array_notation {
                    return Err("array notation is not allowed".into());
                }
                let Some(t) = it.next() else {
                    return Err("unexpected end of JSON path".into());
                };
                let b = t.as_bytes();
                if b.len() < 2 || b[0] != b'\'' || b[b.len() - 1] != b'\'' {
                    return Err(format!("expected single quoted string but got {t}"));
                }
                let name = unescape_single_quote(&t[1..t.len() - 1])
                    .map_err(|e| format!("invalid string literal: {e}"))?;
                (path, cur) = step(cur, &path, &name)?;
                match it.next() {
                    None => return Err("unexpected end of JSON path".into()),
                    Some("]") => {}
                    Some(t) => return Err(format!("expected ] but got {t}")),
                }
            }
            "." => {
                let Some(t) = it.next() else {
                    return Err("unexpected end of JSON path".into());
                };
                (path, cur) = step(cur, &path, t)?;
            }
            t => return Err(format!("expected [ or . but got: {t}")),
        }
    }
    Ok(Resolved { path, schema: cur })
}

/// The server's tokenizer: `.`, `[`, `]` are single-character tokens; a token starting with
/// `'` runs to the next `'` not preceded by a backslash (or to the end); other text runs to the
/// next delimiter.
pub fn tokenize(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\'' {
            let mut j = i + 1;
            while j < b.len() && !(b[j] == b'\'' && b[j - 1] != b'\\') {
                j += 1;
            }
            let end = (j + 1).min(b.len());
            out.push(&s[i..end]);
            i = end;
            continue;
        }
        if matches!(b[i], b'.' | b'[' | b']') {
            out.push(&s[i..i + 1]);
            i += 1;
            continue;
        }
        let j = b[i..]
            .iter()
            .position(|c| matches!(c, b'.' | b'[' | b']'))
            .map_or(b.len(), |p| i + p);
        out.push(&s[i..j]);
        i = j;
    }
    out
}

/// `unescapeSingleQuote`: `\a \b \f \n \r \t \v \' \\`; any other escaped character is an
/// error naming the last such sequence (`invalid escape char \x`), as upstream reports it.
/// A backslash before a newline or at the very end is kept literally (the upstream pattern
/// `\\.` does not match there).
pub fn unescape_single_quote(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut err = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            None | Some('\n') => out.push('\\'),
            Some(d) => {
                chars.next();
                match d {
                    'a' => out.push('\u{7}'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'n' => out.push('\n'),
                    'r' => out.push('\r'),
                    't' => out.push('\t'),
                    'v' => out.push('\u{b}'),
                    '\'' => out.push('\''),
                    '\\' => out.push('\\'),
                    other => err = Some(format!("invalid escape char \\{other}")),
                }
            }
        }
    }
    match err {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny schema for the unit tests: properties or a map.
    #[derive(Debug, Default)]
    struct S {
        props: Vec<(&'static str, S)>,
        map: Option<Option<Box<S>>>,
    }

    impl PathSchema for S {
        fn has_properties(&self) -> bool {
            !self.props.is_empty()
        }
        fn property(&self, name: &str) -> Option<&S> {
            self.props.iter().find(|(n, _)| *n == name).map(|(_, s)| s)
        }
        fn has_additional_properties(&self) -> bool {
            self.map.is_some()
        }
        fn additional_properties(&self) -> Option<&S> {
            self.map.as_ref().and_then(|m| m.as_deref())
        }
    }

    fn schema() -> S {
        S {
            props: vec![
                (
                    "spec",
                    S {
                        props: vec![("a.b", S::default()), ("x", S::default())],
                        map: None,
                    },
                ),
                (
                    "labels",
                    S {
                        props: vec![],
                        map: Some(Some(Box::new(S::default()))),
                    },
                ),
                (
                    "free",
                    S {
                        props: vec![],
                        map: Some(None),
                    },
                ),
            ],
            map: None,
        }
    }

    fn ok(p: &str) -> String {
        valid_field_path(p, &schema(), true)
            .unwrap_or_else(|e| panic!("{p}: {e}"))
            .path
            .to_string()
    }

    fn err(p: &str, arrays: bool) -> String {
        valid_field_path(p, &schema(), arrays)
            .err()
            .unwrap_or_else(|| panic!("{p} should fail"))
    }

    #[test]
    fn resolves() {
        assert_eq!(ok(".spec.x"), "spec.x");
        assert_eq!(ok(".spec['a.b']"), "spec.a.b");
        assert_eq!(ok(".labels.foo"), "labels[foo]");
        assert_eq!(ok(".labels['k.io/x']"), "labels[k.io/x]");
        assert_eq!(ok(".free.anything"), "free[anything]");
        assert_eq!(ok(""), "<nil>");
    }

    #[test]
    fn server_errors() {
        assert_eq!(err(".spec.y", true), "does not refer to a valid field");
        assert_eq!(err(".spec.x.z", true), "does not refer to a valid field");
        assert_eq!(err(".free.a.b", true), "does not refer to a valid field");
        assert_eq!(err("spec", true), "expected [ or . but got: spec");
        assert_eq!(err(".spec.", true), "unexpected end of JSON path");
        assert_eq!(err(".spec[", true), "unexpected end of JSON path");
        assert_eq!(
            err(".spec[x]", true),
            "expected single quoted string but got x"
        );
        assert_eq!(err(".spec['x'", true), "unexpected end of JSON path");
        assert_eq!(err(".spec['x'.", true), "expected ] but got .");
        assert_eq!(err(".spec['x']", false), "array notation is not allowed");
        assert_eq!(
            err(r".spec['\q']", true),
            r"invalid string literal: invalid escape char \q"
        );
        assert_eq!(
            err(".spec['x", true),
            "expected single quoted string but got 'x"
        );
    }

    #[test]
    fn yaml_nodes() {
        let n = crate::yaml::Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {
                "spec": {"type": "object", "properties": {"x": {"type": "string"}}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "empty": {"type": "object", "properties": {}, "additionalProperties": true}
            }
        }));
        let r = valid_field_path(".spec.x", &n, false).map(|r| r.path.to_string());
        assert_eq!(r.as_deref(), Ok("spec.x"));
        let r = valid_field_path(".labels.a", &n, false);
        assert!(r.is_ok_and(|r| r.schema.and_then(|s| s.get_str("type")) == Some("string")));
        let r = valid_field_path(".empty.a", &n, false);
        assert!(r.is_ok_and(|r| r.schema.is_none() && r.path.to_string() == "empty[a]"));
        assert!(valid_field_path(".spec.y", &n, false).is_err());
    }

    #[test]
    fn tokens() {
        assert_eq!(
            tokenize(".a['b.c'][d]"),
            vec![".", "a", "[", "'b.c'", "]", "[", "d", "]"]
        );
        assert_eq!(tokenize(r"['a\'b']"), vec!["[", r"'a\'b'", "]"]);
        assert_eq!(unescape_single_quote(r"a\'b\\c").as_deref(), Ok(r"a'b\c"));
    }
}
