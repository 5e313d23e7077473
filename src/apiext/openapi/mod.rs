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

use crate::k8s::field::{go_quote, BadValue};
use crate::schema::{correlate, Schema};
use crate::yaml::{Node, Span, Value};

mod clean;
mod compound;
mod result;
mod scalar;

pub(crate) use compound::go_v;
use compound::{check_array, check_enum, check_object};
use result::Code;
pub(crate) use result::{unnamed_value_help, OErr, Res};
use scalar::{check_format, check_number, check_string};

/// Per-CRD state the validator needs: compiled patterns and the format compatibility version.
pub(crate) struct Ctx<'c> {
    /// Every `pattern` of the CRD, compiled once (`Err` holds Go's error text).
    pub patterns: &'c super::formats::Patterns,
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

/// `ValidateCustomResource(path, value, NewSchemaValidator(s))` on its own: the kube-openapi
/// errors of `value` against `s` as field errors under `path` (`None` is the nil path), each
/// with the node it is about. Compiles the schema's patterns and looks up its formats first;
/// the pipeline keeps them compiled per CRD version and calls [`validate`] itself.
pub(crate) fn validate_value(
    s: &Schema,
    value: &Node,
    path: Option<&crate::k8s::FieldPath>,
    beh: crate::k8s::Behavior,
    compat_minor: u32,
) -> Vec<(crate::k8s::FieldError, Span)> {
    let mut patterns = super::formats::Patterns::default();
    let mut formats = super::formats::Formats::default();
    super::formats::collect(s, &mut patterns, &mut formats, 0);
    let cx = Ctx {
        patterns: &patterns,
        formats: &formats,
        compat_minor,
        beh,
    };
    let res = validate_root(&cx, s, value, None);
    res.errs
        .iter()
        .map(|e| (e.to_field_error_under(path), e.span))
        .collect()
}

/// [`validate`] of a whole value (a resource, a default) from the root. Nearly every value
/// passes, so a walk that builds no result ([`clean::clean`]) decides first, and the full
/// validator runs only for a value that fails it (or on update, where ratcheting needs the
/// errors of unchanged values as well).
pub(crate) fn validate_root(cx: &Ctx<'_>, s: &Schema, data: &Node, corr: Corr<'_>) -> Res {
    let full = || validate(cx, s, data, corr, &Name::Root, data.span(), 0);
    if corr.is_some() {
        return full();
    }
    let clean = clean::clean(cx, s, data, 0);
    if clean {
        debug_assert!(full().errs.is_empty(), "clean missed an error");
        return Res::default();
    }
    let res = full();
    debug_assert!(!res.errs.is_empty(), "clean rejected a valid value");
    res
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
#[inline]
fn child_corr<'a>(corr: Corr<'a>, name: &Name<'_>, key: &str) -> Corr<'a> {
    // On create (the common case) nothing correlates.
    let p = corr?;
    if matches!(name, Name::Root) && (key == "apiVersion" || key == "kind") {
        return None;
    }
    correlate::key(p, key)
}

/// The schema's `type` after the server's conversion (`x-kubernetes-int-or-string` becomes
/// `["integer","string"]`). A known type name is also kept as a [`Ty`] bit: the checks ask
/// whether a type is allowed several times a value, and comparing names was most of that.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Types<'s> {
    None,
    One(&'s str, u8),
    IntOrString,
}

/// The JSON types as bits, for [`Types::has`].
struct Ty;

impl Ty {
    const NULL: u8 = 1;
    const BOOLEAN: u8 = 2;
    const INTEGER: u8 = 4;
    const NUMBER: u8 = 8;
    const STRING: u8 = 16;
    const ARRAY: u8 = 32;
    const OBJECT: u8 = 64;

    /// The bits of [`Schema::named_type`]'s positions.
    const NAMED: [u8; 6] = [
        Ty::STRING,
        Ty::OBJECT,
        Ty::ARRAY,
        Ty::BOOLEAN,
        Ty::INTEGER,
        Ty::NUMBER,
    ];

    /// The bit of a type name; 0 for a name that is none of the seven.
    fn of(name: &str) -> u8 {
        match name {
            "null" => Ty::NULL,
            "boolean" => Ty::BOOLEAN,
            "integer" => Ty::INTEGER,
            "number" => Ty::NUMBER,
            "string" => Ty::STRING,
            "array" => Ty::ARRAY,
            "object" => Ty::OBJECT,
            _ => 0,
        }
    }
}

impl<'s> Types<'s> {
    /// Asked for every value of every walk: a named type's bit comes from its position
    /// ([`Schema::named_type`]), not from comparing its text.
    #[inline(always)]
    fn of(s: &'s Schema) -> Types<'s> {
        if s.x_int_or_string {
            return Types::IntOrString;
        }
        if let Some((t, at)) = s.named_type() {
            return Types::One(t, Ty::NAMED[at as usize]);
        }
        match s.type_() {
            None | Some("") => Types::None,
            Some(t) => Types::One(t, Ty::of(t)),
        }
    }
    /// Whether the type `bit` (a [`Ty`] constant) is allowed.
    #[inline]
    fn has(self, bit: u8) -> bool {
        match self {
            Types::None => false,
            Types::One(_, b) => b & bit != 0,
            Types::IntOrString => (Ty::INTEGER | Ty::STRING) & bit != 0,
        }
    }
    fn joined(self) -> &'s str {
        match self {
            Types::None => "",
            Types::One(x, _) => x,
            Types::IntOrString => "integer,string",
        }
    }
    fn is_empty(self) -> bool {
        self == Types::None
    }
}

/// The format kept by `StripUnsupportedFormatsPostProcessorForVersion`, or `""`. Before 1.36
/// ([`Change::NumericFormatsKept`](crate::k8s::behavior::Change)) the server kept only the
/// string formats, on every type: `format: int32` was blanked, so a float in an int32 field is
/// `must be of type integer: "number"`, and `format: date` on a boolean was kept.
///
/// Asked for every node with keywords beyond the common ones, most of which have no format:
/// that test is inlined, the rest ([`kept_format`]) is not.
#[inline(always)]
fn effective_format<'s>(cx: &Ctx<'_>, s: &'s Schema, types: Types<'_>) -> &'s str {
    match s.rare().format.as_deref() {
        Some(f) => kept_format(cx, f, types),
        None => "",
    }
}

