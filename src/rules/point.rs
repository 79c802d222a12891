//! Points and vertices: the one place that converts between the engine's
//! padded indices and the outside world's coordinates.
//!
//! Inside the engine a point is an index into a padded 1-D array with a
//! fixed stride of [`STRIDE`] = 27 (the largest board, 25, plus a wall on
//! each side), whatever the board size. The fixed stride means a point
//! knows its own `(x, y)` and its neighbours are always `±1` and
//! `±STRIDE`; smaller boards simply have more wall cells.
//!
//! At every boundary a point is a *vertex*: GTP text (`Q16`, `pass`, column
//! letters skip `I`, row 1 at the bottom) or `{x, y}` counted from the
//! top-left from 0 (the SGF and Sabaki convention).

use std::fmt;

/// Smallest supported board.
pub const MIN_SIZE: usize = 2;
/// Largest supported board (GTP letters without `I` run out at 25).
pub const MAX_SIZE: usize = 25;
/// The smallest large board. A board is large from 13x13 up and small
/// below: on 13x13 the star points stand on the 4th line and the corners
/// stand apart (a corner sequence fits without meeting the next one), as
/// on 19x19, while on 9x9 the corners overlap and the whole board is one
/// fight. The engine's rules "from 13x13 up" (joseki, the guard, the
/// tree's large-board priors and playout rules, the lead it keeps) all
/// ask [`is_large_board`]; the tree's widening and expansion are the one
/// place that keeps 13x13 with the small boards (they were set on 9x9).
pub const LARGE_BOARD_MIN_SIZE: usize = 13;

/// Whether a board of `size` is large: 13x13 and up
/// ([`LARGE_BOARD_MIN_SIZE`]).
///
/// ```
/// use moku::rules::is_large_board;
/// assert!(is_large_board(19) && is_large_board(13));
/// assert!(!is_large_board(9) && !is_large_board(12));
/// ```
pub const fn is_large_board(size: usize) -> bool {
    size >= LARGE_BOARD_MIN_SIZE
}

/// Row stride of the padded array: `MAX_SIZE` plus two walls.
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;

/// GTP column letters: `A`..`Z` without `I`.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A board point as a padded index. Only meaningful together with a board
/// size; [`Point::from_xy`] never produces a wall cell for `x, y < size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The point `x` columns from the left and `y` rows from the top (both
    /// from 0). The caller guarantees `x, y < MAX_SIZE`.
    #[inline]
    pub const fn from_xy(x: usize, y: usize) -> Point {
        Point(((y + 1) * STRIDE + x + 1) as u16)
    }

    /// Column from the left, from 0.
    #[inline]
    pub const fn x(self) -> usize {
        self.0 as usize % STRIDE - 1
    }

    /// Row from the top, from 0.
    #[inline]
    pub const fn y(self) -> usize {
        self.0 as usize / STRIDE - 1
    }

    /// The padded index, for per-point arrays of length [`CELLS`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row-major index of this point in a `size * size` map read from
    /// the top-left (the layout of every map at the boundaries: text
    /// boards, the JS typed arrays).
    ///
    /// ```
    /// use moku::Point;
    /// assert_eq!(Point::from_xy(2, 1).row_major(9), 11);
    /// assert_eq!(Point::from_row_major(11, 9), Point::from_xy(2, 1));
    /// ```
    #[inline]
    pub const fn row_major(self, size: usize) -> usize {
        self.y() * size + self.x()
    }

    /// The point at row-major index `i` of a `size * size` map.
    #[inline]
    pub const fn from_row_major(i: usize, size: usize) -> Point {
        Point::from_xy(i % size, i / size)
    }

    /// The point with padded index `i` (walls included; used by array walks).
    #[inline]
    pub const fn from_index(i: usize) -> Point {
        Point(i as u16)
    }

    /// The four orthogonal neighbours (some may be walls).
    #[inline]
    pub const fn neighbors(self) -> [Point; 4] {
        let p = self.0;
        [
            Point(p - STRIDE as u16),
            Point(p - 1),
            Point(p + 1),
            Point(p + STRIDE as u16),
        ]
    }

    /// The four diagonal neighbours (some may be walls).
    #[inline]
    pub const fn diagonals(self) -> [Point; 4] {
        let p = self.0;
        let s = STRIDE as u16;
        [
            Point(p - s - 1),
            Point(p - s + 1),
            Point(p + s - 1),
            Point(p + s + 1),
        ]
    }

    /// The vertex of this point.
    pub const fn vertex(self) -> Vertex {
        Vertex {
            x: self.x() as u8,
            y: self.y() as u8,
        }
    }

    /// Offsets this point by `(dx, dy)` if the result lies on a board of
    /// `size`.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32, size: usize) -> Option<Point> {
        let x = self.x() as i32 + dx;
        let y = self.y() as i32 + dy;
        if x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size {
            Some(Point::from_xy(x as usize, y as usize))
        } else {
            None
        }
    }
}

