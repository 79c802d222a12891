//! What the reading says about a position, as the static evaluators read
//! it: the status of every stone, Benson's unconditional life with the
//! regions it owns, and the groups with their vital points.
//!
//! The evaluators never read life and death themselves: they take these
//! verdicts as an input, so that a test can give any status it needs and
//! the engine can give the statuses it has already read. Three inputs:
//!
//! - the [`StatusMap`] (one status per stone; required);
//! - Benson's [`Unconditional`] (optional): unconditionally alive stones
//!   have no danger, and the *small surrounded regions* of the
//!   thermography notes (a region enclosed by Benson-alive stones and too
//!   small for two eyes, `benson::SMALL_REGION`) belong to the
//!   surrounder: an opponent stone inside is dead whatever the status map
//!   says ([`Verdicts::new`] marks it so), and an empty point inside is the
//!   surrounder's in the dots;
//! - the groups read by the life-and-death layer (optional): a critical
//!   group's killing move is the vital point its danger names.
//!
//! Provenance: "Thermography, small regions and the consistency check" and
//! "Benson's unconditional life" in `docs/provenance.md`.

use crate::eval::analysis::GroupInfo;
use crate::reading::benson::Unconditional;
use std::collections::HashMap;

use crate::reading::owl::{self, Basis};
use crate::reading::Budget;
use crate::rules::zobrist;
use crate::rules::{Board, Color, Point, Status, StatusMap};

/// The reading's verdicts on one position: statuses, Benson's
/// unconditional life and the critical groups' vital points.
///
/// ```
/// use moku::{Board, Point};
/// use moku::eval::Verdicts;
/// use moku::reading::benson;
/// use moku::rules::{Status, StatusMap};
/// // Black lives with two eyes and walls in a three-point region that
/// // holds a white stone: Benson gives the region to Black, so the stone
/// // is dead even though the status map calls it alive.
/// let b = Board::from_ascii("
///     . X . X . O . X .
///     X X X X X X X X X
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .");
/// let u = benson::unconditional(&b);
/// let v = Verdicts::new(&b, &StatusMap::all_alive(), Some(&u), &[]);
/// assert_eq!(v.status().get(Point::from_xy(5, 0)), Status::Dead);
/// assert_eq!(v.owner(Point::from_xy(6, 0)), Some(moku::Color::Black));
/// ```
#[derive(Clone, Debug)]
pub struct Verdicts<'a> {
    status: StatusMap,
    unconditional: Option<&'a Unconditional>,
    groups: &'a [GroupInfo],
}

impl<'a> Verdicts<'a> {
    /// The verdicts of `status` alone: no Benson, no groups.
    pub fn from_status(status: &StatusMap) -> Verdicts<'static> {
        Verdicts {
            status: status.clone(),
            unconditional: None,
            groups: &[],
        }
    }

    /// The verdicts of `status`, Benson's `unconditional` life and the
    /// read `groups`. A stone standing in a region Benson gives to the
    /// other colour is marked dead.
    pub fn new(
        board: &Board,
        status: &StatusMap,
        unconditional: Option<&'a Unconditional>,
        groups: &'a [GroupInfo],
    ) -> Verdicts<'a> {
        let mut status = status.clone();
        if let Some(u) = unconditional {
            for p in board.points() {
                if let (Some(c), Some(owner)) = (board.get(p), u.owner(p)) {
                    if c != owner {
                        status.set_point(p, Status::Dead);
                    }
                }
            }
        }
        Verdicts {
            status,
            unconditional,
            groups,
        }
    }

    /// The status of every stone (Benson's regions applied).
    pub fn status(&self) -> &StatusMap {
        &self.status
    }

    /// Whether the stone on `p` is unconditionally alive (false without
    /// Benson).
    pub fn benson_alive(&self, p: Point) -> bool {
        self.unconditional.is_some_and(|u| u.is_alive(p))
    }

    /// The colour that owns `p` unconditionally (its Benson-alive stones
    /// and the vital or small regions they enclose), if Benson was given.
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.unconditional.and_then(|u| u.owner(p))
    }

    /// The reader's vital point (the opponent's killing move) of the
    /// critical group holding the stone on `p`, if the groups were given.
    pub fn vital_point(&self, p: Point) -> Option<Point> {
        self.groups
            .iter()
            .find(|g| g.status == Status::Critical && g.stones.binary_search(&p).is_ok())
            .and_then(|g| g.attack)
    }
}

