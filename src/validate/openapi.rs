//! Value validation with the semantics of kube-openapi's `pkg/validation/validate`, the library
//! the API server uses to check a custom resource against its CRD schema, and the conversion of
//! its results into apimachinery field errors (apiextensions `kubeOpenAPIResultToFieldErrors`).
//!
//! # Why a faithful port and not a JSON-schema validator
//!
//! Users compare our messages with what `kubectl apply` prints, and several server behaviours are
//! surprising enough that a generic validator gets them wrong:
//!
//! * validators run in a fixed order per schema node — type, junctors (`allOf`/`anyOf`/`oneOf`/
//!   `not`), string, format, number, array, enum, object — and *all* of them report (a type error
//!   does not stop the enum check); a `null` value only gets the type and enum checks;
//! * messages name the value by a dotted path (`spec.labels.key`, `spec.list[0]`), composite and
//!   numeric-range messages are reported at the `<nil>` path with value `""`;
//! * `anyOf`/`oneOf` report the errors of the "best" failing alternative, chosen by a match
//!   counter; we keep the same counter ([`Res::mc`]) so the same alternative is chosen;
//! * numbers keep their decoded Go type: `int64` values are compared with bounds truncated to
//!   `int64`, enum entries match after Go's `reflect` conversions (an integer converts to a
//!   string as a code point!), `maxProperties` errors say "items" and `maxLength` errors "bytes".
//!
//! Path names are built lazily from a chain of [`Name`] links on the stack: nothing is allocated
//! while a value validates cleanly, which is the common case.

use std::collections::HashMap;
use std::sync::Arc;

use regex::Regex;

use crate::k8s::field::{go_float, go_quote, BadValue, ErrorType, FieldError};
use crate::k8s::FieldPath;
use crate::schema::{correlate, AdditionalProperties, Schema};
use crate::yaml::{Node, Span, Value};

/// Per-CRD state the validator needs: compiled patterns and the format compatibility version.
pub(crate) struct Ctx<'c> {
    /// Every `pattern` of the CRD, compiled once (`Err` holds Go's error text).
    pub patterns: &'c HashMap<String, Result<Arc<Regex>, String>>,
    /// Every `format` of the CRD with its support version and check.
    pub formats: &'c super::formats::Formats,
    /// Minor version whose format set applies (the server uses its own minor − 1).
    pub compat_minor: u32,
    /// The emulated minor's kube-openapi behaviours.
    pub beh: crate::k8s::Behavior,
}

