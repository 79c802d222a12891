//! The evaluation on real games, end to end: the score estimate against
//! GNU Go 3.8's `final_score`, the danger and status overlays on every
//! position of the bundled games, and the consistency self-check.
//!
//! These read many positions (the first two read life and death on
//! each), so they run only in optimised builds (`cfg(optimized)`, set by
//! `build.rs`): the test command's `checked` profile, or release:
//!
//! ```text
//! cargo test --profile checked --test evaluation -- --nocapture
//! ```
//!
//! `EVALUATION_VERBOSE=1` prints every position of the score set and
//! every flagged move.

mod common;

use common::{map_parallel, regression_game, REGRESSION_DATA as DATA};
use moku::eval::analysis::{analyze_verdicts, Analysis};
use moku::eval::consistency::{self, Evaluation};
use moku::eval::score::{self, Counting};
use moku::eval::{Analyzer, MoyoParams, Verdicts};
use moku::reading::benson;
use moku::record::{game_from_sgf_bytes, LoadUntil};
use moku::rules::{Board, Scoring, Status, StatusMap};
use moku::{Game, Point};

fn verbose() -> bool {
    std::env::var_os("EVALUATION_VERBOSE").is_some()
}

// --- the score set ---------------------------------------------------------

/// Winner agreement the estimate must keep, in percent. A floor, not the
/// goal (90%): the estimate reads 88.5% (54/61), and so does the estimate
/// after the clearly biggest moves; docs/evaluation.md has the
/// figures of each build.
const MIN_WINNER_AGREEMENT: f64 = 88.0;
/// Mean absolute error it must stay under, in points. A ceiling: the
/// estimate reads 15.10, after the clearly biggest moves 16.05; the goal
/// is 5. GNU Go's `final_score` plays the position out, and its
/// play-out kills whole groups our statuses call alive or critical, or
/// the reverse in a capturing race; GNU Go's own static `estimate_score`
/// scores 14.90 (83.6%) against it (`tests/data/score-set/gnugo-estimate.sh`).
const MAX_MEAN_ABSOLUTE_ERROR: f64 = 16.5;
/// Positions the set must have: the 61 GNU Go scored before the runs of
/// `make.sh` were stopped (the goal is 100 and more).
const MIN_POSITIONS: usize = 60;

/// One position of the set.
struct Position {
    file: String,
    move_number: usize,
    size: usize,
    komi: f32,
    gnugo: f32,
}

/// GNU Go's result as a margin, Black positive: `B+3.5`, `W+12.5`, `0`.
fn margin(result: &str) -> f32 {
    let value = |s: &str| {
        s.parse::<f32>()
            .unwrap_or_else(|_| panic!("bad result '{result}'"))
    };
    match result.split_once('+') {
        Some(("B", m)) => value(m),
        Some(("W", m)) => -value(m),
        _ if result == "0" => 0.0,
        _ => panic!("bad result '{result}'"),
    }
}

fn score_set() -> Vec<Position> {
    let text = std::fs::read_to_string("tests/data/score-set/positions.tsv")
        .expect("tests/data/score-set/positions.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "{l}");
            Position {
                file: f[0].to_string(),
                move_number: f[1].parse().unwrap(),
                size: f[2].parse().unwrap(),
                komi: f[3].parse().unwrap(),
                gnugo: margin(f[4]),
            }
        })
        .collect()
}

/// The estimate of each position of the score set, and the thermography
/// notes' evaluation (`consistency::estimate_after_biggest`: the clearly
/// biggest moves played first), against GNU Go's, each held to the
/// floors. One analyzer reads both: the position itself, which both
/// start from, is read once.
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "reads life and death on every position: run optimised"
)]
fn the_estimate_agrees_with_gnu_go_before_and_after_the_biggest_moves() {
    let set = score_set();
    let mut analyzer = Analyzer::with_ownership(moku::engine::ownership::ownership);
    let mut plain = Tally::default();
    let mut after_biggest = Tally::default();
    for p in &set {
        let mut game = regression_game(&p.file, LoadUntil::MoveNumber(p.move_number));
        assert_eq!(game.size(), p.size, "{}", p.file);
        game.set_komi(p.komi);
        let counting = Counting {
            scoring: Scoring::Territory,
            komi: game.komi(),
        };
        let (board, color) = (game.board(), game.to_move());
        let a = analyzer.analyze_turn(board, color, &MoyoParams::default());
        let ours = score::estimate(board, a, &counting).margin;
        let (e, _) = consistency::estimate_after_biggest(board, color, &counting, |b, c| {
            analyzer.analyze_turn(b, c, &MoyoParams::default()).clone()
        });
        plain.add(p, ours);
        after_biggest.add(p, e.margin);
    }
    plain.hold("score set", &set);
    after_biggest.hold("score set after the biggest moves", &set);
}

