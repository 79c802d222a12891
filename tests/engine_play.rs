//! End-to-end properties of the engine's moves: legal in many random
//! positions, never filling an own eye; the game ends with passes.

use moku::engine::{Engine, Level, Options};
use moku::rules::Rng;
use moku::{Color, Game, Move, RuleSet};

/// A position reached by `moves` random legal moves that fill no
/// one-point eye (the referee's random player), from `seed`.
fn random_game(size: usize, moves: usize, seed: u64) -> Game {
    let mut g = Game::new(size, RuleSet::Chinese, 7.0).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        let c = g.to_move();
        let legal: Vec<_> = g
            .legal_moves(c)
            .into_iter()
            .filter(|&p| !g.board().is_eyelike(p, c))
            .collect();
        if legal.is_empty() {
            g.play(Move::Pass).unwrap();
        } else {
            let p = legal[rng.below(legal.len())];
            g.play(Move::Play(p)).unwrap();
        }
    }
    g
}

#[test]
fn genmove_is_legal_and_fills_no_own_eye_in_random_positions() {
    let mut engine = Engine::new();
    let opts = Options {
        level: Some(Level::new(1).unwrap()),
        time_ms: Some(60_000),
        cleanup: false,
    };
    let mut played = 0;
    for seed in 0..24u64 {
        let size = if seed % 4 == 3 { 13 } else { 9 };
        let moves = (seed as usize * 7) % (size * size);
        let game = random_game(size, moves, seed);
        let color = game.to_move();
        let d = engine.genmove(&game, &opts);
        match d.mv {
            Move::Play(p) => {
                assert!(game.check(color, p).is_ok(), "seed {seed}: illegal {p:?}");
                assert!(
                    !game.board().is_eyelike(p, color),
                    "seed {seed}: fills its own eye at {p:?}"
                );
                played += 1;
            }
            Move::Pass => {}
            Move::Resign => panic!("resigning is off by default"),
        }
        let mut after = game.clone();
        after.play(d.mv).unwrap();
    }
    assert!(played >= 18, "only {played} moves played");
}

#[test]
fn two_engines_finish_a_small_game_with_passes() {
    let mut g = Game::new(5, RuleSet::Chinese, 0.5).unwrap();
    let mut engine = Engine::new();
    let opts = Options {
        level: Some(Level::new(1).unwrap()),
        time_ms: Some(60_000),
        cleanup: false,
    };
    for _ in 0..60 {
        if g.is_over() {
            break;
        }
        let d = engine.genmove(&g, &opts);
        g.play(d.mv).unwrap();
    }
    assert!(g.is_over(), "the game should end with two passes");
    let [b, w] = g.board().stone_counts();
    assert!(b + w > 5, "the board was played on: {b} {w}");
    // Equal seeds and budgets: equal moves.
    let start = random_game(9, 10, 7);
    let mut e1 = Engine::new();
    let mut e2 = Engine::new();
    e1.set_seed(3);
    e2.set_seed(3);
    let a = e1.genmove(&start, &opts);
    let b2 = e2.genmove(&start, &opts);
    assert_eq!(a.mv, b2.mv);
    assert_eq!(a.nodes, b2.nodes);
    let _ = Color::Black;
}

/// Options of a move at level 6, the first tree level, on node and
/// playout budgets alone (no clock: the same moves on any machine).
fn level_six() -> Options {
    Options {
        level: Some(Level::new(6).unwrap()),
        time_ms: None,
        cleanup: false,
    }
}

/// A tree level (6): the classic valuation explains, the tree search
/// chooses within its playout count; legal, no own eye, and the same
/// moves from two engines with the same seed asked the same things (the
/// kept tree and the random numbers carry from move to move).
#[test]
fn a_tree_level_plays_legal_explained_and_repeatable_moves() {
    let opts = level_six();
    let mut engine = Engine::new();
    let mut twin = Engine::new();
    for seed in 0..6u64 {
        let game = random_game(9, 10 + seed as usize * 9, seed);
        let color = game.to_move();
        let d = engine.genmove(&game, &opts);
        let summary = d.search.as_ref().expect("a tree level reports its search");
        // Level 6's 2,000 playouts for 19x19, four times as many on 9x9.
        assert!(summary.playouts > 0 && summary.playouts <= 8_000);
        if let Move::Play(p) = d.mv {
            assert!(game.check(color, p).is_ok(), "seed {seed}: illegal {p:?}");
            assert!(!game.board().is_eyelike(p, color), "seed {seed}: own eye");
            assert_eq!(summary.pv.first(), Some(&d.mv));
            let last = d.reasons.last().expect("a played move has reasons");
            assert_eq!(last.kind, moku::engine::ReasonKind::Search);
            assert!((0.0..=1.0).contains(&last.factor));
        }
        let again = twin.genmove(&game, &opts);
        assert_eq!(again.mv, d.mv, "seed {seed}: not repeatable");
    }
}

