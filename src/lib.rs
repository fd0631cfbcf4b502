//! # lexgraph
//!
//! A lexicon compiler and memory-mapped runtime for crossword-game move
//! generation. Word lists compile into minimal DAWG and GADDAG files; the
//! runtime maps those files and reads them in place to answer word queries
//! and generate every legal move for a board and rack.
//!
//! ## A map of the crate
//!
//! The folders of `src/` are the layers, bottom first; a module uses only
//! its own layer and those below it (`tests/it/architecture.rs` reads the
//! layers from the folders and checks every `crate::` path). Each module
//! is also reachable at the root by its own name (`lexgraph::klv` is
//! `lexgraph::equity::klv`).
//!
//! | folder | what it holds |
//! |---|---|
//! | [`core`](mod@core) | [`alphabet`] (tiles, labels, values, how text becomes tiles), [`board`] (squares), [`rack`], [`position`] (positions, CGP and plain text, the rules a position names), [`rules`] (premium layouts, rack size, bingo bonus, stack limit), [`input`] (bounded reading of untrusted text), [`error`] |
//! | [`lexicon`](mod@lexicon) | [`Lexicon`] (a file mapped or in memory; [`Kwg`], the wolges / MAGPIE format read in place), [`format`](mod@format) (the file's bytes, `formats/lexicon.md`), [`query`] (contains, word streams, anagrams, patterns), [`anagrams`] (the short words' letter multisets, for the search's bounds) |
//! | [`build`](mod@build) | [`wordlist`]; with the feature `build`, `builder` (the minimal automata), `compile` (both files, written atomically), `kwg` (KWG and KLV node arrays as wolges and MAGPIE lay them out) |
//! | [`movegen`] | [`Generator`] (Appel & Jacobson on the DAWG, Gordon on the GADDAG; a [`MoveSink`] receives the moves, its [`SearchPolicy`] says what is searched), [`crosscheck`], [`scoring`] (the classic game and stacked Upwords), [`lane`], [`play`] (notation, why a play is illegal) |
//! | [`equity`](mod@equity) | the best plays by score plus leave ([`Generator::best`]), [`leave`] (leave values: Gordon's heuristics, tables), [`klv`] (KLV files), [`strategy`] (players) |
//! | `game` (feature `game`) | a game of two to four players, `gcg` (records written and read), `replay`, `matchplay`, `tune`, `selfplay`, `train` (leave values learned from self-play; with `build` too) |
//! | [`analysis`] | look-ahead searches (simulation, endgames): their place, empty for now |
//!
//! Which type do I need?
//!
//! | to… | use |
//! |---|---|
//! | open a compiled lexicon | [`Lexicon::open`] (mapped), [`Lexicon::read`] (in memory), [`Lexicon::open_any`] (lexgraph or KWG) |
//! | compile words | `Lexicon::from_words(["qi", "za"])` in memory, or [`WordList::parse`] or [`WordList::read`] then `compile::compile` (feature `build`) |
//! | ask about words | [`Lexicon::contains`], [`Lexicon::anagrams`] and [`Lexicon::matches`] (streams; [`Lexicon::anagram`] and [`Lexicon::pattern`] collect them), [`Lexicon::words`] |
//! | read a position and its rules | [`Position::from_cgp`], [`Position::rules`], [`Board`], [`Rack`] |
//! | list every move | [`Generator::generate_vec`] or [`Generator::generate`] with a [`MoveSink`] |
//! | the best plays by equity | [`Generator::best`] with a [`leave::LeaveValue`] ([`leave::Gordon`], [`klv::Klv`]) |
//! | a play as the CLI's JSON, Python and C give it | [`equity::PlayRecord`] |
//! | play games | `game::Game`, `matchplay::play_match` (feature `game`) |
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
//! thiserror alone; `build` (default) adds `compile`, `builder` and
//! word-list reading into files, `game` (default) adds games and match
//! play, `serde` makes the play record serializable. The command line is
//! a package of its own (`lexgraph-cli`, in `bin/`), so none of its crates
//! come with the library.

#![forbid(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]

// The README's Rust example is compiled with the doctests, so it cannot
// drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

// The folders are the layers, bottom first; a module uses only its own
// layer and those below (`tests/it/architecture.rs` reads the order here).
// 1: tiles, boards, rules, errors.
pub mod core;
// 2: lexicon files read in place, word queries.
pub mod lexicon;
// 3: word lists, and (feature `build`) lexicon files written.
pub mod build;
// 4: move generation.
pub mod movegen;
// 5: leave values and the best plays by equity.
pub mod equity;
// 6: games (feature `game`).
#[cfg(feature = "game")]
pub mod game;
// 7: look-ahead searches.
pub mod analysis;

// Every module also by its own name at the root, as before the folders.
pub use self::build::wordlist;
#[cfg(feature = "build")]
pub use self::build::{builder, compile, kwg};
pub(crate) use self::core::simd;
pub use self::core::{alphabet, board, error, input, position, rack, rules};
pub use self::equity::{klv, leave, strategy};
#[cfg(all(feature = "game", feature = "build"))]
pub use self::game::train;
#[cfg(feature = "game")]
pub use self::game::{gcg, matchplay, replay, selfplay, tune};
pub use self::lexicon::{anagrams, format, query};
pub use self::movegen::{crosscheck, lane, play, scoring};

pub use alphabet::{Alphabet, Tile, TileInfo, BLANK};
pub use board::Board;
pub use error::{Corruption, Error, Result};
pub use format::Kind;
pub use lexicon::{Dawg, Gaddag, Kwg, Lexicon};
pub use movegen::{Dir, Generator, Move, MoveSink, Options, SearchPolicy};
pub use position::Position;
pub use query::Partial;
pub use rack::Rack;
pub use rules::Rules;
pub use wordlist::{Invalid, WordList};
