//! Connections: can two strings of one colour be joined (the owner moving
//! first), or cut apart (the opponent moving first)? A small alternating
//! search over the points between them, with tactical reading to capture
//! cutting stones or the strings themselves, in the spirit of GNU Go's
//! `readconnect.c` (the questions, not its code).
//!
//! Static judgement: two strings are connected when they are one string,
//! share two liberties (miai), share a liberty the opponent cannot occupy
//! (it would be captured at once) or one where the cutting stone falls to
//! a tactical attack (a ladder or a net), or touch one opponent string in
//! atari that the owner captures cleanly (not a ko).
//!
//! The search: the owner's and the cutter's moves are the points between
//! the pair (shared and neighbouring liberties, the points on the short
//! empty paths between them), the liberties of the opponent strings
//! between or beside them short of liberties, and the ko point. The cutter
//! also tries to capture a string of the pair of at most two liberties. At
//! the horizon the owner still gets one move that connects at once, so a
//! cut is read as a cut only when the owner cannot mend it directly (the
//! threats of order one of Cazenave's generalized threats search, also
//! behind GNU Go's recursive connection reading).
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
use crate::rules::{Board, Color, Point, PointList};
use std::collections::HashMap;

/// Plies of the connection search, the owner's one move at the horizon
/// not counted. Chosen on the tuning half of `connection.tst` from 3 to
/// 9 and 11 plies at 3,000 nodes (46, 46, 47, 48, 47, 47, 46, 46 of 64).
pub(crate) const CONNECT_DEPTH: usize = 6;
/// Default node budget of a connection query. The tactical reads inside
/// the search are charged to it, and the string reader's liberty races
/// and kos make them longer: at 5,000 nodes the search ran out before
/// reading the owner's answers to a ko capture. Chosen on the tuning half
/// of `connection.tst` from 5,000, 7,000, 10,000, 15,000 and 20,000 nodes
/// with `LINK_TACTICAL_NODES` at 400 (48, 48, 49, 49, 49 of 64); the
/// least of the best.
pub const DEFAULT_CONNECT_NODES: u64 = 10_000;
/// Candidate moves per node of the connection search.
const CONNECT_BRANCH: usize = 12;
/// Strings followed when collecting the strings linked to one.
const COMPONENT_MAX: usize = 24;
/// Node budget of each tactical read inside the connection search.
const TACTICAL_NODES: u64 = 1_000;
/// A string of the pair is read for a capture (a cut by capture) only
/// with at most this many liberties: a ladder or a net. Reading strings of
/// three liberties too answered captures of loose stones in the open
/// where the cut itself is the answer (judged on the tuning half of
/// `connection.tst`: 35 to 37 of 64 with two).
const CAPTURE_LIBERTIES: usize = 2;
/// Node budget of the tactical read of a cutting stone
/// ([`Conn::linked`]): a ladder or a small net, read often, so smaller
/// than [`TACTICAL_NODES`]. Only a finished read links, and the string
/// reader's races and kos give the cutting stone's defender more moves to
/// refute, so a ladder takes more nodes to prove. Chosen on the tuning
/// half of `connection.tst` at 10,000 nodes a query: 200, 300, 400, 500
/// and 1,000 read 48, 48, 49, 48, 48 of 64 (the reads are charged to the
/// search's budget).
const LINK_TACTICAL_NODES: u64 = 400;
/// A stone cutting at the one shared liberty of two strings is read for a
/// capture only with at most this many liberties once played: a ladder
/// or a net catches a stone of two liberties; one of three or more is not
/// caught by force.
const CUT_CAPTURE_LIBERTIES: usize = 2;
/// An opponent string beside either side with at most this many
/// liberties gives its liberties as candidates (an atari or a capture is
/// one or two moves away): the reach of a ladder.
const WEAK_NEIGHBOUR_LIBERTIES: usize = 2;
/// The longest empty path, in steps from one side's liberties to the
/// other's, whose points are candidates: a point three steps from one
/// side and three from the other (a gap of five points) is still read.
/// Chosen on the tuning half of `connection.tst` from 4 to 8 (38, 41,
/// 42, 42, 41 of 64); the least of the best.
const PATH_MAX_STEPS: usize = 6;
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
    /// The links read so far ([`Conn::linked`]), by position hash and
    /// the pair's chain ids.
    links: HashMap<(u64, Point, Point), bool>,
}

