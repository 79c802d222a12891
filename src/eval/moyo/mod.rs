//! Moyo inner areas by potential values: Tajima and Sanechika's
//! "watershed method" over the potential of [`mod@crate::eval::potential`].
//!
//! # The algorithm (section 3 of the paper)
//!
//! For a vacant point `p` with `v(p) > 0` (Black; White is the same with
//! the sign reversed, so write `w = v` for Black and `w = -v` for White):
//!
//! 1. `Old = {}`, `p* = p`;
//! 2. among the neighbours of `p*` not in `Old` take `p'` with the least
//!    `w`; if there is none go to 4;
//! 3. if `w(p*) >= w(p')` then `Old += p*`, `p* = p'` and go to 2, else go
//!    to 4;
//! 4. if `w(p*) < 0`, `p` is an *outer* point; otherwise `p*` is a
//!    *minimal point* of the colour and `p` an *inner* point of its moyo,
//!    in the *basin* of `p*`.
//!
//! The paths walk over every point of the board, stones included (a stone
//! is a peak of its own colour and a pit for the other); only vacant
//! points are classified.
//!
//! **Ties fork** (several neighbours share the least `w`), and the paper's
//! rule (b) decides: `p` is inner if *any* path says inner. Every path is
//! explored, memoised per plateau (below), so the cost stays linear. When
//! paths reach different minimal points the basin is the one whose minimal
//! point comes first row-major: a deterministic choice the paper does not
//! make.
//!
//! **Plateaus.** Taken literally, step 3 walks across equal values; on a
//! plateau (wide areas of `v = 0` far from the stones are common) every
//! neighbour ties, paths fork at every step and end only by trapping
//! themselves, which rule (b) would then call inner: exponential, and it
//! makes almost any zero plateau inner. We take the usual watershed
//! remedy: a connected set of points of equal `v` (a *plateau*, a single
//! point being the common case) is one node. The descent leaves a plateau
//! through its lowest outside neighbours when they are lower than it (ties
//! fork, rule (b)); a plateau without a lower outside neighbour is a
//! *minimal region* and all its points are minimal points. Descents are
//! then strictly decreasing from node to node, `Old` never matters, and
//! each node's result can be memoised.
//!
//! **Zero potential.** A vacant point with `v = 0` starts no descent; it is
//! inner of colour `c` if a neighbour is a minimal point of `c`,
//! recursively (the paper's rule). With plateaus as nodes, the points with
//! `v = 0` connected to a zero-valued minimal point are exactly that
//! point's plateau, so the rule reads: a zero plateau is inner of `c` when
//! it is a minimal region of `c` *and* some descent of `c` reaches it.
//! (A zero plateau bordered only by Black-positive points none of whose
//! descents enters it is therefore outer.) Minimal points are those that
//! descents from points with `w > 0` reach; we start descents from every
//! such point, stones included, so "reached" is a local test (some
//! neighbouring node with `w > 0` has the plateau among its exits). It
//! differs from starting at vacant points only when the only way in is
//! through a node made of stones alone.
//!
//! **Dead stones** radiate nothing ([`mod@crate::eval::potential`]) and their points
//! are classified like vacant ones: they will be taken off the board.
//!
//! # Basins, weak points, completion
//!
//! Every inner point is labelled with its basin (the minimal region it
//! reaches, the paper's figure 3): `+1, +2, ...` for Black basins and
//! `-1, -2, ...` for White basins, numbered per colour in the order of each
//! basin's first point row-major; `0` for outer points and stones.
//!
//! A basin's *boundary* points are its points with a neighbour that is
//! neither inner of the basin's colour (in this basin or another: two
//! basins of one colour side by side are both inside the moyo) nor a live
//! stone of that colour (a wall of own stones is not a way out; the
//! board's edge is no neighbour). Its
//! *weak points* are the boundary points with the least `|v|`, where the
//! enclosure is thinnest (the paper's section 6: "the strength of the
//! connection between two remote stones is given by the potential value on
//! the boundary point with the minimum absolute value"). A basin walled in
//! by its own stones and the edges has no weak point.
//!
//! [`Moyo::completion`] compares the inner areas before and after a
//! candidate move (the paper's section 6: does one move complete a moyo?).
//!
//! # For people: areas and gaps
//!
//! The paper's basins are faithful but noisy for a person (one territory
//! in several basins, a ring on every tie of the weakest value). The
//! `areas` module merges the touching basins of one colour into *areas*,
//! numbered in reading order, and puts forward a handful of *gaps* per
//! area: the points just outside where a player closes it or breaks in
//! ([`Area`], [`Gap`]).
//!
//! # Layout
//!
//! `watershed` (the field of plateaus, the descents, basins and weak
//! points), `state` (the incremental [`Moyo`], the concave fix,
//! completion), `areas` (for people).
//!
//! # The section 7 fixes
//!
//! - [`MoyoParams::moyo_threshold`]: vacant points whose `|v|` is at
//!   least the threshold are inner of their sign's colour whatever their
//!   descent says (the paper: "making unconditionally the points with the
//!   absolute value of the potential value over a certain level be the
//!   points of inner area"). Such a point joins, through 4-connected forced
//!   points of its colour, the basin of an adjacent inner point (the basin
//!   with the first minimal point if there are several), or else its
//!   forced points form a basin of their own whose minimum is their point
//!   of least `|v|`. The paper names no level; ours,
//!   [`DEFAULT_MOYO_THRESHOLD`], is on by default so that frameworks show
//!   ([`MoyoParams::as_written`] turns it off).
//! - [`MoyoParams::concave_fix`]: "when a stone of the same colour is put
//!   into the inner area, the influence of the new stone is ignored. But
//!   only the influences to the boundary points are counted". A stone
//!   played on a point that was inner of its own colour radiates only onto
//!   the boundary points (as above) of that basin, as it was before the
//!   move. This depends on the order of the moves, not on the position, so
//!   it exists only for a [`Moyo`] fed a game move by move
//!   ([`Moyo::update`]); the full recomputation that must agree with it is
//!   [`Moyo::recompute`], which takes the masks the state has recorded.
//!   [`Moyo::new`] and [`analyze`] treat every stone on the board as
//!   unmasked.
//!
//!   The second half: "when a stone of the same colour is put in the
//!   outer area, above operation is made, if necessary, after
//!   experimentally reversing the order of putting stones, i.e. put the
//!   new stone first and put one of the surrounding old stone of the same
//!   colour next". The paper leaves three things open; we read them so:
//!   - *When*: an update that adds exactly one stone (a move, with its
//!     captures), on a point that was outer (basin 0) before it.
//!   - *If necessary*: only when the plain update loses some point that
//!     was inner of the stone's colour (in any of its basins): the
//!     "unnatural phenomenon" the fix exists for.
//!   - *Which old stone, and how the replay ends*: each of the nearest
//!     old live stones of the colour that carry no mask yet (Manhattan
//!     distance, then reading order; at most `REVERSAL_CANDIDATES`,
//!     4) is tried in turn: the position is computed with that stone
//!     lifted and the new one on the board; if the lifted stone's point
//!     is then inner of its colour, the stone is put back under the first
//!     operation, radiating only onto the boundary points of that basin.
//!     The try that loses the fewest of the old inner points is kept,
//!     the nearest on a tie, and only if it loses fewer than the plain
//!     update; otherwise the plain update stands. The mask then belongs
//!     to the old stone, so [`Moyo::recompute`] reproduces it as it does
//!     the first half's.
//!
//!   Off by default: the engine and the score do not use it.
//!
//! # Incremental update
//!
//! [`Moyo::update`] brings the state to a new position (a stone added,
//! captures, a status change: it diffs what radiates) and gives exactly
//! what a full computation gives (a property test checks it on random
//! games). The paper's section 4 observes that a stone added to the outer
//! area never shrinks its colour's inner area, so those points need no
//! recalculation; that is a heuristic, not a theorem of steepest descent
//! (the paper's own section 7 shows an inner area shrinking after an own
//! stone), so we use the exact form of the idea instead: only the nodes
//! whose descent can reach a changed point are recomputed. The potential
//! is updated by adding and removing radiation; plateaus are re-flooded
//! only where a value changed or next to it; node results are recomputed
//! in increasing order of `w` from the changed nodes upwards, stopping
//! where a result does not change.

