//! The tree search: Monte-Carlo tree search with RAVE and prior
//! knowledge, over the heavy playouts of [`crate::engine::tree::playout`].
//!
//! # Choices
//!
//! - **UCT with RAVE, not PUCT.** PUCT spends its visits by a policy's
//!   probabilities, which pays with a policy network; our knowledge is a
//!   handful of rules and shapes, good at telling bad moves from
//!   plausible ones but poor at ranking the plausible ones. RAVE's
//!   all-moves-as-first values rank them from the playouts themselves and
//!   were worth the most strength at low playout counts in MoGo, Fuego and
//!   Pachi (Gelly & Silver 2007). Selection maximises
//!   `(1-β)·q + β·q_amaf` with Silver's `β = ñ/(ñ + n + ñ·n/K)`, no UCB
//!   term, as Fuego and Pachi do (numbers in `params`).
//! - **Priors as virtual wins** ([`Prior`], [`Priors`]): each child starts
//!   with virtual playouts in both its own and its all-moves-as-first
//!   statistics (Fuego's way), from a pluggable source; [`SimplePriors`]
//!   until the classic engine's candidate values plug in.
//! - **Progressive widening** over the children ordered by prior.
//! - **A playout's value is its winner, and on 13x13 and up a little of
//!   its margin**: 4% of the value goes by the score (Pachi's
//!   `val_scale`, Fuego's score modification), so every win still beats
//!   every loss but a line that keeps the lead beats one that gives it
//!   away. The win rates shown carry that fraction.
//! - **No transpositions.** A node's all-moves-as-first statistics depend
//!   on the path to it, and Fuego and Pachi both found a plain tree as
//!   strong; sharing nodes would also make tree reuse and root
//!   parallelism harder. Positional superko is exact at the root (the
//!   only moves the engine plays); deeper, the tree knows simple ko.
//! - **Tree reuse**: a later position that continues the root's game by
//!   moves the tree holds keeps that subtree ([`SearchStats::reused_visits`]).
//! - **Root parallelism** for several threads (Chaslot, Winands & van den
//!   Herik 2008): each thread grows its own tree from its own seed, and
//!   the roots' statistics are added up. No locks, the same result for
//!   the same seeds and playout counts, and close to tree parallelism's
//!   strength on few cores.
//! - **Passing and resigning** ([`TreeSearch::choose`]): after the
//!   opponent's pass we pass only when the area count of the position,
//!   with the dead stones the playouts found, wins even if every unsettled
//!   stone of ours were dead, or when it draws that way and no move wins
//!   more than 55% of its playouts; otherwise the game goes on. We resign only
//!   when the best move's win rate is below 5% after thousands of
//!   playouts.
//!
//! ```
//! use moku::engine::mcts::{TreeBudget, SearchConfig, TreeSearch};
//! use moku::{Color, Game, Move, RuleSet};
//!
//! let game = Game::new(9, RuleSet::Chinese, 7.0)?;
//! let mut search = TreeSearch::new(SearchConfig { seed: 1, ..SearchConfig::default() });
//! let decision = search.genmove(&game, Color::Black, TreeBudget::playouts(200));
//! assert!(matches!(decision.mv, Move::Play(_)));
//! assert_eq!(decision.stats.playouts, 200);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod params;
mod prior;
mod shapes;
mod tree;
mod worker;

#[cfg(test)]
mod tests;

pub(crate) use prior::HandShapePriors;
pub use prior::{ClassicPriors, Prior, PriorContext, Priors, SimplePriors, ENDGAME_PRIORS};
pub use shapes::{shape_count, shape_gamma, shape_key, shape_log_gamma};

use std::cmp::Ordering;

use crate::engine::classic::context::strict_ko;
use crate::engine::time::{system_clock, FnTimer, Timer};
use crate::engine::tree::playout::Policy;
use crate::rules::{is_large_board, Board, Color, Game, Move, Point, RuleSet, Scoring};

