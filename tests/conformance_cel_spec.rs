//! The cel-spec conformance suite (google/cel-spec `tests/simple/testdata/*.textproto`, copies in
//! `testdata/conformance/cel-spec/`) run through crdlint's CEL: every `expr` is parsed and
//! type-checked in the Kubernetes stored-expressions environment at the newest minor (or only
//! parsed when the test has `disable_check`), evaluated with the runtime options the server uses
//! (constant folding on, no cost limit), and compared with the expected value or error.
//!
//! Only the files that apply to Kubernetes (no proto messages) are copied. Every test that
//! cannot run or differs is listed in [`SKIPS`] with its reason; the test fails on any other
//! mismatch and on a skip entry that matches no test, or a per-test skip that now passes
//! (stale). Tests skipped only for the Kubernetes mixed-type literal rule run again in a plain
//! cel-go environment and must pass there. The counts are printed
//! (`cargo test --test integration cel_spec -- --nocapture`) and recorded in
//! `testdata/conformance/cel-spec/README.md`.

use std::collections::BTreeMap;
use std::sync::Arc;

use crdlint::cel::eval::ast::from_checked;
use crdlint::cel::eval::value::{Entries, Key, ListKind, ListValue, MapValue};
use crdlint::cel::eval::{evaluate, parse_unchecked, Options, Value};
use crdlint::cel::{compile_expr, CompileOptions, EnvKind, Type};

use crate::common::textproto::{read_textproto, Msg, Tp};

const FILES: &[&str] = &[
    "basic",
    "comparisons",
    "conversions",
    "fp_math",
    "integer_math",
    "lists",
    "logic",
    "macros",
    "macros2",
    "string",
    "string_ext",
    "timestamps",
    "optionals",
];

/// Why a test does not run here (the reasons the counts are grouped by).
const PROTO: &str = "proto messages (TestAllTypes, google.protobuf wrappers, Value, Any): Kubernetes CEL has no proto types";
const HOMOGENEOUS: &str = "Kubernetes env: HomogeneousAggregateLiterals rejects mixed-type list/map literals at compile time";
const LITERAL_VALIDATORS: &str = "Kubernetes env (1.29+): literal validators reject an out-of-range constant timestamp()/duration() at compile time, cel-spec expects an evaluation error";
const STRINGS_V2_FORMAT: &str = "Kubernetes pins ext.Strings version 2 (older formatter: %e as x10^n, infinities as the infinity sign, strings quoted and doubles as %f inside lists/maps, %f/%e only on doubles, %d only on integers); cel-spec tests the newest version";
const STRINGS_V2_REVERSE: &str =
    "Kubernetes pins ext.Strings version 2: reverse() arrived in version 3";
const CEL_GO_MILLISECONDS: &str = "cel-go (the server) returns total milliseconds from duration.getMilliseconds(); cel-go's own conformance run skips this test";

