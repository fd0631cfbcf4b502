//! The best plays by equity: placements, exchanges and the pass, ranked by
//! score plus leave ([`crate::leave`]), found without keeping every move.
//!
//! [`Generator::best`] searches with a [`TopN`] sink, which keeps the `n`
//! best plays so far. Before the search it values every leave of the rack
//! once, in a table indexed by the tiles a play uses (a play's equity then
//! costs a few additions, no leave lookup), which also gives the best leave
//! for each number of tiles played. Through the search-policy seam
//! ([`MoveSink::RANKS_ANCHORS`]) it then bounds every anchor of every lane,
//! both directions: the most a play found from that anchor can be worth.
//! A play is found from its leftmost (topmost) anchor, so it reads the
//! tiles right before the anchor or places tiles on the empty non-anchor
//! squares there, and reaches right through tiles and onto empty squares
//! some rack tile may go on. For each such span and each number `k` of
//! tiles placed the bound pairs the rack's `k` best tiles with the span's
//! best effective multipliers (letter premium × word premiums, plus the
//! cross word's), or, if lower, gives each square the best rack tile its
//! cross-checks accept; it adds the board tiles and cross words, the bingo
//! bonus with a full rack and the best leave of `k` tiles played. What the
//! rack can spell narrows that leave: with the lexicon's
//! [`AnagramIndex`](crate::anagrams) (built on request, or by the search
//! itself after a thousand searches: see [`Lexicon::anagram_index`]; until
//! then these bounds do without it), a span whose word is the placed
//! tiles alone counts only the sets of `k` tiles that spell a word, one
//! through a single board tile only the sets that spell a word with it,
//! and a full rack through one board tile must spell an 8-letter word with
//! it. A bingo (every tile of the rack) alone or through up to three board
//! tiles counts only if one of the rack's words, from the index's word
//! lists, fits its span letter by letter, and then at what the best of
//! them scores. Those lookups are made only for the anchors whose turn comes:
//! all are ranked first without them, and an anchor whose bingos are
//! checked then goes back in order at its tighter bound
//! ([`MoveSink::rerank`]). Where, with a blank on the rack, only such
//! bingos could rank, they are placed from the words and the anchor is
//! searched without the blank ([`Stats::bingos_placed`]). The anchors
//! are searched best bound first, across all lanes, and the search ends at
//! the first bound that cannot reach the `n`-th best equity (ties could
//! rank, so it stops only below). The result is exactly that of ranking
//! every play (tested on every reference position, both generators, with
//! and without the index). With a [`Scoring`] other than the classic one
//! the bounds do not hold and every anchor is searched.
//!
//! The search reaches exactly the anchors whose bound is at least the best
//! equity (the best play's anchor comes before any anchor bounded below
//! it), so a better first guess saves nothing; only tighter bounds do. The
//! measurements that shaped the bound, and the ideas measured and dropped,
//! are in `docs/design/equity-search.md`.
//!
//! A rack with more than 2^20 leaves (over 20 tiles: a variant's rack of up
//! to 63) gets no table: its plays are valued one by one, every anchor is
//! searched, and its exchanges are not ranked ([`Stats::exchanges_unranked`]).
//!
//! Order: equity descending; ties by the canonical move order
//! ([`Move::canonical_cmp`]), placements before exchanges (fewest tiles
//! first, then tile order), the pass last.
//!
//! ```
//! use lexgraph::leave::Gordon;
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Options, Position, Rules, WordList};
//!
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nis\nsi\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0", &a, 15)?;
//! let mut gen = Generator::new(Rules::default());
//! let best = gen.best(&gaddag, &pos, &Gordon::heuristic1(&a), 1, &Options::default());
//! // QIS scores more, but QI keeps the S (worth 7.5 to Gordon).
//! assert_eq!(best[0].play.text(&a), "8G QI");
//! assert_eq!(best[0].equity, 22.0 + 7.5);
//! # Ok::<(), lexgraph::Error>(())
//! ```

pub mod klv;
pub mod leave;
pub mod strategy;

use std::cmp::Ordering;

use crate::alphabet::Alphabet;
use crate::alphabet::Tile;
use crate::anagrams::{push_tile, AnagramIndex, MAX_LEN, WORD, WORDS_MAX_LEN};
use crate::board::{tile_of, Position, Rack, BLANK_FLAG};
use crate::lane::{Lane, LaneSquare};
use crate::leave::{equity, settle, tiles_value, LeaveValue};
use crate::lexicon::Lexicon;
use crate::movegen::{Dir, Generator, Move, MoveSink, Options};
use crate::rules::MAX_SIZE;
use crate::scoring::{Classic, Scoring};

/// A play: tiles placed, an exchange, or a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    Place(Move),
    /// The tiles put back in the bag.
    Exchange(Rack),
    Pass,
}

impl Play {
    /// `8D QUIRE`, `exchange AEI` or `pass`.
    pub fn text(&self, alphabet: &Alphabet) -> String {
        match self {
            Play::Place(m) => m.notation(alphabet),
            Play::Exchange(r) => format!("exchange {}", r.to_text(alphabet)),
            Play::Pass => "pass".to_string(),
        }
    }

    /// Points scored (0 for an exchange or a pass).
    pub fn score(&self) -> i32 {
        match self {
            Play::Place(m) => m.score,
            _ => 0,
        }
    }

    fn order(&self, other: &Play) -> Ordering {
        let rank = |p: &Play| match p {
            Play::Place(_) => 0,
            Play::Exchange(_) => 1,
            Play::Pass => 2,
        };
        match (self, other) {
            (Play::Place(a), Play::Place(b)) => a.canonical_cmp(b),
            (Play::Exchange(a), Play::Exchange(b)) => a
                .len()
                .cmp(&b.len())
                .then_with(|| a.tiles().cmp(&b.tiles())),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

/// A play with its equity and the tiles it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub play: Play,
    pub equity: f32,
    /// The tiles kept (before drawing).
    pub leave: Rack,
}

impl Ranked {
    /// The order of [`Generator::best`]: equity descending, then the
    /// plays' order (see the [module](self) docs).
    pub fn rank_cmp(&self, other: &Ranked) -> Ordering {
        other
            .equity
            .total_cmp(&self.equity)
            .then_with(|| self.play.order(&other.play))
    }
}

/// What equity depends on besides the move: the rack, the bag, the
/// opponent's tiles, the values of tiles and leaves.
struct Context<'a, L: LeaveValue> {
    rack: &'a Rack,
    bag: usize,
    opponent: [u8; 64],
    leaves: &'a L,
    alphabet: &'a Alphabet,
}

impl<L: LeaveValue> Context<'_, L> {
    fn rank(&self, play: Play, leave: Rack) -> Ranked {
        let e = equity(
            play.score(),
            leave.counts(),
            self.leaves,
            self.bag,
            &self.opponent,
            self.alphabet,
        );
        Ranked {
            play,
            equity: e,
            leave,
        }
    }

