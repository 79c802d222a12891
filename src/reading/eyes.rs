//! Static eye-space evaluation, in the manner of GNU Go's `optics` (its
//! `eval_eye` answer: the minimum and maximum number of eyes a space gives,
//! with the vital points), built from shape rules rather than GNU Go's
//! graph database.
//!
//! An *eye space* is a small region enclosed by one colour (the owner):
//! empty points and weak opponent stones inside, bounded by the owner's
//! stones. Empty points of the space that touch a strong opponent stone
//! are *marginal*: the opponent can play there safely, which spoils the
//! space.
//!
//! - One point: a proper eye, unless its diagonals are controlled by the
//!   opponent: the *topological value* counts 2 for an opponent stone and
//!   1 for an empty diagonal the opponent can play safely; in the centre 4
//!   or more makes a false eye and 3 a half eye, on the edge 2 and 1 (a
//!   corner point has one diagonal, which counts double).
//! - Two points: one eye. Three in a row or bent: one or two eyes, the
//!   vital point in the middle. Four: the square is one eye, the pyramid
//!   (T) one or two with its centre vital, the others (straight, bent,
//!   S) two; for `eval_eye` the bent four in the corner is one or two,
//!   the middle point off the corner vital. Five: the cross and the
//!   bulky five are one or two, the point touching three or four others
//!   vital; the others two. Six: the rabbity six is one or two, its
//!   centre vital; the others two. Seven and more: two.
//! - Opponent stones inside count as space points; one already on the
//!   vital point of a killable shape leaves one eye.
//! - `eval_eye` reads a space with opponent stones inside move by move
//!   (`read_space`): both sides play on the space, the owner's small
//!   strings that can be captured in it and the space's empty diagonals,
//!   or pass; the opponent may add stones before the capture so that the
//!   captured shape is a killing one, and a position with no opponent
//!   stone left is valued by the rules above, the side to move first. A
//!   region of at most `MAX_EYE_SPACE` points enclosed by one colour
//!   alone is that colour's eye space whatever the liberties of the
//!   stones inside.
//! - `eval_eye` also weighs kos on the diagonals (`KO_QUARTER`); the
//!   static `evaluate` that the owl search, the race counting and the
//!   danger map use does neither (`Mode`).

use crate::rules::queries::{FALSE_EYE_DIAGONALS_CENTRE, FALSE_EYE_DIAGONALS_EDGE};
use crate::rules::{gtp_move, Board, Color, Point};

/// The largest eye space evaluated; bigger regions are not eye spaces.
/// GNU Go's eye graphs go up to about this size (`eyes.db`).
pub(crate) const MAX_EYE_SPACE: usize = 8;
/// Opponent strings with at most this many liberties may lie inside an eye
/// space (stones that will be captured); stronger ones bound it.
pub(crate) const WEAK_LIBERTIES: usize = 2;
/// Opponent strings of at most this many stones may lie inside an eye space.
pub(crate) const WEAK_STONES: usize = 6;

/// An eye space: the owner, its points and the marginal points among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EyeSpace {
    /// Whose eye space it is.
    pub(crate) owner: Color,
    /// Every point of the space (empty points and opponent stones).
    pub(crate) points: Vec<Point>,
    /// Points of the space the opponent can play safely.
    pub(crate) marginal: Vec<Point>,
}

impl EyeSpace {
    /// The points of the space that are not marginal, in point order.
    pub(crate) fn core(&self) -> Vec<Point> {
        self.points
            .iter()
            .copied()
            .filter(|p| !self.marginal.contains(p))
            .collect()
    }
}

/// The value of an eye space: `min` eyes if the opponent moves first,
/// `max` if the owner does; when they differ, the opponent's vital point
/// (`attack`) and the owner's (`defense`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeValue {
    /// Eyes when the opponent moves first.
    pub min: u8,
    /// Eyes when the owner moves first.
    pub max: u8,
    /// The opponent's vital point, when `min < max`.
    pub attack: Option<Point>,
    /// The owner's vital point, when `min < max`.
    pub defense: Option<Point>,
}

impl EyeValue {
    const fn settled(n: u8) -> EyeValue {
        EyeValue {
            min: n,
            max: n,
            attack: None,
            defense: None,
        }
    }

    const fn unsettled(min: u8, max: u8, vital: Point) -> EyeValue {
        EyeValue {
            min,
            max,
            attack: Some(vital),
            defense: Some(vital),
        }
    }
}

/// Whether the opponent string through `p` is weak enough to lie inside
/// an eye space.
fn weak(board: &Board, p: Point) -> bool {
    weak_with(board, p, WEAK_LIBERTIES)
}

fn weak_with(board: &Board, p: Point, libs: usize) -> bool {
    board.liberties(p) <= libs && board.chain_len(p) <= WEAK_STONES
}

