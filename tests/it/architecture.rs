//! The crate's layers, enforced: a module uses only modules of its own
//! layer or of layers below it, so there is no cycle between layers, and
//! the reader (core and lexicon) compiles without what builds files,
//! generates moves or plays games.
//!
//! Nothing here is kept by hand: the layers are the folders of `src/`, in
//! the order `src/lib.rs` declares them (`pub mod core;` first), a module's
//! layer is the folder it is in, and the root names of modules
//! (`lexgraph::klv` for `equity/klv.rs`) are read from `lib.rs`'s
//! `pub use self::LAYER::{...}` lines. Uses are every `crate::` path
//! outside comments and outside `#[cfg(test)]` modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    crate::common::root().join("src")
}

/// The layers, bottom first: the `pub mod NAME;` lines of `lib` whose
/// `NAME` is a folder of `src/`.
fn layers(lib: &str, src: &Path) -> Vec<String> {
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod")?.trim().strip_suffix(';'))
        .map(str::to_string)
        .filter(|m| src.join(m).is_dir())
        .collect()
}

/// Root names of modules (`klv`) and the module each stands for
/// (`equity/klv`), from `lib`'s `pub use self::LAYER::{a, b};` and
/// `pub(crate) use self::LAYER::a;` lines.
fn root_names(lib: &str, layers: &[String]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for l in lib.lines() {
        let l = l.trim();
        let Some(rest) = l
            .strip_prefix("pub use self::")
            .or_else(|| l.strip_prefix("pub(crate) use self::"))
        else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let Some((layer, names)) = rest.split_once("::") else {
            continue;
        };
        if !layers.iter().any(|x| x == layer) {
            continue;
        }
        let names = names.trim_start_matches('{').trim_end_matches('}');
        for n in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            out.insert(n.to_string(), format!("{layer}/{n}"));
        }
    }
    out
}

/// The module a `crate::` path names (its first one or two segments):
/// `lexicon/format` for `crate::format` or `crate::lexicon::format`,
/// `lexicon` for `crate::lexicon::Lexicon`; `None` for a root re-export of
/// an item (`crate::Lexicon`).
fn resolve(
    path: &[String],
    layers: &[String],
    names: &BTreeMap<String, String>,
    src: &Path,
) -> Option<String> {
    let first = path.first()?;
    if layers.contains(first) {
        return Some(match path.get(1) {
            Some(m)
                if src.join(first).join(format!("{m}.rs")).exists()
                    || src.join(first).join(m).is_dir() =>
            {
                format!("{first}/{m}")
            }
            _ => first.clone(),
        });
    }
    names.get(first).cloned()
}

