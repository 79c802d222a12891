//! Handtalk's block danger, in moku, and the score estimate built on it.
//!
//! Source: `seeds/handtalk-techniques-en.txt` / `-ja.txt`, "Block danger
//! estimation" and "Freedom" (ブロック危険度, 自由度), as read by
//! `docs/SEEDS-DIGEST.md` §2. The seed fixes the shape: danger is a
//! function of lack of two eyes, freedom and size, in moku, and each further
//! enemy move needed to surround a block halves its danger. The rest is
//! ours, every number a constant below:
//!
//! **Eyes.** The *regions* of a block are the 4-connected sets of its points
//! that are not its own stones (empty points and captives). A region of one
//! point marked as a false eye (±1 dots) is a false eye. A region is
//! *closed* when every on-board orthogonal neighbour of its points belongs
//! to the block; a closed region is a real eye, worth two eyes if it has at
//! least [`TWO_EYE_SPACE`] points. An open region is eye space still to be
//! made: every [`OPEN_FULL_POINTS_PER_EYE`] of its fully controlled (±6)
//! points count as one eye. The eye count is capped at [`EYES_TO_LIVE`].
//!
//! **Freedom.** A *free point* of a block is an empty point outside the
//! block that is not a block point of the other colour (the enemy does not
//! control it yet). The two schemes of the seed ([`FreedomScheme`]):
//! the free points adjacent or diagonal to any point of the block (the
//! earlier scheme), and the free points a one-space jump or a knight's
//! move from any stone of the block (the later one).
//!
//! **Danger.** `danger = STAKE_PER_POINT * points * lack(eyes) *
//! 2^-(freedom / freedom per move)`; see [`block_danger`].

use crate::eval::handtalk::blocks::Blocks;
use crate::eval::handtalk::influence::{
    step, Grid, AROUND, FALSE_EYE_DOTS, FULL_CONTROL, GCELLS, GS, MAX_POINTS, ORTHO,
};

/// A block with this many eyes lives: its danger is 0. Origin: the seed's
/// first danger factor, "lacking of two eyes".
pub(crate) const EYES_TO_LIVE: u8 = 2;
/// A closed region of this many points counts as two eyes (a rule of
/// thumb: nearly every eye space of seven or more points lives; smaller
/// ones may be killed at their vital point). Ours, tunable.
pub(crate) const TWO_EYE_SPACE: u16 = 7;
/// Fully controlled points of an open region per eye of potential (an
/// unclosed area of 6 secure points is about one eye's worth). Ours,
/// tunable.
pub(crate) const OPEN_FULL_POINTS_PER_EYE: u16 = 6;
/// How much of the stake is at risk for a block with one eye (with none,
/// all of it; with two, nothing). Ours, tunable.
pub(crate) const ONE_EYE_LACK: f32 = 0.5;
/// The swing in moku when a block dies, per point of the block: an own
/// stone becomes a prisoner and the enemy's point (2), an empty point
/// passes from our territory to theirs (2), a captive comes back to life
/// (2). Origin: Japanese counting (the seed's unit is moku).
pub(crate) const STAKE_PER_POINT: f32 = 2.0;
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
/// The scheme the engine's danger uses: the earlier, adjacent/diagonal
/// one. The seed's author finds that "an ambiguous estimation often has
/// some superiority", the Japanese text that the first scheme gives better
/// results in most cases, and keeps the precise second scheme for a program
/// whose other estimates are equally precise — ours are not yet (no
/// reading behind the dots). Both are reported.
pub(crate) const ENGINE_FREEDOM_SCHEME: FreedomScheme = FreedomScheme::Adjacent;
/// In the score estimate, a dead stone counts this much for its capturer
/// (a prisoner and a point of territory). Japanese counting.
pub(crate) const DEAD_STONE_VALUE: f32 = 2.0;

/// The two freedom estimators of the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreedomScheme {
    /// Free points adjacent or diagonal to any point (stone or empty) of
    /// the block: Handtalk's earlier scheme.
    Adjacent,
    /// Free points a one-space jump or a knight's move from any stone of
    /// the block: Handtalk's later, wider scheme.
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

/// The fraction of the stake at risk for lack of eyes: 1 with no eye,
/// [`ONE_EYE_LACK`] with one, 0 with two or more.
pub(crate) fn eye_lack(eyes: u8) -> f32 {
    match eyes {
        0 => 1.0,
        e if e < EYES_TO_LIVE => ONE_EYE_LACK,
        _ => 0.0,
    }
}

