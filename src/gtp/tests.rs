//! Each command's success and each of its error paths; every error must
//! leave the session exactly as it was.

use proptest::prelude::*;

use super::protocol::{Args, Reply};
use super::session::{Command, TimeLeft, TimeSettings, DEFAULT_SIZE};
use super::*;
use crate::rules::{parse_gtp_vertex, Move, PlayError};
use crate::rules::{Color, Game, Point, RuleSet};

/// Everything a command may change: the game and the clocks.
fn state(s: &GtpSession) -> (Game, Option<TimeSettings>, [Option<TimeLeft>; 2]) {
    (s.game.clone(), s.time_settings, s.time_left)
}

/// Sends `line`, expects success and returns the result text (every
/// command's tests use it).
pub(super) fn ok(s: &mut GtpSession, line: &str) -> String {
    let r = s.handle_line(line).expect("a response");
    assert!(r.starts_with('='), "{line:?} failed: {r:?}");
    assert!(
        r.ends_with("\n\n") && !r[..r.len() - 2].contains("\n\n"),
        "{r:?}"
    );
    let body = &r[r.find(' ').unwrap() + 1..r.len() - 2];
    body.to_string()
}

/// [`ok`] for each of `lines`, in order.
pub(super) fn ok_all(s: &mut GtpSession, lines: &[&str]) {
    for line in lines {
        ok(s, line);
    }
}

/// Sends `line`, expects the error `message` and an unchanged session.
fn fails(s: &mut GtpSession, line: &str, message: &str) {
    let before = state(s);
    let r = s.handle_line(line).expect("a response");
    assert_eq!(r, format!("? {message}\n\n"), "for {line:?}");
    assert!(before == state(s), "{line:?} changed the session");
}

/// `play` each of `moves` (`"b c3"`), each accepted.
fn play_all(s: &mut GtpSession, moves: &[&str]) {
    for m in moves {
        ok(s, &format!("play {m}"));
    }
}

/// [`fails`] for each of `lines`.
fn fails_all(s: &mut GtpSession, lines: &[&str], message: &str) {
    for line in lines {
        fails(s, line, message);
    }
}

fn session(size: usize) -> GtpSession {
    let mut s = GtpSession::new();
    ok(&mut s, &format!("boardsize {size}"));
    s
}

/// A session on a `size` board after [`play_all`] of `moves`.
fn after_moves(size: usize, moves: &[&str]) -> GtpSession {
    let mut s = session(size);
    play_all(&mut s, moves);
    s
}

fn pt(v: &str, size: usize) -> Point {
    parse_gtp_vertex(v, size).unwrap().unwrap()
}

#[test]
fn identification() {
    let mut s = GtpSession::new();
    assert_eq!(ok(&mut s, "protocol_version"), "2");
    assert_eq!(ok(&mut s, "name"), "moku");
    assert_eq!(ok(&mut s, "version"), env!("CARGO_PKG_VERSION"));
    fails(&mut s, "name please", "syntax error");
    fails(&mut s, "protocol_version 2", "syntax error");
}

#[test]
fn ids_are_echoed_on_success_and_failure() {
    let mut s = GtpSession::new();
    assert_eq!(s.handle_line("42 name").unwrap(), "=42 moku\n\n");
    assert_eq!(s.handle_line("0 undo").unwrap(), "?0 cannot undo\n\n");
    assert_eq!(
        s.handle_line("7 frobnicate").unwrap(),
        "?7 unknown command\n\n"
    );
    assert_eq!(s.handle_line("7").unwrap(), "?7 syntax error\n\n");
    assert_eq!(
        s.handle_line("\t9\tname\t# trailing comment\r").unwrap(),
        "=9 moku\n\n"
    );
    assert_eq!(s.handle_line("   "), None);
    assert_eq!(s.handle_line("#1 name"), None);
}

#[test]
fn unknown_commands_and_case() {
    let mut s = GtpSession::new();
    fails(&mut s, "gen_move b", "unknown command");
    fails(&mut s, "NAME", "unknown command");
    fails(&mut s, "-1 name", "unknown command");
    fails(&mut s, "pläy b e5", "unknown command");
}

#[test]
fn known_and_listed_commands() {
    let mut s = GtpSession::new();
    assert_eq!(ok(&mut s, "known_command play"), "true");
    assert_eq!(ok(&mut s, "known_command genmove"), "true");
    assert_eq!(ok(&mut s, "known_command gen_move"), "false");
    assert_eq!(ok(&mut s, "known_command known_command"), "true");
    fails(&mut s, "known_command", "syntax error");
    fails(&mut s, "known_command a b", "syntax error");
    let list = ok(&mut s, "list_commands");
    let names: Vec<&str> = list.lines().collect();
    for want in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "time_settings",
        "time_left",
        "kgs-time_settings",
        "gogui-analyze_commands",
        "genmove",
        "reg_genmove",
        "restricted_genmove",
        "kgs-genmove_cleanup",
        "moku_level",
    ] {
        assert!(names.contains(&want), "{want} not listed");
    }
    for n in names {
        assert_eq!(ok(&mut s, &format!("known_command {n}")), "true");
    }
}

#[test]
fn quit_finishes_the_session() {
    let mut s = GtpSession::new();
    fails(&mut s, "quit now", "syntax error");
    assert!(!s.is_finished());
    assert_eq!(s.handle_line("5 quit").unwrap(), "=5 \n\n");
    assert!(s.is_finished());
}

