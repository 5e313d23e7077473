//! The CEL standard library, with cel-go's semantics and error texts, as the rows of the
//! overload table ([`OVERLOADS`]): its operators, conversions, `size`, string predicates,
//! timestamp and duration getters, and the special forms `&&`, `||`, `?:` and
//! `@not_strictly_false`, whose rows say that the interpreter evaluates them itself.

use std::cmp::Ordering;
use std::sync::Arc;

use chrono::{Datelike, Timelike};

use crate::k8s::Behavior;

use super::super::convert::parse_go_duration;
use super::super::lib;
use super::super::value::{
    compare, equals, format_double, format_duration, format_timestamp, str_size, ErrorKind,
    EvalError, EvalResult, Value,
};
use super::args::{b, err, nso, s};
use super::cost::ceil;
use super::merge::concat_lists;
use super::overload::{Estimate, Overload, Run, RuntimeCost, Special};
use crate::cel::estimate::library as est;

/// The standard library's functions (cel-go `common/stdlib/standard.go`). Every overload of a
/// function runs the same implementation, which looks at the values as cel-go's does, so the
/// row a call with `dyn` arguments picks does not change its outcome.
pub static OVERLOADS: &[Overload] = &[
    // The special forms, which the interpreter evaluates itself (`interp::call`).
    special(
        "conditional",
        "_?_:_ g 0 (bool, A, A) A",
        Special::Conditional,
        RuntimeCost::Free,
        Estimate::Lazy(est::conditional),
    ),
    special(
        "logical_and",
        "_&&_ g 0 (bool, bool) bool",
        Special::And,
        RuntimeCost::Free,
        Estimate::Lazy(est::short_circuit),
    ),
    special(
        "logical_or",
        "_||_ g 0 (bool, bool) bool",
        Special::Or,
        RuntimeCost::Free,
        Estimate::Lazy(est::short_circuit),
    ),
    special(
        "not_strictly_false",
        "@not_strictly_false g 0 (bool) bool",
        Special::NotStrictlyFalse,
        RuntimeCost::Before(one),
        Estimate::Call(est::cel_default),
    ),
    // `+`: one implementation and one runtime cost for every overload (the values decide,
    // as in cel-go), so a call over `dyn` values runs the same whichever row it picks.
    row!(
        "add_bytes",
        "_+_ g 0 (bytes, bytes) bytes",
        plus,
        plus_cost,
        est::concatenation
    ),
    row!(
        "add_double",
        "_+_ g 0 (double, double) double",
        plus,
        plus_cost,
        est::cel_default
    ),
    row!(
        "add_duration_duration",
        "_+_ g 0 (duration, duration) duration",
        plus,
        plus_cost,
        est::cel_default
    ),
    row!(
        "add_duration_timestamp",
        "_+_ g 0 (duration, timestamp) timestamp",
        plus,
        plus_cost,
        est::cel_default
    ),
    row!(
        "add_timestamp_duration",
        "_+_ g 0 (timestamp, duration) timestamp",
        plus,
        plus_cost,
        est::cel_default
    ),
    row!(
        "add_int64",
        "_+_ g 0 (int, int) int",
        plus,
        plus_cost,
        est::cel_default
    ),
    row!(
        "add_list",
        "_+_ g 0 (list(A), list(A)) list(A)",
        plus,
        plus_cost,
        est::list_concatenation
    ),
    row!(
        "add_string",
        "_+_ g 0 (string, string) string",
        plus,
        plus_cost,
        est::concatenation
    ),
    row!(
        "add_uint64",
        "_+_ g 0 (uint, uint) uint",
        plus,
        plus_cost,
        est::cel_default
    ),
    // `v[i]`: the interpreter reads `v` in place and charges the qualifier as cel-go's
    // attribute does (`interp::call`); these rows run it over values.
    row!(
        "index_list",
        "_[_] g 0 (list(A), int) A",
        index,
        one,
        est::cel_default
    ),
    row!(
        "index_map",
        "_[_] g 0 (map(A,B), A) B",
        index,
        one,
        est::cel_default
    ),
    row!(
        "in_list",
        "@in g 0 (A, list(A)) bool",
        contained,
        in_cost,
        est::in_list
    ),
    row!(
        "in_map",
        "@in g 0 (A, map(A,B)) bool",
        contained,
        in_cost,
        est::cel_default
    ),
    row!(
        "logical_not",
        "!_ g 0 (bool) bool",
        logical_not,
        one,
        est::cel_default
    ),
    row!(
        "equals",
        "_==_ g 0 (A, A) bool",
        eq,
        equals_cost,
        est::equals
    ),
    row!(
        "not_equals",
        "_!=_ g 0 (A, A) bool",
        ne,
        not_equals_cost,
        est::size_compare
    ),
    row!(
        "divide_double",
        "_/_ g 0 (double, double) double",
        divide,
        one,
        est::cel_default
    ),
    row!(
        "divide_int64",
        "_/_ g 0 (int, int) int",
        divide,
        one,
        est::cel_default
    ),
    row!(
        "divide_uint64",
        "_/_ g 0 (uint, uint) uint",
        divide,
        one,
        est::cel_default
    ),
    row!(
        "modulo_int64",
        "_%_ g 0 (int, int) int",
        modulo,
        one,
        est::cel_default
    ),
    row!(
        "modulo_uint64",
        "_%_ g 0 (uint, uint) uint",
        modulo,
        one,
        est::cel_default
    ),
    row!(
        "multiply_double",
        "_*_ g 0 (double, double) double",
        multiply,
        one,
        est::cel_default
    ),
    row!(
        "multiply_int64",
        "_*_ g 0 (int, int) int",
        multiply,
        one,
        est::cel_default
    ),
    row!(
        "multiply_uint64",
        "_*_ g 0 (uint, uint) uint",
        multiply,
        one,
        est::cel_default
    ),
    row!(
        "negate_double",
        "-_ g 0 (double) double",
        negate,
        one,
        est::cel_default
    ),
    row!(
        "negate_int64",
        "-_ g 0 (int) int",
        negate,
        one,
        est::cel_default
    ),
    row!(
        "subtract_double",
        "_-_ g 0 (double, double) double",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "subtract_duration_duration",
        "_-_ g 0 (duration, duration) duration",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "subtract_int64",
        "_-_ g 0 (int, int) int",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "subtract_timestamp_duration",
        "_-_ g 0 (timestamp, duration) timestamp",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "subtract_timestamp_timestamp",
        "_-_ g 0 (timestamp, timestamp) duration",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "subtract_uint64",
        "_-_ g 0 (uint, uint) uint",
        subtract,
        one,
        est::cel_default
    ),
    row!(
        "less_bool",
        "_<_ g 0 (bool, bool) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_int64",
        "_<_ g 0 (int, int) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_int64_double",
        "_<_ g 28 (int, double) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_int64_uint64",
        "_<_ g 28 (int, uint) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_uint64",
        "_<_ g 0 (uint, uint) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_uint64_double",
        "_<_ g 28 (uint, double) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_uint64_int64",
        "_<_ g 28 (uint, int) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_double",
        "_<_ g 0 (double, double) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_double_int64",
        "_<_ g 28 (double, int) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_double_uint64",
        "_<_ g 28 (double, uint) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_string",
        "_<_ g 0 (string, string) bool",
        less,
        compare_cost,
        est::size_compare
    ),
    row!(
        "less_bytes",
        "_<_ g 0 (bytes, bytes) bool",
        less,
        compare_cost,
        est::size_compare
    ),
    row!(
        "less_timestamp",
        "_<_ g 0 (timestamp, timestamp) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_duration",
        "_<_ g 0 (duration, duration) bool",
        less,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_bool",
        "_<=_ g 0 (bool, bool) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_int64",
        "_<=_ g 0 (int, int) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_int64_double",
        "_<=_ g 28 (int, double) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_int64_uint64",
        "_<=_ g 28 (int, uint) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_uint64",
        "_<=_ g 0 (uint, uint) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_uint64_double",
        "_<=_ g 28 (uint, double) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_uint64_int64",
        "_<=_ g 28 (uint, int) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_double",
        "_<=_ g 0 (double, double) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_double_int64",
        "_<=_ g 28 (double, int) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_double_uint64",
        "_<=_ g 28 (double, uint) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_string",
        "_<=_ g 0 (string, string) bool",
        less_equals,
        compare_cost,
        est::size_compare
    ),
    row!(
        "less_equals_bytes",
        "_<=_ g 0 (bytes, bytes) bool",
        less_equals,
        compare_cost,
        est::size_compare
    ),
    row!(
        "less_equals_timestamp",
        "_<=_ g 0 (timestamp, timestamp) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "less_equals_duration",
        "_<=_ g 0 (duration, duration) bool",
        less_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_bool",
        "_>_ g 0 (bool, bool) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_int64",
        "_>_ g 0 (int, int) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_int64_double",
        "_>_ g 28 (int, double) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_int64_uint64",
        "_>_ g 28 (int, uint) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_uint64",
        "_>_ g 0 (uint, uint) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_uint64_double",
        "_>_ g 28 (uint, double) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_uint64_int64",
        "_>_ g 28 (uint, int) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_double",
        "_>_ g 0 (double, double) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_double_int64",
        "_>_ g 28 (double, int) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_double_uint64",
        "_>_ g 28 (double, uint) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_string",
        "_>_ g 0 (string, string) bool",
        greater,
        compare_cost,
        est::size_compare
    ),
    row!(
        "greater_bytes",
        "_>_ g 0 (bytes, bytes) bool",
        greater,
        compare_cost,
        est::size_compare
    ),
    row!(
        "greater_timestamp",
        "_>_ g 0 (timestamp, timestamp) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_duration",
        "_>_ g 0 (duration, duration) bool",
        greater,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_bool",
        "_>=_ g 0 (bool, bool) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_int64",
        "_>=_ g 0 (int, int) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_int64_double",
        "_>=_ g 28 (int, double) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_int64_uint64",
        "_>=_ g 28 (int, uint) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_uint64",
        "_>=_ g 0 (uint, uint) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_uint64_double",
        "_>=_ g 28 (uint, double) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_uint64_int64",
        "_>=_ g 28 (uint, int) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_double",
        "_>=_ g 0 (double, double) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_double_int64",
        "_>=_ g 28 (double, int) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_double_uint64",
        "_>=_ g 28 (double, uint) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_string",
        "_>=_ g 0 (string, string) bool",
        greater_equals,
        compare_cost,
        est::size_compare
    ),
    row!(
        "greater_equals_bytes",
        "_>=_ g 0 (bytes, bytes) bool",
        greater_equals,
        compare_cost,
        est::size_compare
    ),
    row!(
        "greater_equals_timestamp",
        "_>=_ g 0 (timestamp, timestamp) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "greater_equals_duration",
        "_>=_ g 0 (duration, duration) bool",
        greater_equals,
        compare_cost,
        est::cel_default
    ),
    row!(
        "size_bytes",
        "size g 0 (bytes) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "bytes_size",
        "size m 0 (bytes) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "size_list",
        "size g 0 (list(A)) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "list_size",
        "size m 0 (list(A)) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "size_map",
        "size g 0 (map(A,B)) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "map_size",
        "size m 0 (map(A,B)) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "size_string",
        "size g 0 (string) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "string_size",
        "size m 0 (string) int",
        size,
        one,
        est::cel_default
    ),
    row!(
        "type",
        "type g 0 (A) type(A)",
        type_of,
        one,
        est::cel_default
    ),
    row!(
        "bool_to_bool",
        "bool g 0 (bool) bool",
        bool,
        one,
        est::cel_default
    ),
    row!(
        "string_to_bool",
        "bool g 0 (string) bool",
        bool,
        one,
        est::cel_default
    ),
    row!(
        "bytes_to_bytes",
        "bytes g 0 (bytes) bytes",
        bytes,
        from_string_cost,
        est::cel_default
    ),
    row!(
        "string_to_bytes",
        "bytes g 0 (string) bytes",
        bytes,
        from_string_cost,
        est::string_to_bytes
    ),
    row!(
        "double_to_double",
        "double g 0 (double) double",
        double,
        one,
        est::cel_default
    ),
    row!(
        "int64_to_double",
        "double g 0 (int) double",
        double,
        one,
        est::cel_default
    ),
    row!(
        "string_to_double",
        "double g 0 (string) double",
        double,
        one,
        est::cel_default
    ),
    row!(
        "uint64_to_double",
        "double g 0 (uint) double",
        double,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_duration",
        "duration g 0 (duration) duration",
        duration,
        one,
        est::cel_default
    ),
    row!(
        "string_to_duration",
        "duration g 0 (string) duration",
        duration,
        one,
        est::cel_default
    ),
    row!("to_dyn", "dyn g 0 (A) dyn", to_dyn, one, est::cel_default),
    row!(
        "int64_to_int64",
        "int g 0 (int) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "double_to_int64",
        "int g 0 (double) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_int64",
        "int g 0 (duration) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "string_to_int64",
        "int g 0 (string) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_int64",
        "int g 0 (timestamp) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "uint64_to_int64",
        "int g 0 (uint) int",
        int,
        one,
        est::cel_default
    ),
    row!(
        "string_to_string",
        "string g 0 (string) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "bool_to_string",
        "string g 0 (bool) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "bytes_to_string",
        "string g 0 (bytes) string",
        string,
        from_bytes_cost,
        est::bytes_to_string
    ),
    row!(
        "double_to_string",
        "string g 0 (double) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "duration_to_string",
        "string g 0 (duration) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "int64_to_string",
        "string g 0 (int) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "timestamp_to_string",
        "string g 0 (timestamp) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "uint64_to_string",
        "string g 0 (uint) string",
        string,
        from_bytes_cost,
        est::cel_default
    ),
    row!(
        "timestamp_to_timestamp",
        "timestamp g 0 (timestamp) timestamp",
        timestamp,
        one,
        est::cel_default
    ),
    row!(
        "int64_to_timestamp",
        "timestamp g 0 (int) timestamp",
        timestamp,
        one,
        est::cel_default
    ),
    row!(
        "string_to_timestamp",
        "timestamp g 0 (string) timestamp",
        timestamp,
        one,
        est::cel_default
    ),
    row!(
        "uint64_to_uint64",
        "uint g 0 (uint) uint",
        uint,
        one,
        est::cel_default
    ),
    row!(
        "double_to_uint64",
        "uint g 0 (double) uint",
        uint,
        one,
        est::cel_default
    ),
    row!(
        "int64_to_uint64",
        "uint g 0 (int) uint",
        uint,
        one,
        est::cel_default
    ),
    row!(
        "string_to_uint64",
        "uint g 0 (string) uint",
        uint,
        one,
        est::cel_default
    ),
    row!(
        "contains_string",
        "contains m 0 (string, string) bool",
        contains,
        contains_cost,
        est::contains_string
    ),
    row!(
        "ends_with_string",
        "endsWith m 0 (string, string) bool",
        ends_with,
        affix_cost,
        est::affix
    ),
    row!(
        "starts_with_string",
        "startsWith m 0 (string, string) bool",
        starts_with,
        affix_cost,
        est::affix
    ),
    row!(
        "matches",
        "matches g 0 (string, string) bool",
        matches,
        one,
        est::cel_default
    ),
    row!(
        "matches_string",
        "matches m 0 (string, string) bool",
        matches,
        matches_cost,
        est::matches_string
    ),
    row!(
        "timestamp_to_year",
        "getFullYear m 0 (timestamp) int",
        get_full_year,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_year_with_tz",
        "getFullYear m 0 (timestamp, string) int",
        get_full_year,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_month",
        "getMonth m 0 (timestamp) int",
        get_month,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_month_with_tz",
        "getMonth m 0 (timestamp, string) int",
        get_month,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_year",
        "getDayOfYear m 0 (timestamp) int",
        get_day_of_year,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_year_with_tz",
        "getDayOfYear m 0 (timestamp, string) int",
        get_day_of_year,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_month",
        "getDayOfMonth m 0 (timestamp) int",
        get_day_of_month,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_month_with_tz",
        "getDayOfMonth m 0 (timestamp, string) int",
        get_day_of_month,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_month_1_based",
        "getDate m 0 (timestamp) int",
        get_date,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_month_1_based_with_tz",
        "getDate m 0 (timestamp, string) int",
        get_date,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_week",
        "getDayOfWeek m 0 (timestamp) int",
        get_day_of_week,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_day_of_week_with_tz",
        "getDayOfWeek m 0 (timestamp, string) int",
        get_day_of_week,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_hours",
        "getHours m 0 (timestamp) int",
        get_hours,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_hours_with_tz",
        "getHours m 0 (timestamp, string) int",
        get_hours,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_hours",
        "getHours m 0 (duration) int",
        get_hours,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_minutes",
        "getMinutes m 0 (timestamp) int",
        get_minutes,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_minutes_with_tz",
        "getMinutes m 0 (timestamp, string) int",
        get_minutes,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_minutes",
        "getMinutes m 0 (duration) int",
        get_minutes,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_seconds",
        "getSeconds m 0 (timestamp) int",
        get_seconds,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_seconds_tz",
        "getSeconds m 0 (timestamp, string) int",
        get_seconds,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_seconds",
        "getSeconds m 0 (duration) int",
        get_seconds,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_milliseconds",
        "getMilliseconds m 0 (timestamp) int",
        get_milliseconds,
        one,
        est::cel_default
    ),
    row!(
        "timestamp_to_milliseconds_with_tz",
        "getMilliseconds m 0 (timestamp, string) int",
        get_milliseconds,
        one,
        est::cel_default
    ),
    row!(
        "duration_to_milliseconds",
        "getMilliseconds m 0 (duration) int",
        get_milliseconds,
        one,
        est::cel_default
    ),
];

