//! The conversion errors of `NewStructural`: keywords a structural schema cannot hold.

use crate::schema::keywords::{Kw, K};
use crate::yaml::{Node, Value};

/// The first error `NewStructural` returns, if any (Go map order is random; we use document
/// order).
pub(crate) fn conversion_error(s: &Node) -> Option<&'static str> {
    conv(s, 0)
}

fn conv(s: &Node, depth: usize) -> Option<&'static str> {
    if depth > 200 {
        return None;
    }
    // One pass over the keys (the first of duplicates wins, as with `Node::get`): this runs on
    // every schema node of every CRD, and a lookup per keyword was most of its time.
    let kw = Kw::of(s)?;
    let nonempty_str = |k: K| kw.str(k).is_some_and(|v| !v.is_empty());
    if nonempty_str(K::Id) {
        return Some("OpenAPIV3Schema 'id' is not supported");
    }
    if nonempty_str(K::Schema) {
        return Some("OpenAPIV3Schema 'schema' is not supported");
    }
    if nonempty_str(K::Ref) {
        return Some("OpenAPIV3Schema '$ref' is not supported");
    }
    if kw.nonempty_map(K::PatternProperties) {
        return Some("OpenAPIV3Schema 'patternProperties' is not supported");
    }
    if kw.nonempty_map(K::Dependencies) {
        return Some("OpenAPIV3Schema 'dependencies' is not supported");
    }
    if kw.set(K::AdditionalItems).is_some() {
        return Some("OpenAPIV3Schema 'additionalItems' is not supported");
    }
    if kw.nonempty_map(K::Definitions) {
        return Some("OpenAPIV3Schema 'definitions' is not supported");
    }
    if let Some(n) = kw.set(K::Not) {
        if let Some(e) = conv(n, depth + 1) {
            return Some(e);
        }
    }
    for list in [K::AllOf, K::AnyOf, K::OneOf] {
        for n in kw.seq(list) {
            if let Some(e) = conv(n, depth + 1) {
                return Some(e);
            }
        }
    }
    if kw.get(K::PreserveUnknownFields).and_then(Node::as_bool) == Some(false) {
        return Some(
            "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
        );
    }
    if let Some(items) = kw.set(K::Items) {
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
    if let Some(p) = kw.map_of(K::Properties) {
        for e in &p.entries {
            if let Some(x) = conv(&e.value, depth + 1) {
                return Some(x);
            }
        }
    }
    if let Some(ap) = kw.set(K::AdditionalProperties) {
        if let Some(e) = conv(ap, depth + 1) {
            return Some(e);
        }
    }
    None
}
