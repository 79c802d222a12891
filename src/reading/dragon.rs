//! Dragons: strings of one colour that are connected or as good as
//! connected (GNU Go's name), with what their life depends on: the eye
//! spaces around them and the room they have to run.
//!
//! Two strings of a colour belong to one dragon when they touch diagonally
//! with neither cutting point held by the opponent, or share two liberties
//! (miai). The eye spaces of a dragon are those of
//! [`eyes`](crate::reading::eyes) next to its stones, with only opponent
//! strings in atari taken as dead inside them. Its room is the empty area
//! it reaches through open points.

use crate::reading::eyes::{self, EyeSpace, MAX_EYE_SPACE};
use crate::rules::point::{PointSet, CELLS};
use crate::rules::{Board, Color, Point};

/// Empty points reachable from a group without crossing stones that count
/// as room to run (an open group is not killed by local reading). Tuned on
/// `owl.tst`.
pub(crate) const ESCAPE_AREA: usize = 24;

/// Free space around a group from which it counts as alive without
/// reading: empty points it reaches through points that no opponent stone
/// touches (see [`escape`]). A group with this much free space and no
/// string short of liberties can run into open space or make a living
/// shape there, whoever moves first: a lone stone anywhere on an empty
/// board, a few stones pushed along the edge with the board open behind
/// them. Our choice (GNU Go's idea of a dragon's escape route, measured
/// as free area), tuned on `owl.tst` and `ld_owl.tst`.
pub(crate) const ESCAPE_ALIVE: usize = 40;

/// Opponent strings inside a group's eye space count as dead only when in
/// atari (the static `eval_eye` takes two liberties, GNU Go's optics
/// answers; for reading, a stone with two liberties can still cut or
/// connect out). Tuned on `owl.tst`.
pub(crate) const OWL_WEAK_LIBERTIES: usize = 1;

/// The dragon through the stone on `p`: its strings, as chain ids, the
/// string of `p` first (empty for an empty point).
pub(crate) fn dragon(board: &Board, p: Point) -> Vec<Point> {
    let Some(c) = board.get(p) else {
        return Vec::new();
    };
    let opp = c.opponent();
    let mut chains = vec![board.chain_id(p)];
    let mut i = 0;
    while i < chains.len() {
        let h = chains[i];
        i += 1;
        let libs = board.chain_liberties(h);
        for s in board.chain(h) {
            for d in s.diagonals() {
                if !board.on_board(d) || board.get(d) != Some(c) {
                    continue;
                }
                let id = board.chain_id(d);
                if chains.contains(&id) {
                    continue;
                }
                // The two cutting points of the diagonal.
                let a = Point::from_xy(d.x(), s.y());
                let b = Point::from_xy(s.x(), d.y());
                if board.get(a) != Some(opp) && board.get(b) != Some(opp) {
                    chains.push(id);
                }
            }
        }
        // Strings sharing two liberties.
        for &l in &libs {
            for n in board.neighbors(l) {
                if board.get(n) == Some(c) {
                    let id = board.chain_id(n);
                    if chains.contains(&id) {
                        continue;
                    }
                    let shared = board
                        .chain_liberties(id)
                        .iter()
                        .filter(|x| libs.contains(x))
                        .count();
                    if shared >= 2 {
                        chains.push(id);
                    }
                }
            }
        }
    }
    chains
}

/// All stones of a dragon given by its chain ids.
pub(crate) fn stones_of(board: &Board, chains: &[Point]) -> Vec<Point> {
    chains.iter().flat_map(|&h| board.chain(h)).collect()
}

/// The eye spaces of colour `c` next to `stones`, each once.
pub(crate) fn eye_spaces(board: &Board, stones: &[Point], c: Color) -> Vec<EyeSpace> {
    let mut spaces: Vec<EyeSpace> = Vec::new();
    let mut seen = vec![false; CELLS];
    for &s in stones {
        for n in board.neighbors(s) {
            if board.get(n) == Some(c) || seen[n.index()] {
                continue;
            }
            if let Some(sp) = eyes::eye_space_with(board, n, c, OWL_WEAK_LIBERTIES) {
                for &q in &sp.points {
                    seen[q.index()] = true;
                }
                spaces.push(sp);
            } else {
                seen[n.index()] = true;
            }
        }
    }
    spaces
}

/// The room around a dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    /// Empty points reachable from its liberties through empty points
    /// (counted up to [`ESCAPE_AREA`] plus the largest eye space).
    pub(crate) area: usize,
    /// Whether that area is enclosed by the dragon's colour alone.
    pub(crate) enclosed: bool,
}