    fn leave_of(&self, m: &Move) -> Rack {
        let mut r = *self.rack;
        m.take_from(&mut r);
        r
    }
}

/// What keeping each leave of the rack adds to equity, found once per
/// search: indexed by a code of the tiles a play takes from the rack, so
/// that valuing a play costs a few additions and no leave lookup.
///
/// The code is mixed-radix: each kind of tile on the rack (the blank, for
/// blanks played as letters, is one) is a digit counting the copies used,
/// of radix one more than the copies on the rack. A rack of 7 tiles has at
/// most 2^7 = 128 codes.
struct LeaveIndex {
    /// What using one copy of tile `t` (0: a blank) adds to the code.
    stride: [u32; 64],
    /// By code: what the leave adds to a play's score ([`equity`] of a
    /// play scoring 0), the end-of-game settlement with an empty bag.
    adds: Vec<f32>,
    /// By number of tiles used: the most any such leave adds
    /// (`-inf` where no play uses that many).
    best: [f32; 33],
    /// The most of those.
    best_any: f32,
    /// By number of tiles used: the most any leave of a play that uses a
    /// blank adds (`-inf` where none does).
    best_blank: [f32; 33],
    /// The rack's kinds of tile: (tile, copies + 1), the code's digits.
    kinds: Vec<(usize, u32)>,
    rack: [u8; 64],
}

/// The most leaves [`LeaveIndex`] values at once (4 MB of `f32`): every rack
/// of up to 20 tiles. A rack with more (a variant's rack of 63 tiles has up
/// to 2^63) is valued play by play instead, with no bounds, and its
/// exchanges, which would have to be valued one by one, are not ranked
/// (see [`Stats::exchanges_unranked`]).
const MAX_LEAVE_CODES: u64 = 1 << 20;

impl LeaveIndex {
    /// Every leave of `rack`, valued in `cx`.
    fn new<L: LeaveValue>(cx: &Context<'_, L>, rack: &Rack) -> LeaveIndex {
        let counts = rack.counts();
        let mut stride = [0u32; 64];
        let mut kinds = Vec::with_capacity(8);
        let mut size = 1u64;
        for (t, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
            stride[t] = size.min(u32::MAX as u64) as u32;
            kinds.push((t, c as u32 + 1));
            size = size.saturating_mul(c as u64 + 1);
        }
        if size > MAX_LEAVE_CODES {
            // Too many leaves to value at once: no table, and bounds that
            // admit every play (see [`LeaveIndex::is_sparse`]).
            return LeaveIndex {
                stride,
                adds: Vec::new(),
                best: [f32::INFINITY; 33],
                best_any: f32::INFINITY,
                best_blank: [f32::INFINITY; 33],
                kinds,
                rack: *counts,
            };
        }
        let mut adds = vec![0f32; size as usize];
        if cx.bag > 0 {
            // With tiles in the bag a leave adds its value: every value at
            // once, by the code of the tiles kept, which is the complement
            // of the code of the tiles used.
            cx.leaves.sub_leave_values(counts, &mut adds);
            adds.reverse();
            for a in adds.iter_mut() {
                // As `equity` adds a score of 0.
                *a += 0.0;
            }
        }
        // With an empty bag, the settlement: from the points the rack
        // keeps, counted as the codes are walked.
        let values = cx.alphabet.values();
        let rack_tiles: usize = kinds.iter().map(|&(_, r)| r as usize - 1).sum();
        let rack_points = tiles_value(cx.alphabet, counts);
        let opponent = tiles_value(cx.alphabet, &cx.opponent);
        let mut best = [f32::NEG_INFINITY; 33];
        let mut best_blank = [f32::NEG_INFINITY; 33];
        // The code's digits, least significant first, and the number and
        // points of the tiles it uses.
        let mut digits = vec![0u32; kinds.len()];
        let (mut used, mut points) = (0usize, 0i32);
        for add in adds.iter_mut() {
            if cx.bag == 0 {
                *add = settle(0, used < rack_tiles, rack_points - points, opponent);
            }
            if let Some(b) = best.get_mut(used) {
                *b = b.max(*add);
            }
            // The blank's kind, if any, is the first digit.
            if kinds.first().is_some_and(|k| k.0 == 0) && digits[0] > 0 {
                if let Some(b) = best_blank.get_mut(used) {
                    *b = b.max(*add);
                }
            }
            for (d, &(t, radix)) in digits.iter_mut().zip(&kinds) {
                *d += 1;
                used += 1;
                points += values[t];
                if *d < radix {
                    break;
                }
                *d = 0;
                used -= radix as usize;
                points -= radix as i32 * values[t];
            }
        }
        LeaveIndex {
            stride,
            adds,
            best_any: best.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b)),
            best,
            best_blank,
            kinds,
            rack: *counts,
        }
    }

    /// Whether the rack had too many leaves to value at once
    /// ([`MAX_LEAVE_CODES`]): plays are then valued one by one.
    fn is_sparse(&self) -> bool {
        self.adds.is_empty()
    }

    /// The tiles code `code` uses, those it keeps, and how many it uses.
    fn decode(&self, code: u32) -> ([u8; 64], [u8; 64], usize) {
        let (mut used, mut kept) = ([0u8; 64], self.rack);
        let (mut rest, mut total) = (code, 0usize);
        for &(t, radix) in &self.kinds {
            let u = (rest % radix) as u8;
            rest /= radix;
            used[t] = u;
            kept[t] -= u;
            total += u as usize;
        }
        (used, kept, total)
    }

    /// What the leave of `m` adds to its score.
    #[inline]
    fn adds(&self, m: &Move) -> f32 {
        let mut code = 0u32;
        let mut bits = m.placed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let sq = m.word[i % m.word.len()];
            let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
            code += self.stride[t as usize & 63];
        }
        self.adds[code as usize]
    }
}