#[test]
fn boardsize_and_clear_board() {
    let mut s = GtpSession::new();
    assert_eq!(s.game().size(), DEFAULT_SIZE);
    ok(&mut s, "komi 7.5");
    ok(&mut s, "boardsize 9");
    assert_eq!((s.game().size(), s.game().komi()), (9, 7.5));
    ok(&mut s, "play b e5");
    for bad in ["1", "0", "26", "100"] {
        fails(&mut s, &format!("boardsize {bad}"), "unacceptable size");
    }
    fails_all(
        &mut s,
        &[
            "boardsize",
            "boardsize x",
            "boardsize -9",
            "boardsize 9.0",
            "boardsize 9 9",
        ],
        "syntax error",
    );
    assert_eq!(s.game().move_number(), 1);
    ok(&mut s, "boardsize 25");
    assert_eq!(s.game().size(), 25);
    ok(&mut s, "boardsize 2");
    ok(&mut s, "boardsize 9");
    ok(&mut s, "play b e5");
    ok(&mut s, "play w c3");
    fails(&mut s, "clear_board now", "syntax error");
    ok(&mut s, "clear_board");
    assert_eq!(s.game(), &Game::new(9, RuleSet::default(), 7.5).unwrap());
}

#[test]
fn komi() {
    let mut s = GtpSession::new();
    ok(&mut s, "komi 6.5");
    assert_eq!(s.game().komi(), 6.5);
    ok(&mut s, "komi -3");
    assert_eq!(s.game().komi(), -3.0);
    ok(&mut s, "komi 0");
    fails_all(
        &mut s,
        &[
            "komi",
            "komi x",
            "komi inf",
            "komi NaN",
            "komi 6.5 7",
            "komi 1e99",
        ],
        "syntax error",
    );
    assert_eq!(s.game().komi(), 0.0);
}

#[test]
fn play_either_colour_any_case() {
    let mut s = session(9);
    ok_all(
        &mut s,
        &[
            "play B E5",
            "play black d4",
            "play WHITE c3",
            "play w pass",
            "play b PASS",
        ],
    );
    let moves: Vec<(Color, Move)> = s.game().moves().collect();
    assert_eq!(
        moves,
        [
            (Color::Black, Move::Play(pt("E5", 9))),
            (Color::Black, Move::Play(pt("D4", 9))),
            (Color::White, Move::Play(pt("C3", 9))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Pass),
        ]
    );
}

#[test]
fn play_errors() {
    let mut s = session(9);
    ok(&mut s, "play b e5");
    // Occupied, off this board: illegal moves.
    fails(&mut s, "play w e5", "illegal move");
    fails(&mut s, "play b E5", "illegal move");
    fails(&mut s, "play b k9", "illegal move");
    fails(&mut s, "play b a10", "illegal move");
    // Not a colour, not a vertex, wrong argument count: syntax errors.
    fails_all(
        &mut s,
        &[
            "play",
            "play b",
            "play e5",
            "play x e5",
            "play bl e5",
            "play b i5",
            "play b a0",
            "play b z26",
            "play b e",
            "play b 55",
            "play b e5 e6",
            "play b resign",
        ],
        "syntax error",
    );
}

#[test]
fn suicide_and_ko_are_illegal_moves() {
    // White ko shape around B2/C2; Black to capture at C2 first.
    let mut s = after_moves(
        5,
        &[
            "b b1", "b a2", "b b3", "w c1", "w d2", "w c3", "b c2", "w b2",
        ],
    );
    // White's B2 captured C2: retaking at once is ko.
    assert_eq!(s.game().captures(Color::White), 1);
    fails(&mut s, "play b c2", "illegal move");
    // Suicide: Black at A1 inside White's corner.
    let mut t = after_moves(5, &["w a2", "w b1"]);
    assert_eq!(
        t.game().check(Color::Black, pt("A1", 5)),
        Err(PlayError::Suicide)
    );
    fails(&mut t, "play b a1", "illegal move");
}

#[test]
fn undo() {
    let mut s = session(9);
    let empty = s.game().clone();
    fails(&mut s, "undo", "cannot undo");
    ok(&mut s, "play b e5");
    let one = s.game().clone();
    ok(&mut s, "play w c3");
    fails(&mut s, "undo 1", "syntax error");
    ok(&mut s, "undo");
    assert_eq!(s.game(), &one);
    ok(&mut s, "undo");
    assert_eq!(s.game(), &empty);
    fails(&mut s, "undo", "cannot undo");
    // Handicap stones are not moves.
    ok(&mut s, "fixed_handicap 2");
    fails(&mut s, "undo", "cannot undo");
    ok(&mut s, "play w e5");
    ok(&mut s, "undo");
    assert_eq!(s.game().board().stone_counts(), [2, 0]);
}

#[test]
fn showboard_draws_stones_stars_and_captures() {
    let mut s = session(9);
    ok(&mut s, "play b e5");
    ok(&mut s, "play w c3");
    let board = ok(&mut s, "showboard");
    let want = "
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6     WHITE (O) has captured 0 stones
 5 . . . . X . . . . 5     BLACK (X) has captured 0 stones
 4 . . . . . . . . . 4
 3 . . O . . . + . . 3
 2 . . . . . . . . . 2
 1 . . . . . . . . . 1
   A B C D E F G H J";
    assert_eq!(board, want);
    fails(&mut s, "showboard x", "syntax error");
    let mut big = session(19);
    let b = ok(&mut big, "showboard");
    assert!(
        b.contains("\n16 . . . + . . . . . + . . . . . + . . . 16\n"),
        "{b}"
    );
    assert!(b.contains("\n 1 . . . ."));
    let mut tiny = session(2);
    assert_eq!(
        ok(&mut tiny, "showboard"),
        "\n   A B\n 2 . . 2     WHITE (O) has captured 0 stones\n 1 . . 1     BLACK (X) has captured 0 stones\n   A B"
    );
}

