//! SGF to games and back: where SGF properties become moves, setup,
//! komi, rules and handicap ([`game_from_sgf`], [`game_from_sgf_bytes`]
//! for GTP's `loadsgf`, which needs only the main line), and a game
//! becomes SGF ([`game_to_sgf`], GTP's `printsgf`); the node-by-node
//! steps the record's cursor (`cursor`) replays; and the errors of
//! both, which name the line and column of the property at fault.

use std::fmt;

use crate::record::sgf::{self, Collection, Location, Node, SgfError};
use crate::rules::{Color, Game, HandicapError, Move, PlayError, Point, RuleSet, SizeError};

/// Default komi when an SGF file has no `KM`, as GNU Go assumes it for
/// `loadsgf` (its regression suites rely on this): 5.5 without handicap.
pub const GNUGO_DEFAULT_KOMI: f32 = 5.5;
/// GNU Go's default komi for handicap games loaded without `KM`.
pub const GNUGO_DEFAULT_HANDICAP_KOMI: f32 = 0.5;

/// Why a record could not be read, created or changed. The record is
/// unchanged after an error.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// The text is not valid SGF (with line and column), or is past one of
    /// the limits of [`sgf::parse`].
    Sgf(SgfError),
    /// The file holds no game tree.
    Empty,
    /// `GM` names a game other than Go.
    NotGo(String),
    /// Unsupported board size.
    Size(SizeError),
    /// Handicap refused.
    Handicap(HandicapError),
    /// A move of the file (1-based number) or of the user is illegal.
    IllegalMove {
        /// The move number, from 1; 0 for a move of the user.
        number: usize,
        /// Who played it.
        color: Color,
        /// The move as GTP text.
        vertex: String,
        /// Why the rules refuse it.
        error: PlayError,
        /// Where its property is in the file (`None` for a move of the
        /// user or of a record not read from a file).
        at: Option<Location>,
    },
    /// The setup of a node (`AB`, `AW`, `AE`) is refused by the board.
    IllegalSetup {
        /// Why.
        error: PlayError,
        /// Where the node's first setup property is in the file, if the
        /// node came from one.
        at: Option<Location>,
    },
    /// A point value of a property is bad.
    BadProperty {
        /// The property identifier (`B`, `AB`, ...).
        id: String,
        /// The value as written.
        value: String,
        /// What is wrong with it.
        message: String,
        /// Where the property is in the file, if it came from one.
        at: Option<Location>,
    },
    /// Navigation past the record.
    NoSuchVariation(usize),
    /// `go_to_move` past the end of the line.
    NoSuchMove(usize),
    /// A move would make the record longer than [`sgf::MAX_NODES`] nodes.
    TooManyNodes,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = |f: &mut fmt::Formatter<'_>, at: &Option<Location>| match at {
            Some(Location { line, column }) => write!(f, "line {line}, column {column}: "),
            None => Ok(()),
        };
        match self {
            RecordError::Sgf(e) => write!(f, "invalid SGF: {e}"),
            RecordError::Empty => f.write_str("the SGF text holds no game"),
            RecordError::NotGo(gm) => write!(f, "the SGF game type GM[{gm}] is not Go (GM[1])"),
            RecordError::Size(e) => e.fmt(f),
            RecordError::Handicap(e) => e.fmt(f),
            RecordError::IllegalMove {
                number,
                color,
                vertex,
                error,
                at,
            } => {
                place(f, at)?;
                if *number == 0 {
                    write!(f, "{} {vertex} is illegal: {error}", color.name())
                } else {
                    write!(
                        f,
                        "move {number} ({} {vertex}) is illegal: {error}",
                        color.name()
                    )
                }
            }
            RecordError::IllegalSetup { error, at } => {
                place(f, at)?;
                write!(f, "illegal setup: {error}")
            }
            RecordError::BadProperty {
                id,
                value,
                message,
                at,
            } => {
                place(f, at)?;
                write!(f, "bad {id}[{value}]: {message}")
            }
            RecordError::NoSuchVariation(i) => write!(f, "there is no variation {i} here"),
            RecordError::NoSuchMove(n) => write!(f, "the game record has no move {n} on this line"),
            RecordError::TooManyNodes => write!(
                f,
                "the record has {} nodes, the most moku keeps: save it and go on in a new one",
                sgf::MAX_NODES
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<SgfError> for RecordError {
    fn from(e: SgfError) -> Self {
        RecordError::Sgf(e)
    }
}
impl From<SizeError> for RecordError {
    fn from(e: SizeError) -> Self {
        RecordError::Size(e)
    }
}
impl From<HandicapError> for RecordError {
    fn from(e: HandicapError) -> Self {
        RecordError::Handicap(e)
    }
}

/// Where GTP's `loadsgf` stops replaying the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadUntil {
    /// Replay the whole main line.
    End,
    /// Stop before move `n` (1-based): moves `1..n` are played and the
    /// player of move `n` is to move.
    MoveNumber(usize),
    /// Stop before the first move played at this point.
    Vertex(Point),
}

/// The board size, rules, komi and handicap of a root node.
pub(super) struct RootInfo {
    size: usize,
    rules: RuleSet,
    komi: Option<f32>,
    handicap: usize,
}

pub(super) fn root_info(root: &Node) -> Result<RootInfo, RecordError> {
    if let Some(gm) = root.get("GM") {
        if gm.trim() != "1" {
            return Err(RecordError::NotGo(gm.to_string()));
        }
    }
    let size = match root.get("SZ") {
        Some(v) => sgf::parse_size(v)?,
        None => 19,
    };
    let rules = root.get("RU").and_then(RuleSet::parse).unwrap_or_default();
    let komi = root
        .get("KM")
        .and_then(|v| v.trim().parse::<f32>().ok())
        .filter(|k| k.is_finite());
    let handicap = root
        .get("HA")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    Ok(RootInfo {
        size,
        rules,
        komi,
        handicap,
    })
}

/// A new game for a root node: size, rules, komi (or `default_komi`),
/// fixed handicap stones when `HA` is given without `AB`, and who moves
/// first.
pub(super) fn new_game(
    root: &Node,
    default_komi: impl Fn(usize) -> f32,
) -> Result<Game, RecordError> {
    let info = root_info(root)?;
    let komi = info.komi.unwrap_or_else(|| default_komi(info.handicap));
    let mut game = Game::new(info.size, info.rules, komi)?;
    if info.handicap >= 2 && root.get("AB").is_none() {
        game.place_fixed_handicap(info.handicap)?;
    }
    Ok(game)
}

/// A node and where its properties are in the file: `at[i]` is the place
/// of `node.props[i]`, or `at` is empty when the node did not come from a
/// file (or its properties changed since).
#[derive(Clone, Copy)]
pub(super) struct Located<'a> {
    pub(super) node: &'a Node,
    pub(super) at: &'a [Location],
}