/// How one valuation of the score set agrees with GNU Go's.
#[derive(Default)]
struct Tally {
    agree: usize,
    abs_error: f64,
}

impl Tally {
    /// Counts our margin `ours` for position `p` (printed when verbose).
    fn add(&mut self, p: &Position, ours: f32) {
        let same = (ours > 0.0) == (p.gnugo > 0.0);
        self.agree += usize::from(same);
        self.abs_error += f64::from((ours - p.gnugo).abs());
        if verbose() {
            println!(
                "{:<60} {:>2}x{:<2} gnugo {:>+7.1} moku {:>+7.1} {}",
                p.file,
                p.size,
                p.size,
                p.gnugo,
                ours,
                if same { "" } else { "winner differs" }
            );
        }
    }

    /// Prints the figures over `set` under `label` and holds them to the
    /// floors.
    fn hold(&self, label: &str, set: &[Position]) {
        let n = set.len();
        let n19 = set.iter().filter(|p| p.size == 19).count();
        let agreement = 100.0 * self.agree as f64 / n as f64;
        let mae = self.abs_error / n as f64;
        println!(
            "{label}: {n} positions ({n19} 19x19 after move 150, {} 9x9 after move 50): \
             winner agreement {agreement:.1}% ({}/{n}), mean absolute error {mae:.2} points",
            n - n19,
            self.agree
        );
        assert!(n >= MIN_POSITIONS, "the set has {n} positions");
        assert!(
            agreement >= MIN_WINNER_AGREEMENT,
            "{label}: winner agreement {agreement:.1}%"
        );
        assert!(
            mae <= MAX_MEAN_ABSOLUTE_ERROR,
            "{label}: mean absolute error {mae:.2}"
        );
    }
}

/// cgos/879 after move 50, Black to move: Black's centre group (E5 F5
/// F6 G6 H6 H5 H4 H3 H2 and the C4-E3 stones) has White's F3 and G2 G1
/// H1 inside its space and loses the race for it. GNU Go 3.8 calls every
/// Black stone on the board dead and its estimate is settled
/// (`estimate_score`: W+88.5, upper and lower bound alike; its play-out
/// ends W+88.5 as well). Our reading, at 500 nodes a group, calls the
/// centre group critical (and the estimate counts a critical group as
/// living); the playouts kill it in most games, and their ownership
/// overrules the reading.
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "reads life and death and runs playouts: run optimised"
)]
fn the_playouts_overrule_a_race_the_reading_loses() {
    let game = regression_game("games/cgos/879.sgf", LoadUntil::MoveNumber(51));
    let board = game.board();
    let f6 = Point::from_xy(5, 3);
    assert_eq!(board.get(f6), Some(moku::Color::Black));
    let params = MoyoParams::default();
    let reading = Analyzer::new().analyze(board, &params).clone();
    assert_eq!(reading.status[f6.row_major(9)], Status::Critical);
    let mut analyzer = Analyzer::with_ownership(moku::engine::ownership::ownership);
    let a = analyzer.analyze_turn(board, game.to_move(), &params);
    assert_eq!(a.status[f6.row_major(9)], Status::Dead);
    // The danger overlay follows the corrected status.
    assert!(contradictions(board, a).is_empty());
    // And the estimate comes within 20 points of GNU Go's W+88.5 (the
    // reading alone was 50 points short).
    let counting = Counting {
        scoring: Scoring::Territory,
        komi: game.komi(),
    };
    let ours = score::estimate(board, a, &counting).margin;
    assert!((ours - -88.5).abs() <= 20.0, "estimate {ours}");
}

#[test]
fn results_parse() {
    assert_eq!(margin("B+23.5"), 23.5);
    assert_eq!(margin("W+0.5"), -0.5);
    assert_eq!(margin("0"), 0.0);
}

// --- danger and status -----------------------------------------------------

