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
//! # use lexgraph::board::{Board, Rack};
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
//! use lexgraph::board::{Board, Rack};
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

use std::cmp::Ordering;

use crate::alphabet::{Alphabet, Tile};
pub use crate::board::Dir;
use crate::board::{tile_of, Board, Rack, BLANK_FLAG};
use crate::crosscheck::{CrossCache, CrossInput, Lanes, Structure};
use crate::format::{
    Aligned5, Aligned5Avx512, Edges, Kind, Kwg22, Tiles5, Tiles5Avx512, TopIndex, Widths,
};
pub use crate::lane::{Lane, LaneSquare};
use crate::lexicon::Lexicon;
use crate::rules::{Rules, MAX_SIZE};
use crate::scoring::{Classic, Scoring};

/// One legal placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub dir: Dir,
    /// Row of the main word's first square (0-based).
    pub row: u8,
    /// Column of the main word's first square (0-based).
    pub col: u8,
    /// Length of the main word, tiles already on the board included.
    pub len: u8,
    /// The main word's squares: tile, with [`BLANK_FLAG`] for blanks.
    pub word: [u8; MAX_SIZE],
    /// Bit `i` set when square `i` of the word is placed by this move.
    pub placed: u32,
    /// Total score: main word, cross words, bingo bonus.
    pub score: i32,
}

impl Move {
    /// The main word's squares.
    pub fn word(&self) -> &[u8] {
        &self.word[..self.len as usize]
    }

    /// Number of tiles placed.
    pub fn tiles_placed(&self) -> u32 {
        self.placed.count_ones()
    }

    /// Board coordinates of word square `i`.
    pub fn square(&self, i: usize) -> (usize, usize) {
        match self.dir {
            Dir::Across => (self.row as usize, self.col as usize + i),
            Dir::Down => (self.row as usize + i, self.col as usize),
        }
    }

    /// The placed tiles: (row, col, square content).
    pub fn placements(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        (0..self.len as usize)
            .filter(|i| self.placed >> i & 1 == 1)
            .map(|i| {
                let (r, c) = self.square(i);
                (r, c, self.word[i])
            })
    }

    /// The main word as text, blanks in lower case.
    pub fn word_text(&self, alphabet: &Alphabet) -> String {
        squares_text(self.word(), alphabet)
    }

    /// Players' coordinates: `8D` (row first) across, `D8` down.
    pub fn coordinates(&self) -> String {
        let col = column_name(self.col as usize);
        match self.dir {
            Dir::Across => format!("{}{}", self.row + 1, col),
            Dir::Down => format!("{}{}", col, self.row + 1),
        }
    }

    /// `8D QUIRE`.
    pub fn notation(&self, alphabet: &Alphabet) -> String {
        format!("{} {}", self.coordinates(), self.word_text(alphabet))
    }

    /// The move as a line of a stacked move list (`formats/upwords.md`):
    /// `DIR ROW COL WORD SCORE PLACED`, the first square of the main word
    /// (0-based), its top tiles after the move, and the squares that
    /// receive a tile, `r,c` joined by `;`.
    ///
    /// ```
    /// # use lexgraph::{compile, Alphabet, Board, Generator, Lexicon, Options, Rack, Rules, WordList};
    /// # use lexgraph::scoring::Upwords;
    /// let a = Alphabet::builtin("upwords").unwrap();
    /// let words = WordList::parse(b"quit\n", "inline", &a, lexgraph::Invalid::Refuse)?;
    /// let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
    /// let mut gen = Generator::<Upwords>::with_scoring(Rules::upwords());
    /// let rack = Rack::parse("[QU]IT", &a)?;
    /// let moves = gen.generate_vec(&gaddag, &Board::new(10), &rack, &Options::default());
    /// assert_eq!(moves[0].stacked_line(&a), "across 4 2 [QU]IT 8 4,2;4,3;4,4");
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn stacked_line(&self, alphabet: &Alphabet) -> String {
        let placed: Vec<String> = (0..self.len as usize)
            .filter(|i| self.placed >> i & 1 == 1)
            .map(|i| {
                let (r, c) = self.square(i);
                format!("{r},{c}")
            })
            .collect();
        format!(
            "{} {} {} {} {} {}",
            self.dir.name(),
            self.row,
            self.col,
            self.word_text(alphabet),
            self.score,
            placed.join(";")
        )
    }

