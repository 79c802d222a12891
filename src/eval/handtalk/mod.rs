//! Handtalk's static evaluation in one call: influence dots, blocks, block
//! danger and a score estimate, after Chen Zhixing's "Programming Technics
//! in Handtalk" (in English and in the Japanese original; see
//! `docs/provenance.md`).
//!
//! The layers, each in its own private module: influence (the dots of
//! every point, -6..=6), blocks (the crate's "groups": stones, captives and
//! the empty points they control, merged by connection patterns), danger
//! (per block: eyes, freedom by both of the seed's schemes, and the danger
//! in moku). Every map is row-major from the top-left, `size * size` long,
//! Black positive. Stone status is an explicit input ([`StatusMap`]).
//!
//! ```
//! use moku::Board;
//! use moku::eval::handtalk;
//! use moku::rules::StatusMap;
//! let b = Board::from_ascii("
//!     . . . . .
//!     . . . . .
//!     . . X . .
//!     . . . . .
//!     . . . . .
//! ");
//! let a = handtalk::analyze(&b, &StatusMap::all_alive());
//! assert_eq!(a.influence[2 * 5 + 2], 6); // the stone's own point
//! assert_eq!(a.blocks.len(), 1);
//! assert_eq!(a.blocks[0].stones, 1);
//! let row: Vec<i8> = (0..5).map(|x| a.dots(moku::Point::from_xy(x, 2))).collect();
//! assert_eq!(row, [2, 5, 6, 5, 2]); // the middle row: 2 -> 5 -> 6 -> 5 -> 2
//! ```
//!
//! Speed: a 19x19 mid-game position (148 stones) takes about 11 µs native
//! at best and 30 µs on average on a loaded machine (`cargo bench --bench
//! handtalk`); the only allocations are the result's vectors.

pub(crate) mod blocks;
pub(crate) mod danger;
pub(crate) mod influence;

use crate::eval::handtalk::influence::{gi, Grid};
use crate::rules::{Board, Color, Point, StatusMap, Vertex};

pub use crate::eval::handtalk::danger::{block_danger, FreedomScheme};
pub use crate::eval::handtalk::influence::FULL_CONTROL;

/// One block: a Handtalk "group" of one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockInfo {
    /// Its id in [`HandtalkAnalysis::block_ids`], from 1.
    pub id: u16,
    /// Whose block it is.
    pub color: Color,
    /// Its first point in row-major order from the top-left (for a label).
    pub anchor: Vertex,
    /// Its own non-dead stones.
    pub stones: u16,
    /// Dead enemy stones inside it.
    pub captives: u16,
    /// All its points: stones, captives and empty points.
    pub points: u16,
    /// Closed regions of its non-stone points (a closed region of seven or
    /// more points counts two).
    pub real_eyes: u8,
    /// One-point regions marked as false eyes (±1 dots).
    pub false_eyes: u8,
    /// Its points that are not its own stones (empty points and captives).
    pub eye_space: u16,
    /// The eye count the danger uses: real eyes plus the eye potential of
    /// open regions, at most 2.
    pub eyes: u8,
    /// Freedom, the seed's earlier scheme: free points adjacent or diagonal
    /// to any point of the block.
    pub freedom_adjacent: u16,
    /// Freedom, the seed's later scheme: free points a one-space jump or a
    /// knight's move from any stone of the block.
    pub freedom_jump: u16,
    /// Danger in moku (>= 0), from [`block_danger`] with the engine's
    /// scheme (`danger::ENGINE_FREEDOM_SCHEME`).
    pub danger: f32,
}

/// The Handtalk evaluation of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct HandtalkAnalysis {
    /// Board size; every map has `size * size` entries, row-major from the
    /// top-left.
    pub size: usize,
    /// The dots of every point, -6..=6, Black positive. Stones read ±6 for
    /// the colour they count for (the capturer's for dead stones); ±1 marks
    /// false eyes.
    pub influence: Vec<i8>,
    /// The block of every point: an index into `blocks` plus one, 0 for
    /// none.
    pub block_ids: Vec<u16>,
    /// The blocks, in id order.
    pub blocks: Vec<BlockInfo>,
    /// Every point carries its block's danger in moku, signed by the
    /// block's colour (Black's blocks positive); 0 outside blocks.
    pub danger: Vec<f32>,
    /// Territory from the dots and blocks, dead stones and prisoners, minus
    /// each block's danger for its owner; in moku, Black positive, komi not
    /// included (the caller adds it).
    pub score_estimate: f32,
}

impl HandtalkAnalysis {
    /// The map index of `p`.
    #[inline]
    fn at(&self, p: Point) -> usize {
        p.row_major(self.size)
    }

    /// The block id of `p` (0 outside every block).
    pub fn block_id(&self, p: Point) -> u16 {
        self.block_ids[self.at(p)]
    }

    /// The block danger of `p` in moku, Black's blocks positive, 0 outside
    /// blocks.
    pub fn danger_at(&self, p: Point) -> f32 {
        self.danger[self.at(p)]
    }

    /// The dots of `p`.
    pub fn dots(&self, p: Point) -> i8 {
        self.influence[self.at(p)]
    }

    /// The block on `p`, if any.
    pub fn block(&self, p: Point) -> Option<&BlockInfo> {
        match self.block_ids[self.at(p)] {
            0 => None,
            id => self.blocks.get(id as usize - 1),
        }
    }

