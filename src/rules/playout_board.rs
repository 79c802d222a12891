//! The playout board: the light playouts' own board, with pseudo-liberties
//! instead of exact liberty counts, and nothing a playout does not read.
//!
//! [`Board`] keeps every chain's exact liberty count, a Zobrist hash and an
//! undo stack, because the reading and the tree need them. A random playout
//! needs far less: whether a chain has no liberty left (a capture), whether
//! a move is suicide, and whether a point is one of the mover's eyes. A
//! *pseudo-liberty* count (each pair of a stone and an empty neighbour
//! counted once, so a liberty touched by three stones of a chain counts
//! three times) answers the first two exactly and costs nothing to keep:
//! joining chains adds their counts, where exact counts must walk the
//! smaller chains to find the liberties they share (60% of a light
//! playout's time on [`Board`]). The idea is the classic one of early
//! Monte-Carlo programs (libEGO, Fuego's and Pachi's playout boards).
//!
//! Everything else is laid out as in [`Board`] (the same padded points,
//! neighbour counts, circular chain lists and empty-point list, changed in
//! the same order), so a light playout from a position makes the same
//! moves on either board: the tests hold the two to that, move by move.
//!
//! ```
//! use moku::rules::{PlayoutBoard, Point};
//! use moku::{Board, Color};
//!
//! let board = Board::from_ascii("
//!     . X O .
//!     X O . .
//!     . . . .
//!     . . . .
//! ");
//! let mut fast = PlayoutBoard::from(&board);
//! // Black captures the white stone at B3 (x 1, y 1): A4 and B3 are gone.
//! assert!(fast.is_playout_move(Point::from_xy(2, 1), Color::Black));
//! fast.play(Point::from_xy(1, 2), Color::Black);
//! fast.play(Point::from_xy(2, 1), Color::Black);
//! assert_eq!(fast.get(Point::from_xy(1, 1)), None);
//! assert_eq!(fast.captures(Color::Black), 1);
//! ```

use crate::rules::board::{
    absorb, add_empty, biggest, in_short_list, playout_move_by_cells, remove_empty, set_cell, Cell,
    NBR_BLACK, NBR_FIELD, NBR_STONES, NBR_WHITE,
};
use crate::rules::point::{CELLS, STRIDE};
use crate::rules::{Board, Color, Point};

/// A board for random playouts: play only (no undo, no hash), chains with
/// pseudo-liberty counts. Build it from a [`Board`] with
/// [`PlayoutBoard::from`]; copy it with [`Clone::clone_from`], which copies
/// only the rows the board's size uses.
pub struct PlayoutBoard {
    size: u8,
    cells: [Cell; CELLS],
    /// Neighbour counts by kind, as [`Board`] keeps them.
    nbr: [u16; CELLS],
    /// Head of the chain each stone belongs to.
    head: [u16; CELLS],
    /// Next stone in the chain (circular).
    next: [u16; CELLS],
    /// Pseudo-liberties, valid at chain heads: the number of (stone, empty
    /// neighbour) pairs of the chain. Zero exactly when the chain has no
    /// liberty.
    plibs: [u16; CELLS],
    /// Stone count, valid at chain heads (the bigger chain absorbs the
    /// smaller, as on [`Board`]).
    count: [u16; CELLS],
    empty: Vec<u16>,
    empty_pos: [u16; CELLS],
    ko: Option<Point>,
    /// Stones captured *by* each colour.
    captures: [u32; 2],
}

