//! Every SGF file of the GNU Go regression suites (`tests/data/gnugo-regression`,
//! see its README.md for provenance and license) must parse, keep its
//! Go values readable, and come back unchanged from a write and a read.

use moku::sgf::{self, Collection, Node};
use std::path::{Path, PathBuf};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnugo-regression");

/// All files under `dir` whose name ends in `extension`, sorted.
fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> Collection {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    sgf::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_relative(name: &str) -> Collection {
    read(&Path::new(CORPUS).join(name))
}

/// Every node of the tree, depth first.
fn all_nodes(root: &Node) -> Vec<&Node> {
    let mut nodes = Vec::new();
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        nodes.push(node);
        pending.extend(node.children.iter().rev());
    }
    nodes
}

#[test]
fn every_file_parses_and_round_trips() {
    let paths = files(Path::new(CORPUS), "sgf");
    assert_eq!(paths.len(), 362, "the README lists 362 SGF files");
    for path in &paths {
        let collection = read(path);
        assert!(!collection.games.is_empty());
        let written = sgf::to_string(&collection);
        let mut reread =
            sgf::parse(&written).unwrap_or_else(|e| panic!("{} rewritten: {e}", path.display()));
        // The writer declares its UTF-8 (the CAs here are `UTF-8` and
        // `ISO8859_1`); the rest must be exactly as read.
        let mut expected = collection.clone();
        for (original, again) in expected.games.iter_mut().zip(&mut reread.games) {
            if original.remove("CA") {
                assert_eq!(again.get("CA"), Some("UTF-8"), "{}", path.display());
                again.remove("CA");
            }
        }
        assert_eq!(
            reread,
            expected,
            "{} changed in a write and read",
            path.display()
        );
        // Writing again gives the same text.
        assert_eq!(
            sgf::to_string(&sgf::parse(&written).unwrap()),
            written,
            "{}",
            path.display()
        );
    }
}

#[test]
fn moves_and_setup_stones_are_valid_points() {
    for path in files(Path::new(CORPUS), "sgf") {
        for root in &read(&path).games {
            let size = sgf::parse_size(root.get("SZ").unwrap_or("19"))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for node in all_nodes(root) {
                for id in ["B", "W"] {
                    for value in node.get_all(id) {
                        sgf::parse_point(value, size)
                            .unwrap_or_else(|e| panic!("{} {id}: {e}", path.display()));
                    }
                }
                for id in ["AB", "AW", "AE"] {
                    for value in node.get_all(id) {
                        let points = sgf::expand_point_list(value, size)
                            .unwrap_or_else(|e| panic!("{} {id}: {e}", path.display()));
                        assert!(!points.is_empty(), "{} {id}[{value}]", path.display());
                    }
                }
            }
        }
    }
}

#[test]
fn every_file_a_suite_loads_is_here() {
    let suites = files(Path::new(CORPUS), "tst");
    assert_eq!(suites.len(), 6);
    let mut loaded = 0;
    for suite in suites {
        let text = std::fs::read_to_string(&suite).expect("suites are UTF-8");
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("loadsgf ") {
                let name = rest
                    .split_whitespace()
                    .next()
                    .expect("loadsgf names a file");
                assert!(
                    Path::new(CORPUS).join(name).is_file(),
                    "{}: {name} is missing",
                    suite.display()
                );
                loaded += 1;
            }
        }
    }
    assert_eq!(loaded, 527, "the README counts 527 loadsgf commands");
}

#[test]
fn latin1_files_without_ca_are_decoded() {
    // Bytes 0xB0 0xD7 with no CA: invalid UTF-8, so read as Latin-1.
    assert_eq!(
        read_relative("games/9handicap.sgf").games[0].get("PW"),
        Some("°×")
    );
    let nicklas = read_relative("games/nicklas/nicklas12.sgf");
    let comments: String = all_nodes(&nicklas.games[0])
        .iter()
        .filter_map(|n| n.get("C"))
        .collect();
    assert!(comments.contains("hörru gnugo"), "{comments}");
}

#[test]
fn a_ca_in_another_charset_is_written_as_utf8() {
    let collection = read_relative("games/CrazyStone1.sgf");
    assert_eq!(collection.games[0].get("CA"), Some("ISO8859_1"));
    let reread = sgf::parse(&sgf::to_string(&collection)).unwrap();
    assert_eq!(reread.games[0].get("CA"), Some("UTF-8"));
}

#[test]
fn unknown_properties_and_labels_survive_a_round_trip() {
    // GNU Go's own IL property (an illegal ko recapture) and LB labels.
    for (name, id) in [("games/owl17.sgf", "IL"), ("games/incident96.sgf", "LB")] {
        let collection = read_relative(name);
        assert!(
            all_nodes(&collection.games[0])
                .iter()
                .any(|n| n.get(id).is_some()),
            "{name} has {id}"
        );
        assert_eq!(
            sgf::parse(&sgf::to_string(&collection)).unwrap(),
            collection,
            "{name}"
        );
    }
}
