//! Tactics: capture the opponent's strings that can be captured, save
//! our own that can be saved, and put strings short of liberties in
//! atari — from the root's tactical reading of every string with few
//! liberties ([`crate::engine::classic::context::StringFact`]).

use crate::engine::classic::context::{libs_after, Context};
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let me = ctx.color;
    for s in &ctx.strings {
        let Some(at) = s.attack else { continue };
        if s.color != me {
            out.add(
                at,
                Reason::new(ReasonKind::Capture, s.color).target(s.head, s.stones),
            );
        } else if !s.dead {
            if let Some(d) = s.defend {
                out.add(
                    d,
                    Reason::new(ReasonKind::Save, me).target(s.head, s.stones),
                );
            }
        }
    }
    // Ataris on opponent strings with two liberties that cannot simply
    // be captured: forcing moves, sometimes a way to gain sente.
    for s in &ctx.strings {
        if s.color == me || s.libs != 2 || s.attack.is_some() {
            continue;
        }
        for l in ctx.board.chain_liberties(s.head) {
            if libs_after(&ctx.board, l, me) >= 2 {
                out.add(
                    l,
                    Reason::new(ReasonKind::Atari, s.color).target(s.head, s.stones),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::generators::tests::{candidates_of, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::rules::Color;

    #[test]
    fn captures_a_string_in_atari_and_saves_one() {
        // White's D3 is in atari (D4 captures); Black's G6 is in atari
        // and connects out at G5 to G4.
        let cands = candidates_of(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . O X O .
            . . . . . . . . .
            . . . . . . X . .
            . . X O X . . . .
            . . . X . . . . .
            . . . . . . . . .",
            Color::Black,
        );
        let r = reason_at(&cands, "D4", ReasonKind::Capture).expect("capture D3 at D4");
        assert_eq!(r.size, 1);
        let s = reason_at(&cands, "G5", ReasonKind::Save).expect("save G6 at G5");
        assert_eq!(s.size, 1);
    }
}
