//! Tests of the thermography with hand-computed values of combinatorial
//! game theory: abstract games first (the arithmetic), then Go positions
//! (the local search, kos, regions), then the move choice.

use super::local::{best_option, kind_of, position_thermograph};
use super::rational::q;
use super::*;
use crate::rules::{Scoring, Status};

type Q = Rational;

/// An abstract game tree: a number, or options for each side.
#[derive(Clone, Debug)]
pub(crate) enum Game {
    /// A settled value.
    Num(Q),
    /// `{ left options | right options }`.
    Opts(Vec<Game>, Vec<Game>),
    /// A ko was just captured: the given colour moves again, with these
    /// options (the option leading here is the ko capture).
    Forced(Color, Vec<Game>),
}

impl Game {
    pub(crate) fn n(v: i64) -> Game {
        Game::Num(Q::from(v))
    }

    pub(crate) fn g(l: Vec<Game>, r: Vec<Game>) -> Game {
        Game::Opts(l, r)
    }

    /// A ko capture by `c` after which `c` has these options.
    pub(crate) fn ko(c: Color, then: Vec<Game>) -> Game {
        Game::Forced(c, then)
    }

    /// Its thermograph, by the construction the Go search uses
    /// ([`super::local::position_thermograph`]).
    pub(crate) fn thermograph(&self) -> Thermograph {
        let walls = |gs: &[Game], black: bool| -> Vec<Wall> {
            gs.iter()
                .map(|g| {
                    let t = g.thermograph();
                    if black {
                        t.right
                    } else {
                        t.left
                    }
                })
                .collect()
        };
        match self {
            Game::Num(v) => Thermograph::number(*v),
            Game::Opts(l, r) => {
                position_thermograph(&walls(l, true), &walls(r, false), None, Q::ZERO)
            }
            Game::Forced(c, opts) => {
                let w = walls(opts, *c == Color::Black);
                match c {
                    Color::Black => position_thermograph(&w, &[], Some(*c), Q::ZERO),
                    Color::White => position_thermograph(&[], &w, Some(*c), Q::ZERO),
                }
            }
        }
    }

    /// Its summary for the move choice, the best options chosen as the Go
    /// search chooses them; moves are named by `next` (a fresh point per
    /// option).
    pub(crate) fn summary(&self, next: &mut usize) -> LocalSummary {
        let t = self.thermograph();
        let Game::Opts(l, r) = self else {
            return LocalSummary::number(t.mean);
        };
        let _ = &self;
        let lt: Vec<Thermograph> = l.iter().map(Game::thermograph).collect();
        let rt: Vec<Thermograph> = r.iter().map(Game::thermograph).collect();
        let bl = best_option(
            &lt.iter().map(|x| &x.right).collect::<Vec<_>>(),
            t.temperature,
            true,
        );
        let br = best_option(
            &rt.iter().map(|x| &x.left).collect::<Vec<_>>(),
            t.temperature,
            false,
        );
        let mut option = |g: &Game| {
            *next += 1;
            let p = Point::from_xy(*next % 19, *next / 19);
            (p, Box::new(g.summary(next)))
        };
        let black = bl.map(|i| option(&l[i]));
        let white = br.map(|i| option(&r[i]));
        LocalSummary {
            mean: t.mean,
            temperature: t.temperature,
            kind: kind_of(&t, false),
            approx: false,
            black,
            white,
            captures: [0, 0],
        }
    }
}

/// Two living walls on 7x7 with a one-point gote between them: C4 is a
/// point inside Black's wall, D4 its only opening (the analyzer's tests
/// use it too).
pub(crate) const ONE_POINT_GOTE: &str = "
    . X X X O . O
    X X X X O O O
    X X X X O . O
    X X . . O O O
    X X X X O . O
    X X X X O O O
    . X X X O . O";

/// Two living groups on 9x9 whose border has a one-point gote (D7-E7), a
/// two-point gote (D5-E5-F5) and a ko (D3-E3).
pub(crate) const ENDGAME_9X9: &str = "
    . X X X X O O . O
    X X X X X O O O O
    X X X . . O O O O
    X X X X X O O O O
    X X X . . . O O O
    X X X X O O O O O
    X X X O . O O O O
    X X X X O O O O O
    . X X X O O . O .";

mod cgt {
    use super::*;
    use Game as G;

