//! Strategy: what kind of game this is for the side to move — the phase
//! (opening, middle game, endgame), ahead or behind, how aggressive to be
//! and how much to value running with weak groups (both from the
//! handicap), and what the moyo is worth now. The
//! generators and the valuation read it; nothing here plays a move.

use crate::rules::{Board, Color};

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Few stones: corners, enclosures, extensions; frameworks count.
    Opening,
    /// Fighting, moyo and weak groups.
    Middle,
    /// Boundaries are settled: gote and sente values.
    Endgame,
}

/// The opening lasts while fewer than this share of the board's points
/// hold stones (about 45 stones on 19x19, 10 on 9x9). Our choice.
pub const OPENING_STONES: f32 = 0.125;
/// The endgame starts when at most this share of the empty points is
/// still undecided (neither side's territory by the dots). Our choice.
pub const ENDGAME_OPEN: f32 = 0.25;
/// The most a moyo point counts, in moku, by phase (the share of
/// `eval::score::value`, reached at full potential): a framework is
/// worth a third of its area in the opening (a moyo becomes about half
/// territory when defended, and the dots count its edge already), less
/// later, nothing once the boundaries are fixed. Tuned against GNU Go.
pub const MOYO_WEIGHT: [f32; 3] = [0.3, 0.2, 0.0];
/// Ahead or behind by this many moku (from the mover's view) changes the
/// style: safer when ahead, riskier when behind. Our choice.
pub const AHEAD_MARGIN: f32 = 10.0;
/// Extra weight on attacking per handicap stone the mover gives (White
/// in a handicap game must attack to catch up), and the same weight less
/// per stone it receives (Black plays safer). Our choice.
pub const AGGRESSION_PER_STONE: f32 = 0.05;
/// Extra weight on running with and defending its weak groups per
/// handicap stone the mover receives (Black, ahead by its stones, keeps
/// its groups safe: the style taught to a handicap taker), and the same
/// weight less per stone it gives (White must leave weak groups to take
/// risks elsewhere). Many Faces adjusts its running factors by the
/// handicap; the step is our choice, the mirror of
/// [`AGGRESSION_PER_STONE`], so that at nine stones Black values
/// running 45% more and attacking 45% less.
pub const RUNNING_PER_STONE: f32 = 0.05;
/// Handicap stones beyond this many change the style no further: nine is
/// the largest fixed handicap, and free placement allows a board full of
/// stones, which would take the weights to nothing.
pub const STYLE_STONES: usize = 9;

/// The strategy of one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strategy {
    /// The phase of the game.
    pub phase: Phase,
    /// The score estimate from the mover's point of view (komi included).
    pub lead: f32,
    /// 1.0 normally; above 1 favours attacking and risk, below 1 safety.
    pub aggression: f32,
    /// The weight of running with and defending weak groups: 1.0
    /// normally, above 1 for the side that receives handicap stones,
    /// below 1 for the side that gives them.
    pub running: f32,
    /// Moku per moyo basin point (by phase).
    pub moyo_weight: f32,
}

impl Strategy {
    /// The phase from the board: the stones on it and the share of empty
    /// points nobody controls (`undecided`, counted by the caller from
    /// the dots).
    pub fn phase(board: &Board, undecided: usize) -> Phase {
        let area = (board.size() * board.size()) as f32;
        let stones: usize = board.stone_counts().iter().sum();
        if (stones as f32) < area * OPENING_STONES {
            Phase::Opening
        } else if (undecided as f32) <= board.empty_count() as f32 * ENDGAME_OPEN {
            Phase::Endgame
        } else {
            Phase::Middle
        }
    }

    /// The strategy for `color` in a game of phase `phase`, with the
    /// current estimate `lead` (mover's view) and `handicap` stones.
    pub fn new(color: Color, phase: Phase, lead: f32, handicap: usize) -> Strategy {
        // Handicap stones the mover gives: negative when it receives them.
        let given = handicap.min(STYLE_STONES) as f32
            * match color {
                Color::White => 1.0,
                Color::Black => -1.0,
            };
        let mut aggression = 1.0 + AGGRESSION_PER_STONE * given;
        let running = 1.0 - RUNNING_PER_STONE * given;
        if lead > AHEAD_MARGIN {
            aggression *= 0.9;
        } else if lead < -AHEAD_MARGIN {
            aggression *= 1.1;
        }
        let moyo_weight = match phase {
            Phase::Opening => MOYO_WEIGHT[0],
            Phase::Middle => MOYO_WEIGHT[1],
            Phase::Endgame => MOYO_WEIGHT[2],
        };
        Strategy {
            phase,
            lead,
            aggression,
            running,
            moyo_weight,
        }
    }

    /// Whether the mover is clearly ahead.
    pub fn ahead(&self) -> bool {
        self.lead > AHEAD_MARGIN
    }

    /// Whether the mover is clearly behind.
    pub fn behind(&self) -> bool {
        self.lead < -AHEAD_MARGIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    #[test]
    fn phases_and_styles() {
        let mut b = Board::new(9).unwrap();
        assert_eq!(Strategy::phase(&b, 81), Phase::Opening);
        for x in 0..9 {
            b.play(Point::from_xy(x, 4), Color::Black, false).unwrap();
            b.play(Point::from_xy(x, 5), Color::White, false).unwrap();
        }
        assert_eq!(Strategy::phase(&b, 40), Phase::Middle);
        assert_eq!(Strategy::phase(&b, 10), Phase::Endgame);
        let w = Strategy::new(Color::White, Phase::Middle, -20.0, 4);
        assert!(w.behind() && w.aggression > 1.2);
        let k = Strategy::new(Color::Black, Phase::Opening, 20.0, 4);
        assert!(k.ahead() && k.aggression < 0.8 && k.moyo_weight == MOYO_WEIGHT[0]);
    }

    #[test]
    fn the_handicap_taker_values_running_more_and_the_giver_less() {
        let weight = |color, stones| Strategy::new(color, Phase::Middle, 0.0, stones).running;
        // Four stones at 0.05 each: 1.2 for Black, 0.8 for White.
        assert_eq!(weight(Color::Black, 0), 1.0);
        assert!((weight(Color::Black, 4) - 1.2).abs() < 1e-6);
        assert!((weight(Color::White, 4) - 0.8).abs() < 1e-6);
        // The lead changes the aggression, not the running weight.
        let behind = Strategy::new(Color::Black, Phase::Middle, -20.0, 4);
        assert!((behind.running - 1.2).abs() < 1e-6);
        // Stones past nine count as nine: 1 + 9 x 0.05, and 1 - 9 x 0.05.
        assert!((weight(Color::Black, 30) - 1.45).abs() < 1e-6);
        assert!((weight(Color::White, 30) - 0.55).abs() < 1e-6);
        let w = Strategy::new(Color::White, Phase::Middle, 0.0, 30);
        assert!((w.aggression - 1.45).abs() < 1e-6);
    }
}
