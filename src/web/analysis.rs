//! The analysis of one position as a JS object.
//!
//! The analysis is built in one place, [`analysis_object`]: the game's
//! own facts (whose turn, captures, legal points) plus every evaluator's
//! maps from [`crate::eval::analysis`], each layer one more field of
//! [`Analysis`]. The full analysis reads life and death first, and its
//! maps come from an [`Analyzer`] cache kept for the life of the module,
//! so stepping back and forth or hovering the same point twice costs
//! nothing. The static analysis ([`static_analysis_of`], the JS
//! `Game.analyzeStatic`) takes the statuses
//! carried from an earlier analysis instead ([`super::carry`]): the same
//! object at a few milliseconds, for a page to draw every position it
//! shows while the full one is on its way. Maps cross as typed arrays
//! (ARCHITECTURE.md, "Maps to the page"), passed through serde untouched.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::carry::{Carried, StatusSource};
use super::convert::{
    js_error, move_text, options_object, read_options, sign_map, to_ts, vertices, whole_number,
    ApiError, Color, JsKind, Kind, MoveInfo, Vertex, VertexInput,
};
use super::evaluation::{self, Area, DangerUnit, ScoreEstimate};
use super::game::Captures;
use super::position::Position;
use super::regions::{Endgame, EndgameMoveInfo, RegionInfo};
use crate::eval::{self, Analyzer, MoyoParams, RadiationModel};
use crate::reading;
use crate::rules::{self, Game, Point};

thread_local! {
    /// The analyses of the positions seen lately (wasm is single-threaded:
    /// one cache per module instance, i.e. per page or worker).
    /// The statuses take the playouts' second opinion
    /// ([`Analyzer::with_ownership`]), as GTP's do.
    static ANALYZER: RefCell<Analyzer> =
        RefCell::new(Analyzer::with_ownership(crate::engine::ownership::ownership));
}

/// Runs `f` with the module's analysis cache, so that every export reads
/// the same statuses.
pub(super) fn with_analyzer<R>(f: impl FnOnce(&mut Analyzer) -> R) -> R {
    ANALYZER.with(|cell| f(&mut cell.borrow_mut()))
}

/// How stones radiate the potential (the radiation model): the paper's
/// tables, or `1/d` with either distance.
#[derive(Clone, Copy, Debug, Deserialize, Tsify)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum RadiationModelName {
    /// The paper's fifteen empirical tables.
    Tables,
    /// `1/d` with the Manhattan distance.
    NaiveManhattan,
    /// `1/d` with the Euclidean distance.
    NaiveEuclid,
    /// `1/2^d` with the Manhattan distance.
    Halving,
}

impl TryFrom<String> for RadiationModelName {
    type Error = String;
    fn try_from(text: String) -> Result<RadiationModelName, String> {
        match text.as_str() {
            "tables" => Ok(RadiationModelName::Tables),
            "naive-manhattan" => Ok(RadiationModelName::NaiveManhattan),
            "naive-euclid" => Ok(RadiationModelName::NaiveEuclid),
            "halving" => Ok(RadiationModelName::Halving),
            _ => Err(format!(
                "unknown radiation model '{text}' (expected tables, naive-manhattan, naive-euclid or halving)"
            )),
        }
    }
}

impl JsKind for RadiationModelName {
    const KIND: Kind = Kind::Text;
}

options_object! {
    /// Options of `analyze(...)`; every field is optional.
    pub struct AnalyzeOptions("analysis options") {
        /// How stones radiate the potential: the paper's tables or a naive
        /// `1/d` model. Default `"tables"`.
        radiation_model as "radiationModel": RadiationModelName,
        /// The paper's threshold: a vacant point whose |potential| is at
        /// least this is inner whatever its descent says (what makes
        /// frameworks show). `0` turns it off (the algorithm as written).
        /// Default 12.
        moyo_threshold as "moyoThreshold": f64,
        /// The paper's fix for concave moyos: a stone played inside its own
        /// moyo radiates only onto its boundary (the moyo is then replayed
        /// from the game's moves). Default `false`.
        concave_fix as "concaveFix": bool,
    }
}

