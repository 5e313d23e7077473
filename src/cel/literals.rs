//! Literal validation for the 1.29+ AST validators (cel-go `cel/validator.go`): a constant
//! argument to `duration(...)`, `timestamp(...)` or `matches(...)` must be valid at compile time.
//!
//! Durations follow Go's `time.ParseDuration`; timestamps Go's `time.Parse(time.RFC3339, ...)`
//! within CEL's range (years 1 to 9999); regexes with Go's RE2 rules, through the translator in
//! [`crate::schema::regex`].

/// Go `time.ParseDuration`: the duration in nanoseconds.
pub fn parse_duration(s: &str) -> Option<i128> {
    let mut rest = s;
    let mut neg = false;
    if let Some(r) = rest.strip_prefix('-') {
        neg = true;
        rest = r;
    } else if let Some(r) = rest.strip_prefix('+') {
        rest = r;
    }
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let int_part = &rest[..digits];
        rest = &rest[digits..];
        let mut frac_part = "";
        if let Some(r) = rest.strip_prefix('.') {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            frac_part = &r[..n];
            rest = &r[n..];
        }
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return None,
        };
        let iv: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse::<i128>().ok()?
        };
        if iv > (1i128 << 63) {
            return None;
        }
        let mut v = iv.checked_mul(scale)?;
        if !frac_part.is_empty() {
            let f: f64 = format!("0.{frac_part}").parse().ok()?;
            v += (f * scale as f64) as i128;
        }
        total = total.checked_add(v)?;
        if total > (1i128 << 63) {
            return None;
        }
    }
    if !neg && total > i64::MAX as i128 {
        return None;
    }
    Some(if neg { -total } else { total })
}

/// RFC 3339 timestamp within CEL's range.
pub fn parse_timestamp(s: &str) -> Option<chrono::DateTime<chrono::FixedOffset>> {
    // Go's RFC3339 layout wants an upper-case `T` and `Z`; chrono also takes a space or `t`.
    let b = s.as_bytes();
    if b.len() < 20 || b[10] != b'T' {
        return None;
    }
    let t = chrono::DateTime::parse_from_rfc3339(s).ok()?;
    let y = chrono::Datelike::year(&t.naive_utc());
    (1..=9999).contains(&y).then_some(t)
}

/// Whether `re` compiles as a Go (RE2) regular expression (one too complex to check offline
/// does: Go accepts it).
pub fn regex_compiles(re: &str) -> bool {
    crate::schema::regex::compile(re).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_like_go() {
        assert_eq!(parse_duration("1h30m"), Some(5_400_000_000_000));
        assert_eq!(parse_duration("1.5s"), Some(1_500_000_000));
        assert_eq!(parse_duration("-2ms"), Some(-2_000_000));
        assert_eq!(parse_duration("0"), Some(0));
        assert_eq!(parse_duration("1x"), None);
        assert_eq!(parse_duration("1"), None);
        assert_eq!(parse_duration(""), None);
    }

    #[test]
    fn timestamps_and_regexes() {
        assert!(parse_timestamp("2023-01-01T00:00:00Z").is_some());
        assert!(parse_timestamp("bad").is_none());
        assert!(regex_compiles("^[a-z]+$"));
        assert!(!regex_compiles("["));
    }
}
