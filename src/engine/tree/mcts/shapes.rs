//! Learned shapes: how often strong players play a point, by the 3x3
//! picture around it.
//!
//! The hand-written 3x3 patterns of the playouts ([`crate::engine::tree::playout`])
//! say "this is a shape", not how good a shape it is, and below the root
//! the tree's other knowledge is tactical. Programs of the pre-network era
//! ranked their candidates by shapes learned from game records: Coulom's
//! "Computing Elo ratings of move patterns" (2007) in Crazy Stone, and
//! Pachi's pattern probabilities (the share of the times a pattern was on
//! the board that it was played). This module is the simplest form of the
//! latter: a point's [`shape_key`] is the 3x3 picture around it from the
//! mover's side, with each orthogonal neighbour's liberties (one, two,
//! three or more) and up to the board's symmetries; [`shape_gamma`]
//! gives how many times more often than an average point such a point was
//! played in the records the table was counted from.
//!
//! The table (`shapes.bin`) is data this project computed, not a copy of
//! anyone's pattern database: `cargo run --release --example learn_shapes
//! -- DIR...` counts it from the 19x19 records under the directories
//! given (see that example for the records used and the file's format).

use std::sync::OnceLock;

use crate::rules::{Board, Color, Point};

/// The counted table: `MKSH` `1`, the entry count (u32, little-endian),
/// then per entry the key (u32 LE, ascending) and the value (i8:
/// `log2(gamma)` in eighths).
static TABLE_BYTES: &[u8] = include_bytes!("shapes.bin");

/// The table's header, which [`learn_shapes`](../../../examples/learn_shapes.rs)
/// writes.
pub(crate) const TABLE_MAGIC: &[u8; 5] = b"MKSH1";

/// Steps of the stored value per doubling of gamma (the value is
/// `round(STEPS_PER_DOUBLING * log2(gamma))`, clamped to an i8).
pub(crate) const STEPS_PER_DOUBLING: f32 = 8.0;

/// Offsets (dx, dy) of the eight neighbours in the order of
/// [`Board::neighborhood`]'s 2-bit cells: N, W, E, S, NW, NE, SW, SE.
const SLOT_OFFSETS: [(i8, i8); 8] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// The eight symmetries of the square as maps of an offset.
const fn transform(t: usize, (x, y): (i8, i8)) -> (i8, i8) {
    match t {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        3 => (y, -x),
        4 => (-x, y),
        5 => (x, -y),
        6 => (y, x),
        _ => (-y, -x),
    }
}

/// `PERM[t][i]`: the slot where symmetry `t` sends slot `i`.
const PERM: [[usize; 8]; 8] = {
    let mut perm = [[0usize; 8]; 8];
    let mut t = 0;
    while t < 8 {
        let mut i = 0;
        while i < 8 {
            let target = transform(t, SLOT_OFFSETS[i]);
            let mut j = 0;
            while j < 8 {
                if SLOT_OFFSETS[j].0 == target.0 && SLOT_OFFSETS[j].1 == target.1 {
                    perm[t][i] = j;
                }
                j += 1;
            }
            i += 1;
        }
        t += 1;
    }
    perm
};

/// The shape key of empty point `p` for `color` to move: the eight
/// neighbours (2 bits each: empty, own stone, opponent stone, off the
/// board) and, for each orthogonal neighbour that is a stone, its
/// chain's liberties (2 bits: one, two, three or more), the smallest
/// such number over the eight symmetries of the square. Keys are equal
/// exactly when the pictures are the same up to rotation and reflection.
///
/// ```
/// use moku::engine::mcts::shape_key;
/// use moku::{Board, Color, Point};
/// let b = Board::from_ascii("
///     . . . . .
///     . X O . .
///     . . . . .
///     . . . . .
///     . . . . .
/// ");
/// // The hane under White's stone, for Black, and its mirror image.
/// let left = shape_key(&b, Point::from_xy(2, 2), Color::Black);
/// let b2 = Board::from_ascii("
///     . . . . .
///     . . O X .
///     . . . . .
///     . . . . .
///     . . . . .
/// ");
/// assert_eq!(left, shape_key(&b2, Point::from_xy(2, 2), Color::Black));
/// // The same picture with the colours swapped is another shape for Black.
/// assert_ne!(left, shape_key(&b, Point::from_xy(1, 2), Color::Black));
/// ```
pub fn shape_key(board: &Board, p: Point, color: Color) -> u32 {
    let raw = board.neighborhood(p);
    let mut cells = [0u8; 8];
    let mut libs = [0u8; 8];
    let neighbours = p.neighbors();
    for i in 0..8 {
        let mut v = ((raw >> (2 * i)) & 3) as u8;
        // Board cells: 1 black, 2 white; keys: 1 own, 2 opponent.
        if color == Color::White && (v == 1 || v == 2) {
            v = 3 - v;
        }
        cells[i] = v;
        if i < 4 && (v == 1 || v == 2) {
            libs[i] = match board.liberties(neighbours[i]) {
                1 => 0,
                2 => 1,
                _ => 2,
            };
        }
    }
    let mut best = u32::MAX;
    for perm in &PERM {
        let mut key = 0u32;
        for i in 0..8 {
            let j = perm[i];
            key |= (cells[i] as u32) << (2 * j);
            if i < 4 {
                key |= (libs[i] as u32) << (16 + 2 * j);
            }
        }
        best = best.min(key);
    }
    best
}