/// The largest `moyoThreshold` accepted: far above any potential a point
/// can have (the tables' sums stay in the hundreds), so every useful
/// value fits and the number stays a small `i32`.
const MAX_MOYO_THRESHOLD: usize = 100_000;

/// The moyo settings an options object asks for (`undefined`: the defaults).
pub fn moyo_params(options: Option<Ts<AnalyzeOptions>>) -> Result<MoyoParams, ApiError> {
    let o = read_options(options)?;
    let radiation = match o.radiation_model {
        None | Some(RadiationModelName::Tables) => RadiationModel::Tables,
        Some(RadiationModelName::NaiveManhattan) => RadiationModel::NaiveManhattan,
        Some(RadiationModelName::NaiveEuclid) => RadiationModel::NaiveEuclid,
        Some(RadiationModelName::Halving) => RadiationModel::Halving,
    };
    let defaults = MoyoParams::default();
    let moyo_threshold = match o.moyo_threshold {
        None => defaults.moyo_threshold,
        Some(t) => match whole_number(t, 0, MAX_MOYO_THRESHOLD, "analysis options: moyoThreshold")?
        {
            0 => None,
            t => Some(t as i32),
        },
    };
    Ok(MoyoParams {
        radiation,
        moyo_threshold,
        concave_fix: o.concave_fix.unwrap_or(defaults.concave_fix),
    })
}

/// The game a position given as plain data describes (see
/// `Game.position()`) and the moyo settings of `options`: what the
/// worker's entry points `analyze` and `moyoCompletion` read first. The
/// options are read first, so a call with both wrong reports the option.
pub fn position_and_params(
    position: &Ts<Position>,
    options: Option<Ts<AnalyzeOptions>>,
) -> Result<(Game, MoyoParams), ApiError> {
    let params = moyo_params(options)?;
    Ok((Position::read(position)?, params))
}

/// The numbers of `Analysis.groupStatus`: 0 on an empty point, else the
/// status of the stone's group, as `Status::code` numbers them (GTP's
/// `moku_status` uses the same). In TypeScript an `enum`:
/// `analysis.groupStatus[i] === StatusCode.Dead`.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusCode {
    /// An empty point.
    Empty = 0,
    /// Lives whoever moves first.
    Alive = 1,
    /// Whoever moves first decides.
    Critical = 2,
    /// Dies whoever moves first.
    Dead = 3,
    /// Lives in seki.
    Seki = 4,
    /// Not judged.
    Unknown = 5,
}

// wasm-bindgen takes only literal discriminants, so the codes are written
// above and checked here against the one mapping, `Status::code`, when the
// crate compiles.
const _: () = {
    assert!(StatusCode::Alive as u8 == rules::Status::Alive.code());
    assert!(StatusCode::Critical as u8 == rules::Status::Critical.code());
    assert!(StatusCode::Dead as u8 == rules::Status::Dead.code());
    assert!(StatusCode::Seki as u8 == rules::Status::Seki.code());
    assert!(StatusCode::Unknown as u8 == rules::Status::Unknown.code());
};

/// A group's life-and-death status, as `Status::name` spells it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub enum StatusName {
    /// Lives whoever moves first.
    Alive,
    /// Whoever moves first decides.
    Critical,
    /// Dies whoever moves first.
    Dead,
    /// Lives in seki.
    Seki,
    /// Not judged.
    Unknown,
}

impl From<rules::Status> for StatusName {
    fn from(s: rules::Status) -> StatusName {
        match s {
            rules::Status::Alive => StatusName::Alive,
            rules::Status::Critical => StatusName::Critical,
            rules::Status::Dead => StatusName::Dead,
            rules::Status::Seki => StatusName::Seki,
            rules::Status::Unknown => StatusName::Unknown,
        }
    }
}

