//! The fact check: over every position of twenty real game records, the
//! engine's reasons and the review's sentences are held to the
//! predicates of `docs/words.md` by code of this file, which shares
//! nothing with the code that wrote them but the board, the string
//! reader the predicates name, the pattern database, and for the
//! endgame words the thermography with the root's statuses.
//!
//! Run optimised (`cfg(optimized)`, set by `build.rs`) by the test
//! command's `cargo test --profile checked`; unoptimised it takes many
//! minutes, so a plain `cargo test` skips it.

mod common;

use common::{map_parallel, regression_game};
use moku::engine::mcts::TreeBudget;
use moku::engine::patterns;
use moku::engine::review::{positions_before_moves, MoveReview, Reviewer};
use moku::engine::{
    Certainty, Decision, EndgameNote, Engine, Level, Options, Reason, ReasonKind, SearchSummary,
    REASON_LEVEL,
};
use moku::eval::thermo::{self, ChoiceKind, ChoiceRule, Rational, RegionKind, RegionOrigin};
use moku::reading::{tactics, Budget as Reads, Code};
use moku::record::LoadUntil;
use moku::rules::gtp_vertex;
use moku::rules::Scoring;
use moku::{Board, Color, Game, Move, Point};

/// Twenty real games: eighteen on 9x9 (CGOS, NNGS and KGS games,
/// and Nicklas's and Crazy Stone's games against GNU Go) and two on 19x19.
const RECORDS: [&str; 20] = [
    "cgos/25811.sgf",
    "cgos/14198.sgf",
    "cgos/879.sgf",
    "cgos/471085.sgf",
    "nicklas/nicklas5.sgf",
    "nicklas/nicklas10.sgf",
    "nicklas/nicklas14.sgf",
    "nicklas/nicklas16.sgf",
    "nicklas/nicklas18.sgf",
    "nicklas/nicklas19.sgf",
    "kgs/maproom-gnugo3pt6.sgf",
    "nngs/aburry-gnugo-3.3.12-200212162212.sgf",
    "nngs/evand-gnugo-3.5.2gf1-200312161910.sgf",
    "nngs/evand-gnugo-3.5.2gf1-200312130817.sgf",
    "CrazyStone1.sgf",
    "CrazyStone2.sgf",
    "poka.sgf",
    "golife.sgf",
    "kgs/yagr-Kazik.sgf",
    "nngs/gnugo-3.1.18-goku-200201042350.sgf",
];

/// Playouts of each position's search: enough for the first few moves to
/// pass the words' own floor of playouts for ownership facts.
const PLAYOUTS: u64 = 300;

/// The string reader's budget the predicates use: the words' own.
const READ_NODES: u64 = moku::engine::words::READ_NODES;

/// The reasons of a tree level's move in `before`, searched for
/// [`PLAYOUTS`] playouts.
fn decide(engine: &mut Engine, before: &Game) -> Decision {
    let opts = Options {
        level: Some(Level::new(6).unwrap()),
        ..Options::default()
    };
    let mut pending = engine.begin_move(before, before.to_move(), &opts);
    engine.search_move(&mut pending, TreeBudget::playouts(PLAYOUTS));
    engine.finish_move(pending)
}

/// The ownership of point `q` in a row-major map.
fn own(map: &[f32], size: usize, q: Point) -> f32 {
    map[q.y() * size + q.x()]
}

/// What the ownership facts of a search are read from: the move's
/// ownership, the tenuki baseline and the baseline's ownership; or what
/// the search lacks of them.
fn playouts_evidence(
    search: Option<&SearchSummary>,
) -> Result<(&[f32], &Move, &[f32]), &'static str> {
    let e = search
        .and_then(|s| s.evidence.as_ref())
        .ok_or("the playouts' evidence")?;
    let (mv, base) = e.baseline.as_ref().ok_or("a baseline")?;
    Ok((&e.ownership, mv, base))
}

