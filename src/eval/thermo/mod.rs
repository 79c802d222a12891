//! The endgame by thermography: the board split into local regions, each
//! region's local game searched and summed up by its thermograph (mean
//! value and temperature), the exact value of final positions, and the
//! endgame move choice (tedomari, sente first, the ko rule, captures).
//!
//! After Chrisd's notes on his program (`docs/provenance.md`,
//! "Thermography, small regions and the consistency check") and
//! Berlekamp's thermography: regions
//! bounded by settled stones, the can-the-opponent-live-inside
//! search for bigger enclosed areas ([`can_live_inside`]), thermographs of
//! regions of up to 14 empty points with kos by the
//! komaster rule and the branching-product cap (1,000), a
//! cache by region hash ([`Evaluator`]), exact values of positions made of
//! unconditional territory and kos ([`exact_score`]), and the move choice
//! ([`endgame_moves`]).
//!
//! Values are in points from Black's side under territory counting,
//! exact ([`Rational`]).
//!
//! ```
//! use moku::{Board, Color, Point};
//! use moku::eval::thermo::{self, Rational, RegionKind};
//! use moku::rules::StatusMap;
//! // Two living walls. C4 lies inside Black's wall, D4 is its only
//! // opening: whoever plays D4 first decides whether C4 is Black's point
//! // or a dame. A one-point gote {1 | 0}: mean 1/2, temperature 1/2.
//! let b = Board::from_ascii("
//!     . X X X O . O
//!     X X X X O O O
//!     X X X X O . O
//!     X X . . O O O
//!     X X X X O . O
//!     X X X X O O O
//!     . X X X O . O");
//! let a = thermo::analyze(&b, &StatusMap::all_alive());
//! let r = &a.regions[0];
//! assert_eq!(r.points, [Point::from_xy(2, 3), Point::from_xy(3, 3)]);
//! assert_eq!((r.mean, r.temperature), (Rational::new(1, 2), Rational::new(1, 2)));
//! assert_eq!(r.kind, RegionKind::Gote);
//! let moves = thermo::endgame_moves(&b, &a, Color::Black);
//! assert_eq!(moves[0].point, Point::from_xy(3, 3));
//! assert_eq!(moves[0].text(), "gote, 1/2 point");
//! ```

mod choice;
mod enclosed;
mod exact;
mod local;
mod rational;
mod region;
mod thermograph;

use std::collections::HashMap;

pub(crate) use choice::rollout;
pub use choice::{
    endgame_moves, endgame_moves_under, words, ChoiceKind, ChoiceRule, EndgameMove, KO_OWNER_BELOW,
    SENTE_SLACK, TEDOMARI_SLACK,
};
pub use enclosed::can_live_inside;
pub use exact::exact_score;
pub use local::{LocalSummary, RegionKind};
pub use rational::Rational;
pub use region::RegionOrigin;
pub use thermograph::{Thermograph, Wall};

use crate::rules::{Board, Color, Point, StatusMap};
use local::{Context, FastMap};
use region::MAX_THERMO_POINTS;

/// One region with its thermograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// 1-based id, in the order of the regions' first points (row by row).
    pub id: usize,
    /// The region's points (stones included), row by row.
    pub points: Vec<Point>,
    /// How many of them are empty.
    pub empties: usize,
    /// How the region came to be.
    pub origin: RegionOrigin,
    /// Mean value, points for Black.
    pub mean: Rational,
    /// Temperature, >= 0.
    pub temperature: Rational,
    /// The thermograph's shape at its top.
    pub kind: RegionKind,
    /// Whether the value is approximate: the branching cap was hit, or the
    /// region is too big for thermography (the heuristic value).
    pub approx: bool,
    /// The thermograph itself.
    pub thermograph: Thermograph,
    /// The best moves and what follows them.
    pub summary: LocalSummary,
    /// Positions searched for it (0 when it came from the cache).
    pub nodes: u64,
}

impl Region {
    /// The GTP word for its kind: `approx` when approximate, else the
    /// kind's name.
    pub fn kind_name(&self) -> &'static str {
        if self.approx {
            "approx"
        } else {
            self.kind.name()
        }
    }
}

