//! Whether the rewrites before validation would leave a resource exactly as written: nothing
//! pruned, no null dropped, no default inserted. Most resources of a run are such, and a caller
//! that needs only the findings can then validate the resource itself instead of a pruned,
//! defaulted copy (the copy, and dropping it, cost more than validating the resource did).
//!
//! Each check reads what its rewrite would read, in the same walk, and says "changes" where
//! the rewrite would change anything: [`keeps_all`] mirrors [`Pruner::copy`] (with nulls
//! dropped, at a resource root), [`defaults_none`] mirrors [`apply_defaults_in`].

use super::*;

/// Whether [`pruned_copy`]`(x, s, true)` would equal `x`.
pub(crate) fn keeps_all(x: &Node, s: Option<&Schema>) -> bool {
    keeps(x, s, true, 0)
}

/// [`Pruner::copy`]'s decisions, with null dropping on: false at the first dropped entry.
fn keeps(x: &Node, s: Option<&Schema>, root: bool, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    if let Some(s) = s {
        if s.preserves_unknown_fields() {
            return keeps_preserving(x, s, root, depth);
        }
    }
    match &x.value {
        Value::Map(m) => {
            let Some(s) = s else {
                // Every entry is unknown.
                return m.entries.is_empty();
            };
            let embedded = s.x_embedded_resource || root;
            m.entries.iter().all(|e| {
                if embedded && META_FIELDS.contains(&e.key.as_str()) {
                    return meta_keeps(e, s, depth);
                }
                let field = match s.property(&e.key) {
                    Some(p) => Some(Some(p)),
                    None => ap_schema(s),
                };
                match field {
                    Some(fs) => !drops_null(&e.value, fs) && keeps_below(&e.value, fs, depth + 1),
                    // Unknown: pruned (reported or not).
                    None => false,
                }
            })
        }
        Value::Seq(items) => {
            let item_schema = s.and_then(|s| s.items.as_deref());
            items
                .iter()
                .all(|it| keeps_below(it, item_schema, depth + 1))
        }
        _ => true,
    }
}

/// [`keeps`] of a value below the root, without the call for a scalar (most values): pruning
/// removes nothing from one.
#[inline(always)]
fn keeps_below(x: &Node, s: Option<&Schema>, depth: usize) -> bool {
    match x.value {
        Value::Map(_) | Value::Seq(_) => keeps(x, s, false, depth),
        _ => true,
    }
}

/// [`Pruner::copy`]'s `copy_preserving`: unknown entries stay.
fn keeps_preserving(x: &Node, s: &Schema, root: bool, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match &x.value {
        Value::Map(m) => {
            let embedded = s.x_embedded_resource || root;
            m.entries.iter().all(|e| {
                if embedded && META_FIELDS.contains(&e.key.as_str()) {
                    return meta_keeps(e, s, depth);
                }
                let fs = match s.property(&e.key) {
                    Some(p) => Some(p),
                    None => match ap_schema(s) {
                        Some(ap) => ap,
                        // Unknown and kept whole.
                        None => return true,
                    },
                };
                !drops_null(&e.value, fs) && keeps_below(&e.value, fs, depth + 1)
            })
        }
        Value::Seq(items) => match s.items.as_deref() {
            Some(is) => items
                .iter()
                .all(|it| keeps_preserving(it, is, false, depth + 1)),
            None => true,
        },
        _ => true,
    }
}

/// `Pruner::meta_field` with nulls dropped: the entry stays, and no null below it goes.
fn meta_keeps(e: &Entry, s: &Schema, depth: usize) -> bool {
    let fs = field_schema(Some(s), &e.key);
    !drops_null(&e.value, fs) && nulls_keep(&e.value, fs, depth + 1)
}

/// `prune_nulls_rec` removes nothing.
fn nulls_keep(x: &Node, s: Option<&Schema>, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match &x.value {
        Value::Map(m) => m.entries.iter().all(|e| {
            let fs = field_schema(s, &e.key);
            !drops_null(&e.value, fs) && nulls_keep(&e.value, fs, depth + 1)
        }),
        Value::Seq(items) => {
            let is = s.and_then(|s| s.items.as_deref());
            items.iter().all(|it| nulls_keep(it, is, depth + 1))
        }
        _ => true,
    }
}

/// Whether [`apply_defaults_in`]`(x, s, skip)` would default nothing (return 0).
pub(crate) fn defaults_none(x: &Node, s: Option<&Schema>, skip: &Subtrees) -> bool {
    !defaults_rec(x, s, skip, 0)
}

/// `default_rec` with [`Subtrees`]: whether it would default anything.
fn defaults_rec(x: &Node, s: Option<&Schema>, skip: &Subtrees, depth: usize) -> bool {
    let Some(s) = s else {
        return false;
    };
    if depth > MAX_DEPTH {
        return false;
    }
    match skip.get(s) {
        Some(marks) if marks.defaults => defaults_marked(x, s, skip, marks, depth),
        _ => false,
    }
}

/// `default_marked`: a defaulted property absent (or a non-nullable null), or a default
/// below.
fn defaults_marked(x: &Node, s: &Schema, skip: &Subtrees, marks: &Marks, depth: usize) -> bool {
    match &x.value {
        Value::Map(m) => {
            let absent = marks.defaulted.iter().any(|&i| {
                let Some((k, p)) = s.properties.get_index(i as usize) else {
                    return false;
                };
                p.rare().default.is_some()
                    && m.get(k).is_none_or(|v| is_non_nullable_null(v, Some(p)))
            });
            if absent {
                return true;
            }
            if s.additional_properties.is_some() {
                let ap = s.additional_properties_schema();
                m.entries.iter().any(|e| match s.property(&e.key) {
                    Some(p) => defaults_rec(&e.value, Some(p), skip, depth + 1),
                    None => {
                        (is_non_nullable_null(&e.value, ap)
                            && ap.is_some_and(|a| a.rare().default.is_some()))
                            || defaults_rec(&e.value, ap, skip, depth + 1)
                    }
                })
            } else if !marks.defaults_below.is_empty() {
                m.entries.iter().any(|e| {
                    let below = marks.defaults_below.iter().find_map(|&i| {
                        let (k, p) = s.properties.get_index(i as usize)?;
                        (*k == *e.key).then_some(p)
                    });
                    below.is_some_and(|p| {
                        depth < MAX_DEPTH
                            && skip
                                .get(p)
                                .is_some_and(|mk| defaults_marked(&e.value, p, skip, mk, depth + 1))
                    })
                })
            } else {
                false
            }
        }
        Value::Seq(items) => {
            let is = s.items.as_deref();
            items.iter().any(|it| {
                (is_non_nullable_null(it, is) && is.is_some_and(|i| i.rare().default.is_some()))
                    || defaults_rec(it, is, skip, depth + 1)
            })
        }
        _ => false,
    }
}
