//! Move generators: each looks at the root context (`engine::classic::context`) from one angle and
//! proposes moves with reasons (data, not strings, not values); the
//! valuation then turns the reasons of every candidate into moku, once.
//!
//! | generator | reasons |
//! |---|---|
//! | `tactics` | capture, save, atari |
//! | `lifedeath` | kill, live |
//! | `connect` | connect, cut |
//! | `weak` | escape, attack, defend, surround |
//! | `junction` | defend or attack two weak groups of one colour where their links meet |
//! | `moyo` | expand, reduce, invade, weak points |
//! | `fuseki`, `joseki` | opening moves, standard corner sequences |
//! | `endgame` | the thermography's gote, sente and ko moves in the endgame phase, other boundary moves valued as gote (deiri), dame, removing dead stones |
//! | `shape` | the pattern database's good and bad shape (efficiency) |
//!
//! Every legal move that is not an own eye also gets the evaluation's
//! view (the `territory` reason, filled in by valuation), so a big move
//! no generator names is still found.
//!
//! [`candidates`] is the public entry: the classic candidates of a
//! position with their values, for the classic search and for a tree
//! search that takes them as priors.

mod connect;
pub(crate) mod endgame;
mod fuseki;
pub(crate) mod joseki;
mod junction;
mod lifedeath;
mod moyo;
mod shape;
mod tactics;
mod weak;

use crate::engine::classic::context::Context;
use crate::engine::classic::lookahead::Lookahead;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::engine::classic::valuation;
use crate::engine::level::Level;
use crate::rules::point::CELLS;
use crate::rules::{Color, Game, Point};

/// A candidate move: the point, the reasons to play it, and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Where to play.
    pub point: Point,
    /// Why, each reason with its moku (and a shape's factor).
    pub reasons: Vec<Reason>,
    /// The value in moku relative to passing: the valuation's estimate,
    /// or the search's figure once the move was searched.
    pub moku: f32,
    /// The pattern database's efficiency factor (product of the shapes
    /// matched; 1 without any).
    pub efficiency: f32,
    /// Whether the quiescence search checked this move.
    pub searched: bool,
    /// The parts of the value, for the search to recombine.
    pub(crate) parts: Parts,
}

/// The parts of a candidate's value (moku, the mover's view).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Parts {
    /// What the evaluation gains by the move, statuses re-read locally.
    pub gain: f32,
    /// Reasons the evaluation cannot see (fuseki, joseki, attacking and
    /// defending weak groups, cutting, connecting, the reverse value of
    /// an endgame move): added to the searched value too.
    pub bonus: f32,
    /// Threats the move removes (saving, making life): the search sees
    /// them through the opponent's replies; the static valuation adds them.
    pub threat: f32,
}

impl Candidate {
    pub(crate) fn new(point: Point) -> Candidate {
        Candidate {
            point,
            reasons: Vec::new(),
            moku: 0.0,
            efficiency: 1.0,
            searched: false,
            parts: Parts::default(),
        }
    }

    /// Whether some reason is of `kind`.
    pub fn has(&self, kind: ReasonKind) -> bool {
        self.reasons.iter().any(|r| r.kind == kind)
    }
}

/// Collects reasons per point; only legal moves that fill no own eye.
pub(crate) struct Collector<'a> {
    allowed: &'a [bool],
    cands: Vec<Option<Candidate>>,
}