/// Checks every reason of `d`, the decision `engine` made for the side
/// to move in `before`, and returns what is false.
fn check_decision(engine: &mut Engine, before: &Game, d: &Decision) -> Vec<String> {
    let board = before.board();
    let size = board.size();
    let color = before.to_move();
    let mut out = Vec::new();
    let Move::Play(p) = d.mv else {
        // A pass or a resignation names nothing on the board.
        if d.reasons.iter().any(|r| r.kind != ReasonKind::Pass) {
            out.push("a pass with reasons other than the pass".to_string());
        }
        return out;
    };
    let mut after = board.clone();
    after
        .play(p, color, false)
        .expect("the engine's move is legal");
    let opp = color.opponent();
    let shapes = d
        .reasons
        .iter()
        .filter(|r| r.kind == ReasonKind::Shape)
        .count();
    if shapes > 1 {
        out.push(format!("{shapes} shape words"));
    }
    let search = d.search.as_ref();
    let evidence = playouts_evidence(search);
    for r in &d.reasons {
        let said = r.text(size);
        let mut fail = |why: &str| out.push(format!("{said:?}: {why}"));
        let target = r.target;
        match r.kind {
            ReasonKind::Capture => {
                let t = target.expect("a capture names a stone");
                let removed = |c: Color| {
                    board.points().filter(|&q| board.get(q) == Some(c)).count()
                        - after.points().filter(|&q| after.get(q) == Some(c)).count()
                };
                if board.get(t) != Some(opp) || after.get(t).is_some() {
                    fail("the stone named is not an opponent stone removed");
                }
                if removed(opp) != r.size as usize {
                    fail(&format!("{} stones were removed", removed(opp)));
                }
            }
            ReasonKind::Atari => {
                let t = target.expect("an atari names a stone");
                if after.get(t) != Some(opp) || after.liberties(t) != 1 {
                    fail("the string named does not have one liberty after the move");
                } else if board.liberties(t) <= 1 {
                    fail("the string was in atari already");
                } else if after.chain_len(t) != r.size as usize {
                    fail("the number of stones is not the string's");
                }
            }
            ReasonKind::Save => {
                let t = target.expect("a save names a stone");
                if r.certainty != Certainty::Proved {
                    fail("a save not proved by the reader");
                }
                if read(board, t, true) != Some(Code::Win)
                    || read(&after, t, true) != Some(Code::Fail)
                {
                    fail("the reader does not capture it before and not after");
                }
            }
            ReasonKind::Kill if r.certainty == Certainty::Proved => {
                let t = target.expect("a kill names a stone");
                if read(board, t, false) != Some(Code::Win)
                    || read(&after, t, false) != Some(Code::Fail)
                {
                    fail("the reader does not save it before and not after, its owner to move");
                }
            }
            ReasonKind::Kill | ReasonKind::Live => {
                let t = target.expect("a kill or life names a stone");
                let (ownership, _, base) = match evidence {
                    Ok(found) => found,
                    Err(missing) => {
                        fail(&format!("a playouts' fact without {missing}"));
                        continue;
                    }
                };
                let who = if r.kind == ReasonKind::Kill {
                    opp
                } else {
                    color
                };
                if after.get(t) != Some(who) {
                    fail("the stone named is not the string's owner's");
                    continue;
                }
                // The string's chance to stay on the board, the stone
                // just played left out.
                let chance = |m: &[f32]| {
                    let stones: Vec<Point> = after.chain(t).filter(|&s| s != p).collect();
                    let mean = stones
                        .iter()
                        .map(|&s| own(m, size, s) * who.sign() as f32)
                        .sum::<f32>()
                        / stones.len().max(1) as f32;
                    (mean + 1.0) / 2.0
                };
                let (now, then) = (chance(ownership), chance(base));
                let crosses = if r.kind == ReasonKind::Kill {
                    then >= 0.6 && now <= 0.4
                } else {
                    then <= 0.4 && now >= 0.6
                };
                if !crosses {
                    fail(&format!("its chance goes from {then:.2} to {now:.2}"));
                }
                if (r.size as usize) < after.chain_len(t) {
                    fail("fewer stones than the string named");
                }
            }
            ReasonKind::Territory | ReasonKind::Reduce => {
                let (ownership, base_mv, base) = match evidence {
                    Ok(found) => found,
                    Err(missing) => {
                        fail(&format!("territory without {missing}"));
                        continue;
                    }
                };
                let sign = color.sign() as f32;
                let (mut territory, mut reduced) = (0.0f32, 0.0f32);
                for q in after.points().filter(|&q| after.is_empty(q)) {
                    if let Move::Play(b) = base_mv {
                        let d = |a: Point, b: Point| a.x().abs_diff(b.x()) + a.y().abs_diff(b.y());
                        if d(q, p) >= d(q, *b) {
                            continue;
                        }
                    }
                    let (m, b) = (sign * own(ownership, size, q), sign * own(base, size, q));
                    let gain = (m - b) / 2.0;
                    if gain < 0.1 {
                        continue;
                    }
                    if b <= -0.2 {
                        reduced += gain;
                    } else {
                        territory += gain;
                    }
                }
                let counted = if r.kind == ReasonKind::Territory {
                    territory
                } else {
                    reduced
                };
                if counted.round() as u32 != r.size || counted < 2.0 {
                    fail(&format!("the ownership counts {counted:.1} points"));
                }
            }
            ReasonKind::Shape => {
                let name = r.name.unwrap_or("");
                let found: Vec<&patterns::Pattern> = patterns::matching(board, p, color).collect();
                if !found.iter().any(|m| m.name == name) {
                    fail("no pattern of that name matches the move");
                }
                // A shape is a fact about the board after the move: a
                // move that captures the pattern's stones is a capture.
                if !found.iter().any(|m| {
                    m.name == name
                        && m.opponent_stones(board, p, color)
                            .into_iter()
                            .all(|s| after.get(s) == Some(opp))
                }) {
                    fail("a shape whose opponent stones the move captures");
                }
                if found.iter().any(|m| m.factor > 1.0) && found.iter().any(|m| m.factor < 1.0) {
                    fail("good and bad shapes both match: no shape word may be said");
                }
                // A slow shape: each opponent string it runs along stays
                // on the board in at least 60% of the move's playouts.
                if let Some(m) = found.iter().find(|m| m.name == name && m.slow) {
                    let Some(ownership) = search
                        .and_then(|s| s.evidence.as_ref())
                        .map(|e| &e.ownership)
                    else {
                        fail("a slow shape without the playouts' ownership");
                        continue;
                    };
                    for s in m.opponent_stones(board, p, color) {
                        if after.get(s) != Some(opp) {
                            fail("a slow shape along a stone the move removes");
                            continue;
                        }
                        let stones: Vec<Point> = after.chain(s).collect();
                        let mean = stones
                            .iter()
                            .map(|&q| -own(ownership, size, q) * color.sign() as f32)
                            .sum::<f32>()
                            / stones.len() as f32;
                        if (mean + 1.0) / 2.0 < 0.6 {
                            fail(&format!(
                                "a slow shape along a string that stays in {:.2} of the playouts",
                                (mean + 1.0) / 2.0
                            ));
                        }
                    }
                }
            }
            ReasonKind::Search => {
                let Some(s) = search else {
                    fail("a search's reason without a search");
                    continue;
                };
                let Some(c) = s.candidates.iter().find(|c| c.mv == d.mv) else {
                    fail("the move is not among the search's candidates");
                    continue;
                };
                if r.size != c.visits || (r.factor - c.winrate).abs() > 1e-6 {
                    fail("the visits or the win rate are not the move's");
                }
                if r.score_lead != Some(c.lead) {
                    fail("the score lead is not the move's");
                }
                if let Some((m, diff)) = r.versus {
                    let Some(o) = s.candidates.iter().find(|o| o.mv == m) else {
                        fail("the move compared with is not a candidate");
                        continue;
                    };
                    if (diff - (c.lead - o.lead)).abs() > 1e-4 {
                        fail("the value is not the difference of the two leads");
                    }
                    // "Within the search's noise" is said exactly where the
                    // difference is under two standard errors of it.
                    let noise = 2.0 * (c.lead_error.powi(2) + o.lead_error.powi(2)).sqrt();
                    let noted = said.contains("within the search's noise");
                    // The difference as shown: of the two leads, each
                    // rounded to a tenth.
                    let tenth = |x: f32| (x * 10.0).round() / 10.0;
                    let shown = tenth(tenth(c.lead) - tenth(o.lead)) != 0.0;
                    if noted != (shown && diff.abs() < noise) {
                        fail(&format!(
                            "the noise is misstated: {diff:.2} points against a noise of {noise:.2}"
                        ));
                    }
                }
                if r.samples > r.size {
                    fail("more playouts this move than visits");
                }
                if u64::from(r.samples) > s.root_playouts || s.root_playouts < s.playouts {
                    fail("more playouts through the move than from its position");
                }
            }
            ReasonKind::Endgame | ReasonKind::Sente => {
                for why in check_endgame(engine, before, p, r) {
                    fail(&why);
                }
            }
            ReasonKind::Guard | ReasonKind::Pass => {}
            other => fail(&format!("{} is not a word moku may say", other.name())),
        }
    }
    out
}

