//! The two players.

use std::fmt;

/// A player's colour. Black plays first; everywhere in this crate Black is
/// the positive sign (+1) and White the negative (-1), in maps, potentials
/// and scores alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (plays first without handicap).
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// +1 for Black, -1 for White: the crate's one sign convention.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// 0 for Black, 1 for White, for indexing per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses GTP and SGF spellings: `b`, `black`, `w`, `white` (any case).
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// "Black" or "White": the player's name in a sentence (GTP and
    /// `Display` write the lower-case "black" and "white").
    ///
    /// ```
    /// assert_eq!(moku::Color::White.name(), "White");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// `B` or `W`, as SGF writes it.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_and_sign() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent(), Color::Black);
        assert_eq!(Color::Black.sign(), 1);
        assert_eq!(Color::White.sign(), -1);
    }

    #[test]
    fn parse_spellings() {
        assert_eq!(Color::parse("B"), Some(Color::Black));
        assert_eq!(Color::parse("white"), Some(Color::White));
        assert_eq!(Color::parse("WHITE"), Some(Color::White));
        assert_eq!(Color::parse("x"), None);
    }
}