    /// The points of block `id`, row-major.
    pub fn block_points(&self, id: u16) -> impl Iterator<Item = Point> + '_ {
        let n = self.size;
        self.block_ids
            .iter()
            .enumerate()
            .filter(move |&(_, &b)| id != 0 && b == id)
            .map(move |(i, _)| Point::from_row_major(i, n))
    }
}

/// Analyses `board` under `status` (unknown stones count as alive).
pub fn analyze(board: &Board, status: &StatusMap) -> HandtalkAnalysis {
    let grid = Grid::new(board, status);
    let dots = influence::dots(&grid);
    let found = blocks::find(&grid, &dots);
    let stats = danger::block_stats(&grid, &dots, &found);
    let prisoners = board.captures(Color::Black) as i32 - board.captures(Color::White) as i32;
    let score_estimate = danger::score(&grid, &found, &stats, prisoners);

    let n = grid.size;
    let mut influence = Vec::with_capacity(n * n);
    let mut block_ids = Vec::with_capacity(n * n);
    let mut danger = Vec::with_capacity(n * n);
    let mut anchors: Vec<Option<Vertex>> = vec![None; found.count];
    for y in 0..n {
        for x in 0..n {
            let g = gi(x, y);
            let id = found.id[g];
            influence.push(dots[g]);
            block_ids.push(id);
            if id == 0 {
                danger.push(0.0);
            } else {
                let b = id as usize;
                danger.push(f32::from(found.sign[b]) * stats[b - 1].danger);
                anchors[b - 1].get_or_insert(Vertex {
                    x: x as u8,
                    y: y as u8,
                });
            }
        }
    }
    let blocks = stats
        .iter()
        .enumerate()
        .map(|(i, st)| BlockInfo {
            id: (i + 1) as u16,
            color: if found.sign[i + 1] > 0 {
                Color::Black
            } else {
                Color::White
            },
            anchor: anchors[i].unwrap_or(Vertex { x: 0, y: 0 }),
            stones: st.stones,
            captives: st.captives,
            points: st.points,
            real_eyes: st.real_eyes,
            false_eyes: st.false_eyes,
            eye_space: st.eye_space,
            eyes: st.eyes,
            freedom_adjacent: st.freedom_adjacent,
            freedom_jump: st.freedom_jump,
            danger: st.danger,
        })
        .collect();
    HandtalkAnalysis {
        size: n,
        influence,
        block_ids,
        blocks,
        danger,
        score_estimate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONE: &str = "
        . . . . .
        . . . . .
        . . X . .
        . . . . .
        . . . . .";

    #[test]
    fn the_analysis_is_consistent() {
        let b = Board::from_ascii(LONE);
        let a = analyze(&b, &StatusMap::all_alive());
        assert_eq!(a.size, 5);
        assert_eq!(
            (a.influence.len(), a.block_ids.len(), a.danger.len()),
            (25, 25, 25)
        );
        assert_eq!(a.blocks.len(), 1);
        let k = &a.blocks[0];
        assert_eq!(
            (k.id, k.color, k.anchor),
            (1, Color::Black, Vertex { x: 1, y: 1 })
        );
        assert_eq!((k.stones, k.captives, k.points, k.eye_space), (1, 0, 9, 8));
        assert_eq!((k.freedom_adjacent, k.freedom_jump), (16, 12));
        assert_eq!(a.block(Point::from_xy(2, 2)), Some(k));
        assert_eq!(a.block(Point::from_xy(0, 0)), None);
        assert_eq!(a.dots(Point::from_xy(1, 2)), 5);
        let pts: Vec<Point> = a.block_points(1).collect();
        assert_eq!(pts.len(), 9);
        assert_eq!(pts[0], Point::from_xy(1, 1));
        assert_eq!(a.block_points(0).count(), 0);
        for (i, &id) in a.block_ids.iter().enumerate() {
            let expect = if id == 0 { 0.0 } else { k.danger };
            assert_eq!(a.danger[i], expect);
        }
        // 8 points of territory, minus the block's danger.
        assert!((a.score_estimate - (8.0 - k.danger)).abs() < 1e-4);
        // Prisoners enter the score.
        let mut b2 = b.clone();
        b2.set_captures(0, 2);
        let a2 = analyze(&b2, &StatusMap::all_alive());
        assert!((a2.score_estimate - (a.score_estimate - 2.0)).abs() < 1e-4);
    }

    #[test]
    fn every_size_is_analysed() {
        for n in 2..=25 {
            let b = Board::new(n).unwrap();
            let a = analyze(&b, &StatusMap::all_alive());
            assert_eq!(a.influence.len(), n * n);
            assert!(a.blocks.is_empty());
            assert_eq!(a.score_estimate, 0.0);
        }
        // A full 25x25 board of alternating columns does not overflow.
        let mut b = Board::new(25).unwrap();
        for y in 0..25 {
            for x in 0..25 {
                if x % 3 != 2 {
                    b.set_stone(
                        Point::from_xy(x, y),
                        Some(if x % 6 < 3 {
                            Color::Black
                        } else {
                            Color::White
                        }),
                    );
                }
            }
        }
        let a = analyze(&b, &StatusMap::all_alive());
        assert_eq!(a.influence.len(), 625);
        assert!(a.influence.iter().all(|v| (-6..=6).contains(v)));
    }
}
