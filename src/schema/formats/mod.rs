//! The string formats the API server validates (`format:` in a CRD schema), with kube-openapi
//! strfmt semantics, and the rules that decide which formats a CRD keeps.
//!
//! Two separate questions:
//!
//! 1. **Is the format kept?** When a CRD schema is turned into a validator, apiextensions
//!    (`pkg/apiserver/validation/formats.go`) blanks every format that is not recognised for the
//!    schema's type at the server's *compatibility version* (binary minor − 1): strings keep the
//!    formats of [`SUPPORTED_STRING_FORMATS`] introduced at or before that version (names
//!    compared with `-` removed, so `date-time` is `datetime`); integers keep only
//!    `int32`/`int64`; numbers only `float`/`double`; any other type drops the format. A blanked
//!    format is never validated, and CRD writes get an `unrecognized format` warning.
//!    See [`effective_format`] and [`unrecognized_formats`].
//! 2. **Does a string satisfy the format?** [`validator`] returns the strfmt check, a plain
//!    function, so a compiled schema can store it once per node; [`validate`] is the one-shot
//!    form.
//!
//! The checks reproduce Go library behaviour (`net/url`, `net/mail`, `net`, `time`) with the
//! explicit parsers in the submodules; see each function for the exact rule.

pub mod gomail;
pub mod gonet;
pub mod gonetip;
pub mod gotime;
pub mod gourl;

use std::sync::LazyLock;

use regex::Regex;

use crate::k8s::behavior::Change;
use crate::k8s::{Behavior, KubeVersion};

/// A format check: true when the string is valid.
pub type FormatFn = fn(&str) -> bool;

/// Formats supported in string schemas, by the minor version that introduced them (major 1).
/// Names as written in `formats.go`; compare with [`normalize`].
pub const SUPPORTED_STRING_FORMATS: &[(u32, &[&str])] = &[
    (
        0,
        &[
            "bsonobjectid",
            "uri",
            "email",
            "hostname",
            "ipv4",
            "ipv6",
            "cidr",
            "mac",
            "uuid",
            "uuid3",
            "uuid4",
            "uuid5",
            "isbn",
            "isbn10",
            "isbn13",
            "creditcard",
            "ssn",
            "hexcolor",
            "rgbcolor",
            "byte",
            "password",
            "date",
            "duration",
            "datetime",
        ],
    ),
    (34, &["k8s-short-name", "k8s-long-name"]),
];

/// The go-openapi name normalisation: remove every `-`.
pub fn normalize(format: &str) -> String {
    format.replace('-', "")
}

/// `newFormatsAtVersion`: the normalised names of every format in `table` introduced at or
/// before `minor` (major version 1). Exposed generically so the versioning rule can be tested
/// against the upstream synthetic table.
pub fn formats_at_version(table: &[(u32, &[&str])], minor: u32) -> Vec<String> {
    let mut out: Vec<String> = table
        .iter()
        .filter(|(introduced, _)| *introduced <= minor)
        .flat_map(|(_, names)| names.iter().map(|n| normalize(n)))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether a string format (any spelling, e.g. `date-time`) is supported at `compat`.
pub fn is_supported_string_format(format: &str, compat: KubeVersion) -> bool {
    string_format_since(format).is_some_and(|since| since <= compat.minor)
}

/// The minor that introduced a string format (any spelling), `None` when no minor supports
/// it. Compared without allocating: this runs for every `format` of every schema node linted
/// or prepared.
pub fn string_format_since(format: &str) -> Option<u32> {
    SUPPORTED_STRING_FORMATS
        .iter()
        .filter(|(_, names)| names.iter().any(|f| same_normalized(f, format)))
        .map(|(introduced, _)| *introduced)
        .min()
}

/// `normalize(a) == normalize(b)`, without building either.
fn same_normalized(a: &str, b: &str) -> bool {
    let mut a = a.bytes().filter(|c| *c != b'-');
    let mut b = b.bytes().filter(|c| *c != b'-');
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (x, y) if x != y => return false,
            _ => {}
        }
    }
}

