//! Go to definition inside a CRD: from the paths a CRD writes as text to the schema node they
//! name, in the same file.
//!
//! - a printer column's or a selectable field's `jsonPath` (`.spec.size`), relative to its
//!   version's `openAPIV3Schema`;
//! - a CEL rule's (or `messageExpression`'s) `self.a.b` and `oldSelf.a`, and a rule's
//!   `fieldPath`, relative to the schema node that holds the `x-kubernetes-validations`
//!   (where the API server binds `self`).
//!
//! The segment under the cursor is the target: on `spec` of `self.spec.size` the `spec`
//! property, on `size` the `size` property. The raw text of the scalar is read, not its
//! value, so a position in it is a position in the file (identifiers and plain paths read the
//! same in every scalar style); a path the schema does not have goes nowhere.

use crate::yaml::{Node, Span, Value};

/// The key (or, for a node no key names, the node) that the path text under `offset` names.
/// `text` is the CRD's document and `root` its parsed node, spans relative to `text`.
pub fn definition(text: &str, root: &Node, offset: usize) -> Option<Span> {
    let chain = chain_at(root, offset);
    let n = chain.len();
    let (leaf_key, _, leaf) = chain.last()?;
    let Value::String(_) = &leaf.value else {
        return None;
    };
    let raw = text.get(leaf.span().range())?;
    let at = offset.checked_sub(leaf.span().start())?;
    // [.., holder, list (under `list_key`), item, leaf]
    let holder = |list_key: &str| -> Option<(&Node, Option<Span>)> {
        let (key, _, _) = chain.get(n.checked_sub(3)?)?;
        let (_, key_span, h) = chain.get(n.checked_sub(4)?)?;
        (key.as_deref() == Some(list_key)).then_some((*h, *key_span))
    };
    match leaf_key.as_deref()? {
        "jsonPath" => {
            let (version, _) =
                holder("additionalPrinterColumns").or_else(|| holder("selectableFields"))?;
            let schema = version.at(&["schema", "openAPIV3Schema"])?;
            let segs = json_path(raw, at)?;
            target(schema, None, &segs)
        }
        "fieldPath" => {
            let (schema, key) = holder("x-kubernetes-validations")?;
            target(schema, key, &json_path(raw, at)?)
        }
        "rule" | "messageExpression" => {
            let (schema, key) = holder("x-kubernetes-validations")?;
            target(schema, key, &cel_select(raw, at)?)
        }
        _ => None,
    }
}

/// The nodes from `root` down to the one under `offset`, each with the key that holds it and
/// that key's span.
type Chain<'a> = Vec<(Option<String>, Option<Span>, &'a Node)>;

fn chain_at(root: &Node, offset: usize) -> Chain<'_> {
    let within = |s: Span| s.start() <= offset && offset <= s.end();
    let mut chain = vec![(None, None, root)];
    let mut node = root;
    loop {
        let next = match &node.value {
            Value::Map(m) => m
                .entries
                .iter()
                .find(|e| within(e.value.span()) && !within(e.key_span))
                .map(|e| (Some(e.key.to_string()), Some(e.key_span), &e.value)),
            Value::Seq(items) => items
                .iter()
                .find(|i| within(i.span()))
                .map(|i| (None, None, i)),
            _ => None,
        };
        let Some(next) = next else { break };
        node = next.2;
        chain.push(next);
    }
    chain
}