// The runtime costs (cel-go `interpreter/runtimecost.go`; Kubernetes' `CallCost` adds nothing
// for these functions).

/// A flat 1.
fn one(_: &[Value]) -> u64 {
    1
}

/// `actualSize` of argument `i` (1 when absent).
fn size_at(args: &[Value], i: usize) -> u64 {
    args.get(i).map_or(1, Value::actual_size)
}

/// `bytes(string)`: the string is traversed.
fn from_string_cost(args: &[Value]) -> u64 {
    match args {
        [Value::String(_)] => ceil(size_at(args, 0) as f64 * 0.1),
        _ => 1,
    }
}

/// `string(bytes)`: the bytes are traversed.
fn from_bytes_cost(args: &[Value]) -> u64 {
    match args {
        [Value::Bytes(_)] => ceil(size_at(args, 0) as f64 * 0.1),
        _ => 1,
    }
}

/// `startsWith`/`endsWith`: the vectors (cel-go v0.29.2) charge the prefix or suffix length.
fn affix_cost(args: &[Value]) -> u64 {
    match args {
        [Value::String(_), _] => ceil(size_at(args, 1) as f64 * 0.1),
        _ => 1,
    }
}

/// `s.matches(re)`: the string traversed once per regex character.
fn matches_cost(args: &[Value]) -> u64 {
    match args {
        [Value::String(_), Value::String(_)] => {
            ceil((1.0 + size_at(args, 0) as f64) * 0.1) * ceil(size_at(args, 1) as f64 * 0.25)
        }
        _ => 1,
    }
}

