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

use super::shapes::{shape_key, shape_log_gamma};
use crate::engine::tree::playout::{
    escapes_atari, is_nakade, libs_after, matches_shape, would_self_atari,
};
use crate::reading::tactics::{self, ladder_capture};
use crate::reading::{Budget, Code};
use crate::rules::is_large_board;
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

/// Virtual losses for an escape from atari that a ladder catches: the
/// extension leaves two liberties and the ladder captures the chain
/// anyway, with more stones. Running out of a working ladder is the
/// classic blunder of playouts-only programs on 19x19 (they cannot read
/// ladders; Pachi checks them in its tree priors and its playouts); as
/// large as the escape's bonus, so the move starts clearly behind.
const LADDER_ESCAPE_VISITS: f32 = 20.0;

/// Virtual losses for a self-atari of a chain of two or more stones that
/// is no nakade ([`is_nakade`])
/// (Pachi and Fuego both start such moves with losses).
const SELF_ATARI_VISITS: f32 = 20.0;

/// Virtual wins for a move where a 3x3 shape pattern matches (Pachi's
/// "pattern" prior is of this size).
const SHAPE_VISITS: f32 = 10.0;

/// Virtual playouts of the learned-shape prior ([`super::shapes`]), on
/// boards of [`LEARNED_SHAPE_MIN_SIZE`] and up, where it takes the place
/// of [`SHAPE_VISITS`]: as many as a capture's, since the shape's rate
/// ranges from a near-certain loss to a near-certain win.
const LEARNED_SHAPE_VISITS: f32 = 20.0;

/// The learned-shape prior's rate per doubling of the shape's gamma,
/// around one half for a shape played as often as the average legal
/// point: gamma 8 (a hane, an extension) starts at 0.74, gamma 1/8 (an
/// empty triangle) at 0.26, and the rate is full at gamma 2^6.25. The
/// open point (no stone around) has gamma 0.42 in the table, 0.40.
const LEARNED_SHAPE_RATE_PER_DOUBLING: f32 = 0.08;

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

/// Virtual wins for an opening move in an empty corner on a board of
/// 13x13 or more: the 3-3, 3-4, 4-4, 3-5 and 4-5 points ("corners first,
/// then sides, then the centre", the first proverb of the opening). On
/// 19x19 the line priors alone left every third- and fourth-line point
/// equal, and at a few thousand playouts a move the tree took side points
/// and the centre while corners stood empty (GNU Go's estimate put such
/// an opening 30 points behind by move 30; match games of 2026-11-26).
/// As large as the classic engine's best candidate at the root.
const EMPTY_CORNER_VISITS: f32 = 30.0;

/// Virtual losses for a move above the fourth line in an empty area on a
/// board of 13x13 or more while a corner is still empty: the centre
/// builds neither territory nor a base that early.
const EARLY_CENTRE_VISITS: f32 = 10.0;

/// The side of the square, counted from a corner, that must hold no stone
/// for the corner to count as empty: the 3-3 to 5-5 points and their
/// surroundings (an approach on the sixth line already takes the corner's
/// first choice away).
const CORNER_BOX: usize = 6;

/// Virtual wins for the move that captures, by the tactical reader, an
/// opponent string of [`TACTIC_MIN_STONES`] or more with two or three
/// liberties next to the last move, and for the move that saves such an
/// own string the reader says is lost otherwise (13x13 and up). The
/// playouts answer only ataris, and the tree below the root had no other
/// knowledge of tactics: in the 19x19 games lost to GNU Go level 10 the
/// tree played on while big strings became capturable (in 26 of 40
/// losses moku left a string of five stones or more capturable that it
/// could have saved, by its own reader and GNU Go's; 2026-11-27). As
/// large as the classic engine's best candidate at the root.
const TACTIC_VISITS: f32 = 30.0;

/// The smallest string the tactical prior reads: two stones (a lone
/// stone's capture is the playouts' and the shapes' business, and
/// reading every one would cost too many playouts).
const TACTIC_MIN_STONES: usize = 2;

/// Reading nodes for each string the tactical prior reads: ladders and
/// simple nets take a few dozen to a few hundred; at about a million a
/// second a read costs at most half a millisecond.
const TACTIC_NODES: u64 = 500;

/// Reading nodes for each string at the root, read once a move: enough
/// to prove most defences (two stones in the open take about 4,000).
const ROOT_TACTIC_NODES: u64 = 5_000;

