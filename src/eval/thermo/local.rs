//! The local game of one region: every move of both colours inside it,
//! searched to the end (or to the branching cap), its thermograph built
//! from the options' thermographs.
//!
//! - **Moves**: every empty point of the region for both colours, except
//!   suicides and points of a *secure* piece of territory (an empty part of
//!   the region of at most [`SMALL_REGION`] points whose neighbours are all
//!   safe stones of one colour or that colour's settled points: the small
//!   surrounded region rule, applied as the local game goes).
//! - **Kos** by the komaster rule of the thermography notes, read
//!   symmetrically (the notes treat both players alike): a player taking
//!   a ko makes the opponent komaster, who may retake at once against the
//!   ko rule; so a ko capture keeps its gain only if its player moves
//!   again at once, and the local game makes every ko capture (a take or
//!   an illegal retake) a pair of moves in a row, each taxed. This is the
//!   neutral threat environment of the one-third rule: a ko of swing `S`
//!   that one side wins with one move and the other with two has
//!   temperature `S/3`, its mean a third of the way from the one-move
//!   side's result.
//! - **Branching cap**: the number of options at each level, multiplied
//!   from the root; a position whose options would take the product above
//!   the cap ([`BRANCHING_CAP`]) is valued by the static evaluation instead,
//!   and the result is flagged approximate. The levels above a position
//!   count as the root's options less two per level (each level fills a
//!   point, for either colour), its own level as its own options: so the
//!   cap depends on the position and its depth, not on the way to it.
//! - **Static evaluation** (territory counting, from Black's side), for
//!   the positions where the local game stops: an empty point counts for
//!   the colour whose living stones (or settled points) are nearer,
//!   walking through the region's empty points (a point enclosed by one
//!   colour is that colour's at any distance; a tie is dame); a dead stone
//!   counts two for the opponent (the point and the prisoner). A stone is
//!   safe when its string touches a settled string; a string that is not
//!   safe is dead when it was dead in the analysis or is in atari. Stones
//!   captured on the way are added by the moves that take them.
//!
//! Positions are cached by board hash, forced move and depth, so
//! transpositions inside the local game are searched once, and the value
//! of a position depends only on the position and its depth, whatever
//! order the search takes (which keeps it symmetric in the colours).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::rational::Rational;
use super::thermograph::{Thermograph, Wall};
use crate::reading::benson::SMALL_REGION;
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point};

type Q = Rational;

/// The largest product of branching factors (options per level, from the
/// root) the local search expands; beyond it the position is valued
/// statically and the result is approximate. The thermography notes'
/// figure ("larger than 1000, evaluation is done heuristically").
pub(crate) const BRANCHING_CAP: u64 = 1000;

/// The most positions one local search visits; past it every position
/// not yet searched is valued statically and the result is approximate.
/// A safety net under [`BRANCHING_CAP`], whose estimate counts the
/// root's options (fewer at each level) and so misses the points that
/// captures empty again: the whole 3x3 board with stones of both colours
/// in atari took 154,751 positions and 5 s before this cap (found by the
/// JS API fuzz, `www/fuzz-api.mjs`), while the regions of real games take
/// tens to hundreds (all twelve of move 230 of `strategy26.sgf`: 1,029).
/// At about 30 µs a position, the cap keeps one region under a third of
/// a second.
pub(crate) const NODE_CAP: u64 = 10_000;

/// How deep a local game may go, beyond the region's size, before the
/// search stops and values statically: a guard against ko cycles that the
/// branching cap alone would not stop (positions with a single option).
const EXTRA_DEPTH: usize = 4;

/// How many levels of best moves a region keeps for the move choice
/// (its best move, the best answers, and so on): enough to see whether a
/// move leaves a follow-up above the next drop in temperature.
pub(crate) const SUMMARY_DEPTH: usize = 4;

/// No region index.
const NONE: u16 = u16::MAX;

/// Work space of one position's evaluation, by region index, kept from
/// one position to the next.
#[derive(Default)]
struct Buffers {
    /// The stone is part of a settled string.
    safe: Vec<bool>,
    /// The stone is dead for the static evaluation.
    dead: Vec<bool>,
    /// The empty point is in a secure piece of territory.
    secure: Vec<bool>,
    seen: Vec<bool>,
    part: Vec<usize>,
    stack: Vec<usize>,
    dead_ids: Vec<Point>,
    dist: [Vec<u32>; 2],
    queue: [Vec<usize>; 2],
}

