//! Printer columns and selectable fields whose JSONPath resolved in the old schema and does not
//! in the new one, and selectable fields that were dropped.

use super::parts::Version;
use super::rules::*;
use super::{span_of, Findings};
use crate::yaml::Node;

/// Compares the columns and selectable fields of one version served by both revisions.
pub fn compare(ov: &Version<'_>, nv: &Version<'_>, out: &mut Findings) {
    let (Some((os, _)), Some((ns, _))) = (&ov.schema, &nv.schema) else {
        return;
    };
    if let Some((cols, path)) = &nv.columns {
        for (i, c) in cols.as_seq().unwrap_or_default().iter().enumerate() {
            let Some((jp, key)) = json_path(c) else {
                continue;
            };
            if resolves(os, jp) && !resolves(ns, jp) {
                let old_span = ov
                    .columns
                    .as_ref()
                    .and_then(|(oc, _)| {
                        oc.as_seq()?
                            .iter()
                            .find(|x| json_path(x).map(|j| j.0) == Some(jp))
                    })
                    .map(|x| x.span());
                out.push(
                    &COLUMN_PATH_REMOVED,
                    span_of(c, key),
                    old_span,
                    &format!("{path}[{i}].{key}"),
                    format!(
                        "{}: printer column {:?}: {jp} no longer exists in the schema; kubectl get shows an empty cell",
                        nv.name,
                        c.get_str("name").unwrap_or_default()
                    ),
                );
            }
        }
    }
    let Some((old_sel, _)) = &ov.selectable else {
        return;
    };
    let new_sel: Vec<(&str, &Node)> = nv
        .selectable
        .as_ref()
        .and_then(|(n, _)| n.as_seq())
        .unwrap_or_default()
        .iter()
        .filter_map(|s| Some((s.get_str("jsonPath")?, s)))
        .collect();
    for s in old_sel.as_seq().unwrap_or_default() {
        let Some(jp) = s.get_str("jsonPath") else {
            continue;
        };
        let (span, path, why) = match new_sel.iter().find(|(p, _)| *p == jp) {
            None => (
                nv.selectable
                    .as_ref()
                    .map_or(span_of(nv.node, "name"), |(n, _)| n.span()),
                nv.selectable
                    .as_ref()
                    .map_or(String::new(), |(_, p)| p.clone()),
                "was removed",
            ),
            Some((_, n)) if resolves(os, jp) && !resolves(ns, jp) => (
                span_of(n, "jsonPath"),
                String::new(),
                "no longer exists in the schema",
            ),
            Some(_) => continue,
        };
        out.push(
            &SELECTABLE_FIELD_REMOVED,
            span,
            Some(span_of(s, "jsonPath")),
            &path,
            format!(
                "{}: selectable field {jp} {why}: list requests with a field selector on it fail",
                nv.name
            ),
        );
    }
}

/// A column's JSONPath and its key (`jsonPath` in v1, `JSONPath` in v1beta1).
fn json_path(c: &Node) -> Option<(&str, &'static str)> {
    c.get_str("jsonPath")
        .map(|p| (p, "jsonPath"))
        .or_else(|| c.get_str("JSONPath").map(|p| (p, "JSONPath")))
}

/// Splits `.a.b[0].c['d']` into steps: `Some(name)` for a field, `None` for an index or filter.
fn steps(path: &str) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut bracket = String::new();
    let flush = |cur: &mut String, out: &mut Vec<Option<String>>| {
        if !cur.is_empty() {
            out.push(Some(std::mem::take(cur)));
        }
    };
    for ch in path
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .chars()
    {
        if depth == 0 {
            match ch {
                '.' => flush(&mut cur, &mut out),
                '[' => {
                    flush(&mut cur, &mut out);
                    depth = 1;
                    bracket.clear();
                }
                c => cur.push(c),
            }
            continue;
        }
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
            bracket.push(ch);
            continue;
        }
        match ch {
            '\'' | '"' => {
                quote = Some(ch);
                bracket.push(ch);
            }
            '[' => {
                depth += 1;
                bracket.push(ch);
            }
            ']' if depth == 1 => {
                depth = 0;
                // `['name']` is a field; anything else an index, slice, wildcard or filter.
                let b = bracket.trim();
                let name = b
                    .strip_prefix('\'')
                    .and_then(|s| s.strip_suffix('\''))
                    .filter(|s| !s.contains('\''));
                out.push(name.map(str::to_string));
            }
            ']' => {
                depth -= 1;
                bracket.push(ch);
            }
            c => bracket.push(c),
        }
    }
    flush(&mut cur, &mut out);
    out
}

/// Whether a column path can select something under `schema` (the object's root schema).
pub fn resolves(schema: &Node, path: &str) -> bool {
    let steps = steps(path);
    if let Some(Some(first)) = steps.first() {
        if matches!(first.as_str(), "metadata" | "apiVersion" | "kind") {
            return true;
        }
    }
    let mut cur = schema;
    for step in steps {
        if cur
            .get("x-kubernetes-preserve-unknown-fields")
            .and_then(Node::as_bool)
            == Some(true)
            || cur.get("x-kubernetes-int-or-string").is_some() && step.is_none()
        {
            return true;
        }
        let next = match &step {
            Some(name) => cur.get("properties").and_then(|p| p.get(name)).or_else(|| {
                cur.get("additionalProperties")
                    .filter(|a| a.as_map().is_some())
            }),
            None => cur.get("items").or_else(|| {
                cur.get("additionalProperties")
                    .filter(|a| a.as_map().is_some())
            }),
        };
        match next {
            Some(n) => cur = n,
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_into_fields_and_indices() {
        assert_eq!(
            steps(".status.conditions[?(@.type==\"Ready\")].status"),
            vec![
                Some("status".into()),
                Some("conditions".into()),
                None,
                Some("status".into())
            ]
        );
        assert_eq!(
            steps(".spec['a.b']"),
            vec![Some("spec".into()), Some("a.b".into())]
        );
    }

    #[test]
    fn resolution_follows_properties_items_and_open_objects() {
        let doc = crate::yaml::load(
            "properties:\n  spec:\n    properties:\n      ports:\n        items:\n          properties:\n            port: {}\n      free:\n        x-kubernetes-preserve-unknown-fields: true\n",
        );
        let s = doc[0].root.as_ref().unwrap();
        assert!(resolves(s, ".spec.ports[0].port"));
        assert!(resolves(s, ".spec.free.anything.at.all"));
        assert!(resolves(s, ".metadata.name"));
        assert!(!resolves(s, ".spec.size"));
        assert!(!resolves(s, ".spec.ports[0].name"));
    }
}
