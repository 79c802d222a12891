//! The search tree: nodes in one arena, children side by side, the RAVE
//! value that selection maximises, progressive widening, and the copy of
//! a subtree that tree reuse keeps.

use crate::rules::Point;

use super::params::{
    PW_INITIAL_WIDTH_LARGE, PW_INITIAL_WIDTH_SMALL, PW_VISIT_GROWTH, PW_VISIT_START,
    RAVE_EQUIVALENCE, RAVE_WEIGHT_MAX, UCB_EXPLORATION,
};
use super::prior::Prior;

/// The move of a node: a point's padded index, or [`PASS`].
pub(crate) type MoveCode = u16;

/// The pass move (index 0 is a wall cell, never a point of the board).
pub(crate) const PASS: MoveCode = 0;

/// A point as a move code.
#[inline]
pub(crate) fn code(p: Point) -> MoveCode {
    p.index() as MoveCode
}

/// The point of a move code (`None` for a pass).
#[inline]
pub(crate) fn point_of(mv: MoveCode) -> Option<Point> {
    (mv != PASS).then(|| Point::from_index(mv as usize))
}

/// One node: the move that leads to it and the statistics of that move,
/// from the side of the player who made it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The move from the parent.
    pub mv: MoveCode,
    /// How many children are in [`Node::first_child`]`..`; 0 until the
    /// node is expanded.
    pub num_children: u16,
    /// Index of the first child in the arena.
    pub first_child: u32,
    /// Playouts through this node.
    pub visits: u32,
    /// Wins among them for the player who made [`Node::mv`].
    pub wins: f32,
    /// All-moves-as-first playouts: the move was played later by the same
    /// player in a playout through the parent.
    pub amaf_visits: f32,
    /// Wins among those.
    pub amaf_wins: f32,
    /// The prior knowledge, as virtual playouts.
    pub prior: Prior,
}

impl Node {
    fn new(mv: MoveCode, prior: Prior) -> Node {
        Node {
            mv,
            num_children: 0,
            first_child: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            prior,
        }
    }

    /// Whether the node has children.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.num_children > 0
    }

    /// The arena indices of the children.
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        let f = self.first_child as usize;
        f..f + self.num_children as usize
    }

    /// The win rate of real playouts (one half before any).
    pub fn winrate(&self) -> f32 {
        if self.visits > 0 {
            self.wins / self.visits as f32
        } else {
            0.5
        }
    }

    /// The value selection maximises: the node's own win rate and its
    /// all-moves-as-first win rate mixed with Silver's weight
    /// `β = ñ / (ñ + n + ñ·n / K)` (Gelly & Silver 2007), at most
    /// [`RAVE_WEIGHT_MAX`], both seeded with the prior's virtual playouts,
    /// plus a UCB exploration term when its constant is not zero.
    #[inline]
    pub fn value(&self, log_parent: f32) -> f32 {
        let n = self.visits as f32;
        let pn = self.prior.visits;
        let pw = self.prior.wins;
        let own = (self.wins + pw) / (n + pn).max(1.0);
        let rn = self.amaf_visits + pn;
        let rave = (self.amaf_wins + pw) / rn.max(1.0);
        let beta = (rn / (rn + n + rn * n / RAVE_EQUIVALENCE)).min(RAVE_WEIGHT_MAX);
        let mix = (1.0 - beta) * own + beta * rave;
        if UCB_EXPLORATION > 0.0 {
            mix + UCB_EXPLORATION * (log_parent / (n + 1.0)).sqrt()
        } else {
            mix
        }
    }
}

/// How many of a node's `children` (ordered by prior) selection considers
/// after `visits` playouts, starting from `initial`: progressive widening
/// (Chaslot et al. 2008), one more child each time the visits grow by
/// [`PW_VISIT_GROWTH`].
#[inline]
pub(crate) fn widened(visits: u32, initial: usize, children: usize) -> usize {
    let v = visits as f32;
    let extra = if v > PW_VISIT_START {
        ((v / PW_VISIT_START).ln() / PW_VISIT_GROWTH.ln()) as usize + 1
    } else {
        0
    };
    (initial + extra).min(children)
}

/// The initial width of progressive widening on a board of `size`.
pub(crate) fn initial_width(size: usize) -> usize {
    if super::params::small_tree(size) {
        PW_INITIAL_WIDTH_SMALL
    } else {
        PW_INITIAL_WIDTH_LARGE
    }
}

