//! The evaluation's shapes at the JS boundary: danger units, the score
//! estimate, moyo areas and gaps, and the paper's completion (`Game.
//! moyoCompletion`, `moyoCompletion(position, ...)`).

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::analysis::{position_and_params, AnalyzeOptions, StatusName};
use super::convert::{js_error, move_text, to_ts, vertices, ApiError, Color, Vertex, VertexInput};
use super::game::ScoringName;
use super::position::Position;
use crate::eval;
use crate::rules::{self, Game, Move, Scoring};

/// One danger unit: a block (or the part of one whose stones share a
/// status), or the dead stones one enemy block holds, with the moku at
/// stake.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct DangerUnit {
    /// Its id in `Analysis.dangerIds`, from 1.
    id: u16,
    /// The block it belongs to (for dead stones: the enemy block holding
    /// them), 0 for none.
    block: u16,
    /// Whose stones are at stake.
    color: Color,
    /// The status of its stones (unknown counts as alive).
    status: StatusName,
    /// Its first point, row-major (for a label).
    anchor: Vertex,
    /// Its stones.
    stones: u16,
    /// All its points.
    points: u16,
    /// A stone of it is unconditionally alive (Benson).
    benson: bool,
    /// Certain eyes (the sum of its eye spaces' minimum eyes).
    eyes_min: u8,
    /// Possible eyes (the sum of their maximum eyes).
    eyes_max: u8,
    /// Fully controlled points of its open regions: room for eyes.
    room: u16,
    /// Freedom by Handtalk's earlier scheme (free points adjacent or diagonal).
    freedom_adjacent: u16,
    /// Freedom by Handtalk's later scheme (free points a jump or a knight's move away).
    freedom_jump: u16,
    /// For a critical unit: where the opponent kills it and the owner saves it.
    vital: Option<Vertex>,
    /// What its death would swing, in moku.
    value: f32,
    /// The moku at stake (dead: all of the value; critical: half; alive:
    /// a quarter at most; seki, two eyes or Benson: none).
    danger: f32,
}

impl From<&eval::Danger> for DangerUnit {
    fn from(d: &eval::Danger) -> DangerUnit {
        let v = |p: rules::Vertex| Vertex { x: p.x, y: p.y };
        DangerUnit {
            id: d.id,
            block: d.block,
            color: d.color.into(),
            status: d.status.into(),
            anchor: v(d.anchor),
            stones: d.stones,
            points: d.points,
            benson: d.benson,
            eyes_min: d.eyes_min,
            eyes_max: d.eyes_max,
            room: d.room,
            freedom_adjacent: d.freedom_adjacent,
            freedom_jump: d.freedom_jump,
            vital: d.vital.map(v),
            value: d.value,
            danger: d.danger,
        }
    }
}

/// A pair of numbers, one per side.
#[derive(Serialize, Tsify)]
pub struct PerSide<T> {
    /// Black's.
    black: T,
    /// White's.
    white: T,
}

impl<T: Copy> PerSide<T> {
    fn of(v: [T; 2]) -> PerSide<T> {
        PerSide {
            black: v[rules::Color::Black.index()],
            white: v[rules::Color::White.index()],
        }
    }
}

/// The score estimate of a position, counted by the game's rules and
/// komi: who leads, by how much, and from what.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ScoreEstimate {
    /// `"B+12.5"`, `"W+3"`, `"0"`.
    result: String,
    /// Black's count minus White's (komi included): positive when Black leads.
    margin: f32,
    /// Each side's count (White's with komi).
    total: PerSide<f32>,
    /// Empty points each side holds by the influence dots.
    territory: PerSide<f32>,
    /// Moyo and weak-influence points converted to points.
    moyo: PerSide<f32>,
    /// Living stones counted (area counting only).
    stones: PerSide<u32>,
    /// Dead stones of each colour still on the board, counted for the other.
    dead: PerSide<u32>,
    /// Stones each side captured during the game (territory counting only).
    prisoners: PerSide<u32>,
    /// Empty points counted for nobody because of seki.
    seki: u32,
    /// The moku at stake of each side's groups that are not dead, taken
    /// from its count.
    danger: PerSide<f32>,
    /// Komi, in White's count.
    komi: f32,
    /// How the count is made.
    scoring: ScoringName,
}

impl From<&eval::ScoreEstimate> for ScoreEstimate {
    fn from(s: &eval::ScoreEstimate) -> ScoreEstimate {
        ScoreEstimate {
            result: s.result_text(),
            margin: s.margin,
            total: PerSide {
                black: s.black,
                white: s.white,
            },
            territory: PerSide::of(s.territory),
            moyo: PerSide::of(s.moyo),
            stones: PerSide::of(s.stones),
            dead: PerSide::of(s.dead),
            prisoners: PerSide::of(s.prisoners),
            seki: s.seki,
            danger: PerSide::of(s.danger),
            komi: s.komi,
            scoring: match s.scoring {
                Scoring::Area => ScoringName::Area,
                Scoring::Territory => ScoringName::Territory,
            },
        }
    }
}

