//! Handtalk's influence function: the *dots* of every point, in -6..=6,
//! Black positive (Handtalk's own text counts White positive; this crate
//! has one sign convention, see [`crate::rules::Color::sign`]).
//!
//! Source: Chen Zhixing, "Programming Technics in Handtalk" (English and
//! Japanese texts, "en" and "ja" below; see `docs/provenance.md`), section
//! "Influence" (石の影響). The steps, in order, each one a named constant
//! below:
//!
//! 1. **Radiation.** Every stone adds to the points around it by offset:
//!    adjacent 4, diagonal 3, one-space jump and knight's move 2, "beyond
//!    that" 1 — where "beyond" is read as the rest of the pattern diamond
//!    (`d² <= 10`: offsets (2,2), (3,0), (3,1)); nothing farther. A stone
//!    radiates with its *effective* sign: its owner's for alive, injured and
//!    unknown stones, the capturer's for dead ones. Injured stones radiate
//!    half, rounded down (4 3 2 1 -> 2 1 1 0), and so do *clumped* stones
//!    (団子, the Japanese text's 「団子石はその値を減らします」): a stone that
//!    is one of a 2x2 square of stones of one colour and one status. Why
//!    half: at full strength the four stones of a square sum 6 dots two
//!    points away from its side (2 + 1 + 2 + 1), so a heavy clump would
//!    claim a ring of full control two lines out that no player grants
//!    it; halved, it holds the ring around it and reaches 2 dots farther,
//!    as one lone stone does. (A wall two stones thick is clumped too and
//!    reaches one line less than a thin one: the price of the rule.)
//! 2. **Non-linear combination.** An empty point adjacent or diagonal to
//!    stones of both effective colours is 0, whatever the sum.
//! 3. **Noise.** `|sum| <= 1` becomes 0.
//! 4. **Promotion.** `|sum| > 2` (the English text; the Japanese says
//!    `>= 2`) becomes full control, ±6; a sum of ±2 stays as weak influence.
//! 5. **Caps** (丸め), one pass reading the values after promotion: a fully
//!    controlled empty point is capped at 3 if an on-board orthogonal
//!    neighbour is 0 or of the opposite sign, else at 5 if a neighbour is 1
//!    or 2 of the same sign. So a border reads 3 -> 5 -> 6.
//! 6. **Eye points.** An empty point whose on-board orthogonal neighbours
//!    are all stones of one effective colour (at least one) is *enclosed*.
//!    It is a **false eye** when the other colour's stones hold at least two
//!    of its four diagonals, or at least one when it is on the edge (fewer
//!    than four diagonals on the board); it then gets ±1, the only ±1 values
//!    of the map. Otherwise it is a real eye point and gets full control ±6:
//!    without this an eye with one enemy stone on a diagonal would read 0
//!    under rule 2 (our addition; the seed keeps ±1 for false eyes, which
//!    implies that enclosed points are judged by this test, not by the sum).
//! 7. **Small surrounded regions** (the thermography notes, through
//!    [`crate::eval::Verdicts`]): an empty point of a region that Benson's
//!    algorithm gives to a colour (enclosed by its unconditionally alive
//!    stones, and vital or too small for two eyes) is full control of that
//!    colour, whatever the sums say, and is never capped; an opponent stone
//!    inside is dead (the verdicts mark it).
//!
//! Stone points themselves are not "influence": a stone's point reads ±6
//! for its effective colour ([`STONE_DOTS`]): the owner's sign for alive,
//! injured and unknown stones, the capturer's sign for dead ones. They are
//! never capped, and the caps of their empty neighbours read them.
//!
//! Speed: every stone adds a fixed table of 36 index offsets into a flat
//! array with a 3-cell margin (so no bounds tests), then two passes over
//! the board points. No allocation.

use crate::eval::Verdicts;
use crate::rules::point::MAX_SIZE;
use crate::rules::queries::diagonals_make_false_eye;
#[cfg(test)]
use crate::rules::StatusMap;
use crate::rules::{Board, Point, Status};

