//! Life and death as a Go player checks it by hand: the
//! status `dragon_status` reports and the evaluators read, on positions
//! whose answer is not in doubt.

use moku::eval::analysis;
use moku::gtp::GtpSession;
use moku::reading::owl::{self, GroupStatus, DEFAULT_OWL_NODES};
use moku::reading::Budget;
use moku::rules::{gtp_vertex, parse_gtp_vertex, Status};
use moku::{Board, Color, Point};

/// The evaluators' budget per group (`analysis::GROUP_NODES`).
const EVAL_NODES: u64 = 500;

fn at(b: &Board, v: &str) -> Point {
    parse_gtp_vertex(v, b.size()).unwrap().unwrap()
}

fn status(b: &Board, v: &str) -> GroupStatus {
    let mut b = b.clone();
    let p = at(&b, v);
    owl::group_status(&mut b, p, &Budget::nodes(DEFAULT_OWL_NODES))
}

/// The GTP answer to `command` after `setup` on an empty board of `size`.
fn gtp(size: usize, setup: &[&str], command: &str) -> String {
    let mut s = GtpSession::new();
    s.handle_line(&format!("boardsize {size}"));
    s.handle_line("clear_board");
    for m in setup {
        let r = s.handle_line(&format!("play {m}")).unwrap();
        assert!(r.starts_with('='), "play {m}: {r}");
    }
    let r = s.handle_line(command).unwrap();
    assert!(r.starts_with("= "), "{command}: {r}");
    r[2..].trim().to_string()
}

/// Item 1: one stone alone on an empty board is alive wherever it
/// stands — in the corner, on the edge, anywhere — on 9x9, 13x13 and
/// 19x19: it has the whole board to run into and nothing to attack it.
/// Read as `dragon_status` reads it (the regression budget) and as the
/// evaluators read it (their budget, through `analysis::groups`).
#[test]
fn a_lone_stone_is_alive_everywhere() {
    for size in [9, 13, 19] {
        let empty = Board::new(size).unwrap();
        let mut bad = Vec::new();
        for p in empty.points() {
            for c in [Color::Black, Color::White] {
                let mut b = empty.clone();
                b.play(p, c, false).unwrap();
                let s = owl::group_status(&mut b.clone(), p, &Budget::nodes(DEFAULT_OWL_NODES));
                let groups = analysis::groups(&b, &Budget::nodes(EVAL_NODES));
                let e = groups[0].status;
                if s != GroupStatus::Alive || e != Status::Alive {
                    bad.push(format!("{c:?} {} {s:?}/{e:?}", gtp_vertex(p, size)));
                }
            }
        }
        assert!(bad.is_empty(), "{size}x{size}: not alive: {bad:?}");
    }
}

/// Item 1 through GTP: the stones the issue names.
#[test]
fn dragon_status_of_lone_stones() {
    for v in ["A1", "T19", "A10", "D1", "K10", "A19", "T1"] {
        assert_eq!(
            gtp(19, &[&format!("b {v}")], &format!("dragon_status {v}")),
            "alive",
            "{v}"
        );
    }
    // Two stones in the corner, A1-B1-B2: three stones with the whole board
    // around them; Black needs no move to live and White cannot kill.
    let setup = ["b A1", "b B1", "b B2"];
    assert_eq!(gtp(19, &setup, "dragon_status B2"), "alive");
    assert_eq!(gtp(19, &setup, "owl_attack B2"), "0");
    assert!(gtp(19, &setup, "owl_defend B2").starts_with('1'));
}

/// Item 1: a stone with room to run is not dead even when an opponent
/// stone stands nearby: a black stone on the 3-3 point with a white
/// approach stone at the 5-3 point of an otherwise empty 19x19 board.
#[test]
fn a_stone_with_room_is_alive_next_to_an_approach() {
    let mut b = Board::new(19).unwrap();
    b.play(at(&b, "C3"), Color::Black, false).unwrap();
    b.play(at(&b, "E3"), Color::White, false).unwrap();
    assert_eq!(status(&b, "C3"), GroupStatus::Alive);
    assert_eq!(status(&b, "E3"), GroupStatus::Alive);
}

/// Item 2: two real eyes (D6 and F6, every diagonal Black) inside a
/// White wall: alive. The wall itself, open to the whole board, alive.
const TWO_EYES: &str = "
    . . . . . . . . .
    . O O O O O O O .
    . O X X X X X O .
    . O X . X . X O .
    . O X X X X X O .
    . O O O O O O O .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// Item 2: one eye of two points (D6 E6) inside a closed White wall:
/// White D6 (or E6) leaves one point, which Black cannot make two eyes
/// of; no room to run. Dead whoever moves first.
const ONE_EYE: &str = "
    . . . . . . . . .
    . O O O O O O . .
    . O X X X X O . .
    . O X . . X O . .
    . O X X X X O . .
    . O O O O O O . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn two_eyes_live_and_one_eye_without_room_dies() {
    let b = Board::from_ascii(TWO_EYES);
    assert_eq!(status(&b, "C7"), GroupStatus::Alive);
    assert_eq!(status(&b, "B8"), GroupStatus::Alive);
    let b = Board::from_ascii(ONE_EYE);
    assert_eq!(status(&b, "C7"), GroupStatus::Dead);
    assert_eq!(status(&b, "B8"), GroupStatus::Alive);
    let m = owl::status_map(&b, &Budget::nodes(DEFAULT_OWL_NODES));
    assert_eq!(m.get(at(&b, "D5")), Status::Dead);
    assert_eq!(m.get(at(&b, "G4")), Status::Alive);
}

/// Item 3: the textbook seki. Black's group (A4..D4, D3, D2, A1..D1, B2)
/// and White's three stones (A3 B3 C3) share the liberties A2 and C2;
/// neither has an eye, both are walled in (White's wall A5..E5, E1..E4 is
/// open to the board). Whoever fills A2 or C2 puts itself in atari and is
/// captured: neither side plays there, both live.
const SEKI: &str = "
    . . . . . . .
    . . . . . . .
    O O O O O . .
    X X X X O . .
    O O O X O . .
    . X . X O . .
    X X X X O . .";

#[test]
fn textbook_seki_is_seki_from_both_sides() {
    let b = Board::from_ascii(SEKI);
    let m = owl::status_map(&b, &Budget::nodes(DEFAULT_OWL_NODES));
    assert_eq!(m.get(at(&b, "D4")), Status::Seki, "Black's group");
    assert_eq!(m.get(at(&b, "B2")), Status::Seki, "Black's group");
    assert_eq!(m.get(at(&b, "A3")), Status::Seki, "White's three stones");
    assert_eq!(m.get(at(&b, "E5")), Status::Alive, "White's wall");
    let groups = analysis::groups(&b, &Budget::nodes(EVAL_NODES));
    for g in &groups {
        let want = if g.stones.contains(&at(&b, "E5")) {
            Status::Alive
        } else {
            Status::Seki
        };
        assert_eq!(g.status, want, "{:?}", g.stones);
    }
    // Through GTP: dragon_status and final_status_list.
    let moves = [
        "b A4", "b B4", "b C4", "b D4", "b D3", "b D2", "b D1", "b C1", "b B1", "b A1", "b B2",
        "w A5", "w B5", "w C5", "w D5", "w E5", "w E4", "w E3", "w E2", "w E1", "w A3", "w B3",
        "w C3",
    ];
    let mut s = GtpSession::new();
    s.handle_line("boardsize 7");
    s.handle_line("clear_board");
    for m in moves {
        assert!(s
            .handle_line(&format!("play {m}"))
            .unwrap()
            .starts_with('='));
    }
    let mut ask = |c: &str| s.handle_line(c).unwrap()[2..].trim().to_string();
    assert_eq!(ask("dragon_status D4"), "seki");
    assert_eq!(ask("dragon_status A3"), "seki");
    assert_eq!(ask("dragon_status E5"), "alive");
    let seki = ask("final_status_list seki");
    for v in ["A3", "D4", "B2"] {
        assert!(seki.split_whitespace().any(|w| w == v), "{v} in {seki:?}");
    }
    assert!(!seki.contains("E5"), "{seki}");
    assert_eq!(ask("final_status_list dead"), "");
}

/// Item 4: a group whose life hangs on one move. Black's group on the
/// edge (C2..G2, C1, G1) has the straight three D1 E1 F1 as its eye
/// space inside a closed White wall: Black E1 makes two eyes (D1, F1),
/// White E1 leaves one. Critical, E1 for both.
const STRAIGHT_THREE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . O O O O O O O .
    . O X X X X X O .
    . O X . . . X O .";

