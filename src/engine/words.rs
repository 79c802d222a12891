//! What moku says about a move: facts, each checked on the board or in
//! the search's evidence before it is said (`docs/words.md` is the
//! vocabulary with the predicate of every term).
//!
//! | fact | said when |
//! |---|---|
//! | capture | the move removes stones: their number, a stone of them |
//! | atari | an opponent string touching the move is left with one liberty, and had more |
//! | save | the string reader captures an own string with the opponent to move before the move, and not after it (proved) |
//! | kill (proved) | the string reader saves an opponent string with its owner to move before the move, and not after it |
//! | kill / live (playouts) | a string's chance to stay on the board, by the playouts through the move, is at most [`DEAD_SHARE`] where the playouts through the tenuki baseline give it at least [`ALIVE_SHARE`] (or the reverse for an own string) |
//! | territory / reduce | the empty points near the move that the move's playouts give the mover more often than the baseline's, counted in points |
//! | shape | one pattern of the database matches the move exactly; none when good and bad shapes both match, or for a pattern whose opponent stones the move captures; a slow shape (a crawl, a push from behind) only where the opponent stones it strengthens stay on the board in at least [`ALIVE_SHARE`] of the move's playouts |
//! | gote / sente / ko, N points | the move is the mover's best move of a hot region the root's thermography values by its local game (not an invasion); N its temperature; sente when the region's thermograph is vertical at the top on the mover's side, ko when a ko decides its top ([`endgame_fact`]) |
//! | sente first; ko before the biggest gote; the ko is the mover's; tedomari | the thermography notes' rule, checked on the regions' temperatures ([`endgame_fact`]) |
//!
//! The *tenuki baseline* is the most visited root move of the same
//! search played more than [`TENUKI_DISTANCE`] away from the move (or the
//! pass): what the playouts say would happen if the mover played
//! elsewhere, which is what a teacher means by "if you don't play here".
//! Facts about ownership need at least [`MIN_SAMPLES`] playouts through
//! both moves.

use crate::engine::classic::patterns;
use crate::engine::classic::reason::{Certainty, EndgameNote, Reason, ReasonKind};
use crate::engine::tree::mcts::RootMove;
use crate::eval::thermo::{
    ChoiceKind, ChoiceRule, Rational, RegionOrigin, ThermoAnalysis, KO_OWNER_BELOW, SENTE_SLACK,
    TEDOMARI_SLACK,
};
use crate::reading::{tactics, Answer, Budget, Code};
use crate::rules::{Board, Color, Move, Point};

/// A string is called dead in most of the playouts when the playouts
/// through the move leave it on the board in at most this share of them
/// (the mean ownership from its owner's side at most -0.2)...
pub const DEAD_SHARE: f32 = 0.4;
/// ...and alive when they leave it in at least this share: between the
/// two the playouts do not say, and no kill or life is claimed.
pub const ALIVE_SHARE: f32 = 0.6;
/// A move farther than this (Manhattan distance) from the move is a
/// tenuki: its playouts are the baseline of the ownership facts. Four
/// lines keep a local answer (a hane, a block, an extension of three)
/// out of the baseline.
pub const TENUKI_DISTANCE: usize = 4;
/// Playouts through a move before its ownership is read: with fewer the
/// share of one string moves by more than 0.1 from one playout.
pub const MIN_SAMPLES: u32 = 30;
/// A difference between two moves' score leads below this many standard
/// errors of it is within the search's noise: the review calls no such
/// loss a mistake, and the search's line says so of its move's margin
/// over the next best (two: a difference the playouts would reverse
/// about once in forty).
pub const NOISE_ERRORS: f32 = 2.0;
/// A point counts towards territory or reduction when the move raises
/// the mover's chance to own it by at least this much over the baseline.
pub const GAIN_MIN: f32 = 0.1;
/// An empty point is the opponent's under the baseline, and a gain there
/// a reduction, when its ownership from the mover's side is at most this:
/// the opponent owns it in at least 60% of the baseline's playouts, the
/// share [`ALIVE_SHARE`] asks of a string.
pub const OPPONENTS_FROM: f32 = -0.2;
/// Territory or reduction is said only from this many points.
pub const AREA_MIN_POINTS: f32 = 2.0;
/// Nodes of each string read (the tactical reader's budget at the
/// classic levels' lower end: the reads of one move stay within a few
/// milliseconds).
pub const READ_NODES: u64 = 1_000;
/// Strings with at most this many liberties are read for save and kill:
/// a string with more is not capturable by the tactical reader.
pub const READ_LIBERTIES: usize = 3;

