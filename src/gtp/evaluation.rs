//! The evaluation's commands: the score estimate and its map, the danger
//! units, the moyo areas and their gaps, the paper's completion, the moyo
//! settings of the session, and the consistency self-check.
//!
//! - `moku_score`: the estimate (`B+12.5`), then one line per side with
//!   its terms;
//! - `moku_score_map`: what every point contributes (text board, one
//!   decimal);
//! - `moku_dangers`: one line per danger unit with moku at stake;
//! - `moku_areas`: the area of every point (text board), `moku_gaps`: the
//!   gaps, weakest first;
//! - `moku_completion COLOR VERTEX`: how the inner areas change if COLOR
//!   plays VERTEX (the paper's completion);
//! - `moku_moyo_params [threshold N|off] [concave on|off] [radiation
//!   tables|naive-manhattan|naive-euclid|halving]`: the session's moyo settings
//!   (all analysis commands use them); without arguments, prints them;
//! - `moku_consistency FILE`: replays the record's main line and prints
//!   one line per flagged move (see [`crate::eval::consistency`]).

use super::gogui::{label_board, scaled_board, signed_label};
use super::protocol::{one_decimal, Args, GtpError, Reply};
use super::session::{board_reply, Command, GtpSession};
use crate::eval::analysis::analyze_game;
use crate::eval::consistency::{self, Inconsistency};
use crate::eval::{score, Analysis, Analyzer, MoyoParams, RadiationModel, ScoreEstimate};
use crate::record::{game_from_sgf_bytes, LoadUntil};
use crate::rules::{gtp_vertex, textboard, Color};

/// The evaluation command table.
pub(super) const COMMANDS: &[Command] = &[
    Command::new("moku_score", score_text).analyze("string/Score estimate/moku_score"),
    Command::new("moku_score_map", score_map).analyze("dboard/Score map/moku_score_map"),
    Command::new("moku_dangers", dangers).analyze("string/Danger units/moku_dangers"),
    Command::new("moku_areas", areas).analyze("sboard/Moyo areas/moku_areas"),
    Command::new("moku_gaps", gaps).analyze("plist/Moyo gaps/moku_gaps"),
    Command::new("moku_completion", completion),
    Command::new("moku_moyo_params", moyo_params),
    Command::new("moku_consistency", consistency_check),
    Command::new("moku_param", param).analyze("param/Settings/moku_param"),
];

/// Moved points named per line of `moku_consistency`.
const LISTED_POINTS: usize = 12;

/// The session's analysis of its position (cached by the session).
fn analysis(s: &mut GtpSession) -> Analysis {
    analyze_game(&mut s.analyzer, &s.game, &s.moyo_params)
}

fn estimate(s: &mut GtpSession) -> ScoreEstimate {
    let a = analysis(s);
    let g = s.game();
    score::estimate(g.board(), &a, &score::Counting::of(g))
}

/// `moku_score`: the estimate, then each side's terms.
fn score_text(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let e = estimate(s);
    let area = e.scoring == crate::rules::Scoring::Area;
    let side = |c: Color| {
        let i = c.index();
        let o = c.opponent().index();
        let mut t = format!(
            "{} {}: territory {}, moyo {}, ",
            if c == Color::Black { "black" } else { "white" },
            one_decimal(if c == Color::Black { e.black } else { e.white }),
            one_decimal(e.territory[i]),
            one_decimal(e.moyo[i]),
        );
        if area {
            t += &format!("stones {}, ", e.stones[i]);
        } else {
            t += &format!("prisoners {}, ", e.prisoners[i]);
        }
        t += &format!(
            "dead stones taken {}, danger {}",
            e.dead[o],
            one_decimal(e.danger[i])
        );
        if c == Color::White {
            t += &format!(", komi {}", e.komi);
        }
        t
    };
    Ok(format!(
        "{}\n{}\n{}\nseki points {}, {} counting",
        e.result_text(),
        side(Color::Black),
        side(Color::White),
        e.seki,
        if area { "area" } else { "territory" }
    ))
}

/// `moku_score_map`: what every point contributes, Black positive.
fn score_map(s: &mut GtpSession, args: Args<'_>) -> Reply {
    board_reply(
        s,
        &args,
        estimate,
        |b, e| {
            // A point is worth at most one point to its owner, more only
            // as a dead stone's capture: one point is full strength unless
            // a point is worth more.
            let largest = e.points.iter().fold(1.0f32, |m, v| m.max(v.abs()));
            scaled_board(b, |p| e.points[p.row_major(b.size())], Some(largest))
        },
        |b, e| textboard::format(b, |p| one_decimal(e.points[p.row_major(b.size())])),
    )
}