#[test]
fn fixed_handicap() {
    let mut s = GtpSession::new();
    assert_eq!(ok(&mut s, "fixed_handicap 3"), "D4 Q16 D16");
    assert_eq!(s.game().to_move(), Color::White);
    assert_eq!(s.game().handicap().len(), 3);
    fails(&mut s, "fixed_handicap 2", "board not empty");
    ok(&mut s, "clear_board");
    fails_all(
        &mut s,
        &["fixed_handicap 0", "fixed_handicap 1", "fixed_handicap 10"],
        "invalid number of stones",
    );
    fails_all(
        &mut s,
        &[
            "fixed_handicap",
            "fixed_handicap x",
            "fixed_handicap -2",
            "fixed_handicap 2 3",
        ],
        "syntax error",
    );
    assert_eq!(ok(&mut s, "fixed_handicap 9").split(' ').count(), 9);
    let mut small = session(6);
    fails(&mut small, "fixed_handicap 2", "invalid number of stones");
    let mut even = session(8);
    fails(&mut even, "fixed_handicap 5", "invalid number of stones");
    ok(&mut even, "play b a1");
    fails(&mut even, "fixed_handicap 2", "board not empty");
    // A move played and taken back leaves the board empty again.
    ok(&mut even, "undo");
    assert_eq!(ok(&mut even, "fixed_handicap 4"), "C3 F6 C6 F3");
}

#[test]
fn place_free_handicap() {
    let mut s = session(9);
    assert_eq!(ok(&mut s, "place_free_handicap 3"), "C3 G7 C7");
    assert_eq!(s.game().to_move(), Color::White);
    fails(&mut s, "place_free_handicap 2", "board not empty");
    ok(&mut s, "clear_board");
    // More stones than can matter: the engine may place fewer.
    assert_eq!(ok(&mut s, "place_free_handicap 40").split(' ').count(), 9);
    ok(&mut s, "clear_board");
    for bad in ["0", "1", "81"] {
        fails(
            &mut s,
            &format!("place_free_handicap {bad}"),
            "invalid number of stones",
        );
    }
    fails(&mut s, "place_free_handicap two", "syntax error");
    // Boards without star points still get their stones.
    let mut small = session(5);
    let v = ok(&mut small, "place_free_handicap 3");
    assert_eq!(v.split(' ').count(), 3);
    assert_eq!(small.game().board().stone_counts(), [3, 0]);
    assert!(v.starts_with("C3"));
    let mut small = session(3);
    assert_eq!(
        ok(&mut small, "place_free_handicap 8").split(' ').count(),
        8
    );
}

#[test]
fn set_free_handicap() {
    let mut s = session(9);
    fails_all(
        &mut s,
        &[
            "set_free_handicap",
            "set_free_handicap e5",
            "set_free_handicap e5 e5",
            "set_free_handicap e5 pass",
            "set_free_handicap e5 k10",
            "set_free_handicap e5 i3",
            "set_free_handicap e5 x",
        ],
        "bad vertex list",
    );
    ok(&mut s, "set_free_handicap e5 C3 g7");
    assert_eq!(s.game().handicap(), [pt("E5", 9), pt("C3", 9), pt("G7", 9)]);
    assert_eq!(s.game().to_move(), Color::White);
    fails(&mut s, "set_free_handicap a1 a2", "board not empty");
    // The list may fill all but one point.
    let mut t = session(2);
    fails(&mut t, "set_free_handicap a1 a2 b1 b2", "bad vertex list");
    ok(&mut t, "set_free_handicap a1 a2 b1");
}

#[test]
fn final_score_counts_with_komi() {
    let mut s = session(5);
    ok(&mut s, "komi 0.5");
    assert_eq!(ok(&mut s, "final_score"), "W+0.5");
    ok(&mut s, "komi 0");
    assert_eq!(ok(&mut s, "final_score"), "0");
    // A black wall on column C: every empty point is Black's.
    for v in ["c1", "c2", "c3", "c4", "c5"] {
        ok(&mut s, &format!("play b {v}"));
    }
    assert_eq!(ok(&mut s, "final_score"), "B+20");
    fails(&mut s, "final_score now", "syntax error");
    // A resigned game has no score.
    s.game.play_as(Color::White, Move::Resign).unwrap();
    fails(&mut s, "final_score", "cannot score");
}

fn d5_is_dead(g: &Game) -> Vec<Point> {
    vec![pt("D5", g.size())]
}

#[test]
fn final_status_list_and_the_dead_stone_hook() {
    let mut s = after_moves(
        5,
        &[
            "b c1", "b c2", "b c3", "b c4", "b c5", "w d5", "w e5", "w a1",
        ],
    );
    // The life-and-death layer's estimator: Black's wall on the C line
    // owns the board's middle, and White's D5 E5 in the corner beyond it
    // and the lone A1 have no room for an eye.
    assert_eq!(ok(&mut s, "final_status_list alive"), "C5 C4 C3 C2 C1");
    assert_eq!(ok(&mut s, "final_status_list dead"), "D5 E5\nA1");
    assert_eq!(ok(&mut s, "final_status_list seki"), "");
    // dragon_status and moku_status give the same verdicts (moku_status:
    // 1 alive, -3 a dead White stone, 0 empty).
    assert_eq!(ok(&mut s, "dragon_status D5"), "dead");
    assert_eq!(ok(&mut s, "dragon_status A1"), "dead");
    assert_eq!(ok(&mut s, "dragon_status C3"), "alive");
    assert_eq!(
        ok(&mut s, "moku_status"),
        "0 0 1 -3 -3\n0 0 1 0 0\n0 0 1 0 0\n0 0 1 0 0\n-3 0 1 0 0"
    );
    fails(&mut s, "dragon_status B2", "vertex must not be empty");
    fails_all(
        &mut s,
        &[
            "final_status_list",
            "final_status_list unknown",
            "final_status_list alive dead",
        ],
        "syntax error",
    );
    // Chains are listed whole; the estimator names one stone of each.
    let mut s = GtpSession::new().with_dead_stones(d5_is_dead);
    ok(&mut s, "boardsize 5");
    ok(&mut s, "komi 0");
    play_all(
        &mut s,
        &["b c1", "b c2", "b c3", "b c4", "b c5", "w d5", "w e5"],
    );
    assert_eq!(ok(&mut s, "final_status_list dead"), "D5 E5");
    assert_eq!(ok(&mut s, "final_status_list alive"), "C5 C4 C3 C2 C1");
    // Japanese counting: all 20 empty points plus 2 dead prisoners.
    assert_eq!(ok(&mut s, "final_score"), "B+22");
}