/// `s.contains(t)`: both strings traversed.
fn contains_cost(args: &[Value]) -> u64 {
    match args {
        [Value::String(_), Value::String(_)] => {
            ceil(size_at(args, 0) as f64 * 0.1) * ceil(size_at(args, 1) as f64 * 0.1)
        }
        _ => 1,
    }
}

/// `_==_`: Kubernetes' library types compare at 1 (their `_==_` overloads), everything else
/// by cel-go's default, a tenth of the smaller size.
fn equals_cost(args: &[Value]) -> u64 {
    match args {
        [Value::Quantity(_)
        | Value::Ip(_)
        | Value::Cidr(_)
        | Value::Format(_)
        | Value::Url(_)
        | Value::Semver(_), _] => 1,
        [_, _] => not_equals_cost(args),
        _ => 1,
    }
}

/// `_!=_`: a tenth of the smaller size.
fn not_equals_cost(args: &[Value]) -> u64 {
    match args {
        [a, c] => string_traversal_cost(min_actual_size(a, c)),
        _ => 1,
    }
}

/// `a.actual_size().min(b.actual_size())`, counting the characters of only one of two strings
/// when that decides (`name != ''`, a name against a short constant): a string of `n` bytes
/// has at least `n / 4` (rounded up) characters, so when the string with fewer bytes has no
/// more characters than that bound of the other, it is the smaller.
fn min_actual_size(a: &Value, b: &Value) -> u64 {
    match (a, b) {
        (Value::String(x), Value::String(y)) => min_chars(x, y),
        _ => a.actual_size().min(b.actual_size()),
    }
}