/// A second opinion on life and death: each point's expected owner at the
/// end of the game, from `-1.0` (White's) to `1.0` (Black's), row-major
/// from the top-left, with the given colour to move (`None`: either, the
/// side to move unknown), from about the given number of playouts. The
/// engine's playouts give one (`moku::engine::ownership`); the evaluation
/// layer only reads it, so the layers keep their order.
pub type Ownership = fn(&Board, Option<Color>, u64) -> Vec<f32>;

/// Playouts of the second opinion on a whole position
/// (`overrule_groups`): 300. Ours, measured on the score set
/// (`tests/data/score-set`) with the side to move given: from 200 to
/// 2,000, and over three seeds, the overruled estimate agrees with GNU
/// Go's winner on 55 of 61 positions, its mean error 14.9–16.2 points
/// without a trend (more playouts do not help: the overrule needs a
/// group's mean ownership to cross a wide threshold, which a few hundred
/// playouts settle).
pub const OVERRULE_PLAYOUTS: u64 = 300;

/// Playouts of the check of one critical group's read attack
/// (`clear_false_attacks`): 150, half the whole position's, since a
/// position may have several critical groups. Ours, on the status
/// agreement of `scripts/status-agreement.py` (docs/evaluation.md):
/// 91.0% of the stones with 150 and 91.4% with 300, ld_owl the same (93),
/// the score set's mean error 15.10 and 15.35 points; the analysis of
/// strategy26 natively 226–228 ms a new position (median) with 150
/// against 272 with 300 (docs/performance.md).
pub const ATTACK_CHECK_PLAYOUTS: u64 = 150;

/// How far the playouts must disagree with the reading before they
/// overrule it: a group the reading calls alive or critical whose
/// stones' mean ownership for their colour is below `-OWNERSHIP_OVERRULE`
/// (the opponent ends up owning them in most playouts) is dead, and a
/// group the reading calls dead whose mean ownership is above it lives.
///
/// Ours, measured on the score set (`tests/data/score-set`, docs/evaluation.md
/// gives the command), the side to move given: the estimate agrees with
/// GNU Go's winner on 55 of 61 positions at 0.2 and 0.3 and 54 at 0.15
/// and 0.4 (49 with the reading alone), its mean error 15.2–15.9 points
/// (20.8 alone); 0.3 is inside that plateau. At 0.5 two winners are lost
/// again.
pub const OWNERSHIP_OVERRULE: f32 = 0.3;

/// Overrules the reading's status of every group whose stones the
/// `ownership` map (see [`Ownership`]) gives to the other side by more
/// than [`OWNERSHIP_OVERRULE`], or whose dead stones it gives back to
/// their owner. The reader's budget is a few hundred nodes a group, and
/// where a fight is too big for it (a capturing race of big groups, a
/// group with many weaknesses) the playouts, which play every fight to
/// its end, are the better witness. Returns how many groups changed; an
/// overruled group's basis becomes `Basis::Playouts`.
///
/// Proved statuses yield as well: the proof's attacker plays inside the
/// enclosed region only. Sparing them moved the score set's mean error
/// from 15.70 to 15.80 points and the biggest-move check from 142 to 143
/// reports (`cargo test --release --test evaluation -- --nocapture`).
///
/// A critical group whose killing or saving move takes a ko stays
/// critical: its life is a ko, which the playouts settle without ko
/// threats, so their owner of it says nothing.
pub(crate) fn overrule_groups(board: &Board, groups: &mut [GroupInfo], ownership: &[f32]) -> usize {
    let n = board.size();
    let mut changed = 0;
    for g in groups.iter_mut() {
        if g.stones.is_empty() {
            continue;
        }
        let sign = g.color.sign() as f32;
        let own = g
            .stones
            .iter()
            .map(|p| ownership[p.row_major(n)] * sign)
            .sum::<f32>()
            / g.stones.len() as f32;
        let verdict = match g.status {
            Status::Dead if own > OWNERSHIP_OVERRULE => Status::Alive,
            // A seki is the reading's to call: playouts break sekis (one
            // side fills a shared liberty sooner or later), so their
            // ownership of a seki group says nothing.
            Status::Dead | Status::Seki => continue,
            Status::Critical if ko_for_life(board, g) => continue,
            _ if own < -OWNERSHIP_OVERRULE => Status::Dead,
            _ => continue,
        };
        g.status = verdict;
        g.attack = None;
        g.defense = None;
        g.basis = Basis::Playouts;
        changed += 1;
    }
    changed
}

