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
//! Two pipelines, each in its folder, over a few modules both use, and
//! one page on top that says how a move is chosen. The order, from the
//! bottom: a module uses only the ones in its own row or the rows above
//! it (`tests/layering.rs` holds it).
//!
//! | order | module | owns |
//! |---|---|---|
//! | 1 | `level` | [`Level`] 1–10 and their budgets; [`SearchKind`]; the playouts of a board size |
//! | 1 | `time` | the engine's clock ([`Timer`]; [`FnTimer`] the one the tree search's threads share), the move's deadline on it, GTP time controls to a per-move budget |
//! | 2 | `classic` | the classic pipeline: `context` (the root read once), [`generators`] (candidates with reasons), [`patterns`], `reason` ([`Reason`], English at the edge), `valuation` (reasons to moku: the one place), `evaluate` (the full-board evaluation), `strategy` (phase, lead, aggression, running weight, moyo weight), `search` (the pass first, then a quiescence alpha-beta) |
//! | 3 | `tree` | the tree pipeline: [`mcts`] (the Monte-Carlo tree search), [`playout`] (the playout policies), `guard` (the tree's move checked by the string reader) |
//! | 4 | [`words`] | the facts about a move that the page and GTP say in words |
//! | 4 | [`ownership`] | the playouts' owner of every point: the evaluation's second opinion |
//! | 4 | [`estimate`] | the count of a position by two tree searches |
//! | 5 | `decision` | what a move decision hands back: [`Decision`], [`Options`], [`PendingMove`], [`WhyNot`] |
//! | 6 | `classic::decide` | the classic path: root, generators, valuation, quiescence search → a [`Decision`] |
//! | 6 | `tree::decide` | the tree path: the kept tree rooted with the classic priors, searched in slices, guarded, explained |
//! | 7 | `genmove` | [`Engine`]: level → classic path or tree path → guard → [`Decision`]; "why not here?" |
//! | 8 | [`review`] | a record's moves valued beside the engine's, mistakes in words |
//!
//! Why the shared modules sit where they do: `level` and `time` are what
//! both pipelines are given (budgets, clocks), so they are at the
//! bottom; `words`, `ownership` and `estimate` read the tree search's
//! results and the classic reasons, so they sit above both pipelines;
//! `review` plays whole moves through the [`Engine`], so it is on top.
//! The two `decide` files belong to their pipelines' folders but make
//! [`Decision`]s, so they sit above `decision`.
//!
//! [`mcts`], [`playout`], [`generators`] and [`patterns`] are public
//! (benchmarks, examples and the GTP layer use them) and re-exported
//! here under their short names.
//!
//! Uses the rules, record, reading and eval layers.

mod classic;
mod decision;
pub mod estimate;
mod genmove;
mod level;
pub mod ownership;
pub mod review;
mod time;
mod tree;
pub mod words;

pub use classic::{generators, patterns};
pub use tree::{mcts, playout};

pub use classic::generators::Candidate;
pub use classic::reason::{thousands, Certainty, EndgameNote, Reason, ReasonKind, GUARDED};
pub use classic::strategy::{Phase, Strategy};
pub use decision::{
    CandidateVisits, Decision, Options, PendingMove, SearchSummary, WhyNot, CANDIDATES_SHOWN,
};
pub use genmove::{Engine, CLASSIC_SHARE};
pub use level::{
    scaled_playouts, Budgets, Level, LevelError, SearchKind, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL,
    REASON_LEVEL, SMALL_BOARD_PLAYOUTS_MAX, TREE_FROM_LEVEL,
};
#[cfg(not(target_arch = "wasm32"))]
pub use time::SystemTimer;
pub use time::{system_clock, FnTimer, FrozenTimer, TimeControl, Timer};