/// The schema type as formats.go sees it: the single entry of `type`, or `""` when there is no
/// type or several (`x-kubernetes-int-or-string` becomes `["integer","string"]`, which is `""`).
fn schema_type<'a>(types: &[&'a str]) -> &'a str {
    match types {
        [t] => t,
        _ => "",
    }
}

/// `GetUnrecognizedFormats`: the formats the server would strip from a schema node with these
/// `types` (the kube-openapi type list: `[]`, `["string"]`, `["integer","string"]`, ...).
/// Empty or one element.
pub fn unrecognized_formats(types: &[&str], format: &str, compat: KubeVersion) -> Vec<String> {
    if format.is_empty() || effective_format(types, format, compat).is_some() {
        Vec::new()
    } else {
        vec![format.to_string()]
    }
}

/// The format the validator will enforce after `StripUnsupportedFormatsPostProcessorForVersion`:
/// `Some(format)` when kept, `None` when blanked. Numeric formats are returned too (they drive
/// kube-openapi's numeric range checks), but have no string [`validator`].
pub fn effective_format<'f>(
    types: &[&str],
    format: &'f str,
    compat: KubeVersion,
) -> Option<&'f str> {
    if format.is_empty() {
        return None;
    }
    let keep = match schema_type(types) {
        "" | "string" => is_supported_string_format(format, compat),
        "integer" => format == "int32" || format == "int64",
        "number" => format == "float" || format == "double",
        _ => false,
    };
    keep.then_some(format)
}

/// The strfmt default-registry check for a format name (normalised first), or `None` when the
/// registry does not know it (kube-openapi then skips format validation).
pub fn validator(format: &str) -> Option<FormatFn> {
    let f: FormatFn = match normalize(format).as_str() {
        "bsonobjectid" => is_bson_object_id,
        "uri" => is_uri,
        "email" => is_email,
        "hostname" => is_hostname,
        "ipv4" => is_ipv4,
        "ipv6" => is_ipv6,
        "cidr" => is_cidr,
        "mac" => is_mac,
        "uuid" => is_uuid,
        "uuid3" => is_uuid3,
        "uuid4" => is_uuid4,
        "uuid5" => is_uuid5,
        "isbn" => is_isbn,
        "isbn10" => is_isbn10,
        "isbn13" => is_isbn13,
        "creditcard" => is_credit_card,
        "ssn" => is_ssn,
        "hexcolor" => is_hex_color,
        "rgbcolor" => is_rgb_color,
        "byte" => is_base64,
        "password" => |_| true,
        "date" => is_date,
        "duration" => is_duration,
        "datetime" => is_date_time,
        "k8sshortname" => is_k8s_short_name,
        "k8slongname" => is_k8s_long_name,
        _ => return None,
    };
    Some(f)
}

/// One-shot [`validator`]: `None` for an unknown format.
pub fn validate(format: &str, value: &str) -> Option<bool> {
    validator(format).map(|f| f(value))
}

/// The [`validator`] of the minor with behaviours `beh`: the check before a change of it
/// ([`validator_before`]) when that minor predates the change.
pub fn validator_in(format: &str, beh: Behavior) -> Option<FormatFn> {
    match validator_before(format) {
        Some((change, old)) if !beh.has(change) => Some(old),
        _ => validator(format),
    }
}

/// One-shot [`validator_in`]: `None` for an unknown format.
pub fn validate_in(format: &str, value: &str, beh: Behavior) -> Option<bool> {
    validator_in(format, beh).map(|f| f(value))
}

/// The name kube-openapi prints in `must be of type <format>` errors: the format as written in
/// the schema.
pub fn display_name(format: &str) -> &str {
    format
}

// ---- individual formats ----

