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
//! It is built from the lexicon on first use ([`Lexicon::anagram_index`]):
//! one walk of the paths of at most [`MAX_LEN`] tiles, some tens of
//! milliseconds for ENABLE or SOWPODS, a few MB. The mapped file itself is
//! still read in place; this is a cache beside it.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};

use xxhash_rust::xxh3::xxh3_64;

use crate::alphabet::Tile;
use crate::format::Edges;

/// The longest word indexed: a full rack of 7 and one tile of the board.
pub const MAX_LEN: usize = 8;

/// Tiles are packed 6 bits each, so tiles above this are not indexed.
const MAX_TILE: usize = 63;

/// The multisets of the lexicon's words of 2 to [`MAX_LEN`] letters (see
/// the [module](self) docs).
pub struct AnagramIndex {
    /// Multisets of words.
    whole: HashSet<u64, KeyHash>,
    /// Multisets of words with one letter out, and which letters (bit `t`
    /// for tile `t`) complete them.
    less_one: HashMap<u64, u64, KeyHash>,
    /// The alphabet has tiles the keys cannot hold: nothing is known.
    unusable: bool,
}

/// Hashes a key with XXH3's one-shot function, which is much quicker on 8
/// bytes than its streaming state (`Xxh3Default`).
#[derive(Clone, Copy, Default)]
struct KeyHash;

impl BuildHasher for KeyHash {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxh3_64(bytes) ^ self.0.rotate_left(5);
    }
    fn write_u64(&mut self, v: u64) {
        self.write(&v.to_le_bytes());
    }
    fn finish(&self) -> u64 {
        self.0
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
    let (mut k, mut n) = (0u64, 0usize);
    for (t, &c) in counts.iter().enumerate().skip(1) {
        for _ in 0..c {
            n += 1;
            if n > MAX_LEN {
                return None;
            }
            k = k << 6 | t as u64;
        }
    }
    Some(k)
}

impl AnagramIndex {
    /// Walks a lexicon's edges (a DAWG, or a GADDAG's separator-free paths,
    /// which spell its words reversed: the same multisets), in an alphabet
    /// of `letters` letters.
    pub(crate) fn new(edges: &Edges<'_>, letters: usize) -> AnagramIndex {
        let mut ix = AnagramIndex {
            whole: HashSet::default(),
            less_one: HashMap::default(),
            unusable: letters > MAX_TILE,
        };
        if !ix.unusable && !edges.is_empty() {
            let mut counts = [0u8; 64];
            ix.walk(edges, 0, 0, &mut counts);
        }
        ix
    }

    /// The paths from node `first`, `depth` tiles in; at most [`MAX_LEN`]
    /// deep, so a corrupt file's cycle ends too.
    fn walk(&mut self, edges: &Edges<'_>, first: u32, depth: usize, counts: &mut [u8; 64]) {
        for arc in edges.children(first) {
            // Tile 0 is the GADDAG's separator; tiles past 63 cannot occur
            // (checked in `new`), but the file is not trusted.
            let t = arc.tile as usize;
            if t == 0 || t > MAX_TILE {
                continue;
            }
            counts[t] += 1;
            if arc.terminal && depth >= 1 {
                self.insert(counts);
            }
            if depth + 1 < MAX_LEN && arc.target != 0 {
                self.walk(edges, arc.target, depth + 1, counts);
            }
            counts[t] -= 1;
        }
    }

    fn insert(&mut self, counts: &mut [u8; 64]) {
        let Some(k) = key(counts) else { return };
        if !self.whole.insert(k) {
            return; // an anagram seen before: its subsets are in too
        }
        for t in 1..64 {
            if counts[t] > 0 {
                counts[t] -= 1;
                if let Some(k) = key(counts) {
                    *self.less_one.entry(k).or_default() |= 1 << t;
                }
                counts[t] += 1;
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
        let n = len + blanks;
        if self.unusable || blanks > 1 || n > MAX_LEN {
            return None;
        }
        if n < 2 {
            return Some(false);
        }
        Some(if blanks == 0 {
            self.whole.contains(&key)
        } else {
            self.less_one.contains_key(&key)
        })
    }

    /// The letters (bit `t` for tile `t`) that complete the multiset of
    /// key `key`, built with [`push_tile`] from `len` letters, into a word:
    /// `None` when the index cannot tell (a word past [`MAX_LEN`]).
    #[inline]
    pub fn completions(&self, key: u64, len: usize) -> Option<u64> {
        if self.unusable || len + 1 > MAX_LEN {
            return None;
        }
        Some(self.less_one.get(&key).copied().unwrap_or(0))
    }

    /// How many multisets are indexed: whole words, words less one letter.
    pub fn len(&self) -> (usize, usize) {
        (self.whole.len(), self.less_one.len())
    }

    /// Whether nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.whole.is_empty()
    }
}
