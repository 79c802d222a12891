//! The tactical guard: the tree's move checked by the string reader
//! before it is played.
//!
//! At a second a move on 19x19 (about 6,000 playouts) the tree misjudges
//! ladders and short capturing races: in 34 of the 40 19x19 games lost
//! to GNU Go level 10 (2026-11-27, `scripts/races.py`) a moku string of
//! five stones or more was left short of liberties, and the playouts,
//! which answer only the last move, did not see it go. The tactical
//! reader answers "can this string be captured?" exactly, in a few
//! thousand nodes. So before the tree's move is played, the guard counts
//! the own stones it leaves capturable (the opponent moving first); when
//! another candidate the search found nearly as good leaves fewer, that
//! candidate is played instead. The search's values still decide between
//! moves that risk nothing, and a move that captures more than it risks
//! is kept (a trade the tree chose).

use crate::engine::tree::mcts::RootMove;
use crate::reading::{tactics, Budget, Code};
use crate::rules::is_large_board;
use crate::rules::{Board, Color, Move, Point};

/// The smallest own string the guard counts: a string of five stones is
/// worth ten points and more when captured, and is the size of the
/// strings lost in the games above; smaller strings are the ordinary
/// sacrifices of a fight, which the tree may judge.
pub(crate) const GUARD_MIN_STONES: usize = 5;
/// Strings with more liberties are not read: GNU Go reads strings of up
/// to four liberties, the engine's root reads up to three
/// ([`crate::engine::classic::context`]), and a string of four is rarely lost in
/// one exchange.
pub(crate) const GUARD_MAX_LIBS: usize = 3;
/// Reading nodes for one string: the reader searches about a million a
/// second, so a string costs at most 2 ms; ladders and nets of the
/// regression suites are read in far fewer.
pub(crate) const GUARD_NODES: u64 = 2_000;
/// How much lower a replacement's win rate may be than the tree's move:
/// ten points of win rate are within the noise of a few thousand
/// playouts on 19x19 (the candidates' rates spread 47-55% in the games
/// reviewed), and five stones lost are not.
pub(crate) const GUARD_WINRATE_MARGIN: f32 = 0.10;
/// The fewest playouts a replacement needs for its win rate to count.
pub(crate) const GUARD_MIN_VISITS: u32 = 30;
/// Candidates looked at, in the search's order (the tree's move first).
pub(crate) const GUARD_CANDIDATES: usize = 6;

/// The guard's replacement of the tree's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Replacement {
    /// The index of the candidate played instead.
    pub index: usize,
    /// The own stones the tree's move left capturable (less what it
    /// captured).
    pub risked: i32,
    /// A stone of the biggest string the tree's move left capturable.
    pub target: Option<Point>,
}

/// Which of `candidates` (most visited first, the tree's move first) to
/// play on `board` for `color`: the candidate the guard prefers, or
/// `None` to keep the tree's move. Each read is limited by `budget`'s
/// clock as well as by [`GUARD_NODES`].
pub(crate) fn guard(
    board: &Board,
    color: Color,
    candidates: &[RootMove],
    budget: &Budget,
) -> Option<Replacement> {
    // The guard runs on large boards only: 9x9 met its match goals
    // without it (the tree reads a 9x9 board's fights far deeper), and its
    // figures are kept comparable.
    if !is_large_board(board.size()) {
        return None;
    }
    let best = candidates.first()?;
    let Move::Play(p) = best.mv else {
        return None;
    };
    let lost = lost_strings(board, color, budget);
    let first = net_risk(board, p, color, &lost, budget);
    if first.net <= 0 {
        return None;
    }
    let mut lowest = first.net;
    let mut choice = None;
    for (i, c) in candidates.iter().enumerate().take(GUARD_CANDIDATES).skip(1) {
        let Move::Play(q) = c.mv else { continue };
        if c.visits < GUARD_MIN_VISITS || c.winrate < best.winrate - GUARD_WINRATE_MARGIN {
            continue;
        }
        if budget.clock.is_some_and(|k| k.expired()) {
            break;
        }
        let risk = net_risk(board, q, color, &lost, budget).net;
        if risk < lowest {
            lowest = risk;
            choice = Some(i);
            if risk <= 0 {
                break;
            }
        }
    }
    choice.map(|index| Replacement {
        index,
        risked: first.net,
        target: first.biggest,
    })
}