/// The knowledge Pachi and Fuego give their trees, written for moku:
/// captures, escapes from atari (unless a ladder catches them anyway),
/// self-atari, 3x3 shapes (hand-written on 9x9, learned from game records
/// on 13x13 and up: [`super::shape_gamma`]), nearness to the last two
/// moves, the edge lines in an empty area, and on 13x13 and up the
/// opening's order: empty corners first, no centre while a corner is
/// empty.
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
        // The learned shapes on large boards only: they were counted on
        // 19x19 records, and 9x9 keeps the hand-written shapes its match
        // figures were measured with.
        let learned = is_large_board(ctx.board.size());
        simple_priors(ctx, moves, out, learned, true);
    }
}

/// [`SimplePriors`] with the hand-written 3x3 shapes on every board
/// size and no exception for nakade in the self-atari prior, as
/// [`crate::engine::playout::Policy::HeavyWithoutNakade`] has none: the
/// tree's priors before the learned shapes and the nakade, for
/// [`crate::engine::ownership`]'s small searches. Their ownership was
/// measured on the score set with these (mean error 16.18 points, 55 of
/// 61 winners); with the learned shapes it read 16.70 and 54 of 61, as
/// 150 playouts drawn towards the played shapes settle fewer groups.
/// Strength wants the learned shapes, the evaluation's second opinion
/// does not.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HandShapePriors;

impl Priors for HandShapePriors {
    fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]) {
        simple_priors(ctx, moves, out, false, false);
    }
}

