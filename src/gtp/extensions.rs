//! The GTP commands of later modules: the one place that lists them.
//!
//! The evaluators and the reading code sit below the formats in the data
//! flow; each exposes its analysis as a table of [`Command`]s (for example
//! `crate::eval::handtalk::influence::GTP_COMMANDS` with `moku_influence`), and this file
//! lists the tables, so that adding a command is one line in its own
//! module's table and a new table is one line here. Text boards use
//! `crate::rules::textboard::format`; analysis commands carry their GoGui line
//! (`dboard/Influence/moku_influence`) for `gogui-analyze_commands`.

use super::{Command, DeadStones};

/// Every extension command table, in the order `list_commands` shows them
/// (after the standard commands).
pub(super) const TABLES: &[&[Command]] = &[
    super::analysis::COMMANDS,
    super::reading::COMMANDS,
    super::analyze::COMMANDS,
];

/// The dead-stone estimator `final_score` and `final_status_list` use;
/// `None` counts every stone alive. The life-and-death layer's groups
/// judged dead.
pub(super) const DEAD_STONES: Option<DeadStones> = Some(super::reading::dead_stones);
