//! How a move is chosen: the one page to read first.
//!
//! ```text
//! Engine::genmove_for(game, color, opts)
//!   begin_move ── the level (opts.level, else the engine's) ──┐
//!   │  levels 1-5 (SearchKind::Classic):                      │
//!   │    classic::decide::decide, with the quiescence search  │
//!   │    -> the Decision, nothing left to search              │
//!   │  levels 6-10 (SearchKind::Tree):                        │
//!   │    classic::decide::decide at REASON_LEVEL, without     │
//!   │      the quiescence search, in CLASSIC_SHARE of the     │
//!   │      time: the candidates, their reasons, the priors    │
//!   │      (a finished game, a cleanup move or a resignation  │
//!   │      is decided here)                                   │
//!   │    tree::decide::move_limit: the level's playouts for   │
//!   │      this board (Level::playouts_on), the time left     │
//!   │    tree::decide::KeptTree::begin: the kept tree rooted  │
//!   │      here with the classic priors                       │
//!   search_move ── KeptTree::search_move: playouts in slices ─┤
//!   finish_move ── KeptTree::finish: the tree's choice,       │
//!                  tree::guard (13x13 and up), the words ─────┘
//!   -> Decision (decision.rs)
//! ```
//!
//! [`Engine`] holds what lasts from move to move: the level, the seed,
//! the clock, the group statuses read ([`GroupCache`]), the kept tree
//! ([`KeptTree`]) and the last decision's candidates, which "why not
//! here?" ([`Engine::why_not`]) explains.

use std::sync::Arc;

use crate::engine::classic::context::Context;
use crate::engine::classic::decide::{self as classic, ClassicMove, GroupCache};
use crate::engine::classic::generators::endgame::Thermography;
use crate::engine::classic::generators::{self, Candidate};
use crate::engine::classic::reason::Reason;
use crate::engine::decision::{CandidateVisits, Decision, MoveLimit, Options, PendingMove, WhyNot};
use crate::engine::level::{Level, SearchKind, REASON_LEVEL};
use crate::engine::time::{system_clock, FnTimer, Timer};
use crate::engine::tree::decide::{move_limit, Finished, KeptTree};
use crate::engine::tree::mcts;
use crate::engine::words;
use crate::rules::{Color, Game, Move, PlayError, Point, StatusMap};

/// Share of a tree level's move time the classic valuation (reasons and
/// root priors) may take; the tree search gets the rest. The valuation at
/// [`REASON_LEVEL`], without its quiescence search, takes 100-150 ms of a
/// one-second 19x19 move natively, well under this share
/// (`cargo run --release --example tree_share`).
pub const CLASSIC_SHARE: f64 = 0.3;

