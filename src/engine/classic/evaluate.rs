//! The full-board evaluation in one place: territory and influence from
//! Handtalk's dots, the safety of every block (its danger in moku), dead
//! stones and prisoners, and — weighted by the game phase — the moyo
//! basins of the potential values. The same maps the page's overlays
//! show, read through [`crate::eval`].
//!
//! The statuses of the stones are an input: the search reads life and
//! death once at the root and then only re-reads the strings a move
//! touches (see [`crate::engine::classic::search`]), so a faster status layer only
//! has to produce a better [`StatusMap`].

use crate::eval::{handtalk, moyo, MoyoParams};
use crate::rules::{Board, Color, Scoring, Status, StatusMap};

/// Weight of Handtalk's block danger in the evaluation. The danger is an
/// expected loss, so once; twice (tried against GNU Go) did not help and
/// made the danger of a weak group larger than its whole stake.
pub const DANGER_WEIGHT: f32 = 1.0;

/// How much an empty point counts as territory for its colour, by the
/// size of its dots (0..=6). Handtalk counts every point of 3 dots and
/// more as territory, which makes a lone stone in the open worth eight
/// points and every loose move look big; we count full control (6)
/// whole and lesser control in part, so territory is what walls
/// enclose. A 1-dot point is a false eye inside a colour's area: its
/// colour's. Tuned against GNU Go.
pub const TERRITORY_BY_DOTS: [f32; 7] = [0.0, 1.0, 0.0, 0.35, 0.5, 0.8, 1.0];

/// The moyo the engine values: the watershed as the paper writes it (no
/// framework threshold). The threshold is for people — it makes a
/// sanrensei's framework visible on the overlay — but it merges a side's
/// corner basins into one area of half the board, and the engine, tuned
/// on the paper's basins, then values every invasion of that area at
/// many moku and stops saving stones in atari (measured on the engine's
/// own tests when the threshold became the overlay's default).
pub(crate) fn moyo_params() -> MoyoParams {
    MoyoParams::as_written()
}

/// What the evaluation needs to know besides the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EvalParams {
    /// Area (Chinese) or territory (Japanese) counting.
    pub scoring: Scoring,
    /// Komi, taken from Black's score.
    pub komi: f32,
    /// Moku per point of a moyo basin that the dots do not already count
    /// as territory (see `strategy::moyo_weight`).
    pub moyo_weight: f32,
}

/// The score estimate of `board` with the stone status `status`, in moku,
/// Black positive, komi included.
///
/// Per point: an empty point is territory for the colour of its dots in
/// the measure of [`TERRITORY_BY_DOTS`]; under area counting a live stone is a
/// point for its owner and a dead one for its capturer; under territory
/// counting a dead stone is worth two (a prisoner and a point) and the
/// prisoners taken so far count one each. Then every block's danger is
/// taken from its owner, and each point of a moyo basin adds
/// `moyo_weight` times what the dots did not count yet for the basin's
/// owner.
pub(crate) fn evaluate(board: &Board, status: &StatusMap, params: &EvalParams) -> f32 {
    let ht = handtalk::analyze(board, status);
    let basins = if params.moyo_weight > 0.0 {
        Some(moyo::analyze(board, status, &moyo_params()).basins)
    } else {
        None
    };
    let mut score = 0.0f32;
    let mut moyo = 0.0f32;
    for (i, p) in board.points().enumerate() {
        let d = ht.influence[i];
        match board.get(p) {
            None => {
                let t = TERRITORY_BY_DOTS[usize::from(d.unsigned_abs()).min(6)];
                score += t * f32::from(d.signum());
                if t < 1.0 {
                    if let Some(b) = &basins {
                        moyo += (1.0 - t) * f32::from(b[i].signum());
                    }
                }
            }
            Some(c) => {
                let s = c.sign() as f32;
                let dead = status.get(p) == Status::Dead;
                score += match (params.scoring, dead) {
                    (Scoring::Area, false) => s,
                    (Scoring::Area, true) => -s,
                    (Scoring::Territory, false) => 0.0,
                    (Scoring::Territory, true) => -2.0 * s,
                };
            }
        }
    }
    if params.scoring == Scoring::Territory {
        score += board.captures(Color::Black) as f32 - board.captures(Color::White) as f32;
    }
    for b in &ht.blocks {
        score -= DANGER_WEIGHT * b.color.sign() as f32 * b.danger;
    }
    score + params.moyo_weight * moyo - params.komi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::score::tests::WALLS;
    use crate::rules::Point;

    fn params(scoring: Scoring) -> EvalParams {
        EvalParams {
            scoring,
            komi: 0.0,
            moyo_weight: 0.0,
        }
    }

    /// Two living walls split a 7x7 board: Black's side (columns 0-1,
    /// 14 points) against White's (columns 5-6, 14 points): even, komi
    /// aside. A dead white stone in Black's side changes nothing under
    /// area counting and adds a prisoner under territory counting (its
    /// point was Black's already).
    #[test]
    fn walls_count_their_sides_and_a_dead_stone_is_a_prisoner() {
        let b = Board::from_ascii(WALLS);
        let st = StatusMap::all_alive();
        let area = evaluate(&b, &st, &params(Scoring::Area));
        let terr = evaluate(&b, &st, &params(Scoring::Territory));
        assert!(area.abs() < 0.5, "{area}");
        assert!(terr.abs() < 0.5, "{terr}");
        let mut b2 = b.clone();
        b2.play(Point::from_xy(0, 3), Color::White, false).unwrap();
        let mut st2 = StatusMap::all_alive();
        st2.set_string(&b2, Point::from_xy(0, 3), Status::Dead);
        let area2 = evaluate(&b2, &st2, &params(Scoring::Area));
        let terr2 = evaluate(&b2, &st2, &params(Scoring::Territory));
        assert!((area2 - area).abs() < 0.5, "{area} -> {area2}");
        assert!((terr2 - terr - 1.0).abs() < 0.5, "{terr} -> {terr2}");
        // Komi comes off Black's score.
        let k = EvalParams {
            komi: 7.0,
            ..params(Scoring::Area)
        };
        assert!((evaluate(&b, &st, &k) - (area - 7.0)).abs() < 1e-3);
    }
}
