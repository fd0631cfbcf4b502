//! Move generation: every legal placement for a board and rack.
//!
//! Two generators answer the same question on different structures:
//! [`dawg`] runs Appel & Jacobson's LeftPart/ExtendRight from each anchor
//! on a DAWG, [`gaddag`] runs Gordon's Gen/GoOn on a GADDAG. Both read the
//! mapped lexicon in place, compute cross-checks with their own structure,
//! allocate nothing per move (moves go to a [`MoveSink`]) and produce exactly
//! the same moves.
//!
//! Conventions (shared with the ecosystem's engines): a move is legal only if
//! it covers an anchor (the start square on an empty board); every word it
//! forms has at least two tiles and is in the lexicon; a single tile that
//! forms words both ways is one move, listed across if it forms an across
//! word, else down; on an empty board only across moves are listed unless
//! [`Options::opening_both`] is set; the same word on the same squares with
//! different blank assignments is different moves.
//!
//! Blanks are handled inside the search, not by re-running it per
//! designation: both searches place *letters*, paying for each with a real
//! tile while the rack has one and with a blank otherwise, so each word is
//! explored once. When a word is found, every other way the rack can pay for
//! its letters is listed with it, each scored without the blank's letter:
//! with the rack `AE?`, the word `AE` is three moves (`AE`, `aE`, `Ae`) and
//! `EAE` two (`eAE`, `EAe`).
//!
//! ```
//! # use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! # use lexgraph::{Board, Rack};
//! # use lexgraph::movegen::{Generator, Options};
//! # use lexgraph::rules::Rules;
//! let words = WordList::parse(b"ae\neae\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let rack = Rack::parse("AE?", gaddag.alphabet())?;
//! let mut gen = Generator::new(Rules::default());
//! let moves = gen.generate_vec(&gaddag, &Board::new(15), &rack, &Options::default());
//! // Every play covering the centre star, as text, one entry per placement.
//! let mut words: Vec<String> = moves
//!     .iter()
//!     .filter(|m| m.col == 7)
//!     .map(|m| m.word_text(gaddag.alphabet()))
//!     .collect();
//! words.sort();
//! assert_eq!(words, ["AE", "Ae", "EAe", "aE", "eAE"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! use lexgraph::{Board, Rack};
//! use lexgraph::movegen::{Generator, Options};
//! use lexgraph::rules::Rules;
//!
//! let words = WordList::parse(b"at\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let files = compile::compile(&words);
//! let gaddag = Lexicon::from_vec(files.gaddag)?;
//! let dawg = Lexicon::from_vec(files.dawg)?;
//! let rack = Rack::parse("CAT", gaddag.alphabet())?;
//! let board = Board::new(15);
//! let mut gen = Generator::new(Rules::default());
//! let g = gen.generate_vec(&gaddag, &board, &rack, &Options::default());
//! let d = gen.generate_vec(&dawg, &board, &rack, &Options::default());
//! assert_eq!(g, d);
//! // Every three-letter play covering the centre star scores (3 + 1 + 1) x 2;
//! // ties list leftmost first.
//! let best = &g[0];
//! assert_eq!(best.notation(gaddag.alphabet()), "8F ACT");
//! assert_eq!(best.score, 10);
//! # Ok::<(), lexgraph::Error>(())
//! ```

pub mod crosscheck;
pub mod dawg;
pub mod gaddag;
pub mod lane;
pub mod play;
pub mod scoring;

mod moves;
mod search;
mod sink;

pub use self::moves::{column_name, cross_words, sort_moves, squares_text, Move};
pub use self::sink::{Best, Counter, MoveSink, SearchPolicy};

use self::search::{ranked_search, LineCtx};

use crate::alphabet::Tile;
use crate::board::Board;
pub use crate::board::Dir;
use crate::crosscheck::{CrossCache, CrossInput, KeptLanes, Lanes, Structure};
use crate::format::{
    Aligned5, Aligned5Avx512, Edges, Kind, Kwg22, Masked5, Masked5Popcnt, Tiles5, Tiles5Avx512,
    Widths,
};
pub use crate::lane::{Lane, LaneSquare};
use crate::lexicon::Lexicon;
use crate::rack::Rack;
use crate::rules::Rules;
use crate::scoring::{Classic, Scoring};

