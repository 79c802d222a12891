//! The move-ordering weights of every search of this layer, in one place:
//! the scores the move generators give their candidates (see
//! [`Candidates`](crate::reading::candidates::Candidates)). A search tries
//! its moves best first, so these numbers decide how fast a search finds
//! its answer and, where a search keeps only its best few moves, which
//! moves it reads at all.
//!
//! Only the order matters: a weight means something beside the other
//! weights of its generator. Origin of all of them: set by hand when each
//! search was written, from the priorities of the classic readers (GNU Go's
//! `reading.c`, `owl.c` and `readconnect.c` try captures and rescues
//! first, then liberties, then shape), and kept as they did on GNU Go's
//! regression suites (`reading.tst` for strings, `owl.tst` and
//! `ld_owl.tst` for life and death, `connection.tst` for connections).
//! None has been tuned systematically; a change to one is a change of
//! behaviour that the suites measure.

/// String tactics, the attacker's moves
/// ([`tactics`](crate::reading::tactics)).
pub(crate) mod string_attack {
    /// A move that saves one of the attacker's own boundary strings in
    /// atari: otherwise the owner escapes by capturing it.
    pub(crate) const SAVE_BOUNDARY: i32 = 30;
    /// Capturing an owner string in atari that keeps a boundary string in
    /// atari (it removes the owner's escape by capture and saves the
    /// boundary string in one move): tried before the plain rescue.
    pub(crate) const CAPTURE_RESCUER: i32 = 35;
    /// A throw-in: a liberty where the attacker's stone would be in atari
    /// (or captured), worth trying only near the root.
    pub(crate) const THROW_IN: i32 = 5;
    /// Backfilling: filling the one liberty a throw-in stone would have,
    /// so that the throw-in works next time; before the throw-in itself.
    pub(crate) const BACKFILL: i32 = 8;
    /// A safe move on a liberty of the string: the base score.
    pub(crate) const APPROACH: i32 = 20;
    /// ... plus this per liberty the attacker's stone would have (up to
    /// [`LIBERTY_CAP`]): a stone that cannot be cut off keeps the string
    /// short of liberties.
    pub(crate) const APPROACH_PER_OWN_LIBERTY: i32 = 4;
    /// ... minus this per empty neighbour of the owner's best extension
    /// afterwards: in a ladder, the atari that leaves the runner the least
    /// room is the one that works.
    pub(crate) const APPROACH_PER_RUNNER_ROOM: i32 = 6;
    /// ... plus this per stone the move captures.
    pub(crate) const APPROACH_PER_CAPTURE: i32 = 10;
    /// A liberty of an owner string the target could connect to (cut the
    /// escape route before it joins): near the root only.
    pub(crate) const CUT_PARTNER: i32 = 2;
    /// A net or capping move (an empty point next to the liberties): the
    /// base score.
    pub(crate) const NET: i32 = 2;
    /// ... plus this per liberty of the string the net point touches
    /// (plus one per liberty of the attacker's stone, up to
    /// [`LIBERTY_CAP`]).
    pub(crate) const NET_PER_LIBERTY_TOUCHED: i32 = 3;
    /// Where capturing a string in atari is only a ko: a liberty of an
    /// owner string next to the capturing point (it would retake), so
    /// that the capture becomes plain. All such moves score the same.
    pub(crate) const KO_APPROACH: i32 = 1;
    /// A liberty of a boundary string with two liberties, so that the
    /// owner cannot put it into atari: the last resort.
    pub(crate) const GUARD_BOUNDARY: i32 = 1;
    /// Liberties of the attacker's own stone count up to this many: four
    /// liberties keep a stone out of any quick capture.
    pub(crate) const LIBERTY_CAP: usize = 4;
}

/// String tactics, the owner's moves
/// ([`tactics`](crate::reading::tactics)).
pub(crate) mod string_defence {
    /// Capturing an attacker string in atari next to the string: the
    /// base score (plus one per stone captured). Captures come first: they
    /// gain liberties and often break the attack outright.
    pub(crate) const CAPTURE_ATTACKER: i32 = 40;
    /// A liberty race: putting an attacker string with two or three
    /// liberties into atari (plus one per liberty of the owner's stone, up
    /// to [`RACE_LIBERTY_CAP`]).
    pub(crate) const RACE_ATARI: i32 = 10;
    /// Liberties of the owner's stone count up to this many in a race.
    pub(crate) const RACE_LIBERTY_CAP: usize = 4;
    /// A liberty race short of an atari: taking a liberty of an attacker
    /// string not far ahead of the owner's in liberties (plus one per
    /// liberty of the owner's stone, up to [`RACE_LIBERTY_CAP`]); below the
    /// extensions, which gain liberties outright.
    pub(crate) const RACE_APPROACH: i32 = 4;
    /// ... plus this when the liberty is not one of the owner's string: an
    /// outside liberty of the attacker is the one to fill first.
    pub(crate) const RACE_OUTSIDE: i32 = 3;
    /// An extension on a liberty: the base score. The plain defence,
    /// ranked by the liberties it gains.
    pub(crate) const EXTEND: i32 = 15;
    /// ... plus this per liberty the extended string would have (up to
    /// [`EXTEND_LIBERTY_CAP`]).
    pub(crate) const EXTEND_PER_LIBERTY: i32 = 6;
    /// ... plus this per stone the extension captures.
    pub(crate) const EXTEND_PER_CAPTURE: i32 = 5;
    /// Liberties of an extension count up to this many (five liberties is
    /// tactically safe, see
    /// [`SAFE_LIBERTIES`](crate::reading::tactics::SAFE_LIBERTIES)).
    pub(crate) const EXTEND_LIBERTY_CAP: usize = 5;
    /// Strengthening a friendly string the owner could connect to, so that
    /// the connection saves both.
    pub(crate) const STRENGTHEN_PARTNER: i32 = 3;
    /// A liberty-gaining move next to the liberties (hane, jump) scores
    /// the liberties the new stone would have, up to this many: below the
    /// direct extensions unless it gains much more.
    pub(crate) const GAIN_LIBERTY_CAP: usize = 5;
}

