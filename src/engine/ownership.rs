//! The playouts' view of a position: who owns each point at the end of
//! the game, for the evaluation's second opinion on life and death
//! ([`crate::eval::Ownership`]).
//!
//! The tree search runs the playouts the caller asks for in searches of
//! [`SEARCH_PLAYOUTS`], with the side to move first (each colour first in
//! half of them when the side to move is not given), and averages the
//! final owner of every point. Its priors keep
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
//! let own = ownership::ownership(&b, None, 300);
//! assert_eq!(own.len(), 25);
//! assert!(own[0] > 0.9);         // A5, behind Black's wall
//! assert!(own[2 * 5 + 4] > 0.9); // E3, White's stone: Black's in the end
//! ```

use crate::engine::tree::mcts::{HandShapePriors, SearchConfig, TreeBudget, TreeSearch};
use crate::engine::tree::playout::Policy;
use crate::rules::{Board, Color, Game, RuleSet};

/// Playouts of one search: a map of `n` playouts runs `n / 150` searches
/// (at least one, at least two when the side to move is not given), each
/// with its own seed: the evaluation's map of 300 is the two searches of
/// 150 its score-set figures were measured with. 150 costs 31 ms per
/// 19x19 position natively, median (`cargo run --release --example
/// ownership_speed` times a map of 300), and 35 ms in wasm at move 150 of
/// strategy26 (`scripts/bench-web.sh`). How many playouts the evaluation
/// asks for, and why, is its own ([`crate::eval::verdicts`]).
pub const SEARCH_PLAYOUTS: u64 = 150;

/// The seed of the first search (each next one takes the next), fixed so
/// that a board always gets one map.
const OWNERSHIP_SEED: u64 = 1;

/// Each point's expected owner at the end, `-1.0` (White) to `1.0`
/// (Black), row-major from the top-left: the mean of `playouts / 150`
/// tree searches of [`SEARCH_PLAYOUTS`] each (at least one), all with
/// `to_move` to play, or each colour first in half of them (at least two)
/// when it is `None`. The board's ko point and prisoners are not read
/// (ownership does not depend on them); komi is 0, Chinese rules.
pub fn ownership(board: &Board, to_move: Option<Color>, playouts: u64) -> Vec<f32> {
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
    let searches = match to_move {
        Some(_) => (playouts / SEARCH_PLAYOUTS).max(1),
        None => (playouts / SEARCH_PLAYOUTS).max(2),
    };
    let mut sum = vec![0.0f32; n * n];
    for k in 0..searches {
        let color = to_move.unwrap_or(if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        });
        let mut search = TreeSearch::new(SearchConfig {
            seed: OWNERSHIP_SEED + k,
            resign: false,
            policy: Policy::HeavyWithoutNakade,
            ..SearchConfig::default()
        })
        .with_priors(HandShapePriors);
        search.search(&game, color, TreeBudget::playouts(SEARCH_PLAYOUTS));
        for (s, o) in sum.iter_mut().zip(search.ownership()) {
            *s += o / searches as f32;
        }
    }
    sum
}
