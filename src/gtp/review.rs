//! `moku_review FILE [MOVE]`: the game review of an SGF file's main line
//! (every move, or move MOVE alone), one line per move: `N COLOR PLAYED
//! PREFERRED LOSS VERDICT`, e.g. `34 white K10 D4 24.0 blunder`. The
//! session's position is not changed.

use super::files::read_sgf_file;
use super::protocol::{Args, GtpError, Reply};
use super::session::{Command, GtpSession};
use crate::engine::review::{
    gtp_move, positions_before_moves, MoveReview, Reviewer, DEFAULT_REVIEW_LEVEL,
};
use crate::engine::Level;
use crate::record::{game_from_sgf_bytes, LoadUntil};

/// The review command.
pub(super) const COMMANDS: &[Command] =
    &[Command::new("moku_review", review)
        .analyze("string/Review a game (SGF file)/moku_review %f")];

fn line(m: &MoveReview, size: usize) -> String {
    format!(
        "{} {} {} {} {:.1} {}",
        m.number,
        m.color,
        gtp_move(m.played.mv, size),
        gtp_move(m.preferred.mv, size),
        m.loss,
        m.verdict.name()
    )
}

fn review(_: &mut GtpSession, args: Args<'_>) -> Reply {
    let (path, rest) = args.path(0)?;
    let only = match rest.len() {
        0 => None,
        1 => Some(rest.int(0)? as usize),
        _ => return Err(GtpError::Syntax),
    };
    let bytes = read_sgf_file(&path)?;
    let game = game_from_sgf_bytes(&bytes, LoadUntil::End)
        .map_err(|e| GtpError::Other(format!("cannot review '{path}': {e}")))?;
    // The review's own budget, whatever the session's level: a position's
    // search at level 3 is a second or less, a move's at level 10 is not.
    let level = Level::new(i64::from(DEFAULT_REVIEW_LEVEL)).expect("a valid level");
    let mut reviewer = Reviewer::new(level).map_err(|e| GtpError::Other(e.to_string()))?;
    let size = game.size();
    match only {
        Some(n) => {
            let positions = positions_before_moves(&game);
            let (before, played) = positions.get(n.wrapping_sub(1)).ok_or_else(|| {
                GtpError::Other(format!(
                    "the game has {} moves, no move {n}",
                    positions.len()
                ))
            })?;
            Ok(line(&reviewer.review_move(before, *played, n), size))
        }
        None => {
            let r = reviewer.review(&game, |_, _| true);
            Ok(r.moves
                .iter()
                .map(|m| line(m, size))
                .collect::<Vec<_>>()
                .join("\n"))
        }
    }
}
