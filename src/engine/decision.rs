//! What a move decision hands back: the [`Decision`] (the move, its
//! reasons, the candidates and what the tree search found), the
//! [`Options`] of one `genmove`, a [`PendingMove`] under way, and the
//! answer to "why not here?" ([`WhyNot`]). The types only: the classic
//! path (`classic::decide`) and the tree path (`tree::decide`) make
//! them, and `genmove` says which path a move takes.

use std::sync::Arc;

use crate::engine::classic::generators::endgame::Thermography;
use crate::engine::classic::generators::Candidate;
use crate::engine::classic::reason::Reason;
use crate::engine::level::Level;
use crate::engine::tree::mcts;
use crate::engine::words;
use crate::rules::{Color, Game, Move, Point};

/// Candidates a [`Decision`] lists.
pub const CANDIDATES_SHOWN: usize = 10;

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
    /// Playouts from this position: this search's and those of any
    /// earlier search of the same position ([`mcts::TreeSearch::root_playouts`]),
    /// which `samples` counts among.
    pub root_playouts: u64,
    /// The principal variation, the chosen move first.
    pub pv: Vec<Move>,
    /// The lead, in points, the win rates are by: the mover's playouts
    /// counted a win only by more than this (the lead the engine keeps on
    /// 13x13 and up once it is well ahead; 0: any win).
    pub lead: f32,
    /// The root's most visited moves, most visited first (at most
    /// [`CANDIDATES_SHOWN`]), with their win rates, score leads and
    /// variations.
    pub candidates: Vec<mcts::RootMove>,
    /// The facts of each of `candidates`, in the same order
    /// ([`crate::engine::words`]).
    pub facts: Vec<Vec<Reason>>,
    /// The chosen move's score lead for the mover, in points.
    pub score_lead: f32,
    /// The playouts through the chosen move from this position (among
    /// `root_playouts`).
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

/// A move under way: what [`Engine::begin_move`](crate::engine::Engine::begin_move) (or
/// [`Engine::begin_analysis`](crate::engine::Engine::begin_analysis)) found, searched in slices by
/// [`Engine::search_move`](crate::engine::Engine::search_move) and ended by [`Engine::finish_move`](crate::engine::Engine::finish_move). It holds
/// its own copy of the position, so the steps cannot mix two positions.
#[derive(Clone, Debug)]
pub struct PendingMove {
    pub(crate) game: Game,
    pub(crate) color: Color,
    /// When the move began, on the engine's timer.
    pub(crate) start: f64,
    /// The move's time in milliseconds, if it has one.
    pub(crate) time_ms: Option<u64>,
    /// The classic valuation's decision: the move itself when there is
    /// nothing to search, else its candidates and score for the tree's.
    pub(crate) classic: Decision,
    /// What is left to search (`None`: the decision is made).
    pub(crate) tree: Option<TreeMove>,
}

/// The tree search part of a [`PendingMove`].
#[derive(Clone, Debug)]
pub(crate) struct TreeMove {
    /// The classic valuation's full candidate list for the position.
    pub(crate) cands: Vec<Candidate>,
    /// Its points worth playing, best first: the root's priors.
    pub(crate) ranked: Vec<Point>,
    pub(crate) limit: MoveLimit,
    /// Playouts searched for the move so far.
    pub(crate) playouts: u64,
    /// The root's thermography in the endgame phase: the tree's endgame
    /// priors and the words of its move.
    pub(crate) thermo: Option<Arc<Thermography>>,
}

/// A move's limit on its tree search: playouts, and a time to stop at on
/// the engine's timer (neither: an analysis, searched while asked). The
/// slices of [`mcts::TreeBudget`] are cut to it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveLimit {
    pub(crate) playouts: Option<u64>,
    pub(crate) deadline: Option<f64>,
}

impl PendingMove {
    /// A move decided without a tree search.
    pub(crate) fn decided(game: &Game, color: Color, d: Decision) -> PendingMove {
        PendingMove {
            game: game.clone(),
            color,
            start: 0.0,
            time_ms: None,
            classic: d,
            tree: None,
        }
    }

    /// A move for `color` in `game` to search on the tree: the classic
    /// decision it began with at `start` on the engine's timer, the
    /// valuation's full candidate list (those worth playing become the
    /// root's priors, best first) and the move's limit.
    pub(crate) fn to_search(
        game: &Game,
        color: Color,
        start: f64,
        time_ms: Option<u64>,
        classic: Decision,
        cands: Vec<Candidate>,
        limit: MoveLimit,
    ) -> PendingMove {
        let ranked: Vec<Point> = cands
            .iter()
            .filter(|c| c.moku > 0.0)
            .map(|c| c.point)
            .collect();
        PendingMove {
            game: game.clone(),
            color,
            start,
            time_ms,
            classic,
            tree: Some(TreeMove {
                cands,
                ranked,
                limit,
                playouts: 0,
                thermo: None,
            }),
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
        search: Option<CandidateVisits>,
    },
}

/// The tree search's figures for one candidate of "why not here?".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CandidateVisits {
    /// Playouts through the point.
    pub visits: u32,
    /// The mover's win rate there, 0 to 1.
    pub winrate: f32,
    /// Playouts through the move chosen.
    pub best_visits: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::reason::ReasonKind;
    use crate::rules::RuleSet;

    #[test]
    fn a_decided_move_has_nothing_left_to_search() {
        let game = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let pass = Decision {
            mv: Move::Pass,
            reasons: vec![Reason::new(ReasonKind::Pass, Color::White)],
            candidates: Vec::new(),
            score_estimate: -7.0,
            nodes: 0,
            tactic_nodes: 0,
            search: None,
        };
        let pending = PendingMove::decided(&game, Color::White, pass.clone());
        assert_eq!(pending.color(), Color::White);
        assert!(!pending.searching());
        assert_eq!(pending.playouts(), 0);
        assert_eq!(pending.classic, pass);
    }

    #[test]
    fn a_tree_move_counts_the_playouts_searched_so_far() {
        let game = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        let mut pending = PendingMove::decided(
            &game,
            Color::Black,
            Decision {
                mv: Move::Pass,
                reasons: Vec::new(),
                candidates: Vec::new(),
                score_estimate: 0.0,
                nodes: 0,
                tactic_nodes: 0,
                search: None,
            },
        );
        pending.tree = Some(TreeMove {
            cands: Vec::new(),
            ranked: Vec::new(),
            limit: MoveLimit {
                playouts: Some(100),
                deadline: None,
            },
            playouts: 40,
            thermo: None,
        });
        assert!(pending.searching());
        assert_eq!(pending.playouts(), 40);
    }
}
