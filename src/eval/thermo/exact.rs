//! Exact values of final positions: unconditional territory (Benson)
//! everywhere but a few points, such as final kos.
//!
//! When the rest of the board is unconditionally settled there are no ko
//! threats anywhere, so the few open points can be played out exactly: a
//! minimax search over their moves and passes with the simple ko rule and
//! positional superko along the line, ended by two passes. At the end a
//! string in atari that the opponent may capture counts as captured (its
//! point and the prisoner); unconditional territory counts for its owner,
//! and each empty part of the open points bordered by one colour only
//! counts for it.

use crate::reading::benson;
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point};

/// The most empty points outside unconditional territory for a position
/// to be final. Kos are the case of the notes; a handful of points keeps
/// the exact search within [`FINAL_NODES`].
pub(crate) const FINAL_POINTS: usize = 6;

/// The exact search's node limit: beyond it the position is not treated as
/// final (no exact value).
pub(crate) const FINAL_NODES: u64 = 100_000;

/// The longest line of moves the exact search follows. A final position
/// is played out in a few dozen moves, kos included; a longer line is a
/// capture fight that keeps opening the board (the open points include
/// every stone outside unconditional territory), which is no final
/// position. Before this cap only [`FINAL_NODES`] ended a line, so one
/// line could nest tens of thousands of calls: a debug test thread's
/// 8 MiB stack overflowed once, and the page's wasm worker has 1 MiB.
/// With it the recursion is at most `2 * FINAL_DEPTH + 2` calls deep
/// (passes add a call each, never two in a row).
pub(crate) const FINAL_DEPTH: usize = 64;

struct Final<'a> {
    board: &'a mut Board,
    open: Vec<Point>,
    owner: Vec<Option<Color>>,
    path: Vec<u64>,
    nodes: u64,
    table: super::local::FastMap<(i64, u8)>,
    /// Moves a line may have ([`FINAL_DEPTH`]).
    max_depth: usize,
}

/// The exact score (territory counting, points for Black, prisoners
/// included, komi not) of a final position with `to_move` to play, or
/// None when the position is not final (more than six empty
/// points outside unconditional territory, or the search too big).
///
/// ```
/// use moku::{Board, Color};
/// use moku::eval::thermo::exact_score;
/// // Two unconditionally living groups (Black's eyes A7 and A1, White's
/// // four) and two open points: Black to move plays D4 and C4 is Black's.
/// let b = Board::from_ascii("
///     . X X X O . O
///     X X X X O O O
///     X X X X O . O
///     X X . . O O O
///     X X X X O . O
///     X X X X O O O
///     . X X X O . O");
/// assert_eq!(exact_score(&b, Color::Black), Some(2 - 4 + 1));
/// assert_eq!(exact_score(&b, Color::White), Some(2 - 4));
/// assert_eq!(exact_score(&Board::new(9).unwrap(), Color::Black), None);
/// ```
pub fn exact_score(board: &Board, to_move: Color) -> Option<i64> {
    exact_with(board, &benson::unconditional(board), to_move)
}

/// [`exact_score`] with Benson's result `u` for `board` (the ko point
/// aside, it does not depend on who is to move).
fn exact_with(board: &Board, u: &benson::Unconditional, to_move: Color) -> Option<i64> {
    exact_within(board, u, to_move, FINAL_DEPTH)
}

/// [`exact_with`] with lines of at most `max_depth` moves.
fn exact_within(
    board: &Board,
    u: &benson::Unconditional,
    to_move: Color,
    max_depth: usize,
) -> Option<i64> {
    let open: Vec<Point> = board.points().filter(|&p| u.owner(p).is_none()).collect();
    if open.iter().filter(|&&p| board.is_empty(p)).count() > FINAL_POINTS {
        return None;
    }
    let mut owner = vec![None; CELLS];
    for p in board.points() {
        owner[p.index()] = u.owner(p);
    }
    let mut b = board.clone();
    let mut f = Final {
        board: &mut b,
        open,
        owner,
        path: vec![board.hash()],
        nodes: 0,
        table: Default::default(),
        max_depth,
    };
    f.search(to_move, 0, i64::MIN + 1, i64::MAX)
}

/// The exact scores of a final position with Black to move and with
/// White to move, or None when it is not final. The board's ko point binds
/// the player whose stone was just taken there; for the other player the
/// ban is lifted.
pub(crate) fn exact_scores(board: &Board, u: &benson::Unconditional) -> Option<[i64; 2]> {
    let banned = board.ko_point().and_then(|k| {
        board
            .neighbors(k)
            .find_map(|n| board.get(n))
            .map(Color::opponent)
    });
    let score = |c: Color| {
        if board.ko_point().is_some() && banned != Some(c) {
            let mut b = board.clone();
            b.pass(c.opponent());
            exact_with(&b, u, c)
        } else {
            exact_with(board, u, c)
        }
    };
    Some([score(Color::Black)?, score(Color::White)?])
}

