//! The endgame move choice: which local move to play first, and why.
//!
//! Not simply the hottest region (hotstrat). After the thermography notes:
//!
//! 1. **Sente first**: the mover's sente moves come before a gote of about
//!    the same temperature (within [`SENTE_SLACK`] points of the hottest
//!    move that is not the mover's sente): answered, they keep the move.
//! 2. **The ko rule**: a ko of temperature `t_K` goes before the hottest
//!    gote `t_G` when `3 t_K > 2 t_G + t_E`, `t_E` the hottest of the rest.
//! 3. **Tedomari**: among the moves within [`TEDOMARI_SLACK`] points of the
//!    hottest, the one after which the mover ends better when both sides
//!    then play hotstrat through the regions' best lines (so the mover
//!    takes the last move before a big drop in temperature).
//! 4. **The ko below temperature 2**: when no other move is hotter than
//!    [`KO_OWNER_BELOW`] (2 points, the notes' figure for area scoring),
//!    the ko's points belong to the player to move, who takes the ko
//!    first (after any sente, which is answered).
//! 5. **Captures** outside the exactly valued regions (a tactical capture
//!    of a living group's string, or inside a region too big for
//!    thermography), weighted as the notes say: the most urgent (most
//!    stones) is assumed to happen and counts in full, the others half
//!    ([`CAPTURE_WEIGHT`]), and all count half when a typical move (the
//!    largest open region, in empty points) is bigger than the largest
//!    capture (in stones).
//!
//! Every move comes with its reason as data ([`EndgameMove`]): what it is
//! (gote, sente, ko, capture), why it stands where it stands, its
//! temperature and its value.

use super::local::{LocalSummary, RegionKind};
use super::rational::Rational;
use super::ThermoAnalysis;
use crate::rules::{Board, Color, Point, Scoring};

type Q = Rational;

/// How much cooler than the hottest other move a sente may be and still
/// be played first: the notes' "about the same temperature", read as one
/// point (a gote one point hotter gains at most one point more, which
/// keeping sente makes up).
pub const SENTE_SLACK: Q = Q::new(1, 1);

/// How much cooler than the hottest move a move may be and still be
/// chosen for tedomari: the gain of getting the last move before a drop is
/// at most the temperature below the drop, so only near-equal moves
/// compete. Our choice.
pub const TEDOMARI_SLACK: Q = Q::new(1, 1);

/// The temperature below which a ko belongs to the player to move: the
/// thermography notes' figure under area scoring ("if the temperature is
/// lower than 2 the four points where the ko occurs should be owned by
/// the player who is to move"). Read as: every other move is cooler than
/// this.
pub const KO_OWNER_BELOW: Q = Q::new(2, 1);

/// The weight of the most urgent capture: assumed to happen.
pub(crate) const CAPTURE_URGENT_WEIGHT: Q = Q::new(1, 1);

/// The weight of the other captures: the opponent may save them.
pub(crate) const CAPTURE_WEIGHT: Q = Q::new(1, 2);

/// The longest hotstrat line played out when comparing moves for
/// tedomari (moves of both sides): far more than the regions' summaries
/// hold, so it ends when the regions cool, not here.
const ROLLOUT_MOVES: usize = 64;

/// What an endgame move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    /// A gote move (reverse sente included: gote for the one who plays
    /// it).
    Gote,
    /// The mover's sente.
    Sente,
    /// A ko (taking it or resolving it).
    Ko,
    /// A capture outside the exactly valued regions.
    Capture,
}

impl ChoiceKind {
    /// `gote`, `sente`, `ko`, `capture`.
    pub fn name(self) -> &'static str {
        match self {
            ChoiceKind::Gote => "gote",
            ChoiceKind::Sente => "sente",
            ChoiceKind::Ko => "ko",
            ChoiceKind::Capture => "capture",
        }
    }

    /// What a move in a region of `kind` is for `mover`: a ko, the
    /// mover's sente, or gote (reverse sente included).
    pub fn of_region(kind: RegionKind, mover: Color) -> ChoiceKind {
        if kind == RegionKind::Ko {
            ChoiceKind::Ko
        } else if kind.is_sente_for(mover) {
            ChoiceKind::Sente
        } else {
            ChoiceKind::Gote
        }
    }
}

