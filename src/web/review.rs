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
use crate::engine::{Level, MAX_LEVEL, MIN_LEVEL};
use crate::rules::Move;

thread_local! {
    /// One reviewer per worker, kept across moves (its engine keeps the
    /// group statuses it has read), remade when the level changes.
    static REVIEWER: RefCell<Option<(Level, Reviewer)>> = const { RefCell::new(None) };
}

options_object! {
    /// Options of `reviewMove`.
    pub struct ReviewOptions("review options") {
        /// How hard each position is searched, 1 to 10: 250 playouts a
        /// 19x19 position at level 1, twice as many at each level above,
        /// up to four times as many on small boards. Default 3.
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
    /// The search's move in the same position, GTP text.
    preferred: String,
    /// The search's move as a point, or `null` for a pass.
    preferred_vertex: Option<Vertex>,
    /// The mover's score lead after the move played, in points.
    played_lead: f32,
    /// The mover's score lead after the search's move, in points.
    preferred_lead: f32,
    /// The mover's win rate after the move played, 0 to 1.
    played_winrate: f32,
    /// The mover's win rate after the search's move, 0 to 1.
    preferred_winrate: f32,
    /// `preferredLead - playedLead`, never negative.
    loss: f32,
    /// Whether the loss is within the search's noise (then no mistake), or
    /// the gain of a move that leads by more than the search's (then no
    /// improvement).
    within_noise: bool,
    /// `"good"`, `"inaccuracy"`, `"mistake"` or `"blunder"`.
    verdict: String,
    /// The review in plain English: "Black's 5 at M12 is a blunder, 21.4
    /// points below K7: Black leads by 6.2 after K7 and trails by 15.2
    /// after M12 (K7 wins 81%, M12 12%). K7 saves 9 stones at J7 from
    /// capture (proved by reading)."
    text: String,
    /// The reasons of the move played.
    played_reasons: Vec<ReasonInfo>,
    /// The reasons of the engine's move.
    preferred_reasons: Vec<ReasonInfo>,
    /// Black's score lead after the search's move, komi included.
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
/// r.text;    // "White's 34 at C3 is a mistake, 6.4 points below D4: White leads by ..."
/// ```
#[wasm_bindgen(js_name = reviewMove)]
pub fn review_move(
    position: Ts<Position>,
    played: Ts<VertexInput>,
    options: Option<Ts<ReviewOptions>>,
) -> Result<Ts<MoveReviewInfo>, ApiError> {
    let o = read_options(options)?;
    let level = match o.level {
        None => usize::from(DEFAULT_REVIEW_LEVEL),
        Some(l) => whole_number(l, MIN_LEVEL.into(), MAX_LEVEL.into(), "level")?,
    };
    let level = Level::new(level as i64).map_err(range_error)?;
    let game = Position::read(&position)?;
    let size = game.size();
    let mv = VertexInput::to_move(&played, size)?;
    if let Move::Play(p) = mv {
        game.check(game.to_move(), p).map_err(|e| {
            js_error(format!(
                "{} {} is illegal: {e}",
                game.to_move().name(),
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
        played_lead: m.played.lead,
        preferred_lead: m.preferred.lead,
        played_winrate: m.played.winrate,
        preferred_winrate: m.preferred.winrate,
        loss: m.loss,
        within_noise: m.within_noise,
        verdict: m.verdict.name().to_string(),
        text: m.text(size),
        played_reasons: ReasonInfo::list(&m.played.reasons, size),
        preferred_reasons: ReasonInfo::list(&m.preferred.reasons, size),
        estimate: m.estimate,
    })
}
