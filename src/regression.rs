//! GNU Go's regression suites (`.tst` files): parsing, the answer patterns,
//! and a runner that sends each command to an engine and scores the
//! replies. The format is described in
//! `tests/data/gnugo-regression/README.md`: unnumbered lines are setup,
//! `ID command` lines are test cases, and the next `#? [PATTERN]FLAGS`
//! line holds the expected answer as a regular expression.
//!
//! The patterns use a small regular-expression subset (literals, `.`,
//! groups, `|`, `*`, `+`, `?`), matched against the whole reply as
//! `^(?:PATTERN)$`; a leading `!` negates. A tiny backtracking matcher
//! covers it, so the crate needs no regex dependency.

use std::time::{Duration, Instant};

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
    Setup(String),
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
                let (Some(open), Some(close)) = (rest.find('['), rest.rfind(']')) else {
                    continue;
                };
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

/// Whether the whole of `text` matches `pattern` (the regex subset).
pub fn pattern_matches(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let Some((node, _)) = parse_alt(&p, 0) else {
        return false;
    };
    match_node(&node, &t, 0, &mut |end| end == t.len())
}

#[derive(Debug)]
enum Re {
    Char(char),
    Any,
    Seq(Vec<Re>),
    Alt(Vec<Re>),
    Repeat(Box<Re>, usize, usize),
}

fn parse_alt(p: &[char], mut i: usize) -> Option<(Re, usize)> {
    let mut alts = Vec::new();
    loop {
        let (seq, j) = parse_seq(p, i)?;
        alts.push(seq);
        i = j;
        if i < p.len() && p[i] == '|' {
            i += 1;
        } else {
            break;
        }
    }
    Some((
        if alts.len() == 1 {
            alts.pop()?
        } else {
            Re::Alt(alts)
        },
        i,
    ))
}

fn parse_seq(p: &[char], mut i: usize) -> Option<(Re, usize)> {
    let mut items = Vec::new();
    while i < p.len() && p[i] != '|' && p[i] != ')' {
        let (atom, j) = match p[i] {
            '(' => {
                let mut k = i + 1;
                if p.get(k) == Some(&'?') && p.get(k + 1) == Some(&':') {
                    k += 2;
                }
                let (inner, j) = parse_alt(p, k)?;
                if p.get(j) != Some(&')') {
                    return None;
                }
                (inner, j + 1)
            }
            '.' => (Re::Any, i + 1),
            '\\' => (Re::Char(*p.get(i + 1)?), i + 2),
            '^' | '$' => (Re::Seq(Vec::new()), i + 1),
            c => (Re::Char(c), i + 1),
        };
        i = j;
        let atom = match p.get(i) {
            Some('*') => {
                i += 1;
                Re::Repeat(Box::new(atom), 0, usize::MAX)
            }
            Some('+') => {
                i += 1;
                Re::Repeat(Box::new(atom), 1, usize::MAX)
            }
            Some('?') => {
                i += 1;
                Re::Repeat(Box::new(atom), 0, 1)
            }
            _ => atom,
        };
        items.push(atom);
    }
    Some((Re::Seq(items), i))
}

/// Continuation-passing backtracking: calls `k` with every end position.
fn match_node(re: &Re, t: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match re {
        Re::Char(c) => i < t.len() && t[i] == *c && k(i + 1),
        Re::Any => i < t.len() && k(i + 1),
        Re::Seq(items) => match_seq(items, t, i, k),
        Re::Alt(alts) => alts.iter().any(|a| match_node(a, t, i, k)),
        Re::Repeat(inner, min, max) => match_repeat(inner, *min, *max, t, i, k),
    }
}

fn match_seq(items: &[Re], t: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match items.split_first() {
        None => k(i),
        Some((first, rest)) => match_node(first, t, i, &mut |j| match_seq(rest, t, j, k)),
    }
}

fn match_repeat(
    inner: &Re,
    min: usize,
    max: usize,
    t: &[char],
    i: usize,
    k: &mut dyn FnMut(usize) -> bool,
) -> bool {
    // Greedy: try one more repetition first (only if it consumes input).
    if max > 0
        && match_node(inner, t, i, &mut |j| {
            j > i && match_repeat(inner, min.saturating_sub(1), max - 1, t, j, k)
        })
    {
        return true;
    }
    min == 0 && k(i)
}

/// The score of one suite.
#[derive(Clone, Debug, Default)]
pub struct SuiteResult {
    pub name: String,
    pub passed: Vec<u32>,
    pub failed: Vec<(u32, String, String)>,
    /// Setup commands or cases the engine rejected.
    pub errors: usize,
    pub time: Duration,
}

impl SuiteResult {
    /// Total number of cases.
    pub fn total(&self) -> usize {
        self.passed.len() + self.failed.len()
    }
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
}