/// Life and death, both sides' moves ([`owl`](crate::reading::owl)).
pub(crate) mod owl {
    /// The vital point of an eye space (the attacker's or the defender's,
    /// from the static eye evaluation): the move that decides the eye.
    pub(crate) const VITAL_POINT: i32 = 100;
    /// An empty point of an eye space: the base score...
    pub(crate) const EYE_SPACE_POINT: i32 = 40;
    /// ... plus this per neighbour inside the space (the centre of a
    /// space shapes it most).
    pub(crate) const EYE_SPACE_PER_NEIGHBOUR: i32 = 5;
    /// A liberty of the dragon (the attacker narrows the space, the
    /// defender widens it): the base score...
    pub(crate) const LIBERTY: i32 = 10;
    /// ... plus this per liberty the mover's stone would have there (up
    /// to [`LIBERTY_CAP`])...
    pub(crate) const LIBERTY_PER_OWN_LIBERTY: i32 = 3;
    /// ... plus this per empty neighbour of the liberty (open points lead
    /// out or make room for eyes).
    pub(crate) const LIBERTY_PER_OPEN: i32 = 4;
    /// Liberties of the mover's stone count up to this many.
    pub(crate) const LIBERTY_CAP: i32 = 4;
    /// The defender's extension one step beyond a liberty, to make eye
    /// shape: the base score (plus one per empty neighbour of the liberty).
    pub(crate) const EYE_SHAPE_EXTENSION: i32 = 5;
    /// The tactical defence of a weak string of the dragon: saving a
    /// cutting string is often the only way to live.
    pub(crate) const SAVE_WEAK_STRING: i32 = 90;
    /// The tactical capture of a weak string of the dragon: a capture
    /// kills or splits the dragon, so the attacker reads it first.
    pub(crate) const CAPTURE_WEAK_STRING: i32 = 120;
    /// The defender's capture of an opponent string in atari touching the
    /// dragon: a sure eye or a way out.
    pub(crate) const CAPTURE_NEIGHBOUR: i32 = 110;
    /// The attacker's rescue of its own string in atari touching the
    /// dragon (the move on its liberty): useful, but rarely the kill.
    pub(crate) const RESCUE_NEIGHBOUR: i32 = 60;
}

/// Connections, both sides' moves
/// ([`connection`](crate::reading::connection)).
pub(crate) mod connection {
    /// A liberty both strings share: the cutting or connecting point.
    pub(crate) const SHARED_LIBERTY: i32 = 50;
    /// A liberty of a cutting string with at most two liberties between
    /// the strings: capturing it connects, saving it cuts.
    pub(crate) const CUTTING_STRING_LIBERTY: i32 = 40;
    /// Two liberties, one of each string, side by side (a one-point gap
    /// made of two points): either of them.
    pub(crate) const ADJACENT_LIBERTIES: i32 = 30;
    /// Two liberties, one of each string, two steps apart (a one-space
    /// jump or knight's move between the liberties): either of them.
    pub(crate) const SECOND_ORDER: i32 = 10;
    /// An empty point touching a liberty of each string (the middle of a
    /// two-point gap): it threatens to join through either liberty.
    /// Between the neighbouring liberties and the second-order points (42
    /// of the tuning half of `connection.tst` with it, 41 without).
    pub(crate) const BRIDGE: i32 = 20;
    /// Added to one of two neighbouring liberties when it belongs to the
    /// side with fewer liberties: it breaks the tie towards the weaker
    /// side, and stays below the next weight (44 to 46 of the tuning
    /// half).
    pub(crate) const WEAKER_SIDE: i32 = 1;
    /// A point on a short empty path between the strings: this weight less
    /// the path's length in steps (2 to 6, so 8 to 4), so the shorter
    /// paths come first, after the moves above.
    pub(crate) const PATH: i32 = 10;
    /// A liberty of an opponent string beside either string with few
    /// liberties: capturing it may join them, saving it may keep a cut.
    /// After every point between them (below [`PATH`] less the longest
    /// path): such a string may lie far from the gap. Chosen on the tuning
    /// half of `connection.tst` from 1, 3, 5, 7 and 9 (47, 47, 46, 46, 46
    /// of 64).
    pub(crate) const WEAK_NEIGHBOUR_LIBERTY: i32 = 3;
}
