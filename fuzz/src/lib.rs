//! Fuzz targets for moku's parsers: each takes any bytes, feeds them to a
//! parser (and whatever the parser's result allows: writing it back,
//! replaying the game, stepping through the record) and panics when an
//! invariant breaks. A panic is what the fuzzer reports as a crash.
//!
//! The same functions run in two ways:
//! - as AFL++ programs (`src/bin/`, feature `afl`), coverage-guided, for
//!   the long documented runs (`fuzz/README.md`);
//! - in `cargo test` (`tests/short_run.rs`), on stable Rust with no
//!   fuzzer: the seed corpus, every crash found so far, and a few thousand
//!   inputs mutated from the seeds by a fixed-seed generator.
//!
//! Targets: [`sgf_text`], [`sgf_bytes`], [`gtp`], [`vertex`], [`tst`].

use moku::gtp::GtpSession;
use moku::record::{game_from_sgf, game_from_sgf_bytes, LoadUntil, RecordError};
use moku::rules::{gtp_vertex, parse_gtp_vertex};
use moku::sgf::{self, Collection};
use moku::GameRecord;

/// SGF text (the bytes read as UTF-8, invalid sequences replaced):
/// whatever parses writes back and parses to the same collection; errors
/// have a line and column inside the text; whatever loads as a record
/// steps to the end and back, saves, and loads again to the same game as
/// GTP's `loadsgf`.
pub fn sgf_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = sgf::parse(&text);
    match &parsed {
        Ok(collection) => {
            let written = sgf::to_string(collection);
            let again = sgf::parse(&written)
                .unwrap_or_else(|e| panic!("the writer's text does not parse: {e}\n{written:?}"));
            assert!(
                again == with_utf8_ca(collection.clone()),
                "write and read back changed the collection:\n{written:?}"
            );
        }
        Err(e) => check_location(e, &text),
    }
    let record = GameRecord::from_sgf(&text);
    check_until_fault(&record, GameRecord::from_sgf_until_fault(&text));
    let loaded = game_from_sgf(&text, LoadUntil::End);
    check_record(record, loaded);
}

/// [`GameRecord::from_sgf_until_fault`] against [`GameRecord::from_sgf`]
/// on the same text: the same record and no fault where the whole record
/// loads; where it does not, the same error, either as the fault beside a
/// record cut before it (which then loads whole when written and read
/// back) or as the error itself (a fault of the text or the root).
fn check_until_fault(
    whole: &Result<GameRecord, RecordError>,
    until: Result<(GameRecord, Option<RecordError>), RecordError>,
) {
    match (whole, until) {
        (Ok(r), Ok((u, None))) => assert_eq!(r.to_sgf(), u.to_sgf()),
        (Ok(_), other) => panic!("a record that loads whole loaded up to a fault: {other:?}"),
        (Err(e), Ok((u, Some(f)))) => {
            assert_eq!(e, &f);
            let written = u.to_sgf();
            if let Err(again) = GameRecord::from_sgf(&written) {
                panic!("the record cut before its fault does not load whole: {again}\n{written:?}");
            }
        }
        (Err(e), Err(f)) => assert_eq!(e, &f),
        (Err(e), Ok((_, None))) => panic!("a record refused whole ({e}) loaded with no fault"),
    }
}

/// SGF bytes in a charset: the first byte picks a `CA` label (every
/// charset `moku` decodes, some it does not know, or none), the rest is
/// the file after `(;CA[label]`; with an odd first byte the rest is read
/// as it is. The same invariants as [`sgf_text`], through
/// [`sgf::parse_bytes`] and the record's byte readers.
pub fn sgf_bytes(data: &[u8]) {
    /// The labels tried: the charsets of old server records, their
    /// aliases, UTF-16 (which decoding turns into UTF-8 as WHATWG says),
    /// and labels that name nothing.
    const LABELS: [&str; 16] = [
        "UTF-8",
        "ISO-8859-1",
        "latin1",
        "windows-1252",
        "Shift_JIS",
        "SJIS",
        "EUC-JP",
        "ISO-2022-JP",
        "GB2312",
        "GBK",
        "GB18030",
        "EUC-KR",
        "Big5",
        "UTF-16LE",
        "KOI8-R",
        "no-such-charset",
    ];
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let bytes = if first % 2 == 1 {
        rest.to_vec()
    } else {
        let label = LABELS[usize::from(first / 2) % LABELS.len()];
        let mut bytes = format!("(;CA[{label}]").into_bytes();
        bytes.extend_from_slice(rest);
        bytes
    };
    if let Ok(collection) = sgf::parse_bytes(&bytes) {
        let written = sgf::to_string(&collection);
        // The written text is UTF-8 and says so (or says nothing).
        let again = sgf::parse_bytes(written.as_bytes())
            .unwrap_or_else(|e| panic!("the writer's text does not parse: {e}\n{written:?}"));
        assert!(
            again == with_utf8_ca(collection),
            "write and read back changed the collection:\n{written:?}"
        );
    }
    let record = GameRecord::from_sgf_bytes(&bytes);
    let loaded = game_from_sgf_bytes(&bytes, LoadUntil::End);
    check_record(record, loaded);
}

