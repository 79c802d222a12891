//! The JS `Game` class: a game record (an SGF tree with a cursor) and the
//! position at its cursor.

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::analysis::{
    analysis_after, analysis_of, moyo_params, static_analysis_of, Analysis, AnalyzeOptions,
};
use super::carry::StatusSource;
use super::convert::{
    js_error, options_object, range_error, read_options, sign_map, text_arg, to_ts, to_ts_list,
    vertices, whole_arg, whole_number, ApiError, Color, Kind, MoveInfo, OptionsObject, RulesName,
    Vertex, VertexInput,
};
use super::evaluation::{completion_of, MoyoCompletion};
use super::markup::{game_info_of, markup_of, GameInfoView, Markup};
use super::position::Position;
use crate::record::GameRecord;
use crate::rules::{self, Game, Move, RuleSet, Scoring, MAX_SIZE, MIN_SIZE};

/// Largest fixed handicap (GTP's table stops at 9).
const MAX_HANDICAP: usize = 9;

/// The bound of the range check on move numbers and variation indices:
/// far above any count a record holds, so that the check refuses only
/// what is no index at all; whether that move or variation exists is the
/// record's to say, with its own error.
const MAX_INDEX: usize = usize::MAX >> 1;

options_object! {
    /// The game information `setGameInfo` writes into the record's root
    /// (an empty string removes a property).
    pub struct GameInfo("game information") {
        /// Black's name (`PB`).
        black as "black": String,
        /// White's name (`PW`).
        white as "white": String,
        /// Black's rank (`BR`), e.g. "3k".
        black_rank as "blackRank": String,
        /// White's rank (`WR`).
        white_rank as "whiteRank": String,
        /// The result as SGF writes it (`RE`): "B+3.5", "W+R", "0", "Void", "?".
        result as "result": String,
        /// The date (`DT`), "YYYY-MM-DD" (or "YYYY" or "YYYY-MM").
        date as "date": String,
        /// The event (`EV`).
        event as "event": String,
    }
}

/// Longest text a game-information property may hold.
const INFO_MAX_CHARS: usize = 200;

/// Whether `re` is a result as SGF writes it: "0" or "Draw", "Void", "?",
/// or "B+" / "W+" with a score, "R" / "Resign", "T" / "Time", "F" /
/// "Forfeit", or nothing.
fn is_sgf_result(re: &str) -> bool {
    if ["0", "Draw", "Void", "?"].contains(&re) {
        return true;
    }
    let Some(rest) = re.strip_prefix("B+").or_else(|| re.strip_prefix("W+")) else {
        return false;
    };
    rest.is_empty()
        || ["R", "Resign", "T", "Time", "F", "Forfeit"].contains(&rest)
        || rest.parse::<f32>().is_ok_and(|v| v.is_finite() && v >= 0.0)
}

/// Whether `dt` is a date SGF's `DT` takes: "YYYY", "YYYY-MM" or
/// "YYYY-MM-DD" with digits.
fn is_sgf_date(dt: &str) -> bool {
    let parts: Vec<&str> = dt.split('-').collect();
    let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [y] => digits(y, 4),
        [y, m] => digits(y, 4) && digits(m, 2),
        [y, m, d] => digits(y, 4) && digits(m, 2) && digits(d, 2),
        _ => false,
    }
}

options_object! {
    /// Options of `new Game(...)`; every field is optional.
    pub struct GameOptions("game options") {
        /// Board size, 2 to 25. Default 19.
        size as "size": f64,
        /// Komi, added to White's score. Default: 6.5 under Japanese rules,
        /// 7.5 otherwise, 0.5 with handicap.
        komi as "komi": f64,
        /// The rule set. Default `"japanese"`.
        rules as "rules": RulesName,
        /// Fixed handicap stones (0, or 2 to 9 on the star points). Default 0.
        handicap as "handicap": f64,
    }
}

/// Stones captured so far by each player.
#[derive(Serialize, Tsify)]
pub struct Captures {
    /// Stones Black has captured.
    pub black: u32,
    /// Stones White has captured.
    pub white: u32,
}

