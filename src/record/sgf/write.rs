//! The writer: a [`Collection`] to SGF text.

use super::{charset, Collection, Node, Property};

/// Writes `collection` as SGF text (UTF-8): one node per line along each
/// sequence, each variation in parentheses, `]` and `\` escaped, and a
/// line break after each game tree. A root `CA` that names another charset
/// is written as `CA[UTF-8]`, because the text is UTF-8.
///
/// [`parse`](fn@super::parse) of the result gives `collection` back, provided
/// every id is upper-case ASCII letters and every property has a value
/// (one with none is written as `[]`).
///
/// ```
/// use moku::sgf::{self, Node};
///
/// let mut root = Node::new();
/// root.set("SZ", ["9"]);
/// let mut first = Node::new();
/// first.set("B", ["ee"]);
/// first.set("C", ["a [bracket] and a \\ backslash"]);
/// root.children.push(first);
/// let collection = sgf::Collection { games: vec![root] };
/// assert_eq!(sgf::to_string(&collection), "(;SZ[9]\n;B[ee]C[a [bracket\\] and a \\\\ backslash])\n");
/// ```
pub fn to_string(collection: &Collection) -> String {
    let mut out = String::new();
    for root in &collection.games {
        write_game_tree(root, true, &mut out);
    }
    out
}

/// What is left to write, innermost last (a stack instead of recursion, so
/// long games cannot overflow the call stack).
enum Step<'a> {
    /// `\n(`: a variation starts.
    Open,
    /// A sequence: this node, then its main line up to the next branch.
    Sequence(&'a Node),
    /// `)`: a variation ends.
    Close,
}

/// Writes the tree under `root`; with `as_utf8`, a root `CA` naming
/// another charset is written as `CA[UTF-8]` (the text is UTF-8).
pub(super) fn write_game_tree(root: &Node, as_utf8: bool, out: &mut String) {
    out.push('(');
    let mut steps = vec![Step::Sequence(root)];
    while let Some(step) = steps.pop() {
        let mut node = match step {
            Step::Open => {
                out.push_str("\n(");
                continue;
            }
            Step::Close => {
                out.push(')');
                continue;
            }
            Step::Sequence(node) => node,
        };
        loop {
            write_node(node, as_utf8 && std::ptr::eq(node, root), out);
            match node.children.as_slice() {
                [] => break,
                [only] => {
                    out.push('\n');
                    node = only;
                }
                variations => {
                    for child in variations.iter().rev() {
                        steps.extend([Step::Close, Step::Sequence(child), Step::Open]);
                    }
                    break;
                }
            }
        }
    }
    out.push_str(")\n");
}

fn write_node(node: &Node, is_root: bool, out: &mut String) {
    out.push(';');
    for property in &node.props {
        if is_root && names_other_charset(property) {
            out.push_str("CA[UTF-8]");
        } else {
            write_property(property, out);
        }
    }
}

/// Whether `property` is a `CA` that does not name UTF-8.
fn names_other_charset(property: &Property) -> bool {
    property.id == "CA"
        && !property
            .values
            .first()
            .is_some_and(|label| charset::names_utf8(label))
}

