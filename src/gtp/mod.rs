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
//! - `protocol`: preprocessing, ids, typed arguments, response format and
//!   the error texts;
//! - `commands`: the standard commands and `showboard`;
//! - `extensions`: the command tables of later modules (analysis and
//!   reading commands), the one place that lists them.
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
//! and `extensions::TABLES` lists it (`analysis::COMMANDS` holds the one above). A
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
mod analyze;
mod commands;
mod evaluation;
mod extensions;
mod genmove;
mod protocol;
mod reading;
mod review;
#[cfg(test)]
mod tests;
mod thermo;

use crate::engine::{Decision, Engine, FnTimer, Level};
use crate::eval::{Analyzer, MoyoParams};
use crate::rules::{Color, Game, Point, RuleSet};

pub use analyze::SearchOptions;
pub(crate) use protocol::{Args, GtpError, Reply};

/// The board size of a new session (GTP leaves it to the engine).
pub(crate) const DEFAULT_SIZE: usize = 19;
/// The komi of a new session (GNU Go's default; the controller normally
/// sends `komi`).
pub(crate) const DEFAULT_KOMI: f32 = 5.5;

/// A command handler: the session and the arguments in, the response text
/// or an error out. A handler that fails must leave the session unchanged.
pub(crate) type Handler = fn(&mut GtpSession, Args<'_>) -> Reply;

/// One GTP command: a line in a command table.
#[derive(Clone, Copy)]
pub(crate) struct Command {
    /// The name as sent by the controller (case-sensitive).
    pub name: &'static str,
    pub run: Handler,
    /// The GoGui analyze line `type/Title/command [params]`, e.g.
    /// `dboard/Influence/moku_influence`, for analysis commands.
    pub analyze: Option<&'static str>,
}

impl Command {
    /// A command that GoGui does not list among its analysis commands.
    pub(crate) const fn new(name: &'static str, run: Handler) -> Command {
        Command {
            name,
            run,
            analyze: None,
        }
    }

    /// Lists the command in `gogui-analyze_commands` with this line
    /// (`dboard`, `sboard`, `cboard`, `string`, `plist`, `pspairs`, ...).
    pub(crate) const fn analyze(self, line: &'static str) -> Command {
        Command {
            analyze: Some(line),
            ..self
        }
    }
}

/// Finds the dead stones of a finished position, for `final_score` and
/// `final_status_list`. Any stone of a dead string may stand for all of it.
pub type DeadStones = fn(&Game) -> Vec<Point>;

/// Time settings (`time_settings`, `kgs-time_settings`): main time in
/// seconds, then byo-yomi periods of `byo_yomi_time` seconds for
/// `byo_yomi_stones` stones (Canadian byo-yomi).
///
/// Japanese byo-yomi (`kgs-time_settings byoyomi`) is kept as periods of
/// one stone: every move must fit in one period, which starts afresh
/// after it, and `time_left` then reports the periods left, not stones.
/// The engine never plans to lose a period, so it reads the count of
/// periods as one stone to play in the period's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TimeSettings {
    pub main_time: u32,
    pub byo_yomi_time: u32,
    pub byo_yomi_stones: u32,
    /// Japanese byo-yomi: `time_left`'s count is of periods.
    pub japanese: bool,
}

/// A player's clock: the time left in main time or the current period and
/// the stones left in the period (0 in main time), as `time_left` last
/// reported it, less what the engine's own moves took since
/// ([`crate::engine::TimeControl::after_move`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TimeLeft {
    pub ms: u64,
    pub stones: u32,
}

/// A GTP engine session: the game, the clocks, and the command table.
///
/// Feed it one input line at a time with [`GtpSession::handle_line`];
/// write each returned response as it is. A rejected command leaves the
/// game exactly as it was.
pub struct GtpSession {
    game: Game,
    time_settings: Option<TimeSettings>,
    time_left: [Option<TimeLeft>; 2],
    dead_stones: DeadStones,
    /// The stones in seki for `final_status_list seki`: the
    /// life-and-death layer's, unless a dead-stone estimator of the
    /// caller's replaced it (which tells only dead stones apart).
    seki_stones: Option<DeadStones>,
    commands: Vec<Command>,
    finished: bool,
    /// History lengths after each `trymove`, for `popgo`.
    trymove_stack: Vec<usize>,
    /// Tactical nodes read by `attack` and `defend` since the last
    /// `reset_reading_node_counter`.
    reading_nodes: u64,
    /// The moyo settings of the analysis commands (`moku_moyo_params`).
    moyo_params: MoyoParams,
    /// The analyses of the positions seen lately, for the evaluation
    /// commands.
    analyzer: Analyzer,
    /// The engine of `genmove` and its settings.
    engine: Engine,
    /// The most milliseconds a `genmove` may take whatever the level
    /// (`moku gtp --time-ms`); a controller's time controls can only
    /// shorten it.
    move_time_cap_ms: Option<u64>,
    /// The last engine move's decision (`genmove`, `reg_genmove`,
    /// `kgs-genmove_cleanup`, and `genmove_analyze` at the tree levels),
    /// for `moku_reasons`, `moku_candidates` and `moku_why`.
    last_decision: Option<Decision>,
    /// The bare tree search (`moku_mcts_genmove`, and the analysis
    /// commands at the classic levels), kept from move to move.
    search: analyze::SearchEngine,
    /// `genmove` is the bare tree search
    /// ([`GtpSession::with_tree_search_genmove`]): so are the analysis
    /// commands then, at every level.
    bare_genmove: bool,
    /// The live analysis in progress (`lz-analyze`, `genmove_analyze`).
    stream: Option<analyze::Stream>,
}

