//! The game record: an SGF game tree with a cursor, and the [`Game`] at
//! the cursor. [`GameRecord`] navigates the whole tree (first / back /
//! forward / last, variations, jump to move N) and extends it by playing
//! at the cursor; the web API uses it. Each step replays one node with
//! the conversions of `convert`.
//!
//! # Bounded work
//!
//! The record keeps its tree as a flat list of nodes, each knowing its
//! children by index, and the cursor as the list of steps from the root.
//! So a step forward or back costs the node's own properties and one move
//! of the rules, however long or deep the record; loading, walking to the
//! end and saving are linear in the size of the file (the figures are in
//! `benches/record.rs`), and no walk recurses. The record holds at most
//! [`sgf::MAX_NODES`] nodes, like a file.

use crate::record::sgf::{self, Collection, Location, Node};
use crate::rules::{Color, Game, Move, PlayError, RuleSet};

use super::convert::{
    apply_node, format_komi, new_game, node_move, point_value, Located, RecordError,
};

/// One node of a record's tree: its properties (a [`Node`] whose
/// `children` stay empty), where they are in the file, and its children
/// by index in [`GameRecord::slots`], main line first.
#[derive(Clone, Debug)]
struct Slot {
    node: Node,
    /// The place of each property in the file; empty for a node made by
    /// the program, or whose properties changed.
    at: Vec<Location>,
    children: Vec<usize>,
}

impl Slot {
    fn located(&self) -> Located<'_> {
        Located {
            node: &self.node,
            at: &self.at,
        }
    }
}

/// One step down the tree: which node, which child of its parent it is,
/// and what the game looked like before it (for going back).
#[derive(Clone, Debug)]
struct Step {
    slot: usize,
    child: usize,
    events: usize,
    to_move_before: Color,
}

/// An SGF game tree with a cursor; the [`Game`] at the cursor.
///
/// Every step (forward, back, into a variation) costs one node's work
/// however big the record: loading, walking and saving are linear in
/// the size of the file, and nothing recurses.
///
/// ```
/// use moku::{GameRecord, Move, RuleSet};
/// use moku::rules::parse_gtp_vertex;
/// let mut r = GameRecord::from_sgf("(;SZ[9]KM[7];B[ee](;W[cc])(;W[gg]))").unwrap();
/// assert_eq!(r.game().move_number(), 0);
/// r.last();
/// assert_eq!(r.move_number(), 2);
/// r.back();
/// assert_eq!(r.variations().len(), 2);
/// r.choose_variation(1).unwrap();
/// assert_eq!(r.game().board().get(parse_gtp_vertex("G3", 9).unwrap().unwrap()).is_some(), true);
/// // Playing a new move at the cursor adds a variation.
/// r.back();
/// r.play(Move::Play(parse_gtp_vertex("D4", 9).unwrap().unwrap())).unwrap();
/// r.back();
/// assert_eq!(r.variations().len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The first game's nodes, parents before children (the root is 0).
    slots: Vec<Slot>,
    /// The file's other game trees, kept as they were for `to_sgf`.
    other_games: Vec<Node>,
    /// Steps from the root to the cursor.
    path: Vec<Step>,
    /// The line last visited below the cursor, for `forward`: the child
    /// taken at each depth.
    line: Vec<usize>,
    game: Game,
    /// The game at the root, to restart navigation cheaply.
    root_game: Game,
}

impl GameRecord {
    /// A new record: an empty board with the given settings (fixed
    /// handicap stones for `handicap >= 2`).
    pub fn new(
        size: usize,
        rules: RuleSet,
        komi: f32,
        handicap: usize,
    ) -> Result<GameRecord, RecordError> {
        let mut root = Node::new();
        root.set("FF", ["4"]);
        root.set("GM", ["1"]);
        root.set("CA", ["UTF-8"]);
        root.set("AP", [format!("moku:{}", env!("CARGO_PKG_VERSION"))]);
        root.set("SZ", [size.to_string()]);
        root.set("KM", [format_komi(komi)]);
        root.set("RU", [rules.sgf_name()]);
        let mut game = Game::new(size, rules, komi)?;
        if handicap >= 2 {
            let pts = game.place_fixed_handicap(handicap)?;
            root.set("HA", [handicap.to_string()]);
            root.set("AB", pts.iter().map(|p| point_value(*p)));
            // Replay the root as a record would: AB as setup.
            game = Game::new(size, rules, komi)?;
            apply_node(&mut game, Located::unplaced(&root), 1, true)?;
        }
        Ok(GameRecord {
            slots: vec![Slot {
                node: root,
                at: Vec::new(),
                children: Vec::new(),
            }],
            other_games: Vec::new(),
            path: Vec::new(),
            line: Vec::new(),
            root_game: game.clone(),
            game,
        })
    }

