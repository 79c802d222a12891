//! The consistency self-checks of the thermography notes: an evaluation
//! should not jump when nothing happened.
//!
//! Chrisd's program made the evaluation of a position equal to the
//! evaluation after its clearly biggest move and reported the differences
//! above a threshold (0.6 points) as *inconsistencies*: each one a bug of
//! the evaluation to fix (provenance: "Thermography, small regions and the
//! consistency check"). [`check_biggest`] is that check as written: where
//! the thermography's endgame moves have one clearly biggest move
//! ([`CLEARLY_BIGGER`]), the estimate before and after it, differences
//! over [`NOTES_THRESHOLD`] reported with each term's change ([`Terms`]).
//! [`estimate_after_biggest`] is the evaluation the check stands for: the
//! clearly biggest moves played, the position reached counted (not the
//! default count; docs/evaluation.md says why).
//!
//! Our estimate does not read ahead, so every played move moves it by
//! about the move's own value; [`check`] therefore looks, between the
//! played moves of a record, for the jumps no move explains:
//!
//! - the score estimate ([`crate::eval::score`]) before and after each move
//!   of a record, counted by the game's rules and komi;
//! - a move that captures, or after which a stone that was on the board
//!   before has another status, explains any change (a group died or came
//!   back to life);
//! - any other change larger than [`THRESHOLD`] moku is an
//!   *inconsistency*, reported with the position (the move number and the
//!   move) and the points that moved: those whose contribution to the
//!   estimate changed by at least [`POINT_MOVED`], largest change first.
//!
//! GTP `moku_consistency FILE` runs it over a record's main line.

use crate::eval::score::{self, Counting};
use crate::eval::{thermo, Analysis, Analyzer, MoyoParams, ScoreEstimate};
use crate::rules::{gtp_move, Board, Color, Event, Game, Move, Point};

/// A change of the estimate larger than this, in moku, with no capture
/// and no status change, is an inconsistency. Measured on GNU Go's
/// strategy games 25 and 26 (`cargo test --release --test evaluation`):
/// of the moves that capture nothing and change no status, 90% move the
/// estimate by less than 15 moku and 99% by at most 20; a move's own value
/// rarely exceeds that outside the opening, so a larger jump is the
/// evaluation's doing, not the move's. (What the check finds there: the
/// first stone in an empty corner moves the estimate by 20.1 moku, its 3x3
/// block counted as territory at once.)
pub const THRESHOLD: f32 = 20.0;
/// A point "moved" when its contribution to the estimate changed by at
/// least this (half a point: a point of territory became moyo or
/// contested, or changed hands).
pub const POINT_MOVED: f32 = 0.5;

/// One position's evaluation as the check reads it: the status of every
/// point (row-major) and the estimate.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The status of the stone on every point (`Alive` on empty points).
    pub status: Vec<crate::rules::Status>,
    /// The score estimate.
    pub estimate: ScoreEstimate,
}

impl Evaluation {
    /// The evaluation of `board` from its analysis, counted as `counting`
    /// says.
    pub fn of(board: &Board, analysis: &Analysis, counting: &Counting) -> Evaluation {
        Evaluation {
            status: analysis.status.clone(),
            estimate: score::estimate(board, analysis, counting),
        }
    }
}

/// One flagged move.
#[derive(Clone, Debug, PartialEq)]
pub struct Inconsistency {
    /// Its number in the record (the first move is 1).
    pub move_number: usize,
    /// Who played it.
    pub color: Color,
    /// Where (`None`: a pass).
    pub point: Option<Point>,
    /// The estimate's margin before the move (Black positive).
    pub before: f32,
    /// The margin after it.
    pub after: f32,
    /// The points whose contribution changed by [`POINT_MOVED`] or more,
    /// largest change first (the move's own point left out).
    pub moved: Vec<Point>,
}

impl Inconsistency {
    /// The change of the margin.
    pub fn change(&self) -> f32 {
        self.after - self.before
    }

