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
//! # The section 7 fixes
//!
//! - [`MoyoParams::unconditional_inner`]: vacant points whose `|v|` is at
//!   least the threshold are inner of their sign's colour whatever their
//!   descent says (the paper: "making unconditionally the points with the
//!   absolute value of the potential value over a certain level be the
//!   points of inner area"). Such a point joins, through 4-connected forced
//!   points of its colour, the basin of an adjacent inner point (the basin
//!   with the first minimal point if there are several), or else its
//!   forced points form a basin of their own whose minimum is their point
//!   of least `|v|`. The paper names no level: off by default.
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
//!   unmasked. The second half of the paper's fix (a stone put in the
//!   *outer* area: "if necessary, after experimentally reversing the
//!   order of putting stones, ... put one of the surrounding old stones of
//!   the same colour next") is too loosely specified to implement
//!   faithfully and is left out. Off by default.
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

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::eval::potential::{radiate, source};
use crate::eval::RadiationModel;
use crate::rules::point::{CELLS, STRIDE};
use crate::rules::{Board, Color, PlayError, Point, Status, StatusMap};

/// The settings of a moyo analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoyoParams {
    /// How stones radiate (the paper's tables by default).
    pub radiation: RadiationModel,
    /// Vacant points with `|v|` at least this are inner whatever their
    /// descent says (section 7 of the paper; it names no level). `None`
    /// (the default) applies the algorithm as written. Meant to be
    /// positive: points with `v = 0` are never forced.
    pub unconditional_inner: Option<i32>,
    /// The paper's fix for concave moyo (section 7), applied by
    /// [`Moyo::update`] to stones played into their own inner area.
    pub concave_fix: bool,
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
/// let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
/// let corner = a.basins[0];
/// assert!(corner > 0); // a Black basin
/// assert!((0..3).all(|y| (0..3).all(|x| a.basins[y * 9 + x] == corner)));
/// ```
pub fn analyze(board: &Board, status: &StatusMap, params: &MoyoParams) -> MoyoAnalysis {
    Moyo::new(board, status, params).analysis
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

/// A descent's result for a node: the minimal region it reaches (its
/// first point's padded index) or `OUTER`.
const OUTER: u16 = u16::MAX;
/// Marks a point not yet in a plateau while flooding.
const UNASSIGNED: u16 = u16::MAX;

/// Point kinds.
const WALL: u8 = 0;
/// Empty, or a dead stone: classified.
const VACANT: u8 = 1;
/// A stone that is not dead; `LIVE + colour index`.
const LIVE: u8 = 2;

/// Board occupancy as kept for the diff: 0 empty, `1 + colour index`.
const EMPTY: u8 = 0;

/// The padded neighbours of a padded index.
#[inline]
fn nbrs(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

/// Rule (b) with the deterministic basin choice: inner wins; between two
/// inner results the first minimal point.
#[inline]
fn combine(a: u16, b: u16) -> u16 {
    a.min(b) // OUTER is u16::MAX
}

/// The potential and its plateaus: everything the descents read.
#[derive(Clone)]
struct Field {
    size: usize,
    /// Board points, row-major, as padded indices.
    points: Vec<u16>,
    v: [i32; CELLS],
    kind: [u8; CELLS],
    /// The plateau (node) of each point: its first point row-major.
    node: [u16; CELLS],
    /// The next point of the same plateau (a circular list).
    link: [u16; CELLS],
}

impl Field {
    #[inline]
    fn w(&self, c: usize, i: usize) -> i32 {
        if c == 0 {
            self.v[i]
        } else {
            -self.v[i]
        }
    }

    #[inline]
    fn on(&self, i: usize) -> bool {
        self.kind[i] != WALL
    }

    /// Floods the plateau of `start` through points whose node is
    /// `UNASSIGNED`, making `start` its node. `stack` is scratch.
    fn flood(&mut self, start: usize, stack: &mut Vec<u16>) {
        let value = self.v[start];
        stack.clear();
        stack.push(start as u16);
        self.node[start] = start as u16;
        let mut last = start;
        let mut k = 0;
        while k < stack.len() {
            let m = stack[k] as usize;
            k += 1;
            for n in nbrs(m) {
                if self.on(n) && self.v[n] == value && self.node[n] == UNASSIGNED {
                    self.node[n] = start as u16;
                    self.link[last] = n as u16;
                    last = n;
                    stack.push(n as u16);
                }
            }
        }
        self.link[last] = start as u16;
    }

    /// Calls `f` on every outside neighbour of node `r` (once per
    /// adjacency, so possibly several times for one point).
    #[inline]
    fn for_outside(&self, r: usize, mut f: impl FnMut(usize)) {
        let mut m = r;
        loop {
            for n in nbrs(m) {
                if self.on(n) && self.node[n] as usize != r {
                    f(n);
                }
            }
            m = self.link[m] as usize;
            if m == r {
                break;
            }
        }
    }

    /// The least `w` of colour `c` among the outside neighbours of node
    /// `r` (`i32::MAX` if it has none).
    #[inline]
    fn lowest(&self, c: usize, r: usize) -> i32 {
        let mut low = i32::MAX;
        self.for_outside(r, |n| low = low.min(self.w(c, n)));
        low
    }

    /// The descent result of node `r` for colour `c`, reading the results
    /// of the lower nodes from `out` (they must be final).
    fn evaluate(&self, c: usize, r: usize, out: &[u16; CELLS]) -> u16 {
        let w = self.w(c, r);
        if w < 0 {
            return OUTER;
        }
        let low = self.lowest(c, r);
        if low >= w {
            return r as u16;
        }
        let mut best = OUTER;
        self.for_outside(r, |n| {
            if self.w(c, n) == low {
                best = combine(best, out[self.node[n] as usize]);
            }
        });
        best
    }

    /// The descent result of node `r` for colour `c` by memoised recursion
    /// (the full computation).
    fn solve(&self, c: usize, r: usize, out: &mut [u16; CELLS], done: &mut [bool; CELLS]) -> u16 {
        if done[r] {
            return out[r];
        }
        let w = self.w(c, r);
        let result = if w < 0 {
            OUTER
        } else {
            let low = self.lowest(c, r);
            if low >= w {
                r as u16
            } else {
                let mut exits = [0u16; 8];
                let mut many = Vec::new();
                let mut count = 0;
                self.for_outside(r, |n| {
                    if self.w(c, n) == low {
                        let e = self.node[n];
                        if count < exits.len() {
                            exits[count] = e;
                        } else {
                            many.push(e);
                        }
                        count += 1;
                    }
                });
                let mut best = OUTER;
                for &e in exits[..count.min(exits.len())].iter().chain(many.iter()) {
                    best = combine(best, self.solve(c, e as usize, out, done));
                }
                best
            }
        };
        out[r] = result;
        done[r] = true;
        result
    }

    /// Floods every plateau and solves every node (the full computation
    /// after the potential): the descent results per colour.
    fn watershed(&mut self) -> [[u16; CELLS]; 2] {
        let mut stack = Vec::with_capacity(64);
        for k in 0..self.points.len() {
            let i = self.points[k] as usize;
            if self.node[i] == UNASSIGNED {
                self.flood(i, &mut stack);
            }
        }
        let mut outcome = [[OUTER; CELLS]; 2];
        for (c, out) in outcome.iter_mut().enumerate() {
            let mut done = [false; CELLS];
            for &i in &self.points {
                let i = i as usize;
                if self.node[i] as usize == i {
                    self.solve(c, i, out, &mut done);
                }
            }
        }
        outcome
    }

    /// Whether a descent of colour `c` reaches the zero plateau `z` (some
    /// neighbouring node with `w > 0` has `z` among its exits: its lowest
    /// outside neighbour is 0).
    fn reached(&self, c: usize, z: usize) -> bool {
        let mut found = false;
        self.for_outside(z, |u| {
            if !found && self.w(c, u) > 0 && self.lowest(c, self.node[u] as usize) == 0 {
                found = true;
            }
        });
        found
    }
}

/// The moyo state of one position, kept so that the next position can be
/// analysed incrementally ([`Moyo::update`]).
#[derive(Clone)]
pub struct Moyo {
    params: MoyoParams,
    field: Field,
    /// What each point radiates (see `potential::source`).
    src: [i8; CELLS],
    /// The board's stones: `EMPTY` or `1 + colour index`.
    occ: [u8; CELLS],
    /// The concave-fix masks: stone point -> the sorted points it may
    /// radiate onto.
    masks: Vec<(u16, Vec<u16>)>,
    /// Descent results per colour, valid at node points.
    outcome: [[u16; CELLS]; 2],
    analysis: MoyoAnalysis,
}

impl Moyo {
    /// The full computation for `board`: every stone unmasked.
    pub fn new(board: &Board, status: &StatusMap, params: &MoyoParams) -> Moyo {
        Moyo::build(board, status, params, Vec::new())
    }

    /// The full recomputation of `board` with the concave-fix masks this
    /// state has recorded (equal to `self` when `board` and `status` are
    /// the ones it was last updated with; the identity the property tests
    /// check).
    pub fn recompute(&self, board: &Board, status: &StatusMap) -> Moyo {
        let masks = self
            .masks
            .iter()
            .filter(|(p, _)| board.get(Point::from_index(*p as usize)).is_some())
            .cloned()
            .collect();
        Moyo::build(board, status, &self.params, masks)
    }

    fn build(
        board: &Board,
        status: &StatusMap,
        params: &MoyoParams,
        masks: Vec<(u16, Vec<u16>)>,
    ) -> Moyo {
        let size = board.size();
        let points: Vec<u16> = board.points().map(|p| p.index() as u16).collect();
        let mut field = Field {
            size,
            points,
            v: [0; CELLS],
            kind: [WALL; CELLS],
            node: [UNASSIGNED; CELLS],
            link: [0; CELLS],
        };
        let mut src = [0i8; CELLS];
        let mut occ = [EMPTY; CELLS];
        for k in 0..field.points.len() {
            let i = field.points[k] as usize;
            let p = Point::from_index(i);
            let s = source(board, status, p);
            src[i] = s;
            occ[i] = board.get(p).map_or(EMPTY, |c| 1 + c.index() as u8);
            field.kind[i] = kind_of(board, status, p);
            if s != 0 {
                let mask = masks
                    .iter()
                    .find(|(q, _)| *q as usize == i)
                    .map(|(_, m)| m.as_slice());
                radiate(&mut field.v, size, params.radiation, p, s, 1, mask);
            }
        }
        let outcome = field.watershed();
        let analysis = derive(&field, &outcome, params);
        Moyo {
            params: *params,
            field,
            src,
            occ,
            masks,
            outcome,
            analysis,
        }
    }

    /// The analysis of the current position.
    pub fn analysis(&self) -> &MoyoAnalysis {
        &self.analysis
    }

    /// The analysis of the current position, by value.
    pub fn into_analysis(self) -> MoyoAnalysis {
        self.analysis
    }

    /// The parameters.
    pub fn params(&self) -> &MoyoParams {
        &self.params
    }

    /// Brings the state to `board` with `status` (typically the position
    /// after one more move: the new stone, its captures) and returns the
    /// new analysis: exactly what [`Moyo::recompute`] gives (and, without
    /// the concave fix, [`analyze`]). A board of another size is analysed
    /// from scratch.
    ///
    /// With [`MoyoParams::concave_fix`], a stone that appears on a point
    /// that was inner of its own colour gets its mask from the analysis
    /// before this call (several stones appearing in one call all use
    /// that analysis).
    pub fn update(&mut self, board: &Board, status: &StatusMap) -> &MoyoAnalysis {
        if board.size() != self.field.size {
            *self = Moyo::new(board, status, &self.params);
            return &self.analysis;
        }
        let size = self.field.size;
        let old_v = self.field.v;
        // The kinds change after the loop: concave-fix masks read the
        // position before the update.
        let mut new_kind = self.field.kind;
        for k in 0..self.field.points.len() {
            let i = self.field.points[k] as usize;
            let p = Point::from_index(i);
            let s = source(board, status, p);
            let o = board.get(p).map_or(EMPTY, |c| 1 + c.index() as u8);
            new_kind[i] = kind_of(board, status, p);
            if s == self.src[i] && o == self.occ[i] {
                continue;
            }
            let at = self.masks.iter().position(|(q, _)| *q as usize == i);
            if self.src[i] != 0 {
                let mask = at.map(|a| self.masks[a].1.as_slice());
                radiate(
                    &mut self.field.v,
                    size,
                    self.params.radiation,
                    p,
                    self.src[i],
                    -1,
                    mask,
                );
            }
            if o != self.occ[i] {
                if let Some(a) = at {
                    self.masks.swap_remove(a);
                }
                if self.params.concave_fix && self.occ[i] == EMPTY {
                    if let Some(mask) = self.fix_mask(i, o) {
                        self.masks.push((i as u16, mask));
                    }
                }
            }
            if s != 0 {
                let mask = self
                    .masks
                    .iter()
                    .find(|(q, _)| *q as usize == i)
                    .map(|(_, m)| m.as_slice());
                radiate(
                    &mut self.field.v,
                    size,
                    self.params.radiation,
                    p,
                    s,
                    1,
                    mask,
                );
            }
            self.src[i] = s;
            self.occ[i] = o;
        }
        let changed_kind = new_kind != self.field.kind;
        self.field.kind = new_kind;
        let changed: Vec<u16> = self
            .field
            .points
            .iter()
            .copied()
            .filter(|&i| self.field.v[i as usize] != old_v[i as usize])
            .collect();
        if !changed.is_empty() {
            self.rewatershed(&changed);
        } else if !changed_kind {
            return &self.analysis;
        }
        self.analysis = derive(&self.field, &self.outcome, &self.params);
        &self.analysis
    }

    /// The concave-fix mask of a stone `o` (occupancy code) appearing on
    /// `i`: the boundary of its own basin there, if `i` was inner of its
    /// colour.
    fn fix_mask(&self, i: usize, o: u8) -> Option<Vec<u16>> {
        let color = if o == 1 { Color::Black } else { Color::White };
        let a = &self.analysis;
        let p = Point::from_index(i);
        let label = a.basin_at(p);
        if label == 0 || (label > 0) != (color == Color::Black) {
            return None;
        }
        let mut mask: Vec<u16> = self
            .field
            .points
            .iter()
            .copied()
            .filter(|&q| on_boundary(&self.field, a, q as usize, label, color))
            .collect();
        mask.sort_unstable();
        Some(mask)
    }

    /// Re-floods the plateaus around the `changed` points and recomputes
    /// the descent results from there upwards.
    fn rewatershed(&mut self, changed: &[u16]) {
        let f = &mut self.field;
        // The old plateaus that touch a changed point or its neighbours:
        // every new plateau with a changed point lies within them.
        let mut marked = [false; CELLS];
        let mark_node = |f: &Field, marked: &mut [bool; CELLS], q: usize| {
            let r = f.node[q] as usize;
            if marked[r] {
                return;
            }
            let mut m = r;
            loop {
                marked[m] = true;
                m = f.link[m] as usize;
                if m == r {
                    break;
                }
            }
        };
        for &i in changed {
            let i = i as usize;
            mark_node(f, &mut marked, i);
            for n in nbrs(i) {
                if f.on(n) {
                    mark_node(f, &mut marked, n);
                }
            }
        }
        for &i in &f.points {
            if marked[i as usize] {
                f.node[i as usize] = UNASSIGNED;
            }
        }
        let mut dirty = Vec::new();
        let mut stack = Vec::with_capacity(64);
        for k in 0..f.points.len() {
            let i = f.points[k] as usize;
            if f.node[i] == UNASSIGNED {
                f.flood(i, &mut stack);
                dirty.push(i as u16);
            }
        }
        let f = &self.field;
        let mut is_dirty = [false; CELLS];
        for &r in &dirty {
            is_dirty[r as usize] = true;
        }
        for c in 0..2 {
            let out = &mut self.outcome[c];
            let mut queued = [false; CELLS];
            let mut heap: BinaryHeap<Reverse<(i32, u16)>> =
                BinaryHeap::with_capacity(dirty.len() * 2);
            for &r in &dirty {
                queued[r as usize] = true;
                heap.push(Reverse((f.w(c, r as usize), r)));
            }
            while let Some(Reverse((w, r))) = heap.pop() {
                let r = r as usize;
                let result = f.evaluate(c, r, out);
                if result == out[r] && !is_dirty[r] {
                    continue;
                }
                out[r] = result;
                f.for_outside(r, |n| {
                    let u = f.node[n] as usize;
                    if !queued[u] && f.w(c, u) > w {
                        queued[u] = true;
                        heap.push(Reverse((f.w(c, u), u as u16)));
                    }
                });
            }
        }
    }

    /// How the inner areas change if `color` plays `p` (the paper's
    /// "completion of moyo"). The new stone takes the status of a string it
    /// joins (the first such neighbour's), else alive. The state itself
    /// is unchanged.
    pub fn completion(
        &self,
        board: &Board,
        status: &StatusMap,
        p: Point,
        color: Color,
    ) -> Result<Completion, PlayError> {
        let mut after = board.clone();
        after.play(p, color, false)?;
        let joined = board
            .neighbors(p)
            .find(|&n| board.get(n) == Some(color))
            .map(|n| status.get(n));
        let mut status_after = status.clone();
        status_after.set_string(&after, p, joined.unwrap_or(Status::Alive));
        let mut next = self.clone();
        next.update(&after, &status_after);
        Ok(compare(&self.analysis, &next.analysis))
    }
}

/// The kind of a point for the watershed.
fn kind_of(board: &Board, status: &StatusMap, p: Point) -> u8 {
    match board.get(p) {
        None => VACANT,
        Some(_) if status.get(p) == Status::Dead => VACANT,
        Some(c) => LIVE + c.index() as u8,
    }
}

/// Whether padded point `q` is a boundary point of basin `label` (of
/// `color`) in analysis `a` over `field`: a point of the basin next to a
/// point that is neither inner of the same colour (in any of its basins)
/// nor a live stone of it.
fn on_boundary(field: &Field, a: &MoyoAnalysis, q: usize, label: i16, color: Color) -> bool {
    let qp = Point::from_index(q);
    if a.basin_at(qp) != label {
        return false;
    }
    let own = LIVE + color.index() as u8;
    nbrs(q).into_iter().any(|n| {
        let ln = if field.on(n) {
            a.basin_at(Point::from_index(n))
        } else {
            0
        };
        field.on(n) && field.kind[n] != own && (ln == 0 || (ln > 0) != (label > 0))
    })
}

/// A basin key: colour in the high bits, minimal point below.
type Key = u32;
const NO_KEY: Key = u32::MAX;
/// A zero plateau's key not yet computed.
const UNKNOWN_KEY: Key = u32::MAX - 1;

#[inline]
fn key(c: usize, r: usize) -> Key {
    ((c as u32) << 16) | r as u32
}

/// Labels, basins and weak points from the descent results.
fn derive(f: &Field, outcome: &[[u16; CELLS]; 2], params: &MoyoParams) -> MoyoAnalysis {
    let size = f.size;
    let mut keys = [NO_KEY; CELLS];
    let mut zero_key = [UNKNOWN_KEY; CELLS];
    // Descents and the zero rule.
    for &i in &f.points {
        let i = i as usize;
        if f.kind[i] != VACANT {
            continue;
        }
        let r = f.node[i] as usize;
        let v = f.v[i];
        if v != 0 {
            let c = (v < 0) as usize;
            let o = outcome[c][r];
            if o != OUTER {
                keys[i] = key(c, o as usize);
            }
        } else {
            // Zero plateau: once per plateau.
            if zero_key[r] == UNKNOWN_KEY {
                zero_key[r] = NO_KEY;
                for (c, out) in outcome.iter().enumerate() {
                    if out[r] as usize == r && f.reached(c, r) {
                        zero_key[r] = key(c, r);
                        break;
                    }
                }
            }
            keys[i] = zero_key[r];
        }
    }
    if let Some(t) = params.unconditional_inner {
        force_inner(f, &mut keys, t);
    }
    // Number the basins per colour by their first point.
    let mut labels = vec![0i16; size * size];
    let mut basin_keys: [Vec<Key>; 2] = [Vec::new(), Vec::new()];
    let mut label_of = [[0i16; CELLS]; 2];
    for (k, &i) in f.points.iter().enumerate() {
        let kk = keys[i as usize];
        if kk == NO_KEY {
            continue;
        }
        let c = (kk >> 16) as usize;
        let r = (kk & 0xffff) as usize;
        if label_of[c][r] == 0 {
            basin_keys[c].push(kk);
            let n = basin_keys[c].len() as i16;
            label_of[c][r] = if c == 0 { n } else { -n };
        }
        labels[k] = label_of[c][r];
    }
    let potential: Vec<i32> = f.points.iter().map(|&i| f.v[i as usize]).collect();
    let mut analysis = MoyoAnalysis {
        size,
        potential,
        basins: labels,
        basin_list: Vec::new(),
        weak_points: Vec::new(),
    };
    let nb = basin_keys[0].len();
    let mut infos: Vec<BasinInfo> = basin_keys
        .iter()
        .enumerate()
        .flat_map(|(c, ks)| {
            ks.iter().enumerate().map(move |(n, &kk)| BasinInfo {
                label: if c == 0 {
                    n as i16 + 1
                } else {
                    -(n as i16) - 1
                },
                color: if c == 0 { Color::Black } else { Color::White },
                area: 0,
                minimum: Point::from_index((kk & 0xffff) as usize),
                weak_points: Vec::new(),
                weak_value: i32::MAX,
            })
        })
        .collect();
    let slot = |label: i16| {
        if label > 0 {
            label as usize - 1
        } else {
            nb + (-label) as usize - 1
        }
    };
    // Areas and the least |v| on each boundary.
    let mut boundary = vec![false; size * size];
    for (k, &i) in f.points.iter().enumerate() {
        let label = analysis.basins[k];
        if label == 0 {
            continue;
        }
        let b = &mut infos[slot(label)];
        b.area += 1;
        if on_boundary(f, &analysis, i as usize, label, b.color) {
            boundary[k] = true;
            b.weak_value = b.weak_value.min(f.v[i as usize].abs());
        }
    }
    for (k, &i) in f.points.iter().enumerate() {
        if boundary[k] {
            let b = &mut infos[slot(analysis.basins[k])];
            if f.v[i as usize].abs() == b.weak_value {
                b.weak_points.push(Point::from_index(i as usize));
                analysis.weak_points.push(Point::from_index(i as usize));
            }
        }
    }
    for b in &mut infos {
        if b.weak_points.is_empty() {
            b.weak_value = 0;
        }
    }
    analysis.basin_list = infos;
    analysis
}

/// The unconditional-inner fix: vacant outer points with `|v| >= t` become
/// inner of their sign's colour (see the module doc).
fn force_inner(f: &Field, keys: &mut [Key; CELLS], t: i32) {
    let forced = |keys: &[Key; CELLS], i: usize| {
        f.kind[i] == VACANT && keys[i] == NO_KEY && f.v[i] != 0 && f.v[i].abs() >= t
    };
    let mut seen = [false; CELLS];
    let mut component = Vec::new();
    for &start in &f.points {
        let start = start as usize;
        if seen[start] || !forced(keys, start) {
            continue;
        }
        let c = (f.v[start] < 0) as usize;
        component.clear();
        component.push(start);
        seen[start] = true;
        let mut join = NO_KEY;
        let mut k = 0;
        while k < component.len() {
            let m = component[k];
            k += 1;
            for n in nbrs(m) {
                if !f.on(n) {
                    continue;
                }
                let kn = keys[n];
                if kn != NO_KEY && (kn >> 16) as usize == c {
                    join = join.min(kn);
                } else if !seen[n] && forced(keys, n) && ((f.v[n] < 0) as usize) == c {
                    seen[n] = true;
                    component.push(n);
                }
            }
        }
        if join == NO_KEY {
            // A basin of its own; its minimum is its point of least |v|
            // (the first one row-major).
            let mut best = usize::MAX;
            for &m in &component {
                if best == usize::MAX
                    || f.v[m].abs() < f.v[best].abs()
                    || (f.v[m].abs() == f.v[best].abs() && m < best)
                {
                    best = m;
                }
            }
            join = key(c, best);
        }
        for &m in &component {
            keys[m] = join;
        }
    }
}

/// The completion record of `before` -> `after`.
fn compare(before: &MoyoAnalysis, after: &MoyoAnalysis) -> Completion {
    let area = |a: &MoyoAnalysis| [a.inner_area(Color::Black), a.inner_area(Color::White)];
    let mut basins = Vec::new();
    let mut matched_before = Vec::new();
    for b in &after.basin_list {
        // The basin before with the most shared points (the lowest |label|
        // on a tie).
        let mut counts: Vec<(i16, u32)> = Vec::new();
        for (k, &l) in after.basins.iter().enumerate() {
            let old = before.basins[k];
            if l == b.label && old != 0 && (old > 0) == (l > 0) {
                match counts.iter_mut().find(|(o, _)| *o == old) {
                    Some(e) => e.1 += 1,
                    None => counts.push((old, 1)),
                }
            }
        }
        let best = counts
            .iter()
            .copied()
            .max_by(|x, y| x.1.cmp(&y.1).then(y.0.abs().cmp(&x.0.abs())));
        let (before_label, area_before) = match best {
            Some((old, _)) => (old, before.basin(old).map_or(0, |o| o.area)),
            None => (0, 0),
        };
        if before_label != 0 {
            matched_before.push(before_label);
        }
        basins.push(BasinChange {
            before: before_label,
            after: b.label,
            area_before,
            area_after: b.area,
        });
    }
    for b in &before.basin_list {
        if !matched_before.contains(&b.label) {
            basins.push(BasinChange {
                before: b.label,
                after: 0,
                area_before: b.area,
                area_after: 0,
            });
        }
    }
    Completion {
        area_before: area(before),
        area_after: area(after),
        basins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::textboard;

    /// The potential of every point as a text board (what `moku_potential`
    /// answers).
    fn potential_text(a: &MoyoAnalysis, b: &Board) -> String {
        textboard::format(b, |p| a.potential_at(p))
    }

    /// The basin label of every point as a text board (`moku_moyo`).
    fn basins_text(a: &MoyoAnalysis, b: &Board) -> String {
        textboard::format(b, |p| a.basin_at(p))
    }
    use proptest::prelude::*;

    fn pt(x: usize, y: usize) -> Point {
        Point::from_xy(x, y)
    }

    /// The watershed over a hand-written potential (rows of integers, top
    /// row first), every point vacant.
    fn synthetic(grid: &str) -> MoyoAnalysis {
        let rows: Vec<Vec<i32>> = grid
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect::<Vec<i32>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let board = Board::new(size).unwrap();
        let mut field = Field {
            size,
            points: board.points().map(|p| p.index() as u16).collect(),
            v: [0; CELLS],
            kind: [WALL; CELLS],
            node: [UNASSIGNED; CELLS],
            link: [0; CELLS],
        };
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), size);
            for (x, &value) in row.iter().enumerate() {
                let i = pt(x, y).index();
                field.v[i] = value;
                field.kind[i] = VACANT;
            }
        }
        let outcome = field.watershed();
        derive(&field, &outcome, &MoyoParams::default())
    }

    /// The basin labels as a text board.
    fn labels(a: &MoyoAnalysis) -> String {
        let n = a.size;
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| a.basins[y * n + x].to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn golden(text: &str) -> String {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn steepest_descent_and_stop_rule() {
        // A bowl (minimum 2 at the centre) inside a rim that drains to the
        // negative corner on the right.
        let a = synthetic(
            "
            9 9 9 9 9
            9 5 4 5 9
            9 4 2 4 9
            9 5 4 5 1
            9 9 9 1 -3",
        );
        assert_eq!(
            labels(&a),
            golden(
                "
                0 0 0 0 0
                0 1 1 1 0
                0 1 1 1 0
                0 1 1 0 0
                0 0 0 0 0"
            )
        );
        // (1,3) = 5 -> 4 (tie: (2,3) or (1,2)) -> 2, where every neighbour
        // is higher: inner. (3,3) = 5 -> 1 (tie) -> -3: outer. The 9s
        // drain through the 1s to -3: outer. -3 is a White peak, not a
        // White maximal point: its descent (towards greater v) climbs to
        // 1 > 0 at once: outer.
        assert_eq!(a.basin_list.len(), 1);
        assert_eq!(a.basin_list[0].minimum, pt(2, 2));
        assert_eq!(a.basin_list[0].area, 8);
    }

    #[test]
    fn rule_b_a_tie_with_one_inner_path_is_inner() {
        // (2,2) = 3 has two lowest neighbours, both 1: the left path goes
        // on to -1 (outer), the right one stops at (3,2), a minimal point
        // (inner). Rule (b): inner, in the basin of (3,2). Rule (a) would
        // say outer.
        let a = synthetic(
            "
             9 9 9 9 9
             9 9 9 9 9
            -1 1 3 1 9
             9 9 9 9 9
             9 9 9 9 9",
        );
        let right = a.basin_at(pt(3, 2));
        assert!(right > 0);
        assert_eq!(a.basin_at(pt(2, 2)), right);
        assert_eq!(a.basin(right).unwrap().minimum, pt(3, 2));
        assert_eq!(a.basin_at(pt(1, 2)), 0, "its only path ends at -1");
        assert_eq!(a.basin_at(pt(0, 2)), 0, "a White peak, draining to 9 > 0");
        // The 9 plateau drains to -1: outer.
        assert_eq!(a.basin_at(pt(0, 0)), 0);
    }

    #[test]
    fn rule_b_between_two_inner_paths_takes_the_first_minimum() {
        let a = synthetic(
            "
            9 9 9 9 9
            9 9 9 9 9
            9 1 3 1 9
            9 9 9 9 9
            9 9 9 9 9",
        );
        // Both paths from (2,2) are inner; the basin of (1,2) (first
        // row-major) wins. The 9 plateau drains to the two 1s as well.
        assert_eq!(a.basin_list.len(), 2);
        assert_eq!(a.basin_at(pt(2, 2)), a.basin_at(pt(1, 2)));
        assert_eq!(a.basin_at(pt(0, 0)), a.basin_at(pt(1, 2)));
        assert_eq!(a.basin_at(pt(3, 2)), 2);
        assert_eq!(a.basin(2).unwrap().area, 1);
    }

    #[test]
    fn zero_potential_rule() {
        // A zero plateau entered by the descents of the 3s around it: its
        // points are minimal points of Black and inner, with the 3s.
        let a = synthetic(
            "
            5 5 5 5 5
            5 3 3 3 5
            5 3 0 0 5
            5 3 3 3 5
            5 5 5 5 5",
        );
        assert!(a.basins.iter().all(|&l| l == 1));
        assert_eq!(a.basin_list[0].minimum, pt(2, 2));
        // A zero point whose neighbours (3) all drain elsewhere (to -5):
        // no descent reaches it, so it is no minimal point, and neither
        // is it next to one: outer.
        let a = synthetic(
            "
            -5 -5 -5 -5 -5
            -5 -5  3 -5 -5
            -5  3  0  3 -5
            -5 -5  3 -5 -5
            -5 -5 -5 -5 -5",
        );
        assert_eq!(a.basin_at(pt(2, 2)), 0);
        assert_eq!(a.basin_at(pt(2, 1)), 0);
        // A zero plateau that touches both colours is a minimum of
        // neither: outer.
        let a = synthetic(
            "
            4 4 0 -4 -4
            4 4 0 -4 -4
            4 4 0 -4 -4
            4 4 0 -4 -4
            4 4 0 -4 -4",
        );
        assert!((0..5).all(|y| a.basin_at(pt(2, y)) == 0));
        assert!((0..5).all(|y| a.basin_at(pt(0, y)) == 0));
    }

    #[test]
    fn plateau_remedy_on_a_big_empty_area_between_the_colours() {
        // Black in the top-left, White in the bottom-right, a wide zero
        // plateau between them. Taken literally, rule (b) would find a
        // self-trapping path across the plateau and call it inner; as one
        // node it borders both colours and is outer.
        let b = Board::from_ascii(
            "
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . X . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . O . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .",
        );
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        let centre = pt(9, 9);
        assert_eq!(a.potential_at(centre), 0);
        assert_eq!(a.basin_at(centre), 0);
        // Every zero point is outer, and so is every point that drains
        // into the plateau: it is a minimum of neither colour. Only the
        // pockets the corner tables dig between each stone and its corner
        // (C1: 23 < 24, 27) remain.
        assert!(
            b.points()
                .all(|p| a.potential_at(p) != 0 || a.basin_at(p) == 0),
            "{}",
            labels(&a)
        );
        assert_eq!(
            a.basin_list
                .iter()
                .map(|b| (b.label, b.area, b.minimum))
                .collect::<Vec<_>>(),
            vec![(1, 6, pt(0, 0)), (-1, 6, pt(18, 18))],
            "{}",
            labels(&a)
        );
        // With White gone the plateau borders Black only and is reached:
        // one big Black basin with the plateau as its minimal region.
        let mut b2 = b.clone();
        b2.set_stone(pt(15, 16), None);
        let a = analyze(&b2, &StatusMap::all_alive(), &MoyoParams::default());
        let big = a.basin_at(centre);
        assert!(big > 0);
        assert!(a.basin(big).unwrap().area > 300, "{}", labels(&a));
    }

    #[test]
    fn black_enclosure_in_a_9x9_corner() {
        let b = Board::from_ascii(
            "
            . . . X . . . . .
            . . . X . . . . .
            . . . X . . . . .
            X X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . O
            . . . . . . . O .",
        );
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        assert_eq!(
            potential_text(&a, &b),
            golden(
                "
                222 190 237 296 151  75  41   5    0
                190 181 208 258 137  67  34   5    0
                235 206 219 240 116  58  27   5    0
                296 258 240 208  95  47  25   5   -5
                151 137 116  95  53  30   7  -6  -14
                 75  67  58  47  30   7  -8 -23  -35
                 41  34  27  25   7  -8 -20 -38  -72
                  5   5   5   5 -12 -23 -38 -90 -138
                  0   0   0  -5 -14 -35 -72 -138 -194"
            )
        );
        assert_eq!(
            basins_text(&a, &b),
            golden(
                "
                1 1 1 0 0 0 0 0 0
                1 1 1 0 0 0 0 0 0
                1 1 1 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0"
            )
        );
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
    fn the_weak_point_of_a_wall_with_a_gap_is_at_the_gap() {
        let b = Board::from_ascii(
            "
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            X X . X X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        let corner = a.basin_at(pt(0, 0));
        assert!(corner > 0);
        let info = a.basin(corner).unwrap();
        assert_eq!(info.area, 15);
        // The gap C6 (2,3) = 123 drains outwards (to 78 below it); the
        // basin meets the outside only there, through C7 (2,2) = 114.
        assert_eq!(a.potential_at(pt(2, 3)), 123);
        assert_eq!(a.basin_at(pt(2, 3)), 0);
        assert_eq!(info.weak_points, vec![pt(2, 2)]);
        assert_eq!(info.weak_value, 114);
        assert!(a.weak_points.contains(&pt(2, 2)));
        assert_eq!(crate::rules::gtp_vertex(pt(2, 2), 9), "C7");
        // Closing the gap leaves a basin with no weak point.
        let mut closed = b.clone();
        closed.set_stone(pt(2, 3), Some(Color::Black));
        let a = analyze(&closed, &StatusMap::all_alive(), &MoyoParams::default());
        let info = a.basin(a.basin_at(pt(0, 0))).unwrap();
        assert!(info.weak_points.is_empty());
    }

    #[test]
    fn completion_of_an_open_moyo() {
        // The gap of the previous test: filling it completes the corner,
        // and the completed basin keeps its points.
        let b = Board::from_ascii(
            "
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            X X . X X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let status = StatusMap::all_alive();
        let params = MoyoParams::default();
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
    fn unconditional_inner_threshold() {
        let b = Board::from_ascii(
            "
            . . . X . . . . .
            . . . X . . . . .
            . . . X . . . . .
            X X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . O
            . . . . . . . O .",
        );
        let params = MoyoParams {
            unconditional_inner: Some(100),
            ..MoyoParams::default()
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
        let a = analyze(&b, &status, &MoyoParams::default());
        let plain = {
            let mut c = b.clone();
            c.set_stone(pt(1, 2), None);
            analyze(&c, &StatusMap::all_alive(), &MoyoParams::default())
        };
        assert_eq!(a.potential, plain.potential);
        assert_eq!(a.basins, plain.basins);
        assert!(a.basin_at(pt(1, 2)) > 0);
    }

    /// Everything the incremental path keeps, compared with a full
    /// computation.
    fn same(inc: &Moyo, full: &Moyo) -> Result<(), String> {
        let f = &inc.field;
        let g = &full.field;
        for &i in &f.points {
            let i = i as usize;
            let p = Point::from_index(i);
            if f.v[i] != g.v[i] {
                return Err(format!("potential at {p:?}: {} vs {}", f.v[i], g.v[i]));
            }
            if f.kind[i] != g.kind[i] || inc.src[i] != full.src[i] || inc.occ[i] != full.occ[i] {
                return Err(format!("point kind or source at {p:?}"));
            }
            if f.node[i] != g.node[i] {
                return Err(format!("plateau at {p:?}: {} vs {}", f.node[i], g.node[i]));
            }
            if f.node[i] as usize == i {
                for c in 0..2 {
                    if inc.outcome[c][i] != full.outcome[c][i] {
                        return Err(format!(
                            "descent of colour {c} at {p:?}: {} vs {}",
                            inc.outcome[c][i], full.outcome[c][i]
                        ));
                    }
                }
            }
        }
        // Plateau lists: same members.
        for &i in &f.points {
            let i = i as usize;
            if f.node[i] as usize == i {
                let members = |fl: &Field| {
                    let mut v = Vec::new();
                    let mut m = i;
                    loop {
                        v.push(m);
                        m = fl.link[m] as usize;
                        if m == i {
                            break;
                        }
                    }
                    v.sort_unstable();
                    v
                };
                if members(f) != members(g) {
                    return Err(format!("plateau members of {:?}", Point::from_index(i)));
                }
            }
        }
        if inc.analysis != full.analysis {
            return Err("analysis differs".to_string());
        }
        Ok(())
    }

    fn params_strategy() -> impl Strategy<Value = MoyoParams> {
        (0..3u8, prop::option::of(40..200i32), any::<bool>()).prop_map(|(f, t, fix)| MoyoParams {
            radiation: match f {
                0 => RadiationModel::Tables,
                1 => RadiationModel::NaiveManhattan,
                _ => RadiationModel::NaiveEuclid,
            },
            unconditional_inner: t,
            concave_fix: fix,
        })
    }

    /// One step of a random game: a move (by point index), or an undo, or
    /// a status change of the string at a point.
    #[derive(Clone, Debug)]
    enum Step {
        Play(usize),
        Undo,
        Status(usize, u8),
    }

    fn step_strategy() -> impl Strategy<Value = Step> {
        prop_oneof![
            12 => (0..625usize).prop_map(Step::Play),
            1 => Just(Step::Undo),
            1 => (0..625usize, 0..4u8).prop_map(|(p, s)| Step::Status(p, s)),
        ]
    }

    fn run_game(size: usize, params: MoyoParams, steps: &[Step]) -> Result<(), TestCaseError> {
        let mut board = Board::new(size).unwrap();
        let mut status = StatusMap::all_alive();
        let mut moyo = Moyo::new(&board, &status, &params);
        let mut undos = Vec::new();
        let mut color = Color::Black;
        for (n, step) in steps.iter().enumerate() {
            match *step {
                Step::Play(k) => {
                    let p = pt(k % 25 % size, k / 25 % size);
                    if let Ok(u) = board.play(p, color, false) {
                        status.set_string(&board, p, Status::Alive);
                        undos.push(u);
                        color = color.opponent();
                    }
                }
                Step::Undo => {
                    if let Some(u) = undos.pop() {
                        board.undo(u);
                        color = color.opponent();
                    }
                }
                Step::Status(k, s) => {
                    let p = pt(k % 25 % size, k / 25 % size);
                    let s = [
                        Status::Alive,
                        Status::Critical,
                        Status::Dead,
                        Status::Unknown,
                    ][s as usize];
                    status.set_string(&board, p, s);
                }
            }
            moyo.update(&board, &status);
            let full = moyo.recompute(&board, &status);
            if let Err(e) = same(&moyo, &full) {
                return Err(TestCaseError::fail(format!(
                    "after step {n} ({step:?}): {e}\n{}",
                    board.to_ascii()
                )));
            }
            if !params.concave_fix {
                prop_assert_eq!(&moyo.analysis, &analyze(&board, &status, &params));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn incremental_equals_full_9x9(params in params_strategy(), steps in prop::collection::vec(step_strategy(), 1..120)) {
            run_game(9, params, &steps)?;
        }

        #[test]
        fn incremental_equals_full_19x19(params in params_strategy(), steps in prop::collection::vec(step_strategy(), 1..100)) {
            run_game(19, params, &steps)?;
        }

        #[test]
        fn incremental_equals_full_small_boards(size in 2..8usize, params in params_strategy(), steps in prop::collection::vec(step_strategy(), 1..60)) {
            run_game(size, params, &steps)?;
        }
    }

    #[test]
    fn the_papers_section_4_observation_is_not_exact() {
        // "When a stone of the same colour as a moyo is put in the outer
        // area, the inner area does not decrease": found by a random
        // search. White's basin A4 B4 A3 B3 has its maximal point at B4
        // (v = -5; A4 -33, C4 -8, B5 -12, B3 -10 are all more White).
        let b = Board::from_ascii(
            "
            . O . . . . X X .
            . . . X . . . O .
            X . . X O . X . .
            . . . . . . . . .
            O . . . . . O . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . X . .
            . . . . . . . . .",
        );
        let status = StatusMap::all_alive();
        let params = MoyoParams::default();
        let a = analyze(&b, &status, &params);
        let basin = [pt(0, 5), pt(1, 5), pt(0, 6), pt(1, 6)];
        assert!(basin.iter().all(|&p| a.basin_at(p) == -1));
        assert_eq!(a.inner_area(Color::White), 4);
        assert_eq!(
            (a.potential_at(pt(1, 5)), a.potential_at(pt(2, 5))),
            (-5, -8)
        );
        // White B8 (1,1), an outer point: its table (D3) reaches B4 four
        // lines below with -5, so B4 (-10) is no longer the maximum: its
        // descent goes on to C4 (-8) and then to C5 (+2): outer.
        let b8 = pt(1, 1);
        assert_eq!(a.basin_at(b8), 0);
        let mut after = b.clone();
        after.play(b8, Color::White, false).unwrap();
        let a2 = analyze(&after, &status, &params);
        assert_eq!(a2.potential_at(pt(1, 5)), -10);
        assert!(basin.iter().all(|&p| a2.basin_at(p) == 0));
        assert_eq!(a2.inner_area(Color::White), 0);
        // The exact incremental update sees it.
        let mut moyo = Moyo::new(&b, &status, &params);
        assert_eq!(moyo.update(&after, &status), &a2);
    }

    #[test]
    fn concave_fix_masks_a_stone_played_inside_its_own_moyo() {
        let b = Board::from_ascii(
            "
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            X X X X X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let status = StatusMap::all_alive();
        let params = MoyoParams {
            concave_fix: true,
            ..MoyoParams::default()
        };
        let mut moyo = Moyo::new(&b, &status, &params);
        let inside = pt(1, 1);
        assert!(moyo.analysis().basin_at(inside) > 0);
        let mut after = b.clone();
        after.play(inside, Color::Black, false).unwrap();
        let before = moyo.analysis().clone();
        moyo.update(&after, &status);
        // The corner is walled in: it has no boundary, so the new stone
        // radiates nowhere and the potential is unchanged.
        assert!(before
            .basin(before.basin_at(inside))
            .unwrap()
            .weak_points
            .is_empty());
        assert_eq!(moyo.analysis().potential, before.potential);
        assert_eq!(moyo.masks.len(), 1);
        same(&moyo, &moyo.recompute(&after, &status)).unwrap();
        // Without the fix the stone radiates in full.
        let plain = analyze(&after, &status, &MoyoParams::default());
        assert_ne!(plain.potential, before.potential);
    }
}