/// [`min_actual_size`] of two strings.
fn min_chars(x: &str, y: &str) -> u64 {
    let (short, long) = if x.len() <= y.len() { (x, y) } else { (y, x) };
    let s = str_size(short);
    if s <= long.len().div_ceil(4) as u64 {
        return s;
    }
    s.min(str_size(long))
}

/// The runtime cost of `_==_` and `_!=_` on two strings, from both rows' own cost functions
/// (the reference for the plan's comparison of a field with a constant, which builds no
/// argument list).
#[cfg(test)]
pub(crate) fn string_equality_cost(x: &str, y: &str) -> u64 {
    let args = [Value::string(x), Value::string(y)];
    let cost = equals_cost(&args);
    assert_eq!(cost, not_equals_cost(&args), "{x:?} {y:?}");
    cost
}

/// What reading `chars` characters of a string costs (cel-go's `StringTraversalCostFactor`,
/// 0.1 a character, rounded up in floating point as cel-go rounds it: 30 characters cost 4).
#[inline]
pub(crate) fn string_traversal_cost(chars: u64) -> u64 {
    ceil(chars as f64 * 0.1)
}

/// `_<_` and the other orderings: strings and bytes compare up to the shorter one.
fn compare_cost(args: &[Value]) -> u64 {
    match args {
        [Value::String(_), Value::String(_)] | [Value::Bytes(_), Value::Bytes(_)] => {
            ceil(size_at(args, 0).min(size_at(args, 1)) as f64 * 0.1)
        }
        _ => 1,
    }
}

