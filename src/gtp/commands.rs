//! The standard GTP v2 commands (and GNU Go's `loadsgf`/`printsgf`, and
//! GoGui's `gogui-analyze_commands`). Each handler validates everything
//! before it changes anything, so a failed command leaves the session as
//! it was.

use super::files::read_sgf_file;
use super::protocol::{Args, GtpError, Reply};
use super::session::{new_game, Command, GtpSession, TimeLeft, TimeSettings};
use crate::record::{game_from_sgf_bytes, game_to_sgf, LoadUntil};
use crate::rules::{
    fixed_handicap_points, free_handicap_points, gtp_vertex, max_fixed_handicap, parse_gtp_vertex,
    Color, Event, Game, HandicapError, Move, Point, MAX_SIZE, MIN_SIZE,
};

/// The standard commands, in the order `list_commands` shows them.
pub(super) const STANDARD: &[Command] = &[
    Command::new("protocol_version", protocol_version),
    Command::new("name", name),
    Command::new("version", version),
    Command::new("known_command", known_command),
    Command::new("list_commands", list_commands),
    Command::new("quit", quit),
    Command::new("boardsize", boardsize),
    Command::new("clear_board", clear_board),
    Command::new("komi", komi),
    Command::new("play", play),
    Command::new("undo", undo),
    Command::new("showboard", showboard),
    Command::new("fixed_handicap", fixed_handicap),
    Command::new("place_free_handicap", place_free_handicap),
    Command::new("set_free_handicap", set_free_handicap),
    Command::new("loadsgf", loadsgf),
    Command::new("printsgf", printsgf),
    Command::new("final_score", final_score),
    Command::new("final_status_list", final_status_list),
    Command::new("time_settings", time_settings),
    Command::new("time_left", time_left),
    Command::new("kgs-time_settings", kgs_time_settings),
    Command::new("gogui-analyze_commands", gogui_analyze_commands),
];

fn protocol_version(_: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok("2".to_string())
}

fn name(_: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok("moku".to_string())
}

/// moku's version, or the one `moku gtp --lz-version` asks for.
fn version(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(s.version
        .clone()
        .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_string()))
}

fn known_command(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    Ok(s.find(args.word(0)?).is_some().to_string())
}

fn list_commands(s: &mut GtpSession, args: Args<'_>) -> Reply {
    command_lines(s, args, |c| Some(c.name))
}

/// A command without arguments that answers, one a line, what `line`
/// gives for each registered command (skipping those it gives `None`).
fn command_lines(
    s: &GtpSession,
    args: Args<'_>,
    line: fn(&Command) -> Option<&'static str>,
) -> Reply {
    args.expect(0)?;
    Ok(s.commands
        .iter()
        .filter_map(line)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn quit(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    s.finished = true;
    Ok(String::new())
}

/// A new empty board of the given size; komi and rules stay.
fn boardsize(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let size = args.int(0)? as usize;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GtpError::UnacceptableSize);
    }
    s.game = new_game(size, s.game.rules(), s.game.komi());
    s.time_left = [None; 2];
    Ok(String::new())
}

fn clear_board(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    s.game = new_game(s.game.size(), s.game.rules(), s.game.komi());
    // A new game: the clocks start from the main time again.
    s.time_left = [None; 2];
    Ok(String::new())
}

fn komi(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let komi = args.float(0)?;
    s.game.set_komi(komi);
    Ok(String::new())
}

/// Either colour may move at any time; only the rules decide legality.
fn play(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(2)?;
    let color = args.color(0)?;
    let mv = match args.vertex(1, s.game.size())? {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    };
    s.game
        .play_as(color, mv)
        .map_err(|_| GtpError::IllegalMove)?;
    Ok(String::new())
}

/// Takes back the last move. Setup stones from `loadsgf` and handicap
/// stones are not moves and stay.
fn undo(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    if !matches!(s.game.history().last(), Some(Event::Move { .. })) {
        return Err(GtpError::CannotUndo);
    }
    s.game.undo().map_err(|_| GtpError::CannotUndo)?;
    Ok(String::new())
}