/// [`effective_format`] of a node whose `format` is `f`.
fn kept_format<'s>(cx: &Ctx<'_>, f: &'s str, types: Types<'_>) -> &'s str {
    let string_format = || {
        let since = match cx.formats.get(f) {
            Some(i) => i.since,
            None => super::formats::info(f).since,
        };
        since.is_some_and(|m| cx.compat_minor >= m)
    };
    let keep = match types {
        _ if !cx.beh.numeric_formats_kept => string_format(),
        Types::None | Types::IntOrString | Types::One("string", _) => string_format(),
        Types::One("integer", _) => f == "int32" || f == "int64",
        Types::One("number", _) => f == "float" || f == "double",
        Types::One(..) => false,
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
    let span = if data.span().is_empty() {
        span
    } else {
        data.span()
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
        if !types.is_empty() && !types.has(Ty::NULL) && !s.nullable {
            t = Res::err(invalid_type(name, types.joined(), "null", span));
        }
        r.merge(t);
        if s.rare().enum_.is_some() {
            r.merge_opt(check_enum(s, data, name, span));
        }
        return r;
    }
    if depth > crate::schema::MAX_DEPTH * 2 {
        return r;
    }
    // type
    if !types.is_empty() || !format.is_empty() {
        match check_type(types, format, data, name, span) {
            // A clean type check is a result with a match counter of 1.
            None => r.mc += 1,
            Some(e) => r.merge(Res::err(e)),
        }
        r.mc += 1;
    }
    // schemaProps (junctors): always applies; without junctors it only counts a match.
    if has_junctors(s) {
        r.merge(check_junctors(cx, s, data, corr, name, span, depth));
    } else {
        r.mc += 1;
    }
    r.mc += 1;
    if let Value::String(st) = &data.value {
        // Only `maxLength` and the rare keywords (`minLength`, `pattern`) check a string.
        if s.rare().max_length.is_some() || s.rare.is_some() {
            r.merge_opt(check_string(cx, s, st, name, span));
        }
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
    if s.rare().enum_.is_some() {
        r.merge_opt(check_enum(s, data, name, span));
    }
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

/// kube-openapi `schemaInfoForType` for decoded JSON: (type, format), and the type's bit.
#[inline]
fn schema_info(data: &Node) -> (&'static str, &'static str, u8) {
    match data.value {
        Value::Null => ("", "", 0),
        Value::Bool(_) => ("boolean", "", Ty::BOOLEAN),
        Value::String(_) => ("string", "", Ty::STRING),
        Value::Int(_) => ("integer", "int64", Ty::INTEGER),
        Value::Float(_) => ("number", "float64", Ty::NUMBER),
        Value::Seq(_) => ("array", "", Ty::ARRAY),
        Value::Map(_) => ("object", "", Ty::OBJECT),
    }
}

/// The type validator's one error, or `None` for a clean result (whose match counter is 1).
fn check_type(
    types: Types<'_>,
    format: &str,
    data: &Node,
    name: &Name<'_>,
    span: Span,
) -> Option<OErr> {
    type_mismatch(types, format, data)
        .map(|(type_name, actual)| invalid_type(name, type_name, actual, span))
}

/// The type validator's decision: `None` when `data` passes, else the type (or format) named
/// in its error and the value's actual one. Allocates nothing, for [`clean`] too.
///
/// Inlined for the common case, a value of an allowed type: that passes whatever the format
/// (each of the decision's three tests below lets such a value through).
#[inline]
fn type_mismatch<'t>(
    types: Types<'t>,
    format: &'t str,
    data: &Node,
) -> Option<(&'t str, &'static str)> {
    if types.has(schema_info(data).2) {
        return None;
    }
    type_mismatch_decided(types, format, data)
}

/// [`type_mismatch`] of a value whose type is not among the schema's (it may still pass as an
/// integral float, an integer for a number, or through a numeric format).
#[inline(never)]
fn type_mismatch_decided<'t>(
    types: Types<'t>,
    format: &'t str,
    data: &Node,
) -> Option<(&'t str, &'static str)> {
    let (sch_type, fmt, sch_bit) = schema_info(data);
    let is_str_or_slice = matches!(data.value, Value::String(_) | Value::Seq(_));
    let is_float_int = match data.value {
        Value::Float(f) => is_float_json_integer(f) && types.has(Ty::INTEGER),
        _ => false,
    };
    let is_int_float = sch_bit == Ty::INTEGER && types.has(Ty::NUMBER);
    // kube-openapi: `kind != String && kind != Slice && format != "" && !(...)`.
    if !(is_str_or_slice
        || format.is_empty()
        || types.has(sch_bit)
        || fmt == format
        || is_float_int
        || is_int_float)
    {
        return Some((format, fmt));
    }
    if !(types.has(Ty::NUMBER) || types.has(Ty::INTEGER) || format.is_empty()) && is_str_or_slice {
        return None;
    }
    if !(types.has(sch_bit) || is_float_int || is_int_float) {
        return Some((types.joined(), sch_type));
    }
    None
}