impl<'a> Located<'a> {
    /// A node with no places (made by the program, not read).
    pub(super) fn unplaced(node: &'a Node) -> Located<'a> {
        Located { node, at: &[] }
    }

    /// Where the first property `id` is.
    fn place_of(&self, id: &str) -> Option<Location> {
        let index = self.node.props.iter().position(|p| p.id == id)?;
        self.at.get(index).copied()
    }

    fn bad(&self, id: &str, value: &str, e: SgfError) -> RecordError {
        RecordError::BadProperty {
            id: id.to_string(),
            value: value.to_string(),
            message: e.message,
            at: self.place_of(id),
        }
    }
}

/// The move of a node, if it has one.
pub(super) fn node_move(node: Located, size: usize) -> Result<Option<(Color, Move)>, RecordError> {
    for (id, color) in [("B", Color::Black), ("W", Color::White)] {
        if let Some(v) = node.node.get(id) {
            let mv = match sgf::parse_point(v, size).map_err(|e| node.bad(id, v, e))? {
                None => Move::Pass,
                Some((x, y)) => Move::Play(Point::from_xy(x as usize, y as usize)),
            };
            return Ok(Some((color, mv)));
        }
    }
    Ok(None)
}

/// The setup of a node (`AE`, then `AB`, then `AW`), one change per point:
/// a point listed again keeps only its last value, which is what applying
/// the list in order would leave. So a node costs at most one change per
/// point of the board, however many times its values repeat the board
/// (`AB[aa:yy]` 100,000 times is 625 changes, not 62 million).
pub(super) fn node_setup(
    node: Located,
    size: usize,
) -> Result<Vec<(Point, Option<Color>)>, RecordError> {
    let mut changes: Vec<(Point, Option<Color>)> = Vec::new();
    let is_setup = |id: &str| matches!(id, "AE" | "AB" | "AW");
    if !node.node.props.iter().any(|p| is_setup(&p.id)) {
        return Ok(changes); // most nodes: a move and nothing to set up
    }
    // Each point's index in `changes`, row-major.
    let mut index_of: Vec<Option<usize>> = vec![None; size * size];
    for (id, c) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        for v in node.node.get_all(id) {
            for (x, y) in sgf::expand_point_list(v, size).map_err(|e| node.bad(id, v, e))? {
                let (x, y) = (usize::from(x), usize::from(y));
                let point = Point::from_xy(x, y);
                match index_of[y * size + x] {
                    Some(i) => changes[i].1 = c,
                    None => {
                        index_of[y * size + x] = Some(changes.len());
                        changes.push((point, c));
                    }
                }
            }
        }
    }
    Ok(changes)
}

