//! What the rack can spell, from the lexicon's anagram index: the sets of
//! tiles that make words, and the bingos that fit a span letter by letter.

use super::leave_table::LeaveIndex;
use super::pool::Buffers;
use super::top::TopN;
use crate::alphabet::Tile;
use crate::anagrams::{push_tile, AnagramIndex, MAX_LEN, WORD, WORDS_MAX_LEN};
use crate::board::{tile_of, BLANK_FLAG};
use crate::lane::{Lane, LaneSquare};
use crate::leave::LeaveValue;
use crate::movegen::{Dir, Move, MoveSink};
use crate::rules::MAX_SIZE;
use crate::scoring::{Classic, Scoring};

/// What the rack can spell with no tile of the board, and with one, from
/// the lexicon's [`AnagramIndex`]: a span whose word would be the placed
/// tiles alone can only hold a set of tiles that spells a word, and a full
/// rack through one board tile needs an 8-letter word.
#[derive(Clone)]
pub(super) struct Spelled {
    /// By number of tiles used: the most the leave of any set of that many
    /// tiles that spells a word adds (`-inf` where none does; a set the
    /// index cannot judge, as with two blanks, counts as spelling).
    pub(super) best: [f32; 33],
    /// By board tile `t` and number of tiles used: the most the leave of
    /// any set of that many tiles that spells a word with `t` adds
    /// (`-inf` where none does); sets with a blank are in `any_best`.
    pub(super) through_best: [[f32; 8]; 64],
    /// By number of tiles used: the most the leave of any set the index
    /// cannot judge with a board tile adds (sets with blanks, longer sets).
    pub(super) any_best: [f32; 33],
    /// Tiles `t` such that the whole rack and `t` may spell a word.
    pub(super) through: u64,
    /// By number of tiles used: the most the leave of any set with a blank
    /// that spells a word adds (`-inf` where none does).
    pub(super) blank_best: [f32; 33],
}

/// Gives every set of tiles of a rack of `kinds` (tile, copies + 1; in
/// tile order, the blank's kind, tile 0, first), for the first `n` codes
/// in order: the codes are an odometer of digits, copies used of each
/// kind, least significant first. Each set comes as its key (its letters
/// in ascending order, packed with [`push_tile`]), letters and blanks.
///
/// A key is the lowest kind's run of tiles put before the key of the
/// kinds above it, and that key is kept for each kind from one set to the
/// next: a step of the odometer works out the key of the digit it carried
/// to, and those below it (back to 0) share it.
fn set_keys(kinds: &[(usize, u32)], n: usize, mut each: impl FnMut(u64, usize, usize)) {
    let k = kinds.len().min(64);
    let mut digits = [0u32; 64];
    // The run of each kind's tiles at its digit (empty for the blank).
    let mut runs = [0u64; 64];
    // `above[i]`: the key and letters of kinds `i..` at their digits.
    let mut above = [(0u64, 0usize); 65];
    for _ in 0..n {
        let blanks = match kinds.first() {
            Some(&(0, _)) => digits[0] as usize,
            _ => 0,
        };
        let (key, len) = above[0];
        each(key, len, blanks);
        let mut j = 0;
        while j < k {
            digits[j] += 1;
            if digits[j] < kinds[j].1 {
                break;
            }
            (digits[j], runs[j]) = (0, 0);
            j += 1;
        }
        if j == k {
            // Round to the first set again (past the last code).
            above = [(0, 0); 65];
            continue;
        }
        let t = kinds[j].0;
        let (rest, rest_len) = above[j + 1];
        above[j] = if t == 0 {
            (rest, rest_len)
        } else {
            runs[j] = push_tile(runs[j], t as Tile);
            // Bits shifted past the 64th are lost, as `push_tile` loses
            // them one tile at a time (only longer sets than the index
            // knows have so many).
            let run = runs[j].checked_shl(6 * rest_len as u32).unwrap_or(0);
            (run | rest, rest_len + digits[j] as usize)
        };
        let here = above[j];
        above[..j].fill(here);
    }
}

