//! Ko in the reading searches that play whole lines (the owl search and
//! the connection search), the scheme of the tactical reader (`tactics`):
//! a legal ko capture is played like any move; a ko capture that is
//! illegal right now (the ko point) may be played once per side and line,
//! as if a ko threat had been played and answered, and what it wins is at
//! best [`Code::KoB`](crate::reading::Code::KoB) for its player
//! ([`Code::after_threat`](crate::reading::Code::after_threat)). A side
//! that takes a ko first and wins it thereby answers `KoA`: the opponent's
//! retake needed the threat (GNU Go's komaster scheme, simplified). The
//! tactical reader keeps its threats and undo records here too
//! ([`KoLine::take_after_threat`], [`Played::plain`]).

use crate::rules::{Board, Color, Point, Undo};

/// The conditional ko captures made on the current line, per colour.
#[derive(Default)]
pub(crate) struct KoLine {
    threats: [u8; 2],
}

/// A move played by [`KoLine::play`], with its undo records.
pub(crate) struct Played {
    /// The ko threat exchange (a pass) before a conditional ko capture.
    threat: Option<Undo>,
    /// The lifted ko ban when the side that took a ko fills its point.
    lift: Option<Undo>,
    undo: Undo,
}

impl Played {
    /// A move that needed no threat and lifted no ko ban.
    pub(crate) fn plain(undo: Undo) -> Played {
        Played {
            threat: None,
            lift: None,
            undo,
        }
    }

    /// Whether the move was a ko capture that needed a threat.
    pub(crate) fn needed_threat(&self) -> bool {
        self.threat.is_some()
    }
}

impl KoLine {
    /// Whether `side` still has its ko threat for this line.
    pub(crate) fn threat_left(&self, side: Color) -> bool {
        self.threats[side.index()] == 0
    }

    /// The conditional ko captures made on the line so far, per colour
    /// index (for keys of positions read on the line).
    pub(crate) fn spent(&self) -> [u8; 2] {
        self.threats
    }

    /// Whether `side` could retake the ko point now, after the threat it
    /// has not spent on this line.
    pub(crate) fn can_retake(&self, board: &Board, side: Color) -> bool {
        self.threat_left(side) && ko_taken(board, side)
    }

    /// Whether `side` may try `m`: a legal move, the ko point as a
    /// conditional capture while its threat is left, or the ko point filled
    /// by the side that took the ko.
    pub(crate) fn playable(&self, board: &Board, m: Point, side: Color) -> bool {
        board.is_empty(m)
            && (board.check_move(m, side, false).is_ok()
                || (board.ko_point() == Some(m)
                    && if board.would_capture(m, side) {
                        self.threat_left(side)
                    } else {
                        !board.is_suicide(m, side)
                    }))
    }

    /// Plays `m` for `side`: a legal move, or a ko capture that is illegal
    /// right now as if a ko threat had been played and answered (only while
    /// `allow_ko`, nothing better found yet, and the side's threat is
    /// left). `None` when the move cannot be played, as on an occupied
    /// point (never the ko point, which is always empty; elsewhere
    /// `Board::play` refuses it).
    pub(crate) fn play(
        &mut self,
        board: &mut Board,
        m: Point,
        side: Color,
        allow_ko: bool,
    ) -> Option<Played> {
        if is_retake(board, m, side) {
            if !allow_ko || !self.threat_left(side) {
                return None;
            }
            return self.take_after_threat(board, m, side);
        }
        if board.ko_point() == Some(m) && !board.is_suicide(m, side) {
            // The side that took the ko fills the point (connects the ko):
            // the ban binds only the side that would retake, but the board
            // keeps one ko point for whoever moves, so lift it first.
            let lift = board.pass(side);
            let undo = board.play_unchecked(m, side);
            return Some(Played {
                threat: None,
                lift: Some(lift),
                undo,
            });
        }
        board.play(m, side, false).ok().map(Played::plain)
    }

    /// Plays the ko retake `m` for `side` (see [`is_retake`]) as if a ko
    /// threat had been played and answered: a pass, then the capture,
    /// which spends the side's threat of this line. `None`, the board and
    /// the line unchanged, when the capture would be suicide even so. The
    /// caller decides whether the threat may be spent.
    pub(crate) fn take_after_threat(
        &mut self,
        board: &mut Board,
        m: Point,
        side: Color,
    ) -> Option<Played> {
        let threat = board.pass(side);
        if board.is_suicide(m, side) {
            board.undo(threat);
            return None;
        }
        let undo = board.play_unchecked(m, side);
        self.threats[side.index()] += 1;
        Some(Played {
            threat: Some(threat),
            lift: None,
            undo,
        })
    }

    /// Takes back a move of [`KoLine::play`].
    pub(crate) fn undo(&mut self, board: &mut Board, p: Played) {
        board.undo(p.undo);
        if let Some(t) = p.threat {
            board.undo(t);
            self.threats[p.undo.color().index()] -= 1;
        }
        if let Some(l) = p.lift {
            board.undo(l);
        }
    }
}

/// Whether `m` is the ko point and `side` would retake the ko there: the
/// capture the ko rule bans right now.
pub(crate) fn is_retake(board: &Board, m: Point, side: Color) -> bool {
    board.ko_point() == Some(m) && board.would_capture(m, side)
}

/// Whether the last move took a ko that `side` would retake (the ko point
/// is banned to it now).
pub(crate) fn ko_taken(board: &Board, side: Color) -> bool {
    board
        .ko_point()
        .is_some_and(|k| board.would_capture(k, side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::at;

    /// The ko of `tests/life_and_death.rs`'s connection test: White's E1
    /// in atari, Black E2 takes it and may not be retaken at once. The
    /// board, its ko point E1 and a line with no threat spent yet.
    fn after_black_takes() -> (Board, Point, KoLine) {
        let mut b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O O O . . .
            . X X O . O X X .
            . X X X O X X X .",
        );
        b.play(at(&b, "E2"), Color::Black, false).unwrap();
        let e1 = at(&b, "E1");
        assert_eq!(b.ko_point(), Some(e1));
        (b, e1, KoLine::default())
    }

    #[test]
    fn a_banned_retake_needs_the_one_threat_of_the_line() {
        let (mut b, e1, mut line) = after_black_takes();
        let before = b.clone();
        assert!(b.check_move(e1, Color::White, false).is_err(), "the ko ban");
        assert!(line.can_retake(&b, Color::White));
        assert!(line.playable(&b, e1, Color::White));
        assert!(
            line.play(&mut b, e1, Color::White, false).is_none(),
            "ko not allowed"
        );
        let p = line.play(&mut b, e1, Color::White, true).unwrap();
        assert!(p.needed_threat());
        assert!(!line.threat_left(Color::White), "the threat is spent");
        assert!(b.get(at(&b, "E2")).is_none(), "the retake captured");
        line.undo(&mut b, p);
        assert_eq!(b, before, "undo restores the board and the ko point");
        assert!(line.threat_left(Color::White));
    }

    #[test]
    fn the_taker_may_fill_its_ko() {
        let (mut b, e1, mut line) = after_black_takes();
        let before = b.clone();
        assert!(line.playable(&b, e1, Color::Black));
        let p = line.play(&mut b, e1, Color::Black, false).unwrap();
        assert!(!p.needed_threat());
        assert_eq!(b.get(e1), Some(Color::Black));
        line.undo(&mut b, p);
        assert_eq!(b, before);
    }
}