/// The owner of the eye space at `p`: for a stone, its opponent; for an
/// empty point, the one colour among its neighbouring stones (ignoring
/// weak stones of the other colour).
fn owner_at(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.get(p) {
        return Some(c.opponent());
    }
    // Neighbouring stones in atari will be captured: they belong to the
    // space, and the other colour owns it.
    let mut seen = [false; 2];
    let mut weak_seen = [false; 2];
    for n in board.neighbors(p) {
        if let Some(c) = board.get(n) {
            if board.liberties(n) >= 2 {
                seen[c.index()] = true;
            } else {
                weak_seen[c.index()] = true;
            }
        }
    }
    match (seen, weak_seen) {
        ([true, false], _) => Some(Color::Black),
        ([false, true], _) => Some(Color::White),
        ([true, true], _) => {
            // Both colours: the owner is the colour whose neighbouring
            // stones are not weak.
            let strong = |c: Color| {
                board
                    .neighbors(p)
                    .any(|n| board.get(n) == Some(c) && !weak(board, n))
            };
            match (strong(Color::Black), strong(Color::White)) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            }
        }
        (_, [true, false]) => Some(Color::White),
        (_, [false, true]) => Some(Color::Black),
        _ => {
            // No stone next to it: the colour bounding the small empty
            // region around it.
            let mut region = vec![p];
            let mut seen = [false; 2];
            let mut too_big = false;
            board.grow(&mut region, |region, n| match board.get(n) {
                Some(c) => {
                    seen[c.index()] = true;
                    false
                }
                None if region.contains(&n) => false,
                // Adding it would make the region larger than an eye space.
                None if region.len() >= MAX_EYE_SPACE => {
                    too_big = true;
                    false
                }
                None => true,
            });
            if too_big {
                return None;
            }
            match seen {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            }
        }
    }
}

/// The eye space containing `p`, or `None` if `p` lies in no small
/// enclosed region.
pub(crate) fn eye_space(board: &Board, p: Point) -> Option<EyeSpace> {
    let owner = owner_at(board, p)?;
    eye_space_of(board, p, owner)
}

/// The eye space of `owner` containing `p`.
pub(crate) fn eye_space_of(board: &Board, p: Point, owner: Color) -> Option<EyeSpace> {
    eye_space_with(board, p, owner, WEAK_LIBERTIES)
}

/// The eye space of `owner` containing `p`, where opponent strings with at
/// most `weak_libs` liberties count as stones inside it (the life-and-death
/// search takes only strings in atari as already dead).
pub(crate) fn eye_space_with(
    board: &Board,
    p: Point,
    owner: Color,
    weak_libs: usize,
) -> Option<EyeSpace> {
    let weak = |board: &Board, q: Point| weak_with(board, q, weak_libs);
    if board.get(p) == Some(owner) {
        return None;
    }
    let opp = owner.opponent();
    // The flood stops past MAX_EYE_SPACE points, so it runs in arrays on
    // the stack: the life-and-death search floods from every point next to
    // a dragon at every node, and most floods find no eye space.
    let mut points = [p; MAX_EYE_SPACE + 1];
    let mut len = 1;
    let mut marginal = [p; MAX_EYE_SPACE + 1];
    let mut margins = 0;
    let mut i = 0;
    while i < len {
        let q = points[i];
        i += 1;
        if board.get(q).is_none()
            && board
                .neighbors(q)
                .any(|n| board.get(n) == Some(opp) && !weak(board, n))
        {
            marginal[margins] = q;
            margins += 1;
            continue;
        }
        if board.get(q) == Some(opp) && !weak(board, q) {
            return None;
        }
        for n in board.neighbors(q) {
            if board.get(n) == Some(owner) || points[..len].contains(&n) {
                continue;
            }
            if board.get(n) == Some(opp) && !weak(board, n) {
                continue;
            }
            points[len] = n;
            len += 1;
            if len > MAX_EYE_SPACE {
                return None;
            }
        }
    }
    // A space that is all margin is not enclosed.
    if margins == len && len > 1 {
        return None;
    }
    let (mut points, mut marginal) = (points[..len].to_vec(), marginal[..margins].to_vec());
    points.sort_unstable();
    marginal.sort_unstable();
    Some(EyeSpace {
        owner,
        points,
        marginal,
    })
}

/// What an opponent stone on a diagonal of an eye point counts, in the
/// half-units of GNU Go's "topological value": a whole diagonal of the
/// false-eye rule.
const STONE_DIAGONAL: u32 = 2;
/// An opponent stone on a diagonal that can be captured at once counts
/// half (the owner can take it back).
const CAPTURABLE_STONE_DIAGONAL: u32 = 1;
/// An empty diagonal the opponent can play safely counts half: one move
/// makes it a whole one.
const EMPTY_DIAGONAL: u32 = 1;

/// A diagonal's share of the topological value in quarters of a
/// half-unit, for kos: a stone the owner captures only in a ko counts a
/// quarter more than a capturable stone (the opponent is ahead in the ko),
/// an empty diagonal the opponent takes only by capturing in a ko a
/// quarter less than a safe empty one (the owner is ahead). GNU Go's
/// manual, "Eye topology with ko", gives such diagonals the values `b`
/// and `a` with `0 < a < 1 < b < 2` and `a + b = 2`, so that one of each
/// is a proper eye with some aji and two `b`s half an eye if the
/// opponent wins the ko.
const KO_QUARTER: i32 = 1;