    /// {1 | 0}: the one-point gote of the issue: mean 1/2, temperature 1/2.
    #[test]
    fn one_point_gote() {
        let t = G::g(vec![G::n(1)], vec![G::n(0)]).thermograph();
        assert_eq!((t.mean, t.temperature), (q(1, 2), q(1, 2)));
    }

    /// A two-point gote {1 | -1} (a swing of two points): mean 0,
    /// temperature 1. Shifted, {2 | 0}: mean 1, temperature 1.
    #[test]
    fn two_point_gote() {
        let t = G::g(vec![G::n(1)], vec![G::n(-1)]).thermograph();
        assert_eq!((t.mean, t.temperature), (Q::ZERO, q(1, 1)));
        let t = G::g(vec![G::n(2)], vec![G::n(0)]).thermograph();
        assert_eq!((t.mean, t.temperature), (q(1, 1), q(1, 1)));
        assert_eq!(kind_of(&t, false), RegionKind::Gote);
    }

    /// A two-point sente for Black: Black's move threatens to take six
    /// more and White answers, back to 0; White's move (the reverse sente)
    /// takes two. {{6 | 0} | -2}: the mean is the sente's result, 0; the
    /// temperature the reverse sente's gain, 2; the left wall vertical.
    #[test]
    fn two_point_sente() {
        let t = G::g(vec![G::g(vec![G::n(6)], vec![G::n(0)])], vec![G::n(-2)]).thermograph();
        assert_eq!((t.mean, t.temperature), (Q::ZERO, q(2, 1)));
        assert_eq!(kind_of(&t, false), RegionKind::SenteBlack);
        // The mirror image is White's sente.
        let t = G::g(vec![G::n(2)], vec![G::g(vec![G::n(0)], vec![G::n(-6)])]).thermograph();
        assert_eq!((t.mean, t.temperature), (Q::ZERO, q(2, 1)));
        assert_eq!(kind_of(&t, false), RegionKind::SenteWhite);
    }
}

/// The exact minimax value of a sum of hot games, Black to move first if
/// `black`: players alternate, each moving in a component that is not yet
/// a number (passing when they have no such move), until every component
/// is a number. Independent of the thermography: the check of the move
/// order tests.
fn minimax(games: &[Game], black: bool) -> Q {
    fn num(g: &Game) -> Option<Q> {
        match g {
            Game::Num(v) => Some(*v),
            _ => None,
        }
    }
    if games.iter().all(|g| num(g).is_some()) {
        return games
            .iter()
            .fold(Q::ZERO, |a, g| a + num(g).unwrap_or(Q::ZERO));
    }
    let mut best: Option<Q> = None;
    for (i, g) in games.iter().enumerate() {
        let opts = match g {
            Game::Opts(l, r) => {
                if black {
                    l
                } else {
                    r
                }
            }
            _ => continue,
        };
        for o in opts {
            let mut next = games.to_vec();
            next[i] = o.clone();
            let v = minimax(&next, !black);
            best = Some(match best {
                None => v,
                Some(b) if black => b.max(v),
                Some(b) => b.min(v),
            });
        }
    }
    best.unwrap_or_else(|| minimax(games, !black))
}

/// Black's value after its first move in component `i` (its best option
/// there), then minimax.
fn after_first(games: &[Game], i: usize) -> Q {
    let Game::Opts(l, _) = &games[i] else {
        return minimax(games, false);
    };
    l.iter()
        .map(|o| {
            let mut next = games.to_vec();
            next[i] = o.clone();
            minimax(&next, false)
        })
        .max()
        .unwrap_or(Q::ZERO)
}

mod kos {
    use super::*;
    use Game as G;

    /// A simple ko of swing 3 (Black wins 3 by taking and connecting,
    /// White wins 0 by connecting). Every ko capture must be followed at
    /// once (the opponent is komaster), so Black's option is taxed twice:
    /// L(t) = 3 - 2t, R(t) = t, which meet at t = 1: mean 1 (a third of
    /// the swing from White's result), temperature 1 (a third of the
    /// swing): the one-third rule.
    #[test]
    fn simple_ko_by_the_one_third_rule() {
        let k0 = G::g(vec![G::ko(Color::Black, vec![G::n(3)])], vec![G::n(0)]);
        let t = k0.thermograph();
        assert_eq!((t.mean, t.temperature), (q(1, 1), q(1, 1)));
        assert_eq!(t.left.at(q(1, 2)), q(2, 1), "3 - 2t: two moves taxed");
        // Once Black has taken: Black connects (3 - t), White retakes and
        // connects (0 + 2t): mean 2, temperature 1.
        let k1 = G::g(vec![G::n(3)], vec![G::ko(Color::White, vec![G::n(0)])]);
        let t = k1.thermograph();
        assert_eq!((t.mean, t.temperature), (q(2, 1), q(1, 1)));
    }