/// `moku_dangers`: `ANCHOR colour status: value V, at stake D[, vital P]`
/// per unit with something at stake, largest first.
fn dangers(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let a = analysis(s);
    let n = s.game().size();
    let mut units: Vec<_> = a
        .handtalk
        .dangers
        .iter()
        .filter(|d| d.danger > 0.0)
        .collect();
    units.sort_by(|x, y| y.danger.total_cmp(&x.danger).then(x.id.cmp(&y.id)));
    let lines: Vec<String> = units
        .iter()
        .map(|d| {
            let at = crate::rules::Point::from_xy(d.anchor.x as usize, d.anchor.y as usize);
            let mut l = format!(
                "{} {} {}: value {}, at stake {}",
                gtp_vertex(at, n),
                if d.color == Color::Black {
                    "black"
                } else {
                    "white"
                },
                d.status.name(),
                one_decimal(d.value),
                one_decimal(d.danger)
            );
            if let Some(v) = d.vital {
                let p = crate::rules::Point::from_xy(v.x as usize, v.y as usize);
                l += &format!(", vital {}", gtp_vertex(p, n));
            }
            l
        })
        .collect();
    Ok(lines.join("\n"))
}

/// `moku_areas`: the area label of every point.
fn areas(s: &mut GtpSession, args: Args<'_>) -> Reply {
    board_reply(
        s,
        &args,
        analysis,
        |b, a| label_board(b, |p| signed_label(a.moyo.area_at(p))),
        |b, a| textboard::format(b, |p| a.moyo.area_at(p)),
    )
}

/// `moku_gaps`: the gaps of every area, weakest first.
fn gaps(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let a = analysis(s);
    let n = s.game().size();
    let v: Vec<String> = a.moyo.gaps.iter().map(|&p| gtp_vertex(p, n)).collect();
    Ok(v.join(" "))
}

/// `moku_completion COLOR VERTEX`: each side's inner area before and after
/// the move, e.g. `black 45 -> 52 (+7)\nwhite 30 -> 28 (-2)`.
fn completion(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(2)?;
    let color = args.color(0)?;
    let size = s.game().size();
    let p = args
        .vertex(1, size)?
        .ok_or_else(|| GtpError::Other("pass is not a vertex here".into()))?;
    if !s.game().board().on_board(p) {
        return Err(GtpError::IllegalMove);
    }
    let a = analysis(s);
    let status = a.status_map(s.game().board());
    let c = crate::eval::moyo::completion(s.game().board(), &status, &s.moyo_params, p, color)
        .map_err(|_| GtpError::IllegalMove)?;
    let line = |col: Color| {
        let i = col.index();
        format!(
            "{} {} -> {} ({:+})",
            if col == Color::Black {
                "black"
            } else {
                "white"
            },
            c.area_before[i],
            c.area_after[i],
            c.gain(col)
        )
    };
    Ok(format!("{}\n{}", line(Color::Black), line(Color::White)))
}

/// `moku_moyo_params [threshold N|off] [concave on|off] [radiation NAME]`.
fn moyo_params(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let words = args.words();
    if words.len() % 2 != 0 {
        return Err(GtpError::Syntax);
    }
    let mut p = s.moyo_params;
    for pair in words.chunks(2) {
        set_moyo(&mut p, pair[0], pair[1])?;
    }
    s.moyo_params = p;
    Ok(params_text(&p))
}

/// Sets the moyo setting `key` to `value` in `p`.
fn set_moyo(p: &mut MoyoParams, key: &str, value: &str) -> Result<(), GtpError> {
    match (key, value) {
        ("threshold", "off") => p.moyo_threshold = None,
        ("threshold", n) => match n.parse::<i32>() {
            Ok(t) if t > 0 => p.moyo_threshold = Some(t),
            _ => {
                return Err(GtpError::Other(format!(
                    "threshold must be a positive whole number or off, not '{n}'"
                )))
            }
        },
        ("concave", "on" | "1") => p.concave_fix = true,
        ("concave", "off" | "0") => p.concave_fix = false,
        ("radiation", "tables") => p.radiation = RadiationModel::Tables,
        ("radiation", "naive-manhattan") => p.radiation = RadiationModel::NaiveManhattan,
        ("radiation", "naive-euclid") => p.radiation = RadiationModel::NaiveEuclid,
        ("radiation", "halving") => p.radiation = RadiationModel::Halving,
        (key, value) => {
            return Err(GtpError::Other(format!(
                "unknown moyo setting '{key} {value}' (expected threshold N|off, concave on|off, radiation tables|naive-manhattan|naive-euclid|halving)"
            )))
        }
    }
    Ok(())
}

