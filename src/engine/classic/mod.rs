//! The classic pipeline: the root read once ([`context`]), candidates
//! with their reasons from the move generators ([`generators`], with the
//! pattern database [`patterns`]), one valuation of reasons in moku
//! (`valuation`, over the full-board `evaluate` and the `strategy`),
//! the quiescence search over the best candidates (`search`), and the
//! classic path that puts them together into a decision (`decide`).
//!
//! Data flows one way: `context` is computed once per decision and then
//! only read. The generators read it; the valuation and the search read
//! it through `lookahead`, which evaluates the positions after a move,
//! re-reads the statuses around it and keeps the counts and caches of
//! those reads. Nothing calls back into the context.

pub(crate) mod context;
pub(crate) mod decide;
pub(crate) mod evaluate;
pub mod generators;
pub(crate) mod lookahead;
pub mod patterns;
pub(crate) mod reason;
pub(crate) mod search;
pub(crate) mod strategy;
pub(crate) mod valuation;
