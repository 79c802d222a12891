//! The engine: one decision per call. Reads the root once, runs the
//! generators and the valuation, searches the best candidates (the pass
//! first), and returns the move with its reasons, the top candidates,
//! the score estimate and the nodes it evaluated.

use std::collections::HashMap;

use crate::engine::context::{read_groups, Context};
use crate::engine::generators::endgame::EndgameAdvisor;
use crate::engine::generators::{self, Candidate};
use crate::engine::guard;
use crate::engine::level::{Level, SearchKind, REASON_LEVEL};
use crate::engine::mcts::{self, ClassicPriors, SearchConfig, TreeSearch};
use crate::engine::reason::{Reason, ReasonKind, GUARDED};
use crate::engine::search;
use crate::engine::strategy::Phase;
use crate::engine::time::{Deadline, Timer, SAFETY};
use crate::engine::words;
use crate::eval::analysis::GroupInfo;
use crate::reading::{Budget as ReadBudget, Clock};
use crate::rules::{Color, Game, Move, PlayError, Point, Rng};

/// Candidates a [`Decision`] lists.
pub const CANDIDATES_SHOWN: usize = 10;
/// Share of the move's time the root reading (life and death of every
/// group) may take; the rest is for the valuation and the search.
pub const ROOT_SHARE: f64 = 0.5;
/// Largest random nudge in moku added to opening candidates so that
/// games differ with the seed (equal seeds, equal games).
pub const OPENING_JITTER: f32 = 0.5;
/// Resign (when allowed) only after this share of the board's points has
/// been played...
pub const RESIGN_AFTER: f32 = 0.3;
/// ...and when the estimate is behind by more than this share of the
/// board's points (60 moku on 19x19, 16 on 9x9).
pub const RESIGN_SHARE: f32 = 0.2;
/// Share of a tree level's move time the classic valuation (reasons and
/// root priors) may take; the tree search gets the rest. The valuation at
/// [`REASON_LEVEL`], without its quiescence search, takes 100-150 ms of a
/// one-second 19x19 move natively, well under this share
/// (`cargo run --release --example tree_share`).
pub const CLASSIC_SHARE: f64 = 0.3;
/// Largest factor by which a tree level's playouts grow on a small board:
/// a level's count is for 19x19, and a playout on a board of `n` points
/// costs about `n / 361` of a 19x19 one, so the same time buys
/// `361 / n` times as many (4.5 on 9x9); capped at 4 so that a level
/// stays within its time on the slower wasm build.
pub const SMALL_BOARD_PLAYOUTS_MAX: f64 = 4.0;
/// Share of a tree level's move time kept from the tree for the
/// tactical guard's reads on 13x13 and up (`guard`): six candidates
/// with a string or two each, at most 2 ms a string, fit in 50 ms of a
/// one-second move; the reads stop at the move's deadline whatever they
/// need.
pub const GUARD_SHARE: f64 = 0.05;
/// Positions whose group statuses the engine keeps.
const GROUP_CACHE: usize = 64;

/// How one `genmove` may be played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The level for this move (the engine's own if `None`).
    pub level: Option<Level>,
    /// The time for this move in milliseconds; `None`: no clock, the
    /// level's node budgets alone (see [`crate::engine::Budgets::default_ms`]
    /// for a sensible cap).
    pub time_ms: Option<u64>,
    /// `kgs-genmove_cleanup`: remove the dead stones the opponent
    /// disputes before passing.
    pub cleanup: bool,
}

/// A chosen move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move: a point, a pass or a resignation.
    pub mv: Move,
    /// The reasons for it, the largest first (a pass has one).
    pub reasons: Vec<Reason>,
    /// The best candidates, best first, the searched ones with the
    /// search's values.
    pub candidates: Vec<Candidate>,
    /// The expected score after the move, Black positive, komi included.
    pub score_estimate: f32,
    /// Positions evaluated (valuation and search).
    pub nodes: u64,
    /// Nodes of tactical reading.
    pub tactic_nodes: u64,
    /// What the tree search found (tree levels only).
    pub search: Option<SearchSummary>,
}