/// Makes `v` `n` copies of `value`, keeping its allocation (the buffers
/// are reused from one position to the next).
fn refill<T: Clone>(v: &mut Vec<T>, n: usize, value: T) {
    v.clear();
    v.resize(n, value);
}

/// The shape of a region's thermograph at its top: what kind of
/// position it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// Temperature 0: nothing to gain by moving.
    Settled,
    /// Both walls slanted at the top: either side gains by moving first.
    Gote,
    /// Black's move is sente (the left wall is vertical at the top).
    SenteBlack,
    /// White's move is sente.
    SenteWhite,
    /// A ko decides the top of the thermograph.
    Ko,
}

impl RegionKind {
    /// The word of GTP and JS: `settled`, `gote`, `sente-black`,
    /// `sente-white`, `ko`.
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Settled => "settled",
            RegionKind::Gote => "gote",
            RegionKind::SenteBlack => "sente-black",
            RegionKind::SenteWhite => "sente-white",
            RegionKind::Ko => "ko",
        }
    }

    /// Whether a move of `c` here is sente.
    pub fn is_sente_for(self, c: Color) -> bool {
        matches!(
            (self, c),
            (RegionKind::SenteBlack, Color::Black) | (RegionKind::SenteWhite, Color::White)
        )
    }
}

/// A region's local game as the move choice sees it: value, temperature,
/// kind, and the best move of each colour with what follows, a few levels
/// deep (four).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalSummary {
    /// Mean value, points for Black.
    pub mean: Q,
    /// Temperature (>= 0).
    pub temperature: Q,
    /// The shape at the top.
    pub kind: RegionKind,
    /// Whether the branching cap was hit below this position.
    pub approx: bool,
    /// Black's best move here and the position after it (None when Black
    /// has no move or the summary is cut).
    pub black: Option<(Point, Box<LocalSummary>)>,
    /// White's best move and the position after it.
    pub white: Option<(Point, Box<LocalSummary>)>,
    /// Stones the best move of each colour captures, `[black, white]`.
    pub captures: [usize; 2],
}

impl LocalSummary {
    /// A settled value without moves.
    pub fn number(v: Q) -> LocalSummary {
        LocalSummary {
            mean: v,
            temperature: Q::ZERO,
            kind: RegionKind::Settled,
            approx: false,
            black: None,
            white: None,
            captures: [0, 0],
        }
    }

    /// The best move of `c` and what follows.
    pub fn best(&self, c: Color) -> Option<&(Point, Box<LocalSummary>)> {
        match c {
            Color::Black => self.black.as_ref(),
            Color::White => self.white.as_ref(),
        }
    }
}

/// The best of a side's options at temperature `t`: the wall highest for
/// Black (`black`) or lowest for White just below `t` (value at `t`,
/// then the slope before it). An index into `walls`.
pub(crate) fn best_option(walls: &[&Wall], t: Q, black: bool) -> Option<usize> {
    walls
        .iter()
        .enumerate()
        .map(|(i, w)| (i, w.at(t), w.slope_before(t)))
        .reduce(|a, b| {
            let b_better = if black {
                b.1 > a.1 || (b.1 == a.1 && b.2 < a.2)
            } else {
                b.1 < a.1 || (b.1 == a.1 && b.2 > a.2)
            };
            if b_better {
                b
            } else {
                a
            }
        })
        .map(|(i, _, _)| i)
}

/// The thermograph of a position from its options: the right walls of
/// Black's options and the left walls of White's (each shifted by the
/// stones the move takes). In a forced position (`must`: a ko was just
/// captured, so its player moves again) only the mover's options count
/// and the result is not a game of its own: both its walls are the
/// mover's scaffold, so that the ko capture before it and this move are
/// taxed together (twice in all).
pub(crate) fn position_thermograph<'a>(
    black: impl IntoIterator<Item = &'a Wall>,
    white: impl IntoIterator<Item = &'a Wall>,
    must: Option<Color>,
    fallback: Q,
) -> Thermograph {
    let (l, r) = Thermograph::scaffolds(black, white);
    let Some(m) = must else {
        return Thermograph::from_scaffolds(l, r, fallback);
    };
    match if m == Color::Black { l } else { r } {
        Some(s) => {
            let v = s.at(Q::ZERO);
            Thermograph {
                left: s.clone(),
                right: s,
                temperature: Q::ZERO,
                mean: v,
            }
        }
        None => Thermograph::number(fallback),
    }
}

