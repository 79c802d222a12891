//! Handtalk's block danger, in moku, from the reading: how many points a
//! group could lose.
//!
//! Source: Chen Zhixing, "Programming Technics in Handtalk" (English and
//! Japanese texts; see `docs/provenance.md`), "Block danger estimation" and
//! "Freedom" (ブロック危険度, 自由度). The text fixes the shape: danger is a
//! function of lack of two eyes, freedom and size, in moku, and each
//! further enemy move needed to surround a block halves it. Handtalk had
//! no life-and-death reading behind its dots; we have one, so the status
//! decides and the text's terms grade what the status leaves open.
//!
//! **Units.** Danger is measured per *unit*: a Handtalk block (its stones,
//! its captives and the empty points it controls), or the dead stones of
//! one colour that one enemy block holds (with the empty points only they
//! touch: their eye space). A block whose stones have different statuses
//! (a critical group whose area touches a living one's) is split: its
//! points go to the nearest stones (ties to the stronger), so every stone
//! is in a unit of its own status — the danger map can never paint a
//! critical group as safe nor a living one as critical.
//!
//! **Value.** A unit's *value* is what its death would swing:
//! [`STAKE_PER_POINT`] moku per point (an own stone becomes a prisoner and
//! the enemy's point; an empty point passes from one side's territory to
//! the other's; a captive comes back to life).
//!
//! **Risk**, the share of the value at stake, by status — the seed's
//! halving read as "each move the opponent still needs halves it":
//!
//! - dead: the whole value (no move needed);
//! - critical: [`CRITICAL_SHARE`], a half (one move decides, and either
//!   side may make it);
//! - seki: nothing (neither side can kill);
//! - alive (and unknown): nothing when Benson calls a stone of it
//!   unconditionally alive or its eye spaces give two certain eyes;
//!   otherwise at most [`ALIVE_SHARE`] (a quarter: the reading says the
//!   first enemy move does not kill, so at least two are needed), times
//!   the lack of eyes, halved for every move needed to surround it.
//!
//! **Eyes** come from the eye-space module ([`crate::reading::eyes`]). The
//! *regions* of a unit are the 4-connected sets of its points that are
//! not its own stones; a region is *closed* when it touches no point
//! outside the unit. A closed region of at most `eyes::MAX_EYE_SPACE`
//! points is evaluated by `eyes::evaluate` (its minimum eyes are certain,
//! its maximum possible; an unsettled space names its vital point); a
//! bigger closed region is two certain eyes (every shape `eyes` knows of
//! seven points or more already is); one `eyes` refuses (a strong enemy
//! string inside) counts one. Open regions give no certain eye but *room*:
//! every [`OPEN_FULL_POINTS_PER_EYE`] fully controlled (±6) points count as
//! one eye for the lack-of-eyes term.
//!
//! **Freedom.** A *free point* of a unit is an empty point outside its
//! block that is not a block point of the other colour. The two schemes of
//! the seed ([`FreedomScheme`]): the free points adjacent or diagonal to
//! any point of the unit (the earlier scheme), and the free points a
//! one-space jump or a knight's move from any of its stones (the later
//! one); [`ENGINE_FREEDOM_SCHEME`] says which the danger uses.
//!
//! **Vital point** of a critical unit: the reader's killing move when the
//! groups were read, else the vital point of an unsettled eye space of the
//! unit, else a liberty of its string with the fewest liberties.

use crate::eval::handtalk::blocks::Blocks;
use crate::eval::handtalk::influence::{step, Grid, AROUND, FULL_CONTROL, GCELLS, GS, ORTHO};
use crate::eval::Verdicts;
use crate::reading::eyes::{self, MAX_EYE_SPACE};
use crate::rules::{Board, Color, Point, Status, Vertex};

