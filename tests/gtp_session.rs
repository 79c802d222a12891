//! A scripted GTP session through the real `moku gtp` binary: a legal
//! 60-move game on 9x9 with `play`, `undo`, `showboard`, `loadsgf` and
//! `final_score`, and the specification's error for each bad command.

use std::process::Command;

/// The game: Black first, colours alternating. Checked legal with GNU Go
/// 3.8; White captures one stone (J5, taken by H5 at move 48).
const MOVES: [&str; 60] = [
    "F1", "J6", "B1", "C5", "E6", "E4", "G2", "H7", "J5", "G3", "H3", "G8", "H2", "C4", "A2", "B7",
    "A5", "E9", "D6", "C1", "C8", "B8", "A8", "H9", "H4", "B4", "G4", "J7", "A3", "A6", "F2", "J2",
    "A4", "D8", "B3", "E2", "C9", "D5", "F6", "A7", "F4", "J3", "D9", "H6", "H8", "J4", "G5", "H5",
    "D3", "J5", "J9", "D2", "E8", "G6", "B6", "F3", "F7", "B5", "A9", "E3",
];

/// The board after the 60 moves, as GNU Go draws it too.
const FINAL_BOARD: &str = "
   A B C D E F G H J
 9 X . X X O . . O X 9
 8 X O X O X . O X . 8
 7 O O + . . X + O O 7
 6 O X . X X X O O O 6     WHITE (O) has captured 1 stones
 5 X O O O + . X O O 5     BLACK (X) has captured 0 stones
 4 X O O . O X X X O 4
 3 X X + X O O O X O 3
 2 X . . O O X X X O 2
 1 . X O . . X . . . 1
   A B C D E F G H J";

/// The record of the same game, committed beside the test.
const SGF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gtp/sixty.sgf");

mod common;

use common::Moku;

/// The session's checks on top of the shared driver.
impl Moku {
    /// Expects exactly `error`, and an unchanged board.
    fn fails(&mut self, line: &str, error: &str) {
        let before = self.ok("showboard");
        assert_eq!(self.send(line), format!("? {error}"), "for {line:?}");
        assert_eq!(self.ok("showboard"), before, "{line:?} changed the board");
    }

    fn play_all(&mut self, moves: &[&str]) {
        for (i, m) in moves.iter().enumerate() {
            let color = if i % 2 == 0 { "black" } else { "white" };
            self.ok(&format!("play {color} {m}"));
        }
    }
}

#[test]
fn scripted_game_through_the_binary() {
    let mut e = Moku::start(&[]);
    assert_eq!(e.send("1 protocol_version"), "=1 2");
    assert_eq!(e.ok("name"), "moku");
    let commands = e.ok("list_commands");
    assert!(commands.lines().any(|c| c == "loadsgf"));
    assert!(commands.lines().any(|c| c == "genmove"));
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 6.5");

    // The game, taking back and replaying every tenth move.
    for (i, m) in MOVES.iter().enumerate() {
        let color = if i % 2 == 0 { "b" } else { "w" };
        e.ok(&format!("play {color} {m}"));
        if i % 10 == 9 {
            let after = e.ok("showboard");
            e.ok("undo");
            assert_ne!(e.ok("showboard"), after);
            e.ok(&format!("play {color} {}", m.to_lowercase()));
            assert_eq!(e.ok("showboard"), after);
        }
    }
    assert_eq!(e.ok("showboard"), FINAL_BOARD);
    // Dead stones come from the life-and-death layer, overruled where the
    // playouts (Black to move first) disagree with it. Both agree on the
    // black stones in atari in White's corner (A9 A8), D3 inside White's
    // wall, White's E9 (one liberty, F9, Black to move) and D8 (one
    // liberty, D7). On the right the playouts overrule the reading: the
    // race between White's group H7..J2 (liberties G7, J8, J1) with G8 and
    // H9, and Black's stones around it is Black's with Black to move, so
    // Black's J9 and H8 live and White's stones there die. GNU Go 3.8
    // calls the same white stones dead (its play-out gives B+30.5; it
    // also kills White's A6..B8, which we leave alive). The reading alone
    // gave W+11.5, with J9 and H8 dead and the right side White's.
    assert_eq!(e.ok("final_score"), "B+3.5");
    assert_eq!(
        e.ok("final_status_list dead"),
        "A9 A8\nE9\nH9\nD8\nG8\nH7 J7 G6 H6 J6 H5 J5 J4 J3 J2\nD3"
    );

    // Bad commands: the specification's errors, ids echoed, nothing changed.
    e.fails("genmove purple", "syntax error");
    e.fails("frobnicate", "unknown command");
    assert_eq!(e.send("12 frobnicate"), "?12 unknown command");
    e.fails("play b F1", "illegal move"); // occupied
    e.fails("play w A1", "illegal move"); // suicide
    e.fails("play b K5", "illegal move"); // off the 9x9 board
    e.fails("play b I5", "syntax error"); // no column I in GTP
    e.fails("play b 5E", "syntax error");
    e.fails("play red E5", "syntax error");
    e.fails("play E5", "syntax error");
    e.fails("boardsize 26", "unacceptable size");
    e.fails("boardsize 1", "unacceptable size");
    e.fails("boardsize nine", "syntax error");
    e.fails("komi lots", "syntax error");
    e.fails("fixed_handicap 2", "board not empty");
    e.fails("set_free_handicap A1 B1", "board not empty");
    e.fails("final_status_list undecided", "syntax error");
    e.fails("time_left b ten 0", "syntax error");
    assert_eq!(e.send("13 boardsize 99"), "?13 unacceptable size");

    // The record of the same game loads to the same positions.
    let ours = e.ok("showboard");
    assert_eq!(e.ok(&format!("loadsgf {SGF}")), "black");
    assert_eq!(e.ok("showboard"), ours);
    assert_eq!(e.ok("final_score"), "B+3.5");
    // Before move 31 (Black's F2), Black to move: the same as 30 plays.
    assert_eq!(e.ok(&format!("loadsgf {SGF} 31")), "black");
    let loaded = e.ok("showboard");
    e.ok("clear_board");
    e.play_all(&MOVES[..30]);
    assert_eq!(e.ok("showboard"), loaded);
    // Up to the first move at a vertex: J6 is move 2, White to move.
    assert_eq!(e.ok(&format!("loadsgf {SGF} j6")), "white");
    e.ok("undo");
    e.fails("undo", "cannot undo");
    e.fails(
        "loadsgf /no/such/file.sgf",
        "cannot open or parse '/no/such/file.sgf'",
    );
    e.fails(&format!("loadsgf {SGF} x"), "syntax error");
    e.fails("loadsgf", "syntax error");

    // Handicap on a cleared board.
    e.ok("clear_board");
    e.fails("undo", "cannot undo");
    e.fails("fixed_handicap 10", "invalid number of stones");
    e.fails("set_free_handicap A1", "bad vertex list");
    e.fails("set_free_handicap A1 A1", "bad vertex list");
    assert_eq!(e.ok("fixed_handicap 2"), "C3 G7");
    e.fails("place_free_handicap 2", "board not empty");

    // quit answers, then the program ends successfully.
    assert_eq!(e.send("99 quit"), "=99 ");
    assert!(e.exits_successfully(false));
}

#[test]
fn end_of_input_ends_the_program() {
    let mut e = Moku::start(&[]);
    e.ok("boardsize 9");
    assert!(e.exits_successfully(true));
}

#[test]
fn help_in_plain_english() {
    for args in [&[][..], &["--help"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_moku"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("moku gtp"), "{text}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_moku"))
        .arg("--frobnicate")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("moku gtp"));
}
