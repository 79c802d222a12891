//! Tree-search playouts per second from the empty board, as a plain
//! program: `cargo run --release --example search_speed -- 9 20000`.
use moku::engine::mcts::{Budget, SearchConfig, TreeSearch};
use moku::rules::RuleSet;
use moku::{Color, Game};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let game = match Game::new(size, RuleSet::Chinese, 7.0) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut search = TreeSearch::new(SearchConfig::default());
    let start = Instant::now();
    let stats = search.search(&game, Color::Black, Budget::playouts(n));
    let s = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size} tree search: {n} playouts in {s:.2} s = {:.0} playouts/s, {} nodes",
        n as f64 / s,
        stats.nodes
    );
}