    /// A two-stage ko: Black must win two kos in a row (take and connect
    /// the first, then take and connect the second) to gain 12; White
    /// resolves the first stage with one move (0) and the second with
    /// one move (2).
    ///
    /// Second stage P1 = {12 after a ko | 2}: L = 12 - 2t, R = 2 + t,
    /// meeting at t = 10/3, mean 16/3. Its right wall is 2 + t up to
    /// 10/3, then 16/3.
    ///
    /// First stage P0 = {P1 after a ko | 0}: L(t) = RW(P1)(t) - 2t =
    /// 2 - t below 10/3, R(t) = t: they meet at t = 1, mean 1. So the
    /// two-stage ko is worth only 1 point on average (temperature 1),
    /// although the second stage alone is worth 16/3: Black's four moves
    /// against White's one or two.
    #[test]
    fn two_stage_ko() {
        let p1 = G::g(vec![G::ko(Color::Black, vec![G::n(12)])], vec![G::n(2)]);
        let t1 = p1.thermograph();
        assert_eq!((t1.mean, t1.temperature), (q(16, 3), q(10, 3)));
        let p0 = G::g(vec![G::ko(Color::Black, vec![p1])], vec![G::n(0)]);
        let t0 = p0.thermograph();
        assert_eq!((t0.mean, t0.temperature), (q(1, 1), q(1, 1)));
        assert_eq!(t0.left.at(q(1, 2)), q(3, 2));
    }

    /// The simple ko on a Go board: White's lone stone on D4 in atari
    /// inside Black's wall, E4 the point it would connect at. Black takes
    /// (one prisoner) and must connect at D4; White connects at E4. Swing
    /// 1 (the prisoner): mean 1/3, temperature 1/3. After Black's take
    /// (the board's ko point set), the region is worth -1/3 more (White
    /// retakes and connects: minus the prisoner; Black connects: 0), and
    /// with the prisoner already taken, 2/3 in all.
    #[test]
    fn simple_ko_on_the_board() {
        let b = Board::from_ascii(
            "
            . X X X O . O
            X X X X O O O
            X X X X O . O
            X X X O . O O
            X X X X O O O
            X X X X O . O
            . X X X O O O",
        );
        let mut st = StatusMap::all_alive();
        st.set_point(Point::from_xy(3, 3), Status::Unknown);
        let a = analyze(&b, &st);
        assert_eq!(a.regions.len(), 1);
        let r = &a.regions[0];
        assert_eq!(r.points, vec![Point::from_xy(3, 3), Point::from_xy(4, 3)]);
        assert_eq!((r.mean, r.temperature), (q(1, 3), q(1, 3)));
        assert_eq!(r.kind, RegionKind::Ko);
        assert!(!r.approx);
        assert_eq!(
            r.summary.black.as_ref().map(|m| m.0),
            Some(Point::from_xy(4, 3))
        );
        assert_eq!(
            r.summary.white.as_ref().map(|m| m.0),
            Some(Point::from_xy(4, 3))
        );
        // Black's eyes 2, White's 3: settled -1; the estimate adds the mean.
        assert_eq!(a.score, q(-1, 1) + q(1, 3));

        let mut taken = b.clone();
        taken
            .play(Point::from_xy(4, 3), Color::Black, false)
            .unwrap();
        let mut st = StatusMap::all_alive();
        st.set_point(Point::from_xy(4, 3), Status::Unknown);
        let a = analyze(&taken, &st);
        let r = &a.regions[0];
        assert_eq!((r.mean, r.temperature), (q(-1, 3), q(1, 3)));
        assert_eq!(r.kind, RegionKind::Ko);
        assert_eq!(
            a.score,
            q(-1, 1) + q(1, 1) + q(-1, 3),
            "prisoner + mean = 2/3"
        );
        // With no ko threats anywhere the final position is exact: White
        // may not retake at once, so Black connects and keeps the prisoner
        // (-1 + 1) whoever is to move; before the take, Black to move takes
        // and keeps it, White to move connects.
        assert_eq!(a.exact, Some([0, 0]));
        assert_eq!(analyze(&b, &StatusMap::all_alive()).exact, Some([0, -1]));
    }
}

mod go {
    use super::*;