/// GNU Go's topological value of the diagonals of `p` for `owner`, the
/// empty diagonals that count, the ko shift in quarters (see
/// `KO_QUARTER`) and the ko points deciding it. Diagonals inside the
/// space are ignored.
fn diagonal_value(
    board: &Board,
    p: Point,
    owner: Color,
    space: &[Point],
    mode: Mode,
) -> (u32, Vec<Point>, i32, Vec<Point>) {
    let opp = owner.opponent();
    let mut value = 0;
    let mut empties = Vec::new();
    let mut ko_shift = 0;
    let mut kos = Vec::new();
    for d in board.diagonals(p) {
        if space.contains(&d) {
            continue;
        }
        match board.get(d) {
            Some(c) if c == opp => {
                // A stone that can be captured at once counts less.
                if board.liberties(d) == 1 {
                    value += CAPTURABLE_STONE_DIAGONAL;
                    let ko = if mode == Mode::EvalEye {
                        ko_capture(board, d, owner)
                    } else {
                        None
                    };
                    if let Some(at) = ko {
                        ko_shift += KO_QUARTER;
                        kos.push(at);
                    }
                } else {
                    value += STONE_DIAGONAL;
                }
            }
            Some(_) => {}
            None => {
                if board.is_safe_move(d, opp) {
                    value += EMPTY_DIAGONAL;
                    empties.push(d);
                    if mode == Mode::EvalEye && takes_a_ko(board, d, opp) {
                        ko_shift -= KO_QUARTER;
                        kos.push(d);
                    }
                }
            }
        }
    }
    (value, empties, ko_shift, kos)
}

/// Where `owner` captures the lone stone `d` in atari when the capture is
/// a ko (the capturing stone is left with the captured point as its only
/// liberty, so the opponent may take back at once).
fn ko_capture(board: &Board, d: Point, owner: Color) -> Option<Point> {
    if board.chain_len(d) != 1 {
        return None;
    }
    let at = board.chain_liberties(d).first().copied()?;
    takes_a_ko(board, at, owner).then_some(at)
}

/// Whether `c`'s move at `at` captures one stone in a ko.
fn takes_a_ko(board: &Board, at: Point, c: Color) -> bool {
    if !board.would_capture(at, c) {
        return false;
    }
    let mut after = board.clone();
    after.play(at, c, false).is_ok() && after.ko_point().is_some()
}

/// How the diagonals leave one point of an eye space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Diagonals {
    Proper,
    /// The opponent makes it false by playing this diagonal.
    Half(Point),
    False,
}

fn diagonal_status(
    board: &Board,
    p: Point,
    owner: Color,
    space: &[Point],
    mode: Mode,
) -> Diagonals {
    let (v, empties, ko_shift, ko_points) = diagonal_value(board, p, owner, space, mode);
    // The false-eye rule in half-units: false with the rule's count of
    // opponent stones, half an eye one half-unit short of it.
    let on_edge = board.on_edge(p);
    let false_at = if on_edge {
        STONE_DIAGONAL * FALSE_EYE_DIAGONALS_EDGE as u32
    } else {
        STONE_DIAGONAL * FALSE_EYE_DIAGONALS_CENTRE as u32
    };
    if ko_shift != 0 {
        // Kos on the diagonals: in quarters, a value between a proper eye
        // (a whole stone short of false) and a false eye is half an eye
        // that the ko decides, the ko its vital point.
        let quarters = 4 * v as i32 + ko_shift;
        let false_q = 4 * false_at as i32;
        let proper_q = 4 * (false_at as i32 - STONE_DIAGONAL as i32);
        return if quarters >= false_q {
            Diagonals::False
        } else if quarters <= proper_q {
            Diagonals::Proper
        } else {
            Diagonals::Half(ko_points[0])
        };
    }
    if v >= false_at {
        Diagonals::False
    } else if v == false_at - EMPTY_DIAGONAL && !empties.is_empty() {
        Diagonals::Half(empties[0])
    } else {
        Diagonals::Proper
    }
}

/// Who asks for an eye value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The owl search, the race counting and the evaluation's danger map:
    /// a diagonal stone in atari counts as capturable, ko or not (the owl
    /// search plays kos out itself, with threats), and four points bent
    /// round the corner are two eyes (the corner's ko rule in the shared
    /// rules raised the evaluation's biggest-move reports past their
    /// ceiling).
    Static,
    /// `eval_eye`'s answer: a diagonal decided by a ko makes half an eye
    /// (`KO_QUARTER`), and the bent four in the corner is one or two eyes.
    EvalEye,
}

/// The eye value of a space.
pub(crate) fn evaluate(board: &Board, space: &EyeSpace) -> EyeValue {
    evaluate_with(board, space, Mode::Static)
}

