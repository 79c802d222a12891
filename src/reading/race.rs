//! Capturing races decided by counting, after Müller's classes ("Race to
//! capture: analyzing semeai in Go", 1999) and the counting rules players
//! use for them. A race is two groups, each with *outside* liberties (its
//! own, approach moves counted as liberties), *eye* liberties (the moves
//! the opponent needs to fill its eye) and the *shared* liberties between
//! them. The count decides who captures whom, or seki, with one side to
//! move; [`count`] gives the rule of each class.

/// A big eye of `n` points is worth this many liberties in a race: the
/// opponent fills it with nakade shapes, and each time the owner captures
/// the shape it must be filled again. The table is the players' rule
/// (Müller's "eye status and liberty count": 1, 2, 3, 5, 8, 12 for one to
/// six points); an eye of more than six points is counted as six.
pub(crate) const BIG_EYE_LIBERTIES: [u32; 7] = [0, 1, 2, 3, 5, 8, 12];

/// The smallest eye that is *big* in a race: from four points an eye is
/// worth more liberties than points (the table above), and against a
/// smaller eye it takes the shared liberties for itself, as an eye does
/// against no eye (Müller: eyes of one to three points behave alike).
pub(crate) const BIG_EYE_POINTS: u32 = 4;

/// One side of a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Side {
    /// Liberties only this side has, approach moves included.
    pub(crate) outside: u32,
    /// The moves the opponent needs to fill this side's eye.
    pub(crate) eye_liberties: u32,
    /// The eye's size in points (0: no eye).
    pub(crate) eye_points: u32,
}

impl Side {
    /// A side without an eye.
    pub(crate) const fn no_eye(outside: u32) -> Side {
        Side {
            outside,
            eye_liberties: 0,
            eye_points: 0,
        }
    }

    /// A side with an eye of `points` points, worth its table liberties.
    pub(crate) const fn with_eye(outside: u32, points: u32) -> Side {
        let n = if points as usize >= BIG_EYE_LIBERTIES.len() {
            BIG_EYE_LIBERTIES.len() - 1
        } else {
            points as usize
        };
        Side {
            outside,
            eye_liberties: BIG_EYE_LIBERTIES[n],
            eye_points: points,
        }
    }

    /// The eye's class: 0 no eye, 1 small (one to three points), and the
    /// size itself for a big eye, so that a bigger big eye ranks higher.
    fn eye_rank(&self) -> u32 {
        match self.eye_points {
            0 => 0,
            n if n < BIG_EYE_POINTS => 1,
            n => n,
        }
    }

    /// Outside and eye liberties: what the opponent must fill besides the
    /// shared liberties.
    fn own(&self) -> u32 {
        self.outside + self.eye_liberties
    }
}

/// The outcome of a counted race, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The side to move captures the other.
    MoverWins,
    /// Neither can capture the other.
    Seki,
    /// The other side captures the side to move, whatever it plays.
    MoverLoses,
}

