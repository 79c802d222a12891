//! Game review: every move of a record valued by one tree search of the
//! position before it, beside the search's choice (the move whose lead is
//! surely highest, [`BEST_LEAD_ERRORS`]): the score lead
//! and win rate after each, the points lost, a verdict (inaccuracy,
//! mistake, blunder) and the facts of both moves in plain English.
//!
//! The move played gets playouts of its own in the same tree
//! ([`crate::engine::Engine::search_only`]), so both figures come from
//! one search and "loss = the better move's lead − the move played's
//! lead" holds in every sentence. The verdict goes by the points lost
//! (KaTrain's review grades by points too), with the thresholds below;
//! a loss within the search's own noise (twice the standard error of
//! the two leads' difference) is no mistake, a gain within it no
//! improvement, a pass that ends the game
//! as the engine would end it is none, and a move inside either side's
//! settled territory is never the better move.
//!
//! ```
//! use moku::engine::review::{Reviewer, Verdict};
//! use moku::engine::Level;
//! use moku::{Game, Move, RuleSet};
//! use moku::rules::parse_gtp_vertex;
//!
//! let mut game = Game::new(9, RuleSet::Chinese, 7.0)?;
//! for v in ["E5", "A1"] {
//!     game.play(Move::Play(parse_gtp_vertex(v, 9)?.unwrap()))?;
//! }
//! let mut reviewer = Reviewer::new(Level::new(1)?)?;
//! let review = reviewer.review(&game, |_, _| true);
//! assert_eq!(review.moves.len(), 2);
//! let second = &review.moves[1];
//! // The loss is the difference of the two leads the sentence names.
//! assert!((second.loss - (second.preferred.lead - second.played.lead)).abs() < 0.05);
//! println!("{}", second.text(9));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::classic::reason::Reason;
use crate::engine::genmove::Engine;
use crate::engine::level::{scaled_playouts, Level};
use crate::engine::tree::mcts::{RootMove, TreeBudget};
use crate::engine::words;
use crate::reading::owl;
use crate::record::GameRecord;
use crate::rules::{gtp_vertex, Color, Event, Game, Move, Point, Status};

/// A loss from this many points is an inaccuracy (KaTrain's review
/// colours moves from 1.5 points lost; a point and a half is also about
/// what the playouts' leads of two good moves differ by at the review's
/// default budget).
pub const INACCURACY_POINTS: f32 = 2.0;
/// A loss from this many points is a mistake: a corner's endgame, or a
/// stone and its point twice over.
pub const MISTAKE_POINTS: f32 = 5.0;
/// A loss from this many points is a blunder: a group of a few stones, or
/// a framework given away; KaTrain's two worst classes start at 6 and
/// 12 points.
pub const BLUNDER_POINTS: f32 = 10.0;
pub use crate::engine::words::NOISE_ERRORS;
/// The better move is the candidate with the greatest lead less this many
/// standard errors of it: a move seen in few playouts needs a lead higher
/// by twice its noise to be preferred (the same two errors as
/// [`NOISE_ERRORS`]; one error flags about as many moves on the
/// calibration games of docs/words.md).
pub const BEST_LEAD_ERRORS: f32 = 2.0;
/// The move played gets at least this share of the position's playouts
/// through it (and at least [`MIN_PLAYED_PLAYOUTS`]).
pub const PLAYED_SHARE: f64 = 0.25;
/// The fewest playouts through the move played.
pub const MIN_PLAYED_PLAYOUTS: u64 = 100;
/// An empty point that one side owns at least this much (mean ownership
/// before the move) is inside that side's settled territory, never the
/// better move, when the reading settles its neighbouring stones too: the
/// owner's are alive by the engine's statuses and the other side's cannot
/// be saved by the owl even moving first (a group the playouts mostly
/// keep or lose may die or live by that very point). In the review's
/// playouts of a finished 9x9 game at level 3 (the position of the test
/// `finished_territory_reads_settled`) the corner around White's dead B2
/// in Black's area reads 0.897 and the rest of both areas 0.91 or more:
/// 0.9 would leave that corner open to be named, and 0.8 keeps room for
/// the playouts' spread.
pub const SETTLED_OWN: f32 = 0.8;
/// A review at level 1 searches this many playouts per 19x19 position;
/// each level doubles it, and smaller boards get more as a move's search
/// does (up to four times: [`crate::engine::level::SMALL_BOARD_PLAYOUTS_MAX`]).
pub const REVIEW_PLAYOUTS_LEVEL_1: u64 = 250;
/// The mistakes a player summary names.
pub const SUMMARY_MISTAKES: usize = 3;
/// The level a review searches at unless told: 1,000 playouts a 19x19
/// position and 4,000 a 9x9 one, a 250-move 19x19 record in a minute or
/// two natively.
pub const DEFAULT_REVIEW_LEVEL: u8 = 3;

/// How a move compares with the search's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The search's move, or within [`INACCURACY_POINTS`] or the noise of it.
    Good,
    /// Loses [`INACCURACY_POINTS`] or more.
    Inaccuracy,
    /// Loses [`MISTAKE_POINTS`] or more.
    Mistake,
    /// Loses [`BLUNDER_POINTS`] or more.
    Blunder,
}

impl Verdict {
    /// The verdict of a loss in points.
    pub fn of(loss: f32) -> Verdict {
        if loss >= BLUNDER_POINTS {
            Verdict::Blunder
        } else if loss >= MISTAKE_POINTS {
            Verdict::Mistake
        } else if loss >= INACCURACY_POINTS {
            Verdict::Inaccuracy
        } else {
            Verdict::Good
        }
    }

