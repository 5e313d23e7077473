//! A minimal unsigned big integer for the decimal representation of a quantity.

use std::cmp::Ordering;

/// A minimal unsigned big integer in base 10^9 (little-endian limbs), enough for quantities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Big(Vec<u32>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    pub(super) fn from_u64(mut v: u64) -> Big {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push((v % LIMB) as u32);
            v /= LIMB;
        }
        Big(limbs)
    }

    pub(super) fn from_dec(digits: &str) -> Big {
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

    pub(super) fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn decimal_len(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() - 1) * 9 + top.to_string().len(),
        }
    }

    pub(super) fn to_decimal_string(&self) -> String {
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
    pub(super) fn to_f64(&self) -> f64 {
        self.to_decimal_string().parse().unwrap_or(f64::INFINITY)
    }

    pub(super) fn mul_small(&self, m: u32) -> Big {
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

    pub(super) fn mul_pow2(&self, mut k: u32) -> Big {
        let mut r = self.clone();
        while k > 0 {
            let step = k.min(29);
            r = r.mul_small(1 << step);
            k -= step;
        }
        r
    }

    pub(super) fn mul_pow10(&self, k: u32) -> Big {
        if self.is_zero() || k == 0 {
            return self.clone();
        }
        let mut limbs = vec![0u32; (k / 9) as usize];
        limbs.extend_from_slice(&self.0);
        Big(limbs).mul_small(10u32.pow(k % 9))
    }

    /// (self / 10^k, remainder != 0).
    pub(super) fn div_pow10(&self, k: u32) -> (Big, bool) {
        let s = self.to_decimal_string();
        let k = k as usize;
        if k >= s.len() {
            return (Big(Vec::new()), !self.is_zero());
        }
        let (q, r) = s.split_at(s.len() - k);
        (Big::from_dec(q), r.bytes().any(|c| c != b'0'))
    }

    pub(super) fn add(&self, o: &Big) -> Big {
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
    pub(super) fn sub(&self, o: &Big) -> Big {
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