/// What the search found about a move and its tenuki baseline, for the
/// ownership facts.
#[derive(Clone, Debug, PartialEq)]
pub struct Evidence {
    /// The move's ownership: the mean final owner of every point over
    /// the playouts through it, row by row from the top-left, +1 Black.
    pub ownership: Vec<f32>,
    /// The tenuki baseline, with its ownership.
    pub baseline: Option<(Move, Vec<f32>)>,
}

/// The tenuki baseline of `mv` among the search's root moves `tried`
/// (most visited first): the first one farther than [`TENUKI_DISTANCE`]
/// away, or the pass, with at least [`MIN_SAMPLES`] playouts.
pub fn baseline(mv: Point, tried: &[RootMove]) -> Option<Move> {
    tried
        .iter()
        .filter(|c| c.samples >= MIN_SAMPLES)
        .map(|c| c.mv)
        .find(|&m| match m {
            Move::Play(q) => distance(mv, q) > TENUKI_DISTANCE,
            Move::Pass => true,
            Move::Resign => false,
        })
}

/// The facts about `color`'s move at `p` on `board` (the position before
/// it), the biggest first: the board's and the string reader's, and with
/// `evidence` the playouts'. Each is said only if its predicate holds
/// (the module's table).
pub fn facts(board: &Board, color: Color, p: Point, evidence: Option<&Evidence>) -> Vec<Reason> {
    let mut after = board.clone();
    if after.play(p, color, false).is_err() {
        return Vec::new();
    }
    let opp = color.opponent();
    let mut out = Vec::new();
    // Strings a fact already names, so that no string is named twice.
    let mut named: Vec<Point> = Vec::new();

    // Captures: opponent strings touching the move that are gone.
    let touching: Vec<Point> = strings_next_to(board, p, opp);
    let mut removed = 0;
    let mut first_removed = None;
    for &s in &touching {
        if after.get(s) != Some(opp) {
            removed += board.chain_len(s);
            first_removed.get_or_insert(s);
            named.extend(board.chain(s));
        }
    }
    if let Some(s) = first_removed {
        out.push(Reason::new(ReasonKind::Capture, opp).target(s, removed));
    }

    // Kills proved by the reader, then ataris, on the strings left.
    let reads = Budget::nodes(READ_NODES);
    for &s in &touching {
        if after.get(s) != Some(opp) || named.contains(&s) {
            continue;
        }
        let size = after.chain_len(s);
        let libs = after.liberties(s);
        if board.liberties(s) <= READ_LIBERTIES
            && defend_code(board, s, &reads) == Some(Code::Win)
            && defend_code(&after, s, &reads) == Some(Code::Fail)
        {
            out.push(Reason {
                certainty: Certainty::Proved,
                ..Reason::new(ReasonKind::Kill, opp).target(s, size)
            });
            named.extend(after.chain(s));
        } else if libs == 1 && board.liberties(s) > 1 {
            out.push(Reason::new(ReasonKind::Atari, opp).target(s, size));
            named.extend(after.chain(s));
        }
    }

    // Saves proved by the reader: own strings touching the move or the
    // strings it captured.
    let mut own: Vec<Point> = strings_next_to(board, p, color);
    for &s in &touching {
        if after.get(s) != Some(opp) {
            for q in board.chain(s) {
                for t in board.adjacent_chains(q, color) {
                    if !own.iter().any(|&o| board.chain_id(o) == board.chain_id(t)) {
                        own.push(t);
                    }
                }
            }
        }
    }
    for &s in &own {
        if board.liberties(s) > READ_LIBERTIES {
            continue;
        }
        if attack_code(board, s, &reads) == Some(Code::Win)
            && attack_code(&after, s, &reads) == Some(Code::Fail)
        {
            out.push(Reason {
                certainty: Certainty::Proved,
                ..Reason::new(ReasonKind::Save, color).target(s, board.chain_len(s))
            });
            named.extend(board.chain(s));
        }
    }

    if let Some(e) = evidence {
        if let Some((base_mv, base)) = &e.baseline {
            out.extend(ownership_facts(
                board,
                &after,
                color,
                p,
                &e.ownership,
                *base_mv,
                base,
                &named,
            ));
        }
    }

    if let Some(shape) = shape(board, color, p, evidence.map(|e| e.ownership.as_slice())) {
        out.push(shape);
    }
    out.sort_by(|a, b| weight(b).total_cmp(&weight(a)));
    out
}

