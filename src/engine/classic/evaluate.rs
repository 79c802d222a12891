//! The engine's valuation of a position: the evaluation's one valuation,
//! [`crate::eval::score::value`] — territory from Handtalk's dots, the
//! danger of every group, dead stones and prisoners, seki, and the moyo
//! basins of the potential values — with the engine's two settings: the
//! moyo as the paper writes it and the moyo's share by game phase. The
//! page's count, the score overlay and the self-check read the same
//! function.
//!
//! The statuses of the stones are an input: the search reads life and
//! death once at the root and then only re-reads the strings a move
//! touches (see [`crate::engine::classic::search`]), so a faster status layer only
//! has to produce a better [`StatusMap`].

use crate::eval::{analysis, score, MoyoParams};
use crate::rules::{Board, Scoring, StatusMap};

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
    /// The most a moyo point counts, in moku (see `strategy::moyo_weight`).
    pub moyo_weight: f32,
}

/// The score of `board` with the stone status `status`, in moku, Black
/// positive, komi included: the margin of [`score::value`] on the static
/// analysis with the engine's moyo.
pub(crate) fn evaluate(board: &Board, status: &StatusMap, params: &EvalParams) -> f32 {
    let a = analysis::analyze_static(board, status, &moyo_params());
    let counting = score::Counting {
        scoring: params.scoring,
        komi: params.komi,
    };
    score::value(board, &a, &counting, params.moyo_weight).margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::score::tests::{seki, WALLS};
    use crate::rules::{Color, Point, Status};

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

    /// The engine values a seki as the page counts it: the seki
    /// position of the score's tests (Black's ring around White's inner
    /// group inside White's wall, the two groups sharing one liberty).
    /// In seki, under territory counting, neither eye nor the shared
    /// liberty counts, a seki is at no risk, and what is left is White's
    /// 17 points outside: -17, the page's figure.
    #[test]
    fn a_seki_is_valued_as_the_page_counts_it() {
        let (b, st) = seki();
        let seki = evaluate(&b, &st, &params(Scoring::Territory));
        assert!((seki + 17.0).abs() < 1e-3, "{seki}");
    }

    /// A false eye is valued as the page counts it: a point under area
    /// counting (it will be filled with a stone of its colour), nothing
    /// under territory counting. C3 is enclosed by Black and White holds
    /// two of its diagonals (B4, D2): a false eye, one dot. Every other
    /// point counts alike under both rules, so the area count exceeds the
    /// territory count by the stones (4 black, 2 white) and the false
    /// eye: 3.
    #[test]
    fn a_false_eye_counts_under_area_counting_only() {
        let b = Board::from_ascii(
            "
            . . . . .
            . O X . .
            . X . X .
            . . X O .
            . . . . .",
        );
        let st = StatusMap::all_alive();
        let area = evaluate(&b, &st, &params(Scoring::Area));
        let terr = evaluate(&b, &st, &params(Scoring::Territory));
        assert!((area - terr - 3.0).abs() < 1e-3, "{area} {terr}");
    }
}