/// The rack holding `counts`.
fn rack_of(counts: &[u8; 64]) -> Rack {
    let mut r = Rack::default();
    for (t, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            r.add(t as u8);
        }
    }
    r
}

/// What the rack can spell with no tile of the board, and with one, from
/// the lexicon's [`AnagramIndex`]: a span whose word would be the placed
/// tiles alone can only hold a set of tiles that spells a word, and a full
/// rack through one board tile needs an 8-letter word.
struct Spelled {
    /// By number of tiles used: the most the leave of any set of that many
    /// tiles that spells a word adds (`-inf` where none does; a set the
    /// index cannot judge, as with two blanks, counts as spelling).
    best: [f32; 33],
    /// By board tile `t` and number of tiles used: the most the leave of
    /// any set of that many tiles that spells a word with `t` adds
    /// (`-inf` where none does); sets with a blank are in `any_best`.
    through_best: [[f32; 8]; 64],
    /// By number of tiles used: the most the leave of any set the index
    /// cannot judge with a board tile adds (sets with blanks, longer sets).
    any_best: [f32; 33],
    /// Tiles `t` such that the whole rack and `t` may spell a word.
    through: u64,
    /// By number of tiles used: the most the leave of any set with a blank
    /// that spells a word adds (`-inf` where none does).
    blank_best: [f32; 33],
}

impl Spelled {
    /// Nothing known: every set may spell (the index not built yet, or a
    /// scoring the bounds do not hold for).
    fn unknown(leaves: &LeaveIndex) -> Spelled {
        Spelled {
            best: leaves.best,
            through_best: [[f32::NEG_INFINITY; 8]; 64],
            any_best: leaves.best,
            through: u64::MAX,
            blank_best: leaves.best_blank,
        }
    }

    /// Two passes over the sets of tiles: one works out their keys and
    /// prefetches their entries in the index (some MB: every lookup can
    /// miss the cache, and this way the misses overlap), one reads them.
    fn new(leaves: &LeaveIndex, index: &AnagramIndex, letters: usize) -> Spelled {
        let mut best = [f32::NEG_INFINITY; 33];
        let mut through_best = [[f32::NEG_INFINITY; 8]; 64];
        let mut any_best = [f32::NEG_INFINITY; 33];
        let mut blank_best = [f32::NEG_INFINITY; 33];
        // Every set's key, letters and blanks, by code: the codes in
        // order, as an odometer of digits (copies used of each kind of
        // tile, least significant first; the blank's kind, tile 0, first).
        let kinds = &leaves.kinds;
        let mut digits = [0u32; 64];
        let mut sets: Vec<(u64, usize, usize)> = Vec::with_capacity(leaves.adds.len());
        for _ in 0..leaves.adds.len() {
            let (mut key, mut len, mut blanks) = (0u64, 0usize, 0usize);
            for (&(t, _), &d) in kinds.iter().zip(&digits) {
                if t == 0 {
                    blanks = d as usize;
                } else {
                    for _ in 0..d {
                        key = push_tile(key, t as u8);
                    }
                    len += d as usize;
                }
            }
            if blanks <= 1 {
                index.prefetch(key);
            }
            sets.push((key, len, blanks));
            for (d, &(_, radix)) in digits.iter_mut().zip(kinds) {
                *d += 1;
                if *d < radix {
                    break;
                }
                *d = 0;
            }
        }
        let rack_tiles: usize = kinds.iter().map(|&(_, r)| r as usize - 1).sum();
        // The board tiles that make a word of the whole rack and one more.
        let mut through = u64::MAX;
        for (&(key, len, blanks), &add) in sets.iter().zip(&leaves.adds) {
            let size = len + blanks;
            if size >= best.len() {
                continue;
            }
            // What the set spells alone (bit 0) and with each board tile.
            let e = match blanks {
                0 => index.entry(key, len),
                // A blank and the letters spell what the letters and one
                // more do; with a board tile as well, unknown.
                1 => (index.entry(key, len) & !WORD != 0) as u64 | !WORD,
                _ => u64::MAX,
            };
            if e & WORD != 0 && size >= 2 {
                best[size] = best[size].max(add);
                if blanks > 0 {
                    blank_best[size] = blank_best[size].max(add);
                }
            }
            if size == rack_tiles && blanks == 0 {
                through = e & !WORD;
            }
            let mut m = e & !WORD;
            if m == !WORD || size >= 8 {
                any_best[size] = any_best[size].max(add);
            } else {
                while m != 0 {
                    let t = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let b = &mut through_best[t][size];
                    *b = b.max(add);
                }
            }
        }
        if leaves.rack[0] == 1 {
            // One blank: the whole rack and tile `t` spell a word if the
            // letters, `t` and one more do (the key with `t` put in place).
            through = 0;
            let rack = &leaves.rack;
            let mut tiles = [0u8; 8];
            let mut len = 0usize;
            for (u, &c) in rack.iter().enumerate().skip(1) {
                for _ in 0..c {
                    if len < tiles.len() {
                        tiles[len] = u as u8;
                    }
                    len += 1;
                }
            }
            if len >= tiles.len() {
                through = u64::MAX;
            } else {
                for t in 1..letters.min(63) as u8 + 1 {
                    let (mut key, mut put) = (0u64, false);
                    for &u in &tiles[..len] {
                        if !put && u >= t {
                            key = push_tile(key, t);
                            put = true;
                        }
                        key = push_tile(key, u);
                    }
                    if !put {
                        key = push_tile(key, t);
                    }
                    if index.entry(key, len + 1) & !WORD != 0 {
                        through |= 1 << t;
                    }
                }
            }
        }
        Spelled {
            best,
            through_best,
            any_best,
            through,
            blank_best,
        }
    }
}