    /// Applies the move to a board: a tile placed on a tile (where tiles
    /// stack) goes on top, one higher.
    ///
    /// # Panics
    /// If the move runs off the board (a move not generated for it).
    pub fn apply(&self, board: &mut Board) {
        for (r, c, sq) in self.placements() {
            if board.get(r, c) != 0 {
                board.set_stack(r, c, sq, board.height(r, c).saturating_add(1));
            } else {
                board.set(r, c, sq);
            }
        }
    }

    /// Removes the placed tiles from a rack (blanks as `?`).
    pub fn take_from(&self, rack: &mut Rack) {
        for (_, _, sq) in self.placements() {
            let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
            rack.remove(t);
        }
    }

    /// The canonical order: score descending, then across before down, then
    /// row, column, and the word's squares (blank after real tile).
    pub fn canonical_cmp(&self, other: &Move) -> Ordering {
        other
            .score
            .cmp(&self.score)
            .then(self.dir.cmp(&other.dir))
            .then(self.row.cmp(&other.row))
            .then(self.col.cmp(&other.col))
            .then_with(|| self.word().cmp(other.word()))
            .then(self.placed.cmp(&other.placed))
    }
}

/// Square contents as text, as CGP writes them: tile labels, lower case for
/// blanks, multi-character tiles in brackets (`[CH]ASCAS`), so that the
/// text parses back to the same tiles.
pub fn squares_text(squares: &[u8], alphabet: &Alphabet) -> String {
    squares
        .iter()
        .map(|&sq| alphabet.label(tile_of(sq), sq & BLANK_FLAG != 0))
        .collect()
}

/// Column letters: A, B, ... (past Z: AA, AB, ...).
pub fn column_name(col: usize) -> String {
    if col < 26 {
        ((b'A' + col as u8) as char).to_string()
    } else {
        format!("{}{}", column_name(col / 26 - 1), column_name(col % 26))
    }
}

/// Sorts moves in the canonical order (see [`Move::canonical_cmp`]).
pub fn sort_moves(moves: &mut [Move]) {
    moves.sort_unstable_by(|a, b| a.canonical_cmp(b));
}

/// Receives moves as they are found, and decides what is searched.
///
/// Besides the moves, a sink sees each [`Lane`] (a line of the board, in
/// one direction) before it is searched, and each anchor of it, with the
/// rack: returning `false` skips it. This is the seam for a best-move
/// search: a sink that keeps the best move so far can skip the lanes whose
/// premiums and rack cannot beat it. The defaults search everything, and
/// compile to nothing.
///
/// ```
/// use lexgraph::movegen::{Lane, MoveSink};
/// use lexgraph::{compile, Alphabet, Board, Dir, Generator, Lexicon, Move, Options, Rack, Rules, WordList};
///
/// /// Counts the across moves only, without searching down lanes.
/// struct AcrossOnly(usize);
/// impl MoveSink for AcrossOnly {
///     fn push(&mut self, m: &Move) {
///         assert_eq!(m.dir, Dir::Across);
///         self.0 += 1;
///     }
///     fn lane(&mut self, lane: &Lane<'_>) -> bool {
///         lane.dir() == Dir::Across
///     }
/// }
/// # let words = WordList::parse(b"at\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// # let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
/// let mut board = Board::new(15);
/// # let a = gaddag.alphabet();
/// board.set(7, 7, a.tile_by_label("A").unwrap());
/// let rack = Rack::parse("CT", a)?;
/// let mut sink = AcrossOnly(0);
/// Generator::new(Rules::default()).generate(&gaddag, &board, &rack, &Options::default(), &mut sink);
/// assert!(sink.0 > 0);
/// # Ok::<(), lexgraph::Error>(())
/// ```
pub trait MoveSink {
    /// A legal move, scored.
    fn push(&mut self, m: &Move);

    /// Whether the generator ranks the anchors of every lane first
    /// ([`MoveSink::anchor_ranks`]) and then searches them best first,
    /// across all lanes, for as long as [`MoveSink::worth`] says (by
    /// default, no: lanes in board order, across lines first, each anchor
    /// in line order). Decided at compile time: the default path has no
    /// trace of it.
    const RANKS_ANCHORS: bool = false;

