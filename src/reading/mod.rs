//! Reading: the searches that decide what stones can do. String tactics
//! (attack, defend, ladders), static eye spaces, Benson's unconditional
//! life, connections between strings, dragons with their life and death
//! (the owl search) and capturing races (semeai).
//!
//! Every search takes one [`Budget`] (nodes, and an optional [`Clock`])
//! and answers with GNU Go's result codes ([`Code`]: 0 fail, 1 win, 2 and
//! 3 for kos), mostly as one [`Answer`] (code, key move, nodes searched).
//! The searches share one scored candidate list and one table of
//! move-ordering weights (`ordering`, with the reason for each); the board
//! queries they ask (what a move would do, without playing it) belong to
//! the rules layer.
//!
//! | module | answers |
//! |---|---|
//! | [`tactics`] | can a string be captured or saved ([`attack`], [`defend`]), ladders |
//! | [`eyes`] | how many eyes an eye space gives, and its vital points ([`eval_eye`]) |
//! | [`benson`] | which strings are alive unconditionally ([`unconditional`]) |
//! | [`connection`] | can two strings be connected or cut ([`connect`], [`disconnect`]) |
//! | `dragon` | what a dragon is: its strings, eye spaces and room to run |
//! | `ko` | ko captures that need a threat, for the searches that play whole lines |
//! | [`owl`] | can a dragon be killed or saved ([`owl_attack`], [`owl_defend`]), its status ([`group_status`], [`status_map`]) |
//! | `proof` | life and death of an enclosed group by proof-number search (df-pn), used by the owl queries first |
//! | `race` | capturing races by counting (Müller's classes) |
//! | [`semeai`](mod@semeai) | capturing races ([`semeai()`]): the count, and a search where it cannot decide |
//!
//! Uses the rules layer only. The evaluators, the engine and the command
//! layers read its answers.

mod answer;
pub mod benson;
mod budget;
mod candidates;
pub mod connection;
mod dragon;
pub mod eyes;
mod frame;
mod ko;
mod ordering;
pub mod owl;
pub(crate) mod proof;
mod race;
pub mod semeai;
pub mod tactics;
#[cfg(test)]
mod testing;

pub(crate) use answer::Goal;
pub use answer::{Answer, Code};
#[cfg(not(target_arch = "wasm32"))]
pub use budget::Deadline;
pub(crate) use budget::Meter;
pub use budget::{Budget, Clock};
pub(crate) use dragon::dragon;

pub use benson::unconditional;
pub use connection::{connect, disconnect};
pub use eyes::eval_eye;
pub use owl::{
    group_status, group_verdict, owl_attack, owl_defend, status_map, Basis, GroupStatus,
};
pub use semeai::semeai;
pub use tactics::{attack, defend};

/// Forgets the answers the reading keeps between calls on this thread
/// (proofs by region, tactical answers by position): afterwards a
/// position is read as if for the first time. For benchmarks that time
/// a first look at a position. The answers kept are the ones the same
/// question on the same position was given, so nothing else needs it.
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{attack, forget, Budget, Code};
/// let mut b = Board::from_ascii("
///     . . . . .
///     . . X . .
///     . X O . .
///     . . X . .
///     . . . . .");
/// let first = attack(&mut b, Point::from_xy(2, 2), &Budget::default());
/// forget();
/// let again = attack(&mut b, Point::from_xy(2, 2), &Budget::default());
/// assert_eq!((first.code, again.code), (Code::Win, Code::Win));
/// ```
pub fn forget() {
    proof::forget();
    tactics::forget();
}