/// The eye value of a space for `mode`'s caller.
fn evaluate_with(board: &Board, space: &EyeSpace, mode: Mode) -> EyeValue {
    let owner = space.owner;
    let core = space.core();
    if core.is_empty() {
        return EyeValue::settled(0);
    }
    // False and half eyes: a space whose every point the opponent's
    // diagonals spoil is no eye (or half of one).
    let status: Vec<Diagonals> = core
        .iter()
        .map(|&p| diagonal_status(board, p, owner, &space.points, mode))
        .collect();
    let one_point = |st: Diagonals| match st {
        Diagonals::Proper => EyeValue::settled(1),
        Diagonals::Half(h) => EyeValue::unsettled(0, 1, h),
        Diagonals::False => EyeValue::settled(0),
    };
    let stones: Vec<usize> = (0..core.len())
        .filter(|&i| board.get(core[i]).is_some())
        .collect();
    let value = match (core.len(), stones.len()) {
        (1, _) => one_point(status[0]),
        // An empty point and a dead stone: the eye is where the stone was.
        (2, 1) => one_point(status[stones[0]]),
        (2, _) => {
            let proper = status.iter().filter(|s| **s == Diagonals::Proper).count();
            let false_at = (0..2).find(|&i| status[i] == Diagonals::False);
            let half = status.iter().find_map(|s| {
                if let Diagonals::Half(h) = s {
                    Some(*h)
                } else {
                    None
                }
            });
            match (proper, false_at, half) {
                (2, _, _) | (1, None, _) => EyeValue::settled(1),
                (1, Some(f), _) => EyeValue::unsettled(0, 1, core[f]),
                (0, None, Some(h)) => EyeValue::unsettled(0, 1, h),
                _ => EyeValue::settled(0),
            }
        }
        _ => {
            // False points at the ends of a bigger space count for
            // nothing: evaluate what is left.
            let trimmed: Vec<Point> = core
                .iter()
                .zip(&status)
                .filter(|(p, st)| {
                    **st != Diagonals::False
                        || board.neighbors(**p).filter(|n| core.contains(n)).count() > 1
                })
                .map(|(p, _)| *p)
                .collect();
            match trimmed.len() {
                0 => EyeValue::settled(0),
                1 | 2 => EyeValue::settled(1),
                _ => shape_value(board, space, &trimmed, mode),
            }
        }
    };
    let Some(m) = most_inside(board, &space.marginal, &core) else {
        return value;
    };
    // A margin: the owner's move there keeps the space; the opponent's
    // takes the core points next to it away. In a bigger space the
    // opponent pushes in from the margin (on the core point next to it)
    // and the owner must block one point further in.
    let next_to = |p: &Point, set: &[Point]| board.neighbors(*p).any(|n| set.contains(&n));
    let (vital, reduced) = if core.len() <= 2 {
        let reduced: Vec<Point> = core
            .iter()
            .copied()
            .filter(|p| !next_to(p, &space.marginal))
            .collect();
        (m, reduced)
    } else {
        let entry: Vec<Point> = core
            .iter()
            .copied()
            .filter(|p| next_to(p, &space.marginal))
            .collect();
        let vital = most_inside(board, &entry, &core).unwrap_or(m);
        let reduced: Vec<Point> = core
            .iter()
            .copied()
            .filter(|p| !entry.contains(p) && !next_to(p, &entry))
            .collect();
        (vital, reduced)
    };
    let min = if reduced.is_empty() {
        0
    } else {
        shape_value(board, space, &reduced, mode).min
    };
    if min >= value.min {
        value
    } else {
        EyeValue {
            min,
            max: value.max,
            attack: Some(vital),
            defense: Some(vital),
        }
    }
}

/// The point of `candidates` with the most neighbours in `core` (the
/// lowest point among equals): where a move takes most from the space or
/// keeps most of it.
pub(crate) fn most_inside(board: &Board, candidates: &[Point], core: &[Point]) -> Option<Point> {
    candidates.iter().copied().max_by_key(|&p| {
        let inside = board.neighbors(p).filter(|n| core.contains(n)).count();
        (inside, std::cmp::Reverse(p))
    })
}

/// How many neighbours a corner point of the board has.
const CORNER_NEIGHBOURS: usize = 2;

/// The value of the enclosed shape `core` (marginal points removed).
fn shape_value(board: &Board, space: &EyeSpace, core: &[Point], mode: Mode) -> EyeValue {
    let opp = space.owner.opponent();
    let n = core.len();
    let degree = |p: Point| board.neighbors(p).filter(|q| core.contains(q)).count();
    let edges: usize = core.iter().map(|&p| degree(p)).sum::<usize>() / 2;
    let max_degree_point = core
        .iter()
        .copied()
        .max_by_key(|&p| (degree(p), std::cmp::Reverse(p)));
    let mut vital = max_degree_point.expect("non-empty core");
    let vd = degree(vital);
    // A board corner has two neighbours.
    let corner = |p: Point| board.neighbors(p).count() == CORNER_NEIGHBOURS;
    let killable = match n {
        1 | 2 => return EyeValue::settled(1),
        3 => true,
        4 => {
            if edges == 4 {
                // The square: one eye whoever moves.
                return EyeValue::settled(1);
            }
            // Four in a row bent round the corner of the board (the corner
            // one of its middle points): the bent four in the corner, which
            // the opponent's move on the other middle point makes a ko or
            // kills, and the owner's makes two eyes.
            let middle: Vec<Point> = core.iter().copied().filter(|&p| degree(p) == 2).collect();
            if mode == Mode::EvalEye && edges == 3 && vd == 2 && middle.iter().any(|&p| corner(p)) {
                if let Some(&other) = middle.iter().find(|&&p| !corner(p)) {
                    vital = other;
                    true
                } else {
                    false
                }
            } else {
                vd == 3
            }
        }
        5 => vd == 4 || edges == 5,
        6 => vd == 4 && edges == 6,
        _ => false,
    };
    if !killable {
        return EyeValue::settled(2);
    }
    // An opponent stone already on the vital point: the shape is dead.
    if board.get(vital) == Some(opp) {
        return EyeValue::settled(1);
    }
    // The opponent cannot play the vital point (suicide): the owner's
    // capture there makes two eyes.
    if board.get(vital).is_none()
        && board.is_suicide(vital, opp)
        && board.neighbors(vital).any(|n| board.get(n) == Some(opp))
    {
        return EyeValue::settled(2);
    }
    EyeValue::unsettled(1, 2, vital)
}

/// Plies the reading of a space with opponent stones inside may go: each
/// point of the largest space filled once, with a pass between every two
/// moves. A line that goes deeper (kos taken back and forth) ends there and
/// its stones still inside count as no eye.
pub(crate) const SPACE_READING_PLIES: u32 = 2 * MAX_EYE_SPACE as u32;
/// Positions the reading of one space may visit before it gives up and the
/// shape rules answer instead: four times the most that any space of GNU
/// Go's optics suite needs (5,154).
pub(crate) const SPACE_READING_NODES: usize = 20_000;