/// One link of a kube-openapi value name (`spec.list[0].name`), rendered only for errors.
#[derive(Clone, Copy)]
pub(crate) enum Name<'a> {
    Root,
    /// A declared property: `<parent>.<key>`, or `<key>` at the root.
    Prop(&'a Name<'a>, &'a str),
    /// An `additionalProperties` entry: always `<parent>.<key>` (so `.key` at the root).
    Extra(&'a Name<'a>, &'a str),
    /// An array item: `<parent>[i]`.
    Index(&'a Name<'a>, usize),
}

impl Name<'_> {
    pub fn render(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }
    fn write(&self, out: &mut String) {
        match *self {
            Name::Root => {}
            Name::Prop(p, k) => {
                p.write(out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Name::Extra(p, k) => {
                p.write(out);
                out.push('.');
                out.push_str(k);
            }
            Name::Index(p, i) => {
                p.write(out);
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
        }
    }
}

/// The kube-openapi error codes the field-error conversion distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    Required,
    Enum,
    TooLong,
    MaxItems,
    TooManyProperties,
    InvalidType,
    /// Every other `*errors.Validation`.
    Other,
}

/// One kube-openapi error.
#[derive(Clone, Debug)]
pub(crate) struct OErr {
    /// `None` for plain (non-`Validation`) errors: composite and range-check messages.
    code: Option<Code>,
    name: String,
    /// `None` is Go's nil `Value`.
    value: Option<BadValue>,
    /// `Valid` (the limit) for TooLong/MaxItems/TooManyProperties.
    valid: i64,
    /// Enum entries, already rendered as the conversion renders them.
    values: Vec<String>,
    message: String,
    pub span: Span,
}

impl OErr {
    fn plain(name: String, message: String, span: Span) -> OErr {
        OErr {
            code: None,
            name,
            value: None,
            valid: -1,
            values: Vec::new(),
            message,
            span,
        }
    }
    fn v(code: Code, name: String, value: Option<BadValue>, message: String, span: Span) -> OErr {
        OErr {
            code: Some(code),
            name,
            value,
            valid: -1,
            values: Vec::new(),
            message,
            span,
        }
    }

    /// The path of the value in the user's document (the server prints `<nil>` for composite
    /// errors; this is the value they are about).
    pub fn user_path(&self) -> String {
        let t = self.name.strip_prefix('.').unwrap_or(&self.name);
        if t.is_empty() {
            "<nil>".into()
        } else {
            t.to_string()
        }
    }

    /// `kubeOpenAPIResultToFieldErrors` for one error, with a nil root path.
    pub fn to_field_error(&self) -> FieldError {
        let Some(code) = self.code else {
            return FieldError::invalid(FieldPath::root(), String::new(), self.message.clone());
        };
        let trimmed = self.name.strip_prefix('.').unwrap_or(&self.name);
        let path = if self.name.is_empty() || self.name == "." {
            FieldPath::root()
        } else {
            FieldPath::root().child(trimmed)
        };
        let value_or_empty = || {
            self.value
                .clone()
                .unwrap_or_else(|| BadValue::String(String::new()))
        };
        match code {
            Code::Required => FieldError::required(path, ""),
            Code::Enum => {
                let quoted: Vec<String> = self.values.iter().map(|v| go_quote(v)).collect();
                let detail = if quoted.is_empty() {
                    String::new()
                } else {
                    format!("supported values: {}", quoted.join(", "))
                };
                // A nil value (the server passes nil).
                let value = self.value.clone().unwrap_or(BadValue::Nil);
                FieldError::new(path, ErrorType::NotSupported, value, detail)
            }
            Code::TooLong => FieldError::too_long_max_length(path, self.valid),
            Code::MaxItems | Code::TooManyProperties => {
                let actual = match self.value {
                    Some(BadValue::Int(i)) => i,
                    _ => -1,
                };
                let value = if actual < 0 {
                    BadValue::Omit
                } else {
                    BadValue::Int(actual)
                };
                let mut e = FieldError::too_many(path, actual, self.valid);
                e.value = value;
                e
            }
            Code::InvalidType => FieldError::new(
                path,
                ErrorType::TypeInvalid,
                value_or_empty(),
                self.message.clone(),
            ),
            Code::Other => FieldError::invalid(path, value_or_empty(), self.message.clone()),
        }
    }
}

/// A kube-openapi `Result`: errors de-duplicated by message, plus the match counter that
/// `anyOf`/`oneOf` use to pick the alternative whose errors they report.
#[derive(Default, Debug)]
pub(crate) struct Res {
    pub errs: Vec<OErr>,
    pub mc: u32,
    /// Errors ratcheting turned into warnings (update of an unchanged value).
    pub ratcheted: Vec<OErr>,
}

impl Res {
    fn err(e: OErr) -> Res {
        Res {
            errs: vec![e],
            mc: 0,
            ratcheted: Vec::new(),
        }
    }
    fn add(&mut self, e: OErr) {
        if !self.errs.iter().any(|x| x.message == e.message) {
            self.errs.push(e);
        }
    }
    fn merge(&mut self, other: Res) {
        self.ratcheted.extend(other.ratcheted);
        if self.errs.is_empty() {
            self.errs = other.errs;
        } else {
            for e in other.errs {
                self.add(e);
            }
        }
        self.mc += other.mc;
    }
    fn merge_opt(&mut self, other: Option<Res>) {
        if let Some(o) = other {
            self.merge(o);
        }
    }
    fn is_valid(&self) -> bool {
        self.errs.is_empty()
    }
}

/// The correlation of the value being validated with its old value on an update (`None` on
/// create, or where the value does not correlate).
pub(crate) type Corr<'a> = Option<correlate::Pair<'a>>;

/// The ratcheting validator's step (apiextensions `ratchetingValueValidator.Validate`): when a
/// correlated value is unchanged, its errors (including those of its uncorrelated
/// descendants) become warnings.
pub(crate) fn ratcheted(corr: Corr<'_>, mut r: Res) -> Res {
    if let Some(p) = corr {
        if !r.errs.is_empty() && correlate::unchanged(p) {
            r.ratcheted.append(&mut r.errs);
        }
    }
    r
}

/// `SubPropertyValidator`'s correlation: by key, except `apiVersion` and `kind` at the root,
/// which never ratchet.
fn child_corr<'a>(corr: Corr<'a>, name: &Name<'_>, key: &str) -> Corr<'a> {
    if matches!(name, Name::Root) && (key == "apiVersion" || key == "kind") {
        return None;
    }
    corr.and_then(|p| correlate::key(p, key))
}

/// The schema's `type` after the server's conversion (`x-kubernetes-int-or-string` becomes
/// `["integer","string"]`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Types<'s> {
    None,
    One(&'s str),
    IntOrString,
}

impl<'s> Types<'s> {
    fn of(s: &'s Schema) -> Types<'s> {
        if s.x_int_or_string {
            Types::IntOrString
        } else {
            match s.type_.as_deref() {
                None | Some("") => Types::None,
                Some(t) => Types::One(t),
            }
        }
    }
    fn contains(self, t: &str) -> bool {
        match self {
            Types::None => false,
            Types::One(x) => x == t,
            Types::IntOrString => t == "integer" || t == "string",
        }
    }
    fn joined(self) -> &'s str {
        match self {
            Types::None => "",
            Types::One(x) => x,
            Types::IntOrString => "integer,string",
        }
    }
    fn is_empty(self) -> bool {
        self == Types::None
    }
}

/// The format kept by `StripUnsupportedFormatsPostProcessorForVersion`, or `""`.
fn effective_format<'s>(cx: &Ctx<'_>, s: &'s Schema, types: Types<'_>) -> &'s str {
    let Some(f) = s.format.as_deref() else {
        return "";
    };
    let keep = match types {
        Types::None | Types::IntOrString | Types::One("string") => {
            let since = match cx.formats.get(f) {
                Some(i) => i.since,
                None => super::formats::info(f).since,
            };
            since.is_some_and(|m| cx.compat_minor >= m)
        }
        Types::One("integer") => f == "int32" || f == "int64",
        Types::One("number") => f == "float" || f == "double",
        Types::One(_) => false,
    };
    if keep {
        f
    } else {
        ""
    }
}

