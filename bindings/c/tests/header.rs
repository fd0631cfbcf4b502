//! `include/lexgraph.h` is what cbindgen generates from `src/lib.rs` (the
//! build script writes it to OUT_DIR). `LEXGRAPH_BLESS=1` rewrites it.
//! It reads as plain C and declares the version Cargo builds.

#[test]
fn the_checked_in_header_matches_the_code() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/lexgraph.h"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/lexgraph.h");
    if std::env::var_os("LEXGRAPH_BLESS").is_some() {
        std::fs::write(path, generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{path} differs from cbindgen's output for src/lib.rs: \
         run `LEXGRAPH_BLESS=1 cargo test --release -p lexgraph-c --test header` and commit it"
    );
}

/// The header reads as C: cbindgen copies the Rust docs, and the build
/// script turns their markup into plain text.
#[test]
fn the_header_has_no_rustdoc_markup() {
    let header = include_str!(concat!(env!("OUT_DIR"), "/lexgraph.h"));
    for (n, line) in header.lines().enumerate() {
        for markup in ["[`", "`]", "](", "`", "# Safety", "# Errors", "# Panics"] {
            assert!(
                !line.contains(markup),
                "lexgraph.h line {}: {markup:?} in {line:?}",
                n + 1
            );
        }
    }
}

/// The header's version macros are Cargo's version, and the library's at
/// run time.
#[test]
fn the_version_macros_are_the_library_version() {
    let header = include_str!(concat!(env!("OUT_DIR"), "/lexgraph.h"));
    let define = |name: &str| {
        let prefix = format!("#define {name} ");
        let line = header.lines().find(|l| l.starts_with(&prefix));
        line.unwrap_or_else(|| panic!("no {name} in lexgraph.h"))[prefix.len()..].to_string()
    };
    assert_eq!(
        define("LEXGRAPH_VERSION"),
        format!("\"{}\"", env!("CARGO_PKG_VERSION"))
    );
    let number: u32 = define("LEXGRAPH_VERSION_NUMBER").parse().unwrap();
    assert_eq!(number, lexgraph_c::lexgraph_version_number());
    let part = |name: &str| define(name).parse::<u32>().unwrap();
    assert_eq!(
        part("LEXGRAPH_VERSION_MAJOR") * 1_000_000
            + part("LEXGRAPH_VERSION_MINOR") * 1000
            + part("LEXGRAPH_VERSION_PATCH"),
        number
    );
    assert_eq!(
        part("LEXGRAPH_VERSION_MINOR").to_string(),
        env!("CARGO_PKG_VERSION_MINOR")
    );
}