pub(crate) mod areas;
mod state;
mod watershed;

use crate::eval::RadiationModel;
use crate::rules::{Board, Color, PlayError, Point, StatusMap};

pub use areas::{Area, Gap};
pub use state::{replay, Moyo};

/// The threshold of [`MoyoParams::default`]: vacant points with `|v|` at
/// least this are inner. Why 12: it is the least level at which the side
/// between two star points two jumps apart (a sanrensei) is inner from the
/// edge to the fourth line: its weakest points, halfway on the first to
/// third lines, sum 6 + 6 from the two stones' tables. The watershed alone
/// never shows such a framework — its descents drain to the empty centre,
/// whatever the radiation's reach — and a wider radiation would only move
/// where they drain; the paper's own remedy for "inner areas too small" is
/// this threshold. Lower, the single points beside every stone would
/// join; those that stand alone are left out of the display anyway
/// ([`Area`]).
pub const DEFAULT_MOYO_THRESHOLD: i32 = 12;

/// The settings of a moyo analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoyoParams {
    /// How stones radiate (the paper's tables by default).
    pub radiation: RadiationModel,
    /// Vacant points with `|v|` at least this are inner whatever their
    /// descent says (section 7 of the paper; it names no level). The
    /// default is [`DEFAULT_MOYO_THRESHOLD`], so frameworks show; `None`
    /// applies the algorithm as written ([`MoyoParams::as_written`]).
    /// Meant to be positive: points with `v = 0` are never forced.
    pub moyo_threshold: Option<i32>,
    /// The paper's fix for concave moyo (section 7), applied by
    /// [`Moyo::update`] to stones played into their own inner area, and
    /// to stones played outside it that would shrink it (see "The
    /// section 7 fixes" above).
    pub concave_fix: bool,
}

