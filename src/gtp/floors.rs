//! The floors of this folder (see the module map in `mod.rs`): a module
//! uses only modules on the floors below its own, so that the imports run
//! one way, from the registry down to the protocol. The test reads every
//! file of the folder and names each `super::MODULE` path (a `use` line or
//! a path written inline) that reaches a module on its own floor or above.
//! Unit tests (from the first `#[cfg(test)]` on) are not checked: they
//! may drive the whole session.

use std::path::Path;

/// Each module of the folder and its floor, from the bottom up.
const FLOORS: &[(&str, u8)] = &[
    ("protocol", 0),
    ("files", 1),
    ("search", 1),
    ("info", 1),
    ("gogui", 1),
    ("session", 2),
    ("commands", 3),
    ("genmove", 3),
    ("live", 3),
    ("analysis", 3),
    ("evaluation", 3),
    ("thermo", 3),
    ("reading", 3),
    ("review", 3),
    ("json", 3),
    ("registry", 4),
];

fn floor(module: &str) -> Option<u8> {
    FLOORS.iter().find(|(m, _)| *m == module).map(|&(_, f)| f)
}

/// The modules of this folder named by `super::` paths in `code`, outside
/// comments, each with its line number. `use super::{a, b}` names both.
fn used_modules(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("super::") {
            rest = &rest[i + "super::".len()..];
            if let Some(list) = rest.strip_prefix('{') {
                let end = list.find('}').unwrap_or(list.len());
                for item in list[..end].split(',') {
                    let name = item.trim().split("::").next().unwrap_or("");
                    out.push((n + 1, name.to_string()));
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push((n + 1, name));
            }
        }
    }
    out
}

#[test]
fn every_module_of_the_folder_is_on_a_floor() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gtp");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let module = name.trim_end_matches(".rs");
        if matches!(module, "mod" | "tests" | "floors") {
            continue;
        }
        assert!(floor(module).is_some(), "src/gtp/{name} has no floor");
    }
}

#[test]
fn imports_run_down_the_floors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gtp");
    let mut climbs = Vec::new();
    for &(module, own) in FLOORS {
        let Ok(code) = std::fs::read_to_string(dir.join(format!("{module}.rs"))) else {
            continue;
        };
        for (line, used) in used_modules(&code) {
            // Names that are no module of the folder (`super::*` in a
            // child) are not floors.
            if let Some(f) = floor(&used) {
                if f >= own {
                    climbs.push(format!("src/gtp/{module}.rs:{line} uses {used}"));
                }
            }
        }
    }
    assert!(
        climbs.is_empty(),
        "imports that climb:\n{}",
        climbs.join("\n")
    );
}

#[test]
fn the_reader_finds_lists_and_paths() {
    let code = "use super::protocol::{Args, Reply};\n\
                use super::{files, search};\n\
                // super::registry in a comment\n\
                let x = super::session::new_game(9);\n\
                #[cfg(test)]\n\
                use super::registry;\n";
    let found: Vec<(usize, String)> = used_modules(code);
    let names: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(names, ["protocol", "files", "search", "session"]);
    assert_eq!(found[3].0, 4);
}
