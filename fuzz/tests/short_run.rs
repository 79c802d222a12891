//! The short run of every fuzz target, on stable Rust with no fuzzer: the
//! seed corpus (`fuzz/corpus/TARGET/`), every crash the fuzzer found
//! (`fuzz/regressions/TARGET/`, each a regression test), and inputs
//! mutated from the seeds by a fixed-seed generator, so a failure
//! reproduces. `MOKU_FUZZ_INPUTS` sets how many mutated inputs per target
//! (default `DEFAULT_INPUTS`, a few seconds in a debug build).

use std::path::{Path, PathBuf};

/// Mutated inputs per target in `cargo test`.
const DEFAULT_INPUTS: usize = 1_500;

/// Tokens the mutator inserts: the syntax of each format, so mutations
/// reach past the first check of each parser.
const TOKENS: [&[u8]; 33] = [
    b"(;",
    b")",
    b";",
    b"[",
    b"]",
    b"\\",
    b"\\]",
    b":",
    b"\n",
    b"\r\n",
    b" ",
    b"\t",
    b"B[aa]",
    b"W[ss]",
    b"AB[aa:cc]",
    b"AE[bb]",
    b"SZ[25]",
    b"SZ[2]",
    b"CA[Shift_JIS]",
    b"HA[3]",
    b"KM[6.5]",
    b"play b D4\n",
    b"boardsize 9\n",
    b"undo\n",
    b"#? [1]\n",
    b"1 attack A1\n",
    b"pass",
    b"\xe9",
    b"\x83\x5c",
    b"\xff\xfe",
    b"\"moves\":[[\"B\",\"D4\"]]",
    b"\"boardXSize\":",
    b"null",
];

fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(PathBuf, Vec<u8>)> = entries
        .map(|e| e.expect("a readable folder").path())
        .filter(|p| p.is_file())
        .map(|p| {
            let bytes = std::fs::read(&p).expect("a readable file");
            (p, bytes)
        })
        .collect();
    out.sort();
    out
}

/// A xorshift generator: reproducible, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to eight mutations of `seed`: flip, insert a token, delete or
/// repeat a slice, or splice in part of another seed.
fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(data.len() + 1);
        match rng.below(5) {
            0 if !data.is_empty() => {
                let i = rng.below(data.len());
                data[i] ^= 1 << rng.below(8);
            }
            1 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                data.splice(at..at, token.iter().copied());
            }
            2 => {
                let end = (at + rng.below(16)).min(data.len());
                data.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(32)).min(data.len());
                let piece = data[at..end].to_vec();
                for _ in 0..rng.below(4) {
                    data.splice(at..at, piece.iter().copied());
                }
            }
            _ if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + rng.below(64)).min(other.len());
                data.splice(at..at, other[from..end].iter().copied());
            }
            _ => {}
        }
    }
    data
}

fn run_target(name: &str, target: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds = files(&root.join("corpus").join(name));
    assert!(!seeds.is_empty(), "fuzz/corpus/{name} has no seeds");
    for (path, bytes) in seeds
        .iter()
        .chain(&files(&root.join("regressions").join(name)))
    {
        eprintln!("{name}: {}", path.display());
        target(bytes);
    }
    let inputs = std::env::var("MOKU_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_INPUTS);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    for i in 0..inputs {
        let seed = &seeds[rng.below(seeds.len())].1;
        let other = &seeds[rng.below(seeds.len())].1;
        let data = mutate(&mut rng, seed, other);
        let result = std::panic::catch_unwind(|| target(&data));
        assert!(
            result.is_ok(),
            "{name}: mutated input {i} failed; save it as a regression: {:?}",
            String::from_utf8_lossy(&data)
        );
    }
}

/// One test per fuzz target, each named as its target (and its seed
/// folder), so a failure names the target.
macro_rules! short_runs {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                run_target(stringify!($target), moku_fuzz::$target);
            }
        )*
    };
}

short_runs!(sgf_text, sgf_bytes, gtp, vertex, tst, analysis_json);

/// Malformed queries the JSON analysis engine must refuse one by one.
const MALFORMED_QUERIES: usize = 10_000;