    fn v(p: Point, size: usize) -> String {
        crate::rules::gtp_vertex(p, size)
    }

    /// `points` as GTP vertices on a board of `size`.
    fn vertices(points: &[Point], size: usize) -> Vec<String> {
        points.iter().map(|&p| v(p, size)).collect()
    }

    /// A one-point gote between two living walls: C4 is a point inside
    /// Black's wall, D4 its only opening, next to White's wall. Black at
    /// D4 makes C4 Black's (1); White at D4 leaves C4 a dame that either
    /// may fill (0 either way: *). {1 | *}: mean 1/2, temperature 1/2.
    #[test]
    fn one_point_gote() {
        let b = Board::from_ascii(ONE_POINT_GOTE);
        let a = analyze(&b, &StatusMap::all_alive());
        assert_eq!(a.regions.len(), 1);
        let r = &a.regions[0];
        assert_eq!(vertices(&r.points, 7), ["C4", "D4"]);
        assert_eq!((r.mean, r.temperature), (q(1, 2), q(1, 2)));
        assert_eq!(r.kind, RegionKind::Gote);
        assert!(!r.approx);
        let (bp, after_b) = r.summary.black.as_ref().unwrap();
        let (wp, after_w) = r.summary.white.as_ref().unwrap();
        assert_eq!((v(*bp, 7), v(*wp, 7)), ("D4".to_string(), "D4".to_string()));
        assert_eq!(after_b.mean, q(1, 1));
        assert_eq!((after_w.mean, after_w.temperature), (Q::ZERO, Q::ZERO));
        // Black's two eyes against White's four: -2; with the region 1/2.
        assert_eq!(a.settled, q(-2, 1));
        assert_eq!(a.score, q(-3, 2));
        // The eyes are unconditional territory, so the open points are C4
        // and D4 only and the count is exact: Black to move gets C4.
        assert_eq!(a.exact, Some([-1, -2]));
    }

    /// A two-point gote (a swing of two points): B3 inside Black's wall,
    /// D3 inside White's, C3 between them. Black at C3 takes B3 and leaves
    /// D3 dame (1*); White at C3 the mirror (-1*). {1* | -1*}: mean 0,
    /// temperature 1.
    #[test]
    fn two_point_gote() {
        let b = Board::from_ascii(
            "
            . X X O O . O
            X X X O O O O
            X X X O O . O
            X X X O O O O
            X . . . O O O
            X X O O O O O
            . X O O O O O",
        );
        let a = analyze(&b, &StatusMap::all_alive());
        let r = &a.regions[0];
        assert_eq!(vertices(&r.points, 7), ["B3", "C3", "D3"]);
        assert_eq!((r.mean, r.temperature), (Q::ZERO, q(1, 1)));
        assert_eq!(r.kind, RegionKind::Gote);
        let (bp, after_b) = r.summary.black.as_ref().unwrap();
        assert_eq!(v(*bp, 7), "C3");
        assert_eq!((after_b.mean, after_b.temperature), (q(1, 1), Q::ZERO));
    }

    /// A sente for Black. White's lone stone E1 (alive for the analysis,
    /// but with two liberties, E2 and F1) sits under Black's wall; F2 is
    /// the boundary point. White at F2 connects E1 and makes F1 White's:
    /// -1 (E2 stays dame). Black at F2 threatens to take E1 (at E2 or
    /// F1: a prisoner and more), so White must answer, and the result is
    /// 0. {{2 | 0} | -1}: the left wall is vertical at 0 up to the
    /// temperature 1, where White's wall -1 + t meets it: mean 0,
    /// temperature 1, Black's sente (White's F2 is reverse sente).
    #[test]
    fn sente() {
        let b = Board::from_ascii(include_str!(
            "../../../tests/data/boards/sente-under-the-wall-9x9.txt"
        ));
        let a = analyze(&b, &StatusMap::all_alive());
        let r = &a.regions[0];
        assert_eq!(vertices(&r.points, 9), ["E2", "F2", "F1"]);
        assert_eq!((r.mean, r.temperature), (Q::ZERO, q(1, 1)));
        assert_eq!(r.kind, RegionKind::SenteBlack);
        assert!(r.thermograph.left_vertical());
        let (bp, after_b) = r.summary.black.as_ref().unwrap();
        assert_eq!(v(*bp, 9), "F2");
        // After Black's F2 the threat is hot: White must answer.
        assert_eq!((after_b.mean, after_b.temperature), (q(1, 1), q(1, 1)));
        let moves = endgame_moves(&b, &a, Color::Black);
        assert_eq!(moves[0].kind, ChoiceKind::Sente);
        assert_eq!(moves[0].text(), "sente, 1 point (the reply is forced)");
        // For White the same move is a gote (reverse sente).
        let moves = endgame_moves(&b, &a, Color::White);
        assert_eq!(
            (v(moves[0].point, 9).as_str(), moves[0].kind),
            ("F2", ChoiceKind::Gote)
        );
    }

