//! The string, format and number validators, with Go's number types and range messages.

use super::result::{Code, OErr, Res};
use super::{is_float_json_integer, Ctx, Name, Types};
use crate::k8s::field::{go_float, go_quote, BadValue};
use crate::schema::Schema;
use crate::yaml::{Node, Span, Value};

pub(super) fn check_string(
    cx: &Ctx<'_>,
    s: &Schema,
    st: &str,
    name: &Name<'_>,
    span: Span,
) -> Option<Res> {
    let value = || Some(BadValue::String(st.to_string()));
    // Lengths count characters, never more than the bytes: the count is needed only when the
    // byte length alone cannot decide.
    let bytes = i64::try_from(st.len()).unwrap_or(i64::MAX);
    let chars = || i64::try_from(st.chars().count()).unwrap_or(i64::MAX);
    if let Some(max) = s.rare().max_length {
        if bytes > max && chars() > max {
            let n = name.render();
            let msg = format!("{n} in body should be at most {max} chars long");
            let mut e = OErr::v(Code::TooLong, n, value(), msg, span);
            e.valid = max;
            return Some(Res::err(e));
        }
    }
    if let Some(min) = s.rare().min_length {
        if bytes < min || chars() < min {
            let n = name.render();
            let msg = format!("{n} in body should be at least {min} chars long");
            let mut e = OErr::v(Code::Other, n, value(), msg, span);
            e.valid = min;
            return Some(Res::err(e));
        }
    }
    if let Some(p) = s.rare().pattern.as_deref().filter(|p| !p.is_empty()) {
        let key = crate::apiext::formats::pattern_key(p);
        let shown = match cx.patterns.get(&key).map(|c| (c, c.get(p))) {
            Some((c, Ok(Some(re)))) => {
                if c.is_match(re, st) {
                    return None;
                }
                p.to_string()
            }
            // Too complex to check offline (`schema/pattern-too-complex` says so on the CRD).
            Some((_, Ok(None))) => return None,
            Some((_, Err(e))) => format!("{p}, but pattern is invalid: {e}"),
            // Not listed when the schema was prepared: cannot happen for schemas we prepared
            // (a copy of one would have moved its text; debug runs check); skip rather than
            // compile per value.
            None => {
                debug_assert!(false, "pattern {p:?} was not prepared with its schema");
                return None;
            }
        };
        let n = name.render();
        let msg = format!("{n} in body should match '{shown}'");
        return Some(Res::err(OErr::v(Code::Other, n, value(), msg, span)));
    }
    None
}

pub(super) fn check_format(
    check: crate::schema::formats::FormatFn,
    format: &str,
    st: &str,
    name: &Name<'_>,
    span: Span,
) -> Option<Res> {
    if check(st) {
        return None;
    }
    let n = name.render();
    let msg = format!("{n} in body must be of type {format}: {}", go_quote(st));
    Some(Res {
        errs: vec![OErr::v(
            Code::InvalidType,
            n,
            Some(BadValue::String(st.to_string())),
            msg,
            span,
        )],
        mc: 0,
        ..Res::default()
    })
}

/// A JSON number as kube-openapi sees it.
#[derive(Clone, Copy)]
enum Num {
    I(i64),
    F(f64),
}

impl Num {
    fn as_f64(self) -> f64 {
        match self {
            Num::I(i) => i as f64,
            Num::F(f) => f,
        }
    }
    fn bad(self) -> BadValue {
        match self {
            Num::I(i) => BadValue::Int(i),
            Num::F(f) => BadValue::Float(f),
        }
    }
}