/// The hottest of the other regions' gote moves (id, temperature, kind),
/// if any.
fn hottest_gote(
    others: &[(usize, Rational, ChoiceKind)],
) -> Option<&(usize, Rational, ChoiceKind)> {
    others
        .iter()
        .filter(|o| o.2 == ChoiceKind::Gote)
        .max_by(|a, b| a.1.cmp(&b.1))
}

/// The thermography's fact about `color`'s move at `p` in the position
/// of `analysis`, from the move choice's `note`, said only as far as its
/// predicates hold on the regions (`docs/words.md`):
///
/// - the move is `color`'s best move in a hot region its local game
///   values (not an invasion), and the value said is the region's
///   temperature;
/// - "sente" when the region's thermograph is vertical at the top on
///   the mover's side (the opponent's reply is forced), "ko" when a ko
///   decides its top, else "gote";
/// - the rule, when its own condition holds: sente first (a hotter move
///   that is not the mover's sente, by at most [`SENTE_SLACK`]); the ko
///   before the biggest gote (`3 t_K > 2 t_G + t_E`); the ko is the
///   mover's (under area scoring, `area`, every other region cooler than
///   [`KO_OWNER_BELOW`]); tedomari (the hottest gote, at least as hot
///   and within [`TEDOMARI_SLACK`], after which the regions' hotstrat line
///   ends worse for the mover). A rule whose condition fails is not said; the
///   value still is.
pub fn endgame_fact(
    analysis: &ThermoAnalysis,
    note: EndgameNote,
    color: Color,
    p: Point,
    area: bool,
) -> Option<Reason> {
    let r = analysis.region_at(p)?;
    let invasion = matches!(r.origin, RegionOrigin::Invasion(_));
    if r.id != note.region || invasion || r.temperature <= Rational::ZERO {
        return None;
    }
    if r.summary.best(color).map(|(q, _)| *q) != Some(p) || note.value != r.temperature {
        return None;
    }
    let kind = ChoiceKind::of_region(r.kind, color);
    if kind != note.kind {
        return None;
    }
    let t = r.temperature;
    // The other hot regions with a move for the mover: (id, temperature,
    // kind for the mover).
    let others: Vec<(usize, Rational, ChoiceKind)> = analysis
        .regions
        .iter()
        .filter(|o| o.id != r.id && o.temperature > Rational::ZERO)
        .filter(|o| o.summary.best(color).is_some())
        .map(|o| (o.id, o.temperature, ChoiceKind::of_region(o.kind, color)))
        .collect();
    let holds = match note.rule {
        ChoiceRule::Temperature => true,
        ChoiceRule::SenteFirst => {
            kind == ChoiceKind::Sente
                && others
                    .iter()
                    .any(|&(_, to, k)| k != ChoiceKind::Sente && to > t && to <= t + SENTE_SLACK)
        }
        ChoiceRule::KoFirst => {
            kind == ChoiceKind::Ko
                && hottest_gote(&others).is_some_and(|&(g, t_g, _)| {
                    let t_e = others
                        .iter()
                        .filter(|o| o.0 != g && o.2 != ChoiceKind::Sente)
                        .map(|o| o.1)
                        .max()
                        .unwrap_or(Rational::ZERO);
                    t_g >= t && t.mul_int(3) > t_g.mul_int(2) + t_e
                })
        }
        ChoiceRule::KoOwned => {
            kind == ChoiceKind::Ko
                && area
                && others
                    .iter()
                    .all(|o| o.2 == ChoiceKind::Ko || o.1 < KO_OWNER_BELOW)
        }
        ChoiceRule::Tedomari => {
            let states: Vec<_> = analysis.regions.iter().map(|o| o.summary.clone()).collect();
            kind == ChoiceKind::Gote
                && hottest_gote(&others).is_some_and(|&(h, t_h, _)| {
                    t_h >= t
                        && t + TEDOMARI_SLACK >= t_h
                        && crate::eval::thermo::rollout(&states, r.id - 1, color)
                            > crate::eval::thermo::rollout(&states, h - 1, color)
                })
        }
    };
    let said = EndgameNote {
        rule: if holds {
            note.rule
        } else {
            ChoiceRule::Temperature
        },
        ..note
    };
    let reason_kind = if kind == ChoiceKind::Sente {
        ReasonKind::Sente
    } else {
        ReasonKind::Endgame
    };
    Some(Reason {
        endgame: Some(said),
        ..Reason::new(reason_kind, color)
    })
}

