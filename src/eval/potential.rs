//! Potential values: Tajima and Sanechika's influence of live stones,
//! summed over the board (the input of the moyo watershed in
//! [`crate::eval::moyo`]).
//!
//! Each live stone radiates one of fifteen empirical tables (appendix A of
//! the paper, transcribed in `potential_tables.txt` beside this module),
//! chosen by its distance to the two nearest edges. Black adds, White
//! subtracts (the crate's one sign convention,
//! [`crate::rules::Color::sign`]).
//!
//! # Choosing and placing a table
//!
//! For a stone at column `x`, row `y` on a board of `size`:
//!
//! - the *column line* is `min(x + 1, size - x)` (1-based distance to the
//!   nearer left/right edge) and the *row line* likewise from the top and
//!   bottom; both are capped at 5;
//! - with `a = min(row line, column line)` and `b = max(..)` the table is
//!   `TABLE_INDEX[a - 1][b - 1]` (the paper's `paternTbl1`/`paternTbl2`):
//!
//!   | a \ b | 1 | 2 | 3 | 4 | 5+ |
//!   |---|---|---|---|---|---|
//!   | 1 | E4 | E3 | E2 | E1 | E |
//!   | 2 |  | D3 | D2 | D1 | D |
//!   | 3 |  |  | C2 | C1 | C |
//!   | 4 |  |  |  | B1 | B |
//!   | 5+ |  |  |  |  | A |
//!
//! - a table's row 0 and column 0 lie on the first line of the nearest
//!   corner: the table is mirrored left-right when the stone is nearer the
//!   right edge, top-bottom when nearer the bottom edge, and transposed
//!   (its rows run along the board's columns) when the row line is greater
//!   than the column line;
//! - entries that fall off the board are dropped (clipped).
//!
//! When the row line equals the column line the table is used as printed
//! (its rows along the board's rows). Of the four diagonal tables E4, D3
//! and C2 are symmetric, but B1 (the 4-4 point) is not: three pairs of
//! entries differ, `(0,2)/(2,0)` = 26/24, `(1,2)/(2,1)` = 26/24 and
//! `(4,7)/(7,4)` = 6/0. They are transcribed as printed, so the potential
//! of a 4-4 stone is symmetric under the board's left-right and top-bottom
//! mirrors but not quite under its diagonal.
//!
//! # Small boards: a stone near two opposite edges
//!
//! The tables were designed for 19x19. On a smaller board a stone can be
//! equally near two opposite edges (the middle line of an odd board whose
//! line number is below 5, e.g. the centre of 5x5 or 7x7). Then both
//! mirror images are equally right, and the stone radiates the
//! point-by-point **maximum** of them (of all four when it is equidistant
//! in both directions): every side is treated as the corner side it is,
//! and a symmetric position keeps a symmetric potential. When the two
//! edges are at different distances the nearer edge decides and the far
//! side of the table is clipped by the other edge like any edge. (When the
//! line is 5 or more on both sides the tables are left-right symmetric and
//! nothing changes.) Boards of size 2 to 4 follow the same rules: the
//! result is defined, if of little meaning.
//!
//! # Stone status
//!
//! The paper sums "the influences by live stones". [`Status::Alive`]
//! and [`Status::Unknown`] stones radiate their table in full;
//! [`Status::Critical`] stones radiate each entry halved (rounded
//! down, by Handtalk's divisor for injured stones, so that one status
//! means one thing across the evaluators); [`Status::Dead`] stones radiate
//! nothing, for their owner or for the opponent: the opponent's live
//! stones around them already radiate into their points, and placing an
//! opponent table on a stone that will be captured would count a stone
//! that is not there. (The watershed then treats a dead stone's point as
//! vacant: see [`crate::eval::moyo`].)
//!
//! # Naive radiation models
//!
//! For comparison with the paper's figures 6 and 7,
//! [`RadiationModel::NaiveManhattan`] and
//! [`RadiationModel::NaiveEuclid`] radiate `1/d` with the Manhattan
//! or the Euclidean distance, scaled to the tables' integers: a point at
//! distance `d >= 1` gets `round(NAIVE_SCALE / d)` and the stone's own
//! point `NAIVE_SCALE` (the tables' 100, and the `d = 1` value, since
//! `1/0` is undefined). They know no edges and, like the paper's
//! figures, reach the whole board.
//!
//! [`RadiationModel::Halving`] is the paper's other naive function,
//! `1/2^d` with the Manhattan distance: `round(NAIVE_SCALE / 2^d)`, the
//! stone's own point `NAIVE_SCALE` (as `d = 0` gives). It falls much
//! faster than `1/d`: nothing is left beyond 7 points (100/2^8 rounds
//! to 0).

use std::sync::OnceLock;

use crate::eval::handtalk::influence::INJURED_DIVISOR;
use crate::rules::point::{CELLS, MAX_SIZE};
use crate::rules::{Board, Point, Status, StatusMap};