/// The words a full rack makes, alone and through up to three board tiles,
/// read from the lexicon's [`AnagramIndex`] the first time a bound asks:
/// then a span for a bingo counts only if one of those words fits its
/// squares, letter by letter (cross-checks, and the board tiles in their
/// places). The index says whether the letters make a word; this says
/// whether a word fits here.
struct Bingos<'a> {
    index: &'a AnagramIndex,
    /// The rack's letters, ascending, and its blanks (at most one: with
    /// two, nothing is checked).
    letters: Vec<Tile>,
    blanks: usize,
    /// Letters of the alphabet: what a blank may be.
    alphabet: usize,
    /// The words looked up so far, by the key of the board tiles they go
    /// through (0: none), and those keys.
    words: Vec<(u64, [Tile; WORDS_MAX_LEN])>,
    known: Vec<u64>,
}

impl<'a> Bingos<'a> {
    fn new(index: &'a AnagramIndex, rack: &[u8; 64], alphabet: usize) -> Bingos<'a> {
        let mut letters = Vec::with_capacity(MAX_LEN);
        for (t, &c) in rack.iter().enumerate().skip(1) {
            letters.extend(std::iter::repeat_n(t as Tile, c as usize));
        }
        Bingos {
            index,
            letters,
            blanks: rack[0] as usize,
            alphabet: alphabet.min(63),
            words: Vec::new(),
            known: Vec::new(),
        }
    }

    /// Whether the bounds may check bingos' words (not with two blanks).
    fn checkable(&self) -> bool {
        self.blanks <= 1
    }

    /// Keeps every word of the rack's letters, the board tiles `board` and
    /// the blank (if any) as any letter, under `board_key`.
    fn look_up(&mut self, board: &[Tile], board_key: u64) {
        let mut tiles = [0 as Tile; WORDS_MAX_LEN];
        let n = self.letters.len() + board.len();
        if n + self.blanks > WORDS_MAX_LEN {
            return;
        }
        tiles[..self.letters.len()].copy_from_slice(&self.letters);
        tiles[self.letters.len()..n].copy_from_slice(board);
        tiles[..n].sort_unstable();
        let key = |tiles: &[Tile]| tiles.iter().fold(0u64, |k, &t| push_tile(k, t));
        if self.blanks == 0 {
            for w in self.index.words(key(&tiles[..n])) {
                self.words.push((board_key, *w));
            }
            return;
        }
        // One blank: as each letter that completes the others to a word
        // (the index knows which up to its longest multisets; past them,
        // every letter is tried).
        let mut m = if n < MAX_LEN {
            self.index.entry(key(&tiles[..n]), n) & !WORD
        } else {
            (2u64 << self.alphabet) - 2
        };
        // The keys first, prefetched: up to one a letter, each a likely
        // cache miss.
        let mut keys = [0u64; 64];
        let mut nk = 0;
        while m != 0 {
            let x = m.trailing_zeros() as Tile;
            m &= m - 1;
            let mut with_x = tiles;
            with_x[n] = x;
            with_x[..=n].sort_unstable();
            keys[nk] = key(&with_x[..=n]);
            self.index.prefetch_words(keys[nk]);
            nk += 1;
        }
        for &k in &keys[..nk] {
            for w in self.index.words(k) {
                self.words.push((board_key, *w));
            }
        }
    }

    /// The key [`Bingos::words`] keeps the words through the board tiles of
    /// `span` under, after looking them up if not yet done.
    fn board_key(&mut self, span: &[LaneSquare]) -> u64 {
        let mut board = [0 as Tile; WORDS_MAX_LEN];
        let mut nb = 0;
        for q in span.iter().filter(|q| q.tile() != 0) {
            board[nb] = tile_of(q.tile());
            nb += 1;
        }
        board[..nb].sort_unstable();
        // Board tiles ascending, and one bit above them: never 0.
        let board_key = board[..nb].iter().fold(1u64, |k, &t| push_tile(k, t));
        if !self.known.contains(&board_key) {
            self.known.push(board_key);
            self.look_up(&board[..nb], board_key);
        }
        board_key
    }

    /// The words kept under `board_key` that fit `span`: each letter one
    /// its square accepts, the board tiles' letters where they lie.
    fn fitting<'s>(
        &'s self,
        span: &'s [LaneSquare],
        board_key: u64,
    ) -> impl Iterator<Item = &'s [Tile; WORDS_MAX_LEN]> + 's {
        self.words
            .iter()
            .filter(move |(k, _)| *k == board_key)
            .map(|(_, w)| w)
            .filter(move |w| {
                span.iter().zip(w.iter()).all(|(q, &l)| {
                    if q.tile() != 0 {
                        tile_of(q.tile()) == l
                    } else {
                        q.allowed() & (1 << (l & 63)) != 0
                    }
                })
            })
    }

    /// The most a word of the rack and the board tiles on the `len` squares
    /// of `sqs` from `start` scores there, of those that fit: each letter
    /// one its square accepts, the board tiles' letters where they lie.
    /// Each letter placed counts its full value (a blank's would count
    /// none: this bounds that too). `None` if no word fits.
    fn fit(
        &mut self,
        sqs: &[LaneSquare],
        start: usize,
        len: usize,
        scoring: &Classic,
    ) -> Option<i32> {
        let span = &sqs[start..start + len];
        let board_key = self.board_key(span);
        self.fitting(span, board_key)
            .map(|w| span_score(scoring, span, w, None))
            .max()
    }
}

/// What word `w` scores on `span` (its board tiles where they lie, the
/// rest placed), with the blank on square `blank` of the span if any, as
/// `scoring` counts it, bingo bonus included.
fn span_score(
    scoring: &Classic,
    span: &[LaneSquare],
    w: &[Tile; WORDS_MAX_LEN],
    blank: Option<usize>,
) -> i32 {
    let mut tally = scoring.start();
    let mut placed = 0;
    for (i, (q, &l)) in span.iter().zip(w).enumerate() {
        if q.tile() != 0 {
            tally = scoring.through(tally, q);
        } else {
            let value = if blank == Some(i) {
                0
            } else {
                scoring.value(l as usize)
            };
            tally = scoring.place(tally, q, value);
            placed += 1;
        }
    }
    scoring.total(&tally, placed)
}

