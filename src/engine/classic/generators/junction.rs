//! Junction points: where the spheres of two weak groups of one colour
//! meet, so that one stone there serves both — it links them for their
//! owner and splits them for the opponent, the point both sides want.
//!
//! The definition this module implements ([`junctions`]): an empty point
//! within a *link* of a stone of each of at least two different weak
//! groups of one colour (the weak-group generator's weak groups:
//! not dead, and critical or in Handtalk danger). A link is one of the
//! connecting shapes a teacher names: the point is next to the stone;
//! diagonal to it with no opponent stone on either of the two points
//! between (the dragons' rule for a diagonal); or a one-space jump from
//! it with the point between empty. A knight's move and longer jumps are
//! left out: the opponent cuts them in one move.
//!
//! For the groups' owner a junction point defends each of them (a
//! `Defend` reason per group, when the stone keeps the liberties a
//! defence keeps); for the opponent it attacks each of them (an `Attack`
//! reason per group, when the stone keeps the liberties an attack keeps).
//! The valuation adds every group's share of danger, which is what one
//! move with two purposes is worth. The weak-group generator gives the
//! same reasons on the groups' liberties; the collector keeps a reason
//! about one group once.

use crate::engine::classic::context::{libs_after, Context};
use crate::engine::classic::generators::weak::{
    weak_groups, DEFEND_LIBERTIES, DIAMOND, FREE_LIBERTIES,
};
use crate::engine::classic::generators::Collector;
use crate::engine::classic::reason::{Reason, ReasonKind};
use crate::eval::analysis::GroupInfo;
use crate::rules::point::CELLS;
use crate::rules::{Board, Color, Point};

/// A junction point and the weak groups whose links meet there.
pub(crate) struct Junction<'a> {
    pub point: Point,
    /// The colour of the groups.
    pub color: Color,
    /// The weak groups, two or more, in the order of the context's list.
    pub groups: Vec<&'a GroupInfo>,
}

pub(super) fn generate(ctx: &Context<'_>, out: &mut Collector<'_>) {
    let me = ctx.color;
    for j in junctions(ctx) {
        let (kind, liberties) = if j.color == me {
            (ReasonKind::Defend, DEFEND_LIBERTIES)
        } else {
            (ReasonKind::Attack, FREE_LIBERTIES)
        };
        if libs_after(&ctx.board, j.point, me) < liberties {
            continue;
        }
        for g in j.groups {
            out.add(
                j.point,
                Reason::new(kind, j.color).target(g.stones[0], g.stones.len()),
            );
        }
    }
}

/// Every junction point of the root, in board order.
pub(crate) fn junctions<'a>(ctx: &'a Context<'_>) -> Vec<Junction<'a>> {
    let b = &ctx.board;
    // The weak groups whose links reach each point.
    let mut reached: Vec<Vec<&GroupInfo>> = vec![Vec::new(); CELLS];
    for g in weak_groups(ctx) {
        for p in reach(b, g) {
            reached[p.index()].push(g);
        }
    }
    let mut out = Vec::new();
    for p in b.points() {
        for color in [Color::Black, Color::White] {
            let groups: Vec<&GroupInfo> = reached[p.index()]
                .iter()
                .copied()
                .filter(|g| g.color == color)
                .collect();
            if groups.len() >= 2 {
                out.push(Junction {
                    point: p,
                    color,
                    groups,
                });
            }
        }
    }
    out
}

