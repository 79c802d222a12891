//! The text formats of the live analyses: Leela Zero's `info` lines,
//! which Sabaki and Lizzie read.

use std::fmt::Write as _;

use crate::engine::mcts::RootMove;
use crate::rules::{gtp_move, Move};

/// A move as GTP writes it (`D4`, `pass`, `resign`).
pub(super) fn move_text(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_move(Some(p), size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// The normal quantile of the lower confidence bound `lcb` shows: 1.96,
/// the lower end of a two-sided 95% interval, the confidence Leela Zero's
/// bound is computed at (it uses Student's t, which tends to the normal
/// quantile as the visits grow).
const LCB_Z: f32 = 1.96;

/// The lower confidence bound of `c`'s win rate, 0 to 1: the win rate
/// less [`LCB_Z`] binomial standard errors over its visits (0 with fewer
/// than two visits, as Leela Zero shows moves it cannot bound yet).
pub(crate) fn lcb(c: &RootMove) -> f32 {
    if c.visits < 2 {
        return 0.0;
    }
    let w = c.winrate.clamp(0.0, 1.0);
    let error = (w * (1.0 - w) / c.visits as f32).sqrt();
    (w - LCB_Z * error).max(0.0)
}

/// The priors of `candidates` as shares of their sum (the root's priors
/// are virtual win rates, not a distribution).
fn prior_shares(candidates: &[RootMove]) -> Vec<f32> {
    let sum: f32 = candidates.iter().map(|c| c.prior).sum();
    candidates
        .iter()
        .map(|c| if sum > 0.0 { c.prior / sum } else { 0.0 })
        .collect()
}

/// A number with one decimal, never `-0.0`.
fn lead_text(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    format!("{:.1}", r + 0.0)
}

/// One `info` line for the candidates, in Leela Zero's format: win rate,
/// prior and `lcb` in hundredths of a percent, and `scoreLead` in points
/// for the player to move (which Sabaki shows).
///
/// ```text
/// info move Q16 visits 120 winrate 5321 prior 7500 lcb 4428 scoreLead 2.5 order 0 pv Q16 D4
/// ```
pub(crate) fn info_line(candidates: &[RootMove], size: usize) -> String {
    let priors = prior_shares(candidates);
    let mut out = String::new();
    for (order, c) in candidates.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        let _ = write!(
            out,
            "info move {} visits {} winrate {} prior {} lcb {} scoreLead {} order {} pv",
            move_text(c.mv, size),
            c.visits,
            (c.winrate * 10000.0).round() as u32,
            (priors[order] * 10000.0).round() as u32,
            (lcb(c) * 10000.0).round() as u32,
            lead_text(c.lead),
            order
        );
        for &m in &c.pv {
            let _ = write!(out, " {}", move_text(m, size));
        }
    }
    out.push('\n');
    out
}

/// One line of KataGo's `kata-analyze`: an `info` group per candidate
/// with float win rates (0 to 1), `scoreMean`, `scoreStdev` and
/// `scoreLead` in points for the player to move, `prior`, `lcb`, `order`
/// and the variation; then, given the ownership (the mover's, +1 owned
/// by the player to move, row by row from the top-left), `ownership` and
/// its `size * size` values.
///
/// ```text
/// info move Q16 visits 120 winrate 0.532100 scoreMean 2.5 scoreStdev 14.2 scoreLead 2.5 prior 0.750000 lcb 0.442800 order 0 pv Q16 D4 ownership 0.12 ...
/// ```
pub(crate) fn kata_line(candidates: &[RootMove], size: usize, ownership: Option<&[f32]>) -> String {
    let priors = prior_shares(candidates);
    let mut out = String::new();
    for (order, c) in candidates.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        // The playouts' margins' spread: the standard error times the
        // square root of their number.
        let stdev = if c.samples >= 2 && c.lead_error.is_finite() {
            c.lead_error * (c.samples as f32).sqrt()
        } else {
            0.0
        };
        let _ = write!(
            out,
            "info move {} visits {} winrate {:.6} scoreMean {} scoreStdev {} scoreLead {} prior {:.6} lcb {:.6} order {} pv",
            move_text(c.mv, size),
            c.visits,
            c.winrate.clamp(0.0, 1.0),
            lead_text(c.lead),
            lead_text(stdev),
            lead_text(c.lead),
            priors[order],
            lcb(c),
            order
        );
        for &m in &c.pv {
            let _ = write!(out, " {}", move_text(m, size));
        }
    }
    if let Some(own) = ownership {
        out.push_str(" ownership");
        for &o in own {
            let _ = write!(
                out,
                " {:.2}",
                (o.clamp(-1.0, 1.0) * 100.0).round() / 100.0 + 0.0
            );
        }
    }
    out.push('\n');
    out
}
