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

/// Why a call was refused. Each kind is thrown as its own JS class, so a
/// caller can tell a programming error (`TypeError`, `RangeError`: the
/// call can never succeed as written) from a request the game refuses
/// (`Error`: the same call succeeds in another position). Every message
/// names the argument or the field it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// An argument of the wrong type or shape: a number where text goes,
    /// an options object with a field it does not have. Thrown as a
    /// `TypeError`.
    Type(String),
    /// An argument of the right type whose value the call does not
    /// accept: a board size of 40, a vertex off the board, an unknown
    /// rule-set name, move 500 of a 200-move record, a position whose
    /// history is not legal. Thrown as a `RangeError`.
    Range(String),
    /// A well-formed request the game refuses: a move on an occupied
    /// point, an undo at the start, SGF text that does not read. Thrown
    /// as an `Error`.
    Refused(String),
}

impl ApiError {
    /// The message, whatever the kind.
    pub fn message(&self) -> &str {
        match self {
            ApiError::Type(m) | ApiError::Range(m) | ApiError::Refused(m) => m,
        }
    }

    /// The same error with `prefix` and a colon before its message.
    pub fn context(self, prefix: impl std::fmt::Display) -> ApiError {
        let with = |m: String| format!("{prefix}: {m}");
        match self {
            ApiError::Type(m) => ApiError::Type(with(m)),
            ApiError::Range(m) => ApiError::Range(with(m)),
            ApiError::Refused(m) => ApiError::Refused(with(m)),
        }
    }
}

impl From<ApiError> for JsValue {
    fn from(e: ApiError) -> JsValue {
        match e {
            ApiError::Type(m) => js_sys::TypeError::new(&m).into(),
            ApiError::Range(m) => js_sys::RangeError::new(&m).into(),
            ApiError::Refused(m) => js_sys::Error::new(&m).into(),
        }
    }
}

/// A request the game refuses (thrown as an `Error`), with `msg` as its
/// message.
pub fn js_error(msg: impl std::fmt::Display) -> ApiError {
    ApiError::Refused(msg.to_string())
}

/// An argument of the wrong type (thrown as a `TypeError`).
pub fn type_error(msg: impl std::fmt::Display) -> ApiError {
    ApiError::Type(msg.to_string())
}

/// An argument outside what the call accepts (thrown as a `RangeError`).
pub fn range_error(msg: impl std::fmt::Display) -> ApiError {
    ApiError::Range(msg.to_string())
}

/// Longest part of a caller's string quoted back in an error message.
const QUOTE_CHARS: usize = 24;

/// A JS value in a few words, for error messages: `the string "9"`,
/// `the number 2.5`, `undefined`, `an array`, `an object`.
pub fn describe(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        let quoted: String = s.chars().take(QUOTE_CHARS).collect();
        let more = if s.chars().count() > QUOTE_CHARS {
            "..."
        } else {
            ""
        };
        format!("the string {quoted:?}{more}")
    } else if let Some(n) = v.as_f64() {
        format!("the number {n}")
    } else if let Some(b) = v.as_bool() {
        format!("{b}")
    } else if js_sys::Array::is_array(v) {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_bigint() {
        "a BigInt".into()
    } else if v.is_symbol() {
        "a symbol".into()
    } else {
        "an object".into()
    }
}

/// The JS type an argument or an options field must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number (`typeof v === "number"`).
    Number,
    /// A string.
    Text,
    /// `true` or `false`.
    Boolean,
    /// An array.
    Array,
}

impl Kind {
    /// Whether `v` is of this kind.
    fn holds(self, v: &JsValue) -> bool {
        match self {
            Kind::Number => v.as_f64().is_some(),
            Kind::Text => v.is_string(),
            Kind::Boolean => v.as_bool().is_some(),
            Kind::Array => js_sys::Array::is_array(v),
        }
    }

    /// "a number", "a string", ...
    fn name(self) -> &'static str {
        match self {
            Kind::Number => "a number",
            Kind::Text => "a string",
            Kind::Boolean => "true or false",
            Kind::Array => "an array",
        }
    }
}

/// Checks that `v` is of `kind`, else a `TypeError` naming `what`.
pub fn check_kind(v: &JsValue, kind: Kind, what: &str) -> Result<(), ApiError> {
    if kind.holds(v) {
        Ok(())
    } else {
        Err(type_error(format!(
            "{what} must be {}, not {}",
            kind.name(),
            describe(v)
        )))
    }
}

/// A string argument, or a `TypeError` naming `what`.
pub fn text_arg(v: &JsValue, what: &str) -> Result<String, ApiError> {
    check_kind(v, Kind::Text, what)?;
    Ok(v.as_string().unwrap_or_default())
}

