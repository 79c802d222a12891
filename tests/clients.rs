//! The clients' exchanges with the `moku` program itself: KaTrain's JSON
//! analysis queries (`tests/data/clients/katrain-queries.jsonl`, in the
//! shape KaTrain's engine module writes them) answered by `moku
//! analysis` and validated field by field as KaTrain reads them; `moku
//! --help` and `moku gtp --help`; Lizzie's start (`version` under
//! `--lz-version`).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const KATRAIN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/clients/katrain-queries.jsonl"
);

/// Runs `moku ARGS` with `input` on standard input: success, stdout.
fn moku(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_moku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("moku runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Whether `v` is a GTP vertex of a `size` board (`I` skipped) or `pass`.
fn is_move(v: &Value, size: usize) -> bool {
    let Some(t) = v.as_str() else { return false };
    if t == "pass" {
        return true;
    }
    let mut cs = t.chars();
    let col = cs.next().unwrap_or('I');
    let row: usize = cs.as_str().parse().unwrap_or(0);
    let columns: Vec<char> = ('A'..='Z').filter(|&c| c != 'I').take(size).collect();
    columns.contains(&col) && (1..=size).contains(&row)
}

/// One KataGo analysis response as KaTrain reads it: `moveInfos` (each
/// with `move`, `visits`, `winrate`, `scoreLead`, `pv`, `order`),
/// `rootInfo` (`winrate`, `scoreLead`, `visits`, `currentPlayer`), and
/// the `ownership` of every point when asked.
fn check_response(r: &Value, id: &str, turn: u64, size: usize, to_move: &str, ownership: bool) {
    assert_eq!(r["id"], id, "{r}");
    assert_eq!(r["turnNumber"], turn, "{r}");
    assert_eq!(r["isDuringSearch"], false, "{r}");
    let infos = r["moveInfos"].as_array().expect("moveInfos");
    assert!(!infos.is_empty(), "{r}");
    for (i, m) in infos.iter().enumerate() {
        assert!(is_move(&m["move"], size), "{m}");
        assert!(m["visits"].as_u64().is_some_and(|v| v > 0), "{m}");
        let w = m["winrate"].as_f64().expect("winrate");
        assert!((0.0..=1.0).contains(&w), "{m}");
        assert!(m["scoreLead"].as_f64().is_some_and(f64::is_finite), "{m}");
        assert!(
            m["prior"]
                .as_f64()
                .is_some_and(|p| (0.0..=1.0).contains(&p)),
            "{m}"
        );
        assert_eq!(m["order"], i as u64, "{m}");
        let pv = m["pv"].as_array().expect("pv");
        assert_eq!(pv.first(), Some(&m["move"]), "{m}");
        assert!(pv.iter().all(|v| is_move(v, size)), "{m}");
    }
    // Most visited first.
    let visits: Vec<u64> = infos
        .iter()
        .map(|m| m["visits"].as_u64().unwrap())
        .collect();
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
    let root = &r["rootInfo"];
    assert_eq!(root["currentPlayer"], to_move, "{root}");
    assert!(
        root["winrate"]
            .as_f64()
            .is_some_and(|w| (0.0..=1.0).contains(&w)),
        "{root}"
    );
    assert!(root["scoreLead"].as_f64().is_some(), "{root}");
    assert_eq!(root["visits"].as_u64(), Some(visits.iter().sum()), "{root}");
    match r.get("ownership") {
        Some(o) => {
            assert!(ownership, "ownership not asked for: {r}");
            let o = o.as_array().unwrap();
            assert_eq!(o.len(), size * size);
            assert!(o
                .iter()
                .all(|v| v.as_f64().is_some_and(|v| (-1.0..=1.0).contains(&v))));
        }
        None => assert!(!ownership, "no ownership: {r}"),
    }
}

#[test]
fn katrains_queries_are_answered_as_katrain_reads_them() {
    let queries = std::fs::read_to_string(KATRAIN).unwrap();
    let (ok, out) = moku(&["analysis"], &queries);
    assert!(ok);
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(answers.len(), 5, "{out}");
    // The version query.
    assert_eq!(answers[0]["id"], "QUERY:version");
    assert_eq!(answers[0]["action"], "query_version");
    assert_eq!(answers[0]["version"], env!("CARGO_PKG_VERSION"));
    // includePolicy: a warning line first (moku has no policy), then the
    // analysis of turn 3 (White to move after Q16, D4, Q3).
    assert_eq!(answers[1]["id"], "QUERY:1");
    assert_eq!(answers[1]["field"], "includePolicy");
    assert!(answers[1]["warning"].is_string());
    check_response(&answers[2], "QUERY:1", 3, 19, "W", true);
    // Turn 2 on 9x9 after the initial stones, White's E5 and Black's
    // pass: White to move; the initial stones and E5 are on the board,
    // so none of them is a candidate.
    check_response(&answers[3], "QUERY:2", 2, 9, "W", true);
    for m in answers[3]["moveInfos"].as_array().unwrap() {
        assert!(
            !["C3", "G7", "E5"].contains(&m["move"].as_str().unwrap()),
            "{m}"
        );
    }
    // An illegal move: an error with the query's id and the field.
    assert_eq!(answers[4]["id"], "QUERY:3");
    assert_eq!(answers[4]["field"], "moves");
    assert!(
        answers[4]["error"]
            .as_str()
            .unwrap()
            .contains("move 2 is illegal"),
        "{}",
        answers[4]
    );
}

#[test]
fn the_black_view_of_a_white_move() {
    // Black's lone stone in the middle of 9x9 with White to move: the
    // ownership there is Black's (+), the most owned point of the board,
    // and Black leads, as KataGo's
    // analysis engine reports values (reportAnalysisWinratesAs = BLACK).
    let q = r#"{"id":"v","moves":[["B","E5"]],"rules":"chinese","komi":0,"boardXSize":9,"boardYSize":9,"maxVisits":200,"includeOwnership":true}"#;
    let (ok, out) = moku(&["analysis"], q);
    assert!(ok);
    let r: Value = serde_json::from_str(out.trim()).unwrap();
    check_response(&r, "v", 1, 9, "W", true);
    let e5 = 4 * 9 + 4;
    let ownership: Vec<f64> = r["ownership"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(ownership[e5] > 0.0, "{ownership:?}");
    assert!(
        ownership.iter().all(|&o| o <= ownership[e5]),
        "{ownership:?}"
    );
    assert!(
        r["rootInfo"]["scoreLead"].as_f64().unwrap() > 0.0,
        "{}",
        r["rootInfo"]
    );
}

#[test]
fn help_is_shown_for_moku_and_moku_gtp() {
    for args in [
        &["--help"][..],
        &["gtp", "--help"],
        &["gtp", "--level", "3", "-h"],
    ] {
        let (ok, out) = moku(args, "");
        assert!(ok, "{args:?}");
        assert!(out.contains("moku gtp [OPTIONS]"), "{args:?}: {out}");
        assert!(out.contains("moku analysis"), "{args:?}: {out}");
        assert!(out.contains("--lz-version"), "{args:?}: {out}");
    }
}

#[test]
fn lizzie_starts_without_a_warning_under_the_version_switch() {
    // Lizzie's first commands to a Leela Zero engine.
    let (ok, out) = moku(&["gtp", "--lz-version", "0.17"], "name\nversion\nquit\n");
    assert!(ok);
    assert_eq!(out, "= moku\n\n= 0.17\n\n= \n\n");
    let (_, out) = moku(&["gtp"], "version\n");
    assert_eq!(out, format!("= {}\n\n", env!("CARGO_PKG_VERSION")));
}
