//! Valuation, the one place where reasons become moku: each candidate is
//! played on a copy of the board, the statuses are re-read around it, and
//! the full-board evaluation says what the move gains; every reason then
//! gets its share, and the pattern factors multiply the total (Handtalk's
//! efficiency).
//!
//! Reasons fall in three groups:
//! - what the evaluation sees after the move (captures, kills, territory,
//!   moyo, endgame, dame): their moku explain the gain;
//! - what it cannot see and is added (`Parts::bonus`): opening tables,
//!   joseki, the attack and defence of weak groups (a share of their
//!   Handtalk danger, weighed by the strategy's aggression and running
//!   weight), cuts and connections, the opponent's value of an
//!   endgame point, removing disputed dead stones;
//! - threats the move removes (`Parts::threat`: saving a string, making
//!   a group live), added by the static valuation only — the search sees
//!   them through the opponent's replies.

use std::collections::HashMap;

use crate::engine::classic::context::{Context, Reread};
use crate::engine::classic::generators::Candidate;
use crate::engine::classic::lookahead::Lookahead;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::rules::{Point, Status};

/// Moku for a move of the opening table. A nudge towards the classic
/// points where the evaluation sees little difference. Our choice.
pub const FUSEKI_BONUS: f32 = 2.0;
/// Moku for the next move of a joseki. Our choice: somewhat more than a
/// fuseki point, so a started joseki is usually finished.
pub const JOSEKI_BONUS: f32 = 3.0;
/// Share of a weak opponent group's danger that attacking (or
/// surrounding) it is worth beyond what the evaluation sees. Our choice.
pub const ATTACK_SHARE: f32 = 0.3;
/// Share of a weak own group's danger that defending (or running with)
/// it is worth, before the strategy's running weight (the handicap's).
/// Our choice.
pub const DEFEND_SHARE: f32 = 0.4;
/// Share of the danger of the weaker side that a cut or a connection
/// is worth. Our choice.
pub const CONNECT_SHARE: f32 = 0.3;
/// Share of a string's stake an atari is worth (it forces an answer).
pub const ATARI_SHARE: f32 = 0.15;
/// Moku for each move that removes disputed dead stones in cleanup mode:
/// more than anything else on a finished board.
pub const CLEANUP_BONUS: f32 = 30.0;
/// How far above every other thermography move the thermography's first
/// move is put when a rule (sente first, the ko rules, tedomari) rather
/// than its temperature put it first: a tenth of a point, enough to lead
/// the candidates and below any value the valuation tells apart. Our
/// choice.
pub const ORDER_MARGIN: f32 = 0.1;
/// Efficiency factors multiply to at most this...
pub const MAX_EFFICIENCY: f32 = 1.8;
/// ...and at least this.
pub const MIN_EFFICIENCY: f32 = 0.4;

/// Values every candidate in place.
pub(crate) fn value_all(look: &Lookahead<'_, '_>, cands: &mut [Candidate]) {
    let mut stakes: HashMap<Point, f32> = HashMap::new();
    for c in cands.iter_mut() {
        value_one(look, c, &mut stakes);
    }
}

/// The candidates valued ([`value_all`]) and sorted, best first.
pub(crate) fn valued(look: &Lookahead<'_, '_>, mut cands: Vec<Candidate>) -> Vec<Candidate> {
    value_all(look, &mut cands);
    order_first(look.ctx, &mut cands);
    cands.sort_by(|a, b| b.moku.total_cmp(&a.moku).then(a.point.cmp(&b.point)));
    cands
}

/// The thermography's first move, when a rule rather than its
/// temperature put it first, is raised [`ORDER_MARGIN`] above every
/// other candidate the thermography values (its bonus grows by the
/// difference, so that the search keeps it).
fn order_first(ctx: &Context<'_>, cands: &mut [Candidate]) {
    let Some(first) = ctx.thermo.as_ref().and_then(|t| t.ruled_first()) else {
        return;
    };
    let noted = |c: &Candidate| c.reasons.iter().any(|r| r.endgame.is_some());
    let top = cands
        .iter()
        .filter(|c| c.point != first && noted(c))
        .map(|c| c.moku)
        .fold(f32::NEG_INFINITY, f32::max);
    if let Some(c) = cands.iter_mut().find(|c| c.point == first) {
        let lift = top + ORDER_MARGIN - c.moku;
        if top.is_finite() && lift > 0.0 {
            c.moku += lift;
            c.parts.bonus += lift;
        }
    }
}