// The implementations.

fn size(_: Behavior, args: &[Value]) -> EvalResult {
    use Value::*;
    match args {
        [x @ (String(_) | Bytes(_) | List(_) | Map(_))] => Ok(Int(x.actual_size() as i64)),
        _ => Err(nso()),
    }
}

fn contains(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(a), Value::String(c)] => b(contains_str(a, c)),
        _ => Err(nso()),
    }
}

/// `str::contains` for the short texts rules search (`!self.value.contains('//')`): std's
/// two-way searcher spends ~300 instructions on its setup before reading the text, more than
/// reading a path or a name byte by byte. Bytes match where the strings do (UTF-8 encodes no
/// character inside another).
fn contains_str(text: &str, part: &str) -> bool {
    let (text, part) = (text.as_bytes(), part.as_bytes());
    let Some((&first, _)) = part.split_first() else {
        return true;
    };
    if part.len() > text.len() {
        return false;
    }
    if text.len() > 64 {
        return memchr::memmem::find(text, part).is_some();
    }
    (0..=text.len() - part.len()).any(|i| text[i] == first && &text[i..i + part.len()] == part)
}

fn starts_with(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(a), Value::String(c)] => b(a.starts_with(&**c)),
        _ => Err(nso()),
    }
}

fn ends_with(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(a), Value::String(c)] => b(a.ends_with(&**c)),
        _ => Err(nso()),
    }
}

fn matches(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(a), Value::String(re)] => b(lib::regex(re)?.is_match(a)),
        _ => Err(nso()),
    }
}

/// A conversion: one argument.
fn unary(args: &[Value], f: fn(&Value) -> EvalResult) -> EvalResult {
    match args {
        [x] => f(x),
        _ => Err(nso()),
    }
}

fn int(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_int)
}

fn uint(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_uint)
}

fn double(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_double)
}

fn bool(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_bool)
}

/// `string(x)`, also the Kubernetes IP and CIDR libraries' overloads.
pub(super) fn string(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_string)
}

fn bytes(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_bytes)
}

fn duration(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_duration)
}

fn timestamp(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, to_timestamp)
}

fn type_of(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, |x| Ok(Value::Type(Arc::from(x.type_name()))))
}

fn to_dyn(_: Behavior, args: &[Value]) -> EvalResult {
    unary(args, |x| Ok(x.clone()))
}

fn logical_not(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::Bool(v)] => b(!v),
        _ => Err(nso()),
    }
}

/// A binary operator: two arguments.
fn binary(args: &[Value], f: fn(&Value, &Value) -> EvalResult) -> EvalResult {
    match args {
        [x, y] => f(x, y),
        _ => Err(nso()),
    }
}

fn eq(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| b(equals(x, y)))
}

fn ne(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| b(!equals(x, y)))
}

fn less(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| cmp_op(x, y, |o| o == Ordering::Less))
}

fn less_equals(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| cmp_op(x, y, |o| o != Ordering::Greater))
}

fn greater(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| cmp_op(x, y, |o| o == Ordering::Greater))
}

fn greater_equals(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, |x, y| cmp_op(x, y, |o| o != Ordering::Less))
}

fn subtract(_: Behavior, args: &[Value]) -> EvalResult {
    binary(args, sub)
}

