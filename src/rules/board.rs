//! The board: stones, chains with exact liberty counts, captures, the simple
//! ko point, Zobrist hash, and play/undo in strict LIFO order.
//!
//! Layout follows KataGo's `board.cpp`: a padded 1-D array (see
//! [`crate::rules::point`]) with wall cells; every chain is a circular linked list
//! through `next`, every stone knows its chain's head, and the head holds
//! the chain's stone count and exact liberty count. Nothing here rescans
//! the whole board: a move touches only the chains next to it.
//!
//! The board knows no history, so it knows simple ko (the one point the
//! next player may not retake) but not superko; [`crate::rules::Game`] adds that.

use std::fmt;

use crate::rules::point::{PointSet, CELLS, MAX_SIZE, MIN_SIZE, STRIDE};
use crate::rules::{zobrist, Color, Point, PointList};

/// What a cell holds. Walls surround the playable area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Wall = 3,
}

impl Cell {
    #[inline]
    pub(super) fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// What a cell of this kind adds to each neighbour's [`Board::nbr`]
    /// count.
    #[inline]
    pub(super) fn nbr_unit(self) -> u16 {
        match self {
            Cell::Empty => NBR_EMPTY,
            Cell::Black => NBR_BLACK,
            Cell::White => NBR_WHITE,
            Cell::Wall => 0,
        }
    }

    /// Where this kind's field sits in a [`Board::nbr`] count. Derived
    /// from [`Cell::nbr_unit`] so the two cannot disagree; an explicit
    /// `match` measured 5% slower light playouts on 9x9.
    #[inline]
    pub(super) fn nbr_shift(self) -> u32 {
        self.nbr_unit().trailing_zeros() & 15
    }

    #[inline]
    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// One empty neighbour in a [`Board::nbr`] count (bits 0-3).
pub(super) const NBR_EMPTY: u16 = 1;
/// One black neighbour (bits 4-7).
pub(super) const NBR_BLACK: u16 = 1 << 4;
/// One white neighbour (bits 8-11).
pub(super) const NBR_WHITE: u16 = 1 << 8;
/// A field of the count (at most 4 fits in four bits).
pub(super) const NBR_FIELD: u16 = 0xF;
/// The stone fields: no stone around when these bits are zero.
pub(super) const NBR_STONES: u16 = 0xFF0;

/// Why a move was refused. The board (and game) is unchanged afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own chain without liberties and capture
    /// nothing, and the rules forbid suicide.
    Suicide,
    /// Retaking a ko immediately.
    Ko,
    /// The move would repeat an earlier whole-board position (positional
    /// superko).
    Superko,
    /// The game has already ended.
    GameOver,
    /// A setup (SGF `AB`/`AW`) would leave stones without liberties, a
    /// position no game can reach and the board cannot hold.
    NoLiberties,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::OffBoard => "that point is off the board",
            PlayError::Occupied => "that point is already occupied",
            PlayError::Suicide => "suicide is not allowed: the stone would have no liberties",
            PlayError::Ko => "illegal ko recapture: play elsewhere first",
            PlayError::Superko => "the move would repeat an earlier board position (superko)",
            PlayError::GameOver => "the game is over",
            PlayError::NoLiberties => "stones would be left without liberties",
        })
    }
}

impl std::error::Error for PlayError {}

/// A board size outside 2..=25.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeError(pub usize);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported (use {}..={})",
            self.0, MIN_SIZE, MAX_SIZE
        )
    }
}

impl std::error::Error for SizeError {}

/// What [`Board::undo`] needs to restore the position before a move. Small
/// and `Copy`: the captured stones live on the board's own capture stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    point: Option<Point>,
    color: Color,
    /// Stones taken off the board by this move (pushed on the capture stack).
    removed: u16,
    /// The move's own chain was removed (suicide where allowed).
    suicide: bool,
    /// The chains of its colour the move joined, by head: the one that
    /// absorbed the others first, then the others in the order absorbed.
    joined: [u16; 4],
    /// Their liberty counts before the move.
    joined_libs: [u16; 4],
    njoined: u8,
    /// The stones of each chain the move took off the board, in the order
    /// they sit on the capture stack (the whole chain after a suicide).
    removed_chains: [u16; 4],
    /// The board's setup count when the move was played.
    setups: u32,
    prev_ko: Option<Point>,
    prev_hash: u64,
}

impl Undo {
    /// The move's point (`None` for a pass).
    pub fn point(&self) -> Option<Point> {
        self.point
    }
    /// Who moved.
    pub fn color(&self) -> Color {
        self.color
    }
    /// How many opponent stones the move captured (0 for a suicide).
    pub fn captured(&self) -> usize {
        if self.suicide {
            0
        } else {
            self.removed as usize
        }
    }
}

/// A Go board of size 2..=25.
///
/// ```
/// use moku::{Board, Color, Point};
/// let mut b = Board::from_ascii("
///     . X .
///     X O X
///     . . .
/// ");
/// let u = b.play(Point::from_xy(1, 2), Color::Black, false).unwrap();
/// assert_eq!(b.get(Point::from_xy(1, 1)), None); // captured
/// b.undo(u);
/// assert_eq!(b.get(Point::from_xy(1, 1)), Some(Color::White));
/// ```
pub struct Board {
    size: u8,
    cells: [Cell; CELLS],
    /// Every cell's orthogonal neighbours counted by kind, four bits each:
    /// empty ([`NBR_EMPTY`]), black, white (walls are not counted). After
    /// libego's neighbour counts: the playouts' tests for an eye, a free
    /// liberty or a lone stone read one number instead of four cells.
    nbr: [u16; CELLS],
    /// Head of the chain each stone belongs to.
    head: [u16; CELLS],
    /// Next stone in the chain (circular).
    next: [u16; CELLS],
    /// Exact liberty count, valid at chain heads.
    libs: [u16; CELLS],
    /// Stone count, valid at chain heads.
    count: [u16; CELLS],
    /// Empty points, in no particular order, with each point's position.
    empty: Vec<u16>,
    empty_pos: [u16; CELLS],
    /// The point the side to move may not play (simple ko), if any.
    ko: Option<Point>,
    hash: u64,
    /// Stones captured *by* each colour.
    captures: [u32; 2],
    /// Stones removed by moves still on the undo stack.
    removed_stack: Vec<u16>,
    /// How many times a stone was set up ([`Board::set_stone`]), which
    /// relinks chains: a move played before the last setup is taken back
    /// by rebuilding the chains around it, not by the exact undo.
    setups: u32,
    /// Scratch marks for liberty counting and chain rebuilding.
    mark: [u32; CELLS],
    mark_gen: u32,
}

