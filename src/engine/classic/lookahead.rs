//! The positions after a candidate, as the valuation and the search read
//! them from the root's [`Context`]: the evaluation after a move
//! (counted), the statuses re-read around it
//! ([`Lookahead::status_after`], [`Lookahead::reread_groups`]) without
//! reading every group again, and the stake of a string. The context is
//! only read here; what the reads count and cache is kept in the
//! [`Lookahead`], one per decision.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use crate::engine::classic::context::{
    proven, read_group, worse, Context, Reread, INVADED_DOTS, INVADER_NODES, LOCAL_TACTIC_LIBS,
};
use crate::engine::classic::evaluate::evaluate;
use crate::reading::{self, owl, Budget};
use crate::rules::{Board, Color, Point, Status, StatusMap};

/// The valuation's and the search's view past the root: the root's
/// facts, and the evaluations, tactical nodes and re-read statuses of
/// the positions after its candidates.
pub(crate) struct Lookahead<'a, 'c> {
    /// The root, read once.
    pub ctx: &'a Context<'c>,
    /// Positions evaluated so far (the root's own included).
    evals: Cell<u64>,
    /// Tactical nodes read so far (the root's included).
    tactic_nodes: Cell<u64>,
    /// Tactical answers by (position hash, string, goal).
    cache: RefCell<HashMap<(u64, Point, bool), bool>>,
    /// Group statuses read during the search, by (position hash,
    /// dragon's first string).
    groups_read: RefCell<HashMap<(u64, Point), Status>>,
}

impl<'a, 'c> Lookahead<'a, 'c> {
    /// A look past the root `ctx`, its counts starting from the root's.
    pub(crate) fn new(ctx: &'a Context<'c>) -> Lookahead<'a, 'c> {
        Lookahead {
            ctx,
            evals: Cell::new(ctx.root_evals),
            tactic_nodes: Cell::new(ctx.root_tactic_nodes),
            cache: RefCell::new(HashMap::new()),
            groups_read: RefCell::new(HashMap::new()),
        }
    }

    /// Positions evaluated so far, the root's own included.
    pub(crate) fn evals(&self) -> u64 {
        self.evals.get()
    }

    /// Tactical nodes read so far, the root's included.
    pub(crate) fn tactic_nodes(&self) -> u64 {
        self.tactic_nodes.get()
    }

    /// The evaluation of `board` with `status`, Black positive; counted.
    pub(crate) fn eval(&self, board: &Board, status: &StatusMap) -> f32 {
        self.evals.set(self.evals.get() + 1);
        evaluate(board, status, &self.ctx.params)
    }

    /// Whether the clock says stop.
    pub(crate) fn out_of_time(&self) -> bool {
        self.ctx.clock.is_some_and(|c| c.expired())
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
        let proof = proven(&mut b, p, attack, &self.ctx.tactic_budget());
        self.tactic_nodes.set(self.tactic_nodes.get() + proof.nodes);
        // Unfinished reads count as failures to capture and as successful
        // defences: nothing is called dead without proof.
        let v = proof.answer.unwrap_or(!attack);
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
        for g in &self.ctx.groups {
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
    /// [`Lookahead::status_after`]).
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
                    let nodes = self.ctx.budgets.group_nodes / 2;
                    let s = if invader {
                        self.invader_status(board, h, nodes.max(INVADER_NODES))
                    } else {
                        read_group(board, h, nodes, self.ctx.clock)
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
        if self.ctx.strategy.phase == crate::engine::classic::strategy::Phase::Opening {
            return false;
        }
        let d = self.ctx.handtalk.dots(p) * mover.sign() as i8;
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
            clock: self.ctx.clock,
            ..Budget::nodes(nodes)
        };
        let d = owl::owl_defend_first(&mut b, p, &budget);
        if d.code.succeeds() && d.nodes < nodes {
            read_group(board, p, nodes, self.ctx.clock)
        } else {
            Status::Dead
        }
    }

    /// Whether the root string through `p` was dead by tactics alone.
    fn tactically_dead(&self, p: Point) -> bool {
        self.ctx.string(p).is_some_and(|s| s.dead)
    }

    /// The change of the evaluation, from `color`'s view, when the stones
    /// of `stones` are dead instead of alive (the stake of a string or
    /// group): what capturing or saving it is worth.
    pub(crate) fn stake(&self, stones: &[Point]) -> f32 {
        let mut alive = self.ctx.status.clone();
        let mut dead = self.ctx.status.clone();
        for &s in stones {
            alive.set_point(s, Status::Alive);
            dead.set_point(s, Status::Dead);
        }
        (self.eval(&self.ctx.board, &alive) - self.eval(&self.ctx.board, &dead)).abs()
    }
}
