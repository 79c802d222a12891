//! The engine's commands: `genmove`, `reg_genmove` (choose without
//! playing), GNU Go's `restricted_genmove` (choose among listed points,
//! without playing), `kgs-genmove_cleanup` (remove the dead stones the opponent
//! disputes before passing), and moku's own: `moku_level [N]`,
//! `moku_resign on|off`, `moku_seed N`, and for GoGui the last
//! decision's `moku_reasons` and `moku_candidates` and `moku_why VERTEX`
//! ("why not here?").
//!
//! Time: `time_settings` and `time_left` give the budget of each move
//! ([`crate::engine::TimeControl`]); without them the level's default.

use super::protocol::{Args, GtpError, Reply};
use super::search::{ms_since, now_ms};
use super::session::{answer, move_options, play_and_keep, spend_time, Command, GtpSession};
use crate::engine::{Decision, Level, WhyNot};
use crate::rules::{gtp_vertex, Color, Move};

/// The engine command table.
pub(super) const COMMANDS: &[Command] = &[
    // `genmove COLOR`: choose a move for COLOR and play it.
    Command::new("genmove", |s, args| play_decision(s, args, false)),
    Command::new("reg_genmove", reg_genmove),
    Command::new("restricted_genmove", restricted_genmove),
    // `kgs-genmove_cleanup COLOR`: as `genmove`, but first capture every
    // opponent stone the engine thinks dead.
    Command::new("kgs-genmove_cleanup", |s, args| {
        play_decision(s, args, true)
    }),
    Command::new("moku_level", level),
    Command::new("moku_resign", resign),
    Command::new("moku_seed", seed),
    Command::new("moku_reasons", reasons).analyze("string/Reasons of the last move/moku_reasons"),
    Command::new("moku_candidates", candidates)
        .analyze("pspairs/Candidates of the last move/moku_candidates"),
    Command::new("moku_why", why).analyze("string/Why not here?/moku_why %p"),
    Command::new("moku_gfx", gfx).analyze("gfx/Last move, candidates and moyo gaps/moku_gfx"),
    Command::new("moku_ownership", ownership)
        .analyze("dboard/Ownership of the last move's search/moku_ownership"),
];

/// Decides a move for the colour of argument 0.
fn decide(
    s: &mut GtpSession,
    args: &Args<'_>,
    cleanup: bool,
) -> Result<(Color, Decision), GtpError> {
    args.expect(1)?;
    let color = args.color(0)?;
    let opts = move_options(s, color, cleanup);
    let game = s.game().clone();
    let d = s.engine.genmove_for(&game, color, &opts);
    Ok((color, d))
}

/// Plays the decision: it is legal by construction; should the rules
/// refuse it all the same, the engine passes rather than fail.
fn play_decision(s: &mut GtpSession, args: Args<'_>, cleanup: bool) -> Reply {
    let start = now_ms();
    let (color, d) = decide(s, &args, cleanup)?;
    spend_time(s, color, ms_since(start));
    play_and_keep(s, color, d)
}

/// `reg_genmove COLOR`: the move `genmove` would choose, not played.
fn reg_genmove(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let (_, d) = decide(s, &args, false)?;
    let text = answer(s, d.mv);
    s.last_decision = Some(d);
    Ok(text)
}

/// `restricted_genmove COLOR VERTEX...`: the move `genmove` would choose
/// if it could play only on the listed points, not played (GNU Go's
/// extension): the decision's move when it is listed, else the best
/// listed legal point among its candidates (the search's, then the
/// classic ones), else a pass. A listed pass is no point to play.
fn restricted_genmove(s: &mut GtpSession, args: Args<'_>) -> Reply {
    let color = args.color(0)?;
    let size = s.game().size();
    let mut allowed = Vec::new();
    for i in 1..args.len() {
        if let Some(p) = args.vertex(i, size)? {
            allowed.push(p);
        }
    }
    if args.len() < 2 {
        return Err(GtpError::Other("no allowed vertex".to_string()));
    }
    let opts = move_options(s, color, false);
    let game = s.game().clone();
    let d = s.engine.genmove_for(&game, color, &opts);
    let searched = d
        .search
        .iter()
        .flat_map(|r| r.candidates.iter().map(|c| c.mv));
    let classic = d.candidates.iter().map(|c| Move::Play(c.point));
    let mv = std::iter::once(d.mv)
        .chain(searched)
        .chain(classic)
        .find(|m| match *m {
            Move::Play(p) => allowed.contains(&p) && game.check(color, p).is_ok(),
            _ => false,
        })
        .unwrap_or(Move::Pass);
    Ok(answer(s, mv))
}