/// The empty points within a link of a stone of `g`, each once.
fn reach(b: &Board, g: &GroupInfo) -> Vec<Point> {
    let size = b.size();
    let opp = g.color.opponent();
    let mut out: Vec<Point> = Vec::new();
    for &s in &g.stones {
        // The diamond holds the three links: next to the stone,
        // diagonal, a one-space jump.
        for (dx, dy) in DIAMOND {
            let Some(p) = s.offset(dx, dy, size) else {
                continue;
            };
            if !b.is_empty(p) || out.contains(&p) {
                continue;
            }
            // The points between the stone and `p`: none for a solid
            // link, the two cutting points of a diagonal, the middle of
            // a jump.
            let between = |x: i32, y: i32| s.offset(x, y, size).and_then(|q| b.get(q));
            let open = match (dx.abs(), dy.abs()) {
                (1, 1) => between(dx, 0) != Some(opp) && between(0, dy) != Some(opp),
                (2, 0) | (0, 2) => between(dx / 2, dy / 2).is_none(),
                _ => true,
            };
            if open {
                out.push(p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::context::read_groups;
    use crate::engine::classic::generators::generate;
    use crate::engine::classic::generators::tests::{game_of, reason_at};
    use crate::engine::classic::lookahead::Lookahead;
    use crate::engine::classic::valuation::valued;
    use crate::engine::level::Level;
    use crate::rules::{gtp_vertex, Status};

    /// Two weak black groups, D3-E3 and J3-K3, under White's wall on
    /// a 13x13 board. The links of D3-E3 reach D2, E2, F3, F2, D1, E1 and
    /// G3 (the jumps to B3, D5 and E5 cross White's stones); those of
    /// J3-K3 reach J2, K2, H3, H2, J1, K1 and G3. G3 is the one point
    /// both reach, and a liberty of neither; D1 is a jump from D3 only.
    const POS: &str = "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . O O O O . O O O O . .
        . . O X X . . . X X O . .
        . . O . . . . . . . O . .
        . . . . . . . . . . . . .";

    /// The root of POS for `color`, Black's two groups taken as critical:
    /// the generator's input. The reading calls both dead, as GNU Go 3.8
    /// does (White to move first kills them); these tests are of the
    /// junction given two weak groups, whatever reads them weak.
    fn context_of(color: Color) -> Context<'static> {
        let game = game_of(POS, color);
        let budgets = Level::new(2).unwrap().budgets();
        let mut groups = read_groups(game.board(), budgets.group_nodes, None);
        for g in groups.iter_mut().filter(|g| g.color == Color::Black) {
            g.status = Status::Critical;
        }
        Context::new(&game, color, budgets, groups, None)
    }

    #[test]
    fn the_one_point_where_two_weak_groups_links_meet() {
        let ctx = context_of(Color::Black);
        let found: Vec<(String, Color, Vec<String>)> = junctions(&ctx)
            .iter()
            .map(|j| {
                let heads = j.groups.iter().map(|g| gtp_vertex(g.stones[0], 13));
                (gtp_vertex(j.point, 13), j.color, heads.collect())
            })
            .collect();
        let expected = (
            "G3".to_string(),
            Color::Black,
            vec!["D3".into(), "J3".into()],
        );
        assert_eq!(found, [expected]);
        assert!(ctx
            .groups
            .iter()
            .all(|g| g.color == Color::White || g.status == Status::Critical));
    }

    #[test]
    fn the_junction_defends_both_groups_for_their_owner_and_attacks_both_for_the_opponent() {
        let candidates = |color| {
            let ctx = context_of(color);
            valued(&Lookahead::new(&ctx), generate(&ctx, false))
        };
        let black = candidates(Color::Black);
        let white = candidates(Color::White);
        let reasons = |cands: &[crate::engine::classic::generators::Candidate], kind| {
            let at = cands.iter().find(|c| gtp_vertex(c.point, 13) == "G3");
            let mut v: Vec<(String, f32)> = at
                .map(|c| {
                    c.reasons
                        .iter()
                        .filter(|r| r.kind == kind)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
                .into_iter()
                .map(|r| (gtp_vertex(r.target.unwrap(), 13), r.moku))
                .collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        // Each group is critical: its danger is half its two stones'
        // stake (2 moku a stone), 2 moku; defending it is worth the
        // defence share of that, 0.4 x 2.
        let defend = reasons(&black, ReasonKind::Defend);
        assert_eq!(defend.len(), 2, "{defend:?}");
        assert_eq!((defend[0].0.as_str(), defend[1].0.as_str()), ("D3", "J3"));
        assert!(
            defend.iter().all(|(_, m)| (m - 0.8).abs() < 1e-4),
            "{defend:?}"
        );
        let attack = reasons(&white, ReasonKind::Attack);
        assert_eq!(attack.len(), 2, "{attack:?}");
        // A jump from one group only is no junction.
        assert!(reason_at(&black, "D1", ReasonKind::Defend).is_none());
    }
}