/// `(file, section, test or "*" for the whole section, reason)`.
#[rustfmt::skip]
const SKIPS: &[(&str, &str, &str, &str)] = &[
    ("comparisons", "eq_wrapper", "*", PROTO),
    ("comparisons", "eq_literal", "not_eq_list_null", HOMOGENEOUS),
    ("comparisons", "eq_literal", "eq_list_mixed_type_numbers", HOMOGENEOUS),
    ("comparisons", "eq_literal", "not_eq_list_mixed_type_numbers", HOMOGENEOUS),
    ("comparisons", "eq_literal", "not_eq_list_false_vs_types", HOMOGENEOUS),
    ("comparisons", "eq_literal", "not_eq_map_null", HOMOGENEOUS),
    ("comparisons", "eq_literal", "eq_map_mixed_type_numbers", HOMOGENEOUS),
    ("comparisons", "eq_literal", "not_eq_map_false_vs_types", HOMOGENEOUS),
    ("comparisons", "eq_literal", "eq_map_value_mixed_types", HOMOGENEOUS),
    ("comparisons", "eq_literal", "eq_dyn_json_null", PROTO),
    ("comparisons", "eq_literal", "not_eq_dyn_proto2_msg_null", PROTO),
    ("comparisons", "eq_literal", "not_eq_dyn_proto3_msg_null", PROTO),
    ("comparisons", "eq_literal", "not_eq_list_elem_null", HOMOGENEOUS),
    ("comparisons", "eq_literal", "not_eq_map_value_null", HOMOGENEOUS),
    ("comparisons", "ne_literal", "ne_proto2", PROTO),
    ("comparisons", "ne_literal", "ne_proto3", PROTO),
    ("comparisons", "ne_literal", "ne_proto2_missing_fields_neq", PROTO),
    ("comparisons", "ne_literal", "ne_proto3_missing_fields_neq", PROTO),
    ("comparisons", "ne_literal", "ne_proto_nan_not_equal", PROTO),
    ("comparisons", "ne_literal", "ne_proto_different_types", PROTO),
    ("comparisons", "ne_literal", "ne_proto2_any_unpack", PROTO),
    ("comparisons", "ne_literal", "ne_proto2_any_unpack_bytewise_fallback", PROTO),
    ("comparisons", "ne_literal", "ne_proto3_any_unpack", PROTO),
    ("comparisons", "ne_literal", "ne_proto3_any_unpack_bytewise_fallback", PROTO),
    ("comparisons", "in_list_literal", "elem_in_mixed_type_list", HOMOGENEOUS),
    ("comparisons", "in_list_literal", "elem_in_mixed_type_list_cross_type", HOMOGENEOUS),
    ("comparisons", "in_map_literal", "key_in_mixed_key_type_map", HOMOGENEOUS),
    ("comparisons", "in_map_literal", "key_in_mixed_key_type_map_cross_type", HOMOGENEOUS),
    ("conversions", "dyn", "dyn_heterogeneous_list", HOMOGENEOUS),
    ("macros", "exists", "list_elem_type_shortcircuit", HOMOGENEOUS),
    ("macros", "exists", "list_elem_type_exhaustive", HOMOGENEOUS),
    ("macros", "exists", "map_key_type_shortcircuit", HOMOGENEOUS),
    ("macros", "exists", "map_key_type_exhaustive", HOMOGENEOUS),
    ("macros", "all", "list_elem_type_shortcircuit", HOMOGENEOUS),
    ("macros", "all", "list_elem_type_exhaustive", HOMOGENEOUS),
    ("macros2", "exists", "list_elem_type_shortcircuit", HOMOGENEOUS),
    ("macros2", "exists", "list_elem_type_exhaustive", HOMOGENEOUS),
    ("macros2", "exists", "map_key_type_shortcircuit", HOMOGENEOUS),
    ("macros2", "exists", "map_key_type_exhaustive", HOMOGENEOUS),
    ("macros2", "all", "list_elem_type_shortcircuit", HOMOGENEOUS),
    ("macros2", "all", "list_elem_type_exhaustive", HOMOGENEOUS),
    ("macros2", "all", "list_elem_type_error_exhaustive", HOMOGENEOUS),
    ("string_ext", "format", "scientific notation formatting clause", STRINGS_V2_FORMAT),
    ("string_ext", "format", "default precision for fixed-point clause with int", STRINGS_V2_FORMAT),
    ("string_ext", "format", "default precision for fixed-point clause with uint", STRINGS_V2_FORMAT),
    ("string_ext", "format", "default precision for scientific notation", STRINGS_V2_FORMAT),
    ("string_ext", "format", "default precision for scientific notation with int", STRINGS_V2_FORMAT),
    ("string_ext", "format", "default precision for scientific notation with uint", STRINGS_V2_FORMAT),
    ("string_ext", "format", "NaN support for scientific notation", STRINGS_V2_FORMAT),
    ("string_ext", "format", "positive infinity support for scientific notation", STRINGS_V2_FORMAT),
    ("string_ext", "format", "negative infinity support for scientific notation", STRINGS_V2_FORMAT),
    ("string_ext", "format", "NaN support for decimal", STRINGS_V2_FORMAT),
    ("string_ext", "format", "positive infinity support for decimal", STRINGS_V2_FORMAT),
    ("string_ext", "format", "negative infinity support for decimal", STRINGS_V2_FORMAT),
    ("string_ext", "format", "positive infinity support for fixed-point", STRINGS_V2_FORMAT),
    ("string_ext", "format", "negative infinity support for fixed-point", STRINGS_V2_FORMAT),
    ("string_ext", "format", "list support for string", STRINGS_V2_FORMAT),
    ("string_ext", "format", "map support for string", STRINGS_V2_FORMAT),
    ("string_ext", "format", "map support (all key types)", STRINGS_V2_FORMAT),
    ("string_ext", "format", "dyntype support for scientific notation", STRINGS_V2_FORMAT),
    ("string_ext", "format", "dyntype NaN/infinity support", STRINGS_V2_FORMAT),
    ("string_ext", "format", "dyntype support for lists", STRINGS_V2_FORMAT),
    ("string_ext", "format", "dyntype support for maps", STRINGS_V2_FORMAT),
    ("string_ext", "format", "scientific notation formatting clause in a string variable", STRINGS_V2_FORMAT),
    ("string_ext", "reverse", "empty", STRINGS_V2_REVERSE),
    ("string_ext", "reverse", "single_character", STRINGS_V2_REVERSE),
    ("string_ext", "reverse", "multiple", STRINGS_V2_REVERSE),
    ("timestamps", "duration_converters", "get_milliseconds", CEL_GO_MILLISECONDS),
    ("timestamps", "timestamp_range", "from_string_under", LITERAL_VALIDATORS),
    ("timestamps", "timestamp_range", "from_int_under", LITERAL_VALIDATORS),
    ("timestamps", "timestamp_range", "from_string_over", LITERAL_VALIDATORS),
    ("timestamps", "timestamp_range", "from_int_over", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "from_string_under", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "from_string_over", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "add_under", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "add_over", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "sub_under", LITERAL_VALIDATORS),
    ("timestamps", "duration_range", "sub_over", LITERAL_VALIDATORS),
    ("optionals", "optionals", "optional_chaining_13", HOMOGENEOUS),
    ("optionals", "optionals", "has_optional_ofNonZeroValue_struct_optional_ofNonZeroValue_map_optindex_field", PROTO),
    ("optionals", "optionals", "optional_ofNonZeroValue_struct_optional_ofNonZeroValue_map_optindex_field", PROTO),
    ("optionals", "optionals", "struct_map_optindex_field", PROTO),
    ("optionals", "optionals", "struct_optional_ofNonZeroValue_map_optindex_field", PROTO),
    ("optionals", "optionals", "struct_map_optindex_field_nested", PROTO),
    ("optionals", "optionals", "struct_list_optindex_field", PROTO),
    ("optionals", "optionals", "empty_struct_optindex_hasValue", PROTO),
    ("optionals", "optionals", "optional_empty_struct_optindex_hasValue", PROTO),
    ("optionals", "optionals", "struct_optindex_value", PROTO),
    ("optionals", "optionals", "optional_struct_optindex_value", PROTO),
    ("optionals", "optionals", "optional_struct_optindex_index_value", PROTO),
    ("optionals", "optionals", "map_key_mixed_type_optindex_value", HOMOGENEOUS),
    ("optionals", "optionals", "map_key_mixed_numbers_double_key_optindex_value", HOMOGENEOUS),
    ("optionals", "optionals", "map_key_mixed_numbers_uint_key_optindex_value", HOMOGENEOUS),
    ("optionals", "optionals", "map_key_mixed_numbers_int_key_optindex_value", HOMOGENEOUS),
];

