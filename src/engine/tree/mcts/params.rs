//! The tuning numbers of the tree search, each with where it comes from.

/// RAVE equivalence parameter `K` of Silver's weight
/// `β = ñ / (ñ + n + ñ·n / K)`: the number of real playouts at which the
/// node's own win rate and its all-moves-as-first rate weigh the same.
/// Pachi's default is 3000 and Fuego's final RAVE weight 20000; we
/// started from Pachi's, and 1000 beat 3000 18-12 in self-play on 9x9 at
/// 2000 playouts a move.
pub(crate) const RAVE_EQUIVALENCE: f32 = 1000.0;

/// The largest weight the all-moves-as-first value gets (Fuego's "RAVE
/// weight initial", 0.9): a move whose later plays lost in the playouts
/// keeps a tenth of its own value, so it is tried at least once. Without
/// the cap, a vital point that only works when played first (the middle
/// of a straight three) was never visited: its all-moves-as-first rate
/// was near zero after the playouts where it came too late.
pub(crate) const RAVE_WEIGHT_MAX: f32 = 0.9;

/// UCB exploration constant added to the RAVE value. With RAVE and priors
/// Fuego and Pachi use none (the all-moves-as-first values explore
/// enough); we kept it at zero.
pub(crate) const UCB_EXPLORATION: f32 = 0.0;

/// Whether the tree of a board of `size` takes the small-board widening
/// and expansion ([`PW_INITIAL_WIDTH_SMALL`], [`EXPAND_VISITS_SMALL`]):
/// boards up to 13x13. Here 13x13 goes with the small boards, unlike
/// [`crate::rules::is_large_board`]: the two numbers were set on 9x9 and
/// apply up to 13x13, whose 170 children a few thousand playouts can
/// still all try; 19x19's 362 cannot.
pub(crate) const fn small_tree(size: usize) -> bool {
    size <= crate::rules::LARGE_BOARD_MIN_SIZE
}

/// Children a node considers before progressive widening starts (ordered
/// by prior), on boards up to 13x13: all of them. In self-play on 9x9 at
/// 2000 playouts a move, no widening beat a start at 10 children 17-13:
/// with priors this flat, the all-moves-as-first values rank the moves
/// better than a cut by prior (Fuego and Pachi do not widen either).
pub(crate) const PW_INITIAL_WIDTH_SMALL: usize = 400;

/// The same on larger boards, where 362 children share a few thousand
/// playouts: Chaslot et al. (2008) start at 5; we start wider, since our
/// priors rank only the bad moves well.
pub(crate) const PW_INITIAL_WIDTH_LARGE: usize = 20;

/// Visits after which the first extra child is considered.
pub(crate) const PW_VISIT_START: f32 = 40.0;

/// One more child each time the visits grow by this factor (Chaslot et
/// al. 2008 unprune the k-th move after 40·1.4^(k-5) visits).
pub(crate) const PW_VISIT_GROWTH: f32 = 1.4;

/// Playouts through a leaf before it gets children, on boards up to
/// 13x13 (Pachi expands after 2 on 9x9).
pub(crate) const EXPAND_VISITS_SMALL: u32 = 2;

/// The same on larger boards, where a node holds up to 362 children and
/// memory would grow too fast (Pachi uses 8 on 19x19).
pub(crate) const EXPAND_VISITS_LARGE: u32 = 8;

/// The arena's limit in nodes (32 bytes each, 128 MB): past it leaves stop
/// expanding and the search goes on with the tree it has.
pub(crate) const MAX_NODES: usize = 4_000_000;

/// On a kept root (tree reuse), a child with at least this share of the
/// root's playouts stays among the first children whatever its new prior,
/// so that progressive widening (20 children and a few more on 19x19)
/// keeps searching the moves the earlier search settled on. 5%: at most
/// twenty children can hold that much, and in practice three to eight do.
pub(crate) const KEPT_FRONT_SHARE: f32 = 0.05;

/// Virtual losses a pass starts with in the tree (it is rarely the best
/// move before the end of the game).
pub(crate) const PASS_PRIOR_LOSSES: f32 = 30.0;

