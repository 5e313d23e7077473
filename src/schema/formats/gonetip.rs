//! Go's `net/netip` parsers (`ParseAddr`, `ParsePrefix`) with their error texts, which the
//! Kubernetes CEL `ip()`/`cidr()` libraries put in their messages word for word.
//!
//! Facts from Go's `src/net/netip/netip.go`: `ParseAddr` picks IPv4 or IPv6 by the first `.`,
//! `:` or `%` it meets; IPv4 has exactly four decimal fields without leading zeros, each at
//! most 255; IPv6 has hex fields of at most 16 bits, one `::`, an optional trailing dotted IPv4
//! in the last 32 bits and an optional non-empty `%zone`. An error prints as
//! `ParseAddr("in"): msg` or `ParseAddr("in"): msg (at "rest")`; `ParsePrefix` wraps it as
//! `netip.ParsePrefix("in"): msg`.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A parsed `netip.Addr`: the address and its IPv6 zone (empty when none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addr {
    pub ip: IpAddr,
    pub zone: String,
}

impl Addr {
    /// `Is4In6`: an IPv6 address of the form `::ffff:a.b.c.d`.
    pub fn is_4in6(&self) -> bool {
        matches!(self.ip, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some())
    }
}

use crate::k8s::field::go_quote as quote;

fn addr_error(input: &str, msg: &str, at: Option<&str>) -> String {
    match at {
        Some(at) if !at.is_empty() => {
            format!("ParseAddr({}): {msg} (at {})", quote(input), quote(at))
        }
        _ => format!("ParseAddr({}): {msg}", quote(input)),
    }
}