impl Final<'_> {
    /// The value for Black with `to_move` to play after `passes` passes
    /// in a row, searched in the window (alpha, beta).
    fn search(&mut self, to_move: Color, passes: u8, mut alpha: i64, mut beta: i64) -> Option<i64> {
        if passes >= 2 {
            return Some(self.score());
        }
        // The path holds the start and one position per move.
        if self.path.len() - 1 > self.max_depth {
            // Too long a line: not final. Spending the node budget makes
            // the whole search give up; a bare `None` would read as a
            // repetition, and the move would be skipped as if illegal.
            self.nodes = FINAL_NODES + 1;
            return None;
        }
        self.nodes += 1;
        if self.nodes > FINAL_NODES {
            return None;
        }
        let key = super::local::mix(
            self.board.hash()
                ^ (to_move.index() as u64) << 1
                ^ (passes as u64) << 2
                ^ self.board.ko_point().map_or(0, |k| (k.index() as u64) << 8),
        );
        // Exact values only (bounds would need their kind stored too).
        if let Some(&(v, 0)) = self.table.get(&key) {
            return Some(v);
        }
        let (a0, b0) = (alpha, beta);
        let black = to_move == Color::Black;
        let mut best: Option<i64> = None;
        let moves: Vec<Point> = self
            .open
            .iter()
            .copied()
            .filter(|&p| {
                self.board.check_move(p, to_move, false).is_ok() && !self.own_eye(p, to_move)
            })
            .collect();
        for p in moves {
            let undo = self.board.play_unchecked(p, to_move);
            let h = self.board.hash();
            let repeat = self.path.contains(&h);
            let v = if repeat {
                None
            } else {
                self.path.push(h);
                let v = self.search(to_move.opponent(), 0, alpha, beta);
                self.path.pop();
                if v.is_none() && self.nodes > FINAL_NODES {
                    self.board.undo(undo);
                    return None;
                }
                v
            };
            self.board.undo(undo);
            let Some(v) = v else { continue };
            best = Some(match best {
                None => v,
                Some(b) if black => b.max(v),
                Some(b) => b.min(v),
            });
            if black {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                return best;
            }
        }
        let undo = self.board.pass(to_move);
        let v = self.search(to_move.opponent(), passes + 1, alpha, beta);
        self.board.undo(undo);
        let v = v?;
        let best = match best {
            None => v,
            Some(b) if black => b.max(v),
            Some(b) => b.min(v),
        };
        if best > a0 && best < b0 {
            self.table.insert(key, (best, 0));
        }
        Some(best)
    }

    /// Whether `p` is an eye of `c`'s unconditionally alive stones: filling
    /// it only costs a point, so passing is always as good.
    fn own_eye(&self, p: Point, c: Color) -> bool {
        self.board
            .neighbors(p)
            .all(|n| self.board.get(n) == Some(c) && self.owner[n.index()] == Some(c))
    }

    /// The final count: prisoners, unconditional territory (dead stones in
    /// it count two), the open points' territory, strings in atari the
    /// opponent may take counted as taken.
    fn score(&self) -> i64 {
        let b = &*self.board;
        let mut s = b.captures(Color::Black) as i64 - b.captures(Color::White) as i64;
        let mut taken = vec![false; CELLS];
        for &p in &self.open {
            if let Some(c) = b.get(p) {
                if b.liberties(p) == 1 {
                    let lib = b.chain_liberties(p)[0];
                    if b.check_move(lib, c.opponent(), false).is_ok() {
                        taken[p.index()] = true;
                    }
                }
            }
        }
        for p in b.points() {
            let i = p.index();
            match (self.owner[i], b.get(p)) {
                (Some(c), None) => s += c.sign() as i64,
                (Some(c), Some(x)) if x != c => s += 2 * c.sign() as i64,
                (Some(_), Some(_)) => {}
                (None, Some(x)) if taken[i] => s -= 2 * x.sign() as i64,
                (None, _) => {}
            }
        }
        // Empty open parts bordered by one colour (taken strings count for
        // the taker).
        let mut seen = vec![false; CELLS];
        for &p in &self.open {
            if !b.is_empty(p) || seen[p.index()] {
                continue;
            }
            seen[p.index()] = true;
            let mut part = vec![p];
            let mut colors = [false; 2];
            b.grow(&mut part, |_, n| match b.get(n) {
                None if self.owner[n.index()].is_none() => {
                    !std::mem::replace(&mut seen[n.index()], true)
                }
                None => {
                    colors[self.owner[n.index()].map_or(0, |c| c.index())] = true;
                    false
                }
                Some(x) => {
                    let x = if taken[n.index()] { x.opponent() } else { x };
                    colors[x.index()] = true;
                    false
                }
            });
            match colors {
                [true, false] => s += part.len() as i64,
                [false, true] => s -= part.len() as i64,
                _ => {}
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of [`exact_score`]: two open points, C4 and D4.
    fn two_open_points() -> Board {
        Board::from_ascii(super::super::tests::ONE_POINT_GOTE)
    }

    #[test]
    fn a_line_longer_than_the_cap_means_no_exact_value() {
        let b = two_open_points();
        let u = benson::unconditional(&b);
        // Black plays D4 and both pass.
        assert_eq!(
            exact_within(&b, &u, Color::Black, FINAL_DEPTH),
            Some(2 - 4 + 1)
        );
        // With no move allowed every line is cut and the search gives up.
        // Skipping the cut lines instead would have left only passes, and
        // the wrong value 2 - 4 (nobody playing the open points).
        assert_eq!(exact_within(&b, &u, Color::Black, 0), None);
    }
}
