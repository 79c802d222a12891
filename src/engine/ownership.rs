//! The playouts' view of a position: who owns each point at the end of
//! the game, for the evaluation's second opinion on life and death
//! ([`crate::eval::Ownership`]).
//!
//! The tree search runs a fixed number of playouts twice, with the side
//! to move first (with each colour once when the side to move is not
//! given), and averages the final owner of every point. Its priors keep
//! the hand-written 3x3 shapes on every board size: the tree's learned
//! shapes, which make the engine stronger on 13x13 and up, made this map
//! worse on the score set (mean error 16.18 -> 16.70 points). A fixed
//! count and seed make it deterministic: the same board always gets the same map,
//! on any machine, natively or in wasm.
//!
//! ```
//! use moku::Board;
//! use moku::engine::ownership;
//! // Black's wall on the middle column of a 5x5 board; White's lone
//! // stone on E3 has two columns, too narrow to live in: Black captures
//! // it and owns the whole board in nearly every playout.
//! let b = Board::from_ascii("
//!     . . X . .
//!     . . X . .
//!     . . X . O
//!     . . X . .
//!     . . X . .");
//! let own = ownership::ownership(&b, None);
//! assert_eq!(own.len(), 25);
//! assert!(own[0] > 0.9);         // A5, behind Black's wall
//! assert!(own[2 * 5 + 4] > 0.9); // E3, White's stone: Black's in the end
//! ```

use crate::engine::tree::mcts::{HandShapePriors, SearchConfig, TreeBudget, TreeSearch};
use crate::engine::tree::playout::Policy;
use crate::rules::{Board, Color, Game, RuleSet};

/// Playouts of each of the two searches: 300 in all. Ours, measured on
/// the score set (`tests/data/score-set`) with the side to move given:
/// from 100 to 1,000 per search, and over three seeds, the overruled
/// estimate agrees with GNU Go's winner on 55 of 61 positions, its mean
/// error 14.9–16.2 points without a trend (more playouts do not help:
/// the overrule needs a group's mean ownership to cross a wide
/// threshold, which a few hundred playouts settle). 150 costs 31 ms per
/// 19x19 position natively, median (`cargo run --release --example
/// ownership_speed`), and 35 ms in wasm at move 150 of strategy26
/// (`scripts/bench-web.sh`).
pub const OWNERSHIP_PLAYOUTS: u64 = 150;

/// The seed of the first search (the second takes the next), fixed so
/// that a board always gets one map.
const OWNERSHIP_SEED: u64 = 1;

/// Each point's expected owner at the end, `-1.0` (White) to `1.0`
/// (Black), row-major from the top-left: the mean of two tree searches of
/// [`OWNERSHIP_PLAYOUTS`] playouts each, both with `to_move` to play, or
/// one with each colour when it is `None`.
/// The board's ko point and prisoners are not read (ownership does not
/// depend on them); komi is 0, Chinese rules.
pub fn ownership(board: &Board, to_move: Option<Color>) -> Vec<f32> {
    let n = board.size();
    let Ok(mut game) = Game::new(n, RuleSet::Chinese, 0.0) else {
        return vec![0.0; n * n];
    };
    let stones: Vec<_> = board
        .points()
        .map(|p| (p, board.get(p)))
        .filter(|(_, c)| c.is_some())
        .collect();
    if game.setup(&stones).is_err() {
        return vec![0.0; n * n];
    }
    let mut sum = vec![0.0f32; n * n];
    let colors = match to_move {
        Some(c) => [c, c],
        None => [Color::Black, Color::White],
    };
    for (k, color) in colors.into_iter().enumerate() {
        let mut search = TreeSearch::new(SearchConfig {
            seed: OWNERSHIP_SEED + k as u64,
            resign: false,
            policy: Policy::HeavyWithoutNakade,
            ..SearchConfig::default()
        })
        .with_priors(HandShapePriors);
        search.search(&game, color, TreeBudget::playouts(OWNERSHIP_PLAYOUTS));
        for (s, o) in sum.iter_mut().zip(search.ownership()) {
            *s += o / 2.0;
        }
    }
    sum
}