    /// One line for GTP: `move 57 B Q16: -3.5 -> +18.0 (+21.5); 12 points
    /// moved: D4 D5 ...` (at most `listed` points named).
    pub fn line(&self, size: usize, listed: usize) -> String {
        let mv = gtp_move(self.point, size);
        let names: Vec<String> = self
            .moved
            .iter()
            .take(listed)
            .map(|&p| gtp_move(Some(p), size))
            .collect();
        let more = if self.moved.len() > listed {
            " ..."
        } else {
            ""
        };
        format!(
            "move {} {} {}: {:+.1} -> {:+.1} ({:+.1}); {} points moved: {}{}",
            self.move_number,
            if self.color == Color::Black { "B" } else { "W" },
            mv,
            self.before,
            self.after,
            self.change(),
            self.moved.len(),
            names.join(" "),
            more
        )
    }
}

/// The result of a check over one record.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Moves examined.
    pub moves: usize,
    /// Moves whose change is explained by a capture or a status change.
    pub explained: usize,
    /// The flagged moves, in order.
    pub flagged: Vec<Inconsistency>,
    /// The largest unexplained change seen (absolute, moku).
    pub largest: f32,
}

/// Runs the check over the history of `game` (a record's main line as
/// `loadsgf` leaves it), evaluating each position with `evaluate`, and
/// flags the unexplained changes above `threshold`.
pub fn check(
    game: &Game,
    threshold: f32,
    mut evaluate: impl FnMut(&Board) -> Evaluation,
) -> Report {
    let boards = game.history_boards();
    let mut report = Report {
        moves: 0,
        explained: 0,
        flagged: Vec::new(),
        largest: 0.0,
    };
    let mut before = evaluate(&boards[0]);
    let mut number = 0;
    for (i, ev) in game.history().iter().enumerate() {
        let (prev, next) = (&boards[i], &boards[i + 1]);
        let after = evaluate(next);
        let Event::Move { color, mv, .. } = ev else {
            before = after;
            continue;
        };
        number += 1;
        let point = match *mv {
            Move::Play(p) => Some(p),
            Move::Pass | Move::Resign => None,
        };
        report.moves += 1;
        let captured = next.captures(Color::Black) + next.captures(Color::White)
            != prev.captures(Color::Black) + prev.captures(Color::White)
            || stones(next) < stones(prev) + usize::from(point.is_some());
        let n = prev.size();
        let status_changed = prev.points().any(|p| {
            let k = p.row_major(n);
            prev.get(p).is_some()
                && prev.get(p) == next.get(p)
                && before.status[k] != after.status[k]
        });
        let change = after.estimate.margin - before.estimate.margin;
        if captured || status_changed {
            report.explained += 1;
        } else {
            report.largest = report.largest.max(change.abs());
            if change.abs() > threshold {
                let mut moved: Vec<(f32, Point)> = prev
                    .points()
                    .filter(|&p| Some(p) != point)
                    .map(|p| {
                        let k = p.row_major(n);
                        (after.estimate.points[k] - before.estimate.points[k], p)
                    })
                    .filter(|(d, _)| d.abs() >= POINT_MOVED)
                    .collect();
                moved.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()).then(a.1.cmp(&b.1)));
                report.flagged.push(Inconsistency {
                    move_number: number,
                    color: *color,
                    point,
                    before: before.estimate.margin,
                    after: after.estimate.margin,
                    moved: moved.into_iter().map(|(_, p)| p).collect(),
                });
            }
        }
        before = after;
    }
    report
}

/// [`check`] with the full evaluation: each position read by `analyzer`
/// (life and death with the page's budget) and counted by the game's
/// rules and komi.
pub fn check_game(
    game: &Game,
    analyzer: &mut Analyzer,
    params: &MoyoParams,
    threshold: f32,
) -> Report {
    let counting = Counting::of(game);
    check(game, threshold, |b| {
        let a = analyzer.analyze(b, params);
        Evaluation::of(b, a, &counting)
    })
}

/// The notes' limit: an evaluation that differs from the evaluation after
/// the clearly biggest move by more than this, in points, is reported
/// (Chrisd's thermography notes: "differences of more than 0.6 points").
pub const NOTES_THRESHOLD: f32 = 0.6;
/// The biggest endgame move is *clearly* biggest when the next one is
/// smaller by at least this, in points (or there is no other). The notes
/// say "clearly" without a figure; ours: one point, a gap that no
/// rounding of the thermography's thirds and halves closes.
pub const CLEARLY_BIGGER: f32 = 1.0;

