//! The analysis commands: every evaluator layer as a text board (one line
//! per row, top row first, Black positive) or a vertex list, so layers can
//! be tested and compared from the command line and drawn by GoGui.

use super::gogui::{label_board, scaled_board, signed_label, stone_label};
use super::protocol::{one_decimal, Args, Reply};
use super::session::{board_reply, Command, GtpSession};
use crate::eval::{analysis, moyo, HandtalkAnalysis};
use crate::rules::{gtp_vertex, textboard, Board};

/// The analysis command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_influence", influence).analyze("dboard/Influence dots/moku_influence"),
    Command::new("moku_blocks", blocks).analyze("sboard/Blocks/moku_blocks"),
    Command::new("moku_danger", danger).analyze("dboard/Block danger/moku_danger"),
    Command::new("moku_potential", potential).analyze("dboard/Potential values/moku_potential"),
    Command::new("moku_moyo", moyo_basins).analyze("sboard/Moyo basins/moku_moyo"),
    Command::new("moku_weak_points", weak_points)
        .analyze("plist/Moyo weak points/moku_weak_points"),
];

/// The session's analysis of its position: life and death read with the
/// page's budget per group, Benson's regions, then every evaluator with
/// the session's moyo settings (cached by the session, as the page's
/// worker caches it).
fn session_analysis(s: &mut GtpSession) -> analysis::Analysis {
    analysis::analyze_game(&mut s.analyzer, &s.game, &s.moyo_params)
}

/// A board command (no argument, or `raw`) that answers the session's
/// analysis as a text board: GoGui's form by `gogui`, the raw values by
/// `raw`.
fn analysis_board(
    s: &mut GtpSession,
    args: Args<'_>,
    gogui: impl FnOnce(&Board, &analysis::Analysis) -> String,
    raw: impl FnOnce(&Board, &analysis::Analysis) -> String,
) -> Reply {
    board_reply(s, &args, session_analysis, gogui, raw)
}

/// The most dots a point holds: a stone's, full control in Handtalk's
/// scale of -6..6.
const INFLUENCE_DOTS_MAX: f32 = 6.0;

/// `moku_potential [raw]`: the potential of every point, scaled by the
/// board's largest for GoGui.
fn potential(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(
        s,
        args,
        |b, a| scaled_board(b, |p| a.moyo.potential_at(p) as f32, None),
        |b, a| potential_board(b, &a.moyo),
    )
}

/// `moku_moyo [raw]`: the basin of every point: `B2` Black's basin 2,
/// `W1` White's 1 (raw: +n Black's basin n, -n White's, 0 outer points
/// and stones).
fn moyo_basins(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(
        s,
        args,
        |b, a| label_board(b, |p| signed_label(a.moyo.basin_at(p))),
        |b, a| textboard::format(b, |p| a.moyo.basin_at(p)),
    )
}

/// `moku_weak_points`: the weak points as GTP vertices, separated by
/// spaces.
fn weak_points(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let size = s.game().size();
    let v: Vec<String> = session_analysis(s)
        .moyo
        .weak_points
        .iter()
        .map(|&p| gtp_vertex(p, size))
        .collect();
    Ok(v.join(" "))
}

/// `moku_influence [raw]`: the dots of every point, over
/// [`INFLUENCE_DOTS_MAX`] for GoGui.
fn influence(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(
        s,
        args,
        |b, a| {
            scaled_board(
                b,
                |p| f32::from(a.handtalk.dots(p)),
                Some(INFLUENCE_DOTS_MAX),
            )
        },
        |b, a| influence_board(b, &a.handtalk),
    )
}

/// `moku_blocks [raw]`: the block of every point, labelled by its
/// colour and id (`B3`; raw: the id, 0 for none).
fn blocks(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(
        s,
        args,
        |b, a| label_board(b, |p| stone_label(b, p, u32::from(a.handtalk.block_id(p)))),
        |b, a| blocks_board(b, &a.handtalk),
    )
}

/// `moku_danger [raw]`: every point's block danger, Black's blocks
/// positive, scaled by the board's largest for GoGui (raw: in moku with
/// one decimal, 0.0 outside blocks).
fn danger(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(
        s,
        args,
        |b, a| scaled_board(b, |p| a.handtalk.danger_at(p), None),
        |b, a| danger_board(b, &a.handtalk),
    )
}

fn potential_board(board: &Board, a: &moyo::MoyoAnalysis) -> String {
    textboard::format(board, |p| a.potential_at(p))
}

fn influence_board(board: &Board, a: &HandtalkAnalysis) -> String {
    textboard::format(board, |p| a.dots(p))
}

fn blocks_board(board: &Board, a: &HandtalkAnalysis) -> String {
    textboard::format(board, |p| a.block_id(p))
}

