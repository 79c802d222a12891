//! KataGo's JSON analysis protocol (`moku analysis`), the engine protocol
//! KaTrain speaks: one query object a line in, one response object a
//! line out for each position it asks about.
//!
//! A query names a game (`moves`, `initialStones`, `initialPlayer`,
//! `rules`, `komi`, `boardXSize` and `boardYSize`, which must be equal),
//! the positions to analyse (`analyzeTurns`, by default the last) and the
//! search (`maxVisits`, `includeOwnership`). Each response holds the
//! root's candidates (`moveInfos`: `move`, `visits`, `winrate`,
//! `scoreLead`, `scoreMean`, `scoreStdev`, `prior`, `lcb`, `order`, `pv`),
//! `rootInfo`, and the `ownership` when asked. Values are Black's, as
//! KataGo's example analysis configuration and KaTrain's set them
//! (`reportAnalysisWinratesAs = BLACK`); the ownership runs row by row
//! from the top-left, +1 Black.
//!
//! `includePolicy` is answered with a warning line (moku has no policy
//! network); fields KataGo knows and moku does not use (`priority`,
//! `overrideSettings`, `includeMovesOwnership`, ...) are ignored. The
//! actions `query_version`, `clear_cache`, `terminate` and
//! `terminate_all` are answered (every query is answered in full before
//! the next is read, so there is nothing to terminate). A malformed query
//! gets an error object with its `id` (when it has one) and the `field`
//! at fault, and the engine reads on.
//!
//! ```
//! use moku::gtp::AnalysisEngine;
//!
//! let mut engine = AnalysisEngine::new();
//! let out = engine.handle_line(r#"{"id":"q1","moves":[["B","E5"]],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9,"maxVisits":50}"#);
//! let response: serde_json::Value = serde_json::from_str(&out[0]).unwrap();
//! assert_eq!(response["id"], "q1");
//! assert_eq!(response["turnNumber"], 1);
//! assert_eq!(response["rootInfo"]["currentPlayer"], "W");
//! let bad = engine.handle_line(r#"{"id":"q2","moves":[["B","Z99"]],"rules":"chinese","boardXSize":9,"boardYSize":9}"#);
//! let error: serde_json::Value = serde_json::from_str(&bad[0]).unwrap();
//! assert_eq!((&error["id"], &error["field"]), (&"q2".into(), &"moves".into()));
//! ```

use serde_json::{json, Map, Value};

use crate::engine::mcts::{RootMove, TreeBudget};
use crate::engine::Engine;
use crate::rules::{gtp_move, parse_gtp_vertex, Color, Game, Move, RuleSet, MAX_SIZE, MIN_SIZE};

/// Visits of a query without `maxVisits`: KataGo's example analysis
/// configuration's default (`maxVisits = 500`).
const DEFAULT_VISITS: u64 = 500;

/// The most visits a query may ask for: a million playouts are minutes
/// of search on 19x19, and a mistyped query should not keep the engine
/// busy for hours.
const MAX_VISITS: u64 = 1_000_000;

/// The most turns one query may analyse: a long game's every move.
const MAX_TURNS: usize = 1000;

/// A query's fault: the message and the field it is about.
struct Fault {
    field: &'static str,
    message: String,
}

fn fault(field: &'static str, message: impl Into<String>) -> Fault {
    Fault {
        field,
        message: message.into(),
    }
}

/// What a query asks for, checked.
struct Query {
    id: String,
    /// The game before each move, from the initial position.
    positions: Vec<Game>,
    turns: Vec<usize>,
    visits: u64,
    ownership: bool,
    policy: bool,
}

/// The JSON analysis engine of `moku analysis`: answers KataGo analysis
/// queries line by line, with the engine's tree search on the classic
/// priors (as `lz-analyze` searches).
pub struct AnalysisEngine {
    engine: Engine,
    /// The most visits any query gets ([`AnalysisEngine::with_max_visits`]).
    visit_cap: u64,
}

impl Default for AnalysisEngine {
    fn default() -> Self {
        AnalysisEngine::new()
    }
}

impl AnalysisEngine {
    /// An engine with moku's default seed.
    pub fn new() -> AnalysisEngine {
        AnalysisEngine {
            engine: Engine::new(),
            visit_cap: MAX_VISITS,
        }
    }

