//! Handtalk's blocks: the crate's unit of "group" for the danger estimate.
//!
//! Source: Chen Zhixing, "Programming Technics in Handtalk" (English and
//! Japanese texts; see `docs/provenance.md`), "Block formation"
//! (ブロックの形).
//!
//! 1. **Block points.** A point is a *block point* of colour `c` when it
//!    holds a non-dead stone of `c`, a dead stone of the other colour, or
//!    is empty with 1 dot (a false eye mark) or at least 3 dots of `c`'s
//!    sign ([`BLOCK_MIN_DOTS`]). Empty 2-dot points (weak influence) and 0
//!    points belong to nobody.
//! 2. **Components.** Block points of one colour that touch orthogonally
//!    form a component. A component without a non-dead stone of its colour
//!    (only empty points, or only captives) is not a block: it has nothing
//!    to lose (its points still count as territory in the score).
//! 3. **Links.** Blocks that are inseparably linked by one of the
//!    [`Link`] patterns below are merged.
//!
//! Block ids run from 1 in row-major order of each block's first point; 0
//! means no block.

use crate::eval::handtalk::influence::{step, Grid, AROUND, GCELLS, GS, MAX_POINTS, ORTHO};

/// An empty point belongs to a block of its sign from this many dots up
/// (and the false eye marks, 1 dot). Origin: en "empty points with 1 dot
/// or over 3 dots"; ja 「1ドットか3ドット以上の空点」 (the ja text settles
/// the English "over 3" as ">= 3").
pub(crate) const BLOCK_MIN_DOTS: i8 = 3;
/// The false-eye dots that also make a block point (see the influence
/// module).
const BLOCK_EYE_DOTS: i8 = crate::eval::handtalk::influence::FALSE_EYE_DOTS;

/// The connection patterns that merge two blocks of the same colour (seed:
/// "the nearby blocks mutually linking together (unseparable) are
/// combined"; the seed lists none, these are ours). In the drawings `X` is
/// a non-dead stone of the colour, `O` the other colour, `.` an empty
/// point, `a`/`b` cutting points, `?` anything. "Hostile" means a stone
/// that counts for the other colour (a live enemy stone or a dead own one).
/// Ko and snapback are not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Link {
    /// Solid connection: two stones side by side. Never searched as a
    /// pattern: touching stones are always in one component.
    ///
    /// ```text
    /// X X
    /// ```
    #[expect(
        dead_code,
        reason = "documents the solid link beside the searched ones; never searched"
    )]
    Solid,
    /// Diagonal connection with both cutting points safe: neither `a` nor
    /// `b` holds a hostile stone, so if the opponent takes one, the other
    /// connects (miai).
    ///
    /// ```text
    /// X a
    /// b X
    /// ```
    Diagonal,
    /// Bamboo joint: two pairs of stones with both points between them
    /// free of hostile stones (the opponent can take only one of the two).
    ///
    /// ```text
    /// X X      X . X
    /// . .  or  X . X
    /// X X
    /// ```
    BambooJoint,
    /// Hanging connection, tiger's mouth that cannot be cut: an empty point
    /// `m` whose on-board neighbours are at least two of the colour's
    /// stones and at most one other point, which must be empty (`o`, the
    /// mouth's opening). A stone played at `m` would have at most one
    /// liberty, so it is captured at once — provided it captures nothing
    /// itself, so every chain next to `m` needs at least
    /// [`TIGER_MIN_LIBERTIES`] liberties. All the stones around `m` merge.
    ///
    /// ```text
    /// . o .      ---------      (first line: the opening o is on the
    /// X m X      X m X          edge side; in the second drawing m has
    /// . X .      . X .          three neighbours and no opening)
    /// ```
    TigersMouth,
    /// One-space jump with no enemy influence between: the gap `m` is
    /// empty, `m`'s dots are not of the enemy's sign, and no hostile stone
    /// stands on the 3x3 square around `m` (`s`, the side points) nor on
    /// the points `e` beyond the side points, from where a wedge at `m`
    /// could connect out.
    ///
    /// ```text
    ///   e
    /// ? s ?
    /// X m X
    /// ? s ?
    ///   e
    /// ```
    OneSpaceJump,
}

