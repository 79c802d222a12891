//! Opening moves from a small fuseki table (ours, from common Go
//! knowledge): the points of an empty corner, approaches to a lone
//! opponent corner stone, enclosures of a lone own corner stone, and
//! extensions along an empty side. Positions are written in *lines*
//! from the corner's two edges, `(a, b)` = a-th line from one edge and
//! b-th from the other; every entry holds for both orientations and all
//! four corners.

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::engine::classic::strategy::Phase;
use crate::rules::is_large_board;
use crate::rules::{Board, Color, Point};

/// What the corner holds for an entry to apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Corner {
    /// No stone in the corner area.
    Empty,
    /// One own stone, at these lines.
    Own(u8, u8),
    /// One opponent stone, at these lines.
    Opponent(u8, u8),
    /// Several stones: the table has nothing to say.
    Busy,
}

/// One table entry: the corner it applies to, the move in lines, a name.
struct Entry {
    corner: Corner,
    at: (u8, u8),
    name: &'static str,
}

const fn e(corner: Corner, at: (u8, u8), name: &'static str) -> Entry {
    Entry { corner, at, name }
}

/// The fuseki table for boards of 13x13 and up (one entry a line, as a
/// table reads).
#[rustfmt::skip]
const TABLE: &[Entry] = &[
    e(Corner::Empty, (4, 4), "star point in an empty corner"),
    e(Corner::Empty, (3, 4), "3-4 point in an empty corner"),
    e(Corner::Empty, (3, 3), "3-3 point in an empty corner"),
    e(Corner::Empty, (4, 5), "4-5 point in an empty corner"),
    e(Corner::Empty, (3, 5), "3-5 point in an empty corner"),
    // Approaches.
    e(Corner::Opponent(4, 4), (3, 6), "low approach to the star point"),
    e(Corner::Opponent(4, 4), (4, 6), "high approach to the star point"),
    e(Corner::Opponent(4, 4), (3, 3), "3-3 invasion under the star point"),
    e(Corner::Opponent(3, 4), (5, 3), "knight's approach to the 3-4 point"),
    e(Corner::Opponent(3, 4), (5, 4), "high approach to the 3-4 point"),
    e(Corner::Opponent(3, 4), (6, 3), "distant approach to the 3-4 point"),
    e(Corner::Opponent(3, 3), (4, 5), "approach to the 3-3 point"),
    e(Corner::Opponent(4, 5), (3, 4), "approach under the 4-5 point"),
    e(Corner::Opponent(3, 5), (4, 3), "approach to the 3-5 point"),
    // Enclosures.
    e(Corner::Own(3, 4), (5, 3), "knight's enclosure"),
    e(Corner::Own(3, 4), (5, 4), "one-space enclosure"),
    e(Corner::Own(3, 4), (6, 3), "large knight's enclosure"),
    e(Corner::Own(4, 4), (3, 6), "knight's enclosure of the star point"),
    e(Corner::Own(4, 4), (4, 6), "one-space enclosure of the star point"),
    e(Corner::Own(3, 3), (5, 3), "enclosure of the 3-3 point"),
    e(Corner::Own(4, 5), (3, 4), "enclosure of the 4-5 point"),
    e(Corner::Own(3, 5), (4, 3), "enclosure of the 3-5 point"),
];

/// The fuseki table for small boards (9x9 to 12x12): the corner and the
/// centre points.
#[rustfmt::skip]
const SMALL_TABLE: &[Entry] = &[
    e(Corner::Empty, (3, 3), "3-3 point in an empty corner"),
    e(Corner::Empty, (3, 4), "3-4 point in an empty corner"),
    e(Corner::Empty, (4, 4), "4-4 point in an empty corner"),
    e(Corner::Opponent(3, 3), (3, 5), "approach to the 3-3 point"),
    e(Corner::Opponent(3, 4), (5, 3), "knight's approach to the 3-4 point"),
];