    /// A 9x9 endgame: both groups live unconditionally (Black's eyes A9
    /// and A1, White's H9, G1 and J1) and three local regions are left on
    /// the border, column E:
    ///
    /// - D7-E7, a one-point gote (mean 1/2, temperature 1/2);
    /// - D5-E5-F5, a two-point gote (mean 0, temperature 1);
    /// - D3-E3, a ko: White's D3 stone in atari, Black takes at E3 and
    ///   connects, White connects at E3 (one prisoner: mean 1/3,
    ///   temperature 1/3).
    ///
    /// The right order for either side: the two-point gote E5 first (the
    /// hottest), then the one-point gote E7 (1/2), then the ko (1/3). The
    /// ko rule does not apply: 3 * 1/3 = 1 is not above 2 * 1 + 1/2.
    /// Tedomari changes nothing: after E5 the rest are one move each.
    /// Counted: settled -1 (eyes 2 - 3); Black to move gets E5 (+1), White
    /// then takes one of the two one-point moves and Black the other
    /// (+1): with no ko threats anywhere the exact result is +1 (Black to
    /// move) or -1 (White to move), and the estimate is the sum of the
    /// means, -1 + 1/2 + 0 + 1/3 = -1/6.
    #[test]
    fn nine_by_nine_endgame_order() {
        let b = Board::from_ascii(ENDGAME_9X9);
        let mut st = StatusMap::all_alive();
        st.set_point(Point::from_xy(3, 6), Status::Unknown);
        for to_move in [Color::Black, Color::White] {
            let a = analyze(&b, &st);
            let summary: Vec<(Vec<String>, Q, Q, &str)> = a
                .regions
                .iter()
                .map(|r| (vertices(&r.points, 9), r.mean, r.temperature, r.kind_name()))
                .collect();
            assert_eq!(
                summary,
                vec![
                    (vec!["D7".into(), "E7".into()], q(1, 2), q(1, 2), "gote"),
                    (
                        vec!["D5".into(), "E5".into(), "F5".into()],
                        Q::ZERO,
                        q(1, 1),
                        "gote"
                    ),
                    (vec!["D3".into(), "E3".into()], q(1, 3), q(1, 3), "ko"),
                ]
            );
            assert_eq!(a.score, q(-1, 6));
            assert_eq!(a.exact, Some([1, -1]));
            let moves = endgame_moves_under(&b, &a, to_move, Scoring::Territory);
            let order: Vec<(String, String)> =
                moves.iter().map(|m| (v(m.point, 9), m.text())).collect();
            assert_eq!(
                order,
                vec![
                    ("E5".into(), "gote, 1 point".into()),
                    ("E7".into(), "gote, 1/2 point".into()),
                    ("E3".into(), "ko, 1/3 point".into()),
                ],
                "{to_move:?}"
            );
            assert!(moves.iter().all(|m| m.color == to_move));
            // Under area scoring the notes' rule for a ko below
            // temperature 2: no other move is as hot as 2 (E5 is 1, E7
            // 1/2), so the ko's points are the mover's and its move at E3
            // (Black's take, White's connection) goes first; the gotes
            // follow by temperature.
            let moves = endgame_moves(&b, &a, to_move);
            let order: Vec<(String, ChoiceRule)> =
                moves.iter().map(|m| (v(m.point, 9), m.rule)).collect();
            assert_eq!(
                order,
                vec![
                    ("E3".into(), ChoiceRule::KoOwned),
                    ("E5".into(), ChoiceRule::Temperature),
                    ("E7".into(), ChoiceRule::Temperature),
                ],
                "{to_move:?}"
            );
            assert_eq!(
                moves[0].text(),
                "ko, 1/3 point; nothing else is worth 2 points: the ko is the mover's"
            );
        }
    }

