//! What the engine knows about the position it must move in, read once at
//! the root: the groups and their life-and-death status (the one call
//! into the status layer, [`read_groups`]), the tactical status of every
//! string short of liberties, the evaluators' maps, the strategy. A
//! [`Context`] is computed by [`Context::new`] and then only read: the
//! generators read its facts, and the valuation and the search read the
//! positions after a move through `lookahead`, which holds what they
//! count and cache.

use std::collections::HashMap;
use std::sync::Arc;

use crate::engine::classic::evaluate::{evaluate, EvalParams};
use crate::engine::classic::generators::endgame::Thermography;
use crate::engine::classic::strategy::{Phase, Strategy};
use crate::engine::level::Budgets;
use crate::eval::analysis::{self, GroupInfo};
use crate::eval::{handtalk, moyo, HandtalkAnalysis, MoyoAnalysis};
use crate::reading::{self, owl, Budget, Clock, GroupStatus};
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Game, Point, RuleSet, Status, StatusMap};

/// Strings with at most this many liberties are read tactically at the
/// root (GNU Go reads every string of up to four; three keeps the root
/// cheap, and four-liberty strings are rarely lost at once).
pub(crate) const ROOT_TACTIC_LIBS: usize = 3;
/// After a move, the strings it touches with at most this many
/// liberties are read again.
pub(crate) const LOCAL_TACTIC_LIBS: usize = 2;

/// How much `Lookahead::status_after` reads beyond the rules of thumb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reread {
    /// No reading: for the full-width look at every reply, where only the
    /// best few are then read properly.
    Quick,
    /// The strings the move touches with at most [`LOCAL_TACTIC_LIBS`]
    /// liberties are read again.
    Tactics,
}

/// A tactical read that finished or not, and where.
pub(crate) struct Proof {
    /// `Some(success)` when the reader finished, `None` when it ran out
    /// of budget (or met the clock).
    pub answer: Option<bool>,
    /// The key move of the read.
    pub point: Option<Point>,
    /// Nodes the read took.
    pub nodes: u64,
}

/// A tactical read of the string through `p` on `board` within `budget`:
/// with `attack`, whether its opponent moving first captures it;
/// otherwise whether its owner moving first saves it.
pub(crate) fn proven(board: &mut Board, p: Point, attack: bool, budget: &Budget) -> Proof {
    let a = if attack {
        reading::attack(board, p, budget)
    } else {
        reading::defend(board, p, budget)
    };
    // A read that used its whole budget (or met the clock) may have
    // stopped early: no proof either way.
    let exhausted = a.nodes >= budget.nodes || budget.clock.is_some_and(|c| c.expired());
    let answer = if a.code.succeeds() {
        Some(true)
    } else if exhausted {
        None
    } else {
        Some(false)
    };
    Proof {
        answer,
        point: a.point,
        nodes: a.nodes,
    }
}

/// A move is an invasion (its group must prove life) where the
/// opponent's dots are at least this strong: well inside its area, not
/// at its edge. Our choice.
pub(crate) const INVADED_DOTS: i8 = 5;
/// The smallest life-and-death budget for an invader's proof of life
/// (low levels read groups with less).
pub(crate) const INVADER_NODES: u64 = 200;

/// Every group with its status, each read with at most `nodes` nodes
/// (and the clock), from nothing read before.
pub(crate) fn read_groups(board: &Board, nodes: u64, clock: Option<&dyn Clock>) -> Vec<GroupInfo> {
    read_groups_cached(board, nodes, clock, &mut owl::StatusCache::default())
}

/// The one call into the status layer: every group with its status,
/// each read with at most `nodes` nodes (and the clock), a dragon whose
/// neighbourhood is as it was in a position read before keeping its
/// status from `cache` unread ([`owl::StatusCache`]). A faster status
/// reader replaces this function and nothing else.
pub(crate) fn read_groups_cached(
    board: &Board,
    nodes: u64,
    clock: Option<&dyn Clock>,
    cache: &mut owl::StatusCache,
) -> Vec<GroupInfo> {
    analysis::groups_cached(
        board,
        &Budget {
            clock,
            ..Budget::nodes(nodes)
        },
        cache,
    )
}

/// The life and death of the group through the stone on `p`, read with
/// at most `nodes` nodes: the search's one re-read of a group (the group
/// a candidate makes or joins).
pub(crate) fn read_group(board: &Board, p: Point, nodes: u64, clock: Option<&dyn Clock>) -> Status {
    let mut b = board.clone();
    match owl::group_status(
        &mut b,
        p,
        &Budget {
            clock,
            ..Budget::nodes(nodes)
        },
    ) {
        GroupStatus::Alive => Status::Alive,
        GroupStatus::Dead => Status::Dead,
        GroupStatus::Seki => Status::Seki,
        GroupStatus::Critical { .. } => Status::Critical,
    }
}

/// Liberties a stone of `c` on empty `m` would have (captures counted):
/// the board query, called from here only.
pub(crate) fn libs_after(board: &Board, m: Point, c: Color) -> usize {
    board.liberties_after(m, c)
}

