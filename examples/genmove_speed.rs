//! Time and nodes of one `genmove` per level on two real positions (9x9
//! move 30 of a self-made game is not in the repository, so: move 30 and
//! move 150 of `strategy26.sgf`, 19x19): `cargo run --release --example
//! genmove_speed [LEVEL...]`.
use moku::engine::{Engine, Level, Options};
use moku::record::{game_from_sgf, LoadUntil};
use std::time::Instant;

fn main() {
    let text = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");
    let levels: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let levels = if levels.is_empty() {
        vec![1, 3, 5]
    } else {
        levels
    };
    for mv in [31, 151] {
        let game = game_from_sgf(text, LoadUntil::MoveNumber(mv)).expect("test game");
        for &l in &levels {
            let mut e = Engine::new();
            let opts = Options {
                level: Some(Level::new(l).expect("level 1-10")),
                ..Options::default()
            };
            let t = Instant::now();
            let d = e.genmove(&game, &opts);
            println!(
                "move {mv}, level {l}: {:?} in {:.0} ms, {} positions evaluated, {} tactical nodes",
                d.mv,
                t.elapsed().as_secs_f64() * 1000.0,
                d.nodes,
                d.tactic_nodes
            );
        }
    }
}
