//! The Kubernetes CEL libraries (apiserver `pkg/cel/library/*.go`) on the overload table (see
//! [`super::table`]), one table per library: `lists`, `regex` (`find`, `findAll`), `urls`,
//! `authz`, `quantity`, `ip`, `cidr`, `format`, `semver` and `jsonpatch`. The runtime costs are
//! Kubernetes' `CallCost`, the estimates its `EstimateCallCost` (`cel::estimate::library`).
//!
//! The lists library's `indexOf`/`lastIndexOf` share their names with ext.Strings' and are
//! in its table (`strings`); `string(ip)`/`string(cidr)` move with the standard library's
//! `string`.

use std::cmp::Ordering;
use std::sync::Arc;

use crate::cel::estimate::library as est;
use crate::k8s::Behavior;
use crate::schema::formats::gourl;

use super::super::lib::{self, IpAddress};
use super::super::value::{compare, equals, Entries, ErrorKind, EvalError, EvalResult, Key, Value};
use super::args::{b, err, nso, s};
use super::cost::{ceil, k8s_size, traversal_cost};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use super::standard::add;

/// A flat runtime cost of 1.
fn one(_: &[Value]) -> u64 {
    1
}

/// A tenth of the first argument's size (a traversal of the string parsed).
fn tenth_of_first(args: &[Value]) -> u64 {
    ceil(args.first().map_or(1, k8s_size) as f64 * 0.1)
}

/// The traversal of the receiver list (strings and bytes by their length).
fn list_traversal(args: &[Value]) -> u64 {
    args.first().map(traversal_cost).unwrap_or(0)
}

/// Kubernetes lists library v0 (`lists.go`; `indexOf`/`lastIndexOf` with ext.Strings') and v1
/// (`includes`).
pub static LISTS: &[Overload] = &[
    row!(
        "list_int_is_sorted_bool",
        "isSorted m 0 (list(int)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_uint_is_sorted_bool",
        "isSorted m 0 (list(uint)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_double_is_sorted_bool",
        "isSorted m 0 (list(double)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bool_is_sorted_bool",
        "isSorted m 0 (list(bool)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_duration_is_sorted_bool",
        "isSorted m 0 (list(duration)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_timestamp_is_sorted_bool",
        "isSorted m 0 (list(timestamp)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_string_is_sorted_bool",
        "isSorted m 0 (list(string)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bytes_is_sorted_bool",
        "isSorted m 0 (list(bytes)) bool",
        is_sorted,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_int_sum_int",
        "sum m 0 (list(int)) int",
        sum,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_uint_sum_uint",
        "sum m 0 (list(uint)) uint",
        sum,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_double_sum_double",
        "sum m 0 (list(double)) double",
        sum,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_duration_sum_duration",
        "sum m 0 (list(duration)) duration",
        sum,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_int_max_int",
        "max m 0 (list(int)) int",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_uint_max_uint",
        "max m 0 (list(uint)) uint",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_double_max_double",
        "max m 0 (list(double)) double",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bool_max_bool",
        "max m 0 (list(bool)) bool",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_duration_max_duration",
        "max m 0 (list(duration)) duration",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_timestamp_max_timestamp",
        "max m 0 (list(timestamp)) timestamp",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_string_max_string",
        "max m 0 (list(string)) string",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bytes_max_bytes",
        "max m 0 (list(bytes)) bytes",
        max,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_int_min_int",
        "min m 0 (list(int)) int",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_uint_min_uint",
        "min m 0 (list(uint)) uint",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_double_min_double",
        "min m 0 (list(double)) double",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bool_min_bool",
        "min m 0 (list(bool)) bool",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_duration_min_duration",
        "min m 0 (list(duration)) duration",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_timestamp_min_timestamp",
        "min m 0 (list(timestamp)) timestamp",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_string_min_string",
        "min m 0 (list(string)) string",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_bytes_min_bytes",
        "min m 0 (list(bytes)) bytes",
        min,
        list_traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_includes_dyn_dyn",
        "includes m 37 (dyn, dyn) bool",
        includes,
        list_traversal,
        est::k8s_list_includes
    ),
];

/// The regex library (`regex.go`).
pub static REGEX: &[Overload] = &[
    row!(
        "string_find_string",
        "find m 0 (string, string) string",
        find,
        regex_cost,
        est::k8s_find
    ),
    row!(
        "string_find_all_string",
        "findAll m 0 (string, string) list(string)",
        find_all,
        regex_cost,
        est::k8s_find
    ),
    row!(
        "string_find_all_string_int",
        "findAll m 0 (string, string, int) list(string)",
        find_all,
        regex_cost,
        est::k8s_find
    ),
];