impl<'a> Collector<'a> {
    fn new(allowed: &'a [bool]) -> Collector<'a> {
        Collector {
            allowed,
            cands: vec![None; CELLS],
        }
    }

    /// Adds `reason` to the move at `p` (ignored if the move is not
    /// allowed); the same kind about the same target is kept once.
    pub(crate) fn add(&mut self, p: Point, reason: Reason) {
        if !self.allowed[p.index()] {
            return;
        }
        let c = self.cands[p.index()].get_or_insert_with(|| Candidate::new(p));
        if !c
            .reasons
            .iter()
            .any(|r| r.kind == reason.kind && r.target == reason.target && r.name == reason.name)
        {
            c.reasons.push(reason);
        }
    }

    fn into_vec(self) -> Vec<Candidate> {
        self.cands.into_iter().flatten().collect()
    }
}

/// Runs every generator on the root: the candidates with their reasons,
/// not valued yet (`valuation::valued` values and sorts them).
/// `cleanup` adds the removal of dead stones the opponent disputes
/// (`kgs-genmove_cleanup`).
pub(crate) fn generate(ctx: &Context<'_>, cleanup: bool) -> Vec<Candidate> {
    let allowed = ctx.allowed();
    let mut out = Collector::new(&allowed);
    tactics::generate(ctx, &mut out);
    lifedeath::generate(ctx, &mut out);
    connect::generate(ctx, &mut out);
    weak::generate(ctx, &mut out);
    junction::generate(ctx, &mut out);
    moyo::generate(ctx, &mut out);
    fuseki::generate(ctx, &mut out);
    joseki::generate(ctx, &mut out);
    endgame::generate(ctx, cleanup, &mut out);
    shape::generate(ctx, &mut out);
    // Every other allowed move: the evaluation's view only.
    for p in ctx.board.points() {
        if allowed[p.index()] && out.cands[p.index()].is_none() {
            out.cands[p.index()] = Some(Candidate::new(p));
        }
    }
    out.into_vec()
}

/// The classic candidates for `color` in `game`, best first, each with
/// its reasons and value in moku (relative to passing, from the
/// valuation: no search). Reads life and death once (the level's
/// budget per group), so it costs about what the root of a `genmove`
/// costs. A tree search takes these as its priors.
///
/// ```
/// use moku::{Color, Game, Move, Point, RuleSet};
/// use moku::engine::{generators, Level, ReasonKind};
/// let mut g = Game::new(9, RuleSet::Chinese, 7.0)?;
/// // A white stone in atari: capturing it is among the best candidates.
/// for (c, x, y) in [(Color::Black, 3, 4), (Color::White, 4, 4), (Color::Black, 5, 4),
///                   (Color::White, 0, 0), (Color::Black, 4, 3)] {
///     g.play_as(c, Move::Play(Point::from_xy(x, y)))?;
/// }
/// let c = generators::candidates(&g, Color::Black, Level::default());
/// let capture = c.iter().find(|c| c.point == Point::from_xy(4, 5)).unwrap();
/// assert!(capture.has(ReasonKind::Capture));
/// assert!(c[0].moku >= capture.moku && capture.moku > 2.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn candidates(game: &Game, color: Color, level: Level) -> Vec<Candidate> {
    let budgets = level.budgets();
    let groups =
        crate::engine::classic::context::read_groups(game.board(), budgets.group_nodes, None);
    let ctx = Context::new(game, color, budgets, groups, None);
    valuation::valued(&Lookahead::new(&ctx), generate(&ctx, false))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::game::game_from_ascii;
    use crate::rules::{parse_gtp_vertex, RuleSet};

    /// A game whose board is `ascii` (Chinese rules, komi 7), `color` to
    /// move.
    pub(crate) fn game_of(ascii: &str, color: Color) -> Game {
        let mut g = game_from_ascii(ascii, RuleSet::Chinese, 7.0);
        g.set_to_move(color);
        g
    }

    /// The candidates of `color` on the board `ascii`, at the default
    /// level.
    pub(crate) fn candidates_of(ascii: &str, color: Color) -> Vec<Candidate> {
        candidates(&game_of(ascii, color), color, Level::default())
    }

    /// The same, for big boards (level 2: faster reading).
    pub(crate) fn candidates_of_size(ascii: &str, color: Color) -> Vec<Candidate> {
        candidates(&game_of(ascii, color), color, Level::new(2).unwrap())
    }

    /// The point of a GTP vertex on a board of the size the test uses
    /// (19, or what the vertex implies).
    pub(crate) fn point_on(v: &str, size: usize) -> Point {
        parse_gtp_vertex(v, size).unwrap().unwrap()
    }

    /// The point of `v` on a 9x9 board.
    pub(crate) fn point(v: &str) -> Point {
        point_on(v, 9)
    }

    /// The reasons Black and White each find at `v` on `ascii`, of kinds
    /// `black` and `white` (a panic names the side whose reason is
    /// missing).
    pub(crate) fn reasons_of_both(
        ascii: &str,
        v: &str,
        black: ReasonKind,
        white: ReasonKind,
    ) -> (Reason, Reason) {
        let of = |color: Color, kind: ReasonKind| {
            let cands = candidates_of(ascii, color);
            reason_at(&cands, v, kind)
                .cloned()
                .unwrap_or_else(|| panic!("{color:?} finds no {kind:?} at {v}"))
        };
        (of(Color::Black, black), of(Color::White, white))
    }

    /// The first reason of `kind` at vertex `v`.
    pub(crate) fn reason_at<'a>(
        cands: &'a [Candidate],
        v: &str,
        kind: ReasonKind,
    ) -> Option<&'a Reason> {
        let size = cands
            .iter()
            .map(|c| c.point.x().max(c.point.y()) + 1)
            .max()
            .unwrap_or(9);
        let size = [7, 9, 13, 19]
            .into_iter()
            .find(|&s| s >= size)
            .unwrap_or(19);
        let p = point_on(v, size);
        cands
            .iter()
            .find(|c| c.point == p)
            .and_then(|c| c.reasons.iter().find(|r| r.kind == kind))
    }
}
