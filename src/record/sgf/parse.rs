//! The reader: SGF text to a [`Collection`].
//!
//! The grammar (FF\[4\]), with whitespace allowed between any two tokens:
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! PropValue  = "[" text "]"       ( "\" escapes the next character )
//! ```
//!
//! The parser is a loop with an explicit stack of open variations, not a
//! recursion, so deeply nested or very long files cannot overflow the stack.
//! Its work is linear in the length of the text, and the limits of
//! [`super::limits`] bound what one file can make it hold.

use super::limits::{MAX_FILE_BYTES, MAX_NODES, MAX_VALUES, MAX_VALUE_BYTES};
use super::{charset, is_space, Collection, Location, Node, Property, SgfError};

/// Reads SGF text that is already decoded; a `CA` property is kept but
/// not acted on. Text before the first `(;` and between game trees is
/// ignored.
///
/// Text longer than [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES) (in UTF-8),
/// more than [`MAX_NODES`](super::MAX_NODES) nodes or
/// [`MAX_VALUES`](super::MAX_VALUES) property values, or one value longer
/// than [`MAX_VALUE_BYTES`](super::MAX_VALUE_BYTES) is refused with an
/// error that says which limit it passed.
///
/// ```
/// let collection = moku::sgf::parse("(;SZ[9];B[ee])")?;
/// assert_eq!(collection.games[0].children[0].get("B"), Some("ee"));
/// # Ok::<(), moku::sgf::SgfError>(())
/// ```
pub fn parse(text: &str) -> Result<Collection, SgfError> {
    check_file_size(text.len(), "text")?;
    Parser::new(text, false)
        .run()
        .map(|(collection, _)| collection)
}

/// Reads an SGF file as bytes, decoding it by its `CA` charset first (see
/// the [module docs](super) for the rules). Never fails on the encoding;
/// only malformed SGF, or a file past one of the limits of
/// [`parse`](fn@parse) (the size counted in the file's own bytes), is an
/// error.
pub fn parse_bytes(bytes: &[u8]) -> Result<Collection, SgfError> {
    check_file_size(bytes.len(), "file")?;
    Parser::new(&charset::decode(bytes), false)
        .run()
        .map(|(collection, _)| collection)
}

/// [`parse`](fn@parse), also giving where each property starts: one
/// location per property, in file order (the order of a depth-first walk
/// of the trees, children in order), so that the record can say where a
/// bad move is.
pub(crate) fn parse_located(text: &str) -> Result<(Collection, Vec<Location>), SgfError> {
    check_file_size(text.len(), "text")?;
    Parser::new(text, true).run()
}

/// [`parse_bytes`] with the properties' locations, as [`parse_located`].
pub(crate) fn parse_bytes_located(bytes: &[u8]) -> Result<(Collection, Vec<Location>), SgfError> {
    check_file_size(bytes.len(), "file")?;
    Parser::new(&charset::decode(bytes), true).run()
}

/// Refuses a file over [`MAX_FILE_BYTES`] before reading any of it.
fn check_file_size(bytes: usize, what: &str) -> Result<(), SgfError> {
    if bytes > MAX_FILE_BYTES {
        return Err(SgfError::value(format!(
            "the SGF {what} is {bytes} bytes long, more than the {MAX_FILE_BYTES} bytes ({}) moku reads",
            mib(MAX_FILE_BYTES)
        )));
    }
    Ok(())
}

/// A limit in mebibytes for messages: `32 MiB` (the limits are whole MiB).
fn mib(bytes: usize) -> String {
    format!("{} MiB", bytes >> 20)
}

/// A variation whose `(` has been read but not yet its `)`.
struct OpenVariation {
    /// Where its `(` is, for the error if it is never closed.
    at: Location,
    /// Its sequence of nodes so far, not yet linked to one another.
    nodes: Vec<Node>,
    /// The variations closed inside it: they follow its last node.
    variations: Vec<Node>,
}

impl OpenVariation {
    fn new(at: Location) -> OpenVariation {
        OpenVariation {
            at,
            nodes: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// Links the sequence into a chain (each node the only child of the one
    /// before; the last node takes the variations) and returns its head
    /// (in a `Vec` of one, since a sequence is never empty).
    fn into_tree(self) -> Vec<Node> {
        let mut below = self.variations;
        for mut node in self.nodes.into_iter().rev() {
            node.children = below;
            below = vec![node];
        }
        below
    }
}

/// The state of one parse: the text, what has been read so far, and the
/// counts the limits apply to.
struct Parser<'a> {
    cursor: Cursor<'a>,
    /// Nodes read so far, all game trees together.
    nodes: usize,
    /// Property values read so far, all game trees together.
    values: usize,
    /// Where each property starts, in file order, when asked for.
    locations: Option<Vec<Location>>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, locate: bool) -> Parser<'a> {
        Parser {
            cursor: Cursor::new(text),
            nodes: 0,
            values: 0,
            locations: locate.then(Vec::new),
        }
    }

    fn run(mut self) -> Result<(Collection, Vec<Location>), SgfError> {
        let mut games = Vec::new();
        while let Some(open) = self.cursor.skip_to_game() {
            games.extend(self.game_tree(open)?);
        }
        if games.is_empty() {
            return Err(self
                .cursor
                .error_here("no game tree found: SGF game records start with \"(;\""));
        }
        Ok((Collection { games }, self.locations.unwrap_or_default()))
    }

    /// Reads one game tree; the cursor is on the `;` after its `(` at `open`.
    fn game_tree(&mut self, open: Location) -> Result<Vec<Node>, SgfError> {
        let mut current = OpenVariation::new(open);
        let mut outer: Vec<OpenVariation> = Vec::new();
        loop {
            self.cursor.skip_space();
            let here = self.cursor.location();
            match self.cursor.peek() {
                Some(';') => {
                    if !current.variations.is_empty() {
                        return Err(error(
                            here,
                            "a node cannot follow variations: ';' after ')' must be inside a new '('",
                        ));
                    }
                    self.nodes += 1;
                    if self.nodes > MAX_NODES {
                        return Err(error(
                            here,
                            format!(
                                "the file has more than {MAX_NODES} nodes, the most moku reads"
                            ),
                        ));
                    }
                    self.cursor.bump();
                    current.nodes.push(self.node()?);
                }
                Some('(') => {
                    self.cursor.bump();
                    self.cursor.skip_space();
                    if self.cursor.peek() != Some(';') {
                        return Err(error(
                            here,
                            "a variation must start with a node: expected ';' after '('",
                        ));
                    }
                    outer.push(std::mem::replace(&mut current, OpenVariation::new(here)));
                }
                Some(')') => {
                    self.cursor.bump();
                    let tree = current.into_tree();
                    match outer.pop() {
                        Some(parent) => {
                            current = parent;
                            current.variations.extend(tree);
                        }
                        None => return Ok(tree),
                    }
                }
                Some('[') => {
                    return Err(error(here, "a value '[' without a property id before it"))
                }
                Some(c) if c.is_ascii_alphabetic() => {
                    return Err(error(
                        here,
                        "a property outside a node: properties follow a node's ';'",
                    ))
                }
                Some(c) => {
                    return Err(error(
                        here,
                        format!("unexpected {c:?}: expected a property, ';', '(' or ')'"),
                    ))
                }
                None => {
                    return Err(error(
                        current.at,
                        "this '(' is never closed: the file ends before its ')'",
                    ));
                }
            }
        }
    }

    /// Reads the properties of a node; the cursor is just after its `;`.
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::new();
        loop {
            self.cursor.skip_space();
            match self.cursor.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let at = self.cursor.location();
                    node.props.push(self.property()?);
                    if let Some(locations) = &mut self.locations {
                        locations.push(at);
                    }
                }
                _ => return Ok(node),
            }
        }
    }

    /// Reads an id and its values; the cursor is on the id's first letter.
    fn property(&mut self) -> Result<Property, SgfError> {
        let cursor = &mut self.cursor;
        let start = cursor.location();
        let mut written = String::new();
        while let Some(c) = cursor.peek().filter(char::is_ascii_alphabetic) {
            written.push(c);
            cursor.bump();
        }
        // FF[3] ids such as `AddBlack` mean `AB`: only the upper-case letters count.
        let id: String = written.chars().filter(char::is_ascii_uppercase).collect();
        if id.is_empty() {
            return Err(error(
                start,
                format!("property id '{written}' has no upper-case letter"),
            ));
        }
        cursor.skip_space();
        if cursor.peek() != Some('[') {
            let found = match cursor.peek() {
                Some(c) => format!("{c:?}"),
                None => "the end of the file".to_string(),
            };
            return Err(
                cursor.error_here(format!("expected '[' after property {id}, found {found}"))
            );
        }
        let mut values = Vec::new();
        while self.cursor.peek() == Some('[') {
            self.values += 1;
            if self.values > MAX_VALUES {
                return Err(self.cursor.error_here(format!(
                    "the file has more than {MAX_VALUES} property values, the most moku reads"
                )));
            }
            values.push(parse_value(&mut self.cursor)?);
            self.cursor.skip_space();
        }
        Ok(Property { id, values })
    }
}

