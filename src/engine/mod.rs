//! The decision layer: move generators that return candidates with their
//! reasons, the pattern database, one valuation of reasons in moku, the
//! strategy, and the searches that choose a move — the Many Faces of Go
//! architecture with Handtalk's pattern efficiency (see
//! `docs/provenance.md`).
//!
//! ```
//! use moku::{Game, Move, RuleSet};
//! use moku::engine::{Engine, Level, Options};
//! let mut game = Game::new(9, RuleSet::Chinese, 7.0)?;
//! let mut engine = Engine::new();
//! let d = engine.genmove(&game, &Options { level: Some(Level::new(1)?), ..Options::default() });
//! game.play(d.mv)?; // always legal
//! for r in &d.reasons {
//!     println!("{}", r.text(9)); // e.g. "the classic search values it at +2.0 points"
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! | module | owns |
//! |---|---|
//! | `decision` | [`Engine`], [`Options`], [`Decision`], [`PendingMove`] (a tree level's move in steps), [`WhyNot`] |
//! | `level` | [`Level`] 1–10 and their budgets; [`SearchKind`] |
//! | `context` | the root: statuses read once, string tactics, local re-reads after a move |
//! | [`generators`] | candidates with reasons, one module per family; [`generators::candidates`] |
//! | [`patterns`] | the pattern database and its matcher |
//! | `reason` | [`Reason`] and [`ReasonKind`], English at the edge |
//! | `valuation` | reasons to moku, times efficiency: the one place |
//! | `evaluate` | the full-board evaluation |
//! | `strategy` | phase, ahead or behind, aggression, moyo weight |
//! | `search` | the pass first, then a quiescence alpha-beta over the best candidates |
//! | `guard` | the tree's move checked by the string reader: a near candidate that leaves fewer own stones capturable instead |
//! | `time` | clocks and GTP time controls to a per-move budget |
//! | [`review`] | a record's moves valued beside the engine's, mistakes in words |
//! | [`ownership`] | the playouts' owner of every point: the evaluation's second opinion |
//!
//! Uses the rules, record, reading and eval layers.

mod context;
mod decision;
pub mod estimate;
mod evaluate;
pub mod generators;
mod guard;
mod level;
pub mod mcts;
pub mod ownership;
pub mod patterns;
pub mod playout;
mod reason;
pub mod review;
mod search;
mod strategy;
mod time;
mod valuation;
pub mod words;

pub use decision::{
    Decision, Engine, Options, PendingMove, SearchStats, SearchSummary, WhyNot, CANDIDATES_SHOWN,
    CLASSIC_SHARE, SMALL_BOARD_PLAYOUTS_MAX,
};
pub use generators::endgame::{EndgameAdvisor, EndgameMove};
pub use generators::Candidate;
pub use level::{
    Budgets, Level, LevelError, SearchKind, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL, REASON_LEVEL,
    TREE_FROM_LEVEL,
};
pub use reason::{thousands, Certainty, Reason, ReasonKind, GUARDED};
pub use strategy::{Phase, Strategy};
#[cfg(not(target_arch = "wasm32"))]
pub use time::SystemTimer;
pub use time::{FnTimer, FrozenTimer, TimeControl, Timer};