    /// The name in GTP, JSON and the page: `good`, `inaccuracy`,
    /// `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }
}

/// One of the two moves a review compares: the move played or the
/// search's.
#[derive(Clone, Debug, PartialEq)]
pub struct ValuedMove {
    /// The move.
    pub mv: Move,
    /// The mover's score lead after it, in points, rounded to a tenth
    /// (the mean final margin of the playouts through it).
    pub lead: f32,
    /// The mover's win rate after it, 0 to 1.
    pub winrate: f32,
    /// The standard error of the lead, in points.
    pub error: f32,
    /// Its facts, the biggest first ([`crate::engine::words`]).
    pub reasons: Vec<Reason>,
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number, from 1.
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move played, its lead and its facts.
    pub played: ValuedMove,
    /// The search's choice in the same position (the candidate whose lead
    /// is surely highest), its lead and its facts.
    pub preferred: ValuedMove,
    /// `preferred.lead - played.lead`, never negative; 0 when the move
    /// played is the search's or leads by as much.
    pub loss: f32,
    /// The verdict of the loss.
    pub verdict: Verdict,
    /// Black's score lead after the search's move (komi included): the
    /// game's curve.
    pub estimate: f32,
    /// Whether the loss, or the gain of a move played that leads by more
    /// than the search's, is within the search's noise.
    pub within_noise: bool,
}

impl MoveReview {
    /// The review in plain English for a board of `size`: "White's 34 at
    /// K10 is a blunder, 12.4 points below D4: White leads by 3.1 after
    /// D4 and trails by 9.3 after K10 (D4 wins 58%, K10 21%). D4 saves 12
    /// stones at D4 from capture (proved by reading)."
    pub fn text(&self, size: usize) -> String {
        let who = self.color.name();
        let played = move_name(self.played.mv, size);
        let head = format!("{who}'s {} {}", self.number, at(self.played.mv, size));
        if self.played.mv == self.preferred.mv {
            return format!(
                "{head}: the search's choice; {who} {} (wins {:.0}%).",
                lead_words(self.played.lead),
                self.played.winrate * 100.0
            );
        }
        let preferred = move_name(self.preferred.mv, size);
        let figures = format!(
            "{who} {} after {preferred} and {} after {played} ({preferred} wins {:.0}%, {played} {:.0}%)",
            lead_words(self.preferred.lead),
            lead_words(self.played.lead),
            self.preferred.winrate * 100.0,
            self.played.winrate * 100.0
        );
        let facts = |m: &ValuedMove, name: &str| {
            m.reasons
                .iter()
                .take(2)
                .map(|r| {
                    // "K7 saves 9 stones ...", "K7 is good shape: hane".
                    let verb = if r.kind == crate::engine::classic::reason::ReasonKind::Shape {
                        "is "
                    } else {
                        ""
                    };
                    format!(" {name} {verb}{}.", r.text(size))
                })
                .collect::<String>()
        };
        match self.verdict {
            // Better by the figures the sentence gives (leads are kept
            // to the tenth it prints): the search's move has the surer
            // lead, the played move's is higher but less certain.
            Verdict::Good if self.played.lead > self.preferred.lead && self.within_noise => {
                format!(
                    "{head}: {:.1} points above {preferred}, within the search's noise; {figures}.",
                    tenth(self.played.lead - self.preferred.lead)
                )
            }
            Verdict::Good if self.played.lead > self.preferred.lead => {
                format!("{head}: better than the search's {preferred}; {figures}.")
            }
            Verdict::Good if self.loss == 0.0 => {
                format!("{head}: as good as the search's {preferred}; {figures}.")
            }
            Verdict::Good if self.within_noise => format!(
                "{head}: {:.1} points below {preferred}, within the search's noise; {figures}.",
                self.loss
            ),
            Verdict::Good => format!(
                "{head}: fine, {:.1} points below {preferred}; {figures}.",
                self.loss
            ),
            v => format!(
                "{head} is {} {}, {:.1} points below {preferred}: {figures}.{}{}",
                if v == Verdict::Inaccuracy { "an" } else { "a" },
                v.name(),
                self.loss,
                facts(&self.preferred, &preferred),
                facts(&self.played, &played),
            ),
        }
    }
}

/// "leads by 3.1", "trails by 2.0", "is even" (rounded to a tenth first:
/// 0.04 is even).
fn lead_words(lead: f32) -> String {
    let lead = (lead * 10.0).round() / 10.0;
    if lead > 0.0 {
        format!("leads by {lead:.1}")
    } else if lead < 0.0 {
        format!("trails by {:.1}", -lead)
    } else {
        "is even".to_string()
    }
}

/// "at K10", "a pass", "a resignation".
fn at(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => format!("at {}", gtp_vertex(p, size)),
        Move::Pass => "(a pass)".to_string(),
        Move::Resign => "(a resignation)".to_string(),
    }
}

/// "K10", "passing", "resigning".
fn move_name(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_vertex(p, size),
        Move::Pass => "passing".to_string(),
        Move::Resign => "resigning".to_string(),
    }
}

/// One player's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// The player.
    pub color: Color,
    /// Moves reviewed.
    pub moves: usize,
    /// Mean loss per move in points.
    pub average_loss: f32,
    /// Moves by verdict: good, inaccuracies, mistakes, blunders.
    pub counts: [usize; 4],
    /// The numbers of the biggest mistakes (inaccuracies and worse), the
    /// biggest first, at most [`SUMMARY_MISTAKES`].
    pub biggest: Vec<usize>,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every move of the main line, in order (or those reviewed before a
    /// cancellation).
    pub moves: Vec<MoveReview>,
    /// Black's and White's figures.
    pub players: [PlayerSummary; 2],
    /// Whether the review stopped early (the progress callback said so).
    pub cancelled: bool,
}