/// How a group's status is known (`Basis::name` spells it).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub enum BasisName {
    /// Settled: alive by Benson's algorithm, or the proof of its enclosed
    /// region answered every question the status rests on.
    Proved,
    /// Read by the life-and-death search within its node budget: likely.
    Read,
    /// The playouts' second opinion overruled the reading.
    Playouts,
}

impl From<reading::Basis> for BasisName {
    fn from(b: reading::Basis) -> BasisName {
        match b {
            reading::Basis::Proved => BasisName::Proved,
            reading::Basis::Read => BasisName::Read,
            reading::Basis::Playouts => BasisName::Playouts,
        }
    }
}

impl From<BasisName> for reading::Basis {
    fn from(b: BasisName) -> reading::Basis {
        match b {
            BasisName::Proved => reading::Basis::Proved,
            BasisName::Read => reading::Basis::Read,
            BasisName::Playouts => reading::Basis::Playouts,
        }
    }
}

impl From<StatusName> for rules::Status {
    fn from(s: StatusName) -> rules::Status {
        match s {
            StatusName::Alive => rules::Status::Alive,
            StatusName::Critical => rules::Status::Critical,
            StatusName::Dead => rules::Status::Dead,
            StatusName::Seki => rules::Status::Seki,
            StatusName::Unknown => rules::Status::Unknown,
        }
    }
}

/// One Handtalk block: touching stones of one colour with their area.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct BlockInfo {
    /// Its id in `Analysis.blockIds`, from 1.
    id: u16,
    /// Whose block it is.
    color: Color,
    /// Its first point, row-major from the top-left (for a label).
    anchor: Vertex,
    /// Its own non-dead stones.
    stones: u16,
    /// Dead enemy stones inside it.
    captives: u16,
    /// All its points: stones, captives and empty points.
    points: u16,
    /// The moku it has at stake: the sum of its danger units' (see
    /// `Analysis.dangers`).
    danger: f32,
}

impl From<&eval::BlockInfo> for BlockInfo {
    fn from(b: &eval::BlockInfo) -> BlockInfo {
        BlockInfo {
            id: b.id,
            color: b.color.into(),
            anchor: Vertex {
                x: b.anchor.x,
                y: b.anchor.y,
            },
            stones: b.stones,
            captives: b.captives,
            points: b.points,
            danger: b.danger,
        }
    }
}

/// One moyo basin (inner area).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct BasinInfo {
    /// `1, 2, ...` for Black, `-1, -2, ...` for White, as in `Analysis.basins`.
    label: i16,
    /// Whose moyo it is.
    color: Color,
    /// Number of points in the basin.
    area: u32,
    /// The basin's minimal (for White maximal) point.
    minimum: Vertex,
    /// The boundary points with the least |potential|.
    weak_points: Vec<Vertex>,
    /// |potential| at the weak points (0 when there are none).
    weak_value: i32,
}

impl From<&eval::BasinInfo> for BasinInfo {
    fn from(b: &eval::BasinInfo) -> BasinInfo {
        BasinInfo {
            label: b.label,
            color: b.color.into(),
            area: b.area,
            minimum: b.minimum.into(),
            weak_points: vertices(&b.weak_points),
            weak_value: b.weak_value,
        }
    }
}

/// One group (dragon) as the life-and-death layer judges it.
#[derive(Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null)]
pub struct GroupInfo {
    /// The group's colour.
    pub(super) color: Color,
    /// Its stones, row by row from the top-left.
    pub(super) stones: Vec<Vertex>,
    /// Its status; `"critical"`: whoever moves first decides.
    pub(super) state: StatusName,
    /// For a critical group: the opponent's killing move.
    pub(super) attack: Option<Vertex>,
    /// For a critical group: the owner's saving move.
    pub(super) defense: Option<Vertex>,
    /// For a critical group: whether `attack` kills only by winning a ko.
    #[serde(rename = "attackKo", default)]
    pub(super) attack_ko: bool,
    /// For a critical group: whether `defense` lives only by winning a ko.
    #[serde(rename = "defenseKo", default)]
    pub(super) defense_ko: bool,
    /// How the status is known: `"proved"`, `"read"` (likely: the search
    /// within its budget) or `"playouts"` (their second opinion overruled
    /// the reading).
    pub(super) basis: BasisName,
}

