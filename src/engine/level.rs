//! Playing levels 1–10: how much the engine may read and search per move.
//! Every budget is a count (nodes, candidates, plies), so that a level
//! plays the same moves on any machine; a time budget, where one is
//! given, only cuts a search short.

use std::fmt;

/// A playing level from 1 (fastest, weakest) to 10 (slowest, strongest).
///
/// ```
/// use moku::engine::Level;
/// assert_eq!(Level::new(5).unwrap().get(), 5);
/// assert!(Level::new(0).is_err() && Level::new(11).is_err());
/// assert_eq!(Level::default(), Level::new(6).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(pub(crate) u8);

/// A level outside 1–10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelError(pub i64);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} is not between 1 and 10", self.0)
    }
}

impl std::error::Error for LevelError {}

/// The lowest level.
pub const MIN_LEVEL: u8 = 1;
/// The highest level.
pub const MAX_LEVEL: u8 = 10;
/// The level of a new engine, of `moku gtp` and of the page: the
/// strongest that answers within a second per 19x19 move in the browser
/// (the bench page's genmove figure), the tree search's first level.
pub const DEFAULT_LEVEL: u8 = 6;

/// The first level the tree search serves: levels below it are the fast
/// classic levels. Chosen by strength: the classic search lost 20 of 20
/// games to GNU Go level 1 on 9x9 where the tree search at half a second
/// a move won 10 of 10 (an early run; docs/strength.md gives both
/// searches' matches).
pub const TREE_FROM_LEVEL: u8 = 6;

/// The classic level whose budgets value the candidates of a tree-search
/// level: the reasons shown and the priors of the root. Level 3 reads
/// every group and values every candidate within about 100–150 ms on
/// 19x19 natively (docs/engine.md, "Tree levels"), which leaves most of a move's
/// time to the tree.
pub const REASON_LEVEL: u8 = 3;

/// Which search a level uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Move generators, valuation and a quiescence alpha-beta search.
    Classic,
    /// A Monte-Carlo tree search whose root priors are the classic
    /// candidates' values; the reasons still come from the generators.
    Tree,
}

/// The budgets of one level (see [`Level::budgets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Life-and-death nodes per group when the statuses are read at the
    /// root.
    pub group_nodes: u64,
    /// Nodes of each tactical read of a string.
    pub tactic_nodes: u64,
    /// Candidates checked by the quiescence search after the pass.
    pub searched: usize,
    /// Deepest quiescence line, in plies after the candidate.
    pub depth: usize,
    /// The opponent's best moves (by the evaluation) tried as replies to
    /// every candidate, besides the tactical and local replies.
    pub replies: usize,
    /// Evaluated positions of the whole search (the pass search included).
    pub nodes: u64,
    /// Playouts of the tree search for a 19x19 move (0 on the classic
    /// levels); smaller boards get more ([`Level::playouts_on`]).
    pub playouts: u64,
    /// A time cap per move that the level's counts fit within on an idle
    /// machine, in milliseconds: what the page passes when the person
    /// sets none. GTP sets no cap unless the controller sends time
    /// settings.
    pub default_ms: u64,
}

/// Largest factor by which a tree level's playouts grow on a small board:
/// a level's count is for 19x19, and a playout on a board of `n` points
/// costs about `n / 361` of a 19x19 one, so the same time buys
/// `361 / n` times as many (4.5 on 9x9); capped at 4 so that a level
/// stays within its time on the slower wasm build.
pub const SMALL_BOARD_PLAYOUTS_MAX: f64 = 4.0;

/// The playouts on a board of `size` for a 19x19 count of `playouts`:
/// grown by `361 / points`, at most [`SMALL_BOARD_PLAYOUTS_MAX`] times.
/// Every tree search the engine sizes by the board (a move, a review's
/// position, the count) goes through here.
pub fn scaled_playouts(playouts: u64, size: usize) -> u64 {
    let area = (size * size) as f64;
    let scale = (361.0 / area).clamp(1.0, SMALL_BOARD_PLAYOUTS_MAX);
    (playouts as f64 * scale) as u64
}