/// A kind of endgame move as the thermograph's top says it for `color`.
fn endgame_kind(region: &thermo::Region, color: Color) -> ChoiceKind {
    match (region.kind, color) {
        (RegionKind::Ko, _) => ChoiceKind::Ko,
        (RegionKind::SenteBlack, Color::Black) | (RegionKind::SenteWhite, Color::White) => {
            ChoiceKind::Sente
        }
        _ => ChoiceKind::Gote,
    }
}

/// The regions' means and the stones taken on the way, from `color`'s
/// side, after `color` plays its best move in region `first` and both
/// sides then take the hottest region's best move until none is hot: the
/// hotstrat line tedomari compares. (A position's mean leaves out the
/// stones the moves into it took.)
fn hotstrat_line(regions: &[thermo::Region], first: usize, color: Color) -> Rational {
    let mut s: Vec<thermo::LocalSummary> = regions.iter().map(|r| r.summary.clone()).collect();
    let mut turn = color;
    let mut i = Some(first);
    let mut prisoners = Rational::ZERO;
    // Far more moves than the regions' summaries hold.
    for _ in 0..64 {
        let Some(at) = i else { break };
        let Some((_, child)) = s[at].best(turn).cloned() else {
            break;
        };
        let taken = s[at].captures[turn.index()] as i64;
        prisoners = prisoners + Rational::from(if turn == Color::Black { taken } else { -taken });
        s[at] = *child;
        turn = turn.opponent();
        // The hottest region with a move for the side to move; the first
        // of equal ones.
        let mut best: Option<(usize, Rational)> = None;
        for (k, r) in s.iter().enumerate() {
            if r.temperature > Rational::ZERO
                && r.best(turn).is_some()
                && best.is_none_or(|(_, t)| r.temperature > t)
            {
                best = Some((k, r.temperature));
            }
        }
        i = best.map(|(k, _)| k);
    }
    let total = s.iter().fold(prisoners, |acc, r| acc + r.mean);
    if color == Color::Black {
        total
    } else {
        -total
    }
}