/// A clock as `time_left` sets it: `ms` milliseconds and `stones` stones
/// (or byo-yomi periods) left.
fn left(ms: u64, stones: u32) -> Option<TimeLeft> {
    Some(TimeLeft { ms, stones })
}

/// Canadian byo-yomi: 600 s of main time, then 30 s for every 5 stones.
const CANADIAN_600_30_5: TimeSettings = TimeSettings {
    main_time: 600,
    byo_yomi_time: 30,
    byo_yomi_stones: 5,
    japanese: false,
};

#[test]
fn time_settings_and_time_left() {
    let mut s = GtpSession::new();
    ok(&mut s, "time_settings 600 30 5");
    assert_eq!(s.time_settings(), Some(CANADIAN_600_30_5));
    ok(&mut s, "time_left W 25 3");
    assert_eq!(s.time_left(Color::White), left(25_000, 3));
    assert_eq!(s.time_left(Color::Black), None);
    fails_all(
        &mut s,
        &[
            "time_settings",
            "time_settings 1 2",
            "time_settings 1 2 x",
            "time_settings -1 2 3",
            "time_settings 1.5 2 3",
            "time_settings 1 2 3 4",
            "time_left",
            "time_left b 1",
            "time_left x 1 2",
            "time_left b -1 0",
            "time_left b 1 0 0",
        ],
        "syntax error",
    );
}

/// `time_settings 0 0 0` is no limit (taken literally it left the engine
/// 1 ms a move), and KGS's `kgs-time_settings` maps its four systems.
#[test]
fn kgs_time_systems_and_no_time_at_all() {
    let mut s = session(19);
    ok(&mut s, "time_settings 0 0 0");
    assert_eq!(s.time_settings(), None);
    ok(&mut s, "kgs-time_settings canadian 600 30 5");
    assert_eq!(s.time_settings(), Some(CANADIAN_600_30_5));
    ok(&mut s, "kgs-time_settings absolute 300");
    assert_eq!(
        s.time_settings(),
        Some(TimeSettings {
            main_time: 300,
            ..TimeSettings::default()
        })
    );
    ok(&mut s, "kgs-time_settings none");
    assert_eq!(s.time_settings(), None);
    // Japanese byo-yomi, five periods of 30 s: each move may take one
    // period, and `time_left`'s 3 is periods left, not stones to play.
    ok(&mut s, "kgs-time_settings byoyomi 0 30 5");
    assert_eq!(
        s.time_settings(),
        Some(TimeSettings {
            main_time: 0,
            byo_yomi_time: 30,
            byo_yomi_stones: 1,
            japanese: true,
        })
    );
    ok(&mut s, "time_left b 25 3");
    assert_eq!(s.time_left(Color::Black), left(25_000, 1));
    // 25 s for this one move, less 5% (as Canadian "25 s for 3 stones"
    // it would have been 7.9 s).
    let tc = super::session::time_control_of(&s, Color::Black).unwrap();
    assert_eq!(tc.budget_ms(19, 100), Some(23_750));
    // The move leaves a fresh period.
    assert_eq!(tc.after_move(4_000), Some((30_000, 1)));
    // Japanese with no periods is absolute time.
    ok(&mut s, "kgs-time_settings byoyomi 60 30 0");
    assert_eq!(
        s.time_settings(),
        Some(TimeSettings {
            main_time: 60,
            byo_yomi_time: 0,
            byo_yomi_stones: 0,
            japanese: true,
        })
    );
    ok(&mut s, "kgs-time_settings canadian 600 30 5");
    fails_all(
        &mut s,
        &[
            "kgs-time_settings",
            "kgs-time_settings none 1",
            "kgs-time_settings absolute",
            "kgs-time_settings absolute x",
            "kgs-time_settings canadian 1 2",
            "kgs-time_settings byoyomi 1 2 3 4",
            "kgs-time_settings byoyomi 1 -2 3",
        ],
        "syntax error",
    );
    fails(
        &mut s,
        "kgs-time_settings fischer 600 10",
        "unknown time system (expected none, absolute, canadian or byoyomi)",
    );
    assert_eq!(s.time_settings(), Some(CANADIAN_600_30_5));
}

fn count_stones(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let [b, w] = s.game().board().stone_counts();
    Ok(format!("{b} {w}"))
}

#[test]
fn extension_commands_are_one_table_entry() {
    let mut s = GtpSession::new();
    let listed = ok(&mut s, "gogui-analyze_commands");
    assert!(
        listed.contains("dboard/Potential values/moku_potential"),
        "{listed}"
    );
    fails(&mut s, "gogui-analyze_commands x", "syntax error");
    s.commands
        .push(Command::new("moku_count", count_stones).analyze("string/Stones/moku_count"));
    ok(&mut s, "play b a1");
    assert_eq!(ok(&mut s, "moku_count"), "1 0");
    assert_eq!(ok(&mut s, "known_command moku_count"), "true");
    assert!(ok(&mut s, "list_commands").ends_with("\nmoku_count"));
    assert!(ok(&mut s, "gogui-analyze_commands").ends_with("\nstring/Stones/moku_count"));
    fails(&mut s, "moku_count 1", "syntax error");
}

#[test]
fn analyze_lines_name_their_command() {
    for c in GtpSession::new().commands {
        if let Some(line) = c.analyze {
            let parts: Vec<&str> = line.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            assert!(parts[2].split(' ').next() == Some(c.name), "{line}");
        }
    }
}

