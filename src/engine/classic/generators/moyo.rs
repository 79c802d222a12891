//! Moyo moves, from the potential values' basins (the watershed of
//! [`crate::eval::moyo`]): expand an own basin from its edge, close it
//! from inside its edge, defend its weak points; reduce an opponent's
//! basin from outside or at its weak points, or invade it.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::engine::classic::strategy::Phase;
use crate::rules::{Board, Color, Point};

/// How far outside a basin (Manhattan distance) a move still expands or
/// reduces it.
const REACH: i32 = 2;
/// Basins smaller than this many points are not worth a moyo move (a
/// corner's few points are territory, the endgame's business).
const MIN_AREA: u32 = 4;

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    if ctx.strategy.phase == Phase::Endgame {
        return;
    }
    let b = &ctx.board;
    let me = ctx.color;
    let moyo = &ctx.moyo;
    for basin in &moyo.basin_list {
        if basin.area < MIN_AREA {
            continue;
        }
        for &w in &basin.weak_points {
            if b.is_empty(w) {
                let kind = if basin.color == me {
                    ReasonKind::DefendWeakPoint
                } else {
                    ReasonKind::ReduceMoyo
                };
                out.add(
                    w,
                    Reason::new(kind, basin.color).basin(basin.label, basin.area),
                );
            }
        }
    }
    for p in b.points() {
        if !b.is_empty(p) {
            continue;
        }
        let label = moyo.basin_at(p);
        if label != 0 {
            let Some(basin) = moyo.basin(label) else {
                continue;
            };
            if basin.area < MIN_AREA {
                continue;
            }
            if basin.color != me {
                out.add(
                    p,
                    Reason::new(ReasonKind::Invade, basin.color).basin(label, basin.area),
                );
            } else if on_edge(b, moyo, p, label) {
                out.add(
                    p,
                    Reason::new(ReasonKind::CompleteMoyo, me).basin(label, basin.area),
                );
            }
            continue;
        }
        // An outer point: near whose basin?
        if let Some((label, color)) = nearest_basin(b, moyo, p) {
            let area = moyo.basin(label).map_or(0, |x| x.area);
            if area < MIN_AREA {
                continue;
            }
            let kind = if color == me {
                ReasonKind::ExpandMoyo
            } else {
                ReasonKind::ReduceMoyo
            };
            out.add(p, Reason::new(kind, color).basin(label, area));
        }
    }
}

/// Whether `p` in basin `label` touches a point outside it.
fn on_edge(b: &Board, moyo: &crate::eval::MoyoAnalysis, p: Point, label: i16) -> bool {
    b.neighbors(p)
        .any(|n| b.is_empty(n) && moyo.basin_at(n) != label)
}

/// The basin within [`REACH`] of `p`, the nearest first (ties: the
/// larger basin).
fn nearest_basin(b: &Board, moyo: &crate::eval::MoyoAnalysis, p: Point) -> Option<(i16, Color)> {
    let mut best: Option<(i32, u32, i16)> = None;
    for dy in -REACH..=REACH {
        for dx in -REACH..=REACH {
            let d = dx.abs() + dy.abs();
            if d == 0 || d > REACH {
                continue;
            }
            let Some(q) = p.offset(dx, dy, b.size()) else {
                continue;
            };
            let l = moyo.basin_at(q);
            if l == 0 {
                continue;
            }
            let area = moyo.basin(l).map_or(0, |x| x.area);
            let better = match best {
                None => true,
                Some((bd, ba, _)) => d < bd || (d == bd && area > ba),
            };
            if better {
                best = Some((d, area, l));
            }
        }
    }
    best.map(|(_, _, l)| (l, if l > 0 { Color::Black } else { Color::White }))
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::{candidates_of, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::rules::Color;

    /// Black's stones on the left of a 13x13 board, White's on the
    /// right: White invades Black's corner basin, Black expands it.
    const POS: &str = "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . X . . . . . . O . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . X . . . . . . O . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . X . . . . . . O . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .";

    #[test]
    fn frameworks_are_invaded_and_expanded() {
        let w = candidates_of(POS, Color::White);
        // Black's upper left basin holds A11-C13 (nine points).
        let inv = reason_at(&w, "B12", ReasonKind::Invade).expect("invasion");
        assert_eq!((inv.basin, inv.size), (1, 9));
        let b = candidates_of(POS, Color::Black);
        let exp = reason_at(&b, "E12", ReasonKind::ExpandMoyo).expect("expansion");
        assert_eq!(exp.basin, 1);
    }
}