/// The URL library (`urls.go`).
pub static URLS: &[Overload] = &[
    row!(
        "string_to_url",
        "url g 0 (string) URL",
        url,
        tenth_of_first,
        est::k8s_string_traversal_sized
    ),
    row!(
        "url_get_scheme",
        "getScheme m 0 (URL) string",
        get_scheme,
        one,
        est::k8s_one
    ),
    row!(
        "url_get_host",
        "getHost m 0 (URL) string",
        get_host,
        one,
        est::k8s_one
    ),
    row!(
        "url_get_hostname",
        "getHostname m 0 (URL) string",
        get_hostname,
        one,
        est::k8s_one
    ),
    row!(
        "url_get_port",
        "getPort m 0 (URL) string",
        get_port,
        one,
        est::k8s_one
    ),
    row!(
        "url_get_escaped_path",
        "getEscapedPath m 0 (URL) string",
        get_escaped_path,
        one,
        est::k8s_one
    ),
    row!(
        "url_get_query",
        "getQuery m 0 (URL) map(string,list(string))",
        get_query,
        one,
        est::k8s_one
    ),
    row!(
        "is_url_string",
        "isURL g 0 (string) bool",
        is_url,
        one,
        est::cel_default
    ),
];

/// The authorizer library (`authz.go`). CRD rules have no `authorizer` variable: there no value
/// of these receiver types exists. Offline there is no authorizer to ask, but a run may be told
/// what every check answers (admission's `authorizer: allow|deny`): [`authorizer`] is then the
/// variable's value, and each check made through it answers the same.
pub static AUTHZ: &[Overload] = &[
    row!(
        "authorizer_path",
        "path m 27 (Authorizer, string) PathCheck",
        authz_path,
        one,
        est::k8s_one
    ),
    row!(
        "authorizer_group",
        "group m 27 (Authorizer, string) GroupCheck",
        authz_group,
        one,
        est::k8s_one
    ),
    row!(
        "authorizer_serviceaccount",
        "serviceAccount m 27 (Authorizer, string, string) Authorizer",
        authz_same,
        one,
        est::k8s_one
    ),
    row!(
        "groupcheck_resource",
        "resource m 27 (GroupCheck, string) ResourceCheck",
        authz_resource,
        one,
        est::k8s_one
    ),
    row!(
        "resourcecheck_subresource",
        "subresource m 27 (ResourceCheck, string) ResourceCheck",
        authz_same,
        one,
        est::k8s_one
    ),
    row!(
        "resourcecheck_namespace",
        "namespace m 27 (ResourceCheck, string) ResourceCheck",
        authz_same,
        one,
        est::k8s_one
    ),
    row!(
        "resourcecheck_name",
        "name m 27 (ResourceCheck, string) ResourceCheck",
        authz_same,
        one,
        est::k8s_one
    ),
    row!(
        "pathcheck_check",
        "check m 27 (PathCheck, string) Decision",
        authz_check,
        one,
        est::k8s_authz_check
    ),
    row!(
        "resourcecheck_check",
        "check m 27 (ResourceCheck, string) Decision",
        authz_check,
        one,
        est::k8s_authz_check
    ),
    row!(
        "decision_errored",
        "errored m 27 (Decision) bool",
        decision_errored,
        one,
        est::k8s_one
    ),
    row!(
        "decision_error",
        "error m 27 (Decision) string",
        decision_error,
        one,
        est::k8s_one
    ),
    row!(
        "decision_allowed",
        "allowed m 27 (Decision) bool",
        decision_allowed,
        one,
        est::k8s_one
    ),
    row!(
        "decision_reason",
        "reason m 27 (Decision) string",
        decision_reason,
        one,
        est::k8s_one
    ),
    row!(
        "authorizer_fieldselector",
        "fieldSelector m 31 (ResourceCheck, string) ResourceCheck",
        authz_same,
        one,
        est::k8s_selector
    ),
    row!(
        "authorizer_labelselector",
        "labelSelector m 31 (ResourceCheck, string) ResourceCheck",
        authz_same,
        one,
        est::k8s_selector
    ),
];