/// Whether `s` has `anyOf`, `oneOf`, `allOf` or `not` (most schema nodes have none).
fn has_junctors(s: &Schema) -> bool {
    !s.rare().all_of.is_empty()
        || s.rare
            .as_deref()
            .is_some_and(|r| !r.any_of.is_empty() || !r.one_of.is_empty() || r.not.is_some())
}

/// The junctors in kube-openapi's order: `anyOf`, `oneOf`, `allOf`, `not`.
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
    if !s.rare().any_of.is_empty() {
        main.merge(check_any_of(cx, s, data, corr, name, span, depth));
    }
    if !s.rare().one_of.is_empty() {
        main.merge(check_one_of(cx, s, data, corr, name, span, depth));
    }
    if !s.rare().all_of.is_empty() {
        main.merge(check_all_of(cx, s, data, corr, name, span, depth));
    }
    if let Some(not) = &s.rare().not {
        let res = validate(cx, not, data, corr, name, span, depth + 1);
        if res.is_valid() {
            main.add(OErr::plain(
                name.render(),
                format!(
                    "{} must not validate the schema (not)",
                    go_quote(&name.render())
                ),
                span,
            ));
        }
    }
    main.mc += 1;
    main
}

/// `anyOf`: stops at the first alternative that validates; otherwise reports the summary and
/// the errors of the alternative with the highest match counter.
fn check_any_of(
    cx: &Ctx<'_>,
    s: &Schema,
    data: &Node,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut main = Res::default();
    let mut best: Option<Res> = None;
    let mut first_success: Option<Res> = None;
    let mut succeeded = false;
    for alt in &s.rare().any_of {
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
            format!(
                "{} must validate at least one schema (anyOf)",
                go_quote(&name.render())
            ),
            span,
        ));
    }
    if let Some(b) = best {
        main.merge(b);
    } else if let Some(f) = first_success {
        main.merge(f);
    }
    main
}

/// `oneOf`: exactly one alternative must validate; otherwise the summary (with how many did)
/// and, when none did, the errors of the best alternative.
fn check_one_of(
    cx: &Ctx<'_>,
    s: &Schema,
    data: &Node,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut main = Res::default();
    let mut best: Option<Res> = None;
    let mut first_success: Option<Res> = None;
    let mut validated = 0usize;
    for alt in &s.rare().one_of {
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
                go_quote(&name.render())
            ),
            span,
        ));
        if let Some(b) = best {
            main.merge(b);
        }
    } else if let Some(f) = first_success {
        main.merge(f);
    }
    main
}

/// `allOf`: every alternative's errors, plus the summary when any failed.
fn check_all_of(
    cx: &Ctx<'_>,
    s: &Schema,
    data: &Node,
    corr: Corr<'_>,
    name: &Name<'_>,
    span: Span,
    depth: usize,
) -> Res {
    let mut main = Res::default();
    let mut validated = 0usize;
    for alt in &s.rare().all_of {
        let res = validate(cx, alt, data, corr, name, span, depth + 1);
        if res.is_valid() {
            validated += 1;
        }
        main.merge(res);
    }
    if validated != s.rare().all_of.len() {
        let extra = if validated == 0 {
            ". None validated"
        } else {
            ""
        };
        main.add(OErr::plain(
            name.render(),
            format!(
                "{} must validate all the schemas (allOf){extra}",
                go_quote(&name.render())
            ),
            span,
        ));
    }
    main
}

#[cfg(test)]
mod tests;
