//! The pattern database: good and bad shape and tesuji around a move, in
//! a readable text file (`patterns.txt`, ours) compiled into the binary
//! and parsed once. Each pattern has a name and an *efficiency factor*
//! (Handtalk's idea: > 1 good shape or urgent, < 1 bad shape or slow)
//! that multiplies the value of a move it matches.
//!
//! Scope: the Handtalk note's diamond (docs/provenance.md), offsets `(dx, dy)` with `dx² + dy² <= 10`
//! around the move. A pattern is drawn as a small grid with `*` on the
//! move; cells: `X` a stone of the mover, `O` an opponent stone, `.`
//! empty, `x` mover's stone or empty, `o` opponent stone or empty, `#`
//! off the board, `?` (or nothing) anything; a blank line ends the grid
//! and `//` starts a comment line. Every pattern is matched in
//! all 8 symmetries of the square and for both colours (`X` is always
//! the side to move).
//!
//! A pattern whose head ends in `slow` (`pattern NAME FACTOR slow`) is
//! bad only because it makes the opponent's stones stronger (crawling
//! under them, pushing from behind): its `O` cells are the stones it
//! strengthens, and the words name it only where those stones live
//! ([`Pattern::opponent_stones`]).
//!
//! A pattern may carry a sequence (Many Faces of Go's pattern database
//! of sequences, docs/provenance.md): `1` marks the opponent's expected
//! reply and `2` the mover's answer to it, both empty when the pattern
//! matches. The classic search reads the sequence as a line
//! ([`follow_ups`]): after the move, the reply is tried first for the
//! opponent; after the reply, the answer for the mover.
//!
//! The matcher: each pattern is compiled into 8 lists of cell tests
//! (padded board offsets, nearest cells first so that most tests fail
//! at once); identical symmetric images are kept once.

use std::sync::OnceLock;

use crate::rules::{Board, Color, Point};

/// The database text.
const TEXT: &str = include_str!("patterns.txt");
/// The largest squared distance from the move a cell may have (the
/// Handtalk note's diamond).
pub const MAX_D2: i32 = 10;

/// What a cell must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Own,
    Opponent,
    Empty,
    OwnOrEmpty,
    OpponentOrEmpty,
    OffBoard,
    /// Empty; the opponent's expected reply (`1`).
    Reply,
    /// Empty; the mover's answer to the reply (`2`).
    Answer,
}

/// One compiled pattern.
#[derive(Debug)]
pub struct Pattern {
    /// Its name, shown as a reason.
    pub name: &'static str,
    /// Its efficiency factor.
    pub factor: f32,
    /// Whether it is slow: bad because it strengthens the opponent's
    /// stones its `O` cells hold, and only where those stones live.
    pub slow: bool,
    /// The cell tests of each distinct symmetric image: `(dx, dy, cell)`.
    images: Vec<Vec<(i32, i32, Cell)>>,
    /// Whether it carries a sequence (a reply cell).
    sequence: bool,
}

