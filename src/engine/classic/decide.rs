//! The classic path: one decision from the root read once — the groups'
//! statuses ([`GroupCache`] keeps them by position), the [`Context`],
//! the generators' candidates with their reasons and the valuation in
//! moku — then, at the classic levels, the quiescence search over the
//! best candidates ([`search`], the pass first). The tree levels take
//! this path without the quiescence search, for the root's priors and
//! the candidates' reasons. `genmove` says when a move takes it.

use std::collections::HashMap;
use std::sync::Arc;

use crate::engine::classic::context::{read_groups_cached, Context};
use crate::engine::classic::generators::endgame::Thermography;
use crate::engine::classic::generators::{self, Candidate};
use crate::engine::classic::lookahead::Lookahead;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::engine::classic::search;
use crate::engine::classic::strategy::Phase;
use crate::engine::classic::valuation;
use crate::engine::decision::{Decision, Options, CANDIDATES_SHOWN};
use crate::engine::level::Level;
use crate::engine::time::{MoveDeadline, Timer, SAFETY};
use crate::engine::words;
use crate::eval::analysis::GroupInfo;
use crate::reading::{owl, Clock};
use crate::rules::{Board, Color, Game, Move, Point, Rng, Scoring};

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
/// Positions whose group statuses the engine keeps.
const GROUP_CACHE: usize = 64;

/// The group statuses of the positions the engine has read, by position
/// and life-and-death budget, so that a position asked again (another
/// move at the same level, "why not here?", an analysis) is not read
/// twice; and the statuses of their dragons, by neighbourhood, so that
/// in a new position only the dragons whose surroundings changed are
/// read (`owl::StatusCache`: a status taken from it can differ from a
/// fresh read where a ladder or an escape reaches farther than the
/// neighbourhood, in about one position in fourteen).
#[derive(Default)]
pub(crate) struct GroupCache {
    positions: HashMap<(u64, u64), Vec<GroupInfo>>,
    dragons: owl::StatusCache,
}

/// How one classic decision is made, beyond its position.
#[derive(Clone, Copy)]
pub(crate) struct ClassicMove<'a> {
    /// The level whose budgets the move reads with.
    pub level: Level,
    /// The move's time and whether it is a cleanup move.
    pub opts: &'a Options,
    /// Whether the quiescence search runs (the classic levels); without
    /// it the valuation's best candidate is the move.
    pub quiescence: bool,
    /// The seed of the opening candidates' nudge.
    pub seed: u64,
    /// Whether the move may be a resignation.
    pub resign: bool,
    /// The engine's clock.
    pub timer: &'a dyn Timer,
}

/// A classic decision and, for a position the valuation read, its full
/// candidate list and the point chosen (`None` with the list: a pass),
/// which "why not here?" and the tree's priors read.
pub(crate) struct Classic {
    pub decision: Decision,
    pub valued: Option<(Vec<Candidate>, Option<Point>)>,
    /// The root's thermography in the endgame phase, for the tree's
    /// priors and words.
    pub thermo: Option<Arc<Thermography>>,
}

/// The groups of `board` with their statuses, each read with at most
/// `nodes` nodes (and the clock): from `cache` when the position was read
/// before, else read with the statuses of the dragons whose
/// neighbourhoods are unchanged taken from it, and kept there unless the
/// clock stopped the reading.
pub(crate) fn root_groups(
    board: &Board,
    nodes: u64,
    clock: Option<&dyn Clock>,
    cache: &mut GroupCache,
) -> Vec<GroupInfo> {
    let key = (board.hash(), nodes);
    if let Some(g) = cache.positions.get(&key) {
        return g.clone();
    }
    let g = read_groups_cached(board, nodes, clock, &mut cache.dragons);
    if !clock.is_some_and(|c| c.expired()) {
        if cache.positions.len() >= GROUP_CACHE {
            cache.positions.clear();
        }
        cache.positions.insert(key, g.clone());
    }
    g
}

