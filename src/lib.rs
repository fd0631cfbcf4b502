//! # lexgraph
//!
//! A lexicon compiler and memory-mapped runtime for crossword-game move
//! generation. Word lists compile into minimal DAWG and GADDAG files; the
//! runtime maps those files and reads them in place to answer word queries
//! and generate every legal move for a board and rack.
//!
//! ## A map of the crate
//!
//! Five layers, bottom first; a module uses only its own layer and those
//! below it (`tests/it/architecture.rs` checks every `crate::` path).
//!
//! - **Core** — [`alphabet`] (tiles, their labels, values and counts; how
//!   text becomes tiles), [`board`] (squares, racks, positions, CGP),
//!   [`rules`] (premium layouts and start squares, rack size, bingo bonus,
//!   stack limit; `Rules::upwords`), [`text`] (bounded
//!   reading of text input), [`error`].
//! - **Lexicons** — [`format`](mod@format) (the file's bytes: header,
//!   alphabet section, packed edges; specified in `formats/lexicon.md`),
//!   [`lexicon`] (a mapped or owned file: [`Lexicon`], [`Dawg`],
//!   [`Gaddag`]; [`Lexicon::root`] walks it node by node; [`Kwg`], the
//!   wolges / MAGPIE word graph read in place as two lexicons), [`query`]
//!   (`contains`, word streams, anagrams, patterns), [`anagrams`] (the
//!   letter multisets of the short words, indexed: what a set of tiles can
//!   spell, for the best-move search's bounds).
//! - **Building** — [`wordlist`] (reading word lists), and with the
//!   feature `build`, `builder` (the minimal automata, built incrementally)
//!   and `compile` (both files from one list, written atomically through
//!   `format::write`, which takes any `format::Automaton`), and `kwg`
//!   (node arrays in the wolges / MAGPIE format, laid out as they lay them
//!   out: KLV leave files, and KWG lexicons).
//! - **Move generation** — [`crosscheck`] (which tiles each square accepts,
//!   from the words across it), [`scoring`] (what a move is worth:
//!   [`scoring::Scoring`], the crossword game's rule [`scoring::Classic`],
//!   and [`scoring::Upwords`], whose tiles stack: the same generators then
//!   place tiles on tiles, `formats/upwords.md`),
//!   [`movegen`] (anchors, Appel & Jacobson's search on the DAWG, Gordon's
//!   on the GADDAG; a [`MoveSink`] receives the moves and may skip lanes
//!   and anchors before they are searched), [`play`] (players' notation,
//!   and why a play is illegal), [`leave`] (what the tiles kept are worth;
//!   [`klv`] reads learned values from KLV files)
//!   [`equity`] (the best plays by score plus leave) and [`strategy`]
//!   (players: greedy, Gordon's heuristics, leave files).
//! - **Games** (feature `game`) — `game` (a two-player game: bag, racks,
//!   turns, the end), `gcg` (game records, written and read), `replay`
//!   (a record replayed on the board, every score checked), `matchplay` (many games between
//!   two strategies on all cores), `tune` (Gordon's hill climbing of leave
//!   weights) and `selfplay` (seeded greedy games that measure move
//!   generation).
//!
//! The types most programs need are at the root: [`Lexicon`], [`Dawg`],
//! [`Gaddag`], [`Kwg`], [`Alphabet`], [`Board`], [`Rack`], [`Position`], [`Rules`],
//! [`Generator`], [`Move`], [`MoveSink`], [`Error`].
//!
//! ## The idea in one example
//!
//! A DAWG is a trie whose equal subtrees are shared: `CAR`, `CARE`, `CARS`
//! need one path `C-A-R` and one node after it with the edges `E` and `S`.
//! A GADDAG (Gordon 1994) stores, for every word and every split point, the
//! reversed prefix, a separator `◇` and the suffix (`RAC◇E` for `CARE` split
//! after `R`), so that a search can start at any tile already on the board
//! and grow the word both ways. Both are written as arrays of packed edges,
//! and read in place:
//!
//! ```
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Options, Partial, Position, Rules, WordList};
//!
//! let a = Alphabet::english();
//! let words = WordList::parse(b"car\ncare\ncars\nscar\narc\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let files = compile::compile(&words);
//! let dawg = Lexicon::from_vec(files.dawg)?;
//! let gaddag = Lexicon::from_vec(files.gaddag)?;
//!
//! // Word queries read either structure.
//! assert!(dawg.contains("care") && gaddag.contains("CARS"));
//! assert_eq!(dawg.anagram("RAC", Partial::No)?, ["ARC", "CAR"]);
//!
//! // Every legal move, the same from both generators.
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/6CAR6/15/15/15/15/15/15/15 SE/ 0/0 0", &a, 15)?;
//! let mut gen = Generator::new(Rules::default());
//! let opts = Options::default();
//! let mut from_dawg = gen.generate_vec(&dawg, &pos.board, pos.rack(), &opts);
//! let mut from_gaddag = gen.generate_vec(&gaddag, &pos.board, pos.rack(), &opts);
//! lexgraph::movegen::sort_moves(&mut from_dawg);
//! lexgraph::movegen::sort_moves(&mut from_gaddag);
//! assert_eq!(from_dawg, from_gaddag);
//! let best = &from_gaddag[0];
//! assert_eq!(best.notation(&a), "8F SCAR");
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! Features: without default features the crate reads lexicons, answers
//! queries and generates moves, depending on memmap2, xxhash-rust and
//! thiserror alone; `build` adds `compile`, `builder` and word-list reading
//! into files, `game` adds `selfplay`; the default `cli` feature has both
//! plus the command line's crates.

#![forbid(unsafe_op_in_unsafe_fn)]

// The README's Rust example is compiled with the doctests, so it cannot
// drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod alphabet;
pub mod anagrams;
pub mod board;
#[cfg(feature = "build")]
pub mod builder;
#[cfg(feature = "build")]
pub mod compile;
pub mod crosscheck;
pub mod equity;
pub mod error;
pub mod format;
#[cfg(feature = "game")]
pub mod game;
#[cfg(feature = "game")]
pub mod gcg;
pub mod klv;
#[cfg(feature = "build")]
pub mod kwg;
pub mod lane;
pub mod leave;
pub mod lexicon;
#[cfg(feature = "game")]
pub mod matchplay;
pub mod movegen;
pub mod play;
pub mod query;
#[cfg(feature = "game")]
pub mod replay;
pub mod rules;
pub mod scoring;
#[cfg(feature = "game")]
pub mod selfplay;
mod simd;
pub mod strategy;
pub mod text;
#[cfg(feature = "game")]
pub mod tune;
pub mod wordlist;

pub use alphabet::{Alphabet, Tile, TileInfo, BLANK};
pub use board::{Board, Position, Rack};
pub use error::{Corruption, Error, Result};
pub use format::Kind;
pub use lexicon::{Dawg, Gaddag, Kwg, Lexicon};
pub use movegen::{Dir, Generator, Move, MoveSink, Options};
pub use query::Partial;
pub use rules::Rules;
pub use wordlist::{Invalid, WordList};