use params::{
    DEAD_OWNERSHIP, DRAW_PASS_WINRATE, LEAD_LOWER_WINRATE, LEAD_MAX, LEAD_RAISE_WINRATE,
    LEAD_SHARE, LEAD_STEP, PV_MIN_VISITS, RESIGN_MIN_VISITS, RESIGN_WINRATE, SETTLED_OWNERSHIP,
};
use tree::{point_of, MoveCode};
use worker::{Limits, Worker};

/// When a search stops: after a number of playouts, after some time, or
/// at whichever comes first. The default has neither limit:
/// [`TreeSearch::search`] runs no playout with it, and
/// [`crate::engine::Engine::search_move`] reads it as the rest of the
/// move's own budget.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TreeBudget {
    /// New playouts to run (over all threads).
    pub playouts: Option<u64>,
    /// Milliseconds to search.
    pub time_ms: Option<f64>,
}

impl TreeBudget {
    /// A number of playouts: deterministic for a given seed.
    pub fn playouts(n: u64) -> TreeBudget {
        TreeBudget {
            playouts: Some(n),
            time_ms: None,
        }
    }

    /// A time in milliseconds.
    pub fn time_ms(ms: f64) -> TreeBudget {
        TreeBudget {
            playouts: None,
            time_ms: Some(ms),
        }
    }
}

/// How a [`TreeSearch`] runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Threads (root parallelism); 1 on wasm.
    pub threads: usize,
    /// Seed of the first thread's random numbers (the others follow it).
    pub seed: u64,
    /// The playout policy.
    pub policy: Policy,
    /// Whether [`TreeSearch::choose`] may resign a lost game.
    pub resign: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: 1,
            seed: 1,
            policy: Policy::Heavy,
            resign: true,
        }
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Playouts run by this search (over all threads).
    pub playouts: u64,
    /// Playouts of the trees kept from earlier searches (tree reuse).
    pub reused_visits: u64,
    /// Nodes in the trees.
    pub nodes: usize,
    /// Milliseconds spent (0 without a clock).
    pub elapsed_ms: f64,
}

/// One move of the root as the search sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    /// The move (a point or pass).
    pub mv: Move,
    /// Playouts through it.
    pub visits: u32,
    /// Its win rate for the player to move, 0 to 1.
    pub winrate: f32,
    /// Its prior's win rate, 0 to 1.
    pub prior: f32,
    /// The principal variation, this move first.
    pub pv: Vec<Move>,
    /// Its score lead for the player to move, in points: the mean final
    /// margin (area, the game's komi) of the playouts through it since
    /// the search's root was set (0 without any).
    pub lead: f32,
    /// The standard error of that mean, in points (the playouts' margins'
    /// standard deviation over the square root of their number; infinite
    /// with fewer than two).
    pub lead_error: f32,
    /// The playouts through it the lead and the ownership are from
    /// (those of this root; `visits` also counts the ones a kept tree
    /// brought).
    pub samples: u32,
}

/// The search's choice, with what it knows about it.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeChoice {
    /// The move to play (a point, pass or resign).
    pub mv: Move,
    /// The win rate of the best move for the player to move, 0 to 1.
    pub winrate: f32,
    /// Playouts through the chosen move (0 for a pass decided by the
    /// count, or a resignation).
    pub visits: u32,
    /// The principal variation from the chosen move.
    pub pv: Vec<Move>,
    /// What the search did.
    pub stats: SearchStats,
}

/// A Monte-Carlo tree search that keeps its tree from move to move.
pub struct TreeSearch {
    config: SearchConfig,
    workers: Vec<Worker>,
    priors: Box<dyn Priors>,
    clock: Option<FnTimer>,
    /// The size of the board the trees are about, for move conversion.
    size: usize,
    /// The lead the engine keeps for each colour (dynamic komi), in
    /// points: the playouts count that colour's wins only by more than
    /// that. Grown and shrunk after each [`TreeSearch::genmove`] (see
    /// `params::LEAD_STEP`).
    lead: [f32; 2],
    /// The game's length when the lead was last set: a shorter game is a
    /// new one (or an undo), whose lead starts from nothing.
    lead_moves: usize,
}

