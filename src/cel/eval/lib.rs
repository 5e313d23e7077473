//! The opaque Kubernetes value types of the CEL libraries (`quantity`, `url`, `ip`, `cidr`,
//! `semver`, named formats) and the RE2-compatible regex cache, as plain Rust.
//!
//! Quantities are apimachinery's (the one implementation in [`crate::k8s::quantity`]); URLs are
//! Go's `net/url` ([`crate::schema::formats::gourl`]); IPs and CIDRs are Go `netip` with
//! Kubernetes' extra rules; semvers are blang/semver v4. Name validators come from
//! [`crate::k8s::names`] and regexes from [`crate::schema::regex`].

use std::cmp::Ordering;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use chrono::{DateTime, FixedOffset};

use super::error::{ErrorKind, EvalError};
use crate::schema::formats::gourl;

// ---------------------------------------------------------------------------------------------
// Quantity
// ---------------------------------------------------------------------------------------------

/// The one apimachinery `resource.Quantity` implementation ([`crate::k8s::quantity`]), exact
/// and representation-aware, shared with the validators.
pub use crate::k8s::quantity::Quantity;

// ---------------------------------------------------------------------------------------------
// URL (Go net/url, through the schema layer's faithful parser)
// ---------------------------------------------------------------------------------------------

/// A `kubernetes.URL` value: what `url()` builds. The library checks the string with
/// `url.ParseRequestURI` (its error is the message) and then keeps `url.Parse`'s result,
/// because `ParseRequestURI` leaves a fragment in the path or query.
#[derive(Clone, Debug)]
pub struct Url(pub gourl::GoUrl);

impl Url {
    /// `stringToUrl`'s two parses with the runtime settings `go`; the error is Go's
    /// `*url.Error` text.
    pub fn parse_request_uri(s: &str, go: gourl::Options) -> Result<Url, String> {
        gourl::parse_request_uri_with(s, go)?;
        gourl::parse_with(s, go).map(Url)
    }

    /// `isURL`: `ParseRequestURI` succeeds.
    pub fn is_url(s: &str, go: gourl::Options) -> bool {
        gourl::parse_request_uri_with(s, go).is_ok()
    }

    pub fn scheme(&self) -> &str {
        &self.0.scheme
    }

    pub fn host(&self) -> String {
        gourl::lossy(&self.0.host)
    }

    pub fn hostname(&self) -> String {
        gourl::lossy(self.0.hostname())
    }

    pub fn port(&self) -> String {
        gourl::lossy(self.0.port())
    }

    pub fn escaped_path(&self) -> String {
        self.0.escaped_path()
    }

    /// `u.Query()`: keys in first-seen order, each with its values in order.
    pub fn query(&self, go: gourl::Options) -> Vec<(String, Vec<String>)> {
        self.0
            .query(go)
            .into_iter()
            .map(|(k, vs)| {
                (
                    gourl::lossy(&k),
                    vs.iter().map(|v| gourl::lossy(v)).collect(),
                )
            })
            .collect()
    }

    /// Two URL values are equal when their `String()` forms are.
    pub fn same(&self, other: &Url) -> bool {
        self.0.to_go_string() == other.0.to_go_string()
    }
}

// ---------------------------------------------------------------------------------------------
// IP and CIDR (Go netip plus Kubernetes' restrictions)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IpAddress(pub IpAddr);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cidr {
    /// The address as written (`cidr('10.0.0.1/8').ip()` is `10.0.0.1`).
    pub addr: IpAddr,
    pub prefix: u8,
}