/// The classic search at `level`: read the groups, generate and value
/// the candidates, then (with `quiescence`) search the best of them;
/// without it the valuation's best candidate is the move, for the
/// tree levels that only want the candidates and their reasons.
pub(crate) fn decide(
    game: &Game,
    color: Color,
    how: &ClassicMove<'_>,
    cache: &mut GroupCache,
) -> Classic {
    let ClassicMove {
        level,
        opts,
        quiescence,
        seed,
        resign,
        timer,
    } = *how;
    let budgets = level.budgets();
    if game.is_over() {
        return Classic {
            decision: pass_decision(game, Vec::new(), 0.0, 0, 0),
            valued: None,
            thermo: None,
        };
    }
    // Without a time budget only the level's counts limit the move
    // (the same moves on any machine, however loaded).
    let deadline = opts
        .time_ms
        .map(|ms| MoveDeadline::new(timer, ms as f64 * (1.0 - SAFETY)));
    let root_deadline = deadline.as_ref().map(|d| d.part(ROOT_SHARE));
    let root_clock: Option<&dyn Clock> = root_deadline.as_ref().map(|d| d as &dyn Clock);
    let clock: Option<&dyn Clock> = deadline.as_ref().map(|d| d as &dyn Clock);
    let board = game.board();
    let groups = root_groups(board, budgets.group_nodes, root_clock, cache);
    let ctx = Context::new(game, color, budgets, groups, clock);
    let look = Lookahead::new(&ctx);
    let mut cands = valuation::valued(&look, generators::generate(&ctx, opts.cleanup));
    if ctx.strategy.phase == Phase::Opening {
        jitter(seed, board.hash(), &mut cands);
    }
    let outcome = if quiescence {
        search::search(&look, &mut cands)
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
    // The endgame in the thermography's order: when the search's move is
    // one of the thermography's moves, the endgame is what is left to
    // play, and its first move is played (sente first, the ko rules,
    // tedomari, then the temperature).
    if let (Some(t), Some(b)) = (&ctx.thermo, best) {
        if t.note(b).is_some() {
            if let Some(first) = t
                .first_noted()
                .filter(|f| cands.iter().any(|c| c.point == *f))
            {
                best = Some(first);
            }
        }
    }
    if opts.cleanup && best.is_none() {
        best = cands
            .iter()
            .find(|c| c.has(ReasonKind::Cleanup))
            .map(|c| c.point);
    }
    // The move played heads the list: the search keeps the first of equal
    // values in its own order, which the sort above may put elsewhere.
    if let Some(at) = best.and_then(|p| cands.iter().position(|c| c.point == p)) {
        cands[..=at].rotate_right(1);
    }
    let nodes = look.evals();
    let tactic_nodes = look.tactic_nodes();
    let sign = color.sign() as f32;
    let score = outcome.value * sign;
    let valued = Some((cands.clone(), best));
    let area = (board.size() * board.size()) as f32;
    if resign
        && quiescence
        && game.move_number() as f32 > area * RESIGN_AFTER
        && outcome.value.max(outcome.pass_value) < -area * RESIGN_SHARE
    {
        let decision = Decision {
            mv: Move::Resign,
            reasons: Vec::new(),
            candidates: top(&cands),
            score_estimate: score,
            nodes,
            tactic_nodes,
            search: None,
        };
        return Classic {
            decision,
            valued,
            thermo: ctx.thermo.clone(),
        };
    }
    let thermo = ctx.thermo.clone();
    let area = game.rules().scoring() == Scoring::Area;
    let mut shown = said_candidates(board, color, &cands);
    if let Some(t) = &thermo {
        for c in &mut shown {
            c.reasons.extend(endgame_facts(t, color, c.point, area));
        }
    }
    let decision = match best {
        None => pass_decision(game, shown, score, nodes, tactic_nodes),
        Some(p) => {
            let chosen = cands.iter().find(|c| c.point == p);
            let reasons = if opts.cleanup && chosen.is_some_and(|c| c.has(ReasonKind::Cleanup)) {
                chosen.map(|c| c.reasons.clone()).unwrap_or_default()
            } else if quiescence {
                let mut r = words::facts(board, color, p, None);
                if let Some(t) = &thermo {
                    r.extend(endgame_facts(t, color, p, area));
                }
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
    };
    Classic {
        decision,
        valued,
        thermo,
    }
}

/// The thermography's fact about `color`'s move at `p`, if it proposes
/// the move and the fact's predicates hold ([`words::endgame_fact`]).
pub(crate) fn endgame_facts(
    t: &Thermography,
    color: Color,
    p: Point,
    area: bool,
) -> Option<Reason> {
    words::endgame_fact(&t.analysis, t.note(p)?, color, p, area)
}

/// Seeded noise on opening candidates (deterministic per seed and
/// position), then sorted again.
fn jitter(seed: u64, hash: u64, cands: &mut [Candidate]) {
    let mut rng = Rng::new(seed ^ hash);
    for c in cands.iter_mut() {
        let r = (rng.next_u64() % 1000) as f32 / 1000.0;
        c.moku += r * OPENING_JITTER;
    }
    cands.sort_by(|a, b| b.moku.total_cmp(&a.moku).then(a.point.cmp(&b.point)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::generators::tests::{game_of, point};
    use crate::engine::time::FrozenTimer;

    /// Four white stones in atari, their last liberty at B6, walled in by
    /// Black: the capture is a candidate, but the stones are dead either
    /// way, so it need not be the move.
    const FOUR_IN_ATARI: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X . . .
        . . O O O O X . .
        . . X X X X . . .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . . . . . . . .";

    fn how<'a>(level: u8, opts: &'a Options, quiescence: bool) -> ClassicMove<'a> {
        ClassicMove {
            level: Level::new(i64::from(level)).unwrap(),
            opts,
            quiescence,
            seed: 1,
            resign: false,
            timer: &FrozenTimer,
        }
    }

    /// Black's classic decision in [`FOUR_IN_ATARI`] at `level`.
    fn black_in_four_in_atari(level: u8, quiescence: bool) -> (Game, Classic) {
        let game = game_of(FOUR_IN_ATARI, Color::Black);
        let opts = Options::default();
        let how = how(level, &opts, quiescence);
        let out = decide(&game, Color::Black, &how, &mut GroupCache::default());
        (game, out)
    }

    #[test]
    fn the_classic_path_plays_its_best_searched_candidate_and_says_its_value() {
        let (game, out) = black_in_four_in_atari(1, true);
        let (cands, best) = out.valued.expect("a position the valuation read");
        let Some(best) = best else {
            panic!("Black has moves worth playing on a half-empty board")
        };
        assert_eq!(out.decision.mv, Move::Play(best));
        let chosen = cands.iter().find(|c| c.point == best).unwrap();
        assert!(chosen.searched, "the move comes out of the search");
        // The shown list starts with it: searched candidates first, then
        // by value.
        assert_eq!(out.decision.candidates[0].point, best);
        assert_eq!(out.decision.candidates.len(), CANDIDATES_SHOWN);
        // Its value, in moku, said against the next best candidate.
        let value = out
            .decision
            .reasons
            .iter()
            .find(|r| r.kind == ReasonKind::Value)
            .expect("a value reason");
        assert_eq!(value.moku, chosen.moku);
        let (next, by) = value.versus.expect("another candidate");
        assert_ne!(next, Move::Play(best));
        assert!(by >= 0.0);
        assert!(out.decision.nodes > 0 && out.decision.search.is_none());
        // The capture of the four stones is among the candidates, its
        // reason naming the string and its size.
        let capture = cands.iter().find(|c| c.point == point("B6")).unwrap();
        let r = capture
            .reasons
            .iter()
            .find(|r| r.kind == ReasonKind::Capture)
            .expect("a capture reason at B6");
        assert_eq!(r.size, 4);
        assert_eq!(
            r.target.map(|t| game.board().chain_id(t)),
            Some(game.board().chain_id(point("C6")))
        );
        // Every candidate is an empty point.
        assert!(cands.iter().all(|c| game.board().is_empty(c.point)));
    }

    #[test]
    fn without_the_quiescence_search_the_valuation_decides_and_says_nothing() {
        let (_, out) = black_in_four_in_atari(3, false);
        let (cands, best) = out.valued.unwrap();
        assert!(cands.iter().all(|c| !c.searched), "nothing searched");
        // The valuation's first candidate is the move; the tree levels
        // say their own reasons, so there are none here.
        let top = cands
            .iter()
            .max_by(|a, b| a.moku.total_cmp(&b.moku).then(b.point.cmp(&a.point)))
            .unwrap();
        assert_eq!(best, Some(top.point));
        assert_eq!(out.decision.mv, Move::Play(top.point));
        assert!(out.decision.reasons.is_empty());
    }

    #[test]
    fn the_group_statuses_of_a_position_are_read_once() {
        let game = game_of(FOUR_IN_ATARI, Color::Black);
        let opts = Options::default();
        let mut cache = GroupCache::default();
        decide(&game, Color::Black, &how(1, &opts, true), &mut cache);
        assert_eq!(cache.positions.len(), 1);
        // White to move in the same position reads with the same budget:
        // the statuses are the cached ones.
        decide(&game, Color::White, &how(1, &opts, true), &mut cache);
        assert_eq!(cache.positions.len(), 1);
        // Another level's budget is another entry.
        decide(&game, Color::Black, &how(2, &opts, true), &mut cache);
        assert_eq!(cache.positions.len(), 2);
    }

    #[test]
    fn a_finished_game_is_a_pass_with_nothing_valued() {
        let mut game = Game::new(9, crate::rules::RuleSet::Chinese, 7.0).unwrap();
        game.play(Move::Pass).unwrap();
        game.play(Move::Pass).unwrap();
        assert!(game.is_over());
        let opts = Options::default();
        let mut cache = GroupCache::default();
        let out = decide(&game, Color::Black, &how(1, &opts, true), &mut cache);
        assert_eq!(out.decision.mv, Move::Pass);
        assert_eq!(out.decision.nodes, 0);
        assert!(out.valued.is_none());
        assert!(cache.positions.is_empty());
    }

    #[test]
    fn the_opening_nudge_is_seeded_and_below_its_bound() {
        let mk = || {
            [("D4", 1.0), ("E5", 1.2), ("C3", 0.1)]
                .iter()
                .map(|&(v, m)| {
                    let mut c = Candidate::new(point(v));
                    c.moku = m;
                    c
                })
                .collect::<Vec<_>>()
        };
        let (mut a, mut b) = (mk(), mk());
        jitter(7, 42, &mut a);
        jitter(7, 42, &mut b);
        assert_eq!(a, b, "equal seeds, equal nudges");
        for c in &a {
            let before = mk().into_iter().find(|d| d.point == c.point).unwrap().moku;
            assert!(c.moku >= before && c.moku < before + OPENING_JITTER);
        }
        // Sorted again, best first.
        assert!(a.windows(2).all(|w| w[0].moku >= w[1].moku));
    }
}
