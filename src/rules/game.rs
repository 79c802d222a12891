//! A game: the board plus history, whose turn it is, komi, handicap,
//! superko, passes and resignation, and scoring.

use std::collections::HashMap;
use std::fmt;

use crate::rules::board::Undo;
use crate::rules::handicap::{fixed_handicap_points, HandicapError};
use crate::rules::scoring::{score, Score};
use crate::rules::{Board, Color, KoRule, PlayError, Point, RuleSet, SizeError};

/// A move of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone this turn.
    Pass,
    /// The player gives up; the game ends for good.
    Resign,
}

/// One entry of the game history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move, with what undoing it needs.
    Move {
        /// Who played it.
        color: Color,
        /// What was played.
        mv: Move,
        /// The board's undo record (`None` for a pass or resignation).
        undo: Option<Undo>,
    },
    /// Stones set up mid-game (SGF `AB`/`AW`/`AE`), with what was there
    /// before, and whose turn it was.
    Setup {
        /// Each changed point: the point, what was there, what is there now.
        changes: Vec<(Point, Option<Color>, Option<Color>)>,
        /// The side to move before the setup.
        to_move: Color,
    },
}

/// `undo` with an empty history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NothingToUndo;

impl fmt::Display for NothingToUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("there is no move to undo")
    }
}

impl std::error::Error for NothingToUndo {}

/// A game in progress.
///
/// ```
/// use moku::{Game, Move, RuleSet};
/// use moku::rules::parse_gtp_vertex;
/// let mut g = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
/// let p = parse_gtp_vertex("E5", 9).unwrap().unwrap();
/// g.play(Move::Play(p)).unwrap();
/// assert!(g.play(Move::Play(p)).is_err()); // occupied, and nothing changed
/// assert_eq!(g.move_number(), 1);
/// g.play(Move::Pass).unwrap();
/// g.play(Move::Pass).unwrap();
/// assert!(g.is_over());
/// ```
///
/// Two games are equal when every field is: the board, the settings and
/// the whole history with its superko counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    board: Board,
    rules: RuleSet,
    komi: f32,
    handicap: Vec<Point>,
    to_move: Color,
    history: Vec<Event>,
    /// The number of `Event::Move`s in `history`, kept so that
    /// [`Game::move_number`] costs nothing in long records.
    moves_played: usize,
    /// How often each board hash has occurred (positional superko).
    seen: HashMap<u64, u32>,
    resigned: Option<Color>,
}

