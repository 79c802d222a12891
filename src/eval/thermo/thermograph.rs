//! Thermographs: the walls of a game cooled (taxed) by `t`, its mast, its
//! temperature and its mean value, after Berlekamp's thermography.
//!
//! Values are from Black's side (Black is Left, White is Right), in points
//! under territory counting. A game `G = {G^L | G^R}` taxed by `t` has
//!
//! - the left scaffold `L(t) = max over G^L of RW(G^L)(t) - t` (Black
//!   moves and pays the tax),
//! - the right scaffold `R(t) = min over G^R of LW(G^R)(t) + t`;
//!
//! its temperature is the smallest `t >= 0` where `L(t) <= R(t)`, its mean
//! the value there, and above it both walls are the vertical mast at the
//! mean. Below the temperature the walls are the scaffolds. Walls are
//! functions of `t` only for `t >= 0`: a cold game (`L(0) <= R(0)`) is a
//! mast at temperature 0 (we do not follow masts below zero), at the
//! simplest number between its stops ([`Rational::simplest_between`]); a
//! position without options for either side is a mast at its static value.
//!
//! Walls are continuous piecewise linear functions with integer slopes: a
//! wall built from ordinary moves has slopes -1, 0 or +1; a komaster who
//! must move twice in a row pays the tax twice (slope -2 or +2), which is
//! where the thirds of the one-third rule come from.

use super::rational::Rational;

type Q = Rational;

/// One linear piece: from `start` on, `value + slope * (t - start)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    start: Q,
    value: Q,
    slope: i64,
}

impl Piece {
    fn at(&self, t: Q) -> Q {
        self.value + (t - self.start).mul_int(self.slope)
    }
}

/// A continuous piecewise linear function of the tax `t >= 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// Sorted by `start`; the first starts at 0, the last runs to infinity.
    pieces: Vec<Piece>,
}

impl Wall {
    /// The constant `v` (a vertical mast).
    pub fn constant(v: Q) -> Wall {
        Wall {
            pieces: vec![Piece {
                start: Q::ZERO,
                value: v,
                slope: 0,
            }],
        }
    }

    /// The value at `t >= 0`.
    pub fn at(&self, t: Q) -> Q {
        self.piece_at(t).at(t)
    }

    fn piece_at(&self, t: Q) -> &Piece {
        let i = self.pieces.partition_point(|p| p.start <= t).max(1);
        &self.pieces[i - 1]
    }

    /// The slope just below `t > 0` (at `t = 0`, the slope just above).
    pub fn slope_before(&self, t: Q) -> i64 {
        let i = self.pieces.partition_point(|p| p.start < t).max(1);
        self.pieces[i - 1].slope
    }

    /// The wall as its corners: `(t, value)` at 0 and at every breakpoint,
    /// in order; after the last it runs on with its last slope (0 once the
    /// mast is reached).
    ///
    /// ```
    /// use moku::eval::thermo::{Rational, Wall};
    /// let w = Wall::constant(Rational::from(1)).add_slope(-1).until_then_mast(Rational::new(1, 2));
    /// assert_eq!(w.corners(), [(Rational::ZERO, Rational::from(1)), (Rational::new(1, 2), Rational::new(1, 2))]);
    /// ```
    pub fn corners(&self) -> Vec<(Q, Q)> {
        self.pieces.iter().map(|p| (p.start, p.value)).collect()
    }

