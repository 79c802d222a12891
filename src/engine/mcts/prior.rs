//! Prior knowledge: what the tree believes of a move before it has played
//! any playout through it.
//!
//! A prior is a number of virtual playouts and the virtual wins among them
//! (Gelly & Silver 2007, "Combining online and offline knowledge in UCT"):
//! a move the knowledge likes starts with, say, 20 wins out of 20, a move
//! it dislikes with 0 out of 20, and the real playouts outweigh them as
//! they come in. The tree also orders its candidates by the prior's win
//! rate for progressive widening.
//!
//! [`Priors`] is the plug: [`SimplePriors`] is the knowledge Pachi and
//! Fuego start from (captures, escapes from atari, self-atari, 3x3 shapes,
//! distance to the last moves, the edge lines); the classic engine's move
//! generators are to plug in the same way, their candidate values turned
//! into virtual wins.

use crate::engine::playout::{escapes_atari, libs_after, matches_shape, would_self_atari};
use crate::rules::{Board, Color, Point};

/// Virtual playouts and wins for one move, from the mover's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    /// Virtual playouts.
    pub visits: f32,
    /// Virtual wins among them (`0..=visits`).
    pub wins: f32,
}

impl Prior {
    /// `n` virtual playouts won at rate `rate` (0 to 1).
    pub fn at_rate(rate: f32, n: f32) -> Prior {
        Prior {
            visits: n,
            wins: rate * n,
        }
    }

    /// Adds `n` virtual playouts won at rate `rate`.
    pub fn add(&mut self, rate: f32, n: f32) {
        self.visits += n;
        self.wins += rate * n;
    }

    /// The virtual win rate (one half without any virtual playout).
    pub fn rate(&self) -> f32 {
        if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        }
    }
}

/// The position a prior is asked about.
pub struct PriorContext<'a> {
    /// The board before the move.
    pub board: &'a Board,
    /// The player to move.
    pub to_move: Color,
    /// The last move and the one before it (`None` for a pass or the
    /// start of the game).
    pub last_moves: [Option<Point>; 2],
}

/// A source of prior knowledge for the tree search.
///
/// ```
/// use moku::engine::mcts::{Prior, PriorContext, Priors};
/// use moku::Point;
///
/// /// Likes the centre of the board, ignores everything else.
/// struct Centre;
/// impl Priors for Centre {
///     fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]) {
///         let mid = ctx.board.size() / 2;
///         for (p, prior) in moves.iter().zip(out) {
///             if p.x() == mid && p.y() == mid {
///                 prior.add(1.0, 30.0);
///             }
///         }
///     }
/// }
/// ```
pub trait Priors: Send + Sync {
    /// Adds the knowledge about each of `moves` (legal, empty points;
    /// passing is the tree's own business) to `out`, index by index.
    fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]);
}

/// Virtual playouts every move starts with, at an even rate: Pachi's
/// "even" prior (its default is about 10 at 50%), so that one early
/// playout does not decide a move's fate.
pub(crate) const EVEN_VISITS: f32 = 10.0;

/// Virtual wins for a move that captures: Pachi gives captures about 30
/// (with a "capture" bonus scaled by size); 20 was our starting point.
const CAPTURE_VISITS: f32 = 20.0;

/// Virtual wins for a move that saves an own chain from atari.
const ESCAPE_VISITS: f32 = 20.0;

/// Virtual losses for a self-atari of a chain of two or more stones
/// (Pachi and Fuego both start such moves with losses).
const SELF_ATARI_VISITS: f32 = 20.0;

/// Virtual wins for a move where a 3x3 shape pattern matches (Pachi's
/// "pattern" prior is of this size).
const SHAPE_VISITS: f32 = 10.0;

/// Virtual wins for a move within [`NEAR_DISTANCE`] of the last move,
/// and half of it near the move before (Pachi's CFG-distance prior gives
/// moves at distance 1-3 of the last move a bonus).
const NEAR_VISITS: f32 = 6.0;

/// How far (in the sum of the x and y distances) "near" reaches.
const NEAR_DISTANCE: usize = 2;

/// Virtual losses for a first-line move with no stone within
/// [`EMPTY_AREA`] (Pachi's "borderline" prior: first-line moves in an
/// empty area are almost always wrong).
const FIRST_LINE_VISITS: f32 = 15.0;

/// Virtual losses for a second-line move with no stone within
/// [`EMPTY_AREA`] on a board of 13x13 or more: too low in the opening
/// (Pachi's 19x19 "borderline" prior also discourages the second line).
const SECOND_LINE_VISITS: f32 = 8.0;