/// Why a move stands where it stands in the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceRule {
    /// By temperature (hotstrat).
    Temperature,
    /// A sente before a gote of about the same temperature.
    SenteFirst,
    /// The ko rule: `3 t_K > 2 t_G + t_E`.
    KoFirst,
    /// Tedomari: the last move before a drop in temperature.
    Tedomari,
    /// A ko when nothing else is as hot as [`KO_OWNER_BELOW`]: the ko is
    /// the mover's.
    KoOwned,
}

impl ChoiceRule {
    /// `temperature`, `sente-first`, `ko-first`, `tedomari`, `ko-owned`.
    pub fn name(self) -> &'static str {
        match self {
            ChoiceRule::Temperature => "temperature",
            ChoiceRule::SenteFirst => "sente-first",
            ChoiceRule::KoFirst => "ko-first",
            ChoiceRule::Tedomari => "tedomari",
            ChoiceRule::KoOwned => "ko-owned",
        }
    }
}

/// One endgame move with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameMove {
    /// Where.
    pub point: Point,
    /// Who plays it (the side to move).
    pub color: Color,
    /// What it is.
    pub kind: ChoiceKind,
    /// Why it stands where it stands.
    pub rule: ChoiceRule,
    /// Its temperature: the region's, or a capture's miai value.
    pub temperature: Q,
    /// What it is worth in points: the miai value (the temperature) of a
    /// region's move; the weighted swing of a capture.
    pub value: Q,
    /// The region it is in (its id), None for a capture outside regions.
    pub region: Option<usize>,
    /// Stones it captures.
    pub captures: usize,
}

impl EndgameMove {
    /// The reason in plain English: `"gote, 3 1/2 points; tedomari: the
    /// last big move"`, `"sente, 2 points (the reply is forced)"`,
    /// `"captures 3 stones, 6 points"` ([`words`]).
    pub fn text(&self) -> String {
        words(self.kind, self.rule, self.value, self.captures)
    }
}

/// An endgame move's words from its kind, rule, value in points (miai
/// counting: what the move gains over the region's mean) and captured
/// stones: the one wording of the page's overlay and the engine's
/// reasons.
pub fn words(kind: ChoiceKind, rule: ChoiceRule, value: Q, captures: usize) -> String {
    // Endgame values in the book's form: "1/3 point", "2 3/4 points".
    let d = value.mixed();
    let points = if value <= Q::from(1) {
        format!("{d} point")
    } else {
        format!("{d} points")
    };
    let head = match kind {
        ChoiceKind::Capture => format!(
            "captures {} stone{}, {points}",
            captures,
            if captures == 1 { "" } else { "s" },
        ),
        ChoiceKind::Sente => format!("sente, {points} (the reply is forced)"),
        k => format!("{}, {points}", k.name()),
    };
    match rule {
        ChoiceRule::Temperature => head,
        ChoiceRule::SenteFirst => format!("{head}; sente first"),
        ChoiceRule::KoFirst => format!("{head}; ko before the biggest gote"),
        ChoiceRule::Tedomari => format!("{head}; tedomari: the last big move"),
        ChoiceRule::KoOwned => {
            format!("{head}; nothing else is worth 2 points: the ko is the mover's")
        }
    }
}

