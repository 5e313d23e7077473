//! The array, object and enum validators, with Go's value rendering and `reflect.DeepEqual`.

use super::result::{Code, OErr, Res};
use super::{child_corr, ratcheted, validate, Corr, Ctx, Name};
use crate::k8s::field::{go_float, BadValue};
use crate::schema::correlate::{self, go_deep_equal};
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Node, Span, Value};

pub(super) fn check_array(
    cx: &Ctx<'_>,
    s: &Schema,
    items: &[Node],
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut r = Res::default();
    if let Some(item_schema) = &s.items {
        for (i, it) in items.iter().enumerate() {
            let child = Name::Index(name, i);
            let c = corr.and_then(|p| correlate::index(p, i));
            r.merge(ratcheted(
                c,
                validate(cx, item_schema, it, c, &child, span, depth + 1),
            ));
        }
    }
    let size = items.len() as i64;
    if let Some(min) = s.rare().min_items {
        if size < min {
            let n = name.render();
            let msg = format!("{n} in body should have at least {min} items");
            let mut e = OErr::v(Code::Other, n, Some(BadValue::Int(size)), msg, span);
            e.valid = min;
            r.add(e);
        }
    }
    if let Some(max) = s.rare().max_items {
        if size > max {
            let n = name.render();
            let msg = format!("{n} in body should have at most {max} items");
            let mut e = OErr::v(Code::MaxItems, n, Some(BadValue::Int(size)), msg, span);
            e.valid = max;
            r.add(e);
        }
    }
    if s.rare().unique_items {
        // CRD validation forbids uniqueItems, so this only runs on schemas the server would
        // reject; the pairwise scan matches kube-openapi and is bounded by the array length.
        let dup = items
            .iter()
            .enumerate()
            .any(|(i, a)| items[..i].iter().any(|b| go_deep_equal(a, b)));
        if dup {
            let n = name.render();
            let msg = format!("{n} in body shouldn't contain duplicates");
            r.add(OErr::v(Code::Other, n, None, msg, span));
        }
    }
    r.mc += 1;
    r
}

pub(super) fn check_object(
    cx: &Ctx<'_>,
    s: &Schema,
    m: &crate::yaml::Map,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut r = Res::default();
    let num = m.len() as i64;
    if let Some(min) = s.rare().min_properties {
        if num < min {
            let n = name.render();
            let msg = format!("{n} in body should have at least {min} properties");
            let mut e = OErr::v(Code::Other, n, Some(BadValue::Int(num)), msg, span);
            e.valid = min;
            r.add(e);
        }
    }
    if let Some(max) = s.rare().max_properties {
        if num > max {
            let n = name.render();
            let msg = format!("{n} in body should have at most {max} properties");
            let mut e = OErr::v(
                Code::TooManyProperties,
                n,
                Some(BadValue::Int(num)),
                msg,
                span,
            );
            e.valid = max;
            r.add(e);
        }
    }
    // Before 1.28 a property-count error was the object's only error.
    if !cx.beh.object_count_no_short_circuit && !r.errs.is_empty() {
        r.errs.truncate(1);
        return r;
    }
    match &s.additional_properties {
        Some(AdditionalProperties::Bool(false)) => {
            for e in &m.entries {
                if s.property(&e.key).is_none() {
                    let n = name.render();
                    let msg = format!("{n}.{} in body is a forbidden property", e.key);
                    let at = if e.key_span.is_empty() {
                        span
                    } else {
                        e.key_span
                    };
                    r.add(OErr::v(
                        Code::Other,
                        n,
                        Some(BadValue::String(e.key.to_string())),
                        msg,
                        at,
                    ));
                }
            }
        }
        Some(AdditionalProperties::Schema(ap)) => {
            for e in &m.entries {
                if s.property(&e.key).is_none() {
                    let child = Name::Extra(name, &e.key);
                    let c = child_corr(corr, name, &e.key);
                    r.merge(ratcheted(
                        c,
                        validate(cx, ap, &e.value, c, &child, span, depth + 1),
                    ));
                }
            }
        }
        _ => {}
    }
    if !s.properties.is_empty() {
        for e in &m.entries {
            if let Some(ps) = s.property(&e.key) {
                let child = Name::Prop(name, &e.key);
                let c = child_corr(corr, name, &e.key);
                r.merge(ratcheted(
                    c,
                    validate(cx, ps, &e.value, c, &child, span, depth + 1),
                ));
            }
        }
    }
    for k in &s.rare().required {
        if !m.contains_key(k) {
            let n = format!("{}.{k}", name.render());
            let msg = format!("{n} in body is required");
            r.add(OErr::v(Code::Required, n, None, msg, span));
        }
    }
    r
}

/// The enum check (`basicCommonValidator`); `None` when there is no enum or the value matches.
pub(super) fn check_enum(s: &Schema, data: &Node, name: &Name<'_>, span: Span) -> Option<Res> {
    let entries = s.rare().enum_.as_ref()?;
    if enum_allows(s, data) {
        return None;
    }
    let n = name.render();
    let shown: Vec<String> = entries.iter().map(go_v).collect();
    let msg = format!("{n} in body should be one of [{}]", shown.join(" "));
    let value = if data.is_null() {
        None
    } else {
        Some(BadValue::from_node(data))
    };
    let mut e = OErr::v(Code::Enum, n, value, msg, span);
    e.values = entries
        .iter()
        .map(|v| match &v.value {
            Value::String(s) => s.to_string(),
            _ => crate::k8s::field::go_json(v),
        })
        .collect();
    Some(Res::err(e))
}

/// Whether the enum check passes: no enum, or a non-nil value equal to one of its entries.
pub(super) fn enum_allows(s: &Schema, data: &Node) -> bool {
    match &s.rare().enum_ {
        None => true,
        Some(entries) => !data.is_null() && entries.iter().any(|e| enum_matches(data, e)),
    }
}

/// Go `%v` of a decoded JSON value (used in the raw enum message only).
pub(crate) fn go_v(n: &Node) -> String {
    match &n.value {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => go_float(*f),
        Value::String(s) => s.to_string(),
        Value::Seq(items) => {
            let parts: Vec<String> = items.iter().map(go_v).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Map(m) => {
            let mut parts: Vec<(&str, String)> = m
                .entries
                .iter()
                .map(|e| (e.key.as_str(), go_v(&e.value)))
                .collect();
            parts.sort_by(|a, b| a.0.cmp(b.0));
            let parts: Vec<String> = parts.into_iter().map(|(k, v)| format!("{k}:{v}")).collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

/// Does `data` equal the enum entry `e` after Go's `reflect` conversion to the entry's type?
fn enum_matches(data: &Node, e: &Node) -> bool {
    match (&data.value, &e.value) {
        (_, Value::Null) => false,
        (Value::Int(a), Value::Int(b)) => a == b,
        (Value::Int(a), Value::Float(b)) => (*a as f64) == *b,
        // int64 → string converts to the code point's UTF-8 (U+FFFD when invalid).
        (Value::Int(a), Value::String(b)) => {
            let c = u32::try_from(*a)
                .ok()
                .and_then(char::from_u32)
                .unwrap_or('\u{fffd}');
            let mut buf = [0u8; 4];
            b == c.encode_utf8(&mut buf)
        }
        (Value::Float(a), Value::Float(b)) => a == b,
        (Value::Float(a), Value::Int(b)) => (*a as i64) == *b,
        (Value::String(a), Value::String(b)) => a == b,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Seq(_), Value::Seq(_)) | (Value::Map(_), Value::Map(_)) => go_deep_equal(data, e),
        _ => false,
    }
}