/// Words that make up commands, good and bad, for the random sessions.
const WORDS: &[&str] = &[
    "play",
    "b",
    "w",
    "white",
    "black",
    "x",
    "e5",
    "a1",
    "A2",
    "b1",
    "t19",
    "j9",
    "pass",
    "i5",
    "z25",
    "undo",
    "boardsize",
    "2",
    "3",
    "5",
    "9",
    "19",
    "26",
    "0",
    "-1",
    "komi",
    "6.5",
    "nan",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "showboard",
    "final_score",
    "final_status_list",
    "alive",
    "dead",
    "seki",
    "clear_board",
    "time_settings",
    "time_left",
    "known_command",
    "list_commands",
    "#",
    "\t",
    "\r",
    "\u{0}",
    "é",
    "10",
    "c3",
    "c2",
];

proptest! {
    #[test]
    fn arbitrary_text_never_panics(line in any::<String>()) {
        let mut s = GtpSession::new();
        if let Some(r) = s.handle_line(&line) {
            prop_assert!(r.ends_with("\n\n"));
            prop_assert!(r.starts_with('=') || r.starts_with('?'));
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let mut s = GtpSession::new();
        let _ = s.handle_line(&String::from_utf8_lossy(&bytes));
    }

    /// Random sessions of plausible commands: nothing panics, each response
    /// is well formed, and every failure leaves the game as it was.
    #[test]
    fn random_sessions_keep_errors_harmless(
        lines in proptest::collection::vec(proptest::collection::vec(0..WORDS.len(), 0..5), 1..40)
    ) {
        let mut s = GtpSession::new();
        for words in lines {
            let line: Vec<&str> = words.iter().map(|&i| WORDS[i]).collect();
            let line = line.join(" ");
            let before = state(&s);
            if let Some(r) = s.handle_line(&line) {
                prop_assert!(r.ends_with("\n\n") && !r[..r.len() - 2].contains("\n\n"), "{:?}", r);
                if r.starts_with('?') {
                    prop_assert!(before == state(&s), "{:?} changed the session", line);
                }
            }
            prop_assert!(s.game().board().check_consistency().is_ok());
        }
    }
}

/// A file under the system's temporary directory, unique to this test.
fn temp_file(name: &str, contents: &str) -> String {
    let dir = std::env::temp_dir().join(format!("moku-gtp-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn loadsgf_replays_the_main_line() {
    let file = temp_file(
        "load.sgf",
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[cc](;B[gg];W[cg])(;B[aa]))",
    );
    let mut s = GtpSession::new();
    assert_eq!(ok(&mut s, &format!("loadsgf {file}")), "black");
    assert_eq!(
        (s.game().size(), s.game().komi(), s.game().move_number()),
        (9, 7.5, 4)
    );
    assert_eq!(s.game().rules(), RuleSet::Chinese);
    assert_eq!(s.game().board().get(pt("C3", 9)), Some(Color::White));
    // Before move 3: Black to move after two moves.
    assert_eq!(ok(&mut s, &format!("1 loadsgf {file} 3")), "black");
    assert_eq!(s.game().move_number(), 2);
    // Before the first move at C7 (move 2): White to move.
    assert_eq!(ok(&mut s, &format!("loadsgf {file} c7")), "white");
    assert_eq!(s.game().move_number(), 1);
    // Numbers past the end and vertices never played load everything.
    assert_eq!(ok(&mut s, &format!("loadsgf {file} 100")), "black");
    assert_eq!(s.game().move_number(), 4);
    assert_eq!(ok(&mut s, &format!("loadsgf {file} A1")), "black");
    assert_eq!(ok(&mut s, &format!("loadsgf {file} T19")), "black");
    assert_eq!(s.game().move_number(), 4);
    // Moves can be taken back, down to the loaded start.
    ok(&mut s, "undo");
    assert_eq!(s.game().move_number(), 3);
}

#[test]
fn loadsgf_setup_handicap_and_default_komi() {
    let file = temp_file("setup.sgf", "(;SZ[13]HA[2]AB[dj][jd];W[gg])");
    let mut s = GtpSession::new();
    assert_eq!(ok(&mut s, &format!("loadsgf {file}")), "black");
    assert_eq!((s.game().size(), s.game().komi()), (13, 0.5));
    ok(&mut s, "undo");
    assert_eq!(s.game().to_move(), Color::White);
    // Setup stones are no moves.
    fails(&mut s, "undo", "cannot undo");
    assert_eq!(s.game().board().stone_counts(), [2, 0]);
}

#[test]
fn loadsgf_errors() {
    let good = temp_file("good.sgf", "(;SZ[9];B[ee])");
    let broken = temp_file("broken.sgf", "(;SZ[9];B[ee]");
    let illegal = temp_file("illegal.sgf", "(;SZ[9];B[ee];W[ee])");
    let huge = temp_file("huge.sgf", "(;SZ[30];B[ee])");
    let mut s = session(9);
    ok(&mut s, "play b c3");
    for path in [
        broken.as_str(),
        illegal.as_str(),
        huge.as_str(),
        "/no/such/file.sgf",
    ] {
        fails(
            &mut s,
            &format!("loadsgf {path}"),
            &format!("cannot open or parse '{path}'"),
        );
    }
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    fails(
        &mut s,
        &format!("loadsgf {dir}"),
        &format!("cannot open or parse '{dir}'"),
    );
    for bad in [" 3 4", " pass", " i5", " x", " -2", " 3.5"] {
        fails(&mut s, &format!("loadsgf {good}{bad}"), "syntax error");
    }
    fails(&mut s, "loadsgf", "syntax error");
}

#[test]
fn printsgf_prints_what_loadsgf_loads() {
    let mut s = session(9);
    ok(&mut s, "komi 6.5");
    ok(&mut s, "fixed_handicap 2");
    play_all(&mut s, &["w e5", "b d4", "w pass", "b c2"]);
    let sgf = ok(&mut s, "printsgf");
    assert!(
        sgf.starts_with("(;") && sgf.contains("SZ[9]") && sgf.contains("KM[6.5]"),
        "{sgf}"
    );
    let file = temp_file("printed.sgf", "");
    assert_eq!(ok(&mut s, &format!("printsgf {file}")), "");
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim_end(), sgf);
    let mut t = GtpSession::new();
    assert_eq!(ok(&mut t, &format!("loadsgf {file}")), "white");
    assert_eq!(t.game().board(), s.game().board());
    assert_eq!(
        t.game().moves().collect::<Vec<_>>(),
        s.game().moves().collect::<Vec<_>>()
    );
    assert_eq!(
        (t.game().komi(), t.game().to_move()),
        (6.5, s.game().to_move())
    );
    fails(
        &mut s,
        "printsgf /no/such/dir/x.sgf",
        "cannot write '/no/such/dir/x.sgf'",
    );
    fails(&mut s, "printsgf a b", "syntax error");
}

#[test]
fn reading_commands_and_the_trymove_stack() {
    // The ladder of the tactics tests, 13x13: O on D6 in atari.
    let mut s = after_moves(13, &["b d7", "b c6", "b d5", "b e5", "w d6"]);
    assert_eq!(ok(&mut s, "attack D6"), "1 E6");
    assert_eq!(ok(&mut s, "defend D6"), "0");
    // A ladder breaker tried and taken back.
    ok(&mut s, "trymove w J10");
    assert_eq!(ok(&mut s, "defend D6"), "1 E6");
    ok(&mut s, "popgo");
    assert_eq!(ok(&mut s, "defend D6"), "0");
    fails(&mut s, "popgo", "stack empty");
    ok(&mut s, "increase_depths");
    ok(&mut s, "decrease_depths");
    fails(&mut s, "attack E9", "vertex must not be empty");
    assert_eq!(ok(&mut s, "eval_eye A1"), "-1");
    assert_eq!(ok(&mut s, "same_dragon D7 D5"), "0");
    let board = ok(&mut s, "moku_status");
    assert_eq!(board.lines().count(), 13);
    assert!(ok(&mut s, "list_commands")
        .lines()
        .any(|c| c == "owl_attack"));
    assert!(ok(&mut s, "gogui-analyze_commands").contains("moku_status"));
}

#[test]
fn genmove_plays_reg_genmove_only_answers() {
    let mut s = session(9);
    ok(&mut s, "komi 7");
    ok(&mut s, "moku_level 1");
    let before = s.game.clone();
    let v = ok(&mut s, "reg_genmove b");
    assert!(before == s.game, "reg_genmove changed the game");
    let p = pt(&v, 9);
    assert!(s.game.check(Color::Black, p).is_ok());
    let v2 = ok(&mut s, "genmove b");
    assert_eq!(v, v2, "the same position and level: the same move");
    assert_eq!(s.game.board().get(pt(&v2, 9)), Some(Color::Black));
    assert_eq!(s.game.to_move(), Color::White);
    // The reasons and candidates of the last move.
    assert!(!ok(&mut s, "moku_reasons").is_empty());
    assert!(ok(&mut s, "moku_candidates").starts_with(&v2));
    // White answers.
    let w = ok(&mut s, "genmove white");
    assert_eq!(s.game.board().get(pt(&w, 9)), Some(Color::White));
    assert!(ok(&mut s, &format!("moku_why {v2}")).starts_with("illegal"));
}

#[test]
fn restricted_genmove_chooses_among_the_listed_points_only() {
    let mut s = session(9);
    ok(&mut s, "komi 7");
    ok(&mut s, "moku_level 1");
    ok(&mut s, "play b E5");
    let before = s.game.clone();
    // The engine's own choice, listed with an occupied point: the same
    // choice, and nothing is played.
    let v = ok(&mut s, "reg_genmove w");
    assert_eq!(ok(&mut s, &format!("restricted_genmove w E5 {v}")), v);
    assert!(before == s.game, "restricted_genmove changed the game");
    // Only the occupied point: nothing legal is listed, so a pass.
    assert_eq!(ok(&mut s, "restricted_genmove w E5"), "pass");
    // A listed pass is no point to play.
    assert_eq!(ok(&mut s, "restricted_genmove w pass"), "pass");
    fails(&mut s, "restricted_genmove w", "no allowed vertex");
    fails(&mut s, "restricted_genmove", "syntax error");
    fails(&mut s, "restricted_genmove w Z99", "syntax error");
    assert!(before == s.game, "a rejected command changed the game");
}

#[test]
fn level_resign_and_seed_settings() {
    let mut s = session(9);
    assert_eq!(ok(&mut s, "moku_level"), "6");
    ok(&mut s, "moku_level 2");
    assert_eq!(ok(&mut s, "moku_level"), "2");
    fails(&mut s, "moku_level 0", "level 0 is not between 1 and 10");
    fails(&mut s, "moku_level 11", "level 11 is not between 1 and 10");
    fails(&mut s, "moku_level x", "syntax error");
    assert_eq!(ok(&mut s, "moku_level"), "2");
    ok(&mut s, "moku_resign on");
    fails(&mut s, "moku_resign maybe", "syntax error");
    ok(&mut s, "moku_seed 42");
    fails(&mut s, "genmove", "syntax error");
    fails(&mut s, "genmove purple", "syntax error");
    fails(&mut s, "moku_reasons", "no move generated yet");
    let list = ok(&mut s, "gogui-analyze_commands");
    assert!(list.contains("moku_reasons") && list.contains("moku_why %p"));
}

/// A finished 7x7 game with a dead white stone in Black's area: a plain
/// genmove may pass, the cleanup genmove takes the stone off first.
#[test]
fn cleanup_captures_the_disputed_dead_stone() {
    let mut s = session(7);
    ok(&mut s, "komi 0");
    for y in 1..=7 {
        ok(&mut s, &format!("play b d{y}"));
        ok(&mut s, &format!("play w e{y}"));
    }
    ok(&mut s, "play w b3");
    ok(&mut s, "moku_level 2");
    let v = ok(&mut s, "kgs-genmove_cleanup b");
    let p = pt(&v, 7);
    let stone = pt("B3", 7);
    assert!(
        stone.neighbors().contains(&p),
        "cleanup should attack B3, played {v}"
    );
}

/// The clocks: a report under old settings does not outlive new ones or
/// a new game, the tree-search commands keep to the clock too, and the
/// engine counts its own moves when no `time_left` comes (before, every
/// move's budget came from the full main time).
#[test]
fn the_clocks_follow_settings_new_games_and_the_engines_own_moves() {
    let mut s = session(19);
    ok(&mut s, "time_left b 30 1");
    ok(&mut s, "time_settings 10 0 0");
    assert_eq!(s.time_left(Color::Black), None);
    let tc = super::session::time_control_of(&s, Color::Black).unwrap();
    // 10 s over the 180.5 moves expected on 19x19, less 5%: 52.6 ms (the
    // old report, a byo-yomi stone of 30 s, gave 28.5 s).
    assert_eq!(tc.budget_ms(19, 0), Some(52));
    // `moku_mcts_genmove` and `genmove_analyze` take the shorter of the
    // clock's budget and their own (5,000 playouts, no time of their own).
    let b = super::session::clocked_budget(&s, Color::Black);
    assert_eq!(b.time_ms, Some(52.0));
    assert_eq!(b.playouts, Some(5_000));
    ok(&mut s, "time_left w 3 0");
    ok(&mut s, "clear_board");
    assert_eq!(s.time_left(Color::White), None);
    ok(&mut s, "boardsize 9");
    ok(&mut s, "moku_level 1");
    ok(&mut s, "time_settings 600 0 0");
    ok(&mut s, "genmove b");
    black_alone_spent_time(&s);
}

/// After Black's one move under `time_settings 600 0 0`: the move was
/// counted against Black's clock, no stones to play in a period, and
/// White's clock was never set.
pub(super) fn black_alone_spent_time(s: &GtpSession) {
    let left = s
        .time_left(Color::Black)
        .expect("the move was counted against Black's clock");
    assert!(left.ms <= 600_000 && left.stones == 0, "{left:?}");
    assert_eq!(s.time_left(Color::White), None);
}

#[test]
fn time_settings_shape_the_budget() {
    let mut s = session(9);
    ok(&mut s, "moku_level 1");
    ok(&mut s, "time_settings 0 10 1");
    ok(&mut s, "time_left b 10 1");
    let tc = super::session::time_control_of(&s, Color::Black).unwrap();
    assert_eq!(tc.budget_ms(9, 0), Some(9_500));
    let v = ok(&mut s, "genmove b");
    assert!(pt(&v, 9).x() < 9);
}

#[test]
fn ownership_is_a_board_of_values_in_minus_one_to_one_after_a_tree_move() {
    let mut s = GtpSession::new();
    ok(&mut s, "boardsize 9");
    fails(&mut s, "moku_ownership", "no move generated yet");
    ok(&mut s, "moku_level 1");
    ok(&mut s, "genmove black");
    fails(
        &mut s,
        "moku_ownership",
        "the last move had no tree search: ownership comes from levels 6 to 10",
    );
    ok(&mut s, "moku_level 6");
    ok(&mut s, "genmove white");
    let board = ok(&mut s, "moku_ownership");
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows.len(), 9, "{board}");
    for row in &rows {
        let values: Vec<f32> = row.split(' ').map(|v| v.parse().unwrap()).collect();
        assert_eq!(values.len(), 9, "{row}");
        assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)), "{row}");
    }
    // Black's stone is Black's in nearly every playout.
    let black_stone = s
        .game()
        .board()
        .points()
        .find(|&p| s.game().board().get(p) == Some(crate::rules::Color::Black));
    let p = black_stone.unwrap();
    let v: f32 = rows[p.y()].split(' ').nth(p.x()).unwrap().parse().unwrap();
    assert!(v > 0.5, "{board}");
    assert!(ok(&mut s, "list_commands").contains("moku_ownership"));
}