/// The ordered endgame moves for `to_move` in the position of `analysis`
/// (the thermography of `board`), each with its reason. The first is the
/// choice. Regions at temperature 0 offer nothing; so an empty list means
/// no endgame move is worth anything (dame only, or pass).
///
/// The page's endgame overlay and the self-check call it with the
/// thermography of an analysis (`Analyzer::analyze(..).thermo`, whose
/// region cache makes the next position cheap); the engine's endgame
/// generator does not. Each move says what it is
/// ([`EndgameMove::kind`]: gote, sente, ko, capture), why it stands where
/// it stands ([`EndgameMove::rule`]: temperature, sente first, the ko
/// rule, tedomari), its temperature and its value in points, and the
/// region it belongs to; [`EndgameMove::text`] words it.
///
/// ```
/// use moku::{Board, Color, Point};
/// use moku::eval::{Analyzer, MoyoParams};
/// use moku::eval::thermo::{self, ChoiceKind, ChoiceRule};
/// // Two living groups and a two-point gote between them at C3.
/// let b = Board::from_ascii("
///     . X X O O . O
///     X X X O O O O
///     X X X O O . O
///     X X X O O O O
///     X . . . O O O
///     X X O O O O O
///     . X O O O O O");
/// let mut analyzer = Analyzer::new();
/// let a = analyzer.analyze(&b, &MoyoParams::default());
/// let moves = thermo::endgame_moves(&b, a.thermo.as_ref().unwrap(), Color::White);
/// assert_eq!(moves[0].point, Point::from_xy(2, 4));
/// assert_eq!((moves[0].kind, moves[0].rule), (ChoiceKind::Gote, ChoiceRule::Temperature));
/// assert_eq!(moves[0].text(), "gote, 1 point");
/// ```
pub fn endgame_moves(board: &Board, analysis: &ThermoAnalysis, to_move: Color) -> Vec<EndgameMove> {
    endgame_moves_under(board, analysis, to_move, Scoring::Area)
}

/// [`endgame_moves`] under `scoring`: the rule of the ko below
/// temperature 2 ([`ChoiceRule::KoOwned`]) is the notes' rule for area
/// scoring and applies only there.
pub fn endgame_moves_under(
    board: &Board,
    analysis: &ThermoAnalysis,
    to_move: Color,
    scoring: Scoring,
) -> Vec<EndgameMove> {
    let p = to_move;
    let regions: Vec<(usize, &LocalSummary)> = analysis
        .regions
        .iter()
        .map(|r| (r.id, &r.summary))
        .collect();
    let typical = analysis
        .regions
        .iter()
        .map(|r| r.empties)
        .max()
        .unwrap_or(0);
    let captures = capture_moves(board, analysis, p, typical);
    order(&regions, captures, p, scoring == Scoring::Area)
}

/// The mover's captures of strings in atari that no exact region values:
/// outside every region (a tactical capture of a living group's string)
/// or inside an approximate one.
fn capture_moves(board: &Board, a: &ThermoAnalysis, p: Color, typical: usize) -> Vec<EndgameMove> {
    let size = board.size();
    let mut strings: Vec<(usize, Point, Point)> = Vec::new(); // (stones, liberty, chain id)
    for q in board.points() {
        if board.get(q) != Some(p.opponent()) || board.chain_id(q) != q || board.liberties(q) != 1 {
            continue;
        }
        let lib = board.chain_liberties(q)[0];
        // An exact region values the capture itself (its string or the
        // capturing point inside it); dead stones in the mover's settled
        // territory are counted already.
        let exact = |x: Point| a.region_at(x).is_some_and(|r| !r.approx);
        let counted = a.region_at(q).is_none() && a.owner_map[q.row_major(size)] == p.sign() as i8;
        if exact(q) || exact(lib) || counted {
            continue;
        }
        if board.check_move(lib, p, false).is_ok() {
            strings.push((board.chain_len(q), lib, q));
        }
    }
    strings.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let largest = strings.first().map_or(0, |s| s.0);
    let all_half = typical > largest;
    let mut out: Vec<EndgameMove> = Vec::new();
    for (i, &(n, lib, _)) in strings.iter().enumerate() {
        if out.iter().any(|m| m.point == lib) {
            // One move taking two strings: counted with the first.
            if let Some(m) = out.iter_mut().find(|m| m.point == lib) {
                m.captures += n;
            }
            continue;
        }
        let w = if i == 0 && !all_half {
            CAPTURE_URGENT_WEIGHT
        } else {
            CAPTURE_WEIGHT
        };
        out.push(EndgameMove {
            point: lib,
            color: p,
            kind: ChoiceKind::Capture,
            rule: ChoiceRule::Temperature,
            temperature: Q::from(n as i64),
            value: Q::from(2 * n as i64) * w,
            region: a.region_at(lib).map(|r| r.id),
            captures: n,
        });
    }
    out
}

