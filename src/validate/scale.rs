//! The scale subresource's paths, read as the server reads them.

use super::*;

/// Go `%T` of a decoded JSON value.
pub(super) fn go_type_name(n: &Node) -> &'static str {
    match n.value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::Seq(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    }
}

/// `unstructured.NestedInt64` / `NestedString` at a scale path, with the server's errors.
pub(super) fn scale_check(x: &Node, path: &str, int: bool, out: &mut Vec<Located>) {
    if path.is_empty() {
        return;
    }
    let fields: Vec<&str> = path.strip_prefix('.').unwrap_or(path).split('.').collect();
    let mut cur = x;
    let shown = FieldPath::new(path);
    for (i, f) in fields.iter().enumerate() {
        let Value::Map(m) = &cur.value else {
            let jp = format!(".{}", fields[..i].join("."));
            let msg = format!(
                "{jp} accessor error: {} is of the type {}, expected map[string]interface{{}}",
                openapi::go_v(cur),
                go_type_name(cur)
            );
            let bad = if int {
                BadValue::Int(0)
            } else {
                BadValue::String(String::new())
            };
            out.push((FieldError::invalid(shown, bad, msg), cur.span()));
            return;
        };
        match m.get(f) {
            Some(v) => cur = v,
            None => return,
        }
    }
    let jp = format!(".{}", fields.join("."));
    if int {
        match cur.value {
            Value::Int(n) if n < 0 => out.push((
                FieldError::invalid(shown, n, "should be a non-negative integer"),
                cur.span(),
            )),
            Value::Int(n) if n > i64::from(i32::MAX) => out.push((
                FieldError::invalid(shown, n, "should be less than or equal to 2147483647"),
                cur.span(),
            )),
            Value::Int(_) => {}
            _ => out.push((
                FieldError::invalid(
                    shown,
                    0i64,
                    format!(
                        "{jp} accessor error: {} is of the type {}, expected int64",
                        openapi::go_v(cur),
                        go_type_name(cur)
                    ),
                ),
                cur.span(),
            )),
        }
    } else if cur.as_str().is_none() {
        out.push((
            FieldError::invalid(
                shown,
                String::new(),
                format!(
                    "{jp} accessor error: {} is of the type {}, expected string",
                    openapi::go_v(cur),
                    go_type_name(cur)
                ),
            ),
            cur.span(),
        ));
    }
}
