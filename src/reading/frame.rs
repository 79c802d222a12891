//! A frame around an open group, so that its life can be proved as an
//! enclosed problem.
//!
//! A group that is not enclosed (its empty surroundings run on into the
//! board) is out of the proof's reach: the proof plays inside a closed
//! region. Problem collections and solvers close such positions with a
//! *tsumego frame*: the attacker's stones around the problem, far
//! enough from the group that they do not touch it. This module builds
//! one: the empty points within [`reach`](framed) empty steps of the
//! target's group (its string and the defender's strings it reaches
//! through those points) stay as they are, and every empty point one
//! step further gets an attacker stone.
//!
//! The frame gives the attacker walls it does not have, so the proof on
//! a framed board answers a harder question for the defender: a life
//! proved there is a life on the board too (unless the group lives by
//! capturing frame stones, which is as good as running out), while a
//! kill proved there may be an escape on the board. The owl queries
//! decide how far they believe it.

use std::collections::VecDeque;

use crate::rules::point::{PointSet, CELLS};
use crate::rules::{Board, Point};

/// An attacker string in atari beside a frame point: the frame stone
/// would give it liberties, and save a string the defender may live by
/// capturing (a throw-in next to the frame). Refusing frames beside
/// strings of two liberties too read owl and ld_owl 154 and 76, against
/// 153 and 77, on the even cases unchanged.
const SHORT_ATTACKER_LIBERTIES: usize = 1;

