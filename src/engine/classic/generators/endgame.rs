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
    use crate::engine::classic::generators::tests::{candidates_of, point_on, reason_at};
    use crate::engine::classic::reason::ReasonKind;
    use crate::engine::{Decision, Engine, Level, Options};
    use crate::eval::score::tests::WALLS;
    use crate::eval::thermo::ChoiceRule;
    use crate::rules::game::game_from_ascii;
    use crate::rules::{Color, Move, RuleSet};

    /// The classic engine's move (level 3) for `color` on `ascii` under
    /// `rules`, komi 7, with its words.
    fn genmove(ascii: &str, rules: RuleSet, color: Color) -> (Decision, Vec<String>) {
        let mut g = game_from_ascii(ascii, rules, 7.0);
        g.set_to_move(color);
        let mut e = Engine::new();
        e.set_level(Level::new(3).unwrap());
        let d = e.genmove(&g, &Options::default());
        let size = g.size();
        let words = d.reasons.iter().map(|r| r.text(size)).collect();
        (d, words)
    }

    /// Black's sente before White's bigger gote, on 13x13 between two
    /// living groups with eyes on both sides (in the endgame phase):
    ///
    /// - H8-J8-K8: Black's J8 sits in White's wall with two liberties.
    ///   Black H8 connects it to G8 (K8 becomes dame: 0); White H8 leaves
    ///   it in atari, dead (its point and the prisoner) and makes K8
    ///   White's (-3). {0 | -3}: a gote of temperature 3/2, mean -3/2.
    /// - G1-H1-J1: Black's J1 on the first line is in atari (liberty H1).
    ///   Black G1 threatens H1, which would join J1 to G1 and F1 (0), so
    ///   White must answer at H1, capturing J1 (the prisoner and its
    ///   point: -2). White first at G1 kills J1 without a capture and
    ///   makes H1 White's (-3). {{0 | -2} | -3}: Black's wall stays at -2
    ///   up to temperature 1, where White's -3 + t meets it: mean -2,
    ///   temperature 1, Black's sente.
    ///
    /// Black to move: the sente is within a point of the gote (1 against
    /// 3/2), so it goes first: G1, White H1 (-2), then Black H8 (0): -2
    /// for the two regions. By temperature alone, H8 (0) and then White's
    /// G1 (-3): -3. Sente first gains a point.
    const SENTE_BEFORE_A_BIGGER_GOTE: &str = "
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X O O O O O . .
        X X X X X X X O O O O O O
        . . X X X X X . X . O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X O O O O O . .
        . . X X X X . . X O O . .";

    #[test]
    fn a_sente_goes_before_a_gote_at_most_a_point_hotter() {
        let (d, words) = genmove(SENTE_BEFORE_A_BIGGER_GOTE, RuleSet::Chinese, Color::Black);
        assert_eq!(d.mv, Move::Play(point_on("G1", 13)), "{words:?}");
        let said = "sente, 1 point (the reply is forced); sente first";
        assert!(words.iter().any(|w| w == said), "{words:?}");
        let r = d.reasons.iter().find(|r| r.kind == ReasonKind::Sente);
        assert_eq!(
            r.and_then(|r| r.endgame).map(|n| n.rule),
            Some(ChoiceRule::SenteFirst)
        );
        // For White the same two regions are a gote of 3/2 and a reverse
        // sente of 1: the hotter goes first.
        let (d, words) = genmove(SENTE_BEFORE_A_BIGGER_GOTE, RuleSet::Chinese, Color::White);
        assert_eq!(d.mv, Move::Play(point_on("H8", 13)), "{words:?}");
        assert!(words.iter().any(|w| w == "gote, 1.5 points"), "{words:?}");
    }

    /// Tedomari, White to move, two regions at temperature 1:
    ///
    /// - H12-J12-J13-K13, a notch in White's top right: Black's H12
    ///   pushes in and puts H13 in atari, so White must answer (-2);
    ///   White's H12 first keeps the notch (-3). Black's sente of 1 (mean
    ///   -2), White's reverse sente.
    /// - G6-H6: White's G6 in atari inside Black's wall. Black H6
    ///   captures it (its point and the prisoner: +2), White H6 joins it
    ///   to J6 (0). {2 | 0}: mean 1, temperature 1.
    ///
    /// By temperature the two are equal, and the first in board order is
    /// H12: White's reverse sente (-3), then Black's capture (+2): -1.
    /// White's H6 instead takes the last move before the temperature
    /// drops: Black's sente H12 is answered and changes nothing (-2 + 0):
    /// -2, a point better for White.
    const TEDOMARI_THE_GOTE_BEFORE_THE_REVERSE_SENTE: &str = "
        . . X X X X X O . . O . .
        X X X X X X X . . O O O O
        . . X X X X O O O O O . .
        . . X X X X X O O O O . .
        X X X X X X X O O O O O O
        . . X X X X X O O O O . .
        . . X X X X X X O O O . .
        X X X X X X O . O O O O O
        . . X X X X X O O O O . .
        . . X X X X O O O O O . .
        X X X X X X O O O O O O O
        . . X X X X X X O O O . .
        . . X X X X O O O O O . .";

    #[test]
    fn tedomari_takes_the_last_move_before_the_temperature_drops() {
        let ascii = TEDOMARI_THE_GOTE_BEFORE_THE_REVERSE_SENTE;
        let (d, words) = genmove(ascii, RuleSet::Chinese, Color::White);
        assert_eq!(d.mv, Move::Play(point_on("H6", 13)), "{words:?}");
        let said = "gote, 1 point; tedomari: the last big move";
        assert!(words.iter().any(|w| w == said), "{words:?}");
        let r = d.reasons.iter().find(|r| r.kind == ReasonKind::Endgame);
        assert_eq!(
            r.and_then(|r| r.endgame).map(|n| n.rule),
            Some(ChoiceRule::Tedomari)
        );
        // Black's sente of the same temperature goes first for Black.
        let (d, words) = genmove(ascii, RuleSet::Chinese, Color::Black);
        assert_eq!(d.mv, Move::Play(point_on("H12", 13)), "{words:?}");
        let said = "sente, 1 point (the reply is forced)";
        assert!(words.iter().any(|w| w == said), "{words:?}");
    }

    /// Two living groups on 13x13, each with eyes of four points and less
    /// at the sides (settled territory: 47 empty points, of which 4 are
    /// nobody's, so the game is in its endgame), and three regions on
    /// their border:
    ///
    /// - F9-G9, a one-point gote: Black at G9 keeps F9, White at G9 makes
    ///   it dame ({1 | 0}: temperature 1/2);
    /// - F7-G7-H7, a two-point gote: Black at G7 makes F7 Black's and H7
    ///   dame, White at G7 takes H7 and makes F7 dame ({1 | -1}:
    ///   temperature 1);
    /// - F5-G5, a ko: White's F5 is in atari; Black takes at G5 and must
    ///   connect to keep the prisoner, White connects at G5 with one move
    ///   (one prisoner, won in two moves or lost in one: mean 1/3,
    ///   temperature 1/3, the one-third rule).
    const KO_AND_TWO_GOTES: &str = "
        . . X X X X X O O O O . .
        . . X X X X X O O O O . .
        X X . X X X X O O . O O O
        . . X X X X X O O O O . .
        . . X X X . . O O O O . .
        X X X X X X X O O O O O O
        . . X X X . . . O O O . .
        . . X X X X O O O O O . .
        X X X X X O . O O O O O O
        . . X X X X O O O O O . .
        . . . X X X O O . O . . .
        X X X X X X X O O O O O O
        . . X X X X X O O O O . .";

    /// The notes' rule below temperature 2 under area scoring: no move on
    /// the board is as hot as 2 (the hottest, G7, is 1), so the ko's
    /// points belong to the player to move, who takes it first: Black
    /// captures F5 at G5, White connects at G5, each ahead of the hotter
    /// gote. Under territory scoring (Japanese rules) the rule does not
    /// apply and the hottest move comes first: G7, "gote, 1 point".
    #[test]
    fn below_temperature_two_the_ko_is_the_movers() {
        let ko = Move::Play(point_on("G5", 13));
        for color in [Color::Black, Color::White] {
            let (d, words) = genmove(KO_AND_TWO_GOTES, RuleSet::Chinese, color);
            assert_eq!(d.mv, ko, "{color:?}: {words:?}");
            let said = "ko, 0.333 points; nothing else is worth 2 points: the ko is the mover's";
            assert!(words.iter().any(|w| w == said), "{color:?}: {words:?}");
            let r = d.reasons.iter().find(|r| r.kind == ReasonKind::Endgame);
            assert_eq!(
                r.and_then(|r| r.endgame).map(|n| n.rule),
                Some(ChoiceRule::KoOwned)
            );
        }
        let (d, words) = genmove(KO_AND_TWO_GOTES, RuleSet::Japanese, Color::Black);
        assert_eq!(d.mv, Move::Play(point_on("G7", 13)), "{words:?}");
        assert!(words.iter().any(|w| w == "gote, 1 point"), "{words:?}");
    }

    #[test]
    fn dame_between_two_walls() {
        let b = candidates_of(WALLS, Color::Black);
        assert!(reason_at(&b, "D4", ReasonKind::Dame).is_some());
        assert!(reason_at(&b, "A4", ReasonKind::Dame).is_none());
    }
}