fn danger_board(board: &Board, a: &HandtalkAnalysis) -> String {
    textboard::format(board, |p| one_decimal(a.danger_at(p)))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ok, ok_all};
    use super::super::GtpSession;
    use super::*;
    use crate::eval::handtalk::tests::LONE;
    use crate::eval::{handtalk, MoyoParams};
    use crate::rules::textboard::pic;
    use crate::rules::StatusMap;

    #[test]
    fn the_three_handtalk_text_boards() {
        // The lone stone on 5x5: the block is the 3x3 square (the 5s); its
        // freedom (adjacent scheme) is the 16 points of the ring around
        // it, all on the board; alive and eyeless, its danger is
        // 2 * 9 * 1/4 * 2^(-16/3) = 0.11 -> "0.1" with one decimal.
        let b = Board::from_ascii(LONE);
        let a = handtalk::analyze(&b, &StatusMap::all_alive());
        assert_eq!(
            influence_board(&b, &a),
            pic("
                0 2 2 2 0
                2 5 5 5 2
                2 5 6 5 2
                2 5 5 5 2
                0 2 2 2 0")
        );
        assert_eq!(
            blocks_board(&b, &a),
            pic("
                0 0 0 0 0
                0 1 1 1 0
                0 1 1 1 0
                0 1 1 1 0
                0 0 0 0 0")
        );
        assert_eq!(
            danger_board(&b, &a),
            pic("
                0.0 0.0 0.0 0.0 0.0
                0.0 0.1 0.1 0.1 0.0
                0.0 0.1 0.1 0.1 0.0
                0.0 0.1 0.1 0.1 0.0
                0.0 0.0 0.0 0.0 0.0")
        );
        // White's block danger is negative on the map (Black positive).
        let w = Board::from_ascii(&LONE.replace('X', "O"));
        let aw = handtalk::analyze(&w, &StatusMap::all_alive());
        assert!(danger_board(&w, &aw).contains("-0.1"));
        assert!(!danger_board(&w, &aw).contains("-0.0"));
    }

    #[test]
    fn one_decimal_never_prints_minus_zero() {
        assert_eq!(one_decimal(-0.0), "0.0");
        assert_eq!(one_decimal(-0.04), "0.0");
        assert_eq!(one_decimal(0.46), "0.5");
        assert_eq!(one_decimal(-12.34), "-12.3");
    }

    #[test]
    fn potential_and_weak_point_text() {
        let mut s = GtpSession::new();
        ok_all(&mut s, &["boardsize 5", "play b A5", "play w E1"]);
        assert_eq!(ok(&mut s, "moku_potential").lines().count(), 5);
        // Both stones alive: E4 from both corners; on A5..E5, 100 54 22 14
        // 5 and the White stone's 5 at E5 cancel there.
        let b = s.game().board().clone();
        let a = moyo::analyze(&b, &StatusMap::all_alive(), &MoyoParams::default());
        let t = potential_board(&b, &a);
        assert!(t.starts_with("100 54 22 14 0\n"), "{t}");
        assert!(t.ends_with("\n0 -14 -22 -54 -100"), "{t}");
        assert_eq!(ok(&mut s, "moku_moyo").lines().count(), 5);
        let weak = ok(&mut s, "moku_weak_points");
        assert!(
            weak.is_empty()
                || weak
                    .split(' ')
                    .all(|v| crate::rules::parse_gtp_vertex(v, 5).is_ok_and(|p| p.is_some()))
        );
    }

    #[test]
    fn analysis_commands_answer_text_boards() {
        let mut s = GtpSession::new();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "play b e5");
        for cmd in [
            "moku_influence",
            "moku_blocks",
            "moku_danger",
            "moku_potential",
            "moku_moyo",
        ] {
            let text = ok(&mut s, cmd);
            let rows: Vec<&str> = text.lines().collect();
            assert_eq!(rows.len(), 9, "{cmd}: {text}");
            assert!(
                rows.iter().all(|r| r.split(' ').count() == 9),
                "{cmd}: {text}"
            );
        }
        // The lone black stone: full control on its point (row 5 from the
        // top is the fifth line), positive potential, one block.
        let dots = ok(&mut s, "moku_influence raw");
        assert_eq!(dots.lines().nth(4).unwrap().split(' ').nth(4), Some("6"));
        let pot = ok(&mut s, "moku_potential raw");
        let centre: i32 = pot
            .lines()
            .nth(4)
            .unwrap()
            .split(' ')
            .nth(4)
            .unwrap()
            .parse()
            .unwrap();
        assert!(centre > 0);
        let blocks = ok(&mut s, "moku_blocks raw");
        assert_eq!(blocks.lines().nth(4).unwrap().split(' ').nth(4), Some("1"));
        assert!(s
            .handle_line("moku_influence extra")
            .unwrap()
            .starts_with("? syntax error"));
    }
}
