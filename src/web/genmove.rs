//! The engine's move and "why not here?" for the page's worker: the
//! decision layer's [`Decision`] and [`WhyNot`] as plain data, reasons in
//! plain English.
//!
//! One engine lives in the module (a worker has one), so the tree search
//! keeps its tree from move to move and "why not" reuses the candidates
//! of the last move.

use std::cell::RefCell;

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::convert::{
    js_error, move_text, options_object, range_error, read_options, to_ts, whole_number, ApiError,
    Color, Vertex, VertexInput,
};
use super::position::Position;
use crate::engine::review::DEFAULT_REVIEW_LEVEL;
use crate::engine::{
    Candidate, Decision, Engine, FnTimer, Level, Options, Reason, WhyNot, DEFAULT_LEVEL, MAX_LEVEL,
    MIN_LEVEL, TREE_FROM_LEVEL,
};
use crate::rules::{Game, Move};

#[wasm_bindgen]
extern "C" {
    /// The page's millisecond clock (`performance.now()`, in workers too).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The engine's levels as the engine defines them, so that no page or
/// element restates them.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Levels {
    /// The lowest level (1).
    min: u8,
    /// The highest level (10).
    max: u8,
    /// The level of a move when the options leave it out.
    default: u8,
    /// The first level that is the tree search; the levels below it are
    /// the classic search.
    tree_from: u8,
    /// The level of a review when the options leave it out.
    review: u8,
}

/// The engine's levels: the range `genmove`, `whyNot` and `reviewMove`
/// take, their defaults, and where the tree search starts.
///
/// ```js
/// levels(); // { min: 1, max: 10, default: 6, treeFrom: 6, review: 3 }
/// ```
#[wasm_bindgen]
pub fn levels() -> Result<Ts<Levels>, ApiError> {
    to_ts(&Levels {
        min: MIN_LEVEL,
        max: MAX_LEVEL,
        default: DEFAULT_LEVEL,
        tree_from: TREE_FROM_LEVEL,
        review: DEFAULT_REVIEW_LEVEL,
    })
}

/// The longest thinking time a move may ask for: ten minutes.
const MAX_TIME_MS: f64 = 600_000.0;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(
        Engine::new()
            .with_timer(Box::new(FnTimer(performance_now)))
            .with_tree_clock(FnTimer(performance_now)),
    );
}

options_object! {
    /// Options of `genmove` and `whyNot`.
    pub struct GenmoveOptions("move options") {
        /// Playing strength, 1 to 10: levels 1–5 are the classic search
        /// (fast), 6–10 the tree search over the classic candidates. Default 6.
        level as "level": f64,
        /// Thinking time in milliseconds (default: the level's own cap, one
        /// second at level 6).
        time_ms as "timeMs": f64,
        /// Seed of the engine's random choices: the same seed, level and
        /// moves give the same game. Default 0.
        seed as "seed": f64,
    }
}

/// One reason for a move, in plain English with its value.
#[derive(Serialize, Tsify)]
pub struct ReasonInfo {
    /// The kind: a fact (`"capture"`, `"atari"`, `"save"`, `"kill"`,
    /// `"live"`, `"territory"`, `"reduce"`, `"shape"`), or the line that
    /// values the move (`"search"` at levels 6–10, `"value"` at 1–5), or
    /// `"guard"`, `"pass"`.
    kind: String,
    /// The reason in plain English, as checked: "captures 3 stones at E5",
    /// "kills White's 4 stones at C7 in most of the playouts".
    text: String,
    /// For a `"value"` reason, the classic search's value of the move in
    /// points; 0 for every other kind (a value is said only as the
    /// difference of one search's figures, in its line).
    moku: f32,
}

impl ReasonInfo {
    pub(super) fn list(reasons: &[Reason], size: usize) -> Vec<ReasonInfo> {
        reasons
            .iter()
            .map(|r| ReasonInfo {
                kind: r.kind.name().to_string(),
                text: r.text(size),
                moku: r.moku,
            })
            .collect()
    }
}

