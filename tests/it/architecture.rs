//! The crate's layers, enforced: a module uses only modules of its own
//! layer or of layers below it (the map at the top of `src/lib.rs`), so
//! there is no cycle between layers, and the reader (core and lexicon)
//! compiles without what builds files, generates moves or plays games.
//!
//! Read from the sources: every `crate::MODULE` path outside comments and
//! outside `#[cfg(test)]` modules.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module of `src/` and its layer, bottom first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "core",
        &["error", "text", "simd", "alphabet", "board", "rules"],
    ),
    ("lexicon", &["format", "lexicon", "query"]),
    ("build", &["wordlist", "builder", "compile"]),
    ("movegen", &["crosscheck", "scoring", "movegen", "play"]),
    ("game", &["selfplay"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

/// The code of a source file: comments and `#[cfg(test)]` modules left out.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    let mut depth = 0i32;
    let mut pending_test = false;
    for line in text.lines() {
        let t = line.trim_start();
        if skipping {
            depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            if depth <= 0 {
                skipping = false;
            }
            continue;
        }
        if t.starts_with("#[cfg(test)]") {
            pending_test = true;
            continue;
        }
        if pending_test && t.starts_with("mod ") {
            pending_test = false;
            depth = line.matches('{').count() as i32 - line.matches('}').count() as i32;
            skipping = depth > 0;
            continue;
        }
        pending_test = false;
        if t.starts_with("//") {
            continue;
        }
        out.push_str(line.split("//").next().unwrap_or(""));
        out.push('\n');
    }
    out
}

/// The first segment of every `crate::` path in `code`, grouped imports
/// (`crate::{a::X, b}`) included.
fn uses(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(inner.split(',').map(ident));
        } else {
            out.push(ident(rest));
        }
    }
    out
}

#[test]
fn every_module_uses_only_its_layer_and_those_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for e in std::fs::read_dir(&path).unwrap() {
                files.push(e.unwrap().path());
            }
        } else {
            files.push(path);
        }
    }
    let mut seen = BTreeMap::new();
    let mut wrong = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if rel == "lib.rs" {
            continue;
        }
        // `format/edges.rs` belongs to `format`, `movegen/dawg.rs` to `movegen`.
        let module = rel.split(['/', '.']).next().unwrap().to_string();
        let here = layer_of(&module)
            .unwrap_or_else(|| panic!("src/{rel}: module {module} is in no layer of LAYERS"));
        seen.insert(module.clone(), here);
        let text = code(&std::fs::read_to_string(&path).unwrap());
        for used in uses(&text) {
            let Some(there) = layer_of(&used) else {
                continue; // a root re-export, such as crate::Lexicon
            };
            if there > here {
                wrong.push(format!(
                    "src/{rel} ({}) uses crate::{used} ({})",
                    LAYERS[here].0, LAYERS[there].0
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "layers crossed upwards:\n{}",
        wrong.join("\n")
    );
    // Every layer's modules exist: the table is not stale.
    for (_, modules) in LAYERS {
        for m in *modules {
            assert!(seen.contains_key(*m), "LAYERS names {m}, which src/ lacks");
        }
    }
}

#[test]
fn the_layer_scan_skips_comments_and_test_modules() {
    let text = "use crate::alphabet::Tile; // crate::selfplay\n\
                /// [`crate::compile`]\n\
                #[cfg(test)]\nmod tests {\n    use crate::selfplay;\n}\n\
                fn f() { crate::board::tile_of(1); }\n";
    let c = code(text);
    assert!(c.contains("crate::alphabet") && c.contains("crate::board"));
    assert!(!c.contains("selfplay") && !c.contains("compile"), "{c}");
    let found = uses("use crate::{format::Kind, movegen};\nlet x = crate::board::tile_of(1);");
    assert_eq!(found, ["format", "movegen", "board"]);
}