/// The danger of a block in moku: the swing if it dies
/// (`STAKE_PER_POINT * points`, points = stones + empty points + captives),
/// times the lack of eyes (all of it with no eye, half with one, none with
/// two or more), halved for every enemy move
/// needed to surround it, estimated as `freedom / free points per move` of
/// the scheme.
///
/// ```
/// use moku::eval::handtalk::{block_danger, FreedomScheme};
/// let d = block_danger(10, 0, 0, FreedomScheme::Adjacent);
/// assert_eq!(d, 20.0); // surrounded, no eye: all 10 points swing, 2 moku each
/// assert_eq!(block_danger(10, 0, 3, FreedomScheme::Adjacent), 10.0); // one more move: half
/// assert_eq!(block_danger(10, 2, 0, FreedomScheme::Adjacent), 0.0); // two eyes live
/// ```
pub fn block_danger(points: u16, eyes: u8, freedom: u16, scheme: FreedomScheme) -> f32 {
    let moves = f32::from(freedom) / scheme.free_points_per_move();
    STAKE_PER_POINT * f32::from(points) * eye_lack(eyes) * DANGER_RATIO_PER_MOVE.powf(-moves)
}

/// What the danger estimate knows about one block.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct BlockStats {
    pub stones: u16,
    pub captives: u16,
    pub points: u16,
    pub real_eyes: u8,
    pub false_eyes: u8,
    pub eye_space: u16,
    pub eyes: u8,
    pub freedom_adjacent: u16,
    pub freedom_jump: u16,
    pub danger: f32,
}

/// Computes the stats and danger of every block (index `id - 1`).
pub(crate) fn block_stats(grid: &Grid, dots: &[i8; GCELLS], blocks: &Blocks) -> Vec<BlockStats> {
    let nb = blocks.count;
    let mut out = vec![BlockStats::default(); nb];
    // The points of each block, grouped by a counting sort on the id.
    let mut start = [0u16; MAX_POINTS + 2];
    for &g in grid.points() {
        start[blocks.id[g as usize] as usize + 1] += 1;
    }
    for b in 1..=nb + 1 {
        start[b] += start[b - 1];
    }
    let mut fill = start;
    let mut list = [0u16; MAX_POINTS];
    for &g in grid.points() {
        let b = blocks.id[g as usize] as usize;
        list[fill[b] as usize] = g;
        fill[b] += 1;
    }

    // Per-cell stamps (the block id) so that nothing is counted twice.
    let mut seen_region = [0u16; GCELLS];
    let mut seen_adj = [0u16; GCELLS];
    let mut seen_jump = [0u16; GCELLS];
    let mut stack = [0u16; MAX_POINTS];
    for b in 1..=nb {
        let s = blocks.sign[b];
        let id = b as u16;
        let pts = &list[start[b] as usize..start[b + 1] as usize];
        let is_free = |q: usize| {
            grid.on[q] && grid.color[q] == 0 && blocks.id[q] != id && blocks.cand[q] != -s
        };
        let st = &mut out[b - 1];
        st.points = pts.len() as u16;
        let mut open_full = 0u16;
        for &g in pts {
            let g = g as usize;
            // Freedom, adjacent/diagonal scheme: around every point.
            for d in AROUND {
                let q = step(g, d);
                if seen_adj[q] != id && is_free(q) {
                    seen_adj[q] = id;
                    st.freedom_adjacent += 1;
                }
            }
            if grid.own(g, s) {
                st.stones += 1;
                // Freedom, jump/knight scheme: from every stone.
                for d in JUMP_KNIGHT {
                    let q = step(g, d);
                    if seen_jump[q] != id && is_free(q) {
                        seen_jump[q] = id;
                        st.freedom_jump += 1;
                    }
                }
                continue;
            }
            if grid.color[g] != 0 {
                st.captives += 1;
            }
            if seen_region[g] == id {
                continue;
            }
            // A new region: flood it through the block's non-stone points.
            seen_region[g] = id;
            stack[0] = g as u16;
            let mut top = 1;
            let (mut size, mut full, mut closed) = (0u16, 0u16, true);
            while top > 0 {
                top -= 1;
                let r = stack[top] as usize;
                size += 1;
                if dots[r] == s * FULL_CONTROL {
                    full += 1;
                }
                for d in ORTHO {
                    let q = step(r, d);
                    if !grid.on[q] {
                        continue;
                    }
                    if blocks.id[q] != id {
                        closed = false;
                    } else if !grid.own(q, s) && seen_region[q] != id {
                        seen_region[q] = id;
                        stack[top] = q as u16;
                        top += 1;
                    }
                }
            }
            st.eye_space += size;
            if size == 1 && dots[g] == s * FALSE_EYE_DOTS {
                st.false_eyes += 1;
            } else if closed {
                st.real_eyes += if size >= TWO_EYE_SPACE { 2 } else { 1 };
            } else {
                open_full += full;
            }
        }
        let open_eyes = (open_full / OPEN_FULL_POINTS_PER_EYE).min(u16::from(EYES_TO_LIVE)) as u8;
        st.eyes = st.real_eyes.saturating_add(open_eyes).min(EYES_TO_LIVE);
        let freedom = match ENGINE_FREEDOM_SCHEME {
            FreedomScheme::Adjacent => st.freedom_adjacent,
            FreedomScheme::Jump => st.freedom_jump,
        };
        st.danger = block_danger(st.points, st.eyes, freedom, ENGINE_FREEDOM_SCHEME);
    }
    out
}

