//! The `moku` program. `moku gtp` speaks GTP v2 on stdin and stdout.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use moku::engine::Level;
use moku::gtp::GtpSession;

const USAGE: &str = "\
moku - a classic, explainable Go engine

Usage:
  moku gtp        Play Go over GTP, the Go Text Protocol: read commands on
                  standard input, one per line, and answer on standard
                  output. Connect it to a GTP controller (GoGui, Sabaki,
                  gogui-twogtp, a Go server client) or type commands
                  yourself, e.g. 'boardsize 9', 'play black E5',
                  'showboard', 'list_commands', 'genmove black', 'quit'.
  moku gtp --level N
                  The same, the engine playing at level N (1-10, default
                  5; the GTP command 'moku_level N' changes it later).
  moku --help     Show this help.
  moku --version  Show the version.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["gtp"] => gtp(None),
        ["gtp", "--level", n] => match n.parse::<i64>().map(Level::new) {
            Ok(Ok(level)) => gtp(Some(level)),
            Ok(Err(e)) => {
                eprintln!("moku: {e}");
                ExitCode::from(2)
            }
            Err(_) => {
                eprintln!("moku: the level must be a number from 1 to 10, not '{n}'");
                ExitCode::from(2)
            }
        },
        [] | ["-h"] | ["--help"] | ["help"] => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        ["-V"] | ["--version"] => {
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

fn gtp(level: Option<Level>) -> ExitCode {
    match run_gtp(level) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("moku: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reads GTP commands until `quit` or the end of input. Input bytes need
/// not be UTF-8: invalid sequences become U+FFFD and end up in an error
/// response at worst.
fn run_gtp(level: Option<Level>) -> io::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut session = GtpSession::new();
    if let Some(l) = level {
        session.set_level(l);
    }
    let mut line = Vec::new();
    while !session.is_finished() {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if let Some(response) = session.handle_line(&String::from_utf8_lossy(&line)) {
            out.write_all(response.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}
