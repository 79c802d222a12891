//! SGF FF\[4\] (Smart Game Format), the file format of Go game records:
//! text to tree and back. No Go rules here; the tree holds properties as
//! text, and a few helpers read Go's point and size values.

mod charset;
mod go;
mod parse;
mod tree;

use std::fmt;

pub use go::{expand_point_list, parse_point, parse_size, point_text};
pub use parse::{parse, parse_bytes};
pub use tree::{Collection, Node, Property};

/// Why some SGF text or value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where in the file, for `parse` and `parse_bytes`; `None` for a single
    /// value checked by `parse_point`, `expand_point_list` or `parse_size`.
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
