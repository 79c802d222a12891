//! Playouts per second, as a plain program (for profilers):
//! `cargo run --release --example playout_speed -- 19 20000 [light|heavy]`.
use moku::engine::playout::{playout, Policy};
use moku::rules::Rng;
use moku::{Board, Color};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(19);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let policy = match args.next().as_deref() {
        None | Some("light") => Policy::Light,
        Some("heavy") => Policy::Heavy,
        Some(other) => {
            eprintln!("unknown policy {other:?}: use light or heavy");
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
    let mut rng = Rng::new(1);
    let mut b = empty.clone();
    let start = Instant::now();
    let mut moves = 0;
    let mut balance: i64 = 0;
    for _ in 0..n {
        b.clone_from(&empty);
        let r = playout(&mut b, Color::Black, policy, &mut rng, 3 * size * size);
        moves += r.moves;
        balance += i64::from(r.black_minus_white);
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size} {policy:?}: {n} playouts in {s:.2} s = {:.0} playouts/s, {:.0} moves/playout \
         (check: {moves} moves, Black's area minus White's {balance} in all; the same in two builds \
         when their playouts are the same)",
        n as f64 / s,
        moves as f64 / n as f64
    );
}