/// Fields of a well-formed 9x9 query and the values that make it
/// malformed, each alone ([`LEFT_OUT`]: the field left out).
const BREAKERS: &[(&str, &[&str])] = &[
    (
        "boardXSize",
        &["-1", "0", "1", "26", "\"9\"", "9.5", "null", LEFT_OUT],
    ),
    ("boardYSize", &["7", LEFT_OUT]),
    (
        "rules",
        &["\"klingon\"", "3", "null", "{\"ko\":\"simple\"}", LEFT_OUT],
    ),
    ("komi", &["\"6.5\"", "1e9", "null"]),
    (
        "moves",
        &[
            "\"E5\"",
            "[[\"B\"]]",
            "[[\"X\",\"E5\"]]",
            "[[\"B\",\"Z9\"]]",
            "[[\"B\",\"J10\"]]",
            "[[\"B\",\"E5\"],[\"W\",\"E5\"]]",
            "[[\"B\",5]]",
            "null",
            LEFT_OUT,
        ],
    ),
    (
        "initialStones",
        &["[[\"B\",\"pass\"]]", "\"x\"", "[[\"B\",\"J10\"]]"],
    ),
    ("initialPlayer", &["\"red\"", "1"]),
    ("analyzeTurns", &["[5]", "[-1]", "\"0\"", "[0.5]"]),
    ("maxVisits", &["0", "-5", "\"10\"", "1e12", "2000000"]),
    ("includeOwnership", &["\"yes\"", "1"]),
    ("includePolicy", &["\"true\""]),
    ("action", &["\"dance\"", "5", "\"terminate\""]),
];

/// A breaker that leaves its field out of the query.
const LEFT_OUT: &str = "";

/// The well-formed query's fields.
const FIELDS: &[(&str, &str)] = &[
    ("moves", "[[\"B\",\"E5\"]]"),
    ("rules", "\"chinese\""),
    ("komi", "7"),
    ("boardXSize", "9"),
    ("boardYSize", "9"),
    ("maxVisits", "1"),
];

/// A query with `id` and the fields, one to three breakers applied.
fn malformed(rng: &mut Rng, id: &str) -> String {
    let mut fields: Vec<(String, String)> = FIELDS
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let breakers: Vec<(&str, &str)> = BREAKERS
        .iter()
        .flat_map(|&(key, values)| values.iter().map(move |&v| (key, v)))
        .collect();
    for _ in 0..1 + rng.below(3) {
        let (key, value) = breakers[rng.below(breakers.len())];
        fields.retain(|(k, _)| k != key);
        if value != LEFT_OUT {
            fields.push((key.to_string(), value.to_string()));
        }
    }
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
    format!("{{\"id\":\"{id}\",{}}}", body.join(","))
}

#[test]
fn the_analysis_engine_answers_every_malformed_query_with_its_error() {
    let mut engine = moku::gtp::AnalysisEngine::new();
    let mut rng = Rng(0x005E_ED0F_4A50_u64);
    for i in 0..MALFORMED_QUERIES {
        let id = format!("m{i}");
        let query = malformed(&mut rng, &id);
        let answers = engine.handle_line(&query);
        assert_eq!(answers.len(), 1, "{query}: {answers:?}");
        let answer: serde_json::Value = serde_json::from_str(&answers[0]).unwrap();
        assert_eq!(answer["id"], id.as_str(), "{query}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{query}: {answer}"
        );
        assert!(answer["field"].is_string(), "{query}: {answer}");
    }
    // Lines that are no query object: an error without an id.
    for line in [
        "{",
        "[1,2]",
        "\"id\"",
        "{\"id\":5}",
        "{\"moves\":[]}",
        "\u{fffd}",
    ] {
        let answers = engine.handle_line(line);
        let answer: serde_json::Value = serde_json::from_str(&answers[0]).unwrap();
        assert!(
            answer["error"].is_string() && answer.get("id").is_none(),
            "{line}: {answer}"
        );
    }
    // And the engine still serves.
    let ok = engine.handle_line(
        "{\"id\":\"ok\",\"moves\":[[\"B\",\"E5\"]],\"rules\":\"chinese\",\"komi\":7,\
         \"boardXSize\":9,\"boardYSize\":9,\"maxVisits\":20}",
    );
    let answer: serde_json::Value = serde_json::from_str(&ok[0]).unwrap();
    assert_eq!(answer["id"], "ok");
    assert_eq!(answer["rootInfo"]["currentPlayer"], "W");
    assert!(answer.get("error").is_none(), "{answer}");
}