impl Default for MoyoParams {
    /// The paper's tables, the [`DEFAULT_MOYO_THRESHOLD`], no concave fix.
    fn default() -> MoyoParams {
        MoyoParams {
            radiation: RadiationModel::Tables,
            moyo_threshold: Some(DEFAULT_MOYO_THRESHOLD),
            concave_fix: false,
        }
    }
}

impl MoyoParams {
    /// The algorithm as the paper writes it: its tables, no threshold, no
    /// concave fix.
    ///
    /// ```
    /// use moku::eval::MoyoParams;
    /// assert_eq!(MoyoParams::as_written().moyo_threshold, None);
    /// assert_eq!(MoyoParams::default().moyo_threshold, Some(12));
    /// ```
    pub fn as_written() -> MoyoParams {
        MoyoParams {
            moyo_threshold: None,
            ..MoyoParams::default()
        }
    }
}

/// One basin (inner area) of a moyo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasinInfo {
    /// `+1, +2, ...` for Black, `-1, -2, ...` for White, as in
    /// [`MoyoAnalysis::basins`].
    pub label: i16,
    /// Whose moyo it is.
    pub color: Color,
    /// Number of points in the basin.
    pub area: u32,
    /// The basin's minimal point (for White the maximal one): the first
    /// point, row-major, of the minimal region the descents reach.
    pub minimum: Point,
    /// The boundary points with the least `|v|` (row-major); empty when
    /// the basin has no boundary.
    pub weak_points: Vec<Point>,
    /// `|v|` at the weak points (0 when there are none).
    pub weak_value: i32,
}

/// The moyo analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoyoAnalysis {
    /// Board size.
    pub size: usize,
    /// The potential of every point, row-major from the top-left, Black
    /// positive.
    pub potential: Vec<i32>,
    /// The basin label of every point, row-major: `+n` Black basin `n`,
    /// `-n` White basin `n`, 0 outer points and stones.
    pub basins: Vec<i16>,
    /// Every basin: Black `1..` first, then White `-1, -2, ..`.
    pub basin_list: Vec<BasinInfo>,
    /// The weak points of all basins, row-major.
    pub weak_points: Vec<Point>,
    /// The area label of every point, row-major: `+n` Black's area `n`,
    /// `-n` White's, 0 elsewhere (see [`Area`]).
    pub area_ids: Vec<i16>,
    /// Every area: Black's `1..` first, then White's `-1, -2, ..`.
    pub areas: Vec<Area>,
    /// The gaps of all areas, weakest first.
    pub gaps: Vec<Point>,
}

