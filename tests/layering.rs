//! The folders of `src/` are the layers of the crate, and data flows one
//! way: `rules` < `record` < `reading` < `eval` < `engine` < `gtp`, `web`.
//! This test reads every source file and fails, naming the file, the line
//! and the import, when a module uses a layer above its own (or the other
//! of the two top layers).
//!
//! Inside a layer's folder the same holds for its modules where the
//! folder's order is written down ([`FOLDER_ORDERS`]): a module may use
//! the modules of its own row and the rows below it, never one above.
//! Adding a folder's order is one entry of that table.
//!
//! A use is any path `crate::LAYER` outside comments: `use` lines, paths
//! written inline, and `pub use` re-exports alike. `lib.rs` and `main.rs`
//! sit above every layer and are not checked, nor is a folder's own
//! `mod.rs`, which declares and re-exports its modules. Relative paths
//! (`super::`, `self::`) are not read: a module reaches another of its
//! folder through `crate::`.

use std::path::{Path, PathBuf};

/// The layers from the bottom up; a layer may use the ones before it.
/// `gtp` and `web` share the top rank and may not use each other.
const LAYERS: &[(&str, u8)] = &[
    ("rules", 0),
    ("record", 1),
    ("reading", 2),
    ("eval", 3),
    ("engine", 4),
    ("gtp", 5),
    ("web", 5),
];

fn rank(layer: &str) -> Option<u8> {
    LAYERS
        .iter()
        .find(|(name, _)| *name == layer)
        .map(|&(_, r)| r)
}

/// One import that climbs: where it is and what it names.
#[derive(Debug, PartialEq, Eq)]
struct Violation {
    file: String,
    line: usize,
    from: String,
    to: String,
    text: String,
}

/// The layer of a file from its path below `src/` (`reading/owl.rs` ->
/// `reading`); `None` for the crate root files and `bin/`.
fn layer_of(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    rank(name).map(|_| name.to_string())
}

/// The code of a line without its `//` comment (doc comments included).
/// String literals are not parsed; a `//` inside one cuts the line short,
/// which can only hide a path, never invent one.
fn code_of(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The layers named by `crate::LAYER` paths in one line of code.
fn layers_used(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        // `$crate::` in macros and identifiers ending in `crate` are not paths.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if rank(&name).is_some() {
            out.push(name);
        } else if name.is_empty() && rest.starts_with('{') {
            // `crate::{rules::Board, eval::Analysis}`: each group item.
            let group = rest[1..].split('}').next().unwrap_or("");
            for item in group.split(',') {
                let head: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if rank(&head).is_some() {
                    out.push(head);
                }
            }
        }
    }
    out
}

/// Checks the source text of one file of layer `from`.
fn check_source(file: &str, from: &str, text: &str) -> Vec<Violation> {
    let own = rank(from).expect("a layer");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for to in layers_used(code_of(line)) {
            let r = rank(&to).expect("a layer");
            if to != from && r >= own {
                out.push(Violation {
                    file: file.to_string(),
                    line: i + 1,
                    from: from.to_string(),
                    to,
                    text: line.trim().to_string(),
                });
            }
        }
    }
    out
}

/// The order of the modules inside a layer's folder, from the bottom up:
/// each row lists module paths below the folder (`classic::decide` is
/// `src/engine/classic/decide.rs`); a module may use the modules of its
/// own row and of the rows before it. A module's row is that of the
/// longest listed path it starts with (so `classic::decide` overrides
/// `classic` for that file). An import through the folder's root (its
/// `mod.rs` re-exports) names no row and counts as a violation: inside
/// the folder, modules name each other by their own paths.
const FOLDER_ORDERS: &[(&str, &[&[&str]])] = &[(
    "engine",
    &[
        // What both pipelines are given: budgets and clocks.
        &["level", "time"],
        // The classic pipeline: root, generators, valuation, quiescence.
        &["classic"],
        // The tree pipeline: the Monte-Carlo search, playouts, guard.
        &["tree"],
        // Readers of both pipelines' results.
        &["words", "ownership", "estimate"],
        // What a decision hands back.
        &["decision"],
        // The classic path and the tree path, making decisions.
        &["classic::decide", "tree::decide"],
        // How a move is chosen: the engine.
        &["genmove"],
        // Whole moves played through the engine.
        &["review"],
    ],
)];