impl Captures {
    /// The captures of `game` so far.
    pub fn of(game: &Game) -> Captures {
        Captures {
            black: game.captures(rules::Color::Black),
            white: game.captures(rules::Color::White),
        }
    }
}

/// A child of the current node of the game tree (one variation).
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct Variation {
    /// Its index for `chooseVariation`, 0 being the main line.
    index: usize,
    /// Who plays it; `null` for a node without a move (such as a setup).
    color: Option<Color>,
    /// The point, or `null` for a pass or a node without a move.
    vertex: Option<Vertex>,
    /// GTP text: `"Q16"`, `"pass"`, or `""` for a node without a move.
    gtp: String,
}

/// Options of `Game.score(...)`.
#[derive(Deserialize, Default, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ScoreOptions {
    /// Stones to count as dead; one stone of a chain marks the whole chain.
    #[tsify(optional, type = "VertexInput[]")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    dead_stones: JsValue,
}

impl OptionsObject for ScoreOptions {
    const WHAT: &'static str = "score options";
    const FIELDS: &'static [(&'static str, Kind)] = &[("deadStones", Kind::Array)];
}

/// How a position is counted.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub enum ScoringName {
    /// Stones plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
}

/// The count of a position, given its dead stones.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// Points for Black (area, or territory plus prisoners).
    black: f32,
    /// Points for White, komi included.
    white: f32,
    /// Empty points counted as Black's.
    black_territory: u32,
    /// Empty points counted as White's.
    white_territory: u32,
    /// Black's living stones on the board.
    black_stones: u32,
    /// White's living stones on the board.
    white_stones: u32,
    /// Prisoners taken by Black (captures plus dead white stones).
    black_prisoners: u32,
    /// Prisoners taken by White (captures plus dead black stones).
    white_prisoners: u32,
    /// Empty points that count for nobody (dame, seki).
    neutral: u32,
    /// The komi used.
    komi: f32,
    /// `black - white`: positive when Black wins.
    margin: f32,
    /// The result as SGF writes it: `"B+3.5"`, `"W+0.5"`, `"0"`.
    result: String,
    /// How the position was counted.
    scoring: ScoringName,
}

impl Score {
    fn new(s: &rules::Score, scoring: Scoring) -> Score {
        Score {
            black: s.black,
            white: s.white,
            black_territory: s.black_territory,
            white_territory: s.white_territory,
            black_stones: s.black_stones,
            white_stones: s.white_stones,
            black_prisoners: s.black_prisoners,
            white_prisoners: s.white_prisoners,
            neutral: s.neutral,
            komi: s.komi,
            margin: s.margin,
            result: s.result_text(),
            scoring: match scoring {
                Scoring::Area => ScoringName::Area,
                Scoring::Territory => ScoringName::Territory,
            },
        }
    }
}

/// A game of Go: the rules, the board, the history as a tree of
/// variations (an SGF game record) and a cursor in it. Every rejected
/// call throws with a plain-English message and changes nothing: a
/// `TypeError` for an argument of the wrong type, a `RangeError` for one
/// out of range (a point off the board), an `Error` for a move the rules
/// refuse.
///
/// ```js
/// import init, { Game } from "./pkg/moku.js";
/// await init();
/// const game = new Game({ size: 9, komi: 7, rules: "chinese" });
/// game.play("E5");
/// game.play({ x: 2, y: 2 }); // C7, counted from the top-left
/// game.board();              // Int8Array(81), +1 black, -1 white
/// ```
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    rec: GameRecord,
    /// What `fromSgfUntilFault` left out of the record, and why.
    fault: Option<String>,
}

impl JsGame {
    fn game(&self) -> &Game {
        self.rec.game()
    }

    fn size(&self) -> usize {
        self.game().size()
    }

