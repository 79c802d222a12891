//! The tree search on GTP: `moku_mcts_genmove`, the live analyses that
//! Sabaki, Lizzie and KataGo-era tools read (`lz-analyze`,
//! `genmove_analyze` and `lz-genmove_analyze` in Leela Zero's format,
//! `kata-analyze` and `kata-genmove_analyze` in KataGo's), and the
//! `genmove` GoGui can interrupt.
//!
//! # Which search
//!
//! `genmove_analyze` is `genmove` shown as it thinks, at every level: at
//! the tree levels (6-10, moku's default) the engine's classic valuation
//! and its priors, the engine's own kept tree, the level's playouts and
//! the clock's time, the guard, and the reasons `moku_reasons` shows
//! after it; at the classic levels (1-5) the classic decision, made
//! before the `=`, which has no tree to show: the move comes alone. With
//! the same position, seed and budget it plays the move `genmove` plays.
//! `lz-analyze` searches the engine's kept tree with the classic priors,
//! so its candidates are the ones `genmove` weighs (and a `genmove` of
//! the analysed position starts from them). Both value the position with
//! the classic valuation first: a fraction of a second on 19x19 before
//! the `=`.
//!
//! When `genmove` is the bare tree search (`moku gtp --genmove-mcts`),
//! all of them use the session's bare tree search of [`SearchOptions`]
//! (simple priors, no guard, no reasons), as `moku_mcts_genmove` always
//! does.
//!
//! # Live analysis without I/O
//!
//! `lz-analyze [COLOR] [INTERVAL] [KEY VALUE...]` answers `=` (with the
//! id) on a line of its own and then, every INTERVAL centiseconds, one
//! line of `info move D4 visits 120 winrate 5321 prior 812 lcb 5201
//! scoreLead 2.5 order 0 pv D4 Q16 ...`, one `info` group per candidate,
//! until the next command arrives; an empty line ends the response.
//! `genmove_analyze COLOR [INTERVAL] [KEY VALUE...]` does the same while
//! it thinks about its move, then writes `play D4` and the empty line (or
//! `? message` should the move fail).
//!
//! The session stays free of I/O: such a command starts a *stream*, the
//! host calls [`GtpSession::poll`] while no input is waiting and writes
//! what it returns, and the next input line ends the stream (its end is
//! written before the next response).
//!
//! [`SearchOptions`]: super::SearchOptions

use super::info::{info_line, kata_line, move_text};
use super::protocol::{self, Args, GtpError, Reply};
use super::search::{
    ms_since, now_ms, Format, Show, Stream, StreamKind, DEFAULT_INTERVAL_CS,
    INTERRUPTED_MOVE_PLAYOUTS, POLL_SLICE_MS, SLICE_PLAYOUTS_WITHOUT_CLOCK,
};
use super::session::{
    clocked_budget, move_options, play_and_keep, spend_time, Command, GtpSession,
};
use crate::engine::mcts::{RootMove, TreeBudget, TreeChoice};
use crate::rules::{Color, Move};

/// The tree-search command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_mcts_genmove", mcts_genmove),
    Command::new("lz-analyze", |s, args| analyze(s, args, Format::LeelaZero)),
    Command::new("lz-genmove_analyze", |s, args| {
        genmove_analyze(s, args, Format::LeelaZero)
    }),
    Command::new("genmove_analyze", |s, args| {
        genmove_analyze(s, args, Format::LeelaZero)
    }),
    Command::new("kata-analyze", |s, args| analyze(s, args, Format::KataGo)),
    Command::new("kata-genmove_analyze", |s, args| {
        genmove_analyze(s, args, Format::KataGo)
    }),
    // GoGui sends `# interrupt` to stop a command when the engine lists
    // this one; the line ends any stream (see `handle_line`).
    Command::new("gogui-interrupt", |_, args| {
        args.expect(0)?;
        Ok(String::new())
    }),
];

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

