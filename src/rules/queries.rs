//! Board queries that read what a move would do without playing it, and
//! the false-eye rule: the questions every reader asks of a position
//! (string tactics, eye spaces, connections, life and death) and the
//! evaluators and playouts share.
//!
//! Each query looks only at the point and its neighbouring chains, so it
//! costs a few dozen array reads: move ordering calls them for every
//! candidate of every node.

use crate::rules::point::PointSet;
use crate::rules::{Board, Color, Point};

/// An enclosed point with all four diagonals on the board is a false eye
/// when the opponent holds at least this many of them: the opponent can
/// then cut through one of the two remaining diagonals, or already has.
/// The standard rule of Go books (and of every classic program's eye
/// code); GNU Go's "topological value" counts the same in half-units.
pub(crate) const FALSE_EYE_DIAGONALS_CENTRE: usize = 2;

/// The same on the edge or in the corner (fewer than four diagonals on the
/// board): one opponent diagonal is enough.
pub(crate) const FALSE_EYE_DIAGONALS_EDGE: usize = 1;

/// The false-eye rule: whether an enclosed point whose diagonals hold
/// `opponent_diagonals` opponent stones is a false eye, on the edge (or in
/// the corner) or in the centre.
pub(crate) const fn diagonals_make_false_eye(opponent_diagonals: usize, on_edge: bool) -> bool {
    opponent_diagonals
        >= if on_edge {
            FALSE_EYE_DIAGONALS_EDGE
        } else {
            FALSE_EYE_DIAGONALS_CENTRE
        }
}

impl Board {
    /// Whether no stone stands within `r` lines of `p` in x and in y (the
    /// square of side `2r + 1` around it, clipped by the edges): the
    /// opening's test for open space, shared by the fuseki generator and
    /// the tree's line priors.
    pub(crate) fn no_stone_within(&self, p: Point, r: usize) -> bool {
        let r = r as i32;
        (-r..=r).all(|dy| {
            (-r..=r).all(|dx| {
                p.offset(dx, dy, self.size())
                    .is_none_or(|q| self.get(q).is_none())
            })
        })
    }

    /// Whether `p` lies on the edge or in the corner: fewer than four of
    /// its diagonals are on the board (the false-eye rule depends on it).
    pub(crate) fn on_edge(&self, p: Point) -> bool {
        self.diagonals(p).count() < 4
    }

    /// The liberties the chain of a stone of `c` on empty `m` would have,
    /// captures included: each captured neighbouring string frees the
    /// points it held next to the new chain.
    pub(crate) fn liberties_after(&self, m: Point, c: Color) -> usize {
        self.liberties_after_up_to(m, c, usize::MAX)
    }

    /// [`Board::liberties_after`] counted no further than `cap`: the least
    /// of the two. Nearly every caller only compares the count with 1, 2
    /// or 3 (is the move a self-atari, does it gain a liberty), and the
    /// reading asks it for almost every candidate of every node, so the
    /// count stops as soon as the answer is known.
    pub(crate) fn liberties_after_up_to(&self, m: Point, c: Color, cap: usize) -> usize {
        // Enough empty neighbours settle it without looking at a chain
        // (the board keeps that count): the common case away from fights.
        if self.empty_neighbors(m) >= cap {
            return cap;
        }
        // Counted in a bit set, not a list.
        let mut libs = PointSet::new();
        for n in self.neighbors(m) {
            if self.is_empty(n) {
                libs.insert(n);
            }
        }
        // The chains beside `m`, each once: ours join the new stone, the
        // opponent's with one liberty are captured.
        let mut friends: [Point; 4] = [m; 4];
        let mut nfriends = 0;
        let mut captured: [Point; 4] = [m; 4];
        let mut ncaptured = 0;
        for n in self.neighbors(m) {
            match self.get(n) {
                Some(col) if col == c => {
                    let h = self.chain_id(n);
                    if !friends[..nfriends].contains(&h) {
                        friends[nfriends] = h;
                        nfriends += 1;
                    }
                }
                Some(_) if self.liberties(n) == 1 => {
                    let h = self.chain_id(n);
                    if !captured[..ncaptured].contains(&h) {
                        captured[ncaptured] = h;
                        ncaptured += 1;
                    }
                }
                _ => {}
            }
        }
        for &h in &friends[..nfriends] {
            // The chain's other liberties (its count is kept exact, `m`
            // among them) all stay: once they are found, the rest of a long
            // chain adds none.
            let wanted = self.liberties(h) - 1;
            if wanted >= cap {
                return cap;
            }
            let mut own = PointSet::new();
            for s in self.chain(h) {
                if own.len() == wanted {
                    break;
                }
                for l in s.neighbors() {
                    if l != m && self.is_empty(l) && own.insert(l) {
                        libs.insert(l);
                    }
                }
            }
            if libs.len() >= cap {
                return cap;
            }
        }
        for &h in &captured[..ncaptured] {
            // Its stones next to the new chain (the new stone or a stone
            // of a chain it joins) become liberties; those next only to
            // other friendly chains do not.
            for q in self.chain(h) {
                let joins = |x: &Point| {
                    *x == m
                        || (self.get(*x) == Some(c)
                            && friends[..nfriends].contains(&self.chain_id(*x)))
                };
                if q.neighbors().iter().any(joins) {
                    libs.insert(q);
                }
            }
            if libs.len() >= cap {
                return cap;
            }
        }
        libs.len().min(cap)
    }