/// GoGui's reading of an analysis command's response by its type, as
/// its analyze manual and board painter read them: `dboard` a board of
/// numbers drawn as shades, clamped to -1..1 (a value beyond is an
/// error here: GoGui would draw it as the bound); `sboard` a board of
/// labels, `""` for none, short enough to fit a point; `gfx` lines of
/// `LABEL`, `MARK`, `SQUARE`, `TRIANGLE`, `CIRCLE`, `INFLUENCE`, `VAR`,
/// `COLOR`, `BLACK`, `WHITE` and `TEXT`; `plist` vertices; `pspairs`
/// vertex and label pairs; `param` lines `[type] key value`.
fn gogui_reads(kind: &str, body: &str, size: usize) -> Result<(), String> {
    let vertex = |t: &str| {
        parse_gtp_vertex(t, size)
            .map(|_| ())
            .map_err(|_| format!("{t:?} is no vertex"))
    };
    let board = |body: &str| -> Result<Vec<Vec<String>>, String> {
        let rows: Vec<Vec<String>> = body
            .lines()
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect();
        if rows.len() != size || rows.iter().any(|r| r.len() != size) {
            return Err(format!("not a {size}x{size} board: {body:?}"));
        }
        Ok(rows)
    };
    match kind {
        "dboard" => {
            for v in board(body)?.iter().flatten() {
                let x: f64 = v.parse().map_err(|_| format!("{v:?} is no number"))?;
                if !(-1.0..=1.0).contains(&x) {
                    return Err(format!("{x} is clamped by GoGui"));
                }
            }
        }
        "sboard" => {
            for v in board(body)?.iter().flatten() {
                if v != "\"\"" && (v.len() > 4 || v.contains('"')) {
                    return Err(format!("{v:?} is no label"));
                }
            }
        }
        "gfx" => {
            for line in body.lines() {
                let mut words = line.split_whitespace();
                let key = words.next().unwrap_or("");
                let rest: Vec<&str> = words.collect();
                match key {
                    "TEXT" => {}
                    "LABEL" | "INFLUENCE" => {
                        if rest.len() % 2 != 0 {
                            return Err(format!("unpaired {line:?}"));
                        }
                        for pair in rest.chunks(2) {
                            vertex(pair[0])?;
                        }
                    }
                    "MARK" | "SQUARE" | "TRIANGLE" | "CIRCLE" | "BLACK" | "WHITE" => {
                        for v in rest {
                            vertex(v)?;
                        }
                    }
                    _ => return Err(format!("unknown gfx line {line:?}")),
                }
            }
        }
        "plist" => {
            for v in body.split_whitespace() {
                vertex(v)?;
            }
        }
        "pspairs" => {
            let words: Vec<&str> = body.split_whitespace().collect();
            if words.len() % 2 != 0 {
                return Err(format!("unpaired {body:?}"));
            }
            for pair in words.chunks(2) {
                vertex(pair[0])?;
            }
        }
        "param" => {
            for line in body.lines() {
                let ok = line.starts_with('[')
                    && line.contains("] ")
                    && line.split_whitespace().count() == 3;
                if !ok {
                    return Err(format!("no [type] key value: {line:?}"));
                }
            }
        }
        "string" => {}
        other => return Err(format!("a type GoGui does not know: {other}")),
    }
    Ok(())
}