/// The cheap part of [`Conn::linked`]: one string, two shared liberties
/// (miai), a shared liberty the opponent cannot occupy, or an opponent
/// string between them in atari that the owner captures cleanly.
fn linked_statically(board: &Board, a: Point, b: Point) -> bool {
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
        .any(|h| nb.contains(h) && board.liberties(*h) == 1 && clean_capture(board, *h))
}

/// Whether the string through `o`, in atari, is captured cleanly: the
/// capture takes more than one stone, or the capturing stone keeps two
/// liberties. Taking one stone and keeping one liberty is a ko (or a
/// snapback), which the cutter may take back: no link.
fn clean_capture(board: &Board, o: Point) -> bool {
    let Some(c) = board.get(o) else { return false };
    let l = board.chain_liberties(o)[0];
    board.chain_len(o) > 1 || board.liberties_after_up_to(l, c.opponent(), 2) >= 2
}

/// The empty points within `max` steps of `libs` through empty points,
/// with their distance (a point of `libs` is 1 step away).
fn empty_distances(board: &Board, libs: &[Point], max: usize) -> Vec<(Point, usize)> {
    let mut out: Vec<(Point, usize)> = libs.iter().map(|&l| (l, 1)).collect();
    let mut i = 0;
    while i < out.len() {
        let (p, d) = out[i];
        i += 1;
        if d >= max {
            continue;
        }
        for n in board.neighbors(p) {
            if board.is_empty(n) && !out.iter().any(|e| e.0 == n) {
                out.push((n, d + 1));
            }
        }
    }
    out
}