/// Reads one `[...]` value, unescaped; the cursor is on its `[`.
///
/// `\` keeps the next character whatever it is, except that `\` before a
/// line break (`\n`, `\r\n`, `\n\r` or `\r`) removes both: a soft line
/// break. Everything else, line breaks included, is kept as it is.
fn parse_value(cursor: &mut Cursor) -> Result<String, SgfError> {
    let start = cursor.location();
    cursor.bump();
    let unclosed = || {
        error(
            start,
            "this value '[' is never closed: the file ends before its ']'",
        )
    };
    let mut value = String::new();
    loop {
        if value.len() > MAX_VALUE_BYTES {
            return Err(error(
                start,
                format!(
                    "this value is longer than {}, the most moku reads in one value",
                    mib(MAX_VALUE_BYTES)
                ),
            ));
        }
        match cursor.bump().ok_or_else(unclosed)? {
            ']' => return Ok(value),
            '\\' => match cursor.bump().ok_or_else(unclosed)? {
                '\n' => cursor.bump_if('\r'),
                '\r' => cursor.bump_if('\n'),
                c => value.push(c),
            },
            c => value.push(c),
        }
    }
}

fn error(location: Location, message: impl Into<String>) -> SgfError {
    SgfError {
        location: Some(location),
        message: message.into(),
    }
}

