//! # moku — a classic, explainable Go engine
//!
//! Rules, SGF, GTP, tactical reading and the evaluators of the seed
//! documents (Handtalk's influence dots and block danger, Tajima and
//! Sanechika's potential values and moyo basins), platform-free so that the
//! same crate runs natively (the `moku` GTP program) and in the browser
//! (the wasm module in `src/web`).
//!
//! Data flows one way; a module uses only modules above it in this list:
//!
//! | module | concept |
//! |---|---|
//! | `color`, `point` | players; padded points and the vertex conversions |
//! | `zobrist`, `board` | stones, chains with liberties, captures, ko, play/undo |
//! | `rules`, `handicap`, `scoring`, `game` | rule sets, handicap placement, scoring, game history |
//! | `status`, `textboard` | stone status per string; the text-board output format |
//! | [`sgf`] | SGF FF\[4\] text to a tree of properties and back; charsets by `CA` |
//! | `record` | SGF game records with a cursor; GTP's `loadsgf`/`printsgf` |
//! | [`gtp`] | the Go Text Protocol: [`gtp::GtpSession`] answers one line at a time, no I/O (`moku gtp` adds stdin/stdout) |
//! | `playout` | random legal playouts (benchmarks) |
//! | [`tactics`] | string reading: attack/defend with GNU Go's result codes, ladders, nets, snapbacks, ko |
//! | [`eyes`], [`benson`] | static eye-space values with vital points; unconditional life and small surrounded regions |
//! | [`lifedeath`], [`connection`] | group status (alive, dead, critical) by local search; connect/disconnect two strings |
//! | [`reading_commands`], [`regression`] | the GNU Go regression commands of the reading layer; `.tst` suites and their runner |
//! | `influence` -> `blocks` -> `danger`, `handtalk` | Handtalk's evaluation: influence dots, blocks, block danger in moku, score estimate (one call: [`handtalk::analyze`]) |
//! | `potential`, `moyo` | Tajima and Sanechika's potential values and the watershed: moyo basins, weak points, completion |
//! | [`analysis`] | one struct with every evaluator's maps for one position; cache; what-if for hover |
//! | `web` | the wasm-bindgen exports (wasm32 only) |

mod color;
pub mod gtp;
mod point;
pub mod sgf;

pub use color::Color;
pub use point::{
    gtp_move, gtp_vertex, parse_gtp_vertex, Point, Vertex, VertexError, CELLS, MAX_SIZE, MIN_SIZE,
    STRIDE,
};

mod board;
mod zobrist;

pub use board::{Board, ChainIter, PlayError, SizeError, Undo};

mod game;
mod handicap;
mod playout;
mod record;
mod rules;
mod scoring;
mod status;
pub mod textboard;

pub use game::{Event, Game, Move, NothingToUndo};
pub use handicap::{
    fixed_handicap_points, free_handicap_points, max_fixed_handicap, HandicapError,
};
pub use playout::{playout, PlayoutResult, Rng};
pub use record::{
    game_from_sgf, game_from_sgf_bytes, game_to_sgf, GameRecord, LoadUntil, RecordError,
    GNUGO_DEFAULT_HANDICAP_KOMI, GNUGO_DEFAULT_KOMI,
};
pub use rules::{KoRule, RuleSet, Scoring};
pub use scoring::{score, Score};
pub use status::{StatusMap, StoneStatus};

pub mod benson;
pub mod connection;
pub mod eyes;
pub mod lifedeath;
pub mod reading_commands;
#[cfg(not(target_arch = "wasm32"))]
pub mod regression;
pub mod tactics;

pub mod analysis;
mod blocks;
mod danger;
pub mod handtalk;
mod influence;

pub use handtalk::{BlockInfo, HandtalkAnalysis};
pub mod moyo;
pub mod potential;

pub use analysis::{Analysis, Analyzer, GroupInfo, GroupState};
pub use moyo::{BasinChange, BasinInfo, Completion, Moyo, MoyoAnalysis, MoyoParams};
pub use potential::{potential, InfluenceFunction};

#[cfg(target_arch = "wasm32")]
mod web;