/// The one shape word of a move: the pattern that matches with the
/// factor farthest from 1, the first in the database among equals; none
/// when good and bad shapes both match, and no pattern whose opponent
/// stones the move captures. A slow shape (a crawl, a push
/// from behind) is named only where the stones it strengthens live: each
/// stays on the board in at least [`ALIVE_SHARE`] of the move's playouts
/// (`ownership`, the move's mean final owner of every point); without
/// the playouts' ownership it is not named.
///
/// The first among equals: the database lists a shape before its
/// refinements, and a refinement's name can say more than its grid
/// checks (a "one-space jump into the centre" also matches a jump
/// towards the edge), so the plain name is the one that is true.
pub fn shape(board: &Board, color: Color, p: Point, ownership: Option<&[f32]>) -> Option<Reason> {
    let found: Vec<&patterns::Pattern> = patterns::matching(board, p, color).collect();
    let good = found.iter().any(|m| m.factor > 1.0);
    let bad = found.iter().any(|m| m.factor < 1.0);
    if good && bad {
        return None;
    }
    if found.is_empty() {
        return None;
    }
    // The board after the move: a shape is a fact about it.
    let mut after = board.clone();
    if after.play(p, color, false).is_err() {
        return None;
    }
    let opp = color.opponent();
    // A move that captures a stone of the pattern is a capture: after it
    // no such shape is on the board (White's A4 taking B4 under A5 and B5
    // is no hane).
    let stands = |m: &patterns::Pattern| {
        m.opponent_stones(board, p, color)
            .into_iter()
            .all(|s| after.get(s) == Some(opp))
    };
    let strengthens = |m: &patterns::Pattern| {
        let Some(own) = ownership else {
            return false;
        };
        let n = board.size();
        m.opponent_stones(board, p, color)
            .into_iter()
            .all(|s| chance_on_board(&after, s, opp, p, |q| own[q.y() * n + q.x()]) >= ALIVE_SHARE)
    };
    let found: Vec<&patterns::Pattern> = found
        .into_iter()
        .filter(|m| stands(m) && (!m.slow || strengthens(m)))
        .collect();
    let distance = |m: &patterns::Pattern| m.factor.ln().abs();
    let best = found.into_iter().filter(|m| m.factor != 1.0).fold(
        None::<&patterns::Pattern>,
        |best, m| match best {
            Some(b) if distance(m) <= distance(b) => Some(b),
            _ => Some(m),
        },
    )?;
    Some(Reason {
        factor: best.factor,
        ..Reason::new(ReasonKind::Shape, color).named(best.name)
    })
}