    /// Searches every query for at most `cap` visits, whatever its
    /// `maxVisits` (at least one): for hosts that must answer quickly.
    pub fn with_max_visits(mut self, cap: u64) -> AnalysisEngine {
        self.visit_cap = cap.clamp(1, MAX_VISITS);
        self
    }

    /// Answers one input line: the response lines, each one JSON object
    /// (none for a blank line). Never panics, whatever the bytes.
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        if line.trim().is_empty() {
            return Vec::new();
        }
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                return vec![
                    json!({ "error": format!("could not parse the query as JSON: {e}") })
                        .to_string(),
                ]
            }
        };
        let Some(object) = value.as_object() else {
            return vec![json!({ "error": "a query must be a JSON object" }).to_string()];
        };
        let id = match object.get("id") {
            Some(Value::String(id)) => id.clone(),
            Some(_) => {
                return vec![json!({ "error": "id must be a string", "field": "id" }).to_string()]
            }
            None => {
                return vec![
                    json!({ "error": "a query must have an id", "field": "id" }).to_string()
                ]
            }
        };
        let answer = match object.get("action") {
            Some(action) => self.action(&id, action, object),
            None => self.analyse(&id, object),
        };
        answer.unwrap_or_else(|f| {
            vec![json!({ "id": id, "error": f.message, "field": f.field }).to_string()]
        })
    }

    /// The answer to an `action` query.
    fn action(
        &mut self,
        id: &str,
        action: &Value,
        object: &Map<String, Value>,
    ) -> Result<Vec<String>, Fault> {
        let answer = match action.as_str() {
            Some("query_version") => json!({
                "id": id,
                "action": "query_version",
                "version": env!("CARGO_PKG_VERSION"),
                "git_hash": "",
            }),
            Some("clear_cache") => {
                self.engine = Engine::new();
                json!({ "id": id, "action": "clear_cache" })
            }
            Some("terminate") => {
                let target = object
                    .get("terminateId")
                    .and_then(Value::as_str)
                    .ok_or_else(|| {
                        fault("terminateId", "terminate needs the terminateId of a query")
                    })?;
                json!({ "id": id, "action": "terminate", "terminateId": target })
            }
            Some("terminate_all") => json!({ "id": id, "action": "terminate_all" }),
            _ => return Err(fault(
                "action",
                "unknown action (expected query_version, clear_cache, terminate or terminate_all)",
            )),
        };
        Ok(vec![answer.to_string()])
    }

    /// The responses to an analysis query, one per turn asked.
    fn analyse(&mut self, id: &str, object: &Map<String, Value>) -> Result<Vec<String>, Fault> {
        let q = query(id, object)?;
        let mut out = Vec::new();
        if q.policy {
            out.push(
                json!({
                    "id": q.id,
                    "field": "includePolicy",
                    "warning": "moku has no policy network: the responses carry no policy",
                })
                .to_string(),
            );
        }
        for &turn in &q.turns {
            let game = &q.positions[turn];
            out.push(self.respond(&q, turn, game).to_string());
        }
        Ok(out)
    }

    /// The response about one position.
    fn respond(&mut self, q: &Query, turn: usize, game: &Game) -> Value {
        let color = game.to_move();
        let size = game.size();
        let mut analysis = self.engine.begin_analysis(game, color);
        self.engine.search_move(
            &mut analysis,
            TreeBudget::playouts(q.visits.min(self.visit_cap)),
        );
        let candidates = self.engine.move_candidates(&analysis);
        // Black's view: the search's values are the mover's.
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let black_winrate = |w: f32| if color == Color::Black { w } else { 1.0 - w };
        let prior_sum: f32 = candidates.iter().map(|c| c.prior).sum();
        let infos: Vec<Value> = candidates
            .iter()
            .enumerate()
            .map(|(order, c)| {
                json!({
                    "move": move_name(c.mv, size),
                    "visits": c.visits,
                    "winrate": rounded(black_winrate(c.winrate)),
                    "scoreLead": rounded(sign * c.lead),
                    "scoreMean": rounded(sign * c.lead),
                    "scoreStdev": rounded(score_stdev(c)),
                    "prior": rounded(if prior_sum > 0.0 { c.prior / prior_sum } else { 0.0 }),
                    "lcb": rounded(black_lcb(c, color)),
                    "order": order,
                    "pv": c.pv.iter().map(|&m| move_name(m, size)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let visits: u32 = candidates.iter().map(|c| c.visits).sum();
        let (winrate, lead) = candidates
            .first()
            .map_or((0.5, 0.0), |c| (black_winrate(c.winrate), sign * c.lead));
        let mut response = json!({
            "id": q.id,
            "isDuringSearch": false,
            "turnNumber": turn,
            "moveInfos": infos,
            "rootInfo": {
                "currentPlayer": if color == Color::Black { "B" } else { "W" },
                "visits": visits,
                "winrate": rounded(winrate),
                "scoreLead": rounded(lead),
                "scoreMean": rounded(lead),
            },
        });
        if q.ownership {
            let ownership = self
                .engine
                .move_ownership(&analysis, None)
                .filter(|o| o.len() == size * size)
                .unwrap_or_else(|| vec![0.0; size * size]);
            response["ownership"] = ownership.iter().map(|&o| rounded(o)).collect();
        }
        response
    }
}

/// A value rounded to four decimals (KataGo prints about six; four keep
/// the lines short and lose nothing a client shows).
fn rounded(v: f32) -> f64 {
    if !v.is_finite() {
        return 0.0;
    }
    (f64::from(v) * 10_000.0).round() / 10_000.0 + 0.0
}

/// The spread of the playouts' margins through `c`, in points.
fn score_stdev(c: &RootMove) -> f32 {
    if c.samples >= 2 && c.lead_error.is_finite() {
        c.lead_error * (c.samples as f32).sqrt()
    } else {
        0.0
    }
}

/// `lcb` from Black's view: the lower bound of Black's win rate for a
/// Black move, the upper bound's complement for a White one.
fn black_lcb(c: &RootMove, color: Color) -> f32 {
    let low = super::info::lcb(c);
    match color {
        Color::Black => low,
        Color::White => 1.0 - low,
    }
}

fn move_name(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_move(Some(p), size).to_uppercase(),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// The rules KataGo names in `rules` (its short names and KaTrain's).
fn rules(name: &str) -> Option<RuleSet> {
    Some(match name.to_ascii_lowercase().as_str() {
        "japanese" | "korean" => RuleSet::Japanese,
        "chinese" | "chinese-ogs" | "chinese-kgs" => RuleSet::Chinese,
        "aga" | "bga" => RuleSet::Aga,
        "new-zealand" | "newzealand" | "nz" => RuleSet::NewZealand,
        "tromp-taylor" | "tromptaylor" => RuleSet::TrompTaylor,
        _ => return None,
    })
}

/// A non-negative whole number of `field`.
fn whole(v: &Value, field: &'static str) -> Result<u64, Fault> {
    v.as_u64()
        .ok_or_else(|| fault(field, format!("{field} must be a whole number")))
}

/// A `[COLOR, VERTEX]` pair of `field` on a board of `size`.
fn stone(v: &Value, size: usize, field: &'static str) -> Result<(Color, Move), Fault> {
    let pair = v.as_array().filter(|a| a.len() == 2).ok_or_else(|| {
        fault(
            field,
            format!("each of {field} must be a [colour, vertex] pair"),
        )
    })?;
    let color = pair[0]
        .as_str()
        .and_then(Color::parse)
        .ok_or_else(|| fault(field, format!("a colour of {field} must be \"B\" or \"W\"")))?;
    let text = pair[1]
        .as_str()
        .ok_or_else(|| fault(field, format!("a vertex of {field} must be a string")))?;
    let mv = match parse_gtp_vertex(text, size) {
        Ok(Some(p)) => Move::Play(p),
        Ok(None) => Move::Pass,
        Err(_) => {
            return Err(fault(
                field,
                format!("{text:?} is no vertex of a {size}x{size} board"),
            ))
        }
    };
    Ok((color, mv))
}

/// Checks a query and builds its positions.
fn query(id: &str, object: &Map<String, Value>) -> Result<Query, Fault> {
    let get = |field: &'static str| object.get(field);
    let x = whole(
        get("boardXSize").ok_or_else(|| fault("boardXSize", "boardXSize is missing"))?,
        "boardXSize",
    )?;
    let y = whole(
        get("boardYSize").ok_or_else(|| fault("boardYSize", "boardYSize is missing"))?,
        "boardYSize",
    )?;
    if x != y {
        return Err(fault(
            "boardYSize",
            "moku plays square boards only: boardXSize must equal boardYSize",
        ));
    }
    let size = usize::try_from(x).unwrap_or(usize::MAX);
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(fault(
            "boardXSize",
            format!("the board size must be from {MIN_SIZE} to {MAX_SIZE}"),
        ));
    }
    let rule_set = match get("rules") {
        Some(Value::String(name)) => rules(name).ok_or_else(|| {
            fault(
                "rules",
                format!("unknown rules {name:?} (expected japanese, korean, chinese, aga, new-zealand or tromp-taylor)"),
            )
        })?,
        Some(_) => return Err(fault("rules", "rules must be a name such as \"japanese\"")),
        None => return Err(fault("rules", "rules is missing")),
    };
    let komi = match get("komi") {
        None => {
            // KataGo's default komi: 7.5 under area scoring, 6.5 under
            // territory scoring.
            if rule_set == RuleSet::Japanese {
                6.5
            } else {
                7.5
            }
        }
        Some(v) => {
            let k = v
                .as_f64()
                .filter(|k| k.is_finite() && k.abs() <= (MAX_SIZE * MAX_SIZE) as f64)
                .ok_or_else(|| {
                    fault(
                        "komi",
                        "komi must be a number of points within the board's area",
                    )
                })?;
            k as f32
        }
    };
    let mut game =
        Game::new(size, rule_set, komi).map_err(|e| fault("boardXSize", e.to_string()))?;
    if let Some(stones) = get("initialStones") {
        let list = stones.as_array().ok_or_else(|| {
            fault(
                "initialStones",
                "initialStones must be a list of [colour, vertex] pairs",
            )
        })?;
        let mut setup = Vec::with_capacity(list.len());
        for s in list {
            match stone(s, size, "initialStones")? {
                (c, Move::Play(p)) => setup.push((p, Some(c))),
                _ => return Err(fault("initialStones", "an initial stone cannot be a pass")),
            }
        }
        game.setup(&setup).map_err(|e| {
            fault(
                "initialStones",
                format!("the initial stones cannot stand: {e}"),
            )
        })?;
    }
    let moves = match get("moves") {
        Some(Value::Array(list)) => list.as_slice(),
        Some(_) => {
            return Err(fault(
                "moves",
                "moves must be a list of [colour, vertex] pairs",
            ))
        }
        None => return Err(fault("moves", "moves is missing")),
    };
    if let Some(p) = get("initialPlayer") {
        let c = p
            .as_str()
            .and_then(Color::parse)
            .ok_or_else(|| fault("initialPlayer", "initialPlayer must be \"B\" or \"W\""))?;
        game.set_to_move(c);
    } else if let Some(first) = moves.first() {
        game.set_to_move(stone(first, size, "moves")?.0);
    }
    let mut positions = vec![game.clone()];
    for (n, m) in moves.iter().enumerate() {
        let (color, mv) = stone(m, size, "moves")?;
        game.play_as(color, mv)
            .map_err(|e| fault("moves", format!("move {} is illegal: {e}", n + 1)))?;
        positions.push(game.clone());
    }
    let turns = match get("analyzeTurns") {
        None => vec![moves.len()],
        Some(Value::Array(list)) => {
            if list.len() > MAX_TURNS {
                return Err(fault(
                    "analyzeTurns",
                    format!("at most {MAX_TURNS} turns a query"),
                ));
            }
            let mut turns = Vec::with_capacity(list.len());
            for t in list {
                let t = whole(t, "analyzeTurns")?;
                if t > moves.len() as u64 {
                    return Err(fault(
                        "analyzeTurns",
                        format!("turn {t} is past the {} moves of the query", moves.len()),
                    ));
                }
                turns.push(t as usize);
            }
            turns
        }
        Some(_) => {
            return Err(fault(
                "analyzeTurns",
                "analyzeTurns must be a list of turn numbers",
            ))
        }
    };
    let visits = match get("maxVisits") {
        None => DEFAULT_VISITS,
        Some(v) => {
            let n = whole(v, "maxVisits")?;
            if n == 0 || n > MAX_VISITS {
                return Err(fault(
                    "maxVisits",
                    format!("maxVisits must be from 1 to {MAX_VISITS}"),
                ));
            }
            n
        }
    };
    let flag = |field: &'static str| -> Result<bool, Fault> {
        match get(field) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(fault(field, format!("{field} must be true or false"))),
        }
    };
    Ok(Query {
        id: id.to_string(),
        positions,
        turns,
        visits,
        ownership: flag("includeOwnership")?,
        policy: flag("includePolicy")?,
    })
}