impl MoyoAnalysis {
    /// The basin label at `p`.
    pub fn basin_at(&self, p: Point) -> i16 {
        self.basins[p.row_major(self.size)]
    }

    /// The potential at `p`.
    pub fn potential_at(&self, p: Point) -> i32 {
        self.potential[p.row_major(self.size)]
    }

    /// The inner area of `c`: the points in its basins.
    pub fn inner_area(&self, c: Color) -> u32 {
        self.basin_list
            .iter()
            .filter(|b| b.color == c)
            .map(|b| b.area)
            .sum()
    }

    /// The basin with this label.
    pub fn basin(&self, label: i16) -> Option<&BasinInfo> {
        self.basin_list.iter().find(|b| b.label == label)
    }

    /// The area label at `p` (0 outside areas).
    pub fn area_at(&self, p: Point) -> i16 {
        self.area_ids[p.row_major(self.size)]
    }

    /// The area with this label.
    pub fn area(&self, label: i16) -> Option<&Area> {
        self.areas.iter().find(|a| a.label == label)
    }
}

/// How the inner areas change with one move ([`Moyo::completion`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Inner area of `[Black, White]` before the move.
    pub area_before: [u32; 2],
    /// Inner area of `[Black, White]` after the move.
    pub area_after: [u32; 2],
    /// Each basin after the move, matched with the basin before it that
    /// shares most of its points, and each basin before it that no basin
    /// after it matches.
    pub basins: Vec<BasinChange>,
}

impl Completion {
    /// The change of `c`'s inner area.
    pub fn gain(&self, c: Color) -> i32 {
        self.area_after[c.index()] as i32 - self.area_before[c.index()] as i32
    }
}

/// One basin's change in a [`Completion`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasinChange {
    /// The label before the move (0: a new basin).
    pub before: i16,
    /// The label after the move (0: the basin is gone).
    pub after: i16,
    /// Its area before.
    pub area_before: u32,
    /// Its area after.
    pub area_after: u32,
}

/// Analyses `board` with the stone status `status`.
///
/// ```
/// use moku::eval::moyo::analyze;
/// use moku::Board;
/// use moku::eval::MoyoParams;
/// use moku::rules::StatusMap;
/// let b = Board::from_ascii("
///     . . . X . . . . .
///     . . . X . . . . .
///     . . . X . . . . .
///     X X X X . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . O
///     . . . . . . . O .");
/// let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
/// let corner = a.basins[0];
/// assert!(corner > 0); // a Black basin
/// assert!((0..3).all(|y| (0..3).all(|x| a.basins[y * 9 + x] == corner)));
/// ```
pub fn analyze(board: &Board, status: &StatusMap, params: &MoyoParams) -> MoyoAnalysis {
    Moyo::new(board, status, params).into_analysis()
}

