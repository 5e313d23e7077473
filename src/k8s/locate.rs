//! From a server field path back to the node (and span) of the user's document: where the
//! validator underlines a resource's error and the linter a CRD `default`'s.

use crate::yaml::{Node, Span, Value};

/// The node a server field path (`spec.a[0].m[k.x]`, `<nil>`) names in `root`, or the deepest
/// node on the way that came from the file (defaulted values have no span). Keys may contain
/// dots and brackets, so each step matches the longest key of the actual map that fits.
pub fn locate(root: &Node, path: &str) -> Span {
    let mut best = root.span();
    if path == "<nil>" {
        return best;
    }
    let mut cur = root;
    let mut rest = path;
    let mut first = true;
    while !rest.is_empty() {
        let step: Option<(&Node, &str)> = if let Some(r) = rest.strip_prefix('[') {
            match &cur.value {
                Value::Seq(items) => r.split_once(']').and_then(|(i, t)| {
                    let i: usize = i.parse().ok()?;
                    Some((items.get(i)?, t))
                }),
                Value::Map(m) => m
                    .entries
                    .iter()
                    .filter_map(|e| {
                        let t = r.strip_prefix(e.key.as_str())?.strip_prefix(']')?;
                        Some((e.key.len(), &e.value, t))
                    })
                    .max_by_key(|(l, _, _)| *l)
                    .map(|(_, n, t)| (n, t)),
                _ => None,
            }
        } else {
            let r = if first {
                Some(rest)
            } else {
                rest.strip_prefix('.')
            };
            match (r, &cur.value) {
                (Some(r), Value::Map(m)) => m
                    .entries
                    .iter()
                    .filter_map(|e| {
                        let t = r.strip_prefix(e.key.as_str())?;
                        (t.is_empty() || t.starts_with(['.', '['])).then_some((
                            e.key.len(),
                            &e.value,
                            t,
                        ))
                    })
                    .max_by_key(|(l, _, _)| *l)
                    .map(|(_, n, t)| (n, t)),
                _ => None,
            }
        };
        let Some((n, t)) = step else { break };
        cur = n;
        rest = t;
        first = false;
        if !n.span().is_empty() {
            best = n.span();
        }
    }
    best
}
