//! Conversions at the JS boundary and the small shapes every export uses:
//! vertices, colours, moves, rule-set names, numbers and errors. Nothing
//! here knows a Go rule; it only translates.
//!
//! Every type that crosses the boundary is a Rust type deriving
//! [`Tsify`], so the `.d.ts` that wasm-bindgen writes declares it from the
//! Rust definition (doc comments included); values go out through
//! [`to_ts`].

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::rules::{self, gtp_vertex, parse_gtp_vertex, Game, Move, Point, RuleSet, VertexError};

/// A JS `Error` with `msg` as its message.
pub fn js_error(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string())
}

/// Converts `value` to the plain JS value its generated type describes:
/// objects for structs, `null` for `None` (serde-wasm-bindgen's JSON-like
/// settings), typed arrays passed through as they are.
pub fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(Ts::new_unchecked)
        .map_err(|e| js_error(format!("internal error: {e}")))
}

/// Reads a JS value as the Rust type its generated type describes; the
/// error is serde-wasm-bindgen's own text (tsify's `to_rust` would name
/// the Rust type, which means nothing to a JS caller).
pub fn from_ts<T: Tsify + for<'de> Deserialize<'de>>(value: &Ts<T>) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value.js_value()).map_err(|e| e.to_string())
}

/// A list of values as a JS array of their generated type.
pub fn to_ts_list<T: Tsify + Serialize>(values: &[T]) -> Result<Vec<Ts<T>>, JsError> {
    values.iter().map(to_ts).collect()
}

/// Reads an options object (`undefined` or `null`: every option left out),
/// refusing a key not in `allowed` (a typo such as `siz` would otherwise be
/// ignored silently). `what` names the object in errors, e.g. `"game
/// options"`.
pub fn read_options<T: Tsify + for<'de> Deserialize<'de> + Default>(
    options: Option<Ts<T>>,
    allowed: &[&str],
    what: &str,
) -> Result<T, JsError> {
    let Some(options) = options else {
        return Ok(T::default());
    };
    let value = options.js_value();
    if value.is_object() {
        for key in js_sys::Object::keys(&js_sys::Object::from(value.clone())).iter() {
            let key = key.as_string().unwrap_or_default();
            if !allowed.contains(&key.as_str()) {
                return Err(js_error(format!(
                    "{what} have no field '{key}' (expected {})",
                    allowed.join(", ")
                )));
            }
        }
    }
    from_ts(&options).map_err(|e| js_error(format!("invalid {what}: {e}")))
}

/// A whole number in `lo..=hi` from a JS number, or an error naming `what`.
pub fn whole_number(v: f64, lo: usize, hi: usize, what: &str) -> Result<usize, String> {
    if v.is_finite() && v.fract() == 0.0 && v >= lo as f64 && v <= hi as f64 {
        Ok(v as usize)
    } else {
        Err(format!(
            "{what} must be a whole number from {lo} to {hi}, not {v}"
        ))
    }
}

/// The stones as a signMap: +1 Black, -1 White, 0 empty, row-major from
/// the top-left.
pub fn sign_map(game: &Game) -> Vec<i8> {
    let size = game.size();
    let mut map = vec![0i8; size * size];
    for p in game.board().points() {
        if let Some(c) = game.board().get(p) {
            map[p.row_major(size)] = c.sign() as i8;
        }
    }
    map
}

/// A player: Black plays first and is the positive sign (+1) in every map.
/// Read as `"black"`, `"white"`, `"b"` or `"w"` in any case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl From<rules::Color> for Color {
    fn from(c: rules::Color) -> Color {
        match c {
            rules::Color::Black => Color::Black,
            rules::Color::White => Color::White,
        }
    }
}

impl From<Color> for rules::Color {
    fn from(c: Color) -> rules::Color {
        match c {
            Color::Black => rules::Color::Black,
            Color::White => rules::Color::White,
        }
    }
}

impl Color {
    /// `"black"` or `"white"`, the API's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Parses the API's colour spellings into the engine's colour.
    pub fn parse(text: &str) -> Result<rules::Color, String> {
        rules::Color::parse(text)
            .ok_or_else(|| format!("'{text}' is not a colour (expected \"black\" or \"white\")"))
    }
}

impl TryFrom<String> for Color {
    type Error = String;
    fn try_from(text: String) -> Result<Color, String> {
        Color::parse(&text).map(Color::from)
    }
}

/// Rule set names, as the API writes them. Read in any case, with the
/// aliases `"NZ"`, `"New Zealand"`, `"Tromp-Taylor"` and `"tt"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum RulesName {
    /// Territory scoring, simple ko, no suicide.
    Japanese,
    /// Area scoring, positional superko, no suicide.
    Chinese,
    /// Area scoring (AGA's counting), positional superko, no suicide.
    Aga,
    /// Area scoring, positional superko, suicide allowed.
    NewZealand,
    /// Area scoring, positional superko, suicide allowed (the logical rules).
    TrompTaylor,
}

