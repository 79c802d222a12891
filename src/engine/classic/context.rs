//! What the engine knows about the position it must move in: read once at
//! the root — the groups and their life-and-death status (the one call
//! into the status layer, [`read_groups`]), the tactical status of every
//! string short of liberties, the evaluators' maps, the strategy — and
//! the cheap local re-reads that keep the statuses right after a move
//! ([`Context::status_after`]) without reading every group again.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use crate::engine::evaluate::{evaluate, EvalParams};
use crate::engine::generators::endgame::EndgameAdvisor;
use crate::engine::level::Budgets;
use crate::engine::strategy::Strategy;
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

/// How much [`Context::status_after`] reads beyond the rules of thumb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reread {
    /// No reading: for the full-width look at every reply, where only the
    /// best few are then read properly.
    Quick,
    /// The strings the move touches with at most [`LOCAL_TACTIC_LIBS`]
    /// liberties are read again.
    Tactics,
}

/// A move is an invasion (its group must prove life) where the
/// opponent's dots are at least this strong: well inside its area, not
/// at its edge. Our choice.
pub(crate) const INVADED_DOTS: i8 = 5;
/// The smallest life-and-death budget for an invader's proof of life
/// (low levels read groups with less).
pub(crate) const INVADER_NODES: u64 = 200;

/// The one call into the status layer: every group with its status,
/// each read with at most `nodes` nodes (and the clock). A faster or
/// incremental status reader replaces this function and nothing else.
pub(crate) fn read_groups(board: &Board, nodes: u64, clock: Option<&dyn Clock>) -> Vec<GroupInfo> {
    analysis::groups(board, &Budget { nodes, clock })
}