/// The board with a frame of the attacker's stones around the target's
/// group at `reach` empty steps, with the number of the frame's stones,
/// or `None` when there is nothing to frame (the group's surroundings
/// are enclosed already), when a frame stone would stand beside another
/// string of the defender or beside an attacker string in atari, or when
/// the frame would leave a string without liberties.
pub(crate) fn framed(board: &Board, target: Point, reach: usize) -> Option<(Board, usize)> {
    let d = board.get(target)?;
    let a = d.opponent();
    // The group: the target's string and every string of the defender
    // within `reach` empty steps of it, again and again (a string the
    // group reaches joins it, and the steps count from it anew). Each
    // round is a breadth-first search from the group's stones over
    // empty points; the defender's stones it meets are the next round's.
    let mut group = PointSet::new();
    let mut sources: Vec<Point> = board.chain(target).collect();
    for &q in &sources {
        group.insert(q);
    }
    let mut dist: Vec<usize> = vec![usize::MAX; CELLS];
    let mut frame: Vec<Point> = Vec::new();
    let mut seen: PointSet;
    loop {
        dist.iter_mut().for_each(|d| *d = usize::MAX);
        seen = PointSet::new();
        frame.clear();
        let mut queue: VecDeque<Point> = VecDeque::new();
        for &q in &sources {
            seen.insert(q);
            dist[q.index()] = 0;
            queue.push_back(q);
        }
        let mut joined: Vec<Point> = Vec::new();
        while let Some(p) = queue.pop_front() {
            let dp = dist[p.index()];
            for n in board.neighbors(p) {
                if board.get(n) == Some(a) || seen.contains(n) {
                    continue;
                }
                if board.get(n) == Some(d) {
                    // A string of the defender within reach: the group's.
                    for q in board.chain(n) {
                        if group.insert(q) {
                            joined.push(q);
                        }
                    }
                    continue;
                }
                if dp + 1 > reach {
                    if !frame.contains(&n) {
                        frame.push(n);
                    }
                    continue;
                }
                seen.insert(n);
                dist[n.index()] = dp + 1;
                queue.push_back(n);
            }
        }
        if joined.is_empty() {
            break;
        }
        sources.extend(joined);
    }
    // A frame stone beside another string of the defender would change
    // that string's fate and cut the group off from it, and one beside an
    // attacker string in atari would save it: no frame at this reach.
    if frame.is_empty()
        || frame.iter().any(|&f| {
            board.neighbors(f).any(|n| {
                board.get(n) == Some(d)
                    || (board.get(n) == Some(a) && board.liberties(n) <= SHORT_ATTACKER_LIBERTIES)
            })
        })
    {
        return None;
    }
    let mut b = board.clone();
    for &f in &frame {
        b.set_stone(f, Some(a));
    }
    // A frame that takes a string's last liberty is no position.
    for &f in &frame {
        let strangled = std::iter::once(f)
            .chain(b.neighbors(f))
            .any(|q| b.get(q).is_some() && b.liberties(q) == 0);
        if strangled {
            return None;
        }
    }
    b.set_ko_point(board.ko_point());
    Some((b, frame.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::at;
    use crate::rules::Color;

    /// Black's three stones on the second line, White's wall over them
    /// ending at D2; the first line runs on to the right.
    const OPEN_LINE: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O . . .
        X X X O . . .
        . . . . . . .";

    /// The points where `framed` put White's frame stones.
    fn frame_points(b: &Board, f: &Board) -> Vec<Point> {
        b.points().filter(|&p| b.get(p) != f.get(p)).collect()
    }

    #[test]
    fn the_frame_stands_one_step_beyond_the_reach() {
        let b = Board::from_ascii(OPEN_LINE);
        // Reach 1: A1, B1 and C1 stay, D1 (two steps from C2) is White's.
        let (f, stones) = framed(&b, at(&b, "A2"), 1).expect("a frame");
        assert_eq!(frame_points(&b, &f), vec![at(&b, "D1")]);
        assert_eq!(stones, 1);
        assert_eq!(f.get(at(&b, "D1")), Some(Color::White));
        // Reach 2: D1 stays too, and the frame is E1 (E2 is three steps away).
        let (f, stones) = framed(&b, at(&b, "B2"), 2).expect("a frame");
        assert_eq!(frame_points(&b, &f), vec![at(&b, "E1")]);
        assert_eq!(stones, 1);
    }

    #[test]
    fn an_enclosed_group_has_no_frame() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
            X X O . . . .
            . . O . . . .",
        );
        assert!(framed(&b, at(&b, "A2"), 3).is_none());
    }

    #[test]
    fn a_string_of_the_defender_in_reach_joins_the_group_and_one_beyond_refuses_the_frame() {
        // A black stone on E1, two empty steps from C2's liberty C1: at
        // reach 2 it is part of the group, and the steps count from it
        // too (D1, F1, E2 one step; G1, F2, E3 two), so the frame is
        // G2, F3 and E4.
        let mut b = Board::from_ascii(OPEN_LINE);
        b.set_stone(at(&b, "E1"), Some(Color::Black));
        let (f, stones) = framed(&b, at(&b, "A2"), 2).expect("a frame");
        let mut want = vec![at(&b, "G2"), at(&b, "F3"), at(&b, "E4")];
        want.sort_by_key(|p| p.index());
        assert_eq!(frame_points(&b, &f), want);
        assert_eq!(stones, 3);
        // At reach 1 the frame would stand on D1 beside E1: another string
        // of Black's, whose fate the frame would change. No frame.
        assert!(framed(&b, at(&b, "A2"), 1).is_none());
    }

    #[test]
    fn a_frame_stone_would_not_save_an_attacker_string_in_atari() {
        // White's E1 is in atari, its last liberty D1, two steps from
        // C2's liberty C1. At reach 1 the frame stone on D1 would join
        // E1 to the wall and take away Black's capture: no frame.
        let mut b = Board::from_ascii(OPEN_LINE);
        b.set_stone(at(&b, "E1"), Some(Color::White));
        b.set_stone(at(&b, "E2"), Some(Color::Black));
        b.set_stone(at(&b, "F1"), Some(Color::Black));
        assert_eq!(b.liberties(at(&b, "E1")), 1);
        assert!(framed(&b, at(&b, "A2"), 1).is_none());
        // With E1 out of atari (F1 empty) the same frame stands.
        b.set_stone(at(&b, "F1"), None);
        let (f, stones) = framed(&b, at(&b, "A2"), 1).expect("a frame");
        assert_eq!(frame_points(&b, &f), vec![at(&b, "D1")]);
        assert_eq!(stones, 1);
    }
}
