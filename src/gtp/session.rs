//! The session: the game, the clocks, the engine and the searches that a
//! GTP conversation changes, and the operations every command module
//! shares (the time a move may take, playing the engine's decision).
//! Knows no command: the commands are the modules above it, listed by
//! `registry`, which also builds the session and answers its lines.

use crate::engine::{Decision, Engine, FnTimer, Level};
use crate::eval::{Analyzer, MoyoParams};
use crate::rules::{Board, Color, Game, Point, RuleSet};

use super::gogui::wants_raw;
use super::protocol::{Args, GtpError, Reply};
use super::search::{Format, SearchEngine, SearchOptions, Stream};
use crate::engine::mcts::TreeBudget;
use crate::engine::{Options, TimeControl};
use crate::rules::{gtp_move, Move};

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
    pub(super) game: Game,
    pub(super) time_settings: Option<TimeSettings>,
    pub(super) time_left: [Option<TimeLeft>; 2],
    pub(super) dead_stones: DeadStones,
    /// The stones in seki for `final_status_list seki`: the
    /// life-and-death layer's, unless a dead-stone estimator of the
    /// caller's replaced it (which tells only dead stones apart).
    pub(super) seki_stones: Option<DeadStones>,
    pub(super) commands: Vec<Command>,
    pub(super) finished: bool,
    /// History lengths after each `trymove`, for `popgo`.
    pub(super) trymove_stack: Vec<usize>,
    /// Tactical nodes read by `attack` and `defend` since the last
    /// `reset_reading_node_counter`.
    pub(super) reading_nodes: u64,
    /// The moyo settings of the analysis commands (`moku_moyo_params`).
    pub(super) moyo_params: MoyoParams,
    /// The analyses of the positions seen lately, for the evaluation
    /// commands.
    pub(super) analyzer: Analyzer,
    /// The engine of `genmove` and its settings.
    pub(super) engine: Engine,
    /// The most milliseconds a `genmove` may take whatever the level
    /// (`moku gtp --time-ms`); a controller's time controls can only
    /// shorten it.
    pub(super) move_time_cap_ms: Option<u64>,
    /// The last engine move's decision (`genmove`, `reg_genmove`,
    /// `kgs-genmove_cleanup`, and `genmove_analyze`),
    /// for `moku_reasons`, `moku_candidates` and `moku_why`.
    pub(super) last_decision: Option<Decision>,
    /// The bare tree search (`moku_mcts_genmove`, and the analysis
    /// commands under `--genmove-mcts`), kept from move to move.
    pub(super) search: SearchEngine,
    /// `genmove` is the bare tree search
    /// ([`GtpSession::with_tree_search_genmove`]): so are the analysis
    /// commands then, at every level.
    pub(super) bare_genmove: bool,
    /// `genmove` at the tree levels is a stream that `# interrupt` ends
    /// ([`GtpSession::with_interruptible_genmove`]).
    pub(super) interruptible_genmove: bool,
    /// What `version` answers instead of moku's version
    /// ([`GtpSession::with_version`]).
    pub(super) version: Option<String>,
    /// Whether `genmove` may resign (the engine's setting, kept here to
    /// be shown by `moku_param`).
    pub(super) resign: bool,
    /// The live analysis in progress (`lz-analyze`, `genmove_analyze`).
    pub(super) stream: Option<Stream>,
}

impl Default for GtpSession {
    fn default() -> Self {
        GtpSession::new()
    }
}

