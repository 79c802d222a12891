//! Positions as plain data: what `Game.position()` returns and what the
//! page's worker receives, with the history that leads to the position
//! (so ko, superko and captures are exact).

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::JsError;

use super::convert::{from_ts, js_error, move_text, whole_number, Color, RulesName};
use crate::rules::{gtp_vertex, parse_gtp_vertex, Event, Game, Move, Point, MAX_SIZE, MIN_SIZE};

/// A position as plain data, with the history that leads to it (so ko,
/// superko and captures are exact): what a worker receives. Made by
/// `Game.position()`.
#[derive(Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    /// Board size.
    size: f64,
    /// Komi.
    komi: f32,
    /// The rule set.
    rules: RulesName,
    /// Handicap stones placed before the first move, as GTP vertices.
    #[serde(default)]
    handicap: Vec<String>,
    /// Moves and setups from the start, oldest first; moves as GTP text.
    #[serde(default)]
    history: Vec<HistoryEntry>,
    /// Whose turn it is.
    to_move: Color,
}

/// One entry of a {@link Position}'s history: a move, or stones set up.
//
// Colours are read as text inside an entry (`Color` by type) so that a bad
// one is refused with the entry's number, which the error of an untagged
// enum would not give.
#[derive(Serialize, Deserialize, Tsify)]
#[serde(untagged)]
pub enum HistoryEntry {
    /// A move: GTP text (`"Q16"`, `"pass"`, `"resign"`).
    Move {
        /// Who played it.
        #[tsify(type = "Color")]
        color: String,
        /// GTP text.
        r#move: String,
    },
    /// Stones set up (or removed) at once, as SGF's `AB`, `AW`, `AE` do.
    Setup {
        /// The changed points.
        setup: Vec<SetupStone>,
    },
}

/// One point of a setup: the stone put there, or `null` for emptied.
#[derive(Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null)]
pub struct SetupStone {
    /// GTP text of the point.
    vertex: String,
    /// The stone set there, or `null` when the point is emptied.
    #[tsify(type = "Color | null")]
    color: Option<String>,
}

impl Position {
    /// The position of `game`, with the history that leads to it.
    pub fn of(game: &Game) -> Position {
        let size = game.size();
        let history = game
            .history()
            .iter()
            .map(|e| match e {
                Event::Move { color, mv, .. } => HistoryEntry::Move {
                    color: Color::from(*color).name().to_string(),
                    r#move: move_text(*mv, size),
                },
                Event::Setup { changes, .. } => HistoryEntry::Setup {
                    setup: changes
                        .iter()
                        .map(|&(p, _, after)| SetupStone {
                            vertex: gtp_vertex(p, size),
                            color: after.map(|c| Color::from(c).name().to_string()),
                        })
                        .collect(),
                },
            })
            .collect();
        Position {
            size: size as f64,
            komi: game.komi(),
            rules: game.rules().into(),
            handicap: game
                .handicap()
                .iter()
                .map(|&p| gtp_vertex(p, size))
                .collect(),
            history,
            to_move: game.to_move().into(),
        }
    }

    /// The game of a position the page sent: read and replayed; the
    /// error says why it is not a valid position.
    pub(crate) fn game_of(position: &Ts<Position>) -> Result<Game, JsError> {
        from_ts(position)
            .and_then(|p| p.to_game())
            .map_err(|e| js_error(format!("not a valid position: {e}")))
    }

    /// Replays the position into a game; the first refused entry is the
    /// error.
    pub fn to_game(&self) -> Result<Game, String> {
        let size = whole_number(self.size, MIN_SIZE, MAX_SIZE, "the board size")?;
        if !self.komi.is_finite() {
            return Err("komi must be a number".to_string());
        }
        let mut game = Game::new(size, self.rules.into(), self.komi).map_err(|e| e.to_string())?;
        let point = |text: &str| -> Result<Point, String> {
            parse_gtp_vertex(text, size)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| "'pass' is not a point for a stone".to_string())
        };
        if !self.handicap.is_empty() {
            let stones = self
                .handicap
                .iter()
                .map(|v| point(v))
                .collect::<Result<Vec<_>, _>>()?;
            game.set_free_handicap(&stones)
                .map_err(|e| format!("handicap: {e}"))?;
        }
        for (i, entry) in self.history.iter().enumerate() {
            let at = |e: String| format!("history entry {}: {e}", i + 1);
            match entry {
                HistoryEntry::Move { color, r#move } => {
                    let c = Color::parse(color).map_err(at)?;
                    let mv = if r#move.eq_ignore_ascii_case("resign") {
                        Move::Resign
                    } else {
                        match parse_gtp_vertex(r#move, size).map_err(|e| at(e.to_string()))? {
                            Some(p) => Move::Play(p),
                            None => Move::Pass,
                        }
                    };
                    game.play_as(c, mv)
                        .map_err(|e| at(format!("{c} {}: {e}", r#move)))?;
                }
                HistoryEntry::Setup { setup } => {
                    let changes = setup
                        .iter()
                        .map(|s| {
                            let c = s.color.as_deref().map(Color::parse).transpose();
                            Ok((point(&s.vertex).map_err(at)?, c.map_err(at)?))
                        })
                        .collect::<Result<Vec<_>, String>>()?;
                    game.setup(&changes).map_err(|e| at(e.to_string()))?;
                }
            }
        }
        game.set_to_move(self.to_move.into());
        Ok(game)
    }
}