/// The kills, lives, territory and reduction the playouts show.
#[expect(
    clippy::too_many_arguments,
    reason = "the move, its evidence and what is named"
)]
fn ownership_facts(
    board: &Board,
    after: &Board,
    color: Color,
    p: Point,
    own: &[f32],
    base_mv: Move,
    base: &[f32],
    named: &[Point],
) -> Vec<Reason> {
    let n = board.size();
    let at = |m: &[f32], q: Point| m[q.y() * n + q.x()];
    let sign = color.sign() as f32;
    let mut out = Vec::new();
    // Kill and live: one fact each, the strings that cross added up, the
    // biggest named.
    for (kind, who) in [
        (ReasonKind::Kill, color.opponent()),
        (ReasonKind::Live, color),
    ] {
        let mut total = 0;
        let mut biggest: Option<(Point, usize)> = None;
        let mut seen: Vec<Point> = Vec::new();
        for q in after.points() {
            if after.get(q) != Some(who) || seen.contains(&after.chain_id(q)) {
                continue;
            }
            let id = after.chain_id(q);
            seen.push(id);
            if after.chain(q).any(|s| named.contains(&s)) {
                continue;
            }
            // The stone just played has no baseline of its own: a string is
            // judged by the stones it had before the move.
            if after.chain(q).all(|s| s == p) {
                continue;
            }
            let stays = |m: &[f32]| chance_on_board(after, q, who, p, |s| at(m, s));
            let crosses = match kind {
                ReasonKind::Kill => stays(base) >= ALIVE_SHARE && stays(own) <= DEAD_SHARE,
                _ => stays(base) <= DEAD_SHARE && stays(own) >= ALIVE_SHARE,
            };
            if crosses {
                let size = after.chain_len(q);
                total += size;
                if biggest.is_none_or(|(_, b)| size > b) {
                    biggest = Some((q, size));
                }
            }
        }
        if let Some((q, _)) = biggest {
            out.push(Reason {
                certainty: Certainty::Playouts,
                ..Reason::new(kind, who).target(q, total)
            });
        }
    }
    // Territory and reduction: the empty points nearer the move than
    // the baseline whose chance of being the mover's the move raises.
    let (territory, reduced) = area_gain(after, p, base_mv, |q| {
        (sign * at(own, q), sign * at(base, q))
    });
    if territory >= AREA_MIN_POINTS {
        let mut r = Reason::new(ReasonKind::Territory, color);
        r.size = territory.round() as u32;
        r.certainty = Certainty::Playouts;
        out.push(r);
    }
    if reduced >= AREA_MIN_POINTS {
        let mut r = Reason::new(ReasonKind::Reduce, color.opponent());
        r.size = reduced.round() as u32;
        r.certainty = Certainty::Playouts;
        out.push(r);
    }
    out
}

/// The points of territory and of reduction a move at `p` gains over
/// `base_mv`, from each empty point's ownership (the mover's side) under
/// the move and under the baseline, given by `owned`: points of the
/// opponent's under the baseline count as reduction, the others as
/// territory, each by the rise of the mover's chance to own it.
pub fn area_gain(
    after: &Board,
    p: Point,
    base_mv: Move,
    owned: impl Fn(Point) -> (f32, f32),
) -> (f32, f32) {
    let (mut territory, mut reduced) = (0.0, 0.0);
    for q in after.points() {
        if !after.is_empty(q) {
            continue;
        }
        if let Move::Play(b) = base_mv {
            if distance(q, p) >= distance(q, b) {
                continue;
            }
        }
        let (m, b) = owned(q);
        let gain = (m - b) / 2.0;
        if gain < GAIN_MIN {
            continue;
        }
        if b <= OPPONENTS_FROM {
            reduced += gain;
        } else {
            territory += gain;
        }
    }
    (territory, reduced)
}

/// The chance that the string at `q` of `who` stays on the board: the
/// mean ownership of its stones from `who`'s side, as a share from 0 to
/// 1, the stone just played (`played`) left out.
pub fn chance_on_board(
    board: &Board,
    q: Point,
    who: Color,
    played: Point,
    owner: impl Fn(Point) -> f32,
) -> f32 {
    let (mut sum, mut n) = (0.0, 0);
    for s in board.chain(q).filter(|&s| s != played) {
        sum += owner(s) * who.sign() as f32;
        n += 1;
    }
    (sum / n.max(1) as f32 + 1.0) / 2.0
}

