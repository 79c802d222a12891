//! The tree search through the real `moku gtp` binary: a whole 9x9 game
//! of `genmove` against itself (every move legal, the game ends), and a
//! live `lz-analyze` stream that the next command ends. Budgets are
//! playout counts; the stream's interval only paces the lines, nothing
//! here depends on how fast they come.

use std::process::Command;

mod common;

use common::Moku;

#[test]
fn a_whole_game_of_genmove_against_itself() {
    let mut e = Moku::start(&["--playouts", "150", "--genmove-mcts", "--no-resign"]);
    e.ok("boardsize 9");
    e.ok("komi 7");
    let mut passes = 0;
    let mut moves = 0;
    let mut color = "b";
    while passes < 2 && moves < 200 {
        let mv = e.ok(&format!("genmove {color}"));
        assert_ne!(mv, "resign");
        if mv == "pass" {
            passes += 1;
        } else {
            passes = 0;
            // The session played it: the point is taken now.
            let other = if color == "b" { "w" } else { "b" };
            assert_eq!(e.ask(&format!("play {other} {mv}")), "? illegal move\n");
        }
        moves += 1;
        color = if color == "b" { "w" } else { "b" };
    }
    assert_eq!(passes, 2, "the game did not end in 200 moves");
    let score = e.ok("final_score");
    assert!(
        score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
}

#[test]
fn lz_analyze_streams_until_the_next_command() {
    let mut e = Moku::start(&["--playouts", "1000"]);
    e.ok("boardsize 9");
    e.ok("play b E5");
    e.write("5 lz-analyze w 5");
    assert_eq!(e.line(), "=5\n");
    for _ in 0..3 {
        let line = e.line();
        assert!(line.starts_with("info move "), "{line:?}");
        assert!(
            line.contains(" visits ") && line.contains(" pv "),
            "{line:?}"
        );
    }
    // The next command ends the stream: perhaps one more info line, then
    // the empty line, then the command's answer.
    e.write("6 name");
    let mut line = e.line();
    while line.starts_with("info ") {
        line = e.line();
    }
    assert_eq!(line, "\n");
    assert_eq!(e.line(), "=6 moku\n");
    assert_eq!(e.line(), "\n");
    // The position is as it was: White to move, E5 taken.
    assert_eq!(e.ask("play b E5"), "? illegal move\n");
}

/// The first three moves of a 9x9 game at level 6 (a playout count, so
/// nothing depends on time).
fn opening(args: &[&str], commands: &[&str]) -> Vec<String> {
    let mut e = Moku::start(args);
    for c in commands {
        e.ok(c);
    }
    e.ok("boardsize 9");
    ["b", "w", "b"]
        .iter()
        .map(|c| e.ok(&format!("genmove {c}")))
        .collect()
}

#[test]
fn the_seed_option_reaches_genmove() {
    // `--seed 3` plays as `moku_seed 3` does, and differs from the
    // default seed (0): on an empty 9x9 board the seed picks among the
    // opening's near-equal points.
    let level = ["--level", "6"];
    let by_option = opening(&["--level", "6", "--seed", "3"], &[]);
    let by_command = opening(&level, &["moku_seed 3"]);
    let default = opening(&level, &[]);
    assert_eq!(by_option, by_command);
    assert_ne!(by_option, default);
    assert_eq!(default, opening(&level, &["moku_seed 0"]));
}

#[test]
fn bad_search_options_are_refused_in_plain_english() {
    for args in [
        &["--threads", "x"][..],
        &["--time-ms"][..],
        &["--level-of-magic"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_moku"))
            .arg("gtp")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("moku: "), "{err}");
        assert!(err.contains("Usage:"), "{err}");
    }
}

/// Black's lone stone against White's living 5x5 board with komi 30:
/// lost whatever Black plays.
fn hopeless_for_black(e: &mut Moku) {
    e.ok("boardsize 5");
    e.ok("komi 30");
    for v in [
        "B5", "D5", "A4", "B4", "C4", "D4", "E4", "B3", "D3", "A2", "B2", "C2", "D2", "E2",
    ] {
        e.ok(&format!("play w {v}"));
    }
    e.ok("play b E1");
}

#[test]
fn the_engine_resigns_a_hopeless_game_only_when_allowed() {
    // `--resign` lets the tree level resign; without it moku plays on,
    // and `moku_resign off` takes the permission back.
    let mut allowed = Moku::start(&["--resign", "--level", "6"]);
    hopeless_for_black(&mut allowed);
    assert_eq!(allowed.ok("genmove b"), "resign");

    let mut by_default = Moku::start(&["--level", "6"]);
    hopeless_for_black(&mut by_default);
    assert_ne!(by_default.ok("genmove b"), "resign");

    let mut withdrawn = Moku::start(&["--resign", "--level", "6"]);
    withdrawn.ok("moku_resign off");
    hopeless_for_black(&mut withdrawn);
    assert_ne!(withdrawn.ok("genmove b"), "resign");
}
