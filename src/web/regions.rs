//! The endgame regions of an analysis as JS objects: each region with its
//! thermograph, and the endgame moves with their reasons.

use serde::Serialize;
use tsify::Tsify;

use super::convert::{vertices, Vertex};
use crate::eval::thermo::{self, Rational, Wall};
use crate::rules::{Board, Color, Scoring};

/// One corner of a thermograph's wall: at tax `t`, the value `v` (points
/// for Black).
#[derive(Serialize, Tsify)]
pub struct WallPoint {
    /// The tax (temperature axis).
    t: f64,
    /// The value there.
    v: f64,
}

fn corners(w: &Wall) -> Vec<WallPoint> {
    w.corners()
        .into_iter()
        .map(|(t, v)| WallPoint {
            t: t.to_f64(),
            v: v.to_f64(),
        })
        .collect()
}

/// One endgame region: points bounded by settled stones, valued by its
/// thermograph (territory counting, points for Black).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct RegionInfo {
    /// Its id in `Analysis.regionIds`, from 1.
    id: u16,
    /// How it came to be: `"contested"` (between both colours),
    /// `"invasion"` (inside one colour, where the other can live) or
    /// `"open"` (out of reach of both).
    origin: &'static str,
    /// Its points (stones included), row by row.
    points: Vec<Vertex>,
    /// How many of them are empty.
    empties: u16,
    /// Mean value, points for Black, e.g. `0.5`.
    mean: f64,
    /// Temperature (>= 0): what a move here is worth.
    temperature: f64,
    /// The mean exactly: `"1/3"`, `"-2"`.
    mean_exact: String,
    /// The temperature exactly.
    temperature_exact: String,
    /// The thermograph's top: `"settled"`, `"gote"`, `"sente-black"`,
    /// `"sente-white"` or `"ko"`.
    kind: &'static str,
    /// Whether the value is approximate (the search was capped, or the
    /// region is too big for thermography).
    approx: bool,
    /// Black's best move here.
    black: Option<Vertex>,
    /// White's best move here.
    white: Option<Vertex>,
    /// The thermograph's left wall (what Black reaches, taxed), corner by
    /// corner; the last corner starts the mast.
    left_wall: Vec<WallPoint>,
    /// The right wall (what White reaches).
    right_wall: Vec<WallPoint>,
}

impl From<&thermo::Region> for RegionInfo {
    fn from(r: &thermo::Region) -> RegionInfo {
        let exact = |q: Rational| q.to_string();
        RegionInfo {
            id: r.id as u16,
            origin: r.origin.name(),
            points: vertices(&r.points),
            empties: r.empties as u16,
            mean: r.mean.to_f64(),
            temperature: r.temperature.to_f64(),
            mean_exact: exact(r.mean),
            temperature_exact: exact(r.temperature),
            kind: r.kind.name(),
            approx: r.approx,
            black: r.summary.black.as_ref().map(|(p, _)| Vertex::from(*p)),
            white: r.summary.white.as_ref().map(|(p, _)| Vertex::from(*p)),
            left_wall: corners(&r.thermograph.left),
            right_wall: corners(&r.thermograph.right),
        }
    }
}

/// An endgame move for the side to move, with its reason.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct EndgameMoveInfo {
    /// Where.
    point: Vertex,
    /// What it is: `"gote"`, `"sente"`, `"ko"` or `"capture"`.
    kind: &'static str,
    /// Why it stands where it stands: `"temperature"`, `"sente-first"`,
    /// `"ko-first"`, `"tedomari"` or `"ko-owned"`.
    rule: &'static str,
    /// Its temperature.
    temperature: f64,
    /// What it is worth in points.
    value: f64,
    /// The region it is in (its id), or `null`.
    region: Option<u16>,
    /// Stones it captures.
    captures: u16,
    /// The reason in plain English, e.g. `"gote, 3 1/2 points; tedomari: the last big move"`.
    text: String,
}

impl From<&thermo::EndgameMove> for EndgameMoveInfo {
    fn from(m: &thermo::EndgameMove) -> EndgameMoveInfo {
        EndgameMoveInfo {
            point: m.point.into(),
            kind: m.kind.name(),
            rule: m.rule.name(),
            temperature: m.temperature.to_f64(),
            value: m.value.to_f64(),
            region: m.region.map(|r| r as u16),
            captures: m.captures as u16,
            text: m.text(),
        }
    }
}

/// The fields the analysis takes from the thermography: the region map,
/// the regions, the endgame moves for `to_move` and the estimate.
pub struct Endgame {
    pub region_ids: Vec<u16>,
    pub regions: Vec<RegionInfo>,
    pub moves: Vec<EndgameMoveInfo>,
    pub score: f64,
}

impl Endgame {
    /// From the thermography of `board` (none: empty), the moves in the
    /// order of the game's `scoring` (the ko rule below temperature 2 is
    /// area scoring's).
    pub fn of(
        board: &Board,
        t: Option<&thermo::ThermoAnalysis>,
        to_move: Color,
        scoring: Scoring,
    ) -> Endgame {
        let Some(t) = t else {
            return Endgame {
                region_ids: vec![0; board.size() * board.size()],
                regions: Vec::new(),
                moves: Vec::new(),
                score: 0.0,
            };
        };
        Endgame {
            region_ids: t.region_map.clone(),
            regions: t.regions.iter().map(RegionInfo::from).collect(),
            moves: thermo::endgame_moves_under(board, t, to_move, scoring)
                .iter()
                .map(EndgameMoveInfo::from)
                .collect(),
            score: t.score.to_f64(),
        }
    }
}
