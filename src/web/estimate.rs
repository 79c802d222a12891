//! `estimate(position, options?)`: the page's count of a game in
//! progress, from the playouts (see `moku::engine::estimate`): Black's
//! lead and win rate and the owner of every point. One estimator lives in
//! the module, so stepping through a game one move at a time searches
//! only the new position.

use std::cell::RefCell;

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::convert::{options_object, read_options, to_ts, whole_number, ApiError};
use super::position::Position;
use crate::engine::estimate::{scaled_playouts, Estimator, ESTIMATE_PLAYOUTS};

/// The most playouts a count may ask for per search on 19x19.
const MAX_PLAYOUTS: usize = 100_000;

thread_local! {
    static ESTIMATOR: RefCell<Estimator> = RefCell::new(Estimator::default());
}

options_object! {
    /// Options of `estimate`.
    pub struct EstimateOptions("estimate options") {
        /// Playouts of each of the count's two searches on 19x19 (smaller
        /// boards get up to four times as many). Default 800.
        playouts as "playouts": f64,
    }
}

/// The count of a position.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct EstimateResult {
    /// Black's lead in points, komi included (negative: White leads).
    black_lead: f32,
    /// Black's share of the playouts' wins, 0 to 1.
    black_winrate: f32,
    /// The owner of every point at the end of the playouts, row by row
    /// from the top-left: +1 Black, -1 White (the mean).
    #[tsify(type = "Float32Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    ownership: js_sys::Float32Array,
    /// The playouts of both searches.
    playouts: f64,
}

/// The count of `position` as the playouts see it: two searches, one with
/// each colour to move, so that it does not swing with the side to move.
///
/// ```js
/// const e = estimate(game.position());
/// e.blackLead;    // 3.4: Black leads by about 3.4 points, komi included
/// e.blackWinrate; // 0.62
/// e.ownership;    // Float32Array(361), +1 Black ... -1 White
/// ```
#[wasm_bindgen]
pub fn estimate(
    position: Ts<Position>,
    options: Option<Ts<EstimateOptions>>,
) -> Result<Ts<EstimateResult>, ApiError> {
    let o = read_options(options)?;
    let playouts = match o.playouts {
        None => ESTIMATE_PLAYOUTS,
        Some(n) => whole_number(n, 1, MAX_PLAYOUTS, "playouts")? as u64,
    };
    let game = Position::read(&position)?;
    let e = ESTIMATOR.with(|cell| {
        cell.borrow_mut()
            .estimate(&game, scaled_playouts(playouts, game.size()))
    });
    to_ts(&EstimateResult {
        black_lead: e.black_lead,
        black_winrate: e.black_winrate,
        ownership: js_sys::Float32Array::from(&e.ownership[..]),
        playouts: e.playouts as f64,
    })
}