/// The kind of a thermograph's top (`ko` when a ko decides it).
pub(crate) fn kind_of(t: &Thermograph, ko: bool) -> RegionKind {
    if ko {
        RegionKind::Ko
    } else if t.temperature == Q::ZERO {
        RegionKind::Settled
    } else if t.left_vertical() {
        RegionKind::SenteBlack
    } else if t.right_vertical() {
        RegionKind::SenteWhite
    } else {
        RegionKind::Gote
    }
}

/// What the local game needs to know of the board around the region.
pub(crate) struct Context<'a> {
    /// Per padded point: a stone the analysis settled (alive, seki or
    /// unconditionally alive): the region's walls.
    pub settled: &'a [bool],
    /// Per padded point: who owns a settled point outside every region.
    pub owner: &'a [Option<Color>],
    /// Per padded point: a stone the analysis called dead.
    pub dead: &'a [bool],
}

/// The result of a region's local game.
#[derive(Clone, Debug)]
pub(crate) struct LocalResult {
    pub thermograph: Thermograph,
    pub summary: LocalSummary,
    pub approx: bool,
    /// Positions searched.
    pub nodes: u64,
}

/// A move of the local game.
#[derive(Clone, Copy, Debug)]
struct Option_ {
    p: Point,
    c: Color,
    /// The move takes a ko (a lone stone capturing a lone stone, legally
    /// or against the ko rule): its player must move again.
    ko: bool,
    /// Stones the move captures.
    captures: u16,
}

/// A position of the local game beyond the board: whether one colour must
/// move (again, after a ko capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    must: Option<Color>,
}

impl State {
    fn key(&self, hash: u64) -> u64 {
        let m = match self.must {
            None => 0u64,
            Some(c) => 1 + c.index() as u64,
        };
        hash ^ mix(m)
    }
}

/// splitmix64's finaliser: spreads small keys over 64 bits.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hasher for keys that are already well mixed.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type FastMap<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

/// One searched position.
#[derive(Clone, Debug)]
struct Node {
    thermo: Thermograph,
    approx: bool,
    ko: bool,
    /// Per colour: the best option (index into `options`), if any.
    best: [Option<usize>; 2],
    /// The options searched, with their child keys.
    options: Vec<(Option_, u64)>,
    /// A forced position whose mover has no move: the ko capture that
    /// led here is not an option.
    dead_end: bool,
}

struct Search<'a, 'b> {
    board: &'a mut Board,
    region: &'a [Point],
    /// Per padded point: its index in the region, or [`NONE`].
    index: Vec<u16>,
    ctx: &'a Context<'b>,
    table: FastMap<Node>,
    nodes: u64,
    max_depth: usize,
    cap: u64,
    /// Per depth: the product of the branching factors of the levels
    /// above (as counted from the root's options).
    above: Vec<u64>,
    buf: Buffers,
}

/// Searches the local game of `region` (its points, stones included) on
/// `board` (restored afterwards). With `shallow`, only the first move is
/// searched (the heuristic for regions too big for thermography). The
/// board's ko point plays no part: a ko retake is a ko capture like any
/// other.
pub(crate) fn solve(
    board: &mut Board,
    region: &[Point],
    ctx: &Context<'_>,
    shallow: bool,
) -> LocalResult {
    let mut index = vec![NONE; CELLS];
    for (i, &p) in region.iter().enumerate() {
        index[p.index()] = i as u16;
    }
    let mut s = Search {
        board,
        region,
        index,
        ctx,
        table: FastMap::default(),
        nodes: 0,
        max_depth: if shallow {
            1
        } else {
            region.len() * 2 + EXTRA_DEPTH
        },
        cap: BRANCHING_CAP,
        above: Vec::new(),
        buf: Buffers::default(),
    };
    let state = State { must: None };
    let key = s.node(state, 0);
    let root = &s.table[&key];
    LocalResult {
        thermograph: root.thermo.clone(),
        approx: root.approx || shallow,
        summary: s.summary(key, SUMMARY_DEPTH),
        nodes: s.nodes,
    }
}