/// The number in the first `HA` of a node, 0 without one.
pub(super) fn handicap_of(node: &Node) -> usize {
    node.get("HA")
        .and_then(|h| h.trim().parse::<usize>().ok())
        .unwrap_or(0)
}

/// Applies a node's setup, `PL` and move to `game`. `number` is the move
/// number the node's move would get (for error messages). On error the
/// game is unchanged.
pub(super) fn apply_node(
    game: &mut Game,
    node: Located,
    number: usize,
    is_root: bool,
) -> Result<(), RecordError> {
    let size = game.size();
    // The move's errors first, as `loadsgf` finds them.
    let mv = node_move(node, size)?;
    let mut changes = node_setup(node, size)?;
    let to_move_before = game.to_move();
    let mut undo_setup = false;
    // A root that gives exactly HA black stones and nothing else sets a
    // handicap (not movable by undo, written back as HA/AB).
    let ha = handicap_of(node.node);
    if is_root
        && ha >= 2
        && changes.len() == ha
        && changes.iter().all(|c| c.1 == Some(Color::Black))
        && game.history().is_empty()
        && game.board().empty_count() == size * size
    {
        let pts: Vec<Point> = changes.iter().map(|c| c.0).collect();
        if game.set_free_handicap(&pts).is_ok() {
            changes.clear();
        }
    }
    if !changes.is_empty() {
        game.setup(&changes)
            .map_err(|error| RecordError::IllegalSetup {
                error,
                at: ["AE", "AB", "AW"]
                    .iter()
                    .filter_map(|id| node.place_of(id))
                    .min_by_key(|at| (at.line, at.column)),
            })?;
        undo_setup = true;
        // A handicap game set up with AB in the root: White moves first.
        if is_root && game.to_move() == Color::Black && ha >= 2 {
            game.set_to_move(Color::White);
        }
    }
    if let Some(pl) = node.node.get("PL").and_then(Color::parse) {
        game.set_to_move(pl);
    }
    if let Some((color, m)) = mv {
        if let Err(error) = game.play_as(color, m) {
            if undo_setup {
                let _ = game.undo();
            }
            game.set_to_move(to_move_before);
            let vertex = match m {
                Move::Play(p) => crate::rules::gtp_vertex(p, size),
                _ => "pass".into(),
            };
            return Err(RecordError::IllegalMove {
                number,
                color,
                vertex,
                error,
                at: node.place_of(color.letter().to_string().as_str()),
            });
        }
    }
    Ok(())
}

/// The game of GTP's `loadsgf`: the first game tree's main line replayed
/// until `until`, as GNU Go does it (komi 5.5 when `KM` is missing, 0.5
/// with handicap). An illegal move or a bad point names its line and
/// column in `text`.
///
/// ```
/// use moku::Color;
/// use moku::record::{game_from_sgf, LoadUntil};
/// let sgf = "(;SZ[9];B[ee];W[cc];B[gg])";
/// let g = game_from_sgf(sgf, LoadUntil::MoveNumber(3)).unwrap();
/// assert_eq!(g.move_number(), 2);
/// assert_eq!(g.to_move(), Color::Black);
/// assert_eq!(g.komi(), 5.5);
///
/// let e = game_from_sgf("(;SZ[9]\n;B[ee]\n;W[ee])", LoadUntil::End).unwrap_err();
/// assert_eq!(e.to_string(), "line 3, column 2: move 2 (White E5) is illegal: that point is already occupied");
/// ```
pub fn game_from_sgf(text: &str, until: LoadUntil) -> Result<Game, RecordError> {
    let (collection, at) = sgf::parse_located(text)?;
    game_from_collection(&collection, &at, until)
}

/// [`game_from_sgf`] for bytes in the file's own charset.
pub fn game_from_sgf_bytes(bytes: &[u8], until: LoadUntil) -> Result<Game, RecordError> {
    let (collection, at) = sgf::parse_bytes_located(bytes)?;
    game_from_collection(&collection, &at, until)
}

