//! The AST validators Kubernetes installs (cel-go `cel/validator.go`: homogeneous aggregate
//! literals, duration/timestamp/regex literals) and the strings extension's format validator.

use crate::cel::FastMap as HashMap;

use super::assign::is_equivalent;
use super::env::{CheckEnv, CheckError};
use crate::cel::ast::{Expr, ExprKind, Literal, MapEntry};
use crate::cel::types::Type;

/// The AST validators (cel-go `cel/validator.go`) Kubernetes installs.
pub(super) fn validate(
    e: &Expr,
    types: &HashMap<u64, Type>,
    env: &CheckEnv,
    errors: &mut Vec<CheckError>,
) {
    validate_node(e, types, env, errors, false, 0);
}

/// Smallest and largest seconds CEL timestamps allow (years 1 to 9999).
const MIN_UNIX_SECONDS: i64 = -62_135_596_800;
const MAX_UNIX_SECONDS: i64 = 253_402_300_799;

fn validate_node(
    n: &Expr,
    types: &HashMap<u64, Type>,
    env: &CheckEnv,
    errors: &mut Vec<CheckError>,
    in_format: bool,
    depth: usize,
) {
    let ty = |id: u64| types.get(&id).cloned().unwrap_or(Type::Dyn);
    // Literals anywhere inside a `format` call are exempt from the homogeneity check once the
    // strings extension's format validator is installed (strings v1+, Kubernetes 1.29).
    let mut exempt = in_format;
    match &n.kind {
        ExprKind::List {
            elements,
            optional_indices,
        } if env.homogeneous_literals && !in_format => {
            homogeneous_list(elements, optional_indices, &ty, errors);
        }
        ExprKind::Map { entries } if env.homogeneous_literals && !in_format => {
            homogeneous_map(entries, &ty, errors);
        }
        ExprKind::Call { func, args, target } => {
            if func == "format" && env.decls.functions.contains_key("format") {
                exempt = true;
                format_call(n.id, target.as_deref(), args, &ty, errors);
            }
            if env.literal_validators {
                literal_argument(func, args, errors);
            }
        }
        _ => {}
    }
    if depth > 10_000 {
        return;
    }
    let mut visit = |c: &Expr| validate_node(c, types, env, errors, exempt, depth + 1);
    match &n.kind {
        ExprKind::Unspecified | ExprKind::Literal(_) | ExprKind::Ident(_) => {}
        ExprKind::Select { operand, .. } => visit(operand),
        ExprKind::Call { target, args, .. } => {
            if let Some(t) = target {
                visit(t);
            }
            args.iter().for_each(&mut visit);
        }
        ExprKind::List { elements, .. } => elements.iter().for_each(&mut visit),
        ExprKind::Map { entries } => {
            for en in entries {
                visit(&en.key);
                visit(&en.value);
            }
        }
        ExprKind::Struct { fields, .. } => fields.iter().for_each(|f| visit(&f.value)),
        ExprKind::Comprehension(c) => {
            for x in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                visit(x);
            }
        }
    }
}

/// The homogeneous aggregate literal validator on a list: every element (an optional one by
/// its inner type) has the first element's type; the first mismatch is reported.
fn homogeneous_list(
    elements: &[Expr],
    optional_indices: &[usize],
    ty: &dyn Fn(u64) -> Type,
    errors: &mut Vec<CheckError>,
) {
    let mut first: Option<Type> = None;
    for (i, el) in elements.iter().enumerate() {
        let mut et = ty(el.id);
        if optional_indices.contains(&i) {
            if let Type::Optional(inner) = et {
                et = *inner;
            }
        }
        match &first {
            None => first = Some(et),
            Some(f) if !is_equivalent(f, &et) => {
                errors.push(CheckError {
                    id: el.id,
                    message: format!("expected type '{f}' but found '{et}'"),
                    help: None,
                });
                break;
            }
            _ => {}
        }
    }
}