    /// With [`MoveSink::RANKS_ANCHORS`]: sets `ranks[pos]` for each anchor
    /// `pos` of `lane` (other entries are not read), where the moves found
    /// from that anchor go in the search order: higher first, ties in board
    /// order. A best-move search ranks each anchor by the most its moves
    /// can be worth, so the best moves come early and the search can stop.
    /// Called once per lane, before any search, for the lanes
    /// [`MoveSink::lane`] accepts.
    #[inline(always)]
    fn anchor_ranks(&mut self, lane: &Lane<'_>, ranks: &mut [f32]) {
        let _ = (lane, ranks);
    }

    /// With [`MoveSink::RANKS_ANCHORS`]: the anchor on square `pos` of
    /// `lane`, ranked `rank`, looked at again when its turn comes (by
    /// default, the same rank). A sink may rank first by a bound that is
    /// cheap but loose and give a tighter one here, never higher: the
    /// anchor then goes back in the order at its new rank. Asked once per
    /// anchor, before [`MoveSink::worth`].
    #[inline(always)]
    fn rerank(&mut self, lane: &Lane<'_>, pos: usize, rank: f32) -> f32 {
        let _ = (lane, pos);
        rank
    }

    /// With [`MoveSink::RANKS_ANCHORS`]: whether to go on to the next
    /// anchor, ranked `rank`. `false` ends the search: every anchor left
    /// ranks `rank` or lower.
    #[inline(always)]
    fn worth(&mut self, rank: f32) -> bool {
        let _ = rank;
        true
    }

    /// With [`MoveSink::RANKS_ANCHORS`]: whether a move scoring `score`
    /// with `placed` tiles from the rack could be wanted, asked before the
    /// move is built (by default, yes). With blanks on the rack, `score` is
    /// that of the move paid with real tiles, the most any of its blank
    /// assignments scores. A sink that keeps only the best moves refuses
    /// most here, for the cost of a comparison instead of copied moves.
    #[inline(always)]
    fn may_want(&mut self, score: i32, placed: u32) -> bool {
        let _ = (score, placed);
        true
    }

    /// With [`MoveSink::RANKS_ANCHORS`], for an anchor [`MoveSink::anchor`]
    /// accepted: whether moves that play a blank could be wanted (by
    /// default, yes). If not, the anchor is searched as if the rack had no
    /// blank, which costs several times less.
    #[inline(always)]
    fn blanks_wanted(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        let _ = (lane, pos);
        true
    }

    /// Whether to search `lane` (by default, yes).
    #[inline(always)]
    fn lane(&mut self, lane: &Lane<'_>) -> bool {
        let _ = lane;
        true
    }

    /// Whether to search the moves found from the anchor on square `pos`
    /// of `lane` (by default, yes). Each move is found from one anchor: its
    /// leftmost (topmost) one. So a move found from `pos` places a tile on
    /// it, and left of it either reads the tiles on the board right before
    /// it or places tiles on empty squares that are not anchors; right of
    /// it, anything.
    #[inline(always)]
    fn anchor(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        let _ = (lane, pos);
        true
    }
}

impl MoveSink for Vec<Move> {
    fn push(&mut self, m: &Move) {
        Vec::push(self, *m);
    }
}

/// Any closure taking a move is a sink.
///
/// ```
/// # use lexgraph::{Alphabet, Lexicon, WordList, compile};
/// # use lexgraph::board::{Board, Rack};
/// use lexgraph::movegen::{Generator, Move, Options};
/// # use lexgraph::rules::Rules;
/// # let words = WordList::parse(b"at\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
/// # let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
/// # let rack = Rack::parse("CAT", gaddag.alphabet())?;
/// let mut gen = Generator::new(Rules::default());
/// let (mut n, mut best) = (0, 0);
/// let mut sink = |m: &Move| {
///     n += 1;
///     best = best.max(m.score);
/// };
/// gen.generate(&gaddag, &Board::new(15), &rack, &Options::default(), &mut sink);
/// assert_eq!((n, best), (10, 10));
/// # Ok::<(), lexgraph::Error>(())
/// ```
impl<F: FnMut(&Move)> MoveSink for F {
    fn push(&mut self, m: &Move) {
        self(m)
    }
}

/// Counts moves without keeping them.
#[derive(Default, Debug, Clone, Copy)]
pub struct Counter(pub usize);

impl MoveSink for Counter {
    fn push(&mut self, _: &Move) {
        self.0 += 1;
    }
}

/// Keeps only the highest-scoring move (ties: canonical order).
#[derive(Default, Debug, Clone)]
pub struct Best(pub Option<Move>);

impl MoveSink for Best {
    fn push(&mut self, m: &Move) {
        if self
            .0
            .as_ref()
            .is_none_or(|b| m.canonical_cmp(b) == Ordering::Less)
        {
            self.0 = Some(*m);
        }
    }
}

