//! Capturing races (semeai) between two adjacent dragons of opposite
//! colours, by liberty counting in the manner of the classic semeai rules:
//! outside liberties, shared liberties and eye liberties (a big eye's
//! liberties by its size), with the side to move one ahead; seki when
//! neither side can approach through the shared liberties. The answer is
//! GNU Go's `analyze_semeai`.

use crate::reading::dragon::{dragon, eye_spaces, stones_of};
use crate::reading::eyes::{self, EyeSpace};
use crate::reading::owl::{judge, Life};
use crate::reading::Code;
use crate::rules::{Board, Color, Point};

/// Liberties a big eye of `n` points is worth in a capturing race (the
/// classic table: 1, 2, 3, 5, 8, 12 for one to six points).
pub(crate) const BIG_EYE_LIBERTIES: [u32; 7] = [0, 1, 2, 3, 5, 8, 12];

/// The result of a capturing race between two adjacent groups, GNU Go's
/// `analyze_semeai` answer: the first group's owner moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semeai {
    /// Code of the first group surviving (alive or seki).
    pub survives: Code,
    /// Code of the second group dying.
    pub kills: Code,
    /// The key move (`None`: pass).
    pub point: Option<Point>,
}

/// Liberty count of a group in a race: its outside liberties (not shared
/// with `other`), and its eye liberties (empty points of its eye spaces,
/// valued by [`BIG_EYE_LIBERTIES`]).
fn race_liberties(
    board: &Board,
    chains: &[Point],
    other: &[Point],
    c: Color,
) -> (Vec<Point>, Vec<Point>, u32, bool) {
    let stones = stones_of(board, chains);
    let other_stones = stones_of(board, other);
    // Spaces holding the other group are no eyes in the race.
    let spaces: Vec<EyeSpace> = eye_spaces(board, &stones, c)
        .into_iter()
        .filter(|sp| !sp.points.iter().any(|p| other_stones.contains(p)))
        .collect();
    let eye_points: Vec<Point> = spaces
        .iter()
        .filter(|sp| eyes::evaluate(board, sp).max > 0)
        .flat_map(|sp| sp.points.iter().copied())
        .collect();
    let mut eye_libs = 0;
    let mut has_eye = false;
    for sp in &spaces {
        let v = eyes::evaluate(board, sp);
        if v.max > 0 {
            has_eye = true;
            let n = sp.points.len().min(BIG_EYE_LIBERTIES.len() - 1);
            eye_libs += BIG_EYE_LIBERTIES[n];
        }
    }
    let mut outside = Vec::new();
    let mut shared = Vec::new();
    for &st in &stones {
        for n in board.neighbors(st) {
            if !board.is_empty(n)
                || eye_points.contains(&n)
                || outside.contains(&n)
                || shared.contains(&n)
            {
                continue;
            }
            if board.neighbors(n).any(|q| other_stones.contains(&q)) {
                shared.push(n);
            } else {
                outside.push(n);
            }
        }
    }
    (outside, shared, eye_libs, has_eye)
}

