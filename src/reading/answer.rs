//! What every reader of this layer answers: a result [`Code`] (GNU Go's
//! 0/1/2/3), the key move and the nodes searched, as one [`Answer`].

use crate::rules::Point;

/// GNU Go's reading result codes, from the point of view of the side whose
/// goal is asked about (the attacker for `attack`, the owner for `defend`).
///
/// ```
/// use moku::reading::Code;
/// assert_eq!(Code::KoA.gnugo(), 2);
/// assert_eq!(Code::KoA.reverse(), Code::KoB);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The goal cannot be reached (GNU Go `0`).
    Fail,
    /// The goal is reached unconditionally (GNU Go `1`, `WIN`).
    Win,
    /// The goal is reached through a ko in which this side takes the first
    /// ko capture; the opponent needs the first threat (GNU Go `2`, `KO_A`).
    KoA,
    /// The goal is reached through a ko in which this side must find the
    /// first ko threat (GNU Go `3`, `KO_B`).
    KoB,
}

impl Code {
    /// The GNU Go number of the code (0, 1, 2, 3).
    pub const fn gnugo(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::Win => 1,
            Code::KoA => 2,
            Code::KoB => 3,
        }
    }

    /// The code of a GNU Go number (anything but 1, 2, 3 is `Fail`).
    pub(crate) const fn from_gnugo(v: u8) -> Code {
        match v {
            1 => Code::Win,
            2 => Code::KoA,
            3 => Code::KoB,
            _ => Code::Fail,
        }
    }

    /// `Win` when the goal is reached, `Fail` otherwise (for the searches
    /// that do not read kos).
    pub(crate) const fn win_if(reached: bool) -> Code {
        if reached {
            Code::Win
        } else {
            Code::Fail
        }
    }

    /// How good the code is for its side: `Win > KoA > KoB > Fail`.
    pub const fn rank(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::KoB => 1,
            Code::KoA => 2,
            Code::Win => 3,
        }
    }

    /// The same outcome seen by the opponent (GNU Go's `REVERSE_RESULT`).
    pub const fn reverse(self) -> Code {
        match self {
            Code::Fail => Code::Win,
            Code::Win => Code::Fail,
            Code::KoA => Code::KoB,
            Code::KoB => Code::KoA,
        }
    }

    /// Whether the goal is reached at all (any code but `Fail`).
    pub const fn succeeds(self) -> bool {
        !matches!(self, Code::Fail)
    }

    /// The code of a result that first needed a ko threat: at best `KoB`.
    pub(crate) const fn after_threat(self) -> Code {
        match self {
            Code::Win | Code::KoA => Code::KoB,
            c => c,
        }
    }
}

/// Keeps the best of a side's moves while a search tries them: the code
/// `code` that move `m` reached (at best `KoB` when the move was a ko
/// capture that first needed a threat) replaces `best` when it ranks
/// higher. Returns `true` on an outright win: the search can stop.
pub(crate) fn keep_best(
    best: &mut (Code, Option<Point>),
    m: Point,
    code: Code,
    threat: bool,
) -> bool {
    let code = if threat { code.after_threat() } else { code };
    if code.rank() > best.0.rank() {
        *best = (code, Some(m));
    }
    code == Code::Win
}

/// The answer of one query: the code, the key move (none for `Fail`, or
/// when nothing needs to be played) and the nodes the search visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The result (GNU Go's codes).
    pub code: Code,
    /// The move that achieves it, if one is needed.
    pub point: Option<Point>,
    /// Nodes searched.
    pub nodes: u64,
}

impl Answer {
    /// The answer to a question settled before any search (`nodes` 0, no
    /// move): a stone that is not there, or strings that are not a pair.
    pub(crate) const fn unread(code: Code) -> Answer {
        Answer {
            code,
            point: None,
            nodes: 0,
        }
    }
}

/// The side a reading question is asked for: the one that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Capture the string, or kill the group (the opponent moves).
    Attack,
    /// Save the string, or make the group live (the owner moves).
    Defend,
}

impl Goal {
    /// The goal of the reply.
    pub(crate) const fn other(self) -> Goal {
        match self {
            Goal::Attack => Goal::Defend,
            Goal::Defend => Goal::Attack,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_reverse_and_rank() {
        // Each code is the other side's view of its pair, both ways.
        for (code, other) in [(Code::KoA, Code::KoB), (Code::Win, Code::Fail)] {
            assert_eq!(code.reverse(), other);
            assert_eq!(other.reverse(), code);
        }
        assert!(Code::Win.rank() > Code::KoA.rank() && Code::KoA.rank() > Code::KoB.rank());
        assert_eq!(Code::KoB.gnugo(), 3);
    }

    #[test]
    fn gnugo_numbers_round_trip() {
        for c in [Code::Fail, Code::Win, Code::KoA, Code::KoB] {
            assert_eq!(Code::from_gnugo(c.gnugo()), c);
        }
        assert_eq!(Code::from_gnugo(7), Code::Fail);
        assert_eq!(Code::Win.after_threat(), Code::KoB);
        assert_eq!(Code::KoA.after_threat(), Code::KoB);
        assert_eq!(Code::Fail.after_threat(), Code::Fail);
        assert_eq!(
            (Code::win_if(true), Code::win_if(false)),
            (Code::Win, Code::Fail)
        );
    }
}