/// A unit with this many certain eyes lives: with an alive status, its
/// danger is 0. Origin: the seed's first danger factor, "lacking of two
/// eyes".
pub(crate) const EYES_TO_LIVE: u8 = 2;
/// Fully controlled points of open regions per eye of room (an unclosed
/// area of 6 secure points is about one eye's worth). Ours, tunable.
pub(crate) const OPEN_FULL_POINTS_PER_EYE: u16 = 6;
/// How much of the stake is at risk for a unit with one eye (with none,
/// all of it; with two, nothing). Ours: one eye is one more move to kill,
/// and each move halves.
pub(crate) const ONE_EYE_LACK: f32 = 0.5;
/// The swing in moku when a unit dies, per point of the unit: an own
/// stone becomes a prisoner and the enemy's point (2), an empty point
/// passes from our territory to theirs (2), a captive comes back to life
/// (2). Origin: the seed's unit is moku; the swing is the same under area
/// counting (a point lost and a point won).
pub(crate) const STAKE_PER_POINT: f32 = 2.0;
/// The share of its value a critical unit has at stake: whoever moves
/// first decides, so half (the seed's halving, one move away).
pub(crate) const CRITICAL_SHARE: f32 = 0.5;
/// The largest share a living unit (by the reading) has at stake: the
/// opponent needs at least two moves, a half of a half.
pub(crate) const ALIVE_SHARE: f32 = 0.25;
/// Free points (adjacent/diagonal scheme) per enemy move needed to
/// surround: a lone stone in the open has 16 and takes about five moves to
/// surround. Ours, tunable.
pub(crate) const FREE_POINTS_PER_MOVE_ADJACENT: f32 = 3.0;
/// Free points (jump/knight scheme) per enemy move: a lone stone has 12,
/// again about five moves. Ours, tunable.
pub(crate) const FREE_POINTS_PER_MOVE_JUMP: f32 = 2.5;
/// Each further move needed to surround divides the danger by this.
/// Origin: en "when the number of moves to surround a block increases by
/// 1, the danger will be halved"; ja 「囲う手数が一手増えれば、危険度は半減します」.
pub(crate) const DANGER_RATIO_PER_MOVE: f32 = 2.0;
/// The scheme the danger uses: the earlier, adjacent/diagonal one. The
/// seed's author finds that "an ambiguous estimation often has some
/// superiority", the Japanese text that the first scheme gives better
/// results in most cases, and keeps the precise second scheme for a
/// program whose other estimates are equally precise. With the reading
/// deciding the status, freedom only grades living groups, where the
/// rough scheme is enough. Both are reported.
pub(crate) const ENGINE_FREEDOM_SCHEME: FreedomScheme = FreedomScheme::Adjacent;

/// The two freedom estimators of the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreedomScheme {
    /// Free points adjacent or diagonal to any point (stone or empty) of
    /// the unit: Handtalk's earlier scheme.
    Adjacent,
    /// Free points a one-space jump or a knight's move from any stone of
    /// the unit: Handtalk's later, wider scheme.
    Jump,
}

impl FreedomScheme {
    /// Free points per enemy move needed to surround.
    pub fn free_points_per_move(self) -> f32 {
        match self {
            FreedomScheme::Adjacent => FREE_POINTS_PER_MOVE_ADJACENT,
            FreedomScheme::Jump => FREE_POINTS_PER_MOVE_JUMP,
        }
    }
}

/// The offsets of the jump/knight scheme (d² = 4 and 5).
const JUMP_KNIGHT: [isize; 12] = {
    let s = GS as isize;
    [
        -2 * s,
        2 * s,
        -2,
        2,
        -2 * s - 1,
        -2 * s + 1,
        2 * s - 1,
        2 * s + 1,
        -s - 2,
        -s + 2,
        s - 2,
        s + 2,
    ]
};

/// One danger unit: a block (or the part of one whose stones share a
/// status), or the dead stones one enemy block holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Danger {
    /// Its id in [`crate::eval::HandtalkAnalysis::danger_ids`], from 1.
    pub id: u16,
    /// The block it belongs to (for dead stones: the enemy block that
    /// holds them), 0 for none.
    pub block: u16,
    /// Whose stones are at stake.
    pub color: Color,
    /// The status of its stones: dead, critical, seki or alive (unknown
    /// stones count as alive).
    pub status: Status,
    /// Its first point, row-major from the top-left (for a label).
    pub anchor: Vertex,
    /// Its stones.
    pub stones: u16,
    /// All its points (stones, captives, empty points).
    pub points: u16,
    /// A stone of it is unconditionally alive (Benson).
    pub benson: bool,
    /// Certain eyes: the sum of the minimum eyes of its closed regions.
    pub eyes_min: u8,
    /// Possible eyes: the sum of their maximum eyes.
    pub eyes_max: u8,
    /// Fully controlled points of its open regions (room for eyes).
    pub room: u16,
    /// Freedom, the seed's earlier scheme: free points adjacent or diagonal
    /// to any point of the unit.
    pub freedom_adjacent: u16,
    /// Freedom, the seed's later scheme: free points a one-space jump or a
    /// knight's move from any stone of the unit.
    pub freedom_jump: u16,
    /// For a critical unit: where the opponent kills it (and the owner
    /// saves it).
    pub vital: Option<Vertex>,
    /// What its death would swing, in moku.
    pub value: f32,
    /// The moku at stake: `value` times the risk of its status.
    pub danger: f32,
}

