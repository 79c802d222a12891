//! Runs GNU Go's regression suites against moku's reading layer.
//!
//! ```text
//! cargo run --release --bin regress -- tests/data/gnugo-regression [reading owl ...]
//! ```
//!
//! Prints, per suite, the passes, the failures with their ids, and the time.

use std::path::{Path, PathBuf};

use moku::gtp::GtpSession;
use moku::regression::{parse_suite, run_suite};
use moku::{parse_gtp_vertex, Board, Color, Point};

/// The suites, in the README's order.
const SUITES: &[&str] = &["reading", "owl", "ld_owl", "connection", "optics", "semeai"];

/// Sends one command line to the GTP session; the reply text without the
/// `= ` prefix, or the error text. `loadsgf` paths are taken relative to
/// the suite directory.
fn exec(gtp: &mut GtpSession, dir: &Path, line: &str) -> Result<String, String> {
    let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
    if words.first().map(String::as_str) == Some("loadsgf") && words.len() > 1 {
        words[1] = dir.join(&words[1]).to_string_lossy().into_owned();
    }
    let reply = gtp.handle_line(&words.join(" ")).unwrap_or_default();
    let reply = reply.trim_end();
    match reply.strip_prefix('=') {
        Some(r) => Ok(r.trim().to_string()),
        None => Err(reply.trim_start_matches('?').trim().to_string()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = PathBuf::from(
        args.first()
            .map(String::as_str)
            .unwrap_or("tests/data/gnugo-regression"),
    );
    let wanted: Vec<&str> = if args.len() > 1 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        SUITES.to_vec()
    };
    let verbose = std::env::var_os("REGRESS_VERBOSE").is_some();
    let mut total_time = std::time::Duration::ZERO;
    for name in wanted {
        let path: PathBuf = Path::new(&dir).join(format!("{name}.tst"));
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                continue;
            }
        };
        let lines = parse_suite(&text);
        let mut gtp = GtpSession::new();
        let show: Vec<String> = std::env::var("REGRESS_SHOW")
            .unwrap_or_default()
            .split(',')
            .map(String::from)
            .collect();
        let nodes_before = moku::reading_commands::tactical_nodes();
        let r = run_suite(name, &lines, |cmd| {
            if std::env::var_os("REGRESS_LOCAL").is_some() {
                if let Some(v) = cmd.split_whitespace().nth(1) {
                    if let Ok(Some(p)) = parse_gtp_vertex(v, gtp.game().size()) {
                        eprintln!("{cmd}:\n{}", local(gtp.game().board(), p));
                    }
                }
            }
            if show.iter().any(|id| {
                !id.is_empty() && cmd.starts_with(&format!("{id} "))
                    || show.iter().any(|c| c == cmd)
            }) {
                eprintln!(
                    "{}to move: {}\n{cmd}",
                    pretty(gtp.game().board()),
                    gtp.game().to_move()
                );
                let mut k = 1;
                while Path::new(&format!("/tmp/rd/case-{}-{k}.txt", cmd.replace(' ', "_"))).exists()
                {
                    k += 1;
                }
                let file = format!("/tmp/rd/case-{}-{k}.txt", cmd.replace(' ', "_"));
                let _ = std::fs::write(
                    file,
                    format!("{}---\n{cmd}\n", gtp.game().board().to_ascii()),
                );
            }
            exec(&mut gtp, &dir, cmd)
        });
        total_time += r.time;
        let nodes = moku::reading_commands::tactical_nodes() - nodes_before;
        let secs = r.time.as_secs_f64();
        let speed = if nodes > 0 {
            format!(
                ", {nodes} tactical nodes, {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            )
        } else {
            String::new()
        };
        println!(
            "{name}: {}/{} passed, {} errors, {secs:.2} s{speed}",
            r.passed.len(),
            r.total(),
            r.errors
        );
        let ids: Vec<String> = r.failed.iter().map(|f| f.0.to_string()).collect();
        println!("  failed: {}", ids.join(" "));
        if verbose {
            for (id, want, got) in &r.failed {
                println!("  {id}: want [{want}] got [{got}]");
            }
        }
    }
    println!("total time {:.2} s", total_time.as_secs_f64());
}

/// The board with GTP coordinates, for debugging.
fn pretty(b: &Board) -> String {
    let n = b.size();
    let letters: String = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
        .chars()
        .take(n)
        .map(|c| format!(" {c}"))
        .collect();
    let mut out = format!("   {letters}\n");
    for (y, row) in b.to_ascii().lines().enumerate() {
        out += &format!("{:2}  {row}\n", n - y);
    }
    out
}

/// The 9x9 area around `p`, for debugging.
fn local(b: &Board, p: Point) -> String {
    let n = b.size() as i32;
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut out = String::new();
    let (px, py) = (p.x() as i32, p.y() as i32);
    out += "    ";
    for x in px - 4..=px + 4 {
        if (0..n).contains(&x) {
            out.push(letters.as_bytes()[x as usize] as char);
            out.push(' ');
        }
    }
    out.push('\n');
    for y in py - 4..=py + 4 {
        if !(0..n).contains(&y) {
            continue;
        }
        out += &format!("{:3} ", n - y);
        for x in px - 4..=px + 4 {
            if !(0..n).contains(&x) {
                continue;
            }
            let q = Point::from_xy(x as usize, y as usize);
            out.push(match b.get(q) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if q == p => '*',
                None => '.',
            });
            out.push(' ');
        }
        out.push('\n');
    }
    out
}
