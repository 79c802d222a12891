//! Text boards: the format of the `moku_*` GTP analysis commands. One line
//! per row, top row first, the row's values separated by single spaces,
//! Black positive.

use std::fmt::Display;

use crate::rules::{Board, Point};

/// Formats one value per point of `board` (row-major from the top-left
/// through `value`) as a text board.
///
/// `X .` over `. O`, formatted by colour sign, gives `"1 0\n0 -1"`.
pub fn format<T: Display>(board: &Board, mut value: impl FnMut(Point) -> T) -> String {
    let n = board.size();
    let mut out = String::with_capacity(n * n * 3);
    for y in 0..n {
        if y > 0 {
            out.push('\n');
        }
        for x in 0..n {
            if x > 0 {
                out.push(' ');
            }
            out.push_str(&value(Point::from_xy(x, y)).to_string());
        }
    }
    out
}

/// Normalises an expected text-board picture in a test: one space between
/// values and no blank lines, so expectations can be indented and their
/// columns aligned in the source.
#[cfg(test)]
pub(crate) fn pic(s: &str) -> String {
    s.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_row_values_spaced_black_positive() {
        let b = Board::from_ascii("X .\n. O");
        let t = format(&b, |p| b.get(p).map_or(0, |c| c.sign()));
        assert_eq!(t, "1 0\n0 -1");
    }
}