/// How the stones radiate the potential (the radiation model): the
/// paper's empirical tables or a naive `1/d` function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RadiationModel {
    /// The paper's fifteen empirical tables (appendix A).
    #[default]
    Tables,
    /// `1/d` with the Manhattan distance (the paper's figure 6).
    NaiveManhattan,
    /// `1/d` with the Euclidean distance (the paper's figure 7).
    NaiveEuclid,
    /// `1/2^d` with the Manhattan distance (the paper names it beside
    /// `1/d`).
    Halving,
}

/// The naive `1/d` functions radiate `round(NAIVE_SCALE / d)`: 100 is the
/// value the tables give the stone's own point, so the scales compare.
pub(crate) const NAIVE_SCALE: f64 = 100.0;

/// One influence table of the paper's appendix A: `values` row-major,
/// `width` per row, the stone (the 100 entry) at `stone_row`, `stone_col`;
/// row 0 and column 0 lie on the board's first line (the corner for the
/// corner tables, the edge for the side tables).
#[derive(Debug)]
pub(crate) struct Table {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) stone_row: usize,
    pub(crate) stone_col: usize,
    pub(crate) values: &'static [u8],
}

impl Table {
    /// The entry at `row`, `col` of the table as printed.
    #[inline]
    pub(crate) fn at(&self, row: usize, col: usize) -> u8 {
        self.values[row * self.width + col]
    }
}

/// The fifteen tables as printed, transcribed once in a text file beside
/// this module (its header gives the format) and read when the crate
/// compiles: the data stays in the paper's layout, and a malformed table
/// stops the build.
const TABLES_TEXT: &str = include_str!("potential_tables.txt");

/// The most entries a table has: no entry lies more than [`REACH`] lines
/// from the stone.
const MAX_ENTRIES: usize = (2 * REACH + 1) * (2 * REACH + 1);

/// One table as read from [`TABLES_TEXT`] (at compile time), its values
/// padded to [`MAX_ENTRIES`].
struct Grid {
    width: usize,
    height: usize,
    stone_row: usize,
    stone_col: usize,
    values: [u8; MAX_ENTRIES],
}

/// The end (exclusive, before the newline) of the line starting at `at`.
const fn line_end(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && text[at] != b'\n' {
        at += 1;
    }
    at
}

