//! Game records of hostile size: loading, stepping and saving must be
//! linear in the size of the record. Each shape is measured at two sizes
//! a factor of ten apart; Criterion's throughput (nodes per second) then
//! stays about the same when the work is linear, and would fall tenfold if
//! it were quadratic.
//!
//! Run: `cargo bench --bench record` (or one shape:
//! `cargo bench --bench record -- 'long game'`).
//!
//! The shapes: a long game (random legal moves on 19x19, with captures),
//! variations nested deep, many sibling variations, one huge comment, and
//! a 25x25 board kept full of stones by random play.

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use moku::record::GameRecord;
use moku::sgf::point_text;
use moku::{Game, Move, Point, RuleSet};
use std::hint::black_box;
use std::time::Duration;

/// The SGF of `moves` random legal moves on a `size` board (Japanese
/// rules: only simple ko, so random play goes on through captures), one
/// move per node; a pass when 50 random points were all illegal.
fn random_game(size: usize, moves: usize, seed: u64) -> String {
    let mut game = Game::new(size, RuleSet::Japanese, 6.5).unwrap();
    let mut state = seed | 1;
    let mut text = format!("(;GM[1]FF[4]SZ[{size}]KM[6.5]RU[Japanese]");
    for _ in 0..moves {
        let color = game.to_move();
        let mut chosen = Move::Pass;
        for _ in 0..50 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = (state % size as u64) as usize;
            let y = ((state >> 16) % size as u64) as usize;
            let p = Point::from_xy(x, y);
            if game.check(color, p).is_ok() {
                chosen = Move::Play(p);
                break;
            }
        }
        game.play(chosen).unwrap();
        let value = match chosen {
            Move::Play(p) => point_text(p.x() as u8, p.y() as u8),
            _ => String::new(),
        };
        text.push_str(&format!("\n;{}[{value}]", color.letter()));
    }
    text.push(')');
    text
}

/// Each move opens a variation holding the rest of the game, beside a
/// one-move alternative: variations nested `depth` deep.
fn deep_variations(depth: usize) -> String {
    let mut text = String::from("(;SZ[19]");
    for i in 0..depth {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        text.push_str(&format!("(;{color}[]"));
    }
    text.push_str(&")(;B[aa])".repeat(depth));
    text.push(')');
    text
}

/// `count` one-move variations from the root.
fn siblings(count: usize) -> String {
    let mut text = String::from("(;SZ[19]");
    for i in 0..count {
        let p = point_text((i % 19) as u8, ((i / 19) % 19) as u8);
        text.push_str(&format!("(;B[{p}])"));
    }
    text.push(')');
    text
}

/// A short game whose second move has a comment of `bytes` bytes.
fn long_comment(bytes: usize) -> String {
    let comment = "A long comment \\] with escapes. ".repeat(bytes / 32 + 1);
    format!("(;SZ[19];B[pd];W[dp]C[{comment}];B[pp])")
}

/// A group of few, short samples: every input is large.
fn large_input_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    group
}

/// Measures loading `text` as a record, as `load` of `size`.
fn bench_load(group: &mut BenchmarkGroup<'_, WallTime>, size: usize, text: &str) {
    group.bench_with_input(BenchmarkId::new("load", size), text, |b, text| {
        b.iter(|| GameRecord::from_sgf(black_box(text)).unwrap())
    });
}

/// Measures saving `record`, as `save` of `size`.
fn bench_save(group: &mut BenchmarkGroup<'_, WallTime>, size: usize, record: &GameRecord) {
    group.bench_function(BenchmarkId::new("save", size), |b| {
        b.iter(|| black_box(record.to_sgf()))
    });
}

/// For each of the two `sizes`, makes the record `make(size)` (its node
/// count and its text), loads it, steps to the end of its main line and
/// back to the root, and saves it.
fn load_step_save(
    c: &mut Criterion,
    shape: &str,
    sizes: [usize; 2],
    make: impl Fn(usize) -> (usize, String),
) {
    let mut group = large_input_group(c, shape);
    group.warm_up_time(Duration::from_millis(500));
    for (nodes, text) in sizes.map(make) {
        group.throughput(Throughput::Elements(nodes as u64));
        bench_load(&mut group, nodes, &text);
        let mut record = GameRecord::from_sgf(&text).unwrap();
        group.bench_with_input(BenchmarkId::new("step", nodes), &nodes, |b, _| {
            b.iter(|| {
                record.last();
                while record.back() {}
                black_box(record.move_number())
            })
        });
        bench_save(&mut group, nodes, &record);
    }
    group.finish();
}

fn long_game(c: &mut Criterion) {
    load_step_save(c, "long game", [10_000, 100_000], |n| {
        (n, random_game(19, n, 2026))
    });
}

fn deep(c: &mut Criterion) {
    load_step_save(c, "deep variations", [1_000, 10_000], |n| {
        (2 * n, deep_variations(n))
    });
}

fn wide(c: &mut Criterion) {
    let mut group = large_input_group(c, "siblings");
    for count in [1_000, 10_000] {
        let text = siblings(count);
        group.throughput(Throughput::Elements(count as u64));
        bench_load(&mut group, count, &text);
        // Into every variation and back: each step is one node's work.
        let mut record = GameRecord::from_sgf(&text).unwrap();
        group.bench_with_input(BenchmarkId::new("visit each", count), &count, |b, &n| {
            b.iter(|| {
                for i in 0..n {
                    record.choose_variation(i).unwrap();
                    record.back();
                }
            })
        });
        bench_save(&mut group, count, &record);
    }
    group.finish();
}

fn comment(c: &mut Criterion) {
    let mut group = large_input_group(c, "comment");
    for bytes in [100_000, 1_000_000] {
        let text = long_comment(bytes);
        group.throughput(Throughput::Bytes(text.len() as u64));
        bench_load(&mut group, bytes, &text);
        let record = GameRecord::from_sgf(&text).unwrap();
        bench_save(&mut group, bytes, &record);
    }
    group.finish();
}

fn full_board(c: &mut Criterion) {
    load_step_save(c, "25x25 full board", [1_000, 10_000], |n| {
        (n, random_game(25, n, 7))
    });
}

criterion_group!(benches, long_game, deep, wide, comment, full_board);
criterion_main!(benches);
