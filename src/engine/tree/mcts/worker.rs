//! One search thread: its tree, its random numbers and its scratch board;
//! the simulation loop (select, expand, playout, back up), the
//! all-moves-as-first updates, and tree reuse.

use crate::engine::tree::playout::{self, Policy};
use crate::rules::{is_large_board, Board, Color, Event, Game, Move, Point, Rng, RuleSet, CELLS};

use super::params;
use super::params::{
    EXPAND_VISITS_LARGE, EXPAND_VISITS_SMALL, KEPT_FRONT_SHARE, MAX_NODES, PASS_PRIOR_LOSSES,
    PLAYOUT_LENGTH_FACTOR, SCORE_SCALE_DIVISOR, SCORE_WEIGHT,
};
use super::prior::{Prior, PriorContext, Priors};
use super::tree::{code, initial_width, point_of, MoveCode, Node, Tree, PASS};

/// The facts of the root that every simulation of a search needs.
struct Root<'a> {
    board: &'a Board,
    color: Color,
    /// The last two moves before the root (`None` for passes).
    last: [Option<Point>; 2],
    /// Passes that end the game's history.
    passes: u32,
    /// The komi the playouts are counted with: the game's, shifted by the
    /// lead the engine keeps (see [`Worker::komi_shift`]).
    komi: f32,
    /// The game's own komi, for the playouts' mean margin.
    true_komi: f32,
    /// The margin at which a playout's score bonus is full, on boards
    /// that get one (see [`playout_result`]).
    score_scale: Option<f32>,
    /// Playouts through a leaf before it gets children.
    expand_visits: u32,
    /// Moves after which a playout stops.
    max_moves: usize,
    /// The initial width of progressive widening.
    width: usize,
}

/// What a search is asked to stop at.
pub(crate) struct Limits<'a> {
    /// New playouts to run.
    pub playouts: u64,
    /// A time to stop at, on `clock` (milliseconds).
    pub deadline: Option<(f64, &'a dyn Fn() -> f64)>,
}

/// The game a tree's root stands for, to tell whether a later position
/// continues it.
#[derive(Clone, Debug, PartialEq)]
struct RootKey {
    history: Vec<Event>,
    komi: f32,
    rules: RuleSet,
    to_move: Color,
}

/// One search tree with everything a thread needs to grow it.
pub(crate) struct Worker {
    pub tree: Tree,
    rng: Rng,
    policy: Policy,
    key: Option<RootKey>,
    /// Sum of the final owners (+1 Black, -1 White) of each point over
    /// the playouts since the root was set, and their number.
    pub owner_sum: Vec<i32>,
    pub owner_samples: u32,
    /// What the playouts since the root was set say about each root
    /// move they went through: [`Evidence`] by slot, the slot of a move
    /// code in `slot_of` (0: none yet, else the slot plus one).
    pub evidence: Vec<Evidence>,
    slot_of: Vec<u16>,
    /// The final owner of every point in the last playout (scratch).
    owner_now: Vec<i32>,
    /// Added to the game's komi when counting playouts: the lead the
    /// engine keeps, plus for Black and minus for White (set by the
    /// search before each run).
    pub komi_shift: f32,
    /// When set, every simulation goes through this root move (a review
    /// gives the move played playouts of its own in the same tree).
    pub root_only: Option<MoveCode>,
    /// Sum and number of the playouts' margins (Black's area minus
    /// White's, the game's komi) since the search last began
    /// ([`Worker::begin`]): over all the slices of one search, so that a
    /// search run in slices measures the lead as one run would.
    pub margin_sum: f64,
    pub margin_count: u64,
    // Scratch, kept to avoid allocations per simulation.
    board: Board,
    path: Vec<usize>,
    /// Tree and playout moves of the current simulation (passes left out).
    moves: Vec<(Point, Color)>,
    /// `moves.len()` when the simulation reached each depth of `path`.
    move_index: Vec<usize>,
    stamp: Vec<u32>,
    first_color: Vec<Color>,
    generation: u32,
    expander: Expander,
}