/// The arena of one search tree; node 0 is the root.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    /// A tree with only a root.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(PASS, Prior::default())],
        }
    }

    /// The root.
    #[inline]
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Attaches `children` (moves with their priors, best prior first)
    /// to node `at`.
    pub fn expand(&mut self, at: usize, children: &[(MoveCode, Prior)]) {
        let first = self.nodes.len();
        self.nodes
            .extend(children.iter().map(|&(mv, prior)| Node::new(mv, prior)));
        let node = &mut self.nodes[at];
        node.first_child = first as u32;
        node.num_children = children.len() as u16;
    }

    /// The child of `at` that selection picks: the highest value among
    /// the first [`widened`] children (from `initial_width`), with `always` (a pass that would
    /// end the game) considered whatever its rank.
    pub fn select(&self, at: usize, always: Option<MoveCode>, initial_width: usize) -> usize {
        let node = &self.nodes[at];
        let range = node.children();
        let width = widened(node.visits, initial_width, range.len());
        let log_parent = ((node.visits + 1) as f32).ln();
        let mut best = range.start;
        let mut best_value = f32::NEG_INFINITY;
        for (k, i) in range.enumerate() {
            let child = &self.nodes[i];
            if k >= width && Some(child.mv) != always {
                continue;
            }
            let v = child.value(log_parent);
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        best
    }

    /// The child of `at` with move `mv`, if any.
    pub fn child_with(&self, at: usize, mv: MoveCode) -> Option<usize> {
        self.nodes[at].children().find(|&i| self.nodes[i].mv == mv)
    }

    /// The most visited child of `at` (ties to the better win rate).
    pub fn best_child(&self, at: usize) -> Option<usize> {
        self.nodes[at].children().max_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            x.visits
                .cmp(&y.visits)
                .then(x.winrate().total_cmp(&y.winrate()))
        })
    }

    /// A new tree whose root is node `at` of this one, with everything
    /// below it (tree reuse). The copy is breadth-first so that each
    /// node's children stay side by side.
    pub fn subtree(&self, at: usize) -> Tree {
        let mut root = self.nodes[at];
        root.mv = PASS;
        let mut out = Tree { nodes: vec![root] };
        // Nodes of `out` whose children still point into `self`.
        let mut k = 0;
        while k < out.nodes.len() {
            let old = out.nodes[k];
            if old.is_expanded() {
                let first = out.nodes.len();
                out.nodes.extend_from_slice(&self.nodes[old.children()]);
                out.nodes[k].first_child = first as u32;
            }
            k += 1;
        }
        out
    }

    /// The principal variation from node `at`: the most visited child
    /// again and again, while it has at least `min_visits`.
    pub fn pv(&self, mut at: usize, min_visits: u32) -> Vec<MoveCode> {
        let mut out = Vec::new();
        while let Some(c) = self.best_child(at) {
            if self.nodes[c].visits < min_visits {
                break;
            }
            out.push(self.nodes[c].mv);
            at = c;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_grows_with_the_log_of_the_visits() {
        let start = PW_VISIT_START as u32;
        let w = initial_width(19);
        assert_eq!(w, PW_INITIAL_WIDTH_LARGE);
        assert_eq!(widened(0, w, 400), w);
        assert_eq!(widened(start, w, 400), w);
        // One more child past the start, one more each growth factor.
        assert_eq!(widened(start + 1, w, 400), w + 1);
        let grown = (PW_VISIT_START * PW_VISIT_GROWTH * PW_VISIT_GROWTH) as u32 + 1;
        assert_eq!(widened(grown, w, 400), w + 3);
        // Never more than the children there are; small boards see all.
        assert_eq!(widened(1_000_000, w, 3), 3);
        assert_eq!(widened(0, initial_width(9), 82), 82);
    }

    #[test]
    fn the_value_moves_from_prior_and_rave_to_the_real_win_rate() {
        let mut n = Node::new(5, Prior::at_rate(1.0, 10.0));
        // Only the prior: its rate.
        assert!((n.value(0.0) - 1.0).abs() < 1e-6);
        // A move whose later plays all lost keeps a tenth of its own
        // (prior) value: 0.1 * 1.0 + 0.9 * 10 / 1010.
        n.amaf_visits = 1000.0;
        assert!(
            (n.value(0.0) - (0.1 + 0.9 * 10.0 / 1010.0)).abs() < 1e-4,
            "{}",
            n.value(0.0)
        );
        // Many real losses outweigh it.
        n.visits = 10_000;
        n.wins = 0.0;
        n.amaf_visits = 10_000.0;
        n.amaf_wins = 10_000.0;
        assert!(n.value(0.0) < 0.5, "{}", n.value(0.0));
    }

    #[test]
    fn the_subtree_keeps_every_node_below_its_root() {
        let mut t = Tree::new();
        t.expand(0, &[(10, Prior::default()), (11, Prior::default())]);
        t.expand(2, &[(20, Prior::default()), (21, Prior::default())]);
        t.expand(4, &[(30, Prior::default())]);
        t.nodes[2].visits = 7;
        t.nodes[4].visits = 3;
        let s = t.subtree(2);
        assert_eq!(s.nodes.len(), 4);
        assert_eq!(s.root().visits, 7);
        let kids: Vec<MoveCode> = s.root().children().map(|i| s.nodes[i].mv).collect();
        assert_eq!(kids, [20, 21]);
        let c = s.child_with(0, 21).unwrap();
        assert_eq!(s.nodes[c].visits, 3);
        let grandkids: Vec<MoveCode> = s.nodes[c].children().map(|i| s.nodes[i].mv).collect();
        assert_eq!(grandkids, [30]);
        assert_eq!(s.pv(0, 1), vec![21]);
    }
}
