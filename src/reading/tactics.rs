//! String tactics: can a string (a chain of stones, GNU Go's "worm") be
//! captured, and can it be saved? The reader answers with GNU Go's result
//! codes (see [`Code`]), the key move and the number of nodes searched.
//!
//! The search is a plain depth-first alpha-beta over a narrow set of
//! candidate moves, organised like GNU Go's `reading.c` (the ideas, not the
//! code): the attacker tries the string's liberties, its second-order
//! liberties (nets), backfilling moves and moves saving its own boundary
//! strings in atari; the defender tries extensions, captures of adjacent
//! strings in atari, ataris on adjacent strings short of liberties (a ko
//! capture among them), near
//! the root the liberties of an adjacent string sharing a liberty with it
//! and having at most two liberties more (liberty races) and liberty-gaining
//! moves next to its liberties. Where capturing a string in atari is only
//! a ko, the attacker also tries the liberties of the owner strings that
//! would retake, for a capture without ko. Ladders are the
//! same search narrowed once the depth passes `READ_DEPTH`: the attacker
//! may only play the two liberties, the defender may only extend or capture,
//! which reads a ladder across the board in a few dozen nodes.
//!
//! Ko: a ko capture that is legal is played like any move. One that is
//! illegal right now (the ko point) may still be played once per side and
//! line, as if a ko threat had been played and answered; a result that
//! depends on such a capture is at best [`Code::KoB`] for its player, and
//! the opponent's view of it is [`Code::KoA`] (GNU Go's komaster scheme,
//! simplified).
//!
//! Budgets: every query takes a [`Budget`] (a node limit and an optional
//! clock); when it runs out, the unfinished branches count as failures for
//! the side to move, so an exhausted attack answers "cannot capture".
//!
//! Move ordering: the weights of `ordering::string_attack` and
//! `ordering::string_defence`.

use crate::reading::answer::keep_best;
use crate::reading::candidates::Candidates;
use crate::reading::ko::{is_retake, KoLine, Played};
use crate::reading::ordering::{string_attack as att, string_defence as def};
use crate::reading::{Answer, Budget, Code, Goal, Meter};
use crate::rules::{Board, Color, Point, PointList};
use std::cell::RefCell;
use std::collections::HashMap;

/// Plies up to which a string with three liberties may be attacked (GNU Go
/// 3.8's `depth` at its default level 10).
pub(crate) const READ_DEPTH: usize = 16;
/// Plies up to which throw-ins, backfilling and nets are tried (GNU Go
/// 3.8's `backfill_depth`).
pub(crate) const BACKFILL_DEPTH: usize = 16;
/// Plies up to which a string with four liberties may be attacked (GNU Go
/// 3.8's `fourlib_depth`).
pub(crate) const FOURLIB_DEPTH: usize = 7;
/// Plies up to which a conditional ko capture (one that needs a threat) may
/// be played (GNU Go 3.8's `ko_depth`).
pub(crate) const KO_DEPTH: usize = 8;
/// Plies up to which the defender may attack the attacker's boundary
/// strings with two liberties (GNU Go 3.8's `break_chain_depth`).
pub(crate) const BREAK_CHAIN_DEPTH: usize = 7;
/// The defender of a string with three liberties races a boundary string
/// that shares a liberty with it and has at most this many liberties
/// more, by shortening it (a string with two liberties shortens boundary
/// strings of two and three). Behind in liberties, the defender moving
/// first can still win or reach seki: the outside liberties go first, and
/// the side that must then fill a shared liberty puts itself in atari
/// (with three shared liberties, a deficit of two is still seki). Our
/// choice on `reading.tst`'s tuning half: two read one case more than
/// one.
pub(crate) const RACE_LEAD: usize = 2;
/// Plies up to which the defender of a string with three liberties
/// shortens a boundary string in a race; deeper, the race goes on with
/// two liberties, up to [`BREAK_CHAIN_DEPTH`]. Our choice: at
/// [`BREAK_CHAIN_DEPTH`] the extra moves changed the owl's answers within
/// its small budgets (one case of `owl.tst` lost) for no gain on
/// `reading.tst`'s tuning half.
pub(crate) const RACE_DEPTH: usize = 2;
/// Plies up to which the attacker also attacks the strings the target
/// could connect to (our choice, tuned on `reading.tst`).
pub(crate) const PARTNER_DEPTH: usize = 2;
/// The attacker cuts off the strings the target could connect to when they
/// have at most this many liberties (more, and the connection is not the
/// target's way out). Our choice, with [`PARTNER_DEPTH`].
pub(crate) const CUT_PARTNER_LIBS: usize = 4;
/// The defender strengthens a string it could connect to when that string
/// has at most this many liberties (at the root: [`PARTNER_LIBS_ROOT`]).
/// Tuned on `reading.tst` (our choice).
pub(crate) const PARTNER_LIBS: usize = 3;
/// See [`PARTNER_LIBS`].
pub(crate) const PARTNER_LIBS_ROOT: usize = 4;
/// Hard cap on the depth of any line (a ladder across a 25x25 board and
/// back fits easily).
pub(crate) const MAX_PLY: usize = 160;
/// Strings with at least this many liberties are taken as tactically safe
/// (GNU Go 3.8 never attacks strings with five or more liberties).
pub(crate) const SAFE_LIBERTIES: usize = 5;
/// Default node budget of one `attack`/`defend` query. Chosen on
/// `reading.tst` (40 000 nodes solved 2 cases fewer; exhausted branches
/// count as failures for the side to move).
pub const DEFAULT_NODES: u64 = 150_000;
/// Debug trace of the search on stderr.
const TRACE: bool = false;
/// Largest transposition table (entries, a power of two); smaller budgets
/// get a table of about twice their node count, so that many small reads
/// (inside the life-and-death search) stay cheap to set up.
const TT_SIZE: usize = 1 << 16;
/// Smallest transposition table.
const TT_MIN: usize = 1 << 8;