/// `bsonobjectid`: `ObjectIDFromHex` — exactly 24 hex digits.
pub fn is_bson_object_id(s: &str) -> bool {
    s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `uri`: Go `url.ParseRequestURI` succeeds.
pub fn is_uri(s: &str) -> bool {
    gourl::parse_request_uri(s).is_ok()
}

/// `uri` on a Go runtime before `urlstrictcolons` (Kubernetes before 1.36): the port of an
/// `http`/`https` host follows its last colon.
pub fn is_uri_lax_colons(s: &str) -> bool {
    let go = gourl::Options {
        strict_colons: false,
        ..gourl::Options::NEWEST
    };
    gourl::parse_request_uri_with(s, go).is_ok()
}

/// For a format whose check changed between minors: the [`Change`] and the check that the
/// minors before it run (the [`validator`] is the newest one's). Only `uri` (Go's
/// `urlstrictcolons`; `ParseRequestURI` parses no query, so the parameter limit plays no part).
pub fn validator_before(format: &str) -> Option<(Change, FormatFn)> {
    (normalize(format) == "uri").then_some((Change::UrlStrictColons, is_uri_lax_colons as FormatFn))
}

/// `email`: Go `mail.ParseAddress` succeeds with a non-empty address.
pub fn is_email(s: &str) -> bool {
    gomail::parse_address(s).is_ok_and(|a| !a.is_empty())
}

static HOSTNAME: LazyLock<Regex> = LazyLock::new(|| {
    // kube-openapi HostnamePattern; `-` after a range is a literal in both RE2 and Rust, but it
    // is escaped here to make that explicit.
    Regex::new(
        r"^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$",
    )
    .expect("static hostname pattern")
});

/// `hostname`: the kube-openapi pattern, total length ≤ 255 bytes, each dot-separated label
/// ≤ 63 bytes.
pub fn is_hostname(s: &str) -> bool {
    HOSTNAME.is_match(s) && s.len() <= 255 && s.split('.').all(|p| p.len() <= 63)
}

/// `ipv4`: `ParseIPSloppy` succeeds and the string contains a `.` (so `::ffff:1.2.3.4` passes,
/// as upstream).
pub fn is_ipv4(s: &str) -> bool {
    gonet::parse_ip_sloppy(s).is_some() && s.contains('.')
}

/// `ipv6`: Go `net.ParseIP` succeeds and the string contains a `:`.
pub fn is_ipv6(s: &str) -> bool {
    gonet::parse_ip(s).is_some() && s.contains(':')
}

/// `cidr`: `ParseCIDRSloppy` succeeds.
pub fn is_cidr(s: &str) -> bool {
    gonet::parse_cidr_sloppy(s).is_some()
}

/// `mac`: Go `net.ParseMAC` succeeds.
pub fn is_mac(s: &str) -> bool {
    gonet::parse_mac(s).is_some()
}

/// The UUID shape `(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?V[0-9a-f]{3}-?R[0-9a-f]{3}-?[0-9a-f]{12}$`
/// with an optional fixed version digit and variant class.
fn uuid_shape(s: &str, version: Option<u8>, variant: bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let groups = [8usize, 4, 4, 4, 12];
    for (g, &len) in groups.iter().enumerate() {
        if g > 0 && b.get(i) == Some(&b'-') {
            i += 1;
        }
        for k in 0..len {
            let Some(&c) = b.get(i) else { return false };
            if !c.is_ascii_hexdigit() {
                return false;
            }
            if g == 2 && k == 0 {
                if let Some(v) = version {
                    if c != v {
                        return false;
                    }
                }
            }
            if g == 3
                && k == 0
                && variant
                && !matches!(c.to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b')
            {
                return false;
            }
            i += 1;
        }
    }
    i == b.len()
}

/// `uuid`.
pub fn is_uuid(s: &str) -> bool {
    uuid_shape(s, None, false)
}
/// `uuid3` (no variant constraint upstream).
pub fn is_uuid3(s: &str) -> bool {
    uuid_shape(s, Some(b'3'), false)
}
/// `uuid4`.
pub fn is_uuid4(s: &str) -> bool {
    uuid_shape(s, Some(b'4'), true)
}
/// `uuid5`.
pub fn is_uuid5(s: &str) -> bool {
    uuid_shape(s, Some(b'5'), true)
}

/// govalidator's `[\s-]+` removal (Go `\s` = `[\t\n\f\r ]`).
fn strip_space_and_minus(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ' | b'-'))
        .collect()
}

/// `isbn10`: after removing white space and `-`, `^(?:[0-9]{9}X|[0-9]{10})$` and the
/// mod-11 checksum.
pub fn is_isbn10(s: &str) -> bool {
    let b = strip_space_and_minus(s);
    if b.len() != 10
        || !b[..9].iter().all(u8::is_ascii_digit)
        || !(b[9].is_ascii_digit() || b[9] == b'X')
    {
        return false;
    }
    let mut sum: u32 = (0..9)
        .map(|i| (i as u32 + 1) * u32::from(b[i] - b'0'))
        .sum();
    sum += 10
        * if b[9] == b'X' {
            10
        } else {
            u32::from(b[9] - b'0')
        };
    sum % 11 == 0
}

/// `isbn13`: after removing white space and `-`, 13 digits with the EAN checksum.
pub fn is_isbn13(s: &str) -> bool {
    let b = strip_space_and_minus(s);
    if b.len() != 13 || !b.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = (0..12)
        .map(|i| [1, 3][i % 2] * u32::from(b[i] - b'0'))
        .sum();
    u32::from(b[12] - b'0') == (10 - sum % 10) % 10
}

/// `isbn`: ISBN-10 or ISBN-13.
pub fn is_isbn(s: &str) -> bool {
    is_isbn10(s) || is_isbn13(s)
}

static CREDIT_CARD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$",
    )
    .expect("static credit card pattern")
});