fn write_property(property: &Property, out: &mut String) {
    out.push_str(&property.id);
    if property.values.is_empty() {
        out.push_str("[]");
    }
    for value in &property.values {
        out.push('[');
        for c in value.chars() {
            if c == ']' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push(']');
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, parse_bytes};
    use super::*;
    use proptest::prelude::*;

    use super::super::tree::{node, prop};

    fn one_game(root: Node) -> Collection {
        Collection { games: vec![root] }
    }

    #[test]
    fn layout_one_node_per_line_and_variations_in_parentheses() {
        let text = "(;FF[4]GM[1];B[aa](;W[bb];B[cc])(;W[dd]))(;GN[second])";
        let written = to_string(&parse(text).unwrap());
        assert_eq!(
            written,
            "(;FF[4]GM[1]\n;B[aa]\n(;W[bb]\n;B[cc])\n(;W[dd]))\n(;GN[second])\n"
        );
    }

    #[test]
    fn escapes_only_bracket_and_backslash() {
        let root = node(
            vec![prop("C", &["a]b\\c:d[e\nf"]), prop("LB", &["aa:x", "bb:y"])],
            vec![],
        );
        assert_eq!(
            to_string(&one_game(root)),
            "(;C[a\\]b\\\\c:d[e\nf]LB[aa:x][bb:y])\n"
        );
    }

    #[test]
    fn a_property_without_values_is_written_empty() {
        let root = node(vec![prop("B", &[])], vec![]);
        assert_eq!(to_string(&one_game(root)), "(;B[])\n");
    }

    #[test]
    fn ca_of_another_charset_becomes_utf8_in_roots_only() {
        let collection =
            parse_bytes(b"(;CA[ISO-8859-1]PW[Ren\xE9];CA[latin1])(;CA[utf8])").unwrap();
        assert_eq!(
            to_string(&collection),
            "(;CA[UTF-8]PW[René]\n;CA[latin1])\n(;CA[utf8])\n"
        );
    }

    #[test]
    fn write_then_read_keeps_markup_comments_and_unknown_properties() {
        let text = "(;FF[4]CA[UTF-8]AP[test:1]SZ[19]PB[Black \\] player]XX[unknown][two]\n\
                    ;B[pd]C[first line\nsecond \\\\ line]N[name]TR[aa][bb]SQ[cc]CR[dd]MA[ee]\n\
                    LB[ff:A][gg:long label]LN[aa:bb]AR[cc:dd]DD[]\n\
                    (;W[dp]TB[aa:cc])(;W[tt])(;W[]))";
        let collection = parse(text).unwrap();
        assert_eq!(parse(&to_string(&collection)).unwrap(), collection);
    }

    #[test]
    fn a_very_long_game_writes_without_recursion() {
        let mut tree = Node::new();
        for _ in 0..200_000 {
            tree = node(vec![prop("B", &["aa"])], vec![tree]);
        }
        let text = to_string(&one_game(tree));
        assert_eq!(text.matches(';').count(), 200_001);
        assert_eq!(parse(&text).unwrap().games[0].main_line().count(), 200_001);
    }

    /// Arbitrary text: any characters, with the SGF specials made common.
    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                3 => any::<char>(),
                2 => prop::sample::select(vec!['[', ']', '\\', ':', ';', '(', ')', '\n', '\r', ' ', '\t', 'a', 'é']),
            ],
            0..12,
        )
        .prop_map(|chars| chars.into_iter().collect())
    }

    fn property() -> impl Strategy<Value = Property> {
        // "CA" is left out: the writer changes it on purpose.
        (
            "[A-Z]{1,3}".prop_filter("not CA", |id| id != "CA"),
            prop::collection::vec(text(), 1..4),
        )
            .prop_map(|(id, values)| Property { id, values })
    }

    fn tree() -> impl Strategy<Value = Node> {
        let leaf = prop::collection::vec(property(), 0..4).prop_map(|props| node(props, vec![]));
        leaf.prop_recursive(6, 48, 4, |inner| {
            (
                prop::collection::vec(property(), 0..4),
                prop::collection::vec(inner, 0..4),
            )
                .prop_map(|(props, children)| node(props, children))
        })
    }

    proptest! {
        #[test]
        fn arbitrary_trees_write_then_read_back_equal(games in prop::collection::vec(tree(), 1..4)) {
            let collection = Collection { games };
            let text = to_string(&collection);
            prop_assert_eq!(parse(&text).unwrap(), collection.clone());
            // As bytes too: without a CA the text is read as UTF-8.
            prop_assert_eq!(parse_bytes(text.as_bytes()).unwrap(), collection);
        }
    }
}
