//! Benson's algorithm: strings that are alive unconditionally (whatever
//! the opponent plays, even with the owner always passing), and the
//! regions they own; plus the "small surrounded regions" rule of the
//! notes "Chrisd/Computer Go Improvements" (Sensei's Library, 2006), on a
//! program that judges regions by thermographs (see `docs/provenance.md`).
//!
//! For a colour `c`, a *region* is a maximal connected set of points that
//! are not `c` stones (empty points and opponent stones). A region is
//! *vital* to a `c` string if every empty point of the region is one of
//! the string's liberties. Benson's iteration: drop every string with fewer
//! than two vital regions among the regions still standing; drop every
//! region that touches a dropped string; repeat until nothing changes. The
//! strings left are unconditionally alive.
//!
//! The regions left (all their boundary strings alive) are the owner's if
//! the opponent cannot live inside: when they are vital (the opponent
//! cannot make eyes where every empty point touches the living stones), or
//! when they are too small for two eyes (`SMALL_REGION`); stones of the
//! surrounder inside do not matter, only adjacency to the Benson strings.

use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point};

/// Regions of at most this many points, enclosed by unconditionally alive
/// strings, belong to the surrounder: the smallest group that lives in a
/// corner without outside help (the "L group" family: a six-point eye space
/// plus its wall) needs more room. Proposed reading of the thermography
/// notes' "too small to hold two eyes".
pub(crate) const SMALL_REGION: usize = 6;

/// The result of Benson's algorithm for both colours.
#[derive(Clone, Debug)]
pub struct Unconditional {
    /// Per padded point: the colour that owns it unconditionally (its
    /// alive stones, and the regions they secure), if any.
    owner: Vec<Option<Color>>,
    /// Per padded point: whether a stone there is unconditionally alive.
    alive: Vec<bool>,
}

impl Unconditional {
    /// Whether the stone on `p` is unconditionally alive.
    pub fn is_alive(&self, p: Point) -> bool {
        self.alive[p.index()]
    }

    /// The unconditional owner of `p` (stone or territory), if any.
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.owner[p.index()]
    }
}

struct Region {
    points: Vec<Point>,
    empties: Vec<Point>,
    /// Boundary strings (chain ids).
    chains: Vec<Point>,
}

/// The regions of `c` (maximal connected sets of non-`c` points).
fn regions(board: &Board, c: Color) -> Vec<Region> {
    let mut done = vec![false; CELLS];
    let mut out = Vec::new();
    for p in board.points() {
        if board.get(p) == Some(c) || done[p.index()] {
            continue;
        }
        let mut r = Region {
            points: vec![p],
            empties: Vec::new(),
            chains: Vec::new(),
        };
        done[p.index()] = true;
        let mut i = 0;
        while i < r.points.len() {
            let q = r.points[i];
            i += 1;
            if board.get(q).is_none() {
                r.empties.push(q);
            }
            for n in board.neighbors(q) {
                if board.get(n) == Some(c) {
                    let id = board.chain_id(n);
                    if !r.chains.contains(&id) {
                        r.chains.push(id);
                    }
                } else if !done[n.index()] {
                    done[n.index()] = true;
                    r.points.push(n);
                }
            }
        }
        out.push(r);
    }
    out
}

