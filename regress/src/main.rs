//! Runs GNU Go's regression suites against moku's reading layer.
//!
//! ```text
//! cargo run --release -p moku-regress -- tests/data/gnugo-regression [reading owl ...]
//! ```
//!
//! Prints, per suite, the passes, the failures with their ids, the time,
//! and for `reading` the tactical nodes and nodes per second.
//!
//! Debugging aids (environment variables):
//! - `REGRESS_VERBOSE=1`: each failure with the expected pattern and our reply;
//! - `REGRESS_LOCAL=1`: the 9x9 area around the first vertex of every command;
//! - `REGRESS_SHOW="attack C3,defend D4"`: the whole board before those
//!   commands, also written to `/tmp/rd/case-COMMAND-N.txt` (if that
//!   directory exists) as an ASCII board for experiments.

use std::path::{Path, PathBuf};

use moku::gtp::GtpSession;
use moku::rules::{gtp_column, parse_gtp_vertex};
use moku::{Board, Color, Point};
use moku_regress::{exec, run_file};

/// The suites, in the README's order.
const SUITES: &[&str] = &["reading", "owl", "ld_owl", "connection", "optics", "semeai"];

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
        let show: Vec<String> = std::env::var("REGRESS_SHOW")
            .unwrap_or_default()
            .split(',')
            .map(String::from)
            .collect();
        let local_view = std::env::var_os("REGRESS_LOCAL").is_some();
        let mut gtp = GtpSession::new();
        let r = match run_file(&mut gtp, &dir, name, |gtp, cmd| {
            debug_views(gtp, cmd, local_view, &show)
        }) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{}: {e}", dir.join(format!("{name}.tst")).display());
                continue;
            }
        };
        total_time += r.time;
        let nodes: u64 = exec(&mut gtp, &dir, "get_reading_node_counter")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
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

/// The debugging views of `REGRESS_LOCAL` and `REGRESS_SHOW` before `cmd`.
fn debug_views(gtp: &GtpSession, cmd: &str, local_view: bool, show: &[String]) {
    if local_view {
        if let Some(v) = cmd.split_whitespace().nth(1) {
            if let Ok(Some(p)) = parse_gtp_vertex(v, gtp.game().size()) {
                eprintln!("{cmd}:\n{}", local(gtp.game().board(), p));
            }
        }
    }
    if show
        .iter()
        .any(|id| !id.is_empty() && cmd.starts_with(&format!("{id} ")) || id == cmd)
    {
        eprintln!(
            "{}to move: {}\n{cmd}",
            pretty(gtp.game().board()),
            gtp.game().to_move()
        );
        let mut k = 1;
        while Path::new(&format!("/tmp/rd/case-{}-{k}.txt", cmd.replace(' ', "_"))).exists() {
            k += 1;
        }
        let file = format!("/tmp/rd/case-{}-{k}.txt", cmd.replace(' ', "_"));
        let _ = std::fs::write(
            file,
            format!("{}---\n{cmd}\n", gtp.game().board().to_ascii()),
        );
    }
}

/// The board with GTP coordinates, for debugging.
fn pretty(b: &Board) -> String {
    let n = b.size();
    let letters: String = (0..n).map(|x| format!(" {}", gtp_column(x))).collect();
    let mut out = format!("   {letters}\n");
    for (y, row) in b.to_ascii().lines().enumerate() {
        out += &format!("{:2}  {row}\n", n - y);
    }
    out
}

/// The 9x9 area around `p`, for debugging.
fn local(b: &Board, p: Point) -> String {
    let n = b.size() as i32;
    let mut out = String::new();
    let (px, py) = (p.x() as i32, p.y() as i32);
    out += "    ";
    for x in px - 4..=px + 4 {
        if (0..n).contains(&x) {
            out.push(gtp_column(x as usize));
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