/// The quantity library (`quantity.go`).
pub static QUANTITY: &[Overload] = &[
    row!(
        "string_to_quantity",
        "quantity g 28 (string) Quantity",
        quantity,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "is_quantity_string",
        "isQuantity g 28 (string) bool",
        is_quantity,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "quantity_sign",
        "sign g 28 (Quantity) int",
        sign,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_is_greater_than",
        "isGreaterThan m 28 (Quantity, Quantity) bool",
        is_greater_than,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_is_less_than",
        "isLessThan m 28 (Quantity, Quantity) bool",
        is_less_than,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_compare_to",
        "compareTo m 28 (Quantity, Quantity) int",
        compare_to,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_get_float",
        "asApproximateFloat m 28 (Quantity) double",
        as_approximate_float,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_get_int",
        "asInteger m 28 (Quantity) int",
        as_integer,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_is_integer",
        "isInteger m 28 (Quantity) bool",
        is_integer,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_add",
        "add m 28 (Quantity, Quantity) Quantity",
        quantity_add,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_add_int",
        "add m 28 (Quantity, int) Quantity",
        quantity_add,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_sub",
        "sub m 28 (Quantity, Quantity) Quantity",
        quantity_sub,
        one,
        est::k8s_one
    ),
    row!(
        "quantity_sub_int",
        "sub m 28 (Quantity, int) Quantity",
        quantity_sub,
        one,
        est::k8s_one
    ),
];

/// The IP library (`ip.go`; `string(ip)` with the standard library's `string`).
pub static IP: &[Overload] = &[
    row!(
        "ip_to_string",
        "string g 30 (IP) string",
        super::standard::string,
        one,
        est::cel_default
    ),
    row!(
        "string_to_ip",
        "ip g 30 (string) IP",
        ip,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "ip_family",
        "family m 30 (IP) int",
        family,
        one,
        est::k8s_one
    ),
    row!(
        "ip_is_canonical",
        "ip.isCanonical g 30 (string) bool",
        ip_is_canonical,
        fifth_of_first,
        est::k8s_ip_is_canonical
    ),
    row!(
        "ip_is_unspecified",
        "isUnspecified m 30 (IP) bool",
        is_unspecified,
        one,
        est::k8s_one
    ),
    row!(
        "ip_is_loopback",
        "isLoopback m 30 (IP) bool",
        is_loopback,
        one,
        est::k8s_one
    ),
    row!(
        "ip_is_link_local_multicast",
        "isLinkLocalMulticast m 30 (IP) bool",
        is_link_local_multicast,
        one,
        est::k8s_one
    ),
    row!(
        "ip_is_link_local_unicast",
        "isLinkLocalUnicast m 30 (IP) bool",
        is_link_local_unicast,
        one,
        est::k8s_one
    ),
    row!(
        "ip_is_global_unicast",
        "isGlobalUnicast m 30 (IP) bool",
        is_global_unicast,
        one,
        est::k8s_one
    ),
    row!(
        "is_ip",
        "isIP g 30 (string) bool",
        is_ip,
        tenth_of_first,
        est::k8s_parse
    ),
];

/// The CIDR library (`cidr.go`; `string(cidr)` with the standard library's `string`).
pub static CIDR: &[Overload] = &[
    row!(
        "cidr_to_string",
        "string g 30 (CIDR) string",
        super::standard::string,
        one,
        est::cel_default
    ),
    row!(
        "string_to_cidr",
        "cidr g 30 (string) CIDR",
        cidr,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "cidr_contains_ip_string",
        "containsIP m 30 (CIDR, string) bool",
        contains_ip,
        contains_ip_cost,
        est::k8s_contains_ip_string
    ),
    row!(
        "cidr_contains_ip_ip",
        "containsIP m 30 (CIDR, IP) bool",
        contains_ip,
        contains_ip_cost,
        est::k8s_contains_ip
    ),
    row!(
        "cidr_contains_cidr_string",
        "containsCIDR m 30 (CIDR, string) bool",
        contains_cidr,
        contains_cidr_cost,
        est::k8s_contains_cidr_string
    ),
    row!(
        "cidr_contains_cidr",
        "containsCIDR m 30 (CIDR, CIDR) bool",
        contains_cidr,
        contains_cidr_cost,
        est::k8s_contains_cidr
    ),
    row!("cidr_ip", "ip m 30 (CIDR) IP", cidr_ip, one, est::k8s_one),
    row!(
        "cidr_prefix_length",
        "prefixLength m 30 (CIDR) int",
        prefix_length,
        one,
        est::k8s_one
    ),
    row!(
        "cidr_masked",
        "masked m 30 (CIDR) CIDR",
        masked,
        one,
        est::k8s_one
    ),
    row!(
        "is_cidr",
        "isCIDR g 30 (string) bool",
        is_cidr,
        tenth_of_first,
        est::k8s_parse
    ),
];