/// Every way the danger overlay could contradict the status overlay on
/// `board`, as text (empty when they agree). For every stone: its danger
/// unit is of its colour and status (unknown counts as alive); a dead
/// stone's unit has its whole value at stake, a critical one's between
/// nothing and all of it with a vital point, a seki one nothing, a living
/// one at most a quarter; the danger map shows the unit's danger, signed
/// by the stone's colour.
fn contradictions(board: &Board, a: &Analysis) -> Vec<String> {
    let n = board.size();
    let mut out = Vec::new();
    for p in board.points() {
        let Some(c) = board.get(p) else { continue };
        let k = p.row_major(n);
        let st = a.status[k];
        let Some(u) = a.handtalk.unit(p) else {
            out.push(format!("{p:?}: a {st:?} stone in no danger unit"));
            continue;
        };
        let expect = if st == Status::Unknown {
            Status::Alive
        } else {
            st
        };
        if u.color != c || u.status != expect {
            out.push(format!(
                "{p:?}: a {c:?} {st:?} stone in a {:?} {:?} unit",
                u.color, u.status
            ));
        }
        let ok = match st {
            Status::Dead => u.danger == u.value && u.value > 0.0,
            Status::Critical => u.danger > 0.0 && u.danger < u.value && u.vital.is_some(),
            Status::Seki => u.danger == 0.0,
            Status::Alive | Status::Unknown => u.danger <= 0.25 * u.value,
        };
        if !ok {
            out.push(format!(
                "{p:?}: a {st:?} stone whose unit has {} of {} moku at stake (vital {:?})",
                u.danger, u.value, u.vital
            ));
        }
        let shown = a.handtalk.danger[k];
        if (shown - c.sign() as f32 * u.danger).abs() > 1e-4 {
            out.push(format!(
                "{p:?}: the map shows {shown}, the unit {}",
                u.danger
            ));
        }
    }
    out
}

/// A status for every string, varied over the five statuses by the
/// string and the move number, so that every kind of unit appears on
/// real shapes.
fn varied_statuses(board: &Board, salt: usize) -> StatusMap {
    let mut m = StatusMap::all_alive();
    for p in board.points() {
        if board.get(p).is_some() && board.chain_id(p) == p {
            let s = Status::ALL[(p.index() * 7 + salt) % Status::ALL.len()];
            m.set_string(board, p, s);
        }
    }
    m
}

/// Every SGF file of the bundled games, relative to `DATA`.
fn bundled_games() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(std::path::Path::new(&format!("{DATA}/games")), &mut files);
    walk(std::path::Path::new(&format!("{DATA}/golois")), &mut files);
    let mut names: Vec<String> = files
        .iter()
        .map(|p| p.strip_prefix(DATA).unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "every position of every bundled game: run optimised"
)]
fn danger_and_status_never_contradict_on_any_position() {
    let (mut games, mut checked) = (0, 0);
    for file in bundled_games() {
        let bytes = std::fs::read(format!("{DATA}/{file}")).unwrap();
        let Ok(game) = game_from_sgf_bytes(&bytes, LoadUntil::End) else {
            continue;
        };
        games += 1;
        for (i, board) in game.history_boards().iter().enumerate() {
            let status = varied_statuses(board, i);
            let u = benson::unconditional(board);
            let v = Verdicts::new(board, &status, Some(&u), &[]);
            let a = analyze_verdicts(board, &v, &MoyoParams::default());
            let bad = contradictions(board, &a);
            assert!(bad.is_empty(), "{file}, position {i}:\n{}", bad.join("\n"));
            checked += 1;
        }
    }
    println!("danger and status agree on {checked} positions of {games} games");
    assert!(
        games >= 300 && checked >= 20_000,
        "{games} games, {checked} positions"
    );
}

// --- the consistency self-check ----------------------------------------------

/// The 19x19 game the self-check replays in full: GNU Go's strategy
/// game 25 (a whole game of the bundled set, 262 moves; each position is
/// read as the page reads it, the playouts' second opinion included,
/// about 0.15 s, so all of the bundled games would take hours).
const CONSISTENCY_GAMES: &[&str] = &["games/strategy25.sgf"];
/// The most flagged moves the check may report over that game: two at
/// the time of writing (the first two stones, 20.1 moku each), and a
/// margin of two.
const MAX_FLAGS: usize = 4;

