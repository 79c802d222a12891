//! 3x3 shape patterns: the local replies of heavy playouts and a prior of
//! the tree search.
//!
//! Each pattern is a 3x3 picture around an empty point, the move, written
//! from the side of the player who moves there. The set follows the idea
//! of MoGo's playout patterns (Wang & Gelly 2007: answer a contact move
//! with hane, cuts and blocks) in pictures of our own. A shape here is a
//! key point for both players (the cut of one is the connection of the
//! other; the hane of one is the other's extension), so every pattern is
//! also matched with its colours swapped, and in all eight rotations and
//! reflections.
//!
//! The pictures compile once into a table of 2^16 bits indexed by
//! [`Board::neighborhood`], so matching a point costs one array read.

use std::sync::OnceLock;

use crate::rules::{Board, Point};

/// The patterns, written with
///
/// - `*` the move (the centre, always empty),
/// - `X` a stone of the player to move, `O` an opponent stone,
/// - `.` an empty point, `#` off the board,
/// - `x` anything but an opponent stone, `o` anything but an own stone,
/// - `?` anything.
///
/// Rows top to bottom; the edge patterns have the edge at the bottom.
const PATTERNS: &[(&str, &str)] = &[
    // Hane at the head of a contact: the opponent's stone touches ours
    // diagonally and we turn round it, with room on both sides.
    ("hane", "XO. .*. ?.?"),
    // Hane between two of our stones: the opponent's stone is squeezed.
    ("hane between", "XOX .*. ???"),
    // Hane backed by a stone beside the move.
    ("hane with support", "XO? X*. ?.?"),
    // The opponent answered a hane by attaching: block on the other side.
    ("hane against attach", "XO. .*O ?.?"),
    // Cut: the opponent's two stones touch only through the move, our
    // stone already holds the other diagonal point; one of the other
    // sides is open so the cut is not already surrounded.
    ("cut", "XO? O*. ???"),
    ("cut, open below", "XO? O*? ?.?"),
    // Wedge between two opponent stones under ours, where nothing of the
    // opponent's connects them underneath.
    ("wedge", "?X? O*O xxx"),
    // On the first line: block the opponent crawling under our stone.
    ("edge block", "X.? O*? ###"),
    // On the first line: stop a stone that slides along the edge.
    ("edge stop", "?X? x*O ###"),
    // On the first line under our stone, next to the opponent's
    // second-line stone: the hane that takes its base.
    ("edge hane", "?XO ?*o ###"),
];

/// Cell states as [`Board::neighborhood`] packs them.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// Positions of the eight neighbours in a 3x3 picture (row-major, centre
/// 4), in the bit order of [`Board::neighborhood`]: N, W, E, S, NW, NE,
/// SW, SE.
const SLOTS: [usize; 8] = [1, 3, 5, 7, 0, 2, 6, 8];

/// Whether the 3x3 shape around empty `p` matches one of the patterns
/// (for either player: see the module's doc comment).
///
/// ```
/// use moku::{Board, Point};
/// use moku::engine::playout::matches_shape;
/// let b = Board::from_ascii("
///     . . . . .
///     . X O . .
///     . . . . .
///     . . . . .
///     . . . . .
/// ");
/// assert!(matches_shape(&b, Point::from_xy(2, 2))); // the hane under O
/// assert!(!matches_shape(&b, Point::from_xy(4, 4)));
/// ```
#[inline]
pub fn matches_shape(board: &Board, p: Point) -> bool {
    let code = board.neighborhood(p) as usize;
    table()[code >> 6] >> (code & 63) & 1 != 0
}

/// The compiled table: bit `code` is set when a neighbourhood with that
/// code matches.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u64; 1024]);
        for &(_, picture) in PATTERNS {
            let cells = parse(picture);
            for variant in symmetries(&cells) {
                for own in [BLACK, WHITE] {
                    mark_codes(&variant, own, &mut t);
                }
            }
        }
        t
    })
}

/// A picture as nine symbols, row-major.
fn parse(picture: &str) -> [u8; 9] {
    let symbols: Vec<u8> = picture
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    assert_eq!(
        symbols.len(),
        9,
        "a 3x3 pattern has nine symbols: {picture}"
    );
    assert_eq!(
        symbols[4], b'*',
        "the centre of a pattern is the move: {picture}"
    );
    let mut out = [0u8; 9];
    out.copy_from_slice(&symbols);
    out
}

