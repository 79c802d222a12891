//! The rules of Go: points and colours, the board (chains, liberties,
//! captures, Zobrist hashing, play/undo), rule sets (ko, superko, suicide,
//! scoring), handicap placement, scoring, the game with its history, the
//! stone-status vocabulary the evaluators read, the board queries the
//! readers share (what a move would do, the false-eye rule), the seeded
//! random number generator and the text-board format of per-point maps.
//!
//! The bottom layer: it uses nothing else of the crate. Every other layer
//! stands on it.

pub mod board;
pub mod color;
pub mod game;
pub mod handicap;
pub mod playout_board;
pub mod point;
pub mod point_list;
pub(crate) mod queries;
pub(crate) mod rng;
pub mod ruleset;
pub mod scoring;
pub mod status;
pub(crate) mod textboard;
pub(crate) mod zobrist;

pub use board::{Board, ChainIter, PlayError, SizeError, Undo};
pub use color::Color;
pub use game::{Event, Game, Move, NothingToUndo};
pub use handicap::{
    fixed_handicap_points, free_handicap_points, max_fixed_handicap, HandicapError,
};
pub use playout_board::PlayoutBoard;
pub use point::{
    gtp_column, gtp_move, gtp_vertex, is_large_board, parse_gtp_vertex, Point, Vertex, VertexError,
    CELLS, LARGE_BOARD_MIN_SIZE, MAX_SIZE, MIN_SIZE, STRIDE,
};
pub use point_list::PointList;
pub use rng::Rng;
pub use ruleset::{KoRule, RuleSet, Scoring};
pub use scoring::{score, Score};
pub use status::{Status, StatusMap};
