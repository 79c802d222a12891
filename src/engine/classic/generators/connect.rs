//! Connect and cut: an empty point next to two strings of one colour
//! that belong to different groups (or that the opponent could separate
//! there) joins them for their owner and splits them for the opponent.
//! A cut is only proposed where the cutting stone keeps two liberties.

use crate::engine::classic::context::{libs_after, Context};
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::rules::{Color, Point};

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let b = &ctx.board;
    let me = ctx.color;
    for p in b.points() {
        if !b.is_empty(p) {
            continue;
        }
        for c in [me, me.opponent()] {
            let strings = distinct_strings(ctx, p, c);
            if strings.len() < 2 {
                continue;
            }
            // The smaller side is what the point is about.
            let (&head, size) = strings
                .iter()
                .map(|h| (h, b.chain_len(*h)))
                .min_by_key(|&(h, n)| (n, *h))
                .unwrap_or((&strings[0], 1));
            let separate_groups = strings.windows(2).any(|w| !same_group(ctx, w[0], w[1]));
            if c == me {
                // The opponent could cut here: worth connecting when the
                // strings are different groups, or when its stone would
                // be safe.
                if separate_groups || libs_after(b, p, me.opponent()) >= 2 {
                    out.add(p, Reason::new(ReasonKind::Connect, c).target(head, size));
                }
            } else if libs_after(b, p, me) >= 2 {
                out.add(p, Reason::new(ReasonKind::Cut, c).target(head, size));
            }
        }
    }
}

/// The strings of colour `c` next to `p`, their chain ids in order.
fn distinct_strings(ctx: &Context<'_>, p: Point, c: Color) -> Vec<Point> {
    let mut v: Vec<Point> = Vec::with_capacity(4);
    for n in ctx.board.neighbors(p) {
        if ctx.board.get(n) == Some(c) {
            let h = ctx.board.chain_id(n);
            if !v.contains(&h) {
                v.push(h);
            }
        }
    }
    v
}

fn same_group(ctx: &Context<'_>, a: Point, b: Point) -> bool {
    match (ctx.group(a), ctx.group(b)) {
        (Some(x), Some(y)) => std::ptr::eq(x, y),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::reasons_of_both;
    use crate::engine::classic::reason::ReasonKind;

    /// Black's D5 and E4 touch diagonally; White holds E5, so D4 is the
    /// last link between them.
    const POS: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . X O . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn the_cutting_point_connects_for_one_and_cuts_for_the_other() {
        let (_, cut) = reasons_of_both(POS, "D4", ReasonKind::Connect, ReasonKind::Cut);
        assert_eq!(cut.size, 1);
    }
}
