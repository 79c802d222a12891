//! Connections: can two strings of one colour be joined (the owner moving
//! first), or cut apart (the opponent moving first)? A small alternating
//! search over the points between them, with tactical reading to capture
//! cutting stones or the strings themselves, in the spirit of GNU Go's
//! `readconnect.c` (the questions, not its code).
//!
//! Static judgement: two strings are connected when they are one string,
//! share two liberties (miai), share a liberty the opponent cannot occupy
//! (it would be captured at once), or touch one opponent string that can be
//! captured.
//!
//! Ko, as in the owl search (`ko`): a ko capture that is illegal right
//! now may be played once per side and line after a threat, so the answer
//! carries GNU Go's ko codes (`KoA` when the side asked about takes the ko
//! first, `KoB` when it must retake first); a capture of one of the pair
//! by the tactical reader keeps that reader's ko code. A static link is
//! not trusted right after the cutter took a ko the owner would retake.
//!
//! Budget: every node counts one, and each tactical read inside the search
//! counts a share of its nodes (`TACTICAL_NODE_SHARE`). Out of budget,
//! the search answers from the static judgement.
//!
//! Move ordering: the weights of `ordering::connection`.

use crate::reading::answer::keep_best;
use crate::reading::candidates::Candidates;
use crate::reading::ko::{ko_taken, KoLine};
use crate::reading::ordering::connection as weight;
use crate::reading::tactics::Reader;
use crate::reading::{Answer, Budget, Code, Meter};
use crate::rules::{Board, Color, Point};

/// Plies of the connection search.
pub(crate) const CONNECT_DEPTH: usize = 7;
/// Default node budget of a connection query.
pub const DEFAULT_CONNECT_NODES: u64 = 3_000;
/// Candidate moves per node of the connection search.
const CONNECT_BRANCH: usize = 12;
/// Strings followed when collecting the strings linked to one.
const COMPONENT_MAX: usize = 24;
/// Node budget of each tactical read inside the connection search.
const TACTICAL_NODES: u64 = 1_000;
/// A tactical read inside the connection search counts one node of the
/// connection budget per this many of its own: a tactical node is much
/// cheaper than a connection node (which judges the whole component), and
/// the captures must not eat the budget of the search around them. Set by
/// hand with the search, judged on `connection.tst`.
const TACTICAL_NODE_SHARE: u64 = 16;

/// One connection query: the pair of strings and the nodes counted.
struct Conn<'a> {
    meter: Meter<'a>,
    a: Point,
    b: Point,
    color: Color,
    /// The conditional ko captures of the current line.
    ko: KoLine,
}

/// Whether two strings of one colour are as good as connected: one
/// string, two shared liberties (miai), a shared liberty the opponent
/// cannot occupy, or an opponent string between them in atari.
fn linked(board: &Board, a: Point, b: Point) -> bool {
    if board.chain_id(a) == board.chain_id(b) {
        return true;
    }
    let Some(c) = board.get(a) else { return false };
    // A shared liberty the opponent cannot occupy (it would be captured
    // at once) is as good as a connection.
    let common = board.shared_liberties(a, b);
    if common.len() >= 2 || common.iter().any(|&l| !board.is_safe_move(l, c.opponent())) {
        return true;
    }
    let opp = c.opponent();
    let nb = board.adjacent_chains(b, opp);
    board
        .adjacent_chains(a, opp)
        .iter()
        .any(|h| nb.contains(h) && board.liberties(*h) == 1)
}

/// The strings (chain ids) linked to the string through `p`, directly or
/// through each other, among those sharing a liberty with it (up to
/// [`COMPONENT_MAX`] strings).
fn component(board: &Board, p: Point) -> Vec<Point> {
    let Some(c) = board.get(p) else {
        return Vec::new();
    };
    let mut comp = vec![board.chain_id(p)];
    let mut i = 0;
    while i < comp.len() && comp.len() < COMPONENT_MAX {
        let h = comp[i];
        i += 1;
        for l in board.chain_liberties(h) {
            for n in board.neighbors(l) {
                if board.get(n) == Some(c) {
                    let id = board.chain_id(n);
                    if !comp.contains(&id) && linked(board, h, id) {
                        comp.push(id);
                    }
                }
            }
        }
        // Strings linked through a capturable opponent string.
        for o in board.adjacent_chains(h, c.opponent()) {
            if board.liberties(o) == 1 {
                for g in board.adjacent_chains(o, c) {
                    if !comp.contains(&g) {
                        comp.push(g);
                    }
                }
            }
        }
    }
    comp
}