/// `swag.IsFloat64AJSONInteger`.
pub(crate) fn is_float_json_integer(f: f64) -> bool {
    const MAX: f64 = 9_007_199_254_740_991.0; // 2^53 - 1
    const EPS: f64 = 1e-9;
    if f.is_nan() || f.is_infinite() || !(-MAX..=MAX).contains(&f) {
        return false;
    }
    let fa = f.abs();
    let g = fa.trunc();
    let ga = g.abs();
    let diff = (f - g).abs();
    if f == g || f == f.trunc() {
        return true;
    }
    if f == 0.0 || g == 0.0 || diff < f64::MIN_POSITIVE {
        return diff < EPS * f64::MIN_POSITIVE;
    }
    diff / (fa + ga).min(f64::MAX) < EPS
}

/// Validates `data` against `s` with the name `name`; `span` is where `data` is (or the nearest
/// ancestor that has a span, for values that defaulting inserted).
pub(crate) fn validate(
    cx: &Ctx<'_>,
    s: &Schema,
    data: &Node,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let span = if data.span.is_empty() {
        span
    } else {
        data.span
    };
    let mut r = Res::default();
    let types = Types::of(s);
    let format = effective_format(cx, s, types);
    if data.is_null() {
        // Only the type and the enum validators see a nil value, and no match is counted.
        let mut t = Res {
            mc: 1,
            ..Res::default()
        };
        if !types.is_empty() && !types.contains("null") && !s.nullable {
            t = Res::err(invalid_type(name, types.joined(), "null", span));
        }
        r.merge(t);
        r.merge_opt(check_enum(s, data, name, span));
        return r;
    }
    if depth > crate::schema::MAX_DEPTH * 2 {
        return r;
    }
    // type
    if !types.is_empty() || !format.is_empty() {
        r.merge(check_type(types, format, data, name, span));
        r.mc += 1;
    }
    // schemaProps (junctors): always applies
    r.merge(check_junctors(cx, s, data, corr, name, span, depth));
    r.mc += 1;
    if let Value::String(st) = &data.value {
        r.merge_opt(check_string(cx, s, st, name, span));
        r.mc += 1;
        let check = if format.is_empty() {
            None
        } else {
            match cx.formats.get(format) {
                Some(i) => i.check_in(cx.beh),
                None => super::formats::info(format).check_in(cx.beh),
            }
        };
        if let Some(check) = check {
            r.merge_opt(check_format(check, format, st, name, span));
            r.mc += 1;
        }
    }
    if matches!(data.value, Value::Int(_) | Value::Float(_)) {
        r.merge(check_number(cx, s, types, format, data, name, span));
        r.mc += 1;
    }
    if let Value::Seq(items) = &data.value {
        r.merge(check_array(cx, s, items, corr, name, span, depth));
        r.mc += 1;
    }
    r.merge_opt(check_enum(s, data, name, span));
    r.mc += 1;
    if let Value::Map(m) = &data.value {
        r.merge(check_object(cx, s, m, corr, name, span, depth));
        r.mc += 1;
    }
    r.mc += 1;
    r
}