impl Danger {
    /// A unit of `points` points before anything is read of it: no stones
    /// counted, eyes, room, freedom or vital point, nothing at stake; its
    /// value [`STAKE_PER_POINT`] a point.
    fn unread(
        id: u16,
        block: u16,
        color: Color,
        status: Status,
        anchor: Vertex,
        points: usize,
    ) -> Danger {
        Danger {
            id,
            block,
            color,
            status,
            anchor,
            stones: 0,
            points: points as u16,
            benson: false,
            eyes_min: 0,
            eyes_max: 0,
            room: 0,
            freedom_adjacent: 0,
            freedom_jump: 0,
            vital: None,
            value: STAKE_PER_POINT * points as f32,
            danger: 0.0,
        }
    }
}

/// The fraction of the stake at risk for lack of eyes: 1 with no eye,
/// [`ONE_EYE_LACK`] with one, 0 with two or more.
pub(crate) fn eye_lack(eyes: u8) -> f32 {
    match eyes {
        0 => 1.0,
        e if e < EYES_TO_LIVE => ONE_EYE_LACK,
        _ => 0.0,
    }
}

/// The share of a unit's value at stake (see the module doc): by status;
/// for a living unit by its eyes (certain plus room, `eyes`), whether it
/// is `settled` (Benson-alive or two certain eyes) and its `freedom` under
/// `scheme`.
///
/// ```text
/// dead 1, critical 1/2, seki 0,
/// alive: 0 if settled, else 1/4 * lack(eyes) * 2^-(freedom / free points per move)
/// ```
pub(crate) fn risk(
    status: Status,
    settled: bool,
    eyes: u8,
    freedom: u16,
    scheme: FreedomScheme,
) -> f32 {
    match status {
        Status::Dead => 1.0,
        Status::Critical => CRITICAL_SHARE,
        Status::Seki => 0.0,
        Status::Alive | Status::Unknown => {
            if settled {
                0.0
            } else {
                let moves = f32::from(freedom) / scheme.free_points_per_move();
                ALIVE_SHARE * eye_lack(eyes) * DANGER_RATIO_PER_MOVE.powf(-moves)
            }
        }
    }
}

/// The danger units of a position.
pub(crate) struct Units {
    /// The unit of every grid cell as the danger map shows it (dead stones
    /// in their dead unit), 0 for none.
    pub id: [u16; GCELLS],
    /// The units, in id order.
    pub list: Vec<Danger>,
}

/// The status class of a block's stone: 0 alive (and unknown), 1 seki, 2
/// critical. Ties in a split go to the lower class.
fn class(st: Status) -> usize {
    match st {
        Status::Critical => 2,
        Status::Seki => 1,
        _ => 0,
    }
}

const CLASS_STATUS: [Status; 3] = [Status::Alive, Status::Seki, Status::Critical];

