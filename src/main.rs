//! The `moku` program. `moku gtp` speaks GTP v2 on stdin and stdout.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use moku::engine::Level;
use moku::gtp::{AnalysisEngine, GtpSession, SearchOptions};

const USAGE: &str = "\
moku - a classic, explainable Go engine

Usage:
  moku gtp [OPTIONS]
                  Play Go over GTP, the Go Text Protocol: read commands on
                  standard input, one per line, and answer on standard
                  output. Connect it to a GTP controller (GoGui, Sabaki,
                  gogui-twogtp, a Go server client) or type commands
                  yourself, e.g. 'boardsize 9', 'play black E5',
                  'showboard', 'list_commands', 'genmove black', 'quit'.
  moku review FILE.sgf [--level N] [--json] [-o OUT.sgf]
                  Review a game: every move of the record's main line
                  valued by a tree search beside the search's own move,
                  the points lost, inaccuracies, mistakes and blunders
                  explained in words. Writes the record with the review
                  as comments and marks (BM, DO, TE; the engine's move
                  labelled A) to standard output or OUT.sgf, or the
                  review as JSON with --json; a summary per player goes
                  to standard error.
                  --level N searches each position at level N (1-10,
                  default 3: 1,000 playouts a 19x19 position).
  moku analysis   Analyse positions with KataGo's JSON analysis protocol
                  (the engine protocol of KaTrain): one query object a
                  line on standard input, one response object a line on
                  standard output for each position asked. See
                  docs/clients.md.
  moku --help     Show this help (also 'moku gtp --help').
  moku --version  Show the version.