    fn play_move(&mut self, mv: Move) -> Result<(), ApiError> {
        self.rec.play(mv).map_err(js_error)
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Writes game information into the record's root: players, ranks,
    /// result, date, event (see `GameInfo`; an empty string removes one).
    /// A result or date SGF would not read, or a text over 200 characters,
    /// is a `RangeError` and nothing changes.
    ///
    /// ```js
    /// game.setGameInfo({ white: "moku level 6", result: "W+R", date: "2026-11-28" });
    /// game.toSgf(); // "(;GM[1]...PW[moku level 6]RE[W+R]DT[2026-11-28]...)"
    /// ```
    #[wasm_bindgen(js_name = setGameInfo)]
    pub fn set_game_info(&mut self, info: Ts<GameInfo>) -> Result<(), ApiError> {
        let info = read_options(Some(info))?;
        let fields = [
            ("PB", info.black),
            ("PW", info.white),
            ("BR", info.black_rank),
            ("WR", info.white_rank),
            ("RE", info.result),
            ("DT", info.date),
            ("EV", info.event),
        ];
        // Every value checked before any is written.
        for (id, v) in &fields {
            let Some(v) = v else { continue };
            if v.chars().count() > INFO_MAX_CHARS {
                return Err(range_error(format!(
                    "{id} may hold at most {INFO_MAX_CHARS} characters, not {}",
                    v.chars().count()
                )));
            }
            if *id == "RE" && !v.is_empty() && !is_sgf_result(v) {
                return Err(range_error(format!(
                    "result must be as SGF writes it (\"B+3.5\", \"W+R\", \"0\", \"Void\", \"?\"), not {v:?}"
                )));
            }
            if *id == "DT" && !v.is_empty() && !is_sgf_date(v) {
                return Err(range_error(format!(
                    "date must be YYYY-MM-DD (or YYYY or YYYY-MM), not {v:?}"
                )));
            }
        }
        for (id, v) in fields {
            if let Some(v) = v {
                let value = (!v.is_empty()).then_some(v.as_str());
                self.rec.set_game_info(id, value).map_err(js_error)?;
            }
        }
        Ok(())
    }

    /// Starts a new game; all options are optional (19x19, Japanese rules).
    ///
    /// ```js
    /// const game = new Game({ size: 13, komi: 0.5, rules: "japanese", handicap: 3 });
    /// ```
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<Ts<GameOptions>>) -> Result<JsGame, ApiError> {
        let opts = read_options(options)?;
        let size = whole_number(
            opts.size.unwrap_or(19.0),
            MIN_SIZE,
            MAX_SIZE,
            "the board size",
        )?;
        let rules = opts.rules.map_or(RuleSet::Japanese, RuleSet::from);
        let handicap = whole_number(
            opts.handicap.unwrap_or(0.0),
            0,
            MAX_HANDICAP,
            "the handicap",
        )?;
        let komi = match opts.komi {
            Some(k) if k.is_finite() && k.abs() <= 1000.0 => k as f32,
            Some(k) => {
                return Err(range_error(format!(
                    "komi must be a number between -1000 and 1000, not {k}"
                )))
            }
            None if handicap >= 2 => 0.5,
            None if rules.scoring() == Scoring::Territory => 6.5,
            None => 7.5,
        };
        let rec = GameRecord::new(size, rules, komi, handicap).map_err(range_error)?;
        Ok(JsGame { rec, fault: None })
    }

    /// Loads the first game of an SGF collection; the cursor is at the
    /// start, as `first()` goes there (call `last()` to see the final
    /// position).
    ///
    /// ```js
    /// const game = Game.fromSgf("(;GM[1]SZ[9];B[ee];W[cc])");
    /// game.last();
    /// ```
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsGame, ApiError> {
        let text = text_arg(&text, "the SGF text")?;
        let mut game = GameRecord::from_sgf(&text)
            .map(|rec| JsGame { rec, fault: None })
            .map_err(js_error)?;
        game.first();
        Ok(game)
    }