/// Most answers kept by [`ANSWERS`] before it is emptied: a bound on its
/// memory (about 40 bytes an entry, some 5 MB), not tuned.
const ANSWERS_MAX: usize = 1 << 17;

thread_local! {
    /// Answers of queries without a clock, by position, string, goal,
    /// ladder mode and budget (see `Reader::answer_key`): the
    /// life-and-death search asks the same question at the same position
    /// many times (each dragon's attack and defence searches start from
    /// one position and meet the same lines; every node's static
    /// judgement reads the lunches around it again), and the answer is a
    /// function of them.
    static ANSWERS: RefCell<HashMap<u64, Answer>> = RefCell::new(HashMap::new());
}

/// Empties [`ANSWERS`].
pub(crate) fn forget() {
    ANSWERS.with(|t| t.borrow_mut().clear());
}

/// One slot of the transposition table.
#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    /// The loan of the table it was written in ([`Table`]): a slot of
    /// another loan is empty.
    stamp: u32,
    /// Code (low 2 bits) + 1 in bits 2.., so 0 means an empty slot.
    data: u8,
    point: u16,
    ply: u8,
}

/// A reader's transposition table, lent from a pool of this thread's
/// tables and given back when the reader is dropped. Its slots are empty
/// unless stamped with this loan's stamp, so a table passes from reader to
/// reader without being cleared: the life-and-death search makes a reader
/// for almost every string it asks about, and zeroing a fresh table for
/// each (up to 1 MiB) cost more than some of their reads. A reader sees
/// exactly what it would in a table of its own.
struct Table {
    slots: Vec<TtEntry>,
    stamp: u32,
}

/// Most idle tables of one size the pool keeps (readers nest only a few
/// deep, so a few of each size serve them all): a bound on its memory,
/// not tuned.
const POOLED_PER_SIZE: usize = 4;

/// The pool of idle tables: by size, each with the era its slots were
/// last zeroed in.
#[derive(Default)]
struct Pool {
    idle: HashMap<usize, Vec<(u32, Vec<TtEntry>)>>,
    /// The last stamp lent.
    stamp: u32,
    /// Bumped when the stamps wrap around: a table from an earlier era is
    /// zeroed before it is lent again, since its slots may carry any
    /// stamp.
    era: u32,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

impl Table {
    /// An empty table of `size` slots (a power of two).
    fn lend(size: usize) -> Table {
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.stamp == u32::MAX {
                pool.stamp = 0;
                pool.era = pool.era.wrapping_add(1);
            }
            pool.stamp += 1;
            let (stamp, era) = (pool.stamp, pool.era);
            let slots = match pool.idle.get_mut(&size).and_then(Vec::pop) {
                Some((e, slots)) if e == era => slots,
                _ => vec![TtEntry::default(); size],
            };
            Table { slots, stamp }
        })
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        if slots.is_empty() {
            return;
        }
        // A thread that is ending keeps nothing.
        let _ = POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            let era = pool.era;
            let idle = pool.idle.entry(slots.len()).or_default();
            if idle.len() < POOLED_PER_SIZE {
                idle.push((era, slots));
            }
        });
    }
}

/// Reading state kept across queries on one position: node counters and the
/// transposition table. The board is borrowed per query and always restored.
pub(crate) struct Reader<'a> {
    meter: Meter<'a>,
    /// Made by the first query that reads.
    tt: Option<Table>,
    ply: usize,
    /// Conditional ko captures made on the current line, per colour.
    ko: KoLine,
    /// Ladder mode: from the root on, only ladder moves.
    ladder_only: bool,
}

/// Can the string through `p` be captured, the attacker moving first?
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{tactics, Budget, Code};
/// let mut b = Board::from_ascii("
///     . . . . .
///     . . X . .
///     . X O . .
///     . . X . .
///     . . . . .");
/// let a = tactics::attack(&mut b, Point::from_xy(2, 2), &Budget::default());
/// assert_eq!(a.code, Code::Win);
/// assert_eq!(a.point, Some(Point::from_xy(3, 2)));
/// ```
pub fn attack(board: &mut Board, p: Point, budget: &Budget) -> Answer {
    Reader::new(*budget).attack(board, p)
}

/// Can the string through `p` be saved, its owner moving first? A string
/// that needs no move answers `Win` with no point.
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::{tactics, Budget, Code};
/// // White's E5 in atari runs out at F5 (GNU Go 3.8: `defend E5` = `1 F5`).
/// let mut b = Board::from_ascii("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . X . . . .
///     . . . X O . . . .
///     . . . . X . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .");
/// let d = tactics::defend(&mut b, Point::from_xy(4, 4), &Budget::default());
/// assert_eq!(d.code, Code::Win);
/// assert_eq!(d.point, Some(Point::from_xy(5, 4)));
/// ```
pub fn defend(board: &mut Board, p: Point, budget: &Budget) -> Answer {
    Reader::new(*budget).defend(board, p)
}

/// The fast ladder reader: can the string through `p` (with two liberties,
/// or one) be captured in a ladder? Returns the first atari.
pub fn ladder_capture(board: &mut Board, p: Point) -> Option<Point> {
    let mut r = Reader::new(Budget::nodes(DEFAULT_NODES));
    r.ladder_only = true;
    let a = r.attack(board, p);
    if a.code == Code::Win {
        a.point
    } else {
        None
    }
}

