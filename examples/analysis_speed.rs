//! The page's analysis (life and death of every group, the playouts'
//! second opinion on it, then every evaluator) timed on every position of
//! whole 19x19 records, in the two measures of docs/performance.md:
//!
//! - **new position**: an analyzer that has seen nothing, the reading's
//!   answers kept between calls forgotten (what a jump
//!   to a position or the first look at a loaded record costs);
//! - **after one move**: the analyzer has just analysed the position one
//!   move earlier (what stepping through a record with the arrow key, or
//!   a game in progress, costs).
//!
//! It prints the median, the 95th percentile and the slowest position,
//! per record and over all of them, in milliseconds.
//! `scripts/bench-status.sh` runs it beside the same work in wasm and GNU
//! Go 3.8 reading the same positions.
//!
//! Run: `cargo run --release --example analysis_speed [-- FILE.sgf ...]`
//! (the default records are [`RECORDS`]).
//!
//! With `--at N FILE.sgf`, it analyses the position after move `N` of the
//! record once, as a new position, and prints its time: one position to
//! count the instructions of (`valgrind --tool=callgrind
//! target/release/examples/analysis_speed --at 150
//! tests/data/gnugo-regression/games/strategy26.sgf`).
//!
//! With `--after N FILE.sgf`, it analyses the position after move `N - 1`,
//! then times the position after move `N` with the same analyzer: one step
//! of the arrow key. Only the second analysis runs in `timed_analysis`,
//! so callgrind can count it alone (`--collect-atstart=no
//! --toggle-collect='*timed_analysis*'`).

use std::time::Instant;

use moku::eval::{Analyzer, MoyoParams};
use moku::record::{game_from_sgf, LoadUntil};
use moku::rules::Board;

/// An analyzer as the page's: the reading overruled by the playouts'
/// ownership where they disagree.
fn page_analyzer() -> Analyzer {
    Analyzer::with_ownership(moku::engine::ownership::ownership)
}

/// Three whole professional-length 19x19 games from GNU Go's test data:
/// the record the issue names and the two longest other full games.
const RECORDS: [&str; 3] = [
    "tests/data/gnugo-regression/games/strategy26.sgf",
    "tests/data/gnugo-regression/games/FSF-neurogo.sgf",
    "tests/data/gnugo-regression/games/incident278.sgf",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str);
    if mode == Some("--at") || mode == Some("--after") {
        let (Some(n), Some(file)) = (args.get(1).and_then(|n| n.parse().ok()), args.get(2)) else {
            eprintln!("usage: analysis_speed --at MOVE FILE.sgf, or --after MOVE FILE.sgf");
            std::process::exit(2);
        };
        one_position(file, n, mode == Some("--after"));
        return;
    }
    let files: Vec<String> = if args.is_empty() {
        RECORDS.iter().map(|s| s.to_string()).collect()
    } else {
        args
    };
    let params = MoyoParams::default();
    let (mut all_new, mut all_step) = (Vec::new(), Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = game_from_sgf(&text, LoadUntil::End).unwrap_or_else(|e| panic!("{file}: {e}"));
        let boards = game.history_boards();
        let new = time_each(&boards, &params);
        moku::reading::forget();
        let mut stepping = page_analyzer();
        let step: Vec<f64> = boards
            .iter()
            .map(|b| {
                let t = Instant::now();
                std::hint::black_box(stepping.analyze(b, &params));
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        report(file, boards.len(), &new, &step);
        all_new.extend(new);
        all_step.extend(step);
    }
    report("all records", all_new.len(), &all_new, &all_step);
}

/// Analyses the position after move `n` of `file` and prints its time: as
/// a new position, or (`step`) right after the position before it.
fn one_position(file: &str, n: usize, step: bool) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let game = game_from_sgf(&text, LoadUntil::End).unwrap_or_else(|e| panic!("{file}: {e}"));
    let boards = game.history_boards();
    let (Some(board), true) = (boards.get(n), !step || n > 0) else {
        eprintln!(
            "{file} has {} moves; --after needs move 1 or later",
            boards.len() - 1
        );
        std::process::exit(2);
    };
    let params = MoyoParams::default();
    let ms = if step {
        moku::reading::forget();
        let mut a = page_analyzer();
        std::hint::black_box(a.analyze(&boards[n - 1], &params));
        timed_analysis(&mut a, board, &params)
    } else {
        time_each(std::slice::from_ref(board), &params)[0]
    };
    let how = if step {
        "after the move before"
    } else {
        "as a new position"
    };
    println!("{file}, move {n} {how}: {ms:.1} ms");
}

/// Milliseconds for `a` to analyse `board`; kept out of line so that a
/// profiler can count this call alone.
#[inline(never)]
fn timed_analysis(a: &mut Analyzer, board: &Board, params: &MoyoParams) -> f64 {
    let t = Instant::now();
    std::hint::black_box(a.analyze(board, params));
    t.elapsed().as_secs_f64() * 1000.0
}

/// Milliseconds to analyse each board with an analyzer that has seen
/// nothing.
fn time_each(boards: &[Board], params: &MoyoParams) -> Vec<f64> {
    boards
        .iter()
        .map(|b| {
            moku::reading::forget();
            timed_analysis(&mut page_analyzer(), b, params)
        })
        .collect()
}

fn report(name: &str, positions: usize, new: &[f64], step: &[f64]) {
    let (n, s) = (summary(new), summary(step));
    println!(
        "{name}: {positions} positions; new position median {:.1} ms, p95 {:.1} ms, max {:.1} ms; \
         after one move median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        n.0, n.1, n.2, s.0, s.1, s.2
    );
}

/// Median, 95th percentile (nearest rank) and maximum.
fn summary(ms: &[f64]) -> (f64, f64, f64) {
    let mut v = ms.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    (rank(0.5), rank(0.95), v[v.len() - 1])
}