/// A copy of the board. [`Clone::clone_from`] is the light copy searches
/// use once per simulation: it reuses the target's allocations and, for two
/// boards of one size, copies only the rows that size uses (a 9x9 board
/// reads 297 of the 729 padded cells); the scratch marks are not copied.
impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            cells: self.cells,
            nbr: self.nbr,
            head: self.head,
            next: self.next,
            libs: self.libs,
            count: self.count,
            empty: self.empty.clone(),
            empty_pos: self.empty_pos,
            ko: self.ko,
            hash: self.hash,
            captures: self.captures,
            removed_stack: self.removed_stack.clone(),
            setups: self.setups,
            mark: [0; CELLS],
            mark_gen: 0,
        }
    }

    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        // Cells past the last wall row are walls (and zero in the chain
        // arrays) on every board of this size, so they already agree.
        let used = (self.size as usize + 2) * STRIDE;
        self.cells[..used].copy_from_slice(&source.cells[..used]);
        self.nbr[..used].copy_from_slice(&source.nbr[..used]);
        self.head[..used].copy_from_slice(&source.head[..used]);
        self.next[..used].copy_from_slice(&source.next[..used]);
        self.libs[..used].copy_from_slice(&source.libs[..used]);
        self.count[..used].copy_from_slice(&source.count[..used]);
        self.empty_pos[..used].copy_from_slice(&source.empty_pos[..used]);
        self.empty.clone_from(&source.empty);
        self.removed_stack.clone_from(&source.removed_stack);
        self.setups = source.setups;
        self.ko = source.ko;
        self.hash = source.hash;
        self.captures = source.captures;
        // Our own marks are all at most our generation: continuing from
        // the larger of the two generations keeps the next one fresh.
        self.mark_gen = self.mark_gen.max(source.mark_gen);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}\n{}", self.size, self.size, self.to_ascii())
    }
}

