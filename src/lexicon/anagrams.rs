//! Which letter multisets spell a short word: the index behind the
//! best-move search's test of what a rack can form before any board search.
//!
//! A word's letters in any order are one *multiset*; `STOP`, `POTS` and
//! `TOPS` share the multiset {O, P, S, T}. For the words of 2 to
//! [`MAX_LEN`] letters the index keeps every multiset, and every multiset
//! with one letter taken out (what a blank can stand in for). Then "can
//! the tiles P, S, T, O make a word with no tile of the board?" is one
//! lookup, and so is "…P, S, T and a blank?".
//!
//! Beside it, the words themselves of 2 to [`WORDS_MAX_LEN`] letters, by
//! multiset ([`AnagramIndex::words`]): the words a full rack makes alone or
//! through up to three board tiles are one lookup too, and the best-move
//! search tests whether one fits a span of the board letter by letter.
//!
//! ```
//! use lexgraph::alphabet::{Blanks, Spelling};
//! use lexgraph::{compile, Alphabet, Lexicon, WordList};
//!
//! let a = Alphabet::english();
//! let words = WordList::parse(b"stop\ntops\nat\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! let ix = dawg.anagram_index();
//! let tiles = |s: &str| a.parse_tiles(s, Spelling::Word, Blanks::Refused).unwrap();
//! assert_eq!(ix.spells(&tiles("psto"), 0), Some(true));
//! assert_eq!(ix.spells(&tiles("pst"), 1), Some(true)); // the blank as O
//! assert_eq!(ix.spells(&tiles("psta"), 0), Some(false));
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! It is built from the lexicon on request
//! ([`crate::Lexicon::anagram_index`]), or by the best-move search after
//! [`crate::lexicon::AUTO_INDEX_AFTER`] searches: one walk of the paths of
//! at most [`WORDS_MAX_LEN`] tiles, about 0.12 s and 15 MB for SOWPODS
//! (8 MB of multisets, 6 MB of words and where each multiset's are). The
//! mapped file itself is still read in place; this is a cache beside it.

use crate::alphabet::Tile;
use crate::format::Edges;

/// The longest word indexed: a full rack of 7 and one tile of the board.
pub const MAX_LEN: usize = 8;

/// Bit 0 of an [`AnagramIndex::entry`]: the multiset spells a word.
pub const WORD: u64 = 1;

/// The longest word [`AnagramIndex::words`] lists: a full rack of 7 and
/// three tiles of the board (ten tiles of 6 bits fill a key).
pub const WORDS_MAX_LEN: usize = 10;

/// Tiles are packed 6 bits each, so tiles above this are not indexed.
const MAX_TILE: usize = 63;

/// The multisets of the lexicon's words of 2 to [`MAX_LEN`] letters (see
/// the [module](self) docs).
pub struct AnagramIndex {
    /// By multiset: bit 0 set if it is a word's, bit `t` if it and tile `t`
    /// are a word's (one lookup answers both: a set played alone, and a set
    /// with one board tile or a blank).
    map: Table,
    /// By multiset key: the range of its words in `words`, packed as
    /// `start << 32 | count`.
    spans: Table,
    /// The words of 2 to [`WORDS_MAX_LEN`] letters, grouped by multiset,
    /// each padded with 0 (about 2 MB for SOWPODS).
    words: Vec<[Tile; WORDS_MAX_LEN]>,
    /// The alphabet has tiles the keys cannot hold: nothing is known.
    unusable: bool,
}

/// An open-addressing table from key to bits (linear probing, key 0
/// marks a free slot: no multiset of one or more tiles has key 0). A
/// hand-made table rather than `HashMap` for one reason: a search asks for
/// a hundred keys at once, and this one can prefetch their slots all
/// first, so that the cache misses overlap (the table is some MB).
struct Table {
    /// (key, bits), a power of two of them.
    slots: Vec<[u64; 2]>,
    used: usize,
}

impl Table {
    fn new() -> Table {
        Table::for_entries(0)
    }

