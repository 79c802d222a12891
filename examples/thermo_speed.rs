//! The thermography of a 19x19 endgame position (move 230 of GNU Go's
//! `games/strategy26.sgf`): prints its regions with their values and the
//! endgame moves, then times every region with an empty cache and one
//! move later with the cache warm (the minimum and the median of a few
//! runs). With `THERMO_PROFILE=1` it only repeats the after-one-move case,
//! for a profiler.
//!
//! Run: `cargo run --release --example thermo_speed`

use std::time::Instant;

use moku::eval::{analysis, thermo, Analyzer, MoyoParams};
use moku::record::{game_from_sgf, LoadUntil};
use moku::rules::{gtp_vertex, Board, Color, StatusMap};

/// Timed runs.
const RUNS: usize = 21;

/// Repetitions for a profiler.
const PROFILE_RUNS: usize = 2000;

const GAME: &str = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");

/// Move 230 of the game, its side to move, and its stones' statuses as the
/// page reads them (life and death of every group, read once: the
/// thermography takes them as given).
fn position() -> (Board, Color, StatusMap) {
    let game = game_from_sgf(GAME, LoadUntil::MoveNumber(231)).expect("the test game loads");
    let board = game.board().clone();
    let groups = Analyzer::new()
        .analyze(&board, &MoyoParams::default())
        .groups
        .clone();
    (board, game.to_move(), analysis::status_of(&groups))
}

/// The position after the side to move's first endgame move.
fn after_first_move(board: &Board, to_move: Color, a: &thermo::ThermoAnalysis) -> Board {
    let m = thermo::endgame_moves(board, a, to_move)[0].point;
    let mut after = board.clone();
    after
        .play(m, to_move, false)
        .expect("the chosen move is legal");
    after
}

fn main() {
    let (board, to_move, status) = position();
    let a = thermo::analyze(&board, &status);
    let after = after_first_move(&board, to_move, &a);
    if std::env::var_os("THERMO_PROFILE").is_some() {
        let mut warm = thermo::Evaluator::new();
        warm.analyze(&board, &status);
        for _ in 0..PROFILE_RUNS {
            std::hint::black_box(warm.clone().analyze(&after, &status));
        }
        return;
    }
    print!("{}", board.to_ascii());
    for r in &a.regions {
        let pts: Vec<String> = r.points.iter().map(|&p| gtp_vertex(p, 19)).collect();
        println!(
            "{:3} {:10} mean {:>6} temp {:>5} {:12} nodes {:5} empties {:2} {}",
            r.id,
            r.origin.name(),
            r.mean.decimal(),
            r.temperature.decimal(),
            r.kind_name(),
            r.nodes,
            r.empties,
            pts.join(" ")
        );
    }
    println!("estimate {} (settled {})", a.score.decimal(), a.settled);
    for m in thermo::endgame_moves(&board, &a, to_move).iter().take(8) {
        println!("{} {}", gtp_vertex(m.point, 19), m.text());
    }
    let mut cold_ms = Vec::new();
    let mut warm_ms = Vec::new();
    let mut nodes = (0, 0);
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut ev = thermo::Evaluator::new();
        nodes.0 = ev.analyze(&board, &status).nodes;
        cold_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        nodes.1 = ev.analyze(&after, &status).nodes;
        warm_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    cold_ms.sort_by(f64::total_cmp);
    warm_ms.sort_by(f64::total_cmp);
    println!(
        "empty cache: min {:.3} ms, median {:.3} ms ({} regions, {} positions); \
         after one move: min {:.3} ms, median {:.3} ms ({} positions)",
        cold_ms[0],
        cold_ms[RUNS / 2],
        a.regions.len(),
        nodes.0,
        warm_ms[0],
        warm_ms[RUNS / 2],
        nodes.1
    );
}
