//! Handtalk's static evaluation in one call: influence dots, blocks and
//! block danger, after Chen Zhixing's "Programming Technics in Handtalk"
//! (in English and in the Japanese original; see `docs/provenance.md`).
//!
//! The layers, each in its own private module: influence (the dots of
//! every point, -6..=6), blocks (the crate's "groups": stones, captives and
//! the empty points they control, merged by connection patterns), danger
//! (per unit — a block, or the part of one whose stones share a status, or
//! dead stones —: eyes from the eye-space module, freedom by both of the
//! seed's schemes, and the moku at stake by status). Every map is
//! row-major from the top-left, `size * size` long, Black positive. The
//! reading's verdicts are an explicit input ([`StatusMap`], or
//! [`Verdicts`] with Benson and the groups); the score estimate built on
//! all this is [`crate::eval::score`].
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
use crate::eval::Verdicts;
use crate::rules::{Board, Color, Point, StatusMap, Vertex};

pub use crate::eval::handtalk::danger::{Danger, FreedomScheme};
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
    /// The moku it has at stake: the sum of the dangers of its units
    /// ([`Danger`]; a block whose stones have several statuses has one
    /// unit per status).
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
    /// The danger unit of every point: an index into `dangers` plus one, 0
    /// for none. Dead stones are in the unit of their own dead stones, not
    /// in the enemy block that holds them.
    pub danger_ids: Vec<u16>,
    /// The danger units, in id order.
    pub dangers: Vec<Danger>,
    /// Every point carries its unit's danger in moku, signed by the colour
    /// at stake (Black's positive); 0 outside units.
    pub danger: Vec<f32>,
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

    /// The danger of `p` in moku, Black's units positive, 0 outside units.
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

    /// The danger unit on `p`, if any.
    pub fn unit(&self, p: Point) -> Option<&Danger> {
        match self.danger_ids[self.at(p)] {
            0 => None,
            id => self.dangers.get(id as usize - 1),
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

/// Analyses `board` under `status` (unknown stones count as alive),
/// without Benson's regions or the reader's vital points
/// ([`analyze_verdicts`] takes them).
pub fn analyze(board: &Board, status: &StatusMap) -> HandtalkAnalysis {
    analyze_verdicts(board, &Verdicts::from_status(status))
}

/// Analyses `board` under the reading's verdicts.
pub fn analyze_verdicts(board: &Board, verdicts: &Verdicts<'_>) -> HandtalkAnalysis {
    let grid = Grid::from_verdicts(board, verdicts);
    let dots = influence::dots(&grid);
    let found = blocks::find(&grid, &dots);
    let units = danger::units(board, &grid, &dots, &found, verdicts);

    let n = grid.size;
    let mut influence = Vec::with_capacity(n * n);
    let mut block_ids = Vec::with_capacity(n * n);
    let mut danger_ids = Vec::with_capacity(n * n);
    let mut danger = Vec::with_capacity(n * n);
    let mut blocks: Vec<BlockInfo> = (1..=found.count)
        .map(|b| BlockInfo {
            id: b as u16,
            color: if found.sign[b] > 0 {
                Color::Black
            } else {
                Color::White
            },
            anchor: Vertex { x: 0, y: 0 },
            stones: 0,
            captives: 0,
            points: 0,
            danger: 0.0,
        })
        .collect();
    let mut anchored = vec![false; found.count];
    for y in 0..n {
        for x in 0..n {
            let g = gi(x, y);
            let id = found.id[g];
            influence.push(dots[g]);
            block_ids.push(id);
            let u = units.id[g];
            danger_ids.push(u);
            danger.push(match u {
                0 => 0.0,
                u => {
                    let d = &units.list[u as usize - 1];
                    d.color.sign() as f32 * d.danger
                }
            });
            if id != 0 {
                let b = &mut blocks[id as usize - 1];
                if !anchored[id as usize - 1] {
                    anchored[id as usize - 1] = true;
                    b.anchor = Vertex {
                        x: x as u8,
                        y: y as u8,
                    };
                }
                b.points += 1;
                let s = found.sign[id as usize];
                if grid.own(g, s) {
                    b.stones += 1;
                } else if grid.color[g] != 0 {
                    b.captives += 1;
                }
            }
        }
    }
    for d in &units.list {
        if d.status != crate::rules::Status::Dead && d.block != 0 {
            blocks[d.block as usize - 1].danger += d.danger;
        }
    }
    HandtalkAnalysis {
        size: n,
        influence,
        block_ids,
        blocks,
        danger_ids,
        dangers: units.list,
        danger,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A lone black stone in the centre of 5x5.
    pub(crate) const LONE: &str = "
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
        assert_eq!((k.stones, k.captives, k.points), (1, 0, 9));
        assert_eq!(a.dangers.len(), 1);
        let d = &a.dangers[0];
        assert_eq!(
            (d.block, d.points, d.freedom_adjacent, d.freedom_jump),
            (1, 9, 16, 12)
        );
        assert_eq!(k.danger, d.danger);
        assert_eq!(a.unit(Point::from_xy(2, 2)), Some(d));
        assert_eq!(a.danger_ids, a.block_ids);
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
    }

    /// A dead white stone between two black ones: it is in Black's block
    /// as a captive, but the danger map shows it in its own dead unit,
    /// whose moku do not count in Black's block.
    #[test]
    fn dead_stones_have_their_own_unit() {
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
        let a = analyze(&b, &st);
        let dead = Point::from_xy(3, 3);
        assert_eq!(
            a.block(dead).map(|k| (k.color, k.captives)),
            Some((Color::Black, 1))
        );
        let u = a.unit(dead).unwrap();
        assert_eq!(
            (u.color, u.status, u.points, u.danger),
            (Color::White, crate::rules::Status::Dead, 1, 2.0)
        );
        assert_eq!(a.danger_at(dead), -2.0);
        assert_eq!(
            a.blocks[0].danger,
            a.unit(Point::from_xy(1, 3)).unwrap().danger
        );
    }

    #[test]
    fn every_size_is_analysed() {
        for n in 2..=25 {
            let b = Board::new(n).unwrap();
            let a = analyze(&b, &StatusMap::all_alive());
            assert_eq!(a.influence.len(), n * n);
            assert!(a.blocks.is_empty() && a.dangers.is_empty());
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