/// The estimate's terms, each Black's minus White's, in points: what a
/// report of the biggest-move check breaks its difference into.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    /// Territory from the dots.
    pub territory: f32,
    /// Moyo and weak influence converted to points.
    pub moyo: f32,
    /// Living stones (area counting).
    pub stones: f32,
    /// Dead stones counted for the capturer.
    pub dead: f32,
    /// Prisoners (territory counting).
    pub prisoners: f32,
    /// Danger taken from the groups' owners (a positive figure costs
    /// Black).
    pub danger: f32,
}

impl Terms {
    /// The terms of `e`.
    pub fn of(e: &ScoreEstimate) -> Terms {
        let area = e.scoring == crate::rules::Scoring::Area;
        let dead_value = if area { 1.0 } else { 2.0 };
        Terms {
            territory: e.territory[0] - e.territory[1],
            moyo: e.moyo[0] - e.moyo[1],
            stones: if area {
                e.stones[0] as f32 - e.stones[1] as f32
            } else {
                0.0
            },
            dead: dead_value * (e.dead[1] as f32 - e.dead[0] as f32),
            prisoners: if area {
                0.0
            } else {
                e.prisoners[0] as f32 - e.prisoners[1] as f32
            },
            danger: e.danger[0] - e.danger[1],
        }
    }

    /// `self - before`, term by term.
    pub fn minus(&self, before: &Terms) -> Terms {
        Terms {
            territory: self.territory - before.territory,
            moyo: self.moyo - before.moyo,
            stones: self.stones - before.stones,
            dead: self.dead - before.dead,
            prisoners: self.prisoners - before.prisoners,
            danger: self.danger - before.danger,
        }
    }
}

/// The evaluation of a position beside the evaluation after its clearly
/// biggest move ([`compare_biggest`]); [`check_biggest`] reports those
/// that differ by more than its threshold.
#[derive(Clone, Debug, PartialEq)]
pub struct BiggestMoveDifference {
    /// The number of the record's move played from this position (the
    /// first is 1).
    pub move_number: usize,
    /// The side to move.
    pub color: Color,
    /// The clearly biggest move.
    pub point: Point,
    /// Its value by the thermography, in points.
    pub value: f32,
    /// The margin of the position (Black positive).
    pub before: f32,
    /// The margin after the biggest move.
    pub after: f32,
    /// Each term's change.
    pub terms: Terms,
}

impl BiggestMoveDifference {
    /// One line for GTP: `position 40 B biggest E1 (gote 3.0): +2.5 ->
    /// +5.5 (+3.0); territory +2.0 moyo +1.0 ...`.
    pub fn line(&self, size: usize) -> String {
        let t = &self.terms;
        format!(
            "position {} {} biggest {} ({:.1}): {:+.1} -> {:+.1} ({:+.1}); territory {:+.1} moyo {:+.1} stones {:+.1} dead {:+.1} prisoners {:+.1} danger {:+.1}",
            self.move_number,
            if self.color == Color::Black { "B" } else { "W" },
            gtp_move(Some(self.point), size),
            self.value,
            self.before,
            self.after,
            self.after - self.before,
            t.territory,
            t.moyo,
            t.stones,
            t.dead,
            t.prisoners,
            t.danger
        )
    }
}

/// The notes' self-check over the positions of `game`'s record: at every
/// position where the thermography ([`thermo::endgame_moves`], from the
/// analysis's regions) finds one clearly biggest move for the side to
/// move, the estimate of the position is compared with the estimate
/// after that move; differences over `threshold` are reported with each
/// term's change. `analyze` gives the analysis of a board with its
/// thermography (positions without one are skipped) and its counting.
pub fn check_biggest(
    game: &Game,
    threshold: f32,
    mut analyze: impl FnMut(&Board, Color) -> Analysis,
) -> Vec<BiggestMoveDifference> {
    let counting = Counting::of(game);
    let boards = game.history_boards();
    let mut out = Vec::new();
    let mut number = 0;
    for (i, ev) in game.history().iter().enumerate() {
        let Event::Move { color, .. } = ev else {
            continue;
        };
        number += 1;
        if let Some(d) = compare_biggest(&boards[i], *color, number, &counting, &mut analyze) {
            if (d.after - d.before).abs() > threshold {
                out.push(d);
            }
        }
    }
    out
}