/// Seeds of the later threads: the first one's plus multiples of this
/// odd constant (the golden ratio's 64-bit fraction, a common seed step).
const SEED_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

impl TreeSearch {
    /// A search with [`SimplePriors`] and, natively, the system clock.
    pub fn new(config: SearchConfig) -> TreeSearch {
        let threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            config.threads.max(1)
        };
        let workers = (0..threads)
            .map(|i| {
                Worker::new(
                    config.seed.wrapping_add(SEED_STEP.wrapping_mul(i as u64)),
                    config.policy,
                )
            })
            .collect();
        TreeSearch {
            config: SearchConfig { threads, ..config },
            workers,
            priors: Box::new(SimplePriors),
            clock: system_clock(),
            size: 0,
            lead: [0.0; 2],
            lead_moves: 0,
        }
    }

    /// Uses `priors` for the knowledge of new nodes.
    pub fn with_priors(mut self, priors: impl Priors + 'static) -> TreeSearch {
        self.priors = Box::new(priors);
        self
    }

    /// Uses `priors` from now on (the trees kept from earlier searches
    /// keep the priors they were grown with).
    pub fn set_priors(&mut self, priors: Box<dyn Priors>) {
        self.priors = priors;
    }

    /// Uses `clock` for time budgets (the engine's clock as a plain
    /// function, which the search's threads can share).
    pub fn with_clock(mut self, clock: FnTimer) -> TreeSearch {
        self.clock = Some(clock);
        self
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Searches the position of `game` with `color` to play, keeping what
    /// earlier searches found below it. A time budget needs a clock
    /// (natively there is one); without it only the playout count
    /// applies, and a budget with neither runs no playout.
    ///
    /// Every call starts a new search: the root is set again (on 13x13
    /// and up its children get the current priors) and the kept lead's
    /// measure starts afresh. To search one position in slices as one
    /// search would, use [`TreeSearch::begin`] and
    /// [`TreeSearch::search_more`].
    pub fn search(&mut self, game: &Game, color: Color, budget: TreeBudget) -> SearchStats {
        let reused = self.begin(game, color);
        let mut stats = self.search_more(game, color, budget);
        stats.reused_visits = reused;
        stats
    }

    /// Starts a search of `game` with `color` to play without running a
    /// playout: sets the root, keeping the part of the old tree that the
    /// game continues (tree reuse) with the current priors, fixes the
    /// lead the playouts must win by, and clears the playouts' margins
    /// that [`TreeSearch::genmove`] and [`TreeSearch::decide`] grow or
    /// shrink that lead by. Returns the playouts kept.
    ///
    /// ```
    /// use moku::engine::mcts::{TreeBudget, SearchConfig, TreeSearch};
    /// use moku::{Color, Game, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let config = SearchConfig { seed: 5, ..SearchConfig::default() };
    /// // Three slices of 100 playouts search as one of 300 does.
    /// let mut sliced = TreeSearch::new(config);
    /// sliced.begin(&game, Color::Black);
    /// for _ in 0..3 {
    ///     sliced.search_more(&game, Color::Black, TreeBudget::playouts(100));
    /// }
    /// let mut whole = TreeSearch::new(config);
    /// whole.search(&game, Color::Black, TreeBudget::playouts(300));
    /// assert_eq!(sliced.candidates(), whole.candidates());
    /// assert_eq!(sliced.decide(&game, Color::Black).mv, whole.decide(&game, Color::Black).mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin(&mut self, game: &Game, color: Color) -> u64 {
        // Never a move that repeats a whole-board position, whatever the
        // rules (GTP referees and servers apply superko).
        let strict = strict_ko(game);
        let game = strict.as_ref();
        self.size = game.size();
        if game.history().len() < self.lead_moves {
            self.lead = [0.0; 2];
        }
        let shift = self.kept_lead(color) * color.sign() as f32;
        for w in &mut self.workers {
            w.komi_shift = shift;
        }
        let priors: &dyn Priors = self.priors.as_ref();
        self.workers
            .iter_mut()
            .map(|w| w.begin(game, color, priors))
            .sum()
    }

    /// Whether the trees are rooted at exactly `game` with `color` to play
    /// (by [`TreeSearch::begin`] or a search), so that
    /// [`TreeSearch::search_more`] goes on with that search.
    pub fn is_rooted_at(&self, game: &Game, color: Color) -> bool {
        let strict = strict_ko(game);
        self.workers
            .iter()
            .all(|w| w.is_rooted_at(strict.as_ref(), color))
    }

    /// Searches on from where the last search of this very position
    /// stopped, without setting the root again: slices of one search run
    /// this way give the tree, the candidates and the move one search of
    /// their total would (with one thread; root parallelism shares each
    /// slice's playouts among the threads). If the trees are rooted
    /// elsewhere it begins a search first ([`TreeSearch::begin`]).
    /// [`SearchStats::reused_visits`] counts the playouts the root held
    /// before this slice.
    pub fn search_more(&mut self, game: &Game, color: Color, budget: TreeBudget) -> SearchStats {
        if !self.is_rooted_at(game, color) {
            self.begin(game, color);
        }
        let strict = strict_ko(game);
        let game = strict.as_ref();
        let clock = self.clock;
        let start = clock.map(|c| c.now_ms());
        let deadline = match (budget.time_ms, start) {
            (Some(ms), Some(t0)) => Some(t0 + ms),
            _ => None,
        };
        let total = match (budget.playouts, deadline) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => 0,
        };
        let reused: u64 = self
            .workers
            .iter()
            .map(|w| u64::from(w.tree.root().visits))
            .sum();
        let priors: &dyn Priors = self.priors.as_ref();
        let threads = self.workers.len() as u64;
        let share = |i: u64| {
            if total == u64::MAX {
                u64::MAX
            } else {
                total / threads + u64::from(i < total % threads)
            }
        };
        let now = move || clock.map_or(0.0, |c| c.now_ms());
        let playouts: u64 = if threads == 1 {
            let limits = Limits {
                playouts: share(0),
                deadline: deadline.map(|d| (d, &now as &dyn Fn() -> f64)),
            };
            self.workers[0].run(game, color, &limits, priors)
        } else {
            run_threads(
                &mut self.workers,
                game,
                color,
                deadline,
                &now,
                &share,
                priors,
            )
        };
        SearchStats {
            playouts,
            reused_visits: reused,
            nodes: self.workers.iter().map(|w| w.tree.nodes.len()).sum(),
            elapsed_ms: start.map_or(0.0, |t0| now() - t0),
        }
    }

    /// Searches on as [`TreeSearch::search_more`] does, with every
    /// simulation through root move `mv` (if the root has it: a move
    /// the root leaves out, such as filling an own eye, gets none), so
    /// that a move the search would not try gets a score lead and an
    /// ownership of its own, from the same tree as the others'.
    ///
    /// ```
    /// use moku::engine::mcts::{TreeBudget, SearchConfig, TreeSearch};
    /// use moku::{Color, Game, Move, Point, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let mut search = TreeSearch::new(SearchConfig::default());
    /// search.search(&game, Color::Black, TreeBudget::playouts(200));
    /// let edge = Move::Play(Point::from_xy(0, 0));
    /// search.search_only(&game, Color::Black, edge, TreeBudget::playouts(100));
    /// let all = search.candidates();
    /// let c = all.iter().find(|c| c.mv == edge).unwrap();
    /// assert!(c.samples >= 100);
    /// // The corner point leads by less than the best of the moves the
    /// // search tried on its own.
    /// let best = all
    ///     .iter()
    ///     .filter(|o| o.mv != edge && o.samples >= 20)
    ///     .map(|o| o.lead)
    ///     .fold(f32::MIN, f32::max);
    /// assert!(c.lead < best, "{} against {best}", c.lead);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_only(
        &mut self,
        game: &Game,
        color: Color,
        mv: Move,
        budget: TreeBudget,
    ) -> SearchStats {
        let code = match mv {
            Move::Play(p) => tree::code(p),
            Move::Pass => tree::PASS,
            Move::Resign => return SearchStats::default(),
        };
        if !self.is_rooted_at(game, color) {
            self.begin(game, color);
        }
        if self
            .workers
            .iter()
            .any(|w| w.tree.child_with(0, code).is_none())
        {
            return SearchStats::default();
        }
        for w in &mut self.workers {
            w.root_only = Some(code);
        }
        let stats = self.search_more(game, color, budget);
        for w in &mut self.workers {
            w.root_only = None;
        }
        stats
    }

    /// The win rate of the root's player to move over the last search's
    /// playouts (all its moves together), 0 to 1; one half before any.
    pub fn root_winrate(&self) -> f32 {
        let (mut wins, mut visits) = (0.0f64, 0u64);
        for w in &self.workers {
            for i in w.tree.root().children() {
                let n = &w.tree.nodes[i];
                wins += f64::from(n.wins);
                visits += u64::from(n.visits);
            }
        }
        if visits == 0 {
            0.5
        } else {
            (wins / visits as f64) as f32
        }
    }

    /// The root's moves with playouts, most visited first, as the last
    /// search left them.
    pub fn candidates(&self) -> Vec<RootMove> {
        let color = self.root_color();
        let mut merged: Vec<(MoveCode, u32, f32, f32)> = Vec::new();
        for w in &self.workers {
            let t = &w.tree;
            for i in t.root().children() {
                let n = &t.nodes[i];
                match merged.iter_mut().find(|m| m.0 == n.mv) {
                    Some(m) => {
                        m.1 += n.visits;
                        m.2 += n.wins;
                    }
                    None => merged.push((n.mv, n.visits, n.wins, n.prior.rate())),
                }
            }
        }
        merged.retain(|m| m.1 > 0);
        merged.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        merged
            .into_iter()
            .map(|(mv, visits, wins, prior)| {
                let (lead, lead_error, samples) = self.lead_of(mv, color);
                RootMove {
                    mv: to_move(mv),
                    visits,
                    winrate: wins / visits as f32,
                    prior,
                    pv: self.pv_of(mv),
                    lead,
                    lead_error,
                    samples,
                }
            })
            .collect()
    }

    /// The colour to move at the root (Black before any search).
    fn root_color(&self) -> Color {
        self.workers
            .first()
            .and_then(|w| w.to_move())
            .unwrap_or(Color::Black)
    }

    /// The score lead of root move `mv` for `color`, its standard error
    /// and the playouts it is from, over every thread.
    fn lead_of(&self, mv: MoveCode, color: Color) -> (f32, f32, u32) {
        let (mut n, mut sum, mut sq) = (0u32, 0.0f64, 0.0f64);
        for e in self.workers.iter().filter_map(|w| w.evidence_of(mv)) {
            n += e.samples;
            sum += e.margin_sum;
            sq += e.margin_sq;
        }
        if n == 0 {
            return (0.0, f32::INFINITY, 0);
        }
        let mean = sum / f64::from(n);
        let error = if n < 2 {
            f64::INFINITY
        } else {
            let var = ((sq - sum * mean) / f64::from(n - 1)).max(0.0);
            (var / f64::from(n)).sqrt()
        };
        ((mean * f64::from(color.sign())) as f32, error as f32, n)
    }

    /// The mean final owner of every point over the playouts through root
    /// move `mv` since the root was set, row by row from the top-left
    /// (+1 Black, -1 White); `None` if none went through it.
    ///
    /// ```
    /// use moku::engine::mcts::{TreeBudget, SearchConfig, TreeSearch};
    /// use moku::{Color, Game, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let mut search = TreeSearch::new(SearchConfig::default());
    /// search.search(&game, Color::Black, TreeBudget::playouts(300));
    /// let best = &search.candidates()[0];
    /// let owners = search.ownership_of(best.mv).unwrap();
    /// assert_eq!(owners.len(), 81);
    /// // Area scoring counts every point for someone or no one, so the
    /// // owners add up to the lead (komi aside): Black's lead is the
    /// // sum of the owners less the komi.
    /// let sum: f32 = owners.iter().sum();
    /// assert!((sum - 7.0 - best.lead).abs() < 0.01);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ownership_of(&self, mv: Move) -> Option<Vec<f32>> {
        let code = match mv {
            Move::Play(p) => tree::code(p),
            Move::Pass => tree::PASS,
            Move::Resign => return None,
        };
        let found: Vec<_> = self
            .workers
            .iter()
            .filter_map(|w| w.evidence_of(code))
            .collect();
        let samples: u32 = found.iter().map(|e| e.samples).sum();
        if samples == 0 {
            return None;
        }
        let n = self.size;
        Some(
            (0..n * n)
                .map(|i| {
                    let p = Point::from_xy(i % n, i / n);
                    let s: i32 = found.iter().map(|e| e.owner_sum[p.index()]).sum();
                    s as f32 / samples as f32
                })
                .collect(),
        )
    }

    /// The principal variation starting with root move `mv`, from the
    /// thread that visited it most.
    fn pv_of(&self, mv: MoveCode) -> Vec<Move> {
        let best = self
            .workers
            .iter()
            .filter_map(|w| w.tree.child_with(0, mv).map(|i| (w, i)))
            .max_by_key(|(w, i)| w.tree.nodes[*i].visits);
        let mut out = vec![to_move(mv)];
        if let Some((w, i)) = best {
            out.extend(w.tree.pv(i, PV_MIN_VISITS).into_iter().map(to_move));
        }
        out
    }

    /// Searches and chooses: [`TreeSearch::search`] then
    /// [`TreeSearch::choose`].
    pub fn genmove(&mut self, game: &Game, color: Color, budget: TreeBudget) -> TreeChoice {
        let stats = self.search(game, color, budget);
        let mut d = self.decide(game, color);
        d.stats = stats;
        d
    }

    /// The move after the searches of `game` for `color` so far, as
    /// [`TreeSearch::genmove`] ends: [`TreeSearch::choose`], then the kept
    /// lead grown or shrunk by the chosen move's value (13x13 and up).
    /// For a search run in slices ([`TreeSearch::search_more`]); the
    /// decision's stats are left empty for the caller, who counted the
    /// slices.
    pub fn decide(&mut self, game: &Game, color: Color) -> TreeChoice {
        let d = self.choose(game, color);
        self.update_lead(game, color, d.winrate);
        d
    }

    /// The lead, in points, that `color`'s playouts must win by (0 on
    /// small boards and until a search finds a safe lead): the win rates
    /// of the last search are against the game's komi shifted by it.
    pub fn kept_lead(&self, color: Color) -> f32 {
        self.lead[color.index()]
    }

    /// The lead, in points, the last search's playouts had to win by
    /// (its win rates are against that), whichever colour it was for.
    pub fn last_lead(&self) -> f32 {
        self.workers.first().map_or(0.0, |w| w.komi_shift.abs())
    }

    /// The playouts' mean margin over the last search, from `color`'s
    /// side, with the game's komi (0 before any playout): the position's
    /// score lead as the search sees it.
    pub fn mean_margin(&self, color: Color) -> f32 {
        let (sum, n) = self
            .workers
            .iter()
            .fold((0.0, 0), |(s, n), w| (s + w.margin_sum, n + w.margin_count));
        if n == 0 {
            return 0.0;
        }
        (sum / n as f64) as f32 * color.sign() as f32
    }

    /// Grows the kept lead by a step when the chosen move's value is
    /// high and the playouts' mean margin leaves room for it, shrinks it
    /// by two steps (never below nothing, never above that room) when
    /// the value is low; none on small boards.
    fn update_lead(&mut self, game: &Game, color: Color, winrate: f32) {
        // A lead on large boards only: 9x9 keeps the plain value its
        // match figures were measured with.
        if !is_large_board(game.size()) {
            self.lead = [0.0; 2];
            return;
        }
        let lead = self.kept_lead(color);
        let room = (self.mean_margin(color) * LEAD_SHARE).clamp(0.0, LEAD_MAX);
        let next = if winrate >= LEAD_RAISE_WINRATE && room >= lead + LEAD_STEP {
            lead + LEAD_STEP
        } else if winrate < LEAD_LOWER_WINRATE {
            (lead - 2.0 * LEAD_STEP).min(room).max(0.0)
        } else {
            lead
        };
        // Whole steps only, so that small changes of the mean do not move it.
        let next = (next / LEAD_STEP).floor() * LEAD_STEP;
        self.lead[color.index()] = next;
        self.lead_moves = game.history().len();
    }

    /// The move to play after a search of `game` for `color`: the most
    /// visited move, except that
    ///
    /// - after the opponent's pass, we pass when the count wins, or draws
    ///   with no better move in sight (see the module's doc comment), and
    ///   never pass otherwise;
    /// - we resign a clearly lost game (when the configuration allows).
    pub fn choose(&self, game: &Game, color: Color) -> TreeChoice {
        let strict = strict_ko(game);
        let game = strict.as_ref();
        let candidates = self.candidates();
        let best = candidates.first();
        let winrate = best.map_or(0.5, |c| c.winrate);
        let opponent_passed = matches!(game.last_move(), Some((c, Move::Pass)) if c != color);
        let decision = |c: &RootMove| TreeChoice {
            mv: c.mv,
            winrate: c.winrate,
            visits: c.visits,
            pv: c.pv.clone(),
            stats: SearchStats::default(),
        };
        let pass = TreeChoice {
            mv: Move::Pass,
            winrate,
            visits: 0,
            pv: vec![Move::Pass],
            stats: SearchStats::default(),
        };
        if opponent_passed {
            match self.pass_count(game, color) {
                Some(Ordering::Greater) => return pass,
                Some(Ordering::Equal) if winrate <= DRAW_PASS_WINRATE => return pass,
                _ => {}
            }
        }
        let root_visits: u32 = self.workers.iter().map(|w| w.tree.root().visits).sum();
        // No resignation while a lead is kept: the win rate is then
        // against the shifted komi, and the lead shrinks first.
        if self.config.resign
            && self.kept_lead(color) == 0.0
            && winrate < RESIGN_WINRATE
            && root_visits >= RESIGN_MIN_VISITS
        {
            return TreeChoice {
                mv: Move::Resign,
                pv: Vec::new(),
                visits: 0,
                ..pass
            };
        }
        // After the opponent's pass a pass that neither surely wins nor
        // surely draws a game with nothing better is never chosen while
        // another move exists.
        let playable = |c: &&RootMove| !(opponent_passed && c.mv == Move::Pass);
        match candidates.iter().find(playable) {
            Some(c) => decision(c),
            None => match self.any_move(game, color) {
                Some(p) if opponent_passed || best.is_none() => TreeChoice {
                    mv: Move::Play(p),
                    ..pass
                },
                _ => pass,
            },
        }
    }

    /// A legal root move of the first tree (in prior order), for when no
    /// candidate has a playout.
    fn any_move(&self, game: &Game, color: Color) -> Option<Point> {
        let t = &self.workers[0].tree;
        t.root()
            .children()
            .filter_map(|i| point_of(t.nodes[i].mv))
            .find(|&p| game.check(color, p).is_ok())
    }

    /// How passing now ends the game for `color` under area counting,
    /// with the dead stones the playouts found, at worst: the poorer of
    /// that count and the one where every unsettled stone of `color` is
    /// dead and every unsettled opponent stone alive (`Greater`: a win).
    /// Under Tromp-Taylor rules every stone on the board counts as alive
    /// after two passes, so dead stones count as they stand (the engine
    /// captures them before it passes). `None` before any playout.
    fn pass_count(&self, game: &Game, color: Color) -> Option<Ordering> {
        let samples: u32 = self.workers.iter().map(|w| w.owner_samples).sum();
        if samples == 0 {
            return None;
        }
        let board = game.board();
        let mean = |p: Point| {
            let s: i32 = self.workers.iter().map(|w| w.owner_sum[p.index()]).sum();
            s as f32 / samples as f32
        };
        // Ownership seen from the side of the stone on `p`.
        let own_side = |p: Point| match board.get(p) {
            Some(c) => mean(p) * c.sign() as f32,
            None => 0.0,
        };
        let tromp_taylor = game.rules() == RuleSet::TrompTaylor;
        let dead_when = |ours_unsettled_dead: bool| -> Vec<Point> {
            if tromp_taylor {
                return Vec::new();
            }
            board
                .points()
                .filter(|&p| match board.get(p) {
                    Some(c) => {
                        let o = own_side(p);
                        if ours_unsettled_dead && c == color {
                            o < SETTLED_OWNERSHIP
                        } else {
                            o <= DEAD_OWNERSHIP
                        }
                    }
                    None => false,
                })
                .collect()
        };
        let ours = |dead: &[Point]| area_margin(board, dead, game.komi()) * color.sign() as f32;
        let worst = ours(&dead_when(false)).min(ours(&dead_when(true)));
        worst.partial_cmp(&0.0)
    }

    /// The playouts run from the root since it was set: the last
    /// search's and those of any earlier search of the same position (a
    /// move taken back and played again, an analysis of the position
    /// before the move was asked). The root moves' `samples` count among
    /// them.
    pub fn root_playouts(&self) -> u64 {
        self.workers
            .iter()
            .map(|w| u64::from(w.owner_samples))
            .sum()
    }

    /// The mean final owner of every point over the last search's
    /// playouts, row by row from the top-left: +1 Black, -1 White.
    pub fn ownership(&self) -> Vec<f32> {
        let samples: u32 = self.workers.iter().map(|w| w.owner_samples).sum();
        let n = self.size;
        (0..n * n)
            .map(|i| {
                let p = Point::from_xy(i % n, i / n);
                let s: i32 = self.workers.iter().map(|w| w.owner_sum[p.index()]).sum();
                if samples == 0 {
                    0.0
                } else {
                    s as f32 / samples as f32
                }
            })
            .collect()
    }
}

