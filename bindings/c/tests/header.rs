//! `include/lexgraph.h` is what cbindgen generates from `src/lib.rs` (the
//! build script writes it to OUT_DIR). `LEXGRAPH_BLESS=1` rewrites it.

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