    /// Loads the first game of an SGF collection as `fromSgf` does, except
    /// that a main line that breaks the rules stops at the node before (as
    /// the SGF standard lets a viewer do): the move or setup that fails is
    /// left out with what follows it, and `fault` says why. A record
    /// whose root or text is at fault throws as with `fromSgf`.
    ///
    /// ```js
    /// const game = Game.fromSgfUntilFault("(;SZ[9];B[ee];W[cc];B[gg];W[ee])");
    /// game.moves().length; // 3
    /// game.fault;          // "line 1, column 27: move 4 (White E5) is illegal: that point is already occupied"
    /// ```
    #[wasm_bindgen(js_name = fromSgfUntilFault)]
    pub fn from_sgf_until_fault(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsGame, ApiError> {
        let text = text_arg(&text, "the SGF text")?;
        let (rec, fault) = GameRecord::from_sgf_until_fault(&text).map_err(js_error)?;
        let mut game = JsGame {
            rec,
            fault: fault.map(|e| e.to_string()),
        };
        game.first();
        Ok(game)
    }

    /// What `fromSgfUntilFault` left out of the record, as the error of
    /// its first node left out; `undefined` for a record loaded whole.
    #[wasm_bindgen(getter)]
    pub fn fault(&self) -> Option<String> {
        self.fault.clone()
    }

    /// The whole game tree as SGF text (every variation, comments kept).
    ///
    /// ```js
    /// const text = game.toSgf(); // "(;GM[1]FF[4]SZ[9]...;B[ee])"
    /// ```
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> String {
        self.rec.to_sgf()
    }

    /// Plays a move for the side to move: GTP text (`"Q16"`, `"pass"`) or
    /// `{x, y}` from the top-left. From a position inside the record, an
    /// existing variation with that move is followed, else a new one is
    /// added.
    ///
    /// ```js
    /// game.play("Q16");
    /// game.play({ x: 3, y: 15 }); // D4 on 19x19
    /// ```
    pub fn play(&mut self, vertex: Ts<VertexInput>) -> Result<(), ApiError> {
        let mv = VertexInput::to_move(&vertex, self.size())?;
        self.play_move(mv)
    }

    /// Passes for the side to move.
    ///
    /// ```js
    /// game.pass();
    /// ```
    pub fn pass(&mut self) -> Result<(), ApiError> {
        self.play_move(Move::Pass)
    }

    /// Writes one move's review into the record, so that the saved SGF
    /// carries it: `text` as the last paragraph of move `moveNumber`'s
    /// comment (replacing an earlier review's), the verdict as `TE`, `DO`
    /// or `BM`, and the better move (`null` for none) marked with the label
    /// `A`. The cursor stays where it was.
    ///
    /// ```js
    /// game.annotateMove(34, r.text, r.verdict, r.preferredVertex);
    /// ```
    #[wasm_bindgen(js_name = annotateMove)]
    pub fn annotate_move(
        &mut self,
        #[wasm_bindgen(js_name = moveNumber, unchecked_param_type = "number")] move_number: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] verdict: JsValue,
        better: Option<Ts<VertexInput>>,
    ) -> Result<(), ApiError> {
        use crate::engine::review::{annotate_node, Verdict};
        let n = whole_arg(&move_number, 1, MAX_INDEX, "the move number")?;
        let text = text_arg(&text, "the review text")?;
        let verdict = text_arg(&verdict, "the verdict")?;
        let verdict = Verdict::parse(&verdict).ok_or_else(|| {
            range_error(format!(
                "'{verdict}' is not a verdict (expected good, inaccuracy, mistake or blunder)"
            ))
        })?;
        let better = match better {
            None => None,
            Some(v) => match VertexInput::to_move(&v, self.size())? {
                Move::Play(p) => Some(p),
                _ => None,
            },
        };
        let here = self.rec.move_number();
        let mut probe = self.rec.clone();
        probe.go_to_move(n).map_err(range_error)?;
        if probe.move_number() != n || n == 0 {
            return Err(range_error(format!("the record has no move {n}")));
        }
        self.rec.go_to_move(n).map_err(range_error)?;
        annotate_node(
            &mut self.rec,
            &text,
            verdict,
            verdict == Verdict::Good && better.is_none(),
            better,
        );
        self.rec.go_to_move(here).map_err(js_error)?;
        Ok(())
    }

    /// The side to move resigns: the game is over (the record's result
    /// says who won).
    ///
    /// ```js
    /// game.resign();
    /// game.isOver; // true
    /// ```
    pub fn resign(&mut self) -> Result<(), ApiError> {
        self.play_move(Move::Resign)
    }

    /// Takes back the last move (it stays in the record: `redo()` replays
    /// it). Throws at the start of the game.
    ///
    /// ```js
    /// game.undo();
    /// ```
    pub fn undo(&mut self) -> Result<(), ApiError> {
        // Before the first move (the root, or the setup after an empty
        // root) there is nothing to take back.
        if self.rec.move_number() > 0 && self.rec.back() {
            Ok(())
        } else {
            Err(js_error("there is no move to undo"))
        }
    }

    /// Replays the next move of the current variation. Throws at its end.
    ///
    /// ```js
    /// game.undo(); game.redo(); // back where we were
    /// ```
    pub fn redo(&mut self) -> Result<(), ApiError> {
        if self.rec.forward() {
            Ok(())
        } else {
            Err(js_error("there is no move to redo"))
        }
    }

    /// Goes to the start of the record: the position before its first
    /// move. That is the root, unless the root is an empty board without a
    /// comment and the stones are set up in the nodes after it, before any
    /// move (a problem or a lesson as Cgoban writes it): then the start is
    /// the first of those nodes with stones on the board, since the empty
    /// board says nothing.
    ///
    /// ```js
    /// game.first(); game.moveNumber; // 0
    /// const p = Game.fromSgf("(;SZ[9];AB[cc]AW[gg];B[ee])");
    /// p.last(); p.first(); p.board()[2 * 9 + 2]; // 1: the setup is shown
    /// ```
    pub fn first(&mut self) {
        self.rec.first();
        while self.rec.game().board().stone_counts() == [0, 0]
            && self.rec.comment().is_none_or(|c| c.trim().is_empty())
            && matches!(self.rec.variations().first(), Some(None))
            && self.rec.forward()
        {}
    }

    /// Goes one move back; `false` (and no change) at the start.
    ///
    /// ```js
    /// while (game.previous()) {}
    /// ```
    pub fn previous(&mut self) -> bool {
        self.rec.back()
    }

    /// Goes one move forward along the current variation; `false` (and no
    /// change) at its end.
    ///
    /// ```js
    /// while (game.next()) {}
    /// ```
    pub fn next(&mut self) -> bool {
        self.rec.forward()
    }

    /// Goes to the end of the current variation.
    ///
    /// ```js
    /// game.last();
    /// ```
    pub fn last(&mut self) {
        self.rec.last();
    }

    /// Makes the line to the current position the record's main line:
    /// each move on the way becomes the first variation of the position
    /// before it; the position shown does not change. A page that plays a
    /// game calls it after each move, so that after a takeback the game as
    /// played is the saved record's main line and the moves taken back a
    /// variation.
    ///
    /// ```js
    /// const g = Game.fromSgf("(;SZ[9];B[ee](;W[cc])(;W[gg]))");
    /// g.next(); g.chooseVariation(1);
    /// g.makeMainLine();
    /// g.toSgf(); // "...;B[ee](;W[gg])(;W[cc]))"
    /// ```
    #[wasm_bindgen(js_name = makeMainLine)]
    pub fn make_main_line(&mut self) {
        self.rec.make_main_line();
    }

    /// Goes to move `n` of the current line (0 is the start).
    ///
    /// ```js
    /// game.goToMove(34);
    /// ```
    #[wasm_bindgen(js_name = goToMove)]
    pub fn go_to_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<(), ApiError> {
        let n = whole_arg(&n, 0, MAX_INDEX, "the move number")?;
        self.rec.go_to_move(n).map_err(range_error)
    }

    /// The moves that follow the current position in the record, one per
    /// variation; index 0 is the main line.
    ///
    /// ```js
    /// game.variations(); // [{ index: 0, color: "black", vertex: { x: 4, y: 4 }, gtp: "E5" }, ...]
    /// ```
    pub fn variations(&self) -> Result<Vec<Ts<Variation>>, ApiError> {
        let size = self.size();
        let list: Vec<Variation> = self
            .rec
            .variations()
            .into_iter()
            .enumerate()
            .map(|(index, v)| match v {
                Some((c, mv)) => {
                    let m = MoveInfo::new(c, mv, size);
                    Variation {
                        index,
                        color: Some(m.color),
                        vertex: m.vertex,
                        gtp: m.gtp,
                    }
                }
                None => Variation {
                    index,
                    color: None,
                    vertex: None,
                    gtp: String::new(),
                },
            })
            .collect();
        to_ts_list(&list)
    }

    /// Goes forward into variation `index` (see `variations()`).
    ///
    /// ```js
    /// game.chooseVariation(1);
    /// ```
    #[wasm_bindgen(js_name = chooseVariation)]
    pub fn choose_variation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<(), ApiError> {
        let i = whole_arg(&index, 0, MAX_INDEX, "the variation index")?;
        self.rec.choose_variation(i).map_err(range_error)
    }

    /// Every move of the current line, from the first move to the end of
    /// the current variation; the position shown is after `moveNumber` of
    /// them.
    ///
    /// ```js
    /// game.moves().map(m => m.gtp).join(" "); // "E5 C3 pass ..."
    /// ```
    pub fn moves(&mut self) -> Result<Vec<Ts<MoveInfo>>, ApiError> {
        let mut ahead = 0;
        while self.rec.forward() {
            ahead += 1;
        }
        let size = self.size();
        let list: Vec<MoveInfo> = self
            .game()
            .moves()
            .map(|(c, mv)| MoveInfo::new(c, mv, size))
            .collect();
        for _ in 0..ahead {
            self.rec.back();
        }
        to_ts_list(&list)
    }

    /// The comment of the current node, if any.
    ///
    /// ```js
    /// game.comment; // "Black should have played at the 3-3 point." or undefined
    /// ```
    #[wasm_bindgen(getter)]
    pub fn comment(&self) -> Option<String> {
        self.rec.comment()
    }

    /// The marks of the current node (`LB`, `TR`, `CR`, `SQ`, `MA`, `SL`,
    /// `AR`, `LN`) and the inherited dimmed points (`DD`) and partial view
    /// (`VW`), for drawing the lesson.
    ///
    /// ```js
    /// Game.fromSgf("(;SZ[9]TR[cc]LB[dd:a])").markup.labels; // [{ vertex: { x: 3, y: 3 }, text: "a" }]
    /// ```
    #[wasm_bindgen(getter)]
    pub fn markup(&self) -> Result<Ts<Markup>, ApiError> {
        to_ts(&markup_of(&self.rec))
    }

    /// The game information of the record (players, ranks, result, event,
    /// date, name, komi as written); what the record lacks is left out.
    ///
    /// ```js
    /// game.gameInfo; // { black: "Lee Sedol", blackRank: "9p", result: "W+R" }
    /// ```
    #[wasm_bindgen(getter, js_name = gameInfo)]
    pub fn game_info(&self) -> Result<Ts<GameInfoView>, ApiError> {
        to_ts(&game_info_of(&self.rec))
    }

    /// Every point where the side to move may play (ko, superko and
    /// suicide rules applied), row by row from the top-left.
    ///
    /// ```js
    /// game.legalMoves().length; // 81 on an empty 9x9 board
    /// ```
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<Vec<Ts<Vertex>>, ApiError> {
        let g = self.game();
        to_ts_list(&vertices(&g.legal_moves(g.to_move())))
    }

    /// The stones, row-major from the top-left: +1 Black, -1 White, 0 empty
    /// (Sabaki's signMap).
    ///
    /// ```js
    /// const b = game.board(); b[y * game.size + x]; // 1, -1 or 0
    /// ```
    pub fn board(&self) -> Vec<i8> {
        sign_map(self.game())
    }

    /// Board size.
    ///
    /// ```js
    /// game.size; // 19
    /// ```
    #[wasm_bindgen(getter = size)]
    pub fn board_size(&self) -> usize {
        self.size()
    }

    /// Komi, added to White's score.
    ///
    /// ```js
    /// game.komi; // 6.5
    /// ```
    #[wasm_bindgen(getter)]
    pub fn komi(&self) -> f32 {
        self.game().komi()
    }

    /// The rule set.
    ///
    /// ```js
    /// game.rules; // "japanese"
    /// ```
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> Result<Ts<RulesName>, ApiError> {
        to_ts(&RulesName::from(self.game().rules()))
    }

    /// Whose turn it is.
    ///
    /// ```js
    /// game.toMove; // "black"
    /// ```
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> Result<Ts<Color>, ApiError> {
        to_ts(&Color::from(self.game().to_move()))
    }

    /// Stones captured so far by each player.
    ///
    /// ```js
    /// game.captures; // { black: 2, white: 0 }
    /// ```
    #[wasm_bindgen(getter)]
    pub fn captures(&self) -> Result<Ts<Captures>, ApiError> {
        to_ts(&Captures::of(self.game()))
    }

    /// Moves played to reach this position (passes included).
    ///
    /// ```js
    /// game.moveNumber; // 0 at the start
    /// ```
    #[wasm_bindgen(getter, js_name = moveNumber)]
    pub fn move_number(&self) -> usize {
        self.rec.move_number()
    }

    /// The last move, or `null` at the start.
    ///
    /// ```js
    /// game.lastMove; // { color: "black", vertex: { x: 4, y: 4 }, gtp: "E5" }
    /// ```
    // `Option<Ts<_>>` would give `undefined` at the start; the API has
    // always said `null`, and tsc checks the type name below against the
    // generated declarations.
    #[wasm_bindgen(getter, js_name = lastMove, unchecked_return_type = "MoveInfo | null")]
    pub fn last_move(&self) -> Result<JsValue, ApiError> {
        let size = self.size();
        match self.game().last_move() {
            Some((c, mv)) => Ok(to_ts(&MoveInfo::new(c, mv, size))?.into()),
            None => Ok(JsValue::NULL),
        }
    }

    /// Whether the game has ended (two passes in a row, or a resignation).
    ///
    /// ```js
    /// game.pass(); game.pass(); game.isOver; // true
    /// ```
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// The stones of the chain (string) through `vertex`, row by row from
    /// the top-left; empty on an empty point. For marking dead stones.
    ///
    /// ```js
    /// game.chain("E5"); // [{ x: 4, y: 4 }, { x: 4, y: 5 }]
    /// ```
    pub fn chain(&self, vertex: Ts<VertexInput>) -> Result<Vec<Ts<Vertex>>, ApiError> {
        let board = self.game().board();
        let p = VertexInput::point(&vertex.js_value(), self.size())?
            .ok_or_else(|| range_error("'pass' is not a point"))?;
        let stones: Vec<_> = match board.get(p) {
            Some(_) => {
                let id = board.chain_id(p);
                board
                    .points()
                    .filter(|&q| board.get(q).is_some() && board.chain_id(q) == id)
                    .collect()
            }
            None => Vec::new(),
        };
        to_ts_list(&vertices(&stones))
    }

    /// Counts the position under the game's rules and komi, with the given
    /// stones taken off as dead.
    ///
    /// ```js
    /// game.score({ deadStones: ["C3", { x: 6, y: 2 }] }).result; // "B+4.5"
    /// ```
    pub fn score(&self, options: Option<Ts<ScoreOptions>>) -> Result<Ts<Score>, ApiError> {
        let size = self.size();
        let mut dead = Vec::new();
        let list = read_options(options)?.dead_stones;
        if js_sys::Array::is_array(&list) {
            for v in js_sys::Array::from(&list).iter() {
                match VertexInput::point(&v, size).map_err(|e| e.context("dead stones"))? {
                    Some(p) if self.game().board().get(p).is_some() => dead.push(p),
                    Some(p) => {
                        return Err(range_error(format!(
                            "dead stones: there is no stone on {}",
                            rules::gtp_vertex(p, size)
                        )))
                    }
                    None => return Err(range_error("dead stones: 'pass' is not a stone")),
                }
            }
        }
        let s = self.game().score(&dead);
        to_ts(&Score::new(&s, self.game().rules().scoring()))
    }

    /// The current position as plain data, with its history: what to send
    /// to a worker (`analyze(position)`).
    ///
    /// ```js
    /// worker.postMessage({ position: game.position() });
    /// ```
    pub fn position(&self) -> Result<Ts<Position>, ApiError> {
        to_ts(&Position::of(self.game()))
    }

    /// Everything known about the current position (board, legal points,
    /// and the evaluators' maps as they land).
    ///
    /// ```js
    /// const a = game.analyze(); a.legal[y * a.size + x]; // 1 if legal
    /// game.analyze({ radiationModel: "naive-manhattan" }).potential;
    /// ```
    pub fn analyze(&self, options: Option<Ts<AnalyzeOptions>>) -> Result<Ts<Analysis>, ApiError> {
        analysis_of(self.game(), &moyo_params(options)?)
    }

    /// The static layers of the current position, at once: the same
    /// `Analysis` as [`JsGame::analyze`] (influence, blocks, danger,
    /// potential and moyo, the score estimate, the endgame regions)
    /// without reading life and death, which is what costs (a few
    /// milliseconds on 19x19 instead of a tenth of a second to a second),
    /// so that a page can draw them for every position it shows while a
    /// worker reads.
    ///
    /// The stones' statuses are carried from `statuses`, an earlier
    /// analysis (the last full one the page has): a stone keeps its
    /// status when a stone of its colour stood on its point there, a
    /// group its vital points while they are empty; every other stone is
    /// taken as alive. Without `statuses` every stone is alive.
    /// `groupStatus` and `groups` then say what was carried, not read: the
    /// next full analysis replaces them.
    ///
    /// ```js
    /// draw(game.analyzeStatic(options, lastFull));              // now
    /// draw(await worker.analyze(game.position(), null, options)); // the statuses read
    /// ```
    #[wasm_bindgen(js_name = analyzeStatic)]
    pub fn analyze_static(
        &self,
        options: Option<Ts<AnalyzeOptions>>,
        statuses: Option<Ts<StatusSource>>,
    ) -> Result<Ts<Analysis>, ApiError> {
        static_analysis_of(self.game(), statuses, &moyo_params(options)?)
    }

    /// The analysis as it would be after the side to move plays `vertex`
    /// (for the hover preview); the game is not changed. Throws if the
    /// move is illegal.
    ///
    /// ```js
    /// const preview = game.analyzeAfter("D4");
    /// ```
    #[wasm_bindgen(js_name = analyzeAfter)]
    pub fn analyze_after(
        &self,
        vertex: Ts<VertexInput>,
        options: Option<Ts<AnalyzeOptions>>,
    ) -> Result<Ts<Analysis>, ApiError> {
        analysis_after(self.game(), &vertex, &moyo_params(options)?)
    }

    /// How `color` (the side to move when left out) playing `vertex`
    /// changes each side's moyo: the paper's completion. The game is not
    /// changed; throws if the move is illegal or a pass.
    ///
    /// ```js
    /// const c = game.moyoCompletion("C6");
    /// c.before.black; c.after.black; c.gain.white;
    /// ```
    #[wasm_bindgen(js_name = moyoCompletion)]
    pub fn moyo_completion(
        &self,
        vertex: Ts<VertexInput>,
        color: Option<Ts<Color>>,
        options: Option<Ts<AnalyzeOptions>>,
    ) -> Result<Ts<MoyoCompletion>, ApiError> {
        completion_of(self.game(), &vertex, color, &moyo_params(options)?)
    }
}