/// The schema node `segs` (property names; `None` for an array's items) lead to from `schema`
/// (named by the key at `key`): the span of the key that names it.
fn target(schema: &Node, key: Option<Span>, segs: &[Option<String>]) -> Option<Span> {
    let mut node = schema;
    let mut span = key;
    for seg in segs {
        match seg {
            Some(k) => {
                let props = node.get("properties").and_then(Node::as_map);
                match props.and_then(|m| m.entry(k)) {
                    Some(e) => {
                        span = Some(e.key_span);
                        node = &e.value;
                    }
                    None => {
                        // A map's values: `additionalProperties`, named by its key.
                        let m = node.as_map()?;
                        let e = m.entry("additionalProperties")?;
                        e.value.as_map()?;
                        span = Some(e.key_span);
                        node = &e.value;
                    }
                }
            }
            None => {
                let e = node.as_map()?.entry("items")?;
                span = Some(e.key_span);
                node = &e.value;
            }
        }
    }
    // `self` alone: the node that holds the rule (its key, or the node when no key names it).
    span.or(Some(schema.span()))
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The field selection `self.a.b` (or `oldSelf.a.b`) around `at` in CEL source `raw`, up to
/// the segment under `at`: `["a"]` on `a`, `[]` on `self`. Optional selection (`self.?a`) reads
/// as plain selection.
fn cel_select(raw: &str, at: usize) -> Option<Vec<Option<String>>> {
    let bytes = raw.as_bytes();
    let at = at.min(raw.len());
    // The chain is identifiers joined by `.` or `.?`.
    let in_chain = |b: u8| is_ident(b as char) || b == b'.' || b == b'?';
    let mut start = at;
    while start > 0 && in_chain(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = at;
    while end < bytes.len() && is_ident(bytes[end] as char) {
        end += 1;
    }
    let chain = &raw[start..end];
    let mut segs = Vec::new();
    let mut offset = start;
    let mut parts = chain.split('.');
    let first = parts.next()?;
    // `self` and `oldSelf` start the chain (not `x.self`, a member of something else).
    if first != "self" && first != "oldSelf" {
        return None;
    }
    if start + first.len() >= at {
        return Some(segs);
    }
    offset += first.len() + 1;
    for part in parts {
        let name = part.strip_prefix('?').unwrap_or(part);
        if name.is_empty() || !name.chars().all(is_ident) {
            return None;
        }
        segs.push(Some(name.to_string()));
        if offset + part.len() >= at {
            return Some(segs);
        }
        offset += part.len() + 1;
    }
    None
}

/// The JSON path `.a.b[0].c` (or `.a['b.c']`) in `raw` (a scalar's source, maybe quoted), up
/// to the segment under `at`. An index or a filter (`[?(@.type=="Ready")]`) steps into an
/// array's items.
fn json_path(raw: &str, at: usize) -> Option<Vec<Option<String>>> {
    let quoted = raw.starts_with(['"', '\'']);
    let body_start = usize::from(quoted);
    let body = raw.get(body_start..raw.len() - usize::from(quoted && raw.len() > 1))?;
    let at = at.checked_sub(body_start)?;
    let bytes = body.as_bytes();
    let mut segs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (seg, next) = match bytes[i] {
            b'.' => {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'.' && bytes[j] != b'[' {
                    j += 1;
                }
                (Some(body[i + 1..j].to_string()), j)
            }
            b'[' => {
                let close = body[i..].find(']').map_or(bytes.len(), |c| i + c + 1);
                let inner = &body[i + 1..close.saturating_sub(1).max(i + 1)];
                let name = inner
                    .strip_prefix('\'')
                    .and_then(|s| s.strip_suffix('\''))
                    .or_else(|| inner.strip_prefix('"').and_then(|s| s.strip_suffix('"')));
                (name.map(str::to_string), close)
            }
            _ => return None,
        };
        if seg.as_deref() != Some("") {
            segs.push(seg);
        }
        if at < next.max(i + 1) {
            return Some(segs);
        }
        i = next;
    }
    Some(segs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: Option<Vec<Option<String>>>) -> Option<Vec<String>> {
        v.map(|v| v.into_iter().map(|s| s.unwrap_or("[]".into())).collect())
    }

    #[test]
    fn cel_selection_up_to_the_cursor() {
        let rule = "has(self.spec) && oldSelf.?spec.size > 1";
        let at = |s: &str| rule.find(s).unwrap();
        assert_eq!(
            names(cel_select(rule, at("spec"))),
            Some(vec!["spec".into()])
        );
        assert_eq!(names(cel_select(rule, at("self"))), Some(vec![]));
        assert_eq!(
            names(cel_select(rule, at("size") + 2)),
            Some(vec!["spec".into(), "size".into()])
        );
        assert_eq!(names(cel_select(rule, at("&&"))), None);
        assert_eq!(names(cel_select("x.self.a", 7)), None);
    }

    #[test]
    fn json_path_up_to_the_cursor() {
        let p = "'.status.conditions[?(@.type==\"Ready\")].reason'";
        let at = |s: &str| p.find(s).unwrap();
        assert_eq!(
            names(json_path(p, at("status"))),
            Some(vec!["status".into()])
        );
        assert_eq!(
            names(json_path(p, at("reason"))),
            Some(vec![
                "status".into(),
                "conditions".into(),
                "[]".into(),
                "reason".into()
            ])
        );
        assert_eq!(
            names(json_path(".metadata['a.b']", 11)),
            Some(vec!["metadata".into(), "a.b".into()])
        );
        assert_eq!(names(json_path("spec", 1)), None);
    }
}
