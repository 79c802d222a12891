//! The pattern matcher: every pattern of the database, in all its
//! symmetric images, tried at every empty point of a 19x19 mid-game
//! position (the work of the shape generator in one `genmove`), and at
//! one point.
//!
//! Run: `cargo bench --bench patterns`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use moku::engine::patterns;
use moku::record::{game_from_sgf, LoadUntil};
use moku::{Color, Point};

fn bench(c: &mut Criterion) {
    let text = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");
    let game = game_from_sgf(text, LoadUntil::MoveNumber(151)).expect("test game");
    let board = game.board().clone();
    let empty: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
    let _ = patterns::database();
    c.bench_function("patterns/whole board, move 150", |b| {
        b.iter(|| {
            let mut n = 0;
            for &p in &empty {
                n += patterns::matching(&board, p, Color::Black).count();
            }
            black_box(n)
        })
    });
    let p = empty[empty.len() / 2];
    c.bench_function("patterns/one point", |b| {
        b.iter(|| black_box(patterns::matching(&board, black_box(p), Color::Black).count()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