/// The value of a space that holds opponent stones, read move by move: a
/// stone inside is not an eye point until it is captured, and the
/// opponent may add stones to it first so that the captured shape is a
/// killing one ("nakade"). Both sides play only on the space's empty
/// points, or pass; a position with no opponent stone left in the space
/// is valued by the shape rules, with the side to move playing first.
/// `None` when the reading runs past its budget.
fn read_space(board: &Board, space: &EyeSpace) -> Option<EyeValue> {
    let owner = space.owner;
    let opp = owner.opponent();
    if !space.points.iter().any(|&p| board.get(p) == Some(opp)) {
        return None;
    }
    // The owner's small strings (at most `WEAK_STONES`, like the
    // opponent's inside) whose every liberty is in the space can be
    // captured there: their points may become part of the space.
    let mut area = space.points.clone();
    for &p in &space.points {
        for n in board.neighbors(p) {
            if board.get(n) == Some(owner)
                && !area.contains(&n)
                && board.chain_len(n) <= WEAK_STONES
                && board
                    .chain_liberties(n)
                    .iter()
                    .all(|l| space.points.contains(l))
            {
                area.extend(board.chain(n));
            }
        }
    }
    // Both sides may also play the empty diagonals of the space, where a
    // point of it is made a real or a false eye.
    let mut moves: Vec<Point> = area.clone();
    for &p in &space.points {
        for d in board.diagonals(p) {
            if board.get(d).is_none() && !moves.contains(&d) {
                moves.push(d);
            }
        }
    }
    let mut reader = SpaceReader {
        owner,
        area,
        moves,
        board: board.clone(),
        seen: std::collections::HashMap::new(),
        line: Vec::new(),
        nodes: 0,
    };
    let (min, attack) = reader.best(opp, 0, SPACE_READING_PLIES)?;
    let (max, defense) = reader.best(owner, 0, SPACE_READING_PLIES)?;
    // Passing is among each side's moves, so moving first is never worse
    // than letting the other move first; the clamp covers the one place
    // where the two readings differ, a pass that ends the reading.
    let max = max.max(min);
    if min == max {
        return Some(EyeValue::settled(min));
    }
    // Where the opponent's vital point also gives the owner his best, it
    // is the owner's vital point too ("the opponent's vital point is
    // mine").
    let defense = match attack {
        Some(a) if reader.gets(owner, a) == Some(max) => Some(a),
        _ => defense,
    };
    Some(EyeValue {
        min,
        max,
        attack,
        defense,
    })
}

/// The most liberties a string can have and still be caught in a ladder
/// (the ladder reader's own limit: two liberties, or one).
const LADDER_LIBERTIES: usize = 2;

/// A position of the eye-space reading: stones, ko point, side to move and
/// passes in a row.
type ReadKey = (u64, Option<Point>, Color, u8);

/// The state of one space's reading.
struct SpaceReader {
    owner: Color,
    /// The space and the owner's strings that can be captured in it.
    area: Vec<Point>,
    /// The points either side may play: the area and the space's empty
    /// diagonals.
    moves: Vec<Point>,
    board: Board,
    /// Values already read, by stones, ko point, side to move and passes.
    seen: std::collections::HashMap<ReadKey, u8>,
    /// The positions on the line being read, to stop at a repetition.
    line: Vec<ReadKey>,
    nodes: usize,
}

impl SpaceReader {
    /// The owner's eyes after `to_move` plays at `p`, the other to move.
    fn gets(&mut self, to_move: Color, p: Point) -> Option<u8> {
        let undo = self.board.play(p, to_move, false).ok()?;
        let after = self.best(to_move.opponent(), 0, SPACE_READING_PLIES - 1);
        self.board.undo(undo);
        Some(after?.0)
    }

    /// Whether the opponent's string just played at `p` reaches out of the
    /// area and the owner captures it in a ladder: such a move does not
    /// spoil the space (the stones die and the space is the owner's), so
    /// the opponent does not play it. Strings wholly inside the area are
    /// read by the search itself.
    fn lost_in_a_ladder(&mut self, p: Point) -> bool {
        self.board.liberties(p) <= LADDER_LIBERTIES
            && self.board.chain(p).any(|q| !self.area.contains(&q))
            && crate::reading::tactics::ladder_capture(&mut self.board, p).is_some()
    }

    /// The owner's eyes with `to_move` to play, and the first move that
    /// gets them (`None` for a pass or a settled space).
    fn best(&mut self, to_move: Color, passes: u8, plies: u32) -> Option<(u8, Option<Point>)> {
        let opp = self.owner.opponent();
        let stones_inside = self.area.iter().any(|&p| self.board.get(p) == Some(opp));
        // The end of the reading: no stone left to capture, both sides
        // passed, the plies spent, or a position repeated on the line (a
        // ko the owner has not won). Stones still inside are no eye.
        let key = (self.board.hash(), self.board.ko_point(), to_move, passes);
        if !stones_inside || passes >= 2 || plies == 0 || self.line.contains(&key) {
            return Some((
                settled_eyes(&self.board, self.owner, &self.area, to_move),
                None,
            ));
        }
        if let Some(&v) = self.seen.get(&key) {
            return Some((v, None));
        }
        self.nodes += 1;
        if self.nodes > SPACE_READING_NODES {
            return None;
        }
        let maximise = to_move == self.owner;
        self.line.push(key);
        let best = self.moves_from(to_move, passes, plies, maximise);
        self.line.pop();
        let best = best?;
        self.seen.insert(key, best.0);
        Some(best)
    }