/// Go `strconv.FormatFloat(f, 'f', -1, 64)`: every digit, no exponent.
fn format_float_f(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    // Rust's Display for f64 prints the shortest round-trip digits without an exponent.
    let s = format!("{f}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// `IsValueValidAgainstRange`: the "Checked value must be of type ..." family.
fn range_error(
    v: Num,
    type_name: &str,
    format: &str,
    prefix: &str,
    name: &Name<'_>,
) -> Option<String> {
    // The common cases without rendering the number: an integer always reads back as an
    // `int64`, and as an `int32` exactly when it is in range; nothing else is checked
    // unless the type is `integer` or the format `float`.
    let bad = match (type_name, format, v) {
        ("integer", "int32", Num::I(i)) => i32::try_from(i).is_err(),
        ("integer", _, Num::I(_)) => false,
        // A whole float in int32's range prints as its digits and parses back into either
        // integer format, and a finite float this small parses back as a finite `float32`:
        // the bounds written in CRDs (`minimum: 0`) take this path, without rendering.
        ("integer", _, Num::F(f))
            if f.fract() == 0.0 && (-2_147_483_648.0..=2_147_483_647.0).contains(&f) =>
        {
            false
        }
        (t, "float", Num::I(i)) if t != "integer" && i.unsigned_abs() < 1 << 53 => false,
        (t, "float", Num::F(f)) if t != "integer" && f.is_finite() && f.abs() < 1e38 => false,
        ("integer", _, Num::F(_)) | (_, "float", _) => rendered_out_of_range(v, type_name, format),
        _ => false,
    };
    if !bad {
        return None;
    }
    let n = name.render();
    Some(if format.is_empty() {
        format!("{prefix} value must be of type {type_name} (default format) in {n}")
    } else {
        format!("{prefix} value must be of type {type_name} with format {format} in {n}")
    })
}

/// kube-openapi's range check proper: the value printed as Go prints it, then parsed back as
/// the type and format.
fn rendered_out_of_range(v: Num, type_name: &str, format: &str) -> bool {
    let rep = match v {
        Num::I(i) => i.to_string(),
        Num::F(f) => format_float_f(f),
    };
    match type_name {
        "integer" => match format {
            "int32" => rep.parse::<i32>().is_err(),
            _ => rep.parse::<i64>().is_err(),
        },
        _ => match format {
            "float" => match rep.parse::<f64>() {
                Ok(x) => x.is_finite() && (x as f32).is_infinite(),
                Err(_) => true,
            },
            _ => false,
        },
    }
}

pub(super) fn check_number(
    cx: &Ctx<'_>,
    s: &Schema,
    types: Types<'_>,
    format: &str,
    data: &Node,
    name: &Name<'_>,
    span: Span,
) -> Res {
    let v = match data.value {
        Value::Int(i) => Num::I(i),
        Value::Float(f) => Num::F(f),
        _ => return Res::default(),
    };
    let range = range_format(cx, types, format);
    let mut res = Res::default();
    if let Some(m) = range_error(v, range.0, range.1, "Checked", name) {
        res.add(OErr::plain(name.render(), m, span));
    }
    res.merge(check_multiple_of(s, v, range, name, span));
    res.merge(check_minimum(s, v, range, name, span));
    res.merge(check_maximum(s, v, range, name, span));
    res.mc += 1;
    res
}

/// Whether [`check_number`] passes a number whose schema has no bounds (no `multipleOf`,
/// `minimum` or `maximum`: only the range of its type and format is checked), deciding
/// without building a result (`clean` asks this of most numbers).
pub(super) fn unbounded_number_ok(
    cx: &Ctx<'_>,
    types: Types<'_>,
    format: &str,
    data: &Node,
) -> bool {
    let v = match data.value {
        Value::Int(i) => Num::I(i),
        Value::Float(f) => Num::F(f),
        _ => return true,
    };
    let range = range_format(cx, types, format);
    range_error(v, range.0, range.1, "Checked", &Name::Root).is_none()
}

/// The type and format whose range the value and the bounds must fit (`("", "")`: none).
fn range_format<'f>(cx: &Ctx<'_>, types: Types<'_>, format: &'f str) -> (&'static str, &'f str) {
    // Before 1.36 the number validator knew neither type nor format: no range check.
    match types {
        _ if !cx.beh.numeric_format_ranges => ("", ""),
        Types::One("integer", _) => (
            "integer",
            if format == "int32" || format == "int64" {
                format
            } else {
                ""
            },
        ),
        Types::One("number", _) => (
            "number",
            if format == "float" || format == "double" {
                format
            } else {
                ""
            },
        ),
        _ => ("", ""),
    }
}

/// `multipleOf`: a factor out of range is reported, and the value is then checked as a float.
fn check_multiple_of(s: &Schema, v: Num, range: (&str, &str), name: &Name<'_>, span: Span) -> Res {
    let (type_name, fmt) = range;
    let mut res_mult = Res::default();
    let n = || name.render();
    if let Some(factor) = s.rare().multiple_of {
        match range_error(Num::F(factor), type_name, fmt, "MultipleOf", name) {
            None => {
                if let Some(e) = multiple_of_native(v, factor, n, span) {
                    res_mult.add(e);
                }
            }
            Some(m) => {
                res_mult.add(OErr::plain(name.render(), m, span));
                if let Some(e) = multiple_of_native(Num::F(v.as_f64()), factor, n, span) {
                    res_mult.add(e);
                }
            }
        }
    }
    res_mult
}

/// `minimum` (and `exclusiveMinimum`): a bound out of range is reported, and the value is then
/// compared as a float.
fn check_minimum(s: &Schema, v: Num, range: (&str, &str), name: &Name<'_>, span: Span) -> Res {
    let (type_name, fmt) = range;
    let mut res_min = Res::default();
    let data_f = v.as_f64();
    let n = || name.render();
    if let Some(min) = s.rare().minimum {
        let valid_bound = range_error(Num::F(min), type_name, fmt, "Minimum boundary", name);
        let cmp_v = if let Some(m) = valid_bound {
            res_min.add(OErr::plain(name.render(), m, span));
            Num::F(data_f)
        } else {
            v
        };
        let excl = s.rare().exclusive_minimum;
        if below_minimum(cmp_v, min, excl) {
            let bound = bound_text(cmp_v, min);
            let nm = n();
            let word = if excl {
                "greater than"
            } else {
                "greater than or equal to"
            };
            let msg = format!("{nm} in body should be {word} {bound}");
            res_min.add(OErr::v(Code::Other, nm, Some(v.bad()), msg, span));
        }
    }
    res_min
}

/// `maximum` (and `exclusiveMaximum`), as [`check_minimum`].
fn check_maximum(s: &Schema, v: Num, range: (&str, &str), name: &Name<'_>, span: Span) -> Res {
    let (type_name, fmt) = range;
    let mut res_max = Res::default();
    let data_f = v.as_f64();
    let n = || name.render();
    if let Some(max) = s.rare().maximum {
        let valid_bound = range_error(Num::F(max), type_name, fmt, "Maximum boundary", name);
        let cmp_v = if let Some(m) = valid_bound {
            res_max.add(OErr::plain(name.render(), m, span));
            Num::F(data_f)
        } else {
            v
        };
        let excl = s.rare().exclusive_maximum;
        if above_maximum(cmp_v, max, excl) {
            let bound = bound_text(cmp_v, max);
            let nm = n();
            let word = if excl {
                "less than"
            } else {
                "less than or equal to"
            };
            let msg = format!("{nm} in body should be {word} {bound}");
            res_max.add(OErr::v(Code::Other, nm, Some(v.bad()), msg, span));
        }
    }
    res_max
}

/// Whether `minimum` (exclusive or not) fails the value as compared (an `int64` value with the
/// bound truncated to `int64`).
fn below_minimum(cmp_v: Num, min: f64, excl: bool) -> bool {
    match cmp_v {
        Num::I(i) => {
            let b = min as i64;
            if excl {
                i <= b
            } else {
                i < b
            }
        }
        Num::F(f) => {
            if excl {
                f <= min
            } else {
                f < min
            }
        }
    }
}

/// [`below_minimum`] for `maximum`.
fn above_maximum(cmp_v: Num, max: f64, excl: bool) -> bool {
    match cmp_v {
        Num::I(i) => {
            let b = max as i64;
            if excl {
                i >= b
            } else {
                i > b
            }
        }
        Num::F(f) => {
            if excl {
                f >= max
            } else {
                f > max
            }
        }
    }
}

/// Whether [`check_number`] passes a number (reports nothing), deciding without building a
/// result or naming the value: `clean` asks this of every number whose schema has bounds. A
/// `multipleOf` (seldom written) is left to `check_number` itself.
pub(super) fn number_ok(
    cx: &Ctx<'_>,
    s: &Schema,
    types: Types<'_>,
    format: &str,
    data: &Node,
) -> bool {
    let v = match data.value {
        Value::Int(i) => Num::I(i),
        Value::Float(f) => Num::F(f),
        _ => return true,
    };
    let (type_name, fmt) = range_format(cx, types, format);
    if range_error(v, type_name, fmt, "Checked", &Name::Root).is_some() {
        return false;
    }
    let r = s.rare();
    if r.multiple_of.is_some() {
        return check_number(cx, s, types, format, data, &Name::Root, data.span()).is_valid();
    }
    // `check_minimum` and `check_maximum`: a bound out of range is an error of its own.
    if let Some(min) = r.minimum {
        if range_error(Num::F(min), type_name, fmt, "Minimum boundary", &Name::Root).is_some()
            || below_minimum(v, min, r.exclusive_minimum)
        {
            return false;
        }
    }
    if let Some(max) = r.maximum {
        if range_error(Num::F(max), type_name, fmt, "Maximum boundary", &Name::Root).is_some()
            || above_maximum(v, max, r.exclusive_maximum)
        {
            return false;
        }
    }
    true
}

/// A bound as the message prints it: as the value's Go type (an `int64` bound is truncated).
/// Rendered only for an error (it was two formatting calls per checked number).
fn bound_text(cmp_v: Num, bound: f64) -> String {
    match cmp_v {
        Num::I(_) => (bound as i64).to_string(),
        Num::F(_) => go_float(bound),
    }
}

/// `MultipleOfNativeType` (and `MultipleOf` for floats).
fn multiple_of_native(v: Num, factor: f64, n: impl Fn() -> String, span: Span) -> Option<OErr> {
    match v {
        Num::I(i) => {
            let f = factor as i64;
            if f <= 0 {
                let nm = n();
                let msg = format!("factor MultipleOf declared for {nm} must be positive: {f}");
                return Some(OErr::v(Code::Other, nm, Some(BadValue::Int(f)), msg, span));
            }
            if i.wrapping_div(f).wrapping_mul(f) != i {
                let nm = n();
                let msg = format!("{nm} in body should be a multiple of {f}");
                return Some(OErr::v(Code::Other, nm, Some(BadValue::Int(i)), msg, span));
            }
            None
        }
        Num::F(d) => {
            if factor <= 0.0 {
                let nm = n();
                let msg = format!(
                    "factor MultipleOf declared for {nm} must be positive: {}",
                    go_float(factor)
                );
                return Some(OErr::v(
                    Code::Other,
                    nm,
                    Some(BadValue::Float(factor)),
                    msg,
                    span,
                ));
            }
            let mult = if factor < 1.0 {
                1.0 / factor * d
            } else {
                d / factor
            };
            if !is_float_json_integer(mult) {
                let nm = n();
                let msg = format!("{nm} in body should be a multiple of {}", go_float(factor));
                return Some(OErr::v(
                    Code::Other,
                    nm,
                    Some(BadValue::Float(d)),
                    msg,
                    span,
                ));
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apiext::formats::{Formats, Patterns};
    use crate::yaml::Node;
    use serde_json::json;

    /// The shortcut in [`range_error`] answers as printing and parsing back does.
    #[test]
    fn range_shortcut_agrees_with_the_rendered_check() {
        let ints = [0, 1, -1, 42, i32::MAX as i64, i32::MAX as i64 + 1];
        let ints = ints
            .iter()
            .chain(&[i32::MIN as i64, i32::MIN as i64 - 1, i64::MAX, i64::MIN])
            .chain(&[(1 << 53) - 1, 1 << 53, -(1 << 53)]);
        let floats = [
            0.0,
            1.5,
            -2.0,
            1e6,
            1e21,
            3.5e38,
            3.5e39,
            f64::MAX,
            2147483648.0,
            -0.0,
            0.5,
            -2147483648.0,
            -2147483649.0,
            2147483647.0,
            9.9e37,
            -9.9e37,
            3.4028235e38,
            f64::NAN,
            f64::INFINITY,
        ];
        let nums: Vec<Num> = ints
            .map(|i| Num::I(*i))
            .chain(floats.iter().map(|f| Num::F(*f)))
            .collect();
        for t in ["integer", "number", ""] {
            for f in ["", "int32", "int64", "float", "double", "byte"] {
                for v in &nums {
                    let v = *v;
                    let fast = range_error(v, t, f, "Checked", &Name::Root).is_some();
                    let slow = rendered_out_of_range(v, t, f);
                    assert_eq!(fast, slow, "{t} {f} {:?}", v.as_f64());
                }
            }
        }
    }

    /// `number_ok` decides what `check_number` reports, for bounds and values on either side of
    /// each other and of the int32/int64/float ranges, exclusive or not, with and without
    /// `multipleOf`, with and without the numeric format ranges.
    #[test]
    fn number_ok_agrees_with_check_number() {
        let (patterns, formats) = (Patterns::default(), Formats::default());
        let values = [
            json!(0),
            json!(2),
            json!(3),
            json!(-5),
            json!(2147483648i64),
            json!(i64::MAX),
            json!(2.5),
            json!(3.0),
            json!(-0.5),
            json!(1e300),
        ];
        let bounds = [
            json!(null),
            json!(2),
            json!(2.5),
            json!(-1),
            json!(3e9),
            json!(1e40),
        ];
        let (mut ok, mut bad) = (0, 0);
        for minor in [35, 36] {
            let cx = Ctx {
                patterns: &patterns,
                formats: &formats,
                compat_minor: minor - 1,
                beh: crate::k8s::Behavior::of(crate::k8s::KubeVersion { minor }),
            };
            for (ty, format) in [
                ("integer", ""),
                ("integer", "int32"),
                ("integer", "int64"),
                ("number", ""),
                ("number", "float"),
                ("number", "double"),
                ("", ""),
            ] {
                for (i, min) in bounds.iter().enumerate() {
                    for (j, max) in bounds.iter().enumerate() {
                        let mut s = json!({"type": ty, "format": format});
                        if !min.is_null() {
                            s["minimum"] = min.clone();
                            s["exclusiveMinimum"] = json!(i % 2 == 0);
                        }
                        if !max.is_null() {
                            s["maximum"] = max.clone();
                            s["exclusiveMaximum"] = json!(j % 2 == 1);
                        }
                        if (i + j) % 5 == 0 {
                            s["multipleOf"] = if j % 2 == 0 { json!(2) } else { json!(0.5) };
                        }
                        let s = Schema::from_node(&Node::from_json(&s));
                        let types = Types::of(&s);
                        let format = s.rare().format.as_deref().unwrap_or("");
                        for v in &values {
                            let data = Node::from_json(v);
                            let full = check_number(
                                &cx,
                                &s,
                                types,
                                format,
                                &data,
                                &Name::Root,
                                data.span(),
                            );
                            let fast = number_ok(&cx, &s, types, format, &data);
                            assert_eq!(
                                fast,
                                full.is_valid(),
                                "{minor} {ty} {format} {min} {max} {v}"
                            );
                            if fast {
                                ok += 1;
                            } else {
                                bad += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(ok > 500 && bad > 500, "{ok} {bad}");
    }
}
