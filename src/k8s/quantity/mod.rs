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

mod big;

use big::Big;

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

#[cfg(test)]
mod tests;
