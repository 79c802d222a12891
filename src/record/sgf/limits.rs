//! The limits on what one SGF file may hold. The reader's work is linear in
//! the length of the file, so these bound memory, not time: each is far
//! above any real game record and stops a hostile or broken file from
//! taking the page's (or the GTP program's) memory with it. A file past a
//! limit is refused with an error that names the limit; nothing is read in
//! part.
//!
//! Depth has no limit of its own: every walk of the tree (the reader, the
//! writer, `Clone`, `Drop`, comparison, the record's navigation) is a loop
//! with its own stack, never a recursion, so a line 1,000,000 moves deep
//! costs no more call stack than one move; depth is bounded by
//! [`MAX_NODES`].

/// The largest SGF file read: 32 MiB, in the file's own bytes (or in UTF-8
/// for text already decoded).
///
/// Why this number: a game of 100,000 moves (far longer than any real one)
/// is about 0.7 MB of SGF, and the longest commented records we know are a
/// few MB; collections of thousands of games in one file reach tens of MB,
/// but moku reads one game at a time. 32 MiB keeps ten times the biggest
/// single record we test with and refuses a file that would cost the wasm
/// module hundreds of MB once read into a tree.
pub const MAX_FILE_BYTES: usize = 32 << 20;

/// The most nodes in one file, all game trees together: 1,000,000.
///
/// Why this number: ten times the 100,000-move record of the benchmarks
/// (`benches/record.rs`); a node costs about 100 bytes once read, so the
/// tree of the largest accepted file stays near 100 MB.
pub const MAX_NODES: usize = 1_000_000;

/// The most property values in one file, all nodes together: 4,000,000.
///
/// Why this number: a value costs about 50 bytes once read (its property
/// and its string) for 2 bytes of text (`[]`), so without this limit a
/// 32 MiB file of empty values would take about 800 MB. Four values per
/// node at [`MAX_NODES`] leaves room for move, comment and markup on every
/// node of the largest record, and for problem collections whose setup
/// nodes list dozens of stones.
pub const MAX_VALUES: usize = 4_000_000;

/// The longest single property value: 4 MiB of UTF-8 text.
///
/// Why this number: values are a move, a few stones or a comment written by
/// a person; the longest real comments are some KB. 4 MiB leaves four
/// times the 1 MB comment of the benchmarks and keeps one value from being
/// a text the page has to lay out that is most of the file.
pub const MAX_VALUE_BYTES: usize = 4 << 20;

#[cfg(test)]
mod tests {
    use super::super::{parse, parse_bytes};
    use super::*;

    /// The message of the error of `result`, with its line and column.
    fn refused(result: Result<super::super::Collection, super::super::SgfError>) -> String {
        result
            .expect_err("the limit should refuse this")
            .to_string()
    }

    #[test]
    fn limits_keep_their_documented_values() {
        assert_eq!(MAX_FILE_BYTES, 33_554_432);
        assert_eq!(MAX_NODES, 1_000_000);
        assert_eq!(MAX_VALUES, 4_000_000);
        assert_eq!(MAX_VALUE_BYTES, 4_194_304);
    }

    #[test]
    fn a_file_over_the_size_limit_is_refused_before_reading() {
        // Valid SGF, one byte too long.
        let mut text = String::from("(;C[");
        text.push_str(&"x".repeat(MAX_FILE_BYTES - 6));
        text.push_str("])");
        assert_eq!(text.len(), MAX_FILE_BYTES);
        // At the limit it is read up to the value limit (which it passes).
        assert!(refused(parse(&text)).contains("longer than 4 MiB"));
        text.push(' ');
        assert_eq!(
            refused(parse(&text)),
            "the SGF text is 33554433 bytes long, more than the 33554432 bytes (32 MiB) moku reads"
        );
        let bigger = vec![b' '; MAX_FILE_BYTES + (1 << 19)];
        assert_eq!(
            refused(parse_bytes(&bigger)),
            "the SGF file is 34078720 bytes long, more than the 33554432 bytes (32 MiB) moku reads"
        );
    }

    #[test]
    fn a_value_over_the_value_limit_is_refused_at_its_bracket() {
        let at_limit = format!("(;GM[1]\n;C[{}])", "é".repeat(MAX_VALUE_BYTES / 2));
        let collection = parse(&at_limit).unwrap();
        assert_eq!(
            collection.games[0].children[0].get("C").map(str::len),
            Some(MAX_VALUE_BYTES)
        );
        let over = format!("(;GM[1]\n;C[{}x])", "é".repeat(MAX_VALUE_BYTES / 2));
        assert_eq!(
            refused(parse(&over)),
            "line 2, column 3: this value is longer than 4 MiB, the most moku reads in one value"
        );
    }

    #[test]
    fn nodes_past_the_node_limit_are_refused_at_the_first_too_many() {
        let at_limit = format!("({})", ";".repeat(MAX_NODES));
        assert_eq!(
            parse(&at_limit).unwrap().games[0].main_line().count(),
            MAX_NODES
        );
        // The same count spread over game trees and variations.
        let half = MAX_NODES / 2;
        let spread = format!("(;{}(;)(;))({})", ";".repeat(half - 3), ";".repeat(half));
        assert!(parse(&spread).is_ok());
        let over = format!("(;{}(;)(;))({};)", ";".repeat(half - 3), ";".repeat(half));
        assert_eq!(
            refused(parse(&over)),
            format!(
                "line 1, column {}: the file has more than 1000000 nodes, the most moku reads",
                2 * half + 8
            )
        );
    }

    #[test]
    fn values_past_the_value_count_limit_are_refused() {
        let at_limit = format!("(;AB{})", "[]".repeat(MAX_VALUES));
        assert_eq!(
            parse(&at_limit).unwrap().games[0].get_all("AB").count(),
            MAX_VALUES
        );
        let over = format!("(;AB{}\n;C[])", "[]".repeat(MAX_VALUES));
        assert_eq!(
            refused(parse(&over)),
            "line 2, column 3: the file has more than 4000000 property values, the most moku reads"
        );
    }
}
