//! `moku review` end to end: the reviewed record is valid SGF that loads
//! back with a comment on every move (a 16-move 9x9 record); `--json` lists every move; GTP's
//! `moku_review` answers one line per move.

mod common;

use std::process::Command;

use moku::GameRecord;

const SIXTEEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gtp/review-9x9.sgf");

fn moku(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_moku"))
        .args(args)
        .output()
        .expect("moku runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_reviewed_record_loads_back_with_a_comment_on_every_move() {
    let (ok, sgf, summary) = moku(&["review", SIXTEEN]);
    assert!(ok, "{summary}");
    // The summary: one line per player, 8 moves each.
    assert!(
        summary.contains("black: 8 moves, average loss "),
        "{summary}"
    );
    assert!(
        summary.contains("white: 8 moves, average loss "),
        "{summary}"
    );
    let mut record = GameRecord::from_sgf(&sgf).expect("valid SGF");
    // The record's own comment on the root is kept.
    assert!(record
        .comment()
        .unwrap()
        .starts_with("The first 16 moves of sixty.sgf"));
    let mut moves = 0;
    while record.forward() {
        moves += 1;
        let c = record.comment().unwrap_or_default();
        let who = if moves % 2 == 1 { "Black" } else { "White" };
        assert!(
            c.starts_with(&format!("moku: {who}'s {moves} at ")),
            "move {moves}: {c}"
        );
    }
    assert_eq!(moves, 16);
}

#[test]
fn json_lists_every_move_and_bad_arguments_are_refused() {
    let (ok, json, _) = moku(&["review", SIXTEEN, "--json", "--level", "1"]);
    assert!(ok);
    let v: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 16);
    assert_eq!(moves[0]["number"], 1);
    assert_eq!(moves[0]["color"], "black");
    assert_eq!(moves[0]["played"], "F1");
    // Every move's loss is the difference of the two leads it names.
    for m in moves {
        let (best, played) = (
            m["preferredLead"].as_f64().unwrap(),
            m["playedLead"].as_f64().unwrap(),
        );
        let loss = m["loss"].as_f64().unwrap();
        assert!((loss - (best - played).max(0.0)).abs() < 0.051, "{m}");
    }
    assert_eq!(v["players"][0]["color"], "black");
    assert_eq!(v["players"][0]["moves"], 8);
    let (ok, _, err) = moku(&["review", SIXTEEN, "--level", "11"]);
    assert!(!ok);
    assert!(err.contains("11"), "{err}");
    let (ok, _, err) = moku(&["review", "/no/such.sgf"]);
    assert!(!ok);
    assert!(err.contains("cannot read /no/such.sgf"), "{err}");
}

#[test]
fn gtp_moku_review_answers_one_line_per_move() {
    let mut m = common::Moku::start(&[]);
    let one = m.ok(&format!("moku_review {SIXTEEN} 1"));
    let words: Vec<&str> = one.split(' ').collect();
    assert_eq!(words.len(), 6, "{one}");
    assert_eq!(&words[..3], ["1", "black", "F1"]);
    assert!(words[4].parse::<f32>().unwrap() >= 0.0);
    assert!(["good", "inaccuracy", "mistake", "blunder"].contains(&words[5]));
    let all = m.ok(&format!("moku_review {SIXTEEN}"));
    assert_eq!(all.lines().count(), 16);
    assert!(all.lines().nth(15).unwrap().starts_with("16 white "));
    assert!(m
        .send(&format!("moku_review {SIXTEEN} 17"))
        .contains("the game has 16 moves, no move 17"));
    assert!(m.ok("gogui-analyze_commands").contains("moku_review %f"));
}