/// A child must have at least this many visits to stand in a principal
/// variation.
pub(crate) const PV_MIN_VISITS: u32 = 2;

/// Resign when the best move's win rate is below this (Pachi resigns
/// below 20%, Leela Zero below 10%): a lost game ends sooner, and a game
/// the search still gives one chance in twenty is played on.
pub(crate) const RESIGN_WINRATE: f32 = 0.05;

/// Playouts the root needs before a resignation is believed.
pub(crate) const RESIGN_MIN_VISITS: u32 = 1000;

/// After the opponent's pass, a count that draws at worst ends the game
/// too unless the most visited move's value (wins plus half the draws,
/// and on 13x13 and up the score bonus, which is nil at a level margin)
/// is above this: a settled draw's playouts all end level (value one
/// half), and the search then saw nothing better than filling its own
/// territory, which it did for 58 to 108 moves while GNU Go passed in
/// each of the ten draws of a 19x19 run (2026-11-27; a draw either way). A move the playouts give a real
/// chance still plays on; below 55% a chance of one in ten at most is
/// given up, and in a settled position such playout wins are mostly the
/// playouts' own blunders.
pub(crate) const DRAW_PASS_WINRATE: f32 = 0.55;

/// A stone counts as dead at the end of the game when the playouts give
/// its point to the other side at least this often (mean ownership from
/// -1 to 1, seen from the stone's side).
pub(crate) const DEAD_OWNERSHIP: f32 = -0.5;

/// A stone whose mean ownership (from its side) is below this is
/// unsettled: the pass check's worst case counts our unsettled stones
/// dead and the opponent's alive.
pub(crate) const SETTLED_OWNERSHIP: f32 = 0.7;

/// Playouts are cut off after this many moves times the board's points
/// (a cycle of kos could otherwise go on).
pub(crate) const PLAYOUT_LENGTH_FACTOR: usize = 3;

/// Share of a playout's value that goes by its score margin rather than
/// by who won, on large boards (`rules::is_large_board`): Pachi's
/// `val_scale` (0.04). A win's value stays in 0.96..1 and a loss's in
/// 0..0.04. On 19x19 at one second a move the plain win-or-loss tree let
/// leads of 17-40 points (GNU Go's estimate at move 150) melt into losses
/// and draws in 6 of 29 games against GNU Go level 1 (2026-11-26): once
/// every move wins, nothing told a slack move from a solid one.
pub(crate) const SCORE_WEIGHT: f32 = 0.04;

/// The score bonus is full at the board's points over this (40 points
/// on 19x19, Pachi's `val_points`; 19 on 13x13).
pub(crate) const SCORE_SCALE_DIVISOR: f32 = 9.0;

/// Points the kept lead grows by per move, and twice this it shrinks by.
/// A lead is a komi the engine gives itself in its playouts' count, so
/// that a won position still tells a solid move from a slack one: on
/// 19x19 at one second a move the wins against GNU Go level 1 ended by
/// exactly 2 points in 35 of 40 counted games, 8 of 59 games were
/// draws, and GNU Go's estimate of one such win went from +53 at move
/// 150 to +2 at the end (2026-11-27): every move still won, so the
/// tree gave points away until one more would not. Pachi's adaptive
/// dynamic komi does the same; small steps keep the tree's values
/// comparable from one move to the next (the tree is kept).
pub(crate) const LEAD_STEP: f32 = 2.0;

/// The chosen move's value above which the lead grows (Pachi's "green
/// zone" starts at 0.85).
pub(crate) const LEAD_RAISE_WINRATE: f32 = 0.85;

/// The chosen move's value below which the lead shrinks: the tree then
/// doubts it can keep the lead, and a tree that chases a lead it cannot
/// keep overplays (Pachi's "red zone" is 0.5; we back off earlier).
pub(crate) const LEAD_LOWER_WINRATE: f32 = 0.6;

/// Share of the playouts' mean margin (from the engine's side, the real
/// komi) the lead may reach: half the expected margin is kept, half is
/// left as the slack the playouts misjudge.
pub(crate) const LEAD_SHARE: f32 = 0.5;

/// The largest lead kept, in points.
pub(crate) const LEAD_MAX: f32 = 30.0;
