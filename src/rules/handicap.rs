//! Handicap placement: GTP's `fixed_handicap` table and free placement.
//!
//! GTP v2 section 4.1.1 places fixed handicap stones on the star points:
//! on the 4th line for boards of 13 and more, on the 3rd line for smaller
//! boards, in this order (shown for 19x19):
//!
//! | stones | vertices |
//! |---|---|
//! | 2 | D4 Q16 |
//! | 3 | D4 Q16 D16 |
//! | 4 | D4 Q16 D16 Q4 |
//! | 5 | D4 Q16 D16 Q4 K10 |
//! | 6 | D4 Q16 D16 Q4 D10 Q10 |
//! | 7 | D4 Q16 D16 Q4 D10 Q10 K10 |
//! | 8 | D4 Q16 D16 Q4 D10 Q10 K4 K16 |
//! | 9 | D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 |
//!
//! Boards smaller than 7x7 take no fixed handicap; 7x7 and even sizes
//! (no middle lines) take at most 4.

use std::fmt;

use crate::rules::Point;

/// Why a handicap was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// The number of stones is not allowed on this board size.
    InvalidNumber {
        /// The stones asked for.
        stones: usize,
        /// The board size.
        size: usize,
        /// The most this board takes.
        max: usize,
    },
    /// Handicap stones go on an empty board only.
    BoardNotEmpty,
    /// The same point was given twice.
    Repeated,
    /// A point is not on the board.
    OffBoard,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::InvalidNumber { stones, size, max } => {
                if *max == 0 {
                    write!(
                        f,
                        "a {size}x{size} board takes no fixed handicap ({stones} stones asked)"
                    )
                } else {
                    write!(f, "{stones} handicap stones is not possible on a {size}x{size} board (2 to {max})")
                }
            }
            HandicapError::BoardNotEmpty => {
                f.write_str("handicap stones can only be placed on an empty board")
            }
            HandicapError::Repeated => f.write_str("the same handicap point was given twice"),
            HandicapError::OffBoard => f.write_str("a handicap point is off the board"),
        }
    }
}

impl std::error::Error for HandicapError {}

/// The most fixed handicap stones a board of `size` takes.
pub fn max_fixed_handicap(size: usize) -> usize {
    if size < 7 {
        0
    } else if size == 7 || size % 2 == 0 {
        4
    } else {
        9
    }
}

/// The fixed handicap points for `stones` stones on a board of `size`.
///
/// ```
/// use moku::rules::{fixed_handicap_points, gtp_vertex};
/// let v: Vec<String> = fixed_handicap_points(19, 3).unwrap().iter().map(|&p| gtp_vertex(p, 19)).collect();
/// assert_eq!(v, ["D4", "Q16", "D16"]);
/// ```
pub fn fixed_handicap_points(size: usize, stones: usize) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed_handicap(size);
    if stones < 2 || stones > max {
        return Err(HandicapError::InvalidNumber { stones, size, max });
    }
    // Edge distance of the star points, counted from 0: the 4th line on
    // a large board, the 3rd on a small one.
    let e = if crate::rules::is_large_board(size) {
        3
    } else {
        2
    };
    let lo = e;
    let hi = size - 1 - e;
    let mid = size / 2;
    // (x, y) from the top-left; GTP's D4 is the lower left.
    let d4 = (lo, hi);
    let q16 = (hi, lo);
    let d16 = (lo, lo);
    let q4 = (hi, hi);
    let d10 = (lo, mid);
    let q10 = (hi, mid);
    let k4 = (mid, hi);
    let k16 = (mid, lo);
    let k10 = (mid, mid);
    let list: Vec<(usize, usize)> = match stones {
        2 => vec![d4, q16],
        3 => vec![d4, q16, d16],
        4 => vec![d4, q16, d16, q4],
        5 => vec![d4, q16, d16, q4, k10],
        6 => vec![d4, q16, d16, q4, d10, q10],
        7 => vec![d4, q16, d16, q4, d10, q10, k10],
        8 => vec![d4, q16, d16, q4, d10, q10, k4, k16],
        _ => vec![d4, q16, d16, q4, d10, q10, k4, k16, k10],
    };
    Ok(list
        .into_iter()
        .map(|(x, y)| Point::from_xy(x, y))
        .collect())
}

/// Where the engine puts `stones` free handicap stones: the fixed points
/// where they exist, otherwise as many of them as the board takes (GTP lets
/// an engine place fewer stones than asked when more cannot matter).
pub fn free_handicap_points(size: usize, stones: usize) -> Result<Vec<Point>, HandicapError> {
    if stones < 2 || stones >= size * size {
        return Err(HandicapError::InvalidNumber {
            stones,
            size,
            max: size * size - 1,
        });
    }
    let max = max_fixed_handicap(size);
    if max == 0 {
        return Err(HandicapError::InvalidNumber {
            stones,
            size,
            max: 0,
        });
    }
    fixed_handicap_points(size, stones.min(max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gtp_vertex;

    fn names(size: usize, n: usize) -> Vec<String> {
        fixed_handicap_points(size, n)
            .unwrap()
            .iter()
            .map(|&p| gtp_vertex(p, size))
            .collect()
    }

    #[test]
    fn nineteen_by_nineteen_table() {
        assert_eq!(names(19, 2), ["D4", "Q16"]);
        assert_eq!(names(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(
            names(19, 8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(names(19, 9).len(), 9);
    }

    #[test]
    fn thirteen_and_nine() {
        assert_eq!(names(13, 4), ["D4", "K10", "D10", "K4"]);
        assert_eq!(names(13, 5)[4], "G7");
        assert_eq!(names(9, 4), ["C3", "G7", "C7", "G3"]);
        assert_eq!(names(9, 9)[8], "E5");
        assert_eq!(names(9, 6)[4..], ["C5", "G5"]);
    }

    #[test]
    fn limits() {
        assert!(fixed_handicap_points(19, 1).is_err());
        assert!(fixed_handicap_points(19, 10).is_err());
        assert!(fixed_handicap_points(6, 2).is_err());
        assert_eq!(fixed_handicap_points(8, 4).unwrap().len(), 4);
        assert!(fixed_handicap_points(8, 5).is_err());
        assert!(fixed_handicap_points(7, 5).is_err());
        assert_eq!(
            fixed_handicap_points(19, 10).unwrap_err().to_string(),
            "10 handicap stones is not possible on a 19x19 board (2 to 9)"
        );
    }
}