/// The format library (`format.go`).
pub static FORMAT: &[Overload] = &[
    row!(
        "format-validate",
        "validate m 31 (Format, string) opt(list(string))",
        validate,
        validate_cost,
        est::k8s_validate
    ),
    row!(
        "format-named",
        "format.named g 31 (string) opt(Format)",
        format_named,
        one,
        est::k8s_one
    ),
    row!(
        "format.dns1123Label",
        "format.dns1123Label g 31 () Format",
        |_, _| named("dns1123Label"),
        one,
        est::cel_default
    ),
    row!(
        "format.dns1123Subdomain",
        "format.dns1123Subdomain g 31 () Format",
        |_, _| named("dns1123Subdomain"),
        one,
        est::cel_default
    ),
    row!(
        "format.dns1035Label",
        "format.dns1035Label g 31 () Format",
        |_, _| named("dns1035Label"),
        one,
        est::cel_default
    ),
    row!(
        "format.qualifiedName",
        "format.qualifiedName g 31 () Format",
        |_, _| named("qualifiedName"),
        one,
        est::cel_default
    ),
    row!(
        "format.dns1123LabelPrefix",
        "format.dns1123LabelPrefix g 31 () Format",
        |_, _| named("dns1123LabelPrefix"),
        one,
        est::cel_default
    ),
    row!(
        "format.dns1123SubdomainPrefix",
        "format.dns1123SubdomainPrefix g 31 () Format",
        |_, _| named("dns1123SubdomainPrefix"),
        one,
        est::cel_default
    ),
    row!(
        "format.dns1035LabelPrefix",
        "format.dns1035LabelPrefix g 31 () Format",
        |_, _| named("dns1035LabelPrefix"),
        one,
        est::cel_default
    ),
    row!(
        "format.labelValue",
        "format.labelValue g 31 () Format",
        |_, _| named("labelValue"),
        one,
        est::cel_default
    ),
    row!(
        "format.uri",
        "format.uri g 31 () Format",
        |_, _| named("uri"),
        one,
        est::cel_default
    ),
    row!(
        "format.uuid",
        "format.uuid g 31 () Format",
        |_, _| named("uuid"),
        one,
        est::cel_default
    ),
    row!(
        "format.byte",
        "format.byte g 31 () Format",
        |_, _| named("byte"),
        one,
        est::cel_default
    ),
    row!(
        "format.date",
        "format.date g 31 () Format",
        |_, _| named("date"),
        one,
        est::cel_default
    ),
    row!(
        "format.datetime",
        "format.datetime g 31 () Format",
        |_, _| named("datetime"),
        one,
        est::cel_default
    ),
];

/// The semver library v1 (`semverlib.go`).
pub static SEMVER: &[Overload] = &[
    row!(
        "string_to_semver",
        "semver g 33 (string) Semver",
        semver,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "string_bool_to_semver",
        "semver g 33 (string, bool) Semver",
        semver,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "is_semver_string",
        "isSemver g 33 (string) bool",
        is_semver,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "is_semver_string_bool",
        "isSemver g 33 (string, bool) bool",
        is_semver,
        tenth_of_first,
        est::k8s_parse
    ),
    row!(
        "semver_is_greater_than",
        "isGreaterThan m 33 (Semver, Semver) bool",
        is_greater_than,
        one,
        est::k8s_one
    ),
    row!(
        "semver_is_less_than",
        "isLessThan m 33 (Semver, Semver) bool",
        is_less_than,
        one,
        est::k8s_one
    ),
    row!(
        "semver_compare_to",
        "compareTo m 33 (Semver, Semver) int",
        compare_to,
        one,
        est::k8s_one
    ),
    row!(
        "semver_major",
        "major m 33 (Semver) int",
        major,
        one,
        est::k8s_one
    ),
    row!(
        "semver_minor",
        "minor m 33 (Semver) int",
        minor,
        one,
        est::k8s_one
    ),
    row!(
        "semver_patch",
        "patch m 33 (Semver) int",
        patch,
        one,
        est::k8s_one
    ),
];

/// The JSONPatch library (`jsonpatch.go`): not in the base environment (mutating admission
/// only), hence its `since` past every minor.
pub static JSONPATCH: &[Overload] = &[row!(
    "string_jsonpatch_escapeKey_string",
    "jsonpatch.escapeKey g 9999 (string) string",
    escape_key,
    tenth_of_first,
    est::k8s_string_traversal_sized
)];

// ---- lists ----

fn is_sorted(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    for w in l.items().windows(2) {
        if compare_list_elems(&w[0], &w[1])? == Ordering::Greater {
            return b(false);
        }
    }
    b(true)
}