fn multiply(_: Behavior, args: &[Value]) -> EvalResult {
    use Value::*;
    binary(args, |x, y| match (x, y) {
        (Int(a), Int(c)) => a.checked_mul(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => a.checked_mul(*c).map(Uint).ok_or_else(uint_overflow),
        (Double(a), Double(c)) => Ok(Double(a * c)),
        _ => Err(nso()),
    })
}

fn divide(_: Behavior, args: &[Value]) -> EvalResult {
    use Value::*;
    binary(args, |x, y| match (x, y) {
        (Int(_), Int(0)) | (Uint(_), Uint(0)) => Err(EvalError::division_by_zero()),
        (Int(a), Int(c)) => a.checked_div(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => Ok(Uint(a / c)),
        (Double(a), Double(c)) => Ok(Double(a / c)),
        _ => Err(nso()),
    })
}

fn modulo(_: Behavior, args: &[Value]) -> EvalResult {
    use Value::*;
    binary(args, |x, y| match (x, y) {
        (Int(_), Int(0)) | (Uint(_), Uint(0)) => Err(EvalError::modulus_by_zero()),
        (Int(a), Int(c)) => a.checked_rem(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => Ok(Uint(a % c)),
        _ => Err(nso()),
    })
}

fn negate(_: Behavior, args: &[Value]) -> EvalResult {
    use Value::*;
    unary(args, |x| match x {
        Int(a) => a.checked_neg().map(Int).ok_or_else(EvalError::overflow),
        Double(a) => Ok(Double(-a)),
        Duration(d) => d
            .checked_neg()
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        _ => Err(nso()),
    })
}

/// The timestamp and duration getters: the receiver and an optional time zone.
macro_rules! getter {
    ($name:ident, $func:literal) => {
        fn $name(_: Behavior, args: &[Value]) -> EvalResult {
            match args {
                [x, rest @ ..] if rest.len() <= 1 => time_getter($func, x, rest.first()),
                _ => Err(nso()),
            }
        }
    };
}

getter!(get_full_year, "getFullYear");
getter!(get_month, "getMonth");
getter!(get_date, "getDate");
getter!(get_day_of_month, "getDayOfMonth");
getter!(get_day_of_week, "getDayOfWeek");
getter!(get_day_of_year, "getDayOfYear");
getter!(get_hours, "getHours");
getter!(get_minutes, "getMinutes");
getter!(get_seconds, "getSeconds");
getter!(get_milliseconds, "getMilliseconds");

/// A row the interpreter evaluates itself ([`Run::Lazy`]).
const fn special(
    id: &'static str,
    decl: &'static str,
    form: Special,
    cost: RuntimeCost,
    estimate: Estimate,
) -> Overload {
    Overload {
        id,
        decl,
        run: Run::Lazy(form),
        cost,
        estimate,
    }
}

/// `x + y`.
fn plus(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [x, y] => add(x, y),
        _ => Err(nso()),
    }
}

/// `+` of strings or bytes copies both (cel-go `interpreter/runtimecost.go`); any other sum
/// costs 1.
fn plus_cost(args: &[Value]) -> u64 {
    match args {
        [x @ Value::String(_), y @ Value::String(_)]
        | [x @ Value::Bytes(_), y @ Value::Bytes(_)] => {
            ceil((x.actual_size() + y.actual_size()) as f64 * 0.1)
        }
        _ => 1,
    }
}

/// `v[i]`.
fn index(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [v, i] => super::index(v, i),
        _ => Err(nso()),
    }
}

/// `x in c`.
pub(super) fn contained(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [x, Value::List(l)] => b(l.items().iter().any(|e| equals(x, e))),
        [x, Value::Map(m)] => b(m.get(x).is_some()),
        _ => Err(nso()),
    }
}

/// `in` a list traverses it (cel-go `interpreter/runtimecost.go`); a map lookup costs 1.
fn in_cost(args: &[Value]) -> u64 {
    match args {
        [_, l @ Value::List(_)] => l.actual_size(),
        _ => 1,
    }
}

fn uint_overflow() -> EvalError {
    EvalError::new(ErrorKind::Overflow, "unsigned integer overflow")
}

fn in_range(t: &chrono::DateTime<chrono::FixedOffset>) -> bool {
    (1..=9999).contains(&t.naive_utc().year())
}

fn cmp_op(x: &Value, y: &Value, f: impl Fn(Ordering) -> bool) -> EvalResult {
    match compare(x, y) {
        Ok(o) => b(f(o)),
        Err(e) if e.kind == ErrorKind::Other => b(false), // NaN
        Err(e) => Err(e),
    }
}