/// A whole-number argument in `lo..=hi`: a `TypeError` if it is not a
/// number, a `RangeError` if it is not whole or out of range.
pub fn whole_arg(v: &JsValue, lo: usize, hi: usize, what: &str) -> Result<usize, ApiError> {
    check_kind(v, Kind::Number, what)?;
    whole_number(v.as_f64().unwrap_or(f64::NAN), lo, hi, what)
}

/// Converts `value` to the plain JS value its generated type describes:
/// objects for structs, `null` for `None` (serde-wasm-bindgen's JSON-like
/// settings), typed arrays passed through as they are.
pub fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, ApiError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(Ts::new_unchecked)
        .map_err(|e| js_error(format!("internal error: {e}")))
}

/// Reads a JS value as the Rust type its generated type describes; the
/// error is serde-wasm-bindgen's own text (tsify's `to_rust` would name
/// the Rust type, which means nothing to a JS caller).
pub fn from_ts<T: Tsify + for<'de> Deserialize<'de>>(value: &Ts<T>) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value.js_value()).map_err(|e| serde_message(&e))
}

/// A list of values as a JS array of their generated type.
pub fn to_ts_list<T: Tsify + Serialize>(values: &[T]) -> Result<Vec<Ts<T>>, ApiError> {
    values.iter().map(to_ts).collect()
}

/// The keys of a plain object, in their order.
fn keys(object: &JsValue) -> Vec<String> {
    js_sys::Object::keys(&js_sys::Object::from(object.clone()))
        .iter()
        .map(|k| k.as_string().unwrap_or_default())
        .collect()
}

/// Whether `v` is an object in the sense of an options or a data object:
/// not `null`, not an array, not a function.
fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !js_sys::Array::is_array(v) && !v.is_function()
}

/// An options object of the JS API (every field optional), with the
/// fields it may have declared beside its struct for [`read_options`].
pub trait OptionsObject: Tsify + for<'de> Deserialize<'de> + Default {
    /// Names the object in errors, e.g. `"game options"`.
    const WHAT: &'static str;
    /// Each field the object may have, by its JS name, with its JS type.
    const FIELDS: &'static [(&'static str, Kind)];
}

/// The [`Kind`] a JS value must have to be read as this Rust type: what
/// [`options_object!`] lists in [`OptionsObject::FIELDS`] for a field of
/// this type.
pub trait JsKind {
    /// The kind of JS value this type is read from.
    const KIND: Kind;
}

impl JsKind for f64 {
    const KIND: Kind = Kind::Number;
}

impl JsKind for bool {
    const KIND: Kind = Kind::Boolean;
}

impl JsKind for String {
    const KIND: Kind = Kind::Text;
}

/// Declares an options object of the JS API from one list of its fields:
/// the struct (every field optional, so `undefined` and `{}` mean the
/// defaults) and its [`OptionsObject`] impl, whose `FIELDS` are the same
/// list (each field's JS name, and the [`JsKind`] of its type), so that
/// the keys [`read_options`] accepts cannot drift from the struct.
///
/// ```ignore
/// options_object! {
///     /// Options of `reviewMove`.
///     pub struct ReviewOptions("review options") {
///         /// The classic level the moves are valued at, 1 to 5. Default 1.
///         level as "level": f64,
///     }
/// }
/// ```
macro_rules! options_object {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident($what:literal) {
            $(
                $(#[doc = $field_doc:literal])*
                $field:ident as $js:literal: $ty:ty,
            )*
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Default, serde::Deserialize, tsify::Tsify)]
        pub struct $name {
            $(
                $(#[doc = $field_doc])*
                #[tsify(optional)]
                #[serde(rename = $js)]
                $field: Option<$ty>,
            )*
        }

        impl $crate::web::convert::OptionsObject for $name {
            const WHAT: &'static str = $what;
            const FIELDS: &'static [(&'static str, $crate::web::convert::Kind)] =
                &[$(($js, <$ty as $crate::web::convert::JsKind>::KIND)),*];
        }
    };
}
pub(crate) use options_object;