impl Conn<'_> {
    /// The static judgement: connected now (directly or through other
    /// strings of the same colour, each link solid by [`linked`])?
    fn connected(&self, board: &Board) -> bool {
        let (a, b) = (self.a, self.b);
        if board.get(a) != Some(self.color) || board.get(b) != Some(self.color) {
            return false;
        }
        let comp = component(board, a);
        comp.contains(&board.chain_id(b))
    }

    /// Candidate moves for `side`, best first: the points between the
    /// pair, and the ko point while `side` may take it back (a ko on the
    /// line between them).
    fn candidates(&self, board: &Board, side: Color) -> Vec<Point> {
        let ca = component(board, self.a);
        let cb = component(board, self.b);
        let mut cands = Candidates::default();
        let la = board.liberties_of_chains(&ca);
        let lb = board.liberties_of_chains(&cb);
        for &l in &la {
            if lb.contains(&l) {
                cands.add(l, weight::SHARED_LIBERTY);
            }
            for n in board.neighbors(l) {
                if lb.contains(&n) {
                    cands.add(l, weight::ADJACENT_LIBERTIES);
                    cands.add(n, weight::ADJACENT_LIBERTIES);
                }
            }
        }
        // Opponent strings between them with few liberties.
        let opp = self.color.opponent();
        let mut nb: Vec<Point> = Vec::new();
        for &h in &cb {
            nb.extend(board.adjacent_chains(h, opp));
        }
        for &h in &ca {
            for o in board.adjacent_chains(h, opp) {
                if nb.contains(&o) && board.liberties(o) <= 2 {
                    for l in board.chain_liberties(o) {
                        cands.add(l, weight::CUTTING_STRING_LIBERTY);
                    }
                }
            }
        }
        // Second-order points: a liberty of one side near a liberty of
        // the other (a one-space jump or knight's move apart).
        for &l in &la {
            for &m in &lb {
                let d = (l.x() as i32 - m.x() as i32).abs() + (l.y() as i32 - m.y() as i32).abs();
                if d == 2 {
                    cands.add(l, weight::SECOND_ORDER);
                    cands.add(m, weight::SECOND_ORDER);
                }
            }
        }
        if let Some(k) = board.ko_point() {
            if board.neighbors(k).any(|n| {
                board.get(n).is_some_and(|_| {
                    let id = board.chain_id(n);
                    ca.contains(&id) || cb.contains(&id) || nb.contains(&id)
                })
            }) {
                cands.add(k, weight::CUTTING_STRING_LIBERTY);
            }
        }
        cands.retain(|p| self.ko.playable(board, p, side));
        cands.best(CONNECT_BRANCH)
    }

    /// Whether a string of the pair can be captured with the opponent to
    /// move (a cut by capture); the capturing move.
    /// The best capture with its code (a ko capture answers `KoA` or
    /// `KoB`, as the tactical reader does).
    fn capture(&mut self, board: &mut Board) -> (Code, Option<Point>) {
        let mut best = (Code::Fail, None);
        for s in [self.a, self.b] {
            if board.liberties(s) <= 3 {
                let a = Reader::new(Budget::nodes(TACTICAL_NODES)).attack(board, s);
                self.meter.charge(a.nodes / TACTICAL_NODE_SHARE);
                if a.code.rank() > best.0.rank() {
                    best = (a.code, a.point);
                    if a.code == Code::Win {
                        break;
                    }
                }
            }
        }
        best
    }

    // `connect` and `disconnect` are two functions, not one for both
    // sides: the cutter also cuts by capturing a string of the pair and
    // judges statically when it has no move, while the connector takes a
    // static link for granted below the root only.

    /// The owner to move: can it connect? The code (the owner's view)
    /// and the move.
    fn connect(&mut self, board: &mut Board, depth: usize) -> (Code, Option<Point>) {
        self.meter.tick();
        let root = depth == CONNECT_DEPTH;
        if board.get(self.a).is_some() && board.chain_id(self.a) == board.chain_id(self.b) {
            return (Code::Win, None);
        }
        let linked = self.connected(board);
        // At the root, a connection judged solid statically still gets a
        // move if one is needed: that the opponent cannot cut after it.
        // A link is not taken for granted either right after the opponent
        // took a ko the owner would retake.
        let taken = ko_taken(board, self.color);
        if linked && !root && !taken {
            return (Code::Win, None);
        }
        if depth == 0 || self.meter.exhausted() {
            return (Code::win_if(linked), None);
        }
        let mut best = (Code::Fail, None);
        if linked && !taken {
            let code = self.disconnect(board, depth - 1).0.reverse();
            if code == Code::Win {
                return (Code::Win, None);
            }
            best = (code, None);
        }
        for m in self.candidates(board, self.color) {
            let Some(played) = self.ko.play(board, m, self.color, best.0 == Code::Fail) else {
                continue;
            };
            let threat = played.needed_threat();
            let code = self.disconnect(board, depth - 1).0.reverse();
            self.ko.undo(board, played);
            if keep_best(&mut best, m, code, threat) {
                break;
            }
        }
        best
    }

    /// The opponent to move: can it cut? The code (the cutter's view) and
    /// the move.
    fn disconnect(&mut self, board: &mut Board, depth: usize) -> (Code, Option<Point>) {
        self.meter.tick();
        if board.get(self.a) != Some(self.color) || board.get(self.b) != Some(self.color) {
            // Captured; by a ko capture the owner may take back after a
            // threat, a ko the cutter took first.
            let retake = self.ko.can_retake(board, self.color);
            return (if retake { Code::KoA } else { Code::Win }, None);
        }
        if board.chain_id(self.a) == board.chain_id(self.b) {
            return (Code::Fail, None);
        }
        let mut best = self.capture(board);
        if best.0 == Code::Win {
            return best;
        }
        if self.meter.exhausted() {
            return (Code::win_if(!self.connected(board)), None);
        }
        let opp = self.color.opponent();
        let mut tried = false;
        for m in self.candidates(board, opp) {
            let Some(played) = self.ko.play(board, m, opp, best.0 == Code::Fail) else {
                continue;
            };
            tried = true;
            let threat = played.needed_threat();
            let code = if depth == 0 {
                Code::win_if(!self.connected(board))
            } else {
                self.connect(board, depth - 1).0.reverse()
            };
            self.ko.undo(board, played);
            if keep_best(&mut best, m, code, threat) {
                break;
            }
        }
        if !tried && best.0 == Code::Fail {
            return (Code::win_if(!self.connected(board)), None);
        }
        best
    }
}

