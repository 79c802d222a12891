//! The tree path: a tree level's move, searched on the engine's kept
//! tree. The classic valuation's candidates become the root's priors
//! ([`KeptTree::begin`]), the search runs in slices
//! ([`KeptTree::search_move`]), and the tree's choice is checked by the
//! tactical guard and explained in words ([`KeptTree::finish`]).
//! `genmove` says when a move takes this path.

use crate::engine::classic::decide::endgame_facts;
use crate::engine::classic::generators::Candidate;
use crate::engine::classic::reason::{Reason, ReasonKind, GUARDED};
use crate::engine::decision::{
    Decision, MoveLimit, PendingMove, SearchSummary, TreeMove, CANDIDATES_SHOWN,
};
use crate::engine::level::Level;
use crate::engine::time::{FnTimer, MoveDeadline, Timer, SAFETY};
use crate::engine::tree::guard;
use crate::engine::tree::mcts::{self, ClassicPriors, SearchConfig, TreeSearch};
use crate::engine::words;
use crate::reading::{Budget as ReadBudget, Clock};
use crate::rules::is_large_board;
use crate::rules::{Move, Point, Scoring};

/// Share of a tree level's move time kept from the tree for the
/// tactical guard's reads on 13x13 and up (`guard`): six candidates
/// with a string or two each, at most 2 ms a string, fit in 50 ms of a
/// one-second move; the reads stop at the move's deadline whatever they
/// need.
pub const GUARD_SHARE: f64 = 0.05;

/// The limit of a tree level's move that began at `start` on the
/// engine's timer: the level's playouts grown for a small board
/// ([`Level::playouts_on`]), and the move's time less the safety margin
/// and, where the guard runs, its share.
pub(crate) fn move_limit(level: Level, size: usize, start: f64, time_ms: Option<u64>) -> MoveLimit {
    // The guard's reads come out of the tree's time (13x13 and up).
    let guard_share = if is_large_board(size) {
        GUARD_SHARE
    } else {
        0.0
    };
    MoveLimit {
        playouts: Some(level.playouts_on(size)),
        deadline: time_ms.map(|ms| start + ms as f64 * (1.0 - SAFETY - guard_share)),
    }
}

/// A tree level's move ended: the classic decision it began with when
/// the tree holds nothing about it, else the searched decision with the
/// classic candidates and the point played, for "why not here?".
pub(crate) enum Finished {
    /// Decided without the tree (or the tree was rooted elsewhere since).
    Classic(Decision),
    /// The tree's move, guarded and explained.
    Searched {
        decision: Decision,
        cands: Vec<Candidate>,
        played: Option<Point>,
    },
}

/// The engine's tree search, kept from move to move (tree reuse), and
/// the settings it is made with.
pub(crate) struct KeptTree {
    search: Option<TreeSearch>,
    seed: u64,
    resign: bool,
    /// The clock of the tree search's time budgets (`None`: playouts
    /// alone).
    clock: Option<FnTimer>,
}

impl KeptTree {
    /// No tree yet; one is made at the first tree move with these
    /// settings.
    pub(crate) fn new(seed: u64, resign: bool, clock: Option<FnTimer>) -> KeptTree {
        KeptTree {
            search: None,
            seed,
            resign,
            clock,
        }
    }

    /// The same settings, but `clock`; the tree is dropped.
    pub(crate) fn with_clock(&self, clock: Option<FnTimer>) -> KeptTree {
        KeptTree::new(self.seed, self.resign, clock)
    }

    /// The same clock, new seed and resignation; the tree is dropped.
    pub(crate) fn with_settings(&self, seed: u64, resign: bool) -> KeptTree {
        KeptTree::new(seed, resign, self.clock)
    }

    /// Roots the kept tree at `pending`'s position with its classic
    /// priors ([`PendingMove::to_search`]), keeping what the tree knows
    /// below it.
    pub(crate) fn begin(&mut self, pending: &PendingMove) {
        self.root_tree(pending);
    }

    /// Roots the kept tree at `pending`'s position if it is rooted
    /// elsewhere (another move or analysis in between, or none after a
    /// new seed), with this position's priors.
    fn root_here(&mut self, pending: &PendingMove) {
        if !self
            .search
            .as_ref()
            .is_some_and(|tree| tree.is_rooted_at(&pending.game, pending.color))
        {
            self.root_tree(pending);
        }
    }

