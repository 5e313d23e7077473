//! Go `time` parsing that the string formats (and CEL `duration()`/`timestamp()`) depend on,
//! written out explicitly instead of leaning on chrono's more lenient parsers:
//!
//! * [`parse_go_duration`] — `time.ParseDuration`, with Go's error texts.
//! * [`parse_full_date`] — `time.Parse("2006-01-02", s)`.
//! * [`parse_strfmt_duration`] — kube-openapi strfmt `ParseDuration` (Go's parser, then the
//!   Scala-like `12 hours` fallback).
//! * [`is_strfmt_date_time`] — kube-openapi `IsDateTime`.

/// Go's `time.quote`: `"`-quoted, `"` and `\` escaped, bytes of non-ASCII or control
/// characters as `\xNN`.
pub fn go_time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (c as u32) >= 0x80 || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

const NANOS: u64 = 1;
const MICROS: u64 = 1_000;
const MILLIS: u64 = 1_000_000;
const SECONDS: u64 = 1_000_000_000;
const MINUTES: u64 = 60 * SECONDS;
const HOURS: u64 = 60 * MINUTES;
const LIMIT: u64 = 1 << 63;

fn go_unit(u: &str) -> Option<u64> {
    Some(match u {
        "ns" => NANOS,
        "us" | "\u{b5}s" | "\u{3bc}s" => MICROS,
        "ms" => MILLIS,
        "s" => SECONDS,
        "m" => MINUTES,
        "h" => HOURS,
        _ => return None,
    })
}

/// `time.ParseDuration`: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+` (or `0`), in nanoseconds.
/// Errors are Go's: `time: invalid duration "x"`, `time: missing unit in duration "1"`,
/// `time: unknown unit "d" in duration "1d"`.
pub fn parse_go_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", go_time_quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first() {
        if c == b'-' || c == b'+' {
            neg = c == b'-';
            s = &s[1..];
        }
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        // Leading integer.
        let mut v: u64 = 0;
        let mut i = 0;
        while i < s.len() && s[i].is_ascii_digit() {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(s[i] - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
            i += 1;
        }
        let pre = i > 0;
        s = &s[i..];
        // Fraction.
        let mut f: u64 = 0;
        let mut scale = 1f64;
        let mut post = false;
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let mut i = 0;
            let mut overflow = false;
            while i < s.len() && s[i].is_ascii_digit() {
                if !overflow {
                    if f > (LIMIT - 1) / 10 {
                        overflow = true;
                    } else {
                        let y = f * 10 + u64::from(s[i] - b'0');
                        if y > LIMIT {
                            overflow = true;
                        } else {
                            f = y;
                            scale *= 10.0;
                        }
                    }
                }
                i += 1;
            }
            post = i > 0;
            s = &s[i..];
        }
        if !pre && !post {
            return Err(invalid());
        }
        // Unit: everything up to the next digit or period.
        let i = s
            .iter()
            .position(|&c| c == b'.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if i == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                go_time_quote(orig)
            ));
        }
        let u = String::from_utf8_lossy(&s[..i]);
        s = &s[i..];
        let Some(unit) = go_unit(&u) else {
            return Err(format!(
                "time: unknown unit {} in duration {}",
                go_time_quote(&u),
                go_time_quote(orig)
            ));
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        d += v;
        if d > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        // d <= 2^63 here, so the negation fits.
        return Ok((d as i128).wrapping_neg() as i64);
    }
    if d > LIMIT - 1 {
        return Err(invalid());
    }
    Ok(d as i64)
}

/// kube-openapi strfmt `ParseDuration`: Go's parser, else every `(\d+)\s*([A-Za-zµ]+)` match
/// whose unit is one of ns/nano, us/µs/micro, ms/milli, s/sec, m/min, h/hr/hour, d/day,
/// w/wk/week (the last spelling of each group also matches as a prefix, so `hours` and
/// `weekz` are accepted). Returns nanoseconds; like Go, the sum wraps on overflow.
pub fn parse_strfmt_duration(s: &str) -> Result<i64, String> {
    if let Ok(d) = parse_go_duration(s) {
        return Ok(d);
    }
    const UNITS: &[(&[&str], i64)] = &[
        (&["ns", "nano"], 1),
        (&["us", "\u{b5}s", "micro"], 1_000),
        (&["ms", "milli"], 1_000_000),
        (&["s", "sec"], 1_000_000_000),
        (&["m", "min"], 60_000_000_000),
        (&["h", "hr", "hour"], 3_600_000_000_000),
        (&["d", "day"], 86_400_000_000_000),
        (&["w", "wk", "week"], 604_800_000_000_000),
    ];
    let mut dur: i64 = 0;
    let mut ok = false;
    for (num, unit) in scala_matches(s) {
        // strconv.Atoi: fails on overflow, which fails the whole parse.
        let factor: i64 = num.parse().map_err(|_| {
            format!(
                "strconv.Atoi: parsing {}: value out of range",
                go_time_quote(num)
            )
        })?;
        let unit = unit.to_lowercase();
        for (variants, mult) in UNITS {
            let last = variants.len() - 1;
            for (i, v) in variants.iter().enumerate() {
                if (i == last && unit.starts_with(v)) || v.to_lowercase() == unit {
                    ok = true;
                    dur = dur.wrapping_add(factor.wrapping_mul(*mult));
                }
            }
        }
    }
    if ok {
        Ok(dur)
    } else {
        Err(format!("unable to parse {s} as duration"))
    }
}

