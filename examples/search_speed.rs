//! Tree-search playouts per second, as a plain program: from the empty
//! board, `cargo run --release --example search_speed -- 9 20000`; from
//! a game's position before move N, `... -- 19 5000 FILE.sgf N` (the
//! size is then the record's; a middle-game position has the fights
//! whose reading the priors pay for, which an empty board lacks).
use moku::engine::mcts::{SearchConfig, TreeBudget, TreeSearch};
use moku::record::{game_from_sgf, LoadUntil};
use moku::rules::RuleSet;
use moku::Game;
use std::time::Instant;

#[path = "support/cpu_time.rs"]
mod cpu_time;

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let game = match (args.next(), args.next().and_then(|a| a.parse().ok())) {
        (Some(file), Some(move_number)) => std::fs::read_to_string(&file)
            .map_err(|e| format!("{file}: {e}"))
            .and_then(|text| {
                game_from_sgf(&text, LoadUntil::MoveNumber(move_number))
                    .map_err(|e| format!("{file}: {e}"))
            }),
        (Some(_), None) => Err("give the move number after the file".to_string()),
        _ => Game::new(size, RuleSet::Chinese, 7.0).map_err(|e| e.to_string()),
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let size = game.size();
    let mut search = TreeSearch::new(SearchConfig::default());
    let cpu_start = cpu_time::thread_cpu_ns();
    let start = Instant::now();
    let stats = search.search(&game, game.to_move(), TreeBudget::playouts(n));
    let s = start.elapsed().as_secs_f64();
    let cpu = cpu_time::cpu_micros_per(cpu_start, cpu_time::thread_cpu_ns(), n);
    println!(
        "{size}x{size} tree search: {n} playouts in {s:.2} s = {:.0} playouts/s, {} nodes",
        n as f64 / s,
        stats.nodes
    );
    if let Some(cpu) = cpu {
        println!("cpu {cpu:.2} µs/playout");
    }
}
