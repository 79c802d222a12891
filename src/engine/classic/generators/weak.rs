//! Weak groups: a group whose Handtalk block is in danger (or that life
//! and death calls critical) is run out and strengthened by its owner,
//! attacked and surrounded by the opponent. Escape and surround look for
//! open space: the empty points within a diamond of radius two.

use crate::engine::classic::context::{libs_after, Context};
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::eval::analysis::GroupInfo;
use crate::rules::{Board, Point, Status};

/// A group is weak when its block's danger is at least this many moku
/// (about a two-stone group that could be surrounded in two moves). Our
/// choice, tuned by watching games.
pub(crate) const WEAK_DANGER: f32 = 3.0;
/// A stone that defends a weak group keeps at least this many liberties
/// (it is not a self-atari). Our choice.
pub(super) const DEFEND_LIBERTIES: usize = 2;
/// A stone that runs out, attacks or surrounds keeps at least this many
/// liberties: it is out in the open and must not be the next weak
/// string itself. Our choice.
pub(super) const FREE_LIBERTIES: usize = 3;
/// Open space (empty points within distance two, of 12) from which an
/// escape or a surrounding move is worth proposing.
const OPEN_SPACE: usize = 6;

/// The offsets within Manhattan distance two (the diamond without its
/// centre).
pub(super) const DIAMOND: [(i32, i32); 12] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
    (0, -2),
    (0, 2),
    (-2, 0),
    (2, 0),
];

/// Empty points within distance two of `p`.
pub(crate) fn open_space(board: &Board, p: Point) -> usize {
    DIAMOND
        .iter()
        .filter_map(|&(dx, dy)| p.offset(dx, dy, board.size()))
        .filter(|&q| board.is_empty(q))
        .count()
}

/// The weak groups of the root: not dead, and either critical or with a
/// block whose Handtalk danger is at least [`WEAK_DANGER`].
pub(super) fn weak_groups<'a>(ctx: &'a Context<'_>) -> impl Iterator<Item = &'a GroupInfo> + 'a {
    ctx.groups.iter().filter(|g| {
        let danger = g
            .stones
            .iter()
            .map(|&s| ctx.handtalk.danger_at(s).abs())
            .fold(0.0f32, f32::max);
        g.status != Status::Dead && (danger >= WEAK_DANGER || g.status == Status::Critical)
    })
}

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let b = &ctx.board;
    let me = ctx.color;
    for g in weak_groups(ctx) {
        let head = g.stones[0];
        let size = g.stones.len();
        // The group's liberties and the points a jump away.
        let mut libs: Vec<Point> = Vec::new();
        for &s in &g.stones {
            for n in b.neighbors(s) {
                if b.is_empty(n) && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        for &l in &libs {
            let space = open_space(b, l);
            if g.color == me {
                if space >= OPEN_SPACE && libs_after(b, l, me) >= FREE_LIBERTIES {
                    out.add(l, Reason::new(ReasonKind::Escape, me).target(head, size));
                }
                if libs_after(b, l, me) >= DEFEND_LIBERTIES {
                    out.add(l, Reason::new(ReasonKind::Defend, me).target(head, size));
                }
            } else if libs_after(b, l, me) >= FREE_LIBERTIES {
                out.add(
                    l,
                    Reason::new(ReasonKind::Attack, g.color).target(head, size),
                );
            }
        }
        if g.color != me {
            // Surround: block the way out, a point beyond its liberties
            // towards open space.
            for &l in &libs {
                for n in b.neighbors(l) {
                    if b.is_empty(n)
                        && !libs.contains(&n)
                        && open_space(b, n) >= OPEN_SPACE
                        && libs_after(b, n, me) >= FREE_LIBERTIES
                    {
                        out.add(
                            n,
                            Reason::new(ReasonKind::Surround, g.color).target(head, size),
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::reasons_of_both;
    use crate::engine::classic::reason::ReasonKind;

    /// A lone black stone between two white stones on the second line:
    /// Black runs out towards the open centre at C3; White attacks there.
    const POS: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X O . . . . .
        . . . . . . . . .";

    #[test]
    fn the_weak_stone_runs_and_is_attacked() {
        reasons_of_both(POS, "C3", ReasonKind::Escape, ReasonKind::Attack);
    }
}
