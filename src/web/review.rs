//! The game review for the page's worker, one move at a time (so that
//! the page shows progress and can cancel): `reviewMove(position, move,
//! options?)` values the move played in `position` beside the engine's
//! own (see `moku::engine::review`).

use std::cell::RefCell;

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::convert::{
    js_error, move_text, options_object, range_error, read_options, to_ts, whole_number, ApiError,
    Color, Vertex, VertexInput,
};
use super::genmove::ReasonInfo;
use super::position::Position;
use crate::engine::review::{Reviewer, DEFAULT_REVIEW_LEVEL};
use crate::engine::{Level, TREE_FROM_LEVEL};
use crate::rules::Move;

thread_local! {
    /// One reviewer per worker, kept across moves (its engine keeps the
    /// group statuses it has read), remade when the level changes.
    static REVIEWER: RefCell<Option<(Level, Reviewer)>> = const { RefCell::new(None) };
}

options_object! {
    /// Options of `reviewMove`.
    pub struct ReviewOptions("review options") {
        /// The classic level the moves are valued at, 1 to 5. Default 1.
        level as "level": f64,
    }
}

/// The review of one move.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct MoveReviewInfo {
    /// The move's number, from 1.
    number: u32,
    /// Who played it.
    color: Color,
    /// The move played, GTP text.
    played: String,
    /// The engine's move in the same position, GTP text.
    preferred: String,
    /// The engine's move as a point, or `null` for a pass.
    preferred_vertex: Option<Vertex>,
    /// The value of the move played in moku, relative to passing.
    played_moku: f32,
    /// The value of the engine's move.
    preferred_moku: f32,
    /// What the move played lost against the engine's, never negative.
    loss: f32,
    /// `"good"`, `"inaccuracy"`, `"mistake"` or `"blunder"`.
    verdict: String,
    /// The review in plain English: "Black's 5 at M12 is a blunder (-20.8
    /// moku): better K7, which saves 9 stones at J7 from capture (+20.5
    /// moku); ...".
    text: String,
    /// The reasons of the move played.
    played_reasons: Vec<ReasonInfo>,
    /// The reasons of the engine's move.
    preferred_reasons: Vec<ReasonInfo>,
    /// The engine's score estimate after its own move in that position,
    /// Black positive, komi included.
    estimate: f32,
}

/// Reviews the move `played` of the side to move of `position` (the
/// position before it): its value beside the engine's choice, the loss
/// and the verdict, with both moves' reasons.
///
/// ```js
/// const before = game.position();   // before move n
/// const r = reviewMove(before, "C3", { level: 1 });
/// r.verdict; // "mistake"
/// r.text;    // "White's 34 at C3 is a mistake (-12.0 moku): better D4, which ..."
/// ```
#[wasm_bindgen(js_name = reviewMove)]
pub fn review_move(
    position: Ts<Position>,
    played: Ts<VertexInput>,
    options: Option<Ts<ReviewOptions>>,
) -> Result<Ts<MoveReviewInfo>, ApiError> {
    let o = read_options(options)?;
    let max = usize::from(TREE_FROM_LEVEL - 1);
    let level = match o.level {
        None => usize::from(DEFAULT_REVIEW_LEVEL),
        Some(l) => whole_number(l, 1, max, "level")?,
    };
    let level = Level::new(level as i64).map_err(range_error)?;
    let game = Position::read(&position)?;
    let size = game.size();
    let mv = VertexInput::to_move(&played, size)?;
    if let Move::Play(p) = mv {
        game.check(game.to_move(), p).map_err(|e| {
            js_error(format!(
                "{} {} is illegal: {e}",
                game.to_move(),
                move_text(mv, size)
            ))
        })?;
    }
    let number = game.move_number() + 1;
    let m = REVIEWER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(l, _)| *l != level) {
            let reviewer = Reviewer::new(level).map_err(js_error)?;
            *cell = Some((level, reviewer));
        }
        let (_, reviewer) = cell.as_mut().expect("set above");
        Ok::<_, ApiError>(reviewer.review_move(&game, mv, number))
    })?;
    to_ts(&MoveReviewInfo {
        number: m.number as u32,
        color: m.color.into(),
        played: move_text(m.played.mv, size),
        preferred: move_text(m.preferred.mv, size),
        preferred_vertex: match m.preferred.mv {
            Move::Play(p) => Some(p.into()),
            _ => None,
        },
        played_moku: m.played.moku,
        preferred_moku: m.preferred.moku,
        loss: m.loss,
        verdict: m.verdict.name().to_string(),
        text: m.text(size),
        played_reasons: ReasonInfo::list(&m.played.reasons, size),
        preferred_reasons: ReasonInfo::list(&m.preferred.reasons, size),
        estimate: m.estimate,
    })
}