/// Which question a connection query asks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Question {
    /// Can the owner connect, moving first?
    Connect,
    /// Can the opponent cut, moving first?
    Disconnect,
}

/// One connection query. Strings that are not a pair of one colour cannot
/// be connected, and need no cut.
fn query(board: &mut Board, a: Point, b: Point, budget: &Budget, q: Question) -> Answer {
    let pair = board.get(a).filter(|&c| board.get(b) == Some(c));
    let Some(color) = pair else {
        return Answer::unread(Code::win_if(q == Question::Disconnect));
    };
    let mut c = Conn {
        meter: Meter::new(budget),
        a,
        b,
        color,
        ko: KoLine::default(),
    };
    let (code, m) = match q {
        Question::Connect => c.connect(board, CONNECT_DEPTH),
        Question::Disconnect => c.disconnect(board, CONNECT_DEPTH),
    };
    Answer {
        code,
        point: if code.succeeds() { m } else { None },
        nodes: c.meter.nodes(),
    }
}

/// Can the strings through `a` and `b` be connected, their owner moving
/// first? Already connected strings answer `Win` with no move.
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{connection, Budget, Code};
/// let mut b = Board::from_ascii("
///     . . . . .
///     . X . X .
///     . . O . .
///     . . . . .
///     . . . . .");
/// let a = connection::connect(&mut b, Point::from_xy(1, 1), Point::from_xy(3, 1), &Budget::nodes(1000));
/// assert_eq!(a.code, Code::Win);
/// assert_eq!(a.point, Some(Point::from_xy(2, 1)));
/// ```
pub fn connect(board: &mut Board, a: Point, b: Point, budget: &Budget) -> Answer {
    query(board, a, b, budget, Question::Connect)
}

/// Can the strings through `a` and `b` be cut apart, the opponent moving
/// first?
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{connection, Budget, Code};
/// // A bamboo joint: whichever point White takes, Black takes the other.
/// let mut b = Board::from_ascii("
///     . . . . .
///     . X . X .
///     . X . X .
///     . . . . .
///     . . . . .");
/// let d = connection::disconnect(&mut b, Point::from_xy(1, 1), Point::from_xy(3, 2), &Budget::nodes(1000));
/// assert_eq!(d.code, Code::Fail);
/// ```
pub fn disconnect(board: &mut Board, a: Point, b: Point, budget: &Budget) -> Answer {
    query(board, a, b, budget, Question::Disconnect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_point_jump_over_a_cut() {
        // X on B4 and D4; White on C3 under the gap. Black C4 connects;
        // White C4 cuts.
        let mut b = Board::from_ascii(
            "
            . . . . .
            . X . X .
            . . O . .
            . . . . .
            . . . . .",
        );
        let (p, q) = (Point::from_xy(1, 1), Point::from_xy(3, 1));
        let c = connect(&mut b, p, q, &Budget::nodes(DEFAULT_CONNECT_NODES));
        assert_eq!((c.code, c.point), (Code::Win, Some(Point::from_xy(2, 1))));
        let d = disconnect(&mut b, p, q, &Budget::nodes(DEFAULT_CONNECT_NODES));
        assert_eq!(d.code, Code::Win);
    }

    #[test]
    fn bamboo_joint_cannot_be_cut() {
        let mut b = Board::from_ascii(
            "
            . . . . .
            . X . X .
            . X . X .
            . . . . .
            . . . . .",
        );
        let (p, q) = (Point::from_xy(1, 1), Point::from_xy(3, 2));
        let d = disconnect(&mut b, p, q, &Budget::nodes(DEFAULT_CONNECT_NODES));
        assert_eq!(d.code, Code::Fail, "{d:?}");
    }
}