/// Replays the main line of the first game; `at` holds the places of the
/// properties in file order, and the main line's nodes come first in it
/// (node `k` of the main line is the `k`-th node of the file).
pub(super) fn game_from_collection(
    collection: &Collection,
    mut at: &[Location],
    until: LoadUntil,
) -> Result<Game, RecordError> {
    let root = collection.games.first().ok_or(RecordError::Empty)?;
    let mut game = new_game(root, |ha| {
        if ha >= 2 {
            GNUGO_DEFAULT_HANDICAP_KOMI
        } else {
            GNUGO_DEFAULT_KOMI
        }
    })?;
    let size = game.size();
    let mut number = 1;
    for (i, node) in root.main_line().enumerate() {
        let (here, rest) = at.split_at(node.props.len().min(at.len()));
        at = rest;
        let located = Located { node, at: here };
        let mv = node_move(located, size)?;
        if let Some((color, mv)) = mv {
            let stop = match until {
                LoadUntil::End => false,
                LoadUntil::MoveNumber(n) => number >= n,
                LoadUntil::Vertex(v) => mv == Move::Play(v),
            };
            if stop {
                // Apply the node's setup, if any, but not its move.
                let setup_only = Node {
                    props: node
                        .props
                        .iter()
                        .filter(|p| p.id != "B" && p.id != "W")
                        .cloned()
                        .collect(),
                    children: Vec::new(),
                };
                apply_node(&mut game, Located::unplaced(&setup_only), number, i == 0)?;
                game.set_to_move(color);
                return Ok(game);
            }
        }
        apply_node(&mut game, located, number, i == 0)?;
        if mv.is_some() {
            number += 1;
        }
    }
    Ok(game)
}

/// The SGF of a game's main line: root with size, komi, rules, handicap
/// and result; setup and moves as nodes. What `printsgf` prints.
pub fn game_to_sgf(game: &Game) -> String {
    let mut root = Node::new();
    root.set("FF", ["4"]);
    root.set("GM", ["1"]);
    root.set("CA", ["UTF-8"]);
    root.set("AP", [format!("moku:{}", env!("CARGO_PKG_VERSION"))]);
    root.set("SZ", [game.size().to_string()]);
    root.set("KM", [format_komi(game.komi())]);
    root.set("RU", [game.rules().sgf_name()]);
    if !game.handicap().is_empty() {
        root.set("HA", [game.handicap().len().to_string()]);
        root.set("AB", game.handicap().iter().map(|p| point_value(*p)));
    }
    if let Some(c) = game.resigned() {
        root.set("RE", [format!("{}+R", c.opponent().letter())]);
    }
    let mut nodes: Vec<Node> = Vec::new();
    for ev in game.history() {
        let mut n = Node::new();
        match ev {
            crate::rules::Event::Move { color, mv, .. } => match mv {
                Move::Play(p) => n.set(&color.letter().to_string(), [point_value(*p)]),
                Move::Pass => n.set(&color.letter().to_string(), [""]),
                Move::Resign => continue,
            },
            crate::rules::Event::Setup { changes, .. } => {
                for (id, want) in [
                    ("AB", Some(Color::Black)),
                    ("AW", Some(Color::White)),
                    ("AE", None),
                ] {
                    let pts: Vec<String> = changes
                        .iter()
                        .filter(|c| c.2 == want)
                        .map(|c| point_value(c.0))
                        .collect();
                    if !pts.is_empty() {
                        n.set(id, pts);
                    }
                }
            }
        }
        nodes.push(n);
    }
    // Setup before the first move belongs in the root.
    let mut rest = nodes.into_iter().peekable();
    while let Some(n) = rest.peek() {
        if n.get("B").is_some() || n.get("W").is_some() {
            break;
        }
        let n = rest.next().expect("peeked");
        for p in &n.props {
            let mut vals: Vec<String> = root.get_all(&p.id).map(str::to_string).collect();
            vals.extend(p.values.iter().cloned());
            root.set(&p.id, vals);
        }
    }
    let mut chain: Vec<Node> = rest.collect();
    // Link the main line from the end.
    let mut child: Option<Node> = None;
    while let Some(mut n) = chain.pop() {
        if let Some(c) = child.take() {
            n.children.push(c);
        }
        child = Some(n);
    }
    if let Some(c) = child {
        root.children.push(c);
    }
    sgf::to_string(&Collection { games: vec![root] })
}

pub(super) fn point_value(p: Point) -> String {
    sgf::point_text(p.x() as u8, p.y() as u8)
}

pub(super) fn format_komi(k: f32) -> String {
    format!("{k}")
}
