//! The tree search on GTP: `moku_mcts_genmove`, and the live analysis of
//! Leela Zero's extension that Sabaki and Lizzie read, `lz-analyze` and
//! `lz-genmove_analyze` (also as `genmove_analyze`).
//!
//! # Which search
//!
//! At the tree levels (6-10, moku's default) `genmove_analyze` is
//! `genmove` shown as it thinks: the engine's classic valuation and its
//! priors, the engine's own kept tree, the level's playouts and the
//! clock's time, the guard, and the reasons `moku_reasons` shows after
//! it. With the same position, seed and budget it plays the move
//! `genmove` plays. `lz-analyze` there searches the engine's kept tree
//! with the classic priors too, so its candidates are the ones `genmove`
//! weighs (and a `genmove` of the analysed position starts from them).
//! Both value the position with the classic valuation before their
//! first `info` line: a fraction of a second on 19x19 before the `=`.
//!
//! At the classic levels (1-5), and when `genmove` is the bare tree
//! search (`moku gtp --genmove-mcts`), both use the session's bare tree
//! search of [`SearchOptions`] (simple priors, no guard, no reasons), as
//! `moku_mcts_genmove` always does: the classic levels have no tree to
//! show.
//!
//! # Live analysis without I/O
//!
//! `lz-analyze [COLOR] [INTERVAL]` answers `=` (with the id) on a line of
//! its own and then, every INTERVAL centiseconds, one line of
//! `info move D4 visits 120 winrate 5321 prior 812 order 0 pv D4 Q16 ...`
//! fields, one `info` group per candidate, until the next command
//! arrives; an empty line ends the response. `genmove_analyze COLOR
//! [INTERVAL]` does the same while it thinks about its move, then writes
//! `play D4` and the empty line.
//!
//! The session stays free of I/O: such a command starts a *stream*, the
//! host calls [`GtpSession::poll`] while no input is waiting and writes
//! what it returns, and the next input line ends the stream (its end is
//! written before the next response). Winrate and prior are in
//! hundredths of a percent (0 to 10000), the winrate for the player to
//! move, as Leela Zero writes them.

use std::fmt::Write as _;

use super::genmove::{move_options, play_and_keep, spend_time, time_control_of};
use super::{Args, Command, GtpError, GtpSession, Reply};
use crate::engine::mcts::{RootMove, SearchConfig, TreeBudget, TreeChoice, TreeSearch};
use crate::engine::{system_clock, FnTimer, PendingMove, SearchKind, Timer};
use crate::rules::{gtp_move, Color, Move};