/// Generation options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// On an empty board, also list down moves (they mirror the across ones).
    pub opening_both: bool,
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
    scoring: std::marker::PhantomData<R>,
}

/// One square of the line being searched, with everything the search reads.
pub(crate) type Sq = crate::lane::LaneSquare;

/// What a line search needs, shared by both algorithms.
pub(crate) struct LineCtx<'a, S: MoveSink, R: Scoring> {
    /// The line's squares; index with `pos & 31` (`n <= 31`), which lets the
    /// compiler drop bounds checks in the recursion.
    pub sqs: [Sq; 32],
    pub line: usize,
    pub dir: Dir,
    pub n: usize,
    /// Tile values and how moves add up.
    pub scoring: &'a R,
    /// The lexicon's top nodes, indexed: every anchor's search starts there.
    pub top: &'a TopIndex,
    pub sink: &'a mut S,
    /// Square contents being built, by position on the line.
    pub cur: [u8; 32],
    pub rack: [u8; 64],
    /// The rack when the search started: what [`LineCtx::record`] may pay
    /// for a move's letters with, blanks included.
    pub rack_start: [u8; 64],
    /// Bit `t` set for every tile `t` of the alphabet (not the blank).
    pub alphabet_mask: u64,
    /// Bit `t` set while tile `t` is on the rack (bit 0: a blank).
    pub present: u64,
    /// Tiles on the rack when the search started (a search counts the
    /// tiles it has placed in its square mask).
    pub tiles_total: u32,
    /// GADDAG search: the anchor, and the last square of the tiles on the
    /// board right after it (the anchor itself when there are none).
    pub anchor: usize,
    pub run_end: usize,
    /// GADDAG search: the square after `run_end` is empty or off the board.
    pub right_free: bool,
    /// Stacking rules: bit `pos` set for each square of the line holding a
    /// tile before the move.
    pub occ: u32,
    /// Blanks set aside for the current anchor's search
    /// ([`MoveSink::blanks_wanted`]), to put back after it.
    pub blanks_aside: u8,
}

