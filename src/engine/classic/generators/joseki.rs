//! The joseki database: standard corner sequences in a readable text
//! file (`joseki.txt`, ours), compiled into the binary and parsed once.
//! When a corner holds exactly the first moves of a sequence (in any of
//! the corner's two orientations, either colour first), the next move of
//! the sequence is proposed to the side whose turn it is in it.

use std::sync::OnceLock;

use crate::engine::classic::context::Context;
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::rules::is_large_board;
use crate::rules::{Board, Color, Point};

/// The database text.
const TEXT: &str = include_str!("joseki.txt");
/// Corner area searched for joseki stones: lines 1..=this from both
/// edges (a sequence's moves must all lie inside it).
const AREA: u8 = 10;

/// One move of a sequence: who plays (true for the first player) and
/// the lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct JMove {
    first: bool,
    at: (u8, u8),
}

/// One sequence with its name.
#[derive(Debug)]
pub(crate) struct Sequence {
    name: &'static str,
    moves: Vec<JMove>,
}

/// Parses the database; a malformed line is a bug in the file, reported
/// with its line number.
pub(crate) fn parse(text: &'static str) -> Result<Vec<Sequence>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |what: &str| format!("joseki.txt line {}: {what}", i + 1);
        let (name, body) = line.rsplit_once(':').ok_or_else(|| err("no colon"))?;
        let words: Vec<&str> = body.split_whitespace().collect();
        if words.len() % 2 != 0 || words.is_empty() {
            return Err(err("moves come in pairs: a colour and a point"));
        }
        let mut moves = Vec::new();
        for pair in words.chunks(2) {
            let first = match pair[0] {
                "B" => true,
                "W" => false,
                _ => return Err(err("a move's colour is B or W")),
            };
            let (a, b) = pair[1]
                .split_once('-')
                .ok_or_else(|| err("a point is A-B"))?;
            let a: u8 = a.parse().map_err(|_| err("a line is a number"))?;
            let b: u8 = b.parse().map_err(|_| err("a line is a number"))?;
            if !(1..=AREA).contains(&a) || !(1..=AREA).contains(&b) {
                return Err(err("a point outside the corner area"));
            }
            let m = JMove { first, at: (a, b) };
            if moves.iter().any(|x: &JMove| x.at == m.at) {
                return Err(err("a point played twice"));
            }
            moves.push(m);
        }
        out.push(Sequence {
            name: name.trim(),
            moves,
        });
    }
    Ok(out)
}

fn database() -> &'static [Sequence] {
    static DB: OnceLock<Vec<Sequence>> = OnceLock::new();
    DB.get_or_init(|| parse(TEXT).unwrap_or_else(|e| panic!("{e}")))
}

/// The point at lines `(a, b)` of `corner` (0 top-left, 1 top-right, 2
/// bottom-left, 3 bottom-right).
fn at_lines(n: usize, corner: usize, a: u8, b: u8) -> Point {
    let (a, b) = (usize::from(a), usize::from(b));
    let x = if corner % 2 == 0 { a - 1 } else { n - a };
    let y = if corner < 2 { b - 1 } else { n - b };
    Point::from_xy(x, y)
}

/// The stones of a corner area: (lines, colour), in lines order.
fn corner_stones(b: &Board, corner: usize) -> Vec<((u8, u8), Color)> {
    let mut v = Vec::new();
    for a in 1..=AREA {
        for c in 1..=AREA {
            if let Some(col) = b.get(at_lines(b.size(), corner, a, c)) {
                v.push(((a, c), col));
            }
        }
    }
    v
}

/// The next move of `seq` for `me` if the corner's stones are exactly
/// its first moves (with `first` as the first player's colour and the
/// lines possibly swapped).
fn next_move(
    seq: &Sequence,
    stones: &[((u8, u8), Color)],
    first: Color,
    swap: bool,
    me: Color,
) -> Option<(u8, u8)> {
    let k = stones.len();
    if k == 0 || k >= seq.moves.len() {
        return None;
    }
    let lines = |m: &JMove| if swap { (m.at.1, m.at.0) } else { m.at };
    let colour = |m: &JMove| if m.first { first } else { first.opponent() };
    let prefix = &seq.moves[..k];
    let all_there = prefix.iter().all(|m| {
        stones
            .iter()
            .any(|&(at, c)| at == lines(m) && c == colour(m))
    });
    if !all_there {
        return None;
    }
    let next = &seq.moves[k];
    (colour(next) == me).then(|| lines(next))
}

/// The next move of every line of the database that `board`'s corners
/// follow, for `me`, with the line's name: a corner whose stones are
/// exactly a line's first moves gets that line's next move when it is
/// `me`'s. A line is followed while both sides play it; once a corner
/// holds a stone off every line, it gets nothing. Empty below
/// [`is_large_board`]: on smaller boards the corners overlap. The
/// generator proposes these moves, and the classic search tries them
/// first at each node, so that a line is read as a sequence.
pub(crate) fn next_moves(board: &Board, me: Color) -> Vec<(Point, &'static str)> {
    let n = board.size();
    let mut out: Vec<(Point, &'static str)> = Vec::new();
    if !is_large_board(n) {
        return out;
    }
    for corner in 0..4 {
        let stones = corner_stones(board, corner);
        if stones.is_empty() {
            continue;
        }
        for seq in database() {
            for first in [Color::Black, Color::White] {
                for swap in [false, true] {
                    if let Some((a, c)) = next_move(seq, &stones, first, swap, me) {
                        out.push((at_lines(n, corner, a, c), seq.name));
                    }
                }
            }
        }
    }
    out
}

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    for (p, name) in next_moves(&ctx.board, ctx.color) {
        out.add(p, Reason::new(ReasonKind::Joseki, ctx.color).named(name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::generators::tests::{candidates_of_size, reason_at};

    #[test]
    fn the_database_parses_and_rejects_bad_lines() {
        let db = database();
        assert!(db.len() >= 14);
        assert!(db.iter().all(|s| s.moves.len() >= 4 && s.moves[0].first));
        assert!(parse("x: B 4-4 W").unwrap_err().contains("line 1"));
        assert!(parse("x: B 4-4 W 4-4").unwrap_err().contains("twice"));
        assert!(parse("x: B 4-4 W 3-11").unwrap_err().contains("outside"));
    }

    #[test]
    fn the_next_move_of_a_sequence_is_proposed() {
        // Lower left: Black's star point D4, White's low approach at C6
        // (third line from the left edge, sixth from the bottom).
        let mut rows = vec![". ".repeat(19); 19];
        rows[15] = format!("{}X {}", ". ".repeat(3), ". ".repeat(15));
        rows[13] = format!("{}O {}", ". ".repeat(2), ". ".repeat(16));
        let pos = rows.join("\n");
        let b = candidates_of_size(&pos, Color::Black);
        // The knight's move answer: sixth line from the left, third from
        // the bottom: F3.
        let r = reason_at(&b, "F3", ReasonKind::Joseki).expect("knight's move answer");
        assert!(r.name.unwrap().starts_with("star point, low approach"));
        // White's turn in no sequence here: nothing for White.
        let w = candidates_of_size(&pos, Color::White);
        assert!(reason_at(&w, "F3", ReasonKind::Joseki).is_none());
    }
}