/// What is false in an endgame reason `r` for the move at `p` in
/// `before`: checked on the thermography of the statuses `engine`'s root
/// reads at the level that valued the tree's candidates (those its move
/// stood on, when it has just moved there).
fn check_endgame(engine: &mut Engine, before: &Game, p: Point, r: &Reason) -> Vec<String> {
    let mut out = Vec::new();
    let Some(note) = r.endgame else {
        return vec!["an endgame word without the thermography's note".to_string()];
    };
    let color = before.to_move();
    let board = before.board();
    let statuses = engine.root_statuses(before, Level::new(i64::from(REASON_LEVEL)).unwrap());
    let a = thermo::analyze(board, &statuses);
    let Some(region) = a.regions.iter().find(|g| g.points.contains(&p)) else {
        return vec!["the move is in no region of the thermography".to_string()];
    };
    if region.id != note.region {
        out.push(format!(
            "the move is in region {}, not {}",
            region.id, note.region
        ));
    }
    if matches!(region.origin, RegionOrigin::Invasion(_)) {
        out.push("the region is an invasion, whose value is a guess".to_string());
    }
    if region.summary.best(color).map(|b| b.0) != Some(p) {
        out.push("the move is not the mover's best move in the region".to_string());
    }
    let t = region.temperature;
    if t <= Rational::ZERO || note.value != t {
        out.push(format!("the region's temperature is {}", t.decimal()));
    }
    let kind = endgame_kind(region, color);
    if kind != note.kind {
        out.push(format!("the region's move is {}", kind.name()));
    }
    let said_sente = r.kind == ReasonKind::Sente;
    if said_sente != (kind == ChoiceKind::Sente) {
        out.push("sente said of a move that is not sente, or the reverse".to_string());
    }
    let words = r.text(board.size());
    if !words.starts_with(&format!("{}, {} point", kind.name(), t.mixed())) {
        out.push(format!(
            "the words do not say {} and {}",
            kind.name(),
            t.decimal()
        ));
    }
    // The other hot regions with a move for the mover.
    let others: Vec<&thermo::Region> = a
        .regions
        .iter()
        .filter(|g| g.id != region.id && g.temperature > Rational::ZERO)
        .filter(|g| g.summary.best(color).is_some())
        .collect();
    let hottest_gote = others
        .iter()
        .filter(|g| endgame_kind(g, color) == ChoiceKind::Gote)
        .max_by(|x, y| x.temperature.cmp(&y.temperature));
    let one = Rational::new(1, 1);
    let rule_holds = match note.rule {
        ChoiceRule::Temperature => true,
        // A hotter move that is not the mover's sente, by a point at most.
        ChoiceRule::SenteFirst => {
            kind == ChoiceKind::Sente
                && others.iter().any(|g| {
                    endgame_kind(g, color) != ChoiceKind::Sente
                        && g.temperature > t
                        && g.temperature <= t + one
                })
        }
        // 3 t_K > 2 t_G + t_E, t_E the hottest of the rest (the mover's
        // sente left out: answered, it changes nothing).
        ChoiceRule::KoFirst => {
            kind == ChoiceKind::Ko
                && hottest_gote.is_some_and(|g| {
                    let t_e = others
                        .iter()
                        .filter(|e| e.id != g.id && endgame_kind(e, color) != ChoiceKind::Sente)
                        .map(|e| e.temperature)
                        .max()
                        .unwrap_or(Rational::ZERO);
                    g.temperature >= t
                        && Rational::from(3) * t > Rational::from(2) * g.temperature + t_e
                })
        }
        // Area scoring, and every other move below temperature 2.
        ChoiceRule::KoOwned => {
            kind == ChoiceKind::Ko
                && before.rules().scoring() == Scoring::Area
                && others.iter().all(|g| {
                    endgame_kind(g, color) == ChoiceKind::Ko || g.temperature < Rational::from(2)
                })
        }
        // The hottest gote, at least as hot and within a point, after which
        // the hotstrat line ends worse.
        ChoiceRule::Tedomari => {
            kind == ChoiceKind::Gote
                && hottest_gote.is_some_and(|g| {
                    g.temperature >= t
                        && g.temperature <= t + one
                        && hotstrat_line(&a.regions, region.id - 1, color)
                            > hotstrat_line(&a.regions, g.id - 1, color)
                })
        }
    };
    if !rule_holds {
        out.push(format!("the rule {} does not hold", note.rule.name()));
    }
    out
}