/// The budget table, level 1 first. Tuned by hand when level 5 was the
/// default, for it to fit a second per move on 19x19 natively (it no
/// longer does on this project's machine: docs/performance.md); each
/// level about doubles the work of the one below near the top. On the tree
/// levels (6–10) the classic columns serve only when such a level is asked
/// for the classic search's figures: their candidates are valued at
/// [`REASON_LEVEL`]'s budgets. Their playouts double from level to level,
/// level 6's 2,000 being what the wasm build runs on 19x19 within its
/// second on the page, classic valuation included (measured with the
/// page on this project's machine, see docs/performance.md).
const BUDGETS: [Budgets; 10] = [
    b(60, 300, 3, 1, 2, 1_000, 0, 300),
    b(100, 500, 4, 1, 3, 2_000, 0, 400),
    b(150, 700, 5, 2, 4, 3_000, 0, 500),
    b(200, 1_000, 6, 2, 4, 4_500, 0, 700),
    b(300, 1_500, 8, 3, 5, 6_000, 0, 1_000),
    b(400, 2_000, 10, 3, 6, 9_000, 2_000, 1_000),
    b(500, 3_000, 12, 4, 8, 14_000, 4_000, 2_000),
    b(700, 4_000, 15, 5, 10, 20_000, 8_000, 3_000),
    b(1_000, 6_000, 20, 6, 12, 30_000, 16_000, 5_000),
    b(1_500, 8_000, 25, 7, 15, 45_000, 32_000, 8_000),
];

#[expect(
    clippy::too_many_arguments,
    reason = "one row of the budget table, each argument a column"
)]
const fn b(
    group_nodes: u64,
    tactic_nodes: u64,
    searched: usize,
    depth: usize,
    replies: usize,
    nodes: u64,
    playouts: u64,
    default_ms: u64,
) -> Budgets {
    Budgets {
        group_nodes,
        tactic_nodes,
        searched,
        depth,
        replies,
        nodes,
        playouts,
        default_ms,
    }
}

impl Level {
    /// The level `n`, if it is between 1 and 10.
    pub fn new(n: i64) -> Result<Level, LevelError> {
        if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelError(n))
        }
    }

    /// The level as a number, 1–10.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The search this level uses.
    pub fn search(self) -> SearchKind {
        if self.0 >= TREE_FROM_LEVEL {
            SearchKind::Tree
        } else {
            SearchKind::Classic
        }
    }

    /// How much this level may read and search.
    pub fn budgets(self) -> Budgets {
        BUDGETS[usize::from(self.0 - 1)]
    }

    /// The tree search's playouts for one move on a board of `size`: the
    /// level's 19x19 count ([`Budgets::playouts`]) grown for a small board
    /// ([`scaled_playouts`]); 0 at the classic levels.
    pub fn playouts_on(self, size: usize) -> u64 {
        scaled_playouts(self.budgets().playouts, size)
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(DEFAULT_LEVEL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_grow_with_the_level() {
        for n in 2..=10 {
            let lo = Level::new(n - 1).unwrap().budgets();
            let hi = Level::new(n).unwrap().budgets();
            assert!(hi.nodes > lo.nodes && hi.searched >= lo.searched && hi.depth >= lo.depth);
            assert!(hi.group_nodes >= lo.group_nodes && hi.default_ms >= lo.default_ms);
        }
        assert_eq!(Level::default().budgets().default_ms, 1_000);
        assert_eq!(Level::new(5).unwrap().search(), SearchKind::Classic);
        assert_eq!(Level::new(6).unwrap().search(), SearchKind::Tree);
        assert_eq!(Level::new(5).unwrap().budgets().playouts, 0);
        assert_eq!(Level::new(7).unwrap().budgets().playouts, 4_000);
        assert_eq!(
            Level::new(12).unwrap_err().to_string(),
            "level 12 is not between 1 and 10"
        );
    }
}
