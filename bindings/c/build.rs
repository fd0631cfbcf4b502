//! Generates the C header from `src/lib.rs` into `OUT_DIR/lexgraph.h`
//! (`tests/header.rs` compares it with the checked-in
//! `include/lexgraph.h`; `LEXGRAPH_BLESS=1 cargo test -p lexgraph-c --test
//! header` rewrites that file).

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=src/lib.rs");
    println!("cargo:rerun-if-changed=src/sim.rs");
    println!("cargo:rerun-if-changed=src/endgame.rs");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads src/lib.rs")
        .write_to_file(out.join("lexgraph.h"));
}
