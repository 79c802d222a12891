//! The protocol layer of GTP v2: line preprocessing, command ids, argument
//! parsing and response formatting. Knows nothing about Go.
//!
//! Preprocessing follows section 3.1 of the specification, in its order:
//! remove every control character except HT and LF (CR included), cut
//! each line at its first `#` (a comment), convert HT to a space, and
//! discard lines that are then empty or all white space.
//!
//! A command is `[id] command_name [arguments]`, the id an unsigned
//! integer. Its response is `=id result` or `?id error_message`, followed by
//! an empty line; without an id, `= result` / `? error_message`.

use std::fmt;

use crate::rules::{parse_gtp_vertex, Color, Point, MAX_SIZE};

/// Why a command failed. `Display` gives the exact error message of the
/// response (the text after `? `), in the specification's words where it
/// names one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GtpError {
    /// Arguments missing, surplus or of the wrong type.
    Syntax,
    /// No command of that name.
    UnknownCommand,
    /// `play` of a move the rules forbid, or off the board.
    IllegalMove,
    /// `boardsize` outside what the engine supports.
    UnacceptableSize,
    /// `undo` with no move to take back.
    CannotUndo,
    /// Handicap placement on a board with stones or moves.
    BoardNotEmpty,
    /// A handicap count the board does not take.
    InvalidNumberOfStones,
    /// `set_free_handicap` with a malformed, repeated, off-board or
    /// wrongly counted vertex list.
    BadVertexList,
    /// `final_score` when no score can be given (a resigned game).
    CannotScore,
    /// Any other message, for extension commands.
    Other(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GtpError::Syntax => "syntax error",
            GtpError::UnknownCommand => "unknown command",
            GtpError::IllegalMove => "illegal move",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::CannotUndo => "cannot undo",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::InvalidNumberOfStones => "invalid number of stones",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::CannotScore => "cannot score",
            GtpError::Other(text) => text,
        })
    }
}

/// What a command handler returns: the response text on success.
pub(crate) type Reply = Result<String, GtpError>;

/// Applies the specification's preprocessing to one input line (without
/// its LF). Returns `None` when nothing is left: an empty, blank or
/// comment-only line, which gets no response at all.
pub(crate) fn preprocess(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '#' => break,
            '\t' => out.push(' '),
            c if (c as u32) < 32 || c as u32 == 127 => {}
            c => out.push(c),
        }
    }
    if out.trim_matches(' ').is_empty() {
        None
    } else {
        Some(out)
    }
}

/// A preprocessed command line split into id, name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CommandLine<'a> {
    /// The id exactly as written (digits only), echoed in the response.
    pub id: Option<&'a str>,
    /// The command name; empty when the line held only an id.
    pub name: &'a str,
    pub args: Vec<&'a str>,
}

/// Splits a preprocessed line on spaces. A leading token of digits is the
/// command id.
pub(crate) fn split(line: &str) -> CommandLine<'_> {
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let first = words.next().unwrap_or("");
    let (id, name) = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        (Some(first), words.next().unwrap_or(""))
    } else {
        (None, first)
    };
    CommandLine {
        id,
        name,
        args: words.collect(),
    }
}

/// Formats a response: `=id result\n\n` or `?id message\n\n`. Empty lines
/// inside a result would end the response early, so they become a single
/// space.
pub(crate) fn format_response(id: Option<&str>, reply: &Reply) -> String {
    let (mark, body) = match reply {
        Ok(text) => ('=', text.clone()),
        Err(e) => ('?', e.to_string()),
    };
    let body = body.trim_end_matches('\n');
    let mut out = String::with_capacity(body.len() + 8);
    out.push(mark);
    out.push_str(id.unwrap_or(""));
    out.push(' ');
    for (i, line) in body.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            if line.is_empty() {
                out.push(' ');
            }
        }
        out.push_str(line);
    }
    out.push_str("\n\n");
    out
}

/// The response header of a stream: `=id` and a line break, no empty
/// line (the stream goes on below it).
pub(crate) fn stream_header(id: Option<&str>) -> String {
    format!("={}\n", id.unwrap_or(""))
}