/// Area count of `board` with `dead` removed, Black minus White, komi
/// included.
fn area_margin(board: &Board, dead: &[Point], komi: f32) -> f32 {
    crate::rules::score(board, dead, Scoring::Area, komi, [0, 0]).margin
}

/// A move code as a move.
fn to_move(mv: MoveCode) -> Move {
    match point_of(mv) {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    }
}

/// Runs every worker and returns the playouts run: natively each worker
/// on its own thread, on wasm the one worker (see [`TreeSearch::new`]) on
/// this thread.
fn run_threads(
    workers: &mut [Worker],
    game: &Game,
    color: Color,
    deadline: Option<f64>,
    now: &(dyn Fn() -> f64 + Sync),
    share: &(dyn Fn(u64) -> u64 + Sync),
    priors: &dyn Priors,
) -> u64 {
    let run = |i: usize, w: &mut Worker| {
        let limits = Limits {
            playouts: share(i as u64),
            deadline: deadline.map(|d| (d, now as &dyn Fn() -> f64)),
        };
        w.run(game, color, &limits, priors)
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let run = &run;
        std::thread::scope(|scope| {
            let handles: Vec<_> = workers
                .iter_mut()
                .enumerate()
                .map(|(i, w)| scope.spawn(move || run(i, w)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        workers.iter_mut().enumerate().map(|(i, w)| run(i, w)).sum()
    }
}