/// `sum`; a checked call carries the zero of its element type as a second argument
/// (`eval::ast`), the sum of an empty list.
fn sum(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::List(l), zero] if l.is_empty() => Ok(zero.clone()),
        [Value::List(l), ..] => {
            let mut acc: Option<Value> = None;
            for x in l.items() {
                acc = Some(match acc {
                    None => x.clone(),
                    Some(a) => add(&a, x)?,
                });
            }
            Ok(acc.unwrap_or(Value::Int(0)))
        }
        _ => Err(nso()),
    }
}

fn min(_: Behavior, args: &[Value]) -> EvalResult {
    extreme("min", Ordering::Less, args)
}

fn max(_: Behavior, args: &[Value]) -> EvalResult {
    extreme("max", Ordering::Greater, args)
}

fn extreme(func: &str, want: Ordering, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    let mut it = l.items().iter();
    let Some(first) = it.next() else {
        return Err(err(format!("{func} called on empty list")));
    };
    let mut best = first;
    for x in it {
        if compare_list_elems(x, best)? == want {
            best = x;
        }
    }
    Ok(best.clone())
}

fn includes(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::List(l), x] => b(l.items().iter().any(|e| equals(e, x))),
        [Value::String(a), Value::String(c)] => b(a.contains(&**c)),
        _ => Err(nso()),
    }
}

/// Kubernetes lists library comparisons: elements must be comparable and of one type.
fn compare_list_elems(a: &Value, b: &Value) -> Result<Ordering, EvalError> {
    match compare(a, b) {
        Ok(o) => Ok(o),
        Err(e) if e.kind == ErrorKind::Other => Ok(Ordering::Equal),
        Err(e) => Err(e),
    }
}

// ---- regex ----

fn find(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(a), Value::String(re)] = args else {
        return Err(nso());
    };
    let r = lib::regex(re)?;
    s(r.find(a).map(|m| m.as_str()).unwrap_or(""))
}

fn find_all(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(a), Value::String(re), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
    let r = lib::regex(re)?;
    let limit = match rest.first() {
        Some(Value::Int(n)) => *n,
        Some(_) => return Err(nso()),
        None => -1,
    };
    let mut out = Vec::new();
    if limit != 0 {
        for m in r.find_iter(a) {
            if limit > 0 && out.len() as i64 >= limit {
                break;
            }
            out.push(Value::string(m.as_str()));
        }
    }
    Ok(Value::list(out))
}

/// The string's traversal times a quarter of the pattern's length.
fn regex_cost(args: &[Value]) -> u64 {
    match args {
        [a, re, ..] => ceil((1.0 + k8s_size(a) as f64) * 0.1) * ceil(k8s_size(re) as f64 * 0.25),
        _ => 1,
    }
}

// ---- URLs ----

fn url(beh: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    lib::Url::parse_request_uri(st, gourl::Options::of(beh))
        .map(|u| Value::Url(Arc::new(u)))
        .map_err(|e| {
            err(format!(
                "URL parse error during conversion from string: {e}"
            ))
        })
}

fn is_url(beh: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    b(lib::Url::is_url(st, gourl::Options::of(beh)))
}

/// The URL receiver of an accessor.
fn the_url(args: &[Value]) -> Result<&lib::Url, EvalError> {
    match args {
        [Value::Url(u)] => Ok(u),
        _ => Err(nso()),
    }
}

fn get_scheme(_: Behavior, args: &[Value]) -> EvalResult {
    s(the_url(args)?.scheme())
}

fn get_host(_: Behavior, args: &[Value]) -> EvalResult {
    s(the_url(args)?.host())
}

fn get_hostname(_: Behavior, args: &[Value]) -> EvalResult {
    s(the_url(args)?.hostname())
}

fn get_port(_: Behavior, args: &[Value]) -> EvalResult {
    s(the_url(args)?.port())
}

fn get_escaped_path(_: Behavior, args: &[Value]) -> EvalResult {
    s(the_url(args)?.escaped_path())
}

fn get_query(beh: Behavior, args: &[Value]) -> EvalResult {
    let mut m = Entries::default();
    for (k, vs) in the_url(args)?.query(gourl::Options::of(beh)) {
        m.insert(
            Key::String(Arc::from(k.as_str())),
            Value::list(vs.iter().map(|v| Value::string(v)).collect()),
        );
    }
    Ok(Value::map(m))
}

// ---- authorizer ----

/// The `authorizer` variable of a run whose every check answers `allowed` with `reason`
/// (apiserver's `AlwaysAllow` authorizer: allowed, no reason; `AlwaysDeny`: no opinion,
/// "Everything is forbidden."). The checks built from it carry the answer along.
pub fn authorizer(allowed: bool, reason: &str) -> Value {
    authz_value(crate::cel::types::opaque::AUTHORIZER, allowed, reason)
}