    /// The cache by region hash: the same position costs no search the
    /// second time, and after a move only the region it touched is
    /// searched again.
    #[test]
    fn a_move_re_evaluates_only_its_region() {
        let b = Board::from_ascii(ENDGAME_9X9);
        let mut st = StatusMap::all_alive();
        st.set_point(Point::from_xy(3, 6), Status::Unknown);
        let mut ev = Evaluator::new();
        let first = ev.analyze(&b, &st);
        assert!(first.regions.iter().all(|r| r.nodes > 0));
        assert_eq!(ev.len(), 3);
        let again = ev.analyze(&b, &st);
        assert!(again.regions.iter().all(|r| r.nodes == 0));
        assert_eq!(again.nodes, 0);
        assert_eq!(again.score, first.score);
        // Black plays E5: D5 becomes Black's (a one-point area inside
        // Black's wall), F5 is left as a region of its own (a dame) and is
        // the only one searched; the others come from the cache.
        let mut after = b.clone();
        after
            .play(Point::from_xy(4, 4), Color::Black, false)
            .unwrap();
        let a = ev.analyze(&after, &st);
        let searched: Vec<Vec<String>> = a
            .regions
            .iter()
            .filter(|r| r.nodes > 0)
            .map(|r| vertices(&r.points, 9))
            .collect();
        assert_eq!(searched, vec![vec!["F5".to_string()]]);
        assert!(a
            .regions
            .iter()
            .any(|r| r.nodes == 0 && r.points.contains(&Point::from_xy(4, 2))));
        assert!(a
            .regions
            .iter()
            .any(|r| r.nodes == 0 && r.points.contains(&Point::from_xy(4, 6))));
    }
}

mod order {
    use super::*;
    use Game as G;

    fn summaries(games: &[Game]) -> Vec<LocalSummary> {
        let mut next = 0;
        games.iter().map(|g| g.summary(&mut next)).collect()
    }

    fn choose(games: &[Game]) -> Vec<EndgameMove> {
        let s = summaries(games);
        let regions: Vec<(usize, &LocalSummary)> =
            s.iter().enumerate().map(|(i, s)| (i + 1, s)).collect();
        choice::order(&regions, Vec::new(), Color::Black, true)
    }

    /// Sente before a gote of about the same temperature. S = {{10 | 0} |
    /// -2} is Black's two-point sente (mean 0, temperature 2); G = {3 |
    /// -2} a gote of temperature 5/2. Hotstrat plays G: 3, then White's
    /// reverse sente -2: 1 in all. Sente first: S, White must answer (0),
    /// then G: 3. The sente is within a point of the gote, so it goes
    /// first; the exact minimax of the sum agrees (3 against 1).
    #[test]
    fn sente_first() {
        let games = vec![
            G::g(vec![G::g(vec![G::n(10)], vec![G::n(0)])], vec![G::n(-2)]),
            G::g(vec![G::n(3)], vec![G::n(-2)]),
        ];
        let moves = choose(&games);
        assert_eq!(moves[0].region, Some(1));
        assert_eq!(
            (moves[0].kind, moves[0].rule),
            (ChoiceKind::Sente, ChoiceRule::SenteFirst)
        );
        assert_eq!(moves[0].temperature, q(2, 1));
        assert_eq!(
            moves[0].text(),
            "sente, 2 points (the reply is forced); sente first"
        );
        assert_eq!(
            (moves[1].region, moves[1].kind),
            (Some(2), ChoiceKind::Gote)
        );
        assert_eq!(moves[1].temperature, q(5, 2));
        assert_eq!(minimax(&games, true), q(3, 1));
        assert_eq!(after_first(&games, 0), q(3, 1));
        assert_eq!(after_first(&games, 1), q(1, 1));
        // Two points cooler, the sente waits: {5 | -5} is hotter by 3.
        let games = vec![games[0].clone(), G::g(vec![G::n(5)], vec![G::n(-5)])];
        let moves = choose(&games);
        assert_eq!(
            (moves[0].region, moves[0].rule),
            (Some(2), ChoiceRule::Temperature)
        );
    }

    /// Hotstrat is right when the moves are plain gotes: {3 | -3} before
    /// {2 | -2} (3 - 2 = 1 against 2 - 3 = -1).
    #[test]
    fn hottest_first() {
        let games = vec![
            G::g(vec![G::n(2)], vec![G::n(-2)]),
            G::g(vec![G::n(3)], vec![G::n(-3)]),
        ];
        let moves = choose(&games);
        assert_eq!(
            (moves[0].region, moves[0].rule),
            (Some(2), ChoiceRule::Temperature)
        );
        assert_eq!(moves[0].text(), "gote, 3 points");
        assert_eq!(after_first(&games, 1), q(1, 1));
        assert_eq!(after_first(&games, 0), q(-1, 1));
    }

