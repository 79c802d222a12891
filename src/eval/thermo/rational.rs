//! Exact rational numbers for thermograph values.
//!
//! Why rationals and not fixed point in units of 1/2^k: a ko's walls are
//! taxed twice (the komaster moves twice in a row), so they meet ordinary
//! walls at thirds (the one-third rule: a simple ko of swing 3 has mean 1
//! and temperature 1, but a swing of 1 gives 1/3), and nested kos give
//! other denominators. Dyadic fixed point cannot hold 1/3 exactly.
//!
//! Values stay small in practice (scores of at most a few hundred points,
//! denominators products of small slope differences), so the numerator and
//! denominator are `i64`, every product is taken in `i128` and reduced.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// The largest denominator [`Rational::mixed`] writes as a fraction: the
/// values of plain endgames are halves, thirds, quarters, sixths and
/// eighths (a ko's third, a sente's half); a value with a larger one comes
/// from nested kos and is rounded.
const MIXED_MAX_DENOM: i64 = 16;

/// An exact rational number `num / den`, always reduced, `den > 0`.
///
/// ```
/// use moku::eval::thermo::Rational;
/// let third = Rational::new(1, 3);
/// assert_eq!(third + third + third, Rational::from(1));
/// assert_eq!(Rational::new(2, -4).to_string(), "-1/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    den: i64,
}

const fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };

    /// `num / den`, reduced. A zero denominator gives zero (never a panic:
    /// the value crosses the wasm boundary).
    pub const fn new(num: i64, den: i64) -> Rational {
        Rational::reduce(num as i128, den as i128)
    }

    /// `num / den` with `den > 0`, reduced in `i64`.
    fn reduce_small(num: i64, den: i64) -> Rational {
        let (mut a, mut b) = (num.unsigned_abs(), den.unsigned_abs());
        while b != 0 {
            let r = a % b;
            a = b;
            b = r;
        }
        let g = a.max(1) as i64;
        Rational {
            num: num / g,
            den: den / g,
        }
    }

    const fn reduce(num: i128, den: i128) -> Rational {
        if den == 0 {
            return Rational::ZERO;
        }
        let mut g = gcd(num, den);
        if g == 0 {
            g = 1;
        }
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        Rational {
            num: n as i64,
            den: d as i64,
        }
    }

    /// The numerator (sign included).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// This times an integer.
    pub fn mul_int(self, k: i64) -> Rational {
        if self.den == 1 {
            if let Some(n) = self.num.checked_mul(k) {
                return Rational { num: n, den: 1 };
            }
        }
        Rational::reduce(self.num as i128 * k as i128, self.den as i128)
    }

    /// This divided by a non-zero integer (zero for a zero divisor).
    pub fn div_int(self, k: i64) -> Rational {
        Rational::reduce(self.num as i128, self.den as i128 * k as i128)
    }

    /// The largest integer not above this.
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
    }

    /// The nearest `f64` (for display and for JS).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The simplest number strictly between `lo` and `hi` (either may be
    /// open-ended), in the sense of combinatorial game theory: the integer
    /// nearest zero if one fits, else the dyadic fraction with the smallest
    /// denominator. The value of a cold game `{lo | hi}` with `lo < hi`.
    ///
    /// ```
    /// use moku::eval::thermo::Rational;
    /// let r = |n, d| Some(Rational::new(n, d));
    /// assert_eq!(Rational::simplest_between(r(0, 1), r(3, 1)), Rational::from(1));
    /// assert_eq!(Rational::simplest_between(r(0, 1), r(1, 1)), Rational::new(1, 2));
    /// assert_eq!(Rational::simplest_between(r(-5, 2), r(7, 3)), Rational::from(0));
    /// assert_eq!(Rational::simplest_between(r(2, 1), None), Rational::from(3));
    /// assert_eq!(Rational::simplest_between(r(1, 3), r(1, 2)), Rational::new(3, 8));
    /// ```
    pub fn simplest_between(lo: Option<Rational>, hi: Option<Rational>) -> Rational {
        let zero = Rational::ZERO;
        let above = |x: Rational| lo.is_none_or(|l| x > l);
        let below = |x: Rational| hi.is_none_or(|h| x < h);
        if above(zero) && below(zero) {
            return zero;
        }
        // Every candidate lies on one side of zero: mirror to the positive
        // side so that one search serves both.
        let positive = lo.is_some_and(|l| l >= zero);
        let (l, h) = if positive {
            (lo.unwrap_or(zero), hi)
        } else {
            (-hi.unwrap_or(zero), lo.map(|x| -x))
        };
        let fits = |x: Rational| x > l && h.is_none_or(|h| x < h);
        let first_int = Rational::from(l.floor() + 1);
        let found = if fits(first_int) {
            first_int
        } else {
            // No integer fits, so `h` is finite and within one of `l`:
            // halve the grid until a multiple of 1/2^k fits.
            let mut k = 1i64;
            loop {
                let x = Rational::new(
                    Rational::from(1 << k.min(40))
                        .mul_rational(l)
                        .floor()
                        .saturating_add(1),
                    1 << k.min(40),
                );
                if fits(x) || k >= 40 {
                    break x;
                }
                k += 1;
            }
        };
        if positive {
            found
        } else {
            -found
        }
    }

    fn mul_rational(self, o: Rational) -> Rational {
        Rational::reduce(
            self.num as i128 * o.num as i128,
            self.den as i128 * o.den as i128,
        )
    }

    /// The value as an endgame book writes it: a whole number, or a whole
    /// number and a fraction (`3`, `1/3`, `2 3/4`, `-1 1/2`), for
    /// denominators up to `MIXED_MAX_DENOM` (16); beyond them, rounded to a
    /// tenth with "about" (`about 0.6`).
    pub fn mixed(self) -> String {
        if self.den == 1 {
            return self.num.to_string();
        }
        if self.den > MIXED_MAX_DENOM {
            return format!("about {:.1}", self.num as f64 / self.den as f64);
        }
        let sign = if self.num < 0 { "-" } else { "" };
        let (whole, part) = (self.num.abs() / self.den, self.num.abs() % self.den);
        if whole == 0 {
            format!("{sign}{part}/{}", self.den)
        } else {
            format!("{sign}{whole} {part}/{}", self.den)
        }
    }

    /// The value with at most three decimals, trailing zeros dropped (`0.5`,
    /// `-2`, `0.333`): the GTP form.
    pub fn decimal(self) -> String {
        let scaled =
            (self.num as i128 * 1000 * 2 + self.den as i128).div_euclid(2 * self.den as i128);
        let sign = if scaled < 0 { "-" } else { "" };
        let a = scaled.abs();
        let (int, frac) = (a / 1000, a % 1000);
        if frac == 0 {
            format!("{sign}{int}")
        } else {
            let f = format!("{frac:03}");
            format!("{sign}{int}.{}", f.trim_end_matches('0'))
        }
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational { num: n, den: 1 }
    }
}

impl Add for Rational {
    type Output = Rational;
    fn add(self, o: Rational) -> Rational {
        // Most values are integers: no products, no reduction.
        if self.den == 1 && o.den == 1 {
            if let Some(n) = self.num.checked_add(o.num) {
                return Rational { num: n, den: 1 };
            }
        }
        if self.den == o.den {
            if let Some(n) = self.num.checked_add(o.num) {
                return Rational::reduce_small(n, self.den);
            }
        }
        Rational::reduce(
            self.num as i128 * o.den as i128 + o.num as i128 * self.den as i128,
            self.den as i128 * o.den as i128,
        )
    }
}

impl Mul for Rational {
    type Output = Rational;
    fn mul(self, o: Rational) -> Rational {
        self.mul_rational(o)
    }
}