    /// Reads the first game of an SGF collection (text already decoded);
    /// the cursor is at the root. Komi defaults to 0 without `KM`. The
    /// main line is checked: an illegal move or a bad point is an error
    /// with its line and column.
    ///
    /// ```
    /// use moku::GameRecord;
    /// let e = GameRecord::from_sgf("(;SZ[9]\n;B[ee];W[jj])").unwrap_err();
    /// assert_eq!(e.to_string(), "line 2, column 8: bad W[jj]: point 'jj' is off a 9x9 board");
    /// ```
    pub fn from_sgf(text: &str) -> Result<GameRecord, RecordError> {
        let (collection, at) = sgf::parse_located(text)?;
        Self::whole(collection, at)
    }

    /// Reads the first game as [`GameRecord::from_sgf`] does, except that
    /// a main line that breaks the rules stops at the node before, as the
    /// SGF standard lets a viewer that cannot show an illegal position do.
    /// The node that fails (an illegal move or setup, a bad point) is left
    /// out with everything after it; if it had later siblings, the next
    /// becomes the main line and is checked in turn. The error of the
    /// first node left out comes back beside the record. A fault of the
    /// root (size, handicap, its setup) or of the SGF text itself is an
    /// error, as with `from_sgf`.
    ///
    /// ```
    /// use moku::GameRecord;
    /// // White's second move is on Black's stone.
    /// let text = "(;SZ[9];B[ee];W[cc];B[gg];W[ee];B[cg])";
    /// let (mut r, fault) = GameRecord::from_sgf_until_fault(text)?;
    /// assert_eq!(
    ///     fault.unwrap().to_string(),
    ///     "line 1, column 27: move 4 (White E5) is illegal: that point is already occupied"
    /// );
    /// r.last();
    /// assert_eq!(r.move_number(), 3);
    /// let kept: String = r.to_sgf().split_whitespace().collect();
    /// assert_eq!(kept, "(;SZ[9];B[ee];W[cc];B[gg])");
    /// // The same text, read whole, is refused with the same error.
    /// assert!(GameRecord::from_sgf(text).is_err());
    /// # Ok::<(), moku::record::RecordError>(())
    /// ```
    pub fn from_sgf_until_fault(
        text: &str,
    ) -> Result<(GameRecord, Option<RecordError>), RecordError> {
        let (collection, at) = sgf::parse_located(text)?;
        Self::from_collection(collection, at, true)
    }

