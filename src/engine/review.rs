//! Game review: every move of a record valued by the engine's own
//! valuation beside the move the engine prefers, the loss in moku, a
//! verdict (inaccuracy, mistake, blunder) and the reasons of both moves in
//! plain English — why a move was a mistake, not only how much it lost.
//!
//! The review plays by the classic levels (1–5): their valuation gives
//! every candidate a value in moku with its reasons, and the move played
//! is valued by the same call that chose the preferred one ("why not
//! here?"), so the two figures are comparable.
//!
//! ```
//! use moku::engine::review::{Reviewer, Verdict};
//! use moku::engine::Level;
//! use moku::{Game, Move, RuleSet};
//! use moku::rules::parse_gtp_vertex;
//!
//! let mut game = Game::new(9, RuleSet::Chinese, 7.0)?;
//! for v in ["E5", "C3"] {
//!     game.play(Move::Play(parse_gtp_vertex(v, 9)?.unwrap()))?;
//! }
//! let mut reviewer = Reviewer::new(Level::new(1)?)?;
//! let review = reviewer.review(&game, |_, _| true);
//! assert_eq!(review.moves.len(), 2);
//! let first = &review.moves[0];
//! assert!(first.loss >= 0.0);
//! println!("{}", first.text(9)); // "Black's 1 at E5: the engine's choice (+2.0 moku)."
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::decision::{Engine, Options, WhyNot};
use crate::engine::level::{Level, TREE_FROM_LEVEL};
use crate::engine::reason::Reason;
use crate::record::GameRecord;
use crate::rules::{gtp_vertex, Color, Event, Game, Move};

/// A loss from this many moku is an inaccuracy: about two points of
/// territory and a stone. Smaller differences are within the valuation's
/// noise (the opening jitter alone is half a moku, and neighbouring good
/// moves differ by a moku or two).
pub const INACCURACY_MOKU: f32 = 5.0;
/// A loss from this many moku is a mistake: about a corner's worth of
/// territory, or a group of four or five stones.
pub const MISTAKE_MOKU: f32 = 10.0;
/// A loss from this many moku is a blunder: the valuation prices saving a
/// string of eight stones in atari at about 19 moku (the stones twice, as
/// points and as prisoners, and the liberties around them), and losing a
/// group of that size decides a game between amateurs.
pub const BLUNDER_MOKU: f32 = 18.0;
/// The mistakes a player summary names.
pub const SUMMARY_MISTAKES: usize = 3;
/// The level a review values moves at unless told: the fastest classic
/// level, so that a 250-move 19x19 record is reviewed within about a
/// minute (the README's review figures); every classic level values by
/// the same rules, the higher ones read further.
pub const DEFAULT_REVIEW_LEVEL: u8 = 1;

/// How a move compares with the engine's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The engine's move, or within [`INACCURACY_MOKU`] of it.
    Good,
    /// Loses [`INACCURACY_MOKU`] or more.
    Inaccuracy,
    /// Loses [`MISTAKE_MOKU`] or more.
    Mistake,
    /// Loses [`BLUNDER_MOKU`] or more.
    Blunder,
}