/// Virtual wins for a third- or fourth-line move with no stone within
/// [`EMPTY_AREA`] on a board of 13x13 or more: the opening lines.
const OPENING_LINE_VISITS: f32 = 6.0;

/// The radius (in x and y) of the "empty area" of the line priors.
const EMPTY_AREA: usize = 2;

/// The knowledge Pachi and Fuego give their trees, written for moku:
/// captures, escapes from atari, self-atari, 3x3 shapes, nearness to the
/// last two moves, and the edge lines in an empty area.
///
/// ```
/// use moku::engine::mcts::{Prior, PriorContext, Priors, SimplePriors};
/// use moku::{Board, Color, Point};
///
/// let board = Board::from_ascii("
///     . . . . .
///     . X O . .
///     . X O . .
///     . . X . .
///     . . . . .
/// ");
/// // White's two stones have two liberties; Black to play.
/// let moves = [Point::from_xy(2, 0), Point::from_xy(4, 4)];
/// let mut out = [Prior::default(); 2];
/// let ctx = PriorContext { board: &board, to_move: Color::Black, last_moves: [None, None] };
/// SimplePriors.priors(&ctx, &moves, &mut out);
/// assert!(out[0].rate() > out[1].rate()); // the hane above beats the far corner
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePriors;

impl Priors for SimplePriors {
    fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]) {
        let board = ctx.board;
        let c = ctx.to_move;
        let big = board.size() >= 13;
        for (&p, prior) in moves.iter().zip(out.iter_mut()) {
            prior.add(0.5, EVEN_VISITS);
            if board.would_capture(p, c) {
                prior.add(1.0, CAPTURE_VISITS);
            } else if would_self_atari(board, p, c) && joins_a_chain(board, p, c) {
                prior.add(0.0, SELF_ATARI_VISITS);
            }
            if escapes_atari(board, p, c) {
                prior.add(1.0, ESCAPE_VISITS);
            }
            if matches_shape(board, p) && libs_after(board, p, c, 2) >= 2 {
                prior.add(1.0, SHAPE_VISITS);
            }
            if let Some(l) = ctx.last_moves[0] {
                if distance(p, l) <= NEAR_DISTANCE {
                    prior.add(1.0, NEAR_VISITS);
                }
            }
            if let Some(l) = ctx.last_moves[1] {
                if distance(p, l) <= NEAR_DISTANCE {
                    prior.add(1.0, NEAR_VISITS / 2.0);
                }
            }
            let line = line_of(p, board.size());
            if (line == 1 || (big && line <= 4)) && board.no_stone_within(p, EMPTY_AREA) {
                match line {
                    1 => prior.add(0.0, FIRST_LINE_VISITS),
                    2 => prior.add(0.0, SECOND_LINE_VISITS),
                    _ => prior.add(1.0, OPENING_LINE_VISITS),
                }
            }
        }
    }
}

/// Virtual wins for the classic engine's best candidate at the root: a
/// strong belief, worth about as much as a capture and an escape
/// together (Many Faces of Go 12 gave its classic move the largest
/// prior of the root; 30 is our choice on that scale).
const CLASSIC_BEST_VISITS: f32 = 30.0;

/// Virtual wins for the classic candidates ranked second to
/// [`CLASSIC_TOP`]: liked, not decided.
const CLASSIC_TOP_VISITS: f32 = 15.0;

/// How many of the classic candidates get [`CLASSIC_TOP_VISITS`].
const CLASSIC_TOP: usize = 5;

/// Virtual wins for any other candidate the classic generators proposed
/// with a positive value: a move with a reason beats one without.
const CLASSIC_LISTED_VISITS: f32 = 5.0;

/// The classic engine's candidates as priors of the root (on top of
/// [`SimplePriors`], which serve every node): the generators' ranking
/// turned into virtual wins. Only the root gets them, because valuing a
/// position's candidates costs thousands of playouts.
///
/// ```
/// use moku::engine::mcts::{ClassicPriors, Prior, PriorContext, Priors};
/// use moku::{Board, Color, Point};
///
/// let board = Board::from_ascii("
///     . . . . .
///     . . . . .
///     . . . . .
///     . . . . .
///     . . . . .
/// ");
/// let centre = Point::from_xy(2, 2);
/// let corner = Point::from_xy(0, 0);
/// let priors = ClassicPriors::new(&board, Color::Black, vec![centre]);
/// let mut out = [Prior::default(); 2];
/// let ctx = PriorContext { board: &board, to_move: Color::Black, last_moves: [None, None] };
/// priors.priors(&ctx, &[centre, corner], &mut out);
/// assert!(out[0].rate() > out[1].rate());
/// ```
#[derive(Clone, Debug)]
pub struct ClassicPriors {
    root: u64,
    to_move: Color,
    ranked: Vec<Point>,
}