impl Search<'_, '_> {
    /// Searches the position on the board in `state`; returns its key in
    /// the table.
    fn node(&mut self, state: State, depth: usize) -> u64 {
        // The depth is part of the key: the same position deeper may be
        // cut by the cap where it was not higher up.
        let key = state.key(self.board.hash()) ^ mix(depth as u64 + 1);
        if self.table.contains_key(&key) {
            return key;
        }
        self.nodes += 1;
        let mut buf = std::mem::take(&mut self.buf);
        self.stones(&mut buf);
        let leaf = |s: &Self, buf: &mut Buffers, approx: bool, dead_end: bool| Node {
            thermo: Thermograph::number(s.static_value(buf)),
            approx,
            ko: false,
            best: [None, None],
            options: Vec::new(),
            dead_end,
        };
        if depth >= self.max_depth || self.nodes > NODE_CAP {
            let node = leaf(self, &mut buf, true, false);
            self.buf = buf;
            self.table.insert(key, node);
            return key;
        }
        // Beyond `limit` moves the cap is hit whatever their number, so the
        // count may stop there.
        let limit = match self.above.get(depth) {
            Some(&a) if depth > 0 => (self.cap / a.max(1)) as usize + 1,
            _ => usize::MAX,
        };
        let moves = self.moves(state, &mut buf, limit);
        let n = moves.len() as u64;
        if depth == 0 {
            // The levels below count as the root's options, two fewer per
            // level.
            let mut product = 1u64;
            self.above = (0..=self.max_depth as u64)
                .map(|d| {
                    let p = product;
                    product = product.saturating_mul(n.saturating_sub(2 * d).max(1));
                    p
                })
                .collect();
        }
        let product = self.above.get(depth).copied().unwrap_or(u64::MAX);
        let leaf_node = if n == 0 {
            Some(leaf(self, &mut buf, false, state.must.is_some()))
        } else if product.saturating_mul(n) > self.cap {
            Some(leaf(self, &mut buf, true, false))
        } else {
            None
        };
        self.buf = buf;
        let node = if let Some(node) = leaf_node {
            node
        } else {
            let options = moves
                .into_iter()
                .map(|(p, c)| Option_ {
                    p,
                    c,
                    ko: self.takes_ko(p, c),
                    captures: self.captured_by(p, c) as u16,
                })
                .collect();
            self.expand(state, options, depth)
        };
        self.table.insert(key, node);
        key
    }

    fn expand(&mut self, state: State, options: Vec<Option_>, depth: usize) -> Node {
        let mut searched: Vec<(Option_, u64)> = Vec::with_capacity(options.len());
        for o in options {
            let undo = self.board.play_unchecked(o.p, o.c);
            let child = State {
                must: o.ko.then_some(o.c),
            };
            let k = self.node(child, depth + 1);
            self.board.undo(undo);
            if !self.table[&k].dead_end {
                searched.push((o, k));
            }
        }
        // Black's options are valued by their right walls, White's by their
        // left walls (a forced position's walls are its scaffold, both the
        // same).
        let walls = |c: Color| -> Vec<(usize, Wall)> {
            searched
                .iter()
                .enumerate()
                .filter(|(_, (o, _))| o.c == c)
                .map(|(i, (o, k))| {
                    let t = &self.table[k].thermo;
                    let w = if c == Color::Black { &t.right } else { &t.left };
                    // The stones the move takes are prisoners.
                    (i, w.shift(Q::from(o.captures as i64 * c.sign() as i64)))
                })
                .collect()
        };
        let (bw, ww) = (walls(Color::Black), walls(Color::White));
        let approx = searched.iter().any(|(_, k)| self.table[k].approx);
        if searched.is_empty() {
            // Every option was a ko capture without a follow-up.
            let mut buf = std::mem::take(&mut self.buf);
            self.stones(&mut buf);
            let v = self.static_value(&mut buf);
            self.buf = buf;
            return Node {
                thermo: Thermograph::number(v),
                approx,
                ko: false,
                best: [None, None],
                options: Vec::new(),
                dead_end: state.must.is_some(),
            };
        }
        // Some option was searched, so the static value is not needed.
        let fallback = Q::ZERO;
        let thermo = position_thermograph(
            bw.iter().map(|(_, w)| w),
            ww.iter().map(|(_, w)| w),
            state.must,
            fallback,
        );
        let t = thermo.temperature;
        let pick = |ws: &[(usize, Wall)], black: bool| {
            let only: Vec<&Wall> = ws.iter().map(|(_, w)| w).collect();
            best_option(&only, t, black).map(|j| ws[j].0)
        };
        let best = [pick(&bw, true), pick(&ww, false)];
        let hot = t > Q::ZERO || state.must.is_some();
        let ko = hot
            && best.iter().flatten().any(|&i| {
                let (o, k) = &searched[i];
                let child = &self.table[k];
                o.ko || (child.ko && (child.thermo.temperature > Q::ZERO))
            });
        Node {
            thermo,
            approx,
            ko,
            best,
            options: searched,
            dead_end: false,
        }
    }

