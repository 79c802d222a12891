//! A short list of points held inline, a long one on the heap: the lists
//! the board's chain queries return ([`Board::chain_liberties`],
//! [`Board::adjacent_chains`]).
//!
//! The string reader and the life-and-death search ask for the liberties
//! and the neighbouring strings of some string at nearly every node, and
//! nearly every string they ask about has a few (a string in atari, one
//! with two or three liberties); a list on the heap for each cost an
//! allocation and a free, the most frequent ones of a 19x19 analysis. Up
//! to [`INLINE_POINTS`] points, the list lives in the value itself.
//!
//! [`Board::chain_liberties`]: crate::rules::Board::chain_liberties
//! [`Board::adjacent_chains`]: crate::rules::Board::adjacent_chains

use crate::rules::Point;
use std::ops::Deref;

/// The most points held inline: eight, enough for the liberties of every
/// string the reading attacks (at most four) and of its neighbours in a
/// fight, and for a string's neighbouring strings, and small enough that
/// the value is 24 bytes besides its heap list's header. Not tuned.
pub const INLINE_POINTS: usize = 8;

/// A list of points. It reads as a slice (`libs[0]`, `libs.len()`,
/// `libs.contains(&p)`, `libs.iter()`) and iterates by value.
///
/// ```
/// use moku::{Board, Point};
/// let b = Board::from_ascii("
///     . . .
///     . X .
///     . . .");
/// let libs = b.chain_liberties(Point::from_xy(1, 1));
/// assert_eq!(libs.len(), 4);
/// assert_eq!(libs[0], Point::from_xy(1, 0));
/// let v: Vec<Point> = libs.into_iter().collect();
/// assert_eq!(v.len(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct PointList {
    inline: [Point; INLINE_POINTS],
    /// How many of `inline` are the list's; unused when `heap` holds them.
    len: usize,
    /// The list, when it is longer than [`INLINE_POINTS`].
    heap: Vec<Point>,
}

impl PointList {
    /// An empty list with room for `count` points.
    pub(crate) fn with_capacity(count: usize) -> PointList {
        PointList {
            inline: [Point(0); INLINE_POINTS],
            len: 0,
            heap: if count > INLINE_POINTS {
                Vec::with_capacity(count)
            } else {
                Vec::new()
            },
        }
    }

    /// Adds `p` at the end.
    pub(crate) fn push(&mut self, p: Point) {
        if self.heap.is_empty() && self.len < INLINE_POINTS {
            self.inline[self.len] = p;
            self.len += 1;
            return;
        }
        if self.heap.is_empty() {
            self.heap.extend_from_slice(&self.inline[..self.len]);
        }
        self.heap.push(p);
    }

    /// Puts the list in point order.
    pub(crate) fn sort(&mut self) {
        if self.heap.is_empty() {
            self.inline[..self.len].sort_unstable();
        } else {
            self.heap.sort_unstable();
        }
    }
}

impl Deref for PointList {
    type Target = [Point];

    fn deref(&self) -> &[Point] {
        if self.heap.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl PartialEq for PointList {
    fn eq(&self, other: &PointList) -> bool {
        **self == **other
    }
}

impl Eq for PointList {}

impl PartialEq<Vec<Point>> for PointList {
    fn eq(&self, other: &Vec<Point>) -> bool {
        **self == **other
    }
}

impl<'a> IntoIterator for &'a PointList {
    type Item = &'a Point;
    type IntoIter = std::slice::Iter<'a, Point>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for PointList {
    type Item = Point;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter {
            libs: self,
            next: 0,
        }
    }
}

/// The points of a [`PointList`] by value, in its order.
#[derive(Clone, Debug)]
pub struct IntoIter {
    libs: PointList,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.libs.get(self.next).copied();
        self.next += 1;
        p
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.libs.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for IntoIter {}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(points: &[u16]) -> PointList {
        let mut l = PointList::with_capacity(points.len());
        for &p in points {
            l.push(Point(p));
        }
        l.sort();
        l
    }

    #[test]
    fn a_short_list_and_a_long_one_read_alike() {
        let short = list(&[30, 10, 20]);
        assert_eq!(&*short, &[Point(10), Point(20), Point(30)]);
        assert!(short.heap.is_empty(), "three points stay inline");
        let many: Vec<u16> = (0..20).rev().map(|i| 100 + i).collect();
        let long = list(&many);
        assert_eq!(long.len(), 20);
        assert!(!long.heap.is_empty(), "twenty go to the heap");
        assert_eq!(long[0], Point(100));
        assert_eq!(long[19], Point(119));
        let back: Vec<Point> = long.clone().into_iter().collect();
        assert_eq!(long, back);
        assert_eq!(long.into_iter().len(), 20);
    }

    #[test]
    fn the_ninth_point_moves_the_list_to_the_heap_whole() {
        // Room for few asked, more pushed: the inline ones go first.
        let mut l = PointList::with_capacity(2);
        for p in (1..=INLINE_POINTS as u16 + 1).rev() {
            l.push(Point(p));
        }
        l.sort();
        let want: Vec<Point> = (1..=INLINE_POINTS as u16 + 1).map(Point).collect();
        assert_eq!(l, want);
        let empty = PointList::with_capacity(0);
        assert!(empty.is_empty());
        assert_eq!(empty.into_iter().next(), None);
    }
}