#[test]
fn gogui_draws_every_analysis_command() {
    let mut s = GtpSession::new();
    ok_all(
        &mut s,
        &[
            "boardsize 9",
            "komi 6.5",
            "play b E5",
            "play w C3",
            "play b G3",
            "play w C7",
            "moku_level 1",
            "genmove b",
        ],
    );
    let listed = ok(&mut s, "gogui-analyze_commands");
    let mut drawn = 0;
    for entry in listed.lines() {
        let fields: Vec<&str> = entry.splitn(3, '/').collect();
        let (kind, command) = (fields[0], fields[2]);
        if command.contains("%f") {
            continue; // a file chooser: the quoted paths are tested below
        }
        let line = command.replace("%p", "D4");
        let answer = s.handle_line(&line).unwrap();
        if command == "moku_ownership" {
            // At level 1 there is no tree search to draw.
            assert!(answer.starts_with("? "), "{answer:?}");
            continue;
        }
        assert!(answer.starts_with("= "), "{line}: {answer:?}");
        let body = &answer[2..answer.len() - 2];
        gogui_reads(kind, body, 9).unwrap_or_else(|e| panic!("{line}: {e}"));
        drawn += 1;
    }
    assert!(drawn >= 15, "{listed}");
    // GoGui's parameter dialog sets what it shows.
    ok(&mut s, "moku_param level 7");
    ok(&mut s, "moku_param concave 0");
    let params = ok(&mut s, "moku_param");
    assert!(
        params.contains("[list/1/2/3/4/5/6/7/8/9/10] level 7"),
        "{params}"
    );
    assert!(params.contains("[bool] concave 0"), "{params}");
    assert_eq!(ok(&mut s, "moku_level"), "7");
    assert!(s
        .handle_line("moku_param level 11")
        .unwrap()
        .starts_with('?'));
    assert!(s
        .handle_line("moku_param colour red")
        .unwrap()
        .starts_with('?'));
}

