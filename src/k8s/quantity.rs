//! apimachinery `resource.Quantity`: parsing (`ParseQuantity`, with its error texts), exact
//! comparison and arithmetic, and the conversions the CEL `quantity` library exposes.
//!
//! The value is kept the way apimachinery keeps it, because some results depend on the
//! representation and not only on the number:
//!
//! * the fast path stores `value × 10^scale` in an `int64` (`1k` = 1×10³, `1000m` = 1000×10⁻³);
//! * anything that does not fit (long digit strings, precision below a nanounit, fractional
//!   binary suffixes) becomes an arbitrary-precision decimal rounded *away from zero* to 10⁻⁹.
//!
//! [`Quantity::as_i64`] is Go's `AsInt64`, which only succeeds on the fast path with a
//! non-negative scale — so `1000m` and `1.5Ki` are "not integers" even though their values
//! are whole. Comparison and arithmetic are exact, as upstream.

use std::cmp::Ordering;
use std::fmt;

/// `ErrFormatWrong`, `ErrNumeric`, `ErrSuffix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantityError {
    FormatWrong,
    Numeric,
    Suffix,
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QuantityError::FormatWrong => "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
            QuantityError::Numeric => "unable to parse numeric part of quantity",
            QuantityError::Suffix => "unable to parse quantity's suffix",
        })
    }
}

impl std::error::Error for QuantityError {}

/// How the quantity was written (kept for canonical printing by callers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    DecimalExponent,
    BinarySI,
    DecimalSI,
}

/// A parsed quantity.
#[derive(Clone, Debug)]
pub struct Quantity {
    repr: Repr,
    pub format: Format,
}

#[derive(Clone, Debug)]
enum Repr {
    /// `int64Amount`: value × 10^scale.
    Int { value: i64, scale: i32 },
    /// `inf.Dec`: (-1)^neg × unscaled × 10^-scale.
    Dec {
        neg: bool,
        unscaled: Big,
        scale: i64,
    },
}

const NANO_SCALE: i64 = 9;
const MAX_INT64_FACTORS: i32 = 18;

impl Quantity {
    /// `ParseQuantity`.
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        if s.is_empty() {
            return Err(QuantityError::FormatWrong);
        }
        if s == "0" {
            return Ok(Quantity {
                repr: Repr::Int { value: 0, scale: 0 },
                format: Format::DecimalSI,
            });
        }
        let p = split(s)?;
        let (base, exponent, mut format) =
            interpret_suffix(p.suffix).ok_or(QuantityError::Suffix)?;

        let precision: i32;
        let mut scale: i32 = 0;
        let mut mantissa: i64 = 1;
        match format {
            Format::DecimalExponent | Format::DecimalSI => {
                scale = exponent;
                precision = MAX_INT64_FACTORS - (p.num.len() + p.denom.len()) as i32;
            }
            Format::BinarySI => {
                if exponent >= 0 && p.denom.is_empty() {
                    mantissa = 1i64.checked_shl(exponent as u32).unwrap_or(0);
                    precision =
                        15 - p.num.len() as i32 - ((exponent as f32) * 3.0 / 10.0) as i32 - 1;
                } else {
                    precision = -1;
                }
            }
        }
        if precision >= 0 {
            scale -= p.denom.len() as i32;
            if scale >= -(NANO_SCALE as i32) {
                let shifted = format!("{}{}", p.num, p.denom);
                let value: i64 = shifted.parse().map_err(|_| QuantityError::Numeric)?;
                if let Some(mut result) = value.checked_mul(mantissa) {
                    if !p.positive {
                        result = -result;
                    }
                    return Ok(Quantity {
                        repr: Repr::Int {
                            value: result,
                            scale,
                        },
                        format,
                    });
                }
            }
        }

