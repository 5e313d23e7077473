//! Whether a value passes its schema, decided without building a result: almost every
//! resource does, and [`validate`](super::validate) spends most of its time on what only a
//! failure needs (the match counters `anyOf`/`oneOf` compare, results merged node by node).
//! [`clean`] walks the same checks in the same order, stops at the first failure, and keeps
//! nothing; a value it does not pass is validated again by `validate`, which words the errors.
//!
//! The two must agree exactly (`clean` is true exactly when `validate` without an old object
//! reports nothing): [`super::validate_root`] asserts it in debug builds, so every test that
//! validates a resource checks it.

use super::compound::enum_allows;
use super::scalar::{check_string, number_ok, unbounded_number_ok};
use super::{effective_format, has_junctors, type_mismatch, Ctx, Name, Ty, Types};
use crate::schema::correlate::go_deep_equal;
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Map, Node, Value};

/// Whether [`validate`](super::validate) of `data` against `s` at `depth`, with no old object
/// to ratchet against, would report no error.
pub(super) fn clean(cx: &Ctx<'_>, s: &Schema, data: &Node, depth: usize) -> bool {
    if s.rare.is_none() {
        return plain_clean(cx, s, data, depth);
    }
    let types = Types::of(s);
    let format = effective_format(cx, s, types);
    if data.is_null() {
        // A nil value gets the type and enum checks only; no enum entry matches nil.
        let type_ok = types.is_empty() || types.has(Ty::NULL) || s.nullable;
        return type_ok && s.rare().enum_.is_none();
    }
    if depth > crate::schema::MAX_DEPTH * 2 {
        return true;
    }
    if (!types.is_empty() || !format.is_empty()) && type_mismatch(types, format, data).is_some() {
        return false;
    }
    if has_junctors(s) && !junctors_clean(cx, s, data, depth) {
        return false;
    }
    let own_ok = match &data.value {
        Value::String(st) => string_clean(cx, s, st, format, data),
        Value::Int(_) | Value::Float(_) => {
            let r = s.rare();
            if r.multiple_of.is_none() && r.minimum.is_none() && r.maximum.is_none() {
                unbounded_number_ok(cx, types, format, data)
            } else {
                number_ok(cx, s, types, format, data)
            }
        }
        Value::Seq(items) => array_clean(cx, s, items, depth),
        _ => true,
    };
    if !own_ok {
        return false;
    }
    if s.rare().enum_.is_some() && !enum_allows(s, data) {
        return false;
    }
    match &data.value {
        Value::Map(m) => object_clean(cx, s, m, depth),
        _ => true,
    }
}

/// [`clean`] of a node without any of the rare keywords (most nodes: those keep `format`,
/// `enum`, the junctors and every bound), checked in the same order: the type, then a number's
/// validator (its int32/int64 ranges need no format), then the items or properties. A string
/// or a bool has nothing more to pass.
fn plain_clean(cx: &Ctx<'_>, s: &Schema, data: &Node, depth: usize) -> bool {
    let types = Types::of(s);
    if data.is_null() {
        return types.is_empty() || types.has(Ty::NULL) || s.nullable;
    }
    if depth > crate::schema::MAX_DEPTH * 2 {
        return true;
    }
    if !plain_type_ok(types, data) {
        return false;
    }
    match &data.value {
        Value::Int(_) | Value::Float(_) => unbounded_number_ok(cx, types, "", data),
        Value::Seq(items) => array_clean(cx, s, items, depth),
        Value::Map(m) => object_clean(cx, s, m, depth),
        _ => true,
    }
}

/// [`clean`] of an item or an entry's value, without the call for a string or a bool whose
/// schema has none of the rare keywords (most leaves): [`plain_clean`] checks only its type.
#[inline(always)]
fn clean_child(cx: &Ctx<'_>, s: &Schema, data: &Node, depth: usize) -> bool {
    if s.rare.is_none() && matches!(data.value, Value::String(_) | Value::Bool(_)) {
        return depth > crate::schema::MAX_DEPTH * 2 || plain_type_ok(Types::of(s), data);
    }
    clean(cx, s, data, depth)
}

/// The type check of a non-null value under a schema without the rare keywords (no `format`).
#[inline(always)]
fn plain_type_ok(types: Types<'_>, data: &Node) -> bool {
    types.is_empty() || type_mismatch(types, "", data).is_none()
}

/// The string validator (`maxLength`, `minLength`, `pattern`), then the format's check.
fn string_clean(cx: &Ctx<'_>, s: &Schema, st: &str, format: &str, data: &Node) -> bool {
    if s.rare.is_some() && check_string(cx, s, st, &Name::Root, data.span()).is_some() {
        return false;
    }
    if format.is_empty() {
        return true;
    }
    let check = match cx.formats.get(format) {
        Some(i) => i.check_in(cx.beh),
        None => crate::apiext::formats::info(format).check_in(cx.beh),
    };
    check.is_none_or(|check| check(st))
}

/// `anyOf` (one alternative passes), `oneOf` (exactly one does), `allOf` (all do), `not`
/// (its schema does not).
fn junctors_clean(cx: &Ctx<'_>, s: &Schema, data: &Node, depth: usize) -> bool {
    let rare = s.rare();
    let alt = |a: &Schema| clean(cx, a, data, depth + 1);
    if !rare.any_of.is_empty() && !rare.any_of.iter().any(alt) {
        return false;
    }
    if !rare.one_of.is_empty() && rare.one_of.iter().filter(|a| alt(a)).count() != 1 {
        return false;
    }
    if !rare.all_of.iter().all(alt) {
        return false;
    }
    rare.not.as_deref().is_none_or(|n| !alt(n))
}

/// The array validator: every item, `minItems`, `maxItems`, `uniqueItems`.
fn array_clean(cx: &Ctx<'_>, s: &Schema, items: &[Node], depth: usize) -> bool {
    if let Some(item_schema) = &s.items {
        if !items
            .iter()
            .all(|it| clean_child(cx, item_schema, it, depth + 1))
        {
            return false;
        }
    }
    let size = items.len() as i64;
    let rare = s.rare();
    if rare.min_items.is_some_and(|min| size < min) || rare.max_items.is_some_and(|max| size > max)
    {
        return false;
    }
    // The pairwise scan of the full validator (only schemas the server rejects have it).
    !rare.unique_items
        || !items
            .iter()
            .enumerate()
            .any(|(i, a)| items[..i].iter().any(|b| go_deep_equal(a, b)))
}

/// The object validator: property counts, forbidden and `additionalProperties` entries, the
/// declared properties, `required`.
fn object_clean(cx: &Ctx<'_>, s: &Schema, m: &Map, depth: usize) -> bool {
    let num = m.len() as i64;
    if s.rare().min_properties.is_some_and(|min| num < min)
        || s.rare().max_properties.is_some_and(|max| num > max)
    {
        return false;
    }
    for e in m.entries.iter() {
        let ok = match s.property(&e.key) {
            Some(ps) => clean_child(cx, ps, &e.value, depth + 1),
            None => match &s.additional_properties {
                Some(AdditionalProperties::Bool(false)) => false,
                Some(AdditionalProperties::Schema(ap)) => clean_child(cx, ap, &e.value, depth + 1),
                _ => true,
            },
        };
        if !ok {
            return false;
        }
    }
    s.rare().required.iter().all(|k| m.contains_key(k))
}
