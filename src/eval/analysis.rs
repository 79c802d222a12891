//! One analysis of one position: every evaluator's maps together, computed
//! once and cached by position, with a what-if variant for the hover
//! preview (play, analyse, undo).
//!
//! Layers read the layers above them: the groups and their life-and-death
//! status first ([`groups`], from [`crate::reading::owl`]), which become the
//! stone status the evaluators read (dead stones radiate for the other
//! side); then Handtalk's dots, blocks and danger, the potential values
//! with their moyo basins, and the endgame regions with their
//! thermographs (their cache kept by the [`Analyzer`]).
//!
//! Life and death is by far the most expensive layer (a search per
//! group), so it runs once per position with a budget of
//! `GROUP_NODES` nodes per group, and the hover preview does not read
//! again: it keeps the statuses of the position it previews from
//! ([`Analyzer::analyze_preview`]).

use std::collections::HashMap;

use crate::eval::handtalk::{self, HandtalkAnalysis};
use crate::eval::moyo::{self, MoyoAnalysis, MoyoParams};
use crate::eval::thermo::{self, ThermoAnalysis};
use crate::eval::verdicts::{self, Ownership, Verdicts};
use crate::reading::benson::{self, Unconditional};
use crate::reading::owl::{self, Basis, GroupStatus};
use crate::reading::Budget;
use crate::rules::{Board, Color, PlayError, Point, Status, StatusMap};

/// Life-and-death nodes per group for the page's analysis. Chosen by
/// measurement (`cargo run --release --example status_speed`): at move
/// 150 of `strategy26.sgf` 500 nodes found the same dead stones as 4,000
/// nodes in a seventh of the time (about 0.17 s for
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
    /// For a critical group: whether `attack` kills only by winning a ko.
    pub attack_ko: bool,
    /// For a critical group: whether `defense` lives only by winning a ko.
    pub defense_ko: bool,
    /// How the status is known: proved, read, or the playouts' verdict.
    pub basis: Basis,
}

/// Every group of the board with its life-and-death status, each read
/// with at most `budget` nodes (Benson-alive groups are not read).
pub fn groups(board: &Board, budget: &Budget) -> Vec<GroupInfo> {
    group_infos(board, owl::dragon_statuses(board, budget))
}

/// [`groups`], taking from `cache` the dragons read before in the same
/// neighbourhood and keeping there the ones it reads to the end
/// ([`owl::dragon_statuses_cached`]).
pub(crate) fn groups_cached(
    board: &Board,
    budget: &Budget,
    cache: &mut owl::StatusCache,
) -> Vec<GroupInfo> {
    group_infos(
        board,
        owl::dragon_statuses_cached(board, budget, Some(cache)),
    )
}

/// The groups of `board` from their dragons' statuses.
fn group_infos(board: &Board, statuses: Vec<(Vec<Point>, GroupStatus, Basis)>) -> Vec<GroupInfo> {
    statuses
        .into_iter()
        .map(|(chains, group, basis)| {
            let mut stones: Vec<Point> = chains.iter().flat_map(|&h| board.chain(h)).collect();
            stones.sort();
            let (attack, defense, attack_ko, defense_ko) = match group {
                GroupStatus::Critical {
                    attack,
                    defense,
                    attack_ko,
                    defense_ko,
                } => (Some(attack), Some(defense), attack_ko, defense_ko),
                _ => (None, None, false, false),
            };
            GroupInfo {
                color: board.get(chains[0]).expect("a dragon's stone"),
                stones,
                status: group.status(),
                attack,
                defense,
                attack_ko,
                defense_ko,
                basis,
            }
        })
        .collect()
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
    /// The endgame regions with their thermographs (from the
    /// [`Analyzer`]; `None` from [`analyze_static`], which callers use for
    /// speed: a thermography costs milliseconds, the rest microseconds).
    pub thermo: Option<ThermoAnalysis>,
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
    analyze_verdicts(board, &Verdicts::from_status(status), moyo_params)
}

/// The static analysis of `board` under the reading's `verdicts`
/// (statuses, and Benson's regions and the groups' vital points when the
/// verdicts have them): every evaluator once, no reading.
pub fn analyze_verdicts(
    board: &Board,
    verdicts: &Verdicts<'_>,
    moyo_params: &MoyoParams,
) -> Analysis {
    let status = verdicts.status();
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
        handtalk: handtalk::analyze_verdicts(board, verdicts),
        moyo: moyo::analyze(board, status, moyo_params),
        thermo: None,
    }
}

