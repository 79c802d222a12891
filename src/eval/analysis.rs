//! One analysis of one position: every evaluator's maps together, computed
//! once and cached by position, with a what-if variant for the hover
//! preview (play, analyse, undo).
//!
//! Layers read the layers above them: the groups and their life-and-death
//! status first ([`groups`], from [`crate::reading::lifedeath`]), which become the
//! stone status the evaluators read (dead stones radiate for the other
//! side); then Handtalk's dots, blocks and danger, and the potential values
//! with their moyo basins.
//!
//! Life and death is by far the most expensive layer (a search per
//! group), so it runs once per position with a budget of
//! `GROUP_NODES` nodes per group, and the hover preview does not read
//! again: it keeps the statuses of the position it previews from
//! ([`Analyzer::analyze_preview`]).

use std::collections::HashMap;

use crate::eval::handtalk::{self, HandtalkAnalysis};
use crate::eval::moyo::{self, MoyoAnalysis, MoyoParams};
use crate::reading::benson;
use crate::reading::lifedeath::{self, GroupStatus};
use crate::reading::tactics::Budget;
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, PlayError, Point, Status, StatusMap};

/// Life-and-death nodes per group for the page's analysis. Chosen by
/// measurement (`cargo run --release --example status_speed`): at move
/// 150 of `strategy26.sgf` 500 nodes find the same dead stones as GNU Go's
/// regression budget of 4,000 in a seventh of the time (about 0.17 s for
/// the whole board natively), and 250 nodes miss some.
pub(crate) const GROUP_NODES: u64 = 500;

/// One group (dragon): its stones, status and vital points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupInfo {
    /// The group's colour.
    pub color: Color,
    /// Its stones, row by row from the top-left.
    pub stones: Vec<Point>,
    /// Alive, dead, critical or seki.
    pub status: Status,
    /// For a critical group: the opponent's killing move.
    pub attack: Option<Point>,
    /// For a critical group: the owner's saving move.
    pub defense: Option<Point>,
}

/// Every group of the board with its life-and-death status, each read
/// with at most `budget` nodes (Benson-alive groups are not read).
pub fn groups(board: &Board, budget: &Budget) -> Vec<GroupInfo> {
    let unconditional = benson::unconditional(board);
    let mut scratch = board.clone();
    let mut done = vec![false; CELLS];
    let mut out = Vec::new();
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if done[p.index()] {
            continue;
        }
        let mut stones: Vec<Point> = Vec::new();
        for chain in lifedeath::dragon(board, p) {
            stones.extend(board.chain(chain));
        }
        stones.sort();
        for s in &stones {
            done[s.index()] = true;
        }
        let (status, attack, defense) = if stones.iter().any(|&s| unconditional.is_alive(s)) {
            (Status::Alive, None, None)
        } else {
            match lifedeath::group_status(&mut scratch, p, budget) {
                GroupStatus::Alive => (Status::Alive, None, None),
                GroupStatus::Dead => (Status::Dead, None, None),
                GroupStatus::Critical { attack, defense } => {
                    (Status::Critical, Some(attack), Some(defense))
                }
            }
        };
        out.push(GroupInfo {
            color,
            stones,
            status,
            attack,
            defense,
        });
    }
    out
}

/// The stone status the evaluators read, from the groups: each stone has
/// its group's status.
pub fn status_of(groups: &[GroupInfo]) -> StatusMap {
    let mut map = StatusMap::all_alive();
    for g in groups {
        for &p in &g.stones {
            map.set_point(p, g.status);
        }
    }
    map
}

/// Everything the evaluators say about one position. Maps are row-major
/// from the top-left, `size * size` long, Black positive.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Board size.
    pub size: usize,
    /// The status of the stone on each point (`Alive` on empty points).
    pub status: Vec<Status>,
    /// The groups and their life-and-death status (empty when the status
    /// was given rather than read).
    pub groups: Vec<GroupInfo>,
    /// Handtalk's influence dots, blocks, block danger and score estimate.
    pub handtalk: HandtalkAnalysis,
    /// Potential values, moyo basins and weak points.
    pub moyo: MoyoAnalysis,
}

/// The static analysis of `board`: every evaluator run once with the
/// stone status `status` as given, no reading. [`Analyzer::analyze`] is
/// the analysis with reading (it reads the groups' life and death first).
///
/// ```
/// use moku::Board;
/// use moku::eval::{analysis, MoyoParams};
/// use moku::rules::StatusMap;
/// let b = Board::from_ascii("
///     . . . . .
///     . X . . .
///     . . . . .
///     . . . O .
///     . . . . .");
/// let a = analysis::analyze_static(&b, &StatusMap::all_alive(), &MoyoParams::default());
/// assert_eq!(a.handtalk.influence[1 * 5 + 1], 6);   // the black stone's point
/// assert_eq!(a.handtalk.influence[3 * 5 + 3], -6);  // the white one
/// assert!(a.moyo.potential[6] > 0 && a.moyo.potential[18] < 0);
/// ```
pub fn analyze_static(board: &Board, status: &StatusMap, moyo_params: &MoyoParams) -> Analysis {
    let n = board.size();
    let mut st = Vec::with_capacity(n * n);
    for p in board.points() {
        st.push(if board.get(p).is_some() {
            status.get(p)
        } else {
            Status::Alive
        });
    }
    Analysis {
        size: n,
        status: st,
        groups: Vec::new(),
        handtalk: handtalk::analyze(board, status),
        moyo: moyo::analyze(board, status, moyo_params),
    }
}