    /// The number of stones a move of `c` at empty `m` would capture.
    pub(crate) fn stones_captured_by(&self, m: Point, c: Color) -> usize {
        let mut total = 0;
        let mut seen: [Point; 4] = [m; 4];
        let mut nseen = 0;
        for n in self.neighbors(m) {
            if self.get(n) == Some(c.opponent()) && self.liberties(n) == 1 {
                let h = self.chain_id(n);
                if !seen[..nseen].contains(&h) {
                    seen[nseen] = h;
                    nseen += 1;
                    total += self.chain_len(n);
                }
            }
        }
        total
    }

    /// The one liberty a stone of `c` on empty `m` would have, if it would
    /// have exactly one, not counting liberties that captures would free
    /// (the point to fill first when backfilling).
    pub(crate) fn single_liberty_after(&self, m: Point, c: Color) -> Option<Point> {
        let mut found = None;
        for n in self.neighbors(m) {
            match self.get(n) {
                None => {
                    if found.is_some() && found != Some(n) {
                        return None;
                    }
                    found = Some(n);
                }
                Some(col) if col == c => {
                    for l in self.chain_liberties(n) {
                        if l != m {
                            if found.is_some() && found != Some(l) {
                                return None;
                            }
                            found = Some(l);
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// After the opponent of `owner` fills `m`, the room of the owner's
    /// best extension: over the liberties other than `m` of the owner's
    /// chains next to `m`, the most empty neighbours (other than `m`) one
    /// of them has. A rough guide to how well a string runs from an atari.
    pub(crate) fn best_extension_room(&self, m: Point, owner: Color) -> usize {
        let mut best = 0;
        for n in self.neighbors(m) {
            if self.get(n) == Some(owner) {
                for l in self.chain_liberties(n) {
                    if l != m {
                        let e = self
                            .neighbors(l)
                            .filter(|q| self.is_empty(*q) && *q != m)
                            .count();
                        best = best.max(e);
                    }
                }
            }
        }
        best
    }

    /// Whether `c` can play on empty `p` without being captured at once:
    /// the move is legal and either keeps at least two liberties or
    /// captures something.
    pub(crate) fn is_safe_move(&self, p: Point, c: Color) -> bool {
        !self.is_suicide(p, c)
            && (self.liberties_after_up_to(p, c, 2) >= 2 || self.would_capture(p, c))
    }

    /// The liberties two chains share, in the order of `a`'s liberties.
    pub(crate) fn shared_liberties(&self, a: Point, b: Point) -> Vec<Point> {
        let lb = self.chain_liberties(b);
        self.chain_liberties(a)
            .into_iter()
            .filter(|l| lb.contains(l))
            .collect()
    }

    /// Every liberty of a set of chains (given by any of their stones),
    /// each once, in the order the chains and their liberties come.
    pub(crate) fn liberties_of_chains(&self, chains: &[Point]) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for &h in chains {
            for l in self.chain_liberties(h) {
                if !libs.contains(&l) {
                    libs.push(l);
                }
            }
        }
        libs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_gtp_vertex;

    fn at(b: &Board, v: &str) -> Point {
        parse_gtp_vertex(v, b.size()).unwrap().unwrap()
    }

    #[test]
    fn false_eye_rule() {
        assert_eq!(
            (FALSE_EYE_DIAGONALS_CENTRE, FALSE_EYE_DIAGONALS_EDGE),
            (2, 1)
        );
        assert!(!diagonals_make_false_eye(1, false));
        assert!(diagonals_make_false_eye(2, false));
        assert!(!diagonals_make_false_eye(0, true));
        assert!(diagonals_make_false_eye(1, true));
    }

    #[test]
    fn edges_and_corners() {
        let b = Board::new(5).unwrap();
        assert!(b.on_edge(at(&b, "A1")));
        assert!(b.on_edge(at(&b, "C1")));
        assert!(b.on_edge(at(&b, "E3")));
        assert!(!b.on_edge(at(&b, "B2")));
        assert!(!b.on_edge(at(&b, "C3")));
    }

    /// White's B3 and C2 are in atari at C3; White's C4 has three
    /// liberties; Black's D3 D2 has five (D4 C3 E3 E2 D1).
    const POSITION: &str = "
        . . . . .
        . X O . .
        X O . X .
        . X O X .
        . . X . .";

    #[test]
    fn liberties_after_a_move() {
        let b = Board::from_ascii(POSITION);
        assert_eq!(b.liberties_after(at(&b, "A5"), Color::Black), 2);
        // Black C3 joins D3 D2 (D4 E3 E2 D1 besides C3) and captures B3
        // and C2, whose points become liberties: six.
        let c3 = at(&b, "C3");
        assert_eq!(b.liberties_after(c3, Color::Black), 6);
        // White C3 joins C4 (C5, D4), B3 and C2 (nothing besides C3).
        assert_eq!(b.liberties_after(c3, Color::White), 2);
    }

    #[test]
    fn the_count_stops_at_the_cap() {
        let b = Board::from_ascii(POSITION);
        let c3 = at(&b, "C3");
        assert_eq!(b.liberties_after_up_to(c3, Color::Black, 3), 3);
        assert_eq!(b.liberties_after_up_to(c3, Color::Black, 6), 6);
        assert_eq!(b.liberties_after_up_to(c3, Color::Black, 7), 6);
        assert_eq!(b.liberties_after_up_to(c3, Color::White, 1), 1);
        assert_eq!(b.liberties_after_up_to(c3, Color::White, 4), 2);
    }

    #[test]
    fn the_count_is_the_liberties_of_the_move_played() {
        // Random 7x7 positions: for every empty point and colour whose
        // move is legal, the query agrees with the board after the move is
        // played, at every cap.
        let mut rng = crate::rules::Rng::new(7);
        let mut checked = 0;
        for _ in 0..40 {
            let mut b = Board::new(7).unwrap();
            let mut color = Color::Black;
            for _ in 0..rng.below(45) {
                let empties: Vec<Point> = b.empty_points().collect();
                let _ = b.play(empties[rng.below(empties.len())], color, false);
                color = color.opponent();
            }
            for p in b.empty_points().collect::<Vec<_>>() {
                for c in [Color::Black, Color::White] {
                    let mut after = b.clone();
                    if after.play(p, c, false).is_err() {
                        continue;
                    }
                    let libs = after.liberties(p);
                    assert_eq!(b.liberties_after(p, c), libs, "{c:?} at {p:?}\n{b:?}");
                    for cap in 1..=6 {
                        assert_eq!(b.liberties_after_up_to(p, c, cap), libs.min(cap));
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn captures_and_single_liberties() {
        let b = Board::from_ascii(POSITION);
        let c3 = at(&b, "C3");
        assert_eq!(b.stones_captured_by(c3, Color::Black), 2);
        assert_eq!(b.stones_captured_by(c3, Color::White), 0);
        assert_eq!(b.single_liberty_after(at(&b, "E1"), Color::White), None);
        // White D1 between Black C1 and D2: its one liberty is E1.
        assert_eq!(
            b.single_liberty_after(at(&b, "D1"), Color::White),
            Some(at(&b, "E1"))
        );
        // ... a self-atari that captures nothing: not safe.
        assert!(!b.is_safe_move(at(&b, "D1"), Color::White));
        assert!(b.is_safe_move(c3, Color::Black));
    }

    #[test]
    fn safety_sharing_and_unions() {
        let b = Board::from_ascii(
            "
            . . . . .
            . X . X .
            . . O . .
            . . . . .
            . . . . .",
        );
        let (b4, d4) = (at(&b, "B4"), at(&b, "D4"));
        // The two Black stones share C4 only.
        assert_eq!(b.shared_liberties(b4, d4), vec![at(&b, "C4")]);
        // Their liberties: B5, A4, C4, B3 then D5, E4, D3 (C4 once).
        assert_eq!(b.liberties_of_chains(&[b4, d4]).len(), 7);
        // White C4 joins C3 (C5, B3, D3, C2); Black C4 joins both stones.
        assert!(b.is_safe_move(at(&b, "C4"), Color::White));
        assert!(b.is_safe_move(at(&b, "C4"), Color::Black));
        assert!(b.is_safe_move(at(&b, "B5"), Color::White)); // A5, C5
                                                             // After Black fills C4, the White stone's best extension: its
                                                             // liberties B3, D3, C2 have 2, 2 and 3 empty neighbours other than
                                                             // C4 (C2: B2, D2, C1).
        assert_eq!(b.best_extension_room(at(&b, "C4"), Color::White), 3);
    }
}
