//! Moyo for people: the basins of one area merged, numbered in a stable
//! order, with the few gaps where a player would close the area or break
//! into it.
//!
//! The watershed labels each inner point with the minimal point its
//! descent reaches, and one territory as a player sees it is often
//! several basins (a corner and the side beside it, two pockets of one
//! enclosure): the paper's figure 3 numbers them one by one. For a
//! person:
//!
//! - **Areas.** Inner points of one colour that touch (orthogonally) form
//!   one *area*, whatever their basins. Areas are numbered per colour in
//!   reading order of their first point (top row first, left to right):
//!   the numbers depend only on where the areas are, so an area keeps its
//!   number while the play goes on elsewhere below it. With the paper's
//!   threshold ([`crate::eval::MoyoParams::moyo_threshold`]) the
//!   points of high potential join too, which is what makes frameworks
//!   visible (see the parent module). Areas of fewer than
//!   [`MIN_AREA_POINTS`] points are not shown.
//! - **Gaps.** The paper's weak points are the boundary points of a basin
//!   with the least `|v|`: inner points, beside the opening. A player
//!   closes (or invades) *at* the opening: a gap is a vacant point outside
//!   the area, next to one of its boundary points, where the area leaks
//!   out. Its *weakness* is the `|v|` of the boundary point beside it (the
//!   paper's measure: the smaller, the thinner the enclosure there); ties
//!   go to the gap with more of the area's own potential (the point in the
//!   line of the wall rather than the one in front of it), then reading
//!   order. Each area keeps at most [`GAPS_PER_AREA`] gaps, no two of them
//!   side by side, weakest first.
//!
//! Whether one move closes an area is the paper's completion
//! ([`crate::eval::Moyo::completion`]): too costly to run for every gap in
//! every analysis (a few microseconds each), it is asked for one move at a
//! time.

use crate::eval::moyo::watershed::{nbrs, Field, LIVE, VACANT};
use crate::eval::moyo::MoyoAnalysis;
use crate::rules::{Color, Point};

/// Areas of fewer points are left out of the display: single points and
/// pairs between stones (most of them forced by the threshold beside a
/// stone, or an eye) are territory the dots already show, not a moyo, and
/// at move 150 of a real game they are most of the areas. Their basins
/// stay in the analysis.
pub(crate) const MIN_AREA_POINTS: usize = 4;

/// The most gaps an area shows: a handful, the weakest, so the board is
/// not covered with rings (at move 150 of a real game the paper's weak
/// points number over twenty).
pub(crate) const GAPS_PER_AREA: usize = 3;

/// One area: the inner points of one colour that touch, merged from one
/// or more basins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// `+1, +2, ...` for Black, `-1, -2, ...` for White, as in
    /// [`MoyoAnalysis::area_ids`], in reading order of the first point.
    pub label: i16,
    /// Whose area it is.
    pub color: Color,
    /// Number of points.
    pub points: u32,
    /// The basin labels merged in it, in label order.
    pub basins: Vec<i16>,
    /// Where its label goes: its point nearest its centre.
    pub anchor: Point,
    /// Its gaps, weakest first (a handful at most: three).
    pub gaps: Vec<Gap>,
}

/// A gap of an area: a vacant point just outside it where it leaks out,
/// the point a player would play to close it or to break in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    /// The gap.
    pub point: Point,
    /// The area's boundary point beside it (the paper's weak point).
    pub beside: Point,
    /// `|v|` at `beside`: the smaller, the thinner the enclosure.
    pub weakness: i32,
}

