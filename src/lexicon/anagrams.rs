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
//! A file compiled with `lexgraph compile --anagram-index` carries the
//! index in its alphabet section (`formats/lexicon.md`, *Anagram index*),
//! read in place like the edges. Otherwise it is built from the lexicon on
//! request ([`crate::Lexicon::anagram_index`]), or by the best-move search
//! after [`crate::lexicon::AUTO_INDEX_AFTER`] searches: one walk of the
//! paths of at most [`WORDS_MAX_LEN`] tiles, about 0.12 s and 15 MB for
//! SOWPODS (8 MB of multisets, 6 MB of words and where each multiset's
//! are). Built or stored, the index is the same bytes, read by the same
//! code: a built one is the section a compile would store.

use crate::alphabet::Tile;
use crate::error::Corruption;
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
/// the [module](self) docs): a view of an index section's bytes, stored in
/// the lexicon file or built beside it. Every read is bounds-checked and
/// every probe of a table bounded by its size, so a damaged section gives
/// wrong answers at worst, never a panic or a hang.
#[derive(Clone, Copy)]
pub struct AnagramIndex<'a> {
    /// By multiset: bit 0 set if it is a word's, bit `t` if it and tile `t`
    /// are a word's (one lookup answers both: a set played alone, and a set
    /// with one board tile or a blank). Slots of (key, bits), 16 bytes.
    map: &'a [[u8; 16]],
    /// By multiset key: the range of its words in `words`, packed as
    /// `start << 32 | count`.
    spans: &'a [[u8; 16]],
    /// The words of 2 to [`WORDS_MAX_LEN`] letters, grouped by multiset,
    /// each padded with 0 (about 2 MB for SOWPODS).
    words: &'a [[Tile; WORDS_MAX_LEN]],
    /// Multisets in `map`, as the section says.
    multisets: u64,
    /// The alphabet has tiles the keys cannot hold, or the lexicon spells
    /// too much to index: nothing is known.
    unusable: bool,
}

/// The section's 8-byte magic.
pub(crate) const SECTION_MAGIC: [u8; 8] = *b"ANAGRAMS";
/// Bytes before the section's tables.
pub(crate) const SECTION_HEADER_LEN: usize = 40;
/// Bit 0 of the section's flags: the index is unusable (nothing known).
const SECTION_UNUSABLE: u8 = 1;
/// The largest table a section may declare, 2^32 slots of 16 bytes: past
/// any lexicon's needs, and the shift in `home` stays in range.
const MAX_TABLE_LOG2: u8 = 32;

/// Where an index section's parts lie in its bytes, from its O(1) checks
/// ([`check_section`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SectionShape {
    map: (usize, usize),
    spans: (usize, usize),
    words: (usize, usize),
    multisets: u64,
    unusable: bool,
}

impl SectionShape {
    /// The index of the section `bytes` (those [`check_section`] passed;
    /// on others, an index that knows nothing).
    pub(crate) fn view<'a>(&self, bytes: &'a [u8]) -> AnagramIndex<'a> {
        let part = |(start, len): (usize, usize)| bytes.get(start..start.saturating_add(len));
        match (part(self.map), part(self.spans), part(self.words)) {
            (Some(map), Some(spans), Some(words)) if !self.unusable => AnagramIndex {
                map: map.as_chunks::<16>().0,
                spans: spans.as_chunks::<16>().0,
                words: words.as_chunks::<WORDS_MAX_LEN>().0,
                multisets: self.multisets,
                unusable: false,
            },
            _ => AnagramIndex::UNUSABLE,
        }
    }
}