/// Non-overlapping leftmost matches of `(\d+)\s*([A-Za-zµ]+)` with Go's ASCII `\d` and `\s`
/// (`[\t\n\f\r ]`).
fn scala_matches(s: &str) -> Vec<(&str, &str)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let num_end = i;
        let mut j = i;
        while j < b.len() && matches!(b[j], b'\t' | b'\n' | b'\x0c' | b'\r' | b' ') {
            j += 1;
        }
        let unit_start = j;
        let rest = &s[unit_start..];
        let unit_len: usize = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic() || *c == '\u{b5}')
            .map(char::len_utf8)
            .sum();
        if unit_len > 0 {
            out.push((&s[start..num_end], &rest[..unit_len]));
            i = unit_start + unit_len;
        } else {
            // Leftmost-first: a shorter digit run starting later cannot match either, because
            // the same characters follow it; skip the whole run.
            i = num_end;
        }
    }
    out
}

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

fn is_leap(y: i32) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// Days in a month (1-based) of a proleptic Gregorian year.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0u32, |a, &c| a * 10 + u32::from(c - b'0')))
}

/// `time.Parse("2006-01-02", s)`: exactly `YYYY-MM-DD`, month 01–12, day valid for the month.
pub fn parse_full_date(s: &str) -> Option<Date> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])? as i32;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some(Date { year, month, day })
}

/// kube-openapi `IsDateTime`: at least 4 bytes; lower-cased and split on every `t`; the first
/// part must be a full date and the second must match
/// `^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$` with hour ≤ 23,
/// minute ≤ 59, second ≤ 59 (compared as strings). Parts after a second `t` are ignored, as
/// upstream does.
pub fn is_strfmt_date_time(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else {
        return false;
    };
    if parse_full_date(date).is_none() {
        return false;
    }
    let b = time.as_bytes();
    let two = |i: usize| b.len() >= i + 2 && b[i].is_ascii_digit() && b[i + 1].is_ascii_digit();
    if !(two(0) && b.get(2) == Some(&b':') && two(3) && b.get(5) == Some(&b':') && two(6)) {
        return false;
    }
    let (hh, mm, ss) = (&time[0..2], &time[3..5], &time[6..8]);
    // Optional fraction: any one character (Go `.` excludes only `\n`) then digits.
    let mut rest = &time[8..];
    if let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        // The fraction is optional, so the zone may start right here; try the fraction form
        // only when it leaves a valid zone (the regex backtracks the same way).
        if c != '\n' && n > 0 && is_zone(&after[n..]) {
            rest = &after[n..];
        }
    }
    is_zone(rest) && hh <= "23" && mm <= "59" && ss <= "59"
}

fn is_zone(z: &str) -> bool {
    let b = z.as_bytes();
    z == "z"
        || (b.len() == 6
            && (b[0] == b'+' || b[0] == b'-')
            && b[1].is_ascii_digit()
            && b[2].is_ascii_digit()
            && b[3] == b':'
            && b[4].is_ascii_digit()
            && b[5].is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        assert_eq!(parse_go_duration("1h30m"), Ok(5_400_000_000_000));
        assert_eq!(parse_go_duration("-1.5s"), Ok(-1_500_000_000));
        assert_eq!(parse_go_duration("0"), Ok(0));
        assert_eq!(parse_go_duration("1µs"), Ok(1_000));
        assert_eq!(parse_go_duration(".5ms"), Ok(500_000));
        assert_eq!(
            parse_go_duration("1"),
            Err(r#"time: missing unit in duration "1""#.into())
        );
        assert_eq!(
            parse_go_duration("1d"),
            Err(r#"time: unknown unit "d" in duration "1d""#.into())
        );
        assert_eq!(
            parse_go_duration(""),
            Err(r#"time: invalid duration """#.into())
        );
        assert_eq!(
            parse_go_duration(".s"),
            Err(r#"time: invalid duration ".s""#.into())
        );
        assert_eq!(parse_go_duration("9223372036854775807ns"), Ok(i64::MAX));
        assert!(parse_go_duration("9223372036854775808ns").is_err());
        assert_eq!(parse_go_duration("-9223372036854775808ns"), Ok(i64::MIN));
        assert!(parse_go_duration("3000000h").is_err());
    }

    #[test]
    fn strfmt_durations() {
        assert_eq!(parse_strfmt_duration("3 days"), Ok(3 * 86_400_000_000_000));
        assert!(parse_strfmt_duration("1 y").is_err());
        assert!(parse_strfmt_duration("three week").is_err());
    }

    #[test]
    fn dates() {
        assert!(parse_full_date("2000-02-29").is_some());
        assert!(parse_full_date("1900-02-29").is_none());
        assert!(parse_full_date("2017-1-1").is_none());
        assert!(is_strfmt_date_time("2011-08-18T19:03:37.000+01:00"));
        assert!(is_strfmt_date_time("2011-08-18t19:03:37z"));
        assert!(!is_strfmt_date_time("1972-12-31T23:59:60.000Z"));
        assert!(!is_strfmt_date_time("2011-08-18T19:03:37"));
    }
}