#[test]
fn life_on_one_move_is_critical() {
    let b = Board::from_ascii(STRAIGHT_THREE);
    let e1 = at(&b, "E1");
    assert_eq!(
        status(&b, "C2"),
        GroupStatus::Critical {
            attack: e1,
            defense: e1,
            attack_ko: false,
            defense_ko: false,
        }
    );
    assert_eq!(gtp_vertex(e1, 9), "E1");
}

/// The broken comb: Black's rectangular six in the corner (A1 B1 C1 A2
/// B2 C2) with its corner stone D3 missing. White's 2-1 point B1 makes
/// a ko that White takes first (GNU Go 3.8: `dragon_status A3` is
/// `critical B1 B1`); Black first lives on B1 (or B2) outright. The
/// status says that the kill needs the ko and the life does not.
const BROKEN_COMB: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O O O O . . . .
    X X X . O . . . .
    . . . X O . . . .
    . . . X O . . . .";

#[test]
fn the_broken_comb_is_critical_with_a_ko_for_the_kill() {
    let b = Board::from_ascii(BROKEN_COMB);
    let GroupStatus::Critical {
        attack,
        defense,
        attack_ko,
        defense_ko,
    } = status(&b, "A3")
    else {
        panic!("not critical: {:?}", status(&b, "A3"));
    };
    assert_eq!(gtp_vertex(attack, 9), "B1");
    assert!(["B1", "B2"].contains(&gtp_vertex(defense, 9).as_str()));
    assert!(attack_ko);
    assert!(!defense_ko);
}

/// Item 5 (ko): a group whose second eye hangs on a ko. Black's group in
/// the lower left corner has one sure eye, E1 (D1, F1, E2 Black and both
/// diagonals D2, F2 Black), and a second eye at B1 whose diagonal C2 is
/// the ko:
///
/// ```text
///   9 . . . . . . . . .
///   8 . . . . . . . . .
///   7 . . . . . . . . .
///   6 . . . . . . . . .
///   5 . . . . . . . . .
///   4 O O O O O O O . .
///   3 O O . O O O O . .
///   2 X X O X X X O . .
///   1 X . X X . X O . .
///     A B C D E F G H J
/// ```
///
/// White's C2 is in atari (its last liberty is C3). Black C3 captures it,
/// and the capturing stone is left with the one liberty C2: a ko. When
/// Black connects at C2, B1 has both diagonals (A2, C2) and is a real
/// eye: two eyes, alive. When White connects at C3 (or captures A1 A2 B2
/// at B1, which the false eye leaves in atari), Black has E1 alone: dead.
/// Inside the wall White has no local move but the ko (B1 and E1 are
/// suicide for White once C2 is Black's), so each side's ko threats
/// decide it: the codes say who must find the first one.
const KO_STONES: &[&str] = &[
    "b A1", "b A2", "b B2", "b C1", "b D1", "b D2", "b E2", "b F2", "b F1", "w A4", "w B4", "w C4",
    "w D4", "w E4", "w F4", "w G4", "w A3", "w B3", "w D3", "w E3", "w F3", "w G3", "w G2", "w G1",
];

