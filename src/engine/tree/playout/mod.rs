//! Playouts: a game played to its end by a fast, simple policy, whose
//! result the tree search counts as a sample of the position's value.
//!
//! Two policies share one driver:
//!
//! - **light**: a uniformly random legal move that does not fill one of
//!   the mover's eye-like points ([`Board::is_playout_move`]); the rules
//!   core's speed test, run on the [`PlayoutBoard`] by [`light_playout`]
//!   (pseudo-liberties, no hash, no undo), where it makes the same moves
//!   as on a [`Board`];
//! - **heavy**: local answers to the last move first (escape from atari,
//!   capture, the 3x3 shapes of [`matches_shape`]), then a random move
//!   that is no self-atari of a chain, after MoGo's sequence-like
//!   simulations (Wang & Gelly 2007).
//!
//! Neither policy ever fills one of its own one-point eyes, so a playout
//! ends with every empty point an eye (or a seki point), and the area
//! count of the final position is exact without any dead-stone judgement.
//!
//! ```
//! use moku::engine::playout::{playout, Policy};
//! use moku::rules::Rng;
//! use moku::{Board, Color};
//!
//! let mut board = Board::new(9).unwrap();
//! let result = playout(&mut board, Color::Black, Policy::Heavy, &mut Rng::new(1), 3 * 81);
//! assert!(result.moves > 40);
//! assert!(result.black_minus_white.abs() <= 81);
//! ```

mod heavy;
mod pattern3;

pub use pattern3::matches_shape;

pub(crate) use heavy::{escapes_atari, is_nakade, libs_after, would_self_atari};

use crate::rules::{Board, Color, PlayoutBoard, Point, Rng};

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal moves that fill no own eye.
    Light,
    /// Local answers to the last move first, then random moves that are
    /// no self-atari of two stones or more unless it is a nakade, a
    /// sacrifice of at most three stones inside the opponent's eye space
    /// (the tree search's policy).
    #[default]
    Heavy,
    /// [`Policy::Heavy`] refusing nakade sacrifices too: the policy of
    /// the statuses' second opinion ([`crate::engine::ownership`]),
    /// whose agreement with the evaluation's score set was measured with
    /// it: with nakade in its playouts and priors, the score set's winner
    /// agreement fell from 54 to 52 of 61 games and its mean error rose
    /// from 15.72 to 16.39 points (`cargo test --release --test
    /// evaluation -- --nocapture`).
    HeavyWithoutNakade,
}

/// What a playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played (passes not counted).
    pub moves: usize,
    /// Area score of the final position, Black minus White, before komi:
    /// every stone counts as alive and every empty point for the colour
    /// that alone touches it (exact once a playout is over).
    pub black_minus_white: i32,
}

/// Plays `to_move` and then both colours with `policy` until two passes
/// in a row or `max_moves` moves, and counts the final position. Never
/// breaks simple ko, never plays a suicide, never fills a one-point eye of
/// the mover.
pub fn playout(
    board: &mut Board,
    to_move: Color,
    policy: Policy,
    rng: &mut Rng,
    max_moves: usize,
) -> PlayoutResult {
    run(board, to_move, None, policy, rng, max_moves, &mut (), None)
}

/// A light playout on the [`PlayoutBoard`]: the same moves and the same
/// count as [`playout`] with [`Policy::Light`] from the same position and
/// seed, without the full board's exact liberties, hash and undo record
/// (the speed tests' playouts).
///
/// ```
/// use moku::engine::playout::{light_playout, playout, Policy};
/// use moku::rules::{PlayoutBoard, Rng};
/// use moku::{Board, Color};
///
/// let board = Board::new(9).unwrap();
/// let mut fast = PlayoutBoard::from(&board);
/// let r = light_playout(&mut fast, Color::Black, &mut Rng::new(5), 3 * 81);
/// let mut full = board.clone();
/// assert_eq!(r, playout(&mut full, Color::Black, Policy::Light, &mut Rng::new(5), 3 * 81));
/// assert_eq!(fast.to_board(), full);
/// ```
pub fn light_playout(
    board: &mut PlayoutBoard,
    to_move: Color,
    rng: &mut Rng,
    max_moves: usize,
) -> PlayoutResult {
    run_light(board, to_move, rng, max_moves, &mut ())
}

/// The light driver on the [`PlayoutBoard`], the loop of [`run`].
pub(crate) fn run_light<R: Recorder>(
    board: &mut PlayoutBoard,
    to_move: Color,
    rng: &mut Rng,
    max_moves: usize,
    recorder: &mut R,
) -> PlayoutResult {
    let moves = play_moves(board, to_move, None, max_moves, recorder, |b, color, _| {
        random_move(b, color, rng)
    });
    PlayoutResult {
        moves,
        black_minus_white: board.area_balance(),
    }
}

