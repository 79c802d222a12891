//! The endgame: the thermography's moves, boundary moves, dame, and —
//! when the opponent disputes them (`kgs-genmove_cleanup`) — moves that
//! remove dead stones from the board.
//!
//! In the endgame phase the root's thermography ([`Thermography`]: the
//! local regions bounded by settled stones, each with its thermograph,
//! `eval::thermo`) orders the mover's moves as the thermography notes
//! do: sente first, the ko rule, the ko below temperature 2 under area
//! scoring, tedomari, then by temperature. Every move it proposes in a
//! region its local game values (not an invasion, whose value is a
//! guess) becomes a reason with the thermography's
//! [`EndgameNote`]: `Sente` for the mover's sente, `Endgame` for a gote
//! or a ko, each with its value in points (the region's temperature,
//! miai counting). The valuation adds that value to what the evaluation
//! gains by the move (the opponent's gain there had he played first: the
//! move's deiri is the sum) and puts the order's first move above the
//! others when a rule rather than the temperature put it first
//! (`valuation::ORDER_MARGIN`). In a final position (unconditional
//! territory and kos, `ThermoAnalysis::exact`) the moves are proposed
//! only when the exact result says moving first gains something.
//!
//! Boundary points outside those regions (areas not yet bounded by
//! settled stones, or too big to value exactly) are named "gote" and
//! valued by the evaluation both ways: what we gain there plus what the
//! opponent would gain there (the deiri), with no halving and no sente
//! estimate.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{EndgameNote, Reason, ReasonKind};
use crate::engine::classic::strategy::Phase;
use crate::eval::thermo::{
    self, ChoiceKind, ChoiceRule, EndgameMove, Region, RegionOrigin, ThermoAnalysis,
};
use crate::rules::{Board, Color, Point, RuleSet, Status, StatusMap};

/// Opponent strings up to this size are candidates for removal in
/// cleanup mode.
const CLEANUP_STONES: usize = 10;

/// The thermography of a root in the endgame phase and the mover's
/// endgame moves in the thermography's order.
#[derive(Clone, Debug)]
pub(crate) struct Thermography {
    /// The root's regions and their thermographs.
    pub analysis: ThermoAnalysis,
    /// The mover's moves, the first the thermography's choice
    /// (`thermo::endgame_moves_under`).
    pub moves: Vec<EndgameMove>,
}

impl Thermography {
    /// The thermography of `board` with the root's statuses, and the
    /// ordered moves of `color` under `rules`' scoring. A final position
    /// whose exact value ([`ThermoAnalysis::exact`]) is the same whoever
    /// moves first offers no move.
    pub(crate) fn of(
        board: &Board,
        status: &StatusMap,
        color: Color,
        rules: RuleSet,
    ) -> Thermography {
        let analysis = thermo::analyze(board, status);
        let mut moves = thermo::endgame_moves_under(board, &analysis, color, rules.scoring());
        if let Some(exact) = analysis.exact {
            let gain =
                (exact[color.index()] - exact[color.opponent().index()]) * color.sign() as i64;
            if gain <= 0 {
                moves.clear();
            }
        }
        Thermography { analysis, moves }
    }

    /// The thermography's note on the move at `p`: the move is one it
    /// proposes in a region its local game values (not a capture outside
    /// the regions, not an invasion of a bigger surrounded area, whose
    /// value is a guess). A region whose local game hit the branching cap
    /// keeps its note: the notes value it heuristically there too.
    pub(crate) fn note(&self, p: Point) -> Option<EndgameNote> {
        let m = self.moves.iter().find(|m| m.point == p)?;
        let region = m.region?;
        if m.kind == ChoiceKind::Capture || !searched(&self.analysis.regions[region - 1]) {
            return None;
        }
        Some(EndgameNote {
            kind: m.kind,
            rule: m.rule,
            value: m.value,
            region,
        })
    }

    /// The first move of the order that it values exactly (has a note).
    pub(crate) fn first_noted(&self) -> Option<Point> {
        self.moves
            .iter()
            .map(|m| m.point)
            .find(|&p| self.note(p).is_some())
    }

    /// The order's first move when a rule other than the temperature put
    /// it there (sente first, the ko rules, tedomari).
    pub(crate) fn ruled_first(&self) -> Option<Point> {
        self.moves
            .first()
            .filter(|m| m.rule != ChoiceRule::Temperature && self.note(m.point).is_some())
            .map(|m| m.point)
    }
}

/// Whether the local game values `r` (an invasion's value is a guess).
pub(crate) fn searched(r: &Region) -> bool {
    !matches!(r.origin, RegionOrigin::Invasion(_))
}

/// The reason a thermography's note gives a move: `Sente` for the
/// mover's sente, else `Endgame`; its moku the note's value (what the
/// opponent would gain there first).
pub(crate) fn note_reason(note: EndgameNote, me: Color) -> Reason {
    let kind = if note.kind == ChoiceKind::Sente {
        ReasonKind::Sente
    } else {
        ReasonKind::Endgame
    };
    Reason {
        endgame: Some(note),
        ..Reason::new(kind, me).moku(note.value.to_f64() as f32)
    }
}

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
    let thermo = ctx.thermo.as_deref();
    if let Some(t) = thermo {
        for m in &t.moves {
            if let Some(note) = t.note(m.point) {
                out.add(m.point, note_reason(note, me));
            }
        }
    }
    // A point of a region the local game values is the thermography's.
    let valued_region =
        |p: Point| thermo.is_some_and(|t| t.analysis.region_at(p).is_some_and(searched));
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
            && !valued_region(p)
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

    // The endgame's moves as the engine plays them and says them (sente
    // first, tedomari, the ko below temperature 2) are tested with the
    // engine, in `engine::genmove`.

    #[test]
    fn dame_between_two_walls() {
        let b = candidates_of(WALLS, Color::Black);
        assert!(reason_at(&b, "D4", ReasonKind::Dame).is_some());
        assert!(reason_at(&b, "A4", ReasonKind::Dame).is_none());
    }
}