// --- the numbers of the seed ------------------------------------------------

/// Radiation to an orthogonally adjacent point (`d² = 1`). Origin:
/// ja, 石の影響: 「石の隣は4値」.
pub(crate) const RADIATION_ADJACENT: i16 = 4;
/// Radiation to a diagonal point (`d² = 2`). Origin: ja, 石の影響: 「対角は3値」.
pub(crate) const RADIATION_DIAGONAL: i16 = 3;
/// Radiation to a one-space jump (`d² = 4`) or a knight's move (`d² = 5`).
/// Origin: ja, 石の影響: 「一間と桂馬は2値」.
pub(crate) const RADIATION_JUMP: i16 = 2;
/// Radiation "beyond that". Origin: ja, 石の影響: 「それを超えた所は1値」.
pub(crate) const RADIATION_BEYOND: i16 = 1;
/// How far "beyond" reaches, as the largest squared distance: the scope the
/// English text draws for patterns (the diamond of d² <= 10): our reading,
/// as the text leaves "beyond" unbounded. So (2,2), (3,0) and (3,1)
/// radiate 1.
pub(crate) const BEYOND_MAX_D2: i32 = 10;
/// Injured (half-dead) and clumped stones radiate this fraction: the value
/// is divided by it, rounded down. Origin: en "Half-dead or injured stone
/// radiates less influence", ja 「半死の石や団子石はその値を減らします」; the
/// texts give no amount, half is our choice (for clumps, the reason is in
/// the module doc). A stone both injured and clumped is halved once. The
/// potential (`crate::eval::potential`) divides injured stones by the same
/// number.
pub(crate) const INJURED_DIVISOR: i16 = 2;
/// `|sum| <= NOISE_MAX` becomes 0. Origin: en "If the influence value of a
/// point is 1 or -1, set it 0".
pub(crate) const NOISE_MAX: i16 = 1;
/// `|sum| > PROMOTE_ABOVE` is promoted to full control. Origin: en "greater
/// than 2" (the ja text says 2以上, i.e. `>= 2`). We follow the English,
/// so that 2-dot points remain as weak influence and
/// the cap "neighbour is 1 or 2" can ever apply.
pub(crate) const PROMOTE_ABOVE: i16 = 2;
/// Full control. Origin: en "A full white|black controlled point has its
/// influence value of 6|-6".
pub const FULL_CONTROL: i8 = 6;
/// Cap of a full point next to a 0 or an opposite-sign point. Origin: ja,
/// 調整: 「隣接点が0ないし負なら3ドットを超えない」.
pub(crate) const CAP_CONTESTED: i8 = 3;
/// Cap of a full point next to a 1- or 2-dot point of its own sign. Origin:
/// ja, 調整: 「隣接点が1ないし2なら5ドットを超えない」.
pub(crate) const CAP_WEAK: i8 = 5;
/// The dots of a false eye point. Origin: en "retaining 1|-1 to denote
/// false eye-point", ja 「1ないしー1ドットは白ないし黒の欠目を意味する」.
pub(crate) const FALSE_EYE_DOTS: i8 = 1;
/// A stone's own point reads full control for its effective colour (our
/// definition; the seed gives no value for occupied points).
pub(crate) const STONE_DOTS: i8 = FULL_CONTROL;

/// The radiation of a full-strength stone at squared distance `d2`
/// (0 outside the scope, and for the stone's own point).
pub(crate) const fn radiation(d2: i32) -> i16 {
    match d2 {
        1 => RADIATION_ADJACENT,
        2 => RADIATION_DIAGONAL,
        4 | 5 => RADIATION_JUMP,
        d if d > 0 && d <= BEYOND_MAX_D2 => RADIATION_BEYOND,
        _ => 0,
    }
}

// --- the grid: a flat board with a 3-cell margin -----------------------------

