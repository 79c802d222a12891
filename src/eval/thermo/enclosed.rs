//! Whether the opponent can live inside an area enclosed by one colour's
//! settled stones: the thermography notes' search for bigger surrounded
//! regions.
//!
//! The invader moves first. The search stops with life when the
//! invader's stones inside are unconditionally alive (Benson's
//! condition, read inside the area), and with death when the room left
//! is dead by the small-region rule (every part of the area not held by
//! the defender's safe stones has at most [`SMALL_REGION`] points) or the
//! invader has no room for two eyes. Moves: captures first, then the
//! points with the most room around them, at most [`LIFE_BRANCH`] per
//! position, and a pass.
//!
//! The notes' node cap per depth: when more than [`LIFE_NODES_PER_DEPTH`]
//! positions have been searched at one depth, the remaining positions at
//! that depth are won by the side to move (the promising moves come first,
//! so the cap is reached only after they failed higher up). An area of
//! more than [`LIFE_MAX_POINTS`] points is not searched: the invader is
//! assumed to live (the search would be all cap).

use crate::reading::benson::SMALL_REGION;
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point};

/// Positions searched at one depth before the rest of that depth goes to
/// the side to move. The notes give the rule, not the number. Ours bounds
/// the search of one area by 24 positions per move of depth; on the 19x19
/// endgame benchmark position all the areas together took 13 positions.
pub(crate) const LIFE_NODES_PER_DEPTH: usize = 24;

/// Moves tried per position (plus a pass): the invader's eye-making
/// points and the defender's vital points are among the few with the
/// most room.
pub(crate) const LIFE_BRANCH: usize = 5;

/// The biggest area searched. Beyond it the per-depth caps decide nearly
/// everything, so the search says little and costs much; the invader is
/// assumed to live. Our choice: a side territory three lines deep and
/// seven wide is searched.
pub(crate) const LIFE_MAX_POINTS: usize = 21;

struct Life<'a> {
    board: &'a mut Board,
    area: &'a [Point],
    in_area: Vec<bool>,
    invader: Color,
    nodes_at: Vec<usize>,
    nodes: u64,
}

/// Whether `invader` can live inside `area` (a set of points enclosed by
/// the other colour's settled stones) moving first. The board is
/// restored. Returns the answer and the positions searched.
///
/// ```
/// use moku::{Board, Color};
/// use moku::eval::thermo::can_live_inside;
/// // A 3x3 corner inside a black wall: no room for two eyes.
/// let b = Board::from_ascii("
///     . . . X . .
///     . . . X . .
///     . . . X . .
///     X X X X . .
///     . . . . . .
///     . . . . . .");
/// let corner: Vec<_> = b.points().filter(|p| p.x() < 3 && p.y() < 3).collect();
/// assert!(!can_live_inside(&mut b.clone(), &corner, Color::White).0);
/// ```
pub fn can_live_inside(board: &mut Board, area: &[Point], invader: Color) -> (bool, u64) {
    if area.len() > LIFE_MAX_POINTS {
        return (true, 0);
    }
    let mut in_area = vec![false; CELLS];
    for &p in area {
        in_area[p.index()] = true;
    }
    let mut s = Life {
        board,
        area,
        in_area,
        invader,
        // A guard against ko cycles: every move fills a point, and
        // captures in a small enclosed area are few.
        nodes_at: vec![0; 2 * area.len() + 2],
        nodes: 0,
    };
    let lives = s.search(invader, 0, 0);
    (lives, s.nodes)
}