        // Slow path: an exact decimal of the numeric text.
        let (mut unscaled, mut dscale) = parse_decimal(p.value).ok_or(QuantityError::Numeric)?;
        if base == 10 {
            dscale -= i64::from(exponent);
        } else {
            unscaled = unscaled.mul_pow2(exponent.max(0) as u32);
        }
        let neg = !p.positive;
        if !unscaled.is_zero() {
            (unscaled, dscale) = round_up_to_scale(unscaled, dscale, NANO_SCALE);
        }
        if format == Format::BinarySI {
            let max = Big::from_u64(i64::MAX as u64);
            if cmp_dec(&unscaled, dscale, &max, 0) == Ordering::Greater {
                unscaled = max;
                dscale = 0;
            }
            let one = Big::from_u64(1);
            if !unscaled.is_zero() && cmp_dec(&unscaled, dscale, &one, 0) == Ordering::Less {
                format = Format::DecimalSI;
            }
        }
        Ok(Quantity {
            repr: Repr::Dec {
                neg: neg && !unscaled.is_zero(),
                unscaled,
                scale: dscale,
            },
            format,
        })
    }

    /// `NewQuantity(v, DecimalSI)`: an integer on the fast path (the CEL library's `add(int)`).
    pub fn from_i64(value: i64) -> Quantity {
        Quantity {
            repr: Repr::Int { value, scale: 0 },
            format: Format::DecimalSI,
        }
    }

    /// The value as an exact decimal `(negative, unscaled, scale)`: value = ±unscaled × 10^-scale.
    fn as_dec(&self) -> (bool, Big, i64) {
        match &self.repr {
            Repr::Int { value, scale } => (
                *value < 0,
                Big::from_u64(value.unsigned_abs()),
                -i64::from(*scale),
            ),
            Repr::Dec {
                neg,
                unscaled,
                scale,
            } => (*neg, unscaled.clone(), *scale),
        }
    }

    /// `Sign()`: -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        match &self.repr {
            Repr::Int { value, .. } => value.signum() as i32,
            Repr::Dec { neg, unscaled, .. } => {
                if unscaled.is_zero() {
                    0
                } else if *neg {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// `Cmp(y)`: exact comparison.
    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        let (an, a, asc) = self.as_dec();
        let (bn, b, bsc) = other.as_dec();
        let a_zero = a.is_zero();
        let b_zero = b.is_zero();
        let sa = if a_zero {
            0
        } else if an {
            -1
        } else {
            1
        };
        let sb = if b_zero {
            0
        } else if bn {
            -1
        } else {
            1
        };
        if sa != sb {
            return sa.cmp(&sb);
        }
        let mag = cmp_dec(&a, asc, &b, bsc);
        if sa < 0 {
            mag.reverse()
        } else {
            mag
        }
    }

    /// `AsInt64()`: only fast-path quantities with a non-negative scale that fit in int64.
    pub fn as_i64(&self) -> Option<i64> {
        match self.repr {
            Repr::Int { value, scale } => {
                if scale == 0 {
                    Some(value)
                } else if scale < 0 {
                    None
                } else {
                    let mut v = value;
                    for _ in 0..scale {
                        v = v.checked_mul(10)?;
                    }
                    Some(v)
                }
            }
            Repr::Dec { .. } => None,
        }
    }

    /// `AsApproximateFloat64()`: `unscaled × math.Pow10(exponent)`, with Go's `Pow10` table.
    pub fn as_approximate_f64(&self) -> f64 {
        let (base, exponent) = match &self.repr {
            Repr::Int { value, scale } => (*value as f64, i64::from(*scale)),
            Repr::Dec {
                neg,
                unscaled,
                scale,
            } => {
                let b = unscaled.to_f64();
                (if *neg { -b } else { b }, -*scale)
            }
        };
        if exponent == 0 {
            return base;
        }
        base * go_pow10(exponent)
    }

    /// `Add(y)` (exact; the fast path is kept when it does not overflow).
    pub fn add(&self, other: &Quantity) -> Quantity {
        self.combine(other, false)
    }

    /// `Sub(y)`.
    pub fn sub(&self, other: &Quantity) -> Quantity {
        self.combine(other, true)
    }

    fn combine(&self, other: &Quantity, negate: bool) -> Quantity {
        let format = if self.sign() == 0 {
            other.format
        } else {
            self.format
        };
        if let (
            Repr::Int {
                value: a,
                scale: asc,
            },
            Repr::Int {
                value: b,
                scale: bsc,
            },
        ) = (&self.repr, &other.repr)
        {
            let b = if negate { b.wrapping_neg() } else { *b };
            if let Some((v, s)) = int_add(*a, *asc, b, *bsc) {
                return Quantity {
                    repr: Repr::Int { value: v, scale: s },
                    format,
                };
            }
        }
        let (an, a, asc) = self.as_dec();
        let (bn, b, bsc) = other.as_dec();
        let bn = if negate { !bn } else { bn };
        let scale = asc.max(bsc);
        // Aligning multiplies by 10^k; cap k so hostile exponents cannot exhaust memory.
        let (a, b) = match (align(&a, scale - asc), align(&b, scale - bsc)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                // The smaller-scaled operand dominates beyond any precision we could show.
                return if asc <= bsc {
                    self.clone()
                } else {
                    let mut q = other.clone();
                    if negate {
                        q = q.negated();
                    }
                    q
                };
            }
        };
        let (neg, unscaled) = if an == bn {
            (an, a.add(&b))
        } else {
            match a.cmp(&b) {
                Ordering::Less => (bn, b.sub(&a)),
                _ => (an, a.sub(&b)),
            }
        };
        Quantity {
            repr: Repr::Dec {
                neg: neg && !unscaled.is_zero(),
                unscaled,
                scale,
            },
            format,
        }
    }

    fn negated(&self) -> Quantity {
        let repr = match &self.repr {
            Repr::Int { value, scale } => Repr::Int {
                value: value.wrapping_neg(),
                scale: *scale,
            },
            Repr::Dec {
                neg,
                unscaled,
                scale,
            } => Repr::Dec {
                neg: !neg && !unscaled.is_zero(),
                unscaled: unscaled.clone(),
                scale: *scale,
            },
        };
        Quantity {
            repr,
            format: self.format,
        }
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.cmp_value(other) == Ordering::Equal
    }
}