/// What a move leaves capturable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Risk {
    /// Own stones left capturable less the stones the move captures.
    pub net: i32,
    /// A stone of the biggest string left capturable.
    pub biggest: Option<Point>,
}

/// Own stones left capturable after `color` plays `p` (in strings of
/// [`GUARD_MIN_STONES`] or more with at most [`GUARD_MAX_LIBS`]
/// liberties, and in the string `p` joins if it has two stones or more,
/// captured outright by the opponent moving first), less the stones the
/// move captures. Strings through a stone of `lost` (strings lost before
/// the move, [`lost_strings`]) are not counted: no move risks them.
pub(crate) fn net_risk(
    board: &Board,
    p: Point,
    color: Color,
    lost: &[Point],
    budget: &Budget,
) -> Risk {
    let mut b = board.clone();
    let captured = b.play_unchecked(p, color).captured() as i32;
    let (mut risk, mut biggest) = strings_at_risk(&mut b, color, lost, budget);
    // A move that extends a smaller string the opponent then captures
    // adds its stones to the loss: in the lost games above, half of the
    // strings captured at five stones or more had been capturable since
    // they had one to four, and moku kept extending them. A lone stone
    // (a throw-in, a sacrifice) is not counted.
    let len = b.chain_len(p);
    if (2..GUARD_MIN_STONES).contains(&len)
        && b.liberties(p) <= GUARD_MAX_LIBS
        && tactics::attack(&mut b, p, &read_budget(budget)).code == Code::Win
    {
        risk += len;
        biggest = biggest.or(Some((p, len)));
    }
    Risk {
        net: risk as i32 - captured,
        biggest: biggest.map(|(q, _)| q),
    }
}

/// A stone of each own string of [`GUARD_MIN_STONES`] or more with at
/// most [`GUARD_MAX_LIBS`] liberties on `board` that is lost already: the
/// opponent captures it moving first, and the reader proves within its
/// budget that no move of `color` saves it. Such a string is no risk of
/// any move: in a 19x19 game against GNU Go level 10 (2026-11-28, game 7
/// of the group-guard run) the guard replaced the tree's move at five
/// moves in a row for 11 stones at M3 that GNU Go's reader too found
/// lost, each time for a candidate that only captured a stone or two
/// elsewhere, or that our reader wrongly thought saved them. A defence
/// the budget cannot settle leaves the string counted.
pub(crate) fn lost_strings(board: &Board, color: Color, budget: &Budget) -> Vec<Point> {
    let mut b = board.clone();
    let strings = weak_strings(&b, color, &[]);
    let reads = read_budget(budget);
    let mut lost = Vec::new();
    for p in strings {
        if tactics::attack(&mut b, p, &reads).code != Code::Win {
            continue;
        }
        let d = tactics::defend(&mut b, p, &reads);
        if d.code == Code::Fail && d.nodes < reads.nodes {
            lost.push(p);
        }
    }
    lost
}

/// A stone of each string of `color` on `board` of [`GUARD_MIN_STONES`]
/// or more with at most [`GUARD_MAX_LIBS`] liberties, other than those
/// through a stone of `skip`. Collected before any reading: reading may
/// renumber chains (an undo rebuilds them), so no chain id is compared
/// once reading has begun.
fn weak_strings(board: &Board, color: Color, skip: &[Point]) -> Vec<Point> {
    let mut strings: Vec<Point> = Vec::new();
    let mut ids: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.has_stone(p, color)
            && board.chain_len(p) >= GUARD_MIN_STONES
            && board.liberties(p) <= GUARD_MAX_LIBS
        {
            let id = board.chain_id(p);
            if ids.contains(&id) {
                continue;
            }
            ids.push(id);
            if !skip
                .iter()
                .any(|&q| board.has_stone(q, color) && board.chain_id(q) == id)
            {
                strings.push(p);
            }
        }
    }
    strings
}

/// `budget` with at most [`GUARD_NODES`] nodes.
fn read_budget<'a>(budget: &Budget<'a>) -> Budget<'a> {
    Budget {
        nodes: budget.nodes.min(GUARD_NODES),
        ..*budget
    }
}