#[test]
fn value_boards_keep_their_raw_values_under_raw() {
    let mut s = GtpSession::new();
    ok_all(&mut s, &["boardsize 9", "play b E5", "play w C3"]);
    // A lone stone's point holds the most dots, 6 raw, 1.00 for GoGui.
    let raw = ok(&mut s, "moku_influence raw");
    let scaled = ok(&mut s, "moku_influence");
    let at = |board: &str, row: usize, col: usize| -> String {
        board
            .lines()
            .nth(row)
            .unwrap()
            .split_whitespace()
            .nth(col)
            .unwrap()
            .to_string()
    };
    assert_eq!(at(&raw, 4, 4), "6");
    assert_eq!(at(&scaled, 4, 4), "1.00");
    assert_eq!(at(&raw, 6, 2), "-6");
    assert_eq!(at(&scaled, 6, 2), "-1.00");
    // Moyo basins: signed ids raw, colour labels for GoGui, cell by cell.
    let raw = ok(&mut s, "moku_moyo raw");
    let labels = ok(&mut s, "moku_moyo");
    for (r, l) in raw.split_whitespace().zip(labels.split_whitespace()) {
        let n: i32 = r.parse().unwrap();
        let expected = match n {
            0 => "\"\"".to_string(),
            n if n > 0 => format!("B{n}"),
            n => format!("W{}", -n),
        };
        assert_eq!(l, expected);
    }
    assert_eq!(
        s.handle_line("moku_influence scaled").as_deref(),
        Some("? syntax error\n\n")
    );
}

#[test]
fn file_arguments_take_quoted_paths_with_spaces() {
    let dir = std::env::temp_dir().join(format!("moku gtp {}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a game.sgf");
    let mut s = GtpSession::new();
    ok_all(
        &mut s,
        &["boardsize 9", "play b E5", "play w C3", "play b D4"],
    );
    let quoted = format!("\"{}\"", path.display());
    ok(&mut s, &format!("printsgf {quoted}"));
    let mut t = GtpSession::new();
    assert_eq!(ok(&mut t, &format!("loadsgf {quoted} 3")), "black");
    assert_eq!(t.game().board().stone_counts(), [1, 1]);
    assert_eq!(ok(&mut t, &format!("loadsgf {quoted}")), "white");
    assert_eq!(t.game().board().stone_counts(), [2, 1]);
    ok(&mut t, &format!("moku_consistency {quoted}"));
    // Unquoted, the path is its first word.
    let answer = t
        .handle_line(&format!("loadsgf {}", path.display()))
        .unwrap();
    assert!(answer.starts_with("? "), "{answer:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