/// How surely the playouts must keep a critical group's stones after its
/// read killing move before the kill is taken for a misread: the group's
/// mean ownership for its colour, over playouts that begin with the
/// attacker's move and the owner to answer, above this (about two
/// playouts in three end with its stones on the board).
///
/// The reading judges a dragon by its own strings and eye spaces, so a
/// small dragon that lives by joining one neighbour or another is read as
/// killable. Ours, with the same value as [`OWNERSHIP_OVERRULE`] (a group
/// owned by 0.3 or more is not the other side's either); the sweep in
/// docs/evaluation.md ("A critical group's killing move, played out").
pub const CRITICAL_ATTACK_FAILS: f32 = 0.3;

/// Takes a critical group for alive where the playouts refute its read
/// attack: after the attacker's killing move, with the owner to move, the
/// group keeps its stones ([`CRITICAL_ATTACK_FAILS`]) in a search of
/// [`ATTACK_CHECK_PLAYOUTS`]. Proved statuses stand (the proof's kill
/// works), and so does a critical group whose life is a ko (the playouts
/// settle kos without threats), whose killing move is a capturing race's
/// (`races`), or whose attack is not known. A group the position's own
/// playouts (`now`, the map of [`overrule_groups`]) keep by no more than
/// the threshold is not asked. Returns how many groups changed; a changed
/// group's basis becomes `Basis::Playouts`.
///
/// `refuted` keeps each answer under the group's neighbourhood
/// (`owl::local_key`, the key of the status cache) and its attack, so
/// that after a move only the groups near it are played out again, as
/// only they are read again.
pub(crate) fn clear_false_attacks(
    board: &Board,
    groups: &mut [GroupInfo],
    now: &[f32],
    ownership: Ownership,
    budget: &Budget,
    refuted: &mut HashMap<u64, bool>,
) -> usize {
    let n = board.size();
    let mut changed = 0;
    for g in groups.iter_mut() {
        if g.status != Status::Critical || g.basis == Basis::Proved || g.stones.is_empty() {
            continue;
        }
        let Some(attack) = g.attack else { continue };
        let sign = g.color.sign() as f32;
        let mean = |map: &[f32]| {
            g.stones
                .iter()
                .map(|p| map[p.row_major(n)] * sign)
                .sum::<f32>()
                / g.stones.len() as f32
        };
        // The attacker's move only lowers the group's ownership: where the
        // playouts of the position itself do not keep it above the
        // threshold, those after the attack will not either.
        if mean(now) <= CRITICAL_ATTACK_FAILS || ko_for_life(board, g) || races(board, g, attack) {
            continue;
        }
        let key =
            owl::local_key(board, &g.stones, budget) ^ zobrist::stone(g.color, attack.index());
        let fails = *refuted.entry(key).or_insert_with(|| {
            let mut after = board.clone();
            if after.play(attack, g.color.opponent(), false).is_err() {
                return false;
            }
            let map = ownership(&after, Some(g.color), ATTACK_CHECK_PLAYOUTS);
            mean(&map) > CRITICAL_ATTACK_FAILS
        });
        if fails {
            g.status = Status::Alive;
            g.attack = None;
            g.defense = None;
            g.basis = Basis::Playouts;
            changed += 1;
        }
    }
    if refuted.len() >= owl::STATUS_CACHE_DRAGONS {
        refuted.clear();
    }
    changed
}

/// Whether the killing move `attack` of group `g` is a capturing race's:
/// it gives liberties to an attacker's string of at most
/// [`RACE_LIBERTIES`] that touches the group. The playouts settle races
/// by chance (a random move fills a liberty as often as it approaches
/// one), so their owner of a group in a race says nothing.
fn races(board: &Board, g: &GroupInfo, attack: Point) -> bool {
    let attacker = g.color.opponent();
    board.neighbors(attack).any(|n| {
        board.has_stone(n, attacker)
            && board.liberties(n) <= RACE_LIBERTIES
            && board.chain(n).any(|s| {
                board
                    .neighbors(s)
                    .any(|t| g.stones.binary_search(&t).is_ok())
            })
    })
}

/// The liberties of an attacker's string beside a group at which the
/// group's killing move, played on one of them, is taken for a race: 1,
/// as in the race this exemption was made for (9handicap before move 150,
/// docs/evaluation.md). Swept with `scripts/status-agreement.py` and
/// ld_owl: 91.2% of the stones agree with GNU Go and ld_owl reads 94 at
/// 1, 91.0% and 93 at 2, 90.4% and 93 at 3.
const RACE_LIBERTIES: usize = 1;