/// The notes' comparison at one position, `board` with `color` to move
/// (the record's move `move_number` is played from it): when the
/// thermography finds one clearly biggest move, the estimate before and
/// after it with each term's change, whatever the difference; `None`
/// when there is no such move (no thermography, no endgame move, two
/// moves too close, or the move cannot be played). [`check_biggest`]
/// reports the comparisons over its threshold.
pub fn compare_biggest(
    board: &Board,
    color: Color,
    move_number: usize,
    counting: &Counting,
    mut analyze: impl FnMut(&Board, Color) -> Analysis,
) -> Option<BiggestMoveDifference> {
    let a = analyze(board, color);
    let (point, value, next) = clearly_biggest(board, &a, color)?;
    let before = score::estimate(board, &a, counting);
    let a2 = analyze(&next, color.opponent());
    let after = score::estimate(&next, &a2, counting);
    Some(BiggestMoveDifference {
        move_number,
        color,
        point,
        value,
        before: before.margin,
        after: after.margin,
        terms: Terms::of(&after).minus(&Terms::of(&before)),
    })
}

/// The clearly biggest move of `board` for `color` by the thermography of
/// its analysis `a` ([`CLEARLY_BIGGER`]): the move, its value in points
/// and the board after it; `None` when there is no thermography, no
/// endgame move, two moves too close, or the move cannot be played.
fn clearly_biggest(board: &Board, a: &Analysis, color: Color) -> Option<(Point, f32, Board)> {
    let th = a.thermo.as_ref()?;
    let moves = thermo::endgame_moves(board, th, color);
    let first = moves.first()?;
    let value = first.value.to_f64() as f32;
    let clear = moves
        .get(1)
        .is_none_or(|m| value - m.value.to_f64() as f32 >= CLEARLY_BIGGER);
    if !clear {
        return None;
    }
    let mut next = board.clone();
    next.play(first.point, color, false).ok()?;
    Some((first.point, value, next))
}

/// The most clearly biggest moves [`estimate_after_biggest`] plays in a
/// row. A guard, not a tuning: the notes' evaluation is the same after
/// the move, so the chain goes on until no move is clearly biggest; on
/// the score set (`tests/evaluation.rs`) the longest chain is 7 moves,
/// and each move costs a full analysis.
pub const MAX_BIGGEST_MOVES: usize = 8;

/// The notes' evaluation of a position: "if one move is clearly biggest
/// this is played and the evaluation of the original position is made
/// equal to the result after playing this biggest move". `board` with
/// `color` to move: while the thermography of the position reached finds
/// a clearly biggest move ([`CLEARLY_BIGGER`]), at most
/// [`MAX_BIGGEST_MOVES`] times, it is played and the other side is to
/// move; the estimate of the position reached, and the moves played
/// (none: the estimate of `board` itself). `analyze` gives the analysis
/// of a board with its thermography and the side to move.
pub fn estimate_after_biggest(
    board: &Board,
    color: Color,
    counting: &Counting,
    mut analyze: impl FnMut(&Board, Color) -> Analysis,
) -> (ScoreEstimate, Vec<Point>) {
    let mut at = board.clone();
    let mut to_move = color;
    let mut a = analyze(&at, to_move);
    let mut played = Vec::new();
    while played.len() < MAX_BIGGEST_MOVES {
        let Some((point, _, next)) = clearly_biggest(&at, &a, to_move) else {
            break;
        };
        played.push(point);
        at = next;
        to_move = to_move.opponent();
        a = analyze(&at, to_move);
    }
    (score::estimate(&at, &a, counting), played)
}