impl Review {
    /// The figures of one player.
    pub fn player(&self, c: Color) -> &PlayerSummary {
        &self.players[usize::from(c == Color::White)]
    }

    /// The review as JSON for a board of `size`: `{"moves": [{"number",
    /// "color", "played", "preferred", "playedLead", "preferredLead",
    /// "playedWinrate", "preferredWinrate", "loss", "verdict",
    /// "withinNoise", "text", "playedReasons", "preferredReasons"}],
    /// "players": [{"color", "moves", "averageLoss", "inaccuracies",
    /// "mistakes", "blunders", "biggest"}], "cancelled"}`.
    pub fn to_json(&self, size: usize) -> String {
        let color = |c: Color| match c {
            Color::Black => "black",
            Color::White => "white",
        };
        let reasons = |rs: &[Reason]| -> Vec<String> { rs.iter().map(|r| r.text(size)).collect() };
        let moves: Vec<serde_json::Value> = self
            .moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "number": m.number,
                    "color": color(m.color),
                    "played": gtp_move(m.played.mv, size),
                    "preferred": gtp_move(m.preferred.mv, size),
                    "playedLead": round2(m.played.lead),
                    "preferredLead": round2(m.preferred.lead),
                    "playedWinrate": round2(m.played.winrate),
                    "preferredWinrate": round2(m.preferred.winrate),
                    "loss": round2(m.loss),
                    "verdict": m.verdict.name(),
                    "withinNoise": m.within_noise,
                    "text": m.text(size),
                    "playedReasons": reasons(&m.played.reasons),
                    "preferredReasons": reasons(&m.preferred.reasons),
                })
            })
            .collect();
        let players: Vec<serde_json::Value> = self
            .players
            .iter()
            .map(|p| {
                serde_json::json!({
                    "color": color(p.color),
                    "moves": p.moves,
                    "averageLoss": round2(p.average_loss),
                    "inaccuracies": p.counts[1],
                    "mistakes": p.counts[2],
                    "blunders": p.counts[3],
                    "biggest": p.biggest,
                })
            })
            .collect();
        serde_json::json!({
            "moves": moves,
            "players": players,
            "cancelled": self.cancelled,
        })
        .to_string()
    }
}

fn round2(x: f32) -> f64 {
    (f64::from(x) * 100.0).round() / 100.0
}