impl<S: MoveSink, R: Scoring> LineCtx<'_, S, R> {
    /// Points the search at one lane: its squares, line and direction (the
    /// rest of the state is restored by every search).
    fn load_lane(&mut self, dir: Dir, line: usize, squares: &[Sq]) {
        self.sqs[..squares.len()].copy_from_slice(squares);
        self.n = squares.len();
        self.line = line;
        self.dir = dir;
        if R::STACKING {
            self.occ = squares
                .iter()
                .enumerate()
                .fold(0, |m, (p, q)| m | ((q.tile != 0) as u32) << p);
        }
    }

    /// Stacking rules: whether a move placing `mask` on the word
    /// `start..=end` leaves a letter of every word on the line visible (a
    /// move may not cover every square of a run of two or more tiles; runs
    /// across the line hold one placed tile at most, so only the line's own
    /// runs can be covered).
    #[inline]
    fn leaves_words_visible(&self, start: usize, end: usize, mask: u32) -> bool {
        let span = ((1u64 << (end + 1)) - (1u64 << start)) as u32;
        let mut runs = self.occ & span;
        while runs != 0 {
            let lo = runs.trailing_zeros();
            let len = (!(runs >> lo)).trailing_zeros();
            let run = (((1u64 << len) - 1) << lo) as u32;
            if len >= 2 && run & !mask == 0 {
                return false;
            }
            runs &= !run;
        }
        true
    }

    /// Tiles that can be placed: those on the rack, or with a blank every
    /// tile of the alphabet (a corrupt file's edges may carry others).
    #[inline]
    pub fn rack_mask(&self) -> u64 {
        if self.rack[0] > 0 {
            self.alphabet_mask
        } else {
            self.present
        }
    }

    /// Takes tile `slot` (0 = blank) from the rack.
    #[inline]
    pub fn take(&mut self, slot: usize) {
        self.rack[slot & 63] -= 1;
        // Without a branch: whether this was the last copy is data, and
        // mispredicts.
        self.present &= !(((self.rack[slot & 63] == 0) as u64) << (slot & 63));
    }

    /// Puts tile `slot` back.
    #[inline]
    pub fn put_back(&mut self, slot: usize) {
        self.rack[slot & 63] += 1;
        self.present |= 1 << (slot & 63);
    }

    /// Square `pos` of the line.
    #[inline(always)]
    pub fn at(&self, pos: usize) -> &Sq {
        &self.sqs[pos & 31]
    }

    /// Contents of square `pos` (0 = empty).
    #[inline(always)]
    pub fn sq(&self, pos: usize) -> u8 {
        self.sqs[pos & 31].tile
    }

    /// Whether the sink wants the moves from anchor `a` searched.
    #[inline(always)]
    pub fn wants_anchor(&mut self, a: usize) -> bool {
        let lane = Lane {
            dir: self.dir,
            line: self.line,
            squares: &self.sqs[..self.n],
            rack: &self.rack_start,
        };
        self.sink.anchor(&lane, a)
    }

    /// Sets the rack's blanks aside for the search of anchor `a` if the
    /// sink wants no move that plays one ([`MoveSink::blanks_wanted`]):
    /// the anchor is then searched as if the rack had none, until
    /// [`LineCtx::restore_blanks`]. Called before the search starts, when
    /// `rack` and `rack_start` agree.
    fn set_blanks_aside(&mut self, a: usize) {
        if self.rack[0] == 0 {
            return;
        }
        let lane = Lane {
            dir: self.dir,
            line: self.line,
            squares: &self.sqs[..self.n],
            rack: &self.rack_start,
        };
        if self.sink.blanks_wanted(&lane, a) {
            return;
        }
        let b = self.rack[0];
        self.blanks_aside = b;
        self.rack[0] = 0;
        self.rack_start[0] = 0;
        self.present &= !1;
        self.tiles_total -= b as u32;
    }

    /// Puts back the blanks set aside for the anchor just searched.
    #[inline]
    fn restore_blanks(&mut self) {
        let b = std::mem::take(&mut self.blanks_aside);
        if b > 0 {
            self.rack[0] = b;
            self.rack_start[0] = b;
            self.present |= 1;
            self.tiles_total += b as u32;
        }
    }

    /// Takes letter `t` for the search: the real tile while the rack has
    /// one, else a blank. Returns the slot taken (`t` or 0), for
    /// [`put_back`] and for the letter's score (`Scoring::value` of 0 is
    /// the blank's).
    ///
    /// The search does not branch on "tile or blank": it places *letters*,
    /// each path once, paying with real tiles first, and [`record`] lists
    /// every other way the rack can pay for them. With a blank on the rack
    /// this explores each word once instead of once per blank assignment.
    ///
    /// [`put_back`]: LineCtx::put_back
    /// [`record`]: LineCtx::record
    #[inline(always)]
    pub fn take_letter(&mut self, t: usize) -> usize {
        let slot = if self.rack[t & 63] != 0 { t } else { 0 };
        // Callers take only letters of `rack_mask()`.
        debug_assert!(self.rack[slot & 63] != 0, "letter {t} not on the rack");
        self.take(slot);
        slot
    }

    /// Square contents for letter `t` taken from `slot`.
    #[inline(always)]
    pub fn letter_sq(t: usize, slot: usize) -> u8 {
        t as u8 | if slot == 0 { BLANK_FLAG } else { 0 }
    }

    /// Takes letter `t` ([`LineCtx::take_letter`]) and writes it on square
    /// `pos`; returns the slot, for [`LineCtx::put_back`] and the score.
    #[inline(always)]
    pub fn put_letter(&mut self, pos: usize, t: usize) -> usize {
        let slot = self.take_letter(t);
        self.cur[pos & 31] = Self::letter_sq(t, slot);
        slot
    }

    /// Emits the move whose main word spans `start..=end` (with blanks on
    /// the rack, every blank assignment of it: see [`LineCtx::take_letter`]).
    #[inline]
    pub fn record(&mut self, start: usize, end: usize, mask: u32, tally: R::Tally) {
        let placed = mask.count_ones();
        if end == start {
            return; // a one-tile word is no word
        }
        if R::STACKING && mask & self.occ != 0 && !self.leaves_words_visible(start, end, mask) {
            return;
        }
        if placed == 1 && self.dir == Dir::Down {
            // A single tile that also forms an across word is listed across.
            let p = mask.trailing_zeros() as usize;
            if self.at(p).has_cross {
                return;
            }
        }
        let score = self.scoring.total(&tally, placed);
        if S::RANKS_ANCHORS {
            // The most any blank assignment of the move scores: with real
            // tiles wherever the search paid with a blank. A sink may
            // refuse them all now.
            let mut most = score;
            if self.rack[0] != self.rack_start[0] {
                let mut bits = mask;
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let sq = self.cur[p & 31];
                    if sq & BLANK_FLAG != 0 {
                        most += self.scoring.blank_cut(&tally, self.at(p), sq);
                    }
                }
            }
            if !self.sink.may_want(most, placed) {
                return;
            }
        }
        let len = end - start + 1;
        let mut m = Move {
            dir: self.dir,
            row: 0,
            col: 0,
            len: len as u8,
            word: [0; MAX_SIZE],
            placed: mask >> start,
            score,
        };
        m.word[..len].copy_from_slice(&self.cur[start..=end]);
        match self.dir {
            Dir::Across => {
                m.row = self.line as u8;
                m.col = start as u8;
            }
            Dir::Down => {
                m.row = start as u8;
                m.col = self.line as u8;
            }
        }
        if self.rack_start[0] == 0 {
            self.sink.push(&m);
        } else {
            self.record_blanks(&mut m, start, &tally);
        }
    }

    /// What a blank instead of the real letter on word square `i` takes
    /// off the score: the letter in the main word and in its cross word.
    #[inline(always)]
    fn blank_cut(&self, m: &Move, start: usize, i: usize, tally: &R::Tally) -> i32 {
        self.scoring
            .blank_cut(tally, self.at(start + i), m.word[i % MAX_SIZE])
    }

    /// Emits `m`, found paying real tiles first, and every other blank
    /// assignment the starting rack can pay for.
    #[inline(never)]
    fn record_blanks(&mut self, m: &mut Move, start: usize, tally: &R::Tally) {
        // Placed squares where the search paid with a blank (none while a
        // blank is still on the rack, with one blank).
        let greedy = |m: &Move| {
            let mut g = 0u32;
            let mut bits = m.placed;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                g |= ((m.word[i % MAX_SIZE] & BLANK_FLAG != 0) as u32) << i;
            }
            g
        };
        if self.rack_start[0] == 1 {
            // One blank: on any placed letter if the real tiles paid for all
            // of them, else on any placed copy of the letter it paid for.
            self.sink.push(m);
            let mut bits = m.placed;
            if self.rack[0] == 0 {
                // The blank was spent, so it went on a placed square.
                let g = greedy(m);
                debug_assert!(g != 0, "blank spent but not placed");
                let j = g.trailing_zeros() as usize;
                m.word[j % MAX_SIZE] &= !BLANK_FLAG;
                m.score += self.blank_cut(m, start, j, tally);
                let letter = m.word[j % MAX_SIZE];
                bits &= !(1 << j);
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if m.word[i % MAX_SIZE] == letter {
                        self.push_blank_at(m, start, i, tally);
                    }
                }
            } else {
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.push_blank_at(m, start, i, tally);
                }
            }
            return;
        }
        // Two or more blanks: back to real letters everywhere, then choose
        // square by square.
        let mut g = greedy(m);
        while g != 0 {
            let j = g.trailing_zeros() as usize;
            g &= g - 1;
            m.word[j % MAX_SIZE] &= !BLANK_FLAG;
            m.score += self.blank_cut(m, start, j, tally);
        }
        let mut at = [0u8; 32];
        let mut cut = [0i32; 32];
        let mut k = 0;
        let mut bits = m.placed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            at[k & 31] = i as u8;
            cut[k & 31] = self.blank_cut(m, start, i, tally);
            k += 1;
        }
        let mut avail = self.rack_start;
        assign(self.sink, m, &at[..k], &cut[..k], &mut avail);
    }

    /// Emits `m` with a blank on word square `i` (and leaves `m` as it was).
    #[inline(always)]
    fn push_blank_at(&mut self, m: &mut Move, start: usize, i: usize, tally: &R::Tally) {
        let cut = self.blank_cut(m, start, i, tally);
        m.word[i % MAX_SIZE] |= BLANK_FLAG;
        m.score -= cut;
        self.sink.push(m);
        m.word[i % MAX_SIZE] &= !BLANK_FLAG;
        m.score += cut;
    }
}

