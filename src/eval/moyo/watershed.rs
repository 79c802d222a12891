//! The watershed itself: the potential as a field of plateaus, the
//! steepest descents from every node (rule (b), plateaus as nodes, the
//! zero rule), and the basins, boundaries and weak points derived from
//! them; see the parent module for the algorithm and our choices.

use crate::eval::moyo::{BasinInfo, MoyoAnalysis, MoyoParams};
use crate::rules::point::{CELLS, STRIDE};
use crate::rules::{Board, Color, Point, Status, StatusMap};

/// A descent's result for a node: the minimal region it reaches (its
/// first point's padded index) or `OUTER`.
pub(super) const OUTER: u16 = u16::MAX;
/// Marks a point not yet in a plateau while flooding.
pub(super) const UNASSIGNED: u16 = u16::MAX;

/// Point kinds.
pub(super) const WALL: u8 = 0;
/// Empty, or a dead stone: classified.
pub(super) const VACANT: u8 = 1;
/// A stone that is not dead; `LIVE + colour index`.
pub(super) const LIVE: u8 = 2;

/// Board occupancy as kept for the diff: 0 empty, `1 + colour index`.
pub(super) const EMPTY: u8 = 0;

/// The padded neighbours of a padded index.
#[inline]
pub(super) fn nbrs(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

/// Rule (b) with the deterministic basin choice: inner wins; between two
/// inner results the first minimal point.
#[inline]
pub(super) fn combine(a: u16, b: u16) -> u16 {
    a.min(b) // OUTER is u16::MAX
}

/// The potential and its plateaus: everything the descents read.
#[derive(Clone)]
pub(super) struct Field {
    pub(super) size: usize,
    /// Board points, row-major, as padded indices.
    pub(super) points: Vec<u16>,
    pub(super) v: [i32; CELLS],
    pub(super) kind: [u8; CELLS],
    /// The plateau (node) of each point: its first point row-major.
    pub(super) node: [u16; CELLS],
    /// The next point of the same plateau (a circular list).
    pub(super) link: [u16; CELLS],
}

impl Field {
    #[inline]
    pub(super) fn w(&self, c: usize, i: usize) -> i32 {
        if c == 0 {
            self.v[i]
        } else {
            -self.v[i]
        }
    }

    #[inline]
    pub(super) fn on(&self, i: usize) -> bool {
        self.kind[i] != WALL
    }

    /// Floods the plateau of `start` through points whose node is
    /// `UNASSIGNED`, making `start` its node. `stack` is scratch.
    pub(super) fn flood(&mut self, start: usize, stack: &mut Vec<u16>) {
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
    pub(super) fn for_outside(&self, r: usize, mut f: impl FnMut(usize)) {
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
    pub(super) fn lowest(&self, c: usize, r: usize) -> i32 {
        let mut low = i32::MAX;
        self.for_outside(r, |n| low = low.min(self.w(c, n)));
        low
    }

    /// The descent result of node `r` for colour `c`, reading the results
    /// of the lower nodes from `out` (they must be final).
    pub(super) fn evaluate(&self, c: usize, r: usize, out: &[u16; CELLS]) -> u16 {
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
    pub(super) fn solve(
        &self,
        c: usize,
        r: usize,
        out: &mut [u16; CELLS],
        done: &mut [bool; CELLS],
    ) -> u16 {
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
    pub(super) fn watershed(&mut self) -> [[u16; CELLS]; 2] {
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
    pub(super) fn reached(&self, c: usize, z: usize) -> bool {
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
/// The kind of a point for the watershed.
pub(super) fn kind_of(board: &Board, status: &StatusMap, p: Point) -> u8 {
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
pub(super) fn on_boundary(
    field: &Field,
    a: &MoyoAnalysis,
    q: usize,
    label: i16,
    color: Color,
) -> bool {
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
pub(super) type Key = u32;
pub(super) const NO_KEY: Key = u32::MAX;
/// A zero plateau's key not yet computed.
pub(super) const UNKNOWN_KEY: Key = u32::MAX - 1;

#[inline]
pub(super) fn key(c: usize, r: usize) -> Key {
    ((c as u32) << 16) | r as u32
}

/// Labels, basins and weak points from the descent results.
pub(super) fn derive(f: &Field, outcome: &[[u16; CELLS]; 2], params: &MoyoParams) -> MoyoAnalysis {
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
    if let Some(t) = params.moyo_threshold {
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
        area_ids: Vec::new(),
        areas: Vec::new(),
        gaps: Vec::new(),
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
    super::areas::derive(f, &mut analysis);
    analysis
}

/// The unconditional-inner fix: vacant outer points with `|v| >= t` become
/// inner of their sign's colour (see the module doc).
pub(super) fn force_inner(f: &Field, keys: &mut [Key; CELLS], t: i32) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::moyo::analyze;
    use crate::rules::point::pt;
    use crate::rules::textboard::pic;

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
        derive(&field, &outcome, &MoyoParams::as_written())
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
            pic("
                0 0 0 0 0
                0 1 1 1 0
                0 1 1 1 0
                0 1 1 0 0
                0 0 0 0 0")
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
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
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
        let a = analyze(&b2, &StatusMap::all_alive(), &MoyoParams::as_written());
        let big = a.basin_at(centre);
        assert!(big > 0);
        assert!(a.basin(big).unwrap().area > 300, "{}", labels(&a));
    }
}