/// What the tree search of a tree level found about its move.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSummary {
    /// The mover's win rate after the move, 0 to 1.
    pub winrate: f32,
    /// Playouts through the chosen move.
    pub visits: u32,
    /// Playouts of this search (the tree kept from earlier moves not
    /// counted).
    pub playouts: u64,
    /// The principal variation, the chosen move first.
    pub pv: Vec<Move>,
    /// The lead, in points, the win rates are by: the mover's playouts
    /// counted a win only by more than this (the lead the engine keeps on
    /// 13x13 and up once it is well ahead; 0: any win).
    pub lead: f32,
    /// The root's most visited moves, most visited first (at most
    /// [`CANDIDATES_SHOWN`]), with their win rates, score leads and
    /// variations.
    pub candidates: Vec<mcts::Candidate>,
    /// The facts of each of `candidates`, in the same order
    /// ([`crate::engine::words`]).
    pub facts: Vec<Vec<Reason>>,
    /// The chosen move's score lead for the mover, in points.
    pub score_lead: f32,
    /// The playouts through the chosen move in this search.
    pub samples: u32,
    /// The ownership of every point over the whole search (the position
    /// before the move, as the playouts end it), row by row from the
    /// top-left, +1 Black.
    pub ownership: Vec<f32>,
    /// The chosen move's ownership and its tenuki baseline's, which the
    /// ownership facts were read from (`None` for a pass, or a move with
    /// no playout of its own).
    pub evidence: Option<words::Evidence>,
}

/// A move under way: what [`Engine::begin_move`] (or
/// [`Engine::begin_analysis`]) found, searched in slices by
/// [`Engine::search_move`] and ended by [`Engine::finish_move`]. It holds
/// its own copy of the position, so the steps cannot mix two positions.
#[derive(Clone, Debug)]
pub struct PendingMove {
    game: Game,
    color: Color,
    /// When the move began, on the engine's timer.
    start: f64,
    /// The move's time in milliseconds, if it has one.
    time_ms: Option<u64>,
    /// The classic valuation's decision: the move itself when there is
    /// nothing to search, else its candidates and score for the tree's.
    classic: Decision,
    /// What is left to search (`None`: the decision is made).
    tree: Option<TreeMove>,
}

/// The tree search part of a [`PendingMove`].
#[derive(Clone, Debug)]
struct TreeMove {
    /// The classic valuation's full candidate list for the position.
    cands: Vec<Candidate>,
    /// Its points worth playing, best first: the root's priors.
    ranked: Vec<Point>,
    budget: TreeBudget,
    /// Playouts searched for the move so far.
    playouts: u64,
}

/// A move's tree search budget: playouts, and a time to stop at on the
/// engine's timer (neither: an analysis, searched while asked).
#[derive(Clone, Copy, Debug)]
struct TreeBudget {
    playouts: Option<u64>,
    deadline: Option<f64>,
}

impl PendingMove {
    /// A move decided without a tree search.
    fn decided(game: &Game, color: Color, d: Decision) -> PendingMove {
        PendingMove {
            game: game.clone(),
            color,
            start: 0.0,
            time_ms: None,
            classic: d,
            tree: None,
        }
    }

    /// The colour the move is for.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Whether the move has a tree search (false: a classic level, a
    /// finished game, a cleanup move or a resignation, decided at once).
    pub fn searching(&self) -> bool {
        self.tree.is_some()
    }

    /// Playouts searched for the move so far (the tree kept from earlier
    /// moves not counted).
    pub fn playouts(&self) -> u64 {
        self.tree.as_ref().map_or(0, |t| t.playouts)
    }
}

/// The answer to "why not here?".
#[derive(Clone, Debug, PartialEq)]
pub enum WhyNot {
    /// The rules forbid the move.
    Illegal {
        /// Why, in plain English.
        why: String,
    },
    /// The point is one of the mover's own eyes: never filled.
    OwnEye,
    /// The point was considered: its rank among the candidates (0 =
    /// the move chosen), its value and its reasons.
    Considered {
        /// 0 for the chosen move, else its place among the other
        /// candidates in the order [`Decision`] reports them (at the tree
        /// levels the search's order, most playouts first, then the
        /// classic candidates the search did not try; at the classic
        /// levels the classic order), counted from 1: the number the page
        /// writes on it.
        rank: usize,
        /// Its value in moku relative to passing.
        moku: f32,
        /// Whether the search checked it.
        searched: bool,
        /// Its reasons.
        reasons: Vec<Reason>,
        /// The chosen move's value, for comparison.
        best_moku: f32,
        /// What the tree search found for it, if the last decision was a
        /// tree level's and the point is among the root candidates it
        /// reported.
        search: Option<SearchStats>,
    },
}

/// The tree search's figures for one candidate of "why not here?".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchStats {
    /// Playouts through the point.
    pub visits: u32,
    /// The mover's win rate there, 0 to 1.
    pub winrate: f32,
    /// Playouts through the move chosen.
    pub best_visits: u32,
}