Options of the engine (genmove, with reasons):
  --level N       play at level N (1-10, default 6; the GTP command
                  'moku_level N' changes it later). Levels 1-5 are the
                  classic search (generators, valuation, quiescence);
                  6-10 the tree search over the classic candidates
                  (2,000 to 32,000 playouts a 19x19 move, up to four
                  times as many on small boards), the reasons still
                  the generators'.
  --resign        let genmove resign a hopeless game (as 'moku_resign
                  on'; by default moku plays every game to its end)
  --lz-version V  answer 'version' with V instead of moku's version:
                  Lizzie warns at every start unless its Leela Zero
                  engine is 0.15 or later ('--lz-version 0.17')

Options of the bare tree search (moku_mcts_genmove; the analysis
commands with --genmove-mcts; otherwise they are the engine's search,
with genmove's budget):
  --threads N     search with N threads (root parallelism; default 1)
  --time-ms MS    think MS milliseconds per move (default 1000); given,
                  it also caps 'genmove' at every level (1-10), for
                  controllers that send no time controls
  --playouts N    stop after N playouts per move (with --time-ms, at
                  whichever comes first)
  --seed N        seed of the random numbers (default 1); given, it is
                  also the seed of 'genmove' at every level, as
                  'moku_seed N' (without it, genmove's seed is 0)
  --no-resign     never resign
  --genmove-mcts  answer 'genmove' with the bare tree search (these
                  options, no classic valuation, no reasons) instead
";

/// Milliseconds per move of `moku gtp` without `--time-ms`.
const DEFAULT_MOVE_TIME_MS: f64 = 1000.0;

/// How long the input thread's silence is waited for between two slices
/// of a streaming analysis: none, the analysis goes on at once.
const NO_WAIT: Duration = Duration::ZERO;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("review") => match review(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("moku review: {e}");
                ExitCode::from(if e.starts_with("usage") { 2 } else { 1 })
            }
        },
        Some("gtp") if args[1..].iter().any(|a| a == "--help" || a == "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("analysis") if args.len() == 1 => match run_analysis() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("moku: {e}");
                ExitCode::FAILURE
            }
        },
        Some("gtp") => match gtp_options(&args[1..]) {
            Ok(gtp) => match run_gtp(gtp) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("moku: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(e) => {
                eprintln!("moku: {e}\n");
                eprint!("{USAGE}");
                ExitCode::from(2)
            }
        },
        None | Some("-h") | Some("--help") | Some("help") if args.len() <= 1 => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("-V") | Some("--version") if args.len() == 1 => {
            println!("moku {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("moku: unknown arguments: {}\n", args.join(" "));
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `moku review FILE.sgf [--level N] [--json] [-o OUT.sgf]`.
fn review(args: &[String]) -> Result<(), String> {
    use moku::engine::review::{annotate, Reviewer, DEFAULT_REVIEW_LEVEL};
    let usage = || "usage: moku review FILE.sgf [--level N] [--json] [-o OUT.sgf]".to_string();
    let mut file = None;
    let mut level = i64::from(DEFAULT_REVIEW_LEVEL);
    let mut json = false;
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--level" => {
                let v = it.next().ok_or_else(usage)?;
                level = v
                    .parse()
                    .map_err(|_| format!("--level needs a number from 1 to 10, not {v:?}"))?;
            }
            "--json" => json = true,
            "-o" => out = Some(it.next().ok_or_else(usage)?.clone()),
            f if file.is_none() && !f.starts_with('-') => file = Some(f.to_string()),
            _ => return Err(usage()),
        }
    }
    let file = file.ok_or_else(usage)?;
    let level = Level::new(level).map_err(|e| e.to_string())?;
    let mut reviewer = Reviewer::new(level).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut record =
        moku::GameRecord::from_sgf_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
    record.last();
    let game = record.game().clone();
    let size = game.size();
    let mut stderr = io::stderr();
    // Progress on a terminal only: a log gets the summary alone.
    let live = std::io::IsTerminal::is_terminal(&stderr);
    let review = reviewer.review(&game, |done, total| {
        if live {
            let _ = write!(stderr, "\rreviewing move {done} of {total}");
        }
        true
    });
    if live {
        let _ = writeln!(stderr);
    }
    for p in &review.players {
        let _ = writeln!(
            stderr,
            "{}: {}, average loss {:.1} points, {}, {}, {}{}",
            p.color,
            count(p.moves, "move", "moves"),
            p.average_loss,
            count(p.counts[1], "inaccuracy", "inaccuracies"),
            count(p.counts[2], "mistake", "mistakes"),
            count(p.counts[3], "blunder", "blunders"),
            if p.biggest.is_empty() {
                String::new()
            } else {
                format!(
                    "; biggest: {}",
                    p.biggest
                        .iter()
                        .map(|n| format!("move {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
    }
    let text = if json {
        review.to_json(size)
    } else {
        annotate(&mut record, &review);
        record.to_sgf()
    };
    match out {
        Some(path) => std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}")),
        None => {
            let mut o = io::stdout().lock();
            writeln!(o, "{text}").map_err(|e| e.to_string())
        }
    }
}

/// `n` and the noun, singular or plural: "1 blunder", "2 blunders".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What `moku gtp`'s arguments ask for.
struct GtpArgs {
    /// The tree search's options.
    options: SearchOptions,
    /// `--seed` given: also the seed of `genmove` (as `moku_seed`).
    seed: Option<u64>,
    /// `genmove` is the bare tree search's (`--genmove-mcts`).
    genmove: bool,
    /// The engine's level (`--level`).
    level: Option<Level>,
    /// `--time-ms` given: every `genmove` stops by then, at any level.
    move_time_cap_ms: Option<u64>,
    /// `--resign`: the engine may resign a hopeless game.
    resign: bool,
    /// `--lz-version V`: what `version` answers.
    version: Option<String>,
}

/// The settings of `moku gtp`'s arguments.
fn gtp_options(args: &[String]) -> Result<GtpArgs, String> {
    let mut options = SearchOptions {
        move_time_ms: Some(DEFAULT_MOVE_TIME_MS),
        move_playouts: None,
        ..SearchOptions::default()
    };
    let mut genmove = false;
    let mut level = None;
    let mut move_time_cap_ms = None;
    let mut resign = false;
    let mut seed = None;
    let mut version = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--lz-version" {
            let v = it
                .next()
                .ok_or("--lz-version needs a version, such as 0.17")?;
            version = Some(v.clone());
            continue;
        }
        let mut value = |name: &str| -> Result<u64, String> {
            let v = it.next().ok_or_else(|| format!("{name} needs a number"))?;
            v.parse::<u64>()
                .map_err(|_| format!("{name} needs a whole number, not {v:?}"))
        };
        match flag.as_str() {
            "--threads" => options.threads = value("--threads")?.clamp(1, 256) as usize,
            "--time-ms" => {
                let ms = value("--time-ms")?;
                options.move_time_ms = Some(ms as f64);
                move_time_cap_ms = Some(ms);
            }
            "--playouts" => {
                options.move_playouts = Some(value("--playouts")?);
                if !args.iter().any(|a| a == "--time-ms") {
                    options.move_time_ms = None;
                }
            }
            "--seed" => {
                options.seed = value("--seed")?;
                seed = Some(options.seed);
            }
            "--no-resign" => options.resign = false,
            "--resign" => resign = true,
            "--genmove-mcts" => genmove = true,
            "--level" => {
                let n = value("--level")?;
                level = Some(
                    i64::try_from(n)
                        .ok()
                        .and_then(|n| Level::new(n).ok())
                        .ok_or_else(|| {
                            format!("the level must be a number from 1 to 10, not {n}")
                        })?,
                );
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(GtpArgs {
        options,
        seed,
        genmove,
        level,
        move_time_cap_ms,
        resign,
        version,
    })
}

/// Reads GTP commands until `quit` or the end of input. Input bytes need
/// not be UTF-8: invalid sequences become U+FFFD and end up in an error
/// response at worst. A thread reads the input, so that a streaming
/// analysis (`lz-analyze`) runs until the next line arrives.
fn run_gtp(args: GtpArgs) -> io::Result<()> {
    let (lines, input) = mpsc::channel::<Vec<u8>>();
    thread::spawn(move || {
        let stdin = io::stdin();
        let mut reader = stdin.lock();
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if lines.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut session = GtpSession::new()
        .with_search(args.options)
        .with_interruptible_genmove();
    if let Some(v) = &args.version {
        session = session.with_version(v);
    }
    if args.genmove {
        session = session.with_tree_search_genmove();
    }
    if let Some(l) = args.level {
        session.set_level(l);
    }
    if args.resign {
        session.set_resign(true);
    }
    if let Some(seed) = args.seed {
        session.set_seed(seed);
    }
    if let Some(ms) = args.move_time_cap_ms {
        session = session.with_move_time_cap(ms);
    }
    while !session.is_finished() {
        let line = if session.is_streaming() {
            match input.recv_timeout(NO_WAIT) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(text) = session.poll() {
                        out.write_all(text.as_bytes())?;
                        out.flush()?;
                    }
                    continue;
                }
                // The end of input is a `quit`: a move under way is
                // still played and answered.
                Err(RecvTimeoutError::Disconnected) => b"quit".to_vec(),
            }
        } else {
            match input.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        };
        if let Some(response) = session.handle_line(&String::from_utf8_lossy(&line)) {
            out.write_all(response.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}

/// Answers KataGo analysis queries, one a line, until the end of input
/// (`moku analysis`).
fn run_analysis() -> io::Result<()> {
    let stdin = io::stdin();
    let mut reader = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut engine = AnalysisEngine::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        for response in engine.handle_line(&String::from_utf8_lossy(&line)) {
            writeln!(out, "{response}")?;
        }
        out.flush()?;
    }
}
