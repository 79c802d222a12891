//! Counts the learned-shape table of the tree search
//! (`src/engine/tree/mcts/shapes.bin`, read by `moku::engine::mcts::shape_gamma`)
//! from 19x19 game records:
//!
//! ```sh
//! cargo run --release --example learn_shapes -- OUT.bin DIR...
//! ```
//!
//! Every `.sgf` file under the directories is read (its main line; other
//! sizes and unreadable files are skipped). Before each of the first
//! `LAST_MOVE` moves, every legal
//! point of the mover is counted as *seen* under its
//! `moku::engine::mcts::shape_key`, and the point played as *played*. A
//! shape's gamma is its share of plays over its share of the points
//! seen: `((played + 1) / seen) / (all played / all seen)`; shapes seen
//! fewer than `MIN_SEEN` times are left out. The file is `MKSH1`, the
//! entry count (u32 little-endian), then per shape its key (u32 LE,
//! ascending) and `round(8 * log2(gamma))` as an i8.
//!
//! The table in the repository was counted on 2026-11-28 from the 7,110
//! 19x19 records under `AI/` of the public collection
//! github.com/yenw/computer-go-dataset (games of Go programs from AlphaGo
//! to FineArt, most of them professional strength or beyond): game
//! records, not code; the table holds only our counts.
use moku::engine::mcts::shape_key;
use moku::record::{game_from_sgf_bytes, LoadUntil};
use moku::rules::Event;
use moku::Move;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Moves after this one are not counted: the records of programs often
/// go on to fill their own territory once the game is decided (under
/// area scoring it costs nothing), and with them counted a program's own
/// eye on the first line came out played more often than an open point.
const LAST_MOVE: usize = 250;

/// Shapes seen fewer times are not stored: their share of plays is too
/// uncertain, and the table would grow (the web build carries it).
const MIN_SEEN: u64 = 100;

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(out_path) = args.next() else {
        eprintln!("usage: learn_shapes OUT.bin DIR...");
        std::process::exit(2);
    };
    let mut files = Vec::new();
    for d in args {
        sgf_files(Path::new(&d), &mut files);
    }
    files.sort();
    let mut counts: HashMap<u32, (u64, u64)> = HashMap::new();
    let (mut games, mut positions, mut seen_all) = (0u64, 0u64, 0u64);
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        let Ok(game) = game_from_sgf_bytes(&bytes, LoadUntil::End) else {
            continue;
        };
        if game.size() != 19 {
            continue;
        }
        games += 1;
        let boards = game.history_boards();
        let mut number = 0;
        for (i, ev) in game.history().iter().enumerate() {
            if matches!(ev, Event::Move { .. }) {
                number += 1;
            }
            if number > LAST_MOVE {
                break;
            }
            let Event::Move {
                color,
                mv: Move::Play(played),
                ..
            } = ev
            else {
                continue;
            };
            let board = &boards[i];
            positions += 1;
            for q in board.points() {
                if board.is_empty(q) && !board.is_suicide(q, *color) {
                    counts.entry(shape_key(board, q, *color)).or_default().0 += 1;
                    seen_all += 1;
                }
            }
            counts
                .entry(shape_key(board, *played, *color))
                .or_default()
                .1 += 1;
        }
    }
    let base = positions as f64 / seen_all as f64;
    let mut kept: Vec<(u32, i8)> = counts
        .iter()
        .filter(|(_, &(seen, _))| seen >= MIN_SEEN)
        .map(|(&k, &(seen, played))| {
            let gamma = ((played as f64 + 1.0) / seen as f64) / base;
            (k, (8.0 * gamma.log2()).round().clamp(-128.0, 127.0) as i8)
        })
        .collect();
    kept.sort_unstable();
    let mut bytes = b"MKSH1".to_vec();
    bytes.extend_from_slice(&(kept.len() as u32).to_le_bytes());
    for (k, v) in &kept {
        bytes.extend_from_slice(&k.to_le_bytes());
        bytes.push(*v as u8);
    }
    if let Err(e) = std::fs::write(&out_path, &bytes) {
        eprintln!("{out_path}: {e}");
        std::process::exit(1);
    }
    println!(
        "{} files, {games} 19x19 games, {positions} moves, {seen_all} points seen; \
         {} shapes, {} kept (seen {MIN_SEEN} times or more), {} bytes",
        files.len(),
        counts.len(),
        kept.len(),
        bytes.len()
    );
}