/// Liberties every chain next to a tiger's mouth must have so that an
/// enemy stone in the mouth captures nothing (the stone takes the chain's
/// liberty `m`; with one more left the chain survives).
pub(crate) const TIGER_MIN_LIBERTIES: u8 = 2;

/// The blocks of a position.
pub(crate) struct Blocks {
    /// Per grid cell, the sign of the colour it is a block point of (see
    /// [`block_sign`]), 0 for none and off the board.
    pub cand: [i8; GCELLS],
    /// Block id per grid cell, 0 for none.
    pub id: [u16; GCELLS],
    /// Number of blocks; ids are `1..=count`.
    pub count: usize,
    /// Colour sign of each block, indexed by id (index 0 unused).
    pub sign: [i8; MAX_POINTS + 1],
}

/// The sign of the colour for which `g` is a block point, or 0.
#[inline]
pub(crate) fn block_sign(grid: &Grid, dots: &[i8; GCELLS], g: usize) -> i8 {
    if grid.eff[g] != 0 {
        return grid.eff[g];
    }
    let v = dots[g];
    if v.abs() >= BLOCK_MIN_DOTS || v.abs() == BLOCK_EYE_DOTS {
        v.signum()
    } else {
        0
    }
}

/// Whether `g` holds a stone that counts for the colour opposite to `s`.
#[inline]
fn hostile(grid: &Grid, g: usize, s: i8) -> bool {
    grid.eff[g] == -s
}

/// Calls `link(kind, a, b)` for every pair of stones (grid indices) that a
/// [`Link`] pattern joins. Each pattern is tried once per anchor stone.
pub(crate) fn for_each_link(
    grid: &Grid,
    dots: &[i8; GCELLS],
    mut link: impl FnMut(Link, usize, usize),
) {
    const DOWN: usize = GS;
    for &g in grid.points() {
        let g = g as usize;
        let s = grid.color[g];
        if s == 0 {
            continue;
        }
        if !grid.own(g, s) {
            continue;
        }
        // Diagonal: down-right (cutting points right and below) and
        // down-left (left and below).
        for (diag, side) in [(DOWN + 1, 1isize), (DOWN - 1, -1isize)] {
            let h = g + diag;
            if grid.own(h, s) && !hostile(grid, g + DOWN, s) && !hostile(grid, step(g, side), s) {
                link(Link::Diagonal, g, h);
            }
        }
        // Bamboo joint: pairs across a two-point gap, rows and columns.
        for (along, across) in [(1, DOWN), (DOWN, 1)] {
            let (a2, b1, b2) = (g + along, g + 2 * across, g + 2 * across + along);
            if grid.own(a2, s)
                && grid.own(b1, s)
                && grid.own(b2, s)
                && !hostile(grid, g + across, s)
                && !hostile(grid, g + across + along, s)
            {
                link(Link::BambooJoint, g, b1);
            }
        }
        // One-space jump, to the right and downwards.
        for (dir, perp) in [(1, DOWN), (DOWN, 1)] {
            let (m, h) = (g + dir, g + 2 * dir);
            if grid.own(h, s)
                && grid.color[m] == 0
                && i16::from(dots[m]) * i16::from(s) >= 0
                && AROUND.iter().all(|&d| !hostile(grid, step(m, d), s))
                && !hostile(grid, m + 2 * perp, s)
                && !hostile(grid, m - 2 * perp, s)
            {
                link(Link::OneSpaceJump, g, h);
            }
        }
    }
    // Tiger's mouth, anchored on the empty point.
    for &m in grid.points() {
        let m = m as usize;
        if grid.color[m] != 0 {
            continue;
        }
        let mut s = 0i8;
        let mut own = [0usize; 4];
        let mut n_own = 0;
        let mut others = 0;
        let mut ok = true;
        for q in grid.neighbours(m) {
            let c = grid.color[q];
            if c != 0 && (s == 0 || c == s) && grid.own(q, c) {
                s = c;
                own[n_own] = q;
                n_own += 1;
                if grid.libs[q] < TIGER_MIN_LIBERTIES {
                    ok = false;
                }
            } else {
                others += 1;
                if c != 0 {
                    ok = false; // the opening must be empty
                }
            }
        }
        if ok && n_own >= 2 && others <= 1 {
            for &q in &own[1..n_own] {
                link(Link::TigersMouth, own[0], q);
            }
        }
    }
}