/// A set of points as one bit per padded cell (96 bytes on the stack):
/// the board's hot queries (a chain's liberties, the liberties a move
/// would have) count distinct points with it instead of searching a list,
/// which was quadratic in the liberties and allocated on every call.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PointSet {
    bits: [u64; CELLS.div_ceil(64)],
    len: usize,
}

impl PointSet {
    /// The empty set.
    #[inline]
    pub(crate) const fn new() -> PointSet {
        PointSet {
            bits: [0; CELLS.div_ceil(64)],
            len: 0,
        }
    }

    /// Adds `p`; `true` if it was not in the set yet.
    #[inline]
    pub(crate) fn insert(&mut self, p: Point) -> bool {
        let (word, bit) = (p.index() / 64, 1u64 << (p.index() % 64));
        let new = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        // Not `self.len += usize::from(new)`: rustc 1.95.0 with -O
        // miscompiles that form once inlined (the count stayed 0 after
        // three new points in `a_point_set_counts_each_point_once`, in a
        // release build only; reproduced in a 20-line program outside the
        // crate). The branch compiles correctly.
        if new {
            self.len += 1;
        }
        new
    }

    /// Whether `p` is in the set.
    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.bits[p.index() / 64] & (1u64 << (p.index() % 64)) != 0
    }

    /// How many points the set holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// A board coordinate from the top-left, from 0: the SGF and Sabaki
/// convention, and the `{x, y}` form of the JS API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vertex {
    /// The column, from 0 at the left.
    pub x: u8,
    /// The row, from 0 at the top.
    pub y: u8,
}

impl Vertex {
    /// The engine point of this vertex on a board of `size`, or an error if
    /// it lies off the board.
    pub fn to_point(self, size: usize) -> Result<Point, VertexError> {
        if (self.x as usize) < size && (self.y as usize) < size {
            Ok(Point::from_xy(self.x as usize, self.y as usize))
        } else {
            Err(VertexError::OffBoard {
                text: format!("{{x: {}, y: {}}}", self.x, self.y),
                size,
            })
        }
    }
}

/// Why a coordinate was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not a coordinate at all.
    Malformed(String),
    /// A coordinate that lies outside a board of this size.
    OffBoard {
        /// The coordinate as given.
        text: String,
        /// The board size it does not fit.
        size: usize,
    },
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexError::Malformed(t) => write!(
                f,
                "'{t}' is not a board coordinate (expected e.g. D4 or pass)"
            ),
            VertexError::OffBoard { text, size } => {
                write!(f, "{text} is off the {size}x{size} board")
            }
        }
    }
}

impl std::error::Error for VertexError {}