/// Whether critical group `g`'s killing move (by the opponent) or saving
/// move (by its owner) captures a stone in a ko: the capture leaves a
/// ko point behind it.
fn ko_for_life(board: &Board, g: &GroupInfo) -> bool {
    let takes_ko = |p: Option<Point>, c: Color| {
        p.is_some_and(|p| {
            let mut b = board.clone();
            b.play(p, c, false).is_ok() && b.ko_point().is_some()
        })
    };
    takes_ko(g.attack, g.color.opponent()) || takes_ko(g.defense, g.color)
}

/// Marks dead every group that stands in a region Benson gives to the
/// other colour (the small-surrounded-region rule), so the group list the
/// page draws agrees with the statuses the evaluators read.
pub(crate) fn refine_groups(board: &Board, groups: &mut [GroupInfo], u: &Unconditional) {
    for g in groups.iter_mut() {
        let inside = g
            .stones
            .iter()
            .any(|&s| u.owner(s).is_some_and(|o| Some(o) != board.get(s)));
        if inside {
            g.status = Status::Dead;
            g.attack = None;
            g.defense = None;
            // The surrounder's stones are alive unconditionally and the
            // region too small for two eyes: settled.
            g.basis = Basis::Proved;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::reading::benson;

    /// Black's two-eyed wall (eyes A9 and C9) encloses the three points
    /// E9 F9 G9, a white stone on F9.
    pub(crate) const SMALL_REGION: &str = "
        . X . X . O . X .
        X X X X X X X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    /// The white stone F9 of `SMALL_REGION` is dead by Benson whatever
    /// the map says; the open board is nobody's.
    #[test]
    fn benson_regions_overrule_the_status_map() {
        let b = Board::from_ascii(SMALL_REGION);
        let u = benson::unconditional(&b);
        let v = Verdicts::new(&b, &StatusMap::all_alive(), Some(&u), &[]);
        assert_eq!(v.status().get(Point::from_xy(5, 0)), Status::Dead);
        assert_eq!(v.status().get(Point::from_xy(0, 1)), Status::Alive);
        assert!(v.benson_alive(Point::from_xy(0, 1)));
        assert_eq!(v.owner(Point::from_xy(4, 0)), Some(Color::Black));
        assert_eq!(v.owner(Point::from_xy(4, 5)), None);
        // Without Benson nothing changes.
        let plain = Verdicts::from_status(&StatusMap::all_alive());
        assert_eq!(plain.status().get(Point::from_xy(5, 0)), Status::Alive);
        assert!(!plain.benson_alive(Point::from_xy(0, 1)));
        // The group list follows.
        let mut groups = vec![GroupInfo {
            color: Color::White,
            stones: vec![Point::from_xy(5, 0)],
            status: Status::Critical,
            attack: Some(Point::from_xy(4, 0)),
            defense: Some(Point::from_xy(6, 0)),
            attack_ko: false,
            defense_ko: false,
            basis: Basis::Read,
        }];
        refine_groups(&b, &mut groups, &u);
        assert_eq!(groups[0].status, Status::Dead);
        assert_eq!(groups[0].attack, None);
        // Walled in by unconditional life, in a region too small for two
        // eyes: the death is settled.
        assert_eq!(groups[0].basis, Basis::Proved);
    }

    #[test]
    fn the_vital_point_comes_from_the_critical_group() {
        let b = Board::new(9).unwrap();
        let groups = [GroupInfo {
            color: Color::Black,
            stones: vec![Point::from_xy(2, 2), Point::from_xy(3, 2)],
            status: Status::Critical,
            attack: Some(Point::from_xy(4, 2)),
            defense: Some(Point::from_xy(1, 2)),
            attack_ko: false,
            defense_ko: false,
            basis: Basis::Read,
        }];
        let v = Verdicts::new(&b, &StatusMap::all_alive(), None, &groups);
        assert_eq!(
            v.vital_point(Point::from_xy(3, 2)),
            Some(Point::from_xy(4, 2))
        );
        assert_eq!(v.vital_point(Point::from_xy(5, 5)), None);
    }

    /// One group of each status on a 5x5 board, the stones given by hand.
    fn groups_of(b: &Board, statuses: &[(Point, Status)]) -> Vec<GroupInfo> {
        statuses
            .iter()
            .map(|&(p, status)| {
                let mut stones: Vec<Point> = b.chain(p).collect();
                stones.sort();
                GroupInfo {
                    color: b.get(p).unwrap(),
                    stones,
                    status,
                    attack: Some(Point::from_xy(4, 4)),
                    defense: Some(Point::from_xy(4, 4)),
                    attack_ko: false,
                    defense_ko: false,
                    basis: Basis::Read,
                }
            })
            .collect()
    }

    /// Black's B4 has the one liberty C4, where White captures it and
    /// leaves a ko (White's C4 then has B4 alone): critical by a ko. Even
    /// with White owning it in every playout it stays critical; killed
    /// at E1 instead, a plain move, it is dead.
    #[test]
    fn a_critical_group_whose_life_is_a_ko_is_not_overruled() {
        let b = Board::from_ascii(
            "
            . O X . .
            O X . X .
            . O X . .
            . . . . .
            . . . . .",
        );
        let b4 = Point::from_xy(1, 1);
        let c4 = Point::from_xy(2, 1);
        let own = vec![-1.0f32; 25];
        let mut ko = groups_of(&b, &[(b4, Status::Critical)]);
        ko[0].attack = Some(c4);
        ko[0].defense = Some(c4);
        assert_eq!(overrule_groups(&b, &mut ko, &own), 0);
        assert_eq!(ko[0].status, Status::Critical);
        let mut plain = groups_of(&b, &[(b4, Status::Critical)]);
        assert_eq!(overrule_groups(&b, &mut plain, &own), 1);
        assert_eq!(plain[0].status, Status::Dead);
    }

    /// The playouts overrule the reading only beyond the threshold, both
    /// ways, and a changed group loses its vital points.
    #[test]
    fn ownership_overrules_the_reading_beyond_its_threshold() {
        let b = Board::from_ascii(
            "
            X X . . .
            . . . . .
            . . O . .
            . . . . .
            . . . X X",
        );
        let (a1, c3, d1) = (
            Point::from_xy(0, 0),
            Point::from_xy(2, 2),
            Point::from_xy(3, 4),
        );
        let mut groups = groups_of(
            &b,
            &[
                (a1, Status::Alive),
                (c3, Status::Dead),
                (d1, Status::Critical),
            ],
        );
        // White owns A5 B5 by 0.8 (beyond 0.3: Black's alive pair dies);
        // White's C3 is owned by White by 0.5 (its dead stone lives);
        // D1 E1 are White's by only 0.2 (within: stays critical).
        let mut own = vec![0.0f32; 25];
        own[0] = -0.8;
        own[1] = -0.8;
        own[12] = -0.5;
        own[23] = -0.2;
        own[24] = -0.2;
        assert_eq!(overrule_groups(&b, &mut groups, &own), 2);
        assert_eq!(groups[0].status, Status::Dead);
        assert_eq!((groups[0].attack, groups[0].defense), (None, None));
        assert_eq!(groups[1].status, Status::Alive);
        // The changed groups say whose verdict they carry; the kept one
        // is still the reading's.
        assert_eq!(
            [groups[0].basis, groups[1].basis, groups[2].basis],
            [Basis::Playouts, Basis::Playouts, Basis::Read]
        );
        assert_eq!(groups[2].status, Status::Critical);
        assert_eq!(groups[2].attack, Some(Point::from_xy(4, 4)));
        // A map that agrees with the reading changes nothing.
        let agree = vec![0.0f32; 25];
        assert_eq!(overrule_groups(&b, &mut groups, &agree), 0);
        // A seki stays the reading's, whatever the playouts say.
        let mut seki = groups_of(&b, &[(a1, Status::Seki)]);
        assert_eq!(overrule_groups(&b, &mut seki, &own), 0);
        assert_eq!(seki[0].status, Status::Seki);
        // A proved status yields too (the proof's attacker plays inside the
        // region only), and then says whose verdict it carries.
        let mut proved = groups_of(&b, &[(a1, Status::Alive)]);
        proved[0].basis = Basis::Proved;
        assert_eq!(overrule_groups(&b, &mut proved, &own), 1);
        assert_eq!(
            (proved[0].status, proved[0].basis),
            (Status::Dead, Basis::Playouts)
        );
    }

    /// A witness that gives every point to Black once White has played
    /// C5 (the killing move of the tests below) and to White before it,
    /// and checks that Black, the group's owner, moves after the attack.
    fn black_after_white_c5(b: &Board, to_move: Option<Color>, _: u64) -> Vec<f32> {
        assert_eq!(to_move, Some(Color::Black));
        let v = if b.has_stone(Point::from_xy(2, 0), Color::White) {
            1.0
        } else {
            -1.0
        };
        vec![v; b.size() * b.size()]
    }

    fn white_everywhere(b: &Board, _: Option<Color>, _: u64) -> Vec<f32> {
        vec![-1.0; b.size() * b.size()]
    }

    /// Black's A5 B5 read as critical, killed at C5 (no ko, no race: no
    /// White string near). The playouts after White's C5 keep Black's
    /// stones: the attack is a misread and the group alive, by the
    /// playouts. A witness that agrees with the attack, a proved status
    /// and a group the position's own playouts already give away are
    /// left alone; the answer is kept by neighbourhood.
    #[test]
    fn playouts_after_the_attack_clear_a_false_critical() {
        let b = Board::from_ascii(
            "
            X X . . .
            . . . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let (a5, c5) = (Point::from_xy(0, 0), Point::from_xy(2, 0));
        let critical = || {
            let mut g = groups_of(&b, &[(a5, Status::Critical)]);
            g[0].attack = Some(c5);
            g[0].defense = Some(c5);
            g
        };
        let budget = Budget::nodes(300);
        let now = vec![0.8f32; 25];
        let mut cache = HashMap::new();
        let mut groups = critical();
        let changed = clear_false_attacks(
            &b,
            &mut groups,
            &now,
            black_after_white_c5,
            &budget,
            &mut cache,
        );
        assert_eq!(changed, 1);
        assert_eq!(groups[0].status, Status::Alive);
        assert_eq!((groups[0].attack, groups[0].defense), (None, None));
        assert_eq!(groups[0].basis, Basis::Playouts);
        // The same neighbourhood again: the kept answer, whatever the
        // witness would say now.
        let mut again = critical();
        assert_eq!(
            clear_false_attacks(&b, &mut again, &now, white_everywhere, &budget, &mut cache),
            1
        );
        // Asked afresh, a witness that kills the group after C5 keeps it
        // critical.
        let mut kept = critical();
        let mut fresh = HashMap::new();
        assert_eq!(
            clear_false_attacks(&b, &mut kept, &now, white_everywhere, &budget, &mut fresh),
            0
        );
        assert_eq!(
            (kept[0].status, kept[0].attack),
            (Status::Critical, Some(c5))
        );
        // A proof stands.
        let mut proved = critical();
        proved[0].basis = Basis::Proved;
        let mut fresh = HashMap::new();
        assert_eq!(
            clear_false_attacks(
                &b,
                &mut proved,
                &now,
                black_after_white_c5,
                &budget,
                &mut fresh
            ),
            0
        );
        // The position's own playouts keep it on the board by only 0.2:
        // not asked.
        let weak = vec![0.2f32; 25];
        let mut low = critical();
        assert_eq!(
            clear_false_attacks(
                &b,
                &mut low,
                &weak,
                black_after_white_c5,
                &budget,
                &mut fresh
            ),
            0
        );
        assert_eq!(low[0].status, Status::Critical);
    }

    /// Black's A5 B5 against White's C5 C4, whose liberties are B4 and
    /// C3: White's killing move B4 gives White's string liberties in a
    /// race the playouts decide by chance, so it stays critical even when
    /// they keep Black's stones.
    #[test]
    fn a_critical_group_in_a_race_is_not_cleared() {
        let b = Board::from_ascii(
            "
            X X O X .
            . . O X .
            . . X . .
            . . . . .
            . . . . .",
        );
        // White's C5 C4 has one liberty, B4, which is also Black's; the
        // attack there is a race's.
        let (a5, b4) = (Point::from_xy(0, 0), Point::from_xy(1, 1));
        assert_eq!(b.liberties(Point::from_xy(2, 0)), 1);
        let mut groups = groups_of(&b, &[(a5, Status::Critical)]);
        groups[0].attack = Some(b4);
        groups[0].defense = Some(b4);
        fn black_everywhere(b: &Board, _: Option<Color>, _: u64) -> Vec<f32> {
            vec![1.0; b.size() * b.size()]
        }
        let now = vec![0.8f32; 25];
        let mut cache = HashMap::new();
        let budget = Budget::nodes(300);
        assert_eq!(
            clear_false_attacks(&b, &mut groups, &now, black_everywhere, &budget, &mut cache),
            0
        );
        assert_eq!(groups[0].status, Status::Critical);
    }
}