/// `game` under positional superko (a copy only when its rules have a
/// weaker ko rule; suicide stays as the rules say).
pub(crate) fn strict_ko(game: &Game) -> std::borrow::Cow<'_, Game> {
    use crate::rules::KoRule;
    if game.rules().ko_rule() == KoRule::PositionalSuperko {
        return std::borrow::Cow::Borrowed(game);
    }
    let mut g = game.clone();
    g.set_rules(RuleSet::Chinese);
    std::borrow::Cow::Owned(g)
}

/// The tactical facts of one string at the root.
#[derive(Clone, Debug)]
pub(crate) struct StringFact {
    /// A stone of the string (its chain id).
    pub head: Point,
    pub color: Color,
    pub stones: usize,
    pub libs: usize,
    /// Where the opponent of its owner captures it, moving first.
    pub attack: Option<Point>,
    /// Where its owner saves it, moving first (when it can be attacked).
    pub defend: Option<Point>,
    /// Captured whoever moves first.
    pub dead: bool,
}

/// The root of one decision.
pub(crate) struct Context<'c> {
    pub board: Board,
    /// The side to move.
    pub color: Color,
    pub rules: RuleSet,
    pub handicap: usize,
    /// The last move and the one before it (points only).
    pub last: [Option<Point>; 2],
    /// The opponent's last move was a pass.
    pub opponent_passed: bool,
    pub groups: Vec<GroupInfo>,
    /// Group index + 1 of every stone (0 on empty points).
    group_of: Vec<u16>,
    pub strings: Vec<StringFact>,
    string_of: HashMap<Point, usize>,
    /// The stone statuses the evaluation reads at the root: the groups'
    /// statuses, and strings that are captured whoever moves marked dead.
    pub status: StatusMap,
    pub handtalk: HandtalkAnalysis,
    pub moyo: MoyoAnalysis,
    pub params: EvalParams,
    /// The evaluation of the root, Black positive.
    pub base: f32,
    pub strategy: Strategy,
    pub budgets: Budgets,
    /// In the endgame phase, the thermography of the root and its
    /// ordered moves for the mover (`generators::endgame`).
    pub thermo: Option<Arc<Thermography>>,
    /// The move's clock for the root's reads and the search's.
    pub clock: Option<&'c dyn Clock>,
    /// Positions evaluated at the root (its own evaluation).
    pub root_evals: u64,
    /// Tactical nodes read at the root.
    pub root_tactic_nodes: u64,
    /// Where the mover may play by the rules (superko included).
    pub legal: Vec<bool>,
    /// The mover's own eyes (one empty point walled in by its stones,
    /// the opponent holding too few diagonals to make it false).
    pub own_eye: Vec<bool>,
}