/// GTP lines (the bytes read as UTF-8, split at line feeds, at most
/// [`GTP_LINES`]) through one session: every line gets a well-formed
/// answer or none (a comment or a blank line), and the board stays
/// consistent.
///
/// Lines naming one of [`SLOW_OR_FILE_COMMANDS`] are left out, and
/// `printsgf` loses its file name: `loadsgf` and `printsgf FILE` read and
/// write files named by the input, which is fuzzing the file system, not
/// the protocol (the SGF they read is fuzzed by the SGF targets); the
/// reading and analysis commands search for milliseconds to seconds, which
/// would make ten million inputs take weeks (their arguments go through
/// the same parsers as `play`'s, and the GNU Go suites run them).
pub fn gtp(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = GtpSession::new();
    for line in text.split('\n').take(GTP_LINES) {
        // The command as GTP's preprocessing will see it.
        let seen: String = line
            .chars()
            .filter(|&c| c == '\t' || !c.is_control())
            .collect::<String>()
            .to_ascii_lowercase();
        let line = if SLOW_OR_FILE_COMMANDS.iter().any(|name| seen.contains(name)) {
            continue;
        } else if seen.contains("printsgf") {
            "printsgf" // to the answer, never to a file named by the input
        } else {
            line
        };
        if let Some(answer) = session.handle_line(line) {
            assert!(
                (answer.starts_with('=') || answer.starts_with('?')) && answer.ends_with("\n\n"),
                "malformed answer to {line:?}: {answer:?}"
            );
            assert!(
                !answer[..answer.len() - 2].contains("\n\n"),
                "an answer with an empty line inside ends early: {line:?} gave {answer:?}"
            );
        }
        session
            .game()
            .board()
            .check_consistency()
            .unwrap_or_else(|e| panic!("after {line:?}: {e}"));
        if session.is_finished() {
            break;
        }
    }
}

/// The commands the [`gtp`] target leaves out (any line containing one of
/// these, once control characters are removed as GTP does): file access,
/// reading, life and death, the evaluators (which read life and death
/// first), scoring (which reads dead stones) and move generation.
pub const SLOW_OR_FILE_COMMANDS: [&str; 12] = [
    "loadsgf", "attack", "defend", "owl", "dragon", "connect", "eval_eye", "semeai", "moku_",
    "final_s", "genmove", "analyze",
];

/// Most lines of one GTP input: enough for a game's worth of setup and
/// questions, few enough that one input stays fast.
pub const GTP_LINES: usize = 64;

/// Vertices: the first byte picks a board size (0 to 29, so sizes moku
/// refuses too), the rest is the text. A GTP vertex that parses writes
/// back to itself; an SGF point that parses writes back to itself; point
/// lists stay on the board; sizes parse within the supported range.
pub fn vertex(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let size = usize::from(first % 30);
    let text = String::from_utf8_lossy(rest);
    if (moku::rules::MIN_SIZE..=moku::rules::MAX_SIZE).contains(&size) {
        if let Ok(Some(p)) = parse_gtp_vertex(&text, size) {
            let written = gtp_vertex(p, size);
            assert_eq!(
                parse_gtp_vertex(&written, size),
                Ok(Some(p)),
                "{text:?} on {size}x{size} wrote {written:?}"
            );
            assert!(p.x() < size && p.y() < size, "{text:?} is off the board");
        }
    }
    if let Ok(Some((x, y))) = sgf::parse_point(&text, size) {
        assert!(usize::from(x) < size && usize::from(y) < size);
        let written = sgf::point_text(x, y);
        assert_eq!(
            sgf::parse_point(&written, size),
            Ok(Some((x, y))),
            "{text:?} wrote {written:?}"
        );
    }
    if let Ok(points) = sgf::expand_point_list(&text, size) {
        assert!(points.len() <= size * size);
        assert!(points
            .iter()
            .all(|&(x, y)| usize::from(x) < size && usize::from(y) < size));
    }
    if let Ok(n) = sgf::parse_size(&text) {
        assert!((moku::rules::MIN_SIZE..=moku::rules::MAX_SIZE).contains(&n));
    }
}