impl Spelled {
    /// Nothing known: every set may spell (the index not built yet, or a
    /// scoring the bounds do not hold for).
    pub(super) fn unknown(leaves: &LeaveIndex) -> Spelled {
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
    /// `sets` is scratch space.
    pub(super) fn new(
        leaves: &LeaveIndex,
        index: &AnagramIndex<'_>,
        letters: usize,
        sets: &mut Vec<(u64, usize, usize)>,
        hot: &mut HotEntries,
    ) -> Spelled {
        let mut best = [f32::NEG_INFINITY; 33];
        let mut through_best = [[f32::NEG_INFINITY; 8]; 64];
        let mut any_best = [f32::NEG_INFINITY; 33];
        let mut blank_best = [f32::NEG_INFINITY; 33];
        // Every set's key, letters and blanks, by code: the codes in
        // order, as an odometer of digits (copies used of each kind of
        // tile, least significant first; the blank's kind, tile 0, first).
        let kinds = &leaves.kinds;
        sets.clear();
        sets.reserve(leaves.adds.len());
        set_keys(kinds, leaves.adds.len(), |key, len, blanks| {
            if blanks <= 1 && !hot.has(key, len) {
                index.prefetch(key);
            }
            sets.push((key, len, blanks));
        });
        let rack_tiles: usize = kinds.iter().map(|&(_, r)| r as usize - 1).sum();
        // The board tiles that make a word of the whole rack and one more.
        let mut through = u64::MAX;
        for (&(key, len, blanks), &add) in sets.iter().zip(leaves.adds.iter()) {
            let size = len + blanks;
            if size >= best.len() {
                continue;
            }
            // What the set spells alone (bit 0) and with each board tile.
            let e = match blanks {
                0 => hot.entry(index, key, len),
                // A blank and the letters spell what the letters and one
                // more do; with a board tile as well, unknown.
                1 => (hot.entry(index, key, len) & !WORD != 0) as u64 | !WORD,
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

/// The anagram index's entries of the sets of tiles looked up lately, on
/// this thread: small sets come back rack after rack (a rack of seven
/// has 63 sets of three tiles or fewer), and a read of the index (some
/// MB) is likely a cache miss where this table (64 KB) is not.
/// Direct-mapped; kept for one lexicon at a time (by [`Lexicon::id`],
/// never reused in a process), so that an entry is always the index's.
///
/// [`Lexicon::id`]: crate::Lexicon
#[derive(Default)]
pub(super) struct HotEntries {
    lexicon: u64,
    /// (key, entry); key 0: an empty slot (no set of tiles has key 0).
    slots: Vec<(u64, u64)>,
}

impl HotEntries {
    const SLOTS: usize = 1 << 12;

    /// Readies the table for the index of lexicon `id`, emptying it if it
    /// held another's.
    pub(super) fn ready(&mut self, id: u64) {
        if self.slots.len() != Self::SLOTS {
            self.slots = vec![(0, 0); Self::SLOTS];
        } else if self.lexicon != id {
            self.slots.fill((0, 0));
        }
        self.lexicon = id;
    }

    /// The slot that keeps `key` (a set of `len` tiles), if it may be
    /// kept: sets longer than the index's [`MAX_LEN`] are not (their keys
    /// may lose tiles).
    #[inline]
    fn slot(&self, key: u64, len: usize) -> Option<usize> {
        (len <= MAX_LEN && key != 0 && self.slots.len() == Self::SLOTS).then(|| {
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::SLOTS.trailing_zeros()))
                as usize
        })
    }

    /// Whether the entry of `key` (a set of `len` tiles) is kept.
    #[inline]
    fn has(&self, key: u64, len: usize) -> bool {
        self.slot(key, len).is_some_and(|i| self.slots[i].0 == key)
    }

    /// [`AnagramIndex::entry`] of `key` (a set of `len` tiles): kept, or
    /// read and kept.
    #[inline]
    fn entry(&mut self, index: &AnagramIndex<'_>, key: u64, len: usize) -> u64 {
        let Some(i) = self.slot(key, len) else {
            return index.entry(key, len);
        };
        let slot = &mut self.slots[i];
        if slot.0 != key {
            *slot = (key, index.entry(key, len));
        }
        slot.1
    }
}

/// The words a full rack makes, alone and through up to three board tiles,
/// read from the lexicon's [`AnagramIndex`] the first time a bound asks:
/// then a span for a bingo counts only if one of those words fits its
/// squares, letter by letter (cross-checks, and the board tiles in their
/// places). The index says whether the letters make a word; this says
/// whether a word fits here.
pub(super) struct Bingos<'a> {
    pub(super) index: AnagramIndex<'a>,
    /// The rack's letters, ascending, and its blanks (at most one: with
    /// two, nothing is checked).
    pub(super) letters: Vec<Tile>,
    pub(super) blanks: usize,
    /// Letters of the alphabet: what a blank may be.
    pub(super) alphabet: usize,
    /// The words looked up so far, by the key of the board tiles they go
    /// through (0: none), and those keys.
    pub(super) words: Vec<(u64, [Tile; WORDS_MAX_LEN])>,
    pub(super) known: Vec<u64>,
}

impl<'a> Bingos<'a> {
    /// Its vectors come from `pool` ([`Bingos::give_back`] returns them).
    pub(super) fn new(
        index: AnagramIndex<'a>,
        rack: &[u8; 64],
        alphabet: usize,
        pool: &mut Buffers,
    ) -> Bingos<'a> {
        let mut letters = std::mem::take(&mut pool.letters);
        letters.clear();
        for (t, &c) in rack.iter().enumerate().skip(1) {
            letters.extend(std::iter::repeat_n(t as Tile, c as usize));
        }
        let (mut words, mut known) = (
            std::mem::take(&mut pool.words),
            std::mem::take(&mut pool.known),
        );
        words.clear();
        known.clear();
        Bingos {
            index,
            letters,
            blanks: rack[0] as usize,
            alphabet: alphabet.min(63),
            words,
            known,
        }
    }

    /// Gives its vectors back to `pool`.
    pub(super) fn give_back(self, pool: &mut Buffers) {
        pool.letters = self.letters;
        pool.words = self.words;
        pool.known = self.known;
    }

    /// Whether the bounds may check bingos' words (not with two blanks).
    pub(super) fn checkable(&self) -> bool {
        self.blanks <= 1
    }

    /// Keeps every word of the rack's letters, the board tiles `board` and
    /// the blank (if any) as any letter, under `board_key`.
    pub(super) fn look_up(&mut self, board: &[Tile], board_key: u64) {
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
    pub(super) fn board_key(&mut self, span: &[LaneSquare]) -> u64 {
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
    pub(super) fn fitting<'s>(
        &'s self,
        span: &'s [LaneSquare],
        board_key: u64,
    ) -> impl Iterator<Item = &'s [Tile; WORDS_MAX_LEN]> + 's {
        self.words
            .iter()
            .filter(move |(k, _)| *k == board_key)
            .map(|(_, w)| w)
            .filter(move |w| fits(span, w))
    }

    /// The first word [`Bingos::fitting`] gives at or after place `from` of
    /// those kept, and its place.
    pub(super) fn next_fitting(
        &self,
        span: &[LaneSquare],
        board_key: u64,
        from: usize,
    ) -> Option<(usize, [Tile; WORDS_MAX_LEN])> {
        self.words
            .iter()
            .enumerate()
            .skip(from)
            .find(|(_, (k, w))| *k == board_key && fits(span, w))
            .map(|(i, &(_, w))| (i, w))
    }

    /// The most a word of the rack and the board tiles on the `len` squares
    /// of `sqs` from `start` scores there, of those that fit: each letter
    /// one its square accepts, the board tiles' letters where they lie.
    /// Each letter placed counts its full value (a blank's would count
    /// none: this bounds that too). `None` if no word fits.
    pub(super) fn fit(
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

/// Whether word `w` fits `span`: each letter one its square accepts, the
/// board tiles' letters where they lie.
fn fits(span: &[LaneSquare], w: &[Tile; WORDS_MAX_LEN]) -> bool {
    span.iter().zip(w.iter()).all(|(q, &l)| {
        if q.tile() != 0 {
            tile_of(q.tile()) == l
        } else {
            q.allowed() & (1 << (l & 63)) != 0
        }
    })
}

/// What word `w` scores on `span` (its board tiles where they lie, the
/// rest placed), with the blank on square `blank` of the span if any, as
/// `scoring` counts it, bingo bonus included.
pub(super) fn span_score(
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

impl<L: LeaveValue> TopN<'_, L> {
    /// Every play of the whole rack, one blank and its letters, on the
    /// `len` squares of `lane` from `start` (a span a bingo fits, see
    /// [`Bingos`]), as the search would find it: each word that fits, with
    /// the blank on each placed copy of the letter it stands for, scored
    /// as the classic scoring does.
    pub(super) fn place_blank_bingos(&mut self, lane: &Lane<'_>, start: usize, len: usize) {
        let sqs = &lane.squares()[start..start + len];
        let Some(key) = self.bingos.as_ref().map(|b| b.borrow_mut().board_key(sqs)) else {
            return;
        };
        // A word at a time, by where it is kept: nothing collected.
        let mut from = 0;
        loop {
            let next = self
                .bingos
                .as_ref()
                .and_then(|b| b.borrow().next_fitting(sqs, key, from));
            let Some((i, w)) = next else { return };
            from = i + 1;
            self.place_blank_word(lane, start, &w);
        }
    }

    /// [`TopN::place_blank_bingos`] for one word.
    pub(super) fn place_blank_word(
        &mut self,
        lane: &Lane<'_>,
        start: usize,
        w: &[Tile; WORDS_MAX_LEN],
    ) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set's key built tile by tile, as the odometer gives the codes.
    fn naive(kinds: &[(usize, u32)], n: usize) -> Vec<(u64, usize, usize)> {
        let mut digits = vec![0u32; kinds.len()];
        let mut out = Vec::new();
        for _ in 0..n {
            let (mut key, mut len, mut blanks) = (0u64, 0usize, 0usize);
            for (&(t, _), &d) in kinds.iter().zip(&digits) {
                if t == 0 {
                    blanks = d as usize;
                } else {
                    for _ in 0..d {
                        key = push_tile(key, t as Tile);
                    }
                    len += d as usize;
                }
            }
            out.push((key, len, blanks));
            for (d, &(_, radix)) in digits.iter_mut().zip(kinds) {
                *d += 1;
                if *d < radix {
                    break;
                }
                *d = 0;
            }
        }
        out
    }

    fn lexicon(words: &[&str]) -> crate::Lexicon {
        use crate::wordlist::{Invalid, WordList};
        let a = crate::alphabet::Alphabet::english();
        let list = WordList::parse(words.join("\n").as_bytes(), "t", &a, Invalid::Refuse).unwrap();
        crate::Lexicon::from_vec(crate::build::compile::compile(&list).gaddag).unwrap()
    }

    /// The key of `letters` (ascending tiles of the English alphabet).
    fn key_of(letters: &str) -> u64 {
        let mut tiles: Vec<Tile> = letters.bytes().map(|b| b - b'A' + 1).collect();
        tiles.sort_unstable();
        tiles.iter().fold(0, |k, &t| push_tile(k, t))
    }

    /// The kept entries are the index's, read again or kept; and a table
    /// readied for another lexicon gives that lexicon's, not the last's.
    #[test]
    fn hot_entries_are_the_index_entries_of_their_lexicon() {
        let one = lexicon(&["CAT", "ACT", "TA", "AT", "CATS", "SCAT", "EAST", "SEAT"]);
        let two = lexicon(&["DOG", "GOD", "DO", "GO", "EAT", "TEA"]);
        let sets = [
            "A", "AT", "ACT", "ACST", "AEST", "DGO", "DO", "AET", "ZZ", "ACEST",
        ];
        let mut hot = HotEntries::default();
        for round in 0..3 {
            for lex in [&one, &two] {
                let ix = lex.anagram_index();
                hot.ready(lex.id());
                for set in sets {
                    let (key, len) = (key_of(set), set.len());
                    let want = ix.entry(key, len);
                    assert_eq!(hot.entry(&ix, key, len), want, "{set}, round {round}");
                    assert!(hot.has(key, len), "{set} kept");
                    assert_eq!(hot.entry(&ix, key, len), want, "{set} kept, round {round}");
                }
            }
        }
        // The two lexicons disagree on some set, so the test can tell.
        let (a, b) = (one.anagram_index(), two.anagram_index());
        assert!(sets
            .iter()
            .any(|s| a.entry(key_of(s), s.len()) != b.entry(key_of(s), s.len())));
        // Sets longer than the index knows are read, not kept.
        let long = key_of("ABCDEFGHI");
        hot.entry(&two.anagram_index(), long, 9);
        assert!(!hot.has(long, 9));
    }

    proptest::proptest! {
        /// The keys kept kind by kind are those built tile by tile, for
        /// racks with and without blanks, of up to 16 tiles (keys of more
        /// than ten letters lose their first ones alike), the codes once
        /// and a little past the last.
        #[test]
        fn set_keys_are_those_built_tile_by_tile(
            counts in proptest::collection::vec(0u32..6, 1..8),
            past in 0usize..3,
        ) {
            let mut kinds = Vec::new();
            let mut total = 0;
            for (t, &c) in counts.iter().enumerate() {
                if c > 0 && total + c <= 16 {
                    kinds.push((t * 9, c + 1));
                    total += c;
                }
            }
            let n: usize = kinds.iter().map(|&(_, r)| r as usize).product::<usize>() + past;
            let mut got = Vec::new();
            set_keys(&kinds, n, |key, len, blanks| got.push((key, len, blanks)));
            proptest::prop_assert_eq!(got, naive(&kinds, n));
        }
    }
}