    /// The best of `to_move`'s pass and moves, the owner maximising.
    fn moves_from(
        &mut self,
        to_move: Color,
        passes: u8,
        plies: u32,
        maximise: bool,
    ) -> Option<(u8, Option<Point>)> {
        // Passing first: a move is chosen only when it does strictly
        // better, so a settled space answers no vital point.
        let undo = self.board.pass(to_move);
        let passed = self.best(to_move.opponent(), passes + 1, plies - 1);
        self.board.undo(undo);
        let mut best = (passed?.0, None);
        for i in 0..self.moves.len() {
            let p = self.moves[i];
            let Ok(undo) = self.board.play(p, to_move, false) else {
                continue;
            };
            if !maximise && self.lost_in_a_ladder(p) {
                self.board.undo(undo);
                continue;
            }
            let after = self.best(to_move.opponent(), 0, plies - 1);
            self.board.undo(undo);
            let v = after?.0;
            if (maximise && v > best.0) || (!maximise && v < best.0) {
                best = (v, Some(p));
            }
        }
        Some(best)
    }
}

/// The eyes of an area read to the end: each region of it that holds no
/// opponent stone is valued by the shape rules (a region with stones left
/// in it is no eye), and the unsettled regions are taken in turn, the
/// biggest gain first, `to_move` first.
fn settled_eyes(board: &Board, owner: Color, area: &[Point], to_move: Color) -> u8 {
    let opp = owner.opponent();
    let mut done: Vec<Point> = Vec::new();
    let mut sure = 0u8;
    let mut gains: Vec<u8> = Vec::new();
    for &start in area {
        if board.get(start) == Some(owner) || done.contains(&start) {
            continue;
        }
        let Some(region) = flood(board, start, usize::MAX, |n| {
            area.contains(&n) && board.get(n) != Some(owner)
        }) else {
            continue;
        };
        done.extend(&region);
        if region.iter().any(|&q| board.get(q) == Some(opp)) {
            continue;
        }
        let marginal = region
            .iter()
            .copied()
            .filter(|&q| board.neighbors(q).any(|n| board.get(n) == Some(opp)))
            .collect();
        let v = evaluate_with(
            board,
            &EyeSpace {
                owner,
                points: region,
                marginal,
            },
            Mode::EvalEye,
        );
        sure += v.min;
        if v.max > v.min {
            gains.push(v.max - v.min);
        }
    }
    gains.sort_unstable_by(|a, b| b.cmp(a));
    let first = usize::from(to_move != owner);
    let won: u8 = gains.iter().skip(first).step_by(2).sum();
    (sure + won).min(2)
}

/// GNU Go's `eval_eye` at a point: `None` if `p` is in no eye space.
///
/// ```
/// use moku::{Board, Point};
/// use moku::reading::eyes;
/// // A straight three on the edge: one eye if White takes the middle
/// // (C2), two if Black does.
/// let b = Board::from_ascii("
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     X X X X X X .
///     X . . . X X .
///     X X X X X . .");
/// let v = eyes::eval_eye(&b, Point::from_xy(1, 5)).expect("an eye space");
/// assert_eq!((v.min, v.max), (1, 2));
/// assert_eq!(v.attack, Some(Point::from_xy(2, 5)));
/// assert!(eyes::eval_eye(&b, Point::from_xy(3, 1)).is_none(), "open space");
/// ```
pub fn eval_eye(board: &Board, p: Point) -> Option<EyeValue> {
    let space = eye_space(board, p).or_else(|| enclosed_space(board, p))?;
    Some(read_space(board, &space).unwrap_or_else(|| evaluate_with(board, &space, Mode::EvalEye)))
}

/// The region around `p` that one colour's stones enclose alone: its
/// empty points and the other colour's stones, whatever their liberties,
/// at most `MAX_EYE_SPACE` points. Stones shut in so small a region
/// cannot make two eyes of their own and are the owner's to capture, so
/// the region is an eye space of the owner's, read with the stones in it.
fn enclosed_space(board: &Board, p: Point) -> Option<EyeSpace> {
    let owners = match board.get(p) {
        Some(c) => vec![c.opponent()],
        None => vec![Color::Black, Color::White],
    };
    owners.into_iter().find_map(|owner| {
        let points = flood(board, p, MAX_EYE_SPACE, |n| board.get(n) != Some(owner))?;
        Some(EyeSpace {
            owner,
            points,
            marginal: Vec::new(),
        })
    })
}

/// The points joined to `start` through neighbours that `joins` accepts,
/// `start` first; `None` once they number more than `limit`.
fn flood(
    board: &Board,
    start: Point,
    limit: usize,
    joins: impl Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    let mut points = vec![start];
    let mut i = 0;
    while i < points.len() {
        let q = points[i];
        i += 1;
        for n in board.neighbors(q) {
            if joins(n) && !points.contains(&n) {
                points.push(n);
                if points.len() > limit {
                    return None;
                }
            }
        }
    }
    Some(points)
}

