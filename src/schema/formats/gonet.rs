//! Go `net` address parsing as the string formats use it:
//!
//! * [`parse_ip`] — Go `net.ParseIP` (strict: no leading zeros in IPv4 octets, no zones).
//! * [`parse_ip_sloppy`] — `k8s.io/utils/net.ParseIPSloppy`, the pre-Go-1.17 parser that
//!   accepts leading zeros (`192.168.1.01`), read as decimal.
//! * [`parse_cidr_sloppy`] — `ParseCIDRSloppy`.
//! * [`parse_mac`] — Go `net.ParseMAC`.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Go `net.ParseIP`. Rust's std parsers agree with Go's on the strict grammar: four decimal
/// octets without leading zeros; IPv6 with at most one `::`, 1–4 hex digits per group and an
/// optional trailing dotted IPv4; no zone.
pub fn parse_ip(s: &str) -> Option<IpAddr> {
    if s.contains('.') && !s.contains(':') {
        s.parse::<Ipv4Addr>().ok().map(IpAddr::V4)
    } else {
        s.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
    }
}

/// The old Go `parseIPv4`: four `.`-separated decimal fields of 1+ digits (leading zeros
/// allowed), each ≤ 255.
fn parse_ipv4_sloppy(s: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = s.split('.');
    for o in &mut octets {
        let p = parts.next()?;
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Go's dtoi stops at 0xFFFFFF; anything over 255 fails either way.
        let v = p.bytes().try_fold(0u32, |a, b| {
            let n = a * 10 + u32::from(b - b'0');
            (n <= 0xFF_FFFF).then_some(n)
        })?;
        *o = u8::try_from(v).ok()?;
    }
    if parts.next().is_some() {
        return None;
    }
    Some(Ipv4Addr::from(octets))
}

/// `ParseIPSloppy`: like [`parse_ip`] but IPv4 octets (also an IPv4 tail of an IPv6 address)
/// may have leading zeros.
pub fn parse_ip_sloppy(s: &str) -> Option<IpAddr> {
    if !s.contains(':') {
        return parse_ipv4_sloppy(s).map(IpAddr::V4);
    }
    // IPv6, possibly with a dotted IPv4 tail: normalise the tail so std can parse it.
    if let Some(i) = s.rfind(':') {
        let tail = &s[i + 1..];
        if tail.contains('.') {
            let v4 = parse_ipv4_sloppy(tail)?;
            let fixed = format!("{}{}", &s[..=i], v4);
            return fixed.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
        }
    }
    s.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
}

/// `ParseCIDRSloppy`: `<ip>/<prefix>`, the address sloppy, the prefix decimal digits only
/// (leading zeros allowed) and at most 32 or 128.
pub fn parse_cidr_sloppy(s: &str) -> Option<(IpAddr, u8)> {
    let (addr, mask) = s.split_once('/')?;
    let ip = parse_ip_sloppy(addr)?;
    if mask.is_empty() || !mask.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let bits = if ip.is_ipv4() { 32 } else { 128 };
    let n = mask.bytes().try_fold(0u32, |a, b| {
        let n = a * 10 + u32::from(b - b'0');
        (n <= 0xFF_FFFF).then_some(n)
    })?;
    (n <= bits).then_some((ip, n as u8))
}

/// Go `net.ParseMAC`: 6, 8 or 20 octets written as `xx:xx:...` / `xx-xx-...` (two hex digits
/// each, one separator throughout) or `xxxx.xxxx.xxxx...`.
pub fn parse_mac(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if b.len() < 14 {
        return None;
    }
    let hex2 = |x: &[u8]| -> Option<u8> {
        let h = |c: u8| (c as char).to_digit(16);
        Some((h(x[0])? * 16 + h(x[1])?) as u8)
    };
    if b[2] == b':' || b[2] == b'-' {
        let sep = b[2];
        if (b.len() + 1) % 3 != 0 {
            return None;
        }
        let n = (b.len() + 1) / 3;
        if n != 6 && n != 8 && n != 20 {
            return None;
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let x = i * 3;
            if x + 2 < b.len() && b[x + 2] != sep {
                return None;
            }
            out.push(hex2(&b[x..x + 2])?);
        }
        Some(out)
    } else if b[4] == b'.' {
        if (b.len() + 1) % 5 != 0 {
            return None;
        }
        let n = 2 * (b.len() + 1) / 5;
        if n != 6 && n != 8 && n != 20 {
            return None;
        }
        let mut out = Vec::with_capacity(n);
        for i in (0..n).step_by(2) {
            let x = i / 2 * 5;
            if x + 4 < b.len() && b[x + 4] != b'.' {
                return None;
            }
            out.push(hex2(&b[x..x + 2])?);
            out.push(hex2(&b[x + 2..x + 4])?);
        }
        Some(out)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ips() {
        assert!(parse_ip("192.168.1.01").is_none());
        assert!(parse_ip_sloppy("192.168.1.01").is_some());
        assert!(parse_ip_sloppy("198.168.254.2.2").is_none());
        assert!(parse_ip("::ffff:1.2.3.4").is_some());
        assert!(parse_ip_sloppy("::ffff:1.2.03.4").is_some());
        assert!(parse_ip("fe80::1%eth0").is_none());
        assert!(parse_cidr_sloppy("192.0.02.1/24").is_some());
        assert!(parse_cidr_sloppy("2001:db8::1/129").is_none());
        assert!(parse_cidr_sloppy("1.2.3.4/").is_none());
    }

    #[test]
    fn macs() {
        assert!(parse_mac("06:05:04:03:02:01").is_some());
        assert!(parse_mac("06-05-04-03-02-01").is_some());
        assert!(parse_mac("0605.0403.0201").is_some());
        assert!(parse_mac("06:05-04:03:02:01").is_none());
        assert!(parse_mac("01:02:03:04:05").is_none());
        assert!(parse_mac("0g:05:04:03:02:01").is_none());
    }
}
