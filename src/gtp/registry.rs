//! The one command registry: every command table of this folder, in the
//! order `list_commands` shows them, and the session built from them and
//! answering its lines. The top floor of the folder: it may use every
//! module below it, and none of them uses it.
//!
//! Each command module exposes its commands as a table of [`Command`]s
//! (`analysis::COMMANDS` with `moku_influence` and the other evaluator
//! boards, `reading::COMMANDS` with GNU Go's reading commands), so that
//! adding a command is one line in its own module's table and a new table
//! is one line here.

use super::protocol::{self, Args, GtpError};
use super::search::{SearchEngine, SearchOptions};
use super::session::{new_game, Command, DeadStones, GtpSession, DEFAULT_KOMI, DEFAULT_SIZE};
use super::{analysis, commands, evaluation, genmove, live, reading, review, thermo};
use crate::engine::{Engine, SearchKind};
use crate::eval::MoyoParams;
use crate::rules::RuleSet;

/// Every command table, in the order `list_commands` shows them: the
/// standard commands first.
const TABLES: &[&[Command]] = &[
    commands::STANDARD,
    genmove::COMMANDS,
    analysis::COMMANDS,
    thermo::COMMANDS,
    evaluation::COMMANDS,
    reading::COMMANDS,
    live::COMMANDS,
    review::COMMANDS,
];

/// The dead-stone estimator `final_score` and `final_status_list` use: the
/// groups the life-and-death layer judges dead.
const DEAD_STONES: DeadStones = reading::dead_stones;

/// The stones `final_status_list seki` lists with the default estimator:
/// the groups the life-and-death layer judges in seki.
const SEKI_STONES: DeadStones = reading::seki_stones;

/// The line with which GoGui interrupts the command under way.
const INTERRUPT: &str = "# interrupt";

impl GtpSession {
    /// A session on an empty 19x19 board, Japanese rules, komi 5.5, with
    /// every standard and extension command.
    pub fn new() -> GtpSession {
        let mut commands: Vec<Command> = Vec::new();
        for table in TABLES {
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
            dead_stones: DEAD_STONES,
            seki_stones: Some(SEKI_STONES),
            commands,
            finished: false,
            trymove_stack: Vec::new(),
            reading_nodes: 0,
            moyo_params: MoyoParams::default(),
            analyzer: super::reading::verdict_analyzer(),
            engine: Engine::new(),
            move_time_cap_ms: None,
            last_decision: None,
            search: SearchEngine::new(SearchOptions::default()),
            bare_genmove: false,
            interruptible_genmove: false,
            version: None,
            resign: false,
            stream: None,
        }
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
        // GoGui interrupts a command with this comment line
        // (`gogui-interrupt`): it ends a stream, and is otherwise a
        // comment.
        if self.is_streaming() && line.trim() == INTERRUPT {
            return Some(self.end_stream());
        }
        let clean = protocol::preprocess(line)?;
        // A quiet genmove is no analysis: a command that arrives while it
        // searches waits for its move, searched in full.
        let mut out = String::new();
        while self.stream_is_quiet() {
            if let Some(text) = self.poll() {
                out.push_str(&text);
            }
        }
        out.push_str(&self.end_stream());
        let cmd = protocol::split(&clean);
        let args = Args::new(&cmd.args);
        let reply = if cmd.name.is_empty() {
            Err(GtpError::Syntax)
        } else if cmd.name == "genmove"
            && self.interruptible_genmove
            && !self.bare_genmove
            && self.engine.level().search() == SearchKind::Tree
        {
            live::interruptible_genmove(self, args, cmd.id)
        } else {
            match self.find(cmd.name) {
                Some(c) => (c.run)(self, args),
                None => Err(GtpError::UnknownCommand),
            }
        };
        if reply.is_ok() && self.stream.is_some() {
            // A quiet genmove answers at its end; the analyses now.
            if !self.stream_is_quiet() {
                out.push_str(&protocol::stream_header(cmd.id));
            }
        } else {
            out.push_str(&protocol::format_response(cmd.id, &reply));
        }
        Some(out)
    }
}
