//! Helpers shared by the tests of the reading layer.

use crate::reading::{Answer, Code};
use crate::rules::{gtp_move, parse_gtp_vertex, Board, Point};

/// The point of a GTP vertex (`"D6"`) on `board`; panics on a bad vertex
/// (it is for literals in tests).
pub(crate) fn at(board: &Board, vertex: &str) -> Point {
    parse_gtp_vertex(vertex, board.size())
        .expect("a vertex")
        .expect("not a pass")
}

/// An answer as GNU Go's regression files write it: `0`, or the code and
/// the move (`1 E6`).
pub(crate) fn answer_text(board: &Board, a: &Answer) -> String {
    match a.code {
        Code::Fail => "0".into(),
        c => format!("{} {}", c.gnugo(), gtp_move(a.point, board.size())),
    }
}