impl Default for GtpSession {
    fn default() -> Self {
        GtpSession::new()
    }
}

impl GtpSession {
    /// A session on an empty 19x19 board, Japanese rules, komi 5.5, with
    /// every standard and extension command.
    pub fn new() -> GtpSession {
        let mut commands: Vec<Command> = commands::STANDARD.to_vec();
        for table in extensions::TABLES {
            for c in table.iter() {
                debug_assert!(
                    commands.iter().all(|d| d.name != c.name),
                    "duplicate GTP command {}",
                    c.name
                );
                commands.push(*c);
            }
        }
        GtpSession {
            game: new_game(DEFAULT_SIZE, RuleSet::default(), DEFAULT_KOMI),
            time_settings: None,
            time_left: [None; 2],
            dead_stones: extensions::DEAD_STONES,
            seki_stones: Some(extensions::SEKI_STONES),
            commands,
            finished: false,
            trymove_stack: Vec::new(),
            reading_nodes: 0,
            moyo_params: MoyoParams::default(),
            analyzer: Analyzer::with_ownership(crate::engine::ownership::ownership),
            engine: Engine::new(),
            move_time_cap_ms: None,
            last_decision: None,
            search: analyze::SearchEngine::new(SearchOptions::default()),
            bare_genmove: false,
            stream: None,
        }
    }

    /// Sets the engine's playing level (1-10), as `moku gtp --level N`
    /// does.
    ///
    /// ```
    /// use moku::engine::Level;
    /// let mut gtp = moku::gtp::GtpSession::new();
    /// gtp.set_level(Level::new(3).unwrap());
    /// assert_eq!(gtp.handle_line("moku_level").as_deref(), Some("= 3\n\n"));
    /// ```
    pub fn set_level(&mut self, level: Level) {
        self.engine.set_level(level);
    }

    /// Sets the seed of `genmove`'s choices (the opening variety and the
    /// tree levels' playouts), as `moku_seed N` and `moku gtp --seed N`
    /// do: equal seeds and budgets give equal games. The default is 0.
    ///
    /// ```
    /// let mut a = moku::gtp::GtpSession::new();
    /// a.set_seed(3);
    /// let mut b = moku::gtp::GtpSession::new();
    /// b.handle_line("moku_seed 3");
    /// for gtp in [&mut a, &mut b] {
    ///     gtp.handle_line("boardsize 9");
    ///     gtp.handle_line("moku_level 1");
    /// }
    /// assert_eq!(a.handle_line("genmove b"), b.handle_line("genmove b"));
    /// ```
    pub fn set_seed(&mut self, seed: u64) {
        self.engine.set_seed(seed);
    }

    /// Lets `genmove` resign a hopeless game, or forbids it (the default;
    /// `moku gtp --resign` and `moku_resign on` allow it).
    pub fn set_resign(&mut self, allowed: bool) {
        self.engine.set_resign(allowed);
    }

    /// Caps every `genmove` at `ms` milliseconds, at any level, for
    /// controllers that send no time controls (`moku gtp --time-ms`):
    /// the classic levels stop reading at the cap, the tree levels search
    /// until it. With `time_settings` the shorter of the two budgets holds.
    ///
    /// ```
    /// let mut gtp = moku::gtp::GtpSession::new().with_move_time_cap(500);
    /// assert!(gtp.handle_line("genmove black").unwrap().starts_with("= "));
    /// ```
    pub fn with_move_time_cap(mut self, ms: u64) -> GtpSession {
        self.move_time_cap_ms = Some(ms);
        self
    }

    /// Times `genmove`, its tree search and `moku_mcts_genmove`'s with
    /// `clock` (milliseconds from a fixed origin), for hosts without a
    /// system clock: in WebAssembly the default clocks never move, so a
    /// time cap would never expire. The level, the resign setting and the
    /// search options are kept. (The live analysis streams still need a
    /// host that polls the session, as `moku gtp` does.)
    ///
    /// ```
    /// fn zero() -> f64 {
    ///     0.0
    /// }
    /// let mut gtp = moku::gtp::GtpSession::new().with_clock(zero);
    /// assert_eq!(gtp.handle_line("name").as_deref(), Some("= moku\n\n"));
    /// ```
    pub fn with_clock(mut self, clock: fn() -> f64) -> GtpSession {
        self.engine = std::mem::take(&mut self.engine)
            .with_timer(Box::new(FnTimer(clock)))
            .with_tree_clock(FnTimer(clock));
        let search = std::mem::replace(
            &mut self.search,
            analyze::SearchEngine::new(SearchOptions::default()),
        );
        self.search = search.with_clock(FnTimer(clock));
        self
    }