/// The life and death of the group through the stone on `p`, read with
/// at most `nodes` nodes: the search's one re-read of a group (the group
/// a candidate makes or joins).
pub(crate) fn read_group(board: &Board, p: Point, nodes: u64, clock: Option<&dyn Clock>) -> Status {
    let mut b = board.clone();
    match owl::group_status(&mut b, p, &Budget { nodes, clock }) {
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
    pub clock: Option<&'c dyn Clock>,
    /// Positions evaluated so far.
    pub evals: Cell<u64>,
    /// Tactical nodes read so far.
    pub tactic_nodes: Cell<u64>,
    /// Tactical answers by (position hash, string, goal).
    cache: RefCell<HashMap<(u64, Point, bool), bool>>,
    /// Group statuses read during the search, by (position hash,
    /// dragon's first string).
    groups_read: RefCell<HashMap<(u64, Point), Status>>,
    /// The key move of the last tactical read.
    last_point: Cell<Option<Point>>,
    /// Where the mover may play by the rules (superko included).
    pub legal: Vec<bool>,
    /// Endgame values from outside, if plugged in.
    pub endgame: Option<EndgameAdvisor>,
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
            endgame: None,
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
                &crate::engine::evaluate::moyo_params(),
            ),
            params: EvalParams {
                scoring: game.rules().scoring(),
                komi: game.komi(),
                moyo_weight: 0.0,
            },
            base: 0.0,
            strategy: Strategy::new(color, crate::engine::strategy::Phase::Opening, 0.0, 0),
            budgets,
            clock,
            evals: Cell::new(0),
            tactic_nodes: Cell::new(0),
            cache: RefCell::new(HashMap::new()),
            groups_read: RefCell::new(HashMap::new()),
            last_point: Cell::new(None),
            board,
        };
        ctx.read_strings();
        ctx.trust_tactics();
        ctx.handtalk = handtalk::analyze(&ctx.board, &ctx.status);
        ctx.moyo = moyo::analyze(
            &ctx.board,
            &ctx.status,
            &crate::engine::evaluate::moyo_params(),
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
        ctx.base = ctx.eval(&ctx.board, &ctx.status);
        let lead = ctx.base * color.sign() as f32;
        ctx.strategy = Strategy::new(color, phase, lead, ctx.handicap);
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
                if let Some(true) = self.proven(&mut scratch, head, true) {
                    fact.attack = self.last_point.get();
                    match self.proven(&mut scratch, head, false) {
                        Some(false) => fact.dead = true,
                        Some(true) => fact.defend = self.last_point.get(),
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

    /// A tactical read of the string through `p`: `Some(success)` when
    /// the reader finished, `None` when it ran out of budget. The key
    /// move is left in `last_point`.
    fn proven(&self, board: &mut Board, p: Point, attack: bool) -> Option<bool> {
        let budget = self.tactic_budget();
        let a = if attack {
            reading::attack(board, p, &budget)
        } else {
            reading::defend(board, p, &budget)
        };
        self.tactic_nodes.set(self.tactic_nodes.get() + a.nodes);
        self.last_point.set(a.point);
        // A read that used its whole budget (or met the clock) may have
        // stopped early: no proof either way.
        let exhausted = a.nodes >= budget.nodes || self.out_of_time();
        if a.code.succeeds() {
            Some(true)
        } else if exhausted {
            None
        } else {
            Some(false)
        }
    }

    fn tactic_budget(&self) -> Budget<'c> {
        Budget {
            nodes: self.budgets.tactic_nodes,
            clock: self.clock,
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

    /// The evaluation of `board` with `status`, Black positive; counted.
    pub(crate) fn eval(&self, board: &Board, status: &StatusMap) -> f32 {
        self.evals.set(self.evals.get() + 1);
        evaluate(board, status, &self.params)
    }

    /// Whether the clock says stop.
    pub(crate) fn out_of_time(&self) -> bool {
        self.clock.is_some_and(|c| c.expired())
    }

    /// A tactical read of the string through `p` on `board`, cached per
    /// position: with `attack`, whether its opponent moving first
    /// captures it; otherwise whether its owner moving first saves it.
    fn read(&self, board: &Board, p: Point, attack: bool) -> bool {
        let key = (board.hash(), board.chain_id(p), attack);
        if let Some(&v) = self.cache.borrow().get(&key) {
            return v;
        }
        let mut b = board.clone();
        // Unfinished reads count as failures to capture and as successful
        // defences: nothing is called dead without proof.
        let v = self.proven(&mut b, p, attack).unwrap_or(!attack);
        self.cache.borrow_mut().insert(key, v);
        v
    }

    /// The statuses after `mover` played `m` on `board` (already played),
    /// from `before` (the statuses before the move):
    /// - the new stone's string keeps the worst status of the strings it
    ///   joined, or is alive when alone or on its group's saving point;
    /// - a critical root group is dead when its killing point is played
    ///   by the opponent, alive when its saving point is played by its
    ///   owner;
    /// - with [`Reread::Tactics`], the strings the move touches with few
    ///   liberties are read again with the opponent of `mover` to move:
    ///   the mover's are dead if they can be captured, the opponent's if
    ///   they cannot be saved.
    pub(crate) fn status_after(
        &self,
        board: &Board,
        before: &StatusMap,
        m: Point,
        mover: Color,
        reread: Reread,
    ) -> StatusMap {
        let mut st = before.clone();
        // Vital points of critical root groups.
        let mut vital = None;
        for g in &self.groups {
            if g.status != Status::Critical {
                continue;
            }
            if g.attack == Some(m) && mover != g.color {
                for &s in &g.stones {
                    if board.get(s) == Some(g.color) {
                        st.set_point(s, Status::Dead);
                    }
                }
            } else if g.defense == Some(m) && mover == g.color {
                vital = Some(Status::Alive);
                for &s in &g.stones {
                    if board.get(s) == Some(g.color) {
                        st.set_point(s, Status::Alive);
                    }
                }
            }
        }
        // The new stone's string.
        let mut worst = Status::Alive;
        for s in board.chain(m) {
            if s != m {
                worst = worse(worst, before.get(s));
            }
        }
        let joined = vital.unwrap_or(worst);
        for s in board.chain(m) {
            st.set_point(s, joined);
        }
        if reread == Reread::Tactics {
            self.local_tactics(board, &mut st, m, mover);
        }
        st
    }

    /// The tactical re-read of the strings next to `m` (see
    /// [`Context::status_after`]).
    fn local_tactics(&self, board: &Board, st: &mut StatusMap, m: Point, mover: Color) {
        // Local tactics, the opponent to move.
        let mut touched: Vec<Point> = vec![board.chain_id(m)];
        for n in board.neighbors(m) {
            if board.get(n).is_some() {
                let h = board.chain_id(n);
                if !touched.contains(&h) {
                    touched.push(h);
                }
            }
        }
        for h in touched {
            let libs = board.liberties(h);
            let own = board.get(h) == Some(mover);
            if own {
                if libs <= LOCAL_TACTIC_LIBS {
                    if self.read(board, h, true) {
                        st.set_string(board, h, Status::Dead);
                    } else if st.get(h) == Status::Dead && self.tactically_dead(h) {
                        st.set_string(board, h, Status::Alive);
                    }
                } else if st.get(h) == Status::Dead && self.tactically_dead(h) {
                    st.set_string(board, h, Status::Alive);
                }
            } else if libs <= LOCAL_TACTIC_LIBS
                && st.get(h) != Status::Dead
                && !self.read(board, h, false)
            {
                st.set_string(board, h, Status::Dead);
            }
        }
    }

    /// Reads again the life and death of the groups the move at `m`
    /// touches — its own group and the opponent's groups next to it —
    /// with the level's group budget, and writes their statuses into
    /// `st` (strings already dead by tactics stay dead). Cached per
    /// position; the search calls it for the moves it searches, not for
    /// every move it only evaluates.
    pub(crate) fn reread_groups(&self, board: &Board, st: &mut StatusMap, m: Point) {
        let Some(mover) = board.get(m) else { return };
        let mut heads: Vec<Point> = vec![m];
        for n in board.neighbors(m).chain(board.diagonals(m)) {
            if board.get(n) == Some(mover.opponent()) {
                heads.push(n);
            }
        }
        let mut done: Vec<Point> = Vec::new();
        for h in heads {
            let h = board.chain_id(h);
            if done.contains(&h) || st.get(h) == Status::Dead {
                continue;
            }
            let chains = reading::dragon(board, h);
            done.extend(chains.iter().copied());
            let key = (board.hash(), *chains.iter().min().unwrap_or(&h));
            let cached = self.groups_read.borrow().get(&key).copied();
            let invader = board.get(h) == Some(mover) && self.in_enemy_area(m, mover);
            let status = match cached {
                Some(s) => s,
                None => {
                    let nodes = self.budgets.group_nodes / 2;
                    let s = if invader {
                        self.invader_status(board, h, nodes.max(INVADER_NODES))
                    } else {
                        read_group(board, h, nodes, self.clock)
                    };
                    self.groups_read.borrow_mut().insert(key, s);
                    s
                }
            };
            for &c in &chains {
                if st.get(c) != Status::Dead || status == Status::Dead {
                    st.set_string(board, c, status);
                }
            }
        }
    }

    /// Whether `p` lies in the opponent's area at the root (its dots
    /// count for the opponent: at least 3, or a false-eye mark).
    fn in_enemy_area(&self, p: Point, mover: Color) -> bool {
        if self.strategy.phase == crate::engine::strategy::Phase::Opening {
            return false;
        }
        let d = self.handtalk.dots(p) * mover.sign() as i8;
        d <= -INVADED_DOTS || d == -1
    }

    /// An invading group lives only if the reader proves it: the owner
    /// moving first must make life within the budget (an unfinished
    /// read is no proof), otherwise it is dead. Without this the
    /// evaluation would count the territory an invasion spoils and never
    /// the invasion's death.
    fn invader_status(&self, board: &Board, p: Point, nodes: u64) -> Status {
        let mut b = board.clone();
        let budget = Budget {
            nodes,
            clock: self.clock,
        };
        let d = owl::owl_defend(&mut b, p, &budget);
        if d.code.succeeds() && d.nodes < nodes {
            read_group(board, p, nodes, self.clock)
        } else {
            Status::Dead
        }
    }

    /// Whether the root string through `p` was dead by tactics alone.
    fn tactically_dead(&self, p: Point) -> bool {
        self.string(p).is_some_and(|s| s.dead)
    }

    /// The change of the evaluation, from `color`'s view, when the stones
    /// of `stones` are dead instead of alive (the stake of a string or
    /// group): what capturing or saving it is worth.
    pub(crate) fn stake(&self, stones: &[Point]) -> f32 {
        let mut alive = self.status.clone();
        let mut dead = self.status.clone();
        for &s in stones {
            alive.set_point(s, Status::Alive);
            dead.set_point(s, Status::Dead);
        }
        (self.eval(&self.board, &alive) - self.eval(&self.board, &dead)).abs()
    }
}

/// The worse of two statuses for their owner.
fn worse(a: Status, b: Status) -> Status {
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