/// `v` with one decimal, never `-0.0`.
pub(crate) fn one_decimal(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        "0.0".to_string()
    } else {
        format!("{r:.1}")
    }
}

/// A command's arguments with typed accessors; every parse failure is a
/// [`GtpError::Syntax`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Args<'a> {
    words: &'a [&'a str],
}

impl<'a> Args<'a> {
    pub fn new(words: &'a [&'a str]) -> Args<'a> {
        Args { words }
    }

    /// All the arguments (for commands with variable arguments, such as
    /// `moku_moyo_params`).
    pub fn words(&self) -> &'a [&'a str] {
        self.words
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Fails unless there are exactly `n` arguments.
    pub fn expect(&self, n: usize) -> Result<(), GtpError> {
        if self.words.len() == n {
            Ok(())
        } else {
            Err(GtpError::Syntax)
        }
    }

    /// Argument `i` as a string.
    pub fn word(&self, i: usize) -> Result<&'a str, GtpError> {
        self.words.get(i).copied().ok_or(GtpError::Syntax)
    }

    /// A file path from argument `i` on, and the arguments after it. A
    /// path in double quotes may hold spaces (`"my games/a b.sgf"`, as
    /// GoGui's `%f` may give it): its words are joined by single spaces.
    /// An unquoted path is one word.
    pub fn path(&self, i: usize) -> Result<(String, Args<'a>), GtpError> {
        let first = self.word(i)?;
        let Some(open) = first.strip_prefix('"') else {
            return Ok((first.to_string(), Args::new(&self.words[i + 1..])));
        };
        let mut parts = vec![open];
        let mut end = i;
        loop {
            let last = parts.last().copied().unwrap_or("");
            if end > i || first.len() > 1 {
                if let Some(done) = last.strip_suffix('"') {
                    *parts.last_mut().expect("a part") = done;
                    break;
                }
            }
            end += 1;
            parts.push(self.word(end)?);
        }
        let path = parts.join(" ");
        if path.is_empty() {
            return Err(GtpError::Syntax);
        }
        Ok((path, Args::new(&self.words[end + 1..])))
    }

    /// Argument `i` as an unsigned integer (GTP's `int`: 0 to 2^31 - 1).
    pub fn int(&self, i: usize) -> Result<u32, GtpError> {
        let w = self.word(i)?;
        if !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(GtpError::Syntax);
        }
        match w.parse::<u32>() {
            Ok(n) if n <= i32::MAX as u32 => Ok(n),
            _ => Err(GtpError::Syntax),
        }
    }

    /// Argument `i` as a finite float (GTP's `float`).
    pub fn float(&self, i: usize) -> Result<f32, GtpError> {
        let w = self.word(i)?;
        // Rust also reads "inf" and "NaN"; GTP floats are plain numbers.
        if !w
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        {
            return Err(GtpError::Syntax);
        }
        match w.parse::<f32>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(GtpError::Syntax),
        }
    }

    /// Argument `i` as a colour (`b`, `w`, `black`, `white`, any case).
    pub fn color(&self, i: usize) -> Result<Color, GtpError> {
        Color::parse(self.word(i)?).ok_or(GtpError::Syntax)
    }

    /// Argument `i` as a vertex on a board of `size`; `None` is `pass`.
    /// Text that is no GTP vertex at all (`I5`, `A0`, `Z26`, `xx`) is a
    /// syntax error; a vertex beyond this board is an illegal move.
    pub fn vertex(&self, i: usize, size: usize) -> Result<Option<Point>, GtpError> {
        let w = self.word(i)?;
        parse_gtp_vertex(w, MAX_SIZE).map_err(|_| GtpError::Syntax)?;
        parse_gtp_vertex(w, size).map_err(|_| GtpError::IllegalMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_specification() {
        assert_eq!(preprocess("1 name"), Some("1 name".to_string()));
        assert_eq!(preprocess("name\r"), Some("name".to_string()));
        assert_eq!(
            preprocess("\tplay\tb\x01 e5"),
            Some(" play b e5".to_string())
        );
        assert_eq!(
            preprocess("version # what version?"),
            Some("version ".to_string())
        );
        assert_eq!(preprocess("# a comment"), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess(" \t \r"), None);
        assert_eq!(preprocess("\x7f\x1b"), None);
        // A '#' hidden behind a control character is still a comment.
        assert_eq!(preprocess("name\x00#x"), Some("name".to_string()));
    }

    #[test]
    fn ids_are_leading_integers() {
        let c = split("  12  play  b   e5 ");
        assert_eq!(
            c,
            CommandLine {
                id: Some("12"),
                name: "play",
                args: vec!["b", "e5"]
            }
        );
        let c = split("name");
        assert_eq!((c.id, c.name, c.args.len()), (None, "name", 0));
        // A signed number is no id: it is an (unknown) command name.
        assert_eq!(split("-3 name").name, "-3");
        let c = split("7");
        assert_eq!((c.id, c.name), (Some("7"), ""));
    }

    #[test]
    fn responses_carry_the_id_and_end_with_an_empty_line() {
        assert_eq!(format_response(Some("3"), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(format_response(None, &Ok(String::new())), "= \n\n");
        assert_eq!(
            format_response(None, &Err(GtpError::IllegalMove)),
            "? illegal move\n\n"
        );
        assert_eq!(
            format_response(Some("0"), &Err(GtpError::CannotUndo)),
            "?0 cannot undo\n\n"
        );
        // No empty line may appear inside a response.
        assert_eq!(
            format_response(None, &Ok("a\n\nb\n".into())),
            "= a\n \nb\n\n"
        );
    }

    #[test]
    fn typed_arguments() {
        let w = [
            "19", "-1", "6.5", "inf", "B", "q16", "pass", "I5", "K10", "x",
        ];
        let a = Args::new(&w);
        assert_eq!(a.int(0), Ok(19));
        assert_eq!(a.int(1), Err(GtpError::Syntax));
        assert_eq!(a.int(2), Err(GtpError::Syntax));
        assert_eq!(a.float(2), Ok(6.5));
        assert_eq!(a.float(1), Ok(-1.0));
        assert_eq!(a.float(3), Err(GtpError::Syntax));
        assert_eq!(a.color(4), Ok(Color::Black));
        assert_eq!(a.color(9), Err(GtpError::Syntax));
        assert_eq!(a.vertex(5, 19), Ok(Some(Point::from_xy(15, 3))));
        assert_eq!(a.vertex(6, 9), Ok(None));
        assert_eq!(a.vertex(7, 19), Err(GtpError::Syntax));
        assert_eq!(a.vertex(8, 9), Err(GtpError::IllegalMove));
        assert_eq!(a.vertex(10, 9), Err(GtpError::Syntax));
        assert_eq!(Args::new(&["99999999999"]).int(0), Err(GtpError::Syntax));
        assert!(a.expect(10).is_ok() && a.expect(2).is_err());
    }

    #[test]
    fn paths_may_be_quoted_with_spaces() {
        let w = ["\"my", "games/a", "b.sgf\"", "12"];
        let (path, rest) = Args::new(&w).path(0).unwrap();
        assert_eq!(path, "my games/a b.sgf");
        assert_eq!(rest.words(), ["12"]);
        let w = ["\"a.sgf\"", "x"];
        let (path, rest) = Args::new(&w).path(0).unwrap();
        assert_eq!((path.as_str(), rest.words()), ("a.sgf", &["x"][..]));
        let w = ["plain.sgf"];
        let (path, rest) = Args::new(&w).path(0).unwrap();
        assert_eq!((path.as_str(), rest.len()), ("plain.sgf", 0));
        // An unclosed quote, or an empty one, is a syntax error.
        assert_eq!(Args::new(&["\"a", "b"]).path(0), Err(GtpError::Syntax));
        assert_eq!(Args::new(&["\""]).path(0), Err(GtpError::Syntax));
        assert_eq!(Args::new(&["\"\""]).path(0), Err(GtpError::Syntax));
    }
}