    /// Tedomari. A = {3 | -3} (temperature 3) and D = {{6 | 3} | -1}:
    /// Black's move in D leaves a follow-up {6 | 3} (temperature 3/2), so
    /// D's walls are L = 3 up to 3/2, then 9/2 - t, and R = -1 + t:
    /// temperature 11/4, mean 7/4. Hotstrat plays A (3), White takes D
    /// (-1): 2. Playing D first, White takes A (-3) and Black gets the last
    /// move, the follow-up (6): 3. The move 1/4 cooler takes the last move
    /// before the temperature drops to 0; minimax agrees.
    #[test]
    fn tedomari() {
        let games = vec![
            G::g(vec![G::n(3)], vec![G::n(-3)]),
            G::g(vec![G::g(vec![G::n(6)], vec![G::n(3)])], vec![G::n(-1)]),
        ];
        let t = games[1].thermograph();
        assert_eq!((t.mean, t.temperature), (q(7, 4), q(11, 4)));
        let moves = choose(&games);
        assert_eq!(
            (moves[0].region, moves[0].rule),
            (Some(2), ChoiceRule::Tedomari)
        );
        assert_eq!(
            moves[0].text(),
            "gote, 2 3/4 points; tedomari: the last big move"
        );
        assert_eq!(moves[1].region, Some(1));
        assert_eq!(minimax(&games, true), q(3, 1));
        assert_eq!(after_first(&games, 1), q(3, 1));
        assert_eq!(after_first(&games, 0), q(2, 1));
    }

    fn hot(kind: RegionKind, t: Q, p: Point) -> LocalSummary {
        let mut s = LocalSummary::number(Q::ZERO);
        s.temperature = t;
        s.kind = kind;
        s.black = Some((p, Box::new(LocalSummary::number(t))));
        s.white = Some((p, Box::new(LocalSummary::number(-t))));
        s
    }

    /// The notes' ko rule: a ko of temperature t_K goes before the hottest
    /// gote t_G when 3 t_K > 2 t_G + t_E. With t_G = 4, t_K = 7/2 and
    /// t_E = 1: 21/2 > 9, the ko first; with t_E = 3: 21/2 < 11, the gote.
    #[test]
    fn ko_rule() {
        let (pg, pk, pe) = (
            Point::from_xy(0, 0),
            Point::from_xy(1, 0),
            Point::from_xy(2, 0),
        );
        for (t_e, ko_first) in [(q(1, 1), true), (q(3, 1), false)] {
            let g = hot(RegionKind::Gote, q(4, 1), pg);
            let k = hot(RegionKind::Ko, q(7, 2), pk);
            let e = hot(RegionKind::Gote, t_e, pe);
            let regions = vec![(1, &g), (2, &k), (3, &e)];
            let moves = choice::order(&regions, Vec::new(), Color::Black, true);
            if ko_first {
                assert_eq!((moves[0].point, moves[0].rule), (pk, ChoiceRule::KoFirst));
                assert_eq!(moves[0].kind, ChoiceKind::Ko);
                assert_eq!(
                    moves[0].text(),
                    "ko, 3 1/2 points; ko before the biggest gote"
                );
                assert_eq!(moves[1].point, pg);
            } else {
                assert_eq!(moves[0].point, pg);
                assert_eq!(moves[1].point, pk);
            }
        }
    }