/// Side lines on which extensions are proposed (third and fourth).
const SIDE_LINES: [usize; 2] = [3, 4];
/// An extension keeps at least this distance (in lines, along the side)
/// from every stone, so the side is open around it.
const EXTENSION_ROOM: usize = 3;

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    if ctx.strategy.phase != Phase::Opening {
        return;
    }
    let b = &ctx.board;
    let n = b.size();
    let me = ctx.color;
    let table = if is_large_board(n) {
        TABLE
    } else {
        SMALL_TABLE
    };
    // The corner area: lines 1..=depth from both edges.
    let depth = if is_large_board(n) { 6 } else { (n / 2) as u8 };
    for corner in 0..4 {
        let state = corner_state(b, corner, depth, me);
        for entry in table {
            let want = entry.corner;
            for flip in [false, true] {
                let matches = match (want, state) {
                    (Corner::Empty, Corner::Empty) => true,
                    (Corner::Own(a, c), Corner::Own(x, y))
                    | (Corner::Opponent(a, c), Corner::Opponent(x, y)) => {
                        if flip {
                            (a, c) == (y, x)
                        } else {
                            (a, c) == (x, y)
                        }
                    }
                    _ => false,
                };
                if !matches {
                    continue;
                }
                let (a, c) = if flip {
                    (entry.at.1, entry.at.0)
                } else {
                    entry.at
                };
                if let Some(p) = at_lines(n, corner, a, c) {
                    out.add(p, Reason::new(ReasonKind::Fuseki, me).named(entry.name));
                }
            }
        }
    }
    if is_large_board(n) {
        extensions(ctx, out);
    } else if b.stone_counts().iter().sum::<usize>() <= 2 && n % 2 == 1 {
        let c = Point::from_xy(n / 2, n / 2);
        out.add(
            c,
            Reason::new(ReasonKind::Fuseki, me).named("the centre point"),
        );
    }
}

/// Extensions along the sides: third- and fourth-line points with room
/// on both sides, between the corners.
fn extensions(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let b = &ctx.board;
    let n = b.size();
    for side in 0..4 {
        for line in SIDE_LINES {
            for along in 5..n.saturating_sub(5) {
                let p = side_point(n, side, line, along);
                if b.is_empty(p) && b.no_stone_within(p, EXTENSION_ROOM) {
                    out.add(
                        p,
                        Reason::new(ReasonKind::Fuseki, ctx.color)
                            .named("extension along the side"),
                    );
                }
            }
        }
    }
}

/// The point on `line` (1-based) from side `side` (0 top, 1 right,
/// 2 bottom, 3 left), `along` from the side's start.
fn side_point(n: usize, side: usize, line: usize, along: usize) -> Point {
    let l = line - 1;
    match side {
        0 => Point::from_xy(along, l),
        1 => Point::from_xy(n - 1 - l, along),
        2 => Point::from_xy(along, n - 1 - l),
        _ => Point::from_xy(l, along),
    }
}

/// The point at lines `(a, b)` of corner `corner` (0 top-left, 1
/// top-right, 2 bottom-left, 3 bottom-right): `a` from the left or right
/// edge, `b` from the top or bottom.
fn at_lines(n: usize, corner: usize, a: u8, b: u8) -> Option<Point> {
    let (a, b) = (usize::from(a), usize::from(b));
    if a > n || b > n || a == 0 || b == 0 {
        return None;
    }
    let x = if corner % 2 == 0 { a - 1 } else { n - a };
    let y = if corner < 2 { b - 1 } else { n - b };
    Some(Point::from_xy(x, y))
}

/// What the corner area (lines 1..=depth) holds, from `me`'s view.
fn corner_state(b: &Board, corner: usize, depth: u8, me: Color) -> Corner {
    let n = b.size();
    let mut found: Option<(Color, u8, u8)> = None;
    let mut count = 0;
    for a in 1..=depth {
        for c in 1..=depth {
            let Some(p) = at_lines(n, corner, a, c) else {
                continue;
            };
            if let Some(col) = b.get(p) {
                count += 1;
                found = Some((col, a, c));
            }
        }
    }
    match (count, found) {
        (0, _) => Corner::Empty,
        (1, Some((col, a, c))) if col == me => Corner::Own(a, c),
        (1, Some((_, a, c))) => Corner::Opponent(a, c),
        _ => Corner::Busy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::generators::tests::{candidates_of_size, reason_at};

    #[test]
    fn empty_corners_approaches_and_enclosures() {
        // Black holds the upper right star point (Q16); White to move.
        let mut rows = vec![". ".repeat(19); 19];
        rows[3] = format!("{}X {}", ". ".repeat(15), ". ".repeat(3));
        let pos = rows.join("\n");
        let w = candidates_of_size(&pos, Color::White);
        // The empty corners' star and 3-4 points.
        assert!(reason_at(&w, "D4", ReasonKind::Fuseki).is_some());
        assert!(reason_at(&w, "C16", ReasonKind::Fuseki).is_some());
        // Approaches to Black's star point: R14 (low), and the 3-3 point R17.
        let low = reason_at(&w, "R14", ReasonKind::Fuseki).expect("low approach");
        assert_eq!(low.name, Some("low approach to the star point"));
        assert!(reason_at(&w, "R17", ReasonKind::Fuseki).is_some());
        // Black encloses its corner instead.
        let b = candidates_of_size(&pos, Color::Black);
        let enc = reason_at(&b, "R14", ReasonKind::Fuseki).expect("enclosure");
        assert_eq!(enc.name, Some("knight's enclosure of the star point"));
        assert_eq!(at_lines(19, 3, 3, 4), Some(Point::from_xy(16, 15)));
    }
}