/// `int64Amount.Add`.
fn int_add(a: i64, asc: i32, b: i64, bsc: i32) -> Option<(i64, i32)> {
    if b == 0 {
        return Some((a, asc));
    }
    if a == 0 {
        return Some((b, bsc));
    }
    let scale10 = |v: i64, k: i32| -> Option<i64> { (0..k).try_fold(v, |v, _| v.checked_mul(10)) };
    match asc.cmp(&bsc) {
        Ordering::Equal => Some((a.checked_add(b)?, asc)),
        Ordering::Greater => Some((scale10(a, asc - bsc)?.checked_add(b)?, bsc)),
        Ordering::Less => Some((a.checked_add(scale10(b, bsc - asc)?)?, asc)),
    }
}

const MAX_ALIGN_DIGITS: i64 = 100_000;

fn align(v: &Big, k: i64) -> Option<Big> {
    if k > MAX_ALIGN_DIGITS {
        return None;
    }
    Some(v.mul_pow10(k as u32))
}

struct Parts<'a> {
    positive: bool,
    /// Sign, integer digits, `.` and fraction as written (what `inf.Dec.SetString` sees).
    value: &'a str,
    num: String,
    denom: &'a str,
    suffix: &'a str,
}

/// `parseQuantityString`.
fn split(s: &str) -> Result<Parts<'_>, QuantityError> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos = 1;
        }
        Some(b'+') => pos = 1,
        _ => {}
    }
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Parts {
            positive,
            value: "0",
            num: "0".into(),
            denom: "",
            suffix: "",
        });
    }
    let num_start = pos;
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let mut num = s[num_start..pos].to_string();
    if pos >= end {
        return Ok(Parts {
            positive,
            value: s,
            num,
            denom: "",
            suffix: "",
        });
    }
    if num.is_empty() {
        num = "0".into();
    }
    let mut denom = "";
    if b[pos] == b'.' {
        pos += 1;
        let d_start = pos;
        while pos < end && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[d_start..pos];
        if pos >= end {
            return Ok(Parts {
                positive,
                value: s,
                num,
                denom,
                suffix: "",
            });
        }
    }
    let value = &s[..pos];
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::FormatWrong);
    }
    Ok(Parts {
        positive,
        value,
        num,
        denom,
        suffix: &s[suffix_start..],
    })
}

