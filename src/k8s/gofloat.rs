//! Go's `strconv.ParseFloat(s, 64)`, which the API server's libraries use to read floats from
//! strings (cel-go's `double(string)`, `strconv`-based parsers).
//!
//! The accepted syntax is Go's floating-point literal syntax (facts from Go's `strconv/atof.go`
//! and `atoi.go`): an optional sign; decimal digits with an optional `.` and an optional
//! `e`/`E` exponent; or a `0x`/`0X` hexadecimal mantissa (with an optional `.`) and a required
//! `p`/`P` binary exponent; `_` may separate digits (or follow a base prefix) but never
//! start, end or double up; `inf`, `infinity` (optionally signed) and `nan` in any case. A
//! well-formed number beyond the float64 range is a range error (`1e400`), not infinity.

/// Why a string is not a float64, as Go's `*strconv.NumError` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatError {
    /// `invalid syntax`
    Syntax,
    /// `value out of range` (the value would be ±Inf)
    Range,
}

impl FloatError {
    /// Go's `NumError.Error()` for `ParseFloat(s)`.
    pub fn go_message(self, s: &str) -> String {
        let why = match self {
            FloatError::Syntax => "invalid syntax",
            FloatError::Range => "value out of range",
        };
        format!(
            "strconv.ParseFloat: parsing {}: {why}",
            super::field::go_quote(s)
        )
    }
}

/// Parses `s` as Go's `strconv.ParseFloat(s, 64)` does.
pub fn parse_float(s: &str) -> Result<f64, FloatError> {
    if let Some(v) = special(s) {
        return Ok(v);
    }
    let lit = read_literal(s).ok_or(FloatError::Syntax)?;
    if lit.underscores && !underscore_ok(s) {
        return Err(FloatError::Syntax);
    }
    let v = if lit.hex {
        hex_value(s)?
    } else {
        let digits: String = s.chars().filter(|&c| c != '_').collect();
        // Rust's parser is correctly rounded like Go's, and takes the same decimal forms.
        digits.parse::<f64>().map_err(|_| FloatError::Syntax)?
    };
    if v.is_infinite() {
        return Err(FloatError::Range);
    }
    Ok(v)
}

/// `inf`, `infinity` with an optional sign, and unsigned `nan`, ignoring case.
fn special(s: &str) -> Option<f64> {
    let lower = s.to_ascii_lowercase();
    let (neg, rest) = match lower.as_bytes().first()? {
        b'+' => (false, &lower[1..]),
        b'-' => (true, &lower[1..]),
        _ => {
            if lower == "nan" {
                return Some(f64::NAN);
            }
            (false, lower.as_str())
        }
    };
    if rest == "inf" || rest == "infinity" {
        return Some(if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    None
}

struct Literal {
    hex: bool,
    underscores: bool,
}

/// Go's `readFloat` grammar over the whole string.
fn read_literal(s: &str) -> Option<Literal> {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut hex = false;
    if i + 2 < b.len() && b[i] == b'0' && b[i + 1].eq_ignore_ascii_case(&b'x') {
        hex = true;
        i += 2;
    }
    let mut underscores = false;
    let mut sawdot = false;
    let mut sawdigits = false;
    while i < b.len() {
        let c = b[i];
        if c == b'_' {
            underscores = true;
        } else if c == b'.' {
            if sawdot {
                break;
            }
            sawdot = true;
        } else if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            sawdigits = true;
        } else {
            break;
        }
        i += 1;
    }
    if !sawdigits {
        return None;
    }
    let exp_char = if hex { b'p' } else { b'e' };
    if i < b.len() && b[i].eq_ignore_ascii_case(&exp_char) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            underscores |= b[i] == b'_';
            i += 1;
        }
    } else if hex {
        return None;
    }
    (i == b.len()).then_some(Literal { hex, underscores })
}

