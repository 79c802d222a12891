//! The bench page's entry point: an evaluator timed inside wasm.

use wasm_bindgen::prelude::*;

use super::convert::js_error;

/// Runs one evaluator layer `iterations` times on the position before move
/// `move_number` of an SGF game, entirely inside wasm (nothing crosses the
/// boundary per iteration), so a page can time the engine itself with
/// `performance.now()` around the call. `layer` is `"handtalk"` (dots,
/// blocks, danger), `"moyo"` (potential values, the watershed and its
/// areas), `"full"` (both, the `Analysis`) or `"score"` (the full analysis
/// and the score estimate) or `"read"` (the full analysis under the
/// statuses the reading gives, read once before the loop). Used by
/// `bench.html`.
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
    use crate::eval::score::{self, Counting};
    use crate::eval::{analysis, handtalk, moyo, MoyoParams, Verdicts};
    use crate::reading::{benson, Budget};
    use crate::rules::StatusMap;
    let game = crate::record::game_from_sgf(sgf, crate::record::LoadUntil::MoveNumber(move_number))
        .map_err(js_error)?;
    let board = game.board();
    let status = StatusMap::all_alive();
    let params = MoyoParams::default();
    let read = (layer == "read").then(|| {
        let groups = analysis::groups(board, &Budget::nodes(analysis::GROUP_NODES));
        (analysis::status_of(&groups), benson::unconditional(board), groups)
    });
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
            "read" => {
                let (st, u, groups) = read.as_ref().expect("read before the loop");
                let v = Verdicts::new(board, st, Some(u), groups);
                analysis::analyze_verdicts(board, &v, &params).handtalk.dangers.len() as u32
            }
            "score" => {
                let a = analysis::analyze_static(board, &status, &params);
                score::estimate(board, &a, &Counting::of(&game)).margin as u32
            }
            other => {
                return Err(js_error(format!(
                    "unknown layer '{other}' (use handtalk, moyo, full, score or read)"
                )))
            }
        });
    }
    Ok(sum)
}
