//! Life and death: the root reads every group once; a critical group
//! (whoever moves first decides) is killed at its attacking point or
//! made alive at its defending point.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::rules::Status;

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    for g in &ctx.groups {
        if g.status != Status::Critical {
            continue;
        }
        let head = g.stones[0];
        if g.color == ctx.color {
            if let Some(d) = g.defense {
                out.add(
                    d,
                    Reason::new(ReasonKind::Live, g.color).target(head, g.stones.len()),
                );
            }
        } else if let Some(a) = g.attack {
            out.add(
                a,
                Reason::new(ReasonKind::Kill, g.color).target(head, g.stones.len()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::{candidates_of, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::rules::Color;

    /// A white group in the corner with a three-point eye space: the
    /// middle point of the space decides. Black kills there, White
    /// lives there.
    const CORNER: &str = "
        . . . O X . . . .
        O O O O X . . . .
        X X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn kills_and_lives_at_the_vital_point() {
        let b = candidates_of(CORNER, Color::Black);
        let k = reason_at(&b, "B9", ReasonKind::Kill).expect("Black kills at B9");
        assert_eq!(k.size, 5);
        assert!(k.moku > 5.0, "{}", k.moku);
        let w = candidates_of(CORNER, Color::White);
        let l = reason_at(&w, "B9", ReasonKind::Live).expect("White lives at B9");
        assert_eq!(l.size, 5);
    }
}
