//! What the static cost estimate is made of: the expression as the estimators see it
//! ([`node`]), the interval arithmetic below, and the per-call estimates of the libraries
//! ([`library`]). It sits below both the overload tables (`eval::functions`, whose rows hold
//! each overload's estimate beside its implementation) and the estimator ([`crate::cel::cost`],
//! which walks an expression and asks the rows), so that the two depend on it and not on each
//! other.
//!
//! Cost and size intervals with cel-go's saturating arithmetic (`checker/cost.go`,
//! `common/cost.go`).
//!
//! Every number the estimator produces is an interval `[min, max]` of `u64`. Overflow never
//! wraps: sums and products saturate at `u64::MAX`, which cel-go also uses to mean "unknown".
//! Fractional cost factors (0.1 per string character, 0.25 per regex character) are applied with
//! Go's float64 arithmetic and rounded up, so that the results match the API server bit for bit.

pub mod library;
pub mod node;

/// `common.SelectAndIdentCost`: reading an identifier or selecting a field.
pub const SELECT_AND_IDENT_COST: u64 = 1;
/// `common.ConstCost`: a literal.
pub const CONST_COST: u64 = 0;
/// `common.ListCreateBaseCost`: building a list.
pub const LIST_CREATE_BASE_COST: u64 = 10;
/// `common.MapCreateBaseCost`: building a map.
pub const MAP_CREATE_BASE_COST: u64 = 30;
/// `common.StructCreateBaseCost`: building a message.
pub const STRUCT_CREATE_BASE_COST: u64 = 40;
/// `common.StringTraversalCostFactor`: cost of reading one character.
pub const STRING_TRAVERSAL_COST_FACTOR: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`: cost per character of a regular expression.
pub const REGEX_STRING_LENGTH_COST_FACTOR: f64 = 0.25;

/// 2^64 as float64 (`doubleTwoTo64`): the first float that no longer fits in a `u64`.
const DOUBLE_TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;

/// `addUint64NoOverflow`.
pub fn add_sat(x: u64, y: u64) -> u64 {
    x.saturating_add(y)
}

/// `multiplyUint64NoOverflow`.
pub fn mul_sat(x: u64, y: u64) -> u64 {
    x.saturating_mul(y)
}

/// `multiplyByCostFactor`: `ceil(x * f)` in float64, saturating at `u64::MAX`.
///
/// Go compares `float64(x) > MaxUint64 / f` first; `MaxUint64` converts to 2^64 as a float, so
/// the same comparison is made here with the same rounding.
pub fn mul_factor(x: u64, f: f64) -> u64 {
    let xf = x as f64;
    if xf > 0.0 && f > 0.0 && xf > (u64::MAX as f64) / f {
        return u64::MAX;
    }
    let c = (xf * f).ceil();
    if c >= DOUBLE_TWO_TO_64 {
        return u64::MAX;
    }
    // `c` is finite, non-negative (or NaN for a NaN factor, which Go also turns into 0 here on
    // amd64's conversion of NaN... but no factor we use is NaN) and below 2^64.
    c as u64
}

/// An estimated cost range (`checker.CostEstimate`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CostEstimate {
    pub min: u64,
    pub max: u64,
}

/// An estimated size range of a string (code points), bytes, list or map (`checker.SizeEstimate`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SizeEstimate {
    pub min: u64,
    pub max: u64,
}

impl CostEstimate {
    pub const ZERO: CostEstimate = CostEstimate { min: 0, max: 0 };
    /// `UnknownCostEstimate()`.
    pub const UNKNOWN: CostEstimate = CostEstimate {
        min: 0,
        max: u64::MAX,
    };

    pub const fn new(min: u64, max: u64) -> Self {
        CostEstimate { min, max }
    }
    /// `FixedCostEstimate(c)`.
    pub const fn fixed(c: u64) -> Self {
        CostEstimate { min: c, max: c }
    }
    #[must_use]
    pub fn multiply(self, o: CostEstimate) -> Self {
        CostEstimate {
            min: mul_sat(self.min, o.min),
            max: mul_sat(self.max, o.max),
        }
    }
    #[must_use]
    pub fn multiply_by_cost_factor(self, f: f64) -> Self {
        CostEstimate {
            min: mul_factor(self.min, f),
            max: mul_factor(self.max, f),
        }
    }
    /// The smallest range covering both.
    #[must_use]
    pub fn union(self, o: CostEstimate) -> Self {
        CostEstimate {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
}

impl SizeEstimate {
    /// `UnknownSizeEstimate()`: anything from empty to `u64::MAX`.
    pub const UNKNOWN: SizeEstimate = SizeEstimate {
        min: 0,
        max: u64::MAX,
    };

    pub const fn new(min: u64, max: u64) -> Self {
        SizeEstimate { min, max }
    }
    /// `FixedSizeEstimate(s)`.
    pub const fn fixed(s: u64) -> Self {
        SizeEstimate { min: s, max: s }
    }
    #[must_use]
    pub fn multiply(self, o: SizeEstimate) -> Self {
        SizeEstimate {
            min: mul_sat(self.min, o.min),
            max: mul_sat(self.max, o.max),
        }
    }
    /// Cost of visiting every unit once at `f` per unit, rounded up.
    #[must_use]
    pub fn multiply_by_cost_factor(self, f: f64) -> CostEstimate {
        CostEstimate {
            min: mul_factor(self.min, f),
            max: mul_factor(self.max, f),
        }
    }
    /// Cost of doing `c` once per unit.
    #[must_use]
    pub fn multiply_by_cost(self, c: CostEstimate) -> CostEstimate {
        CostEstimate {
            min: mul_sat(self.min, c.min),
            max: mul_sat(self.max, c.max),
        }
    }
    /// The smallest range covering both.
    #[must_use]
    pub fn union(self, o: SizeEstimate) -> Self {
        SizeEstimate {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
    /// `AsCost()`: the size as a cost of 1 per unit.
    #[must_use]
    pub fn as_cost(self) -> CostEstimate {
        self.multiply_by_cost_factor(1.0)
    }
    /// `checker.CostEstimate(size)`: the same numbers read as a cost, without rounding.
    #[must_use]
    pub fn to_cost(self) -> CostEstimate {
        CostEstimate {
            min: self.min,
            max: self.max,
        }
    }
}

/// Saturating interval sum.
impl std::ops::Add for CostEstimate {
    type Output = CostEstimate;
    fn add(self, o: CostEstimate) -> CostEstimate {
        CostEstimate {
            min: add_sat(self.min, o.min),
            max: add_sat(self.max, o.max),
        }
    }
}

/// Saturating interval sum.
impl std::ops::Add for SizeEstimate {
    type Output = SizeEstimate;
    fn add(self, o: SizeEstimate) -> SizeEstimate {
        SizeEstimate {
            min: add_sat(self.min, o.min),
            max: add_sat(self.max, o.max),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::Add;

    #[test]
    fn saturating_arithmetic() {
        let big = CostEstimate::new(u64::MAX - 1, u64::MAX);
        assert_eq!(
            big.add(CostEstimate::fixed(5)),
            CostEstimate::new(u64::MAX, u64::MAX)
        );
        assert_eq!(
            CostEstimate::new(2, u64::MAX / 2 + 1).multiply(CostEstimate::fixed(2)),
            CostEstimate::new(4, u64::MAX)
        );
        assert_eq!(
            SizeEstimate::new(3, 7).union(SizeEstimate::new(1, 5)),
            SizeEstimate::new(1, 7)
        );
        assert_eq!(
            CostEstimate::new(3, 7).union(CostEstimate::new(4, 9)),
            CostEstimate::new(3, 9)
        );
        assert_eq!(
            SizeEstimate::new(2, 3).multiply_by_cost(CostEstimate::new(5, 7)),
            CostEstimate::new(10, 21)
        );
    }

    #[test]
    fn cost_factor_rounds_up_like_go() {
        // Worked examples from the digest (§5.9): ceil(3,145,726 × 0.1) and ceil(9 × 0.25).
        assert_eq!(mul_factor(3_145_726, STRING_TRAVERSAL_COST_FACTOR), 314_573);
        assert_eq!(mul_factor(9, REGEX_STRING_LENGTH_COST_FACTOR), 3);
        assert_eq!(mul_factor(4, STRING_TRAVERSAL_COST_FACTOR), 1);
        assert_eq!(mul_factor(0, STRING_TRAVERSAL_COST_FACTOR), 0);
        // 10 × 0.1 is exactly 1 in float64 (no spurious round-up to 2).
        assert_eq!(mul_factor(10, STRING_TRAVERSAL_COST_FACTOR), 1);
        assert_eq!(mul_factor(30, STRING_TRAVERSAL_COST_FACTOR), 3);
        // Unknown sizes stay unknown.
        assert_eq!(
            mul_factor(u64::MAX, STRING_TRAVERSAL_COST_FACTOR),
            1_844_674_407_370_955_264
        );
        assert_eq!(mul_factor(u64::MAX, 1.0), u64::MAX);
        assert_eq!(mul_factor(u64::MAX, 2.0), u64::MAX);
        assert_eq!(SizeEstimate::UNKNOWN.as_cost(), CostEstimate::UNKNOWN);
    }
}