/// The engine: settings, a clock, and what it read last.
pub struct Engine {
    level: Level,
    seed: u64,
    resign: bool,
    timer: Box<dyn Timer>,
    endgame: Option<EndgameAdvisor>,
    groups: HashMap<(u64, u64), Vec<GroupInfo>>,
    /// The last decision's full candidate list, by position and colour.
    last: Option<(u64, Color, Vec<Candidate>, Option<Point>)>,
    /// The root candidates the tree search reported for that decision
    /// (empty after a classic one), so that "why not here?" ranks points
    /// as the decision listed them.
    last_search: Vec<mcts::Candidate>,
    /// The facts of each of `last_search`, in its order.
    last_facts: Vec<Vec<Reason>>,
    /// The tree search of the tree levels, kept from move to move.
    tree: Option<TreeSearch>,
    /// The clock of the tree search's time budgets (`None`: playouts
    /// alone).
    tree_clock: Option<mcts::Clock>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("level", &self.level)
            .field("seed", &self.seed)
            .field("resign", &self.resign)
            .finish()
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine at the default level with the system clock (on wasm a
    /// clock that never moves: give it one with [`Engine::with_timer`]).
    pub fn new() -> Engine {
        #[cfg(not(target_arch = "wasm32"))]
        let timer: Box<dyn Timer> = Box::new(crate::engine::time::SystemTimer::default());
        #[cfg(target_arch = "wasm32")]
        let timer: Box<dyn Timer> = Box::new(crate::engine::time::FrozenTimer);
        Engine {
            level: Level::default(),
            seed: 0,
            resign: false,
            timer,
            endgame: None,
            groups: HashMap::new(),
            last: None,
            last_search: Vec::new(),
            last_facts: Vec::new(),
            tree: None,
            tree_clock: mcts::system_clock(),
        }
    }

    /// The same engine timing its tree search with `clock` (natively the
    /// system clock is the default; wasm has none without JS).
    pub fn with_tree_clock(mut self, clock: mcts::Clock) -> Engine {
        self.tree_clock = Some(clock);
        self.tree = None;
        self
    }

    /// The same engine reading time from `timer`.
    pub fn with_timer(mut self, timer: Box<dyn Timer>) -> Engine {
        self.timer = timer;
        self
    }

    /// The same engine valuing endgame moves with `advisor`.
    pub fn with_endgame(mut self, advisor: EndgameAdvisor) -> Engine {
        self.endgame = Some(advisor);
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Sets the level of the next moves.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Sets the seed (equal seeds and budgets give equal moves).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.tree = None;
    }

    /// Allows or forbids resigning (forbidden by default).
    pub fn set_resign(&mut self, allowed: bool) {
        self.resign = allowed;
        self.tree = None;
    }

    /// Chooses a move for the side to move of `game`.
    ///
    /// ```
    /// use moku::{Game, Move, RuleSet};
    /// use moku::engine::{Engine, Level, Options};
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let mut engine = Engine::new();
    /// let opts = Options { level: Some(Level::new(1)?), ..Options::default() };
    /// let d = engine.genmove(&game, &opts);
    /// assert!(matches!(d.mv, Move::Play(_)));
    /// assert!(!d.reasons.is_empty() && d.nodes > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn genmove(&mut self, game: &Game, opts: &Options) -> Decision {
        self.genmove_for(game, game.to_move(), opts)
    }

    /// Chooses a move for `color` in `game` (GTP lets either colour ask).
    ///
    /// At a tree level this is [`Engine::begin_move`], one
    /// [`Engine::search_move`] of the move's whole budget and
    /// [`Engine::finish_move`]; a host that wants to show the search as
    /// it goes calls those three itself.
    pub fn genmove_for(&mut self, game: &Game, color: Color, opts: &Options) -> Decision {
        let mut pending = self.begin_move(game, color, opts);
        self.search_move(&mut pending, mcts::Budget::default());
        self.finish_move(pending)
    }