pub(super) fn add(x: &Value, y: &Value) -> EvalResult {
    use Value::*;
    match (x, y) {
        (Int(a), Int(c)) => a.checked_add(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => a.checked_add(*c).map(Uint).ok_or_else(uint_overflow),
        (Double(a), Double(c)) => Ok(Double(a + c)),
        (String(a), String(c)) => {
            let mut st = std::string::String::with_capacity(a.len() + c.len());
            st.push_str(a);
            st.push_str(c);
            Ok(Value::string(&st))
        }
        (Bytes(a), Bytes(c)) => {
            let mut v = a.to_vec();
            v.extend_from_slice(c);
            Ok(Bytes(Arc::from(v)))
        }
        // Charged 1 and a view (nothing copied), but read whole later: see
        // [`super::limits::MAX_LIST_ELEMENTS`].
        (List(a), List(c))
            if a.len().saturating_add(c.len()) > super::limits::MAX_LIST_ELEMENTS =>
        {
            Err(super::limits::built_limit_error())
        }
        (List(a), List(c)) => Ok(concat_lists(a, c)),
        (Duration(a), Duration(c)) => a
            .checked_add(*c)
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        (Timestamp(t), Duration(d)) | (Duration(d), Timestamp(t)) => t
            .checked_add_signed(chrono::TimeDelta::nanoseconds(*d))
            .filter(in_range)
            .map(Timestamp)
            .ok_or_else(timestamp_overflow),
        _ => Err(nso()),
    }
}

fn sub(x: &Value, y: &Value) -> EvalResult {
    use Value::*;
    match (x, y) {
        (Int(a), Int(c)) => a.checked_sub(*c).map(Int).ok_or_else(EvalError::overflow),
        (Uint(a), Uint(c)) => a.checked_sub(*c).map(Uint).ok_or_else(uint_overflow),
        (Double(a), Double(c)) => Ok(Double(a - c)),
        (Duration(a), Duration(c)) => a
            .checked_sub(*c)
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        (Timestamp(t), Duration(d)) => t
            .checked_sub_signed(chrono::TimeDelta::nanoseconds(*d))
            .filter(in_range)
            .map(Timestamp)
            .ok_or_else(timestamp_overflow),
        (Timestamp(a), Timestamp(c)) => (*a - *c)
            .num_nanoseconds()
            .map(Duration)
            .ok_or_else(EvalError::overflow),
        _ => Err(nso()),
    }
}

/// cel-go's `ConvertToType` failure (`common/types/string.go` and the other types).
fn conversion_error(from: &str, to: &str) -> EvalError {
    err(format!("type conversion error from '{from}' to '{to}'"))
}

/// cel-go's `errTimestampOverflow`: a timestamp outside years 1 to 9999.
fn timestamp_overflow() -> EvalError {
    err("timestamp overflow")
}

fn to_int(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Int(_) => Ok(x.clone()),
        Uint(u) => i64::try_from(*u)
            .map(Int)
            .map_err(|_| EvalError::overflow()),
        Double(d) => {
            if d.is_finite() && *d > -9.223_372_036_854_776e18 && *d < 9.223_372_036_854_776e18 {
                Ok(Int(d.trunc() as i64))
            } else {
                Err(EvalError::overflow())
            }
        }
        // cel-go: strconv.ParseInt(s, 10, 64).
        String(st) => st
            .parse::<i64>()
            .map(Int)
            .map_err(|_| conversion_error("string", "int")),
        Duration(d) => Ok(Int(*d)),
        Timestamp(t) => Ok(Int(t.timestamp())),
        Bool(_) => Err(nso()),
        _ => Err(nso()),
    }
}

fn to_double(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Double(_) => Ok(x.clone()),
        Int(i) => Ok(Double(*i as f64)),
        Uint(u) => Ok(Double(*u as f64)),
        // cel-go: strconv.ParseFloat; a range error (`1e400`) fails like a syntax error.
        String(st) => crate::k8s::gofloat::parse_float(st)
            .map(Double)
            .map_err(|_| conversion_error("string", "double")),
        _ => Err(nso()),
    }
}

fn to_bool(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Bool(_) => Ok(x.clone()),
        String(st) => match &**st {
            "1" | "t" | "T" | "TRUE" | "true" | "True" => b(true),
            "0" | "f" | "F" | "FALSE" | "false" | "False" => b(false),
            _ => Err(err("type conversion error from 'string' to 'bool'")),
        },
        _ => Err(nso()),
    }
}

fn to_bytes(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Bytes(_) => Ok(x.clone()),
        String(st) => Ok(Bytes(Arc::from(st.as_bytes()))),
        _ => Err(nso()),
    }
}

fn to_duration(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Duration(_) => Ok(x.clone()),
        String(st) => parse_go_duration(st).map(Duration).ok_or_else(|| {
            err("type conversion error from 'string' to 'google.protobuf.Duration'")
        }),
        _ => Err(nso()),
    }
}

fn to_timestamp(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Timestamp(_) => Ok(x.clone()),
        String(st) => match chrono::DateTime::parse_from_rfc3339(st) {
            Ok(t) if in_range(&t) => Ok(Timestamp(t)),
            Ok(_) => Err(timestamp_overflow()),
            Err(_) => Err(conversion_error("string", "google.protobuf.Timestamp")),
        },
        Int(i) => chrono::DateTime::from_timestamp(*i, 0)
            .map(|t| t.fixed_offset())
            .filter(in_range)
            .map(Timestamp)
            .ok_or_else(timestamp_overflow),
        _ => Err(nso()),
    }
}

fn to_uint(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        Uint(_) => Ok(x.clone()),
        Int(i) => u64::try_from(*i).map(Uint).map_err(|_| uint_overflow()),
        Double(d) => {
            if d.is_finite() && *d >= 0.0 && *d < 1.844_674_407_370_955_2e19 {
                Ok(Uint(d.trunc() as u64))
            } else {
                Err(uint_overflow())
            }
        }
        // cel-go: strconv.ParseUint(s, 10, 64), which takes no sign at all.
        String(st) if !st.starts_with('+') => st
            .parse::<u64>()
            .map(Uint)
            .map_err(|_| conversion_error("string", "uint")),
        String(_) => Err(conversion_error("string", "uint")),
        _ => Err(nso()),
    }
}

pub(super) fn to_string(x: &Value) -> EvalResult {
    use Value::*;
    match x {
        String(_) => Ok(x.clone()),
        Int(i) => s(i.to_string()),
        Uint(u) => s(u.to_string()),
        Double(d) => s(format_double(*d)),
        Bool(v) => s(v.to_string()),
        Bytes(bs) => std::str::from_utf8(bs)
            .map(Value::string)
            .map_err(|_| err("invalid UTF-8 in bytes, cannot convert to string")),
        Duration(d) => s(format_duration(*d)),
        Timestamp(t) => s(format_timestamp(t)),
        Ip(ip) => s(ip.0.to_string()),
        Cidr(c) => s(c.to_string()),
        Url(u) => s(u.0.to_go_string()),
        _ => Err(nso()),
    }
}