impl GtpSession {
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
        self.resign = allowed;
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
            SearchEngine::new(SearchOptions::default()),
        );
        self.search = search.with_clock(FnTimer(clock));
        self
    }

    /// Runs the bare tree search with `options` (threads, seed, budget
    /// per move): `moku_mcts_genmove`'s, and the analysis commands' when
    /// `genmove` is the bare search too
    /// ([`GtpSession::with_tree_search_genmove`]). Otherwise those are the
    /// engine's, whose budget is the level's and the clock's as for
    /// `genmove`; `interval_playouts` still paces their lines.
    pub fn with_search(mut self, options: SearchOptions) -> GtpSession {
        self.search = SearchEngine::new(options);
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

    /// Lets GoGui interrupt `genmove` at the tree levels (`moku gtp`
    /// does): the move is searched in the slices of
    /// [`GtpSession::poll`], which the host calls while no input is
    /// waiting, and answered once played; `# interrupt` (GoGui's
    /// `gogui-interrupt`) or any other input line plays it at once with
    /// what the search found so far. The move is the one `genmove`
    /// plays when nothing interrupts it.
    pub fn with_interruptible_genmove(mut self) -> GtpSession {
        self.interruptible_genmove = true;
        self
    }

    /// Answers `version` with `text` instead of moku's own version, for
    /// clients that check an engine's version: Lizzie warns at every
    /// start unless a Leela Zero engine answers 0.15 or later (`moku gtp
    /// --lz-version 0.17`). The text must be one line.
    pub fn with_version(mut self, text: &str) -> GtpSession {
        let line = text.lines().next().unwrap_or("").trim();
        if !line.is_empty() {
            self.version = Some(line.to_string());
        }
        self
    }

    /// Whether the open stream is a `genmove` that writes no lines.
    pub(super) fn stream_is_quiet(&self) -> bool {
        self.stream
            .as_ref()
            .is_some_and(|s| s.show.format == Format::Quiet)
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

    /// The time settings, if the controller sent any.
    #[cfg(test)]
    pub(crate) fn time_settings(&self) -> Option<TimeSettings> {
        self.time_settings
    }

    /// The last `time_left` report for `c`.
    #[cfg(test)]
    pub(crate) fn time_left(&self, c: Color) -> Option<TimeLeft> {
        self.time_left[c.index()]
    }
}

impl GtpSession {
    /// The command of that name, if the session has one.
    pub(super) fn find(&self, name: &str) -> Option<Command> {
        self.commands.iter().find(|c| c.name == name).copied()
    }
}

/// Answers a board command (no argument, or `raw`): once the arguments
/// are read, `analyze` runs on the session, then `gogui` draws its result
/// on the board in GoGui's form, or `raw` as the raw values.
pub(super) fn board_reply<A>(
    s: &mut GtpSession,
    args: &Args<'_>,
    analyze: impl FnOnce(&mut GtpSession) -> A,
    gogui: impl FnOnce(&Board, &A) -> String,
    raw: impl FnOnce(&Board, &A) -> String,
) -> Reply {
    let raw_wanted = wants_raw(args)?;
    let a = analyze(s);
    let board = s.game().board();
    Ok(if raw_wanted {
        raw(board, &a)
    } else {
        gogui(board, &a)
    })
}

/// The time control of `color` from the session's clocks.
pub(super) fn time_control_of(s: &GtpSession, color: Color) -> Option<TimeControl> {
    let t = s.time_settings?;
    let left = s.time_left[color.index()];
    Some(TimeControl {
        main_time: t.main_time,
        byo_yomi_time: t.byo_yomi_time,
        byo_yomi_stones: t.byo_yomi_stones,
        time_left_ms: left.map(|l| l.ms),
        stones_left: left.map(|l| l.stones),
    })
}

/// Counts `elapsed_ms` of `color`'s move against its clock, when the
/// controller set time controls: the next budget then comes from the time
/// really left even if the controller sends no `time_left` before it.
pub(super) fn spend_time(s: &mut GtpSession, color: Color, elapsed_ms: u64) {
    if let Some((ms, stones)) = time_control_of(s, color).and_then(|t| t.after_move(elapsed_ms)) {
        s.time_left[color.index()] = Some(TimeLeft { ms, stones });
    }
}

/// How the engine may play `color`'s next move: at its own level, within
/// the time the controller's clock allows (`time_settings`, `time_left`)
/// and the session's cap (`--time-ms`), whichever is shorter. The same
/// for `genmove` and the tree levels' `genmove_analyze`.
pub(super) fn move_options(s: &GtpSession, color: Color, cleanup: bool) -> Options {
    let game = &s.game;
    let clock_ms =
        time_control_of(s, color).and_then(|t| t.budget_ms(game.size(), game.move_number()));
    Options {
        level: None,
        time_ms: shorter(clock_ms, s.move_time_cap_ms),
        cleanup,
    }
}

/// The shorter of two optional budgets (either alone if the other is
/// missing).
fn shorter(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

pub(super) fn answer(s: &GtpSession, mv: Move) -> String {
    match mv {
        Move::Resign => "resign".to_string(),
        Move::Pass => "pass".to_string(),
        Move::Play(p) => gtp_move(Some(p), s.game.size()).to_uppercase(),
    }
}

/// Plays the engine's decision `d` for `color` (a pass should the rules
/// refuse it, which they should never do) and keeps it for
/// `moku_reasons`, `moku_candidates` and `moku_why`. The move as GTP
/// writes it.
pub(super) fn play_and_keep(s: &mut GtpSession, color: Color, mut d: Decision) -> Reply {
    if s.game_mut().play_as(color, d.mv).is_err() {
        d.mv = Move::Pass;
        s.game_mut()
            .play_as(color, Move::Pass)
            .map_err(|e| GtpError::Other(e.to_string()))?;
    }
    let text = answer(s, d.mv);
    s.last_decision = Some(d);
    Ok(text)
}

/// The budget of one tree-search move for `color`: the search's own
/// (`--playouts`, `--time-ms`), shortened to what the controller's clock
/// allows (`time_settings`, `time_left`).
pub(super) fn clocked_budget(s: &GtpSession, color: Color) -> TreeBudget {
    let mut budget = s.search.options.move_budget();
    let clock = time_control_of(s, color)
        .and_then(|t| t.budget_ms(s.game.size(), s.game.move_number()))
        .map(|ms| ms as f64);
    budget.time_ms = match (budget.time_ms, clock) {
        (Some(own), Some(clock)) => Some(own.min(clock)),
        (own, clock) => own.or(clock),
    };
    budget
}

/// A fresh game; the size is known to be valid.
pub(super) fn new_game(size: usize, rules: RuleSet, komi: f32) -> Game {
    Game::new(size, rules, komi).unwrap_or_else(|e| unreachable!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shorter_budget_holds() {
        assert_eq!(shorter(Some(900), Some(500)), Some(500));
        assert_eq!(shorter(Some(400), Some(500)), Some(400));
        assert_eq!(shorter(None, Some(500)), Some(500));
        assert_eq!(shorter(Some(900), None), Some(900));
        assert_eq!(shorter(None, None), None);
    }
}
