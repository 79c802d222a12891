//! The session's searches and their state between two input lines: the
//! bare tree search's options ([`SearchOptions`]), and the live analysis
//! streams (`lz-analyze`, `genmove_analyze`, `kata-analyze`) while they
//! run. Data and clocks only: the commands that start and feed the
//! streams are `live`'s.

use crate::engine::mcts::{SearchConfig, TreeBudget, TreeSearch};
use crate::engine::PendingMove;
use crate::engine::{system_clock, FnTimer, Timer as _};
use crate::rules::{Color, Move};

/// How the session's tree search runs.
///
/// ```
/// use moku::gtp::{GtpSession, SearchOptions};
///
/// let options = SearchOptions { move_playouts: Some(300), ..SearchOptions::default() };
/// let mut gtp = GtpSession::new().with_search(options);
/// gtp.handle_line("boardsize 9");
/// let answer = gtp.handle_line("moku_mcts_genmove b").unwrap();
/// assert!(answer.starts_with("= ") && answer.ends_with("\n\n"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Threads (root parallelism).
    pub threads: usize,
    /// The seed of the search's random numbers.
    pub seed: u64,
    /// Milliseconds per move (the search also stops at `move_playouts`).
    pub move_time_ms: Option<f64>,
    /// Playouts per move.
    pub move_playouts: Option<u64>,
    /// Playouts per analysis interval instead of the interval's time: for
    /// tests, which must not depend on the clock.
    pub interval_playouts: Option<u64>,
    /// Whether the search may resign.
    pub resign: bool,
}

/// Playouts per move of a session nobody configured: deterministic, and
/// under a second natively on 19x19.
pub(super) const DEFAULT_MOVE_PLAYOUTS: u64 = 5000;

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            seed: 1,
            move_time_ms: None,
            move_playouts: Some(DEFAULT_MOVE_PLAYOUTS),
            interval_playouts: None,
            resign: true,
        }
    }
}

impl SearchOptions {
    /// The budget of one move.
    pub(super) fn move_budget(&self) -> TreeBudget {
        TreeBudget {
            playouts: self.move_playouts,
            time_ms: self.move_time_ms,
        }
    }
}

/// The session's tree search and its options.
pub(crate) struct SearchEngine {
    pub options: SearchOptions,
    pub search: TreeSearch,
}

impl SearchEngine {
    pub fn new(options: SearchOptions) -> SearchEngine {
        SearchEngine {
            options,
            search: TreeSearch::new(SearchConfig {
                threads: options.threads,
                seed: options.seed,
                resign: options.resign,
                ..SearchConfig::default()
            }),
        }
    }

    /// The same engine timing its searches with `clock` (for wasm, which
    /// has no system clock).
    pub fn with_clock(mut self, clock: FnTimer) -> SearchEngine {
        self.search = self.search.with_clock(clock);
        self
    }
}

/// What an open stream does.
#[derive(Clone, Debug)]
pub(super) enum StreamKind {
    /// `lz-analyze` on the bare search: search until the next command.
    Analyze,
    /// `genmove_analyze` on the bare search: search for the move's
    /// budget, then play.
    Genmove {
        /// Playouts left of the move's budget.
        playouts_left: Option<u64>,
        /// When the move's time is up (on the search's clock).
        deadline: Option<f64>,
        /// Playouts searched for this move so far.
        searched: u64,
        /// When the command came (on the search's clock), to count the
        /// move's time against the player's clock.
        started: f64,
    },
    /// The engine's tree at a tree level: `genmove_analyze` (`genmove`:
    /// search the move's budget, then finish and play it) or
    /// `lz-analyze` (search until the next command).
    Engine {
        /// The move or analysis under way (boxed: it holds the game).
        pending: Box<PendingMove>,
        genmove: bool,
        /// When the command came (on [`now_ms`]'s clock), to count the
        /// move's time against the player's clock.
        started: f64,
    },
}

/// The text a stream writes while it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// Leela Zero's `info` lines (`lz-analyze`, `genmove_analyze`):
    /// win rates and priors in hundredths of a percent.
    LeelaZero,
    /// KataGo's (`kata-analyze`, `kata-genmove_analyze`): win rates and
    /// priors from 0 to 1, the ownership after the moves when asked.
    KataGo,
    /// None: a `genmove` that the controller may interrupt (`moku gtp`),
    /// answered as `genmove` is once its move is played.
    Quiet,
}

/// What a stream shows and which moves it may choose: the keyword
/// arguments of the analysis commands.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Show {
    pub(super) format: Format,
    /// Moves neither shown nor played (`avoid`).
    pub(super) avoid: Vec<Move>,
    /// The only moves shown and played, if any are listed (`allow`).
    pub(super) allow: Vec<Move>,
    /// The most candidates a line shows (`maxmoves`).
    pub(super) max_moves: Option<usize>,
    /// Whether KataGo's lines end with the ownership (`ownership true`).
    pub(super) ownership: bool,
    /// The command's id, for the answer of a quiet `genmove`.
    pub(super) id: Option<String>,
}

impl Show {
    /// Whether the command lets the stream show or play `mv`.
    pub(super) fn allows(&self, mv: Move) -> bool {
        !self.avoid.contains(&mv) && (self.allow.is_empty() || self.allow.contains(&mv))
    }
}

/// An analysis stream in progress.
pub(crate) struct Stream {
    pub(super) kind: StreamKind,
    pub(super) color: Color,
    pub(super) show: Show,
    /// Milliseconds between `info` lines.
    pub(super) interval_ms: f64,
    /// When the next `info` line is due (on the search's clock).
    pub(super) next_line_at: f64,
}

/// Interval of a command that gives none, in centiseconds (Lizzie's
/// default).
pub(super) const DEFAULT_INTERVAL_CS: u32 = 50;

/// Longest search between two looks at the input, in milliseconds: an
/// interrupting command waits at most this long.
pub(super) const POLL_SLICE_MS: f64 = 50.0;

/// Playouts a `genmove_analyze` interrupted early still searches before
/// it chooses (a few milliseconds on 19x19): enough for the priors and a
/// first look, so that the move is never a pass for want of a search.
pub(super) const INTERRUPTED_MOVE_PLAYOUTS: u64 = 200;

/// Playouts per slice when the session has no clock (wasm).
pub(super) const SLICE_PLAYOUTS_WITHOUT_CLOCK: u64 = 500;

/// The clock the search reads, in milliseconds (0 without one: wasm).
pub(super) fn now_ms() -> f64 {
    system_clock().map_or(0.0, |clock| clock.now_ms())
}

/// Whole milliseconds since `start` on [`now_ms`]'s clock (0 without one).
pub(super) fn ms_since(start: f64) -> u64 {
    (now_ms() - start).max(0.0) as u64
}
