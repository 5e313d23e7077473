//! The sub-schemas of a schema node as the server's `SchemaHas` visits them (every keyword
//! that holds a schema, `definitions` and `dependencies` included), on the raw YAML: the walk
//! the schema checks, the defaults and the warnings share.

use crate::schema::keywords::K;
use crate::yaml::{Node, Value};
use std::ops::ControlFlow;

/// Calls `f` on every sub-schema of `s` the server's `SchemaHas` visits (depth-capped).
pub(crate) fn for_each_subschema<'a>(s: &'a Node, depth: usize, f: &mut dyn FnMut(&'a Node)) {
    let _ = visit_subschemas(s, depth, &mut |n| {
        f(n);
        ControlFlow::Continue(())
    });
}

/// [`for_each_subschema`] until `f` breaks (then returns `Break`).
pub(crate) fn visit_subschemas<'a>(
    s: &'a Node,
    depth: usize,
    f: &mut dyn FnMut(&'a Node) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if depth > 200 {
        return ControlFlow::Continue(());
    }
    let Some(map) = s.as_map() else {
        return ControlFlow::Continue(());
    };
    f(s)?;
    // One pass over the keys (the first of duplicates wins, as with `Node::get`); three callers
    // walk every schema node, and eleven lookups per node were most of their time.
    let mut found: [Option<&'a Node>; 11] = [None; 11];
    for e in &map.entries {
        let slot = match K::of(&e.key) {
            Some(K::Items) => 0,
            Some(K::AllOf) => 1,
            Some(K::AnyOf) => 2,
            Some(K::OneOf) => 3,
            Some(K::Not) => 4,
            Some(K::Properties) => 5,
            Some(K::PatternProperties) => 6,
            Some(K::Definitions) => 7,
            Some(K::Dependencies) => 8,
            Some(K::AdditionalProperties) => 9,
            Some(K::AdditionalItems) => 10,
            _ => continue,
        };
        found[slot].get_or_insert(&e.value);
    }
    let [items, all_of, any_of, one_of, not, props, pattern_props, defs, deps, ap, ai] = found;
    let mut rec = |n: &'a Node| visit_subschemas(n, depth + 1, f);
    if let Some(items) = items {
        match &items.value {
            Value::Seq(v) => v.iter().try_for_each(&mut rec)?,
            _ => rec(items)?,
        }
    }
    for list in [all_of, any_of, one_of] {
        list.and_then(Node::as_seq)
            .unwrap_or(&[])
            .iter()
            .try_for_each(&mut rec)?;
    }
    if let Some(n) = not {
        rec(n)?;
    }
    for m in [props, pattern_props, defs, deps] {
        if let Some(m) = m.and_then(Node::as_map) {
            m.entries.iter().try_for_each(|e| rec(&e.value))?;
        }
    }
    for n in [ap, ai].into_iter().flatten() {
        rec(n)?;
    }
    ControlFlow::Continue(())
}

/// Whether `s` or a sub-schema has `x-kubernetes-validations`; stops at the first.
pub(crate) fn has_rules(s: &Node) -> bool {
    visit_subschemas(s, 0, &mut |n| {
        if n.get(K::Validations.name()).is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}