/// A move as GTP writes it: `D4`, `pass`, `resign`.
pub fn gtp_move(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_vertex(p, size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// The figures of `color` over `moves`.
pub fn summary(moves: &[MoveReview], color: Color) -> PlayerSummary {
    let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.color == color).collect();
    let total: f32 = mine.iter().map(|m| m.loss).sum();
    let mut counts = [0usize; 4];
    for m in &mine {
        counts[m.verdict as usize] += 1;
    }
    let mut worst: Vec<&&MoveReview> = mine.iter().filter(|m| m.verdict != Verdict::Good).collect();
    worst.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
    PlayerSummary {
        color,
        moves: mine.len(),
        average_loss: if mine.is_empty() {
            0.0
        } else {
            total / mine.len() as f32
        },
        counts,
        biggest: worst
            .iter()
            .take(SUMMARY_MISTAKES)
            .map(|m| m.number)
            .collect(),
    }
}

/// Why a review cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewError(pub String);

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReviewError {}

/// Reviews moves with one engine, so that what one position's search
/// found below the move played is kept for the next (tree reuse).
pub struct Reviewer {
    engine: Engine,
    level: Level,
}

impl Reviewer {
    /// A reviewer searching each position at `level` (1–10: see
    /// [`REVIEW_PLAYOUTS_LEVEL_1`]).
    pub fn new(level: Level) -> Result<Reviewer, ReviewError> {
        Ok(Reviewer {
            engine: Engine::new(),
            level,
        })
    }

    /// The playouts of one position's search on a board of `size`.
    pub fn playouts(&self, size: usize) -> u64 {
        scaled_playouts(REVIEW_PLAYOUTS_LEVEL_1 << (self.level.get() - 1), size)
    }

    /// The review of `played` by its player in `before` (the position
    /// before it; move number `number`).
    pub fn review_move(&mut self, before: &Game, played: Move, number: usize) -> MoveReview {
        let color = before.to_move();
        let size = before.size();
        let board = before.board();
        let playouts = self.playouts(size);
        let mut pending = self.engine.begin_analysis(before, color);
        self.engine
            .search_move(&mut pending, TreeBudget::playouts(playouts));
        // The move played gets playouts of its own in the same tree.
        let want = ((playouts as f64 * PLAYED_SHARE) as u64).max(MIN_PLAYED_PLAYOUTS);
        let have = self
            .engine
            .move_candidates(&pending)
            .iter()
            .find(|c| c.mv == played)
            .map_or(0, |c| u64::from(c.samples));
        if have < want {
            self.engine
                .search_only(&mut pending, played, TreeBudget::playouts(want - have));
        }
        let cands = self.engine.move_candidates(&pending);
        let root = self
            .engine
            .move_ownership(&pending, None)
            .unwrap_or_default();
        // Inside either side's settled territory: never the better move.
        let owns = |p: Point, owner: Color| {
            root.get(p.y() * size + p.x())
                .is_some_and(|o| o * owner.sign() as f32 >= SETTLED_OWN)
        };
        // The stones beside a settled point are its owner's and alive by
        // the engine's statuses of the position (read already for its
        // candidates), or the other side's and dead: the owl cannot save
        // them even moving first. A group the playouts mostly keep or
        // lose may die or live by that very point. The statuses are read
        // only when some candidate stands on a settled point.
        let near_settled = cands.iter().any(|c| match c.mv {
            Move::Play(p) => {
                c.samples >= words::MIN_SAMPLES && (owns(p, color) || owns(p, color.opponent()))
            }
            _ => false,
        });
        let statuses = near_settled.then(|| {
            self.engine
                .root_statuses(before, Level(crate::engine::level::REASON_LEVEL))
        });
        let read = std::cell::RefCell::new(std::collections::HashMap::new());
        let settled_stone = |q: Point, owner: Color| {
            if board.get(q) == Some(owner) {
                return statuses.as_ref().is_some_and(|s| s.get(q) == Status::Alive);
            }
            *read
                .borrow_mut()
                .entry(board.chain_id(q))
                .or_insert_with(|| {
                    let mut b = board.clone();
                    !owl::owl_defend(&mut b, q, &owl::gtp_budget())
                        .code
                        .succeeds()
                })
        };
        let settled = |mv: Move| match mv {
            Move::Play(p) => [color, color.opponent()].into_iter().any(|owner| {
                owns(p, owner)
                    && board
                        .neighbors(p)
                        .all(|q| board.is_empty(q) || settled_stone(q, owner))
            }),
            _ => false,
        };
        // The better move is the one whose lead is surely highest: the
        // greatest lead less [`BEST_LEAD_ERRORS`] standard errors of it.
        // Not the most visited: the search spends its playouts by win
        // rate, and where the game is decided every move's win rate is
        // alike while their leads, which the review grades, are not.
        let surely = |c: &RootMove| c.lead - BEST_LEAD_ERRORS * c.lead_error;
        let best = cands
            .iter()
            .filter(|c| c.samples >= words::MIN_SAMPLES && !settled(c.mv))
            .max_by(|a, b| surely(a).total_cmp(&surely(b)))
            .or_else(|| cands.first())
            .cloned();
        let mine = cands.iter().find(|c| c.mv == played).cloned();
        let facts = |engine: &Engine, c: &RootMove| -> Vec<Reason> {
            let Move::Play(p) = c.mv else {
                return Vec::new();
            };
            let evidence = engine
                .move_ownership(&pending, Some(c.mv))
                .map(|ownership| {
                    let baseline = words::baseline(p, &cands)
                        .and_then(|b| engine.move_ownership(&pending, Some(b)).map(|o| (b, o)));
                    words::Evidence {
                        ownership,
                        baseline,
                    }
                });
            words::facts(board, color, p, evidence.as_ref())
        };
        let valued = |engine: &Engine, c: Option<&RootMove>, mv: Move| match c {
            Some(c) => ValuedMove {
                mv: c.mv,
                lead: tenth(c.lead),
                winrate: c.winrate,
                error: c.lead_error,
                reasons: facts(engine, c),
            },
            None => ValuedMove {
                mv,
                lead: 0.0,
                winrate: 0.5,
                error: f32::INFINITY,
                reasons: Vec::new(),
            },
        };
        // A pass after the opponent's pass that the engine would make too
        // ends a game the mover's count wins: nothing is better.
        let game_over = played == Move::Pass
            && matches!(before.last_move(), Some((c, Move::Pass)) if c != color);
        let best = if game_over && mine.is_some() && self.engine.would_pass(&pending) {
            mine.clone()
        } else {
            best
        };
        let preferred = valued(&self.engine, best.as_ref(), played);
        let mut played_v = if mine.as_ref().map(|c| c.mv) == best.as_ref().map(|c| c.mv) {
            preferred.clone()
        } else {
            valued(&self.engine, mine.as_ref(), played)
        };
        if mine.is_none() {
            // A move the root leaves out (filling an own eye): valued by
            // the search of the position after it, from the mover's side.
            played_v = self.value_after(before, played);
        }
        let loss = (preferred.lead - played_v.lead).max(0.0);
        let loss = tenth(loss);
        let noise = NOISE_ERRORS * (preferred.error.powi(2) + played_v.error.powi(2)).sqrt();
        // A gain is held to the same noise: a move played that leads by a
        // tenth more than the search's move is no better than it.
        let gain = tenth((played_v.lead - preferred.lead).max(0.0));
        let within_noise = (loss > 0.0 && loss < noise) || (gain > 0.0 && gain < noise);
        let verdict = if within_noise || (game_over && preferred.mv == Move::Pass) {
            Verdict::Good
        } else {
            Verdict::of(loss)
        };
        MoveReview {
            number,
            color,
            played: played_v,
            estimate: preferred.lead * color.sign() as f32,
            preferred,
            loss,
            verdict,
            within_noise,
        }
    }

    /// The value of a move the root left out: the position after it
    /// searched with the same playouts, its best reply's lead and win
    /// rate turned to the mover's side.
    fn value_after(&mut self, before: &Game, played: Move) -> ValuedMove {
        let mut after = before.clone();
        let fallback = ValuedMove {
            mv: played,
            lead: 0.0,
            winrate: 0.5,
            error: f32::INFINITY,
            reasons: Vec::new(),
        };
        if after.play(played).is_err() || after.is_over() {
            return fallback;
        }
        let opp = after.to_move();
        let playouts = self.playouts(before.size());
        let mut pending = self.engine.begin_analysis(&after, opp);
        self.engine
            .search_move(&mut pending, TreeBudget::playouts(playouts));
        match self.engine.move_candidates(&pending).first() {
            Some(c) => ValuedMove {
                mv: played,
                lead: tenth(-c.lead),
                winrate: 1.0 - c.winrate,
                error: c.lead_error,
                reasons: Vec::new(),
            },
            None => fallback,
        }
    }

    /// Reviews every move of `game`'s history (its main line). After each
    /// move `progress(done, total)` is called; when it returns `false`
    /// the review stops there (`cancelled`).
    pub fn review(
        &mut self,
        game: &Game,
        mut progress: impl FnMut(usize, usize) -> bool,
    ) -> Review {
        let positions = positions_before_moves(game);
        let total = positions.len();
        let mut moves = Vec::with_capacity(total);
        let mut cancelled = false;
        for (i, (before, played)) in positions.iter().enumerate() {
            if *played == Move::Resign {
                continue;
            }
            moves.push(self.review_move(before, *played, before.move_number() + 1));
            if !progress(i + 1, total) {
                cancelled = i + 1 < total;
                break;
            }
        }
        Review {
            players: [summary(&moves, Color::Black), summary(&moves, Color::White)],
            moves,
            cancelled,
        }
    }
}

/// `x` rounded to a tenth, so that the figures a sentence names add up.
fn tenth(x: f32) -> f32 {
    (x * 10.0).round() / 10.0
}

/// The point a review marks `A`: the better move when it differs.
pub fn better_point(m: &MoveReview) -> Option<Point> {
    match m.preferred.mv {
        Move::Play(p) if m.played.mv != m.preferred.mv && m.verdict != Verdict::Good => Some(p),
        _ => None,
    }
}

/// The position before each move of `game`'s history with the move, in
/// order (setups are part of the positions, not reviewed). Each position
/// has the move's player to move, as the record says (a record may let one
/// side play twice).
pub fn positions_before_moves(game: &Game) -> Vec<(Game, Move)> {
    let mut g = game.clone();
    let mut out = Vec::new();
    while let Some(event) = g.history().last() {
        let played = match event {
            Event::Move { mv, color, .. } => Some((*mv, *color)),
            Event::Setup { .. } => None,
        };
        if g.undo().is_err() {
            break;
        }
        if let Some((mv, color)) = played {
            let mut before = g.clone();
            before.set_to_move(color);
            out.push((before, mv));
        }
    }
    out.reverse();
    out
}

/// Writes `review` into the main line of `record` so that any SGF viewer
/// shows it: each reviewed move's node gets the review's sentence appended
/// to its comment (`C`), `TE` (a good move: the engine's own), `DO`
/// (doubtful: an inaccuracy) or `BM` (a bad move: `BM[1]` a mistake,
/// `BM[2]` a blunder), and a triangle (`TR`) with the label `A` (`LB`) on
/// the engine's move when it differs. The cursor ends at the root.
///
/// ```
/// use moku::engine::review::{annotate, Reviewer};
/// use moku::engine::Level;
/// use moku::GameRecord;
/// let mut record = GameRecord::from_sgf("(;SZ[9]KM[7];B[ee];W[aa])")?;
/// record.last();
/// let review = Reviewer::new(Level::new(1)?)?.review(record.game(), |_, _| true);
/// annotate(&mut record, &review);
/// let sgf = record.to_sgf();
/// assert!(sgf.contains("White's 2 at A9"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn annotate(record: &mut GameRecord, review: &Review) {
    let size = record.game().size();
    record.first();
    let mut reviewed = review.moves.iter().peekable();
    while record.forward() {
        let n = record.move_number();
        let Some(m) = reviewed.next_if(|m| m.number == n) else {
            continue;
        };
        let better = match m.preferred.mv {
            Move::Play(p) if m.played.mv != m.preferred.mv => Some(p),
            _ => None,
        };
        annotate_node(
            record,
            &m.text(size),
            m.verdict,
            m.played.mv == m.preferred.mv,
            better,
        );
    }
    record.first();
}

