//! The reading layer's commands, compatible with GNU Go's regression
//! protocol: `attack`, `defend`, `owl_attack`, `owl_defend`,
//! `owl_does_attack`, `dragon_status`, `same_dragon`, `connect`,
//! `disconnect`, `eval_eye`, `analyze_semeai`, the hypothetical-move stack
//! `trymove`/`popgo`, `increase_depths`/`decrease_depths` (accepted, no
//! effect) and GNU Go's reading node counter; `moku_status` draws the
//! group status of every stone as a text board (GoGui `sboard`).
//!
//! Each command reads a copy of the board, so the position is left as it
//! was. Error texts are GNU Go's (`vertex must not be empty`, `vertices
//! must have same color`).

use super::protocol::{Args, GtpError, Reply};
use super::session::{Command, GtpSession};
use crate::eval::{Analyzer, GroupInfo, MoyoParams};
use crate::reading::owl;
use crate::reading::{self, connection, Answer, Budget, Code};
use crate::rules::{gtp_move, textboard, Board, Game, Move, Point, Status};

/// The reading command table.
pub(super) const COMMANDS: &[Command] = &[
    // `attack VERTEX`, `defend VERTEX`: can the string at VERTEX be
    // captured, saved?
    Command::new("attack", |s, args| tactical(s, args, reading::attack)),
    Command::new("defend", |s, args| tactical(s, args, reading::defend)),
    // `owl_attack VERTEX`, `owl_defend VERTEX`: can the dragon at VERTEX
    // be killed, saved?
    Command::new("owl_attack", |s, args| owl(s, args, reading::owl_attack)),
    Command::new("owl_defend", |s, args| owl(s, args, reading::owl_defend)),
    Command::new("owl_does_attack", owl_does_attack),
    Command::new("dragon_status", dragon_status),
    Command::new("same_dragon", same_dragon),
    // `connect VERTEX VERTEX`, `disconnect VERTEX VERTEX`: can the two
    // strings be connected, cut apart?
    Command::new("connect", |s, args| connection(s, args, reading::connect)),
    Command::new("disconnect", |s, args| {
        connection(s, args, reading::disconnect)
    }),
    Command::new("eval_eye", eval_eye),
    Command::new("analyze_semeai", analyze_semeai),
    Command::new("trymove", trymove),
    Command::new("popgo", popgo),
    Command::new("increase_depths", no_op),
    Command::new("decrease_depths", no_op),
    Command::new("reset_reading_node_counter", reset_reading_node_counter),
    Command::new("get_reading_node_counter", get_reading_node_counter),
    Command::new("moku_status", status_board).analyze("sboard/Group status/moku_status"),
];

/// The point of argument `i`, which must be a vertex (not a pass).
fn vertex(board: &Board, args: &Args<'_>, i: usize) -> Result<Point, GtpError> {
    args.vertex(i, board.size())?
        .ok_or_else(|| GtpError::Other("pass is not a vertex here".into()))
}

/// The point of argument `i`, which must hold a stone.
fn stone(board: &Board, args: &Args<'_>, i: usize) -> Result<Point, GtpError> {
    let p = vertex(board, args, i)?;
    if board.get(p).is_none() {
        return Err(GtpError::Other("vertex must not be empty".into()));
    }
    Ok(p)
}

/// Two stones of one colour (`connect`, `disconnect`, `same_dragon`).
fn two_stones(board: &Board, args: &Args<'_>) -> Result<(Point, Point), GtpError> {
    args.expect(2)?;
    let a = stone(board, args, 0)?;
    let b = stone(board, args, 1)?;
    Ok((a, b))
}

/// GNU Go's answer to a reading question: `0`, or the result code and the
/// move (`1 C3`).
fn coded(board: &Board, code: Code, point: Option<Point>) -> String {
    match code {
        Code::Fail => "0".into(),
        c => format!("{} {}", c.gnugo(), upper(board, point)),
    }
}

fn upper(board: &Board, point: Option<Point>) -> String {
    gtp_move(point, board.size()).to_uppercase()
}

/// A reader of one string or dragon (`attack`, `owl_defend`, ...).
type Read = fn(&mut Board, Point, &Budget) -> Answer;