/// A position in the text that knows its line and column.
struct Cursor<'a> {
    /// The text not yet read.
    rest: &'a str,
    line: usize,
    column: usize,
    /// Whether the last character was `\r`, so that a `\n` after it does not
    /// start another line.
    after_cr: bool,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            rest: text,
            line: 1,
            column: 1,
            after_cr: false,
        }
    }

    fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    fn error_here(&self, message: impl Into<String>) -> SgfError {
        error(self.location(), message)
    }

    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    /// Reads one character.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        match c {
            '\n' if self.after_cr => self.column = 1,
            '\n' | '\r' => {
                self.line += 1;
                self.column = 1;
            }
            _ => self.column += 1,
        }
        self.after_cr = c == '\r';
        Some(c)
    }

    /// Reads `c` if it is next.
    fn bump_if(&mut self, c: char) {
        if self.peek() == Some(c) {
            self.bump();
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.bump();
        }
    }

    /// Skips to the next `(` that is followed by `;` (whitespace allowed
    /// between) and returns where that `(` is, leaving the cursor on the
    /// `;`; `None` at the end of the text.
    fn skip_to_game(&mut self) -> Option<Location> {
        loop {
            while self.peek()? != '(' {
                self.bump();
            }
            let open = self.location();
            self.bump();
            self.skip_space();
            if self.peek() == Some(';') {
                return Some(open);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::to_string;
    use super::*;
    use proptest::prelude::*;

    use super::super::tree::prop;

    /// A node with properties `props` (pairs of id and one value) and children.
    fn node(props: &[(&str, &str)], children: Vec<Node>) -> Node {
        super::super::tree::node(
            props.iter().map(|(id, v)| prop(id, &[v])).collect(),
            children,
        )
    }

    fn only_game(text: &str) -> Node {
        let mut collection = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(collection.games.len(), 1);
        collection.games.remove(0)
    }

    /// The error for `text`, as `(line, column, message)`.
    fn error_of(text: &str) -> (usize, usize, String) {
        let e = parse(text).expect_err(text);
        let at = e.location.expect("parse errors have a location");
        (at.line, at.column, e.message)
    }

    #[test]
    fn a_main_line_is_a_chain_of_first_children() {
        let root = only_game("(;FF[4]GM[1]SZ[19];B[pd];W[dp])");
        let expected = node(
            &[("FF", "4"), ("GM", "1"), ("SZ", "19")],
            vec![node(&[("B", "pd")], vec![node(&[("W", "dp")], vec![])])],
        );
        assert_eq!(root, expected);
    }

    #[test]
    fn nested_variations() {
        let root = only_game("(;B[aa](;W[bb];B[dd](;W[ee])(;W[ff]))(;W[cc]))");
        let expected = node(
            &[("B", "aa")],
            vec![
                node(
                    &[("W", "bb")],
                    vec![node(
                        &[("B", "dd")],
                        vec![node(&[("W", "ee")], vec![]), node(&[("W", "ff")], vec![])],
                    )],
                ),
                node(&[("W", "cc")], vec![]),
            ],
        );
        assert_eq!(root, expected);
    }

    #[test]
    fn a_collection_of_several_games() {
        let collection = parse("(;GN[one];B[aa])\n(;GN[two])(;GN[three])").unwrap();
        let names: Vec<_> = collection
            .games
            .iter()
            .map(|g| g.get("GN").unwrap())
            .collect();
        assert_eq!(names, ["one", "two", "three"]);
    }

    #[test]
    fn whitespace_anywhere_between_tokens() {
        let spaced =
            only_game(" ( ;\tFF [4] AB [aa]\r\n [bb] \x0B; B\n[cc] ( ; W[dd] ) ( ;W[ee] ) ) ");
        let tight = only_game("(;FF[4]AB[aa][bb];B[cc](;W[dd])(;W[ee]))");
        assert_eq!(spaced, tight);
    }

    #[test]
    fn property_order_repeats_and_unknown_ids_are_kept() {
        let root = only_game("(;ZZ[x]AB[aa]C[c]AB[bb]KGSDE[hard]MULTIGOGM[1])");
        let ids: Vec<_> = root.props.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["ZZ", "AB", "C", "AB", "KGSDE", "MULTIGOGM"]);
    }

    #[test]
    fn ff3_lower_case_letters_in_ids_are_dropped() {
        let root = only_game("(;AddBlack[aa][bb]CoPyright[GPL]Result[W+R])");
        assert_eq!(
            root.props,
            vec![
                prop("AB", &["aa", "bb"]),
                prop("CP", &["GPL"]),
                prop("R", &["W+R"])
            ]
        );
    }

    #[test]
    fn escapes_are_removed() {
        let root = only_game(r"(;C[a \] b \\ c \: d \x]GN[\\])");
        assert_eq!(root.get("C"), Some(r"a ] b \ c : d x"));
        assert_eq!(root.get("GN"), Some("\\"));
    }

    #[test]
    fn soft_line_breaks_are_removed_and_hard_ones_kept() {
        let text = "(;C[one\\\ntwo\\\r\nthree\\\rfour\\\n\rfive\nsix\r\nseven])";
        assert_eq!(
            only_game(text).get("C"),
            Some("onetwothreefourfive\nsix\r\nseven")
        );
    }

    #[test]
    fn composed_values_stay_whole() {
        let root = only_game(r"(;LB[aa:A][bb:two words\]]AR[aa:cc]LN[dd:ee]AP[CGoban:3])");
        assert_eq!(
            root.get_all("LB").collect::<Vec<_>>(),
            ["aa:A", "bb:two words]"]
        );
        assert_eq!(root.get("AR"), Some("aa:cc"));
        assert_eq!(root.get("LN"), Some("dd:ee"));
        assert_eq!(root.get("AP"), Some("CGoban:3"));
    }

    #[test]
    fn passes_and_empty_values() {
        let root = only_game("(;SZ[19];B[];W[tt];B[]C[])");
        let values: Vec<_> = root
            .main_line()
            .skip(1)
            .map(|n| n.props[0].values[0].as_str())
            .collect();
        assert_eq!(values, ["", "tt", ""]);
        assert_eq!(root.children[0].children[0].children[0].get("C"), Some(""));
    }

    #[test]
    fn empty_nodes_are_kept() {
        let root = only_game("(;;;B[aa])");
        assert_eq!(root.main_line().count(), 3);
        assert!(root.props.is_empty());
    }

    #[test]
    fn text_before_and_after_game_trees_is_ignored() {
        let root = only_game("From: a mail header (with parens)\n\n(;GM[1])\n-- \nsignature ) ( [");
        assert_eq!(root.get("GM"), Some("1"));
    }

    #[test]
    fn unicode_values() {
        let root = only_game("(;PB[李昌镐]PW[Cho Chikun 趙治勲]C[✓ 🀄])");
        assert_eq!(root.get("PB"), Some("李昌镐"));
        assert_eq!(root.get("C"), Some("✓ 🀄"));
    }

    #[test]
    fn parse_bytes_decodes_latin1_by_ca() {
        let collection = parse_bytes(b"(;CA[ISO-8859-1]PW[Ren\xE9]C[caf\xE9 cr\xE8me])").unwrap();
        let root = &collection.games[0];
        assert_eq!(root.get("PW"), Some("René"));
        assert_eq!(root.get("C"), Some("café crème"));
        assert_eq!(root.get("CA"), Some("ISO-8859-1"));
    }

    #[test]
    fn parse_bytes_decodes_shift_jis_with_backslash_trail_bytes() {
        // 表 = 0x95 0x5C and ソ = 0x83 0x5C: decoding first keeps those
        // '\' bytes from being read as escapes.
        let (bytes, _, _) =
            encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]PB[表ソ]C[囲碁\\]];B[aa])");
        let collection = parse_bytes(&bytes).unwrap();
        let root = &collection.games[0];
        assert_eq!(root.get("PB"), Some("表ソ"));
        assert_eq!(root.get("C"), Some("囲碁]"));
        assert_eq!(root.children[0].get("B"), Some("aa"));
    }

    #[test]
    fn parse_bytes_without_ca_falls_back_to_latin1() {
        let collection = parse_bytes(b"(;C[kossa 6k*: h\xF6rru gnugo])").unwrap();
        assert_eq!(collection.games[0].get("C"), Some("kossa 6k*: hörru gnugo"));
    }

    #[test]
    fn error_no_game_tree() {
        assert_eq!(
            error_of(""),
            (
                1,
                1,
                "no game tree found: SGF game records start with \"(;\"".into()
            )
        );
        assert_eq!(error_of("just text\n( B[aa])").0, 2);
        assert_eq!(error_of("   \n  ").1, 3);
    }

    #[test]
    fn error_expected_bracket_after_id() {
        let text = "(;FF[4]\n;B[aa]\n;W[bb]C \n  ;B[cc])";
        assert_eq!(
            error_of(text),
            (4, 3, "expected '[' after property C, found ';'".into())
        );
        assert_eq!(
            parse(text).unwrap_err().to_string(),
            "line 4, column 3: expected '[' after property C, found ';'"
        );
        assert_eq!(
            error_of("(;B"),
            (
                1,
                4,
                "expected '[' after property B, found the end of the file".into()
            )
        );
    }

    #[test]
    fn error_unclosed_value_points_at_its_bracket() {
        assert_eq!(
            error_of("(;GM[1]\n;C[this comment\nnever ends\\])"),
            (
                2,
                3,
                "this value '[' is never closed: the file ends before its ']'".into()
            )
        );
        assert_eq!(error_of("(;C[ends in an escape\\").1, 4);
    }

    #[test]
    fn error_unclosed_variation_points_at_the_innermost_open_paren() {
        assert_eq!(
            error_of("(;GM[1]\n(;B[aa]\n  (;W[bb])\n"),
            (
                2,
                1,
                "this '(' is never closed: the file ends before its ')'".into()
            )
        );
        assert_eq!(error_of("(;GM[1]").0, 1);
    }

    #[test]
    fn error_junk_between_properties() {
        assert_eq!(
            error_of("(;B[aa] 12 W[bb])"),
            (
                1,
                9,
                "unexpected '1': expected a property, ';', '(' or ')'".into()
            )
        );
        assert_eq!(
            error_of("(;B[aa] foo[bb])"),
            (1, 9, "property id 'foo' has no upper-case letter".into())
        );
        assert_eq!(
            error_of("(;B[aa]][bb])"),
            (
                1,
                8,
                "unexpected ']': expected a property, ';', '(' or ')'".into()
            )
        );
        assert_eq!(
            error_of("(;B[aa];[bb])").2,
            "a value '[' without a property id before it"
        );
    }

    #[test]
    fn error_structure() {
        assert_eq!(error_of("(;B[aa](;W[bb]);B[cc])").1, 16);
        assert_eq!(
            error_of("(;B[aa]()"),
            (
                1,
                8,
                "a variation must start with a node: expected ';' after '('".into()
            )
        );
        assert_eq!(
            error_of("(;B[aa](;W[bb])C[x])").2,
            "a property outside a node: properties follow a node's ';'"
        );
    }

    #[test]
    fn columns_count_characters_and_crlf_is_one_line_break() {
        // Where each text goes wrong: line and column.
        for (text, at) in [
            ("(;C[é中]\r\n;B[aa]\r\n€ )", (3, 1)),
            ("(;C[é中] ~", (1, 9)),
            ("(;\r;\r\r~", (4, 1)),
        ] {
            let (line, column, _) = error_of(text);
            assert_eq!((line, column), at, "{text:?}");
        }
        assert_eq!(
            error_of("(;C[é中]\r\n;B[aa]\r\n€ )").2,
            "unexpected '€': expected a property, ';', '(' or ')'"
        );
    }

    /// `collection` as the writer would give it back: root `CA` values that
    /// name another charset than UTF-8 become `UTF-8`.
    fn with_utf8_ca(mut collection: Collection) -> Collection {
        for root in &mut collection.games {
            for property in root.props.iter_mut().filter(|p| p.id == "CA") {
                if !property
                    .values
                    .first()
                    .is_some_and(|v| charset::names_utf8(v))
                {
                    property.values = vec!["UTF-8".to_string()];
                }
            }
        }
        collection
    }

    /// Text made of SGF pieces, so that a fair part of it parses: a game
    /// tree's start, mostly well-formed pieces with some stray ones, and a
    /// few closing parentheses.
    fn sgf_like() -> impl Strategy<Value = String> {
        let good = vec![
            ";",
            "(;",
            ")",
            "B[aa]",
            "W[]",
            "C[a\\]b\\\\\\\nc]",
            "AddBlack[bb][cc]",
            "CA[ISO-8859-1]",
            "CA[UTF-8]",
            "LB[aa:x]",
            " ",
            "\n",
            "\r\n",
            "PB[表é]",
        ];
        let stray = vec!["(", "[", "]", "\\", ":", "x", "B", "CA", "\r"];
        let piece = prop_oneof![6 => prop::sample::select(good), 1 => prop::sample::select(stray)];
        (prop::collection::vec(piece, 0..30), 0..4usize)
            .prop_map(|(pieces, closing)| format!("(;{}{}", pieces.concat(), ")".repeat(closing)))
    }

    fn check_error_location(result: &Result<Collection, SgfError>, text: &str) {
        if let Err(e) = result {
            let at = e.location.expect("parse errors have a location");
            assert!(at.line >= 1 && at.column >= 1);
            assert!(
                at.line <= text.split(['\n', '\r']).count() + 1,
                "{e} in {text:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            let _ = parse_bytes(&bytes);
        }

        #[test]
        fn random_sgf_like_bytes_never_panic(text in sgf_like(), noise in prop::collection::vec(any::<u8>(), 0..4)) {
            let mut bytes = text.into_bytes();
            bytes.extend(noise);
            let _ = parse_bytes(&bytes);
        }

        #[test]
        fn random_strings_never_panic(text in any::<String>()) {
            check_error_location(&parse(&text), &text);
        }

        #[test]
        fn whatever_parses_writes_and_reads_back_the_same(text in sgf_like()) {
            let result = parse(&text);
            check_error_location(&result, &text);
            if let Ok(collection) = result {
                let written = to_string(&collection);
                prop_assert_eq!(parse(&written), Ok(with_utf8_ca(collection)), "written: {:?}", written);
            }
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let depth = 200_000;
        let text = format!("{}{}", "(;".repeat(depth), ")".repeat(depth));
        let root = only_game(&text);
        assert_eq!(root.main_line().count(), depth);
        let long = format!("(;{})", ";B[aa]".repeat(depth));
        assert_eq!(only_game(&long).main_line().count(), depth + 1);
    }
}
