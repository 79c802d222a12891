//! Zobrist keys: one 64-bit key per (point, colour), fixed at compile time
//! so hashes are identical on every platform and every run (tests and
//! transposition tables can rely on them).

use crate::rules::point::CELLS;
use crate::rules::Color;

/// SplitMix64: a tiny, well-studied generator, good enough for hash keys.
const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    // Seed: the digits of pi, to show nothing is hidden in the choice.
    let mut state = 0x3141_5926_5358_9793u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, v) = splitmix64(state);
            state = s;
            keys[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u64; CELLS]; 2] = make_keys();

/// The key of a stone of `color` on padded index `index`.
#[inline]
pub(crate) fn stone(color: Color, index: usize) -> u64 {
    KEYS[color.index()][index]
}

/// Key mixed into a hash to tell whose turn it is (situational hashing).
#[expect(
    dead_code,
    reason = "for situational hashing in the tree search, coming with the engine"
)]
pub(crate) const WHITE_TO_MOVE: u64 = 0x6A09_E667_F3BC_C908;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = HashSet::new();
        for c in [Color::Black, Color::White] {
            for i in 0..CELLS {
                let k = stone(c, i);
                assert_ne!(k, 0);
                assert!(seen.insert(k), "duplicate key");
            }
        }
    }
}