    /// Starts a move for `color` in `game`, the first of the three steps
    /// of [`Engine::genmove_for`]. At a tree level: the classic valuation
    /// at [`REASON_LEVEL`] (its candidates become the root's priors, its
    /// reasons will explain the move), then the engine's kept tree is
    /// rooted at the position with those priors, and the move's tree
    /// budget (the level's playouts and the rest of the time) starts. At
    /// a classic level, in a finished game, for a cleanup move or a
    /// resignation the decision is made here and nothing is left to
    /// search ([`PendingMove::searching`] is false).
    ///
    /// The time of `opts` counts from this call: the valuation, the
    /// search slices and the guard of [`Engine::finish_move`] all come
    /// out of it.
    ///
    /// ```
    /// use moku::engine::{Engine, Level, Options};
    /// use moku::engine::mcts::Budget;
    /// use moku::{Color, Game, Move, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let opts = Options { level: Some(Level::new(6)?), ..Options::default() };
    /// let mut engine = Engine::new();
    /// let mut pending = engine.begin_move(&game, Color::Black, &opts);
    /// assert!(pending.searching());
    /// // Search in slices of 1,000 playouts, looking at the tree between them.
    /// while !engine.move_searched(&pending) {
    ///     engine.search_move(&mut pending, Budget::playouts(1_000));
    ///     assert!(!engine.move_candidates(&pending).is_empty());
    /// }
    /// let d = engine.finish_move(pending);
    /// // The same move as one call, from a fresh engine with the same seed.
    /// assert_eq!(d.mv, Engine::new().genmove_for(&game, Color::Black, &opts).mv);
    /// assert!(matches!(d.mv, Move::Play(_)) && d.search.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_move(&mut self, game: &Game, color: Color, opts: &Options) -> PendingMove {
        let level = opts.level.unwrap_or(self.level);
        if level.search() == SearchKind::Classic {
            let d = self.classic(game, color, level, opts, true);
            return PendingMove::decided(game, color, d);
        }
        let start = self.timer.now_ms();
        let classic_opts = Options {
            level: Some(Level(REASON_LEVEL)),
            time_ms: opts.time_ms.map(|ms| (ms as f64 * CLASSIC_SHARE) as u64),
            cleanup: opts.cleanup,
        };
        // The valuation without its quiescence search: the tree reads the
        // candidates far deeper than two plies, and the search took about
        // half of the valuation's time, which the playouts get instead.
        let classic = self.classic(game, color, Level(REASON_LEVEL), &classic_opts, false);
        if game.is_over() || opts.cleanup || classic.mv == Move::Resign {
            return PendingMove::decided(game, color, classic);
        }
        // The guard's reads come out of the tree's time (13x13 and up).
        let guard_share = if game.size() >= guard::GUARD_MIN_SIZE {
            GUARD_SHARE
        } else {
            0.0
        };
        let area = (game.size() * game.size()) as f64;
        let scale = (361.0 / area).clamp(1.0, SMALL_BOARD_PLAYOUTS_MAX);
        let tree = TreeBudget {
            playouts: Some((level.budgets().playouts as f64 * scale) as u64),
            deadline: opts
                .time_ms
                .map(|ms| start + ms as f64 * (1.0 - SAFETY - guard_share)),
        };
        self.begin_tree(game, color, start, opts.time_ms, classic, tree)
    }

    /// Starts a live analysis of `game` for `color` at a tree level: as
    /// [`Engine::begin_move`] does at the engine's level (the classic
    /// valuation at [`REASON_LEVEL`], its priors on the engine's kept
    /// tree), with no budget: [`Engine::search_move`] searches as long as
    /// its slices ask, and the move is never finished. The analysis
    /// stays in the kept tree, so a move of that position chosen next
    /// starts from it. The engine's level does not matter: an analysis
    /// is always the tree's.
    ///
    /// ```
    /// use moku::engine::{Engine, Level};
    /// use moku::engine::mcts::Budget;
    /// use moku::{Color, Game, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let mut engine = Engine::new();
    /// engine.set_level(Level::new(2)?);
    /// let mut analysis = engine.begin_analysis(&game, Color::Black);
    /// assert_eq!(engine.search_move(&mut analysis, Budget::playouts(300)), 300);
    /// assert!(!engine.move_searched(&analysis));
    /// let visits: u32 = engine.move_candidates(&analysis).iter().map(|c| c.visits).sum();
    /// assert!(visits >= 300);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_analysis(&mut self, game: &Game, color: Color) -> PendingMove {
        let opts = Options::default();
        let start = self.timer.now_ms();
        let classic = self.classic(game, color, Level(REASON_LEVEL), &opts, false);
        let unlimited = TreeBudget {
            playouts: None,
            deadline: None,
        };
        self.begin_tree(game, color, start, None, classic, unlimited)
    }

    /// Roots the engine's kept tree at `game` for `color` with the
    /// classic candidates' priors (the valuation `classic` just made, in
    /// `self.last`), and returns the move to search.
    fn begin_tree(
        &mut self,
        game: &Game,
        color: Color,
        start: f64,
        time_ms: Option<u64>,
        classic: Decision,
        budget: TreeBudget,
    ) -> PendingMove {
        // The valuation's full list, kept with the move: the priors, the
        // reasons and "why not here?" are all of this position's.
        let cands = match &self.last {
            Some((hash, c, cands, _)) if *hash == game.board().hash() && *c == color => {
                cands.clone()
            }
            _ => Vec::new(),
        };
        let ranked: Vec<Point> = cands
            .iter()
            .filter(|c| c.moku > 0.0)
            .map(|c| c.point)
            .collect();
        let pending = PendingMove {
            game: game.clone(),
            color,
            start,
            time_ms,
            classic,
            tree: Some(TreeMove {
                cands,
                ranked,
                budget,
                playouts: 0,
            }),
        };
        self.root_tree(&pending);
        pending
    }

    /// Roots the kept tree at `pending`'s position if it is rooted
    /// elsewhere (another move or analysis in between, or none after a
    /// new seed), with this position's priors.
    fn root_here(&mut self, pending: &PendingMove) {
        if !self
            .tree
            .as_ref()
            .is_some_and(|tree| tree.is_rooted_at(&pending.game, pending.color))
        {
            self.root_tree(pending);
        }
    }

    /// The engine's kept tree (made with the engine's seed and settings
    /// if there is none yet).
    fn kept_tree(&mut self) -> &mut TreeSearch {
        let (seed, resign, clock) = (self.seed, self.resign, self.tree_clock);
        self.tree.get_or_insert_with(|| {
            let t = TreeSearch::new(SearchConfig {
                threads: 1,
                seed: seed.wrapping_add(1),
                resign,
                ..SearchConfig::default()
            });
            match clock {
                Some(c) => t.with_clock(c),
                None => t,
            }
        })
    }

    /// Roots the kept tree at `pending`'s position with its classic
    /// priors, keeping what the tree knows below it (tree reuse). Nothing
    /// for a move with nothing to search.
    fn root_tree(&mut self, pending: &PendingMove) {
        let Some(t) = &pending.tree else {
            return;
        };
        let priors = ClassicPriors::new(pending.game.board(), pending.color, t.ranked.clone());
        let tree = self.kept_tree();
        tree.set_priors(Box::new(priors));
        tree.begin(&pending.game, pending.color);
    }

    /// Searches `pending`'s position on the engine's kept tree for one
    /// slice: the slice's playouts and time, each cut to what is left of
    /// the move's budget (a limit the slice leaves out is the move's
    /// own: [`mcts::Budget::default`] searches the rest of the move).
    /// Returns the playouts run; none for a move already decided or
    /// searched. Searching in slices gives the move one search of the
    /// same playouts would.
    pub fn search_move(&mut self, pending: &mut PendingMove, slice: mcts::Budget) -> u64 {
        let Some(t) = pending.tree.as_ref() else {
            return 0;
        };
        let left = t.budget.playouts.map(|n| n.saturating_sub(t.playouts));
        let playouts = match (slice.playouts, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let now = self.timer.now_ms();
        let time_ms = match (slice.time_ms, t.budget.deadline.map(|d| (d - now).max(0.0))) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if playouts == Some(0) || (playouts.is_none() && time_ms.is_none()) {
            return 0;
        }
        let budget = mcts::Budget { playouts, time_ms };
        self.root_here(pending);
        let n = self
            .kept_tree()
            .search_more(&pending.game, pending.color, budget)
            .playouts;
        if let Some(t) = pending.tree.as_mut() {
            t.playouts += n;
        }
        n
    }

    /// Searches `pending`'s position for `budget` with every playout
    /// through `mv` ([`TreeSearch::search_only`]): a review's way to value
    /// the move played in the same tree as the engine's choice. Returns
    /// the playouts run (none for a move decided without a search, or a
    /// move the root leaves out).
    pub fn search_only(
        &mut self,
        pending: &mut PendingMove,
        mv: Move,
        budget: mcts::Budget,
    ) -> u64 {
        if pending.tree.is_none() {
            return 0;
        }
        self.root_here(pending);
        let n = self
            .kept_tree()
            .search_only(&pending.game, pending.color, mv, budget)
            .playouts;
        if let Some(t) = pending.tree.as_mut() {
            t.playouts += n;
        }
        n
    }

    /// The ownership of root move `mv` in `pending`'s search so far
    /// ([`TreeSearch::ownership_of`]), or of the whole search with `None`.
    pub fn move_ownership(&self, pending: &PendingMove, mv: Option<Move>) -> Option<Vec<f32>> {
        match (&pending.tree, &self.tree) {
            (Some(_), Some(tree)) if tree.is_rooted_at(&pending.game, pending.color) => match mv {
                Some(m) => tree.ownership_of(m),
                None => Some(tree.ownership()),
            },
            _ => None,
        }
    }

    /// Whether `pending` has used up its search budget (its playouts or
    /// its time): true at once for a move decided without a search, never
    /// for an analysis ([`Engine::begin_analysis`]).
    pub fn move_searched(&self, pending: &PendingMove) -> bool {
        let Some(t) = &pending.tree else {
            return true;
        };
        t.budget.playouts.is_some_and(|n| t.playouts >= n)
            || t.budget.deadline.is_some_and(|d| self.timer.now_ms() >= d)
    }

    /// The root's most visited moves of `pending`'s search so far, most
    /// visited first, with their win rates and variations (empty for a
    /// move decided without a search, or before its first playout).
    pub fn move_candidates(&self, pending: &PendingMove) -> Vec<mcts::Candidate> {
        match (&pending.tree, &self.tree) {
            (Some(_), Some(tree)) if tree.is_rooted_at(&pending.game, pending.color) => {
                tree.candidates()
            }
            _ => Vec::new(),
        }
    }

    /// Ends `pending`: the tree's choice, the guard's check (13x13 and
    /// up), the reasons (the classic ones of the move played, the guard's
    /// and the search's), as [`Engine::genmove_for`] ends. The decision
    /// is the one "why not here?" then explains. A move decided without a
    /// search comes back as it was.
    pub fn finish_move(&mut self, pending: PendingMove) -> Decision {
        let PendingMove {
            game,
            color,
            start,
            time_ms,
            classic,
            tree: tree_move,
        } = pending;
        let Some(tree_move) = tree_move else {
            return classic;
        };
        let TreeMove {
            cands, playouts, ..
        } = tree_move;
        let Some(tree) = self.tree.as_mut() else {
            return classic;
        };
        if !tree.is_rooted_at(&game, color) {
            // Rooted elsewhere since (another move in between): the tree
            // holds nothing about this position, and the valuation's move
            // is legal here.
            return classic;
        }
        let mut d = tree.decide(&game, color);
        d.stats.playouts = playouts;
        let searched = tree.candidates();
        let mut guarded = None;
        if searched.first().is_some_and(|c| c.mv == d.mv) {
            let deadline = time_ms.map(|ms| {
                Deadline::new(
                    self.timer.as_ref(),
                    ms as f64 * (1.0 - SAFETY) - (self.timer.now_ms() - start),
                )
            });
            let reads = ReadBudget {
                nodes: guard::GUARD_NODES,
                clock: deadline.as_ref().map(|d| d as &dyn Clock),
            };
            guarded = guard::guard(game.board(), color, &searched, &reads);
            if let Some(g) = guarded {
                let c = &searched[g.index];
                d.mv = c.mv;
                d.winrate = c.winrate;
                d.visits = c.visits;
                d.pv = c.pv.clone();
            }
        }
        let lead = tree.last_lead();
        let shown: Vec<mcts::Candidate> = searched.iter().take(CANDIDATES_SHOWN).cloned().collect();
        let board = game.board();
        let evidence_of = |mv: Move| -> Option<words::Evidence> {
            let Move::Play(p) = mv else { return None };
            let ownership = tree.ownership_of(mv)?;
            let baseline =
                words::baseline(p, &searched).and_then(|b| tree.ownership_of(b).map(|o| (b, o)));
            Some(words::Evidence {
                ownership,
                baseline,
            })
        };
        let facts: Vec<Vec<Reason>> = shown
            .iter()
            .map(|c| match c.mv {
                Move::Play(p) => words::facts(board, color, p, evidence_of(c.mv).as_ref()),
                _ => Vec::new(),
            })
            .collect();
        let evidence = evidence_of(d.mv);
        let chosen = searched.iter().find(|c| c.mv == d.mv);
        let score_lead = chosen.map_or(0.0, |c| c.lead);
        let samples = chosen.map_or(0, |c| c.samples);
        // The value of the move: its score lead against the search's next
        // best move with playouts enough to say (the same search's).
        let versus = chosen.and_then(|c| {
            searched
                .iter()
                .find(|o| o.mv != c.mv && o.samples >= words::MIN_SAMPLES)
                .map(|o| (o.mv, c.lead - o.lead))
        });
        let mut reasons = match d.mv {
            Move::Play(p) => match shown.iter().position(|c| c.mv == d.mv) {
                Some(i) => facts[i].clone(),
                None => words::facts(board, color, p, evidence.as_ref()),
            },
            Move::Pass => vec![Reason::new(ReasonKind::Pass, color)],
            Move::Resign => Vec::new(),
        };
        let summary = SearchSummary {
            winrate: d.winrate,
            visits: d.visits,
            playouts: d.stats.playouts,
            pv: d.pv.clone(),
            lead,
            candidates: shown,
            facts,
            score_lead,
            samples,
            ownership: tree.ownership(),
            evidence,
        };
        if let Some(g) = guarded {
            let mut r = Reason::new(ReasonKind::Guard, color);
            r.target = g.target;
            r.size = g.risked.max(0) as u32;
            reasons.push(r);
        }
        if let Move::Play(_) = d.mv {
            reasons.push(Reason {
                factor: d.winrate,
                size: d.visits,
                lead,
                name: guarded.map(|_| GUARDED),
                score_lead: chosen.map(|c| c.lead),
                samples,
                versus: if samples >= words::MIN_SAMPLES {
                    versus
                } else {
                    None
                },
                ..Reason::new(ReasonKind::Search, color)
            });
        }
        let played = match d.mv {
            Move::Play(p) => Some(p),
            _ => None,
        };
        self.last = Some((game.board().hash(), color, cands, played));
        self.last_search = summary.candidates.clone();
        self.last_facts = summary.facts.clone();
        Decision {
            mv: d.mv,
            reasons,
            candidates: classic.candidates,
            score_estimate: classic.score_estimate,
            nodes: classic.nodes + d.stats.playouts,
            tactic_nodes: classic.tactic_nodes,
            search: Some(summary),
        }
    }

    /// The classic search at `level`: read the groups, generate and value
    /// the candidates, then (with `quiescence`) search the best of them;
    /// without it the valuation's best candidate is the move, for the
    /// tree levels that only want the candidates and their reasons.
    fn classic(
        &mut self,
        game: &Game,
        color: Color,
        level: Level,
        opts: &Options,
        quiescence: bool,
    ) -> Decision {
        let budgets = level.budgets();
        if game.is_over() {
            return pass_decision(game, Vec::new(), 0.0, 0, 0);
        }
        // Without a time budget only the level's counts limit the move
        // (the same moves on any machine, however loaded).
        let deadline = opts
            .time_ms
            .map(|ms| Deadline::new(self.timer.as_ref(), ms as f64 * (1.0 - SAFETY)));
        let root_deadline = deadline.as_ref().map(|d| d.part(ROOT_SHARE));
        let root_clock: Option<&dyn Clock> = root_deadline.as_ref().map(|d| d as &dyn Clock);
        let clock: Option<&dyn Clock> = deadline.as_ref().map(|d| d as &dyn Clock);
        let board = game.board();
        let key = (board.hash(), budgets.group_nodes);
        let groups = match self.groups.get(&key) {
            Some(g) => g.clone(),
            None => {
                let g = read_groups(board, budgets.group_nodes, root_clock);
                if !root_clock.is_some_and(|c| c.expired()) {
                    if self.groups.len() >= GROUP_CACHE {
                        self.groups.clear();
                    }
                    self.groups.insert(key, g.clone());
                }
                g
            }
        };
        let mut ctx = Context::new(game, color, budgets, groups, clock);
        ctx.endgame = self.endgame;
        let mut cands = generators::generate(&ctx, opts.cleanup);
        if ctx.strategy.phase == Phase::Opening {
            self.jitter(board.hash(), &mut cands);
        }
        let outcome = if quiescence {
            search::search(&ctx, &mut cands)
        } else {
            valuation_outcome(&ctx, &cands)
        };
        cands.sort_by(|a, b| {
            b.searched
                .cmp(&a.searched)
                .then(b.moku.total_cmp(&a.moku))
                .then(a.point.cmp(&b.point))
        });
        let mut best = outcome.best;
        if opts.cleanup && best.is_none() {
            best = cands
                .iter()
                .find(|c| c.has(ReasonKind::Cleanup))
                .map(|c| c.point);
        }
        let nodes = ctx.evals.get();
        let tactic_nodes = ctx.tactic_nodes.get();
        let sign = color.sign() as f32;
        let score = outcome.value * sign;
        self.last = Some((board.hash(), color, cands.clone(), best));
        self.last_search.clear();
        self.last_facts.clear();
        let area = (board.size() * board.size()) as f32;
        if self.resign
            && quiescence
            && game.move_number() as f32 > area * RESIGN_AFTER
            && outcome.value.max(outcome.pass_value) < -area * RESIGN_SHARE
        {
            return Decision {
                mv: Move::Resign,
                reasons: Vec::new(),
                candidates: top(&cands),
                score_estimate: score,
                nodes,
                tactic_nodes,
                search: None,
            };
        }
        let shown = said_candidates(board, color, &cands);
        match best {
            None => pass_decision(game, shown, score, nodes, tactic_nodes),
            Some(p) => {
                let chosen = cands.iter().find(|c| c.point == p);
                let reasons = if opts.cleanup && chosen.is_some_and(|c| c.has(ReasonKind::Cleanup))
                {
                    chosen.map(|c| c.reasons.clone()).unwrap_or_default()
                } else if quiescence {
                    let mut r = words::facts(board, color, p, None);
                    // The value, against the next best candidate of the
                    // same valuation.
                    let moku = chosen.map_or(0.0, |c| c.moku);
                    let next = cands.iter().find(|c| c.point != p);
                    r.push(Reason {
                        moku,
                        versus: next.map(|n| (Move::Play(n.point), moku - n.moku)),
                        ..Reason::new(ReasonKind::Value, color)
                    });
                    r
                } else {
                    // The tree levels say their own reasons.
                    Vec::new()
                };
                Decision {
                    mv: Move::Play(p),
                    reasons,
                    candidates: shown,
                    score_estimate: score,
                    nodes,
                    tactic_nodes,
                    search: None,
                }
            }
        }
    }

    /// Seeded noise on opening candidates (deterministic per seed and
    /// position), then sorted again.
    fn jitter(&self, hash: u64, cands: &mut [Candidate]) {
        let mut rng = Rng::new(self.seed ^ hash);
        for c in cands.iter_mut() {
            let r = (rng.next_u64() % 1000) as f32 / 1000.0;
            c.moku += r * OPENING_JITTER;
        }
        cands.sort_by(|a, b| b.moku.total_cmp(&a.moku).then(a.point.cmp(&b.point)));
    }

    /// Why the engine did not play at `p` (for `color` in `game`): the
    /// rules, an own eye, or its value and reasons among the last
    /// decision's candidates (a new valuation if the last decision was
    /// for another position).
    pub fn why_not(&mut self, game: &Game, color: Color, p: Point) -> WhyNot {
        if let Err(e) = game.check(color, p) {
            return WhyNot::Illegal {
                why: illegal_text(e),
            };
        }
        if game.board().is_eyelike(p, color) {
            return WhyNot::OwnEye;
        }
        let hash = game.board().hash();
        let fresh = !matches!(&self.last, Some((h, c, _, _)) if *h == hash && *c == color);
        if fresh {
            let c = generators::candidates(game, color, self.level);
            let best = c.first().map(|c| c.point);
            self.last = Some((hash, color, c, best));
            self.last_search.clear();
            self.last_facts.clear();
        }
        let Some((_, _, cands, best)) = &self.last else {
            unreachable!("set above")
        };
        let best_moku = cands
            .iter()
            .find(|c| Some(c.point) == *best)
            .map_or(0.0, |c| c.moku);
        let Some(c) = cands.iter().find(|c| c.point == p) else {
            return WhyNot::Illegal {
                why: "not a move the engine may play here".to_string(),
            };
        };
        let tried = |q: Point| self.last_search.iter().find(|t| t.mv == Move::Play(q));
        // The order the decision reported its candidates in (see
        // `WhyNot::Considered::rank`), the chosen move left out.
        let order = self
            .last_search
            .iter()
            .filter_map(|t| match t.mv {
                Move::Play(q) => Some(q),
                _ => None,
            })
            .chain(
                cands
                    .iter()
                    .map(|c| c.point)
                    .filter(|&q| tried(q).is_none()),
            )
            .filter(|&q| Some(q) != *best);
        let rank = if Some(p) == *best {
            0
        } else {
            order.take_while(|&q| q != p).count() + 1
        };
        let search = tried(p).map(|t| SearchStats {
            visits: t.visits,
            winrate: t.winrate,
            best_visits: best.and_then(tried).map_or(0, |b| b.visits),
        });
        let reasons = match self.last_search.iter().position(|t| t.mv == Move::Play(p)) {
            Some(i) if i < self.last_facts.len() => self.last_facts[i].clone(),
            _ => words::facts(game.board(), color, p, None),
        };
        WhyNot::Considered {
            rank,
            moku: c.moku,
            searched: c.searched,
            reasons,
            best_moku,
            search,
        }
    }
}