/// Margin around the board: the farthest radiation offset (3) never leaves
/// the array.
pub(crate) const PAD: usize = 3;
/// Row stride of the grid.
pub(crate) const GS: usize = MAX_SIZE + 2 * PAD;
/// Cells of the grid.
pub(crate) const GCELLS: usize = GS * GS;
/// Most points of a board.
pub(crate) const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

/// Grid index of `(x, y)` from the top-left.
#[inline]
pub(crate) const fn gi(x: usize, y: usize) -> usize {
    (y + PAD) * GS + x + PAD
}

/// Adds a signed offset to a grid index. Only called with offsets of at
/// most `PAD` rows and columns from an on-board cell, so it stays inside.
#[inline]
pub(crate) const fn step(g: usize, d: isize) -> usize {
    g.wrapping_add_signed(d)
}

/// The four orthogonal offsets.
pub(crate) const ORTHO: [isize; 4] = [-(GS as isize), -1, 1, GS as isize];
/// The four diagonal offsets.
pub(crate) const DIAG: [isize; 4] = [
    -(GS as isize) - 1,
    -(GS as isize) + 1,
    GS as isize - 1,
    GS as isize + 1,
];
/// The eight offsets around a point.
pub(crate) const AROUND: [isize; 8] = [
    ORTHO[0], ORTHO[1], ORTHO[2], ORTHO[3], DIAG[0], DIAG[1], DIAG[2], DIAG[3],
];

/// Number of offsets in the radiation scope (`0 < d² <= 10`).
const N_RAD: usize = count_radiation_offsets();

