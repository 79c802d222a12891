//! The tree pipeline: a Monte-Carlo tree search ([`mcts`]) over
//! playouts ([`playout`]), its move checked by the string reader
//! (`guard`), and the tree path that roots the engine's kept tree with
//! the classic candidates' priors, searches and explains its move
//! (`decide`).

pub(crate) mod decide;
pub(crate) mod guard;
pub mod mcts;
pub mod playout;