/// A move the engine considered: the classic valuation's view (value and
/// reasons) and, at the tree levels, the tree search's (playouts, win
/// rate, score lead, variation) with the facts read from them.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct CandidateInfo {
    /// GTP text of the point.
    r#move: String,
    /// The point.
    vertex: Vertex,
    /// Its value in moku relative to passing, or `null` when only the
    /// tree search tried it.
    moku: Option<f32>,
    /// Whether the classic search checked it (its value is then the
    /// search's).
    searched: bool,
    /// Why, with each reason's value (empty when only the tree tried it).
    reasons: Vec<ReasonInfo>,
    /// Playouts through it, or `null` at the classic levels.
    visits: Option<u32>,
    /// The playouts through it from this position (`visits` also counts
    /// those of the tree kept from earlier moves), or `null`.
    samples: Option<u32>,
    /// The mover's win rate through it, 0 to 1, or `null`.
    winrate: Option<f32>,
    /// The mover's score lead through it, in points (the mean final
    /// margin of its playouts), or `null`.
    score_lead: Option<f32>,
    /// The standard error of `scoreLead`, in points, or `null`: two of
    /// them on the difference of two moves' leads is the search's noise
    /// (the review's and the words' `NOISE_ERRORS`).
    score_lead_error: Option<f32>,
    /// The tree's expected sequence from it, this move first (empty at
    /// the classic levels).
    pv: Vec<String>,
}

/// What the tree search found (levels 6–10).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SearchInfo {
    /// The mover's win rate after the move, 0 to 1.
    winrate: f32,
    /// Playouts through the move.
    visits: u32,
    /// Playouts through the move from this position (`visits` also counts
    /// those of the tree kept from earlier moves), among `rootPlayouts`.
    samples: u32,
    /// The mover's score lead after the move, in points.
    score_lead: f32,
    /// Who owns each point at the end of the search's playouts, row by
    /// row from the top-left: +1 Black, -1 White (the mean over them).
    ownership: Vec<f32>,
    /// Playouts of this move's search.
    playouts: f64,
    /// Playouts from this position: this search's and those of an earlier
    /// search of the same position (a move taken back and played again),
    /// at least `playouts`.
    root_playouts: f64,
    /// The principal variation, the move first, as GTP text.
    pv: Vec<String>,
    /// The lead, in points, the win rates are by: the mover's playouts
    /// counted a win only by more than this (the lead moku keeps on 13x13
    /// and up once it is well ahead; 0: any win).
    lead: f32,
}

/// The engine's move and why.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct GenmoveResult {
    /// Who moves.
    color: Color,
    /// GTP text: `"Q16"`, `"pass"` or `"resign"`.
    r#move: String,
    /// The point, or `null` for a pass or a resignation.
    vertex: Option<Vertex>,
    /// The reasons, the largest first; at levels 6–10 the last one is
    /// the tree search's (`kind: "search"`).
    reasons: Vec<ReasonInfo>,
    /// The best candidates, best first, with their values.
    candidates: Vec<CandidateInfo>,
    /// The expected score after the move, Black positive, komi included.
    score_estimate: f32,
    /// Positions evaluated (valuation, search and playouts).
    nodes: f64,
    /// The level played.
    level: u8,
    /// What the tree search found, or `null` at the classic levels.
    search: Option<SearchInfo>,
}

impl GenmoveResult {
    fn of(d: &Decision, color: crate::rules::Color, level: Level, size: usize) -> GenmoveResult {
        GenmoveResult {
            color: color.into(),
            r#move: move_text(d.mv, size),
            vertex: match d.mv {
                Move::Play(p) => Some(p.into()),
                _ => None,
            },
            reasons: ReasonInfo::list(&d.reasons, size),
            candidates: candidate_infos(d, size),
            score_estimate: d.score_estimate,
            nodes: d.nodes as f64,
            level: level.get(),
            search: d.search.as_ref().map(|s| SearchInfo {
                winrate: s.winrate,
                visits: s.visits,
                samples: s.samples,
                score_lead: s.score_lead,
                ownership: s.ownership.clone(),
                playouts: s.playouts as f64,
                root_playouts: s.root_playouts as f64,
                pv: s.pv.iter().map(|&m| move_text(m, size)).collect(),
                lead: s.lead,
            }),
        }
    }
}

