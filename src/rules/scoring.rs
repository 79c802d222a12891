//! Counting a finished game, given the dead stones.
//!
//! Area scoring (Chinese, AGA, New Zealand): living stones plus empty
//! regions that touch only one colour. Territory scoring (Japanese): empty
//! regions that touch only one colour, plus prisoners (stones captured
//! during the game and dead stones on the board); points in seki count for
//! nobody. Dead stones are taken off first, so the points they stood on and
//! the region around them go to the surrounder.
//!
//! Seki under territory scoring: Japanese rules require the dame to be
//! filled before counting, so an empty point that still touches living
//! stones of both colours is a shared liberty of a seki. A chain that
//! touches such a point is in seki, and the empty regions it borders
//! (its eyes) score nothing.

use std::fmt;

use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point, Scoring};

/// The count of a finished position. Black positive in `margin`.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Points counted for Black (territory or area, prisoners included
    /// under territory scoring).
    pub black: f32,
    /// Points counted for White, komi included.
    pub white: f32,
    /// Empty points counted as Black's.
    pub black_territory: u32,
    /// Empty points counted as White's.
    pub white_territory: u32,
    /// Black's living stones on the board.
    pub black_stones: u32,
    /// White's living stones on the board.
    pub white_stones: u32,
    /// Prisoners taken by Black (captures plus dead white stones).
    pub black_prisoners: u32,
    /// Prisoners taken by White (captures plus dead black stones).
    pub white_prisoners: u32,
    /// Empty points that count for nobody (dame, seki).
    pub neutral: u32,
    /// Komi, added to White's score.
    pub komi: f32,
    /// `black - white`: positive when Black wins.
    pub margin: f32,
}

impl Score {
    /// The result as SGF and GTP write it: `B+3.5`, `W+0.5`, `0` for a tie.
    pub fn result_text(&self) -> String {
        result_text(self.margin)
    }
}

/// A margin, Black positive, as SGF and GTP write a result: `B+3.5`,
/// `W+0.5`, `0` for a tie.
pub fn result_text(margin: f32) -> String {
    match leader(margin) {
        Some(c) => format!("{}+{}", c.letter(), margin.abs()),
        None => "0".to_string(),
    }
}

/// The colour a margin (Black positive) is for, `None` for a tie.
pub fn leader(margin: f32) -> Option<Color> {
    if margin > 0.0 {
        Some(Color::Black)
    } else if margin < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.result_text())
    }
}

