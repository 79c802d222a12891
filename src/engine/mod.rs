//! The decision layer: move generators that return candidates with their
//! reasons, the pattern database, one valuation of reasons in moku, the
//! strategy, and the searches that choose a move.
//!
//! Uses the rules, record, reading and eval layers.

pub mod mcts;
pub mod playout;