    /// The breakpoints after 0, in order.
    pub fn breakpoints(&self) -> impl Iterator<Item = Q> + '_ {
        self.pieces.iter().skip(1).map(|p| p.start)
    }

    /// This plus `k * t`.
    pub fn add_slope(&self, k: i64) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start,
                    value: p.value + p.start.mul_int(k),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// This plus the constant `v`.
    pub fn shift(&self, v: Q) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    value: p.value + v,
                    ..*p
                })
                .collect(),
        }
    }

    /// The breakpoints of both walls, sorted, each once.
    fn merged_breakpoints(&self, other: &Wall) -> Vec<Q> {
        let mut starts: Vec<Q> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.start)
            .collect();
        starts.sort();
        starts.dedup();
        starts
    }

    /// The pointwise maximum (`upper = true`) or minimum of two walls.
    pub fn envelope(&self, other: &Wall, upper: bool) -> Wall {
        let starts = self.merged_breakpoints(other);
        let better = |a: Q, b: Q| if upper { a > b } else { a < b };
        let mut out: Vec<Piece> = Vec::with_capacity(starts.len() + 2);
        for (i, &x) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let (pa, pb) = (*self.piece_at(x), *other.piece_at(x));
            let (va, vb) = (pa.at(x), pb.at(x));
            // Which is on top just after x: the better value, or on a tie
            // the better slope.
            let a_first = if va == vb {
                !better(pb.slope.into_q(), pa.slope.into_q())
            } else {
                better(va, vb)
            };
            let (first, second) = if a_first { (pa, pb) } else { (pb, pa) };
            push(&mut out, x, first.at(x), first.slope);
            // They cross inside the interval if the second overtakes.
            if first.slope != second.slope && better(second.slope.into_q(), first.slope.into_q()) {
                let gap = first.at(x) - second.at(x);
                let cross = x + gap.div_int(second.slope - first.slope).abs_q();
                if cross > x && end.is_none_or(|e| cross < e) {
                    push(&mut out, cross, second.at(cross), second.slope);
                }
            }
        }
        Wall { pieces: out }
    }

    /// The first `t >= 0` at which `self(t) <= other(t)`, if any.
    pub fn first_at_or_below(&self, other: &Wall) -> Option<Q> {
        let diff = self.envelope_diff(other);
        for (i, p) in diff.iter().enumerate() {
            if p.value <= Q::ZERO {
                return Some(p.start);
            }
            if p.slope < 0 {
                let t = p.start + p.value.div_int(-p.slope);
                if diff.get(i + 1).is_none_or(|n| t <= n.start) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// The envelope of all of `walls` (see [`Wall::envelope`]), `None` for
    /// none.
    fn envelope_of<'a>(walls: impl IntoIterator<Item = &'a Wall>, upper: bool) -> Option<Wall> {
        walls.into_iter().fold(None, |acc, w| {
            Some(match acc {
                None => w.clone(),
                Some(a) => a.envelope(w, upper),
            })
        })
    }

    /// `self - other` as pieces over the merged breakpoints.
    fn envelope_diff(&self, other: &Wall) -> Vec<Piece> {
        let starts = self.merged_breakpoints(other);
        starts
            .into_iter()
            .map(|x| {
                let (a, b) = (self.piece_at(x), other.piece_at(x));
                Piece {
                    start: x,
                    value: a.at(x) - b.at(x),
                    slope: a.slope - b.slope,
                }
            })
            .collect()
    }

    /// This wall up to `t`, then constant at its value there (the mast).
    pub fn until_then_mast(&self, t: Q) -> Wall {
        let m = self.at(t);
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| p.start < t)
            .copied()
            .collect();
        if pieces.is_empty() {
            return Wall::constant(m);
        }
        push(&mut pieces, t, m, 0);
        Wall { pieces }
    }
}

/// Appends a piece, merging it into the last one when it continues it.
fn push(out: &mut Vec<Piece>, start: Q, value: Q, slope: i64) {
    if let Some(last) = out.last() {
        if last.slope == slope && last.at(start) == value {
            return;
        }
        if last.start == start {
            out.pop();
        }
    }
    out.push(Piece {
        start,
        value,
        slope,
    });
}

trait IntoQ {
    fn into_q(self) -> Q;
}

impl IntoQ for i64 {
    fn into_q(self) -> Q {
        Q::from(self)
    }
}

trait AbsQ {
    fn abs_q(self) -> Q;
}

impl AbsQ for Q {
    fn abs_q(self) -> Q {
        if self < Q::ZERO {
            -self
        } else {
            self
        }
    }
}