impl From<&eval::GroupInfo> for GroupInfo {
    fn from(g: &eval::GroupInfo) -> GroupInfo {
        GroupInfo {
            color: g.color.into(),
            stones: vertices(&g.stones),
            state: g.status.into(),
            attack: g.attack.map(Vertex::from),
            defense: g.defense.map(Vertex::from),
            attack_ko: g.attack_ko,
            defense_ko: g.defense_ko,
            basis: g.basis.into(),
        }
    }
}

/// Everything known about one position, computed once (and cached by
/// position). Maps are flat typed arrays, row-major from the top-left
/// (`map[y * size + x]`), length `size * size`, Black positive.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Analysis {
    /// Board size.
    size: usize,
    /// Whose turn it is.
    to_move: Color,
    /// Moves played so far.
    move_number: usize,
    /// Stones captured so far by each player.
    captures: Captures,
    /// The last move, or `null` at the start.
    last_move: Option<MoveInfo>,
    /// The point the side to move may not take back because of a simple ko.
    ko_point: Option<Vertex>,
    /// Whether the game has ended (two passes or a resignation).
    is_over: bool,
    /// Zobrist hash of the stones and the side to move, as 16 hex digits (a cache key).
    hash: String,
    /// The stones: +1 Black, -1 White, 0 empty (Sabaki's signMap).
    #[tsify(type = "Int8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    board: js_sys::Int8Array,
    /// 1 where the side to move may legally play, 0 elsewhere.
    #[tsify(type = "Uint8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    legal: js_sys::Uint8Array,
    /// Handtalk's influence dots, -6..6; stones read ±6; ±1 marks false eyes.
    #[tsify(type = "Int8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    influence: js_sys::Int8Array,
    /// The block of every point: an index into `blocks` plus one, 0 for none.
    #[tsify(type = "Uint16Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    block_ids: js_sys::Uint16Array,
    /// The blocks, in id order.
    blocks: Vec<BlockInfo>,
    /// Each point's danger in moku (its danger unit's), signed by the
    /// colour at stake (Black positive); 0 outside units.
    #[tsify(type = "Float32Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    danger: js_sys::Float32Array,
    /// The danger unit of every point: an index into `dangers` plus one, 0
    /// for none. A dead stone is in the unit of its own dead stones.
    #[tsify(type = "Uint16Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    danger_ids: js_sys::Uint16Array,
    /// The danger units, in id order.
    dangers: Vec<DangerUnit>,
    /// The score estimate, counted by the game's rules and komi.
    score: ScoreEstimate,
    /// What every point contributes to the estimate, Black positive
    /// (prisoners and komi aside): 1 a point of territory, 0.5 a point of
    /// moyo, 2 a dead stone under territory counting.
    #[tsify(type = "Float32Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    score_map: js_sys::Float32Array,
    /// Potential values (Tajima and Sanechika), Black positive.
    #[tsify(type = "Int32Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    potential: js_sys::Int32Array,
    /// Moyo basin labels: +n Black basin n, -n White basin n, 0 outer
    /// points and stones.
    #[tsify(type = "Int16Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    basins: js_sys::Int16Array,
    /// The basins: Black's first, then White's.
    basin_list: Vec<BasinInfo>,
    /// The weak points of all basins, row-major.
    weak_points: Vec<Vertex>,
    /// Moyo areas (touching basins of one colour merged): +n Black's area
    /// n, -n White's, 0 elsewhere.
    #[tsify(type = "Int16Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    area_ids: js_sys::Int16Array,
    /// The areas: Black's first, then White's.
    areas: Vec<Area>,
    /// The gaps of all areas, weakest first.
    gaps: Vec<Vertex>,
    /// Life and death per point: {@link StatusCode}, `Empty` (0) on an
    /// empty point, else the status of the stone's group.
    #[tsify(type = "Int8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    group_status: js_sys::Int8Array,
    /// The groups (dragons) with their life-and-death status; in a hover
    /// preview, the previewed-from position's groups.
    groups: Vec<GroupInfo>,
    /// Each point's endgame region: its id in `regions`, 0 outside every
    /// region (settled stones and territory).
    #[tsify(type = "Uint16Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    region_ids: js_sys::Uint16Array,
    /// The endgame regions with their thermographs, in id order.
    regions: Vec<RegionInfo>,
    /// The endgame moves for the side to move, best first, each with its
    /// reason (tedomari, sente first, the ko rule, captures).
    endgame: Vec<EndgameMoveInfo>,
    /// The thermography's estimate: prisoners, settled territory and the
    /// regions' means, points for Black under territory counting (komi
    /// not included).
    endgame_score: f64,
}

