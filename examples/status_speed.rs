//! Life-and-death status of every group, timed on move 150 of a real game:
//! `cargo run --release --example status_speed`.
use moku::reading::{owl, Budget};
use moku::record::{game_from_sgf, LoadUntil};
use std::time::Instant;

fn main() {
    let text = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");
    let game = game_from_sgf(text, LoadUntil::MoveNumber(151)).expect("test game");
    for nodes in [250, 500, 1000, owl::DEFAULT_OWL_NODES] {
        let t = Instant::now();
        let n = 5;
        let mut dead = 0;
        for _ in 0..n {
            let m = std::hint::black_box(owl::status_map(game.board(), &Budget::nodes(nodes)));
            dead = game
                .board()
                .points()
                .filter(|&p| game.board().get(p).is_some() && m.get(p) == moku::rules::Status::Dead)
                .count();
        }
        println!(
            "status map at move 150, {nodes} nodes per group: {:.2} ms, {dead} dead stones",
            t.elapsed().as_secs_f64() * 1000.0 / n as f64
        );
    }
}