fn authz_value(type_name: &str, allowed: bool, reason: &str) -> Value {
    let mut entries = Entries::default();
    entries.insert(Key::String(Arc::from("allowed")), Value::Bool(allowed));
    entries.insert(
        Key::String(Arc::from("reason")),
        Value::String(Arc::from(reason)),
    );
    Value::Map(Arc::new(super::super::value::MapValue {
        entries,
        object: Some(Arc::from(type_name)),
    }))
}

/// The answer an authorizer value (or a check or decision made from it) carries.
fn authz_answer(v: Option<&Value>) -> Result<(bool, Arc<str>), EvalError> {
    let Some(Value::Map(m)) = v else {
        return Err(nso());
    };
    match (
        super::super::value::map_key_field(m, "allowed"),
        super::super::value::map_key_field(m, "reason"),
    ) {
        (Some(Value::Bool(a)), Some(Value::String(r))) => Ok((*a, r.clone())),
        _ => Err(nso()),
    }
}

fn authz_as(type_name: &str, args: &[Value]) -> EvalResult {
    let (allowed, reason) = authz_answer(args.first())?;
    Ok(authz_value(type_name, allowed, &reason))
}

fn authz_path(_: Behavior, args: &[Value]) -> EvalResult {
    authz_as(crate::cel::types::opaque::PATH_CHECK, args)
}

fn authz_group(_: Behavior, args: &[Value]) -> EvalResult {
    authz_as(crate::cel::types::opaque::GROUP_CHECK, args)
}

fn authz_resource(_: Behavior, args: &[Value]) -> EvalResult {
    authz_as(crate::cel::types::opaque::RESOURCE_CHECK, args)
}

/// `serviceAccount`, `subresource`, `namespace`, `name`, `fieldSelector`, `labelSelector`:
/// the same kind of value, the same answer.
fn authz_same(_: Behavior, args: &[Value]) -> EvalResult {
    authz_answer(args.first())?;
    Ok(args[0].clone())
}

fn authz_check(_: Behavior, args: &[Value]) -> EvalResult {
    authz_as(crate::cel::types::opaque::DECISION, args)
}

fn decision_allowed(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Bool(authz_answer(args.first())?.0))
}

fn decision_reason(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::String(authz_answer(args.first())?.1))
}

/// A configured answer is never an error.
fn decision_errored(_: Behavior, args: &[Value]) -> EvalResult {
    authz_answer(args.first())?;
    Ok(Value::Bool(false))
}

fn decision_error(_: Behavior, args: &[Value]) -> EvalResult {
    authz_answer(args.first())?;
    Ok(Value::String(Arc::from("")))
}

// ---- quantity ----

fn quantity(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    lib::Quantity::parse(st)
        .map(|q| Value::Quantity(Arc::new(q)))
        .map_err(|e| err(e.to_string()))
}

fn is_quantity(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    b(lib::Quantity::parse(st).is_ok())
}

/// The quantity receiver of an accessor.
fn the_quantity(args: &[Value]) -> Result<&lib::Quantity, EvalError> {
    match args {
        [Value::Quantity(q)] => Ok(q),
        _ => Err(nso()),
    }
}

fn sign(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(the_quantity(args)?.sign().into()))
}

fn is_integer(_: Behavior, args: &[Value]) -> EvalResult {
    b(the_quantity(args)?.as_i64().is_some())
}

fn as_integer(_: Behavior, args: &[Value]) -> EvalResult {
    the_quantity(args)?
        .as_i64()
        .map(Value::Int)
        .ok_or_else(|| err("cannot convert value to integer"))
}

fn as_approximate_float(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Double(the_quantity(args)?.as_approximate_f64()))
}

/// `q.add(x)` / `q.sub(x)` of a quantity or an int.
fn quantity_arith(sub: bool, args: &[Value]) -> EvalResult {
    let [Value::Quantity(q), o] = args else {
        return Err(nso());
    };
    let other = match o {
        Value::Quantity(o) => (**o).clone(),
        Value::Int(i) => lib::Quantity::from_i64(*i),
        _ => return Err(nso()),
    };
    let r = if sub { q.sub(&other) } else { q.add(&other) };
    Ok(Value::Quantity(Arc::new(r)))
}

fn quantity_add(_: Behavior, args: &[Value]) -> EvalResult {
    quantity_arith(false, args)
}

fn quantity_sub(_: Behavior, args: &[Value]) -> EvalResult {
    quantity_arith(true, args)
}