/// Writes one move's review into the node at `record`'s cursor (see
/// [`annotate`]): `text` as the comment's last paragraph (replacing an
/// earlier review's), the verdict's property (`TE` when `engines_choice`),
/// and the mark and label `A` on `better`.
pub fn annotate_node(
    record: &mut GameRecord,
    text: &str,
    verdict: Verdict,
    engines_choice: bool,
    better: Option<crate::rules::Point>,
) {
    let old = record.comment().unwrap_or_default();
    // An earlier review's paragraph is replaced, not repeated.
    let kept: Vec<&str> = old
        .split("\n\n")
        .filter(|para| !para.is_empty() && !para.starts_with(REVIEW_PREFIX))
        .collect();
    let mut comment = kept.join("\n\n");
    if !comment.is_empty() {
        comment.push_str("\n\n");
    }
    comment.push_str(REVIEW_PREFIX);
    comment.push_str(text);
    let node = record.node_mut();
    node.set("C", [comment]);
    for id in ["TE", "DO", "IT", "BM", "TR", "LB"] {
        node.remove(id);
    }
    match verdict {
        Verdict::Good if engines_choice => node.set("TE", ["1"]),
        Verdict::Good => {}
        Verdict::Inaccuracy => node.set("DO", [""]),
        Verdict::Mistake => node.set("BM", ["1"]),
        Verdict::Blunder => node.set("BM", ["2"]),
    }
    if let Some(p) = better {
        let v = crate::record::sgf::point_text(p.x() as u8, p.y() as u8);
        node.set("TR", [v.clone()]);
        node.set("LB", [format!("{v}:A")]);
    }
}

/// The start of the review's paragraph in a move's comment.
pub const REVIEW_PREFIX: &str = "moku: ";

