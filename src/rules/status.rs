//! The one status vocabulary of the crate: how alive a string or group
//! is. Produced by the life-and-death layer, consumed by the evaluators
//! (influence, potential), scoring, the engine and every face (GTP, JS);
//! until that layer has spoken it is an explicit input, all alive by
//! default.
//!
//! One mapping to the outside: [`Status::name`] is the word of GTP
//! (`dragon_status`, `final_status_list`) and of the JS API, and
//! [`Status::code`] the number of the status maps (`moku_status`, the JS
//! `groupStatus` array).

use crate::rules::point::CELLS;
use crate::rules::{Board, Point};

/// The status of a string or group (dragon) of stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Status {
    /// Lives whoever moves first: radiates fully for its owner.
    #[default]
    Alive,
    /// Whoever moves first decides (weak, like Handtalk's injured or
    /// clumped 団子 stones): radiates less.
    Critical,
    /// Dies whoever moves first: radiates for the opponent.
    Dead,
    /// Lives without eyes of its own beside an opponent group that cannot
    /// kill it (mutual life): alive for the evaluators, no territory.
    Seki,
    /// Not judged; treated as alive by the evaluators.
    Unknown,
}

impl Status {
    /// Every status, in code order of [`Status::code`] from 1.
    pub const ALL: [Status; 5] = [
        Status::Alive,
        Status::Critical,
        Status::Dead,
        Status::Seki,
        Status::Unknown,
    ];

    /// The word of GTP and the JS API: `alive`, `critical`, `dead`, `seki`,
    /// `unknown`.
    ///
    /// ```
    /// use moku::rules::Status;
    /// assert_eq!(Status::Seki.name(), "seki");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Critical => "critical",
            Status::Dead => "dead",
            Status::Seki => "seki",
            Status::Unknown => "unknown",
        }
    }

    /// The number of the status maps (GTP `moku_status`, JS
    /// `groupStatus`): 1 alive, 2 critical, 3 dead, 4 seki, 5 unknown; 0 is
    /// left for an empty point.
    ///
    /// ```
    /// use moku::rules::Status;
    /// assert_eq!(Status::Dead.code(), 3);
    /// ```
    pub const fn code(self) -> u8 {
        match self {
            Status::Alive => 1,
            Status::Critical => 2,
            Status::Dead => 3,
            Status::Seki => 4,
            Status::Unknown => 5,
        }
    }
}

/// A status for every stone of a board, set per string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusMap {
    status: Vec<Status>,
}

impl Default for StatusMap {
    fn default() -> Self {
        StatusMap {
            status: vec![Status::Alive; CELLS],
        }
    }
}

impl StatusMap {
    /// Every stone alive.
    pub fn all_alive() -> StatusMap {
        StatusMap::default()
    }

    /// The status of the stone on `p` (meaningless on an empty point).
    #[inline]
    pub fn get(&self, p: Point) -> Status {
        self.status[p.index()]
    }

    /// Sets the status of the stone on `p` alone.
    pub fn set_point(&mut self, p: Point, s: Status) {
        self.status[p.index()] = s;
    }

    /// Sets the status of the whole string through the stone on `p`.
    pub fn set_string(&mut self, board: &Board, p: Point, s: Status) {
        if board.get(p).is_none() {
            return;
        }
        for q in board.chain(p) {
            self.status[q.index()] = s;
        }
    }

    /// Marks the strings through the given stones dead (e.g. from a list of
    /// dead stones given for scoring).
    pub fn with_dead(board: &Board, dead: &[Point]) -> StatusMap {
        let mut m = StatusMap::all_alive();
        for &p in dead {
            m.set_string(board, p, Status::Dead);
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn one_name_and_one_code_per_status() {
        let names: Vec<&str> = Status::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names, ["alive", "critical", "dead", "seki", "unknown"]);
        let codes: Vec<u8> = Status::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(codes, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn set_string_marks_every_stone() {
        let b = Board::from_ascii(
            "
            X X .
            . O .
            . . .",
        );
        let m = StatusMap::with_dead(&b, &[Point::from_xy(0, 0)]);
        assert_eq!(m.get(Point::from_xy(1, 0)), Status::Dead);
        assert_eq!(m.get(Point::from_xy(1, 1)), Status::Alive);
        assert_eq!(b.get(Point::from_xy(1, 1)), Some(Color::White));
    }
}