/// `quantitySuffixer.interpret`: (base, exponent, format).
fn interpret_suffix(s: &str) -> Option<(u32, i32, Format)> {
    let dec = |e| Some((10, e, Format::DecimalSI));
    let bin = |e| Some((2, e, Format::BinarySI));
    match s {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ => {
            let rest = s.strip_prefix(['e', 'E'])?;
            if rest.is_empty() {
                return None;
            }
            // strconv.ParseInt(rest, 10, 64), then truncated to int32 as upstream does.
            let d = rest.strip_prefix(['+', '-']).unwrap_or(rest);
            if d.is_empty() || !d.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let v: i64 = rest.parse().ok()?;
            Some((10, v as i32, Format::DecimalExponent))
        }
    }
}

/// `inf.Dec.SetString` of `[+-]?digits[.digits]`: (unscaled magnitude, scale).
fn parse_decimal(v: &str) -> Option<(Big, i64)> {
    let d = v.strip_prefix(['+', '-']).unwrap_or(v);
    let (int, frac) = d.split_once('.').unwrap_or((d, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let digits = format!("{int}{frac}");
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((Big::from_dec(&digits), frac.len() as i64))
}

/// `Round(x, target, RoundUp)` on a non-negative magnitude: away from zero when digits are
/// dropped; rescaled upward (exactly) when the scale is below the target and the result stays
/// small enough to matter for floating-point conversion.
fn round_up_to_scale(v: Big, scale: i64, target: i64) -> (Big, i64) {
    if scale > target {
        let drop = scale - target;
        let len = v.decimal_len() as i64;
        if drop >= len {
            // Everything is below the target unit: a non-zero value rounds up to one unit.
            return (Big::from_u64(1), target);
        }
        let (q, rem_nonzero) = v.div_pow10(drop as u32);
        let q = if rem_nonzero {
            q.add(&Big::from_u64(1))
        } else {
            q
        };
        (q, target)
    } else if target - scale <= 400 {
        (v.mul_pow10((target - scale) as u32), target)
    } else {
        (v, scale)
    }
}

/// Compares a×10^-as with b×10^-bs (magnitudes).
fn cmp_dec(a: &Big, asc: i64, b: &Big, bsc: i64) -> Ordering {
    match (a.is_zero(), b.is_zero()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        _ => {}
    }
    // Order of magnitude first: digits - scale.
    let ma = a.decimal_len() as i64 - asc;
    let mb = b.decimal_len() as i64 - bsc;
    if ma != mb {
        return ma.cmp(&mb);
    }
    // Same magnitude: the scale difference is bounded by the digit counts.
    let scale = asc.max(bsc);
    let a2 = a.mul_pow10((scale - asc) as u32);
    let b2 = b.mul_pow10((scale - bsc) as u32);
    a2.cmp(&b2)
}

/// Go `math.Pow10`: exact table products, 0 below 1e-323, +Inf above 1e308.
pub fn go_pow10(n: i64) -> f64 {
    const TAB: [f64; 32] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POS32: [f64; 10] = [
        1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288,
    ];
    const NEG32: [f64; 11] = [
        1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320,
    ];
    if (0..=308).contains(&n) {
        return POS32[(n / 32) as usize] * TAB[(n % 32) as usize];
    }
    if (-323..=0).contains(&n) {
        let m = -n;
        return NEG32[(m / 32) as usize] / TAB[(m % 32) as usize];
    }
    if n > 0 {
        f64::INFINITY
    } else {
        0.0
    }
}

/// A minimal unsigned big integer in base 10^9 (little-endian limbs), enough for quantities.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    fn from_u64(mut v: u64) -> Big {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push((v % LIMB) as u32);
            v /= LIMB;
        }
        Big(limbs)
    }

    fn from_dec(digits: &str) -> Big {
        let d = digits.trim_start_matches('0');
        let b = d.as_bytes();
        let mut limbs = Vec::with_capacity(b.len() / 9 + 1);
        let mut end = b.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let limb = b[start..end]
                .iter()
                .fold(0u32, |a, &c| a * 10 + u32::from(c - b'0'));
            limbs.push(limb);
            end = start;
        }
        let mut r = Big(limbs);
        r.trim();
        r
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn decimal_len(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() - 1) * 9 + top.to_string().len(),
        }
    }

    fn to_decimal_string(&self) -> String {
        let mut s = match self.0.last() {
            None => return "0".into(),
            Some(top) => top.to_string(),
        };
        for limb in self.0.iter().rev().skip(1) {
            s.push_str(&format!("{limb:09}"));
        }
        s
    }

    /// Correctly rounded conversion (Rust's float parsing is exact-then-round, like big.Float).
    fn to_f64(&self) -> f64 {
        self.to_decimal_string().parse().unwrap_or(f64::INFINITY)
    }

    fn mul_small(&self, m: u32) -> Big {
        let mut carry = 0u64;
        let mut out = Vec::with_capacity(self.0.len() + 1);
        for &l in &self.0 {
            let v = u64::from(l) * u64::from(m) + carry;
            out.push((v % LIMB) as u32);
            carry = v / LIMB;
        }
        while carry > 0 {
            out.push((carry % LIMB) as u32);
            carry /= LIMB;
        }
        let mut r = Big(out);
        r.trim();
        r
    }

    fn mul_pow2(&self, mut k: u32) -> Big {
        let mut r = self.clone();
        while k > 0 {
            let step = k.min(29);
            r = r.mul_small(1 << step);
            k -= step;
        }
        r
    }

    fn mul_pow10(&self, k: u32) -> Big {
        if self.is_zero() || k == 0 {
            return self.clone();
        }
        let mut limbs = vec![0u32; (k / 9) as usize];
        limbs.extend_from_slice(&self.0);
        Big(limbs).mul_small(10u32.pow(k % 9))
    }

    /// (self / 10^k, remainder != 0).
    fn div_pow10(&self, k: u32) -> (Big, bool) {
        let s = self.to_decimal_string();
        let k = k as usize;
        if k >= s.len() {
            return (Big(Vec::new()), !self.is_zero());
        }
        let (q, r) = s.split_at(s.len() - k);
        (Big::from_dec(q), r.bytes().any(|c| c != b'0'))
    }

    fn add(&self, o: &Big) -> Big {
        let n = self.0.len().max(o.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let v = u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*o.0.get(i).unwrap_or(&0))
                + carry;
            out.push((v % LIMB) as u32);
            carry = v / LIMB;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        let mut r = Big(out);
        r.trim();
        r
    }

    /// self - o, for self >= o.
    fn sub(&self, o: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut v = i64::from(self.0[i]) - i64::from(*o.0.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if v < 0 {
                v += LIMB as i64;
                borrow = 1;
            }
            out.push(v as u32);
        }
        let mut r = Big(out);
        r.trim();
        r
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Quantity {
        Quantity::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn parse_errors() {
        assert_eq!(Quantity::parse("").unwrap_err(), QuantityError::FormatWrong);
        assert_eq!(
            Quantity::parse("1.2.3").unwrap_err(),
            QuantityError::FormatWrong
        );
        assert_eq!(
            Quantity::parse("abc").unwrap_err(),
            QuantityError::FormatWrong
        );
        assert_eq!(
            Quantity::parse("1Zi").unwrap_err(),
            QuantityError::FormatWrong
        );
        assert_eq!(Quantity::parse("1e").unwrap_err(), QuantityError::Suffix);
        assert_eq!(
            Quantity::parse("1Kb").unwrap_err(),
            QuantityError::FormatWrong
        );
        assert_eq!(Quantity::parse("1mi").unwrap_err(), QuantityError::Suffix);
        assert_eq!(
            Quantity::parse("1 ").unwrap_err(),
            QuantityError::FormatWrong
        );
        assert_eq!(
            QuantityError::Suffix.to_string(),
            "unable to parse quantity's suffix"
        );
    }

    #[test]
    fn values_and_comparison() {
        assert_eq!(q("1k"), q("1000"));
        assert_eq!(q("1Ki"), q("1024"));
        assert_eq!(q("1.5Gi"), q("1610612736"));
        assert_eq!(q("500m"), q("0.5"));
        assert_eq!(q("1e3"), q("1k"));
        assert_eq!(q("."), q("0"));
        assert_eq!(q("-0"), q("0"));
        assert!(q("1Mi").cmp_value(&q("1M")) == Ordering::Greater);
        assert!(q("-1").cmp_value(&q("1m")) == Ordering::Less);
        // Below a nanounit rounds away from zero.
        assert_eq!(q("0.0000000001"), q("1n"));
        assert_eq!(q("-0.0000000001"), q("-1n"));
        // Binary quantities are capped at 2^63-1.
        assert_eq!(q("16Ei"), q("9223372036854775807"));
        assert_eq!(
            q("123456789012345678901234567890"),
            q("123456789012345678901234567890.0")
        );
        assert_eq!(q("1e400").sign(), 1);
        assert!(q("1e400").cmp_value(&q("9e399")) == Ordering::Greater);
    }

    /// apimachinery `TestQuantityParse`: (input, value, scale, format); also checked negated
    /// and with an explicit `+`, as upstream does. `None` value = the BinarySI cap.
    #[test]
    fn upstream_parse_table() {
        use Format::{BinarySI as B, DecimalExponent as X, DecimalSI as D};
        type Row = (&'static str, Option<(i64, i32)>, Format);
        let table: &[Row] = &[
            ("0", Some((0, 0)), D),
            ("0n", Some((0, 0)), D),
            ("0u", Some((0, 0)), D),
            ("0m", Some((0, 0)), D),
            ("0Ki", Some((0, 0)), B),
            ("0k", Some((0, 0)), D),
            ("0Mi", Some((0, 0)), B),
            ("0M", Some((0, 0)), D),
            ("0Gi", Some((0, 0)), B),
            ("0G", Some((0, 0)), D),
            ("0Ti", Some((0, 0)), B),
            ("0T", Some((0, 0)), D),
            ("1", Some((1, 0)), D),
            ("1Ki", Some((1024, 0)), B),
            ("8Ki", Some((8 * 1024, 0)), B),
            ("7Mi", Some((7 << 20, 0)), B),
            ("6Gi", Some((6 << 30, 0)), B),
            ("5Ti", Some((5 << 40, 0)), B),
            ("4Pi", Some((4 << 50, 0)), B),
            ("3Ei", Some((3 << 60, 0)), B),
            ("10Ti", Some((10 << 40, 0)), B),
            ("100Ti", Some((100 << 40, 0)), B),
            ("5n", Some((5, -9)), D),
            ("4u", Some((4, -6)), D),
            ("3m", Some((3, -3)), D),
            ("9", Some((9, 0)), D),
            ("8k", Some((8, 3)), D),
            ("50k", Some((5, 4)), D),
            ("7M", Some((7, 6)), D),
            ("6G", Some((6, 9)), D),
            ("5T", Some((5, 12)), D),
            ("40T", Some((4, 13)), D),
            ("300T", Some((3, 14)), D),
            ("2P", Some((2, 15)), D),
            ("1E", Some((1, 18)), D),
            ("1E-3", Some((1, -3)), X),
            ("1e3", Some((1, 3)), X),
            ("1E6", Some((1, 6)), X),
            ("1e9", Some((1, 9)), X),
            ("1E12", Some((1, 12)), X),
            ("1e15", Some((1, 15)), X),
            ("1E18", Some((1, 18)), X),
            ("1e14", Some((1, 14)), X),
            ("1e13", Some((1, 13)), X),
            ("100.035k", Some((100035, 0)), D),
            ("0.001", Some((1, -3)), D),
            ("0.0005k", Some((5, -1)), D),
            ("0.005", Some((5, -3)), D),
            ("0.05", Some((5, -2)), D),
            ("0.5", Some((5, -1)), D),
            ("0.00050k", Some((5, -1)), D),
            ("0.00500", Some((5, -3)), D),
            ("0.05000", Some((5, -2)), D),
            ("0.50000", Some((5, -1)), D),
            ("0.5e0", Some((5, -1)), X),
            ("0.5e-1", Some((5, -2)), X),
            ("0.5e-2", Some((5, -3)), X),
            ("10.035M", Some((10035, 3)), D),
            ("1.2e3", Some((12, 2)), X),
            ("1.3E+6", Some((13, 5)), X),
            ("1.40e9", Some((14, 8)), X),
            ("1.53E12", Some((153, 10)), X),
            ("1.6e15", Some((16, 14)), X),
            ("1.7E18", Some((17, 17)), X),
            ("9.01", Some((901, -2)), D),
            ("8.1k", Some((81, 2)), D),
            ("7.123456M", Some((7123456, 0)), D),
            ("6.987654321G", Some((6987654321, 0)), D),
            ("5.444T", Some((5444, 9)), D),
            ("40.1T", Some((401, 11)), D),
            ("300.2T", Some((3002, 11)), D),
            ("2.5P", Some((25, 14)), D),
            ("1.01E", Some((101, 16)), D),
            ("3.001n", Some((4, -9)), D),
            ("1.1E-9", Some((2, -9)), X),
            ("0.0000000001", Some((1, -9)), D),
            ("0.0000000005", Some((1, -9)), D),
            ("0.00000000050", Some((1, -9)), D),
            ("0.5e-9", Some((1, -9)), X),
            ("0.9n", Some((1, -9)), D),
            ("0.00000012345", Some((124, -9)), D),
            ("0.00000012354", Some((124, -9)), D),
            ("9Ei", None, B),
            ("9223372036854775807Ki", None, B),
            ("12E", Some((12, 18)), D),
            ("100.035Ki", Some((10243584, -2)), B),
            ("0.5Mi", Some((524288, 0)), B),
            ("0.05Gi", Some((536870912, -1)), B),
            ("0.025Ti", Some((274877906944, -1)), B),
            ("0.000000000001Ki", Some((2, -9)), D),
            (".001", Some((1, -3)), D),
            (".0001k", Some((100, -3)), D),
            ("1.", Some((1, 0)), D),
            ("1.G", Some((1, 9)), D),
        ];
        for &(input, value, format) in table {
            let want = match value {
                Some((v, sc)) => q(&format!("{v}e{sc}")),
                None => q("9223372036854775807"),
            };
            for (prefix, sign) in [("", false), ("-", true), ("+", false)] {
                let text = format!("{prefix}{input}");
                let got = q(&text);
                let want = if sign { want.negated() } else { want.clone() };
                assert_eq!(got.cmp_value(&want), Ordering::Equal, "{text}");
                assert_eq!(got.format, format, "{text}");
            }
        }
        for bad in [
            "1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1",
            "1 ",
        ] {
            assert!(Quantity::parse(bad).is_err(), "{bad} should not parse");
        }
    }

    /// `ParseQuantity` reads the number with its own grammar (`parseQuantityString`), not
    /// `strconv.ParseFloat`: no hex floats, no infinities, no exponent without digits; a lone
    /// `E` is the exa suffix while `E3`/`e3` are exponents (facts from apimachinery
    /// `quantity.go` and the `quantity_test.go` tables).
    #[test]
    fn number_grammar_is_not_parse_float() {
        use Format::{DecimalExponent as X, DecimalSI as D};
        let ok: &[(&str, &str, Format)] = &[
            (".5", "500m", D),
            ("5.", "5", D),
            ("+1", "1", D),
            ("-.5", "-500m", D),
            ("1E", "1000000000000000000", D),
            ("1E3", "1000", X),
            ("1e3", "1000", X),
            ("1e+3", "1000", X),
            ("1E-3", "1m", X),
            ("00001.5", "1.5", D),
        ];
        for &(input, value, format) in ok {
            let got = q(input);
            assert_eq!(got.cmp_value(&q(value)), Ordering::Equal, "{input}");
            assert_eq!(got.format, format, "{input}");
        }
        // ParseFloat would give 1e400 a range error; a quantity keeps it exactly.
        let huge = q("1e400");
        assert_eq!((huge.sign(), huge.as_i64()), (1, None));
        assert!(huge.cmp_value(&q("2e399")) == Ordering::Greater);
        assert_eq!(huge.as_approximate_f64(), f64::INFINITY);
        // The exponent is ParseInt(64 bits) then truncated to int32, as upstream.
        assert_eq!(q("1e4294967297"), q("10"));
        let bad: &[(&str, QuantityError)] = &[
            ("0x1p-2", QuantityError::FormatWrong),
            ("Inf", QuantityError::FormatWrong),
            ("NaN", QuantityError::FormatWrong),
            ("1e3.5", QuantityError::FormatWrong),
            ("1_000", QuantityError::FormatWrong),
            ("1e", QuantityError::Suffix),
            ("1e+", QuantityError::Suffix),
            ("-3.01e-", QuantityError::Suffix),
            ("1e99999999999999999999", QuantityError::Suffix),
            ("1Ee3", QuantityError::Suffix),
        ];
        for &(input, err) in bad {
            assert_eq!(Quantity::parse(input).unwrap_err(), err, "{input}");
        }
    }

    #[test]
    fn as_int64_follows_the_representation() {
        assert_eq!(q("1k").as_i64(), Some(1000));
        assert_eq!(q("1Ki").as_i64(), Some(1024));
        assert_eq!(q("1000m").as_i64(), None);
        assert_eq!(q("1.0").as_i64(), None);
        assert_eq!(q("1.5Ki").as_i64(), None);
        // 19 digits leave the int64 fast path (18 factors), so even int64-sized values fail.
        assert_eq!(
            q("999999999999999999").as_i64(),
            Some(999_999_999_999_999_999)
        );
        assert_eq!(q("9223372036854775807").as_i64(), None);
        assert_eq!(q("10E").as_i64(), None);
    }

    #[test]
    fn arithmetic_and_floats() {
        // From the Kubernetes CEL quantity library tests.
        assert_eq!(q("200M"), q("0.2G"));
        assert_eq!(q("2M"), q("0.002G"));
        assert_eq!(q("2000k"), q("2M"));
        assert_eq!(q("50k").add(&q("20")), q("50.02k"));
        assert_eq!(q("50k").sub(&q("20")), q("49.98k"));
        assert!(q("50Mi").cmp_value(&q("50M")) == Ordering::Greater);
        assert_eq!(q("1").add(&q("500m")), q("1.5"));
        assert_eq!(q("1").sub(&q("2")), q("-1"));
        assert_eq!(
            q("9223372036854775807").add(&q("1")),
            q("9223372036854775808")
        );
        assert_eq!(q("0").add(&q("1Ki")).format, Format::BinarySI);
        assert_eq!(q("1.5").as_approximate_f64(), 1.5);
        assert_eq!(q("1Gi").as_approximate_f64(), 1073741824.0);
        assert_eq!(q("-2.5k").as_approximate_f64(), -2500.0);
        assert_eq!(go_pow10(-3), 0.001);
        assert_eq!(go_pow10(309), f64::INFINITY);
    }
}