    /// Reads SGF bytes in the file's charset (`CA`).
    pub fn from_sgf_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
        let (collection, at) = sgf::parse_bytes_located(bytes)?;
        Self::whole(collection, at)
    }

    /// The record of the first game of `collection`, refused at its main
    /// line's first fault.
    fn whole(collection: Collection, at: Vec<Location>) -> Result<GameRecord, RecordError> {
        match Self::from_collection(collection, at, false)? {
            (r, None) => Ok(r),
            (_, Some(e)) => Err(e),
        }
    }

    /// The record of the first game of `collection`; `at` holds the places
    /// of the properties in file order (the first game's come first). The
    /// main line's first fault comes back beside it: with `cut`, after the
    /// failing node was left out and the rest of the line checked; without,
    /// at once (the record is then not to be used).
    fn from_collection(
        mut collection: Collection,
        at: Vec<Location>,
        cut: bool,
    ) -> Result<(GameRecord, Option<RecordError>), RecordError> {
        if collection.games.is_empty() {
            return Err(RecordError::Empty);
        }
        let first = collection.games.remove(0);
        let slots = flatten(first, at);
        let root = slots[0].located();
        let mut game = new_game(root.node, |_| 0.0)?;
        apply_node(&mut game, root, 1, true)?;
        let mut r = GameRecord {
            root_game: game.clone(),
            game,
            slots,
            other_games: collection.games,
            path: Vec::new(),
            line: Vec::new(),
        };
        // Validate the main line now, so a broken file fails on load.
        let mut fault = None;
        while !r.slots[r.cursor()].children.is_empty() {
            if let Err(e) = r.choose_variation(0) {
                if !cut {
                    return Ok((r, Some(e)));
                }
                // Left out: the node stays in the arena, unreachable, and
                // is not written back (`tree` builds from the links).
                let node = r.cursor();
                r.slots[node].children.remove(0);
                fault.get_or_insert(e);
            }
        }
        r.first();
        Ok((r, fault))
    }

    /// The whole collection as SGF text (UTF-8), with any moves added.
    pub fn to_sgf(&self) -> String {
        let mut games = Vec::with_capacity(1 + self.other_games.len());
        games.push(self.tree());
        // The other games are cloned only to share the writer; cloning
        // is a loop too, and linear.
        games.extend(self.other_games.iter().cloned());
        sgf::to_string(&Collection { games })
    }

    /// The first game as a tree of [`Node`]s, built children first so that
    /// no node is cloned twice and nothing recurses.
    fn tree(&self) -> Node {
        let mut built: Vec<Option<Node>> = Vec::with_capacity(self.slots.len());
        built.resize_with(self.slots.len(), || None);
        for (index, slot) in self.slots.iter().enumerate().rev() {
            let children = slot
                .children
                .iter()
                // Children come after their parent, so they are built.
                .filter_map(|&child| built[child].take())
                .collect();
            built[index] = Some(Node {
                props: slot.node.props.clone(),
                children,
            });
        }
        built[0].take().unwrap_or_default()
    }

    /// The position at the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The moves played from the root to the cursor.
    pub fn move_number(&self) -> usize {
        self.game.move_number()
    }

    /// The root node's properties (game information). Its `children` are
    /// empty: the record keeps the tree itself (see [`GameRecord::to_sgf`]).
    pub fn root(&self) -> &Node {
        &self.slots[0].node
    }

    /// Sets the root's game-information property `id` to `value`, or
    /// removes it with `None`. Only the properties that name the game, not
    /// the ones that set it up: players (`PB`, `PW`, `BR`, `WR`), result
    /// (`RE`), date (`DT`), event (`EV`), game name (`GN`), place (`PC`),
    /// round (`RO`), source (`SO`), user (`US`), comment on the game
    /// (`GC`); any other id is refused and nothing changes.
    ///
    /// ```
    /// use moku::GameRecord;
    /// let mut r = GameRecord::from_sgf("(;SZ[9];B[ee])")?;
    /// r.set_game_info("PW", Some("moku level 6")).unwrap();
    /// r.set_game_info("RE", Some("W+R")).unwrap();
    /// assert!(r.to_sgf().contains("PW[moku level 6]") && r.to_sgf().contains("RE[W+R]"));
    /// assert!(r.set_game_info("SZ", Some("13")).is_err());
    /// # Ok::<(), moku::record::RecordError>(())
    /// ```
    pub fn set_game_info(&mut self, id: &str, value: Option<&str>) -> Result<(), String> {
        const INFO: [&str; 13] = [
            "PB", "PW", "BR", "WR", "RE", "DT", "EV", "GN", "PC", "RO", "SO", "US", "GC",
        ];
        if !INFO.contains(&id) {
            return Err(format!(
                "{id} is not a game-information property moku sets (one of {})",
                INFO.join(", ")
            ));
        }
        let root = &mut self.slots[0].node;
        match value {
            Some(v) => root.set(id, [v.to_string()]),
            None => {
                root.remove(id);
            }
        }
        Ok(())
    }

    /// The slot of the cursor's node.
    fn cursor(&self) -> usize {
        self.path.last().map_or(0, |step| step.slot)
    }

    /// The node at the cursor, to annotate it (comments, marks, good and
    /// bad move properties). Changing its moves or setup would break the
    /// replayed game: only annotations are written through it.
    pub(crate) fn node_mut(&mut self) -> &mut Node {
        let i = self.cursor();
        &mut self.slots[i].node
    }

    /// The nodes from the root to the cursor, root first: the line that
    /// inherited properties (`DD`, `VW`) are read along.
    pub fn nodes_to_cursor(&self) -> impl Iterator<Item = &Node> + '_ {
        std::iter::once(0)
            .chain(self.path.iter().map(|step| step.slot))
            .map(|i| &self.slots[i].node)
    }

    /// The comment (`C`) of the node at the cursor.
    pub fn comment(&self) -> Option<String> {
        self.slots[self.cursor()].node.get("C").map(str::to_string)
    }

    /// The moves of the children of the cursor's node (`None` for a child
    /// without a move, e.g. a setup node).
    pub fn variations(&self) -> Vec<Option<(Color, Move)>> {
        let size = self.game.size();
        self.slots[self.cursor()]
            .children
            .iter()
            .map(|&c| node_move(self.slots[c].located(), size).ok().flatten())
            .collect()
    }

    /// Goes into child `i` of the cursor's node. Fails, changing nothing,
    /// when there is no such child or its move is illegal.
    pub fn choose_variation(&mut self, i: usize) -> Result<(), RecordError> {
        let slot = *self.slots[self.cursor()]
            .children
            .get(i)
            .ok_or(RecordError::NoSuchVariation(i))?;
        let before = self.game.history().len();
        let to_move_before = self.game.to_move();
        let number = self.game.move_number() + 1;
        apply_node(&mut self.game, self.slots[slot].located(), number, false)?;
        let events = self.game.history().len() - before;
        self.path.push(Step {
            slot,
            child: i,
            events,
            to_move_before,
        });
        // Keep the remembered line if we went along it.
        let depth = self.path.len() - 1;
        if self.line.get(depth) != Some(&i) {
            self.line.truncate(depth);
            self.line.push(i);
        }
        Ok(())
    }

    /// Makes the line from the root to the cursor the record's main line:
    /// each node on the way becomes its parent's first child, the others
    /// keep their order after it. A game played on after a takeback keeps
    /// the game as played as its main line, the moves taken back as a
    /// variation. The position does not change.
    ///
    /// ```
    /// use moku::GameRecord;
    /// let mut r = GameRecord::from_sgf("(;SZ[9];B[ee](;W[cc])(;W[gg]))").unwrap();
    /// r.forward();
    /// r.choose_variation(1).unwrap();
    /// r.make_main_line();
    /// let sgf: String = r.to_sgf().split_whitespace().collect();
    /// assert_eq!(sgf, "(;SZ[9];B[ee](;W[gg])(;W[cc]))");
    /// ```
    pub fn make_main_line(&mut self) {
        let mut parent = 0;
        for (depth, step) in self.path.iter_mut().enumerate() {
            let children = &mut self.slots[parent].children;
            children[..=step.child].rotate_right(1);
            step.child = 0;
            if let Some(taken) = self.line.get_mut(depth) {
                *taken = 0;
            }
            parent = step.slot;
        }
    }

    /// Goes back one node. Returns false at the root.
    pub fn back(&mut self) -> bool {
        if self.game.resigned().is_some() {
            let _ = self.game.undo();
            let root = &mut self.slots[0];
            if root.node.remove("RE") {
                root.at.clear();
            }
            return true;
        }
        let Some(step) = self.path.pop() else {
            return false;
        };
        for _ in 0..step.events {
            let _ = self.game.undo();
        }
        self.game.set_to_move(step.to_move_before);
        true
    }

    /// Goes forward one node along the remembered line (or the first
    /// child). Returns false at the end of the line or if the next move
    /// is illegal.
    pub fn forward(&mut self) -> bool {
        let depth = self.path.len();
        let i = self.line.get(depth).copied().unwrap_or(0);
        if i >= self.slots[self.cursor()].children.len() {
            return false;
        }
        self.choose_variation(i).is_ok()
    }

    /// Back to the root.
    pub fn first(&mut self) {
        self.path.clear();
        self.game = self.root_game.clone();
    }

    /// Forward to the end of the line.
    pub fn last(&mut self) {
        while self.forward() {}
    }

    /// Goes to the position after `n` moves along the current line.
    /// Fails, changing nothing, when the line is shorter.
    pub fn go_to_move(&mut self, n: usize) -> Result<(), RecordError> {
        let saved_path: Vec<usize> = self.path.iter().map(|s| s.child).collect();
        let saved_line = self.line.clone();
        let mut line: Vec<usize> = saved_path.clone();
        if self.line.len() > line.len() && self.line[..line.len()] == line[..] {
            line = self.line.clone();
        }
        self.first();
        self.line = line;
        while self.game.move_number() < n {
            if !self.forward() {
                // Restore where we were.
                self.first();
                for c in saved_path {
                    let _ = self.choose_variation(c);
                }
                self.line = saved_line;
                return Err(RecordError::NoSuchMove(n));
            }
        }
        Ok(())
    }

    /// Plays a move for the side to move at the cursor: follows an
    /// existing child with that move, or adds a new variation. Resigning
    /// records the result (`RE`). On error nothing changes; a new node is
    /// refused when the record already has [`sgf::MAX_NODES`].
    pub fn play(&mut self, mv: Move) -> Result<(), RecordError> {
        let color = self.game.to_move();
        let size = self.game.size();
        let illegal = |error, vertex| RecordError::IllegalMove {
            number: 0,
            color,
            vertex,
            error,
            at: None,
        };
        if mv == Move::Resign {
            self.game
                .play(mv)
                .map_err(|error| illegal(error, "resign".into()))?;
            let root = &mut self.slots[0];
            root.node
                .set("RE", [format!("{}+R", color.opponent().letter())]);
            root.at.clear();
            return Ok(());
        }
        if let Err(error) = match mv {
            Move::Play(p) => self.game.check(color, p),
            _ if self.game.resigned().is_some() => Err(PlayError::GameOver),
            _ => Ok(()),
        } {
            let point = if let Move::Play(p) = mv {
                Some(p)
            } else {
                None
            };
            return Err(illegal(error, crate::rules::gtp_move(point, size)));
        }
        let existing = self
            .variations()
            .iter()
            .position(|v| *v == Some((color, mv)));
        let i = match existing {
            Some(i) => i,
            None => {
                if self.slots.len() >= sgf::MAX_NODES {
                    return Err(RecordError::TooManyNodes);
                }
                let mut n = Node::new();
                let value = match mv {
                    Move::Play(p) => point_value(p),
                    _ => String::new(),
                };
                n.set(&color.letter().to_string(), [value]);
                let new = self.slots.len();
                self.slots.push(Slot {
                    node: n,
                    at: Vec::new(),
                    children: Vec::new(),
                });
                let cursor = self.cursor();
                let children = &mut self.slots[cursor].children;
                children.push(new);
                children.len() - 1
            }
        };
        self.choose_variation(i)
    }
}