/// Reads an options object (`undefined` or `null`: every option left out).
/// A key not in [`OptionsObject::FIELDS`] is a `TypeError` (a typo such as
/// `siz` would otherwise be ignored silently), as is a field of the wrong
/// type; a value the type refuses (an unknown name, a negative count) is a
/// `RangeError` naming the field.
pub fn read_options<T: OptionsObject>(options: Option<Ts<T>>) -> Result<T, ApiError> {
    let (fields, what) = (T::FIELDS, T::WHAT);
    let Some(options) = options else {
        return Ok(T::default());
    };
    let value = options.js_value();
    if !is_plain_object(&value) {
        return Err(type_error(format!(
            "{what} must be an object, not {}",
            describe(&value)
        )));
    }
    for key in keys(&value) {
        let Some(&(_, kind)) = fields.iter().find(|(name, _)| *name == key) else {
            let names: Vec<&str> = fields.iter().map(|(n, _)| *n).collect();
            return Err(type_error(format!(
                "{what} have no field '{key}' (expected {})",
                names.join(", ")
            )));
        };
        let field = js_sys::Reflect::get(&value, &JsValue::from_str(&key)).unwrap_or_default();
        // `undefined` or `null` is a field left out, as in
        // `{ level: undefined }`.
        if !field.is_undefined() && !field.is_null() {
            check_kind(&field, kind, &format!("{what}: {key}"))?;
        }
    }
    from_ts(&options).map_err(|e| {
        // serde's message does not say which field it refused: read each
        // field alone to find it.
        for key in keys(&value) {
            let alone = js_sys::Object::new();
            let field = js_sys::Reflect::get(&value, &JsValue::from_str(&key)).unwrap_or_default();
            let _ = js_sys::Reflect::set(&alone, &JsValue::from_str(&key), &field);
            if let Err(e) = serde_wasm_bindgen::from_value::<T>(alone.into()) {
                return range_error(format!("{what}: {key}: {}", serde_message(&e)));
            }
        }
        range_error(format!("invalid {what}: {e}"))
    })
}

/// serde-wasm-bindgen's message without the `Error: ` its `Display` puts
/// in front (it shows the JS error it wraps).
fn serde_message(e: &serde_wasm_bindgen::Error) -> String {
    let text = e.to_string();
    text.strip_prefix("Error: ").unwrap_or(&text).to_string()
}

/// A whole number in `lo..=hi` from a JS number, or a `RangeError` naming
/// `what`.
pub fn whole_number(v: f64, lo: usize, hi: usize, what: &str) -> Result<usize, ApiError> {
    if v.is_finite() && v.fract() == 0.0 && v >= lo as f64 && v <= hi as f64 {
        Ok(v as usize)
    } else {
        Err(range_error(format!(
            "{what} must be a whole number from {lo} to {hi}, not {v}"
        )))
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

    /// Reads a colour argument: a `TypeError` if it is not text, a
    /// `RangeError` naming `what` if it names no colour.
    pub fn read(v: &Ts<Color>, what: &str) -> Result<rules::Color, ApiError> {
        let text = text_arg(&v.js_value(), what)?;
        Color::parse(&text).map_err(|e| range_error(format!("{what}: {e}")))
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

impl JsKind for RulesName {
    const KIND: Kind = Kind::Text;
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
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
    /// (whole numbers, on the board) so that every refusal says why: a
    /// value that is neither text nor an object with numbers `x` and `y`
    /// is a `TypeError`, one that names no point of the board a
    /// `RangeError`.
    fn read(v: &JsValue, size: usize) -> Result<VertexInput, ApiError> {
        if let Some(text) = v.as_string() {
            return Ok(VertexInput::Gtp(text));
        }
        if is_plain_object(v) {
            let coord = |name: &str| -> Result<f64, ApiError> {
                js_sys::Reflect::get(v, &JsValue::from_str(name))
                    .ok()
                    .and_then(|c| c.as_f64())
                    .ok_or_else(|| type_error(format!("a vertex object needs a number '{name}'")))
            };
            let (x, y) = (coord("x")?, coord("y")?);
            if !(x.is_finite() && y.is_finite() && x.fract() == 0.0 && y.fract() == 0.0) {
                return Err(range_error(format!(
                    "{{x: {x}, y: {y}}} is not a board point: x and y must be whole numbers"
                )));
            }
            if x < 0.0 || y < 0.0 || x >= size as f64 || y >= size as f64 {
                return Err(range_error(VertexError::OffBoard {
                    text: format!("{{x: {x}, y: {y}}}"),
                    size,
                }));
            }
            return Ok(VertexInput::Xy(Vertex {
                x: x as u8,
                y: y as u8,
            }));
        }
        Err(type_error(format!(
            "a vertex must be GTP text such as \"Q16\" or \"pass\", or an object {{x, y}}, not {}",
            describe(v)
        )))
    }

    /// The point a JS vertex names on a board of `size`; `Ok(None)` is a
    /// pass.
    pub fn point(v: &JsValue, size: usize) -> Result<Option<Point>, ApiError> {
        match VertexInput::read(v, size)? {
            VertexInput::Gtp(text) => parse_gtp_vertex(&text, size).map_err(range_error),
            VertexInput::Xy(v) => Ok(Some(Point::from_xy(v.x as usize, v.y as usize))),
        }
    }

    /// The move a JS vertex means: a play, or a pass.
    pub fn to_move(v: &Ts<VertexInput>, size: usize) -> Result<Move, ApiError> {
        Ok(match VertexInput::point(&v.js_value(), size)? {
            Some(p) => Move::Play(p),
            None => Move::Pass,
        })
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