/// The row of module path `segments` in `rows`: the row of the longest
/// listed path that `segments` starts with.
fn row_of(rows: &[&[&str]], segments: &[String]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (r, row) in rows.iter().enumerate() {
        for listed in row.iter() {
            let parts: Vec<&str> = listed.split("::").collect();
            let starts = parts.len() <= segments.len()
                && parts.iter().zip(segments).all(|(a, b)| *a == b.as_str());
            if starts && best.is_none_or(|(len, _)| parts.len() > len) {
                best = Some((parts.len(), r));
            }
        }
    }
    best.map(|(_, r)| r)
}

/// The module path below its folder of a file (`engine/classic/decide.rs`
/// -> `classic`, `decide`; `engine/tree/mcts/mod.rs` -> `tree`, `mcts`);
/// empty for the folder's own `mod.rs`.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .skip(1)
        .filter_map(|c| c.as_os_str().to_str().map(str::to_string))
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.strip_suffix(".rs").unwrap_or(&last).to_string();
        if stem != "mod" {
            parts.push(stem);
        }
    }
    parts
}

/// An identifier at the start of `s`.
fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The module paths below `crate::FOLDER::` named in one line of code,
/// each as its segments (a group `{a::b, c}` gives one path per item).
fn folder_paths(code: &str, folder: &str) -> Vec<Vec<String>> {
    let prefix = format!("crate::{folder}::");
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(&prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        paths_at(rest, Vec::new(), &mut out);
    }
    out
}