/// The thermograph of a game: both walls for `t >= 0`, the temperature
/// and the mean (mast) value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall LW(t): what Black can reach, taxed.
    pub left: Wall,
    /// The right wall RW(t): what White can reach, taxed.
    pub right: Wall,
    /// The temperature: the tax at which moving stops paying (>= 0).
    pub temperature: Q,
    /// The mean value: the mast's position, in points for Black.
    pub mean: Q,
}

impl Thermograph {
    /// The thermograph of a number (a settled position worth `v`).
    pub fn number(v: Q) -> Thermograph {
        Thermograph {
            left: Wall::constant(v),
            right: Wall::constant(v),
            temperature: Q::ZERO,
            mean: v,
        }
    }

    /// The thermograph from the scaffolds: `left` is `L(t)` (None when
    /// Black has no option), `right` is `R(t)`; `fallback` is the static
    /// value for a position without options.
    pub fn from_scaffolds(left: Option<Wall>, right: Option<Wall>, fallback: Q) -> Thermograph {
        let (l, r) = match (left, right) {
            (None, None) => return Thermograph::number(fallback),
            (Some(l), None) => {
                return Thermograph::number(Q::simplest_between(Some(l.at(Q::ZERO)), None))
            }
            (None, Some(r)) => {
                return Thermograph::number(Q::simplest_between(None, Some(r.at(Q::ZERO))))
            }
            (Some(l), Some(r)) => (l, r),
        };
        let (l0, r0) = (l.at(Q::ZERO), r.at(Q::ZERO));
        if l0 <= r0 {
            let mean = if l0 == r0 {
                l0
            } else {
                Q::simplest_between(Some(l0), Some(r0))
            };
            return Thermograph::number(mean);
        }
        // L - R is non-increasing (L never rises, R never falls), so the
        // walls meet once; a game that never cools cannot be built from
        // masts, but stay total: meet at the last breakpoint.
        let t = l.first_at_or_below(&r).unwrap_or_else(|| {
            l.breakpoints()
                .chain(r.breakpoints())
                .max()
                .unwrap_or(Q::ZERO)
        });
        let mean = l.at(t);
        Thermograph {
            left: l.until_then_mast(t),
            right: r.until_then_mast(t),
            temperature: t,
            mean,
        }
    }