/// Two boards are equal when everything observable is: stones, ko point,
/// hash, capture counts, and every stone's chain liberty count. Internal
/// bookkeeping (which stone heads a chain, the order of the empty list)
/// may differ.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && self.hash == other.hash
            && self.captures == other.captures
            && self
                .points()
                .all(|p| self.get(p).is_none() || self.liberties(p) == other.liberties(p))
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board, or an error for a size outside 2..=25.
    pub fn new(size: usize) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let mut b = Board {
            size: size as u8,
            cells: [Cell::Wall; CELLS],
            nbr: [0; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            libs: [0; CELLS],
            count: [0; CELLS],
            empty: Vec::with_capacity(size * size),
            empty_pos: [0; CELLS],
            ko: None,
            hash: 0,
            captures: [0; 2],
            removed_stack: Vec::new(),
            setups: 0,
            mark: [0; CELLS],
            mark_gen: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy(x, y);
                b.set_cell(p.index(), Cell::Empty);
                b.add_empty(p);
            }
        }
        Ok(b)
    }

    /// Parses a text board for tests and examples: one row per line, top
    /// row first; `X`/`B`/`#` black, `O`/`W` white, `.`/`+`/`,` empty;
    /// spaces ignored; blank lines skipped. Panics on a malformed picture
    /// (it is for literals in code, not for user input).
    pub fn from_ascii(text: &str) -> Board {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let mut b = Board::new(size).expect("ascii board size");
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(
                row.len(),
                size,
                "row {y} has {} points, expected {size}",
                row.len()
            );
            for (x, ch) in row.iter().enumerate() {
                let c = match ch {
                    'X' | 'B' | '#' | 'x' => Some(Color::Black),
                    'O' | 'W' | 'o' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    other => panic!("unexpected character {other:?} in ascii board"),
                };
                if c.is_some() {
                    b.set_stone(Point::from_xy(x, y), c);
                }
            }
        }
        b
    }

    /// The board as text in the [`Board::from_ascii`] format (`X`, `O`, `.`).
    pub fn to_ascii(&self) -> String {
        let mut s = String::new();
        for y in 0..self.size() {
            for x in 0..self.size() {
                if x > 0 {
                    s.push(' ');
                }
                s.push(match self.get(Point::from_xy(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// Board size (the side length).
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Whether `p` is a playable point of this board.
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.index() < CELLS && self.cells[p.index()] != Cell::Wall
    }

    /// Every point of the board, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size();
        (0..n * n).map(move |i| Point::from_row_major(i, n))
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    /// Whether a stone of colour `c` stands on `p`: the same as
    /// `get(p) == Some(c)` in one comparison, for the playouts' inner
    /// loops.
    #[inline]
    pub fn has_stone(&self, p: Point, c: Color) -> bool {
        self.cells[p.index()] == Cell::stone(c)
    }

    /// The on-board orthogonal neighbours of `p`.
    #[inline]
    pub fn neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        p.neighbors()
            .into_iter()
            .filter(move |&n| self.cells[n.index()] != Cell::Wall)
    }

    /// Grows `region` breadth-first: each of its points, in order, offers
    /// its neighbours to `admit` (with the region so far), which adds one by
    /// answering `true`. `admit` marks what it has seen; it is also where a
    /// fill notes the stones or colours around the region.
    pub(crate) fn grow(
        &self,
        region: &mut Vec<Point>,
        mut admit: impl FnMut(&[Point], Point) -> bool,
    ) {
        let mut i = 0;
        while i < region.len() {
            let q = region[i];
            i += 1;
            for n in self.neighbors(q) {
                if admit(region, n) {
                    region.push(n);
                }
            }
        }
    }

    /// The on-board diagonal neighbours of `p`.
    #[inline]
    pub fn diagonals(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        p.diagonals()
            .into_iter()
            .filter(move |&n| self.cells[n.index()] != Cell::Wall)
    }

    /// Whether `p` is an empty on-board point.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
    }

    /// The chain of the stone on `p`, identified by its head stone. Equal
    /// ids mean the same chain (until the next move).
    #[inline]
    pub fn chain_id(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Exact liberty count of the chain through `p` (a stone).
    #[inline]
    pub fn liberties(&self, p: Point) -> usize {
        self.libs[self.head[p.index()] as usize] as usize
    }

    /// Number of stones of the chain through `p` (a stone).
    #[inline]
    pub fn chain_len(&self, p: Point) -> usize {
        self.count[self.head[p.index()] as usize] as usize
    }

    /// The stones of the chain through `p` (a stone).
    pub fn chain(&self, p: Point) -> ChainIter<'_> {
        ChainIter {
            board: self,
            start: p.0,
            cur: Some(p.0),
        }
    }

    /// The liberties of the chain through `p`, each once, in point order
    /// (so that what a search tries first does not depend on the order in
    /// which the chain's stones happen to be linked).
    pub fn chain_liberties(&self, p: Point) -> PointList {
        let count = self.liberties(p);
        let mut out = PointList::with_capacity(count);
        let mut seen = PointSet::new();
        for s in self.chain(p) {
            for n in s.neighbors() {
                if self.cells[n.index()] == Cell::Empty && seen.insert(n) {
                    out.push(n);
                }
            }
            // The count is kept exact: once every liberty is found, the
            // rest of the chain adds none.
            if out.len() == count {
                break;
            }
        }
        out.sort();
        out
    }

    /// The distinct chains (by id) of colour `c` adjacent to the chain through `p`.
    pub fn adjacent_chains(&self, p: Point, c: Color) -> PointList {
        let want = Cell::stone(c);
        let mut out = PointList::with_capacity(0);
        for s in self.chain(p) {
            for n in s.neighbors() {
                if self.cells[n.index()] == want {
                    let h = self.chain_id(n);
                    if !out.contains(&h) {
                        out.push(h);
                    }
                }
            }
        }
        out
    }

    /// The `i`-th empty point (`i < empty_count()`), in the list's
    /// current order: random playouts index it directly.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point(self.empty[i])
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empty.iter().map(|&i| Point(i))
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empty.len()
    }

    /// The point the side to move may not play because of simple ko.
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Zobrist hash of the stones (not of the side to move or the ko point).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far *by* `c`.
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// Sets the stone counts captured by each colour (used when a game
    /// record is replayed from setup).
    pub fn set_captures(&mut self, black: u32, white: u32) {
        self.captures = [black, white];
    }

    /// Sets the simple-ko point (a position copied from another board).
    pub(crate) fn set_ko_point(&mut self, ko: Option<Point>) {
        self.ko = ko;
    }

    /// Number of stones of each colour on the board, `[black, white]`.
    pub fn stone_counts(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for p in self.points() {
            if let Some(c) = self.get(p) {
                n[c.index()] += 1;
            }
        }
        n
    }

    /// Whether `c` may play at `p` under simple ko, with suicide allowed or
    /// not. Superko is the game's business.
    pub fn check_move(&self, p: Point, c: Color, allow_suicide: bool) -> Result<(), PlayError> {
        if !self.on_board(p) {
            return Err(PlayError::OffBoard);
        }
        if self.cells[p.index()] != Cell::Empty {
            return Err(PlayError::Occupied);
        }
        if self.ko == Some(p) {
            return Err(PlayError::Ko);
        }
        if !allow_suicide && self.is_suicide(p, c) {
            return Err(PlayError::Suicide);
        }
        Ok(())
    }

    /// Whether a stone of `c` on empty `p` would have no liberty and
    /// capture nothing.
    #[inline]
    pub fn is_suicide(&self, p: Point, c: Color) -> bool {
        let own = Cell::stone(c);
        for n in p.neighbors() {
            let cell = self.cells[n.index()];
            if cell == Cell::Empty {
                return false;
            }
            if cell == Cell::Wall {
                continue;
            }
            let libs = self.libs[self.head[n.index()] as usize];
            if cell == own {
                if libs > 1 {
                    return false;
                }
            } else if libs == 1 {
                return false;
            }
        }
        true
    }

    /// Whether a random player of colour `c` may play on `p`: an empty
    /// point, not the simple-ko point, not a suicide, and not one of `c`'s
    /// eye-like points ([`Board::is_eyelike`]). The same answer as those
    /// three tests, in one pass over the neighbours: a point with an empty
    /// neighbour is neither an eye nor a suicide, which settles most
    /// points at the first look.
    ///
    /// ```
    /// use moku::{Board, Color, Point};
    /// let b = Board::from_ascii("
    ///     . X .
    ///     X X X
    ///     . . .
    /// ");
    /// assert!(!b.is_playout_move(Point::from_xy(0, 0), Color::Black)); // its own eye
    /// assert!(!b.is_playout_move(Point::from_xy(0, 0), Color::White)); // suicide
    /// assert!(b.is_playout_move(Point::from_xy(1, 2), Color::White));
    /// ```
    #[inline(always)]
    pub fn is_playout_move(&self, p: Point, c: Color) -> bool {
        if let Some(answer) = playout_move_by_cells(&self.cells, &self.nbr, self.ko, p, c) {
            return answer;
        }
        let pi = p.index();
        let own = Cell::stone(c);
        let around = [pi - STRIDE, pi - 1, pi + 1, pi + STRIDE];
        let cells = around.map(|n| self.cells[n]);
        // Not a suicide if it joins a chain with another liberty or
        // captures.
        around.iter().zip(cells).any(|(&n, cell)| {
            cell != Cell::Wall && {
                let libs = self.libs[self.head[n] as usize];
                if cell == own {
                    libs > 1
                } else {
                    libs == 1
                }
            }
        })
    }

    /// How many of the four neighbours of `p` are empty (walls do not
    /// count), read from the neighbour counts the board keeps.
    ///
    /// ```
    /// use moku::{Board, Point};
    /// let b = Board::from_ascii("
    ///     X . .
    ///     . . O
    ///     . . .
    /// ");
    /// assert_eq!(b.empty_neighbors(Point::from_xy(1, 1)), 3);
    /// assert_eq!(b.empty_neighbors(Point::from_xy(0, 1)), 2); // X above, the edge on the left
    /// assert_eq!(b.empty_neighbors(Point::from_xy(1, 0)), 2); // X on the left, the edge above
    /// ```
    #[inline]
    pub fn empty_neighbors(&self, p: Point) -> usize {
        (self.nbr[p.index()] & NBR_FIELD) as usize
    }

    /// The eight cells around `p` packed two bits each (0 empty, 1 black,
    /// 2 white, 3 off the board), in the order N, W, E, S, NW, NE, SW, SE
    /// from the lowest bits: the index of a 3x3 pattern table.
    ///
    /// ```
    /// use moku::{Board, Point};
    /// let b = Board::from_ascii("
    ///     X . .
    ///     . . O
    ///     . . .
    /// ");
    /// let code = b.neighborhood(Point::from_xy(1, 1));
    /// assert_eq!(code & 0b11, 0); // north: empty
    /// assert_eq!((code >> 4) & 0b11, 2); // east: white
    /// assert_eq!((code >> 8) & 0b11, 1); // north-west: black
    /// assert_eq!(b.neighborhood(Point::from_xy(0, 0)) & 0b11, 3); // off the board
    /// ```
    #[inline]
    pub fn neighborhood(&self, p: Point) -> u16 {
        let i = p.index();
        let c = |j: usize| self.cells[j] as u16;
        c(i - STRIDE)
            | c(i - 1) << 2
            | c(i + 1) << 4
            | c(i + STRIDE) << 6
            | c(i - STRIDE - 1) << 8
            | c(i - STRIDE + 1) << 10
            | c(i + STRIDE - 1) << 12
            | c(i + STRIDE + 1) << 14
    }

    /// The hash after `c` plays at empty `p`, without playing: the new
    /// stone and the stones it captures. `None` for a suicide (the caller
    /// plays it out on a copy).
    pub fn hash_after(&self, p: Point, c: Color) -> Option<u64> {
        if self.is_suicide(p, c) {
            return None;
        }
        let opp = Cell::stone(c.opponent());
        let mut h = self.hash ^ zobrist::stone(c, p.index());
        let mut seen = [0u16; 4];
        let mut k = 0;
        for n in p.neighbors() {
            if self.cells[n.index()] == opp {
                let head = self.head[n.index()];
                if self.libs[head as usize] == 1 && !in_short_list(&seen[..k], head) {
                    seen[k] = head;
                    k += 1;
                    for s in self.chain(n) {
                        h ^= zobrist::stone(c.opponent(), s.index());
                    }
                }
            }
        }
        Some(h)
    }

    /// Whether a move of `c` at empty `p` would capture something.
    pub fn would_capture(&self, p: Point, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        p.neighbors()
            .iter()
            .any(|n| self.cells[n.index()] == opp && self.libs[self.head[n.index()] as usize] == 1)
    }

    /// Whether `p` is an empty point surrounded by `c` that a random player
    /// should not fill: all neighbours are `c` (or walls) and the opponent
    /// holds too few diagonals to make it a false eye (the false-eye rule:
    /// two diagonals in the centre, one on the edge).
    pub fn is_eyelike(&self, p: Point, c: Color) -> bool {
        let own = Cell::stone(c);
        let mut edge = false;
        for n in p.neighbors() {
            match self.cells[n.index()] {
                Cell::Wall => edge = true,
                cell if cell == own => {}
                _ => return false,
            }
        }
        let opp = Cell::stone(c.opponent());
        let bad = p
            .diagonals()
            .iter()
            .filter(|d| self.cells[d.index()] == opp)
            .count();
        !crate::rules::queries::diagonals_make_false_eye(bad, edge)
    }

    /// Plays `c` at `p`, or refuses with the reason and leaves the board
    /// unchanged. Returns the record that [`Board::undo`] takes back.
    pub fn play(&mut self, p: Point, c: Color, allow_suicide: bool) -> Result<Undo, PlayError> {
        self.check_move(p, c, allow_suicide)?;
        Ok(self.play_unchecked(p, c))
    }

    /// Plays a move already known to be legal (suicide, if it is one, is
    /// carried out). Used by searches after their own legality test.
    #[inline]
    pub fn play_unchecked(&mut self, p: Point, c: Color) -> Undo {
        let mut undo = Undo {
            point: Some(p),
            color: c,
            removed: 0,
            suicide: false,
            joined: [0; 4],
            joined_libs: [0; 4],
            njoined: 0,
            removed_chains: [0; 4],
            setups: self.setups,
            prev_ko: self.ko,
            prev_hash: self.hash,
        };
        let pi = p.index();
        let own = Cell::stone(c);
        let opp = Cell::stone(c.opponent());
        let nbr = self.nbr[pi];

        self.set_cell(pi, own);
        self.hash ^= zobrist::stone(c, pi);
        self.remove_empty(p);
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.count[pi] = 1;
        self.libs[pi] = nbr & NBR_FIELD;
        self.ko = None;
        if nbr & NBR_STONES == 0 {
            // A lone stone (most opening moves): no chain to join or take.
            return undo;
        }

        // Distinct neighbouring chains: each loses the liberty at p.
        let mut seen = [0u16; 4];
        let mut nseen = 0;
        let mut friends = [0u16; 4];
        let mut nfriends = 0;
        let mut captured_heads = [0u16; 4];
        let mut ncap = 0;
        for n in p.neighbors() {
            let cell = self.cells[n.index()];
            if cell == Cell::Empty || cell == Cell::Wall {
                continue;
            }
            let h = self.head[n.index()];
            if in_short_list(&seen[..nseen], h) {
                continue;
            }
            seen[nseen] = h;
            nseen += 1;
            if cell == own {
                undo.joined_libs[nfriends] = self.libs[h as usize];
            }
            self.libs[h as usize] -= 1;
            if cell == own {
                friends[nfriends] = h;
                nfriends += 1;
            } else if self.libs[h as usize] == 0 {
                debug_assert_eq!(cell, opp);
                captured_heads[ncap] = h;
                ncap += 1;
            }
        }

        // Join the friendly chains, the biggest absorbing the rest.
        let mut my_head = p.0;
        if nfriends > 0 {
            let big = biggest(&self.count, &friends[..nfriends]);
            // Liberties of the joined chain, counted before relabelling so
            // chain heads still tell the chains apart: the biggest chain's
            // liberties (already less p), then each smaller chain's
            // liberties that no chain counted so far touches, then p's
            // empty neighbours that touch none of them. Only the smaller
            // chains are walked.
            let mut merged = [big, 0, 0, 0];
            let mut nmerged = 1;
            let mut libs = self.libs[big as usize];
            if nfriends > 1 {
                self.next_gen();
                let gen = self.mark_gen;
                for &f in &friends[..nfriends] {
                    if f == big {
                        continue;
                    }
                    let mut s = f;
                    loop {
                        for e in Point(s).neighbors() {
                            let ei = e.index();
                            if self.cells[ei] == Cell::Empty && self.mark[ei] != gen {
                                self.mark[ei] = gen;
                                if !self.touches(e, own, &merged[..nmerged], p) {
                                    libs += 1;
                                }
                            }
                        }
                        s = self.next[s as usize];
                        if s == f {
                            break;
                        }
                    }
                    merged[nmerged] = f;
                    nmerged += 1;
                }
            }
            for e in p.neighbors() {
                if self.cells[e.index()] == Cell::Empty
                    && !self.touches(e, own, &merged[..nmerged], p)
                {
                    libs += 1;
                }
            }
            // Kept for the undo in the order absorbed: `big` first.
            let prior = undo.joined_libs;
            let at_big = friends[..nfriends]
                .iter()
                .position(|&f| f == big)
                .unwrap_or(0);
            undo.joined[0] = big;
            undo.joined_libs[0] = prior[at_big];
            let mut k = 1;
            self.absorb(big, p.0);
            for (i, &f) in friends[..nfriends].iter().enumerate() {
                if f != big {
                    self.absorb(big, f);
                    undo.joined[k] = f;
                    undo.joined_libs[k] = prior[i];
                    k += 1;
                }
            }
            undo.njoined = k as u8;
            my_head = big;
            self.libs[big as usize] = libs;
        }

        // Captures.
        let mut removed = 0u16;
        for (i, &h) in captured_heads[..ncap].iter().enumerate() {
            let n = self.remove_chain(h, own);
            undo.removed_chains[i] = n;
            removed += n;
        }
        undo.removed = removed;

        if removed > 0 {
            self.captures[c.index()] += removed as u32;
        } else if self.libs[my_head as usize] == 0 {
            // Suicide (only reached when the rules allow it).
            let n = self.remove_chain(my_head, opp);
            self.captures[c.opponent().index()] += n as u32;
            undo.removed = n;
            undo.removed_chains[0] = n;
            undo.suicide = true;
        }

        // Simple ko: a lone stone that captured a lone stone and now has
        // exactly one liberty, the point it just captured.
        if removed == 1 && self.count[my_head as usize] == 1 && self.libs[my_head as usize] == 1 {
            let taken = *self.removed_stack.last().expect("captured stone recorded");
            self.ko = Some(Point(taken));
        }
        undo
    }

    /// A pass: clears the ko point. Returns the record for [`Board::undo`].
    pub fn pass(&mut self, c: Color) -> Undo {
        let undo = Undo {
            point: None,
            color: c,
            removed: 0,
            suicide: false,
            joined: [0; 4],
            joined_libs: [0; 4],
            njoined: 0,
            removed_chains: [0; 4],
            setups: self.setups,
            prev_ko: self.ko,
            prev_hash: self.hash,
        };
        self.ko = None;
        undo
    }

    /// Takes back the move that returned `undo`. Moves must be undone in
    /// strict LIFO order; the position, hash included, is then exactly the
    /// one before the move, down to each chain's head and the order its
    /// stones are linked in (so a search that iterates a chain does the
    /// same whatever it tried before). Unless a stone was set up since the
    /// move, no chain is rebuilt: captured
    /// chains are relinked from the capture stack in the order they were
    /// taken off, and the chains the move joined are split off again at
    /// the links that joined them.
    pub fn undo(&mut self, undo: Undo) {
        let Some(p) = undo.point else {
            self.ko = undo.prev_ko;
            return;
        };
        if undo.setups != self.setups {
            self.undo_by_rebuilding(p, undo);
            return;
        }
        let c = undo.color;
        let pi = p.index();
        let own = Cell::stone(c);
        let opp = Cell::stone(c.opponent());
        let start = self.removed_stack.len() - undo.removed as usize;
        // Stones to put back: the captured opponent chains, or our own
        // chain (p included) after an allowed suicide. Each is relinked in
        // the order it was taken off, from its old head, and each distinct
        // chain next to one of its stones loses the liberty it gained
        // there.
        let (back, gainer) = if undo.suicide { (own, opp) } else { (opp, own) };
        let back_color = if undo.suicide { c } else { c.opponent() };
        let mut at = start;
        for &n in undo.removed_chains.iter().take_while(|&&n| n > 0) {
            let h = self.removed_stack[at];
            let end = at + n as usize;
            for i in at..end {
                let q = self.removed_stack[i];
                self.set_cell(q as usize, back);
                self.hash ^= zobrist::stone(back_color, q as usize);
                self.remove_empty(Point(q));
                self.head[q as usize] = h;
                self.next[q as usize] = if i + 1 < end {
                    self.removed_stack[i + 1]
                } else {
                    h
                };
            }
            self.count[h as usize] = n;
            // Its only liberty was p (it had none after a suicide).
            self.libs[h as usize] = 0;
            at = end;
        }
        for i in start..self.removed_stack.len() {
            self.shift_neighbour_liberties(Point(self.removed_stack[i]), gainer, false);
        }
        self.removed_stack.truncate(start);

        // Remove the move's stone: split the chains it joined off the one
        // that absorbed them, in the reverse order (relinking a ring at the
        // same two stones undoes the join), and give each its liberty
        // count from before the move.
        let nj = undo.njoined as usize;
        if nj > 0 {
            let big = undo.joined[0];
            for k in (1..nj).rev() {
                let f = undo.joined[k];
                self.next.swap(big as usize, f as usize);
                // Counted again: a stone played on `f`'s point while it
                // was captured (and taken back since) overwrote its count.
                let (mut s, mut n) = (f, 0);
                loop {
                    self.head[s as usize] = f;
                    n += 1;
                    s = self.next[s as usize];
                    if s == f {
                        break;
                    }
                }
                self.count[f as usize] = n;
                self.count[big as usize] -= n;
            }
            self.next.swap(big as usize, pi);
            self.count[big as usize] -= 1;
            for k in 0..nj {
                self.libs[undo.joined[k] as usize] = undo.joined_libs[k];
            }
        }
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.set_cell(pi, Cell::Empty);
        self.hash ^= zobrist::stone(c, pi);
        self.add_empty(p);
        // Every opponent chain next to p gets the liberty back (a chain
        // the move captured had only that one).
        self.shift_neighbour_liberties(p, opp, true);
        self.restore_counts(&undo, c);
    }

    /// The last step of taking back `c`'s move `undo`, however its stones
    /// were put back: the capture count, the ko point and the hash.
    fn restore_counts(&mut self, undo: &Undo, c: Color) {
        if undo.suicide {
            self.captures[c.opponent().index()] -= undo.removed as u32;
        } else {
            self.captures[c.index()] -= undo.removed as u32;
        }
        self.ko = undo.prev_ko;
        debug_assert_eq!(self.hash, undo.prev_hash);
        self.hash = undo.prev_hash;
    }

    /// Takes back a move played before a stone was set up: the setup
    /// relinked the chains, so the links the exact undo would restore are
    /// gone; every chain the move or its captures touched is rebuilt.
    fn undo_by_rebuilding(&mut self, p: Point, undo: Undo) {
        let c = undo.color;
        let start = self.removed_stack.len() - undo.removed as usize;
        // Stones to put back: the captured opponent stones, or our own
        // chain (p included) after an allowed suicide.
        let back_color = if undo.suicide { c } else { c.opponent() };
        for i in start..self.removed_stack.len() {
            let q = Point(self.removed_stack[i]);
            self.set_cell(q.index(), Cell::stone(back_color));
            self.hash ^= zobrist::stone(back_color, q.index());
            self.remove_empty(q);
        }
        // Remove the move's stone.
        self.set_cell(p.index(), Cell::Empty);
        self.hash ^= zobrist::stone(c, p.index());
        self.add_empty(p);

        // Rebuild every chain the move or the captures touched.
        self.next_gen();
        let gen = self.mark_gen;
        let touched_start = start;
        for n in p.neighbors() {
            if self.get(n).is_some() && self.mark[n.index()] != gen {
                self.rebuild_chain(n, gen);
            }
        }
        for i in touched_start..self.removed_stack.len() {
            let q = Point(self.removed_stack[i]);
            if self.get(q).is_some() && self.mark[q.index()] != gen {
                self.rebuild_chain(q, gen);
            }
            for n in q.neighbors() {
                if self.get(n).is_some() && self.mark[n.index()] != gen {
                    self.rebuild_chain(n, gen);
                }
            }
        }
        self.removed_stack.truncate(start);
        self.restore_counts(&undo, c);
    }

    /// Puts a stone on `p` or clears it (SGF AB/AW/AE setup): no captures,
    /// no ko; the chains around `p` are rebuilt. Panics if `p` is off the
    /// board (callers check first: [`crate::rules::Game::setup`] returns an error).
    pub fn set_stone(&mut self, p: Point, c: Option<Color>) {
        assert!(self.on_board(p), "set_stone off the board");
        if self.get(p) == c {
            return;
        }
        self.setups = self.setups.wrapping_add(1);
        if let Some(old) = self.get(p) {
            self.hash ^= zobrist::stone(old, p.index());
        } else {
            self.remove_empty(p);
        }
        match c {
            Some(col) => {
                self.set_cell(p.index(), Cell::stone(col));
                self.hash ^= zobrist::stone(col, p.index());
            }
            None => {
                self.set_cell(p.index(), Cell::Empty);
                self.add_empty(p);
            }
        }
        self.ko = None;
        self.next_gen();
        let gen = self.mark_gen;
        if c.is_some() {
            self.rebuild_chain(p, gen);
        }
        for n in p.neighbors() {
            if self.get(n).is_some() && self.mark[n.index()] != gen {
                self.rebuild_chain(n, gen);
            }
        }
    }

    /// Recounts everything from scratch and compares it with the
    /// incrementally kept state. Returns a description of the first
    /// difference. Tests call this after every move.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut empties = 0;
        // The number (from 1) of the chain each stone, and each liberty,
        // was last counted for.
        let mut chains = 0usize;
        let mut chain_of = vec![0usize; CELLS];
        let mut liberty_of = vec![0usize; CELLS];
        for p in self.points() {
            let i = p.index();
            let counted: u16 = p
                .neighbors()
                .iter()
                .map(|n| self.cells[n.index()].nbr_unit())
                .sum();
            if self.nbr[i] != counted {
                return Err(format!(
                    "neighbour counts at {:?}: {:#x} kept, {:#x} counted",
                    p, self.nbr[i], counted
                ));
            }
            match self.get(p) {
                None => {
                    empties += 1;
                    let pos = self.empty_pos[i] as usize;
                    if self.empty.get(pos) != Some(&p.0) {
                        return Err(format!("empty point {:?} not in the empty list", p));
                    }
                }
                // Checked with the chain of an earlier stone.
                Some(c) if chain_of[i] != 0 => hash ^= zobrist::stone(c, i),
                Some(c) => {
                    hash ^= zobrist::stone(c, i);
                    // Flood-fill the chain and compare, marking its stones
                    // and liberties with the chain's number, so a full
                    // 25x25 board is checked in linear time.
                    chains += 1;
                    chain_of[i] = chains;
                    let mut stones = vec![p];
                    let mut libs: Vec<Point> = Vec::new();
                    self.grow(&mut stones, |_, n| match self.get(n) {
                        None => {
                            if liberty_of[n.index()] != chains {
                                liberty_of[n.index()] = chains;
                                libs.push(n);
                            }
                            false
                        }
                        Some(nc) if nc == c && chain_of[n.index()] != chains => {
                            chain_of[n.index()] = chains;
                            true
                        }
                        Some(_) => false,
                    });
                    let h = self.head[i];
                    if stones.iter().any(|s| self.head[s.index()] != h) {
                        return Err(format!("chain at {:?} has stones with different heads", p));
                    }
                    if self.libs[h as usize] as usize != libs.len() {
                        return Err(format!(
                            "chain at {:?}: {} liberties kept, {} counted",
                            p,
                            self.libs[h as usize],
                            libs.len()
                        ));
                    }
                    if self.count[h as usize] as usize != stones.len() {
                        return Err(format!(
                            "chain at {:?}: {} stones kept, {} counted",
                            p,
                            self.count[h as usize],
                            stones.len()
                        ));
                    }
                    let walked = self.chain(p).count();
                    if walked != stones.len() {
                        return Err(format!(
                            "chain list at {:?} walks {} stones, flood fill finds {}",
                            p,
                            walked,
                            stones.len()
                        ));
                    }
                    if libs.is_empty() {
                        return Err(format!("chain at {:?} has no liberties", p));
                    }
                }
            }
        }
        if empties != self.empty.len() {
            return Err(format!(
                "empty list has {} points, board has {}",
                self.empty.len(),
                empties
            ));
        }
        if hash != self.hash {
            return Err("hash differs from a recomputation".to_string());
        }
        if let Some(k) = self.ko {
            if self.get(k).is_some() {
                return Err("ko point is occupied".to_string());
            }
        }
        Ok(())
    }

    // --- internals -------------------------------------------------------

    /// Writes a cell and keeps its neighbours' [`Board::nbr`] counts: the
    /// one place a cell changes kind.
    #[inline(always)]
    fn set_cell(&mut self, i: usize, cell: Cell) {
        set_cell(&mut self.cells, &mut self.nbr, i, cell);
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        add_empty(&mut self.empty, &mut self.empty_pos, p);
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        remove_empty(&mut self.empty, &mut self.empty_pos, p);
    }

    fn next_gen(&mut self) {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark = [0; CELLS];
            self.mark_gen = 1;
        }
    }

    /// Moves every stone of chain `other` into chain `big` (relabel and
    /// splice the circular lists).
    fn absorb(&mut self, big: u16, other: u16) {
        absorb(&mut self.head, &mut self.next, &mut self.count, big, other);
    }

    /// Whether empty `e` touches a stone of colour `own` in one of the
    /// chains `heads` (ignoring the point `except`).
    #[inline]
    fn touches(&self, e: Point, own: Cell, heads: &[u16], except: Point) -> bool {
        e.neighbors().iter().any(|&q| {
            q != except
                && self.cells[q.index()] == own
                && in_short_list(heads, self.head[q.index()])
        })
    }

    /// Removes the chain headed by `h`, pushing its stones on the removed
    /// stack; each distinct `gainer` chain next to a removed stone gains
    /// that liberty. Returns the number of stones removed.
    fn remove_chain(&mut self, h: u16, gainer: Cell) -> u16 {
        let color = self.cells[h as usize].color().expect("a stone");
        let mut n = 0;
        let mut s = h;
        loop {
            let nxt = self.next[s as usize];
            self.set_cell(s as usize, Cell::Empty);
            self.hash ^= zobrist::stone(color, s as usize);
            self.add_empty(Point(s));
            self.removed_stack.push(s);
            n += 1;
            s = nxt;
            if s == h {
                break;
            }
        }
        // Liberties gained: every removed stone is a new liberty of each
        // distinct neighbouring chain.
        let start = self.removed_stack.len() - n as usize;
        for i in start..self.removed_stack.len() {
            self.shift_neighbour_liberties(Point(self.removed_stack[i]), gainer, true);
        }
        n
    }

    /// Each distinct chain of `cell` next to `q` gains the liberty `q`
    /// (`gain`: `q` was emptied) or loses it (`q` was filled).
    fn shift_neighbour_liberties(&mut self, q: Point, cell: Cell, gain: bool) {
        let mut seen = [0u16; 4];
        let mut k = 0;
        for nb in q.neighbors() {
            if self.cells[nb.index()] == cell {
                let h = self.head[nb.index()];
                if !in_short_list(&seen[..k], h) {
                    seen[k] = h;
                    k += 1;
                    if gain {
                        self.libs[h as usize] += 1;
                    } else {
                        self.libs[h as usize] -= 1;
                    }
                }
            }
        }
    }

    /// Rebuilds the chain through stone `p` by flood fill: heads, list,
    /// count and liberties. Marks its stones with `gen`. Setting up a stone
    /// calls it for the chains around it, and so does taking back a move
    /// played before a setup (other moves are taken back exactly, without
    /// it). The list is linked in the order the fill takes the
    /// stones, with no allocation and no scratch array: the fill's
    /// stack is threaded through `next` itself (a waiting stone's `next`
    /// holds the stone below it; the wall cell 0, never a stone, ends the
    /// stack), and each stone is linked into the list once taken off it.
    fn rebuild_chain(&mut self, p: Point, gen: u32) {
        const STACK_END: u16 = 0;
        let cell = self.cells[p.index()];
        let h = p.0;
        self.next[h as usize] = STACK_END;
        let mut top = h;
        self.mark[p.index()] = gen;
        let mut libs = PointSet::new();
        let (mut last, mut count) = (h, 0u16);
        while top != STACK_END {
            let s = top;
            top = self.next[s as usize];
            self.head[s as usize] = h;
            self.next[last as usize] = s;
            last = s;
            count += 1;
            for n in Point(s).neighbors() {
                let ni = n.index();
                if self.cells[ni] == cell && self.mark[ni] != gen {
                    self.mark[ni] = gen;
                    self.next[ni] = top;
                    top = n.0;
                } else if self.cells[ni] == Cell::Empty {
                    libs.insert(n);
                }
            }
        }
        self.next[last as usize] = h;
        self.count[h as usize] = count;
        self.libs[h as usize] = libs.len() as u16;
    }
}