/// Generation options.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// On an empty board, also list down moves (they mirror the across ones).
    pub opening_both: bool,
}

impl Options {
    /// These options with [`Options::opening_both`] set to `yes`:
    /// `Options::default().opening_both(true)`.
    pub fn opening_both(mut self, yes: bool) -> Options {
        self.opening_both = yes;
        self
    }
}

/// A move generator with reusable scratch space. Which algorithm runs
/// follows the lexicon's kind: Appel & Jacobson on a DAWG, Gordon on a
/// GADDAG. Moves are scored by `R` ([`Classic`] unless another
/// [`Scoring`] is named: see [`Generator::with_scoring`]).
#[derive(Clone, Debug)]
pub struct Generator<R: Scoring = Classic> {
    rules: Rules,
    across: Lanes,
    down: Lanes,
    /// Scan nodes with AVX-512 where the CPU has it.
    vector: bool,
    /// Scratch for a ranked search: (rank, anchor).
    ranked: Vec<(f32, u32)>,
    /// The cross-check sets worked out so far, by cross word.
    cross_cache: CrossCache,
    /// With `keep_lanes` (a simulation's replies), the lanes of the last
    /// boards searched, by board.
    kept_lanes: KeptLanes,
    keep_lanes: bool,
    scoring: std::marker::PhantomData<R>,
}

impl Generator {
    /// A generator for these rules, scoring as the crossword game does.
    /// Rules from user input must pass [`Rules::validate`] first (or be
    /// built with [`Rules::new`]): scores are computed without overflow
    /// checks, which validated rules make unnecessary.
    pub fn new(rules: Rules) -> Generator {
        Generator::with_scoring(rules)
    }
}

impl<R: Scoring> Generator<R> {
    /// A generator for these rules, scoring with `R`
    /// (`Generator::<Classic>::with_scoring` is [`Generator::new`]).
    pub fn with_scoring(rules: Rules) -> Generator<R> {
        Generator {
            rules,
            across: Lanes::default(),
            down: Lanes::default(),
            vector: true,
            ranked: Vec::new(),
            cross_cache: CrossCache::default(),
            kept_lanes: KeptLanes::default(),
            keep_lanes: false,
            scoring: std::marker::PhantomData,
        }
    }

    /// Whether the search may use the instructions the CPU has beyond the
    /// x86-64 baseline (on by default; see [`Generator::uses_vector_scan`]):
    /// AVX-512 to scan a node's edges 16 at a time, for files with edges of
    /// at most 32 bits and up to 31 tiles, and POPCNT to look up a masked
    /// node's children; and AVX2 for the best-move search's bounds
    /// ([`Generator::best`]). The moves are the same either way; off,
    /// every CPU runs the same baseline code, which is for testing and
    /// timing one against the other.
    pub fn set_vector_scan(&mut self, on: bool) {
        self.vector = on;
    }

    /// Whether [`Generator::set_vector_scan`] allows instructions beyond
    /// the baseline (the best-move search's bounds ask).
    pub(crate) fn vector_allowed(&self) -> bool {
        self.vector
    }

    /// Whether [`Generator::generate`] scans `lex`'s nodes with AVX-512
    /// (see [`Generator::set_vector_scan`]): on when allowed, on a CPU that
    /// has the instructions, for a lexicon of up to 31 tiles in edges of at
    /// most 32 bits.
    pub fn uses_vector_scan(&self, lex: &Lexicon) -> bool {
        self.vector && lex.edges().fixed::<Tiles5Avx512>().is_some()
    }

    /// The rules in use.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the lanes of the boards searched are kept, so that a search
    /// of a board kept reads them back (a simulation's replies: the same
    /// boards, scenario after scenario; see `crosscheck::KeptLanes`).
    #[cfg(feature = "game")]
    pub(crate) fn set_keep_lanes(&mut self, on: bool) {
        self.keep_lanes = on;
    }

    /// The lanes of the last search, across then down, each `line * n +
    /// pos` for a board of side `n`: what a search that reuses another's
    /// moves compares lane by lane (`equity::reuse`).
    #[cfg(feature = "game")]
    pub(crate) fn lanes(&self) -> [&[LaneSquare]; 2] {
        [&self.across.squares, &self.down.squares]
    }