/// An eye value as GNU Go's `eval_eye` answers it: `MIN MAX`, then the
/// opponent's and the owner's vital points when they differ (`0 1 C2 C2`);
/// `-1` for no eye space.
pub(crate) fn gtp_text(value: Option<EyeValue>, size: usize) -> String {
    let vital = |p: Option<Point>| gtp_move(p, size).to_uppercase();
    match value {
        None => "-1".into(),
        Some(e) if e.min == e.max => format!("{} {}", e.min, e.max),
        Some(e) => format!(
            "{} {} {} {}",
            e.min,
            e.max,
            vital(e.attack),
            vital(e.defense)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::testing::at;

    fn text(b: &Board, v: &str) -> String {
        gtp_text(eval_eye(b, at(b, v)), b.size())
    }

    #[test]
    fn an_eye_space_holds_at_most_eight_points() {
        // Black's wall along the bottom edge of a 11x11 board around
        // eight empty points (A1-H1), then around nine (A1-J1).
        let eight = Board::from_ascii(
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            X X X X X X X X X . .
            . . . . . . . . X . .",
        );
        let sp = eye_space_of(&eight, at(&eight, "A1"), Color::Black).expect("eight points");
        assert_eq!(sp.points.len(), 8);
        assert!(sp.marginal.is_empty());
        assert_eq!(sp.points[0], at(&eight, "A1"));
        let nine = Board::from_ascii(
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            X X X X X X X X X X .
            . . . . . . . . . X .",
        );
        assert!(eye_space_of(&nine, at(&nine, "A1"), Color::Black).is_none());
        assert!(eye_space_of(&nine, at(&nine, "E1"), Color::Black).is_none());
        // White's two stones inside, short of liberties, are points of
        // the space.
        let mut held = eight.clone();
        held.set_stone(at(&held, "C1"), Some(Color::White));
        held.set_stone(at(&held, "D1"), Some(Color::White));
        let sp = eye_space_of(&held, at(&held, "A1"), Color::Black).expect("still eight points");
        assert_eq!(sp.points.len(), 8);
    }

    /// A black wall on the bottom edge enclosing `shape` (`.` points of
    /// the eye inside the `X` wall), on a 9x9 board.
    fn board(rows: &str) -> Board {
        Board::from_ascii(rows)
    }

    #[test]
    fn one_point_eyes_real_half_false() {
        let b = board(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X . . . . .
            X . X . X O . . .
            X X X X X . . . .
            . . . . . . . . .
            . X . . . . . . .",
        );
        assert_eq!(text(&b, "B4"), "1 1", "all diagonals black");
        // D4: diagonals C5 X, E5 empty (White can play it), C3 X, E3 X:
        // value 1 in the centre, a real eye.
        assert_eq!(text(&b, "D4"), "1 1");
        // A1: corner eye point (B1 X, A2 empty... not enclosed): none.
        assert_eq!(text(&b, "E9"), "-1", "open space");
    }

    #[test]
    fn edge_half_eye_and_false_eye() {
        let b = board(
            "
            . . . . . .
            . . . . . .
            . . . . . .
            . . O . . .
            X X . X X O
            X . X . X .",
        );
        // B1: diagonals A2 X, C2 empty and White can play it: half eye.
        assert_eq!(text(&b, "B1"), "0 1 C2 C2");
        // D1: diagonals C2 empty (White can play) and E2 X: also half.
        assert_eq!(text(&b, "D1"), "0 1 C2 C2");
        let mut b2 = b.clone();
        b2.set_stone(at(&b, "C2"), Some(Color::White));
        assert_eq!(
            text(&b2, "B1"),
            "0 0",
            "an opponent diagonal on the edge: false eye"
        );
    }

    /// The eye value at `probe` of the shape drawn in `rows`: the bottom
    /// rows of a 7x7 board, the rows above them empty.
    fn shape(rows: &str, probe: &str) -> String {
        let drawn = rows.lines().filter(|r| !r.trim().is_empty()).count();
        let above = ". . . . . . .\n".repeat(7 - drawn);
        text(&Board::from_ascii(&(above + rows)), probe)
    }

    /// Every eye shape of up to six points with its value and vital point:
    /// (what it is, the point probed, the answer, the shape).
    const SHAPES: &[(&str, &str, &str, &str)] = &[
        (
            "Straight three on the edge: vital point in the middle.",
            "B2",
            "1 2 C2 C2",
            "
            X X X X X X .
            X . . . X X .
            X X X X X . .",
        ),
        (
            "Bent three in the corner.",
            "B1",
            "1 2 A1 A1",
            "
            X X . . . . .
            . X . . . . .
            . . X . . . .",
        ),
        (
            "Square four: one eye whoever plays.",
            "B2",
            "1 1",
            "
            X X X X . . .
            X . . X . . .
            X . . X . . .
            X X X X . . .",
        ),
        (
            "Pyramid four: the centre is vital.",
            "B1",
            "1 2 C1 C1",
            "
            X X X X X X .
            X X . X X X .
            X . . . X X .",
        ),
        (
            "Straight four: two eyes.",
            "B2",
            "2 2",
            "
            X X X X X X .
            X . . . . X .
            X X X X X X .",
        ),
        (
            "Bent four (L): two eyes.",
            "B3",
            "2 2",
            "
            X X X . . . .
            X . X X X . .
            X . . . X . .
            X X X X X . .",
        ),
        (
            "Bent four in the corner (A3-A2-A1-B1): the middle point off the corner.",
            "A1",
            "1 2 A2 A2",
            "
            X X . . . . .
            . X . . . . .
            . X . . . . .
            . . X . . . .",
        ),
        (
            "Bulky five: the point touching three others (C2) is vital.",
            "B3",
            "1 2 C2 C2",
            "
            X X X X . . .
            X . . X . . .
            X . . . X . .
            X X X X X . .",
        ),
        (
            "Crossed five: the centre.",
            "D4",
            "1 2 D4 D4",
            "
            . . X X X . .
            . X X . X X .
            . X . . . X .
            . X X . X X .
            . . X X X . .
            . . . . . . .",
        ),
        (
            "Rabbity six: the centre with four neighbours.",
            "D4",
            "1 2 D4 D4",
            "
            . . X X X . .
            . X X . X X .
            . X . . . X .
            . X X . . X .
            . . X X X X .
            . . . . . . .",
        ),
        (
            "Straight five: two eyes.",
            "A2",
            "2 2",
            "
            X X X X X X X
            . . . . . X X
            X X X X X X X",
        ),
    ];

    #[test]
    fn eye_shapes_and_their_vital_points() {
        for (what, probe, answer, rows) in SHAPES {
            assert_eq!(shape(rows, probe), *answer, "{what}");
        }
    }

    #[test]
    fn three_dead_stones_in_the_corner_leave_one_eye() {
        // White's A7-B7-C7 has two liberties, D7 and A6, both Black's to
        // fill. Once they are captured, straight three on the edge is left
        // with White to play its middle (B7): one eye. White filling D7
        // or A6 first only gives Black four points (straight four, or the
        // bent four A6-A7-B7-C7) after the capture, so White waits.
        let b = board(
            "
            O O O . X . .
            . X X X X . .
            X X . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        assert_eq!(text(&b, "D7"), "1 1");
    }

    #[test]
    fn a_dead_stone_that_can_connect_out_through_the_margin() {
        // White's D2 has two liberties, D1 and D3; D3 touches White's
        // living D4 wall. White D3 joins D2 to the wall and Black has no
        // eye; Black D3 leaves D2 in atari, and capturing it makes an
        // eye of D1 and D2. The vital point is D3 for both.
        let b = board(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . O O O O O .
            . . X . X . .
            . . X O X . .
            . . X . X . .",
        );
        assert_eq!(text(&b, "D1"), "0 1 D3 D3");
    }

    #[test]
    fn a_margin_that_loses_its_stones_in_a_ladder_does_not_spoil_the_eye() {
        // Black's A8 is in atari inside White's wall. Black A7 would join it
        // to A6-A5-B5, but that string then has two liberties (A4, B4) and
        // White B4, A3 capture it in a ladder along the edge. So Black does
        // not play A7, White captures A8 there when needed, and the eye at
        // A8 (diagonals B9 and B7 White's) is sure: one eye either way.
        let b = board(
            "
            O O . . . . . . .
            X O . . . . . . .
            . O . . . . . . .
            X O . . . . . . .
            X X O . . . . . .
            . . O . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_eq!(text(&b, "A8"), "1 1");
    }

    #[test]
    fn stones_shut_in_a_small_region_are_read_whatever_their_liberties() {
        // White's B7-C7 has three liberties (A7, B6, D7), all inside five
        // points that Black's stones alone enclose. Black captures it; the
        // most White can do is add B6 first, and the captured bent three
        // (B6, B7, C7) is then White's to play at B7: one eye. Black
        // moving first gets no more: capturing two stones or three leaves
        // one eye.
        let b = board(
            "
            . O O . X . .
            X . X X X . .
            X X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        assert_eq!(text(&b, "D7"), "1 1");
        assert_eq!(text(&b, "B7"), "1 1");
    }

    #[test]
    fn two_dead_stones_joined_into_a_bent_three_in_the_corner() {
        // White's G2 and F1 each have two liberties, G1 shared. Black
        // cannot play G1 (no liberty, no capture); White can, joining them
        // into the bent three G2-G1-F1. Black captures it with E1 and G3,
        // and White plays G1 again: one eye, whoever starts. (The line
        // where both keep capturing in the corner repeats and is cut off.)
        let b = board(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . X X
            . . . . . X .
            . . . X X X O
            . . . X . O .",
        );
        assert_eq!(text(&b, "G3"), "1 1");
    }

    #[test]
    fn two_diagonal_stones_taken_only_in_kos_make_half_an_eye() {
        // White's E5 has Black's F6 and D4 on its diagonals, each in
        // atari, but White's capture at G6 or C4 is a ko (the capturing
        // stone is left in atari). Black connecting one (G6 or C4) leaves a
        // solid diagonal and a ko for the other: White must win that ko.
        // White taking one first leaves only the other ko's aji: a proper
        // eye. So half an eye, decided at G6 or C4.
        let b = board(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . O O X . .
            . . . O O X . X .
            . . X O . O X . .
            . X . X O O . . .
            . . X O O . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let v = eval_eye(&b, at(&b, "E5")).expect("an eye space");
        assert_eq!((v.min, v.max), (0, 1));
        let kos = [at(&b, "G6"), at(&b, "C4")];
        assert!(kos.contains(&v.attack.unwrap()), "{v:?}");
        assert!(kos.contains(&v.defense.unwrap()), "{v:?}");
    }

    #[test]
    fn dead_stone_on_the_vital_point() {
        // Straight three with a White stone in the middle: one eye.
        let s = "
            X X X X X X .
            X . O . X X .
            X X X X X . .";
        assert_eq!(shape(s, "B2"), "1 1");
    }
}