/// Plays `d` for `color` in the session's game; the vertex as GTP writes
/// it.
fn play_decision(s: &mut GtpSession, color: Color, d: &TreeChoice) -> Reply {
    s.game
        .play_as(color, d.mv)
        .map_err(|e| GtpError::Other(format!("the search chose an illegal move: {e}")))?;
    Ok(move_text(d.mv, s.game.size()))
}
/// Whether the analyses search with the engine (its level, priors,
/// kept tree, guard and reasons) rather than the bare tree search: at
/// every level, unless `genmove` itself is the bare search
/// (`--genmove-mcts`). At the classic levels `genmove_analyze` is
/// `genmove`'s classic decision, which has no tree to show, and
/// `lz-analyze` the engine's tree on the classic priors.
fn analyses_with_engine(s: &GtpSession) -> bool {
    !s.bare_genmove
}

/// An analysis command's arguments.
struct Request {
    color: Color,
    interval_cs: u32,
    show: Show,
}

/// Reads `[COLOR] [INTERVAL] [KEY VALUE...]`, the arguments of Leela
/// Zero's and KataGo's analysis commands (the colour required for a
/// move), with the keywords `interval N`, `minmoves N`, `maxmoves N`,
/// `avoid COLOR VERTEX,... UNTILDEPTH`, `allow COLOR VERTEX,...
/// UNTILDEPTH`, and KataGo's `ownership`, `ownershipStdev`, `pvVisits`,
/// `movesOwnership` and `rootInfo` (`true` or `false`). An `avoid` or
/// `allow` of the other colour, or of depth 0, does not touch the root's
/// moves, the only ones moku's lines and moves are about.
fn request(
    s: &GtpSession,
    args: &Args<'_>,
    genmove: bool,
    format: Format,
) -> Result<Request, GtpError> {
    let words = args.words();
    let size = s.game.size();
    let mut i = 0;
    let color = match words.first().and_then(|w| Color::parse(w)) {
        Some(c) => {
            i = 1;
            c
        }
        None if genmove => return Err(GtpError::Syntax),
        None => s.game.to_move(),
    };
    let mut interval_cs = DEFAULT_INTERVAL_CS;
    if let Some(w) = words.get(i) {
        if w.bytes().all(|b| b.is_ascii_digit()) {
            interval_cs = args.int(i)?;
            i += 1;
        }
    }
    let mut show = Show {
        format,
        avoid: Vec::new(),
        allow: Vec::new(),
        max_moves: None,
        ownership: false,
        id: None,
    };
    let flag = |i: usize| match args.word(i)? {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(GtpError::Syntax),
    };
    while i < words.len() {
        match words[i] {
            "interval" => interval_cs = args.int(i + 1)?,
            "minmoves" => {
                // Every candidate with playouts is shown already.
                args.int(i + 1)?;
            }
            "maxmoves" => show.max_moves = Some(args.int(i + 1)? as usize),
            key @ ("avoid" | "allow") => {
                let who = args.color(i + 1)?;
                let mut moves = Vec::new();
                for v in args.word(i + 2)?.split(',') {
                    moves.push(match Args::new(&[v]).vertex(0, size)? {
                        Some(p) => Move::Play(p),
                        None => Move::Pass,
                    });
                }
                let depth = args.int(i + 3)?;
                if who == color && depth > 0 {
                    if key == "avoid" {
                        show.avoid.extend(moves);
                    } else {
                        show.allow.extend(moves);
                    }
                }
                i += 2;
            }
            "ownership" if format == Format::KataGo => show.ownership = flag(i + 1)?,
            key @ ("ownershipStdev" | "movesOwnership" | "pvVisits" | "rootInfo")
                if format == Format::KataGo =>
            {
                if flag(i + 1)? {
                    return Err(GtpError::Other(format!("{key} true is not supported")));
                }
            }
            _ => return Err(GtpError::Syntax),
        }
        i += 2;
    }
    Ok(Request {
        color,
        interval_cs,
        show,
    })
}

/// `lz-analyze [COLOR] [INTERVAL] [KEY VALUE...]` and `kata-analyze`: the
/// engine's search of the position, a line every interval, until the
/// next command.
fn analyze(s: &mut GtpSession, args: Args<'_>, format: Format) -> Reply {
    let r = request(s, &args, false, format)?;
    let kind = if analyses_with_engine(s) {
        let started = now_ms();
        let game = s.game.clone();
        let pending = s.engine.begin_analysis(&game, r.color);
        StreamKind::Engine {
            pending: Box::new(pending),
            genmove: false,
            started,
        }
    } else {
        StreamKind::Analyze
    };
    open_stream(s, kind, r);
    Ok(String::new())
}