    /// Generates every legal move into `sink`, with the algorithm that fits
    /// the lexicon's kind.
    ///
    /// Tiles are indexes into an alphabet: read the board and rack with the
    /// lexicon's own (`lex.alphabet()`). A position read with another
    /// alphabet is not refused, and its tiles mean that alphabet's letters.
    ///
    /// # Panics
    ///
    /// If the board's size differs from the rules' layout (parse positions
    /// with the layout's size, as [`Position::parse_cgp`](crate::position::Position::parse_cgp) asks).
    pub fn generate<S: MoveSink>(
        &mut self,
        lex: &Lexicon,
        board: &Board,
        rack: &Rack,
        opts: &Options,
        sink: &mut S,
    ) {
        self.generate_within(lex, lex, board, rack, opts, sink);
    }

    /// Generates the legal moves of `full` whose main word is a word of
    /// `words` (a vocabulary: a smaller list, of the words a player knows)
    /// into `sink`: the cross-checks, which say which tiles make the words
    /// formed across the play, come from `full`, and the search for the
    /// main word walks `words`. Each lexicon may be a DAWG or a GADDAG, in
    /// any edge layout. `generate(lex, ..)` is `generate_within(lex, lex, ..)`.
    ///
    /// The main word is the word along the move's direction. A single tile
    /// that forms words both ways is one move, listed across (see the
    /// [module](self) docs), so its main word is its across word: it is
    /// found when that word is in `words` and the down word in `full`.
    ///
    /// `words` should hold only words of `full` (as
    /// [`Frequencies::vocabulary`](crate::lexicon::frequency::Frequencies::vocabulary)
    /// makes it): a main word of `words` that `full` lacks is not checked
    /// against `full` again.
    ///
    /// # Panics
    ///
    /// If the two lexicons' alphabets have different tiles (a tile would
    /// mean another letter in each), or as [`Generator::generate`] does.
    pub fn generate_within<S: MoveSink>(
        &mut self,
        words: &Lexicon,
        full: &Lexicon,
        board: &Board,
        rack: &Rack,
        opts: &Options,
        sink: &mut S,
    ) {
        assert_eq!(
            board.size(),
            self.rules.layout.size(),
            "board and layout sizes differ"
        );
        assert!(
            words.alphabet().same_tiles(full.alphabet()),
            "the vocabulary {} and the lexicon {} have different alphabets",
            words.origin(),
            full.origin()
        );
        let scoring = R::new(&self.rules, full.alphabet());
        let both = !board.is_empty() || opts.opening_both;
        // The same code, compiled for the file's widths where they are
        // common ones (constant shifts cut its instructions), and for
        // AVX-512 where the CPU has it (see `Widths`); each lexicon's
        // layout is dispatched on its own.
        let vector = self.vector;
        macro_rules! with_edges {
            ($lex:expr, $e:ident => $body:expr) => {{
                let edges = $lex.edges();
                if let Some($e) = edges.fixed::<Masked5Popcnt>().filter(|_| vector) {
                    // Masked nodes: a lookup per child, no scan to
                    // vectorize; the lookup's population count is one
                    // instruction with POPCNT.
                    $body
                } else if let Some($e) = edges.fixed::<Masked5>() {
                    $body
                } else if let Some($e) = edges.fixed::<Aligned5Avx512>().filter(|_| vector) {
                    $body
                } else if let Some($e) = edges.fixed::<Tiles5Avx512>().filter(|_| vector) {
                    $body
                } else if let Some($e) = edges.fixed::<Aligned5>() {
                    $body
                } else if let Some($e) = edges.fixed::<Tiles5>() {
                    $body
                } else if let Some($e) = edges.fixed::<Kwg22>() {
                    // A KWG read in place (`lexicon::Kwg`).
                    $body
                } else {
                    let $e = edges;
                    $body
                }
            }};
        }
        // Lanes kept for this board, or worked out (and kept if asked).
        let keep = self.keep_lanes && !R::STACKING;
        let key = (full.id(), both);
        if !(keep
            && self
                .kept_lanes
                .restore(key, board, &mut self.across, &mut self.down))
        {
            with_edges!(full, e => self.cross_checks(full, e, board, both, &scoring));
            if keep {
                self.kept_lanes.keep(key, board, &self.across, &self.down);
            }
        }
        with_edges!(words, e => self.search(words, e, rack, both, sink, &scoring));
    }

