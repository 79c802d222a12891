//! SGF FF\[4\] (Smart Game Format), the file format of Go game records:
//! text to tree and back. No Go rules here; the tree holds properties as
//! text, and a few helpers read Go's point and size values.
//!
//! ```
//! use moku::sgf;
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[6.5]\n;B[ee]C[Tengen\\]!]\n(;W[cc])\n(;W[gg]))";
//! let collection = sgf::parse(text)?;
//! let root = &collection.games[0];
//!
//! // Properties are text; Go values have helpers.
//! assert_eq!(root.get("KM"), Some("6.5"));
//! let size = sgf::parse_size(root.get("SZ").unwrap_or("19"))?;
//! assert_eq!(size, 9);
//!
//! // The main line follows the first variation at every branch.
//! let moves: Vec<_> = root.main_line().filter_map(|n| n.get("B").or(n.get("W"))).collect();
//! assert_eq!(moves, ["ee", "cc"]);
//! assert_eq!(sgf::parse_point(moves[0], size)?, Some((4, 4)));
//! assert_eq!(root.children[0].get("C"), Some("Tengen]!")); // unescaped
//!
//! // Writing and reading back gives the same tree.
//! let written = sgf::to_string(&collection);
//! assert_eq!(sgf::parse(&written)?, collection);
//! # Ok::<(), sgf::SgfError>(())
//! ```
//!
//! # What is kept
//!
//! Everything a round trip needs: properties in file order, unknown and
//! repeated ones, all values of each, comments with their line breaks, and
//! composed values (`LB[aa:text]`, `AR[aa:bb]`) as one string each (split
//! them with [`str::split_once`]`(':')`). What is lost is layout (whitespace
//! between tokens), escapes that were not needed, and soft line breaks
//! (`\` before a line break), which the spec says mean nothing.
//!
//! # Reading
//!
//! [`parse_bytes`] reads a file as bytes and decodes it by its `CA[]`
//! charset first (UTF-8, Latin-1, Shift_JIS, GB2312, EUC-KR, Big5 and the
//! other [WHATWG labels](https://encoding.spec.whatwg.org/#names-and-labels));
//! without `CA` it takes UTF-8, or Latin-1 (windows-1252) if the bytes are
//! not valid UTF-8. [`parse`](fn@parse) takes text that is already decoded and ignores
//! `CA`. Text before the first `(;` is ignored (headers); mistakes inside a
//! game tree are errors with a line and column, never panics.
//!
//! Reading is linear in the length of the file and never recursive; a
//! file past one of the limits ([`MAX_FILE_BYTES`], [`MAX_NODES`],
//! [`MAX_VALUES`], [`MAX_VALUE_BYTES`]) is refused with an error naming it.
//! FF\[3\]-style ids with lower-case letters (`AddBlack`) keep their
//! upper-case letters (`AB`), as the spec says.
//!
//! # Writing
//!
//! [`to_string`] writes UTF-8 text: one node per line along each sequence,
//! variations in parentheses, `]` and `\` escaped. Because the text is
//! UTF-8, a root `CA` naming another charset is written as `CA[UTF-8]`.

mod charset;
mod go;
mod limits;
mod parse;
mod tree;
mod write;

use std::fmt;

pub use go::{expand_point_list, parse_point, parse_size, point_text};
pub use limits::{MAX_FILE_BYTES, MAX_NODES, MAX_VALUES, MAX_VALUE_BYTES};
pub use parse::{parse, parse_bytes};
pub(crate) use parse::{parse_bytes_located, parse_located};
pub use tree::{Collection, Node, Property};
pub use write::to_string;

/// Why some SGF text or value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where in the file, for `parse` and `parse_bytes`; `None` for a single
    /// value checked by `parse_point`, `expand_point_list` or `parse_size`,
    /// and for a file refused whole for its size ([`MAX_FILE_BYTES`]).
    pub location: Option<Location>,
    /// What is wrong, in plain English, e.g. `expected '[' after property B`.
    pub message: String,
}

/// A place in SGF text: line and column (in characters), both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line from 1; `\n`, `\r\n` and `\r` each end a line.
    pub line: usize,
    /// Column from 1, counting characters (not bytes).
    pub column: usize,
}

impl SgfError {
    /// An error about a single value, with no place in a file.
    pub(crate) fn value(message: impl Into<String>) -> SgfError {
        SgfError {
            location: None,
            message: message.into(),
        }
    }
}

/// `line 3, column 7: expected '[' after property B`, or just the message.
impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some(Location { line, column }) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SgfError {}

/// SGF whitespace between tokens: the ASCII spaces and line breaks,
/// vertical tab included.
fn is_space(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\x0B'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_display_with_and_without_a_location() {
        let at = SgfError {
            location: Some(Location { line: 3, column: 7 }),
            message: "expected '[' after property B".into(),
        };
        assert_eq!(
            at.to_string(),
            "line 3, column 7: expected '[' after property B"
        );
        assert_eq!(SgfError::value("bad point").to_string(), "bad point");
    }
}