/// Kubernetes `ip()` (`apiserver/pkg/cel/library/ip.go`, `parseIPAddr`): Go's
/// `netip.ParseAddr`, then no zone and no IPv4-mapped IPv6, each with the library's message.
/// The input is quoted as Go's `%q` does (`\u200b`, not Rust's `\u{200b}`).
pub fn parse_ip(s: &str) -> Result<IpAddr, String> {
    use crate::schema::formats::gonetip;
    let q = || crate::k8s::field::go_quote(s);
    let addr = gonetip::parse_addr(s).map_err(|e| {
        format!(
            "IP Address {} parse error during conversion from string: {e}",
            q()
        )
    })?;
    if !addr.zone.is_empty() {
        return Err(format!("IP address {} with zone value is not allowed", q()));
    }
    if addr.is_4in6() {
        return Err(format!("IPv4-mapped IPv6 address {} is not allowed", q()));
    }
    Ok(addr.ip)
}

/// Kubernetes `cidr()` (`cidr.go`): `stringToCIDR` prefixes the message of `parseCIDR`, which
/// prefixes Go's `netip.ParsePrefix` error with the same words again.
pub fn parse_cidr(s: &str) -> Result<Cidr, String> {
    use crate::schema::formats::gonetip;
    const CONTEXT: &str = "network address parse error during conversion from string";
    let (addr, prefix) =
        gonetip::parse_prefix(s).map_err(|e| format!("{CONTEXT}: {CONTEXT}: {e}"))?;
    if addr.is_4in6() {
        return Err(format!(
            "{CONTEXT}: IPv4-mapped IPv6 address {} is not allowed",
            crate::k8s::field::go_quote(s)
        ));
    }
    Ok(Cidr {
        addr: addr.ip,
        prefix,
    })
}

pub fn ip_family(ip: &IpAddr) -> i64 {
    if ip.is_ipv4() {
        4
    } else {
        6
    }
}

fn ip_bits(ip: &IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v) => u32::from(*v) as u128,
        IpAddr::V6(v) => u128::from(*v),
    }
}

impl Cidr {
    pub fn masked(&self) -> Cidr {
        let width = if self.addr.is_ipv4() { 32 } else { 128 };
        let bits = ip_bits(&self.addr);
        let host = width - self.prefix as u32;
        let m = if host >= 128 {
            0
        } else {
            (bits >> host) << host
        };
        let addr = match self.addr {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::from(m as u32)),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::from(m)),
        };
        Cidr {
            addr,
            prefix: self.prefix,
        }
    }
    pub fn contains_ip(&self, ip: &IpAddr) -> bool {
        if self.addr.is_ipv4() != ip.is_ipv4() {
            return false;
        }
        let width = if ip.is_ipv4() { 32 } else { 128 };
        let host = width - self.prefix as u32;
        if host >= 128 {
            return true;
        }
        (ip_bits(ip) >> host) == (ip_bits(&self.addr) >> host)
    }
    pub fn contains_cidr(&self, other: &Cidr) -> bool {
        other.prefix >= self.prefix && self.contains_ip(&other.addr)
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

pub fn ip_is_global_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v) => {
            !(v.is_unspecified()
                || v.is_loopback()
                || v.is_multicast()
                || v.is_link_local()
                || *v == Ipv4Addr::BROADCAST)
        }
        IpAddr::V6(v) => {
            !(v.is_unspecified()
                || v.is_loopback()
                || v.is_multicast()
                || (v.segments()[0] & 0xffc0) == 0xfe80)
        }
    }
}

pub fn ip_is_link_local_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v) => v.is_link_local(),
        IpAddr::V6(v) => (v.segments()[0] & 0xffc0) == 0xfe80,
    }
}

pub fn ip_is_link_local_multicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v) => v.octets()[0] == 224 && v.octets()[1] == 0 && v.octets()[2] == 0,
        IpAddr::V6(v) => (v.segments()[0] & 0xff0f) == 0xff02,
    }
}

// ---------------------------------------------------------------------------------------------
// Semver (blang/semver v4)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct Semver {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub pre: Vec<String>,
    pub build: Vec<String>,
}