/// Parses the database text; an error names the line.
pub fn parse(text: &'static str) -> Result<Vec<Pattern>, String> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let at = i;
        let err = |what: &str| format!("patterns.txt line {at}: {what}");
        let Some(head) = line.strip_prefix("pattern ") else {
            return Err(err("expected 'pattern NAME FACTOR'"));
        };
        let (head, slow) = match head.strip_suffix(" slow") {
            Some(h) => (h, true),
            None => (head, false),
        };
        let (name, factor) = head.rsplit_once(' ').ok_or_else(|| err("no factor"))?;
        let factor: f32 = factor.parse().map_err(|_| err("the factor is a number"))?;
        if !(0.1..=3.0).contains(&factor) {
            return Err(err("the factor is between 0.1 and 3"));
        }
        if slow && factor >= 1.0 {
            return Err(err("a slow pattern is bad shape: its factor is below 1"));
        }
        let start = i;
        let mut grid: Vec<Vec<char>> = Vec::new();
        while i < lines.len() && !lines[i].trim().is_empty() {
            grid.push(
                lines[i]
                    .split_whitespace()
                    .flat_map(|w| w.chars())
                    .collect(),
            );
            i += 1;
        }
        let mut star = None;
        for (y, row) in grid.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                if ch == '*' {
                    if star.is_some() {
                        return Err(format!("patterns.txt line {}: two moves", start + y + 1));
                    }
                    star = Some((x as i32, y as i32));
                }
            }
        }
        let (sx, sy) = star.ok_or_else(|| err("no '*' for the move"))?;
        let mut cells = Vec::new();
        for (y, row) in grid.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let cell = match ch {
                    '*' | '?' => continue,
                    'X' => Cell::Own,
                    'O' => Cell::Opponent,
                    '.' => Cell::Empty,
                    'x' => Cell::OwnOrEmpty,
                    'o' => Cell::OpponentOrEmpty,
                    '#' => Cell::OffBoard,
                    '1' => Cell::Reply,
                    '2' => Cell::Answer,
                    c => {
                        return Err(format!(
                            "patterns.txt line {}: unknown cell '{c}'",
                            start + y + 1
                        ))
                    }
                };
                let (dx, dy) = (x as i32 - sx, y as i32 - sy);
                if dx * dx + dy * dy > MAX_D2 {
                    return Err(format!(
                        "patterns.txt line {}: a cell outside the diamond (d² > 10)",
                        start + y + 1
                    ));
                }
                cells.push((dx, dy, cell));
            }
        }
        if cells.is_empty() {
            return Err(err("a pattern without cells"));
        }
        let count = |c: Cell| cells.iter().filter(|e| e.2 == c).count();
        if count(Cell::Reply) > 1 || count(Cell::Answer) > 1 {
            return Err(err("a sequence has one reply (1) and one answer (2)"));
        }
        if count(Cell::Answer) == 1 && count(Cell::Reply) == 0 {
            return Err(err("an answer (2) without a reply (1)"));
        }
        let sequence = count(Cell::Reply) == 1;
        cells.sort_by_key(|&(dx, dy, _)| dx * dx + dy * dy);
        let mut images: Vec<Vec<(i32, i32, Cell)>> = Vec::new();
        for s in 0..8 {
            let mut img: Vec<(i32, i32, Cell)> = cells
                .iter()
                .map(|&(dx, dy, c)| {
                    let (x, y) = symmetry(s, dx, dy);
                    (x, y, c)
                })
                .collect();
            let mut key = img.clone();
            key.sort_by_key(|&(x, y, _)| (x, y));
            if !images.iter().any(|m| {
                let mut k = m.clone();
                k.sort_by_key(|&(x, y, _)| (x, y));
                k == key
            }) {
                img.sort_by_key(|&(x, y, _)| x * x + y * y);
                images.push(img);
            }
        }
        if slow && !cells.iter().any(|&(_, _, c)| c == Cell::Opponent) {
            return Err(err(
                "a slow pattern names the opponent's stones it strengthens (O)",
            ));
        }
        out.push(Pattern {
            name: name.trim(),
            factor,
            slow,
            images,
            sequence,
        });
    }
    Ok(out)
}

/// Symmetry `s` (0..8) of the square applied to `(dx, dy)`.
fn symmetry(s: usize, dx: i32, dy: i32) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let x = if s & 1 != 0 { -x } else { x };
    let y = if s & 2 != 0 { -y } else { y };
    (x, y)
}

/// The database, parsed once.
pub fn database() -> &'static [Pattern] {
    static DB: OnceLock<Vec<Pattern>> = OnceLock::new();
    DB.get_or_init(|| parse(TEXT).unwrap_or_else(|e| panic!("{e}")))
}

impl Pattern {
    /// Whether the pattern matches a move of `me` at `p` on `board`, in
    /// any symmetry.
    pub fn matches(&self, board: &Board, p: Point, me: Color) -> bool {
        self.images
            .iter()
            .any(|img| image_match(img, board, p, me, None).is_some())
    }

