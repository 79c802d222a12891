//! SGF FF\[4\] (Smart Game Format), the file format of Go game records:
//! text to tree and back. No Go rules here; the tree holds properties as
//! text, and a few helpers read Go's point and size values.

mod tree;

pub use tree::{Collection, Node, Property};
