//! The GTP commands of later modules: the one place that lists them.
//!
//! Each command module of this folder exposes its commands as a table of
//! [`Command`]s (`analysis::COMMANDS` with `moku_influence` and the other
//! evaluator boards, `reading::COMMANDS` with GNU Go's reading commands),
//! and this file lists the tables, so that adding a command is one line in
//! its own module's table and a new table is one line here. Text boards use
//! `crate::rules::textboard::format`; analysis commands carry their GoGui line
//! (`dboard/Influence/moku_influence`) for `gogui-analyze_commands`.

use super::{Command, DeadStones};

/// Every extension command table, in the order `list_commands` shows them
/// (after the standard commands).
pub(super) const TABLES: &[&[Command]] = &[
    super::genmove::COMMANDS,
    super::analysis::COMMANDS,
    super::thermo::COMMANDS,
    super::evaluation::COMMANDS,
    super::reading::COMMANDS,
    super::analyze::COMMANDS,
    super::review::COMMANDS,
];

/// The dead-stone estimator `final_score` and `final_status_list` use: the
/// groups the life-and-death layer judges dead.
pub(super) const DEAD_STONES: DeadStones = super::reading::dead_stones;

/// The stones `final_status_list seki` lists with the default estimator:
/// the groups the life-and-death layer judges in seki.
pub(super) const SEKI_STONES: DeadStones = super::reading::seki_stones;
