//! Rules-core speed: playouts from the empty board and play+undo pairs.
//!
//! Run: `cargo bench --bench rules`. Criterion prints the time per
//! iteration and, through `Throughput::Elements`, the rate (playouts per
//! second, or play+undo pairs per second). `playout/9x9` and
//! `playout/19x19` are light (uniformly random) playouts on the
//! `PlayoutBoard`, the rules core's speed test; `playout/light on Board
//! 9x9` and `.. 19x19` the same playouts on the full board, for the ratio;
//! `playout/heavy 9x9` and `playout/heavy 19x19` the tree search's policy.
//! Each playout starts from a light copy of the empty board (`clone_from`),
//! as every simulation of the search does.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use moku::engine::playout::{light_playout, playout, PlayoutResult, Policy};
use moku::rules::{PlayoutBoard, Rng};
use moku::{Board, Color, Point};
use std::hint::black_box;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for size in [9usize, 19] {
        let empty = PlayoutBoard::from(&Board::new(size).unwrap());
        from_empty(&mut group, format!("{size}x{size}"), empty, |board, rng| {
            light_playout(board, Color::Black, rng, 3 * size * size)
        });
    }
    for (policy, label) in [
        (Policy::Light, "light on Board "),
        (Policy::Heavy, "heavy "),
    ] {
        for size in [9usize, 19] {
            let empty = Board::new(size).unwrap();
            from_empty(
                &mut group,
                format!("{label}{size}x{size}"),
                empty,
                |board, rng| playout(board, Color::Black, policy, rng, 3 * size * size),
            );
        }
    }
    group.finish();
}

/// Benchmarks `name`: `run` plays one playout, black first, on a light
/// copy of `empty` made afresh each time.
fn from_empty<B: Clone>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: String,
    empty: B,
    mut run: impl FnMut(&mut B, &mut Rng) -> PlayoutResult,
) {
    let mut board = empty.clone();
    let mut rng = Rng::new(2026);
    group.bench_function(name, |b| {
        b.iter(|| {
            board.clone_from(&empty);
            black_box(run(&mut board, &mut rng))
        })
    });
}

fn play_undo(c: &mut Criterion) {
    // A mid-game 19x19 position from a random playout stopped early, and
    // every legal move in it played and taken back.
    let mut board = Board::new(19).unwrap();
    let mut rng = Rng::new(7);
    playout(&mut board, Color::Black, Policy::Light, &mut rng, 150);
    let moves: Vec<Point> = board
        .empty_points()
        .filter(|&p| board.check_move(p, Color::Black, false).is_ok())
        .collect();
    let mut group = c.benchmark_group("play_undo");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("19x19 midgame, all legal moves", |b| {
        b.iter(|| {
            for &p in &moves {
                let u = board.play_unchecked(p, Color::Black);
                board.undo(black_box(u));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, play_undo);
criterion_main!(benches);