fn open_stream(s: &mut GtpSession, kind: StreamKind, r: Request) {
    let interval = interval_ms(r.interval_cs);
    s.stream = Some(Stream {
        kind,
        color: r.color,
        show: r.show,
        interval_ms: interval,
        next_line_at: now_ms() + interval,
    });
}

/// `genmove_analyze COLOR [INTERVAL] [KEY VALUE...]` (and
/// `lz-genmove_analyze`, `kata-genmove_analyze`): `genmove`'s move shown
/// as it is searched, then played.
fn genmove_analyze(s: &mut GtpSession, args: Args<'_>, format: Format) -> Reply {
    let r = request(s, &args, true, format)?;
    start_move(s, r)
}

/// Starts the move of `r.color` as a stream: the engine's (`genmove`'s
/// decision in steps: the valuation now, the search in the stream's
/// slices, the guard and the reasons at its end), or the bare search's.
fn start_move(s: &mut GtpSession, r: Request) -> Reply {
    if s.game.resigned().is_some() {
        return Err(GtpError::Other("the game is over".into()));
    }
    if analyses_with_engine(s) {
        let started = now_ms();
        let opts = move_options(s, r.color, false);
        let game = s.game.clone();
        let pending = s.engine.begin_move(&game, r.color, &opts);
        let kind = StreamKind::Engine {
            pending: Box::new(pending),
            genmove: true,
            started,
        };
        open_stream(s, kind, r);
        return Ok(String::new());
    }
    let budget = clocked_budget(s, r.color);
    let start = now_ms();
    let kind = StreamKind::Genmove {
        playouts_left: budget.playouts,
        deadline: budget.time_ms.map(|ms| start + ms),
        searched: 0,
        started: start,
    };
    open_stream(s, kind, r);
    Ok(String::new())
}

/// `genmove COLOR` as a stream without lines (`moku gtp`, at the tree
/// levels): the same move, which `# interrupt` (GoGui's
/// `gogui-interrupt`) or any other input ends early. Answered as
/// `genmove` is, with the command's id, once the move is played.
pub(super) fn interruptible_genmove(s: &mut GtpSession, args: Args<'_>, id: Option<&str>) -> Reply {
    args.expect(1)?;
    let color = args.color(0)?;
    let show = Show {
        format: Format::Quiet,
        avoid: Vec::new(),
        allow: Vec::new(),
        max_moves: None,
        ownership: false,
        id: Some(id.unwrap_or("").to_string()),
    };
    start_move(
        s,
        Request {
            color,
            interval_cs: DEFAULT_INTERVAL_CS,
            show,
        },
    )
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
            let show = &stream.show;
            let all = match &stream.kind {
                StreamKind::Engine { pending, .. } => self.engine.move_candidates(pending),
                _ => self.search.search.candidates(),
            };
            let candidates: Vec<RootMove> = all
                .into_iter()
                .filter(|c| show.allows(c.mv))
                .take(show.max_moves.unwrap_or(usize::MAX))
                .collect();
            // No line without a candidate: an empty one would end the
            // response before its move.
            let size = self.game.size();
            if !candidates.is_empty() {
                match show.format {
                    Format::LeelaZero => out.push_str(&info_line(&candidates, size)),
                    Format::KataGo => {
                        let ownership = if show.ownership {
                            let black = match &stream.kind {
                                StreamKind::Engine { pending, .. } => {
                                    self.engine.move_ownership(pending, None)
                                }
                                _ => Some(self.search.search.ownership()),
                            };
                            black
                                .filter(|o| o.len() == size * size)
                                .map(|o| for_the_mover(o, stream.color))
                        } else {
                            None
                        };
                        out.push_str(&kata_line(&candidates, size, ownership.as_deref()));
                    }
                    Format::Quiet => {}
                }
            }
        }
        if finished {
            out.push_str(&self.end_stream());
        }
        (!out.is_empty()).then_some(out)
    }

    /// Ends the open stream: for `genmove_analyze` chooses and plays the
    /// move (`play D4`), then the empty line that ends the response; a
    /// move that cannot be played ends it with a `?` line instead. A
    /// quiet `genmove` answers as `genmove` does (`= D4`, `? ...`).
    pub(super) fn end_stream(&mut self) -> String {
        let Some(stream) = self.stream.take() else {
            return String::new();
        };
        let color = stream.color;
        let show = stream.show;
        let played = match stream.kind {
            StreamKind::Analyze | StreamKind::Engine { genmove: false, .. } => {
                return "\n".to_string();
            }
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
                let mut d = self.search.search.choose(&self.game, color);
                if !show.allows(d.mv) {
                    d.mv =
                        allowed_move(&show, self.search.search.candidates().iter().map(|c| c.mv));
                }
                spend_time(self, color, ms_since(started));
                play_decision(self, color, &d)
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
                let searched: Vec<Move> = self
                    .engine
                    .move_candidates(&pending)
                    .iter()
                    .map(|c| c.mv)
                    .collect();
                let mut d = self.engine.finish_move(*pending);
                if !show.allows(d.mv) {
                    // The most searched allowed move, else the classic
                    // valuation's best, else the first legal one listed;
                    // the reasons were the other move's.
                    let classic = d.candidates.iter().map(|c| Move::Play(c.point));
                    let game = &self.game;
                    let listed = show.allow.iter().copied().filter(|&m| match m {
                        Move::Play(p) => game.check(color, p).is_ok(),
                        _ => true,
                    });
                    d.mv = allowed_move(&show, searched.into_iter().chain(classic).chain(listed));
                    d.reasons.clear();
                }
                spend_time(self, color, ms_since(started));
                play_and_keep(self, color, d)
            }
        };
        match (show.format, played) {
            (Format::Quiet, reply) => {
                protocol::format_response(show.id.as_deref().filter(|id| !id.is_empty()), &reply)
            }
            (_, Ok(text)) => format!("play {text}\n\n"),
            (_, Err(e)) => format!("? {e}\n\n"),
        }
    }
}