/// The simple priors of `moves`, with the learned 3x3 shapes when
/// `learned` and the hand-written ones otherwise; with `nakade`, a
/// self-atari that [`is_nakade`] escapes the self-atari prior's losses.
fn simple_priors(
    ctx: &PriorContext<'_>,
    moves: &[Point],
    out: &mut [Prior],
    learned: bool,
    nakade: bool,
) {
    let board = ctx.board;
    let c = ctx.to_move;
    let big = is_large_board(board.size());
    let empty_corners = if big {
        empty_corners(board)
    } else {
        [false; 4]
    };
    let corner_left = empty_corners.iter().any(|&e| e);
    // The tactical prior reads on large boards only: 9x9 met its match
    // goals without it, and its figures are kept comparable.
    let tactics = if is_large_board(board.size()) {
        tactical_points(board, c, ctx.last_moves[0])
    } else {
        Vec::new()
    };
    for (&p, prior) in moves.iter().zip(out.iter_mut()) {
        if tactics.contains(&p) {
            prior.add(1.0, TACTIC_VISITS);
        }
        prior.add(0.5, EVEN_VISITS);
        if board.would_capture(p, c) {
            prior.add(1.0, CAPTURE_VISITS);
        } else if would_self_atari(board, p, c)
            && joins_a_chain(board, p, c)
            && !(nakade && is_nakade(board, p, c))
        {
            prior.add(0.0, SELF_ATARI_VISITS);
        }
        if escapes_atari(board, p, c) {
            if caught_in_a_ladder(board, p, c) {
                prior.add(0.0, LADDER_ESCAPE_VISITS);
            } else {
                prior.add(1.0, ESCAPE_VISITS);
            }
        }
        if learned {
            if let Some(lg) = shape_log_gamma(shape_key(board, p, c)) {
                let rate = (0.5 + lg * LEARNED_SHAPE_RATE_PER_DOUBLING).clamp(0.0, 1.0);
                prior.add(rate, LEARNED_SHAPE_VISITS);
            }
        } else if matches_shape(board, p) && libs_after(board, p, c, 2) >= 2 {
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
        if (line == 1 || big) && board.no_stone_within(p, EMPTY_AREA) {
            match line {
                1 => prior.add(0.0, FIRST_LINE_VISITS),
                2 => prior.add(0.0, SECOND_LINE_VISITS),
                3 | 4 => prior.add(1.0, OPENING_LINE_VISITS),
                _ if corner_left => prior.add(0.0, EARLY_CENTRE_VISITS),
                _ => {}
            }
        }
        if corner_left {
            if let Some(k) = opening_corner(p, board.size()) {
                if empty_corners[k] {
                    prior.add(1.0, EMPTY_CORNER_VISITS);
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

/// Whether the thermography's endgame moves are priors of the root once
/// the game reaches the endgame phase (with `ENDGAME_BEST_VISITS` and
/// `ENDGAME_TOP_VISITS` virtual wins); docs/strength.md has the match
/// that decided it.
pub const ENDGAME_PRIORS: bool = true;

/// Virtual wins for the thermography's first endgame move at the root
/// (its choice: sente first, the ko rules, tedomari): as much as the
/// classic engine's best candidate, which it often is.
const ENDGAME_BEST_VISITS: f32 = 30.0;

/// Virtual wins for the thermography's next moves, up to
/// [`ENDGAME_TOP`]: as the classic engine's top candidates.
const ENDGAME_TOP_VISITS: f32 = 15.0;

/// How many of the thermography's moves are priors: the first and the
/// next two, the moves that the order's rules compare.
const ENDGAME_TOP: usize = 3;

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
    /// The root's capturing and saving points, by the tactical reader
    /// (13x13 and up).
    tactics: Vec<Point>,
    /// The thermography's endgame moves in its order (in the endgame
    /// phase, with [`ENDGAME_PRIORS`]).
    endgame: Vec<Point>,
}

impl ClassicPriors {
    /// Priors for the root `board` with `to_move` to play, from the
    /// classic candidates with a positive value, best first.
    pub fn new(board: &Board, to_move: Color, ranked: Vec<Point>) -> ClassicPriors {
        // On large boards only, as the simple priors' tactics.
        let tactics = if is_large_board(board.size()) {
            root_tactical_points(board, to_move)
        } else {
            Vec::new()
        };
        ClassicPriors {
            root: board.hash(),
            to_move,
            ranked,
            tactics,
            endgame: Vec::new(),
        }
    }

    /// With the thermography's endgame moves, its choice first, as priors
    /// (when [`ENDGAME_PRIORS`] is set).
    pub fn with_endgame(mut self, moves: Vec<Point>) -> ClassicPriors {
        if ENDGAME_PRIORS {
            self.endgame = moves;
        }
        self
    }
}

impl Priors for ClassicPriors {
    fn priors(&self, ctx: &PriorContext<'_>, moves: &[Point], out: &mut [Prior]) {
        SimplePriors.priors(ctx, moves, out);
        if ctx.to_move != self.to_move || ctx.board.hash() != self.root {
            return;
        }
        // The points the simple priors gave the tactical bonus already
        // (the strings next to the last move): not twice.
        let read = if self.tactics.is_empty() {
            Vec::new()
        } else {
            tactical_points(ctx.board, ctx.to_move, ctx.last_moves[0])
        };
        for (p, prior) in moves.iter().zip(out.iter_mut()) {
            if self.tactics.contains(p) && !read.contains(p) {
                prior.add(1.0, TACTIC_VISITS);
            }
            match self.ranked.iter().position(|q| q == p) {
                Some(0) => prior.add(1.0, CLASSIC_BEST_VISITS),
                Some(r) if r < CLASSIC_TOP => prior.add(1.0, CLASSIC_TOP_VISITS),
                Some(_) => prior.add(1.0, CLASSIC_LISTED_VISITS),
                None => {}
            }
            match self.endgame.iter().position(|q| q == p) {
                Some(0) => prior.add(1.0, ENDGAME_BEST_VISITS),
                Some(r) if r < ENDGAME_TOP => prior.add(1.0, ENDGAME_TOP_VISITS),
                _ => {}
            }
        }
    }
}

/// The points where `c` captures an opponent string or saves an own one,
/// by the tactical reader, among the strings of [`TACTIC_MIN_STONES`] or
/// more with two or three liberties at `last` or next to it (the strings
/// the last move changed).
fn tactical_points(board: &Board, c: Color, last: Option<Point>) -> Vec<Point> {
    let Some(l) = last else {
        return Vec::new();
    };
    read_strings(
        board,
        c,
        std::iter::once(l).chain(l.neighbors()),
        TACTIC_NODES,
    )
}

/// The capturing and saving points of every string of
/// [`TACTIC_MIN_STONES`] or more with two or three liberties on `board`
/// (for the root, read once a move with [`ROOT_TACTIC_NODES`] a string).
fn root_tactical_points(board: &Board, c: Color) -> Vec<Point> {
    read_strings(board, c, board.points(), ROOT_TACTIC_NODES)
}

/// What [`tactical_points`] reads: the strings through `stones` (each
/// once) of [`TACTIC_MIN_STONES`] or more with two or three liberties,
/// `nodes` a read.
fn read_strings(
    board: &Board,
    c: Color,
    stones: impl Iterator<Item = Point>,
    nodes: u64,
) -> Vec<Point> {
    // The strings first, by chain id: reading renumbers chains.
    let mut strings: Vec<(Point, Point)> = Vec::new();
    for q in stones {
        if board.get(q).is_none()
            || board.chain_len(q) < TACTIC_MIN_STONES
            || !(2..=3).contains(&board.liberties(q))
        {
            continue;
        }
        let id = board.chain_id(q);
        if !strings.iter().any(|&(_, i)| i == id) {
            strings.push((q, id));
        }
    }
    let mut out = Vec::new();
    if strings.is_empty() {
        return out;
    }
    let mut b = board.clone();
    let budget = Budget::nodes(nodes);
    for (q, _) in strings {
        let attack = tactics::attack(&mut b, q, &budget);
        if attack.code != Code::Win {
            continue;
        }
        let point = if b.get(q) == Some(c) {
            // Proving a defence costs far more than finding an attack
            // (every attack must be refuted: 4,000 nodes for two stones
            // in the open). When the budget runs out first, the
            // attacker's point is the move: "the opponent's vital point
            // is mine". A defence that fails within the budget is a
            // string already lost, and nothing is added to it.
            let defence = tactics::defend(&mut b, q, &budget);
            match defence.code {
                Code::Win => defence.point,
                _ if defence.nodes >= nodes => attack.point,
                _ => None,
            }
        } else {
            attack.point
        };
        if let Some(p) = point {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// Whether `c`'s move on `p`, an extension out of atari that leaves two
/// liberties, still dies in a ladder (the fast ladder reader). Captures
/// and extensions to three liberties or more are not checked.
fn caught_in_a_ladder(board: &Board, p: Point, c: Color) -> bool {
    if board.would_capture(p, c) || libs_after(board, p, c, 3) != 2 {
        return false;
    }
    let mut after = board.clone();
    if after.play(p, c, false).is_err() {
        return false;
    }
    ladder_capture(&mut after, p).is_some()
}

/// Which corners (numbered as [`opening_corner`] numbers them) hold no
/// stone within [`CORNER_BOX`] lines of both edges.
fn empty_corners(board: &Board) -> [bool; 4] {
    let n = board.size();
    let mut out = [true; 4];
    for (k, empty) in out.iter_mut().enumerate() {
        'scan: for i in 0..CORNER_BOX {
            for j in 0..CORNER_BOX {
                let x = if k & 1 == 0 { i } else { n - 1 - i };
                let y = if k & 2 == 0 { j } else { n - 1 - j };
                if board.get(Point::from_xy(x, y)).is_some() {
                    *empty = false;
                    break 'scan;
                }
            }
        }
    }
    out
}

/// The corner (0 to 3: bit 0 the right side, bit 1 the far side) of which
/// `p` is an opening point: the 3-3, 3-4, 4-4, 3-5 or 4-5 point, counted
/// in lines from that corner's two edges.
fn opening_corner(p: Point, n: usize) -> Option<usize> {
    let (lx, right) = if p.x() < n / 2 {
        (p.x() + 1, 0)
    } else {
        (n - p.x(), 1)
    };
    let (ly, far) = if p.y() < n / 2 {
        (p.y() + 1, 0)
    } else {
        (n - p.y(), 2)
    };
    let (a, b) = (lx.min(ly), lx.max(ly));
    matches!((a, b), (3, 3) | (3, 4) | (4, 4) | (3, 5) | (4, 5)).then_some(right | far)
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
    use crate::rules::point::pt;

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

    /// The priors `priors` gives `moves` on `board`, Black to move after
    /// `last`.
    fn priors_of<const N: usize>(
        priors: &dyn Priors,
        board: &Board,
        last: Option<Point>,
        moves: [Point; N],
    ) -> [Prior; N] {
        let ctx = PriorContext {
            board,
            to_move: Color::Black,
            last_moves: [last, None],
        };
        let mut out = [Prior::default(); N];
        priors.priors(&ctx, &moves, &mut out);
        out
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

    /// A 13x13 board with `rows` at its top-left (the rest empty).
    fn board13(rows: &[&str]) -> Board {
        let mut text = String::new();
        for y in 0..13 {
            let row: Vec<char> = rows
                .get(y)
                .map_or(String::new(), |r| r.replace(' ', ""))
                .chars()
                .collect();
            for x in 0..13 {
                text.push(*row.get(x).unwrap_or(&'.'));
                text.push(' ');
            }
            text.push('\n');
        }
        Board::from_ascii(&text)
    }

    #[test]
    fn the_reader_finds_captures_and_saves_next_to_the_last_move() {
        // White's last move (2,0) made a two-stone string on the edge with
        // liberties (0,0) and (1,1). Black (1,1) captures it: White's
        // extension to (0,0) leaves one liberty, (0,1). Black (0,0)
        // instead fails: White (1,1) then has two liberties and Black's
        // corner stone one.
        let capture = board13(&[". O O X", ". . X ."]);
        assert_eq!(capture.liberties(pt(1, 0)), 2);
        assert_eq!(
            tactical_points(&capture, Color::Black, Some(pt(2, 0))),
            vec![pt(1, 1)]
        );
        // Not next to the last move: not read.
        assert!(tactical_points(&capture, Color::Black, Some(pt(9, 9))).is_empty());
        // White's last move (2,12) left Black's two corner stones with
        // liberties (0,11) and (1,11); White (1,11) would capture them
        // (the extension to (0,11) has one liberty). Black saves them at
        // (1,11), three liberties in the open; (0,11) leaves two and dies.
        // (The reader proves the save in about 4,000 nodes, beyond the
        // prior's budget: (1,11) is also White's capturing point.)
        let mut rows = vec![""; 13];
        rows[12] = "X X O";
        let save = board13(&rows);
        assert_eq!(save.liberties(pt(0, 12)), 2);
        assert_eq!(
            tactical_points(&save, Color::Black, Some(pt(2, 12))),
            vec![pt(1, 11)]
        );
        // The prior: the save starts well ahead of a quiet move the same
        // distance from the last move.
        let out = priors_of(
            &SimplePriors,
            &save,
            Some(pt(2, 12)),
            [pt(1, 11), pt(3, 11)],
        );
        assert!(
            out[0].wins - out[1].wins >= TACTIC_VISITS,
            "{:?} {:?}",
            out[0],
            out[1]
        );
    }

    #[test]
    fn the_root_reads_every_string_once() {
        // The capture of the test above, with the last move far away:
        // the simple priors do not read it, the root's priors do, once.
        let mut capture = board13(&[". O O X", ". . X ."]);
        capture.set_stone(pt(9, 9), Some(Color::White));
        let moves = [pt(1, 1), pt(5, 1)];
        let root = ClassicPriors::new(&capture, Color::Black, Vec::new());
        let far = Some(pt(9, 9));
        let simple = priors_of(&SimplePriors, &capture, far, moves);
        let out = priors_of(&root, &capture, far, moves);
        assert!((out[0].wins - simple[0].wins - TACTIC_VISITS).abs() < 1e-3);
        assert_eq!(out[1], simple[1]);
        // Next to the last move the simple priors give the bonus, and
        // the root does not add it again.
        let near = Some(pt(2, 0));
        assert_eq!(
            priors_of(&root, &capture, near, moves),
            priors_of(&SimplePriors, &capture, near, moves)
        );
        // Not on 9x9.
        let small = Board::from_ascii(
            "
            . O O X . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert!(ClassicPriors::new(&small, Color::Black, Vec::new())
            .tactics
            .is_empty());
    }

    #[test]
    fn self_atari_of_a_chain_starts_with_losses() {
        // Black's stone at (2,2) has the one liberty (2,3); extending there
        // leaves the two stones with the one liberty (2,4), which opens to
        // the rest of the board: no nakade, only two stones lost.
        let b = Board::from_ascii(
            "
            . . . . .
            . . O . .
            . O X O .
            . O . O .
            . . . . .",
        );
        let p = prior_of(&b, Color::Black, Point::from_xy(2, 3), None);
        assert!(p.rate() < 0.4, "{p:?}");
        // Black's (1,0) and (1,1) have the liberties (0,0) and (2,0), all
        // inside White's stones: (2,0) is a nakade of three stones, which
        // the tree's priors leave to the search and the second opinion's
        // priors, like its playouts, still count as a self-atari.
        let nakade = Board::from_ascii(
            "
            . X . O .
            O X O . .
            . O . . .
            . . . . .
            . . . . .",
        );
        let p = prior_of(&nakade, Color::Black, Point::from_xy(2, 0), None);
        assert!(p.rate() >= 0.4, "{p:?}");
        let ctx = PriorContext {
            board: &nakade,
            to_move: Color::Black,
            last_moves: [None, None],
        };
        let mut hand = [Prior::default()];
        HandShapePriors.priors(&ctx, &[Point::from_xy(2, 0)], &mut hand);
        assert!(hand[0].rate() < 0.4, "{:?}", hand[0]);
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

    #[test]
    fn the_ownership_priors_keep_the_hand_written_shapes_on_19x19() {
        // Black's hane under White's stone in the middle of 19x19: the
        // hand-written "hane" picture matches (the playouts' example,
        // moved to K10), and nothing else applies (no capture, atari,
        // ladder, last move, or empty area around it).
        let mut b = Board::new(19).unwrap();
        b.set_stone(Point::from_xy(9, 9), Some(Color::Black));
        b.set_stone(Point::from_xy(10, 9), Some(Color::White));
        let hane = Point::from_xy(10, 10);
        let ctx = PriorContext {
            board: &b,
            to_move: Color::Black,
            last_moves: [None, None],
        };
        let mut hand = [Prior::default()];
        HandShapePriors.priors(&ctx, &[hane], &mut hand);
        let mut expected = Prior::at_rate(0.5, EVEN_VISITS);
        expected.add(1.0, SHAPE_VISITS);
        assert_eq!(hand[0].visits, expected.visits);
        assert!((hand[0].wins - expected.wins).abs() < 1e-3, "{hand:?}");
        // The tree's own priors take the learned shape there instead.
        let simple = prior_of(&b, Color::Black, hane, None);
        assert_eq!(simple.visits, EVEN_VISITS + LEARNED_SHAPE_VISITS);
    }

    #[test]
    fn empty_corners_come_first_in_the_opening() {
        let mut b = Board::new(19).unwrap();
        let p = |x, y| Point::from_xy(x, y);
        let rate = |b: &Board, q: Point| prior_of(b, Color::Black, q, None).rate();
        // Empty board: the 4-4, 3-4 and 3-5 points of any corner beat a
        // fourth-line side point, which beats the centre and the 5-5 point.
        for q in [p(3, 3), p(2, 3), p(15, 2), p(4, 16), p(15, 15)] {
            assert!(rate(&b, q) > rate(&b, p(9, 3)) + 0.1, "{q:?}");
        }
        assert!(rate(&b, p(9, 3)) > rate(&b, p(9, 9)));
        assert!(rate(&b, p(9, 9)) < 0.5 && rate(&b, p(4, 4)) < 0.5);
        // A stone in the lower-left corner's square (its 5-6 point) takes
        // that corner's bonus away, not the others'.
        b.set_stone(p(4, 5), Some(Color::White));
        assert!(rate(&b, p(2, 2)) < rate(&b, p(16, 16)) - 0.1);
        // With every corner taken the centre is no longer held back: it
        // has the even prior and the open point's learned shape.
        for q in [p(15, 3), p(3, 15), p(15, 15)] {
            b.set_stone(q, Some(Color::White));
        }
        let mut open = Prior::at_rate(0.5, EVEN_VISITS);
        let open_rate = 0.5 + shape_log_gamma(0).unwrap() * LEARNED_SHAPE_RATE_PER_DOUBLING;
        open.add(open_rate, LEARNED_SHAPE_VISITS);
        let centre = prior_of(&b, Color::Black, p(9, 9), None);
        assert_eq!(centre.visits, open.visits);
        assert!((centre.wins - open.wins).abs() < 1e-3, "{centre:?}");
        // 9x9 knows none of this: its corner is the even prior.
        let small = Board::new(9).unwrap();
        assert_eq!(
            prior_of(&small, Color::Black, p(2, 2), None),
            Prior::at_rate(0.5, EVEN_VISITS)
        );
    }

    #[test]
    fn an_escape_into_a_working_ladder_starts_behind() {
        // Black's stone at (2,6) is in atari, its liberty (2,5). Extending
        // there gives two liberties, (1,5) and (2,4), and White's ladder
        // runs to the edge: a loss. With a black stone on (1,4) either
        // atari is answered by connecting to it, the ladder breaks, and
        // the same escape starts ahead.
        let caught = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O . . . . .
            . O X O . . . . .
            . . O . . . . . .
            . . . . . . . . .",
        );
        let escape = Point::from_xy(2, 5);
        let run = prior_of(&caught, Color::Black, escape, None);
        assert!(run.rate() < 0.4, "{run:?}");
        let mut broken = caught.clone();
        broken.set_stone(Point::from_xy(1, 4), Some(Color::Black));
        let run = prior_of(&broken, Color::Black, escape, None);
        assert!(run.rate() > 0.7, "{run:?}");
    }
}
