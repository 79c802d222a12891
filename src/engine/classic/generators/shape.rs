//! Shape: the pattern database matched on every allowed move; each
//! match is a reason carrying the pattern's name and efficiency factor,
//! which valuation multiplies into the move's value.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::patterns;
use crate::engine::classic::reason::{Reason, ReasonKind};

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let me = ctx.color;
    for p in ctx.board.points() {
        if !ctx.board.is_empty(p) {
            continue;
        }
        for pat in patterns::matching(&ctx.board, p, me) {
            let r = Reason {
                factor: pat.factor,
                ..Reason::new(ReasonKind::Shape, me).named(pat.name)
            };
            out.add(p, r);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::{candidates_of, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::rules::Color;

    #[test]
    fn the_hane_at_the_head_of_two_stones_is_good_shape() {
        let pos = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X O . . . .
            . . . X O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let b = candidates_of(pos, Color::Black);
        assert!(reason_at(&b, "E7", ReasonKind::Shape).is_some());
        let c = b
            .iter()
            .find(|c| c.point == crate::engine::classic::generators::tests::point("E7"))
            .unwrap();
        let r = c
            .reasons
            .iter()
            .find(|r| r.name == Some("hane at the head of two stones"))
            .expect("hane at the head");
        assert!(r.factor > 1.2, "{r:?}");
        assert!(c.efficiency > 1.2);
    }
}