/// Counts `board` with the stones on `dead` (any stone of a dead chain
/// marks the whole chain) removed. `captures` are the stones each side
/// took during the game, `[by black, by white]`.
///
/// ```
/// use moku::{Board, Point};
/// use moku::rules::{score, Scoring};
/// let b = Board::from_ascii("
///     . X O .
///     . X O .
///     . X O .
///     . X O .");
/// let s = score(&b, &[], Scoring::Area, 0.5, [0, 0]);
/// assert_eq!((s.black, s.white), (8.0, 8.5));
/// assert_eq!(s.result_text(), "W+0.5");
/// ```
pub fn score(
    board: &Board,
    dead: &[Point],
    scoring: Scoring,
    komi: f32,
    captures: [u32; 2],
) -> Score {
    let n = board.size();
    // The position after removing dead chains.
    let mut cell: Vec<Option<Color>> = vec![None; CELLS];
    for p in board.points() {
        cell[p.index()] = board.get(p);
    }
    let mut dead_count = [0u32; 2];
    let mut is_dead = vec![false; CELLS];
    for &d in dead {
        if board.on_board(d) && board.get(d).is_some() && !is_dead[d.index()] {
            for s in board.chain(d) {
                is_dead[s.index()] = true;
                if let Some(c) = cell[s.index()].take() {
                    dead_count[c.index()] += 1;
                }
            }
        }
    }
    // Empty regions and the colours they touch.
    let mut region = vec![usize::MAX; CELLS];
    let mut regions: Vec<(Vec<Point>, bool, bool)> = Vec::new();
    for p in board.points() {
        if cell[p.index()].is_some() || region[p.index()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![p];
        region[p.index()] = id;
        let (mut b, mut w) = (false, false);
        let mut k = 0;
        while k < pts.len() {
            let q = pts[k];
            k += 1;
            for nb in board.neighbors(q) {
                match cell[nb.index()] {
                    Some(Color::Black) => b = true,
                    Some(Color::White) => w = true,
                    None => {
                        if region[nb.index()] == usize::MAX {
                            region[nb.index()] = id;
                            pts.push(nb);
                        }
                    }
                }
            }
        }
        regions.push((pts, b, w));
    }
    // Seki (territory scoring only): chains touching a two-coloured region.
    let mut in_seki = vec![false; CELLS];
    if scoring == Scoring::Territory {
        for (pts, b, w) in &regions {
            if *b && *w {
                for &q in pts {
                    for nb in board.neighbors(q) {
                        if cell[nb.index()].is_some() && !in_seki[nb.index()] {
                            for s in board.chain(nb) {
                                in_seki[s.index()] = true;
                            }
                        }
                    }
                }
            }
        }
    }
    let mut terr = [0u32; 2];
    let mut neutral = 0u32;
    for (pts, b, w) in &regions {
        let owner = match (b, w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        let seki_eye = owner.is_some()
            && pts.iter().any(|&q| {
                board
                    .neighbors(q)
                    .any(|nb| cell[nb.index()].is_some() && in_seki[nb.index()])
            });
        match owner {
            Some(c) if !seki_eye => terr[c.index()] += pts.len() as u32,
            _ => neutral += pts.len() as u32,
        }
    }
    let mut stones = [0u32; 2];
    for p in board.points() {
        if let Some(c) = cell[p.index()] {
            stones[c.index()] += 1;
        }
    }
    let prisoners = [captures[0] + dead_count[1], captures[1] + dead_count[0]];
    let (black, white) = match scoring {
        Scoring::Area => (
            (stones[0] + terr[0]) as f32,
            (stones[1] + terr[1]) as f32 + komi,
        ),
        Scoring::Territory => (
            (terr[0] + prisoners[0]) as f32,
            (terr[1] + prisoners[1]) as f32 + komi,
        ),
    };
    debug_assert!(n > 0);
    Score {
        black,
        white,
        black_territory: terr[0],
        white_territory: terr[1],
        black_stones: stones[0],
        white_stones: stones[1],
        black_prisoners: prisoners[0],
        white_prisoners: prisoners[1],
        neutral,
        komi,
        margin: black - white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;

    #[test]
    fn dead_stones_under_both_rules() {
        // A white stone dead inside Black's area at (1,1).
        let b = Board::from_ascii(
            "
            . . X O .
            . O X O .
            . . X O .
            X X X O .
            O O O O .",
        );
        // Area: Black stones 6 + territory (0,0),(1,0),(0,1),(1,1 after removal),(0,2),(1,2) = 6 -> 12.
        // White: stones 8 + territory (4,0..4) = 5 -> 13, + komi 0.5.
        let s = score(&b, &[pt(1, 1)], Scoring::Area, 0.5, [0, 0]);
        assert_eq!((s.black_stones, s.black_territory), (6, 6));
        assert_eq!((s.white_stones, s.white_territory), (8, 5));
        assert_eq!((s.black, s.white), (12.0, 13.5));
        assert_eq!(s.result_text(), "W+1.5");
        // Territory: Black 6 territory + 1 dead white stone + 2 captures.
        let t = score(&b, &[pt(1, 1)], Scoring::Territory, 6.5, [2, 1]);
        assert_eq!(t.black_prisoners, 3);
        assert_eq!(t.white_prisoners, 1);
        assert_eq!(t.black, 9.0);
        assert_eq!(t.white, 5.0 + 1.0 + 6.5);
        assert_eq!(t.margin, -3.5);
    }

    #[test]
    fn seki_points_are_neutral_under_territory_scoring() {
        // The inner black chain (eye at A1-corner (0,0)) and the white chain
        // (eye at (4,0)) share the liberty (2,0): seki. Row 4 is Black's.
        let b = Board::from_ascii(
            "
            . X . O .
            X X X O O
            O O O O X
            X X X X X
            . . . . .",
        );
        let t = score(&b, &[], Scoring::Territory, 0.0, [0, 0]);
        assert_eq!((t.black_territory, t.white_territory, t.neutral), (5, 0, 3));
        assert_eq!((t.black, t.white), (5.0, 0.0));
        // Area scoring counts the seki eyes; the shared liberty stays neutral.
        let a = score(&b, &[], Scoring::Area, 0.0, [0, 0]);
        assert_eq!((a.black_territory, a.white_territory, a.neutral), (6, 1, 1));
        assert_eq!((a.black, a.white), (16.0, 8.0));
    }
}