impl From<&Board> for PlayoutBoard {
    /// The position of `board`: its stones, chains (with the same heads and
    /// the same order of stones), empty-point list, ko point and capture
    /// counts.
    fn from(board: &Board) -> PlayoutBoard {
        let mut b = PlayoutBoard {
            size: board.size() as u8,
            cells: [Cell::Wall; CELLS],
            nbr: [0; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            plibs: [0; CELLS],
            count: [0; CELLS],
            empty: Vec::with_capacity(board.size() * board.size()),
            empty_pos: [0; CELLS],
            ko: board.ko_point(),
            captures: [board.captures(Color::Black), board.captures(Color::White)],
        };
        for p in board.points() {
            let cell = match board.get(p) {
                Some(c) => Cell::stone(c),
                None => Cell::Empty,
            };
            b.set_cell(p.index(), cell);
        }
        for i in 0..board.empty_count() {
            let p = board.empty_point(i);
            b.empty_pos[p.index()] = b.empty.len() as u16;
            b.empty.push(p.0);
        }
        for p in board.points() {
            if board.get(p).is_none() || board.chain_id(p) != p {
                continue;
            }
            // p heads a chain: link its stones in the board's order.
            let stones: Vec<Point> = board.chain(p).collect();
            for (k, s) in stones.iter().enumerate() {
                b.head[s.index()] = p.0;
                b.next[s.index()] = stones[(k + 1) % stones.len()].0;
                b.plibs[p.index()] += b.nbr[s.index()] & NBR_FIELD;
            }
            b.count[p.index()] = stones.len() as u16;
        }
        b
    }
}

impl Clone for PlayoutBoard {
    fn clone(&self) -> PlayoutBoard {
        PlayoutBoard {
            size: self.size,
            cells: self.cells,
            nbr: self.nbr,
            head: self.head,
            next: self.next,
            plibs: self.plibs,
            count: self.count,
            empty: self.empty.clone(),
            empty_pos: self.empty_pos,
            ko: self.ko,
            captures: self.captures,
        }
    }

    /// Copies only the rows a board of this size uses, as
    /// [`Board::clone_from`] does (a playout starts with one such copy).
    fn clone_from(&mut self, source: &PlayoutBoard) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        let used = (self.size as usize + 2) * STRIDE;
        self.cells[..used].copy_from_slice(&source.cells[..used]);
        self.nbr[..used].copy_from_slice(&source.nbr[..used]);
        self.head[..used].copy_from_slice(&source.head[..used]);
        self.next[..used].copy_from_slice(&source.next[..used]);
        self.plibs[..used].copy_from_slice(&source.plibs[..used]);
        self.count[..used].copy_from_slice(&source.count[..used]);
        self.empty_pos[..used].copy_from_slice(&source.empty_pos[..used]);
        self.empty.clone_from(&source.empty);
        self.ko = source.ko;
        self.captures = source.captures;
    }
}