const fn count_radiation_offsets() -> usize {
    let mut n = 0;
    let mut dy = -3i32;
    while dy <= 3 {
        let mut dx = -3i32;
        while dx <= 3 {
            if radiation(dx * dx + dy * dy) > 0 {
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    n
}

/// Every offset of the scope with its full-strength and injured value.
const RAD: [(isize, i16, i16); N_RAD] = radiation_offsets();

const fn radiation_offsets() -> [(isize, i16, i16); N_RAD] {
    let mut out = [(0isize, 0i16, 0i16); N_RAD];
    let mut n = 0;
    let mut dy = -3i32;
    while dy <= 3 {
        let mut dx = -3i32;
        while dx <= 3 {
            let v = radiation(dx * dx + dy * dy);
            if v > 0 {
                out[n] = (
                    (dy as isize) * (GS as isize) + dx as isize,
                    v,
                    v / INJURED_DIVISOR,
                );
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    out
}

/// The board as the evaluators read it: per grid cell the stone's colour,
/// its effective (radiating) colour and strength, its chain's liberties,
/// and the unconditional owner of empty points.
pub(crate) struct Grid {
    pub size: usize,
    /// Sign of the stone's owner: +1 Black, -1 White, 0 empty or off-board.
    pub color: [i8; GCELLS],
    /// Sign the stone counts for: the owner's, or the capturer's if dead.
    pub eff: [i8; GCELLS],
    /// The stone's status (`Alive` on empty cells).
    pub status: [Status; GCELLS],
    /// The stone radiates half: injured (critical) or clumped.
    pub weak: [bool; GCELLS],
    /// Sign of the colour that owns the cell unconditionally (Benson's
    /// alive stones and the regions they own), 0 for none.
    pub owned: [i8; GCELLS],
    /// Liberties of the stone's chain, capped at 255.
    pub libs: [u8; GCELLS],
    /// The cell is a board point.
    pub on: [bool; GCELLS],
    /// Grid indices of the board points, row-major from the top-left.
    pub points: [u16; MAX_POINTS],
}

impl Grid {
    /// The orthogonal neighbours of `g` that are on the board.
    #[inline]
    pub(crate) fn neighbours(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        ORTHO
            .into_iter()
            .map(move |d| step(g, d))
            .filter(|&q| self.on[q])
    }

    /// Reads `board` and `status` (unknown counts as alive), without Benson.
    #[cfg(test)]
    pub fn new(board: &Board, status: &StatusMap) -> Grid {
        Grid::from_verdicts(board, &Verdicts::from_status(status))
    }

    /// Reads `board` and the reading's verdicts.
    pub fn from_verdicts(board: &Board, verdicts: &Verdicts<'_>) -> Grid {
        let status = verdicts.status();
        let n = board.size();
        let mut g = Grid {
            size: n,
            color: [0; GCELLS],
            eff: [0; GCELLS],
            status: [Status::Alive; GCELLS],
            weak: [false; GCELLS],
            owned: [0; GCELLS],
            libs: [0; GCELLS],
            on: [false; GCELLS],
            points: [0; MAX_POINTS],
        };
        let mut k = 0;
        for y in 0..n {
            for x in 0..n {
                let i = gi(x, y);
                g.on[i] = true;
                g.points[k] = i as u16;
                k += 1;
                let p = Point::from_xy(x, y);
                if let Some(c) = verdicts.owner(p) {
                    g.owned[i] = c.sign() as i8;
                }
                if let Some(c) = board.get(p) {
                    let s = c.sign() as i8;
                    let st = status.get(p);
                    g.color[i] = s;
                    g.status[i] = st;
                    g.libs[i] = board.liberties(p).min(255) as u8;
                    g.eff[i] = if st == Status::Dead { -s } else { s };
                    g.weak[i] = st == Status::Critical;
                }
            }
        }
        // Clumps: the four stones of a 2x2 square of one colour and one
        // status.
        for k in 0..n * n {
            let i = g.points[k] as usize;
            let square = [i, i + 1, i + GS, i + GS + 1];
            let s = g.color[i];
            if s != 0
                && square
                    .iter()
                    .all(|&q| g.color[q] == s && g.status[q] == g.status[i])
            {
                for q in square {
                    g.weak[q] = true;
                }
            }
        }
        g
    }

    /// The board points' grid indices.
    #[inline]
    pub fn points(&self) -> &[u16] {
        &self.points[..self.size * self.size]
    }

    /// A non-dead stone of colour `s` (±1) on cell `g`.
    #[inline]
    pub fn own(&self, g: usize, s: i8) -> bool {
        self.color[g] == s && self.eff[g] == s
    }

    /// The board point of grid cell `g`.
    #[inline]
    pub fn point(g: usize) -> Point {
        Point::from_xy(g % GS - PAD, g / GS - PAD)
    }
}

/// The dots of every grid cell (0 off the board), steps 1 to 6 above.
pub(crate) fn dots(grid: &Grid) -> [i8; GCELLS] {
    // 1. Radiation, and which effective colours touch each point
    //    (bit 1 Black, bit 2 White) for the non-linear rule.
    let mut raw = [0i16; GCELLS];
    let mut touch = [0u8; GCELLS];
    for &g in grid.points() {
        let g = g as usize;
        let s = grid.eff[g];
        if s == 0 {
            continue;
        }
        let sign = s as i16;
        if grid.weak[g] {
            for &(d, _, half) in RAD.iter() {
                raw[step(g, d)] += sign * half;
            }
        } else {
            for &(d, full, _) in RAD.iter() {
                raw[step(g, d)] += sign * full;
            }
        }
        let bit = if s > 0 { 1 } else { 2 };
        for d in AROUND {
            touch[step(g, d)] |= bit;
        }
    }

    // 2.-4. Combination, noise, promotion.
    let mut promoted = [0i8; GCELLS];
    for &g in grid.points() {
        let g = g as usize;
        promoted[g] = if grid.eff[g] != 0 {
            grid.eff[g] * STONE_DOTS
        } else if grid.owned[g] != 0 {
            grid.owned[g] * FULL_CONTROL
        } else if touch[g] == 3 {
            0
        } else {
            let r = raw[g];
            if r.abs() <= NOISE_MAX {
                0
            } else if r.abs() > PROMOTE_ABOVE {
                r.signum() as i8 * FULL_CONTROL
            } else {
                r as i8
            }
        };
    }

    // 5. Caps, reading the promoted values.
    let mut out = promoted;
    for &g in grid.points() {
        let g = g as usize;
        let v = promoted[g];
        if grid.eff[g] != 0 || grid.owned[g] != 0 || v.abs() != FULL_CONTROL {
            continue;
        }
        let s = v.signum();
        let mut cap = FULL_CONTROL;
        for q in grid.neighbours(g) {
            let w = promoted[q];
            if w == 0 || w.signum() != s {
                cap = CAP_CONTESTED;
                break;
            }
            if w.abs() <= PROMOTE_ABOVE as i8 {
                cap = CAP_WEAK;
            }
        }
        out[g] = s * cap;
    }

    // 6. Eye points.
    for &g in grid.points() {
        let g = g as usize;
        if grid.color[g] != 0 || grid.owned[g] != 0 {
            continue;
        }
        if let Some(s) = enclosed_by(grid, g) {
            out[g] = if is_false_eye(grid, g, s) {
                s * FALSE_EYE_DOTS
            } else {
                s * FULL_CONTROL
            };
        }
    }
    out
}

/// The dots of `board` with every stone alive (for tests).
#[cfg(test)]
pub(crate) fn alive_dots(board: &Board) -> [i8; GCELLS] {
    dots(&Grid::new(board, &StatusMap::all_alive()))
}

/// The effective colour whose stones occupy every on-board orthogonal
/// neighbour of `g`, if there is one.
#[inline]
pub(crate) fn enclosed_by(grid: &Grid, g: usize) -> Option<i8> {
    let mut s = 0i8;
    for q in grid.neighbours(g) {
        let e = grid.eff[q];
        if e == 0 || (s != 0 && e != s) {
            return None;
        }
        s = e;
    }
    (s != 0).then_some(s)
}

/// Whether the point `g` enclosed by colour `s` is a false eye: the other
/// colour's stones (effective colour) hold enough of its diagonals for the
/// false-eye rule of the rules layer (Chen's text names false eyes without
/// defining them).
#[inline]
pub(crate) fn is_false_eye(grid: &Grid, g: usize, s: i8) -> bool {
    let mut on = 0usize;
    let mut enemy = 0usize;
    for d in DIAG {
        let q = step(g, d);
        if grid.on[q] {
            on += 1;
            if grid.eff[q] == -s {
                enemy += 1;
            }
        }
    }
    diagonals_make_false_eye(enemy, on < 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::queries::{FALSE_EYE_DIAGONALS_CENTRE, FALSE_EYE_DIAGONALS_EDGE};
    use crate::rules::textboard;

    /// The dots of a position as a text board (the `moku_influence` format).
    fn map(board: &Board, status: &StatusMap) -> String {
        let grid = Grid::new(board, status);
        let d = dots(&grid);
        textboard::format(board, |p| d[gi(p.x(), p.y())])
    }

    use crate::rules::textboard::pic;

    #[test]
    fn constants_are_the_seeds() {
        assert_eq!(
            (
                RADIATION_ADJACENT,
                RADIATION_DIAGONAL,
                RADIATION_JUMP,
                RADIATION_BEYOND
            ),
            (4, 3, 2, 1)
        );
        assert_eq!(BEYOND_MAX_D2, 10);
        assert_eq!(INJURED_DIVISOR, 2);
        assert_eq!(NOISE_MAX, 1);
        assert_eq!(PROMOTE_ABOVE, 2);
        assert_eq!((FULL_CONTROL, CAP_CONTESTED, CAP_WEAK), (6, 3, 5));
        assert_eq!(FALSE_EYE_DOTS, 1);
        assert_eq!(STONE_DOTS, 6);
        assert_eq!(
            (FALSE_EYE_DIAGONALS_CENTRE, FALSE_EYE_DIAGONALS_EDGE),
            (2, 1)
        );
        // The scope: 4 adjacent, 4 diagonal, 4 jumps, 8 knights, then
        // 4 x (2,2), 4 x (3,0), 8 x (3,1).
        assert_eq!(N_RAD, 36);
        assert_eq!(radiation(1), 4);
        assert_eq!(radiation(2), 3);
        assert_eq!(radiation(4), 2);
        assert_eq!(radiation(5), 2);
        assert_eq!(radiation(8), 1);
        assert_eq!(radiation(9), 1);
        assert_eq!(radiation(10), 1);
        assert_eq!(radiation(13), 0); // (3,2): out of scope
        assert_eq!(radiation(0), 0);
        // Injured: 4 3 2 1 -> 2 1 1 0.
        let halves: Vec<i16> = [1, 2, 4, 8]
            .iter()
            .map(|&d| radiation(d) / INJURED_DIVISOR)
            .collect();
        assert_eq!(halves, vec![2, 1, 1, 0]);
    }
    #[test]
    fn lone_stone_in_the_centre() {
        // Radiation from (3,3): adjacent 4 and diagonal 3 are promoted to 6
        // (> 2); jumps (0,2) and knights (1,2) stay 2; (2,2), (3,0) and
        // (3,1) radiate 1, which is noise -> 0. Caps: each of the eight 6s
        // touches a 2 (e.g. (3,2) touches (3,1) = 2) and no 0 -> 5.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        assert_eq!(
            map(&b, &StatusMap::all_alive()),
            pic("
                0 0 0 0 0 0 0
                0 0 2 2 2 0 0
                0 2 5 5 5 2 0
                0 2 5 6 5 2 0
                0 2 5 5 5 2 0
                0 0 2 2 2 0 0
                0 0 0 0 0 0 0")
        );
        // White: the same map, negated.
        let w = Board::from_ascii(&b.to_ascii().replace('X', "O"));
        assert_eq!(
            map(&w, &StatusMap::all_alive()),
            map(&b, &StatusMap::all_alive())
                .replace('2', "-2")
                .replace('5', "-5")
                .replace('6', "-6")
        );
    }

    #[test]
    fn lone_stone_on_the_third_line() {
        // (4,2) on 9x9: the same pattern as in the centre, clipped by
        // nothing (the edge is two lines away): row 0 is the jump/knight row
        // (2s at x = 3..5; (2,0) and (6,0) are (2,2) away: 1 -> 0); the edge
        // row cannot cap (4,1) lower than 5 since (4,0) = 2, not 0.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_eq!(
            map(&b, &StatusMap::all_alive()),
            pic("
                0 0 0 2 2 2 0 0 0
                0 0 2 5 5 5 2 0 0
                0 0 2 5 6 5 2 0 0
                0 0 2 5 5 5 2 0 0
                0 0 0 2 2 2 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0
                0 0 0 0 0 0 0 0 0")
        );
    }

    #[test]
    fn lone_stone_in_the_corner() {
        // (0,0): (1,0), (0,1) get 4 and (1,1) 3 -> 6; (2,0), (0,2) (jumps)
        // and (2,1), (1,2) (knights) 2; (2,2), (3,0), (3,1), ... get 1 -> 0.
        // Caps: every 6 touches a 2 -> 5 (the walls do not count).
        let b = Board::from_ascii(
            "
            X . . . .
            . . . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_eq!(
            map(&b, &StatusMap::all_alive()),
            pic("
                6 5 2 0 0
                5 5 2 0 0
                2 2 0 0 0
                0 0 0 0 0
                0 0 0 0 0")
        );
    }

    #[test]
    fn injured_stone_radiates_half() {
        // Halved, rounded down: adjacent 2, diagonal 1, jump 1, beyond 0.
        // After the noise rule only the four adjacent 2s remain; none is
        // promoted (2 is not > 2). The stone's own point is still 6.
        let b = Board::from_ascii(
            "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .",
        );
        let mut st = StatusMap::all_alive();
        st.set_string(&b, Point::from_xy(2, 2), Status::Critical);
        assert_eq!(
            map(&b, &st),
            pic("
                0 0 0 0 0
                0 0 2 0 0
                0 2 6 2 0
                0 0 2 0 0
                0 0 0 0 0")
        );
    }

    #[test]
    fn clumped_stones_radiate_half() {
        // A 2x2 square of black stones D6 E6 D5 E5 on 9x9 is a clump:
        // each stone radiates 2 adjacent, 1 diagonal, 1 jump or knight, 0
        // beyond. F6, beside the square: 2 + 1 (E5 diagonal) + 1 (D6 a
        // jump away) + 1 (D5 a knight's move) = 5 -> full control. G6,
        // two points away: 1 (E6 jump) + 1 (E5 knight) + 0 + 0 = 2: weak.
        let square = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X X . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let d = alive_dots(&square);
        assert_eq!((d[gi(5, 3)].abs(), d[gi(6, 3)]), (5, 2));
        // At full strength G6 would sum 2 + 2 + 1 + 1 = 6: the three
        // stones of the L (no square, no clump) already reach it with
        // 2 + 2 + 1 = 5 -> full control.
        let mut l_shape = square.clone();
        l_shape.set_stone(Point::from_xy(3, 4), None);
        let d = alive_dots(&l_shape);
        assert!(d[gi(6, 3)] >= 3, "{}", d[gi(6, 3)]);
        // A square of two statuses is no clump.
        let mut st = StatusMap::all_alive();
        st.set_string(&square, Point::from_xy(3, 3), Status::Unknown);
        st.set_point(Point::from_xy(4, 4), Status::Alive);
        let g = Grid::new(&square, &st);
        assert!(!g.weak[gi(4, 4)]);
    }

    #[test]
    fn small_regions_of_benson_belong_to_the_surrounder() {
        // Black's two-eyed wall encloses E9 F9 G9 with a white stone on
        // F9. Read as alive, the stone makes E9 and G9 touch both colours
        // (0); with Benson the region is Black's: full control, and the
        // stone counts for Black.
        let b = Board::from_ascii(crate::eval::verdicts::tests::SMALL_REGION);
        let plain = alive_dots(&b);
        assert_eq!(
            (plain[gi(4, 0)], plain[gi(5, 0)], plain[gi(6, 0)]),
            (0, -6, 0)
        );
        let u = crate::reading::benson::unconditional(&b);
        let v = Verdicts::new(&b, &StatusMap::all_alive(), Some(&u), &[]);
        let owned = dots(&Grid::from_verdicts(&b, &v));
        assert_eq!(
            (owned[gi(4, 0)], owned[gi(5, 0)], owned[gi(6, 0)]),
            (6, 6, 6)
        );
        // The eyes A9 and C9 too, and the open board below is untouched.
        assert_eq!((owned[gi(0, 0)], owned[gi(2, 0)]), (6, 6));
        assert_eq!(owned[gi(4, 6)], plain[gi(4, 6)]);
    }

    #[test]
    fn both_colours_give_zero_and_the_caps() {
        // Black (1,3), (2,3); White (4,2). Raw sums by hand (B1, B2, W):
        //  (3,3): 2 + 4 - 3 = 3, but adjacent to B (2,3) and diagonal to W
        //         (4,2): both colours -> 0 (it would otherwise be 6).
        //  (3,2): diagonal to B (2,3), adjacent to W -> 0.
        //  (4,3): 1 + 2 - 4 = -1 -> noise 0.  (2,1): 2 + 2 - 2 = 2 -> 2.
        //  (2,2): 3 + 4 - 2 = 5 -> 6, touches (3,2) = 0 -> capped at 3.
        //  (0,1): 2 + 1 - 0 = 3 -> 6, touches (0,0) = 1 -> 0 -> 3.
        //  (1,1): 2 + 2 - 1 = 3 -> 6, neighbours 2, 6, 2, 6 -> 5.
        //  (4,1): 0 + 1 - 4 = -3 -> -6, touches (3,1) = 0 -> -3.
        //  (5,1): -3 -> -6, neighbours -2, -6, -2, -6 -> -5.
        //  (3,4): 2 + 3 - 2 = 3 -> 6, touches (3,3) = 0 -> 3.
        //  (1,4): 4 + 3 - 0 = 7 -> 6, neighbours all 6 or stones -> 6.
        //  (0,5): 2 + 1 = 3 -> 6, touches (0,6) = 1 -> 0 -> 3.
        //  (1,5), (2,5): 4 -> 6, touch a 2 below -> 5.
        // The rest likewise.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . O . .
            . X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        assert_eq!(
            map(&b, &StatusMap::all_alive()),
            pic("
                0 2 0 0 -2 -2 0
                3 5 2 0 -3 -5 -2
                6 6 3 0 -6 -5 -2
                6 6 6 0 0 -2 -2
                6 6 6 3 0 0 0
                3 5 5 2 0 0 0
                0 2 2 0 0 0 0")
        );
    }

    #[test]
    fn false_eyes_are_marked_one() {
        // (2,2) is enclosed by Black; White holds two of its four
        // diagonals, (1,1) and (3,3): a false eye, +1. (It touches both
        // colours, so the sum rule alone would give 0.)
        let b = Board::from_ascii(
            "
            . . . . .
            . O X . .
            . X . X .
            . . X O .
            . . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(d[gi(2, 2)], 1);
        // With one white diagonal only it is a real eye: full control.
        let b = Board::from_ascii(
            "
            . . . . .
            . O X . .
            . X . X .
            . . X . .
            . . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(d[gi(2, 2)], 6);
        // On the edge one enemy diagonal is enough: (1,0) is enclosed by
        // White (0,0), (2,0), (1,1), and Black holds (0,1) of its two
        // diagonals: a white false eye, -1.
        let b = Board::from_ascii(
            "
            O . O . .
            X O . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(d[gi(1, 0)], -1);
        // Without the black stone it is a real white eye.
        let b = Board::from_ascii(
            "
            O . O . .
            . O . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(d[gi(1, 0)], -6);
    }

    #[test]
    fn dead_stone_radiates_for_the_opponent() {
        // Black (1,3), (5,3) and a white stone (3,3) between them.
        // Alive, the white stone makes (2,3) and (4,3) touch both colours:
        // 0, and its own point reads -6.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X . O . X .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let alive = alive_dots(&b);
        assert_eq!(
            (alive[gi(2, 3)], alive[gi(3, 3)], alive[gi(4, 3)]),
            (0, -6, 0)
        );
        // Dead, it radiates for Black and reads +6: three black radiators.
        // By hand (sums over the stones at x = 1, 3, 5; symmetric about
        // x = 3 and y = 3):
        //  row 3: (0,3) 4+1 = 5 -> 6; (2,3) 4+4+1 = 9 -> 6.
        //  row 2: (0,2) 3+1 = 4; (1,2) 4+2 = 6; (2,2) 3+3+1 = 7;
        //         (3,2) 2+4+2 = 8: all -> 6.
        //  row 1: (0,1) 2 -> 2; (1,1) 2+1 = 3; (2,1) 2+2 = 4;
        //         (3,1) 1+2+1 = 4: -> 6.
        //  row 0: (0,0) 1 -> 0; (1,0) 1 -> 0; (2,0) 1+1 = 2; (3,0) 1 -> 0.
        // Caps: (1,1), (3,1) touch a 0 above -> 3; (2,1) touches (2,0) = 2
        // -> 5; (0,2) touches (0,1) = 2 -> 5; the rest stay 6.
        let st = StatusMap::with_dead(&b, &[Point::from_xy(3, 3)]);
        assert_eq!(
            map(&b, &st),
            pic("
                0 0 2 0 2 0 0
                2 3 5 3 5 3 2
                5 6 6 6 6 6 5
                6 6 6 6 6 6 6
                5 6 6 6 6 6 5
                2 3 5 3 5 3 2
                0 0 2 0 2 0 0")
        );
    }
}