impl Semver {
    /// blang `semver.Parse`; with `normalize` (Kubernetes semver v1), a leading `v` is dropped,
    /// missing minor/patch become 0 and leading zeros are removed first.
    pub fn parse(s: &str, normalize: bool) -> Result<Semver, String> {
        // Go's `%q` (blang's errors and `strconv`'s), not Rust's `{:?}`.
        use crate::k8s::field::go_quote;
        let owned;
        let s = if normalize {
            owned = normalize_semver(s);
            owned.as_str()
        } else {
            s
        };
        let (main, build) = match s.split_once('+') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        let (core, pre) = match main.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (main, None),
        };
        let parts: Vec<&str> = core.split('.').collect();
        if parts.len() != 3 {
            return Err("No Major.Minor.Patch elements found".into());
        }
        let num = |p: &str, what: &str| -> Result<u64, String> {
            // blang's `containsOnly` holds for an empty part: `strconv.ParseUint` rejects it.
            if p.is_empty() {
                return Err(format!(
                    "strconv.ParseUint: parsing {}: invalid syntax",
                    go_quote(p)
                ));
            }
            if !p.bytes().all(|c| c.is_ascii_digit()) {
                return Err(format!(
                    "Invalid character(s) found in {what} number {}",
                    go_quote(p)
                ));
            }
            if p.len() > 1 && p.starts_with('0') {
                return Err(format!(
                    "{} number must not contain leading zeroes {}",
                    capitalize(what),
                    go_quote(p)
                ));
            }
            // All digits: only too large a number fails (`strconv.ParseUint`'s range error).
            p.parse().map_err(|_| {
                format!(
                    "strconv.ParseUint: parsing {}: value out of range",
                    go_quote(p)
                )
            })
        };
        let major = num(parts[0], "major")?;
        let minor = num(parts[1], "minor")?;
        let patch = num(parts[2], "patch")?;
        let mut pre_v = Vec::new();
        if let Some(pre) = pre {
            for id in pre.split('.') {
                if id.is_empty() {
                    return Err("Prerelease is empty".into());
                }
                if !id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-') {
                    return Err(format!(
                        "Invalid character(s) found in prerelease {}",
                        go_quote(id)
                    ));
                }
                if id.bytes().all(|c| c.is_ascii_digit()) && id.len() > 1 && id.starts_with('0') {
                    return Err(format!(
                        "Numeric PreRelease version must not contain leading zeroes {}",
                        go_quote(id)
                    ));
                }
                pre_v.push(id.to_string());
            }
        }
        let mut build_v = Vec::new();
        if let Some(build) = build {
            for id in build.split('.') {
                if id.is_empty() || !id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-') {
                    return Err(format!(
                        "Invalid character(s) found in build meta data {}",
                        go_quote(id)
                    ));
                }
                build_v.push(id.to_string());
            }
        }
        Ok(Semver {
            major,
            minor,
            patch,
            pre: pre_v,
            build: build_v,
        })
    }

    /// blang `Compare`: build metadata is ignored; a pre-release sorts before its release.
    pub fn compare(&self, o: &Semver) -> Ordering {
        let c = (self.major, self.minor, self.patch).cmp(&(o.major, o.minor, o.patch));
        if c != Ordering::Equal {
            return c;
        }
        match (self.pre.is_empty(), o.pre.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        for (a, b) in self.pre.iter().zip(&o.pre) {
            let an = a
                .parse::<u64>()
                .ok()
                .filter(|_| a.bytes().all(|c| c.is_ascii_digit()));
            let bn = b
                .parse::<u64>()
                .ok()
                .filter(|_| b.bytes().all(|c| c.is_ascii_digit()));
            let c = match (an, bn) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => a.cmp(b),
            };
            if c != Ordering::Equal {
                return c;
            }
        }
        self.pre.len().cmp(&o.pre.len())
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn normalize_semver(s: &str) -> String {
    let s = s.strip_prefix('v').unwrap_or(s);
    let cut = s.find(['-', '+']).unwrap_or(s.len());
    let (core, tail) = s.split_at(cut);
    let mut parts: Vec<String> = core
        .split('.')
        .map(|p| {
            let t = p.trim_start_matches('0');
            if t.is_empty() && !p.is_empty() {
                "0".to_string()
            } else {
                t.to_string()
            }
        })
        .collect();
    while parts.len() < 3 {
        parts.push("0".into());
    }
    format!("{}{}", parts.join("."), tail)
}

// ---------------------------------------------------------------------------------------------
// Named formats (format library) — apimachinery validators and their messages.
// ---------------------------------------------------------------------------------------------

/// The names `format.named()` accepts.
pub const FORMAT_NAMES: &[&str] = &[
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
];

/// The regex length the runtime cost of `<Format>.validate()` assumes (`MaxRegexSize`).
pub fn format_max_regex_size(name: &str) -> u64 {
    match name {
        "dns1123Subdomain" | "dns1123SubdomainPrefix" | "qualifiedName" => 60,
        "labelValue" => 40,
        "uri" | "uuid" | "byte" | "date" | "datetime" => 0,
        _ => 30,
    }
}

fn mask_trailing_dash(s: &str) -> String {
    match s.strip_suffix('-') {
        Some(p) if s.len() > 1 => format!("{p}a"),
        _ => s.to_string(),
    }
}

fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    let plain = |b: &[u8]| b.iter().all(|c| c.is_ascii_hexdigit());
    b.len() == 36
        && [8, 13, 18, 23].iter().all(|&i| b[i] == b'-')
        && plain(&b[0..8])
        && plain(&b[9..13])
        && plain(&b[14..18])
        && plain(&b[19..23])
        && plain(&b[24..36])
        || b.len() == 32 && plain(b)
}