/// The areas of `a` (its basins already labelled) over `f`: fills
/// `a.area_ids`, `a.areas` and `a.gaps`.
pub(super) fn derive(f: &Field, a: &mut MoyoAnalysis) {
    let size = f.size;
    let n = size * size;
    let mut ids = vec![0i16; n];
    let mut seen = vec![false; n];
    let mut areas: Vec<Area> = Vec::new();
    let mut count = [0i16; 2];
    let mut stack: Vec<usize> = Vec::new();
    let row_major = |i: usize| Point::from_index(i).row_major(size);
    for (k, &i0) in f.points.iter().enumerate() {
        let label = a.basins[k];
        if label == 0 || seen[k] {
            continue;
        }
        let c = usize::from(label < 0);
        let color = if c == 0 { Color::Black } else { Color::White };
        // Flood the area; collect its basins and its centre.
        let mut members: Vec<usize> = Vec::new();
        let mut basins: Vec<i16> = Vec::new();
        seen[k] = true;
        stack.clear();
        stack.push(i0 as usize);
        while let Some(i) = stack.pop() {
            members.push(i);
            let l = a.basins[row_major(i)];
            if !basins.contains(&l) {
                basins.push(l);
            }
            for q in nbrs(i) {
                if f.kind[q] == 0 {
                    continue;
                }
                let kq = row_major(q);
                let lq = a.basins[kq];
                if lq != 0 && (lq < 0) == (c == 1) && !seen[kq] {
                    seen[kq] = true;
                    stack.push(q);
                }
            }
        }
        if members.len() < MIN_AREA_POINTS {
            continue;
        }
        count[c] += 1;
        let id = if c == 0 { count[0] } else { -count[1] };
        for &i in &members {
            ids[row_major(i)] = id;
        }
        basins.sort_unstable_by_key(|l| l.abs());
        members.sort_unstable();
        let (sx, sy) = members.iter().fold((0usize, 0usize), |(sx, sy), &i| {
            let p = Point::from_index(i);
            (sx + p.x(), sy + p.y())
        });
        let m = members.len();
        let anchor = members
            .iter()
            .copied()
            .min_by_key(|&i| {
                let p = Point::from_index(i);
                let dx = (p.x() * m) as i64 - sx as i64;
                let dy = (p.y() * m) as i64 - sy as i64;
                (dx * dx + dy * dy, i)
            })
            .map_or(Point::from_index(i0 as usize), Point::from_index);
        let gaps = gaps_of(f, a, &members, color);
        areas.push(Area {
            label: id,
            color,
            points: m as u32,
            basins,
            anchor,
            gaps,
        });
    }
    // Black's areas first, then White's, each in label order (they were
    // found in reading order, interleaved).
    areas.sort_by_key(|ar| (ar.label < 0, ar.label.abs()));
    let mut all: Vec<(i32, i32, u32, Point)> = Vec::new();
    for ar in &areas {
        for g in &ar.gaps {
            all.push((
                g.weakness,
                -own(f, g.point, ar.color),
                u32::MAX - ar.points,
                g.point,
            ));
        }
    }
    all.sort_unstable();
    all.dedup_by_key(|e| e.3);
    a.gaps = all.into_iter().map(|e| e.3).collect();
    a.area_ids = ids;
    a.areas = areas;
}

/// The potential of point `p` for `color` (positive when it is the
/// colour's).
fn own(f: &Field, p: Point, color: Color) -> i32 {
    let v = f.v[p.index()];
    if color == Color::Black {
        v
    } else {
        -v
    }
}