/// Stones of `color` on `board` in strings of [`GUARD_MIN_STONES`] or
/// more with at most [`GUARD_MAX_LIBS`] liberties that the opponent,
/// moving first, captures outright (a ko is not counted), and a stone of
/// the biggest such string with its size; strings through a stone of
/// `lost` are left out.
fn strings_at_risk(
    board: &mut Board,
    color: Color,
    lost: &[Point],
    budget: &Budget,
) -> (usize, Option<(Point, usize)>) {
    let strings = weak_strings(board, color, lost);
    let reads = read_budget(budget);
    let mut risk = 0;
    let mut biggest: Option<(Point, usize)> = None;
    for p in strings {
        if tactics::attack(board, p, &reads).code == Code::Win {
            let len = board.chain_len(p);
            risk += len;
            if biggest.is_none_or(|(_, n)| len > n) {
                biggest = Some((p, len));
            }
        }
    }
    (risk, biggest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The own stones Black's move at `p` leaves capturable on `b`, net
    /// of what it captures (none counted lost before the move).
    fn risk(b: &Board, p: Point) -> i32 {
        net_risk(b, p, Color::Black, &[], &Budget::nodes(GUARD_NODES)).net
    }

    /// The candidate the guard plays instead of the first of `cands` on
    /// `b`, Black to move (`None`: the tree's move stands).
    fn replaced(b: &Board, cands: &[Searched]) -> Option<usize> {
        let cands = cands.iter().map(|&c| candidate(c)).collect::<Vec<_>>();
        guard(b, Color::Black, &cands, &Budget::nodes(GUARD_NODES)).map(|r| r.index)
    }
    use crate::rules::point::pt;

    /// A move the tree searched: its point, playouts and win rate.
    type Searched = (Point, u32, f32);

    fn candidate((p, visits, winrate): Searched) -> RootMove {
        RootMove {
            mv: Move::Play(p),
            visits,
            winrate,
            prior: 0.5,
            pv: vec![Move::Play(p)],
            lead: 0.0,
            lead_error: f32::INFINITY,
            samples: 0,
        }
    }

    /// A 13x13 board: Black's six stones on the top edge have two
    /// liberties, (0,0) and (7,0), under White's wall; Black saves them
    /// by connecting at (7,0) to its stones on the right, and White
    /// captures them by playing there first.
    fn edge_race() -> Board {
        Board::from_ascii(
            "
            . X X X X X X . X . . . .
            O O O O O O O O X . . . .
            . . . . . . . . X . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        )
    }

    #[test]
    fn risk_counts_the_stones_the_move_leaves_capturable() {
        let b = edge_race();
        // Black's six stones have liberties (0,0) and (7,0).
        assert_eq!(b.chain_len(pt(1, 0)), 6);
        assert_eq!(b.liberties(pt(1, 0)), 2);
        // A move far away leaves them: White takes (7,0) and they die
        // (one liberty, (0,0), and no way out).
        assert_eq!(risk(&b, pt(9, 9)), 6);
        // Black (7,0) joins the three stones on the right: ten stones
        // with six liberties, not read.
        assert_eq!(risk(&b, pt(7, 0)), 0);
        // Black filling its own liberty at (0,0) leaves one liberty.
        assert_eq!(risk(&b, pt(0, 0)), 7);
    }

    #[test]
    fn the_guard_prefers_a_near_candidate_that_saves_the_string() {
        let b = edge_race();
        let budget = Budget::nodes(GUARD_NODES);
        let far = (pt(9, 9), 900, 0.52);
        let save = (pt(7, 0), 400, 0.47);
        let other = (pt(3, 5), 300, 0.50);
        // The save is within the margin: chosen over the tree's move and
        // over a closer win rate that also leaves the stones.
        let r = guard(
            &b,
            Color::Black,
            &[far, other, save].map(candidate),
            &budget,
        )
        .unwrap();
        assert_eq!(r.index, 2);
        // What the tree's move risked, for the reason: the six stones.
        assert_eq!(r.risked, 6);
        assert!(
            r.target
                .is_some_and(|t| t.y() == 0 && (1..=6).contains(&t.x())),
            "{:?}",
            r.target
        );
        // Too far below the tree's move: kept.
        let poor = (pt(7, 0), 400, 0.52 - GUARD_WINRATE_MARGIN - 0.01);
        assert_eq!(replaced(&b, &[far, poor]), None);
        // Too few playouts to trust its rate: kept.
        let rare = (pt(7, 0), GUARD_MIN_VISITS - 1, 0.5);
        assert_eq!(replaced(&b, &[far, rare]), None);
        // The tree's move saves them already: nothing to check further.
        assert_eq!(replaced(&b, &[save, far]), None);
    }

    #[test]
    fn small_strings_and_small_boards_are_left_to_the_tree() {
        // The same shape with four stones: not counted.
        let four = Board::from_ascii(
            "
            . X X X X . X . . . . . .
            O O O O O O X . . . . . .
            . . . . . . X . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        assert_eq!(risk(&four, pt(9, 9)), 0);
        // A 9x9 board with the six-stone shape: the guard does not run.
        let small = Board::from_ascii(
            "
            . X X X X X X . X
            O O O O O O O O X
            . . . . . . . . X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_eq!(risk(&small, pt(8, 8)), 6);
        let far = (pt(8, 8), 900, 0.52);
        let save = (pt(7, 0), 400, 0.50);
        assert_eq!(replaced(&small, &[far, save]), None);
    }

    #[test]
    fn extending_a_lost_string_counts_its_stones() {
        // Black's three stones at the top, (2,0)-(4,0), have two
        // liberties, (1,0) and (5,0), under White's wall, and White
        // captures them moving first (one end, then the other). Black
        // extending to (5,0) makes four stones with liberties (1,0) and
        // (6,0): still captured, and counted although the string is
        // under five. Black's lone stone at (7,0), in atari under White's
        // wall, is a lone stone: not counted.
        let b = Board::from_ascii(
            "
            . . X X X . . . O . . . .
            O O O O O O O O O O O O O
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        assert_eq!(b.liberties(pt(2, 0)), 2);
        assert_eq!(risk(&b, pt(5, 0)), 4);
        assert_eq!(risk(&b, pt(6, 6)), 0);
        assert_eq!(risk(&b, pt(7, 0)), 0);
        // The guard plays elsewhere rather than extend, when the search
        // finds elsewhere nearly as good.
        let extend = (pt(5, 0), 900, 0.50);
        let away = (pt(6, 6), 500, 0.45);
        assert_eq!(replaced(&b, &[extend, away]), Some(1));
    }

    #[test]
    fn a_capture_bigger_than_the_risk_is_kept() {
        // White's seven stones on the right are in atari, their one
        // liberty (12,5): Black capturing them leaves the six edge stones
        // capturable, a net gain of one stone.
        let b = Board::from_ascii(
            "
            . X X X X X X . X . . . .
            O O O O O O O O X . . . .
            . . . . . . . . X . . . .
            . . . . . . . . . . X X X
            . . . . . . . . . X O O O
            . . . . . . . . . X O O .
            . . . . . . . . . X O O X
            . . . . . . . . . . X X .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        assert_eq!(b.chain_len(pt(10, 4)), 7);
        assert_eq!(b.liberties(pt(10, 4)), 1);
        assert_eq!(risk(&b, pt(12, 5)), 6 - 7);
        // Taking the seven stands against saving the six.
        assert_eq!(
            replaced(&b, &[(pt(12, 5), 900, 0.6), (pt(7, 0), 400, 0.58)]),
            None
        );
    }

    #[test]
    fn a_string_already_lost_is_no_risk_of_any_move() {
        // Black's six stones on the top edge are in atari under White's
        // wall, their one liberty (0,0) a point Black cannot fill: lost
        // whatever Black plays. White's stone at (10,10) is in atari and
        // Black captures it at (10,11).
        let b = Board::from_ascii(
            "
            . X X X X X X O . . . . .
            O O O O O O O O . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . X . .
            . . . . . . . . . X O X .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        );
        let budget = Budget::nodes(GUARD_NODES);
        let lost = lost_strings(&b, Color::Black, &budget);
        assert_eq!(lost.len(), 1);
        assert_eq!(b.chain_len(lost[0]), 6);
        // Counted without the root's verdict, left out with it.
        assert_eq!(risk(&b, pt(5, 6)), 6);
        assert_eq!(net_risk(&b, pt(5, 6), Color::Black, &lost, &budget).net, 0);
        assert_eq!(
            net_risk(&b, pt(10, 11), Color::Black, &lost, &budget).net,
            -1
        );
        // So the tree's move stands: the capture elsewhere saves nothing
        // (without the verdict it would have replaced it, 5 against 6).
        let tree = (pt(5, 6), 900, 0.52);
        let take = (pt(10, 11), 400, 0.50);
        assert_eq!(
            guard(&b, Color::Black, &[tree, take].map(candidate), &budget),
            None
        );
        // The savable six stones of the edge race are not lost.
        assert!(lost_strings(&edge_race(), Color::Black, &budget).is_empty());
    }
}