/// [`analyze_verdicts`] with the thermography, its regions cached in
/// `regions`.
fn analyze_with(
    board: &Board,
    verdicts: &Verdicts<'_>,
    moyo_params: &MoyoParams,
    regions: &mut thermo::Evaluator,
) -> Analysis {
    let mut a = analyze_verdicts(board, verdicts, moyo_params);
    a.thermo = Some(regions.analyze(board, verdicts.status()));
    a
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

/// The analysis of `game`'s position from `analyzer`, with the moyo of
/// the concave fix when `moyo_params` asks for it: the fix depends on the
/// order of the moves, so the moyo is then replayed from the game's
/// history ([`moyo::replay`]) instead of taken from the cache.
pub fn analyze_game(
    analyzer: &mut Analyzer,
    game: &crate::rules::Game,
    moyo_params: &MoyoParams,
) -> Analysis {
    let mut a = analyzer
        .analyze_turn(game.board(), game.to_move(), moyo_params)
        .clone();
    if moyo_params.concave_fix {
        a.moyo = moyo::replay(game, &a.status_map(game.board()), moyo_params);
    }
    a
}

impl Analysis {
    /// The status of every stone of `board` (the board analysed) as a
    /// status map.
    pub fn status_map(&self, board: &Board) -> StatusMap {
        let mut m = StatusMap::all_alive();
        for p in board.points() {
            if board.get(p).is_some() {
                m.set_point(p, self.status[p.row_major(self.size)]);
            }
        }
        m
    }
}

/// Most positions kept by an [`Analyzer`] before it starts afresh.
pub(crate) const CACHE_POSITIONS: usize = 256;

/// Everything of a board an analysis reads: the stones (by their Zobrist
/// hash) and the size, the ko point (reading may not retake it) and the
/// prisoners (the score estimate counts them), and the side to move when
/// the caller gives it (only the playouts' second opinion reads it; the
/// reading reads both sides' moves). Komi and rules are not here because
/// the analysis does not read them; the settings are the other half of
/// each key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PositionKey {
    stones: u64,
    size: usize,
    ko: Option<Point>,
    captures: [u32; 2],
    /// The side to move, when the caller said (the playouts' second
    /// opinion plays it first).
    to_move: Option<Color>,
}

impl PositionKey {
    fn of(board: &Board, to_move: Option<Color>) -> PositionKey {
        PositionKey {
            stones: board.hash(),
            size: board.size(),
            ko: board.ko_point(),
            captures: [board.captures(Color::Black), board.captures(Color::White)],
            to_move,
        }
    }
}

/// A cache of analyses keyed by everything that changes them: the board
/// (stones, size, ko point, prisoners) and the settings,
/// so that going back and forth through a game or hovering the same point
/// twice costs nothing, and the same stones reached with other captures get
/// their own analysis.
#[derive(Debug, Default)]
pub struct Analyzer {
    cache: HashMap<(PositionKey, MoyoParams), Analysis>,
    previews: HashMap<(PositionKey, PositionKey, MoyoParams), Analysis>,
    /// Benson's unconditional life of the positions in `cache`, which the
    /// previews from them keep.
    benson: HashMap<(u64, usize), Unconditional>,
    /// The endgame regions already valued, so that a move (or a preview)
    /// searches only the regions it touched.
    regions: thermo::Evaluator,
    /// The dragons already read, so that a move reads again only the
    /// dragons whose neighbourhood it changed.
    statuses: owl::StatusCache,
    /// The critical groups whose read attack the playouts refuted, or
    /// not, by neighbourhood (`verdicts::clear_false_attacks`).
    refuted: HashMap<u64, bool>,
    /// The second opinion on life and death, if one was given
    /// ([`Analyzer::with_ownership`]).
    ownership: Option<Ownership>,
    /// The life-and-death budget of each group, if not `GROUP_NODES`
    /// ([`Analyzer::with_group_budget`]).
    group_budget: Option<Budget<'static>>,
}