/// Mixed into the hash when White is to move, so the two sides' positions
/// differ as cache keys (any odd 64-bit constant would do).
const WHITE_TO_MOVE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// Everything known about `game`'s position.
pub fn analysis_of(game: &Game, params: &MoyoParams) -> Result<Ts<Analysis>, ApiError> {
    analysis_with_base(game, None, params)
}

/// The `Analysis` of `game`; with `base` (the position one move earlier,
/// for the hover preview) the stones keep `base`'s life-and-death status
/// instead of reading again.
fn analysis_with_base(
    game: &Game,
    base: Option<&Game>,
    params: &MoyoParams,
) -> Result<Ts<Analysis>, ApiError> {
    let board = game.board();
    let (a, base_groups) = with_analyzer(|analyzer| {
        // A preview shows the groups of the position it previews from.
        let base_groups = base.map(|b| {
            analyzer
                .analyze_turn(b.board(), b.to_move(), params)
                .groups
                .clone()
        });
        let a = match base {
            Some(b) => analyzer.analyze_preview(b.board(), Some(b.to_move()), board, params),
            None => analyzer.analyze_turn(board, game.to_move(), params),
        }
        .clone();
        (a, base_groups)
    });
    analysis_object(game, a, base_groups, params)
}

/// The static analysis of `game`'s position: every evaluator under the
/// statuses carried from `statuses` (see [`super::carry`]; `None`: every
/// stone alive), no reading.
pub fn static_analysis_of(
    game: &Game,
    statuses: Option<Ts<StatusSource>>,
    params: &MoyoParams,
) -> Result<Ts<Analysis>, ApiError> {
    let carried = match statuses {
        Some(s) => Carried::read(&s, game.board())?,
        None => Carried::neutral(),
    };
    let a = with_analyzer(|analyzer| {
        analyzer.analyze_given(game.board(), &carried.status, carried.groups, params)
    });
    analysis_object(game, a, None, params)
}

