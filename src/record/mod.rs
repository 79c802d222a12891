//! Game records: SGF text to a tree of properties and back (`sgf`, with
//! its charsets); SGF properties to games and back (`convert`: GTP's
//! `loadsgf` and `printsgf`, and the steps of a record); and the game
//! record (`cursor`: the SGF tree with a cursor and the game at the
//! cursor).
//!
//! Uses the rules layer only.

mod convert;
mod cursor;
pub mod sgf;

pub use convert::{
    game_from_sgf, game_from_sgf_bytes, game_to_sgf, LoadUntil, RecordError,
    GNUGO_DEFAULT_HANDICAP_KOMI, GNUGO_DEFAULT_KOMI,
};
pub use cursor::GameRecord;