/// The nodes of the tree under `root` as slots, in file order (a
/// depth-first walk, children in order: parents before children), with the
/// places `at` of their properties, which are in that same order. A loop
/// with its own stack; every node is moved, none cloned.
fn flatten(root: Node, at: Vec<Location>) -> Vec<Slot> {
    let mut places = at.into_iter();
    let mut slots: Vec<Slot> = Vec::new();
    let mut pending: Vec<(Node, Option<usize>)> = vec![(root, None)];
    while let Some((mut node, parent)) = pending.pop() {
        let index = slots.len();
        let children = std::mem::take(&mut node.children);
        let at: Vec<Location> = places.by_ref().take(node.props.len()).collect();
        if let Some(parent) = parent {
            slots[parent].children.push(index);
        }
        slots.push(Slot {
            at: if at.len() == node.props.len() {
                at
            } else {
                Vec::new()
            },
            node,
            children: Vec::with_capacity(children.len()),
        });
        pending.extend(children.into_iter().rev().map(|child| (child, Some(index))));
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{
        game_from_sgf, game_from_sgf_bytes, game_to_sgf, LoadUntil, GNUGO_DEFAULT_HANDICAP_KOMI,
    };
    use crate::rules::{parse_gtp_vertex, Point, Rng};

    fn v(s: &str, size: usize) -> Point {
        parse_gtp_vertex(s, size).unwrap().unwrap()
    }

    /// A main line that breaks the rules stops at the node before: the
    /// failing node goes with what follows it, a later sibling takes its
    /// place and is checked in turn (its own fault is left out too, the
    /// first fault is the one reported), and a sound record loads as
    /// `from_sgf` loads it.
    #[test]
    fn a_faulty_main_line_stops_at_the_node_before() {
        // Move 3 (Black E5) is on Black's own stone; its sibling C7 is
        // sound and becomes the main line, which then breaks at move 5
        // (a point off the board).
        let text = "(;SZ[9];B[ee];W[gg](;B[ee];W[cc])(;B[cc];W[gc];B[zz];W[cg]))";
        let (mut r, fault) = GameRecord::from_sgf_until_fault(text).unwrap();
        let fault = fault.expect("the main line breaks the rules");
        assert!(
            matches!(fault, RecordError::IllegalMove { number: 3, .. }),
            "{fault:?}"
        );
        assert_eq!(GameRecord::from_sgf(text).unwrap_err(), fault);
        r.last();
        assert_eq!(r.move_number(), 4);
        assert_eq!(r.game().board().get(v("C7", 9)), Some(Color::Black));
        assert_eq!(r.game().board().get(v("G7", 9)), Some(Color::White));
        let kept: String = r.to_sgf().split_whitespace().collect();
        assert_eq!(kept, "(;SZ[9];B[ee];W[gg];B[cc];W[gc])");
        // A sound record: no fault, the same record as `from_sgf`.
        let sound = "(;SZ[9];B[ee](;W[cc])(;W[gg]))";
        let (r, fault) = GameRecord::from_sgf_until_fault(sound).unwrap();
        assert_eq!(fault, None);
        assert_eq!(r.to_sgf(), GameRecord::from_sgf(sound).unwrap().to_sgf());
        // A fault of the root or of the text is still an error.
        assert!(GameRecord::from_sgf_until_fault("(;SZ[30];B[aa])").is_err());
        assert!(GameRecord::from_sgf_until_fault("(;SZ[9]AB[zz];B[aa])").is_err());
        assert!(GameRecord::from_sgf_until_fault("(;SZ[9];B[ee]").is_err());
    }

    /// A takeback and a new line two moves deep, three variations at the
    /// second move: the new line becomes the main line at every depth,
    /// the others follow in their order, and the position, the forward
    /// line and the navigation stay where they were.
    #[test]
    fn the_line_played_becomes_the_main_line() {
        let mut r = GameRecord::from_sgf("(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc])(;W[cg]))").unwrap();
        r.forward();
        r.choose_variation(2).unwrap();
        r.play(Move::Play(v("G7", 9))).unwrap();
        r.back();
        r.back();
        r.choose_variation(2).unwrap();
        r.forward();
        let before = r.game().board().clone();
        r.make_main_line();
        assert_eq!(r.game().board(), &before);
        assert_eq!(r.move_number(), 3);
        let expected = "(;SZ[9];B[ee](;W[cg];B[gc])(;W[cc];B[gg])(;W[gc]))";
        let compact: String = r.to_sgf().split_whitespace().collect();
        assert_eq!(compact, expected);
        // From the start, forward follows the main line.
        r.first();
        r.last();
        assert_eq!(r.move_number(), 3);
        assert_eq!(r.game().board().get(v("G7", 9)), Some(Color::Black));
        r.back();
        assert_eq!(r.variations().len(), 1);
        r.back();
        assert_eq!(r.variations().len(), 3);
    }

    #[test]
    fn loadsgf_stops_before_move_n_with_its_player_to_move() {
        let text = "(;SZ[9]KM[6.5];B[ee];W[cc];B[gg];W[gc])";
        let g = game_from_sgf(text, LoadUntil::MoveNumber(4)).unwrap();
        assert_eq!(g.move_number(), 3);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.komi(), 6.5);
        let g = game_from_sgf(text, LoadUntil::Vertex(v("G3", 9))).unwrap();
        assert_eq!(g.move_number(), 2);
        assert_eq!(g.to_move(), Color::Black);
        let g = game_from_sgf(text, LoadUntil::End).unwrap();
        assert_eq!(g.move_number(), 4);
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn handicap_and_setup_and_defaults() {
        let text = "(;SZ[19]HA[2]AB[dp][pd];W[dd];B[pp])";
        let g = game_from_sgf(text, LoadUntil::MoveNumber(1)).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.komi(), GNUGO_DEFAULT_HANDICAP_KOMI);
        assert_eq!(g.board().get(v("D4", 19)), Some(Color::Black));
        assert_eq!(g.handicap().len(), 2, "HA with AB is a handicap, not setup");
        // HA without AB places the fixed stones.
        let g = game_from_sgf("(;SZ[9]HA[4])", LoadUntil::End).unwrap();
        assert_eq!(g.board().stone_counts(), [4, 0]);
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn illegal_file_moves_are_reported_with_their_number() {
        let e = game_from_sgf("(;SZ[9];B[ee];W[ee])", LoadUntil::End).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 15: move 2 (White E5) is illegal: that point is already occupied"
        );
        let e = game_from_sgf("(;SZ[9];B[zz])", LoadUntil::End).unwrap_err();
        assert!(matches!(e, RecordError::BadProperty { .. }), "{e}");
        let e = game_from_sgf("(;GM[2])", LoadUntil::End).unwrap_err();
        assert!(matches!(e, RecordError::NotGo(_)));
        let e = game_from_sgf("(;SZ[30])", LoadUntil::End).unwrap_err();
        assert!(
            matches!(e, RecordError::Sgf(_) | RecordError::Size(_)),
            "{e:?}"
        );
        assert!(GameRecord::from_sgf("(;SZ[9];B[ee];W[ee])").is_err());
    }

    /// The error of loading `text` as a record and with `loadsgf`, which
    /// must be the same, as text.
    fn load_error(text: &str) -> String {
        let record = GameRecord::from_sgf(text).expect_err(text).to_string();
        let loadsgf = game_from_sgf(text, LoadUntil::End)
            .expect_err(text)
            .to_string();
        assert_eq!(record, loadsgf);
        record
    }

    #[test]
    fn game_level_errors_name_the_line_and_column_of_the_property() {
        for (text, want) in [
            (
                "(;SZ[9]\r\n;B[ee]\r\n;C[a comment]W[ee])",
                "line 3, column 14: move 2 (White E5) is illegal: that point is already occupied",
            ),
            (
                "(;SZ[9]\n;B[ee]\n;  W[jj])",
                "line 3, column 4: bad W[jj]: point 'jj' is off a 9x9 board",
            ),
            (
                "(;SZ[9]\n  AB[cc][zz])",
                "line 2, column 3: bad AB[zz]: point 'zz' is off a 9x9 board",
            ),
            (
                // Columns count characters, not bytes.
                "(;SZ[9]PB[李昌镐]C[é] B[xy])",
                "line 1, column 20: bad B[xy]: point 'xy' is off a 9x9 board",
            ),
        ] {
            assert_eq!(load_error(text), want, "{text:?}");
        }
    }

    #[test]
    fn an_illegal_move_in_a_variation_names_its_place_when_chosen() {
        let text = "(;SZ[9];B[ee]\n(;W[cc])\n(;W[ee]))";
        let mut r = GameRecord::from_sgf(text).unwrap();
        r.forward();
        let e = r.choose_variation(1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 3: move 2 (White E5) is illegal: that point is already occupied"
        );
        assert_eq!(r.move_number(), 1);
        // A move of the user has no place.
        let e = r.play(Move::Play(v("E5", 9))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "White E5 is illegal: that point is already occupied"
        );
    }

    #[test]
    fn errors_from_bytes_count_columns_in_decoded_characters() {
        let (bytes, _, _) =
            encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]PB[表ソ]SZ[9];B[ee];W[ee])");
        let e = GameRecord::from_sgf_bytes(&bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 34: move 2 (White E5) is illegal: that point is already occupied"
        );
        assert_eq!(game_from_sgf_bytes(&bytes, LoadUntil::End).unwrap_err(), e);
    }

    /// A record of `moves` random legal moves on a 19x19 board (Japanese
    /// rules: simple ko only, so random play goes on forever through
    /// captures), one move per node.
    fn random_game(moves: usize, seed: u64) -> String {
        let mut game = Game::new(19, RuleSet::Japanese, 6.5).unwrap();
        let mut rng = Rng::new(seed);
        let mut text = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]");
        for _ in 0..moves {
            let color = game.to_move();
            // The first legal one of 50 random points, else a pass.
            let point = (0..50)
                .map(|_| Point::from_xy(rng.below(19), rng.below(19)))
                .find(|&p| game.check(color, p).is_ok());
            game.play(point.map_or(Move::Pass, Move::Play)).unwrap();
            let value = point.map(point_value).unwrap_or_default();
            text.push_str(&format!("\n;{}[{value}]", color.letter()));
        }
        text.push(')');
        text
    }

    /// Runs `f` on a thread with a stack of `kib` KiB, as small as wasm's
    /// or smaller, so that any recursion on the record's depth overflows.
    fn with_small_stack(kib: usize, f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(kib << 10)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn a_100000_move_record_loads_steps_and_saves_on_a_small_stack() {
        with_small_stack(1024, || {
            let text = random_game(100_000, 7);
            let mut r = GameRecord::from_sgf(&text).unwrap();
            assert_eq!(r.move_number(), 0);
            r.last();
            assert_eq!(r.move_number(), 100_000);
            let end = r.game().board().clone();
            assert!(
                r.game().captures(Color::Black) > 1000,
                "random play captures"
            );
            r.go_to_move(50_000).unwrap();
            assert_eq!(r.move_number(), 50_000);
            while r.back() {}
            assert_eq!(r.move_number(), 0);
            let saved = r.to_sgf();
            assert_eq!(sgf::parse(&saved), sgf::parse(&text));
            let mut again = GameRecord::from_sgf(&saved).unwrap();
            again.last();
            assert_eq!(again.game().board(), &end);
            let copy = again.clone();
            assert_eq!(copy.game().board(), &end);
            drop(copy);
            drop(again);
        });
    }

    #[test]
    fn variations_10000_deep_load_step_and_save_on_a_small_stack() {
        with_small_stack(1024, || {
            // Each move opens a variation holding the rest of the game,
            // beside a one-move alternative: nesting 10,000 deep.
            // The moves are passes, Black and White in turn (an even depth).
            let depth = 10_000;
            let opened = "(;B[](;W[]".repeat(depth / 2);
            let text = format!("(;SZ[19]{opened}{})", ")(;B[aa])".repeat(depth));
            let mut r = GameRecord::from_sgf(&text).unwrap();
            r.last();
            assert_eq!(r.move_number(), depth);
            r.back();
            assert_eq!(r.variations().len(), 2);
            r.choose_variation(1).unwrap();
            assert_eq!(r.move_number(), depth);
            assert_eq!(
                r.game().last_move(),
                Some((Color::Black, Move::Play(v("A19", 19))))
            );
            assert_eq!(sgf::parse(&r.to_sgf()), sgf::parse(&text));
            assert!(format!("{r:?}").len() > text.len());
        });
    }

    #[test]
    fn ten_thousand_siblings_and_a_one_megabyte_comment() {
        let comment = "a long comment, ".repeat(1 << 16);
        assert!(comment.len() >= 1 << 20);
        let mut text = format!("(;SZ[19]C[{comment}]");
        for i in 0..10_000 {
            let p = Point::from_xy(i % 19, (i / 19) % 19);
            text.push_str(&format!("(;B[{}]C[{i}])", point_value(p)));
        }
        text.push(')');
        let mut r = GameRecord::from_sgf(&text).unwrap();
        assert_eq!(r.comment().map(|c| c.len()), Some(comment.len()));
        assert_eq!(r.variations().len(), 10_000);
        r.choose_variation(9_999).unwrap();
        assert_eq!(r.comment().as_deref(), Some("9999"));
        assert_eq!(sgf::parse(&r.to_sgf()), sgf::parse(&text));
    }

    #[test]
    fn repeated_setup_costs_one_change_per_point() {
        // The top 24 rows of a 25x25 board black, listed 20,000 times
        // over, and the bottom row white but for two points (so that both
        // chains keep a liberty): one setup of 623 changes.
        let text = format!("(;SZ[25]AB{}AW[ay:wy])", "[aa:yx]".repeat(20_000));
        let mut r = GameRecord::from_sgf(&text).unwrap();
        let game = r.game();
        assert_eq!(game.board().stone_counts(), [600, 23]);
        match game.history() {
            [crate::rules::Event::Setup { changes, .. }] => assert_eq!(changes.len(), 623),
            other => panic!("one setup expected, not {other:?}"),
        }
        game.board().check_consistency().unwrap();
        assert!(!r.back());
        // A full board is a position the board cannot hold: refused.
        let full = "(;SZ[25]AB[aa:yx]\nAW[ay:yy])";
        assert_eq!(
            load_error(full),
            "line 1, column 9: illegal setup: stones would be left without liberties"
        );
    }

    #[test]
    fn a_full_record_refuses_a_new_node_and_changes_nothing() {
        let mut r = GameRecord::from_sgf("(;SZ[9];B[ee])").unwrap();
        let filler = r.slots[1].clone();
        r.slots.resize(sgf::MAX_NODES, filler);
        let before = r.to_sgf();
        let e = r.play(Move::Play(v("C3", 9))).unwrap_err();
        assert_eq!(e, RecordError::TooManyNodes);
        assert_eq!(
            e.to_string(),
            "the record has 1000000 nodes, the most moku keeps: save it and go on in a new one"
        );
        assert_eq!(r.to_sgf(), before);
        assert_eq!(r.move_number(), 0);
        // Following a move already in the record adds no node.
        r.play(Move::Play(v("E5", 9))).unwrap();
        assert_eq!(r.move_number(), 1);
    }

    #[test]
    fn game_to_sgf_round_trips_through_loadsgf() {
        let mut g = Game::new(9, RuleSet::Chinese, 7.5).unwrap();
        g.place_fixed_handicap(2).unwrap();
        for s in ["E5", "C3", "pass", "G7"] {
            let mv = match parse_gtp_vertex(s, 9).unwrap() {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            };
            let _ = g.play(mv);
        }
        let text = game_to_sgf(&g);
        let back = game_from_sgf(&text, LoadUntil::End).unwrap();
        assert_eq!(back.board(), g.board());
        assert_eq!(back.komi(), 7.5);
        assert_eq!(back.rules(), RuleSet::Chinese);
        assert_eq!(back.move_number(), g.move_number());
        assert_eq!(back.to_move(), g.to_move());
    }

    #[test]
    fn record_navigation_and_play() {
        let mut r = GameRecord::new(9, RuleSet::Japanese, 6.5, 0).unwrap();
        for s in ["E5", "C3", "G7"] {
            r.play(Move::Play(v(s, 9))).unwrap();
        }
        assert_eq!(r.move_number(), 3);
        // Rejected: occupied; nothing changes.
        let before = r.to_sgf();
        let e = r.play(Move::Play(v("E5", 9))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "White E5 is illegal: that point is already occupied"
        );
        assert_eq!(r.to_sgf(), before);
        assert_eq!(r.move_number(), 3);
        // Back twice, forward once follows the same line.
        assert!(r.back());
        assert!(r.back());
        assert!(r.forward());
        assert_eq!(
            r.game().last_move(),
            Some((Color::White, Move::Play(v("C3", 9))))
        );
        r.go_to_move(3).unwrap();
        assert_eq!(r.move_number(), 3);
        assert!(r.go_to_move(4).is_err());
        assert_eq!(r.move_number(), 3);
        r.first();
        assert_eq!(r.move_number(), 0);
        assert!(!r.back());
        // Reload the written SGF: same main line.
        let mut again = GameRecord::from_sgf(&r.to_sgf()).unwrap();
        again.last();
        assert_eq!(again.move_number(), 3);
        assert_eq!(again.game().komi(), 6.5);
    }

    #[test]
    fn every_regression_sgf_loads_as_a_game() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnugo-regression");
        let mut count = 0;
        let mut stack = vec![std::path::PathBuf::from(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "sgf") {
                    let bytes = std::fs::read(&p).unwrap();
                    let g = game_from_sgf_bytes(&bytes, LoadUntil::End);
                    assert!(g.is_ok(), "{}: {}", p.display(), g.unwrap_err());
                    g.unwrap().board().check_consistency().unwrap();
                    count += 1;
                }
            }
        }
        assert!(count > 300);
    }
}
