//! The reading layer's commands, compatible with GNU Go's regression
//! protocol: `attack`, `defend`, `owl_attack`, `owl_defend`,
//! `owl_does_attack`, `dragon_status`, `same_dragon`, `connect`,
//! `disconnect`, `eval_eye`, the hypothetical-move stack `trymove`/`popgo`,
//! and `increase_depths`/`decrease_depths` (accepted, no effect). The
//! answers come from [`crate::reading_commands`]; `moku_status` draws the
//! group status of every stone as a text board (GoGui `sboard`).

use super::{Args, Command, GtpError, GtpSession, Reply};
use crate::{lifedeath, reading_commands, tactics, textboard, Game, Move, Point, StoneStatus};

/// The reading command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("attack", attack),
    Command::new("defend", defend),
    Command::new("owl_attack", owl_attack),
    Command::new("owl_defend", owl_defend),
    Command::new("owl_does_attack", owl_does_attack),
    Command::new("dragon_status", dragon_status),
    Command::new("same_dragon", same_dragon),
    Command::new("connect", connect),
    Command::new("disconnect", disconnect),
    Command::new("eval_eye", eval_eye),
    Command::new("analyze_semeai", analyze_semeai),
    Command::new("trymove", trymove),
    Command::new("popgo", popgo),
    Command::new("increase_depths", no_op),
    Command::new("decrease_depths", no_op),
    Command::new("moku_status", status_board).analyze("sboard/Group status/moku_status"),
];

/// Handlers that pass their own name to [`run`].
macro_rules! reading_handlers {
    ($($name:ident),*) => {
        $(fn $name(s: &mut GtpSession, args: Args<'_>) -> Reply {
            run(s, stringify!($name), args)
        })*
    };
}

reading_handlers!(
    attack,
    defend,
    owl_attack,
    owl_defend,
    owl_does_attack,
    dragon_status,
    same_dragon,
    connect,
    disconnect,
    eval_eye,
    analyze_semeai
);

/// Runs a reading command on a copy of the board (the position is left as
/// it was).
fn run(s: &mut GtpSession, name: &str, args: Args<'_>) -> Reply {
    let mut board = s.game().board().clone();
    let to_move = s.game().to_move();
    match reading_commands::run(&mut board, to_move, name, args.words()) {
        Some(Ok(text)) => Ok(text),
        Some(Err(e)) => Err(GtpError::Other(e)),
        None => Err(GtpError::UnknownCommand),
    }
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

/// `moku_status`: 1 alive, 2 injured (critical), 3 dead, 0 empty, signed
/// by colour (Black positive).
fn status_board(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let board = s.game().board();
    let map = lifedeath::status_map(board, &tactics::Budget::nodes(lifedeath::DEFAULT_OWL_NODES));
    Ok(textboard::format(board, |p| match board.get(p) {
        None => 0,
        Some(c) => {
            c.sign()
                * match map.get(p) {
                    StoneStatus::Alive | StoneStatus::Unknown => 1,
                    StoneStatus::Injured => 2,
                    StoneStatus::Dead => 3,
                }
        }
    }))
}

/// The dead stones for `final_score` and `final_status_list`: the groups
/// the life-and-death layer judges dead.
pub(super) fn dead_stones(game: &Game) -> Vec<Point> {
    let board = game.board();
    let map = lifedeath::status_map(board, &tactics::Budget::nodes(lifedeath::DEFAULT_OWL_NODES));
    board
        .points()
        .filter(|&p| board.get(p).is_some() && map.get(p) == StoneStatus::Dead)
        .collect()
}