/// A capturing race between the groups through `a` and `b` (opposite
/// colours), `a`'s owner to move, by liberty counting (outside, shared and
/// eye liberties, in the manner of the classic semeai rules): a group
/// with two sure eyes survives; otherwise the side that can fill the other's
/// liberties first wins, and with shared liberties neither can approach it
/// is seki. `None` unless both points hold stones of opposite colours.
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{semeai, Code};
/// // White's two stones have one liberty (D3): Black, to move, wins there.
/// let mut b = Board::from_ascii("
///     . . . . .
///     . X X . .
///     X O O . .
///     . X X . .
///     . . . . .");
/// let r = semeai::semeai(&mut b, Point::from_xy(1, 1), Point::from_xy(1, 2)).unwrap();
/// assert_eq!((r.survives, r.kills), (Code::Win, Code::Win));
/// assert_eq!(r.point, Some(Point::from_xy(3, 2)));
/// ```
pub fn semeai(board: &mut Board, a: Point, b: Point) -> Option<Semeai> {
    let ca = board.get(a)?;
    let cb = board.get(b)?;
    if ca == cb {
        return None;
    }
    let da = dragon(board, a);
    let db = dragon(board, b);
    let (life_a, _) = judge(board, &da, ca);
    let (life_b, _) = judge(board, &db, cb);
    let base = race_counts(board, a, b)?;
    let result = |survives: bool, kills: bool, point: Option<Point>| Semeai {
        survives: Code::win_if(survives),
        kills: Code::win_if(kills),
        point,
    };
    if life_a == Life::Alive && life_b == Life::Alive {
        return Some(result(true, false, None));
    }
    // A's moves: B's liberties (outside first), shared liberties, B's eye
    // points; each judged one ply deep by the counts with B to move.
    let mut cands: Vec<Point> = base.fill.clone();
    for sp in eye_spaces(board, &stones_of(board, &db), cb) {
        let v = eyes::evaluate(board, &sp);
        cands.extend(v.attack);
        cands.extend(sp.points.iter().copied().filter(|&q| board.is_empty(q)));
    }
    let mut best: Option<(i32, Point)> = None;
    for m in cands {
        let Ok(u) = board.play(m, ca, false) else {
            continue;
        };
        let margin = if board.get(b).is_none() {
            i32::MAX
        } else if board.get(a).is_none() {
            i32::MIN
        } else {
            match race_counts(board, a, b) {
                // B to move now: B needs `need_b`, A needs `need_a`.
                Some(c) => c.need_b as i32 - c.need_a as i32,
                None => i32::MIN,
            }
        };
        board.undo(u);
        if best.is_none_or(|(bm, _)| margin > bm) {
            best = Some((margin, m));
        }
    }
    match best {
        Some((margin, m)) if margin > 0 => Some(result(true, true, Some(m))),
        _ if base.seki || life_a == Life::Alive => Some(result(true, false, None)),
        _ => Some(result(false, false, None)),
    }
}

/// The race counts of a position: the moves each side needs to capture
/// the other, whether the shared liberties make it seki, and the
/// liberties of the second group to fill.
struct RaceCounts {
    /// Moves the first group's owner needs to capture the second.
    need_a: u32,
    /// Moves the second group's owner needs to capture the first.
    need_b: u32,
    seki: bool,
    fill: Vec<Point>,
}

fn race_counts(board: &Board, a: Point, b: Point) -> Option<RaceCounts> {
    let ca = board.get(a)?;
    let cb = board.get(b)?;
    let da = dragon(board, a);
    let db = dragon(board, b);
    let (out_a, shared, eye_a, has_eye_a) = race_liberties(board, &da, &db, ca);
    let (out_b, _, eye_b, has_eye_b) = race_liberties(board, &db, &da, cb);
    let (la, lb, s) = (
        out_a.len() as u32 + eye_a,
        out_b.len() as u32 + eye_b,
        shared.len() as u32,
    );
    // Filling the shared liberties counts for both; with an eye against
    // none, they are the eye side's own.
    let (need_a, need_b) = match (has_eye_a, has_eye_b) {
        (true, false) => (lb + s, la + 2 * s),
        (false, true) => (lb + 2 * s, la + s),
        _ => (lb + s, la + s),
    };
    // Neither side can approach through two or more shared liberties
    // without giving atari: seki unless one is far ahead.
    let seki = s >= 2 && has_eye_a == has_eye_b && la + s > lb && lb + s > la;
    let mut fill = out_b;
    fill.extend(shared);
    Some(RaceCounts {
        need_a,
        need_b,
        seki,
        fill,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::at;

    #[test]
    fn semeai_capture_in_atari() {
        // White's two stones have one liberty (D3): Black, to move, wins
        // the race there.
        let mut b = Board::from_ascii(
            "
            . . . . .
            . X X . .
            X O O . .
            . X X . .
            . . . . .",
        );
        let (x, o, d3) = (at(&b, "B4"), at(&b, "B3"), at(&b, "D3"));
        let r = semeai(&mut b, x, o).unwrap();
        assert_eq!(
            (r.survives, r.kills, r.point),
            (Code::Win, Code::Win, Some(d3))
        );
        // White to move extends and survives; Black is not killed.
        let r = semeai(&mut b, o, x).unwrap();
        assert_eq!(r.kills, Code::Fail);
    }
}