/// `KO_STONES` with `moves` played after them, on 9x9.
fn ko_setup(moves: &[&'static str]) -> Vec<&'static str> {
    KO_STONES.iter().chain(moves).copied().collect()
}

/// White's stone sits on C2, no ko ban. Black to move takes the ko at C3
/// first: White needs the first threat to retake, code 2 (KO_A) for the
/// defence. White to move kills without ko (C3 or B1), code 1.
/// After White has just retaken at C2 (capturing a Black stone on C3),
/// Black may not retake at once: Black needs the first threat, code 3
/// (KO_B) for the defence at C3; White to move still kills outright.
#[test]
fn a_ko_for_the_second_eye_gives_the_ko_codes_to_the_owner() {
    let setup = ko_setup(&["w C2"]);
    assert_eq!(gtp(9, &setup, "owl_defend D1"), "2 C3");
    let kill = gtp(9, &setup, "owl_attack D1");
    assert!(kill == "1 C3" || kill == "1 B1", "{kill}");
    let setup = ko_setup(&["b C3", "w C2"]);
    assert_eq!(gtp(9, &setup, "owl_defend D1"), "3 C3");
    let kill = gtp(9, &setup, "owl_attack D1");
    assert!(kill == "1 C3" || kill == "1 B1", "{kill}");
}

/// The same ko from the attacker's side. Black's stone sits on C3 (C2
/// empty), no ko ban: White to move captures it at C2 in the ko and Black
/// needs the first threat, code 2 (KO_A) for the attack; Black to move
/// connects at C2 and lives outright, code 1. After Black has just taken
/// the ko at C3, White may not retake at once: code 3 (KO_B) for the
/// attack at C2, and Black to move still lives by connecting at C2. The
/// group is `critical` with the ko point for both sides.
#[test]
fn a_ko_for_the_second_eye_gives_the_ko_codes_to_the_attacker() {
    let setup = ko_setup(&["b C3"]);
    assert_eq!(gtp(9, &setup, "owl_attack D1"), "2 C2");
    assert_eq!(gtp(9, &setup, "owl_defend D1"), "1 C2");
    assert_eq!(gtp(9, &setup, "dragon_status D1"), "critical C2 C2");
    let setup = ko_setup(&["w C2", "b C3"]);
    assert_eq!(gtp(9, &setup, "owl_attack D1"), "3 C2");
    assert_eq!(gtp(9, &setup, "owl_defend D1"), "1 C2");
}

/// Item 5 (ko) for connections: two Black strings, B1 C1 D1 B2 C2 and
/// F1 G1 H1 G2 H2, joined or cut at E1, below a White wall (D2 D3 E3 F3
/// F2):
///
/// ```text
///   3 . . . O O O . . .
///   2 . X X O . O X X .
///   1 . X X X ? X X X .
///     A B C D E F G H J
/// ```
///
/// With a White cutting stone on E1 (in atari, its last liberty E2),
/// Black E2 captures it, and the capturing stone is left with the one
/// liberty E1: a ko. Black then fills E1 and the strings are one; White
/// to move connects at E2 and the cut stands. So: Black takes the ko
/// first, code 2 (KO_A) for `connect`, and `disconnect` wins outright at
/// E2. When White has just retaken at E1, Black needs the first threat:
/// code 3 (KO_B). With Black's stone on E2 instead (E1 empty) the roles
/// swap: Black connects at E1 outright, White's capture at E1 is a ko
/// taken first (2), or after Black has just taken it, a ko White must
/// retake first (3).
#[test]
fn a_ko_for_the_connection_gives_the_ko_codes() {
    let stones = [
        "b B1", "b C1", "b D1", "b B2", "b C2", "b F1", "b G1", "b H1", "b G2", "b H2", "w D2",
        "w F2", "w D3", "w E3", "w F3",
    ];
    let with = |moves: &[&'static str]| -> Vec<&'static str> {
        stones.iter().chain(moves).copied().collect()
    };
    let ask = |moves: &[&'static str], q: &str| gtp(9, &with(moves), &format!("{q} B1 G1"));
    assert_eq!(ask(&["w E1"], "connect"), "2 E2");
    assert_eq!(ask(&["w E1"], "disconnect"), "1 E2");
    assert_eq!(ask(&["b E2", "w E1"], "connect"), "3 E2");
    assert_eq!(ask(&["b E2", "w E1"], "disconnect"), "1 E2");
    assert_eq!(ask(&["b E2"], "connect"), "1 E1");
    assert_eq!(ask(&["b E2"], "disconnect"), "2 E1");
    assert_eq!(ask(&["w E1", "b E2"], "connect"), "1 E1");
    assert_eq!(ask(&["w E1", "b E2"], "disconnect"), "3 E1");
}

/// An open group in the corner: Black's S15–S19 in the upper right of
/// GNU Go's `ld3.sgf` (its `ld_owl.tst` case 10) has the first line below
/// it open down to T10, so it is not enclosed and the proof alone does
/// not reach it. The problem's answer, from GNU Go's suite: critical,
/// White kills on T15, Black lives on T15 (or S14, T14). In a frame the
/// proof reads it out; the owl search alone called the group alive.
#[test]
fn an_open_corner_group_is_read_out_in_a_frame() {
    let mut s = GtpSession::new();
    let r = s
        .handle_line("loadsgf tests/data/gnugo-regression/games/life_and_death/ld3.sgf")
        .unwrap();
    assert!(r.starts_with('='), "{r}");
    let status = s.handle_line("dragon_status S18").unwrap();
    let words: Vec<&str> = status[2..].split_whitespace().collect();
    assert_eq!(words.first(), Some(&"critical"), "{status}");
    assert_eq!(words.get(1), Some(&"T15"), "{status}");
    assert!(
        ["T15", "S14", "T14"].contains(words.get(2).unwrap_or(&"")),
        "{status}"
    );
}

/// A GTP session on `file` of GNU Go's regression games, as a function
/// from a command to its answer (the text after `= `).
fn regression_session(file: &str) -> impl FnMut(&str) -> String {
    let mut s = GtpSession::new();
    let r = s
        .handle_line(&format!("loadsgf tests/data/gnugo-regression/games/{file}"))
        .unwrap();
    assert!(r.starts_with('='), "{r}");
    move |c: &str| s.handle_line(c).unwrap()[2..].trim().to_string()
}

/// One verdict: Black's group D13 in the upper left of GNU Go's
/// `semeai13.sgf` (B10..B12, C12, D12, D13, A10) lies round White's
/// A12 and B13 inside White's wall, and has no second eye: GNU Go 3.8
/// answers `owl_defend D13` with 0 and `dragon_status D13` with dead,
/// and its suite expects `analyze_semeai D13 B13` to be `0 0 PASS`.
/// Every GTP question about the group gives the same answer: the owl's
/// proof has the nodes the race's proof needs.
#[test]
fn a_group_dead_in_a_race_is_dead_for_every_gtp_question() {
    let mut ask = regression_session("semeai/semeai13.sgf");
    assert_eq!(ask("owl_defend D13"), "0");
    assert_eq!(ask("dragon_status D13"), "dead");
    assert_eq!(ask("analyze_semeai D13 B13"), "0 0 PASS");
    let dead = ask("final_status_list dead");
    assert!(dead.split_whitespace().any(|w| w == "D13"), "{dead}");
}

/// A defence the owl search reads but that does not hold: Black's four
/// stones in the upper left of GNU Go's `ld9.sgf` (B16, C16, C17, C18,
/// with White's wall from B15 round to E18) have only the corner's
/// points; GNU Go 3.8 answers `dragon_status C16` with dead, `owl_defend
/// C16` with 0 and `owl_attack C16` with 1 B19 (the test takes any killing
/// move: the corner has more than one). The search's defence is met by
/// a kill once the attack is read again after it, so the status and
/// `owl_defend` both say the group cannot live.
#[test]
fn a_defence_the_attack_refutes_leaves_the_group_dead() {
    let mut ask = regression_session("life_and_death/ld9.sgf");
    assert_eq!(ask("dragon_status C16"), "dead");
    assert_eq!(ask("owl_defend C16"), "0");
    assert!(ask("owl_attack C16").starts_with("1 "));
}

/// A defence the owl search did not read first: White's three stones in
/// the lower left of GNU Go's `incident156.sgf` at move 249 (B1, C2 and
/// C3, with Black's C1, D1 and D2 among them) live only on A2, as GNU Go
/// 3.8 answers `owl_defend C3`. The search's first defence fails when the
/// attack is read again after it; the owner's other candidates are then
/// checked the same way, and A2 holds: after it the attack fails.
#[test]
fn a_later_candidate_defends_when_the_first_read_defence_fails() {
    let mut ask = regression_session("incident156.sgf 249");
    assert_eq!(ask("owl_defend C3"), "1 A2");
    assert_eq!(ask("play W A2"), "");
    assert_eq!(ask("owl_attack C3"), "0");
}

/// A small group in its own side's area, read as killable by itself:
/// strategy26 before move 200. White's P12 P13 have the
/// liberties P14, O13, Q13, Q12 and P11; Black's Q12, played first (a
/// reading of the two stones alone takes it for a kill), leaves White
/// both P11, joining
/// O11 and P10, and Q13, joining R13 and S13, and Black cannot stop both.
/// Alive (GNU Go 3.8 agrees: its dragon holds 31 stones of the right side).
#[test]
fn a_group_that_joins_its_neighbours_either_way_is_alive() {
    let mut s = GtpSession::new();
    let sgf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gnugo-regression/games/strategy26.sgf"
    );
    let r = s.handle_line(&format!("loadsgf {sgf} 200")).unwrap();
    assert_eq!(r.trim(), "= white");
    let r = s.handle_line("dragon_status P12").unwrap();
    assert_eq!(r.trim(), "= alive");
}