/// What the bound of an anchor needs besides its lane, set up once per
/// search (from the rack the generator sees, the first time it asks).
#[derive(Default)]
struct Shadow {
    ready: bool,
    /// Tiles on the rack that can be placed.
    tiles: usize,
    /// The rack's tile values, highest first (blanks 0).
    values: [i64; 32],
    /// By count `r` (up to 8): the `r` most valuable tiles, then zeros, so
    /// that pairing them with multipliers is eight multiplications, with no
    /// loop that exits at a different count each time.
    top: [[i64; 8]; 9],
    /// Tiles that can be placed: the rack's, or every one with a blank.
    mask: u64,
    /// The rack's kinds of letter (blanks aside): (bit of the tile, its
    /// value), highest value first, for the best tile a square accepts.
    kinds: [(u64, i64); 32],
    nkinds: usize,
}

impl Shadow {
    /// The most a rack tile that square mask `allowed` accepts is worth
    /// (a blank: 0).
    #[inline]
    fn best_on(&self, allowed: u64) -> i64 {
        for &(bit, v) in &self.kinds[..self.nkinds] {
            if allowed & bit != 0 {
                return v;
            }
        }
        0
    }
}

/// Scratch space of [`TopN::anchor_bound`], kept so that it is not
/// cleared for every anchor (every entry is written before it is read).
#[derive(Default)]
struct Scratch {
    /// Square placed on, points of the tiles read after it, how many
    /// tiles those are and the first of them.
    steps: [(usize, i64, u32, u8); 32],
    lms: [i64; 32],
    xms: [i64; 32],
    eff: [i64; 32],
    /// The spans (first square, length) of the bingos that fit, found by
    /// the last exact bound.
    bingo_spans: [(usize, usize); 32],
    nbingo: usize,
}

/// A sink that keeps the `n` best plays by equity and ranks every anchor by
/// a bound on what the plays found from it are worth, so that the search
/// stops at the first anchor that cannot rank (see the [module](self)
/// docs).
pub struct TopN<'a, L: LeaveValue> {
    cx: Context<'a, L>,
    n: usize,
    /// Sorted best first, at most `n`.
    best: Vec<Ranked>,
    /// The equity a play needs to rank: the last kept one's once `n` are
    /// kept ([`TopN::full`]), else `-inf`.
    floor: f32,
    values: [i32; 64],
    rack_size: usize,
    bingo: i64,
    leaves: LeaveIndex,
    /// What the rack can spell alone (see [`Spelled`]).
    spelled: Spelled,
    shadow: Shadow,
    /// In a cell: the bound reads `self` and writes here, and moving the
    /// scratch out and back instead copied 1.5 KB a lane.
    scratch: std::cell::RefCell<Scratch>,
    /// The rack's bingo words, when the index can tell them (see
    /// [`Bingos`]).
    bingos: Option<std::cell::RefCell<Bingos<'a>>>,
    /// By direction and line (`dir * 32 + line`), the anchors whose rank
    /// counts bingos not yet checked against their words: checked when
    /// their turn comes ([`MoveSink::rerank`]).
    unchecked: [u32; 64],
    stats: Stats,
    /// The scoring is [`Scoring::CLASSIC`]: the bounds hold.
    prune: bool,
    /// The classic scoring, for the bingos [`Bingos`] checks and places
    /// (only with `prune`: other scorings check none).
    scoring: Classic,
}

/// How much of the board a best-play search looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Anchors searched.
    pub searched: usize,
    /// Anchors not searched: no move found from them could rank among the
    /// best.
    pub skipped: usize,
    /// Anchors searched without the rack's blank, where only bingos with
    /// it could rank: those were placed from the rack's words instead.
    pub bingos_placed: usize,
    /// The rack had more than 2^20 leaves (more than 20 tiles): its plays
    /// were valued one by one, and its exchanges, which could not be
    /// ranked without valuing every one, were left out.
    pub exchanges_unranked: bool,
}

impl<'a, L: LeaveValue> TopN<'a, L> {
    fn offer(&mut self, r: Ranked) {
        if self.n == 0 {
            return;
        }
        if self.n > 64 {
            // Many wanted (every play, say): keep them all and sort once.
            self.best.push(r);
            return;
        }
        if self.best.len() == self.n && r.rank_cmp(self.best.last().unwrap()) != Ordering::Less {
            return;
        }
        let at = self
            .best
            .partition_point(|b| b.rank_cmp(&r) == Ordering::Less);
        self.best.insert(at, r);
        self.best.truncate(self.n);
        if self.full() {
            self.floor = self.best[self.best.len() - 1].equity;
        }
    }

    /// Whether a play of equity `e` could rank among the best. Ties could:
    /// a play of equal equity may come first in the order. Equities are
    /// `f32` sums, rounded the same way for plays and for bounds, so a
    /// bound rounds no lower than what it bounds.
    #[inline]
    fn admits(&self, e: f32) -> bool {
        e >= self.floor
    }

    /// Whether `n` plays are kept, so that a play must beat the last.
    #[inline]
    fn full(&self) -> bool {
        self.best.len() == self.n && self.n <= 64
    }

    fn prepare_shadow(&mut self, rack: &[u8; 64]) {
        let sh = &mut self.shadow;
        sh.ready = true;
        let mut k = 0;
        for (t, &c) in rack.iter().enumerate() {
            for _ in 0..c {
                if k < sh.values.len() {
                    sh.values[k] = self.values[t] as i64;
                    k += 1;
                }
            }
        }
        sh.tiles = k;
        sh.values[..k].sort_unstable_by(|a, b| b.cmp(a));
        for (r, top) in sh.top.iter_mut().enumerate() {
            for (i, v) in top.iter_mut().enumerate() {
                *v = if i < r { sh.values[i] } else { 0 };
            }
        }
        let mut nk = 0;
        for (t, &c) in rack.iter().enumerate().skip(1) {
            if c > 0 && nk < sh.kinds.len() {
                sh.kinds[nk] = (1u64 << (t & 63), self.values[t] as i64);
                nk += 1;
            }
        }
        sh.nkinds = nk;
        sh.kinds[..nk].sort_by_key(|k| std::cmp::Reverse(k.1));
        sh.mask = if rack[0] > 0 {
            !1
        } else {
            (1..64)
                .filter(|&t| rack[t] > 0)
                .fold(0u64, |m, t| m | 1 << t)
        };
    }