impl Sub for Rational {
    type Output = Rational;
    fn sub(self, o: Rational) -> Rational {
        self + (-o)
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        Rational {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Rational) -> Ordering {
        if self.den == o.den {
            return self.num.cmp(&o.num);
        }
        (self.num as i128 * o.den as i128).cmp(&(o.num as i128 * self.den as i128))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Rational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// `3`, `-1/2`, `7/3`: exact.
impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// Tests' shorthand for [`Rational::new`].
#[cfg(test)]
pub(crate) fn q(n: i64, d: i64) -> Rational {
    Rational::new(n, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(q(1, 2) + q(1, 3), q(5, 6));
        assert_eq!(q(1, 2) - q(1, 3), q(1, 6));
        assert_eq!(q(6, 4), q(3, 2));
        assert_eq!(q(3, -6).numer(), -1);
        assert_eq!(q(3, -6).denom(), 2);
        assert_eq!(q(3, 2).mul_int(4), Rational::from(6));
        assert_eq!(Rational::from(3).div_int(-9), q(-1, 3));
        assert_eq!(q(-1, 2).floor(), -1);
        assert_eq!(q(7, 3).floor(), 2);
        assert!(q(1, 3) < q(1, 2));
        assert!(q(-1, 3) > q(-1, 2));
        assert_eq!(q(1, 0), Rational::ZERO, "no panic on a zero denominator");
    }

    #[test]
    fn mixed_numbers_as_endgame_books_write_them() {
        assert_eq!(q(6, 1).mixed(), "6");
        assert_eq!(q(1, 3).mixed(), "1/3");
        assert_eq!(q(11, 4).mixed(), "2 3/4");
        assert_eq!(q(19, 6).mixed(), "3 1/6");
        assert_eq!(q(-3, 2).mixed(), "-1 1/2");
        assert_eq!(q(-1, 2).mixed(), "-1/2");
        assert_eq!(q(37, 64).mixed(), "about 0.6");
    }

    #[test]
    fn display_is_exact_and_decimal_rounds_to_three_places() {
        assert_eq!(q(7, 3).to_string(), "7/3");
        assert_eq!(q(4, 2).to_string(), "2");
        assert_eq!(q(1, 2).decimal(), "0.5");
        assert_eq!(q(-1, 2).decimal(), "-0.5");
        assert_eq!(q(1, 3).decimal(), "0.333");
        assert_eq!(q(2, 3).decimal(), "0.667");
        assert_eq!(q(-7, 3).decimal(), "-2.333");
        assert_eq!(q(5, 1).decimal(), "5");
        assert_eq!(q(1, 8).decimal(), "0.125");
    }

    #[test]
    fn simplest_numbers_of_cold_games() {
        let r = |n, d| Some(q(n, d));
        // {1 | 3} = 2, {-3 | -1} = -2, {0 | 1} = 1/2, {1/2 | 1} = 3/4.
        assert_eq!(Rational::simplest_between(r(1, 1), r(3, 1)), q(2, 1));
        assert_eq!(Rational::simplest_between(r(-3, 1), r(-1, 1)), q(-2, 1));
        assert_eq!(Rational::simplest_between(r(0, 1), r(1, 1)), q(1, 2));
        assert_eq!(Rational::simplest_between(r(1, 2), r(1, 1)), q(3, 4));
        assert_eq!(Rational::simplest_between(r(-1, 1), r(-1, 2)), q(-3, 4));
        // One-sided: {2 | } = 3, { | -2} = -3, { | 1} = 0.
        assert_eq!(Rational::simplest_between(r(2, 1), None), q(3, 1));
        assert_eq!(Rational::simplest_between(None, r(-2, 1)), q(-3, 1));
        assert_eq!(Rational::simplest_between(None, r(1, 1)), q(0, 1));
        assert_eq!(Rational::simplest_between(None, None), q(0, 1));
        // Between 1/3 and 2/5 the simplest dyadic is 3/8.
        assert_eq!(Rational::simplest_between(r(1, 3), r(2, 5)), q(3, 8));
    }
}