/// The string reader on a copy: `attack` with the attacker first, or
/// `defend` with the owner first; `None` when the reading used its whole
/// budget, which proves nothing.
fn read(board: &Board, t: Point, attack: bool) -> Option<Code> {
    let mut b = board.clone();
    let reads = Reads::nodes(READ_NODES);
    let a = if attack {
        tactics::attack(&mut b, t, &reads)
    } else {
        tactics::defend(&mut b, t, &reads)
    };
    (a.nodes < READ_NODES).then_some(a.code)
}

/// The positions of one record's decisions, and their violations, each
/// with its place and what was said.
fn check_record(file: &str, game: &Game) -> (usize, Vec<String>) {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    let positions = positions_before_moves(game);
    for (before, _) in &positions {
        if before.is_over() {
            continue;
        }
        let d = decide(&mut engine, before);
        for why in check_decision(&mut engine, before, &d) {
            let said: Vec<String> = d.reasons.iter().map(|r| r.text(before.size())).collect();
            out.push(format!(
                "{file} before move {}: {why} (said: {})",
                before.move_number() + 1,
                said.join(" | ")
            ));
        }
    }
    (positions.len(), out)
}

/// A position where a move ataris without capturing, and a planted false
/// reason about it: the checker must catch it.
#[test]
fn the_checker_catches_a_planted_false_reason() {
    let mut game = Game::new(9, moku::RuleSet::Chinese, 7.0).unwrap();
    for v in ["E5", "D5", "E6", "D6"] {
        let p = moku::rules::parse_gtp_vertex(v, 9).unwrap().unwrap();
        game.play(Move::Play(p)).unwrap();
    }
    let mut engine = Engine::new();
    let mut d = decide(&mut engine, &game);
    assert!(
        check_decision(&mut engine, &game, &d).is_empty(),
        "{:?}",
        d.reasons
    );
    // "captures 2 stones" where nothing is removed.
    let Move::Play(p) = d.mv else {
        panic!("the engine plays on")
    };
    let planted = Reason::new(ReasonKind::Capture, Color::White).target(p, 2);
    d.reasons.insert(0, planted);
    let found = check_decision(&mut engine, &game, &d);
    assert!(!found.is_empty(), "{d:?}");
    assert!(
        found.iter().all(|f| f.contains("captures 2 stones")),
        "{found:?}"
    );
    // The search's margin over its next best move said to be clear of
    // the noise where it is not, and the reverse.
    d.reasons.remove(0);
    let search = d
        .reasons
        .iter_mut()
        .find(|r| r.kind == ReasonKind::Search)
        .expect("the tree search's reason");
    assert!(search.versus.is_some(), "{search:?}");
    search.versus_noise = if search.text(9).contains("within the search's noise") {
        0.0
    } else {
        f32::INFINITY
    };
    let found = check_decision(&mut engine, &game, &d);
    assert!(
        found.iter().any(|f| f.contains("the noise is misstated")),
        "{found:?}"
    );
    // A word the vocabulary does not have.
    d.reasons
        .insert(0, Reason::new(ReasonKind::Invade, Color::White));
    let found = check_decision(&mut engine, &game, &d);
    assert!(
        found
            .iter()
            .any(|f| f.contains("invade is not a word moku may say")),
        "{found:?}"
    );
}

