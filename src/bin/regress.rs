//! Runs GNU Go's regression suites against moku's reading layer.
//!
//! ```text
//! cargo run --release --bin regress -- tests/data/gnugo-regression [reading owl ...]
//! ```
//!
//! Prints, per suite, the passes, the failures with their ids, and the time.

use std::path::{Path, PathBuf};

use moku::regression::{parse_suite, run_suite};
use moku::{parse_gtp_vertex, reading_commands, sgf, Board, Color, Point, Undo};

/// The suites, in the README's order.
const SUITES: &[&str] = &["reading", "owl", "ld_owl", "connection", "optics", "semeai"];

/// A bare regression session: a board, the side to move, the trymove stack.
struct Session {
    dir: PathBuf,
    board: Board,
    to_move: Color,
    stack: Vec<(Undo, Color)>,
}

impl Session {
    fn exec(&mut self, line: &str) -> Result<String, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(String::new());
        };
        match cmd {
            "loadsgf" => self.loadsgf(args),
            "play" | "trymove" => {
                let c = Color::parse(args.first().ok_or("missing colour")?).ok_or("bad colour")?;
                let p = parse_gtp_vertex(args.get(1).ok_or("missing vertex")?, self.board.size())
                    .map_err(|e| e.to_string())?;
                let undo = match p {
                    Some(p) => self.board.play(p, c, false).map_err(|e| e.to_string())?,
                    None => self.board.pass(c),
                };
                if cmd == "trymove" {
                    self.stack.push((undo, self.to_move));
                } else {
                    self.stack.clear();
                }
                self.to_move = c.opponent();
                Ok(String::new())
            }
            "popgo" => {
                let (u, c) = self.stack.pop().ok_or("empty stack")?;
                self.board.undo(u);
                self.to_move = c;
                Ok(String::new())
            }
            "increase_depths" | "decrease_depths" => Ok(String::new()),
            _ => reading_commands::run(&mut self.board, self.to_move, cmd, args)
                .unwrap_or_else(|| Err("unknown command".into())),
        }
    }

    fn loadsgf(&mut self, args: &[&str]) -> Result<String, String> {
        let path = self.dir.join(args.first().ok_or("missing file")?);
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let coll = sgf::parse_bytes(&bytes).map_err(|e| e.to_string())?;
        let root = coll.games.first().ok_or("empty sgf")?;
        let size = root
            .get("SZ")
            .map(sgf::parse_size)
            .transpose()
            .map_err(|e| e.to_string())?
            .unwrap_or(19);
        let until: Option<usize> = args.get(1).and_then(|s| s.parse().ok());
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        let handicap: usize = root
            .get("HA")
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        let mut to_move = if handicap > 1 {
            Color::White
        } else {
            Color::Black
        };
        let mut number = 1;
        let pt = |v: &str| -> Result<Option<Point>, String> {
            Ok(sgf::parse_point(v, size)
                .map_err(|e| e.to_string())?
                .map(|(x, y)| Point::from_xy(x as usize, y as usize)))
        };
        'nodes: for node in root.main_line() {
            for (id, col) in [
                ("AB", Some(Color::Black)),
                ("AW", Some(Color::White)),
                ("AE", None),
            ] {
                for v in node.get_all(id) {
                    for (x, y) in sgf::expand_point_list(v, size).map_err(|e| e.to_string())? {
                        board.set_stone(Point::from_xy(x as usize, y as usize), col);
                    }
                }
            }
            if let Some(pl) = node.get("PL").and_then(Color::parse) {
                to_move = pl;
            }
            for (id, c) in [("B", Color::Black), ("W", Color::White)] {
                if let Some(v) = node.get(id) {
                    if until == Some(number) {
                        to_move = c;
                        break 'nodes;
                    }
                    if let Some(p) = pt(v)? {
                        if board.play(p, c, true).is_err() {
                            board.set_stone(p, Some(c));
                        }
                    } else {
                        board.pass(c);
                    }
                    number += 1;
                    to_move = c.opponent();
                }
            }
        }
        self.board = board;
        self.to_move = to_move;
        self.stack.clear();
        Ok(to_move.to_string())
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
        let mut s = Session {
            dir: dir.clone(),
            board: Board::new(19).expect("19x19"),
            to_move: Color::Black,
            stack: Vec::new(),
        };
        let show: Vec<String> = std::env::var("REGRESS_SHOW")
            .unwrap_or_default()
            .split(',')
            .map(String::from)
            .collect();
        let r = run_suite(name, &lines, |cmd| {
            if std::env::var_os("REGRESS_LOCAL").is_some() {
                if let Some(v) = cmd.split_whitespace().nth(1) {
                    if let Ok(Some(p)) = parse_gtp_vertex(v, s.board.size()) {
                        eprintln!("{cmd}:\n{}", local(&s.board, p));
                    }
                }
            }
            if show.iter().any(|id| {
                !id.is_empty() && cmd.starts_with(&format!("{id} "))
                    || show.iter().any(|c| c == cmd)
            }) {
                eprintln!("{}to move: {}\n{cmd}", pretty(&s.board), s.to_move);
                let file = format!("/tmp/rd/case-{}.txt", cmd.replace(' ', "_"));
                let _ = std::fs::write(file, format!("{}---\n{cmd}\n", s.board.to_ascii()));
            }
            s.exec(cmd)
        });
        total_time += r.time;
        println!(
            "{name}: {}/{} passed, {} errors, {:.2} s",
            r.passed.len(),
            r.total(),
            r.errors,
            r.time.as_secs_f64()
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