    /// The most a play found from anchor `a` (see
    /// [`MoveSink::anchor`]) can be worth: for each way of reaching out from
    /// the anchor, left onto empty squares or through the tiles there, right
    /// onto empty squares some rack tile may go on and through tiles,
    /// with `k` tiles placed, the rack's `k` best tiles on the squares'
    /// best effective multipliers (letter premium × the word premiums,
    /// plus the cross word's), the cross words' and board tiles' points,
    /// the bingo bonus with a full rack, and the best leave of `k` tiles
    /// used.
    ///
    /// A bingo on a span of the placed tiles alone or through up to three
    /// board tiles counts with `CHECK` only if one of the rack's words fits there
    /// ([`Bingos`]), and then at what the best of those scores. The second
    /// value is the bound without the bingos the index can check (those
    /// through at most three board tiles, with at most one blank); with
    /// `CHECK`, the spans of those that fit are left in the scratch space.
    fn anchor_bound<const BLANK: bool, const CHECK: bool>(
        &self,
        sqs: &[LaneSquare],
        a: usize,
    ) -> (f32, f32) {
        let sh = &self.shadow;
        let rt = sh.tiles;
        // Racks of up to 8 tiles: the multipliers in eight fixed lanes.
        let narrow = rt <= 8;
        if rt == 0 || sqs[a].allowed() & sh.mask == 0 {
            return (f32::NEG_INFINITY, f32::NEG_INFINITY);
        }
        let mut bingos = self.bingos.as_ref().map(|b| b.borrow_mut());
        let checkable = bingos.as_ref().is_some_and(|b| b.checkable());
        let n = sqs.len();
        let value = |sq: u8| -> i64 {
            if sq & BLANK_FLAG != 0 {
                0
            } else {
                self.values[tile_of(sq) as usize & 63] as i64
            }
        };
        // Left: the tiles right before the anchor, or up to `room` empty
        // squares that are not anchors (and so form no cross word).
        // With how many board tiles, and the first of them, for what the
        // word can spell.
        let (mut left_board, mut room) = (0i64, 0usize);
        let (mut left_count, mut left_tile) = (0u32, 0u8);
        if a > 0 && sqs[a - 1].tile() != 0 {
            let mut k = a;
            while k > 0 && sqs[k - 1].tile() != 0 {
                k -= 1;
                left_board += value(sqs[k].tile());
                left_count += 1;
                left_tile = tile_of(sqs[k].tile());
            }
        } else {
            while room + 1 < rt
                && room < a
                && sqs[a - room - 1].tile() == 0
                && !sqs[a - room - 1].is_anchor()
            {
                room += 1;
            }
        }
        // Right: each step places a tile on the next empty square (the
        // anchor first) and reads the tiles after it; an empty square no
        // rack tile may go on ends the reach.
        let Scratch {
            steps,
            lms,
            xms,
            eff,
            bingo_spans,
            nbingo,
        } = &mut *self.scratch.borrow_mut();
        *nbingo = 0;
        let mut ns = 0;
        let mut j = a;
        loop {
            let (mut k, mut b) = (j + 1, 0i64);
            while k < n && sqs[k].tile() != 0 {
                b += value(sqs[k].tile());
                k += 1;
            }
            let first = if k > j + 1 {
                tile_of(sqs[j + 1].tile())
            } else {
                0
            };
            steps[ns] = (j, b, (k - j - 1) as u32, first);
            ns += 1;
            if ns == rt || ns == steps.len() || k >= n || sqs[k].allowed() & sh.mask == 0 {
                break;
            }
            j = k;
        }
        let (mut best, mut plain) = (f32::NEG_INFINITY, f32::NEG_INFINITY);
        for l in 0..=room {
            let (mut np, mut wm, mut cross, mut board) = (0usize, 1i64, 0i64, left_board);
            let (mut reads, mut read) = (left_count, left_tile);
            // The same tiles' worth if every square got the best tile it
            // accepts (repeats allowed): `wm * by_letter + by_cross`, a
            // second bound, lower where cross-checks keep the big tiles
            // off the big squares.
            let (mut by_letter, mut by_cross) = (0i64, 0i64);
            let top = sh.best_on(u64::MAX);
            // How many of this span's squares `eff` holds, in order.
            let mut in_order = 0usize;
            for i in 1..=l {
                let q = &sqs[a - i];
                lms[np] = q.letter_mult() as i64;
                xms[np] = 0;
                wm *= q.word_mult() as i64;
                by_letter += lms[np] * top;
                np += 1;
            }
            for &(p, b, c, first) in &steps[..ns.min(rt - l)] {
                if reads == 0 {
                    read = first;
                }
                reads += c;
                let q = &sqs[p];
                let (lm, qwm) = (q.letter_mult() as i64, q.word_mult() as i64);
                lms[np] = lm;
                xms[np] = 0;
                let v = sh.best_on(q.allowed());
                by_letter += lm * v;
                if q.has_cross() {
                    xms[np] = lm * qwm;
                    cross += q.cross_sum() as i64 * qwm;
                    by_cross += lm * qwm * v;
                }
                wm *= qwm;
                board += b;
                np += 1;
                // The effective multipliers, highest first, meet the
                // highest tiles. A square without a word premium leaves the
                // others' as they were: only the new one is put in place.
                let from = if qwm == 1 { in_order } else { 0 };
                in_order = np;
                if narrow {
                    // Eight lanes, those past the multipliers in place at
                    // `i64::MIN`: each insertion is the same eight steps,
                    // with no branch on where the new one goes.
                    if from == 0 {
                        eff[..8].fill(i64::MIN);
                    }
                    for i in from..np {
                        let v = lms[i] * wm + xms[i];
                        for k in (1..8).rev() {
                            eff[k] = eff[k].max(eff[k - 1].min(v));
                        }
                        eff[0] = eff[0].max(v);
                    }
                } else {
                    for i in from..np {
                        let v = lms[i] * wm + xms[i];
                        let mut k = i;
                        while k > 0 && eff[k - 1] < v {
                            eff[k] = eff[k - 1];
                            k -= 1;
                        }
                        eff[k] = v;
                    }
                }
                // The word is the placed tiles alone, or a full rack and
                // one board tile: only sets that spell a word count.
                let sp = &self.spelled;
                let leave = match reads {
                    0 => sp.best[np.min(32)],
                    1 if np < 8 => sp.through_best[read as usize & 63][np].max(sp.any_best[np]),
                    _ => self.leaves.best[np.min(32)],
                };
                let len = np + reads as usize;
                let checked = np == self.rack_size && checkable && len <= WORDS_MAX_LEN && np >= 2;
                // With `CHECK`, the score of the best bingo that fits.
                let mut exact = None;
                let bingo = if np == self.rack_size {
                    if reads == 1 && self.spelled.through & (1 << (read & 63)) == 0 {
                        continue;
                    }
                    if CHECK && checked {
                        let start = a - l - left_count as usize;
                        match bingos.as_mut().unwrap().fit(sqs, start, len, &self.scoring) {
                            Some(s) => exact = Some(s),
                            None => continue,
                        }
                        if *nbingo < bingo_spans.len() {
                            bingo_spans[*nbingo] = (start, len);
                            *nbingo += 1;
                        }
                    }
                    self.bingo
                } else {
                    0
                };
                if leave == f32::NEG_INFINITY {
                    continue;
                }
                // Plays that use a blank: the best leave of such plays (of
                // those that spell a word alone, if that is the word).
                let leave = match (BLANK, reads) {
                    (false, _) => leave,
                    (true, 0) => sp.blank_best[np.min(32)],
                    (true, _) => self.leaves.best_blank[np.min(32)],
                };
                if leave == f32::NEG_INFINITY {
                    continue;
                }
                let base = board * wm + cross + bingo;
                // A play with a blank places one tile worth nothing.
                let real = if BLANK { np - 1 } else { np };
                let tiles: i64 = if narrow {
                    // Lanes past `real` meet zeros.
                    eff[..8].iter().zip(&sh.top[real]).map(|(e, v)| e * v).sum()
                } else {
                    eff[..real].iter().zip(&sh.values).map(|(e, v)| e * v).sum()
                };
                let tiles = tiles.min(wm * by_letter + by_cross);
                let v = match exact {
                    Some(s) => s as f32 + leave,
                    None => (base + tiles) as f32 + leave,
                };
                best = best.max(v);
                if !checked {
                    plain = plain.max(v);
                }
            }
        }
        (best, plain)
    }
}

