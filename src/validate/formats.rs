//! The string-format checks of kube-openapi's default registry, by normalised format name
//! (`date-time` → `datetime`), as the CR validator calls them.
//!
//! The validators themselves belong to the schema layer; this module is the one place the
//! validator asks, so the registry can change without touching the traversal.

use crate::k8s::names;

/// True when `value` is a valid `format` (normalised name, as returned by the registry lookup).
/// Formats without a checker here are accepted.
pub(crate) fn validates(format: &str, value: &str) -> bool {
    match format {
        "k8sshortname" => names::is_dns1123_label(value).is_empty(),
        "k8slongname" => names::is_dns1123_subdomain(value).is_empty(),
        "password" => true,
        "ipv4" => value.contains('.') && parse_ipv4_sloppy(value),
        "ipv6" => value.contains(':') && value.parse::<std::net::Ipv6Addr>().is_ok(),
        "uuid" | "uuid3" | "uuid4" | "uuid5" => uuid_like(format, value),
        "bsonobjectid" => value.len() == 24 && value.bytes().all(|b| b.is_ascii_hexdigit()),
        "hexcolor" => {
            let h = value.strip_prefix('#').unwrap_or(value);
            (h.len() == 3 || h.len() == 6) && h.bytes().all(|b| b.is_ascii_hexdigit())
        }
        "date" => valid_date(value),
        "datetime" => valid_datetime(value),
        "byte" => valid_base64(value),
        _ => true,
    }
}

/// `ParseIPSloppy` for dotted quads: four decimal parts 0..=255, leading zeros allowed.
fn parse_ipv4_sloppy(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()) && {
                p.parse::<u32>().is_ok_and(|n| n <= 255)
            }
        })
}

fn uuid_like(format: &str, s: &str) -> bool {
    let hex: String = s.chars().filter(|c| *c != '-').collect();
    // Dashes are optional in each position, but only where the regex allows them.
    let groups = [8usize, 4, 4, 4, 12];
    let mut rest = s;
    for (i, g) in groups.iter().enumerate() {
        if rest.len() < *g || !rest.as_bytes()[..*g].iter().all(|b| b.is_ascii_hexdigit()) {
            return false;
        }
        rest = &rest[*g..];
        if i < 4 {
            rest = rest.strip_prefix('-').unwrap_or(rest);
        }
    }
    if !rest.is_empty() || hex.len() != 32 {
        return false;
    }
    let b = hex.as_bytes();
    let variant_ok = |c: u8| matches!(c.to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b');
    match format {
        "uuid3" => b[12] == b'3',
        "uuid4" => b[12] == b'4' && variant_ok(b[16]),
        "uuid5" => b[12] == b'5' && variant_ok(b[16]),
        _ => true,
    }
}

fn valid_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let t = &s[r];
        t.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| t.parse().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    chrono::NaiveDate::from_ymd_opt(y as i32, m, d).is_some()
}

fn valid_datetime(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split('t').collect();
    if parts.len() < 2 || !valid_date(parts[0]) {
        return false;
    }
    let t = parts[1].as_bytes();
    // hh:mm:ss(.frac)?(z|±hh:mm)
    if t.len() < 9 || t[2] != b':' || t[5] != b':' {
        return false;
    }
    let two = |i: usize| t[i].is_ascii_digit() && t[i + 1].is_ascii_digit();
    if !(two(0) && two(3) && two(6)) {
        return false;
    }
    if &parts[1][0..2] > "23" || &parts[1][3..5] > "59" || &parts[1][6..8] > "59" {
        return false;
    }
    let mut rest = &parts[1][8..];
    if rest.len() > 1 && !rest.starts_with('z') && !rest.starts_with('+') && !rest.starts_with('-')
    {
        // `(.[0-9]+)?`: any character then digits.
        let mut it = rest.char_indices().skip(1);
        let mut end = 1;
        let mut digits = 0;
        for (i, c) in it.by_ref() {
            if c.is_ascii_digit() {
                digits += 1;
                end = i + 1;
            } else {
                break;
            }
        }
        if digits == 0 {
            return false;
        }
        rest = &rest[end..];
    }
    if rest == "z" {
        return true;
    }
    let r = rest.as_bytes();
    r.len() == 6
        && (r[0] == b'+' || r[0] == b'-')
        && r[1].is_ascii_digit()
        && r[2].is_ascii_digit()
        && r[3] == b':'
        && r[4].is_ascii_digit()
        && r[5].is_ascii_digit()
}

fn valid_base64(s: &str) -> bool {
    use base64::Engine;
    !s.is_empty() && base64::engine::general_purpose::STANDARD.decode(s).is_ok()
}