/// The thermography of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThermoAnalysis {
    /// Board size.
    pub size: usize,
    /// The regions, by id.
    pub regions: Vec<Region>,
    /// Row-major from the top-left: each point's region id, 0 outside
    /// every region.
    pub region_map: Vec<u16>,
    /// Row-major: who owns each point outside the regions (+1 Black, -1
    /// White, 0 nobody or inside a region).
    pub owner_map: Vec<i8>,
    /// The settled points' value (territory and dead stones outside the
    /// regions), points for Black.
    pub settled: Rational,
    /// The estimate: prisoners + settled + the regions' means, points for
    /// Black under territory counting (komi not included).
    pub score: Rational,
    /// The exact score when the position is final (unconditional territory
    /// and a few points such as kos, [`exact_score`]), `[Black to move,
    /// White to move]`.
    pub exact: Option<[i64; 2]>,
    /// Positions searched, all regions together (0 when all came from
    /// the cache).
    pub nodes: u64,
}

impl ThermoAnalysis {
    /// The region holding `p`, if any.
    pub fn region_at(&self, p: Point) -> Option<&Region> {
        let id = *self.region_map.get(p.row_major(self.size))?;
        (id > 0).then(|| &self.regions[id as usize - 1])
    }
}

/// A region's value as cached.
#[derive(Clone, Debug)]
struct Valued {
    thermograph: Thermograph,
    summary: LocalSummary,
    approx: bool,
}

/// Most regions kept by an [`Evaluator`] before it starts afresh.
pub(crate) const CACHE_REGIONS: usize = 4096;

/// The thermography evaluator: regions valued once and cached by region
/// hash (its points, their stones, its surroundings and ko), so that after
/// a move only the regions the move touched are searched again.
#[derive(Clone, Debug, Default)]
pub struct Evaluator {
    regions: HashMap<u64, Valued, std::hash::BuildHasherDefault<local::IdentityHasher>>,
    life: FastMap<bool>,
}

