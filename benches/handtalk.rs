//! Speed of Handtalk's evaluation: the whole analysis (dots,
//! blocks, danger, score) of a 19x19 mid-game position, and the hover
//! preview's what-if (play, analyse, undo). Target: under 0.1 ms native.
//!
//! Run: `cargo bench --bench handtalk`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use moku::eval::handtalk;
use moku::rules::StatusMap;
use moku::{Board, Color, Point};

/// A mid-game position, 148 stones (72 black, 76 white): four contested
/// corners, groups running on every side and a fight in the centre,
/// including a cutting stone in atari (the black stone on N9).
const MIDGAME: &str = "
. . . . . . . . . . . . . . . . . . .
. . . O O . . . . . . . . . X O . . .
. . O X X O . O . . O . . X X O O . .
. . O X . X O O . . X . . O X X O . .
. . . X . . X O . . X O O . O X X O .
. . X . . . X O . . X O . . . O X . .
. . X . . X O . . O . . . . . O X . .
. . X . . X O . . O X . X . O . X . .
. . . O . . O . O X X . . . O X . . .
. . X . . X . O . O X O . O X . X X .
. . . . X O O . . O X O X O X . X . .
. . X X O . . O . X O . O X . . X O .
. X O O . O . . . X O . . X . X O X .
. X O . . O . . X O O . . . X X O . .
. X O . O . . . . X O . O O X O . O .
. . X O . O . . X X . O X X O O O . .
. X X O . O . . X . . O X . X O . . .
. . X X O . . . . . . O X . X O . . .
. . . . . . . . . . . . . . . . . . .
";

fn analyze(c: &mut Criterion) {
    let board = Board::from_ascii(MIDGAME);
    let status = StatusMap::all_alive();
    c.bench_function("handtalk_analyze_19x19_midgame", |b| {
        b.iter(|| handtalk::analyze(black_box(&board), black_box(&status)))
    });

    // The hover preview: a move on an empty point, the analysis, undo.
    let mut board = board;
    let p = Point::from_xy(9, 4);
    c.bench_function("handtalk_hover_preview_19x19_midgame", |b| {
        b.iter(|| {
            let undo = board
                .play(black_box(p), Color::Black, false)
                .expect("legal move");
            let a = handtalk::analyze(&board, &status);
            board.undo(undo);
            a
        })
    });
}

criterion_group!(benches, analyze);
criterion_main!(benches);