/// The stake of the string or group on `p`, cached.
fn stake(look: &Lookahead<'_, '_>, p: Point, group: bool, cache: &mut HashMap<Point, f32>) -> f32 {
    let ctx = look.ctx;
    let key = if group {
        ctx.group(p).map_or(p, |g| g.stones[0])
    } else {
        ctx.board.chain_id(p)
    };
    if let Some(&v) = cache.get(&key) {
        return v;
    }
    let stones: Vec<Point> = if group {
        ctx.group(p).map_or_else(Vec::new, |g| g.stones.clone())
    } else {
        ctx.board.chain(p).collect()
    };
    let v = look.stake(&stones);
    cache.insert(key, v);
    v
}

/// The Handtalk danger of the block on `p` (moku, >= 0), the largest
/// over its group's stones.
fn danger(ctx: &Context<'_>, p: Point) -> f32 {
    match ctx.group(p) {
        Some(g) => g
            .stones
            .iter()
            .map(|&s| ctx.handtalk.danger_at(s).abs())
            .fold(0.0, f32::max),
        None => ctx.handtalk.danger_at(p).abs(),
    }
}

/// What the mover gains by playing `p`, the statuses re-read locally.
pub(crate) fn gain(look: &Lookahead<'_, '_>, p: Point, color: crate::rules::Color) -> f32 {
    let ctx = look.ctx;
    let mut b = ctx.board.clone();
    if b.check_move(p, color, ctx.rules.suicide_allowed()).is_err() {
        return 0.0;
    }
    b.play_unchecked(p, color);
    let st = look.status_after(&b, &ctx.status, p, color, Reread::Tactics);
    (look.eval(&b, &st) - ctx.base) * color.sign() as f32
}

/// The moku a bonus reason (one the evaluation's gain does not see) adds
/// at `p`: a share of its target's stake or danger, a fixed bonus, or for
/// an endgame reason without a value the deiri, the opponent's gain at the
/// same point; any other keeps the value its generator gave.
fn bonus_moku(
    look: &Lookahead<'_, '_>,
    r: &Reason,
    p: Point,
    stakes: &mut HashMap<Point, f32>,
) -> f32 {
    let ctx = look.ctx;
    let target = r.target;
    let target_danger = || target.map_or(0.0, |t| danger(ctx, t));
    match r.kind {
        ReasonKind::Atari => ATARI_SHARE * target.map_or(0.0, |t| stake(look, t, false, stakes)),
        ReasonKind::Connect | ReasonKind::Cut => CONNECT_SHARE * target_danger(),
        ReasonKind::Escape | ReasonKind::Defend => {
            DEFEND_SHARE * ctx.strategy.running * target_danger()
        }
        ReasonKind::Attack | ReasonKind::Surround => {
            ATTACK_SHARE * ctx.strategy.aggression * target_danger()
        }
        ReasonKind::Fuseki => FUSEKI_BONUS,
        ReasonKind::Joseki => JOSEKI_BONUS,
        ReasonKind::Cleanup => CLEANUP_BONUS,
        ReasonKind::Endgame if r.moku == 0.0 => gain(look, p, ctx.color.opponent()).max(0.0),
        _ => r.moku,
    }
}