/// The candidates best first: at the tree levels the tree's order (by
/// playouts) with the classic values and reasons of the same points, then
/// the classic candidates the tree did not try; at the classic levels the
/// classic order.
fn candidate_infos(d: &Decision, size: usize) -> Vec<CandidateInfo> {
    let classic = |c: &Candidate| CandidateInfo {
        r#move: move_text(Move::Play(c.point), size),
        vertex: c.point.into(),
        moku: Some(c.moku),
        searched: c.searched,
        reasons: ReasonInfo::list(&c.reasons, size),
        visits: None,
        samples: None,
        winrate: None,
        score_lead: None,
        score_lead_error: None,
        pv: Vec::new(),
    };
    let Some(search) = &d.search else {
        return d.candidates.iter().map(classic).collect();
    };
    let mut out: Vec<CandidateInfo> = Vec::new();
    for (i, t) in search.candidates.iter().enumerate() {
        let Move::Play(p) = t.mv else { continue };
        let mut info = match d.candidates.iter().find(|c| c.point == p) {
            Some(c) => classic(c),
            None => CandidateInfo {
                r#move: move_text(t.mv, size),
                vertex: p.into(),
                moku: None,
                searched: false,
                reasons: Vec::new(),
                visits: None,
                samples: None,
                winrate: None,
                score_lead: None,
                score_lead_error: None,
                pv: Vec::new(),
            },
        };
        // The facts read from the search's own evidence for this move.
        if let Some(f) = search.facts.get(i) {
            info.reasons = ReasonInfo::list(f, size);
        }
        info.visits = Some(t.visits);
        info.samples = Some(t.samples);
        info.winrate = Some(t.winrate);
        info.score_lead = (t.samples > 0).then_some(t.lead);
        info.score_lead_error = (t.samples > 0 && t.lead_error.is_finite()).then_some(t.lead_error);
        info.pv = t.pv.iter().map(|&m| move_text(m, size)).collect();
        out.push(info);
    }
    for c in &d.candidates {
        if !search
            .candidates
            .iter()
            .any(|t| t.mv == Move::Play(c.point))
        {
            out.push(classic(c));
        }
    }
    out
}

/// Why the engine did not play a point.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct WhyNotResult {
    /// `"chosen"` (the engine's move), `"considered"`, `"ownEye"` or
    /// `"illegal"`.
    verdict: String,
    /// The answer in plain English.
    text: String,
    /// Its rank among the candidates (0: the move chosen, 1: the first of
    /// the others, in the order of `genmove`'s `candidates`, the number
    /// the page writes on it), or `null`.
    rank: Option<u32>,
    /// Its value in moku, or `null` when it was not considered.
    moku: Option<f32>,
    /// The chosen move's value, for comparison, or `null`.
    best_moku: Option<f32>,
    /// Its reasons.
    reasons: Vec<ReasonInfo>,
    /// Playouts the tree search sent through it, or `null` (a classic
    /// level, or a point the search did not report).
    visits: Option<u32>,
    /// The mover's win rate there by the tree search, 0 to 1, or `null`.
    winrate: Option<f32>,
}

impl WhyNotResult {
    /// The answer for a point the engine never weighed (illegal, or its
    /// own eye): a verdict and a text, no rank, value, reasons or search.
    fn unranked(verdict: &str, text: String) -> Self {
        WhyNotResult {
            verdict: verdict.into(),
            text,
            rank: None,
            moku: None,
            best_moku: None,
            reasons: Vec::new(),
            visits: None,
            winrate: None,
        }
    }
}

/// The parsed options: the level and the time.
fn read(
    position: &Ts<Position>,
    options: Option<Ts<GenmoveOptions>>,
) -> Result<(Game, Level, Option<u64>, Option<u64>), ApiError> {
    let o = read_options(options)?;
    let level = match o.level {
        None => Ok(Level::default()),
        Some(l) => Level::new(whole_number(l, MIN_LEVEL.into(), MAX_LEVEL.into(), "level")? as i64),
    }
    .map_err(range_error)?;
    let time_ms = match o.time_ms {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIME_MS => Some(t as u64),
        Some(t) => {
            return Err(range_error(format!(
                "timeMs must be a number of milliseconds above 0 and at most {MAX_TIME_MS}, not {t}"
            )))
        }
    };
    let seed = match o.seed {
        None => None,
        Some(s) => Some(whole_number(s, 0, u32::MAX as usize, "seed")? as u64),
    };
    let game = Position::read(position)?;
    Ok((game, level, time_ms, seed))
}