impl ClassicPriors {
    /// Priors for the root `board` with `to_move` to play, from the
    /// classic candidates with a positive value, best first.
    pub fn new(board: &Board, to_move: Color, ranked: Vec<Point>) -> ClassicPriors {
        ClassicPriors {
            root: board.hash(),
            to_move,
            ranked,
        }
    }
}

impl Priors for ClassicPriors {
    fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]) {
        SimplePriors.priors(ctx, moves, out);
        if ctx.to_move != self.to_move || ctx.board.hash() != self.root {
            return;
        }
        for (p, prior) in moves.iter().zip(out.iter_mut()) {
            match self.ranked.iter().position(|q| q == p) {
                Some(0) => prior.add(1.0, CLASSIC_BEST_VISITS),
                Some(r) if r < CLASSIC_TOP => prior.add(1.0, CLASSIC_TOP_VISITS),
                Some(_) => prior.add(1.0, CLASSIC_LISTED_VISITS),
                None => {}
            }
        }
    }
}

/// Whether a stone of `c` on `p` would join an own chain.
fn joins_a_chain(board: &Board, p: Point, c: Color) -> bool {
    p.neighbors().iter().any(|&n| board.has_stone(n, c))
}

/// The sum of the x and y distances.
fn distance(a: Point, b: Point) -> usize {
    a.x().abs_diff(b.x()) + a.y().abs_diff(b.y())
}

/// The line of `p` counted from the nearest edge (1 for the edge).
fn line_of(p: Point, size: usize) -> usize {
    1 + p.x().min(p.y()).min(size - 1 - p.x()).min(size - 1 - p.y())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prior_of(board: &Board, c: Color, p: Point, last: Option<Point>) -> Prior {
        let ctx = PriorContext {
            board,
            to_move: c,
            last_moves: [last, None],
        };
        let mut out = [Prior::default()];
        SimplePriors.priors(&ctx, &[p], &mut out);
        out[0]
    }

    #[test]
    fn captures_and_escapes_start_ahead_self_ataris_behind() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . O . . . .
            . O X O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let even = Prior::at_rate(0.5, EVEN_VISITS);
        // Black's stone at (2,2) is in atari; (2,3) saves it.
        let escape = prior_of(&b, Color::Black, Point::from_xy(2, 3), None);
        assert!(escape.rate() > 0.7, "{escape:?}");
        // White captures at (2,3).
        let capture = prior_of(&b, Color::White, Point::from_xy(2, 3), None);
        assert!(capture.rate() > 0.7, "{capture:?}");
        // A move far away in the open gets the even prior only (line 4 of
        // a 7x7 board is no opening line).
        assert_eq!(prior_of(&b, Color::Black, Point::from_xy(5, 5), None), even);
        // The corner point in an empty area: first line, a loss.
        let corner = prior_of(&b, Color::Black, Point::from_xy(6, 6), None);
        assert!(corner.rate() < 0.3, "{corner:?}");
    }

    #[test]
    fn self_atari_of_a_chain_starts_with_losses() {
        // Black's two stones have liberties (0,0)... playing (2,0) leaves
        // them with one.
        let b = Board::from_ascii(
            "
            . X . O .
            O X O . .
            . O . . .
            . . . . .
            . . . . .",
        );
        let p = prior_of(&b, Color::Black, Point::from_xy(2, 0), None);
        assert!(p.rate() < 0.4, "{p:?}");
    }

    #[test]
    fn nearness_to_the_last_move_counts() {
        let b = Board::new(9).unwrap();
        let last = Point::from_xy(4, 4);
        let near = prior_of(&b, Color::White, Point::from_xy(4, 5), Some(last));
        let far = prior_of(&b, Color::White, Point::from_xy(1, 7), Some(last));
        assert!(near.rate() > far.rate());
        assert_eq!(line_of(Point::from_xy(0, 4), 9), 1);
        assert_eq!(line_of(Point::from_xy(2, 3), 9), 3);
        assert_eq!(line_of(Point::from_xy(4, 4), 9), 5);
    }
}