impl Room {
    /// Whether the dragon can run: its area is open and big enough.
    pub(crate) fn open(self) -> bool {
        !self.enclosed && self.area >= ESCAPE_AREA
    }
}

/// The start of a flood from a dragon: its liberties (the empty points
/// next to `stones`), each once, and the marks that say so.
fn liberties_queue(board: &Board, stones: &[Point]) -> (PointSet, Vec<Point>) {
    let mut seen = PointSet::new();
    let mut queue: Vec<Point> = Vec::new();
    for &s in stones {
        for n in board.neighbors(s) {
            if board.is_empty(n) && seen.insert(n) {
                queue.push(n);
            }
        }
    }
    (seen, queue)
}

/// The room around the dragon of `stones` (colour `c`).
pub(crate) fn room(board: &Board, stones: &[Point], c: Color) -> Room {
    let cap = ESCAPE_AREA + MAX_EYE_SPACE;
    let (mut seen, mut queue) = liberties_queue(board, stones);
    let mut enclosed = true;
    let mut i = 0;
    while i < queue.len() && queue.len() < cap {
        let q = queue[i];
        i += 1;
        // Room runs through open points only: a point next to a strong
        // opponent stone counts but leads nowhere.
        if board
            .neighbors(q)
            .any(|n| board.get(n) == Some(c.opponent()) && board.liberties(n) > 1)
        {
            enclosed = false;
            continue;
        }
        for n in board.neighbors(q) {
            match board.get(n) {
                None if seen.insert(n) => queue.push(n),
                Some(o) if o != c && board.liberties(n) > 1 => enclosed = false,
                _ => {}
            }
        }
    }
    if queue.len() >= cap {
        enclosed = false;
    }
    Room {
        area: queue.len(),
        enclosed,
    }
}

/// The escape potential of the dragon of `stones` (colour `c`): the
/// empty points reachable from its liberties through empty points that
/// touch no opponent stone (orthogonally, and also diagonally when
/// `diagonal`; a point next to one counts but leads nowhere), counted up
/// to [`ESCAPE_ALIVE`]. Unlike [`room`] a weak opponent stone
/// blocks too: what counts is space nobody contests.
pub(crate) fn escape(board: &Board, stones: &[Point], c: Color, diagonal: bool) -> usize {
    let opp = c.opponent();
    let (mut seen, mut queue) = liberties_queue(board, stones);
    let mut i = 0;
    while i < queue.len() && queue.len() < ESCAPE_ALIVE {
        let q = queue[i];
        i += 1;
        let contested = board.neighbors(q).any(|n| board.get(n) == Some(opp))
            || (diagonal && board.diagonals(q).any(|d| board.get(d) == Some(opp)));
        if contested {
            continue;
        }
        for n in board.neighbors(q) {
            if board.is_empty(n) && seen.insert(n) {
                queue.push(n);
            }
        }
    }
    queue.len().min(ESCAPE_ALIVE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::at;

    #[test]
    fn diagonal_and_miai_links_make_one_dragon() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . X . . . . .
            . . X . X . .
            . . . . . . .
            . . . O . . .
            . X O . . . .
            . . . . . . .",
        );
        // B6 and C5 touch diagonally with both cutting points (C6, B5)
        // empty; C5 and E5 share one liberty (D5) only: not linked.
        let d = dragon(&b, at(&b, "B6"));
        assert_eq!(d.len(), 2);
        assert!(d.contains(&b.chain_id(at(&b, "C5"))));
        assert!(!d.contains(&b.chain_id(at(&b, "E5"))));
        // B2 stands alone.
        assert_eq!(dragon(&b, at(&b, "B2")), vec![b.chain_id(at(&b, "B2"))]);
        // White's C2 and D3 touch diagonally with both cutting points (C3,
        // D2) empty: one dragon.
        assert_eq!(dragon(&b, at(&b, "C2")).len(), 2);
        assert_eq!(dragon(&b, at(&b, "A1")), Vec::<Point>::new());
    }

    #[test]
    fn room_of_an_open_and_an_enclosed_group() {
        let open = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let r = room(&open, &[at(&open, "E5")], Color::Black);
        assert!(r.open(), "{r:?}");
        let closed = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O .
            X X X X X O .
            . . X X X O .",
        );
        let stones = stones_of(&closed, &dragon(&closed, at(&closed, "C1")));
        let r = room(&closed, &stones, Color::Black);
        assert_eq!(
            r,
            Room {
                area: 2,
                enclosed: true
            }
        );
        assert_eq!(eye_spaces(&closed, &stones, Color::Black).len(), 1);
    }
}