/// Union-find root with path halving.
#[inline]
fn root(parent: &mut [u16], mut a: u16) -> u16 {
    while parent[a as usize] != a {
        let p = parent[parent[a as usize] as usize];
        parent[a as usize] = p;
        a = p;
    }
    a
}

/// Finds the blocks: components of block points, merged by the links.
pub(crate) fn find(grid: &Grid, dots: &[i8; GCELLS]) -> Blocks {
    let mut out = Blocks {
        cand: [0; GCELLS],
        id: [0; GCELLS],
        count: 0,
        sign: [0; MAX_POINTS + 1],
    };
    for &g in grid.points() {
        out.cand[g as usize] = block_sign(grid, dots, g as usize);
    }
    let cand = &out.cand;
    // Components (ids from 1), and whether each holds a non-dead stone of
    // its colour.
    let mut comp = [0u16; GCELLS];
    let mut keep = [false; MAX_POINTS + 1];
    let mut parent = [0u16; MAX_POINTS + 1];
    let mut stack = [0u16; MAX_POINTS];
    let mut n_comp: u16 = 0;
    for &g0 in grid.points() {
        let g0 = g0 as usize;
        if comp[g0] != 0 {
            continue;
        }
        let s = cand[g0];
        if s == 0 {
            continue;
        }
        n_comp += 1;
        parent[n_comp as usize] = n_comp;
        comp[g0] = n_comp;
        stack[0] = g0 as u16;
        let mut top = 1;
        let mut has_stone = false;
        while top > 0 {
            top -= 1;
            let g = stack[top] as usize;
            has_stone |= grid.own(g, s);
            for d in ORTHO {
                let q = step(g, d);
                if comp[q] == 0 && cand[q] == s {
                    comp[q] = n_comp;
                    stack[top] = q as u16;
                    top += 1;
                }
            }
        }
        keep[n_comp as usize] = has_stone;
    }

    // Links: every pattern joins two kept components.
    for_each_link(grid, dots, |_, a, b| {
        let (ra, rb) = (root(&mut parent, comp[a]), root(&mut parent, comp[b]));
        if ra != rb {
            parent[ra.max(rb) as usize] = ra.min(rb);
        }
    });

    // Final ids in row-major order of first appearance.
    let mut label = [0u16; MAX_POINTS + 1];
    for &g in grid.points() {
        let g = g as usize;
        let c = comp[g];
        if c == 0 || !keep[c as usize] {
            continue;
        }
        let r = root(&mut parent, c) as usize;
        if label[r] == 0 {
            out.count += 1;
            label[r] = out.count as u16;
            out.sign[out.count] = out.cand[g];
        }
        out.id[g] = label[r];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::handtalk::influence::{alive_dots, dots, gi};
    use crate::rules::{Board, StatusMap};

    #[test]
    fn constants_are_pinned() {
        assert_eq!(BLOCK_MIN_DOTS, 3);
        assert_eq!(BLOCK_EYE_DOTS, 1);
        assert_eq!(TIGER_MIN_LIBERTIES, 2);
    }

    /// The blocks of `board` (all alive) and the links that merged them.
    fn analyse(board: &Board) -> (Blocks, Vec<Link>) {
        let grid = Grid::new(board, &StatusMap::all_alive());
        let d = dots(&grid);
        let mut links = Vec::new();
        for_each_link(&grid, &d, |k, _, _| links.push(k));
        (find(&grid, &d), links)
    }

    /// The block id map as a text board.
    fn ids(board: &Board, b: &Blocks) -> String {
        crate::rules::textboard::format(board, |p| b.id[gi(p.x(), p.y())])
    }

    fn id(b: &Blocks, x: usize, y: usize) -> u16 {
        b.id[gi(x, y)]
    }

    use crate::rules::textboard::pic;

    #[test]
    fn one_space_jump_in_the_open_is_one_block() {
        // Dots by hand (symmetric about x = 3 and y = 3): the gap (3,3)
        // gets 4 + 4 = 8 -> 6; (2,2) 4 + 2 = 6, (3,2) 3 + 3, (1,2) 3 + 1,
        // (1,3) 4 + 1: all 6; (2,1) 2 + 1 = 3 and (3,1) 2 + 2 = 4 -> 6,
        // (1,1) 2 -> 2; row 0 and column 0 are 0 or 2. So every point of
        // the 5x5 block around the stones minus its four corners (x, y in
        // 1..=5) has at least 3 dots: one component, and the jump pattern
        // agrees.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X . X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let (blocks, links) = analyse(&b);
        assert_eq!(blocks.count, 1);
        assert_eq!(links, vec![Link::OneSpaceJump]);
        assert_eq!(
            ids(&b, &blocks),
            pic("
                0 0 0 0 0 0 0
                0 0 1 1 1 0 0
                0 1 1 1 1 1 0
                0 1 1 1 1 1 0
                0 1 1 1 1 1 0
                0 0 1 1 1 0 0
                0 0 0 0 0 0 0")
        );
        assert_eq!(blocks.sign[1], 1);
    }

    #[test]
    fn one_space_jump_links_where_the_dots_do_not() {
        // White (1,2), (1,4), (5,2) stand off the jump's 3x3 square.
        // The left stone (2,3) is cut off by the dots: its neighbours
        // (1,3) and (2,2), (2,4) touch White (1,2)/(1,4) -> 0, and the gap
        // (3,3) sums 4 + 4 - 2 - 2 - 2 = 2 (three white knight's moves):
        // not a block point. So the dots alone give the two stones
        // different blocks; the one-space-jump pattern (no hostile stone
        // around the gap nor beyond its side points (3,1), (3,5), gap not
        // white) merges them.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . O . . . O .
            . . X . X . .
            . O . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(
            (d[gi(1, 3)], d[gi(2, 2)], d[gi(2, 4)], d[gi(3, 3)]),
            (0, 0, 0, 2)
        );
        let (blocks, links) = analyse(&b);
        assert!(links.contains(&Link::OneSpaceJump));
        assert_eq!(id(&blocks, 2, 3), id(&blocks, 4, 3));
        // A white stone beyond the side point (3,5): the wedge at (3,3)
        // could connect out to it, so no link; two black blocks.
        let b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . O . . . O .
            . . X . X . .
            . O . . . . .
            . . . O . . .
            . . . . . . .",
        );
        let (blocks, links) = analyse(&b);
        assert!(!links.contains(&Link::OneSpaceJump));
        assert_ne!(id(&blocks, 2, 3), id(&blocks, 4, 3));
        assert!(id(&blocks, 2, 3) != 0 && id(&blocks, 4, 3) != 0);
    }

    #[test]
    fn bamboo_joint_is_one_block() {
        // White (0,2) and (3,2) cut the dots along row 2: (1,2) touches
        // White (0,2) and (2,2) touches White (3,2) -> both 0, and (4,2)
        // sums -4 + 1 + 2 + 1 + 2 = 2 (not a block point). So each black
        // pair is its own component; the bamboo joint (both middle points
        // free of white stones) merges them. Each white stone is a block
        // of its own (every point around it touches Black or has < 3).
        let b = Board::from_ascii(
            "
            . . . . .
            . X X . .
            O . . O .
            . X X . .
            . . . . .",
        );
        let d = alive_dots(&b);
        let row2: Vec<i8> = (0..5).map(|x| d[gi(x, 2)]).collect();
        assert_eq!(row2, vec![-6, 0, 0, -6, 2]);
        let (blocks, links) = analyse(&b);
        assert_eq!(links, vec![Link::BambooJoint]);
        let black = id(&blocks, 1, 1);
        for (x, y) in [(2, 1), (1, 3), (2, 3)] {
            assert_eq!(id(&blocks, x, y), black);
        }
        assert_eq!(blocks.count, 3);
        assert_ne!(id(&blocks, 0, 2), id(&blocks, 3, 2));
    }

    #[test]
    fn diagonal_with_both_cutting_points_safe_is_one_block() {
        // Black (1,2), (2,3); White (2,1) and (0,4) make both cutting
        // points 0 (each touches both colours), and (1,2)'s other
        // neighbours are (0,2): 4 + 2 - 2 - 2 = 2 and (1,1): touches White
        // (2,1) -> 0. So (1,2) is a component of its own; the diagonal
        // pattern (no white stone on (2,2) nor (1,3)) links it.
        let b = Board::from_ascii(
            "
            . . . . .
            . . O . .
            . X . . .
            . . X . .
            O . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!(
            (d[gi(2, 2)], d[gi(1, 3)], d[gi(0, 2)], d[gi(1, 1)]),
            (0, 0, 2, 0)
        );
        let (blocks, links) = analyse(&b);
        assert_eq!(links, vec![Link::Diagonal]);
        assert_eq!(id(&blocks, 1, 2), id(&blocks, 2, 3));
    }

    #[test]
    fn diagonal_with_an_enemy_stone_on_a_cutting_point_is_two_blocks() {
        // The same diagonal with White on the cutting point (2,2): no
        // pattern applies ((1,3) has two non-black neighbours, so it is no
        // tiger's mouth), and the dots isolate (1,2): (1,1) and (1,3)
        // touch White (2,2) -> 0, (0,2) sums 4 + 2 - 2 - 2 = 2.
        let b = Board::from_ascii(
            "
            . . . . .
            . . . . .
            . X O . .
            . . X . .
            O . . . .",
        );
        let d = alive_dots(&b);
        assert_eq!((d[gi(1, 1)], d[gi(1, 3)], d[gi(0, 2)]), (0, 0, 2));
        let (blocks, links) = analyse(&b);
        assert!(links.is_empty());
        assert_ne!(id(&blocks, 1, 2), id(&blocks, 2, 3));
        assert!(id(&blocks, 1, 2) != 0 && id(&blocks, 2, 3) != 0);
        // In the corner: Black (0,0), (1,1), White (1,0). The other
        // cutting point (0,1) has only Black stones and one empty point
        // around it, but Black (0,0) has a single liberty, (0,1): a white
        // stone there would capture, so it is no tiger's mouth. Two blocks.
        let b = Board::from_ascii(
            "
            X O . .
            . X . .
            . . . .
            . . . .",
        );
        let (blocks, links) = analyse(&b);
        assert!(links.is_empty());
        assert_ne!(id(&blocks, 0, 0), id(&blocks, 1, 1));
    }

    #[test]
    fn tigers_mouth_links_its_stones() {
        // The mouth (2,1): Black (1,1), (3,1), (2,2) around it, the
        // opening (2,0) empty, every chain with >= 2 liberties.
        let b = Board::from_ascii(
            "
            . . . . .
            . X . X .
            . . X . .
            . . . . .
            . . . . .",
        );
        let (blocks, links) = analyse(&b);
        assert_eq!(links.iter().filter(|&&l| l == Link::TigersMouth).count(), 2);
        assert_eq!(blocks.count, 1);
        // A white stone on the opening: a stone in the mouth would connect
        // to it, so no tiger's mouth.
        let b = Board::from_ascii(
            "
            . . O . .
            . X . X .
            . . X . .
            . . . . .
            . . . . .",
        );
        let (_, links) = analyse(&b);
        assert!(!links.contains(&Link::TigersMouth));
    }

    #[test]
    fn dead_stones_join_the_capturers_block() {
        // A dead white stone between two black stones counts for Black:
        // one black block holding it as a captive; no white block.
        let b = Board::from_ascii(
            "
            . . . . .
            . . . . .
            X . O . X
            . . . . .
            . . . . .",
        );
        let grid = Grid::new(
            &b,
            &StatusMap::with_dead(&b, &[crate::rules::Point::from_xy(2, 2)]),
        );
        let d = dots(&grid);
        let blocks = find(&grid, &d);
        assert_eq!(blocks.count, 1);
        assert_eq!(blocks.sign[1], 1);
        assert_eq!(id(&blocks, 2, 2), 1);
        assert_eq!(id(&blocks, 0, 2), 1);
        assert_eq!(id(&blocks, 4, 2), 1);
    }
}