/// Scratch lists for expanding a node.
#[derive(Default)]
struct Expander {
    /// The candidate points, filled by the caller.
    points: Vec<Point>,
    priors: Vec<Prior>,
    /// Children with their sort keys: prior rate, random tie-break.
    keyed: Vec<(f32, u32, MoveCode, Prior)>,
    children: Vec<(MoveCode, Prior)>,
}

impl Expander {
    /// Gives node `at` of `tree` (whose position is `board`, `color` to
    /// move) its children: the points in `self.points`, best prior first,
    /// then pass.
    #[expect(
        clippy::too_many_arguments,
        reason = "the node, its position and the knowledge"
    )]
    fn expand(
        &mut self,
        tree: &mut Tree,
        at: usize,
        board: &Board,
        color: Color,
        last: [Option<Point>; 2],
        priors: &dyn Priors,
        rng: &mut Rng,
    ) {
        self.points.sort_unstable();
        self.priors.clear();
        self.priors.resize(self.points.len(), Prior::default());
        let ctx = PriorContext {
            board,
            to_move: color,
            last_moves: last,
        };
        priors.priors(&ctx, &self.points, &mut self.priors);
        // Best prior first; equal priors in a random order (from the
        // worker's seed, so the same seed gives the same tree): in point
        // order, progressive widening would favour the top-left corner.
        self.keyed.clear();
        self.keyed.extend(
            self.points
                .iter()
                .zip(&self.priors)
                .map(|(&p, &prior)| (prior.rate(), rng.next_u64() as u32, code(p), prior)),
        );
        self.keyed
            .sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        self.children.clear();
        self.children
            .extend(self.keyed.iter().map(|&(_, _, mv, prior)| (mv, prior)));
        self.children
            .push((PASS, Prior::at_rate(0.0, PASS_PRIOR_LOSSES)));
        tree.expand(at, &self.children);
    }

    /// Gives the children of a kept root (`nodes`, whose parent has
    /// `parent_visits` playouts) the priors of `priors` in the position of
    /// `ctx`, replacing the ones they were expanded with, and orders them
    /// as [`Expander::expand`] would: best prior first. Replacing, not
    /// adding, so a root searched twice gets its priors once. Children
    /// that already hold [`KEPT_FRONT_SHARE`] of the playouts stay in
    /// front, most visited first, so that progressive widening cannot
    /// drop the moves the earlier search settled on.
    fn reprior(
        &mut self,
        nodes: &mut [Node],
        ctx: &PriorContext<'_>,
        priors: &dyn Priors,
        parent_visits: u32,
    ) {
        self.points.clear();
        self.points
            .extend(nodes.iter().filter_map(|node| point_of(node.mv)));
        self.priors.clear();
        self.priors.resize(self.points.len(), Prior::default());
        priors.priors(ctx, &self.points, &mut self.priors);
        let mut fresh = self.priors.iter();
        for node in nodes.iter_mut() {
            if point_of(node.mv).is_some() {
                node.prior = *fresh.next().expect("one prior per point");
            }
        }
        let front = (parent_visits as f32 * KEPT_FRONT_SHARE).max(1.0);
        let key = |node: &Node| {
            let settled = node.visits as f32 >= front;
            (settled, if settled { node.visits } else { 0 })
        };
        // Stable: equal priors keep the order (and the random tie-break)
        // of the expansion.
        nodes.sort_by(|a, b| {
            key(b)
                .cmp(&key(a))
                .then(b.prior.rate().total_cmp(&a.prior.rate()))
        });
    }
}

impl Worker {
    pub fn new(seed: u64, policy: Policy) -> Worker {
        Worker {
            tree: Tree::new(),
            rng: Rng::new(seed),
            policy,
            key: None,
            owner_sum: vec![0; CELLS],
            owner_samples: 0,
            evidence: Vec::new(),
            slot_of: vec![0; CELLS],
            owner_now: vec![0; CELLS],
            komi_shift: 0.0,
            root_only: None,
            margin_sum: 0.0,
            margin_count: 0,
            board: Board::new(2).unwrap_or_else(|e| unreachable!("{e}")),
            path: Vec::new(),
            moves: Vec::new(),
            move_index: Vec::new(),
            stamp: vec![0; CELLS],
            first_color: vec![Color::Black; CELLS],
            generation: 0,
            expander: Expander::default(),
        }
    }