impl Analyzer {
    /// An empty cache.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// An empty cache whose analyses let `ownership` (the playouts' view
    /// of who owns each point at the end) overrule the reading where the
    /// two disagree by more than [`OWNERSHIP_OVERRULE`](crate::eval::verdicts::OWNERSHIP_OVERRULE)
    /// — a group the reading leaves alive but the opponent owns in most
    /// playouts is dead, and the reverse — so that the statuses, the
    /// danger and the score estimate all take the corrected verdict.
    ///
    /// ```
    /// use moku::{Board, Color, Point};
    /// use moku::eval::{Analyzer, MoyoParams};
    /// use moku::rules::Status;
    /// // A witness that gives White every point: Black's lone stone,
    /// // alive by the reading on an empty board, is dead by it.
    /// fn white_owns_all(b: &Board, _to_move: Option<Color>, _playouts: u64) -> Vec<f32> {
    ///     vec![-1.0; b.size() * b.size()]
    /// }
    /// let b = Board::from_ascii("
    ///     . . . . .
    ///     . . . . .
    ///     . . X . .
    ///     . . . . .
    ///     . . . . .");
    /// let mut plain = Analyzer::new();
    /// assert_eq!(plain.analyze(&b, &MoyoParams::default()).status[12], Status::Alive);
    /// let mut witnessed = Analyzer::with_ownership(white_owns_all);
    /// assert_eq!(witnessed.analyze(&b, &MoyoParams::default()).status[12], Status::Dead);
    /// ```
    pub fn with_ownership(ownership: Ownership) -> Analyzer {
        Analyzer {
            ownership: Some(ownership),
            ..Analyzer::default()
        }
    }

    /// This analyzer (new, nothing analysed yet) reading each group with
    /// `budget` instead of the page's 500 nodes: GTP reads with the owl's
    /// default budget (`reading::owl::gtp_budget`), which settles harder
    /// problems, since its clients are not stepping through a record.
    /// The verdicts are the same function of the board and the budget.
    ///
    /// ```
    /// use moku::eval::{Analyzer, MoyoParams};
    /// use moku::rules::Status;
    /// use moku::{Board, Point};
    /// // A lone stone in the middle of an empty 9x9 board.
    /// let mut b = Board::new(9).unwrap();
    /// let e5 = Point::from_xy(4, 4);
    /// b.set_stone(e5, Some(moku::Color::Black));
    /// let mut deep = Analyzer::new().with_group_budget(moku::reading::Budget::nodes(4_000));
    /// assert_eq!(deep.analyze(&b, &MoyoParams::default()).status[e5.row_major(9)], Status::Alive);
    /// ```
    pub fn with_group_budget(mut self, budget: Budget<'static>) -> Analyzer {
        self.group_budget = Some(budget);
        self
    }

    /// The full analysis of `board` — groups read with `GROUP_NODES`
    /// nodes each, then every evaluator — from the cache when the position
    /// was seen before. The side to move is not given: a second opinion
    /// ([`Analyzer::with_ownership`]) lets either side move first.
    pub fn analyze(&mut self, board: &Board, moyo_params: &MoyoParams) -> &Analysis {
        self.analyze_keyed(board, None, moyo_params)
    }

    /// [`Analyzer::analyze`] with `to_move` to play: a second opinion
    /// ([`Analyzer::with_ownership`]) plays it first, as the game will. In
    /// a capturing race whose outcome depends on who moves first, this is
    /// the difference between the right verdict and a coin.
    pub fn analyze_turn(
        &mut self,
        board: &Board,
        to_move: Color,
        moyo_params: &MoyoParams,
    ) -> &Analysis {
        self.analyze_keyed(board, Some(to_move), moyo_params)
    }

    fn analyze_keyed(
        &mut self,
        board: &Board,
        to_move: Option<Color>,
        moyo_params: &MoyoParams,
    ) -> &Analysis {
        // Only the second opinion reads the side to move: without one, a
        // board is one analysis whoever moves.
        let to_move = to_move.filter(|_| self.ownership.is_some());
        let key = (PositionKey::of(board, to_move), *moyo_params);
        if !self.cache.contains_key(&key) && self.cache.len() >= CACHE_POSITIONS {
            self.cache.clear();
        }
        if !self.cache.contains_key(&key) {
            let budget = self.group_budget.unwrap_or(Budget::nodes(GROUP_NODES));
            let read = owl::dragon_statuses_cached(board, &budget, Some(&mut self.statuses));
            let mut groups = group_infos(board, read);
            let u = benson::unconditional(board);
            if let Some(ownership) = self.ownership {
                let own = ownership(board, to_move, verdicts::OVERRULE_PLAYOUTS);
                verdicts::overrule_groups(board, &mut groups, &own);
                verdicts::clear_false_attacks(
                    board,
                    &mut groups,
                    &own,
                    ownership,
                    &budget,
                    &mut self.refuted,
                );
            }
            verdicts::refine_groups(board, &mut groups, &u);
            let status = status_of(&groups);
            let mut a = analyze_with(
                board,
                &Verdicts::new(board, &status, Some(&u), &groups),
                moyo_params,
                &mut self.regions,
            );
            a.groups = groups;
            if self.benson.len() >= CACHE_POSITIONS {
                self.benson.clear();
            }
            self.benson.insert((board.hash(), board.size()), u);
            self.cache.insert(key, a);
        }
        &self.cache[&key]
    }