/// The endgame words' checker on a position made for it: three regions
/// on the border of two living groups (13x13, each group with eyes), a
/// one-point gote F9-G9 (temperature 1/2), a two-point gote F7-G7-H7
/// (temperature 1) and a ko at F5-G5 (White's F5 in atari: one prisoner,
/// won in two moves or lost in one, temperature 1/3). Under area scoring
/// nothing else is as hot as 2, so the ko is Black's at G5; the checker
/// passes the true words and catches each planted false one.
#[test]
fn the_checker_holds_the_endgame_words_to_the_thermography() {
    let board = Board::from_ascii(include_str!("data/boards/ko-and-two-gotes-13x13.txt"));
    let game_under = |rules| {
        let mut g = Game::new(13, rules, 7.0).unwrap();
        let stones: Vec<_> = board
            .points()
            .filter_map(|p| board.get(p).map(|c| (p, Some(c))))
            .collect();
        g.setup(&stones).unwrap();
        g.set_to_move(Color::Black);
        g
    };
    let game = game_under(moku::RuleSet::Chinese);
    let at = |v: &str| moku::rules::parse_gtp_vertex(v, 13).unwrap().unwrap();
    let third = Rational::new(1, 3);
    let note = |kind, rule, value, region| EndgameNote {
        kind,
        rule,
        value,
        region,
    };
    let word = |kind, n: EndgameNote| Reason {
        endgame: Some(n),
        ..Reason::new(kind, Color::Black)
    };
    let ko = note(ChoiceKind::Ko, ChoiceRule::KoOwned, third, 3);
    let faults = check_endgame(
        &mut Engine::new(),
        &game,
        at("G5"),
        &word(ReasonKind::Endgame, ko),
    );
    assert!(faults.is_empty(), "{faults:?}");
    let gote = note(
        ChoiceKind::Gote,
        ChoiceRule::Temperature,
        Rational::new(1, 1),
        2,
    );
    let faults = check_endgame(
        &mut Engine::new(),
        &game,
        at("G7"),
        &word(ReasonKind::Endgame, gote),
    );
    assert!(faults.is_empty(), "{faults:?}");
    // Planted: a wrong value, a rule that does not hold, a sente that is
    // a gote, the ko rule under territory scoring.
    let japanese = game_under(moku::RuleSet::Japanese);
    let one = Rational::new(1, 1);
    let (ending, sente) = (ReasonKind::Endgame, ReasonKind::Sente);
    let wrong_value = word(
        ending,
        note(ChoiceKind::Ko, ChoiceRule::KoOwned, Rational::new(2, 1), 3),
    );
    let not_tedomari = word(ending, note(ChoiceKind::Gote, ChoiceRule::Tedomari, one, 2));
    let not_sente = word(
        sente,
        note(ChoiceKind::Sente, ChoiceRule::Temperature, one, 2),
    );
    let planted = [
        ("G5", wrong_value, &game, "temperature is 0.333"),
        ("G7", not_tedomari, &game, "the rule tedomari"),
        ("G7", not_sente, &game, "the region's move is gote"),
        ("G5", word(ending, ko), &japanese, "the rule ko-owned"),
    ];
    for (p, r, g, what) in planted {
        let faults = check_endgame(&mut Engine::new(), g, at(p), &r);
        assert!(
            faults.iter().any(|f| f.contains(what)),
            "{what}: {faults:?}"
        );
    }
}