/// The module of the file at `rel` (a path under `src/`): its layer
/// folder's `mod.rs` is the layer's own module, anything deeper belongs to
/// the file or folder right inside the layer (`lexicon/format/edges.rs` to
/// `lexicon/format`).
fn module_of(rel: &str) -> String {
    let parts: Vec<&str> = rel.split('/').collect();
    match parts[..] {
        [layer, "mod.rs"] => layer.to_string(),
        [layer, file] => format!("{layer}/{}", file.trim_end_matches(".rs")),
        [layer, dir, ..] => format!("{layer}/{dir}"),
        _ => rel.trim_end_matches(".rs").to_string(),
    }
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

/// The first two segments of every `crate::` path in `code`, grouped
/// imports (`crate::{a::X, b}`) included.
fn uses(code: &str) -> Vec<Vec<String>> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let segments = |s: &str| -> Vec<String> {
        let first = ident(s);
        let rest = s.trim_start()[first.len()..].strip_prefix("::");
        let mut v = vec![first];
        if let Some(second) = rest.map(ident).filter(|x| !x.is_empty()) {
            v.push(second);
        }
        v
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(inner.split(',').map(segments));
        } else {
            out.push(segments(rest));
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

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_uses_only_its_layer_and_those_below() {
    let src = src();
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let layers = layers(&lib, &src);
    assert!(layers.len() >= 5, "layers read from lib.rs: {layers:?}");
    let names = root_names(&lib, &layers);
    // Every folder of src/ is a layer lib.rs declares.
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                layers.contains(&name),
                "src/{name}/ is not declared in lib.rs as a layer"
            );
        }
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let layer_of = |module: &str| {
        let l = module.split('/').next().unwrap();
        layers.iter().position(|x| x == l)
    };
    let mut modules = BTreeSet::new();
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
        let module = module_of(&rel);
        let here = layer_of(&module).unwrap_or_else(|| panic!("src/{rel} is in no layer folder"));
        modules.insert(module.clone());
        let text = code(&std::fs::read_to_string(&path).unwrap());
        for used in uses(&text) {
            let Some(target) = resolve(&used, &layers, &names, &src) else {
                continue; // a root re-export of an item, such as crate::Lexicon
            };
            let there = layer_of(&target).unwrap();
            if target != module {
                graph
                    .entry(module.clone())
                    .or_default()
                    .insert(target.clone());
            }
            if there > here {
                wrong.push(format!(
                    "src/{rel} ({}) uses crate::{} ({})",
                    layers[here],
                    used.join("::"),
                    layers[there]
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
    // Every root name stands for a module that exists.
    for (name, module) in &names {
        assert!(
            modules.contains(module),
            "lib.rs names {name} for {module}, which src/ lacks"
        );
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
    let found: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(found, ["format::Kind", "movegen", "board::tile_of"]);
    // Modules from paths and names, as the layer check reads them.
    assert_eq!(module_of("lexicon/format/edges.rs"), "lexicon/format");
    assert_eq!(module_of("equity/mod.rs"), "equity");
    assert_eq!(module_of("equity/klv.rs"), "equity/klv");
    let lib = "pub mod core;\npub mod lexicon;\npub use self::lexicon::{anagrams, format};\n";
    let layers = vec!["core".to_string(), "lexicon".to_string()];
    let names = root_names(lib, &layers);
    assert_eq!(
        names.get("format").map(String::as_str),
        Some("lexicon/format")
    );
    let src = src();
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        resolve(&path("format::Kind"), &layers, &names, &src).as_deref(),
        Some("lexicon/format")
    );
    assert_eq!(
        resolve(&path("lexicon::Lexicon"), &layers, &names, &src).as_deref(),
        Some("lexicon")
    );
    assert_eq!(
        resolve(&path("lexicon::query"), &layers, &names, &src).as_deref(),
        Some("lexicon/query")
    );
    assert_eq!(resolve(&path("Lexicon"), &layers, &names, &src), None);
}

/// The command line's subcommands (`bin/cmd/`) do not use one another:
/// what two share lives beside them (`bin/setup.rs`, `bin/stacked.rs`,
/// `bin/lexgraph.rs`). A command may be a folder of modules (`moves.rs`
/// and `moves/`), whose files name only their own command.
#[test]
fn no_command_imports_another() {
    let dir = crate::common::root().join("bin/cmd");
    let mut wrong = Vec::new();
    // Each use of `crate::cmd::NAME` must name the file's own command.
    let other_command = |text: &str, own: &str| {
        text.match_indices("crate::cmd::").any(|(at, m)| {
            let rest = &text[at + m.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            name != own
        })
    };
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name == "mod.rs" {
            continue;
        }
        if path.is_dir() {
            // A command's own modules: `super::` is the command itself.
            for file in std::fs::read_dir(&path).unwrap() {
                let file = file.unwrap().path();
                let text = code(&std::fs::read_to_string(&file).unwrap());
                if other_command(&text, &name) || text.contains("super::super::") {
                    wrong.push(format!(
                        "{name}/{}",
                        file.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
            continue;
        }
        let own = name.trim_end_matches(".rs");
        let text = code(&std::fs::read_to_string(&path).unwrap());
        if other_command(&text, own) || text.contains("super::") {
            wrong.push(name);
        }
    }
    assert!(
        wrong.is_empty(),
        "bin/cmd files using another command: {wrong:?}"
    );
}