/// How many of an input's cases have their pattern matched. Matching
/// compiles the pattern as a regular expression, which is the `regex`
/// crate's code (fuzzed upstream) and costs far more than reading the
/// suite: matching every case of a 4 KiB input ran 260 inputs a second,
/// which would take this target ten hours to ten million. The first few
/// cases keep our part of matching (the anchoring around the pattern, the
/// negation) under the fuzzer.
const MATCHED_CASES_PER_INPUT: usize = 4;

/// GNU Go's `.tst` suites: any text parses into setup lines and cases,
/// each case's command is one line, and its answer pattern compiles or is
/// refused without a panic when matched against the command itself (the
/// first `MATCHED_CASES_PER_INPUT` cases).
pub fn tst(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut matched = 0;
    for line in moku_regress::parse_suite(&text) {
        match line {
            moku_regress::Line::Setup(command) => {
                assert!(!command.contains('\n') && !command.is_empty());
            }
            moku_regress::Line::Case(case) => {
                assert!(!case.command.contains('\n'));
                assert!(!case.pattern.contains('\n'));
                if matched < MATCHED_CASES_PER_INPUT {
                    matched += 1;
                    let _ = moku_regress::matches(&case, &case.command);
                }
            }
        }
    }
}

/// `collection` as the writer gives it back: root `CA` values that name
/// another charset than UTF-8 become `UTF-8`.
fn with_utf8_ca(mut collection: Collection) -> Collection {
    for root in &mut collection.games {
        for property in root.props.iter_mut().filter(|p| p.id == "CA") {
            let utf8 = property.values.first().is_some_and(|v| {
                let v = v.trim().to_ascii_lowercase();
                v == "utf-8" || v == "utf8" || v == "unicode-1-1-utf-8"
            });
            if !utf8 {
                property.values = vec!["UTF-8".to_string()];
            }
        }
    }
    collection
}

/// A parse error's place is inside the text (a file refused for its size
/// has none).
fn check_location(e: &sgf::SgfError, text: &str) {
    let Some(at) = e.location else {
        assert!(text.len() > sgf::MAX_FILE_BYTES, "no location: {e}");
        return;
    };
    assert!(at.line >= 1 && at.column >= 1, "{e}");
    assert!(at.line <= text.split(['\n', '\r']).count() + 1, "{e}");
}

/// A record and GTP's `loadsgf` read the same main line: both load or
/// neither does, and when both do they reach the same board. The record
/// then steps to the end and back, and what it saves loads again to the
/// same board at the end of its main line.
fn check_record(
    record: Result<GameRecord, moku::record::RecordError>,
    loaded: Result<moku::Game, moku::record::RecordError>,
) {
    let (mut record, loaded) = match (record, loaded) {
        (Ok(r), Ok(g)) => (r, g),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "the record and loadsgf refuse for different reasons");
            return;
        }
        (r, g) => panic!(
            "the record and loadsgf disagree: {:?} / {:?}",
            r.err(),
            g.err()
        ),
    };
    record.last();
    assert_eq!(record.game().board(), loaded.board());
    assert_eq!(record.move_number(), loaded.move_number());
    record.game().board().check_consistency().unwrap();
    let end = record.game().board().clone();
    while record.back() {}
    record.game().board().check_consistency().unwrap();
    // At the root: only a move in the root node itself is played.
    assert!(record.move_number() <= 1);
    let saved = record.to_sgf();
    let mut again = GameRecord::from_sgf(&saved)
        .unwrap_or_else(|e| panic!("the saved record does not load: {e}\n{saved:?}"));
    again.last();
    assert_eq!(again.game().board(), &end, "saved:\n{saved}");
}

/// Most query lines of one JSON analysis input.
pub const ANALYSIS_LINES: usize = 16;

/// Visits of a well-formed query in the [`analysis_json`] target: one,
/// so that the queries a mutation leaves valid stay fast.
pub const ANALYSIS_VISITS: u64 = 1;

/// KataGo's JSON analysis protocol (`moku analysis`): every line gets
/// JSON objects back, each an answer with the line's id or an error,
/// and the engine keeps serving.
pub fn analysis_json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut engine = moku::gtp::AnalysisEngine::new().with_max_visits(ANALYSIS_VISITS);
    for line in text.split('\n').take(ANALYSIS_LINES) {
        for answer in engine.handle_line(line) {
            let value: serde_json::Value = serde_json::from_str(&answer)
                .unwrap_or_else(|e| panic!("no JSON answer to {line:?}: {answer:?}: {e}"));
            assert!(value.is_object(), "{answer:?}");
            assert!(
                !answer.contains('\n'),
                "an answer must be one line: {answer:?}"
            );
        }
    }
}
