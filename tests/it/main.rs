//! The integration tests, as one crate: one binary to build and link
//! instead of one per file. Each module is one area; `common` holds the
//! shared helpers and `oracle` the independent brute-force move generator.
//!
//! Tests that need data that cannot be shipped (`../shared`: SOWPODS, the
//! Polish list) are `#[ignore]`d with the reason; `.ci/run` runs them with
//! `cargo test --release -- --ignored`.

mod anagram_index;
mod anagram_section;
mod analysis_cli;
mod architecture;
mod common;
mod oracle;
mod tables;

mod cli_contract;
mod cli_defaults;
mod cli_hardening;
mod game_cli;
mod gcg_replay;
mod hostile_files;
mod kwg_files;
mod leaves_cli;
mod lexicon_cli;
mod lexicon_corrupt;
mod lexicon_input;
mod lexicon_minimality;
mod lexicon_pair;
mod lexicon_roundtrip;
mod movegen_bruteforce;
mod movegen_cases;
mod movegen_cli;
mod movegen_equity;
mod movegen_reference;
mod movegen_seams;
mod query_streams;
mod ucgi;
mod upwords;
mod vocabulary;
mod word_study;
