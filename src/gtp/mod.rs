//! GTP v2, the Go Text Protocol: the command-line face of the engine.
//!
//! [`GtpSession`] holds a game and answers one command line at a time,
//! without any I/O, so that tests, the native binary (`moku gtp`) and any
//! other host drive it the same way.
//!
//! ```
//! use moku::gtp::GtpSession;
//!
//! let mut gtp = GtpSession::new();
//! assert_eq!(gtp.handle_line("1 boardsize 9").as_deref(), Some("=1 \n\n"));
//! assert_eq!(gtp.handle_line("play black E5").as_deref(), Some("= \n\n"));
//! assert_eq!(gtp.handle_line("play white e5").as_deref(), Some("? illegal move\n\n"));
//! assert_eq!(gtp.handle_line("2 undo").as_deref(), Some("=2 \n\n"));
//! assert_eq!(gtp.handle_line("undo").as_deref(), Some("? cannot undo\n\n"));
//! assert_eq!(gtp.handle_line("# comments get no answer"), None);
//! assert_eq!(gtp.handle_line("frobnicate").as_deref(), Some("? unknown command\n\n"));
//! assert!(!gtp.is_finished());
//! gtp.handle_line("quit");
//! assert!(gtp.is_finished());
//! ```
//!
//! # Layout
//!
//! The modules stand on floors, and a module uses only the floors below
//! its own (a test in `floors` keeps it so):
//!
//! 1. `protocol`: preprocessing, ids, typed arguments, response format
//!    and the error texts; knows nothing about Go;
//! 2. `files` (the files commands name), `gogui` (GoGui's board forms), `search` (the bare tree search's
//!    options and the live streams' state), `info` (the text of the
//!    analysis lines: Leela Zero's and KataGo's);
//! 3. `session`: [`GtpSession`], its state and what every command shares;
//! 4. the command modules, each with its table: `commands` (the standard
//!    ones), `genmove` (the engine's move and reasons), `live` (the tree
//!    search and the live analyses), `analysis`, `evaluation`, `thermo`,
//!    `reading`, `review`; and `json`, KataGo's JSON analysis protocol
//!    (`moku analysis`), which needs no session;
//! 5. `registry`: the one list of the command tables, the session built
//!    from them and its line-by-line answers.
//!
//! # Adding a command
//!
//! A command is one entry of a crate-private command table: its name, a
//! handler `fn(&mut GtpSession, Args) -> Reply` and, for analysis
//! commands, its GoGui `gogui-analyze_commands` line. A module of this
//! folder defines its table
//!
//! ```text
//! pub(super) const COMMANDS: &[Command] = &[
//!     Command::new("moku_influence", influence_board).analyze("dboard/Influence/moku_influence"),
//! ];
//! ```
//!
//! and `registry::TABLES` lists it (`analysis::COMMANDS` holds the one above). A
//! handler must check everything before it changes anything: a failed
//! command leaves the session as it was.
//!
//! # Errors
//!
//! In the specification's words: `syntax error` (missing, surplus or
//! malformed arguments: a colour that is not `b`/`w`/`black`/`white`, a
//! vertex that is no GTP vertex such as `I5` or `Z26`), `unknown command`,
//! `illegal move` (occupied, suicide, ko, superko, or a vertex beyond this
//! board), `unacceptable size`, `cannot undo`, `board not empty`, `invalid
//! number of stones`, `bad vertex list`, `cannot score`; and GNU Go's
//! `cannot open or parse 'FILE'` for `loadsgf` and `cannot write 'FILE'`
//! for `printsgf FILE`.

mod analysis;
mod commands;
mod evaluation;
mod files;
#[cfg(test)]
mod floors;
mod genmove;
mod gogui;
mod info;
mod json;
mod live;
mod protocol;
mod reading;
mod registry;
mod review;
mod search;
mod session;
#[cfg(test)]
mod tests;
mod thermo;

pub use json::AnalysisEngine;
pub use search::SearchOptions;
pub use session::{DeadStones, GtpSession};