fn value_one(look: &Lookahead<'_, '_>, c: &mut Candidate, stakes: &mut HashMap<Point, f32>) {
    let ctx = look.ctx;
    let me = ctx.color;
    let g = gain(look, c.point, me);
    let mut bonus = 0.0;
    let mut threat = 0.0;
    let mut efficiency = 1.0f32;
    let mut explained = 0.0;
    // The positional reasons, by index.
    let mut positional = Vec::new();
    for (i, r) in c.reasons.iter_mut().enumerate() {
        let target = r.target;
        match r.kind {
            ReasonKind::Capture => {
                let s = target.map_or(0.0, |t| stake(look, t, false, stakes));
                // A string dead already is worth little more once taken.
                let dead = target.is_some_and(|t| ctx.status.get(t) == Status::Dead);
                r.moku = if dead { g.max(0.0).min(s) } else { s };
                explained += r.moku;
            }
            ReasonKind::Kill => {
                r.moku = target.map_or(0.0, |t| stake(look, t, true, stakes));
                explained += r.moku;
            }
            ReasonKind::Save => {
                r.moku = target.map_or(0.0, |t| stake(look, t, false, stakes));
                threat += r.moku;
            }
            ReasonKind::Live => {
                r.moku = target.map_or(0.0, |t| stake(look, t, true, stakes));
                threat += r.moku;
            }
            ReasonKind::Atari
            | ReasonKind::Connect
            | ReasonKind::Cut
            | ReasonKind::Escape
            | ReasonKind::Defend
            | ReasonKind::Attack
            | ReasonKind::Surround
            | ReasonKind::Fuseki
            | ReasonKind::Joseki
            | ReasonKind::Endgame
            | ReasonKind::Sente
            | ReasonKind::Cleanup => {
                r.moku = bonus_moku(look, r, c.point, stakes);
                bonus += r.moku;
            }
            ReasonKind::Shape => {
                efficiency *= r.factor;
            }
            ReasonKind::ExpandMoyo
            | ReasonKind::ReduceMoyo
            | ReasonKind::Invade
            | ReasonKind::CompleteMoyo
            | ReasonKind::DefendWeakPoint
            | ReasonKind::Territory
            | ReasonKind::Dame => positional.push(i),
            ReasonKind::Pass
            | ReasonKind::Search
            | ReasonKind::Value
            | ReasonKind::Guard
            | ReasonKind::Reduce => {}
        }
    }
    // The positional reasons share what the evaluation gains beyond the
    // captures and kills; without any, a territory reason says it.
    let rest = g - explained;
    if positional.is_empty() && rest.abs() >= 0.5 {
        c.reasons.push(
            crate::engine::classic::reason::Reason::new(ReasonKind::Territory, me).moku(rest),
        );
    }
    for &i in &positional {
        c.reasons[i].moku = rest / positional.len() as f32;
    }
    c.efficiency = efficiency.clamp(MIN_EFFICIENCY, MAX_EFFICIENCY);
    c.parts = crate::engine::classic::generators::Parts {
        gain: g,
        bonus,
        threat,
    };
    c.moku = scaled(g + bonus + threat, c.efficiency);
}

/// A value times the efficiency; a loss is not made smaller by good
/// shape nor bigger by bad.
pub(crate) fn scaled(v: f32, efficiency: f32) -> f32 {
    if v > 0.0 {
        v * efficiency
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::generators::tests::point_on;
    use crate::engine::classic::generators::{candidates, Candidate};
    use crate::engine::level::Level;
    use crate::rules::{Color, Game, RuleSet};

    /// A lone black stone at G2 between White's F2 and H2 on 13x13, with
    /// Black's four stones on the 4-4 points: placed as a four-stone
    /// handicap, or set up on the board as stones of an even game.
    fn game(handicap: bool) -> Game {
        let mut g = Game::new(13, RuleSet::Japanese, 0.5).unwrap();
        let stars: Vec<Point> = ["D4", "K10", "D10", "K4"]
            .iter()
            .map(|v| point_on(v, 13))
            .collect();
        let mut stones: Vec<(Point, Option<Color>)> = vec![
            (point_on("G2", 13), Some(Color::Black)),
            (point_on("F2", 13), Some(Color::White)),
            (point_on("H2", 13), Some(Color::White)),
        ];
        if handicap {
            g.set_free_handicap(&stars).unwrap();
        } else {
            stones.extend(stars.iter().map(|&p| (p, Some(Color::Black))));
        }
        g.setup(&stones).unwrap();
        g.set_to_move(Color::Black);
        g
    }

    /// Black's candidate at G3, the way out.
    fn run(g: &Game) -> Candidate {
        let cands = candidates(g, Color::Black, Level::new(2).unwrap());
        let p = point_on("G3", 13);
        cands.into_iter().find(|c| c.point == p).expect("G3")
    }

    #[test]
    fn the_handicap_taker_values_running_out_more() {
        let (even, four) = (run(&game(false)), run(&game(true)));
        let escape = |c: &Candidate| {
            c.reasons
                .iter()
                .find(|r| r.kind == ReasonKind::Escape)
                .map(|r| r.moku)
                .expect("an escape")
        };
        let (e, h) = (escape(&even), escape(&four));
        assert!(e > 0.0);
        // Four stones received: the running weight is 1 + 4 x 0.05.
        assert!((h - 1.2 * e).abs() < 1e-4, "{e} -> {h}");
        // The rest of the move's value is the same board's.
        assert_eq!(even.parts.gain, four.parts.gain);
        assert!(four.moku > even.moku);
    }
}
