//! The GNU Go regression commands of the reading layer (`attack`,
//! `defend`, ...), as text in, text out, on a bare board: the GTP engine
//! and the suite runner both call [`run`].

use crate::tactics::{self, Answer, Budget, Code};
use crate::{connection, lifedeath};
use crate::{gtp_move, parse_gtp_vertex, Board, Color, Point};

/// Tactical nodes searched by `attack` and `defend` since the start of the
/// process (for the suite runner's nodes-per-second figure).
static TACTICAL_NODES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Tactical nodes searched by the `attack` and `defend` commands so far.
pub fn tactical_nodes() -> u64 {
    TACTICAL_NODES.load(std::sync::atomic::Ordering::Relaxed)
}

fn count(a: &Answer) {
    TACTICAL_NODES.fetch_add(a.nodes, std::sync::atomic::Ordering::Relaxed);
}

/// Names of the commands [`run`] knows.
pub const COMMANDS: &[&str] = &[
    "attack",
    "defend",
    "eval_eye",
    "owl_attack",
    "owl_defend",
    "owl_does_attack",
    "dragon_status",
    "same_dragon",
    "connect",
    "disconnect",
    "analyze_semeai",
];

fn vertex(board: &Board, text: Option<&&str>) -> Result<Point, String> {
    let t = text.ok_or("missing vertex")?;
    match parse_gtp_vertex(t, board.size()) {
        Ok(Some(p)) => Ok(p),
        Ok(None) => Err("pass is not a vertex here".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn stone(board: &Board, text: Option<&&str>) -> Result<Point, String> {
    let p = vertex(board, text)?;
    if board.get(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    Ok(p)
}

fn answer(board: &Board, a: &Answer) -> String {
    match a.code {
        Code::Fail => "0".into(),
        c => format!(
            "{} {}",
            c.gnugo(),
            gtp_move(a.point, board.size()).to_uppercase()
        ),
    }
}

/// Runs one reading command; `None` if the command is not one of
/// [`COMMANDS`]. `to_move` is the side to move (used by the commands that
/// need one).
pub fn run(
    board: &mut Board,
    _to_move: Color,
    cmd: &str,
    args: &[&str],
) -> Option<Result<String, String>> {
    let budget = Budget::default();
    let r = match cmd {
        "attack" => stone(board, args.first()).map(|p| {
            let a = tactics::attack(board, p, &budget);
            count(&a);
            answer(board, &a)
        }),
        "defend" => stone(board, args.first()).map(|p| {
            let a = tactics::defend(board, p, &budget);
            count(&a);
            answer(board, &a)
        }),
        "eval_eye" => vertex(board, args.first()).map(|p| match crate::eyes::eval_eye(board, p) {
            None => "-1".to_string(),
            Some(e) if e.min == e.max => format!("{} {}", e.min, e.max),
            Some(e) => format!(
                "{} {} {} {}",
                e.min,
                e.max,
                gtp_move(e.attack, board.size()).to_uppercase(),
                gtp_move(e.defense, board.size()).to_uppercase()
            ),
        }),
        "owl_attack" | "owl_defend" => stone(board, args.first()).map(|p| {
            let b = Budget::nodes(lifedeath::DEFAULT_OWL_NODES);
            let a = if cmd == "owl_attack" {
                lifedeath::owl_attack(board, p, &b)
            } else {
                lifedeath::owl_defend(board, p, &b)
            };
            match (a.code, a.point) {
                (Code::Fail, _) => "0".to_string(),
                (c, m) => format!("{} {}", c.gnugo(), gtp_move(m, board.size()).to_uppercase()),
            }
        }),
        "owl_does_attack" => (|| {
            let m = vertex(board, args.first())?;
            let p = stone(board, args.get(1))?;
            let c = board.get(p).ok_or("empty")?.opponent();
            let u = board.play(m, c, false).map_err(|e| e.to_string())?;
            let r = if board.get(p).is_none() {
                Code::Win
            } else {
                let d =
                    lifedeath::owl_defend(board, p, &Budget::nodes(lifedeath::DEFAULT_OWL_NODES));
                d.code.reverse()
            };
            board.undo(u);
            Ok(r.gnugo().to_string())
        })(),
        "dragon_status" => stone(board, args.first()).map(|p| {
            match lifedeath::group_status(board, p, &Budget::nodes(lifedeath::DEFAULT_OWL_NODES)) {
                lifedeath::GroupStatus::Alive => "alive".to_string(),
                lifedeath::GroupStatus::Dead => "dead".to_string(),
                lifedeath::GroupStatus::Critical { attack, defense } => format!(
                    "critical {} {}",
                    gtp_move(Some(attack), board.size()).to_uppercase(),
                    gtp_move(Some(defense), board.size()).to_uppercase()
                ),
            }
        }),
        "same_dragon" => (|| {
            let a = stone(board, args.first())?;
            let b = stone(board, args.get(1))?;
            Ok(
                if lifedeath::dragon(board, a).contains(&board.chain_id(b)) {
                    "1"
                } else {
                    "0"
                }
                .to_string(),
            )
        })(),
        "connect" | "disconnect" => (|| {
            let a = stone(board, args.first())?;
            let b = stone(board, args.get(1))?;
            if board.get(a) != board.get(b) {
                return Err("vertices must have same color".to_string());
            }
            let budget = Budget::nodes(connection::DEFAULT_CONNECT_NODES);
            let r = if cmd == "connect" {
                connection::connect(board, a, b, &budget)
            } else {
                connection::disconnect(board, a, b, &budget)
            };
            Ok(match r.code {
                Code::Fail => "0".to_string(),
                c => format!(
                    "{} {}",
                    c.gnugo(),
                    gtp_move(r.point, board.size()).to_uppercase()
                ),
            })
        })(),
        "analyze_semeai" => (|| {
            let a = stone(board, args.first())?;
            let b = stone(board, args.get(1))?;
            let r = lifedeath::semeai(board, a, b).ok_or("vertices must have different colors")?;
            Ok(format!(
                "{} {} {}",
                r.survives.gnugo(),
                r.kills.gnugo(),
                gtp_move(r.point, board.size()).to_uppercase()
            ))
        })(),
        _ => return None,
    };
    Some(r)
}