// The cell-level steps both boards take, written once so that the full
// board and the playout board change in the same order (their light
// playouts make the same moves).

/// Writes `cell` at `i` and updates the neighbour counts around it.
#[inline(always)]
pub(super) fn set_cell(cells: &mut [Cell; CELLS], nbr: &mut [u16; CELLS], i: usize, cell: Cell) {
    let delta = cell.nbr_unit().wrapping_sub(cells[i].nbr_unit());
    cells[i] = cell;
    for n in [i - STRIDE, i - 1, i + 1, i + STRIDE] {
        nbr[n] = nbr[n].wrapping_add(delta);
    }
}

/// Appends `p` to the empty-point list.
#[inline(always)]
pub(super) fn add_empty(empty: &mut Vec<u16>, empty_pos: &mut [u16; CELLS], p: Point) {
    empty_pos[p.index()] = empty.len() as u16;
    empty.push(p.0);
}

/// Takes `p` out of the empty-point list (the last point fills its place).
#[inline(always)]
pub(super) fn remove_empty(empty: &mut Vec<u16>, empty_pos: &mut [u16; CELLS], p: Point) {
    let pos = empty_pos[p.index()] as usize;
    let last = empty.pop().expect("empty list not empty");
    if last != p.0 {
        empty[pos] = last;
        empty_pos[last as usize] = pos as u16;
    }
}

