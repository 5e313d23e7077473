//! The conversion errors of `NewStructural`: keywords a structural schema cannot hold.

use crate::yaml::{Node, Value};

/// The first error `NewStructural` returns, if any (Go map order is random; we use document
/// order).
pub(crate) fn conversion_error(s: &Node) -> Option<&'static str> {
    conv(s, 0)
}

/// A present, non-null value (`ctx::get_set` on a looked-up entry).
fn set(n: Option<&Node>) -> Option<&Node> {
    n.filter(|v| !v.is_null())
}

fn conv(s: &Node, depth: usize) -> Option<&'static str> {
    if depth > 200 {
        return None;
    }
    let map = s.as_map()?;
    // One pass over the keys (the first of duplicates wins, as with `Node::get`): this runs on
    // every schema node of every CRD, and a lookup per keyword was most of its time.
    let mut found: [Option<&Node>; 15] = [None; 15];
    for e in &map.entries {
        let slot = match e.key.as_str() {
            "id" => 0,
            "$schema" => 1,
            "$ref" => 2,
            "patternProperties" => 3,
            "dependencies" => 4,
            "additionalItems" => 5,
            "definitions" => 6,
            "not" => 7,
            "allOf" => 8,
            "anyOf" => 9,
            "oneOf" => 10,
            "x-kubernetes-preserve-unknown-fields" => 11,
            "items" => 12,
            "properties" => 13,
            "additionalProperties" => 14,
            _ => continue,
        };
        found[slot].get_or_insert(&e.value);
    }
    let [id, sch, rf, pp, deps, ai, defs, not, all, any, one, pres, items, props, ap] = found;
    let nonempty_str = |n: Option<&Node>| n.and_then(Node::as_str).is_some_and(|v| !v.is_empty());
    let nonempty_map = |n: Option<&Node>| n.and_then(Node::as_map).is_some_and(|m| !m.is_empty());
    if nonempty_str(id) {
        return Some("OpenAPIV3Schema 'id' is not supported");
    }
    if nonempty_str(sch) {
        return Some("OpenAPIV3Schema 'schema' is not supported");
    }
    if nonempty_str(rf) {
        return Some("OpenAPIV3Schema '$ref' is not supported");
    }
    if nonempty_map(pp) {
        return Some("OpenAPIV3Schema 'patternProperties' is not supported");
    }
    if nonempty_map(deps) {
        return Some("OpenAPIV3Schema 'dependencies' is not supported");
    }
    if set(ai).is_some() {
        return Some("OpenAPIV3Schema 'additionalItems' is not supported");
    }
    if nonempty_map(defs) {
        return Some("OpenAPIV3Schema 'definitions' is not supported");
    }
    if let Some(n) = set(not) {
        if let Some(e) = conv(n, depth + 1) {
            return Some(e);
        }
    }
    for list in [all, any, one] {
        for n in list.and_then(Node::as_seq).unwrap_or(&[]) {
            if let Some(e) = conv(n, depth + 1) {
                return Some(e);
            }
        }
    }
    if pres.and_then(Node::as_bool) == Some(false) {
        return Some(
            "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
        );
    }
    if let Some(items) = set(items) {
        match &items.value {
            Value::Seq(v) if !v.is_empty() => {
                return Some("OpenAPIV3Schema 'items' must be a schema, but is an array")
            }
            Value::Seq(_) => {}
            _ => {
                if let Some(e) = conv(items, depth + 1) {
                    return Some(e);
                }
            }
        }
    }
    if let Some(p) = props.and_then(Node::as_map) {
        for e in &p.entries {
            if let Some(x) = conv(&e.value, depth + 1) {
                return Some(x);
            }
        }
    }
    if let Some(ap) = set(ap) {
        if let Some(e) = conv(ap, depth + 1) {
            return Some(e);
        }
    }
    None
}
