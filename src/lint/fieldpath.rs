//! `ValidFieldPath`: resolves a CEL `fieldPath` or a selectable field's `jsonPath`
//! (`.spec.x['y.z']`) against a structural schema (digest §5.6). Private to lint until
//! `crate::k8s::fieldpath` lands.

use crate::yaml::Node;

/// A resolved path: its rendering (`spec.x[y.z]` for map keys), its first segment, and the
/// schema node it names (`None` under `additionalProperties: true`).
#[derive(Debug)]
pub(crate) struct Resolved<'a> {
    pub(crate) path: String,
    pub(crate) root: Option<String>,
    pub(crate) schema: Option<&'a Node>,
}

/// Splits like the server's scanner: `.`, `[`, `]` are single tokens, a token starting with `'`
/// runs to the next `'` not preceded by a backslash.
fn tokens(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\'' {
            let mut j = i + 1;
            let mut end = b.len();
            while j < b.len() {
                if b[j] == b'\'' && b[j - 1] != b'\\' {
                    end = j + 1;
                    break;
                }
                j += 1;
            }
            out.push(&s[i..end]);
            i = end;
            continue;
        }
        if matches!(b[i], b'.' | b'[' | b']') {
            out.push(&s[i..i + 1]);
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && !matches!(b[j], b'.' | b'[' | b']') {
            j += 1;
        }
        out.push(&s[i..j]);
        i = j;
    }
    out
}

fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('a') => out.push('\u{7}'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('v') => out.push('\u{b}'),
            Some('\'') => out.push('\''),
            Some('\\') => out.push('\\'),
            Some(o) => return Err(format!("invalid escape char \\{o}")),
            None => return Err("invalid escape char \\".into()),
        }
    }
    Ok(out)
}

fn has_properties(s: &Node) -> bool {
    s.get("properties")
        .and_then(Node::as_map)
        .is_some_and(|m| !m.is_empty())
}

pub(crate) fn valid_field_path<'a>(
    path: &str,
    schema: Option<&'a Node>,
    allow_array: bool,
) -> Result<Resolved<'a>, String> {
    let mut cur = schema;
    let mut out = String::new();
    let mut root: Option<String> = None;
    let toks = tokens(path);
    let mut i = 0;
    let next = |i: &mut usize| -> Option<&str> {
        let t = toks.get(*i).copied();
        *i += 1;
        t
    };
    // Steps into `name`, as a property (named) or an additionalProperties key.
    let step = |cur: &mut Option<&'a Node>,
                name: &str,
                out: &mut String,
                root: &mut Option<String>|
     -> Result<(), String> {
        let Some(s) = *cur else {
            return Err("does not refer to a valid field".into());
        };
        if has_properties(s) {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(name);
            let p = s.get("properties").and_then(|p| p.get(name));
            match p {
                Some(p) => *cur = Some(p),
                None => return Err("does not refer to a valid field".into()),
            }
        } else if let Some(ap) = s.get("additionalProperties") {
            out.push('[');
            out.push_str(name);
            out.push(']');
            *cur = ap.as_map().map(|_| ap);
        } else {
            return Err("does not refer to a valid field".into());
        }
        if root.is_none() {
            *root = Some(name.to_string());
        }
        Ok(())
    };
    while let Some(tok) = next(&mut i) {
        match tok {
            "[" => {
                if !allow_array {
                    return Err("array notation is not allowed".into());
                }
                let Some(t) = next(&mut i) else {
                    return Err("unexpected end of JSON path".into());
                };
                if t.len() < 2 || !t.starts_with('\'') || !t.ends_with('\'') {
                    return Err(format!("expected single quoted string but got {t}"));
                }
                let name = unescape(&t[1..t.len() - 1])
                    .map_err(|e| format!("invalid string literal: {e}"))?;
                step(&mut cur, &name, &mut out, &mut root)?;
                let Some(t) = next(&mut i) else {
                    return Err("unexpected end of JSON path".into());
                };
                if t != "]" {
                    return Err(format!("expected ] but got {t}"));
                }
            }
            "." => {
                let Some(t) = next(&mut i) else {
                    return Err("unexpected end of JSON path".into());
                };
                step(&mut cur, t, &mut out, &mut root)?;
            }
            t => return Err(format!("expected [ or . but got: {t}")),
        }
    }
    Ok(Resolved {
        path: out,
        root,
        schema: cur,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_properties_and_map_keys() {
        let s = Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"spec": {"type": "object", "properties": {"a.b": {"type": "string"}}},
                           "m": {"type": "object", "additionalProperties": {"type": "integer"}}}
        }));
        let r = valid_field_path(".spec['a.b']", Some(&s), true).unwrap();
        assert_eq!(r.path, "spec.a.b");
        assert_eq!(r.schema.and_then(|n| n.get_str("type")), Some("string"));
        let r = valid_field_path(".m.k", Some(&s), false).unwrap();
        assert_eq!(r.path, "m[k]");
        assert!(valid_field_path(".spec['a.b']", Some(&s), false)
            .unwrap_err()
            .contains("array notation"));
        assert_eq!(
            valid_field_path(".x", Some(&s), true).unwrap_err(),
            "does not refer to a valid field"
        );
        assert_eq!(
            valid_field_path("a", Some(&s), true).unwrap_err(),
            "expected [ or . but got: a"
        );
        assert_eq!(
            valid_field_path(".spec.", Some(&s), true).unwrap_err(),
            "unexpected end of JSON path"
        );
    }
}