/// The unconditionally alive strings of `c` (by chain id) and the regions
/// they enclose (indices into the region list), by Benson's iteration.
fn benson_for(board: &Board, c: Color) -> (Vec<Point>, Vec<Region>) {
    let regs = regions(board, c);
    // vital[r] = the chains to which region r is vital.
    let vital: Vec<Vec<Point>> = regs
        .iter()
        .map(|r| {
            r.chains
                .iter()
                .copied()
                .filter(|&x| {
                    r.empties.iter().all(|&e| {
                        board
                            .neighbors(e)
                            .any(|n| board.get(n) == Some(c) && board.chain_id(n) == x)
                    })
                })
                .collect()
        })
        .collect();
    let mut chains: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.get(p) == Some(c) && board.chain_id(p) == p {
            chains.push(p);
        }
    }
    let mut region_alive = vec![true; regs.len()];
    loop {
        let before = chains.len();
        chains.retain(|&x| {
            (0..regs.len())
                .filter(|&r| region_alive[r] && vital[r].contains(&x))
                .count()
                >= 2
        });
        let mut changed = chains.len() != before;
        for r in 0..regs.len() {
            if region_alive[r] && regs[r].chains.iter().any(|x| !chains.contains(x)) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let kept = regs
        .into_iter()
        .zip(region_alive)
        .filter(|(_, a)| *a)
        .map(|(r, _)| r)
        .collect();
    (chains, kept)
}

/// Benson's unconditional life for both colours, with the regions the
/// living strings own (vital or small).
///
/// ```
/// use moku::{Board, Color, Point};
/// use moku::reading::benson;
/// let b = Board::from_ascii("
///     . X . X O .
///     X X X X O O
///     O O O O . .
///     . . . . . .
///     . . . . . .
///     . . . . . .");
/// let u = benson::unconditional(&b);
/// assert!(u.is_alive(Point::from_xy(0, 1)));
/// assert_eq!(u.owner(Point::from_xy(0, 0)), Some(Color::Black));
/// assert!(!u.is_alive(Point::from_xy(4, 0)));
/// ```
pub fn unconditional(board: &Board) -> Unconditional {
    let mut owner = vec![None; CELLS];
    let mut alive = vec![false; CELLS];
    for c in [Color::Black, Color::White] {
        let (chains, regs) = benson_for(board, c);
        for &x in &chains {
            for s in board.chain(x) {
                alive[s.index()] = true;
                owner[s.index()] = Some(c);
            }
        }
        for r in &regs {
            let is_vital = r.chains.iter().any(|&x| {
                r.empties.iter().all(|&e| {
                    board
                        .neighbors(e)
                        .any(|n| board.get(n) == Some(c) && board.chain_id(n) == x)
                })
            });
            if is_vital || r.points.len() <= SMALL_REGION {
                for &p in &r.points {
                    owner[p.index()] = Some(c);
                }
            }
        }
    }
    Unconditional { owner, alive }
}

/// The unconditionally alive strings of `c`, one point (the chain id) each.
pub fn alive_strings(board: &Board, c: Color) -> Vec<Point> {
    benson_for(board, c).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_eyed_group_is_alive() {
        let b = Board::from_ascii(
            "
            . X . X O . .
            X X X X O . .
            O O O O O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let u = unconditional(&b);
        for p in [(1, 0), (0, 1), (3, 1), (3, 0)] {
            assert!(u.is_alive(Point::from_xy(p.0, p.1)), "{p:?}");
        }
        assert_eq!(u.owner(Point::from_xy(0, 0)), Some(Color::Black));
        assert_eq!(u.owner(Point::from_xy(2, 0)), Some(Color::Black));
        // White is not unconditionally alive: it has no eyes at all.
        assert!(!u.is_alive(Point::from_xy(0, 2)));
        assert_eq!(u.owner(Point::from_xy(6, 6)), None);
        assert_eq!(
            alive_strings(&b, Color::Black).len(),
            1,
            "B9, D9 and the wall are one string"
        );
    }

    #[test]
    fn one_big_eye_is_not_unconditional() {
        // A group with one three-point eye lives only if it answers the
        // vital point: not unconditionally alive.
        let b = Board::from_ascii(
            "
            . . . X O . .
            X X X X O . .
            O O O O O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let u = unconditional(&b);
        assert!(!u.is_alive(Point::from_xy(3, 0)));
        assert_eq!(u.owner(Point::from_xy(0, 0)), None);
    }

    #[test]
    fn small_region_belongs_to_the_surrounder() {
        // Black lives with two eyes (A9, C9) and encloses a three-point
        // region holding a white stone on the right: the region is
        // Black's, the stone dead; the large outside region is not.
        let b = Board::from_ascii(
            "
            . X . X . O . X .
            X X X X X X X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let u = unconditional(&b);
        assert!(u.is_alive(Point::from_xy(0, 1)));
        assert_eq!(
            u.owner(Point::from_xy(5, 0)),
            Some(Color::Black),
            "dead stone in a small region"
        );
        assert_eq!(u.owner(Point::from_xy(6, 0)), Some(Color::Black));
        assert_eq!(
            u.owner(Point::from_xy(4, 4)),
            None,
            "the open board is nobody's"
        );
    }
}
