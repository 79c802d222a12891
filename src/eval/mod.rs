//! Evaluation: the static evaluators of the classic programs and the one
//! struct that holds them all for a position. Handtalk's influence dots,
//! blocks and block danger (`handtalk`); Tajima and Sanechika's potential
//! values (`potential`) and moyo basins by the watershed (`moyo`); and
//! `analysis`, which reads the group statuses from the reading layer and
//! runs every evaluator once per position, cached, with a what-if for the
//! hover preview.
//!
//! Uses the rules and reading layers.

pub mod analysis;
pub mod consistency;
pub mod handtalk;
pub mod moyo;
pub mod potential;
pub mod score;
pub mod verdicts;

pub use analysis::{Analysis, Analyzer, GroupInfo};
pub use handtalk::{BlockInfo, Danger, HandtalkAnalysis};
pub use moyo::{BasinChange, BasinInfo, Completion, Moyo, MoyoAnalysis, MoyoParams};
pub use potential::{potential, RadiationModel};
pub use score::ScoreEstimate;
pub use verdicts::Verdicts;

/// Every position of `game`'s history with its side to move, the first
/// before any event: what a replay walks through.
pub(crate) fn history_positions(
    game: &crate::rules::Game,
) -> Vec<(crate::rules::Board, crate::rules::Color)> {
    let mut g = game.clone();
    let mut positions = vec![(g.board().clone(), g.to_move())];
    while g.undo().is_ok() {
        positions.push((g.board().clone(), g.to_move()));
    }
    positions.reverse();
    positions
}
