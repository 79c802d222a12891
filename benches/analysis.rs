//! Speed of the whole evaluation on a real game: move 150 of a 19x19 game
//! from the test data (GNU Go's `games/strategy26.sgf`).
//!
//! Run: `cargo bench --bench analysis`. Targets: Handtalk analysis under
//! 0.1 ms, potential + watershed under 0.1 ms, native; the same with the
//! statuses the reading gives, and the score estimate on top.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use moku::eval::score::{self, Counting};
use moku::eval::{analysis, handtalk, moyo, Analyzer, MoyoParams, Verdicts};
use moku::reading::benson;
use moku::record::{game_from_sgf, LoadUntil};
use moku::rules::StatusMap;
use moku::Point;

const GAME: &str = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");

fn bench(c: &mut Criterion) {
    let game = game_from_sgf(GAME, LoadUntil::MoveNumber(151)).expect("the test game loads");
    let board = game.board().clone();
    assert_eq!(game.move_number(), 150);
    let status = StatusMap::all_alive();
    let params = MoyoParams::default();
    c.bench_function("move150/handtalk", |b| {
        b.iter(|| handtalk::analyze(black_box(&board), &status))
    });
    c.bench_function("move150/potential+watershed", |b| {
        b.iter(|| moyo::analyze(black_box(&board), &status, &params))
    });
    c.bench_function("move150/full analysis", |b| {
        b.iter(|| analysis::analyze_static(black_box(&board), &status, &params))
    });
    // The statuses read once (as the page reads them), then the static
    // layers under them: danger units with eyes, dead and critical groups;
    // and the score estimate on top.
    let mut analyzer = Analyzer::new();
    let groups = analyzer.analyze(&board, &params).groups.clone();
    let read = analysis::status_of(&groups);
    let unconditional = benson::unconditional(&board);
    let verdicts = Verdicts::new(&board, &read, Some(&unconditional), &groups);
    c.bench_function("move150/full analysis (read statuses)", |b| {
        b.iter(|| analysis::analyze_verdicts(black_box(&board), &verdicts, &params))
    });
    let full = analysis::analyze_verdicts(&board, &verdicts, &params);
    let counting = Counting::of(&game);
    c.bench_function("move150/score estimate", |b| {
        b.iter(|| score::estimate(black_box(&board), &full, &counting))
    });
    // The hover preview: what-if on the first legal empty point.
    let p: Point = game.legal_moves(game.to_move())[0];
    c.bench_function("move150/hover preview (what-if full analysis)", |b| {
        b.iter(|| {
            analysis::analyze_static_after(
                &board,
                black_box(p),
                game.to_move(),
                false,
                &status,
                &params,
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