/// Runs a named validator (`uri` with the runtime settings `go`); `None` for an unknown name.
pub fn validate_format(name: &str, s: &str, go: gourl::Options) -> Option<Vec<String>> {
    use crate::k8s::names;
    use base64::Engine;
    Some(match name {
        "dns1123Label" => names::is_dns1123_label(s),
        "dns1123LabelPrefix" => names::is_dns1123_label(&mask_trailing_dash(s)),
        "dns1123Subdomain" => names::is_dns1123_subdomain(s),
        "dns1123SubdomainPrefix" => names::is_dns1123_subdomain(&mask_trailing_dash(s)),
        "dns1035Label" => names::is_dns1035_label(s),
        "dns1035LabelPrefix" => names::is_dns1035_label(&mask_trailing_dash(s)),
        "qualifiedName" => names::is_qualified_name(s),
        "labelValue" => names::is_valid_label_value(s),
        "uri" => match gourl::parse_request_uri_with(s, go) {
            Ok(_) => vec![],
            Err(e) => vec![format!("invalid URI: {e}")],
        },
        "uuid" => {
            if is_uuid(s) {
                vec![]
            } else {
                vec!["does not match the UUID format".into()]
            }
        }
        "byte" => {
            if base64::engine::general_purpose::STANDARD.decode(s).is_ok() {
                vec![]
            } else {
                vec!["invalid base64".into()]
            }
        }
        "date" => {
            if chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok() && s.len() == 10 {
                vec![]
            } else {
                vec!["invalid date".into()]
            }
        }
        "datetime" => {
            if parse_date_time(s).is_some() {
                vec![]
            } else {
                vec!["invalid datetime".into()]
            }
        }
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Regex: Go RE2 semantics through the schema layer's translator and process-wide cache.
// ---------------------------------------------------------------------------------------------

/// Compiles a Go RE2 pattern (cached, shared with CRD `pattern`s); the error is Go's
/// `regexp.Compile` text (`error parsing regexp: ...`), or, for a pattern Go accepts that is
/// too complex to check offline, an [`ErrorKind::Unchecked`] error (the rule is not checked).
pub fn regex(pattern: &str) -> Result<Arc<regex::Regex>, EvalError> {
    match crate::schema::regex::compile(pattern) {
        Ok(Some(r)) => Ok(r),
        Ok(None) => Err(EvalError::new(
            ErrorKind::Unchecked,
            crate::schema::regex::too_complex_message(pattern.len()),
        )),
        Err(e) => Err(EvalError::other(e)),
    }
}

/// The strfmt `date-time` layouts Kubernetes accepts (RFC 3339 with optional fraction, `Z` or
/// numeric offset); the result is in UTC.
pub fn parse_date_time(s: &str) -> Option<DateTime<FixedOffset>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t);
    }
    for layout in [
        "%Y-%m-%dT%H:%M:%S%.f%z",
        "%Y-%m-%dT%H:%M:%S%z",
        "%Y-%m-%dT%H:%M:%S%.fZ",
        "%Y-%m-%dT%H:%M:%SZ",
    ] {
        if let Ok(t) = DateTime::parse_from_str(s, layout) {
            return Some(t);
        }
        if let Ok(t) = chrono::NaiveDateTime::parse_from_str(s, layout) {
            return Some(t.and_utc().fixed_offset());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::functions::call_unchecked as call;
    use super::super::value::Value;

    fn cel(func: &str, member: bool, args: &[Value]) -> Value {
        call(func, member, args).unwrap_or_else(|e| panic!("{func}: {e:?}"))
    }

    fn quantity(s: &str) -> Value {
        cel("quantity", false, &[Value::string(s)])
    }

    fn truth(v: Value) -> bool {
        matches!(v, Value::Bool(true))
    }

    /// The CEL quantity library on the shared apimachinery implementation. Each case below
    /// was answered differently by the i128 copy this replaced; the expected values are the
    /// server's (apimachinery `Quantity` semantics).
    #[test]
    fn cel_quantities_follow_apimachinery() {
        let q = quantity;
        let eq =
            |a: &str, b: &str| matches!(call("_==_", false, &[q(a), q(b)]), Ok(Value::Bool(true)));
        assert!(eq("1Ki", "1024") && eq("500m", "0.5") && eq("200M", "0.2G"));
        // AsInt64 follows the representation: 1000m and 1.0 are not integers.
        assert!(!truth(cel("isInteger", true, &[q("1000m")])));
        assert!(!truth(cel("isInteger", true, &[q("1.0")])));
        assert!(truth(cel("isInteger", true, &[q("1e3")])));
        assert!(call("asInteger", true, &[q("1.0")]).is_err());
        // Below a nanounit rounds away from zero; binary quantities stop at 2^63-1.
        assert!(eq("0.0000000001", "1n"));
        assert!(eq("16Ei", "9223372036854775807"));
        // Long digit strings and huge exponents parse, compare and add exactly.
        assert!(eq(
            "1234567890123456789012345678901234567890",
            "1234567890123456789012345678901234567890.0"
        ));
        let big = q("99999999999999999999999999999999999999E");
        let sum = cel("add", true, &[big.clone(), Value::Int(1)]);
        assert!(truth(cel("isGreaterThan", true, &[sum, big])));
        assert!(matches!(
            cel("compareTo", true, &[q("1e400"), q("2e400")]),
            Value::Int(-1)
        ));
        // A suffix letter outside the grammar is a format error, not a suffix error.
        let msg = format!(
            "{:?}",
            call("quantity", false, &[Value::string("1Kb")]).unwrap_err()
        );
        assert!(
            msg.contains("quantities must match the regular expression"),
            "{msg}"
        );
        // add/sub with an int, sign, approximate float.
        let r = cel("sub", true, &[q("50k"), Value::Int(20)]);
        assert!(matches!(
            call("_==_", false, &[r, q("49.98k")]),
            Ok(Value::Bool(true))
        ));
        assert!(matches!(cel("sign", false, &[q("-1m")]), Value::Int(-1)));
        assert!(
            matches!(cel("asApproximateFloat", true, &[q("1.5Gi")]), Value::Double(f) if f == 1610612736.0)
        );
    }

    fn url(s: &str) -> Value {
        cel("url", false, &[Value::string(s)])
    }

    fn text(v: Value) -> String {
        v.as_str().unwrap_or_else(|| panic!("{v:?}")).to_string()
    }

    /// The Kubernetes URL library's documented examples, plus Go's rules it inherits.
    #[test]
    fn cel_urls_follow_go_net_url() {
        let get = |f: &str, u: &str| text(cel(f, true, &[url(u)]));
        assert_eq!(get("getScheme", "/path"), "");
        assert_eq!(get("getScheme", "https://example.com/"), "https");
        assert_eq!(get("getHost", "https://example.com:80/"), "example.com:80");
        assert_eq!(get("getHost", "https://[::1]:80/"), "[::1]:80");
        assert_eq!(get("getHost", "/path"), "");
        assert_eq!(get("getHostname", "https://127.0.0.1:80/"), "127.0.0.1");
        assert_eq!(get("getHostname", "https://[::1]:80/"), "::1");
        assert_eq!(get("getPort", "https://example.com:80/"), "80");
        assert_eq!(get("getPort", "https://example.com/"), "");
        assert_eq!(
            get("getEscapedPath", "https://example.com/path with spaces/"),
            "/path%20with%20spaces/"
        );
        assert_eq!(get("getEscapedPath", "https://example.com"), "");
        // url() keeps url.Parse's result: the fragment is not part of the path.
        assert_eq!(get("getEscapedPath", "https://example.com/p#frag"), "/p");
        let Value::Map(m) = cel(
            "getQuery",
            true,
            &[url("https://example.com/path?k1=a&k2=b&k2=c")],
        ) else {
            panic!()
        };
        assert_eq!(m.entries.len(), 2);
        let Value::Map(m) = cel("getQuery", true, &[url("https://example.com/path?")]) else {
            panic!()
        };
        assert_eq!(m.entries.len(), 0);
        // isURL is false where url() errors, with Go's message.
        for bad in [
            "https://a:b:c/",
            "../relative-path",
            "http://us{er}@example.com",
            "http://[1.2.3.4]/",
            "http://x/%zz",
        ] {
            assert!(!truth(cel("isURL", false, &[Value::string(bad)])), "{bad}");
            let msg = format!(
                "{:?}",
                call("url", false, &[Value::string(bad)]).unwrap_err()
            );
            assert!(
                msg.contains("URL parse error during conversion from string: parse"),
                "{msg}"
            );
        }
        assert!(truth(cel(
            "isURL",
            false,
            &[Value::string(
                "https://user:pass@example.com:80/path?query=val#fragment"
            )]
        )));
        // Equality compares Go's String() forms (the scheme is lower-cased).
        assert!(matches!(
            call(
                "_==_",
                false,
                &[url("HTTPS://example.com/a"), url("https://example.com/a")]
            ),
            Ok(Value::Bool(true))
        ));
    }

    #[test]
    fn ips_follow_kubernetes_rules() {
        assert!(parse_ip("::ffff:1.2.3.4").is_err());
        assert!(parse_ip("fe80::1%eth0").is_err());
        assert!(parse_ip("01.2.3.4").is_err());
        let c = parse_cidr("10.0.0.1/8").unwrap();
        assert_eq!(c.masked().to_string(), "10.0.0.0/8");
        assert!(c.contains_ip(&parse_ip("10.255.0.1").unwrap()));
        assert!(!c.contains_ip(&parse_ip("11.0.0.1").unwrap()));
        assert!(parse_cidr("10.0.0.1/33").is_err());
    }

    /// The server's words for IPv4-mapped IPv6 addresses, in every spelling `netip` reads as
    /// mapped (`Is4In6`), from apiserver `pkg/cel/library/ip.go` `parseIPAddr` and `cidr.go`
    /// `stringToCIDR`/`parseCIDR` (the same in release-1.30 to release-1.36); the input is
    /// quoted with Go's `%q`.
    #[test]
    fn ipv4_mapped_addresses_in_the_servers_words() {
        for a in ["::ffff:1.2.3.4", "::FFFF:1.2.3.4", "0:0:0:0:0:ffff:102:304"] {
            assert_eq!(
                parse_ip(a).unwrap_err(),
                format!("IPv4-mapped IPv6 address \"{a}\" is not allowed")
            );
            assert_eq!(
                parse_cidr(&format!("{a}/120")).unwrap_err(),
                format!(
                    "network address parse error during conversion from string: IPv4-mapped IPv6 address \"{a}/120\" is not allowed"
                )
            );
        }
        // A zone is refused first; `::ffff:1.2.3.4` written as IPv6 hex is not IPv4.
        assert_eq!(
            parse_ip("::ffff:1.2.3.4%eth0").unwrap_err(),
            "IP address \"::ffff:1.2.3.4%eth0\" with zone value is not allowed"
        );
        assert!(parse_ip("::fffe:1.2.3.4").is_ok());
        assert_eq!(
            parse_ip("\u{200b}").unwrap_err(),
            "IP Address \"\\u200b\" parse error during conversion from string: ParseAddr(\"\\u200b\"): unable to parse IP"
        );
    }

    #[test]
    fn semver_orders_prereleases() {
        let v = |s| Semver::parse(s, false).unwrap();
        assert_eq!(v("1.0.0-alpha").compare(&v("1.0.0")), Ordering::Less);
        assert_eq!(
            v("1.0.0-alpha.1").compare(&v("1.0.0-alpha.beta")),
            Ordering::Less
        );
        assert!(Semver::parse("01.0.0", false).is_err());
        assert_eq!(Semver::parse("v1.2", true).unwrap().minor, 2);
    }

    /// blang/semver's errors quote with Go's `%q` (`\x01`, `\u00a0`, not Rust's `\u{1}`), and a
    /// number it cannot parse is `strconv.ParseUint`'s error.
    #[test]
    fn semver_errors_quote_as_go() {
        let e = |s| Semver::parse(s, false).unwrap_err();
        assert_eq!(
            e("1.\u{1}.0"),
            "Invalid character(s) found in minor number \"\\x01\""
        );
        assert_eq!(
            e("1.0.0-a\u{a0}"),
            "Invalid character(s) found in prerelease \"a\\u00a0\""
        );
        assert_eq!(
            e("1.0.0-01"),
            "Numeric PreRelease version must not contain leading zeroes \"01\""
        );
        assert_eq!(
            e("1.0.0+b\u{7f}"),
            "Invalid character(s) found in build meta data \"b\\x7f\""
        );
        assert_eq!(
            e("00.1.0"),
            "Major number must not contain leading zeroes \"00\""
        );
        assert_eq!(e("1..0"), "strconv.ParseUint: parsing \"\": invalid syntax");
        assert_eq!(
            e("99999999999999999999.0.0"),
            "strconv.ParseUint: parsing \"99999999999999999999\": value out of range"
        );
    }

    #[test]
    fn formats_use_apimachinery_messages() {
        assert!(
            validate_format("dns1123Label", "my-name", gourl::Options::NEWEST)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            validate_format("dns1123Label", "My", gourl::Options::NEWEST)
                .unwrap()
                .len(),
            1
        );
        assert!(
            validate_format("dns1123LabelPrefix", "my-", gourl::Options::NEWEST)
                .unwrap()
                .is_empty()
        );
        assert!(validate_format("nope", "x", gourl::Options::NEWEST).is_none());
    }

    #[test]
    fn regexes_are_ascii_like_re2() {
        assert!(!regex("^\\d+$").unwrap().is_match("١٢٣"));
        assert!(regex("^\\d+$").unwrap().is_match("123"));
        assert!(regex(")").is_err());
        let big = regex(r"\p{L}{1000}\w{1000}").unwrap_err();
        assert_eq!(big.kind, ErrorKind::Unchecked);
    }
}