/// The tree-search command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_mcts_genmove", mcts_genmove),
    Command::new("lz-analyze", lz_analyze),
    Command::new("lz-genmove_analyze", genmove_analyze),
    Command::new("genmove_analyze", genmove_analyze),
];

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
const DEFAULT_MOVE_PLAYOUTS: u64 = 5000;

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
    fn move_budget(&self) -> TreeBudget {
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
enum StreamKind {
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

/// An analysis stream in progress.
pub(crate) struct Stream {
    kind: StreamKind,
    color: Color,
    /// Milliseconds between `info` lines.
    interval_ms: f64,
    /// When the next `info` line is due (on the search's clock).
    next_line_at: f64,
}

/// Interval of a command that gives none, in centiseconds (Lizzie's
/// default).
const DEFAULT_INTERVAL_CS: u32 = 50;

/// Longest search between two looks at the input, in milliseconds: an
/// interrupting command waits at most this long.
const POLL_SLICE_MS: f64 = 50.0;

/// Playouts a `genmove_analyze` interrupted early still searches before
/// it chooses (a few milliseconds on 19x19): enough for the priors and a
/// first look, so that the move is never a pass for want of a search.
const INTERRUPTED_MOVE_PLAYOUTS: u64 = 200;

/// Playouts per slice when the session has no clock (wasm).
const SLICE_PLAYOUTS_WITHOUT_CLOCK: u64 = 500;

/// The clock the search reads, in milliseconds (0 without one: wasm).
pub(super) fn now_ms() -> f64 {
    system_clock().map_or(0.0, |clock| clock.now_ms())
}

/// Whole milliseconds since `start` on [`now_ms`]'s clock (0 without one).
pub(super) fn ms_since(start: f64) -> u64 {
    (now_ms() - start).max(0.0) as u64
}

/// `moku_mcts_genmove COLOR`: the bare tree search's move for COLOR,
/// played. A debugging and comparison command: the session's own
/// [`SearchEngine`] with its [`SearchOptions`] and simple priors, never
/// the engine's classic valuation, kept tree, guard or reasons, at any
/// level (`genmove` and, at the tree levels, `genmove_analyze` are the
/// engine's). `moku_reasons` still shows the last engine move.
fn mcts_genmove(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let color = args.color(0)?;
    if s.game.resigned().is_some() {
        return Err(GtpError::Other("the game is over".into()));
    }
    let budget = clocked_budget(s, color);
    let start = now_ms();
    let d = s.search.search.genmove(&s.game, color, budget);
    spend_time(s, color, ms_since(start));
    play_decision(s, color, &d)
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

/// Plays `d` for `color` in the session's game; the vertex as GTP writes
/// it.
fn play_decision(s: &mut GtpSession, color: Color, d: &TreeChoice) -> Reply {
    s.game
        .play_as(color, d.mv)
        .map_err(|e| GtpError::Other(format!("the search chose an illegal move: {e}")))?;
    Ok(move_text(d.mv, s.game.size()))
}

/// A move as GTP writes it (`D4`, `pass`, `resign`).
fn move_text(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_move(Some(p), size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// Whether `lz-analyze` and `genmove_analyze` search with the engine
/// (its tree level, priors, kept tree, guard and reasons) rather than the
/// bare tree search: at the tree levels, unless `genmove` itself is the
/// bare search (`--genmove-mcts`).
fn analyses_with_engine(s: &GtpSession) -> bool {
    !s.bare_genmove && s.engine.level().search() == SearchKind::Tree
}

/// `lz-analyze [COLOR] [INTERVAL]` (either order is Leela Zero's: colour
/// first).
fn lz_analyze(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let (color, interval) = match args.len() {
        0 => (s.game.to_move(), DEFAULT_INTERVAL_CS),
        1 => match args.color(0) {
            Ok(c) => (c, DEFAULT_INTERVAL_CS),
            Err(_) => (s.game.to_move(), args.int(0)?),
        },
        2 => (args.color(0)?, args.int(1)?),
        _ => return Err(GtpError::Syntax),
    };
    let kind = if analyses_with_engine(s) {
        let started = now_ms();
        let game = s.game.clone();
        let pending = s.engine.begin_analysis(&game, color);
        StreamKind::Engine {
            pending: Box::new(pending),
            genmove: false,
            started,
        }
    } else {
        StreamKind::Analyze
    };
    s.stream = Some(Stream {
        kind,
        color,
        interval_ms: interval_ms(interval),
        next_line_at: now_ms() + interval_ms(interval),
    });
    Ok(String::new())
}

/// `genmove_analyze COLOR [INTERVAL]`.
fn genmove_analyze(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let (color, interval) = match args.len() {
        1 => (args.color(0)?, DEFAULT_INTERVAL_CS),
        2 => (args.color(0)?, args.int(1)?),
        _ => return Err(GtpError::Syntax),
    };
    if s.game.resigned().is_some() {
        return Err(GtpError::Other("the game is over".into()));
    }
    if analyses_with_engine(s) {
        // `genmove`'s move in steps: the valuation now, the search in
        // the stream's slices, the guard and the reasons at its end.
        let started = now_ms();
        let opts = move_options(s, color, false);
        let game = s.game.clone();
        let pending = s.engine.begin_move(&game, color, &opts);
        let now = now_ms();
        s.stream = Some(Stream {
            kind: StreamKind::Engine {
                pending: Box::new(pending),
                genmove: true,
                started,
            },
            color,
            interval_ms: interval_ms(interval),
            next_line_at: now + interval_ms(interval),
        });
        return Ok(String::new());
    }
    let budget = clocked_budget(s, color);
    let start = now_ms();
    s.stream = Some(Stream {
        kind: StreamKind::Genmove {
            playouts_left: budget.playouts,
            deadline: budget.time_ms.map(|ms| start + ms),
            searched: 0,
            started: start,
        },
        color,
        interval_ms: interval_ms(interval),
        next_line_at: start + interval_ms(interval),
    });
    Ok(String::new())
}

/// An interval in centiseconds as milliseconds (at least one slice).
fn interval_ms(centiseconds: u32) -> f64 {
    let cs = if centiseconds == 0 {
        DEFAULT_INTERVAL_CS
    } else {
        centiseconds
    };
    (cs as f64 * 10.0).max(1.0)
}

/// The response header of a stream: `=id` and a line break, no empty
/// line (the stream goes on below it).
pub(super) fn stream_header(id: Option<&str>) -> String {
    format!("={}\n", id.unwrap_or(""))
}

impl GtpSession {
    /// Whether a command's output is still streaming (`lz-analyze`,
    /// `genmove_analyze`): the host should call [`GtpSession::poll`]
    /// while no input is waiting. The next input line ends the stream.
    pub fn is_streaming(&self) -> bool {
        self.stream.is_some()
    }

    /// Searches a little for the open stream and returns its next output,
    /// if any is due: an `info` line, or for `genmove_analyze` its last
    /// lines (`play D4` and the empty line that ends the response).
    /// `None` when nothing is due yet or no stream is open.
    ///
    /// ```
    /// use moku::gtp::{GtpSession, SearchOptions};
    ///
    /// let options = SearchOptions { interval_playouts: Some(50), ..SearchOptions::default() };
    /// let mut gtp = GtpSession::new().with_search(options);
    /// gtp.handle_line("boardsize 9");
    /// assert_eq!(gtp.handle_line("7 lz-analyze b 10").as_deref(), Some("=7\n"));
    /// let line = gtp.poll().unwrap();
    /// assert!(line.starts_with("info move "));
    /// // Any command ends the stream: its empty line first, then the answer.
    /// assert_eq!(gtp.handle_line("name").as_deref(), Some("\n= moku\n\n"));
    /// assert!(!gtp.is_streaming());
    /// ```
    pub fn poll(&mut self) -> Option<String> {
        let stream = self.stream.as_ref()?;
        // The bare genmove's own budget; the engine's moves keep theirs
        // and cut every slice to it.
        let (playouts_left, deadline) = match stream.kind {
            StreamKind::Genmove {
                playouts_left,
                deadline,
                ..
            } => (playouts_left, deadline),
            _ => (None, None),
        };
        let within = |n: u64| playouts_left.map_or(n, |left| n.min(left));
        // One slice of search: an interval's playouts for tests, else up
        // to POLL_SLICE_MS of the clock.
        let (slice, line_due) = match self.search.options.interval_playouts {
            Some(n) => (TreeBudget::playouts(within(n)), true),
            None if cfg!(target_arch = "wasm32") => (
                TreeBudget::playouts(within(SLICE_PLAYOUTS_WITHOUT_CLOCK)),
                true,
            ),
            None => {
                let now = now_ms();
                let mut until = stream.next_line_at.min(now + POLL_SLICE_MS);
                if let Some(d) = deadline {
                    until = until.min(d);
                }
                (
                    TreeBudget {
                        playouts: playouts_left,
                        time_ms: Some((until - now).max(0.0)),
                    },
                    false,
                )
            }
        };
        let stream = self.stream.as_mut()?;
        let color = stream.color;
        let finished = match &mut stream.kind {
            StreamKind::Engine {
                pending, genmove, ..
            } => {
                self.engine.search_move(pending, slice);
                *genmove && self.engine.move_searched(pending)
            }
            kind => {
                let stats = self.search.search.search(&self.game, color, slice);
                let now = now_ms();
                match kind {
                    StreamKind::Genmove {
                        playouts_left,
                        deadline,
                        searched,
                        ..
                    } => {
                        *searched += stats.playouts;
                        let mut finished = false;
                        if let Some(left) = playouts_left {
                            *left = left.saturating_sub(stats.playouts);
                            finished |= *left == 0;
                        }
                        finished || deadline.is_some_and(|d| now >= d)
                    }
                    _ => false,
                }
            }
        };
        let now = now_ms();
        let mut out = String::new();
        if line_due || now >= stream.next_line_at || finished {
            stream.next_line_at = now + stream.interval_ms;
            let candidates = match &stream.kind {
                StreamKind::Engine { pending, .. } => self.engine.move_candidates(pending),
                _ => self.search.search.candidates(),
            };
            // No line without a candidate: an empty one would end the
            // response before its move.
            if !candidates.is_empty() {
                out.push_str(&info_line(&candidates, self.game.size()));
            }
        }
        if finished {
            out.push_str(&self.end_stream());
        }
        (!out.is_empty()).then_some(out)
    }

    /// Ends the open stream: for `genmove_analyze` chooses and plays the
    /// move (`play D4`), then the empty line that ends the response.
    pub(super) fn end_stream(&mut self) -> String {
        let Some(stream) = self.stream.take() else {
            return String::new();
        };
        let color = stream.color;
        let mut out = String::new();
        match stream.kind {
            StreamKind::Analyze | StreamKind::Engine { genmove: false, .. } => {}
            StreamKind::Genmove {
                searched, started, ..
            } => {
                if searched < INTERRUPTED_MOVE_PLAYOUTS {
                    // Interrupted before its search had begun: a move
                    // chosen from no playouts at all would be a pass.
                    let left = INTERRUPTED_MOVE_PLAYOUTS - searched;
                    self.search
                        .search
                        .search(&self.game, color, TreeBudget::playouts(left));
                }
                let d = self.search.search.choose(&self.game, color);
                spend_time(self, color, ms_since(started));
                match play_decision(self, color, &d) {
                    Ok(text) => {
                        let _ = writeln!(out, "play {text}");
                    }
                    Err(e) => {
                        let _ = writeln!(out, "play pass # {e}");
                    }
                }
            }
            StreamKind::Engine {
                mut pending,
                genmove: true,
                started,
            } => {
                if pending.searching() && pending.playouts() < INTERRUPTED_MOVE_PLAYOUTS {
                    // As above: interrupted early, the move still gets a
                    // first look (within the move's own budget).
                    let left = INTERRUPTED_MOVE_PLAYOUTS - pending.playouts();
                    self.engine
                        .search_move(&mut pending, TreeBudget::playouts(left));
                }
                let d = self.engine.finish_move(*pending);
                spend_time(self, color, ms_since(started));
                match play_and_keep(self, color, d) {
                    Ok(text) => {
                        let _ = writeln!(out, "play {text}");
                    }
                    Err(e) => {
                        let _ = writeln!(out, "play pass # {e}");
                    }
                }
            }
        }
        out.push('\n');
        out
    }
}

/// One `info` line for the candidates, in Leela Zero's format.
pub(crate) fn info_line(candidates: &[RootMove], size: usize) -> String {
    let prior_sum: f32 = candidates.iter().map(|c| c.prior).sum();
    let mut out = String::new();
    for (order, c) in candidates.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        let prior = if prior_sum > 0.0 {
            c.prior / prior_sum
        } else {
            0.0
        };
        let _ = write!(
            out,
            "info move {} visits {} winrate {} prior {} order {} pv",
            move_text(c.mv, size),
            c.visits,
            (c.winrate * 10000.0).round() as u32,
            (prior * 10000.0).round() as u32,
            order
        );
        for &m in &c.pv {
            let _ = write!(out, " {}", move_text(m, size));
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::mcts::RootMove;
    use crate::rules::Point;

    /// Sabaki's parser of an analysis line (`parseAnalysis` in Sabaki's
    /// `src/modules/analysis.js`), transcribed step by step: split on
    /// `info`, take the trailing run of vertices as the variation (cut at
    /// the first pass), read the tokens before it as key/value pairs
    /// (dropping the `pv` key), keep moves that are vertices, winrate
    /// without a decimal point in hundredths of a percent.
    fn sabaki_parse(line: &str) -> Vec<(String, u32, f64, Vec<String>)> {
        let is_vertex = |t: &str| {
            let mut cs = t.chars();
            matches!(cs.next(), Some(c) if c.is_ascii_alphabetic())
                && !t[1..].is_empty()
                && t[1..].chars().all(|c| c.is_ascii_digit())
        };
        let mut out = Vec::new();
        // `line.split(/\s*info\s+/).slice(1)`
        for part in line.split("info ").skip(1) {
            let tokens: Vec<&str> = part.split_whitespace().collect();
            // The trailing run of vertices and passes is the variation.
            let mut start = tokens.len();
            while start > 0 && (tokens[start - 1] == "pass" || is_vertex(tokens[start - 1])) {
                start -= 1;
            }
            if start == tokens.len() {
                continue; // no variation: Sabaki drops the entry
            }
            let mut pv: Vec<String> = Vec::new();
            for t in &tokens[start..] {
                if *t == "pass" {
                    break;
                }
                pv.push(t.to_string());
            }
            // The tokens before it, less the last one (`pv`), in pairs.
            let head = &tokens[..start.saturating_sub(1)];
            assert_eq!(tokens[start - 1], "pv", "the variation follows the pv key");
            let mut fields = std::collections::HashMap::new();
            for pair in head.chunks(2) {
                assert_eq!(pair.len(), 2, "keys and values pair up in {part:?}");
                fields.insert(pair[0], pair[1]);
            }
            let mv = fields["move"];
            if !is_vertex(mv) {
                continue; // Sabaki keeps vertices only
            }
            let visits: u32 = fields["visits"].parse().expect("visits is a number");
            let w = fields["winrate"];
            let winrate = if w.contains('.') {
                w.parse::<f64>().unwrap() * 100.0
            } else {
                w.parse::<f64>().unwrap() / 100.0
            };
            out.push((mv.to_string(), visits, winrate, pv));
        }
        out
    }

    #[test]
    fn info_lines_parse_as_sabaki_parses_them() {
        let size = 19;
        let p = |x, y| Point::from_xy(x, y);
        let candidates = vec![
            RootMove {
                mv: Move::Play(p(15, 3)),
                visits: 120,
                winrate: 0.5321,
                prior: 0.75,
                pv: vec![Move::Play(p(15, 3)), Move::Play(p(3, 15)), Move::Pass],
                lead: 0.0,
                lead_error: f32::INFINITY,
                samples: 0,
            },
            RootMove {
                mv: Move::Play(p(3, 3)),
                visits: 8,
                winrate: 0.25,
                prior: 0.25,
                pv: vec![Move::Play(p(3, 3))],
                lead: 0.0,
                lead_error: f32::INFINITY,
                samples: 0,
            },
            RootMove {
                mv: Move::Pass,
                visits: 2,
                winrate: 0.1,
                prior: 0.0,
                pv: vec![Move::Pass],
                lead: 0.0,
                lead_error: f32::INFINITY,
                samples: 0,
            },
        ];
        let line = info_line(&candidates, size);
        assert_eq!(
            line,
            "info move Q16 visits 120 winrate 5321 prior 7500 order 0 pv Q16 D4 pass \
             info move D16 visits 8 winrate 2500 prior 2500 order 1 pv D16 \
             info move pass visits 2 winrate 1000 prior 0 order 2 pv pass\n"
        );
        let parsed = sabaki_parse(&line);
        assert_eq!(
            parsed,
            vec![
                (
                    "Q16".to_string(),
                    120,
                    53.21,
                    vec!["Q16".to_string(), "D4".to_string()]
                ),
                ("D16".to_string(), 8, 25.0, vec!["D16".to_string()]),
            ]
        );
    }

    /// A 9x9 session whose search runs `move_playouts` a move and reports
    /// every `interval_playouts`.
    fn searching_9x9(move_playouts: u64, interval_playouts: u64) -> GtpSession {
        let options = SearchOptions {
            move_playouts: Some(move_playouts),
            interval_playouts: Some(interval_playouts),
            ..SearchOptions::default()
        };
        let mut gtp = GtpSession::new().with_search(options);
        gtp.handle_line("boardsize 9");
        gtp
    }

    #[test]
    fn a_live_analysis_streams_until_the_next_command() {
        let mut gtp = searching_9x9(DEFAULT_MOVE_PLAYOUTS, 100);
        gtp.handle_line("play b E5");
        assert_eq!(gtp.handle_line("3 lz-analyze 20").as_deref(), Some("=3\n"));
        assert!(gtp.is_streaming());
        let mut visits = Vec::new();
        for _ in 0..3 {
            let line = gtp.poll().expect("a line per interval");
            assert!(line.ends_with('\n') && !line.ends_with("\n\n"), "{line:?}");
            let parsed = sabaki_parse(&line);
            assert!(!parsed.is_empty(), "{line:?}");
            visits.push(parsed.iter().map(|c| c.1).sum::<u32>());
        }
        // The tree grows by the interval's playouts from line to line.
        assert_eq!(visits, [100, 200, 300]);
        // The next command ends the response with its empty line; the
        // game is unchanged (White to move, one stone).
        assert_eq!(
            gtp.handle_line("4 showboard")
                .map(|r| r.starts_with("\n=4 ")),
            Some(true)
        );
        assert!(!gtp.is_streaming());
        assert_eq!(gtp.poll(), None);
        assert_eq!(gtp.game().board().stone_counts(), [1, 0]);
        assert_eq!(gtp.game().to_move(), Color::White);
    }

    #[test]
    fn genmove_analyze_streams_then_plays() {
        let mut gtp = searching_9x9(300, 100);
        // The 300 playouts are the bare search's budget: a classic level
        // (a tree level's is its own, see below).
        gtp.handle_line("moku_level 5");
        assert_eq!(
            gtp.handle_line("genmove_analyze w 10").as_deref(),
            Some("=\n")
        );
        let first = gtp.poll().unwrap();
        assert!(first.starts_with("info move "), "{first:?}");
        let second = gtp.poll().unwrap();
        assert!(second.starts_with("info move "), "{second:?}");
        // The third interval uses up the 300 playouts: the last info line,
        // the move, and the empty line that ends the response.
        let last = gtp.poll().unwrap();
        let lines: Vec<&str> = last.split('\n').collect();
        assert_eq!(lines.len(), 4, "{last:?}");
        assert!(lines[0].starts_with("info move "));
        assert!(lines[1].starts_with("play "), "{last:?}");
        assert_eq!((lines[2], lines[3]), ("", ""));
        assert!(!gtp.is_streaming());
        // The move was played for White.
        assert_eq!(gtp.game().board().stone_counts(), [0, 1]);
        assert_eq!(gtp.game().to_move(), Color::Black);
    }

    #[test]
    fn an_interrupted_genmove_analyze_still_plays_its_move() {
        let mut gtp = searching_9x9(10_000, 50);
        gtp.handle_line("lz-genmove_analyze b 10");
        gtp.poll().unwrap();
        let answer = gtp.handle_line("name").unwrap();
        assert!(answer.starts_with("play "), "{answer:?}");
        assert!(answer.ends_with("\n\n= moku\n\n"), "{answer:?}");
        assert_eq!(gtp.game().board().stone_counts(), [1, 0]);
    }

    #[test]
    fn a_genmove_analyze_interrupted_before_any_search_plays_no_pass() {
        // The next command arrives before the first poll: no playout was
        // searched for the move, yet it must be a real move on an empty
        // board, not a pass.
        let mut gtp = searching_9x9(10_000, 50);
        gtp.handle_line("genmove_analyze b 10");
        let answer = gtp.handle_line("name").unwrap();
        assert!(answer.starts_with("play "), "{answer:?}");
        assert!(!answer.starts_with("play pass"), "{answer:?}");
        assert_eq!(gtp.game().board().stone_counts(), [1, 0]);
    }

    /// Polls the open stream to its end; all it wrote.
    fn stream_to_the_end(gtp: &mut GtpSession) -> String {
        let mut out = String::new();
        for _ in 0..100_000 {
            if !gtp.is_streaming() {
                return out;
            }
            if let Some(text) = gtp.poll() {
                out.push_str(&text);
            }
        }
        panic!("the stream never ended: {out:?}");
    }

    /// A session at level 6 (a tree level) on `size`x`size` after the
    /// `setup` commands, the analysis lines every `interval` playouts.
    fn tree_level(size: usize, setup: &[&str], interval: u64) -> GtpSession {
        let options = SearchOptions {
            interval_playouts: Some(interval),
            ..SearchOptions::default()
        };
        let mut gtp = GtpSession::new().with_search(options);
        let first = [format!("boardsize {size}"), "moku_level 6".to_string()];
        for line in first
            .iter()
            .map(String::as_str)
            .chain(setup.iter().copied())
        {
            assert!(gtp.handle_line(line).unwrap().starts_with('='), "{line}");
        }
        gtp
    }

    /// The positions of the tests below: on each the bare search of the
    /// old `genmove_analyze` (5,000 playouts, simple priors, no guard)
    /// chose another move than `genmove` at level 6 (D8 against E3 on
    /// 9x9, E10 against C11 on 13x13).
    const POSITIONS: [(usize, &[&str]); 2] = [
        (9, &["komi 7", "play b E5", "play w C4"]),
        (13, &["play b D4", "play w K10", "play b K4"]),
    ];

    /// The colour to move after `setup`'s moves (Black first).
    fn to_move(setup: &[&str]) -> &'static str {
        let moves = setup.iter().filter(|c| c.starts_with("play")).count();
        if moves % 2 == 0 {
            "b"
        } else {
            "w"
        }
    }

    #[test]
    fn at_a_tree_level_genmove_analyze_plays_what_genmove_plays() {
        for (size, setup) in POSITIONS {
            let color = to_move(setup);
            let mut plain = tree_level(size, setup, 1_000);
            let answer = plain.handle_line(&format!("genmove {color}")).unwrap();
            let vertex = answer.trim_start_matches("= ").trim().to_string();

            let mut shown = tree_level(size, setup, 1_000);
            let header = shown.handle_line(&format!("genmove_analyze {color} 10"));
            assert_eq!(header.as_deref(), Some("=\n"));
            let out = stream_to_the_end(&mut shown);
            // A line per slice of 1,000 of the level's playouts (8,000 on
            // 9x9, 4,272 on 13x13), then the move and the empty line.
            let lines = out.lines().filter(|l| l.starts_with("info move ")).count();
            assert!(lines >= 4, "{out:?}");
            assert!(
                out.ends_with(&format!("play {vertex}\n\n")),
                "{size}x{size}: genmove played {vertex}, genmove_analyze {out:?}"
            );
            assert_eq!(shown.game().board().hash(), plain.game().board().hash());
            // The same decision, reasons and search figures included.
            assert_eq!(shown.last_decision, plain.last_decision, "{size}x{size}");
            let reasons = shown.handle_line("moku_reasons").unwrap();
            assert!(
                reasons.contains("the tree search reads it"),
                "{size}x{size}: {reasons:?}"
            );
            assert_eq!(Some(reasons), plain.handle_line("moku_reasons"));
        }
    }

    #[test]
    fn genmove_and_genmove_analyze_share_the_engines_tree() {
        // Moves alternately shown and not give the game of genmove alone:
        // each kept the engine's tree for the next, as genmove does.
        let (size, setup) = POSITIONS[1];
        let mut plain = tree_level(size, setup, 700);
        let mut mixed = tree_level(size, setup, 700);
        for (i, color) in ["w", "b", "w"].iter().enumerate() {
            let expected = plain.handle_line(&format!("genmove {color}")).unwrap();
            let vertex = expected.trim_start_matches("= ").trim();
            if i % 2 == 0 {
                mixed.handle_line(&format!("genmove_analyze {color} 10"));
                let out = stream_to_the_end(&mut mixed);
                assert!(out.ends_with(&format!("play {vertex}\n\n")), "{i}: {out:?}");
            } else {
                let answer = mixed.handle_line(&format!("genmove {color}"));
                assert_eq!(answer, Some(expected));
            }
            assert_eq!(mixed.last_decision, plain.last_decision, "move {i}");
        }
    }

    #[test]
    fn an_interrupted_genmove_analyze_at_a_tree_level_keeps_its_reasons() {
        let (size, setup) = POSITIONS[0];
        let mut gtp = tree_level(size, setup, 300);
        gtp.handle_line("genmove_analyze b 10");
        assert!(gtp.poll().unwrap().starts_with("info move "));
        let answer = gtp.handle_line("moku_reasons").unwrap();
        let (play, reasons) = answer.split_once("\n\n").unwrap();
        assert!(play.starts_with("play "), "{answer:?}");
        assert!(reasons.contains("the tree search reads it"), "{answer:?}");
        let d = gtp.last_decision.as_ref().unwrap();
        assert_eq!(d.search.as_ref().map(|s| s.playouts), Some(300));
    }

    #[test]
    fn genmove_analyze_counts_its_time_on_the_clock() {
        let (size, setup) = POSITIONS[0];
        let mut gtp = tree_level(size, setup, 2_000);
        gtp.handle_line("time_settings 600 0 0");
        gtp.handle_line("genmove_analyze b 10");
        stream_to_the_end(&mut gtp);
        let left = gtp
            .time_left(Color::Black)
            .expect("the move was counted against Black's clock");
        assert!(left.ms <= 600_000 && left.stones == 0, "{left:?}");
        assert_eq!(gtp.time_left(Color::White), None);
    }

    #[test]
    fn at_a_tree_level_lz_analyze_shows_the_engines_tree() {
        let (size, setup) = POSITIONS[1];
        let mut gtp = tree_level(size, setup, 400);
        assert_eq!(gtp.handle_line("lz-analyze w 10").as_deref(), Some("=\n"));
        let lines: Vec<String> = (0..3).map(|_| gtp.poll().unwrap()).collect();
        // What the engine itself finds, slice by slice, with its classic
        // priors on its own tree.
        let mut engine = crate::engine::Engine::new();
        let game = gtp.game().clone();
        let mut analysis = engine.begin_analysis(&game, Color::White);
        for line in &lines {
            engine.search_move(&mut analysis, TreeBudget::playouts(400));
            assert_eq!(line, &info_line(&engine.move_candidates(&analysis), size));
        }
        assert_eq!(gtp.handle_line("name").as_deref(), Some("\n= moku\n\n"));
        assert_eq!(gtp.game().board().hash(), game.board().hash());
    }

    #[test]
    fn the_bare_genmove_keeps_the_analysis_bare() {
        // `--genmove-mcts`: genmove is the bare search, and so is
        // genmove_analyze, which leaves no engine decision behind.
        let options = SearchOptions {
            move_playouts: Some(300),
            interval_playouts: Some(100),
            ..SearchOptions::default()
        };
        let mut gtp = GtpSession::new()
            .with_search(options)
            .with_tree_search_genmove();
        gtp.handle_line("boardsize 9");
        gtp.handle_line("genmove_analyze b 10");
        let out = stream_to_the_end(&mut gtp);
        assert_eq!(out.lines().filter(|l| l.starts_with("info ")).count(), 3);
        assert!(gtp.last_decision.is_none());
    }

    #[test]
    fn bad_arguments_start_no_stream() {
        let mut gtp = GtpSession::new();
        for bad in [
            "lz-analyze x 10",
            "lz-analyze b -1",
            "lz-analyze b 10 20",
            "genmove_analyze",
            "genmove_analyze q",
            "moku_mcts_genmove",
            "moku_mcts_genmove purple",
        ] {
            assert_eq!(
                gtp.handle_line(bad).as_deref(),
                Some("? syntax error\n\n"),
                "{bad}"
            );
            assert!(!gtp.is_streaming(), "{bad}");
        }
    }

    #[test]
    fn mcts_genmove_plays_a_legal_move() {
        let options = SearchOptions {
            move_playouts: Some(200),
            ..SearchOptions::default()
        };
        let mut gtp = GtpSession::new().with_search(options);
        gtp.handle_line("boardsize 9");
        gtp.handle_line("play b E5");
        let answer = gtp.handle_line("1 moku_mcts_genmove w").unwrap();
        assert!(answer.starts_with("=1 "), "{answer:?}");
        let vertex = answer[3..].trim();
        assert_ne!(vertex, "E5");
        assert_eq!(gtp.game().board().stone_counts(), [1, 1]);
        // The session refuses to play it again: it is on the board.
        assert_eq!(
            gtp.handle_line(&format!("play b {vertex}")).as_deref(),
            Some("? illegal move\n\n")
        );
    }
}