impl<L: LeaveValue> TopN<'_, L> {
    /// Every play of the whole rack, one blank and its letters, on the
    /// `len` squares of `lane` from `start` (a span a bingo fits, see
    /// [`Bingos`]), as the search would find it: each word that fits, with
    /// the blank on each placed copy of the letter it stands for, scored
    /// as the classic scoring does.
    fn place_blank_bingos(&mut self, lane: &Lane<'_>, start: usize, len: usize) {
        let Some(cell) = &self.bingos else { return };
        let words: Vec<[Tile; WORDS_MAX_LEN]> = {
            let sqs = &lane.squares()[start..start + len];
            let mut b = cell.borrow_mut();
            let key = b.board_key(sqs);
            b.fitting(sqs, key).copied().collect()
        };
        for w in &words {
            self.place_blank_word(lane, start, w);
        }
    }

    /// [`TopN::place_blank_bingos`] for one word.
    fn place_blank_word(&mut self, lane: &Lane<'_>, start: usize, w: &[Tile; WORDS_MAX_LEN]) {
        let len = w.iter().position(|&t| t == 0).unwrap_or(WORDS_MAX_LEN);
        let sqs = &lane.squares()[start..start + len];
        // The letter beyond the rack's letters: the blank's.
        let mut left = self.leaves.rack;
        let mut letter = 0;
        for (q, &l) in sqs.iter().zip(w) {
            if q.tile() == 0 {
                let c = &mut left[l as usize & 63];
                if *c > 0 {
                    *c -= 1;
                } else {
                    letter = l;
                }
            }
        }
        if letter == 0 {
            return;
        }
        for j in 0..len {
            if sqs[j].tile() != 0 || w[j] != letter {
                continue;
            }
            let mut m = Move {
                dir: lane.dir(),
                row: 0,
                col: 0,
                len: len as u8,
                word: [0; MAX_SIZE],
                placed: 0,
                score: 0,
            };
            for (i, (q, &l)) in sqs.iter().zip(w).enumerate() {
                if q.tile() != 0 {
                    m.word[i] = q.tile();
                } else {
                    m.word[i] = if i == j { l | BLANK_FLAG } else { l };
                    m.placed |= 1 << i;
                }
            }
            m.score = span_score(&self.scoring, sqs, w, Some(j));
            match lane.dir() {
                Dir::Across => (m.row, m.col) = (lane.line() as u8, start as u8),
                Dir::Down => (m.row, m.col) = (start as u8, lane.line() as u8),
            }
            self.push(&m);
        }
    }
}

/// Where [`TopN::unchecked`] keeps a lane's anchors.
fn lane_slot(lane: &Lane<'_>) -> usize {
    let d = match lane.dir() {
        Dir::Across => 0,
        Dir::Down => 1,
    };
    (d * 32 + lane.line()) & 63
}