/// A gap of a moyo area: the point just outside it where it leaks, where
/// a player closes it or breaks in.
#[derive(Serialize, Tsify)]
pub struct Gap {
    /// The gap.
    point: Vertex,
    /// The area's boundary point beside it (the paper's weak point).
    beside: Vertex,
    /// |potential| at `beside`: the smaller, the thinner the enclosure.
    weakness: i32,
}

/// A moyo area: the inner points of one colour that touch, merged from
/// the paper's basins.
#[derive(Serialize, Tsify)]
pub struct Area {
    /// `1, 2, ...` for Black, `-1, -2, ...` for White, in reading order
    /// of the first point, as in `Analysis.areaIds`.
    label: i16,
    /// Whose area it is.
    color: Color,
    /// Number of points.
    points: u32,
    /// The basin labels merged in it.
    basins: Vec<i16>,
    /// Where its label goes (its point nearest its centre).
    anchor: Vertex,
    /// Its gaps, weakest first (three at most).
    gaps: Vec<Gap>,
}

impl From<&eval::moyo::Area> for Area {
    fn from(a: &eval::moyo::Area) -> Area {
        Area {
            label: a.label,
            color: a.color.into(),
            points: a.points,
            basins: a.basins.clone(),
            anchor: a.anchor.into(),
            gaps: a
                .gaps
                .iter()
                .map(|g| Gap {
                    point: g.point.into(),
                    beside: g.beside.into(),
                    weakness: g.weakness,
                })
                .collect(),
        }
    }
}

/// The estimate and the areas of an analysis, for `Analysis`.
pub struct EvaluationLists {
    pub dangers: Vec<DangerUnit>,
    pub score: ScoreEstimate,
    pub areas: Vec<Area>,
    pub gaps: Vec<Vertex>,
}

/// The lists of `a`, the analysis of `game`'s position, and its score map.
pub fn lists(game: &Game, a: &eval::Analysis) -> (EvaluationLists, Vec<f32>) {
    let e = eval::score::estimate(game.board(), a, &eval::score::Counting::of(game));
    let lists = EvaluationLists {
        dangers: a.handtalk.dangers.iter().map(DangerUnit::from).collect(),
        score: ScoreEstimate::from(&e),
        areas: a.moyo.areas.iter().map(Area::from).collect(),
        gaps: vertices(&a.moyo.gaps),
    };
    (lists, e.points)
}

/// How one move changes the moyo: the paper's completion.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct MoyoCompletion {
    /// The move, as GTP text.
    r#move: String,
    /// Who plays it.
    color: Color,
    /// Each side's inner area (points) before the move.
    before: PerSide<u32>,
    /// After it.
    after: PerSide<u32>,
    /// The change for each side (`after - before`).
    gain: PerSide<i32>,
}

/// The completion of `color` (the side to move when `None`) playing
/// `vertex` in `game`, with the moyo settings `params`.
pub fn completion_of(
    game: &Game,
    vertex: &Ts<VertexInput>,
    color: Option<Ts<Color>>,
    params: &eval::MoyoParams,
) -> Result<Ts<MoyoCompletion>, ApiError> {
    let size = game.size();
    let color = match color {
        Some(c) => Color::read(&c, "the colour")?,
        None => game.to_move(),
    };
    let mv = VertexInput::to_move(vertex, size)?;
    let Move::Play(p) = mv else {
        return Err(js_error("completion needs a point, not a pass"));
    };
    let a = super::analysis::with_analyzer(|analyzer| {
        eval::analysis::analyze_game(analyzer, game, params)
    });
    let status = a.status_map(game.board());
    let c = eval::moyo::completion(game.board(), &status, params, p, color).map_err(|e| {
        js_error(format!(
            "{} {} is illegal: {e}",
            color.name(),
            move_text(mv, size)
        ))
    })?;
    let gain = [c.gain(rules::Color::Black), c.gain(rules::Color::White)];
    to_ts(&MoyoCompletion {
        r#move: move_text(mv, size),
        color: color.into(),
        before: PerSide::of(c.area_before),
        after: PerSide::of(c.area_after),
        gain: PerSide::of(gain),
    })
}

/// How `color` (the side to move when left out) playing `vertex` changes
/// each side's moyo in a position given as plain data (the paper's
/// completion: does one move complete a moyo?).
///
/// ```js
/// const c = moyoCompletion(game.position(), "C6");
/// c.gain.black; // +7: the move closes Black's corner
/// ```
#[wasm_bindgen(js_name = moyoCompletion)]
pub fn moyo_completion(
    position: Ts<Position>,
    vertex: Ts<VertexInput>,
    color: Option<Ts<Color>>,
    options: Option<Ts<AnalyzeOptions>>,
) -> Result<Ts<MoyoCompletion>, ApiError> {
    let (game, params) = position_and_params(&position, options)?;
    completion_of(&game, &vertex, color, &params)
}