/// The engine: settings, a clock, and what it read last.
pub struct Engine {
    level: Level,
    seed: u64,
    resign: bool,
    timer: Box<dyn Timer>,
    groups: GroupCache,
    /// The last decision's full candidate list, by position and colour.
    last: Option<(u64, Color, Vec<Candidate>, Option<Point>)>,
    /// The root candidates the tree search reported for that decision
    /// (empty after a classic one), so that "why not here?" ranks points
    /// as the decision listed them.
    last_search: Vec<mcts::RootMove>,
    /// The facts of each of `last_search`, in its order.
    last_facts: Vec<Vec<Reason>>,
    /// The endgame thermography of the last classic root, by position
    /// and colour: the tree's endgame priors and words.
    last_thermo: Option<(u64, Color, Arc<Thermography>)>,
    /// The tree search of the tree levels, kept from move to move.
    tree: KeptTree,
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
            groups: GroupCache::default(),
            last: None,
            last_search: Vec::new(),
            last_facts: Vec::new(),
            last_thermo: None,
            tree: KeptTree::new(0, false, system_clock()),
        }
    }

    /// The same engine timing its tree search with `clock`: the clock of
    /// [`Engine::with_timer`] as a plain function, which the search's
    /// threads can share (natively the system clock is the default; wasm
    /// has none without JS).
    pub fn with_tree_clock(mut self, clock: FnTimer) -> Engine {
        self.tree = self.tree.with_clock(Some(clock));
        self
    }

    /// The same engine reading time from `timer`.
    pub fn with_timer(mut self, timer: Box<dyn Timer>) -> Engine {
        self.timer = timer;
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
        self.tree = self.tree.with_settings(self.seed, self.resign);
    }

    /// Allows or forbids resigning (forbidden by default).
    pub fn set_resign(&mut self, allowed: bool) {
        self.resign = allowed;
        self.tree = self.tree.with_settings(self.seed, self.resign);
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
        self.search_move(&mut pending, mcts::TreeBudget::default());
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
    /// use moku::engine::mcts::TreeBudget;
    /// use moku::{Color, Game, Move, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let opts = Options { level: Some(Level::new(6)?), ..Options::default() };
    /// let mut engine = Engine::new();
    /// let mut pending = engine.begin_move(&game, Color::Black, &opts);
    /// assert!(pending.searching());
    /// // Search in slices of 1,000 playouts, looking at the tree between them.
    /// while !engine.move_searched(&pending) {
    ///     engine.search_move(&mut pending, TreeBudget::playouts(1_000));
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
        let limit = move_limit(level, game.size(), start, opts.time_ms);
        self.begin_tree(game, color, start, opts.time_ms, classic, limit)
    }

    /// its slices ask, and the move is never finished. The analysis
    /// stays in the kept tree, so a move of that position chosen next
    /// starts from it. The engine's level does not matter: an analysis
    /// is always the tree's.
    ///
    /// ```
    /// use moku::engine::{Engine, Level};
    /// use moku::engine::mcts::TreeBudget;
    /// use moku::{Color, Game, RuleSet};
    ///
    /// let game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// let mut engine = Engine::new();
    /// engine.set_level(Level::new(2)?);
    /// let mut analysis = engine.begin_analysis(&game, Color::Black);
    /// assert_eq!(engine.search_move(&mut analysis, TreeBudget::playouts(300)), 300);
    /// assert!(!engine.move_searched(&analysis));
    /// let visits: u32 = engine.move_candidates(&analysis).iter().map(|c| c.visits).sum();
    /// assert!(visits >= 300);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_analysis(&mut self, game: &Game, color: Color) -> PendingMove {
        let opts = Options::default();
        let start = self.timer.now_ms();
        let classic = self.classic(game, color, Level(REASON_LEVEL), &opts, false);
        let unlimited = MoveLimit {
            playouts: None,
            deadline: None,
        };
        self.begin_tree(game, color, start, None, classic, unlimited)
    }

    /// The classic path ([`classic::decide`]) for `color` in `game` at
    /// `level`, with the quiescence search or without; its candidates
    /// become the ones "why not here?" explains.
    fn classic(
        &mut self,
        game: &Game,
        color: Color,
        level: Level,
        opts: &Options,
        quiescence: bool,
    ) -> Decision {
        let how = ClassicMove {
            level,
            opts,
            quiescence,
            seed: self.seed,
            resign: self.resign,
            timer: self.timer.as_ref(),
        };
        let out = classic::decide(game, color, &how, &mut self.groups);
        self.last_thermo = out.thermo.map(|t| (game.board().hash(), color, t));
        if let Some((cands, best)) = out.valued {
            self.last = Some((game.board().hash(), color, cands, best));
            self.last_search.clear();
            self.last_facts.clear();
        }
        out.decision
    }

    /// The stone statuses the engine reads at the root of `game` with
    /// `level`'s budgets (a tree level's candidates are read at
    /// [`REASON_LEVEL`]): every group's life and death, strings the
    /// string reader captures whoever moves called dead, and dead groups
    /// with a string the reader can both capture and save called
    /// critical. A position the engine has just moved in (without a
    /// clock) is not read again: these are the statuses its move and its
    /// words stood on, and in the endgame phase its thermography reads
    /// them, so a check of its endgame words reads the same.
    ///
    /// ```
    /// use moku::engine::{Engine, Level, Options};
    /// use moku::rules::{parse_gtp_vertex, Status};
    /// use moku::{Game, Move, RuleSet};
    /// let mut game = Game::new(9, RuleSet::Chinese, 7.0)?;
    /// game.play(Move::Play(parse_gtp_vertex("E5", 9)?.unwrap()))?;
    /// let mut engine = Engine::new();
    /// let statuses = engine.root_statuses(&game, Level::new(1)?);
    /// assert_eq!(statuses.get(parse_gtp_vertex("E5", 9)?.unwrap()), Status::Alive);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn root_statuses(&mut self, game: &Game, level: Level) -> StatusMap {
        let budgets = level.budgets();
        let groups =
            classic::root_groups(game.board(), budgets.group_nodes, None, &mut self.groups);
        Context::new(game, game.to_move(), budgets, groups, None).status
    }

    /// Roots the kept tree at `game` for `color` with the priors of the
    /// valuation `classic` just made (its full list, in `self.last`), and
    /// returns the move to search.
    fn begin_tree(
        &mut self,
        game: &Game,
        color: Color,
        start: f64,
        time_ms: Option<u64>,
        classic: Decision,
        limit: MoveLimit,
    ) -> PendingMove {
        // The valuation's full list, kept with the move: the priors, the
        // reasons and "why not here?" are all of this position's.
        let cands = match &self.last {
            Some((hash, c, cands, _)) if *hash == game.board().hash() && *c == color => {
                cands.clone()
            }
            _ => Vec::new(),
        };
        let mut pending =
            PendingMove::to_search(game, color, start, time_ms, classic, cands, limit);
        if let (Some(tree), Some((hash, c, t))) = (pending.tree.as_mut(), &self.last_thermo) {
            if *hash == game.board().hash() && *c == color {
                tree.thermo = Some(Arc::clone(t));
            }
        }
        self.tree.begin(&pending);
        pending
    }

    /// Searches `pending`'s position on the engine's kept tree for one
    /// slice: the slice's playouts and time, each cut to what is left of
    /// the move's budget (a limit the slice leaves out is the move's
    /// own: [`mcts::TreeBudget::default`] searches the rest of the move).
    /// Returns the playouts run; none for a move already decided or
    /// searched. Searching in slices gives the move one search of the
    /// same playouts would.
    pub fn search_move(&mut self, pending: &mut PendingMove, slice: mcts::TreeBudget) -> u64 {
        self.tree.search_move(pending, slice, self.timer.as_ref())
    }

    /// Searches `pending`'s position for `budget` with every playout
    /// through `mv` ([`mcts::TreeSearch::search_only`]): a review's way to
    /// value the move played in the same tree as the engine's choice.
    /// Returns the playouts run (none for a move decided without a
    /// search, or a move the root leaves out).
    pub fn search_only(
        &mut self,
        pending: &mut PendingMove,
        mv: Move,
        budget: mcts::TreeBudget,
    ) -> u64 {
        self.tree.search_only(pending, mv, budget)
    }

    /// The ownership of root move `mv` in `pending`'s search so far
    /// ([`mcts::TreeSearch::ownership_of`]), or of the whole search with
    /// `None`.
    pub fn move_ownership(&self, pending: &PendingMove, mv: Option<Move>) -> Option<Vec<f32>> {
        self.tree.move_ownership(pending, mv)
    }

    /// Whether `pending` has used up its search budget (its playouts or
    /// its time): true at once for a move decided without a search, never
    /// for an analysis ([`Engine::begin_analysis`]).
    pub fn move_searched(&self, pending: &PendingMove) -> bool {
        self.tree.move_searched(pending, self.timer.as_ref())
    }

    /// The root's most visited moves of `pending`'s search so far, most
    /// visited first, with their win rates and variations (empty for a
    /// move decided without a search, or before its first playout).
    pub fn move_candidates(&self, pending: &PendingMove) -> Vec<mcts::RootMove> {
        self.tree.move_candidates(pending)
    }

    /// Whether the search of `pending` would pass now: after the
    /// opponent's pass, when passing ends the game with the count (its
    /// dead stones those of the playouts) won for the mover, or drawn with
    /// nothing better in sight, as [`Engine::finish_move`] decides. The
    /// review names no better move for such a pass.
    pub fn would_pass(&self, pending: &PendingMove) -> bool {
        self.tree.would_pass(pending)
    }

    /// Ends `pending`: the tree's choice, the guard's check (13x13 and
    /// up), the reasons (the facts of the move played, the guard's and
    /// the search's), as [`Engine::genmove_for`] ends. The decision is
    /// the one "why not here?" then explains. A move decided without a
    /// search comes back as it was.
    pub fn finish_move(&mut self, pending: PendingMove) -> Decision {
        let hash = pending.game.board().hash();
        let color = pending.color;
        match self.tree.finish(pending, self.timer.as_ref()) {
            Finished::Classic(d) => d,
            Finished::Searched {
                decision,
                cands,
                played,
            } => {
                self.last = Some((hash, color, cands, played));
                if let Some(summary) = &decision.search {
                    self.last_search = summary.candidates.clone();
                    self.last_facts = summary.facts.clone();
                }
                decision
            }
        }
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
        let search = tried(p).map(|t| CandidateVisits {
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

fn illegal_text(e: PlayError) -> String {
    e.to_string()
}

/// The endgame's rules as the classic levels play them and say them: the
/// thermography's moves (`generators::endgame`) chosen by the engine.
#[cfg(test)]
mod endgame_tests {
    use crate::engine::classic::generators::tests::point_on;
    use crate::engine::classic::reason::ReasonKind;
    use crate::engine::decision::{Decision, Options};
    use crate::engine::genmove::Engine;
    use crate::engine::level::Level;
    use crate::eval::thermo::ChoiceRule;
    use crate::rules::game::game_from_ascii;
    use crate::rules::{Color, Move, RuleSet};

    /// The classic engine's move (level 3) for `color` on `ascii` under
    /// `rules`, komi 7, with its words.
    fn genmove(ascii: &str, rules: RuleSet, color: Color) -> (Decision, Vec<String>) {
        let mut g = game_from_ascii(ascii, rules, 7.0);
        g.set_to_move(color);
        let mut e = Engine::new();
        e.set_level(Level::new(3).unwrap());
        let d = e.genmove(&g, &Options::default());
        let size = g.size();
        let words = d.reasons.iter().map(|r| r.text(size)).collect();
        (d, words)
    }

    /// Asserts that the engine plays `at` for `color` on `ascii` under
    /// `rules`, says `said`, and, with `rule`, gives a reason of `kind`
    /// whose endgame note names that rule.
    fn plays(
        ascii: &str,
        rules: RuleSet,
        color: Color,
        at: &str,
        said: &str,
        rule: Option<(ReasonKind, ChoiceRule)>,
    ) {
        let (d, words) = genmove(ascii, rules, color);
        assert_eq!(d.mv, Move::Play(point_on(at, 13)), "{color:?}: {words:?}");
        assert!(words.iter().any(|w| w == said), "{color:?}: {words:?}");
        if let Some((kind, rule)) = rule {
            let r = d.reasons.iter().find(|r| r.kind == kind);
            assert_eq!(r.and_then(|r| r.endgame).map(|n| n.rule), Some(rule));
        }
    }

    /// Black's sente before White's bigger gote, on 13x13 between two
    /// living groups with eyes on both sides (in the endgame phase):
    ///
    /// - H8-J8-K8: Black's J8 sits in White's wall with two liberties.
    ///   Black H8 connects it to G8 (K8 becomes dame: 0); White H8 leaves
    ///   it in atari, dead (its point and the prisoner) and makes K8
    ///   White's (-3). {0 | -3}: a gote of temperature 3/2, mean -3/2.
    /// - G1-H1-J1: Black's J1 on the first line is in atari (liberty H1).
    ///   Black G1 threatens H1, which would join J1 to G1 and F1 (0), so
    ///   White must answer at H1, capturing J1 (the prisoner and its
    ///   point: -2). White first at G1 kills J1 without a capture and
    ///   makes H1 White's (-3). {{0 | -2} | -3}: Black's wall stays at -2
    ///   up to temperature 1, where White's -3 + t meets it: mean -2,
    ///   temperature 1, Black's sente.
    ///
    /// Black to move: the sente is within a point of the gote (1 against
    /// 3/2), so it goes first: G1, White H1 (-2), then Black H8 (0): -2
    /// for the two regions. By temperature alone, H8 (0) and then White's
    /// G1 (-3): -3. Sente first gains a point.
    const SENTE_BEFORE_A_BIGGER_GOTE: &str = "
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X O O O O O . .
        X X X X X X X O O O O O O
        . . X X X X X . X . O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X . . X O O . .";

    #[test]
    fn a_sente_goes_before_a_gote_at_most_a_point_hotter() {
        let sente_first = Some((ReasonKind::Sente, ChoiceRule::SenteFirst));
        let said = "sente, 1 point (the reply is forced); sente first";
        let ascii = SENTE_BEFORE_A_BIGGER_GOTE;
        plays(
            ascii,
            RuleSet::Chinese,
            Color::Black,
            "G1",
            said,
            sente_first,
        );
        // For White the same two regions are a gote of 3/2 and a reverse
        // sente of 1: the hotter goes first.
        plays(
            ascii,
            RuleSet::Chinese,
            Color::White,
            "H8",
            "gote, 1 1/2 points",
            None,
        );
    }

    /// Tedomari, White to move, two regions at temperature 1:
    ///
    /// - H12-J12-J13-K13, a notch in White's top right: Black's H12
    ///   pushes in and puts H13 in atari, so White must answer (-2);
    ///   White's H12 first keeps the notch (-3). Black's sente of 1 (mean
    ///   -2), White's reverse sente.
    /// - G6-H6: White's G6 in atari inside Black's wall. Black H6
    ///   captures it (its point and the prisoner: +2), White H6 joins it
    ///   to J6 (0). {2 | 0}: mean 1, temperature 1.
    ///
    /// By temperature the two are equal, and the first in board order is
    /// H12: White's reverse sente (-3), then Black's capture (+2): -1.
    /// White's H6 instead takes the last move before the temperature
    /// drops: Black's sente H12 is answered and changes nothing (-2 + 0):
    /// -2, a point better for White.
    const TEDOMARI_THE_GOTE_BEFORE_THE_REVERSE_SENTE: &str = "
        . . X X X X X O . . O . .
        X X X X X X X . . O O O O
        . . X X X X O O O O O . .
        . . X X X X X O O O O . .
        X X X X X X X O O O O O O
        . . X X X X X O O O O . .
        . . X X X X X X O O O . .
        X X X X X X O . O O O O O
        . . X X X X X O O O O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X X X O O O . .
        . . X X X X O O O O O . .";

    #[test]
    fn tedomari_takes_the_last_move_before_the_temperature_drops() {
        let ascii = TEDOMARI_THE_GOTE_BEFORE_THE_REVERSE_SENTE;
        let said = "gote, 1 point; tedomari: the last big move";
        let tedomari = Some((ReasonKind::Endgame, ChoiceRule::Tedomari));
        plays(ascii, RuleSet::Chinese, Color::White, "H6", said, tedomari);
        // Black's sente of the same temperature goes first for Black.
        let said = "sente, 1 point (the reply is forced)";
        plays(ascii, RuleSet::Chinese, Color::Black, "H12", said, None);
    }

    /// Two living groups on 13x13, each with eyes of four points and less
    /// at the sides (settled territory: 47 empty points, of which 4 are
    /// nobody's, so the game is in its endgame), and three regions on
    /// their border:
    ///
    /// - F9-G9, a one-point gote: Black at G9 keeps F9, White at G9 makes
    ///   it dame ({1 | 0}: temperature 1/2);
    /// - F7-G7-H7, a two-point gote: Black at G7 makes F7 Black's and H7
    ///   dame, White at G7 takes H7 and makes F7 dame ({1 | -1}:
    ///   temperature 1);
    /// - F5-G5, a ko: White's F5 is in atari; Black takes at G5 and must
    ///   connect to keep the prisoner, White connects at G5 with one move
    ///   (one prisoner, won in two moves or lost in one: mean 1/3,
    ///   temperature 1/3, the one-third rule).
    const KO_AND_TWO_GOTES: &str =
        include_str!("../../tests/data/boards/ko-and-two-gotes-13x13.txt");

    /// The notes' rule below temperature 2 under area scoring: no move on
    /// the board is as hot as 2 (the hottest, G7, is 1), so the ko's
    /// points belong to the player to move, who takes it first: Black
    /// captures F5 at G5, White connects at G5, each ahead of the hotter
    /// gote. Under territory scoring (Japanese rules) the rule does not
    /// apply and the hottest move comes first: G7, "gote, 1 point".
    #[test]
    fn below_temperature_two_the_ko_is_the_movers() {
        let said = "ko, 1/3 point; nothing else is worth 2 points: the ko is the mover's";
        let owned = Some((ReasonKind::Endgame, ChoiceRule::KoOwned));
        for color in [Color::Black, Color::White] {
            plays(KO_AND_TWO_GOTES, RuleSet::Chinese, color, "G5", said, owned);
        }
        let said = "gote, 1 point";
        plays(
            KO_AND_TWO_GOTES,
            RuleSet::Japanese,
            Color::Black,
            "G7",
            said,
            None,
        );
    }
}