fn time_getter(func: &str, x: &Value, tz: Option<&Value>) -> EvalResult {
    use Value::*;
    match x {
        Duration(d) if tz.is_none() => Ok(Int(match func {
            "getHours" => d / 3_600_000_000_000,
            "getMinutes" => d / 60_000_000_000,
            "getSeconds" => d / 1_000_000_000,
            "getMilliseconds" => d / 1_000_000,
            _ => return Err(nso()),
        })),
        Timestamp(t) => {
            let l = match tz {
                None => t.naive_utc(),
                Some(String(z)) => local_time(t, z)?,
                Some(_) => return Err(nso()),
            };
            Ok(Int(match func {
                "getFullYear" => l.year() as i64,
                "getMonth" => l.month0() as i64,
                "getDate" => l.day() as i64,
                "getDayOfMonth" => l.day0() as i64,
                "getDayOfWeek" => l.weekday().num_days_from_sunday() as i64,
                "getDayOfYear" => l.ordinal0() as i64,
                "getHours" => l.hour() as i64,
                "getMinutes" => l.minute() as i64,
                "getSeconds" => l.second() as i64,
                "getMilliseconds" => (l.nanosecond() / 1_000_000) as i64,
                _ => return Err(nso()),
            }))
        }
        _ => Err(nso()),
    }
}

/// The wall-clock time of `t` in the zone `z`, as cel-go's `timeZone` reads `z` (facts from
/// `common/types/timestamp.go`): without a `:` it is a location for Go's `time.LoadLocation`
/// (`""`/`UTC`, `Local`, or an IANA name from the tz database, which chrono-tz embeds);
/// with one it is `hours:minutes`, each read by `strconv.Atoi`, the minutes subtracted when the
/// text starts with `-`. Anything else fails with Go's error text (`unknown time zone +0530`).
fn local_time(
    t: &chrono::DateTime<chrono::FixedOffset>,
    z: &str,
) -> Result<chrono::NaiveDateTime, EvalError> {
    let Some(colon) = z.find(':') else {
        // The API server runs with UTC as its local zone.
        if z.is_empty() || z == "UTC" || z == "Local" {
            return Ok(t.naive_utc());
        }
        if z.contains("..") || z.starts_with(['/', '\\']) {
            return Err(err("time: invalid location name"));
        }
        let tz: chrono_tz::Tz = z
            .parse()
            .map_err(|_| err(format!("unknown time zone {z}")))?;
        return Ok(t.with_timezone(&tz).naive_local());
    };
    let hours = go_atoi(&z[..colon])?;
    let minutes = go_atoi(&z[colon + 1..])?;
    let offset = if z.starts_with('-') {
        hours.checked_mul(60).and_then(|h| h.checked_sub(minutes))
    } else {
        hours.checked_mul(60).and_then(|h| h.checked_add(minutes))
    };
    offset
        .and_then(chrono::TimeDelta::try_minutes)
        .and_then(|d| t.naive_utc().checked_add_signed(d))
        .ok_or_else(timestamp_overflow)
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits, with Go's error text.
fn go_atoi(s: &str) -> Result<i64, EvalError> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(format!(
            "strconv.Atoi: parsing {}: invalid syntax",
            crate::yaml::goquote::go_quote(s)
        )));
    }
    s.parse::<i64>().map_err(|_| {
        err(format!(
            "strconv.Atoi: parsing {}: value out of range",
            crate::yaml::goquote::go_quote(s)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::{contains_str, go_atoi};

    /// The byte search finds what `str::contains` finds: empty parts, parts longer than the
    /// text, at the start, the end, overlapping, multi-byte characters, texts past the short
    /// path's length.
    #[test]
    fn contains_str_matches_std() {
        let long = format!("{}//é{}", "a".repeat(70), "b".repeat(10));
        let texts = [
            "",
            "/",
            "//",
            "/foo//bar",
            "/foo/bar/..",
            "aaab",
            "é/é",
            "%2F%2f",
            &long,
        ];
        let parts = [
            "", "/", "//", "/..", "aab", "é", "é/", "%2f", "b//", "ab", "bbb", "a//é",
        ];
        for t in texts {
            for p in parts {
                assert_eq!(contains_str(t, p), t.contains(p), "{t:?} {p:?}");
            }
        }
    }

    /// Go's `strconv.Atoi` errors quote the text as `strconv.Quote` does (`\x01`, not Rust's
    /// `\u{1}`).
    #[test]
    fn atoi_errors_quote_as_go() {
        let msg = |s: &str| go_atoi(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(msg("1a"), "strconv.Atoi: parsing \"1a\": invalid syntax");
        assert_eq!(
            msg("\u{1}"),
            "strconv.Atoi: parsing \"\\x01\": invalid syntax"
        );
        assert_eq!(
            msg("99999999999999999999"),
            "strconv.Atoi: parsing \"99999999999999999999\": value out of range"
        );
        assert_eq!(go_atoi("-12").ok(), Some(-12));
    }
}