impl From<RuleSet> for RulesName {
    fn from(r: RuleSet) -> RulesName {
        match r {
            RuleSet::Japanese => RulesName::Japanese,
            RuleSet::Chinese => RulesName::Chinese,
            RuleSet::Aga => RulesName::Aga,
            RuleSet::NewZealand => RulesName::NewZealand,
            RuleSet::TrompTaylor => RulesName::TrompTaylor,
        }
    }
}

impl From<RulesName> for RuleSet {
    fn from(r: RulesName) -> RuleSet {
        match r {
            RulesName::Japanese => RuleSet::Japanese,
            RulesName::Chinese => RuleSet::Chinese,
            RulesName::Aga => RuleSet::Aga,
            RulesName::NewZealand => RuleSet::NewZealand,
            RulesName::TrompTaylor => RuleSet::TrompTaylor,
        }
    }
}

impl TryFrom<String> for RulesName {
    type Error = String;
    fn try_from(text: String) -> Result<RulesName, String> {
        RuleSet::parse(&text).map(RulesName::from).ok_or_else(|| {
            format!(
                "unknown rules '{text}' (expected japanese, chinese, aga, new-zealand or tromp-taylor)"
            )
        })
    }
}

/// A board point counted from the top-left corner, from 0 (the SGF and
/// Sabaki convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
pub struct Vertex {
    /// Column from the left, from 0.
    pub x: u8,
    /// Row from the top, from 0.
    pub y: u8,
}

impl From<Point> for Vertex {
    fn from(p: Point) -> Vertex {
        Vertex {
            x: p.x() as u8,
            y: p.y() as u8,
        }
    }
}

/// The vertices of some points, in their order.
pub fn vertices(points: &[Point]) -> Vec<Vertex> {
    points.iter().map(|&p| Vertex::from(p)).collect()
}

/// A point or a pass as the API accepts it: GTP text (`"Q16"`, `"q16"`,
/// `"pass"`; columns skip I, row 1 at the bottom) or a {@link Vertex}.
#[derive(Clone, Debug, Tsify)]
#[serde(untagged)]
pub enum VertexInput {
    /// GTP text.
    Gtp(String),
    /// `{x, y}` from the top-left.
    Xy(Vertex),
}

impl VertexInput {
    /// Reads a vertex from JS, checking `{x, y}` against a board of `size`
    /// (whole numbers, on the board) so that every refusal says why.
    fn read(v: &JsValue, size: usize) -> Result<VertexInput, String> {
        if let Some(text) = v.as_string() {
            return Ok(VertexInput::Gtp(text));
        }
        if v.is_object() && !js_sys::Array::is_array(v) {
            let coord = |name: &str| -> Result<f64, String> {
                js_sys::Reflect::get(v, &JsValue::from_str(name))
                    .ok()
                    .and_then(|c| c.as_f64())
                    .ok_or_else(|| format!("a vertex object needs a number '{name}'"))
            };
            let (x, y) = (coord("x")?, coord("y")?);
            if !(x.is_finite() && y.is_finite() && x.fract() == 0.0 && y.fract() == 0.0) {
                return Err(format!(
                    "{{x: {x}, y: {y}}} is not a board point: x and y must be whole numbers"
                ));
            }
            if x < 0.0 || y < 0.0 || x >= size as f64 || y >= size as f64 {
                return Err(VertexError::OffBoard {
                    text: format!("{{x: {x}, y: {y}}}"),
                    size,
                }
                .to_string());
            }
            return Ok(VertexInput::Xy(Vertex {
                x: x as u8,
                y: y as u8,
            }));
        }
        Err(
            "a vertex must be GTP text such as \"Q16\" or \"pass\", or an object {x, y}"
                .to_string(),
        )
    }

    /// The point a JS vertex names on a board of `size`; `Ok(None)` is a
    /// pass.
    pub fn point(v: &JsValue, size: usize) -> Result<Option<Point>, String> {
        match VertexInput::read(v, size)? {
            VertexInput::Gtp(text) => parse_gtp_vertex(&text, size).map_err(|e| e.to_string()),
            VertexInput::Xy(v) => Ok(Some(Point::from_xy(v.x as usize, v.y as usize))),
        }
    }

    /// The move a JS vertex means: a play, or a pass.
    pub fn to_move(v: &Ts<VertexInput>, size: usize) -> Result<Move, JsError> {
        Ok(
            match VertexInput::point(&v.js_value(), size).map_err(js_error)? {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            },
        )
    }
}

/// A move that was played, as the API returns it.
#[derive(Clone, Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct MoveInfo {
    /// Who played it.
    pub color: Color,
    /// The point, or `null` for a pass or a resignation.
    pub vertex: Option<Vertex>,
    /// GTP text: `"Q16"`, `"pass"` or `"resign"`.
    pub gtp: String,
}

impl MoveInfo {
    /// The move `mv` of `color` on a board of `size`.
    pub fn new(color: rules::Color, mv: Move, size: usize) -> MoveInfo {
        MoveInfo {
            color: color.into(),
            vertex: match mv {
                Move::Play(p) => Some(p.into()),
                Move::Pass | Move::Resign => None,
            },
            gtp: move_text(mv, size),
        }
    }
}

/// The GTP text of a move (`Q16`, `pass`, `resign`).
pub fn move_text(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_vertex(p, size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}