/// The table, parsed once: keys ascending, values in eighths of a
/// doubling. An unreadable table (which the tests rule out) is empty.
fn table() -> &'static [(u32, i8)] {
    static TABLE: OnceLock<Vec<(u32, i8)>> = OnceLock::new();
    TABLE.get_or_init(|| parse(TABLE_BYTES).unwrap_or_default())
}

/// Parses a table in the format of `shapes.bin`; `None` when it is not
/// one (wrong header, length or order).
pub(crate) fn parse(bytes: &[u8]) -> Option<Vec<(u32, i8)>> {
    let body = bytes.strip_prefix(TABLE_MAGIC.as_slice())?;
    let (count, entries) = body.split_at_checked(4)?;
    let count = u32::from_le_bytes(count.try_into().ok()?) as usize;
    if entries.len() != count * 5 {
        return None;
    }
    let table: Vec<(u32, i8)> = entries
        .chunks_exact(5)
        .map(|e| (u32::from_le_bytes([e[0], e[1], e[2], e[3]]), e[4] as i8))
        .collect();
    table.windows(2).all(|w| w[0].0 < w[1].0).then_some(table)
}

/// How many times more often than the average legal point a point of
/// `key`'s shape was played in the counted records, as `log2(gamma)`;
/// `None` for a shape seen too rarely to be counted.
pub fn shape_log_gamma(key: u32) -> Option<f32> {
    let t = table();
    t.binary_search_by_key(&key, |&(k, _)| k)
        .ok()
        .map(|i| t[i].1 as f32 / STEPS_PER_DOUBLING)
}

/// `gamma` of [`shape_log_gamma`].
pub fn shape_gamma(key: u32) -> Option<f32> {
    shape_log_gamma(key).map(f32::exp2)
}

/// The number of shapes in the table.
pub fn shape_count() -> usize {
    table().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        Board::from_ascii(rows)
    }

    #[test]
    fn the_symmetries_are_permutations_of_the_slots() {
        for perm in &PERM {
            let mut seen = [false; 8];
            for &j in perm {
                seen[j] = true;
            }
            assert!(seen.iter().all(|&s| s));
            // Orthogonal neighbours stay orthogonal, so their liberty bits
            // travel with them.
            assert!(perm[..4].iter().all(|&j| j < 4));
        }
        assert_eq!(PERM[0], [0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn keys_see_colours_from_the_movers_side_and_liberties() {
        let b = board(
            "
            . . . . .
            . X O . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let p = Point::from_xy(2, 2);
        // Black's hane under the white stone is White's hane under the
        // black stone in the mirrored picture with colours swapped.
        let swapped = board(
            "
            . . . . .
            . . X O .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_eq!(
            shape_key(&b, p, Color::Black),
            shape_key(&swapped, p, Color::White)
        );
        // The white stone in atari is another key than with four liberties.
        let atari = board(
            "
            . . X . .
            . X O X .
            . . . . .
            . . . . .
            . . . . .",
        );
        let one = shape_key(&atari, p, Color::Black);
        let plain = board(
            "
            . . . . .
            . X O X .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_ne!(one, shape_key(&plain, p, Color::Black));
        // The empty middle of the board and a first-line point differ.
        let empty = board(
            "
            . . . . .
            . . . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_eq!(shape_key(&empty, p, Color::Black), 0);
        assert_ne!(shape_key(&empty, Point::from_xy(2, 0), Color::Black), 0);
    }

    #[test]
    fn the_table_is_read_and_ranks_known_shapes() {
        assert!(shape_count() > 1_000, "{} shapes", shape_count());
        // White's stone at D5 is in atari (Black around it at D6, C5, E5).
        let b = board(
            "
            . . . . . . .
            . . . X . . .
            . . X O X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let gamma = |p: Point, c: Color| shape_gamma(shape_key(&b, p, c)).unwrap();
        let open = gamma(Point::from_xy(5, 4), Color::White);
        // White's escape from atari at D4, and Black's capture there,
        // are played far more often than a point in the open.
        let escape = gamma(Point::from_xy(3, 3), Color::White);
        let capture = gamma(Point::from_xy(3, 3), Color::Black);
        assert!(escape > 10.0 * open, "escape {escape}, open point {open}");
        assert!(
            capture > 10.0 * open,
            "capture {capture}, open point {open}"
        );
        // Black pushing its two-liberty stone at D6 into White's wall
        // (the move puts the two stones in atari) is played far less
        // often than a point in the open.
        let wall = board(
            "
            . . . . . . .
            . . O X O . .
            . . O . O . .
            . . . O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let p = Point::from_xy(3, 2);
        let push = shape_gamma(shape_key(&wall, p, Color::Black)).unwrap();
        assert!(open > 2.0 * push, "self-atari {push}, open point {open}");
    }

    #[test]
    fn a_broken_table_is_refused() {
        assert!(parse(b"MKSH1\x01\x00\x00\x00\x05\x00\x00\x00\x10").is_some());
        assert!(parse(b"MKSH2\x00\x00\x00\x00").is_none());
        assert!(parse(b"MKSH1\x02\x00\x00\x00\x05\x00\x00\x00\x10").is_none());
        // Keys out of order.
        assert!(parse(b"MKSH1\x02\x00\x00\x00\x05\x00\x00\x00\x10\x04\x00\x00\x00\x10").is_none());
    }
}