/// [`check_biggest`] with the full evaluation: each position read by
/// `analyzer` with the side to move, its thermography included.
pub fn check_biggest_game(
    game: &Game,
    analyzer: &mut Analyzer,
    params: &MoyoParams,
    threshold: f32,
) -> Vec<BiggestMoveDifference> {
    check_biggest(game, threshold, |b, c| {
        analyzer.analyze_turn(b, c, params).clone()
    })
}

fn stones(b: &Board) -> usize {
    let [black, white] = b.stone_counts();
    black + white
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::analysis::analyze_static;
    use crate::rules::{RuleSet, StatusMap};

    /// The static evaluation with every stone alive: what the check sees
    /// when the statuses never change.
    fn plain(game: &Game) -> impl FnMut(&Board) -> Evaluation + '_ {
        move |b| {
            let a = analyze_static(b, &StatusMap::all_alive(), &MoyoParams::default());
            Evaluation::of(b, &a, &Counting::of(game))
        }
    }

    /// A 9x9 game (Japanese rules, komi 0.5) of `moves`, a colour and a
    /// GTP vertex each: `"B E5 W pass"`.
    fn game(moves: &str) -> Game {
        let mut g = Game::new(9, RuleSet::Japanese, 0.5).unwrap();
        let words: Vec<&str> = moves.split_whitespace().collect();
        for m in words.chunks(2) {
            let c = match m[0] {
                "B" => Color::Black,
                "W" => Color::White,
                other => panic!("a colour is B or W, not {other}"),
            };
            let p = crate::rules::parse_gtp_vertex(m[1], 9).unwrap();
            g.play_as(c, p.map_or(Move::Pass, Move::Play)).unwrap();
        }
        g
    }

    #[test]
    fn a_jump_with_no_capture_is_flagged_with_the_points_that_moved() {
        // 9x9: three black stones, then White's first stone. With a
        // threshold of 1 moku every move is flagged (each one claims
        // territory); the first move's line names the points around E5.
        let g = game("B E5 W pass B C3");
        let r = check(&g, 1.0, plain(&g));
        assert_eq!((r.moves, r.explained), (3, 0));
        let moves: Vec<usize> = r.flagged.iter().map(|f| f.move_number).collect();
        assert_eq!(moves, vec![1, 3], "the pass changes nothing");
        let first = &r.flagged[0];
        assert_eq!(first.before, -0.5, "the empty board: komi");
        assert!(first.change() > 1.0);
        // E5's ring of territory moved (D5 is one of them), E5 itself is
        // left out.
        let d5 = crate::rules::parse_gtp_vertex("D5", 9).unwrap().unwrap();
        let e5 = crate::rules::parse_gtp_vertex("E5", 9).unwrap().unwrap();
        assert!(first.moved.contains(&d5));
        assert!(!first.moved.contains(&e5));
        let line = first.line(9, 3);
        assert!(line.starts_with("move 1 B E5: -0.5 -> +"), "{line}");
        assert!(line.ends_with(" ..."), "{line}");
        // With the real threshold nothing this small is flagged.
        assert!(check(&g, THRESHOLD, plain(&g)).flagged.is_empty());
    }

    #[test]
    fn captures_and_status_changes_explain_a_jump() {
        // White's stone A1 in atari is captured by Black's B1... a capture
        // explains the change.
        let g = game("W A1 B A2 W pass B B1");
        let r = check(&g, 0.1, plain(&g));
        assert_eq!(r.moves, 4);
        assert!(
            r.flagged.iter().all(|f| f.move_number != 4),
            "{:?}",
            r.flagged
        );
        assert_eq!(r.explained, 1);
        // A status change explains too: the evaluation below calls White's
        // stone dead as soon as Black has played A2.
        let mut calls = 0;
        let r = check(&g, 0.1, |b: &Board| {
            calls += 1;
            let a1 = crate::rules::parse_gtp_vertex("A1", 9).unwrap().unwrap();
            let a2 = crate::rules::parse_gtp_vertex("A2", 9).unwrap().unwrap();
            let st = if b.get(a2).is_some() {
                StatusMap::with_dead(b, &[a1])
            } else {
                StatusMap::all_alive()
            };
            let a = analyze_static(b, &st, &MoyoParams::default());
            Evaluation::of(b, &a, &Counting::of(&g))
        });
        assert_eq!(calls, 5, "one evaluation per position");
        assert!(r.flagged.iter().all(|f| f.move_number != 2));
        assert_eq!(r.explained, 2);
    }

    /// The thermography's worked position: two living walls, C4 inside
    /// Black's wall, D4 its only opening: a one-point gote {1 | 0} worth
    /// half a point, and the board's only endgame move, so clearly the
    /// biggest. With no threshold the check reports the position with
    /// that move, and the terms' changes add up to the margin's change
    /// (no komi or prisoners move).
    #[test]
    fn the_clearly_biggest_move_is_compared_term_by_term() {
        let b = Board::from_ascii(crate::eval::thermo::tests::ONE_POINT_GOTE);
        let mut g = Game::new(7, RuleSet::Japanese, 0.5).unwrap();
        let stones: Vec<(Point, Option<Color>)> = b
            .points()
            .filter(|&p| b.get(p).is_some())
            .map(|p| (p, b.get(p)))
            .collect();
        g.setup(&stones).unwrap();
        g.play_as(Color::Black, Move::Pass).unwrap();
        let analyze = |b: &Board, _: Color| {
            let st = StatusMap::all_alive();
            let mut a = analyze_static(b, &st, &MoyoParams::default());
            a.thermo = Some(thermo::analyze(b, &st));
            a
        };
        let all = check_biggest(&g, -1.0, analyze);
        assert_eq!(all.len(), 1, "{all:?}");
        let d = &all[0];
        assert_eq!((d.move_number, d.color), (1, Color::Black));
        assert_eq!(d.point, Point::from_xy(3, 3));
        assert_eq!(d.value, 0.5);
        let t = &d.terms;
        let sum = t.territory + t.moyo + t.stones + t.dead + t.prisoners - t.danger;
        assert!((sum - (d.after - d.before)).abs() < 1e-4, "{d:?}");
        let line = d.line(7);
        assert!(
            line.starts_with("position 1 B biggest D4 (0.5): "),
            "{line}"
        );
        // The same comparison at that one position, whatever its size;
        // the notes' threshold keeps it only when it is over 0.6 point.
        let one = compare_biggest(&b, Color::Black, 1, &Counting::of(&g), analyze);
        assert_eq!(one.as_ref(), Some(d));
        let reported = check_biggest(&g, NOTES_THRESHOLD, analyze);
        assert_eq!(
            reported.len(),
            usize::from((d.after - d.before).abs() > NOTES_THRESHOLD)
        );
    }

    /// The same one-point gote: the notes' evaluation plays D4, the
    /// clearly biggest (and only) endgame move, and counts the position
    /// after it: Black's A7, A1 and C4 against White's F7, F5, F3 and F1,
    /// -1 under territory counting without komi. After D4 nothing is
    /// left to play, so the chain stops there. Without a thermography
    /// nothing is played and the estimate is the position's own.
    #[test]
    fn the_evaluation_is_the_one_after_the_clearly_biggest_move() {
        let b = Board::from_ascii(crate::eval::thermo::tests::ONE_POINT_GOTE);
        let counting = Counting {
            scoring: crate::rules::Scoring::Territory,
            komi: 0.0,
        };
        let analyze = |b: &Board, _: Color| {
            let st = StatusMap::all_alive();
            let mut a = analyze_static(b, &st, &MoyoParams::default());
            a.thermo = Some(thermo::analyze(b, &st));
            a
        };
        let (e, played) = estimate_after_biggest(&b, Color::Black, &counting, analyze);
        assert_eq!(played, [Point::from_xy(3, 3)]);
        assert_eq!(e.margin, -1.0);
        let no_thermo = |b: &Board, _: Color| {
            analyze_static(b, &StatusMap::all_alive(), &MoyoParams::default())
        };
        let (plain, none) = estimate_after_biggest(&b, Color::Black, &counting, no_thermo);
        assert!(none.is_empty());
        assert_eq!(
            plain,
            score::estimate(&b, &no_thermo(&b, Color::Black), &counting)
        );
    }
}