/// The eight rotations and reflections of a picture.
fn symmetries(cells: &[u8; 9]) -> Vec<[u8; 9]> {
    let rotate = |c: &[u8; 9]| -> [u8; 9] {
        // (x, y) -> (2 - y, x): a quarter turn.
        let mut r = [0u8; 9];
        for y in 0..3 {
            for x in 0..3 {
                r[x * 3 + (2 - y)] = c[y * 3 + x];
            }
        }
        r
    };
    let mirror = |c: &[u8; 9]| -> [u8; 9] {
        let mut r = [0u8; 9];
        for y in 0..3 {
            for x in 0..3 {
                r[y * 3 + (2 - x)] = c[y * 3 + x];
            }
        }
        r
    };
    let mut out = Vec::with_capacity(8);
    let mut c = *cells;
    for _ in 0..4 {
        out.push(c);
        out.push(mirror(&c));
        c = rotate(&c);
    }
    out
}

/// The cell states a symbol allows when the player to move has colour
/// state `own`.
fn allowed(symbol: u8, own: u8) -> &'static [u8] {
    let opp_is_white = own == BLACK;
    match (symbol, opp_is_white) {
        (b'X', true) => &[BLACK],
        (b'X', false) => &[WHITE],
        (b'O', true) => &[WHITE],
        (b'O', false) => &[BLACK],
        (b'.', _) => &[EMPTY],
        (b'#', _) => &[WALL],
        (b'x', true) => &[EMPTY, BLACK, WALL],
        (b'x', false) => &[EMPTY, WHITE, WALL],
        (b'o', true) => &[EMPTY, WHITE, WALL],
        (b'o', false) => &[EMPTY, BLACK, WALL],
        (b'?', _) => &[EMPTY, BLACK, WHITE, WALL],
        (other, _) => panic!("unknown pattern symbol {:?}", other as char),
    }
}

/// Sets the bit of every code the picture matches.
fn mark_codes(cells: &[u8; 9], own: u8, table: &mut [u64; 1024]) {
    fn walk(slot: usize, code: usize, cells: &[u8; 9], own: u8, table: &mut [u64; 1024]) {
        if slot == 8 {
            table[code >> 6] |= 1 << (code & 63);
            return;
        }
        for &state in allowed(cells[SLOTS[slot]], own) {
            walk(
                slot + 1,
                code | (state as usize) << (2 * slot),
                cells,
                own,
                table,
            );
        }
    }
    walk(0, 0, cells, own, table);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, x: usize, y: usize) -> bool {
        matches_shape(b, Point::from_xy(x, y))
    }

    #[test]
    fn the_hane_matches_in_every_orientation_and_for_both_colours() {
        // Black X at (1,1), White O at (2,1): the hane point (2,2), for
        // either player.
        let b = Board::from_ascii(
            "
            . . . . .
            . X O . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert!(at(&b, 2, 2));
        let swapped = Board::from_ascii(
            "
            . . . . .
            . O X . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert!(at(&swapped, 2, 2));
        // Rotated a quarter turn: X at (3,1), O at (3,2); hane at (2,2).
        let rotated = Board::from_ascii(
            "
            . . . . .
            . . . X .
            . . . O .
            . . . . .
            . . . . .",
        );
        assert!(at(&rotated, 2, 2));
        // An empty neighbourhood and a lone stone match nothing.
        assert!(!at(&b, 4, 4));
        assert!(!at(&b, 0, 0));
    }

    #[test]
    fn the_cut_matches_and_a_connected_shape_does_not() {
        let cut = Board::from_ascii(
            "
            . . . . .
            . X O . .
            . O . . .
            . . . . .
            . . . . .",
        );
        assert!(at(&cut, 2, 2));
        // Both other sides of the cutting point held by the opponent:
        // the cut would be surrounded, no pattern.
        let closed = Board::from_ascii(
            "
            . . . . .
            . X O . .
            . O . O .
            . . O . .
            . . . . .",
        );
        assert!(!at(&closed, 2, 2));
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // The edge stop: our stone on the second line above the move, the
        // opponent's first-line stone beside it.
        let edge = Board::from_ascii(
            "
            . . . . .
            . . . . .
            . . . . .
            . X . . .
            . . O . .",
        );
        assert!(at(&edge, 1, 4));
        // The same stones one line higher are no pattern.
        let inside = Board::from_ascii(
            "
            . . . . .
            . . . . .
            . X . . .
            . . O . .
            . . . . .",
        );
        assert!(!at(&inside, 1, 3));
    }

    #[test]
    fn every_picture_is_well_formed() {
        for &(name, picture) in PATTERNS {
            let cells = parse(picture);
            assert_eq!(symmetries(&cells).len(), 8, "{name}");
        }
    }
}