fn invalid_type(name: &Name<'_>, type_name: &str, actual: &str, span: Span) -> OErr {
    let n = name.render();
    let message = format!(
        "{n} in body must be of type {type_name}: {}",
        go_quote(actual)
    );
    OErr::v(
        Code::InvalidType,
        n,
        Some(BadValue::String(actual.to_string())),
        message,
        span,
    )
}

/// kube-openapi `schemaInfoForType` for decoded JSON: (type, format).
fn schema_info(data: &Node) -> (&'static str, &'static str) {
    match data.value {
        Value::Null => ("", ""),
        Value::Bool(_) => ("boolean", ""),
        Value::String(_) => ("string", ""),
        Value::Int(_) => ("integer", "int64"),
        Value::Float(_) => ("number", "float64"),
        Value::Seq(_) => ("array", ""),
        Value::Map(_) => ("object", ""),
    }
}

fn check_type(types: Types<'_>, format: &str, data: &Node, name: &Name<'_>, span: Span) -> Res {
    let mut ok = Res {
        errs: Vec::new(),
        mc: 1,
        ratcheted: Vec::new(),
    };
    let (sch_type, fmt) = schema_info(data);
    let is_str_or_slice = matches!(data.value, Value::String(_) | Value::Seq(_));
    let is_float_int = match data.value {
        Value::Float(f) => is_float_json_integer(f) && types.contains("integer"),
        _ => false,
    };
    let is_int_float = sch_type == "integer" && types.contains("number");
    // kube-openapi: `kind != String && kind != Slice && format != "" && !(...)`.
    if !(is_str_or_slice
        || format.is_empty()
        || types.contains(sch_type)
        || fmt == format
        || is_float_int
        || is_int_float)
    {
        return Res::err(invalid_type(name, format, fmt, span));
    }
    if !(types.contains("number") || types.contains("integer") || format.is_empty())
        && is_str_or_slice
    {
        return ok;
    }
    if !(types.contains(sch_type) || is_float_int || is_int_float) {
        ok = Res::err(invalid_type(name, types.joined(), sch_type, span));
    }
    ok
}