impl<L: LeaveValue> MoveSink for TopN<'_, L> {
    fn push(&mut self, m: &Move) {
        // Most moves cannot rank, and most of those fail even with the best
        // leave of as many tiles: no code to work out then.
        let score = m.score as f32;
        if !self.admits(score + self.leaves.best_any) {
            return;
        }
        let most = self.leaves.best[m.placed.count_ones() as usize & 31];
        if !self.admits(score + most) {
            return;
        }
        if self.leaves.is_sparse() {
            // No table: valued as the exhaustive ranking values it.
            let r = self.cx.rank(Play::Place(*m), self.cx.leave_of(m));
            if self.admits(r.equity) {
                self.offer(r);
            }
            return;
        }
        // Value the rest without building anything.
        let e = m.score as f32 + self.leaves.adds(m);
        if !self.admits(e) {
            return;
        }
        let leave = self.cx.leave_of(m);
        self.offer(Ranked {
            play: Play::Place(*m),
            equity: e,
            leave,
        });
    }

    #[inline]
    fn may_want(&mut self, score: i32, placed: u32) -> bool {
        self.admits(score as f32 + self.leaves.best[placed.min(32) as usize])
    }

    const RANKS_ANCHORS: bool = true;

    fn anchor_ranks(&mut self, lane: &Lane<'_>, ranks: &mut [f32]) {
        if !self.prune {
            // Bounds would not hold: every anchor alike, all searched.
            ranks.fill(f32::INFINITY);
            return;
        }
        if !self.shadow.ready {
            self.prepare_shadow(lane.rack());
        }
        let sqs = lane.squares();
        let mut unchecked = 0u32;
        for (a, q) in sqs.iter().enumerate() {
            if q.is_anchor() {
                let (bound, plain) = self.anchor_bound::<false, false>(sqs, a);
                ranks[a] = bound;
                if bound > plain {
                    unchecked |= 1 << (a & 31);
                }
                self.stats.skipped += 1;
            }
        }
        self.unchecked[lane_slot(lane)] = unchecked;
    }

    fn rerank(&mut self, lane: &Lane<'_>, pos: usize, rank: f32) -> f32 {
        let (slot, bit) = (lane_slot(lane), 1 << (pos & 31));
        if self.unchecked[slot] & bit == 0 {
            return rank;
        }
        self.unchecked[slot] &= !bit;
        // Its rank counted bingos: now only those that fit.
        let (bound, _) = self.anchor_bound::<false, true>(lane.squares(), pos);
        bound.min(rank)
    }

    fn blanks_wanted(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        if !self.prune {
            return true;
        }
        // The anchor's bound again, for plays that use a blank: their
        // leaves are other (a blank kept is worth much).
        let (bound, others) = self.anchor_bound::<true, true>(lane.squares(), pos);
        if !self.admits(bound) {
            return false;
        }
        if self.admits(others) {
            return true;
        }
        // Only bingos with a blank could rank, and their words are known:
        // they are placed here, and the anchor searched without the blank.
        let (spans, n) = {
            let sc = self.scratch.borrow();
            (sc.bingo_spans, sc.nbingo)
        };
        for &(start, len) in &spans[..n] {
            self.place_blank_bingos(lane, start, len);
        }
        self.stats.bingos_placed += 1;
        false
    }

    fn worth(&mut self, rank: f32) -> bool {
        let go = self.admits(rank);
        if go {
            self.stats.searched += 1;
            self.stats.skipped -= 1;
        }
        go
    }
}

impl<R: Scoring> Generator<R> {
    /// The `n` best plays of `pos` (the mover's rack) by equity with
    /// `leaves`, best first: placements, and exchanges when the bag holds
    /// a rack's worth of tiles, and the pass. Exactly the first `n` of every
    /// play sorted by [`Ranked::rank_cmp`], found without keeping them all.
    pub fn best(
        &mut self,
        lex: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> Vec<Ranked> {
        self.best_with_stats(lex, pos, leaves, n, opts).0
    }

    /// [`Generator::best`], and how many anchors it searched and skipped.
    pub fn best_with_stats(
        &mut self,
        lex: &Lexicon,
        pos: &Position,
        leaves: &impl LeaveValue,
        n: usize,
        opts: &Options,
    ) -> (Vec<Ranked>, Stats) {
        if n == 0 {
            return (Vec::new(), Stats::default());
        }
        let alphabet = lex.alphabet();
        let rules = self.rules();
        let rack = pos.rack();
        let bag = pos.bag_len(alphabet, rules.rack_size);
        // With an empty bag the opponent holds every tile the mover cannot see.
        let opponent = if bag == 0 {
            pos.unseen(alphabet)
        } else {
            *pos.racks[1].counts()
        };
        let cx = Context {
            rack,
            bag,
            opponent,
            leaves,
            alphabet,
        };
        // Every leave valued once.
        let leaves = LeaveIndex::new(&cx, rack);
        let sparse = leaves.is_sparse();
        // Only the classic bounds use the index: other scorings neither
        // build it nor count towards building it, nor does a rack whose
        // leaves are valued play by play (no bounds).
        let index = if R::CLASSIC && !sparse {
            lex.anagram_index_for_search()
        } else {
            None
        };
        let mut spelled = match index {
            Some(ix) => Spelled::new(&leaves, ix, alphabet.len()),
            None => Spelled::unknown(&leaves),
        };
        // The bingo checks take a bingo's tiles to be the whole rack: with
        // more tiles than a rack's worth (a position may give them; only
        // plays of exactly a rack's worth earn the bonus), they would check
        // the wrong letters, so none is made.
        let whole_rack = rack.len() == rules.rack_size;
        if !whole_rack {
            spelled.through = u64::MAX;
        }
        let mut top = TopN {
            cx,
            n,
            best: Vec::with_capacity(n.min(64) + 1),
            floor: f32::NEG_INFINITY,
            values: alphabet.values(),
            rack_size: rules.rack_size,
            bingo: rules.bingo_bonus as i64,
            spelled,
            leaves,
            shadow: Shadow::default(),
            scratch: Default::default(),
            bingos: index
                .filter(|_| whole_rack)
                .map(|ix| std::cell::RefCell::new(Bingos::new(ix, rack.counts(), alphabet.len()))),
            unchecked: [0; 64],
            stats: Stats {
                exchanges_unranked: sparse && rules.may_exchange(1, bag),
                ..Stats::default()
            },
            prune: R::CLASSIC && !sparse,
            scoring: Classic::new(rules, alphabet),
        };
        // Exchanges, when the bag allows, and the pass first: they set a
        // floor before the search begins.
        if rules.may_exchange(1, bag) {
            for code in 1..top.leaves.adds.len() as u32 {
                let adds = top.leaves.adds[code as usize];
                if top.admits(adds) {
                    let (used, kept, total) = top.leaves.decode(code);
                    // Upwords exchanges one tile.
                    if !rules.may_exchange(total, bag) {
                        continue;
                    }
                    top.offer(Ranked {
                        play: Play::Exchange(rack_of(&used)),
                        equity: adds,
                        leave: rack_of(&kept),
                    });
                }
            }
        }
        let r = top.cx.rank(Play::Pass, *rack);
        top.offer(r);
        self.generate(lex, &pos.board, rack, opts, &mut top);
        if n > 64 {
            top.best.sort_by(|a, b| a.rank_cmp(b));
            top.best.truncate(n);
        }
        (top.best, top.stats)
    }
}
