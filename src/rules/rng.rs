//! The crate's random numbers: a seeded xorshift64* generator. Playouts
//! need speed and reproducibility rather than cryptographic quality, and a
//! seeded generator keeps the crate free of platform entropy (wasm has none
//! without JS glue).

/// A small, fast, deterministic generator (xorshift64*).
///
/// ```
/// use moku::rules::Rng;
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.below(361), b.below(361)); // one seed, one sequence
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero value).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (no modulo bias
    /// worth noticing for board-sized `n`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..1000 {
            let x = a.below(361);
            assert_eq!(x, b.below(361));
            assert!(x < 361);
        }
    }
}