impl Conn<'_> {
    /// Whether two strings of one colour are as good as connected: linked
    /// statically ([`linked_statically`]), or their one shared liberty is
    /// a cut the owner captures at once (the cutting stone, with at most
    /// [`CUT_CAPTURE_LIBERTIES`], falls to a tactical attack: a ladder or
    /// a net). Answers are kept for the query by position and pair.
    fn linked(&mut self, board: &mut Board, a: Point, b: Point) -> bool {
        if linked_statically(board, a, b) {
            return true;
        }
        let key = (board.hash(), a.min(b), a.max(b));
        if let Some(&v) = self.links.get(&key) {
            return v;
        }
        let mut v = false;
        let opp = self.color.opponent();
        let common = board.shared_liberties(a, b);
        if common.len() == 1 {
            let l = common[0];
            if let Ok(u) = board.play(l, opp, false) {
                if board.liberties(l) <= CUT_CAPTURE_LIBERTIES {
                    let r = Reader::new(Budget::nodes(LINK_TACTICAL_NODES)).attack(board, l);
                    self.meter.charge(r.nodes / TACTICAL_NODE_SHARE);
                    // Only a finished read: a read cut off by its budget
                    // may answer a capture it has not proved.
                    v = r.code == Code::Win && r.nodes < LINK_TACTICAL_NODES;
                }
                board.undo(u);
            }
        }
        self.links.insert(key, v);
        v
    }

    /// The strings (chain ids) linked to the string through `p`, directly
    /// or through each other, among those sharing a liberty with it (up
    /// to [`COMPONENT_MAX`] strings).
    fn component(&mut self, board: &mut Board, p: Point) -> Vec<Point> {
        let Some(c) = board.get(p) else {
            return Vec::new();
        };
        let mut comp = vec![board.chain_id(p)];
        let mut i = 0;
        while i < comp.len() && comp.len() < COMPONENT_MAX {
            let h = comp[i];
            i += 1;
            for l in board.chain_liberties(h) {
                let near: Vec<Point> = board.neighbors(l).collect();
                for n in near {
                    if board.get(n) == Some(c) {
                        let id = board.chain_id(n);
                        if !comp.contains(&id) && self.linked(board, h, id) {
                            comp.push(id);
                        }
                    }
                }
            }
            // Strings linked through a capturable opponent string.
            for o in board.adjacent_chains(h, c.opponent()) {
                if board.liberties(o) == 1 && clean_capture(board, o) {
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

    /// The static judgement: connected now (directly or through other
    /// strings of the same colour, each link solid by [`linked`])?
    fn connected(&mut self, board: &mut Board) -> bool {
        let (a, b) = (self.a, self.b);
        if board.get(a) != Some(self.color) || board.get(b) != Some(self.color) {
            return false;
        }
        let comp = self.component(board, a);
        comp.contains(&board.chain_id(b))
    }

    /// Candidate moves for `side`, best first: the points between the
    /// pair, and the ko point while `side` may take it back (a ko on the
    /// line between them).
    fn candidates(&mut self, board: &mut Board, side: Color) -> PointList {
        let ca = self.component(board, self.a);
        let cb = self.component(board, self.b);
        let mut cands = Candidates::default();
        let la = board.liberties_of_chains(&ca);
        let lb = board.liberties_of_chains(&cb);
        // Of two neighbouring liberties, the one of the side with fewer
        // liberties first: a cut there also presses the weaker side, and
        // the owner's move there mends it.
        let (wa, wb) = match la.len().cmp(&lb.len()) {
            std::cmp::Ordering::Less => (weight::WEAKER_SIDE, 0),
            std::cmp::Ordering::Greater => (0, weight::WEAKER_SIDE),
            std::cmp::Ordering::Equal => (0, 0),
        };
        for &l in &la {
            if lb.contains(&l) {
                cands.add(l, weight::SHARED_LIBERTY);
            }
            for n in board.neighbors(l) {
                if lb.contains(&n) {
                    cands.add(l, weight::ADJACENT_LIBERTIES + wa);
                    cands.add(n, weight::ADJACENT_LIBERTIES + wb);
                }
            }
        }
        // Opponent strings short of liberties beside either side:
        // capturing one may join the pair (or free a liberty that does),
        // saving one may keep a cut.
        let opp = self.color.opponent();
        for &h in ca.iter().chain(cb.iter()) {
            for o in board.adjacent_chains(h, opp) {
                if board.liberties(o) <= WEAK_NEIGHBOUR_LIBERTIES {
                    for l in board.chain_liberties(o) {
                        cands.add(l, weight::WEAK_NEIGHBOUR_LIBERTY);
                    }
                }
            }
        }
        // Opponent strings between them with few liberties.
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
        // Bridging points: an empty point touching a liberty of each side
        // (the middle of a two-point gap), from which the owner threatens
        // to join both ways.
        for &l in &la {
            for n in board.neighbors(l) {
                if board.is_empty(n)
                    && !la.contains(&n)
                    && !lb.contains(&n)
                    && board.neighbors(n).any(|m| m != l && lb.contains(&m))
                {
                    cands.add(n, weight::BRIDGE);
                }
            }
        }
        // Points on the short empty paths between them: a point `x` steps
        // from one side's liberties and `y` from the other's, with
        // `x + y` at most `PATH_MAX_STEPS`, the shorter paths first.
        let da = empty_distances(board, &la, PATH_MAX_STEPS - 1);
        let db = empty_distances(board, &lb, PATH_MAX_STEPS - 1);
        for &(p, x) in &da {
            if let Some(&(_, y)) = db.iter().find(|e| e.0 == p) {
                if x + y <= PATH_MAX_STEPS {
                    cands.add(p, weight::PATH - (x + y) as i32);
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
            if board.liberties(s) <= CAPTURE_LIBERTIES {
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

    /// A move of the owner after which the pair is connected statically,
    /// the new stone not in atari, if there is one: at the search's
    /// horizon the owner to move still has this one move, so a cut the
    /// owner mends at once is no cut (the threats of order one of
    /// Cazenave's generalized threats search).
    fn one_move(&mut self, board: &mut Board) -> Option<Point> {
        for m in self.candidates(board, self.color) {
            if board.ko_point() == Some(m) {
                continue;
            }
            let Ok(u) = board.play(m, self.color, false) else {
                continue;
            };
            self.meter.tick();
            let ok = board.liberties(m) >= 2 && self.connected(board);
            board.undo(u);
            if ok {
                return Some(m);
            }
        }
        None
    }

    // `connect` and `disconnect` are two functions, not one for both
    // sides: the cutter also cuts by capturing a string of the pair and
    // judges statically when it has no move, while the connector takes a
    // static link for granted below the root only and, at the horizon,
    // still plays its one connecting move.

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
            if !linked {
                if let Some(m) = self.one_move(board) {
                    return (Code::Win, Some(m));
                }
            }
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
            // At the horizon the owner still answers, with a move that
            // connects at once ([`Conn::one_move`]).
            let code = self.connect(board, depth.saturating_sub(1)).0.reverse();
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
        links: HashMap::new(),
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
    use crate::reading::testing::at;

    /// A query on the pair through `a` and `b` of `board`, for the tests
    /// of its parts.
    fn query_for<'b>(board: &Board, a: &str, b: &str, budget: &'b Budget<'b>) -> Conn<'b> {
        let (a, b) = (at(board, a), at(board, b));
        Conn {
            meter: Meter::new(budget),
            a,
            b,
            color: board.get(a).expect("a stone"),
            ko: KoLine::default(),
            links: HashMap::new(),
        }
    }

    #[test]
    fn a_cut_caught_in_a_ladder_is_no_cut() {
        // Black C3 and the Black string D2 E2 share one liberty, C2 (White
        // holds D3). White's C2 would have two liberties, B2 and C1, and
        // dies on the first line: Black B2, White C1, Black D1 (or B1)
        // leaves it one liberty. So the link holds and White cannot cut
        // (GNU Go 3.8 agrees: `disconnect C3 D2` is 0).
        let mut b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . . . X X . .
            . . . . . . .",
        );
        let budget = Budget::nodes(DEFAULT_CONNECT_NODES);
        let mut q = query_for(&b, "C3", "D2", &budget);
        let (c3, d2) = (q.a, q.b);
        assert!(
            !linked_statically(&b, c3, d2),
            "C2 is a safe point for White"
        );
        assert!(q.linked(&mut b, c3, d2));
        let d = disconnect(&mut b, c3, d2, &budget);
        assert_eq!(d.code, Code::Fail, "{d:?}");
    }

    #[test]
    fn a_cut_that_runs_out_is_a_cut() {
        // The shape of the ladder test in the middle of a 13x13 board:
        // White's F8 between Black F9 F10 and G8 has two liberties, and
        // after Black's atari at E8 or F7 it extends to three (GNU Go 3.8
        // agrees: `attack F8` is 0 once White is on F8). No link.
        let mut b = Board::from_ascii(
            "
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . X . . . . . . .
            . . . . . X O . . . . . .
            . . . . . . X X . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        let budget = Budget::nodes(DEFAULT_CONNECT_NODES);
        let mut q = query_for(&b, "F9", "G8", &budget);
        let (f9, g8) = (q.a, q.b);
        assert_eq!(b.shared_liberties(f9, g8), vec![at(&b, "F8")]);
        assert!(!q.linked(&mut b, f9, g8));
    }

    #[test]
    fn a_capture_that_is_a_ko_is_no_link() {
        // White B3 sits between Black B4 and B2 in atari. Black takes it
        // at C3 with one liberty left (B3): a ko, White retakes. With
        // White's C2 gone, Black's C3 keeps two liberties: a clean capture
        // and a link.
        let ko = Board::from_ascii(
            "
            . . . . .
            . X O . .
            X O . O .
            . X O . .
            . . . . .",
        );
        let (b4, b2, b3) = (at(&ko, "B4"), at(&ko, "B2"), at(&ko, "B3"));
        assert!(!clean_capture(&ko, b3));
        assert!(!linked_statically(&ko, b4, b2));
        let clean = Board::from_ascii(
            "
            . . . . .
            . X O . .
            X O . O .
            . X . . .
            . . . . .",
        );
        assert!(clean_capture(&clean, b3));
        assert!(linked_statically(&clean, b4, b2));
    }

    #[test]
    fn the_points_of_a_wide_gap_are_candidates() {
        // Black B5 and H5 on an empty 9x9 board: five empty points apart.
        // E5, three steps from each side's liberties (C5 and G5 are one),
        // is on the shortest path; E9 is seven steps from each, too far.
        let mut b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X . . . . . X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let budget = Budget::nodes(DEFAULT_CONNECT_NODES);
        let mut q = query_for(&b, "B5", "H5", &budget);
        let cands = q.candidates(&mut b, Color::Black);
        assert!(cands.contains(&at(&b, "E5")), "{cands:?}");
        assert!(!cands.contains(&at(&b, "E9")), "{cands:?}");
    }

    #[test]
    fn the_gap_beside_the_weaker_side_comes_first() {
        // Black D5 (four liberties) and G5 G6 (six) with E5 and F5
        // between them: both points are liberties of one side beside a
        // liberty of the other, and E5, beside the weaker stone, is tried
        // first.
        let mut b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . X . .
            . . . X . . X . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let budget = Budget::nodes(DEFAULT_CONNECT_NODES);
        let mut q = query_for(&b, "D5", "G5", &budget);
        let cands = q.candidates(&mut b, Color::White);
        assert_eq!(cands[..2], [at(&b, "E5"), at(&b, "F5")], "{cands:?}");
    }

    #[test]
    fn at_the_horizon_the_owner_still_mends_the_cut() {
        // Black C5 and E5, a one-point jump under White's D6: the owner's
        // one move D5 joins them. Once White has wedged in at D5 (two
        // stones, four liberties), no Black move joins them at once: D4
        // or the hane at C6/E6 leaves a cut White escapes from.
        let mut b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O . . . . .
            . . X . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let budget = Budget::nodes(DEFAULT_CONNECT_NODES);
        let mut q = query_for(&b, "C5", "E5", &budget);
        assert_eq!(q.one_move(&mut b), Some(at(&b, "D5")));
        b.play(at(&b, "D5"), Color::White, false).unwrap();
        assert_eq!(q.one_move(&mut b), None);
    }

    #[test]
    fn one_point_jump_over_a_cut() {
        // Black D5 and F5; White E4 under the gap. Black E5 connects.
        // White E5 cuts: Black's one move over the top, E6, leaves the cuts
        // D6 and F6, each with three liberties after Black's atari. (On a
        // board of five lines the hane over the top would connect: a cut
        // on the first line is self-atari.) GNU Go 3.8 answers the same,
        // `1 E5` to both.
        let mut b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . X . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let (p, q) = (at(&b, "D5"), at(&b, "F5"));
        let c = connect(&mut b, p, q, &Budget::nodes(DEFAULT_CONNECT_NODES));
        assert_eq!((c.code, c.point), (Code::Win, Some(at(&b, "E5"))));
        let d = disconnect(&mut b, p, q, &Budget::nodes(DEFAULT_CONNECT_NODES));
        assert_eq!((d.code, d.point), (Code::Win, Some(at(&b, "E5"))), "{d:?}");
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