/// The engine's move for the side to move of `position`, with its
/// reasons, the best candidates and the score estimate. The position is
/// not changed: play the move yourself.
///
/// ```js
/// const r = genmove(game.position(), { level: 6, timeMs: 1000 });
/// r.move;              // "D4", "pass" or "resign"
/// r.reasons[0].text;   // "captures 3 stones at E5"
/// r.candidates[1];     // { move: "C3", visits: 312, winrate: 0.48, scoreLead: 3.1, reasons: [...], ... }
/// game.play(r.move);
/// ```
#[wasm_bindgen]
pub fn genmove(
    position: Ts<Position>,
    options: Option<Ts<GenmoveOptions>>,
) -> Result<Ts<GenmoveResult>, ApiError> {
    let (game, level, time_ms, seed) = read(&position, options)?;
    if game.resigned().is_some() {
        return Err(js_error("the game is over: a player resigned"));
    }
    let color = game.to_move();
    let time_ms = time_ms.or(Some(level.budgets().default_ms));
    let d = ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        if let Some(s) = seed {
            e.set_seed(s);
        }
        e.genmove(
            &game,
            &Options {
                level: Some(level),
                time_ms,
                cleanup: false,
            },
        )
    });
    to_ts(&GenmoveResult::of(&d, color, level, game.size()))
}

/// Why the engine would not play `vertex` for the side to move of
/// `position`: the rules, an own eye, or its value and reasons beside
/// the chosen move's (the last `genmove`'s candidates when it was for
/// this position, else a new valuation at the options' level).
///
/// ```js
/// const w = whyNot(game.position(), "C3");
/// w.verdict; // "considered"
/// w.text;    // "C3 ranks 2 among the engine's candidates: the tree search gave it 312 playouts (White wins 48%) against 1091 for its move, and it is worth +4.5 moku against +9.0: ..."
/// w.rank;    // 1: the first of genmove's candidates other than its move
/// w.visits;  // 312 (null at the classic levels)
/// ```
#[wasm_bindgen(js_name = whyNot)]
pub fn why_not(
    position: Ts<Position>,
    vertex: Ts<VertexInput>,
    options: Option<Ts<GenmoveOptions>>,
) -> Result<Ts<WhyNotResult>, ApiError> {
    let (game, level, _, _) = read(&position, options)?;
    let size = game.size();
    let p = match VertexInput::to_move(&vertex, size)? {
        Move::Play(p) => p,
        _ => return Err(range_error("whyNot needs a point, not a pass")),
    };
    let name = move_text(Move::Play(p), size);
    let color = game.to_move();
    let w = ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        e.set_level(level);
        e.why_not(&game, color, p)
    });
    let r = match w {
        WhyNot::Illegal { why } => WhyNotResult::unranked("illegal", format!("{name}: {why}.")),
        WhyNot::OwnEye => WhyNotResult::unranked(
            "ownEye",
            format!(
                "{name} is one of {}'s own eyes: the engine never fills it.",
                Color::from(color).name()
            ),
        ),
        WhyNot::Considered {
            rank,
            moku,
            searched,
            reasons,
            best_moku,
            search,
        } => {
            let said: Vec<String> = reasons.iter().map(|r| r.text(size)).collect();
            let why = if said.is_empty() {
                "no reason found for it".to_string()
            } else {
                said.join("; ")
            };
            let mover = Color::from(color).name();
            let text = match (rank, search) {
                (0, None) => format!("{name} is the engine's move ({moku:+.1} moku): {why}."),
                (0, Some(t)) => format!(
                    "{name} is the engine's move ({moku:+.1} moku; {} playouts, {mover} wins {:.0}%): {why}.",
                    t.visits,
                    t.winrate * 100.0
                ),
                (_, None) => format!(
                    "{name} ranks {} among the engine's candidates at {moku:+.1} moku{}, against {best_moku:+.1} for its move: {why}.",
                    rank + 1,
                    if searched { " (read by the search)" } else { "" }
                ),
                (_, Some(t)) => format!(
                    "{name} ranks {} among the engine's candidates: the tree search gave it {} playouts ({mover} wins {:.0}%) against {} for its move, and it is worth {moku:+.1} moku against {best_moku:+.1}: {why}.",
                    rank + 1,
                    t.visits,
                    t.winrate * 100.0,
                    t.best_visits
                ),
            };
            WhyNotResult {
                verdict: if rank == 0 { "chosen" } else { "considered" }.into(),
                text,
                rank: Some(rank as u32),
                moku: Some(moku),
                best_moku: Some(best_moku),
                reasons: ReasonInfo::list(&reasons, size),
                visits: search.map(|t| t.visits),
                winrate: search.map(|t| t.winrate),
            }
        }
    };
    to_ts(&r)
}