/// The first of `moves` that `show` allows, else a pass.
fn allowed_move(show: &Show, moves: impl Iterator<Item = Move>) -> Move {
    moves
        .filter(|&m| m != Move::Resign)
        .find(|&m| show.allows(m))
        .unwrap_or(Move::Pass)
}

/// Ownership of Black (+1) as the mover's.
fn for_the_mover(black: Vec<f32>, color: Color) -> Vec<f32> {
    match color {
        Color::Black => black,
        Color::White => black.into_iter().map(|o| -o).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::mcts::RootMove;
    use crate::gtp::search::{SearchOptions, DEFAULT_MOVE_PLAYOUTS};
    use crate::rules::{Move, Point};

    /// Sabaki's parser of an analysis line (`parseAnalysis` in Sabaki's
    /// `src/modules/analysis.js`), transcribed step by step: split on
    /// `info`, take the trailing run of vertices as the variation (cut at
    /// the first pass), read the tokens before it as key/value pairs
    /// (dropping the `pv` key), keep moves that are vertices, winrate
    /// without a decimal point in hundredths of a percent, `scoreLead` a
    /// number when present.
    #[allow(clippy::type_complexity)]
    fn sabaki_parse(line: &str) -> Vec<(String, u32, f64, Vec<String>, Option<f64>)> {
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
            let lead = fields
                .get("scoreLead")
                .map(|v| v.parse::<f64>().expect("scoreLead is a number"));
            out.push((mv.to_string(), visits, winrate, pv, lead));
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
                lead: 2.46,
                lead_error: f32::INFINITY,
                samples: 0,
            },
            RootMove {
                mv: Move::Play(p(3, 3)),
                visits: 8,
                winrate: 0.25,
                prior: 0.25,
                pv: vec![Move::Play(p(3, 3))],
                lead: -1.24,
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
            // lcb: 0.5321 - 1.96 * sqrt(0.5321 * 0.4679 / 120) = 0.4428;
            // with 8 visits 0.25 - 1.96 * 0.1531 < 0, shown as 0.
            "info move Q16 visits 120 winrate 5321 prior 7500 lcb 4428 scoreLead 2.5 order 0 pv Q16 D4 pass \
             info move D16 visits 8 winrate 2500 prior 2500 lcb 0 scoreLead -1.2 order 1 pv D16 \
             info move pass visits 2 winrate 1000 prior 0 lcb 0 scoreLead 0.0 order 2 pv pass\n"
        );
        let parsed = sabaki_parse(&line);
        assert_eq!(
            parsed,
            vec![
                (
                    "Q16".to_string(),
                    120,
                    53.21,
                    vec!["Q16".to_string(), "D4".to_string()],
                    Some(2.5)
                ),
                (
                    "D16".to_string(),
                    8,
                    25.0,
                    vec!["D16".to_string()],
                    Some(-1.2)
                ),
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
    fn the_bare_genmove_analyze_streams_then_plays() {
        // `--genmove-mcts`: the 300 playouts are the bare search's budget.
        let mut gtp = bare_tree_search_on_9x9();
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

    /// A 9x9 session whose genmove is the bare tree search
    /// (`--genmove-mcts`), 300 playouts a move, an analysis line every 100.
    fn bare_tree_search_on_9x9() -> GtpSession {
        let options = SearchOptions {
            move_playouts: Some(300),
            interval_playouts: Some(100),
            ..SearchOptions::default()
        };
        let mut gtp = GtpSession::new()
            .with_search(options)
            .with_tree_search_genmove();
        gtp.handle_line("boardsize 9");
        gtp
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
        crate::gtp::tests::black_alone_spent_time(&gtp);
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
        let mut gtp = bare_tree_search_on_9x9();
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

    /// How Sabaki reads a `genmove_analyze` response, line by line: `info`
    /// lines through `parseAnalysis`, the `play` line as the move, an
    /// empty line as the end; any other line (a `?` error) is an error.
    #[allow(clippy::type_complexity)]
    fn sabaki_genmove(
        out: &str,
    ) -> Result<(Vec<(String, u32, f64, Vec<String>, Option<f64>)>, String), String> {
        let mut analysis = Vec::new();
        for line in out.lines() {
            if line.starts_with("info ") {
                analysis = sabaki_parse(line);
            } else if let Some(mv) = line.strip_prefix("play ") {
                return Ok((analysis, mv.trim().to_string()));
            } else if !line.is_empty() {
                return Err(line.to_string());
            }
        }
        Err(format!("no move in {out:?}"))
    }

    /// The 9x9 position of [`POSITIONS`] at `level`, the analysis lines
    /// every 300 playouts.
    fn nine_at(level: u8) -> GtpSession {
        let (size, setup) = POSITIONS[0];
        let mut gtp = tree_level(size, setup, 300);
        gtp.handle_line(&format!("moku_level {level}"));
        gtp
    }

    #[test]
    fn genmove_analyze_plays_genmoves_move_at_levels_3_and_6() {
        for level in [3, 6] {
            let mut plain = nine_at(level);
            let answer = plain.handle_line("genmove b").unwrap();
            let vertex = answer.trim_start_matches("= ").trim().to_string();

            let mut shown = nine_at(level);
            assert_eq!(
                shown.handle_line("genmove_analyze b 10").as_deref(),
                Some("=\n")
            );
            let out = stream_to_the_end(&mut shown);
            let (analysis, mv) = sabaki_genmove(&out).expect("Sabaki reads the response");
            assert_eq!(mv, vertex, "level {level}: {out:?}");
            assert_eq!(shown.last_decision, plain.last_decision, "level {level}");
            if level == 6 {
                // The tree level shows its search, the move among it.
                assert!(analysis.iter().any(|c| c.0 == vertex), "{out:?}");
                assert!(analysis.iter().all(|c| c.4.is_some()), "{out:?}");
            } else {
                // A classic level has no tree to show: the move alone.
                assert!(analysis.is_empty(), "{out:?}");
            }
            assert_eq!(
                shown.handle_line("moku_reasons"),
                plain.handle_line("moku_reasons")
            );
        }
    }

    #[test]
    fn lz_analyze_takes_the_keyword_forms_and_honours_avoid_and_allow() {
        let mut gtp = nine_at(6);
        let header = gtp
            .handle_line("2 lz-analyze b interval 10 avoid b E5,D5,pass 1 minmoves 2 maxmoves 3");
        assert_eq!(header.as_deref(), Some("=2\n"));
        for _ in 0..3 {
            let line = gtp.poll().unwrap();
            let parsed = sabaki_parse(&line);
            assert!(!parsed.is_empty() && parsed.len() <= 3, "{line:?}");
            for c in &parsed {
                assert!(
                    c.0 != "E5" && c.0 != "D5",
                    "an avoided move shown: {line:?}"
                );
                assert!(c.4.is_some(), "no scoreLead: {line:?}");
            }
            assert!(line.contains(" lcb "), "{line:?}");
        }
        gtp.handle_line("name");
        // `allow`: the listed moves alone.
        gtp.handle_line("lz-analyze b 10 allow b C3,G7 1");
        // A slice whose tree has no allowed move yet writes no line.
        let line = (0..50)
            .find_map(|_| gtp.poll())
            .expect("a line with an allowed move");
        let moves: Vec<String> = sabaki_parse(&line).into_iter().map(|c| c.0).collect();
        assert!(!moves.is_empty(), "{line:?}");
        assert!(moves.iter().all(|m| m == "C3" || m == "G7"), "{line:?}");
        gtp.handle_line("name");
        // An `avoid` for the other colour, or beyond the root, is no
        // filter of Black's moves here: the same line as without it.
        let mut a = nine_at(6);
        let mut b = nine_at(6);
        a.handle_line("lz-analyze b 10");
        b.handle_line("lz-analyze b 10 avoid w E5 1 avoid b E5 0");
        assert_eq!(a.poll(), b.poll());
    }

    #[test]
    fn genmove_analyze_plays_an_allowed_move() {
        let mut gtp = nine_at(6);
        gtp.handle_line("lz-genmove_analyze b 10 allow b C3,G7 1");
        let out = stream_to_the_end(&mut gtp);
        let (_, mv) = sabaki_genmove(&out).unwrap();
        assert!(mv == "C3" || mv == "G7", "{out:?}");
        let mut gtp = nine_at(3);
        gtp.handle_line("genmove_analyze b avoid b E3,E5,D5,F5,E4,E6,D4,F4,D6,F6 1");
        let out = stream_to_the_end(&mut gtp);
        let (_, mv) = sabaki_genmove(&out).unwrap();
        assert!(
            !["E3", "E5", "D5", "F5", "E4", "E6", "D4", "F4", "D6", "F6"].contains(&mv.as_str()),
            "{out:?}"
        );
    }

    #[test]
    fn bad_keyword_forms_start_no_stream() {
        let mut gtp = nine_at(6);
        for (bad, error) in [
            ("lz-analyze b avoid b E5", "syntax error"),
            ("lz-analyze b interval", "syntax error"),
            ("lz-analyze b avoid b Z99 1", "syntax error"),
            ("lz-analyze b avoid x E5 1", "syntax error"),
            ("lz-analyze b frobnicate 3", "syntax error"),
            ("lz-analyze b ownership true", "syntax error"),
            ("kata-analyze b ownership maybe", "syntax error"),
            (
                "kata-analyze b ownershipStdev true",
                "ownershipStdev true is not supported",
            ),
            ("genmove_analyze interval 10", "syntax error"),
        ] {
            assert_eq!(
                gtp.handle_line(bad),
                Some(format!("? {error}\n\n")),
                "{bad}"
            );
            assert!(!gtp.is_streaming(), "{bad}");
        }
        assert_eq!(gtp.game().board().stone_counts(), [1, 1]);
    }

    /// The numbers after `ownership` on a `kata-analyze` line.
    fn ownership_of(line: &str) -> Vec<f32> {
        let (_, tail) = line.split_once(" ownership ").expect("an ownership");
        tail.split_whitespace()
            .map(|v| v.parse().expect("a number"))
            .collect()
    }

    #[test]
    fn kata_analyze_writes_katagos_fields_and_the_ownership() {
        for (size, color, sign) in [(9, "b", 1.0), (9, "w", -1.0), (13, "b", 1.0)] {
            let mut gtp = tree_level(size, &["play b E5"], 300);
            gtp.handle_line(&format!(
                "kata-analyze {color} 10 ownership true ownershipStdev false"
            ));
            let line = gtp.poll().unwrap();
            let ownership = ownership_of(&line);
            assert_eq!(ownership.len(), size * size, "{line:?}");
            assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
            // E5: row `size - 5` from the top, column 4. Black's stone
            // is the mover's own when Black moves, the other's else.
            let e5 = (size - 5) * size + 4;
            assert!(sign * ownership[e5] > 0.5, "{color}: {}", ownership[e5]);
            let first = line.split(" info ").next().unwrap();
            let fields: Vec<&str> = first.split_whitespace().collect();
            let value = |key: &str| {
                let i = fields
                    .iter()
                    .position(|f| *f == key)
                    .unwrap_or_else(|| panic!("{key} in {first:?}"));
                fields[i + 1]
            };
            let winrate: f32 = value("winrate").parse().unwrap();
            assert!(value("winrate").contains('.') && (0.0..=1.0).contains(&winrate));
            for key in ["scoreLead", "scoreMean", "scoreStdev", "prior", "lcb"] {
                let _: f32 = value(key).parse().unwrap_or_else(|_| panic!("{key}"));
            }
            assert_eq!(value("order"), "0");
            gtp.handle_line("name");
        }
        // Without `ownership true`, no ownership.
        let mut gtp = tree_level(9, &[], 300);
        gtp.handle_line("kata-analyze 10");
        assert!(!gtp.poll().unwrap().contains("ownership"));
    }

    #[test]
    fn gogui_interrupts_a_genmove_and_other_commands_wait_for_it() {
        let (size, setup) = POSITIONS[0];
        let mut plain = tree_level(size, setup, 300);
        let expected = plain.handle_line("genmove b").unwrap();
        // Any command but the interrupt waits for the whole move.
        let mut gtp = tree_level(size, setup, 300).with_interruptible_genmove();
        assert_eq!(gtp.handle_line("4 genmove b").as_deref(), Some(""));
        assert!(gtp.is_streaming());
        let answer = gtp.handle_line("name").unwrap();
        assert_eq!(
            answer,
            format!("{}= moku\n\n", expected.replacen('=', "=4", 1))
        );
        assert_eq!(gtp.last_decision, plain.last_decision);
        // `# interrupt` plays at once what the search found so far.
        let mut gtp = tree_level(size, setup, 300).with_interruptible_genmove();
        gtp.handle_line("genmove b");
        gtp.poll();
        let answer = gtp.handle_line("# interrupt").unwrap();
        assert!(
            answer.starts_with("= ") && answer.ends_with("\n\n"),
            "{answer:?}"
        );
        assert!(!gtp.is_streaming());
        let searched = gtp.last_decision.as_ref().and_then(|d| d.search.as_ref());
        assert_eq!(searched.map(|s| s.playouts), Some(300));
        assert_eq!(gtp.game().board().stone_counts(), [2, 1]);
        // GoGui sends it only to an engine that lists the command.
        assert!(gtp
            .handle_line("list_commands")
            .unwrap()
            .contains("\ngogui-interrupt\n"));
        // Not streaming, it is a comment.
        assert_eq!(gtp.handle_line("# interrupt"), None);
    }

    /// Lizzie's check of a Leela Zero engine's `version` answer: the
    /// major and minor numbers must reach 0.15.
    fn lizzie_accepts(answer: &str) -> bool {
        let v = answer.trim_start_matches('=').trim();
        let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
        let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        major > 0 || minor >= 15
    }

    #[test]
    fn the_version_switch_passes_lizzies_check() {
        let mut moku = GtpSession::new();
        let own = moku.handle_line("version").unwrap();
        assert_eq!(own, format!("= {}\n\n", env!("CARGO_PKG_VERSION")));
        assert!(!lizzie_accepts(&own));
        let mut lz = GtpSession::new().with_version("0.17");
        let answer = lz.handle_line("version").unwrap();
        assert_eq!(answer, "= 0.17\n\n");
        assert!(lizzie_accepts(&answer));
    }
}