    /// The analysis of `after`, a position one move away from `base` (the
    /// hover preview): the evaluators run on `after`, but the stones keep
    /// the statuses read in `base` (a new stone is alive) instead of
    /// reading life and death again, so a preview costs microseconds.
    /// `to_move` is the side to move in `base`, if known (see
    /// [`Analyzer::analyze_turn`]).
    pub fn analyze_preview(
        &mut self,
        base: &Board,
        to_move: Option<Color>,
        after: &Board,
        moyo_params: &MoyoParams,
    ) -> &Analysis {
        let to_move = to_move.filter(|_| self.ownership.is_some());
        let key = (
            PositionKey::of(base, to_move),
            PositionKey::of(after, None),
            *moyo_params,
        );
        if !self.previews.contains_key(&key) {
            let (base_status, base_groups) = {
                let a = self.analyze_keyed(base, to_move, moyo_params);
                (status_of(&a.groups), a.groups.clone())
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
            let u = self.benson.get(&(base.hash(), base.size()));
            let verdicts = Verdicts::new(after, &status, u, &base_groups);
            let a = analyze_with(after, &verdicts, moyo_params, &mut self.regions);
            self.previews.insert(key, a);
        }
        &self.previews[&key]
    }

    /// The analysis of `board` under statuses given rather than read (the
    /// page's static layers, drawn at once while the reading runs
    /// elsewhere): `status` for the stones and `groups` for the list and
    /// the critical groups' vital points, then Benson's unconditional
    /// life and every evaluator as [`Analyzer::analyze`] runs them, the
    /// endgame regions from this analyzer's cache. No reading, and
    /// nothing cached: a few milliseconds on 19x19. Given the statuses
    /// and groups of a full analysis of the same board, its layers are
    /// that analysis's.
    pub fn analyze_given(
        &mut self,
        board: &Board,
        status: &StatusMap,
        mut groups: Vec<GroupInfo>,
        moyo_params: &MoyoParams,
    ) -> Analysis {
        let u = benson::unconditional(board);
        verdicts::refine_groups(board, &mut groups, &u);
        let verdicts = Verdicts::new(board, status, Some(&u), &groups);
        let mut a = analyze_with(board, &verdicts, moyo_params, &mut self.regions);
        a.groups = groups;
        a
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

    /// The same stones with other prisoners, or another ko point, are
    /// other positions: each gets its own analysis, and the score estimate
    /// counts each one's prisoners.
    #[test]
    fn the_cache_tells_positions_apart_by_captures_and_ko() {
        let b = Board::from_ascii(
            "
            . . . . .
            . X . . .
            . . . . .
            . . . O .
            . . . . .",
        );
        let mut an = Analyzer::new();
        let params = MoyoParams::default();
        // Territory counting: the prisoners count.
        let margin = |board: &Board, a: &Analysis| {
            let counting = crate::eval::score::Counting {
                scoring: crate::rules::Scoring::Territory,
                komi: 0.0,
            };
            crate::eval::score::estimate(board, a, &counting).margin
        };
        let plain = margin(&b, an.analyze(&b, &params));
        let mut captured = b.clone();
        captured.set_captures(3, 0);
        assert_eq!(captured.hash(), b.hash(), "same stones");
        let with_prisoners = margin(&captured, an.analyze(&captured, &params));
        // Black's three prisoners count for Black, one point each.
        assert!(
            (with_prisoners - (plain + 3.0)).abs() < 1e-4,
            "{plain} {with_prisoners}"
        );
        assert_eq!(an.len(), 2);
        // Back to the first position: from the cache, its own estimate.
        assert_eq!(margin(&b, an.analyze(&b, &params)), plain);
        assert_eq!(an.len(), 2);
        // The preview keys both boards the same way.
        let mut after = b.clone();
        after
            .play(Point::from_xy(0, 0), Color::White, false)
            .unwrap();
        let mut after_captured = after.clone();
        after_captured.set_captures(3, 0);
        let preview = margin(&after, an.analyze_preview(&b, None, &after, &params));
        let preview_captured = margin(
            &after_captured,
            an.analyze_preview(&captured, None, &after_captured, &params),
        );
        assert!((preview_captured - (preview + 3.0)).abs() < 1e-4);
        // A ko point is part of the position too.
        let ko = Board::from_ascii(
            "
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .",
        );
        let mut taken = ko.clone();
        taken
            .play(Point::from_xy(1, 1), Color::White, false)
            .unwrap();
        assert_eq!(taken.ko_point(), Some(Point::from_xy(2, 1)));
        let mut settled = taken.clone();
        settled.pass(Color::Black);
        assert_eq!(settled.hash(), taken.hash());
        assert_eq!(settled.ko_point(), None);
        let before = an.len();
        an.analyze(&taken, &params);
        an.analyze(&settled, &params);
        assert_eq!(an.len(), before + 2);
    }

    /// A white stone dead inside Black's corner, both walls alive.
    const DEAD_STONE_IN_THE_CORNER: &str = "
        . . . X . . . . .
        . O . X . . . . .
        . . . X . . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . O O O O
        . . . . . O . . .
        . . . . . O . . .
        . . . . . O . . .";

    /// A dead white stone inside Black's territory: the groups say so, the
    /// status follows, and the Handtalk dots then count its point for Black.
    #[test]
    fn life_and_death_feeds_the_evaluators() {
        let b = Board::from_ascii(DEAD_STONE_IN_THE_CORNER);
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
        let p = an.analyze_preview(&b, None, &after, &MoyoParams::default());
        assert_eq!(p.status[9 + 1], Status::Dead);
        assert_eq!(p.status[2 * 9 + 7], Status::Alive);
    }

    /// The analysis under given statuses is the full analysis (but for
    /// the nodes searched) when given that analysis's own statuses and
    /// groups; given every stone alive, the dead white stone is White's
    /// again.
    #[test]
    fn given_statuses_give_the_static_layers_without_reading() {
        let b = Board::from_ascii(DEAD_STONE_IN_THE_CORNER);
        let params = MoyoParams::default();
        let mut an = Analyzer::new();
        let full = an.analyze(&b, &params).clone();
        assert_eq!(full.status[9 + 1], Status::Dead);
        let given = an.analyze_given(&b, &full.status_map(&b), full.groups.clone(), &params);
        assert!(given.status == full.status && given.groups == full.groups);
        assert!(given.handtalk == full.handtalk && given.moyo == full.moyo);
        // The regions come from the cache (no nodes searched this time).
        let (t, f) = (given.thermo.unwrap(), full.thermo.as_ref().unwrap());
        assert!(t.region_map == f.region_map && t.score == f.score && t.nodes == 0);
        // Nothing was read or cached.
        assert_eq!(an.len(), 1);
        let neutral = an.analyze_given(&b, &StatusMap::all_alive(), Vec::new(), &params);
        assert_eq!(neutral.status[9 + 1], Status::Alive);
        assert!(neutral.groups.is_empty());
        assert!(neutral.handtalk.influence[9 + 1] < 0);
        assert!(full.handtalk.influence[9 + 1] > 0);
    }
}

#[cfg(test)]
mod thermo_tests {
    use super::*;
    use crate::eval::thermo::Rational;

    /// The analyzer values the endgame regions with the statuses it
    /// read, and its preview of a move there reuses the cache for the
    /// regions the move does not touch.
    #[test]
    fn the_analyzer_values_the_endgame_regions() {
        let b = Board::from_ascii(crate::eval::thermo::tests::ONE_POINT_GOTE);
        let mut an = Analyzer::new();
        let a = an.analyze(&b, &MoyoParams::default()).clone();
        let t = a.thermo.expect("the analyzer runs the thermography");
        assert_eq!(t.regions.len(), 1);
        assert_eq!(t.regions[0].mean, Rational::new(1, 2));
        assert!(
            analyze_static(&b, &StatusMap::all_alive(), &MoyoParams::default())
                .thermo
                .is_none()
        );
        // Black fills D4: no region is left (C4 is Black's point).
        let mut after = b.clone();
        after
            .play(Point::from_xy(3, 3), Color::Black, false)
            .unwrap();
        let p = an.analyze_preview(&b, None, &after, &MoyoParams::default());
        let t = p.thermo.as_ref().unwrap();
        assert!(t.regions.is_empty());
        assert_eq!(t.settled, Rational::from(-1));
    }
}