/// The answer of `read` about the stone at the argument, on a copy of the
/// board.
fn read_stone(
    s: &GtpSession,
    args: &Args<'_>,
    read: Read,
    budget: &Budget,
) -> Result<(Board, Answer), GtpError> {
    args.expect(1)?;
    let mut board = s.game().board().clone();
    let p = stone(&board, args, 0)?;
    let a = read(&mut board, p, budget);
    Ok((board, a))
}

/// A tactical answer, counted in the session's reading node counter.
fn tactical(s: &mut GtpSession, args: Args<'_>, read: Read) -> Reply {
    let (board, a) = read_stone(s, &args, read, &Budget::default())?;
    s.reading_nodes += a.nodes;
    Ok(coded(&board, a.code, a.point))
}

/// The life-and-death budget of GNU Go's regression suites.
fn owl_budget() -> Budget<'static> {
    owl::gtp_budget()
}

/// An owl answer about the dragon at the argument (not counted in the
/// tactical node counter, as in GNU Go).
fn owl(s: &mut GtpSession, args: Args<'_>, read: Read) -> Reply {
    let (board, a) = read_stone(s, &args, read, &owl_budget())?;
    Ok(coded(&board, a.code, a.point))
}

/// `owl_does_attack MOVE VERTEX`: does the move kill the dragon?
fn owl_does_attack(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(2)?;
    let mut board = s.game().board().clone();
    let m = vertex(&board, &args, 0)?;
    let p = stone(&board, &args, 1)?;
    let c = board.get(p).expect("a stone").opponent();
    let u = board
        .play(m, c, false)
        .map_err(|e| GtpError::Other(e.to_string()))?;
    let r = if board.get(p).is_none() {
        Code::Win
    } else {
        owl::owl_defend_first(&mut board, p, &owl_budget())
            .code
            .reverse()
    };
    board.undo(u);
    Ok(r.gnugo().to_string())
}

/// `dragon_status VERTEX`: `alive`, `dead`, `seki` or `critical ATTACK
/// DEFENSE`: the group's verdict ([`verdict_analyzer`]).
fn dragon_status(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let board = s.game().board().clone();
    let p = stone(&board, &args, 0)?;
    let groups = verdicts(&mut s.analyzer, &s.game);
    let Some(g) = groups.iter().find(|g| g.stones.contains(&p)) else {
        return Err(GtpError::Other("no group at that vertex".into()));
    };
    Ok(match (g.status, g.attack, g.defense) {
        (Status::Critical, Some(attack), Some(defense)) => format!(
            "{} {} {}",
            Status::Critical.name(),
            upper(&board, Some(attack)),
            upper(&board, Some(defense))
        ),
        (st, _, _) => st.name().to_string(),
    })
}

/// `same_dragon VERTEX VERTEX`: `1` if both stones are of one dragon.
fn same_dragon(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let board = s.game().board();
    let (a, b) = two_stones(board, &args)?;
    let same = reading::dragon(board, a).contains(&board.chain_id(b));
    Ok(if same { "1" } else { "0" }.to_string())
}

/// A connection answer between two stones of one colour.
fn connection(
    s: &mut GtpSession,
    args: Args<'_>,
    read: fn(&mut Board, Point, Point, &Budget) -> Answer,
) -> Reply {
    let mut board = s.game().board().clone();
    let (a, b) = two_stones(&board, &args)?;
    if board.get(a) != board.get(b) {
        return Err(GtpError::Other("vertices must have same color".into()));
    }
    let r = read(
        &mut board,
        a,
        b,
        &Budget::nodes(connection::DEFAULT_CONNECT_NODES),
    );
    Ok(coded(&board, r.code, r.point))
}

/// `eval_eye VERTEX`: the eye space's value (`MIN MAX [ATTACK DEFENSE]`),
/// or `-1` when the point is in no eye space.
fn eval_eye(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let board = s.game().board();
    let p = vertex(board, &args, 0)?;
    Ok(reading::eyes::gtp_text(
        reading::eval_eye(board, p),
        board.size(),
    ))
}

/// `analyze_semeai DRAGON_A DRAGON_B`: the race between two dragons of
/// opposite colours (`SURVIVES KILLS MOVE` from A's side).
fn analyze_semeai(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(2)?;
    let mut board = s.game().board().clone();
    let a = stone(&board, &args, 0)?;
    let b = stone(&board, &args, 1)?;
    let r = reading::semeai(&mut board, a, b)
        .ok_or_else(|| GtpError::Other("vertices must have different colors".into()))?;
    Ok(format!(
        "{} {} {}",
        r.survives.gnugo(),
        r.kills.gnugo(),
        upper(&board, r.point)
    ))
}