fn check_junctors(
    cx: &Ctx<'_>,
    s: &Schema,
    data: &Node,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut main = Res::default();
    let quoted = || go_quote(&name.render());
    if !s.any_of.is_empty() {
        let mut best: Option<Res> = None;
        let mut first_success: Option<Res> = None;
        let mut succeeded = false;
        for alt in &s.any_of {
            let res = validate(cx, alt, data, corr, name, span, depth + 1);
            if res.is_valid() {
                best = None;
                succeeded = true;
                if first_success.is_none() {
                    first_success = Some(res);
                }
                break;
            }
            if best.as_ref().is_none_or(|b| res.mc > b.mc) {
                best = Some(res);
            }
        }
        if !succeeded {
            main.add(OErr::plain(
                name.render(),
                format!("{} must validate at least one schema (anyOf)", quoted()),
                span,
            ));
        }
        if let Some(b) = best {
            main.merge(b);
        } else if let Some(f) = first_success {
            main.merge(f);
        }
    }
    if !s.one_of.is_empty() {
        let mut best: Option<Res> = None;
        let mut first_success: Option<Res> = None;
        let mut validated = 0usize;
        for alt in &s.one_of {
            let res = validate(cx, alt, data, corr, name, span, depth + 1);
            if res.is_valid() {
                validated += 1;
                best = None;
                if first_success.is_none() {
                    first_success = Some(res);
                }
                continue;
            }
            if validated == 0 && best.as_ref().is_none_or(|b| res.mc > b.mc) {
                best = Some(res);
            }
        }
        if validated != 1 {
            let extra = if validated == 0 {
                "Found none valid".to_string()
            } else {
                format!("Found {validated} valid alternatives")
            };
            main.add(OErr::plain(
                name.render(),
                format!(
                    "{} must validate one and only one schema (oneOf). {extra}",
                    quoted()
                ),
                span,
            ));
            if let Some(b) = best {
                main.merge(b);
            }
        } else if let Some(f) = first_success {
            main.merge(f);
        }
    }
    if !s.all_of.is_empty() {
        let mut validated = 0usize;
        for alt in &s.all_of {
            let res = validate(cx, alt, data, corr, name, span, depth + 1);
            if res.is_valid() {
                validated += 1;
            }
            main.merge(res);
        }
        if validated != s.all_of.len() {
            let extra = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            main.add(OErr::plain(
                name.render(),
                format!("{} must validate all the schemas (allOf){extra}", quoted()),
                span,
            ));
        }
    }
    if let Some(not) = &s.not {
        let res = validate(cx, not, data, corr, name, span, depth + 1);
        if res.is_valid() {
            main.add(OErr::plain(
                name.render(),
                format!("{} must not validate the schema (not)", quoted()),
                span,
            ));
        }
    }
    main.mc += 1;
    main
}

fn check_string(cx: &Ctx<'_>, s: &Schema, st: &str, name: &Name<'_>, span: Span) -> Option<Res> {
    let value = || Some(BadValue::String(st.to_string()));
    let needs_len = s.max_length.is_some() || s.min_length.is_some();
    let len = if needs_len {
        st.chars().count() as i64
    } else {
        0
    };
    if let Some(max) = s.max_length {
        if len > max {
            let n = name.render();
            let msg = format!("{n} in body should be at most {max} chars long");
            let mut e = OErr::v(Code::TooLong, n, value(), msg, span);
            e.valid = max;
            return Some(Res::err(e));
        }
    }
    if let Some(min) = s.min_length {
        if len < min {
            let n = name.render();
            let msg = format!("{n} in body should be at least {min} chars long");
            let mut e = OErr::v(Code::Other, n, value(), msg, span);
            e.valid = min;
            return Some(Res::err(e));
        }
    }
    if let Some(p) = s.pattern.as_deref().filter(|p| !p.is_empty()) {
        let shown = match cx.patterns.get(p) {
            Some(Ok(re)) => {
                if re.is_match(st) {
                    return None;
                }
                p.to_string()
            }
            Some(Err(e)) => format!("{p}, but pattern is invalid: {e}"),
            // Not compiled at CRD load (cannot happen for schemas we compiled); skip rather
            // than compile per value.
            None => return None,
        };
        let n = name.render();
        let msg = format!("{n} in body should match '{shown}'");
        return Some(Res::err(OErr::v(Code::Other, n, value(), msg, span)));
    }
    None
}

