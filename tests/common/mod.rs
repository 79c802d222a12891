//! What the end-to-end tests share: the real `moku gtp` program as a
//! child process, driven line by line; the games of the GNU Go regression
//! data; and the declaration of tests too slow for an unoptimised build.
//! Each test program uses a part of it, so the rest is dead code there.
#![allow(dead_code, reason = "each test program uses a part of the helpers")]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use moku::record::{game_from_sgf_bytes, LoadUntil};
use moku::Game;

/// The GNU Go regression data: the suites, their games and GNU Go's own
/// records.
pub const REGRESSION_DATA: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnugo-regression");

/// The record `file` of [`REGRESSION_DATA`] (a path below it), loaded up
/// to `until`.
pub fn regression_game(file: &str, until: LoadUntil) -> Game {
    let path = format!("{REGRESSION_DATA}/{file}");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    game_from_sgf_bytes(&bytes, until).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `f` of every item of `items`, in their order, worked on by as many
/// threads as the machine has cores. Each item gets a thread of its own
/// (at most that many at once), so that what the engine keeps per thread
/// (the proof table) starts empty for every item: the results do not
/// depend on which items shared a thread. The suites that replay many
/// records are one test each; run one record after another they would
/// leave a core idle while the harness waits for the longest.
pub fn map_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers.min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = std::thread::scope(|one| one.spawn(|| f(item)).join())
                    .unwrap_or_else(|e| std::panic::resume_unwind(e));
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every item was worked on"))
        .collect()
}

/// Tests too slow for an unoptimised build, one a row: `name("why") =>
/// body;` is the test `name`, which runs `body` and which an unoptimised
/// build ignores, saying `why` (`build.rs` sets `cfg(optimized)` for
/// every optimised profile).
#[macro_export]
macro_rules! optimised_tests {
    ($($name:ident($why:literal) => $body:expr;)*) => {
        $(
            #[test]
            #[cfg_attr(not(optimized), ignore = $why)]
            fn $name() {
                $body;
            }
        )*
    };
}

/// A running `moku gtp`; `quit` is sent when it is dropped.
pub struct Moku {
    child: Child,
    /// `None` once closed.
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Moku {
    /// Starts `moku gtp` with `args`.
    pub fn start(args: &[&str]) -> Moku {
        let mut child = Command::new(env!("CARGO_BIN_EXE_moku"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start moku gtp");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Moku {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one line without reading anything.
    pub fn write(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line of output, with its newline.
    pub fn line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("read a line");
        line
    }

    /// Sends one line and reads its whole response up to the empty line;
    /// the response without its final newlines.
    pub fn send(&mut self, line: &str) -> String {
        self.write(line);
        let mut response = String::new();
        loop {
            let l = self.line();
            assert!(!l.is_empty(), "moku closed its output after {line:?}");
            if l == "\n" {
                break;
            }
            response.push_str(&l);
        }
        response.trim_end_matches('\n').to_string()
    }

    /// Sends one line and reads its whole response, with its newlines
    /// but without the empty line that ends it.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line) + "\n"
    }

    /// Closes the input (when `close_input`) and waits for the program
    /// to end: whether it ended successfully.
    pub fn exits_successfully(&mut self, close_input: bool) -> bool {
        if close_input {
            self.stdin = None;
        }
        self.child.wait().unwrap().success()
    }

    /// Expects success; returns the result without `= `.
    pub fn ok(&mut self, line: &str) -> String {
        let r = self.send(line);
        assert!(r.starts_with("= "), "{line:?} failed: {r:?}");
        r[2..].to_string()
    }
}

impl Drop for Moku {
    fn drop(&mut self) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "quit");
        }
        let _ = self.child.wait();
    }
}
