//! The analysis commands: every evaluator layer as a text board (one line
//! per row, top row first, Black positive) or a vertex list, so layers can
//! be tested and compared from the command line and drawn by GoGui.

use super::{Args, Command, GtpSession, Reply};
use crate::{moyo, MoyoParams, StatusMap};

/// The analysis command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_potential", potential).analyze("dboard/Potential values/moku_potential"),
    Command::new("moku_moyo", moyo_basins).analyze("dboard/Moyo basins/moku_moyo"),
    Command::new("moku_weak_points", weak_points)
        .analyze("plist/Moyo weak points/moku_weak_points"),
];

/// The stone status the evaluators read.
fn status(s: &GtpSession) -> StatusMap {
    let _ = s;
    StatusMap::all_alive()
}

fn moyo_analysis(s: &GtpSession) -> moyo::MoyoAnalysis {
    moyo::analyze(s.game().board(), &status(s), &MoyoParams::default())
}

fn potential(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(moyo_analysis(s).potential_text(s.game().board()))
}

fn moyo_basins(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(moyo_analysis(s).basins_text(s.game().board()))
}

fn weak_points(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(moyo_analysis(s).weak_points_text())
}