    /// The kept tree (made with the engine's seed and settings if there
    /// is none yet).
    fn kept_tree(&mut self) -> &mut TreeSearch {
        let (seed, resign, clock) = (self.seed, self.resign, self.clock);
        self.search.get_or_insert_with(|| {
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
        let endgame: Vec<Point> = t.thermo.as_ref().map_or_else(Vec::new, |th| {
            th.moves
                .iter()
                .filter(|m| th.note(m.point).is_some())
                .map(|m| m.point)
                .collect()
        });
        let priors = ClassicPriors::new(pending.game.board(), pending.color, t.ranked.clone())
            .with_endgame(endgame);
        let tree = self.kept_tree();
        tree.set_priors(Box::new(priors));
        tree.begin(&pending.game, pending.color);
    }

    /// Searches `pending`'s position on the kept tree for one
    /// slice: the slice's playouts and time, each cut to what is left of
    /// the move's budget (a limit the slice leaves out is the move's
    /// own: [`mcts::TreeBudget::default`] searches the rest of the move).
    /// Returns the playouts run; none for a move already decided or
    /// searched. Searching in slices gives the move one search of the
    /// same playouts would.
    pub(crate) fn search_move(
        &mut self,
        pending: &mut PendingMove,
        slice: mcts::TreeBudget,
        timer: &dyn Timer,
    ) -> u64 {
        let Some(t) = pending.tree.as_ref() else {
            return 0;
        };
        let left = t.limit.playouts.map(|n| n.saturating_sub(t.playouts));
        let playouts = match (slice.playouts, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let now = timer.now_ms();
        let time_ms = match (slice.time_ms, t.limit.deadline.map(|d| (d - now).max(0.0))) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if playouts == Some(0) || (playouts.is_none() && time_ms.is_none()) {
            return 0;
        }
        let budget = mcts::TreeBudget { playouts, time_ms };
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
    pub(crate) fn search_only(
        &mut self,
        pending: &mut PendingMove,
        mv: Move,
        budget: mcts::TreeBudget,
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
    pub(crate) fn move_ownership(
        &self,
        pending: &PendingMove,
        mv: Option<Move>,
    ) -> Option<Vec<f32>> {
        match (&pending.tree, &self.search) {
            (Some(_), Some(tree)) if tree.is_rooted_at(&pending.game, pending.color) => match mv {
                Some(m) => tree.ownership_of(m),
                None => Some(tree.ownership()),
            },
            _ => None,
        }
    }

    /// Whether `pending` has used up its search budget (its playouts or
    /// its time): true at once for a move decided without a search, never
    /// for an analysis ([`crate::engine::Engine::begin_analysis`]).
    pub(crate) fn move_searched(&self, pending: &PendingMove, timer: &dyn Timer) -> bool {
        let Some(t) = &pending.tree else {
            return true;
        };
        t.limit.playouts.is_some_and(|n| t.playouts >= n)
            || t.limit.deadline.is_some_and(|d| timer.now_ms() >= d)
    }

    /// The root's most visited moves of `pending`'s search so far, most
    /// visited first, with their win rates and variations (empty for a
    /// move decided without a search, or before its first playout).
    pub(crate) fn move_candidates(&self, pending: &PendingMove) -> Vec<mcts::RootMove> {
        match (&pending.tree, &self.search) {
            (Some(_), Some(tree)) if tree.is_rooted_at(&pending.game, pending.color) => {
                tree.candidates()
            }
            _ => Vec::new(),
        }
    }

    /// Whether the tree would pass in `pending`'s position now: after
    /// the opponent's pass, when the count with the playouts' dead stones
    /// wins for the mover, or draws with nothing better in sight
    /// ([`mcts::TreeSearch::choose`]). False for a move decided without a
    /// search.
    pub(crate) fn would_pass(&self, pending: &PendingMove) -> bool {
        match (&pending.tree, &self.search) {
            (Some(_), Some(tree)) if tree.is_rooted_at(&pending.game, pending.color) => {
                tree.choose(&pending.game, pending.color).mv == Move::Pass
            }
            _ => false,
        }
    }

    /// Ends `pending`: the tree's choice, the guard's check (13x13 and
    /// up), the reasons (the facts of the move played, the guard's and
    /// the search's). A move decided without a search, or one the tree
    /// was rooted elsewhere since, comes back as the classic decision.
    pub(crate) fn finish(&mut self, pending: PendingMove, timer: &dyn Timer) -> Finished {
        let PendingMove {
            game,
            color,
            start,
            time_ms,
            classic,
            tree: tree_move,
        } = pending;
        let Some(tree_move) = tree_move else {
            return Finished::Classic(classic);
        };
        let TreeMove {
            cands,
            playouts,
            thermo,
            ..
        } = tree_move;
        let Some(tree) = self.search.as_mut() else {
            return Finished::Classic(classic);
        };
        if !tree.is_rooted_at(&game, color) {
            // Rooted elsewhere since (another move in between): the tree
            // holds nothing about this position, and the valuation's move
            // is legal here.
            return Finished::Classic(classic);
        }
        let mut d = tree.decide(&game, color);
        d.stats.playouts = playouts;
        let searched = tree.candidates();
        let mut guarded = None;
        if searched.first().is_some_and(|c| c.mv == d.mv) {
            let deadline = time_ms.map(|ms| {
                MoveDeadline::new(timer, ms as f64 * (1.0 - SAFETY) - (timer.now_ms() - start))
            });
            let reads = ReadBudget {
                clock: deadline.as_ref().map(|d| d as &dyn Clock),
                ..ReadBudget::nodes(guard::GUARD_NODES)
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
        let shown: Vec<mcts::RootMove> = searched.iter().take(CANDIDATES_SHOWN).cloned().collect();
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
        // The words of a move: the board's, the reader's and the
        // playouts' facts, then the thermography's in the endgame.
        let area = game.rules().scoring() == Scoring::Area;
        let said = |p: Point, evidence: Option<&words::Evidence>| {
            let mut r = words::facts(board, color, p, evidence);
            if let Some(t) = &thermo {
                r.extend(endgame_facts(t, color, p, area));
            }
            r
        };
        let facts: Vec<Vec<Reason>> = shown
            .iter()
            .map(|c| match c.mv {
                Move::Play(p) => said(p, evidence_of(c.mv).as_ref()),
                _ => Vec::new(),
            })
            .collect();
        let evidence = evidence_of(d.mv);
        let chosen = searched.iter().find(|c| c.mv == d.mv);
        let score_lead = chosen.map_or(0.0, |c| c.lead);
        let samples = chosen.map_or(0, |c| c.samples);
        // The value of the move: its score lead against the search's next
        // best move with playouts enough to say (the same search's).
        // The noise on it: `NOISE_ERRORS` standard errors of the
        // difference, as the review holds its verdicts to.
        let versus = chosen.and_then(|c| {
            searched
                .iter()
                .find(|o| o.mv != c.mv && o.samples >= words::MIN_SAMPLES)
                .map(|o| {
                    let noise = words::NOISE_ERRORS * c.lead_error.hypot(o.lead_error);
                    ((o.mv, c.lead - o.lead), noise)
                })
        });
        let mut reasons = match d.mv {
            Move::Play(p) => match shown.iter().position(|c| c.mv == d.mv) {
                Some(i) => facts[i].clone(),
                None => said(p, evidence.as_ref()),
            },
            Move::Pass => vec![Reason::new(ReasonKind::Pass, color)],
            Move::Resign => Vec::new(),
        };
        let summary = SearchSummary {
            winrate: d.winrate,
            visits: d.visits,
            playouts: d.stats.playouts,
            root_playouts: tree.root_playouts().max(d.stats.playouts),
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
                versus: versus
                    .filter(|_| samples >= words::MIN_SAMPLES)
                    .map(|v| v.0),
                versus_noise: versus.map_or(0.0, |v| v.1),
                ..Reason::new(ReasonKind::Search, color)
            });
        }
        let played = match d.mv {
            Move::Play(p) => Some(p),
            _ => None,
        };
        let decision = Decision {
            mv: d.mv,
            reasons,
            candidates: classic.candidates,
            score_estimate: classic.score_estimate,
            nodes: classic.nodes + d.stats.playouts,
            tactic_nodes: classic.tactic_nodes,
            search: Some(summary),
        };
        Finished::Searched {
            decision,
            cands,
            played,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::decide::{self as classic, ClassicMove, GroupCache};
    use crate::engine::classic::generators::tests::point;
    use crate::engine::decision::Options;
    use crate::engine::level::REASON_LEVEL;
    use crate::engine::time::FrozenTimer;
    use crate::rules::{Color, Game, RuleSet};

    #[test]
    fn a_move_limit_is_the_levels_playouts_for_the_board_and_the_time_left() {
        let six = Level::new(6).unwrap();
        // Level 6 runs 2,000 playouts on 19x19, four times as many (the
        // cap) on 9x9, 361/169 times as many on 13x13.
        let l = move_limit(six, 19, 100.0, Some(1_000));
        assert_eq!(l.playouts, Some(2_000));
        // A second from 100 ms on the timer, less 5% safety and 5% for
        // the guard on a large board.
        assert!((l.deadline.unwrap() - 1_000.0).abs() < 1e-9);
        let l = move_limit(six, 9, 0.0, Some(1_000));
        assert_eq!(l.playouts, Some(8_000));
        // No guard on 9x9: only the safety margin is kept.
        assert!((l.deadline.unwrap() - 950.0).abs() < 1e-9);
        assert_eq!(move_limit(six, 13, 0.0, None).playouts, Some(4_272));
        assert_eq!(move_limit(six, 13, 0.0, None).deadline, None);
    }

    /// The classic valuation of the empty 9x9 board for Black, as a tree
    /// level begins its move, and its full candidate list.
    fn classic_of(game: &Game) -> (Decision, Vec<Candidate>) {
        let opts = Options::default();
        let how = ClassicMove {
            level: Level::new(i64::from(REASON_LEVEL)).unwrap(),
            opts: &opts,
            quiescence: false,
            seed: 0,
            resign: false,
            timer: &FrozenTimer,
        };
        let out = classic::decide(game, Color::Black, &how, &mut GroupCache::default());
        let (cands, _) = out.valued.unwrap();
        (out.decision, cands)
    }

    fn limit(playouts: u64) -> MoveLimit {
        MoveLimit {
            playouts: Some(playouts),
            deadline: None,
        }
    }

    #[test]
    fn slices_are_cut_to_the_moves_playouts_and_the_move_is_explained() {
        let game = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let (decision, cands) = classic_of(&game);
        let classic_nodes = decision.nodes;
        let mut kept = KeptTree::new(0, false, None);
        let mut pending =
            PendingMove::to_search(&game, Color::Black, 0.0, None, decision, cands, limit(150));
        kept.begin(&pending);
        assert!(pending.searching());
        let timer = FrozenTimer;
        let slice = mcts::TreeBudget::playouts(100);
        assert_eq!(kept.search_move(&mut pending, slice, &timer), 100);
        assert!(!kept.move_searched(&pending, &timer));
        // The second slice gets what is left of the move's 150.
        assert_eq!(kept.search_move(&mut pending, slice, &timer), 50);
        assert!(kept.move_searched(&pending, &timer));
        assert_eq!(kept.search_move(&mut pending, slice, &timer), 0);
        assert_eq!(pending.playouts(), 150);
        let Finished::Searched {
            decision,
            cands,
            played,
        } = kept.finish(pending, &timer)
        else {
            panic!("the tree searched this move")
        };
        let Move::Play(p) = decision.mv else {
            panic!("an empty board's move is a point: {:?}", decision.mv)
        };
        assert_eq!(played, Some(p));
        // The decision's figures are the classic valuation's and the
        // tree's together; the classic list comes back for "why not
        // here?".
        assert_eq!(decision.nodes, classic_nodes + 150);
        let summary = decision.search.expect("a tree move's summary");
        assert_eq!(summary.playouts, 150);
        assert_eq!(summary.candidates[0].mv, decision.mv);
        assert_eq!(summary.facts.len(), summary.candidates.len());
        assert_eq!(cands.len(), 81, "every point of the empty board");
        // The search's own reason closes the list.
        assert_eq!(decision.reasons.last().unwrap().kind, ReasonKind::Search);
    }

    #[test]
    fn a_move_whose_tree_was_rooted_elsewhere_since_is_the_classic_one() {
        let game = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let (decision, cands) = classic_of(&game);
        let mut kept = KeptTree::new(0, false, None);
        let first = PendingMove::to_search(
            &game,
            Color::Black,
            0.0,
            None,
            decision.clone(),
            cands.clone(),
            limit(50),
        );
        kept.begin(&first);
        // Another position rooted in between: the first move's tree is gone.
        let mut other = game.clone();
        other.play(Move::Play(point("E5"))).unwrap();
        let second = PendingMove::to_search(
            &other,
            Color::White,
            0.0,
            None,
            decision.clone(),
            cands,
            limit(50),
        );
        kept.begin(&second);
        assert!(second.searching());
        match kept.finish(first, &FrozenTimer) {
            Finished::Classic(d) => assert_eq!(d, decision),
            Finished::Searched { .. } => panic!("the tree holds another position"),
        }
    }
}