/// Moves every stone of chain `other` into chain `big`: relabels it and
/// splices the two circular lists.
#[inline(always)]
pub(super) fn absorb(
    head: &mut [u16; CELLS],
    next: &mut [u16; CELLS],
    count: &mut [u16; CELLS],
    big: u16,
    other: u16,
) {
    let mut s = other;
    loop {
        head[s as usize] = big;
        s = next[s as usize];
        if s == other {
            break;
        }
    }
    next.swap(big as usize, other as usize);
    count[big as usize] += count[other as usize];
}

/// What the cells alone say of [`Board::is_playout_move`] for `c` on `p`:
/// `Some(false)` for an occupied point, the ko point or an eye-like point
/// of `c` ([`closed_eyelike`]), `Some(true)` for a point with an empty
/// neighbour (neither an eye nor a suicide: most points, at the first
/// look); `None` when only the chains around can tell a suicide.
#[inline(always)]
pub(super) fn playout_move_by_cells(
    cells: &[Cell; CELLS],
    nbr: &[u16; CELLS],
    ko: Option<Point>,
    p: Point,
    c: Color,
) -> Option<bool> {
    let pi = p.index();
    if cells[pi] != Cell::Empty || ko == Some(p) {
        return Some(false);
    }
    let nbr = nbr[pi];
    if nbr & NBR_FIELD != 0 {
        return Some(true);
    }
    if closed_eyelike(cells, nbr, pi, c) {
        return Some(false);
    }
    None
}

