//! How the page's count moves along game records: at every position of
//! each record, the count of [`moku::engine::estimate`], then the share
//! of moves where it changes by at most 5 points from the position
//! before, and the share of positions where it names the same leader as
//! its win rate when the win rate is outside 35–65%, and the time a step
//! takes (one new search: the other is kept from the step before).
//!
//! `cargo run --release --example estimate_steps -- PLAYOUTS FILE.sgf...`
use moku::engine::estimate::{scaled_playouts, Estimator};
use moku::engine::review::positions_before_moves;
use moku::record::{game_from_sgf_bytes, LoadUntil};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let playouts: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(500);
    let (mut steps, mut small, mut decided, mut agree) = (0usize, 0usize, 0usize, 0usize);
    let mut times = Vec::new();
    for file in args {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let game =
            game_from_sgf_bytes(&bytes, LoadUntil::End).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut positions: Vec<_> = positions_before_moves(&game)
            .into_iter()
            .map(|(g, _)| g)
            .collect();
        positions.push(game.clone());
        let mut last: Option<f32> = None;
        // As the page steps through a record: one estimator, which keeps
        // the search of the position before.
        let mut estimator = Estimator::default();
        let n = scaled_playouts(playouts, game.size());
        for g in &positions {
            let t = Instant::now();
            let e = estimator.estimate(g, n);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            if let Some(prev) = last {
                steps += 1;
                if (e.black_lead - prev).abs() <= 5.0 {
                    small += 1;
                }
            }
            last = Some(e.black_lead);
            if std::env::var("SERIES").is_ok() {
                eprintln!(
                    "{} {:.1} {:.2}",
                    g.move_number(),
                    e.black_lead,
                    e.black_winrate
                );
            }
            if !(0.35..=0.65).contains(&e.black_winrate) {
                decided += 1;
                if (e.black_lead > 0.0) == (e.black_winrate > 0.5) {
                    agree += 1;
                }
            }
        }
        eprintln!("{file}: {} positions", positions.len());
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{playouts} playouts a colour (19x19): {small} of {steps} steps within 5 points ({:.1}%); \
         the leader agrees with the win rate in {agree} of {decided} positions outside 35-65% ({:.1}%); \
         {median:.0} ms a position (median)",
        100.0 * small as f64 / steps.max(1) as f64,
        100.0 * agree as f64 / decided.max(1) as f64,
    );
}