impl Game {
    /// A new game on an empty board, Black to move.
    pub fn new(size: usize, rules: RuleSet, komi: f32) -> Result<Game, SizeError> {
        let board = Board::new(size)?;
        let mut seen = HashMap::new();
        seen.insert(board.hash(), 1);
        Ok(Game {
            board,
            rules,
            komi,
            handicap: Vec::new(),
            to_move: Color::Black,
            history: Vec::new(),
            moves_played: 0,
            seen,
            resigned: None,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Board size.
    pub fn size(&self) -> usize {
        self.board.size()
    }
    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }
    /// Changes the rule set (before or during a game).
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }
    /// Komi, added to White's score.
    pub fn komi(&self) -> f32 {
        self.komi
    }
    /// Sets komi.
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// Sets whose turn it is (SGF `PL`, GTP `loadsgf`).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }
    /// The handicap stones placed at the start.
    pub fn handicap(&self) -> &[Point] {
        &self.handicap
    }
    /// The history, oldest first.
    pub fn history(&self) -> &[Event] {
        &self.history
    }
    /// Number of moves played (passes and resignation included, setup not).
    pub fn move_number(&self) -> usize {
        self.moves_played
    }
    /// The moves played, oldest first, as `(colour, move)`.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().filter_map(|e| match e {
            Event::Move { color, mv, .. } => Some((*color, *mv)),
            Event::Setup { .. } => None,
        })
    }
    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.iter().rev().find_map(|e| match e {
            Event::Move { color, mv, .. } => Some((*color, *mv)),
            Event::Setup { .. } => None,
        })
    }
    /// Stones captured so far by `c`.
    pub fn captures(&self, c: Color) -> u32 {
        self.board.captures(c)
    }
    /// Who resigned, if anyone.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// Whether the game has ended: by resignation, or by two passes in a
    /// row. A move after two passes resumes the game (as servers allow to
    /// settle a disputed position); after a resignation nothing more can
    /// be played.
    pub fn is_over(&self) -> bool {
        if self.resigned.is_some() {
            return true;
        }
        let mut it = self.history.iter().rev();
        matches!(
            (it.next(), it.next()),
            (
                Some(Event::Move { mv: Move::Pass, .. }),
                Some(Event::Move { mv: Move::Pass, .. })
            )
        )
    }

    /// Places GTP's fixed handicap stones on the empty board; White moves
    /// next.
    pub fn place_fixed_handicap(&mut self, stones: usize) -> Result<Vec<Point>, HandicapError> {
        let pts = fixed_handicap_points(self.size(), stones)?;
        self.set_free_handicap(&pts)?;
        Ok(pts)
    }

    /// Places handicap stones on the given points of the empty board;
    /// White moves next. Fails (changing nothing) on a non-empty board, a
    /// repeated point, fewer than two stones, or a full board.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        let size = self.size();
        if !self.history.is_empty() || self.board.empty_count() != size * size {
            return Err(HandicapError::BoardNotEmpty);
        }
        if points.len() < 2 || points.len() >= size * size {
            return Err(HandicapError::InvalidNumber {
                stones: points.len(),
                size,
                max: size * size - 1,
            });
        }
        for (i, p) in points.iter().enumerate() {
            if points[..i].contains(p) {
                return Err(HandicapError::Repeated);
            }
        }
        if !points.iter().all(|&p| self.board.on_board(p)) {
            return Err(HandicapError::OffBoard);
        }
        for &p in points {
            self.board.set_stone(p, Some(Color::Black));
        }
        self.handicap = points.to_vec();
        self.seen.clear();
        self.seen.insert(self.board.hash(), 1);
        self.to_move = Color::White;
        Ok(())
    }

    /// Sets up stones (SGF `AB`/`AW`/`AE`): no captures, no ko. Undoable.
    /// Points off the board, and a setup that would leave a chain without
    /// liberties (the board keeps every chain with at least one), are
    /// refused; nothing changes then.
    pub fn setup(&mut self, changes: &[(Point, Option<Color>)]) -> Result<(), PlayError> {
        if changes.iter().any(|&(p, _)| !self.board.on_board(p)) {
            return Err(PlayError::OffBoard);
        }
        // Setting stones clears the ko point: keep the board to put back.
        let before = self.board.clone();
        let mut record = Vec::with_capacity(changes.len());
        for &(p, c) in changes {
            record.push((p, self.board.get(p), c));
            self.board.set_stone(p, c);
        }
        // Only a stone set here can take the last liberty of its own chain
        // or of a neighbouring one.
        let breathless =
            |board: &Board, p: Point| board.get(p).is_some() && board.liberties(p) == 0;
        let without_liberties = record.iter().any(|&(p, _, after)| {
            after.is_some()
                && (breathless(&self.board, p)
                    || self.board.neighbors(p).any(|n| breathless(&self.board, n)))
        });
        if without_liberties {
            self.board = before;
            return Err(PlayError::NoLiberties);
        }
        *self.seen.entry(self.board.hash()).or_insert(0) += 1;
        self.history.push(Event::Setup {
            changes: record,
            to_move: self.to_move,
        });
        Ok(())
    }

    /// Whether `c` may play at `p` now (ko, superko and suicide included).
    pub fn check(&self, c: Color, p: Point) -> Result<(), PlayError> {
        if self.resigned.is_some() {
            return Err(PlayError::GameOver);
        }
        self.board.check_move(p, c, self.rules.suicide_allowed())?;
        if self.rules.ko_rule() == KoRule::PositionalSuperko {
            let h = match self.board.hash_after(p, c) {
                Some(h) => h,
                None => {
                    let mut b = self.board.clone();
                    b.play_unchecked(p, c);
                    b.hash()
                }
            };
            if self.seen.contains_key(&h) {
                return Err(PlayError::Superko);
            }
        }
        Ok(())
    }

    /// Every point where `c` may play now, row by row from the top-left.
    pub fn legal_moves(&self, c: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.board.is_empty(p) && self.check(c, p).is_ok())
            .collect()
    }

    /// Plays a move for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_as(self.to_move, mv)
    }

    /// Plays a move for `color` (GTP lets either colour move at any time).
    /// On error nothing changes.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.resigned.is_some() {
            return Err(PlayError::GameOver);
        }
        let undo = match mv {
            Move::Play(p) => {
                self.check(color, p)?;
                let u = self.board.play_unchecked(p, color);
                *self.seen.entry(self.board.hash()).or_insert(0) += 1;
                Some(u)
            }
            Move::Pass => Some(self.board.pass(color)),
            Move::Resign => {
                self.resigned = Some(color);
                None
            }
        };
        self.history.push(Event::Move { color, mv, undo });
        self.moves_played += 1;
        self.to_move = color.opponent();
        Ok(())
    }

    /// Every position of the game's history, the first before any move
    /// or setup, the last the position now: what a replay walks through.
    ///
    /// ```
    /// use moku::{Game, Move, Point, RuleSet};
    /// let mut g = Game::new(9, RuleSet::Chinese, 7.5).unwrap();
    /// g.play(Move::Play(Point::from_xy(4, 4))).unwrap();
    /// let boards = g.history_boards();
    /// assert_eq!(boards.len(), 2);
    /// assert!(boards[0].get(Point::from_xy(4, 4)).is_none());
    /// assert_eq!(&boards[1], g.board());
    /// ```
    pub fn history_boards(&self) -> Vec<Board> {
        let mut g = self.clone();
        let mut boards = vec![g.board().clone()];
        while g.undo().is_ok() {
            boards.push(g.board().clone());
        }
        boards.reverse();
        boards
    }

    /// Takes back the last history entry (a move or a setup).
    pub fn undo(&mut self) -> Result<(), NothingToUndo> {
        let ev = self.history.pop().ok_or(NothingToUndo)?;
        match ev {
            Event::Move { color, mv, undo } => {
                self.moves_played -= 1;
                if let Move::Play(_) = mv {
                    self.forget_position();
                }
                if mv == Move::Resign {
                    self.resigned = None;
                }
                if let Some(u) = undo {
                    self.board.undo(u);
                }
                self.to_move = color;
            }
            Event::Setup { changes, to_move } => {
                self.forget_position();
                for &(p, before, _) in changes.iter().rev() {
                    self.board.set_stone(p, before);
                }
                self.to_move = to_move;
            }
        }
        Ok(())
    }

    fn forget_position(&mut self) {
        let h = self.board.hash();
        if let Some(n) = self.seen.get_mut(&h) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&h);
            }
        }
    }

    /// Scores the position with the given dead stones (any stone of a dead
    /// chain marks it all) under this game's rules and komi.
    pub fn score(&self, dead: &[Point]) -> Score {
        let caps = [
            self.board.captures(Color::Black),
            self.board.captures(Color::White),
        ];
        score(&self.board, dead, self.rules.scoring(), self.komi, caps)
    }
}