/// A candidate with what the rollouts need.
#[derive(Clone, Debug)]
struct Cand {
    mv: EndgameMove,
    /// Index into the regions, or a capture's own synthetic region.
    slot: usize,
}

/// Orders the regions' best moves for `p` and the captures.
pub(crate) fn order(
    regions: &[(usize, &LocalSummary)],
    captures: Vec<EndgameMove>,
    p: Color,
    area: bool,
) -> Vec<EndgameMove> {
    // The states the rollouts play through: the regions, then a gote per
    // capture ({swing | 0} from the mover's side).
    let mut states: Vec<LocalSummary> = regions.iter().map(|(_, s)| (*s).clone()).collect();
    let mut cands: Vec<Cand> = Vec::new();
    for (i, (id, s)) in regions.iter().enumerate() {
        if s.temperature == Q::ZERO {
            continue;
        }
        let Some((pt, _)) = s.best(p) else { continue };
        let kind = ChoiceKind::of_region(s.kind, p);
        cands.push(Cand {
            mv: EndgameMove {
                point: *pt,
                color: p,
                kind,
                rule: ChoiceRule::Temperature,
                temperature: s.temperature,
                value: s.temperature,
                region: Some(*id),
                captures: s.captures[p.index()],
            },
            slot: i,
        });
    }
    // A capture the rule values replaces an approximate region's move at
    // the same point.
    cands.retain(|c| !(states[c.slot].approx && captures.iter().any(|m| m.point == c.mv.point)));
    for m in captures {
        let swing = Q::from(2 * m.captures as i64 * p.sign() as i64);
        let mut taken = LocalSummary::number(swing);
        taken.approx = true;
        let mut s = LocalSummary::number(swing.div_int(2));
        s.temperature = m.temperature;
        s.kind = RegionKind::Gote;
        s.black = None;
        s.white = None;
        match p {
            Color::Black => s.black = Some((m.point, Box::new(taken))),
            Color::White => s.white = Some((m.point, Box::new(taken))),
        }
        states.push(s);
        cands.push(Cand {
            mv: m,
            slot: states.len() - 1,
        });
    }
    // Hotstrat: by temperature; on a tie sente first, then the bigger
    // value, then the board order.
    cands.sort_by(|a, b| {
        b.mv.temperature
            .cmp(&a.mv.temperature)
            .then((b.mv.kind == ChoiceKind::Sente).cmp(&(a.mv.kind == ChoiceKind::Sente)))
            .then(b.mv.value.cmp(&a.mv.value))
            .then(a.mv.point.cmp(&b.mv.point))
    });

    // 1. Sente first.
    let t_other = cands
        .iter()
        .filter(|c| c.mv.kind != ChoiceKind::Sente)
        .map(|c| c.mv.temperature)
        .max();
    let (mut sente, mut rest): (Vec<Cand>, Vec<Cand>) = cands.into_iter().partition(|c| {
        c.mv.kind == ChoiceKind::Sente
            && t_other.is_none_or(|t| c.mv.temperature + SENTE_SLACK >= t)
    });
    for c in &mut sente {
        if t_other.is_some_and(|t| c.mv.temperature < t) {
            c.mv.rule = ChoiceRule::SenteFirst;
        }
    }

    // 2. The ko rule, on the moves after the sente block.
    let gote = rest.iter().position(|c| c.mv.kind == ChoiceKind::Gote);
    let ko = rest.iter().position(|c| c.mv.kind == ChoiceKind::Ko);
    if let (Some(g), Some(k)) = (gote, ko) {
        if k > g {
            let (t_g, t_k) = (rest[g].mv.temperature, rest[k].mv.temperature);
            let t_e = rest
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != g && i != k)
                .map(|(_, c)| c.mv.temperature)
                .max()
                .unwrap_or(Q::ZERO);
            if t_k.mul_int(3) > t_g.mul_int(2) + t_e {
                let mut c = rest.remove(k);
                c.mv.rule = ChoiceRule::KoFirst;
                rest.insert(g, c);
            }
        }
    }

    // The ko below temperature 2: every other move cooler than
    // KO_OWNER_BELOW, the hottest ko goes first (after the sente block).
    let cooler = |c: &Cand| c.mv.temperature < KO_OWNER_BELOW;
    let first_ko = rest.iter().position(|c| c.mv.kind == ChoiceKind::Ko);
    if let Some(k) = first_ko.filter(|_| area) {
        let others_cool = sente.iter().all(cooler)
            && rest
                .iter()
                .enumerate()
                .all(|(i, c)| i == k || c.mv.kind == ChoiceKind::Ko || cooler(c));
        if others_cool && rest[k].mv.rule == ChoiceRule::Temperature {
            let mut c = rest.remove(k);
            c.mv.rule = ChoiceRule::KoOwned;
            rest.insert(0, c);
        }
    }

    // 3. Tedomari: among the gote moves near the top of the rest, the one
    // whose hotstrat line ends best for the mover.
    if let Some(first) = rest.first() {
        if first.mv.kind == ChoiceKind::Gote && first.mv.rule == ChoiceRule::Temperature {
            let top = first.mv.temperature;
            let mut best: Option<(usize, Q)> = None;
            for (i, c) in rest.iter().enumerate() {
                if c.mv.kind != ChoiceKind::Gote || c.mv.temperature + TEDOMARI_SLACK < top {
                    continue;
                }
                let v = rollout(&states, c.slot, p);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((i, v));
                }
            }
            if let Some((i, _)) = best.filter(|&(i, _)| i > 0) {
                let mut c = rest.remove(i);
                c.mv.rule = ChoiceRule::Tedomari;
                rest.insert(0, c);
            }
        }
    }

    sente.into_iter().chain(rest).map(|c| c.mv).collect()
}