    /// Starts a search of `game` with `to_move` to play: sets the root
    /// ([`Worker::set_root`]) and clears the playouts' margins. Returns
    /// the playouts kept.
    pub fn begin(&mut self, game: &Game, to_move: Color, priors: &dyn Priors) -> u64 {
        self.margin_sum = 0.0;
        self.margin_count = 0;
        self.set_root(game, to_move, priors)
    }

    /// The colour to move at the root, once a root is set.
    pub fn to_move(&self) -> Option<Color> {
        self.key.as_ref().map(|k| k.to_move)
    }

    /// Whether the root stands for exactly `game` with `to_move` to play
    /// (so that a search there may go on without setting the root again).
    pub fn is_rooted_at(&self, game: &Game, to_move: Color) -> bool {
        self.key.as_ref().is_some_and(|k| {
            k.to_move == to_move
                && k.komi == game.komi()
                && k.rules == game.rules()
                && k.history == game.history()
        })
    }

    /// Sets the root to `game` with `to_move` to play, keeping the part of
    /// the old tree that the game continues (tree reuse). Returns the
    /// playouts kept.
    fn set_root(&mut self, game: &Game, to_move: Color, priors: &dyn Priors) -> u64 {
        let key = RootKey {
            history: game.history().to_vec(),
            komi: game.komi(),
            rules: game.rules(),
            to_move,
        };
        let kept = match self.key.as_ref().and_then(|old| self.follow(old, &key)) {
            Some(node) => {
                if node != 0 {
                    self.tree = self.tree.subtree(node);
                    self.clear_owners();
                }
                self.tree.root().visits as u64
            }
            None => {
                self.tree = Tree::new();
                self.clear_owners();
                0
            }
        };
        self.key = Some(key);
        self.fix_root(game, to_move, priors);
        kept
    }

    /// Forgets the owners and the root moves' evidence: the root changed.
    fn clear_owners(&mut self) {
        self.owner_sum.fill(0);
        self.owner_samples = 0;
        for e in &self.evidence {
            self.slot_of[e.mv as usize] = 0;
        }
        self.evidence.clear();
    }

    /// The evidence of root move `mv` (none before a playout went
    /// through it since the root was set).
    pub fn evidence_of(&self, mv: MoveCode) -> Option<&Evidence> {
        match self.slot_of[mv as usize] {
            0 => None,
            s => self.evidence.get(usize::from(s) - 1),
        }
    }

    /// The slot of root move `mv`'s evidence, made empty if there is
    /// none yet.
    fn evidence_slot(&mut self, mv: MoveCode) -> usize {
        match self.slot_of[mv as usize] {
            0 => {
                self.evidence.push(Evidence::new(mv));
                let s = self.evidence.len();
                self.slot_of[mv as usize] = s as u16;
                s - 1
            }
            s => usize::from(s) - 1,
        }
    }

    /// The node of the current tree that `new` reaches from the old root
    /// `old`, if `new` continues it by moves the tree holds.
    fn follow(&self, old: &RootKey, new: &RootKey) -> Option<usize> {
        if old.komi != new.komi || old.rules != new.rules {
            return None;
        }
        let extra = new.history.strip_prefix(old.history.as_slice())?;
        let mut node = 0;
        let mut color = old.to_move;
        for event in extra {
            let Event::Move { color: c, mv, .. } = event else {
                return None;
            };
            let mv = match mv {
                Move::Play(p) => code(*p),
                Move::Pass => PASS,
                Move::Resign => return None,
            };
            if *c != color {
                return None;
            }
            node = self.tree.child_with(node, mv)?;
            color = color.opponent();
        }
        (color == new.to_move).then_some(node)
    }