/// The JS `Analysis` of `game` from the evaluators' analysis `a` of its
/// board: the game's own facts (whose turn, captures, legal points) and
/// every layer of `a`; the groups listed are `groups` when given (a
/// preview's, of the position it previews from), else `a`'s.
fn analysis_object(
    game: &Game,
    mut a: eval::Analysis,
    groups: Option<Vec<eval::GroupInfo>>,
    params: &MoyoParams,
) -> Result<Ts<Analysis>, ApiError> {
    let size = game.size();
    let to_move = game.to_move();
    let board = game.board();
    let mut hash = board.hash();
    if to_move == rules::Color::White {
        hash ^= WHITE_TO_MOVE_KEY;
    }
    if let Some(k) = board.ko_point() {
        hash = hash.rotate_left(17) ^ k.index() as u64;
    }
    let mut legal = vec![0u8; size * size];
    for p in game.legal_moves(to_move) {
        legal[p.row_major(size)] = 1;
    }
    if params.concave_fix {
        a.moyo = eval::moyo::replay(game, &a.status_map(board), params);
    }
    let groups = groups.as_ref().unwrap_or(&a.groups);
    let endgame = Endgame::of(board, a.thermo.as_ref(), to_move, game.rules().scoring());
    let (lists, score_map) = evaluation::lists(game, &a);
    let (h, m) = (&a.handtalk, &a.moyo);
    // Status codes on stones, `Empty` on empty points (`a.status`
    // holds "alive" there).
    let group_status: Vec<i8> = (0..size * size)
        .map(|i| match board.get(Point::from_row_major(i, size)) {
            Some(_) => a.status[i].code() as i8,
            None => StatusCode::Empty as i8,
        })
        .collect();
    to_ts(&Analysis {
        size,
        to_move: to_move.into(),
        move_number: game.move_number(),
        captures: Captures::of(game),
        last_move: game.last_move().map(|(c, mv)| MoveInfo::new(c, mv, size)),
        ko_point: board.ko_point().map(Vertex::from),
        is_over: game.is_over(),
        hash: format!("{hash:016x}"),
        board: js_sys::Int8Array::from(&sign_map(game)[..]),
        legal: js_sys::Uint8Array::from(&legal[..]),
        influence: js_sys::Int8Array::from(&h.influence[..]),
        block_ids: js_sys::Uint16Array::from(&h.block_ids[..]),
        blocks: h.blocks.iter().map(BlockInfo::from).collect(),
        danger: js_sys::Float32Array::from(&h.danger[..]),
        danger_ids: js_sys::Uint16Array::from(&h.danger_ids[..]),
        dangers: lists.dangers,
        score: lists.score,
        score_map: js_sys::Float32Array::from(&score_map[..]),
        potential: js_sys::Int32Array::from(&m.potential[..]),
        basins: js_sys::Int16Array::from(&m.basins[..]),
        basin_list: m.basin_list.iter().map(BasinInfo::from).collect(),
        weak_points: vertices(&m.weak_points),
        area_ids: js_sys::Int16Array::from(&m.area_ids[..]),
        areas: lists.areas,
        gaps: lists.gaps,
        group_status: js_sys::Int8Array::from(&group_status[..]),
        groups: groups.iter().map(GroupInfo::from).collect(),
        region_ids: js_sys::Uint16Array::from(&endgame.region_ids[..]),
        regions: endgame.regions,
        endgame: endgame.moves,
        endgame_score: endgame.score,
    })
}

/// The analysis of `game` as it would be after the side to move plays
/// `vertex`; `game` itself is not changed.
pub fn analysis_after(
    game: &Game,
    vertex: &Ts<VertexInput>,
    params: &MoyoParams,
) -> Result<Ts<Analysis>, ApiError> {
    let size = game.size();
    let mv = VertexInput::to_move(vertex, size)?;
    let mut what_if = game.clone();
    what_if.play(mv).map_err(|e| {
        js_error(format!(
            "{} {} is illegal: {e}",
            game.to_move().name(),
            move_text(mv, size)
        ))
    })?;
    analysis_with_base(&what_if, Some(game), params)
}

/// The analysis of a position given as plain data (see `Game.position()`),
/// or of the position after the side to move plays `after`. This is the
/// worker's entry point: positions cross to the worker as data.
///
/// ```js
/// const a = analyze(game.position());
/// a.board;                        // Int8Array, +1 black, -1 white
/// analyze(game.position(), "D4"); // as if the side to move played D4
/// analyze(game.position(), null, { radiationModel: "naive-euclid" });
/// ```
#[wasm_bindgen]
pub fn analyze(
    position: Ts<Position>,
    after: Option<Ts<VertexInput>>,
    options: Option<Ts<AnalyzeOptions>>,
) -> Result<Ts<Analysis>, ApiError> {
    let (game, params) = position_and_params(&position, options)?;
    match after {
        None => analysis_of(&game, &params),
        Some(after) => analysis_after(&game, &after, &params),
    }
}