/// The chain of `friends` (heads, at least one) with the most stones, the
/// first of them on a tie: the one a move joining them all merges into.
#[inline(always)]
pub(super) fn biggest(count: &[u16; CELLS], friends: &[u16]) -> u16 {
    let mut big = friends[0];
    for &f in &friends[1..] {
        if count[f as usize] > count[big as usize] {
            big = f;
        }
    }
    big
}

/// Whether empty `pi`, whose neighbour counts `nbr` show no empty
/// neighbour, is an eye-like point of `c` a random player keeps: only
/// `c`'s stones and walls around, and too few opponent diagonals for a
/// false eye (two in the centre, one on the edge).
#[inline(always)]
fn closed_eyelike(cells: &[Cell; CELLS], nbr: u16, pi: usize, c: Color) -> bool {
    let own = Cell::stone(c);
    let opp = Cell::stone(c.opponent());
    if nbr >> opp.nbr_shift() & NBR_FIELD != 0 {
        return false;
    }
    let bad = [
        pi - STRIDE - 1,
        pi - STRIDE + 1,
        pi + STRIDE - 1,
        pi + STRIDE + 1,
    ]
    .iter()
    .filter(|&&d| cells[d] == opp)
    .count();
    let edge = nbr >> own.nbr_shift() & NBR_FIELD < 4;
    (edge && bad == 0) || (!edge && bad < 2)
}