/// The order of two quantities or two semantic versions (`isGreaterThan`, `isLessThan`,
/// `compareTo` of both libraries).
fn order(args: &[Value]) -> Result<Ordering, EvalError> {
    match args {
        [Value::Quantity(a), Value::Quantity(c)] => Ok(a.cmp_value(c)),
        [Value::Semver(a), Value::Semver(c)] => Ok(a.compare(c)),
        _ => Err(nso()),
    }
}

fn is_greater_than(_: Behavior, args: &[Value]) -> EvalResult {
    b(order(args)? == Ordering::Greater)
}

fn is_less_than(_: Behavior, args: &[Value]) -> EvalResult {
    b(order(args)? == Ordering::Less)
}

fn compare_to(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(order(args)? as i64))
}

// ---- IP / CIDR ----

fn ip(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    lib::parse_ip(st)
        .map(|ip| Value::Ip(Arc::new(IpAddress(ip))))
        .map_err(err)
}

fn is_ip(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    b(lib::parse_ip(st).is_ok())
}

fn ip_is_canonical(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    let ip = lib::parse_ip(st).map_err(err)?;
    b(ip.to_string() == **st)
}

/// A fifth of the first argument's size (`ip.isCanonical` parses and prints).
fn fifth_of_first(args: &[Value]) -> u64 {
    ceil(args.first().map_or(1, k8s_size) as f64 * 0.2)
}

/// The IP receiver of an accessor.
fn the_ip(args: &[Value]) -> Result<&std::net::IpAddr, EvalError> {
    match args {
        [Value::Ip(ip)] => Ok(&ip.0),
        _ => Err(nso()),
    }
}

fn family(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(lib::ip_family(the_ip(args)?)))
}

fn is_unspecified(_: Behavior, args: &[Value]) -> EvalResult {
    b(the_ip(args)?.is_unspecified())
}

fn is_loopback(_: Behavior, args: &[Value]) -> EvalResult {
    b(the_ip(args)?.is_loopback())
}

fn is_link_local_multicast(_: Behavior, args: &[Value]) -> EvalResult {
    b(lib::ip_is_link_local_multicast(the_ip(args)?))
}

fn is_link_local_unicast(_: Behavior, args: &[Value]) -> EvalResult {
    b(lib::ip_is_link_local_unicast(the_ip(args)?))
}

fn is_global_unicast(_: Behavior, args: &[Value]) -> EvalResult {
    b(lib::ip_is_global_unicast(the_ip(args)?))
}

fn cidr(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    lib::parse_cidr(st)
        .map(|c| Value::Cidr(Arc::new(c)))
        .map_err(err)
}

fn is_cidr(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    b(lib::parse_cidr(st).is_ok())
}

/// The CIDR receiver of an accessor.
fn the_cidr(args: &[Value]) -> Result<&lib::Cidr, EvalError> {
    match args {
        [Value::Cidr(c)] => Ok(c),
        _ => Err(nso()),
    }
}

fn contains_ip(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Cidr(c), x] = args else {
        return Err(nso());
    };
    let ip = match x {
        Value::Ip(ip) => ip.0,
        Value::String(st) => lib::parse_ip(st).map_err(err)?,
        _ => return Err(nso()),
    };
    b(c.contains_ip(&ip))
}

fn contains_cidr(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Cidr(c), x] = args else {
        return Err(nso());
    };
    let other = match x {
        Value::Cidr(o) => (**o).clone(),
        Value::String(st) => lib::parse_cidr(st).map_err(err)?,
        _ => return Err(nso()),
    };
    b(c.contains_cidr(&other))
}

/// `containsIP`: comparing the address bytes, plus parsing a string argument.
fn contains_ip_cost(args: &[Value]) -> u64 {
    let [c, x] = args else {
        return 1;
    };
    let c = k8s_size(c);
    let mut cost = ceil((c + c) as f64 * 0.1);
    if matches!(x, Value::String(_)) {
        cost += ceil(k8s_size(x) as f64 * 0.1);
    }
    cost
}

/// `containsCIDR`: comparing the address bytes and the mask, plus parsing a string argument.
fn contains_cidr_cost(args: &[Value]) -> u64 {
    let [c, x] = args else {
        return 1;
    };
    let c = k8s_size(c);
    let mut cost = ceil((c + c) as f64 * 0.1) + ceil(c as f64 * 0.1) + 1;
    if matches!(x, Value::String(_)) {
        cost += ceil(k8s_size(x) as f64 * 0.1);
    }
    cost
}

fn cidr_ip(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Ip(Arc::new(IpAddress(the_cidr(args)?.addr))))
}

fn masked(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Cidr(Arc::new(the_cidr(args)?.masked())))
}

fn prefix_length(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(the_cidr(args)?.prefix as i64))
}