impl Verdict {
    /// The verdict named `name` (see [`Verdict::name`]).
    pub fn parse(name: &str) -> Option<Verdict> {
        [
            Verdict::Good,
            Verdict::Inaccuracy,
            Verdict::Mistake,
            Verdict::Blunder,
        ]
        .into_iter()
        .find(|v| v.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::generators::tests::game_of;
    use crate::rules::{parse_gtp_vertex, RuleSet};

    fn at(v: &str, size: usize) -> Move {
        Move::Play(parse_gtp_vertex(v, size).unwrap().unwrap())
    }

    /// Black's nine stones on the seventh line are in atari: their one
    /// liberty, K7, connects them to Black's living wall on the L line.
    /// Black to play.
    const ATARI: &str = "
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        O O O O O O O O O . X . .
        X X X X X X X X X . X . .
        O O O O O O O O O . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .
        . . . . . . . . . . X . .";

    #[test]
    fn a_lead_is_said_to_a_tenth_and_a_tenth_below_is_even() {
        assert_eq!(lead_words(3.12), "leads by 3.1");
        assert_eq!(lead_words(-2.0), "trails by 2.0");
        assert_eq!(lead_words(0.04), "is even");
        assert_eq!(lead_words(-0.04), "is even");
        assert_eq!(lead_words(0.06), "leads by 0.1");
    }

    #[test]
    fn ignoring_an_atari_on_a_big_group_is_a_blunder_that_names_the_group() {
        let before = game_of(ATARI, Color::Black);
        let mut r = Reviewer::new(Level::new(2).unwrap()).unwrap();
        let m = r.review_move(&before, at("M12", 13), 5);
        assert_eq!(m.preferred.mv, at("K7", 13), "{m:?}");
        assert_eq!(m.verdict, Verdict::Blunder, "{m:?}");
        assert!(m.loss >= BLUNDER_POINTS);
        assert!(
            (m.loss - (m.preferred.lead - m.played.lead)).abs() < 0.05,
            "{m:?}"
        );
        let text = m.text(13);
        assert!(
            text.starts_with(&format!(
                "Black's 5 at M12 is a blunder, {:.1} points below K7: Black ",
                m.loss
            )),
            "{text}"
        );
        // The better move's fact names the group: its size and a stone.
        let named = text
            .split("K7 saves 9 stones at ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            ["A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7", "J7"].contains(&named),
            "names {named}, not a stone of the group: {text}"
        );
    }

    #[test]
    fn the_engines_own_move_loses_nothing() {
        let before = game_of(ATARI, Color::Black);
        let mut r = Reviewer::new(Level::new(2).unwrap()).unwrap();
        let m = r.review_move(&before, at("K7", 13), 5);
        assert_eq!(m.preferred, m.played);
        assert_eq!(m.loss, 0.0);
        assert_eq!(m.verdict, Verdict::Good);
        assert!(
            m.text(13)
                .starts_with("Black's 5 at K7: the search's choice; Black leads by "),
            "{}",
            m.text(13)
        );
    }

    /// A 9x9 game played on the page, to its two passes: every empty
    /// point is enclosed by one colour once Black's E5 and White's B2,
    /// each alone inside the other's area, are taken off (the count is
    /// W+11.5 at komi 6.5, hand-checked).
    const FINISHED: &str = "E5 F4 G3 G4 F3 E4 E3 D4 D3 D7 C4 D5 C5 C6 H3 H7 B5 B6 H4 H5 \
        A6 B7 A8 C8 J5 H6 J6 J7 J4 G5 B9 C9 A5 A7 A9 B2 C3 B8";

    #[test]
    fn the_passes_that_end_a_finished_game_are_no_mistakes() {
        let mut game = Game::new(9, crate::rules::RuleSet::Japanese, 6.5).unwrap();
        for v in FINISHED.split_whitespace() {
            game.play(at(v, 9)).unwrap();
        }
        // Level 3, the review's default: at level 1 the playouts happen
        // to keep every point settled above 0.9.
        let mut r = Reviewer::new(Level::new(3).unwrap()).unwrap();
        // Black passes first: a move inside either side's settled area
        // (White's H8, Black's B3 beside White's dead B2) is no better.
        let first = r.review_move(&game, Move::Pass, 39);
        assert_eq!(first.preferred.mv, Move::Pass, "{}", first.text(9));
        assert_eq!(first.verdict, Verdict::Good, "{first:?}");
        // White's pass ends a game White's count wins: the engine passes
        // there too, so nothing is better (a reviewer of its own, so
        // that no tree is kept from the move before).
        game.play(Move::Pass).unwrap();
        let mut r = Reviewer::new(Level::new(3).unwrap()).unwrap();
        let last = r.review_move(&game, Move::Pass, 40);
        assert_eq!(last.preferred.mv, Move::Pass, "{last:?}");
        assert_eq!((last.loss, last.verdict), (0.0, Verdict::Good), "{last:?}");
    }

    /// The finished game's board (White has taken A8, A9 and B9; E5 is
    /// Black's dead stone in White's area, B2 White's in Black's):
    /// ```text
    ///    A B C D E F G H J
    ///  9 . . O . . . . . .
    ///  8 . O O . . . . . .
    ///  7 O O . O . . . O O
    ///  6 X O O . . . . O X
    ///  5 X X X O X . O O X
    ///  4 . . X O O O O X X
    ///  3 . . X X X X X X .
    ///  2 . O . . . . . . .
    ///  1 . . . . . . . . .
    /// ```
    /// Black's area: rows 1 and 2, A3, B3, J3, A4, B4 (22 points and B2's).
    const BLACK_AREA: &str = "A1 B1 C1 D1 E1 F1 G1 H1 J1 A2 B2 C2 D2 E2 F2 G2 H2 J2 \
        A3 B3 J3 A4 B4";
    /// White's area: the top, E5 and F5 (24 points and E5's).
    const WHITE_AREA: &str = "A9 B9 D9 E9 F9 G9 H9 J9 A8 D8 E8 F8 G8 H8 J8 \
        C7 E7 F7 G7 D6 E6 F6 G6 E5 F5";

    #[test]
    fn finished_territory_reads_settled() {
        let mut game = Game::new(9, crate::rules::RuleSet::Japanese, 6.5).unwrap();
        for v in FINISHED.split_whitespace() {
            game.play(at(v, 9)).unwrap();
        }
        assert_eq!(
            (
                BLACK_AREA.split_whitespace().count(),
                WHITE_AREA.split_whitespace().count()
            ),
            (23, 25)
        );
        // The review's own search of the position (level 3, Black to move):
        // every point of either side's hand-counted area reads settled for
        // its owner, so none of them can be named the better move. At
        // 0.9 some would not.
        let mut r = Reviewer::new(Level::new(3).unwrap()).unwrap();
        let playouts = r.playouts(9);
        let mut pending = r.engine.begin_analysis(&game, Color::Black);
        r.engine
            .search_move(&mut pending, TreeBudget::playouts(playouts));
        let own = r.engine.move_ownership(&pending, None).unwrap();
        for (area, owner) in [(BLACK_AREA, Color::Black), (WHITE_AREA, Color::White)] {
            for v in area.split_whitespace() {
                let Move::Play(p) = at(v, 9) else {
                    unreachable!()
                };
                let o = own[p.y() * 9 + p.x()] * owner.sign() as f32;
                assert!(o >= SETTLED_OWN, "{v} reads {o} for {owner:?}");
            }
        }
    }

    #[test]
    fn the_engine_passes_only_to_end_a_won_game() {
        // After Black's pass in the finished game White's count wins:
        // White's search would pass.
        let mut game = Game::new(9, crate::rules::RuleSet::Japanese, 6.5).unwrap();
        for v in FINISHED.split_whitespace() {
            game.play(at(v, 9)).unwrap();
        }
        game.play(Move::Pass).unwrap();
        let mut engine = Engine::new();
        let mut pending = engine.begin_analysis(&game, Color::White);
        engine.search_move(&mut pending, TreeBudget::playouts(2_000));
        assert!(engine.would_pass(&pending));
        // Nine moves into the same game, after White's pass, Black's count
        // (five stones to four, 6.5 komi) loses: Black plays on.
        let mut early = Game::new(9, crate::rules::RuleSet::Japanese, 6.5).unwrap();
        for v in FINISHED.split_whitespace().take(9) {
            early.play(at(v, 9)).unwrap();
        }
        early.play(Move::Pass).unwrap();
        let mut engine = Engine::new();
        let mut pending = engine.begin_analysis(&early, Color::Black);
        engine.search_move(&mut pending, TreeBudget::playouts(2_000));
        assert!(!engine.would_pass(&pending));
    }

    #[test]
    fn verdicts_follow_the_thresholds() {
        assert_eq!(Verdict::of(0.0), Verdict::Good);
        assert_eq!(Verdict::of(1.9), Verdict::Good);
        assert_eq!(Verdict::of(2.0), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(4.9), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(5.0), Verdict::Mistake);
        assert_eq!(Verdict::of(9.9), Verdict::Mistake);
        assert_eq!(Verdict::of(10.0), Verdict::Blunder);
        // Level 1 searches 250 playouts a 19x19 position, four times as
        // many on 9x9; level 3 four times level 1's.
        let r1 = Reviewer::new(Level::new(1).unwrap()).unwrap();
        assert_eq!((r1.playouts(19), r1.playouts(9)), (250, 1_000));
        assert_eq!(
            Reviewer::new(Level::new(3).unwrap()).unwrap().playouts(19),
            1_000
        );
    }

    #[test]
    fn a_short_game_is_reviewed_move_by_move_with_progress_and_cancellation() {
        let mut g = Game::new(9, RuleSet::Chinese, 7.0).unwrap();
        for v in ["E5", "C3", "G7", "C7", "G3", "pass"] {
            let mv = if v == "pass" { Move::Pass } else { at(v, 9) };
            g.play(mv).unwrap();
        }
        let mut r = Reviewer::new(Level::new(1).unwrap()).unwrap();
        let mut seen = Vec::new();
        let review = r.review(&g, |done, total| {
            seen.push((done, total));
            true
        });
        assert_eq!(review.moves.len(), 6);
        assert_eq!(seen.last(), Some(&(6, 6)));
        assert_eq!(
            review.moves.iter().map(|m| m.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        assert_eq!(review.moves[5].played.mv, Move::Pass);
        // Every sentence's arithmetic: the loss is the difference of the
        // two leads it names, never negative.
        for m in &review.moves {
            assert!(m.loss >= 0.0, "{m:?}");
            let diff = (m.preferred.lead - m.played.lead).max(0.0);
            assert!((m.loss - diff).abs() < 0.05, "{m:?}");
        }
        assert_eq!(review.player(Color::Black).moves, 3);
        assert_eq!(review.player(Color::White).moves, 3);
        assert!(!review.cancelled);
        let stopped = r.review(&g, |done, _| done < 2);
        assert_eq!(stopped.moves.len(), 2);
        assert!(stopped.cancelled);
    }

    /// A reviewed move from `moves`: the move played and the search's
    /// move, each with its lead; the loss is the difference.
    fn reviewed(number: usize, color: Color, moves: [(Move, f32); 2]) -> MoveReview {
        let valued = |(mv, lead): (Move, f32)| ValuedMove {
            mv,
            lead,
            winrate: 0.5,
            error: 0.0,
            reasons: Vec::new(),
        };
        let loss = (moves[1].1 - moves[0].1).max(0.0);
        MoveReview {
            number,
            color,
            played: valued(moves[0]),
            preferred: valued(moves[1]),
            loss,
            verdict: Verdict::of(loss),
            estimate: 0.0,
            within_noise: false,
        }
    }

    /// A move played that leads by more than the search's own choice is
    /// "better than" it; one that leads by as much is "as good as" it.
    #[test]
    fn a_move_that_leads_by_more_than_the_searchs_is_better_than_it() {
        let (c3, d4) = (at("C3", 9), at("D4", 9));
        let better = reviewed(4, Color::White, [(c3, 5.9), (d4, -0.2)]);
        assert_eq!(
            better.text(9),
            "White's 4 at C3: better than the search's D4; White trails by 0.2 after D4 \
             and leads by 5.9 after C3 (D4 wins 50%, C3 50%)."
        );
        let level = reviewed(4, Color::White, [(c3, 1.5), (d4, 1.5)]);
        assert!(level
            .text(9)
            .starts_with("White's 4 at C3: as good as the search's D4;"));
    }

    /// A move played that leads by more than the search's move, but by
    /// less than the search's noise, is not called better: the sentence
    /// gives the gain and says it is noise.
    #[test]
    fn a_gain_within_the_noise_is_not_better() {
        let (c7, e4) = (at("C7", 9), at("E4", 9));
        let m = MoveReview {
            within_noise: true,
            ..reviewed(7, Color::Black, [(c7, -4.0), (e4, -4.1)])
        };
        assert_eq!(
            m.text(9),
            "Black's 7 at C7: 0.1 points above E4, within the search's noise; Black trails by 4.1 \
             after E4 and trails by 4.0 after C7 (E4 wins 50%, C7 50%)."
        );
    }

    #[test]
    fn a_summary_counts_verdicts_and_names_the_biggest_mistakes() {
        let m = |number: usize, color: Color, loss: f32| {
            reviewed(number, color, [(Move::Pass, 0.0), (Move::Pass, loss)])
        };
        let moves = [
            m(1, Color::Black, 0.0),
            m(3, Color::Black, 35.0),
            m(5, Color::Black, 1.0),
            m(7, Color::Black, 6.0),
            m(9, Color::Black, 7.0),
            m(2, Color::White, 1.0),
        ];
        let s = summary(&moves, Color::Black);
        assert_eq!(s.moves, 5);
        assert_eq!(s.average_loss, 49.0 / 5.0);
        assert_eq!(s.counts, [2, 0, 2, 1]);
        assert_eq!(s.biggest, [3, 9, 7]);
        assert_eq!(summary(&moves, Color::White).biggest, Vec::<usize>::new());
    }

    #[test]
    fn the_annotated_record_loads_back_with_its_comments_and_properties() {
        let mut record = GameRecord::from_sgf(
            "(;SZ[9]KM[7]RU[Chinese]AB[ga][gb][gc][gd][ge][gf][gg][gh][gi]\
             AW[af][bf][cf][df][ef][ad][bd][cd][dd][ed]AB[ae][be][ce][de][ee]\
             ;B[cb]C[Black looks elsewhere];W[fe])",
        )
        .unwrap();
        record.last();
        let review = Reviewer::new(Level::new(2).unwrap())
            .unwrap()
            .review(record.game(), |_, _| true);
        assert_eq!(review.moves.len(), 2);
        let blunder = &review.moves[0];
        assert_eq!(blunder.verdict, Verdict::Blunder, "{blunder:?}");
        assert_eq!(blunder.preferred.mv, at("F5", 9));
        annotate(&mut record, &review);
        // A second review replaces the first one's paragraphs.
        annotate(&mut record, &review);
        // A second review replaces the first one's paragraphs.
        annotate(&mut record, &review);
        let text = record.to_sgf();
        let back = GameRecord::from_sgf(&text).unwrap();
        let mut back = back;
        assert!(back.forward());
        let comment = back.comment().unwrap();
        assert!(
            comment.starts_with("Black looks elsewhere\n\nmoku: Black's 1 at C8 is a blunder"),
            "{comment}"
        );
        assert_eq!(comment.matches("moku: ").count(), 1, "{comment}");
        let node = back.node_mut();
        assert_eq!(node.get("BM"), Some("2"));
        assert_eq!(node.get("TR"), Some("fe"));
        assert_eq!(node.get("LB"), Some("fe:A"));
        assert!(back.forward());
        assert_eq!(back.move_number(), 2);
        assert!(back.comment().unwrap().starts_with("moku: White's 2 at F5"));
    }

    #[test]
    fn a_move_is_reviewed_for_the_player_the_record_names() {
        let record = GameRecord::from_sgf("(;SZ[9]KM[7];B[ee];B[cc];W[gg])").unwrap();
        let mut record = record;
        record.last();
        let positions = positions_before_moves(record.game());
        let movers: Vec<Color> = positions.iter().map(|(g, _)| g.to_move()).collect();
        assert_eq!(movers, [Color::Black, Color::Black, Color::White]);
        let review = Reviewer::new(Level::new(1).unwrap())
            .unwrap()
            .review(record.game(), |_, _| true);
        let colors: Vec<Color> = review.moves.iter().map(|m| m.color).collect();
        assert_eq!(colors, [Color::Black, Color::Black, Color::White]);
    }
}