/// `trymove COLOR VERTEX`: plays a move that `popgo` takes back.
fn trymove(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(2)?;
    let c = args.color(0)?;
    let size = s.game().size();
    let mv = match args.vertex(1, size)? {
        Some(p) => Move::Play(p),
        None => Move::Pass,
    };
    s.game_mut()
        .play_as(c, mv)
        .map_err(|_| GtpError::IllegalMove)?;
    let depth = s.game().history().len();
    s.trymove_stack.push(depth);
    Ok(String::new())
}

/// `popgo`: takes back the last `trymove`.
fn popgo(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    // Only a move this stack played, and only if nothing replaced the game
    // since (`loadsgf`, `clear_board`).
    let depth = s.game().history().len();
    if s.trymove_stack.last() != Some(&depth) {
        s.trymove_stack.clear();
        return Err(GtpError::Other("stack empty".into()));
    }
    s.game_mut().undo().map_err(|_| GtpError::CannotUndo)?;
    s.trymove_stack.pop();
    Ok(String::new())
}

fn no_op(_: &mut GtpSession, _: Args<'_>) -> Reply {
    Ok(String::new())
}

/// `reset_reading_node_counter` (GNU Go's name): counts the tactical
/// nodes of `attack` and `defend` from zero.
fn reset_reading_node_counter(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    s.reading_nodes = 0;
    Ok(String::new())
}

/// `get_reading_node_counter` (GNU Go's name): the tactical nodes of
/// `attack` and `defend` since the last reset.
fn get_reading_node_counter(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(s.reading_nodes.to_string())
}

/// `moku_status`: each stone's status code ([`Status::code`]: 1 alive,
/// 2 critical, 3 dead, 4 seki, 5 unknown), signed by colour (Black
/// positive); 0 on empty points. The verdicts of `dragon_status`
/// ([`verdict_analyzer`]).
fn status_board(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let groups = verdicts(&mut s.analyzer, &s.game);
    let board = s.game.board();
    let status_at = |p: Point| {
        groups
            .iter()
            .find(|g| g.stones.contains(&p))
            .map_or(Status::Alive, |g| g.status)
    };
    Ok(textboard::format(board, |p| match board.get(p) {
        None => 0,
        Some(c) => c.sign() * status_at(p).code() as i32,
    }))
}

/// The analyzer of GTP's statuses: the life-and-death layer's reading of
/// every group with the owl's default budget, overruled where the
/// playouts disagree with it (`Analyzer::with_ownership`). `dragon_status`,
/// `moku_status`, `final_status_list`, `final_score` and the evaluation
/// commands all read its verdicts; the page reads the same function with
/// its own, smaller budget per group.
pub(super) fn verdict_analyzer() -> Analyzer {
    Analyzer::with_ownership(crate::engine::ownership::ownership)
        .with_group_budget(owl::gtp_budget())
}

/// Every group of `game` with its verdict, `game`'s side to move first.
fn verdicts(analyzer: &mut Analyzer, game: &Game) -> Vec<GroupInfo> {
    analyzer
        .analyze_turn(game.board(), game.to_move(), &MoyoParams::default())
        .groups
        .clone()
}

/// The stones of `status` in GTP's verdicts, from an analyzer of their
/// own (the dead-stone hooks see the game only).
fn stones_with(game: &Game, status: Status) -> Vec<Point> {
    let mut stones: Vec<Point> = verdicts(&mut verdict_analyzer(), game)
        .into_iter()
        .filter(|g| g.status == status)
        .flat_map(|g| g.stones)
        .collect();
    stones.sort();
    stones
}

/// The dead stones for `final_score` and `final_status_list`: the groups
/// the life-and-death layer judges dead.
pub(super) fn dead_stones(game: &Game) -> Vec<Point> {
    stones_with(game, Status::Dead)
}

/// The stones in seki for `final_status_list seki`: the groups the
/// life-and-death layer judges in seki.
pub(super) fn seki_stones(game: &Game) -> Vec<Point> {
    stones_with(game, Status::Seki)
}