// ---- semver ----

/// The version string and whether to normalize it (`semver(s, true)`).
fn semver_args(args: &[Value]) -> Result<(&str, bool), EvalError> {
    match args {
        [Value::String(st)] => Ok((st, false)),
        [Value::String(st), norm] => Ok((st, matches!(norm, Value::Bool(true)))),
        _ => Err(nso()),
    }
}

fn semver(_: Behavior, args: &[Value]) -> EvalResult {
    let (st, norm) = semver_args(args)?;
    lib::Semver::parse(st, norm)
        .map(|v| Value::Semver(Arc::new(v)))
        .map_err(err)
}

fn is_semver(_: Behavior, args: &[Value]) -> EvalResult {
    let (st, norm) = semver_args(args)?;
    b(lib::Semver::parse(st, norm).is_ok())
}

/// The semantic version receiver of an accessor.
fn the_semver(args: &[Value]) -> Result<&lib::Semver, EvalError> {
    match args {
        [Value::Semver(v)] => Ok(v),
        _ => Err(nso()),
    }
}

fn major(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(the_semver(args)?.major as i64))
}

fn minor(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(the_semver(args)?.minor as i64))
}

fn patch(_: Behavior, args: &[Value]) -> EvalResult {
    Ok(Value::Int(the_semver(args)?.patch as i64))
}

// ---- format ----

fn format_named(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    Ok(if lib::FORMAT_NAMES.contains(&&**st) {
        Value::some(Value::Format(st.clone()))
    } else {
        Value::none()
    })
}

/// `format.<name>()`.
fn named(name: &str) -> EvalResult {
    Ok(Value::Format(Arc::from(name)))
}

fn validate(beh: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Format(f), Value::String(st)] = args else {
        return Err(nso());
    };
    let errs = lib::validate_format(f, st, gourl::Options::of(beh)).unwrap_or_default();
    Ok(if errs.is_empty() {
        Value::none()
    } else {
        Value::some(Value::list(errs.iter().map(|e| Value::string(e)).collect()))
    })
}

/// The string's traversal times a quarter of the format's longest regex.
fn validate_cost(args: &[Value]) -> u64 {
    match args {
        [Value::Format(f), x] => {
            let re = lib::format_max_regex_size(f);
            ceil((1.0 + k8s_size(x) as f64) * 0.1) * ceil(re as f64 * 0.25)
        }
        _ => 1,
    }
}

// ---- jsonpatch ----

fn escape_key(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(k)] = args else {
        return Err(nso());
    };
    s(k.replace('~', "~0").replace('/', "~1"))
}

#[cfg(test)]
mod tests {
    use crate::cel::eval::ast::checked;
    use crate::cel::eval::{evaluate, Options, Value};
    use crate::k8s::behavior::{since, Change};
    use crate::k8s::{Behavior, KubeVersion};

    /// Evaluates `src` as `minor` does, with cel-go's constant folding on or off.
    fn eval_at(minor: u32, fold: bool, src: &str) -> Value {
        let opts = Options {
            fold_constants: fold,
            behavior: Behavior::of(KubeVersion { minor }),
            ..Options::default()
        };
        evaluate(&checked(src), &[], opts)
            .value
            .unwrap_or_else(|e| panic!("{src}: {e:?}"))
    }

    /// The URL functions follow the emulated minor's Go runtime, folded or not (the argument
    /// is a constant, so cel-go's planner folds the call).
    #[test]
    fn url_functions_follow_the_minor() {
        let c = since(Change::UrlStrictColons);
        for fold in [true, false] {
            for src in [
                "isURL('http://a:b:80/')",
                "url('http://a:b:80/').getPort() == '80'",
                "format.uri().validate('http://a:b:80/') == optional.none()",
            ] {
                assert!(
                    matches!(eval_at(c - 1, fold, src), Value::Bool(true)),
                    "{src}"
                );
            }
            assert!(matches!(
                eval_at(c, fold, "isURL('http://a:b:80/')"),
                Value::Bool(false)
            ));
            assert!(matches!(
                eval_at(
                    c,
                    fold,
                    "format.uri().validate('http://a:b:80/').hasValue()"
                ),
                Value::Bool(true)
            ));
        }
        let c = since(Change::UrlMaxQueryParams);
        let over = format!(
            "url('http://x/?{}').getQuery().size()",
            vec!["a=1"; 10_001].join("&")
        );
        for fold in [true, false] {
            assert!(matches!(eval_at(c - 1, fold, &over), Value::Int(1)));
            assert!(matches!(eval_at(c, fold, &over), Value::Int(0)));
        }
    }
}