impl PlayoutBoard {
    /// The board's size.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()] {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty.len()
    }

    /// The `i`-th empty point (`i < empty_count()`), in the same order as
    /// on the [`Board`] this one was made from, changed the same way.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point(self.empty[i])
    }

    /// The point the side to move may not play because of simple ko.
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Stones captured so far *by* `c`.
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// Whether the chain through stone `p` has a liberty.
    #[cfg(test)]
    fn has_liberty(&self, p: Point) -> bool {
        self.plibs[self.head[p.index()] as usize] > 0
    }

    /// Whether a random player of colour `c` may play on `p`: the same
    /// answer as [`Board::is_playout_move`] (empty, not the ko point, not a
    /// suicide, not one of `c`'s eye-like points).
    #[inline(always)]
    pub fn is_playout_move(&self, p: Point, c: Color) -> bool {
        if let Some(answer) = playout_move_by_cells(&self.cells, &self.nbr, self.ko, p, c) {
            return answer;
        }
        let pi = p.index();
        let own = Cell::stone(c);
        // No empty neighbour: every neighbour is a stone or a wall. A
        // chain touching p at k of its sides has k of its pseudo-liberties
        // at p, so it has another liberty exactly when its count exceeds
        // k, and p takes its last one exactly when the count equals k.
        let around = [pi - STRIDE, pi - 1, pi + 1, pi + STRIDE];
        let heads = around.map(|n| {
            if self.cells[n] == Cell::Wall {
                0
            } else {
                self.head[n]
            }
        });
        (0..4).any(|i| {
            let h = heads[i];
            if h == 0 {
                return false;
            }
            let k = heads.iter().filter(|&&x| x == h).count() as u16;
            let plibs = self.plibs[h as usize];
            if self.cells[around[i]] == own {
                plibs > k
            } else {
                plibs == k
            }
        })
    }

    /// Plays `c` at `p`: a legal move that is not a suicide (the light
    /// playouts test [`PlayoutBoard::is_playout_move`] first). Captures,
    /// joins chains and sets the simple-ko point as [`Board::play_unchecked`]
    /// does.
    #[inline]
    pub fn play(&mut self, p: Point, c: Color) {
        let pi = p.index();
        let own = Cell::stone(c);
        let opp = Cell::stone(c.opponent());
        let nbr = self.nbr[pi];

        self.set_cell(pi, own);
        self.remove_empty(p);
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.count[pi] = 1;
        self.plibs[pi] = nbr & NBR_FIELD;
        self.ko = None;
        if nbr & NBR_STONES == 0 {
            return;
        }

        // Every neighbouring stone loses its pseudo-liberty at p. Chains
        // are listed once each, in the order first met (the order the
        // full board merges and captures them in).
        let mut friends = [0u16; 4];
        let mut nfriends = 0;
        let mut enemies = [0u16; 4];
        let mut nenemies = 0;
        for n in p.neighbors() {
            let ni = n.index();
            let cell = self.cells[ni];
            if cell == own {
                let h = self.head[ni];
                self.plibs[h as usize] -= 1;
                if !in_short_list(&friends[..nfriends], h) {
                    friends[nfriends] = h;
                    nfriends += 1;
                }
            } else if cell == opp {
                let h = self.head[ni];
                self.plibs[h as usize] -= 1;
                if !in_short_list(&enemies[..nenemies], h) {
                    enemies[nenemies] = h;
                    nenemies += 1;
                }
            }
        }

        // Join the friendly chains, the biggest absorbing the rest (ties
        // to the first met), summing their pseudo-liberties.
        let mut my_head = p.0;
        if nfriends > 0 {
            let big = biggest(&self.count, &friends[..nfriends]);
            let mut plibs = self.plibs[big as usize] + self.plibs[pi];
            self.absorb(big, p.0);
            for &f in &friends[..nfriends] {
                if f != big {
                    plibs += self.plibs[f as usize];
                    self.absorb(big, f);
                }
            }
            self.plibs[big as usize] = plibs;
            my_head = big;
        }

        let mut removed = 0;
        let mut last_taken = 0;
        for &h in &enemies[..nenemies] {
            if self.plibs[h as usize] == 0 {
                last_taken = h;
                removed += self.remove_chain(h, own);
            }
        }
        debug_assert!(
            self.plibs[my_head as usize] > 0,
            "a playout move is never a suicide"
        );
        if removed > 0 {
            self.captures[c.index()] += removed;
            // Simple ko: a lone stone took a lone stone and has one
            // liberty (a lone stone's pseudo-liberties are exact).
            if removed == 1
                && self.count[my_head as usize] == 1
                && self.plibs[my_head as usize] == 1
            {
                self.ko = Some(Point(last_taken));
            }
        }
    }

    /// A pass: clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Area count, Black minus White: every stone, and every empty point
    /// whose stone neighbours are all of one colour (exact at the end of a
    /// playout, where every empty point is an eye or a seki point). The
    /// same count as the playouts' on [`Board`].
    pub fn area_balance(&self) -> i32 {
        let mut sum = 0;
        for y in 0..self.size as usize {
            let row = (y + 1) * STRIDE + 1;
            for i in row..row + self.size as usize {
                sum += match self.cells[i] {
                    Cell::Black => 1,
                    Cell::White => -1,
                    _ => {
                        let nbr = self.nbr[i];
                        let b = nbr & (NBR_FIELD * NBR_BLACK) != 0;
                        let w = nbr & (NBR_FIELD * NBR_WHITE) != 0;
                        i32::from(b && !w) - i32::from(w && !b)
                    }
                };
            }
        }
        sum
    }

    #[inline(always)]
    fn set_cell(&mut self, i: usize, cell: Cell) {
        set_cell(&mut self.cells, &mut self.nbr, i, cell);
    }

    #[inline(always)]
    fn add_empty(&mut self, p: Point) {
        add_empty(&mut self.empty, &mut self.empty_pos, p);
    }

    #[inline(always)]
    fn remove_empty(&mut self, p: Point) {
        remove_empty(&mut self.empty, &mut self.empty_pos, p);
    }

    /// Moves every stone of chain `other` into chain `big`, as
    /// [`Board`] does.
    #[inline(always)]
    fn absorb(&mut self, big: u16, other: u16) {
        absorb(&mut self.head, &mut self.next, &mut self.count, big, other);
    }

    /// Removes the chain headed by `h`; every `gainer` stone next to a
    /// removed stone gains a pseudo-liberty. Returns the stones removed.
    fn remove_chain(&mut self, h: u16, gainer: Cell) -> u32 {
        let mut n = 0;
        let mut s = h;
        loop {
            let nxt = self.next[s as usize];
            self.set_cell(s as usize, Cell::Empty);
            self.add_empty(Point(s));
            for nb in Point(s).neighbors() {
                let ni = nb.index();
                if self.cells[ni] == gainer {
                    self.plibs[self.head[ni] as usize] += 1;
                }
            }
            n += 1;
            s = nxt;
            if s == h {
                break;
            }
        }
        n
    }

    /// Recounts everything from the stones and compares it with what the
    /// board keeps; the first difference, described. For tests.
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = PlayoutBoard::from(&self.to_board());
        let size = self.size as usize;
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy(x, y);
                let i = p.index();
                if self.nbr[i] != fresh.nbr[i] {
                    return Err(format!("neighbour count at {x},{y}"));
                }
                if self.get(p).is_none() {
                    if self.empty[self.empty_pos[i] as usize] != p.0 {
                        return Err(format!("empty list misses {x},{y}"));
                    }
                    continue;
                }
                let (h, fh) = (self.head[i] as usize, fresh.head[i] as usize);
                if self.plibs[h] != fresh.plibs[fh] {
                    return Err(format!(
                        "pseudo-liberties of the chain at {x},{y}: kept {}, counted {}",
                        self.plibs[h], fresh.plibs[fh]
                    ));
                }
                if self.count[h] != fresh.count[fh] {
                    return Err(format!("stone count of the chain at {x},{y}"));
                }
                let mut len = 0;
                let mut s = h as u16;
                loop {
                    if self.head[s as usize] as usize != h {
                        return Err(format!("chain list at {x},{y} leaves its chain"));
                    }
                    len += 1;
                    s = self.next[s as usize];
                    if s as usize == h || len > CELLS {
                        break;
                    }
                }
                if len != self.count[h] as usize {
                    return Err(format!("chain list at {x},{y} has {len} stones"));
                }
            }
        }
        if self.empty.len() != fresh.empty.len() {
            return Err("empty list length".into());
        }
        Ok(())
    }

    /// The same position as a full [`Board`] (stones, ko point and capture
    /// counts; its chains and empty list are the full board's own). For
    /// tests and for callers that need the exact liberties afterwards.
    pub fn to_board(&self) -> Board {
        let mut b = Board::new(self.size as usize).expect("a valid size");
        for y in 0..self.size as usize {
            for x in 0..self.size as usize {
                let p = Point::from_xy(x, y);
                if let Some(c) = self.get(p) {
                    b.set_stone(p, Some(c));
                }
            }
        }
        b.set_captures(self.captures[0], self.captures[1]);
        b.set_ko_point(self.ko);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;
    use crate::rules::Rng;

    #[test]
    fn a_copy_of_a_board_keeps_its_chains_and_counts() {
        let board = Board::from_ascii(
            "
            . X X O .
            X . X O .
            X X O . O
            . . O O .
            . . . . .",
        );
        let fast = PlayoutBoard::from(&board);
        fast.check_consistency().unwrap();
        // Black's chain B5 C5 C4 (x,y: 1,0 2,0 2,1): A5 from B5, B4 from
        // B5 and from C4; C5 has no empty neighbour. Three pairs, two
        // liberties.
        let h = fast.head[pt(2, 0).index()] as usize;
        assert_eq!(fast.count[h], 3);
        assert_eq!(fast.plibs[h], 3);
        // Black's chain A4 A3 B3 (0,1 0,2 1,2): A5 and B4 from A4, A2 from
        // A3, B4 and B2 from B3. Five pairs, four liberties.
        let h = fast.head[pt(0, 1).index()] as usize;
        assert_eq!(fast.count[h], 3);
        assert_eq!(fast.plibs[h], 5);
        assert!(fast.has_liberty(pt(0, 1)));
        assert_eq!(fast.to_board(), board);
    }

    #[test]
    fn pseudo_liberties_find_captures_and_suicides_exactly() {
        // White's chain A3 B3 B2 (0,0 1,0 1,1) has one liberty, A2 (0,1),
        // touched by two of its stones: two pseudo-liberties at one point.
        let board = Board::from_ascii(
            "
            O O X
            . O X
            X X .",
        );
        let mut fast = PlayoutBoard::from(&board);
        for p in board.empty_points() {
            for c in [Color::Black, Color::White] {
                assert_eq!(
                    fast.is_playout_move(p, c),
                    board.is_playout_move(p, c),
                    "{p:?} {c:?}"
                );
            }
        }
        // Black on A2 takes White's last liberty: legal. White on A2 fills
        // its own last liberty and takes none of Black's A1 B1 (which
        // still has C1): suicide.
        assert!(fast.is_playout_move(pt(0, 1), Color::Black));
        assert!(!fast.is_playout_move(pt(0, 1), Color::White));
        fast.play(pt(0, 1), Color::Black);
        assert_eq!(fast.captures(Color::Black), 3);
        for p in [pt(0, 0), pt(1, 0), pt(1, 1)] {
            assert_eq!(fast.get(p), None);
        }
        // A single stone was not taken, so no ko.
        assert_eq!(fast.ko_point(), None);
        fast.check_consistency().unwrap();
    }

    #[test]
    fn a_lone_stone_taking_a_lone_stone_sets_the_ko_point() {
        let board = Board::from_ascii(
            "
            . X O .
            X O . O
            . X O .
            . . . .",
        );
        let mut fast = PlayoutBoard::from(&board);
        // Black C3 (2,1) takes White B3 (1,1): the ko point is B3.
        fast.play(pt(2, 1), Color::Black);
        assert_eq!(fast.get(pt(1, 1)), None);
        assert_eq!(fast.ko_point(), Some(pt(1, 1)));
        assert!(!fast.is_playout_move(pt(1, 1), Color::White));
        fast.pass();
        assert_eq!(fast.ko_point(), None);
    }

    /// A random game on both boards: after every move the playout board
    /// agrees with the full one on every stone, the legality of every
    /// point for both colours, the ko point and the captures, and its own
    /// bookkeeping recounts the same.
    #[test]
    fn random_games_agree_with_the_full_board_move_by_move() {
        for (size, seed) in [(5, 1), (7, 2), (9, 3), (9, 4), (13, 5), (19, 6)] {
            let mut full = Board::new(size).unwrap();
            let mut fast = PlayoutBoard::from(&full);
            let mut rng = Rng::new(seed);
            let mut color = Color::Black;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 3 * size * size {
                let legal: Vec<Point> = full
                    .empty_points()
                    .filter(|&p| full.is_playout_move(p, color))
                    .collect();
                let fast_legal: Vec<Point> = (0..fast.empty_count())
                    .map(|i| fast.empty_point(i))
                    .filter(|&p| fast.is_playout_move(p, color))
                    .collect();
                assert_eq!(legal, fast_legal, "size {size} move {moves}");
                if legal.is_empty() {
                    full.pass(color);
                    fast.pass();
                    passes += 1;
                } else {
                    let p = legal[rng.below(legal.len())];
                    full.play_unchecked(p, color);
                    fast.play(p, color);
                    passes = 0;
                    moves += 1;
                }
                assert_eq!(fast.ko_point(), full.ko_point(), "size {size} move {moves}");
                for c in [Color::Black, Color::White] {
                    assert_eq!(fast.captures(c), full.captures(c));
                }
                for p in full.points() {
                    assert_eq!(fast.get(p), full.get(p), "size {size} move {moves}");
                }
                fast.check_consistency()
                    .unwrap_or_else(|e| panic!("size {size} move {moves}: {e}"));
                color = color.opponent();
            }
            assert!(moves > size * size / 2, "size {size}: the game was played");
            assert!(full.captures(Color::Black) + full.captures(Color::White) > 0);
            assert_eq!(fast.to_board(), full, "size {size}");
        }
    }

    #[test]
    fn the_area_count_is_stones_plus_one_colour_points() {
        let board = Board::from_ascii(
            "
            . X O O .
            X . X O O
            X X . O .
            . X X . .
            . . . . .",
        );
        let fast = PlayoutBoard::from(&board);
        // Counted by hand: Black has 7 stones and the empty points A5, B4,
        // A2, B1, C1 (only Black stones around); White has 5 stones and E5,
        // E3. C3 and D2 touch both colours, and A1, D1, E1, E2 no stone.
        assert_eq!(fast.area_balance(), (7 + 5) - (5 + 2));
    }
}