/// The same validator on a map literal: keys and values each have the first entry's types.
fn homogeneous_map(entries: &[MapEntry], ty: &dyn Fn(u64) -> Type, errors: &mut Vec<CheckError>) {
    let mut first: Option<(Type, Type)> = None;
    for en in entries {
        let kt = ty(en.key.id);
        let mut vt = ty(en.value.id);
        if en.optional {
            if let Type::Optional(inner) = vt {
                vt = *inner;
            }
        }
        match &first {
            None => first = Some((kt, vt)),
            Some((fk, fv)) => {
                if !is_equivalent(fk, &kt) {
                    errors.push(CheckError {
                        id: en.key.id,
                        message: format!("expected type '{fk}' but found '{kt}'"),
                        help: None,
                    });
                }
                if !is_equivalent(fv, &vt) {
                    errors.push(CheckError {
                        id: en.value.id,
                        message: format!("expected type '{fv}' but found '{vt}'"),
                        help: None,
                    });
                }
            }
        }
    }
}

/// `'fmt'.format([args])` with a constant format string and a list literal: checked clause by
/// clause.
fn format_call(
    call_id: u64,
    target: Option<&Expr>,
    args: &[Expr],
    ty: &dyn Fn(u64) -> Type,
    errors: &mut Vec<CheckError>,
) {
    if let (Some(t), [list]) = (target, args) {
        if let (Some(fmt), ExprKind::List { elements, .. }) = (t.as_string_literal(), &list.kind) {
            if let Some((id, message)) = check_format(fmt, elements, call_id, ty) {
                errors.push(CheckError {
                    id,
                    message,
                    help: None,
                });
            }
        }
    }
}

/// The duration, timestamp and regex literal validators: a literal first argument must parse.
fn literal_argument(func: &str, args: &[Expr], errors: &mut Vec<CheckError>) {
    if let Some(lit) = args.first() {
        if let ExprKind::Literal(l) = &lit.kind {
            let bad = match (func, l) {
                ("duration", Literal::String(s)) => {
                    crate::cel::literals::parse_duration(s).is_none()
                }
                ("timestamp", Literal::String(s)) => {
                    crate::cel::literals::parse_timestamp(s).is_none()
                }
                ("timestamp", Literal::Int(i)) => {
                    !(MIN_UNIX_SECONDS..=MAX_UNIX_SECONDS).contains(i)
                }
                ("matches", Literal::String(s)) => !crate::cel::literals::regex_compiles(s),
                _ => false,
            };
            if bad {
                errors.push(CheckError {
                    id: lit.id,
                    message: format!("invalid {func} argument"),
                    help: None,
                });
            }
        }
    }
}

/// cel-go's `TypeName()` of a type (used by the format validator's messages).
fn type_name(t: &Type) -> String {
    match t {
        Type::List(_) => "list".into(),
        Type::Map(..) => "map".into(),
        Type::Null => "null_type".into(),
        Type::Duration => "google.protobuf.Duration".into(),
        Type::Timestamp => "google.protobuf.Timestamp".into(),
        Type::Type(_) => "type".into(),
        Type::Optional(_) => "optional_type".into(),
        Type::Opaque(n, _) => n.to_string(),
        other => other.to_string(),
    }
}

/// The strings extension's format validator (cel-go `ext/formatting.go`, `stringFormatValidator`,
/// the one strings v2 installs): a constant format string with a list literal of arguments is
/// parsed at compile time and each clause's argument type checked.
fn check_format(
    fmt: &str,
    args: &[Expr],
    call_id: u64,
    ty: &dyn Fn(u64) -> Type,
) -> Option<(u64, String)> {
    let b = fmt.as_bytes();
    let mut i = 0;
    let mut arg = 0usize;
    let mut requested = 0usize;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        requested += 1;
        if i + 1 >= b.len() {
            return Some((call_id, "unexpected end of string".into()));
        }
        if arg >= args.len() {
            return Some((call_id, format!("index {arg} out of range")));
        }
        let j = match skip_precision(b, i + 1) {
            Ok(j) => j,
            Err(message) => return Some((call_id, message.into())),
        };
        let clause = fmt[j..].chars().next().unwrap_or('%');
        if let Some(e) = check_clause(clause, &args[arg], call_id, ty) {
            return Some(e);
        }
        i = j + clause.len_utf8();
        arg += 1;
    }
    if args.len() > requested {
        return Some((
            call_id,
            format!(
                "too many arguments supplied to string.format (expected {requested}, got {})",
                args.len()
            ),
        ));
    }
    None
}