/// The sum of the regions' means and of the stones captured on the way,
/// from `p`'s side, after `p` plays its best move in region `first` and
/// then both sides play hotstrat through the regions' best lines until
/// nothing is hot (or the lines end). A position's mean leaves out the
/// stones the moves into it took, so each move adds its captures.
pub(crate) fn rollout(states: &[LocalSummary], first: usize, p: Color) -> Q {
    let mut s: Vec<LocalSummary> = states.to_vec();
    let Some((_, child)) = s[first].best(p).cloned() else {
        return Q::ZERO;
    };
    let taken =
        |c: Color, r: &LocalSummary| Q::from((r.captures[c.index()] as i64) * c.sign() as i64);
    let mut prisoners = taken(p, &s[first]);
    s[first] = *child;
    let mut turn = p.opponent();
    for _ in 0..ROLLOUT_MOVES {
        let pick = s
            .iter()
            .enumerate()
            .filter(|(_, r)| r.temperature > Q::ZERO && r.best(turn).is_some())
            .max_by(|a, b| a.1.temperature.cmp(&b.1.temperature).then(b.0.cmp(&a.0)))
            .map(|(i, _)| i);
        let Some(i) = pick else { break };
        let (_, child) = s[i].best(turn).cloned().expect("filtered on a best move");
        prisoners = prisoners + taken(turn, &s[i]);
        s[i] = *child;
        turn = turn.opponent();
    }
    let total = s.iter().fold(prisoners, |acc, r| acc + r.mean);
    if p == Color::Black {
        total
    } else {
        -total
    }
}