/// Checks an index section's header against its length (O(1): the tables
/// are not read); `base` is the section's offset in the file, for errors.
pub(crate) fn check_section(bytes: &[u8], base: u64) -> Result<SectionShape, Corruption> {
    let bad = |at: usize, what: String| Corruption::Header {
        offset: base + at as u64,
        what: format!("anagram index: {what}"),
    };
    if bytes.len() < SECTION_HEADER_LEN {
        return Err(bad(
            0,
            format!(
                "{} bytes, less than its {SECTION_HEADER_LEN}-byte header",
                bytes.len()
            ),
        ));
    }
    if bytes[..8] != SECTION_MAGIC {
        return Err(bad(0, "bad magic (not ANAGRAMS)".into()));
    }
    if bytes[8] as usize != MAX_LEN || bytes[9] as usize != WORDS_MAX_LEN {
        return Err(bad(
            8,
            format!(
                "indexes multisets of up to {} and words of up to {} tiles \
                 (this reader: {MAX_LEN} and {WORDS_MAX_LEN})",
                bytes[8], bytes[9]
            ),
        ));
    }
    for at in [10, 11] {
        if bytes[at] > MAX_TABLE_LOG2 {
            return Err(bad(
                at,
                format!(
                    "a table of 2^{} slots (at most 2^{MAX_TABLE_LOG2})",
                    bytes[at]
                ),
            ));
        }
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let unusable = bytes[12] & SECTION_UNUSABLE != 0;
    let (map_len, spans_len) = (16u64 << bytes[10], 16u64 << bytes[11]);
    let multisets = u64_at(16);
    let words = u64_at(24);
    let needed = (SECTION_HEADER_LEN as u64)
        .checked_add(map_len + spans_len)
        .and_then(|n| n.checked_add(words.checked_mul(WORDS_MAX_LEN as u64)?))
        .map(|n| n.next_multiple_of(8));
    if needed != Some(bytes.len() as u64) {
        return Err(bad(
            24,
            format!(
                "tables of 2^{} and 2^{} slots and {words} words do not fill its {} bytes",
                bytes[10],
                bytes[11],
                bytes.len()
            ),
        ));
    }
    let map = (SECTION_HEADER_LEN, map_len as usize);
    let spans = (map.0 + map.1, spans_len as usize);
    let words = (spans.0 + spans.1, words as usize * WORDS_MAX_LEN);
    Ok(SectionShape {
        map,
        spans,
        words,
        multisets,
        unusable,
    })
}

/// The index while it is built: the tables as vectors, then written out as
/// a section ([`Builder::into_section`]).
struct Builder {
    map: Table,
    spans: Table,
    words: Vec<[Tile; WORDS_MAX_LEN]>,
    unusable: bool,
}

/// An open-addressing table from key to bits (linear probing, key 0
/// marks a free slot: no multiset of one or more tiles has key 0). A
/// hand-made table rather than `HashMap` for two reasons: it is stored in
/// the file as it is, and a search asks for a hundred keys at once, and
/// this one can prefetch their slots all first, so that the cache misses
/// overlap (the table is some MB). This is the table being built; reads
/// go through [`get`] on its bytes.
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
        let slots = (n.saturating_mul(4) / 3 + 1).next_power_of_two().max(16);
        Table {
            slots: vec![[0, 0]; slots],
            used: 0,
        }
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        home(self.slots.len(), key)
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

/// The home slot of `key` in a table of `slots` slots (a power of two):
/// Fibonacci hashing, the top bits of the key times 2^64 / phi (a lookup
/// costs a multiply, not a hash of bytes; every bit of the packed tiles
/// reaches the top bits).
#[inline(always)]
fn home(slots: usize, key: u64) -> usize {
    let bits = slots.trailing_zeros();
    if bits == 0 {
        return 0;
    }
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// The (key, bits) of a slot.
#[inline(always)]
fn slot(s: &[u8; 16]) -> (u64, u64) {
    let (k, v) = s.split_at(8);
    (
        u64::from_le_bytes(k.try_into().unwrap()),
        u64::from_le_bytes(v.try_into().unwrap()),
    )
}

/// The bits of `key` in the table `slots` (0 if absent). At most every
/// slot is probed: a damaged table without a free slot ends too.
#[inline]
fn get(slots: &[[u8; 16]], key: u64) -> u64 {
    let n = slots.len();
    if !n.is_power_of_two() {
        return 0;
    }
    let mut i = home(n, key);
    for _ in 0..n {
        let (k, v) = slot(&slots[i]);
        if k == key {
            return v;
        }
        if k == 0 {
            return 0;
        }
        i = (i + 1) & (n - 1);
    }
    0
}

/// Asks the cache for the slot of `key` in `slots`.
#[inline]
fn prefetch(slots: &[[u8; 16]], key: u64) {
    if !slots.is_empty() {
        crate::simd::prefetch(slots.as_ptr().wrapping_add(home(slots.len(), key)) as *const u8);
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

/// The index section of a lexicon's edges (a DAWG, or a GADDAG's
/// separator-free paths, which spell its words reversed: the same
/// multisets), in an alphabet of `letters` letters, of at most `max_words`
/// words: what `lexgraph compile --anagram-index` stores, and what a
/// lexicon without it builds on request.
pub(crate) fn build_section(
    edges: &Edges<'_>,
    letters: usize,
    reversed: bool,
    max_words: u64,
) -> Vec<u8> {
    Builder::new(edges, letters, reversed, max_words).into_section()
}

impl Builder {
    fn new(edges: &Edges<'_>, letters: usize, reversed: bool, max_words: u64) -> Builder {
        // Sized for about as many multisets as words (SOWPODS: 268 k words,
        // 278 k multisets), but for no more than the file has edges, nor
        // than a million (the header's word count is not trusted; past the
        // guess the table grows).
        let expected = max_words.min(edges.len() as u64).min(1 << 20) as usize;
        let mut ix = Builder {
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
                return Builder {
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

    /// The section: header, the two tables' slots and the words, all
    /// little-endian, padded with 0 to a multiple of 8 bytes
    /// (`formats/lexicon.md`, *Anagram index*).
    fn into_section(self) -> Vec<u8> {
        let (map, spans) = if self.unusable {
            (
                Table {
                    slots: vec![[0, 0]],
                    used: 0,
                },
                Table {
                    slots: vec![[0, 0]],
                    used: 0,
                },
            )
        } else {
            (self.map, self.spans)
        };
        let words = if self.unusable {
            Vec::new()
        } else {
            self.words
        };
        let mut out = Vec::with_capacity(
            SECTION_HEADER_LEN
                + 16 * (map.slots.len() + spans.slots.len())
                + WORDS_MAX_LEN * words.len()
                + 8,
        );
        out.extend_from_slice(&SECTION_MAGIC);
        out.push(MAX_LEN as u8);
        out.push(WORDS_MAX_LEN as u8);
        out.push(map.slots.len().trailing_zeros() as u8);
        out.push(spans.slots.len().trailing_zeros() as u8);
        out.push(if self.unusable { SECTION_UNUSABLE } else { 0 });
        out.extend_from_slice(&[0; 3]);
        out.extend_from_slice(&(map.used as u64).to_le_bytes());
        out.extend_from_slice(&(words.len() as u64).to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        for [k, v] in map.slots.iter().chain(&spans.slots) {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        for w in &words {
            out.extend_from_slice(w);
        }
        out.resize(out.len().next_multiple_of(8), 0);
        out
    }
}

impl<'a> AnagramIndex<'a> {
    /// An index that knows nothing (every query answers "maybe").
    pub(crate) const UNUSABLE: AnagramIndex<'static> = AnagramIndex {
        map: &[],
        spans: &[],
        words: &[],
        multisets: 0,
        unusable: true,
    };

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
        let e = if key == 0 { 0 } else { get(self.map, key) };
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
            prefetch(self.map, key);
        }
    }

    /// The words whose letters are the multiset `key` (tiles packed with
    /// [`push_tile`] in ascending order), in order, each padded with 0.
    /// Empty for a multiset that spells no word of 2 to [`WORDS_MAX_LEN`]
    /// letters.
    #[inline]
    pub fn words(&self, key: u64) -> &'a [[Tile; WORDS_MAX_LEN]] {
        if self.unusable || key == 0 {
            return &[];
        }
        let span = get(self.spans, key);
        let (start, count) = ((span >> 32) as usize, (span & 0xffff_ffff) as usize);
        self.words
            .get(start..start.saturating_add(count))
            .unwrap_or(&[])
    }

    /// Asks the CPU to fetch where [`AnagramIndex::words`] looks `key` up,
    /// for a lookup soon after.
    #[inline]
    pub fn prefetch_words(&self, key: u64) {
        if !self.unusable && key != 0 {
            prefetch(self.spans, key);
        }
    }

    /// How many multisets are indexed.
    pub fn len(&self) -> usize {
        self.multisets as usize
    }

    /// Whether nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.multisets == 0
    }
}

/// Whether two indexes say the same of every multiset: `Err` names the
/// first difference. Their tables may be laid out differently.
pub(crate) fn same_index(stored: AnagramIndex<'_>, built: AnagramIndex<'_>) -> Result<(), String> {
    if stored.unusable != built.unusable {
        return Err(format!(
            "says it is {}usable, the lexicon's words make it {}usable",
            if stored.unusable { "un" } else { "" },
            if built.unusable { "un" } else { "" }
        ));
    }
    let keys = |t: &[[u8; 16]]| t.iter().filter(|s| slot(s).0 != 0).count();
    for s in built.map {
        let (k, v) = slot(s);
        if k != 0 && get(stored.map, k) != v {
            return Err(format!(
                "multiset key {k:#x} has bits {:#x}, should be {v:#x}",
                get(stored.map, k)
            ));
        }
    }
    for s in built.spans {
        let (k, _) = slot(s);
        if k != 0 && stored.words(k) != built.words(k) {
            return Err(format!(
                "the words of multiset key {k:#x} differ from the lexicon's"
            ));
        }
    }
    if keys(stored.map) != keys(built.map) || stored.multisets != built.multisets {
        return Err(format!(
            "{} multisets ({} keys), the lexicon's words make {}",
            stored.multisets,
            keys(stored.map),
            built.multisets
        ));
    }
    if keys(stored.spans) != keys(built.spans) {
        return Err(format!(
            "{} multisets with words, the lexicon's make {}",
            keys(stored.spans),
            keys(built.spans)
        ));
    }
    Ok(())
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