/// The race between `mover` (to move) and `other`, with `shared` shared
/// liberties. The classes, with `a` and `b` the mover's and the other's
/// own liberties (outside plus eye liberties) and `s` the shared ones:
///
/// - **Neither has an eye, `s` at most 1**: no seki; the mover wins with
///   `a >= b`. The side that fills the one shared liberty captures.
/// - **Neither has an eye, `s` at least 2**: the attacker may fill all
///   but one shared liberty before it is in atari itself, so the mover
///   wins with `a >= b + s - 1`, loses with `b >= a + s`, and otherwise
///   neither can approach: seki.
/// - **Eye against no eye, or a big eye against a smaller eye**: the
///   shared liberties are the bigger eye's, since the other side cannot
///   fill them without filling its own last liberties first; no seki.
///   The mover wins when its count (own liberties, plus `s` if it has the
///   bigger eye) is at least the other's.
/// - **Eyes of one class** (both small, or big of one size): the attacker
///   must fill the shared liberties too, and the last of the eye cannot be
///   filled while one is left, so the mover wins with `a >= b + s`, loses
///   with `b >= a + s + 1`, and otherwise it is seki (without shared
///   liberties, the mover wins with `a >= b`).
pub(crate) fn count(mover: Side, other: Side, shared: u32) -> Verdict {
    let (a, b, s) = (mover.own(), other.own(), shared);
    let (ra, rb) = (mover.eye_rank(), other.eye_rank());
    let plain = |wins: bool| {
        if wins {
            Verdict::MoverWins
        } else {
            Verdict::MoverLoses
        }
    };
    if ra != rb {
        // The bigger eye takes the shared liberties.
        let (ca, cb) = if ra > rb { (a + s, b) } else { (a, b + s) };
        return plain(ca >= cb);
    }
    if ra == 0 {
        if s <= 1 {
            return plain(a >= b);
        }
        if a + 1 >= b + s {
            Verdict::MoverWins
        } else if b >= a + s {
            Verdict::MoverLoses
        } else {
            Verdict::Seki
        }
    } else {
        if s == 0 {
            return plain(a >= b);
        }
        if a >= b + s {
            Verdict::MoverWins
        } else if b > a + s {
            Verdict::MoverLoses
        } else {
            Verdict::Seki
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    #[test]
    fn big_eye_table_and_class() {
        // Four points are worth five liberties, six twelve; more than six
        // counts as six.
        assert_eq!(Side::with_eye(0, 4).eye_liberties, 5);
        assert_eq!(Side::with_eye(0, 6).eye_liberties, 12);
        assert_eq!(Side::with_eye(0, 9).eye_liberties, 12);
        assert_eq!(Side::with_eye(2, 3).own(), 5);
    }

    /// Asserts the count of races without eyes, each given as the
    /// mover's outside liberties, the other's, the shared ones and the
    /// verdict.
    fn bare_races(cases: &[(u32, u32, u32, Verdict)]) {
        for &(mover, other, shared, want) in cases {
            let got = count(Side::no_eye(mover), Side::no_eye(other), shared);
            assert_eq!(got, want, "{mover} against {other}, {shared} shared");
        }
    }

    #[test]
    fn no_eyes_without_shared_liberties() {
        // Four against four: the side to move wins. Three against four:
        // the mover is one short and loses. One shared liberty changes
        // nothing: whoever fills it captures.
        bare_races(&[(4, 4, 0, MoverWins), (3, 4, 0, MoverLoses)]);
        bare_races(&[(4, 4, 1, MoverWins), (3, 4, 1, MoverLoses)]);
    }

    #[test]
    fn no_eyes_with_shared_liberties() {
        bare_races(&[
            // Two shared liberties, four outside against three: the mover
            // fills the other's three while the other fills three of its
            // four, then fills a shared one (atari, with two left itself),
            // and takes the last: 4 >= 3 + 2 - 1.
            (4, 3, 2, MoverWins),
            // Three against three: after the outside liberties the mover
            // would fill a shared one in self-atari, and so would the
            // other: seki.
            (3, 3, 2, Seki),
            (2, 3, 2, Seki),
            // The other is ahead by the shared liberties: the mover dies.
            (1, 3, 2, MoverLoses),
            // Three shared, none outside: the textbook seki.
            (0, 0, 3, Seki),
            // GNU Go's semeai6 corner: 3 against 5 outside with 4 shared
            // is seki whoever moves (3 + 1 < 5 + 4 and 5 < 3 + 4).
            (3, 5, 4, Seki),
            (5, 3, 4, Seki),
        ]);
    }

    #[test]
    fn eye_against_no_eye() {
        // The eye side counts the shared liberties: 1 outside + 1 eye + 2
        // shared = 4 against 3 outside; it wins even second.
        let eye = Side::with_eye(1, 1);
        assert_eq!(count(Side::no_eye(3), eye, 2), MoverLoses);
        assert_eq!(count(eye, Side::no_eye(3), 2), MoverWins);
        // Against 4 outside, the side to move wins.
        assert_eq!(count(Side::no_eye(4), eye, 2), MoverWins);
        assert_eq!(count(eye, Side::no_eye(4), 2), MoverWins);
        // Against 5 the eye side loses even first.
        assert_eq!(count(eye, Side::no_eye(5), 2), MoverLoses);
    }

    #[test]
    fn small_eye_against_small_eye() {
        // Two-point eyes in the corner, nothing outside, one shared
        // liberty: the mover cannot fill 2 + 1, the other cannot either:
        // seki.
        assert_eq!(count(Side::with_eye(0, 2), Side::with_eye(0, 2), 1), Seki);
        // 4 against 2 with 2 shared: the mover kills (4 >= 2 + 2); the
        // weaker side to move only makes seki (2 + 2 + 1 > 4).
        let strong = Side::with_eye(3, 1);
        let weak = Side::with_eye(1, 1);
        assert_eq!(count(strong, weak, 2), MoverWins);
        assert_eq!(count(weak, strong, 2), Seki);
        // Without shared liberties the side to move wins an even count.
        assert_eq!(count(weak, Side::with_eye(1, 1), 0), MoverWins);
        // With 5 against 1 and 2 shared, the weak side dies (5 >= 1 + 2 + 1).
        assert_eq!(
            count(Side::with_eye(0, 1), Side::with_eye(4, 1), 2),
            MoverLoses
        );
    }

    #[test]
    fn big_eye_against_small_eye() {
        // A four-point eye (5 liberties) with 1 outside and 2 shared
        // against a one-point eye with 6 outside: 1 + 5 + 2 = 8 against
        // 7. The big eye wins even second; no seki.
        let big = Side::with_eye(1, 4);
        let small = Side::with_eye(6, 1);
        assert_eq!(count(small, big, 2), MoverLoses);
        assert_eq!(count(big, small, 2), MoverWins);
        // Bigger of two big eyes takes the shared liberties too: five
        // points (8) against four (5), 1 shared: 8 + 1 against 5 + 3.
        let five = Side::with_eye(0, 5);
        let four = Side::with_eye(3, 4);
        assert_eq!(count(four, five, 1), MoverLoses);
    }
}