impl Verdict {
    /// The verdict of a loss in moku.
    pub fn of(loss: f32) -> Verdict {
        if loss >= BLUNDER_MOKU {
            Verdict::Blunder
        } else if loss >= MISTAKE_MOKU {
            Verdict::Mistake
        } else if loss >= INACCURACY_MOKU {
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
/// engine's.
#[derive(Clone, Debug, PartialEq)]
pub struct ValuedMove {
    /// The move.
    pub mv: Move,
    /// Its value in moku, relative to passing (0 for a pass, or a move
    /// the engine does not consider: filling an own eye).
    pub moku: f32,
    /// Its reasons, the largest first.
    pub reasons: Vec<Reason>,
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number, from 1.
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move played, its value and its reasons.
    pub played: ValuedMove,
    /// The engine's move in the same position, its value and its reasons.
    pub preferred: ValuedMove,
    /// `preferred.moku - played.moku`, never negative; 0 when the move
    /// played is the engine's.
    pub loss: f32,
    /// The verdict of the loss.
    pub verdict: Verdict,
    /// The engine's score estimate of the position after its own move
    /// (Black positive, komi included): the game's curve.
    pub estimate: f32,
}

impl MoveReview {
    /// The review in plain English for a board of `size`: "White's 34 at
    /// K10 is a blunder (-24.0 moku): better D4, which saves 12 stones at
    /// D4 from capture (+24.0 moku); K10 makes territory and influence
    /// (+0.0 moku)."
    pub fn text(&self, size: usize) -> String {
        let who = match self.color {
            Color::Black => "Black",
            Color::White => "White",
        };
        let played = move_name(self.played.mv, size);
        let head = format!("{who}'s {} {}", self.number, at(self.played.mv, size));
        if self.played.mv == self.preferred.mv {
            return format!(
                "{head}: the engine's choice ({:+.1} moku).",
                self.played.moku
            );
        }
        let preferred = move_name(self.preferred.mv, size);
        let better = match self.preferred.reasons.first() {
            Some(r) => format!("better {preferred}, which {}", r.text(size)),
            None => format!("better {preferred} ({:+.1} moku)", self.preferred.moku),
        };
        let own = match self.played.reasons.first() {
            Some(r) => format!("; {played} {}", r.text(size)),
            None => String::new(),
        };
        match self.verdict {
            Verdict::Good => format!(
                "{head}: fine, {:.1} moku below the engine's {preferred} ({:+.1} against {:+.1}).",
                self.loss, self.played.moku, self.preferred.moku
            ),
            v => format!(
                "{head} is {} {} ({:+.1} moku): {better}{own}.",
                if v == Verdict::Inaccuracy { "an" } else { "a" },
                v.name(),
                -self.loss
            ),
        }
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
    /// Mean loss per move in moku.
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
    /// "color", "played", "preferred", "playedMoku", "preferredMoku",
    /// "loss", "verdict", "text", "playedReasons", "preferredReasons"}],
    /// "players": [{"color", "moves", "averageLoss", "inaccuracies",
    /// "mistakes", "blunders", "biggest"}], "cancelled"}`.
    pub fn to_json(&self, size: usize) -> String {
        let color = |c: Color| match c {
            Color::Black => "\"black\"",
            Color::White => "\"white\"",
        };
        let reasons = |rs: &[Reason]| {
            let items: Vec<String> = rs.iter().map(|r| json_string(&r.text(size))).collect();
            format!("[{}]", items.join(","))
        };
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|m| {
                format!(
                    "{{\"number\":{},\"color\":{},\"played\":{},\"preferred\":{},\"playedMoku\":{:.2},\"preferredMoku\":{:.2},\"loss\":{:.2},\"verdict\":\"{}\",\"text\":{},\"playedReasons\":{},\"preferredReasons\":{}}}",
                    m.number,
                    color(m.color),
                    json_string(&gtp_move(m.played.mv, size)),
                    json_string(&gtp_move(m.preferred.mv, size)),
                    m.played.moku,
                    m.preferred.moku,
                    m.loss,
                    m.verdict.name(),
                    json_string(&m.text(size)),
                    reasons(&m.played.reasons),
                    reasons(&m.preferred.reasons),
                )
            })
            .collect();
        let players: Vec<String> = self
            .players
            .iter()
            .map(|p| {
                format!(
                    "{{\"color\":{},\"moves\":{},\"averageLoss\":{:.2},\"inaccuracies\":{},\"mistakes\":{},\"blunders\":{},\"biggest\":[{}]}}",
                    color(p.color),
                    p.moves,
                    p.average_loss,
                    p.counts[1],
                    p.counts[2],
                    p.counts[3],
                    p.biggest.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        format!(
            "{{\"moves\":[{}],\"players\":[{}],\"cancelled\":{}}}",
            moves.join(","),
            players.join(","),
            self.cancelled
        )
    }
}

/// A move as GTP writes it: `D4`, `pass`, `resign`.
pub fn gtp_move(mv: Move, size: usize) -> String {
    match mv {
        Move::Play(p) => gtp_vertex(p, size),
        Move::Pass => "pass".to_string(),
        Move::Resign => "resign".to_string(),
    }
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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

/// Reviews moves with one engine, so that positions already read (group
/// statuses) are reused from move to move.
pub struct Reviewer {
    engine: Engine,
    level: Level,
}

impl Reviewer {
    /// A reviewer valuing moves at `level`, a classic level (1–5).
    pub fn new(level: Level) -> Result<Reviewer, ReviewError> {
        if level.get() >= TREE_FROM_LEVEL {
            return Err(ReviewError(format!(
                "the review values moves with the classic search: levels 1 to {}, not {}",
                TREE_FROM_LEVEL - 1,
                level.get()
            )));
        }
        Ok(Reviewer {
            engine: Engine::new(),
            level,
        })
    }

    /// The review of `played` by its player in `before` (the position
    /// before it; move number `number`).
    pub fn review_move(&mut self, before: &Game, played: Move, number: usize) -> MoveReview {
        let color = before.to_move();
        let opts = Options {
            level: Some(self.level),
            time_ms: None,
            cleanup: false,
        };
        let d = self.engine.genmove_for(before, color, &opts);
        let preferred = d.mv;
        let mut preferred_moku = 0.0;
        let mut played_moku = 0.0;
        let mut played_reasons = Vec::new();
        if let Move::Play(p) = preferred {
            if let WhyNot::Considered { moku, .. } = self.engine.why_not(before, color, p) {
                preferred_moku = moku;
            }
        }
        if let Move::Play(p) = played {
            if let WhyNot::Considered { moku, reasons, .. } = self.engine.why_not(before, color, p)
            {
                played_moku = moku;
                played_reasons = reasons;
                played_reasons.sort_by(|a, b| b.moku.abs().total_cmp(&a.moku.abs()));
            }
        }
        let loss = if played == preferred {
            0.0
        } else {
            (preferred_moku - played_moku).max(0.0)
        };
        let preferred_reasons = match preferred {
            Move::Play(_) => d.reasons,
            _ => Vec::new(),
        };
        if played == preferred {
            played_moku = preferred_moku;
            played_reasons.clone_from(&preferred_reasons);
        }
        MoveReview {
            number,
            color,
            played: ValuedMove {
                mv: played,
                moku: played_moku,
                reasons: played_reasons,
            },
            preferred: ValuedMove {
                mv: preferred,
                moku: preferred_moku,
                reasons: preferred_reasons,
            },
            loss,
            verdict: Verdict::of(loss),
            estimate: d.score_estimate,
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
    use crate::engine::generators::tests::game_of;
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
    fn ignoring_an_atari_on_a_big_group_is_a_blunder_that_names_the_group() {
        let before = game_of(ATARI, Color::Black);
        let mut r = Reviewer::new(Level::new(2).unwrap()).unwrap();
        let m = r.review_move(&before, at("M12", 13), 5);
        assert_eq!(m.preferred.mv, at("K7", 13), "{m:?}");
        assert_eq!(m.verdict, Verdict::Blunder, "{m:?}");
        assert!(m.loss >= BLUNDER_MOKU);
        let text = m.text(13);
        assert!(
            text.starts_with("Black's 5 at M12 is a blunder ("),
            "{text}"
        );
        // The better move's reason names the group: its size and a stone.
        let named = text
            .split("better K7, which saves 9 stones at ")
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
        assert!(m
            .text(13)
            .starts_with("Black's 5 at K7: the engine's choice (+"));
    }

    #[test]
    fn verdicts_follow_the_thresholds() {
        assert_eq!(Verdict::of(0.0), Verdict::Good);
        assert_eq!(Verdict::of(4.9), Verdict::Good);
        assert_eq!(Verdict::of(5.0), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(10.0), Verdict::Mistake);
        assert_eq!(Verdict::of(17.9), Verdict::Mistake);
        assert_eq!(Verdict::of(18.0), Verdict::Blunder);
        assert!(Reviewer::new(Level::new(6).unwrap()).is_err());
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
        assert_eq!(review.moves[5].played.moku, 0.0);
        assert_eq!(review.player(Color::Black).moves, 3);
        assert_eq!(review.player(Color::White).moves, 3);
        assert!(!review.cancelled);
        let stopped = r.review(&g, |done, _| done < 2);
        assert_eq!(stopped.moves.len(), 2);
        assert!(stopped.cancelled);
    }

    #[test]
    fn a_summary_counts_verdicts_and_names_the_biggest_mistakes() {
        let m = |number: usize, color: Color, loss: f32| MoveReview {
            number,
            color,
            played: ValuedMove {
                mv: Move::Pass,
                moku: 0.0,
                reasons: Vec::new(),
            },
            preferred: ValuedMove {
                mv: Move::Pass,
                moku: loss,
                reasons: Vec::new(),
            },
            loss,
            verdict: Verdict::of(loss),
            estimate: 0.0,
        };
        let moves = [
            m(1, Color::Black, 0.0),
            m(3, Color::Black, 35.0),
            m(5, Color::Black, 4.0),
            m(7, Color::Black, 11.0),
            m(9, Color::Black, 12.0),
            m(2, Color::White, 1.0),
        ];
        let s = summary(&moves, Color::Black);
        assert_eq!(s.moves, 5);
        assert_eq!(s.average_loss, 62.0 / 5.0);
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