/// Tests' games: the board `ascii` reached by setup, under `rules` and
/// `komi`, Black to move.
#[cfg(test)]
pub(crate) fn game_from_ascii(ascii: &str, rules: RuleSet, komi: f32) -> Game {
    let b = Board::from_ascii(ascii);
    let mut g = Game::new(b.size(), rules, komi).unwrap();
    let changes: Vec<_> = b
        .points()
        .filter_map(|p| b.get(p).map(|c| (p, Some(c))))
        .collect();
    g.setup(&changes).unwrap();
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::pt;

    /// A game whose board is `ascii`, reached by setup.
    fn game_from(ascii: &str, rules: RuleSet) -> Game {
        game_from_ascii(ascii, rules, 0.0)
    }

    /// A 4x4 game in which White has just taken a ko at B3: Black may not
    /// retake at C3 at once.
    fn white_took_the_ko() -> Game {
        let mut g = game_from(
            "
            . X O .
            X . X O
            . X O .
            . . . .",
            RuleSet::Japanese,
        );
        g.set_to_move(Color::White);
        g.play(Move::Play(pt(1, 1))).unwrap();
        g
    }

    #[test]
    fn rejected_moves_leave_the_game_unchanged() {
        let mut g = white_took_the_ko();
        let before = g.clone();
        assert_eq!(g.play(Move::Play(pt(2, 1))), Err(PlayError::Ko));
        assert_eq!(g.play(Move::Play(pt(1, 1))), Err(PlayError::Occupied));
        assert_eq!(
            g.play(Move::Play(Point::from_index(0))),
            Err(PlayError::OffBoard)
        );
        assert_eq!(g, before);
    }

    #[test]
    fn triple_ko_simple_ko_allows_superko_forbids() {
        // Three independent kos K1 (top left), K2 (top right), K3 (bottom
        // left). Black holds K1 and K2, White holds K3; White to move.
        let pos = "
            . X O . . . X O .
            X . X O . X . X O
            . X O . . . X O .
            . . . . . . . . .
            . . . . . . . . .
            . X O . . . . . .
            X O . O . . . . .
            . X O . . . . . .
            . . . . . . . . .";
        // Each capture takes one stone; no ko is retaken at once, so the
        // cycle is legal under simple ko. The sixth move recreates the
        // starting position.
        let cycle = [
            (pt(1, 1), Color::White), // W takes K1
            (pt(2, 6), Color::Black), // B takes K3
            (pt(6, 1), Color::White), // W takes K2
            (pt(2, 1), Color::Black), // B retakes K1
            (pt(1, 6), Color::White), // W retakes K3
            (pt(7, 1), Color::Black), // B retakes K2: the start again
        ];
        let mut japanese = game_from(pos, RuleSet::Japanese);
        let mut chinese = game_from(pos, RuleSet::Chinese);
        let start = japanese.board().clone();
        for (i, &(p, c)) in cycle.iter().enumerate() {
            japanese.play_as(c, Move::Play(p)).unwrap();
            assert_eq!(japanese.board().captures(c) as usize, i / 2 + 1);
            if i < 5 {
                chinese.play_as(c, Move::Play(p)).unwrap();
            }
        }
        // Simple ko: the cycle closes; the board is the start again.
        assert_eq!(japanese.board().to_ascii(), start.to_ascii());
        // Positional superko: the closing move is refused, nothing changes.
        let before = chinese.clone();
        assert_eq!(
            chinese.play_as(Color::Black, Move::Play(pt(7, 1))),
            Err(PlayError::Superko)
        );
        assert_eq!(chinese, before);
        assert!(!chinese.legal_moves(Color::Black).contains(&pt(7, 1)));
        assert!(japanese.board().check_consistency().is_ok());
    }

    #[test]
    fn undo_restores_everything_in_order() {
        let mut g = Game::new(9, RuleSet::Chinese, 7.5).unwrap();
        let start = g.clone();
        let moves = [pt(2, 2), pt(3, 3), pt(2, 3), pt(3, 2), pt(4, 4)];
        let mut states = vec![g.clone()];
        for &p in &moves {
            g.play(Move::Play(p)).unwrap();
            states.push(g.clone());
        }
        g.play(Move::Pass).unwrap();
        g.undo().unwrap();
        for s in states.iter().rev() {
            assert_eq!(&g, s);
            if g.undo().is_err() {
                break;
            }
        }
        assert_eq!(g, start);
        assert_eq!(g.undo(), Err(NothingToUndo));
    }

    #[test]
    fn a_setup_without_liberties_is_refused_and_changes_nothing() {
        let mut g = white_took_the_ko();
        assert_eq!(g.board().ko_point(), Some(pt(2, 1)));
        let before = g.clone();
        // Black on the last liberty of the white stone at B3 (1, 1)...
        assert_eq!(
            g.setup(&[(pt(2, 1), Some(Color::Black)), (pt(3, 3), None)]),
            Err(PlayError::NoLiberties)
        );
        // ... or a stone with no liberty of its own, in the corner.
        assert_eq!(
            g.setup(&[(pt(3, 0), Some(Color::Black))]),
            Err(PlayError::NoLiberties)
        );
        assert_eq!(g, before);
        assert_eq!(g.board().ko_point(), Some(pt(2, 1)));
        // A full board is refused; one with an eye is fine.
        let mut full = Game::new(5, RuleSet::Japanese, 0.0).unwrap();
        let all: Vec<_> = full
            .board()
            .points()
            .map(|p| (p, Some(Color::Black)))
            .collect();
        assert_eq!(full.setup(&all), Err(PlayError::NoLiberties));
        full.setup(&all[1..]).unwrap();
        full.board().check_consistency().unwrap();
        assert_eq!(full.move_number(), 0);
    }

    #[test]
    fn move_number_counts_moves_not_setup_through_undo() {
        let mut g = Game::new(9, RuleSet::Japanese, 0.0).unwrap();
        g.play(Move::Play(pt(2, 2))).unwrap();
        g.setup(&[(pt(5, 5), Some(Color::White))]).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.move_number(), 2);
        assert_eq!(g.last_move(), Some((Color::White, Move::Pass)));
        g.undo().unwrap();
        assert_eq!(g.move_number(), 1);
        assert_eq!(g.last_move(), Some((Color::Black, Move::Play(pt(2, 2)))));
        g.undo().unwrap();
        assert_eq!(g.move_number(), 1);
        g.undo().unwrap();
        assert_eq!((g.move_number(), g.last_move()), (0, None));
    }

    #[test]
    fn resignation_ends_the_game() {
        let mut g = Game::new(9, RuleSet::Japanese, 6.5).unwrap();
        g.play(Move::Resign).unwrap();
        assert!(g.is_over());
        assert_eq!(g.resigned(), Some(Color::Black));
        assert_eq!(g.play(Move::Pass), Err(PlayError::GameOver));
        g.undo().unwrap();
        assert!(!g.is_over());
    }

    #[test]
    fn handicap_on_empty_board_only() {
        let mut g = Game::new(19, RuleSet::Japanese, 0.5).unwrap();
        let pts = g.place_fixed_handicap(4).unwrap();
        assert_eq!(pts.len(), 4);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.board().get(pts[0]), Some(Color::Black));
        let before = g.clone();
        assert_eq!(g.place_fixed_handicap(2), Err(HandicapError::BoardNotEmpty));
        assert_eq!(g, before);
        let mut g = Game::new(9, RuleSet::Japanese, 0.5).unwrap();
        assert_eq!(
            g.set_free_handicap(&[pt(2, 2), pt(2, 2)]),
            Err(HandicapError::Repeated)
        );
        assert_eq!(g.board().empty_count(), 81);
    }
}
