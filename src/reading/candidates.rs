//! The scored move list every search of this layer orders its moves with:
//! generators add moves with a score (the weights of
//! [`ordering`](crate::reading::ordering)), a move added twice keeps its
//! best score, and the search takes them best first.

use crate::rules::{Point, PointList};

/// The room a candidate list takes when its first move comes: 16, more
/// than most nodes of the string reader generate. Not tuned.
const CANDIDATES_ROOM: usize = 16;

/// Candidate moves with scores; a move added twice keeps its best score.
#[derive(Default)]
pub(crate) struct Candidates {
    moves: Vec<(Point, i32)>,
}

impl Candidates {
    /// Adds `p` with `score`, or raises its score to `score`.
    pub(crate) fn add(&mut self, p: Point, score: i32) {
        if let Some(e) = self.moves.iter_mut().find(|e| e.0 == p) {
            e.1 = e.1.max(score);
        } else {
            if self.moves.capacity() == 0 {
                // Room for a node's usual candidates at once, rather
                // than growing the list through 4 and 8.
                self.moves.reserve(CANDIDATES_ROOM);
            }
            self.moves.push((p, score));
        }
    }

    /// Keeps only the moves for which `keep` holds.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        self.moves.retain(|&(p, _)| keep(p));
    }

    /// Every move, best first; equal scores in point order, so that the
    /// order never depends on the order of the generators.
    pub(crate) fn sorted(self) -> PointList {
        self.best(usize::MAX)
    }

    /// The `n` best moves, best first.
    pub(crate) fn best(mut self, n: usize) -> PointList {
        self.moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let n = n.min(self.moves.len());
        let mut out = PointList::with_capacity(n);
        for &(p, _) in &self.moves[..n] {
            out.push(p);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;

    #[test]
    fn best_score_first_ties_by_point_and_repeats_keep_their_best() {
        let (a, b, c) = (pt(0, 0), pt(1, 0), pt(2, 0));
        let mut cands = Candidates::default();
        cands.add(c, 5);
        cands.add(b, 7);
        cands.add(a, 7);
        cands.add(c, 9);
        cands.add(c, 1);
        assert_eq!(cands.sorted(), vec![c, a, b]);

        let mut cands = Candidates::default();
        for (p, s) in [(a, 1), (b, 2), (c, 3)] {
            cands.add(p, s);
        }
        cands.retain(|p| p != c);
        assert_eq!(cands.best(1), vec![b]);
    }
}
