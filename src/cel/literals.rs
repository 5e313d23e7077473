//! Literal validation for the 1.29+ AST validators (cel-go `cel/validator.go`): a constant
//! argument to `duration(...)`, `timestamp(...)` or `matches(...)` must be valid at compile time.
//!
//! Durations follow Go's `time.ParseDuration`; timestamps Go's `time.Parse(time.RFC3339, ...)`
//! within CEL's range (years 1 to 9999); regexes with Go's RE2 rules, through the translator in
//! [`crate::schema::regex`].

/// Go `time.ParseDuration`: the duration in nanoseconds, from the one parser
/// ([`crate::schema::formats::gotime::parse_go_duration`]); a literal has no limit beyond Go's
/// range here, as before (the old copy checked the same bounds).
pub fn parse_duration(s: &str) -> Option<i128> {
    crate::schema::formats::gotime::parse_go_duration(s)
        .ok()
        .map(i128::from)
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