/// Finds the units and measures them (see the module doc).
pub(crate) fn units(
    board: &Board,
    grid: &Grid,
    dots: &[i8; GCELLS],
    blocks: &Blocks,
    verdicts: &Verdicts<'_>,
) -> Units {
    // Per cell: the block unit (own stones, captives, empty points). The
    // units of a block: one per status class of its stones, in class order.
    let mut present = vec![[false; 3]; blocks.count + 1];
    for &g in grid.points() {
        let g = g as usize;
        let b = blocks.id[g] as usize;
        if b != 0 && grid.own(g, blocks.sign[b]) {
            present[b][class(grid.status[g])] = true;
        }
    }
    let mut kinds: Vec<(u16, Status)> = Vec::new(); // (block, status) per unit
    let mut unit_of = vec![[0u16; 3]; blocks.count + 1];
    for b in 1..=blocks.count {
        for (c, &st) in CLASS_STATUS.iter().enumerate() {
            if present[b][c] {
                kinds.push((b as u16, st));
                unit_of[b][c] = kinds.len() as u16;
            }
        }
    }
    // Every point to the unit of its nearest stones: a breadth-first
    // search from the stones within each block, the lower classes queued
    // first so that they win ties.
    let mut bunit = [0u16; GCELLS];
    let mut queue: Vec<u16> = Vec::with_capacity(grid.points().len());
    for c in [0, 1, 2] {
        for &g in grid.points() {
            let g = g as usize;
            let b = blocks.id[g] as usize;
            if b != 0 && grid.own(g, blocks.sign[b]) && class(grid.status[g]) == c {
                bunit[g] = unit_of[b][c];
                queue.push(g as u16);
            }
        }
    }
    spread(&mut queue, &mut bunit, |g, q| blocks.id[q] == blocks.id[g]);

    // Dead units: the dead stones of one colour in one enemy block (or,
    // outside blocks, one string), and the empty points only they touch.
    let mut dunit = [0u16; GCELLS];
    let n_block_units = kinds.len();
    let mut dead_of_block: Vec<u16> = vec![0; blocks.count + 1];
    let mut dead_kinds: Vec<(u16, i8)> = Vec::new(); // (block, colour sign)
    for &g0 in grid.points() {
        let g0 = g0 as usize;
        let s = grid.color[g0];
        if s == 0 || grid.eff[g0] == s || dunit[g0] != 0 {
            continue;
        }
        let b = blocks.id[g0] as usize;
        if b != 0 && dead_of_block[b] != 0 {
            dunit[g0] = dead_of_block[b];
            continue;
        }
        dead_kinds.push((b as u16, s));
        let id = (n_block_units + dead_kinds.len()) as u16;
        if b != 0 {
            dead_of_block[b] = id;
            dunit[g0] = id;
            continue;
        }
        dunit[g0] = id;
        queue.clear();
        queue.push(g0 as u16);
        spread(&mut queue, &mut dunit, |_, q| {
            grid.color[q] == s && grid.eff[q] == -s && blocks.id[q] == 0
        });
    }
    for &g in grid.points() {
        let g = g as usize;
        if grid.color[g] != 0 {
            continue;
        }
        let mut only = 0u16;
        let mut ok = true;
        for q in grid.neighbours(g) {
            let u = dunit[q];
            if u == 0 || grid.color[q] == 0 || (only != 0 && u != only) {
                ok = false;
                break;
            }
            only = u;
        }
        if ok && only != 0 {
            dunit[g] = only;
        }
    }

    // The point lists of every unit (a counting sort on the id), block
    // units counted on their block points, dead units on theirs.
    let total = n_block_units + dead_kinds.len();
    let mut start = vec![0usize; total + 2];
    for &g in grid.points() {
        let g = g as usize;
        for u in [bunit[g], dunit[g]] {
            if u != 0 {
                start[u as usize + 1] += 1;
            }
        }
    }
    for u in 1..start.len() {
        start[u] += start[u - 1];
    }
    let mut fill = start.clone();
    let mut list = vec![0u16; start[total + 1]];
    for &g in grid.points() {
        for u in [bunit[g as usize], dunit[g as usize]] {
            if u != 0 {
                list[fill[u as usize]] = g;
                fill[u as usize] += 1;
            }
        }
    }

    let mut out = Units {
        id: [0; GCELLS],
        list: Vec::with_capacity(total),
    };
    for &g in grid.points() {
        let g = g as usize;
        out.id[g] = if dunit[g] != 0 { dunit[g] } else { bunit[g] };
    }
    let mut seen_region = [0u16; GCELLS];
    let mut seen_adj = [0u16; GCELLS];
    let mut seen_jump = [0u16; GCELLS];
    for u in 1..=total {
        let pts = &list[start[u]..start[u + 1]];
        let anchor = Grid::point(pts[0] as usize).vertex();
        if u > n_block_units {
            let (block, s) = dead_kinds[u - n_block_units - 1];
            let stones = pts.iter().filter(|&&g| grid.color[g as usize] != 0).count() as u16;
            let d = Danger::unread(
                u as u16,
                block,
                color_of(s),
                Status::Dead,
                anchor,
                pts.len(),
            );
            out.list.push(Danger {
                stones,
                danger: d.value,
                ..d
            });
            continue;
        }
        let (block, status) = kinds[u - 1];
        let s = blocks.sign[block as usize];
        let id = u as u16;
        let is_free = |q: usize| {
            grid.on[q] && grid.color[q] == 0 && blocks.id[q] != block && blocks.cand[q] != -s
        };
        let mut d = Danger::unread(id, block, color_of(s), status, anchor, pts.len());
        let mut eye_vital: Option<Point> = None;
        let mut reader_vital: Option<Point> = None;
        let mut fewest: Option<(u8, usize)> = None;
        for &g in pts {
            let g = g as usize;
            for dd in AROUND {
                let q = step(g, dd);
                if seen_adj[q] != id && is_free(q) {
                    seen_adj[q] = id;
                    d.freedom_adjacent += 1;
                }
            }
            if grid.own(g, s) {
                d.stones += 1;
                let p = Grid::point(g);
                d.benson |= verdicts.benson_alive(p);
                if reader_vital.is_none() {
                    reader_vital = verdicts.vital_point(p);
                }
                if fewest.is_none_or(|(l, _)| grid.libs[g] < l) {
                    fewest = Some((grid.libs[g], g));
                }
                for dd in JUMP_KNIGHT {
                    let q = step(g, dd);
                    if seen_jump[q] != id && is_free(q) {
                        seen_jump[q] = id;
                        d.freedom_jump += 1;
                    }
                }
                continue;
            }
            if seen_region[g] == id {
                continue;
            }
            // A new region: flood it through the unit's non-stone points.
            seen_region[g] = id;
            queue.clear();
            queue.push(g as u16);
            let (mut full, mut closed, mut empty) = (0u16, true, None);
            let mut k = 0;
            while k < queue.len() {
                let r = queue[k] as usize;
                k += 1;
                if dots[r] == s * FULL_CONTROL {
                    full += 1;
                }
                if grid.color[r] == 0 && empty.is_none() {
                    empty = Some(r);
                }
                for dd in ORTHO {
                    let q = step(r, dd);
                    if !grid.on[q] {
                        continue;
                    }
                    if bunit[q] != id {
                        closed = false;
                    } else if !grid.own(q, s) && seen_region[q] != id {
                        seen_region[q] = id;
                        queue.push(q as u16);
                    }
                }
            }
            if !closed {
                d.room += full;
                continue;
            }
            let (min, max) = if queue.len() > MAX_EYE_SPACE {
                (EYES_TO_LIVE, EYES_TO_LIVE)
            } else {
                let at = Grid::point(empty.unwrap_or(g));
                match eyes::eye_space_of(board, at, color_of(s)) {
                    Some(space) => {
                        let v = eyes::evaluate(board, &space);
                        if v.min < v.max && eye_vital.is_none() {
                            eye_vital = v.attack;
                        }
                        (v.min, v.max)
                    }
                    None => (1, 1),
                }
            };
            d.eyes_min = d.eyes_min.saturating_add(min);
            d.eyes_max = d.eyes_max.saturating_add(max);
        }
        let settled = d.benson || d.eyes_min >= EYES_TO_LIVE;
        let room_eyes = (d.room / OPEN_FULL_POINTS_PER_EYE).min(u16::from(EYES_TO_LIVE)) as u8;
        let eyes = d.eyes_min.saturating_add(room_eyes).min(EYES_TO_LIVE);
        let freedom = match ENGINE_FREEDOM_SCHEME {
            FreedomScheme::Adjacent => d.freedom_adjacent,
            FreedomScheme::Jump => d.freedom_jump,
        };
        d.danger = d.value * risk(status, settled, eyes, freedom, ENGINE_FREEDOM_SCHEME);
        if status == Status::Critical {
            let liberty =
                fewest.and_then(|(_, g)| board.chain_liberties(Grid::point(g)).into_iter().next());
            d.vital = reader_vital.or(eye_vital).or(liberty).map(Point::vertex);
        }
        out.list.push(d);
    }
    out
}

