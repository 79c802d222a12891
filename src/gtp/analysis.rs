//! The analysis commands: every evaluator layer as a text board (one line
//! per row, top row first, Black positive) or a vertex list, so layers can
//! be tested and compared from the command line and drawn by GoGui.

use super::protocol::{one_decimal, Args, Reply};
use super::session::{Command, GtpSession};
use crate::eval::{analysis, moyo, HandtalkAnalysis};
use crate::rules::{gtp_vertex, textboard, Board};

/// The analysis command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_influence", influence).analyze("dboard/Influence dots/moku_influence"),
    Command::new("moku_blocks", blocks).analyze("dboard/Blocks/moku_blocks"),
    Command::new("moku_danger", danger).analyze("dboard/Block danger/moku_danger"),
    Command::new("moku_potential", potential).analyze("dboard/Potential values/moku_potential"),
    Command::new("moku_moyo", moyo_basins).analyze("dboard/Moyo basins/moku_moyo"),
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

/// A command without arguments that answers the session's analysis as a
/// text board, written by `text`.
fn analysis_board(
    s: &mut GtpSession,
    args: Args<'_>,
    text: impl FnOnce(&Board, &analysis::Analysis) -> String,
) -> Reply {
    args.expect(0)?;
    let a = session_analysis(s);
    Ok(text(s.game().board(), &a))
}

/// `moku_potential`: the potential of every point.
fn potential(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(s, args, |b, a| potential_board(b, &a.moyo))
}

/// `moku_moyo`: the basin label of every point (+n Black's basin n, -n
/// White's, 0 outer points and stones).
fn moyo_basins(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(s, args, |b, a| textboard::format(b, |p| a.moyo.basin_at(p)))
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

/// `moku_influence`: the dots of every point.
fn influence(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(s, args, |b, a| influence_board(b, &a.handtalk))
}

/// `moku_blocks`: the block id of every point, 0 for none.
fn blocks(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(s, args, |b, a| blocks_board(b, &a.handtalk))
}

/// `moku_danger`: every point's block danger in moku with one decimal,
/// Black's blocks positive, 0.0 outside blocks.
fn danger(s: &mut GtpSession, args: Args<'_>) -> Reply {
    analysis_board(s, args, |b, a| danger_board(b, &a.handtalk))
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
    use super::super::tests::ok;
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
        for line in ["boardsize 5", "play b A5", "play w E1"] {
            ok(&mut s, line);
        }
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
        let dots = ok(&mut s, "moku_influence");
        assert_eq!(dots.lines().nth(4).unwrap().split(' ').nth(4), Some("6"));
        let pot = ok(&mut s, "moku_potential");
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
        let blocks = ok(&mut s, "moku_blocks");
        assert_eq!(blocks.lines().nth(4).unwrap().split(' ').nth(4), Some("1"));
        assert!(s
            .handle_line("moku_influence extra")
            .unwrap()
            .starts_with("? syntax error"));
    }
}
