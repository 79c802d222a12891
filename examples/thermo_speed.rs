//! Times the thermography of a 19x19 endgame position (move 230 of GNU
//! Go's `games/strategy26.sgf`): all regions with an empty cache, then
//! after one move with the cache warm. Prints the regions too.
//!
//! Run: `cargo run --release --example thermo_speed`

use std::time::Instant;

use moku::eval::{analysis, thermo, Analyzer, MoyoParams};
use moku::record::{game_from_sgf, LoadUntil};
use moku::rules::gtp_vertex;

/// Timed runs (the minimum and the median are printed).
const RUNS: usize = 21;

const GAME: &str = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");

fn main() {
    if std::env::var_os("THERMO_MOVE150").is_some() {
        let game = game_from_sgf(GAME, LoadUntil::MoveNumber(151)).expect("the test game loads");
        let st = moku::rules::StatusMap::all_alive();
        let mut v = Vec::new();
        for _ in 0..RUNS {
            let t = Instant::now();
            let a = thermo::analyze(game.board(), &st);
            v.push(t.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(a);
        }
        v.sort_by(f64::total_cmp);
        println!(
            "move 150, all alive: min {:.3} median {:.3} ms",
            v[0],
            v[RUNS / 2]
        );
        let a = thermo::analyze(game.board(), &st);
        for r in &a.regions {
            println!(
                "{} {} {} empties {} nodes {} approx {}",
                r.id,
                r.origin.name(),
                r.points.len(),
                r.empties,
                r.nodes,
                r.approx
            );
        }
        println!("total nodes {}", a.nodes);
        return;
    }
    if std::env::var_os("THERMO_PROFILE").is_some() {
        profile();
        return;
    }
    let game = game_from_sgf(GAME, LoadUntil::MoveNumber(231)).expect("the test game loads");
    let board = game.board().clone();
    // The stones' statuses as the page reads them (life and death of every
    // group), read once: the thermography takes them as given.
    let status = analysis::status_of(
        &Analyzer::new()
            .analyze(&board, &MoyoParams::default())
            .groups,
    );
    print!("{}", board.to_ascii());
    let t = Instant::now();
    let a = thermo::analyze(&board, &status);
    let cold = t.elapsed();
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
    println!(
        "score {} settled {} nodes {}",
        a.score.decimal(),
        a.settled,
        a.nodes
    );
    let moves = thermo::endgame_moves(&board, &a, game.to_move());
    for m in moves.iter().take(8) {
        println!("{} {}", gtp_vertex(m.point, 19), m.text());
    }
    let mut ev = thermo::Evaluator::new();
    ev.analyze(&board, &status);
    let mut after = board.clone();
    after
        .play(moves[0].point, game.to_move(), false)
        .expect("the chosen move is legal");
    let t = Instant::now();
    let b = ev.analyze(&after, &status);
    let warm = t.elapsed();
    let mut cold_ms = Vec::new();
    let mut warm_ms = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut ev = thermo::Evaluator::new();
        ev.analyze(&board, &status);
        cold_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        ev.analyze(&after, &status);
        warm_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    cold_ms.sort_by(f64::total_cmp);
    warm_ms.sort_by(f64::total_cmp);
    println!(
        "empty cache: {:.3} ms first, min {:.3} median {:.3} ({} regions, {} nodes); \
         after one move: min {:.3} median {:.3} ({} nodes)",
        cold.as_secs_f64() * 1e3,
        cold_ms[0],
        cold_ms[RUNS / 2],
        a.regions.len(),
        a.nodes,
        warm_ms[0],
        warm_ms[RUNS / 2],
        b.nodes
    );
    let _ = warm;
}

/// Many empty-cache runs in a loop, for a profiler.
fn profile() {
    let game = game_from_sgf(GAME, LoadUntil::MoveNumber(231)).expect("the test game loads");
    let board = game.board().clone();
    // The stones' statuses as the page reads them (life and death of every
    // group), read once: the thermography takes them as given.
    let status = analysis::status_of(
        &Analyzer::new()
            .analyze(&board, &MoyoParams::default())
            .groups,
    );
    let mut warm = thermo::Evaluator::new();
    let base = warm.analyze(&board, &status);
    let m = thermo::endgame_moves(&board, &base, game.to_move())[0].point;
    let mut after = board.clone();
    after.play(m, game.to_move(), false).expect("legal");
    for _ in 0..2000 {
        std::hint::black_box(warm.clone().analyze(&after, &status));
    }
}
