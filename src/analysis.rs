//! One analysis of one position: every evaluator's maps together, computed
//! once and cached by position, with a what-if variant for the hover
//! preview (play, analyse, undo).
//!
//! Layers read the layers above them: stone status first (the explicit
//! input until the life-and-death layer supplies it), then Handtalk's
//! dots, blocks and danger, and the potential values with their moyo
//! basins.

use std::collections::HashMap;

use crate::handtalk::{self, HandtalkAnalysis};
use crate::moyo::{self, MoyoAnalysis, MoyoParams};
use crate::{Board, Color, PlayError, Point, StatusMap, StoneStatus};

/// Everything the evaluators say about one position. Maps are row-major
/// from the top-left, `size * size` long, Black positive.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Analysis {
    /// Board size.
    pub size: usize,
    /// The status of the stone on each point (`Alive` on empty points).
    pub status: Vec<StoneStatus>,
    /// Handtalk's influence dots, blocks, block danger and score estimate.
    pub handtalk: HandtalkAnalysis,
    /// Potential values, moyo basins and weak points.
    pub moyo: MoyoAnalysis,
}

/// Computes the full analysis of `board` with the stone status `status`.
///
/// ```
/// use moku::{analysis, Board, MoyoParams, StatusMap};
/// let b = Board::from_ascii("
///     . . . . .
///     . X . . .
///     . . . . .
///     . . . O .
///     . . . . .");
/// let a = analysis::analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
/// assert_eq!(a.handtalk.influence[1 * 5 + 1], 6);   // the black stone's point
/// assert_eq!(a.handtalk.influence[3 * 5 + 3], -6);  // the white one
/// assert!(a.moyo.potential[6] > 0 && a.moyo.potential[18] < 0);
/// ```
pub fn analyze(board: &Board, status: &StatusMap, moyo_params: &MoyoParams) -> Analysis {
    let n = board.size();
    let mut st = Vec::with_capacity(n * n);
    for p in board.points() {
        st.push(if board.get(p).is_some() {
            status.get(p)
        } else {
            StoneStatus::Alive
        });
    }
    Analysis {
        size: n,
        status: st,
        handtalk: handtalk::analyze(board, status),
        moyo: moyo::analyze(board, status, moyo_params),
    }
}

/// The analysis as it would be after `color` plays at `p` (the hover
/// preview). The board is unchanged afterwards; an illegal move is refused.
/// Statuses of strings the move touches are kept as given.
pub fn analyze_after(
    board: &Board,
    p: Point,
    color: Color,
    allow_suicide: bool,
    status: &StatusMap,
    moyo_params: &MoyoParams,
) -> Result<Analysis, PlayError> {
    let mut b = board.clone();
    b.play(p, color, allow_suicide)?;
    Ok(analyze(&b, status, moyo_params))
}

/// Most positions kept by an [`Analyzer`] before it starts afresh.
pub const CACHE_POSITIONS: usize = 256;

/// A cache of analyses keyed by position (board hash, size and settings),
/// so that going back and forth through a game or hovering the same point
/// twice costs nothing.
#[derive(Debug, Default)]
pub struct Analyzer {
    cache: HashMap<(u64, usize, MoyoParams), Analysis>,
}

impl Analyzer {
    /// An empty cache.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// The analysis of `board`, from the cache when it was seen before
    /// (all stones alive until the life-and-death layer decides).
    pub fn analyze(&mut self, board: &Board, moyo_params: &MoyoParams) -> &Analysis {
        let key = (board.hash(), board.size(), *moyo_params);
        if !self.cache.contains_key(&key) && self.cache.len() >= CACHE_POSITIONS {
            self.cache.clear();
        }
        self.cache
            .entry(key)
            .or_insert_with(|| analyze(board, &StatusMap::all_alive(), moyo_params))
    }

    /// Number of cached positions.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_if_leaves_the_board_alone_and_matches_playing() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .
            . . . . O . .
            . . . . . . .
            . . . . . . .",
        );
        let before = b.clone();
        let p = Point::from_xy(4, 2);
        let params = MoyoParams::default();
        let st = StatusMap::all_alive();
        let a = analyze_after(&b, p, Color::Black, false, &st, &params).unwrap();
        assert_eq!(b, before);
        let mut played = b.clone();
        played.play(p, Color::Black, false).unwrap();
        assert_eq!(a, analyze(&played, &st, &params));
        assert_eq!(a.handtalk.influence[2 * 7 + 4], 6);
        assert_eq!(
            analyze_after(&b, Point::from_xy(2, 1), Color::White, false, &st, &params),
            Err(PlayError::Occupied)
        );
    }

    #[test]
    fn the_cache_returns_the_same_analysis() {
        let mut b = Board::new(9).unwrap();
        b.play(Point::from_xy(4, 4), Color::Black, false).unwrap();
        let mut an = Analyzer::new();
        let first = an.analyze(&b, &MoyoParams::default()).clone();
        assert_eq!(an.len(), 1);
        assert_eq!(an.analyze(&b, &MoyoParams::default()), &first);
        assert_eq!(an.len(), 1);
        let naive = MoyoParams {
            influence: crate::InfluenceFunction::NaiveEuclid,
            ..MoyoParams::default()
        };
        assert_ne!(an.analyze(&b, &naive).moyo.potential, first.moyo.potential);
        assert_eq!(an.len(), 2);
    }
}