/// "Why not here?" at a tree level numbers the points as the decision
/// listed its candidates (the search's root moves, most playouts first,
/// then the classic candidates it did not try: the order the page numbers
/// its marks in), and gives the search's playouts and win rate: the page's
/// mark 1 is the engine's first candidate, whatever its classic value.
#[test]
fn why_not_at_a_tree_level_ranks_as_the_decision_listed() {
    use moku::engine::WhyNot;
    let opts = level_six();
    let mut engine = Engine::new();
    let mut orders_differ = false;
    for seed in 0..4u64 {
        let game = random_game(9, 12 + seed as usize * 7, seed + 40);
        let color = game.to_move();
        let d = engine.genmove(&game, &opts);
        let Move::Play(chosen) = d.mv else { continue };
        let search = d.search.as_ref().expect("a tree level reports its search");
        let mut order: Vec<moku::Point> = search
            .candidates
            .iter()
            .filter_map(|t| match t.mv {
                Move::Play(p) => Some(p),
                _ => None,
            })
            .collect();
        for c in &d.candidates {
            if !order.contains(&c.point) {
                order.push(c.point);
            }
        }
        order.retain(|&p| p != chosen);
        let classic: Vec<moku::Point> = d
            .candidates
            .iter()
            .map(|c| c.point)
            .filter(|&p| p != chosen)
            .collect();
        orders_differ |= order[..3] != classic[..3];
        match engine.why_not(&game, color, chosen) {
            WhyNot::Considered {
                rank,
                search: Some(t),
                ..
            } => {
                assert_eq!(rank, 0, "seed {seed}: the chosen move");
                assert_eq!(t.visits, search.visits, "seed {seed}");
            }
            other => panic!("seed {seed}: the chosen move: {other:?}"),
        }
        for (i, &p) in order.iter().take(4).enumerate() {
            let tried = search.candidates.iter().find(|t| t.mv == Move::Play(p));
            match engine.why_not(&game, color, p) {
                WhyNot::Considered {
                    rank, search: s, ..
                } => {
                    assert_eq!(rank, i + 1, "seed {seed}: {p:?}");
                    assert_eq!(
                        s.map(|t| t.visits),
                        tried.map(|t| t.visits),
                        "seed {seed}: {p:?}"
                    );
                    if let Some(t) = s {
                        assert_eq!(t.best_visits, search.visits);
                        assert!((0.0..=1.0).contains(&t.winrate));
                    }
                }
                other => panic!("seed {seed}: {p:?}: {other:?}"),
            }
        }
    }
    // Otherwise the test would not tell the two orders apart.
    assert!(
        orders_differ,
        "the search's order matched the classic one in every position"
    );
}

/// From a match record: after move 79 White's J6 retakes a ko and repeats
/// an earlier whole-board position. The record's rules are Japanese (basic
/// ko), which allow it; referees and servers apply superko, so neither the
/// tree search nor a tree level may play it.
#[test]
fn the_tree_search_never_repeats_a_position_whatever_the_rules() {
    use moku::engine::mcts::{SearchConfig, TreeBudget, TreeSearch};
    use moku::record::{game_from_sgf_bytes, LoadUntil};
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gtp/superko-9x9.sgf"
    ))
    .unwrap();
    let game = game_from_sgf_bytes(&bytes, LoadUntil::End).unwrap();
    let j6 = moku::rules::parse_gtp_vertex("J6", 9).unwrap().unwrap();
    assert_eq!(game.to_move(), Color::White);
    assert!(
        game.check(Color::White, j6).is_ok(),
        "the basic ko rule allows J6"
    );
    let mut strict = game.clone();
    strict.set_rules(RuleSet::Chinese);
    assert!(
        strict.check(Color::White, j6).is_err(),
        "superko forbids J6"
    );
    for seed in 1..=4 {
        let mut search = TreeSearch::new(SearchConfig {
            seed,
            ..SearchConfig::default()
        });
        let d = search.genmove(&game, Color::White, TreeBudget::playouts(1_000));
        assert_ne!(d.mv, Move::Play(j6), "seed {seed}");
    }
    let opts = level_six();
    let d = Engine::new().genmove(&game, &opts);
    assert_ne!(d.mv, Move::Play(j6));
    if let Move::Play(p) = d.mv {
        assert!(strict.check(Color::White, p).is_ok());
    }
}
