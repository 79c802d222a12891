//! The page's count of a game in progress: who leads and by how much, as
//! the playouts see it, with the owner of every point. Two tree searches
//! of the position, one with each colour to move, averaged: a single
//! search counts the move the side to move is about to make, and its
//! figure swings with every move by about a move's value; the two
//! together cancel that (the playouts' ownership map does the same,
//! [`crate::engine::ownership`]). Fixed seeds make the count the same for
//! the same position on every machine, natively and in wasm.
//!
//! The static estimate of the Handtalk and moyo evaluators
//! ([`crate::eval::score::estimate`]) stays what it is: the position's
//! territory, moyo and dead stones by rule, drawn as its own overlay.
//!
//! ```
//! use moku::engine::estimate::estimate;
//! use moku::{Game, RuleSet};
//! let game = Game::new(9, RuleSet::Chinese, 7.0)?;
//! let e = estimate(&game, 200);
//! // On an empty board White's komi decides: White leads, and wins more
//! // often than not.
//! assert!(e.black_lead < 0.0 && e.black_winrate < 0.5);
//! assert_eq!(e.ownership.len(), 81);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::tree::mcts::{SearchConfig, TreeBudget, TreeSearch};
use crate::rules::{Color, Game};

/// Playouts of each of the two searches on 19x19; smaller boards get
/// more, as a move's search does ([`crate::engine::level::SMALL_BOARD_PLAYOUTS_MAX`]).
/// Ours, measured along 19x19 records (`cargo run --release --example
/// estimate_steps -- 800 FILES`, docs/words.md): the count moves by at
/// most 5 points in 91.0% of the steps of the three records it was
/// chosen on and in 97.9% of three others; fewer playouts were noisier
/// (500: 87.9% on the first three).
pub const ESTIMATE_PLAYOUTS: u64 = 800;

/// The seed of a search is this plus the searched position's length of
/// history.
const ESTIMATE_SEED: u64 = 1;

/// The count of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Black's lead in points, komi included (negative: White leads).
    pub black_lead: f32,
    /// Black's share of the playouts' wins, 0 to 1.
    pub black_winrate: f32,
    /// The mean final owner of every point, row by row from the top-left,
    /// +1 Black, -1 White.
    pub ownership: Vec<f32>,
    /// The playouts of both searches.
    pub playouts: u64,
}

/// The playouts of each search on a board of `size` for a 19x19 budget
/// of `playouts`: the level's scaling, [`crate::engine::level::scaled_playouts`].
pub use crate::engine::level::scaled_playouts;

/// The count of `game`'s position: two searches of `playouts` playouts,
/// one with each colour to move, averaged. A finished game gets the
/// searches too (the page counts it by the rules instead).
pub fn estimate(game: &Game, playouts: u64) -> Estimate {
    Estimator::default().estimate(game, playouts)
}

/// [`estimate`] with the last few searches kept: stepping through a game
/// one move at a time searches only the new position, since a count
/// searches the position before the last move too, with the same seed.
#[derive(Default)]
pub struct Estimator {
    kept: Vec<(SearchKey, Searched)>,
}

/// What makes two searches the same: the stones, who is to move, the
/// komi, the rules, the seed and the playouts.
#[derive(Clone, Debug, PartialEq)]
struct SearchKey {
    board: u64,
    to_move: Color,
    komi: f32,
    rules: crate::rules::RuleSet,
    seed: u64,
    playouts: u64,
}

/// One search's figures: Black's lead and win rate, the ownership, the
/// playouts.
#[derive(Clone, Debug)]
struct Searched {
    black_lead: f32,
    black_winrate: f32,
    ownership: Vec<f32>,
    playouts: u64,
}

/// Searches an [`Estimator`] keeps: the two of the last count and the
/// two of the one before.
const KEPT_SEARCHES: usize = 4;

impl Estimator {
    /// The count of `game`'s position ([`estimate`]).
    pub fn estimate(&mut self, game: &Game, playouts: u64) -> Estimate {
        // The position with its own player to move, and the one before
        // the last move with its player to move: one search has each
        // colour to move, both in positions the game reached (a colour
        // asked to move twice in a row sees its own last stone as the
        // opponent's).
        let mut before = game.clone();
        let second = match game.last_move() {
            Some((c, _)) if before.undo().is_ok() => {
                before.set_to_move(c);
                before
            }
            _ => {
                let mut g = game.clone();
                g.set_to_move(game.to_move().opponent());
                g
            }
        };
        let a = self.search(game, playouts);
        let b = self.search(&second, playouts);
        Estimate {
            black_lead: (a.black_lead + b.black_lead) / 2.0,
            black_winrate: (a.black_winrate + b.black_winrate) / 2.0,
            ownership: a
                .ownership
                .iter()
                .zip(&b.ownership)
                .map(|(x, y)| (x + y) / 2.0)
                .collect(),
            playouts: a.playouts + b.playouts,
        }
    }

