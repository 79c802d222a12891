//! Positions as plain data: what `Game.position()` returns and what the
//! page's worker receives, with the history that leads to the position
//! (so ko, superko and captures are exact).

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::JsValue;

use super::convert::{
    check_kind, describe, from_ts, move_text, range_error, type_error, whole_number, ApiError,
    Color, Kind, RulesName,
};
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

    /// The fields of a position with their JS types; `true` for the
    /// required ones.
    const FIELDS: [(&'static str, Kind, bool); 6] = [
        ("size", Kind::Number, true),
        ("komi", Kind::Number, true),
        ("rules", Kind::Text, true),
        ("toMove", Kind::Text, true),
        ("handicap", Kind::Array, false),
        ("history", Kind::Array, false),
    ];

    /// The game a JS position (as `Game.position()` makes it) describes.
    /// A value that is not such an object, a field missing or of the
    /// wrong type, or a history entry of the wrong shape is a `TypeError`
    /// naming it; a position that cannot be reached (a size of 40, an
    /// illegal move in the history) a `RangeError` naming the entry.
    /// Fields the position does not have are ignored (it is data, and
    /// may carry more).
    pub fn read(value: &Ts<Position>) -> Result<Game, ApiError> {
        let v = value.js_value();
        let what = "the position";
        if !(v.is_object() && !js_sys::Array::is_array(&v) && !v.is_function()) {
            return Err(type_error(format!(
                "{what} must be an object made by Game.position(), not {}",
                describe(&v)
            )));
        }
        for (name, kind, required) in Position::FIELDS {
            let field = js_sys::Reflect::get(&v, &JsValue::from_str(name)).unwrap_or_default();
            if field.is_undefined() && !required {
                continue;
            }
            check_kind(&field, kind, &format!("{what}'s {name}"))?;
        }
        let history = js_sys::Reflect::get(&v, &JsValue::from_str("history")).unwrap_or_default();
        if !history.is_undefined() {
            // Read entry by entry so that a bad one is named by its number.
            for (i, entry) in js_sys::Array::from(&history).iter().enumerate() {
                serde_wasm_bindgen::from_value::<HistoryEntry>(entry.clone()).map_err(|_| {
                    type_error(format!(
                        "{what}'s history entry {}: must be a move {{color, move}} or a setup {{setup: [{{vertex, color}}]}} with strings, not {}",
                        i + 1,
                        describe(&entry)
                    ))
                })?;
            }
        }
        let position = from_ts(value).map_err(|e| range_error(format!("{what}: {e}")))?;
        position
            .to_game()
            .map_err(|e| e.context(format!("not a valid position: {what}")))
    }

    /// Replays the position into a game; the first refused entry is the
    /// error (a `RangeError`).
    pub fn to_game(&self) -> Result<Game, ApiError> {
        let size = whole_number(self.size, MIN_SIZE, MAX_SIZE, "the board size")?;
        if !self.komi.is_finite() {
            return Err(range_error("komi must be a finite number"));
        }
        let mut game = Game::new(size, self.rules.into(), self.komi).map_err(range_error)?;
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
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| range_error(format!("handicap: {e}")))?;
            game.set_free_handicap(&stones)
                .map_err(|e| range_error(format!("handicap: {e}")))?;
        }
        for (i, entry) in self.history.iter().enumerate() {
            let at = |e: String| range_error(format!("history entry {}: {e}", i + 1));
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
                        .collect::<Result<Vec<_>, ApiError>>()?;
                    game.setup(&changes).map_err(|e| at(e.to_string()))?;
                }
            }
        }
        game.set_to_move(self.to_move.into());
        Ok(game)
    }
}