/// The figures a review sentence names: the points lost, and the two
/// leads it says they are the difference of.
fn sentence_figures(text: &str, m: &MoveReview, size: usize) -> Option<(f32, f32, f32)> {
    let below = text.split(" points below ").next()?;
    let loss: f32 = below.rsplit([' ', ',']).next()?.parse().ok()?;
    let (best, played) = sentence_leads(text, m, size)?;
    Some((loss, best, played))
}

/// The points a review sentence says the move played leads by beyond
/// the search's move ("0.1 points above E4").
fn above_figure(text: &str) -> Option<f32> {
    let head = text.split(" points above ").next()?;
    head.rsplit([' ', ',']).next()?.parse().ok()
}

/// The two leads a review sentence names: after the search's move and
/// after the move played.
fn sentence_leads(text: &str, m: &MoveReview, size: usize) -> Option<(f32, f32)> {
    let lead = |after: &str| -> Option<f32> {
        let part = text.split(&format!(" after {after}")).next()?;
        let words: Vec<&str> = part.rsplitn(4, ' ').collect();
        // "... leads by 3.1" or "... trails by 2.0" or "... is even".
        let value: f32 = words.first()?.parse().unwrap_or(0.0);
        match words.get(2) {
            Some(&"trails") => Some(-value),
            _ => Some(value),
        }
    };
    let name = |mv: Move| match mv {
        Move::Play(p) => gtp_vertex(p, size),
        Move::Pass => "passing".to_string(),
        Move::Resign => "resigning".to_string(),
    };
    Some((lead(&name(m.preferred.mv))?, lead(&name(m.played.mv))?))
}