/// The self-check of one game, whose overlays must agree at every
/// position: prints its counts and its flagged moves; returns how many
/// moves it flagged, and of how many.
fn self_check(file: &str, game: &Game, analyzer: &mut Analyzer) -> (usize, usize) {
    let counting = Counting::of(game);
    let report = consistency::check(game, consistency::THRESHOLD, |b| {
        let a = analyzer.analyze(b, &MoyoParams::default());
        // The real statuses: the overlays agree here too.
        let bad = contradictions(b, a);
        assert!(bad.is_empty(), "{file}:\n{}", bad.join("\n"));
        Evaluation::of(b, a, &counting)
    });
    println!(
        "{file}: {} moves, {} explained by a capture or a status change, {} flagged, \
         largest unexplained change {:.1}",
        report.moves,
        report.explained,
        report.flagged.len(),
        report.largest
    );
    for f in &report.flagged {
        println!("  {}", f.line(game.size(), 12));
    }
    (report.flagged.len(), report.moves)
}

/// The 9x9 records the notes' biggest-move check replays in full: four
/// games of the score set (each position read twice, before and after
/// its biggest move, with the thermography).
const BIGGEST_MOVE_GAMES: &[&str] = &[
    "games/CrazyStone1.sgf",
    "games/cgos/879.sgf",
    "games/incident211.sgf",
    "games/nicklas/nicklas10.sgf",
];
/// The most positions the biggest-move check may report over those
/// games: 129 of their 272 positions are reported by the engine as it is
/// (most differences are the dots counting a boundary point before it is
/// played, and captures the estimate does not see coming), and the
/// ceiling leaves five more; the evaluation's fixes lower it.
const MAX_BIGGEST_MOVE_REPORTS: usize = 134;

/// The biggest-move check of one game: prints the positions it reports;
/// returns how many it reports, and of how many.
fn biggest_move_check(file: &str, game: &Game, analyzer: &mut Analyzer) -> (usize, usize) {
    let found = consistency::check_biggest_game(
        game,
        analyzer,
        &MoyoParams::default(),
        consistency::NOTES_THRESHOLD,
    );
    println!("{file}: {} positions reported", found.len());
    for d in &found {
        println!("  {}", d.line(game.size()));
    }
    (found.len(), game.move_number())
}

/// Replays the whole `size`x`size` games `files`, each read by a fresh
/// analyzer that takes the playouts' ownership (as the page's does):
/// `check` reads one game and returns how many positions it reports, and
/// of how many. Over all the games, `name` may report `ceiling` at most.
fn at_most_over_games(
    name: &str,
    files: &[&str],
    size: usize,
    ceiling: usize,
    check: fn(&str, &Game, &mut Analyzer) -> (usize, usize),
) {
    let (mut reported, mut positions) = (0, 0);
    for (r, p) in map_parallel(files, |file| {
        let game = regression_game(file, LoadUntil::End);
        assert_eq!(game.size(), size, "{file}");
        let mut analyzer = Analyzer::with_ownership(moku::engine::ownership::ownership);
        check(file, &game, &mut analyzer)
    }) {
        reported += r;
        positions += p;
    }
    println!("{name}: {reported} reported of {positions} positions");
    assert!(reported <= ceiling, "{name}: {reported} reported");
}

optimised_tests! {
    the_self_check_flags_few_moves_in_real_games(
        "reads life and death on every position: run optimised"
    ) => at_most_over_games("self-check", CONSISTENCY_GAMES, 19, MAX_FLAGS, self_check);
    the_biggest_move_check_reports_few_positions(
        "reads life and death and the thermography on every position: run optimised"
    ) => at_most_over_games(
        "biggest-move check",
        BIGGEST_MOVE_GAMES,
        9,
        MAX_BIGGEST_MOVE_REPORTS,
        biggest_move_check,
    );
}

#[test]
fn a_point_helper_is_on_the_board() {
    // `contradictions` reads every stone; on an empty board it has nothing
    // to say, and a single dead stone is its own unit.
    let mut b = Board::new(9).unwrap();
    let a = analyze_verdicts(
        &b,
        &Verdicts::from_status(&StatusMap::all_alive()),
        &MoyoParams::default(),
    );
    assert!(contradictions(&b, &a).is_empty());
    let p = Point::from_xy(4, 4);
    b.set_stone(p, Some(moku::Color::White));
    let st = StatusMap::with_dead(&b, &[p]);
    let a = analyze_verdicts(&b, &Verdicts::from_status(&st), &MoyoParams::default());
    assert!(contradictions(&b, &a).is_empty());
    assert_eq!(a.handtalk.unit(p).map(|u| u.status), Some(Status::Dead));
}
