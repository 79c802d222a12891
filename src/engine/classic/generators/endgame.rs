//! The endgame: boundary moves (each named "gote"), dame, and — when the
//! opponent disputes them (`kgs-genmove_cleanup`) — moves that remove dead
//! stones from the board.
//!
//! The valuation values each boundary move by the evaluation both ways
//! (what we gain there plus what the opponent would gain there: the
//! move's *deiri* value), with no halving and no sente estimate: a
//! boundary move is valued as a gote move. The thermography layer's move
//! choice (`eval::thermo`, temperatures of local regions) is not asked
//! here: the page shows it and the self-check reads it; the engine does
//! not play by it.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::engine::classic::strategy::Phase;
use crate::rules::{Board, Color, Point, Status};

/// Opponent strings up to this size are candidates for removal in
/// cleanup mode.
const CLEANUP_STONES: usize = 10;

pub(super) fn generate(ctx: &Context<'_>, cleanup: bool, out: &mut Collector<'_>) {
    let b = &ctx.board;
    let me = ctx.color;
    if cleanup {
        for s in &ctx.strings {
            let weak = matches!(ctx.status.get(s.head), Status::Dead | Status::Critical);
            if s.color != me && s.stones <= CLEANUP_STONES && (weak || enclosed(b, s.head, me)) {
                for l in b.chain_liberties(s.head) {
                    out.add(
                        l,
                        Reason::new(ReasonKind::Cleanup, s.color).target(s.head, s.stones),
                    );
                }
            }
        }
    }
    if ctx.strategy.phase == Phase::Opening {
        return;
    }
    for p in b.points() {
        if !b.is_empty(p) {
            continue;
        }
        let mut colours = [false; 2];
        for n in b.neighbors(p) {
            if let Some(c) = b.get(n) {
                if ctx.status.get(n) != Status::Dead {
                    colours[c.index()] = true;
                }
            }
        }
        let d = ctx.handtalk.dots(p);
        let neutral = d == 0 || d.abs() == 2;
        if colours[0] && colours[1] && neutral {
            out.add(p, Reason::new(ReasonKind::Dame, me));
        } else if ctx.strategy.phase == Phase::Endgame
            && (colours[0] || colours[1])
            && boundary(ctx, p)
        {
            out.add(p, Reason::new(ReasonKind::Endgame, me).named("gote"));
        }
    }
}

/// Whether the opponent string through `p` sits in `me`'s area: every
/// empty region next to it touches `me`'s stones (none is an eye or a
/// territory of the opponent's alone).
fn enclosed(b: &Board, p: Point, me: Color) -> bool {
    let mut seen = vec![false; crate::rules::point::CELLS];
    for l in b.chain_liberties(p) {
        if seen[l.index()] {
            continue;
        }
        // Flood the region of `l`.
        let mut stack = vec![l];
        seen[l.index()] = true;
        let mut touches_me = false;
        while let Some(q) = stack.pop() {
            for n in b.neighbors(q) {
                match b.get(n) {
                    None if !seen[n.index()] => {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                    Some(c) if c == me => touches_me = true,
                    _ => {}
                }
            }
        }
        if !touches_me {
            return false;
        }
    }
    true
}

/// A point between the two sides' areas: a neighbour of it (or itself)
/// counts for Black and another for White, by the dots.
fn boundary(ctx: &Context<'_>, p: Point) -> bool {
    let mut seen = [false; 2];
    for q in std::iter::once(p).chain(ctx.board.neighbors(p)) {
        let d = ctx.handtalk.dots(q);
        if d > 0 {
            seen[0] = true;
        } else if d < 0 {
            seen[1] = true;
        }
    }
    seen[0] && seen[1]
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::{candidates_of, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::eval::score::tests::WALLS;
    use crate::rules::Color;

    #[test]
    fn dame_between_two_walls() {
        let b = candidates_of(WALLS, Color::Black);
        assert!(reason_at(&b, "D4", ReasonKind::Dame).is_some());
        assert!(reason_at(&b, "A4", ReasonKind::Dame).is_none());
    }
}