/// The paths at the start of `s`, below `head`: segments up to the end
/// of the path, or, at a `{`, each item of the group (nested groups
/// included).
fn paths_at(s: &str, head: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut segments = head;
    let mut s = s.trim_start();
    loop {
        if let Some(group) = s.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (k, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        paths_at(&group[start..k], segments.clone(), out);
                        return;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        paths_at(&group[start..k], segments.clone(), out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            // A group that goes on past the line: its items on this line.
            paths_at(&group[start..], segments, out);
            return;
        }
        let name = ident(s);
        if name.is_empty() || name == "self" {
            break;
        }
        s = &s[name.len()..];
        segments.push(name);
        match s.strip_prefix("::") {
            Some(next) => s = next,
            None => break,
        }
    }
    if !segments.is_empty() {
        out.push(segments);
    }
}

/// Checks the source text of one module of a folder with an order: every
/// `crate::FOLDER::` path it names must be of its own row or below.
fn check_folder_order(
    file: &str,
    folder: &str,
    rows: &[&[&str]],
    module: &[String],
    text: &str,
) -> Vec<Violation> {
    let Some(own) = row_of(rows, module) else {
        return vec![Violation {
            file: file.to_string(),
            line: 0,
            from: module.join("::"),
            to: format!("no row of the {folder} order"),
            text: String::new(),
        }];
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for path in folder_paths(code_of(line), folder) {
            let climbs = match row_of(rows, &path) {
                Some(r) => r > own,
                None => true,
            };
            if climbs {
                out.push(Violation {
                    file: file.to_string(),
                    line: i + 1,
                    from: module.join("::"),
                    to: path.join("::"),
                    text: line.trim().to_string(),
                });
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    let mut checked = 0;
    for path in &files {
        let rel = path.strip_prefix(&src).expect("below src");
        let Some(layer) = layer_of(rel) else {
            continue;
        };
        checked += 1;
        let text = std::fs::read_to_string(path).expect("readable source file");
        violations.extend(check_source(
            &format!("src/{}", rel.display()),
            &layer,
            &text,
        ));
    }
    // Every layer folder is there and was read.
    for (name, _) in LAYERS {
        assert!(src.join(name).is_dir(), "src/{name}/ is missing");
    }
    assert!(checked > 40, "only {checked} files checked");
    assert_none(&violations, "the layers", |v| {
        format!("the {} layer uses {} (above it)", v.from, v.to)
    });
}

/// Fails naming every violation, one a line, each as `describe` says it.
fn assert_none(violations: &[Violation], what: &str, describe: impl Fn(&Violation) -> String) {
    let report: Vec<String> = violations
        .iter()
        .map(|v| format!("{}:{}: {}: {}", v.file, v.line, describe(v), v.text))
        .collect();
    assert!(
        violations.is_empty(),
        "imports that climb {what}:\n{}",
        report.join("\n")
    );
}

#[test]
fn a_planted_upward_import_is_named() {
    let text = "//! reading\nuse crate::rules::Board;\nuse crate::eval::analysis; // climbs\n";
    let v = check_source("src/reading/tactics.rs", "reading", text);
    assert_eq!(
        v,
        vec![Violation {
            file: "src/reading/tactics.rs".into(),
            line: 3,
            from: "reading".into(),
            to: "eval".into(),
            text: "use crate::eval::analysis; // climbs".into(),
        }]
    );
}

#[test]
fn groups_inline_paths_and_the_two_top_layers() {
    // A group naming a higher layer, an inline path, and gtp using web.
    let text =
        "use crate::{rules::Point, engine::Engine};\nlet x = crate::gtp::GtpSession::new();\n";
    let v = check_source("src/eval/x.rs", "eval", text);
    let to: Vec<&str> = v.iter().map(|v| v.to.as_str()).collect();
    assert_eq!(to, ["engine", "gtp"]);
    let v = check_source("src/gtp/x.rs", "gtp", "use crate::web::Game;");
    assert_eq!(v.len(), 1);
    // Comments, lower layers and the own layer are fine.
    let ok = "/// see crate::engine::Engine\nuse crate::rules::Board; // crate::web\nuse crate::eval::moyo;";
    assert!(check_source("src/eval/y.rs", "eval", ok).is_empty());
}

#[test]
fn no_module_uses_one_above_it_in_its_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for (folder, rows) in FOLDER_ORDERS {
        let mut files = Vec::new();
        rust_files(&src.join(folder), &mut files);
        files.sort();
        let mut checked = 0;
        for path in &files {
            let rel = path.strip_prefix(&src).expect("below src");
            let module = module_path(rel);
            if module.is_empty() {
                continue;
            }
            checked += 1;
            let text = std::fs::read_to_string(path).expect("readable source file");
            violations.extend(check_folder_order(
                &format!("src/{}", rel.display()),
                folder,
                rows,
                &module,
                &text,
            ));
        }
        assert!(checked > 10, "only {checked} files of src/{folder} checked");
        // Every listed module is there: a renamed module cannot leave its
        // row behind, silently ordering nothing.
        for row in rows.iter() {
            for listed in row.iter() {
                let rel = listed.replace("::", "/");
                let file = src.join(folder).join(format!("{rel}.rs"));
                let dir = src.join(folder).join(&rel).join("mod.rs");
                assert!(
                    file.is_file() || dir.is_file(),
                    "src/{folder}/{rel} is listed in the order but missing"
                );
            }
        }
    }
    assert_none(&violations, "a folder's order", |v| {
        format!("{} uses {} (above it in its folder's order)", v.from, v.to)
    });
}

#[test]
fn a_folder_order_names_the_import_that_climbs() {
    let rows: &[&[&str]] = &[&["level"], &["classic"], &["classic::decide"], &["genmove"]];
    let module = vec!["classic".to_string(), "search".to_string()];
    let text = "use crate::engine::level::Level;\n\
                use crate::engine::classic::{context::Context, decide::Classic};\n\
                let e = crate::engine::genmove::Engine::new();\n\
                use crate::engine::Engine; // the root's re-export\n";
    let v = check_folder_order(
        "src/engine/classic/search.rs",
        "engine",
        rows,
        &module,
        text,
    );
    let found: Vec<(usize, &str)> = v.iter().map(|v| (v.line, v.to.as_str())).collect();
    assert_eq!(
        found,
        [
            (2, "classic::decide::Classic"),
            (3, "genmove::Engine::new"),
            (4, "Engine"),
        ]
    );
    // The longer listed path places a file in its own row: the decide
    // file may use genmove's row below it, not the other way round.
    let decide = vec!["classic".to_string(), "decide".to_string()];
    assert_eq!(row_of(rows, &decide), Some(2));
    assert_eq!(row_of(rows, &module), Some(1));
    let ok = "use crate::engine::classic::context::Context;\nuse crate::engine::level::Level;";
    assert!(
        check_folder_order("src/engine/classic/decide.rs", "engine", rows, &decide, ok).is_empty()
    );
}

#[test]
fn module_paths_of_files() {
    assert_eq!(
        module_path(Path::new("engine/classic/decide.rs")),
        ["classic", "decide"]
    );
    assert_eq!(
        module_path(Path::new("engine/tree/mcts/mod.rs")),
        ["tree", "mcts"]
    );
    assert!(module_path(Path::new("engine/mod.rs")).is_empty());
}