/// Plays the moves `choose` picks for each colour in turn, from
/// `to_move`, until two passes in a row (`None` is a pass) or
/// `max_moves` moves, each move recorded; `choose` is told the move
/// before (`last` for the first). The moves played, passes not counted.
#[inline(always)]
fn play_moves<B: PlayingBoard, R: Recorder>(
    board: &mut B,
    to_move: Color,
    mut last: Option<Point>,
    max_moves: usize,
    recorder: &mut R,
    mut choose: impl FnMut(&B, Color, Option<Point>) -> Option<Point>,
) -> usize {
    let mut color = to_move;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let choice = choose(board, color, last);
        match choice {
            Some(p) => {
                board.play_move(p, color);
                recorder.record(p, color);
                moves += 1;
                passes = 0;
            }
            None => {
                board.pass_move(color);
                passes += 1;
            }
        }
        last = choice;
        color = color.opponent();
    }
    moves
}

/// What a playout asks of a board, and how it plays there: both boards
/// answer the same and play alike.
trait PlayingBoard {
    fn empty_count(&self) -> usize;
    fn empty_point(&self, i: usize) -> Point;
    fn is_playout_move(&self, p: Point, c: Color) -> bool;
    fn play_move(&mut self, p: Point, c: Color);
    fn pass_move(&mut self, c: Color);
}

/// The playouts' three questions, answered by a board type's own methods
/// of the same names, and its move and pass, `$play` and `$pass` (one
/// inlined body for every board).
macro_rules! playing_board {
    ($board:ty, $play:expr, $pass:expr) => {
        impl PlayingBoard for $board {
            #[inline(always)]
            fn empty_count(&self) -> usize {
                <$board>::empty_count(self)
            }
            #[inline(always)]
            fn empty_point(&self, i: usize) -> Point {
                <$board>::empty_point(self, i)
            }
            #[inline(always)]
            fn is_playout_move(&self, p: Point, c: Color) -> bool {
                <$board>::is_playout_move(self, p, c)
            }
            #[inline(always)]
            fn play_move(&mut self, p: Point, c: Color) {
                $play(self, p, c);
            }
            #[inline(always)]
            fn pass_move(&mut self, c: Color) {
                $pass(self, c);
            }
        }
    };
}

playing_board!(Board, Board::play_unchecked, Board::pass);
playing_board!(
    PlayoutBoard,
    PlayoutBoard::play,
    |b: &mut PlayoutBoard, _| b.pass()
);

/// Receives each move of a playout (the tree search keeps them for its
/// all-moves-as-first statistics).
pub(crate) trait Recorder {
    /// `color` played on `p`.
    fn record(&mut self, p: Point, color: Color);
}

/// No record: the benchmarks' playouts.
impl Recorder for () {
    #[inline]
    fn record(&mut self, _: Point, _: Color) {}
}

impl Recorder for Vec<(Point, Color)> {
    #[inline]
    fn record(&mut self, p: Point, color: Color) {
        self.push((p, color));
    }
}

/// The playout driver: `last` is the move just played before the playout
/// starts (the heavy policy answers it); `owners`, if given, gets each
/// point's final owner ([`owner`]) added at its padded index.
#[expect(
    clippy::too_many_arguments,
    reason = "the one driver of every caller's playouts"
)]
pub(crate) fn run<R: Recorder>(
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    policy: Policy,
    rng: &mut Rng,
    max_moves: usize,
    recorder: &mut R,
    owners: Option<&mut [i32]>,
) -> PlayoutResult {
    let moves = play_moves(
        board,
        to_move,
        last,
        max_moves,
        recorder,
        |b, color, last| match policy {
            Policy::Light => random_move(b, color, rng),
            Policy::Heavy => heavy::choose(b, color, last, true, rng),
            Policy::HeavyWithoutNakade => heavy::choose(b, color, last, false, rng),
        },
    );
    let black_minus_white = match owners {
        Some(sums) => board
            .points()
            .map(|p| {
                let o = owner(board, p);
                sums[p.index()] += o;
                o
            })
            .sum(),
        None => area_balance(board),
    };
    PlayoutResult {
        moves,
        black_minus_white,
    }
}

/// A uniformly random playout move, or `None` (pass) when there is none.
/// Scans the empty points from a random start, as libEGO does: no list to
/// build per move, and every empty point gets its chance.
#[inline]
fn random_move<B: PlayingBoard>(board: &B, color: Color, rng: &mut Rng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = rng.below(n);
    for k in 0..n {
        let i = if start + k >= n {
            start + k - n
        } else {
            start + k
        };
        let p = board.empty_point(i);
        if board.is_playout_move(p, color) {
            return Some(p);
        }
    }
    None
}

/// Who owns `p` at the end of a playout: `+1` Black, `-1` White, `0`
/// nobody (an empty point touching both colours, or none).
#[inline]
pub(crate) fn owner(board: &Board, p: Point) -> i32 {
    if board.has_stone(p, Color::Black) {
        return 1;
    }
    if board.has_stone(p, Color::White) {
        return -1;
    }
    let b = p
        .neighbors()
        .iter()
        .any(|&n| board.has_stone(n, Color::Black));
    let w = p
        .neighbors()
        .iter()
        .any(|&n| board.has_stone(n, Color::White));
    match (b, w) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    }
}

