//! Where a tree level's second goes: one 19x19 `genmove` at level 10 with
//! a one-second budget, the classic valuation first and the tree search
//! after it, beside the bare tree search given the same second:
//! `cargo run --release --example tree_share [MS]`.
use moku::engine::mcts::{SearchConfig, TreeBudget, TreeSearch};
use moku::engine::{Engine, Level, Options};
use moku::record::{game_from_sgf, LoadUntil};
use std::time::Instant;

/// The share of the move time a genmove plans to use: the engine keeps
/// 5% back (`SAFETY` in `engine::time`) for the answer to get out in time.
const PLANNED_SHARE: f64 = 0.95;

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let text = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");
    for mv in [31, 101, 151] {
        let game = game_from_sgf(text, LoadUntil::MoveNumber(mv)).expect("test game");
        let color = game.to_move();
        let mut e = Engine::new();
        let opts = Options {
            level: Some(Level::new(10).expect("level 10")),
            time_ms: Some(ms),
            ..Options::default()
        };
        let t = Instant::now();
        let d = e.genmove(&game, &opts);
        let engine_ms = t.elapsed().as_secs_f64() * 1000.0;
        let playouts = d.search.as_ref().map_or(0, |s| s.playouts);
        let mut bare = TreeSearch::new(SearchConfig::default());
        let t = Instant::now();
        let b = bare.genmove(&game, color, TreeBudget::time_ms(ms as f64 * PLANNED_SHARE));
        let bare_ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "move {mv}: engine {:?} in {engine_ms:.0} ms with {playouts} playouts, {} reasons, {} candidates valued; bare tree {:?} in {bare_ms:.0} ms with {} playouts",
            d.mv, d.reasons.len(), d.candidates.len(), b.mv, b.stats.playouts
        );
    }
}
