//! GNU Go's regression suites (`.tst` files): parsing, the answer patterns,
//! and a runner that sends each command to an engine and scores the
//! replies. The format is described in
//! `tests/data/gnugo-regression/README.md`: unnumbered lines are setup,
//! `ID command` lines are test cases, and the next `#? [PATTERN]FLAGS`
//! line holds the expected answer as a regular expression.
//!
//! The patterns are regular expressions matched against the whole reply
//! as `^(?:PATTERN)$`; a leading `!` negates.
//!
//! This crate is the project's test tooling, kept out of `moku`'s public
//! API: the `regress` program and the floor test (`tests/floors.rs`) both
//! run a suite with [`run_file`].

use std::path::Path;
use std::time::{Duration, Instant};

use moku::gtp::GtpSession;
use regex::RegexBuilder;

/// One test case of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The number before the command.
    pub id: u32,
    /// The command without its number, e.g. `attack C3`.
    pub command: String,
    /// The expected-answer pattern (without brackets and `!`).
    pub pattern: String,
    /// The answer must *not* match (`[!...]`).
    pub negated: bool,
    /// GNU Go was expected to fail (`*`).
    pub known_failure: bool,
}

/// A line of a suite: setup or a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command whose answer is not checked (`loadsgf`, `trymove`, ...).
    Setup(String),
    /// A numbered command with its expected answer.
    Case(Case),
}

/// Parses a `.tst` file.
pub fn parse_suite(text: &str) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    let mut pending: Option<(u32, String)> = None;
    for raw in text.lines() {
        let line = raw.trim();
        if let Some(rest) = line.strip_prefix("#?") {
            if let Some((id, command)) = pending.take() {
                let rest = rest.trim();
                // A pattern is the text between the first `[` and the last
                // `]`; a line without both, in that order, holds none.
                let (Some(open), Some(close)) = (rest.find('['), rest.rfind(']')) else {
                    continue;
                };
                if close < open {
                    continue;
                }
                let mut pattern = rest[open + 1..close].to_string();
                let flags = &rest[close + 1..];
                let negated = pattern.starts_with('!');
                if negated {
                    pattern.remove(0);
                }
                out.push(Line::Case(Case {
                    id,
                    command,
                    pattern,
                    negated,
                    known_failure: flags.contains('*'),
                }));
            }
            continue;
        }
        let line = match line.find('#') {
            Some(i) => line[..i].trim(),
            None => line,
        };
        if line.is_empty() {
            continue;
        }
        let mut words = line.splitn(2, char::is_whitespace);
        let first = words.next().unwrap_or("");
        if let Ok(id) = first.parse::<u32>() {
            pending = Some((id, words.next().unwrap_or("").trim().to_string()));
        } else {
            out.push(Line::Setup(line.to_string()));
        }
    }
    out
}

/// Whether `reply` matches the case's pattern (negation included).
pub fn matches(case: &Case, reply: &str) -> bool {
    pattern_matches(&case.pattern, reply.trim()) != case.negated
}

/// The largest compiled pattern accepted, in bytes of the regex crate's
/// program. GNU Go's patterns are short alternations of vertices and
/// codes, a few kilobytes compiled at the most; a pattern beyond this is a
/// broken file, and refusing it keeps matching cheap: the `tst` fuzz
/// target found `(...){0,9000}`, which took about a third of a second to
/// compile under the crate's default limit of 10 MB.
const PATTERN_SIZE_LIMIT: usize = 1 << 16;

/// Whether the whole of `text` matches the regular expression `pattern`;
/// a pattern that is no regular expression, or compiles larger than
/// 64 KiB, matches nothing.
pub fn pattern_matches(pattern: &str, text: &str) -> bool {
    RegexBuilder::new(&format!("^(?:{pattern})$"))
        .size_limit(PATTERN_SIZE_LIMIT)
        .build()
        .is_ok_and(|re| re.is_match(text))
}

/// The score of one suite.
#[derive(Clone, Debug, Default)]
pub struct SuiteResult {
    /// The suite's name (`reading`, `owl`, ...).
    pub name: String,
    /// The ids of the cases whose reply matched.
    pub passed: Vec<u32>,
    /// The failed cases: id, expected pattern, reply.
    pub failed: Vec<(u32, String, String)>,
    /// Setup commands or cases the engine rejected.
    pub errors: usize,
    /// Wall time of the whole suite.
    pub time: Duration,
}