    /// The `genmove` cap of [`GtpSession::with_move_time_cap`].
    pub(crate) fn move_time_cap_ms(&self) -> Option<u64> {
        self.move_time_cap_ms
    }

    /// Runs the bare tree search with `options` (threads, seed, budget
    /// per move): `moku_mcts_genmove`'s, and `lz-analyze`'s and
    /// `genmove_analyze`'s at the classic levels. At the tree levels those
    /// two are the engine's, whose budget is the level's and the clock's
    /// as for `genmove`; `interval_playouts` still paces their lines.
    pub fn with_search(mut self, options: SearchOptions) -> GtpSession {
        self.search = analyze::SearchEngine::new(options);
        self
    }

    /// Answers `genmove` with the tree search (`moku_mcts_genmove`)
    /// instead of the classic decision layer, for controllers that only
    /// know `genmove` (`moku gtp --genmove-mcts`). `genmove_analyze` and
    /// `lz-analyze` then stay on the bare search too, at every level, so
    /// that they show the search that chooses the moves.
    pub fn with_tree_search_genmove(mut self) -> GtpSession {
        self.bare_genmove = true;
        if let Some(c) = self.find("moku_mcts_genmove") {
            self.commands.retain(|x| x.name != "genmove");
            self.commands.push(Command {
                name: "genmove",
                ..c
            });
        }
        self
    }

    /// Uses `f` to find dead stones for `final_score` and
    /// `final_status_list`.
    ///
    /// ```
    /// use moku::gtp::GtpSession;
    /// use moku::Game;
    /// use moku::rules::parse_gtp_vertex;
    ///
    /// fn a1_is_dead(g: &Game) -> Vec<moku::Point> {
    ///     parse_gtp_vertex("A1", g.size()).unwrap().into_iter().collect()
    /// }
    /// let mut gtp = GtpSession::new().with_dead_stones(a1_is_dead);
    /// gtp.handle_line("boardsize 5");
    /// gtp.handle_line("komi 0");
    /// gtp.handle_line("play w a1");
    /// gtp.handle_line("play b c3");
    /// assert_eq!(gtp.handle_line("final_status_list dead").as_deref(), Some("= A1\n\n"));
    /// assert_eq!(gtp.handle_line("final_score").as_deref(), Some("= B+25\n\n"));
    /// ```
    pub fn with_dead_stones(mut self, f: DeadStones) -> GtpSession {
        self.dead_stones = f;
        self.seki_stones = None;
        self
    }

    /// The game as the commands so far have left it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for extension commands that try moves and take them
    /// back (`trymove`/`popgo`).
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Whether `quit` has been received; the host should stop reading.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Answers one line of input (without its line feed, though a trailing
    /// CR or LF does no harm). Returns the full response, ending in an
    /// empty line, or `None` for a line the protocol ignores (empty, blank
    /// or a comment). Never panics, whatever the bytes.
    ///
    /// A line that arrives while a command's output is streaming
    /// ([`GtpSession::is_streaming`]) first ends that stream: its last
    /// output comes before the new response.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let clean = protocol::preprocess(line)?;
        let mut out = self.end_stream();
        let cmd = protocol::split(&clean);
        let reply = if cmd.name.is_empty() {
            Err(GtpError::Syntax)
        } else {
            match self.find(cmd.name) {
                Some(c) => (c.run)(self, Args::new(&cmd.args)),
                None => Err(GtpError::UnknownCommand),
            }
        };
        if reply.is_ok() && self.stream.is_some() {
            out.push_str(&analyze::stream_header(cmd.id));
        } else {
            out.push_str(&protocol::format_response(cmd.id, &reply));
        }
        Some(out)
    }

    fn find(&self, name: &str) -> Option<Command> {
        self.commands.iter().find(|c| c.name == name).copied()
    }

    /// The time settings, if the controller sent any.
    pub(crate) fn time_settings(&self) -> Option<TimeSettings> {
        self.time_settings
    }

    /// The last `time_left` report for `c`.
    pub(crate) fn time_left(&self, c: Color) -> Option<TimeLeft> {
        self.time_left[c.index()]
    }
}

/// A fresh game; the size is known to be valid.
fn new_game(size: usize, rules: RuleSet, komi: f32) -> Game {
    Game::new(size, rules, komi).unwrap_or_else(|e| unreachable!("{e}"))
}