    /// The legal moves of the position (the ko rule aside).
    fn moves(&self, state: State, buf: &mut Buffers, limit: usize) -> Vec<(Point, Color)> {
        self.secure_points(buf);
        let colors: &[Color] = match state.must {
            Some(Color::Black) => &[Color::Black],
            Some(Color::White) => &[Color::White],
            None => &[Color::Black, Color::White],
        };
        let mut out = Vec::new();
        for (i, &p) in self.region.iter().enumerate() {
            if !self.board.is_empty(p) || buf.secure[i] {
                continue;
            }
            for &c in colors {
                if !self.board.is_suicide(p, c) {
                    out.push((p, c));
                    if out.len() >= limit {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Whether `c` at empty `p` captures exactly one lone stone with a lone
    /// stone left in atari (a ko capture).
    fn takes_ko(&self, p: Point, c: Color) -> bool {
        let b = &*self.board;
        let mut captured = 0;
        let mut own = false;
        let mut libs = 0;
        for n in b.neighbors(p) {
            match b.get(n) {
                None => libs += 1,
                Some(x) if x == c => own = true,
                Some(_) => {
                    if b.liberties(n) == 1 {
                        captured += b.chain_len(n);
                    }
                }
            }
        }
        captured == 1 && !own && libs == 0
    }

    /// Fills `buf.safe` and `buf.dead`, per region point: whether its stone
    /// is safe (its string touches a settled stone of its colour, so
    /// belongs to a settled string), and whether it is dead for the static
    /// evaluation (a string that is not safe and was dead in the analysis
    /// or is in atari).
    fn stones(&self, buf: &mut Buffers) {
        let b = &*self.board;
        let n = self.region.len();
        refill(&mut buf.safe, n, false);
        buf.dead_ids.clear();
        for (i, &p) in self.region.iter().enumerate() {
            let Some(c) = b.get(p) else { continue };
            if self.ctx.dead[p.index()] {
                let id = b.chain_id(p);
                if !buf.dead_ids.contains(&id) {
                    buf.dead_ids.push(id);
                }
            }
            if buf.safe[i]
                || !b.neighbors(p).any(|q| {
                    self.index[q.index()] == NONE
                        && b.get(q) == Some(c)
                        && self.ctx.settled[q.index()]
                })
            {
                continue;
            }
            buf.safe[i] = true;
            buf.stack.clear();
            buf.stack.push(i);
            while let Some(j) = buf.stack.pop() {
                for q in b.neighbors(self.region[j]) {
                    let k = self.index[q.index()];
                    if k != NONE && b.get(q) == Some(c) && !buf.safe[k as usize] {
                        buf.safe[k as usize] = true;
                        buf.stack.push(k as usize);
                    }
                }
            }
        }
        buf.dead.clear();
        for (i, &p) in self.region.iter().enumerate() {
            let dead = b.get(p).is_some()
                && !buf.safe[i]
                && (b.liberties(p) <= 1 || buf.dead_ids.contains(&b.chain_id(p)));
            buf.dead.push(dead);
        }
    }

    /// The colour a neighbour `q` of an empty region point counts for: a
    /// stone's (a dead stone's opponent's), or a settled point's owner.
    fn colour_of(&self, q: Point, dead: &[bool]) -> Option<Color> {
        let i = self.index[q.index()];
        match self.board.get(q) {
            Some(c) => {
                let dead = if i != NONE {
                    dead[i as usize]
                } else {
                    self.ctx.dead[q.index()]
                };
                Some(if dead { c.opponent() } else { c })
            }
            None if i == NONE => self.ctx.owner[q.index()],
            None => None,
        }
    }

    /// Fills `buf.secure`, per region point: empty points in a small part
    /// of the region (a connected set of empty region points) whose
    /// neighbours all count for one colour, its stones there safe: a
    /// secure piece of territory, where no move can matter. Needs
    /// [`Search::stones`] first.
    fn secure_points(&self, buf: &mut Buffers) {
        let b = &*self.board;
        let n = self.region.len();
        refill(&mut buf.secure, n, false);
        refill(&mut buf.seen, n, false);
        for (i, &p) in self.region.iter().enumerate() {
            if !b.is_empty(p) || buf.seen[i] {
                continue;
            }
            buf.seen[i] = true;
            buf.part.clear();
            buf.part.push(i);
            // None: nothing seen yet; Some(None): mixed or unsafe.
            let mut owner: Option<Option<Color>> = None;
            let mut k = 0;
            while k < buf.part.len() {
                let q = self.region[buf.part[k]];
                k += 1;
                for r in b.neighbors(q) {
                    let j = self.index[r.index()];
                    if j != NONE && b.is_empty(r) {
                        if !buf.seen[j as usize] {
                            buf.seen[j as usize] = true;
                            buf.part.push(j as usize);
                        }
                        continue;
                    }
                    // A stone of the region counts only when safe, or dead
                    // (then for the other side).
                    let here = if j != NONE && !buf.safe[j as usize] && !buf.dead[j as usize] {
                        None
                    } else {
                        self.colour_of(r, &buf.dead)
                    };
                    owner = Some(match (owner, here) {
                        (None, h) => h,
                        (Some(Some(a)), Some(h)) if a == h => Some(a),
                        _ => None,
                    });
                }
            }
            if buf.part.len() <= SMALL_REGION && owner.flatten().is_some() {
                for &j in &buf.part {
                    buf.secure[j] = true;
                }
            }
        }
    }

    /// The static value of the region (territory counting, Black's side).
    /// Stones captured on the way are not in it: each option adds its own
    /// captures, so a position's value does not depend on the way to it.
    /// Needs [`Search::stones`] first.
    fn static_value(&self, buf: &mut Buffers) -> Q {
        let b = &*self.board;
        let n = self.region.len();
        let mut score = 0i64;
        // Distances from each colour, by region index, found breadth
        // first from the empty points next to a colour.
        for c in 0..2 {
            refill(&mut buf.dist[c], n, u32::MAX);
            buf.queue[c].clear();
        }
        for (i, &p) in self.region.iter().enumerate() {
            match b.get(p) {
                Some(c) => {
                    if buf.dead[i] {
                        score -= 2 * c.sign() as i64;
                    }
                }
                None => {
                    for q in b.neighbors(p) {
                        if let Some(c) = self.colour_of(q, &buf.dead) {
                            if buf.dist[c.index()][i] != 1 {
                                buf.dist[c.index()][i] = 1;
                                buf.queue[c.index()].push(i);
                            }
                        }
                    }
                }
            }
        }
        for c in 0..2 {
            let (d, queue) = (&mut buf.dist[c], &mut buf.queue[c]);
            let mut k = 0;
            while k < queue.len() {
                let i = queue[k];
                k += 1;
                for q in b.neighbors(self.region[i]) {
                    let j = self.index[q.index()];
                    if j != NONE && b.is_empty(q) && d[j as usize] == u32::MAX {
                        d[j as usize] = d[i] + 1;
                        queue.push(j as usize);
                    }
                }
            }
        }
        for (i, &p) in self.region.iter().enumerate() {
            if b.is_empty(p) {
                score += match buf.dist[0][i].cmp(&buf.dist[1][i]) {
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Greater => -1,
                    std::cmp::Ordering::Equal => 0,
                };
            }
        }
        Q::from(score)
    }

    /// The summary of the position under `key`, `depth` levels of best
    /// moves deep.
    fn summary(&self, key: u64, depth: usize) -> LocalSummary {
        let node = &self.table[&key];
        let t = &node.thermo;
        let kind = kind_of(t, node.ko);
        let mut s = LocalSummary {
            mean: t.mean,
            temperature: t.temperature,
            kind,
            approx: node.approx,
            black: None,
            white: None,
            captures: [0, 0],
        };
        if depth == 0 {
            return s;
        }
        for (ci, slot) in [Color::Black, Color::White].into_iter().enumerate() {
            let Some(i) = node.best[ci] else { continue };
            let (o, k) = node.options[i];
            s.captures[ci] = o.captures as usize;
            let child = Box::new(self.summary(k, depth - 1));
            match slot {
                Color::Black => s.black = Some((o.p, child)),
                Color::White => s.white = Some((o.p, child)),
            }
        }
        s
    }

    /// Stones `c` at empty `p` would capture.
    fn captured_by(&self, p: Point, c: Color) -> usize {
        let b = &*self.board;
        let mut heads: Vec<Point> = Vec::new();
        for n in b.neighbors(p) {
            if b.get(n) == Some(c.opponent()) && b.liberties(n) == 1 {
                let h = b.chain_id(n);
                if !heads.contains(&h) {
                    heads.push(h);
                }
            }
        }
        heads.iter().map(|&h| b.chain_len(h)).sum()
    }
}