/// Breadth-first from the cells in `queue` (which already carry their id
/// in `ids`): every orthogonal neighbour `q` of a reached cell `g` that has
/// no id yet and that `admit(g, q)` accepts takes `g`'s id. Cells are
/// reached in order of distance, the queue's order breaking ties.
fn spread(queue: &mut Vec<u16>, ids: &mut [u16; GCELLS], admit: impl Fn(usize, usize) -> bool) {
    let mut k = 0;
    while k < queue.len() {
        let g = queue[k] as usize;
        k += 1;
        for d in ORTHO {
            let q = step(g, d);
            if ids[q] == 0 && admit(g, q) {
                ids[q] = ids[g];
                queue.push(q as u16);
            }
        }
    }
}

fn color_of(s: i8) -> Color {
    if s > 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::handtalk::blocks;
    use crate::eval::handtalk::influence::{dots, gi};
    use crate::rules::StatusMap;

    /// The danger unit on `(x, y)` under `verdicts`.
    fn unit_at(board: &Board, verdicts: &Verdicts<'_>, x: usize, y: usize) -> Danger {
        let grid = Grid::from_verdicts(board, verdicts);
        let d = dots(&grid);
        let b = blocks::find(&grid, &d);
        let u = units(board, &grid, &d, &b, verdicts);
        let id = u.id[gi(x, y)] as usize;
        assert!(id != 0, "no unit on ({x},{y})");
        u.list[id - 1].clone()
    }

    fn with_status(board: &Board, st: &[((usize, usize), Status)]) -> StatusMap {
        let mut m = StatusMap::all_alive();
        for &((x, y), s) in st {
            m.set_string(board, Point::from_xy(x, y), s);
        }
        m
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn constants_are_pinned() {
        // Pinned by what they measure: the eyes, the stake and the shares
        // of it at risk, the freedom and what each move of it is worth.
        let eyes = (EYES_TO_LIVE, OPEN_FULL_POINTS_PER_EYE, ONE_EYE_LACK);
        assert_eq!(eyes, (2, 6, 0.5));
        let stake = (STAKE_PER_POINT, CRITICAL_SHARE, ALIVE_SHARE);
        assert_eq!(stake, (2.0, 0.5, 0.25));
        let freedom = (
            FREE_POINTS_PER_MOVE_ADJACENT,
            FREE_POINTS_PER_MOVE_JUMP,
            DANGER_RATIO_PER_MOVE,
            ENGINE_FREEDOM_SCHEME,
        );
        assert_eq!(freedom, (3.0, 2.5, 2.0, FreedomScheme::Adjacent));
        assert_eq!(
            (eye_lack(0), eye_lack(1), eye_lack(2), eye_lack(3)),
            (1.0, 0.5, 0.0, 0.0)
        );
        // The jump/knight offsets are the 12 points at d² = 4 and 5.
        let mut d2: Vec<isize> = JUMP_KNIGHT
            .iter()
            .map(|&o| {
                let (dy, dx) = (
                    (o + 2 * GS as isize + 2).div_euclid(GS as isize) - 2,
                    (o + 2).rem_euclid(GS as isize) - 2,
                );
                dx * dx + dy * dy
            })
            .collect();
        d2.sort();
        assert_eq!(d2, [4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]);
    }

    #[test]
    fn risk_by_status_and_the_halving() {
        let a = FreedomScheme::Adjacent;
        assert_eq!(risk(Status::Dead, false, 0, 9, a), 1.0);
        assert_eq!(risk(Status::Critical, false, 0, 9, a), 0.5);
        assert_eq!(risk(Status::Seki, false, 0, 0, a), 0.0);
        assert_eq!(risk(Status::Alive, true, 0, 0, a), 0.0);
        // Alive, surrounded, eyeless: a quarter; one eye halves it; each
        // three free points (one enemy move) halve it again.
        assert_eq!(risk(Status::Alive, false, 0, 0, a), 0.25);
        assert_eq!(risk(Status::Unknown, false, 1, 0, a), 0.125);
        assert!(close(risk(Status::Alive, false, 0, 3, a), 0.125));
        assert!(close(
            risk(Status::Alive, false, 1, 6, a),
            0.25 * 0.5 * 0.25
        ));
        assert_eq!(risk(Status::Alive, false, 2, 0, a), 0.0);
        // The jump scheme: 2.5 free points per move, 5 points = a quarter.
        let j = FreedomScheme::Jump;
        assert!(close(risk(Status::Alive, false, 0, 5, j), 0.25 / 4.0));
    }

    /// Black's eight stones around one eye (B6), walled in by White on
    /// 7x7.
    const RING: &str = "
        X X X O . . .
        X . X O . . .
        X X X O . . .
        O O O O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

    /// [`RING`] with its black string given `status`.
    fn ring_with(status: Status) -> (Board, StatusMap) {
        let b = Board::from_ascii(RING);
        let st = with_status(&b, &[((0, 0), status)]);
        (b, st)
    }

    #[test]
    fn a_dead_block_has_its_whole_value_at_stake() {
        // Dead (the status says so): the eight black stones and the eye
        // B6 they alone touch form one dead unit: 9 points, 18 moku, all
        // of it at stake.
        let (b, st) = ring_with(Status::Dead);
        let v = Verdicts::from_status(&st);
        let d = unit_at(&b, &v, 0, 0);
        assert_eq!(
            (d.status, d.color, d.stones, d.points),
            (Status::Dead, Color::Black, 8, 9)
        );
        assert_eq!((d.value, d.danger), (18.0, 18.0));
        assert_eq!(
            unit_at(&b, &v, 1, 1).id,
            d.id,
            "the eye goes with the stones"
        );
    }

    #[test]
    fn a_critical_block_is_between_and_names_its_vital_point() {
        // The same stones called critical: one closed region (B6), one
        // certain eye by `eyes`; the unit is the 8 stones and the eye,
        // 18 moku, half at stake. The vital point: no reader, the eye is
        // settled, so a liberty of the string: B6.
        let (b, st) = ring_with(Status::Critical);
        let v = Verdicts::from_status(&st);
        let d = unit_at(&b, &v, 0, 0);
        assert_eq!((d.status, d.stones, d.points), (Status::Critical, 8, 9));
        assert_eq!((d.eyes_min, d.eyes_max), (1, 1));
        assert_eq!((d.value, d.danger), (18.0, 9.0));
        assert_eq!(d.vital, Some(Vertex { x: 1, y: 1 }));
        // With the reader's group, its killing move is the vital point.
        let groups = [crate::eval::GroupInfo {
            color: Color::Black,
            stones: b
                .chain(Point::from_xy(0, 0))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect(),
            status: Status::Critical,
            attack: Some(Point::from_xy(4, 4)),
            defense: Some(Point::from_xy(4, 4)),
            attack_ko: false,
            defense_ko: false,
            basis: crate::reading::Basis::Read,
        }];
        let v = Verdicts::new(&b, &st, None, &groups);
        assert_eq!(unit_at(&b, &v, 0, 0).vital, Some(Vertex { x: 4, y: 4 }));
    }

    /// The two-eye group of the danger tests (7x7, top-left corner).
    const TWO_EYES: &str = "
        . X . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

    #[test]
    fn two_eyes_or_benson_mean_no_danger() {
        // Black's six stones and the eyes A7 and C7: two closed one-point
        // regions, each a certain eye for `eyes` (all diagonals Black or
        // off the board). No freedom in either scheme: every point around
        // is White's. Alive with two eyes: 0.
        let b = Board::from_ascii(TWO_EYES);
        let v = Verdicts::from_status(&StatusMap::all_alive());
        let d = unit_at(&b, &v, 1, 0);
        assert_eq!((d.stones, d.points, d.status), (6, 8, Status::Alive));
        assert_eq!((d.eyes_min, d.eyes_max, d.benson), (2, 2, false));
        assert_eq!((d.freedom_adjacent, d.freedom_jump), (0, 0));
        assert_eq!((d.value, d.danger), (16.0, 0.0));
        // Benson says the same.
        let u = crate::reading::benson::unconditional(&b);
        let v = Verdicts::new(&b, &StatusMap::all_alive(), Some(&u), &[]);
        let d = unit_at(&b, &v, 1, 0);
        assert!(d.benson);
        assert_eq!(d.danger, 0.0);
    }

    #[test]
    fn one_eye_and_no_freedom_alive_is_a_quarter_of_a_half() {
        // The corner eye filled and the white stone (4,0) gone: one real
        // eye (C7). Block: 7 stones + C7 = 8 points, 16 moku. Freedom
        // (adjacent scheme): the only empty point next to the block is
        // E7 (4,0), which touches both colours (0 dots, not White's): 1.
        // Alive by the status, one certain eye, no room:
        // 16 * 1/4 * 1/2 * 2^(-1/3) = 1.587 moku.
        let b = Board::from_ascii(
            "
            X X . X . . .
            X X X X O . .
            O O O O O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let v = Verdicts::from_status(&StatusMap::all_alive());
        let d = unit_at(&b, &v, 0, 0);
        assert_eq!((d.stones, d.points), (7, 8));
        assert_eq!((d.eyes_min, d.eyes_max), (1, 1));
        assert_eq!(d.freedom_adjacent, 1);
        assert!(
            close(d.danger, 16.0 * 0.25 * 0.5 * 2f32.powf(-1.0 / 3.0)),
            "{}",
            d.danger
        );
        assert!(close(d.danger, 1.5874));
    }

    #[test]
    fn both_freedom_schemes_on_a_lone_stone() {
        // A lone stone in the centre of 7x7: its block is the stone and
        // the eight 5-dot points around it (a 3x3 square).
        //  adjacent scheme: the empty points next to or diagonal to that
        //   square: the ring of the 5x5 square, 25 - 9 = 16 points (2 or 0
        //   dots, none White's).
        //  jump scheme: from the stone, (±2,0), (0,±2) and the 8 knight's
        //   moves: 12 points, all empty.
        // No eye, no room (the ring of eight 5s has no 6).
        // Danger = 18 * 1/4 * 2^(-16/3) = 0.1116 moku.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let v = Verdicts::from_status(&StatusMap::all_alive());
        let d = unit_at(&b, &v, 3, 3);
        assert_eq!((d.stones, d.points, d.room), (1, 9, 0));
        assert_eq!((d.eyes_min, d.eyes_max), (0, 0));
        assert_eq!((d.freedom_adjacent, d.freedom_jump), (16, 12));
        assert!(close(d.danger, 18.0 * 0.25 * 2f32.powf(-16.0 / 3.0)));
        assert!(close(d.danger, 0.1116));
    }

    #[test]
    fn a_block_of_two_statuses_is_split_at_the_middle() {
        // Two black stones four apart on row 3 of 7x7, B4 alive, F4
        // critical (radiating half). Row 3 by hand: C4 4 + 0 = 4, D4 2 + 1
        // = 3, E4 1 + 2 = 3: all promoted, so the two stones share one
        // block. Each keeps its own unit: C4 is nearer B4, E4 nearer F4,
        // and D4, as near to both, goes to the living stone.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X . . . X .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let st = with_status(&b, &[((5, 3), Status::Critical)]);
        let v = Verdicts::from_status(&st);
        let grid = Grid::from_verdicts(&b, &v);
        let d = dots(&grid);
        let bl = blocks::find(&grid, &d);
        assert_eq!(bl.count, 1, "one block");
        let u = units(&b, &grid, &d, &bl, &v);
        let alive = &u.list[u.id[gi(1, 3)] as usize - 1];
        let crit = &u.list[u.id[gi(5, 3)] as usize - 1];
        assert_eq!(
            (alive.status, crit.status),
            (Status::Alive, Status::Critical)
        );
        assert_eq!((alive.block, crit.block), (1, 1));
        assert_eq!(u.id[gi(2, 3)], alive.id);
        assert_eq!(u.id[gi(3, 3)], alive.id, "D4: a tie, to the living stone");
        assert_eq!(u.id[gi(4, 3)], crit.id);
        assert!(crit.danger > 0.0 && crit.danger < crit.value);
        assert_eq!(crit.danger, crit.value * CRITICAL_SHARE);
        assert!(alive.danger < crit.danger);
    }

    #[test]
    fn seki_has_no_danger() {
        let (b, st) = ring_with(Status::Seki);
        let d = unit_at(&b, &Verdicts::from_status(&st), 0, 0);
        assert_eq!((d.status, d.danger), (Status::Seki, 0.0));
    }
}