    /// Makes the root's children exactly the legal moves of `game` for
    /// `to_move` (superko included), less own eye-like points, plus pass,
    /// with `priors`' knowledge. A kept root may hold moves the game now
    /// forbids, and its children carry the priors of the search that
    /// expanded them (on large boards, `rules::is_large_board`, they get this
    /// search's); a new one has no children yet.
    fn fix_root(&mut self, game: &Game, to_move: Color, priors: &dyn Priors) {
        let board = game.board();
        let legal = |p: Point| game.check(to_move, p).is_ok() && !board.is_eyelike(p, to_move);
        let root = *self.tree.root();
        let last = last_points(game);
        if root.is_expanded() {
            // A kept root: its children were ranked by the knowledge of
            // the node below an earlier root, which is not the knowledge
            // this search was given (the classic candidates are for this
            // position only). Give them this search's priors, as a fresh
            // root would have, and keep the playouts.
            let mut kept: Vec<Node> = root
                .children()
                .filter(|&i| point_of(self.tree.nodes[i].mv).is_none_or(legal))
                .map(|i| self.tree.nodes[i])
                .collect();
            let ctx = PriorContext {
                board,
                to_move,
                last_moves: last,
            };
            // A kept root's children get this search's priors (the
            // classic layer's candidates, computed for this position only)
            // on large boards. Without it the classic candidates reach a
            // kept tree only where the opponent's reply was outside it.
            // The 9x9 match figures of docs/strength.md were measured
            // without it, and a 9x9 tree keeps most of its playouts from
            // move to move, so 9x9 keeps the priors its children were
            // expanded with.
            if is_large_board(game.size()) {
                self.expander.reprior(&mut kept, &ctx, priors, root.visits);
            }
            let n = kept.len();
            if n == root.num_children as usize {
                let first = root.first_child as usize;
                self.tree.nodes[first..first + n].copy_from_slice(&kept);
            } else {
                let first = self.tree.nodes.len();
                self.tree.nodes.extend(kept);
                self.tree.nodes[0].first_child = first as u32;
                self.tree.nodes[0].num_children = n as u16;
            }
            return;
        }
        self.expander.points.clear();
        self.expander
            .points
            .extend(board.empty_points().filter(|&p| legal(p)));
        self.expander.expand(
            &mut self.tree,
            0,
            board,
            to_move,
            last,
            priors,
            &mut self.rng,
        );
    }

    /// Runs simulations from the root (`game`'s position, `to_move` to
    /// play) until a limit. Returns the playouts run.
    pub fn run(
        &mut self,
        game: &Game,
        to_move: Color,
        limits: &Limits<'_>,
        priors: &dyn Priors,
    ) -> u64 {
        let size = game.size();
        let root = Root {
            board: game.board(),
            color: to_move,
            last: last_points(game),
            passes: trailing_passes(game),
            komi: game.komi() + self.komi_shift,
            true_komi: game.komi(),
            // The score bonus on large boards only: 9x9 keeps the plain
            // win-or-loss value its match figures were measured with.
            score_scale: is_large_board(size).then(|| (size * size) as f32 / SCORE_SCALE_DIVISOR),
            expand_visits: if params::small_tree(size) {
                EXPAND_VISITS_SMALL
            } else {
                EXPAND_VISITS_LARGE
            },
            max_moves: PLAYOUT_LENGTH_FACTOR * size * size,
            width: initial_width(size),
        };
        let mut done = 0;
        while done < limits.playouts {
            if let Some((deadline, clock)) = limits.deadline {
                if clock() >= deadline {
                    break;
                }
            }
            self.simulate(&root, priors);
            done += 1;
        }
        done
    }