    /// The opponent stones its `O` cells hold for a move of `me` at
    /// `p`, over every symmetry that matches (empty when none does).
    ///
    /// ```
    /// use moku::{Board, Color, Point};
    /// use moku::engine::patterns;
    /// // White's C1 crawls under Black's B2 and C2, on the first line.
    /// let b = Board::from_ascii("
    ///     . . . . .
    ///     . . . . .
    ///     . . . . .
    ///     . X X . .
    ///     . O . . .");
    /// let crawl = patterns::database()
    ///     .iter()
    ///     .find(|p| p.name == "crawling on the first line")
    ///     .unwrap();
    /// assert!(crawl.slow);
    /// let mut under = crawl.opponent_stones(&b, Point::from_xy(2, 4), Color::White);
    /// under.sort();
    /// assert_eq!(under, vec![Point::from_xy(1, 3), Point::from_xy(2, 3)]);
    /// ```
    pub fn opponent_stones(&self, board: &Board, p: Point, me: Color) -> Vec<Point> {
        let (px, py) = (p.x() as i32, p.y() as i32);
        let mut out = Vec::new();
        for img in &self.images {
            if image_match(img, board, p, me, None).is_none() {
                continue;
            }
            for &(dx, dy, cell) in img {
                if cell == Cell::Opponent {
                    let q = Point::from_xy((px + dx) as usize, (py + dy) as usize);
                    if !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// The next move of the pattern's sequence after `me` played its
    /// move at `p` (the `*` cell is not looked at, so `p` may hold the
    /// stone): with `replied` `None`, the opponent's reply; with the
    /// opponent's reply at `replied` (the `1` cell), `me`'s answer.
    /// `None` when the pattern has no such move or the board has left
    /// the sequence.
    fn follow_up(
        &self,
        board: &Board,
        p: Point,
        me: Color,
        replied: Option<Point>,
    ) -> Option<Point> {
        self.images.iter().find_map(|img| {
            let [reply, answer] = image_match(img, board, p, me, replied)?;
            if replied.is_none() {
                reply
            } else {
                answer
            }
        })
    }
}

/// Whether the cell tests `img` hold for a move of `me` at `p`: the
/// points of its reply and answer cells if so. A reply cell holds the
/// opponent's stone at `replied` when that is given, else it is empty.
fn image_match(
    img: &[(i32, i32, Cell)],
    board: &Board,
    p: Point,
    me: Color,
    replied: Option<Point>,
) -> Option<[Option<Point>; 2]> {
    let n = board.size() as i32;
    let (px, py) = (p.x() as i32, p.y() as i32);
    let mut seq = [None, None];
    for &(dx, dy, cell) in img {
        let (x, y) = (px + dx, py + dy);
        let on = x >= 0 && y >= 0 && x < n && y < n;
        if !on {
            if cell == Cell::OffBoard {
                continue;
            }
            return None;
        }
        let q = Point::from_xy(x as usize, y as usize);
        let got = board.get(q);
        let ok = match cell {
            Cell::Own => got == Some(me),
            Cell::Opponent => got == Some(me.opponent()),
            Cell::Empty => got.is_none(),
            Cell::OwnOrEmpty => got != Some(me.opponent()),
            Cell::OpponentOrEmpty => got != Some(me),
            Cell::OffBoard => false,
            Cell::Reply => {
                seq[0] = Some(q);
                match replied {
                    None => got.is_none(),
                    Some(r) => r == q && got == Some(me.opponent()),
                }
            }
            Cell::Answer => {
                seq[1] = Some(q);
                got.is_none()
            }
        };
        if !ok {
            return None;
        }
    }
    Some(seq)
}

/// Every pattern that matches a move of `me` at `p`.
///
/// ```
/// use moku::{Board, Color, Point};
/// use moku::engine::patterns;
/// // Black plays C4, above White's two stones beside Black's two: the
/// // hane at the head of two stones.
/// let b = Board::from_ascii("
///     . . . . .
///     . . . . .
///     . X O . .
///     . X O . .
///     . . . . .");
/// let names: Vec<&str> = patterns::matching(&b, Point::from_xy(2, 1), Color::Black)
///     .map(|p| p.name)
///     .collect();
/// assert!(names.contains(&"hane at the head of two stones"));
/// ```
pub fn matching(board: &Board, p: Point, me: Color) -> impl Iterator<Item = &'static Pattern> + '_ {
    database()
        .iter()
        .filter(move |pat| pat.matches(board, p, me))
}

/// The next moves of the database's sequences after `me` played at
/// `p`: the opponent's expected replies (`replied` `None`), or, once the
/// opponent replied at `replied`, `me`'s answers. Each point once, in
/// database order.
pub fn follow_ups(board: &Board, p: Point, me: Color, replied: Option<Point>) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for pat in database().iter().filter(|pat| pat.sequence) {
        if let Some(q) = pat.follow_up(board, p, me, replied) {
            if !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_is_big_named_and_within_the_diamond() {
        let db = database();
        assert!(db.len() >= 100, "{} patterns", db.len());
        let mut names: Vec<&str> = db.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), db.len(), "pattern names are unique");
        assert!(db.iter().any(|p| p.factor > 1.0) && db.iter().any(|p| p.factor < 1.0));
    }

    #[test]
    fn parse_errors_name_the_line() {
        assert!(parse("pattern a 1.2\n* . . . O\n")
            .unwrap_err()
            .contains("outside the diamond"));
        assert!(parse("pattern a 1.2\n. X .\n")
            .unwrap_err()
            .contains("no '*'"));
        assert!(parse("pattern a x\n*\n").unwrap_err().contains("line 1"));
        assert!(parse("oops\n").unwrap_err().contains("line 1"));
        for (text, error) in [
            ("pattern a 1.2\n1 * 1\n", "one reply"),
            ("pattern a 1.2\n2 * .\n", "without a reply"),
            // A slow pattern is bad shape, and names the opponent's
            // stones it strengthens.
            (
                "pattern crawl 1.0 slow\nO O\n* X\n",
                "line 1: a slow pattern is bad shape",
            ),
            (
                "pattern crawl 0.8 slow\n. .\n* X\n",
                "line 1: a slow pattern names the opponent's stones",
            ),
        ] {
            assert!(parse(text).unwrap_err().contains(error), "{text}");
        }
        assert!(parse("pattern a 1.2\n2 * 1\n").is_ok());
        // The slow grid with its `O` cells parses.
        let ok = parse("pattern crawl 0.8 slow\nO O\n* X\n").unwrap();
        assert_eq!((ok[0].name, ok[0].slow), ("crawl", true));
    }

    /// Applies symmetry `s` to a whole board.
    fn transformed(b: &Board, s: usize, swap: bool) -> Board {
        let n = b.size() as i32;
        let mut out = Board::new(b.size()).unwrap();
        for p in b.points() {
            if let Some(c) = b.get(p) {
                let q = image(n, s, p);
                out.set_stone(q, Some(if swap { c.opponent() } else { c }));
            }
        }
        out
    }

    fn image(n: i32, s: usize, p: Point) -> Point {
        let c = (n - 1) / 2;
        let (x, y) = symmetry(s, p.x() as i32 - c, p.y() as i32 - c);
        Point::from_xy((x + c) as usize, (y + c) as usize)
    }

    /// The empty triangle is found in every orientation and for either
    /// colour; a dumpling is not an empty triangle.
    #[test]
    fn every_symmetry_and_both_colours() {
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . X . .
            . . . . . X .
            . . . . . . .
            . . . . . . .",
        );
        let p = Point::from_xy(5, 3);
        let name = "empty triangle";
        for s in 0..8 {
            for swap in [false, true] {
                let t = transformed(&b, s, swap);
                let me = if swap { Color::White } else { Color::Black };
                let q = image(7, s, p);
                let names: Vec<&str> = matching(&t, q, me).map(|x| x.name).collect();
                assert!(names.contains(&name), "symmetry {s} swap {swap}: {names:?}");
                // The other colour making the same move has no triangle.
                let other: Vec<&str> = matching(&t, q, me.opponent()).map(|x| x.name).collect();
                assert!(!other.contains(&name));
            }
        }
    }
}