/// `moku_level [N]`: the playing level 1-10, set or shown.
fn level(s: &mut GtpSession, args: Args<'_>) -> Reply {
    match args.len() {
        0 => Ok(s.engine.level().get().to_string()),
        1 => {
            let n = args.int(0)?;
            let l = Level::new(i64::from(n)).map_err(|e| GtpError::Other(e.to_string()))?;
            s.engine.set_level(l);
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

/// `moku_resign on|off`: whether the engine may resign a hopeless game.
fn resign(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let on = match args.word(0)? {
        "on" => true,
        "off" => false,
        _ => return Err(GtpError::Syntax),
    };
    s.set_resign(on);
    Ok(String::new())
}

/// `moku_seed N`: the seed of the engine's opening variety.
fn seed(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    s.engine.set_seed(u64::from(args.int(0)?));
    Ok(String::new())
}

/// `moku_reasons`: the reasons of the last generated move, one a line.
fn reasons(s: &mut GtpSession, args: Args<'_>) -> Reply {
    last_decision_text(s, args, |d, size| {
        d.reasons
            .iter()
            .map(|r| r.text(size))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// `moku_candidates`: the last decision's candidates as GoGui
/// point-string pairs, best first: at the tree levels each searched move
/// with its score lead for the mover (`D4 3.1 E5 2.0`), at the classic
/// levels each candidate with its classic value in points.
fn candidates(s: &mut GtpSession, args: Args<'_>) -> Reply {
    last_decision_text(s, args, |d, size| match &d.search {
        Some(search) => search
            .candidates
            .iter()
            .filter_map(|c| match c.mv {
                Move::Play(p) if c.samples > 0 => {
                    Some(format!("{} {:.1}", gtp_vertex(p, size), c.lead))
                }
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" "),
        None => d
            .candidates
            .iter()
            .map(|c| format!("{} {:.1}", gtp_vertex(c.point, size), c.moku))
            .collect::<Vec<_>>()
            .join(" "),
    })
}

/// `moku_ownership`: who owns each point at the end of the last tree
/// search's playouts (the mean over them, +1 Black, -1 White), as a text
/// board, top row first, two decimals: GoGui draws it as a `dboard`,
/// whose values lie in -1..1. An error after a classic level's move.
fn ownership(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let size = s.game().size();
    let d = s
        .last_decision
        .as_ref()
        .ok_or_else(|| GtpError::Other("no move generated yet".into()))?;
    let search = d.search.as_ref().ok_or_else(|| {
        GtpError::Other(
            "the last move had no tree search: ownership comes from levels 6 to 10".into(),
        )
    })?;
    if search.ownership.len() != size * size {
        return Err(GtpError::Other(
            "the last move's search is for another board".into(),
        ));
    }
    Ok(search
        .ownership
        .chunks(size)
        .map(|row| {
            row.iter()
                .map(|o| format!("{:.2}", (o * 100.0).round() / 100.0 + 0.0))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Candidates `moku_gfx` labels.
const GFX_CANDIDATES: usize = 9;

/// `moku_gfx`: GoGui's graphics of the last engine move and the moyo: the
/// move marked (`MARK`), its candidates labelled by rank (`LABEL`, the
/// move's own rank included: 1 for the best), the gaps of the moyo's
/// areas in the current position squared (`SQUARE`), and a line of text.
fn gfx(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(0)?;
    let size = s.game().size();
    let mut lines = Vec::new();
    let mut text = "no move generated yet".to_string();
    if let Some(d) = &s.last_decision {
        let points: Vec<_> = match &d.search {
            Some(search) => search
                .candidates
                .iter()
                .filter_map(|c| match c.mv {
                    Move::Play(p) => Some(p),
                    _ => None,
                })
                .collect(),
            None => d.candidates.iter().map(|c| c.point).collect(),
        };
        let labels: Vec<String> = points
            .iter()
            .take(GFX_CANDIDATES)
            .enumerate()
            .map(|(i, &p)| format!("{} {}", gtp_vertex(p, size), i + 1))
            .collect();
        if !labels.is_empty() {
            lines.push(format!("LABEL {}", labels.join(" ")));
        }
        if let Move::Play(p) = d.mv {
            lines.push(format!("MARK {}", gtp_vertex(p, size)));
        }
        text = format!(
            "moku's last move {}, estimate {:+.1} for Black",
            answer(s, d.mv),
            d.score_estimate
        );
    }
    let analysis = crate::eval::analysis::analyze_game(&mut s.analyzer, &s.game, &s.moyo_params);
    let gaps: Vec<String> = analysis
        .moyo
        .gaps
        .iter()
        .map(|&p| gtp_vertex(p, size))
        .collect();
    if !gaps.is_empty() {
        lines.push(format!("SQUARE {}", gaps.join(" ")));
    }
    lines.push(format!("TEXT {text}"));
    Ok(lines.join("\n"))
}

/// A command without arguments that shows the last generated decision as
/// `text` writes it (given the board size); an error before the first.
fn last_decision_text(
    s: &GtpSession,
    args: Args<'_>,
    text: impl FnOnce(&Decision, usize) -> String,
) -> Reply {
    args.expect(0)?;
    let d = s
        .last_decision
        .as_ref()
        .ok_or_else(|| GtpError::Other("no move generated yet".into()))?;
    Ok(text(d, s.game().size()))
}

/// `moku_why VERTEX`: why the engine would not play there, for the side
/// to move.
fn why(s: &mut GtpSession, args: Args<'_>) -> Reply {
    args.expect(1)?;
    let size = s.game().size();
    let p = args
        .vertex(0, size)?
        .ok_or_else(|| GtpError::Other("pass is not a vertex here".into()))?;
    let game = s.game().clone();
    let color = game.to_move();
    Ok(match s.engine.why_not(&game, color, p) {
        WhyNot::Illegal { why } => format!("illegal: {why}"),
        WhyNot::OwnEye => "it would fill an own eye".to_string(),
        WhyNot::Considered {
            rank,
            moku,
            reasons,
            best_moku,
            search,
            ..
        } => {
            let mut out = if rank == 0 {
                format!("the engine's choice, {moku:+.1} moku")
            } else {
                format!("candidate {rank}: {moku:+.1} moku (the choice: {best_moku:+.1})")
            };
            if let Some(t) = search {
                out.push_str(&format!(
                    "; tree search: {} playouts, win rate {:.0}%",
                    t.visits,
                    t.winrate * 100.0
                ));
                if rank > 0 {
                    out.push_str(&format!(" (the choice: {} playouts)", t.best_visits));
                }
            }
            for r in reasons {
                out.push('\n');
                out.push_str(&r.text(size));
            }
            out
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock that moves a millisecond each time it is read, so that a
    /// budget runs out after a known number of reads on any machine.
    struct Ticking(std::cell::Cell<f64>);

    impl crate::engine::Timer for Ticking {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + 1.0);
            self.0.get()
        }
    }

    /// A session at level 5 with four corner stones on 19x19.
    fn opening(cap_ms: Option<u64>) -> GtpSession {
        let mut gtp = GtpSession::new();
        gtp.engine = std::mem::take(&mut gtp.engine)
            .with_timer(Box::new(Ticking(std::cell::Cell::new(0.0))));
        if let Some(ms) = cap_ms {
            gtp = gtp.with_move_time_cap(ms);
        }
        gtp.set_level(Level::new(5).unwrap());
        for line in [
            "boardsize 19",
            "play b Q16",
            "play w D4",
            "play b Q4",
            "play w D16",
        ] {
            assert!(gtp.handle_line(line).unwrap().starts_with('='), "{line}");
        }
        gtp
    }

    /// A cap far below what the level's reading needs stops the reading,
    /// not the move: the answer is still a legal stone, after far fewer
    /// positions read than the same move without the cap.
    #[test]
    fn a_cap_of_a_few_milliseconds_stops_the_reading_not_the_move() {
        let mut free = opening(None);
        let (_, uncapped) = decide(&mut free, &Args::new(&["b"]), false).unwrap();
        let mut capped = opening(Some(5));
        let (color, d) = decide(&mut capped, &Args::new(&["b"]), false).unwrap();
        assert_eq!(color, Color::Black);
        let Move::Play(p) = d.mv else {
            panic!("a capped genmove gave {:?}", d.mv)
        };
        assert!(capped.game().check(Color::Black, p).is_ok());
        assert!(
            d.nodes + d.tactic_nodes < (uncapped.nodes + uncapped.tactic_nodes) / 2,
            "capped {} + {}, free {} + {}",
            d.nodes,
            d.tactic_nodes,
            uncapped.nodes,
            uncapped.tactic_nodes
        );
        let answer = capped.handle_line("genmove b").unwrap();
        assert!(
            answer.starts_with("= ") && !answer.contains("pass"),
            "{answer:?}"
        );
        assert_eq!(capped.game().move_number(), 5);
    }
}