    /// One simulation: down the tree, one playout, and back up.
    fn simulate(&mut self, root: &Root<'_>, priors: &dyn Priors) {
        self.board.clone_from(root.board);
        self.path.clear();
        self.path.push(0);
        self.moves.clear();
        self.move_index.clear();
        self.move_index.push(0);
        let mut node = 0;
        let mut color = root.color;
        let mut last = root.last;
        let mut passes = root.passes;
        while passes < 2 {
            if !self.tree.nodes[node].is_expanded() {
                if self.tree.nodes[node].visits < root.expand_visits
                    || self.tree.nodes.len() >= MAX_NODES
                {
                    break;
                }
                let board = &self.board;
                self.expander.points.clear();
                self.expander.points.extend(
                    board
                        .empty_points()
                        .filter(|&p| board.is_playout_move(p, color)),
                );
                self.expander.expand(
                    &mut self.tree,
                    node,
                    board,
                    color,
                    last,
                    priors,
                    &mut self.rng,
                );
            }
            let always = (passes > 0).then_some(PASS);
            let forced = match self.root_only {
                Some(mv) if node == 0 => self.tree.child_with(0, mv),
                _ => None,
            };
            let child = match forced {
                Some(c) => c,
                None => self.tree.select(node, always, root.width),
            };
            let mv = self.tree.nodes[child].mv;
            match point_of(mv) {
                Some(p) => {
                    self.board.play_unchecked(p, color);
                    self.moves.push((p, color));
                    passes = 0;
                }
                None => {
                    self.board.pass(color);
                    passes += 1;
                }
            }
            last = [point_of(mv), last[0]];
            self.path.push(child);
            self.move_index.push(self.moves.len());
            node = child;
            color = color.opponent();
        }
        self.owner_now.fill(0);
        let result = playout::run(
            &mut self.board,
            color,
            last[0],
            self.policy,
            &mut self.rng,
            root.max_moves,
            &mut self.moves,
            Some(&mut self.owner_now),
        );
        let margin = result.black_minus_white as f32 - root.komi;
        let true_margin = f64::from(result.black_minus_white as f32 - root.true_komi);
        self.margin_sum += true_margin;
        self.margin_count += 1;
        for (sum, &o) in self.owner_sum.iter_mut().zip(&self.owner_now) {
            *sum += o;
        }
        // The root move this playout went through (a root whose game is
        // over has none).
        if let Some(&first) = self.path.get(1) {
            let slot = self.evidence_slot(self.tree.nodes[first].mv);
            self.evidence[slot].add(true_margin, &self.owner_now);
        }
        let black_result = playout_result(margin, root.score_scale);
        self.back_up(root.color, black_result);
        self.owner_samples += 1;
    }

    /// Adds the playout's result to every node of the path and the
    /// all-moves-as-first results to the children of each.
    fn back_up(&mut self, root_color: Color, black_result: f32) {
        let result_for = |c: Color| {
            if c == Color::Black {
                black_result
            } else {
                1.0 - black_result
            }
        };
        self.tree.nodes[0].visits += 1;
        // Node `path[d]` was reached by a move of the colour to move at
        // depth d - 1.
        for (d, &i) in self.path.iter().enumerate().skip(1) {
            let mover = if d % 2 == 1 {
                root_color
            } else {
                root_color.opponent()
            };
            let node = &mut self.tree.nodes[i];
            node.visits += 1;
            node.wins += result_for(mover);
        }
        // All moves as first: walk the moves backwards so that each point
        // ends up with the colour that played it first at or after depth d.
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let gen = self.generation;
        let mut t = self.moves.len();
        for d in (0..self.path.len()).rev() {
            let start = self.move_index[d];
            while t > start {
                t -= 1;
                let (p, c) = self.moves[t];
                self.stamp[p.index()] = gen;
                self.first_color[p.index()] = c;
            }
            let parent = self.path[d];
            if !self.tree.nodes[parent].is_expanded() {
                continue;
            }
            let to_move = if d % 2 == 0 {
                root_color
            } else {
                root_color.opponent()
            };
            let win = result_for(to_move);
            for i in self.tree.nodes[parent].children() {
                let child = &mut self.tree.nodes[i];
                if let Some(p) = point_of(child.mv) {
                    if self.stamp[p.index()] == gen && self.first_color[p.index()] == to_move {
                        child.amaf_visits += 1.0;
                        child.amaf_wins += win;
                    }
                }
            }
        }
    }
}