impl<'c> Context<'c> {
    /// Reads the root of `game` for `color`: groups, strings, maps.
    pub(crate) fn new(
        game: &Game,
        color: Color,
        budgets: Budgets,
        groups: Vec<GroupInfo>,
        clock: Option<&'c dyn Clock>,
    ) -> Context<'c> {
        let board = game.board().clone();
        let mut group_of = vec![0u16; CELLS];
        let mut status = StatusMap::all_alive();
        for (i, g) in groups.iter().enumerate() {
            for &s in &g.stones {
                group_of[s.index()] = i as u16 + 1;
                status.set_point(s, g.status);
            }
        }
        let mut last = [None, None];
        let moves: Vec<_> = game.moves().collect();
        for (k, (_, mv)) in moves.iter().rev().take(2).enumerate() {
            if let crate::rules::Move::Play(p) = mv {
                last[k] = Some(*p);
            }
        }
        let opponent_passed = matches!(
            moves.last(),
            Some((c, crate::rules::Move::Pass)) if *c != color
        );
        let mut legal = vec![false; CELLS];
        let mut own_eye = vec![false; CELLS];
        // The engine never repeats a whole-board position, whatever the
        // rules say: a referee or server may use positional superko
        // without telling (GTP has no rules command).
        let strict = strict_ko(game);
        for p in board.points() {
            if board.is_empty(p) {
                legal[p.index()] = strict.check(color, p).is_ok();
                own_eye[p.index()] = board.is_eyelike(p, color);
            }
        }
        let mut ctx = Context {
            legal,
            own_eye,
            color,
            rules: game.rules(),
            handicap: game.handicap().len(),
            last,
            opponent_passed,
            groups,
            group_of,
            strings: Vec::new(),
            string_of: HashMap::new(),
            status,
            handtalk: handtalk::analyze(&board, &StatusMap::all_alive()),
            moyo: moyo::analyze(
                &board,
                &StatusMap::all_alive(),
                &crate::engine::classic::evaluate::moyo_params(),
            ),
            params: EvalParams {
                scoring: game.rules().scoring(),
                komi: game.komi(),
                moyo_weight: 0.0,
            },
            base: 0.0,
            strategy: Strategy::new(
                color,
                crate::engine::classic::strategy::Phase::Opening,
                0.0,
                0,
            ),
            budgets,
            thermo: None,
            clock,
            root_evals: 0,
            root_tactic_nodes: 0,
            board,
        };
        ctx.read_strings();
        ctx.trust_tactics();
        ctx.handtalk = handtalk::analyze(&ctx.board, &ctx.status);
        ctx.moyo = moyo::analyze(
            &ctx.board,
            &ctx.status,
            &crate::engine::classic::evaluate::moyo_params(),
        );
        let undecided = ctx
            .board
            .points()
            .filter(|&p| {
                ctx.board.is_empty(p) && {
                    let d = ctx.handtalk.dots(p);
                    d == 0 || d.abs() == 2
                }
            })
            .count();
        let phase = Strategy::phase(&ctx.board, undecided);
        let moyo_weight = Strategy::new(color, phase, 0.0, 0).moyo_weight;
        ctx.params.moyo_weight = moyo_weight;
        ctx.base = evaluate(&ctx.board, &ctx.status, &ctx.params);
        ctx.root_evals += 1;
        let lead = ctx.base * color.sign() as f32;
        ctx.strategy = Strategy::new(color, phase, lead, ctx.handicap);
        if phase == Phase::Endgame {
            ctx.thermo = Some(Arc::new(Thermography::of(
                &ctx.board,
                &ctx.status,
                color,
                ctx.rules,
            )));
        }
        ctx
    }

    /// Reads every string with few liberties: who can capture it.
    fn read_strings(&mut self) {
        let mut seen = vec![false; CELLS];
        let mut scratch = self.board.clone();
        for p in self.board.points() {
            let Some(c) = self.board.get(p) else { continue };
            let head = self.board.chain_id(p);
            if seen[head.index()] {
                continue;
            }
            seen[head.index()] = true;
            let libs = self.board.liberties(p);
            let mut fact = StringFact {
                head,
                color: c,
                stones: self.board.chain_len(p),
                libs,
                attack: None,
                defend: None,
                dead: false,
            };
            if libs <= ROOT_TACTIC_LIBS {
                // Only proven answers count: a read that runs out of
                // budget says nothing.
                let budget = self.tactic_budget();
                let attack = proven(&mut scratch, head, true, &budget);
                self.root_tactic_nodes += attack.nodes;
                if let Some(true) = attack.answer {
                    fact.attack = attack.point;
                    let defence = proven(&mut scratch, head, false, &budget);
                    self.root_tactic_nodes += defence.nodes;
                    match defence.answer {
                        Some(false) => fact.dead = true,
                        Some(true) => fact.defend = defence.point,
                        None => {}
                    }
                }
            }
            if fact.dead {
                self.status.set_string(&self.board, head, Status::Dead);
            }
            self.string_of.insert(head, self.strings.len());
            self.strings.push(fact);
        }
    }

    /// A group that life and death calls dead although one of its
    /// strings is tactically unsettled (it can be captured, but also
    /// saved) is critical instead, with the tactical moves as its vital
    /// points: the string reader is the more reliable for small groups.
    fn trust_tactics(&mut self) {
        for g in self.groups.iter_mut() {
            if g.status != Status::Dead {
                continue;
            }
            let unsettled = g.stones.iter().find_map(|&s| {
                let f = &self.strings[*self.string_of.get(&self.board.chain_id(s))?];
                match (f.attack, f.defend, f.dead) {
                    (Some(a), Some(d), false) => Some((a, d)),
                    _ => None,
                }
            });
            if let Some((a, d)) = unsettled {
                g.status = Status::Critical;
                g.attack = Some(a);
                g.defense = Some(d);
                for &s in &g.stones {
                    self.status.set_point(s, Status::Critical);
                }
            }
        }
    }

    /// The budget of one tactical read of a string: the level's nodes
    /// and the move's clock.
    pub(crate) fn tactic_budget(&self) -> Budget<'c> {
        Budget {
            clock: self.clock,
            ..Budget::nodes(self.budgets.tactic_nodes)
        }
    }

    /// The moves the generators may propose: legal, and no own eye.
    pub(crate) fn allowed(&self) -> Vec<bool> {
        self.legal
            .iter()
            .zip(&self.own_eye)
            .map(|(&l, &e)| l && !e)
            .collect()
    }

    /// The root facts of the string through `p`.
    pub(crate) fn string(&self, p: Point) -> Option<&StringFact> {
        self.board.get(p)?;
        self.string_of
            .get(&self.board.chain_id(p))
            .map(|&i| &self.strings[i])
    }

    /// The root group of the stone on `p`.
    pub(crate) fn group(&self, p: Point) -> Option<&GroupInfo> {
        match self.group_of[p.index()] {
            0 => None,
            i => self.groups.get(usize::from(i) - 1),
        }
    }
}

/// The worse of two statuses for their owner.
pub(crate) fn worse(a: Status, b: Status) -> Status {
    fn rank(s: Status) -> u8 {
        match s {
            Status::Dead => 0,
            Status::Critical => 1,
            Status::Seki | Status::Unknown => 2,
            Status::Alive => 3,
        }
    }
    if rank(b) < rank(a) {
        b
    } else {
        a
    }
}