fn check_format(
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
        ratcheted: Vec::new(),
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
    let rep = match v {
        Num::I(i) => i.to_string(),
        Num::F(f) => format_float_f(f),
    };
    let bad = match type_name {
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

fn check_number(
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
    // Before 1.36 the number validator knew neither type nor format: no range check.
    let (type_name, fmt) = match types {
        _ if !cx.beh.numeric_format_ranges => ("", ""),
        Types::One("integer") => (
            "integer",
            if format == "int32" || format == "int64" {
                format
            } else {
                ""
            },
        ),
        Types::One("number") => (
            "number",
            if format == "float" || format == "double" {
                format
            } else {
                ""
            },
        ),
        _ => ("", ""),
    };
    let mut res = Res::default();
    if let Some(m) = range_error(v, type_name, fmt, "Checked", name) {
        res.add(OErr::plain(name.render(), m, span));
    }
    let mut res_mult = Res::default();
    let mut res_min = Res::default();
    let mut res_max = Res::default();
    let data_f = v.as_f64();
    let n = || name.render();
    if let Some(factor) = s.multiple_of {
        match range_error(Num::F(factor), type_name, fmt, "MultipleOf", name) {
            None => {
                if let Some(e) = multiple_of_native(v, factor, n, span) {
                    res_mult.add(e);
                }
            }
            Some(m) => {
                res_mult.add(OErr::plain(name.render(), m, span));
                if let Some(e) = multiple_of_native(Num::F(data_f), factor, n, span) {
                    res_mult.add(e);
                }
            }
        }
    }
    if let Some(min) = s.minimum {
        let valid_bound = range_error(Num::F(min), type_name, fmt, "Minimum boundary", name);
        let cmp_v = if let Some(m) = valid_bound {
            res_min.add(OErr::plain(name.render(), m, span));
            Num::F(data_f)
        } else {
            v
        };
        let excl = s.exclusive_minimum;
        let (fails, bound) = match cmp_v {
            Num::I(i) => {
                let b = min as i64;
                (if excl { i <= b } else { i < b }, b.to_string())
            }
            Num::F(f) => (if excl { f <= min } else { f < min }, go_float(min)),
        };
        if fails {
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
    if let Some(max) = s.maximum {
        let valid_bound = range_error(Num::F(max), type_name, fmt, "Maximum boundary", name);
        let cmp_v = if let Some(m) = valid_bound {
            res_max.add(OErr::plain(name.render(), m, span));
            Num::F(data_f)
        } else {
            v
        };
        let excl = s.exclusive_maximum;
        let (fails, bound) = match cmp_v {
            Num::I(i) => {
                let b = max as i64;
                (if excl { i >= b } else { i > b }, b.to_string())
            }
            Num::F(f) => (if excl { f >= max } else { f > max }, go_float(max)),
        };
        if fails {
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
    res.merge(res_mult);
    res.merge(res_min);
    res.merge(res_max);
    res.mc += 1;
    res
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

fn check_array(
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
    if let Some(min) = s.min_items {
        if size < min {
            let n = name.render();
            let msg = format!("{n} in body should have at least {min} items");
            let mut e = OErr::v(Code::Other, n, Some(BadValue::Int(size)), msg, span);
            e.valid = min;
            r.add(e);
        }
    }
    if let Some(max) = s.max_items {
        if size > max {
            let n = name.render();
            let msg = format!("{n} in body should have at most {max} items");
            let mut e = OErr::v(Code::MaxItems, n, Some(BadValue::Int(size)), msg, span);
            e.valid = max;
            r.add(e);
        }
    }
    if s.unique_items {
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

fn check_object(
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
    if let Some(min) = s.min_properties {
        if num < min {
            let n = name.render();
            let msg = format!("{n} in body should have at least {min} properties");
            let mut e = OErr::v(Code::Other, n, Some(BadValue::Int(num)), msg, span);
            e.valid = min;
            r.add(e);
        }
    }
    if let Some(max) = s.max_properties {
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
                if !s.properties.contains_key(e.key.as_str()) {
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
                if !s.properties.contains_key(e.key.as_str()) {
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
            if let Some(ps) = s.properties.get(e.key.as_str()) {
                let child = Name::Prop(name, &e.key);
                let c = child_corr(corr, name, &e.key);
                r.merge(ratcheted(
                    c,
                    validate(cx, ps, &e.value, c, &child, span, depth + 1),
                ));
            }
        }
    }
    for k in &s.required {
        if !m.contains_key(k) {
            let n = format!("{}.{k}", name.render());
            let msg = format!("{n} in body is required");
            r.add(OErr::v(Code::Required, n, None, msg, span));
        }
    }
    r
}

/// The enum check (`basicCommonValidator`); `None` when there is no enum or the value matches.
fn check_enum(s: &Schema, data: &Node, name: &Name<'_>, span: Span) -> Option<Res> {
    let entries = s.enum_.as_ref()?;
    if !data.is_null() && entries.iter().any(|e| enum_matches(data, e)) {
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

/// Go `reflect.DeepEqual` of two decoded JSON values: `int64(1)` and `float64(1)` differ.
pub(crate) fn go_deep_equal(a: &Node, b: &Node) -> bool {
    match (&a.value, &b.value) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Seq(x), Value::Seq(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| go_deep_equal(p, q))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.entries
                    .iter()
                    .all(|e| y.get(&e.key).is_some_and(|v| go_deep_equal(&e.value, v)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::validate::CompiledCrd;
    use crate::yaml::Node;
    use serde_json::json;

    fn errors(schema: serde_json::Value, obj: serde_json::Value) -> Vec<String> {
        let crd = CompiledCrd::from_schema(&Node::from_json(&schema));
        let mut v: Vec<String> = crd
            .validate_schema_only("v1", &Node::from_json(&obj), 35)
            .iter()
            .map(|(e, _)| e.to_string())
            .collect();
        v.sort();
        v
    }

    fn props(p: serde_json::Value) -> serde_json::Value {
        json!({"type": "object", "properties": p})
    }

    #[test]
    fn numbers() {
        let s = props(json!({
            "i": {"type": "integer", "multipleOf": 3.0, "minimum": 2.0, "exclusiveMinimum": true},
            "f": {"type": "number", "maximum": 1.5, "multipleOf": 0.5},
            "b": {"type": "integer", "maximum": 2.5}
        }));
        assert_eq!(
            errors(s.clone(), json!({"i": 2, "f": 1.75})),
            vec![
                "f: Invalid value: 1.75: f in body should be a multiple of 0.5",
                "f: Invalid value: 1.75: f in body should be less than or equal to 1.5",
                "i: Invalid value: 2: i in body should be a multiple of 3",
                "i: Invalid value: 2: i in body should be greater than 2",
            ]
        );
        // A fractional bound on an integer field: the bound itself fails the range check and
        // the comparison falls back to float64.
        assert_eq!(
            errors(s, json!({"b": 3})),
            vec![
                "<nil>: Invalid value: \"\": Maximum boundary value must be of type integer (default format) in b",
                "b: Invalid value: 3: b in body should be less than or equal to 2.5",
            ]
        );
    }

    #[test]
    fn strings_arrays_objects() {
        let s = props(json!({
            "s": {"type": "string", "minLength": 3, "pattern": "^a"},
            "u": {"type": "string", "maxLength": 2},
            "l": {"type": "array", "minItems": 2, "items": {"type": "string"}},
            "o": {"type": "object", "minProperties": 2, "additionalProperties": false,
                  "properties": {"k": {"type": "string"}}},
            "m": {"type": "object", "additionalProperties": {"type": "integer"}}
        }));
        assert_eq!(
            errors(s, json!({"s": "bb", "u": "ééé", "l": [1], "o": {"x": 1}, "m": {"a.b": "x"}})),
            vec![
                "l: Invalid value: 1: l in body should have at least 2 items",
                "l[0]: Invalid value: \"integer\": l[0] in body must be of type string: \"integer\"",
                "m.a.b: Invalid value: \"string\": m.a.b in body must be of type integer: \"string\"",
                "o: Invalid value: \"x\": o.x in body is a forbidden property",
                "o: Invalid value: 1: o in body should have at least 2 properties",
                "s: Invalid value: \"bb\": s in body should be at least 3 chars long",
                "u: Too long: may not be more than 2 bytes",
            ]
        );
    }

    #[test]
    fn junctors() {
        let s = props(json!({
            "x": {"type": "string", "oneOf": [{"pattern": "a"}, {"pattern": "b"}], "not": {"pattern": "z"}}
        }));
        assert_eq!(
            errors(s.clone(), json!({"x": "ab"})),
            vec!["<nil>: Invalid value: \"\": \"x\" must validate one and only one schema (oneOf). Found 2 valid alternatives"]
        );
        assert_eq!(
            errors(s.clone(), json!({"x": "z"})),
            vec![
                "<nil>: Invalid value: \"\": \"x\" must not validate the schema (not)",
                "<nil>: Invalid value: \"\": \"x\" must validate one and only one schema (oneOf). Found none valid",
                "x: Invalid value: \"z\": x in body should match 'a'",
            ]
        );
        assert!(errors(s, json!({"x": "a"})).is_empty());
    }

    #[test]
    fn enum_conversions_follow_go_reflect() {
        let s = props(json!({"e": {"enum": ["A", 1.5, 2]}}));
        // int 65 converts to the string "A"; float 2.9 truncates to int 2.
        assert!(errors(s.clone(), json!({"e": 65})).is_empty());
        assert!(errors(s.clone(), json!({"e": 2.9})).is_empty());
        assert_eq!(
            errors(s, json!({"e": "B"})),
            vec!["e: Unsupported value: \"B\": supported values: \"A\", \"1.5\", \"2\""]
        );
    }
}