/// The gaps of one area (its padded `members`, sorted), weakest first.
fn gaps_of(f: &Field, a: &MoyoAnalysis, members: &[usize], color: Color) -> Vec<Gap> {
    let size = f.size;
    let own_stone = LIVE + color.index() as u8;
    let inner_of_colour = |q: usize| {
        let l = a.basins[Point::from_index(q).row_major(size)];
        l != 0 && (l > 0) == (color == Color::Black)
    };
    // Every vacant outside neighbour with the weakest boundary point beside
    // it.
    let mut cands: Vec<Gap> = Vec::new();
    for &b in members {
        for q in nbrs(b) {
            if f.kind[q] != VACANT || inner_of_colour(q) || f.kind[q] == own_stone {
                continue;
            }
            let weakness = f.v[b].abs();
            let p = Point::from_index(q);
            match cands.iter_mut().find(|g| g.point == p) {
                Some(g) if weakness < g.weakness => {
                    g.weakness = weakness;
                    g.beside = Point::from_index(b);
                }
                Some(_) => {}
                None => cands.push(Gap {
                    point: p,
                    beside: Point::from_index(b),
                    weakness,
                }),
            }
        }
    }
    cands.sort_unstable_by_key(|g| (g.weakness, -own(f, g.point, color), g.point));
    let mut out: Vec<Gap> = Vec::new();
    for g in cands {
        if out.len() == GAPS_PER_AREA {
            break;
        }
        if out
            .iter()
            .any(|h| nbrs(h.point.index()).contains(&g.point.index()))
        {
            continue;
        }
        out.push(g);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::moyo::tests::WALL_WITH_GAP;
    use crate::eval::moyo::{analyze, MoyoParams};
    use crate::rules::point::pt;
    use crate::rules::{gtp_vertex, Board, StatusMap};

    /// A Black corner enclosure on 9x9 (the wall on the sixth line and the
    /// sixth column) with a black stone on its 3-3 point C7.
    const ENCLOSURE: &str = "
        . . . . . X . . .
        . . . . . X . . .
        . . X . . X . . .
        . . . . . X . . .
        . . . . . X . . .
        X X X X X X . . .
        . . . . . . . . .
        . . . . . . . O .
        . . . . . . . . .";

    #[test]
    fn the_basins_of_a_corner_enclosure_are_one_area() {
        // The stone inside is a peak of the potential: the 24 empty points
        // of the 5x5 corner drain to four pits, A9, D9, A6 and D6 (each
        // lower than its neighbours), so the paper numbers four basins. A
        // player sees one territory: one area, numbered 1.
        let b = Board::from_ascii(ENCLOSURE);
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        let pits = [pt(0, 0), pt(3, 0), pt(0, 3), pt(3, 3)];
        for p in pits {
            let v = a.potential_at(p);
            assert!(
                b.neighbors(p).all(|q| a.potential_at(q) > v),
                "{} is a pit",
                gtp_vertex(p, 9)
            );
        }
        let mut labels: Vec<i16> = pits.iter().map(|&p| a.basin_at(p)).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), 4, "four basins");
        let area = a.area(1).unwrap();
        assert_eq!((area.color, area.points), (Color::Black, 24));
        assert_eq!(area.basins, labels);
        assert!((0..5).all(|y| (0..5).all(|x| (x, y) == (2, 2) || a.area_at(pt(x, y)) == 1)));
        assert!(
            area.gaps.is_empty(),
            "walled in by its own stones and the edges"
        );
        // Its label sits at its centre: the stone is there, so a point
        // beside it.
        assert!(b.neighbors(pt(2, 2)).any(|q| q == area.anchor) || area.anchor == pt(2, 2));
    }

    #[test]
    fn the_gap_of_a_wall_is_where_a_player_closes() {
        // The corner of `WALL_WITH_GAP`. The paper's weak point is C7, the
        // inner point beside the opening (the boundary point of least
        // |v|); the gap a player closes (or enters by) is C6 itself.
        let b = Board::from_ascii(WALL_WITH_GAP);
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        let corner = a.area(a.area_at(pt(0, 0))).unwrap();
        assert_eq!(corner.points, 15);
        assert_eq!(
            a.basin(corner.basins[0]).unwrap().weak_points,
            vec![pt(2, 2)]
        );
        assert_eq!(
            corner.gaps,
            vec![Gap {
                point: pt(2, 3),
                beside: pt(2, 2),
                weakness: a.potential_at(pt(2, 2)),
            }]
        );
        assert_eq!(gtp_vertex(corner.gaps[0].point, 9), "C6");
        assert!(a.gaps.contains(&pt(2, 3)));
        // Closed, the corner has no gap.
        let mut closed = b.clone();
        closed.set_stone(pt(2, 3), Some(Color::Black));
        let a = analyze(&closed, &StatusMap::all_alive(), &MoyoParams::as_written());
        assert!(a.area(a.area_at(pt(0, 0))).unwrap().gaps.is_empty());
    }

    #[test]
    fn a_sanrensei_framework_is_visible() {
        // Black's three star points on the left side (D4, D10, D16)
        // against White's two on the right. As written, the watershed
        // sees only the corner pockets: the side between the stones
        // drains to the empty centre, which borders White. With the
        // default threshold the whole side is one Black area.
        let mut b = Board::new(19).unwrap();
        for y in [3, 9, 15] {
            b.set_stone(pt(3, y), Some(Color::Black));
        }
        for y in [3, 15] {
            b.set_stone(pt(15, y), Some(Color::White));
        }
        // Halfway between the stones, first to fourth line: A13 C13 D13,
        // A7 C7 D7.
        let side = [
            pt(0, 6),
            pt(2, 6),
            pt(3, 6),
            pt(0, 12),
            pt(2, 12),
            pt(3, 12),
        ];
        let plain = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        assert!(side.iter().all(|&p| plain.area_at(p) == 0));
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        let label = a.area_at(side[0]);
        assert_eq!(label, 1);
        assert!(side.iter().all(|&p| a.area_at(p) == label));
        let framework = a.area(label).unwrap();
        // Columns A to D from the first line to the last: 4 * 19 - 3 stones.
        assert!(framework.points >= 73, "{}", framework.points);
        assert!(
            (0..19).all(|y| (0..4).all(|x| x == 3 && y % 6 == 3 || a.area_at(pt(x, y)) == label))
        );
        // The centre stays open, and White has its two corners.
        assert_eq!(a.area_at(pt(9, 9)), 0);
        assert_eq!(
            a.areas.iter().filter(|ar| ar.color == Color::White).count(),
            2
        );
        // The gaps of the framework lie on its open edge, towards the centre.
        assert!(!framework.gaps.is_empty() && framework.gaps.len() <= GAPS_PER_AREA);
        assert!(framework
            .gaps
            .iter()
            .all(|g| g.point.x() >= 4 && g.point.x() <= 6));
    }

    #[test]
    fn areas_are_numbered_in_reading_order_and_tiny_ones_are_left_out() {
        // Two Black corner enclosures (top right, six points; bottom
        // right, five) and a White one (bottom left, six). In reading
        // order Black's top-right area comes first: 1, then 2; White's is
        // -1.
        let b = Board::from_ascii(
            "
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . X X X
            O O O O . . X . .
            . . . O . . X . .
            . . . O . . X . X",
        );
        let a = analyze(&b, &StatusMap::all_alive(), &MoyoParams::as_written());
        let labels: Vec<(i16, u32)> = a.areas.iter().map(|ar| (ar.label, ar.points)).collect();
        assert_eq!(labels, vec![(1, 6), (2, 5), (-1, 6)]);
        assert_eq!(
            (
                a.area_at(pt(8, 0)),
                a.area_at(pt(7, 7)),
                a.area_at(pt(0, 8))
            ),
            (1, 2, -1)
        );
        // A stone played below their first points does not renumber them
        // (a new area could only come after them in reading order).
        let mut b2 = b.clone();
        b2.set_stone(pt(4, 8), Some(Color::White));
        let a2 = analyze(&b2, &StatusMap::all_alive(), &MoyoParams::as_written());
        assert_eq!(
            (
                a2.area_at(pt(8, 0)),
                a2.area_at(pt(7, 7)),
                a2.area_at(pt(0, 8))
            ),
            (1, 2, -1)
        );
        // A pocket of two points (H9 J9 behind G9 G8 H8 J8) is a basin of
        // the paper, too small to be shown as an area.
        let small = Board::from_ascii(
            "
            . . . . . . X . .
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let a = analyze(&small, &StatusMap::all_alive(), &MoyoParams::as_written());
        assert!(a.basin_at(pt(8, 0)) > 0);
        assert_eq!(a.area_at(pt(8, 0)), 0);
        assert!(a
            .areas
            .iter()
            .all(|ar| ar.points as usize >= MIN_AREA_POINTS));
    }
}