    /// The search of `g`'s stones with its player to move, kept or made.
    /// The search is of the stones alone, set up on a new board: the same
    /// stones searched with the same seed give the same figures however
    /// the game reached them (a board's order of empty points, which the
    /// playouts draw from, depends on its history). The seed goes with
    /// the move number, so that the next move's count, which searches
    /// this position again, gets the same figures: their noise cancels
    /// in the step.
    fn search(&mut self, g: &Game, playouts: u64) -> Searched {
        let color = g.to_move();
        let key = SearchKey {
            board: g.board().hash(),
            to_move: color,
            komi: g.komi(),
            rules: g.rules(),
            seed: ESTIMATE_SEED + g.move_number() as u64,
            playouts,
        };
        if let Some((_, s)) = self.kept.iter().find(|(k, _)| *k == key) {
            return s.clone();
        }
        let n = g.size() * g.size();
        let Ok(mut fresh) = Game::new(g.size(), g.rules(), g.komi()) else {
            return Searched {
                black_lead: 0.0,
                black_winrate: 0.5,
                ownership: vec![0.0; n],
                playouts: 0,
            };
        };
        let board = g.board();
        let stones: Vec<_> = board
            .points()
            .filter_map(|p| board.get(p).map(|c| (p, Some(c))))
            .collect();
        // A position the game reached always sets up (its chains have
        // liberties); the search is then of the stones.
        let _ = fresh.setup(&stones);
        fresh.set_to_move(color);
        let mut search = TreeSearch::new(SearchConfig {
            seed: key.seed,
            resign: false,
            ..SearchConfig::default()
        });
        let run = search
            .search(&fresh, color, TreeBudget::playouts(playouts))
            .playouts;
        let mine = search.root_winrate();
        let s = Searched {
            black_lead: search.mean_margin(Color::Black),
            black_winrate: if color == Color::Black {
                mine
            } else {
                1.0 - mine
            },
            ownership: search.ownership(),
            playouts: run,
        };
        if self.kept.len() >= KEPT_SEARCHES {
            self.kept.remove(0);
        }
        self.kept.push((key, s.clone()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Point, RuleSet};

    #[test]
    fn a_dead_group_counts_for_its_killer() {
        // 9x9: White's two stones at A9 and B9 inside Black's wall have no
        // room; Black leads by far more than the komi.
        let mut g = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let black = [
            (0, 1),
            (1, 1),
            (2, 1),
            (2, 0),
            (4, 4),
            (6, 6),
            (2, 6),
            (6, 2),
        ];
        let white = [(0, 0), (1, 0), (8, 8), (7, 8)];
        for (i, &(x, y)) in black.iter().enumerate() {
            g.play(Move::Play(Point::from_xy(x, y))).unwrap();
            match white.get(i) {
                Some(&(x, y)) => g.play(Move::Play(Point::from_xy(x, y))).unwrap(),
                None => g.play(Move::Pass).unwrap(),
            };
        }
        let e = estimate(&g, 400);
        assert!(e.black_lead > 10.0, "{e:?}");
        assert!(e.black_winrate > 0.8, "{e:?}");
        // A9 is Black's in the end.
        assert!(e.ownership[0] > 0.5, "{:?}", &e.ownership[..9]);
        assert_eq!(e.playouts, 800);
    }

    #[test]
    fn a_kept_search_gives_the_same_count_as_a_new_one() {
        let mut g = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let mut kept = Estimator::default();
        for p in [(4, 4), (2, 2), (6, 6)] {
            g.play(Move::Play(Point::from_xy(p.0, p.1))).unwrap();
            // The estimator has searched the position before (the last
            // count's first search); the count is the one a fresh
            // estimator makes.
            assert_eq!(kept.estimate(&g, 100), estimate(&g, 100));
        }
        assert!(kept.kept.len() <= KEPT_SEARCHES);
    }

    #[test]
    fn small_boards_get_more_playouts_up_to_four_times() {
        assert_eq!(scaled_playouts(500, 19), 500);
        assert_eq!(scaled_playouts(500, 13), 1_068);
        assert_eq!(scaled_playouts(500, 9), 2_000);
    }
}