    /// The scaffolds of a game from its options' thermographs: `L(t)` from
    /// the right walls of Black's options taxed once, `R(t)` from the left
    /// walls of White's options. (A komaster's forced second move is an
    /// option whose wall is already a scaffold: taxed twice in all.)
    pub fn scaffolds<'a>(
        left_options: impl IntoIterator<Item = &'a Wall>,
        right_options: impl IntoIterator<Item = &'a Wall>,
    ) -> (Option<Wall>, Option<Wall>) {
        let l = Wall::envelope_of(left_options, true).map(|w| w.add_slope(-1));
        let r = Wall::envelope_of(right_options, false).map(|w| w.add_slope(1));
        (l, r)
    }

    /// Whether Black's best move at the top is sente: the left wall is
    /// vertical just below the temperature (Black's move, answered, keeps
    /// the mean).
    pub fn left_vertical(&self) -> bool {
        self.temperature > Q::ZERO && self.left.slope_before(self.temperature) == 0
    }

    /// Whether White's best move at the top is sente.
    pub fn right_vertical(&self) -> bool {
        self.temperature > Q::ZERO && self.right.slope_before(self.temperature) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::thermo::rational::q;
    use crate::eval::thermo::tests::Game as G;

    /// {1 | 0}: a one-point gote. Black's move is worth 1, White's 0: taxed
    /// walls 1 - t and 0 + t meet at t = 1/2, value 1/2.
    #[test]
    fn one_point_gote() {
        let t = G::g(vec![G::n(1)], vec![G::n(0)]).thermograph();
        assert_eq!(t.mean, q(1, 2));
        assert_eq!(t.temperature, q(1, 2));
        assert_eq!(t.left.at(Q::ZERO), q(1, 1));
        assert_eq!(t.left.at(q(1, 4)), q(3, 4));
        assert_eq!(
            t.left.at(q(5, 1)),
            q(1, 2),
            "the mast above the temperature"
        );
        assert_eq!(t.right.at(q(1, 4)), q(1, 4));
        assert!(!t.left_vertical() && !t.right_vertical());
    }

    /// A sente for Black: Black's move threatens 10 more and White answers
    /// (back to 0); White's move (reverse sente) gets -2. {{10 | 0} | -2}:
    /// the left wall stays at 0 (Black keeps sente, gaining nothing in
    /// mean), the right wall -2 + t meets it at t = 2: mean 0,
    /// temperature 2.
    #[test]
    fn sente_has_a_vertical_wall() {
        let t = G::g(vec![G::g(vec![G::n(10)], vec![G::n(0)])], vec![G::n(-2)]).thermograph();
        assert_eq!(t.mean, q(0, 1));
        assert_eq!(t.temperature, q(2, 1));
        assert!(t.left_vertical());
        assert!(!t.right_vertical());
        assert_eq!(t.left.at(q(1, 1)), q(0, 1));
        assert_eq!(t.right.at(q(1, 1)), q(-1, 1));
    }

    /// Numbers and cold games: {0 | 2} = 1, {-1 | 1} = 0, {2 | } = 3,
    /// {0 | 0} = * (mean 0, temperature 0).
    #[test]
    fn cold_games_are_numbers() {
        let t = G::g(vec![G::n(0)], vec![G::n(2)]).thermograph();
        assert_eq!((t.mean, t.temperature), (q(1, 1), Q::ZERO));
        let t = G::g(vec![G::n(-1)], vec![G::n(1)]).thermograph();
        assert_eq!((t.mean, t.temperature), (Q::ZERO, Q::ZERO));
        let t = G::g(vec![G::n(2)], vec![]).thermograph();
        assert_eq!((t.mean, t.temperature), (q(3, 1), Q::ZERO));
        let t = G::g(vec![G::n(0)], vec![G::n(0)]).thermograph();
        assert_eq!((t.mean, t.temperature), (Q::ZERO, Q::ZERO));
    }

    /// A gote with a gote follow-up: {{6 | 2} | -2}. Black's option
    /// {6 | 2} has mean 4 at temperature 2; its right wall is 2 + t up to
    /// 2, then 4. So L(t) = RW - t is 2 up to t = 2, then 4 - t, and
    /// R(t) = -2 + t. At t = 2, L = 2 is still above R = 0; then
    /// 4 - t = -2 + t at t = 3: mean 1, temperature 3.
    #[test]
    fn walls_with_breakpoints() {
        let t = G::g(vec![G::g(vec![G::n(6)], vec![G::n(2)])], vec![G::n(-2)]).thermograph();
        assert_eq!(t.temperature, q(3, 1));
        assert_eq!(t.mean, q(1, 1));
        assert_eq!(t.left.at(q(1, 1)), q(2, 1));
        assert_eq!(t.left.at(q(5, 2)), q(3, 2));
        assert!(!t.left_vertical());
    }

    #[test]
    fn envelope_splits_at_crossings() {
        // max(3 - t, 1 + t) crosses at t = 1; min is the other way round.
        let a = Wall::constant(q(3, 1)).add_slope(-1);
        let b = Wall::constant(q(1, 1)).add_slope(1);
        let hi = a.envelope(&b, true);
        assert_eq!(hi.at(Q::ZERO), q(3, 1));
        assert_eq!(hi.at(q(1, 1)), q(2, 1));
        assert_eq!(hi.at(q(3, 1)), q(4, 1));
        let lo = a.envelope(&b, false);
        assert_eq!(lo.at(Q::ZERO), q(1, 1));
        assert_eq!(lo.at(q(3, 1)), Q::ZERO);
        assert_eq!(a.first_at_or_below(&b), Some(q(1, 1)));
        assert_eq!(b.first_at_or_below(&a), Some(Q::ZERO));
        // Equal walls stay one piece.
        assert_eq!(a.envelope(&a, true), a);
    }
}