/// Whether `text[at..end]` is `table NAME` (trailing white space allowed).
const fn is_header(text: &[u8], at: usize, mut end: usize, name: &[u8]) -> bool {
    const KEYWORD: &[u8] = b"table ";
    while end > at && text[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    if end - at != KEYWORD.len() + name.len() {
        return false;
    }
    let mut i = 0;
    while i < end - at {
        let want = if i < KEYWORD.len() {
            KEYWORD[i]
        } else {
            name[i - KEYWORD.len()]
        };
        if text[at + i] != want {
            return false;
        }
        i += 1;
    }
    true
}

impl Grid {
    /// Reads table `name` of [`TABLES_TEXT`]; panics (a build error where
    /// it is evaluated as a constant) if the table is missing or malformed.
    const fn read(name: &str) -> Grid {
        let text = TABLES_TEXT.as_bytes();
        let mut at = 0;
        while at < text.len() && !is_header(text, at, line_end(text, at), name.as_bytes()) {
            at = line_end(text, at) + 1;
        }
        assert!(at < text.len(), "potential_tables.txt: a table is missing");
        at = line_end(text, at) + 1;
        let mut grid = Grid {
            width: 0,
            height: 0,
            stone_row: 0,
            stone_col: 0,
            values: [0; MAX_ENTRIES],
        };
        let mut stones = 0;
        let mut count = 0;
        // One row a line, up to a blank line or the end of the text.
        while at < text.len() {
            let end = line_end(text, at);
            let mut columns = 0;
            let mut i = at;
            while i < end {
                if text[i].is_ascii_whitespace() {
                    i += 1;
                    continue;
                }
                let mut value: u32 = 0;
                while i < end && !text[i].is_ascii_whitespace() {
                    assert!(
                        text[i].is_ascii_digit(),
                        "potential_tables.txt: not a number"
                    );
                    value = value * 10 + (text[i] - b'0') as u32;
                    assert!(value <= u8::MAX as u32, "potential_tables.txt: over 255");
                    i += 1;
                }
                assert!(
                    count < MAX_ENTRIES,
                    "potential_tables.txt: a table too large"
                );
                grid.values[count] = value as u8;
                if value == 100 {
                    stones += 1;
                    grid.stone_row = grid.height;
                    grid.stone_col = columns;
                }
                count += 1;
                columns += 1;
            }
            at = end + 1;
            if columns == 0 {
                break;
            }
            if grid.height == 0 {
                grid.width = columns;
            }
            assert!(
                columns == grid.width,
                "potential_tables.txt: rows of unequal width"
            );
            grid.height += 1;
        }
        assert!(
            stones == 1,
            "potential_tables.txt: a table needs one stone (100)"
        );
        grid
    }

    /// The first `N` values (`N` is `width * height`).
    const fn values<const N: usize>(&self) -> [u8; N] {
        let mut out = [0; N];
        let mut i = 0;
        while i < N {
            out[i] = self.values[i];
            i += 1;
        }
        out
    }
}

/// The [`Table`] named `$name` in [`TABLES_TEXT`], its values in a
/// constant of their own size.
macro_rules! table {
    ($name:literal) => {{
        const GRID: Grid = Grid::read($name);
        const VALUES: [u8; GRID.width * GRID.height] = GRID.values();
        Table {
            width: GRID.width,
            height: GRID.height,
            stone_row: GRID.stone_row,
            stone_col: GRID.stone_col,
            values: &VALUES,
        }
    }};
}

/// Table A (中原 (五線以上)): the stone on row line 5+, column line 5+.
pub(crate) const TABLE_A: Table = table!("A");
/// Table B (辺の四線): the stone on row line 4, column line 5+.
pub(crate) const TABLE_B: Table = table!("B");
/// Table C (辺の三線): the stone on row line 3, column line 5+.
pub(crate) const TABLE_C: Table = table!("C");
/// Table D (辺の二線): the stone on row line 2, column line 5+.
pub(crate) const TABLE_D: Table = table!("D");
/// Table E (辺の一線): the stone on row line 1, column line 5+.
pub(crate) const TABLE_E: Table = table!("E");
/// Table B1 (隅の星): the stone on row line 4, column line 4.
pub(crate) const TABLE_B1: Table = table!("B1");
/// Table C1 (隅の小目): the stone on row line 3, column line 4.
pub(crate) const TABLE_C1: Table = table!("C1");
/// Table D1 (4の二): the stone on row line 2, column line 4.
pub(crate) const TABLE_D1: Table = table!("D1");
/// Table E1 (4の一): the stone on row line 1, column line 4.
pub(crate) const TABLE_E1: Table = table!("E1");
/// Table C2 (隅の三々): the stone on row line 3, column line 3.
pub(crate) const TABLE_C2: Table = table!("C2");
/// Table D2 (3の二): the stone on row line 2, column line 3.
pub(crate) const TABLE_D2: Table = table!("D2");
/// Table E2 (3の一): the stone on row line 1, column line 3.
pub(crate) const TABLE_E2: Table = table!("E2");
/// Table D3 (2の二): the stone on row line 2, column line 2.
pub(crate) const TABLE_D3: Table = table!("D3");
/// Table E3 (2の一): the stone on row line 1, column line 2.
pub(crate) const TABLE_E3: Table = table!("E3");
/// Table E4 (1の一): the stone on row line 1, column line 1.
pub(crate) const TABLE_E4: Table = table!("E4");

/// Lines at and beyond this one from every edge count as the centre
/// (the paper's tables distinguish lines 1 to 4 and "5 or more").
pub(crate) const CENTRE_LINE: usize = 5;

/// The table for a stone whose smaller line is `a` and larger line `b`
/// (both 1-based, capped at [`CENTRE_LINE`], `a <= b`): the paper's
/// `paternTbl1` (a row per `a`, a column per `b`) resolved through
/// `paternTbl2`.
pub(crate) const TABLE_INDEX: [[Option<&Table>; CENTRE_LINE]; CENTRE_LINE] = [
    [
        Some(&TABLE_E4),
        Some(&TABLE_E3),
        Some(&TABLE_E2),
        Some(&TABLE_E1),
        Some(&TABLE_E),
    ],
    [
        None,
        Some(&TABLE_D3),
        Some(&TABLE_D2),
        Some(&TABLE_D1),
        Some(&TABLE_D),
    ],
    [None, None, Some(&TABLE_C2), Some(&TABLE_C1), Some(&TABLE_C)],
    [None, None, None, Some(&TABLE_B1), Some(&TABLE_B)],
    [None, None, None, None, Some(&TABLE_A)],
];

/// What a point radiates, in the compact form the moyo state keeps per
/// point: 0 nothing, `±SOURCE_FULL` a live stone, `±SOURCE_HALF` an injured
/// one; the sign is the colour's ([`crate::rules::Color::sign`]).
pub(crate) const SOURCE_FULL: i8 = 2;
/// See [`SOURCE_FULL`].
pub(crate) const SOURCE_HALF: i8 = 1;

/// What the point `p` of `board` radiates under `status` (see the module
/// doc: dead stones radiate nothing, injured ones half).
#[inline]
pub(crate) fn source(board: &Board, status: &StatusMap, p: Point) -> i8 {
    match board.get(p) {
        None => 0,
        Some(c) => {
            let strength = match status.get(p) {
                Status::Alive | Status::Seki | Status::Unknown => SOURCE_FULL,
                Status::Critical => SOURCE_HALF,
                Status::Dead => 0,
            };
            strength * c.sign() as i8
        }
    }
}

/// The value a source radiates for a table entry `value`.
#[inline]
fn scaled(value: i32, src: i8) -> i32 {
    let magnitude = if src.abs() == SOURCE_FULL {
        value
    } else {
        value / i32::from(INJURED_DIVISOR)
    };
    if src > 0 {
        magnitude
    } else {
        -magnitude
    }
}

/// The precomputed table radiation of every point of one board size:
/// `entries[start[i]..start[i + 1]]` are the `(padded index, value)` pairs
/// of a stone on the `i`-th point (row-major).
struct Stamps {
    start: Vec<u32>,
    entries: Vec<(u16, u8)>,
}

/// One cache per board size, filled on first use.
static TABLE_STAMPS: [OnceLock<Stamps>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

/// Half the side of the window a table covers around its stone: no table
/// entry lies more than 4 lines from the stone.
const REACH: usize = 4;

/// The line of coordinate `c` on a board of `size` (1-based distance to
/// the nearer edge, capped at [`CENTRE_LINE`]) and the orientations to use:
/// `[false]` when the low edge is nearer, `[true]` (mirrored) when the high
/// edge is, both when the two are equally near below the centre line.
fn line_and_mirrors(c: usize, size: usize) -> (usize, &'static [bool]) {
    let near = c + 1;
    let far = size - c;
    let line = near.min(far).min(CENTRE_LINE);
    let mirrors: &[bool] = if near < far || line == CENTRE_LINE {
        &[false]
    } else if far < near {
        &[true]
    } else {
        &[false, true]
    };
    (line, mirrors)
}

/// The table radiation of a stone at `(x, y)` on a board of `size`, as
/// `(dx, dy, value)` triples (off-board entries and zeros dropped).
pub(crate) fn table_radiation(size: usize, x: usize, y: usize) -> Vec<(i32, i32, u8)> {
    let (col_line, col_mirrors) = line_and_mirrors(x, size);
    let (row_line, row_mirrors) = line_and_mirrors(y, size);
    let transpose = row_line > col_line;
    let (a, b) = if transpose {
        (col_line, row_line)
    } else {
        (row_line, col_line)
    };
    // `a <= b` by construction, and the index is full on and above its
    // diagonal.
    let Some(table) = TABLE_INDEX[a - 1][b - 1] else {
        unreachable!("TABLE_INDEX has a table for every a <= b");
    };
    const SIDE: usize = 2 * REACH + 1;
    let mut window = [[0u8; SIDE]; SIDE];
    for &flip_y in row_mirrors {
        for &flip_x in col_mirrors {
            for r in 0..table.height {
                for c in 0..table.width {
                    let value = table.at(r, c);
                    if value == 0 {
                        continue;
                    }
                    let dr = r as i32 - table.stone_row as i32;
                    let dc = c as i32 - table.stone_col as i32;
                    let (dx, dy) = if transpose { (dr, dc) } else { (dc, dr) };
                    let dx = if flip_x { -dx } else { dx };
                    let dy = if flip_y { -dy } else { dy };
                    let cell =
                        &mut window[(dy + REACH as i32) as usize][(dx + REACH as i32) as usize];
                    *cell = (*cell).max(value);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (wy, row) in window.iter().enumerate() {
        for (wx, &value) in row.iter().enumerate() {
            let dx = wx as i32 - REACH as i32;
            let dy = wy as i32 - REACH as i32;
            let (bx, by) = (x as i32 + dx, y as i32 + dy);
            if value > 0 && bx >= 0 && by >= 0 && (bx as usize) < size && (by as usize) < size {
                out.push((dx, dy, value));
            }
        }
    }
    out
}

fn table_stamps(size: usize) -> &'static Stamps {
    TABLE_STAMPS[size].get_or_init(|| {
        let mut start = Vec::with_capacity(size * size + 1);
        let mut entries = Vec::new();
        for y in 0..size {
            for x in 0..size {
                start.push(entries.len() as u32);
                for (dx, dy, value) in table_radiation(size, x, y) {
                    let q = Point::from_xy((x as i32 + dx) as usize, (y as i32 + dy) as usize);
                    entries.push((q.index() as u16, value));
                }
            }
        }
        start.push(entries.len() as u32);
        Stamps { start, entries }
    })
}

/// `round(NAIVE_SCALE / d)` for every offset `(dx, dy)` with `dx, dy <
/// MAX_SIZE`, for the Manhattan (`[0]`) and the Euclidean (`[1]`) distance.
fn naive_values() -> &'static [[[u8; MAX_SIZE]; MAX_SIZE]; 3] {
    static NAIVE: OnceLock<[[[u8; MAX_SIZE]; MAX_SIZE]; 3]> = OnceLock::new();
    NAIVE.get_or_init(|| {
        let mut t = [[[0u8; MAX_SIZE]; MAX_SIZE]; 3];
        let [manhattan, euclid, halving] = &mut t;
        for dx in 0..MAX_SIZE {
            for dy in 0..MAX_SIZE {
                let d_manhattan = ((dx + dy) as f64).max(1.0);
                let d_euclid = (((dx * dx + dy * dy) as f64).sqrt()).max(1.0);
                manhattan[dx][dy] = (NAIVE_SCALE / d_manhattan).round() as u8;
                euclid[dx][dy] = (NAIVE_SCALE / d_euclid).round() as u8;
                halving[dx][dy] = (NAIVE_SCALE / 2f64.powi((dx + dy) as i32)).round() as u8;
            }
        }
        t
    })
}

/// Adds `times` (+1 or -1) the radiation of source `src` on `p` to the
/// padded potential `v` of a board of `size`; with a `mask` (sorted padded
/// indices) only the masked points receive it.
pub(crate) fn radiate(
    v: &mut [i32; CELLS],
    size: usize,
    f: RadiationModel,
    p: Point,
    src: i8,
    times: i32,
    mask: Option<&[u16]>,
) {
    let allowed = |q: u16| mask.is_none_or(|m| m.binary_search(&q).is_ok());
    match f {
        RadiationModel::Tables => {
            let stamps = table_stamps(size);
            let i = p.row_major(size);
            let range = stamps.start[i] as usize..stamps.start[i + 1] as usize;
            for &(q, value) in &stamps.entries[range] {
                if allowed(q) {
                    v[q as usize] += times * scaled(value as i32, src);
                }
            }
        }
        RadiationModel::NaiveManhattan | RadiationModel::NaiveEuclid | RadiationModel::Halving => {
            let t = &naive_values()[match f {
                RadiationModel::NaiveEuclid => 1,
                RadiationModel::Halving => 2,
                _ => 0,
            }];
            for y in 0..size {
                for x in 0..size {
                    let q = Point::from_xy(x, y).index() as u16;
                    if allowed(q) {
                        let value = t[x.abs_diff(p.x())][y.abs_diff(p.y())] as i32;
                        v[q as usize] += times * scaled(value, src);
                    }
                }
            }
        }
    }
}

/// The potential of every point of `board`, row-major from the top-left
/// (length `size * size`): the sum of the radiation of its stones under
/// `status` (Black positive).
///
/// ```
/// use moku::Board;
/// use moku::eval::{potential, RadiationModel};
/// use moku::rules::StatusMap;
/// let b = Board::from_ascii("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . X . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .");
/// let v = potential(&b, &StatusMap::all_alive(), RadiationModel::Tables);
/// assert_eq!(v[4 * 9 + 4], 100); // the stone itself
/// assert_eq!(v[4 * 9 + 5], 35); // its neighbour (table A: the 5th line both ways)
/// ```
pub fn potential(board: &Board, status: &StatusMap, influence: RadiationModel) -> Vec<i32> {
    let mut v = [0i32; CELLS];
    let size = board.size();
    for p in board.points() {
        let src = source(board, status, p);
        if src != 0 {
            radiate(&mut v, size, influence, p, src, 1, None);
        }
    }
    board.points().map(|p| v[p.index()]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;
    use crate::rules::Color;

    const ALL: [(&str, &Table); 15] = [
        ("A", &TABLE_A),
        ("B", &TABLE_B),
        ("C", &TABLE_C),
        ("D", &TABLE_D),
        ("E", &TABLE_E),
        ("B1", &TABLE_B1),
        ("C1", &TABLE_C1),
        ("D1", &TABLE_D1),
        ("E1", &TABLE_E1),
        ("C2", &TABLE_C2),
        ("D2", &TABLE_D2),
        ("E2", &TABLE_E2),
        ("D3", &TABLE_D3),
        ("E3", &TABLE_E3),
        ("E4", &TABLE_E4),
    ];

    fn lone(size: usize, x: usize, y: usize, c: Color) -> Vec<i32> {
        let mut b = Board::new(size).unwrap();
        b.set_stone(pt(x, y), Some(c));
        potential(&b, &StatusMap::all_alive(), RadiationModel::Tables)
    }

    fn grid(text: &str) -> Vec<i32> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    }

    /// The table placed by hand: its stone on `(x, y)`, rows along the
    /// board's columns if `transpose`, mirrored as asked, clipped.
    fn place(
        t: &Table,
        size: usize,
        x: usize,
        y: usize,
        flip_x: bool,
        flip_y: bool,
        transpose: bool,
    ) -> Vec<i32> {
        let mut g = vec![0; size * size];
        for r in 0..t.height {
            for c in 0..t.width {
                let (dr, dc) = (r as i32 - t.stone_row as i32, c as i32 - t.stone_col as i32);
                let (mut dx, mut dy) = if transpose { (dr, dc) } else { (dc, dr) };
                if flip_x {
                    dx = -dx;
                }
                if flip_y {
                    dy = -dy;
                }
                let (bx, by) = (x as i32 + dx, y as i32 + dy);
                if bx >= 0 && by >= 0 && (bx as usize) < size && (by as usize) < size {
                    g[by as usize * size + bx as usize] += t.at(r, c) as i32;
                }
            }
        }
        g
    }

    #[test]
    fn tables_as_printed() {
        for (name, t) in ALL {
            assert_eq!(t.values.len(), t.width * t.height, "{name}");
            assert_eq!(t.at(t.stone_row, t.stone_col), 100, "{name}: the stone");
            assert_eq!(t.values.iter().filter(|&&v| v == 100).count(), 1, "{name}");
            // The stone sits on its lines: row `stone_row + 1`, column
            // `stone_col + 1` (or the centre, 5).
            assert!(
                t.stone_row < CENTRE_LINE && t.stone_col < CENTRE_LINE,
                "{name}"
            );
        }
        // Hand-picked entries, read off the paper's appendix.
        let picks: [(&Table, usize, usize, u8); 24] = [
            (&TABLE_A, 0, 4, 5),
            (&TABLE_A, 2, 2, 7),
            (&TABLE_B, 2, 4, 44),
            (&TABLE_B, 0, 3, 20),
            (&TABLE_C, 0, 4, 51),
            (&TABLE_C, 1, 2, 17),
            (&TABLE_D, 0, 4, 78),
            (&TABLE_D, 1, 1, 13),
            (&TABLE_E, 0, 3, 54),
            (&TABLE_E, 0, 0, 5),
            (&TABLE_B1, 1, 1, 21),
            (&TABLE_B1, 4, 7, 6),
            (&TABLE_C1, 2, 0, 32),
            (&TABLE_C1, 0, 0, 23),
            (&TABLE_D1, 4, 1, 12),
            (&TABLE_D1, 0, 3, 78),
            (&TABLE_E1, 0, 2, 63),
            (&TABLE_E1, 0, 1, 36),
            (&TABLE_C2, 1, 1, 39),
            (&TABLE_D2, 0, 2, 85),
            (&TABLE_E2, 0, 1, 70),
            (&TABLE_D3, 0, 0, 57),
            (&TABLE_E3, 0, 0, 97),
            (&TABLE_E4, 0, 4, 5),
        ];
        for (t, r, c, v) in picks {
            assert_eq!(t.at(r, c), v, "row {r} col {c}");
        }
    }

    #[test]
    fn index_is_the_papers() {
        // paternTbl1 and paternTbl2 as printed in the appendix.
        let tbl1 = [
            [15, 14, 12, 9, 5],
            [0, 13, 11, 8, 4],
            [0, 0, 10, 7, 3],
            [0, 0, 0, 6, 2],
            [0, 0, 0, 0, 1],
        ];
        let tbl2: [Option<&Table>; 16] = [
            None,
            Some(&TABLE_A),
            Some(&TABLE_B),
            Some(&TABLE_C),
            Some(&TABLE_D),
            Some(&TABLE_E),
            Some(&TABLE_B1),
            Some(&TABLE_C1),
            Some(&TABLE_D1),
            Some(&TABLE_E1),
            Some(&TABLE_C2),
            Some(&TABLE_D2),
            Some(&TABLE_E2),
            Some(&TABLE_D3),
            Some(&TABLE_E3),
            Some(&TABLE_E4),
        ];
        for a in 0..5 {
            for b in 0..5 {
                let ours = TABLE_INDEX[a][b].map(|t| t as *const Table);
                let paper = tbl2[tbl1[a][b]].map(|t| t as *const Table);
                assert_eq!(ours, paper, "a {a} b {b}");
            }
        }
        // Each table's stone sits on the lines its index says.
        for a in 1..=5 {
            for b in a..=5 {
                let t = TABLE_INDEX[a - 1][b - 1].unwrap();
                assert_eq!(t.stone_row, (a - 1).min(4));
                assert_eq!(t.stone_col, (b - 1).min(4));
            }
        }
    }

    #[test]
    fn table_symmetries() {
        // The side and centre tables are symmetric left-right.
        for t in [&TABLE_A, &TABLE_B, &TABLE_C, &TABLE_D, &TABLE_E] {
            for r in 0..t.height {
                for c in 0..t.width {
                    assert_eq!(t.at(r, c), t.at(r, t.width - 1 - c));
                }
            }
        }
        // The diagonal corner tables are symmetric about the diagonal,
        // except B1 in three pairs (transcribed as printed).
        for t in [&TABLE_C2, &TABLE_D3, &TABLE_E4] {
            for r in 0..t.height {
                for c in 0..t.width {
                    assert_eq!(t.at(r, c), t.at(c, r));
                }
            }
        }
        let mut odd = Vec::new();
        for r in 0..8 {
            for c in r + 1..8 {
                if TABLE_B1.at(r, c) != TABLE_B1.at(c, r) {
                    odd.push((r, c, TABLE_B1.at(r, c), TABLE_B1.at(c, r)));
                }
            }
        }
        assert_eq!(odd, vec![(0, 2, 26, 24), (1, 2, 26, 24), (4, 7, 6, 0)]);
    }

    #[test]
    fn a_lone_stone_radiates_its_table_by_hand() {
        // White on 9x9 at (6,5): column line 3 from the right, row line 4
        // from the bottom: table C1, transposed (row line > column line),
        // mirrored both ways, negated. C1's first row lies along the right
        // edge, bottom first: 23 27 32 20 12 7 0.
        let expected = grid(
            "
               0    0    0    0    0    0    0    0    0
               0    0    0    0    0    0   -5    0    0
               0    0    0    0   -6   -7   -7   -7   -7
               0    0    0   -6   -7  -10  -18  -17  -13
               0    0    0   -7  -10  -19  -42  -29  -20
               0    0   -5   -7  -12  -35 -100  -51  -51
               0    0    0   -7  -12  -26  -51  -36  -35
               0    0    0   -7  -12  -20  -32  -27  -24
               0    0    0   -7  -12  -20  -32  -27  -23",
        );
        assert_eq!(lone(9, 6, 5, Color::White), expected);
        // Black on the 1-1 point in the bottom-left of 7x7: E4 upside
        // down.
        let expected = grid(
            "
               0    0    0    0    0    0    0
               0    0    0    0    0    0    0
               5    0    0    0    0    0    0
              14    7    6    0    0    0    0
              22   10    7    6    0    0    0
              54   19   10    7    0    0    0
             100   54   22   14    5    0    0",
        );
        assert_eq!(lone(7, 0, 6, Color::Black), expected);
        // The centre of 19x19: table A, clipped nowhere.
        let v = lone(19, 9, 9, Color::Black);
        assert_eq!(v, place(&TABLE_A, 19, 9, 9, false, false, false));
        assert_eq!(
            v.iter().sum::<i32>(),
            TABLE_A.values.iter().map(|&x| x as i32).sum::<i32>()
        );
    }

    #[test]
    fn a_lone_stone_in_every_corner_and_on_every_edge() {
        // For every pair of lines (1..=5 each) and every corner of 19x19,
        // Black and White.
        let size = 19;
        for row_line in 1..=5 {
            for col_line in 1..=5 {
                let transpose = row_line > col_line;
                let (a, b) = if transpose {
                    (col_line, row_line)
                } else {
                    (row_line, col_line)
                };
                let t = TABLE_INDEX[a - 1][b - 1].unwrap();
                for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)]
                {
                    let x = if flip_x {
                        size - col_line
                    } else {
                        col_line - 1
                    };
                    let y = if flip_y {
                        size - row_line
                    } else {
                        row_line - 1
                    };
                    let expected = place(t, size, x, y, flip_x, flip_y, transpose);
                    assert_eq!(
                        lone(size, x, y, Color::Black),
                        expected,
                        "lines {row_line},{col_line} at ({x},{y})"
                    );
                    let neg: Vec<i32> = expected.iter().map(|v| -v).collect();
                    assert_eq!(lone(size, x, y, Color::White), neg);
                }
            }
        }
        // Named points in the top-left: 4-4 (B1 as printed), 3-4 (C1),
        // 4-3 (C1 transposed), 3-3 (C2), 2-2 (D3), 1-1 (E4).
        let cases: [(usize, usize, &Table, bool); 6] = [
            (3, 3, &TABLE_B1, false),
            (3, 2, &TABLE_C1, false),
            (2, 3, &TABLE_C1, true),
            (2, 2, &TABLE_C2, false),
            (1, 1, &TABLE_D3, false),
            (0, 0, &TABLE_E4, false),
        ];
        for (x, y, t, tr) in cases {
            assert_eq!(
                lone(19, x, y, Color::Black),
                place(t, 19, x, y, false, false, tr)
            );
        }
        // The edge lines, in the middle of each edge: top (as printed),
        // bottom (upside down), left and right (transposed).
        for (line, t) in [(1, &TABLE_E), (2, &TABLE_D), (3, &TABLE_C), (4, &TABLE_B)] {
            let d = line - 1;
            assert_eq!(
                lone(19, 9, d, Color::Black),
                place(t, 19, 9, d, false, false, false)
            );
            assert_eq!(
                lone(19, 9, 18 - d, Color::Black),
                place(t, 19, 9, 18 - d, false, true, false)
            );
            assert_eq!(
                lone(19, d, 9, Color::Black),
                place(t, 19, d, 9, false, false, true)
            );
            assert_eq!(
                lone(19, 18 - d, 9, Color::Black),
                place(t, 19, 18 - d, 9, true, false, true)
            );
        }
    }

    #[test]
    fn equidistant_from_opposite_edges_takes_the_maximum() {
        // The centre of 5x5 is the 3-3 point from all four corners: the
        // maximum of C2's four mirror images (C2 around its stone is
        // 27 36 57 20 13 / 36 39 58 29 17 / 57 58 100 42 18 / ...).
        let expected = grid(
            "
            27 36  57 36 27
            36 39  58 39 36
            57 58 100 58 57
            36 39  58 39 36
            27 36  57 36 27",
        );
        assert_eq!(lone(5, 2, 2, Color::Black), expected);
        // A 6x6 board has no middle line: the nearer edge decides.
        assert_eq!(
            lone(6, 2, 2, Color::Black),
            place(&TABLE_C2, 6, 2, 2, false, false, false)
        );
        assert_eq!(
            lone(6, 3, 2, Color::Black),
            place(&TABLE_C2, 6, 3, 2, true, false, false)
        );
    }

    fn mirrored(v: &[i32], size: usize, f: impl Fn(usize, usize) -> (usize, usize)) -> Vec<i32> {
        let mut out = vec![0; size * size];
        for y in 0..size {
            for x in 0..size {
                let (mx, my) = f(x, y);
                out[my * size + mx] = v[y * size + x];
            }
        }
        out
    }

    #[test]
    fn a_symmetric_position_has_a_symmetric_potential() {
        // Left-right symmetric.
        let b = Board::from_ascii(
            "
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . O . . . . . . . . . . . O . . .
            . . . X . . . . . X . . . . . X . . .
            . . X . . . . . . . . . . . . . X . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . O . . . O . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . X . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . X . . . . . . . . . . . X . . .
            . . . . O . . . . . . . . . O . . . .
            . . . . . . . . . . . . . . . . . . .
            X . . . . . . . . O . . . . . . . . X",
        );
        let v = potential(&b, &StatusMap::all_alive(), RadiationModel::Tables);
        assert_eq!(v, mirrored(&v, 19, |x, y| (18 - x, y)));
        // Point symmetric (180 degrees), colours swapped: the potential
        // is antisymmetric.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . X . . . O .
            . . . X . . .
            . . X . O . .
            . . . O . . .
            . X . . . O .
            . . . . . . .",
        );
        let v = potential(&b, &StatusMap::all_alive(), RadiationModel::Tables);
        let rot: Vec<i32> = mirrored(&v, 7, |x, y| (6 - x, 6 - y))
            .iter()
            .map(|x| -x)
            .collect();
        assert_eq!(v, rot);
        // A stone in the centre of 7x7 (the 4-4 point from every corner):
        // symmetric under both mirrors despite B1's asymmetry.
        let v = lone(7, 3, 3, Color::Black);
        assert_eq!(v, mirrored(&v, 7, |x, y| (6 - x, y)));
        assert_eq!(v, mirrored(&v, 7, |x, y| (x, 6 - y)));
    }

    #[test]
    fn status_weights() {
        let mut b = Board::new(9).unwrap();
        b.set_stone(pt(4, 4), Some(Color::Black));
        let full = potential(&b, &StatusMap::all_alive(), RadiationModel::Tables);
        let mut s = StatusMap::all_alive();
        s.set_string(&b, pt(4, 4), Status::Critical);
        let half = potential(&b, &s, RadiationModel::Tables);
        assert_eq!(
            half,
            full.iter()
                .map(|v| v / i32::from(INJURED_DIVISOR))
                .collect::<Vec<_>>()
        );
        s.set_string(&b, pt(4, 4), Status::Dead);
        assert!(potential(&b, &s, RadiationModel::Tables)
            .iter()
            .all(|&v| v == 0));
        s.set_string(&b, pt(4, 4), Status::Unknown);
        assert_eq!(potential(&b, &s, RadiationModel::Tables), full);
    }

    #[test]
    fn the_halving_function() {
        // 1/2^d with the Manhattan distance from a white stone in the
        // corner of 9x9, scaled to 100: along the edge d = 0..=4 gives
        // 100, 50, 25, 12.5 (13) and 6.25 (6); the diagonal point (1,1)
        // is at d = 2 (25); beyond d = 7 nothing is left (the far corner
        // is at 16).
        let mut b = Board::new(9).unwrap();
        b.set_stone(pt(0, 0), Some(Color::White));
        let h = potential(&b, &StatusMap::all_alive(), RadiationModel::Halving);
        assert_eq!(&h[..5], &[-100, -50, -25, -13, -6]);
        assert_eq!(h[9 + 1], -25);
        // d = 7: 100/128 rounds to 1; d = 8: 100/256 rounds to 0.
        assert_eq!((h[7], h[8]), (-1, 0));
        assert_eq!(h[80], 0);
    }

    #[test]
    fn naive_functions() {
        let mut b = Board::new(9).unwrap();
        b.set_stone(pt(0, 0), Some(Color::White));
        let s = StatusMap::all_alive();
        let m = potential(&b, &s, RadiationModel::NaiveManhattan);
        let e = potential(&b, &s, RadiationModel::NaiveEuclid);
        // d = 0, 1, 2, 3, 4 along the edge: 100, 100, 50, 33, 25.
        assert_eq!(&m[..5], &[-100, -100, -50, -33, -25]);
        assert_eq!(&e[..5], &[-100, -100, -50, -33, -25]);
        // (1,1): Manhattan 2 -> 50, Euclid sqrt 2 -> 71; (4,3): 7 -> 14,
        // 5 -> 20. The whole board is reached: (8,8) Manhattan 16 -> 6.
        assert_eq!((m[9 + 1], e[9 + 1]), (-50, -71));
        assert_eq!((m[3 * 9 + 4], e[3 * 9 + 4]), (-14, -20));
        assert_eq!(m[80], -6);
    }
}