/// The moves of one record's review, and the sentences that do not add
/// up, each with its place.
fn check_review(file: &str, game: &Game) -> (usize, Vec<String>) {
    let size = game.size();
    let mut reviewer = Reviewer::new(Level::new(1).unwrap()).unwrap();
    let review = reviewer.review(game, |_, _| true);
    let mut bad = Vec::new();
    for m in &review.moves {
        let text = m.text(size);
        let diff = (m.preferred.lead - m.played.lead).max(0.0);
        if m.loss < 0.0 || (m.loss - diff).abs() > 0.05 {
            bad.push(format!(
                "{file} {}: loss {} against leads {} and {}",
                m.number, m.loss, m.preferred.lead, m.played.lead
            ));
        }
        if text.contains(" points below ") {
            match sentence_figures(&text, m, size) {
                Some((loss, best, played)) if (loss - (best - played)).abs() <= 0.051 => {}
                other => bad.push(format!("{file} {}: {text:?} reads {other:?}", m.number)),
            }
        }
        // "points above": the gain is the played move's lead less the
        // search's move's, as the sentence prints them.
        if text.contains(" points above ") {
            match (sentence_leads(&text, m, size), above_figure(&text)) {
                (Some((best, played)), Some(gain))
                    if gain > 0.0 && (gain - (played - best)).abs() <= 0.051 => {}
                other => bad.push(format!("{file} {}: {text:?} reads {other:?}", m.number)),
            }
        }
        // "better than" the search's move: the played move's lead, as
        // the sentence prints it, is the higher; "as good as": equal.
        let compared = [
            (": better than the search's ", true),
            (": as good as the search's ", false),
        ];
        for (phrase, better) in compared {
            if !text.contains(phrase) {
                continue;
            }
            match sentence_leads(&text, m, size) {
                Some((best, played)) if better && played > best => {}
                Some((best, played)) if !better && (played - best).abs() < 0.05 => {}
                other => bad.push(format!("{file} {}: {text:?} reads {other:?}", m.number)),
            }
        }
        // A pass after the opponent's pass, when the search passes
        // too, is no mistake.
        if m.played.mv == Move::Pass
            && m.preferred.mv == Move::Pass
            && m.verdict != moku::engine::review::Verdict::Good
        {
            bad.push(format!(
                "{file} {}: a pass the search agrees with is a {:?}",
                m.number, m.verdict
            ));
        }
    }
    (review.moves.len(), bad)
}

/// Runs `check` on every record: over the twenty, it must have looked
/// at 1,200 `what` at least, and found nothing wrong (the first ten
/// faults shown).
fn holds_over_records(what: &str, check: fn(&str, &Game) -> (usize, Vec<String>)) {
    let mut checked = 0;
    let mut faults = Vec::new();
    for (n, found) in map_parallel(&RECORDS, |file| {
        check(
            file,
            &regression_game(&format!("games/{file}"), LoadUntil::End),
        )
    }) {
        checked += n;
        faults.extend(found);
    }
    assert!(checked >= 1_200, "{checked} {what}");
    assert!(
        faults.is_empty(),
        "{} faults over {checked} {what}, the first: {:#?}",
        faults.len(),
        &faults[..faults.len().min(10)]
    );
}

optimised_tests! {
    every_reason_over_twenty_records_holds_its_predicate(
        "a search at every position of twenty records: run optimised"
    ) => holds_over_records("positions", check_record);
    every_review_sentence_adds_up(
        "a search at every position of twenty records: run optimised"
    ) => holds_over_records("moves", check_review);
}