/// Skips a `.N` precision at `j` (just after `%`): the index of the clause's verb, or the
/// error cel-go reports for a precision without digits or without a verb.
fn skip_precision(b: &[u8], mut j: usize) -> Result<usize, &'static str> {
    if b[j] == b'.' {
        j += 1;
        let start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j >= b.len() {
            return Err("could not parse formatting clause: error while parsing precision: could not find end of precision specifier");
        }
        if j == start {
            return Err("could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing \"\": invalid syntax");
        }
    }
    Ok(j)
}

/// One clause's verb against its argument's type: the error cel-go reports, if any.
fn check_clause(
    clause: char,
    a: &Expr,
    call_id: u64,
    ty: &dyn Fn(u64) -> Type,
) -> Option<(u64, String)> {
    let kind_in = |id: u64, ok: &dyn Fn(&Type) -> bool| {
        let t = ty(id);
        t.is_dyn() || ok(&t)
    };
    let t = type_name(&ty(a.id));
    let bad = |m: &str| Some((a.id, format!("error during formatting: {m}, was given {t}")));
    match clause {
        's' => {
            if let Err(id) = string_ok(a, ty) {
                return Some((
                    id,
                    format!(
                        "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given {}",
                        type_name(&ty(id))
                    ),
                ));
            }
            None
        }
        'd' => (!kind_in(a.id, &|t| matches!(t, Type::Int | Type::Uint)))
            .then(|| bad("decimal clause can only be used on integers"))
            .flatten(),
        'f' => (!kind_in(a.id, &|t| matches!(t, Type::Double | Type::String)))
            .then(|| bad("fixed-point clause can only be used on doubles"))
            .flatten(),
        'e' => (!kind_in(a.id, &|t| matches!(t, Type::Double | Type::String)))
            .then(|| bad("scientific clause can only be used on doubles"))
            .flatten(),
        'b' => (!kind_in(a.id, &|t| matches!(t, Type::Int | Type::Uint | Type::Bool)))
            .then(|| bad("only integers and bools can be formatted as binary"))
            .flatten(),
        'x' | 'X' => (!kind_in(a.id, &|t| {
            matches!(t, Type::Int | Type::Uint | Type::String | Type::Bytes)
        }))
        .then(|| bad("only integers, byte buffers, and strings can be formatted as hex"))
        .flatten(),
        'o' => (!kind_in(a.id, &|t| matches!(t, Type::Int | Type::Uint)))
            .then(|| bad("octal clause can only be used on integers"))
            .flatten(),
        c => Some((
            call_id,
            format!("could not parse formatting clause: unrecognized formatting clause \"{c}\""),
        )),
    }
}

/// Whether the string clause accepts a value: a printable type, recursively for the elements
/// of list and map literals; `Err` holds the first node that is not.
fn string_ok(e: &Expr, ty: &dyn Fn(u64) -> Type) -> Result<(), u64> {
    let t = ty(e.id);
    let ok = t.is_dyn()
        || matches!(
            t,
            Type::List(_)
                | Type::Map(..)
                | Type::Int
                | Type::Uint
                | Type::Double
                | Type::Bool
                | Type::String
                | Type::Timestamp
                | Type::Bytes
                | Type::Duration
                | Type::Type(_)
                | Type::Null
        );
    if !ok {
        return Err(e.id);
    }
    match &e.kind {
        ExprKind::List { elements, .. } => elements.iter().try_for_each(|x| string_ok(x, ty)),
        ExprKind::Map { entries } => entries
            .iter()
            .try_for_each(|en| string_ok(&en.key, ty).and_then(|_| string_ok(&en.value, ty))),
        _ => Ok(()),
    }
}