/// What the playouts through one root move found, since the root was
/// set: their number, their final margins (Black's area minus White's,
/// the game's komi, so the lead the engine keeps does not shift them) and
/// the final owner of every point. The score lead and ownership that the
/// words and the review read (KataGo reports both per move from its
/// network; here they come from the playouts).
#[derive(Clone, Debug)]
pub(crate) struct Evidence {
    /// The root move.
    pub mv: MoveCode,
    pub samples: u32,
    pub margin_sum: f64,
    pub margin_sq: f64,
    /// Sum of the final owners (+1 Black, -1 White) by padded index.
    pub owner_sum: Vec<i32>,
}

impl Evidence {
    fn new(mv: MoveCode) -> Evidence {
        Evidence {
            mv,
            samples: 0,
            margin_sum: 0.0,
            margin_sq: 0.0,
            owner_sum: vec![0; CELLS],
        }
    }

    fn add(&mut self, margin: f64, owners: &[i32]) {
        self.samples += 1;
        self.margin_sum += margin;
        self.margin_sq += margin * margin;
        for (sum, &o) in self.owner_sum.iter_mut().zip(owners) {
            *sum += o;
        }
    }
}

/// A playout's value for Black from its final `margin` (Black's area
/// minus White's, komi included): 1 for a win, 0 for a loss, one half
/// for a draw; with a `score_scale`, [`SCORE_WEIGHT`] of it goes by the
/// margin instead, full at `score_scale` points either way. Every win
/// still counts more than every loss, so the tree still plays to win;
/// among winning lines it prefers the wider ones, which a slack move
/// narrows (Fuego's "score modification", Pachi's `val_scale`).
fn playout_result(margin: f32, score_scale: Option<f32>) -> f32 {
    let win = if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        0.0
    } else {
        0.5
    };
    match score_scale {
        Some(scale) => {
            let by_score = 0.5 + 0.5 * (margin / scale).clamp(-1.0, 1.0);
            (1.0 - SCORE_WEIGHT) * win + SCORE_WEIGHT * by_score
        }
        None => win,
    }
}

/// The points of the last two moves of `game` (`None` for passes).
fn last_points(game: &Game) -> [Option<Point>; 2] {
    let mut out = [None, None];
    let mut moves = game.moves().collect::<Vec<_>>().into_iter().rev();
    for slot in &mut out {
        if let Some((_, Move::Play(p))) = moves.next() {
            *slot = Some(p);
        }
    }
    out
}

/// How many passes end the game's history (0, 1 or 2).
fn trailing_passes(game: &Game) -> u32 {
    let mut n = 0;
    for event in game.history().iter().rev() {
        match event {
            Event::Move { mv: Move::Pass, .. } if n < 2 => n += 1,
            _ => break,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::playout_result;

    #[test]
    fn a_playout_is_worth_its_winner_and_on_big_boards_a_little_of_its_margin() {
        // Without a scale: who won, nothing else.
        assert_eq!(playout_result(0.5, None), 1.0);
        assert_eq!(playout_result(80.5, None), 1.0);
        assert_eq!(playout_result(-3.5, None), 0.0);
        assert_eq!(playout_result(0.0, None), 0.5);
        // 19x19's scale, 40 points: 0.96 for any win plus 0.04 times
        // (0.5 + margin / 80), capped at 40 points either way.
        let near = |a: f32, b: f32| (a - b).abs() < 1e-6;
        assert!(near(playout_result(1.0, Some(40.0)), 0.9805));
        assert!(near(playout_result(40.0, Some(40.0)), 1.0));
        assert!(near(playout_result(90.0, Some(40.0)), 1.0));
        assert!(near(playout_result(-1.0, Some(40.0)), 0.0195));
        assert!(near(playout_result(-60.0, Some(40.0)), 0.0));
        assert!(near(playout_result(0.0, Some(40.0)), 0.5));
        // The narrowest win is still worth more than the narrowest loss.
        assert!(playout_result(0.5, Some(40.0)) > 0.9);
        assert!(playout_result(-0.5, Some(40.0)) < 0.1);
    }
}