impl SuiteResult {
    /// Total number of cases.
    pub fn total(&self) -> usize {
        self.passed.len() + self.failed.len()
    }
}

/// Sends one command line to a GTP session and returns the reply text
/// without its `= ` prefix, or the error text. `loadsgf` paths are taken
/// relative to the suite directory `dir`.
pub fn exec(gtp: &mut GtpSession, dir: &Path, line: &str) -> Result<String, String> {
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

/// Runs the suite `dir/NAME.tst` through the GTP session `gtp` (normally
/// a new one). `before` sees the session and each command line before it
/// is sent (the `regress` program's debugging views).
pub fn run_file(
    gtp: &mut GtpSession,
    dir: &Path,
    name: &str,
    mut before: impl FnMut(&GtpSession, &str),
) -> std::io::Result<SuiteResult> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.tst")))?;
    let lines = parse_suite(&text);
    Ok(run_suite(name, &lines, |cmd| {
        before(gtp, cmd);
        exec(gtp, dir, cmd)
    }))
}

/// Runs the parsed suite `lines` through `exec` (one GTP command in, the
/// reply text without `= ` out, or an error text). Setup replies are
/// ignored; a case passes when its reply matches.
pub fn run_suite(
    name: &str,
    lines: &[Line],
    mut exec: impl FnMut(&str) -> Result<String, String>,
) -> SuiteResult {
    let start = Instant::now();
    let mut r = SuiteResult {
        name: name.to_string(),
        ..SuiteResult::default()
    };
    for line in lines {
        match line {
            Line::Setup(cmd) => {
                if exec(cmd).is_err() {
                    r.errors += 1;
                }
            }
            Line::Case(case) => {
                let reply = match exec(&case.command) {
                    Ok(s) => s,
                    Err(e) => {
                        r.errors += 1;
                        format!("? {e}")
                    }
                };
                if matches(case, &reply) {
                    r.passed.push(case.id);
                } else {
                    r.failed.push((case.id, case.pattern.clone(), reply));
                }
            }
        }
    }
    r.time = start.elapsed();
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(pattern_matches("1 G1", "1 G1"));
        assert!(!pattern_matches("1 G1", "1 G12"));
        assert!(pattern_matches("1 (S4|T5)", "1 T5"));
        assert!(!pattern_matches("1 (S4|T5)", "1 T4"));
        assert!(pattern_matches("1 .+", "1 A1"));
        assert!(!pattern_matches("1 .+", "1 "));
        assert!(pattern_matches(
            "critical (A1|B2) (C3|D4)",
            "critical B2 C3"
        ));
        assert!(pattern_matches("0", "0"));
        // A pattern that compiles past the size limit matches nothing,
        // though the text would match it: 9,000 optional groups.
        assert!(pattern_matches("(ab){0,9}", "abab"));
        assert!(!pattern_matches("(ab){0,9000}", "abab"));
        // The four ungrouped alternations: intended as a whole-reply choice.
        assert!(pattern_matches("1 T15|O13|P12", "O13"));
        assert!(pattern_matches("(1|2|3) PASS", "2 PASS"));
    }

    #[test]
    fn parse_cases() {
        let lines = parse_suite(
            "# comment\nloadsgf games/x.sgf 12\n27 defend P16 # why\n#? [1 (P15|O16)]*\n28 attack A1\n#? [!0]\n",
        );
        assert_eq!(lines[0], Line::Setup("loadsgf games/x.sgf 12".into()));
        let Line::Case(c) = &lines[1] else { panic!() };
        assert_eq!(
            (
                c.id,
                c.command.as_str(),
                c.pattern.as_str(),
                c.known_failure
            ),
            (27, "defend P16", "1 (P15|O16)", true)
        );
        let Line::Case(c) = &lines[2] else { panic!() };
        assert!(c.negated && matches(c, "1 B2") && !matches(c, "0"));
    }

    /// Found by the `tst` fuzz target: `]` before `[` on an answer line
    /// sliced the text backwards and panicked. Such a line holds no
    /// pattern; the case is dropped, the next one still read.
    #[test]
    fn an_answer_line_with_brackets_the_wrong_way_round_holds_no_pattern() {
        let lines = parse_suite("1 attack A1\n#? ]x[\n2 attack B2\n#? [0]\n3 defend C3\n#?][\n");
        assert_eq!(lines.len(), 1);
        let Line::Case(c) = &lines[0] else { panic!() };
        assert_eq!((c.id, c.pattern.as_str()), (2, "0"));
    }
}
