//! The thermography notes' self-check for the page's worker, one position
//! at a time (so that the page shows progress and can stop):
//! `selfCheck(position, options?)` compares the estimate of `position`
//! with the estimate after its clearly biggest move (see
//! `moku::eval::consistency`, the check GTP's `moku_consistency` runs over
//! a record's positions).

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::analysis::{position_and_params, with_analyzer, AnalyzeOptions};
use super::convert::{move_text, to_ts, ApiError, Color, Vertex};
use super::position::Position;
use crate::eval::consistency::{self, BiggestMoveDifference, Terms};
use crate::eval::score::Counting;
use crate::rules::Move;

/// Each term of the estimate's change after the biggest move, Black's
/// minus White's, in points; they add up to the difference (`danger`
/// subtracted: it is taken from the groups' owners).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct TermChanges {
    /// Territory from the dots.
    territory: f32,
    /// Moyo and weak influence converted to points.
    moyo: f32,
    /// Living stones (area counting; 0 under territory counting).
    stones: f32,
    /// Dead stones counted for the capturer.
    dead: f32,
    /// Prisoners (territory counting; 0 under area counting).
    prisoners: f32,
    /// Danger taken from the groups' owners: a positive change costs Black.
    danger: f32,
}

impl From<&Terms> for TermChanges {
    fn from(t: &Terms) -> TermChanges {
        TermChanges {
            territory: t.territory,
            moyo: t.moyo,
            stones: t.stones,
            dead: t.dead,
            prisoners: t.prisoners,
            danger: t.danger,
        }
    }
}

/// The comparison at a position with a clearly biggest move.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The clearly biggest move by the thermography.
    biggest: Vertex,
    /// The same as GTP text (`"F5"`).
    biggest_text: String,
    /// Its value by the thermography, in points.
    value: f32,
    /// The estimate's margin in the position, Black positive, in points.
    before: f32,
    /// The margin after the biggest move.
    after: f32,
    /// `after - before`.
    difference: f32,
    /// Each term's change.
    terms: TermChanges,
    /// Whether the difference is over the notes' 0.6 point: an
    /// inconsistency the self-check reports.
    reported: bool,
    /// The comparison as `moku_consistency` writes a report (`"position 21
    /// B biggest F5 (3.0): -17.6 -> +14.0 (+31.6); territory +15.0 ..."`).
    line: String,
}

/// The self-check of one position.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct SelfCheckResult {
    /// The number of the move played from this position (the position's
    /// moves so far plus one), as `moku_consistency` numbers it.
    move_number: u32,
    /// The side to move.
    color: Color,
    /// The comparison, or `null` when no move is clearly biggest (no
    /// endgame move, or the two biggest within a point of each other):
    /// then nothing is compared.
    comparison: Option<Comparison>,
}

/// The notes' self-check at `position` (the position before the record's
/// next move, with the mover to move): where the thermography finds one
/// clearly biggest move, the estimate of the position beside the
/// estimate after that move, each term's change, and whether the
/// difference is over the notes' 0.6 point. `options` are the analysis's
/// moyo settings (`analyze`'s; the defaults are GTP's). A page runs it
/// at every position of a record, as `moku_consistency` does.
///
/// ```js
/// const r = selfCheck(before);   // before: game.position() before move n
/// r.comparison?.biggestText;    // "F5"; comparison is null when no move is clearly biggest
/// r.comparison?.reported;       // true: |difference| > 0.6 point
/// r.comparison?.terms.territory; // the territory's change, in points
/// ```
#[wasm_bindgen(js_name = selfCheck)]
pub fn self_check(
    position: Ts<Position>,
    options: Option<Ts<AnalyzeOptions>>,
) -> Result<Ts<SelfCheckResult>, ApiError> {
    let (game, params) = position_and_params(&position, options)?;
    let size = game.size();
    let color = game.to_move();
    let number = game.move_number() + 1;
    let counting = Counting::of(&game);
    let compared = with_analyzer(|analyzer| {
        consistency::compare_biggest(game.board(), color, number, &counting, |b, c| {
            analyzer.analyze_turn(b, c, &params).clone()
        })
    });
    to_ts(&SelfCheckResult {
        move_number: number as u32,
        color: color.into(),
        comparison: compared.map(|d| Comparison::of(&d, size)),
    })
}

impl Comparison {
    /// The JS shape of a comparison.
    fn of(d: &BiggestMoveDifference, size: usize) -> Comparison {
        let difference = d.after - d.before;
        Comparison {
            biggest: d.point.into(),
            biggest_text: move_text(Move::Play(d.point), size),
            value: d.value,
            before: d.before,
            after: d.after,
            difference,
            terms: TermChanges::from(&d.terms),
            reported: difference.abs() > consistency::NOTES_THRESHOLD,
            line: d.line(size),
        }
    }
}