    /// Fills the lanes (cross-checks, cross-sums, anchors) of the
    /// directions searched, with `lex`'s edges read as `W`.
    fn cross_checks<W: Widths>(
        &mut self,
        lex: &Lexicon,
        edges: Edges<'_, W>,
        board: &Board,
        both: bool,
        scoring: &R,
    ) {
        let structure = match lex.kind() {
            Kind::Dawg => Structure::Dawg(edges),
            Kind::Gaddag => Structure::Gaddag(edges),
        };
        let max_tile = lex.alphabet().len() as Tile;
        // Every tile's cross-checks, not only the rack's (a search takes
        // its rack's): so lanes depend on the board alone, and can be kept
        // for it (`KeptLanes`).
        let input = CrossInput {
            rules: &self.rules,
            scoring,
            max_tile,
            structure,
            top: lex.top_index(),
            lexicon: lex.id(),
        };
        // The sets kept are those of the lexicon they come from.
        self.cross_cache.use_lexicon(lex.id());
        self.across
            .compute(board, Dir::Across, &input, &mut self.cross_cache);
        if both {
            self.down
                .compute(board, Dir::Down, &input, &mut self.cross_cache);
        }
    }

    /// Searches the lanes [`Generator::cross_checks`] filled for the main
    /// words of `lex`, its edges read as `W`.
    #[allow(clippy::too_many_arguments)]
    fn search<S: MoveSink, W: Widths>(
        &mut self,
        lex: &Lexicon,
        edges: Edges<'_, W>,
        rack: &Rack,
        both: bool,
        sink: &mut S,
        scoring: &R,
    ) {
        let alphabet = lex.alphabet();
        let top = lex.top_index();
        let structure = match lex.kind() {
            Kind::Dawg => Structure::Dawg(edges),
            Kind::Gaddag => Structure::Gaddag(edges),
        };
        let max_tile = alphabet.len() as Tile;
        let all_tiles = crate::crosscheck::tiles_mask(max_tile);
        let mut rack_counts = *rack.counts();
        // Tiles outside the alphabet can never be placed.
        for c in rack_counts.iter_mut().skip(alphabet.len() + 1) {
            *c = 0;
        }
        let tiles_total: u32 = rack_counts.iter().map(|&c| c as u32).sum();
        let present = rack_counts
            .iter()
            .enumerate()
            .fold(0u64, |m, (t, &c)| m | ((c != 0) as u64) << t);
        let mut ctx = LineCtx {
            sqs: [LaneSquare::default(); 32],
            line: 0,
            dir: Dir::Across,
            n: 0,
            scoring,
            top,
            sink,
            cur: [0; 32],
            rack: rack_counts,
            rack_start: rack_counts,
            alphabet_mask: all_tiles,
            present,
            tiles_total,
            anchor: 0,
            run_end: 0,
            right_free: false,
            occupied: 0,
            blanks_aside: 0,
        };
        if S::RANKS_ANCHORS {
            let lanes = [&self.across, &self.down];
            let dirs = if both { 2 } else { 1 };
            ranked_search(&mut ctx, &lanes[..dirs], &mut self.ranked, structure);
            return;
        }
        for (dir, lanes) in [(Dir::Across, &self.across), (Dir::Down, &self.down)] {
            if dir == Dir::Down && !both {
                continue;
            }
            let n = lanes.n;
            for line in 0..n {
                if !lanes.line_has_anchor[line] {
                    continue;
                }
                let squares = &lanes.squares[line * n..(line + 1) * n];
                let lane = Lane {
                    dir,
                    line,
                    squares,
                    rack: &rack_counts,
                };
                if !ctx.sink.lane(&lane) {
                    continue;
                }
                ctx.load_lane(dir, line, squares);
                match structure {
                    Structure::Dawg(e) => dawg::gen_line(&mut ctx, &e),
                    Structure::Gaddag(e) => gaddag::gen_line(&mut ctx, &e),
                }
            }
        }
    }

    /// Generates every legal move, sorted in the canonical order.
    pub fn generate_vec(
        &mut self,
        lex: &Lexicon,
        board: &Board,
        rack: &Rack,
        opts: &Options,
    ) -> Vec<Move> {
        let mut v = Vec::new();
        self.generate(lex, board, rack, opts, &mut v);
        sort_moves(&mut v);
        v
    }
}
