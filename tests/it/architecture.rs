//! The crate's layers, enforced: a module uses only modules of its own
//! layer or of layers below it (the map at the top of `src/lib.rs`), so
//! there is no cycle between layers, and the reader (core and lexicon)
//! compiles without what builds files, generates moves or plays games.
//!
//! Read from the sources: every `crate::MODULE` path outside comments and
//! outside `#[cfg(test)]` modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each module of `src/` and its layer, bottom first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "core",
        &["error", "text", "simd", "alphabet", "board", "rules"],
    ),
    ("lexicon", &["format", "anagrams", "lexicon", "query"]),
    ("build", &["wordlist", "builder", "compile", "kwg"]),
    (
        "movegen",
        &[
            "lane",
            "scoring",
            "crosscheck",
            "movegen",
            "play",
            "leave",
            "klv",
            "equity",
            "strategy",
        ],
    ),
    (
        "game",
        &["game", "gcg", "replay", "matchplay", "selfplay", "tune"],
    ),
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

/// A cycle of `graph` (module -> modules it uses), if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut Vec::new(), &mut done))
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
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
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
            if used != module {
                graph
                    .entry(module.clone())
                    .or_default()
                    .insert(used.clone());
            }
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
    // No cycle between modules either, within a layer or across.
    if let Some(cycle) = find_cycle(&graph) {
        panic!("modules use each other in a cycle: {}", cycle.join(" -> "));
    }
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
    let g = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry(a.to_string()).or_default().insert(b.to_string());
        }
        g
    };
    assert_eq!(find_cycle(&g(&[("a", "b"), ("b", "c")])), None);
    assert_eq!(
        find_cycle(&g(&[("a", "b"), ("b", "c"), ("c", "a")])),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let found = uses("use crate::{format::Kind, movegen};\nlet x = crate::board::tile_of(1);");
    assert_eq!(found, ["format", "movegen", "board"]);
}