impl Evaluator {
    /// An empty cache.
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// Regions cached.
    pub fn len(&self) -> usize {
        self.regions.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    /// The thermography of `board` with the stone statuses `status` (from
    /// the life-and-death layer: alive and seki stones bound the regions,
    /// dead stones count for the opponent). Nothing in it depends on who
    /// is to move but the exact count, given for both.
    pub fn analyze(&mut self, board: &Board, status: &StatusMap) -> ThermoAnalysis {
        if self.regions.len() > CACHE_REGIONS {
            self.regions.clear();
        }
        if self.life.len() > CACHE_REGIONS {
            self.life.clear();
        }
        let d = region::decompose(board, status, &mut self.life);
        let ctx = Context {
            settled: &d.settled,
            owner: &d.owner,
            dead: &d.dead,
        };
        let size = board.size();
        let mut scratch: Option<Board> = None;
        let mut regions = Vec::with_capacity(d.regions.len());
        let mut region_map = vec![0u16; size * size];
        let mut nodes = d.life_nodes;
        for (i, spec) in d.regions.iter().enumerate() {
            let key = region_key(board, spec, &d);
            let (v, n) = match self.regions.get(&key) {
                Some(v) => (v.clone(), 0),
                None => {
                    let b = scratch.get_or_insert_with(|| board.clone());
                    let (v, n) = value_region(b, spec, &ctx);
                    self.regions.insert(key, v.clone());
                    (v, n)
                }
            };
            nodes += n;
            for &p in &spec.points {
                region_map[p.row_major(size)] = i as u16 + 1;
            }
            regions.push(Region {
                id: i + 1,
                points: spec.points.clone(),
                empties: spec.empties,
                origin: spec.origin,
                mean: v.thermograph.mean,
                temperature: v.thermograph.temperature,
                kind: v.summary.kind,
                approx: v.approx,
                thermograph: v.thermograph,
                summary: v.summary,
                nodes: n,
            });
        }
        let mut owner_map = vec![0i8; size * size];
        let mut settled = 0i64;
        for p in board.points() {
            if region_map[p.row_major(size)] != 0 {
                continue;
            }
            let Some(c) = d.owner[p.index()] else {
                continue;
            };
            owner_map[p.row_major(size)] = c.sign() as i8;
            settled += c.sign() as i64
                * match board.get(p) {
                    None => 1,
                    Some(x) if x == c => 0,
                    Some(_) => 2,
                };
        }
        let prisoners = board.captures(Color::Black) as i64 - board.captures(Color::White) as i64;
        let settled = Rational::from(settled);
        let score = regions
            .iter()
            .fold(settled + Rational::from(prisoners), |acc, r| acc + r.mean);
        let exact = exact::exact_scores(board, &d.unconditional);
        ThermoAnalysis {
            size,
            regions,
            region_map,
            owner_map,
            settled,
            score,
            exact,
            nodes,
        }
    }
}

/// The thermography of `board` without a cache (see [`Evaluator`]).
pub fn analyze(board: &Board, status: &StatusMap) -> ThermoAnalysis {
    Evaluator::new().analyze(board, status)
}

/// Values one region: the local game search for contested and open
/// regions (shallow above [`MAX_THERMO_POINTS`]), the heuristic gote for an
/// invasion.
fn value_region(board: &mut Board, spec: &region::RegionSpec, ctx: &Context<'_>) -> (Valued, u64) {
    if let RegionOrigin::Invasion(c) = spec.origin {
        // Whoever moves first decides: the defender keeps the area (its
        // points and the dead stones in it), the invader lives and the
        // area is no one's. Approximate: the invader's life is read with a
        // capped search, and the value after it is a guess.
        let whole: i64 = spec
            .points
            .iter()
            .map(|&p| match board.get(p) {
                None => 1,
                Some(x) if x == c => 0,
                Some(_) => 2,
            })
            .sum();
        let v = Rational::from(c.sign() as i64 * whole);
        let (l, r) = if c == Color::Black {
            (v, Rational::ZERO)
        } else {
            (Rational::ZERO, v)
        };
        let (ls, rs) = Thermograph::scaffolds([&Wall::constant(l)], [&Wall::constant(r)]);
        let thermograph = Thermograph::from_scaffolds(ls, rs, Rational::ZERO);
        let mut summary = LocalSummary::number(thermograph.mean);
        summary.temperature = thermograph.temperature;
        summary.kind = if thermograph.temperature > Rational::ZERO {
            RegionKind::Gote
        } else {
            RegionKind::Settled
        };
        summary.approx = true;
        return (
            Valued {
                thermograph,
                summary,
                approx: true,
            },
            0,
        );
    }
    let shallow = spec.empties > MAX_THERMO_POINTS;
    let r = local::solve(board, &spec.points, ctx, shallow);
    (
        Valued {
            thermograph: r.thermograph,
            summary: r.summary,
            approx: r.approx,
        },
        r.nodes,
    )
}

/// The cache key of a region: its origin, its points and their stones,
/// what surrounds it (stones with their settled flag and liberties up to
/// four, owners of settled points).
fn region_key(board: &Board, spec: &region::RegionSpec, d: &region::Decomposition) -> u64 {
    let content = |p: Point| -> u64 {
        match board.get(p) {
            None => d.owner[p.index()].map_or(0, |c| 1 + c.index() as u64),
            Some(c) => {
                4 + c.index() as u64
                    + 2 * (d.settled[p.index()] as u64)
                    + 8 * (d.dead[p.index()] as u64)
                    + 16 * board.liberties(p).min(4) as u64
            }
        }
    };
    let mut h = local::mix(match spec.origin {
        RegionOrigin::Contested => 1,
        RegionOrigin::Open => 2,
        RegionOrigin::Invasion(c) => 3 + c.index() as u64,
    });
    let mut inside = vec![false; crate::rules::point::CELLS];
    for &p in &spec.points {
        inside[p.index()] = true;
    }
    for &p in &spec.points {
        h = local::mix(h ^ ((p.index() as u64) << 8 | content(p)));
        for n in board.neighbors(p) {
            if !inside[n.index()] {
                h = local::mix(h ^ ((n.index() as u64) << 8 | content(n) | 1 << 40));
            }
        }
    }
    h
}

#[cfg(test)]
pub(crate) mod tests;