/// Stones plus one-colour-surrounded empty points, Black minus White.
fn area_balance(board: &Board) -> i32 {
    board.points().map(|p| owner(board, p)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_with_only_eyes_left_and_stay_consistent() {
        for policy in [Policy::Light, Policy::Heavy] {
            for seed in 1..20 {
                let mut b = Board::new(9).unwrap();
                let r = playout(&mut b, Color::Black, policy, &mut Rng::new(seed), 1000);
                b.check_consistency().unwrap();
                assert!(r.moves < 1000, "playout did not end");
                // Every empty point left is an eye of one colour or a
                // point neither side may take (ko, seki).
                for p in b.empty_points() {
                    assert!(
                        b.is_eyelike(p, Color::Black)
                            || b.is_eyelike(p, Color::White)
                            || (!b.is_playout_move(p, Color::Black)
                                && !b.is_playout_move(p, Color::White)),
                        "{policy:?}: a playable point left:\n{}",
                        b.to_ascii()
                    );
                }
                assert!(r.black_minus_white.abs() <= 81);
            }
        }
    }

    /// Every move of many playouts from a position with one-point eyes of
    /// both colours: none fills an eye of its own colour.
    #[test]
    fn playouts_never_fill_their_own_one_point_eye() {
        let start = Board::from_ascii(
            "
            . X . X O . O . .
            X X X X O O O O O
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X O O O O
            . X . X O . O . O",
        );
        struct EyeGuard {
            board: Board,
            fills: usize,
        }
        impl Recorder for EyeGuard {
            fn record(&mut self, p: Point, color: Color) {
                if self.board.is_eyelike(p, color) {
                    self.fills += 1;
                }
                self.board.play_unchecked(p, color);
            }
        }
        for policy in [Policy::Light, Policy::Heavy] {
            for seed in 1..200 {
                let mut b = start.clone();
                let mut guard = EyeGuard {
                    board: start.clone(),
                    fills: 0,
                };
                run(
                    &mut b,
                    Color::Black,
                    None,
                    policy,
                    &mut Rng::new(seed),
                    500,
                    &mut guard,
                    None,
                );
                assert_eq!(guard.fills, 0, "{policy:?}, seed {seed}");
                assert_eq!(guard.board, b);
            }
        }
        for seed in 1..200 {
            let mut fast = PlayoutBoard::from(&start);
            let mut guard = EyeGuard {
                board: start.clone(),
                fills: 0,
            };
            run_light(
                &mut fast,
                Color::Black,
                &mut Rng::new(seed),
                500,
                &mut guard,
            );
            assert_eq!(guard.fills, 0, "playout board, seed {seed}");
            assert_eq!(guard.board, fast.to_board());
        }
    }

    /// The light playouts on the playout board and on the full board:
    /// the same moves one by one, the same count, the same final position,
    /// from the empty board and from a middle-game position with eyes.
    #[test]
    fn light_playouts_are_the_same_on_both_boards() {
        let middle = Board::from_ascii(
            "
            . X . X O . O . .
            X X X X O O O O O
            . . . X O . . . .
            . . X O . . X . .
            . . . . . . . . .
            . O . . X . . . .
            . . . . . . . . .
            X X X X X O O O O
            . X . X O . O . O",
        );
        for start in [Board::new(9).unwrap(), middle, Board::new(19).unwrap()] {
            for seed in 1..40 {
                let mut full = start.clone();
                let mut full_moves = Vec::new();
                let a = run(
                    &mut full,
                    Color::Black,
                    None,
                    Policy::Light,
                    &mut Rng::new(seed),
                    1000,
                    &mut full_moves,
                    None,
                );
                let mut fast = PlayoutBoard::from(&start);
                let mut fast_moves = Vec::new();
                let b = run_light(
                    &mut fast,
                    Color::Black,
                    &mut Rng::new(seed),
                    1000,
                    &mut fast_moves,
                );
                assert_eq!(full_moves, fast_moves, "seed {seed}");
                assert_eq!(a, b, "seed {seed}");
                assert!(a.moves > 20, "seed {seed}: a real playout");
                assert_eq!(fast.to_board(), full, "seed {seed}");
            }
        }
    }

    #[test]
    fn the_final_count_is_stones_plus_eyes() {
        // Black holds the left three columns with three eyes, White the
        // right two with three: neither side has a move left (the eyes
        // are their owner's and suicide for the other).
        let mut b = Board::from_ascii(
            "
            . X X O .
            X X X O O
            . X X O .
            X X X O O
            . X X O .",
        );
        let before = b.clone();
        let r = playout(&mut b, Color::Black, Policy::Heavy, &mut Rng::new(3), 100);
        assert_eq!(r.moves, 0);
        assert_eq!(b, before);
        // Black: 12 stones and 3 eyes; White: 7 stones and 3 eyes.
        let black_area = 3 * 5;
        let white_area = 2 * 5;
        assert_eq!(r.black_minus_white, black_area - white_area);
    }
}
