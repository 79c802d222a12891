//! Speed of the thermography on a 19x19 endgame position: move 230 of a
//! real game (the position before move 231 of GNU Go's
//! `games/strategy26.sgf`), the stones' statuses read beforehand by the
//! life-and-death layer as the page reads them.
//!
//! Run: `cargo bench --bench thermo`. Targets (in wasm, where the bench
//! page measures them): every region with an empty cache within 10 ms,
//! one move later with the cache warm within 1 ms.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use moku::eval::{analysis, thermo, Analyzer, MoyoParams};
use moku::record::{game_from_sgf, LoadUntil};

const GAME: &str = include_str!("../tests/data/gnugo-regression/games/strategy26.sgf");

fn bench(c: &mut Criterion) {
    let game = game_from_sgf(GAME, LoadUntil::MoveNumber(231)).expect("the test game loads");
    assert_eq!(game.move_number(), 230);
    let board = game.board().clone();
    let status = analysis::status_of(
        &Analyzer::new()
            .analyze(&board, &MoyoParams::default())
            .groups,
    );
    c.bench_function("move230/thermography (empty cache)", |b| {
        b.iter(|| thermo::analyze(black_box(&board), &status))
    });
    // One move later: the side to move's first endgame move, the cache
    // warm with the position before it.
    let mut warm = thermo::Evaluator::new();
    let base = warm.analyze(&board, &status);
    let m = thermo::endgame_moves(&board, &base, game.to_move())[0].point;
    let mut after = board.clone();
    after
        .play(m, game.to_move(), false)
        .expect("the chosen move is legal");
    c.bench_function("move230/thermography after one move (warm cache)", |b| {
        b.iter_batched(
            || warm.clone(),
            |mut ev| ev.analyze(black_box(&after), &status),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("move230/endgame move choice", |b| {
        b.iter(|| thermo::endgame_moves(black_box(&board), &base, game.to_move()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