/// Go's `netip.ParseAddr`.
pub fn parse_addr(s: &str) -> Result<Addr, String> {
    for c in s.bytes() {
        match c {
            b'.' => {
                return parse_ipv4(s).map(|v4| Addr {
                    ip: IpAddr::V4(v4),
                    zone: String::new(),
                })
            }
            b':' => return parse_ipv6(s),
            b'%' => return Err(addr_error(s, "missing IPv6 address", None)),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", None))
}

fn parse_ipv4(s: &str) -> Result<Ipv4Addr, String> {
    let b = s.as_bytes();
    let mut fields = [0u8; 4];
    let (mut val, mut pos, mut dig_len) = (0u32, 0usize, 0usize);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_digit() {
            if dig_len == 1 && val == 0 {
                return Err(addr_error(
                    s,
                    "IPv4 field has octet with leading zero",
                    None,
                ));
            }
            val = val * 10 + u32::from(c - b'0');
            dig_len += 1;
            if val > 255 {
                return Err(addr_error(s, "IPv4 field has value >255", None));
            }
        } else if c == b'.' {
            if i == 0 || i == b.len() - 1 || b[i - 1] == b'.' {
                return Err(addr_error(
                    s,
                    "IPv4 field must have at least one digit",
                    Some(&s[i..]),
                ));
            }
            if pos == 3 {
                return Err(addr_error(s, "IPv4 address too long", None));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            dig_len = 0;
        } else {
            return Err(addr_error(
                s,
                "unexpected character",
                Some(s.get(i..).unwrap_or("")),
            ));
        }
    }
    if pos < 3 {
        return Err(addr_error(s, "IPv4 address too short", None));
    }
    fields[3] = val as u8;
    Ok(Ipv4Addr::from(fields))
}

fn parse_ipv6(input: &str) -> Result<Addr, String> {
    let (mut s, zone) = match input.find('%') {
        Some(i) => {
            let zone = &input[i + 1..];
            if zone.is_empty() {
                return Err(addr_error(input, "zone must be a non-empty string", None));
            }
            (&input[..i], zone)
        }
        None => (input, ""),
    };
    let done = |ip: [u8; 16]| Addr {
        ip: IpAddr::V6(Ipv6Addr::from(ip)),
        zone: zone.to_owned(),
    };
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.starts_with("::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(done(ip));
        }
    }
    let mut i = 0;
    while i < 16 {
        let b = s.as_bytes();
        let mut off = 0;
        let mut acc: u32 = 0;
        while off < b.len() {
            let Some(d) = (b[off] as char).to_digit(16) else {
                break;
            };
            acc = (acc << 4) + d;
            if acc > 0xffff {
                return Err(addr_error(input, "IPv6 field has value >=2^16", Some(s)));
            }
            off += 1;
        }
        if off == 0 {
            return Err(addr_error(
                input,
                "each colon-separated field must have at least one digit",
                Some(s),
            ));
        }
        if b.get(off) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return Err(addr_error(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    Some(s),
                ));
            }
            if i + 4 > 16 {
                return Err(addr_error(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    Some(s),
                ));
            }
            let v4 = parse_ipv4(s).map_err(|e| addr_error(input, &e, Some(s)))?;
            ip[i..i + 4].copy_from_slice(&v4.octets());
            s = "";
            i += 4;
            break;
        }
        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if !s.starts_with(':') {
            return Err(addr_error(
                input,
                "unexpected character, want colon",
                Some(s),
            ));
        } else if s.len() == 1 {
            return Err(addr_error(
                input,
                "colon must be followed by more characters",
                Some(s),
            ));
        }
        s = &s[1..];
        if s.starts_with(':') {
            if ellipsis.is_some() {
                return Err(addr_error(input, "multiple :: in address", Some(s)));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(addr_error(input, "trailing garbage after address", Some(s)));
    }
    if i < 16 {
        let Some(e) = ellipsis else {
            return Err(addr_error(input, "address string too short", None));
        };
        let n = 16 - i;
        ip.copy_within(e..i, e + n);
        ip[e..e + n].fill(0);
    } else if ellipsis.is_some() {
        return Err(addr_error(
            input,
            "the :: must expand to at least one field of zeros",
            None,
        ));
    }
    Ok(done(ip))
}

/// Go's `netip.ParsePrefix`: the address (no zone) and the prefix length.
pub fn parse_prefix(s: &str) -> Result<(Addr, u8), String> {
    let err = |msg: &str| format!("netip.ParsePrefix({}): {msg}", quote(s));
    let Some(i) = s.rfind('/') else {
        return Err(err("no '/'"));
    };
    let addr = parse_addr(&s[..i]).map_err(|e| err(&e))?;
    if !addr.zone.is_empty() {
        return Err(err("IPv6 zones cannot be present in a prefix"));
    }
    let bits = &s[i + 1..];
    let bad = || err(&format!("bad bits after slash: {}", quote(bits)));
    if bits.len() > 1 && !matches!(bits.as_bytes()[0], b'1'..=b'9') {
        return Err(bad());
    }
    // strconv.Atoi: a sign is allowed by Atoi but then fails the range check.
    let digits = bits.strip_prefix(['+', '-']).unwrap_or(bits);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let n: i64 = bits.parse().map_err(|_| bad())?;
    let max = if addr.ip.is_ipv4() { 32 } else { 128 };
    if !(0..=max).contains(&n) {
        return Err(err("prefix length out of range"));
    }
    Ok((addr, n as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_addr_like_go() {
        // Cases from Go's netip_test.go (TestParseAddr), facts: input and error text.
        let bad: &[(&str, &str)] = &[
            ("", r#"ParseAddr(""): unable to parse IP"#),
            ("1.2.3", r#"ParseAddr("1.2.3"): IPv4 address too short"#),
            (
                "1.2.3.4.5",
                r#"ParseAddr("1.2.3.4.5"): IPv4 address too long"#,
            ),
            (
                "256.0.0.1",
                r#"ParseAddr("256.0.0.1"): IPv4 field has value >255"#,
            ),
            (
                "1.2.3.04",
                r#"ParseAddr("1.2.3.04"): IPv4 field has octet with leading zero"#,
            ),
            (
                "1..2.3",
                r#"ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")"#,
            ),
            (
                "1.2.3.x",
                r#"ParseAddr("1.2.3.x"): unexpected character (at "x")"#,
            ),
            ("%eth0", r#"ParseAddr("%eth0"): missing IPv6 address"#),
            (
                "fe80::1%",
                r#"ParseAddr("fe80::1%"): zone must be a non-empty string"#,
            ),
            (
                "2001:db8:::68",
                r#"ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")"#,
            ),
            (
                "1::2::3",
                r#"ParseAddr("1::2::3"): multiple :: in address (at ":3")"#,
            ),
            (
                "1:2:3:4:5:6:7",
                r#"ParseAddr("1:2:3:4:5:6:7"): address string too short"#,
            ),
            (
                "1:2:3:4:5:6:7:8:9",
                r#"ParseAddr("1:2:3:4:5:6:7:8:9"): trailing garbage after address (at "9")"#,
            ),
            (
                "1:2:3:4::5:6:7:8",
                r#"ParseAddr("1:2:3:4::5:6:7:8"): the :: must expand to at least one field of zeros"#,
            ),
            (
                "12345::",
                r#"ParseAddr("12345::"): IPv6 field has value >=2^16 (at "12345::")"#,
            ),
            (
                "1:2:",
                r#"ParseAddr("1:2:"): colon must be followed by more characters (at ":")"#,
            ),
            (
                "1:2:1.2.3.4",
                r#"ParseAddr("1:2:1.2.3.4"): embedded IPv4 address must replace the final 2 fields of the address (at "1.2.3.4")"#,
            ),
            (
                "::1.2.3",
                r#"ParseAddr("::1.2.3"): ParseAddr("1.2.3"): IPv4 address too short (at "1.2.3")"#,
            ),
            (
                "1:2g",
                r#"ParseAddr("1:2g"): unexpected character, want colon (at "g")"#,
            ),
        ];
        for (s, want) in bad {
            assert_eq!(parse_addr(s).unwrap_err(), *want, "{s}");
        }
        let ok = [
            ("1.2.3.4", "1.2.3.4", ""),
            ("::", "::", ""),
            ("::1", "::1", ""),
            ("fe80::1%eth0", "fe80::1", "eth0"),
            ("::ffff:1.2.3.4", "::ffff:1.2.3.4", ""),
            ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304", ""),
            ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", ""),
        ];
        for (s, ip, zone) in ok {
            let a = parse_addr(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(a.ip, ip.parse::<IpAddr>().unwrap(), "{s}");
            assert_eq!(a.zone, zone);
        }
        assert!(parse_addr("::ffff:c0a8:1").unwrap().is_4in6());
    }

    #[test]
    fn parse_prefix_like_go() {
        let bad: &[(&str, &str)] = &[
            ("1.2.3.4", r#"netip.ParsePrefix("1.2.3.4"): no '/'"#),
            (
                "192.168.0.0/",
                r#"netip.ParsePrefix("192.168.0.0/"): bad bits after slash: """#,
            ),
            (
                "1.2.3.4/024",
                r#"netip.ParsePrefix("1.2.3.4/024"): bad bits after slash: "024""#,
            ),
            (
                "1.2.3.4/+4",
                r#"netip.ParsePrefix("1.2.3.4/+4"): bad bits after slash: "+4""#,
            ),
            (
                "1.2.3.4/33",
                r#"netip.ParsePrefix("1.2.3.4/33"): prefix length out of range"#,
            ),
            (
                "fe80::1%a/64",
                r#"netip.ParsePrefix("fe80::1%a/64"): IPv6 zones cannot be present in a prefix"#,
            ),
            (
                "1.2.3/8",
                r#"netip.ParsePrefix("1.2.3/8"): ParseAddr("1.2.3"): IPv4 address too short"#,
            ),
        ];
        for (s, want) in bad {
            assert_eq!(parse_prefix(s).unwrap_err(), *want, "{s}");
        }
        let (a, n) = parse_prefix("10.1.2.3/0").unwrap();
        assert_eq!((a.ip.to_string(), n), ("10.1.2.3".to_owned(), 0));
        assert_eq!(parse_prefix("::/128").unwrap().1, 128);
    }
}
