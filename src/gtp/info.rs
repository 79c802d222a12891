//! The text formats of the live analyses: Leela Zero's `info` lines,
//! which Sabaki and Lizzie read.

use std::fmt::Write as _;

use crate::engine::mcts::Candidate;
use crate::rules::{gtp_move, Move};

/// A move as GTP writes it (`D4`, `pass`, `resign`).
pub(super) fn move_text(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_move(Some(p), size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// One `info` line for the candidates, in Leela Zero's format.
pub(crate) fn info_line(candidates: &[Candidate], size: usize) -> String {
    let prior_sum: f32 = candidates.iter().map(|c| c.prior).sum();
    let mut out = String::new();
    for (order, c) in candidates.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        let prior = if prior_sum > 0.0 {
            c.prior / prior_sum
        } else {
            0.0
        };
        let _ = write!(
            out,
            "info move {} visits {} winrate {} prior {} order {} pv",
            move_text(c.mv, size),
            c.visits,
            (c.winrate * 10000.0).round() as u32,
            (prior * 10000.0).round() as u32,
            order
        );
        for &m in &c.pv {
            let _ = write!(out, " {}", move_text(m, size));
        }
    }
    out.push('\n');
    out
}