fn showboard(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(board_diagram(&s.game))
}

/// The board as GNU Go draws it: `X` Black, `O` White, `+` star points,
/// coordinates on every side and the captures beside the middle rows.
/// Starts with a line break so that the rows line up after `= `.
pub(super) fn board_diagram(game: &Game) -> String {
    let board = game.board();
    let n = board.size();
    let stars = star_points(n);
    let letters: String = (0..n)
        .map(|x| format!(" {}", &gtp_vertex(Point::from_xy(x, 0), n)[..1]))
        .collect();
    let mut out = format!("\n  {letters}\n");
    for y in 0..n {
        let row = n - y;
        out.push_str(&format!("{row:2}"));
        for x in 0..n {
            let p = Point::from_xy(x, y);
            let c = match board.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if stars.contains(&p) => '+',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {row}"));
        let middle = n / 2;
        if y + 1 == middle {
            let k = game.captures(Color::White);
            out.push_str(&format!("     WHITE (O) has captured {k} stones"));
        } else if y == middle {
            let k = game.captures(Color::Black);
            out.push_str(&format!("     BLACK (X) has captured {k} stones"));
        }
        out.push('\n');
    }
    out.push_str(&format!("  {letters}"));
    out
}

/// The star points drawn on an empty board: the 4th-line and middle points
/// from 13x13 up, the corners and centre of smaller boards from 7x7.
fn star_points(size: usize) -> Vec<Point> {
    let count = match max_fixed_handicap(size) {
        9 if size < 13 => 5,
        m => m,
    };
    if count < 2 {
        return Vec::new();
    }
    fixed_handicap_points(size, count).unwrap_or_default()
}

fn vertex_list(points: &[Point], size: usize) -> String {
    points
        .iter()
        .map(|&p| gtp_vertex(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fixed_handicap(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let stones = args.int(0)? as usize;
    let size = s.game.size();
    let points =
        fixed_handicap_points(size, stones).map_err(|_| GtpError::InvalidNumberOfStones)?;
    s.game.set_free_handicap(&points).map_err(handicap_error)?;
    Ok(vertex_list(&points, size))
}

fn place_free_handicap(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let stones = args.int(0)? as usize;
    let size = s.game.size();
    if stones < 2 || stones >= size * size {
        return Err(GtpError::InvalidNumberOfStones);
    }
    let points =
        free_handicap_points(size, stones).unwrap_or_else(|_| central_points(size, stones));
    s.game.set_free_handicap(&points).map_err(handicap_error)?;
    Ok(vertex_list(&points, size))
}

/// `n` points nearest the centre, for boards without star points.
fn central_points(size: usize, n: usize) -> Vec<Point> {
    let c = (size as i32 - 1) / 2;
    let mut pts: Vec<Point> = (0..size * size)
        .map(|i| Point::from_row_major(i, size))
        .collect();
    pts.sort_by_key(|p| {
        let (dx, dy) = ((p.x() as i32 - c).abs(), (p.y() as i32 - c).abs());
        (dx.max(dy), dx + dy)
    });
    pts.truncate(n);
    pts
}

fn set_free_handicap(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let size = s.game.size();
    if !board_is_empty(&s.game) {
        return Err(GtpError::BoardNotEmpty);
    }
    let mut points = Vec::with_capacity(args.len());
    for i in 0..args.len() {
        match args.vertex(i, size) {
            Ok(Some(p)) if !points.contains(&p) => points.push(p),
            _ => return Err(GtpError::BadVertexList),
        }
    }
    if points.len() < 2 || points.len() >= size * size {
        return Err(GtpError::BadVertexList);
    }
    s.game.set_free_handicap(&points).map_err(handicap_error)?;
    Ok(String::new())
}

/// Where `loadsgf` stops, as its second argument says.
enum Until<'a> {
    End,
    MoveNumber(usize),
    /// A vertex, resolved once the file's board size is known.
    Vertex(&'a str),
}

/// `loadsgf filename [move_number | vertex]` (GNU Go's regression
/// command): the file's main line replayed up to the position before that
/// move, or before the first move at that vertex, with that move's player
/// to move; board size, komi and rules from the file. Answers the colour
/// to move, as GNU Go does.
fn loadsgf(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let (path, rest) = args.path(0)?;
    let until = match rest.len() {
        0 => Until::End,
        1 => {
            if let Ok(n) = rest.int(0) {
                Until::MoveNumber(n as usize)
            } else {
                // A vertex of some board: pass is no point, and `I` no column.
                match rest.vertex(0, MAX_SIZE)? {
                    Some(_) => Until::Vertex(rest.word(0)?),
                    None => return Err(GtpError::Syntax),
                }
            }
        }
        _ => return Err(GtpError::Syntax),
    };
    let cannot = || GtpError::Other(format!("cannot open or parse '{path}'"));
    let bytes = read_sgf_file(&path)?;
    let game = match until {
        Until::End => game_from_sgf_bytes(&bytes, LoadUntil::End),
        Until::MoveNumber(n) => game_from_sgf_bytes(&bytes, LoadUntil::MoveNumber(n)),
        Until::Vertex(v) => {
            let size = game_from_sgf_bytes(&bytes, LoadUntil::MoveNumber(0))
                .map_err(|_| cannot())?
                .size();
            // A vertex beyond the file's board is never played: load it all.
            match parse_gtp_vertex(v, size) {
                Ok(Some(p)) => game_from_sgf_bytes(&bytes, LoadUntil::Vertex(p)),
                _ => game_from_sgf_bytes(&bytes, LoadUntil::End),
            }
        }
    }
    .map_err(|_| cannot())?;
    s.game = game;
    Ok(s.game.to_move().to_string())
}

/// `printsgf [filename]` (GNU Go's): the game as SGF, in the response or,
/// given a file name, written to that file.
fn printsgf(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let sgf = game_to_sgf(&s.game);
    if args.len() == 0 {
        return Ok(sgf);
    }
    let (path, rest) = args.path(0)?;
    rest.expect(0)?;
    std::fs::write(&path, sgf).map_err(|_| GtpError::Other(format!("cannot write '{path}'")))?;
    Ok(String::new())
}

fn board_is_empty(g: &Game) -> bool {
    g.history().is_empty() && g.board().empty_count() == g.size() * g.size()
}

fn handicap_error(e: HandicapError) -> GtpError {
    match e {
        HandicapError::InvalidNumber { .. } => GtpError::InvalidNumberOfStones,
        HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
        HandicapError::Repeated | HandicapError::OffBoard => GtpError::BadVertexList,
    }
}

/// The dead stones of the session's estimator, each dead string whole.
fn dead_points(s: &GtpSession) -> Vec<Point> {
    let board = s.game.board();
    let mut dead: Vec<Point> = Vec::new();
    for p in (s.dead_stones)(&s.game) {
        if board.on_board(p) && board.get(p).is_some() && !dead.contains(&p) {
            dead.extend(board.chain(p));
        }
    }
    dead
}

fn final_score(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    if s.game.resigned().is_some() {
        return Err(GtpError::CannotScore);
    }
    Ok(s.game.score(&dead_points(s)).result_text())
}

/// One line per string with the asked status, strings in board order.
/// Seki comes from the life-and-death layer; a dead-stone estimator of the
/// caller's tells only dead stones apart, and then the seki list is empty.
fn final_status_list(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let want = args.word(0)?;
    if !matches!(want, "alive" | "dead" | "seki") {
        return Err(GtpError::Syntax);
    }
    let dead = dead_points(s);
    let seki = s.seki_stones.map(|f| f(&s.game)).unwrap_or_default();
    let board = s.game.board();
    let size = board.size();
    let mut seen: Vec<Point> = Vec::new();
    let mut lines = Vec::new();
    for p in board.points() {
        if board.get(p).is_none() || seen.contains(&p) {
            continue;
        }
        let mut chain: Vec<Point> = board.chain(p).collect();
        chain.sort();
        seen.extend(&chain);
        let status = if dead.contains(&p) {
            "dead"
        } else if seki.contains(&p) {
            "seki"
        } else {
            "alive"
        };
        if status == want {
            lines.push(vertex_list(&chain, size));
        }
    }
    Ok(lines.join("\n"))
}

/// `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`. GTP's "no time
/// limit" is `byo_yomi_time > 0` with no stones; `0 0 0` (no time at all,
/// a clock that has already run out) is read as no limit too, since that
/// is what controllers that send it mean: taken literally, every move
/// would get a budget of 1 ms.
fn time_settings(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(3)?;
    let settings = TimeSettings {
        main_time: args.int(0)?,
        byo_yomi_time: args.int(1)?,
        byo_yomi_stones: args.int(2)?,
        japanese: false,
    };
    set_time_settings(s, settings);
    Ok(String::new())
}

/// KGS's `kgs-time_settings`, which names the time system:
/// `none`, `absolute MAIN`, `canadian MAIN BYO_YOMI_TIME STONES`, or
/// `byoyomi MAIN PERIOD_TIME PERIODS` (Japanese byo-yomi: each move in
/// one period; see [`TimeSettings`]).
fn kgs_time_settings(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let system = args.word(0)?.to_ascii_lowercase();
    let settings = match system.as_str() {
        "none" => {
            args.expect(1)?;
            None
        }
        "absolute" => {
            args.expect(2)?;
            Some(TimeSettings {
                main_time: args.int(1)?,
                ..TimeSettings::default()
            })
        }
        "canadian" => {
            args.expect(4)?;
            Some(TimeSettings {
                main_time: args.int(1)?,
                byo_yomi_time: args.int(2)?,
                byo_yomi_stones: args.int(3)?,
                japanese: false,
            })
        }
        "byoyomi" => {
            args.expect(4)?;
            let (main_time, period, periods) = (args.int(1)?, args.int(2)?, args.int(3)?);
            Some(TimeSettings {
                main_time,
                // No periods: absolute time.
                byo_yomi_time: if periods > 0 { period } else { 0 },
                byo_yomi_stones: u32::from(periods > 0 && period > 0),
                japanese: true,
            })
        }
        _ => {
            return Err(GtpError::Other(
                "unknown time system (expected none, absolute, canadian or byoyomi)".into(),
            ))
        }
    };
    match settings {
        Some(t) => set_time_settings(s, t),
        None => {
            s.time_settings = None;
            s.time_left = [None; 2];
        }
    }
    Ok(String::new())
}

/// Installs new time settings; `0 0 0` means no limit (see
/// [`time_settings`]). The clocks start afresh under them: a report under
/// the old ones (a byo-yomi period, say) would misread them.
fn set_time_settings(s: &mut GtpSession, t: TimeSettings) {
    let unlimited = t.main_time == 0 && t.byo_yomi_time == 0;
    s.time_settings = if unlimited { None } else { Some(t) };
    s.time_left = [None; 2];
}

fn time_left(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(3)?;
    let color = args.color(0)?;
    let (seconds, mut stones) = (args.int(1)?, args.int(2)?);
    if s.time_settings.is_some_and(|t| t.japanese) {
        // Japanese byo-yomi reports periods left: the engine plays each
        // move in one period (see `TimeSettings`).
        stones = stones.min(1);
    }
    let left = TimeLeft {
        ms: u64::from(seconds) * 1000,
        stones,
    };
    s.time_left[color.index()] = Some(left);
    Ok(String::new())
}

/// GoGui's list of analysis commands, one `type/Title/command` per line.
fn gogui_analyze_commands(s: &mut GtpSession, args: Args<'_>) -> Reply {
    command_lines(s, args, |c| c.analyze)
}