/// Parses a GTP vertex (`Q16`, `q16`, `pass`). Returns `Ok(None)` for a pass.
///
/// ```
/// use moku::Point;
/// use moku::rules::parse_gtp_vertex;
/// assert_eq!(parse_gtp_vertex("A19", 19).unwrap(), Some(Point::from_xy(0, 0)));
/// assert_eq!(parse_gtp_vertex("J1", 19).unwrap(), Some(Point::from_xy(8, 18)));
/// assert_eq!(parse_gtp_vertex("pass", 19).unwrap(), None);
/// assert!(parse_gtp_vertex("I5", 19).is_err());
/// assert!(parse_gtp_vertex("T20", 19).is_err());
/// ```
pub fn parse_gtp_vertex(text: &str, size: usize) -> Result<Option<Point>, VertexError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let malformed = || VertexError::Malformed(t.to_string());
    let mut chars = t.chars();
    let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
    let x = GTP_COLUMNS
        .iter()
        .position(|&c| c as char == letter)
        .ok_or_else(malformed)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let row: usize = digits.parse().map_err(|_| malformed())?;
    if row == 0 || row > size || x >= size {
        return Err(VertexError::OffBoard {
            text: t.to_string(),
            size,
        });
    }
    Ok(Some(Point::from_xy(x, size - row)))
}

/// The GTP letter of column `x` (0-based from the left; `I` is skipped).
///
/// ```
/// use moku::rules::gtp_column;
/// assert_eq!((gtp_column(7), gtp_column(8)), ('H', 'J'));
/// ```
pub fn gtp_column(x: usize) -> char {
    GTP_COLUMNS[x] as char
}

/// The GTP text of a point on a board of `size` (`Q16`).
pub fn gtp_vertex(p: Point, size: usize) -> String {
    format!("{}{}", gtp_column(p.x()), size - p.y())
}

/// The GTP text of a move: a vertex or `pass`.
pub fn gtp_move(p: Option<Point>, size: usize) -> String {
    match p {
        Some(p) => gtp_vertex(p, size),
        None => "pass".to_string(),
    }
}

/// Tests' shorthand for [`Point::from_xy`]: column `x`, row `y` from the
/// top-left.
#[cfg(test)]
pub(crate) fn pt(x: usize, y: usize) -> Point {
    Point::from_xy(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xy_round_trip_and_neighbours() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Point::from_xy(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
            }
        }
        let p = Point::from_xy(3, 4);
        let n = p.neighbors();
        assert_eq!(n[0], Point::from_xy(3, 3));
        assert_eq!(n[3], Point::from_xy(3, 5));
        assert_eq!(n[1], Point::from_xy(2, 4));
    }

    #[test]
    fn a_point_set_counts_each_point_once() {
        let mut set = PointSet::new();
        let (a, b) = (Point::from_xy(0, 0), Point::from_xy(24, 24));
        assert!(set.insert(a));
        assert!(!set.insert(a));
        assert!(set.insert(b));
        assert!(!set.insert(b));
        assert!(set.insert(Point::from_xy(1, 0)));
        assert_eq!(set.len(), 3);
    }

    #[test]
    fn gtp_vertices_skip_i() {
        assert_eq!(gtp_vertex(Point::from_xy(8, 0), 19), "J19");
        assert_eq!(gtp_vertex(Point::from_xy(15, 3), 19), "Q16");
        assert_eq!(
            parse_gtp_vertex("q16", 19).unwrap(),
            Some(Point::from_xy(15, 3))
        );
        assert_eq!(
            parse_gtp_vertex("Z25", 25).unwrap(),
            Some(Point::from_xy(24, 0))
        );
        for v in ["K10", "A0"] {
            assert!(
                matches!(parse_gtp_vertex(v, 9), Err(VertexError::OffBoard { .. })),
                "{v:?}"
            );
        }
        for v in ["", "A-1", "A999", "ö3"] {
            assert!(
                matches!(parse_gtp_vertex(v, 9), Err(VertexError::Malformed(_))),
                "{v:?}"
            );
        }
    }
}