/// The analysis as it would be after `color` plays at `p` (the hover
/// preview). The board is unchanged afterwards; an illegal move is refused.
/// Statuses of strings the move touches are kept as given.
pub fn analyze_static_after(
    board: &Board,
    p: Point,
    color: Color,
    allow_suicide: bool,
    status: &StatusMap,
    moyo_params: &MoyoParams,
) -> Result<Analysis, PlayError> {
    let mut b = board.clone();
    b.play(p, color, allow_suicide)?;
    Ok(analyze_static(&b, status, moyo_params))
}

/// Most positions kept by an [`Analyzer`] before it starts afresh.
pub(crate) const CACHE_POSITIONS: usize = 256;

/// A cache of analyses keyed by position (board hash, size and settings),
/// so that going back and forth through a game or hovering the same point
/// twice costs nothing.
#[derive(Debug, Default)]
pub struct Analyzer {
    cache: HashMap<(u64, usize, MoyoParams), Analysis>,
    previews: HashMap<(u64, u64, usize, MoyoParams), Analysis>,
}

impl Analyzer {
    /// An empty cache.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// The full analysis of `board` — groups read with `GROUP_NODES`
    /// nodes each, then every evaluator — from the cache when the position
    /// was seen before.
    pub fn analyze(&mut self, board: &Board, moyo_params: &MoyoParams) -> &Analysis {
        let key = (board.hash(), board.size(), *moyo_params);
        if !self.cache.contains_key(&key) && self.cache.len() >= CACHE_POSITIONS {
            self.cache.clear();
        }
        self.cache.entry(key).or_insert_with(|| {
            let groups = groups(board, &Budget::nodes(GROUP_NODES));
            let mut a = analyze_static(board, &status_of(&groups), moyo_params);
            a.groups = groups;
            a
        })
    }

    /// The analysis of `after`, a position one move away from `base` (the
    /// hover preview): the evaluators run on `after`, but the stones keep
    /// the statuses read in `base` (a new stone is alive) instead of
    /// reading life and death again, so a preview costs microseconds.
    pub fn analyze_preview(
        &mut self,
        base: &Board,
        after: &Board,
        moyo_params: &MoyoParams,
    ) -> &Analysis {
        let key = (base.hash(), after.hash(), after.size(), *moyo_params);
        if !self.previews.contains_key(&key) {
            let base_status = {
                let a = self.analyze(base, moyo_params);
                status_of(&a.groups)
            };
            let mut status = StatusMap::all_alive();
            for p in after.points() {
                if after.get(p).is_some() && after.get(p) == base.get(p) {
                    status.set_point(p, base_status.get(p));
                }
            }
            if self.previews.len() >= CACHE_POSITIONS {
                self.previews.clear();
            }
            self.previews
                .insert(key, analyze_static(after, &status, moyo_params));
        }
        &self.previews[&key]
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
        let a = analyze_static_after(&b, p, Color::Black, false, &st, &params).unwrap();
        assert_eq!(b, before);
        let mut played = b.clone();
        played.play(p, Color::Black, false).unwrap();
        assert_eq!(a, analyze_static(&played, &st, &params));
        assert_eq!(a.handtalk.influence[2 * 7 + 4], 6);
        assert_eq!(
            analyze_static_after(&b, Point::from_xy(2, 1), Color::White, false, &st, &params),
            Err(PlayError::Occupied)
        );
    }

    #[test]
    fn the_cache_returns_the_same_analysis() {
        let mut b = Board::new(9).unwrap();
        b.play(Point::from_xy(4, 4), Color::Black, false).unwrap();
        let mut an = Analyzer::new();
        let first = an.analyze(&b, &MoyoParams::default()).clone();
        assert_eq!(first.groups.len(), 1);
        assert_eq!(first.groups[0].status, Status::Alive);
        assert_eq!(an.len(), 1);
        assert_eq!(an.analyze(&b, &MoyoParams::default()), &first);
        assert_eq!(an.len(), 1);
        let naive = MoyoParams {
            radiation: crate::eval::RadiationModel::NaiveEuclid,
            ..MoyoParams::default()
        };
        assert_ne!(an.analyze(&b, &naive).moyo.potential, first.moyo.potential);
        assert_eq!(an.len(), 2);
    }

    /// A dead white stone inside Black's territory: the groups say so, the
    /// status follows, and the Handtalk dots then count its point for Black.
    #[test]
    fn life_and_death_feeds_the_evaluators() {
        let b = Board::from_ascii(
            "
            . . . X . . . . .
            . O . X . . . . .
            . . . X . . . . .
            X X X X . . . . .
            . . . . . . . . .
            . . . . . O O O O
            . . . . . O . . .
            . . . . . O . . .
            . . . . . O . . .",
        );
        let mut an = Analyzer::new();
        let a = an.analyze(&b, &MoyoParams::default()).clone();
        let lone = a
            .groups
            .iter()
            .find(|g| g.stones == vec![Point::from_xy(1, 1)])
            .unwrap();
        assert_eq!(lone.status, Status::Dead);
        assert_eq!(a.status[9 + 1], Status::Dead);
        // The dead stone's point counts for Black (positive dots).
        assert!(
            a.handtalk.influence[9 + 1] > 0,
            "{:?}",
            &a.handtalk.influence[..27]
        );
        // The big black wall and the white wall live.
        let wall = a
            .groups
            .iter()
            .find(|g| g.stones.contains(&Point::from_xy(3, 3)))
            .unwrap();
        assert_eq!(wall.status, Status::Alive);
        // The preview keeps the dead stone dead without reading again.
        let mut after = b.clone();
        after
            .play(Point::from_xy(7, 2), Color::Black, false)
            .unwrap();
        let p = an.analyze_preview(&b, &after, &MoyoParams::default());
        assert_eq!(p.status[9 + 1], Status::Dead);
        assert_eq!(p.status[2 * 9 + 7], Status::Alive);
    }
}