/// The score estimate in moku, Black positive, komi not included
/// (Japanese counting): every empty block point of either colour (1 dot
/// or at least 3, in a block or not) is a point of territory; a dead stone
/// counts [`DEAD_STONE_VALUE`] for its capturer; the prisoners taken so far
/// count one each; then every block's danger is taken from its owner (the
/// expected swing). Empty 2-dot and 0-dot points count for nobody.
pub(crate) fn score(grid: &Grid, blocks: &Blocks, stats: &[BlockStats], prisoners: i32) -> f32 {
    let mut territory = 0i32;
    let mut dead = 0i32;
    for &g in grid.points() {
        let g = g as usize;
        if grid.color[g] == 0 {
            territory += i32::from(blocks.cand[g]);
        } else if grid.eff[g] != grid.color[g] {
            dead += i32::from(grid.eff[g]);
        }
    }
    let danger: f32 = stats
        .iter()
        .enumerate()
        .map(|(i, st)| f32::from(blocks.sign[i + 1]) * st.danger)
        .sum();
    territory as f32 + DEAD_STONE_VALUE * dead as f32 + prisoners as f32 - danger
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::handtalk::blocks;
    use crate::eval::handtalk::influence::{dots, gi};
    use crate::rules::{Board, Point, StatusMap};

    /// Stats of the block on `(x, y)`.
    fn stats_at(board: &Board, status: &StatusMap, x: usize, y: usize) -> BlockStats {
        let grid = Grid::new(board, status);
        let d = dots(&grid);
        let b = blocks::find(&grid, &d);
        let id = b.id[gi(x, y)] as usize;
        assert!(id != 0, "no block on ({x},{y})");
        block_stats(&grid, &d, &b)[id - 1]
    }

    fn score_of(board: &Board, status: &StatusMap, prisoners: i32) -> f32 {
        let grid = Grid::new(board, status);
        let d = dots(&grid);
        let b = blocks::find(&grid, &d);
        let st = block_stats(&grid, &d, &b);
        score(&grid, &b, &st, prisoners)
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn constants_are_pinned() {
        assert_eq!(EYES_TO_LIVE, 2);
        assert_eq!(TWO_EYE_SPACE, 7);
        assert_eq!(OPEN_FULL_POINTS_PER_EYE, 6);
        assert_eq!(ONE_EYE_LACK, 0.5);
        assert_eq!(STAKE_PER_POINT, 2.0);
        assert_eq!(FREE_POINTS_PER_MOVE_ADJACENT, 3.0);
        assert_eq!(FREE_POINTS_PER_MOVE_JUMP, 2.5);
        assert_eq!(DANGER_RATIO_PER_MOVE, 2.0);
        assert_eq!(ENGINE_FREEDOM_SCHEME, FreedomScheme::Adjacent);
        assert_eq!(DEAD_STONE_VALUE, 2.0);
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
    fn danger_halves_with_each_further_move() {
        // Adjacent scheme: 3 free points = one more move = half.
        for (pts, eyes, f) in [(10, 0, 0), (8, 1, 1), (25, 0, 7)] {
            let d = block_danger(pts, eyes, f, FreedomScheme::Adjacent);
            let d1 = block_danger(pts, eyes, f + 3, FreedomScheme::Adjacent);
            assert!(close(d1, d / 2.0), "{d} {d1}");
        }
        // Jump scheme: 2.5 free points per move, so 5 points = two moves.
        let d = block_danger(10, 0, 2, FreedomScheme::Jump);
        assert!(close(block_danger(10, 0, 7, FreedomScheme::Jump), d / 4.0));
        // Surrounded (no freedom), no eye: the whole swing, 2 per point.
        assert_eq!(block_danger(10, 0, 0, FreedomScheme::Adjacent), 20.0);
        assert_eq!(block_danger(10, 1, 0, FreedomScheme::Adjacent), 10.0);
        assert_eq!(block_danger(10, 2, 0, FreedomScheme::Adjacent), 0.0);
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
    fn two_real_eyes_have_no_danger() {
        // Black's six stones and the eyes (0,0) and (2,0): each eye point
        // is enclosed by Black with no white diagonal, so it reads 6 and
        // its region is closed: two real eyes. Every point around the
        // block is a white stone: no freedom in either scheme (the jump
        // and knight points (5,0), (5,1), (5,2) and row 3 are all white
        // block points, e.g. (5,0) sums -4 - 3 - 2 - 1 + 2 + 2 + 1 = -5).
        let b = Board::from_ascii(TWO_EYES);
        let st = stats_at(&b, &StatusMap::all_alive(), 1, 0);
        assert_eq!((st.stones, st.points, st.captives), (6, 8, 0));
        assert_eq!(
            (st.real_eyes, st.false_eyes, st.eye_space, st.eyes),
            (2, 0, 2, 2)
        );
        assert_eq!((st.freedom_adjacent, st.freedom_jump), (0, 0));
        assert_eq!(st.danger, 0.0);
    }

    #[test]
    fn one_eye_and_few_freedoms_is_in_danger() {
        // The same group with its corner eye filled and the white stone
        // (4,0) gone. One real eye, (2,0). Block: 7 stones + (2,0) = 8
        // points. Freedom by hand:
        //  adjacent scheme: the only empty point next to or diagonal to the
        //   block is (4,0) (touches both colours: 0, not White's) -> 1.
        //  jump scheme: (4,0) is a knight's move from (2,1); (5,0) a jump
        //   from (3,0): it sums -3 - 2 - 1 + 2 + 2 + 1 = -1 -> 0, free;
        //   (5,1) sums -4 - 3 - 2 - 1 + 2 + 2 + 1 = -5: White's; (5,2) and
        //   row 3 are White's -> 2.
        // Danger = 2 * 8 * 0.5 * 2^(-1/3) = 6.35 moku: most of the
        // eight-moku stake, where the two-eye group had 0.
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
        let st = stats_at(&b, &StatusMap::all_alive(), 0, 0);
        assert_eq!((st.stones, st.points), (7, 8));
        assert_eq!((st.real_eyes, st.false_eyes, st.eyes), (1, 0, 1));
        assert_eq!((st.freedom_adjacent, st.freedom_jump), (1, 2));
        assert!(
            close(st.danger, 8.0 * 2f32.powf(-1.0 / 3.0)),
            "{}",
            st.danger
        );
        assert!(close(st.danger, 6.3496));
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
        // No eye: the ring of eight 5s is open and has no 6.
        // Danger = 2 * 9 * 2^(-16/3) = 0.446 moku.
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
        let st = stats_at(&b, &StatusMap::all_alive(), 3, 3);
        assert_eq!((st.stones, st.points, st.eye_space), (1, 9, 8));
        assert_eq!((st.real_eyes, st.eyes), (0, 0));
        assert_eq!((st.freedom_adjacent, st.freedom_jump), (16, 12));
        assert!(close(st.danger, 18.0 * 2f32.powf(-16.0 / 3.0)));
        assert!(close(st.danger, 0.4465));
        // The score: 8 points of territory minus that danger.
        assert!(close(
            score_of(&b, &StatusMap::all_alive(), 0),
            8.0 - st.danger
        ));
        // Prisoners count one each.
        assert!(close(
            score_of(&b, &StatusMap::all_alive(), -3),
            5.0 - st.danger
        ));
    }

    #[test]
    fn dead_stone_in_the_score() {
        // The position of the influence test: Black (1,3), (5,3), White
        // (3,3) dead. Block points by the dots map there: rows 1 and 5
        // have 5 points of >= 3 dots, rows 2 and 4 have 7, row 3 has 4
        // empty ones: 28 points of territory, +2 for the dead stone.
        // One black block: 2 stones, 1 captive, 28 empty = 31 points; its
        // one open region (29 points with the captive) holds 15 points of
        // 6 dots (5 in rows 2 and 4, 4 empty + the captive in row 3): two
        // eyes' worth (15 / 6 = 2), so no danger. Score 30.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X . O . X .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let st = StatusMap::with_dead(&b, &[Point::from_xy(3, 3)]);
        let s = stats_at(&b, &st, 1, 3);
        assert_eq!(
            (s.stones, s.captives, s.points, s.eye_space),
            (2, 1, 31, 29)
        );
        assert_eq!((s.real_eyes, s.eyes, s.danger), (0, 2, 0.0));
        assert_eq!(score_of(&b, &st, 0), 30.0);
    }

    #[test]
    fn symmetric_position_scores_zero() {
        // Mirror image with colours swapped: every term cancels.
        let b = Board::from_ascii(
            "
            . X . O .
            . X . O .
            . X . O .
            . X . O .
            . X . O .",
        );
        assert_eq!(score_of(&b, &StatusMap::all_alive(), 0), 0.0);
    }
}