impl<'a> Reader<'a> {
    /// A reader with this budget per query.
    pub(crate) fn new(budget: Budget<'a>) -> Reader<'a> {
        Reader {
            meter: Meter::new(&budget),
            // Made by the first query that reads: many readers answer
            // every query from [`ANSWERS`].
            tt: None,
            ply: 0,
            ko: KoLine::default(),
            ladder_only: false,
        }
    }

    /// Can the string through `p` be captured, the attacker moving first?
    pub(crate) fn attack(&mut self, board: &mut Board, p: Point) -> Answer {
        self.query(board, p, Goal::Attack)
    }

    /// Can the string through `p` be saved, its owner moving first?
    pub(crate) fn defend(&mut self, board: &mut Board, p: Point) -> Answer {
        self.query(board, p, Goal::Defend)
    }

    /// One query from the root, within a fresh budget; the answer of a
    /// query asked before on the same position, from [`ANSWERS`], when no
    /// clock can stop it.
    fn query(&mut self, board: &mut Board, p: Point, goal: Goal) -> Answer {
        self.meter.restart();
        self.ply = 0;
        self.ko = KoLine::default();
        let n0 = self.meter.nodes();
        if board.get(p).is_none() {
            return Answer::unread(Code::Fail);
        }
        let key = (!self.meter.clocked()).then(|| self.answer_key(board, p, goal));
        if let Some(a) = key.and_then(|k| ANSWERS.with(|t| t.borrow().get(&k).copied())) {
            return a;
        }
        if self.tt.is_none() {
            let size = (self.meter.per_query().saturating_mul(2) as usize)
                .next_power_of_two()
                .clamp(TT_MIN, TT_SIZE);
            self.tt = Some(Table::lend(size));
        }
        let (code, point) = self.read(board, p, goal);
        let a = Answer {
            code,
            point: if code.succeeds() { point } else { None },
            nodes: self.meter.nodes() - n0,
        };
        if let Some(k) = key {
            ANSWERS.with(|t| {
                let mut t = t.borrow_mut();
                if t.len() >= ANSWERS_MAX {
                    t.clear();
                }
                t.insert(k, a);
            });
        }
        a
    }

    /// The recursive reading for `goal`, its side to move.
    fn read(&mut self, board: &mut Board, s: Point, goal: Goal) -> (Code, Option<Point>) {
        match goal {
            Goal::Attack => self.attack_rec(board, s),
            Goal::Defend => self.defend_rec(board, s),
        }
    }

    fn tt_key(&self, board: &Board, s: Point, goal: Goal) -> u64 {
        let mut k = board.hash();
        k ^= (s.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if goal == Goal::Defend {
            k ^= 0xD1B5_4A32_D192_ED03;
        }
        if let Some(ko) = board.ko_point() {
            k ^= (ko.index() as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        }
        let spent = self.ko.spent();
        k ^= (spent[0] as u64) << 61 ^ (spent[1] as u64) << 59;
        if self.ladder_only {
            k ^= 0x1656_67B1_9E37_79F9;
        }
        k
    }

    /// The key of a query from the root in [`ANSWERS`]: its
    /// transposition-table key (no ko capture spent yet) and the budget.
    fn answer_key(&self, board: &Board, p: Point, goal: Goal) -> u64 {
        self.tt_key(board, p, goal)
            ^ self
                .meter
                .per_query()
                .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
                .rotate_left(17)
    }

    fn tt_get(&self, key: u64) -> Option<(Code, Option<Point>)> {
        let t = self.tt.as_ref().expect("a table while reading");
        let e = t.slots[(key as usize) & (t.slots.len() - 1)];
        if e.key == key && e.stamp == t.stamp && e.data != 0 && (e.ply as usize) <= self.ply {
            let code = Code::from_gnugo(e.data - 1);
            let point = if e.point == 0 {
                None
            } else {
                Some(Point::from_index(e.point as usize))
            };
            Some((code, point))
        } else {
            None
        }
    }

    fn tt_put(&mut self, key: u64, code: Code, point: Option<Point>) {
        if self.meter.exhausted() {
            return;
        }
        let t = self.tt.as_mut().expect("a table while reading");
        let mask = t.slots.len() - 1;
        let stamp = t.stamp;
        let e = &mut t.slots[(key as usize) & mask];
        *e = TtEntry {
            key,
            stamp,
            data: code.gnugo() + 1,
            point: point.map_or(0, |p| p.index() as u16),
            ply: self.ply.min(255) as u8,
        };
    }

    /// Whether the depth rules let a string with `libs` liberties be
    /// attacked at the current ply.
    fn attackable(&self, libs: usize) -> bool {
        if libs >= SAFE_LIBERTIES {
            return false;
        }
        match libs {
            0 | 1 => true,
            2 => self.ply < MAX_PLY,
            3 => !self.ladder_only && self.ply <= READ_DEPTH,
            4 => !self.ladder_only && self.ply <= FOURLIB_DEPTH,
            _ => false,
        }
    }

    /// Plays `m` for `c` if legal, or as a conditional ko capture if the
    /// rules of the search allow one. Returns the undo records and whether
    /// a threat was needed.
    fn try_play(
        &mut self,
        board: &mut Board,
        m: Point,
        c: Color,
        allow_ko: bool,
    ) -> Option<Played> {
        if !board.is_empty(m) {
            return None;
        }
        let played = if is_retake(board, m, c) {
            if !allow_ko || self.ply > KO_DEPTH || !self.ko.threat_left(c) {
                return None;
            }
            self.ko.take_after_threat(board, m, c)?
        } else if board.is_suicide(m, c) {
            return None;
        } else {
            Played::plain(board.play_unchecked(m, c))
        };
        self.ply += 1;
        Some(played)
    }

    #[inline]
    fn trace(&self, board: &Board, goal: Goal, m: Point) {
        if TRACE {
            let who = match goal {
                Goal::Attack => "A",
                Goal::Defend => "D",
            };
            eprintln!(
                "{:w$}{who} {} ({})",
                "",
                crate::rules::gtp_vertex(m, board.size()),
                self.ply,
                w = self.ply * 2
            );
        }
    }

    fn unplay(&mut self, board: &mut Board, p: Played) {
        self.ko.undo(board, p);
        self.ply -= 1;
    }

    /// Plays each of `moves` for the side of `goal`, best first, and reads
    /// the reply: the best code with its move. Stops at the first
    /// unconditional win or when the budget is spent. A ko capture that
    /// needs a threat is tried only while nothing has succeeded yet, and
    /// what it wins is at best [`Code::KoB`].
    fn best_move(
        &mut self,
        board: &mut Board,
        s: Point,
        goal: Goal,
        moves: PointList,
    ) -> (Code, Option<Point>) {
        let owner = board.get(s).expect("read string");
        let mover = match goal {
            Goal::Attack => owner.opponent(),
            Goal::Defend => owner,
        };
        let mut best = (Code::Fail, None);
        for m in moves {
            let allow_ko = best.0 == Code::Fail;
            let Some(played) = self.try_play(board, m, mover, allow_ko) else {
                continue;
            };
            let threat = played.needed_threat();
            self.trace(board, goal, m);
            let code = self.reply(board, s, goal);
            self.unplay(board, played);
            if keep_best(&mut best, m, code, threat) {
                break;
            }
            if self.meter.exhausted() {
                break;
            }
        }
        best
    }

    /// After a move for `goal`: its code, read from the other side's best
    /// reply (a captured string settles it at once).
    fn reply(&mut self, board: &mut Board, s: Point, goal: Goal) -> Code {
        if board.get(s).is_none() {
            Code::win_if(goal == Goal::Attack)
        } else {
            self.read(board, s, goal.other()).0.reverse()
        }
    }

    fn attack_rec(&mut self, board: &mut Board, s: Point) -> (Code, Option<Point>) {
        if !self.meter.tick() {
            return (Code::Fail, None);
        }
        let libs = board.liberties(s);
        if libs == 1 {
            return self.attack1(board, s);
        }
        if !self.attackable(libs) {
            return (Code::Fail, None);
        }
        let color = board.get(s).expect("attacked string");
        if self.ply > READ_DEPTH {
            // Too deep to follow a fight on the boundary: a boundary string
            // of several stones in atari (not sharing the string's last
            // liberties) means the string escapes (as GNU Go assumes).
            let lib_list = board.chain_liberties(s);
            for h in board.adjacent_chains(s, color.opponent()) {
                if board.liberties(h) == 1 && board.chain_len(h) > 1 {
                    let l = board.chain_liberties(h)[0];
                    if !lib_list.contains(&l) {
                        return (Code::Fail, None);
                    }
                }
            }
        }
        let key = self.tt_key(board, s, Goal::Attack);
        if let Some(r) = self.tt_get(key) {
            return r;
        }
        let moves = self.attack_moves(board, s, libs);
        let best = self.best_move(board, s, Goal::Attack, moves);
        self.tt_put(key, best.0, best.1);
        best
    }

    /// The string has one liberty: capture it there, unless the capture is
    /// an illegal ko recapture or runs into a snapback.
    fn attack1(&mut self, board: &mut Board, s: Point) -> (Code, Option<Point>) {
        let color = board.get(s).expect("attacked string");
        let other = color.opponent();
        let lib = board.chain_liberties(s)[0];
        if board.chain_len(s) > 1 {
            return (Code::Win, Some(lib));
        }
        let mut best = (Code::Fail, None);
        if let Some(played) = self.try_play(board, lib, other, true) {
            let threat = played.needed_threat();
            let code = if board.ko_point().is_some() {
                // A ko capture: the owner may retake only after a threat.
                Code::KoA
            } else if board.liberties(lib) == 1 && board.chain_len(lib) > 1 {
                // Snapback: the owner recaptures more than it lost.
                Code::Fail
            } else {
                Code::Win
            };
            self.unplay(board, played);
            best = (if threat { code.after_threat() } else { code }, Some(lib));
        }
        if best.0 == Code::Win {
            return best;
        }
        if best.0 != Code::Fail && !self.ladder_only && self.ply <= BACKFILL_DEPTH {
            // The capture is a ko: the owner strings around the capturing
            // point are the ones that would retake. Shortening them first
            // may leave the string in atari with no retake (the capture
            // becomes plain), as the string still cannot escape.
            let mut cands = Candidates::default();
            for n in board.neighbors(lib) {
                if board.get(n) == Some(color) && board.chain_id(n) != board.chain_id(s) {
                    for m in board.chain_liberties(n) {
                        if m != lib && board.liberties_after_up_to(m, other, 2) >= 2 {
                            cands.add(m, att::KO_APPROACH);
                        }
                    }
                }
            }
            let plain = self.best_move(board, s, Goal::Attack, cands.sorted());
            if plain.0.rank() > best.0.rank() {
                best = plain;
            }
            if best.0 == Code::Win {
                return best;
            }
        }
        // Save a boundary string in atari whose capture would let the
        // string escape (the capture would be the owner's only defence).
        for h in board.adjacent_chains(s, other) {
            if board.liberties(h) == 1 {
                let m = board.chain_liberties(h)[0];
                if m == lib {
                    continue;
                }
                if let Some(played) = self.try_play(board, m, other, false) {
                    let code = self.reply(board, s, Goal::Attack);
                    self.unplay(board, played);
                    if code.rank() > best.0.rank() {
                        best = (code, Some(m));
                    }
                }
            }
        }
        best
    }

    fn defend_rec(&mut self, board: &mut Board, s: Point) -> (Code, Option<Point>) {
        if !self.meter.tick() {
            return (Code::Fail, None);
        }
        let libs = board.liberties(s);
        if !self.attackable(libs) {
            return (Code::Win, None);
        }
        if self.ply >= MAX_PLY {
            return (Code::Fail, None);
        }
        let key = self.tt_key(board, s, Goal::Defend);
        if let Some(r) = self.tt_get(key) {
            return r;
        }
        let moves = self.defend_moves(board, s, libs);
        let mut best = self.best_move(board, s, Goal::Defend, moves);
        if best.0 != Code::Win && libs >= 2 && !self.meter.exhausted() {
            // No move needed? The owner plays elsewhere (a tenuki, which
            // also lifts a ko ban) and the attacker moves again.
            let color = board.get(s).expect("defended string");
            let u = board.pass(color);
            self.ply += 1;
            let code = self.attack_rec(board, s).0.reverse();
            self.ply -= 1;
            board.undo(u);
            if code.rank() > best.0.rank() {
                best = (code, None);
            }
        }
        self.tt_put(key, best.0, best.1);
        best
    }

    /// Candidate attacking moves, best first.
    fn attack_moves(&self, board: &Board, s: Point, libs: usize) -> PointList {
        let color = board.get(s).expect("string");
        let other = color.opponent();
        let lib_list = board.chain_liberties(s);
        let mut cands = Candidates::default();
        let shallow = !self.ladder_only && self.ply <= BACKFILL_DEPTH;
        // Boundary strings in atari: save them first (or the owner escapes
        // by capturing them).
        for h in board.adjacent_chains(s, other) {
            if board.liberties(h) == 1 {
                let m = board.chain_liberties(h)[0];
                cands.add(m, att::SAVE_BOUNDARY);
                if shallow {
                    // Capturing an owner string that keeps the boundary
                    // string in atari.
                    for g in board.adjacent_chains(h, color) {
                        if g != board.chain_id(s) && board.liberties(g) == 1 {
                            cands.add(board.chain_liberties(g)[0], att::CAPTURE_RESCUER);
                        }
                    }
                }
            }
        }
        for &l in &lib_list {
            let own = board.liberties_after_up_to(l, other, att::LIBERTY_CAP);
            let capt = board.stones_captured_by(l, other);
            if own <= 1 && capt == 0 {
                // Self-atari: a throw-in, worth trying near the root only
                // or when it cannot be captured with profit.
                if !shallow && libs > 2 {
                    continue;
                }
                cands.add(l, att::THROW_IN);
                // Backfilling: fill the liberty of the would-be stone first.
                if shallow && own == 1 {
                    if let Some(b) = board.single_liberty_after(l, other) {
                        if b != l && !lib_list.contains(&b) {
                            cands.add(b, att::BACKFILL);
                        }
                    }
                }
                continue;
            }
            // Prefer the liberty that leaves the owner fewest liberties
            // after its best extension, and keeps our stone safe.
            let runner_room = board.best_extension_room(l, color);
            cands.add(
                l,
                att::APPROACH + att::APPROACH_PER_OWN_LIBERTY * own.min(att::LIBERTY_CAP) as i32
                    - att::APPROACH_PER_RUNNER_ROOM * runner_room as i32
                    + att::APPROACH_PER_CAPTURE * capt as i32,
            );
        }
        if shallow && libs <= 3 {
            // Owner strings the string could connect to at a liberty:
            // their liberties (cut the escape before it connects), near
            // the root only.
            for &l in lib_list.iter().filter(|_| self.ply <= PARTNER_DEPTH) {
                for n in board.neighbors(l) {
                    if board.get(n) == Some(color)
                        && board.chain_id(n) != board.chain_id(s)
                        && board.liberties(n) <= CUT_PARTNER_LIBS
                    {
                        for m in board.chain_liberties(n) {
                            if !lib_list.contains(&m)
                                && board.liberties_after_up_to(m, other, 2) >= 2
                            {
                                cands.add(m, att::CUT_PARTNER);
                            }
                        }
                    }
                }
            }
            // Nets and capping moves: empty points next to the liberties.
            for &l in &lib_list {
                for n in board.neighbors(l) {
                    if board.is_empty(n) && !lib_list.contains(&n) {
                        let own = board.liberties_after_up_to(n, other, att::LIBERTY_CAP);
                        if own >= 2 {
                            let adj_libs =
                                board.neighbors(n).filter(|q| lib_list.contains(q)).count();
                            cands.add(
                                n,
                                att::NET
                                    + att::NET_PER_LIBERTY_TOUCHED * adj_libs as i32
                                    + own.min(att::LIBERTY_CAP) as i32,
                            );
                        }
                    }
                }
            }
            // Defend boundary strings with two liberties (they could be
            // put into atari by the owner).
            if self.ply <= BREAK_CHAIN_DEPTH {
                for h in board.adjacent_chains(s, other) {
                    if board.liberties(h) == 2 {
                        for m in board.chain_liberties(h) {
                            if board.liberties_after_up_to(m, other, 3) >= 3 {
                                cands.add(m, att::GUARD_BOUNDARY);
                            }
                        }
                    }
                }
            }
        }
        cands.sorted()
    }

    /// Candidate defending moves, best first.
    fn defend_moves(&self, board: &Board, s: Point, libs: usize) -> PointList {
        let color = board.get(s).expect("string");
        let other = color.opponent();
        let lib_list = board.chain_liberties(s);
        let mut cands = Candidates::default();
        let ladder = self.ladder_only || self.ply > READ_DEPTH;
        // Captures of adjacent attacker strings in atari.
        for h in board.adjacent_chains(s, other) {
            match board.liberties(h) {
                1 => {
                    let m = board.chain_liberties(h)[0];
                    cands.add(m, def::CAPTURE_ATTACKER + board.chain_len(h) as i32);
                }
                n @ (2 | 3)
                    if !ladder && libs <= 2 && (n == 2 || self.ply <= BREAK_CHAIN_DEPTH) =>
                {
                    // Liberty race: atari the attacker. A stone left in
                    // atari will do if it captures (a ko capture or retake
                    // is a race move too).
                    for m in board.chain_liberties(h) {
                        let own = board.liberties_after_up_to(m, color, def::RACE_LIBERTY_CAP);
                        if own >= 2 || board.stones_captured_by(m, color) > 0 {
                            cands.add(m, def::RACE_ATARI + own.min(def::RACE_LIBERTY_CAP) as i32);
                        }
                    }
                }
                n if !ladder
                    && libs == 3
                    && n >= 2
                    && n <= libs + RACE_LEAD
                    && self.ply <= RACE_DEPTH
                    && board
                        .chain_liberties(h)
                        .iter()
                        .any(|m| lib_list.contains(m)) =>
                {
                    // Liberty race against a boundary string not much
                    // stronger than ours: shorten it from outside first
                    // (its liberties we do not share cost us nothing).
                    for m in board.chain_liberties(h) {
                        let own = board.liberties_after_up_to(m, color, def::RACE_LIBERTY_CAP);
                        if own >= 2 {
                            let outside = !lib_list.contains(&m);
                            cands.add(
                                m,
                                def::RACE_APPROACH
                                    + def::RACE_OUTSIDE * outside as i32
                                    + own.min(def::RACE_LIBERTY_CAP) as i32,
                            );
                        }
                    }
                }
                _ => {}
            }
        }
        for &l in &lib_list {
            let own = board.liberties_after_up_to(l, color, def::EXTEND_LIBERTY_CAP);
            let capt = board.stones_captured_by(l, color);
            if own <= 1 && capt == 0 {
                continue;
            }
            cands.add(
                l,
                def::EXTEND
                    + def::EXTEND_PER_LIBERTY * own.min(def::EXTEND_LIBERTY_CAP) as i32
                    + def::EXTEND_PER_CAPTURE * capt as i32,
            );
        }
        if !ladder && libs <= 2 && self.ply <= BACKFILL_DEPTH {
            // Strengthen a friendly string the owner could connect to at a
            // liberty, so that the connection saves both.
            for &l in &lib_list {
                for n in board.neighbors(l) {
                    if board.get(n) == Some(color)
                        && board.chain_id(n) != board.chain_id(s)
                        && board.liberties(n)
                            <= if self.ply == 0 {
                                PARTNER_LIBS_ROOT
                            } else {
                                PARTNER_LIBS
                            }
                    {
                        for m in board.chain_liberties(n) {
                            if !lib_list.contains(&m)
                                && board.liberties_after_up_to(m, color, 2) >= 2
                            {
                                cands.add(m, def::STRENGTHEN_PARTNER);
                            }
                        }
                    }
                }
            }
        }
        if !ladder && libs <= 3 && self.ply <= BACKFILL_DEPTH {
            // Liberty-gaining moves next to the liberties (hane, jump).
            for &l in &lib_list {
                for n in board.neighbors(l) {
                    if board.is_empty(n) && !lib_list.contains(&n) {
                        let own = board.liberties_after_up_to(n, color, def::GAIN_LIBERTY_CAP);
                        if own >= 2 {
                            cands.add(n, own.min(def::GAIN_LIBERTY_CAP) as i32);
                        }
                    }
                }
            }
        }
        cands.sorted()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::{answer_text as gtp, at};

    fn check(b: &mut Board, stone: &str) -> (Answer, Answer) {
        let before = b.clone();
        let p = at(b, stone);
        let a = attack(b, p, &Budget::default());
        let d = defend(b, p, &Budget::default());
        assert_eq!(*b, before, "reading must restore the board");
        (a, d)
    }

    /// The ladder position: O on D6 in atari; extending to E6 leaves two
    /// liberties and Black chases it to the upper right. Answers checked
    /// with GNU Go 3.8: `attack D6` = `1 E6`, `defend D6` = `0`, and with a
    /// White ladder breaker on J10 `defend D6` = `1 E6`.
    const LADDER: &str = "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . X . . . . . . . . .
        . . X O . . . . . . . . .
        . . . X X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .";

    #[test]
    fn working_ladder() {
        let mut b = Board::from_ascii(LADDER);
        let (a, d) = check(&mut b, "D6");
        assert_eq!(gtp(&b, &a), "1 E6");
        assert_eq!(gtp(&b, &d), "0", "{d:?}");
        // After the extension the dedicated ladder reader finds the atari.
        b.play(at(&b, "E6"), Color::White, false).unwrap();
        let p = at(&b, "D6");
        let l = ladder_capture(&mut b, p).map(|m| crate::rules::gtp_vertex(m, 13));
        // Both ataris work on an empty board (GNU Go: after F6, `defend D6` = `0`).
        assert!(matches!(l.as_deref(), Some("E7") | Some("F6")), "{l:?}");
    }

    #[test]
    fn ladder_breaker_saves_the_string() {
        let mut b = Board::from_ascii(LADDER);
        b.set_stone(at(&b, "J10"), Some(Color::White));
        let (a, d) = check(&mut b, "D6");
        assert_eq!(gtp(&b, &a), "1 E6");
        assert_eq!(gtp(&b, &d), "1 E6", "the ladder breaker on J10");
        b.play(at(&b, "E6"), Color::White, false).unwrap();
        let p = at(&b, "D6");
        assert_eq!(ladder_capture(&mut b, p), None);
    }

    #[test]
    fn an_answer_kept_is_the_one_read_and_only_for_its_own_position() {
        forget();
        let mut b = Board::from_ascii(LADDER);
        let p = at(&b, "D6");
        let first = defend(&mut b, p, &Budget::default());
        assert_eq!(gtp(&b, &first), "0");
        assert!(first.nodes > 1, "{first:?}");
        // Asked again on the same position: the same answer, nodes and all.
        assert_eq!(defend(&mut b, p, &Budget::default()), first);
        // A ladder breaker makes another position: read again, and the
        // string escapes (GNU Go 3.8: `1 E6`).
        let breaker = at(&b, "J10");
        b.set_stone(breaker, Some(Color::White));
        let saved = defend(&mut b, p, &Budget::default());
        assert_eq!(gtp(&b, &saved), "1 E6");
        // Without it, the first answer again.
        b.set_stone(breaker, None);
        assert_eq!(defend(&mut b, p, &Budget::default()), first);
        // The attack is another question on the same position (`1 E6`).
        let a = attack(&mut b, p, &Budget::default());
        assert_eq!(gtp(&b, &a), "1 E6");
        // So is a smaller budget: two nodes cannot read the ladder out, so
        // the defence is not proved lost, and the answer says so.
        let short = defend(&mut b, p, &Budget::nodes(2));
        assert!(short.nodes <= 3, "{short:?}");
        assert_ne!(short, first);
    }

    #[test]
    fn a_table_lent_again_reads_as_a_new_one() {
        // The same query read by one reader, then by another that gets
        // the first one's table back from the pool: the same answer with
        // the same nodes, none of the first reading's slots seen.
        let mut b = Board::from_ascii(LADDER);
        let p = at(&b, "D6");
        let read = |b: &mut Board| {
            forget();
            Reader::new(Budget::nodes(DEFAULT_NODES)).defend(b, p)
        };
        let first = read(&mut b);
        assert_eq!(gtp(&b, &first), "0");
        assert!(first.nodes > 10, "{first:?}");
        assert_eq!(read(&mut b), first);
        // The stamps wrap around, to a stamp the table's slots may carry
        // already (the last reading's, here): a table from before the
        // wrap is zeroed before it is lent.
        for _ in 0..2 {
            POOL.with(|pool| pool.borrow_mut().stamp = u32::MAX);
            assert_eq!(read(&mut b), first);
            POOL.with(|pool| assert_eq!(pool.borrow().stamp, 1));
        }
    }

    #[test]
    fn the_pool_keeps_a_few_tables_of_each_size() {
        let lent: Vec<Table> = (0..POOLED_PER_SIZE + 2)
            .map(|_| Table::lend(TT_MIN))
            .collect();
        drop(lent);
        POOL.with(|pool| assert_eq!(pool.borrow().idle[&TT_MIN].len(), POOLED_PER_SIZE));
        // A table lent is empty to its reader, whatever the last one wrote.
        let t = Table::lend(TT_MIN);
        assert!(t.slots.iter().all(|e| e.stamp != t.stamp));
    }

    #[test]
    fn a_query_under_a_clock_is_read_each_time() {
        forget();
        struct Never;
        impl crate::reading::Clock for Never {
            fn expired(&self) -> bool {
                false
            }
        }
        let mut b = Board::from_ascii(LADDER);
        let p = at(&b, "D6");
        let clocked = Budget {
            clock: Some(&Never),
            ..Budget::nodes(DEFAULT_NODES)
        };
        let a = defend(&mut b, p, &clocked);
        assert_eq!(gtp(&b, &a), "0");
        // Nothing was kept: the unclocked question is read afresh, and a
        // reader's node count grows by the nodes it read.
        let mut r = Reader::new(Budget::default());
        let d = r.defend(&mut b, p);
        assert_eq!((d.code, d.nodes), (a.code, a.nodes));
        assert_eq!(r.meter.nodes(), a.nodes);
    }

    #[test]
    fn net() {
        // O on E5 with three liberties escapes every ladder; the net on
        // F4 captures it (GNU Go 3.8: `attack E5` = `1 F4`, `defend E5` =
        // `1 E4`).
        let mut b = Board::from_ascii(
            "
            O . . . . . . . O
            . . . . . . . . .
            . . . . . . . . .
            . . . X X X . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . . . . . . . .
            O . . . . . . . O",
        );
        let (a, d) = check(&mut b, "E5");
        assert_eq!(gtp(&b, &a), "1 F4", "{a:?}");
        assert_eq!(gtp(&b, &d), "1 E4");
        let p = at(&b, "E5");
        assert_eq!(ladder_capture(&mut b, p), None, "no ladder: it takes a net");
    }

    #[test]
    fn snapback_throw_in() {
        // White (A4 B4 C4 C5) has two liberties; the throw-in on B5 is a
        // snapback (GNU Go 3.8: `attack A4` = `1 B5`, `defend A4` = `0`).
        let mut b = Board::from_ascii(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            . . . . .",
        );
        let (a, d) = check(&mut b, "A4");
        // A5 works as well: White must capture there, then Black retakes.
        assert!(matches!(gtp(&b, &a).as_str(), "1 B5" | "1 A5"), "{a:?}");
        assert_eq!(gtp(&b, &d), "0");
    }

    #[test]
    fn throw_in_and_liberty_race() {
        // White's string (B4..E4, B3, E3, C2, D2) with the eye C3 D3; Black
        // throws in on D3 (GNU Go 3.8: `attack B4` = `1 D3`); White can save
        // it by attacking the black stones on B2 (GNU Go: `defend` = `1 F2`,
        // the capture of the lone E2 stone's neighbours is another way).
        let mut b = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            X X X X X X .
            X O O O O X .
            X O . . O X .
            . X O O X . .
            . . . . . . .",
        );
        let (a, d) = check(&mut b, "B4");
        assert_eq!(a.code, Code::Win, "{a:?}");
        assert!(d.code == Code::Win, "{d:?}");
    }

    #[test]
    fn liberty_race_against_a_stronger_neighbour() {
        // Black's J9 J8 J7 H7 (liberties H9 H8 J6) races White's G9 G8 G7
        // (F9 H9 H8 F7); they share H9 and H8. White wins by J6 (Black is
        // left with the shared liberties, White with four). Black saves it
        // by taking one of White's outside liberties, F7 or F9: three
        // liberties each, and whoever fills a shared one first is
        // captured. After F7, White J6, F9, White is in atari on H9 H8
        // and loses the race. White's H9 also attacks: it joins G9 with
        // three liberties (F9 F7 H8) against Black's two (H8 J6).
        let mut b = Board::from_ascii(
            "
            . . . . X . O . X
            . . . . . X O . X
            . . . . X . O X X
            . . . . . X X O .
            . . . . . . . O O
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let (a, d) = check(&mut b, "J9");
        assert!(matches!(gtp(&b, &a).as_str(), "1 J6" | "1 H9"), "{a:?}");
        assert!(matches!(gtp(&b, &d).as_str(), "1 F7" | "1 F9"), "{d:?}");
    }

    #[test]
    fn a_ko_capture_waits_for_a_plain_one() {
        // White's A3 is in atari against a solid wall; Black's capture on
        // A2 is a ko (A1 and B2 around it, White retakes on A3). Black's B1 first leaves A1 and
        // B2 one liberty each, A2: White's connection there is suicide,
        // so A3 is captured with no ko. Worked out by hand: `attack A3` =
        // `1 B1`, `defend A3` = `0`.
        let mut b = Board::from_ascii(
            "
            X X . . .
            X X . . .
            O X . . .
            . O X . .
            O . X . .",
        );
        let (a, d) = check(&mut b, "A3");
        assert_eq!(gtp(&b, &a), "1 B1", "{a:?}");
        assert_eq!(gtp(&b, &d), "0", "{d:?}");
    }

    #[test]
    fn a_ko_retake_defends_in_a_liberty_race() {
        // Black's G9 H9 J9 J8 J7 H7 H6 H5 G5 J5 has two liberties, F9 and
        // J6, and races White's F8 G8 H8 G7 G6, in atari on F9. White's
        // only attack is E7, capturing E8 as a ko: that gives White's
        // string (and E9) the liberty E8. Black's F9 or J6 then adds no
        // liberty, so Black's one defence is to retake on E8, which
        // puts White back in atari: a ko White takes first, `attack G9`
        // = `2 E7` (GNU Go 3.8 answers the same).
        let mut b = Board::from_ascii(
            "
            . X X X O . X X X
            . X O O X O O O X
            . X O X . X O X X
            . X O X X X O X .
            X X O O X O X X X
            . . O . X O O O O
            O O O . X . . O .
            O . O . X . . O O
            . O . . X . . O .",
        );
        let (a, _) = check(&mut b, "G9");
        assert_eq!(gtp(&b, &a), "2 E7", "{a:?}");
    }

    #[test]
    fn ko_codes() {
        // O on C4 in atari; taking it is a ko capture (GNU Go 3.8:
        // `attack C4` = `2 D4`, `defend C4` = `1 D4`; after Black takes,
        // White's recapture needs a threat: `attack D4` = `3 C4`).
        let mut b = Board::from_ascii(
            "
            . . . . . .
            . . X O . .
            . X O . O .
            . . X O . .
            . . . . . .
            . . . . . .",
        );
        let (a, d) = check(&mut b, "C4");
        assert_eq!(gtp(&b, &a), "2 D4");
        assert_eq!(gtp(&b, &d), "1 D4");
        b.play(at(&b, "D4"), Color::Black, false).unwrap();
        let (a2, d2) = check(&mut b, "D4");
        assert_eq!(gtp(&b, &a2), "3 C4");
        assert_eq!(gtp(&b, &d2), "1 C4");
    }

    #[test]
    fn budget_exhaustion_fails_safe() {
        let mut b = Board::from_ascii(LADDER);
        let p = at(&b, "D6");
        let a = attack(&mut b, p, &Budget::nodes(1));
        assert_eq!(a.nodes, 1);
        let d = defend(&mut b, p, &Budget::nodes(1));
        assert_eq!(d.code, Code::Fail);
    }
}