/// Whether `x` is in `list` (at most four chain heads). A plain loop: the
/// library's `contains` for `u16` slices is a call to a vectorised search,
/// several times slower for lists this short.
#[inline(always)]
pub(super) fn in_short_list(list: &[u16], x: u16) -> bool {
    let mut i = 0;
    while i < list.len() {
        if list[i] == x {
            return true;
        }
        i += 1;
    }
    false
}

/// The stones of one chain; see [`Board::chain`].
pub struct ChainIter<'a> {
    board: &'a Board,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for ChainIter<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        let c = self.cur?;
        let n = self.board.next[c as usize];
        self.cur = if n == self.start { None } else { Some(n) };
        Some(Point(c))
    }
}

// Points and chain links are stored as `u16`.
const _: () = assert!(CELLS < u16::MAX as usize && STRIDE > MAX_SIZE);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;

    #[test]
    fn sizes_out_of_range_are_rejected() {
        assert_eq!(Board::new(1).unwrap_err(), SizeError(1));
        assert_eq!(Board::new(26).unwrap_err(), SizeError(26));
        assert!(Board::new(2).is_ok());
        assert!(Board::new(25).is_ok());
        assert_eq!(Board::new(19).unwrap().empty_count(), 361);
    }

    #[test]
    fn undoing_a_quiet_move_restores_the_chain_as_it_was_listed() {
        let mut b = Board::from_ascii(
            "
            . . . . .
            . X X . .
            . . O . .
            . . . . .
            . . . . .",
        );
        let listed = |b: &Board| b.chain(pt(1, 1)).collect::<Vec<_>>();
        let (before, id, white_libs) = (listed(&b), b.chain_id(pt(1, 1)), b.liberties(pt(2, 2)));
        // Extends the black chain and takes a liberty of the white stone.
        let u = b.play(pt(3, 1), Color::Black, false).unwrap();
        assert_eq!(
            (b.chain_len(pt(1, 1)), b.liberties(pt(2, 2))),
            (3, white_libs)
        );
        let u2 = b.play(pt(3, 2), Color::Black, false).unwrap();
        assert_eq!(b.liberties(pt(2, 2)), white_libs - 1);
        b.undo(u2);
        b.undo(u);
        assert_eq!(listed(&b), before);
        assert_eq!(b.chain_id(pt(1, 1)), id);
        assert_eq!(
            (b.liberties(pt(1, 1)), b.liberties(pt(2, 2))),
            (5, white_libs)
        );
        b.check_consistency().unwrap();
    }

    /// Every stone's head and successor, and each head's count and
    /// liberties: what an exact undo must give back.
    fn links(b: &Board) -> Vec<(u16, u16, u16, u16, u16)> {
        b.points()
            .filter(|p| b.get(*p).is_some())
            .map(|p| {
                let i = p.index();
                let h = b.head[i] as usize;
                (p.0, b.head[i], b.next[i], b.count[h], b.libs[h])
            })
            .collect()
    }

    /// A random line of `moves` attempts on an empty 7x7 board, the legal
    /// ones played and kept with `before` of the position they were
    /// played in.
    fn random_line<T>(
        rng: &mut crate::rules::Rng,
        moves: usize,
        allow_suicide: bool,
        before: impl Fn(&Board) -> T,
    ) -> (Board, Vec<(Undo, T)>) {
        let mut b = Board::new(7).unwrap();
        let mut line = Vec::new();
        let mut color = Color::Black;
        for _ in 0..moves {
            let empties: Vec<Point> = b.empty_points().collect();
            let p = empties[rng.below(empties.len())];
            let kept = before(&b);
            if let Ok(u) = b.play(p, color, allow_suicide) {
                line.push((u, kept));
            }
            color = color.opponent();
        }
        (b, line)
    }

    #[test]
    fn undo_gives_back_every_chain_link_exactly() {
        // Random games with suicide allowed, every move kept on a stack,
        // then all taken back: captures, suicides and merges, and stones
        // played on points captured earlier in the same line.
        let mut rng = crate::rules::Rng::new(7);
        for _ in 0..200 {
            let (mut b, mut line) = random_line(&mut rng, 120, true, links);
            while let Some((u, before)) = line.pop() {
                b.undo(u);
                assert_eq!(links(&b), before);
                b.check_consistency().unwrap();
            }
            assert_eq!(b, Board::new(7).unwrap());
        }
    }

    #[test]
    fn a_move_played_before_a_setup_is_taken_back_by_rebuilding() {
        // As a record with setup in its middle is stepped back: moves, a
        // setup that joins and splits chains, the setup cleared again, then
        // the moves taken back. The setup relinked the chains, so the exact
        // undo's links are gone.
        let mut rng = crate::rules::Rng::new(11);
        for _ in 0..200 {
            let (mut b, mut line) = random_line(&mut rng, 40, false, Board::clone);
            let mut setup = Vec::new();
            for _ in 0..6 {
                let p = Point::from_xy(rng.below(7), rng.below(7));
                let c = [None, Some(Color::Black), Some(Color::White)][rng.below(3)];
                setup.push((p, b.get(p)));
                b.set_stone(p, c);
            }
            for &(p, before) in setup.iter().rev() {
                b.set_stone(p, before);
            }
            while let Some((u, before)) = line.pop() {
                b.undo(u);
                assert_eq!(b, before);
                b.check_consistency().unwrap();
            }
        }
    }

    #[test]
    fn liberties_and_merging() {
        let mut b = Board::from_ascii(
            "
            . . . . .
            . X . X .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_eq!(b.liberties(pt(1, 1)), 4);
        b.play(pt(2, 1), Color::Black, false).unwrap();
        assert_eq!(b.chain_len(pt(1, 1)), 3);
        assert_eq!(b.liberties(pt(3, 1)), 8);
        assert_eq!(b.chain_id(pt(1, 1)), b.chain_id(pt(3, 1)));
        b.check_consistency().unwrap();
    }

    #[test]
    fn multiple_captures_at_once() {
        // White's move in the middle takes four separate black stones.
        let mut b = Board::from_ascii(
            "
            . O X O .
            O X . X O
            . O X O .
            . . O . .
            . . . . .",
        );
        let before = b.clone();
        let u = b.play(pt(2, 1), Color::White, false).unwrap();
        assert_eq!(u.captured(), 4, "{:?}", b);
        assert_eq!(
            b.to_ascii(),
            ". O . O .\nO . O . O\n. O . O .\n. . O . .\n. . . . .\n"
        );
        assert_eq!(b.captures(Color::White), 4);
        b.check_consistency().unwrap();
        b.undo(u);
        assert_eq!(b, before);
        b.check_consistency().unwrap();
    }

    #[test]
    fn suicide_rejected_or_allowed() {
        let mut b = Board::from_ascii(
            "
            . X . .
            X X . .
            . . . .
            . . . .",
        );
        // White at the corner: suicide.
        let before = b.clone();
        assert_eq!(
            b.play(pt(0, 0), Color::White, false),
            Err(PlayError::Suicide)
        );
        assert_eq!(b, before);
        // Multi-stone suicide where allowed: white chain of two removed.
        let mut b = Board::from_ascii(
            "
            O . X .
            X X X .
            . . . .
            . . . .",
        );
        let before = b.clone();
        let u = b.play(pt(1, 0), Color::White, true).unwrap();
        assert_eq!(b.get(pt(0, 0)), None);
        assert_eq!(b.get(pt(1, 0)), None);
        assert_eq!(b.captures(Color::Black), 2);
        b.check_consistency().unwrap();
        b.undo(u);
        assert_eq!(b, before);
    }

    #[test]
    fn snapback_is_allowed() {
        let mut b = Board::from_ascii(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            . . . . .",
        );
        // The throw-in: a black stone in atari, White still has (0,0).
        let u1 = b.play(pt(1, 0), Color::Black, false).unwrap();
        assert_eq!(b.liberties(pt(1, 0)), 1);
        assert_eq!(b.liberties(pt(2, 0)), 1);
        // White captures one stone; its chain now has one liberty: no ko.
        let u2 = b.play(pt(0, 0), Color::White, false).unwrap();
        assert_eq!(u2.captured(), 1);
        assert_eq!(b.ko_point(), None);
        assert_eq!(b.liberties(pt(0, 0)), 1);
        // Black plays the throw-in point again and takes five stones.
        let u3 = b.play(pt(1, 0), Color::Black, false).unwrap();
        assert_eq!(u3.captured(), 5);
        b.check_consistency().unwrap();
        b.undo(u3);
        b.undo(u2);
        b.undo(u1);
        b.check_consistency().unwrap();
        assert_eq!(b.get(pt(1, 0)), None);
        assert_eq!(b.liberties(pt(0, 1)), 2);
    }

    #[test]
    fn simple_ko_point_set_and_cleared() {
        let mut b = Board::from_ascii(
            "
            . X O .
            X . X O
            . X O .
            . . . .",
        );
        let u = b.play(pt(1, 1), Color::White, false).unwrap();
        assert_eq!(u.captured(), 1);
        assert_eq!(b.ko_point(), Some(pt(2, 1)));
        assert_eq!(b.play(pt(2, 1), Color::Black, false), Err(PlayError::Ko));
        // A move elsewhere clears the ko.
        let u2 = b.play(pt(3, 3), Color::Black, false).unwrap();
        assert_eq!(b.ko_point(), None);
        b.undo(u2);
        assert_eq!(b.ko_point(), Some(pt(2, 1)));
        b.undo(u);
        assert_eq!(b.ko_point(), None);
        b.check_consistency().unwrap();
    }

    #[test]
    fn eyelike_points() {
        let b = Board::from_ascii(
            "
            . X . X .
            X X X . X
            . X . X .
            . O X O .
            . . . . .",
        );
        assert!(b.is_eyelike(pt(0, 0), Color::Black));
        assert!(b.is_eyelike(pt(2, 0), Color::Black));
        assert!(b.is_eyelike(pt(3, 1), Color::Black));
        assert!(b.is_eyelike(pt(4, 0), Color::Black));
        // Two white diagonals make (2,2) a false eye.
        assert!(!b.is_eyelike(pt(2, 2), Color::Black));
        assert!(!b.is_eyelike(pt(0, 2), Color::White));
    }
}