/// Go's `underscoreOK`: `_` only between digits, or between a base prefix and a digit.
fn underscore_ok(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    // The last class seen: '^' start, '0' digit or base prefix, '_' underscore, '!' other.
    let mut saw = b'^';
    let mut hex = false;
    if b.len() >= i + 2 && b[i] == b'0' && matches!(b[i + 1] | 0x20, b'b' | b'o' | b'x') {
        hex = b[i + 1] | 0x20 == b'x';
        saw = b'0';
        i += 2;
    }
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// The value of a well-formed hexadecimal literal: mantissa bits times a power of two, rounded
/// once to float64.
fn hex_value(s: &str) -> Result<f64, FloatError> {
    let b = s.as_bytes();
    let neg = b[0] == b'-';
    let start = usize::from(matches!(b[0], b'+' | b'-')) + 2;
    let p = s[start..]
        .find(['p', 'P'])
        .map(|i| start + i)
        .ok_or(FloatError::Syntax)?;
    // Up to 16 significant hex digits exactly; any further non-zero digit is a sticky bit.
    let mut mant: u64 = 0;
    let mut digits = 0;
    let mut sticky = false;
    let mut exp: i64 = 0;
    let mut after_dot = false;
    for &c in &b[start..p] {
        match c {
            b'_' => {}
            b'.' => after_dot = true,
            _ => {
                let d = u64::from((c as char).to_digit(16).ok_or(FloatError::Syntax)?);
                if mant == 0 && d == 0 {
                    if after_dot {
                        exp -= 4;
                    }
                    continue;
                }
                if digits < 16 {
                    mant = mant * 16 + d;
                    digits += 1;
                    if after_dot {
                        exp -= 4;
                    }
                } else {
                    sticky |= d != 0;
                    if !after_dot {
                        exp += 4;
                    }
                }
            }
        }
    }
    let e: String = s[p + 1..].chars().filter(|&c| c != '_').collect();
    let e: i64 = e.parse::<i64>().unwrap_or(if e.starts_with('-') {
        -100_000
    } else {
        100_000
    });
    let exp = exp.saturating_add(e.clamp(-100_000, 100_000));
    if mant == 0 {
        return Ok(if neg { -0.0 } else { 0.0 });
    }
    let v = scale_round(mant, sticky, exp);
    Ok(if neg { -v } else { v })
}

/// `mant * 2^exp` (plus a sticky bit below `mant`), correctly rounded to float64 including
/// subnormals.
fn scale_round(mant: u64, sticky: bool, exp: i64) -> f64 {
    // Normalise to a 64-bit mantissa with the top bit set.
    let shift = mant.leading_zeros() as i64;
    let m = mant << shift;
    let e = exp - shift; // value = m * 2^e
                         // The value's binary exponent (of the leading bit).
    let lead = e + 63;
    if lead > 1023 {
        return f64::INFINITY;
    }
    // Bits to keep: 53 for normal numbers, fewer for subnormals.
    let keep: i64 = if lead >= -1022 {
        53
    } else {
        53 - (-1022 - lead)
    };
    if keep <= 0 {
        // Below half the smallest subnormal rounds to zero; exactly half rounds to even (0).
        let half_or_more = keep == 0 && (m > 1 << 63 || (m == 1 << 63 && sticky));
        return if half_or_more { f64::from_bits(1) } else { 0.0 };
    }
    let drop = 64 - keep as u32;
    let mut kept = m >> drop;
    let rest = m & ((1u64 << drop) - 1);
    let half = 1u64 << (drop - 1);
    if rest > half || (rest == half && (sticky || kept & 1 == 1)) {
        kept += 1;
    }
    // kept * 2^(e + drop); kept fits in 54 bits, the power of two is exact.
    kept as f64 * pow2(e + i64::from(drop))
}

/// `2^k` as an exact f64 product (splitting to stay within the normal range on the way).
fn pow2(k: i64) -> f64 {
    let mut k = k;
    let mut v = 1.0f64;
    while k > 1000 {
        v *= f64::from_bits(((1000 + 1023) as u64) << 52);
        k -= 1000;
    }
    while k < -1000 {
        v *= f64::from_bits(((-1000 + 1023) as u64) << 52);
        k += 1000;
    }
    v * f64::from_bits(((k + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FloatError::*;

    #[test]
    fn go_strconv_parse_float_table() {
        // Cases from Go's atof_test.go tables (facts: input, value or error).
        let ok: &[(&str, f64)] = &[
            ("1", 1.0),
            ("+1", 1.0),
            ("1e23", 1e23),
            ("1E23", 1e23),
            ("100000000000000000000000", 1e23),
            ("1e-100", 1e-100),
            ("-1", -1.0),
            ("-0", -0.0),
            ("1e-20", 1e-20),
            ("625e-3", 0.625),
            (".5", 0.5),
            ("5.", 5.0),
            ("0x1p-2", 0.25),
            ("0x1P-2", 0.25),
            ("0x1.8p1", 3.0),
            ("0x.8p1", 1.0),
            ("0x1p1_0", 1024.0),
            ("0x_1p0", 1.0),
            ("1_23.5e+1_0", 123.5e10),
            (
                "0x1fffffffffffffp-52",
                9007199254740991.0 / 4503599627370496.0,
            ),
            ("0x1.fffffffffffffp1023", f64::MAX),
            ("0x1p-1074", 5e-324),
            ("0x1p-1075", 0.0),
            ("0x1.8p-1074", 1e-323),
            ("1e-400", 0.0),
            ("1.7976931348623157e308", f64::MAX),
            ("4.940656458412465441765687928682213723651e-324", 5e-324),
            ("inf", f64::INFINITY),
            ("-Inf", f64::NEG_INFINITY),
            ("+INFINITY", f64::INFINITY),
        ];
        for (s, want) in ok {
            let got = parse_float(s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
            assert_eq!(got.to_bits(), want.to_bits(), "{s}: {got}");
        }
        assert!(parse_float("NaN").unwrap().is_nan());
        let bad: &[(&str, FloatError)] = &[
            ("", Syntax),
            ("1x", Syntax),
            ("1.1.", Syntax),
            ("1e", Syntax),
            ("1e-", Syntax),
            (".e-1", Syntax),
            ("0x1p", Syntax),
            ("0x1", Syntax),
            ("0x", Syntax),
            ("1__2", Syntax),
            ("_12", Syntax),
            ("12_", Syntax),
            ("1_.5", Syntax),
            ("1._5", Syntax),
            ("+nan", Syntax),
            ("infin", Syntax),
            (" 1", Syntax),
            ("1e400", Range),
            ("-1e400", Range),
            ("1.7976931348623159e308", Range),
            ("0x1p1024", Range),
            ("0x2p1023", Range),
        ];
        for (s, want) in bad {
            assert_eq!(parse_float(s), Err(*want), "{s}");
        }
        assert_eq!(
            Range.go_message("1e400"),
            "strconv.ParseFloat: parsing \"1e400\": value out of range"
        );
    }
}
