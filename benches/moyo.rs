//! Potential plus watershed on a 19x19 mid-game position (the issue's
//! target: under 0.1 ms native).
//!
//! Run: `cargo bench --bench moyo`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use moku::eval::moyo::analyze;
use moku::eval::{Moyo, MoyoParams};
use moku::rules::StatusMap;
use moku::{Board, Color, Point};

/// The position after move 160 of `games/strategy26.sgf` of the GNU Go
/// regression data (`tests/data/gnugo-regression`, a GNU Go self-play
/// game): 154 stones.
const MIDGAME: &str = "
. . . . X X . . . . . . . . . O . O .
. . X O X O . . . . . . . X X O O X .
. . X . . O . . O . X . . X O X O O .
. . . X . . O O O X . . . . . X O . O
. X . . . O X X O O X . . . . X X O .
X . X . O . X . X X . . X . . X O X .
. X O . . . X . . . . . . . . . O O .
. O O . O . X . . X . . X X O . . . .
. . . O . . . . . . . . . . . . . . .
. O O X O X . X . . . O O . O . O . .
. O X X . X . X O . O . . . . . . . .
. . . X . . O O X O . X X X O O . O .
. O X O O . O X X O . . . O X O O X .
. O X X . O . X . X X X O O X X O X .
. . O X X O . . . . . . . . O X O X .
O O . O O . . . . . . . . X O X X . .
. . O O . O O . X . . X . . O . . . .
O O X O . O . O X . . . . . . . . . .
. X X . . . O X X . . . . . . . . . .
";

fn bench_moyo(c: &mut Criterion) {
    let board = Board::from_ascii(MIDGAME);
    let status = StatusMap::all_alive();
    let params = MoyoParams::default();
    c.bench_function("moyo/analyze_19x19_midgame", |b| {
        b.iter(|| analyze(black_box(&board), black_box(&status), black_box(&params)))
    });
    // One more stone, updated incrementally (the state is cloned each time,
    // which the figure includes).
    let moyo = Moyo::new(&board, &status, &params);
    let mut after = board.clone();
    let p = Point::from_xy(9, 15);
    if after.play(p, Color::Black, false).is_ok() {
        c.bench_function("moyo/update_one_stone", |b| {
            b.iter(|| {
                let mut m = moyo.clone();
                m.update(black_box(&after), black_box(&status))
                    .basin_list
                    .len()
            })
        });
    }
}

criterion_group!(benches, bench_moyo);
criterion_main!(benches);