    /// Captures outside the exactly valued regions, weighted: the biggest
    /// is assumed to happen (full value, twice the stones: the prisoners
    /// and their points), the others count half; all count half when a
    /// typical move (the largest region, in empty points) is bigger than
    /// the largest capture (in stones).
    #[test]
    fn captures_are_weighted() {
        // White's three stones C7-E7 and lone G3 are in atari (at E6 and
        // G2) in open space; the analysis calls every stone alive, so they
        // bound regions, whose values we then treat as approximate (as if
        // too big for thermography): that leaves the captures to the
        // capture rule.
        let b = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X X X . . . .
            . X O O O X . . .
            . . X X . . . . .
            . . . . . . . . .
            . . . . . X . . .
            . . . . X O X . .
            . . . . . . . . .",
        );
        let mut a = analyze(&b, &StatusMap::all_alive());
        for r in &mut a.regions {
            r.approx = true;
            r.summary.approx = true;
        }
        let caps = |a: &ThermoAnalysis| -> Vec<(String, usize, Q, String)> {
            endgame_moves(&b, a, Color::Black)
                .iter()
                .filter(|m| m.kind == ChoiceKind::Capture)
                .map(|m| {
                    (
                        crate::rules::gtp_vertex(m.point, 9),
                        m.captures,
                        m.value,
                        m.text(),
                    )
                })
                .collect()
        };
        for r in &mut a.regions {
            r.empties = r.empties.min(3);
        }
        assert_eq!(
            caps(&a),
            vec![
                (
                    "E5".into(),
                    3,
                    q(6, 1),
                    "captures 3 stones, 6 points".into()
                ),
                ("F1".into(), 1, q(1, 1), "captures 1 stone, 1 point".into()),
            ]
        );
        // A typical move bigger than three stones: every capture counts
        // half.
        a.regions[0].empties = 4;
        assert_eq!(
            caps(&a),
            vec![
                (
                    "E5".into(),
                    3,
                    q(3, 1),
                    "captures 3 stones, 3 points".into()
                ),
                ("F1".into(), 1, q(1, 1), "captures 1 stone, 1 point".into()),
            ]
        );
        // Exact regions value their captures themselves: left as found,
        // a capture whose point lies in an exact region is not offered.
        let a = analyze(&b, &StatusMap::all_alive());
        for (v, ..) in caps(&a) {
            let p = crate::rules::parse_gtp_vertex(&v, 9).unwrap().unwrap();
            assert!(a.region_at(p).is_none_or(|r| r.approx), "{v}");
        }
        let mut exact = a.clone();
        for r in &mut exact.regions {
            r.approx = false;
        }
        assert!(caps(&exact).is_empty());
    }
}

mod symmetry {
    use super::*;
    use crate::rules::Rng;
    use proptest::prelude::*;

    pub(crate) fn random_position(seed: u64, moves: usize) -> Board {
        let mut rng = Rng::new(seed);
        let mut b = Board::new(7).unwrap();
        let mut c = Color::Black;
        for _ in 0..moves {
            let pts: Vec<Point> = b
                .points()
                .filter(|&p| b.check_move(p, c, false).is_ok() && !b.is_eyelike(p, c))
                .collect();
            if pts.is_empty() {
                break;
            }
            let p = pts[rng.below(pts.len())];
            b.play(p, c, false).unwrap();
            c = c.opponent();
        }
        b
    }

    pub(crate) fn swapped(b: &Board) -> Board {
        let mut s = Board::new(b.size()).unwrap();
        for p in b.points() {
            if let Some(c) = b.get(p) {
                s.set_stone(p, Some(c.opponent()));
            }
        }
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]
        /// Swapping the colours of a position negates every mean and keeps
        /// every temperature (and every region).
        #[test]
        fn swapping_colours_negates_means(seed in any::<u64>(), moves in 20usize..44) {
            let b = random_position(seed, moves);
            let s = swapped(&b);
            let st = StatusMap::all_alive();
            let a = analyze(&b, &st);
            let z = analyze(&s, &st);
            prop_assert_eq!(a.regions.len(), z.regions.len());
            for (r, m) in a.regions.iter().zip(&z.regions) {
                prop_assert_eq!(&r.points, &m.points);
                prop_assert_eq!(r.mean, -m.mean, "{:?}", r.points);
                prop_assert_eq!(r.temperature, m.temperature);
                prop_assert_eq!(r.approx, m.approx);
            }
            prop_assert_eq!(a.settled, -z.settled);
        }
    }
}

/// A local game the branching cap's estimate does not bound: on 3x3 the
/// captures empty points again and again. Before `NODE_CAP` this region
/// took 154,751 positions and five seconds (found by the JS API fuzz);
/// now the search stops at the cap and says its value is approximate.
#[test]
fn a_whole_small_board_of_captures_stops_at_the_node_cap() {
    use super::local::NODE_CAP;
    let b = Board::from_ascii(
        "
        X X O
        X . O
        O . .",
    );
    let groups = crate::eval::analysis::groups(&b, &crate::reading::Budget::nodes(500));
    let a = analyze(&b, &crate::eval::analysis::status_of(&groups));
    assert_eq!(a.regions.len(), 1);
    let r = &a.regions[0];
    assert_eq!(r.points.len(), 9, "the whole board is one region");
    // The local search stops at the cap; the region's count adds the few
    // positions of the searches around it.
    assert!(r.nodes < 2 * NODE_CAP, "{} positions searched", r.nodes);
    assert!(r.approx);
}