/// [`Moyo::completion`] from scratch.
pub fn completion(
    board: &Board,
    status: &StatusMap,
    params: &MoyoParams,
    p: Point,
    color: Color,
) -> Result<Completion, PlayError> {
    Moyo::new(board, status, params).completion(board, status, p, color)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::point::pt;

    /// A Black corner walled off on the fourth lines, White in the
    /// opposite corner.
    const CORNER: &str = "
        . . . X . . . . .
        . . . X . . . . .
        . . . X . . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . O
        . . . . . . . O .";

    /// A Black corner walled off along the sixth line and column, one
    /// point missing: C6.
    pub(crate) const WALL_WITH_GAP: &str = "
        . . . . . X . . .
        . . . . . X . . .
        . . . . . X . . .
        X X . X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . . . . . . . .";
    use crate::rules::textboard::{self, pic};

    /// The potential of every point as a text board (what `moku_potential`
    /// answers).
    fn potential_text(a: &MoyoAnalysis, b: &Board) -> String {
        textboard::format(b, |p| a.potential_at(p))
    }

    #[test]
    fn black_enclosure_in_a_9x9_corner() {
        let b = Board::from_ascii(CORNER);
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        assert_eq!(
            potential_text(&a, &b),
            pic("
                222 190 237 296 151  75  41   5    0
                190 181 208 258 137  67  34   5    0
                235 206 219 240 116  58  27   5    0
                296 258 240 208  95  47  25   5   -5
                151 137 116  95  53  30   7  -6  -14
                 75  67  58  47  30   7  -8 -23  -35
                 41  34  27  25   7  -8 -20 -38  -72
                  5   5   5   5 -12 -23 -38 -90 -138
                  0   0   0  -5 -14 -35 -72 -138 -194")
        );
        // Basin 1 is the 3x3 corner A9-C7; every other point is outer (0).
        for p in b.points() {
            let in_corner = p.x() < 3 && p.y() < 3;
            assert_eq!(a.basin_at(p), i16::from(in_corner), "{p:?}");
        }
        // One basin: the corner, its minimal point B8 (181); walled in by
        // its own stones and the edges, it has no weak point.
        assert_eq!(a.basin_list.len(), 1);
        let corner = &a.basin_list[0];
        assert_eq!(
            (corner.color, corner.area, corner.minimum),
            (Color::Black, 9, pt(1, 1))
        );
        assert!(corner.weak_points.is_empty());
        // F4 (5,5) = 7 > 0 steps to its least neighbour, -8 (G4 or F3):
        // the descent runs into negative potential, so it is outer.
        assert_eq!(a.potential_at(pt(5, 5)), 7);
        assert_eq!(a.basin_at(pt(5, 5)), 0);
        // E5 (4,4) = 53 descends 53 -> 30 -> 7 -> -8: outer as well.
        assert_eq!(a.basin_at(pt(4, 4)), 0);
    }

    #[test]
    fn the_papers_weak_point_of_a_wall_with_a_gap_is_beside_the_gap() {
        let b = Board::from_ascii(WALL_WITH_GAP);
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        let corner = a.basin_at(pt(0, 0));
        assert!(corner > 0);
        let info = a.basin(corner).unwrap();
        assert_eq!(info.area, 15);
        // The gap C6 (2,3) = 123 drains outwards (to 78 below it); the
        // basin meets the outside only there, through C7 (2,2) = 114: the
        // paper's weak point is C7, beside the gap (the areas put the gap
        // itself forward, see `areas`).
        assert_eq!(a.potential_at(pt(2, 3)), 123);
        assert_eq!(a.basin_at(pt(2, 3)), 0);
        assert_eq!(info.weak_points, vec![pt(2, 2)]);
        assert_eq!(info.weak_value, 114);
        assert!(a.weak_points.contains(&pt(2, 2)));
        assert_eq!(crate::rules::gtp_vertex(pt(2, 2), 9), "C7");
        // Closing the gap leaves a basin with no weak point.
        let mut closed = b.clone();
        closed.set_stone(pt(2, 3), Some(Color::Black));
        let a = analyze(&closed, &StatusMap::all_alive(), &MoyoParams::as_written());
        let info = a.basin(a.basin_at(pt(0, 0))).unwrap();
        assert!(info.weak_points.is_empty());
    }

    #[test]
    fn completion_of_an_open_moyo() {
        // The gap of the previous test: filling it completes the corner,
        // and the completed basin keeps its points.
        let b = Board::from_ascii(WALL_WITH_GAP);
        let status = StatusMap::all_alive();
        let params = MoyoParams::as_written();
        let c = completion(&b, &status, &params, pt(2, 3), Color::Black).unwrap();
        assert_eq!(
            c.gain(Color::Black),
            c.area_after[0] as i32 - c.area_before[0] as i32
        );
        let corner = c.basins.iter().find(|ch| ch.before == 1).unwrap();
        assert_eq!(corner.area_before, 15);
        assert!(corner.after > 0);
        // An illegal candidate is refused with the reason.
        assert_eq!(
            completion(&b, &status, &params, pt(0, 3), Color::White),
            Err(PlayError::Occupied)
        );
    }

    #[test]
    fn moyo_threshold_threshold() {
        let b = Board::from_ascii(CORNER);
        let params = MoyoParams {
            moyo_threshold: Some(100),
            ..MoyoParams::as_written()
        };
        let a = analyze(&b, &StatusMap::all_alive(), &params);
        // E9 (4,0) = 151 and E6 (4,3) = 95: the first is forced, next to
        // the wall but outside the corner; it joins no basin (no inner
        // neighbour) but forms its own with its forced neighbours.
        let e9 = a.basin_at(pt(4, 0));
        assert!(e9 > 0);
        assert_eq!(a.basin_at(pt(4, 3)), 0);
        assert_eq!(
            a.basin_at(pt(0, 0)),
            1,
            "the corner is still the first basin"
        );
        // J1 (8,8) = -194: forced White; its neighbours join it.
        assert!(a.basin_at(pt(8, 8)) < 0);
        let white = a.basin(a.basin_at(pt(8, 8))).unwrap();
        assert_eq!(white.color, Color::White);
    }

    #[test]
    fn dead_stones_do_not_radiate_and_count_as_vacant() {
        let b = Board::from_ascii(
            "
            . . . X . . . . .
            . . . X . . . . .
            . O . X . . . . .
            X X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let status = StatusMap::with_dead(&b, &[pt(1, 2)]);
        let a = analyze(&b, &status, &MoyoParams::as_written());
        let plain = {
            let mut c = b.clone();
            c.set_stone(pt(1, 2), None);
            analyze(&c, &StatusMap::all_alive(), &MoyoParams::as_written())
        };
        assert_eq!(a.potential, plain.potential);
        assert_eq!(a.basins, plain.basins);
        assert!(a.basin_at(pt(1, 2)) > 0);
    }

    /// The position of the paper's worked example, made for it (the
    /// paper's own, move 34 of game 2 of the 1989 Kisei challenger match,
    /// is in no collection the project can cite): four White stones at the
    /// top and the left, three Black ones at the bottom of a 13x13 board.
    /// The page's browser test opens the same record.
    const PAPERS_FACTS_SGF: &str = include_str!("../../../www/tests/fixtures/basins-13x13.sgf");

    /// The paper's three facts on our position, with the algorithm as the
    /// paper writes it (no threshold). The potentials are the input here
    /// (the paper's tables, tested in `potential`); the rows below read
    /// them from the top (row 13) down, as the board shows them:
    ///
    /// ```text
    ///      A   B   C   D   E   F   G   H   J   K   L   M   N
    /// 13 -14 -20 -26 -26 -27 -26 -27 -33 -32 -32 -39 -27 -23
    /// 12 -20 -21 -26 -26 -27 -26 -27 -33 -32 -32 -39 -27 -24
    /// 11 -24 -24 -38 -44 -33 -28 -33 -51 -38 -38 -58 -36 -35
    /// 10 -33 -33 -51  O  -48 -24 -47  O  -47 -47  O  -56 -51
    ///  9 -33 -37 -44 -45 -33 -26 -26 -48 -29 -29 -44 -29 -20
    ///  8 -34 -43 -58 -26 -26 -21 -16 -13 -11 -10 -17 -10  -6
    ///  7 -51 -51  O  -35 -12  -7  -5   6   1   3  11  10   6
    ///  6  -6 -15 -26 -12   6   7  16  14  20  26  43  29  20
    /// ```
    ///
    /// (a) L11 (-58), beside White's L10, is inner by its path: its least
    /// neighbour is M11 (-36; K11 -38, L12 -39, the stone -107), then M12
    /// (-27; N11 -35, M10 -56), N12 (-24; M13 -27), N13 (-23), whose
    /// neighbours M13 (-27) and N12 (-24) are no lower for White: N13 is
    /// a minimal point, and L11 is in its basin, White's -4 (the basins of
    /// a colour are numbered by their first point: A13, F13, J13, L13).
    ///
    /// (b) C8 (-58), beside White's C7, is as strong but outer: its least
    /// neighbour is D8 (-26; B8 -43, C9 -44), one plateau with E8 (-26),
    /// whose lowest outside neighbour is E7 (-12; F8 -21, E9 -33, D7
    /// -35), then E6 (+6): Black's potential, so the descent is outer.
    ///
    /// (c) White basin -3 is J11-K13 between the stones H10 and L10. Its
    /// points J12, K12, J13, K13 touch only points of White's basins (-2
    /// on the left, -4 on the right) and of this one; J11 and K11 touch
    /// J10 and K10, which are outer (their plateau drains south through
    /// J9 and K9, -29, lower than J11's -38). The boundary is J11 and K11,
    /// both -38: the weakest boundary points, where the enclosure between
    /// H10 and L10 is thinnest.
    #[test]
    fn the_papers_three_facts_on_a_position_of_our_own() {
        let b = Board::from_ascii(
            "
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . O . . . O . . O . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . O . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . X . .
            . . . X . . . X . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        // The record the page opens holds the same stones.
        let record = crate::record::game_from_sgf(PAPERS_FACTS_SGF, crate::record::LoadUntil::End)
            .expect("the fixture reads");
        assert!(b.points().all(|p| record.board().get(p) == b.get(p)));
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        let at = |name: &str| crate::rules::parse_gtp_vertex(name, 13).unwrap().unwrap();
        let v = |name: &str| a.potential_at(at(name));
        let basin = |name: &str| a.basin_at(at(name));

        // (a) L11 descends to the minimal point N13: inner, White basin -4.
        let path = ["L11", "M11", "M12", "N12", "N13"];
        let values: Vec<i32> = path.iter().map(|p| v(p)).collect();
        assert_eq!(values, [-58, -36, -27, -24, -23]);
        // The neighbours each step passes over, all higher for White.
        assert_eq!(
            [v("K11"), v("L12"), v("N11"), v("M10"), v("M13")],
            [-38, -39, -35, -56, -27]
        );
        let white4 = a.basin(-4).expect("White basin -4");
        assert_eq!((white4.color, white4.minimum), (Color::White, at("N13")));
        for p in path {
            assert_eq!(basin(p), -4, "{p}");
        }
        // Basin -4 is the nine points L11-N13. L11 touches only White's
        // stone L10 and White's basins; M11 and N11 touch M10 (-56) and
        // N10 (-51), outer: they drain south through M9 (-29) and N9
        // (-20). Of those two boundary points, M11 (-36) and N11 (-35),
        // the weakest is N11.
        assert_eq!(white4.area, 9);
        assert_eq!((basin("M10"), basin("N10")), (0, 0));
        assert_eq!([v("M10"), v("N10"), v("M9"), v("N9")], [-56, -51, -29, -20]);
        assert_eq!(
            (white4.weak_points.clone(), white4.weak_value),
            (vec![at("N11")], 35)
        );

        // (b) C8 is as strong as L11 and outer: its descent reaches E6, +6.
        assert_eq!(v("C8"), -58);
        assert_eq!([v("D8"), v("E8"), v("E7"), v("E6")], [-26, -26, -12, 6]);
        for p in ["C8", "D8", "E8", "E7"] {
            assert_eq!(basin(p), 0, "{p} is outer");
        }

        // (c) White basin -3: six points, weakest boundary points J11 and
        // K11 at -38.
        let white3 = a.basin(-3).expect("White basin -3");
        assert_eq!(
            (white3.color, white3.area, white3.minimum),
            (Color::White, 6, at("J13"))
        );
        for p in ["J11", "K11", "J12", "K12", "J13", "K13"] {
            assert_eq!(basin(p), -3, "{p}");
        }
        assert_eq!((basin("H12"), basin("L12")), (-2, -4));
        assert_eq!((basin("J10"), basin("K10")), (0, 0));
        assert_eq!(white3.weak_points, vec![at("J11"), at("K11")]);
        assert_eq!(white3.weak_value, 38);
        assert_eq!((v("J11"), v("K11")), (-38, -38));
        assert!(a.weak_points.contains(&at("J11")) && a.weak_points.contains(&at("K11")));

        // With the page's threshold (12) C8 is inner whatever its descent
        // says, |-58| >= 12, and joins its neighbour B8's basin, White's
        // first (A13's); L11 stays in a White basin.
        let d = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        assert_eq!(d.basin_at(at("B8")), -1);
        assert_eq!(d.basin_at(at("C8")), -1);
        assert!(d.basin_at(at("L11")) < 0);
    }
}
