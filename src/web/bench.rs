//! The bench page's entry point: an evaluator timed inside wasm.

use wasm_bindgen::prelude::*;

use super::convert::{js_error, range_error, text_arg, whole_arg, ApiError};

/// The most iterations one bench call may ask for: a million analyses
/// is hours; more is a mistake, not a benchmark.
const MAX_BENCH_ITERATIONS: usize = 1_000_000;

/// The most moves a benchmark position may be after (a limit only so
/// that the number is a whole number the API can check).
const MAX_BENCH_MOVE: usize = 1 << 30;

/// The layers and phases [`bench_analysis`] times.
const LAYERS: &[&str] = &[
    "handtalk",
    "moyo",
    "full",
    "score",
    "read",
    "ownership",
    "thermo-cold",
    "thermo-after",
    "thermo-clone",
];

/// Runs one evaluator layer `iterations` times on the position before move
/// `move_number` of an SGF game, entirely inside wasm (nothing crosses the
/// boundary per iteration), so a page can time the engine itself with
/// `performance.now()` around the call. `layer` is `"handtalk"` (dots,
/// blocks, danger), `"moyo"` (potential values, the watershed and its
/// areas), `"full"` (both, the `Analysis`) or `"score"` (the full analysis
/// and the score estimate) or `"read"` (the full analysis under the
/// statuses the reading gives, read once before the loop), `"ownership"`
/// (the playouts' second opinion on the statuses, `engine::ownership`,
/// the side to move first: the part of the page's analysis that is not a
/// static layer), or one of the
/// thermography's phases: `"thermo-cold"` (every region searched, an
/// empty cache), `"thermo-after"` (a warm cache, then the position after
/// the side to move's first endgame move: only the regions it touched are
/// searched; includes copying the warm cache) and `"thermo-clone"`
/// (copying the warm cache alone, to subtract); the thermography reads
/// the statuses on the first call for a position and keeps them. Used by
/// `bench.html`.
///
/// ```js
/// let t0 = performance.now();
/// benchAnalysis(sgfText, 151, "handtalk", 1000);
/// const msPerAnalysis = (performance.now() - t0) / 1000;
/// benchAnalysis(sgfText, 231, "thermo-cold", 1); // reads the statuses once
/// t0 = performance.now();
/// benchAnalysis(sgfText, 231, "thermo-cold", 20);
/// const msPerThermography = (performance.now() - t0) / 20;
/// ```
#[wasm_bindgen(js_name = benchAnalysis)]
pub fn bench_analysis(
    #[wasm_bindgen(unchecked_param_type = "string")] sgf: JsValue,
    #[wasm_bindgen(js_name = moveNumber, unchecked_param_type = "number")] move_number: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] layer: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] iterations: JsValue,
) -> Result<u32, ApiError> {
    use crate::eval::score::{self, Counting};
    use crate::eval::{analysis, handtalk, moyo, MoyoParams, Verdicts};
    use crate::reading::{benson, Budget};
    use crate::rules::StatusMap;
    let sgf = text_arg(&sgf, "the SGF text")?;
    let move_number = whole_arg(&move_number, 0, MAX_BENCH_MOVE, "the move number")?;
    let layer = text_arg(&layer, "layer")?;
    if !LAYERS.contains(&layer.as_str()) {
        return Err(range_error(format!(
            "unknown layer '{layer}' (use {})",
            LAYERS.join(", ")
        )));
    }
    let iterations = whole_arg(&iterations, 0, MAX_BENCH_ITERATIONS, "the iterations")? as u32;
    if let Some(phase) = layer.strip_prefix("thermo-") {
        return bench_thermography(&sgf, move_number, phase, iterations);
    }
    let layer = layer.as_str();
    let game =
        crate::record::game_from_sgf(&sgf, crate::record::LoadUntil::MoveNumber(move_number))
            .map_err(js_error)?;
    let board = game.board();
    let status = StatusMap::all_alive();
    let params = MoyoParams::default();
    let read = (layer == "read").then(|| {
        let groups = analysis::groups(board, &Budget::nodes(analysis::GROUP_NODES));
        (
            analysis::status_of(&groups),
            benson::unconditional(board),
            groups,
        )
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
                analysis::analyze_verdicts(board, &v, &params)
                    .handtalk
                    .dangers
                    .len() as u32
            }
            "ownership" => crate::engine::ownership::ownership(
                board,
                Some(game.to_move()),
                crate::eval::verdicts::OVERRULE_PLAYOUTS,
            )
            .iter()
            .filter(|&&o| o > 0.0)
            .count() as u32,
            // "score": `LAYERS` allows no other name.
            _ => {
                let a = analysis::analyze_static(board, &status, &params);
                score::estimate(board, &a, &Counting::of(&game)).margin as u32
            }
        });
    }
    Ok(sum)
}

/// A position of a game with the stones' statuses as the page reads them
/// (life and death of every group), kept so that only the first call of a
/// benchmark pays for the reading.
struct Prepared {
    key: (usize, usize, u64),
    board: crate::rules::Board,
    status: crate::rules::StatusMap,
    /// The regions of `board` valued (a warm cache).
    warm: crate::eval::thermo::Evaluator,
    /// The position after the side to move's first endgame move.
    after: crate::rules::Board,
}

thread_local! {
    static PREPARED: std::cell::RefCell<Option<Prepared>> = const { std::cell::RefCell::new(None) };
}

/// Times the thermography (the `"thermo-"` layers of [`bench_analysis`],
/// `phase` without the prefix).
fn bench_thermography(
    sgf: &str,
    move_number: usize,
    phase: &str,
    iterations: u32,
) -> Result<u32, ApiError> {
    use crate::eval::{analysis, thermo};
    let key = (
        move_number,
        sgf.len(),
        sgf.bytes().fold(0u64, |h, b| h.rotate_left(5) ^ b as u64),
    );
    PREPARED.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|p| p.key != key) {
            let game = crate::record::game_from_sgf(
                sgf,
                crate::record::LoadUntil::MoveNumber(move_number),
            )
            .map_err(js_error)?;
            let board = game.board().clone();
            let status = analysis::status_of(&analysis::groups(
                &board,
                &crate::reading::Budget::nodes(analysis::GROUP_NODES),
            ));
            let mut warm = thermo::Evaluator::new();
            let base = warm.analyze(&board, &status);
            let mut after = board.clone();
            if let Some(m) = thermo::endgame_moves(&board, &base, game.to_move()).first() {
                after
                    .play(m.point, game.to_move(), false)
                    .map_err(js_error)?;
            }
            *slot = Some(Prepared {
                key,
                board,
                status,
                warm,
                after,
            });
        }
        let p = slot.as_ref().ok_or_else(|| js_error("no position"))?;
        let mut sum = 0u32;
        for _ in 0..iterations {
            sum = sum.wrapping_add(match phase {
                "cold" => thermo::analyze(&p.board, &p.status).regions.len() as u32,
                "after" => p.warm.clone().analyze(&p.after, &p.status).regions.len() as u32,
                _ => p.warm.clone().len() as u32,
            });
        }
        Ok(sum)
    })
}