// ---------------------------------------------------------------------------------------------
// cel.expr.Value → crdlint values and types.

fn num<T: std::str::FromStr>(m: &Msg, k: &str) -> Result<T, String> {
    m.scalar(k)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad {k}"))
}

fn to_value(m: &Msg) -> Result<Value, String> {
    let Some((kind, _)) = m.0.first() else {
        return Err("empty value".into());
    };
    Ok(match kind.as_str() {
        "null_value" => Value::Null,
        "bool_value" => Value::Bool(m.scalar(kind) == Some("true")),
        "int64_value" => Value::Int(num(m, kind)?),
        "uint64_value" => Value::Uint(num(m, kind)?),
        "double_value" => {
            let s = m.scalar(kind).unwrap_or("").to_ascii_lowercase();
            Value::Double(s.parse().map_err(|_| format!("bad double {s}"))?)
        }
        "string_value" => Value::String(Arc::from(m.str(kind).unwrap_or_default())),
        "bytes_value" => match m.get(kind) {
            Some(Tp::Str(b)) => Value::Bytes(Arc::from(b.as_slice())),
            _ => return Err("bad bytes".into()),
        },
        "type_value" => Value::Type(Arc::from(m.str(kind).unwrap_or_default())),
        "list_value" => {
            let l = m.msg(kind).cloned().unwrap_or_default();
            let items = l
                .all("values")
                .map(|v| match v {
                    Tp::Msg(v) => to_value(v),
                    _ => Err("bad list element".into()),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Value::List(Arc::new(ListValue::new(items, ListKind::Atomic, false)))
        }
        "map_value" => {
            let mv = m.msg(kind).cloned().unwrap_or_default();
            let mut entries = Entries::default();
            for e in mv.all("entries") {
                let Tp::Msg(e) = e else {
                    return Err("bad map entry".into());
                };
                let k = to_value(e.msg("key").ok_or("entry without key")?)?;
                let v = to_value(e.msg("value").ok_or("entry without value")?)?;
                entries.insert(Key::from_value(&k).map_err(|e| e.message)?, v);
            }
            Value::Map(Arc::new(MapValue {
                entries,
                object: None,
            }))
        }
        "object_value" => {
            let any = m.msg(kind).ok_or("bad object")?;
            let (Some((ty, Tp::Msg(body))), 1) = (any.0.first(), any.0.len()) else {
                return Err("bad object".into());
            };
            let secs: i64 = num(body, "seconds").unwrap_or(0);
            let nanos: i64 = num(body, "nanos").unwrap_or(0);
            match ty.as_str() {
                "[type.googleapis.com/google.protobuf.Duration]" => {
                    Value::Duration(secs * 1_000_000_000 + nanos)
                }
                "[type.googleapis.com/google.protobuf.Timestamp]" => Value::Timestamp(
                    chrono::DateTime::from_timestamp(secs, nanos as u32)
                        .ok_or("bad timestamp")?
                        .fixed_offset(),
                ),
                other => return Err(format!("object of type {other}")),
            }
        }
        other => return Err(format!("value kind {other}")),
    })
}

/// A `cel.expr.Type` (only what these files declare).
fn to_type(m: &Msg) -> Result<Type, String> {
    let Some((kind, v)) = m.0.first() else {
        return Err("empty type".into());
    };
    Ok(match (kind.as_str(), v) {
        ("primitive", Tp::Scalar(p)) => match p.as_str() {
            "BOOL" => Type::Bool,
            "INT64" => Type::Int,
            "UINT64" => Type::Uint,
            "DOUBLE" => Type::Double,
            "STRING" => Type::String,
            "BYTES" => Type::Bytes,
            other => return Err(format!("primitive {other}")),
        },
        ("well_known", Tp::Scalar(w)) => match w.as_str() {
            "TIMESTAMP" => Type::Timestamp,
            "DURATION" => Type::Duration,
            other => return Err(format!("well-known type {other}")),
        },
        ("message_type", Tp::Str(n)) => match n.as_slice() {
            b"google.protobuf.Timestamp" => Type::Timestamp,
            b"google.protobuf.Duration" => Type::Duration,
            other => return Err(format!("message type {}", String::from_utf8_lossy(other))),
        },
        ("dyn", _) => Type::Dyn,
        ("null", _) => Type::Null,
        ("list_type", Tp::Msg(l)) => {
            Type::List(Box::new(to_type(l.msg("elem_type").ok_or("list_type")?)?))
        }
        ("map_type", Tp::Msg(l)) => Type::Map(
            Box::new(to_type(l.msg("key_type").ok_or("map key_type")?)?),
            Box::new(to_type(l.msg("value_type").ok_or("map value_type")?)?),
        ),
        (other, _) => return Err(format!("type kind {other}")),
    })
}

/// CEL value equality for the comparison, strict about the kind (`1` is not `1u`), NaN equal
/// to NaN (the suite's `nan` results), lists in order, maps regardless of order.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Double(x), Value::Double(y)) => x == y || x.is_nan() && y.is_nan(),
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.items().iter().zip(y.items()).all(|(a, b)| same(a, b))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.entries.len() == y.entries.len()
                && x.entries
                    .iter()
                    .all(|(k, v)| y.entries.get(k).is_some_and(|w| same(v, w)))
        }
        (Value::Optional(x), Value::Optional(y)) => match (x, y) {
            (Some(x), Some(y)) => same(x, y),
            (None, None) => true,
            _ => false,
        },
        (Value::Timestamp(x), Value::Timestamp(y)) => x == y,
        _ => format!("{a:?}") == format!("{b:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Running one test.

enum Verdict {
    Pass,
    Fail(String),
}

/// Runs one test; `plain` compiles in a plain cel-go environment (with optional types) instead
/// of the Kubernetes one.
fn run_test(t: &Msg, plain: bool) -> Verdict {
    match std::panic::catch_unwind(|| run_test_inner(t, plain)) {
        Ok(Ok(())) => Verdict::Pass,
        Ok(Err(e)) => Verdict::Fail(e),
        Err(_) => Verdict::Fail("panic".into()),
    }
}

fn run_test_inner(t: &Msg, plain: bool) -> Result<(), String> {
    let expr = t.str("expr").ok_or("no expr")?;
    let mut vars = Vec::new();
    for d in t.all("type_env") {
        let Tp::Msg(d) = d else { continue };
        let name = d.str("name").ok_or("type_env without name")?;
        let ty = d
            .msg("ident")
            .and_then(|i| i.msg("type"))
            .ok_or_else(|| format!("type_env {name}: not an ident"))?;
        vars.push((name, to_type(ty)?));
    }
    let mut bindings: Vec<(String, Value)> = Vec::new();
    for b in t.all("bindings") {
        let Tp::Msg(b) = b else { continue };
        let name = b.str("key").ok_or("binding without key")?;
        let v = b
            .msg("value")
            .and_then(|v| v.msg("value"))
            .ok_or_else(|| format!("binding {name}: not a value"))?;
        bindings.push((name, to_value(v)?));
    }
    let program = if t.scalar("disable_check") == Some("true") {
        parse_unchecked(&expr).map_err(|e| format!("parse error: {e}"))?
    } else {
        let opts = CompileOptions {
            env: EnvKind::StoredExpressions,
            base_env_options: !plain,
            ..CompileOptions::default()
        };
        let compiled = compile_expr(&expr, &vars, &opts).map_err(|e| format!("{e}"))?;
        from_checked(&compiled.checked)
    };
    let vars: Vec<(&str, Value)> = bindings
        .iter()
        .map(|(n, v)| (n.as_str(), v.clone()))
        .collect();
    let out = evaluate(
        &program,
        &vars,
        Options {
            cost_limit: None,
            ..Options::default()
        },
    );
    let expected = if let Some(e) = t.msg("eval_error") {
        Err(e
            .msg("errors")
            .and_then(|e| e.str("message"))
            .unwrap_or_default())
    } else if let Some(v) = t.msg("value") {
        Ok(to_value(v)?)
    } else if t.get("unknown").is_some() || t.get("any_unknowns").is_some() {
        return Err("expects unknowns".into());
    } else {
        // cel-spec: no result matcher means the result is `true`.
        Ok(Value::Bool(true))
    };
    match (&out.value, &expected) {
        (Ok(got), Ok(want)) if same(got, want) => Ok(()),
        (Err(_), Err(_)) => Ok(()),
        (got, want) => Err(format!(
            "got {}, want {}",
            match got {
                Ok(v) => format!("{v:?}"),
                Err(e) => format!("error {:?}", e.message),
            },
            match want {
                Ok(v) => format!("{v:?}"),
                Err(e) => format!("error {e:?}"),
            }
        )),
    }
}

#[test]
fn cel_spec_conformance() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/conformance/cel-spec");
    let mut failures = Vec::new();
    let mut used = vec![false; SKIPS.len()];
    let (mut run, mut passed, mut passed_plain) = (0, 0, 0);
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for file in FILES {
        let text = std::fs::read_to_string(format!("{dir}/{file}.textproto")).expect(file);
        let root = read_textproto(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for section in root.all("section") {
            let Tp::Msg(section) = section else { continue };
            let sname = section.str("name").unwrap_or_default();
            for t in section.all("test") {
                let Tp::Msg(t) = t else { continue };
                let tname = t.str("name").unwrap_or_default();
                let verdict = run_test(t, false);
                let skip = SKIPS.iter().position(|(f, s, n, _)| {
                    f == file && *s == sname && (*n == "*" || *n == tname)
                });
                if let Some(i) = skip {
                    used[i] = true;
                    *skipped.entry(SKIPS[i].3).or_default() += 1;
                    if SKIPS[i].2 != "*" && matches!(verdict, Verdict::Pass) {
                        failures.push(format!("{file}/{sname}/{tname}: stale skip, passes now"));
                    }
                    // Mixed-type literals still say how runtime equality treats mixed lists and
                    // maps (which objects' schemaless data can hold): run them without the
                    // Kubernetes literal rule.
                    if SKIPS[i].3 == HOMOGENEOUS {
                        match run_test(t, true) {
                            Verdict::Pass => passed_plain += 1,
                            Verdict::Fail(why) => failures
                                .push(format!("{file}/{sname}/{tname} (plain cel-go env): {why}")),
                        }
                    }
                    continue;
                }
                run += 1;
                match verdict {
                    Verdict::Pass => passed += 1,
                    Verdict::Fail(why) => failures.push(format!(
                        "{file}/{sname}/{tname}: {}: {why}",
                        t.str("expr").unwrap_or_default()
                    )),
                }
            }
        }
    }
    for (i, (f, s, n, _)) in SKIPS.iter().enumerate() {
        if !used[i] {
            failures.push(format!("stale skip {f}/{s}/{n}: matches no test"));
        }
    }
    eprintln!(
        "cel-spec: {} files, {run} run, {passed} passed, {} skipped",
        FILES.len(),
        skipped.values().sum::<usize>()
    );
    for (reason, n) in &skipped {
        eprintln!("  skipped {n}: {reason}");
    }
    eprintln!("  of those, {passed_plain} passed in the plain cel-go environment");
    assert!(
        failures.is_empty(),
        "{}\n{} failures",
        failures.join("\n"),
        failures.len()
    );
}