/// How much a fact weighs when facts are ordered: what it concerns, in
/// points (a stone captured or saved is about two: the stone and the
/// point under it), shape last.
fn weight(r: &Reason) -> f32 {
    match r.kind {
        ReasonKind::Capture | ReasonKind::Kill | ReasonKind::Save | ReasonKind::Live => {
            2.0 * r.size as f32
        }
        ReasonKind::Atari => r.size as f32,
        ReasonKind::Territory | ReasonKind::Reduce => r.size as f32,
        _ => 0.0,
    }
}

/// The string reader's answer to "can `s` be captured, the attacker
/// first?" when it is a proof: `None` when the reading used its whole
/// budget, whose answer is then only the reader's guess (a string it
/// could not save in its nodes may well live).
fn attack_code(board: &Board, s: Point, budget: &Budget) -> Option<Code> {
    let mut b = board.clone();
    proved(tactics::attack(&mut b, s, budget), budget)
}

/// The same for "can `s` be saved, its owner first?".
fn defend_code(board: &Board, s: Point, budget: &Budget) -> Option<Code> {
    let mut b = board.clone();
    proved(tactics::defend(&mut b, s, budget), budget)
}

/// The code of a reading that finished within its budget.
fn proved(a: Answer, budget: &Budget) -> Option<Code> {
    (a.nodes < budget.nodes).then_some(a.code)
}

/// The strings of `c` next to the point `p` (a stone of each).
fn strings_next_to(board: &Board, p: Point, c: Color) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for q in board.neighbors(p) {
        if board.get(q) == Some(c) && !out.iter().any(|&o| board.chain_id(o) == board.chain_id(q)) {
            out.push(q);
        }
    }
    out
}

