//! What the evaluation's second opinion costs: the playouts' ownership
//! ([`moku::engine::ownership`]) of the late positions of the score set,
//! timed natively, by board size.
//!
//! `cargo run --release --example ownership_speed`
use moku::engine::ownership::ownership;
use moku::eval::verdicts::OVERRULE_PLAYOUTS;
use moku::record::{game_from_sgf_bytes, LoadUntil};
use std::time::Instant;

fn main() {
    let text = std::fs::read_to_string("tests/data/score-set/positions.tsv")
        .expect("run from the repository root");
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file\t"))
    {
        let f: Vec<&str> = l.split('\t').collect();
        let bytes = std::fs::read(format!("tests/data/gnugo-regression/{}", f[0])).expect("record");
        let until = LoadUntil::MoveNumber(f[1].parse().expect("move number"));
        let game = game_from_sgf_bytes(&bytes, until).expect("record");
        let t = Instant::now();
        let own = ownership(game.board(), Some(game.to_move()), OVERRULE_PLAYOUTS);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(own.len(), game.size() * game.size());
        times[usize::from(game.size() == 19)].push(ms);
    }
    for (i, name) in ["9x9", "19x19"].iter().enumerate() {
        let t = &mut times[i];
        t.sort_by(f64::total_cmp);
        println!(
            "{name}: {} positions, ownership median {:.1} ms, slowest {:.1} ms",
            t.len(),
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
}
