//! How far the statuses of a kept `Analyzer` (which takes unchanged
//! dragons from its status cache, `reading::owl::StatusCache`) drift from
//! a fresh read of the same position: every position of each record is
//! analysed twice, once by an analyzer that stepped there move by move,
//! once by a new one, and the stone statuses are compared. The figures of
//! `reading::owl::LOCAL_RADIUS` come from it.
//!
//! Run: `cargo run --release --example status_cache_drift -- FILE.sgf ...`
//! (default: `games/strategy26.sgf` of GNU Go's test data).

use moku::eval::{Analyzer, MoyoParams};
use moku::record::{game_from_sgf, LoadUntil};

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        files.push("tests/data/gnugo-regression/games/strategy26.sgf".into());
    }
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let last = game_from_sgf(&text, LoadUntil::End)
            .unwrap_or_else(|e| panic!("{f}: {e}"))
            .move_number();
        let mut stepping = Analyzer::new();
        let (mut positions, mut stones, mut stones_differ) = (0, 0, 0);
        for m in 0..=last {
            let g = game_from_sgf(&text, LoadUntil::MoveNumber(m)).expect("loaded once already");
            let kept = stepping
                .analyze(g.board(), &MoyoParams::default())
                .status
                .clone();
            let fresh = Analyzer::new()
                .analyze(g.board(), &MoyoParams::default())
                .status
                .clone();
            let differ = kept.iter().zip(&fresh).filter(|(a, b)| a != b).count();
            stones += g
                .board()
                .points()
                .filter(|&p| g.board().get(p).is_some())
                .count();
            stones_differ += differ;
            positions += usize::from(differ > 0);
        }
        println!(
            "{f}: {} positions, {positions} with a status that differs from a fresh read, \
             {stones_differ} of {stones} stone statuses differ",
            last + 1
        );
    }
}