/// `creditcard`: non-digits removed, the issuer pattern, then the Luhn checksum.
pub fn is_credit_card(s: &str) -> bool {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if !CREDIT_CARD.is_match(&digits) {
        return false;
    }
    let mut sum = 0;
    for (k, c) in digits.bytes().rev().enumerate() {
        let mut d = u32::from(c - b'0');
        if k % 2 == 1 {
            d *= 2;
            if d >= 10 {
                d = d % 10 + 1;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

/// `ssn`: exactly 11 bytes and `^\d{3}[- ]?\d{2}[- ]?\d{4}$`.
pub fn is_ssn(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 11 {
        return false;
    }
    // 11 bytes with 9 digits means exactly both separators are present.
    let d = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    let sep = |c: u8| c == b'-' || c == b' ';
    d(0..3) && sep(b[3]) && d(4..6) && sep(b[6]) && d(7..11)
}

/// `hexcolor`: `^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`.
pub fn is_hex_color(s: &str) -> bool {
    let h = s.strip_prefix('#').unwrap_or(s);
    (h.len() == 3 || h.len() == 6) && h.bytes().all(|b| b.is_ascii_hexdigit())
}

static RGB: LazyLock<Regex> = LazyLock::new(|| {
    let n = r"(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])";
    let sp = r"[\t\n\x0C\r ]*";
    Regex::new(&format!(r"^rgb\({sp}{n}{sp},{sp}{n}{sp},{sp}{n}{sp}\)$"))
        .expect("static rgb pattern")
});

/// `rgbcolor`: `rgb(r, g, b)` with each component 0–255 written without leading zeros.
pub fn is_rgb_color(s: &str) -> bool {
    RGB.is_match(s)
}

/// `byte`: standard base64 with padding, `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|
/// [A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$` — so the empty string is invalid and `-`/`_` are not
/// accepted.
pub fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || b.len() % 4 != 0 {
        return false;
    }
    let alpha = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    let (body, last) = b.split_at(b.len() - 4);
    body.iter().all(alpha)
        && match last {
            [a, b, b'=', b'='] => alpha(a) && alpha(b),
            [a, b, c, b'='] => alpha(a) && alpha(b) && alpha(c),
            l => l.iter().all(alpha),
        }
}

/// `date`: Go `time.Parse("2006-01-02")`.
pub fn is_date(s: &str) -> bool {
    gotime::parse_full_date(s).is_some()
}

/// `datetime` (`date-time`): kube-openapi `IsDateTime`.
pub fn is_date_time(s: &str) -> bool {
    gotime::is_strfmt_date_time(s)
}

/// `duration`: kube-openapi `ParseDuration` (Go syntax or `12 hours`-style).
pub fn is_duration(s: &str) -> bool {
    gotime::parse_strfmt_duration(s).is_ok()
}

/// `k8s-short-name`: a DNS-1123 label (≤ 63 bytes).
pub fn is_k8s_short_name(s: &str) -> bool {
    crate::k8s::names::is_dns1123_label(s).is_empty()
}

/// `k8s-long-name`: a DNS-1123 subdomain (≤ 253 bytes).
pub fn is_k8s_long_name(s: &str) -> bool {
    crate::k8s::names::is_dns1123_subdomain(s).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(minor: u32) -> KubeVersion {
        KubeVersion { minor }
    }

    #[test]
    fn filtering() {
        assert_eq!(
            effective_format(&["string"], "date-time", v(30)),
            Some("date-time")
        );
        assert_eq!(effective_format(&["string"], "k8s-short-name", v(33)), None);
        assert_eq!(
            effective_format(&["string"], "k8s-short-name", v(34)),
            Some("k8s-short-name")
        );
        assert_eq!(
            effective_format(&["integer"], "int32", v(30)),
            Some("int32")
        );
        assert_eq!(effective_format(&["integer"], "uuid", v(30)), None);
        assert_eq!(
            effective_format(&["number"], "double", v(30)),
            Some("double")
        );
        assert_eq!(effective_format(&["boolean"], "byte", v(30)), None);
        assert_eq!(
            effective_format(&["integer", "string"], "uuid", v(30)),
            Some("uuid")
        );
        assert_eq!(unrecognized_formats(&["array"], "x", v(30)), vec!["x"]);
        assert!(unrecognized_formats(&["string"], "", v(30)).is_empty());
    }

    #[test]
    fn names_compare_with_dashes_removed() {
        assert_eq!(string_format_since("date-time"), Some(0));
        assert_eq!(string_format_since("d-a-t-e-t-i-m-e-"), Some(0));
        assert_eq!(string_format_since("k8sshortname"), Some(34));
        assert_eq!(string_format_since("k8s-long-name"), Some(34));
        assert_eq!(string_format_since("int32"), None);
        assert_eq!(string_format_since("uuid"), Some(0));
        // a prefix or an extension of a name is another name
        assert_eq!(string_format_since("uuid45"), None);
        assert_eq!(string_format_since("uui"), None);
        assert_eq!(string_format_since(""), None);
        assert!(!is_supported_string_format("k8s-short-name", v(33)));
        assert!(is_supported_string_format("k8s-short-name", v(34)));
        // the allocating normalisation agrees on every table name
        for (_, names) in SUPPORTED_STRING_FORMATS {
            for n in *names {
                assert!(same_normalized(n, &normalize(n)));
                assert!(same_normalized(&format!("-{n}-"), n));
            }
        }
    }

    #[test]
    fn misc_formats() {
        assert!(is_base64("YQ==") && is_base64("YWI=") && is_base64("YWJj"));
        assert!(!is_base64("") && !is_base64("YQ") && !is_base64("Y-==") && !is_base64("=YQ="));
        assert!(is_ssn("123-45-6789") && !is_ssn("123456789"));
        assert!(is_uuid("051FE46F224A544AAF5EC946D53D98B6"));
        assert!(is_uuid4("f47ac10b-58cc-4372-a567-0e02b2c3d479"));
        assert!(!is_uuid4("f47ac10b-58cc-4372-c567-0e02b2c3d479"));
        assert!(is_hex_color("#fff") && !is_hex_color("#ffff"));
        assert!(is_rgb_color("rgb( 255 , 0,9)") && !is_rgb_color("rgb(01,0,0)"));
        assert!(validator("unknown").is_none());
        assert_eq!(
            validate("date-time", "2014-12-15T08:00:00.000Z"),
            Some(true)
        );
    }
}