/// What the classic search would report without searching: the
/// candidate the valuation ranks first, and the position's static
/// estimate (the strategy's lead, the mover's view) as its value.
fn valuation_outcome(ctx: &Context<'_>, cands: &[Candidate]) -> search::Outcome {
    let best = cands
        .iter()
        .max_by(|a, b| a.moku.total_cmp(&b.moku).then(b.point.cmp(&a.point)))
        .map(|c| c.point);
    search::Outcome {
        best,
        pass_value: ctx.strategy.lead,
        value: ctx.strategy.lead,
        threats: Vec::new(),
        nodes: 0,
    }
}

fn illegal_text(e: PlayError) -> String {
    e.to_string()
}

fn top(cands: &[Candidate]) -> Vec<Candidate> {
    cands.iter().take(CANDIDATES_SHOWN).cloned().collect()
}

/// The best candidates as a decision shows them: each with the facts
/// the words can say about it in place of the generators' reasons (which
/// valued it, and stay with the engine).
fn said_candidates(
    board: &crate::rules::Board,
    color: Color,
    cands: &[Candidate],
) -> Vec<Candidate> {
    let mut out = top(cands);
    for c in &mut out {
        c.reasons = words::facts(board, color, c.point, None);
    }
    out
}

fn pass_decision(
    game: &Game,
    candidates: Vec<Candidate>,
    score: f32,
    nodes: u64,
    tactic_nodes: u64,
) -> Decision {
    Decision {
        mv: Move::Pass,
        reasons: vec![Reason::new(ReasonKind::Pass, game.to_move())],
        candidates,
        score_estimate: score,
        nodes,
        tactic_nodes,
        search: None,
    }
}
