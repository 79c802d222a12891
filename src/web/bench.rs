//! The bench page's entry point: an evaluator timed inside wasm.

use wasm_bindgen::prelude::*;

use super::convert::js_error;

/// Runs one evaluator layer `iterations` times on the position before move
/// `move_number` of an SGF game, entirely inside wasm (nothing crosses the
/// boundary per iteration), so a page can time the engine itself with
/// `performance.now()` around the call. `layer` is `"handtalk"` (dots,
/// blocks, danger), `"moyo"` (potential values and the watershed) or
/// `"full"` (both, the `Analysis`). Used by `bench.html`.
///
/// ```js
/// const t0 = performance.now();
/// benchAnalysis(sgfText, 151, "handtalk", 1000);
/// const msPerAnalysis = (performance.now() - t0) / 1000;
/// ```
#[wasm_bindgen(js_name = benchAnalysis)]
pub fn bench_analysis(
    sgf: &str,
    move_number: usize,
    layer: &str,
    iterations: u32,
) -> Result<u32, JsError> {
    use crate::eval::{analysis, handtalk, moyo, MoyoParams};
    use crate::rules::StatusMap;
    let game = crate::record::game_from_sgf(sgf, crate::record::LoadUntil::MoveNumber(move_number))
        .map_err(js_error)?;
    let board = game.board();
    let status = StatusMap::all_alive();
    let params = MoyoParams::default();
    // A checksum keeps the optimiser from dropping the work.
    let mut sum = 0u32;
    for _ in 0..iterations {
        sum = sum.wrapping_add(match layer {
            "handtalk" => handtalk::analyze(board, &status).blocks.len() as u32,
            "moyo" => moyo::analyze(board, &status, &params).basin_list.len() as u32,
            "full" => analysis::analyze_static(board, &status, &params)
                .moyo
                .basin_list
                .len() as u32,
            other => {
                return Err(js_error(format!(
                    "unknown layer '{other}' (use handtalk, moyo or full)"
                )))
            }
        });
    }
    Ok(sum)
}
