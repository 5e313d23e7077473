//! The opaque Kubernetes value types of the CEL libraries (`quantity`, `url`, `ip`, `cidr`,
//! `semver`, named formats) and the RE2-compatible regex cache, as plain Rust.
//!
//! Each parser follows the Go code Kubernetes calls (apimachinery `resource.ParseQuantity`, Go
//! `url.ParseRequestURI`, Go `netip.ParseAddr`/`ParsePrefix` with Kubernetes' extra rules,
//! blang/semver v4) closely enough for validation rules; known simplifications are named at each
//! type. Name validators come from [`crate::k8s::names`] and regexes from
//! [`crate::schema::regex`].

use std::cmp::Ordering;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Quantity
// ---------------------------------------------------------------------------------------------

/// A resource quantity, kept exactly as `mantissa × 10^exp10 × 2^exp2`.
#[derive(Clone, Debug)]
pub struct Quantity {
    pub mantissa: i128,
    pub exp10: i32,
    pub exp2: i32,
}

const QUANTITY_ERR: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

impl Quantity {
    /// apimachinery `ParseQuantity`.
    pub fn parse(s: &str) -> Result<Quantity, String> {
        if s.is_empty() {
            return Err("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".into());
        }
        let b = s.as_bytes();
        let mut i = 0;
        let mut neg = false;
        if b[0] == b'+' || b[0] == b'-' {
            neg = b[0] == b'-';
            i = 1;
        }
        let mut digits = String::new();
        let mut frac_len = 0i32;
        let mut seen_dot = false;
        let start = i;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            if b[i] == b'.' {
                if seen_dot {
                    return Err(QUANTITY_ERR.into());
                }
                seen_dot = true;
            } else {
                digits.push(b[i] as char);
                if seen_dot {
                    frac_len += 1;
                }
            }
            i += 1;
        }
        if i == start || digits.is_empty() {
            return Err(QUANTITY_ERR.into());
        }
        let suffix = &s[i..];
        let (exp10, exp2) = match suffix {
            "" => (0, 0),
            "Ki" => (0, 10),
            "Mi" => (0, 20),
            "Gi" => (0, 30),
            "Ti" => (0, 40),
            "Pi" => (0, 50),
            "Ei" => (0, 60),
            "n" => (-9, 0),
            "u" => (-6, 0),
            "m" => (-3, 0),
            "k" => (3, 0),
            "M" => (6, 0),
            "G" => (9, 0),
            "T" => (12, 0),
            "P" => (15, 0),
            "E" => (18, 0),
            _ => {
                let rest = suffix
                    .strip_prefix('e')
                    .or_else(|| suffix.strip_prefix('E'))
                    .ok_or_else(|| "unable to parse quantity's suffix".to_string())?;
                let e: i32 = rest
                    .parse()
                    .map_err(|_| "unable to parse quantity's suffix".to_string())?;
                if rest.is_empty() || rest.starts_with('+') && rest.len() == 1 {
                    return Err("unable to parse quantity's suffix".into());
                }
                (e, 0)
            }
        };
        // Strip leading zeros so long zero-padded inputs still fit.
        let trimmed = digits.trim_start_matches('0');
        let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
        if trimmed.len() > 36 {
            return Err("quantity too large".into());
        }
        let mut m: i128 = trimmed.parse().map_err(|_| QUANTITY_ERR.to_string())?;
        if neg {
            m = -m;
        }
        Ok(Quantity {
            mantissa: m,
            exp10: exp10 - frac_len,
            exp2,
        }
        .normalized())
    }

    fn normalized(mut self) -> Quantity {
        if self.mantissa == 0 {
            return Quantity {
                mantissa: 0,
                exp10: 0,
                exp2: 0,
            };
        }
        while self.mantissa % 10 == 0 {
            self.mantissa /= 10;
            self.exp10 += 1;
        }
        // Fold powers of two into the mantissa when that keeps it exact and small.
        while self.exp2 > 0 && self.mantissa.unsigned_abs() < (1u128 << 100) {
            self.mantissa *= 2;
            self.exp2 -= 1;
        }
        self
    }

    /// The value as `(numerator, denominator_power_of_ten)` scaled to a common exponent with
    /// `other`; `None` on overflow.
    fn scaled(&self, exp10: i32) -> Option<i128> {
        let mut m = self.mantissa;
        for _ in 0..self.exp2.max(0) {
            m = m.checked_mul(2)?;
        }
        let d = self.exp10 - exp10;
        for _ in 0..d.max(0) {
            m = m.checked_mul(10)?;
        }
        Some(m)
    }

    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        let e = self.exp10.min(other.exp10);
        match (self.scaled(e), other.scaled(e)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self
                .approx()
                .partial_cmp(&other.approx())
                .unwrap_or(Ordering::Equal),
        }
    }

    pub fn approx(&self) -> f64 {
        self.mantissa as f64 * 10f64.powi(self.exp10) * 2f64.powi(self.exp2)
    }

    /// apimachinery `AsInt64`: exact integers that fit in int64.
    pub fn as_i64(&self) -> Option<i64> {
        if self.exp10 < 0 {
            return None;
        }
        let v = self.scaled(0)?;
        i64::try_from(v).ok()
    }

    pub fn sign(&self) -> i64 {
        self.mantissa.signum() as i64
    }

    pub fn add(&self, other: &Quantity, negate: bool) -> Option<Quantity> {
        let e = self.exp10.min(other.exp10);
        let a = self.scaled(e)?;
        let b = other.scaled(e)?;
        let r = if negate {
            a.checked_sub(b)?
        } else {
            a.checked_add(b)?
        };
        Some(
            Quantity {
                mantissa: r,
                exp10: e,
                exp2: 0,
            }
            .normalized(),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// URL (Go url.ParseRequestURI)
// ---------------------------------------------------------------------------------------------

/// A URL as Go's `url.ParseRequestURI` splits it. Percent-decoding of the path is not modelled
/// (`getEscapedPath` returns the path as written).
#[derive(Clone, Debug)]
pub struct Url {
    pub raw: String,
    pub scheme: String,
    pub host: String,
    pub path: String,
    pub raw_query: String,
}

impl Url {
    pub fn parse_request_uri(s: &str) -> Result<Url, String> {
        let err = |m: &str| format!("parse {s:?}: {m}");
        if s.is_empty() {
            return Err(err("empty url"));
        }
        if s.bytes().any(|c| c < 0x20 || c == 0x7f) {
            return Err(err("net/url: invalid control character in URL"));
        }
        // The fragment is not part of the request URI.
        let no_frag = s.split('#').next().unwrap_or(s);
        let (rest, raw_query) = match no_frag.split_once('?') {
            Some((a, q)) => (a, q.to_string()),
            None => (s, String::new()),
        };
        let mut scheme = String::new();
        let mut rest = rest;
        if let Some(pos) = rest.find(':') {
            let cand = &rest[..pos];
            let valid = cand.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
                && cand
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
            if valid {
                scheme = cand.to_ascii_lowercase();
                rest = &rest[pos + 1..];
            } else if pos == 0 {
                return Err(err("missing protocol scheme"));
            } else if !rest[..pos].contains('/') && !rest.starts_with('/') {
                return Err(err("first path segment in URL cannot contain colon"));
            }
        }
        if scheme.is_empty() && !rest.starts_with('/') {
            return Err(err("invalid URI for request"));
        }
        let mut host = String::new();
        let path;
        if !scheme.is_empty() && !rest.starts_with('/') {
            // Opaque URL such as `mailto:x`.
            path = String::new();
        } else if rest.starts_with("//") && !(scheme.is_empty() && rest.starts_with("///")) {
            let auth_end = rest[2..].find('/').map(|p| p + 2).unwrap_or(rest.len());
            let authority = &rest[2..auth_end];
            let h = match authority.rfind('@') {
                Some(p) => &authority[p + 1..],
                None => authority,
            };
            validate_host(h).map_err(|m| err(&m))?;
            host = h.to_string();
            path = rest[auth_end..].to_string();
        } else {
            path = rest.to_string();
        }
        Ok(Url {
            raw: s.to_string(),
            scheme,
            host,
            path,
            raw_query,
        })
    }

    /// Go `URL.EscapedPath`: the path as written when it is validly encoded, otherwise the
    /// path percent-encoded (`/with space/` → `/with%20space/`).
    pub fn escaped_path(&self) -> String {
        let b = self.path.as_bytes();
        let mut valid = true;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' {
                if !(i + 2 < b.len()
                    && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
                {
                    valid = false;
                    break;
                }
                i += 3;
                continue;
            }
            if !(c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@[]/".contains(&c)) {
                valid = false;
                break;
            }
            i += 1;
        }
        if valid {
            return self.path.clone();
        }
        let mut out = String::with_capacity(b.len() + 8);
        for &c in b {
            if c.is_ascii_alphanumeric() || b"-._~$&+,/:;=@".contains(&c) {
                out.push(c as char);
            } else {
                out.push_str(&format!("%{c:02X}"));
            }
        }
        out
    }

    pub fn hostname(&self) -> String {
        let h = &self.host;
        if let Some(stripped) = h.strip_prefix('[') {
            return stripped.split(']').next().unwrap_or("").to_string();
        }
        match h.rfind(':') {
            Some(p) => h[..p].to_string(),
            None => h.clone(),
        }
    }

    pub fn port(&self) -> String {
        let h = &self.host;
        let after = if h.starts_with('[') {
            h.rsplit_once(']').map(|(_, a)| a).unwrap_or("")
        } else {
            h.rfind(':').map(|p| &h[p..]).unwrap_or("")
        };
        after.strip_prefix(':').unwrap_or("").to_string()
    }

    /// `url.ParseQuery` of the raw query: `+` is a space, `%XX` decoded; pairs that do not
    /// decode are dropped like Go does (it returns them as an error that the library ignores).
    pub fn query(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for part in self.raw_query.split('&') {
            if part.is_empty() || part.contains(';') {
                continue;
            }
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let (Some(k), Some(v)) = (query_unescape(k), query_unescape(v)) else {
                continue;
            };
            match out.iter_mut().find(|(kk, _)| *kk == k) {
                Some((_, vs)) => vs.push(v),
                None => out.push((k, vec![v])),
            }
        }
        out
    }
}

fn validate_host(h: &str) -> Result<(), String> {
    if let Some(inner) = h.strip_prefix('[') {
        let Some(end) = inner.find(']') else {
            return Err("missing ']' in host".into());
        };
        let port = &inner[end + 1..];
        if !port.is_empty() && !valid_port(port) {
            return Err(format!("invalid port {port:?} after host"));
        }
        return Ok(());
    }
    if let Some(p) = h.rfind(':') {
        let port = &h[p..];
        if !valid_port(port) {
            return Err(format!("invalid port {port:?} after host"));
        }
    }
    Ok(())
}

fn valid_port(p: &str) -> bool {
    p.strip_prefix(':')
        .is_some_and(|d| d.bytes().all(|c| c.is_ascii_digit()))
}

fn query_unescape(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let h = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(h, 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
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
pub fn parse_ip(s: &str) -> Result<IpAddr, String> {
    use crate::schema::formats::gonetip;
    let addr = gonetip::parse_addr(s)
        .map_err(|e| format!("IP Address {s:?} parse error during conversion from string: {e}"))?;
    if !addr.zone.is_empty() {
        return Err(format!("IP address {s:?} with zone value is not allowed"));
    }
    if addr.is_4in6() {
        return Err(format!("IPv4-mapped IPv6 address {s:?} is not allowed"));
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
            "{CONTEXT}: IPv4-mapped IPv6 address {s:?} is not allowed"
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
            if p.is_empty() || !p.bytes().all(|c| c.is_ascii_digit()) {
                return Err(format!("Invalid character(s) found in {what} number {p:?}"));
            }
            if p.len() > 1 && p.starts_with('0') {
                return Err(format!(
                    "{} number must not contain leading zeroes {p:?}",
                    capitalize(what)
                ));
            }
            p.parse().map_err(|e| format!("{e}"))
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
                    return Err(format!("Invalid character(s) found in prerelease {id:?}"));
                }
                if id.bytes().all(|c| c.is_ascii_digit()) && id.len() > 1 && id.starts_with('0') {
                    return Err(format!(
                        "Numeric PreRelease version must not contain leading zeroes {id:?}"
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
                        "Invalid character(s) found in build meta data {id:?}"
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

/// Runs a named validator; `None` for an unknown name.
pub fn validate_format(name: &str, s: &str) -> Option<Vec<String>> {
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
        "uri" => match Url::parse_request_uri(s) {
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
            if super::convert::parse_date_time(s).is_some() {
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
/// `regexp.Compile` text (`error parsing regexp: ...`).
pub fn regex(pattern: &str) -> Result<Arc<regex::Regex>, String> {
    crate::schema::regex::compile(pattern)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_compare_exactly() {
        let q = |s| Quantity::parse(s).unwrap();
        assert_eq!(q("1Ki").cmp_value(&q("1024")), Ordering::Equal);
        assert_eq!(q("500m").cmp_value(&q("0.5")), Ordering::Equal);
        assert_eq!(q("1e3").as_i64(), Some(1000));
        assert_eq!(q("1.5").as_i64(), None);
        assert!(Quantity::parse("1x").is_err());
        assert!(Quantity::parse("").is_err());
        assert_eq!(
            q("1").add(&q("500m"), false).unwrap().cmp_value(&q("1.5")),
            Ordering::Equal
        );
    }

    #[test]
    fn urls_split_like_go() {
        let u = Url::parse_request_uri("https://user@[::1]:80/path?x=1&x=2").unwrap();
        assert_eq!(u.scheme, "https");
        assert_eq!(u.hostname(), "::1");
        assert_eq!(u.port(), "80");
        assert_eq!(u.path, "/path");
        assert_eq!(
            u.query(),
            vec![("x".to_string(), vec!["1".to_string(), "2".to_string()])]
        );
        assert!(Url::parse_request_uri("example.com").is_err());
        assert!(Url::parse_request_uri("/abs").is_ok());
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

    #[test]
    fn formats_use_apimachinery_messages() {
        assert!(validate_format("dns1123Label", "my-name")
            .unwrap()
            .is_empty());
        assert_eq!(validate_format("dns1123Label", "My").unwrap().len(), 1);
        assert!(validate_format("dns1123LabelPrefix", "my-")
            .unwrap()
            .is_empty());
        assert!(validate_format("nope", "x").is_none());
    }

    #[test]
    fn regexes_are_ascii_like_re2() {
        assert!(!regex("^\\d+$").unwrap().is_match("١٢٣"));
        assert!(regex("^\\d+$").unwrap().is_match("123"));
        assert!(regex(")").is_err());
    }
}
