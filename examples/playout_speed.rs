//! Playouts per second, as a plain program (for profilers):
//! `cargo run --release --example playout_speed -- 19 20000 [light|heavy|light-board]`.
//!
//! `light` runs the light playouts on the [`PlayoutBoard`] (the speed
//! test's figure); `light-board` the same playouts on the full [`Board`],
//! move for move the same (so the same check line), for the ratio of the
//! two boards in one run; `heavy` the tree search's playouts.
use moku::engine::playout::{light_playout, playout, Policy};
use moku::rules::{PlayoutBoard, Rng};
use moku::{Board, Color};
use std::time::Instant;

#[path = "support/cpu_time.rs"]
mod cpu_time;

#[derive(Clone, Copy, Debug)]
enum Mode {
    Light,
    LightBoard,
    Heavy,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(19);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let mode = match args.next().as_deref() {
        None | Some("light") => Mode::Light,
        Some("light-board") => Mode::LightBoard,
        Some("heavy") => Mode::Heavy,
        Some(other) => {
            eprintln!("unknown policy {other:?}: use light, light-board or heavy");
            std::process::exit(2);
        }
    };
    let empty = match Board::new(size) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let empty_fast = PlayoutBoard::from(&empty);
    let mut rng = Rng::new(1);
    let mut b = empty.clone();
    let mut fast = empty_fast.clone();
    let max_moves = 3 * size * size;
    let cpu_start = cpu_time::thread_cpu_ns();
    let start = Instant::now();
    let mut moves = 0;
    let mut balance: i64 = 0;
    for _ in 0..n {
        let r = match mode {
            Mode::Light => {
                fast.clone_from(&empty_fast);
                light_playout(&mut fast, Color::Black, &mut rng, max_moves)
            }
            Mode::LightBoard | Mode::Heavy => {
                b.clone_from(&empty);
                let policy = match mode {
                    Mode::Heavy => Policy::Heavy,
                    _ => Policy::Light,
                };
                playout(&mut b, Color::Black, policy, &mut rng, max_moves)
            }
        };
        moves += r.moves;
        balance += i64::from(r.black_minus_white);
    }
    let s = start.elapsed().as_secs_f64();
    let cpu = cpu_time::cpu_micros_per(cpu_start, cpu_time::thread_cpu_ns(), n as u64);
    println!(
        "{size}x{size} {mode:?}: {n} playouts in {s:.2} s = {:.0} playouts/s, {:.0} moves/playout \
         (check: {moves} moves, Black's area minus White's {balance} in all; the same in two builds \
         when their playouts are the same)",
        n as f64 / s,
        moves as f64 / n as f64
    );
    if let Some(cpu) = cpu {
        println!("cpu {cpu:.2} µs/playout");
    }
}
