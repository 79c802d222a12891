//! The browser face of moku: every `#[wasm_bindgen]` export, compiled only
//! for `wasm32` so the engine itself stays platform-free.
//!
//! This module only adapts: it turns JS values into engine types at the
//! boundary (vertices, options, positions), calls the engine, and turns the
//! answers back into plain JS objects and typed arrays.
//!
//! Every export checks its arguments itself (they cross as plain JS
//! values, never coerced by the glue) and refuses with the JS class that
//! says whose mistake it is ([`convert::ApiError`]): a `TypeError` for an
//! argument of the wrong type or shape, a `RangeError` for one of the
//! right type out of range, a plain `Error` for a request the game refuses
//! (an occupied point, an undo at the start, SGF that does not read). Each
//! message is plain English and names the argument. A rejected call leaves
//! the game unchanged and the module usable; `www/fuzz-api.mjs` drives the
//! API with random calls to hold all of this. `console_error_panic_hook`
//! is a safety net for bugs, never the error path.
//!
//! The exports, as JS sees them:
//!
//! | export | what |
//! |---|---|
//! | `Game` | a game record with a cursor: play, undo/redo, navigation, SGF ([`game`]); its analysis, and its static layers at once under statuses carried from an earlier analysis (`analyzeStatic`, [`carry`]) |
//! | `analyze(position, after?, options?)` | the analysis of a position, the worker's entry point ([`analysis`]) |
//! | `StatusCode` | the numbers of `Analysis.groupStatus` ([`analysis`]) |
//! | `moyoCompletion(position, vertex, color?, options?)` | how one move changes each side's moyo ([`evaluation`]) |
//! | `genmove(position, options?)`, `whyNot(position, vertex, options?)` | the engine's move with its reasons, and why not another point ([`genmove`]) |
//! | `estimate(position, options?)` | the count of a game in progress from the playouts: Black's lead, win rate and ownership ([`estimate`]) |
//! | `reviewMove(position, move, options?)` | one move of a game review: its value beside the engine's, the verdict and both moves' reasons ([`review`]) |
//! | `selfCheck(position, options?)` | the thermography notes' self-check at one position: the estimate beside the estimate after the clearly biggest move, term by term ([`selfcheck`]) |
//! | `benchAnalysis(...)` | times an evaluator or the thermography inside wasm, for the bench page ([`bench`]) |
//! | `version()` | the crate version |
//!
//! One file per concept: [`convert`] holds the small shapes every export
//! uses (vertices, colours, moves, rule-set names) and the conversions;
//! [`position`] the positions as plain data; [`regions`] the endgame
//! regions and moves of an analysis. A new export goes into the
//! file of its concept, or a new one.
//!
//! **The TypeScript types are generated from these Rust types.** Every
//! structured value that crosses the boundary is a Rust type deriving
//! `tsify::Tsify` (with serde for the conversion through
//! serde-wasm-bindgen), so wasm-bindgen writes its declaration into
//! `moku.d.ts`, doc comments included; exports take and return them as
//! `tsify::Ts<T>`, which keeps the JS value as it is until the function
//! body reads it (bad input is then an ordinary error, never a trap).
//! `tsc --noEmit` checks the page and `<go-board>` against that `.d.ts`.
//!
//! Maps cross the boundary as flat typed arrays, row-major from the
//! top-left (`Point::row_major`), length `size * size`, Black positive.
//! Vertices are accepted as GTP text (`"Q16"`, `"pass"`) or as `{x, y}`
//! from the top-left counted from 0; they are returned as `{x, y}`.

mod analysis;
mod bench;
mod carry;
mod convert;
mod estimate;
mod evaluation;
mod game;
mod genmove;
mod markup;
mod position;
mod regions;
mod review;
mod selfcheck;

use wasm_bindgen::prelude::*;

/// Installs the panic hook when the module is initialised.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The version of the moku crate this module was built from.
///
/// ```js
/// import init, { version } from "./pkg/moku.js";
/// await init();
/// console.log(version()); // "0.1.0"
/// ```
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
