//! # lexgraph
//!
//! A lexicon compiler and memory-mapped runtime for crossword-game move
//! generation. Word lists compile into minimal DAWG and GADDAG files
//! ([`compile`], format in `formats/lexicon.md`); the runtime maps those files
//! and reads them in place ([`Lexicon`], [`Dawg`], [`Gaddag`]) to answer word
//! queries and generate every legal move for a board and rack.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! let words = WordList::parse(b"qi\nqis\nza\nzas\n", "inline", &Alphabet::english(), false)?;
//! let files = compile::compile(&words);
//! let dawg = Lexicon::from_vec(files.dawg)?;
//! assert!(dawg.contains("qis"));
//! assert_eq!(dawg.words().collect::<Vec<_>>(), ["QI", "QIS", "ZA", "ZAS"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```

//! Features: without default features the crate reads lexicons, answers
//! queries and generates moves, depending on memmap2, xxhash-rust and
//! thiserror alone; `build` adds [`compile`] and `builder` (word lists to
//! files), `game` adds `selfplay`; the default `cli` feature has both.

#![forbid(unsafe_op_in_unsafe_fn)]

// The README's Rust example is compiled with the doctests, so it cannot
// drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod alphabet;
pub mod board;
#[cfg(feature = "build")]
pub mod builder;
#[cfg(feature = "build")]
pub mod compile;
pub mod crosscheck;
pub mod error;
pub mod format;
pub mod lexicon;
pub mod movegen;
pub mod play;
pub mod query;
pub mod rules;
#[cfg(feature = "game")]
pub mod selfplay;
pub mod text;
pub mod wordlist;

pub use alphabet::{Alphabet, Tile, TileInfo, BLANK};
pub use error::{Error, Result};
pub use format::Kind;
pub use lexicon::{Dawg, Gaddag, Lexicon};
pub use query::Partial;
pub use wordlist::WordList;