/// `moku_param [KEY VALUE]`: GoGui's parameter command. Without
/// arguments, the settings one a line as `[type] key value` (GoGui's
/// dialog); with a key and a value, sets it: `level` 1-10, `resign` 0 or
/// 1, and the moyo settings of `moku_moyo_params` (`threshold`,
/// `concave` 0 or 1, `radiation`).
fn param(s: &mut GtpSession, args: Args<'_>) -> Reply {
    match args.len() {
        0 => {
            let p = s.moyo_params;
            let radiation = match p.radiation {
                RadiationModel::Tables => "tables",
                RadiationModel::NaiveManhattan => "naive-manhattan",
                RadiationModel::NaiveEuclid => "naive-euclid",
                RadiationModel::Halving => "halving",
            };
            Ok(format!(
                "[list/1/2/3/4/5/6/7/8/9/10] level {}\n[bool] resign {}\n[string] threshold {}\n[bool] concave {}\n[list/tables/naive-manhattan/naive-euclid/halving] radiation {radiation}",
                s.engine.level().get(),
                u8::from(s.resign),
                p.moyo_threshold.map_or("off".to_string(), |t| t.to_string()),
                u8::from(p.concave_fix),
            ))
        }
        2 => {
            let (key, value) = (args.word(0)?, args.word(1)?);
            match key {
                "level" => {
                    let n = args.int(1)?;
                    let level = crate::engine::Level::new(i64::from(n))
                        .map_err(|e| GtpError::Other(e.to_string()))?;
                    s.engine.set_level(level);
                }
                "resign" => match value {
                    "1" | "on" => s.set_resign(true),
                    "0" | "off" => s.set_resign(false),
                    _ => return Err(GtpError::Syntax),
                },
                _ => {
                    let mut p = s.moyo_params;
                    set_moyo(&mut p, key, value)?;
                    s.moyo_params = p;
                }
            }
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

fn params_text(p: &MoyoParams) -> String {
    format!(
        "threshold {} concave {} radiation {}",
        p.moyo_threshold
            .map_or("off".to_string(), |t| t.to_string()),
        if p.concave_fix { "on" } else { "off" },
        match p.radiation {
            RadiationModel::Tables => "tables",
            RadiationModel::NaiveManhattan => "naive-manhattan",
            RadiationModel::NaiveEuclid => "naive-euclid",
            RadiationModel::Halving => "halving",
        }
    )
}

/// `moku_consistency FILE`: one line per flagged move of the record's
/// main line, then one line per position whose estimate differs from the
/// estimate after its clearly biggest move by more than the notes' 0.6
/// point (nothing when neither check reports). The session's game is
/// left as it was.
fn consistency_check(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let (path, rest) = args.path(0)?;
    rest.expect(0)?;
    let cannot = || GtpError::Other(format!("cannot open or parse '{path}'"));
    let bytes = std::fs::read(&path).map_err(|_| cannot())?;
    let game = game_from_sgf_bytes(&bytes, LoadUntil::End).map_err(|_| cannot())?;
    // The evaluation the other commands show: the reading, with the
    // playouts' second opinion.
    let mut analyzer = Analyzer::with_ownership(crate::engine::ownership::ownership);
    let report =
        consistency::check_game(&game, &mut analyzer, &s.moyo_params, consistency::THRESHOLD);
    let biggest = consistency::check_biggest_game(
        &game,
        &mut analyzer,
        &s.moyo_params,
        consistency::NOTES_THRESHOLD,
    );
    let size = game.size();
    Ok(report
        .flagged
        .iter()
        .map(|f: &Inconsistency| f.line(size, LISTED_POINTS))
        .chain(biggest.iter().map(|d| d.line(size)))
        .collect::<Vec<_>>()
        .join("\n"))
}

#[cfg(test)]
mod tests {
    use super::super::tests::ok;
    use super::super::GtpSession;

    fn err(s: &mut GtpSession, line: &str) -> String {
        let r = s.handle_line(line).expect("a response");
        assert!(r.starts_with("? "), "{line}: {r}");
        r[2..].trim_end().to_string()
    }

    /// Plays `stones` (colour, vertex) on a fresh board of `size`.
    fn session(size: usize, komi: &str, stones: &[(&str, &str)]) -> GtpSession {
        let mut s = GtpSession::new();
        ok(&mut s, &format!("boardsize {size}"));
        ok(&mut s, &format!("komi {komi}"));
        for (c, v) in stones {
            ok(&mut s, &format!("play {c} {v}"));
        }
        s
    }

    /// Two walls split 7x7: Black's on column C, White's on column E.
    fn walls() -> GtpSession {
        let mut stones = Vec::new();
        for row in 1..=7 {
            stones.push(("b", format!("C{row}")));
            stones.push(("w", format!("E{row}")));
        }
        let stones: Vec<(&str, &str)> = stones.iter().map(|(c, v)| (*c, v.as_str())).collect();
        session(7, "0.5", &stones)
    }

    #[test]
    fn the_score_of_two_walls() {
        // 14 points behind each wall (the walls live: each encloses a
        // big region), Japanese counting, komi 0.5: W+0.5.
        let mut s = walls();
        let text = ok(&mut s, "moku_score");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "W+0.5", "{text}");
        assert!(
            lines[1].starts_with("black 14.0: territory 14.0, moyo 0.0, prisoners 0"),
            "{text}"
        );
        assert!(lines[2].ends_with("komi 0.5"), "{text}");
        assert_eq!(lines[3], "seki points 0, territory counting");
        let map = ok(&mut s, "moku_score_map raw");
        assert_eq!(map.lines().next(), Some("1.0 1.0 0.0 0.0 0.0 -1.0 -1.0"));
    }

    #[test]
    fn dangers_name_the_dead_stone() {
        let mut s = session(
            9,
            "0",
            &[
                ("b", "D9"),
                ("b", "D8"),
                ("b", "D7"),
                ("b", "D6"),
                ("b", "C6"),
                ("b", "B6"),
                ("b", "A6"),
                ("w", "B8"),
                ("w", "F4"),
                ("w", "G4"),
                ("w", "H4"),
                ("w", "J4"),
                ("w", "F3"),
                ("w", "F2"),
                ("w", "F1"),
            ],
        );
        let text = ok(&mut s, "moku_dangers");
        assert!(
            text.lines()
                .any(|l| l == "B8 white dead: value 2.0, at stake 2.0"),
            "{text}"
        );
        assert!(
            !text.contains("black"),
            "Black's corner lives with a big eye: {text}"
        );
    }

    #[test]
    fn moyo_settings_areas_gaps_and_completion() {
        // The corner of a wall with one gap, C6 (as in the moyo tests).
        let mut stones = Vec::new();
        for v in ["F9", "F8", "F7", "F6", "E6", "D6", "B6", "A6"] {
            stones.push(("b", v));
        }
        stones.push(("w", "G3"));
        let mut s = session(9, "0", &stones);
        assert_eq!(
            ok(&mut s, "moku_moyo_params"),
            "threshold 12 concave off radiation tables"
        );
        assert_eq!(
            ok(&mut s, "moku_moyo_params threshold off"),
            "threshold off concave off radiation tables"
        );
        let areas = ok(&mut s, "moku_areas raw");
        assert_eq!(areas.lines().next(), Some("1 1 1 1 1 0 0 0 0"), "{areas}");
        assert!(ok(&mut s, "moku_gaps").split(' ').any(|v| v == "C6"));
        let c = ok(&mut s, "moku_completion b C6");
        assert!(c.starts_with("black 15 -> "), "{c}");
        assert_eq!(err(&mut s, "moku_completion b D6"), "illegal move");
        assert_eq!(err(&mut s, "moku_completion b"), "syntax error");
        // Bad settings are refused and change nothing.
        assert!(err(&mut s, "moku_moyo_params threshold -3").contains("positive whole number"));
        assert!(err(&mut s, "moku_moyo_params concave maybe").contains("unknown moyo setting"));
        assert_eq!(err(&mut s, "moku_moyo_params threshold"), "syntax error");
        assert_eq!(
            ok(&mut s, "moku_moyo_params concave on radiation naive-euclid"),
            "threshold off concave on radiation naive-euclid"
        );
    }

    #[test]
    fn consistency_reads_a_record() {
        let dir = std::env::temp_dir().join(format!("moku-consistency-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("quiet.sgf");
        std::fs::write(&file, "(;SZ[9]KM[6.5];B[ee];W[cc];B[gg];W[cg])").unwrap();
        let mut s = GtpSession::new();
        let before = ok(&mut s, "showboard");
        // Four quiet moves: no jump flagged (no `move` line), and the
        // session's game is left alone. The biggest-move check reports
        // the positions before Black's moves (1 and 3), where the
        // thermography of an open board finds one clearly biggest move
        // in a corner region, in its `position` lines.
        let answer = ok(&mut s, &format!("moku_consistency {}", file.display()));
        assert!(answer.lines().all(|l| !l.starts_with("move ")), "{answer}");
        assert!(
            answer.lines().all(|l| l.starts_with("position ")
                && l.contains(" biggest ")
                && l.contains("; territory ")),
            "{answer}"
        );
        assert_eq!(ok(&mut s, "showboard"), before);
        let missing = dir.join("missing.sgf");
        assert_eq!(
            err(&mut s, &format!("moku_consistency {}", missing.display())),
            format!("cannot open or parse '{}'", missing.display())
        );
        assert_eq!(err(&mut s, "moku_consistency"), "syntax error");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