/// Chooses, for each placed letter in turn, the real tile or a blank, as
/// `avail` allows, and emits every complete choice.
fn assign<S: MoveSink>(sink: &mut S, m: &mut Move, at: &[u8], cut: &[i32], avail: &mut [u8; 64]) {
    let Some((&i, rest)) = at.split_first() else {
        sink.push(m);
        return;
    };
    let i = i as usize % MAX_SIZE;
    let t = (m.word[i] & 63) as usize;
    if avail[t] != 0 {
        avail[t] -= 1;
        assign(sink, m, rest, &cut[1..], avail);
        avail[t] += 1;
    }
    if avail[0] != 0 {
        avail[0] -= 1;
        m.word[i] |= BLANK_FLAG;
        m.score -= cut[0];
        assign(sink, m, rest, &cut[1..], avail);
        m.score += cut[0];
        m.word[i] &= !BLANK_FLAG;
        avail[0] += 1;
    }
}

/// The search of a sink that ranks anchors ([`MoveSink::RANKS_ANCHORS`]):
/// every anchor of every lane ranked, then searched best first until the
/// sink says no anchor left is worth it. `ranked` is scratch space.
#[inline(never)]
fn ranked_search<S: MoveSink, R: Scoring, W: Widths>(
    ctx: &mut LineCtx<'_, S, R>,
    lanes: &[&Lanes],
    ranked: &mut Vec<(f32, u32)>,
    structure: Structure<'_, W>,
) {
    ranked.clear();
    let mut ranks = [0f32; 32];
    for (d, lanes) in lanes.iter().enumerate() {
        let n = lanes.n;
        for line in 0..n {
            if !lanes.line_has_anchor[line] {
                continue;
            }
            let lane = Lane {
                dir: if d == 0 { Dir::Across } else { Dir::Down },
                line,
                squares: &lanes.squares[line * n..(line + 1) * n],
                rack: &ctx.rack_start,
            };
            if !ctx.sink.lane(&lane) {
                continue;
            }
            ctx.sink.anchor_ranks(&lane, &mut ranks[..n]);
            for (pos, q) in lane.squares.iter().enumerate() {
                if q.anchor {
                    // Board order in the key: direction, line, square.
                    ranked.push((ranks[pos], (d * 1024 + line * 32 + pos) as u32));
                }
            }
        }
    }
    // Best rank first, ties in board order (keys are distinct: a total
    // order). A search usually stops within the first quarter, so the
    // anchors are put in order a block at a time: the best `BLOCK` picked
    // out (linear time), sorted, searched; then the next block. Those in
    // order are `ranked[i..sorted]`.
    const BLOCK: usize = 32;
    let order = |a: &(f32, u32), b: &(f32, u32)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    let mut current = u32::MAX;
    let (mut i, mut sorted) = (0, 0);
    while i < ranked.len() {
        if i == sorted {
            let rest = &mut ranked[i..];
            if rest.len() > BLOCK {
                rest.select_nth_unstable_by(BLOCK - 1, order);
            }
            let end = rest.len().min(BLOCK);
            rest[..end].sort_unstable_by(order);
            sorted = i + end;
        }
        let (rank, key) = ranked[i];
        let (d, line, pos) = (
            key as usize / 1024,
            key as usize / 32 % 32,
            key as usize % 32,
        );
        let n = lanes[d].n;
        let dir = if d == 0 { Dir::Across } else { Dir::Down };
        let squares = &lanes[d].squares[line * n..(line + 1) * n];
        let lane = Lane {
            dir,
            line,
            squares,
            rack: &ctx.rack_start,
        };
        let again = ctx.sink.rerank(&lane, pos, rank);
        if again < rank {
            // Back in order at its new rank: among those sorted, or after
            // them (with the rest, all ranked below the sorted ones).
            let moved = (again, key);
            let mut j = i + 1;
            while j < sorted && order(&ranked[j], &moved) == Ordering::Less {
                j += 1;
            }
            ranked[i] = moved;
            if j < sorted || sorted == ranked.len() {
                ranked[i..j].rotate_left(1);
            } else {
                ranked[i..].rotate_left(1);
                sorted -= 1;
            }
            continue;
        }
        i += 1;
        if !ctx.sink.worth(rank) {
            break;
        }
        if key / 32 != current {
            current = key / 32;
            ctx.load_lane(dir, line, squares);
        }
        if !ctx.wants_anchor(pos) {
            continue;
        }
        ctx.set_blanks_aside(pos);
        match structure {
            Structure::Dawg(e) => dawg::gen_anchor(ctx, &e, pos),
            Structure::Gaddag(e) => gaddag::search_anchor(ctx, &e, pos),
        }
        ctx.restore_blanks();
    }
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
            scoring: std::marker::PhantomData,
        }
    }

    /// Whether the search may scan a node's edges 16 at a time with
    /// AVX-512 instructions, on a CPU that has them and a lexicon of up to
    /// 31 tiles in edges of at most 32 bits (on by default; see
    /// [`Generator::uses_vector_scan`]). The moves are the same either way;
    /// off, every CPU runs the same scalar code, which is for testing and
    /// timing one against the other.
    pub fn set_vector_scan(&mut self, on: bool) {
        self.vector = on;
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
    /// with the layout's size, as [`Position::parse_cgp`](crate::board::Position::parse_cgp) asks).
    pub fn generate<S: MoveSink>(
        &mut self,
        lex: &Lexicon,
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
        let scoring = R::new(&self.rules, lex.alphabet());
        let edges = lex.edges();
        // The same search, compiled for the file's widths where they are
        // common ones (constant shifts cut its instructions), and for
        // AVX-512 where the CPU has it (see `Widths`).
        let vector = self.vector;
        if let Some(e) = edges.fixed::<Aligned5Avx512>().filter(|_| vector) {
            self.run(lex, e, board, rack, opts, sink, &scoring);
        } else if let Some(e) = edges.fixed::<Tiles5Avx512>().filter(|_| vector) {
            self.run(lex, e, board, rack, opts, sink, &scoring);
        } else if let Some(e) = edges.fixed::<Aligned5>() {
            self.run(lex, e, board, rack, opts, sink, &scoring);
        } else if let Some(e) = edges.fixed::<Tiles5>() {
            self.run(lex, e, board, rack, opts, sink, &scoring);
        } else if let Some(e) = edges.fixed::<Kwg22>() {
            // A KWG read in place (`lexicon::Kwg`).
            self.run(lex, e, board, rack, opts, sink, &scoring);
        } else {
            self.run(lex, edges, board, rack, opts, sink, &scoring);
        }
    }

    /// [`Generator::generate`] on `edges`, the lexicon's edges read as `W`.
    #[allow(clippy::too_many_arguments)]
    fn run<S: MoveSink, W: Widths>(
        &mut self,
        lex: &Lexicon,
        edges: Edges<'_, W>,
        board: &Board,
        rack: &Rack,
        opts: &Options,
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
        let both = !board.is_empty() || opts.opening_both;
        // Only tiles that could be placed need cross-checking.
        let all_tiles = crate::crosscheck::tiles_mask(max_tile);
        let wanted = if rack.count(0) > 0 {
            all_tiles
        } else {
            rack.counts()
                .iter()
                .enumerate()
                .skip(1)
                .fold(0u64, |m, (t, &c)| m | ((c != 0) as u64) << t)
        };
        let input = CrossInput {
            rules: &self.rules,
            scoring,
            max_tile,
            structure,
            top,
            wanted,
        };
        self.cross_cache.use_lexicon(lex.id());
        self.across
            .compute(board, Dir::Across, &input, &mut self.cross_cache);
        if both {
            self.down
                .compute(board, Dir::Down, &input, &mut self.cross_cache);
        }
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
            sqs: [Sq::default(); 32],
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
            occ: 0,
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

/// The words a move forms across its main word (perpendicular words of two
/// or more tiles through each placed tile), as (row, col, squares) of each
/// word's first square.
pub fn cross_words(board: &Board, m: &Move) -> Vec<(usize, usize, Vec<u8>)> {
    let n = board.size();
    let mut out = Vec::new();
    for (r, c, sq) in m.placements() {
        // Perpendicular direction.
        let (dr, dc) = match m.dir {
            Dir::Across => (1isize, 0isize),
            Dir::Down => (0, 1),
        };
        let at = |r: isize, c: isize| -> Option<u8> {
            if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                return None;
            }
            let s = board.get(r as usize, c as usize);
            (s != 0).then_some(s)
        };
        let (mut sr, mut sc) = (r as isize, c as isize);
        while at(sr - dr, sc - dc).is_some() {
            sr -= dr;
            sc -= dc;
        }
        let mut word = Vec::new();
        let (mut cr, mut cc) = (sr, sc);
        loop {
            let s = if (cr, cc) == (r as isize, c as isize) {
                Some(sq)
            } else {
                at(cr, cc)
            };
            match s {
                Some(s) => word.push(s),
                None => break,
            }
            cr += dr;
            cc += dc;
        }
        if word.len() >= 2 {
            out.push((sr as usize, sc as usize, word));
        }
    }
    out
}
