//! GoGui's board formats for the analysis commands: value boards
//! (`dboard`) scaled into -1..1, which GoGui draws as shades and clamps
//! beyond, and label boards (`sboard`) for ids. A board command answers
//! in GoGui's form by default and with its raw values given `raw`.

use super::protocol::{Args, GtpError};
use crate::rules::{textboard, Board, Color, Point};

/// Whether a board command's arguments ask for the raw values: none
/// (GoGui's form) or `raw`.
pub(super) fn wants_raw(args: &Args<'_>) -> Result<bool, GtpError> {
    match args.words() {
        [] => Ok(false),
        ["raw"] => Ok(true),
        _ => Err(GtpError::Syntax),
    }
}

/// A value board for GoGui's `dboard`: each value divided by `bound`, or
/// by the largest magnitude on the board without one (so the strongest
/// point is drawn at full strength), two decimals, within -1..1.
pub(super) fn scaled_board(
    board: &Board,
    value: impl Fn(Point) -> f32,
    bound: Option<f32>,
) -> String {
    let largest = board
        .points()
        .map(|p| value(p).abs())
        .filter(|v| v.is_finite())
        .fold(0.0f32, f32::max);
    let by = bound.unwrap_or(largest);
    textboard::format(board, |p| {
        let v = value(p);
        let s = if by > 0.0 && v.is_finite() {
            (v / by).clamp(-1.0, 1.0)
        } else {
            0.0
        };
        format!("{:.2}", (s * 100.0).round() / 100.0 + 0.0)
    })
}

/// A label board for GoGui's `sboard`: each point's label, `""` for
/// none (GoGui's empty string).
pub(super) fn label_board(board: &Board, label: impl Fn(Point) -> Option<String>) -> String {
    textboard::format(board, |p| label(p).unwrap_or_else(|| "\"\"".to_string()))
}

/// The label of a signed id: `B3` for Black's id 3 (`id` positive),
/// `W3` for White's (negative), none for 0.
pub(super) fn signed_label(id: i16) -> Option<String> {
    match id {
        0 => None,
        n if n > 0 => Some(format!("B{n}")),
        n => Some(format!("W{}", -i32::from(n))),
    }
}

/// The label of an id owned by the stone at `p`, if any: `B3`, `W3`, or
/// the bare id on an empty point; none for 0.
pub(super) fn stone_label(board: &Board, p: Point, id: u32) -> Option<String> {
    if id == 0 {
        return None;
    }
    Some(match board.get(p) {
        Some(Color::Black) => format!("B{id}"),
        Some(Color::White) => format!("W{id}"),
        None => id.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_scaled_into_the_unit_range() {
        let board = Board::new(2).unwrap();
        let values = [6.0, -3.0, 0.0, 1.5];
        let at = |p: Point| values[p.row_major(2)];
        assert_eq!(scaled_board(&board, at, Some(6.0)), "1.00 -0.50\n0.00 0.25");
        assert_eq!(scaled_board(&board, at, None), "1.00 -0.50\n0.00 0.25");
        assert_eq!(scaled_board(&board, |_| 0.0, None), "0.00 0.00\n0.00 0.00");
        assert_eq!(signed_label(-2).as_deref(), Some("W2"));
        assert_eq!(signed_label(0), None);
        assert_eq!(
            label_board(&board, |p| signed_label(p.row_major(2) as i16)),
            "\"\" B1\nB2 B3"
        );
    }
}
