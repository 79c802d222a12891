//! The endgame's thermography commands: `moku_regions` (a text board of
//! region ids) and `moku_thermograph` (one line per region).

use super::gogui::label_board;
use super::protocol::{Args, Reply};
use super::session::{board_reply, Command, GtpSession};
use crate::eval::{analysis, thermo};
use crate::reading::Budget;
use crate::rules::{gtp_vertex, textboard};

/// The thermography command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_regions", regions).analyze("sboard/Endgame regions/moku_regions"),
    Command::new("moku_thermograph", thermographs)
        .analyze("string/Endgame thermographs/moku_thermograph"),
];

/// The thermography of the session's position, the stones' statuses read
/// by the life-and-death layer with the page's budget per group.
fn thermography(s: &GtpSession) -> thermo::ThermoAnalysis {
    let game = s.game();
    let board = game.board();
    let status = analysis::status_of(&analysis::groups(
        board,
        &Budget::nodes(analysis::GROUP_NODES),
    ));
    thermo::analyze(board, &status)
}

/// `moku_regions [raw]`: every point's region id as a GoGui label, none
/// outside every region (raw: 0 there).
fn regions(s: &mut GtpSession, args: Args<'_>) -> Reply {
    board_reply(
        s,
        &args,
        |s| thermography(s),
        |b, a| {
            label_board(b, |p| {
                let id = a.region_map[p.row_major(a.size)];
                (id != 0).then(|| id.to_string())
            })
        },
        regions_board,
    )
}

fn regions_board(board: &crate::rules::Board, a: &thermo::ThermoAnalysis) -> String {
    textboard::format(board, |p| a.region_map[p.row_major(a.size)])
}

/// `moku_thermograph`: one line per region, `ID MEAN TEMPERATURE KIND`
/// and its points: the mean in points for Black under territory counting
/// and the temperature, each with at most three decimals; the kind
/// `gote`, `sente-black`, `sente-white`, `ko`, `settled` or `approx`.
fn thermographs(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    Ok(thermograph_lines(&thermography(s)))
}

fn thermograph_lines(a: &thermo::ThermoAnalysis) -> String {
    a.regions
        .iter()
        .map(|r| {
            let mut line = format!(
                "{} {} {} {}",
                r.id,
                r.mean.decimal(),
                r.temperature.decimal(),
                r.kind_name()
            );
            for &p in &r.points {
                line.push(' ');
                line.push_str(&gtp_vertex(p, a.size));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::tests::ok;
    use super::super::GtpSession;
    use crate::rules::textboard::pic;

    /// The one-point gote between two living walls (the thermography
    /// tests' position), set up stone by stone: one region of two points,
    /// C4 and D4, mean 1/2 and temperature 1/2.
    #[test]
    fn regions_and_thermographs_of_a_one_point_gote() {
        let mut s = GtpSession::new();
        ok(&mut s, "boardsize 7");
        let rows = [
            ". X X X O . O",
            "X X X X O O O",
            "X X X X O . O",
            "X X . . O O O",
            "X X X X O . O",
            "X X X X O O O",
            ". X X X O . O",
        ];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.split(' ').enumerate() {
                let v = crate::rules::gtp_vertex(crate::rules::Point::from_xy(x, y), 7);
                match c {
                    "X" => ok(&mut s, &format!("play b {v}")),
                    "O" => ok(&mut s, &format!("play w {v}")),
                    _ => String::new(),
                };
            }
        }
        ok(&mut s, "play w pass");
        assert_eq!(
            ok(&mut s, "moku_regions raw"),
            pic("
                0 0 0 0 0 0 0
                0 0 0 0 0 0 0
                0 0 0 0 0 0 0
                0 0 1 1 0 0 0
                0 0 0 0 0 0 0
                0 0 0 0 0 0 0
                0 0 0 0 0 0 0")
        );
        assert_eq!(ok(&mut s, "moku_thermograph"), "1 0.5 0.5 gote C4 D4");
        assert!(s
            .handle_line("moku_thermograph 3")
            .unwrap()
            .starts_with("? syntax error"));
        let analyze = ok(&mut s, "gogui-analyze_commands");
        assert!(analyze.contains("sboard/Endgame regions/moku_regions"));
        assert!(analyze.contains("string/Endgame thermographs/moku_thermograph"));
    }

    /// An empty board: no stones bound anything, so the whole board is one
    /// open region, too big for thermography (approximate); a rejected
    /// command changes nothing.
    #[test]
    fn an_empty_board_is_one_open_region() {
        let mut s = GtpSession::new();
        ok(&mut s, "boardsize 5");
        let t = ok(&mut s, "moku_thermograph");
        assert_eq!(t.lines().count(), 1, "{t}");
        assert!(t.starts_with("1 0 "), "{t}");
        assert!(t.split(' ').nth(3) == Some("approx"), "{t}");
        assert_eq!(t.split(' ').count(), 4 + 25);
        let before = ok(&mut s, "showboard");
        assert!(s.handle_line("moku_regions x").unwrap().starts_with('?'));
        assert_eq!(ok(&mut s, "showboard"), before);
    }
}