/// Manhattan distance between two points.
pub fn distance(a: Point, b: Point) -> usize {
    a.x().abs_diff(b.x()) + a.y().abs_diff(b.y())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;

    fn said(board: &Board, color: Color, p: Point) -> Vec<String> {
        facts(board, color, p, None)
            .iter()
            .map(|r| r.describe(board.size()))
            .collect()
    }

    #[test]
    fn a_kill_is_not_said_when_the_reading_ran_out_of_nodes() {
        // A 9x9 game: White's G8 leaves Black's G7 G6 two liberties, F7
        // and F6, and Black saves them (F6 joins F5; F7, which the reader
        // finds, runs). The reader finds that in about 2,000 nodes; within
        // the words' 1,000 it has not, and its "cannot be saved" is no
        // proof: no kill is said.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . X .
            . . . . . . X O .
            . . . . . . X O .
            . X O . X X O O .
            . X O X X O X X .
            . O X X O O . X .
            . O O O . . . . .
            . . . . . . . . .",
        );
        let g8 = pt(6, 1);
        let mut after = b.clone();
        after.play(g8, Color::White, false).unwrap();
        let (g7, f7) = (pt(6, 2), pt(5, 2));
        let small = tactics::defend(&mut after.clone(), g7, &Budget::nodes(READ_NODES));
        assert_eq!((small.code, small.nodes), (Code::Fail, READ_NODES));
        let full = tactics::defend(&mut after.clone(), g7, &Budget::nodes(100 * READ_NODES));
        assert_eq!((full.code, full.point), (Code::Win, Some(f7)));
        let s = said(&b, Color::White, g8);
        assert!(!s.iter().any(|r| r.starts_with("kills")), "{s:?}");
    }

    #[test]
    fn a_capture_is_said_with_the_stones_removed_and_an_atari_is_not_a_capture() {
        // White's D5 has one liberty, E5 (x=4, y=4 from the top-left):
        // Black captures it there.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X O . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .",
        );
        let s = said(&b, Color::Black, pt(4, 3));
        assert_eq!(s[0], "captures a stone at D4");
        // Two liberties: Black's E5 is an atari, nothing is removed.
        let b2 = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let s2 = said(&b2, Color::Black, pt(4, 3));
        assert!(!s2.iter().any(|t| t.starts_with("captures")), "{s2:?}");
        assert!(
            s2.iter().any(|t| t == "puts a stone at D4 in atari")
                || s2.iter().any(|t| t.starts_with("kills")),
            "{s2:?}"
        );
    }

    #[test]
    fn a_save_is_said_only_when_the_reader_proves_it() {
        // Black's C4 (x=2, y=3) is in atari; extending at C3 towards
        // Black's B2 and D2 saves it.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . O . . . .
            . O X O . . .
            . . . . . . .
            . X . X . . .
            . . . . . . .",
        );
        let s = said(&b, Color::Black, pt(2, 4));
        assert!(
            s.iter().any(|t| t == "saves a stone at C4 from capture"),
            "{s:?}"
        );
        // A move far away saves nothing.
        let far = said(&b, Color::Black, pt(6, 6));
        assert!(!far.iter().any(|t| t.starts_with("saves")), "{far:?}");
    }

    #[test]
    fn good_and_bad_shape_are_never_said_together() {
        // The empty triangle: Black's C5, C4 and D4 with D5 empty... the
        // move at D5 fills the triangle's corner.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . X . . . .
            . . X X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        for q in b.points() {
            if b.is_empty(q) {
                let shapes: Vec<Reason> = facts(&b, Color::Black, q, None)
                    .into_iter()
                    .filter(|r| r.kind == ReasonKind::Shape)
                    .collect();
                assert!(shapes.len() <= 1, "{q:?}: {shapes:?}");
            }
        }
        let s = shape(&b, Color::Black, pt(3, 2), None).expect("an empty triangle");
        assert!(s.factor < 1.0, "{s:?}");
    }

    #[test]
    fn a_crawl_is_bad_shape_only_under_stones_that_live() {
        // Black's C1 crawls on the first line under White's B2 and C2.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . O O . . . . . .
            . X . . . . . . .",
        );
        let c1 = pt(2, 8);
        let (b2, c2) = (pt(1, 7), pt(2, 7));
        // White's stones White's in 90% of the playouts (ownership -0.8):
        // they live, and the crawl strengthens them.
        let mut own = vec![0.0f32; 81];
        for q in [b2, c2] {
            own[q.y() * 9 + q.x()] = -0.8;
        }
        let s = shape(&b, Color::Black, c1, Some(&own)).expect("a crawl");
        assert_eq!(s.text(9), "bad shape: crawling on the first line");
        // Stones Black takes in 60% of the playouts (+0.2): on the board
        // in 40% of them, short of 60%; the move takes their eye space.
        for q in [b2, c2] {
            own[q.y() * 9 + q.x()] = 0.2;
        }
        assert_eq!(shape(&b, Color::Black, c1, Some(&own)), None);
        // Without the playouts nothing says they live.
        assert_eq!(shape(&b, Color::Black, c1, None), None);
    }

    #[test]
    fn a_move_that_captures_a_shapes_stone_is_no_shape() {
        // The position of a 9x9 game on the page: White's A5 and B5 over
        // Black's B4, whose last liberty is A4, and White's B3 and C4
        // beside it. White's A4 takes B4: before the move it wraps round
        // B4 like a hane, after it no black stone is left for a shape.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O . . . . . . .
            . X O . . . . . .
            . O . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let (a4, b4) = (pt(0, 5), pt(1, 5));
        assert_eq!(b.liberties(b4), 1);
        assert_eq!(shape(&b, Color::White, a4, None), None);
        let s = said(&b, Color::White, a4);
        assert!(s.iter().any(|t| t == "captures a stone at B4"), "{s:?}");
        assert!(!s.iter().any(|t| t.contains("shape")), "{s:?}");
    }

    #[test]
    fn a_jump_towards_the_edge_is_a_one_space_jump_not_one_into_the_centre() {
        // White's D4 (a 9x9 game's fourth move) and a jump to B4, on the
        // second line: "into the centre" would be false. The jump from
        // D4 to F4 goes towards the centre, and is a one-space jump too.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        for to in [pt(1, 5), pt(5, 5)] {
            let s = shape(&b, Color::Black, to, None).expect("a jump");
            assert_eq!(s.text(9), "good shape: one-space jump", "{to:?}");
        }
    }

    /// Black's sente at F2 under Black's wall (the thermography's test
    /// position, every stone alive): White's E1 has two liberties, E2
    /// and F1. Black F2 threatens to take E1, White must answer; White F2
    /// makes F1 White's. {{2 | 0} | -1}: temperature 1, vertical on
    /// Black's side at the top.
    const SENTE_UNDER_THE_WALL: &str =
        include_str!("../../tests/data/boards/sente-under-the-wall-9x9.txt");

    fn sente_note(rule: ChoiceRule, value: Rational) -> EndgameNote {
        EndgameNote {
            kind: ChoiceKind::Sente,
            rule,
            value,
            region: 1,
        }
    }

    #[test]
    fn an_endgame_fact_is_said_only_as_far_as_the_thermography_holds_it() {
        let b = Board::from_ascii(SENTE_UNDER_THE_WALL);
        let a = crate::eval::thermo::analyze(&b, &crate::rules::StatusMap::all_alive());
        let f2 = pt(5, 7);
        let one = Rational::new(1, 1);
        let said = |note, color, p| {
            endgame_fact(&a, note, color, p, true).map(|r| (r.kind, r.describe(9)))
        };
        // The value and the kind hold: Black's sente, 1 point.
        assert_eq!(
            said(sente_note(ChoiceRule::Temperature, one), Color::Black, f2),
            Some((
                ReasonKind::Sente,
                "sente, 1 point (the reply is forced)".to_string()
            ))
        );
        // "Sente first" needs a hotter move that is not the mover's
        // sente: there is none, so the rule is not said; the value is.
        assert_eq!(
            said(sente_note(ChoiceRule::SenteFirst, one), Color::Black, f2),
            Some((
                ReasonKind::Sente,
                "sente, 1 point (the reply is forced)".to_string()
            ))
        );
        // A wrong value, a wrong kind, a move that is not the region's
        // best, or the wrong side: nothing is said.
        assert_eq!(
            said(
                sente_note(ChoiceRule::Temperature, Rational::new(2, 1)),
                Color::Black,
                f2
            ),
            None
        );
        let gote = EndgameNote {
            kind: ChoiceKind::Gote,
            ..sente_note(ChoiceRule::Temperature, one)
        };
        assert_eq!(said(gote, Color::Black, f2), None);
        assert_eq!(
            said(
                sente_note(ChoiceRule::Temperature, one),
                Color::Black,
                pt(4, 7)
            ),
            None
        );
        // For White the same point is a gote (reverse sente).
        assert_eq!(
            said(sente_note(ChoiceRule::Temperature, one), Color::White, f2),
            None
        );
        assert_eq!(
            said(gote, Color::White, f2),
            Some((ReasonKind::Endgame, "gote, 1 point".to_string()))
        );
    }

    #[test]
    fn the_baseline_is_the_most_visited_move_away_from_the_move() {
        let c = |x, y, samples| RootMove {
            mv: Move::Play(pt(x, y)),
            visits: samples,
            winrate: 0.5,
            prior: 0.5,
            pv: Vec::new(),
            lead: 0.0,
            lead_error: 1.0,
            samples,
        };
        let tried = vec![c(4, 4, 500), c(5, 4, 300), c(0, 8, 10), c(8, 0, 100)];
        // (5, 4) is next door, (0, 8) has too few playouts.
        assert_eq!(baseline(pt(4, 4), &tried), Some(Move::Play(pt(8, 0))));
        assert_eq!(baseline(pt(8, 0), &tried), Some(Move::Play(pt(4, 4))));
    }

    #[test]
    fn territory_counts_the_points_the_move_raises_near_it() {
        // A 5x5 empty board: the move at A1's neighbourhood raises the
        // mover's share of three points from even to certain (1.5 points
        // of territory) and one of the opponent's to even (0.5 of
        // reduction); a point nearer the baseline does not count.
        let b = Board::new(5).unwrap();
        let p = pt(0, 4);
        let base = Move::Play(pt(4, 0));
        let (t, r) = area_gain(&b, p, base, |q| {
            if [pt(0, 3), pt(1, 4), pt(1, 3)].contains(&q) {
                (1.0, 0.0)
            } else if q == pt(2, 4) {
                (0.0, -1.0)
            } else if q == pt(4, 1) {
                (1.0, -1.0)
            } else {
                (0.0, 0.0)
            }
        });
        assert!((t - 1.5).abs() < 1e-6, "{t}");
        assert!((r - 0.5).abs() < 1e-6, "{r}");
    }
}