impl Life<'_> {
    /// Whether the invader lives with `to_move` to play.
    fn search(&mut self, to_move: Color, depth: usize, passes: usize) -> bool {
        self.nodes += 1;
        if self.invader_alive() {
            return true;
        }
        if self.invader_dead() || passes >= 2 || depth >= self.nodes_at.len() {
            return false;
        }
        self.nodes_at[depth] += 1;
        if self.nodes_at[depth] > LIFE_NODES_PER_DEPTH {
            return to_move == self.invader;
        }
        let wants_life = to_move == self.invader;
        for p in self.moves(to_move) {
            let Ok(undo) = self.board.play(p, to_move, false) else {
                continue;
            };
            let lives = self.search(to_move.opponent(), depth + 1, 0);
            self.board.undo(undo);
            if lives == wants_life {
                return wants_life;
            }
        }
        let undo = self.board.pass(to_move);
        let lives = self.search(to_move.opponent(), depth + 1, passes + 1);
        self.board.undo(undo);
        lives
    }

    /// The moves worth trying, best first.
    fn moves(&self, c: Color) -> Vec<Point> {
        let b = &*self.board;
        let mut scored: Vec<(i32, Point)> = Vec::new();
        for &p in self.area {
            if !b.is_empty(p) || b.check_move(p, c, false).is_err() {
                continue;
            }
            // The defender never fills its own eye-like points.
            if c != self.invader && b.neighbors(p).all(|n| b.get(n) == Some(c)) {
                continue;
            }
            let room = b
                .neighbors(p)
                .filter(|&n| self.in_area[n.index()] && b.is_empty(n))
                .count() as i32;
            let near_invader = b
                .neighbors(p)
                .filter(|&n| b.get(n) == Some(self.invader))
                .count() as i32;
            let capture = if b.would_capture(p, c) { 10 } else { 0 };
            scored.push((capture + 2 * room + near_invader, p));
        }
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(LIFE_BRANCH);
        scored.into_iter().map(|(_, p)| p).collect()
    }

    /// Benson's condition for the invader's strings inside the area: the
    /// parts of the area not held by the invader that do not touch the
    /// outside are its candidate eyes.
    fn invader_alive(&self) -> bool {
        let b = &*self.board;
        let o = self.invader;
        // The invader's strings (by chain id).
        let mut strings: Vec<Point> = Vec::new();
        for &p in self.area {
            if b.get(p) == Some(o) {
                let id = b.chain_id(p);
                if !strings.contains(&id) {
                    strings.push(id);
                }
            }
        }
        if strings.is_empty() {
            return false;
        }
        // The closed parts and, for each, the strings it is vital to.
        let mut seen = vec![false; CELLS];
        let mut parts: Vec<(Vec<Point>, Vec<Point>)> = Vec::new(); // (bordering strings, vital strings)
        for &p in self.area {
            if b.get(p) == Some(o) || seen[p.index()] {
                continue;
            }
            seen[p.index()] = true;
            let mut part = vec![p];
            let mut closed = true;
            let mut i = 0;
            let mut border: Vec<Point> = Vec::new();
            while i < part.len() {
                let q = part[i];
                i += 1;
                for n in b.neighbors(q) {
                    if !self.in_area[n.index()] {
                        closed = false;
                    } else if b.get(n) == Some(o) {
                        let id = b.chain_id(n);
                        if !border.contains(&id) {
                            border.push(id);
                        }
                    } else if !seen[n.index()] {
                        seen[n.index()] = true;
                        part.push(n);
                    }
                }
            }
            if !closed {
                continue;
            }
            let vital: Vec<Point> = border
                .iter()
                .copied()
                .filter(|&id| {
                    part.iter().filter(|&&q| b.is_empty(q)).all(|&q| {
                        b.neighbors(q)
                            .any(|n| b.get(n) == Some(o) && b.chain_id(n) == id)
                    })
                })
                .collect();
            parts.push((border, vital));
        }
        let mut alive_parts = vec![true; parts.len()];
        loop {
            let before = strings.len();
            strings.retain(|id| {
                parts
                    .iter()
                    .zip(&alive_parts)
                    .filter(|((_, v), &a)| a && v.contains(id))
                    .count()
                    >= 2
            });
            let mut changed = strings.len() != before;
            for (i, (border, _)) in parts.iter().enumerate() {
                if alive_parts[i] && border.iter().any(|x| !strings.contains(x)) {
                    alive_parts[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        !strings.is_empty()
    }

    /// Dead by the small-region rule: no part of the area outside the
    /// defender's safe stones (its strings that reach the enclosing wall)
    /// is bigger than [`SMALL_REGION`], or there are fewer than two points
    /// that could become eyes (empty or invader points not next to a safe
    /// defender stone).
    fn invader_dead(&self) -> bool {
        let b = &*self.board;
        let d = self.invader.opponent();
        // The defender's safe stones: flood from the stones touching the
        // wall outside the area.
        let mut safe = vec![false; CELLS];
        let mut stack: Vec<Point> = Vec::new();
        for &p in self.area {
            if b.get(p) == Some(d)
                && b.neighbors(p)
                    .any(|n| !self.in_area[n.index()] && b.get(n) == Some(d))
            {
                safe[p.index()] = true;
                stack.push(p);
            }
        }
        while let Some(q) = stack.pop() {
            for n in b.neighbors(q) {
                if self.in_area[n.index()] && b.get(n) == Some(d) && !safe[n.index()] {
                    safe[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        let mut eye_room = 0;
        for &p in self.area {
            if !safe[p.index()]
                && b.get(p) != Some(d)
                && !b
                    .neighbors(p)
                    .any(|n| b.get(n) == Some(d) && (!self.in_area[n.index()] || safe[n.index()]))
            {
                eye_room += 1;
            }
        }
        if eye_room < 2 {
            return true;
        }
        let mut seen = vec![false; CELLS];
        for &p in self.area {
            if safe[p.index()] || seen[p.index()] {
                continue;
            }
            seen[p.index()] = true;
            let mut size = 0;
            stack.push(p);
            while let Some(q) = stack.pop() {
                size += 1;
                for n in b.neighbors(q) {
                    if self.in_area[n.index()] && !safe[n.index()] && !seen[n.index()] {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                }
            }
            if size > SMALL_REGION {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(b: &Board, f: impl Fn(Point) -> bool) -> Vec<Point> {
        b.points().filter(|&p| f(p)).collect()
    }

    /// A 3x3 corner inside a black wall: an invader cannot make two eyes
    /// (the eye room is the corner's 3x3 minus the wall's neighbours).
    #[test]
    fn a_three_by_three_corner_is_too_small() {
        let b = Board::from_ascii(
            "
            . . . X . . .
            . . . X . . .
            . . . X . . .
            X X X X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let a = area(&b, |p| p.x() < 3 && p.y() < 3);
        let before = b.clone();
        let mut m = b.clone();
        let (lives, nodes) = can_live_inside(&mut m, &a, Color::White);
        assert!(!lives);
        assert!(nodes >= 1);
        assert_eq!(m, before, "the board is restored");
    }

    /// A living white shape already inside: Benson's condition holds at
    /// once.
    #[test]
    fn a_living_invader_is_seen_alive() {
        let b = Board::from_ascii(
            "
            . O . O X . . .
            O O O O X . . .
            X X X X X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
        );
        let a = area(&b, |p| p.x() < 4 && p.y() < 2);
        assert!(can_live_inside(&mut b.clone(), &a, Color::White).0);
    }

    /// One two-point eye is one eye: White cannot divide it and live.
    #[test]
    fn one_eye_is_not_enough() {
        let b = Board::from_ascii(
            "
            . . O O X . . .
            O O O O X . . .
            X X X X X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
        );
        let a = area(&b, |p| p.x() < 4 && p.y() < 2);
        assert!(!can_live_inside(&mut b.clone(), &a, Color::White).0);
    }
}