    /// A table that holds `n` keys without growing (growing rehashes every
    /// key, a cache miss each in a table of some MB).
    fn for_entries(n: usize) -> Table {
        let slots = (n.saturating_mul(4) / 3 + 1)
            .next_power_of_two()
            .max(1 << 10);
        Table {
            slots: vec![[0, 0]; slots],
            used: 0,
        }
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of the key times 2^64 / phi
        // (a lookup costs a multiply, not a hash of bytes; every bit of the
        // packed tiles reaches the top bits).
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The bits of `key` (0 if absent).
    #[inline]
    fn get(&self, key: u64) -> u64 {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let [k, v] = self.slots[i];
            if k == key {
                return v;
            }
            if k == 0 {
                return 0;
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the cache for the slot of `key`.
    #[inline]
    fn prefetch(&self, key: u64) {
        crate::simd::prefetch(self.slots.as_ptr().wrapping_add(self.home(key)) as *const u8);
    }

    /// Sets `bits` in the entry of `key` (non-zero); returns the bits it
    /// had.
    fn or(&mut self, key: u64, bits: u64) -> u64 {
        debug_assert!(key != 0);
        if (self.used + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let [k, v] = self.slots[i];
            if k == key {
                self.slots[i][1] = v | bits;
                return v;
            }
            if k == 0 {
                self.slots[i] = [key, bits];
                self.used += 1;
                return 0;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let bigger = vec![[0, 0]; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.used = 0;
        for [k, v] in old {
            if k != 0 {
                self.or(k, v);
            }
        }
    }
}

/// A key with tile `t` added after the tiles already in it (keys list
/// their tiles in ascending order).
#[inline(always)]
pub fn push_tile(key: u64, t: Tile) -> u64 {
    key << 6 | t as u64
}

/// The key of the multiset with `counts[t]` copies of tile `t`: the tiles
/// in ascending order, 6 bits each (tile 0 never occurs, so the number of
/// tiles is part of the key). `None` above [`MAX_LEN`] tiles.
#[inline]
fn key(counts: &[u8; 64]) -> Option<u64> {
    key_within(counts, MAX_LEN)
}

/// [`key`], `None` above `max` tiles (at most [`WORDS_MAX_LEN`]).
#[inline]
fn key_within(counts: &[u8; 64], max: usize) -> Option<u64> {
    let (mut k, mut n) = (0u64, 0usize);
    for (t, &c) in counts.iter().enumerate().skip(1) {
        for _ in 0..c {
            n += 1;
            if n > max {
                return None;
            }
            k = push_tile(k, t as Tile);
        }
    }
    Some(k)
}

/// The key of `sorted` (tiles in ascending order, at most
/// [`WORDS_MAX_LEN`]): what [`key_within`] gives for their counts.
#[inline]
fn key_of_sorted(sorted: &[Tile]) -> u64 {
    sorted.iter().fold(0, |k, &t| push_tile(k, t))
}

/// The key of a multiset of `n` tiles (`key`) less its tile at `i` (in
/// ascending order): the tiles before it are the key's high bits, those
/// after it its low `6 * (n - 1 - i)` bits.
#[inline]
fn without(key: u64, n: usize, i: usize) -> u64 {
    let after = 6 * (n - 1 - i) as u32;
    let high = key >> (after + 6);
    let low = key & ((1u64 << after) - 1);
    high << after | low
}

/// What [`AnagramIndex::walk`] gathers: every word met with its
/// multiset's key, and how many more arcs it may walk and words it may
/// find.
struct Walked {
    found: Vec<(u64, [Tile; WORDS_MAX_LEN])>,
    arcs_left: u64,
    /// One more than the words it may still find.
    words_left: u64,
}

impl AnagramIndex {
    /// Walks a lexicon's edges (a DAWG, or a GADDAG's separator-free paths,
    /// which spell its words reversed: the same multisets), in an alphabet
    /// of `letters` letters, of at most `max_words` words.
    pub(crate) fn new(
        edges: &Edges<'_>,
        letters: usize,
        reversed: bool,
        max_words: u64,
    ) -> AnagramIndex {
        // Sized for about as many multisets as words (SOWPODS: 268 k words,
        // 278 k multisets), but for no more than the file has edges, nor
        // than a million (the header's word count is not trusted; past the
        // guess the table grows).
        let expected = max_words.min(edges.len() as u64).min(1 << 20) as usize;
        let mut ix = AnagramIndex {
            map: Table::for_entries(expected),
            spans: Table::new(),
            words: Vec::new(),
            unusable: letters > MAX_TILE,
        };
        if !ix.unusable && !edges.is_empty() {
            let mut path = [0; WORDS_MAX_LEN];
            // A file's paths may far outnumber its edges (a small file can
            // spell billions of words: see `format::kwg`). Past 16 arcs
            // walked per edge (real lists take at most about 5: 2.3 M for
            // the Polish DAWG's 439 k edges), or more words than the file
            // says it holds, the index gives up and is unusable: searches
            // are then only slower.
            let mut walked = Walked {
                found: Vec::new(),
                arcs_left: 16 * edges.len() as u64 + (1 << 20),
                words_left: max_words,
            };
            ix.walk(edges, 0, 0, &mut path, &mut walked);
            let Walked {
                mut found,
                arcs_left,
                words_left,
            } = walked;
            if arcs_left == 0 || words_left == 0 {
                return AnagramIndex {
                    map: Table::new(),
                    spans: Table::new(),
                    words: Vec::new(),
                    unusable: true,
                };
            }
            // Grouped by multiset, in word order within each.
            for (_, w) in found.iter_mut().filter(|_| reversed) {
                let n = w.iter().position(|&t| t == 0).unwrap_or(WORDS_MAX_LEN);
                w[..n].reverse();
            }
            found.sort_unstable();
            found.dedup();
            let multisets = 1 + found.windows(2).filter(|w| w[0].0 != w[1].0).count();
            ix.spans = Table::for_entries(multisets);
            ix.words = Vec::with_capacity(found.len());
            let mut i = 0;
            while i < found.len() {
                let k = found[i].0;
                let start = ix.words.len() as u64;
                while i < found.len() && found[i].0 == k {
                    ix.words.push(found[i].1);
                    i += 1;
                }
                let count = ix.words.len() as u64 - start;
                ix.spans.or(k, start << 32 | count);
            }
        }
        ix
    }

    /// The paths from node `first`, `depth` tiles in; at most
    /// [`WORDS_MAX_LEN`] deep, so a corrupt file's cycle ends too. `path`
    /// holds the tiles so far; every word met goes in `walked.found` with
    /// its multiset's key, until `walked.arcs_left` runs out.
    fn walk(
        &mut self,
        edges: &Edges<'_>,
        first: u32,
        depth: usize,
        path: &mut [Tile; WORDS_MAX_LEN],
        walked: &mut Walked,
    ) {
        for arc in edges.children(first) {
            if walked.arcs_left == 0 || walked.words_left == 0 {
                return;
            }
            walked.arcs_left -= 1;
            // Tile 0 is the GADDAG's separator; tiles past 63 cannot occur
            // (checked in `new`), but the file is not trusted.
            let t = arc.tile as usize;
            if t == 0 || t > MAX_TILE {
                continue;
            }
            path[depth] = t as Tile;
            if arc.terminal && depth >= 1 {
                let word = &path[..=depth];
                let mut sorted = [0; WORDS_MAX_LEN];
                let sorted = &mut sorted[..word.len()];
                sorted.copy_from_slice(word);
                sorted.sort_unstable();
                let k = key_of_sorted(sorted);
                let mut w = [0; WORDS_MAX_LEN];
                w[..word.len()].copy_from_slice(word);
                walked.found.push((k, w));
                walked.words_left -= 1;
                self.insert(k, sorted);
            }
            if depth + 1 < WORDS_MAX_LEN && arc.target != 0 {
                self.walk(edges, arc.target, depth + 1, path, walked);
            }
        }
        path[depth] = 0;
    }

    /// Enters a word's multiset (`key` of the tiles `sorted`), and each of
    /// it less one tile.
    fn insert(&mut self, key: u64, sorted: &[Tile]) {
        let n = sorted.len();
        if n > MAX_LEN || self.map.or(key, WORD) & WORD != 0 {
            return; // too long, or an anagram seen before: its subsets are in too
        }
        for i in 0..n {
            // A tile that repeats gives the same subset each time.
            if i > 0 && sorted[i] == sorted[i - 1] {
                continue;
            }
            let k = without(key, n, i);
            if k != 0 {
                self.map.or(k, 1 << sorted[i]);
            }
        }
    }

    /// Whether `tiles` (letters, no blank) and `blanks` blanks together
    /// spell a word of the lexicon: `Some` when the index knows (2 to
    /// [`MAX_LEN`] tiles, at most one blank), `None` when it cannot tell.
    pub fn spells(&self, tiles: &[Tile], blanks: usize) -> Option<bool> {
        let mut counts = [0u8; 64];
        for &t in tiles {
            counts[t as usize & 63] += 1;
        }
        self.spells_counts(&counts, blanks)
    }

    /// [`AnagramIndex::spells`] for a multiset given by counts (`counts[0]`
    /// is ignored).
    #[inline]
    pub fn spells_counts(&self, counts: &[u8; 64], blanks: usize) -> Option<bool> {
        let len = counts[1..].iter().map(|&c| c as usize).sum::<usize>();
        let mut c = *counts;
        c[0] = 0;
        match key(&c) {
            Some(k) => self.spells_key(k, len, blanks),
            None => None,
        }
    }

    /// [`AnagramIndex::spells`] for a key built with [`push_tile`] from
    /// `len` letters in ascending order, and `blanks` blanks.
    #[inline]
    pub fn spells_key(&self, key: u64, len: usize, blanks: usize) -> Option<bool> {
        if self.unusable || blanks > 1 || len + blanks > MAX_LEN {
            return None;
        }
        if len + blanks < 2 {
            return Some(false);
        }
        let e = self.entry(key, len);
        Some(if blanks == 0 {
            e & WORD != 0
        } else {
            e & !WORD != 0
        })
    }

    /// What may be spelled from the multiset of key `key`, built with
    /// [`push_tile`] from `len` letters: bit 0 ([`WORD`]) if it spells a
    /// word alone, bit `t` if it does with tile `t` added. Bits the index
    /// cannot tell (a word past [`MAX_LEN`] letters) are set.
    #[inline]
    pub fn entry(&self, key: u64, len: usize) -> u64 {
        if self.unusable || len > MAX_LEN {
            return u64::MAX;
        }
        let e = if key == 0 { 0 } else { self.map.get(key) };
        if len == MAX_LEN {
            e | !WORD
        } else {
            e
        }
    }

    /// Asks the cache for what [`AnagramIndex::entry`] will read for
    /// `key`: a caller with many keys prefetches them all first, so that
    /// the misses overlap.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if !self.unusable && key != 0 {
            self.map.prefetch(key);
        }
    }

    /// The words whose letters are the multiset `key` (tiles packed with
    /// [`push_tile`] in ascending order), in order, each padded with 0.
    /// Empty for a multiset that spells no word of 2 to [`WORDS_MAX_LEN`]
    /// letters.
    #[inline]
    pub fn words(&self, key: u64) -> &[[Tile; WORDS_MAX_LEN]] {
        if self.unusable || key == 0 {
            return &[];
        }
        let span = self.spans.get(key);
        let (start, count) = ((span >> 32) as usize, (span & 0xffff_ffff) as usize);
        self.words.get(start..start + count).unwrap_or(&[])
    }

    /// Asks the CPU to fetch where [`AnagramIndex::words`] looks `key` up,
    /// for a lookup soon after.
    #[inline]
    pub fn prefetch_words(&self, key: u64) {
        if !self.unusable && key != 0 {
            self.spans.prefetch(key);
        }
    }

    /// How many multisets are indexed.
    pub fn len(&self) -> usize {
        self.map.used
    }

    /// Whether nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.map.used == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key less one tile is the key of the tiles less that one, and the
    /// key of sorted tiles is the key of their counts.
    #[test]
    fn keys_of_sorted_tiles_and_of_subsets() {
        let sets: [&[Tile]; 5] = [
            &[1, 2],
            &[5, 5, 5],
            &[1, 3, 3, 7, 20, 26, 26, 63],
            &[2, 4, 6, 8, 10, 12, 14, 16, 18, 63],
            &[9],
        ];
        for set in sets {
            let mut counts = [0u8; 64];
            set.iter().for_each(|&t| counts[t as usize] += 1);
            let k = key_of_sorted(set);
            assert_eq!(Some(k), key_within(&counts, WORDS_MAX_LEN), "{set:?}");
            for i in 0..set.len() {
                let mut less = set.to_vec();
                less.remove(i);
                assert_eq!(
                    without(k, set.len(), i),
                    key_of_sorted(&less),
                    "{set:?} less {i}"
                );
            }
        }
    }
}
