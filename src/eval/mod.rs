//! Evaluation: the static evaluators of the classic programs and the one
//! struct that holds them all for a position. Handtalk's influence dots,
//! blocks and block danger (`handtalk`); Tajima and Sanechika's potential
//! values (`potential`) and moyo basins by the watershed (`moyo`); the
//! endgame by thermography (`thermo`: regions, thermographs, the endgame
//! move choice); and
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
pub mod thermo;
pub mod verdicts;

pub use analysis::{Analysis, Analyzer, GroupInfo};
pub use handtalk::{BlockInfo, Danger, HandtalkAnalysis};
pub use moyo::{BasinChange, BasinInfo, Completion, Moyo, MoyoAnalysis, MoyoParams};
pub use potential::{potential, RadiationModel};
pub use score::ScoreEstimate;
pub use verdicts::{Ownership, Verdicts};
