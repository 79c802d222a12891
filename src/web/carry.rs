//! Statuses carried from an earlier analysis into a static one: what
//! `Game.analyzeStatic` reads instead of reading life and death.
//!
//! A stone keeps the status it had in the earlier analysis when a stone
//! of its colour stood on its point there; every other stone (played
//! since, or with nothing carried) is taken as alive, the neutral
//! assumption the hover preview makes for its new stone too. A group is
//! carried whole or not at all: when every one of its stones is still
//! there, with its vital points while they are empty. Stepping through a
//! record, most stones are those of the last position read, so the
//! static layers (dead stones radiating for the other side, the score
//! counting them) stay close to what the reading will say, and the
//! statuses shown do not blink out between two readings.

use serde::Deserialize;
use tsify::{Ts, Tsify};

use super::analysis::{GroupInfo, StatusCode};
use super::convert::{describe, from_ts, range_error, type_error, ApiError, Vertex};
use crate::eval;
use crate::rules::{Board, Point, Status, StatusMap};

/// Life-and-death statuses read in an earlier position, to carry into the
/// static analysis of another (`Game.analyzeStatic`). Any {@link Analysis} has
/// these fields: pass the last full analysis as it came.
#[derive(Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct StatusSource {
    /// The stones the statuses were read on: +1 Black, -1 White, 0 empty,
    /// row-major from the top-left (`Analysis.board`).
    #[tsify(type = "Int8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    board: js_sys::Int8Array,
    /// Each point's {@link StatusCode} (`Analysis.groupStatus`).
    #[tsify(type = "Int8Array")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    group_status: js_sys::Int8Array,
    /// The groups read (`Analysis.groups`): their vital points.
    groups: Vec<GroupInfo>,
}

/// What a static analysis is given instead of reading: every stone's
/// status and the groups carried.
pub struct Carried {
    /// Every stone's status (alive where nothing was carried).
    pub status: StatusMap,
    /// The groups carried whole, their stones sorted.
    pub groups: Vec<eval::GroupInfo>,
}

impl Carried {
    /// Nothing carried: every stone alive, no groups.
    pub fn neutral() -> Carried {
        Carried {
            status: StatusMap::all_alive(),
            groups: Vec::new(),
        }
    }

    /// The statuses of `source` that hold on `board` (see the module
    /// doc). A value that is not a status source is a `TypeError`; maps
    /// of another board size, a sign or a status code out of range, or a
    /// group's stone off the board a `RangeError`.
    pub fn read(source: &Ts<StatusSource>, board: &Board) -> Result<Carried, ApiError> {
        let what = "the statuses";
        let v = source.js_value();
        if !(v.is_object() && !js_sys::Array::is_array(&v) && !v.is_function()) {
            return Err(type_error(format!(
                "{what} must be an analysis (an object with board, groupStatus and groups), not {}",
                describe(&v)
            )));
        }
        let s = from_ts(source).map_err(|e| type_error(format!("{what}: {e}")))?;
        let n = board.size();
        let (signs, codes) = (s.board.to_vec(), s.group_status.to_vec());
        if signs.len() != n * n || codes.len() != n * n {
            return Err(range_error(format!(
                "{what}: board and groupStatus must have {} points each (the position's {n}x{n} board), not {} and {}",
                n * n,
                signs.len(),
                codes.len()
            )));
        }
        if let Some(bad) = signs.iter().find(|s| !(-1..=1).contains(*s)) {
            return Err(range_error(format!(
                "{what}: board holds {bad} (expected -1, 0 or 1)"
            )));
        }
        let status_of = |code: i8| Status::ALL.into_iter().find(|s| s.code() as i8 == code);
        if let Some(bad) = codes
            .iter()
            .find(|&&c| c != StatusCode::Empty as i8 && status_of(c).is_none())
        {
            return Err(range_error(format!(
                "{what}: groupStatus holds {bad} (expected a StatusCode, 0 to 5)"
            )));
        }
        // A stone of the same colour on the same point in both boards.
        let stayed = |p: Point| {
            board
                .get(p)
                .is_some_and(|c| signs[p.row_major(n)] == c.sign() as i8)
        };
        let mut status = StatusMap::all_alive();
        for p in board.points().filter(|&p| stayed(p)) {
            if let Some(s) = status_of(codes[p.row_major(n)]) {
                status.set_point(p, s);
            }
        }
        let point = |v: &Vertex| -> Result<Point, ApiError> {
            if (v.x as usize) < n && (v.y as usize) < n {
                Ok(Point::from_xy(v.x as usize, v.y as usize))
            } else {
                Err(range_error(format!(
                    "{what}: a group's point {{x: {}, y: {}}} is off the {n}x{n} board",
                    v.x, v.y
                )))
            }
        };
        let mut groups = Vec::new();
        for g in &s.groups {
            let mut stones = g.stones.iter().map(point).collect::<Result<Vec<_>, _>>()?;
            let vital = |v: &Option<Vertex>| -> Result<Option<Point>, ApiError> {
                Ok(match v {
                    Some(v) => Some(point(v)?).filter(|&p| board.get(p).is_none()),
                    None => None,
                })
            };
            let (attack, defense) = (vital(&g.attack)?, vital(&g.defense)?);
            let color = g.color.into();
            if stones.is_empty()
                || !stones
                    .iter()
                    .all(|&p| stayed(p) && board.get(p) == Some(color))
            {
                continue;
            }
            stones.sort();
            groups.push(eval::GroupInfo {
                color,
                stones,
                status: g.state.into(),
                attack,
                defense,
                attack_ko: g.attack_ko,
                defense_ko: g.defense_ko,
                basis: g.basis.into(),
            });
        }
        Ok(Carried { status, groups })
    }
}
